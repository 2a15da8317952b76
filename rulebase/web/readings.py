"""How the engine reads a rule, for the rule's page: the rule's
interpretations (:mod:`rulebase.interpretations`), and the rule's text with
the words each one reads marked.

The marks are made on the segments of the text (:mod:`rulebase.web.linking`),
so the templates still escape all of it and keep its links.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import pairwise

from rulebase.interpretations import find, interpretations_of
from rulebase.web.catalog import Catalog
from rulebase.web.linking import Segment


@dataclass
class Run:
    """Consecutive segments of a paragraph, all read by the same
    interpretation (``reading``, its number on the page, from 1) or by none."""

    reading: int | None
    segments: list[Segment] = field(default_factory=list)


def readings(cat: Catalog, node: str, paragraphs: list[list[Segment]]) -> dict | None:
    """The interpretations of a rule as its page shows them, or None if
    it has none: ``entries`` (each with its anchor ``id``, the words it
    ``reads``, whether they are ``marked`` in the text, its ``reading``,
    ``why`` and ``where`` it is written) and the rule's ``paragraphs`` as
    runs of segments (:func:`marked`)."""
    entries = interpretations_of(cat.graph, node)
    if not entries:
        return None
    text = cat.data[node].get("text") or ""
    spans = []
    rows = []
    for number, entry in enumerate(entries, 1):
        span = find(entry.reads, text)
        if span is not None:
            spans.append((*span, number))
        rows.append({"id": f"reading-{number}", "number": number, "reads": entry.reads, "marked": span is not None,
                     "reading": entry.reading, "why": entry.why, "where": entry.where})
    return {"entries": rows, "paragraphs": marked(paragraphs, text, spans)}


def marked(paragraphs: list[list[Segment]], text: str, spans: list[tuple[int, int, int]]) -> list[list[Run]]:
    """The paragraphs of ``text`` as runs: a plain segment is cut where a
    span of ``(start, end, reading)`` begins or ends; a link inside a span
    is marked whole.  Where spans overlap, the first one given wins.

    >>> [[(run.reading, [s.text for s in run.segments]) for run in p]
    ...  for p in marked([[Segment("Draw a card, then discard.")]], "Draw a card, then discard.", [(5, 11, 1)])]
    [[(None, ['Draw ']), (1, ['a card']), (None, [', then discard.'])]]
    """
    result = []
    position = 0
    for paragraph in paragraphs:
        runs: list[Run] = []
        for segment in paragraph:
            start = text.find(segment.text, position)
            if start < 0:  # not the node's text: leave it unmarked
                _add(runs, segment, None)
                continue
            end = position = start + len(segment.text)
            if segment.kind != "text":
                _add(runs, segment, _reading_at(spans, start, end))
                continue
            cuts = sorted({start, end, *(edge for span in spans for edge in span[:2] if start < edge < end)})
            for left, right in pairwise(cuts):
                _add(runs, Segment(text[left:right]), _reading_at(spans, left, right))
        result.append(runs)
    return result


def _add(runs: list[Run], segment: Segment, reading: int | None) -> None:
    if not runs or runs[-1].reading != reading:
        runs.append(Run(reading))
    runs[-1].segments.append(segment)


def _reading_at(spans, start: int, end: int) -> int | None:
    return next((reading for left, right, reading in spans if left < end and start < right), None)
