"""Reading further shapes of card text from the tail of the cards the
reader could not read: a card's name where a Trait could stand, "Dr." in a
name, two subjects of one instruction, a condition said after its
instruction, "have ... get", an instruction done at the end of the turn.
Each test pins the model a real card's words read as, beside the words
the reader already read the same way where there are any."""

from __future__ import annotations

import re

import pytest

from rulebase.engine.ccg.abilities import catalog
from rulebase.engine.ccg.abilities.model import THIS_CARD, Ability, Amount, Selector
from rulebase.engine.ccg.abilities.reading import CardTextError, read


def one(text, **options) -> Ability:
    abilities = read(text, **options)
    assert len(abilities) == 1
    return abilities[0]


def _bare(value) -> str:
    if isinstance(value, Ability):
        value = (value.kind, value.timing, value.trigger, value.cost, value.condition, value.effect, value.modifier)
    return re.sub(r"part=Part\([^)]*\)", "", repr(value))


def _same(first, second):
    """Two readings equal but for the words they were read from."""
    assert _bare(first) == _bare(second)


def test_capitalised_words_that_name_no_trait_are_a_cards_name():
    # Slick Shades: "each Slick Shades in play" counts the cards named Slick Shades
    ability = one("That Friend has +1 power for each Slick Shades in play.", card_type="Resource")
    per = ability.modifier.amount.per
    assert (per.noun, per.zone, per.filter("name")) == ("card", "play", "Slick Shades")
    assert per.filter("trait") is None
    # Bon Bon, Minty Fresh: "if you have a Lyra"
    condition = one("When this card enters play, if you have a Lyra, you may pay [1] to ready one of your "
                    "characters here.", card_type="Friend").trigger.condition
    assert condition.kind == "has" and condition.value("what").filter("name") == "Lyra"
    # a Trait is still a Trait ("a Pegasus")
    trait = one("When this card enters play, if you have a Pegasus, you may draw a card.",
                card_type="Friend").trigger.condition.value("what")
    assert (trait.filter("trait"), trait.filter("name")) == ("Pegasus", None)


def test_named_and_a_full_name():
    # Pukwudgie, Prickly Pest: "named Pukwudgie, Prickly Pest" is the name with its subtitle
    per = one("This card has +1 power for each of your other Friends named Pukwudgie, Prickly Pest.",
              card_type="Friend").modifier.amount.per
    assert (per.noun, per.controller, per.filter("other"), per.filter("name")) == (
        "Friend", "you", True, "Pukwudgie, Prickly Pest")


def test_a_word_in_lower_case_that_names_no_trait_is_still_not_read():
    # Stand Back, You Foals! misprints "characters": not read as a name
    with pytest.raises(CardTextError, match="charactes"):
        read("When you move one of your charactes to this Problem, you may exhaust that character.")


def test_dr_is_a_word_of_a_name_not_the_end_of_a_sentence():
    # Dr. Hooves, Experienced Equine
    ability = read("When this card becomes unfrightened, you may move it to a Problem.\n"
                   "This card has +1 power for each Dr. Hooves Friend in your discard pile.",
                   card_type="Friend")[1]
    per = ability.modifier.amount.per
    assert (per.noun, per.zone, per.filter("name")) == ("Friend", "discard", "Dr. Hooves")
    assert ability.modifier.subject == THIS_CARD


def test_double_this_cards_power_for_each_is_its_power_doubled():
    # Pukwudgie, Strength in Numbers: the same modifier as "this card's power is doubled for each"
    said = one("Double this card's power for each other Pukwudgie in play.", card_type="Troublemaker")
    assert said.kind == "continuous" and said.modifier.kind == "power-doubled"
    per = said.modifier.amount.per
    assert (per.filter("name"), per.filter("other"), per.zone) == ("Pukwudgie", True, "play")
    _same(said.modifier, one("This card's power is doubled for each other Pukwudgie in play.",
                             card_type="Troublemaker").modifier)


def test_in_your_home_is_at_home():
    # Fluttershy, Safe Haven
    ability = one("While this card is in your home, your home limit is increased by 2.", card_type="Friend")
    assert (ability.condition.kind, ability.condition.value("where")) == ("at", "home")
    _same(ability, one("While this card is at home, your home limit is increased by 2.", card_type="Friend"))


def test_have_a_card_get_power_is_giving_it_power():
    # Octavia, Standing Ovation (boosted): as "give another character there +2 power"
    said = one("When a Friend enters play at a Problem, you may have another character there get +2 power "
               "until the end of the turn.", card_type="Mane Character")
    effect = said.effect
    assert (effect.verb, effect.amount, effect.duration, effect.optional) == ("power", Amount(2), "turn", True)
    assert (effect.target.noun, effect.target.where, effect.target.filter("other")) == ("character", "there", True)
    _same(said, one("When a Friend enters play at a Problem, you may give another character there +2 power "
                    "until the end of the turn.", card_type="Mane Character"))


def test_have_it_become_involved_in_the_faceoff():
    # Spike, Fight and Flight
    effect = one("At the start of a Troublemaker faceoff, you may exhaust this card to have it become involved "
                 "in the faceoff.", card_type="Friend").effect
    assert (effect.verb, effect.target) == ("exhaust", THIS_CARD)
    assert (effect.then.verb, effect.then.target.noun) == ("involve", "it")


def test_a_condition_said_after_its_instruction():
    # Twittermites, Little Powerhouses: the instruction's condition, asked as it is carried out
    # (the condition "if an opponent has more points than you" reads as before it)
    said = read("Chaos: When you flip this card, it gets +3 power if an opponent has more points than you.",
                card_type="Troublemaker")[0]
    effect = said.effect
    assert (effect.verb, effect.amount, effect.condition.kind) == ("power", Amount(3), "points-than")
    assert said.trigger.condition is None
    before = one("Immediate: If an opponent has more points than you, this card gets +3 power.", card_type="Event")
    _same(effect.condition, before.effect.condition)


def test_each_player_with_a_character_here():
    # Friendship Test: as "each player with at least 1 character here"
    effect = one("When this Problem is solved, each player with a character here gains [1].",
                 card_type="Problem").effect
    assert (effect.verb, effect.amount, effect.who.noun, effect.who.every) == ("gain", Amount(1), "player", True)
    has = effect.who.filter("has")
    assert (has.noun, has.count, has.where) == ("character", Amount(1), "here")
    _same(effect, one("When this Problem is solved, each player with at least 1 character here gains [1].",
                      card_type="Problem").effect)


def test_all_opponents_lose_an_action_token():
    # Trampled: "lose an action token" and "loses 2 action tokens" as "lose [1]", "loses [2]"
    chaos, main = read("Chaos: When this card is flipped, all opponents lose an action token.\n"
                       "Main Phase: An opponent loses 2 action tokens.", card_type="Event")
    assert (chaos.effect.verb, chaos.effect.amount, chaos.effect.value("what")) == ("lose", Amount(1), "tokens")
    assert (chaos.effect.who.noun, chaos.effect.who.every) == ("opponent", True)
    _same(chaos, one("Chaos: When this card is flipped, each opponent loses [1].", card_type="Event"))
    assert (main.effect.amount, main.effect.who.noun, main.effect.who.every) == (Amount(2), "opponent", False)


def test_two_subjects_of_one_instruction():
    # Spike, Ultimate Host: each gets +1 power, that Friend first
    effect = one("When another one of your Friends enters play here, that Friend and this card get +1 power "
                 "until the end of the turn.", card_type="Friend").effect
    assert (effect.verb, effect.target.noun, effect.target.ref, effect.duration) == ("power", "that", "Friend", "turn")
    assert (effect.then.verb, effect.then.target, effect.then.amount) == ("power", THIS_CARD, Amount(1))
    # one selector naming two types is still one selector
    both = one("Main Phase: Your Friends and Resources get +1 power until the end of the turn.",
               card_type="Event").effect
    assert both.then is None and both.target.filter("nouns") == ("Friend", "Resource")


def test_power_and_a_keyword_for_a_while():
    # The Rainbow Connection: the keyword given to the card given the power
    effect = one("Immediate: A Friend involved in a faceoff gets +3 power and Diligent 3 until the end of the "
                 "faceoff.", card_type="Event").effect
    assert (effect.verb, effect.amount, effect.duration) == ("power", Amount(3), "faceoff")
    keyword = effect.then
    assert (keyword.verb, keyword.target, keyword.duration) == ("gain-keyword", Selector("it"), "faceoff")
    assert (keyword.value("keyword"), keyword.value("x")) == ("Diligent", 3)


def test_an_instruction_done_at_the_end_of_the_turn():
    # Charge!: as "At the end of the turn, retire that Friend"
    ability = one("Main Phase: Pay [1] to move one of your Friends to this Problem, then retire that Friend at "
                  "the end of the turn. Any player may activate this ability.", card_type="Problem")
    later = ability.effect.then
    assert (later.verb, later.value("at")) == ("delayed", "end-of-turn")
    assert (later.value("do").verb, later.value("do").target.ref) == ("retire", "Friend")
    assert ability.anyone


def test_your_problem_deck_and_the_top_or_the_bottom():
    # Bridging the Gap
    effect = one("When this Problem is solved, you may look at the top card of your Problem deck and put it on "
                 "the top or the bottom of that deck.", card_type="Problem").effect
    assert (effect.verb, effect.target.zone) == ("look", "problem-deck")
    assert (effect.then.verb, effect.then.value("to"), effect.then.target.noun) == ("to-deck", "top-or-bottom", "it")


def test_this_or_another_friend_and_readies():
    # Gilda, Out of the Nest; Caldera, Explosive Personality
    subject = one("When this or another Friend is frightened, you may put a 1 [Loyalty] Pegasus Friend token "
                  "with Swift into play.", card_type="Friend").trigger.subject
    assert (subject.noun, subject.filter("or-self"), subject.controller) == ("Friend", True, None)
    trigger = read("Main Phase: Pay [1] and exhaust this card to frighten a Friend.\nHarmony Dragon: When this "
                   "card readies, you may put a +1 power counter on a Dragon Friend.", card_type="Friend")[1].trigger
    assert (trigger.event, trigger.subject) == ("readied", THIS_CARD)


@pytest.mark.parametrize("card_id", [
    "slick-shades", "bon-bon-minty-fresh", "dr-hooves-experienced-equine", "pukwudgie-strength-in-numbers",
    "fluttershy-safe-haven", "octavia-standing-ovation", "spike-fight-and-flight",
    "twittermites-little-powerhouses", "friendship-test", "trampled", "spike-ultimate-host", "charge",
    "bridging-the-gap", "gilda-out-of-the-nest", "caldera-explosive-personality",
])
def test_the_cards_are_executable(card_id):
    from rulebase.cards import database

    card = database.load().by_id[card_id]
    state = catalog.card_state(card)
    assert state.state == catalog.EXECUTABLE, state.hold


def test_the_rainbow_connection_is_held_by_the_keyword_for_a_while():
    from rulebase.cards import database

    state = catalog.card_state(database.load().by_id["the-rainbow-connection"])
    assert state.state == catalog.UNEXECUTABLE
    assert "Diligent" in state.hold.reason
