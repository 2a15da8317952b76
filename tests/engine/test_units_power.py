"""A player's power (507.2) and a card's printed power (507.4) as units
that can be switched off by their rule."""

import pytest

from rulebase.engine.ccg import power
from rulebase.engine.ccg.board import Zone
from rulebase.engine.ccg.cards import Printed
from rulebase.engine.trace import ALLOWED, STEP

from .helpers import COMET, GEAR, board_with, kinds

ZERO = Printed.build("Zero", "Friend", colors=["blue"], power=0, cost=0)


@pytest.mark.parametrize("off", [(), ("507.2",)])
def test_a_players_power_is_the_combined_power_of_their_characters(off):
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "problem", 0),
                       (GEAR, 0, Zone.PLAY, "home", 0), (COMET, 1, Zone.PLAY, "home", 1))
    board.off = frozenset(off)
    assert power.player_power(board, 0) == 4
    assert kinds(board, "507.2") == []
    at_problem = [c for c in board.play if c.area == board.players[0].problem_area]
    assert power.power_of_player(board, 0, at_problem, where="Alice's problem") == (0 if off else 2)
    assert kinds(board, "507.2") == ([] if off else [STEP])


@pytest.mark.parametrize("off", [(), ("507.4",)])
def test_printed_power_ignores_the_modifiers_unless_507_4_is_off(off):
    board = board_with((ZERO, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0))
    board.off = frozenset(off)
    zero, comet = board.play
    zero.counters = 2
    assert power.printed_power_of(board, zero) == (2 if off else 0)
    assert power.printed_power_of(board, comet) == 2
    assert kinds(board, "507.4") == ([] if off else [ALLOWED])


@pytest.mark.parametrize("off", [(), ("708.1",)])
def test_a_definite_modifier_goes_on_affecting_the_power_unless_708_1_is_off(off):
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    board.off = frozenset(off)
    comet = board.cards[0]
    comet.modifiers.append(2)
    assert power.power(board, comet) == (2 if off else 4)
    assert kinds(board, "708.1") == []  # asked without explaining
    power.power_parts(board, comet)
    assert kinds(board, "708.1") == ([] if off else [ALLOWED])


def _equalizer(unchanging: bool) -> Printed:
    from rulebase.engine.ccg.abilities.model import Ability, Amount, Modifier, Selector, values

    friends = Selector("Friend", every=True, where="here")
    parts = (Modifier("power-equal", friends, Amount(2)),)
    if unchanging:
        parts += (Modifier("cant", friends, values=values(action="change-power")),)
    return Printed.build("Level Field", "Problem", owner_needs="2 blue", opponents_need=3, bonus=1, abilities=(
        Ability("continuous", "Friends here have 2 power.", modifier=Modifier(
            "all", friends, values=values(**{"all-of": parts}))),))


def _booster() -> Printed:
    from rulebase.engine.ccg.abilities.model import Ability, Amount, Modifier, Selector

    return Printed.build("Booster", "Friend", colors=["blue"], power=0, cost=0, abilities=(
        Ability("continuous", "Your other Friends here have +1 power.", modifier=Modifier(
            "power", Selector("Friend", every=True, controller="you", where="here", filters=(("other", True),)),
            Amount(1))),))


@pytest.mark.parametrize("off", [(), ("711.3",)])
def test_another_card_s_power_equal_applies_in_timestamp_order_unless_711_3_is_off(off):
    later = board_with((_equalizer(False), 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.PLAY, "problem", 0),
                       (_booster(), 0, Zone.PLAY, "problem", 0))
    earlier = board_with((_booster(), 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.PLAY, "problem", 0),
                         (_equalizer(False), 0, Zone.PLAY, "problem", 0))
    for board in (later, earlier):
        board.off = frozenset(off)
    # In timestamp order the booster's +1 is created after the Problem's 2 and adds to it; found in order (off),
    # the modifiers that only add come before the one making the power a number.
    assert power.power(later, later.play[1]) == (2 if off else 3)
    assert power.power(earlier, earlier.play[1]) == 2


@pytest.mark.parametrize("off", [(), ("104.2",)])
def test_a_card_that_can_t_gain_power_keeps_the_power_text_gives_it_unless_104_2_is_off(off):
    board = board_with((_equalizer(True), 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.PLAY, "problem", 0),
                       (_booster(), 0, Zone.PLAY, "problem", 0))
    board.off = frozenset(off)
    comet = board.play[1]
    comet.counters = 2
    assert power.power(board, comet) == (5 if off else 2)


def _general() -> Printed:
    from rulebase.engine.ccg.abilities.model import Ability, Amount, Modifier, Selector

    return Printed.build("General", "Friend", colors=["yellow"], power=2, cost=2, abilities=(
        Ability("continuous", "Opposing Friends with 3 or more printed power have -1 power.", modifier=Modifier(
            "power", Selector("Friend", every=True, controller="opponent", filters=(("printed-power", ">=3"),)),
            Amount(-1))),))


TRIO = Printed.build("Trio", "Friend", colors=["blue"], power=3, cost=3)


@pytest.mark.parametrize("off", [(), ("507.4",)])
def test_a_modifier_choosing_cards_by_printed_power_reads_it_without_working_their_power_out_again(off):
    """The selector of "Opposing Friends with 3 or more printed power have -1
    power" asks the printed power of each card whose power it changes: read
    without the modifiers (507.4), not by working that power out again.
    With the rule off, the power worked out so far stands for it."""
    board = board_with((_general(), 0, Zone.PLAY, "home", 0), (TRIO, 1, Zone.PLAY, "home", 1),
                       (COMET, 1, Zone.PLAY, "home", 1))
    board.off = frozenset(off)
    _general_card, trio, comet = board.play
    comet.counters = 1
    assert power.power(board, trio) == 2
    assert power.power(board, comet) == (2 if off else 3)
    assert power.power_parts(board, trio)[0] == 2
    assert kinds(board, "507.4") == ([] if off else [ALLOWED])  # Comet's printed 2, not the 3 its counter makes


def test_a_power_before_a_timestamp_reads_printed_power_as_the_power_does_and_leaves_nothing_being_worked_out():
    board = board_with((_general(), 0, Zone.PLAY, "home", 0), (TRIO, 1, Zone.PLAY, "home", 1))
    trio = board.play[1]
    assert power.power_before(board, trio, (99, True)) == 2
    assert power.power_parts(board, trio, explain=False)[0] == 2
    assert not power._WORKING  # nothing left behind as the powers are worked out
