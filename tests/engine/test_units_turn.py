"""The rule units of the turn, its faceoffs and confronts: each does what its
rule says, and with its number switched off the game goes on as if the rule
did not exist."""

import pytest

from rulebase.engine.ccg import turn
from rulebase.engine.ccg.actions import Action
from rulebase.engine.ccg.board import Zone
from rulebase.engine.ccg.cards import Printed
from rulebase.engine.ccg.state import CCGState
from rulebase.engine.errors import IllegalAction
from rulebase.engine.trace import CHECK, NOTE, STEP

from .helpers import COMET, KITE, PEST, board_with


def power(n):
    return Printed.build(f"a card of power {n}", "Friend", power=n, cost=0)


def one_turn(board, phase="ready", off=(), number=2):
    """Alice's turn ``number`` from ``phase``, the game stopping when it ends."""
    board.turn.number = number
    board.turn_limit = number
    board.off = frozenset(off)
    return CCGState.from_board(board, phase)


def kinds(board, rule):
    return [step.kind for step in board.trace if step.rule == rule]


# -- the Ready Phase -------------------------------------------------------------------


@pytest.mark.parametrize("off, tokens", [((), 3), (("604.1b",), 0), (("604.1",), 0), (("604.1a",), 3)])
def test_action_tokens_follow_the_highest_score_unless_its_rule_is_off(off, tokens):
    board = board_with()
    board.players[1].score = 4
    state = one_turn(board, off=off)
    assert state.is_terminal()
    assert board.players[0].tokens == tokens
    assert (STEP in kinds(board, "604.1b")) == (tokens == 3)


def test_a_frightened_card_stays_exhausted_and_is_readied_with_504_2a_off():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0))
    scared, tired = board.play
    scared.exhausted = scared.frightened = scared.face_down = True
    tired.exhausted = True
    one_turn(board)
    assert scared.exhausted and not tired.exhausted
    assert kinds(board, "504.2a") == [CHECK] and kinds(board, "603.1") == [STEP]

    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    scared = board.play[0]
    scared.exhausted = scared.frightened = scared.face_down = True
    one_turn(board, off={"504.2a"})
    assert not scared.exhausted and kinds(board, "504.2a") == []


def test_the_first_player_does_not_draw_on_the_first_turn_unless_605_1a_is_off():
    board = board_with((COMET, 0, Zone.DRAW_DECK, None, 0))
    one_turn(board, number=1)
    assert board.players[0].hand == [] and kinds(board, "605.1a") == [CHECK]
    board = board_with((COMET, 0, Zone.DRAW_DECK, None, 0))
    one_turn(board, number=1, off={"605.1a"})
    assert [c.label for c in board.players[0].hand] == ["Comet"] and kinds(board, "605.1") == [STEP]


# -- the Troublemaker Phase ------------------------------------------------------------


def test_a_challenge_is_refused_by_the_unit_of_its_rule_and_the_legal_challenges_follow_the_checks():
    board = board_with((PEST, 1, Zone.PLAY, "problem", 0))
    pest = board.play[0]
    with pytest.raises(IllegalAction) as refused:
        turn.check_challenge(board, Action("challenge", 0, pest.id))
    assert refused.value.rule == "608.2" and refused.value.unit.endswith("turn.challenger_has_a_character_there")
    assert turn.challengeable(board, 0) == []
    board.off = frozenset({"608.2"})
    assert turn.challengeable(board, 0) == [pest]
    with pytest.raises(IllegalAction) as refused:
        turn.check_challenge(board, Action("challenge", 0, 99))
    assert refused.value.rule == "608.1"


def lost_challenge(off=()):
    board = board_with((PEST, 1, Zone.PLAY, "problem", 0), (COMET, 0, Zone.PLAY, "problem", 0),
                       (power(0), 0, Zone.DRAW_DECK, None, 0), (power(5), 1, Zone.DRAW_DECK, None, 1))
    pest, comet = board.play
    state = one_turn(board, "troublemaker", off=off)
    state.apply_action(Action("challenge", 0, pest.id))
    return board, comet


def test_the_challenger_who_loses_sends_a_character_home_unless_514_5b_is_off():
    board, comet = lost_challenge()
    assert board.faceoffs[0].winner == 1
    assert comet.area == board.players[0].home and kinds(board, "514.5b")[-1] == STEP
    board, comet = lost_challenge(off={"514.5b"})
    assert board.faceoffs[0].winner == 1
    assert comet.area == board.players[0].problem_area


def test_with_the_faceoff_rules_off_a_challenge_ends_without_a_winner_and_without_looping():
    board, comet = lost_challenge(off={"514.3", "515.1"})
    assert board.faceoffs[0].winner == 0
    board, comet = lost_challenge(off={"514.5"})
    assert board.faceoffs[0].winner is None and comet.area == board.players[0].problem_area


def test_a_tie_with_nothing_left_to_flip_has_no_winner_and_an_unflippable_tie_stops():
    for off in ((), ("514.4c",), ("515.1",)):
        board = board_with((PEST, 1, Zone.PLAY, "problem", 0), (power(1), 0, Zone.PLAY, "problem", 0),
                           (power(2), 0, Zone.DRAW_DECK, None, 0), (power(2), 1, Zone.DRAW_DECK, None, 1))
        state = one_turn(board, "troublemaker", off=off)
        state.apply_action(Action("challenge", 0, board.play[0].id))
        assert state.is_terminal() and board.faceoffs[0].winner is None


# -- the Score Phase ---------------------------------------------------------------------


def test_an_opposing_troublemaker_keeps_the_turn_player_from_confronting_unless_611_3e_is_off():
    def score_phase(off=()):
        board = board_with((KITE, 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.PLAY, "problem", 0),
                           (PEST, 1, Zone.PLAY, "problem", 0))
        one_turn(board, "score", off=off)
        return board

    board = score_phase()
    assert board.confrontations == [] and board.players[0].score == 0 and kinds(board, "611.3e") == [CHECK]
    board = score_phase(off={"611.3e"})
    assert len(board.confrontations) == 1 and board.players[0].score == 1


def test_unmet_requirements_are_a_check_of_611_1_and_without_it_nobody_confronts():
    board = board_with((KITE, 0, Zone.PLAY, "problem", 0), (power(1), 0, Zone.PLAY, "problem", 0))
    one_turn(board, "score")
    assert board.confrontations == [] and CHECK in kinds(board, "611.1")
    board = board_with((KITE, 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.PLAY, "problem", 0))
    one_turn(board, "score", off={"611.1"})
    assert board.confrontations == [] and board.players[0].score == 0


# -- the End Phase ------------------------------------------------------------------------


def test_hand_size_discards_are_steps_and_with_616_2_off_nothing_is_discarded():
    board = board_with(*[(power(1), 0, Zone.HAND, None, 0) for _ in range(10)])
    state = one_turn(board, "end")
    hand = board.players[0].hand
    assert sorted(a.card for a in state.legal_actions()) == sorted(c.id for c in hand)
    state.apply_action(Action("discard", 0, hand[0].id))
    state.apply_action(Action("discard", 0, hand[0].id))
    assert state.is_terminal() and len(hand) == 8 and kinds(board, "616.2") == [CHECK, STEP, STEP, NOTE]
    board = board_with(*[(power(1), 0, Zone.HAND, None, 0) for _ in range(10)])
    state = one_turn(board, "end", off={"616.2"})
    assert state.is_terminal() and len(board.players[0].hand) == 10 and kinds(board, "616.2") == []


def test_within_the_hand_size_and_home_limit_the_end_phase_only_notes_them():
    mane = Printed.build("Sky Captain", "Mane Character", colors=["blue"], power=1, home_limit=3)
    board = board_with((mane, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0))
    one_turn(board, "end")
    assert kinds(board, "616.2") == [NOTE] and kinds(board, "616.3") == [NOTE]
