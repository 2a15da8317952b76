"""Ready and exhausted (503), frightened (504) and face-down cards (505).

Each change has a ``check_`` function that raises
:class:`~rulebase.engine.errors.IllegalAction` naming the rule when it can't
happen (a composition of the rule's check units), and a function that makes
it happen (checking first) through the rule's step units.
"""

from __future__ import annotations

from rulebase.engine.ccg.abilities import continuous
from rulebase.engine.ccg.abilities.events import emit
from rulebase.engine.ccg.board import Board, Card, Zone
from rulebase.engine.ccg.cards import CardType
from rulebase.engine.ccg.rules import Allowed, check, step

FRIGHTENABLE = (CardType.FRIEND, CardType.MANE, CardType.RESOURCE, CardType.TROUBLEMAKER)


# -- checks ----------------------------------------------------------------------


@check("503.4", "cards which are not in the play zone can't ready or exhaust")
def in_play(board: Board, card: Card, verb: str):
    if card.zone != Zone.PLAY:
        return f"{card} is not in play and can't {verb}"


@check("503.4a", "Problems can't ready or exhaust, even while in the play zone")
def not_a_problem(board: Board, card: Card, verb: str):
    if card.type == CardType.PROBLEM:
        return f"{card} is a Problem and can't {verb}"


@check("504.2a", "frightened cards can't ready or exhaust")
def not_frightened(board: Board, card: Card, verb: str = "ready"):
    if card.frightened:
        return f"{card} is frightened and can't {verb}"


@check("503.2a", "cards with exhaustion counters on them can't become exhausted")
def not_exhausted(board: Board, card: Card):
    if card.exhausted:
        return f"{card} already has an exhaustion counter and can't become exhausted"


@check("504.1", "cards in play (Friends, Mane Characters, Resources, Troublemakers) become frightened")
def frightenable(board: Board, card: Card):
    if card.zone != Zone.PLAY:
        return f"{card} is not in play and can't become frightened"
    if card.type not in FRIGHTENABLE:
        return f"{card} is a {card.type} and can't become frightened"


@check("504.2b", "frightened cards can't become frightened")
def not_yet_frightened(board: Board, card: Card):
    if card.frightened:
        return f"{card} is already frightened and can't become frightened"


@check("504.2", "while a card is frightened it is neither ready nor exhausted")
def neither_ready_nor_exhausted(board: Board, card: Card):
    if card.frightened:
        return f"{card} is frightened: it is neither ready nor exhausted"


@check("503.1", "cards in play with no exhaustion counters on them are ready")
def no_exhaustion_counter(board: Board, card: Card):
    if card.exhausted:
        return f"{card} has an exhaustion counter on it: it is not ready"


def is_ready(board: Board, card: Card) -> bool:
    """Whether a card is ready: in play and not a Problem (503.4a), with no
    exhaustion counter on it (503.1) and not frightened (504.2); each rule
    is recorded as deciding when it excludes a card."""
    if card.zone != Zone.PLAY or card.type == CardType.PROBLEM:
        return False
    return no_exhaustion_counter.allows(board, card) and neither_ready_nor_exhausted.allows(board, card)


@check("609.2e", "only frightened cards are unfrightened")
def frightened(board: Board, card: Card):
    if card.zone != Zone.PLAY or not card.frightened:
        return f"{card} is not frightened: cards which are not frightened can't be unfrightened"
    return Allowed(f"{card} is frightened: it can be unfrightened")


@check("104.2", "a \"can't\" of card text takes precedence: a card it forbids its controller to exhaust is not "
                "exhausted by them")
def cant_exhaust_own(board: Board, card: Card, by: int):
    found = continuous.forbidding_own_exhaust(board, card, by)
    if found is not None:
        source, ability = found
        return f"{source}'s ability says {board.name(by)} can't exhaust {card} ({ability.text or 'its text'})"


def check_exhaust(board: Board, card: Card, by: int | None = None) -> None:
    """``by``: the player exhausting ``card`` (by card text: a cost or an
    instruction), or ``None`` (a rule)."""
    in_play(board, card, "exhaust")
    not_a_problem(board, card, "exhaust")
    not_frightened(board, card, "exhaust")
    not_exhausted(board, card)
    continuous.cant(board, card, "be-exhausted")
    if by is not None and by == card.controller and (continuous.reaching(board, "cant") or continuous.own(card, "cant")):
        cant_exhaust_own(board, card, by)


def check_ready(board: Board, card: Card) -> None:
    in_play(board, card, "ready")
    not_a_problem(board, card, "ready")
    not_frightened(board, card, "ready")
    continuous.cant(board, card, "ready")


def readies_in_ready_phase(board: Board, card: Card) -> bool:
    """Whether no "can't" of card text keeps ``card`` from being readied
    in its controller's Ready Phase ("Friends here with 2 or less power
    can't ready", "it does not ready during the Ready Phase"): a can't takes
    precedence over 603.1 (104.2), recorded where it decides."""
    if not continuous.reaching(board, "cant") and not continuous.own(card, "cant"):
        return True
    return continuous.cant.allows(board, card, "ready") and continuous.cant.allows(board, card,
                                                                                  "ready-during-ready-phase")


def check_frighten(board: Board, card: Card) -> None:
    frightenable(board, card)
    not_yet_frightened(board, card)
    continuous.cant(board, card, "be-frightened")


def check_unfrighten(board: Board, card: Card) -> None:
    frightened(board, card)


# -- steps -----------------------------------------------------------------------


@step("503.2", "{card} becomes exhausted: an exhaustion counter is placed on it")
def place_exhaustion_counter(board: Board, card: Card):
    card.exhausted = True
    return {"card": card.label}


@step("503.3", "{card} is readied: its exhaustion counter is removed")
def remove_exhaustion_counter(board: Board, card: Card):
    if card.exhausted:
        card.exhausted = False
        return {"card": card.label}


@step("504.1", "{card} becomes frightened: it is turned face down and its counters are removed")
def become_frightened(board: Board, card: Card):
    card.frightened = True
    card.face_down = True
    card.exhausted = False
    card.counters = 0
    return {"card": card.label}


@step("505.3", "turned face-down, {card} becomes a different card")
def becomes_different(board: Board, card: Card):
    card.modifiers = []
    card.gained = []
    card.incarnation += 1
    return {"card": card.label}


@step("504.1", "{other}, attached to {card}, is put into its owner's discard pile")
def discard_attachment(board: Board, other: Card, card: Card):
    board.put(other, Zone.DISCARD)
    return {"other": other.label, "card": card.label}


@step("504.3", "{card} is unfrightened: it is turned face up and ceases to be frightened")
def turn_face_up_unfrightened(board: Board, card: Card):
    card.frightened = False
    card.face_down = False
    return {"card": card.label}


def exhaust(board: Board, card: Card, by: int | None = None) -> None:
    """Exhaust a card: an exhaustion counter is placed on it (503.2);
    ``by``: the player exhausting it by card text."""
    check_exhaust(board, card, by)
    if place_exhaustion_counter(board, card) is not None:
        emit(board, "exhausted", card=card, player=card.controller, by=by)


def ready(board: Board, card: Card) -> None:
    """Ready a card: remove its exhaustion counter (503.3)."""
    check_ready(board, card)
    if remove_exhaustion_counter(board, card) is not None:
        emit(board, "readied", card=card, player=card.controller)


def frighten(board: Board, card: Card, by: int | None = None) -> None:
    """Frighten a card: it is turned face down, its counters are removed and
    the cards attached to it go to their owners' discard piles (504.1);
    turned face-down, it becomes a different card (505.3).  ``by``: the
    player frightening it by card text."""
    check_frighten(board, card)
    if continuous.replaced(board, "frightened", card):
        return
    attached = board.attachments(card)
    if become_frightened(board, card) is None:
        return
    emit(board, "frightened", card=card, player=card.controller, by=by)
    becomes_different(board, card)
    for other in attached:
        discard_attachment(board, other, card)


def unfrighten(board: Board, card: Card) -> None:
    """Unfrighten a card: turn it face up; it ceases to be frightened (504.3)."""
    check_unfrighten(board, card)
    if turn_face_up_unfrightened(board, card) is not None:
        emit(board, "unfrightened", card=card, player=card.controller)


def turn_face_up(board: Board, card: Card) -> None:
    card.face_down = False
