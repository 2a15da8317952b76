"""Deck definitions: the small decks of invented cards shipped with the
engine (TOML files beside this module) and reading a deck file.

A deck file has a ``name``, a ``[mane]`` table and ``[[draw]]`` and
``[[problems]]`` entries, each a card's printed information (the arguments
of :meth:`~rulebase.engine.ccg.cards.Printed.build`) with ``copies``.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from rulebase.engine.ccg.cards import Printed
from rulebase.engine.ccg.deck import Deck
from rulebase.engine.ccg.octgn import MAX_COPIES
from rulebase.engine.errors import SetupError

DECKS = Path(__file__).resolve().parent / "decks"


def printed_from(entry: dict, where: str) -> Printed:
    """A card's printed information from a table of a deck file."""
    if not isinstance(entry, dict):
        raise SetupError(f"{where}: a card is a table of its printed information, not {entry!r}")
    fields = {key: value for key, value in entry.items() if key != "copies"}
    try:
        title = fields.pop("title")
        card_type = fields.pop("type")
    except KeyError as missing:
        raise SetupError(f"{where}: a card needs its {missing.args[0]}") from None
    if not isinstance(title, str) or not isinstance(card_type, str):
        raise SetupError(f"{where}: a card's title and type are text: {title!r}, {card_type!r}")
    try:
        return Printed.build(title, card_type, **fields)
    except SetupError as error:
        raise SetupError(f"{where}: {error}") from None
    except (TypeError, ValueError, AttributeError) as error:  # a value of the wrong kind for its field
        raise SetupError(f"{where}: {title}: {error}") from None


def copies_in(entry: dict, where: str) -> int:
    """How many copies of a card a deck file's entry asks for: a whole
    number from 1 to :data:`MAX_COPIES` (1 when it says none)."""
    copies = entry.get("copies", 1)
    if isinstance(copies, bool) or not isinstance(copies, int) or not 1 <= copies <= MAX_COPIES:
        raise SetupError(f"{where}: copies must be a whole number from 1 to {MAX_COPIES}: {copies!r}")
    return copies


def load(path: str | Path) -> Deck:
    """Read a deck file; raises :class:`SetupError` saying where it is wrong."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise SetupError(f"{path}: {error}") from None
    if "mane" not in data:
        raise SetupError(f"{path}: a deck needs a [mane] table")
    mane = printed_from(data["mane"], f"{path} [mane]")
    draw, problems = [], []
    for key, target in (("draw", draw), ("problems", problems)):
        entries = data.get(key, [])
        if not isinstance(entries, list):
            raise SetupError(f"{path}: {key} is a list of cards ([[{key}]] tables), not {entries!r}")
        for number, entry in enumerate(entries, start=1):
            where = f"{path} [[{key}]] #{number}"
            printed = printed_from(entry, where)
            target.extend([printed] * copies_in(entry, where))
    name = data.get("name", path.stem)
    if not isinstance(name, str):
        raise SetupError(f"{path}: a deck's name is text, not {name!r}")
    return Deck(name, mane, draw, problems)


def sample_decks() -> list[Deck]:
    """The two decks shipped with the engine."""
    return [load(DECKS / "sky.toml"), load(DECKS / "orchard.toml")]
