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
