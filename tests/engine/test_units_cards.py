"""Rules of a card's printed information as card text meets them, each a
unit that can be switched off by its rule: a card adding its power to
another adds no colors (203.3)."""

import pytest

from rulebase.engine.ccg import cards
from rulebase.engine.ccg.board import Zone
from rulebase.engine.ccg.cards import Color, Printed
from rulebase.engine.errors import IllegalAction
from rulebase.engine.trace import ALLOWED, CHECK

from .helpers import COMET, KITE, PEST, board_with, kinds

COLORLESS = Printed.build("Helper", "Friend", colors=[], power=2, cost=2)


def test_a_card_adding_its_power_adds_none_of_its_colors():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    assert cards.colors_added(board, board.play[0]) == ()
    assert kinds(board, "203.3") == [ALLOWED]


def test_with_203_3_off_a_card_adds_its_colors_with_its_power():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    board.off = frozenset({"203.3"})
    assert cards.colors_added(board, board.play[0]) == (Color.BLUE,)
    assert kinds(board, "203.3") == []


def test_a_card_without_colors_adds_none_and_the_rule_decides_nothing():
    board = board_with((COLORLESS, 0, Zone.PLAY, "home", 0))
    assert cards.colors_added(board, board.play[0]) == ()
    assert kinds(board, "203.3") == []


def test_problems_have_no_power_so_nothing_changes_it():
    board = board_with((KITE, 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.PLAY, "home", 0))
    problem, friend = board.play
    with pytest.raises(IllegalAction, match="202.2"):
        cards.problems_have_no_power(board, problem)
    assert cards.problems_have_no_power.allows(board, friend)
    board.off = frozenset({"202.2"})
    assert cards.problems_have_no_power.allows(board, problem)


def test_this_problems_deck_is_its_owners():
    board = board_with((KITE, 1, Zone.PLAY, "problem", 1))
    problem = board.play[0]
    assert cards.problem_deck_of(board, problem, 0) == 1
    assert kinds(board, "303.2") == [ALLOWED]


def test_with_303_2_off_this_problems_deck_is_the_readers():
    board = board_with((KITE, 1, Zone.PLAY, "problem", 1))
    board.off = frozenset({"303.2"})
    assert cards.problem_deck_of(board, board.play[0], 0) == 0
    assert kinds(board, "303.2") == []


def test_text_is_read_from_its_controllers_perspective_recorded_once():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    card = board.play[0]
    assert cards.perspective_of(board, card) == 0
    assert kinds(board, "513.5") == []
    card.controller = 1
    assert cards.perspective_of(board, card) == 1
    assert cards.perspective_of(board, card) == 1
    assert kinds(board, "513.5") == [ALLOWED]


def test_with_513_5_off_text_is_read_from_its_owners_perspective():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    board.off = frozenset({"513.5"})
    card = board.play[0]
    card.controller = 1
    assert cards.perspective_of(board, card) == 0
    assert kinds(board, "513.5") == []


def test_a_modifier_is_controlled_by_the_controller_of_the_card_creating_it():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (COMET, 1, Zone.PLAY, "home", 1))
    source, affected = board.play
    assert cards.modifier_controller(board, 1, source, affected) == 0
    assert cards.modifier_controller(board, 1, None, affected) == 1
    assert kinds(board, "513.3") == [ALLOWED, ALLOWED]


def test_with_513_3_off_a_modifier_is_read_as_the_affected_cards_controllers():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (COMET, 1, Zone.PLAY, "home", 1))
    board.off = frozenset({"513.3"})
    source, affected = board.play
    assert cards.modifier_controller(board, 0, source, affected) == 1
    assert kinds(board, "513.3") == []


def test_zero_is_even_by_105_3_and_neither_without_it():
    board = board_with()
    assert cards.is_even(board, 4) and not cards.is_even(board, 3)
    assert kinds(board, "105.3") == []
    assert cards.is_even(board, 0)
    assert kinds(board, "105.3") == [ALLOWED]
    board.off = frozenset({"105.3"})
    assert not cards.is_even(board, 0)


def test_a_mane_troublemaker_or_problem_has_no_cost_to_compare_and_a_friend_its_printed_one():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (PEST, 1, Zone.PLAY, "problem", 0),
                       (KITE, 0, Zone.PLAY, "problem", 0))
    comet, pest, kite = board.play
    assert cards.cost_compared(board, comet) == 2 and kinds(board, "204.1a") == []
    assert cards.cost_compared(board, pest) is None and cards.cost_compared(board, kite) is None
    assert kinds(board, "204.1a") == [CHECK, CHECK]


def test_with_204_1a_off_a_card_without_a_printed_cost_counts_as_cost_zero():
    board = board_with((PEST, 1, Zone.PLAY, "problem", 0))
    board.off = frozenset({"204.1a"})
    assert cards.cost_compared(board, board.play[0]) == 0
    assert kinds(board, "204.1a") == []
