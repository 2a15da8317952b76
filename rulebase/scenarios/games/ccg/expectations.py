"""What the ``Then`` expectations of a scenario mean for the MLP CCG engine:
each is judged on the game as it stands and gives ``None`` when it holds, or
what the game shows instead.  Expectations only look: they record nothing in
the engine's trace, so no rule counts as applied because a scenario asked
about it."""

from __future__ import annotations

from rulebase.engine.ccg import zones
from rulebase.engine.ccg.board import Card, Zone
from rulebase.engine.ccg.cards import CardType, parse_color
from rulebase.engine.ccg.power import player_power, power, power_of_color
from rulebase.engine.ccg.priority import CHECKPOINT
from rulebase.scenarios.model import Node

PHASE_NAMES = {"ready phase": "ready", "troublemaker phase": "troublemaker", "main phase": "main",
               "score phase": "score", "end phase": "end"}
ZONES = {"deck": Zone.DRAW_DECK, "problem deck": Zone.PROBLEM_DECK, "hand": Zone.HAND,
         "discard pile": Zone.DISCARD, "banished zone": Zone.BANISHED, "flip zone": Zone.FLIP}


def expect(session, node: Node) -> str | None:
    """``None`` when the expectation holds, else what the game shows instead."""
    state = session._start(node)
    board = session.board
    kind, args = node.kind, node.args
    if kind == "score":
        have = board.players[session.subject(node)].score
        return None if have == args[1] else f"{args[0]} has {have}"
    if kind == "tokens":
        have = board.players[session.subject(node)].tokens
        return None if have == args[1] else f"{args[0]} has {have}"
    if kind == "hand_size":
        have = len(board.players[session.subject(node)].hand)
        return None if have == args[1] else f"{args[0]} has {have} cards in hand"
    if kind in ("zone_size", "zone_empty", "zone_order"):
        owner = session.player(node, args[0])
        zone = ZONES[str(args[1]).lower()]
        cards = board.zone_list(zone, owner)
        if kind == "zone_size":
            return None if len(cards) == args[2] else f"it has {len(cards)}"
        if kind == "zone_empty":
            return None if not cards else f"it holds {', '.join(c.label for c in cards)}"
        wanted = [session.card(node, ref).label for ref in args if isinstance(ref, Node)]
        have = [c.label for c in cards]
        return None if have == wanted else f"it is, from the top: {', '.join(have) or 'empty'}"
    if kind == "card_is":
        card = session.card(node, args[0])
        for state_node in args[1:]:
            found = card_state(session, node, card, state_node)
            if found is not None:
                return found
        return None
    if kind in ("card_power", "card_no_power"):
        card = session.card(node, args[0])
        value = power(board, card)
        if kind == "card_no_power":
            return None if value is None else f"it has power {value}"
        return None if value == args[1] else f"it has {'no power' if value is None else f'power {value}'}"
    if kind == "printed_power":
        card = session.card(node, args[0])
        value = card.printed.power
        return None if value == args[1] else f"its printed power is {value}"
    if kind in ("player_power", "color_power"):
        player = session.player(node, args[0])
        if kind == "player_power":
            value = player_power(board, player)
            wanted = args[1]
        else:
            color = parse_color(str(args[1]))
            value = power_of_color(board, player, color)
            wanted = args[2]
        return None if value == wanted else f"it is {value}"
    if kind == "card_counters":
        card = session.card(node, args[0])
        return None if card.counters == args[1] else f"it has {card.counters}"
    if kind in ("faceoff_winner", "faceoff_no_winner", "power_total", "faceoff_kind"):
        if not board.faceoffs:
            return "there has been no faceoff"
        result = board.faceoffs[-1]
        if kind == "faceoff_no_winner":
            return None if result.winner is None else f"{session.names[result.winner]} won it"
        if kind == "faceoff_kind":
            return None if result.kind.lower() == str(args[0]).lower() else f"it was a {result.kind} faceoff"
        if kind == "power_total":
            player = session.player(node, args[0])
            return None if result.totals.get(player) == args[1] else f"it was {result.totals.get(player)}"
        player = session.subject(node)
        if result.winner != player:
            return "no one won it" if result.winner is None else f"{session.names[result.winner]} won it"
        if len(args) > 1:
            other = [p for p in result.totals if p != player][0]
            if (result.totals[player], result.totals[other]) != (args[1], args[2]):
                return f"it was {result.totals[player]} to {result.totals[other]}"
        return None
    if kind == "no_faceoff":
        return None if not board.faceoffs else f"there was a {board.faceoffs[-1].kind} faceoff"
    if kind in ("confronted", "not_confronted"):
        player = session.subject(node)
        problem = session.card(node, args[1])
        done = any(c.player == player and c.problem is problem for c in board.confrontations)
        if kind == "confronted":
            return None if done else f"{args[0]} did not confront it"
        return None if not done else f"{args[0]} confronted it"
    if kind in session.GAME_END:
        return session.game_end(node)
    if kind == "turn_is":
        point = args[0]
        player = session.player(node, point.args[0])
        phase = {"turn_start": "ready", "turn_end": "end"}.get(point.kind) or PHASE_NAMES[str(point.args[1]).lower()]
        have = f"{session.names[board.turn.player]}'s {board.turn.phase} phase"
        return None if (board.turn.player, board.turn.phase) == (player, phase) else f"it is {have}"
    if kind in ("can_see", "cannot_see"):
        viewer = session.subject(node)
        card = session.card(node, args[1])
        visible, rule, reason = zones.can_see(board, viewer, card)
        if visible == (kind == "can_see"):
            return None
        return f"{reason} ({rule})"
    if kind == "problem_is":
        owner = session.player(node, args[0])
        problem = board.problem_at(board.players[owner].problem_area)
        wanted = session.card(node, args[1])
        return None if problem is wanted else f"it is {problem.label if problem else 'none'}"
    if kind == "scored_with":
        if not board.scorings:
            return "no points were scored"
        wanted = sorted(session.card(node, ref).label for ref in args)
        have = sorted(board.scorings[-1].cards)
        return None if have == wanted else f"they were scored with {', '.join(have) or 'no card'}"
    if kind == "must":
        request = state.pending
        skip_checkpoints(session)
        request = state.pending
        if request is None:
            return "the game is over"
        player = session.subject(node)
        if request.player == player and request.kind.lower() == str(args[1]).lower().rstrip("."):
            return None
        who = session.names[request.player] if request.player >= 0 else "chance"
        return f"the game waits for {who} to {request.kind}"
    raise session.error(node, f"not an expectation: {kind}")  # pragma: no cover

def skip_checkpoints(session) -> None:
    """Go past the pauses between phases (and chance events) to the next decision."""
    state = session.state
    while not state.is_terminal() and (state.is_chance_node() or state.pending.kind == CHECKPOINT):
        if state.is_chance_node():
            session._chance()
        else:
            state.apply_action(state.pending.default())


def card_state(session, node: Node, card: Card, state_node: Node) -> str | None:
    """Whether a card is where or as the expectation says."""
    board = session.board
    kind, args = state_node.kind, state_node.args
    place = where(session, card)
    if kind == "at":
        area = session.area(node, args[0], None)
        return None if card.zone == Zone.PLAY and card.area == area else f"{card} is {place}"
    if kind in ("in_zone", "at_bottom", "on_top"):
        owner = session.player(node, args[0])
        zone = ZONES[str(args[1]).lower()]
        cards = board.zone_list(zone, owner)
        if card not in cards:
            return f"{card} is {place}"
        if kind == "at_bottom" and cards[-1] is not card:
            return f"{card} is not at the bottom"
        if kind == "on_top" and cards[0] is not card:
            return f"{card} is not on top"
        return None
    if kind == "attached_to":
        host = session.card(node, args[0])
        return None if card.host is host and card.zone == Zone.PLAY else f"{card} is {place}, not attached to {host}"
    if kind in ("involved", "not_involved"):
        faceoff = board.faceoff
        if faceoff is not None:
            involved = faceoff.involves(board, card)
        elif board.faceoffs:
            involved = any(card.label in labels for labels in board.faceoffs[-1].involved.values())
        else:
            return "there has been no faceoff"
        return None if involved == (kind == "involved") else f"{card} is {'' if involved else 'not '}involved"
    if kind == "controlled":
        player = session.player(node, args[0])
        return None if card.controller == player else f"{card} is controlled by {session.names[card.controller]}"
    word = str(args[0]).lower()
    value = {
        "ready": card.is_ready,
        "not ready": not card.is_ready,
        "exhausted": card.zone == Zone.PLAY and card.exhausted and not card.frightened,
        "not exhausted": not (card.zone == Zone.PLAY and card.exhausted and not card.frightened),
        "frightened": card.frightened,
        "not frightened": not card.frightened,
        "face-down": card.face_down,
        "face-up": card.zone == Zone.PLAY and not card.face_down,
        "turned over": card.turned_over,
        "in play": card.zone == Zone.PLAY,
        "not in play": card.zone != Zone.PLAY,
        "solved": card.type == CardType.PROBLEM and card.zone != Zone.PLAY,
    }[word]
    return None if value else f"{card} is not {word} ({place})"

def where(session, card: Card) -> str:
    """Where a card is, in words."""
    if card.zone == Zone.PLAY:
        status = [word for word, flag in (("exhausted", card.exhausted), ("frightened", card.frightened),
                                          ("face-down", card.face_down and not card.frightened)) if flag]
        place = f"attached to {card.host}" if card.host is not None else f"at {session.board.area_name(card.area)}"
        return place + (f" ({', '.join(status)})" if status else "")
    if card.zone is None:
        return "nowhere"
    return f"in {session.names[card.owner]}'s {card.zone}"

