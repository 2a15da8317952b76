import pytest

from rulebase.engine.ccg.actions import Action, decision, effect
from rulebase.engine.ccg.board import Area, Zone
from rulebase.engine.errors import ActionSyntaxError

TEXTS = [
    "p0 pass", "p1 play #4 at p0.problem", "p0 play #4 on #9", "p1 play #12", "p0 move #5 to p1.home",
    "p0 draw", "p0 rally #3", "p1 uncover #8", "p0 challenge #8", "p0 confront #2", "p1 send-home #5",
    "p0 dismiss #7", "p0 discard #1", "p1 retire #6", "p0 bottom #30", "p1 starting-problem #40",
    "p0 mulligan", "p1 keep", "p0 concede", "p0 continue", "p0 arrange p0.hand #3 #1 #2",
    "chance shuffle p1.problem-deck #3 #1", "chance first-player p0", "p0 effect frighten #4",
    "p1 effect move #4 to p0.problem", "p0 effect power #4 -2", "p0 effect counters #4 3", "p1 effect each-score 1",
]


@pytest.mark.parametrize("text", TEXTS)
def test_actions_print_and_parse_back(text):
    action = Action.parse(text)
    assert action.name() == text and Action.parse(repr(action)[14:-2]) == action


def test_fields_of_parsed_actions():
    move = Action.parse("p0 move #5 to p1.problem")
    assert (move.verb, move.player, move.card, move.area) == ("move", 0, 5, Area(1, "problem"))
    shuffle = Action.parse("chance shuffle p0.draw-deck #2 #1")
    assert shuffle.is_chance and shuffle.zone == Zone.DRAW_DECK and shuffle.order == (2, 1) and shuffle.owner == 0
    assert Action.parse("p1 concede").is_free and not Action.parse("p1 pass").is_free
    assert decision("rally", 0, card=3) == Action.parse("p0 rally #3")
    assert effect("gain", 1, amount=2) == Action.parse("p1 effect gain 2")


@pytest.mark.parametrize("text", ["", "p0", "x0 pass", "p0 fly", "p0 move #5", "p0 move #5 into p1.home",
                                  "p0 move 5 to p1.home", "p0 pass now", "p0 effect levitate #3",
                                  "p0 move #5 to p1.garden"])
def test_text_that_is_not_an_action_is_refused(text):
    with pytest.raises(ActionSyntaxError):
        Action.parse(text)


def test_an_action_takes_every_field_as_the_dataclass_declares_it_and_stays_frozen():
    import dataclasses
    import inspect

    declared = [(f.name, f.default) for f in dataclasses.fields(Action)]
    taken = [(p.name, p.default) for p in inspect.signature(Action).parameters.values()]
    assert taken == [(name, inspect.Parameter.empty if default is dataclasses.MISSING else default)
                     for name, default in declared]
    action = Action("move", 0, 5, area=Area(1, "problem"))
    assert action == Action.parse("p0 move #5 to p1.problem") and hash(action) == hash(Action.parse(str(action)))
    assert dataclasses.replace(action, card=6).card == 6
    with pytest.raises(dataclasses.FrozenInstanceError):
        action.card = 7
