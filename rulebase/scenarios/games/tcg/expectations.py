"""What the ``Then`` sentences of a TCG scenario check, each read from the
engine's board and state (never from the scenario's own words): ``None``
when the expectation holds, else what was found instead."""

from __future__ import annotations

from rulebase.engine.tcg import effects, visibility
from rulebase.engine.tcg.board import PHASE_NAMES, Zone
from rulebase.engine.tcg.cards import parse_stage
from rulebase.engine.trace import STEP
from rulebase.scenarios.model import Node

STATES = {
    "tapped": lambda card: card.tapped,
    "upright": lambda card: not card.tapped,
    "face-down": lambda card: card.face_down,
    "face-up": lambda card: not card.face_down,
    "in play": lambda card: card.zone in (Zone.ADVENTURE, Zone.SCENE, Zone.STORY),
    "not in play": lambda card: card.zone not in (Zone.ADVENTURE, Zone.SCENE, Zone.STORY),
}


def expect(session, node: Node) -> str | None:
    from rulebase.scenarios.games.tcg.binding import ZONES, main_character_stage

    session._start(node)
    board = session.board
    kind, args = node.kind, node.args
    if kind == "card_is":
        card = session.card(node, args[0])
        for state in args[1:]:
            found = _card_state(session, node, card, state, ZONES)
            if found is not None:
                return found
        return None
    if kind == "inspiration_is":
        card = session.card(node, args[0])
        if card.zone != Zone.ADVENTURE or not card.is_character:
            return f"{card} is in {board.where(card)}, not in an Adventure Zone"
        total, parts = effects.inspiration(board, card)
        return None if total == args[1] else f"{card} has {total} Inspiration ({', '.join(parts)})"
    if kind == "stage_is":
        owner = session.player(node, args[0])
        wanted = main_character_stage(args[1] if len(args) > 1 else "0")
        stage = board.players[owner].stage
        return None if stage == wanted else f"{session.names[owner]}'s Main Character is at stage {stage}"
    if kind == "hand_size":
        owner = session.subject(node)
        count = len(board.players[owner].hand)
        return None if count == args[1] else f"{session.names[owner]} has {count} cards in hand"
    if kind in ("zone_size", "zone_empty", "zone_order"):
        owner = session.player(node, args[0])
        zone = ZONES[str(args[1]).lower()]
        cards = board.zone_cards(zone, owner)
        if kind == "zone_size":
            return None if len(cards) == args[2] else f"it has {len(cards)} cards"
        if kind == "zone_empty":
            return None if not cards else "it holds " + ", ".join(card.label for card in cards)
        wanted = [session.card(node, ref) for ref in args[2:] if isinstance(ref, Node)]
        found = cards[:len(wanted)]
        return None if found == wanted else "it is " + (", ".join(card.label for card in cards) or "empty")
    if kind == "plan_of":
        owner = session.player(node, args[0])
        stage = parse_stage(str(args[1]))
        plan = board.players[owner].plans[stage - 1]
        wanted = session.card(node, args[2])
        return None if plan is wanted else (f"{plan} is the Plan there" if plan is not None else "it has no Plan")
    if kind in ("no_plan_is", "plan_is"):
        owner = session.player(node, args[0])
        stage = parse_stage(str(args[1]))
        plan = board.players[owner].plans[stage - 1]
        if kind == "no_plan_is":
            return None if plan is None else f"{plan} is a Plan there"
        return None if plan is not None else "it has no Plan"
    if kind in ("exchange_winner", "exchange_tie", "no_exchange"):
        column = str(args[-1]).lower()
        found = [result for where, result in exchanges(session.trace) if where == column]
        if kind == "no_exchange":
            return None if not found else f"there was an Exchange there: {found[-1]}"
        if not found:
            return f"there was no Exchange in the {column} column"
        last = found[-1]
        if kind == "exchange_tie":
            return None if last.endswith("both lose") else last
        winner = board.name(session.subject(node))
        labels = {card.label for card in board.cards if card.owner == session.subject(node)}
        won = last.split(" wins the Exchange")[0] if " wins the Exchange" in last else None
        return None if won in labels else f"{last} (not a Character of {winner}'s)"
    if kind == "turn_is":
        point = args[0]
        player = session.player(node, point.args[0])
        where = session.where(point)
        state = session.state
        request = state.pending
        here = None
        if request is not None and request.data.get("where"):
            here = request.data.get("where")
        else:
            here = board.turn.phase
        if board.turn.player == player and here == where:
            return None
        return f"it is {board.name(board.turn.player)}'s {PHASE_NAMES.get(board.turn.phase, board.turn.phase)}"
    if kind in session.GAME_END:
        return session.game_end(node)
    if kind in ("sees", "does_not_see"):
        viewer = session.subject(node)
        card = session.card(node, args[1])
        seen = sees(board, viewer, card)
        if kind == "sees":
            return None if seen else f"{session.names[viewer]} can't see {card} ({board.where(card)})"
        return None if not seen else f"{session.names[viewer]} can see {card} ({board.where(card)})"
    if kind == "must":
        request = session.state.pending
        player = session.subject(node)
        if request is None:
            return "the game is over"
        if request.player != player:
            return f"the game waits for {board.name(request.player)} to {request.kind}"
        words = set(str(args[1]).lower().split())
        have = set(request.kind.lower().split())
        return None if words <= have | {"a", "an", "the", "to"} else f"{board.name(player)} must {request.kind}"
    raise session.error(node, f"not an expectation: {kind}")  # pragma: no cover


def exchanges(trace) -> list[tuple[str, str]]:
    """The Exchanges of a game as its trace records them: the column
    (404.2.0) and the result of comparing Inspiration (404.5.0)."""
    found, column = [], None
    for step in trace:
        if step.rule == "404.2.0" and step.kind == STEP:
            column = step.values.get("column")
        elif step.rule == "404.5.0" and step.kind == STEP and "result" in step.values and column is not None:
            found.append((column, step.values["result"]))
            column = None
    return found


def sees(board, viewer: int, card) -> bool:
    """Whether the rules let ``viewer`` look at ``card`` where it is: a
    face-up card of a zone they may look at (a Plan only if they may look
    at Plans), or one an effect showed them (a revealed card, a card looked
    at)."""
    return visibility.sees(board, viewer, card)


def _card_state(session, node: Node, card, state: Node, zones) -> str | None:
    board = session.board
    kind, args = state.kind, state.args
    if kind == "at_space":
        owner, space = session.space(node, args[0], card.owner)
        if card.zone == Zone.ADVENTURE and card.owner == owner and card.space == space and card.host is None:
            return None
        return f"{card} is in {board.where(card)}"
    if kind == "in_zone":
        owner = session.player(node, args[0])
        zone = zones[str(args[1]).lower()]
        return None if card.zone == zone and card.owner == owner else f"{card} is in {board.where(card)}"
    if kind == "in_scene_zone":
        owner = session.whose(node, args[0].args[0], card.owner)
        return None if card.zone == Zone.SCENE and card.owner == owner else f"{card} is in {board.where(card)}"
    if kind == "resolving":
        return None if card.zone == Zone.RESOLUTION else f"{card} is in {board.where(card)}"
    if kind == "on_top":
        owner = session.player(node, args[0])
        zone = zones[str(args[1]).lower()]
        cards = board.zone_list(zone, owner)
        return None if cards and cards[0] is card else f"{card} is in {board.where(card)}"
    if kind == "attached_to":
        host = session.card(node, args[0])
        return None if card.host is host else (
            f"{card} is attached to {card.host}" if card.host is not None else f"{card} is in {board.where(card)}")
    if kind == "plan_on":
        owner = session.player(node, args[0])
        stage = parse_stage(str(args[1]))
        if card.zone == Zone.PLANS and card.owner == owner and card.stage == stage:
            return None
        return f"{card} is in {board.where(card)}"
    word = str(args[0]).lower()
    return None if STATES[word](card) else f"{card} is not {word}"
