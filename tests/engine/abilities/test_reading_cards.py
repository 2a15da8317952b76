"""Reading real cards' words as what they name: a Trait of several words is
one Trait, "this Friend" is the card the text is printed on unless the card
is a Resource played on a Friend (201.2), and "your next turn" is not the
next turn."""

from __future__ import annotations

import pytest

from rulebase.cards import database
from rulebase.engine.ccg.abilities import catalog
from rulebase.engine.ccg.abilities.model import Selector
from rulebase.engine.ccg.abilities.reading import read, read_card


@pytest.fixture(scope="module")
def cards():
    return database.load().by_id


def front(cards, card_id):
    reading = read_card(cards[card_id])
    assert reading.parsed, reading.error
    return reading.front


def test_earth_pony_is_one_trait_not_the_trait_pony(cards):
    # Applejack, Big Breakfast: "... for each of your other Earth Pony Friends."
    counted = next(a for a in front(cards, "applejack-big-breakfast") if a.kind == "continuous").modifier.amount.per
    assert dict(counted.filters)["trait"] == "Earth Pony"
    assert ("trait", "Pony") not in counted.filters


def test_a_trait_of_two_words_in_a_token_description(cards):
    # Friendship Festival Setup: "put five 1 [Laughter] Earth Pony Friend tokens into play"
    ability = read("When you confront this Problem, put five 1 [Laughter] Earth Pony Friend tokens into play.")[0]
    token = dict(ability.effect.value("token"))
    assert token["traits"] == ("Earth Pony",)


def test_a_single_trait_stays_one_word(cards):
    # Zipporwhill, Pet Collector: "Your Critter Friends do not count against your home limit."
    modifier = front(cards, "zipporwhill-pet-collector")[0].modifier
    assert dict(modifier.subject.filters)["trait"] == "Critter"


def test_pony_tone_is_one_trait():
    # Singing Barrel: "... to put one of your Pony Tone Friends into its owner's hand."
    ability = read("Main Phase: Exhaust this card and put it into its owner's hand to put one of your Pony Tone "
                   "Friends into its owner's hand.", card_type="Resource")[0]
    assert dict(ability.effect.target.filters)["trait"] == "Pony Tone"


def test_this_friend_on_a_friend_is_the_card_itself(cards):
    # Trouble Shoes, Rodeo Clown: "Put a number of +1 power counters on this Friend ..."
    ability = front(cards, "trouble-shoes-rodeo-clown")[0]
    counters = ability.effect.then
    assert counters.verb == "counters" and counters.target.noun == "self"


def test_this_friend_on_a_resource_is_the_friend_it_is_played_on(cards):
    # Too Many Bandages: "Play on a Friend." then "This Friend gets -2 power."
    modifier = next(a for a in front(cards, "too-many-bandages") if a.kind == "continuous").modifier
    assert modifier.subject.noun == "host"


def test_the_attached_friend_is_the_host_whatever_the_card():
    text = "When you play a Friend, the attached Friend gets +2 power until the end of the turn."
    for card_type in ("Resource", "Friend", None):
        assert read(text, card_type=card_type)[0].effect.target.noun == "host"


def test_the_start_of_your_next_turn_is_read_as_its_own_time(cards):
    # Princess Luna, Mare in the Moon: "... put it into play at the start of your next turn."
    effect = front(cards, "princess-luna-mare-in-the-moon")[0].effect
    assert effect.then.value("at") == "start-of-your-next-turn"
    # Minuette, Fast Forward: "At the start of the next turn, put that Friend into play."
    effect = front(cards, "minuette-fast-forward")[0].effect
    assert effect.then.value("at") == "start-of-next-turn"


def test_a_time_the_engine_does_not_carry_out_leaves_the_card_unexecutable(cards):
    state = catalog.card_state(cards["princess-luna-mare-in-the-moon"])
    # the name it is read under holds it back, until the engine carries that out
    assert state.state == "executable" or "start-of-your-next-turn" in state.hold.reason


def test_words_side_by_side_that_are_no_trait_are_a_cards_name(cards):
    # Lyra, Candy Fiend: "... search your deck for a Bon Bon card ..."
    searched = front(cards, "lyra-candy-fiend")[0].effect
    assert dict(searched.target.filters) == {"name": "Bon Bon"}
    # The Stars Will Aid In Her Escape: "... search your deck for a Nightmare Moon card ..."
    searched = front(cards, "the-stars-will-aid-in-her-escape")[0].effect
    assert dict(searched.target.filters) == {"name": "Nightmare Moon"}


def test_a_trait_said_for_a_noun_names_the_cards_with_that_trait(cards):
    # Fluttershy, Leader of the Pack: "Your Critters here have +1 power."
    subject = front(cards, "fluttershy-leader-of-the-pack")[0].modifier.subject
    assert (subject.noun, subject.controller, subject.where, subject.every) == ("card", "you", "here", True)
    assert dict(subject.filters) == {"trait": "Critter"}
    # Pet Primping: "... put a Critter from your discard pile into your hand."
    target = front(cards, "pet-primping")[0].effect.target
    assert (target.noun, target.every, dict(target.filters)) == ("card", False, {"trait": "Critter"})
    # Queen Novo, Under the Sea: "Your Seaponies have Showy 1." (a plural in -ies)
    subject = front(cards, "queen-novo-under-the-sea")[1].modifier.subject
    assert dict(subject.filters) == {"trait": "Seapony"} and subject.every


def test_a_cards_name_is_not_read_as_a_trait(cards):
    # Angel, Bossy Pet: "While with your Fluttershy, this card has +1 power."
    condition = front(cards, "angel-bossy-pet")[0].condition
    assert "Fluttershy" in repr(condition) and "'trait'" not in repr(condition)
    # Bon Bon, Minty Fresh: "if you have a Lyra" is no Trait: a card named Lyra
    reading = read_card(cards["bon-bon-minty-fresh"])
    what = reading.front[0].trigger.condition.value("what")
    assert (what.filter("name"), what.filter("trait")) == ("Lyra", None)
