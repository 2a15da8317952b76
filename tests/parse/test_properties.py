"""Properties of every parser on the real documents, changed at random.

* No text lost: every non-blank line of an unnumbered document, other than
  its running headers, is in exactly one section's ``printed``, whatever
  lines are inserted into it, or the parser says which line it cannot read.
* Lines line up: a character that ``str.splitlines`` would break on (a form
  feed, a line separator, ...) inserted anywhere leaves every rule, glossary
  entry and erratum at the line lark counts, printed as those lines.
* A parser given a mangled document returns a result or raises
  :class:`~rulebase.errors.ParseError`, never another exception.
"""

from __future__ import annotations

from functools import lru_cache

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rulebase import corpus
from rulebase.errors import ParseError
from rulebase.parse.errata import parse_errata
from rulebase.parse.glossary import parse_glossary
from rulebase.parse.rules import parse_rules, parse_rules_pdf
from rulebase.parse.sections import parse_sections
from rulebase.parse.tcg import parse_tcg

settings.register_profile(
    "parse", max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

# Every character but "\n" that str.splitlines breaks a line on.
LINE_BREAKERS = "\x0b\x0c\r\x1c\x1d\x1e\x85\u2028\u2029"

SECTIONS = ("ccg/limited-2.0", "ccg/tfr-2.3", "ccg/quickstart-2014")
RULES = ("ccg/3.4", "ccg/3.4-pdf", "ccg/earlier")
GLOSSARIES = ("ccg/3.4/glossary", "ccg/earlier/glossary")
PARSED = SECTIONS + RULES + GLOSSARIES + ("ccg/ocr-7.2", "tcg/official")


@lru_cache(maxsize=None)
def part(part_id: str) -> corpus.Part:
    (found,) = [parsed.part for parsed in corpus.cached_parts() if parsed.part.id == part_id]
    return found


def headers(part_id: str) -> tuple[str, ...]:
    header = part(part_id).running_header
    return (header,) if header else ()


def parse(part_id: str, text: str):
    """Parse ``text`` as the part ``part_id`` is parsed."""
    where = {"document": part(part_id).path, "first_line": part(part_id).first_line}
    grammar = part(part_id).grammar
    if grammar == "sections":
        return parse_sections(text, running_headers=headers(part_id), **where)
    if grammar == "ccg-rules":
        return parse_rules(text, **where)
    if grammar == "ccg-rules-pdf":
        return parse_rules_pdf(text, **where)
    if grammar == "glossary":
        return parse_glossary(text, **where)
    if grammar == "errata":
        return parse_errata(text, **where)
    return parse_tcg(text, **where)


def check_error(part_id: str, text: str, error: ParseError) -> None:
    """A parse error names the document and one of its lines, and quotes it."""
    source = text.split("\n")
    first_line = part(part_id).first_line
    assert error.document == part(part_id).path
    assert first_line <= error.line < first_line + len(source), error
    assert error.column >= 1
    assert error.text in source[error.line - first_line], error
    assert str(error).startswith(f"{error.document}:{error.line}:{error.column}: ")
    assert "\n" not in str(error)


def check_no_text_lost(part_id: str, text: str, sections) -> None:
    source = text.split("\n")
    first_line = part(part_id).first_line
    skipped = set(headers(part_id))
    expected = [line for line in source if line.strip() and line.strip() not in skipped]
    printed = [line for section in sections for line in section.printed.split("\n") if line.strip()]
    # Same lines in the same order: each is printed by exactly one section.
    assert printed == expected
    for section in sections:
        assert section.printed.split("\n")[0] == source[section.line - first_line]


def check_lines_line_up(part_id: str, text: str, result) -> None:
    """Each value's ``line`` holds its number or term, and its ``printed``
    is the source lines from there, as lark counts lines (on ``\\n``)."""
    source = text.split("\n")
    first_line = part(part_id).first_line

    def lines_at(line: int, printed: str) -> list[str]:
        start = line - first_line
        assert 0 <= start < len(source)
        count = printed.count("\n") + 1
        assert printed.split("\n") == source[start : start + count]
        return source[start : start + count]

    for rule in getattr(result, "rules", []):
        printed = lines_at(rule.line, rule.printed)
        if rule.printed_number is not None:
            assert rule.printed_number in printed[0]
    entries = result if isinstance(result, list) else getattr(result, "glossary", [])
    for entry in entries:
        printed = lines_at(entry.line, entry.printed)
        name = getattr(entry, "term", None) or getattr(entry, "title", "")
        assert " ".join(name.split()) in " ".join(printed[0].split())


# --- no text lost ---------------------------------------------------------------

STRAY_LINES = [
    "# Something", "## Sub Heading", "### ***A Note on Timing***", "###### x", "# THE END",
    "Stray Title", "Tier 9 Rules", "12. Numbered Title", "General Rules and Terms",
    "- a list item", "3) an item", "Contents ..... 4", "a\tb\tc", "* ", "#", "##x", "**",
    "\x0c", "\u2003", " \t", "\u00a0", "\ue000", "]()", "[link](http://x)",
    "My Little Pony CCG Limited Play", "My Little Pony CCG Tournament Floor Rules",
]
# Lines that are not line ends of any kind to lark: anything but "\n", and no
# "\r" at the end (it would make a CRLF line end with the "\n" after it).
random_line = st.text(st.characters(blacklist_characters="\n"), max_size=30).filter(
    lambda line: not line.endswith("\r")
)
real_line = st.sampled_from(SECTIONS).flatmap(lambda p: st.sampled_from(part(p).text.split("\n")))


@st.composite
def with_lines_inserted(draw, part_id: str) -> str:
    lines = part(part_id).text.split("\n")
    for _ in range(draw(st.integers(1, 6))):
        line = draw(st.one_of(st.sampled_from(STRAY_LINES), random_line, real_line))
        lines.insert(draw(st.integers(0, len(lines))), line)
    return "\n".join(lines)


@pytest.mark.parametrize("part_id", SECTIONS)
@settings(settings.get_profile("parse"), max_examples=30)
@given(data=st.data())
def test_no_text_is_lost_from_a_sections_document(part_id, data):
    text = data.draw(with_lines_inserted(part_id))
    try:
        sections = parse(part_id, text)
    except ParseError as error:
        check_error(part_id, text, error)
        return
    check_no_text_lost(part_id, text, sections)


@pytest.mark.parametrize("part_id, count", [("ccg/limited-2.0", 7), ("ccg/tfr-2.3", 49)])
@settings(settings.get_profile("parse"), max_examples=10)
@given(data=st.data())
def test_a_markdown_heading_anywhere_keeps_a_plain_document_plain(part_id, count, data):
    lines = part(part_id).text.split("\n")
    where = data.draw(st.integers(1, len(lines)))
    heading = data.draw(st.sampled_from(["# Something", "## Sub Heading", "# THE END"]))
    text = "\n".join(lines[:where] + [heading] + lines[where:])
    sections = parse(part_id, text)
    assert len(sections) == count
    check_no_text_lost(part_id, text, sections)


# --- lines line up --------------------------------------------------------------

LINED = RULES + GLOSSARIES + ("ccg/ocr-7.2", "tcg/official")


@pytest.mark.parametrize("part_id", LINED)
@settings(settings.get_profile("parse"), max_examples=12)
@given(data=st.data())
def test_a_line_breaking_character_moves_no_line(part_id, data):
    original = part(part_id).text
    at = data.draw(st.integers(0, len(original)))
    character = data.draw(st.sampled_from(LINE_BREAKERS))
    assume(not (character == "\r" and original[at:at + 1] in ("\n", "")))
    text = original[:at] + character + original[at:]
    try:
        result = parse(part_id, text)
    except ParseError as error:
        check_error(part_id, text, error)
        return
    check_lines_line_up(part_id, text, result)


@pytest.mark.parametrize("part_id", ["ccg/3.4", "ccg/3.4-pdf"])
def test_every_line_breaking_character_at_once_moves_no_rule(part_id):
    # One of them inside a word of every tenth line: split on all of them,
    # nearly every rule's printed text was off by one line or more.
    lines = part(part_id).text.split("\n")
    for n in range(0, len(lines), 10):
        line = lines[n]
        inside = [i for i in range(max(1, len(line) // 2), len(line)) if line[i - 1 : i + 1].isalpha()]
        if inside:
            character = LINE_BREAKERS[n // 10 % len(LINE_BREAKERS)]
            lines[n] = line[: inside[0]] + character + line[inside[0] :]
    text = "\n".join(lines)
    assert all(character in text for character in LINE_BREAKERS)
    before = parse(part_id, part(part_id).text)
    after = parse(part_id, text)
    assert [(rule.key, rule.line) for rule in after.rules] == [(rule.key, rule.line) for rule in before.rules]
    check_lines_line_up(part_id, text, after)


@pytest.mark.parametrize("part_id", LINED + SECTIONS)
def test_crlf_line_ends_parse_as_lf_line_ends(part_id):
    lf = parse(part_id, part(part_id).text)
    crlf = parse(part_id, part(part_id).text.replace("\n", "\r\n"))
    assert crlf == lf


# --- mangled documents ----------------------------------------------------------


@st.composite
def mangled(draw, part_id: str) -> str:
    """The part's text with a few lines deleted, duplicated, swapped, broken
    by random text or taken from another document, or cut short."""
    lines = part(part_id).text.split("\n")
    for _ in range(draw(st.integers(1, 4))):
        if not lines:
            break
        n = draw(st.integers(0, len(lines) - 1))
        change = draw(st.sampled_from(["delete", "duplicate", "swap", "insert", "transplant", "truncate"]))
        if change == "delete":
            del lines[n]
        elif change == "duplicate":
            lines.insert(n, lines[n])
        elif change == "swap":
            m = draw(st.integers(0, len(lines) - 1))
            lines[n], lines[m] = lines[m], lines[n]
        elif change == "insert":
            at = draw(st.integers(0, len(lines[n])))
            lines[n] = lines[n][:at] + draw(st.text(max_size=12)) + lines[n][at:]
        elif change == "transplant":
            other = draw(st.sampled_from(PARSED))
            lines.insert(n, draw(st.sampled_from(part(other).text.split("\n"))))
        else:
            lines = lines[:n] + [lines[n][: draw(st.integers(0, len(lines[n])))]]
    text = "\n".join(lines)
    assume("\r\n" not in text)  # a CRLF line end: test_crlf_line_ends_parse_as_lf_line_ends
    return text


@pytest.mark.parametrize("part_id", PARSED)
@settings(settings.get_profile("parse"), max_examples=15)
@given(data=st.data())
def test_a_mangled_document_is_parsed_or_refused_with_a_parse_error(part_id, data):
    text = data.draw(mangled(part_id))
    try:
        result = parse(part_id, text)
    except ParseError as error:
        check_error(part_id, text, error)
        return
    if part_id in SECTIONS:
        check_no_text_lost(part_id, text, result)
    else:
        check_lines_line_up(part_id, text, result)
