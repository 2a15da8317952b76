"""The conditions of card text (:mod:`rulebase.engine.ccg.abilities.conditions`):
what a condition kind judges, and what makes a condition not executable."""

from rulebase.engine.ccg.abilities import conditions, resolve
from rulebase.engine.ccg.abilities.model import Ability, Condition, Modifier, Selector, values
from rulebase.engine.ccg.board import Zone
from rulebase.engine.ccg.cards import Printed

from ..helpers import COMET, board_with

SKY_MANE = Printed.build("Sky Mane", "Mane Character", colors=["blue"], power=1, home_limit=3)
ORCHARD_MANE = Printed.build("Orchard Mane", "Mane Character", colors=["orange"], power=1, home_limit=3)
YOUR_MANE = Selector("Mane Character", controller="you")
BLUE_MANE = Condition("color", YOUR_MANE, values(color="blue"))
HAT = Printed.build("Blue Hat", "Resource", cost=1, host="Friend", abilities=(
    Ability("continuous", "That Friend is also [Loyalty].",
            modifier=Modifier("color", Selector("host"), values=values(color="blue", also=True))),))


def _holds(board, condition, controller=0):
    card = board.play[-1]
    return conditions.holds(board, resolve.Context(board=board, card=card, controller=controller), condition)


def test_a_color_condition_holds_only_for_a_card_of_that_color():
    blue = board_with((SKY_MANE, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0))
    orange = board_with((ORCHARD_MANE, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0))
    assert _holds(blue, BLUE_MANE)
    assert not _holds(orange, BLUE_MANE)


def test_a_color_condition_does_not_hold_without_the_card_it_names():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    assert not _holds(board, BLUE_MANE)


def test_a_color_condition_sees_a_color_text_gives_the_card():
    plain = Printed.build("Plain", "Friend", power=1, cost=1)
    board = board_with((plain, 0, Zone.PLAY, "home", 0), (HAT, 0, Zone.PLAY, "home", 0))
    friend, hat = board.play
    hat.host = friend
    it = Condition("color", Selector("Friend", controller="you"), values(color="blue"))
    assert _holds(board, it)
    hat.host = None
    assert not _holds(board, it)


def test_a_color_condition_is_executable_only_for_a_color():
    assert conditions.executable(BLUE_MANE) is None
    assert conditions.executable(Condition("color", YOUR_MANE, values(color="plaid"))) == "the color 'plaid'"


def test_a_power_higher_than_any_other_condition_compares_with_each_other_card():
    from rulebase.engine.ccg.abilities.model import THIS_CARD

    strong = Printed.build("Strong", "Friend", colors=["blue"], power=4, cost=1)
    others = Selector("Friend", where="here", filters=(("other", True),))
    highest = Condition("power-than-any", THIS_CARD, values(compare=">", than=others))
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (strong, 0, Zone.PLAY, "home", 0))
    comet, card = board.play
    context = resolve.Context(board=board, card=card, controller=0)
    assert conditions.holds(board, context, highest)
    comet.counters = 2
    assert not conditions.holds(board, context, highest)
    assert conditions.executable(highest) is None
    assert conditions.executable(Condition("power-than-any", THIS_CARD, values(compare="~", than=others))) == \
        "the comparison '~' of powers"
