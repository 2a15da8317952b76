"""The rule units of changing zones (410, 401.3, 301.5, 511.2): each does
what its rule says, and with its number switched off the game goes on as if
the rule did not exist."""

import pytest

from rulebase.engine.ccg import zones
from rulebase.engine.ccg.board import Zone
from rulebase.engine.ccg.cards import Printed
from rulebase.engine.errors import IllegalAction
from rulebase.engine.trace import ALLOWED, CHECK, NOTE, REFUSAL, STEP

from .helpers import COMET, GEAR, PEST, board_with, kinds

MANE = Printed.build("Twilight Sparkle", "Mane Character", colors=["purple"], power=1, home_limit=3)


def test_a_mane_character_cant_leave_play_unless_301_5_is_off():
    board = board_with((MANE, 0, Zone.PLAY, "home", 0))
    mane = board.cards[0]
    with pytest.raises(IllegalAction) as refused:
        zones.dismiss(board, mane)
    assert refused.value.rule == "301.5" and mane.zone == Zone.PLAY and kinds(board, "301.5") == [REFUSAL]
    board.off = frozenset({"301.5"})
    zones.dismiss(board, mane)
    assert mane.zone == Zone.DISCARD and kinds(board, "410.1") == [STEP]


def test_a_dismissed_host_takes_its_attachments_with_it_unless_511_2_is_off():
    for off, where in (((), Zone.DISCARD), (("511.2",), Zone.PLAY)):
        board = board_with((COMET, 0, Zone.PLAY, "home", 0), (GEAR, 0, Zone.PLAY, "home", 0))
        friend, gear = board.cards
        gear.host = friend
        board.off = frozenset(off)
        zones.dismiss(board, friend)
        assert friend.zone == Zone.DISCARD and gear.zone == where


def test_with_410_1_off_dismissing_leaves_the_card_and_its_attachments_in_play():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (GEAR, 0, Zone.PLAY, "home", 0))
    friend, gear = board.cards
    gear.host = friend
    board.off = frozenset({"410.1"})
    zones.dismiss(board, friend)
    assert friend.zone == gear.zone == Zone.PLAY and len(board.trace) == 0


def test_drawing_from_an_empty_deck():
    board = board_with((COMET, 0, Zone.DRAW_DECK, None, 0))
    assert zones.draw(board, 0, 2) == 1
    assert board.cards[0].zone == Zone.HAND
    assert kinds(board, "410.4") == [STEP, NOTE] and kinds(board, "410.4b") == [STEP]
    with pytest.raises(IllegalAction, match="410.4: Alice's draw deck is empty"):
        zones.check_draw(board, 0)
    board.off = frozenset({"410.4"})
    zones.check_draw(board, 0)
    assert zones.draw(board, 0) == 0


def test_with_410_4_off_no_card_is_drawn():
    board = board_with((COMET, 0, Zone.DRAW_DECK, None, 0))
    board.off = frozenset({"410.4"})
    assert zones.draw(board, 0) == 0 and board.cards[0].zone == Zone.DRAW_DECK


def test_retiring_a_card_one_does_not_control():
    board = board_with((PEST, 1, Zone.PLAY, "problem", 0))
    pest = board.cards[0]
    with pytest.raises(IllegalAction, match="410.2: Alice does not control Pest"):
        zones.retire(board, 0, pest)
    board.off = frozenset({"410.2"})
    zones.retire(board, 0, pest)
    assert pest.zone == Zone.PLAY and len(board.trace) == 1, "with the rule of retiring off, nothing is retired"


def test_only_unordered_zones_are_rearranged_by_401_3():
    board = board_with((COMET, 0, Zone.DRAW_DECK, None, 0), (PEST, 0, Zone.DRAW_DECK, None, 0),
                       (COMET, 0, Zone.HAND, None, 0), (PEST, 0, Zone.HAND, None, 0))
    with pytest.raises(IllegalAction, match="401.3: the draw deck is ordered"):
        zones.arrange(board, 0, Zone.DRAW_DECK, (1, 0))
    with pytest.raises(IllegalAction, match="401.3: a new order must hold exactly the cards of Alice's hand"):
        zones.arrange(board, 0, Zone.HAND, (3, 3))
    zones.arrange(board, 0, Zone.HAND, (3, 2))
    assert [card.id for card in board.players[0].hand] == [3, 2] and kinds(board, "401.3") == [REFUSAL, REFUSAL, STEP]
    board.off = frozenset({"401.3"})
    zones.arrange(board, 0, Zone.HAND, (2, 2))
    zones.arrange(board, 0, Zone.DRAW_DECK, (1, 0))
    assert [card.id for card in board.players[0].hand] == [3, 2] and [card.id for card in board.players[0].deck] == [0, 1]


# -- what players may see (402-409) ----------------------------------------------------


@pytest.mark.parametrize("zone, rule", [(Zone.DRAW_DECK, "402.2"), (Zone.PROBLEM_DECK, "403.2")])
def test_no_player_may_look_at_the_cards_of_a_deck(zone, rule):
    board = board_with((COMET, 0, zone, None, 0))
    card = board.cards[0]
    for viewer in (0, 1):
        with pytest.raises(IllegalAction) as refused:
            zones.look(board, viewer, card)
        assert refused.value.rule == rule
        assert zones.can_see(board, viewer, card)[:2] == (False, rule)


def test_a_player_may_look_at_their_own_hand_only():
    board = board_with((COMET, 0, Zone.HAND, None, 0))
    card = board.cards[0]
    zones.look(board, 0, card)
    assert kinds(board, "404.1") == [ALLOWED]
    with pytest.raises(IllegalAction) as refused:
        zones.look(board, 1, card)
    assert refused.value.rule == "404.1" and "not public" in refused.value.reason


@pytest.mark.parametrize("zone, rule", [(Zone.DISCARD, "406.1"), (Zone.BANISHED, "407.1"), (Zone.FLIP, "409.1")])
def test_the_cards_of_a_public_zone_are_seen_only_by_its_rule(zone, rule):
    board = board_with((COMET, 0, zone, None, 0))
    card = board.cards[0]
    zones.look(board, 1, card)
    assert kinds(board, rule) == [ALLOWED] and zones.can_see(board, 1, card)[:2] == (True, rule)
    board.off = frozenset({rule})
    with pytest.raises(zones.Unseen, match="no rule makes Comet"):
        zones.look(board, 1, card)
    assert zones.can_see(board, 1, card)[0] is False


def test_a_face_down_troublemaker_is_hidden_from_all_but_its_controller():
    board = board_with((PEST, 0, Zone.PLAY, "problem", 1))
    pest = board.cards[0]
    pest.face_down = True
    zones.look(board, 0, pest)
    with pytest.raises(IllegalAction) as refused:
        zones.look(board, 1, pest)
    assert refused.value.rule == "505.1d"
    board.off = frozenset({"505.1d"})
    zones.look(board, 1, pest)
    assert zones.can_see(board, 1, pest)[1] == "505.1c"


def test_each_of_several_draws_is_a_separate_occurrence_unless_410_4b_is_off():
    for off, steps in (((), [STEP, STEP]), (("410.4b",), [])):
        board = board_with((COMET, 0, Zone.DRAW_DECK, None, 0), (GEAR, 0, Zone.DRAW_DECK, None, 0))
        board.off = frozenset(off)
        assert zones.draw(board, 0, 2) == 2
        assert kinds(board, "410.4b") == steps and len(board.players[0].hand) == 2


def test_a_card_dismissed_by_the_game_is_dismissed_whatever_stops_it_unless_104_3_is_off(monkeypatch):
    refused = IllegalAction("104.2", "a modifier says Comet can't be dismissed")

    def cant(board, card, what):
        raise refused

    monkeypatch.setattr(zones.continuous, "cant", cant)
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    comet = board.cards[0]
    with pytest.raises(IllegalAction):
        zones.dismiss(board, comet)
    zones.dismiss(board, comet, by_game=True)
    assert comet.zone == Zone.DISCARD and kinds(board, "104.3") == [ALLOWED]
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    board.off = frozenset({"104.3"})
    with pytest.raises(IllegalAction):
        zones.dismiss(board, board.cards[0], by_game=True)


def test_a_face_down_card_is_public_by_505_1c_not_by_405_1():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    card = board.play[0]
    card.face_down = True
    assert zones.can_see(board, 1, card)[:2] == (True, "505.1c")
    board.off = frozenset({"505.1c"})
    assert zones.can_see(board, 1, card)[0] is False


def test_what_answers_a_card_leaving_play_follows_it_only_while_it_stays_in_its_new_zone():
    from rulebase.engine.ccg.abilities.events import Happened

    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    card = board.play[0]
    board.put(card, Zone.DISCARD)
    happened = Happened("dismissed", (("card", card), ("incarnation", card.incarnation)))
    assert zones.follows_the_card(board, card, happened)
    assert kinds(board, "410.6a") == [ALLOWED]
    board.put(card, Zone.HAND)
    assert not zones.follows_the_card(board, card, happened)
    assert kinds(board, "410.6a") == [ALLOWED, CHECK]
    assert zones.follows_the_card(board, card, Happened("draws", (("card", card),)))


def test_with_410_6a_off_nothing_follows_a_card_that_changed_zones():
    from rulebase.engine.ccg.abilities.events import Happened

    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    board.off = frozenset({"410.6a"})
    card = board.play[0]
    board.put(card, Zone.DISCARD)
    assert not zones.follows_the_card(board, card, Happened("dismissed", (("card", card), ("incarnation", card.incarnation))))


def test_an_empty_zone_exists_by_401_2_and_is_no_zone_without_it():
    board = board_with((COMET, 0, Zone.HAND, None, 0))
    assert zones.empty_zone_exists(board, 0, Zone.DISCARD)
    assert kinds(board, "401.2") == [ALLOWED]
    assert zones.zone_exists.verdict(board, 0, Zone.HAND) is None
    board.off = frozenset({"401.2"})
    assert not zones.empty_zone_exists(board, 1, Zone.DISCARD)


def test_a_card_being_played_waits_in_the_queue_by_408_1_and_without_it_nothing_holds_it_there():
    board = board_with((COMET, 0, Zone.HAND, None, 0))
    comet = board.cards[0]
    board.put(comet, Zone.QUEUE)
    assert zones.waits_in_the_queue(board, comet) and kinds(board, "408.1") == [ALLOWED]
    board.off = frozenset({"408.1"})
    assert not zones.waits_in_the_queue(board, comet) and kinds(board, "408.1") == [ALLOWED]


def test_a_card_out_of_the_queue_is_not_waiting_there():
    board = board_with((COMET, 0, Zone.HAND, None, 0))
    assert not zones.waits_in_the_queue(board, board.cards[0]) and kinds(board, "408.1") == []


def test_a_card_another_player_controls_goes_to_its_owner_by_513_1_and_without_it_to_its_controller():
    for off, pile in (((), 0), (("513.1",), 1)):
        board = board_with((COMET, 0, Zone.PLAY, "home", 1))
        comet = board.cards[0]
        comet.controller = 1
        board.off = frozenset(off)
        zones.dismiss(board, comet)
        assert comet.zone == Zone.DISCARD and board.players[pile].zones[Zone.DISCARD] == [comet]
        assert kinds(board, "513.1") == ([] if off else [ALLOWED])


def test_a_card_its_owner_controls_needs_no_word_of_513_1():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    zones.dismiss(board, board.cards[0])
    assert board.players[0].zones[Zone.DISCARD] == board.cards and kinds(board, "513.1") == []


def test_a_flipped_card_is_not_drawn_by_515_2_and_without_it_is_the_top_of_the_deck_still():
    for off, drawn in (((), 1), (("515.2",), 0)):
        board = board_with((COMET, 0, Zone.DRAW_DECK, None, 0), (GEAR, 0, Zone.DRAW_DECK, None, 0))
        board.off = frozenset(off)
        flipped, beneath = board.cards
        board.put(flipped, Zone.FLIP)
        zones.draw(board, 0)
        assert board.players[0].hand == [board.cards[drawn]]
        assert kinds(board, "515.2") == ([] if off else [ALLOWED])


def test_without_flipped_cards_a_draw_needs_no_word_of_515_2():
    board = board_with((COMET, 0, Zone.DRAW_DECK, None, 0))
    zones.draw(board, 0)
    assert board.players[0].hand == board.cards and kinds(board, "515.2") == []


def test_a_token_enters_play_from_no_zone_and_a_card_from_its_owners_zone_706_1():
    from rulebase.engine.ccg.abilities.model import Effect, values
    from rulebase.engine.ccg.abilities.resolve import Context

    from .abilities.driving import drive
    from .helpers import KITE

    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (KITE, 0, Zone.HAND, None, 0))
    token = (("color", "purple"), ("power", 2), ("traits", ("Figment",)), ("type", "Friend"))
    drive(board, Effect("token", values=values(token=token, area="home")), Context(card=board.cards[0], controller=0))
    zones.put_into_play(board, board.cards[1], board.players[0].home)
    entered = [step.text for step in board.trace if step.rule == "706.1"]
    assert entered == [
        "Figment token enters play at Alice's home: it is put into the play zone as a token, from no other zone",
        "Stuck Kite enters play at Alice's home: it is put into the play zone from its owner's hand",
    ]
