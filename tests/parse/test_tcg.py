"""The Kayou TCG rules: chapters, numbered rules, glossary, contents."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulebase import paths
from rulebase.errors import ParseError
from rulebase.model import RuleNumber
from rulebase.parse.tcg import parse_tcg, roman_value

DATA = Path(__file__).resolve().parent.parent / "data" / "tcg"
RULES = paths.CORPUS / "tcg" / "official-rules.md"

# Written here, apart from the grammar: a numbered rule is a line starting
# with a three-part number, unless it is a table-of-contents line (dotted
# leaders and a page number).
NUMBERED = re.compile(r"^\s*#*\s*(\d{3}\.\d+\.\d+)\s+(.*)$")
TOC_LINE = re.compile(r"\.{3,}\s*\d+\s*$")


@pytest.fixture(scope="module")
def text():
    return RULES.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def source(text):
    return text.split("\n")


@pytest.fixture(scope="module")
def tcg(text):
    return parse_tcg(text, document=RULES.name)


def numbered_lines(source):
    return [
        (index + 1, line)
        for index, line in enumerate(source)
        if NUMBERED.match(line) and not TOC_LINE.search(line)
    ]


def _plain(line: str) -> str:
    """A body line as the rule text should give it: list markers and
    emphasis gone, the ``Q&A;`` conversion artifact repaired."""
    line = re.sub(r"^\s*[-*]\s+", "", line)
    return line.replace("*", "").replace("Q&A;", "Q&A").strip()


def test_every_numbered_rule_is_recovered_with_its_full_text(source, tcg):
    expected = numbered_lines(source)
    assert len(expected) == 88
    assert len(tcg.rules) == len(expected)
    rules = {str(rule.number): rule for rule in tcg.rules}
    assert len(rules) == len(tcg.rules)  # no number twice
    starts = [n for n, _ in expected]
    for index, (number, line) in enumerate(expected):
        printed_number, rest = NUMBERED.match(line).groups()
        rule = rules[printed_number]
        assert rule.number == RuleNumber.parse(printed_number)
        assert rule.printed_number == printed_number
        assert rule.line == number
        # The rule runs to the next rule or heading.
        end = len(source) + 1
        for later in range(number + 1, len(source) + 1):
            if later in starts or source[later - 1].startswith("#"):
                end = later
                break
        span = source[number - 1 : end - 1]
        while not span[-1].strip():
            span.pop()
        assert rule.printed == "\n".join(span)
        body = [_plain(line) for line in span[1:] if line.strip()]
        heading = _plain(rest)
        if line.startswith("#") and not heading.endswith(":"):
            assert rule.title == heading
            assert rule.text == "\n".join(body)
        else:
            assert rule.title is None
            assert rule.text.split("\n") == [heading] + body


def test_section_heading(tcg):
    general = tcg.rules[0]
    assert general.number == RuleNumber.parse("101.0.0")
    assert general.is_section
    assert general.title == "General Rules"
    assert general.line == 53
    assert general.printed_number == "101.0.0"
    assert general.text == (
        "These rules are intended for a two-player game of the My Little Pony TCG and represent the "
        "standard and recommended way to play."
    )
    assert general.printed.split("\n")[0] == "### 101.0.0 General Rules"
    # "####" and "##" sections are sections too.
    assert tcg.rule("104.0.0").title == "Ending the Game"
    assert tcg.rule("502.0.0").is_section and tcg.rule("502.0.0").text == ""


def test_numbered_rule_with_continuation(tcg):
    rule = tcg.rule("101.1.0")
    assert not rule.is_section and rule.title is None
    assert rule.text == (
        "If a card's effect contradicts the rules, the card effect takes precedence.\n"
        "If an official card clarification (Q&A) contradicts either the rules or a card's effect, "
        "the Q&A takes precedence."
    )
    assert rule.printed.endswith("the Q&A; takes precedence.")  # printed keeps the source


def test_rule_text_continues_with_bullets(tcg):
    rule = tcg.rule("306.2.0")
    assert rule.line == 272
    assert rule.text == "\n".join(
        [
            "Cards enter the Rest Zone when:",
            "Discarded from hand",
            "Events resolve",
            "Items are removed (e.g. Character leaves the board)",
            "A revealed Plan resolves",
            "Characters lose an Exchange",
            "Other effects force them there",
        ]
    )
    assert rule.printed.split("\n")[-1] == "- Other effects force them there"
    setup = tcg.rule("102.0.0")
    assert setup.text.split("\n")[1:] == [
        "\u2460 A 50-card Main Deck: includes Character, Event, and Item cards;",
        "\u2461 A 15-card Scene Deck;",
        "\u2462 A 4-card Story Deck;",
        "\u2463 One Main Character Card.",
        "These four parts together make up your complete game deck.",
    ]
    turns = tcg.rule("401.0.0")
    assert "1. Start Phase\n2. Main Phase\n3. Exchange Phase\n4. End Phase" in turns.text


def test_rule_printed_as_a_heading_sentence(tcg):
    rule = tcg.rule("404.2.0")
    assert rule.title is None and not rule.is_section
    assert rule.text == "If both players have Characters in a column:\n\u2192 Proceed to Exchange."
    assert tcg.rule("402.1.0").title == "Untap Step"


def test_chapters(tcg):
    assert [(c.number, c.title, c.line) for c in tcg.chapters] == [
        (1, "Game Concepts", 51),
        (2, "Card Types", 106),
        (3, "Zones", 210),
        (4, "Turn Structure", 303),
        (5, "Effects", 413),
        (6, "Keywords and Actions", 471),  # the contents call it "Terminology and Action Definitions"
    ]
    assert tcg.title == "My Little Pony Trading Card Game - Official Rules"


def test_contents(tcg):
    assert len(tcg.contents) == 42
    first, last = tcg.contents[0], tcg.contents[-1]
    assert (first.number, first.title, first.page, first.line) == ("I", "Game Concepts", 3, 7)
    assert (last.number, last.title, last.page) == ("611.0.0", "Reveal", 20)
    chapter_six = [e for e in tcg.contents if e.number == "VI"][0]
    assert (chapter_six.title, chapter_six.page) == ("Terminology and Action Definitions", 18)
    # The body's title wins over the contents'.
    (zone,) = [e for e in tcg.contents if e.number == "308.0.0"]
    assert zone.title == "Non-Zone (Special)"
    assert tcg.rule("308.0.0").title == "Resolution Zone"


def test_glossary(source, tcg):
    start = source.index("## Glossary of Common Terms and Concepts")
    expected = [line for line in source[start + 1 :] if line.strip()]
    assert len(tcg.glossary) == len(expected) == 35
    assert [entry.printed for entry in tcg.glossary] == expected
    action = tcg.glossary[0]
    assert (action.term, action.parameter, action.kind, action.line) == ("Action", None, "term", 540)
    assert action.definition == (
        "A gameplay step taken during a phase, often involving card play, movement, or effect resolution."
    )
    (main_deck,) = [e for e in tcg.glossary if e.term == "Main Deck"]
    assert main_deck.printed == (
        "Main Deck \u2013 A 50-card deck of Characters, Events, and Items. Drawn from during play."
    )
    assert main_deck.definition == "A 50-card deck of Characters, Events, and Items. Drawn from during play."
    assert main_deck.line == 574
    last = tcg.glossary[-1]
    assert (last.term, last.definition) == (
        "Win Condition",
        "The scenario by which a player wins the game. (e.g. reaching Story Stage IV).",
    )


def test_every_line_is_accounted_for(source, tcg):
    covered = {}
    for rule in tcg.rules:
        for offset, line in enumerate(rule.printed.split("\n")):
            covered[rule.line + offset] = line
    for entry in tcg.contents:
        covered[entry.line] = entry.printed
    for entry in tcg.glossary:
        covered[entry.line] = entry.printed
    for chapter in tcg.chapters:
        covered[chapter.line] = source[chapter.line - 1]
    headings = {3, 5, source.index("## Glossary of Common Terms and Concepts") + 1}
    for number, line in enumerate(source, 1):
        if line.strip() and number not in headings:
            assert covered.get(number) == line, number


def test_first_line_offsets_every_line(text):
    shifted = parse_tcg(text, document=RULES.name, first_line=1001)
    assert shifted.rules[0].line == 1053
    assert shifted.chapters[0].line == 1051
    assert shifted.glossary[0].line == 1540
    assert shifted.contents[0].line == 1007


# --- malformed input ----------------------------------------------------------


@pytest.mark.parametrize(
    "name, line, column, message",
    [
        ("bad-rule-number.md", 9, 7, "unexpected text"),  # 101.1.
        ("two-part-rule-number.md", 5, 6, "unexpected text"),  # 101.1
        ("unnumbered-heading.md", 7, 1, "unexpected document heading"),
        ("text-before-first-rule.md", 3, 1, "unexpected paragraph"),
        ("glossary-without-dash.md", 11, 11, "unexpected text"),
    ],
)
def test_malformed_input_is_a_parse_error(name, line, column, message):
    text = (DATA / name).read_text(encoding="utf-8")
    bad_line = text.split("\n")[line - 1]
    with pytest.raises(ParseError) as caught:
        parse_tcg(text, document=name, first_line=20)
    error = caught.value
    assert (error.document, error.line, error.column) == (name, 19 + line, column)
    assert error.text == bad_line.strip()
    assert str(error).startswith(f"{name}:{19 + line}:{column}: {message}: ")
    assert repr(bad_line.strip()[:20])[1:-1] in str(error)


def test_roman_value():
    numerals = ("I", "II", "III", "IV", "V", "VI", "IX", "XIV")
    assert [roman_value(n) for n in numerals] == [1, 2, 3, 4, 5, 6, 9, 14]
