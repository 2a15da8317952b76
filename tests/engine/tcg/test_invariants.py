"""The invariants find a board no rule allows."""

from rulebase.engine.tcg.board import Zone
from rulebase.engine.tcg.invariants import violations

from .helpers import BELLE, CAPE, GARDEN, SCOOT, board_with, card_named


def test_a_legal_board_breaks_no_invariant():
    board = board_with((BELLE, 0, Zone.ADVENTURE, 0), (CAPE, 0, Zone.ADVENTURE, "Sweetie Belle"), (GARDEN, 1, Zone.SCENE, None),
                       (SCOOT, 1, Zone.PLANS, 2))
    assert violations(board) == []
    assert violations(board, full_decks=True)[0] == "102.0.0: Alice has 7 cards in the game, not 70"


def test_cards_lost_or_in_two_places_and_states_where_they_mean_nothing_are_found():
    board = board_with((BELLE, 0, Zone.ADVENTURE, 0), (SCOOT, 0, Zone.HAND, None), (CAPE, 0, Zone.HAND, None),
                       (GARDEN, 0, Zone.SCENE, None))
    belle, scoot, cape = card_named(board, "Sweetie Belle"), card_named(board, "Scootaloo"), card_named(board, "Cape")
    board.players[0].rest.append(scoot)
    board.players[0].hand.remove(cape)
    cape.face_down = True
    belle.space = 2
    board.players[1].stage = 5
    found = violations(board)
    assert "308.0.0: Scootaloo is in Alice's hand and in Alice's rest zone" in found
    assert "308.0.0: Cape is in no zone (lost)" in found
    assert "glossary/flip: Cape is face-down in the hand" in found
    assert "303.0.0: Sweetie Belle is in the 0 space but marked as in space 2" in found
    assert "304.0.0: Bob's Main Character is at stage 5" in found


def test_an_item_without_its_character_and_a_turn_ending_over_the_hand_size_are_found():
    board = board_with((BELLE, 0, Zone.ADVENTURE, 0), (CAPE, 0, Zone.ADVENTURE, "Sweetie Belle"),
                       *[(SCOOT, 0, Zone.HAND, None)] * 11)
    card_named(board, "Sweetie Belle").item = None
    board.turn.step = "over"
    found = violations(board)
    assert any(line.startswith("203.0.0: Cape") for line in found)
    assert "405.2.0: Alice ends the turn with 11 cards in hand" in found
