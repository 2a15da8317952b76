"""Reading more shapes of card text from the tail of the cards the reader
could not read: each test pins the model a real card's words read as, and
the name a meaning the engine does not carry out is read under."""

from __future__ import annotations

from rulebase.cards import database as card_database
from rulebase.engine.ccg.abilities import catalog
from rulebase.engine.ccg.abilities.model import THIS_CARD, Ability, Amount, Selector
from rulebase.engine.ccg.abilities.reading import read

YOU = Selector("you")


def _card(card_id):
    return next(card for card in card_database.load().cards if card.id == card_id)


def one(text, **options) -> Ability:
    abilities = read(text, **options)
    assert len(abilities) == 1
    return abilities[0]


def test_that_card_of_either_of_two_types():
    # Princess Cadance, Lost Parent: "that Friend or Troublemaker" is the card the
    # replacement's event happened to, whichever type it is ("that card")
    ability = one("If an opposing Friend or Troublemaker would be dismissed, you may exhaust this card to "
                  "banish that Friend or Troublemaker instead.", card_type="Friend")
    assert ability.kind == "replacement"
    banish = ability.effect.then
    assert banish.verb == "banish"
    assert (banish.target.noun, banish.target.ref) == ("that", "card")
    # the same reference "that card" reads as
    that_card = one("If an opposing Friend would be dismissed, you may exhaust this card to banish that card "
                    "instead.", card_type="Friend").effect.then.target
    assert (that_card.noun, that_card.ref) == (banish.target.noun, banish.target.ref)


def test_a_while_and_a_during_around_one_statement():
    # Aloe, Totally Relaxing: both the "while" and the "during" hold the can't
    ability = one("While an opponent's Mane Character is boosted, that player can't play cards during faceoffs "
                  "involving their Mane Character.", card_type="Friend")
    assert ability.kind == "continuous" and ability.condition.kind == "all"
    first, second = ability.condition.all_of
    assert (first.kind, first.value("status")) == ("status", "boosted")
    assert (second.kind, second.value("phase")) == ("during", "faceoff")
    assert second.value("involving").noun == "Mane Character"
    assert (ability.modifier.kind, ability.modifier.value("action")) == ("cant", "be-played")
    assert ability.modifier.value("by").noun == "that"


def test_a_cant_for_a_while_only_during_faceoffs_is_its_own_verb():
    # Listen Up!: the can't holds during the turn's faceoffs only, which the
    # engine's can'ts for a while do not say: read as 'cant-during'
    ability = one("Immediate: Until the end of the turn, your characters get +3 power and opponents can't play "
                  "cards during faceoffs.", card_type="Event")
    power, cant = ability.effect, ability.effect.then
    assert (power.verb, power.amount, power.duration) == ("power", Amount(3), "turn")
    assert (cant.verb, cant.duration, cant.value("action")) == ("cant-during", "turn", "be-played")
    assert cant.value("by").noun == "opponent"
    assert cant.value("during").value("phase") == "faceoff"
    # and so the card is parsed but not executable, under that name
    state = catalog.card_state(_card("listen-up"))
    assert state.state == catalog.UNEXECUTABLE
    assert "'cant-during'" in state.hold.reason


def test_paying_a_number_of_action_tokens_less_to_turn_a_card_over():
    # Fluttershy, Friend to Animals: "1 less action token" written out reads as "[1] less";
    # turning this card over is the action 'turn-over', a cost the engine does not change
    ability = one("You pay 1 less action token to turn this card over for each Critter Friend you control.",
                  card_type="Mane Character")
    modifier = ability.modifier
    assert (modifier.kind, modifier.subject, modifier.value("action")) == ("cost", THIS_CARD, "turn-over")
    assert modifier.amount.value == -1
    assert modifier.amount.per.noun == "Friend" and modifier.amount.per.filter("trait") == "Critter"
    assert modifier.value("player") == YOU
    # the card is read whole (whether the engine carries the change out is the engine's answer)
    state = catalog.card_state(_card("fluttershy-friend-to-animals"))
    assert state.state != catalog.UNPARSED


def test_a_problem_that_has_a_card_there():
    # Fluttershy, Friend to Animals (boosted): "a Problem that has one of your
    # Critter Friends there" reads as "a Problem with one of your Critter Friends"
    said = one("Main Phase: Pay [1] to move this card to a Problem that has one of your Critter Friends there.",
               card_type="Mane Character").effect
    with_ = one("Main Phase: Pay [1] to move this card to a Problem with one of your Critter Friends.",
                card_type="Mane Character").effect
    assert said.verb == "move" and said.target == THIS_CARD
    area, what = said.value("area")
    assert area == "problem-with" and what.noun == "Friend" and what.filter("trait") == "Critter"
    assert what.controller == "you"
    assert with_.value("area")[1].filters == what.filters


def test_rallying_a_card_costs_more():
    # The Scariest Cave in Equestria: a change of what any player pays to rally
    # the cards named, as "players pay +[1] to rally frightened Friends"
    modifier = one("Rallying a frightened Friend costs +[1].", card_type="Problem").modifier
    assert (modifier.kind, modifier.amount, modifier.value("action")) == ("cost", Amount(1), "rally")
    assert modifier.subject.noun == "Friend" and modifier.subject.filter("status") == "frightened"
    assert modifier.value("player") is None
    assert catalog.card_state(_card("the-scariest-cave-in-equestria")).state == catalog.EXECUTABLE


def test_the_draw_action_costs_more_during_a_phase():
    # Drained Dry: a change of the cost of the draw action, during the Main
    # Phase
    ability = one("Using the draw action during the Main Phase costs +[1].", card_type="Problem")
    modifier = ability.modifier
    assert (modifier.kind, modifier.amount, modifier.value("action")) == ("cost", Amount(1), "draw-action")
    assert (ability.condition.kind, ability.condition.value("phase")) == ("during", "main")
    state = catalog.card_state(_card("drained-dry"))
    assert state.state != catalog.UNPARSED


def test_play_without_paying_its_cost_is_playing_for_free():
    # Starlight Glimmer, Taking Charge: the same instruction as "play a Friend
    # from your hand for free"
    ability = one("At the start of your turn, you may play a Friend from your hand without paying its cost.",
                  card_type="Friend")
    effect = ability.effect
    assert (effect.verb, effect.target.noun, effect.optional) == ("play", "Friend", True)
    assert effect.value("free") is True and effect.value("zone") == "hand"
    free = one("At the start of your turn, you may play a Friend from your hand for free.", card_type="Friend")
    assert free.effect.values == effect.values
    assert catalog.card_state(_card("starlight-glimmer-taking-charge")).state == "executable"


def test_a_tokens_color_said_by_its_name():
    # Pinkie Pie, Cruise Director (boosted): "1 Pink" reads as "1 [Laughter]"
    ability = one("Immediate: During a faceoff, exhaust this card to put a 1 Pink Earth Pony Friend token into "
                  "play.", side="boosted", card_type="Mane Character")
    token = dict(ability.effect.value("token"))
    assert (token["power"], token["color"], token["traits"], token["type"]) == (1, "pink", ("Earth Pony",), "Friend")
    icon = one("Immediate: During a faceoff, exhaust this card to put a 1 [Laughter] Earth Pony Friend token into "
               "play.", side="boosted", card_type="Mane Character")
    assert icon.effect.values == ability.effect.values
    assert catalog.card_state(_card("pinkie-pie-cruise-director")).state == "executable"


def test_a_word_that_names_no_color_is_no_tokens_color():
    import pytest

    from rulebase.engine.ccg.abilities.reading import CardTextError

    with pytest.raises(CardTextError, match="a token of the color 'green'"):
        read("Main Phase: Put a 1 Green Earth Pony Friend token into play.", card_type="Event")


def test_power_and_not_counted_against_the_home_limit():
    # Thorax, Heart of the Swarm, first paragraph: both modifiers of one subject
    ability = one("Your token Friends have +1 power and don't count against your home limit.", card_type="Friend")
    modifier = ability.modifier
    assert modifier.kind == "all"
    power, counted = modifier.value("all-of")
    assert (power.kind, power.amount.value) == ("power", 1)
    assert (counted.kind, counted.value("against")) == ("not-counted", "home-limit")
    for part in (modifier, power, counted):
        assert (part.subject.noun, part.subject.controller, dict(part.subject.filters)) == ("Friend", "you",
                                                                                          {"token": True})


def test_this_cards_problems_bonus_increased_is_a_change_of_the_bonus():
    # Spike, High Stakes Lavaball: a change of the bonus (the modifier 'bonus'),
    # not the bonus set ('bonus-equal'); the engine does not apply it and says so
    from rulebase.engine.ccg.abilities import continuous

    ability = one("This card's Problem's bonus is increased by 1.", card_type="Friend")
    modifier = ability.modifier
    assert (modifier.kind, modifier.amount.value) == ("bonus", 1)
    assert (modifier.subject.noun, modifier.subject.where) == ("Problem", "here")
    lowered = one("This card's Problem's bonus is decreased by 2.", card_type="Friend").modifier
    assert (lowered.kind, lowered.amount.value) == ("bonus", -2)
    assert continuous.executable(modifier) == "the modifier 'bonus'"
    state = catalog.card_state(_card("spike-high-stakes-lavaball"))
    assert state.state == "unexecutable"


def test_skip_the_next_phase_is_read_under_its_own_name():
    # Fluttershy, Hide and Squeak: the verb 'skip-phase', which the engine does
    # not carry out: the card is reported unexecutable for it, never played
    ability = one("At the start of the turn, you may retire this card to skip the next Troublemaker Phase.",
                  card_type="Friend")
    retire = ability.effect
    assert (retire.verb, retire.target.noun, retire.optional) == ("retire", "self", True)
    skip = retire.then
    assert skip.verb == "skip-phase"
    assert (skip.value("phase"), skip.value("next")) == ("troublemaker", True)
    state = catalog.card_state(_card("fluttershy-hide-and-squeak"))
    assert (state.state, state.hold.reason) == ("unexecutable", "the verb 'skip-phase'")
