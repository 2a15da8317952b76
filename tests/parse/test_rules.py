"""The numbered CCG rules in all three renderings: nothing dropped, artifacts
removed, misprints kept and given a sensible number."""

import re

import pytest

from rulebase.errors import ParseError
from rulebase.parse.rules import parse_rules, parse_rules_pdf
from rulebase.parse.text import clean, words
from tests.conftest import DATA, region

V34 = "ccg/comprehensive-rules-v3.4-with-errata-limited-tournament.md"
EARLIER = "ccg/comprehensive-rules-earlier-edition.md"
PDF = "ccg/comprehensive-rules-v3.4-pdf-extract.txt"

# A rule's own number: a parenthesised number that starts a rule, i.e. one
# followed by the rule's first word, not by the punctuation after a reference.
MARKER = re.compile(r"\((\d{3}(?:\.\d+[a-z]?(?:\.[ivx]+)?)?)\)\$?\**\s*\**(?=[A-Z])")
HEADERS = {"My Little Pony CCG Comprehensive Rules", "Comprehensive Rules", "Version 3.4"}
CHAPTER = re.compile(r"^\d{1,2}\.\s+[A-Z]")
ICON_BEFORE_MARKER = re.compile(r"(?:\$?\\[A-Za-z]+~?|↔|\b[Oo]\b)\s*(?=\(\d{3})")


def markdown(path, start, end):
    lines, first = region(path, start, end)
    return lines, parse_rules("\n".join(lines), document=path, first_line=first)


@pytest.fixture(scope="module")
def v34():
    return markdown(V34, "1. Fundamentals", "9. Glossary")


@pytest.fixture(scope="module")
def earlier():
    return markdown(EARLIER, "1. Fundamentals", "9. Credits")


@pytest.fixture(scope="module")
def pdf():
    lines, first = region(PDF, "MLPCCG Rules July 27 2016 (PDF)", None)
    return lines, parse_rules_pdf("\n".join(lines), document=PDF, first_line=first)


def body_lines(lines, pdf=False):
    """The source lines that hold rule text, found without the grammar."""
    if pdf:
        start = lines.index("My Little Pony CCG Comprehensive Rules")
        end = next(i for i, line in enumerate(lines) if line.startswith("Download "))
        lines = lines[start:end]
    kept = []
    for line in lines:
        stripped = line.strip()
        if not stripped or stripped in HEADERS or CHAPTER.match(stripped):
            continue
        if pdf and (stripped == "o" or stripped.isdigit()):
            continue
        kept.append(line)
    return kept


def source_words(lines):
    result = []
    for line in lines:
        line = ICON_BEFORE_MARKER.sub("", line)
        marker = MARKER.search(line)
        if marker and marker.start() <= 25:
            line = line[: marker.start()] + " " + line[marker.end():]
        line = re.sub(r"^\s*(?:[-•]|o(?=\s))\s*", "", line)
        result.extend(words(line))
    return result


def parsed_words(part):
    result = []
    for rule in part.rules:
        result.extend(words(rule.title if rule.is_section else rule.text))
    return result


@pytest.mark.parametrize("name", ["v34", "earlier", "pdf"])
def test_every_numbered_rule_is_recovered(name, request):
    lines, part = request.getfixturevalue(name)
    source = body_lines(lines, pdf=name == "pdf")
    markers = [m.group(1) for line in source for m in [MARKER.search(line)] if m and m.start() <= 25]
    printed = [rule.printed_number for rule in part.rules if rule.printed_number]
    assert printed == markers
    assert len(markers) > (100 if name == "pdf" else 400)


@pytest.mark.parametrize("name", ["v34", "earlier", "pdf"])
def test_every_word_of_the_rules_is_kept_in_order(name, request):
    lines, part = request.getfixturevalue(name)
    assert parsed_words(part) == source_words(body_lines(lines, pdf=name == "pdf"))


def test_pdf_extract_rules_match_the_34_document(v34, pdf):
    _, full = v34
    _, extract = pdf
    by_key = {rule.key: rule for rule in full.rules}
    assert [rule.key for rule in extract.rules] == [r.key for r in full.rules if r.number.section <= 306]
    for rule in extract.rules:
        assert (rule.text, rule.title) == (by_key[rule.key].text, by_key[rule.key].title), rule.key


def test_pdf_printed_text_keeps_the_wrapped_lines(pdf):
    _, extract = pdf
    rule = next(r for r in extract.rules if r.key == "101.2")
    assert rule.printed.splitlines()[:3] == [
        "(101.2) A Draw Deck can include any number of Friends, Events, Resources, and",
        "Troublemakers. A Draw Deck can’t include more than 3 copies of a card with the same",
        "name.",
    ]


def test_earlier_edition_artifacts_are_gone(earlier):
    lines, part = earlier
    for rule in part.rules:
        text = rule.title if rule.is_section else rule.text
        assert not re.search(r"[\\$↔~]|leftrightarrow|ominus|Rightarrow|^\s*[Oo]\s", text), rule.key
    rule = next(r for r in part.rules if r.key == "504.3")
    assert rule.text == "As a card is unfrightened, it is turned face up and ceases to be frightened."
    assert rule.printed.startswith(" - $\\leftrightarrow~(504.3)$")


def test_wrapped_and_listed_text_joins_the_rule(earlier, v34):
    _, old = earlier
    rule = next(r for r in old.rules if r.key == "409.2")
    assert rule.text.endswith("Players can only retire cards they control, and only cards in play can be retired. Retiring a card is not the same as dismissing it.")
    _, new = v34
    rule = next(r for r in new.rules if r.key == "206.2")
    assert rule.text.splitlines() == ["Following is a list of card types and their respective icons.",
                                      "Mane Character", "Friend", "Problem", "Troublemaker", "Event", "Resource"]


def test_misprinted_numbers_get_a_unique_sensible_key(v34, earlier):
    _, new = v34
    keys = [rule.key for rule in new.rules]
    assert len(keys) == len(set(keys))
    moved = {rule.key: rule.printed_number for rule in new.rules if rule.printed_number != str(rule.number)}
    assert moved == {"604.1": "601.1", "604.1a": "601.1a", "604.1b": "601.1b", "604.1c": "601.1c",
                     "604.1d": "601.1d", "605.1": "601.1", "605.1a": "601.1a"}
    _, old = earlier
    keys = [rule.key for rule in old.rules]
    assert len(keys) == len(set(keys))
    assert {"511.4~2", "705.2b~2", "706.1c", "212.1"} <= set(keys)
    unnumbered = next(r for r in old.rules if r.key == "212.1")
    assert unnumbered.printed_number is None


def test_section_headings_have_titles(v34):
    _, part = v34
    headings = {rule.key: rule.title for rule in part.rules if rule.is_section}
    assert headings["514"] == "Faceoffs"
    assert headings["603"] == "Ready Step"
    assert headings["612"] == "Faceoff Step"
    assert [c.title for c in part.chapters][:3] == ["Fundamentals", "Parts of a Card", "Card Types"]


def test_references_come_from_the_grammar(v34):
    _, part = v34
    rule = next(r for r in part.rules if r.key == "707.4")
    assert rule.references == ["514.2"]
    assert next(r for r in part.rules if r.key == "611.4").references == ["611.3"]


def test_malformed_rule_number_names_document_line_and_column():
    text = (DATA / "rules" / "bad-number.md").read_text(encoding="utf-8")
    with pytest.raises(ParseError) as caught:
        parse_rules(text, document="bad-number.md", first_line=10)
    error = caught.value
    assert (error.document, error.line, error.column) == ("bad-number.md", 14, 3)
    assert str(error) == "bad-number.md:14:3: malformed rule number: '(51x.4)'"


def test_unbalanced_parenthesis_is_a_parse_error():
    text = (DATA / "rules" / "unclosed-number.md").read_text(encoding="utf-8")
    with pytest.raises(ParseError) as caught:
        parse_rules(text, document="unclosed-number.md")
    assert caught.value.line == 4
    assert "- (514.4c If both players" in str(caught.value)


def test_pdf_without_its_frame_is_a_parse_error():
    with pytest.raises(ParseError) as caught:
        parse_rules_pdf("(101.1) A rule with no page around it.\n", document="bare.txt")
    assert str(caught.value).startswith("bare.txt:")


def test_clean_removes_conversion_artifacts_only():
    assert clean("- **(603)** “Ready”  Step**") == '- (603) "Ready" Step'
    assert clean(r"It gets $-X$ power") == "It gets -X power"
