"""Card text as data: effects, instructions and conditions, built from
plain values and words, with clear errors."""

import pytest

from rulebase.engine.errors import SetupError
from rulebase.engine.tcg.text import Condition, Effect, Instruction


def test_instructions_read_their_amount_target_keyword_and_lasting():
    assert Instruction.parse("draw 2") == Instruction("draw", 2, "you")
    assert Instruction.parse("discard 1 opponent") == Instruction("discard", 1, "opponent")
    assert Instruction.parse("inspiration +2 your character") == Instruction("inspiration", 2, "your character",
                                                                             lasting="turn")
    tapped = Instruction.parse("tap your character keyword Earth Pony")
    assert (tapped.target, tapped.keyword) == ("your character", "Earth Pony")
    assert Instruction.parse("remove the opposing character").target == "opposing character"
    assert str(Instruction.parse("inspiration -1 your other characters keyword Unicorn")) == \
        "your other Unicorn Characters get -1 Inspiration until end of turn"


@pytest.mark.parametrize("text, message", [
    ("fly 2", "not an instruction the engine knows"),
    ("draw 0", "at least 1"),
    ("plan 2", "takes no number"),
    ("draw 1 your character", "can't target"),
    ("inspiration +1 you", "can't target"),
    ("draw 1 keyword Unicorn", "a keyword narrows only a choice of Characters"),
    ("tap self while", "only Inspiration lasts"),
    ("", "an empty instruction"),
])
def test_an_instruction_the_engine_cant_carry_out_is_a_clear_error(text, message):
    with pytest.raises(SetupError, match=message):
        Instruction.parse(text)


def test_conditions_read_the_words_of_501_5_0_and_608_0_0():
    assert Condition.parse("if your adventure zone has Unicorn") == Condition("has", "Unicorn", "your adventure zone")
    assert Condition.parse("As long as your hand has a Pegasus") == Condition("as long as", "Pegasus", "your hand")
    assert Condition.parse("if there is another Unicorn in your adventure zone") == \
        Condition("another", "Unicorn", "your adventure zone")
    assert Condition.parse("if you paid Harmony with 3 different Scenes") == Condition("harmony", amount=3)
    with pytest.raises(SetupError, match="not a condition the engine knows"):
        Condition.parse("when it rains")
    with pytest.raises(SetupError, match="a condition checks one of"):
        Condition.build("has", "Unicorn", "the moon")


def test_effects_print_their_kind_cost_condition_and_instructions():
    activated = Effect.build("activated", ["remove opposing character"], harmony=2, cost=["discard 1"])
    assert str(activated) == "Activated (tap this Character, pay 2 Harmony, discard 1 card): Remove the opposing Character."
    assert str(Effect.build("static", condition="if your adventure zone has Pegasus")) == \
        "Static: Can only be played if your Adventure Zone has a Pegasus."
    item = Effect.build("item", ["inspiration +2 self"])
    assert item.instructions[0].lasting == "while" and str(item) == "Item: The equipped Character gets +2 Inspiration."
    assert str(Effect.build("inspire", ["inspiration +1 self"])).startswith("Inspire: Your Character in the Exchange")


@pytest.mark.parametrize("kind, fields, message", [
    ("sparkle", {"instructions": ["draw 1"]}, "not a kind of effect"),
    ("entrance", {"instructions": ["draw 1"], "harmony": 1}, "only an activated effect has a cost"),
    ("entrance", {"instructions": ["move-freely"]}, "is a permission"),
    ("static", {"instructions": ["draw 1"]}, "a static effect holds"),
    ("static", {}, "a static effect needs"),
    ("entrance", {"instructions": ["draw 1"], "condition": "as long as your hand has Unicorn"}, "continuous effect"),
    ("passive", {"instructions": ["draw 1"]}, "is not continuous"),
    ("passive", {"instructions": ["inspiration +1 your character"]}, "not to a chosen one"),
    ("item", {"instructions": ["inspiration +1 your characters"]}, "Item's effect applies"),
    ("passive", {"instructions": ["inspiration +1 self"], "condition": "if you paid harmony with 2 different scenes"},
     "Harmony requirement"),
])
def test_an_effect_that_cant_work_is_a_clear_error(kind, fields, message):
    with pytest.raises(SetupError, match=message):
        Effect.build(kind, **fields)


@pytest.mark.parametrize("kind", ["event", "story", "preplan", "discard", "farewell"])
def test_the_opposing_character_is_refused_in_effects_whose_card_has_no_column(kind):
    with pytest.raises(SetupError, match=f"a {kind} effect has no column, so no opposing Character"):
        Effect.build(kind, ["remove opposing character"])


def test_the_opposing_character_is_read_in_effects_of_a_character_in_a_space_or_an_exchange():
    for kind in ("entrance", "activated", "inspire"):
        assert Effect.build(kind, ["tap opposing character"]).instructions[0].target == "opposing character"
    for kind in ("passive", "item"):
        assert Effect.build(kind, ["inspiration -1 opposing character"]).instructions[0].target == "opposing character"
