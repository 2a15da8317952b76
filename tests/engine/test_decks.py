import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebase.engine.ccg import decks, octgn
from rulebase.engine.ccg.cards import CardType, Color, Need
from rulebase.engine.ccg.deck import Deck, check, violations
from rulebase.engine.errors import IllegalDeck, SetupError

OCTGN = Path(__file__).resolve().parent.parent / "data" / "octgn"


def test_the_sample_decks_are_legal():
    for deck in decks.sample_decks():
        assert violations(deck) == []
        assert len(deck.draw) == 45 and len(deck.problems) == 10 and deck.mane.type == CardType.MANE


def test_deck_rules_are_reported_with_their_numbers():
    sky = decks.sample_decks()[0]
    broken = Deck("broken", None, sky.draw[:44] + [sky.problems[0]], sky.problems[:9] + [sky.draw[0]])
    rules = [rule for rule, _ in violations(broken)]
    assert rules == ["102.1", "101.2", "101.3b"]
    with pytest.raises(IllegalDeck) as error:
        check(broken)
    assert error.value.rule == "102.1"
    thin = Deck("thin", sky.mane, sky.draw[:40], sky.problems)
    assert [rule for rule, _ in violations(thin)] == ["101.1"]


def test_a_bad_deck_file_is_a_clear_error(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('name = "x"\n[mane]\ntitle = "M"\ntype = "Mane Character"\npower = 1\n', encoding="utf-8")
    with pytest.raises(SetupError, match="home limit"):
        decks.load(path)
    path.write_text("name = [", encoding="utf-8")
    with pytest.raises(SetupError, match="bad.toml"):
        decks.load(path)
    path.write_text('name = "x"\n', encoding="utf-8")
    with pytest.raises(SetupError, match=r"\[mane\]"):
        decks.load(path)


def test_octgn_card_data_and_deck_files():
    octgn.load_cards.cache_clear()
    cards = octgn.load_cards(str(OCTGN))
    assert set(cards) == {"m1", "f1", "p1", "e1", "r1", "t1"}
    mane, friend, problem = cards["m1"], cards["f1"], cards["p1"]
    assert (mane.power, mane.home_limit, mane.boosted.power, mane.boosted.home_limit) == (1, 3, 3, 4)
    assert friend.colors == (Color.BLUE, Color.YELLOW) and friend.requirement == (Need(1, Color.BLUE),)
    assert friend.keyword("Competitive") == 2 and friend.keyword("Swift") and friend.has_trait("Unique")
    assert problem.starting_problem and problem.owner_needs == (Need(3, excluded=Color.ORANGE), Need(1))
    assert problem.opponents_need == (Need(5),) and problem.bonus == 2
    assert cards["e1"].timing == "Faceoff" and cards["r1"].host == "Friend"
    assert cards["t1"].points == 2 and cards["t1"].has_trait("Epic") and cards["t1"].keyword("Villain")
    [deck] = octgn.theme_decks(OCTGN)
    assert deck.name == "Test Deck" and deck.mane == mane and len(deck.draw) == 6 and len(deck.problems) == 2
    assert [rule for rule, _ in violations(deck)][:2] == ["101.1", "101.3"]


SKY = (decks.DECKS / "sky.toml").read_text(encoding="utf-8")


def _toml(value) -> str:
    """``value`` written as a TOML value."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{json.dumps(k)} = {_toml(v)}" for k, v in value.items()) + " }"
    return "[" + ", ".join(_toml(item) for item in value) + "]"


values = st.recursive(
    st.one_of(st.booleans(), st.integers(-10**12, 10**12), st.floats(allow_nan=False, allow_infinity=False),
              st.text(max_size=12), st.sampled_from(["Swift", "Competitive ²", "3 blue + 2 wild", "Friend", "flip 1"])),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["power", "x", "home_limit"]), inner,
                                                                max_size=2),
    max_leaves=6)
fields = st.sampled_from(["copies", "title", "type", "colors", "power", "cost", "keywords", "traits", "requirement",
                          "boosted", "home_limit", "instructions", "timing", "owner_needs", "bonus"])


@settings(max_examples=150, deadline=None)
@given(occurrence=st.integers(0, 12), field=fields, value=values)
def test_any_value_in_a_deck_file_is_read_or_refused_clearly(tmp_path_factory, occurrence, field, value):
    """One field of a real deck file set to any value: the deck is read, or
    refused with a SetupError naming the file; never another exception."""
    lines = SKY.splitlines()
    places = [n for n, line in enumerate(lines) if line.startswith(f"{field} =")]
    if places:
        lines[places[occurrence % len(places)]] = f"{field} = {_toml(value)}"
    else:
        lines.insert(lines.index("[[draw]]") + 1, f"{field} = {_toml(value)}")
    path = tmp_path_factory.mktemp("decks") / "deck.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    try:
        decks.load(path)
    except SetupError as error:
        assert str(path) in str(error)


@pytest.mark.parametrize("printed, line, said", [
    ("copies = 3", 'copies = "two"', "copies must be a whole number from 1 to 99: 'two'"),
    ("copies = 3", "copies = 0", "copies must be a whole number from 1 to 99: 0"),
    ("copies = 3", "copies = 1000000000", "copies must be a whole number from 1 to 99: 1000000000"),
    ("copies = 3", "copies = true", "copies must be a whole number from 1 to 99: True"),
    ('keywords = ["Swift"]', 'keywords = ["Competitive ²"]', "keyword Competitive needs its X"),
])
def test_a_bad_value_names_the_card_and_what_is_wrong(tmp_path, printed, line, said):
    path = tmp_path / "deck.toml"
    path.write_text(SKY.replace(printed, line, 1), encoding="utf-8")
    with pytest.raises(SetupError) as caught:
        decks.load(path)
    assert f"{path} [[draw]] #1" in str(caught.value) and said in str(caught.value)


def test_a_deck_file_that_is_not_utf8_is_a_clear_error(tmp_path):
    path = tmp_path / "deck.toml"
    path.write_bytes(b'name = "\xe9"\n')
    with pytest.raises(SetupError, match="deck.toml: 'utf-8' codec can't decode"):
        decks.load(path)
