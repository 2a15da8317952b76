import pytest

from rulebase.model import RuleNumber
from rulebase.search.numbers import NumberQuery, as_tcg, find_numbers


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
    ("512.*", ["512"]),
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
