"""Reading the less common shapes of card text (grammar/ccg_card_text.lark):
each test pins the model a real card's words read as."""

from __future__ import annotations

import pytest

from rulebase.engine.ccg.abilities.model import (
    THIS_CARD,
    Ability,
    Amount,
    Condition,
    Effect,
    Modifier,
    Selector,
    values,
)
from rulebase.engine.ccg.abilities.reading import NAMED_KEYWORDS, CardTextError, read

THAT_FRIEND = Selector("that", ref="Friend")
YOU = Selector("you")


def one(text, **options) -> Ability:
    abilities = read(text, **options)
    assert len(abilities) == 1
    return abilities[0]


# -- keywords ------------------------------------------------------------------------------

@pytest.mark.parametrize("name", NAMED_KEYWORDS)
def test_a_keyword_the_glossary_lacks_is_named_without_a_meaning(name):
    ability = one(f"{name}.")
    assert (ability.kind, ability.keyword, ability.meaning) == ("keyword", name, None)


def test_a_keyword_with_its_x_given_while_a_condition_holds():
    ability = one("While there are no opposing characters here, this card has Showy 2.")
    assert ability.modifier == Modifier("keyword", subject=THIS_CARD, values=values(keyword="Showy", x=2))
    assert ability.condition.kind == "none"


def test_a_keyword_the_glossary_lacks_given_to_other_cards():
    ability = one("Your characters here have Agile.")
    assert ability.modifier.value("keyword") == "Agile"


def test_a_keyword_given_until_the_end_of_the_turn():
    ability = one("Immediate: Exhaust this card to give a Troublemaker here Competitive 4 until the end of the turn.")
    effect = ability.effect
    assert (effect.verb, effect.duration, effect.values) == (
        "gain-keyword", "turn", values(keyword="Competitive", x=4))
    assert effect.target.noun == "Troublemaker" and effect.target.where == "here"
    ability = one("When you play this card, Friends in your hand have Hasty until the end of the turn.")
    assert (ability.effect.verb, ability.effect.value("keyword"), ability.effect.target.zone) == (
        "gain-keyword", "Hasty", "hand")


def test_a_word_that_is_not_a_keyword_is_not_given():
    with pytest.raises(CardTextError) as caught:
        read("Your characters here have Banana 2.")
    assert "not a keyword: 'Banana'" in str(caught.value)


# -- two changes in one continuous ability, colors and traits --------------------------------

def test_power_and_a_color():
    ability = one("That Friend has +1 power and is also [Generosity].")
    assert ability.modifier == Modifier("all", subject=THAT_FRIEND, values=values(all_of=(
        Modifier("power", subject=THAT_FRIEND, amount=Amount(1)),
        Modifier("color", subject=THAT_FRIEND, values=values(color="white", also=True)))))


def test_power_and_a_keyword_while_cutie_marked():
    ability = one("While this card is Cutie Marked, it has +1 power and Diligent 1.")
    first, second = ability.modifier.value("all-of")
    assert (first.kind, first.amount) == ("power", Amount(1))
    assert (second.kind, second.values) == ("keyword", values(keyword="Diligent", x=1))
    assert ability.condition == Condition("status", subject=THIS_CARD, values=values(status="cutie-marked"))


def test_a_color_named_in_words_and_a_trait():
    ability = one("While at a Problem with Rarity, this card has +1 power and is also White.")
    assert ability.modifier.value("all-of")[1].values == values(color="white", also=True)
    assert one("That Friend is a Critter.").modifier == Modifier(
        "trait", subject=THAT_FRIEND, values=values(trait="Critter"))
    epic = one("That Troublemaker is Epic and has +3 power.").modifier.value("all-of")
    assert [m.kind for m in epic] == ["trait", "power"] and epic[0].value("trait") == "Epic"


def test_a_lowercase_word_is_neither_color_nor_trait():
    with pytest.raises(CardTextError) as caught:
        read("That Friend is a banana.")
    assert "'banana' is not a color or a trait" in str(caught.value)


def test_a_condition_on_a_color():
    ability = one("While your Mane Character is [Generosity], this card has Showy 1.")
    assert ability.condition == Condition("color", subject=Selector("Mane Character", controller="you"),
                                          values=values(color="white"))


def test_a_color_given_until_the_end_of_the_phase():
    ability = one("Main Phase: Retire this card to give one of your characters [Honesty] until the end of the phase.")
    effect = ability.effect
    assert (effect.verb, effect.duration, effect.values) == ("color", "phase", values(color="orange", also=True))


def test_a_card_is_the_color_named():
    ability = one("As this card enters play, name a color. This card is that color.")
    named, colored = ability.effect.chain()
    assert (named.verb, named.values) == ("name", values(what="color"))
    assert colored == Effect("color", target=THIS_CARD, values=values(color="that", also=False))
    ability = one("Main Phase: Exhaust that Friend to choose a color. That Friend has that color until the end of "
                  "the phase.")
    colored = list(ability.effect.chain())[-1]
    assert (colored.verb, colored.duration, colored.value("also")) == ("color", "phase", True)


# -- the cards of a deck, one of two events or instructions -----------------------------------

def test_the_top_cards_of_a_deck_put_into_a_discard_pile():
    ability = one("When this card enters play, choose a player. That player puts the top 4 cards of their deck "
                  "into the discard pile.")
    chosen, put = ability.effect.chain()
    assert put.verb == "to-discard"
    assert put.who in (Selector("player", ref="that"), Selector("that", ref="player"))  # "that player"
    assert put.target == Selector("card", count=Amount(4), zone="their-deck", filters=(("top", True),))


def test_drawing_from_the_bottom_of_the_deck():
    ability = one("At the end of your turn, draw a card from the bottom of your deck.")
    assert ability.effect == Effect("draw", amount=Amount(1), values=values(position="bottom"))
    ability = one("Main Phase: Exhaust this card to draw the bottom card of your deck, then put a card from your "
                  "hand on top of your deck.")
    assert ability.effect.value("position") == "bottom"


def test_discarding_all_the_cards_of_a_hand_then_drawing():
    ability = one("When this card is uncovered, all players discard all the cards in their hand then draw 3 cards.")
    discard, draw = ability.effect.chain()
    assert discard.verb == "discard" and discard.target.every and discard.target.zone == "hand"
    assert (draw.verb, draw.amount) == ("draw", Amount(3))


def test_one_of_two_events():
    ability = one("When one of your Friends is retired or dismissed, you may put a +1 power counter on this card.")
    assert (ability.trigger.event, ability.trigger.value("any-of")) == ("either", ("retired", "dismissed"))
    ability = one("Reaction: After an opponent plays or moves a character, exhaust that character.")
    assert ability.trigger.value("any-of") == ("played", "moved")
    assert ability.trigger.value("by") == Selector("opponent")
    ability = one("If one of your Friends here would be frightened or dismissed by an opponent, you may put it into "
                  "its owner's hand instead.")
    assert (ability.kind, ability.trigger.event, ability.trigger.value("by")) == (
        "replacement", "either", Selector("opponent"))


def test_one_of_two_instructions_is_a_choice():
    ability = one("When this card enters play at a Problem, you may unfrighten or ready a Friend.")
    assert ability.effect.verb == "choose" and ability.effect.optional
    assert [choice.verb for choice in ability.effect.choices] == ["unfrighten", "ready"]
    assert ability.effect.choices[0].target.noun == "Friend"


def test_a_cost_to_move_to_or_from_a_problem_is_its_own_action():
    ability = one("Your opponent must pay +[2] to move a character to or from this card's Problem.")
    assert (ability.modifier.kind, ability.modifier.value("action"), ability.modifier.amount) == (
        "cost", "move-to-or-from", Amount(2))
    ability = one("While this card is exhausted, your opponent must pay +[1] to play or move a character to this "
                  "card's Problem.")
    assert ability.modifier.value("action") == "play-or-move"


# -- confronting, control, counters, play requirements -------------------------------------------

def test_the_power_needed_to_confront_until_the_end_of_the_turn():
    ability = one("Immediate: Choose a Problem. Opponents need +2 power to confront that Problem until the end of "
                  "the turn.")
    chosen, need = ability.effect.chain()
    assert (need.verb, need.amount, need.duration) == ("confront-need", Amount(2), "turn")
    assert need.value("players") == Selector("opponent", every=True, count=Amount(None))
    assert need.target == Selector("that", ref="Problem")
    ability = one("Score Phase: Remove 2 Harmony counters from this card to reduce the confront requirements of a "
                  "problem by 3 power until the end of the turn.")
    assert ability.cost == (Effect("remove-counters", target=THIS_CARD, amount=Amount(2),
                                   values=values(kind="Harmony")),)
    assert (ability.effect.verb, ability.effect.amount, ability.effect.duration) == (
        "confront-need", Amount(-3), "turn")


def test_troublemakers_that_do_not_prevent_confronting_for_a_turn():
    ability = one("Main Phase: Troublemakers don't prevent you from confronting Problems until the end of the turn.")
    effect = ability.effect
    assert (effect.verb, effect.duration, effect.target.noun, effect.value("confronting").noun) == (
        "doesnt-prevent", "turn", "Troublemaker", "Problem")


def test_a_character_that_does_not_ready():
    ability = one("Immediate: Exhaust an opposing character. That character does not ready during its controller's "
                  "next Ready Phase.")
    exhausted, kept = ability.effect.chain()
    assert kept == Effect("cant", target=Selector("that", ref="character"), duration="next-ready-phase",
                          values=values(action="ready-during-ready-phase"))
    ability = one("If that character has 3 or less power, it does not ready during the Ready Phase.")
    assert ability.modifier == Modifier("cant", subject=Selector("it"),
                                        values=values(action="ready-during-ready-phase"))
    assert ability.condition.kind == "power"


def test_control_gained_and_exchanged():
    ability = one("Main Phase: Pay [1] to gain control of an opponent's non-attachment Resource. That opponent "
                  "gains control of this card.")
    taken, given = ability.effect.chain()
    assert taken.target.filter("attachment") is False and taken.target.controller == "opponent"
    assert (given.verb, given.target, given.who) == ("take-control", THIS_CARD, Selector("opponent", ref="that"))
    ability = one("Main Phase: Exhaust this card and pay [2] to exchange control of this card and an opposing "
                  "Resource.")
    assert ability.effect.verb == "exchange-control" and ability.effect.target == THIS_CARD
    assert ability.effect.value("with").noun == "Resource"


def test_play_requirements_reduced_until_the_end_of_the_turn():
    ability = one("Immediate: Banish this card from your hand to reduce the play requirements of your cards by 2 "
                  "[Loyalty] until the end of the turn.")
    effect = ability.effect
    assert (effect.verb, effect.amount, effect.duration, effect.values) == (
        "requirement-change", Amount(-2), "turn", values(color="blue"))
    assert ability.cost[0].target == Selector("self", zone="hand")


def test_counters_of_a_name_removed():
    ability = one("At the start of the turn, remove all Tip counters from this card.")
    assert ability.effect == Effect("remove-counters", target=THIS_CARD, amount=Amount(None),
                                    values=values(kind="Tip"))
    with pytest.raises(CardTextError) as caught:
        read("At the start of the turn, remove all banana counters from this card.")
    assert "'banana' counters" in str(caught.value)


# -- what is not read yet ----------------------------------------------------------------------

def test_a_shape_half_known_is_unread_where_it_leaves_the_known_words():
    with pytest.raises(CardTextError) as caught:
        read("Play to your home.\nYour opponent must pay +[2] to move a character to or under this card's Problem.")
    error = caught.value
    assert (error.line, error.column) == (2, 55)
    assert error.expected == "expected 'from'"


def test_an_unread_shape_names_every_word_the_grammar_expected_there():
    """The reader predicts only what can start with the next word; where the
    text can't be read, the words expected are all those the grammar knows."""
    with pytest.raises(CardTextError) as caught:
        read("This card's Resource's cost is doubled.")
    error = caught.value
    assert (error.line, error.column) == (1, 13)
    assert all(word in error.expected for word in ("'owner'", "'problem'", '"owner\'s"'))


# -- for each ... ------------------------------------------------------------------------------

def test_for_each_action_token_a_player_has():
    ability = one("When this Problem enters play, each player discards a card for each action token they have.")
    discard = ability.effect
    assert discard.verb == "discard" and discard.who == Selector("player", every=True, count=Amount(None))
    assert discard.target.count == Amount(1, per=Selector("action-token", controller="their"))


def test_for_each_color_among_cards_and_of_a_card():
    ability = one("This card has +1 power for each color among Friends in discard piles.")
    among = ability.modifier.amount.per
    assert (among.noun, among.filter("among").noun, among.filter("among").zone) == (
        "color", "Friend", "any-discard")
    ability = one("This card has +2 power for each color it has.")
    assert ability.modifier.amount == Amount(2, per=Selector("color", filters=(("of", Selector("it")),)))
    ability = one("This card has +1 power for each card type among cards in your discard pile.")
    assert ability.modifier.amount.per.noun == "card-type"


def test_for_each_card_spent_this_way():
    ability = one("When you win a faceoff involving this card, you may spend any number of cards from beneath this "
                  "card to gain [1] for each card you spent.")
    spend, gain = ability.effect.chain()
    assert spend.verb == "spend" and spend.optional
    assert gain.amount == Amount(1, per=Selector("card", filters=(("this-way", "spent"),)))


def test_the_loser_of_a_faceoff_and_all_of_a_players_action_tokens():
    ability = one("Main Phase: Start a faceoff involving your characters at a Problem and an opponent's characters "
                  "there. The loser of that faceoff discards a card for each of their characters involved in that "
                  "faceoff.")
    start, discard = ability.effect.chain()
    assert discard.who == Selector("player", ref="loser")
    ability = one("Faceoff: Gain [3]. At the end of the faceoff, lose all of your action tokens.")
    gain, delayed = ability.effect.chain()
    lose = delayed.value("do")
    assert (lose.verb, lose.amount, lose.target.noun, lose.target.controller) == (
        "lose", Amount(None), "action-token", "you")


# -- entering play, quoted abilities, reminder text ------------------------------------------

def test_entering_play_during_a_players_turn():
    ability = one("When this card enters play during your turn, each opponent loses [1].")
    assert ability.trigger.event == "enters-play"
    assert ability.trigger.value("during") == Condition("turn", values=values(whose="your"))


def test_entering_play_or_being_uncovered():
    ability = one("When this card enters play face-up or is uncovered, put eight +1 power counters on it.")
    assert (ability.trigger.event, ability.trigger.values) == (
        "either", values(any_of=("enters-play", "uncovered"), face="up"))
    assert ability.effect.amount == Amount(8)
    ability = one("When a character enters play here or is moved here, replace each Problem.")
    assert ability.trigger.subject.where == "here" and ability.trigger.value("any-of") == ("enters-play", "moved")


def test_an_ability_in_quotes_is_given():
    ability = one('Your Troublemakers have "At the start of your turn, gain [1].".')
    given = ability.modifier.value("ability")
    assert ability.modifier.kind == "ability" and ability.modifier.subject.noun == "Troublemaker"
    assert (given.kind, given.trigger.event, given.effect) == ("triggered", "turn-starts", Effect("gain", amount=Amount(1)))


def test_reminder_text_is_not_read():
    ability = one("When this card is uncovered, an opponent may pay [2] to dismiss this card. (Doing so does not "
                  "defeat this Troublemaker.).")
    assert ability.text.endswith("(Doing so does not defeat this Troublemaker.).")
    assert [step.verb for step in ability.effect.chain()] == ["pay", "dismiss"]
    # a paragraph of reminder text alone: test_reading_tail.py


def test_that_opposing_card_and_a_cards_problem():
    ability = one("Main Phase: Exhaust and retire this card to replace its Problem.")
    assert ability.effect == Effect("replace", target=Selector("Problem", where="its-problem"))
    ability = one("Immediate: Exhaust all characters involved in a faceoff without an attached Accessory.")
    assert ability.effect.target.filter("without-attached") == Selector("Accessory")
    ability = one("Your Cutie Marked Friends have +1 power.")
    assert ability.modifier.subject.filter("status") == "cutie-marked"


# -- counters of a name, token copies, what a replacement does ----------------------------------

def test_counters_of_a_name_put_on_a_card():
    ability = one("When this card enters play, put 3 Momentum counters on it.")
    assert ability.effect == Effect("counters", target=Selector("it"), amount=Amount(3), values=values(kind="Momentum"))


def test_a_token_copy_put_into_play():
    ability = one("When this card is uncovered, put a token copy of this card into play face-up at each other "
                  "Problem.")
    assert ability.effect == Effect("token-copy", target=THIS_CARD,
                                    values=values(face="face-up", area="each-other-problem"))
    ability = one("When you play this card, you may dismiss a Friend here. If you do, put a token copy of that Friend "
                  "into play under your control.")
    copy = list(ability.effect.chain())[-1]
    assert (copy.verb, copy.value("control"), copy.condition) == ("token-copy", "you", Condition("did"))


def test_what_happens_instead_and_what_then_does_not():
    ability = one("If a Friend would be dismissed, it is banished instead.")
    assert (ability.trigger.event, ability.effect) == ("dismissed", Effect("banish", target=Selector("it")))
    ability = one("If one of your Friends or Resources would be dismissed, you may turn this card over instead. If "
                  "you do, that card is not dismissed.")
    turned, kept = ability.effect.chain()
    assert turned.verb == "turn-over" and turned.optional
    assert kept == Effect("prevent", target=Selector("that", ref="card"), values=values(what="dismissed"),
                          condition=Condition("did"))


def test_a_card_with_two_names():
    ability = one("This card is both a Lyra and a Bon Bon in all zones.")
    assert ability.modifier == Modifier("names", subject=THIS_CARD, values=values(names=("Lyra", "Bon Bon"),
                                                                                     zones="all"))


# -- action tokens written 1AT, printed power, home limits, the Challengers ----------------------

def test_action_tokens_written_in_letters():
    ability = one("Opponents can't move characters unless they pay 1AT.")
    assert ability.modifier.value("unless-paid") == Amount(1)
    assert one("Main Phase: Gain 2AT.").effect == Effect("gain", amount=Amount(2))


def test_printed_power_or_less_and_at_least_one():
    ability = one("When this card enters play, dismiss each opposing Friend here with printed power 1 or less.")
    assert ability.effect.target.filter("printed-power") == "<=1"
    ability = one("While you have at least one Mailbox Resource in play, this card has +2 power.")
    assert ability.condition.kind == "has" and ability.condition.value("amount") == 1


def test_a_card_that_is_there_and_one_that_does_not_count_against_the_home_limit():
    ability = one("While there is a facedown Troublemaker here, players can't confront this Problem.")
    assert ability.condition == Condition("exists", subject=Selector(
        "Troublemaker", where="here", filters=(("status", "face-down"),)))
    ability = one("Critter Friends don't count towards your home limit.")
    assert ability.modifier == Modifier("not-counted", subject=Selector(
        "Friend", count=Amount(None), every=True, filters=(("trait", "Critter"),)), values=values(against="home-limit"))


def test_the_challengers_and_a_lasting_control():
    ability = one("When this Problem enters play, the Challengers win the game.")
    assert ability.effect == Effect("win", who=Selector("player", ref="challengers"), values=values(what="game"))
    ability = one("When this card enters play, gain control of another Friend until this card leaves play.")
    assert (ability.effect.verb, ability.effect.duration) == ("take-control", "while-this-in-play")


# -- the start of the game, faceoffs joined, what can't be done, shuffles ------------------------

def test_at_the_start_of_the_game():
    ability = one("At the start of the game, you may draw a card.")
    assert (ability.trigger.event, ability.trigger.when, ability.effect.verb) == ("game-starts", "start", "draw")
    with pytest.raises(CardTextError) as caught:
        read("After the game, draw a card.")
    assert "'after' the game" in str(caught.value)


def test_becoming_involved_in_a_faceoff():
    ability = one("When that character becomes involved in a faceoff, you may draw a card.")
    assert (ability.trigger.event, ability.trigger.subject) == ("involved", Selector("that", ref="character"))
    ability = one("At the start of a faceoff, this card becomes involved in the faceoff.")
    assert ability.effect == Effect("involve", target=THIS_CARD)


def test_cards_that_cant_leave_play_ready_or_be_challenged():
    assert one("Your Friends can't leave play.").modifier.value("action") == "leave-play"
    assert one("Friends here with 2 or less power can't ready.").modifier.value("action") == "ready"
    ability = one("Players can't challenge that Troublemaker unless they pay [2].")
    assert (ability.modifier.subject, ability.modifier.value("action"), ability.modifier.value("unless-paid")) == (
        Selector("that", ref="Troublemaker"), "be-challenged", Amount(2))


def test_hands_and_discard_piles_shuffled_into_decks():
    ability = one("Main Phase: All players shuffle their hands into their decks and draw 6 cards.")
    shuffled, drawn = ability.effect.chain()
    assert (shuffled.verb, shuffled.value("zone"), drawn.amount) == ("shuffle-into", "hand", Amount(6))


def test_a_card_that_enters_play_with_counters():
    ability = one("This card enters play with two +1 power counters on it.")
    assert ability.modifier == Modifier("enters-with-counters", subject=THIS_CARD, amount=Amount(2))


# -- what a player would do, what has just happened -----------------------------------------------

def test_a_draw_or_a_discard_replaced():
    ability = one("If you would draw a card during a Main Phase, you may exhaust one of your Friends to gain [1] "
                  "instead.")
    assert (ability.kind, ability.trigger.event, ability.trigger.value("by")) == ("replacement", "draws", YOU)
    assert ability.trigger.value("during") == Condition("during", values=values(phase="main", whose="each"))
    ability = one("If you would discard a card, you may put that card on top of your deck instead.")
    assert ability.trigger.event == "discards"


def test_a_reaction_to_what_has_just_happened():
    ability = one("Reaction: Play after an opponent's character has just been moved. Send that character to its "
                  "previous area.")
    assert (ability.trigger.event, ability.trigger.when) == ("moved", "after")
    assert ability.trigger.subject.controller == "opponent"


def test_sent_home_replaced_and_a_cost_to_rally():
    ability = one("If this card would be sent home, it is sent to another Problem instead.")
    assert (ability.trigger.event, ability.effect) == (
        "sent-home", Effect("send", target=Selector("it"), values=values(area="another-problem")))
    ability = one("Opponents pay +[1] to rally Friends.")
    assert (ability.modifier.kind, ability.modifier.value("action")) == ("cost", "rally")


def test_when_you_frighten_a_card():
    ability = one("When you frighten a Friend for the first time each turn, you may move one of your characters.")
    assert ability.trigger.event == "frightened"
    # "for the first time each turn": test_reading_tail.py


# -- costs reduced ------------------------------------------------------------------------------

@pytest.mark.parametrize("text, amount", [
    ("Main Phase: Exhaust this card to reduce by [1] the cost of the next Friend you play this turn.", -1),
    ("Main Phase: Dismiss this card to reduce the cost of the next card you play this turn by [2].", -2),
    ("When you play this card, the cost of your next [Kindness] Friend this turn is reduced by [1].", -1),
])
def test_the_cost_of_the_next_card_reduced(text, amount):
    effect = one(text).effect
    assert (effect.verb, effect.amount, effect.target.filter("next-played")) == ("cost-change", Amount(amount), "turn")


def test_a_cost_reduced_to_a_minimum():
    ability = one("When you move a Friend, you may pay [1] less for your next Friend this turn, to a minimum of [1].")
    assert (ability.effect.amount, ability.effect.value("minimum")) == (Amount(-1), Amount(1))


# -- the first player to play, confronting with, the draw step, a trait given ----------------------

def test_the_first_player_to_play_a_friend_to_a_problem():
    ability = one("The first player to play a Friend to this Problem gains [2].")
    effect = ability.effect
    assert (effect.verb, effect.amount, effect.who) == ("gain", Amount(2), Selector("player", ref="first"))
    assert effect.condition == Condition("first", subject=THIS_CARD, values=values(action="play", what=Selector(
        "Friend")))


def test_confronting_with_at_least_some_characters():
    ability = one("When you confront this card's Problem with at least 2 other [Generosity] characters, turn this "
                  "card over.")
    with_ = ability.trigger.value("with")
    assert (with_.noun, with_.count, with_.filter("color"), with_.filter("other")) == (
        "character", Amount(2), "white", True)


def test_the_end_of_the_draw_step_and_a_trait_during_a_phase():
    ability = one("At the end of your draw step, if an opponent's Mane Character is at home, you may draw a card and "
                  "discard a card.")
    assert (ability.trigger.event, ability.trigger.value("phase")) == ("phase-ends", "draw-step")
    ability = one("While this card is at a Problem, your other Friends at that Problem get the Critter trait during "
                  "any Score Phase.")
    assert ability.modifier.values == values(trait="Critter")
    assert ability.condition.kind == "all"


# -- a card of a type or trait, two cards chosen ------------------------------------------------

def test_a_condition_on_a_cards_type_or_trait():
    ability = one("At the start of your turn, you may reveal the top card of your deck. If it's an Event, you may "
                  "put it into your hand.")
    put = list(ability.effect.chain())[-1]
    assert put.condition == Condition("is", subject=Selector("it"), values=values(type="Event"))


def test_two_cards_chosen_then_exchanged():
    ability = one("Immediate: Choose one of your Friends and an opposing Friend. Exchange control of those Friends "
                  "until the end of the Score Phase.")
    mine, theirs, exchanged = ability.effect.chain()
    assert (mine.verb, theirs.verb, theirs.target.filter("color"), theirs.target.controller) == (
        "choose", "choose", None, "opponent")
    assert (exchanged.verb, exchanged.target, exchanged.duration) == (
        "exchange-control", Selector("that", ref="Friend"), "score-phase")


def test_numbers_of_points_and_of_cards_discarded_in_words():
    ability = one("When this card enters play, you may draw 3 cards, then discard 1.")
    drawn, discarded = ability.effect.chain()
    assert discarded.target == Selector("card", count=Amount(1))
    assert discarded.target == one("When you play this card, discard a card.").effect.target
    ability = one("When you confront this card's Problem, you may retire this card to score two points.")
    assert list(ability.effect.chain())[-1].amount == Amount(2)


# -- a number the game state gives ("a number of ... equal to / up to ...") -------------------

def test_a_number_of_cards_up_to_the_number_a_player_has():
    # Call to Action
    effect = one("Main Phase: Move a number of your Friends up to the number of action tokens your opponent has.").effect
    assert effect.verb == "move"
    assert (effect.target.noun, effect.target.controller, effect.target.every) == ("Friend", "you", False)
    count = effect.target.count
    assert (count.value, count.up_to) == (1, True)
    assert (count.per.noun, count.per.controller, count.per.every) == ("action-token", "opponent", True)


def test_a_number_of_action_tokens_equal_to_the_counters_on_a_card():
    # Tree of Harmony, Seeds of Friendship
    effect = one("Main Phase: Retire this card to gain a number of action tokens equal to the number of "
                 "Harmony counters on it.").effect
    assert effect.verb == "gain"
    assert effect.amount == Amount(1, per=Selector("counter", filters=(("kind", "Harmony"), ("on", Selector("it")))))


def test_a_number_of_counters_equal_to_a_cards_power():
    # Burst of Strength
    effect = one("Main Phase: Put a number of +1 power counters on one of your Friends equal to that "
                 "Friend's power.").effect
    assert (effect.verb, effect.target.noun, effect.target.controller) == ("counters", "Friend", "you")
    assert effect.amount == Amount(1, per=Selector("power", filters=(("of", THAT_FRIEND),)))


def test_a_number_of_action_tokens_equal_to_a_cards_cost():
    # Pinny Lane, Bowl'em Over
    effect = one("When this card enters play, you may retire one of your Friends to gain a number of action "
                 "tokens equal to that Friend's cost.").effect
    assert [part.verb for part in effect.chain()] == ["retire", "gain"]
    effect = list(effect.chain())[1]
    assert effect.amount == Amount(1, per=Selector("cost", filters=(("of", THAT_FRIEND),)))


def test_a_number_of_cards_up_to_the_colors_a_card_has():
    # Less Isn't More
    effect = one("Main Phase: Exhaust one of your Friends to exhaust a number of opposing Friends up to the "
                 "number of colors that Friend has.").effect
    assert (effect.verb, effect.target.noun, effect.target.controller) == ("exhaust", "Friend", "opponent")
    per = effect.target.count.per
    assert effect.target.count.up_to and per.noun == "color"
    assert (per.filters[0][0], per.filters[0][1].noun, per.filters[0][1].ref) == ("of", "that", "Friend")


def test_a_cards_power_equal_to_a_count():
    # Animal Allies, Welcome to the Horde
    modifier = one("This card's power is equal to the number of Friends you have.").modifier
    assert (modifier.kind, modifier.subject) == ("power-equal", THIS_CARD)
    assert (modifier.amount.value, modifier.amount.per.noun, modifier.amount.per.controller) == (1, "Friend", "you")


def test_entering_play_with_counters_equal_to_the_counters_on_another_card():
    # Boyle, Power Up
    modifier = one("This card enters play with a number of +1 power counters on it equal to the number of +1 "
                   "power counters on another one of your characters.").modifier
    assert modifier.kind == "enters-with-counters"
    per = modifier.amount.per
    assert (per.noun, per.filters[0]) == ("counter", ("kind", "+1"))
    assert (per.filters[1][0], per.filters[1][1].noun, per.filters[1][1].controller) == ("on", "character", "you")


# -- "can't ... more than ..." and "for each <named> counter" -------------------------------------

def test_players_cant_score_more_than_some_points_per_turn():
    # Ahuizotl, Oppressive
    modifier = one("Players can't score more than 2 points per turn.").modifier
    assert modifier.kind == "at-most"
    assert (modifier.value("action"), modifier.value("most"), modifier.value("what"), modifier.value("per")) == (
        "score", 2, "points", "turn")
    assert modifier.value("by").noun == "player"


def test_players_cant_confront_more_than_one_problem_per_turn():
    # Flim & Flam, Shrewd Schemers
    modifier = one("Players can't confront more than one Problem per turn.").modifier
    assert (modifier.kind, modifier.subject.noun) == ("at-most", "Problem")
    assert (modifier.value("action"), modifier.value("most"), modifier.value("per")) == ("confront", 1, "turn")


def test_players_cant_ready_more_than_one_character_here_during_the_ready_phase():
    # Jailbreak!
    ability = one("During the Ready Phase, players can't ready more than one character here.")
    modifier = ability.modifier
    assert (modifier.kind, modifier.subject.noun, modifier.subject.where) == ("at-most", "character", "here")
    assert (modifier.value("action"), modifier.value("most"), modifier.value("per")) == ("ready", 1, None)
    assert ability.condition.kind == "during" and ability.condition.value("phase") == "ready"


def test_opponents_cant_play_more_than_one_card_of_each_type_per_turn():
    # Bubbly Mare, Helping Hoof
    modifier = one("Opponents can't play more than one card of each type per turn.").modifier
    assert (modifier.kind, modifier.subject) == ("at-most", Selector("card"))
    assert (modifier.value("action"), modifier.value("each"), modifier.value("most")) == ("play", "type", 1)
    assert modifier.value("by").noun == "opponent"


def test_power_for_each_named_counter_on_a_card():
    # Lord Tirek, Pumping Iron
    modifier = one("Your flipped cards have +1 power for each Muscle counter on this card.").modifier
    assert modifier.kind == "power"
    assert modifier.amount == Amount(1, per=Selector("counter", filters=(("kind", "Muscle"), ("on", THIS_CARD))))


def test_a_cost_raised_for_each_named_counter_on_a_card():
    # Stack of Suitcases
    modifier = one("Opponents must pay +[1] to play cards for each Tip counter on this card.").modifier
    assert (modifier.kind, modifier.value("action"), modifier.subject.noun) == ("cost", "play", "card")
    assert modifier.amount == Amount(1, per=Selector("counter", filters=(("kind", "Tip"), ("on", THIS_CARD))))


# -- power compared with a number the game state gives ---------------------------------------

def test_a_card_with_power_at_most_this_cards_power():
    # Davenport, Low Low Prices!
    effect = one("Main Phase: Pay [2] and retire this card to gain control of a Friend here with power less "
                 "than or equal to this card's power.").effect
    assert (effect.verb, effect.target.noun, effect.target.where) == ("take-control", "Friend", "here")
    assert effect.target.filters == (("power-vs", ("<=", Amount(1, per=Selector("power", filters=(("of", THIS_CARD),))))),)


def test_a_card_with_less_power_than_another():
    # Sponge Cake Break
    effect = one("Immediate: Put two +1 power counters on one of your Friends, then exhaust an opposing "
                 "character with less power than that Friend.").effect
    exhaust = list(effect.chain())[-1]
    assert (exhaust.verb, exhaust.target.noun, exhaust.target.controller) == ("exhaust", "character", "opponent")
    (name, (compare, amount)), = exhaust.target.filters
    assert (name, compare) == ("power-vs", "<")
    assert amount.per.noun == "power" and amount.per.filters[0][1] == THAT_FRIEND


def test_while_this_card_has_power_higher_than_any_other_friend_here():
    # Spring Step, Multitalented
    condition = one("While this card has power higher than any other Friend here, this card's Problem loses and "
                    "can't have abilities.").condition
    assert (condition.kind, condition.subject, condition.value("compare")) == ("power-than-any", THIS_CARD, ">")
    than = condition.value("than")
    assert (than.noun, than.where, than.filters) == ("Friend", "here", (("other", True),))


def test_while_this_card_has_lower_power_than_any_other_friends_here():
    # Gravy Boat, Hot Stuff
    ability = one("Main Phase: While this card has lower power than any other Friends here, you may exhaust it "
                  "and pay [1] to put a Friend here into its owner's hand.")
    condition = ability.condition
    assert (condition.kind, condition.subject, condition.value("compare")) == ("power-than-any", THIS_CARD, "<")
    assert condition.value("than").noun == "Friend"


# -- "for each ..." after a duration, and a keyword's X for each ... ---------------------------

def test_power_until_the_end_of_the_turn_for_each_friend():
    # Pinkie Pie, Life of the Party: the duration before 'for each' reads as after it
    effect = one("When this card enters play at a Problem, it gets +1 power until the end of the turn for each "
                 "other Friend you have at that Problem.").effect
    other = one("When this card enters play at a Problem, it gets +1 power for each other Friend you have at "
                "that Problem until the end of the turn.").effect
    assert (effect.verb, effect.duration, effect.amount.value) == ("power", "turn", 1)
    per = effect.amount.per
    assert (per.noun, per.controller, per.where, per.filters) == ("Friend", "you", "that-problem", (("other", True),))
    assert (effect.verb, effect.target, effect.amount, effect.duration) == (
        other.verb, other.target, other.amount, other.duration)


def test_a_keyword_x_for_each_card():
    # Night Glider, Ambitious Aerobat
    modifier = one("This card has Competitive 1 for each of your characters here.").modifier
    assert (modifier.kind, modifier.subject, modifier.value("keyword"), modifier.value("x")) == (
        "keyword", THIS_CARD, "Competitive", 1)
    per = modifier.amount.per
    assert modifier.amount.value == 1 and (per.noun, per.controller, per.where) == ("character", "you", "here")


# -- "Otherwise, ..." ------------------------------------------------------------------------------

def test_otherwise_is_what_happens_when_the_condition_before_does_not_hold():
    # Desperately Seeking Spike
    effect = one("When a player confronts this Problem, that player reveals the top card of their deck. If it's a "
                 "Friend, they put it into their hand. Otherwise, they put it into their discard pile.").effect
    assert effect.verb == "reveal"
    to_hand = effect.then
    assert (to_hand.verb, to_hand.condition.kind, to_hand.then) == ("to-hand", "is", None)
    assert (to_hand.otherwise.verb, to_hand.otherwise.target) == ("to-discard", Selector("it"))


def test_otherwise_after_putting_a_card_in_the_discard_pile():
    # Frown Town ('in the discard pile')
    effect = one("When a player confronts this Problem, that player reveals the top card of their deck. If it's a "
                 "Friend, they put it into their hand. Otherwise, they put it in the discard pile.").effect
    assert (effect.then.verb, effect.then.otherwise.verb) == ("to-hand", "to-discard")


def test_otherwise_after_an_instruction_without_a_condition_is_not_read():
    with pytest.raises(CardTextError):
        read("Main Phase: Draw a card. Otherwise, gain [1].")


# -- revealed cards split ----------------------------------------------------------------------------

REMAINING = Selector("card", count=Amount(None), every=True, filters=(("remaining", "revealed"),))


def test_one_revealed_card_to_hand_and_the_rest_to_the_bottom_in_any_order():
    # Applejack, Farm Foremare
    abilities = read("When you play this card, you may reveal the top 5 cards of your deck. You may put one revealed "
                     "Resource into your hand. Put all remaining cards at the bottom of your deck in any order.")
    steps = list(abilities[0].effect.chain())
    assert [step.verb for step in steps] == ["reveal", "to-hand", "arrange"]
    assert steps[1].optional and steps[1].target == Selector("Resource", filters=(("this-way", "revealed"),))
    assert (steps[2].target, steps[2].value("to")) == (REMAINING, "bottom")


def test_one_revealed_card_to_hand_and_all_remaining_on_top_in_one_sentence():
    # Golden Oak Library
    effect = one("Main Phase: Exhaust this card and pay [1] to reveal the top 3 cards of your deck. You may put 1 "
                 "revealed Event into your hand and all remaining cards on the top of your deck in any order.").effect
    steps = list(effect.chain())
    assert [step.verb for step in steps] == ["reveal", "to-hand", "arrange"]
    assert steps[1].target == Selector("Event", filters=(("this-way", "revealed"),))
    assert (steps[2].target, steps[2].value("to")) == (REMAINING, "top")


def test_a_revealed_friend_to_hand_and_all_other_revealed_cards_to_the_discard_pile():
    # Applejack, Apple Vendor
    effect = one("Main Phase: Retire one of your Friends to reveal the top 3 cards of your deck, put a revealed Friend "
                 "into your hand, and put all other revealed cards into your discard pile.").effect
    steps = list(effect.chain())
    assert [step.verb for step in steps] == ["reveal", "to-hand", "to-discard"]
    assert steps[1].target == Selector("Friend", filters=(("this-way", "revealed"),))
    assert steps[2].target == REMAINING


def test_reveal_cards_from_the_top_until_a_friend_is_revealed():
    # Pony of Shadows, Pure Darkness
    effect = one("When this card is defeated, you may reveal cards from the top of your deck until you reveal a "
                 "Friend. If you do, put that Friend into play, then shuffle your deck.").effect
    steps = list(effect.chain())
    assert [step.verb for step in steps] == ["reveal-until", "put-into-play", "shuffle"]
    assert steps[0].optional and steps[0].target == Selector("Friend") and steps[0].value("zone") == "deck"
    assert steps[1].target == THAT_FRIEND and steps[1].condition.kind == "did"
