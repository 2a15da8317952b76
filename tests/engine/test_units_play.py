"""Playing cards as their text says (609.2a, 512, 104.1): a card played as an
Immediate action by its keyword (glossary: Hasty) or by its own text (512.5)."""

from rulebase.engine.ccg import play
from rulebase.engine.ccg.abilities import reading
from rulebase.engine.ccg.actions import Action
from rulebase.engine.ccg.board import Zone
from rulebase.engine.ccg.cards import Printed
from rulebase.engine.errors import IllegalAction
from rulebase.engine.trace import ALLOWED, STEP

from .helpers import board_with, kinds, main_phase

BETWEEN = play.Window("start of the Draw Step")


def _friend(name: str, text: str = "") -> Printed:
    abilities = reading.read(text, card_type="Friend") if text else ()
    return Printed.build(name, "Friend", colors=["blue"], power=1, cost=1, abilities=abilities)


def test_a_friend_whose_own_text_says_so_is_played_as_an_immediate_action():
    quick = _friend("Quick", "You may play this card as an Immediate action.")
    slow = _friend("Slow")
    board = board_with((quick, 1, Zone.HAND, None, 1), (slow, 1, Zone.HAND, None, 1))
    board.players[1].tokens = 2
    found = play.options(board, 1, BETWEEN)
    assert Action("play", 1, 0, area=board.players[1].home) in found
    assert not any(action.card == 1 for action in found)
    play.check_play(board, Action("play", 1, 0, area=board.players[1].home), BETWEEN)
    assert kinds(board, "512.5") == [STEP]
    try:
        play.check_play(board, Action("play", 1, 1, area=board.players[1].home), BETWEEN)
    except IllegalAction as refusal:
        assert refusal.rule == "609.1"
    else:
        raise AssertionError("a Friend without Hasty was played outside its player's Main Phase")


def test_a_friend_without_such_text_is_not_listed_outside_the_main_phase():
    board = board_with((_friend("Slow"), 1, Zone.HAND, None, 1))
    board.players[1].tokens = 2
    assert play.options(board, 1, BETWEEN) == []


def test_104_1_an_attachment_is_played_only_on_a_card_of_the_player_its_placement_names():
    hat = Printed.build("Hat", "Resource", cost=1, abilities=reading.read("Play on one of your Friends.",
                                                                          card_type="Resource"))
    friend = _friend("Friend")
    board = board_with((hat, 0, Zone.HAND, None, 0), (friend, 0, Zone.PLAY, "home", 0),
                       (friend, 1, Zone.PLAY, "home", 1))
    board.players[0].tokens = 1
    main = play.Window("Main Phase", main=True)
    board.turn.phase = "main"
    assert play.host_description(board.cards[0]) == "Friend"
    found = play.options(board, 0, main)
    assert [action.host for action in found if action.card == 0] == [1]
    try:
        play.check_play(board, Action("play", 0, 0, host=2), main)
    except IllegalAction as refusal:
        assert refusal.rule == "104.1"
    else:
        raise AssertionError("an attachment played on an opponent's Friend, its text saying one of your Friends")
    board.off = frozenset({"104.1"})
    assert sorted(action.host for action in play.options(board, 0, main) if action.card == 0) == [1, 2]


def test_508_1_a_cost_the_card_s_text_adds_is_paid_with_other_cards_than_itself():
    from rulebase.engine.ccg.abilities import continuous

    costly = _friend("Costly", "As an additional cost to play this card, discard a card.")
    modifier = continuous.own(board_with((costly, 0, Zone.HAND, None, 0)).cards[0], "additional-cost")[0][1].modifier
    assert continuous.executable(modifier) is None and play.additional_cost_missing(modifier) is None
    main = play.Window("Main Phase", main=True)
    board = board_with((costly, 0, Zone.HAND, None, 0), (_friend("Blue"), 0, Zone.PLAY, "home", 0))
    board.players[0].tokens = 1
    board.turn.phase = "main"
    assert play.options(board, 0, main) == [], "the card played is not a card to discard for its own cost"
    try:
        play.check_play(board, Action("play", 0, 0, area=board.players[0].home), main)
    except IllegalAction as refusal:
        assert refusal.rule == "508.1d"
    else:
        raise AssertionError("a card played without a card to pay the cost its text adds")
    board = board_with((costly, 0, Zone.HAND, None, 0), (_friend("Blue"), 0, Zone.PLAY, "home", 0),
                       (_friend("Spare"), 0, Zone.HAND, None, 0))
    board.players[0].tokens = 1
    board.turn.phase = "main"
    assert Action("play", 0, 0, area=board.players[0].home) in play.options(board, 0, main)


def test_104_2_a_can_t_of_playing_cards_here_forbids_the_area_of_its_card_only():
    decree = _friend("Decree", "Opponents can't play Friends with 3 or more power here.")
    big = Printed.build("Big", "Friend", colors=["blue"], power=3, cost=1)
    board = board_with((decree, 0, Zone.PLAY, "problem", 0), (big, 1, Zone.HAND, None, 1))
    board.turn.player, board.turn.phase = 1, "main"
    board.players[1].tokens = 2
    there, home = board.players[0].problem_area, board.players[1].home
    assert play.forbidding_play(board, 1, board.cards[1], there) is not None
    assert play.forbidding_play(board, 1, board.cards[1], home) is None
    assert play.forbidding_play(board, 0, board.cards[1], there) is None, "its own player is not an opponent"
    board.off = frozenset({"104.2"})
    play.check_placement(board, 1, board.cards[1], Action("play", 1, 1, area=there))
    board.off = frozenset()
    try:
        play.check_placement(board, 1, board.cards[1], Action("play", 1, 1, area=there))
    except IllegalAction as refusal:
        assert refusal.rule == "104.2"
    else:
        raise AssertionError("a Friend of power 3 played where the text forbids it")


def test_104_1_an_attachment_is_played_only_on_a_card_its_placement_describes():
    rest = Printed.build("Rest", "Resource", cost=1, abilities=reading.read("Play on an opponent's ready Friend.",
                                                                           card_type="Resource"))
    board = board_with((rest, 0, Zone.HAND, None, 0), (_friend("Tired"), 1, Zone.PLAY, "home", 1),
                       (_friend("Fresh"), 1, Zone.PLAY, "home", 1))
    board.cards[1].exhausted = True
    board.players[0].tokens = 1
    board.turn.phase = "main"
    main = play.Window("Main Phase", main=True)
    assert [action.host for action in play.options(board, 0, main) if action.card == 0] == [2]
    board.off = frozenset({"104.1"})
    assert sorted(action.host for action in play.options(board, 0, main) if action.card == 0) == [1, 2]


def test_508_1d_an_event_s_cost_naming_2_cards_is_not_paid_with_1_and_its_play_is_rewound():
    text = "Main Phase: As an additional cost to play this card, discard 2 cards.\nDismiss an opposing Friend."
    event = Printed.build("Business", "Event", colors=["pink"], power=1, cost=1, timing="Main Phase",
                          abilities=reading.read(text, card_type="Event"))

    board = board_with((event, 0, Zone.HAND, None, 0), (_friend("Foe"), 1, Zone.PLAY, "home", 1),
                       (_friend("Spare"), 0, Zone.HAND, None, 0))
    state = main_phase(board, tokens=2)
    assert Action("play", 0, 0) in state.legal_actions(), "the cost is paid as the Event resolves (705.2d)"
    state.apply_action(Action("play", 0, 0))
    business, foe, spare = board.cards
    assert business.zone == Zone.HAND and spare.zone == Zone.HAND and foe.zone == Zone.PLAY
    assert board.players[0].tokens == 2 and kinds(board, "508.1d") == [STEP] and kinds(board, "705.2")


# -- a "can't" of moving lifted by paying (104.2, 508.1) -----------------------------------


def _luna_board(tokens: int):
    luna = _friend("Midnight", "Opponents can't move characters unless they pay [1].")
    comet = _friend("Comet")
    board = board_with((luna, 1, Zone.PLAY, "home", 1), (comet, 0, Zone.PLAY, "home", 0))
    board.players[0].tokens = tokens
    board.turn.phase = "main"
    return board


def test_104_2_a_move_lifted_by_paying_is_offered_only_to_a_player_who_can_pay_the_move_and_the_lift():
    main = play.Window("Main Phase", main=True)
    move = Action("move", 0, 1, area=_luna_board(3).players[1].problem_area)
    assert move in play.options(_luna_board(3), 0, main)
    assert move not in play.options(_luna_board(2), 0, main)
    try:
        play.check(_luna_board(2), move, main)
    except IllegalAction as refusal:
        assert refusal.rule == "104.2"
        assert "unless they pay 1 action token besides 2" in str(refusal)
    else:
        raise AssertionError("a move was allowed without the action token that lifts the can't")


def test_508_1_the_lift_is_paid_with_the_move_and_traced_with_its_card():
    board = _luna_board(3)
    play.move_action(board, Action("move", 0, 1, area=board.players[1].problem_area))
    assert board.players[0].tokens == 0
    assert board.cards[1].area == board.players[1].problem_area
    assert kinds(board, "508.1") == [STEP]


def test_the_player_the_cant_does_not_reach_pays_the_move_alone():
    board = _luna_board(0)
    board.players[1].tokens = 2
    board.turn.player = 1
    main = play.Window("Main Phase", main=True)
    move = Action("move", 1, 0, area=board.players[1].problem_area)
    assert move in play.options(board, 1, main)
    play.move_action(board, move)
    assert board.players[1].tokens == 0
    assert kinds(board, "508.1") == []


def test_702_1_card_text_changes_the_cost_to_rally_for_the_players_it_names_and_the_listing_follows():
    zomponies = _friend("Zomponies", "Opponents pay +[1] to rally Friends.")
    board = board_with((zomponies, 1, Zone.PLAY, "home", 1), (_friend("Comet"), 0, Zone.PLAY, "home", 0),
                       (_friend("Kite"), 1, Zone.PLAY, "home", 1))
    board.cards[1].frightened = board.cards[2].frightened = True
    board.turn.phase = "main"
    main = play.Window("Main Phase", main=True)
    assert play.rally_cost(board, 0, board.cards[1]) == 3 and play.rally_cost(board, 1, board.cards[2]) == 2
    board.players[0].tokens = 2
    assert Action("rally", 0, 1) not in play.options(board, 0, main)
    board.players[0].tokens = 3
    assert Action("rally", 0, 1) in play.options(board, 0, main)
    board.off = frozenset({"702.1"})
    assert play.rally_cost(board, 0, board.cards[1]) == 2


def test_707_3_card_text_lets_its_player_play_the_cards_it_names_from_their_discard_pile():
    hoity = _friend("Hoity", "You may play Friends and Resources from your discard pile as though they were in your hand.")
    event = Printed.build("Zip", "Event", cost=0, timing="Main Phase")
    board = board_with((hoity, 0, Zone.PLAY, "home", 0), (_friend("Comet"), 0, Zone.DISCARD, None, 0),
                       (event, 0, Zone.DISCARD, None, 0), (_friend("Kite"), 1, Zone.DISCARD, None, 1))
    board.turn.phase = "main"
    board.players[0].tokens = board.players[1].tokens = 2
    main = play.Window("Main Phase", main=True)
    mine = [action.card for action in play.options(board, 0, main) if action.verb == "play"]
    assert 1 in mine and 2 not in mine and 3 not in mine  # an Event, and a card of the opponent's pile
    play.check_play(board, Action("play", 0, 1, area=board.players[0].home), main)
    assert kinds(board, "707.3")[-1] == ALLOWED
    board.off = frozenset({"707.3"})
    assert 1 not in [action.card for action in play.options(board, 0, main) if action.verb == "play"]


def test_702_1_card_text_changes_the_cost_of_the_draw_action_while_its_condition_holds():
    drained = Printed.build("Drained", "Problem", owner_needs="2 blue", opponents_need=3, bonus=1, abilities=reading.read(
        "Using the draw action during the Main Phase costs +[1].", card_type="Problem"))
    board = board_with((drained, 0, Zone.PLAY, "problem", 0), (_friend("Deep"), 0, Zone.DRAW_DECK, None, 0),
                       (_friend("Deeper"), 0, Zone.DRAW_DECK, None, 0))
    main_phase(board)
    board.players[0].tokens = 1
    assert play.draw_cost(board, 0) == 2 and kinds(board, "702.1") == [STEP]
    draw = Action("draw", 0)
    assert draw not in play.options(board, 0, play.Window("Main Phase", main=True))
    board.players[0].tokens = 2
    in_hand = len(board.players[0].hand)
    play.draw_action(board, draw)
    assert board.players[0].tokens == 0 and len(board.players[0].hand) == in_hand + 1
    board.turn.phase = "score"
    assert play.draw_cost(board, 0) == 1
    board.turn.phase = "main"
    board.off = frozenset({"702.1"})
    assert play.draw_cost(board, 0) == 1


def test_104_2_a_limit_of_card_text_on_the_cards_played_per_turn_of_each_type():
    from rulebase.engine.ccg.abilities.targets import PLAYED

    limiter = Printed.build("Limiter", "Friend", colors=["blue"], power=1, cost=1, abilities=reading.read(
        "Opponents can't play more than one card of each type per turn.", card_type="Friend"))
    board = board_with((limiter, 0, Zone.PLAY, "home", 0), (_friend("One"), 1, Zone.HAND, None, 1),
                       (_friend("Two"), 1, Zone.HAND, None, 1), (_friend("Three"), 0, Zone.HAND, None, 0))
    main_phase(board)
    assert board.turn.player == 1
    board.players[1].tokens = 5
    main = play.Window("Main Phase", main=True)
    second = Action("play", 1, 2, area=board.players[1].home)
    assert second in play.options(board, 1, main)
    board.__dict__.setdefault(PLAYED, []).append((board.turn.number, 1, board.cards[1], board.cards[1].incarnation))
    assert second not in play.options(board, 1, main)
    try:
        play.check_play(board, second, main)
    except IllegalAction as refusal:
        assert refusal.rule == "104.2"
    else:
        raise AssertionError("a second Friend was played past the limit")
    assert play.play_limit(board, 0, board.cards[3]) is None  # the limit is on opponents only
    board.off = frozenset({"104.2"})
    play.check_play(board, second, main)
