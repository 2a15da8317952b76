"""The rule units of deckbuilding (101, 102.1) and starting a game (102):
each refuses or does what its rule says, and with its number switched off
the game goes on as if the rule did not exist."""

import pytest

from rulebase.engine.ccg import start as starting
from rulebase.engine.ccg.deck import Deck, check
from rulebase.engine.ccg.decks import sample_decks
from rulebase.engine.ccg.state import CCGGame, CCGState
from rulebase.engine.errors import EngineError, IllegalDeck
from rulebase.engine.rulebook import Table
from rulebase.engine.trace import ALLOWED, REFUSAL, Trace


def four_copies() -> Deck:
    sky = sample_decks()[0]
    return Deck("four copies", sky.mane, sky.draw + [sky.draw[0]], sky.problems)


def new_state(off=()) -> CCGState:
    game = CCGGame(decks=sample_decks())
    board = starting.new_board(game.names, game.decks, Trace(), game.turn_limit, off=off)
    state = CCGState(game, board)
    state.start(starting.start_game(state), factory=game.new_initial_state)
    return state


def test_a_deck_with_too_many_copies_is_refused_unless_101_2_is_off():
    table = Table()
    with pytest.raises(IllegalDeck) as refused:
        check(four_copies(), table)
    assert refused.value.rule == "101.2" and "4 copies" in refused.value.reason
    assert refused.value.unit == "rulebase.engine.ccg.deck.draw_deck_copies"
    assert [step.kind for step in table.trace if step.rule == "101.2"] == [ALLOWED, REFUSAL]
    check(four_copies(), Table(off=frozenset({"101.2"})))
    board = starting.new_board(("Alice", "Bob"), [four_copies(), sample_decks()[1]], Trace(), off={"101.2"})
    assert len(board.players[0].deck) == 46


def test_a_legal_deck_is_allowed_by_every_deckbuilding_rule():
    table = Table()
    check(sample_decks()[0], table)
    assert [step.rule for step in table.trace] == ["102.1", "101.1", "101.2", "101.2", "101.3", "101.3a", "101.3b",
                                                   "101.3c"]
    assert {step.kind for step in table.trace} == {ALLOWED}


def test_the_starting_problems_to_choose_are_those_102_2_allows():
    state = new_state()
    assert state.is_chance_node() and state.pending.kind == "decide who plays first"
    assert [step.rule for step in state.trace if step.kind == "step"] == ["301.1", "517.1", "301.1", "517.1",
                                                                          "303.1", "102.2", "303.1", "102.2"]
    state = new_state(off={"102.2"})
    assert state.pending.kind == "choose a Starting Problem"
    board = state.board
    chosen = [board.cards[action.card] for action in state.legal_actions()]
    assert len(chosen) > 1 and any(not card.printed.starting_problem for card in chosen)
    assert all(card.zone.value == "problem deck" for card in board.cards if card.type == "Problem")


def test_the_mulligan_is_a_choice_each_player_is_allowed():
    state = new_state()
    while state.is_chance_node():
        state.apply_action(state.pending.default())
    assert state.pending.kind == "keep the hand or mulligan"
    assert [action.verb for action in state.legal_actions()] == ["keep", "mulligan"]
    state.apply_action(state.legal_actions()[1])
    assert [str(step) for step in state.trace if step.kind == ALLOWED][-1].startswith("102.4: ")
    while state.pending.kind == "keep the hand or mulligan":
        state.apply_action(state.legal_actions()[0])
    assert "102.4a" in state.trace.deciding()


def test_with_102_4a_off_a_mulligan_changes_no_hand():
    state = new_state(off={"102.4a"})
    while state.is_chance_node():
        state.apply_action(state.pending.default())
    player = state.pending.player
    hand = list(state.board.players[player].hand)
    state.apply_action(state.legal_actions()[1])
    while state.pending.kind == "keep the hand or mulligan" or state.is_chance_node():
        state.apply_action(state.legal_actions()[0] if not state.is_chance_node() else state.pending.default())
    assert state.board.players[player].hand == hand and "102.4a" not in state.trace.rules()


def _keep_every_hand(state: CCGState) -> None:
    while state.is_chance_node() or state.pending.kind == "keep the hand or mulligan":
        state.apply_action(state.pending.default() if state.is_chance_node() else state.legal_actions()[0])


def test_once_the_mulligans_are_complete_the_game_starts_with_the_first_players_turn():
    state = new_state()
    _keep_every_hand(state)
    first = state.board.turn.first_player
    assert state.board.turn.player == first and state.board.turn.number == 1
    assert [str(step) for step in state.trace if step.rule == "102.5"] == [
        f"102.5: the mulligans are complete: the game starts with {state.board.name(first)}'s first turn"]
    assert "102.5" in state.trace.deciding()


def test_with_102_5_off_the_game_does_not_start():
    state = new_state(off={"102.5"})
    with pytest.raises(EngineError, match="102.5 switched off, the game does not start"):
        _keep_every_hand(state)
    assert "102.5" not in state.trace.rules()


def test_each_mane_character_starts_at_home_start_side_up_unless_301_1_is_off():
    for off, at_home in (((), True), (("301.1",), False)):
        game = CCGGame(decks=sample_decks())
        board = starting.new_board(game.names, game.decks, Trace(), game.turn_limit, off=off)
        mane = board.mane(0)
        mane.area, mane.turned_over = board.players[0].problem_area, True
        state = CCGState(game, board)
        state.start(starting.start_game(state), factory=game.new_initial_state)
        assert (mane.area == board.players[0].home and not mane.turned_over) is at_home


def test_players_start_with_zero_points_unless_517_1_is_off():
    for off, score in (((), 0), (("517.1",), 4)):
        game = CCGGame(decks=sample_decks())
        board = starting.new_board(game.names, game.decks, Trace(), game.turn_limit, off=off)
        board.players[1].score = 4
        state = CCGState(game, board)
        state.start(starting.start_game(state), factory=game.new_initial_state)
        assert board.players[1].score == score


def test_a_mulligan_puts_the_hand_under_the_deck_before_the_shuffle():
    state = new_state()
    while state.is_chance_node():
        state.apply_action(state.pending.default())
    player = state.pending.player
    hand = list(state.board.players[player].hand)
    state.apply_action(state.legal_actions()[1])
    while not state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    assert state.pending.kind.startswith("shuffle") and state.board.players[player].deck[-len(hand):] == hand


def test_with_303_1_off_no_starting_problem_enters_play():
    state = new_state(off={"303.1"})
    assert all(card.zone.value == "problem deck" for card in state.board.cards if card.type == "Problem")
    assert "102.2" not in [step.rule for step in state.trace if step.kind == "step"]


def test_copies_are_counted_by_title_and_subtitle_unless_201_1_is_off():
    from rulebase.engine.ccg.cards import Printed

    sky = sample_decks()[0]
    fast = Printed.build("Comet, Fast", "Friend", colors=["blue"], power=2, cost=2)
    slow = Printed.build("Comet, Slow", "Friend", colors=["blue"], power=1, cost=1)
    deck = Deck("two Comets", sky.mane, sky.draw[:-6] + [fast] * 3 + [slow] * 3, sky.problems)
    table = Table()
    check(deck, table)
    assert "201.1" in [step.rule for step in table.trace]
    with pytest.raises(IllegalDeck) as refused:
        check(deck, Table(off=frozenset({"201.1"})))
    assert refused.value.rule == "101.2" and "6 copies of Comet" in refused.value.reason
