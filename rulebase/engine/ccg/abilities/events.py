"""What happens in a game, as events abilities wait for (704, 710): every
step of the engine that makes something happen a card's text can name
(a card enters or leaves play, is dismissed, a faceoff starts, a phase
begins, ...) announces it with :func:`emit`.

An event is kept in ``board.events`` until the next priority window closes
(a Reaction may answer only a condition met since then, 512.4d), and each
triggered ability waiting for it creates a triggered effect at once
(704.1c), which waits in ``board.waiting`` for Pre-Priority Processing
(:mod:`.triggers`).  Only the cards whose abilities wait for that event
are looked at, so an event nobody waits for costs one list append.

>>> from types import SimpleNamespace
>>> board = SimpleNamespace()
>>> emit(board, "dismissed", card="Applejack")
>>> board.events
[Happened(event='dismissed', data=(('card', 'Applejack'),))]
"""

from __future__ import annotations

from typing import NamedTuple


class Happened(NamedTuple):
    """One event (a word of :data:`~rulebase.engine.ccg.abilities.model.EVENTS`) and what it concerns:
    ``card`` (the card it happened to), ``player`` (who did it, or whom it
    concerns) and the words of the event's description."""

    event: str
    data: tuple

    def get(self, name: str, default=None):
        for key, value in self.data:
            if key == name:
                return value
        return default


LISTENERS: list = []
"""Functions called with ``(board, happened)`` for each event on a board of
the engine (the triggered abilities of :mod:`.triggers` register theirs)."""


def emit(board, event: str, **data) -> None:
    """Announce that ``event`` happened: it is kept in ``board.events`` and
    every ability waiting for it is told."""
    happened = Happened(event, tuple(data.items()))
    events = getattr(board, "events", None)
    if events is None:
        events = board.events = []
    events.append(happened)
    for listener in LISTENERS:
        listener(board, happened)


def since_window(board) -> list:
    """The events since the most recent priority window closed (512.4d)."""
    return getattr(board, "events", None) or []


def window_closed(board) -> None:
    """A priority window closed: the events before it can no longer be
    reacted to (512.4d)."""
    events = getattr(board, "events", None)
    if events:
        events.clear()


def scored(board, player: int, amount: int, cards: tuple) -> None:
    """Announce that ``player`` scored ``amount`` points with ``cards``
    (517.2): the event ``scores`` of each card, with the points scored with
    it in the current phase of the turn before (``before``) and with these
    (``total``), so that "at least 2 points with this card during one Score
    Phase" is reached once."""
    tally = board.__dict__.setdefault("_scored_in_phase", {})
    turn = board.turn
    for card in cards:
        key = (turn.number, turn.phase, player, card.id)
        before = tally.get(key, 0)
        tally[key] = before + amount
        emit(board, "scores", card=card, player=player, points=amount, before=before, total=before + amount,
             phase=turn.phase)
    if not cards:
        emit(board, "scores", player=player, points=amount, before=0, total=amount, phase=turn.phase)
