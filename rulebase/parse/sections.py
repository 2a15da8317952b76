"""Unnumbered documents as titled sections of paragraphs.

``grammar/sections.lark`` reads a document line by line (headings, table of
contents entries, table rows, bare title lines, list items, text); the
:class:`SectionsTransformer` turns each line into a :class:`Line`, and
:func:`parse_sections` groups the lines into :class:`~rulebase.model.Section`
values.

Two kinds of document are handled.  A document is of the kind most of its
heading-like lines are: Markdown when it has more ``#`` headings than bare
title lines, plain text otherwise, so one stray line does not change the
kind of a document (the lines of the other kind are paragraphs of it).

* **Markdown**, like the quickstart rules.  A heading printed in capitals
  (``# THE CARDS``, ``## GAME SETUP``) is a chapter title, level 1, whatever
  its number of ``#``; any other heading sits below the heading before it
  with fewer ``#`` (or below the chapter title), so ``## Problem Cards``
  under ``# THE CARDS`` is level 2 and ``### A Note on ...`` under
  ``## Troublemaker Phase`` is level 3.  Bare title lines are ordinary
  paragraphs.
* **Plain text**, like the Limited Play and Tournament Floor Rules parts of
  the comprehensive rules.  A ``#`` line is an ordinary paragraph, kept as
  printed.  A bare title line (capitalised words, no closing punctuation) is
  a heading.  A numbered title on the first line (``12. My Little Pony CCG
  Tournament Floor Rules``) is the part's own title: a level-0 section.  Font
  sizes are lost, so a heading is level 1 when it *opens a part*: it is
  followed directly by another heading (it has no text of its own, ``General
  Rules and Terms``), or it is the first heading of a page (it follows a
  running header) and its text is one introductory paragraph followed by
  another heading (``Tier 1 Rules``, ``Tournament Penalties``).  Every other
  heading is level 2 under the last level-1 heading; a document with no
  level-1 heading is flat.

Text before the first heading is a level-0 section with slug ``preamble``
(or the part title's slug).  A section whose text is a table of contents
(``Game Overview .....	2``) gets the slug ``contents``.

Paragraphs are clean text: emphasis, ``<b>`` tags and link targets
removed, private-use icon glyphs dropped, spaces collapsed.  List items and
table rows (cells joined with `` | ``) are paragraphs of their own.  A
paragraph that stops mid-sentence (no closing punctuation) is joined with
the next paragraph of its section that starts in lower case, even when a
page's footer came in between (``confront-`` + ``ing Problems`` gives
``confronting Problems``); a line that is only a link is never such a
paragraph.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from lark import Transformer

from rulebase.model import Section
from rulebase.parse.common import parse
from rulebase.parse.text import split_lines

_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_TAG = re.compile(r"</?[A-Za-z][^>]*>")
_EMPHASIS = re.compile(r"\*+")
_BROKEN_ENTITY = re.compile(r"(?<=\w)&([A-Za-z]+);")
_PRIVATE_USE = re.compile("[\ue000-\uf8ff\U000f0000-\U000ffffd\U00100000-\U0010fffd]")
_SPACES = re.compile(r"\s+")
_CLOSED = re.compile(r"[.!?:;][\"'\u201d\u2019)\]]*$")
_LINK_ONLY = re.compile(r"^[*_\s]*\[[^\]]*\]\([^)]*\)[*_\s]*$")
_NUMBERED_TITLE = re.compile(r"^(\d+)\.\s+(.*)$")
_SLUG_JUNK = re.compile(r"[^a-z0-9]+")


def clean_inline(text: str) -> str:
    """Text without Markdown/HTML markup, private-use glyphs or doubled spaces.

    >>> clean_inline("**Step 1.** Ready <b>all</b> [cards](http://x)\\ue000 (Q&A;)")
    'Step 1. Ready all cards (Q&A)'
    """
    text = _LINK.sub(r"\1", text)
    text = _TAG.sub("", text)
    text = _EMPHASIS.sub("", text)
    text = _BROKEN_ENTITY.sub(r"&\1", text)
    text = _PRIVATE_USE.sub("", text)
    return _SPACES.sub(" ", text).strip()


def slugify(title: str) -> str:
    """``Slow Play vs. Stalling`` -> ``slow-play-vs-stalling``."""
    ascii_title = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    return _SLUG_JUNK.sub("-", ascii_title.lower()).strip("-")


@dataclass
class Line:
    """One classified line of an unnumbered document.

    ``kind`` is the grammar rule (``heading``, ``toc_entry``, ``row``,
    ``title``, ``bullet``, ``numbered``, ``text``) or ``blank`` for the blank
    lines between paragraphs; ``line`` counts from 1 in the parsed text;
    ``marks`` is a heading's number of ``#``.
    """

    kind: str
    line: int
    text: str = ""
    marks: int = 0
    cells: list[str] = field(default_factory=list)


class SectionsTransformer(Transformer):
    """Turns the tree of ``grammar/sections.lark`` into a list of :class:`Line`."""

    def start(self, children):
        lines = []
        for child in children:
            if isinstance(child, Line):
                lines.append(child)
            elif child.type == "BLANK_LINES":
                lines.append(Line("blank", child.line))
        return lines

    def heading(self, children):
        mark = children[0]
        title = next(str(c) for c in children if c.type == "HEADING_TEXT")
        return Line("heading", mark.line, title.strip(), marks=mark.strip().count("#"))

    def toc_entry(self, children):
        title, _leader, page = children
        return Line("toc_entry", title.line, title.strip(), cells=[title.strip(), page.strip()])

    def row(self, children):
        (row,) = children
        return Line("row", row.line, str(row), cells=str(row).split("\t"))

    def title(self, children):
        (title,) = children
        return Line("title", title.line, str(title).strip())

    def bullet(self, children):
        mark, text = children
        return Line("bullet", mark.line, str(text))

    def numbered(self, children):
        mark, text = children
        return Line("numbered", mark.line, f"{mark.strip()} {text}")

    def text(self, children):
        (text,) = children
        # A line of other white space (a form feed, an em space) separates
        # paragraphs like an empty one.
        return Line("text" if text.strip() else "blank", text.line, str(text))


@dataclass
class _Paragraph:
    text: str
    joinable: bool  # a text or list item stopping mid-sentence


@dataclass
class _Group:
    heading: Line | None
    title: str
    body: list[Line] = field(default_factory=list)
    level: int = 0
    slug: str = ""
    parent_slug: str | None = None
    paragraphs: list[_Paragraph] = field(default_factory=list)
    page_opening: bool = False

    @property
    def first_line(self) -> int:
        if self.heading is not None:
            return self.heading.line
        return next(item.line for item in self.body if item.kind != "blank")

    def has_text(self) -> bool:
        return any(item.kind != "blank" for item in self.body)

    @property
    def is_contents(self) -> bool:
        items = [item for item in self.body if item.kind != "blank"]
        return bool(items) and all(item.kind == "toc_entry" for item in items)


def parse_sections(
    text: str,
    *,
    document: str,
    first_line: int = 1,
    running_headers: tuple[str, ...] = (),
) -> list[Section]:
    """The sections of an unnumbered document, in document order.

    ``running_headers`` are lines repeated at page breaks; they are dropped
    (they appear in no section's ``printed``) and mark where pages begin.
    Every other non-blank line is in exactly one section's ``printed``.
    Raises :class:`~rulebase.errors.ParseError` for a malformed heading.
    """
    source = split_lines(text)
    headers = {header.strip() for header in running_headers}
    header_lines = {n for n, line in enumerate(source, 1) if headers and line.strip() in headers}
    parsed_text = "\n".join("" if n in header_lines else line for n, line in enumerate(source, 1))
    if not parsed_text.endswith("\n"):
        parsed_text += "\n"
    tree = parse(
        "sections",
        parsed_text,
        document=document,
        first_line=first_line,
        expected="a heading title that is plain or wholly inside one matching pair of *, ** or ***",
    )
    lines = SectionsTransformer().transform(tree)
    markdown = _is_markdown(lines)
    groups = _group(lines, markdown, source, header_lines)
    for group in groups:
        group.paragraphs = _paragraphs(group.body)
    if markdown:
        _markdown_levels(groups)
    else:
        _plain_levels(groups)
    _slugs(groups)
    return [_section(group, source, header_lines, first_line) for group in groups]


def _is_markdown(lines: list[Line]) -> bool:
    """Whether the document is Markdown: more ``#`` headings than bare titles."""
    headings = sum(line.kind == "heading" for line in lines)
    titles = sum(line.kind == "title" for line in lines)
    return headings > titles


def _group(lines: list[Line], markdown: bool, source: list[str], header_lines: set[int]) -> list[_Group]:
    """Split the lines at the headings; the first group may be untitled."""
    groups: list[_Group] = []
    current = _Group(None, "")
    seen_content = False
    for line in lines:
        heading = None
        if line.kind == "heading" and markdown:
            heading = line
        elif line.kind == "heading":
            # A "#" line in a plain document: a paragraph, as printed.
            line.kind, line.text = "text", source[line.line - 1]
        elif line.kind == "title":
            numbered = _NUMBERED_TITLE.match(line.text)
            if markdown:
                line.kind = "numbered" if numbered else "text"
            elif numbered and seen_content:
                line.kind = "numbered"
            elif numbered:
                # The part's own title, e.g. "12. My Little Pony CCG Tournament Floor Rules".
                current = _Group(line, numbered.group(2).strip(), level=0)
                seen_content = True
                continue
            else:
                heading = line
        if heading is not None:
            if current.heading is not None or current.has_text():
                groups.append(current)
            current = _Group(heading, _heading_title(heading.text), level=1)
            current.page_opening = _follows(heading.line, source, header_lines)
        else:
            current.body.append(line)
        if line.kind != "blank":
            seen_content = True
    if current.heading is not None or current.has_text():
        groups.append(current)
    return groups


def _heading_title(text: str) -> str:
    title = clean_inline(text)
    return title[:-1].rstrip() if title.endswith(":") else title


def _follows(line: int, source: list[str], header_lines: set[int]) -> bool:
    """Whether the nearest non-blank line above ``line`` is a running header."""
    n = line - 1
    while n >= 1 and not source[n - 1].strip():
        n -= 1
    return n in header_lines


def _paragraphs(body: list[Line]) -> list[_Paragraph]:
    paragraphs: list[_Paragraph] = []
    previous: Line | None = None
    for item in body:
        if item.kind == "blank":
            previous = item
            continue
        if item.kind in ("row", "toc_entry"):
            paragraphs.append(_Paragraph(" | ".join(clean_inline(c) for c in item.cells).strip(), False))
        elif item.kind in ("bullet", "numbered"):
            cleaned = clean_inline(item.text)
            paragraphs.append(_Paragraph(cleaned, not _CLOSED.search(cleaned)))
        else:
            cleaned = clean_inline(item.text)
            link_only = bool(_LINK_ONLY.match(item.text))
            if not cleaned:
                continue
            if previous is not None and previous.kind == "text" and paragraphs:
                # A paragraph wrapped over consecutive lines.
                paragraphs[-1].text = _join(paragraphs[-1].text, cleaned)
            elif not link_only and cleaned[0].islower() and (target := _open_paragraph(paragraphs)):
                # A paragraph broken by a blank line or by a page's footer.
                target.text = _join(target.text, cleaned)
                target.joinable = not _CLOSED.search(target.text)
            else:
                paragraphs.append(_Paragraph(cleaned, not link_only and not _CLOSED.search(cleaned)))
        previous = item
    return [p for p in paragraphs if p.text]


def _open_paragraph(paragraphs: list[_Paragraph]) -> _Paragraph | None:
    for paragraph in reversed(paragraphs):
        if paragraph.joinable:
            return paragraph
    return None


def _join(head: str, tail: str) -> str:
    if head.endswith("-") and len(head) > 1 and head[-2].isalpha():
        return head[:-1] + tail
    return f"{head} {tail}"


def _markdown_levels(groups: list[_Group]) -> None:
    stack: list[_Group] = []  # open headings, outermost first
    for group in groups:
        if group.heading is None:
            group.level = 0
            continue
        if _is_capitals(group.title):
            group.level = 1
            stack = [group]
            continue
        while stack and not _is_capitals(stack[-1].title) and stack[-1].heading.marks >= group.heading.marks:
            stack.pop()
        group.level = stack[-1].level + 1 if stack else 1
        stack.append(group)


def _is_capitals(title: str) -> bool:
    letters = [ch for ch in title if ch.isalpha()]
    return len(letters) > 1 and all(ch.isupper() for ch in letters)


def _plain_levels(groups: list[_Group]) -> None:
    headed = [g for g in groups if g.heading is not None and g.level != 0]
    opens_part = set()
    for index, group in enumerate(headed):
        next_is_heading = index + 1 < len(headed)
        no_text = not group.has_text()
        introduction = group.page_opening and len(group.paragraphs) == 1 and _only_text(group)
        if next_is_heading and (no_text or introduction):
            opens_part.add(id(group))
    seen_part = False
    for group in headed:
        if id(group) in opens_part:
            group.level, seen_part = 1, True
        else:
            group.level = 2 if seen_part else 1


def _only_text(group: _Group) -> bool:
    return all(item.kind in ("text", "blank") for item in group.body)


def _slugs(groups: list[_Group]) -> None:
    """Slugs unique within the document, and each section's parent.

    A title used once gives its slug alone; a title used more than once
    (``Player Eligibility`` under each tier) is prefixed by its parent's slug.
    """
    counts: dict[str, int] = {}
    for group in groups:
        if group.level > 0:
            counts[slugify(group.title)] = counts.get(slugify(group.title), 0) + 1
    taken: set[str] = set()
    open_headings: list[_Group] = []
    contents_done = False
    for group in groups:
        while open_headings and open_headings[-1].level >= group.level:
            open_headings.pop()
        group.parent_slug = open_headings[-1].slug if open_headings else None
        if group.level == 0:
            slug = slugify(group.title) or "preamble"
        elif group.is_contents and not contents_done:
            slug, contents_done = "contents", True
        else:
            slug = slugify(group.title) or "section"
            if counts.get(slug, 0) > 1 and group.parent_slug:
                slug = f"{group.parent_slug}-{slug}"
        unique, n = slug, 2
        while unique in taken:
            unique, n = f"{slug}-{n}", n + 1
        taken.add(unique)
        group.slug = unique
        if group.level > 0:
            open_headings.append(group)


def _section(group: _Group, source: list[str], header_lines: set[int], first_line: int) -> Section:
    start = group.first_line
    last = max([start] + [item.line for item in group.body if item.kind != "blank"])
    printed = [source[n - 1] for n in range(start, last + 1) if n not in header_lines]
    return Section(
        title=group.title,
        level=group.level,
        slug=group.slug,
        paragraphs=[p.text for p in group.paragraphs],
        printed="\n".join(printed),
        line=first_line + start - 1,
        parent_slug=group.parent_slug,
    )
