"""The rule units of points and the end of the game (103, 517), of power
(507, 505.1b, 519.4, 503.5) and of uniqueness (516): each does what its rule
says, and with its number switched off the game goes on as if the rule did
not exist."""

import pytest

from rulebase.engine.ccg import points, power, uniqueness
from rulebase.engine.ccg.board import Zone
from rulebase.engine.ccg.cards import Printed
from rulebase.engine.errors import EngineError
from rulebase.engine.flow import GameEnds
from rulebase.engine.game import Termination
from rulebase.engine.trace import ALLOWED, CHECK, STEP

from .helpers import COMET, PEST, board_with, kinds

STAR = Printed.build("Starlight", "Friend", colors=["blue"], power=2, cost=2, traits=["Unique"])
STUBBORN = Printed.build("Mule", "Friend", colors=["blue"], power=2, cost=2, keywords=["Stubborn"])
EPIC = Printed.build("Big Pest", "Troublemaker", power=3, points=2, traits=["Epic"])


# -- points -------------------------------------------------------------------------


def test_points_are_scored_by_the_rule_that_awards_them_unless_it_is_off():
    board = board_with((COMET, 0, Zone.PLAY, "problem", 0))
    comet = board.cards[0]
    points.score(board, 0, 1, "confronting Stuck Kite", [comet], rule="611.4")
    assert board.players[0].score == 1 and board.scorings[-1].cards == ("Comet",)
    assert kinds(board, "611.4") == [STEP] and kinds(board, "517.2") == [STEP]
    board.off = frozenset({"611.4"})
    points.score(board, 0, 1, "confronting Stuck Kite", [comet], rule="611.4")
    assert board.players[0].score == 1 and len(board.scorings) == 1


def test_with_517_2_off_points_are_scored_with_no_card():
    board = board_with((COMET, 0, Zone.PLAY, "problem", 0))
    board.off = frozenset({"517.2"})
    points.score(board, 0, 2, "defeating Pest", [board.cards[0]], rule="514.5a")
    assert board.players[0].score == 2 and board.scorings[-1].cards == ()


def test_points_under_a_rule_that_awards_none_are_an_engine_error():
    with pytest.raises(EngineError, match="no rule of the engine scores points under 605.1"):
        points.score(board_with(), 0, 1, "drawing", rule="605.1")


def test_a_player_with_15_points_wins_unless_103_2_is_off():
    board = board_with()
    board.players[0].score = 14
    with pytest.raises(GameEnds) as ended:
        points.score(board, 0, 1, "by card text")
    assert ended.value.outcome.termination == Termination.WIN and ended.value.outcome.winner == 0
    assert kinds(board, "103.2") == [STEP] and kinds(board, "103.1") == [STEP]
    board = board_with()
    board.players[0].score = 14
    board.off = frozenset({"103.2"})
    points.score(board, 0, 1, "by card text")
    assert board.players[0].score == 15


def test_with_103_1_off_a_player_with_15_points_wins_but_the_game_goes_on():
    board = board_with()
    board.players[0].score = 14
    board.off = frozenset({"103.1"})
    points.score(board, 0, 1, "by card text")
    assert board.players[0].score == 15
    assert kinds(board, "103.2") == [STEP] and kinds(board, "103.1") == []


def test_two_players_reaching_15_at_once_draw_unless_103_2a_is_off():
    board = board_with()
    board.players[0].score = board.players[1].score = 14
    with pytest.raises(GameEnds) as ended:
        points.score_each(board, {0: 1, 1: 1}, "by card text")
    assert ended.value.outcome.termination == Termination.DRAW and kinds(board, "103.2a") == [STEP]
    board.players[0].score = board.players[1].score = 14
    board.off = frozenset({"103.2a"})
    points.score_each(board, {0: 1, 1: 1}, "by card text")


def test_a_player_who_concedes_is_removed_and_the_other_wins_unless_103_5_is_off():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    with pytest.raises(GameEnds) as ended:
        points.concede(board, 0)
    assert ended.value.outcome.termination == Termination.CONCESSION and ended.value.outcome.winner == 1
    assert board.players[0].removed and board.cards[0].zone == Zone.REMOVED
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    board.off = frozenset({"103.5"})
    points.concede(board, 0)
    assert board.players[0].conceded and not board.players[0].removed and board.cards[0].zone == Zone.PLAY


# -- power ------------------------------------------------------------------------------


def test_power_counters_add_power_unless_519_4_is_off():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    comet = board.cards[0]
    comet.counters = 2
    assert power.power_parts(board, comet) == (4, [])
    assert [str(step) for step in board.trace] == ["202.1: Comet's power is the value printed on it: 2",
                                                   "519.4: Comet has 2 +1 power counters"]
    assert kinds(board, "519.4") == [STEP]
    with board.trace.quiet():
        assert power.power_parts(board, comet) == (4, [("519.4", "Comet has 2 +1 power counters")])
    assert power.power_parts(board, comet, explain=False) == (4, []) and len(board.trace) == 2
    board.off = frozenset({"519.4"})
    assert power.power_parts(board, comet) == (2, []) and len(board.trace) == 3
    board.off = frozenset({"202.1"})
    assert power.power_parts(board, comet) == (None, []) and power.power(board, comet) is None


def test_an_exhausted_stubborn_character_contributes_unless_its_keyword_is_off():
    board = board_with((STUBBORN, 0, Zone.PLAY, "problem", 0))
    mule = board.cards[0]
    mule.exhausted = True
    assert power.power_parts(board, mule) == (2, []) and kinds(board, "glossary/stubborn") == [ALLOWED]
    board.off = frozenset({"glossary/stubborn"})
    assert power.contribution_blocker(mule, board) == ("503.5", "Mule is exhausted and does not contribute its power")


def test_a_face_down_card_has_no_power_unless_505_1b_is_off():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    comet = board.cards[0]
    comet.face_down = comet.frightened = True
    assert power.power(board, comet) is None
    assert power.contribution_blocker(comet, board)[0] == "505.1b"
    board.off = frozenset({"505.1b"})
    assert power.power(board, comet) == 2 and power.contribution_blocker(comet, board) is None


def test_an_exhausted_card_does_not_contribute_unless_stubborn_or_503_5_is_off():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (STUBBORN, 0, Zone.PLAY, "home", 0))
    comet, mule = board.cards
    comet.exhausted = mule.exhausted = True
    assert power.contribution_blocker(comet) == ("503.5", "Comet is exhausted and does not contribute its power")
    assert power.contribution_blocker(mule) is None
    assert power.contributes_ready.allows(board, mule) and kinds(board, "503.5") == []
    assert not power.contributes_ready.allows(board, comet) and kinds(board, "503.5") == [CHECK]
    board.off = frozenset({"503.5"})
    assert power.contribution_blocker(comet, board) is None


# -- uniqueness -------------------------------------------------------------------------


def test_two_unique_cards_of_a_name_violate_uniqueness_unless_516_3_is_off():
    board = board_with((STAR, 0, Zone.PLAY, "home", 0), (STAR, 0, Zone.PLAY, "problem", 0))
    violation = uniqueness.find(board)
    assert violation.rule == "516.3" and violation.player == 0 and len(violation.cards) == 2
    assert violation.description == "Alice controls more than one Unique card named Starlight"
    assert kinds(board, "516.3") == [CHECK]
    board.off = frozenset({"516.3"})
    assert uniqueness.find(board) is None


def test_an_epic_troublemaker_is_chosen_last_unless_516_4b_is_off():
    board = board_with((EPIC, 1, Zone.PLAY, "problem", 0), (PEST, 1, Zone.PLAY, "problem", 0))
    epic, pest = board.cards
    violation = uniqueness.find(board)
    assert violation.rule == "516.4a" and violation.player == 1
    assert uniqueness.choosable(violation) == [pest] and uniqueness.choosable(violation, board) == [pest]
    board.off = frozenset({"516.4b"})
    assert uniqueness.choosable(violation, board) == [epic, pest]
    board.off = frozenset({"516.4a"})
    assert uniqueness.find(board).rule == "516.4"


def test_an_epic_troublemaker_may_be_chosen_when_all_violating_troublemakers_are_epic():
    other = Printed.build("Dark Cloud", "Troublemaker", power=4, points=2, traits=["Epic"])
    board = board_with((EPIC, 0, Zone.PLAY, "problem", 1), (other, 1, Zone.PLAY, "problem", 1))
    violation = uniqueness.find(board)
    assert violation.rule == "516.4a" and uniqueness.choosable(violation, board) == board.cards
    uniqueness.epic_chosen_last(board, violation, board.cards[0])
    assert kinds(board, "516.4b") == [ALLOWED]


def test_the_player_who_last_had_priority_repairs_a_violation_of_several_players_unless_516_2a_is_off():
    board = board_with((EPIC, 1, Zone.PLAY, "problem", 0), (PEST, 0, Zone.PLAY, "problem", 0))
    board.turn.player = 0
    violation = uniqueness.find(board)
    assert violation.rule == "516.4a" and violation.player == 0 and kinds(board, "516.2a") == [STEP]
    board.turn.last_priority = 1
    assert uniqueness.find(board).player == 1
    board.off = frozenset({"516.2a"})
    violation = uniqueness.find(board)
    assert violation.player == 1 and kinds(board, "516.2a") == [STEP, STEP]
    board.turn.last_priority = None
    assert uniqueness.find(board).player == 1


def _no_scoring(subject: str):
    from rulebase.engine.ccg.abilities.model import Ability, Modifier, Selector

    return Printed.build("Grump", "Friend", colors=["orange"], power=0, cost=2, abilities=(
        Ability("continuous", "Players can't score points.", modifier=Modifier(
            "cant", subject=Selector(subject, every=True), values=(("action", "score"),))),))


@pytest.mark.parametrize("subject, scored", [("player", (0, 0)), ("opponent", (0, 1))])
def test_104_2_a_player_card_text_forbids_to_score_scores_nothing(subject, scored):
    board = board_with((_no_scoring(subject), 1, Zone.PLAY, "home", 1))
    points.score(board, 0, 1, "card text")
    points.score(board, 1, 1, "card text")
    assert (board.players[0].score, board.players[1].score) == scored
    assert kinds(board, "104.2")[-1] == CHECK
    board.off = frozenset({"104.2"})
    points.score(board, 0, 1, "card text")
    assert board.players[0].score == 1
