"""The games whose engines run scenarios, and the rules document each one's
scenarios cite."""

from __future__ import annotations

from functools import lru_cache
from importlib import import_module

from rulebase.errors import RulebaseError

BINDINGS = {
    "ccg": "rulebase.engine.ccg.scenario:CCGBinding",
}
"""Game name -> ``module:class`` of its scenario binding."""


class UnknownGameError(RulebaseError):
    """Raised for a scenario file whose ``Game:`` names no engine."""


@lru_cache(maxsize=None)
def binding_for(game: str):
    """The binding of a game (``ccg``)."""
    key = game.lower().replace("mlp ", "").strip()
    if key not in BINDINGS:
        raise UnknownGameError(f"no engine runs scenarios of the game {game!r} (known: {', '.join(BINDINGS)})")
    module, _, name = BINDINGS[key].partition(":")
    return getattr(import_module(module), name)()


def document_for(graph):
    """A function giving the rules document of a game, for citation checks."""

    def document(game: str) -> str:
        return binding_for(game).document(graph)

    return document
