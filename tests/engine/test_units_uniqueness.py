"""The rule units of uniqueness (516) and of the names it compares (201.1):
a card's name is its Title followed by its Subtitle, and cards of one Title
with different Subtitles do not share a name unless 201.1a is off."""

import pytest

from rulebase.engine.ccg import uniqueness
from rulebase.engine.ccg.board import Zone
from rulebase.engine.ccg.cards import Printed

from .helpers import board_with

TOP = Printed.build("Star Pupil, Top of Class", "Friend", colors=["purple"], power=2, cost=2, traits=["Unique"])
LATE = Printed.build("Star Pupil, Late Bloomer", "Friend", colors=["purple"], power=1, cost=1, traits=["Unique"])


def test_a_name_written_title_comma_subtitle_is_read_as_both():
    assert (TOP.title, TOP.subtitle, TOP.name) == ("Star Pupil", "Top of Class", "Star Pupil, Top of Class")


@pytest.mark.parametrize("off", [(), ("201.1a",)])
def test_one_title_two_subtitles_is_no_violation_unless_201_1a_is_off(off):
    board = board_with((TOP, 0, Zone.PLAY, "home", 0), (LATE, 0, Zone.PLAY, "problem", 0))
    board.off = frozenset(off)
    violation = uniqueness.find(board)
    assert (violation is not None) == bool(off)
    assert ("201.1a" in [step.rule for step in board.trace]) != bool(off)


def test_two_copies_of_one_name_violate_uniqueness():
    board = board_with((TOP, 0, Zone.PLAY, "home", 0), (TOP, 0, Zone.PLAY, "problem", 0))
    violation = uniqueness.find(board)
    assert violation is not None and violation.rule == "516.3" and len(violation.cards) == 2
