"""Printed cards (section II): what each type needs, copies by card number,
and the effects each type can have."""

import pytest

from rulebase.engine.errors import SetupError
from rulebase.engine.tcg.cards import CardType, Printed, parse_stage, parse_type
from rulebase.engine.tcg.text import Effect


def test_a_character_has_its_cost_inspiration_keywords_and_effects():
    card = Printed.build("Sweetie Belle", "character", number="MLP-001", cost=2, inspiration=3, keywords="Unicorn",
                         effects=[{"kind": "entrance", "instructions": ["draw 1"]}])
    assert card.type == CardType.CHARACTER and card.cost == 2 and card.inspiration == 3
    assert card.has_keyword("UNICORN") and not card.has_keyword("Pegasus")
    assert [index for index, _ in card.effects_of("entrance")] == [0] and card.effects_of("farewell") == []


def test_copies_are_known_by_card_number_and_versions_keep_it():
    regular = Printed.build("Lyra", "Character", number="MLP-007", cost=1, inspiration=2)
    foil = Printed.build("Lyra", "Character", number="MLP-007", cost=1, inspiration=2, version="foil")
    unnumbered = Printed.build("Lyra", "Character", cost=1, inspiration=2)
    assert regular.copy_key == foil.copy_key == "MLP-007" and unnumbered.copy_key == "Lyra"


@pytest.mark.parametrize("name, type_, fields, message", [
    ("Lost Scroll", "Event", {}, "needs its Harmony cost"),
    ("Lyra", "Character", {"cost": 1}, "needs its Inspiration"),
    ("Meadow", "Scene", {"cost": 1}, "has no Harmony cost"),
    ("Cape", "Item", {"cost": 1, "inspiration": 2}, "has no Inspiration"),
    ("Lyra", "Character", {"cost": 1, "inspiration": 2, "everyday": True}, "only Scenes are marked Everyday"),
    ("Quest", "Story", {"stage": 1}, "needs its main title and subtitle"),
    ("Quest: One", "Story", {}, "needs its Story stage"),
    ("Quest: One", "Story", {"stage": 5}, "not a Story stage"),
    ("Lyra", "Character", {"cost": 1, "inspiration": 2, "stage": 2}, "only Story cards have a stage"),
    ("Lyra", "Character", {"cost": -1, "inspiration": 2}, "whole number of at least 0"),
    ("Lyra", "Pony", {}, "not a card type"),
    ("Meadow", "Scene", {"effects": [Effect.build("entrance", ["draw 1"])]}, "can't have a entrance effect"),
    ("Cape", "Item", {"cost": 0, "effects": [Effect.build("static", ["move-freely"])]}, "only a Character may move"),
    ("Lyra", "Character", {"cost": 1, "inspiration": 2, "effects": [{"kind": "entrance"}]}, "effect 1: a entrance effect needs at least one instruction"),
    ("", "Character", {}, "a card needs a name"),
])
def test_a_card_without_what_its_type_needs_is_a_clear_error(name, type_, fields, message):
    with pytest.raises(SetupError, match=message):
        Printed.build(name, type_, **fields)


def test_story_cards_read_their_titles_and_stage_from_plain_words():
    card = Printed.build("Friendship Quest - The Long Night", "Story", stage="III")
    assert (card.title, card.subtitle, card.stage, card.stage_name) == ("Friendship Quest", "The Long Night", 3, "III")
    assert parse_stage(4) == 4 and parse_type("Main Characters") == CardType.MAIN_CHARACTER


def test_a_permission_is_found_on_the_static_effect_that_gives_it():
    card = Printed.build("Derpy", "Character", cost=1, inspiration=1, effects=[Effect.build("static", ["move-freely"])])
    assert card.permits("move-freely") is card.effects[0] and card.permits("any-copies") is None


def test_effects_are_read_from_their_words():
    card = Printed.build("Derpy", "Character", cost=1, inspiration=1, effects=["Entrance: Draw 1 card."])
    assert card.effects == (Effect.build("entrance", ["draw 1"]),)
    with pytest.raises(SetupError, match="Character 'Derpy', effect 1: can't read the effect at column"):
        Printed.build("Derpy", "Character", cost=1, inspiration=1, effects=["Entrance: Draw two cards."])
