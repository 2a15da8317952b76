"""Reading MLP CCG card text into the ability model (grammar/ccg_card_text.lark)."""

from __future__ import annotations

import re

import pytest

from rulebase.cards import database
from rulebase.cards.errata import current_text
from rulebase.engine.ccg.abilities.model import (
    CONDITIONS,
    EVENTS,
    MODIFIERS,
    THIS_CARD,
    VERBS,
    Ability,
    Amount,
    Condition,
    Effect,
    Modifier,
    Selector,
    Trigger,
    values,
)
from rulebase.engine.ccg.abilities.reading import (
    CardTextError,
    keyword_meanings,
    read,
    read_card,
)
from rulebase.engine.errors import SetupError

YOU = Selector("you")


@pytest.fixture(scope="module")
def db():
    return database.load()


def theme_deck_cards(db):
    """The ids of the cards of the six theme decks of the corpus."""
    found = set()
    for deck in sorted((database.default_root() / "Decks").glob("*/*.o8d")):
        for octgn_id in re.findall(r'id="([0-9a-f-]{36})"', deck.read_text(encoding="utf-8")):
            found.add(db.by_octgn_id[octgn_id].id)
    return sorted(found)


def one(text, **options) -> Ability:
    abilities = read(text, **options)
    assert len(abilities) == 1
    return abilities[0]


# -- pinned readings -------------------------------------------------------------------

def test_a_placement():
    assert one("Play to your home.") == Ability("placement", target=Selector("home", controller="you"))
    assert one("Play on a Friend.") == Ability("placement", target=Selector("Friend"))


def test_a_triggered_ability_with_a_condition():
    ability = one("When you confront this card's Problem, if you have a Troublemaker at that Problem, "
                  "turn this card over.")
    assert ability == Ability(
        "triggered",
        trigger=Trigger("confronts", subject=Selector("Problem", where="here"), values=values(by=YOU),
                        condition=Condition("has", subject=YOU, values=values(
                            amount=1, what=Selector("Troublemaker", where="that-problem")))),
        effect=Effect("turn-over", target=THIS_CARD))


def test_an_opponent_carries_out_an_instruction():
    ability = one("When you play this card, your opponent discards a random card.")
    assert ability.trigger == Trigger("played", subject=THIS_CARD, values=values(by=YOU))
    assert ability.effect == Effect("discard", target=Selector("card", filters=(("random", True),)),
                                    who=Selector("opponent"))


def test_an_activated_ability_and_its_costs():
    ability = one("Main Phase: Exhaust this card and pay [1] to search your discard pile for a Friend "
                  "and put it into your hand.")
    assert ability == Ability(
        "activated", timing="Main Phase",
        cost=(Effect("exhaust", target=THIS_CARD), Effect("pay", amount=Amount(1))),
        effect=Effect("search", target=Selector("Friend"), values=values(zone="discard"),
                      then=Effect("to-hand", target=Selector("it"))))


def test_an_event_chooses_then_changes_power():
    ability = one("Main Phase: Choose a [Honesty] or [Magic] character. That character gets +1 [Honesty] "
                  "and +1 [Magic] until the end of the phase.", card_type="Event")
    that = Selector("that", ref="character")
    assert ability == Ability(
        "event", timing="Main Phase",
        effect=Effect("choose", target=Selector("character", filters=(("color", ("orange", "purple")),)),
                      then=Effect("power", target=that, amount=Amount(1), duration="phase",
                                  values=values(color="orange"),
                                  then=Effect("power", target=that, amount=Amount(1), duration="phase",
                                              values=values(color="purple")))))


def test_continuous_abilities():
    assert one("While involved in a faceoff, this card gets +2 power.") == Ability(
        "continuous", condition=Condition("involved", subject=THIS_CARD),
        modifier=Modifier("power", subject=THIS_CARD, amount=Amount(2)))
    assert one("Your opponent needs +1 power to confront this card's Problem.") == Ability(
        "continuous", modifier=Modifier("confront-need", subject=Selector("Problem", where="here"),
                                        amount=Amount(1), values=values(player=Selector("opponent"))))
    assert one("This card gets +1 power for each Resource on it.").modifier == Modifier(
        "power", subject=THIS_CARD,
        amount=Amount(1, per=Selector("Resource", filters=(("on", Selector("it")),))))


def test_a_replacement_effect():
    ability = one("When one of your Friends here would be dismissed, you may put that Friend on top of "
                  "its owner's deck instead.")
    assert ability.kind == "replacement"
    assert ability.trigger == Trigger("dismissed", subject=Selector("Friend", controller="you", where="here"),
                                      when="would")
    assert ability.effect == Effect("to-deck", target=Selector("that", ref="Friend"), values=values(to="top"),
                                    optional=True)


def test_a_reaction_waits_for_an_event():
    ability = one("Reaction: After you flip a card during a faceoff, ignore that card and flip a new card.",
                  card_type="Event")
    assert (ability.kind, ability.timing, ability.trigger.event, ability.trigger.when) == (
        "event", "Reaction", "flips", "after")
    assert [step.verb for step in ability.effect.chain()] == ["ignore", "flip"]


def test_at_the_start_of_a_phase():
    ability = one("At the start of your opponent's Troublemaker Phase, they exhaust one of their Resources.")
    assert ability.trigger == Trigger("phase-starts", values=values(whose="opponent", phase="troublemaker"),
                                      when="start")
    assert ability.effect.who == Selector("player", ref="they")


def test_any_player_may_activate():
    ability = one("Main Phase: Dismiss one of your Friends here to gain [1]. Any player may activate this ability.")
    assert ability.anyone and ability.cost == (
        Effect("dismiss", target=Selector("Friend", controller="you", where="here")),)
    assert ability.effect == Effect("gain", amount=Amount(1))


def test_every_word_read_is_in_the_vocabularies(db):
    """The reader only produces the model's words (or adds them to the model)."""
    def walk(value):
        if isinstance(value, Effect):
            assert value.verb in VERBS, value.verb
        elif isinstance(value, Trigger):
            assert value.event in EVENTS, value.event
        elif isinstance(value, Modifier):
            assert value.kind in MODIFIERS, value.kind
        elif isinstance(value, Condition):
            assert value.kind in CONDITIONS, value.kind
        if isinstance(value, tuple):
            for item in value:
                walk(item)
        elif hasattr(value, "__dataclass_fields__"):
            for name in value.__dataclass_fields__:
                walk(getattr(value, name))

    for card_id in theme_deck_cards(db):
        reading = read_card(db.by_id[card_id])
        walk(reading.front)
        walk(reading.boosted)


def test_chaos_tags_an_ability_that_works_when_the_card_is_flipped():
    assert one("Chaos: When this card is flipped, you lose the game.") == Ability(
        "triggered", timing="Chaos", trigger=Trigger("flips", subject=THIS_CARD),
        effect=Effect("lose", values=values(what="game")))


def test_choose_one_of_several_instructions():
    ability = one("Main Phase: Choose one: Draw 2 cards, banish a Friend with printed power of 2, or put a "
                  "Resource from your discard pile on top of your deck.", card_type="Event")
    assert ability.effect == Effect("choose", amount=Amount(1), choices=(
        Effect("draw", amount=Amount(2)),
        Effect("banish", target=Selector("Friend", filters=(("printed-power", "==2"),))),
        Effect("to-deck", target=Selector("Resource", zone="discard"), values=values(to="top"))))


def test_an_additional_cost_of_an_event():
    assert one("Main Phase: As an additional cost to play this card, discard 2 cards.", card_type="Event") == Ability(
        "event", timing="Main Phase", cost=(Effect("discard", target=Selector("card", count=Amount(2))),))


def test_a_problem_names_the_player_who_confronts_it():
    ability = one("When a player confronts this Problem, that player's opponent discards a card.")
    assert ability.trigger == Trigger("confronts", subject=THIS_CARD, values=values(by=Selector("player")))
    assert ability.effect == Effect("discard", target=Selector("card"),
                                    who=Selector("opponent", ref="that-player"))


def test_a_troublemaker_that_must_be_paid_for():
    ability = one("When this card is uncovered, its owner must pay [2] or dismiss it.")
    assert ability == Ability("triggered", trigger=Trigger("uncovered", subject=THIS_CARD),
                              effect=Effect("pay", amount=Amount(2), who=Selector("player", ref="owner"),
                                            values=values(unless_paid=Effect("dismiss", target=Selector("it")))))


def test_the_parts_of_an_ability_keep_their_words_and_places():
    ability = read("Play to your home.\nMain Phase: Exhaust this card to draw a card.")[1]
    assert (ability.part.line, ability.part.column) == (2, 1)
    cost, = ability.cost
    assert (cost.part.text, cost.part.line, cost.part.column) == ("Exhaust this card", 2, 13)
    assert ability.effect.part.text == "draw a card"


# -- keywords -------------------------------------------------------------------------

def test_keyword_meanings_come_from_the_glossary():
    meanings = keyword_meanings()
    assert meanings["Calming"] == ("When an opposing Friend enters play here, it gets -X power until the end "
                                   "of the turn.")
    assert "Home Limit" not in meanings and "Swift" in meanings


def test_a_keyword_with_its_x_means_the_glossary_text():
    ability, = read("", keywords=("Competitive 2", "Home Limit 3"))
    assert (ability.kind, ability.keyword, ability.x) == ("keyword", "Competitive", 2)
    assert ability.meaning == Ability("continuous", condition=Condition("involved", subject=THIS_CARD),
                                      modifier=Modifier("power", subject=THIS_CARD, amount=Amount(2)))


@pytest.mark.parametrize("name", sorted(keyword_meanings()))
def test_every_keyword_of_the_glossary_has_a_meaning_read_as_card_text(name):
    ability, = read("", keywords=(f"{name} 2",))
    assert ability.keyword == name and ability.meaning is not None
    assert ability.meaning.kind in ("triggered", "continuous", "replacement")


def test_random_is_once_per_faceoff():
    ability, = read("", keywords=("Random",))
    assert ability.meaning.limit == "once-per-faceoff"
    assert ability.meaning.trigger.event == "flips"
    assert [step.verb for step in ability.meaning.effect.chain()] == ["ignore", "flip"]


def test_a_paragraph_that_is_not_a_keyword_is_an_error():
    with pytest.raises(CardTextError) as caught:
        read("Timberwolf")
    assert "not a keyword" in str(caught.value)


def test_a_keyword_paragraph_is_a_keyword_ability():
    swift, _ = read("Swift\nWhen you play this card, draw a card.", side="boosted")
    assert (swift.kind, swift.keyword, swift.side) == ("keyword", "Swift", "boosted")


# -- errors -------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "When you play this card, draw a banana.",
    "Main Phase: [[[[ exhaust",
    "When you play this card, draw a card.\n\n",
    "\u2603\u00e9\u4e2d ]]] [",
    "When you play this card, draw a card. " * 400,
    "Main Phase: Pay [1] to " + "(" * 50,
    "\x00\x01",
])
def test_hostile_text_is_a_card_text_error(text):
    with pytest.raises(CardTextError) as caught:
        read(text)
    error = caught.value
    assert isinstance(error, SetupError)
    assert error.line >= 1 and error.column >= 1 and error.text == text
    assert f"line {error.line}, column {error.column}" in str(error)


def test_the_error_names_where_the_grammar_stopped():
    with pytest.raises(CardTextError) as caught:
        read("Play to your home.\nWhen you play this card, draw a card with a banana.")
    error = caught.value
    assert (error.line, error.column) == (2, 38)
    assert "\u2038with a banana" in str(error) and "'then'" in error.expected


def test_empty_text_has_no_abilities():
    assert read("") == ()


# -- cards ---------------------------------------------------------------------------------

def test_every_theme_deck_card_reads(db):
    cards = theme_deck_cards(db)
    assert len(cards) == 99
    unread = {card_id: str(read_card(db.by_id[card_id]).error) for card_id in cards
              if read_card(db.by_id[card_id]).error is not None}
    assert unread == {}


def test_a_mane_character_reads_both_sides(db):
    reading = read_card(db.by_id["rainbow-dash-flier-extraordinaire"])
    assert reading.error is None
    assert reading.front[0].effect == Effect("turn-over", target=THIS_CARD)
    assert reading.boosted[0].keyword == "Swift" and reading.boosted[0].side == "boosted"


def test_printed_and_current_text_of_a_card_with_an_erratum(db):
    changed = [card for card in db.cards
               if (current := current_text(card)).state == "printed" and current.erratum is not None
               and current.text != card.text]
    assert changed
    card = changed[0]
    now, then = read_card(card), read_card(card, printed=True)
    texts_now = [ability.text for ability in now.front or ()] if now.error is None else None
    texts_then = [ability.text for ability in then.front or ()] if then.error is None else None
    assert texts_now != texts_then or (now.error, then.error) != (None, None)
    if now.error is None:
        assert "\n".join(t for t in texts_now if t) in current_text(card).text


SAMPLE_FLOOR = 350
"""How many of every fourth card of the database read whole (a floor:
the grammar reads at least these; raise it as the grammar grows)."""


def test_a_sample_of_all_cards_reads_at_least_the_floor(db):
    sample = db.cards[::4]
    readings = [read_card(card) for card in sample]
    parsed = sum(reading.error is None for reading in readings)
    assert parsed >= SAMPLE_FLOOR, f"{parsed} of {len(sample)} cards read"
    for reading in readings:
        assert (reading.error is None) == (reading.front is not None)
        if reading.error is not None:
            assert reading.error.side in ("front", "boosted") and reading.error.line >= 1


def test_a_condition_without_a_subject_is_said_of_each_card_the_modifier_changes():
    honesty, = read("Your [Honesty] characters have +2 power while exhausted.")
    assert honesty.condition is None
    assert dict(honesty.modifier.subject.filters) == {"color": "orange", "status": "exhausted"}
    cake, = read("Your Mane Character has +1 power while at a Problem with this card.")
    assert cake.condition is None and cake.modifier.subject.where == "problem"
    assert dict(cake.modifier.subject.filters)["with"].noun == "self"
    well, = read("While involved in a Problem faceoff, this card's owner's Mane Character has +2 power.",
                 card_type="Problem")
    assert dict(well.modifier.subject.filters) == {"involved": True}
    assert well.condition.kind == "during" and well.condition.value("kind") == "problem"
    snails, = read("While this card is exhausted, your opponent needs +2 power to confront this card's Problem.")
    assert snails.condition.kind == "status" and snails.condition.subject.noun == "self", "said of this card"


def test_that_problem_after_while_this_card_is_at_a_problem_is_its_own():
    celestia, = read("While this card is at a Problem, each of your other [Kindness] characters at that Problem gets "
                     "+1 power.")
    assert celestia.modifier.subject.where == "here" and celestia.condition.kind == "at"
