"""Continuous abilities (702) and the modifiers they generate (707, 708,
711): card text changing a card's power and the cost of moving, applied
while the card is in play and face up, each recorded under 702.1."""

from rulebase.engine.ccg import moving, power
from rulebase.engine.ccg.abilities import continuous, keywords
from rulebase.engine.ccg.abilities.model import (
    THIS_CARD,
    Ability,
    Amount,
    Condition,
    Effect,
    Modifier,
    Selector,
    Trigger,
    values,
)
from rulebase.engine.ccg.board import Zone
from rulebase.engine.ccg.cards import Color, Printed
from rulebase.engine.trace import STEP

from ..helpers import COMET, KITE, PEST, board_with, kinds

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


RALLIER = Printed.build("Rallier", "Friend", colors=["blue"], power=1, cost=1, abilities=(
    Ability("continuous", "Your Friends here have +1 power.", modifier=Modifier(
        "power", Selector("Friend", every=True, controller="you", where="here"), Amount(1))),
    Ability("continuous", "Your Friends have Stubborn.", modifier=Modifier(
        "keyword", Selector("Friend", every=True, controller="you"), values=values(keyword="Stubborn"))),))


def test_a_modifier_of_your_cards_reaches_its_own_card_and_one_of_your_other_cards_does_not():
    board = board_with((RALLIER, 0, Zone.PLAY, "problem", 0), (LEADER, 0, Zone.PLAY, "problem", 0))
    rallier, leader = board.cards
    assert power.power(board, rallier) == 3  # 1, +1 its own, +1 the Leader's
    assert power.power(board, leader) == 2  # 1, +1 the Rallier's; not its own "other"
    assert ("Stubborn", None) in continuous.granted(board, rallier)
    assert ("Stubborn", None) in continuous.granted(board, leader)


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
    assert continuous.executable(Modifier("hand-revealed")) == "the modifier 'hand-revealed'"
    assert continuous.executable(Modifier("trait")) == "giving a Trait not named"
    assert continuous.executable(Modifier("trait", THIS_CARD, values=values(trait="Critter"))) is None
    assert continuous.executable(Modifier("cost", values=values(action="play"))) == "a change of the cost to play"
    assert continuous.executable(None) == "no modifier"


HARD_HAT = Printed.build("Hard Hat", "Resource", cost=1, host="Friend", abilities=(
    Ability("continuous", "This Friend has Stubborn.", modifier=Modifier("keyword", Selector("host"),
                                                                         values=values(keyword="Stubborn"))),))
WINGS = Printed.build("Wings", "Friend", colors=["blue"], power=1, cost=1, abilities=(
    Ability("continuous", "This card has Swift while at home.", modifier=Modifier(
        "keyword", THIS_CARD, values=values(keyword="Swift")), condition=Condition("at", THIS_CARD, values(where="home"))),))


def test_701_1_text_gives_a_keyword_which_then_acts():
    from rulebase.engine.ccg import power as powers

    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    host = board.cards[0]
    hat = board.new_card(HARD_HAT, 0)
    board.put(hat, Zone.PLAY, area=host.area)
    hat.host = host
    host.exhausted = True
    assert powers.contribution_blocker(host, board) is None
    assert kinds(board, "701.1") == []  # asked without recording
    board.off = frozenset({"701.1"})
    assert powers.contribution_blocker(host, board) == ("503.5", "Comet is exhausted and does not contribute its power")


def test_a_keyword_given_while_a_condition_holds():
    board = board_with((WINGS, 0, Zone.PLAY, "home", 0))
    wings = board.cards[0]
    assert moving.move_cost(board, 0, wings, board.players[0].problem_area) == 1
    moving.move(board, wings, board.players[0].problem_area)
    assert moving.move_cost(board, 0, wings, board.players[1].problem_area) == 2
    assert continuous.executable(Modifier("keyword", values=values(keyword="Villain"))) == \
        "giving the keyword 'Villain'"


STAUNCH = Printed.build("Staunch", "Friend", colors=["blue"], power=1, cost=1, abilities=(
    Ability("replacement", "If this card would be dismissed, frighten it instead.",
            trigger=Trigger("dismissed", THIS_CARD, when="would"), effect=Effect("frighten", Selector("it"))),
    Ability("activated", "Main Phase: Dismiss this card to gain 1.", timing="Main Phase",
            cost=(Effect("dismiss", THIS_CARD),), effect=Effect("gain", amount=Amount(1)))))
WARDEN = Printed.build("Warden", "Friend", colors=["blue"], power=1, cost=1, abilities=(
    Ability("replacement", "If a Friend here would be dismissed, exhaust it instead.",
            trigger=Trigger("dismissed", Selector("Friend", where="here"), when="would"),
            effect=Effect("exhaust", Selector("it"))),))


def test_710_1_a_replacement_modifier_does_its_instead_and_the_occurrence_does_not_happen():
    from rulebase.engine.ccg import zones

    for off, in_play in (((), True), (("710.1",), False)):
        board = board_with((STAUNCH, 0, Zone.PLAY, "problem", 0))
        board.off = frozenset(off)
        staunch = board.cards[0]
        zones.dismiss(board, staunch)
        assert (staunch.zone == Zone.PLAY) is in_play and staunch.frightened is in_play


def test_of_several_replacements_one_applies_and_the_game_s_own_dismissal_is_not_replaced():
    from rulebase.engine.ccg import zones

    board = board_with((STAUNCH, 0, Zone.PLAY, "problem", 0), (WARDEN, 0, Zone.PLAY, "problem", 0))
    staunch, warden = board.cards
    zones.dismiss(board, staunch)
    assert staunch.zone == Zone.PLAY and staunch.frightened and not staunch.exhausted
    assert kinds(board, "710.5") == ["note"] and kinds(board, "710.1") == [STEP]
    zones.dismiss(board, warden)
    assert warden.zone == Zone.PLAY and warden.exhausted
    zones.dismiss(board, staunch, by_game=True)
    assert staunch.zone == Zone.DISCARD


def test_508_1a_a_cost_that_would_be_replaced_can_t_be_paid():
    import pytest

    from rulebase.engine.ccg.abilities import activated
    from rulebase.engine.ccg.actions import Action
    from rulebase.engine.ccg.play import Window
    from rulebase.engine.errors import IllegalAction

    board = board_with((STAUNCH, 0, Zone.PLAY, "home", 0))
    board.turn.phase = "main"
    with pytest.raises(IllegalAction) as refused:
        activated.check(board, Action.parse("p0 activate #0 2"), Window("Main Phase", main=True))
    assert refused.value.rule == "508.1a"
    board.off = frozenset({"508.1a"})
    activated.check(board, Action.parse("p0 activate #0 2"), Window("Main Phase", main=True))


def test_what_a_replacement_the_engine_can_t_apply_is_named():
    assert continuous.replaceable(Trigger("dismissed", THIS_CARD, when="would"), Effect("frighten")) is None
    assert continuous.replaceable(Trigger("uncovered", when="would"), Effect("retire")) == \
        "replacing the occurrence 'uncovered'"
    assert continuous.replaceable(Trigger("confronts", when="would"), Effect("retire", THIS_CARD, optional=True)) is None
    assert continuous.replaceable(Trigger("leaves-play", when="would"), Effect("frighten", optional=True)) == \
        "the verb 'frighten' with no card to do it to"
    assert continuous.replaceable(Trigger("leaves-play", when="would"),
                                  Effect("frighten", Selector("it"), optional=True)) is None
    assert continuous.replaceable(Trigger("frightened", THIS_CARD, when="would"), None) == \
        "a replacement with no instead"


HARD_PROBLEM = Printed.build("Hard Problem", "Problem", owner_needs="2 blue", opponents_need=2, bonus=1, abilities=(
    Ability("continuous", "Your opponents need +[2 wild] to confront this Problem.", modifier=Modifier(
        "confront-need", THIS_CARD, Amount(2), values(color="wild", player=Selector("opponent")))),))
GUARDIAN = Printed.build("Guardian", "Friend", colors=["blue"], power=1, cost=1, abilities=(
    Ability("continuous", "Opponents need +1 power to confront this card's Problem.", modifier=Modifier(
        "confront-need", Selector("Problem", where="here"), Amount(1), values(player=Selector("opponent")))),))


def test_text_adds_to_the_power_needed_to_confront_for_the_players_it_names():
    from rulebase.engine.ccg import confront
    from rulebase.engine.ccg.cards import Need

    board = board_with((HARD_PROBLEM, 0, Zone.PLAY, "problem", 0), (GUARDIAN, 0, Zone.PLAY, "problem", 0))
    problem = board.cards[0]
    assert confront.requirements(board, 1, problem)[0] == (Need(2), Need(3))
    assert confront.requirements(board, 0, problem)[0] == (Need(2, Color.BLUE),)
    board.off = frozenset({"702.1"})
    assert confront.requirements(board, 1, problem)[0] == (Need(2),)


BARN = Printed.build("Barn", "Problem", owner_needs="2 orange", opponents_need=2, bonus=1, abilities=(
    Ability("continuous", "[Honesty] Friends here cannot be dismissed.", modifier=Modifier(
        "cant", Selector("Friend", where="here", filters=(("color", "orange"),)),
        values=values(action="be-dismissed"))),))
ROOTED = Printed.build("Rooted", "Friend", colors=["orange"], power=1, cost=1, abilities=(
    Ability("continuous", "This card can't be moved.", modifier=Modifier("cant", THIS_CARD,
                                                                         values=values(action="be-moved"))),))


def test_104_2_a_cant_of_card_text_takes_precedence_but_not_over_the_game():
    import pytest

    from rulebase.engine.ccg import zones
    from rulebase.engine.errors import IllegalAction

    board = board_with((BARN, 0, Zone.PLAY, "problem", 0), (ROOTED, 0, Zone.PLAY, "problem", 0),
                       (COMET, 0, Zone.PLAY, "problem", 0))
    _, rooted, comet = board.cards
    with pytest.raises(IllegalAction) as refused:
        zones.dismiss(board, rooted)
    assert refused.value.rule == "104.2" and rooted.zone == Zone.PLAY
    zones.dismiss(board, comet)
    assert comet.zone == Zone.DISCARD
    with pytest.raises(IllegalAction, match="104.2"):
        moving.move(board, rooted, board.players[0].home)
    board.off = frozenset({"104.2"})
    moving.move(board, rooted, board.players[0].home)
    board.off = frozenset()
    moving.send(board, rooted, board.players[0].problem_area, "by card text")
    zones.dismiss(board, rooted, by_game=True)
    assert rooted.zone == Zone.DISCARD
    assert continuous.executable(Modifier("cant", values=values(action="be-unfrightened"))) == \
        "a can't 'be-unfrightened'"


def test_a_power_modifier_for_each_card_counts_them_now():
    from rulebase.engine.ccg.abilities.reading import read

    text = "This card gets +1 power for each Resource on it."
    queen = Printed.build("Queen", "Friend", colors=["orange"], power=1, cost=1, abilities=read(text))
    assert continuous.executable(queen.abilities[0].modifier) is None
    board = board_with((queen, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0))
    card, other = board.cards
    assert power.power(board, card) == 1
    for host in (card, card, other):
        hat = board.new_card(BANDAGES, 0)
        board.put(hat, Zone.PLAY, area=host.area)
        hat.host = host
    assert power.power(board, card) == -1
    board.off = frozenset({"702.1"})
    assert power.power(board, card) == 1


def test_a_change_of_the_cost_to_play_applies_where_and_for_whom_it_says_unless_702_1_is_off():
    from rulebase.engine.ccg import play
    from rulebase.engine.ccg.abilities.reading import read
    from rulebase.engine.ccg.actions import Action

    wolf = Printed.build("Wolf", "Troublemaker", power=2, points=1, abilities=read(
        "Your opponent must pay +[2] to play a Friend to this card's Problem."))
    assert continuous.executable(wolf.abilities[0].modifier) is None
    board = board_with((wolf, 0, Zone.PLAY, "problem", 0), (COMET, 1, Zone.HAND, None, 0),
                       (COMET, 0, Zone.HAND, None, 0), (COMET, 1, Zone.HAND, None, 0))
    _, theirs, mine, elsewhere = board.cards
    here, there = board.players[0].problem_area, board.players[1].problem_area
    for player in (0, 1):
        board.players[player].tokens = 10
    play.play_card(board, Action("play", 1, theirs.id, area=here), None)
    assert board.players[1].tokens == 10 - COMET.cost - 2
    assert kinds(board, "702.1") == [STEP]
    play.play_card(board, Action("play", 0, mine.id, area=here), None)
    assert board.players[0].tokens == 10 - COMET.cost
    assert play.modified_play_cost(board, 1, elsewhere, Action("play", 1, elsewhere.id, area=there)) == COMET.cost
    assert play.modified_play_cost(board, 1, elsewhere, Action("play", 1, elsewhere.id, area=here)) == COMET.cost + 2
    board.off = frozenset({"702.1"})
    play.play_card(board, Action("play", 1, elsewhere.id, area=here), None)
    assert board.players[1].tokens == 10 - 2 * COMET.cost - 2


def test_a_lowered_cost_to_play_on_this_problem_counts_in_what_may_be_played():
    from rulebase.engine.ccg import play
    from rulebase.engine.ccg.abilities.reading import read
    from rulebase.engine.ccg.actions import Action

    monitor = Printed.build("Monitor", "Problem", owner_needs="2 blue", opponents_need=2, bonus=1, abilities=read(
        "Report Resources played on this Problem have their costs reduced by [1]."))
    assert continuous.executable(monitor.abilities[0].modifier) is None
    scoop = Printed.build("Scoop", "Resource", cost=2, host="Problem", traits=["Report"])
    plain = Printed.build("Plain", "Resource", cost=2, host="Problem")
    board = board_with((monitor, 0, Zone.PLAY, "problem", 0), (scoop, 0, Zone.HAND, None, 0),
                       (plain, 0, Zone.HAND, None, 0))
    problem, report, other = board.cards
    on = Action("play", 0, report.id, host=problem.id)
    assert play.modified_play_cost(board, 0, report, on) == 1
    assert play.modified_play_cost(board, 0, other, Action("play", 0, other.id, host=problem.id)) == 2
    assert play.least_play_cost(board, 0, report) == 1 and play.least_play_cost(board, 0, other) == 2
    board.off = frozenset({"702.1"})
    assert play.modified_play_cost(board, 0, report, on) == 2


def test_text_lowers_the_power_needed_to_confront_the_problem_its_friend_is_at():
    from rulebase.engine.ccg import confront
    from rulebase.engine.ccg.abilities.reading import read
    from rulebase.engine.ccg.cards import Need

    hat = Printed.build("Hat", "Resource", cost=1, host="Friend", abilities=read(
        "While this Friend is at an opponent's Problem, if you have at least 3 [Generosity] in play, "
        "you need -1 power to confront that Problem."))
    assert continuous.executable(hat.abilities[0].modifier) is None
    giver = Printed.build("Giver", "Friend", colors=["white"], power=1, cost=1)
    board = board_with((HARD_PROBLEM, 1, Zone.PLAY, "problem", 1), (giver, 0, Zone.PLAY, "problem", 1),
                       (giver, 0, Zone.PLAY, "home", 0))
    problem, friend, other = board.cards
    hat_card = board.new_card(hat, 0)
    board.put(hat_card, Zone.PLAY, area=friend.area)
    hat_card.host = friend
    assert confront.requirements(board, 0, problem)[0] == (Need(2), Need(2))
    third = board.new_card(giver, 0)
    board.put(third, Zone.PLAY, area=board.players[0].home)
    assert confront.requirements(board, 0, problem)[0] == (Need(1), Need(2))
    assert confront.requirements(board, 1, problem)[0] == (Need(2, Color.BLUE),)
    board.off = frozenset({"702.1"})
    assert confront.requirements(board, 0, problem)[0] == (Need(2),)


def test_a_change_of_the_cost_to_play_for_the_opponent_of_the_player_a_condition_names():
    from rulebase.engine.ccg import play
    from rulebase.engine.ccg.abilities.reading import read
    from rulebase.engine.ccg.actions import Action

    thorn = Printed.build("Thorn", "Problem", owner_needs="2 yellow", opponents_need=2, bonus=1, abilities=read(
        "While a player has at least 3 [Kindness] Friends at this Problem, that player's opponent must pay +[1] "
        "to play a Friend here."))
    assert continuous.executable(thorn.abilities[0].modifier) is None
    kind = Printed.build("Kind", "Friend", colors=["yellow"], power=1, cost=1)
    board = board_with((thorn, 0, Zone.PLAY, "problem", 0), (kind, 0, Zone.PLAY, "problem", 0),
                       (kind, 0, Zone.PLAY, "problem", 0), (COMET, 1, Zone.HAND, None, 0),
                       (COMET, 0, Zone.HAND, None, 0))
    theirs, mine = board.cards[3], board.cards[4]
    here = board.players[0].problem_area
    assert play.modified_play_cost(board, 1, theirs, Action("play", 1, theirs.id, area=here)) == COMET.cost
    third = board.new_card(kind, 0)
    board.put(third, Zone.PLAY, area=here)
    assert play.modified_play_cost(board, 1, theirs, Action("play", 1, theirs.id, area=here)) == COMET.cost + 1
    assert play.modified_play_cost(board, 0, mine, Action("play", 0, mine.id, area=here)) == COMET.cost
    board.off = frozenset({"702.1"})
    assert play.modified_play_cost(board, 1, theirs, Action("play", 1, theirs.id, area=here)) == COMET.cost


PARTIER = Printed.build("Partier", "Friend", colors=["pink"], power=2, cost=2, abilities=(
    Ability("continuous", "This card enters play exhausted.", modifier=Modifier("enters-exhausted", THIS_CARD)),))


def test_706_1b_a_card_enters_play_exhausted_by_its_own_modifier_unless_706_1b_is_off():
    from rulebase.engine.ccg import zones

    board = board_with((PARTIER, 0, Zone.HAND, None, 0), (PARTIER, 0, Zone.HAND, None, 0))
    first, second = board.cards
    zones.enter_play(board, first, board.players[0].home)
    assert first.exhausted
    assert kinds(board, "706.1b") == [STEP]
    board.off = frozenset({"706.1b"})
    zones.enter_play(board, second, board.players[0].home)
    assert not second.exhausted


WATCH = Printed.build("Watch", "Friend", colors=["blue"], power=1, cost=1, abilities=(
    Ability("continuous", "During faceoffs involving this card, flip an additional card.",
            modifier=Modifier("flips", amount=Amount(1)),
            condition=Condition("during", values=values(phase="faceoff", involving=THIS_CARD))),))


def test_a_flips_modifier_counts_only_while_its_condition_holds_unless_708_3_is_off():
    board = board_with((WATCH, 0, Zone.PLAY, "home", 0))
    assert continuous.executable(WATCH.abilities[0].modifier) is None
    assert continuous.additional_flips(board, 0) == 0
    assert continuous.additional_flips(board, 1) == 0
    board.off = frozenset({"708.3"})
    assert continuous.additional_flips(board, 0) == 1


SMALL_ONLY = Printed.build("Small Only", "Problem", owner_needs="2 blue", opponents_need=2, bonus=1, abilities=(
    Ability("continuous", "Friends with less than 2 power can't be played to this Problem.", modifier=Modifier(
        "cant", Selector("Friend", every=True, filters=(("power", "<2"),)),
        values=values(action="be-played-to-this-problem"))),))


def test_104_2_a_cant_be_played_to_this_problem_forbids_the_cards_it_names_there_only():
    import pytest

    from rulebase.engine.errors import IllegalAction

    small = Printed.build("Small", "Friend", colors=["pink"], power=1, cost=1)
    board = board_with((SMALL_ONLY, 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.HAND, None, 0),
                       (small, 0, Zone.HAND, None, 0))
    problem, comet, kite = board.cards
    assert continuous.executable(SMALL_ONLY.abilities[0].modifier) is None
    area = board.players[0].problem_area
    continuous.cant_play(board, 0, comet, area)
    continuous.cant_play(board, 0, kite, board.players[0].home)
    with pytest.raises(IllegalAction) as refused:
        continuous.cant_play(board, 0, kite, area)
    assert refused.value.rule == "104.2"
    board.off = frozenset({"104.2"})
    continuous.cant_play(board, 0, kite, area)


PHOENIX = Printed.build("Phoenix", "Friend", colors=["white"], power=1, cost=1, abilities=(
    Ability("continuous", "You may play this card from your discard pile.",
            modifier=Modifier("may", THIS_CARD, values=values(action="play", zone="discard"))),))


def test_707_3_a_card_s_text_lets_its_owner_play_it_from_the_discard_pile_unless_707_3_is_off():
    from rulebase.engine.ccg import play
    from rulebase.engine.ccg.rules import Allowed

    board = board_with((PHOENIX, 0, Zone.DISCARD, None, 0), (COMET, 0, Zone.DISCARD, None, 0))
    phoenix, comet = board.cards
    assert continuous.executable(PHOENIX.abilities[0].modifier) is None
    assert continuous.playable_elsewhere(board, 0) == [phoenix]
    assert continuous.playable_elsewhere(board, 1) == []
    assert isinstance(play.playable.verdict(board, 0, phoenix), Allowed)
    assert isinstance(play.playable.verdict(board, 0, comet), str)
    assert isinstance(play.playable.verdict(board, 1, phoenix), str)
    board.off = frozenset({"707.3"})
    assert isinstance(play.playable.verdict(board, 0, phoenix), str)


CROWDED = Printed.build("Crowded", "Problem", owner_needs="1 blue", opponents_need=2, bonus=1, abilities=(
    Ability("continuous", "Players can't confront this Problem unless they have at least 2 characters here.",
            modifier=Modifier("cant", THIS_CARD, values=values(
                action="be-confronted", by=Selector("player", every=True),
                unless=Condition("has", Selector("player", ref="they"), values(
                    amount=2, what=Selector("character", count=Amount(2), where="here")))))),))


def test_104_2_a_cant_confront_unless_they_have_enough_characters_there():
    from rulebase.engine.ccg import confront

    board = board_with((CROWDED, 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.PLAY, "problem", 0))
    problem, comet = board.cards
    assert continuous.executable(CROWDED.abilities[0].modifier) is None
    assert confront.blocker(board, 0, problem)[0] == "104.2"
    extra = board.new_card(COMET, 0)
    board.put(extra, Zone.PLAY, area=board.players[0].problem_area)
    assert confront.blocker(board, 0, problem) is None
    board.put(extra, Zone.DISCARD)
    board.off = frozenset({"104.2"})
    assert confront.blocker(board, 0, problem) is None


BRAVE = Printed.build("Brave", "Friend", colors=["blue"], power=1, cost=1, abilities=(
    Ability("replacement", "If this card would be frightened, you may exhaust it instead.",
            trigger=Trigger("frightened", THIS_CARD, when="would"),
            effect=Effect("exhaust", Selector("it"), optional=True)),))
GUARD = Printed.build("Guard", "Friend", colors=["blue"], power=1, cost=1, abilities=(
    Ability("replacement", "If a Friend would be frightened, you may exhaust it instead.",
            trigger=Trigger("frightened", Selector("Friend"), when="would"),
            effect=Effect("exhaust", Selector("it"), optional=True)),))


def _frighten(board, answers):
    """Bob's card text frightens the first card on ``board`` (Alice's);
    the decisions answered in order; the requests asked."""
    from rulebase.engine.ccg.abilities.resolve import Context

    from .driving import drive

    return drive(board, Effect("frighten", Selector("it")), Context(controller=1, named={"it": [board.cards[0]]}),
                 answers=answers)


def test_710_5_the_player_affected_chooses_among_several_replacements_and_a_declined_one_is_not_asked_again():
    from rulebase.engine.ccg.actions import Action

    board = board_with((BRAVE, 0, Zone.PLAY, "home", 0), (GUARD, 1, Zone.PLAY, "home", 1))
    brave, guard = board.cards
    asked = _frighten(board, [Action("choose", 0, card=brave.id), Action("decline", 0), Action("decline", 1)])
    assert [request.player for request in asked] == [0, 0, 1]
    assert brave.frightened and not brave.exhausted
    assert kinds(board, "710.5") == [STEP]
    assert kinds(board, "710.5b") == [STEP]


def test_710_1_an_accepted_instead_replaces_the_occurrence_unless_710_1_is_off():
    from rulebase.engine.ccg.actions import Action

    board = board_with((BRAVE, 0, Zone.PLAY, "home", 0))
    brave = board.cards[0]
    _frighten(board, [Action("accept", 0)])
    assert brave.exhausted and not brave.frightened
    board = board_with((BRAVE, 0, Zone.PLAY, "home", 0))
    board.off = frozenset({"710.1"})
    _frighten(board, [Action("accept", 0)])
    assert board.cards[0].frightened


def _faceoff_ends(board, answers):
    """End a faceoff on ``board`` involving the cards in play (514.6),
    the decisions answered in order (then the first legal choice); the
    requests asked."""
    from rulebase.engine.ccg import faceoffs

    from .driving import state

    current = faceoffs.Faceoff(board, faceoffs.TROUBLEMAKER, (), 0)
    current.by_effect = {card.id for card in board.play}
    current.start(board)
    board.faceoff = current
    answers, asked = list(answers), []
    procedure = faceoffs.end(state(board), current)
    try:
        request = next(procedure)
        while True:
            asked.append(request)
            action = answers.pop(0) if answers else request.legal()[0]
            request.check(action)
            request = procedure.send(action)
    except StopIteration:
        pass
    return asked


def _twilight_board(turned_over=True):
    from .driving import real

    board = board_with((real("twilight-sparkle-faithful-student"), 0, Zone.PLAY, "home", 0),
                       (Printed.build("Lesson", "Event", cost=1, timing="Main Phase"), 0, Zone.FLIP, None, 0),
                       (COMET, 0, Zone.FLIP, None, 0))
    board.cards[0].turned_over = turned_over
    return board


def test_710_1_a_flipped_event_put_on_the_bottom_of_the_deck_may_be_put_into_the_hand_instead():
    """Twilight Sparkle, Faithful Student (boosted): "During a faceoff
    involving this card, if you would put a flipped Event card on the bottom
    of your deck, you may put it into your hand instead." """
    from rulebase.engine.ccg.actions import Action

    board = _twilight_board()
    _, lesson, comet = board.cards
    asked = _faceoff_ends(board, [Action("bottom", 0, lesson.id), Action("accept", 0)])
    assert lesson.zone == Zone.HAND and comet.zone == Zone.DRAW_DECK
    assert [request.player for request in asked][:2] == [0, 0]
    assert kinds(board, "710.1") == [STEP]
    board = _twilight_board()
    _faceoff_ends(board, [Action("bottom", 0, board.cards[1].id), Action("decline", 0)])
    assert board.players[0].zones[Zone.DRAW_DECK] == [board.cards[1], board.cards[2]]


def test_the_front_side_of_twilight_sparkle_replaces_no_flipped_card_and_710_1_off_puts_it_on_the_bottom():
    from rulebase.engine.ccg.actions import Action

    board = _twilight_board(turned_over=False)
    asked = _faceoff_ends(board, [Action("bottom", 0, board.cards[1].id)])
    assert board.cards[1].zone == Zone.DRAW_DECK and len(asked) == 2
    assert not kinds(board, "710.1")
    board = _twilight_board()
    board.off = frozenset({"710.1"})
    _faceoff_ends(board, [Action("bottom", 0, board.cards[1].id), Action("accept", 0)])
    assert board.cards[1].zone == Zone.DRAW_DECK


def test_203_2_power_of_a_color_given_while_a_condition_holds_makes_the_card_that_color():
    """Rubber Chicken: "While this Friend is involved in a Troublemaker
    faceoff, it gets +2 [Laughter]." """
    from rulebase.engine.ccg import cards, faceoffs

    from .driving import real

    troublemaker = Printed.build("Pest", "Troublemaker", power=1, points=1)
    board = board_with((COMET, 0, Zone.PLAY, "problem", 1), (real("rubber-chicken"), 0, Zone.PLAY, "problem", 1),
                       (troublemaker, 1, Zone.PLAY, "problem", 1))
    comet, chicken, pest = board.cards
    chicken.host = comet
    assert power.power(board, comet) == 2 and power.power_of_color(board, 0, Color.PINK) == 0
    assert not cards.has_color(board, comet, (Color.PINK,))
    current = faceoffs.Faceoff(board, faceoffs.TROUBLEMAKER, (), 0, troublemaker=pest)
    current.by_effect = {comet.id, pest.id}
    current.start(board)
    board.faceoff = current
    assert power.power(board, comet) == 4 and power.power_of_color(board, 0, Color.PINK) == 4
    assert cards.has_color(board, comet, (Color.PINK,)) and comet.colors == (Color.BLUE,)
    board.faceoff = None
    assert power.power_of_color(board, 0, Color.PINK) == 0


# -- modifiers that do not only add: applied in timestamp order (711.3) -------------------------

DOUBLER = Printed.build("Doubler", "Friend", colors=["blue"], power=2, cost=2, abilities=(
    Ability("continuous", "This card's power is doubled.", modifier=Modifier("power-doubled", THIS_CARD, Amount(1))),))
PER_PEST = Printed.build("Per Pest", "Friend", colors=["blue"], power=2, cost=2, abilities=(
    Ability("continuous", "This card's power is doubled for each Troublemaker here.", modifier=Modifier(
        "power-doubled", THIS_CARD, Amount(1, per=Selector("Troublemaker", every=True, where="here")))),))
COUNTER = Printed.build("Counter", "Friend", colors=["blue"], power=0, cost=2, abilities=(
    Ability("continuous", "This card's power is equal to the number of Friends you have.", modifier=Modifier(
        "power-equal", THIS_CARD, Amount(1, per=Selector("Friend", every=True, controller="you")))),))
OWL = Printed.build("Owl", "Friend", colors=["blue"], power=0, cost=1, abilities=(
    Ability("continuous", "Your other Friends here have +1 power.", modifier=Modifier(
        "power", Selector("Friend", every=True, controller="you", where="here", filters=(("other", True),)),
        Amount(1))),))


def _with(*printed):
    return board_with(*((p, 0, Zone.PLAY, "problem", 1) for p in printed))


def test_a_doubling_applies_after_the_modifiers_created_before_it_and_before_those_created_after():
    board = _with(OWL, DOUBLER)
    assert power.power(board, board.cards[1]) == (2 + 1) * 2
    board = _with(DOUBLER, OWL)
    assert power.power(board, board.cards[0]) == 2 * 2 + 1


def test_counters_and_definite_modifiers_are_created_after_their_card_entered_play():
    board = _with(DOUBLER)
    card = board.cards[0]
    card.counters = 1
    card.modifiers.append(2)
    assert power.power(board, card) == 2 * 2 + 1 + 2


def test_711_3_and_711_3a_off_the_modifiers_apply_in_the_order_they_are_found():
    for off in ("711.3", "711.3a"):
        board = _with(OWL, DOUBLER)
        board.off = frozenset({off})
        doubler = board.cards[1]
        doubler.counters = 1
        assert power.power(board, doubler) == (2 + 1) * 2 + 1  # counter, own doubling, then Owl's


def test_the_timestamps_and_the_order_are_recorded_as_the_power_is_explained():
    board = _with(OWL, DOUBLER)
    doubler = board.cards[1]
    assert power.power_parts(board, doubler)[0] == 6
    assert kinds(board, "711.3a") == [STEP] and kinds(board, "711.3") == [STEP]
    order = next(step for step in board.trace if step.rule == "711.3")
    assert str(order).index("Owl") < str(order).index("Doubler's ability")


def test_a_doubling_for_each_card_doubles_once_for_each_and_not_at_all_for_none():
    board = board_with((PER_PEST, 0, Zone.PLAY, "problem", 1), (PEST, 1, Zone.PLAY, "problem", 1),
                       (PEST, 1, Zone.PLAY, "problem", 1))
    card = board.cards[0]
    assert power.power(board, card) == 2 * 2 * 2
    board = board_with((PER_PEST, 0, Zone.PLAY, "problem", 1))
    assert power.power(board, board.cards[0]) == 2
    assert kinds(board, "711.3") == []  # asked without explaining


def test_a_power_equal_to_a_number_replaces_what_came_before_it():
    board = _with(OWL, COUNTER, COUNTER)
    owl, first, second = board.cards
    assert power.power(board, first) == 3  # Owl's +1 is earlier: set to 3 Friends
    first.counters = 2
    assert power.power(board, first) == 5
    board.off = frozenset({"702.1"})
    assert power.power(board, second) == 0


def test_non_additive_modifiers_are_executable_only_on_the_card_s_own_power():
    assert continuous.executable(Modifier("power-doubled", THIS_CARD, Amount(1))) is None
    assert continuous.executable(Modifier("power-equal", THIS_CARD, None)) == "a power equal to no number"
    assert continuous.executable(Modifier("power-doubled", Selector("Friend", every=True), Amount(1))) == (
        "the modifier 'power-doubled' of another card's power")
    assert continuous.index(DOUBLER).ordered and not continuous.index(OWL).ordered


# -- a modifier whose condition asks a power: dependency (711.3b, 711.4) ------------------------

SWOLE = Printed.build("Swole", "Friend", colors=["blue"], power=2, cost=2, abilities=(
    Ability("continuous", "While this card has at least 3 power, it has Swift.", modifier=Modifier(
        "keyword", Selector("it"), values=values(keyword="Swift")),
        condition=Condition("power", THIS_CARD, values(compare=">=3"))),
    Ability("continuous", "While this card has at least 4 power, it has Competitive 2.", modifier=Modifier(
        "keyword", Selector("it"), values=values(keyword="Competitive", x=2)),
        condition=Condition("power", THIS_CARD, values(compare=">=4")))))


def test_it_of_while_this_card_gives_the_card_its_own_keyword():
    board = _with(SWOLE)
    swole = board.cards[0]
    swole.counters = 1
    assert continuous.gives(board, swole, "Swift") and not continuous.gives(board, swole, "Competitive")


def test_a_condition_on_the_card_s_own_power_does_not_count_what_the_keyword_it_gives_adds():
    board = _with(SWOLE)
    swole = board.cards[0]
    swole.counters = 2  # power 4: Competitive 2 would add 2 in a faceoff, never asked of itself
    assert power.power(board, swole) == 4 and continuous.gives(board, swole, "Competitive")


def test_a_modifier_dependent_on_a_later_one_applies_after_it_unless_711_3b_or_711_4_is_off():
    for off in ((), ("711.3b",), ("711.4",)):
        board = _with(SWOLE, OWL)
        board.off = frozenset(off)
        swole = board.cards[0]
        assert continuous.gives(board, swole, "Swift", record=True) == (not off)
        assert kinds(board, "711.3b") == ([] if "711.3b" in off else [STEP])
    board = _with(OWL, SWOLE)  # the +1 is the earlier: no dependency to record
    assert continuous.gives(board, board.cards[1], "Swift", record=True) and kinds(board, "711.3b") == []


def test_the_power_a_modifier_sees_in_timestamp_order_counts_only_the_modifiers_created_before_it():
    board = _with(DOUBLER, OWL)
    doubler, owl = board.cards
    doubler.modifiers.append(1)
    assert power.power_before(board, doubler, (1, False)) == 2
    assert power.power_before(board, doubler, (1, True)) == 4
    assert power.power_before(board, doubler, (2, False)) == 5
    assert power.power_before(board, doubler, (3, False)) == power.power(board, doubler) == 6


def test_one_ability_with_several_modifiers_is_indexed_as_each_and_executable_when_each_is():
    both = Modifier("all", THIS_CARD, values=values(**{"all-of": (
        Modifier("power", THIS_CARD, Amount(2)), Modifier("keyword", THIS_CARD, values=values(keyword="Stubborn")))}))
    elder = Printed.build("Elder", "Friend", colors=["orange"], power=2, cost=3, abilities=(
        Ability("continuous", "This card has +2 power and Stubborn.", modifier=both),))
    assert continuous.executable(both) is None
    assert set(continuous.index(elder).own) == {"power", "keyword"}
    board = _with(elder)
    assert power.power(board, board.cards[0]) == 4 and continuous.gives(board, board.cards[0], "Stubborn")
    colored = Modifier("all", THIS_CARD, values=values(**{"all-of": (
        Modifier("power", THIS_CARD, Amount(1)), Modifier("color", THIS_CARD, values=values(color="orange")))}))
    assert continuous.executable(colored) == "a card's colors replaced by a color"


def test_eccentric_given_by_text_adds_to_what_opponents_need_to_confront_the_card_s_problem():
    odd = Printed.build("Odd", "Friend", colors=["pink"], power=1, cost=1, abilities=(
        Ability("continuous", "While at a Problem, this card has Eccentric 2.", modifier=Modifier(
            "keyword", THIS_CARD, values=values(keyword="Eccentric", x=2)),
            condition=Condition("at", THIS_CARD, values(where="problem"))),))
    assert continuous.executable(odd.abilities[0].modifier) is None
    board = board_with((odd, 1, Zone.PLAY, "problem", 0), (KITE, 0, Zone.PLAY, "problem", 0))
    problem = board.cards[1]
    extra: list = []
    continuous.confront_needs(board, 0, problem, extra)
    assert [need.amount for need in extra] == [2]
    extra = []
    continuous.confront_needs(board, 1, problem, extra)
    assert extra == [], "Eccentric reaches the card's opponents only"
    board.off = frozenset({"701.1"})
    continuous.confront_needs(board, 0, problem, extra)
    assert extra == []


def test_a_confront_requirement_for_each_card_counts_them_from_the_current_game_state():
    crowded = Printed.build("Crowded", "Problem", owner_needs="2 blue", opponents_need=3, bonus=1, abilities=(
        Ability("continuous", "Opponents need +1 power to confront this Problem for each of your Friends here.",
                modifier=Modifier("confront-need", THIS_CARD, Amount(1, per=Selector(
                    "Friend", every=True, controller="you", where="here")), values(player=Selector("opponents")))),))
    assert continuous.executable(crowded.abilities[0].modifier) is None
    board = board_with((crowded, 1, Zone.PLAY, "problem", 1), (COMET, 1, Zone.PLAY, "problem", 1),
                       (COMET, 1, Zone.PLAY, "problem", 1), (COMET, 1, Zone.PLAY, "home", 1))
    problem = board.cards[0]

    def needs(player):
        extra: list = []
        continuous.confront_needs(board, player, problem, extra)
        return [need.amount for need in extra]

    assert needs(0) == [2] and needs(1) == []
    board.put(board.cards[1], Zone.DISCARD)
    assert needs(0) == [1]


def test_a_change_of_the_cost_to_play_for_each_counts_only_cards_it_can_name():
    tips = Selector("counter", filters=(("kind", "Tip"), ("on", THIS_CARD)))
    every = Selector("card", every=True, controller="opponent")
    assert continuous.executable(Modifier("cost", every, Amount(1, per=tips), values(action="play"))) is None
    assert continuous.executable(Modifier("cost", every, Amount(1, per=Selector("that", ref="Problem")),
                                          values(action="play"))) == (
        "a change of the cost to play for each card named elsewhere")
    assert continuous.executable(Modifier("cost", THIS_CARD, Amount(1, per=tips), values(action="move"))) == (
        "a modifier 'for each'")


def test_a_keyword_given_for_each_card_has_the_count_as_its_x():
    glider = Printed.build("Glider", "Friend", colors=["blue"], power=2, cost=2, abilities=(
        Ability("continuous", "This card has Eccentric 1 for each of your characters here.", modifier=Modifier(
            "keyword", THIS_CARD, Amount(1, per=Selector("character", every=True, controller="you", where="here")),
            values(keyword="Eccentric", x=1))),))
    assert continuous.executable(glider.abilities[0].modifier) is None
    board = board_with((glider, 1, Zone.PLAY, "problem", 0), (COMET, 1, Zone.PLAY, "problem", 0),
                       (KITE, 0, Zone.PLAY, "problem", 0))
    assert continuous.granted(board, board.cards[0]) == [("Eccentric", 2)]
    extra: list = []
    continuous.confront_needs(board, 0, board.cards[2], extra)
    assert [need.amount for need in extra] == [2]


def test_a_confront_requirement_for_each_of_their_cards_counts_the_confronting_player_s():
    sombra = Printed.build("Sombra", "Friend", colors=["blue"], power=2, cost=2, abilities=(
        Ability("continuous", "Opponents need +1 power to confront this card's Problem for each of their frightened "
                              "Friends here.", modifier=Modifier("confront-need", Selector("Problem", where="here"), Amount(
                                  1, per=Selector("Friend", every=True, controller="their", where="here",
                                                  filters=(("status", "frightened"),))),
                                  values(player=Selector("opponents")))),))
    assert continuous.executable(sombra.abilities[0].modifier) is None
    board = board_with((sombra, 1, Zone.PLAY, "problem", 0), (COMET, 0, Zone.PLAY, "problem", 0),
                       (COMET, 0, Zone.PLAY, "problem", 0), (COMET, 1, Zone.PLAY, "problem", 0),
                       (KITE, 0, Zone.PLAY, "problem", 0))
    _, mine, also, theirs, problem = board.cards
    mine.frightened = theirs.frightened = True
    extra: list = []
    continuous.confront_needs(board, 0, problem, extra)
    assert [need.amount for need in extra] == [1]


FLIP_BOOSTER = Printed.build("Flip Booster", "Friend", colors=["blue"], power=1, cost=1, abilities=(
    Ability("continuous", "Your flipped cards have +2 power.", modifier=Modifier(
        "power", Selector("card", every=True, controller="you", zone="flip"), Amount(2))),))


def test_a_modifier_of_flipped_cards_reaches_cards_in_the_flip_zone_only():
    board = board_with((FLIP_BOOSTER, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0),
                       (COMET, 0, Zone.FLIP, None, None), (COMET, 1, Zone.FLIP, None, None))
    booster, in_play, flipped, theirs = board.cards
    assert [power.power(board, c) for c in (booster, in_play)] == [1, 2]
    assert continuous.flipped_power(board, flipped) == 2
    assert continuous.flipped_power(board, theirs) == 0
    board.off = frozenset({"702.1"})
    assert continuous.flipped_power(board, flipped) == 0


THAT_FRIEND = Selector("that", ref="Friend")
HAT = Printed.build("Hat", "Resource", cost=1, host="Friend", abilities=(
    Ability("continuous", "That Friend has +2 power and is also [Laughter].", modifier=Modifier(
        "all", THAT_FRIEND, values=values(all_of=(Modifier("power", THAT_FRIEND, Amount(2)),
                                                  Modifier("color", THAT_FRIEND, values=values(color="pink",
                                                                                               also=True)))))),))


def _hat_on(board, host):
    hat = board.new_card(HAT, 0)
    board.put(hat, Zone.PLAY, area=host.area)
    hat.host = host
    return hat


def test_that_friend_of_a_card_played_on_a_friend_is_the_friend_it_is_on():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0))
    host, other = board.cards[0], board.cards[1]
    _hat_on(board, host)
    assert power.power(board, host) == 4 and power.power(board, other) == 2


def test_a_card_that_is_also_a_color_has_that_color_besides_its_own_while_it_applies():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0))
    host, other = board.cards[0], board.cards[1]
    assert continuous.given_colors(board, host) == ()
    hat = _hat_on(board, host)
    assert continuous.given_colors(board, host) == (Color.PINK,)
    assert continuous.given_colors(board, other) == ()
    assert power.power_of_color(board, 0, Color.PINK) == 4
    hat.face_down = True
    assert continuous.given_colors(board, host) == ()


def test_a_color_modifier_is_executable_only_as_a_color_named_besides_the_card_s_own():
    assert continuous.executable(Modifier("color", THAT_FRIEND, values=values(color="pink", also=True))) is None
    assert continuous.executable(Modifier("color", THAT_FRIEND, values=values(color="that", also=True))) == (
        "making a card the color 'that'")
    assert continuous.executable(Modifier("color", THIS_CARD, values=values(color="pink"))) == (
        "a card's colors replaced by a color")


def test_a_card_s_own_requirement_to_play_it_is_judged_from_the_hand_unless_104_1_is_off():
    from rulebase.engine.ccg.abilities.reading import read

    element = Printed.build("Element", "Resource", cost=1, abilities=read(
        "You must control Fluttershy to play this card.", card_type="Resource"))
    assert continuous.executable(element.abilities[0].modifier) is None
    shy = Printed.build("Fluttershy, Kind", "Friend", colors=["yellow"], power=1, cost=1)
    board = board_with((element, 0, Zone.HAND, None, 0), (COMET, 0, Zone.PLAY, "home", 0))
    card = board.cards[0]
    assert "You must control Fluttershy" in continuous.required_to_play.verdict(board, 0, card)
    board.put(board.new_card(shy, 0), Zone.PLAY, area=board.players[0].home)
    assert continuous.required_to_play.verdict(board, 0, card) is None
    assert continuous.required_to_play.verdict(board, 1, card) is not None
    board.off = frozenset({"104.1"})
    assert continuous.required_to_play.verdict(board, 1, card) is None


def test_a_card_entering_play_with_counters_has_them_once_in_play_unless_706_1b_is_off():
    from rulebase.engine.ccg import zones
    from rulebase.engine.ccg.abilities.reading import read

    loaded = Printed.build("Loaded", "Friend", colors=["blue"], power=1, cost=1, abilities=read(
        "This card enters play with two +1 power counters on it.", card_type="Friend"))
    assert continuous.executable(loaded.abilities[0].modifier) is None
    for off, counters in ((frozenset(), 2), (frozenset({"706.1b"}), 0)):
        board = board_with((loaded, 0, Zone.HAND, None, 0))
        board.off = off
        card = board.cards[0]
        zones.enter_play(board, card, board.players[0].home)
        assert card.in_play and card.counters == counters and power.power(board, card) == 1 + counters
    counted = read("This card enters play with a +1 power counter on it for each of your other Friends.",
                   card_type="Friend")[0].modifier
    assert continuous.executable(counted) is None


def test_a_cant_contribute_to_faceoffs_forbids_the_cards_it_names_unless_104_2_is_off():
    from rulebase.engine.ccg.abilities.reading import read

    quiet = Printed.build("Quiet", "Friend", colors=["yellow"], power=3, cost=1, abilities=read(
        "This card can't contribute its power to faceoffs.", card_type="Friend"))
    assert continuous.executable(quiet.abilities[0].modifier) is None
    board = board_with((quiet, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0))
    card, other = board.cards
    assert "can't contribute its power to faceoffs" in continuous.cant_contribute_to_faceoffs.verdict(board, card)
    assert continuous.cant_contribute_to_faceoffs.verdict(board, other) is None
    board.off = frozenset({"104.2"})
    assert continuous.cant_contribute_to_faceoffs.verdict(board, card) is None
    involving = read("Mane Characters can't contribute their power to faceoffs involving this card.",
                     card_type="Troublemaker")[0].modifier
    assert continuous.executable(involving) is None  # of the faceoffs its card is involved in


def test_showy_text_gives_a_card_adds_to_what_opponents_pay_to_move_there():
    from rulebase.engine.ccg.abilities.reading import read

    couture = Printed.build("Couture", "Resource", cost=1, host="Friend", abilities=read(
        "Play on a Friend.\nThat Friend has Showy 2.", card_type="Resource"))
    assert all(continuous.executable(a.modifier) is None for a in couture.abilities if a.kind == "continuous")
    board = board_with((COMET, 1, Zone.PLAY, "problem", 1), (COMET, 0, Zone.PLAY, "home", 0))
    kite, comet = board.cards
    there = board.players[1].problem_area
    assert continuous.given_showy(board, there) == [] and continuous.most_move_cost(board, 0, there) == 0
    worn = board.new_card(couture, 1)
    board.put(worn, Zone.PLAY, area=there)
    worn.host = kite
    assert continuous.given_showy(board, there) == [(kite, 2)]
    assert continuous.most_move_cost(board, 0, there) == 2 and continuous.most_move_cost(board, 1, there) == 0
    assert moving.move_cost(board, 0, comet, there) == 4


def test_a_cant_lifted_by_paying_a_cost_is_named_not_applied_as_a_plain_cant():
    said = values(action="be-moved", to="this-problem", by=Selector("opponent", every=True))
    plain = Modifier("cant", Selector("character", every=True), values=said)
    paid = Modifier("cant", Selector("character", every=True), values=tuple(sorted(
        dict(said, **{"unless-paid": Amount(1)}).items())))
    unprinted = Modifier("cant", Selector("character", every=True), values=tuple(sorted(
        dict(said, **{"unless-paid": Amount(None)}).items())))
    assert continuous.executable(plain) is None
    assert continuous.executable(paid) is None  # lifted by paying as the move is taken (cant_unless_paid)
    assert continuous.executable(unprinted) == "a can't lifted by paying a number not printed"


def test_the_home_limit_changed_and_friends_not_counted_against_it_by_text():
    from rulebase.engine.ccg.abilities.reading import read

    swarm = Printed.build("Swarm", "Troublemaker", power=1, points=1, abilities=read(
        "Your opponent's home limit is decreased by 1.", card_type="Troublemaker"))
    mayor = Printed.build("Mayor", "Friend", colors=["blue"], power=1, cost=1, abilities=read(
        "This card does not count against your home limit.", card_type="Friend"))
    assert continuous.executable(swarm.abilities[0].modifier) is None
    assert continuous.executable(mayor.abilities[0].modifier) is None
    board = board_with((swarm, 1, Zone.PLAY, "problem", 0), (mayor, 0, Zone.PLAY, "home", 0),
                       (COMET, 0, Zone.PLAY, "home", 0))
    _, card, comet = board.cards
    assert continuous.home_limit_change(board, 0) == -1 and continuous.home_limit_change(board, 1) == 0
    assert continuous.not_counted(board, card) and not continuous.not_counted(board, comet)
    board.off = frozenset({"702.1"})
    assert continuous.home_limit_change(board, 0) == 0 and not continuous.not_counted(board, card)


def test_a_cost_to_play_lowered_to_a_minimum_is_lowered_no_further():
    from rulebase.engine.ccg.abilities.reading import read
    from rulebase.engine.ccg.moving import Cost

    patron = Printed.build("Patron", "Friend", colors=["blue"], power=1, cost=1, abilities=read(
        "You may pay [1] less to play Friends, to a minimum of [1].", card_type="Friend"))
    assert continuous.executable(patron.abilities[0].modifier) is None
    rally = read("You pay [1] less to rally your Friends, to a minimum of [1].", card_type="Friend")[0].modifier
    assert continuous.executable(rally) is None  # applied as a card is rallied (play.rally_cost)
    board = board_with((patron, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.HAND, None, 0),
                       (COMET, 1, Zone.HAND, None, 1))
    _, mine, theirs = board.cards
    for start, paid in ((3, 2), (2, 1), (1, 1), (0, 0)):
        cost = Cost(start)
        continuous.play_cost(board, cost, 0, mine, board.players[0].home)
        assert cost.amount == paid
    cost = Cost(3)
    continuous.play_cost(board, cost, 1, theirs, board.players[1].home)
    assert cost.amount == 3
    assert continuous.least_play_change(board, 0, mine) == -1


def test_an_ability_reaching_its_own_card_does_not_count_itself_in_its_own_condition():
    from rulebase.engine.ccg.abilities import reading

    def rally(least):
        text = f"While this card has at least {least} power, your Friends have +1 power."
        return Printed.build(f"Rally {least}", "Friend", colors=["blue"], power=2, cost=1,
                             abilities=reading.read(text))

    board = board_with((rally(3), 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0))
    assert [power.power(board, card) for card in board.cards] == [2, 2]
    board = board_with((rally(2), 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0))
    assert [power.power(board, card) for card in board.cards] == [3, 3]


def test_a_can_t_contribute_to_confronting_is_executable_for_any_problem_or_this_one_only():
    anywhere = Modifier("cant", THIS_CARD, values=values(action="contribute-to-confront"))
    this_one = Modifier("cant", Selector("Mane Character", every=True),
                        values=values(action="contribute-to-confront", confronting=THIS_CARD))
    elsewhere = Modifier("cant", Selector("Mane Character", every=True),
                         values=values(action="contribute-to-confront", confronting=Selector("Problem")))
    assert continuous.executable(anywhere) is None
    assert continuous.executable(this_one) is None
    assert continuous.executable(elsewhere) == "a can't 'contribute-to-confront' of another Problem"


def test_a_problem_s_can_t_contribute_reaches_only_the_characters_confronting_it():
    scepter = Printed.build("Scepter Hunt", "Problem", owner_needs="2 blue", opponents_need=3, bonus=1, abilities=(
        Ability("continuous", "Friends can't contribute their power to confronting this Problem.", modifier=Modifier(
            "cant", Selector("Friend", every=True), values=values(action="contribute-to-confront",
                                                                   confronting=THIS_CARD))),))
    board = board_with((scepter, 0, Zone.PLAY, "problem", 0), (KITE, 1, Zone.PLAY, "problem", 1),
                       (COMET, 0, Zone.PLAY, "problem", 0))
    hunt, kite, comet = board.play
    assert continuous.cant_contribute_to_confront.verdict(board, comet, hunt)
    assert continuous.cant_contribute_to_confront.verdict(board, comet, kite) is None


EELS = Printed.build("Eels", "Troublemaker", power=4, points=2, abilities=(
    Ability("continuous", "Opponents must pay +[1] to move a character to this card's Problem.", modifier=Modifier(
        "cost", Selector("character"), Amount(1),
        values(action="move", player=Selector("opponent", every=True), to="here"))),))


def test_a_troublemaker_s_move_cost_to_its_problem_reaches_only_the_players_its_text_names():
    board = board_with((EELS, 1, Zone.PLAY, "problem", 1), (COMET, 0, Zone.PLAY, "home", 0),
                       (COMET, 1, Zone.PLAY, "home", 1))
    _, mine, theirs = board.cards
    there = board.players[1].problem_area
    assert moving.move_cost(board, 0, mine, there) == 3
    assert moving.move_cost(board, 1, theirs, there) == 2
    assert moving.move_cost(board, 0, mine, board.players[0].problem_area) == 2


def test_a_limit_is_executable_on_confronting_problems_and_scoring_points_per_turn():
    players = Selector("player", every=True)
    confront = Modifier("at-most", Selector("Problem"), values=values(action="confront", by=players, most=1, per="turn"))
    score = Modifier("at-most", players, values=values(action="score", by=players, most=2, per="turn", what="points"))
    ready = Modifier("at-most", Selector("character", where="here"), values=values(action="ready", by=players, most=1))
    assert continuous.executable(confront) is None
    assert continuous.executable(score) is None
    assert continuous.executable(ready) == "a limit ('at-most') on 'ready'"


def test_a_limit_on_points_leaves_a_player_what_they_have_not_scored_this_turn():
    from rulebase.engine.ccg import points

    players = Selector("player", every=True)
    tyrant = Printed.build("Tyrant", "Friend", power=1, cost=1, abilities=(Ability(
        "continuous", "Players can't score more than 2 points per turn.", modifier=Modifier(
            "at-most", players, values=values(action="score", by=players, most=2, per="turn", what="points"))),))
    board = board_with((tyrant, 0, Zone.PLAY, "home", 0))
    points.score(board, 0, 1, "card text", rule="517.2")
    points.score(board, 0, 3, "card text", rule="517.2")
    points.score(board, 1, 2, "card text", rule="517.2")
    assert [p.score for p in board.players] == [2, 2]
    board.turn.number += 1
    points.score(board, 0, 3, "card text", rule="517.2")
    assert board.players[0].score == 4
    board.off = frozenset({"104.2"})
    points.score(board, 0, 3, "card text", rule="517.2")
    assert board.players[0].score == 7


def test_a_player_who_reached_a_limit_on_confronting_can_t_confront_another_problem():
    from rulebase.engine.ccg.board import Confrontation

    players = Selector("player", every=True)
    schemer = Printed.build("Schemer", "Friend", power=1, cost=1, abilities=(Ability(
        "continuous", "Players can't confront more than one Problem per turn.", modifier=Modifier(
            "at-most", Selector("Problem"), values=values(action="confront", by=players, most=1, per="turn"))),))
    board = board_with((schemer, 0, Zone.PLAY, "home", 0), (KITE, 0, Zone.PLAY, "problem", 0),
                       (KITE, 1, Zone.PLAY, "problem", 1))
    _, mine, theirs = board.play
    assert continuous.cant_confront.verdict(board, 0, mine) is None
    board.confrontations.append(Confrontation(board.turn.number, 0, theirs))
    assert "limits how many Problems" in continuous.cant_confront.verdict(board, 0, mine)
    assert continuous.cant_confront.verdict(board, 1, mine) is None
    board.turn.number += 1
    assert continuous.cant_confront.verdict(board, 0, mine) is None


RALLY = Printed.build("Rally Ground", "Problem", owner_needs="2 blue", opponents_need=3, bonus=1, abilities=(
    Ability("continuous", "You have +2 power during faceoffs here.",
            modifier=Modifier("power", Selector("you"), Amount(2))),))


def test_a_power_modifier_naming_a_player_changes_that_player_s_total_not_any_card_s_power():
    board = board_with((RALLY, 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.PLAY, "problem", 0),
                       (COMET, 1, Zone.PLAY, "problem", 0))
    _, mine, theirs = board.cards
    assert power.power(board, mine) == 2 and power.power(board, theirs) == 2
    assert continuous.player_power(board, 0) == [2]
    assert continuous.player_power(board, 1) == []


def test_a_card_enters_play_with_counters_for_each_card_its_text_counts():
    each = Modifier("enters-with-counters", THIS_CARD, Amount(1, per=Selector(
        "Friend", every=True, controller="you", filters=(("other", True),))))
    builder = Printed.build("Builder", "Friend", colors=["blue"], power=1, cost=1, abilities=(
        Ability("continuous", "This card enters play with a +1 power counter on it for each of your other Friends.",
                modifier=each),))
    assert continuous.executable(each) is None
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0),
                       (COMET, 1, Zone.PLAY, "home", 1), (builder, 0, Zone.PLAY, "home", 0))
    card = board.play[-1]
    continuous.entering_state(board, card)
    assert card.counters == 2


def test_a_can_t_of_several_occurrences_forbids_each_and_only_those():
    both = Modifier("cant", THIS_CARD, values=values(action=("be-dismissed", "be-frightened")))
    odd = Modifier("cant", THIS_CARD, values=values(action=("be-dismissed", "sing")))
    assert continuous.executable(both) is None
    assert continuous.executable(odd) == "a can't ('be-dismissed', 'sing')"
    sturdy = Printed.build("Sturdy", "Friend", colors=["blue"], power=1, cost=1, abilities=(
        Ability("continuous", "This card can't be dismissed or frightened.", modifier=both),))
    board = board_with((sturdy, 0, Zone.PLAY, "home", 0))
    card = board.play[0]
    assert continuous.forbidding(board, card, "be-dismissed") is not None
    assert continuous.forbidding(board, card, "be-frightened") is not None
    assert continuous.forbidding(board, card, "be-retired") is None


def test_a_problem_s_text_lowers_what_its_player_needs_at_opposing_problems_only():
    caravan = Printed.build("Caravan", "Problem", owner_needs="2 blue", opponents_need=3, bonus=1, abilities=(Ability(
        "continuous", "You need -2 power to confront opposing Problems.", modifier=Modifier(
            "confront-need", Selector("Problem", every=True, controller="opponent"), Amount(-2),
            values(player=Selector("you")))),))
    board = board_with((caravan, 0, Zone.PLAY, "problem", 0), (KITE, 1, Zone.PLAY, "problem", 1))
    mine, theirs = board.play
    assert continuous.executable(mine.printed.abilities[0].modifier) is None
    found: list = []
    continuous.confront_needs(board, 0, theirs, found)
    assert [need.amount for need in found] == [-2]
    found = []
    continuous.confront_needs(board, 1, mine, found)
    continuous.confront_needs(board, 0, mine, found)
    assert found == []


def test_a_triggered_keyword_the_engine_does_not_play_by_a_unit_is_given_with_its_glossary_sentence_meticulous():
    from .driving import real

    owl = real("owlowiscious-best-owl")
    study = Printed.build("Study", "Friend", colors=["purple"], power=3, cost=3)
    board = board_with((owl, 0, Zone.PLAY, "home", 0))
    assert continuous.given_triggered(board, "turn-starts") == [], "not with another Magic Friend"
    board = board_with((owl, 0, Zone.PLAY, "home", 0), (study, 0, Zone.PLAY, "home", 0))
    (card, ability, meaning, _number), = continuous.given_triggered(board, "turn-starts")
    assert card is board.cards[0] and (ability.keyword, ability.x) == ("Meticulous", 1)
    assert meaning.trigger.event == "turn-starts" and meaning.effect.verb == "look" and meaning.effect.optional
    assert meaning.effect.target.count.value == 1 and meaning.effect.then.value("to") == "top-or-bottom"
    assert STEP in kinds(board, "701.1")


_CRYSTALS = Selector("character", every=True, controller="you", filters=(("other", True), ("trait", "Crystal")))
PRISM = Printed.build("Prism", "Friend", colors=["blue"], power=1, cost=1, traits=["Crystal"], abilities=(
    Ability("continuous", "This card also has the colors of all your other [Crystal] characters.",
            modifier=Modifier("colors", THIS_CARD, values=values(of=_CRYSTALS))),))
GEM = Printed.build("Gem", "Friend", colors=["orange"], power=2, cost=1, traits=["Crystal"])
ROCK = Printed.build("Rock", "Friend", colors=["white"], power=2, cost=1, traits=["Earth Pony"])
PINK_GEM = Printed.build("Pink Gem", "Friend", colors=["pink"], power=2, cost=1, traits=["Crystal"])


def test_a_card_also_has_the_colors_of_the_cards_its_modifier_describes_while_they_are_in_play():
    board = board_with((PRISM, 0, Zone.PLAY, "home", 0), (GEM, 0, Zone.PLAY, "problem", 0),
                       (ROCK, 0, Zone.PLAY, "home", 0), (PINK_GEM, 1, Zone.PLAY, "home", 1))
    prism, gem, rock, theirs = board.cards
    assert continuous.given_colors(board, prism) == (Color.ORANGE,)  # not white (not Crystal), not Bob's pink
    assert continuous.given_colors(board, gem) == ()
    assert power.power_of_color(board, 0, Color.ORANGE) == 3
    gem.face_down = True
    assert continuous.given_colors(board, prism) == ()
    gem.face_down = False
    prism.face_down = True
    assert continuous.given_colors(board, prism) == ()


def test_two_cards_giving_each_other_their_colors_take_only_each_other_s_own():
    board = board_with((PRISM, 0, Zone.PLAY, "home", 0), (PRISM, 0, Zone.PLAY, "home", 0),
                       (GEM, 0, Zone.PLAY, "home", 0))
    first, second, _gem = board.cards
    assert continuous.given_colors(board, first) == (Color.ORANGE,)
    assert continuous.given_colors(board, second) == (Color.ORANGE,)


def test_colors_of_cards_are_executable_only_of_cards_described():
    assert continuous.executable(Modifier("colors", THIS_CARD, values=values(of=_CRYSTALS))) is None
    assert continuous.executable(Modifier("colors", THIS_CARD)) == "the colors of cards not described"
    assert continuous.executable(Modifier("colors", THIS_CARD, values=values(of=Selector("that")))) == (
        "the colors of cards not described")
    assert continuous.executable(Modifier("colors", Selector("that"), values=values(of=_CRYSTALS))) == (
        "the colors given to a card named elsewhere")


def _loses(noun: str, **selector) -> Ability:
    return Ability("continuous", f"{noun}s here lose and can't have abilities.", modifier=Modifier(
        "loses", Selector(noun, every=True, where="here", **selector), values=values(what="abilities")))


HUSH = Printed.build("Hush", "Troublemaker", power=2, points=1, abilities=(_loses("Friend"),))
MUTE = Printed.build("Mute", "Friend", colors=["blue"], power=1, cost=1, abilities=(_loses("Friend", controller="opponent"),))
SWIFT_KITE = Printed.build("Swift Kite", "Friend", colors=["blue"], power=1, cost=1, keywords=["Swift"])


def test_a_card_that_lost_its_abilities_has_none_while_the_modifier_reaches_it():
    board = board_with((STRONG, 0, Zone.PLAY, "problem", 0), (SWIFT_KITE, 0, Zone.PLAY, "problem", 0),
                       (HUSH, 1, Zone.PLAY, "problem", 0))
    strong, kite, hush = board.cards
    assert continuous.silenced(board, strong) and continuous.silenced(board, kite)
    assert not continuous.silenced(board, hush)  # a Troublemaker: not a Friend the modifier describes
    assert continuous.side(strong) is None and continuous.own(strong, "power") == ()
    assert power.power(board, strong) == 1
    assert not keywords.has(kite, "Swift")
    power.power_parts(board, strong)
    assert kinds(board, "702.1") == [STEP, STEP]  # the keyword asked about, the power explained
    assert all("Hush" in entry.text for entry in board.trace if entry.rule == "702.1")
    board.put(strong, Zone.PLAY, area=board.players[0].home)
    assert power.power(board, strong) == 3 and continuous.side(strong) is not None
    hush.face_down = True
    assert keywords.has(kite, "Swift")


def test_a_card_that_lost_its_abilities_is_given_none_and_its_own_modifiers_of_others_stop():
    board = board_with((LEADER, 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.PLAY, "problem", 0))
    leader, comet = board.cards
    assert power.power(board, comet) == 3
    hush = board.new_card(HUSH, 1)
    board.put(hush, Zone.PLAY, area=board.players[0].problem_area)
    assert power.power(board, comet) == 2  # LEADER's "+1 power" stopped with its abilities (702.1)
    assert continuous.granted(board, comet) == []


def test_with_702_1_off_no_card_loses_its_abilities():
    board = board_with((STRONG, 0, Zone.PLAY, "problem", 0), (HUSH, 1, Zone.PLAY, "problem", 0))
    board.off = frozenset({"702.1"})
    assert not continuous.silenced(board, board.cards[0])


def test_of_two_cards_taking_away_each_other_s_abilities_the_earlier_applies():
    board = board_with((MUTE, 0, Zone.PLAY, "problem", 0), (MUTE, 1, Zone.PLAY, "problem", 0))
    first, second = board.cards
    assert continuous.taking_away(board) == [first]
    assert continuous.silenced(board, second) and not continuous.silenced(board, first)


def test_a_card_on_a_friend_takes_that_friend_s_abilities_away():
    wings = Printed.build("Wings", "Resource", cost=1, host="Friend", abilities=(
        Ability("continuous", "That Friend loses and can't have abilities.", modifier=Modifier(
            "loses", Selector("that", ref="Friend"), values=values(what="abilities"))),))
    board = board_with((STRONG, 0, Zone.PLAY, "home", 0), (STRONG, 0, Zone.PLAY, "home", 0))
    host, other = board.cards
    card = board.new_card(wings, 1)
    board.put(card, Zone.PLAY, area=host.area)
    card.host = host
    assert power.power(board, host) == 1 and power.power(board, other) == 3


def test_losing_abilities_is_executable_for_cards_described_or_the_card_this_one_is_on():
    assert continuous.executable(_loses("Troublemaker").modifier) is None
    assert continuous.executable(Modifier("loses", THIS_CARD, values=values(what="abilities"))) == (
        "a card taking away its own abilities")
    assert continuous.executable(Modifier("loses", Selector("character", every=True), values=values(what="colors"))) == (
        "losing 'colors'")


QUIET = Printed.build("Quiet", "Friend", colors=["yellow"], power=1, cost=1, abilities=(
    Ability("continuous", "Opponents flip 1 fewer cards during faceoffs.", modifier=Modifier(
        "flips", Selector("opponent", every=True, count=Amount(None)), amount=Amount(-1))),))


def test_a_flips_modifier_naming_players_counts_for_those_players_not_for_its_controller():
    """"Opponents flip 1 fewer cards" (Seapony Duo, Flipper Floppers) has the
    card's opponents flip fewer, and changes nothing for its own player."""
    board = board_with((QUIET, 0, Zone.PLAY, "home", 0))
    assert continuous.additional_flips(board, 1) == -1
    assert continuous.additional_flips(board, 0) == 0


ROCKY_ZONE = Printed.build("Rocky Zone", "Problem", owner_needs="2 blue", opponents_need=2, bonus=1, abilities=(
    Ability("continuous", "Your Friends here have Persistent.", modifier=Modifier(
        "keyword", Selector("Friend", every=True, controller="you", where="here"), values=values(keyword="Persistent"))),))


def test_a_replacement_keyword_given_replaces_as_a_printed_one_does():
    board = board_with((ROCKY_ZONE, 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.PLAY, "problem", 0),
                       (COMET, 0, Zone.PLAY, "home", 0), (COMET, 1, Zone.PLAY, "problem", 0))
    _zone, here, home, theirs = board.cards
    given = continuous.given_replacing(board)
    assert [(card, number) for card, number, _acts in given] == [(here, 2000)]
    assert given[0][2].trigger.event == "leaves-play" and given[0][2].effect.verb == "frighten"
    assert [(source, number) for source, number, _acts in continuous.replacements(board, "dismissed", here)] == [
        (here, 2000)]
    assert continuous.replacements(board, "dismissed", home) == []
    assert continuous.replacements(board, "dismissed", theirs) == []


def test_persistent_and_vexing_may_be_given():
    for keyword in ("Persistent", "Vexing"):
        assert continuous.executable(Modifier("keyword", THIS_CARD, values=values(keyword=keyword))) is None
    assert continuous.executable(Modifier("keyword", THIS_CARD, values=values(keyword="Agile"))) == (
        "giving the keyword 'Agile'")  # a keyword the glossary does not define: no text to give


SESSION = Printed.build("Session", "Resource", colors=["purple"], cost=2, abilities=(
    Ability("continuous", "Opposing Friends enter play exhausted.", modifier=Modifier(
        "others-enter-exhausted", Selector("Friend", every=True, controller="opponent"))),))


def test_opposing_friends_enter_play_exhausted_while_the_card_is_in_play_and_face_up():
    from rulebase.engine.ccg import zones

    board = board_with((SESSION, 1, Zone.PLAY, "home", 1), (COMET, 0, Zone.HAND, None, 0),
                       (COMET, 1, Zone.HAND, None, 1), (COMET, 0, Zone.HAND, None, 0))
    session, mine, theirs, later = board.cards
    zones.enter_play(board, mine, board.players[0].home)
    zones.enter_play(board, theirs, board.players[1].home)
    assert mine.exhausted and not theirs.exhausted
    assert kinds(board, "706.1b") == [STEP]
    session.face_down = True
    zones.enter_play(board, later, board.players[0].home)
    assert not later.exhausted
    assert continuous.executable(SESSION.abilities[0].modifier) is None
    assert continuous.executable(Modifier("others-enter-exhausted", Selector("that"))) == (
        "other cards entering play exhausted, not described")


RESISTANCE = Printed.build("Resistance", "Problem", owner_needs="2 blue", opponents_need=2, bonus=1, abilities=(
    Ability("continuous", "Each opponent's maximum hand size is reduced by the number of Resources they control.",
            modifier=Modifier("hand-size", Selector("opponent"), Amount(-1, per=Selector(
                "Resource", every=True, controller="their")))),))
LANTERN = Printed.build("Lantern", "Resource", colors=["white"], cost=1)


def test_a_maximum_hand_size_changed_by_a_number_counted_for_the_player_it_reaches():
    from rulebase.engine.ccg import turn

    board = board_with((RESISTANCE, 1, Zone.PLAY, "problem", 1), (LANTERN, 0, Zone.PLAY, "home", 0),
                       (LANTERN, 0, Zone.PLAY, "home", 0), (LANTERN, 1, Zone.PLAY, "home", 1))
    assert turn.hand_size(board, 0) == 6  # Alice's two Resources
    assert turn.hand_size(board, 1) == 8  # its controller is no opponent of its own
    assert kinds(board, "702.1") == [STEP]
    board.off = frozenset({"702.1"})
    assert turn.hand_size(board, 0) == 8
    assert continuous.executable(RESISTANCE.abilities[0].modifier) is None
    assert continuous.executable(Modifier("hand-size", Selector("Friend"), Amount(2))) == (
        "the maximum hand size of 'Friend'")


HALVES = Printed.build("Halves", "Friend", colors=["blue"], power=1, cost=1, abilities=(
    Ability("continuous", "This card is both a Lyra and a Bon Bon in all zones.", modifier=Modifier(
        "names", THIS_CARD, values=values(names=("Lyra", "Bon Bon"), zones="all"))),))


def test_a_card_named_by_more_names_in_all_zones_is_named_by_each():
    from rulebase.engine.ccg.cards import is_named

    board = board_with((HALVES, 0, Zone.DRAW_DECK, None, 0), (COMET, 0, Zone.DRAW_DECK, None, 0))
    halves, comet = board.cards
    assert is_named(board, halves, "bon bon") and is_named(board, halves, "lyra")
    assert not is_named(board, comet, "bon bon") and not is_named(board, halves, "pinkie pie")
    assert kinds(board, "702.1") == [STEP, STEP]
    assert continuous.executable(HALVES.abilities[0].modifier) is None
    assert continuous.executable(Modifier("names", THIS_CARD, values=values(names=("Lyra",), zones="play"))) == (
        "more names in the zones 'play'")


DRESS = Printed.build("Dress", "Resource", cost=1, host="Friend", abilities=(
    Ability("continuous", "That Friend has +1 power and loses and can't gain abilities.", modifier=Modifier(
        "all", Selector("that", ref="Friend"), values=values(**{"all-of": (
            Modifier("power", Selector("that", ref="Friend"), Amount(1)),
            Modifier("loses", Selector("that", ref="Friend"), values=values(what="abilities")))}))),))


def test_a_friend_that_lost_its_abilities_keeps_the_modifiers_other_cards_abilities_generate():
    """Losing its abilities, a Friend's own modifiers stop (702.1), not those
    of other cards: the card taking them away ("That Friend has +1 power and
    loses and can't gain abilities", Dressed Up) and another's alike."""
    board = board_with((STRONG, 0, Zone.PLAY, "problem", 0), (LEADER, 0, Zone.PLAY, "problem", 0))
    strong, _leader = board.cards
    assert power.power(board, strong) == 4
    dress = board.new_card(DRESS, 0)
    board.put(dress, Zone.PLAY, area=strong.area)
    dress.host = strong
    assert continuous.silenced(board, strong)
    assert power.power(board, strong) == 3  # 1 printed, LEADER's +1 and DRESS's +1; not its own +2
    assert continuous.granted(board, strong) == []


def _their_flips(condition: Condition) -> Printed:
    return Printed.build("Hush Puppy", "Friend", colors=["yellow"], power=1, cost=1, abilities=(
        Ability("continuous", "Opponents flip 1 fewer cards while they have a Friend with 4 or more power.",
                modifier=Modifier("flips", Selector("opponent", every=True, count=Amount(None)), amount=Amount(-1)),
                condition=condition),))


BIG = Printed.build("Big", "Friend", colors=["blue"], power=4, cost=4)


def test_their_cards_in_a_flips_modifier_s_condition_are_the_reached_player_s():
    """"Opponents flip 1 fewer cards during faceoffs involving at least one
    of their characters with 4 or more power" (Autumn Blaze, Chatterbox):
    "their" names the cards of the opponent the modifier reaches."""
    theirs = Condition("none", Selector("Friend", controller="their", filters=(("power", ">=4"),)), negated=True)
    mine = board_with((_their_flips(theirs), 0, Zone.PLAY, "home", 0), (BIG, 0, Zone.PLAY, "home", 0))
    assert continuous.additional_flips(mine, 1) == 0
    opposing = board_with((_their_flips(theirs), 0, Zone.PLAY, "home", 0), (BIG, 1, Zone.PLAY, "home", 1))
    assert continuous.additional_flips(opposing, 1) == -1
    assert continuous.additional_flips(opposing, 0) == 0


# -- abilities gained: Teamwork and quoted abilities (701.1) ----------------------------------------

def _teamwork():
    from rulebase.engine.ccg.abilities import reading

    return reading.keyword_ability("Teamwork", None)


TEAM = Printed.build("Team Captain", "Friend", colors=["blue"], power=1, cost=1, traits=["Pegasus"], abilities=(
    _teamwork(), Ability("continuous", "This card has +2 power.", modifier=Modifier("power", THIS_CARD, Amount(2))),
    Ability("activated", "Main Phase: Pay [2] to ready this card.", timing="Main Phase",
            cost=(Effect("pay", amount=Amount(2)),), effect=Effect("ready", THIS_CARD))))
FLIER = Printed.build("Flier", "Friend", colors=["blue"], power=1, cost=1, traits=["Pegasus"])
WALKER = Printed.build("Walker", "Friend", colors=["blue"], power=1, cost=1, traits=["Earth Pony"])


def test_teamwork_gives_its_other_printed_abilities_to_its_player_s_friends_here_sharing_a_trait():
    board = board_with((TEAM, 0, Zone.PLAY, "problem", 0), (FLIER, 0, Zone.PLAY, "problem", 0),
                       (WALKER, 0, Zone.PLAY, "problem", 0), (FLIER, 0, Zone.PLAY, "home", 0),
                       (FLIER, 1, Zone.PLAY, "problem", 0))
    team, flier, walker, away, theirs = board.cards
    assert [power.power(board, c) for c in board.cards] == [3, 3, 1, 1, 1]
    assert [bool(continuous.gained(board, c)) for c in board.cards] == [False, True, False, False, False]
    assert [len(continuous.side(c).activated) for c in board.cards] == [1, 1, 0, 0, 0]
    assert kinds(board, "701.1") == [STEP]  # recorded once, while what it gains stays the same
    assert flier in continuous.acting_cards(board) and walker not in continuous.acting_cards(board)


def test_gained_abilities_stop_when_the_giver_leaves_or_the_receiver_moves_and_with_701_1_off():
    board = board_with((TEAM, 0, Zone.PLAY, "problem", 0), (FLIER, 0, Zone.PLAY, "problem", 0))
    team, flier = board.cards
    assert power.power(board, flier) == 3
    board.off = frozenset({"701.1"})
    assert power.power(board, flier) == 1 and not continuous.gaining(board)
    board.off = frozenset()
    board.put(flier, Zone.PLAY, area=board.players[0].home)
    assert power.power(board, flier) == 1
    board.put(flier, Zone.PLAY, area=board.players[0].problem_area)
    assert power.power(board, flier) == 3
    board.put(team, Zone.DISCARD)
    assert power.power(board, flier) == 1 and continuous.side(flier).activated == ()


def test_a_gained_keyword_is_a_keyword_the_card_has():
    swift_team = Printed.build("Swift Captain", "Friend", colors=["blue"], power=1, cost=1, traits=["Pegasus"],
                               abilities=(_teamwork(), keywords.keyword_ability("Swift")))
    board = board_with((swift_team, 0, Zone.PLAY, "problem", 0), (FLIER, 0, Zone.PLAY, "problem", 0),
                       (WALKER, 0, Zone.PLAY, "problem", 0))
    _, flier, walker = board.cards
    assert keywords.has(flier, "Swift") is True and keywords.has(walker, "Swift") is False
    assert keywords.has(board.cards[0], "Teamwork") is True  # its own, printed
    assert not any(a.keyword == "Teamwork" for _s, _a, pairs in continuous.gained(board, flier) for a, _m in pairs)


def test_a_quoted_ability_is_gained_by_the_cards_its_selector_names():
    poster = Printed.build("Poster", "Resource", cost=1, abilities=(Ability(
        "continuous", 'Your Troublemakers have "This card has +2 power."', modifier=Modifier(
            "ability", Selector("Troublemaker", every=True, controller="you"), values=values(ability=Ability(
                "continuous", modifier=Modifier("power", THIS_CARD, Amount(2)))))),))
    board = board_with((poster, 0, Zone.PLAY, "home", 0), (PEST, 0, Zone.PLAY, "problem", 1),
                       (PEST, 1, Zone.PLAY, "problem", 0))
    _, mine, theirs = board.cards
    assert power.power(board, mine) == power.power(board, theirs) + 2


def test_what_the_engine_lacks_to_give_abilities_is_named():
    leaves = Ability("triggered", "When this card leaves play, gain [1].",
                     trigger=Trigger("leaves-play", THIS_CARD), effect=Effect("gain", amount=Amount(1)))
    team = _teamwork()
    assert continuous.gives_missing(team, (team, leaves)) == \
        "giving a triggered ability of its card leaving play (looked back at only where printed)"
    assert continuous.gives_missing(team, (team, TEAM.abilities[1])) is None
    quoted = Modifier("ability", Selector("Friend", every=True, controller="you"), values=values(ability=leaves))
    assert continuous.executable(quoted) == \
        "giving a triggered ability of its card leaving play (looked back at only where printed)"
    assert continuous.executable(Modifier("abilities", Selector("Friend", every=True), values=values(
        of=Selector("Friend"), printed=True))) == "the abilities of another card"
    assert continuous.executable(team.meaning.modifier) is None


def test_a_unique_card_text_gives_another_title_shares_a_name_with_a_unique_card_of_that_title():
    from rulebase.engine.ccg import uniqueness

    both = Printed.build("Lyra & Bon Bon, Best Friends", "Friend", colors=["blue"], power=1, cost=1, traits=["Unique"],
                         abilities=(Ability("continuous", "This card is both a Lyra and a Bon Bon in all zones.",
                                            modifier=Modifier("names", THIS_CARD, values=values(
                                                names=("Lyra", "Bon Bon"), zones="all"))),))
    lyra = Printed.build("Lyra, Best Friends", "Friend", colors=["blue"], power=1, cost=1, traits=["Unique"])
    other = Printed.build("Lyra, Other Friends", "Friend", colors=["blue"], power=1, cost=1, traits=["Unique"])
    board = board_with((both, 0, Zone.PLAY, "home", 0), (lyra, 0, Zone.PLAY, "home", 0))
    found = uniqueness.find(board)
    assert found.rule == "516.3" and set(found.cards) == set(board.cards)
    assert "Lyra, Best Friends" in found.description and kinds(board, "702.1") == [STEP]
    board.off = frozenset({"702.1"})
    assert uniqueness.find(board) is None
    assert uniqueness.find(board_with((both, 0, Zone.PLAY, "home", 0), (other, 0, Zone.PLAY, "home", 0))) is None
    assert uniqueness.find(board_with((both, 0, Zone.PLAY, "home", 0), (lyra, 1, Zone.PLAY, "home", 1))) is None


def test_a_keyword_no_unit_plays_is_given_as_the_glossary_s_text_while_the_condition_holds():
    from rulebase.engine.ccg.abilities import reading

    joy = Printed.build("Joy", "Friend", colors=["pink"], power=2, cost=3, traits=["Crystal"], abilities=tuple(
        reading.read("While with another of your Crystal characters, this card has Random.")))
    gem = Printed.build("Gem", "Friend", colors=["white"], power=1, cost=1, traits=["Crystal"])
    board = board_with((joy, 0, Zone.PLAY, "problem", 0), (gem, 0, Zone.PLAY, "home", 0))
    card, other = board.cards
    assert keywords.has(card, "Random") is False and continuous.side(card).triggered == {}
    board.put(other, Zone.PLAY, area=board.players[0].problem_area)
    assert keywords.has(card, "Random") is True
    [(_number, ability, acts)] = continuous.side(card).triggered["flips"]
    assert ability.keyword == "Random" and acts == reading.keyword_ability("Random").meaning
    board.off = frozenset({"708.3"})  # the condition no longer keeps it from applying
    board.put(other, Zone.PLAY, area=board.players[0].home)
    assert keywords.has(card, "Random") is True
    assert continuous.executable(Modifier("keyword", Selector("Friend", every=True, zone="hand", controller="you"),
                                          values=values(keyword="Inspired"))) == \
        "giving the keyword 'Inspired' to cards out of play"


def test_a_home_limit_changed_for_each_card_counts_the_reached_player_s_cards_now():
    from rulebase.engine.ccg.abilities import reading

    crackle = Printed.build("Crackle", "Friend", colors=["white"], power=4, cost=4, abilities=tuple(
        reading.read("Your opponent's home limit is reduced by 1 for each of their Assets in their home.")))
    lamp = Printed.build("Lamp", "Resource", colors=["white"], cost=1, traits=["Asset"])
    board = board_with((crackle, 0, Zone.PLAY, "home", 0), (lamp, 1, Zone.PLAY, "home", 1),
                       (lamp, 1, Zone.PLAY, "home", 1), (lamp, 0, Zone.PLAY, "home", 0))
    assert continuous.home_limit_change(board, 1) == -2 and continuous.home_limit_change(board, 0) == 0
    board.put(board.cards[1], Zone.DISCARD)
    assert continuous.home_limit_change(board, 1) == -1
    contagious = reading.read("Each player's home limit is reduced by 1 for each character that player controls here.")
    assert continuous.executable(contagious[0].modifier) is None
    assert continuous.executable(Modifier("home-limit", Selector("opponent"), Amount(-1, per=Selector(
        "card", every=True, controller="each")))) == "a home limit changed by a number not printed"


def test_the_power_needed_to_confront_the_problem_of_the_card_an_attachment_is_on():
    need = Modifier("confront-need", Selector("Problem", where="that-card-problem"), Amount(-2),
                    values(player=Selector("you")))
    assert continuous.executable(need) is None
    assert continuous.executable(Modifier("confront-need", Selector("Problem", where="there"), Amount(-2))) == \
        "the power needed to confront another Problem"
    fashion = Printed.build("Fashion", "Resource", cost=1, host="Friend", abilities=(
        Ability("continuous", "You need -2 power to confront that Friend's Problem.", modifier=need),))
    board = board_with((KITE, 1, Zone.PLAY, "problem", 1), (COMET, 0, Zone.PLAY, "problem", 1),
                       (fashion, 0, Zone.PLAY, "problem", 1), (KITE, 0, Zone.PLAY, "problem", 0))
    kite, comet, worn, mine = board.cards
    worn.host = comet
    extra: list = []
    continuous.confront_needs(board, 0, kite, extra)
    assert [need.amount for need in extra] == [-2]
    extra = []
    continuous.confront_needs(board, 0, mine, extra)
    assert extra == []
    worn.host = None
    continuous.confront_needs(board, 0, kite, extra)
    assert extra == []


# -- a card that is also a Friend (302.2) ---------------------------------------------

ROCK = Printed.build("Rock", "Resource", power=2, cost=1)
ALSO_A_FRIEND = Effect("also-card-type", target=THIS_CARD, duration="phase", values=values(type="Friend", color="orange"))


def test_a_resource_that_is_also_an_orange_friend_is_a_character_of_that_color_until_the_end_of_the_phase():
    from rulebase.engine.ccg.abilities import targets, verbs
    from rulebase.engine.ccg.cards import CardType

    board = board_with((ROCK, 0, Zone.PLAY, "home", 0))
    board.turn.phase = "main"
    rock = board.cards[0]
    assert not targets.of_type(rock, CardType.FRIEND) and power.power_of_color(board, 0, Color.ORANGE) == 0
    verbs.also_a_friend(board, rock, Color.ORANGE, "phase")
    assert rock.type == CardType.RESOURCE and rock.is_a(CardType.RESOURCE) and rock.is_a(CardType.FRIEND)
    assert targets.of_type(rock, CardType.FRIEND) and targets.of_type(rock, "character")
    assert rock.colors == (Color.ORANGE,) and power.power_of_color(board, 0, Color.ORANGE) == 2
    assert kinds(board, "302.2") == [STEP]
    verbs.end_durations(board, "phase")
    assert not rock.is_a(CardType.FRIEND) and not rock.is_character and rock.colors == ()
    assert power.power_of_color(board, 0, Color.ORANGE) == 0
    assert kinds(board, "708.2") == [STEP]


def test_the_card_type_a_card_is_also_is_not_given_with_302_2_off_and_ends_as_it_leaves_play():
    from rulebase.engine.ccg.abilities import verbs

    board = board_with((ROCK, 0, Zone.PLAY, "home", 0))
    rock = board.cards[0]
    board.off = frozenset({"302.2"})
    verbs.also_a_friend(board, rock, Color.ORANGE, "phase")
    assert not rock.is_character and rock.also == ()
    board.off = frozenset()
    verbs.also_a_friend(board, rock, None, "phase")
    assert rock.is_character
    board.put(rock, Zone.DISCARD)
    assert rock.also == () and not rock.is_character


def test_also_of_a_card_type_is_executable_as_a_friend_for_a_known_duration_only():
    from dataclasses import replace

    from rulebase.engine.ccg.abilities import resolve

    assert resolve.executable(ALSO_A_FRIEND) is None
    assert resolve.executable(replace(ALSO_A_FRIEND, values=values(type="Troublemaker", color=None))) is not None
    assert resolve.executable(replace(ALSO_A_FRIEND, duration="forever")) is not None
