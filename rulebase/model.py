"""The values the knowledge base is made of: rule numbers, rules, glossary
entries, card errata and the sections of unnumbered documents.

Everything here is plain data; parsing lives in :mod:`rulebase.parse` and the
cross-references in :mod:`rulebase.graph`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import total_ordering

from rulebase.errors import RuleNumberError

_CCG_NUMBER = re.compile(
    r"^(?P<section>\d{3})"
    r"(?:\.(?P<major>\d+)(?P<letter>[a-z])?(?:\.(?P<roman>[ivx]+))?)?$"
)
_TCG_NUMBER = re.compile(r"^(?P<a>\d{3})\.(?P<b>\d+)\.(?P<c>\d+)$")
_ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7, "viii": 8, "ix": 9, "x": 10}


def roman_value(text: str) -> int:
    """The value of a roman numeral of i, v and x (``xi`` is 11)."""
    values = [{"i": 1, "v": 5, "x": 10}[ch] for ch in text]
    return sum(-v if v < after else v for v, after in zip(values, values[1:] + [0]))


@total_ordering
@dataclass(frozen=True)
class RuleNumber:
    """A rule number, in either game's style.

    The CCG numbers rules ``514``, ``514.4``, ``514.4c`` and ``514.4c.i``;
    the TCG numbers them ``405.2.0``.  A number parses from and prints to the
    same text:

    >>> RuleNumber.parse("505.1d.i")
    RuleNumber.parse('505.1d.i')
    >>> str(RuleNumber.parse("514.4c").parent)
    '514.4'
    >>> RuleNumber.parse("514.4") == RuleNumber.parse("514.40")
    False
    """

    parts: tuple
    style: str = "ccg"

    @classmethod
    def parse(cls, text: str) -> "RuleNumber":
        """Parse a number as printed (surrounding parentheses allowed).

        Raises :class:`~rulebase.errors.RuleNumberError` for anything that
        is not a rule number.
        """
        cleaned = text.strip().strip("()").strip()
        match = _TCG_NUMBER.match(cleaned)
        if match:
            return cls((int(match["a"]), int(match["b"]), int(match["c"])), "tcg")
        match = _CCG_NUMBER.match(cleaned)
        if not match:
            raise RuleNumberError(text)
        parts: list = [int(match["section"])]
        if match["major"] is not None:
            parts.append(int(match["major"]))
            if match["letter"]:
                parts.append(match["letter"])
                if match["roman"]:
                    parts.append(match["roman"])
        return cls(tuple(parts), "ccg")

    @classmethod
    def is_valid(cls, text: str) -> bool:
        try:
            cls.parse(text)
        except RuleNumberError:
            return False
        return True

    def __str__(self) -> str:
        if self.style == "tcg":
            return ".".join(str(p) for p in self.parts)
        text = str(self.parts[0])
        if len(self.parts) > 1:
            text += f".{self.parts[1]}"
        if len(self.parts) > 2:
            text += self.parts[2]
        if len(self.parts) > 3:
            text += f".{self.parts[3]}"
        return text

    def __repr__(self) -> str:
        return f"RuleNumber.parse({str(self)!r})"

    @property
    def section(self) -> int:
        """The three-digit section (``514`` for ``514.4c``)."""
        return self.parts[0]

    @property
    def chapter(self) -> int:
        """The chapter the section belongs to (``5`` for ``514.4c``)."""
        return self.parts[0] // 100

    @property
    def depth(self) -> int:
        """0 for a section, 1 for ``514.4``, 2 for ``514.4c``, 3 below."""
        if self.style == "tcg":
            a, b, c = self.parts
            return 0 if (b, c) == (0, 0) else (1 if c == 0 else 2)
        return len(self.parts) - 1

    @property
    def parent(self) -> "RuleNumber | None":
        """The number one level up, or None for a section."""
        if self.style == "tcg":
            a, b, c = self.parts
            if c:
                return RuleNumber((a, b, 0), "tcg")
            if b:
                return RuleNumber((a, 0, 0), "tcg")
            return None
        if len(self.parts) == 1:
            return None
        return RuleNumber(self.parts[:-1], "ccg")

    def sort_key(self) -> tuple:
        key = []
        for part in self.parts:
            if isinstance(part, int):
                key.append(part)
            elif part in _ROMAN:
                key.append(100 + _ROMAN[part])
            elif len(part) > 1:  # a roman numeral past x (xi, xii, ...)
                key.append(100 + roman_value(part))
            else:
                key.append(ord(part))
        return (self.style, tuple(key))

    def __lt__(self, other: "RuleNumber") -> bool:
        return self.sort_key() < other.sort_key()

    def with_section(self, section: int) -> "RuleNumber":
        """The same number moved to another section (``601.1a`` -> ``604.1a``)."""
        return RuleNumber((section,) + tuple(self.parts[1:]), self.style)


@dataclass
class Rule:
    """One numbered rule (or a numbered section heading such as ``(514) Faceoffs``).

    ``number`` is the number the rule is known by in the graph; where the
    document misprints it, ``printed_number`` keeps the number as printed
    (``None`` for a rule printed without a number) and ``number`` is the one
    inferred from its place in the document.
    """

    number: RuleNumber
    printed_number: str | None
    text: str
    printed: str
    line: int
    title: str | None = None
    is_section: bool = False
    id_suffix: str = ""
    references: list[str] = field(default_factory=list)

    @property
    def key(self) -> str:
        """The rule's key within its document: the number, plus a suffix
        where a document prints the same number twice."""
        return str(self.number) + self.id_suffix


@dataclass
class Chapter:
    """A numbered chapter heading such as ``5. Game Concepts``."""

    number: int
    title: str
    line: int


@dataclass
class GlossaryEntry:
    """A glossary entry: ``Calming X`` is term ``Calming`` with parameter ``X``."""

    term: str
    parameter: str | None
    kind: str
    definition: str
    text: str
    printed: str
    line: int
    quoted: str | None = None

    @property
    def name(self) -> str:
        return f"{self.term} {self.parameter}" if self.parameter else self.term


@dataclass
class Mark:
    """A publisher's mark in an erratum's text: ``insert`` (underlined),
    ``delete`` (struck through) or ``break`` (a paragraph break)."""

    kind: str
    text: str


@dataclass
class Erratum:
    """One card's entry in the card errata.

    ``old`` and ``new`` are plain text with the publisher's marks removed
    (``None`` where the entry does not give that side); ``new_marks`` and
    ``old_marks`` list the marks in order; ``changes`` lists non-text changes
    such as ``Added "Epic" trait.``.  ``texts`` holds the quoted texts of an
    entry that gives neither OLD nor NEW but only the corrected wording.
    """

    set_name: str
    title: str
    subtitle: str | None
    old: str | None
    new: str | None
    printed: str
    line: int
    old_marks: list[Mark] = field(default_factory=list)
    new_marks: list[Mark] = field(default_factory=list)
    changes: list[str] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)

    @property
    def card(self) -> str:
        return f"{self.title} {self.subtitle}" if self.subtitle else self.title


@dataclass
class Section:
    """A titled section of an unnumbered document, with its paragraphs.

    ``level`` is the heading depth (1 for the top); ``slug`` is unique within
    the document and becomes part of the section's stable id.
    """

    title: str
    level: int
    slug: str
    paragraphs: list[str]
    printed: str
    line: int
    parent_slug: str | None = None
