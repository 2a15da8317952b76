"""What happens in a game, as events abilities wait for (704, 710): every
step of the engine that makes something happen a card's text can name
(a card enters or leaves play, is dismissed, a faceoff starts, a phase
begins, ...) announces it with :func:`emit`.

>>> from types import SimpleNamespace
>>> board = SimpleNamespace()
>>> emit(board, "dismissed", card="Applejack")
>>> board.events
[Happened(event='dismissed', data=(('card', 'Applejack'),))]
"""

from __future__ import annotations

from typing import NamedTuple


class Happened(NamedTuple):
    """One event (a word of :data:`~rulebase.engine.ccg.abilities.model.EVENTS`) and what it concerns."""

    event: str
    data: tuple

    def get(self, name: str, default=None):
        for key, value in self.data:
            if key == name:
                return value
        return default


def emit(board, event: str, **data) -> None:
    """Announce that ``event`` happened: it waits in ``board.events`` until
    the abilities that wait for it are looked for."""
    events = getattr(board, "events", None)
    if events is None:
        events = board.events = []
    events.append(Happened(event, tuple(data.items())))
