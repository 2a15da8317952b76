"""The Story (304.0.0, 404.6.0, 404.7.0): Advance Story where the opponent
has no Plan at the matching stage, Disrupt Plan where they have one, the
Preplan effect of a revealed Plan, and winning at Stage IV."""

import pytest

from rulebase.engine.errors import IllegalAction
from rulebase.engine.flow import GameEnds
from rulebase.engine.game import Outcome, Termination
from rulebase.engine.tcg.actions import Action
from rulebase.engine.tcg.board import Zone
from rulebase.engine.tcg.cards import Printed
from rulebase.engine.tcg.effects import Context, resolve
from rulebase.engine.tcg.story import check_decline
from rulebase.engine.tcg.text import Effect

from .helpers import BELLE, SCOOT, advancing, at_phase, board_with, card_named, character, play_on, texts

DRAWING = [Effect.build("story", ["draw 1"])]


def _with_story(board, owner, stage, effects):
    card = [c for c in board.players[owner].story if c.printed.stage == stage][0]
    card.printed = Printed.build(card.printed.name, "Story", stage=stage, effects=effects)


def test_advance_story_moves_the_main_character_and_triggers_the_story_effect():
    board = board_with((BELLE, 0, Zone.ADVENTURE, 0), (SCOOT, 0, Zone.MAIN_DECK, None), (SCOOT, 1, Zone.PLANS, 2))
    _with_story(board, 0, 1, DRAWING)
    advancing(at_phase(board, "exchange"))
    assert board.players[0].stage == 1 and [card.label for card in board.players[0].hand] == ["Scootaloo"]
    assert texts(board, "404.6.0") == ["Advance Story: Alice's Main Character moves forward to Stage I"]
    assert texts(board, "304.4.0", "allowed") == ["Bob has no Plan at Stage I"]
    assert texts(board, "206.0.0") == [
        "Alice's Main Character reaches Stage I: the Story effect of Quest: Part 1 triggers"]


def test_a_plan_at_the_matching_stage_is_disrupted_instead_and_guards_the_stage():
    board = board_with((BELLE, 0, Zone.ADVENTURE, 0), (SCOOT, 1, Zone.PLANS, 1), (SCOOT, 1, Zone.PLANS, 2))
    state = at_phase(board, "exchange")
    plan = card_named(board, "Scootaloo")
    assert board.players[0].stage == 0 and plan.zone == Zone.REST and board.players[1].plans[0] is None
    assert texts(board, "404.7.0") == ["Disrupt Plan: Alice flips Bob's Plan at Stage I: it is Scootaloo"]
    assert texts(board, "306.2.0") == ["the revealed Plan Scootaloo has resolved: it enters Bob's Rest Zone"]
    index = next(i for i, applied in enumerate(state.history) if applied.action.verb == "disrupt")
    assert state.history[index].automatic
    with pytest.raises(IllegalAction, match=r"^304\.4\.0: Bob has a Plan at Stage I: Alice cannot progress to it"):
        state.refuse_instead(index, Action("advance", 0))


def test_a_revealed_plan_resolves_its_preplan_effect_and_may_return_to_hand():
    scout = character("Scout", effects=[Effect.build("preplan", ["draw 1", "return-plan"])])
    board = board_with((BELLE, 0, Zone.ADVENTURE, 0), (scout, 1, Zone.PLANS, 1), (SCOOT, 1, Zone.MAIN_DECK, None))
    at_phase(board, "exchange")
    card = card_named(board, "Scout")
    assert card.zone == Zone.HAND and [c.label for c in board.players[1].hand] == ["Scootaloo", "Scout"]
    assert texts(board, "201.0.0") == ["Scout, used as a Plan, is revealed: its Preplan effect triggers"]
    assert texts(board, "404.7.0")[1] == "Scout's Preplan effect returns it to Bob's hand instead of the Rest Zone"
    assert texts(board, "308.0.0") == [
        "Scout, a Plan being revealed, waits in the Resolution Zone, in no other zone, while it resolves",
        "Scout has finished resolving: it leaves the Resolution Zone for Bob's hand"]


def test_a_disrupted_plan_goes_to_the_rest_zone_unless_the_card_says_so():
    board = board_with((BELLE, 0, Zone.ADVENTURE, 0), (BELLE, 1, Zone.PLANS, 1))
    board.off = frozenset({"306.2.0"})
    at_phase(board, "exchange")
    assert card_named(board, "Sweetie Belle #2").zone == Zone.RESOLUTION


def test_reaching_stage_four_wins_the_game_by_the_rules_not_by_the_card():
    board = board_with((BELLE, 0, Zone.ADVENTURE, 0), (SCOOT, 1, Zone.ADVENTURE, 1))
    board.players[0].stage = 3
    _with_story(board, 0, 4, [Effect.build("story", ["win"])])
    state = advancing(at_phase(board, "exchange"))
    assert state.outcome() == Outcome(Termination.WIN, 0)
    assert texts(board, "304.5.0") == ["Alice's Main Character progresses to Stage IV: Alice wins the game"]
    assert texts(board, "104.1.0") == ["Alice's Main Character reaches the fourth and final Story stage: Alice wins the game"]
    assert texts(board, "104.1.1") == ["Quest: Part 4 says 'You win the game': a rule-based action, not a card effect"]
    assert texts(board, "104.0.0") == ["Alice wins: the game ends"]


def test_you_win_the_game_as_card_text_is_refused_as_an_effect():
    board = board_with((SCOOT, 0, Zone.HAND, None))
    _with_story(board, 0, 2, [Effect.build("story", ["win"])])
    board.players[0].stage = 1
    state = at_phase(board)
    story = [c for c in board.players[0].story if c.printed.stage == 2][0]
    list(resolve(state, Context(story, 0, 0)))
    assert board.wins == {} and texts(board, "104.1.1", "check") == [
        "'You win the game' (Quest: Part 2's story effect) is a rule-based action, not a card effect: the game is "
        "won by reaching Stage IV (104.1.0)"]
    board.off = frozenset({"104.1.1"})
    with pytest.raises(GameEnds):
        list(resolve(state, Context(story, 0, 0)))
    assert board.wins == {0: "card effect"} and texts(board, "104.0.0")[-1] == "Alice wins: the game ends"


def test_a_main_character_at_stage_four_has_no_stage_ahead():
    board = board_with((BELLE, 0, Zone.ADVENTURE, 0))
    board.players[0].stage = 4
    board.wins = {}
    state = at_phase(board, "exchange")
    assert texts(board, "404.3.0", "note") == ["no action is possible for the left column"]
    assert state.pending.data["where"] == "end"


def test_without_308_0_0_a_revealed_plan_stays_on_its_stage_until_it_has_resolved():
    seen = {}
    waiting = character("Waiting", effects=[Effect.build("preplan", ["discard 1"])])
    for off in (frozenset(), frozenset({"308.0.0"})):
        board = board_with((BELLE, 0, Zone.ADVENTURE, 0), (waiting, 1, Zone.PLANS, 1), (SCOOT, 1, Zone.HAND, None),
                           (SCOOT, 1, Zone.HAND, None))
        board.off = off
        state = at_phase(board, "exchange")
        plan = card_named(board, "Waiting")
        seen[off] = plan.zone
        assert state.pending.kind.startswith("choose a card to discard")
        play_on(state, f"p1 discard #{card_named(board, 'Scootaloo').id}")
        assert plan.zone == Zone.REST and board.players[1].plans[0] is None
    assert list(seen.values()) == [Zone.RESOLUTION, Zone.PLANS]


def test_advance_story_is_a_story_progression_to_the_next_stage():
    for off in (frozenset(), frozenset({"304.0.0"})):
        board = board_with((BELLE, 0, Zone.ADVENTURE, 0))
        board.off = off
        advancing(at_phase(board, "exchange"))
        if off:
            assert board.players[0].stage == 0 and texts(board, "404.6.0") == []
        else:
            assert board.players[0].stage == 1
            assert texts(board, "304.0.0") == ["Story Progression: Alice's Main Character moves to the next stage, "
                                               "Stage I"]


def test_to_progress_is_to_move_the_main_character_to_the_next_stage():
    board = board_with((BELLE, 0, Zone.ADVENTURE, 0))
    advancing(at_phase(board, "exchange"))
    assert texts(board, "glossary/progress") == ["Alice's Main Character progresses from before Stage I to Stage I"]
    board = board_with((BELLE, 0, Zone.ADVENTURE, 0))
    board.off = frozenset({"glossary/progress"})
    advancing(at_phase(board, "exchange"))
    assert board.players[0].stage == 0


def test_advance_story_may_be_declined_but_disrupt_plan_may_not():
    board = board_with((BELLE, 0, Zone.ADVENTURE, 0), (SCOOT, 0, Zone.ADVENTURE, 1), (SCOOT, 0, Zone.ADVENTURE, 2),
                       (SCOOT, 1, Zone.PLANS, 2))
    state = at_phase(board, "exchange")
    assert state.legal_actions() == [Action("advance", 0), Action("pass", 0)] and state.pending.default() == \
        Action("advance", 0)
    play_on(state, "p0 pass")
    assert board.players[0].stage == 0 and texts(board, "404.6.0") == [
        "Alice does not advance their Story: their Main Character stays at the start of the Story"]
    assert texts(board, "404.6.0", "allowed") == ["Advance Story is optional: Alice may keep their Main Character "
                                                  "where it is"]
    with pytest.raises(IllegalAction, match=r"^404\.7\.0: Bob has a Plan at Stage II: Disrupt Plan flips it, Alice "
                                            r"can't decline it"):
        board.players[0].stage = 1
        check_decline(board, 0)
    board.players[0].stage = 0
    play_on(state, "p0 advance")
    assert board.players[0].stage == 1 and board.players[1].plans[1] is None
