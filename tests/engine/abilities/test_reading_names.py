"""Reading further shapes of card text from the tail of the cards the
reader could not read: a card's name where a Trait could stand, "Dr." in a
name, two subjects of one instruction, a condition said after its
instruction, "have ... get", an instruction done at the end of the turn.
Each test pins the model a real card's words read as, beside the words
the reader already read the same way where there are any."""

from __future__ import annotations

import re
from dataclasses import replace

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
    "bridging-the-gap", "gilda-out-of-the-nest", "caldera-explosive-personality", "gilda-amended-friend",
    "welcome-party", "maud-pie-rockin", "lemon-hearts-banquet-planner", "princess-twilight-sparkle-masked-matter-horn",
    "creepy-creeping-crystals", "party-favor-balloon-master", "lilac-links-superstitious",
    "fluttershys-worst-nightmare",
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


def test_two_tokens_put_into_play_each_in_turn():
    # Gilda, Amended Friend: the keyword belongs to the token it is said of
    effect = one("When this card enters play, you may put a 1 [Loyalty] Pegasus Friend token with Swift and a 1 "
                 "[Laughter] Earth Pony Friend token into play.", card_type="Friend").effect
    first, second = effect, effect.then
    assert (first.verb, second.verb, first.optional) == ("token", "token", True)
    assert dict(first.value("token")) == {"power": 1, "color": "blue", "traits": ("Pegasus",), "type": "Friend",
                                          "keyword": "Swift"}
    assert dict(second.value("token")) == {"power": 1, "color": "pink", "traits": ("Earth Pony",),
                                           "type": "Friend"}
    # one of them alone reads as the one-token shape does
    _same(replace(first, then=None), one("When this card enters play, you may put a 1 [Loyalty] Pegasus Friend "
                                         "token with Swift into play.", card_type="Friend").effect)


def test_one_of_several_tokens_is_a_choice():
    # Welcome Party: three options, each a token put into play here
    effect = one("At the start of your turn, you may put a 1 [Generosity] Unicorn Friend token with Prepared, a 1 "
                 "[Laughter] Earth Pony Friend token, or a 1 [Loyalty] Pegasus Friend token with Swift into play "
                 "here.", card_type="Problem").effect
    assert (effect.verb, effect.amount, effect.optional, len(effect.choices)) == ("choose", Amount(1), True, 3)
    kinds = [dict(choice.value("token")) for choice in effect.choices]
    assert [(k["traits"], k.get("keyword")) for k in kinds] == [(("Unicorn",), "Prepared"), (("Earth Pony",), None),
                                                            (("Pegasus",), "Swift")]
    assert {choice.value("area") for choice in effect.choices} == {"here"}


def test_you_have_a_friend_and_a_resource_is_both():
    # Maud Pie, Rockin'
    condition = one("At the end of your Main Phase, if you have a Friend and a Resource, turn this card over.",
                    card_type="Mane Character").trigger.condition
    assert condition.kind == "all"
    assert [(c.kind, c.value("what").noun) for c in condition.all_of] == [("has", "Friend"), ("has", "Resource")]


def test_each_card_type_in_a_discard_pile():
    # Maud Pie, Rockin' (boosted): the card types among the cards there
    per = one("This card has +1 power for each card type in your discard pile.",
              card_type="Mane Character").modifier.amount.per
    among = per.filter("among")
    assert (per.noun, among.noun, among.zone, among.every) == ("card-type", "card", "discard", True)


def test_the_first_friend_you_play_to_a_problem():
    # It's a Secret to Everypony: "to this Problem" as "at this Problem" reads
    subject = one("You may pay [1] less to play the first Friend you play to this Problem each turn, to a minimum "
                  "of [1].", card_type="Problem").modifier.subject
    assert (subject.filter("first"), subject.filter("played-to")) == ("turn", "this-problem")
    _same(subject, one("You may pay [1] less to play the first Friend you play at this Problem each turn, to a "
                       "minimum of [1].", card_type="Problem").modifier.subject)


def test_draw_it_after_revealing_the_top_card_draws_that_card():
    # Lemon Hearts, Banquet Planner: as "reveal a card from the top of your deck and draw a card"
    said = one("Immediate: Pay [1] to reveal a card from the top of your deck and draw it. If it's an Event, this "
               "card gets +2 power until the end of the turn.", card_type="Friend")
    reveal, draw = said.effect, said.effect.then
    assert (reveal.verb, draw.verb, draw.amount) == ("reveal", "draw", Amount(1))
    _same(replace(reveal, then=replace(draw, then=None)), one(
        "Immediate: Pay [1] to reveal a card from the top of your deck and draw a card.", card_type="Friend").effect)
    # Princess Twilight Sparkle, Masked Matter-Horn: in the next sentence, with a condition
    draw = one("When a Friend enters play here, you may reveal the top card of your deck. If that card is an "
               "Event, you may draw it.", card_type="Friend").effect.then
    assert (draw.verb, draw.amount, draw.optional, draw.condition.value("type")) == ("draw", Amount(1), True, "Event")


def test_draw_it_of_a_card_not_revealed_from_the_top_of_the_deck_is_its_own_verb():
    # a card revealed from the hand, or an opponent's top card, is no draw of one's own top card
    effect = one("Main Phase: Reveal the top card of an opponent's deck and draw it.", card_type="Event").effect
    assert effect.then.verb == "draw-it"
    assert catalog.Engine().part("effect", effect) is not None


def test_a_doubled_article_of_the_card_data_and_the_rest_of_the_card():
    # Creepy Creeping Crystals: "Play on an a Problem." as "Play on a Problem."
    placement, cant = read("Play on an a Problem.\nOpponents must pay +[1] to rally Friends here.",
                           card_type="Resource")
    assert placement.kind == "placement" and placement.target.noun == "Problem"
    _same(placement.target, read("Play on a Problem.", card_type="Resource")[0].target)
    assert cant.kind == "continuous" and cant.modifier.kind == "cost"


def test_would_be_uncovered_here():
    # A Stern Talking-To: read, and held by the replacement of an uncovering the engine does not carry out
    ability = read("Play on a Problem.\nVexing\nIf a Troublemaker would be uncovered here, you may retire this "
                   "card instead.", card_type="Resource")[-1]
    assert (ability.kind, ability.trigger.event, ability.trigger.subject.where) == ("replacement", "uncovered", "here")


def test_the_card_from_the_bottom_of_your_deck():
    # Dig Deeper: the bottom card, as "the bottom card of your deck" reads
    target = one("Faceoff: Put the card from the bottom of your deck on the top of your deck.",
                 card_type="Event").effect.target
    assert (target.zone, target.filter("bottom"), target.filter("top")) == ("deck", True, None)
    _same(target, one("Faceoff: Put the bottom card of your deck on the top of your deck.",
                      card_type="Event").effect.target)


def test_double_that_friends_power():
    # Clouded By Anger: the Friend the Resource is on, its power doubled
    modifier = read("Play on a Friend.\nDouble that Friend's power.", card_type="Resource")[1].modifier
    assert (modifier.kind, modifier.subject.noun, modifier.subject.ref) == ("power-doubled", "that", "Friend")


def test_put_into_play_a_number_of_tokens():
    # Party Favor, Balloon Master: "put into play a number of ... tokens equal to ..." in either order
    said = one("When this card leaves play, you may put into play a number of 1 [Laughter] Earth Pony Friend "
               "tokens equal to this card's power.", card_type="Friend")
    effect = said.effect
    assert (effect.verb, effect.optional, dict(effect.value("token"))["traits"]) == ("token", True, ("Earth Pony",))
    assert effect.amount.per.noun == "power"
    _same(said, one("When this card leaves play, you may put a number of 1 [Laughter] Earth Pony Friend tokens "
                    "into play equal to this card's power.", card_type="Friend"))


def test_a_cost_and_a_choice_before_to():
    # Lilac Links, Superstitious: the choice is no cost; read as "... to choose a Friend .... Give that Friend ..."
    said = one("Problem Faceoff: Exhaust this card and choose a Friend involved in the faceoff with a Resource "
               "attached to it to give that Friend -5 power until the end of the faceoff.", card_type="Friend")
    assert [(c.verb, c.target) for c in said.cost] == [("exhaust", THIS_CARD)]
    assert (said.effect.verb, said.effect.target.noun, said.effect.then.verb) == ("choose", "Friend", "power")
    _same(said, one("Problem Faceoff: Exhaust this card to choose a Friend involved in the faceoff with a Resource "
                    "attached to it. Give that Friend -5 power until the end of the faceoff.", card_type="Friend"))


def test_into_its_owners_hand_misprinted():
    # Fluttershy's Worst Nightmare: "into its owners' hand" as "into its owner's hand"
    text = "At the start of a Problem faceoff here, put each opposing Friend here with {} hand."
    _same(one(text.format("0 power into its owners'"), card_type="Problem"),
          one(text.format("0 power into its owner's"), card_type="Problem"))
    assert one(text.format("0 power into its owners'"), card_type="Problem").effect.verb == "to-hand"
