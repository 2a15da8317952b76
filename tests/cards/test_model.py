"""The card records' value types: names folded, slugs, keywords and needs."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from rulebase.cards.model import Card, Keyword, Need, Printing, Side, card_id, fold, parse_keywords, slug

_SETTINGS = settings(max_examples=200, deadline=None)


@_SETTINGS
@given(st.text(max_size=40))
def test_a_slug_is_lower_case_ascii_words_joined_by_hyphens(text):
    result = slug(text)
    assert result == "untitled" or (result.isascii() and result == result.lower() and "--" not in result
                                    and not result.startswith("-") and not result.endswith("-"))
    assert slug(result) == result


@_SETTINGS
@given(st.text(max_size=40))
def test_folding_is_idempotent_and_leaves_words_of_letters_and_digits(text):
    folded = fold(text)
    assert fold(folded) == folded == " ".join(folded.split())
    assert all(char.isalnum() or char == " " for char in folded)
    assert fold(text + " !?, " + text) == " ".join(part for part in (folded, folded) if part)


@_SETTINGS
@given(st.from_regex(r"[A-Z][a-z]{1,10}( [A-Z][a-z]{1,10})?( [0-9]{1,3})?", fullmatch=True))
def test_a_keyword_reads_back_from_its_text(text):
    keyword = Keyword.parse(text)
    assert str(keyword) == str(Keyword.parse(str(keyword)))
    assert (keyword.x is not None) == text.split()[-1].isdigit()


def test_names_that_differ_only_by_accents_case_or_punctuation_fold_alike():
    assert fold("Kitchen au Flambé") == fold("KITCHEN AU FLAMBE") == "kitchen au flambe"
    assert fold("Protégé’s Downfall") == fold("Protege's Downfall")
    assert fold("Ten. Seconds. Flat.") == fold("Ten Seconds Flat")
    assert fold("Flim & Flam") != fold("Flim and Flam")
    assert card_id("Photo Finish", 'Say "Käse!"') == "photo-finish-say-kase"
    assert card_id("Natural 20", "") == "natural-20"


def test_keyword_lines_split_on_commas_and_full_stops():
    assert parse_keywords("") == ()
    assert parse_keywords("Swift, Competitive 2, Agile") == (("Swift", None), ("Competitive", 2), ("Agile", None))
    assert parse_keywords("Home Limit on the Hive? Hahahaa!") == (Keyword("Home Limit on the Hive? Hahahaa!"),)


def test_needs_print_as_the_rules_write_them():
    assert [str(n) for n in (Need(3, "blue"), Need(2, "not orange"), Need(8), Need(None, "Rainbow"))] == [
        "3 blue", "2 not orange", "8", "Rainbow"]
    assert Need(1, "blue") == (1, "blue")


def test_a_card_is_hashable_comparable_and_json_ready():
    printing = Printing("Premier", "s1", "PR1", "F", "x1", 31)
    boosted = Side(name="Rainbow Dash", type="Mane Character Boosted", power=3, home_limit=4)
    card = Card(id="rainbow-dash", name="Rainbow Dash", type="Mane Character", colors=("blue",), power=1,
                keywords=(Keyword("Home Limit", 3),), home_limit=3, extra={"@size": "x"},
                printings=(printing,), boosted=boosted)
    same = Card(**{**vars(card), "extra": {"@size": "x"}})
    assert card == same and hash(card) == hash(same) and len({card, same}) == 1
    assert card != Card(**{**vars(card), "extra": {}})
    data = card.as_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["keywords"] == [{"name": "Home Limit", "x": 3}] and data["boosted"]["power"] == 3
    assert data["printings"] == [{"set_name": "Premier", "set_id": "s1", "number": "PR1", "rarity": "F",
                                  "octgn_id": "x1", "line": 31}]
    assert card.keyword("HOME LIMIT") == ("Home Limit", 3) and card.keyword("Swift") is None
    assert card.sets == ("Premier",) and not card.is_multicolor and boosted.full_name == "Rainbow Dash"
