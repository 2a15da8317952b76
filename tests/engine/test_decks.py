import pytest

from rulebase.engine.ccg import decks, octgn
from rulebase.engine.ccg.cards import CardType, Color, Need
from rulebase.engine.ccg.deck import Deck, check, violations
from rulebase.engine.errors import IllegalDeck, SetupError


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


SET = """<?xml version='1.0' encoding='UTF-8'?>
<set name="Test" id="s1">
 <cards>
  <card id="m1" name="Test Mane">
   <property name="Type" value="Mane Character"/><property name="Element" value="Magic"/>
   <property name="Power" value="1"/><property name="Keywords" value="Home Limit 3"/>
   <alternate name="Test Mane" type="Mane Character Boosted">
    <property name="Type" value="Mane Character Boosted"/><property name="Element" value="Magic"/>
    <property name="Power" value="3"/><property name="Keywords" value="Home Limit 4"/>
   </alternate>
  </card>
  <card id="f1" name="Test Friend">
   <property name="Type" value="Friend"/><property name="Element" value="Multicolor"/>
   <property name="MultiPrimaryElement" value="Loyalty"/><property name="MultiSecondaryElement" value="Kindness"/>
   <property name="Power" value="2"/><property name="Cost" value="2"/>
   <property name="PlayRequiredPower" value="1"/><property name="PlayRequiredElement" value="Loyalty"/>
   <property name="Traits" value="Pegasus, Unique"/><property name="Keywords" value="Swift, Competitive 2, Agile"/>
  </card>
  <card id="p1" name="Test Problem">
   <property name="Type" value="Problem"/><property name="Keywords" value="Starting Problem."/>
   <property name="Bonus" value="2"/><property name="ProblemOpponentPower" value="5"/>
   <property name="ProblemPlayerElement1" value="Not Honesty"/><property name="ProblemPlayerElement1Power" value="3"/>
   <property name="ProblemPlayerElement2" value="Wild"/><property name="ProblemPlayerElement2Power" value="1"/>
  </card>
  <card id="e1" name="Test Event">
   <property name="Type" value="Event"/><property name="Power" value="1"/><property name="Cost" value="1"/>
   <property name="Text" value="Faceoff: Flip a card."/>
  </card>
  <card id="r1" name="Test Resource">
   <property name="Type" value="Resource"/><property name="Power" value="1"/><property name="Cost" value="1"/>
   <property name="Text" value="Play on a Friend.&#10;This card's Friend has +1 power."/>
  </card>
  <card id="t1" name="Test Troublemaker">
   <property name="Type" value="Troublemaker"/><property name="Power" value="4"/><property name="Bonus" value="2"/>
   <property name="Traits" value="Epic"/><property name="Keywords" value="Villain"/>
  </card>
 </cards>
</set>
"""

DECK = """<?xml version="1.0" encoding="utf-8" standalone="yes"?>
<deck game="g">
  <section name="Mane Character"><card qty="1" id="m1">Test Mane</card></section>
  <section name="Friends"><card qty="3" id="f1">Test Friend</card></section>
  <section name="Events"><card qty="1" id="e1">Test Event</card><card qty="1" id="r1">Test Resource</card></section>
  <section name="Troublemakers"><card qty="1" id="t1">Test Troublemaker</card></section>
  <section name="Problems"><card qty="2" id="p1">Test Problem</card></section>
</deck>
"""


def test_octgn_card_data_and_deck_files(tmp_path):
    (tmp_path / "Sets" / "s1").mkdir(parents=True)
    (tmp_path / "Sets" / "s1" / "set.xml").write_text(SET, encoding="utf-8")
    (tmp_path / "Decks").mkdir()
    (tmp_path / "Decks" / "Test Deck.o8d").write_text(DECK, encoding="utf-8")
    octgn.load_cards.cache_clear()
    cards = octgn.load_cards(str(tmp_path))
    assert set(cards) == {"m1", "f1", "p1", "e1", "r1", "t1"}
    mane, friend, problem = cards["m1"], cards["f1"], cards["p1"]
    assert (mane.power, mane.home_limit, mane.boosted.power, mane.boosted.home_limit) == (1, 3, 3, 4)
    assert friend.colors == (Color.BLUE, Color.YELLOW) and friend.requirement == (Need(1, Color.BLUE),)
    assert friend.keyword("Competitive") == 2 and friend.keyword("Swift") and friend.has_trait("Unique")
    assert problem.starting_problem and problem.owner_needs == (Need(3, excluded=Color.ORANGE), Need(1))
    assert problem.opponents_need == (Need(5),) and problem.bonus == 2
    assert cards["e1"].timing == "Faceoff" and cards["r1"].host == "Friend"
    assert cards["t1"].points == 2 and cards["t1"].has_trait("Epic") and cards["t1"].keyword("Villain")
    [deck] = octgn.theme_decks(tmp_path)
    assert deck.name == "Test Deck" and deck.mane is mane and len(deck.draw) == 6 and len(deck.problems) == 2
    assert [rule for rule, _ in violations(deck)][:2] == ["101.1", "101.3"]
