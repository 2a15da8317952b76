"""The records of the card database: one :class:`Card` per card, however
many times it was printed, with its :class:`Printing` in each set.

A card's printed information is a :class:`Side`; a :class:`Card` is its
front side with its id, its printings and its other side (``boosted``: a
Mane Character's Boosted side, or the other face of a card with two).

Values are as the card data gives them, read but not judged:

- numbers (``power``, ``cost``, ``bonus``, ``points``, ``home_limit``, a
  :class:`Need`'s amount) are whole numbers, ``None`` where the data is
  blank, and the data's own text where it is no number (``"∞"``);
- ``colors`` and the colors of needs are the rules' color names (203.1a),
  read from the data's Elements of Harmony (:data:`ELEMENTS`); a need is
  also ``"wild"`` or ``"not <color>"``, and keeps the data's text where it
  names no color (``"Rainbow"``);
- ``text`` is the card text with its line breaks; its icons are kept as the
  data writes them: ``[1]``, ``[2]``, ... ``[X]`` are action tokens and
  ``[Loyalty]``, ``[Kindness]``, ... the color icons (power of that color);
- ``extra`` holds, as text, every property of the data that no field holds
  (and a value a field could not hold, such as an Element ``"None"``), and
  the card element's other attributes as ``"@name"``: nothing is dropped.

>>> friend = Card(id="applejack-farm-foremare", name="Applejack", subtitle="Farm Foremare", type="Friend",
...               colors=("orange",), power=3, cost=3, requirement=(Need(1, "orange"),),
...               keywords=(Keyword("Stubborn"), Keyword("Competitive", 2)),
...               printings=(Printing("Promos", "89f91ab6", "PRpf2", "P", "1802f9af", 24),))
>>> friend.full_name, str(friend.requirement[0]), friend.keyword("competitive")
('Applejack, Farm Foremare', '1 orange', Keyword(name='Competitive', x=2))
>>> [str(keyword) for keyword in friend.keywords], friend.is_multicolor, friend.sets
(['Stubborn', 'Competitive 2'], False, ('Promos',))
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, fields
from typing import NamedTuple

COLORS = ("blue", "pink", "white", "purple", "yellow", "orange")
"""The six colors (203.1a)."""

ELEMENTS = {"Loyalty": "blue", "Laughter": "pink", "Generosity": "white",
            "Magic": "purple", "Kindness": "yellow", "Honesty": "orange"}
"""The Element of Harmony each color is shown with, as the card data names them."""

Number = int | str | None
"""A whole number, ``None`` for a blank value, or the data's text for one that is no number."""


def fold(text: str) -> str:
    """``text`` with case, accents and punctuation folded away, for comparing names.

    >>> fold("Kitchen au Flambé") == fold("kitchen au flambe")
    True
    >>> fold("Protégé’s Downfall"), fold("Ten. Seconds. Flat."), fold("DJ Pon-3")
    ('proteges downfall', 'ten seconds flat', 'dj pon 3')
    """
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).casefold()
    return " ".join(re.findall(r"[^\W_]+", re.sub(r"['’‘`]", "", plain)))


def slug(text: str) -> str:
    """A lower-case, hyphenated, ASCII form of a name for use in ids.

    >>> slug("Crème de la Crème"), slug("Say \\"Käse!\\""), slug("[slenderpony]"), slug("?!")
    ('creme-de-la-creme', 'say-kase', 'slenderpony', 'untitled')
    """
    return re.sub(r"[^a-z0-9]+", "-", fold(text)).strip("-") or "untitled"


def card_id(name: str, subtitle: str | None) -> str:
    """A card's id before it is made unique: ``slug(name)-slug(subtitle)``.

    >>> card_id("Rainbow Dash", "Flier Extraordinaire"), card_id("Kitchen au Flambé", None)
    ('rainbow-dash-flier-extraordinaire', 'kitchen-au-flambe')
    """
    return f"{slug(name)}-{slug(subtitle)}" if subtitle else slug(name)


class Keyword(NamedTuple):
    """A keyword and its X (``None`` for a keyword without one).

    >>> Keyword.parse("Competitive 2"), Keyword.parse(" Home Limit 3 "), str(Keyword("Starting Problem"))
    (Keyword(name='Competitive', x=2), Keyword(name='Home Limit', x=3), 'Starting Problem')
    """

    name: str
    x: int | None = None

    def __str__(self) -> str:
        return self.name if self.x is None else f"{self.name} {self.x}"

    @classmethod
    def parse(cls, text: str) -> "Keyword":
        """A keyword from its text: a last word that is a whole number is its X."""
        words = text.split()
        if len(words) > 1 and re.fullmatch(r"[0-9]{1,9}", words[-1]):
            return cls(" ".join(words[:-1]), int(words[-1]))
        return cls(" ".join(words))


def parse_keywords(text: str) -> tuple[Keyword, ...]:
    """The keywords of a card's keyword line, separated by commas or full stops.

    >>> [str(k) for k in parse_keywords("Harmonious 6. Starting Problem.")]
    ['Harmonious 6', 'Starting Problem']
    >>> parse_keywords("Stubborn, Random") == (Keyword("Stubborn"), Keyword("Random"))
    True
    """
    return tuple(Keyword.parse(part) for part in re.split(r"[,.]", text) if part.strip())


class Need(NamedTuple):
    """An amount of power of a color: a play requirement (205.1) or a
    confront requirement (209.1).  ``color`` is a color name, ``"wild"``,
    ``"not <color>"``, ``None`` where the data names none (an opponents'
    requirement, a blank value), or the data's own text.

    >>> str(Need(3, "blue")), str(Need(2, "not orange")), str(Need(8)), str(Need("∞", "wild"))
    ('3 blue', '2 not orange', '8', '∞ wild')
    """

    amount: Number
    color: str | None = None

    def __str__(self) -> str:
        amount = "" if self.amount is None else str(self.amount)
        return " ".join(part for part in (amount, self.color or "") if part)


@dataclass(frozen=True)
class Printing:
    """One printing of a card: its set, collector number and rarity as the
    data gives them (``None`` where blank), the id OCTGN gives it (what deck
    files name) and the line of its ``<card>`` in the set's file."""

    set_name: str
    set_id: str
    number: str | None
    rarity: str | None
    octgn_id: str
    line: int


@dataclass(frozen=True, kw_only=True)
class Side:
    """A card's printed information: a card's front, or its other side."""

    name: str
    subtitle: str | None = None
    type: str | None = None
    colors: tuple[str, ...] = ()
    power: Number = None
    cost: Number = None
    requirement: tuple[Need, ...] = ()
    traits: tuple[str, ...] = ()
    keywords: tuple[Keyword, ...] = ()
    text: str = ""
    owner_needs: tuple[Need, ...] = ()
    opponent_needs: tuple[Need, ...] = ()
    bonus: Number = None
    points: Number = None
    home_limit: Number = None
    extra: dict[str, str] = field(default_factory=dict, hash=False)

    @property
    def full_name(self) -> str:
        """Title followed by subtitle (201.1)."""
        return f"{self.name}, {self.subtitle}" if self.subtitle else self.name

    @property
    def is_multicolor(self) -> bool:
        return len(self.colors) > 1

    def keyword(self, name: str) -> Keyword | None:
        """The keyword called ``name`` (case and punctuation folded), if the side has it."""
        wanted = fold(name)
        return next((keyword for keyword in self.keywords if fold(keyword.name) == wanted), None)

    def as_dict(self) -> dict:
        """The side as JSON-ready values."""
        data = {}
        for item in fields(Side):
            value = getattr(self, item.name)
            if item.name in ("requirement", "owner_needs", "opponent_needs"):
                value = [need._asdict() for need in value]
            elif item.name == "keywords":
                value = [keyword._asdict() for keyword in value]
            elif isinstance(value, tuple):
                value = list(value)
            elif isinstance(value, dict):
                value = dict(value)
            data[item.name] = value
        return data


@dataclass(frozen=True, kw_only=True)
class Card(Side):
    """One card: its front side, a unique ``id``, its printings (at least
    one, in the database's order) and its other side, if it has one."""

    id: str
    printings: tuple[Printing, ...] = ()
    boosted: Side | None = None

    @property
    def sets(self) -> tuple[str, ...]:
        """The names of the sets it was printed in, each once."""
        return tuple(dict.fromkeys(printing.set_name for printing in self.printings))

    def as_dict(self) -> dict:
        """The card as JSON-ready values."""
        return {"id": self.id, **super().as_dict(),
                "boosted": self.boosted.as_dict() if self.boosted else None,
                "printings": [vars(printing).copy() for printing in self.printings]}


@dataclass(frozen=True)
class CardSet:
    """One set of the card data: its name and id, the ids of the cards
    printed in it (in the set's order, each once), how many printings it
    holds, where its file is (relative to the data's root) and the lines
    of the ``<card>`` elements its file comments out (not cards: counted, not read)."""

    name: str
    id: str
    path: str
    cards: tuple[str, ...]
    printings: int
    commented_out: tuple[int, ...] = ()
