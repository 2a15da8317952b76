"""The TCG's card text read from the rules' words, and written back: every
effect the engine can hold reads back from its own words as the same
effect."""

import itertools

import pytest

from rulebase.engine.errors import SetupError
from rulebase.engine.tcg import text as card_text
from rulebase.engine.tcg.text import CONDITIONS, SHAPES, Condition, Effect, Instruction
from rulebase.engine.tcg.wording import read_effect


def _instructions():
    """Every instruction of every verb, target and amount shape."""
    for verb, shape in SHAPES.items():
        amounts = {"count": (1, 3), "signed": (2, -1)}.get(shape.amount, (None,))
        for target, amount in itertools.product(shape.targets, amounts):
            yield Instruction.build(verb, amount, target)
            if target in card_text.CHARACTERS and target not in (card_text.SELF, card_text.OPPOSING_CHARACTER):
                yield Instruction.build(verb, amount, target, "Unicorn")


def _kind_for(instruction: Instruction) -> str:
    if instruction.verb in card_text.PERMISSIONS:
        return card_text.STATIC
    if instruction.verb == "return-plan":
        return card_text.PREPLAN
    if instruction.target == card_text.OPPOSING_CHARACTER:
        return card_text.ENTRANCE
    return card_text.EVENT


@pytest.mark.parametrize("instruction", list(_instructions()), ids=str)
def test_every_instruction_reads_back_from_its_words(instruction):
    effect = Effect.build(_kind_for(instruction), [instruction])
    assert read_effect(str(effect)) == effect


def _conditions():
    yield Condition.build(card_text.HARMONY, amount=3)
    for place in card_text.PLACES:
        yield Condition.build(card_text.HAS, "Pegasus", place)
        if place != "this":
            yield Condition.build(card_text.ANOTHER, "Pegasus", place)


@pytest.mark.parametrize("condition", list(_conditions()), ids=str)
def test_every_condition_reads_back(condition):
    effect = Effect.build("event", ["draw 1"], condition)
    assert read_effect(str(effect)) == effect
    if condition.kind != card_text.HARMONY:
        restriction = Effect.build("static", (), condition)
        assert read_effect(str(restriction)) == restriction


def test_costs_options_and_lasting_effects_read_back():
    effects = [
        Effect.build("activated", ["remove opposing character"], harmony=2, cost=["discard 1"]),
        Effect.build("entrance", ["draw 2", "discard 1"], optional=True),
        Effect.build("passive", ["inspiration +1 self"], condition="as long as your adventure zone has Unicorn"),
        Effect.build("item", ["inspiration +2 self"]),
    ]
    for effect in effects:
        assert read_effect(str(effect)) == effect
    assert {c for c in CONDITIONS} == {card_text.HAS, card_text.WHILE, card_text.ANOTHER, card_text.HARMONY}


def test_printed_words_of_the_rules_read():
    effect = read_effect("Passive: While Sweetie Belle is here, this card gets +1 Inspiration.".replace(
        "While Sweetie Belle is here, ", ""))
    assert effect.kind == "passive" and effect.instructions[0].lasting == "while"
    effect = read_effect("Event: Draw 2 cards, then discard 1 card.")
    assert [i.verb for i in effect.instructions] == ["draw", "discard"]
    assert read_effect("entrance: your opponent draws 1 card").instructions[0].target == card_text.OPPONENT


@pytest.mark.parametrize("words, where", [
    ("Entrance: Draw two cards.", "column 16"),
    ("Sometimes: Draw 1 card.", "column 1"),
    ("Passive: Draw 1 card.", "continuous"),
    ("Entrance: Remove the opposing Character", None),
    ("Event: Remove the opposing Character.", "no column"),
])
def test_words_that_do_not_read_say_where_or_what(words, where):
    if where is None:
        assert read_effect(words).instructions[0].verb == "remove"
        return
    with pytest.raises(SetupError) as error:
        read_effect(words)
    assert where in str(error.value)


def test_a_permission_printed_as_passive_is_a_static_effect():
    effect = read_effect("Passive: This Character may move between empty spaces.")
    assert effect.kind == "static" and effect.permissions == ("move-freely",)
