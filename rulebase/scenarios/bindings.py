"""The games whose scenarios the language reads and an engine runs: for
each, the names a ``Game:`` line may give it, its grammar
(``grammar/<grammar>.lark``, built on ``grammar/scenario_core.lark``), the
words its syntax errors use for its terminals, and its binding (the class
that carries its sentences out on its engine).  This registry is the one
place that lists the games.

>>> game_key("MLP CCG"), game_key("Kayou  TCG"), game_key("chess")
('ccg', 'tcg', None)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from importlib import import_module

from rulebase.errors import RulebaseError


@dataclass(frozen=True)
class Game:
    """A game of the scenario language."""

    key: str
    names: tuple[str, ...]
    """How a ``Game:`` line may name it (compared case-insensitively)."""
    grammar: str
    """Its grammar: ``grammar/<grammar>.lark``."""
    binding: str
    """``module:class`` of its binding."""
    descriptions: dict[str, str] = field(default_factory=dict)
    """Its own terminals in the words of a syntax error (``expected a color``)."""


GAMES = {game.key: game for game in (
    Game("ccg", ("ccg", "mlp ccg", "mlp collectible card game", "enterplay ccg"), "scenario_ccg",
         "rulebase.scenarios.games.ccg:CCGBinding", {
             "COLOR": "a color", "CARD_TYPE": "a card type", "KEYWORD": "a keyword", "TRAIT": "a trait",
             "ZONE": "a zone (deck, hand, discard pile, ...)", "PHASE": "a phase", "AREA_KIND": "home or problem",
             "STATE": "a status (exhausted, ready, frightened, ...)", "POINTS": "points", "TOKENS": "action tokens",
             "CARDS": "cards", "COUNTERS": "+1 power counters", "TIMING": "a timing phrase",
             "HOST": "what it is played on", "FACEOFF_KIND": "a kind of faceoff", "VERB": "flip, draw, gain or score",
             "UNIT": "cards, action tokens or points",
         }),
    Game("tcg", ("tcg", "mlp tcg", "kayou tcg", "mlp kayou tcg", "mlp trading card game"), "scenario_tcg",
         "rulebase.scenarios.games.tcg:TCGBinding", {
             "SPACE": "a space (left, middle or right)", "STAGE": "a Story stage (I, II, III, IV)",
             "MC_STAGE": "a stage (0 before Stage I, or I-IV)", "CARD_TYPE": "a card type (Character, Event, ...)",
             "EVERYDAY": "Everyday", "EFFECT": "an effect (Entrance: ..., Inspire: ...) ending with a full stop",
             "KEYWORD": "a keyword (Unicorn, ...)", "CARD_NUMBER": "a card number",
             "ZONE": "a zone (Main Deck, Scene Deck, hand, Rest Zone, Scene Zone)",
             "LOOKABLE": "a zone (hand, Main Deck, Plans, Rest Zone, ...)",
             "PHASE": "a phase (Start, Main, Exchange or End Phase)", "CARDS": "cards",
             "STATE": "a state (tapped, upright, face-down, face-up, ...)",
         }),
)}
"""Game key -> :class:`Game`."""

DEFAULT = "ccg"
"""The game of a file without a ``Game:`` line."""


class UnknownGameError(RulebaseError):
    """Raised for a game that no engine runs scenarios of: a name that is no
    game, or a game whose grammar or binding is not written yet."""


def game_key(name: str) -> str | None:
    """The key of the game a ``Game:`` line names, or ``None``."""
    wanted = " ".join(name.lower().split())
    return next((game.key for game in GAMES.values() if wanted in game.names), None)


def game(name: str) -> Game:
    """The game a name names; an :class:`UnknownGameError` naming the known
    games if there is none."""
    key = game_key(name)
    if key is None:
        raise UnknownGameError(f"no engine runs scenarios of the game {name!r} (known: {', '.join(GAMES)})")
    return GAMES[key]


def not_yet(key: str) -> UnknownGameError:
    """The error for a known game whose grammar or binding is not written."""
    return UnknownGameError(f"no engine runs scenarios of the game {key!r} yet")


@lru_cache(maxsize=None)
def binding_for(name: str):
    """The binding of a game (``ccg``, ``MLP CCG``)."""
    known = game(name)
    module_name, _, class_name = known.binding.partition(":")
    try:
        module = import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name and (module_name + ".").startswith(error.name + "."):
            raise not_yet(known.key) from None
        raise
    binding = getattr(module, class_name, None)
    if binding is None:
        raise not_yet(known.key)
    return binding()


def document_for(graph):
    """A function giving the rules document of a game, for citation checks."""

    def document(name: str) -> str:
        return binding_for(name).document(graph)

    return document
