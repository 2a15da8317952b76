"""Deck construction (102.0.0-102.1.3): each rule refuses the deck that
breaks it, Everyday Scenes and cards allowed in any number are exempt
from the copies rule, and random decks are legal."""

import random
from dataclasses import replace

import pytest

from rulebase.engine.errors import IllegalDeck
from rulebase.engine.rulebook import Table
from rulebase.engine.tcg import deck as decks
from rulebase.engine.tcg.cards import Printed
from rulebase.engine.tcg.deck import Deck, random_deck, sample_decks, violations
from rulebase.engine.tcg.text import Effect
from rulebase.engine.tcg.wording import read_effect


def legal() -> Deck:
    return random_deck(random.Random(5), "Test")


def test_random_and_sample_decks_are_legal_and_varied():
    for seed in range(20):
        deck = random_deck(random.Random(seed))
        assert violations(deck) == [], seed
    kinds = {effect.kind for deck in sample_decks() for card in deck.cards() for effect in card.effects}
    assert {"entrance", "event", "item", "inspire", "story"} <= kinds
    assert sample_decks()[0].main == sample_decks()[0].main


def test_every_effect_of_random_decks_reads_back_from_the_words_it_prints():
    for seed in range(10):
        for card in random_deck(random.Random(seed)).cards():
            for effect in card.effects:
                assert read_effect(str(effect)) == effect, str(effect)


def _refused(deck: Deck, table=None) -> tuple[str, str]:
    with pytest.raises(IllegalDeck) as refused:
        decks.check(deck, table)
    return refused.value.rule, refused.value.reason


def test_each_part_of_the_game_deck_has_its_size_and_types():
    deck = legal()
    assert _refused(replace(deck, main=deck.main[:49]))[0] == "102.0.0"
    scene = deck.scenes[0]
    assert _refused(replace(deck, main=deck.main[:49] + [scene]))[1].endswith(
        "the Main Deck includes Character, Event and Item cards")
    assert _refused(replace(deck, scenes=deck.scenes[:14]))[1] == "Test's Scene Deck has 14 cards: it must have 15"
    assert _refused(replace(deck, scenes=deck.scenes[:14] + [deck.main[0]]))[0] == "204.0.0"
    assert _refused(replace(deck, story=deck.story[:3]))[0] == "102.0.0"
    assert _refused(replace(deck, main_character=None))[1] == "Test has no Main Character card"
    table = Table()
    assert _refused(replace(deck, main_character=deck.story[0]), table)[0] == "102.0.0"
    assert [str(step) for step in table.trace if step.rule == "205.0.0"] == [
        f"205.0.0: {deck.story[0].name} is a Story: it can't represent Test as their Main Character"]
    decks.check(replace(deck, main_character=None), Table(off={"205.0.0"}))


def test_no_more_than_four_copies_by_card_number_and_foil_versions_count_together():
    deck = legal()
    card = deck.main[0]
    others = [c for c in deck.main if c.copy_key != card.copy_key]
    five = replace(deck, main=others[:45] + [card] * 5)
    assert _refused(five)[0] == "102.1.0"
    foil = replace(card, version="foil")
    mixed = replace(deck, main=others[:45] + [card] * 3 + [foil] * 2)
    rule, reason = _refused(mixed)
    assert rule == "102.1.1" and "foil" in reason
    table = Table(off={"102.1.1"})
    decks.check(mixed, table)
    within = replace(deck, main=others[:46] + [card] * 2 + [foil] * 2)
    table = Table()
    decks.check(within, table)
    assert [str(step) for step in table.trace if step.rule == "102.1.1"] == [
        f"102.1.1: Test includes 4 copies of {card.name} ({card.copy_key}) counting its versions (foil, regular) as the "
        "same card: no more than 4"]


def test_everyday_scenes_and_cards_allowed_in_any_number_are_exempt():
    deck = legal()
    everyday = [card for card in deck.scenes if card.everyday][0]
    many = replace(deck, scenes=[everyday] * 15)
    table = Table()
    decks.check(many, table)
    assert [step.rule for step in table.trace] == ["glossary/everyday-scene", "102.1.2"]
    assert _refused(many, Table(off={"102.1.2"}))[0] == "102.1.0"
    assert _refused(many, Table(off={"glossary/everyday-scene"}))[0] == "102.1.0"
    swarm = Printed.build("Parasprite", "Character", number="P-1", cost=0, inspiration=1,
                          effects=[Effect.build("static", ["any-copies"])])
    others = [c for c in deck.main if c.copy_key != swarm.copy_key]
    swarmed = replace(deck, main=others[:40] + [swarm] * 10)
    table = Table()
    decks.check(swarmed, table)
    assert [str(step) for step in table.trace] == [
        "101.1.0: Parasprite's effect (Static: A deck may include any number of this card.) contradicts 102.1.0 (no "
        "more than 4 copies of any single card (same card number) may be included in a deck): the card effect takes "
        "precedence"]
    assert _refused(swarmed, Table(off={"101.1.0"}))[0] == "102.1.0"


def test_the_four_story_cards_share_a_title_with_different_subtitles_and_stages():
    deck = legal()
    other = Printed.build("Other Tale: A New Friend", "Story", stage=1)
    assert _refused(replace(deck, story=[other] + [c for c in deck.story if c.stage != 1]))[0] == "102.1.3"
    twice = [c for c in deck.story if c.stage != 2] + [replace([c for c in deck.story if c.stage == 1][0])]
    rule, reason = _refused(replace(deck, story=twice))
    assert rule == "102.1.3" and "different subtitles" in reason
    same_stage = [replace(c, stage=1) if c.stage == 2 else c for c in deck.story]
    assert "one each of Stages I, II, III and IV" in _refused(replace(deck, story=same_stage))[1]
    assert len(violations(replace(deck, story=same_stage, main=deck.main[:10]))) == 2
