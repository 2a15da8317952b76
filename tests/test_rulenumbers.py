"""Reading rule numbers as people type them, and the closest existing numbers."""

import pytest

from rulebase.model import RuleNumber
from rulebase.errors import RuleNumberError
from rulebase.rulenumbers import NumberQuery, as_tcg, closest, find_numbers, read, read_query


@pytest.mark.parametrize("text, expected", [
    ("514.4c", ["514.4c"]),
    ("514.4 c", ["514.4c"]),
    ("rule 514.4c", ["514.4c"]),
    ("CR 514", ["514"]),
    ("(514.4c)", ["514.4c"]),
    ("cr514.4c", ["514.4c"]),
    ("514", ["514"]),
    ("514.4c.i", ["514.4c.i"]),
    ("405.2.0", ["405.2.0"]),
    ("514.4a-c", ["514.4a-514.4c"]),
    ("514.4a-514.4c", ["514.4a-514.4c"]),
    ("514.4c-a", ["514.4a-514.4c"]),
    ("101-103", ["101-103"]),
    ("512.*", ["512.*"]),
    ("see 514.4c and 512.4d", ["514.4c", "512.4d"]),
])
def test_numbers_in_every_form_a_judge_types(text, expected):
    found, _ = find_numbers(text)
    assert [str(number) for number in found] == expected


@pytest.mark.parametrize("text", ["24,567,837", "1514.4", "x514", "15 points", "a 45 card deck"])
def test_other_numbers_are_not_rule_numbers(text):
    assert find_numbers(text)[0] == []


def test_the_rest_of_the_query_is_kept():
    found, rest = find_numbers("what does 514.4c say about ties")
    assert [str(n) for n in found] == ["514.4c"] and rest.split() == ["what", "does", "say", "about", "ties"]


def test_a_number_matches_itself_and_its_sub_rules_exactly():
    number = NumberQuery(RuleNumber.parse("514.4"))
    assert number.covers(RuleNumber.parse("514.4"), [])
    assert number.covers(RuleNumber.parse("514.4c"), [RuleNumber.parse("514"), RuleNumber.parse("514.4")])
    assert not number.covers(RuleNumber.parse("514.40"), [RuleNumber.parse("514")])
    assert not number.covers(RuleNumber.parse("514.5"), [RuleNumber.parse("514")])


def test_a_range_covers_its_ends_and_what_is_between():
    (number,), _ = find_numbers("514.4a-c")
    inside = ["514.4a", "514.4a.i", "514.4b", "514.4c"]
    parents = [RuleNumber.parse("514"), RuleNumber.parse("514.4")]
    for text in inside:
        extra = [RuleNumber.parse("514.4a")] if text.endswith(".i") else []
        assert number.covers(RuleNumber.parse(text), parents + extra), text
    assert not number.covers(RuleNumber.parse("514.5"), [RuleNumber.parse("514")])
    assert not number.covers(RuleNumber.parse("514.4"), [RuleNumber.parse("514")])


def test_a_letter_typed_apart_can_be_read_as_a_word():
    (number,), _ = find_numbers("514.4 a")
    assert number.spaced_letter and str(number.without_letter()) == "514.4"
    (number,), _ = find_numbers("514.4a")
    assert number.without_letter() is None


def test_ccg_style_numbers_read_as_tcg_numbers():
    assert str(as_tcg(RuleNumber.parse("405"))) == "405.0.0"
    assert str(as_tcg(RuleNumber.parse("405.2"))) == "405.2.0"
    assert as_tcg(RuleNumber.parse("405.2a")) is None


@pytest.mark.parametrize("text, expected", [
    ("514.4c", "514.4c"), ("(514.4c)", "514.4c"), ("rule 514.4c", "514.4c"), ("Rule 514.4 C", "514.4c"),
    ("CR 514", "514"), ("cr514.4c", "514.4c"), ("§ 514", "514"), ("  514.4c.  ", "514.4c"), ("514.4c?", "514.4c"),
    ("505.1d.i", "505.1d.i"), ("405.2.0", "405.2.0"), ("RULE 101.1.0", "101.1.0"),
])
def test_one_number_is_read_in_every_form_a_person_types_it(text, expected):
    assert str(read(text)) == expected
    assert read(text) == read(expected)


@pytest.mark.parametrize("text", ["", "  ", "51", "5144", "514.4cc", "abc", "what is 514.4c", "514.4a-c", "512.*",
                                  "514.4c 512.1", "x" * 200, "1514.4"])
def test_anything_else_is_not_one_number(text):
    with pytest.raises(RuleNumberError, match="not a rule number"):
        read(text)


@pytest.mark.parametrize("text, expected, single", [
    ("514.4c", "514.4c", True), ("514.4a-c", "514.4a-514.4c", False), ("512.*", "512.*", False),
    ("512*", "512.*", False), ("rule 101 to 103", "101-103", False), ("CR 514", "514", True),
])
def test_a_whole_query_read_as_a_number_a_range_or_a_pattern(text, expected, single):
    query = read_query(text)
    assert str(query) == expected and query.is_single is single


@pytest.mark.parametrize("text", ["514.4c tied", "what does 514.4c say", "faceoff", "", "514.4c and 512.1"])
def test_a_query_with_words_is_not_a_number(text):
    assert read_query(text) is None


def test_a_pattern_covers_the_rules_under_it():
    (pattern,), _ = find_numbers("512.*")
    assert pattern.pattern and not pattern.is_single
    assert pattern.covers(RuleNumber.parse("512.4d"), [RuleNumber.parse("512"), RuleNumber.parse("512.4")])
    assert not pattern.covers(RuleNumber.parse("513.1"), [RuleNumber.parse("513")])


KEYS = ["101", "101.1", "101.2", "514", "514.1", "514.2", "514.3", "514.4", "514.4a", "514.4b", "514.4c",
        "514.5", "515", "515.1", "611", "611.1", "611.2", "611.3", "611.4", "802", "802.1", "802.2"]


@pytest.mark.parametrize("wanted, expected", [
    # A letter too far: its siblings, nearest first, then the rule above them.
    ("514.4z", ["514.4c", "514.4b", "514.4a", "514.4", "514.5"]),
    ("611.9", ["611.4", "611.3", "611.2", "611.1", "611"]),
    # A slip of the keys: two digits swapped, a digit doubled.
    ("541.4c", ["514.4c"]),
    ("514.44", ["514.4"]),
    # A number past the end of the rules: the last ones.
    ("999.9", ["802.2", "802.1"]),
])
def test_the_closest_numbers_are_those_a_judge_meant(wanted, expected):
    found = closest(wanted, KEYS)
    assert found[:len(expected)] == expected and len(found) == 5
    assert str(wanted) not in found


def test_closest_gives_the_keys_as_given_and_passes_over_what_is_no_number():
    assert closest(RuleNumber.parse("514.4z"), ["514.4c", "705.2b~2", "glossary/swift", "514.4"], limit=3) == [
        "514.4c", "514.4"]
    assert closest("514.4z", KEYS, limit=2) == ["514.4c", "514.4b"]


def test_closest_suggests_only_numbers_of_the_same_game():
    tcg = ["101.0.0", "101.1.0", "405.0.0", "405.1.0", "405.2.0", "406.0.0"]
    assert closest("405.9.0", tcg)[:3] == ["405.2.0", "405.1.0", "405.0.0"]
    assert closest("405.9", tcg)[0] == "405.2.0"  # typed without its last part
    assert closest("514.4z", tcg) == []
    assert closest("405.9.0", KEYS) == []


@pytest.mark.parametrize("wanted", ["", "faceoff", "<script>", None, "9" * 500])
def test_closest_to_what_is_no_number_is_nothing(wanted):
    assert closest(wanted, KEYS) == []
    assert closest("514.4z", []) == []


def test_closest_takes_any_number_a_rule_can_have():
    keys = ["505.1d", "505.1d.i", "505.1d.ii", "505.1d.ix", "505.1d.x", "000.0a.i"]
    assert closest("505.1d.xi", keys)[:2] == ["505.1d.x", "505.1d.ix"]
    assert closest("000.0a.xi", keys)[0] == "000.0a.i"
    assert closest("505.1d.iv", keys)[:2] == ["505.1d.ii", "505.1d.i"]
    # A letter i, v or x is a letter, not a roman numeral.
    assert closest("514.4k", ["514.4", "514.4h", "514.4i", "514.4j"])[:3] == ["514.4j", "514.4i", "514.4h"]
