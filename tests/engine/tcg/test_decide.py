"""Decisions: an action the game is not waiting for is refused by the rule
of the decision at hand, marked as a refusal of 'not now'; free actions are
taken at any decision, which is then asked again."""

import pytest

from rulebase.engine.errors import IllegalAction
from rulebase.engine.tcg import engine_rulebook
from rulebase.engine.tcg.actions import Action
from rulebase.engine.tcg.board import Zone
from rulebase.engine.tcg.decide import MAIN_PHASE, WAITS_FOR_ANOTHER_PLAYER, describe

from .helpers import BELLE, GARDEN, SCOOT, at_phase, board_with, card_named


def test_an_action_out_of_turn_is_refused_by_the_rule_of_the_decision_and_marked_as_waiting():
    board = board_with((BELLE, 0, Zone.ADVENTURE, 0), (SCOOT, 1, Zone.ADVENTURE, 0), (GARDEN, 1, Zone.SCENE, None),
                       (GARDEN, 0, Zone.SCENE, None))
    state = at_phase(board, "exchange")
    with pytest.raises(IllegalAction) as refused:
        state.apply_action(Action("pass", 1))
    assert refused.value.rule == "404.5.0" and refused.value.reason == (
        "the game waits for Alice to flip a face-up Scene for its Inspire effect or pass, not for Bob")
    assert engine_rulebook().unit(refused.value.unit).waiting
    with pytest.raises(IllegalAction) as refused:
        state.apply_action(Action("discard", 0, card_named(board, "Sweetie Belle").id))
    assert refused.value.rule == "404.5.0" and "can't discard now" in refused.value.reason
    assert set(WAITS_FOR_ANOTHER_PLAYER) >= {"403.0.0", "404.5.0", "405.2.0", "501.1.1", "602.0.0"}


def test_free_actions_are_taken_at_any_decision_and_the_decision_is_asked_again():
    board = board_with((BELLE, 0, Zone.HAND, None), (SCOOT, 1, Zone.HAND, None))
    state = at_phase(board)
    pending = state.pending
    assert pending.kind == MAIN_PHASE
    state.apply_action(Action.parse("p1 count p0.hand"))
    state.apply_action(Action.parse("p1 look p1.hand"))
    assert state.pending is pending and state.current_player() == 0
    assert [step.text for step in board.trace if step.kind == "decision"] == [
        "Bob counts Alice's hand: 1 card", "Bob looks at Bob's hand: Scootaloo"]


def test_an_action_in_words_names_its_cards():
    board = board_with((BELLE, 0, Zone.HAND, None), (GARDEN, 0, Zone.SCENE, None))
    belle, garden = card_named(board, "Sweetie Belle"), card_named(board, "Garden")
    assert describe(board, Action("play", 0, belle.id, space=0, payment=(garden.id,))) == \
        "play Sweetie Belle at the left space paying with Garden"
    assert describe(board, Action.parse("p0 count p1.hand")) == "count Bob's hand"
    assert describe(board, Action("play", 0, 99)) == "play #99"
