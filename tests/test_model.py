import pytest
from hypothesis import given, strategies as st

from rulebase.errors import RuleNumberError
from rulebase.model import RuleNumber


@pytest.mark.parametrize("text", ["514", "514.4", "514.4c", "505.1d.i", "511.7a.i", "101.1.0", "405.2.0"])
def test_number_round_trips(text):
    assert str(RuleNumber.parse(text)) == text
    assert RuleNumber.parse(f"({text})") == RuleNumber.parse(text)
    assert eval(repr(RuleNumber.parse(text))) == RuleNumber.parse(text)


@pytest.mark.parametrize("text", ["", "51", "514.", "514.4cc", "abc", "514.4c.q", "514.4c)x"])
def test_bad_numbers_are_refused(text):
    with pytest.raises(RuleNumberError, match="not a rule number"):
        RuleNumber.parse(text)


def test_parents_and_depth():
    number = RuleNumber.parse("505.1d.i")
    assert [str(n) for n in (number.parent, number.parent.parent, number.parent.parent.parent)] == ["505.1d", "505.1", "505"]
    assert number.parent.parent.parent.parent is None
    assert number.depth == 3 and number.chapter == 5
    assert str(RuleNumber.parse("405.2.1").parent) == "405.2.0"
    assert str(RuleNumber.parse("405.2.0").parent) == "405.0.0"
    assert RuleNumber.parse("405.0.0").parent is None


def test_numbers_match_exactly_and_sort_naturally():
    assert RuleNumber.parse("514.4") != RuleNumber.parse("514.40")
    ordered = sorted(RuleNumber.parse(t) for t in ["514.10", "514.4c", "514.4", "514.4a.i", "514.4a", "514.9"])
    assert [str(n) for n in ordered] == ["514.4", "514.4a", "514.4a.i", "514.4c", "514.9", "514.10"]


def test_roman_numerals_past_ten_sort_after_ten():
    ordered = sorted(RuleNumber.parse(t) for t in ["505.1d.xi", "505.1d.ii", "505.1d.x", "505.1d.ix", "505.1e"])
    assert [str(n) for n in ordered] == ["505.1d.ii", "505.1d.ix", "505.1d.x", "505.1d.xi", "505.1e"]


def test_with_section_moves_a_misprinted_number():
    assert str(RuleNumber.parse("601.1a").with_section(604)) == "604.1a"


@given(st.integers(100, 999), st.integers(1, 40), st.sampled_from(["", "a", "d", "z"]), st.sampled_from(["", "i", "iv"]))
def test_any_ccg_number_round_trips(section, major, letter, roman):
    text = f"{section}.{major}{letter}" + (f".{roman}" if letter and roman else "")
    assert str(RuleNumber.parse(text)) == text
