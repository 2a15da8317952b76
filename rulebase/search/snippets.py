"""Where a query matched: a short stretch of a hit's text with the matched
words marked.

>>> html, plain = snippet("If both players' power totals are the same, each player flips.", {"total", "same"})
>>> html
'If both players&#x27; power <mark>totals</mark> are the <mark>same</mark>, each player flips.'
>>> plain == "If both players' power totals are the same, each player flips."
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape, unescape

from rulebase.search.analysis import analyzer

WIDTH = 240

_ANALYZER = analyzer()
_MARK = re.compile(r"(</?mark>)")


@dataclass(frozen=True)
class Analysed:
    """A text with its spacing made single, and each of its words as
    ``(start, end, indexed form)``: what a snippet needs of a text that does
    not depend on the query (kept per entry by the search)."""

    text: str
    tokens: tuple[tuple[int, int, str], ...]


def analyse(text: str) -> Analysed:
    """The :class:`Analysed` form of ``text``."""
    text = " ".join(text.split())
    return Analysed(text, tuple((token.startchar, token.endchar, token.text)
                                for token in _ANALYZER(text, chars=True)))


def matches(text: str, stems: set[str]) -> list[tuple[int, int]]:
    """The character spans of the words of ``text`` whose indexed form is
    one of ``stems``."""
    if not stems or not text:
        return []
    return [(token.startchar, token.endchar) for token in _ANALYZER(text, chars=True) if token.text in stems]


def _window(text: str, spans: list[tuple[int, int]], width: int) -> tuple[int, int]:
    if len(text) <= width:
        return 0, len(text)
    best_start, best_count = 0, -1
    for start, _ in spans or [(0, 0)]:
        begin = max(0, start - width // 4)
        count = sum(1 for s, e in spans if s >= begin and e <= begin + width)
        if count > best_count:
            best_start, best_count = begin, count
    begin = best_start
    if begin > 0:
        space = text.find(" ", begin)
        begin = space + 1 if 0 <= space < begin + 20 else begin
    end = min(len(text), begin + width)
    if end < len(text):
        space = text.rfind(" ", begin, end)
        end = space if space > begin + width // 2 else end
    return begin, end


def snippet(text: str, stems: set[str], width: int = WIDTH) -> tuple[str, str]:
    """The best stretch of ``text`` (at most about ``width`` characters) as
    HTML with ``<mark>`` around the matched words, and as plain text."""
    return snippet_of(analyse(text), stems, width)


def snippet_of(analysed: Analysed, stems: set[str], width: int = WIDTH) -> tuple[str, str]:
    """:func:`snippet` of a text analysed beforehand."""
    text = analysed.text
    spans = [(start, end) for start, end, stem in analysed.tokens if stem in stems] if stems and text else []
    begin, end = _window(text, spans, width)
    html = []
    position = begin
    for start, stop in spans:
        if start < begin or stop > end:
            continue
        html.append(escape(text[position:start]))
        html.append(f"<mark>{escape(text[start:stop])}</mark>")
        position = stop
    html.append(escape(text[position:end]))
    prefix = "…" if begin > 0 else ""
    suffix = "…" if end < len(text) else ""
    return prefix + "".join(html) + suffix, prefix + text[begin:end] + suffix


def parts(snippet_html: str) -> list[tuple[str, bool]]:
    """A snippet as plain-text pieces, each with whether it is a matched
    word: what a page shows without taking any text as markup.

    >>> parts("a <mark>b &amp; c</mark> d")
    [('a ', False), ('b & c', True), (' d', False)]
    """
    pieces, marked = [], False
    for piece in _MARK.split(snippet_html):
        if piece in ("<mark>", "</mark>"):
            marked = piece == "<mark>"
        elif piece:
            pieces.append((unescape(piece), marked))
    return pieces
