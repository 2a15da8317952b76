"""Reading what a judge typed: rule numbers, "quoted phrases", ``prefix*``
words and plain words.

The text is never handed to a query parser, so no syntax can break a search:
quotes that are not closed, ``AND``/``OR``/``NOT``, ``^``, ``~``, brackets
and field names are read as the plain words (or punctuation) they are.
Two cases are refused with :class:`SearchQueryError`, and only these: a query
with no letter or digit at all (such as ``*`` or an empty string), and a
query longer than :data:`MAX_QUERY_LENGTH` characters.

>>> parsed = parse('"power total" faceoff troublem* rule 514.4c')
>>> parsed.phrases, parsed.words, parsed.prefixes, [str(n) for n in parsed.numbers]
([['power', 'total']], ['power', 'total', 'faceoff'], ['troublem'], ['514.4c'])

Words in quotes, single or double, are also kept together (``quoted``): a
judge quoting card text asks about those words ("friends 'here'").

>>> parse('''the opponent's friends 'here' and "your" cards''').quoted
[('your',), ('here',)]
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from rulebase.errors import RulebaseError
from rulebase.rulenumbers import NumberQuery, find_numbers
from rulebase.search.analysis import SINGLE_QUOTED, TOKEN

MAX_QUERY_LENGTH = 1000
MAX_WORDS = 32

_QUOTES = "\"“”„«»"
_PHRASE = re.compile(rf"[{_QUOTES}]([^{_QUOTES}]*)[{_QUOTES}]")
_WORD = re.compile(rf"({TOKEN})(\*?)")
_ID = re.compile(r"^(?:ccg|tcg)/\S+$")


class SearchQueryError(RulebaseError, ValueError):
    """Raised for a query that cannot be searched: one with nothing to
    search for (no letter or digit) or one that is too long, and for search
    options that name nothing (an unknown game, edition or kind)."""


@dataclass
class ParsedQuery:
    """A query cut into what the search looks for."""

    text: str
    numbers: list[NumberQuery] = field(default_factory=list)
    phrases: list[list[str]] = field(default_factory=list)
    words: list[str] = field(default_factory=list)
    prefixes: list[str] = field(default_factory=list)
    quoted: list[tuple[str, ...]] = field(default_factory=list)
    node_id: str | None = None


def normalize(text: str) -> str:
    """The query in one normal form: compatibility characters folded
    (full-width digits, ligatures), characters that cannot be encoded
    replaced, control characters as spaces."""
    text = text.encode("utf-8", "replace").decode("utf-8")
    text = unicodedata.normalize("NFKC", text)
    return "".join(" " if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") else ch for ch in text)


def check(text: str, max_length: int = MAX_QUERY_LENGTH) -> None:
    """Raise :class:`SearchQueryError` for the two queries that are refused
    (``max_length`` may be lower than :data:`MAX_QUERY_LENGTH`, never higher)."""
    limit = min(max_length, MAX_QUERY_LENGTH)
    if len(text) > limit:
        raise SearchQueryError(f"the query is {len(text)} characters long; at most {limit} are searched")
    if not any(ch.isalnum() for ch in text):
        raise SearchQueryError(f"nothing to search for in {text.strip()[:40]!r}: type words or a rule number")


def parse(text: str, max_length: int = MAX_QUERY_LENGTH) -> ParsedQuery:
    """Cut a query into rule numbers, phrases, prefixes and words."""
    check(text, max_length)
    text = normalize(text)
    parsed = ParsedQuery(text)
    stripped = text.strip()
    if _ID.match(stripped):
        parsed.node_id = stripped
    parsed.numbers, rest = find_numbers(text)

    def quoted(match: re.Match) -> list[str]:
        words = [word.lower() for word, _ in _WORD.findall(match.group(1))]
        if words:
            parsed.quoted.append(tuple(words))
        return words

    def phrase(match: re.Match) -> str:
        words = quoted(match)
        if len(words) > 1:
            parsed.phrases.append(words)
        return " " + " ".join(words) + " "

    def single(match: re.Match) -> str:
        quoted(match)
        return " " + match.group(1) + " "

    rest = _PHRASE.sub(phrase, rest)
    rest = SINGLE_QUOTED.sub(single, rest)
    for word, star in _WORD.findall(rest):
        word = word.lower()
        if star and len(word) >= 3 and word.isalpha():
            parsed.prefixes.append(word)
        else:
            parsed.words.append(word)
    parsed.words = parsed.words[:MAX_WORDS]
    parsed.prefixes = parsed.prefixes[:4]
    parsed.phrases = parsed.phrases[:4]
    parsed.quoted = parsed.quoted[:4]
    return parsed
