"""Rule numbers in a query, in every form a judge types them.

``514.4c``, ``514.4 c``, ``rule 514.4c``, ``CR 514``, ``(514.4c)``, ``514``
(the section and its rules), ranges ``514.4a-c``, ``514.4a-514.4c`` and
``512.*``, and the TCG's ``405.2.0``.  A number is matched exactly:
``514.4`` is not ``514.40``.

>>> [str(n) for n in find_numbers("see rule 514.4 c and (512.4d)")[0]]
['514.4c', '512.4d']
>>> found, rest = find_numbers("514.4a-c tied")
>>> str(found[0]), rest.strip()
('514.4a-514.4c', 'tied')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulebase.errors import RuleNumberError
from rulebase.model import RuleNumber

_ROMAN = r"(?:viii|vii|iii|vi|iv|ix|ii|v|x|i)"
_CORE = rf"\d{{3}}(?:\.\d+(?:\.\d+|\s?[a-z](?:\.{_ROMAN})?(?![a-z]))?)?"
_PATTERN = re.compile(
    rf"(?:\b(?:rules?|cr|section|sec)\.?\s*|[§#]\s*|(?<![\w.,]))\(?(?P<start>{_CORE})"
    rf"(?:(?P<star>\.?\*)|\s*(?:-|–|—|\.\.|\bto\b|\bthrough\b)\s*"
    rf"(?P<end>{_CORE}|\d{{1,2}}|[a-z])(?![\w]))?\)?(?![\w])",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class NumberQuery:
    """A rule number (with its sub-rules) or a range of rule numbers."""

    start: RuleNumber
    end: RuleNumber | None = None
    spaced_letter: bool = False

    def __str__(self) -> str:
        return f"{self.start}-{self.end}" if self.end else str(self.start)

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
    """The rule numbers in a query, and the query without them."""
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
        found.append(NumberQuery(start, end, spaced_letter=" " in raw))
        rest.append(text[position:match.start()])
        position = match.end()
    rest.append(text[position:])
    return found, " ".join(rest)


def as_tcg(number: RuleNumber) -> RuleNumber | None:
    """A CCG-style number without letters read as a TCG number
    (``405`` -> ``405.0.0``, ``405.2`` -> ``405.2.0``), or None."""
    if number.style != "ccg" or any(isinstance(part, str) for part in number.parts):
        return None
    parts = tuple(number.parts) + (0,) * (3 - len(number.parts))
    return RuleNumber(parts, "tcg")
