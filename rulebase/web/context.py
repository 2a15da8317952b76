"""Where a page stands: which document and edition it shows and that
document's date (every page says so), and for a rule or chapter the rule
above it, the rules beside it and the ones before and after it in the
document, which its page shows around it and links with ``rel=prev``,
``rel=next`` and ``rel=up``."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rulebase.web.catalog import Catalog
from rulebase.web.linking import Segment, linked_paragraphs

# Siblings shown on each side of a rule when its parent has more than
# 2 * WINDOW + 1 of them (HEADING_WINDOW for a section heading, whose own
# rules fill its page); the rest are counted and the parent links them.
WINDOW = 4
HEADING_WINDOW = 2
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")


@dataclass(frozen=True)
class Link:
    """A node as a link: its label, its address and the start of its text."""

    node: str
    label: str
    url: str
    text: str


@dataclass(frozen=True)
class Sibling:
    """A rule beside the one shown: its number and title, its text linked,
    and how many sub-rules its own page has."""

    node: str
    label: str
    url: str
    title: str | None
    paragraphs: list[list[Segment]]
    subrules: int


@dataclass(frozen=True)
class Context:
    """A rule (or chapter) in its place: ``parent`` (a rule or chapter, or
    None under the document) and its text, the ``siblings`` shown around it
    (itself included), how many are left out ``before`` and ``after`` them,
    and the ``previous``, ``next`` and ``up`` links."""

    parent: Link | None
    parent_paragraphs: list[list[Segment]] = field(default_factory=list)
    siblings: list[Sibling] = field(default_factory=list)
    before: int = 0
    after: int = 0
    previous: Link | None = None
    next: Link | None = None
    up: Link | None = None


@dataclass(frozen=True)
class DocumentLine:
    """Which document a page shows: its title, its edition as the site names
    it and its date in words (``27 July 2016``, or ``undated``), with the
    date as given (``2016-07-27``, empty when undated)."""

    title: str
    edition: str
    date: str
    iso: str


def date_words(date: str | None) -> str:
    """A date of the manifest in words: a day, a month or a year.

    >>> [date_words(d) for d in ("2016-07-27", "2020-05", "2014", "", None)]
    ['27 July 2016', 'May 2020', '2014', 'undated', 'undated']
    """
    if not date:
        return "undated"
    match = re.fullmatch(r"(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?", date.strip())
    if not match or not 1 <= int(match.group(2) or 1) <= 12:
        return date
    year, month, day = match.groups()
    if month is None:
        return year
    words = f"{MONTHS[int(month) - 1]} {year}"
    return f"{int(day)} {words}" if day else words


def document_line(cat: Catalog, document: str) -> DocumentLine:
    """The document line of the pages of ``document``."""
    data = cat.data[document]
    return DocumentLine(data["title"], cat.edition_label(document), date_words(data.get("date")),
                        (data.get("date") or "").strip())


def link(cat: Catalog, node: str) -> Link:
    data = cat.data[node]
    label = cat.label(node) if data["kind"] != "document" else data["title"]
    return Link(node, label, cat.url(node), cat.short_text(node, 120) if not data.get("heading") else "")


def _sibling(cat: Catalog, node: str) -> Sibling:
    data = cat.data[node]
    subrules = sum(cat.data[child]["kind"] == "rule" for child in cat.children(node))
    label = data["key"] if data["kind"] == "rule" else cat.label(node)
    return Sibling(node, label, cat.url(node), data.get("title"),
                   linked_paragraphs(cat, node) if data["kind"] == "rule" else [], subrules)


def context(cat: Catalog, node: str) -> Context:
    """The place of a rule or chapter in its document."""
    data = cat.data[node]
    kind = data["kind"]
    parent = cat.graph.parent(node)
    order = cat.members(data["document"], kind)
    index = order.index(node)
    previous = link(cat, order[index - 1]) if index > 0 else None
    following = link(cat, order[index + 1]) if index + 1 < len(order) else None
    up = link(cat, parent) if parent is not None else None
    if parent is None or cat.data[parent]["kind"] == "document":
        above, paragraphs = None, []
    else:
        above = up
        paragraphs = linked_paragraphs(cat, parent) if cat.data[parent]["kind"] == "rule" else []
    around = [child for child in cat.children(parent) if cat.data[child]["kind"] == kind] if parent else [node]
    position = around.index(node)
    window = HEADING_WINDOW if data.get("heading") else WINDOW
    first = max(0, min(position - window, len(around) - 2 * window - 1))
    last = min(len(around), first + 2 * window + 1)
    siblings = [_sibling(cat, sibling) for sibling in around[first:last]]
    return Context(above, paragraphs, siblings, first, len(around) - last, previous, following, up)
