"""Modifiers that check the game state (708.2b, 709.2): a definite
continuous modifier and a one-shot modifier use the game state as it was
when they were created; switching the rule off leaves the engine no
modifier to apply (the audit's principle: a rule cited decided something)."""

from rulebase.engine.ccg.abilities import verbs
from rulebase.engine.ccg.abilities.model import Amount, Effect, Selector
from rulebase.engine.ccg.abilities.resolve import Context
from rulebase.engine.ccg.abilities.verbs import VERBS, Act
from rulebase.engine.ccg.board import Zone
from rulebase.engine.trace import STEP

from ..helpers import COMET, RUNNER, board_with, kinds
from .driving import drive

YOUR_CHARACTERS = Selector("character", every=True, controller="you")


def test_what_checks_the_game_state():
    assert not verbs.checks_game_state(Act(0, None, amount=2, effect=Effect("power", amount=Amount(2))))
    assert not verbs.checks_game_state(Act(0, None, amount=2))
    assert verbs.checks_game_state(Act(0, None, effect=Effect("power", target=YOUR_CHARACTERS)))
    assert verbs.checks_game_state(Act(0, None, effect=Effect("counters", amount=Amount(1, per=YOUR_CHARACTERS))))
    assert verbs.checks_game_state(Act(0, None, effect=Effect("add-power")))


def test_a_definite_modifier_on_the_cards_found_applies_to_them_by_708_2b_and_not_without_it():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    comet = board.cards[0]
    act = Act(0, comet, amount=1, effect=Effect("power", target=YOUR_CHARACTERS, amount=Amount(1)))
    VERBS["power"].apply(board, act)
    assert comet.modifiers == [1] and kinds(board, "708.2b") == [STEP]
    board.off = frozenset({"708.2b"})
    VERBS["power"].apply(board, act)
    assert comet.modifiers == [1], "with 708.2b off the engine applies no modifier that checks the game state"


def test_a_modifier_of_a_fixed_amount_does_not_need_708_2b():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    comet = board.cards[0]
    board.off = frozenset({"708.2b", "709.2"})
    VERBS["power"].apply(board, Act(0, comet, amount=2, effect=Effect("power", amount=Amount(2))))
    VERBS["counters"].apply(board, Act(0, comet, amount=1, effect=Effect("counters", amount=Amount(1))))
    assert comet.modifiers == [2] and comet.counters == 1 and kinds(board, "708.2b") == []


def test_your_characters_are_those_in_play_when_the_modifier_is_created():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    comet = board.cards[0]
    drive(board, Effect("power", target=YOUR_CHARACTERS, amount=Amount(1)), Context(card=comet, controller=0))
    runner = board.new_card(RUNNER, 0)
    board.put(runner, Zone.PLAY, area=board.players[0].home)
    assert comet.modifiers == [1] and runner.modifiers == []
    assert kinds(board, "708.2b") == [STEP]


def test_a_one_shot_modifier_counts_as_it_is_created_by_709_2_and_puts_nothing_without_it():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (RUNNER, 0, Zone.PLAY, "home", 0))
    comet = board.cards[0]
    effect = Effect("counters", target=Selector("that", ref="it"), amount=Amount(1, per=YOUR_CHARACTERS))
    act = Act(0, comet, amount=2, effect=effect)
    VERBS["counters"].apply(board, act)
    assert comet.counters == 2 and kinds(board, "709.2") == [STEP]
    board.off = frozenset({"709.2"})
    VERBS["counters"].apply(board, act)
    assert comet.counters == 2, "with 709.2 off the engine applies no one-shot modifier that checks the game state"


def test_an_indefinite_modifier_counts_from_the_current_game_state_by_708_3a_and_adds_nothing_without_it():
    from rulebase.engine.ccg import power
    from rulebase.engine.ccg.abilities.reading import read
    from rulebase.engine.ccg.cards import Printed

    text = "This card has +1 power for each of your characters at home."
    homely = Printed.build("Homely", "Friend", colors=["yellow"], power=1, cost=1, abilities=read(text))
    board = board_with((homely, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0))
    card, comet = board.cards
    assert power.power(board, card) == 3 and kinds(board, "708.3a") == [], "asked without explaining"
    assert power.power_parts(board, card)[0] == 3 and kinds(board, "708.3a") == [STEP]
    board.put(comet, Zone.PLAY, area=board.players[1].problem_area)
    assert power.power(board, card) == 2, "the count is the current game state's"
    board.off = frozenset({"708.3a"})
    assert power.power(board, card) == 1, "with 708.3a off the engine adds no power it would have to count"


def test_control_taken_without_a_duration_is_a_one_shot_modifier_709_1_that_nothing_ends():
    board = board_with((COMET, 1, Zone.PLAY, "home", 1))
    comet = board.cards[0]
    act = Act(0, comet, effect=Effect("take-control"))
    VERBS["take-control"].apply(board, act)
    assert comet.controller == 0 and kinds(board, "709.1") == [STEP]
    verbs.end_durations(board, "turn")
    assert comet.controller == 0 and verbs.lasting(board) == []
    comet.controller = 1
    board.off = frozenset({"709.1"})
    VERBS["take-control"].apply(board, act)
    assert comet.controller == 1, "with 709.1 off the engine applies no modifier without a duration"


def test_control_taken_until_the_end_of_the_turn_is_not_a_one_shot_modifier():
    board = board_with((COMET, 1, Zone.PLAY, "home", 1))
    comet = board.cards[0]
    board.off = frozenset({"709.1"})
    VERBS["take-control"].apply(board, Act(0, comet, effect=Effect("take-control", duration="phase")))
    assert comet.controller == 0 and kinds(board, "709.1") == []
