"""Ending the game (104.0.0): a win, a draw when both players meet a win
condition at the same time, conceding, and the turn limit of a simulation."""

from rulebase.engine.game import Outcome, Termination
from rulebase.engine.tcg.actions import Action
from rulebase.engine.tcg.board import Zone
from rulebase.engine.tcg.cards import Printed
from rulebase.engine.tcg.decide import CHECKPOINT
from rulebase.engine.tcg.text import Effect

from .helpers import SCOOT, at_phase, board_with, card_named, texts


def test_both_players_meeting_a_win_condition_in_one_resolution_is_a_draw():
    drought = Printed.build("Drought", "Event", cost=0, effects=[Effect.build("event", ["draw 1", "draw 1 opponent"])])
    board = board_with((drought, 0, Zone.HAND, None))
    state = at_phase(board)
    state.apply_action(Action("play", 0, card_named(board, "Drought").id))
    assert state.outcome() == Outcome(Termination.DRAW, None) and state.returns() == [0.0, 0.0]
    assert texts(board, "104.0.0") == [
        "both players meet a win condition at the same time (Alice by 104.2.0; Bob by 104.2.0): the game is a draw"]
    board = board_with((drought, 0, Zone.HAND, None))
    board.off = frozenset({"104.0.0"})
    state = at_phase(board)
    state.apply_action(Action("play", 0, card_named(board, "Drought").id))
    assert not state.is_terminal()


def test_a_player_may_concede_at_any_decision():
    board = board_with((SCOOT, 0, Zone.HAND, None))
    state = at_phase(board)
    state.apply_action(Action("concede", 1))
    assert state.outcome() == Outcome(Termination.CONCESSION, 0) and state.returns() == [1.0, -1.0]
    assert texts(board, "104.0.0") == ["Bob concedes: the game ends and Alice wins"]


def test_the_turn_limit_cuts_a_game_short_without_a_winner():
    board = board_with(*[(SCOOT, player, Zone.MAIN_DECK, None) for player in (0, 1) for _ in range(5)], turn=3)
    board.turn_limit = 4
    state = at_phase(board, "start", checkpoints=False)
    assert state.outcome() == Outcome(Termination.TURN_LIMIT, None)
    assert board.turn.number == 5 and board.trace.steps[-1].rule == "104.0.0"
    board = board_with(*[(SCOOT, player, Zone.MAIN_DECK, None) for player in (0, 1) for _ in range(5)], turn=3)
    state = at_phase(board, "start")
    assert state.pending.kind == CHECKPOINT
