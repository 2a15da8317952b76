"""Deck and card legality in the formats: the theme decks, the deck lists
of tests/data/decks, and the formats' facts as the rule graph states them."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from rulebase.cards import load
from rulebase.cards.decks import DeckError, read_file
from rulebase.cards.legality import (
    FORMATS,
    FormatError,
    check,
    format_of,
    formats,
    legality,
)
from rulebase.graph import load as load_graph

DATA = Path(__file__).parent.parent / "data" / "decks"
THEMES = Path(__file__).parents[2] / "corpus" / "ccg" / "octgn" / "Decks" / "MLP CCG Original Theme Decks"
DAY = datetime.date(2026, 1, 1)
INA = "Harmony banlist: Premiere #175"
RAINBOWSHINE = "Harmony banlist: Premiere #16"
LIMITED = "Limited Deck Construction"
BLOCK = "Block Constructed"


def rules(path: Path, fmt: str, on: datetime.date = DAY) -> list[str]:
    return [violation.rule for violation in check(read_file(path), fmt, on).violations]


def test_the_formats_are_read_from_the_rules():
    found = formats()
    assert tuple(found) == FORMATS
    assert found["premiere-block"].sets == ("Premier", "Canterlot Nights", "Crystal Games", "Absolute Discord")
    assert found["odyssey-block"].sets == ("Equestrian Odysseys", "High Magic", "Marks in Time")
    assert found["harmony"].sets is None and found["harmony"].banlist
    assert found["premiere-block"].banlist and found["odyssey-block"].banlist and not found["limited"].banlist
    limited = found["limited"].limits
    assert (limited.minimum_draw_deck, limited.problem_deck_size) == (30, 5)
    assert (found["harmony"].limits.minimum_draw_deck, found["harmony"].limits.problem_deck_size) == (45, 10)
    assert format_of("Odyssey") is found["odyssey-block"] and format_of("HARMONY") is found["harmony"]
    with pytest.raises(FormatError, match="no format 'standard'; the formats are harmony, premiere-block"):
        format_of("standard")


class _Edited:
    """The rule graph with one section's paragraphs replaced."""

    def __init__(self, node: str, paragraphs: list[str]):
        self.graph, self.edited, self.paragraphs = load_graph(), node, paragraphs

    def __contains__(self, node):
        return node in self.graph

    def node(self, node):
        data = self.graph.node(node)
        return {**data, "paragraphs": self.paragraphs} if node == self.edited else data


@pytest.mark.parametrize("node, paragraphs, wrong", [
    ("ccg/tfr-2.3/block-constructed", ["The Odyssey block sets are Equestrian Odysseys, Lost Set, and Marks in Time."],
     "the Odyssey block names sets the card data does not have: Lost Set"),
    ("ccg/tfr-2.3/block-constructed", ["Blocks are no longer played."], "no sentence 'The <name> block sets are"),
    ("ccg/limited-2.0/limited-deck-construction", ["Limited decks are any size."],
     "the limited deck sizes are not stated as they were"),
    ("ccg/tfr-2.3/harmony-constructed", ["Only the newest sets are legal."], "Harmony no longer allows"),
])
def test_a_change_in_the_rules_text_is_noticed(node, paragraphs, wrong):
    with pytest.raises(FormatError, match=wrong):
        formats(_Edited(node, paragraphs))


def test_limited_sizes_follow_the_text():
    edited = _Edited("ccg/limited-2.0/limited-deck-construction",
                     [("In limited formats, a draw deck must contain a minimum of 40 cards. A Problem deck must "
                       "contain exactly six cards, at least one of which must be a Starting Problem.")])
    limits = formats(edited)["limited"].limits
    assert (limits.minimum_draw_deck, limits.problem_deck_size) == (40, 6)


# -- the six theme decks ---------------------------------------------------------

THEME_BANS = {"Applejack": [INA], "Fluttershy": [], "Pinkie Pie": [], "Rainbow Dash": [RAINBOWSHINE],
              "Rarity": [RAINBOWSHINE], "Twilight Sparkle": [INA]}


@pytest.mark.parametrize("who", THEME_BANS)
def test_theme_decks_in_each_format(who):
    path = THEMES / f"{who} Theme Deck.o8d"
    bans = THEME_BANS[who]
    assert rules(path, "harmony") == bans
    assert rules(path, "premiere-block") == bans
    assert rules(path, "limited") == [LIMITED]
    odyssey = check(read_file(path), "odyssey-block", DAY)
    assert sorted(set(odyssey.rules())) == sorted([BLOCK, *bans])
    assert [v.rule for v in odyssey.violations].count(BLOCK) == len(read_file(path).cards())
    assert not odyssey.legal


def test_theme_decks_before_their_bans():
    assert rules(THEMES / "Applejack Theme Deck.o8d", "harmony", datetime.date(2016, 5, 31)) == []
    assert rules(THEMES / "Applejack Theme Deck.o8d", "harmony", datetime.date(2016, 6, 1)) == [INA]
    assert rules(THEMES / "Rarity Theme Deck.o8d", "harmony", datetime.date(2015, 1, 29)) == []
    assert rules(THEMES / "Rarity Theme Deck.o8d", "premiere-block", datetime.date(2015, 1, 30)) == [RAINBOWSHINE]


# -- the deck lists of tests/data/decks ---------------------------------------------

EXPECTED = {
    # file: {format: rules broken}; in the Premiere block, Harmony's and its sets (Block Constructed)
    "odyssey-legal.txt": {"harmony": [], "odyssey-block": [], "limited": [LIMITED]},
    "odyssey-with-premiere.txt": {"harmony": [], "odyssey-block": [BLOCK], "limited": [LIMITED]},
    "too-many-copies.txt": {"harmony": ["101.2"], "odyssey-block": ["101.2"], "limited": ["101.2", LIMITED]},
    "problem-copies.txt": {"harmony": ["101.3", "101.3a"], "odyssey-block": ["101.3", "101.3a"],
                           "limited": [LIMITED]},
    "no-starting-problem.txt": {"harmony": ["101.3c"], "odyssey-block": ["101.3c"], "limited": [LIMITED, LIMITED]},
    "friend-in-problems.txt": {"harmony": ["101.3b"], "odyssey-block": ["101.3b"], "limited": [LIMITED, "101.3b"]},
    "short-draw.o8d": {"harmony": ["101.1"], "odyssey-block": ["101.1"], "limited": [LIMITED]},
    "two-manes.o8d": {"harmony": ["102.1"], "odyssey-block": ["102.1"], "limited": ["102.1", LIMITED]},
    "bulk-biceps-banned.o8d": {"harmony": ["Harmony banlist: Equestrian Odysseys #103"],
                               "odyssey-block": ["Harmony banlist: Equestrian Odysseys #103"], "limited": [LIMITED]},
    "limited-31.txt": {"harmony": ["101.1", "101.3", "101.3a"], "odyssey-block": ["101.1", "101.3", "101.3a"],
                       "limited": []},
    "limited-29.txt": {"harmony": ["101.1", "101.3", "101.3a"], "odyssey-block": ["101.1", "101.3", "101.3a"],
                       "limited": [LIMITED]},
    "limited-six-problems.txt": {"harmony": ["101.1", "101.3", "101.3a"],
                                 "odyssey-block": ["101.1", "101.3", "101.3a"], "limited": [LIMITED]},
}


@pytest.mark.parametrize("name", EXPECTED)
def test_deck_lists_break_exactly_the_rules_expected(name):
    path = DATA / name
    for fmt, expected in EXPECTED[name].items():
        assert rules(path, fmt) == expected, (name, fmt)
    premiere = rules(path, "premiere-block")
    assert BLOCK in premiere and set(premiere) - {BLOCK} == set(EXPECTED[name]["harmony"])


def test_every_deck_list_of_the_data_is_expected():
    lists = {path.name for path in DATA.iterdir()}
    unreadable = {"ambiguous-name.txt", "unknown-name.txt", "doctype.o8d", "not-a-deck.o8d"}
    assert lists == set(EXPECTED) | unreadable
    for name in unreadable:
        with pytest.raises(DeckError):
            read_file(DATA / name)


def test_a_banned_card_before_and_after_its_date():
    path = DATA / "bulk-biceps-banned.o8d"
    assert rules(path, "harmony", datetime.date(2016, 1, 24)) == []
    assert rules(path, "odyssey-block", datetime.date(2016, 1, 24)) == []
    report = check(read_file(path), "harmony", datetime.date(2016, 1, 25))
    [violation] = report.violations
    assert violation.cards == ("bulk-biceps-extra-strong-masseuse",)
    assert violation.node == "ccg/tfr-2.3/harmony-constructed"
    assert "banned in Harmony since 2016-01-25" in violation.message


def test_a_violation_names_its_rule_node_and_cards():
    report = check(read_file(DATA / "too-many-copies.txt"), "harmony", DAY)
    [violation] = report.violations
    assert (violation.rule, violation.node) == ("101.2", "ccg/3.4/101.2")
    assert violation.cards == ("sheriff-silverstar-search-warrant",)
    assert "4 copies of Sheriff Silverstar, Search Warrant; no more than 3" in violation.message
    data = report.as_dict()
    assert data["legal"] is False and data["format"] == "harmony" and data["date"] == "2026-01-01"
    assert data["counts"] == {"mane": 1, "problems": 10, "draw": 45}
    assert report.text().splitlines()[1].startswith("  101.2: too-many-copies's Draw Deck has 4 copies")


def test_one_card_in_each_format():
    cards = load()
    ina = cards.by_id["i-need-answers"]
    assert legality(ina, "harmony", datetime.date(2016, 5, 31)) == (True, None)
    legal, reason = legality(ina, "harmony", datetime.date(2016, 6, 1))
    assert not legal and reason == "I Need Answers is banned in Harmony since 2016-06-01 (Harmony banlist: Premiere #175)"
    assert legality(ina, "premiere-block", datetime.date(2016, 1, 1)) == (True, None)
    assert legality(ina, "odyssey-block", datetime.date(2016, 1, 1)) == (
        False, "I Need Answers is in no set of the Odyssey block (printed in Premier)")
    assert legality(ina, "limited", datetime.date(2020, 1, 1)) == (True, None)
    locked_out = cards.by_id["locked-out"]
    assert legality(locked_out, "odyssey-block") == (True, None)
    assert not legality(locked_out, "premiere-block")[0]
    token = next(card for card in cards.cards if card.sets == ("Tokens",))
    assert legality(token, "harmony")[0] is False and legality(token, "limited") == (True, None)


def test_check_and_legality_agree_on_every_ban_around_its_date():
    from rulebase.cards.banlist import bans
    from rulebase.cards.decks import Deck

    cards = load()
    found = bans()
    assert len(found) >= 9
    for ban in found:
        card = cards.by_id[ban.card_id]
        deck = Deck("one", draw=((card, 1),))
        for day in (ban.effective - datetime.timedelta(days=1), ban.effective):
            banned = [v for v in check(deck, "harmony", day).violations if v.rule.startswith("Harmony banlist")]
            legal, _ = legality(card, "harmony", day)
            assert bool(banned) == (not legal) == (day >= ban.effective), (ban.card_id, day)
