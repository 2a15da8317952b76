"""Reading the shapes of card text found on a few cards each (the tail of
the cards the reader could not read): each test pins the model a real
card's words read as, and the names it is read under."""

from __future__ import annotations

import pytest

from rulebase.engine.ccg.abilities import resolve
from rulebase.engine.ccg.abilities.model import (
    THIS_CARD,
    Ability,
    Amount,
    Condition,
    Selector,
    values,
)
from rulebase.engine.ccg.abilities.reading import CardTextError, read

THAT_FRIEND = Selector("that", ref="Friend")
YOU = Selector("you")


def one(text, **options) -> Ability:
    abilities = read(text, **options)
    assert len(abilities) == 1
    return abilities[0]


# -- conditions ------------------------------------------------------------------------------

def test_a_card_with_at_least_a_number_of_power():
    # Applejack, Tree Whisperer
    ability = one("While this card has at least 4 power, it has Calming 2.")
    assert ability.condition == Condition("power", subject=THIS_CARD, values=values(compare=">=4"))
    # Bulk Biceps, Pumped Up: the same condition after "if"
    ability = one("At the start of the Score Phase, if this card has at least 4 power, you may move it.")
    assert ability.trigger.condition == Condition("power", subject=THIS_CARD, values=values(compare=">=4"))


def test_a_player_with_no_cards_of_a_color():
    # Madame le Flour
    ability = one("Main Phase: While you have no [Generosity] Friends, you may exhaust this card. If you do, "
                  "this card is also a [Generosity] Friend until the end of the phase.", card_type="Resource")
    condition = ability.condition
    assert (condition.kind, condition.subject, condition.negated) == ("has", YOU, True)
    assert condition.value("what").noun == "Friend" and condition.value("what").filter("color") == "white"
    # the opposite of "while you have a [Generosity] Friend"
    having = one("Main Phase: While you have a [Generosity] Friend, you may exhaust this card.").condition
    assert having.kind == "has" and not having.negated


# -- effects ---------------------------------------------------------------------------------

def test_a_card_that_is_also_a_card_of_another_type_and_color():
    # Madame le Flour: a Resource that is a Friend as well until the end of the phase
    effect = one("Main Phase: While you have no [Generosity] Friends, you may exhaust this card. If you do, "
                 "this card is also a [Generosity] Friend until the end of the phase.").effect
    turned = effect.then
    assert (turned.verb, turned.target, turned.duration) == ("also-card-type", THIS_CARD, "phase")
    assert turned.values == values(type="Friend", color="white")
    assert turned.condition.kind == "did"


def test_a_card_put_into_play_under_your_control():
    # Unwilling Recruits
    effect = one("When an opposing Friend is dismissed, you may pay 2AT. If you do, put that Friend into play "
                 "under your control.").effect
    put = effect.then
    assert (put.verb, put.target, put.values) == ("put-into-play", THAT_FRIEND, values(control="you"))
    # Invasion of the Changelings: from an opponent's discard pile
    effect = one("When you confront this Problem, you may put a Friend from an opponent's discard pile into play "
                 "under your control.").effect
    assert (effect.verb, effect.target.noun, effect.target.zone) == ("put-into-play", "Friend", "opponent-discard")
    # without the words, the card's owner controls it as before
    effect = one("When you play this card, put a Friend from your discard pile into play.").effect
    assert effect.value("control") is None and effect.target.zone == "discard"


# -- selectors -------------------------------------------------------------------------------

def test_a_card_of_one_of_three_types():
    # Old Money, Particular Socialite
    effect = one("When this card enters play, you may banish a Friend, Resource, or Troublemaker.").effect
    assert effect.target == Selector("card", filters=(("nouns", ("Friend", "Resource", "Troublemaker")),))
    assert resolve.executable(effect) is None


def test_each_card_of_two_or_three_types():
    # Mage Meadowbrook, Pillar of Healing
    effect = one("When this card enters play, dismiss each opposing Resource and Troublemaker.").effect
    assert effect.target == Selector("card", count=Amount(None), every=True, controller="opponent",
                                     filters=(("nouns", ("Resource", "Troublemaker")),))
    # School Shut Down: a list with commas
    effect = one("Main Phase: Put each Friend, Resource, and Troublemaker on top of its owner's deck, then each "
                 "player shuffles their discard pile into their deck.", card_type="Event").effect
    assert effect.target.every and effect.target.filter("nouns") == ("Friend", "Resource", "Troublemaker")
    # Twilight Sparkle & Tempest Shadow, Natural Leaders: bare plurals
    modifier = one("Your characters and Troublemakers here have +1 power.").modifier
    assert (modifier.subject.every, modifier.subject.where, modifier.subject.filter("nouns")) == (
        True, "here", ("character", "Troublemaker"))


def test_one_card_of_each_of_several_types():
    # Scrapbook Project: four cards, one of each type, not one card of any of them
    effect = one("When you win a Problem faceoff, you may banish a Friend, Resource, Event, and Troublemaker "
                 "from your discard pile to score a point.").effect
    banished = effect if effect.verb == "banish" else next(e for e in effect.chain() if e.verb == "banish")
    assert banished.target.filter("one-of-each") is True
    assert banished.target.filter("nouns") == ("Friend", "Resource", "Event", "Troublemaker")


# -- keywords and counters -------------------------------------------------------------------

def test_a_keyword_whose_x_is_a_number_the_game_state_gives():
    # Sunset Shimmer, Research Trip: X 1 for each card counted, as "Competitive 1 for each ..."
    modifier = one("This card has Eccentric X, where X is the number of Events in your discard pile.").modifier
    assert (modifier.kind, modifier.subject, modifier.values) == ("keyword", THIS_CARD, values(keyword="Eccentric", x=1))
    assert modifier.amount.per == Selector("Event", count=Amount(None), every=True, zone="discard")
    each = one("This card has Eccentric 1 for each Event in your discard pile.").modifier
    assert (each.values, each.amount.value) == (modifier.values, modifier.amount.value)
    # Minuette, Schadenfreude: X is the card's own power
    modifier = one("This card has Eccentric X, where X is this card's power.").modifier
    assert modifier.amount.per.noun == "power" and modifier.amount.per.filter("of") == THIS_CARD


def test_counters_distributed_among_cards():
    # The Great Seedling, Bountiful Trickster
    effect = one("Talented: When you play an Event whose play requirement includes at least one of this card's "
                 "colors, you may distribute two +1 power counters among up to 2 of your Friends with printed "
                 "power 2 or less.").effect
    assert (effect.verb, effect.amount, effect.optional) == ("distribute-counters", Amount(2), True)
    assert effect.target.count == Amount(2, up_to=True) and effect.target.noun == "Friend"
    # Trixie's Equestrian Apology Tour: "on up to two of your Friends"
    effect = one("At the end of each opponent's turn, if no Problems were confronted this turn, you may distribute "
                 "two +1 power counters on up to two of your Friends.").effect
    assert (effect.verb, effect.amount) == ("distribute-counters", Amount(2))


def _counters(kind, on=THIS_CARD):
    return Selector("counter", filters=(("kind", kind), ("on", on)))


def test_a_card_with_a_number_of_counters_of_a_named_kind():
    # Equestrian Mailmare, Special Delivery
    ability = one("While this card has at least one Postage counter on it, it has +1 power.")
    assert ability.condition == Condition("count", subject=_counters("Postage"), values=values(compare=">=1"))
    # Harvest Schedule
    ability = one("At the end of your opponent's turn, if this card has 3 or more Fatigue counters on it, your "
                  "opponent retires an exhausted Friend.")
    assert ability.trigger.condition == Condition("count", subject=_counters("Fatigue"), values=values(compare=">=3"))
    # Wonderbolts Runway: "there are N or more ... counters on ...", as "there are at least N"
    ability = one("When you put a Trainee counter on this card, if there are 5 or more Trainee counters on this "
                  "card, retire it.")
    assert ability.trigger.condition == Condition("count", subject=_counters("Trainee"), values=values(compare=">=5"))
    assert (ability.trigger.event, ability.trigger.subject, ability.trigger.value("kind")) == (
        "counters-put", THIS_CARD, "Trainee")


def test_a_counter_named_with_a_word_of_the_grammar():
    # Dr. Hooves, Time Walker; Twilight Sparkle, Paradox Pony: "Time" is a word the grammar reads elsewhere
    effect = one("When you win a faceoff, put a Time counter on this card.").effect
    assert (effect.verb, effect.target, effect.values) == ("counters", THIS_CARD, values(kind="Time"))


def test_cards_with_counters_of_a_named_kind_on_them():
    # Spearhead, Paint It Black
    modifier = one("Resources with Art counters on them lose and can't have abilities.").modifier
    assert modifier.subject.filter("counter") == "Art" and modifier.subject.noun == "Resource"
    # Lyra & Bon Bon, Better Halves
    effect = one("When you move this card to a Problem, you may move one of your Friends with a Friendship counter "
                 "to the same Problem.").effect
    assert effect.target.filter("counter") == "Friendship"


def test_a_plus_one_counter_is_a_plus_one_power_counter():
    # Silver Shill, Secrets and Lies
    effect = one("When this card leaves play, you may put a +1 counter on a character.").effect
    power = one("When this card leaves play, you may put a +1 power counter on a character.").effect
    assert effect == power and effect.verb == "counters"


# -- more shapes of a few cards each ---------------------------------------------------------

def test_a_trigger_without_its_comma():
    # Halfway Across Equestria: read as with the comma
    ability = one("At the start of a faceoff here you may move an opposing character.")
    assert ability == one("At the start of a faceoff here, you may move an opposing character.")
    assert ability.kind == "triggered" and ability.effect.verb == "move"


def test_printed_power_of_at_least_a_number():
    # Davenport, Mattress Salespony
    modifier = one("Opponents pay +[1] to play Friends with at least 3 printed power.").modifier
    assert modifier.subject.filter("printed-power") == ">=3"
    # Princess Celestia, Equestrian General
    modifier = one("Opposing Friends with 3 or more printed power have -1 power.").modifier
    assert modifier.subject.filter("printed-power") == ">=3"
    # Pinkie Pie, One Filly Party: exactly
    selector = one("When this card enters play, dismiss a Friend with 1 printed power.").effect.target
    assert selector.filter("printed-power") == "==1"


def test_a_friend_that_was_involved_in_the_faceoff():
    # Rock, Paper, Scissors, Shoot!: as "involved in the faceoff"
    effect = one("Main Phase: Start a faceoff involving one of your Friends and an opponent's Friend with equal or "
                 "greater power. At the end of the faceoff, the loser dismisses one of their Friends that was "
                 "involved.", card_type="Event").effect
    dismissed = effect.then.value("do")
    assert dismissed.verb == "dismiss" and dismissed.target.filter("involved") == "that-faceoff"


def test_a_card_revealed_from_the_top_of_a_deck():
    # Lemon Hearts, Banquet Planner: as "reveal the top card of your deck"
    effect = one("Immediate: Pay [1] to reveal a card from the top of your deck.").effect
    assert effect == one("Immediate: Pay [1] to reveal the top card of your deck.").effect
    # Fluttershy, Crystallized: as many as the game state gives
    effect = one("Main Phase: Exhaust this card and pay [1] to reveal a number of cards from the top of your deck "
                 "equal to the number of colors this card has.").effect
    assert effect.verb == "reveal" and effect.target.count.per.noun == "color"


def test_costs_of_frightening_moving_home_sending_home_or_putting_on_the_deck():
    # Tri-Horned Bunyip, Elusive Myth
    effect = one("When you confront this card's Problem, you may frighten this card to score a point.").effect
    assert [(step.verb, step.target) for step in effect.chain()][:1] == [("frighten", THIS_CARD)]
    # Twilight Sparkle, Research Student
    effect = one("When you confront this card's Problem, you may move this card home to gain [1].").effect
    assert (effect.verb, effect.value("area")) == ("move", "home")
    # Sunset Shimmer, Clever Calculator
    ability = one("Immediate: During a faceoff, put this card on top of its owner's deck to put an opposing Friend on "
                  "top of its owner's deck.")
    assert [(step.verb, step.target, step.values) for step in ability.cost] == [("to-deck", THIS_CARD, values(to="top"))]
    assert ability.effect.verb == "to-deck" and ability.effect.target.controller == "opponent"


def test_a_mane_character_turned_to_one_of_its_sides():
    # Tempest Shadow, Easy as Pie
    effect = one("When this card is uncovered, you may turn a Mane Character to its start side.").effect
    assert (effect.verb, effect.target.noun, effect.values) == ("turn-over", "Mane Character", values(side="start"))


def test_a_card_with_power_equal_to_a_number_the_game_state_gives():
    # Berry Punch, Party Preparations: as "this card's power is equal to ..." of its subject
    ability = one("While this card is flipped, it has power equal to the number of cards in your hand.")
    assert (ability.modifier.kind, ability.modifier.subject) == ("power-equal", Selector("it"))
    assert ability.modifier.amount.per.zone == "hand"


def test_troublemakers_entering_play_face_up():
    # Captain Celaeno, By the Book; The Frozen North
    modifier = one("Troublemakers played here enter play face-up.").modifier
    assert (modifier.kind, modifier.subject.noun, modifier.subject.filter("played-at")) == (
        "enters-face-up", "Troublemaker", "here")


def test_a_cost_lowered_to_a_minimum_is_its_own_modifier():
    # Princess Cadance, Family Matters: not the plain 'cost' (which would lower it below [1])
    modifier = one("You may pay [1] less to play Friends, to a minimum of [1].").modifier
    plain = one("You may pay [1] less to play Friends.").modifier
    assert (modifier.kind, plain.kind) == ("cost-with-minimum", "cost")
    assert modifier.value("minimum") == Amount(1) and modifier.amount == plain.amount == Amount(-1)
    assert modifier.subject == plain.subject
    # Doc Top, Pony Pediatrician: rallying
    modifier = one("While this card is exhausted, you pay [1] less to rally your Friends, to a minimum of [1].").modifier
    assert (modifier.kind, modifier.value("action")) == ("cost-with-minimum", "rally")


def test_something_done_at_the_start_of_the_next_turn():
    # Minuette, Fast Forward
    effect = one("Main Phase: Pay [2] and exhaust this card to banish a Friend. At the start of the next turn, put "
                 "that Friend into play.").effect
    later = effect.then
    assert (later.verb, later.value("at")) == ("delayed", "start-of-next-turn")
    assert later.value("do").verb == "put-into-play" and later.value("do").target == THAT_FRIEND
    # Princess Luna, Mare in the Moon: said after the instruction, and of
    # "your" next turn, which is not the next turn
    effect = one("Reaction: After the start of any phase, you may banish this card and put it into play at the start "
                 "of your next turn.").effect
    assert (effect.then.verb, effect.then.value("at")) == ("delayed", "start-of-your-next-turn")
    assert effect.then.value("do").target == Selector("it")
    # Princess Luna, Wax and Wane: "the next turn" again
    effect = read("When an opposing Friend enters play here, you may banish this card, then put this card into play at "
                  "the start of the next turn.", card_type="Friend")[0].effect
    assert (effect.then.verb, effect.then.value("at")) == ("delayed", "start-of-next-turn")


def test_the_rest_of_the_revealed_cards():
    # Sunburst, Card Tricks: as "all remaining cards"
    effect = one("When this card enters play, you may reveal the top 5 cards of your deck. Put an Event revealed "
                 "this way into your hand and the rest of the cards on the bottom of your deck in any order.").effect
    same = one("When this card enters play, you may reveal the top 5 cards of your deck. Put an Event revealed "
               "this way into your hand and all remaining cards on the bottom of your deck in any order.").effect
    assert effect == same


def test_moving_a_card_away_from_a_problem():
    # Capper Dapperpaws, Trust in Me
    modifier = one("Opponents can't move characters away from here.").modifier
    assert modifier.values == values(action="be-moved-away", by=Selector("opponent", count=Amount(None), every=True),
                                     **{"from": "here"})
    # I Just Can't Decide!: where it goes is not said
    effect = one("Main Phase: Exhaust this card and pay [1] to move an opponent's character away from that "
                 "Problem.").effect
    assert (effect.verb, effect.values) == ("move", values(away=True, **{"from": "that-problem"}))


def test_moving_a_card_to_a_random_problem():
    # Party Mare, Living it Up
    effect = one("At the start of your turn, move this card to a random Problem.").effect
    assert (effect.verb, effect.target, effect.value("area")) == ("move", THIS_CARD, "random-problem")


def test_copying_an_events_effects():
    # Princess Twilight Sparkle, Headmare
    effect = one("When you play an Event with cost 2 or less, if a player has 8 or more points, you may banish "
                 "this card to copy that Event's effects.").effect
    copied = list(effect.chain())[-1]
    assert (copied.verb, copied.values) == ("copy-effects", values(of="that"))
    # Gone Fishin': "this effect"
    effect = one("Faceoff: Move an opponent's Friend to a Problem. That opponent may pay [1] to copy this effect.",
                 card_type="Event").effect
    assert list(effect.chain())[-1].values == values(of="this")


# -- paragraphs of instructions alone --------------------------------------------------------

def test_an_events_instructions_on_the_paragraph_after_its_additional_cost():
    # Funny Business: one ability, as if written in one paragraph
    text = "Main Phase: As an additional cost to play this card, discard 2 cards.\nDismiss an opposing Friend."
    ability, = read(text, card_type="Event")
    whole, = read(text.replace("\n", " "), card_type="Event")
    assert (ability.kind, ability.timing, ability.cost, ability.effect) == (
        whole.kind, whole.timing, whole.cost, whole.effect)
    assert ability.effect.verb == "dismiss" and ability.cost[0].verb == "discard"


def test_an_events_instructions_after_a_harmony_tag():
    # Defend the Hive!: the Harmony paragraph is an ability of the Event with its tag for timing
    first, second = read("Immediate: Move one of your characters.\nHarmony Changeling: Your Changeling characters "
                         "have Agile until the end of the turn.", card_type="Event")
    assert (first.kind, first.effect.verb) == ("event", "move")
    assert (second.kind, second.timing, second.effect.verb) == ("event", "Harmony Changeling", "gain-keyword")


def test_instructions_alone_are_not_read_where_nothing_says_when():
    # Out of Action: a Resource's instructions with no trigger
    with pytest.raises(CardTextError, match="no timing phrase or trigger") as raised:
        read("Play on a Friend.\nExhaust that Friend. That Friend does not ready during the Ready Phase.",
             card_type="Resource")
    assert (raised.value.line, raised.value.column) == (2, 1)
    # after an ability that has its instructions already
    with pytest.raises(CardTextError, match="no timing phrase or trigger"):
        read("Main Phase: Draw a card.\nDismiss an opposing Friend.", card_type="Event")
    # a Harmony tag on a card that is not an Event
    with pytest.raises(CardTextError, match="not an Event"):
        read("Harmony Unicorn: Draw a card.", card_type="Friend")


def test_a_mane_character_or_a_troublemaker_turned_over():
    # Chaos Capital of the World: Mane Characters are turned over (301.2)
    effect = one("Chaos: When this card is flipped, turn each Mane Character over.").effect
    assert (effect.verb, effect.target.noun, effect.target.every) == ("turn-over", "Mane Character", True)
    # Dr. Hooves, All in Due Time: a Troublemaker turned over is turned face-up or face-down, not a Mane's turn
    effect = one("At the start of your Troublemaker Phase, you may turn over an opposing Troublemaker.").effect
    assert (effect.verb, effect.target.noun) == ("turn-troublemaker-over", "Troublemaker")
    with pytest.raises(CardTextError, match="not a Mane Character or a Troublemaker"):
        read("Main Phase: Turn a Friend over.")


def test_a_number_of_tokens_the_game_state_gives():
    # Party Favor, Sunset Festival Director
    effect = one("At the start of your turn, you may retire this card to put a number of 1 [Laughter] Earth Pony "
                 "Friend tokens into play equal to its power.").effect
    made = list(effect.chain())[-1]
    one_token = one("At the start of your turn, you may retire this card to put a 1 [Laughter] Earth Pony Friend "
                    "token into play.").effect
    assert made.value("token") == list(one_token.chain())[-1].value("token")
    assert made.amount.per.noun == "power" and made.amount.per.filter("of") == Selector("it")


def test_cost_at_most_a_number_the_game_state_gives():
    # Griselda, Urgent Business
    effect = one("When this card enters play, you may dismiss an opposing Friend with cost less than or equal to "
                 "the number of Friends you control.").effect
    compare, amount = effect.target.filter("cost-vs")
    assert compare == "<=" and amount.per.noun == "Friend"


def test_a_home_limit_reduced_is_lowered():
    # Ballerina Buffalos: "reduced" lowers the limit as "decreased" does
    reduced = one("Your opponent's home limit is reduced by 1.").modifier
    decreased = one("Your opponent's home limit is decreased by 1.").modifier
    assert reduced == decreased and reduced.amount == Amount(-1)
    assert one("While this card is exhausted, your home limit is increased by 2.").modifier.amount == Amount(2)
    # Trenderhoof, Locale Critic: every player's
    modifier = one("Players' home limits are reduced by 1.").modifier
    assert (modifier.kind, modifier.subject, modifier.amount) == ("home-limit", Selector("player"), Amount(-1))


def test_a_maximum_hand_size_changed():
    # Flitter & Cloudchaser, Prancing Pair
    modifier = one("While this card is Cutie Marked, your maximum hand size is increased by 2.").modifier
    assert (modifier.kind, modifier.subject, modifier.amount) == ("hand-size", YOU, Amount(2))
    # Active Resistance: by a number the game state gives
    modifier = one("Each opponent's maximum hand size is reduced by the number of Resources they control.").modifier
    assert (modifier.subject, modifier.amount.value) == (Selector("opponent"), -1)
    assert modifier.amount.per == Selector("Resource", count=Amount(None), every=True, controller="their")


def test_cards_with_the_name_named():
    # Octavia, Harsh Judge
    first, second = read("As this card enters play, name a card.\nCards with that name can't be played.")
    assert first.effect.verb == "name"
    assert second.modifier.subject.filter("name") == "named" and second.modifier.value("action") == "be-played"


def test_the_faceoff_ended():
    # Awkward Silence
    effect = one("Problem Faceoff: End the faceoff.", card_type="Event").effect
    assert effect.verb == "end-faceoff"


def test_a_paragraph_of_reminder_text_alone_is_not_an_ability():
    # Pegasus (a token): its text is the reminder of its keyword Swift (208.1)
    abilities = read("(You pay -1AT to move this card.)", keywords=("Swift",))
    assert [(a.kind, a.keyword) for a in abilities] == [("keyword", "Swift")]
    # Crystal Pony: reminder of another card's ability, no ability of its own
    assert read("(While with King Sombra, Crystal Tyrant, this card has Competitive X, where X is the number of "
                "your Crystal Friends here.)") == ()
    # game text in parentheses among other words is still read
    with pytest.raises(CardTextError):
        read("Draw a card (and a banana).")


def test_for_each_before_the_instructions():
    # Wonderbolts Runway: as "put ... into play for each Trainee counter on it"
    effect = one("When this card leaves play, for each Trainee counter on it, put a 1 [Loyalty] Pegasus Friend "
                 "token with Swift into play.").effect
    assert (effect.verb, effect.amount.value) == ("token", 1)
    assert effect.amount.per == Selector("counter", filters=(("kind", "Trainee"), ("on", Selector("it"))))
    # Return of the King: each instruction of the sentence counted
    effect = one("When this Problem enters play, you may retire any number of Friends. For each Friend retired "
                 "this way, you gain 1AT, and each opponent discards 1 card.").effect
    gain, discard = effect.then, effect.then.then
    assert gain.verb == "gain" and gain.amount.per.filter("this-way") == "retired"
    assert discard.verb == "discard" and discard.target.count.per == gain.amount.per
    # an instruction on the card counted is not a number counted
    with pytest.raises(CardTextError, match="the card counted"):
        read("At the start of your turn, for each of your Friends, retire that Friend.")


def test_a_player_with_at_least_a_number_of_action_tokens():
    # Parasprite, Hungry For More: "at least [2]" as "at least 2 action tokens"
    icon = one("While an opponent has at least [2], this card has Persistent.").condition
    words = one("While an opponent has at least 2 action tokens, this card has Persistent.").condition
    assert icon == words and icon.value("amount") == 2


def test_boosted_mane_characters():
    # Beguiling Bauble
    modifier = one("While involved in a Problem faceoff, opposing boosted Mane Characters here have -2 power.").modifier
    assert modifier.subject.noun == "Mane Character" and modifier.subject.filter("status") == "boosted"


def test_cards_with_attachments():
    # The Soup Incident; Sew Tired: as "with an attached Resource"
    attached = one("Immediate: Exhaust a Friend with an attached Resource.").effect.target
    assert one("Immediate: Exhaust a Friend with a Resource attached to it.").effect.target == attached
    assert one("Immediate: Exhaust a Friend with attached Resources.").effect.target == attached
    assert attached.filter("with-attached") == Selector("Resource")


def test_a_card_chosen_and_discarded():
    # Granny Smith, Jar Judger: as "discards a card"
    chosen = one("When you play this card, that opponent chooses and discards a card.").effect
    assert chosen == one("When you play this card, that opponent discards a card.").effect


def test_a_card_put_into_a_discard_pile():
    # Rehabilitation: its own event, not 'leaves-play' (a card banished or returned to hand also leaves play)
    trigger = one("Reaction: After one of your Troublemakers is put into the discard pile from play, put that card "
                  "into your hand.", card_type="Event").trigger
    assert (trigger.event, trigger.when, trigger.value("from")) == ("enters-discard", "after", "play")
    # Portal to Tartarus: from anywhere
    trigger = one("When a card enters a discard pile, you may draw a card.").trigger
    assert (trigger.event, trigger.subject.noun, trigger.value("from")) == ("enters-discard", "card", None)


def test_a_trigger_with_while():
    # Bedazzling Costume: "while" says what holds as the event happens, as "if" does
    ability = one("Chaos: At the end of a faceoff while this card is flipped, draw a card.")
    same = one("Chaos: At the end of a faceoff, if this card is flipped, draw a card.")
    assert ability.trigger == same.trigger and ability.trigger.condition.kind == "status"
    # both
    trigger = one("When an opponent flips a card while this card is involved in a faceoff, if you have 2 or more "
                  "points, draw a card.").trigger
    assert trigger.condition.kind == "all" and [c.kind for c in trigger.condition.all_of] == ["involved", "score"]
    # Stop Fighting!: a card in the discard pile does not wait for events in the engine: not read as if it did
    with pytest.raises(CardTextError, match="out of play"):
        read("Harmony Griffon: When you play a Griffon Friend while this card is in your discard pile, you may "
             "banish this card to frighten a Friend with 2 or less power.")


def test_one_card_to_or_at_each_problem():
    # Ever Vigilant: the area 'each-problem', which no single move carries out
    effect = one("Immediate: Move one of your characters to each Problem.", card_type="Event").effect
    assert (effect.verb, effect.value("area")) == ("move", "each-problem")
    # Apple Bloom, Cutie Mark Crusader
    effect = one("When you confront this card's Problem, you may exhaust an opposing character at each Problem.").effect
    assert effect.target.where == "each-problem"


def test_a_player_puts_a_card_into_its_owners_hand():
    # Dark Dank Dungeon: "puts", as "put"
    effect = one("When you confront this Problem, that player puts one of their Friends here into its owner's "
                 "hand.").effect
    assert effect.verb == "to-hand" and effect.target.where == "here"


def test_a_troublemaker_turned_facedown():
    # Princess Celestia, Smite Makes Right: "facedown" as "face-down"
    effect = one("Faceoff: Turn a Troublemaker involved in the faceoff facedown.").effect
    assert effect == one("Faceoff: Turn a Troublemaker involved in the faceoff face-down.").effect


def test_cards_played_from_a_discard_pile_as_though_from_the_hand():
    # Hoity Toity, Discerning Eye
    playing, replacing = read("You may play Friends and Resources from your discard pile as though they were in your "
                              "hand.\nIf a card would enter your discard pile from play, banish it instead.")
    modifier = playing.modifier
    assert (modifier.kind, modifier.values) == ("may", values(action="play", zone="discard"))
    assert modifier.subject.filter("nouns") == ("Friend", "Resource") and modifier.subject.zone == "discard"
    assert (replacing.kind, replacing.trigger.event, replacing.trigger.value("from")) == (
        "replacement", "enters-discard", "play")
    assert replacing.effect.verb == "banish"
    # cards not said to be anywhere but the hand: nothing to read
    with pytest.raises(CardTextError, match="as though from the hand"):
        read("You may play Friends as though they were in your hand.")


def test_a_troublemaker_turned_face_up():
    # Winterzilla, Giant Gremlin
    trigger = one("When this card is turned face-up, you may pay [1] to dismiss an opposing Resource.").trigger
    assert (trigger.event, trigger.subject) == ("turned-face-up", THIS_CARD)
    # Shining Armor / Princess Cadance, Fastball Special: a side turned face-up, as "is turned face up"
    turns = one("When this side of the card turns face-up, you may draw a card.").trigger
    assert turns == one("When this side of the card is turned face up, you may draw a card.").trigger


def test_the_first_time_an_event_happens_each_turn():
    # Moving Out: only the first such event of the turn triggers: the condition 'first', which the engine names
    # rather than triggering on every one
    trigger = one("When you frighten a Friend for the first time each turn, you may move one of your characters.").trigger
    assert trigger.event == "frightened" and trigger.value("first") is None
    assert trigger.condition == Condition("first", subject=Selector("Friend"),
                                          values=values(action="frightened", each="turn"))
    # Impress the Inspector: "The first time ... each turn, ...", as "When ... for the first time each turn"
    ability = one("The first time a player plays a Friend here each turn, that player may ready another Friend here.")
    same = one("When a player plays a Friend here for the first time each turn, that player may ready another "
               "Friend here.")
    assert ability.trigger == same.trigger and ability.trigger.condition.kind == "first"
    # The Night is Dark and Full of Terrors: "each turn" first; "become" as "becomes"
    trigger = one("The first time each turn one or more Friends become frightened, you may draw a card.").trigger
    assert (trigger.event, trigger.condition.value("action")) == ("frightened", "frightened")


def test_a_troublemaker_challenged_with_characters_chosen_later():
    # Rainbow Dash, Turncoat
    effect = one("Main Phase: Retire this card to challenge an opponent's Troublemaker.").effect
    assert (effect.verb, effect.target.noun, effect.value("using")) == ("challenge", "Troublemaker", None)


def test_flip_another_and_entering_the_discard_pile_from_play():
    # Owlowiscious, Tome Retriever
    flipped, entered = read("Chaos: When this card is flipped, gain [1], banish this card, and flip another.\n"
                            "When this card enters the discard pile from play, gain [1].")
    assert list(flipped.effect.chain())[-1] == one("When this card is flipped, flip another card.").effect
    assert (entered.trigger.event, entered.trigger.value("from")) == ("enters-discard", "play")


def test_something_done_the_next_time_an_event_happens():
    # Epic Loot
    effect = one("Immediate: The next time you defeat a Troublemaker this turn, score an additional point.",
                 card_type="Event").effect
    assert (effect.verb, effect.duration) == ("next-time", "turn")
    assert effect.value("trigger").event == "defeated" and effect.value("trigger").subject.noun == "Troublemaker"
    assert effect.value("do") == one("When you play this card, score an additional point.").effect


def test_a_problem_that_was_not_confronted_this_turn():
    # Tree Hugger, Seeking Balance: as "no ... were confronted this turn", of this card's Problem
    condition = one("At the end of each opponent's turn, if this card's Problem was not confronted this turn, you "
                    "may move one of your Friends.").trigger.condition
    assert (condition.kind, condition.negated) == ("did", True)
    assert condition.values == values(what="confronts", of=Selector("Problem", where="here"), during="turn")


def test_a_mane_character_with_the_color_chosen():
    # Motivational Speech
    abilities = read("Play to your home.\nWhen this card enters play, choose a color.\nYour Mane Character has that "
                     "color.")
    modifier = abilities[2].modifier
    assert (modifier.kind, modifier.values) == ("color", values(color="that", also=True))
    assert modifier.subject.noun == "Mane Character" and modifier.subject.controller == "you"


def test_a_card_with_the_same_name():
    # Princess Cadance, Everlasting Love: the filter 'name' 'same' (as the card named before)
    effect = one("When another one of your Friends enters your discard pile, you may exhaust this card to search "
                 "your deck for a Friend with the same name and put that card into your hand.").effect
    searched = next(step for step in effect.chain() if step.verb == "search")
    assert searched.target.noun == "Friend" and searched.target.filter("name") == "same"


def test_the_last_card_in_your_hand_played():
    # Tank, Flying Tortoise
    trigger = one("When you play the last card in your hand, you may move this card.").trigger
    assert trigger.event == "played"
    assert trigger.subject == Selector("card", zone="hand", controller="you", filters=(("last", True),))


def test_until_you_play_a_card_within_this_turn():
    # Under the Wire: both durations kept, neither dropped for the other
    effect = one("Immediate: This turn, Friends in your hand have Hasty until you play a Friend.",
                 card_type="Event").effect
    assert (effect.verb, effect.value("keyword"), effect.duration) == (
        "gain-keyword", "Hasty", "until-you-play-Friend/turn")
    # one duration: as before
    effect = one("Immediate: This turn, Friends in your hand have Hasty.", card_type="Event").effect
    assert effect.duration == "turn"


def test_characters_that_cant_move_to_or_from_a_problem():
    # Storm King, Force of Nature
    modifier = one("Characters can't move to or from this card's Problem unless their controller pays [2].").modifier
    assert (modifier.kind, modifier.subject.noun) == ("cant", "character")
    assert modifier.values == values(action="be-moved-to-or-from", to="here", **{"unless-paid": Amount(2)})
    plain = one("Characters can't move to or from this card's Problem.").modifier
    assert plain.value("unless-paid") is None and plain.value("to") == "here"


def test_a_problems_bonus_set_to_a_number():
    # Top Marks, Long-winded Lecturer: set, not changed by
    modifier = one("This card's Problem has 0 bonus points.").modifier
    assert (modifier.kind, modifier.subject, modifier.amount) == (
        "bonus-equal", Selector("Problem", where="here"), Amount(0))
    # Apple Cider
    ability = read("Play on a Friend.\nWhile that Friend is at a Problem, that Problem has 0 bonus points.")[1]
    assert ability.modifier.kind == "bonus-equal" and ability.condition.kind == "at"


def test_more_action_tokens_and_an_extra_card_each_turn():
    # King Sombra, Crystal Tyrant
    modifier = one("You gain an additional 2AT during your Action Step, and draw an extra card during your Draw "
                   "Step.").modifier
    assert (modifier.kind, modifier.subject) == ("all", YOU)
    assert [(part.kind, part.subject, part.amount) for part in modifier.value("all-of")] == [
        ("tokens", YOU, Amount(2)), ("draws", YOU, Amount(1))]
    alone = one("You gain an additional 2AT during your Action Step.").modifier
    assert (alone.kind, alone.amount) == ("tokens", Amount(2))


def test_at_least_a_number_of_cards_somewhere():
    # Rainbow Dash, Hanging Out
    condition = one("Any Phase: While there are at least 2 Pegasus Friends at this card's Problem, you may turn this "
                    "card over.").condition
    assert (condition.kind, condition.values) == ("count", values(compare=">=2"))
    assert (condition.subject.noun, condition.subject.where, condition.subject.filter("trait")) == (
        "Friend", "here", "Pegasus")


def test_cards_with_plus_one_power_counters_on_them():
    # Ember, Dragon Lord
    modifier = one("Your Friends with +1 power counters on them can't be frightened.").modifier
    assert modifier.subject.filter("counter") == "+1" and modifier.value("action") == "be-frightened"


def test_a_power_fixed_that_nothing_changes():
    # Blankest Flanks; Starlight Glimmer, Enforced Equality ("lose or gain")
    modifier = one("Friends here have 2 power and can't gain or lose power.").modifier
    assert modifier == one("Friends here have 2 power and can't lose or gain power.").modifier
    equal, fixed = modifier.value("all-of")
    assert (equal.kind, equal.amount, equal.subject.where) == ("power-equal", Amount(2), "here")
    assert (fixed.kind, fixed.values) == ("cant", values(action="change-power"))


def test_a_keyword_a_card_also_has_while_in_a_faceoff():
    # Fleur Dis Lee, Trendy Follower: "also has" gives the keyword as "has" does
    ability = one("While involved in a faceoff, this card also has Supportive 2.")
    assert ability.condition.kind == "involved"
    modifier = ability.modifier
    assert (modifier.kind, modifier.subject, modifier.value("keyword"), modifier.value("x")) == (
        "keyword", THIS_CARD, "Supportive", 2)
    plain = one("While involved in a faceoff, this card has Supportive 2.").modifier
    assert (plain.kind, plain.subject, plain.values) == (modifier.kind, modifier.subject, modifier.values)
    with pytest.raises(CardTextError):
        read("While involved in a faceoff, this card also has Gobbledygook 2.")


def test_a_cant_only_opponents_are_held_to_is_read_under_its_own_name():
    # White Lightning, Flip Flapper: not a "can't be moved" by anyone
    modifier = one("Your Unicorn characters here can't be moved by opponents.").modifier
    assert (modifier.kind, modifier.value("action")) == ("cant", "be-moved-by-opponents")
    assert (modifier.subject.noun, modifier.subject.controller, modifier.subject.where) == ("character", "you", "here")
    assert modifier.subject.filter("trait") == "Unicorn"
    assert one("Your Unicorn characters here can't be moved.").modifier.value("action") == "be-moved"


def test_one_card_into_the_hand_and_the_rest_on_the_bottom_instead():
    # Granny Smith, Out of Bounds: the cards not chosen go back where they were going
    ability = one("If you would put any number of flipped Friends on the bottom of your deck, you may put one "
                  "of them into your hand and the rest on the bottom instead.")
    assert ability.kind == "replacement"
    assert (ability.trigger.event, ability.trigger.value("to"), ability.trigger.subject.zone) == (
        "put", "deck-bottom", "flip")
    effect = ability.effect
    assert (effect.verb, effect.value("rest"), effect.optional) == ("to-hand-rest-bottom", "bottom", True)
    assert (effect.target.noun, effect.target.ref, effect.target.count.value) == ("that", "them", 1)
    # Thorax, Swarm Former: the same under a Harmony tag, of Changeling Friends
    thorax = read("Harmony Changeling: If you would put any number of flipped Changeling Friends on the bottom "
                  "of your deck, you may put one of them into your hand and the rest on the bottom instead.")[-1]
    assert thorax.effect.verb == "to-hand-rest-bottom"
    assert thorax.trigger.subject.filter("trait") == "Changeling"


def test_an_option_of_choose_one_chains_its_own_instructions():
    # We'll Make Our Mark: "then" and "and" inside an option; "until the end of the turn" is the last option's
    effect = one("Main Phase: Choose one: Draw 3 cards then discard 3 cards, challenge an opposing Troublemaker "
                 "with one of your characters, or move your Mane Character and it gets +2 power until the end of "
                 "the turn.").effect
    assert (effect.verb, effect.duration, effect.then) == ("choose", None, None)
    draw, challenge, move = effect.choices
    assert (draw.verb, draw.then.verb) == ("draw", "discard")
    assert (challenge.verb, challenge.then) == ("challenge", None)
    assert (move.verb, move.then.verb, move.then.duration) == ("move", "power", "turn")
    # Glass of Water: "and you gain [1]" belongs to the last option, not to every choice
    glass = one("Main Phase: Choose one: Turn an opposing Troublemaker face-down, uncover one of your face-down "
                "Troublemakers, or an opponent loses [1] and you gain [1].").effect
    assert glass.then is None and glass.choices[-1].then.verb == "gain"
    # Fluttershy, Backup Vocals: a choice the player may make
    vocals = one("When this card enters play, you may choose one: Put another Friend or Resource into its owner's "
                 "hand, or turn a Mane Character over.").effect
    assert (vocals.verb, vocals.optional, len(vocals.choices)) == ("choose", True, 2)


def test_playing_this_card_from_the_hand_as_an_immediate_action():
    # Rarity, Soprano: "Immediate: You may play this card from your hand." says what Hasty says
    modifier = one("Immediate: You may play this card from your hand.").modifier
    hasty = one("You may play this card as an Immediate action.").modifier
    assert (modifier.kind, modifier.subject, modifier.values) == (hasty.kind, hasty.subject, hasty.values)
    assert modifier.value("action") == "play-as-immediate"
    # another timing is not Hasty: it is refused, never read as Hasty
    with pytest.raises(CardTextError):
        read("Main Phase: You may play this card from your hand.")


def test_move_a_card_here_naming_no_other_destination_moves_it_here():
    """Greeting Lots of Folks With Clout, Halt Evil Doers!: "here" after the
    card moved, with no other destination, is where it goes; with one
    ("move a character here home") it says where the card is."""
    clout = one("Main Phase: Pay [1] to move your opponent's Mane Character here.", card_type="Problem").effect
    assert clout.verb == "move" and clout.value("area") == "here" and clout.target.where is None
    home = one("When a player confronts this Problem, that player moves a character here home.",
               card_type="Problem").effect
    assert home.value("area") == "home" and home.target.where == "here"
    # Rainbow Dash, Total Grinch: "at this card's Problem" says which character, not where it goes
    grinch = one("When this card is defeated, you may move an opposing character at this card's Problem.").effect
    assert grinch.value("area") is None and grinch.target.where == "here"


def test_uncover_a_troublemaker_names_the_face_down_ones():
    """Rising Star, In the Spotlight: "uncover a Troublemaker at its Problem"
    names face-down Troublemakers, the only ones that can be uncovered
    (607.3, 505.2)."""
    star = one("Main Phase: Exhaust this card to uncover a Troublemaker at its Problem.").effect
    assert star.verb == "uncover" and star.target.filter("status") == "face-down"
