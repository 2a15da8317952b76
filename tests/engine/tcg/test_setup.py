"""Starting the game (103.0.0): shuffles and cuts as chance actions, the
Story placed in order, who goes first, five-card hands, a Plan on each
stage and the first Scene."""

import random

import pytest

from rulebase.engine.errors import IllegalAction, IllegalDeck
from rulebase.engine.game import CHANCE
from rulebase.engine.tcg.actions import Action
from rulebase.engine.tcg.board import Zone
from rulebase.engine.tcg.deck import sample_decks
from rulebase.engine.tcg.state import TCGGame

from .helpers import texts


def _through_the_setup(state, rng=None):
    while state.is_chance_node():
        request = state.pending
        state.apply_action(request.sample(rng) if rng else request.default())
    return state


def test_the_setup_deals_hands_plans_and_a_scene_and_places_the_story_in_order():
    state = _through_the_setup(TCGGame(decks=sample_decks()).new_initial_state())
    board = state.board
    for player in board.players:
        assert len(player.hand) == 5 and len(player.main_deck) == 41 and len(player.scene_deck) <= 14
        assert [card.printed.stage for card in player.story] == [1, 2, 3, 4] and player.stage == 0
        assert all(plan is not None and plan.face_down for plan in player.plans)
        assert len(player.scenes) >= 1 and not player.scenes[0].face_down
    rules = [step.rule for step in board.trace if step.rule]
    assert rules.index("103.1.0") < rules.index("103.2.0") < rules.index("103.3.0") < rules.index("103.4.0")
    assert "glossary/cut" in rules


def test_shuffles_cuts_and_who_goes_first_are_chance_actions_checked_against_the_deck():
    state = TCGGame(decks=sample_decks()).new_initial_state()
    assert state.current_player() == CHANCE and state.legal_actions() == []
    with pytest.raises(IllegalAction, match=r"^103\.1\.0: a shuffle must hold exactly the cards"):
        state.apply_action(Action("shuffle", -1, order=(1, 2, 3), zone=Zone.MAIN_DECK, owner=0))
    state.apply_action(state.pending.default())
    with pytest.raises(IllegalAction, match=r"^103\.1\.0: a cut moves from 0 to 49 cards"):
        state.apply_action(Action("cut", -1, zone=Zone.MAIN_DECK, owner=0, amount=50))
    state.apply_action(Action("cut", -1, zone=Zone.MAIN_DECK, owner=0, amount=10))
    assert [card.id for card in state.board.players[0].main_deck][:2] == [10, 11]
    with pytest.raises(IllegalAction, match=r"^401\.0\.0: no random event is due now"):
        _through_the_setup(state).apply_action(Action("first-player", -1, owner=1))


def test_the_first_player_plays_first_and_a_game_replays_from_its_chance_actions():
    game = TCGGame(decks=sample_decks())
    state = _through_the_setup(game.new_initial_state(), random.Random(3))
    again = game.new_initial_state()
    for applied in state.history:
        again.apply_action(applied.action)
    assert again.board.turn.player == state.board.turn.player == state.board.turn.first_player
    assert [c.id for c in again.board.players[1].hand] == [c.id for c in state.board.players[1].hand]


def test_an_illegal_deck_is_refused_before_the_game_starts():
    decks = sample_decks()
    decks[1].main.pop()
    with pytest.raises(IllegalDeck, match=r"^102\.0\.0: Sky Parade's Main Deck has 49 cards"):
        TCGGame(decks=decks).new_initial_state()
    TCGGame(decks=decks, off={"102.0.0"}).new_initial_state()


def test_with_103_2_0_switched_off_the_story_keeps_the_order_it_came_in():
    decks = sample_decks()
    state = _through_the_setup(TCGGame(decks=decks, off={"103.2.0"}).new_initial_state())
    assert [card.printed.stage for card in state.board.players[0].story] == [card.stage for card in decks[0].story]
    assert [card.stage for card in decks[0].story] != [1, 2, 3, 4]


def test_each_step_of_the_setup_is_its_rules_and_switched_off_leaves_the_game_as_it_was():
    decks = sample_decks()

    def started(off=frozenset(), first=1, amount=3):
        state = TCGGame(decks=decks, off=off).new_initial_state()
        while state.is_chance_node():
            request = state.pending
            action = request.default()
            if action.verb == "first-player":
                action = Action("first-player", -1, owner=first)
            elif action.verb == "cut":
                action = Action("cut", -1, zone=action.zone, owner=action.owner, amount=amount)
            state.apply_action(action)
        return state

    state = started()
    board = state.board
    assert board.turn.player == board.turn.first_player == 1
    assert texts(board, "103.3.0") == ["Bob goes first, as the players determined by an agreed-upon method"]
    assert texts(board, "103.1.0")[:2] == ["Alice shuffles their main deck thoroughly before the first turn",
                                           "Alice allows Bob to cut their main deck before the first turn"]
    assert board.players[0].hand[0].printed is decks[0].main[3]
    no_first = started(off={"103.3.0"}).board
    assert no_first.turn.player == no_first.turn.first_player == 0
    uncut = started(off={"103.1.0"}).board
    assert uncut.players[0].hand[0].printed is decks[0].main[0]
    assert texts(uncut, "glossary/cut") == []
    bare = started(off={"103.0.0"}).board
    assert bare.players[0].hand == [] and bare.players[0].plans == [None] * 4
    assert texts(bare, "103.0.0") == [] and texts(board, "103.0.0") == ["before the first turn, Alice and Bob perform "
                                                                        "the setup"]
