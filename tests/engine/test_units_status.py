"""The rule units of a card's status (503-505) and of a card changing zones
(410.6): each does what its rule says, and with its number switched off the
game goes on as if the rule did not exist."""

import pytest

from rulebase.engine.ccg import status, zones
from rulebase.engine.ccg.board import Zone
from rulebase.engine.errors import IllegalAction
from rulebase.engine.trace import ALLOWED, CHECK, REFUSAL, STEP

from .helpers import COMET, GEAR, board_with, kinds


def test_a_frightened_card_is_not_readied_unless_504_2a_is_off():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    card = board.cards[0]
    card.exhausted = card.frightened = True
    with pytest.raises(IllegalAction) as refused:
        status.ready(board, card)
    assert refused.value.rule == "504.2a" and card.exhausted and kinds(board, "504.2a") == [REFUSAL]
    assert not status.not_frightened.allows(board, card) and kinds(board, "504.2a") == [REFUSAL, CHECK]
    board.off = frozenset({"504.2a"})
    assert status.not_frightened.allows(board, card)
    status.ready(board, card)
    assert not card.exhausted and kinds(board, "503.3") == [STEP]


def test_exhausting_places_a_counter_unless_503_2_is_off():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0))
    first, second = board.cards
    status.exhaust(board, first)
    assert first.exhausted and kinds(board, "503.2") == [STEP]
    with pytest.raises(IllegalAction, match="503.2a"):
        status.exhaust(board, first)
    board.off = frozenset({"503.2"})
    status.exhaust(board, second)
    assert not second.exhausted and kinds(board, "503.2") == [STEP]


def test_frightening_turns_a_card_face_down_and_discards_its_attachments():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (GEAR, 0, Zone.PLAY, "home", 0))
    friend, gear = board.cards
    gear.host = friend
    friend.counters, friend.modifiers = 2, [1]
    status.frighten(board, friend)
    assert friend.frightened and friend.face_down and friend.counters == 0 and friend.modifiers == []
    assert gear.zone == Zone.DISCARD
    assert [step.rule for step in board.trace] == ["504.1", "505.3", "504.1"]
    with pytest.raises(IllegalAction, match="504.2b"):
        status.frighten(board, friend)
    status.unfrighten(board, friend)
    assert not friend.frightened and not friend.face_down and kinds(board, "504.3") == [STEP]


def test_with_504_1_off_frightening_changes_nothing():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (GEAR, 0, Zone.PLAY, "home", 0))
    friend, gear = board.cards
    gear.host = friend
    board.off = frozenset({"504.1"})
    status.frighten(board, friend)
    assert not friend.frightened and not friend.face_down and gear.zone == Zone.PLAY and len(board.trace) == 0


def test_with_505_3_off_a_frightened_card_keeps_its_modifiers():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    friend = board.cards[0]
    friend.modifiers = [1]
    board.off = frozenset({"505.3"})
    status.frighten(board, friend)
    assert friend.frightened and friend.modifiers == [1]


def test_a_card_that_changes_zones_loses_its_status_unless_410_6_is_off():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0))
    first, second = board.cards
    first.exhausted = second.exhausted = True
    first.counters = second.counters = 2
    zones.dismiss(board, first)
    assert not first.exhausted and first.counters == 0 and kinds(board, "410.6") == [STEP]
    board.off = frozenset({"410.6"})
    zones.dismiss(board, second)
    assert second.zone == Zone.DISCARD and second.exhausted and second.counters == 2
    assert kinds(board, "410.6") == [STEP]


def test_a_frightened_card_is_allowed_to_be_unfrightened_and_another_refused_unless_609_2e_is_off():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0))
    scared, calm = board.cards
    scared.frightened = scared.face_down = True
    status.unfrighten(board, scared)
    assert not scared.frightened and kinds(board, "609.2e") == [ALLOWED] and kinds(board, "504.3") == [STEP]
    with pytest.raises(IllegalAction) as refused:
        status.unfrighten(board, calm)
    assert refused.value.rule == "609.2e" and kinds(board, "609.2e") == [ALLOWED, REFUSAL]
    board.off = frozenset({"609.2e"})
    status.unfrighten(board, calm)
    assert kinds(board, "609.2e") == [ALLOWED, REFUSAL]


def test_104_2_a_cant_ready_of_card_text_refuses_readying_and_keeps_the_card_exhausted_through_the_ready_phase():
    from rulebase.engine.ccg.abilities import reading
    from rulebase.engine.ccg.cards import Printed

    bessie = Printed.build("Bessie", "Friend", colors=["white"], power=3, cost=3,
                           abilities=reading.read("Friends here with 2 or less power can't ready.", card_type="Friend"))
    board = board_with((bessie, 1, Zone.PLAY, "problem", 0), (COMET, 0, Zone.PLAY, "problem", 0),
                       (COMET, 0, Zone.PLAY, "home", 0))
    here, away = board.cards[1], board.cards[2]
    here.exhausted = away.exhausted = True
    assert not status.readies_in_ready_phase(board, here) and kinds(board, "104.2") == [CHECK]
    assert status.readies_in_ready_phase(board, away)
    with pytest.raises(IllegalAction) as refused:
        status.ready(board, here)
    assert refused.value.rule == "104.2" and here.exhausted
    board.off = frozenset({"104.2"})
    assert status.readies_in_ready_phase(board, here)
    status.ready(board, here)
    assert not here.exhausted


def test_104_2_a_card_its_controller_can_t_exhaust_is_exhausted_only_by_others_or_the_rules():
    from rulebase.engine.ccg.abilities.model import Ability, Modifier, Selector
    from rulebase.engine.ccg.cards import Printed

    star = Printed.build("Star", "Troublemaker", power=6, points=2, abilities=(
        Ability("continuous", "Players can't exhaust their Friends.", modifier=Modifier(
            "cant", subject=Selector("Friend", every=True, controller="their"),
            values=(("action", "be-exhausted-by-controller"), ("by", Selector("player", every=True))))),))
    board = board_with((star, 1, Zone.PLAY, "problem", 0), (COMET, 0, Zone.PLAY, "home", 0),
                       (COMET, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0))
    _, mine, theirs, ruled = board.cards
    with pytest.raises(IllegalAction, match="104.2"):
        status.exhaust(board, mine, by=0)
    assert not mine.exhausted and kinds(board, "104.2") == [REFUSAL]
    status.exhaust(board, theirs, by=1)
    status.exhaust(board, ruled)
    assert theirs.exhausted and ruled.exhausted
    board.off = frozenset({"104.2"})
    status.exhaust(board, mine, by=0)
    assert mine.exhausted
