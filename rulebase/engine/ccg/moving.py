"""Moving and sending cards between areas (506), and the cost of the Move
action (609.2b) with the modifiers of continuous abilities (Swift, Showy:
:mod:`~rulebase.engine.ccg.abilities.continuous`)."""

from __future__ import annotations

from rulebase.engine.ccg.abilities import continuous
from rulebase.engine.ccg.abilities.events import emit
from rulebase.engine.ccg.board import Area, Board, Card, Zone
from rulebase.engine.ccg.cards import CardType
from rulebase.engine.ccg.rules import check, step

MOVE_COST = 2
MINIMUM_MOVE_COST = 1


# -- checks ----------------------------------------------------------------------


@check("506.1", "moving puts a card in play from one area to another")
def in_play(board: Board, card: Card):
    if card.zone != Zone.PLAY:
        return f"{card} is not in play: moving puts a card from one area to another"


@check("506.2", "cards can't be moved or sent to their current area, or to the home of a player other than "
                "their controller")
def destination(board: Board, card: Card, area: Area, verb: str):
    if card.area == area:
        return f"a card can't be {verb} to its current area ({board.area_name(area)})"
    if area.is_home and area.owner != card.controller:
        return f"a card can't be {verb} to the home of a player other than its controller"


@check("506.2a", "Troublemakers can't be moved to the home of any player")
def troublemaker_home(board: Board, card: Card, area: Area):
    if area.is_home and card.type == CardType.TROUBLEMAKER:
        return "Troublemakers can't be moved to the home of any player"


@check("103.5a", "the areas of a player who has left the game cease to exist")
def area_exists(board: Board, area: Area):
    if board.players[area.owner].removed:
        return f"{board.name(area.owner)}'s areas have ceased to exist"


@check("104.2", "a \"can't\" takes precedence: a card a modifier says can't be moved is not moved")
def not_forbidden(board: Board, card: Card):
    if card.cannot_move:
        return f"a modifier says {card} can't be moved, and a \"can't\" takes precedence"


def check_move(board: Board, card: Card, area: Area, mover: int | None = None, base: int | None = 0,
               text: int | None = None) -> None:
    """Whether ``mover`` (the player moving it, by the Move action or card
    text; not known: its controller) may move ``card`` to ``area`` (506.1,
    506.2, 506.2a, 104.2), paying what lifts a "can't" of card text
    besides ``base`` (the Move action's cost; ``None``: not asked here).
    ``text``: the controller of the card whose text moves it."""
    in_play(board, card)
    destination(board, card, area, "moved")
    troublemaker_home(board, card, area)
    area_exists(board, area)
    not_forbidden(board, card)
    continuous.cant_move(board, card, area, mover, text)
    continuous.cant_move_here(board, card, area)
    if base is not None:
        check_lifted(board, card, area, mover, base)


def check_lifted(board: Board, card: Card, area: Area, mover: int | None, base: int = 0) -> None:
    """Whether ``mover`` can pay what lifts the can'ts of card text on
    moving ``card`` to ``area`` ("Opponents can't move characters unless
    they pay [1]"), besides ``base`` (104.2, 508.1d)."""
    payer = card.controller if mover is None else mover
    lifting = continuous.lifting_move(board, card, area, payer)
    if lifting:
        continuous.cant_unless_paid(board, payer, f"move {card} to {board.area_name(area)}", lifting, base)


def lifting_cost(board: Board, card: Card, area: Area, mover: int) -> int:
    """The action tokens ``mover`` pays to lift the can'ts of card text on
    moving ``card`` to ``area``."""
    return sum(amount for _source, _ability, amount in continuous.lifting_move(board, card, area, mover))


def check_send(board: Board, card: Card, area: Area) -> None:
    """Whether ``card`` may be sent to ``area``: sending is not moving
    (506.5), so only 506.2 limits where it goes."""
    in_play(board, card)
    destination(board, card, area, "sent")
    area_exists(board, area)


# -- the cost of the Move action ---------------------------------------------------


class Cost:
    """An amount of action tokens being worked out."""

    def __init__(self, amount: int):
        self.amount = amount


@step("609.2b", "the cost of the Move action can't be reduced to less than {least}")
def least_move_cost(board: Board, cost: Cost):
    if cost.amount < MINIMUM_MOVE_COST:
        cost.amount = MINIMUM_MOVE_COST
        return {"least": MINIMUM_MOVE_COST}


@step("609.2b", "moving {card} with the Move action costs {n} action tokens")
def move_action_cost(board: Board, cost: Cost, card: Card):
    cost.amount = MOVE_COST
    return {"card": card.label, "n": MOVE_COST}


def most_showy(board: Board, player: int, area: Area) -> int:
    """The most the modifiers of the cards at ``area`` (Showy) could add to
    moving ``player``'s character there: what the Move action can cost there
    is at most :data:`MOVE_COST` plus this.  Worked out once for each
    player and area while the board is asked about (:meth:`Board.asking
    <rulebase.engine.ccg.board.Board.asking>`), as every character a player
    could move is asked about each area."""
    memo = board.memo
    if memo is None:
        return continuous.most_move_cost(board, player, area)
    key = ("most showy", player, area)
    found = memo.get(key)
    if found is None:
        found = memo[key] = continuous.most_move_cost(board, player, area)
    return found


def move_cost(board: Board, player: int, card: Card, area: Area) -> int:
    """The action tokens the Move action costs (609.2b), with the modifiers
    of continuous abilities (Swift, Showy), recorded in the trace as they
    apply."""
    cost = Cost(0)
    move_action_cost(board, cost, card)
    if card.face_down and card.printed.keyword("Swift"):
        board.trace.note("505.1a", "{card} is face-down: it loses its abilities, Swift among them", card=card.label)
    continuous.move_cost(board, cost, player, card, area)
    least_move_cost(board, cost)
    return cost.amount


# -- moving and sending ------------------------------------------------------------


@step("506.1a", "{card} is moved {how} from {old} to {new}")
def put_at_new_area(board: Board, card: Card, area: Area, how: str):
    old = board.area_name(card.area) if card.area is not None else f"{board.name(card.owner)}'s {card.zone}"
    relocate(board, card, area)
    return {"card": card.label, "how": how, "old": old, "new": board.area_name(area)}


@step("506.1c", "{card} has been moved: abilities that trigger when it is moved trigger")
def moved_triggers(board: Board, card: Card, before: Area | None, area: Area):
    emit(board, "moved", card=card, player=card.controller, **{"from": before, "to": area})
    return {"card": card.label}


def move(board: Board, card: Card, area: Area, how: str = "by the Move action", mover: int | None = None,
         text: int | None = None) -> None:
    """Move a card to another area, with its attachments (506.1, 509.3),
    ``mover`` (its controller, when not said) first paying what lifts a
    "can't" of card text on the move (508.1); ``text``: the controller of
    the card whose text moves it."""
    check_move(board, card, area, mover, text=text)
    payer = card.controller if mover is None else mover
    for source, ability, amount in continuous.lifting_move(board, card, area, payer):
        continuous.pay_to_lift(board, payer, source, ability, amount, f"move {card} to {board.area_name(area)}")
    before = card.area
    if put_at_new_area(board, card, area, how) is not None:
        moved_triggers(board, card, before, area)


@step("506.5", "{card} is sent to {new} ({reason}): sending a card is not moving it")
def send_to(board: Board, card: Card, area: Area, reason: str):
    relocate(board, card, area)
    return {"card": card.label, "new": board.area_name(area), "reason": reason}


def send(board: Board, card: Card, area: Area, reason: str) -> None:
    """Send a card to an area: not the same as moving it (506.5)."""
    check_send(board, card, area)
    send_to(board, card, area, reason)


@step("509.3", "{other} is attached to {card} and is always at its host's area")
def attachment_follows(board: Board, other: Card, card: Card):
    other.area = card.area
    return {"other": other.label, "card": card.label}


def relocate(board: Board, card: Card, area: Area) -> None:
    card.area = area
    for other in board.attachments(card):
        attachment_follows(board, other, card)
