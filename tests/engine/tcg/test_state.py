"""The game and its states: seeded random games run to an end with every
invariant holding, replay and clone exactly, and a game can start from a
board set up by hand, at a phase or from the setup."""

import copy
import random

import pytest

from rulebase.engine.errors import GameOver, IllegalAction
from rulebase.engine.game import CHANCE, TERMINAL
from rulebase.engine.policy import RandomPolicy, ScriptedPolicy, play
from rulebase.engine.tcg import invariants
from rulebase.engine.tcg.actions import Action
from rulebase.engine.tcg.board import Zone
from rulebase.engine.tcg.decide import CHECKPOINT
from rulebase.engine.tcg.deck import random_deck, sample_decks
from rulebase.engine.tcg.setup import new_board
from rulebase.engine.tcg.state import TCGGame, TCGState
from rulebase.engine.trace import Trace

from .helpers import BELLE, at_phase, board_with


def test_seeded_random_games_run_to_an_end_with_every_invariant_holding():
    steps = 0
    for seed in range(8):
        decks = [random_deck(random.Random(seed)), random_deck(random.Random(seed + 100))]
        state = TCGGame(decks=decks, turn_limit=80, trace=seed % 2 == 0).new_initial_state()
        policy = RandomPolicy(seed)
        invariants.check(state.board, full_decks=True)
        while not state.is_terminal():
            legal = state.legal_actions()
            assert state.is_chance_node() or (legal and len(set(legal)) == len(legal))
            state.apply_action(policy(state))
            invariants.check(state.board, full_decks=True)
            steps += 1
        assert state.outcome() is not None and state.current_player() == TERMINAL
    assert steps > 300
    with pytest.raises(GameOver):
        state.apply_action(Action("pass", 0))


def test_a_game_replays_from_its_actions_and_a_clone_is_independent():
    game = TCGGame(decks=sample_decks(), turn_limit=60)
    state = play(game.new_initial_state(), RandomPolicy(9))
    chosen = [applied.action for applied in state.history if not applied.automatic]
    again = play(game.new_initial_state(), ScriptedPolicy(chosen))
    assert again.outcome() == state.outcome() and again.actions() == state.actions()
    assert [str(step) for step in again.trace] == [str(step) for step in state.trace]
    middle = game.new_initial_state()
    play(middle, RandomPolicy(9), max_actions=len(state.history) // 2)
    assert not middle.is_terminal()
    twin = middle.clone()
    assert twin.actions() == middle.actions() and twin.board is not middle.board
    action = twin.legal_actions()[-1] if not twin.is_chance_node() else twin.sample_chance(random.Random(1))
    twin.apply_action(action)
    assert len(twin.history) > len(middle.history) and middle.actions() == middle.clone().actions()


def test_a_refused_action_leaves_the_state_as_it_was():
    board = board_with((BELLE, 0, Zone.HAND, None))
    state = at_phase(board)
    before = (copy.deepcopy([(c.zone, c.space) for c in board.cards]), len(state.history))
    with pytest.raises(IllegalAction) as refused:
        state.apply_action(Action("play", 0, board.players[0].hand[0].id, space=0))
    assert refused.value.rule == "403.0.0" and refused.value.unit.endswith("can_pay")
    assert ([(c.zone, c.space) for c in board.cards], len(state.history)) == before
    with pytest.raises(IllegalAction, match=r"^401\.0\.0: 'p0 pass' is not an action"):
        state.apply_action("p0 pass")


def test_a_board_set_up_by_hand_starts_at_the_setup_or_at_a_phase_with_checkpoints():
    board = new_board(["Ann", "Ben"], sample_decks(), Trace())
    state = TCGState.from_board(board, None)
    assert state.current_player() == CHANCE and state.pending.kind == "shuffle Ann's main deck"
    with pytest.raises(ValueError, match="not a phase"):
        TCGState.from_board(board, "lunch")
    board = board_with((BELLE, 0, Zone.HAND, None), (BELLE, 0, Zone.MAIN_DECK, None), (BELLE, 1, Zone.MAIN_DECK, None))
    state = TCGState.from_board(board, "start", checkpoints=True)
    pauses = []
    while state.pending is not None and len(pauses) < 9:
        request = state.pending
        if request.kind == CHECKPOINT:
            pauses.append(request.data["where"])
        state.apply_action(request.default() if request.default else request.legal()[0])
    assert pauses[:5] == ["start", "main", "exchange", "end", "end of turn"]


def test_describing_actions_and_observing_the_game():
    board = board_with((BELLE, 0, Zone.HAND, None))
    state = at_phase(board)
    belle = board.players[0].hand[0]
    assert state.describe(Action("play", 0, belle.id, space=1)) == "play Sweetie Belle at the middle space"
    assert state.describe(Action.parse(f"p0 effect inspiration #{belle.id} +2")) == \
        "by card text, inspiration Sweetie Belle +2"
    assert state.observation(1)["players"]["Alice"]["zones"]["hand"] == 1
