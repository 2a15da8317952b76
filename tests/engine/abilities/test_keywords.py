"""Keywords as abilities (701.2a, 701.4, the glossary): each keyword's
meaning is an ability, acting where its kind says, carried out by its
glossary unit; switched off, the keyword does nothing."""

import pytest

from rulebase.engine.ccg import moving, power
from rulebase.engine.ccg.abilities import keywords
from rulebase.engine.ccg.abilities.events import emit
from rulebase.engine.ccg.abilities.model import Ability
from rulebase.engine.ccg.actions import Action
from rulebase.engine.ccg.board import Zone
from rulebase.engine.ccg.cards import Printed
from rulebase.engine.ccg.state import CCGState
from rulebase.engine.trace import STEP

from ..helpers import COMET, PEST, RUNNER, board_with, kinds

HEALER = Printed.build("Healer", "Friend", colors=["yellow"], power=2, cost=2, keywords=["Calming 1"])
TERROR = Printed.build("Terror", "Troublemaker", power=3, points=2, keywords=["Villain"])
KICKER = Printed.build("Kicker", "Friend", colors=["blue"], power=2, cost=2, keywords=["Competitive 2"])


@pytest.mark.parametrize("name, x, kind, where", [
    ("Swift", None, "continuous", "cost"), ("Showy", 2, "continuous", "cost"),
    ("Competitive", 2, "continuous", "power"), ("Supportive", 1, "continuous", "power"),
    ("Caretaker", None, "continuous", "power"), ("Eccentric", 2, "continuous", "confront-need"),
    ("Stubborn", None, "continuous", "may"), ("Calming", 1, "triggered", "enters-play"),
    ("Diligent", 1, "triggered", "faceoff-won"), ("Studious", None, "triggered", "faceoff-won"),
    ("Prepared", None, "triggered", "faceoff-starts"), ("Villain", None, "triggered", "uncovered"),
])
def test_each_keyword_means_an_ability_of_the_kind_its_glossary_sentence_has(name, x, kind, where):
    meaning = keywords.meaning(name, x)
    assert meaning.kind == kind
    assert (meaning.modifier.kind if kind == "continuous" else meaning.trigger.event) == where
    assert name in keywords.RULES and keywords.UNITS[name].number == keywords.RULES[name]


def test_a_card_s_keywords_are_keyword_abilities_whose_meaning_acts():
    [swift] = keywords.keyword_abilities(RUNNER)
    assert swift == Ability("keyword", keyword="Swift", meaning=keywords.meaning("Swift"))
    assert [acts.kind for _, acts in keywords.acting(RUNNER)] == ["continuous"]
    board = board_with((RUNNER, 0, Zone.PLAY, "home", 0))
    runner = board.cards[0]
    assert keywords.has(runner, "Swift") is True
    runner.face_down = True
    assert keywords.has(runner, "Swift") is False


def test_swift_acts_on_the_move_cost_unless_its_unit_is_off():
    board = board_with((RUNNER, 0, Zone.PLAY, "home", 0))
    runner = board.cards[0]
    assert moving.move_cost(board, 0, runner, board.players[0].problem_area) == 1
    board.off = frozenset({"glossary/swift"})
    assert moving.move_cost(board, 0, runner, board.players[0].problem_area) == 2


def test_competitive_acts_on_power_only_in_a_faceoff_involving_it():
    from rulebase.engine.ccg import faceoffs

    board = board_with((KICKER, 0, Zone.PLAY, "problem", 1), (PEST, 1, Zone.PLAY, "problem", 1))
    kicker = board.cards[0]
    assert power.power(board, kicker) == 2
    current = faceoffs.Faceoff(board, faceoffs.TROUBLEMAKER, (board.players[1].problem_area,), 0,
                               troublemaker=board.cards[1])
    current.by_rule = True
    current.areas = current.specified
    current.start(board)
    board.faceoff = current
    assert power.power(board, kicker) == 4
    board.off = frozenset({"glossary/competitive-x"})
    assert power.power(board, kicker) == 2


def test_calming_triggers_when_an_opposing_friend_enters_play_and_is_processed_before_priority():
    for off, expected in (((), 1), (("glossary/calming-x",), 2)):
        board = board_with((HEALER, 1, Zone.PLAY, "problem", 1), (COMET, 0, Zone.HAND, None, 0))
        board.off = frozenset(off)
        board.players[0].tokens = 2
        state = CCGState.from_board(board, "main", checkpoints=True)
        state.apply_action(Action("continue", 0))
        comet = board.cards[1]
        state.apply_action(Action("play", 0, comet.id, area=board.players[1].problem_area))
        assert power.power(board, comet) == expected
        assert kinds(board, "704.1") == [STEP]


def test_calming_does_not_trigger_for_its_own_controller_s_friend():
    board = board_with((HEALER, 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.PLAY, "problem", 0))
    emit(board, "enters-play", card=board.cards[1], player=0, area=board.cards[1].area)
    assert board.waiting == []


def test_villain_triggers_when_uncovered_and_frightens_each_friend_there():
    from rulebase.engine.ccg.turn import uncover

    for off, frightened in (((), True), (("glossary/villain",), False)):
        board = board_with((TERROR, 1, Zone.PLAY, "problem", 0), (COMET, 0, Zone.PLAY, "problem", 0))
        board.off = frozenset(off)
        terror, comet = board.cards
        terror.face_down = True
        state = CCGState.from_board(board, "main")
        list(uncover(state, terror))
        assert comet.frightened is frightened


def test_hasty_a_card_played_as_an_immediate_action_outside_its_player_s_main_phase():
    from rulebase.engine.ccg import play

    quick = Printed.build("Quick", "Friend", colors=["blue"], power=1, cost=1,
                          abilities=(keywords.keyword_ability("Hasty"),))
    assert keywords.meaning("Hasty").modifier.value("timing") == "Immediate"
    for off, playable in (((), True), (("glossary/hasty",), False)):
        board = board_with((quick, 1, Zone.HAND, None, 1), (COMET, 1, Zone.HAND, None, 1))
        board.off = frozenset(off)
        board.players[1].tokens = 2
        window = play.Window("start of the Draw Step")
        found = play.options(board, 1, window)
        assert (Action("play", 1, 0, area=board.players[1].home) in found) is playable
        assert not any(action.card == 1 for action in found)
