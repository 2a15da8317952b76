"""The rule units of the turn, its faceoffs and confronts: each does what its
rule says, and with its number switched off the game goes on as if the rule
did not exist."""

import pytest

from rulebase.engine.ccg import faceoffs, turn
from rulebase.engine.ccg.actions import Action
from rulebase.engine.ccg.board import Zone
from rulebase.engine.ccg.cards import Printed
from rulebase.engine.ccg.state import CCGState
from rulebase.engine.errors import EngineError, IllegalAction
from rulebase.engine.trace import ALLOWED, CHECK, NOTE, STEP

from .helpers import COMET, KITE, PEST, board_with, kinds


def power(n):
    return Printed.build(f"a card of power {n}", "Friend", power=n, cost=0)


def one_turn(board, phase="ready", off=(), number=2):
    """Alice's turn ``number`` from ``phase``, the game stopping when it ends."""
    board.turn.number = number
    board.turn_limit = number
    board.off = frozenset(off)
    return CCGState.from_board(board, phase)


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


def test_unmet_requirements_are_a_check_of_611_3_and_without_it_the_player_confronts():
    board = board_with((KITE, 0, Zone.PLAY, "problem", 0), (power(1), 0, Zone.PLAY, "problem", 0))
    one_turn(board, "score")
    assert board.confrontations == [] and CHECK in kinds(board, "611.3")
    board = board_with((KITE, 0, Zone.PLAY, "problem", 0), (power(1), 0, Zone.PLAY, "problem", 0))
    one_turn(board, "score", off={"611.3"})
    assert len(board.confrontations) == 1 and board.players[0].score >= 1
    board = board_with((KITE, 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.PLAY, "problem", 0))
    one_turn(board, "score", off={"611.1"})
    assert board.confrontations == [] and board.players[0].score == 0


def confronts(problem, *characters, off=(), owner=0):
    board = board_with((problem, owner, Zone.PLAY, "problem", 0),
                       *((printed, 0, Zone.PLAY, "problem", 0) for printed in characters))
    one_turn(board, "score", off=off)
    return board


def friend(colors, n):
    return Printed.build(f"{'/'.join(colors) or 'colorless'} {n}", "Friend", colors=list(colors), power=n, cost=0)


def test_wild_power_is_met_by_power_left_over_by_611_3d_and_by_nothing_without_it():
    wild = Printed.build("Wild Kite", "Problem", owner_needs="2 blue + 2 wild", opponents_need=9, bonus=1)
    assert len(confronts(wild, friend(["blue"], 4)).confrontations) == 1
    assert kinds(confronts(wild, friend(["blue"], 4)), "611.3d") == [STEP]
    assert confronts(wild, friend(["blue"], 4), off={"611.3d"}).confrontations == []
    assert confronts(wild, friend(["blue"], 3)).confrontations == []


def test_not_a_color_refuses_the_prohibited_color_and_allows_the_others_unless_611_3c_is_off():
    fog = Printed.build("Fog", "Problem", owner_needs="3 not blue", opponents_need=9, bonus=1)
    board = confronts(fog, friend(["blue"], 5))
    assert board.confrontations == [] and CHECK in kinds(board, "611.3c")
    assert len(confronts(fog, friend(["blue"], 5), off={"611.3c"}).confrontations) == 1
    board = confronts(fog, friend([], 2), friend(["pink"], 1))
    assert len(board.confrontations) == 1 and "allowed" in kinds(board, "611.3c")


def test_a_character_of_two_colors_contributes_one_unless_611_3b_is_off():
    twin = Printed.build("Twin", "Problem", owner_needs="3 blue + 3 purple", opponents_need=9, bonus=1)
    board = confronts(twin, friend(["blue", "purple"], 3))
    assert board.confrontations == [] and CHECK in kinds(board, "611.3b")
    assert len(confronts(twin, friend(["blue", "purple"], 3), off={"611.3b"}).confrontations) == 1


def test_an_opponent_meets_the_requirements_at_the_top_by_611_2_and_without_it_those_beneath():
    kite = Printed.build("Kite", "Problem", owner_needs="3 blue", opponents_need=2, bonus=1)
    board = confronts(kite, friend(["pink"], 2), owner=1)
    assert len(board.confrontations) == 1 and kinds(board, "611.2") == [STEP]
    assert confronts(kite, friend(["pink"], 2), owner=1, off={"611.2"}).confrontations == []


def test_each_character_contributes_by_611_3a_and_nothing_without_it():
    assert len(confronts(KITE, COMET).confrontations) == 1
    assert confronts(KITE, COMET, off={"611.3a"}).confrontations == []


def test_a_confront_step_is_performed_for_each_problem_by_610_1():
    assert confronts(KITE, COMET, off={"610.1"}).confrontations == []


def test_a_problem_faceoff_needs_an_opponent_who_could_also_confront_unless_612_2_is_off():
    def score(off=()):
        board = board_with((KITE, 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.PLAY, "problem", 0),
                           (power(0), 0, Zone.DRAW_DECK, None, 0), (power(0), 1, Zone.DRAW_DECK, None, 1))
        one_turn(board, "score", off=off)
        return board

    board = score()
    assert board.faceoffs == [] and kinds(board, "612.2") == [CHECK]
    board = score(off={"612.2"})
    assert len(board.faceoffs) == 1 and board.faceoffs[0].winner == 0


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


def test_within_the_hand_size_the_end_phase_notes_it_and_the_home_limit_allows_the_friends_at_home():
    mane = Printed.build("Sky Captain", "Mane Character", colors=["blue"], power=1, home_limit=3)
    board = board_with((mane, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0))
    one_turn(board, "end")
    assert kinds(board, "616.2") == [NOTE] and kinds(board, "616.3") == [ALLOWED] and kinds(board, "212.1") == [STEP]


# -- faceoffs ------------------------------------------------------------------------------


def challenge(*placements, off=()):
    """Alice challenges the first card placed (a Troublemaker)."""
    board = board_with(*placements)
    state = one_turn(board, "troublemaker", off=off)
    state.apply_action(Action("challenge", 0, board.play[0].id))
    while not state.is_terminal() and state.pending.kind != "choose a character to send home":
        state.apply_action(state.pending.default() if state.pending.default else state.legal_actions()[0])
    return board


def test_a_character_sent_away_ceases_to_be_involved_by_514_2d_and_stays_involved_without_it():
    board = board_with((PEST, 1, Zone.PLAY, "problem", 1), (COMET, 0, Zone.PLAY, "problem", 1),
                       (power(1), 0, Zone.PLAY, "home", 0))
    pest, comet, late = board.play
    current = faceoffs.Faceoff(board, faceoffs.TROUBLEMAKER, (pest.area,), 0, troublemaker=pest)
    faceoffs.occurs_at(board, current)
    faceoffs.troublemaker_faceoff_involves(board, current)
    current.start(board)
    assert current.involved(board) == [pest, comet]
    comet.area, late.area = board.players[0].home, pest.area
    assert current.involved(board) == [pest, late]
    current.record_changes(board)
    assert kinds(board, "514.2d") == [CHECK, ALLOWED]
    board.off = frozenset({"514.2d"})
    assert current.involved(board) == [pest, comet]


def test_a_troublemaker_challenged_by_its_controller_counts_for_the_opponent_by_514_4a_i():
    epic = Printed.build("Grand Tempest", "Troublemaker", power=5, points=2, traits=["Epic"])
    cards = ((epic, 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.PLAY, "problem", 0),
             (power(4), 0, Zone.DRAW_DECK, None, 0))
    board = challenge(*cards)
    assert board.faceoffs[0].totals == {0: 6, 1: 5} and board.faceoffs[0].winner == 0
    board = challenge(*cards, off={"514.4a.i"})
    assert board.faceoffs[0].totals == {0: 11, 1: 0}


def test_a_negative_power_counts_as_zero_in_a_faceoff_by_105_2():
    cards = ((PEST, 1, Zone.PLAY, "problem", 1), (COMET, 0, Zone.PLAY, "problem", 1),
             (Printed.build("Gloom", "Friend", power=-2, cost=0), 0, Zone.PLAY, "problem", 1))
    assert challenge(*cards).faceoffs[0].totals[0] == 2
    assert challenge(*cards, off={"105.2"}).faceoffs[0].totals[0] == 0


def test_an_unbreakable_tie_ends_by_802_3_and_without_it_the_engine_can_not_go_on():
    cards = ((PEST, 1, Zone.PLAY, "problem", 1), (power(1), 0, Zone.PLAY, "problem", 1))
    board = challenge(*cards)
    assert board.faceoffs[0].winner is None and kinds(board, "802.3") == [STEP]
    with pytest.raises(EngineError, match="802.3"):
        challenge(*cards, off={"802.3"})


def test_the_owner_chooses_the_order_of_several_flipped_cards_by_402_3_and_without_it_they_go_in_flip_order():
    cards = ((PEST, 1, Zone.PLAY, "problem", 1), (power(1), 0, Zone.PLAY, "problem", 1),
             (power(1), 0, Zone.DRAW_DECK, None, 0), (power(3), 0, Zone.DRAW_DECK, None, 0),
             (power(1), 1, Zone.DRAW_DECK, None, 1), (power(1), 1, Zone.DRAW_DECK, None, 1))
    board = challenge(*cards)
    assert board.faceoffs[0].winner == 0 and kinds(board, "402.3") == [STEP, STEP]
    board = challenge(*cards, off={"402.3"})
    assert [c.label for c in board.players[0].deck] == ["a card of power 1", "a card of power 3"]
    assert kinds(board, "402.3") == []


# -- priority windows ----------------------------------------------------------------------


def test_no_window_opens_in_the_ready_phase_before_the_action_step_unless_601_2a_is_off():
    reflex = Printed.build("Quick Reflex", "Event", cost=0, timing="Immediate", instructions=["gain 1 action token"])
    board = board_with((reflex, 1, Zone.HAND, None, 1))
    state = one_turn(board)
    assert CHECK in kinds(board, "601.2a") and board.turn.step == "draw"
    board = board_with((reflex, 1, Zone.HAND, None, 1))
    state = one_turn(board, off={"601.2a"})
    assert board.turn.step == "ready" and not state.is_terminal()


def test_a_boosted_mane_has_the_home_limit_of_its_face_up_side_by_301_3():
    mane = Printed.build("Sky Captain", "Mane Character", colors=["blue"], power=1, home_limit=1,
                         boosted=Printed.build("Sky Captain", "Mane Character", colors=["blue"], power=3, home_limit=2))
    cards = ((mane, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0))
    board = board_with(*cards)
    board.play[0].turned_over = True
    state = one_turn(board, "end")
    assert state.is_terminal() and kinds(board, "301.3") == [STEP]
    board = board_with(*cards)
    board.play[0].turned_over = True
    state = one_turn(board, "end", off={"301.3"})
    assert state.pending.kind == "choose a Friend at home to retire"


def test_the_next_player_becomes_the_turn_player_unless_106_1_is_off():
    from rulebase.engine.ccg.start import becomes_turn_player

    board = board_with()
    becomes_turn_player(board, 1)
    assert board.turn.player == 1 and kinds(board, "106.1") == [STEP]
    assert "Bob is the turn player; Alice is a non-turn player" in str(board.trace.steps[-1])
    board.off = frozenset({"106.1"})
    becomes_turn_player(board, 0)
    assert board.turn.player == 1


# -- replacing a Problem ----------------------------------------------------------------


def _replacements(monkeypatch) -> list:
    """The 'replaced' events announced from now on, as ``(card, player, area)``."""
    from rulebase.engine.ccg.abilities import events

    seen = []

    def record(board, happened):
        if happened.event == "replaced":
            seen.append((happened.get("card"), happened.get("player"), happened.get("area")))

    monkeypatch.setattr(events, "LISTENERS", [*events.LISTENERS, record])
    return seen


def test_a_solved_problem_is_replaced_and_the_replacement_is_announced_once(monkeypatch):
    seen = _replacements(monkeypatch)
    board = board_with((KITE, 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.PLAY, "problem", 0),
                       (KITE, 0, Zone.PROBLEM_DECK, None, 0),
                       (power(0), 0, Zone.DRAW_DECK, None, 0), (power(0), 1, Zone.DRAW_DECK, None, 1))
    solved, comet, following = board.cards[:3]
    one_turn(board, "score", off={"612.2"})
    assert board.faceoffs[0].winner == 0
    assert solved.zone == Zone.PROBLEM_DECK and following.zone == Zone.PLAY
    assert seen == [(solved, 0, board.players[0].problem_area)]


def test_a_problem_replaced_for_another_player_is_announced_as_theirs(monkeypatch):
    seen = _replacements(monkeypatch)
    board = board_with((KITE, 1, Zone.PLAY, "problem", 1), (KITE, 1, Zone.PROBLEM_DECK, None, 1))
    problem, following = board.cards
    turn.replace_problem(board, problem, 1)
    assert following.area == board.players[1].problem_area
    assert seen == [(problem, 1, board.players[1].problem_area)]


def test_what_triggers_as_a_problem_becomes_solved_is_processed_before_it_is_replaced_601_2():
    """The Solve Step's starting window (601.2) processes what triggered as
    the Problem became solved (613.1) while the cards are still at it:
    "When this Problem is solved, dismiss each Friend here" finds them
    there, before 613.2 would send them home."""
    from rulebase.engine.ccg.abilities import reading

    rescue = Printed.build("Rescue", "Problem", owner_needs="2 blue", opponents_need=3, bonus=1, abilities=reading.read(
        "When this Problem is solved, dismiss each Friend here.", card_type="Problem"))
    board = board_with((rescue, 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.PLAY, "problem", 0),
                       (KITE, 0, Zone.PROBLEM_DECK, None, 0),
                       (power(0), 0, Zone.DRAW_DECK, None, 0), (power(0), 1, Zone.DRAW_DECK, None, 1))
    comet = board.cards[1]
    one_turn(board, "score", off={"612.2"})
    assert comet.zone == Zone.DISCARD


def test_the_problem_replacing_a_solved_one_enters_play_and_what_waits_for_that_triggers_706_1():
    """613.2 puts the top card of the Problem deck into play: it enters play
    (706.1), so "When this card enters play, gain [1]" triggers."""
    from rulebase.engine.ccg.abilities import reading

    windfall = Printed.build("Windfall", "Problem", owner_needs="2 blue", opponents_need=3, bonus=1,
                             abilities=reading.read("When this card enters play, gain [1].", card_type="Problem"))
    board = board_with((KITE, 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.PLAY, "problem", 0),
                       (windfall, 0, Zone.PROBLEM_DECK, None, 0),
                       (power(0), 0, Zone.DRAW_DECK, None, 0), (power(0), 1, Zone.DRAW_DECK, None, 1))
    following = board.cards[2]
    one_turn(board, "score", off={"612.2"})
    assert following.zone == Zone.PLAY and board.players[0].tokens == 1
