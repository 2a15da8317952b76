"""A node's text cut into segments: plain text, cross-references to other
rules and glossary terms, each with where it links to.

The segments carry plain text only; the templates escape it and add the
links, so the documents' text never becomes markup.
"""

from __future__ import annotations

import re
from functools import lru_cache
from dataclasses import dataclass

from rulebase.web.catalog import Catalog

_CITED_NUMBER = re.compile(r"(?<![\w.])\(?(\d{3}(?:\.\d+[a-z]?(?:\.[ivx]+)?)?)\)?(?![\w]|\.\d)")


@dataclass(frozen=True)
class Segment:
    """A piece of text; ``kind`` is ``text``, ``ref`` (a rule that exists),
    ``broken`` (a cited rule that does not) or ``term`` (a glossary term)."""

    text: str
    kind: str = "text"
    href: str | None = None
    tip: str | None = None


def _number_pattern(number: str) -> re.Pattern:
    return re.compile(r"(?<![\w.])" + re.escape(number) + r"(?![\w]|\.\d)")


def _term_pattern(data: dict) -> re.Pattern:
    flags = re.I if data.get("term_kind") in ("term", "trait", "word") else 0
    return re.compile(r"(?<![\w-])" + re.escape(data.get("term") or data["title"]) + r"(?![\w-])", flags)


def _claim(spans: list, start: int, end: int, segment: Segment) -> bool:
    if any(start < other_end and other_start < end for other_start, other_end, _ in spans):
        return False
    spans.append((start, end, segment))
    return True


def linked_paragraphs(catalog: Catalog, node: str) -> list[list[Segment]]:
    """The node's text as paragraphs of segments, references and the first
    use of each glossary term linked."""
    data = catalog.data[node]
    text = data.get("text") or ""
    spans: list[tuple[int, int, Segment]] = []
    document = data.get("document")
    for number in dict.fromkeys(data.get("references") or []):
        target = f"{document}/{number}"
        for match in _number_pattern(number).finditer(text):
            if target in catalog.data:
                segment = Segment(match.group(), "ref", catalog.url(target), catalog.short_text(target, 200))
            else:
                segment = Segment(match.group(), "broken", None, f"{number} is not a rule of this document")
            _claim(spans, match.start(), match.end(), segment)
    if data["kind"] == "glossary":
        home = catalog.glossary_home(node)
        for match in _CITED_NUMBER.finditer(text):
            target = f"{home}/{match.group(1)}"
            if target in catalog.data:
                _claim(spans, match.start(1), match.end(1),
                       Segment(match.group(1), "ref", catalog.url(target), catalog.short_text(target, 200)))
    terms = sorted(catalog.graph.terms(node), key=lambda term: -len(catalog.data[term].get("term") or ""))
    for term in terms:
        for match in _term_pattern(catalog.data[term]).finditer(text):
            segment = Segment(match.group(), "term", catalog.url(term), catalog.short_text(term, 300))
            if _claim(spans, match.start(), match.end(), segment):
                break
    return _paragraphs(text, sorted(spans, key=lambda span: span[0]))


def _paragraphs(text: str, spans) -> list[list[Segment]]:
    paragraphs: list[list[Segment]] = [[]]

    def plain(chunk: str):
        for index, line in enumerate(chunk.split("\n")):
            if index:
                paragraphs.append([])
            if line:
                paragraphs[-1].append(Segment(line))

    position = 0
    for start, end, segment in spans:
        plain(text[position:start])
        paragraphs[-1].append(segment)
        position = end
    plain(text[position:])
    return [paragraph for paragraph in paragraphs if paragraph]


@lru_cache(maxsize=4)
def glossary_patterns(cat: Catalog, game: str) -> tuple[tuple[str, re.Pattern], ...]:
    """The glossary entries of a game's current rules with the pattern of
    each term, the longest terms first (so that a term inside a longer one
    is not linked in its place)."""
    entries = cat.glossary_entries(cat.current[game]) if game in cat.current else []
    entries = sorted(entries, key=lambda entry: -len(cat.data[entry].get("term") or cat.data[entry]["title"]))
    return tuple((entry, _term_pattern(cat.data[entry])) for entry in entries)


def linked_text(cat: Catalog, game: str, text: str, keywords: list[str]) -> list[list[Segment]]:
    """A card's text as paragraphs of segments: each use of the card's
    keywords (their glossary entries, ``keywords``) and the first use of
    each other glossary term linked to its entry, with its definition as
    the tip."""
    spans: list = []
    for entry in keywords:
        for match in _term_pattern(cat.data[entry]).finditer(text):
            _claim(spans, match.start(), match.end(), Segment(match.group(), "term", cat.url(entry),
                                                                 cat.short_text(entry, 300)))
    for entry, pattern in glossary_patterns(cat, game):
        if entry in keywords:
            continue
        for match in pattern.finditer(text):
            if _claim(spans, match.start(), match.end(), Segment(match.group(), "term", cat.url(entry),
                                                                    cat.short_text(entry, 300))):
                break
    return _paragraphs(text, sorted(spans, key=lambda span: span[0]))
