"""The numbered CCG Comprehensive Rules, in all three renderings.

``grammar/ccg_rules.lark`` reads the Markdown renderings (the 3.4
compilation and the earlier edition) and ``grammar/ccg_rules_pdf.lark`` the
PDF text extract.  Both grammars classify lines; their transformers turn each
line into a :class:`Line`, and :func:`assemble` joins the lines into rules:
wrapped lines and unnumbered bullets continue the rule before them, and
misprinted numbers get a number that fits their place in the document.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lark import Transformer, v_args

from rulebase.errors import ParseError
from rulebase.model import Chapter, Rule, RuleNumber
from rulebase.parse import common
from rulebase.parse.text import clean, split_lines


@dataclass
class Line:
    """One classified source line (line numbers are the document's)."""

    kind: str  # chapter | header | rule | bullet | text | frame | page
    line: int
    text: str = ""
    number: str | None = None
    references: list[str] = field(default_factory=list)


@dataclass
class RulesPart:
    """The chapters and rules of one rendering of the comprehensive rules."""

    chapters: list[Chapter] = field(default_factory=list)
    rules: list[Rule] = field(default_factory=list)


@v_args(meta=True)
class RulesTransformer(Transformer):
    """Turns the tree of ``ccg_rules.lark`` into :class:`Line` records."""

    def __init__(self, document: str, first_line: int):
        super().__init__()
        self.document = document
        self.offset = first_line - 1

    def _line(self, meta) -> int:
        return meta.line + self.offset

    def start(self, meta, items):
        return [item for item in items if isinstance(item, Line)]

    def chapter(self, meta, items):
        return Line("chapter", self._line(meta), str(items[0]))

    def running_header(self, meta, items):
        return Line("header", self._line(meta), str(items[0]))

    def icon(self, meta, items):
        return None

    def body(self, meta, items):
        return _Body(_text_of(items), [str(item)[1:-1] for item in items if item.type == "REF"])

    def rule(self, meta, items):
        number = next(str(item)[1:-1] for item in items if getattr(item, "type", None) == "REF")
        body = next((item for item in items if isinstance(item, _Body)), _Body("", []))
        return Line("rule", self._line(meta), body.text, number, body.references)

    def bad_number(self, meta, items):
        token = next(item for item in items if getattr(item, "type", None) == "BAD_REF")
        raise ParseError(
            self.document,
            token.line + self.offset,
            token.column,
            "malformed rule number",
            str(token),
        )

    def bullet(self, meta, items):
        return Line("bullet", self._line(meta), _text_of(items), references=_references(items))

    def continuation(self, meta, items):
        return Line("text", self._line(meta), _text_of(items), references=_references(items))


@dataclass
class _Body:
    text: str
    references: list[str]


def _references(tokens) -> list[str]:
    return [str(token)[1:-1] for token in tokens if token.type == "REF"]


def _text_of(items) -> str:
    """Rejoin the text, reference and parenthesis tokens of a line's body."""
    parts = []
    previous = None
    for token in items:
        value = str(token)
        if parts and previous is not None:
            gap = token.start_pos - previous.end_pos
            if gap > 0:
                parts.append(" ")
        parts.append(value)
        previous = token
    return "".join(parts)


@v_args(meta=True)
class PdfRulesTransformer(RulesTransformer):
    """Turns the tree of ``ccg_rules_pdf.lark`` into :class:`Line` records.

    The web page around the rules and the table of contents become ``frame``
    lines; page numbers and footers become ``page`` lines; a bullet glyph
    becomes a ``glyph`` line, or a ``bullet`` when text follows it.
    """

    def start(self, meta, items):
        lines = []
        for item in items:
            lines.extend(item if isinstance(item, list) else [item])
        return [line for line in lines if isinstance(line, Line)]

    def frame_head(self, meta, items):
        return [Line("frame", self._line(meta))]

    toc = frame_tail = frame_head

    def rules(self, meta, items):
        return items

    def footer(self, meta, items):
        return Line("page", self._line(meta), str(items[0]))

    page = footer

    def glyph(self, meta, items):
        text = _text_of(items[1:])
        return Line("bullet" if text else "glyph", self._line(meta), text, references=_references(items[1:]))


def parse_rules(text: str, *, document: str, first_line: int = 1) -> RulesPart:
    """Parse the rules chapters of a Markdown rendering."""
    tree = common.parse("ccg_rules", text, document=document, first_line=first_line)
    lines = common.transform(RulesTransformer(document, first_line), tree)
    return assemble(lines, split_lines(text), first_line, document)


def parse_rules_pdf(text: str, *, document: str, first_line: int = 1) -> RulesPart:
    """Parse the whole PDF text extract (web page, contents and rules)."""
    tree = common.parse("ccg_rules_pdf", text, document=document, first_line=first_line)
    lines = common.transform(PdfRulesTransformer(document, first_line), tree)
    return assemble(lines, split_lines(text), first_line, document)


def assemble(lines: list[Line], source: list[str], first_line: int, document: str) -> RulesPart:
    """Join classified lines into chapters and rules.

    A rule printed under the wrong section (``(601.1)`` under ``(604) Action
    Step``) is given the number that fits its section; a number printed twice
    keeps it and gets a ``~2`` suffix on its key; a bullet directly under a
    section heading that has no numbered rule yet becomes that section's next
    rule, with no printed number.
    """
    part = RulesPart()
    current: Rule | None = None
    pieces: list[tuple[str, str]] = []
    last_line = 0
    section: Rule | None = None
    seen: dict[str, int] = {}

    def printed(start: int, end: int) -> str:
        return "\n".join(source[start - first_line : end - first_line + 1])

    def finish():
        nonlocal current, pieces
        if current is None:
            return
        joined = ""
        for separator, piece in pieces:
            joined += (separator if joined else "") + piece
        current.text = clean(joined)
        current.printed = printed(current.line, last_line)
        if current.is_section:
            current.title = current.text
            current.text = ""
        part.rules.append(current)
        current = None
        pieces = []

    def add(rule: Rule):
        nonlocal current, section, last_line
        finish()
        count = seen.get(str(rule.number), 0) + 1
        seen[str(rule.number)] = count
        if count > 1:
            rule.id_suffix = f"~{count}"
        current = rule
        last_line = rule.line
        if rule.is_section:
            section = rule

    after_glyph = False
    for line in lines:
        if line.kind == "text" and after_glyph:
            line.kind = "bullet"
        after_glyph = line.kind == "glyph"
        if line.kind == "chapter":
            finish()
            number, _, title = line.text.partition(".")
            part.chapters.append(Chapter(int(number), title.strip(), line.line))
            section = None
        elif line.kind == "rule":
            printed_number = line.number
            number = RuleNumber.parse(printed_number)
            if number.depth and section is not None and number.section != section.number.section:
                number = number.with_section(section.number.section)
            add(Rule(number, printed_number, "", "", line.line, is_section=number.depth == 0))
            pieces = [("", line.text)]
            current.references.extend(line.references)
        elif line.kind in ("bullet", "text"):
            if current is None:
                raise ParseError(document, line.line, 1, "text before the first rule", line.text)
            if current.is_section and line.kind == "bullet":
                siblings = [r for r in part.rules if r.number.parent == current.number]
                number = RuleNumber((current.number.section, len(siblings) + 1))
                add(Rule(number, None, "", "", line.line))
                pieces = [("", line.text)]
            else:
                pieces.append(("\n" if line.kind == "bullet" else " ", line.text))
                last_line = line.line
            current.references.extend(line.references)
    finish()
    return part
