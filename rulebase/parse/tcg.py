"""The Kayou My Little Pony TCG rules: chapters, numbered rules, glossary.

``grammar/tcg_rules.lark`` reads the document; :class:`TcgTransformer`
turns its tree into a :class:`TcgRules`.

* ``## Section I: Game Concepts`` is chapter 1.
* A heading with a number (``### 101.0.0 General Rules``, ``#### 402.1.0
  Untap Step``; the number of ``#`` varies and carries no meaning) is a
  titled rule: ``title`` is the heading's text, ``is_section`` is true and
  ``text`` is the text under it.  A heading that is a sentence ending in a
  colon (``#### 404.2.0 If both players have Characters in a column:``) is
  a rule printed as a heading: no title, and the heading's words start its
  text.
* A line starting with a number (``101.1.0 If a card's effect ...``) is a
  rule whose text starts after the number.
* The paragraphs, bullet items and numbered items that follow a rule, up
  to the next rule, chapter or glossary, are the rest of that rule's text,
  one line each, with their Markdown markers removed (a numbered item keeps
  its number).
* The table of contents is kept as :class:`TocEntry` values; its titles can
  differ from the body's (``308.0.0 Non-Zone (Special)`` is printed
  ``Resolution Zone``): the rules take the body's.
* Glossary entries, bold (``**Action** – ...``) or not (``Main Deck – ...``),
  are terms whose definition is the text after the dash.
"""

from __future__ import annotations

import re

from dataclasses import dataclass, field

from lark import Token, Transformer

from rulebase.model import Chapter, GlossaryEntry, Rule, RuleNumber
from rulebase.parse.common import parse
from rulebase.parse.sections import clean_inline
from rulebase.parse.text import split_lines

_ROMAN_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}


def roman_value(numeral: str) -> int:
    """``IV`` -> 4.

    >>> roman_value("VI")
    6
    """
    total = 0
    for index, letter in enumerate(numeral):
        value = _ROMAN_VALUES[letter]
        following = _ROMAN_VALUES[numeral[index + 1]] if index + 1 < len(numeral) else 0
        total += -value if value < following else value
    return total


@dataclass
class TocEntry:
    """One line of the table of contents: ``101.0.0 General Rules ..... 3``.

    ``number`` is the rule number or the chapter's roman numeral as printed.
    """

    number: str
    title: str
    page: int
    printed: str
    line: int


@dataclass
class TcgRules:
    """The parsed TCG rules document."""

    chapters: list[Chapter]
    rules: list[Rule]
    glossary: list[GlossaryEntry]
    contents: list[TocEntry] = field(default_factory=list)
    title: str | None = None

    def rule(self, number: str) -> Rule:
        """The rule numbered ``number`` (``KeyError`` if there is none)."""
        wanted = RuleNumber.parse(number)
        for rule in self.rules:
            if rule.number == wanted:
                return rule
        raise KeyError(number)


@dataclass
class _Head:
    number: RuleNumber
    printed_number: str
    text: str
    line: int
    is_heading: bool


@dataclass
class _TextLine:
    text: str
    line: int


class TcgTransformer(Transformer):
    """Turns the tree of ``grammar/tcg_rules.lark`` into :class:`TcgRules`.

    ``source`` is the parsed text's lines, for the ``printed`` fields;
    ``first_line`` is the document line the text starts on.
    """

    def __init__(self, source: list[str], first_line: int = 1):
        super().__init__()
        self.source = source
        self.first_line = first_line

    def _line(self, line: int) -> int:
        return self.first_line + line - 1

    def _printed(self, first: int, last: int) -> str:
        return "\n".join(self.source[first - 1 : last])

    def start(self, children):
        rules = TcgRules(chapters=[], rules=[], glossary=[])
        for child in children:
            if isinstance(child, Token):
                continue
            kind, value = child
            if kind == "title":
                rules.title = value
            elif kind == "contents":
                rules.contents = value
            elif kind == "chapter":
                chapter, chapter_rules = value
                rules.chapters.append(chapter)
                rules.rules.extend(chapter_rules)
            elif kind == "glossary":
                rules.glossary = value
        return rules

    def document_title(self, children):
        heading = children[0]
        return "title", clean_inline(heading.lstrip("#"))

    def contents(self, children):
        return "contents", [c for c in children if isinstance(c, TocEntry)]

    def toc_entry(self, children):
        number, title, _leader, page, _end = children
        return TocEntry(
            number=number.strip().rstrip("."),
            title=clean_inline(title),
            page=int(page),
            printed=self.source[number.line - 1],
            line=self._line(number.line),
        )

    def chapter(self, children):
        mark, numeral, _colon, title = children[:4]
        chapter = Chapter(
            number=roman_value(str(numeral)), title=clean_inline(title), line=self._line(mark.line)
        )
        return "chapter", (chapter, [c for c in children[4:] if isinstance(c, Rule)])

    def rule(self, children):
        head: _Head = children[0]
        body = [c for c in children[1:] if isinstance(c, _TextLine)]
        heading = clean_inline(head.text)
        title = None
        lines = [line.text for line in body]
        if not head.is_heading or heading.endswith(":"):
            lines.insert(0, heading)
        else:
            title = heading
        last = body[-1].line if body else head.line
        return Rule(
            number=head.number,
            printed_number=head.printed_number,
            text="\n".join(lines),
            printed=self._printed(head.line, last),
            line=self._line(head.line),
            title=title,
            is_section=title is not None,
        )

    def rule_heading(self, children):
        mark, (number, printed), text = children
        return _Head(number, printed, str(text), mark.line, is_heading=True)

    def rule_line(self, children):
        (number, printed), text = children
        return _Head(number, printed, str(text), text.line, is_heading=False)

    def rule_number(self, children):
        printed = "".join(str(c) for c in children)
        return RuleNumber.parse(printed), printed

    def paragraph(self, children):
        (text,) = children
        return _TextLine(clean_inline(text), text.line)

    def bullet(self, children):
        mark, text = children
        return _TextLine(clean_inline(text), mark.line)

    def item(self, children):
        number, text = children
        return _TextLine(f"{number.strip()} {clean_inline(text)}", number.line)

    def glossary(self, children):
        return "glossary", [c for c in children if isinstance(c, GlossaryEntry)]

    def entry(self, children):
        tokens = [c for c in children if c.type in ("BOLD_TERM", "PLAIN_TERM", "DEFINITION")]
        term, definition = clean_inline(tokens[0]), clean_inline(tokens[1])
        line = children[0].line
        return GlossaryEntry(
            term=term,
            parameter=None,
            kind="term",
            definition=definition,
            text=f"{term} \u2013 {definition}",
            printed=self.source[line - 1],
            line=self._line(line),
        )


def parse_tcg(text: str, *, document: str, first_line: int = 1) -> TcgRules:
    """Parse the TCG rules; ``first_line`` is the document line ``text`` starts on.

    Raises :class:`~rulebase.errors.ParseError` naming the document, line and
    column of anything the grammar rejects (see ``grammar/tcg_rules.lark``).
    """
    parsed_text = text if text.endswith("\n") else text + "\n"
    tree = parse("tcg_rules", parsed_text, document=document, first_line=first_line)
    result = TcgTransformer(split_lines(parsed_text), first_line).transform(tree)
    for rule in result.rules:
        rule.references = _SEE.findall(rule.text)
    return result


# The TCG cites another rule as "See 204.4.0."
_SEE = re.compile(r"\bSee (\d{3}\.\d+\.\d+)")
