"""Shapes of card text read for the first time, each pinned with a real
card's words: the model they are read as, and the name under which a
meaning the engine does not carry out is reported."""

from __future__ import annotations

import pytest

from rulebase.cards import database
from rulebase.engine.ccg.abilities import catalog
from rulebase.engine.ccg.abilities.model import THIS_CARD, Amount, Selector
from rulebase.engine.ccg.abilities.reading import read_card


@pytest.fixture(scope="module")
def cards():
    return {card.full_name: card for card in database.load().cards}


def front(cards, name):
    reading = read_card(cards[name])
    assert reading.parsed, reading.error
    return reading.front


def test_doubling_a_cards_power(cards):
    # Trixie, Smoke and Mirrors: "When you play an Event, double this card's power until the end of the turn."
    effect = front(cards, "Trixie, Smoke and Mirrors")[0].effect
    assert (effect.verb, effect.target, effect.duration) == ("double-power", THIS_CARD, "turn")
    # Sapphire Shores, Glitz and Glam: "Double that Friend's power until the end of the faceoff."
    effect = front(cards, "Sapphire Shores, Glitz and Glam")[0].effect.then
    assert (effect.verb, effect.target, effect.duration) == ("double-power", Selector("that", ref="Friend"), "faceoff")
    # The Spectacle: "double the power of one of your Troublemakers until the start of your next turn"
    choice = front(cards, "The Spectacle")[0].effect.choices[1]
    assert (choice.verb, choice.target.noun, choice.target.controller) == ("double-power", "Troublemaker", "you")
    state = catalog.card_state(cards["Trixie, Smoke and Mirrors"])
    # the name it is read under holds it back, until the engine carries that out
    assert state.state == "executable" or "'double-power'" in state.hold.reason


def test_a_card_with_another_on_it(cards):
    # Sapphire Shores, Glitz and Glam: "choose a Friend with an Accessory on it"
    chosen = front(cards, "Sapphire Shores, Glitz and Glam")[0].effect.target
    assert chosen.noun == "Friend" and dict(chosen.filters)["with-attached"].noun == "Accessory"


def test_each_opponents_cards(cards):
    # Rarity, Mare of Action: "This card has +2 power for each opponent's Troublemaker in play."
    modifier = front(cards, "Rarity, Mare of Action")[0].modifier
    counted = modifier.amount.per
    assert (modifier.kind, modifier.amount.value) == ("power", 2)
    assert (counted.noun, counted.controller, counted.zone) == ("Troublemaker", "opponent", "play")


def test_their_opponents_cards(cards):
    # Secret Mission: "Players need +1 power to confront this Problem for each of their opponent's Friends here."
    modifier = front(cards, "Secret Mission")[0].modifier
    counted = modifier.amount.per
    assert (counted.noun, counted.controller, counted.where) == ("Friend", "their-opponent", "here")
    state = catalog.card_state(cards["Secret Mission"])
    # the name it is read under holds it back, until the engine carries that out
    assert state.state == "executable" or "their-opponent" in state.hold.reason


def test_this_with_the_word_card_left_out(cards):
    # Spitfire, Drilling It In: "When this enters play, you may discard a card to frighten a Friend."
    trigger = [a for a in front(cards, "Spitfire, Drilling It In") if a.kind == "triggered"][0].trigger
    assert (trigger.event, trigger.subject) == ("enters-play", THIS_CARD)


def test_sent_or_moved_home(cards):
    # Zephyr Breeze, Quitter: "When this card is sent or moved home, retire it."
    trigger = next(a for a in front(cards, "Zephyr Breeze, Quitter") if a.kind == "triggered").trigger
    assert (trigger.event, trigger.subject) == ("either", THIS_CARD)
    assert (trigger.value("any-of"), trigger.value("to")) == (("sent-home", "moved"), "home")


def test_what_would_happen_does_not_happen_instead(cards):
    # Hughbert Jellius, Sticks Around: "When this card's Problem is solved, if this card would be sent home, it
    # isn't sent home instead."
    effect = front(cards, "Hughbert Jellius, Sticks Around")[0].effect
    assert (effect.verb, effect.target, effect.value("what")) == ("prevent", THIS_CARD, "sent-home")
    # Applebuck Season: "... chooses a Friend here. If that Friend would be sent home, it isn't sent home instead."
    effect = front(cards, "Applebuck Season")[0].effect
    assert (effect.verb, effect.then.verb, effect.then.target) == ("choose", "prevent", Selector("that", ref="Friend"))


def test_what_does_not_happen_must_be_what_would():
    from rulebase.engine.ccg.abilities.reading import CardTextError, read

    with pytest.raises(CardTextError, match="not what would happen"):
        read("When this card's Problem is solved, if this card would be sent home, it isn't dismissed instead.")


def test_a_card_put_into_play_attached_to_another(cards):
    # Kerfuffle, Feathered Fashionista: "... you may put an attachment Resource from your hand into play attached
    # to a Friend."
    effect = front(cards, "Kerfuffle, Feathered Fashionista")[0].effect
    assert (effect.verb, effect.target.noun, effect.value("on").noun) == ("put-into-play-attached", "Resource", "Friend")
    assert dict(effect.target.filters)["attachment"] is True and effect.optional
    state = catalog.card_state(cards["Kerfuffle, Feathered Fashionista"])
    # the name it is read under holds it back, until the engine carries that out
    assert state.state == "executable" or "'put-into-play-attached'" in state.hold.reason
    # Rarity's Epiphany: "put an Accessory from your hand into play attached to a Friend"
    choice = front(cards, "Rarity's Epiphany")[0].effect.choices[2]
    assert (choice.verb, choice.target.noun) == ("put-into-play-attached", "Accessory")


def test_cards_attached_to_a_card(cards):
    # Bedazzling Costume: "That Friend has +1 power for each Accessory attached to it."
    counted = front(cards, "Bedazzling Costume")[-1].modifier.amount.per
    assert counted.noun == "Accessory" and dict(counted.filters)["on"] == Selector("it")


def test_a_card_that_starts_the_game_elsewhere():
    from rulebase.engine.ccg.abilities.reading import read

    # Corrupting Influence: "Start the game with this card attached to your Mane Character."
    modifier = read("Start the game with this card attached to your Mane Character.")[0].modifier
    assert (modifier.kind, modifier.value("on").noun) == ("starts-attached", "Mane Character")
    # Eternal Night: "Start the game with this card on the bottom of your Problem deck."
    modifier = read("Start the game with this card on the bottom of your Problem deck.")[0].modifier
    assert (modifier.kind, modifier.value("position")) == ("starts-in-problem-deck", "bottom")


def test_flipping_fewer_cards(cards):
    # Fluttershy, Conflict Resolver: "... you may pay [1] to have players flip 1 fewer cards during that faceoff."
    effect = front(cards, "Fluttershy, Conflict Resolver")[0].effect
    assert (effect.verb, effect.optional, effect.then.verb) == ("pay", True, "flip-fewer")
    assert effect.then.amount.value == 1 and effect.then.who == Selector("player", every=True, count=Amount(None))
    state = catalog.card_state(cards["Tea Set"])
    # the name it is read under holds it back, until the engine carries that out
    assert state.state == "executable" or "'flip-fewer'" in state.hold.reason


def test_cards_entering_play_exhausted(cards):
    # Goldie Delicious, Creature Comforts: "... put that card into play exhausted."
    effect = front(cards, "Goldie Delicious, Creature Comforts")[0].effect
    while effect.verb != "put-into-play":
        effect = effect.then
    assert effect.value("exhausted") is True
    # Study Session: "Opposing Friends enter play exhausted.": other cards than this one
    modifier = front(cards, "Study Session")[-1].modifier
    assert (modifier.kind, modifier.subject.noun, modifier.subject.controller) == (
        "others-enter-exhausted", "Friend", "opponent")
    state = catalog.card_state(cards["Study Session"])
    # the name it is read under holds it back, until the engine carries that out
    assert state.state == "executable" or "'others-enter-exhausted'" in state.hold.reason


def test_gaining_action_tokens_equal_to_a_number(cards):
    # Tiny Troubles: "... you may dismiss a Friend here and gain action tokens equal to its cost."
    gain = front(cards, "Tiny Troubles")[0].effect.then
    assert gain.verb == "gain" and gain.amount.per is not None


def test_a_home_limit_changed_for_each_card(cards):
    # Crackle, Diamond in the Rough: "Your opponent's home limit is reduced by 1 for each of their Assets in
    # their home."
    modifier = front(cards, "Crackle, Diamond in the Rough")[0].modifier
    counted = modifier.amount.per
    assert (modifier.kind, modifier.subject.noun, modifier.amount.value) == ("home-limit", "opponent", -1)
    assert (dict(counted.filters)["trait"], counted.controller, counted.where) == ("Asset", "their", "home")
    # Highly Contagious: "Each player's home limit is reduced by 1 for each character that player controls here."
    counted = front(cards, "Highly Contagious")[0].modifier.amount.per
    assert (counted.noun, counted.controller, counted.where) == ("character", "that-player", "here")
    state = catalog.card_state(cards["Highly Contagious"])
    # the name it is read under holds it back, until the engine carries that out
    assert state.state == "executable" or "home limit" in state.hold.reason


def test_a_card_here_and_a_status_not_had(cards):
    from rulebase.engine.ccg.abilities.model import Condition, values

    # Trixie, Big Boaster: "While an opponent's boosted Mane Character is here, this card's Problem can't be
    # confronted."
    condition = front(cards, "Trixie, Big Boaster")[0].condition
    assert (condition.kind, condition.value("where"), condition.subject.noun) == ("at", "here", "Mane Character")
    assert condition.subject.controller == "opponent" and dict(condition.subject.filters)["status"] == "boosted"
    # Buckball Strategy: "While your Mane Character is not boosted, it has +1 power."
    condition = front(cards, "Buckball Strategy")[0].condition
    assert condition == Condition("status", subject=Selector("Mane Character", controller="you"),
                                  values=values(status="boosted"), negated=True)


def test_cards_that_also_have_the_colors_of_others(cards):
    # Bright Smile, One of the Gang: "Your Crystal Friends here also have the colors of each opposing character here."
    modifier = front(cards, "Bright Smile, One of the Gang")[0].modifier
    assert (modifier.kind, dict(modifier.subject.filters)["trait"], modifier.subject.where) == ("colors", "Crystal", "here")
    assert modifier.value("of").controller == "opponent"


def test_defeating_a_troublemaker_by_card_text(cards):
    # Epic Win: "Reaction: After the start of your Troublemaker Phase, defeat an opponent's Troublemaker."
    effect = front(cards, "Epic Win")[0].effect
    assert (effect.verb, effect.target.noun, effect.target.controller) == ("defeat", "Troublemaker", "opponent")
    state = catalog.card_state(cards["Epic Win"])
    # the name it is read under holds it back, until the engine carries that out
    assert state.state == "executable" or "'defeat'" in state.hold.reason


def test_a_limit_on_drawing(cards):
    # Nightmare Moon, Deep Darkness: "Players can't draw more than 2 cards per turn."
    modifier = front(cards, "Nightmare Moon, Deep Darkness")[0].modifier
    assert (modifier.kind, modifier.value("action"), modifier.value("most"), modifier.value("per")) == (
        "at-most", "draw", 2, "turn")
    state = catalog.card_state(cards["Nightmare Moon, Deep Darkness"])
    # the name it is read under holds it back, until the engine carries that out
    assert state.state == "executable" or "'draw'" in state.hold.reason


def test_a_mane_character_turning_over():
    from rulebase.engine.ccg.abilities.reading import read

    # Queen Chrysalis, Changeling Pretender: "When an opponent's Mane Character turns over, turn this card over."
    trigger = read("When an opponent's Mane Character turns over, turn this card over.")[0].trigger
    assert (trigger.event, trigger.subject.noun, trigger.subject.controller) == (
        "turned-over", "Mane Character", "opponent")
