"""Playing cards and the other Main Phase actions (609), with their costs
(508) and restrictions: where each type of card enters play (302-306),
timing phrases (512), play requirements (205.1) and processing an action
(705, 706)."""

from __future__ import annotations

from rulebase.engine.ccg import moving, status, zones
from rulebase.engine.ccg.actions import Action
from rulebase.engine.ccg.board import Area, Board, Card, Zone
from rulebase.engine.ccg.cards import CardType
from rulebase.engine.ccg.power import power_of_color
from rulebase.engine.errors import IllegalAction

TROUBLEMAKER_COST = 1
DRAW_COST = 1
RALLY_COST = 2
MAIN_PHASE_VERBS = ("play", "move", "draw", "rally")


class Window:
    """Where a priority window is open: in the Main Phase (the turn player
    may take Main Phase actions), in a faceoff (of a kind), or elsewhere."""

    def __init__(self, name: str, main: bool = False, faceoff=None):
        self.name = name
        self.main = main
        self.faceoff = faceoff


# -- checks --------------------------------------------------------------------


def check_cost(board: Board, player: int, cost: int, what: str) -> None:
    tokens = board.players[player].tokens
    if tokens < cost:
        raise IllegalAction("508.1d", f"{board.name(player)} can't pay {cost} action token{'s' * (cost != 1)} "
                                      f"to {what} (has {tokens}): a player can't pay a cost without the means to pay all of it")


def check_timing(board: Board, player: int, card: Card, window: Window) -> None:
    """When a card may be played (512, 609.1, 609.2a)."""
    is_turn_player = player == board.turn.player
    if card.type == CardType.EVENT:
        timing = card.info.timing
        board.trace.check("304.1", "{card} has the timing phrase {timing}, which says when it can be played",
                          card=card.label, timing=timing)
        if timing == "Immediate":
            board.trace.check("512.5", "{card} has the timing phrase Immediate: it can be played any time its player has priority",
                              card=card.label)
            return
        if timing == "Reaction":
            raise IllegalAction("512.4b", f"{card} is a Reaction: it can be played only when the condition in its text occurs")
        if timing.endswith("Phase"):
            if window.faceoff is not None:
                raise IllegalAction("512.3a", f"{card} has the timing phrase {timing} and can't be played during a faceoff")
            phase = timing[:-len(" Phase")].lower()
            if not is_turn_player or board.turn.phase != phase or (phase == "main" and not window.main):
                raise IllegalAction("512.3", f"{card} can be played only by the turn player, during their {timing}")
            return
        if window.faceoff is None:
            raise IllegalAction("512.4", f"{card} has the timing phrase {timing} and can't be played outside a faceoff")
        if timing != "Faceoff":
            wanted = "troublemaker" if timing == "Troublemaker Faceoff" else "problem"
            if window.faceoff.kind_group != wanted:
                raise IllegalAction("512.4a", f"{card} can be played only during a {timing}")
        return
    if not (window.main and is_turn_player):
        raise IllegalAction("609.1", f"a {card.type} is played as a Main Phase action, only by the turn player in their Main Phase")


def check_requirement(board: Board, player: int, card: Card) -> None:
    """A player must have characters with enough power of a color (205.1)."""
    for need in card.info.requirement:
        have = power_of_color(board, player, need.color) if need.color else 0
        board.trace.check("507.3", "{player}'s power of {color} is {have}: the combined power of the {color} characters they control in play",
                          player=board.name(player), color=need.color, have=have)
        if need.color is None or have < need.amount:
            raise IllegalAction("205.1", f"{card} requires {need}: {board.name(player)} has {have} {need.color} power in play")
        board.trace.check("205.1", "{card} requires {need}; {player} has {have}", card=card.label, need=need,
                          player=board.name(player), have=have)


def play_cost(card: Card) -> int:
    if card.type == CardType.TROUBLEMAKER:
        return TROUBLEMAKER_COST
    return card.info.cost or 0


def check_placement(board: Board, player: int, card: Card, action: Action) -> None:
    area, host = action.area, action.host
    if card.type == CardType.FRIEND:
        if host is not None or area is None:
            raise IllegalAction("302.1", f"{card} must be played at {board.name(player)}'s home or at a Problem")
        if area.is_home and area.owner != player:
            raise IllegalAction("302.1", "Friends enter play at your home or at a Problem, not at an opponent's home")
    elif card.type == CardType.TROUBLEMAKER:
        if host is not None or area is None or not area.is_problem:
            raise IllegalAction("306.1", "Troublemakers enter play face-down at a Problem")
    elif card.type == CardType.RESOURCE:
        if card.info.host:
            if host is None:
                raise IllegalAction("509.1", f"{card} is an attachment: it is played on a {card.info.host}")
            target = board.cards[host]
            if target.zone != Zone.PLAY or not fits_host(target, card.info.host):
                raise IllegalAction("509.1", f"{card} must be played on a {card.info.host} in play, not on {target}")
        elif host is not None or (area is not None and area != board.players[player].home):
            raise IllegalAction("305.1a", "a Resource that is not an attachment enters play at its owner's home")
    elif card.type == CardType.EVENT:
        if host is not None or area is not None:
            raise IllegalAction("304.2", "an Event does not enter play: its text is processed and it is discarded")
    if area is not None and board.players[area.owner].removed:
        raise IllegalAction("103.5a", f"{board.name(area.owner)}'s areas have ceased to exist")


def fits_host(target: Card, description: str) -> bool:
    if description == "character":
        return target.is_character
    return str(target.type) == description


def check_play(board: Board, action: Action, window: Window) -> Card:
    """Everything that must hold to play a card (609.2a, 609.2c, 705.2)."""
    player = action.player
    card = board.cards[action.card] if action.card is not None and 0 <= action.card < len(board.cards) else None
    if card is None or card.zone != Zone.HAND or card.owner != player:
        raise IllegalAction("609.2a", f"{card or 'that card'} is not in {board.name(player)}'s hand: only cards in hand can be played")
    if card.type in (CardType.PROBLEM, CardType.MANE):
        raise IllegalAction("609.2a", f"{card} is a {card.type}: only Friends, Resources, Events and Troublemakers are played")
    check_timing(board, player, card, window)
    check_placement(board, player, card, action)
    check_requirement(board, player, card)
    what = "play it face-down" if card.type == CardType.TROUBLEMAKER else f"play {card}"
    check_cost(board, player, play_cost(card), what)
    return card


def check_move_action(board: Board, action: Action, window: Window) -> Card:
    player = action.player
    card = board.cards[action.card] if action.card is not None and 0 <= action.card < len(board.cards) else None
    if not (window.main and player == board.turn.player):
        raise IllegalAction("609.1", "the Move action is a Main Phase action of the turn player")
    if card is None or card.zone != Zone.PLAY or not card.is_character or card.controller != player:
        raise IllegalAction("609.2b", f"the turn player may move only a character they control ({card} is not)")
    if action.area is None:
        raise IllegalAction("506.1", "moving puts a card at another area")
    moving.check_move(board, card, action.area)
    cost, _ = moving.move_cost(board, player, card, action.area, explain=False)
    check_cost(board, player, cost, f"move {card}")
    return card


def check_draw_action(board: Board, action: Action, window: Window) -> None:
    if not (window.main and action.player == board.turn.player):
        raise IllegalAction("609.1", "drawing a card for an action token is a Main Phase action of the turn player")
    if not board.players[action.player].deck:
        board.trace.check("104.2a", "the draw can't happen, so its cost can't be paid")
        zones.check_draw(board, action.player)
    check_cost(board, action.player, DRAW_COST, "draw a card")


def check_rally(board: Board, action: Action, window: Window) -> Card:
    player = action.player
    if not (window.main and player == board.turn.player):
        raise IllegalAction("609.1", "rallying is a Main Phase action of the turn player")
    card = board.cards[action.card] if action.card is not None and 0 <= action.card < len(board.cards) else None
    if card is None or card.zone != Zone.PLAY or card.controller != player:
        raise IllegalAction("609.2e", f"the turn player may unfrighten only a card they control ({card} is not)")
    status.check_unfrighten(board, card)
    check_cost(board, player, RALLY_COST, f"rally {card}")
    return card


CHECKS = {"play": check_play, "move": check_move_action, "draw": check_draw_action, "rally": check_rally}


def check(board: Board, action: Action, window: Window) -> None:
    CHECKS[action.verb](board, action, window)


# -- options ---------------------------------------------------------------------


def options(board: Board, player: int, window: Window) -> list[Action]:
    """The actions (besides passing) ``player`` may take in this window."""
    found: list[Action] = []
    me = board.players[player]
    main = window.main and player == board.turn.player
    problem_areas = [p.problem_area for p in board.players if not p.removed]
    have: dict = {}

    def affordable(card: Card) -> bool:
        if me.tokens < play_cost(card):
            return False
        for need in card.info.requirement:
            if need.color is None:
                return False
            if need.color not in have:
                have[need.color] = power_of_color(board, player, need.color)
            if have[need.color] < need.amount:
                return False
        return True

    for card in me.hand:
        if card.type == CardType.EVENT:
            if affordable(card) and _allowed(check_timing, board, (player, card), window):
                found.append(Action("play", player, card.id))
            continue
        if not main or not affordable(card):
            continue
        if card.type == CardType.FRIEND:
            found.extend(Action("play", player, card.id, area=area) for area in [me.home] + problem_areas)
        elif card.type == CardType.TROUBLEMAKER:
            found.extend(Action("play", player, card.id, area=area) for area in problem_areas)
        elif card.type == CardType.RESOURCE:
            if card.info.host:
                found.extend(Action("play", player, card.id, host=host.id) for host in board.play
                             if fits_host(host, card.info.host))
            else:
                found.append(Action("play", player, card.id, area=me.home))
    if not main:
        return found
    areas = [me.home] + problem_areas
    if me.tokens >= moving.MINIMUM_MOVE_COST:
        for card in board.play:
            if card.controller == player and card.is_character and not card.cannot_move:
                for area in areas:
                    if area != card.area and not (area.is_home and area.owner != player):
                        cost, _ = moving.move_cost(board, player, card, area, explain=False)
                        if cost <= me.tokens:
                            found.append(Action("move", player, card.id, area=area))
    if me.tokens >= DRAW_COST and me.deck:
        found.append(Action("draw", player))
    if me.tokens >= RALLY_COST:
        for card in board.play:
            if card.controller == player and card.frightened:
                found.append(Action("rally", player, card.id))
    return found


def _allowed(check_function, board, arguments, window) -> bool:
    trace = board.trace
    enabled = trace.enabled
    trace.enabled = False
    try:
        check_function(board, *arguments, window)
        return True
    except IllegalAction:
        return False
    finally:
        trace.enabled = enabled


# -- doing them --------------------------------------------------------------------


def pay(board: Board, player: int, cost: int, what: str) -> None:
    if cost:
        board.players[player].tokens -= cost
        board.trace.step("705.2d", "{player} pays {cost} action token{s} to {what}; {left} left",
                         player=board.name(player), cost=cost, s="s" * (cost != 1), what=what,
                         left=board.players[player].tokens)


def enter_play(board: Board, card: Card, area: Area, face_down: bool = False, host: Card | None = None) -> None:
    """Put a card into play (706.1): it enters play ready (503.1)."""
    board.put(card, Zone.PLAY, area=area)
    card.controller = card.owner
    card.face_down = face_down
    card.host = host
    where = f"attached to {host}" if host is not None else f"at {board.area_name(area)}"
    board.trace.step("706.1", "{card} enters play {where}{how}", card=card.label, where=where,
                     how=" face-down" if face_down else "")
    if face_down:
        board.trace.step("706.1b", "{card} enters play face-down", card=card.label)
    board.trace.step("503.1", "{card} enters play ready", card=card.label)
    calming(board, card)


def calming(board: Board, card: Card) -> None:
    """Calming X: when an opposing Friend enters play here, it gets -X power
    until the end of the turn."""
    if card.type != CardType.FRIEND:
        return
    for other in board.at(card.area):
        value = other.keyword("Calming")
        if value and other.controller != card.controller:
            card.modifiers.append(-value)
            board.trace.step("glossary/calming-x", "{friend} enters play at the area of {other} (Calming {x}): it gets -{x} power until the end of the turn",
                             friend=card.label, other=other.label, x=value)


def play_card(board: Board, action: Action, apply_instructions) -> Card:
    """Play a card (609.2a, 609.2c), following 705.2: announce, queue, pay,
    follow its instructions; a Friend, Troublemaker or Resource enters play,
    an Event is put into its owner's discard pile."""
    player = action.player
    card = board.cards[action.card]
    board.trace.step("705.2a", "{player} announces playing {card}", player=board.name(player),
                     card=card.label if card.type != CardType.TROUBLEMAKER else "a Troublemaker face-down")
    if card.type == CardType.TROUBLEMAKER:
        board.trace.step("609.2c", "{player} pays 1 action token to play a Troublemaker face-down to a Problem",
                         player=board.name(player))
    elif card.type != CardType.EVENT:
        board.trace.step("609.2a", "{player} pays {card}'s cost to play it", player=board.name(player), card=card.label)
    board.put(card, Zone.QUEUE)
    board.trace.step("705.2b", "{card} is put in the queue", card=card.label)
    board.trace.step("408.1", "{card} waits in the queue zone until it resolves", card=card.label)
    board.trace.step("705.2c", "the cost is {cost} action token{s}", cost=play_cost(card), s="s" * (play_cost(card) != 1))
    pay(board, player, play_cost(card), f"play {card}")
    if card.type == CardType.EVENT:
        board.trace.step("304.1", "{card} has the timing phrase {timing}", card=card.label, timing=card.info.timing)
        for instruction in card.info.instructions:
            board.trace.step("705.2e", "{player} follows the instruction of {card}: {instruction}",
                             player=board.name(player), card=card.label, instruction=instruction)
            apply_instructions(player, instruction)
        board.put(card, Zone.DISCARD)
        board.trace.step("304.2", "{card}'s text has been processed: it is put into its owner's discard pile", card=card.label)
        return card
    host = board.cards[action.host] if action.host is not None else None
    if card.type == CardType.FRIEND:
        board.trace.step("302.1", "{card} enters play at {area}", card=card.label, area=board.area_name(action.area))
        enter_play(board, card, action.area)
    elif card.type == CardType.TROUBLEMAKER:
        board.trace.step("306.1", "the Troublemaker enters play face-down at {area}", area=board.area_name(action.area))
        enter_play(board, card, action.area, face_down=True)
    elif host is not None:
        board.trace.step("305.1b", "{card} enters play attached to {host}, at {host}'s area", card=card.label, host=host.label)
        board.trace.step("509.2", "an attachment enters play attached to its host")
        enter_play(board, card, host.area, host=host)
    else:
        board.trace.step("305.1a", "{card} is not an attachment and enters play at its owner's home", card=card.label)
        enter_play(board, card, board.players[card.owner].home)
    board.trace.step("305.1" if card.type == CardType.RESOURCE else "705.2f", "{card} has entered play", card=card.label)
    return card


def move_action(board: Board, action: Action) -> None:
    """The Move action (609.2b)."""
    card = board.cards[action.card]
    if card.type == CardType.FRIEND:
        board.trace.check("302.2", "{card} is a Friend, and Friends are characters", card=card.label)
    elif card.type == CardType.MANE:
        board.trace.check("301.4", "{card} is a Mane Character, and Mane Characters are characters", card=card.label)
    cost, parts = moving.move_cost(board, action.player, card, action.area)
    for rule, words in parts:
        board.trace.check(rule, words)
    pay(board, action.player, cost, f"move {card}")
    moving.move(board, card, action.area)


def draw_action(board: Board, action: Action) -> None:
    """The draw action (609.2d)."""
    board.trace.step("609.2d", "{player} pays 1 action token to draw a card", player=board.name(action.player))
    pay(board, action.player, DRAW_COST, "draw a card")
    zones.draw(board, action.player)


def rally(board: Board, action: Action) -> None:
    """Rally a frightened card (609.2e)."""
    card = board.cards[action.card]
    board.trace.step("609.2e", "{player} pays 2 action tokens to unfrighten {card}", player=board.name(action.player), card=card.label)
    pay(board, action.player, RALLY_COST, f"rally {card}")
    status.unfrighten(board, card)
