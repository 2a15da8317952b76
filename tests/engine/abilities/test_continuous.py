"""Continuous abilities (702) and the modifiers they generate (707, 708,
711): card text changing a card's power and the cost of moving, applied
while the card is in play and face up, each recorded under 702.1."""

from rulebase.engine.ccg import moving, power
from rulebase.engine.ccg.abilities import continuous
from rulebase.engine.ccg.abilities.model import THIS_CARD, Ability, Amount, Condition, Modifier, Selector, values
from rulebase.engine.ccg.board import Zone
from rulebase.engine.ccg.cards import Printed
from rulebase.engine.trace import STEP

from ..helpers import COMET, board_with, kinds

STRONG = Printed.build("Strong", "Friend", colors=["blue"], power=1, cost=1, abilities=(
    Ability("continuous", "This card has +2 power.", modifier=Modifier("power", THIS_CARD, Amount(2))),))
LEADER = Printed.build("Leader", "Friend", colors=["blue"], power=1, cost=1, abilities=(
    Ability("continuous", "Your other Friends here have +1 power.", modifier=Modifier(
        "power", Selector("Friend", every=True, controller="you", where="here", filters=(("other", True),)),
        Amount(1))),))
BANDAGES = Printed.build("Bandages", "Resource", cost=1, host="Friend", abilities=(
    Ability("continuous", "This Friend gets -2 power.", modifier=Modifier("power", Selector("host"), Amount(-2))),))
NIMBLE = Printed.build("Nimble", "Friend", colors=["blue"], power=1, cost=1, abilities=(
    Ability("continuous", "You pay 1 less to move this card.",
            modifier=Modifier("cost", THIS_CARD, Amount(-1), values(action="move"))),))
AT_HOME = Printed.build("Homebody", "Friend", colors=["blue"], power=1, cost=1, abilities=(
    Ability("continuous", "This card has +3 power while at home.", modifier=Modifier("power", THIS_CARD, Amount(3)),
            condition=Condition("at", THIS_CARD, values(where="home"))),))


def test_a_card_s_own_power_modifier_applies_in_play_and_face_up_unless_702_1_is_off():
    board = board_with((STRONG, 0, Zone.PLAY, "home", 0))
    card = board.cards[0]
    assert power.power(board, card) == 3
    power.power_parts(board, card)
    assert kinds(board, "702.1") == [STEP]
    card.face_down = True
    assert power.power(board, card) is None
    card.face_down = False
    board.off = frozenset({"702.1"})
    assert power.power(board, card) == 1


def test_a_modifier_reaches_the_cards_its_selector_names_only():
    board = board_with((LEADER, 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.PLAY, "problem", 0),
                       (COMET, 1, Zone.PLAY, "problem", 0), (COMET, 0, Zone.PLAY, "home", 0))
    leader, mine, theirs, away = board.cards
    assert [power.power(board, c) for c in (leader, mine, theirs, away)] == [1, 3, 2, 2]
    board.off = frozenset({"702.1"})
    assert power.power(board, mine) == 2


def test_an_attachment_s_modifier_reaches_its_host():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0))
    host, other = board.cards
    bandages = board.new_card(BANDAGES, 0)
    board.put(bandages, Zone.PLAY, area=host.area)
    bandages.host = host
    assert power.power(board, host) == 0 and power.power(board, other) == 2


def test_a_condition_decides_while_it_holds():
    board = board_with((AT_HOME, 0, Zone.PLAY, "home", 0))
    card = board.cards[0]
    assert power.power(board, card) == 4
    moving.move(board, card, board.players[0].problem_area)
    assert power.power(board, card) == 1


def test_a_cost_modifier_changes_the_move_action_unless_702_1_is_off():
    board = board_with((NIMBLE, 0, Zone.PLAY, "home", 0))
    card = board.cards[0]
    assert moving.move_cost(board, 0, card, board.players[0].problem_area) == 1
    assert kinds(board, "702.1") == [STEP]
    board.off = frozenset({"702.1"})
    assert moving.move_cost(board, 0, card, board.players[0].problem_area) == 2


def test_the_index_sorts_a_side_s_abilities_by_where_they_act():
    own = continuous.index(STRONG)
    assert set(own.own) == {"power"} and not own.acts
    assert continuous.index(LEADER).acts and set(continuous.index(LEADER).outward) == {"power"}


def test_what_the_engine_does_not_apply_is_named():
    assert continuous.executable(Modifier("power", THIS_CARD, Amount(1))) is None
    assert continuous.executable(Modifier("trait")) == "the modifier 'trait'"
    assert continuous.executable(Modifier("cost", values=values(action="play"))) == "a change of the cost to play"
    assert continuous.executable(None) == "no modifier"
