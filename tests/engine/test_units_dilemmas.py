"""The rule units of Dilemmas (522): a Problem card put into play as a
Dilemma is at an area of its own, owned by its controller, and when it is
replaced it goes to its owner's discard pile and no Problem takes its
place; with each rule switched off the game goes on as if it did not
exist."""

from rulebase.engine.ccg import dilemmas, turn, zones
from rulebase.engine.ccg.board import Zone
from rulebase.engine.ccg.cards import CardType, Printed
from rulebase.engine.trace import ALLOWED, CHECK, STEP

from .helpers import COMET, KITE, board_with, kinds


def dilemma_board(off=()):
    """Bob's Problem deck of two Problems; Alice puts the top one into play as a Dilemma."""
    board = board_with((KITE, 1, Zone.PROBLEM_DECK, None, 1), (KITE, 1, Zone.PROBLEM_DECK, None, 1),
                       (COMET, 0, Zone.PLAY, "home", 0))
    board.off = frozenset(off)
    dilemma = board.cards[0]
    dilemmas.enters_at_its_own_area(board, dilemma, 0)
    return board, dilemma


def test_a_dilemma_enters_play_at_an_area_of_its_own_owned_by_its_controller():
    board, dilemma = dilemma_board()
    assert dilemma.zone == Zone.PLAY and dilemma.controller == 0
    assert dilemmas.is_dilemma_area(dilemma.area) and dilemma.area.owner == 0 and dilemma.area.is_problem
    assert dilemma.area not in (board.players[0].problem_area, board.players[1].problem_area)
    assert dilemmas.dilemma_area(board, 0) == dilemma.area and dilemmas.problems_in_play(board) == [dilemma]
    assert kinds(board, "522.2") == [STEP] and kinds(board, "522.2b") == [ALLOWED]


def test_with_522_2b_off_the_area_is_the_cards_owners_and_with_522_2_off_nothing_enters_play():
    board, dilemma = dilemma_board(off={"522.2b"})
    assert dilemma.area.owner == 1 and dilemma.controller == 0 and kinds(board, "522.2b") == []
    board, dilemma = dilemma_board(off={"522.2"})
    assert dilemma.zone == Zone.PROBLEM_DECK and kinds(board, "522.2") == []


def test_a_replaced_dilemma_goes_to_the_discard_pile_and_no_problem_takes_its_place():
    board, dilemma = dilemma_board()
    area, following = dilemma.area, board.cards[1]
    turn.replace_problem(board, dilemma)
    assert dilemma.zone == Zone.DISCARD and board.players[1].zones[Zone.DISCARD] == [dilemma]
    assert following.zone == Zone.PROBLEM_DECK and board.at(area) == []
    assert kinds(board, "522.3a") == [STEP] and kinds(board, "522.3") == [CHECK]


def test_with_522_3a_off_a_dilemma_goes_into_the_problem_deck_and_with_522_3_off_the_next_problem_comes():
    board, dilemma = dilemma_board(off={"522.3a"})
    turn.replace_problem(board, dilemma)
    assert dilemma.zone == Zone.PROBLEM_DECK and board.players[1].zones[Zone.PROBLEM_DECK][-1] is dilemma
    board, dilemma = dilemma_board(off={"522.3"})
    area, following = dilemma.area, board.cards[1]
    turn.replace_problem(board, dilemma)
    assert dilemma.zone == Zone.DISCARD and following.zone == Zone.PLAY and following.area == area


DILEMMA = Printed.build("Picnic Panic", "Resource", colors=["blue"], cost=1, traits=["Dilemma"],
                        owner_needs="2 blue", opponents_need=3, bonus=1)


def test_a_resource_with_the_dilemma_trait_is_a_problem_in_play_by_522_1_and_a_resource_again_out_of_it():
    for off, in_play in (((), CardType.PROBLEM), (("522.1",), CardType.RESOURCE)):
        board = board_with((DILEMMA, 0, Zone.HAND, None, 0))
        board.off = frozenset(off)
        card = board.cards[0]
        dilemmas.enters_at_its_own_area(board, card, 0)
        assert card.type == in_play and (dilemmas.problems_in_play(board) == [card]) == (not off)
        assert kinds(board, "522.1") == ([] if off else [STEP])
        zones.dismiss(board, card)
        assert card.type == CardType.RESOURCE


def test_a_dilemma_of_the_card_database_keeps_its_confront_requirements_and_bonus():
    from rulebase.cards import load
    from rulebase.engine.ccg.octgn import printed_from_card

    card = next(card for card in load().cards if card.name == "Buckball Championship")
    printed = printed_from_card(card)
    assert printed.type == CardType.RESOURCE and "dilemma" in printed.trait_set
    assert printed.owner_needs and printed.opponents_need and printed.bonus == 1


def test_a_dilemmas_area_is_in_addition_to_its_owners_problem_area_unless_522_2a_is_off():
    for off, problems in (((), 2), (("522.2a",), 1)):
        board = board_with((KITE, 0, Zone.PLAY, "problem", 0), (DILEMMA, 0, Zone.HAND, None, 0))
        board.off = frozenset(off)
        problem, dilemma = board.cards
        dilemmas.enters_at_its_own_area(board, dilemma, 0)
        found = dilemmas.problems_in_play(board)
        assert len(found) == problems and found[-1] is dilemma and (problem in found) == (not off)
        assert kinds(board, "522.2a") == ([] if off else [ALLOWED])
