"""The rule units of decisions and priority: a refusal that says "not now" is
a unit apart from those that judge what an action is, and what the game does
before a player receives priority can be switched off by its rule."""

import pytest

from rulebase.engine.ccg import priority
from rulebase.engine.ccg.abilities.model import Ability, Amount, Effect, Selector
from rulebase.engine.ccg.actions import Action
from rulebase.engine.ccg.board import Zone
from rulebase.engine.ccg.cards import Printed
from rulebase.engine.ccg.state import CCGState
from rulebase.engine.errors import IllegalAction
from rulebase.engine.trace import STEP

from .helpers import COMET, board_with, kinds, main_phase

MANE = Printed.build("Sky Captain", "Mane Character", colors=["blue"], power=1, home_limit=1)


def refusal(state, action) -> IllegalAction:
    with pytest.raises(IllegalAction) as refused:
        state.apply_action(action)
    return refused.value


def test_an_action_out_of_turn_is_refused_by_a_not_now_unit():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.HAND, None, 0))
    board.turn.number = board.turn_limit = 2
    state = main_phase(board, tokens=2)
    other = refusal(state, Action("pass", 1))
    assert other.rule == "510.1" and other.unit.endswith("priority.one_player_has_priority")
    wrong = refusal(state, Action("retire", 0, board.play[0].id))
    assert wrong.rule == "616.3" and wrong.unit.endswith("priority.waits_for_another_decision")
    assert "can't retire now" in wrong.reason


def test_the_content_of_a_retire_choice_is_judged_by_another_unit_of_the_same_rule():
    board = board_with((MANE, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0),
                       (COMET, 0, Zone.PLAY, "home", 0))
    board.turn.number = board.turn_limit = 2
    state = CCGState.from_board(board, "end")
    mane, first, second = board.play
    assert [a.card for a in state.legal_actions()] == [first.id, second.id]
    refused = refusal(state, Action("retire", 0, mane.id))
    assert refused.rule == "616.3" and refused.unit.endswith("turn.friend_at_home")
    state.apply_action(Action("retire", 0, second.id))
    assert second.zone == Zone.DISCARD and state.is_terminal()


@pytest.mark.parametrize("off", [(), ("511.5",)])
def test_a_character_in_another_players_home_goes_home_unless_511_5_is_off(off):
    board = board_with((COMET, 0, Zone.PLAY, "home", 1))
    comet = board.play[0]
    board.off = frozenset(off)
    board.turn.number = board.turn_limit = 2
    main_phase(board)
    assert comet.area == (board.players[1].home if off else board.players[0].home)
    assert ([s.kind for s in board.trace if s.rule == "511.5"] == [STEP]) != bool(off)


def test_an_answer_that_is_not_an_action_is_refused_and_with_705_1_off_is_an_engine_error():
    board = board_with((COMET, 0, Zone.HAND, None, 0))
    board.turn.number = board.turn_limit = 2
    state = main_phase(board, tokens=2)
    assert refusal(state, "pass").rule == "705.1"
    board.off = frozenset({"705.1"})
    with pytest.raises(Exception) as error:
        state.apply_action("pass")
    assert type(error.value).__name__ == "EngineError" and "705.1" in str(error.value)


def test_only_the_refusals_that_say_the_game_waits_for_another_decision_are_marked_waiting():
    from rulebase.engine.ccg import priority

    assert all(unit.unit.waiting for unit in priority.WAITS_FOR_ANOTHER_DECISION.values())
    assert all(unit.unit.waiting for unit in priority.WAITS_FOR_ANOTHER_PLAYER.values())
    assert not any(unit.unit.waiting for unit in priority.ONLY_THE_TURN_PLAYER.values())
    assert not priority.one_player_has_priority.unit.waiting


GOGGLES = Printed.build("Flight Goggles", "Resource", cost=1, host="Friend")
PUPIL = Printed.build("Star Pupil", "Friend", colors=["purple"], power=1, cost=1, traits=["Unique"])


@pytest.mark.parametrize("off", [(), ("511.3",), ("511.1",)])
def test_an_attachment_on_a_face_down_host_is_dismissed_unless_511_3_or_511_1_is_off(off):
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (GOGGLES, 0, Zone.PLAY, "home", 0))
    comet, goggles = board.play
    goggles.host = comet
    comet.frightened = comet.face_down = True
    board.off = frozenset(off)
    board.turn.number = board.turn_limit = 2
    main_phase(board, tokens=2)
    assert (goggles.zone == Zone.DISCARD) != bool(off)


@pytest.mark.parametrize("off", [(), ("511.8",), ("516.1",)])
def test_three_unique_copies_take_two_waves_to_repair_unless_511_8_or_516_1_is_off(off):
    board = board_with(*[(PUPIL, 0, Zone.PLAY, "home", 0)] * 3)
    board.off = frozenset(off)
    board.turn.number = board.turn_limit = 2
    state = main_phase(board, tokens=2)
    if "516.1" in off:
        assert state.pending.kind != "choose a violating card to be dismissed"
        return
    state.apply_action(Action("dismiss", 0, board.play[2].id))
    waits = state.pending.kind == "choose a violating card to be dismissed"
    assert waits != bool(off)


@pytest.mark.parametrize("off", [(), ("505.1a",)])
def test_a_face_down_unique_card_has_no_traits_unless_505_1a_is_off(off):
    board = board_with((PUPIL, 0, Zone.PLAY, "home", 0), (PUPIL, 0, Zone.PLAY, "problem", 0))
    board.play[1].frightened = board.play[1].face_down = True
    board.off = frozenset(off)
    board.turn.number = board.turn_limit = 2
    state = main_phase(board, tokens=2)
    assert (state.pending.kind == "choose a violating card to be dismissed") == bool(off)


@pytest.mark.parametrize("off", [(), ("512.4d",)])
def test_a_closing_priority_window_forgets_the_conditions_met_before_it_unless_512_4d_is_off(off):
    from rulebase.engine.ccg.abilities.events import emit, since_window
    from rulebase.engine.ccg.priority import conditions_expire

    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    board.off = frozenset(off)
    emit(board, "drew", player=0)
    emit(board, "moved", card=board.play[0], player=0)
    conditions_expire(board)
    assert len(since_window(board)) == (2 if off else 0)
    assert [step.kind for step in board.trace if step.rule == "512.4d"] == ([] if off else [STEP])
    conditions_expire(board)
    assert [step.kind for step in board.trace if step.rule == "512.4d"] == ([] if off else [STEP])


@pytest.mark.parametrize("off", [(), ("511.6",), ("511.5",)])
def test_the_cards_at_an_area_which_has_ceased_to_exist_are_sent_home_or_dismissed(off):
    from rulebase.engine.ccg import points

    board = board_with((COMET, 0, Zone.PLAY, "problem", 2), (GOGGLES, 0, Zone.PLAY, "problem", 2),
                       (COMET, 1, Zone.PLAY, "home", 1), names=("Alice", "Bob", "Carol"))
    comet, goggles, _ = board.play
    board.off = frozenset(off)
    board.turn.number = board.turn_limit = 2
    board.players[2].conceded = True
    points.removed_from_the_game(board, 2)
    points.cards_removed(board, 2)
    main_phase(board, tokens=2)
    assert (comet.area == board.players[0].home) != ("511.5" in off)
    assert (goggles.zone == Zone.DISCARD) != ("511.6" in off)


FLOP = Printed.build("Flop", "Event", cost=1, timing="Immediate", abilities=(
    Ability("event", "Immediate: Retire a Friend to gain 2.", timing="Immediate",
            cost=(Effect("retire", Selector("Friend", controller="you")),), effect=Effect("gain", amount=Amount(2))),))


def test_705_2_a_cost_that_can_t_be_paid_as_it_is_processed_rewinds_the_game_and_without_it_the_action_goes_on():
    for off in ((), ("705.2",)):
        board = board_with((MANE, 0, Zone.PLAY, "home", 0), (FLOP, 0, Zone.HAND, None, 0))
        board.off = frozenset(off)
        state = main_phase(board, tokens=3)
        flop = board.cards[1]
        before = board.version
        state.apply_action(Action("play", 0, flop.id))
        if off:
            assert flop.zone == Zone.DISCARD and board.players[0].tokens == 4
        else:
            assert flop.zone == Zone.HAND and board.players[0].hand == [flop] and board.queue == []
            assert board.players[0].tokens == 3 and board.version > before
            assert state.pending.player == 0 and kinds(board, "705.2")[0] == STEP


def test_a_snapshot_puts_back_the_cards_players_and_turn_on_the_same_objects():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.HAND, None, 0))
    comet, other = board.cards
    hand = board.players[0].hand
    phase = board.turn.phase
    snapshot = priority.Snapshot(board)
    comet.exhausted, board.players[0].tokens, board.turn.phase = True, 5, "not a phase"
    board.put(other, Zone.DISCARD)
    board.used.add("x")
    snapshot.restore()
    assert not comet.exhausted and board.players[0].tokens == 0 and board.turn.phase == phase
    assert other.zone == Zone.HAND and board.players[0].hand == [other] and board.cards == [comet, other]
    assert board.used == set() and board.players[0].hand is not hand


def test_710_2_replacements_may_replace_during_pre_priority_processing_and_without_the_rule_they_may_not():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    comet = board.cards[0]
    assert priority.may_replace_now(board, comet, "frightened") and kinds(board, "710.2") == []
    board.settling = True
    assert priority.may_replace_now(board, comet, "frightened") and kinds(board, "710.2") == [STEP]
    board.off = frozenset({"710.2"})
    assert not priority.may_replace_now(board, comet, "frightened")


END_OF_FACEOFF = """
Cards:
  "Burst of Speed" is from the card database.
  "Big Comet" is a Friend: blue, power 4, cost 2.
  "Pest" is a Troublemaker: power 1, points 1.

Scenario: lost at the end of the Challenge Step
  Given it is Alice's Troublemaker Phase
    And Alice has "Big Comet" at Bob's problem
    And Bob has "Pest" at Bob's problem
    And Alice's hand: "Burst of Speed"
    And Alice has 1 action token
    And Alice's deck, from the top: a card of power 2
    And Bob's deck, from the top: a card of power 1
  When Alice challenges "Pest"
    And Alice passes
    And Alice plays "Burst of Speed"
  When the game proceeds to Alice's Main Phase
  Then Alice has 0 action tokens
"""


def test_a_trigger_at_the_end_of_a_challenge_is_processed_in_the_window_at_the_end_of_the_challenge_step(
        rule_graph, tmp_path):
    from rulebase.scenarios import suite

    path = tmp_path / "end.scenario"
    path.write_text(END_OF_FACEOFF)
    result, = suite.run_paths([path], rule_graph).results
    assert result.passed, result
    notes = [(step.rule, step.text) for step in result.trace.steps]
    opened = notes.index(("601.2", "a priority window opens at the end of the Challenge Step"))
    lost = next(i for i, (rule, text) in enumerate(notes) if rule == "502.1" and "loses 4 action tokens" in text)
    assert opened < lost
