"""The words card text names an area with (501.4 "here", 501.5 "there")
and the triggers of a card being moved (506.1c), each a unit that can be
switched off by its rule."""

import pytest

from rulebase.engine.ccg import areas, moving
from rulebase.engine.ccg.board import Zone
from rulebase.engine.trace import CHECK, STEP

from .helpers import COMET, board_with, kinds


def test_here_is_the_area_of_the_card_the_text_is_on():
    board = board_with((COMET, 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.PLAY, "problem", 0),
                       (COMET, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.HAND, None, 0))
    source, beside, elsewhere = board.play
    assert areas.is_here(board, source, beside)
    assert not areas.is_here(board, source, elsewhere)
    assert kinds(board, "501.4") == [CHECK]
    in_hand = board.players[0].hand[0]
    assert not areas.is_here(board, in_hand, beside)
    assert "not in play" in areas.here.verdict(board, in_hand, beside)


def test_with_501_4_off_here_names_no_area_and_limits_nothing():
    board = board_with((COMET, 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.PLAY, "home", 0))
    board.off = frozenset({"501.4"})
    source, elsewhere = board.play
    assert areas.is_here(board, source, elsewhere)
    assert kinds(board, "501.4") == []


@pytest.mark.parametrize("off", [(), ("501.5",)])
def test_there_is_the_area_the_text_specifies(off):
    board = board_with((COMET, 0, Zone.PLAY, "problem", 1), (COMET, 0, Zone.PLAY, "problem", 0))
    board.off = frozenset(off)
    at_bobs, at_alices = board.play
    bobs_problem = board.players[1].problem_area
    assert areas.is_there(board, bobs_problem, at_bobs)
    assert areas.is_there(board, bobs_problem, at_alices) == bool(off)
    assert areas.is_there(board, None, at_bobs) == bool(off)


@pytest.mark.parametrize("off", [(), ("506.1c",)])
def test_moving_a_card_announces_it_to_the_abilities_that_trigger_on_it_unless_506_1c_is_off(off):
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    board.off = frozenset(off)
    comet = board.play[0]
    moving.move(board, comet, board.players[1].problem_area)
    assert comet.area == board.players[1].problem_area
    moved = [e for e in getattr(board, "events", None) or [] if e.event == "moved"]
    assert len(moved) == (0 if off else 1)
    if not off:
        assert moved[0].get("card") is comet and moved[0].get("from") == board.players[0].home
    assert kinds(board, "506.1c") == ([] if off else [STEP])
