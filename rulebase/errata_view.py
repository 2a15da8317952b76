"""A card erratum as it is shown: the OLD and NEW texts side by side, with the
words that differ between them and the publisher's own marks.

Two kinds of highlight are kept apart: ``changed`` is computed here, by a
word diff of the two texts; ``mark`` is what the publisher printed
(``insert`` for underlined words, ``delete`` for struck-out words).

>>> view = texts_view("Play when you flip a card.", "After you flip a card.", [], [("insert", "After")])
>>> [(p.text, p.changed, p.mark) for p in view.new[0]]
[('After', True, 'insert'), (' you flip a card.', False, None)]
>>> [(p.text, p.changed) for p in view.old[0]]
[('Play when', True), (' you flip a card.', False)]
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from difflib import SequenceMatcher

from rulebase.graph import RuleGraph

_TOKEN = re.compile(r"\s+|\w+(?:['’-]\w+)*|[^\w\s]")


@dataclass(frozen=True)
class Piece:
    """A run of text with the same highlights."""

    text: str
    changed: bool = False
    mark: str | None = None


@dataclass
class ErratumView:
    """The sides of an erratum, each a list of paragraphs of pieces.

    ``old`` and ``new`` are empty where the entry gives no such side;
    ``texts`` are the corrected wordings of an entry without OLD/NEW;
    ``struck`` lists words the publisher struck out of a corrected wording
    (they are not part of its text, so they cannot be shown in place).
    """

    old: list[list[Piece]] = field(default_factory=list)
    new: list[list[Piece]] = field(default_factory=list)
    texts: list[list[list[Piece]]] = field(default_factory=list)
    changes: list[str] = field(default_factory=list)
    struck: list[str] = field(default_factory=list)

    def as_dict(self) -> dict:
        """JSON-ready: each piece as ``{"text", "changed", "mark"}``."""
        return asdict(self)


def _tokens(text: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), m.group()) for m in _TOKEN.finditer(text)]


def word_diff(old: str, new: str) -> tuple[list[bool], list[bool]]:
    """For each character of ``old`` and of ``new``: whether it belongs to a
    word that the other text does not have at that place.

    >>> old, new = word_diff("a b c", "a x c")
    >>> "".join("^" if c else " " for c in new)
    '  ^  '
    """
    old_tokens = [t for t in _tokens(old) if not t[2].isspace()]
    new_tokens = [t for t in _tokens(new) if not t[2].isspace()]
    old_changed, new_changed = [False] * len(old), [False] * len(new)
    matcher = SequenceMatcher(None, [t[2].lower() for t in old_tokens], [t[2].lower() for t in new_tokens],
                              autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        _flag(old_changed, old_tokens[i1:i2])
        _flag(new_changed, new_tokens[j1:j2])
    return old_changed, new_changed


def _flag(flags: list[bool], tokens: list[tuple[int, int, str]]) -> None:
    if not tokens:
        return
    # One run from the first to the last token, spaces between them included.
    for index in range(tokens[0][0], tokens[-1][1]):
        flags[index] = True


def _locate(texts: list[str], marks: list[tuple[str, str]]) -> list[list[str | None]]:
    """Per text, per character: the publisher's mark covering it.

    Marks are found in order: each is looked for after the previous one, in
    the same text or a later one, and anywhere free when that fails.
    """
    covered: list[list[str | None]] = [[None] * len(text) for text in texts]
    cursor = (0, 0)
    for kind, mark_text in marks:
        needle = mark_text.strip()
        if kind == "break" or not needle:
            continue
        found = _find(texts, covered, needle, cursor) or _find(texts, covered, needle, (0, 0))
        if found is None:
            continue
        index, start = found
        for position in range(start, start + len(needle)):
            covered[index][position] = kind
        cursor = (index, start + len(needle))
    return covered


def _find(texts, covered, needle, cursor) -> tuple[int, int] | None:
    first, offset = cursor
    for index in range(first, len(texts)):
        start = texts[index].find(needle, offset if index == first else 0)
        while start != -1:
            if not any(covered[index][start:start + len(needle)]):
                return index, start
            start = texts[index].find(needle, start + 1)
    return None


def _pieces(text: str, changed: list[bool], marks: list[str | None]) -> list[list[Piece]]:
    """Split a text into paragraphs of pieces with uniform highlights."""
    paragraphs: list[list[Piece]] = [[]]
    start = 0
    for index in range(1, len(text) + 1):
        boundary = index == len(text) or text[index] == "\n" or text[index - 1] == "\n" \
            or changed[index] != changed[start] or marks[index] != marks[start]
        if not boundary:
            continue
        chunk = text[start:index]
        if chunk == "\n":
            paragraphs.append([])
        elif chunk:
            paragraphs[-1].append(Piece(chunk, changed[start], marks[start]))
        start = index
    return [paragraph for paragraph in paragraphs if paragraph]


def texts_view(old: str | None, new: str | None, old_marks, new_marks, texts=(), changes=()) -> ErratumView:
    """The view of an erratum given its texts and marks (as the graph keeps them:
    ``(kind, text)`` pairs)."""
    view = ErratumView(changes=list(changes))
    old_marks = [tuple(mark) for mark in old_marks]
    new_marks = [tuple(mark) for mark in new_marks]
    if old is not None and new is not None:
        old_changed, new_changed = word_diff(old, new)
    else:
        old_changed = [False] * len(old or "")
        new_changed = [False] * len(new or "")
    if old is not None:
        (old_cover,) = _locate([old], old_marks)
        view.old = _pieces(old, old_changed, old_cover)
    # The corrected side's struck words were dropped from its text.
    shown = [mark for mark in new_marks if mark[0] != "delete"]
    view.struck = [text for kind, text in new_marks if kind == "delete"]
    corrected = [*texts, *([new] if new is not None else [])]
    covers = _locate(corrected, shown)
    for text, cover in zip(texts, covers):
        view.texts.append(_pieces(text, [False] * len(text), cover))
    if new is not None:
        view.new = _pieces(new, new_changed, covers[-1])
    return view


def erratum_view(graph: RuleGraph, node: str) -> ErratumView:
    """The view of the erratum ``node`` of the graph."""
    data = graph.node(node)
    return texts_view(data.get("old"), data.get("new"), data.get("old_marks") or [], data.get("new_marks") or [],
                      data.get("texts") or [], data.get("changes") or [])
