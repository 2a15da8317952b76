"""Loops (802): the game coming back to a state it was in before an action
of the same priority window is a loop (802.1); its players choose how many
times it is repeated, each after the first a smaller number (802.2); an
action that takes the game out of it before then ends it (802.4)."""

import pytest

from rulebase.engine.ccg import loops
from rulebase.engine.ccg.abilities.model import THIS_CARD, Ability, Effect
from rulebase.engine.ccg.actions import Action
from rulebase.engine.ccg.board import Zone
from rulebase.engine.ccg.cards import Printed
from rulebase.engine.errors import IllegalAction
from rulebase.engine.trace import STEP

from .helpers import COMET, board_with, kinds, main_phase

NAPPER = Printed.build("Napper", "Friend", colors=["blue"], power=1, cost=1, abilities=(
    Ability("activated", "Main Phase: Exhaust this card.", timing="Main Phase",
            effect=Effect("exhaust", THIS_CARD)),))
ACTIVATE = Action.parse("p0 activate #0 1")


def _napper(off=()):
    board = board_with((NAPPER, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.HAND, None, 0))
    board.off = frozenset(off)
    return board, main_phase(board, tokens=2)


def _again(state, action=ACTIVATE):
    if state.pending.player == 1:
        state.apply_action(Action("pass", 1))
    state.apply_action(action)


def test_the_state_compared_changes_with_what_players_act_on_and_not_with_priority():
    board, _ = _napper()
    before = loops.state(board)
    board.turn.priority = 1
    assert loops.state(board) == before
    board.cards[0].exhausted = True
    assert loops.state(board) != before


def test_the_state_compared_tells_which_card_was_given_a_modifier_or_a_color():
    """The modifiers and colors given to cards count in the state, with the
    card given them: the same modifier on another card is another state,
    and taking it away comes back to the state before."""
    from rulebase.engine.ccg.cards import Color

    board, _ = _napper()
    napper, comet = board.cards
    before = loops.state(board)
    napper.modifiers.append(1)
    on_napper = loops.state(board)
    napper.modifiers.clear()
    comet.modifiers.append(1)
    assert on_napper != before and loops.state(board) not in (before, on_napper)
    comet.modifiers.clear()
    assert loops.state(board) == before
    comet.gained.append(Color.BLUE)
    assert loops.state(board) != before
    comet.gained.clear()
    assert loops.state(board) == before


def test_802_1_a_return_to_an_earlier_state_is_a_loop_whose_player_chooses_a_number():
    board, state = _napper()
    state.apply_action(ACTIVATE)
    assert kinds(board, "802.1") == []
    _again(state)
    assert kinds(board, "802.1") == [STEP] and state.pending.kind == loops.CHOOSE and state.pending.player == 0
    with pytest.raises(IllegalAction) as refused:
        state.apply_action(Action("choose-number", 0, amount=-1))
    assert refused.value.rule == "105.1"  # a number chosen is a non-negative integer
    state.apply_action(Action("choose-number", 0, amount=1))
    _again(state)
    if state.pending.player == 1:
        state.apply_action(Action("pass", 1))
    assert ACTIVATE not in state.legal_actions()
    with pytest.raises(IllegalAction) as refused:
        state.apply_action(ACTIVATE)
    assert refused.value.rule == "802.2"


@pytest.mark.parametrize("off", ["802.1", "705.1"])
def test_without_802_1_or_705_1_no_loop_is_followed(off):
    board, state = _napper(off={off})
    for _ in range(4):
        _again(state)
    assert kinds(board, "802.1") == [] and state.pending.kind != loops.CHOOSE


def test_802_4_an_action_out_of_the_loop_ends_it_and_without_the_rule_it_goes_on():
    for off, ends in (((), True), (("802.4",), False)):
        board, state = _napper(off=off)
        state.apply_action(ACTIVATE)
        _again(state)
        state.apply_action(Action("choose-number", 0, amount=5))
        comet = board.cards[1]
        _again(state, Action("play", 0, comet.id, area=board.players[0].home))
        assert (loops.tracker(board).loop is None) is ends
        _again(state)
        assert (state.pending.kind == loops.CHOOSE) is ends


def test_802_2_the_other_players_in_the_loop_choose_smaller_numbers_in_turn_order():
    board, state = _napper()
    loop = loops.Loop([loops.state(board)], {"x"}, [1, 0])
    chooser = loops.choose_numbers(state, loop)
    request = next(chooser)
    assert request.player == 1 and request.kind == loops.CHOOSE
    request = chooser.send(Action("choose-number", 1, amount=4))
    assert request.player == 0 and request.kind == loops.CHOOSE_SMALLER
    assert Action("pass", 0) in request.legal() and Action("choose-number", 0, amount=4) not in request.legal()
    with pytest.raises(IllegalAction):
        request.check(Action("choose-number", 0, amount=4))
    with pytest.raises(StopIteration):
        chooser.send(Action("choose-number", 0, amount=2))
    assert (loop.number, loop.chooser) == (2, 0)
