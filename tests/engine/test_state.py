import copy
import random

import pytest

from rulebase.engine.ccg.actions import Action
from rulebase.engine.ccg.board import Area, Zone
from rulebase.engine.ccg.decks import sample_decks
from rulebase.engine.ccg.state import CCGGame, CCGState
from rulebase.engine.errors import GameOver, IllegalAction
from rulebase.engine.game import CHANCE, TERMINAL, Outcome, Termination
from rulebase.engine.policy import RandomPolicy, ScriptedPolicy, play

from .helpers import COMET, KITE, RUNNER, board_with, main_phase


def test_outcome_and_returns():
    assert Outcome(Termination.WIN, 1).returns(2) == [-1.0, 1.0]
    assert Outcome(Termination.TURN_LIMIT, None).returns(2) == [0.0, 0.0]


def test_a_refused_move_names_the_rule_and_leaves_the_state_unchanged():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    state = main_phase(board, tokens=4)
    comet = board.play[0]
    assert state.current_player() == 0
    with pytest.raises(IllegalAction) as refused:
        state.apply_action(Action("move", 0, comet.id, area=Area(0, "home")))
    assert str(refused.value) == "506.2: a card can't be moved to its current area (Alice's home)"
    assert refused.value.rule == "506.2" and board.players[0].tokens == 4 and comet.area == Area(0, "home")
    state.apply_action(Action("move", 0, comet.id, area=Area(1, "problem")))
    assert comet.area == Area(1, "problem") and board.players[0].tokens == 2
    assert state.current_player() == 0 and board.turn.phase == "main"


def test_legal_actions_of_the_main_phase_are_all_accepted():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (RUNNER, 0, Zone.HAND, None, 0), (KITE, 0, Zone.PLAY, "problem", 0),
                       (COMET, 0, Zone.DRAW_DECK, None, 0))
    state = main_phase(board, tokens=2)
    actions = state.legal_actions()
    verbs = {action.verb for action in actions}
    assert {"pass", "play", "move", "draw"} <= verbs
    for action in actions:
        state.clone().apply_action(action)


def test_an_action_out_of_turn_is_refused_by_the_rule_that_forbids_it():
    board = board_with((COMET, 1, Zone.PLAY, "home", 1), (COMET, 0, Zone.PLAY, "home", 0))
    state = main_phase(board, tokens=2)
    board.players[1].tokens = 2
    assert state.current_player() == 0
    with pytest.raises(IllegalAction, match=r"^609\.1: "):
        state.apply_action(Action("move", 1, 0, area=Area(1, "problem")))
    with pytest.raises(IllegalAction, match=r"^705\.1: "):
        state.apply_action("p1 pass")


def test_concede_ends_the_game_and_no_action_follows():
    state = main_phase(board_with((COMET, 0, Zone.PLAY, "home", 0)))
    state.apply_action(Action("concede", 1))
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.outcome() == Outcome(Termination.CONCESSION, 0) and state.returns() == [1.0, -1.0]
    with pytest.raises(GameOver):
        state.apply_action(Action("pass", 0))


def test_a_game_starts_with_chance_and_replays_exactly_from_its_actions():
    game = CCGGame(decks=sample_decks(), turn_limit=60)
    state = game.new_initial_state()
    assert state.current_player() == CHANCE and state.legal_actions() == []
    play(state, RandomPolicy(11))
    assert state.is_terminal()
    chosen = [applied.action for applied in state.history if not applied.automatic]
    again = play(game.new_initial_state(), ScriptedPolicy(chosen))
    assert again.outcome() == state.outcome()
    assert [p.score for p in again.board.players] == [p.score for p in state.board.players]
    assert again.actions() == state.actions()


def test_clone_is_independent_and_equal():
    state = CCGGame(decks=sample_decks()).new_initial_state()
    policy = RandomPolicy(3)
    for _ in range(60):
        state.apply_action(policy(state))
    twin = state.clone()
    assert twin.actions() == state.actions()
    assert [c.zone for c in twin.board.cards] == [c.zone for c in state.board.cards]
    twin_policy = copy.deepcopy(policy)
    twin.apply_action(twin_policy(twin))
    assert len(twin.history) > len(state.history) or twin.actions() != state.actions()


def test_a_wrong_shuffle_is_refused():
    state = CCGGame(decks=sample_decks()).new_initial_state()
    state.apply_action(state.sample_chance(random.Random(0)))
    assert state.pending.kind.startswith("shuffle")
    good = state.sample_chance(random.Random(1))
    with pytest.raises(IllegalAction, match="102.3"):
        state.apply_action(Action("shuffle", -1, order=good.order[1:], zone=good.zone, owner=good.owner))
    state.apply_action(good)


def test_a_scenario_state_replays_from_its_board():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    state = main_phase(board, tokens=2)
    state.apply_action(Action("move", 0, 0, area=Area(1, "problem")))
    twin = state.clone()
    assert isinstance(twin, CCGState) and twin.board is not state.board
    assert twin.board.cards[0].area == Area(1, "problem") == state.board.cards[0].area
    assert twin.board.players[0].tokens == state.board.players[0].tokens
    assert (twin.board.turn.number, twin.board.turn.player) == (state.board.turn.number, state.board.turn.player)
