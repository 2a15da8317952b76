"""The words of an action as text, the same for every game's engine: who
acts (``p0``, ``p1`` or ``chance``), the verb (or, for ``effect``, the
instruction of card text) and what follows it, read against the game's
tables of verbs and the shapes of their words.

>>> read_head("p1 effect draw 2", {"pass": ""}, {"shuffle": "zone order"}, {"draw": "amount"})
(1, 'effect', 'draw', 'amount', ['2'])
>>> card_word("#12"), player_word("p0")
(12, 0)
"""

from __future__ import annotations

import re

from rulebase.engine.errors import ActionSyntaxError

CHANCE_PLAYER = -1
"""The player of a chance event."""


def read_head(text: str, decisions: dict, chance_events: dict, effects: dict):
    """The player, verb, instruction (for ``effect``), shape and remaining
    words of an action's text; raises
    :class:`~rulebase.engine.errors.ActionSyntaxError` saying what was
    expected."""
    words = str(text).split()
    if len(words) < 2:
        raise ActionSyntaxError(text, "a player (p0, p1 or chance) and a verb")
    who, verb, rest = words[0], words[1], words[2:]
    if who == "chance":
        player, table = CHANCE_PLAYER, chance_events
    elif re.fullmatch(r"p\d", who):
        player, table = int(who[1:]), decisions
    else:
        raise ActionSyntaxError(text, "a player (p0, p1 or chance) first")
    instruction = None
    if verb == "effect" and player != CHANCE_PLAYER:
        if not rest or rest[0] not in effects:
            raise ActionSyntaxError(text, "an instruction: " + ", ".join(effects))
        instruction, rest, shape = rest[0], rest[1:], effects[rest[0]]
    elif verb in table:
        shape = table[verb]
    else:
        raise ActionSyntaxError(text, "a verb: " + ", ".join(table))
    return player, verb, instruction, shape, rest


def check_left_over(text: str, rest: list[str]) -> None:
    """Words left after an action's shape are an error naming them."""
    if rest:
        words = str(text).split()
        raise ActionSyntaxError(text, f"nothing after {' '.join(words[:len(words) - len(rest)])}")


def known(word: str, table: dict, what: str) -> str:
    """``word`` if it is in ``table`` (a verb, an instruction), else an
    :class:`~rulebase.engine.errors.ActionSyntaxError` listing them."""
    if word not in table:
        raise ActionSyntaxError(word, f"{what}: " + ", ".join(table))
    return word


def card_word(word: str) -> int:
    """A card's id from ``#12``; ``ValueError`` otherwise."""
    if not re.fullmatch(r"#\d+", word):
        raise ValueError(word)
    return int(word[1:])


def player_word(word: str) -> int:
    """A player's index from ``p1``; ``ValueError`` otherwise."""
    if not re.fullmatch(r"p\d", word):
        raise ValueError(word)
    return int(word[1:])
