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
from rulebase.engine.errors import SetupError

DECKS = Path(__file__).resolve().parent / "decks"


def printed_from(entry: dict, where: str) -> Printed:
    """A card's printed information from a table of a deck file."""
    fields = {key: value for key, value in entry.items() if key != "copies"}
    try:
        title = fields.pop("title")
        card_type = fields.pop("type")
    except KeyError as missing:
        raise SetupError(f"{where}: a card needs its {missing.args[0]}") from None
    try:
        return Printed.build(title, card_type, **fields)
    except TypeError as error:
        raise SetupError(f"{where}: {title}: {error}") from None


def load(path: str | Path) -> Deck:
    """Read a deck file; raises :class:`SetupError` saying where it is wrong."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise SetupError(f"{path}: {error}") from None
    if "mane" not in data:
        raise SetupError(f"{path}: a deck needs a [mane] table")
    mane = printed_from(data["mane"], f"{path} [mane]")
    draw, problems = [], []
    for key, target in (("draw", draw), ("problems", problems)):
        for number, entry in enumerate(data.get(key, []), start=1):
            printed = printed_from(entry, f"{path} [[{key}]] #{number}")
            target.extend([printed] * int(entry.get("copies", 1)))
    return Deck(data.get("name", path.stem), mane, draw, problems)


def sample_decks() -> list[Deck]:
    """The two decks shipped with the engine."""
    return [load(DECKS / "sky.toml"), load(DECKS / "orchard.toml")]
