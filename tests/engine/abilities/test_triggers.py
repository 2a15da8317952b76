"""Triggered abilities (704), their effects waiting for Pre-Priority
Processing (511.7, 712) and the order their controller chooses (511.7a,
801.1): each rule unit decides, and switched off the game goes on as if the
rule did not exist."""

import pytest

from rulebase.engine.ccg.abilities import triggers
from rulebase.engine.ccg.abilities.events import emit
from rulebase.engine.ccg.abilities.model import (
    THIS_CARD,
    Ability,
    Amount,
    Condition,
    Effect,
    Selector,
    Trigger,
    values,
)
from rulebase.engine.ccg.actions import Action
from rulebase.engine.ccg.board import Zone
from rulebase.engine.ccg.cards import Printed
from rulebase.engine.ccg.state import CCGState
from rulebase.engine.errors import IllegalAction
from rulebase.engine.trace import ALLOWED, CHECK, STEP

from ..helpers import COMET, KITE, PEST, board_with, kinds, run_first_choices

DRAW_ON_ENTRY = Ability("triggered", "When a Friend enters play here, draw a card.",
                        trigger=Trigger("enters-play", Selector("Friend", where="here")),
                        effect=Effect("draw", amount=Amount(1)))
GAIN_ON_ENTRY = Ability("triggered", "When a Friend enters play here, gain 1.",
                        trigger=Trigger("enters-play", Selector("Friend", where="here")),
                        effect=Effect("gain", amount=Amount(1)))
LOOKOUT = Printed.build("Lookout", "Friend", colors=["blue"], power=1, cost=1, abilities=(DRAW_ON_ENTRY,))
GREETER = Printed.build("Greeter", "Friend", colors=["blue"], power=1, cost=1, abilities=(GAIN_ON_ENTRY,))
ONCE = Printed.build("Once Greeter", "Friend", colors=["blue"], power=1, cost=1, abilities=(
    Ability("triggered", "Once per turn, when a Friend enters play here, gain 1.", limit="once-per-turn",
            trigger=GAIN_ON_ENTRY.trigger, effect=GAIN_ON_ENTRY.effect),))
CLOSER = Printed.build("Closer", "Friend", colors=["blue"], power=1, cost=1, abilities=(
    Ability("triggered", "At the end of your turn, gain 1.", trigger=Trigger("turn-ends", values=values(whose="your"),
                                                                             when="end"),
            effect=Effect("gain", amount=Amount(1))),))
MORNING = Printed.build("Early Riser", "Friend", colors=["blue"], power=1, cost=1, abilities=(
    Ability("triggered", "At the start of your Main Phase, gain 1.",
            trigger=Trigger("phase-starts", values=values(phase="main", whose="your"), when="start"),
            effect=Effect("gain", amount=Amount(1))),))


def _main_phase(*placements, tokens=4, off=()):
    board = board_with(*placements)
    board.off = frozenset(off)
    board.players[0].tokens = tokens
    return board, CCGState.from_board(board, "main")


def _play_comet(state, board):
    comet = next(card for card in board.cards if card.printed is COMET and card.zone == Zone.HAND)
    state.apply_action(Action("play", 0, comet.id, area=board.players[0].problem_area))
    return comet


def test_an_ability_triggers_on_its_event_and_its_effect_waits_for_pre_priority_processing():
    board, state = _main_phase((LOOKOUT, 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.HAND, None, 0),
                               (COMET, 0, Zone.DRAW_DECK, None, 0))
    _play_comet(state, board)
    assert len(board.players[0].hand) == 1 and board.waiting == []
    assert kinds(board, "704.1") == [STEP] and kinds(board, "511.7") == [STEP]


def test_without_704_1_nothing_triggers():
    board, state = _main_phase((LOOKOUT, 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.HAND, None, 0),
                               (COMET, 0, Zone.DRAW_DECK, None, 0), off={"704.1"})
    _play_comet(state, board)
    assert board.players[0].hand == [] and kinds(board, "511.7") == []


def test_without_511_7_the_triggered_effect_is_not_processed():
    board, state = _main_phase((LOOKOUT, 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.HAND, None, 0),
                               (COMET, 0, Zone.DRAW_DECK, None, 0), off={"511.7"})
    _play_comet(state, board)
    assert board.players[0].hand == [] and kinds(board, "704.1") == [STEP]


def test_an_ability_elsewhere_or_face_down_does_not_trigger():
    board, state = _main_phase((LOOKOUT, 0, Zone.PLAY, "home", 0), (GREETER, 0, Zone.PLAY, "problem", 0),
                               (COMET, 0, Zone.HAND, None, 0), (COMET, 0, Zone.DRAW_DECK, None, 0))
    board.cards[1].face_down = True
    _play_comet(state, board)
    assert board.players[0].hand == [] and board.players[0].tokens == 2 and kinds(board, "704.1") == []


def test_the_controller_orders_their_waiting_effects_when_the_order_can_matter():
    board, state = _main_phase((LOOKOUT, 0, Zone.PLAY, "problem", 0), (GREETER, 0, Zone.PLAY, "problem", 0),
                               (COMET, 0, Zone.HAND, None, 0), (COMET, 0, Zone.DRAW_DECK, None, 0))
    _play_comet(state, board)
    assert state.pending.kind == "choose the next triggered effect to process"
    assert {str(a) for a in state.legal_actions()} == {"p0 trigger #1 1", "p0 trigger #0 1"}
    state.apply_action(Action.parse("p0 trigger #1 1"))
    processed = [str(step) for step in board.trace if step.rule == "511.7"]
    assert processed[0].startswith("511.7: Alice processes the triggered effect of Greeter")
    assert board.players[0].tokens == 3 and len(board.players[0].hand) == 1
    assert ALLOWED in kinds(board, "511.7a")


def test_511_7a_refuses_a_choice_that_is_not_a_waiting_effect():
    board, state = _main_phase((LOOKOUT, 0, Zone.PLAY, "problem", 0), (GREETER, 0, Zone.PLAY, "problem", 0),
                               (COMET, 0, Zone.HAND, None, 0), (COMET, 0, Zone.DRAW_DECK, None, 0))
    _play_comet(state, board)
    assert state.pending.rule == "511.7a"
    with pytest.raises(IllegalAction) as refused:
        state.apply_action(Action.parse("p0 trigger #2"))
    assert refused.value.rule == "511.7a" and len(board.waiting) == 0 and board.players[0].tokens == 2


def test_effects_of_the_same_keyword_wait_in_any_order_without_a_question():
    studious = Printed.build("Page", "Friend", colors=["purple"], power=1, cost=1, keywords=["Studious"])
    board = board_with((studious, 0, Zone.PLAY, "problem", 1), (studious, 0, Zone.PLAY, "problem", 1))
    from rulebase.engine.ccg import faceoffs

    current = faceoffs.Faceoff(board, faceoffs.TROUBLEMAKER, (board.players[1].problem_area,), 0)
    board.faceoff = current
    emit(board, "faceoff-won", player=0, involving=frozenset({0, 1}), faceoff=current)
    assert len(board.waiting) == 2 and len({w.key() for w in board.waiting}) == 1


def test_once_per_turn_card_text_limits_triggering_and_104_1_switched_off_does_not():
    for off, tokens in (((), 1), (("104.1",), 2)):
        board = board_with((ONCE, 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.PLAY, "problem", 0),
                           (COMET, 0, Zone.PLAY, "problem", 0))
        board.off = frozenset(off)
        for comet in board.cards[1:]:
            emit(board, "enters-play", card=comet, player=0, area=comet.area)
        assert len(board.waiting) == tokens
        assert kinds(board, "104.1") == ([CHECK] if not off else [])


def test_the_player_who_most_recently_had_priority_processes_first_as_a_new_window_opens_the_turn_player():
    board = board_with((GREETER, 0, Zone.PLAY, "home", 0), (GREETER, 1, Zone.PLAY, "home", 1))
    board.turn.last_priority = 1
    assert triggers._first(board, opening=False) == 1 and kinds(board, "511.7a") == [STEP]
    assert triggers._first(board, opening=True) == 0 and kinds(board, "511.7a.i") == [STEP]
    board.off = frozenset({"511.7a.i"})
    assert triggers._first(board, opening=True) == 1
    board.off = frozenset({"511.7a.i", "511.7a"})
    assert triggers._first(board, opening=False) == 0


def test_end_of_turn_triggers_trigger_in_the_end_of_turn_step_unless_615_1_is_off():
    for off, tokens in (((), 1), (("615.1",), 0)):
        board, state = _main_phase((CLOSER, 0, Zone.PLAY, "home", 0), (KITE, 0, Zone.PLAY, "problem", 0),
                                   (KITE, 1, Zone.PLAY, "problem", 1), (COMET, 1, Zone.DRAW_DECK, None, 1),
                                   tokens=0, off=off)
        while board.turn.player == 0 and not state.is_terminal():
            state.apply_action(state.legal_actions()[0])
        assert board.players[0].tokens == tokens


def test_start_of_phase_triggers_answer_their_phase_and_player_only():
    board = board_with((MORNING, 0, Zone.PLAY, "home", 0))
    emit(board, "phase-starts", player=0, phase="score")
    emit(board, "phase-starts", player=1, phase="main")
    assert board.waiting == []
    emit(board, "phase-starts", player=0, phase="main")
    assert len(board.waiting) == 1


def test_a_trigger_the_engine_does_not_announce_is_not_executable():
    assert triggers.executable(Trigger("enters-play")) is None
    assert triggers.executable(Trigger("sent-home")) == "the event 'sent-home'"
    assert triggers.executable(None) == "no trigger condition"
    assert THIS_CARD.noun == "self"


WATCHER = Printed.build("Watcher", "Friend", colors=["blue"], power=1, cost=1, abilities=(
    Ability("triggered", "When one of your Friends leaves play, gain 1.",
            trigger=Trigger("leaves-play", Selector("Friend", controller="you")),
            effect=Effect("gain", amount=Amount(1))),))
CAPTAIN = Printed.build("Captain", "Mane Character", colors=["blue"], power=1, home_limit=1)


def test_616_4a_triggers_of_the_wrap_up_step_are_processed_before_the_turn_ends():
    for off, tokens in (((), 1), (("616.4a",), 0)):
        board = board_with((CAPTAIN, 0, Zone.PLAY, "problem", 0), (WATCHER, 0, Zone.PLAY, "home", 0),
                           (COMET, 0, Zone.PLAY, "home", 0))
        board.off = frozenset(off)
        state = CCGState.from_board(board, "end", checkpoints=True)
        state.apply_action(Action("continue", 0))
        assert state.pending.rule == "616.3"
        state.apply_action(Action("retire", 0, board.cards[2].id))
        assert state.pending.data.get("where") == "end of turn"
        assert board.players[0].tokens == tokens and kinds(board, "616.4a") == ([STEP] if not off else [])


PARTING = Printed.build("Parting Gift", "Friend", colors=["blue"], power=1, cost=1, abilities=(
    Ability("triggered", "When this card is dismissed, gain 1.", trigger=Trigger("dismissed", THIS_CARD),
            effect=Effect("gain", amount=Amount(1))),))


def test_a_card_s_own_ability_waiting_for_it_to_leave_play_triggers_as_it_was():
    from rulebase.engine.ccg import zones

    board = board_with((PARTING, 0, Zone.PLAY, "home", 0), (PARTING, 0, Zone.PLAY, "home", 0))
    first, second = board.cards
    zones.dismiss(board, first)
    assert [w.card for w in board.waiting] == [first]
    board.off = frozenset({"704.1"})
    zones.dismiss(board, second)
    assert [w.card for w in board.waiting] == [first]


def test_without_704_1c_the_ability_triggers_but_creates_no_effect():
    board, state = _main_phase((LOOKOUT, 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.HAND, None, 0),
                               (COMET, 0, Zone.DRAW_DECK, None, 0), off={"704.1c"})
    _play_comet(state, board)
    assert kinds(board, "704.1") == [STEP] and kinds(board, "704.1c") == []
    assert board.players[0].hand == [] and kinds(board, "511.7") == []


def test_712_1_takes_the_effects_created_since_a_player_last_had_priority_and_without_it_they_wait():
    for off, drawn, waiting in (((), 1, 0), (("712.1",), 0, 1)):
        board, state = _main_phase((LOOKOUT, 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.HAND, None, 0),
                                   (COMET, 0, Zone.DRAW_DECK, None, 0), off=off)
        _play_comet(state, board)
        assert len(board.players[0].hand) == drawn and len(board.waiting) == waiting
        assert kinds(board, "712.1") == ([STEP] if not off else [])


def test_705_2f_a_card_played_announces_it_was_played_and_entering_play_is_706_1d():
    played = Ability("triggered", "When you play a Friend, gain 1.",
                     trigger=Trigger("played", Selector("Friend"), values=values(by="you")),
                     effect=Effect("gain", amount=Amount(1)))
    host = Printed.build("Host", "Friend", colors=["blue"], power=1, cost=1, abilities=(played,))
    for off, tokens in (((), 3), (("705.2f",), 2)):
        board, state = _main_phase((host, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.HAND, None, 0), off=off)
        _play_comet(state, board)
        assert board.players[0].tokens == tokens
        assert kinds(board, "706.1d") == [STEP]


def test_712_2_a_triggered_effect_keeps_its_controller_as_it_was_created():
    for off, player in (((), 0), (("712.2",), 1)):
        board = board_with((GREETER, 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.PLAY, "problem", 0))
        board.off = frozenset(off)
        emit(board, "enters-play", card=board.cards[1], player=0, area=board.cards[1].area)
        board.cards[0].controller = 1
        assert [waiting.player() for waiting in board.waiting] == [player]
        assert kinds(board, "712.2") == ([STEP] if not off else [])


def test_515_3_each_card_flipped_at_once_is_a_separate_occurrence_its_own_ability_functioning_there():
    from rulebase.engine.ccg import faceoffs

    chaos = Printed.build("Chaos Pony", "Friend", colors=["blue"], power=1, cost=1, abilities=(
        Ability("triggered", "When this card is flipped, gain 1.", trigger=Trigger("flips", THIS_CARD),
                effect=Effect("gain", amount=Amount(1))),))
    for off, waiting in (((), 1), (("515.3",), 0), (("701.3",), 0)):
        board = board_with((COMET, 0, Zone.DRAW_DECK, None, 0), (chaos, 0, Zone.DRAW_DECK, None, 0))
        board.off = frozenset(off)
        assert len(faceoffs.flip(board, 0, 2)) == 2
        assert len(board.waiting) == waiting and board.cards[1].zone == Zone.FLIP


def test_704_1b_an_ability_triggers_once_for_each_instance_and_without_it_once():
    for off, waiting in (((), 2), (("704.1b",), 1)):
        board = board_with((GREETER, 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.PLAY, "problem", 0),
                           (COMET, 0, Zone.PLAY, "problem", 0))
        board.off = frozenset(off)
        for comet in board.cards[1:]:
            emit(board, "enters-play", card=comet, player=0, area=comet.area)
        assert len(board.waiting) == waiting
        assert kinds(board, "704.1b") == ([STEP] if not off else [])


def test_704_1_points_scored_with_a_card_during_one_score_phase_are_counted_until_they_reach_the_number():
    """Rarity, Dazzling Fashionista: "When you score at least 2 points with
    this card during one Score Phase, turn this card over." """
    from rulebase.engine.ccg import points

    from .driving import real

    board = board_with((real("rarity-dazzling-fashionista"), 0, Zone.PLAY, "problem", 0))
    rarity = board.cards[0]
    board.turn.phase = "score"
    points.score(board, 0, 1, "confronting", (rarity,), rule="611.4")
    assert board.waiting == []
    points.score(board, 1, 1, "confronting", (), rule="611.4")
    assert board.waiting == []
    points.score(board, 0, 1, "the Problem bonus", (rarity,), rule="514.5c")
    assert len(board.waiting) == 1
    points.score(board, 0, 1, "card text", (rarity,))
    assert len(board.waiting) == 1
    board.waiting.clear()
    board.turn.number += 1
    points.score(board, 0, 2, "card text", ())
    board.turn.phase = "main"
    points.score(board, 0, 2, "card text", (rarity,))
    assert board.waiting == []


def test_704_1_the_first_player_to_confront_a_problem_triggers_its_ability_once():
    """Adventures in Foalsitting: "The first player to confront this
    Problem may look at the top card of this Problem deck and put it on
    either the top or bottom of that deck." """
    from rulebase.engine.ccg.board import Confrontation

    from .driving import real

    board = board_with((real("adventures-in-foalsitting"), 0, Zone.PLAY, "problem", 0))
    problem = board.cards[0]
    for turn, player, waiting in ((1, 1, 1), (2, 0, 1)):
        board.confrontations.append(Confrontation(turn, player, problem))
        emit(board, "confronts", card=problem, player=player, area=problem.area)
        assert len(board.waiting) == waiting
    assert board.waiting[0].happened.get("player") == 1


RESPONDER = Printed.build("Responder", "Friend", colors=["blue"], power=1, cost=1, abilities=(
    Ability("activated", "Reaction: When a Friend enters play here, draw a card.", timing="Reaction",
            trigger=DRAW_ON_ENTRY.trigger, effect=DRAW_ON_ENTRY.effect),))


def test_704_1a_a_reaction_that_says_when_does_not_trigger_and_without_the_rule_it_would():
    board, state = _main_phase((RESPONDER, 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.HAND, None, 0),
                               (COMET, 0, Zone.DRAW_DECK, None, 0))
    _play_comet(state, board)
    assert board.players[0].hand == [] and kinds(board, "704.1a") == [CHECK] and kinds(board, "704.1") == []
    board, state = _main_phase((RESPONDER, 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.HAND, None, 0),
                               (COMET, 0, Zone.DRAW_DECK, None, 0), off={"704.1a"})
    _play_comet(state, board)
    assert len(board.players[0].hand) == 1 and kinds(board, "704.1") == [STEP]


CHAOS_DRAW = Printed.build("Chaos Drawer", "Friend", colors=["blue"], power=1, cost=1, abilities=(
    Ability("triggered", "Chaos: When a Friend enters play here, draw a card.", timing="Chaos",
            trigger=DRAW_ON_ENTRY.trigger, effect=DRAW_ON_ENTRY.effect),))


def test_701_5_a_tag_word_has_no_game_text_and_without_the_rule_704_1a_keeps_the_ability_from_triggering():
    for off, drawn in (((), 1), (("701.5",), 0)):
        board, state = _main_phase((CHAOS_DRAW, 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.HAND, None, 0),
                                   (COMET, 0, Zone.DRAW_DECK, None, 0), off=off)
        _play_comet(state, board)
        assert len(board.players[0].hand) == drawn
        assert kinds(board, "701.5") == ([] if off else [STEP]) and kinds(board, "704.1a") == ([CHECK] if off else [])


def test_a_trigger_value_the_engine_does_not_check_makes_the_ability_unexecutable():
    moved_home = Trigger("moved", THIS_CARD, values(to="problem", **{"from": "home"}))
    assert triggers.executable(moved_home) is None
    assert triggers.executable(Trigger("faceoff-won", None, values(margin="==1"))) is None
    assert triggers.executable(Trigger("confronts", None, values(margin=">required"))) is None
    assert "'colors-among'" in triggers.executable(Trigger("moved", None, values(**{"colors-among": ">=3"})))
    assert "'involving'" in triggers.executable(Trigger("faceoff-won", None, values(involving="Mane Character")))
    assert "'margin'" in triggers.executable(Trigger("confronts", None, values(margin=">=5")))


def test_a_move_trigger_matches_only_the_places_it_names():
    from rulebase.engine.ccg.abilities.events import Happened

    board = board_with((COMET, 0, Zone.PLAY, "problem", 0))
    card = board.cards[0]
    home, problem = board.players[0].home, board.players[0].problem_area
    trigger = Trigger("moved", THIS_CARD, values(to="problem", **{"from": "home"}))
    there = Happened("moved", (("card", card), ("player", 0), ("from", home), ("to", problem)))
    back = Happened("moved", (("card", card), ("player", 0), ("from", problem), ("to", home)))
    assert triggers.matches(board, card, trigger, there)
    assert not triggers.matches(board, card, trigger, back)


def test_a_faceoff_won_by_a_margin_matches_only_that_margin():
    from types import SimpleNamespace

    from rulebase.engine.ccg.abilities.events import Happened

    board = board_with((COMET, 0, Zone.PLAY, "problem", 0))
    card = board.cards[0]

    def won(mine, theirs):
        faceoff = SimpleNamespace(totals={0: mine, 1: theirs})
        return Happened("faceoff-won", (("player", 0), ("faceoff", faceoff)))

    exactly_one = Trigger("faceoff-won", None, values(margin="==1"))
    at_least_five = Trigger("faceoff-won", None, values(margin=">=5"))
    assert triggers.matches(board, card, exactly_one, won(5, 4))
    assert not triggers.matches(board, card, exactly_one, won(6, 4))
    assert triggers.matches(board, card, at_least_five, won(9, 4))
    assert not triggers.matches(board, card, at_least_five, won(8, 4))


EITHER_GAIN = Printed.build("Either Greeter", "Friend", colors=["blue"], power=1, cost=1, abilities=(
    Ability("triggered", "When one of your Friends is retired or dismissed, gain 1.",
            trigger=Trigger("either", Selector("Friend", controller="you"),
                            values=values(**{"any-of": ("retired", "dismissed")})),
            effect=Effect("gain", amount=Amount(1))),))


def test_a_trigger_of_either_of_two_events_waits_for_each_and_for_no_other():
    from rulebase.engine.ccg import zones

    either = EITHER_GAIN.abilities[0].trigger
    assert triggers.executable(either) is None and triggers.events_of(either) == ("retired", "dismissed")
    board = board_with((EITHER_GAIN, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0),
                       (COMET, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0))
    watcher, first, second, third = board.cards
    zones.dismiss(board, first)
    zones.retire(board, 0, second)
    assert [w.card for w in board.waiting] == [watcher, watcher]
    assert [w.happened.event for w in board.waiting] == ["dismissed", "retired"]
    emit(board, "frightened", card=third, player=0)
    assert len(board.waiting) == 2, "an event neither of the two is not the trigger condition"


def test_a_trigger_of_either_of_two_events_is_executable_only_when_each_is():
    unknown = Trigger("either", THIS_CARD, values=values(**{"any-of": ("enters-play", "sent-home")}))
    assert triggers.executable(unknown) == "the event 'sent-home'"
    assert triggers.executable(Trigger("either", THIS_CARD)) == "the events None of 'either'"
    replacing = Trigger("either", THIS_CARD, values=values(**{"any-of": ("dismissed", "frightened")}), when="would")
    assert triggers.executable(replacing) is not None
    face_up = Trigger("either", THIS_CARD, values=values(**{"any-of": ("enters-play", "uncovered")}, face="up"))
    assert triggers.executable(face_up) is None
    assert triggers.executable(Trigger("moved", THIS_CARD, values=values(face="up"))) == "the trigger's 'face' (up)"


def test_a_trigger_of_entering_play_face_up_does_not_match_a_card_entering_face_down():
    trigger = Trigger("enters-play", THIS_CARD, values=values(face="up"))
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    comet = board.cards[0]
    happened = triggers.events.Happened("enters-play", (("card", comet), ("player", 0)))
    assert triggers.matches(board, comet, trigger, happened)
    comet.face_down = True
    assert not triggers.matches(board, comet, trigger, happened)


def test_the_colors_among_the_characters_a_problem_is_confronted_with_are_counted_611_3a():
    trigger = Trigger("confronts", THIS_CARD, values=values(**{"colors-among": ">=3"}))
    assert triggers.executable(trigger) is None
    assert triggers.executable(Trigger("moved", THIS_CARD, values=values(**{"colors-among": ">=3"}))) is not None
    pink = Printed.build("Rose", "Friend", colors=["pink"], power=1, cost=1)
    yellow = Printed.build("Sunny", "Friend", colors=["yellow"], power=1, cost=1)
    board = board_with((KITE, 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.PLAY, "problem", 0),
                       (pink, 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.PLAY, "problem", 0))
    problem = board.cards[0]
    happened = triggers.events.Happened("confronts", (("card", problem), ("player", 0)))
    assert not triggers.matches(board, problem, trigger, happened), "blue, pink and blue: 2 different colors"
    sunny = board.new_card(yellow, 0)
    board.put(sunny, Zone.PLAY, area=problem.area)
    assert triggers.matches(board, problem, trigger, happened)
    assert kinds(board, "611.3a")[-1] == STEP
    sunny.frightened = True
    assert not triggers.matches(board, problem, trigger, happened), "a frightened character does not contribute"
    sunny.frightened = False
    board.off = frozenset({"611.3a"})
    assert not triggers.matches(board, problem, trigger, happened)


DIGGER = Printed.build("Digger", "Troublemaker", power=4, points=1, abilities=(
    Ability("triggered", "When this card is defeated, gain [2].", trigger=Trigger("defeated", THIS_CARD),
            effect=Effect("gain", amount=Amount(2))),))


def test_a_troublemaker_s_own_ability_waiting_for_its_defeat_triggers_though_it_is_dismissed():
    from rulebase.engine.ccg import zones

    board = board_with((DIGGER, 1, Zone.PLAY, "problem", 1))
    digger = board.cards[0]
    area = digger.area
    zones.dismiss(board, digger)
    emit(board, "defeated", card=digger, player=0, area=area)
    assert [w.card for w in board.waiting] == [digger]


def test_a_problem_confronted_with_at_least_some_characters_of_a_description_611_3a():
    white = Printed.build("Snow", "Friend", colors=["white"], power=1, cost=1)
    others = Selector("character", count=Amount(2), filters=(("color", "white"), ("other", True)))
    trigger = Trigger("confronts", Selector("Problem", where="here"), values=values(**{"with": others}))
    assert triggers.executable(trigger) is None
    assert triggers.executable(Trigger("confronts", THIS_CARD, values=values(**{"with": Selector("Resource")}))) \
        == "the trigger's 'with' (Resource)"
    board = board_with((KITE, 0, Zone.PLAY, "problem", 0), (white, 0, Zone.PLAY, "problem", 0),
                       (white, 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.PLAY, "problem", 0))
    problem, source, snow, comet = board.cards
    happened = triggers.events.Happened("confronts", (("card", problem), ("player", 0)))
    assert not triggers.matches(board, source, trigger, happened), "one other white character, and a blue one"
    comet.printed = white
    assert triggers.matches(board, source, trigger, happened)
    board.off = frozenset({"611.3a"})
    assert not triggers.matches(board, source, trigger, happened)


def test_a_card_leaving_play_into_a_discard_pile_enters_it_from_play():
    from rulebase.engine.ccg import zones

    from_play = Trigger("enters-discard", THIS_CARD, values=values(**{"from": "play"}))
    assert triggers.executable(from_play) is None
    assert triggers.executable(Trigger("enters-discard", THIS_CARD)) is None  # from anywhere
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0))
    first, second = board.cards
    zones.dismiss(board, first)
    entered = [event for event in board.events if event.event == "enters-discard"]
    assert [(event.get("card"), event.get("from")) for event in entered] == [(first, "play")]
    assert triggers.matches(board, first, from_play, entered[0])
    assert not triggers.matches(board, first, Trigger("enters-discard", THIS_CARD, values=values(**{"from": "hand"})),
                                entered[0])
    zones.banish(board, second)
    assert [event.get("card") for event in board.events if event.event == "enters-discard"] == [first]


def test_an_attachments_that_friend_is_the_card_it_is_attached_to_509_4():
    from rulebase.engine.ccg import status

    costume = Printed.build("Costume", "Resource", colors=["blue"], cost=1, abilities=(
        Ability("triggered", "When that Friend becomes exhausted, gain 1.",
                trigger=Trigger("exhausted", Selector("that", ref="Friend")), effect=Effect("gain", amount=Amount(1))),))
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0))
    worn, other = board.cards
    attached = board.new_card(costume, 0)
    board.put(attached, Zone.PLAY, area=worn.area)
    attached.host = worn
    status.exhaust(board, other)
    assert board.waiting == [] and kinds(board, "509.4") == [CHECK]
    status.exhaust(board, worn)
    assert [w.card for w in board.waiting] == [attached]


def test_the_cards_involved_as_a_faceoff_begins_become_involved():
    board = board_with((COMET, 0, Zone.PLAY, "problem", 1), (COMET, 0, Zone.PLAY, "home", 0))
    comet, other = board.cards
    assert triggers.executable(Trigger("involved", THIS_CARD)) is None
    emit(board, "faceoff-starts", player=0, involving=frozenset({comet.id}), kind="troublemaker")
    assert [(e.get("card"), e.get("kind")) for e in board.events if e.event == "involved"] == [(comet, "troublemaker")]


def test_one_or_more_triggers_once_for_events_that_happen_together_and_by_whom_is_not_guessed():
    from rulebase.engine.ccg import status

    together = Printed.build("Lookout", "Friend", colors=["blue"], power=1, cost=1, abilities=(
        Ability("triggered", "When one or more of your Friends become exhausted, gain 1.",
                trigger=Trigger("exhausted", Selector("Friend", controller="you", filters=(("at_least", True),))),
                effect=Effect("gain", amount=Amount(1))),))
    for off, waiting in ((frozenset(), 1), (frozenset({"104.1"}), 2)):
        board = board_with((together, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0),
                           (COMET, 0, Zone.PLAY, "home", 0))
        board.off = off
        status.exhaust(board, board.cards[1])
        status.exhaust(board, board.cards[2])
        assert len(board.waiting) == waiting
    by_you = Trigger("dismissed", Selector("character", controller="opponent"), values=values(by="you"))
    assert "'by'" in triggers.executable(by_you)  # the dismissal names the card's controller, not who did it
    assert triggers.executable(Trigger("played", Selector("Friend"), values=values(by="you"))) is None


def test_the_start_of_any_phase_matches_the_start_of_each_phase():
    from rulebase.engine.ccg.abilities.events import Happened

    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    source = board.cards[0]
    started = Happened("phase-starts", (("player", 1), ("phase", "main")))
    assert triggers.matches(board, source, Trigger("phase-starts", None, values(phase="any")), started)
    assert triggers.matches(board, source, Trigger("phase-starts", None, values(phase="main")), started)
    assert not triggers.matches(board, source, Trigger("phase-starts", None, values(phase="score")), started)


def test_a_card_that_comes_to_fit_a_faceoff_while_it_goes_on_becomes_involved_once_514_2d():
    board = board_with((COMET, 0, Zone.PLAY, "problem", 1), (COMET, 0, Zone.PLAY, "home", 0))
    comet, other = board.cards

    class Going:
        initial = {comet.id}
        kind_group = "troublemaker"

        def involved(self, board):
            return [card for card in board.play if card.area == comet.area]

    board.faceoff = Going()
    emit(board, "moved", card=other, player=0)
    assert [e.get("card") for e in board.events if e.event == "involved"] == []
    other.area = comet.area
    emit(board, "moved", card=other, player=0)
    emit(board, "exhausted", card=other, player=0)
    assert [(e.get("card"), e.get("kind")) for e in board.events if e.event == "involved"] == [(other, "troublemaker")]
    board.faceoff = None


def test_a_card_unfrightened_announces_it_and_an_ability_waiting_for_it_triggers_504_3():
    from rulebase.engine.ccg import status

    cheer = Printed.build("Cheer", "Friend", colors=["blue"], power=1, cost=1, abilities=(
        Ability("triggered", "When a Friend becomes unfrightened, gain 1.",
                trigger=Trigger("unfrightened", Selector("Friend")), effect=Effect("gain", amount=Amount(1))),))
    assert triggers.executable(cheer.abilities[0].trigger) is None
    board = board_with((cheer, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0))
    comet = board.cards[1]
    comet.frightened = comet.face_down = True
    status.unfrighten(board, comet)
    assert [happened.event for happened in board.events] == ["unfrightened"] and len(board.waiting) == 1
    comet.frightened = comet.face_down = True
    board.off = frozenset({"504.3"})
    status.unfrighten(board, comet)
    assert len(board.events) == 1 and len(board.waiting) == 1


def test_counters_with_a_name_put_by_card_text_are_announced_and_plus_one_counters_are_not_waited_for():
    from rulebase.engine.ccg.abilities.verbs import VERBS, Act

    runway = Printed.build("Runway", "Resource", colors=["blue"], power=1, cost=1, abilities=(
        Ability("triggered", "When you put a Trainee counter on this card, gain 1.",
                trigger=Trigger("counters-put", THIS_CARD, values=values(amount=1, by="you", kind="Trainee")),
                effect=Effect("gain", amount=Amount(1))),))
    assert triggers.executable(runway.abilities[0].trigger) is None
    plus_one = Trigger("counters-put", Selector("character"), values=values(amount=1, by="you"))
    assert "+1 power counters" in triggers.executable(plus_one)
    board = board_with((runway, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0))
    card = board.cards[0]
    VERBS["counters"].apply(board, Act(0, card, amount=2, effect=Effect("counters", values=values(kind="Hero"))))
    assert board.waiting == []
    VERBS["counters"].apply(board, Act(0, card, amount=2, effect=Effect("counters", values=values(kind="Trainee"))))
    assert [h.event for h in board.events][-1] == "counters-put" and len(board.waiting) == 1
    VERBS["counters"].apply(board, Act(1, card, amount=1, effect=Effect("counters", values=values(kind="Trainee"))))
    assert len(board.waiting) == 1


def test_a_troublemaker_uncovered_is_turned_face_up_607_3():
    from ..helpers import PEST

    board = board_with((PEST, 0, Zone.PLAY, "problem", 1))
    pest = board.cards[0]
    emit(board, "uncovered", card=pest, player=0, area=pest.area)
    assert [h.event for h in board.events] == ["uncovered", "turned-face-up"]
    assert triggers.executable(Trigger("turned-face-up", THIS_CARD)) is None


def test_a_move_to_another_problem_is_to_a_problem_other_than_this_cards():
    board = board_with((COMET, 0, Zone.PLAY, "problem", 0), (KITE, 0, Zone.PLAY, "problem", 0),
                       (KITE, 1, Zone.PLAY, "problem", 1))
    ace = board.cards[0]
    trigger = Trigger("moved", Selector("character"), values=values(**{"to": "another-problem"}))
    assert triggers.executable(trigger) is None
    assert triggers._at(ace, "another-problem", board.players[1].problem_area)
    assert not triggers._at(ace, "another-problem", board.players[0].problem_area)
    assert not triggers._at(ace, "another-problem", board.players[1].home)


def test_a_friend_sent_home_as_its_player_loses_a_troublemaker_faceoff_was_involved_in_the_faceoff_lost_514_5b():
    """"When you lose a faceoff involving this card": the challenger loses
    (514.5) before the character goes home (514.5b), so the Friend sent
    home was involved in the faceoff its player lost, and its ability
    triggers."""
    from rulebase.engine.ccg import faceoffs
    from rulebase.engine.ccg.abilities.reading import read

    from .driving import state

    racer = Printed.build("Racer", "Friend", colors=["blue"], power=4, cost=4, abilities=read(
        "When you lose a faceoff involving this card, you may move this card to a Problem."))
    board = board_with((racer, 0, Zone.PLAY, "problem", 1), (PEST, 1, Zone.PLAY, "problem", 1))
    racer_card, pest = board.cards
    current = faceoffs.Faceoff(board, faceoffs.TROUBLEMAKER, (board.players[1].problem_area,), 0, troublemaker=pest)
    current.by_rule = True
    current.start(board)
    board.faceoff = current
    run_first_choices(faceoffs._consequences(state(board), current, 1))
    assert racer_card.area == board.players[0].home, "sent home by 514.5b"
    assert [w.card for w in board.waiting] == [racer_card], "its ability triggered on the faceoff lost"


def test_801_1_as_a_new_window_opens_the_turn_player_decides_first_else_who_last_had_priority():
    from rulebase.engine.ccg.abilities import resolve

    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    board.turn.last_priority = 1
    players = [0, 1]
    resolve.most_recent_first(board, players)
    assert players == [1, 0]
    board.opening_window = True
    resolve.most_recent_first(board, players)
    assert players == [0, 1]
    assert kinds(board, "801.1") == [STEP, STEP]


def test_a_card_entering_a_discard_pile_is_announced_from_the_zone_it_left():
    board = board_with((COMET, 0, Zone.HAND, None, 0), (COMET, 0, Zone.DRAW_DECK, None, 0),
                       (COMET, 0, Zone.DISCARD, None, 0))
    board.events = []
    in_hand, in_deck, _ = board.cards
    board.put(in_hand, Zone.DISCARD)
    board.put(in_deck, Zone.DISCARD)
    entered = [(happened.get("card"), happened.get("from")) for happened in board.events
               if happened.event == "enters-discard"]
    assert entered == [(in_hand, "hand"), (in_deck, "deck")]


def test_a_trigger_waiting_for_a_card_entering_a_discard_pile_from_a_hand_is_executable_and_matches_only_that():
    trigger = Trigger("enters-discard", Selector("card"), values=values(**{"from": "hand"}))
    assert triggers.executable(trigger) is None
    assert triggers.executable(Trigger("enters-discard", Selector("card"))) is None
    assert triggers.executable(Trigger("enters-discard", Selector("card"), values=values(**{"from": "nowhere"})))
    board = board_with((LOOKOUT, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.HAND, None, 0))
    lookout, comet = board.cards
    board.put(comet, Zone.DISCARD)
    from_hand = [h for h in board.events if h.event == "enters-discard"][0]
    assert triggers.matches(board, lookout, trigger, from_hand)
    assert not triggers.matches(board, lookout, replace_from(trigger, "play"), from_hand)


def replace_from(trigger, word):
    from dataclasses import replace

    return replace(trigger, values=values(**{"from": word}))


def test_701_3_an_ability_putting_its_card_from_the_hand_into_play_waits_in_the_hand():
    lap = Printed.build("Lap Pet", "Friend", colors=["yellow"], power=1, cost=1, abilities=(
        Ability("triggered", "When you move a character, you may put this card from your hand into play.",
                trigger=Trigger("moved", Selector("character"), values=values(by=Selector("you"))),
                effect=Effect("put-into-play", Selector("self", zone="hand"), optional=True)),))
    for off, waiting in (((), 1), (("701.3",), 0)):
        board = board_with((COMET, 0, Zone.PLAY, "home", 0), (lap, 0, Zone.HAND, None, 0), (lap, 1, Zone.HAND, None, 1))
        board.off = frozenset(off)
        emit(board, "moved", card=board.cards[0], player=0, by=0)
        assert [w.card for w in board.waiting] == [board.cards[1]][:waiting], "only the mover's card in hand waits"


def test_a_trigger_naming_who_exhausted_a_card_matches_the_player_the_event_names_by():
    from rulebase.engine.ccg import status

    trigger = Trigger("exhausted", Selector("character"), values=values(by=Selector("you")))
    assert triggers.executable(trigger) is None
    board = board_with((LOOKOUT, 0, Zone.PLAY, "home", 0), (COMET, 1, Zone.PLAY, "home", 1),
                       (COMET, 1, Zone.PLAY, "home", 1))
    lookout, first, second = board.cards
    board.events = []
    status.exhaust(board, first, 0)
    status.exhaust(board, second, 1)
    by_alice, by_bob = [h for h in board.events if h.event == "exhausted"]
    assert by_alice.get("by") == 0 and by_bob.get("by") == 1
    assert triggers.matches(board, lookout, trigger, by_alice)
    assert not triggers.matches(board, lookout, trigger, by_bob)
    assert triggers.executable(Trigger("dismissed", Selector("Friend"), values=values(by=Selector("opponent"))))


def test_505_1a_a_face_down_troublemakers_ability_to_uncover_itself_as_it_is_played_functions():
    sneak = Printed.build("Sneak", "Troublemaker", power=3, points=1, abilities=(
        Ability("triggered", "When you play this card to a Problem, you may retire a Friend there to uncover this card.",
                trigger=Trigger("played", THIS_CARD, values=values(by=Selector("you"))),
                effect=Effect("retire", Selector("Friend"), optional=True,
                              then=Effect("uncover", THIS_CARD))),
        Ability("triggered", "When you play this card to a Problem, gain 1.",
                trigger=Trigger("played", THIS_CARD, values=values(by=Selector("you"))),
                effect=Effect("gain", amount=Amount(1)))))
    for off, waiting in (((), 1), (("505.1a",), 0)):
        board = board_with((sneak, 0, Zone.PLAY, "problem", 1))
        board.off = frozenset(off)
        board.cards[0].face_down = True
        emit(board, "played", card=board.cards[0], player=0, by=0)
        assert [w.ability.text for w in board.waiting] == [sneak.abilities[0].text][:waiting]


def test_a_faceoff_won_involving_this_card_and_another_of_a_description_matches_only_with_both_involved():
    from rulebase.engine.ccg.abilities.events import Happened

    both = (THIS_CARD, Selector("Friend", filters=(("name", "Comet"),)))
    trigger = Trigger("faceoff-won", values=values(by=Selector("you"), involving=both))
    assert triggers.executable(trigger) is None
    assert triggers.executable(Trigger("faceoff-won", values=values(involving=Selector("Friend", every=True))))
    board = board_with((LOOKOUT, 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.PLAY, "problem", 0),
                       (COMET, 0, Zone.PLAY, "home", 0))
    lookout, comet, _ = board.cards
    won = lambda *cards: Happened("faceoff-won", (("player", 0), ("involving", frozenset(c.id for c in cards))))
    assert triggers.matches(board, lookout, trigger, won(lookout, comet))
    assert not triggers.matches(board, lookout, trigger, won(lookout))
    assert not triggers.matches(board, lookout, trigger, won(comet))


def test_the_cards_a_trigger_condition_describes_are_named_for_its_effect():
    from rulebase.engine.ccg.abilities.events import Happened

    mine = Selector("Friend", controller="their")
    trigger = Trigger("faceoff-won", values=values(involving=mine))
    assert triggers.names_for_the_effect(trigger)
    assert not triggers.names_for_the_effect(Trigger("faceoff-won", values=values(involving=THIS_CARD)))
    board = board_with((LOOKOUT, 0, Zone.PLAY, "problem", 0), (COMET, 1, Zone.PLAY, "problem", 0))
    lookout, comet = board.cards
    won = Happened("faceoff-won", (("player", 1), ("involving", frozenset({comet.id}))))
    assert triggers.matches(board, lookout, trigger, won)
    assert triggers._naming(board, lookout, trigger, won).get("named") == {"Friend": [comet]}
    lost_by_alice = Happened("faceoff-won", (("player", 0), ("involving", frozenset({comet.id}))))
    assert not triggers.matches(board, lookout, trigger, lost_by_alice)


def _faceoff(board, winner_cards=()):
    from types import SimpleNamespace

    return SimpleNamespace(players=(0, 1), starter=0, kind_group="problem", areas=(),
                           involved=lambda board: list(winner_cards))


NOT_LOST = Trigger("faceoff-ends", when="end", condition=Condition("did", values=values(what="lose-faceoff"),
                                                                   negated=True))


@pytest.mark.parametrize("winner, triggers_for_alice", [(0, True), (1, False), (None, True)])
def test_514_6_the_end_of_a_faceoff_is_announced_with_its_losers_and_if_you_didnt_lose_asks_them(
        winner, triggers_for_alice):
    assert triggers.executable(NOT_LOST) is None
    board = board_with((LOOKOUT, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "problem", 0))
    lookout, comet = board.cards
    assert triggers.faceoff_ends(board, _faceoff(board, (comet,)), winner) is not None
    (ended,) = [happened for happened in board.events if happened.event == "faceoff-ends"]
    assert ended.get("losers") == tuple(p for p in (0, 1) if winner is not None and p != winner)
    assert ended.get("involving") == frozenset({comet.id})
    assert triggers.matches(board, lookout, NOT_LOST, ended) is triggers_for_alice
    lost = Trigger("faceoff-ends", when="end", condition=Condition("did", values=values(what="lose-faceoff")))
    assert triggers.matches(board, lookout, lost, ended) is (winner == 1)


def test_514_6_switched_off_the_end_of_a_faceoff_is_not_announced():
    board = board_with((LOOKOUT, 0, Zone.PLAY, "home", 0))
    board.off = frozenset({"514.6"})
    assert triggers.faceoff_ends(board, _faceoff(board), 0) is None
    assert not [happened for happened in board.events or () if happened.event == "faceoff-ends"]


def test_an_ability_at_the_end_of_a_faceoff_about_flipped_cards_is_not_executable_514_6():
    from rulebase.engine.ccg.abilities.catalog import Engine

    to_hand = Effect("to-hand", target=Selector("card", controller="you", zone="flip"), optional=True)
    rover = Ability("triggered", "At the end of a faceoff involving this card, you may put one of your flipped "
                    "cards into your hand.", trigger=Trigger("faceoff-ends", values=values(involving=THIS_CARD),
                                                             when="end"), effect=to_hand)
    flipped = Condition("status", subject=THIS_CARD, values=values(status="flipped"))
    costume = Ability("triggered", "At the end of a faceoff while this card is flipped, draw a card.",
                      trigger=Trigger("faceoff-ends", when="end", condition=flipped),
                      effect=Effect("draw", amount=Amount(1)))
    counters = Ability("triggered", "At the end of a faceoff, draw a card.", trigger=Trigger("faceoff-ends", when="end"),
                       effect=Effect("draw", amount=Amount(1)))
    assert "flipped cards" in triggers.after_the_end(rover) and "514.6" in triggers.after_the_end(rover)
    assert "flipped card's ability" in triggers.after_the_end(costume)
    assert triggers.after_the_end(counters) is None
    assert Engine().ability(rover) == ("trigger", triggers.after_the_end(rover))
    assert Engine().ability(counters) is None
