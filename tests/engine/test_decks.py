from pathlib import Path

import pytest

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
    assert deck.name == "Test Deck" and deck.mane is mane and len(deck.draw) == 6 and len(deck.problems) == 2
    assert [rule for rule, _ in violations(deck)][:2] == ["101.1", "101.3"]
