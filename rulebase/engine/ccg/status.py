"""Ready and exhausted (503), frightened (504) and face-down cards (505).

Each change has a ``check_`` function that raises
:class:`~rulebase.engine.errors.IllegalAction` naming the rule when it can't
happen, and a function that makes it happen (checking first).
"""

from __future__ import annotations

from rulebase.engine.ccg.board import Board, Card, Zone
from rulebase.engine.ccg.cards import CardType
from rulebase.engine.errors import IllegalAction


def _in_play(card: Card, verb: str) -> None:
    if card.zone != Zone.PLAY:
        raise IllegalAction("503.4", f"{card} is not in play and can't {verb}")
    if card.type == CardType.PROBLEM:
        raise IllegalAction("503.4a", f"{card} is a Problem and can't {verb}")


def check_exhaust(board: Board, card: Card) -> None:
    _in_play(card, "exhaust")
    if card.frightened:
        raise IllegalAction("504.2a", f"{card} is frightened and can't exhaust")
    if card.exhausted:
        raise IllegalAction("503.2a", f"{card} already has an exhaustion counter and can't become exhausted")


def exhaust(board: Board, card: Card) -> None:
    """Exhaust a card: an exhaustion counter is placed on it (503.2)."""
    check_exhaust(board, card)
    card.exhausted = True
    board.trace.step("503.2", "{card} becomes exhausted: an exhaustion counter is placed on it", card=card.label)


def check_ready(board: Board, card: Card) -> None:
    _in_play(card, "ready")
    if card.frightened:
        raise IllegalAction("504.2a", f"{card} is frightened and can't ready")


def ready(board: Board, card: Card) -> None:
    """Ready a card: remove its exhaustion counter (503.3)."""
    check_ready(board, card)
    if card.exhausted:
        card.exhausted = False
        board.trace.step("503.3", "{card} is readied: its exhaustion counter is removed", card=card.label)


def check_frighten(board: Board, card: Card) -> None:
    if card.zone != Zone.PLAY:
        raise IllegalAction("504.1", f"{card} is not in play and can't become frightened")
    if card.frightened:
        raise IllegalAction("504.2b", f"{card} is already frightened and can't become frightened")
    if card.type not in (CardType.FRIEND, CardType.MANE, CardType.RESOURCE, CardType.TROUBLEMAKER):
        raise IllegalAction("504.1", f"{card} is a {card.type} and can't become frightened")


def frighten(board: Board, card: Card) -> None:
    """Frighten a card: it is turned face down, its counters are removed and
    the cards attached to it go to their owners' discard piles (504.1)."""
    check_frighten(board, card)
    attached = board.attachments(card)
    card.frightened = True
    card.face_down = True
    card.exhausted = False
    card.counters = 0
    card.modifiers = []
    card.incarnation += 1
    board.trace.step("504.1", "{card} becomes frightened: it is turned face down and its counters are removed",
                     card=card.label)
    board.trace.step("505.3", "turned face-down, {card} becomes a different card", card=card.label)
    for other in attached:
        board.put(other, Zone.DISCARD)
        board.trace.step("504.1", "{other}, attached to {card}, is put into its owner's discard pile",
                         other=other.label, card=card.label)


def check_unfrighten(board: Board, card: Card) -> None:
    if card.zone != Zone.PLAY or not card.frightened:
        raise IllegalAction("609.2e", f"{card} is not frightened: cards which are not frightened can't be unfrightened")


def unfrighten(board: Board, card: Card) -> None:
    """Unfrighten a card: turn it face up; it ceases to be frightened (504.3)."""
    check_unfrighten(board, card)
    card.frightened = False
    card.face_down = False
    board.trace.step("504.3", "{card} is unfrightened: it is turned face up and ceases to be frightened", card=card.label)


def turn_face_up(board: Board, card: Card) -> None:
    card.face_down = False
