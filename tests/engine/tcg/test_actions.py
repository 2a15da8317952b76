"""Actions print and parse back, and bad text is a clear error."""

import pytest

from rulebase.engine.errors import ActionSyntaxError
from rulebase.engine.tcg.actions import Action, decision, effect
from rulebase.engine.tcg.board import Zone

TEXTS = [
    "p0 pass", "p0 play #12 at middle paying #40 #41", "p0 play #13", "p1 play #14 on #7 paying #40",
    "p0 activate #7:1", "p0 activate #7:0 paying #40", "p0 move #7 to right", "p1 inspire #40", "p0 advance",
    "p0 disrupt", "p1 discard #5", "p0 target #9", "p0 space left", "p1 resolve #7:2", "p0 use #7:0",
    "p0 decline #7:0", "p1 concede", "p0 look p1.hand", "p1 count p0.main-deck", "p0 arrange p0.rest-zone #3 #1 #2",
    "p0 continue", "chance shuffle p0.main-deck #3 #1 #2", "chance cut p1.scene-deck 7", "chance first-player p1",
    "p0 effect draw 2", "p1 effect discard 1", "p0 effect inspiration #7 -2", "p0 effect inspiration #7 +1",
    "p0 effect tap #40", "p0 effect untap #40", "p0 effect remove #7", "p0 effect return #7",
    "p0 effect move #7 to left", "p0 effect plan", "p0 effect scene", "p0 effect look 3", "p0 effect reveal 1",
    "p0 effect shuffle",
]


@pytest.mark.parametrize("text", TEXTS)
def test_every_action_prints_as_it_parses(text):
    action = Action.parse(text)
    assert str(action) == text and Action.parse(repr(action)[len("Action.parse('"):-2]) == action


def test_the_parts_of_an_action():
    action = Action.parse("p1 arrange p1.rest-zone #3 #1")
    assert (action.player, action.zone, action.owner, action.order, action.is_free) == (1, Zone.REST, 1, (3, 1), True)
    assert Action.parse("chance cut p0.main-deck 4").is_chance and not Action.parse("p0 pass").is_free
    assert decision("play", 0, card=5, space=2) == Action.parse("p0 play #5 at right")
    assert effect("draw", 1, amount=2) == Action.parse("p1 effect draw 2")


@pytest.mark.parametrize("text, expected", [
    ("p0", "a player"), ("p9x pass", "a player (p0, p1 or chance) first"), ("p0 fly", "a verb"),
    ("p0 play 12", "play card placement payment"), ("p0 play #12 at top", "play card"),
    ("p0 effect sing", "an instruction"), ("p0 pass now", "nothing after p0 pass"),
    ("p0 play #1 paying", "play card"), ("p0 activate #7", "activate ability"), ("p0 look p1.attic", "look zone"),
])
def test_text_that_names_no_action_is_a_clear_error(text, expected):
    with pytest.raises(ActionSyntaxError, match="not an action") as error:
        Action.parse(text)
    assert expected in str(error.value)
    with pytest.raises(ActionSyntaxError):
        decision("fly", 0)
