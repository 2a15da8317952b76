"""Rule numbers as a person types them, and the closest existing numbers to
one that names nothing.

Every front end reads what a judge typed with :func:`read` (one number) or
:func:`read_query` (a number, a range or a pattern), finds the numbers inside
a longer text with :func:`find_numbers`, and suggests numbers with
:func:`closest`; :class:`~rulebase.model.RuleNumber` itself reads only a
number as printed.

A number is typed ``514.4c``, ``514.4 c``, ``514.4C``, ``rule 514.4c``, ``CR
514``, ``(514.4c)`` or ``§514``, and the TCG's ``405.2.0``; a range
``514.4a-c``, ``514.4a-514.4c`` or ``101 to 103``; a pattern ``512.*``.  A
number is matched exactly: ``514.4`` is not ``514.40``.

>>> read("rule 514.4 C")
RuleNumber.parse('514.4c')
>>> str(read_query("514.4a-c")), str(read_query("512.*")), read_query("514.4c tied")
('514.4a-514.4c', '512.*', None)
>>> [str(n) for n in find_numbers("see rule 514.4 c and (512.4d)")[0]]
['514.4c', '512.4d']
>>> closest("514.4z", ["514", "514.4", "514.4a", "514.4b", "514.4c", "514.5", "515.1"])
['514.4c', '514.4b', '514.4a', '514.4', '514.5']
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Mapping

from rapidfuzz.distance import OSA

from rulebase.errors import RuleNumberError
from rulebase.model import RuleNumber, roman_value

_ROMAN_TEXT = r"(?:viii|vii|iii|vi|iv|ix|ii|v|x|i)"
_CORE = rf"\d{{3}}(?:\.\d+(?:\.\d+|\s?[a-z](?:\.{_ROMAN_TEXT})?(?![a-z]))?)?"
_PATTERN = re.compile(
    rf"(?:\b(?:rules?|cr|section|sec)\.?\s*|[§#]\s*|(?<![\w.,]))\(?(?P<start>{_CORE})"
    rf"(?:(?P<star>\.?\*)|\s*(?:-|–|—|\.\.|\bto\b|\bthrough\b)\s*"
    rf"(?P<end>{_CORE}|\d{{1,2}}|[a-z])(?![\w]))?\)?(?![\w])",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class NumberQuery:
    """A rule number (with its sub-rules), a range of rule numbers, or a
    pattern (``512.*``: the rules of 512, never the one rule 512 alone)."""

    start: RuleNumber
    end: RuleNumber | None = None
    spaced_letter: bool = False
    pattern: bool = False

    def __str__(self) -> str:
        if self.end:
            return f"{self.start}-{self.end}"
        return f"{self.start}.*" if self.pattern else str(self.start)

    @property
    def is_single(self) -> bool:
        """Whether it names one number (not a range or a pattern)."""
        return self.end is None and not self.pattern

    def without_letter(self) -> "NumberQuery | None":
        """The number without a letter typed apart from it (``514.4 a``
        read as ``514.4`` followed by the word "a"), for when the lettered
        rule does not exist."""
        if not self.spaced_letter:
            return None
        return NumberQuery(RuleNumber(self.start.parts[:2], self.start.style))

    def covers(self, number: RuleNumber, ancestors: list[RuleNumber]) -> bool:
        """Whether ``number`` (whose ancestors' numbers are given) is matched."""
        if number.style != self.start.style:
            return False
        if self.end is None:
            return number == self.start or self.start in ancestors
        return self.start <= number and (number <= self.end or self.end in ancestors)


def _end(start: RuleNumber, text: str) -> RuleNumber | None:
    text = text.lower().replace(" ", "")
    try:
        return RuleNumber.parse(text)
    except RuleNumberError:
        pass
    parts = list(start.parts)
    if text.isalpha() and len(text) == 1 and len(parts) >= 3 and isinstance(parts[2], str):
        return RuleNumber(tuple(parts[:2]) + (text,), start.style)
    if text.isdigit() and start.style == "ccg" and len(parts) == 2:
        return RuleNumber((parts[0], int(text)), "ccg")
    if text.isdigit() and start.style == "tcg":
        index = 2 if parts[2] else 1
        parts[index] = int(text)
        return RuleNumber(tuple(parts), "tcg")
    return None


def find_numbers(text: str) -> tuple[list[NumberQuery], str]:
    """The rule numbers in a text, and the text without them."""
    found = []
    rest = []
    position = 0
    for match in _PATTERN.finditer(text):
        raw = match["start"]
        try:
            start = RuleNumber.parse(raw.lower().replace(" ", ""))
        except RuleNumberError:
            continue
        end = _end(start, match["end"]) if match["end"] else None
        if match["end"] and end is None:
            continue
        if end is not None and end < start:
            start, end = end, start
        found.append(NumberQuery(start, end, spaced_letter=" " in raw, pattern=bool(match["star"])))
        rest.append(text[position:match.start()])
        position = match.end()
    rest.append(text[position:])
    return found, " ".join(rest)


def read_query(text: str) -> NumberQuery | None:
    """The number, range or pattern that ``text`` is, all of it (spacing
    and closing punctuation aside), or None when it is anything else."""
    if not isinstance(text, str) or len(text) > 100:
        return None
    found, rest = find_numbers(text.strip())
    if len(found) != 1 or any(ch.isalnum() for ch in rest):
        return None
    return found[0]


def read(text: str) -> RuleNumber:
    """The one rule number ``text`` is, in any form a person types it.

    Raises :class:`~rulebase.errors.RuleNumberError` for anything else
    (words, a range, a pattern).
    """
    try:
        return RuleNumber.parse(text)
    except (RuleNumberError, AttributeError):
        pass
    query = read_query(text)
    if query is None or not query.is_single:
        raise RuleNumberError(text if isinstance(text, str) else repr(text))
    return query.start


def as_tcg(number: RuleNumber) -> RuleNumber | None:
    """A CCG-style number without letters read as a TCG number
    (``405`` -> ``405.0.0``, ``405.2`` -> ``405.2.0``), or None."""
    if number.style != "ccg" or any(isinstance(part, str) for part in number.parts):
        return None
    parts = tuple(number.parts) + (0,) * (3 - len(number.parts))
    return RuleNumber(parts, "tcg")


# -- the closest numbers ---------------------------------------------------------

# What each way of being close costs; the cheapest suggestions come first.
TYPO = 1.0        # one edit away as typed: a key missed, doubled, swapped or dropped
TWO_TYPOS = 2.0
SIBLING = 1.0     # the same parent, plus SIBLING_STEP for each number or letter between
SIBLING_STEP = 0.1
ANCESTOR = 1.5    # the nearest existing rule above it
SECTION = 2.5     # the same section
ELSEWHERE = 3.0   # anywhere else in the document, the nearest in order first


def _edits(a: str, b: str, bound: int = 2) -> int:
    """Edits (insert, delete, substitute, swap two neighbours) from ``a`` to
    ``b`` (the optimal string alignment distance, as the search's
    spelling correction counts them), or ``bound + 1`` when there are more
    than ``bound``.

    >>> _edits("541.4c", "514.4c"), _edits("514.4c", "514.4c"), _edits("1", "999.9")
    (1, 0, 3)
    """
    return OSA.distance(a, b, score_cutoff=bound)


def _rank(number: RuleNumber) -> int:
    """The part that tells a number from its siblings, as a count: 4 for
    ``514.4``, 9 for ``514.4i`` (a letter), 2 for ``505.1d.ii`` and 11 for
    ``505.1d.xi`` (roman numerals)."""
    if number.style == "tcg":
        return number.parts[number.depth]
    part = number.parts[-1]
    if isinstance(part, int):
        return part
    if len(number.parts) == 4:
        return roman_value(part)
    return ord(part) - ord("a") + 1


def _ancestors(number: RuleNumber) -> list[RuleNumber]:
    found = []
    parent = number.parent
    while parent is not None:
        found.append(parent)
        parent = parent.parent
    return found


def _as_number(value) -> RuleNumber | None:
    if isinstance(value, RuleNumber):
        return value
    return _read_key(str(value))


@lru_cache(maxsize=8192)
def _read_key(text: str) -> RuleNumber | None:
    try:
        return read(text)
    except RuleNumberError:
        return None


def closest(wanted, existing: Iterable, limit: int = 5, printed: Mapping[str, list[str]] | None = None) -> list[str]:
    """The existing numbers nearest to ``wanted`` (a :class:`RuleNumber` or
    text a person typed), best first, as they are given in ``existing``
    (numbers or keys; keys that are not numbers, such as the second
    ``705.2b~2`` of a document, are passed over).  ``printed`` gives, by
    the number printed, the keys of rules a document misprints: those
    printed as ``wanted`` come first (``601.1a`` for the 3.4 rules, which
    print 604.1a and 605.1a so).

    Near means, for a judge: the same number with a typing slip (one key
    missed, doubled, swapped or dropped: ``541.4c`` for ``514.4c``), its
    siblings under the same parent, nearest first, the nearest rule above
    it, the rest of its section, then the numbers nearest it in order.
    Only numbers of the same game's style are suggested (a CCG-style
    number without letters is read in the TCG's where only TCG numbers are
    given: ``405.2`` as ``405.2.0``); a document with rules always gives
    some.  A ``wanted`` that is not a number gets none.
    """
    number = _as_number(wanted)
    if number is None or limit < 1:
        return []
    misprinted = list(dict.fromkeys((printed or {}).get(str(number), [])))[:limit]
    return misprinted + [key for key in _nearest(number, existing, limit + len(misprinted))
                         if key not in misprinted][:limit - len(misprinted)]


def _nearest(number: RuleNumber, existing: Iterable, limit: int) -> list[str]:
    every: dict[RuleNumber, str] = {}
    for value in existing:
        candidate = _as_number(value) if "~" not in str(value) else None
        if candidate is not None:
            every.setdefault(candidate, str(value))
    styles = {candidate.style for candidate in every}
    if number.style not in styles and as_tcg(number) is not None and "tcg" in styles:
        number = as_tcg(number)
    candidates = {candidate: key for candidate, key in every.items()
                  if candidate.style == number.style and candidate != number}
    if not candidates:
        return []
    ordered = sorted(candidates)
    place = bisect_left(ordered, number)
    typed = str(number)
    parent = number.parent
    ancestors = _ancestors(number)
    nearest_ancestor = next((i for i, a in enumerate(ancestors) if a in candidates), None)
    scored = []
    for index, candidate in enumerate(ordered):
        # How far it is in order: the numbers just before and just after first.
        near = (place - index, 1) if index < place else (index - place + 1, 0)
        edits = _edits(typed, str(candidate))
        cost = TYPO if edits == 1 else TWO_TYPOS if edits == 2 else ELSEWHERE
        relation = 2
        if candidate.parent == parent and candidate.depth == number.depth:
            relation = 0
            steps = abs(_rank(candidate) - _rank(number))
            cost = min(cost, SIBLING + SIBLING_STEP * min(steps - 1, 10))
            near = (steps, index < place)
        elif candidate in ancestors:
            relation = 1
            cost = min(cost, ANCESTOR if ancestors.index(candidate) == nearest_ancestor else SECTION)
        elif candidate.section == number.section:
            cost = min(cost, SECTION)
        scored.append((cost, relation, near, candidate))
    scored.sort(key=lambda item: item[:3])
    return [candidates[candidate] for *_, candidate in scored[:limit]]
