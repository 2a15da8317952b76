"""Game concepts as units that can be switched off by their rule: a card
with an exhaustion counter (503.1) or frightened (504.2) is not ready."""

import pytest

from rulebase.engine.ccg import status
from rulebase.engine.ccg.board import Zone
from rulebase.engine.trace import CHECK

from .helpers import COMET, KITE, board_with, kinds


@pytest.mark.parametrize("off", [(), ("504.2",)])
def test_a_frightened_card_is_not_ready_unless_504_2_is_off(off):
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0),
                       (COMET, 0, Zone.PLAY, "home", 0), (KITE, 0, Zone.PLAY, "problem", 0))
    board.off = frozenset(off)
    ready, frightened, exhausted, problem = board.play
    frightened.frightened = frightened.face_down = True
    exhausted.exhausted = True
    assert status.is_ready(board, ready)
    assert status.is_ready(board, frightened) == bool(off)
    assert not status.is_ready(board, exhausted) and not status.is_ready(board, problem)
    assert kinds(board, "504.2") == ([] if off else [CHECK])


@pytest.mark.parametrize("off", [(), ("503.1",)])
def test_a_card_with_an_exhaustion_counter_is_not_ready_unless_503_1_is_off(off):
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.HAND, None, 0))
    board.off = frozenset(off)
    exhausted, in_hand = board.play[0], board.players[0].hand[0]
    exhausted.exhausted = True
    assert status.is_ready(board, exhausted) == bool(off)
    assert not status.is_ready(board, in_hand)
    assert kinds(board, "503.1") == ([] if off else [CHECK])
