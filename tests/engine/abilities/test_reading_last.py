"""Reading the last shapes of card text the reader stopped at: each test
pins the model a real card's words read as, and the name a meaning the
engine does not carry out is read under (so that the card is reported
parsed but not executable, never played as part of its text)."""

from __future__ import annotations

import pytest

from rulebase.engine.ccg.abilities.model import Ability, Amount, Condition, Selector, values
from rulebase.engine.ccg.abilities.reading import CardTextError, read

YOU = Selector("you")


def one(text, **options) -> Ability:
    abilities = read(text, **options)
    assert len(abilities) == 1
    return abilities[0]


# -- choices ---------------------------------------------------------------------------------

def test_options_parted_by_semicolons_chain_their_instructions_with_commas():
    # A Better Way to Be Bad
    effect = one("Main Phase: Choose one: frighten up to two Friends; look at a player's hand and choose a card, "
                 "then that player banishes that card; or name a card, put all cards in your discard pile with "
                 "that name on top of your deck, and shuffle your deck.", card_type="Event").effect
    assert (effect.verb, effect.amount) == ("choose", Amount(1))
    assert [[step.verb for step in choice.chain()] for choice in effect.choices] == [
        ["frighten"], ["look", "choose", "banish"], ["name", "to-deck", "shuffle"]]
    banished = list(effect.choices[1].chain())[2]
    assert "player" in (banished.who.noun, banished.who.ref) and banished.target.noun == "that"


def test_an_option_with_a_condition_of_its_own():
    # The Vote: the last option is carried out only if its condition holds
    effect = one("Main Phase: Choose one: Frighten an opposing Friend, opponents can't play Events this turn, or "
                 "if you have fewer points than an opponent score a point.", card_type="Event").effect
    scoring = effect.choices[2]
    assert (scoring.verb, scoring.amount) == ("score", Amount(1))
    assert scoring.condition.kind == "points-than"
    assert scoring.condition.subject == YOU and scoring.condition.value("compare") == "<"
    assert scoring.condition.value("than").noun == "opponent"
    assert effect.choices[0].condition is None and effect.choices[1].condition is None


def test_a_choice_made_at_random():
    # Weather Mare, Shocking
    effect = one("When this card is moved, choose one at random: Put a +1 power counter on it, or frighten it.").effect
    assert (effect.verb, effect.value("random")) == ("choose", True)
    assert [choice.verb for choice in effect.choices] == ["counters", "frighten"]


# -- instructions ----------------------------------------------------------------------------

def test_a_change_of_the_cards_flipped_in_every_faceoff_for_a_while():
    # In My Head Like a Catchy Song: fewer cards, for the opponents, until the start of your next turn
    effect = one("Main Phase: Choose one: Search your deck for a Friend, reveal it, and put it into your hand; "
                 "put a Friend from your discard pile into play; or opponents flip 1 fewer cards for faceoffs "
                 "until the start of your next turn.", card_type="Event").effect
    fewer = effect.choices[2]
    assert (fewer.verb, fewer.amount, fewer.duration, fewer.who.noun) == ("flip-change", Amount(-1), "next-turn",
                                                                          "opponent")
    assert [step.verb for step in effect.choices[0].chain()] == ["search", "reveal", "to-hand"]
    # Find the Purpose in Your Life: one more, for you, until the end of the turn
    effect = one("Main Phase: Choose one: Unfrighten up to two of your Friends, exhaust an opposing character and "
                 "it does not ready during its controller's next ready step, or flip an additional card during "
                 "faceoffs until the end of the turn.", card_type="Event").effect
    more = effect.choices[2]
    assert (more.verb, more.amount, more.duration, more.who) == ("flip-change", Amount(1), "turn", None)
    # not the card flipped in the faceoff under way ('flip')
    assert one("Faceoff: Flip an additional card.", card_type="Event").effect.verb == "flip"


def test_players_that_cant_act_for_the_turn():
    # Twilight's Epiphany: opponents can't move their characters this turn
    effect = one("Main Phase: Choose two: Move an opposing character, opponents can't move their characters this "
                 "turn, or draw three cards.", card_type="Event").effect
    cant = effect.choices[1]
    assert (cant.verb, cant.duration, cant.value("action")) == ("cant", "turn", "be-moved")
    assert cant.value("by").noun == "opponent" and cant.target.noun == "character"
    # Tight Ship, Meticulous Planner: "that turn"
    effect = one("When this card enters play at a Problem, players can't confront that Problem that turn.").effect
    assert (effect.verb, effect.duration, effect.value("action")) == ("cant", "turn", "be-confronted")
    assert effect.value("by").noun == "player"


def test_naming_a_card_type_and_a_card_of_that_type():
    # Sisterhood
    effect = one("Main Phase: Choose one: Flip an additional card during faceoffs until the start of your next "
                 "turn, move an opposing character, or name a card type and an opponent reveals their hand and "
                 "discards a card with that type.", card_type="Event").effect
    named, revealed, discarded = effect.choices[2].chain()
    assert (named.verb, named.values) == ("name", values(what="card-type"))
    assert revealed.verb == "reveal" and discarded.verb == "discard"
    assert discarded.target.filter("card-type") == "named"


def test_a_problems_confront_requirements_increased():
    # Apples to the Core
    effect = one("Main Phase: Choose one: Increase a Problem's confront requirements by 2 power until the start of "
                 "your next turn, exhaust a character, or an opponent discards a card and you draw a card.",
                 card_type="Event").effect
    need = effect.choices[0]
    assert (need.verb, need.target.noun, need.amount, need.duration) == ("confront-need", "Problem", Amount(2),
                                                                         "next-turn")
    # the opposite of "reduce the confront requirements of a Problem by 2 power" (Find the Music in You)
    effect = one("Main Phase: Choose one: Each opponent loses [2], reduce the confront requirements of a Problem "
                 "by 2 power until the end of the turn, or put a Friend with printed power of 1 or less into play "
                 "from your discard pile.", card_type="Event").effect
    assert (effect.choices[1].verb, effect.choices[1].amount) == ("confront-need", Amount(-2))
    put = effect.choices[2]
    assert (put.verb, put.target.noun, put.target.zone) == ("put-into-play", "Friend", "discard")
    assert put.target.filter("printed-power") == "<=1"


def test_a_cost_lowered_by_a_number_without_the_icon():
    # Pinkie's Epiphany: "pay 2 less" as "pay [2] less"
    effect = one("Main Phase: Choose two: Dismiss a Friend with 2 or less power, put a Friend from your discard "
                 "pile into your hand, or pay 2 less for the next card you play this turn.", card_type="Event").effect
    assert effect.amount == Amount(2)
    cheaper = effect.choices[2]
    assert (cheaper.verb, cheaper.amount) == ("cost-change", Amount(-2))
    assert cheaper.target.filter("next-played") == "turn"
    same = one("Main Phase: Pay [2] less for the next card you play this turn.", card_type="Event").effect
    assert (same.verb, same.amount, same.target) == ("cost-change", Amount(-2), cheaper.target)


def test_a_subjects_every_instruction_is_its_own():
    # Juggling Routine: each player draws, not only the player of the Event
    effect = one("Main Phase: Each player shuffles their discard pile into their deck and draws a card.",
                 card_type="Event").effect
    shuffled, drawn = effect.chain()
    assert (shuffled.verb, drawn.verb) == ("shuffle-into", "draw")
    assert shuffled.who == drawn.who and drawn.who.noun == "player" and drawn.who.every
    # Family Feud: the opponent discards the cards of the hand they revealed
    effect = one("When this card enters play, name a card. An opponent reveals their hand and discards all cards "
                 "with that name.").effect
    named, revealed, discarded = effect.chain()
    assert revealed.who.noun == discarded.who.noun == "opponent"
    assert discarded.target.filter("name") == "named"
    # "you" carry out both: no one else named
    effect = one("Main Phase: You draw a card and discard a card.", card_type="Event").effect
    assert [(step.verb, step.who) for step in effect.chain()] == [("draw", None), ("discard", None)]


def test_choosing_two_options_is_read_with_its_number():
    # Applejack's Epiphany: "Choose two:" is read with its number, for the engine to ask two options
    effect = one("Faceoff: Choose two: Exhaust a character, ready a character, or dismiss a Resource.",
                 card_type="Event").effect
    assert (effect.verb, effect.amount) == ("choose", Amount(2))
    assert [choice.verb for choice in effect.choices] == ["exhaust", "ready", "dismiss"]


# -- whose turn, and lists of can'ts ---------------------------------------------------------

def test_during_your_turn_and_your_opponents_turn():
    # Celestia & Luna, Trading Off
    first, second = read("During your turn, this card can't contribute its power to faceoffs.\n"
                         "During your opponent's turn, this card can't contribute its power to confronting Problems.")
    assert first.condition == Condition("turn", values=values(whose="your"))
    assert second.condition == Condition("turn", values=values(whose="opponent"))
    assert (first.modifier.kind, first.modifier.value("action")) == ("cant", "contribute-to-faceoffs")
    # Princess Celestia, Equestrian General: after the statement
    ability = one("Opposing Friends with 3 or more printed power have -1 power during your turn.")
    assert ability.condition == Condition("turn", values=values(whose="your"))
    assert (ability.modifier.kind, ability.modifier.amount) == ("power", Amount(-1))
    # "during each player's turn" is every turn: not read as one player's
    with pytest.raises(CardTextError):
        read("During each player's turn, this card can't contribute its power to faceoffs.")


def test_a_list_of_cant_be():
    # Ember, My Way or the Highway
    ability = read("Your Friends involved in faceoffs can't be dismissed or frightened.")[0]
    assert ability.modifier.value("action") == ("be-dismissed", "be-frightened")
    assert ability.modifier.subject.filter("involved") == "faceoff"
    # Maud Pie, Like a Rock: three can'ts, each by opponents only
    ability = one("This card can't be dismissed, moved, or put into its owner's hand from play by opponents.")
    assert ability.modifier.value("action") == ("be-dismissed-by-opponents", "be-moved-by-opponents",
                                                "be-put-into-hand-by-opponents")
    # Spark of Friendship: "can't leave play or lose abilities"
    ability = one("This card can't leave play or lose abilities.")
    assert ability.modifier.value("action") == ("leave-play", "lose-abilities")


def test_several_statements_of_one_subject():
    # Petrified
    ability = read("Play on a Friend.\nThat Friend loses and can't have abilities, can't move, can't be frightened, "
                   "and can't contribute its power to confronting Problems or to faceoffs.")[1]
    modifier = ability.modifier
    assert modifier.kind == "all" and modifier.subject == Selector("that", ref="Friend")
    kinds = [(part.kind, part.value("action") or part.value("what")) for part in modifier.value("all-of")]
    assert kinds == [("loses", "abilities"), ("cant", "move"), ("cant", "be-frightened"), ("all", None)]
    both = modifier.value("all-of")[3].value("all-of")
    assert [part.value("action") for part in both] == ["contribute-to-confront", "contribute-to-faceoffs"]


def test_a_cant_lifted_by_paying_and_a_cant_of_the_players_own_cards():
    # Silver Spoon, High and Mighty
    modifier = one("Opposing characters here can't be moved unless their controller pays [1].").modifier
    assert (modifier.kind, modifier.value("action"), modifier.value("unless-paid")) == ("cant", "be-moved", Amount(1))
    assert modifier.subject.controller == "opponent"
    # Nightmare Star, Solar Flare: each player, of the Friends they control (not "can't be exhausted")
    modifier = one("Players can't exhaust their Friends.").modifier
    assert modifier.value("action") == "be-exhausted-by-controller" and modifier.value("by").noun == "player"


def test_a_replacement_of_any_of_several_events_and_a_faceoff_not_lost():
    # Brian, One Swell Guy
    trigger = read("If another one of your Friends would be dismissed, banished, or moved, you may retire this card "
                   "instead.")[0].trigger
    assert (trigger.event, trigger.value("any-of")) == ("either", ("dismissed", "banished", "moved"))
    # Ember, My Way or the Highway
    condition = read("At the end of a faceoff, if you didn't lose that faceoff, distribute two +1 power counters "
                     "among up to two of your Friends.")[0].trigger.condition
    assert condition == Condition("did", values=values(what="lose-faceoff"), negated=True)


# -- moves and sendings from an area ---------------------------------------------------------

def test_a_character_moved_from_an_area():
    # Which Pinkie is Which
    trigger = one("When an opponent's character is moved from this Problem, you may draw a card.").trigger
    assert (trigger.event, trigger.values) == ("moved", values(**{"from": "this-problem"}))
    assert trigger.subject.controller == "opponent"
    # Ace-Oh Rally: from here, to another Problem; "move this card there"
    ability = one("When an opponent's character is moved from here to another Problem, draw a card and move this "
                  "card there.")
    assert ability.trigger.values == values(to="another-problem", **{"from": "here"})
    moved = ability.effect.then
    assert (moved.verb, moved.value("area")) == ("move", "there")


def test_a_card_that_would_be_sent_home_from_an_area():
    # Band of Breezies, Dust in the Wind
    trigger = one("If this card would be sent home from a Problem, it is sent to another Problem instead.").trigger
    assert (trigger.event, trigger.when, trigger.value("from")) == ("sent-home", "would", "problem")
    # Applejack & Fluttershy, Treading Water: from a solved Problem
    trigger = one("If one or more of your Friends with 2 or less printed power would be sent home from a solved "
                  "Problem, they aren't sent home instead.").trigger
    assert trigger.value("from") == "solved-problem"



# -- the highest power -----------------------------------------------------------------------

def test_a_card_with_the_highest_or_least_power():
    # Distracted Lead Actress: among the cards said after it
    subject = one("Opposing characters here with the highest power among opposing characters can't contribute "
                  "their power to confronting this Problem.").modifier.subject
    extreme, among = subject.filter("power-extreme")
    assert extreme == "highest" and among.noun == "character" and among.controller == "opponent"
    # Yickslurbertfest: among the cards of its own description
    condition = one("At the end of your turn, if you have a character with the highest power, draw a card.").trigger.condition
    assert condition.value("what").filter("power-extreme") == ("highest", None)
    # Lord Tirek: the least
    effect = read("At the start of a faceoff involving this card, dismiss a Friend with the least power among "
                  "Friends involved in the faceoff. If you do, put a +1 power counter on this card.")[0].effect
    extreme, among = effect.target.filter("power-extreme")
    assert extreme == "least" and among.filter("involved") == "that-faceoff"


def test_a_power_equal_to_the_highest_power_among_cards():
    # Moondancer, Academic Professional
    first, second = read("Chaos: While this card is flipped, it has power equal to the highest power among opposing "
                         "cards involved in the faceoff.\n"
                         "This card has +1 power for each opposing character at other locations.")
    per = first.meaning.modifier.amount.per if first.meaning is not None else first.modifier.amount.per
    assert per.noun == "highest-power" and per.filter("of").controller == "opponent"
    assert second.modifier.amount.per.where == "other-area"


def test_a_color_and_a_power_for_each():
    # Jester Suit: the color as well as its own, and +1 power for each other pink Friend of yours here
    modifier = read("Play on a Friend.\nThat Friend has [Laughter] and +1 power for each of your other [Laughter] "
                    "Friends here.")[1].modifier
    color, power = modifier.value("all-of")
    assert (color.kind, color.values) == ("color", values(color="pink", also=True))
    assert (power.kind, power.amount.value) == ("power", 1)
    per = power.amount.per
    assert (per.noun, per.controller, per.where, per.filter("color"), per.filter("other")) == (
        "Friend", "you", "here", "pink", True)


def test_a_problems_confront_requirements_reduced_and_the_end_of_your_turn():
    # Smolder & Sandbar, Pillow Fight!
    ability = one("Main Phase: Exhaust this card and discard a card to reduce a Problem's confront requirements by "
                  "2 power until the end of the turn.")
    need = ability.effect
    assert (need.verb, need.target.noun, need.amount, need.duration) == ("confront-need", "Problem", Amount(-2), "turn")
    # Follow My Lead: the end of the turn of the card's player, a duration of its own
    effect = one("Main Phase: Give a character +2 power until the end of your turn.", card_type="Event").effect
    assert (effect.verb, effect.duration) == ("power", "your-turn")
