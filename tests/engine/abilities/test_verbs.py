"""The verb table: each verb's check refuses with its rule and its
application records the rule it applies; switching a rule off changes
what happens (the audit's principle: a rule cited decided something)."""

from dataclasses import replace

import pytest

from rulebase.engine.ccg import effects
from rulebase.engine.ccg.abilities import model, verbs
from rulebase.engine.ccg.abilities.model import Amount, Effect, Selector, values
from rulebase.engine.ccg.abilities.resolve import Context
from rulebase.engine.ccg.abilities.verbs import VERBS, Act
from rulebase.engine.ccg.actions import Action
from rulebase.engine.ccg.board import Zone
from rulebase.engine.errors import IllegalAction
from rulebase.engine.trace import ALLOWED, CHECK, REFUSAL, STEP

from ..helpers import COMET, GEAR, KITE, PEST, RUNNER, board_with, kinds
from .driving import drive, real


def deck_of_three(board, owner=0):
    cards = [board.new_card(COMET, owner, f"Top {n}") for n in range(3)]
    for card in cards:
        board.put(card, Zone.DRAW_DECK, bottom=True)
    return cards


def refused(rule, function, *args):
    with pytest.raises(IllegalAction) as refusal:
        function(*args)
    assert refusal.value.rule == rule, refusal.value
    return refusal.value


def test_every_model_verb_in_the_table_is_a_word_of_the_model():
    assert {name for name, entry in VERBS.items() if entry.model} <= set(model.VERBS)
    assert {"power", "dismiss", "move", "ready", "exhaust", "frighten", "draw", "discard", "score", "gain", "pay",
            "look", "arrange", "search", "to-hand", "to-deck", "uncover", "turn-over", "counters", "ignore", "flip",
            "take-control", "attach"} <= set(VERBS)


def test_the_effect_actions_of_a_scenario_go_through_the_table():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    comet = board.cards[0]
    effects.check(board, Action.parse("p0 effect power #0 -2"))
    effects.apply(board, Action.parse("p0 effect power #0 -2"))
    assert comet.modifiers == [-2] and kinds(board, "507.1") == [STEP]
    refused("519.1", effects.check, board, Action("effect", 0, card=comet.id, effect="counters", amount=-1))


def test_looking_at_the_top_of_ones_deck_is_card_text_over_402_2_unless_104_1_is_off():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    top = deck_of_three(board)[0]
    act = Act(0, top)
    VERBS["look"].check(board, act)
    assert kinds(board, "104.1") == [ALLOWED] and "402.2" in board.trace.steps[-1].text
    VERBS["look"].apply(board, act)
    assert kinds(board, "518.1") == [STEP]
    board.off = frozenset({"104.1"})
    refused("402.2", VERBS["look"].check, board, act)


def test_putting_looked_at_cards_back_in_any_order():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    cards = deck_of_three(board)
    look = Effect("look", target=Selector("card", count=Amount(2), zone="deck", filters=(("top", True),)),
                  then=Effect("arrange", target=Selector("that", ref="them"), values=values(to="top")))
    order = (cards[1].id, cards[0].id)
    drive(board, look, Context(card=board.cards[0], controller=0), answers=[Action("order", 0, order=order)])
    assert board.players[0].deck == [cards[1], cards[0], cards[2]]
    assert kinds(board, "402.3") == [STEP] and ALLOWED in kinds(board, "104.1")
    board.off = frozenset({"104.1"})
    drive(board, look, Context(card=board.cards[0], controller=0), answers=[Action("order", 0, order=order)])
    assert board.players[0].deck == [cards[1], cards[0], cards[2]], "402.2 and 401.3 keep the deck as it is"


def test_rearranging_other_cards_than_those_looked_at_is_refused_by_401_3():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    cards = deck_of_three(board)
    act = Act(0, None, order=(cards[2].id, cards[0].id))
    act.cards = cards[:2]
    refused("401.3", VERBS["arrange"].check, board, act)


def test_paying_needs_the_means_to_pay_508_1d():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    board.players[0].tokens = 1
    refused("508.1d", VERBS["pay"].check, board, Act(0, 0, amount=2))
    VERBS["pay"].check(board, Act(0, 0, amount=1))
    VERBS["pay"].apply(board, Act(0, 0, amount=1))
    assert board.players[0].tokens == 0 and kinds(board, "508.1") == [STEP]
    board.off = frozenset({"508.1"})
    VERBS["pay"].apply(board, Act(0, 0, amount=1))
    assert board.players[0].tokens == 0


def test_its_owner_must_pay_or_the_alternative_happens():
    board = board_with((PEST, 1, Zone.PLAY, "problem", 0))
    pest = board.cards[0]
    dismiss_it = Effect("dismiss", target=Selector("it"))
    effect = Effect("pay", amount=Amount(2), who=Selector("player", ref="owner"), values=values(unless_paid=dismiss_it))
    drive(board, effect, Context(card=pest, controller=1, named={"it": [pest]}))
    assert pest.zone == Zone.DISCARD and kinds(board, "508.1d") == [CHECK]
    board = board_with((PEST, 1, Zone.PLAY, "problem", 0))
    pest = board.cards[0]
    board.players[1].tokens = 3
    drive(board, effect, Context(card=pest, controller=1, named={"it": [pest]}), answers=[Action("accept", 1)])
    assert pest.zone == Zone.PLAY and board.players[1].tokens == 1


def test_counters_are_put_on_and_removed_519():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    comet = board.cards[0]
    VERBS["counters"].apply(board, Act(0, comet, amount=2))
    assert comet.counters == 2 and kinds(board, "519.4") == [STEP]
    refused("519.3", VERBS["remove-counters"].check, board, Act(0, comet, amount=3))
    VERBS["remove-counters"].apply(board, Act(0, comet, amount=2))
    assert comet.counters == 0
    board.off = frozenset({"519.3"})
    VERBS["remove-counters"].check(board, Act(0, comet, amount=3))


def test_taking_control_of_a_card_already_controlled_is_refused_by_513_2():
    board = board_with((COMET, 1, Zone.PLAY, "home", 1))
    comet = board.cards[0]
    refused("513.2", VERBS["take-control"].check, board, Act(1, comet))
    VERBS["take-control"].check(board, Act(0, comet))
    VERBS["take-control"].apply(board, Act(0, comet))
    assert comet.controller == 0


def test_to_deck_puts_a_card_on_top_unless_402_1_is_off():
    board = board_with((COMET, 0, Zone.PLAY, "problem", 0), (KITE, 0, Zone.PLAY, "problem", 0))
    comet = board.cards[0]
    deck_of_three(board)
    drive(board, Effect("to-deck", target=Selector("self"), values=values(to="top")),
          Context(card=comet, controller=0))
    assert board.players[0].deck[0] is comet and kinds(board, "402.1") == [STEP]
    refused("402.1", VERBS["to-deck"].check, board, Act(0, comet))
    board.off = frozenset({"402.1"})
    VERBS["to-deck"].check(board, Act(0, comet))


def test_a_move_needs_a_destination_506_1_and_the_player_chooses_the_problem():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (KITE, 0, Zone.PLAY, "problem", 0),
                       (KITE, 1, Zone.PLAY, "problem", 1))
    comet = board.cards[0]
    refused("506.1", VERBS["move"].check, board, Act(0, comet))
    asked = drive(board, Effect("move", target=Selector("self"), values=values(area="problem")),
                  Context(card=comet, controller=0), answers=[Action("choose-area", 0, area=board.players[1].problem_area)])
    assert [str(action) for action in asked[0].legal()] == ["p0 choose-area to p0.problem", "p0 choose-area to p1.problem"]
    assert comet.area == board.players[1].problem_area and kinds(board, "506.4") == [STEP]


def test_a_power_modifier_lasts_only_as_the_engine_can_end_it_708_2():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    comet = board.cards[0]
    refused("708.2", VERBS["power"].check, board, Act(0, comet, amount=1, effect=Effect("power", duration="forever")))
    VERBS["power"].apply(board, Act(0, comet, amount=1, effect=Effect("power", duration="faceoff")))
    assert comet.modifiers == [1] and kinds(board, "708.2") == [REFUSAL, STEP]
    board.off = frozenset({"708.2"})
    verbs.end_durations(board, "faceoff")
    assert comet.modifiers == [1], "with 708.2 off the modifier does not end at the faceoff's end"


def test_searching_the_discard_pile_may_fail_to_find_518_1():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (RUNNER, 0, Zone.DISCARD, None, 0))
    runner = board.cards[1]
    effect = Effect("search", target=Selector("Friend"), values=values(zone="discard", to="hand"))
    asked = drive(board, effect, Context(card=board.cards[0], controller=0), answers=[Action("decline", 0)])
    assert [str(action) for action in asked[0].legal()] == ["p0 choose #1", "p0 decline"]
    assert runner.zone == Zone.DISCARD
    drive(board, effect, Context(card=board.cards[0], controller=0), answers=[Action("choose", 0, card=runner.id)])
    assert runner.zone == Zone.HAND and kinds(board, "518.1") == [STEP] and kinds(board, "410.4a") == [STEP]
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (RUNNER, 0, Zone.DISCARD, None, 0))
    board.off = frozenset({"518.1"})
    asked = drive(board, effect, Context(card=board.cards[0], controller=0))
    assert asked == [] and board.cards[1].zone == Zone.HAND, "without 518.1 the only Friend is found"


def test_a_searched_deck_is_shuffled_518_2():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    cards = deck_of_three(board)
    effect = Effect("search", target=Selector("Friend"), values=values(zone="deck", to="hand"))
    asked = drive(board, effect, Context(card=board.cards[0], controller=0),
                  answers=[Action("choose", 0, card=cards[0].id)])
    assert cards[0].zone == Zone.HAND and asked[-1].is_chance and kinds(board, "518.2") == [STEP, "chance"]
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    cards = deck_of_three(board)
    board.off = frozenset({"518.2"})
    asked = drive(board, effect, Context(card=board.cards[0], controller=0),
                  answers=[Action("choose", 0, card=cards[0].id)])
    assert not asked[-1].is_chance and kinds(board, "518.2") == []


def test_reattaching_a_resource_to_another_friend_509_5():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (RUNNER, 0, Zone.PLAY, "problem", 0),
                       (GEAR, 0, Zone.PLAY, "home", 0))
    comet, runner, gear = board.cards
    gear.host = comet
    drive(board, Effect("attach", target=Selector("Resource"), values=values(again=True, to="another-friend")),
          Context(card=comet, controller=0))
    assert gear.host is runner and gear.area == runner.area and kinds(board, "509.5") == [STEP]
    refused("509.5", VERBS["attach"].check, board, Act(0, gear))


def test_uncovering_a_face_down_troublemaker_by_card_text_607_3():
    board = board_with((PEST, 1, Zone.PLAY, "problem", 0), (COMET, 0, Zone.PLAY, "home", 0))
    pest = board.cards[0]
    refused("607.3", VERBS["uncover"].check, board, Act(0, pest))
    pest.face_down = True
    VERBS["uncover"].check(board, Act(0, pest))
    board.off = frozenset({"607.3"})
    pest.face_down = False
    VERBS["uncover"].check(board, Act(0, pest))


def test_any_number_on_top_in_any_order_and_the_rest_on_the_bottom():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    cards = deck_of_three(board)
    look = Effect("look", target=Selector("card", count=Amount(2), zone="deck", filters=(("top", True),)),
                  then=Effect("arrange", target=Selector("that", ref="them"), values=values(to="top", rest="bottom")))
    asked = drive(board, look, Context(card=board.cards[0], controller=0),
                  answers=[Action("order", 0, order=(cards[1].id,))])
    assert len(asked[0].legal()) == 5, "none, either one, or both in either order"
    assert board.players[0].deck == [cards[1], cards[2], cards[0]]
    assert "on the bottom" in [step for step in board.trace if step.rule == "402.3"][0].text
    act = Act(0, None, order=(cards[1].id, cards[1].id), effect=look.then)
    act.cards = cards[:2]
    refused("401.3", VERBS["arrange"].check, board, act)


def test_the_top_or_the_bottom_is_the_players_choice():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    cards = deck_of_three(board)
    look = Effect("look", target=Selector("card", zone="deck", filters=(("top", True),)),
                  then=Effect("arrange", target=Selector("that", ref="them"), values=values(to="top-or-bottom")))
    drive(board, look, Context(card=board.cards[0], controller=0), answers=[Action("choose-option", 0, amount=1)])
    assert board.players[0].deck == [cards[1], cards[2], cards[0]]


FIGMENT = (("color", "purple"), ("power", 2), ("traits", ("Figment",)), ("type", "Friend"))


def test_a_token_is_created_in_play_and_ceases_to_exist_out_of_it_521():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (KITE, 0, Zone.PLAY, "problem", 0))
    effect = Effect("token", values=values(token=FIGMENT, area="home"))
    drive(board, effect, Context(card=board.cards[0], controller=0))
    figment = board.cards[-1]
    assert figment.label == "Figment token" and figment.zone == Zone.PLAY and figment.area == board.players[0].home
    assert figment.info.cost == 0 and figment.info.power == 2 and kinds(board, "521.1") == [STEP]
    from rulebase.engine.ccg import status, zones

    zones.dismiss(board, figment)
    assert figment.zone == Zone.REMOVED and kinds(board, "521.3") == [STEP]
    drive(board, effect, Context(card=board.cards[0], controller=0))
    second = board.cards[-1]
    status.frighten(board, second)
    assert second.zone == Zone.REMOVED and kinds(board, "521.4") == [STEP]
    board.off = frozenset({"521.3"})
    drive(board, effect, Context(card=board.cards[0], controller=0))
    third = board.cards[-1]
    zones.dismiss(board, third)
    assert third.zone == Zone.DISCARD, "with 521.3 off a token stays in the discard pile"
    refused("521.1", VERBS["token"].check, board, Act(0, 0, effect=Effect("token", values=values(
        token=(("type", "Troublemaker"), ("power", 1))))))


def test_a_friend_is_put_into_play_from_the_discard_pile_706_1():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (RUNNER, 0, Zone.DISCARD, None, 0))
    runner = board.cards[1]
    effect = Effect("put-into-play", target=Selector("Friend", zone="discard"), values=values(area="home"))
    drive(board, effect, Context(card=board.cards[0], controller=0))
    assert runner.zone == Zone.PLAY and runner.area == board.players[0].home and kinds(board, "706.1")[-1] == STEP
    refused("706.1", VERBS["put-into-play"].check, board, Act(0, runner, area=board.players[0].home))


def test_revealing_a_card_from_hand_is_card_text_over_404_1():
    board = board_with((COMET, 0, Zone.HAND, None, 0))
    comet = board.cards[0]
    VERBS["reveal"].check(board, Act(0, comet))
    assert kinds(board, "104.1") == [ALLOWED]
    VERBS["look"].check(board, Act(0, comet))
    assert kinds(board, "104.1") == [ALLOWED], "a player looks at their own hand by 404.1 itself"
    board.off = frozenset({"104.1"})
    refused("404.1", VERBS["reveal"].check, board, Act(0, comet))


def test_challenging_a_troublemaker_with_the_characters_the_text_names_514_2c():
    board = board_with((COMET, 0, Zone.PLAY, "problem", 1), (RUNNER, 0, Zone.PLAY, "problem", 1),
                       (KITE, 1, Zone.PLAY, "problem", 1), (PEST, 1, Zone.PLAY, "problem", 1))
    comet, runner, _, pest = board.cards
    for owner in (0, 1):
        for _ in range(4):
            board.put(board.new_card(COMET, owner), Zone.DRAW_DECK)
    effect = Effect("challenge", target=Selector("Troublemaker", controller="opponent"),
                    values=values(using=Selector("character", controller="you")))
    asked = drive(board, effect, Context(card=comet, controller=0), answers=[Action("choose", 0, card=runner.id)])
    assert [str(action) for action in asked[0].legal()] == [f"p0 choose #{comet.id}", f"p0 choose #{runner.id}"]
    assert kinds(board, "514.2c")[:1] == [STEP] and "Breeze Runner" in [
        step for step in board.trace if step.rule == "514.2c"][0].text
    assert "Comet" not in [step for step in board.trace if step.rule == "514.2c"][0].text.split(": ")[-1]


def test_turning_a_troublemaker_face_down_505_3():
    board = board_with((PEST, 1, Zone.PLAY, "problem", 0))
    pest = board.cards[0]
    pest.modifiers = [1]
    VERBS["turn-face-down"].check(board, Act(0, pest))
    VERBS["turn-face-down"].apply(board, Act(0, pest))
    assert pest.face_down and pest.modifiers == [] and kinds(board, "505.3") == [STEP, STEP]
    refused("505.3", VERBS["turn-face-down"].check, board, Act(0, pest))


def test_control_taken_until_the_end_of_the_faceoff_returns_708_2():
    board = board_with((COMET, 1, Zone.PLAY, "problem", 1))
    comet = board.cards[0]
    effect = Effect("take-control", target=Selector("Friend", controller="opponent"), duration="faceoff")
    drive(board, effect, Context(controller=0))
    assert comet.controller == 0 and kinds(board, "513.2") == [STEP]
    verbs.end_durations(board, "faceoff")
    assert comet.controller == 1 and kinds(board, "708.2") == [STEP]


def test_the_end_of_the_score_phase_ends_what_lasts_until_then():
    board = board_with((COMET, 1, Zone.PLAY, "problem", 1))
    comet = board.cards[0]
    board.turn.phase = "main"
    drive(board, Effect("take-control", target=Selector("Friend", controller="opponent"), duration="score-phase"),
          Context(controller=0))
    verbs.end_durations(board, "phase")
    assert comet.controller == 0, "the Main Phase ends: the Score Phase has not yet"
    board.turn.phase = "score"
    verbs.end_durations(board, "phase")
    assert comet.controller == 1


def test_a_searched_deck_is_shuffled_once_whether_or_not_the_text_says_so():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    cards = deck_of_three(board)
    effect = Effect("search", target=Selector("Friend"), values=values(zone="deck"), then=Effect(
        "reveal", target=Selector("it"), then=Effect("to-hand", target=Selector("it"), then=Effect(
            "shuffle", values=values(zone="deck")))))
    asked = drive(board, effect, Context(card=board.cards[0], controller=0),
                  answers=[Action("choose", 0, card=cards[2].id)])
    assert cards[2].zone == Zone.HAND and [request.is_chance for request in asked] == [False, True]
    assert kinds(board, "104.1") == [ALLOWED, STEP] and kinds(board, "518.2") == [STEP, "chance"]


def _outcome(rule, off: bool):
    """What happens to a small board when the verb whose unit is ``rule``
    is carried out, with that rule on or off."""
    from rulebase.engine.ccg.cards import Printed

    mane = Printed.build("Captain", "Mane Character", colors=["blue"], power=1, home_limit=3,
                         boosted={"power": 2})
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (RUNNER, 1, Zone.PLAY, "problem", 1),
                       (KITE, 1, Zone.PLAY, "problem", 1), (GEAR, 0, Zone.PLAY, "home", 0),
                       (PEST, 1, Zone.PLAY, "problem", 1), (mane, 0, Zone.PLAY, "home", 0),
                       (RUNNER, 0, Zone.DISCARD, None, 0))
    comet, runner, kite, gear, pest, captain, in_discard = board.cards
    gear.host = comet
    board.off = frozenset({rule}) if off else frozenset()
    context = Context(card=comet, controller=0)
    cases = {
        "301.5": lambda: (drive(board, Effect("to-deck", target=Selector("Mane Character"), values=values(to="top")),
                                context), captain.zone),
        "506.1": lambda: (VERBS["move"].allows(board, Act(0, comet))),
        "513.2": lambda: (drive(board, Effect("take-control", target=Selector("Friend", controller="opponent")),
                                context), runner.controller),
        "518.1": lambda: (drive(board, Effect("search", target=Selector("Friend"), values=values(zone="discard")),
                                context), [step.rule for step in board.trace].count("518.1")),
        "706.1": lambda: (drive(board, Effect("put-into-play", target=Selector("Friend", zone="discard"),
                                              values=values(area="home")), context), in_discard.zone),
        "505.3": lambda: (drive(board, Effect("turn-face-down", target=Selector("Troublemaker")), context),
                          pest.face_down),
        "509.5": lambda: (drive(board, Effect("attach", target=Selector("Resource"),
                                              values=values(to="another-friend")), context), gear.host.label),
        "521.1": lambda: (drive(board, Effect("token", values=values(token=(("power", 1), ("type", "Friend")),
                                                                     area="home")), context), len(board.play)),
        "301.2": lambda: (drive(board, Effect("turn-over", target=Selector("Mane Character")), context),
                          captain.turned_over),
        "519.4": lambda: (drive(board, Effect("counters", target=Selector("self"), amount=Amount(2)), context),
                          comet.counters),
    }
    return cases[rule]()


@pytest.mark.parametrize("rule", ["301.5", "506.1", "513.2", "518.1", "706.1", "505.3", "509.5", "521.1", "301.2",
                                  "519.4"])
def test_switching_a_rule_of_the_verbs_off_changes_what_happens(rule):
    assert _outcome(rule, off=False) != _outcome(rule, off=True)


def test_a_faceoff_started_by_card_text_and_if_you_win_514_2c():
    from dataclasses import replace

    from rulebase.engine.ccg.abilities.model import Condition

    def game():
        board = board_with((COMET, 0, Zone.PLAY, "home", 0), (RUNNER, 1, Zone.PLAY, "problem", 1),
                           (KITE, 1, Zone.PLAY, "problem", 1))
        for owner, printed in ((0, RUNNER), (1, COMET)):
            for _ in range(3):
                board.put(board.new_card(printed, owner), Zone.DRAW_DECK)
        board.cards[0].counters = 2
        return board

    effect = Effect("start-faceoff", values=values(involving=(Selector("self"), Selector("Friend", controller="opponent"))),
                    then=Effect("frighten", target=Selector("that", ref="Friend"),
                                condition=Condition("did", values=values(what="win-faceoff"))))
    board = game()
    comet, runner = board.cards[0], board.cards[1]
    drive(board, effect, Context(card=comet, controller=0))
    assert board.faceoffs[-1].winner == 0 and runner.frightened
    assert kinds(board, "514.2c")[0] == STEP
    board = game()
    winner_gains = replace(effect, then=Effect("gain", amount=Amount(2), who=Selector("player", ref="winner")))
    drive(board, winner_gains, Context(card=board.cards[0], controller=0))
    assert (board.players[0].tokens, board.players[1].tokens) == (2, 0)
    board = game()
    board.off = frozenset({"514.2c"})
    drive(board, effect, Context(card=board.cards[0], controller=0))
    assert board.faceoffs[-1].winner == 1 and not board.cards[1].frightened, \
        "without 514.2c no card is involved: Bob's flip wins"


def _effect(printed, number=0):
    """The effect of ``printed``'s ability ``number`` (its triggered meaning for a keyword)."""
    ability = printed.abilities[number]
    return (ability.meaning or ability).effect


def test_an_opponent_loses_action_tokens_peewee_firestarter_502_1():
    peewee = real("peewee-firestarter")
    board = board_with((peewee, 0, Zone.PLAY, "home", 0))
    board.players[1].tokens = 2
    drive(board, _effect(peewee), Context(card=board.cards[0], controller=0))
    assert board.players[1].tokens == 1 and board.players[0].tokens == 0
    assert kinds(board, "502.1") == [STEP]
    board.players[1].tokens = 0
    drive(board, _effect(peewee), Context(card=board.cards[0], controller=0))
    assert board.players[1].tokens == 0 and "707.2" in board.trace.steps[-1].text
    refused("502.1", VERBS["lose"].check, board, Act(0, 1, amount=1, effect=Effect("lose", values=values(what="points"))))


def test_the_next_card_played_costs_less_once_foal_free_press_708_4():
    from rulebase.engine.ccg import play

    from ..helpers import main_phase

    press = real("foal-free-press")
    board = board_with((press, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.HAND, None, 0),
                       (COMET, 0, Zone.HAND, None, 0))
    resource, first, second = board.cards
    drive(board, _effect(press, 1), Context(card=resource, controller=0))
    assert kinds(board, "708.4") == [STEP]
    assert play.least_play_cost(board, 0, first) == COMET.cost - 1
    assert play.least_play_cost(board, 1, first) == COMET.cost, "only the player whose text it is"
    state = main_phase(board, tokens=COMET.cost - 1)
    state.apply_action(Action("play", 0, first.id, area=board.players[0].home))
    assert first.zone == Zone.PLAY
    assert any(step.rule == "705.2d" and "pays 1 action token to play" in step.text for step in board.trace)
    assert STEP in kinds(board, "705.2c") and kinds(board, "708.4") == [STEP, STEP], "applied once, then it ends"
    assert play.least_play_cost(board, 0, second) == COMET.cost


def test_events_cost_less_until_the_end_of_the_faceoff_trixie_708_2():
    from rulebase.engine.ccg import play

    trixie = real("trixie-tricks-of-the-trade")
    event = real("catch-me")
    board = board_with((trixie, 0, Zone.PLAY, "home", 0), (event, 0, Zone.HAND, None, 0))
    mane, card = board.cards
    effect = next(a for a in trixie.boosted.abilities if a.effect is not None and a.effect.verb == "cost-change").effect
    refused("708.2", VERBS["cost-change"].check, board, Act(0, None, amount=-1, effect=effect))
    board.faceoff = object()
    board.faceoffs.append(board.faceoff)
    drive(board, effect, Context(card=mane, controller=0), answers=[Action("accept", 0)])
    assert play.least_play_cost(board, 0, card) == max(0, (event.cost or 0) - 1)
    assert kinds(board, "708.2")[-1] == STEP
    board.faceoff = None
    assert play.least_play_cost(board, 0, card) == (event.cost or 0), "the faceoff ended, and the change with it"


def test_putting_a_card_on_top_of_ones_deck_is_announced_mayor_mare():
    mayor = real("mayor-mare-vote-of-confidence")
    board = board_with((mayor, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.HAND, None, 0),
                       (COMET, 0, Zone.HAND, None, 0), (COMET, 1, Zone.HAND, None, 1))
    friend, top, bottom, theirs = board.cards
    on_top = Effect("to-deck", values=values(to="top"))
    VERBS["to-deck"].apply(board, Act(0, bottom, effect=Effect("to-deck", values=values(to="bottom"))))
    assert board.waiting == [], "a card put on the bottom is not put on top"
    VERBS["to-deck"].apply(board, Act(1, theirs, effect=on_top))
    assert board.waiting == [], "Bob put it: 'when you put'"
    VERBS["to-deck"].apply(board, Act(0, top, effect=on_top))
    assert [w.card for w in board.waiting] == [friend] and board.players[0].deck[0] is top
    assert kinds(board, "704.1")[-1] == STEP


def test_the_top_cards_of_a_deck_are_put_into_the_discard_pile_not_discarded_orchard_blossom_406_1():
    orchard = real("orchard-blossom-a-whole-new-you")
    board = board_with((orchard, 0, Zone.PLAY, "home", 0))
    cards = deck_of_three(board)
    effect = orchard.abilities[0].effect
    drive(board, replace(effect, then=None), Context(card=board.cards[0], controller=0))
    assert all(card.zone == Zone.DISCARD for card in cards) and kinds(board, "406.1") == [STEP] * 3
    assert kinds(board, "410.3") == [], "not a discard"
    refused("406.1", VERBS["to-discard"].check, board, Act(0, board.cards[0]))


def test_drawing_from_the_bottom_of_the_deck_is_card_text_over_410_4_plowing_the_field():
    plowing = real("plowing-the-field")
    effect = plowing.abilities[0].effect
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    top, middle, bottom = deck_of_three(board)
    drive(board, effect, Context(controller=0))
    assert bottom.zone == middle.zone == Zone.HAND and board.players[0].deck == [top]
    assert kinds(board, "104.1") == [STEP, STEP] and kinds(board, "410.4b") == []
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    top, middle, bottom = deck_of_three(board)
    board.off = frozenset({"104.1"})
    drive(board, effect, Context(controller=0))
    assert top.zone == middle.zone == Zone.HAND and board.players[0].deck == [bottom], "410.4: the topmost cards"


def test_a_duration_read_after_choose_one_is_the_last_choices_the_wonderbolts_rap_708_2():
    rap = real("the-wonderbolts-rap")
    effect = rap.abilities[0].effect
    assert effect.verb == "choose" and effect.duration is None and effect.choices[-1].duration == "turn"
    assert [choice.duration for choice in effect.choices[:-1]] == [None, None], "the other choices have none"
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    drive(board, effect, Context(controller=0), answers=[Action("choose-option", 0, amount=2)])
    [change] = verbs.cost_changes(board)
    assert change.amount == -2 and change.next and change.until == "turn"
    assert change.lasts(board)
    board.turn.number += 1
    assert not change.lasts(board), "it ends with the turn"


def test_shuffling_a_discard_pile_into_the_deck_juggling_routine_402_1_104_1():
    juggling = real("juggling-routine")
    effect = juggling.abilities[0].effect
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (KITE, 0, Zone.DISCARD, None, 0),
                       (RUNNER, 1, Zone.DISCARD, None, 1))
    kite, runner = board.cards[1], board.cards[2]
    deck = deck_of_three(board)
    asked = drive(board, effect, Context(card=board.cards[0], controller=0))
    assert [request.is_chance for request in asked] == [True, True], "each player's deck is shuffled"
    assert kite.zone in (Zone.DRAW_DECK, Zone.HAND) and runner.zone == Zone.HAND, "Bob's only card, drawn again"
    assert len(board.players[0].deck) == 3 and len(board.players[0].hand) == 1
    assert sorted(c.id for c in board.players[0].deck + board.players[0].hand) == sorted(c.id for c in [kite, *deck])
    assert kinds(board, "402.1") == [STEP, STEP] and kinds(board, "104.1").count("chance") == 2
    assert set(kinds(board, "104.1")) == {ALLOWED, "chance"}, "card text over 401.3, then the shuffle"
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (KITE, 0, Zone.DISCARD, None, 0))
    deck_of_three(board)
    board.off = frozenset({"104.1"})
    asked = drive(board, effect, Context(card=board.cards[0], controller=0))
    assert not any(request.is_chance for request in asked) and board.cards[1].zone == Zone.DISCARD, "401.3 stands"
    refused("401.3", VERBS["shuffle-into"].check, board, Act(0, 0, effect=effect))


def test_a_deck_not_searched_is_shuffled_by_card_text_sassaflash_striking():
    sassaflash = real("sassaflash-striking")
    effect = sassaflash.abilities[0].effect
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    deck = deck_of_three(board)
    order = tuple(c.id for c in reversed(deck))
    asked = drive(board, replace(effect, then=None), Context(card=board.cards[0], controller=0),
                  answers=[Action("shuffle", -1, order=order, zone=Zone.DRAW_DECK, owner=0)])
    assert asked[0].is_chance and board.players[0].deck == list(reversed(deck))
    assert kinds(board, "518.2") == [] and kinds(board, "104.1")[-1] == "chance" and ALLOWED in kinds(board, "104.1")
    refused("401.3", asked[0].check, Action("shuffle", -1, order=order[:2], zone=Zone.DRAW_DECK, owner=0))


def test_a_cost_lowered_to_a_minimum_is_lowered_no_further_dj_pon_3_feel_the_beat_705_2c():
    from rulebase.engine.ccg import play
    from rulebase.engine.ccg.cards import Printed

    from ..helpers import main_phase

    dj = real("dj-pon-3-feel-the-beat")
    cheap = Printed.build("Pip", "Friend", colors=["blue"], power=1, cost=1)
    board = board_with((dj, 0, Zone.PLAY, "home", 0), (cheap, 0, Zone.HAND, None, 0), (COMET, 0, Zone.HAND, None, 0))
    source, pip, comet = board.cards
    drive(board, dj.abilities[0].effect, Context(card=source, controller=0), answers=[Action("accept", 0)])
    [change] = verbs.cost_changes(board)
    assert change.minimum == 1 and change.amount == -1
    assert play.least_play_cost(board, 0, pip) == 1, "to a minimum of [1]: a cost of 1 stays 1"
    assert play.least_play_cost(board, 0, comet) == COMET.cost - 1
    state = main_phase(board, tokens=1)
    state.apply_action(Action("play", 0, pip.id, area=board.players[0].home))
    assert pip.zone == Zone.PLAY
    assert any(step.rule == "705.2c" and "changes by +0" in step.text for step in board.trace)
    assert any(step.rule == "705.2d" and "pays 1 action token to play Pip" in step.text for step in board.trace)


def test_a_color_given_until_the_end_of_the_phase_boneless_203_2_708_2():
    boneless = real("boneless")
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    comet = board.cards[0]
    board.turn.phase = "main"
    effect = boneless.abilities[2].effect
    assert effect.verb == "color"
    drive(board, effect, Context(controller=0))
    assert "pink" in [str(color) for color in comet.colors] and "blue" in [str(color) for color in comet.colors]
    assert kinds(board, "203.2") == [STEP] and comet.modifiers == []
    board.turn.phase = "score"
    verbs.end_durations(board, "phase")
    assert [str(color) for color in comet.colors] == ["blue"] and kinds(board, "708.2")[-1] == STEP
    refused("708.2", VERBS["color"].check, board, Act(0, comet, effect=Effect("color", duration="forever",
                                                                              values=values(color="pink"))))


def test_without_203_2_the_color_is_not_given():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    comet = board.cards[0]
    board.off = frozenset({"203.2"})
    VERBS["color"].apply(board, Act(0, comet, effect=Effect("color", duration="phase", values=values(color="pink"))))
    assert [str(color) for color in comet.colors] == ["blue"]


def _beneath_table():
    """Alice: Comet at home (the host), Breeze Runner at home; Comet in her hand."""
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (RUNNER, 0, Zone.PLAY, "home", 0),
                       (COMET, 0, Zone.HAND, None, 0))
    return board, board.cards[0], board.cards[2]


def test_a_card_banished_to_beneath_a_card_lies_beneath_it_while_it_is_in_play_410_5():
    board, host, card = _beneath_table()
    effect = Effect("banish", target=Selector("card", zone="hand"), values=values(beneath=Selector("self")))
    act = Act(0, card, effect=effect)
    refused("410.5", VERBS["banish"].check, board, act)
    act.cards = [host]
    VERBS["banish"].check(board, act)
    VERBS["banish"].apply(board, act)
    assert card.zone == Zone.BANISHED and verbs.beneath(board, host) == [card] and verbs.host_of(board, card) is host
    assert [step.kind for step in board.trace if step.rule == "410.5"][-1] == STEP
    board.put(host, Zone.DISCARD)
    assert verbs.beneath(board, host) == [] and verbs.host_of(board, card) is None, "a card out of play has none"


def test_banishing_to_beneath_a_card_chooses_among_the_cards_the_text_names():
    board, host, card = _beneath_table()
    effect = Effect("banish", target=Selector("card", zone="hand"),
                    values=values(beneath=Selector("Friend", controller="you")))
    runner = board.cards[1]
    asked = drive(board, effect, Context(card=host, controller=0), answers=[Action("choose", 0, card=runner.id)])
    assert len(asked) == 1 and "beneath" in str(asked[0])
    assert verbs.beneath(board, runner) == [card] and verbs.beneath(board, host) == []


def test_spending_a_card_puts_it_from_beneath_into_the_discard_pile_glossary_spend():
    board, host, card = _beneath_table()
    refused("glossary/spend", VERBS["spend"].check, board, Act(0, card))
    verbs.banished_beneath(board, card, host)
    board.put(card, Zone.BANISHED)
    spend = Effect("spend", target=Selector("card", filters=(("beneath", Selector("self")),)))
    drive(board, spend, Context(card=host, controller=0))
    assert card.zone == Zone.DISCARD and verbs.beneath(board, host) == []
    assert kinds(board, "glossary/spend")[-1] == STEP


def test_the_cards_beneath_a_card_put_into_the_discard_pile_are_spent_not_refused_by_406_1():
    board, host, card = _beneath_table()
    board.put(card, Zone.BANISHED)
    verbs.banished_beneath(board, card, host)
    VERBS["to-discard"].check(board, Act(0, card))
    VERBS["to-discard"].apply(board, Act(0, card))
    assert card.zone == Zone.DISCARD and kinds(board, "glossary/spend")[-1] == STEP
    refused("406.1", VERBS["to-discard"].check, board, Act(0, board.cards[1]))


def test_an_instruction_at_the_end_of_the_turn_waits_for_it_and_triggers_then_708_4():
    from rulebase.engine.ccg.abilities.events import emit

    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (RUNNER, 0, Zone.PLAY, "home", 0))
    comet, runner = board.cards
    later = Effect("retire", target=Selector("that", ref="Friend"))
    effect = Effect("exhaust", target=Selector("Friend", controller="you", filters=(("other", True),)),
                    then=Effect("delayed", values=values(at="end-of-turn", do=later)))
    drive(board, effect, Context(card=comet, controller=0))
    assert runner.exhausted and board.waiting == [] and kinds(board, "708.4") == [STEP]
    emit(board, "phase-ends", player=0, phase="main")
    assert board.waiting == [], "the end of a phase is not the end of the turn"
    emit(board, "turn-ends", player=0)
    assert len(board.waiting) == 1 and board.waiting[0].player() == 0 and kinds(board, "708.4") == [STEP, STEP]
    waiting = board.waiting.pop()
    drive(board, waiting.acts.effect, Context(card=comet, controller=0, event=waiting.happened))
    assert runner.zone == Zone.DISCARD and comet.zone == Zone.PLAY, "'that Friend' is the Friend exhausted"
    emit(board, "turn-ends", player=0)
    assert board.waiting == [], "it triggers once"


def test_an_instruction_at_the_end_of_the_faceoff_triggers_as_its_durations_end():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    VERBS["delayed"].apply(board, Act(0, None, effect=Effect("delayed", values=values(
        at="end-of-faceoff", do=Effect("retire", target=Selector("self")))), source=board.cards[0]))
    verbs.end_durations(board, "phase")
    assert board.waiting == []
    verbs.end_durations(board, "faceoff")
    assert len(board.waiting) == 1 and board.waiting[0].card is board.cards[0]


def test_without_708_4_nothing_is_carried_out_later():
    from rulebase.engine.ccg.abilities.events import emit

    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    board.off = frozenset({"708.4"})
    VERBS["delayed"].apply(board, Act(0, None, effect=Effect("delayed", values=values(
        at="end-of-turn", do=Effect("retire", target=Selector("self")))), source=board.cards[0]))
    emit(board, "turn-ends", player=0)
    assert board.waiting == []
    board.off = frozenset()
    refused("708.4", VERBS["delayed"].check, board, Act(0, None, effect=Effect("delayed", values=values(at="noon"))))


def test_opponents_need_more_power_to_confront_a_problem_until_the_end_of_the_turn_puppet_show_708_2():
    from rulebase.engine.ccg import confront

    puppet_show = real("puppet-show")
    board = board_with((KITE, 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.PLAY, "home", 0))
    kite = board.cards[0]
    before = {player: confront.requirements(board, player, kite)[0] for player in (0, 1)}
    drive(board, _effect(puppet_show), Context(card=board.cards[1], controller=0))
    after = {player: confront.requirements(board, player, kite)[0] for player in (0, 1)}
    assert after[0] == before[0], "'Opponents' are not the player whose effect it is"
    assert sum(need.amount for need in after[1]) == sum(need.amount for need in before[1]) + 2
    assert STEP in kinds(board, "708.2")
    board.turn.player = 1
    verbs.end_durations(board, "turn")
    assert confront.requirements(board, 1, kite)[0] == before[1]
    refused("611.3", VERBS["confront-need"].check, board, Act(0, board.cards[1], amount=2,
                                                                 effect=Effect("confront-need", duration="turn")))


def test_a_player_needs_less_power_none_below_zero_and_until_the_start_of_their_next_turn():
    from rulebase.engine.ccg import confront

    board = board_with((KITE, 0, Zone.PLAY, "problem", 0))
    kite = board.cards[0]
    effect = Effect("confront-need", target=Selector("Problem"), amount=Amount(-4), duration="next-turn",
                    values=values(players=Selector("you")))
    drive(board, effect, Context(controller=0))
    assert confront.requirements(board, 0, kite)[0] == ()
    board.turn.player = 1
    verbs.end_durations(board, "turn")
    assert confront.requirements(board, 0, kite)[0] == (), "it lasts into the opponent's turn"
    board.turn.player = 0
    verbs.end_durations(board, "turn")
    assert sum(need.amount for need in confront.requirements(board, 0, kite)[0]) == 2


def test_a_problem_replaced_by_card_text_follows_613_2():
    from rulebase.engine.ccg.cards import Printed

    other = Printed.build("Soft Kite", "Problem", owner_needs="2 white", opponents_need=2, bonus=1)
    board = board_with((KITE, 1, Zone.PLAY, "problem", 1), (COMET, 0, Zone.PLAY, "problem", 1),
                       (other, 1, Zone.PROBLEM_DECK, None, 1))
    kite, comet, soft = board.cards
    refused("613.2", VERBS["replace"].check, board, Act(0, comet))
    drive(board, Effect("replace", target=Selector("Problem")), Context(controller=0))
    assert board.problem_at(board.players[1].problem_area) is soft and kite.zone == Zone.PROBLEM_DECK
    assert comet.area == board.players[0].home
    assert board.events[-1].event == "replaced" and board.events[-1].get("card") is kite


def test_counters_with_a_name_are_put_counted_and_removed_519():
    from rulebase.engine.ccg.abilities import targets

    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (RUNNER, 0, Zone.PLAY, "home", 0))
    comet, runner = board.cards
    hero = Selector("counter", filters=(("kind", "Hero"), ("on", Selector("self"))))
    put = Effect("counters", target=Selector("self"), amount=Amount(1), values=values(kind="Hero"))
    for _ in range(2):
        drive(board, put, Context(card=comet, controller=0))
    assert verbs.named_counters(board, comet) == {"Hero": 2} and comet.counters == 0
    assert len(targets.candidates(board, Context(card=comet, controller=0), hero)) == 2
    assert targets.candidates(board, Context(card=runner, controller=0), hero) == []
    assert kinds(board, "519.1") == [STEP, STEP]
    refused("519.3", VERBS["remove-counters"].check, board,
            Act(0, comet, amount=3, effect=Effect("remove-counters", values=values(kind="Hero"))))
    then_all = Effect("counters", target=Selector("self"), amount=Amount(1), values=values(kind="Hero"),
                      then=Effect("remove-counters", target=Selector("that", ref="them"), amount=Amount(None)))
    drive(board, then_all, Context(card=comet, controller=0))
    assert verbs.named_counters(board, comet) == {"Hero": 0}, "'remove them' removes all the Hero counters"
    drive(board, put, Context(card=comet, controller=0))
    board.put(comet, Zone.HAND)
    board.put(comet, Zone.PLAY, area=board.players[0].home)
    assert verbs.named_counters(board, comet) == {}, "a card that changed zones is a different card (519.3a)"


def test_a_frightened_card_loses_its_named_counters_504_1():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    comet = board.cards[0]
    verbs.put_named_counters(board, comet, "Shield", 2)
    VERBS["frighten"].apply(board, Act(0, comet))
    assert verbs.named_counters(board, comet) == {}
    assert "Shield" in [step.text for step in board.trace if step.rule == "504.1"][-1]


def test_without_519_1_no_named_counter_is_put():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    board.off = frozenset({"519.1"})
    VERBS["counters"].apply(board, Act(0, board.cards[0], amount=1, effect=Effect("counters", values=values(kind="Hero"))))
    assert verbs.named_counters(board, board.cards[0]) == {}


def test_a_token_copy_of_a_friend_has_its_printed_information_and_a_cost_of_zero_520_2():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (GEAR, 0, Zone.PLAY, "home", 0), (KITE, 0, Zone.PLAY, "problem", 0))
    comet, gear, kite = board.cards
    comet.counters = 2
    home = board.players[0].home
    refused("521.1", VERBS["token-copy"].check, board, Act(0, kite, area=home))
    refused("521.1", VERBS["token-copy"].check, board, Act(0, comet))
    refused("305.1a", VERBS["token-copy"].check, board, Act(0, gear, area=board.players[1].home))
    drive(board, Effect("token-copy", target=Selector("Friend", controller="you")), Context(controller=0))
    copy = board.cards[-1]
    assert copy is not comet and copy.zone == Zone.PLAY and copy.area == home
    assert copy.info.power == 2 and copy.info.colors == comet.info.colors and copy.info.cost == 0
    assert copy.counters == 0 and copy.id in board.tokens and kinds(board, "520.2") == [STEP]


def test_only_token_copies_of_cards_that_enter_play_are_executable():
    from rulebase.engine.ccg.abilities.resolve import executable

    assert executable(Effect("token-copy", target=Selector("Friend", controller="you"))) is None
    assert executable(Effect("token-copy", target=Selector("that", ref="Friend"), values=values(control="you"))) is None
    assert executable(Effect("token-copy", target=Selector("Resource"))) is None
    assert executable(Effect("token-copy", target=Selector("it"), values=values(face="face-up"))) is None
    assert "copies Friends" in executable(Effect("token-copy", target=Selector("Event")))
    assert executable(Effect("token-copy", target=Selector("self"), values=values(face="face-up"))) is None
    assert executable(Effect("token-copy", target=Selector("self"), values=values(area="each-problem"))) is not None


def test_a_token_copy_of_a_troublemaker_enters_play_at_a_problem_face_down_unless_said_520_2_306_1():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (KITE, 0, Zone.PLAY, "problem", 0),
                       (PEST, 1, Zone.PLAY, "problem", 0))
    pest = board.cards[2]
    refused("306.1", VERBS["token-copy"].check, board, Act(0, pest, area=board.players[0].home))
    act = Act(0, pest, area=board.players[0].problem_area, effect=Effect("token-copy", target=Selector("it")))
    VERBS["token-copy"].check(board, act)
    VERBS["token-copy"].apply(board, act)
    copy = board.cards[-1]
    assert copy.label == "Pest token copy" and copy.face_down and copy.controller == 0 and copy.info.power == 1
    face_up = Effect("token-copy", target=Selector("it"), values=values(face="face-up"))
    VERBS["token-copy"].apply(board, Act(1, pest, area=board.players[0].problem_area, effect=face_up))
    assert not board.cards[-1].face_down and board.cards[-1].controller == 1


def test_the_play_requirements_of_a_players_cards_reduced_until_the_end_of_the_turn_205_1_708_2():
    from rulebase.engine.ccg import play
    from rulebase.engine.ccg.cards import Printed

    sky = Printed.build("Sky", "Friend", colors=["blue"], power=1, cost=1, requirement="3 blue")
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (sky, 0, Zone.HAND, None, 0), (sky, 1, Zone.HAND, None, 1))
    mine, theirs = board.cards[1], board.cards[2]
    refused("205.1", play.check_requirement, board, 0, mine)
    effect = Effect("requirement-change", target=Selector("card", controller="you", every=True), amount=Amount(-2),
                    duration="turn", values=values(color="blue"))
    drive(board, effect, Context(controller=0))
    play.check_requirement(board, 0, mine)
    assert STEP in kinds(board, "708.2")
    refused("205.1", play.check_requirement, board, 1, theirs)
    board.off = frozenset({"708.2"})
    refused("205.1", play.check_requirement, board, 0, mine)
    board.off = frozenset()
    verbs.end_durations(board, "turn")
    refused("205.1", play.check_requirement, board, 0, mine)


def test_an_ability_activated_with_this_card_from_the_discard_pile_is_not_executable_701_3():
    from rulebase.engine.ccg.abilities import catalog
    from rulebase.engine.ccg.abilities.model import Ability

    from_discard = Ability("activated", "Main Phase: Banish this card from your discard pile to draw a card.",
                           timing="Main Phase", cost=(Effect("banish", target=Selector("self", zone="discard")),),
                           effect=Effect("draw", amount=Amount(1)))
    found = catalog.Engine().outside_play(from_discard)
    assert found is not None and found[0] == "activation" and "701.3" in found[1]
    from_hand = replace(from_discard, cost=(Effect("banish", target=Selector("self", zone="hand")),))
    assert catalog.Engine().outside_play(from_hand) is None, "text saying the hand is card text over 701.3"


def test_an_instruction_at_the_start_of_the_next_turn_triggers_as_it_starts_708_4():
    from rulebase.engine.ccg.abilities.events import emit

    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    later = Effect("delayed", values=values(at="start-of-next-turn", do=Effect("retire", target=Selector("self"))))
    VERBS["delayed"].apply(board, Act(0, None, effect=later, source=board.cards[0]))
    emit(board, "turn-ends", player=0)
    verbs.end_durations(board, "turn")
    assert board.waiting == []
    emit(board, "turn-starts", player=1)
    assert len(board.waiting) == 1 and board.waiting[0].player() == 0


def test_the_start_of_the_players_own_next_turn_is_not_read_so_it_is_not_executable():
    from rulebase.engine.ccg.abilities.model import Part
    from rulebase.engine.ccg.abilities.resolve import executable

    do = Effect("retire", target=Selector("self"))
    theirs = Effect("delayed", values=values(at="start-of-next-turn", do=do),
                    part=Part("At the start of the next turn, retire this card"))
    yours = Effect("delayed", values=values(at="start-of-next-turn", do=do),
                   part=Part("retire this card at the start of your next turn"))
    assert executable(theirs) is None and "own next turn" in executable(yours)


def test_counters_distributed_among_the_cards_chosen_519_4():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (RUNNER, 0, Zone.PLAY, "home", 0))
    comet, runner = board.cards
    effect = Effect("distribute-counters", target=Selector("Friend", count=Amount(2, up_to=True), controller="you"),
                    amount=Amount(3))
    asked = drive(board, effect, Context(controller=0), answers=[
        Action("choose", 0, card=runner.id), Action("decline", 0)])
    assert runner.counters == 3 and comet.counters == 0 and len(asked) == 2
    assert "decline" not in [option.verb for option in asked[0].legal()], "at least one card is chosen"
    drive(board, effect, Context(controller=0), answers=[
        Action("choose", 0, card=comet.id), Action("choose", 0, card=runner.id), Action("choose", 0, card=comet.id)])
    assert comet.counters == 2 and runner.counters == 4
    refused("519.4", VERBS["distribute-counters"].check, board, Act(0, None, amount=2, order=(comet.id,)))


def test_this_effect_copied_is_processed_again_for_the_player_who_copies_it_520_1():
    from rulebase.engine.ccg.abilities.model import Condition
    from rulebase.engine.ccg.abilities.resolve import executable

    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    board.players[1].tokens = 1
    copy = Effect("copy-effects", values=values(of="this"), who=Selector("opponent"), condition=Condition("did"))
    effect = Effect("gain", amount=Amount(2), then=Effect("pay", amount=Amount(1), who=Selector("opponent"),
                                                          optional=True, then=copy))
    drive(board, effect, Context(card=board.cards[0], controller=0),
          answers=[Action("accept", 1), Action("decline", 0)])
    assert board.players[0].tokens == 2 and board.players[1].tokens == 2, "Bob paid 1 and gained 2 with the copy"
    assert kinds(board, "520.1")[-1] == STEP
    assert executable(effect) is None
    assert "never end" in executable(Effect("gain", amount=Amount(1), then=Effect("copy-effects", values=values(of="this"))))
    refused("520.1", VERBS["copy-effects"].check, board, Act(0, None, effect=copy))


def test_a_troublemaker_that_does_not_prevent_confronting_until_the_end_of_the_turn_708_2_611_3e():
    from rulebase.engine.ccg import confront

    board = board_with((KITE, 0, Zone.PLAY, "problem", 0), (PEST, 1, Zone.PLAY, "problem", 0),
                       (COMET, 0, Zone.PLAY, "problem", 0))
    kite, pest, comet = board.cards
    assert confront.blocker(board, 0, kite) is not None
    refused("611.3e", VERBS["doesnt-prevent"].check, board, Act(0, comet, effect=Effect("doesnt-prevent", duration="turn")))
    effect = Effect("doesnt-prevent", target=Selector("Troublemaker", count=Amount(None), every=True), duration="turn",
                    values=values(confronting=Selector("Problem", count=Amount(None), every=True)))
    drive(board, effect, Context(controller=0))
    assert confront.blocker(board, 0, kite) is None and confront.blocker(board, 1, kite) is None
    assert verbs.lifted(board, 0, pest) is not None and verbs.lifted(board, 1, pest) is None
    verbs.end_durations(board, "turn")
    assert confront.blocker(board, 0, kite) is not None


def test_control_of_two_chosen_friends_is_exchanged_513_2():
    from rulebase.engine.ccg.abilities.model import Part
    from rulebase.engine.ccg.abilities.resolve import executable

    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (RUNNER, 1, Zone.PLAY, "home", 1))
    comet, runner = board.cards
    board.turn.phase = "main"
    those = Selector("that", ref="Friend", part=Part("those Friends"))
    effect = Effect("choose", target=Selector("Friend", controller="you"),
                    then=Effect("choose", target=Selector("Friend", controller="opponent"),
                                then=Effect("exchange-control", target=those, duration="score-phase")))
    assert executable(effect) is None
    assert executable(Effect("choose", target=Selector("Friend"), then=Effect("exchange-control", target=those))) \
        is not None, "two cards must have been chosen"
    drive(board, effect, Context(controller=0))
    assert comet.controller == 1 and runner.controller == 0
    board.turn.phase = "score"
    verbs.end_durations(board, "phase")
    assert comet.controller == 0 and runner.controller == 1
    refused("513.2", VERBS["exchange-control"].check, board, Act(0, None, effect=Effect("exchange-control")))


def test_a_card_that_cant_be_moved_until_the_end_of_the_turn_104_2_708_2():
    from rulebase.engine.ccg import moving
    from rulebase.engine.ccg.abilities.resolve import executable

    board = board_with((KITE, 1, Zone.PLAY, "problem", 1), (COMET, 0, Zone.PLAY, "home", 0))
    comet = board.cards[1]
    problem = board.players[1].problem_area
    effect = Effect("cant", target=Selector("Friend"), duration="turn", values=values(action="be-moved"))
    assert executable(effect) is None
    assert executable(Effect("cant", target=Selector("Friend"), values=values(action="be-moved"))) is not None
    drive(board, effect, Context(controller=1))
    refused("104.2", moving.check_move, board, comet, problem)
    verbs.end_durations(board, "phase")
    refused("104.2", moving.check_move, board, comet, problem)
    verbs.end_durations(board, "turn")
    moving.check_move(board, comet, problem)
    assert not comet.cannot_move and kinds(board, "708.2")[-1] == STEP


def test_that_card_is_the_troublemaker_chosen_not_the_problem_confronted_conning_the_con_pony():
    from rulebase.engine.ccg.abilities.events import Happened

    conning = real("conning-the-con-pony")
    board = board_with((conning, 0, Zone.PLAY, "problem", 0), (PEST, 1, Zone.PLAY, "problem", 1),
                       (KITE, 1, Zone.PLAY, "problem", 1))
    problem, pest = board.cards[0], board.cards[1]
    confronted = Happened("confronts", (("card", problem), ("player", 0)))
    drive(board, _effect(conning), Context(card=problem, controller=0, event=confronted))
    assert verbs.lifted(board, 0, pest) is not None


def test_cutie_marking_puts_a_counter_and_marks_the_card_once_glossary_cutie_mark():
    from rulebase.engine.ccg import status
    from rulebase.engine.ccg.abilities import targets

    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    comet = board.cards[0]
    assert not verbs.is_cutie_marked(comet)
    VERBS["cutie-mark"].check(board, Act(0, comet))
    VERBS["cutie-mark"].apply(board, Act(0, comet))
    assert comet.counters == 1 and verbs.is_cutie_marked(comet)
    assert kinds(board, "glossary/cutie-mark")[-1] == STEP
    assert [event.event for event in board.events][-1] == "cutie-marked"
    assert targets.STATUSES["cutie-marked"](comet)
    refused("glossary/cutie-mark", VERBS["cutie-mark"].check, board, Act(0, comet))
    status.frighten(board, comet)
    assert not verbs.is_cutie_marked(comet), "a frightened card is turned face-down: a different card (505.3)"
    other = board_with((COMET, 0, Zone.PLAY, "home", 0))
    other.off = frozenset({"glossary/cutie-mark"})
    VERBS["cutie-mark"].apply(other, Act(0, other.cards[0]))
    assert other.cards[0].counters == 0 and not verbs.is_cutie_marked(other.cards[0])
    assert not [event for event in (getattr(other, "events", None) or []) if event.event == "cutie-marked"]


def test_losing_all_of_ones_action_tokens_502_1():
    from rulebase.engine.ccg.abilities.resolve import executable

    tokens = Selector("action-token", count=Amount(None), every=True, controller="you")
    lose_all = Effect("lose", target=tokens, amount=Amount(None))
    assert verbs.loses_all_tokens(lose_all) and executable(lose_all) is None
    theirs = Effect("lose", target=Selector("action-token", every=True, controller="opponent"), amount=Amount(None))
    assert not verbs.loses_all_tokens(theirs) and executable(theirs) is not None
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    board.players[0].tokens, board.players[1].tokens = 5, 3
    drive(board, lose_all, Context(card=board.cards[0], controller=0))
    assert [player.tokens for player in board.players] == [0, 3] and kinds(board, "502.1") == [STEP]
    board.players[0].tokens = 2
    drive(board, Effect("lose", amount=Amount(1)), Context(card=board.cards[0], controller=0))
    assert board.players[0].tokens == 1


def test_a_player_card_text_says_loses_the_game_is_removed_and_the_last_one_left_wins_103_5():
    from rulebase.engine.flow import GameEnds

    lose_game = Effect("lose", values=values(what="game"))
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (COMET, 1, Zone.PLAY, "home", 1), names=("Alice", "Bob", "Carol"))
    VERBS["lose"].check(board, Act(0, 0, effect=lose_game))
    VERBS["lose"].apply(board, Act(0, 0, effect=lose_game))
    assert board.players[0].removed and board.cards[0].zone == Zone.REMOVED and kinds(board, "103.5") == [STEP]
    refused("103.5", VERBS["lose"].check, board, Act(0, 0, effect=lose_game))
    with pytest.raises(GameEnds) as ending:
        VERBS["lose"].apply(board, Act(2, 2, effect=lose_game))
    assert ending.value.outcome.winner == 1
    other = board_with((COMET, 0, Zone.PLAY, "home", 0))
    other.off = frozenset({"103.5"})
    VERBS["lose"].apply(other, Act(0, 0, effect=lose_game))
    assert not other.players[0].removed


# -- keywords for a while (701.1, 708.2) ----------------------------------------------------


def test_a_keyword_given_for_the_turn_is_had_until_the_turn_ends_call_in_the_dream_cavalry_701_1_708_2():
    from rulebase.engine.ccg import moving
    from rulebase.engine.ccg.abilities import continuous

    cavalry = real("call-in-the-dream-cavalry")
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (COMET, 1, Zone.PLAY, "home", 0))
    mine, theirs = board.cards[0], board.cards[1]
    area = board.players[1].home
    before = moving.move_cost(board, 0, mine, area)
    effect = _effect(cavalry)
    assert effect.verb == "gain-keyword"
    drive(board, effect, Context(controller=0))
    assert continuous.gives(board, mine, "Swift") and not continuous.gives(board, theirs, "Swift")
    assert moving.move_cost(board, 0, mine, area) == before - 1
    assert STEP in kinds(board, "701.1")
    board.turn.player = 1
    verbs.end_durations(board, "turn")
    assert not continuous.gives(board, mine, "Swift") and kinds(board, "708.2")[-1] == STEP
    assert moving.move_cost(board, 0, mine, area) == before


def test_a_keyword_until_the_start_of_its_players_next_turn_lasts_through_the_opponents_turn_sweetie_belle():
    from rulebase.engine.ccg.abilities import continuous

    sweetie = real("sweetie-belle-stitch-by-stitch")
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    comet = board.cards[0]
    act = Act(0, comet, effect=sweetie.abilities[0].effect, source=comet)
    VERBS["gain-keyword"].check(board, act)
    VERBS["gain-keyword"].apply(board, act)
    assert continuous.given_showy(board, comet.area) == [(comet, 3)]
    board.turn.player = 1
    verbs.end_durations(board, "turn")
    assert continuous.given_showy(board, comet.area) == [(comet, 3)], "Bob's turn is not the start of Alice's next"
    board.turn.player = 0
    verbs.end_durations(board, "turn")
    assert continuous.given_showy(board, comet.area) == []


def test_without_708_2_a_keyword_given_for_a_while_does_not_end():
    from rulebase.engine.ccg.abilities import continuous

    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    comet = board.cards[0]
    VERBS["gain-keyword"].apply(board, Act(0, comet, effect=Effect("gain-keyword", duration="turn",
                                                                   values=values(keyword="Swift"))))
    board.off = frozenset({"708.2"})
    verbs.end_durations(board, "turn")
    assert continuous.gives(board, comet, "Swift")


def test_without_701_1_no_keyword_is_given():
    from rulebase.engine.ccg.abilities import continuous

    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    comet = board.cards[0]
    board.off = frozenset({"701.1"})
    VERBS["gain-keyword"].apply(board, Act(0, comet, effect=Effect("gain-keyword", duration="turn",
                                                                   values=values(keyword="Swift"))))
    board.off = frozenset()
    assert not continuous.gives(board, comet, "Swift")


def test_a_keyword_given_to_a_card_that_leaves_play_is_not_had_by_it_when_it_returns():
    from rulebase.engine.ccg.abilities import continuous

    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    comet = board.cards[0]
    VERBS["gain-keyword"].apply(board, Act(0, comet, effect=Effect("gain-keyword", duration="turn",
                                                                   values=values(keyword="Stubborn"))))
    assert continuous.gives(board, comet, "Stubborn")
    board.put(comet, Zone.HAND)
    board.put(comet, Zone.PLAY)
    assert not continuous.gives(board, comet, "Stubborn")


def test_giving_a_keyword_checks_the_card_is_in_play_the_duration_and_that_the_engine_applies_it():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.HAND, None, 0))
    comet, held = board.cards
    refused("707.3", VERBS["gain-keyword"].check, board,
            Act(0, held, effect=Effect("gain-keyword", duration="turn", values=values(keyword="Swift"))))
    refused("708.2", VERBS["gain-keyword"].check, board,
            Act(0, comet, effect=Effect("gain-keyword", duration="forever", values=values(keyword="Swift"))))
    refused("701.1", VERBS["gain-keyword"].check, board,
            Act(0, comet, effect=Effect("gain-keyword", duration="turn", values=values(keyword="Hasty"))))


# -- not readying during the next Ready Phase (104.2 over 603.1, 708.2) ---------------------


def _ready_phase(board, player):
    from rulebase.engine.ccg import turn

    board.turn.player = player
    turn.ready_all(board, player)


def test_a_character_does_not_ready_during_its_controllers_next_ready_phase_only_bale_out_104_2():
    bale_out = real("bale-out")
    board = board_with((COMET, 1, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0))
    theirs, mine = board.cards
    effect = next(ability.effect for ability in bale_out.abilities if ability.effect is not None)
    assert effect.verb == "exhaust" and effect.then.value("action") == verbs.READY_BAN
    drive(board, effect, Context(controller=0))
    assert theirs.exhausted and STEP in kinds(board, "708.2")
    mine.exhausted = True
    _ready_phase(board, 0)
    assert theirs.exhausted and not mine.exhausted, "Alice's Ready Phase is not Bob's"
    _ready_phase(board, 1)
    assert theirs.exhausted and kinds(board, "104.2")[-1] == STEP
    _ready_phase(board, 1)
    assert not theirs.exhausted, "the modifier is used up by the one Ready Phase"


def test_without_104_2_the_character_readies_in_its_controllers_ready_phase():
    board = board_with((COMET, 1, Zone.PLAY, "home", 0))
    comet = board.cards[0]
    comet.exhausted = True
    VERBS["cant"].apply(board, Act(0, comet, effect=Effect("cant", duration=verbs.NEXT_READY_PHASE,
                                                            values=values(action=verbs.READY_BAN))))
    board.off = frozenset({"104.2"})
    _ready_phase(board, 1)
    assert not comet.exhausted
    board.off = frozenset()
    comet.exhausted = True
    _ready_phase(board, 1)
    assert not comet.exhausted, "that Ready Phase used the modifier up"


def test_a_card_that_left_play_is_not_kept_exhausted_when_it_returns():
    board = board_with((COMET, 1, Zone.PLAY, "home", 0))
    comet = board.cards[0]
    VERBS["cant"].apply(board, Act(0, comet, effect=Effect("cant", duration=verbs.NEXT_READY_PHASE,
                                                            values=values(action=verbs.READY_BAN))))
    board.put(comet, Zone.HAND)
    board.put(comet, Zone.PLAY)
    comet.exhausted = True
    _ready_phase(board, 1)
    assert not comet.exhausted and not board.lasting


def test_not_readying_lasts_only_until_the_next_ready_phase_and_other_durations_end_it_not():
    board = board_with((COMET, 1, Zone.PLAY, "home", 0))
    comet = board.cards[0]
    act = Act(0, comet, effect=Effect("cant", duration="turn", values=values(action=verbs.READY_BAN)))
    refused("708.2", VERBS["cant"].check, board, act)
    VERBS["cant"].apply(board, Act(0, comet, effect=Effect("cant", duration=verbs.NEXT_READY_PHASE,
                                                            values=values(action=verbs.READY_BAN))))
    verbs.end_durations(board, "phase")
    verbs.end_durations(board, "turn")
    comet.exhausted = True
    _ready_phase(board, 1)
    assert comet.exhausted and not comet.cannot_move


def test_a_character_readied_before_its_controllers_ready_phase_has_the_modifier_used_up_by_that_phase():
    board = board_with((COMET, 1, Zone.PLAY, "home", 0))
    comet = board.cards[0]
    VERBS["cant"].apply(board, Act(0, comet, effect=Effect("cant", duration=verbs.NEXT_READY_PHASE,
                                                            values=values(action=verbs.READY_BAN))))
    _ready_phase(board, 1)
    assert not board.lasting and kinds(board, "104.2") == []
    comet.exhausted = True
    _ready_phase(board, 1)
    assert not comet.exhausted


def test_doubling_a_cards_power_fixes_the_number_as_the_modifier_is_created_708_2b():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    comet = board.cards[0]
    comet.counters = 1
    drive(board, Effect("double-power", target=Selector("self"), duration="turn"), Context(card=comet, controller=0))
    assert comet.modifiers == [3] and kinds(board, "708.2b") == [STEP]
    comet.counters = 0
    from rulebase.engine.ccg.power import power

    assert power(board, comet) == 5
    board.off = frozenset({"708.2b"})
    drive(board, Effect("double-power", target=Selector("self"), duration="turn"), Context(card=comet, controller=0))
    assert comet.modifiers == [3]


def test_doubling_the_power_of_a_problem_is_refused_as_it_has_none():
    board = board_with((KITE, 0, Zone.PLAY, "problem", 0))
    with pytest.raises(IllegalAction):
        VERBS["double-power"].check(board, Act(0, board.cards[0]))


def test_defeating_a_troublemaker_by_card_text_scores_its_point_value_and_dismisses_it_514_5a():
    board = board_with((PEST, 1, Zone.PLAY, "problem", 0), (COMET, 0, Zone.PLAY, "home", 0))
    pest, comet = board.cards[0], board.cards[1]
    refused("514.5a", VERBS["defeat"].check, board, Act(0, comet))
    VERBS["defeat"].check(board, Act(0, pest))
    VERBS["defeat"].apply(board, Act(0, pest))
    assert pest.zone == Zone.DISCARD and board.players[0].score == 1 and kinds(board, "514.5a")[-1] == STEP
    board = board_with((PEST, 1, Zone.PLAY, "problem", 0))
    board.off = frozenset({"514.5a"})
    VERBS["defeat"].apply(board, Act(0, board.cards[0]))
    assert board.cards[0].zone == Zone.PLAY and board.players[0].score == 0


def test_flipping_fewer_cards_needs_a_faceoff_and_ends_with_it_514_3a():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    refused("514.3a", VERBS["flip-fewer"].check, board, Act(0, 0, amount=1))
    board.faceoff = object()
    VERBS["flip-fewer"].check(board, Act(0, 0, amount=1))
    VERBS["flip-fewer"].apply(board, Act(0, 0, amount=1))
    assert board.players[0].extra_flips == -1 and board.players[1].extra_flips == 0
    verbs.end_durations(board, "turn")
    assert board.players[0].extra_flips == -1
    verbs.end_durations(board, "faceoff")
    assert board.players[0].extra_flips == 0


def test_the_counters_with_a_name_a_card_had_as_it_left_play_are_counted_while_it_stays_where_it_went_712_2():
    from rulebase.engine.ccg import zones

    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    comet = board.cards[0]
    VERBS["counters"].apply(board, Act(0, comet, amount=3, effect=Effect("counters", values=values(kind="Trainee"))))
    zones.dismiss(board, comet)
    assert comet.zone == Zone.DISCARD and verbs.named_counters(board, comet) == {"Trainee": 3}
    assert kinds(board, "712.2") == [STEP]
    board.put(comet, Zone.HAND)
    assert verbs.named_counters(board, comet) == {}


def test_a_card_involved_by_its_text_needs_a_faceoff_and_is_involved_wherever_it_is_104_1():
    from rulebase.engine.ccg import faceoffs

    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (PEST, 1, Zone.PLAY, "problem", 1),
                       (RUNNER, 0, Zone.PLAY, "problem", 1))
    comet, pest = board.cards[0], board.cards[1]
    refused("514.2d", VERBS["involve"].check, board, Act(0, comet))
    current = faceoffs.Faceoff(board, faceoffs.TROUBLEMAKER, (pest.area,), 0, troublemaker=pest)
    current.by_rule = True
    board.faceoff = current
    assert not current.involves(board, comet)
    VERBS["involve"].check(board, Act(0, comet))
    VERBS["involve"].apply(board, Act(0, comet))
    assert current.involves(board, comet) and kinds(board, "104.1")[-1] == STEP
    refused("514.2d", VERBS["involve"].check, board, Act(0, pest))


def test_revealing_until_a_card_of_a_description_reveals_each_card_down_to_it_104_1():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    friends = deck_of_three(board)
    gear = board.new_card(GEAR, 0, "Gear")
    board.put(gear, Zone.DRAW_DECK)
    assert board.players[0].deck[0] is gear
    drive(board, Effect("reveal-until", target=Selector("Friend"), values=values(zone="deck"),
                        then=Effect("to-hand", target=Selector("that", ref="Friend"))),
          Context(card=board.cards[0], controller=0))
    revealed = [step.text for step in board.trace if step.rule == "104.1" and "until" in step.text]
    assert len(revealed) == 1 and "Gear, Top 0" in revealed[0]
    assert gear.zone == Zone.DRAW_DECK and friends[0].zone == Zone.HAND and friends[1].zone == Zone.DRAW_DECK


def test_confront_requirements_changed_with_no_player_named_are_changed_for_every_player_611_3():
    board = board_with((KITE, 0, Zone.PLAY, "problem", 0))
    kite = board.cards[0]
    act = Act(0, kite, amount=-2, effect=Effect("confront-need", target=Selector("Problem"), duration="turn"))
    VERBS["confront-need"].check(board, act)
    VERBS["confront-need"].apply(board, act)
    change = verbs.lasting(board)[-1]
    assert change.players == "player" and change.reaches(0) and change.reaches(1)


def test_a_card_put_into_play_under_your_control_is_controlled_by_the_player_carrying_it_out_513_2():
    board = board_with((KITE, 0, Zone.PLAY, "problem", 0))
    theirs = board.new_card(COMET, 1, "Theirs")
    board.put(theirs, Zone.DISCARD)
    effect = Effect("put-into-play", target=Selector("Friend"), values=values(control="you"))
    act = Act(0, theirs, area=board.players[0].home, effect=effect)
    VERBS["put-into-play"].check(board, act)
    VERBS["put-into-play"].apply(board, act)
    assert theirs.zone == Zone.PLAY and theirs.controller == 0 and theirs.owner == 1
    assert kinds(board, "513.2") == [STEP]


def test_a_change_of_flips_until_its_owners_next_turn_outlasts_the_end_of_the_turn_and_ends_then_708_2():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    act = Act(0, 1, amount=-1, effect=Effect("flip-change", amount=Amount(-1), duration="next-turn"),
              source=board.cards[0])
    VERBS["flip-change"].check(board, act)
    VERBS["flip-change"].apply(board, act)
    assert board.players[1].extra_flips == -1
    board.players[1].extra_flips = 0  # 616.4: the turn's extra flips end
    board.turn.player = 1
    verbs.end_durations(board, "turn")
    assert board.players[1].extra_flips == -1
    board.players[1].extra_flips = 0
    board.turn.player = 0
    verbs.end_durations(board, "turn")
    assert board.players[1].extra_flips == 0 and not any(isinstance(m, verbs.FlipChange) for m in verbs.lasting(board))
    refused("708.2", VERBS["flip-change"].check, board,
            Act(0, 1, amount=1, effect=Effect("flip-change", amount=Amount(1), duration="faceoff")))


def test_an_instruction_delayed_until_the_start_of_your_next_turn_waits_for_its_controllers_turn_708_4():
    from rulebase.engine.ccg.abilities.events import emit

    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    comet = board.cards[0]
    later = Effect("ready", target=Selector("self"))
    VERBS["delayed"].apply(board, Act(0, None, effect=Effect("delayed", values=values(
        at="start-of-your-next-turn", do=later)), source=comet))
    emit(board, "turn-starts", player=1)
    assert board.waiting == [] and len(verbs.waiting_delayed(board)) == 1
    emit(board, "turn-starts", player=0)
    assert len(board.waiting) == 1 and verbs.waiting_delayed(board) == []


def test_a_resource_put_into_play_enters_at_its_owners_home_and_an_attachment_is_refused():
    """A Resource that is not an attachment enters play at its owner's home
    (305.1a); one put into play elsewhere is refused by that rule, and an
    attachment, whose host no rule names when it is put into play rather
    than played on a card, by 706.1 (Octavia, Caroller)."""
    from rulebase.engine.ccg.cards import Printed

    goggles = Printed.build("Goggles", "Resource", colors=["blue"], cost=1, host="Friend")
    board = board_with((GEAR, 0, Zone.DRAW_DECK, None, 0), (goggles, 0, Zone.DRAW_DECK, None, 0))
    gear, attachment = board.cards
    home, problem = board.players[0].home, board.players[0].problem_area
    refused("305.1a", VERBS["put-into-play"].check, board, Act(0, gear, area=problem))
    refused("706.1", VERBS["put-into-play"].check, board, Act(0, attachment, area=home))
    VERBS["put-into-play"].check(board, Act(0, gear, area=home))
    VERBS["put-into-play"].apply(board, Act(0, gear, area=home))
    assert gear.zone == Zone.PLAY and gear.area == home and kinds(board, "305.1a")[-1] == STEP
    board = board_with((GEAR, 0, Zone.DRAW_DECK, None, 0))
    board.off = frozenset({"305.1a"})
    VERBS["put-into-play"].check(board, Act(0, board.cards[0], area=problem))


def test_a_card_put_into_play_exhausted_enters_play_exhausted_706_1b():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (RUNNER, 0, Zone.DISCARD, None, 0))
    runner = board.cards[1]
    effect = Effect("put-into-play", target=Selector("Friend", zone="discard"),
                    values=values(area="home", exhausted=True))
    drive(board, effect, Context(card=board.cards[0], controller=0))
    assert runner.zone == Zone.PLAY and runner.exhausted
    assert kinds(board, "706.1b") == [STEP] and kinds(board, "503.1") == []
    other = board.new_card(COMET, 0, "Other")
    board.put(other, Zone.DISCARD)
    board.off = frozenset({"706.1b"})
    drive(board, effect, Context(card=board.cards[0], controller=0))
    assert other.zone == Zone.PLAY and not other.exhausted, "with 706.1b off, a card enters play ready (503.1)"


def test_the_same_name_is_the_title_and_the_subtitle_201_1a():
    from rulebase.engine.ccg.cards import Printed

    def winona(subtitle):
        return Printed.build("Winona", "Friend", colors=["orange"], power=2, cost=2, subtitle=subtitle)

    board = board_with((winona("Good Girl!"), 0, Zone.PLAY, "home", 0), (winona("Good Girl!"), 0, Zone.DRAW_DECK, None, 0),
                       (winona("On the Scent"), 0, Zone.DRAW_DECK, None, 0), (COMET, 0, Zone.DRAW_DECK, None, 0))
    good, twin, scent, comet = board.cards
    assert verbs.has_the_same_name(board, twin, good) and not verbs.has_the_same_name(board, comet, good)
    assert not verbs.has_the_same_name(board, scent, good) and kinds(board, "201.1a") == [CHECK]
    board.off = frozenset({"201.1a"})
    assert verbs.has_the_same_name(board, scent, good), "with 201.1a off, the same Title is the same name"
    same = Selector("card", zone="deck", filters=(("name", "same"),))
    board.off = frozenset()
    context = Context(card=good, controller=0)
    context.named["it"] = [good]
    from rulebase.engine.ccg.abilities import targets

    assert targets.candidates(board, context, same) == [twin]


def test_a_mane_character_is_turned_to_a_side_only_from_the_other_301_2():
    from rulebase.engine.ccg.cards import Printed

    captain = Printed.build("Sky Captain", "Mane Character", colors=["blue"], power=1, home_limit=3,
                            boosted={"power": 3, "home_limit": 4})
    board = board_with((captain, 0, Zone.PLAY, "home", 0))
    mane = board.cards[0]
    to_start = Effect("turn-over", target=Selector("Mane Character"), values=values(side="start"))
    refused("301.2", VERBS["turn-over"].check, board, Act(0, mane, effect=to_start))
    mane.turned_over = True
    VERBS["turn-over"].check(board, Act(0, mane, effect=to_start))
    VERBS["turn-over"].apply(board, Act(0, mane, effect=to_start))
    assert not mane.turned_over
    to_boosted = Effect("turn-over", target=Selector("Mane Character"), values=values(side="boosted"))
    VERBS["turn-over"].check(board, Act(0, mane, effect=to_boosted))
    VERBS["turn-over"].check(board, Act(0, mane))  # "turn it over": from either side


def test_tokens_put_into_play_are_them_of_a_delayed_instruction_708_4():
    from rulebase.engine.ccg.abilities import resolve, verbs as verb_table

    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (KITE, 0, Zone.PLAY, "problem", 0))
    later = Effect("banish", target=Selector("that", ref="them"))
    effect = Effect("token", amount=Amount(2), values=values(token=FIGMENT, area="home"),
                    then=Effect("delayed", values=values(at="end-of-turn", do=later)))
    assert resolve.executable(effect) is None
    drive(board, effect, Context(card=board.cards[0], controller=0))
    figments = [card for card in board.cards if card.label == "Figment token"]
    waiting = verb_table.waiting_delayed(board)
    assert len(figments) == 2 and len(waiting) == 1 and waiting[0].named["them"] == figments
    assert resolve.executable(replace(effect, verb="draw", values=(), amount=Amount(1))) is not None


def test_a_player_card_text_says_wins_the_game_wins_it_and_the_game_ends_103_1():
    from rulebase.engine.ccg.abilities.resolve import executable
    from rulebase.engine.flow import GameEnds

    win_game = Effect("win", values=values(what="game"))
    assert executable(win_game) is None
    assert executable(Effect("win", values=values(what="faceoff"))) is not None
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (COMET, 1, Zone.PLAY, "home", 1))
    with pytest.raises(GameEnds) as ending:
        drive(board, win_game, Context(card=board.cards[1], controller=1))
    assert ending.value.outcome.winner == 1 and kinds(board, "103.1") == [STEP] and kinds(board, "104.1") == [STEP]
    board.players[0].removed = True
    refused("103.5", VERBS["win"].check, board, Act(0, 0, effect=win_game))
    other = board_with((COMET, 0, Zone.PLAY, "home", 0))
    other.off = frozenset({"104.1"})
    VERBS["win"].apply(other, Act(0, 0, effect=win_game))  # without card text over the rules, no win by text


def test_a_face_up_troublemaker_turned_over_is_face_down_a_different_card_505_3():
    board = board_with((COMET, 0, Zone.PLAY, "problem", 0), (PEST, 1, Zone.PLAY, "problem", 0))
    pest = board.cards[1]
    pest.counters = 2
    act = Act(0, pest, effect=Effect("turn-troublemaker-over", target=Selector("Troublemaker")))
    VERBS["turn-troublemaker-over"].check(board, act)
    VERBS["turn-troublemaker-over"].apply(board, act)
    assert pest.face_down and pest.counters == 0 and kinds(board, "505.3")[0] == STEP
    refused("505.2", VERBS["turn-troublemaker-over"].check, board, act)
    refused("505.2", VERBS["turn-troublemaker-over"].check, board, Act(0, board.cards[0]))


def test_the_cost_to_play_the_card_an_earlier_instruction_named_changes_for_the_turn_708_2():
    from rulebase.engine.ccg.abilities.resolve import executable

    board = board_with((COMET, 0, Zone.HAND, None, 0), (COMET, 0, Zone.HAND, None, 0))
    named, other = board.cards
    effect = Effect("cost-change", target=Selector("it"), amount=Amount(-1), duration="turn")
    act = Act(0, None, amount=-1, effect=effect)
    refused("708.2", VERBS["cost-change"].check, board, act)
    act.cards = [named]
    VERBS["cost-change"].check(board, act)
    VERBS["cost-change"].apply(board, act)
    change = verbs.cost_changes(board)[-1]
    assert change.names(board, named) and not change.names(board, other) and kinds(board, "708.2")[-1] == STEP
    board.put(named, Zone.QUEUE)
    assert change.names(board, named), "the card named, put in the queue as it is played (705.2b)"
    board.put(named, Zone.DISCARD)
    assert not change.names(board, named), "a different card once it changes zones again (410.6)"
    assert "no earlier instruction names" in executable(effect)
    revealed = Effect("to-hand", target=Selector("that", ref="Event"), then=effect)
    assert executable(revealed) is None
    assert executable(replace(revealed, then=replace(effect, duration=None))) is not None


def test_a_next_time_triggers_once_and_only_within_its_duration_708_4():
    from rulebase.engine.ccg.abilities.events import emit
    from rulebase.engine.ccg.abilities.model import Trigger

    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (PEST, 1, Zone.PLAY, "problem", 0))
    comet, pest = board.cards
    later = Effect("score", amount=Amount(1), values=values(additional=True))
    effect = Effect("next-time", duration="turn", values=values(
        trigger=Trigger("defeated", subject=Selector("Troublemaker"), values=values(by=Selector("you"))), do=later))
    act = Act(0, None, effect=effect, source=comet)
    VERBS["next-time"].check(board, act)
    VERBS["next-time"].apply(board, act)
    assert len(verbs.waiting_next_times(board)) == 1
    emit(board, "defeated", card=pest, player=1, area=pest.area)
    assert not board.waiting, "defeated by an opponent: not the trigger condition"
    emit(board, "defeated", card=pest, player=0, area=pest.area)
    assert len(board.waiting) == 1 and board.waiting[0].controller == 0 and not verbs.waiting_next_times(board)
    emit(board, "defeated", card=pest, player=0, area=pest.area)
    assert len(board.waiting) == 1, "once only"
    VERBS["next-time"].apply(board, act)
    board.turn.number += 1
    emit(board, "defeated", card=pest, player=0, area=pest.area)
    assert len(board.waiting) == 1 and not verbs.waiting_next_times(board), "the turn it lasted for has ended"
    refused("708.2", VERBS["next-time"].check, board, Act(0, None, effect=replace(effect, duration="faceoff")))


def test_an_attachment_put_into_play_enters_play_attached_to_its_host_509_2():
    from rulebase.engine.ccg.abilities.resolve import executable
    from rulebase.engine.ccg.cards import Printed

    hat = Printed.build("Hat", "Resource", colors=["white"], cost=1, traits=["Accessory"], host="Friend")
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (COMET, 1, Zone.PLAY, "home", 1), (hat, 0, Zone.HAND, None, 0),
                       (GEAR, 0, Zone.HAND, None, 0), (PEST, 1, Zone.PLAY, "problem", 0))
    mine, theirs, hat_card, gear, pest = board.cards
    effect = Effect("put-into-play-attached", target=Selector("Resource", zone="hand"),
                    values=values(on=Selector("Friend")))
    assert executable(effect) is None
    assert executable(replace(effect, values=values(on=Selector("opponent")))) is not None
    refused("509.2", VERBS["put-into-play-attached"].check, board, Act(0, gear, effect=effect))
    refused("509.2", VERBS["put-into-play-attached"].check, board, Act(0, hat_card, effect=effect))
    act = Act(0, hat_card, effect=effect)
    act.cards = [pest]
    refused("509.2", VERBS["put-into-play-attached"].check, board, act)
    act.cards = [theirs]
    VERBS["put-into-play-attached"].check(board, act)
    VERBS["put-into-play-attached"].apply(board, act)
    assert hat_card.zone == Zone.PLAY and hat_card.host is theirs and hat_card.area == theirs.area
    assert kinds(board, "509.2")[-1] == STEP


def test_a_card_played_by_card_text_for_free_pays_nothing_and_enters_play_705_2_104_1():
    from rulebase.engine.ccg.abilities.resolve import executable

    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (KITE, 1, Zone.PLAY, "problem", 1), (PEST, 0, Zone.HAND, None, 0),
                       (GEAR, 0, Zone.DISCARD, None, 0), (COMET, 1, Zone.HAND, None, 1))
    comet, kite, pest, gear, theirs = board.cards
    board.players[0].tokens = 1
    free = Effect("play", target=Selector("Troublemaker"), values=values(free=True))
    act = Act(0, pest, area=board.players[1].problem_area, effect=free)
    refused("306.1", VERBS["play"].check, board, Act(0, pest, area=board.players[0].home, effect=free))
    refused("609.2a", VERBS["play"].check, board, Act(0, theirs, area=board.players[0].home, effect=free))
    refused("609.2a", VERBS["play"].check, board, Act(0, gear, area=board.players[0].home, effect=free))
    VERBS["play"].check(board, act)
    VERBS["play"].apply(board, act)
    assert pest.zone == Zone.PLAY and pest.face_down and board.players[0].tokens == 1 and not verbs.cost_changes(board)
    from_discard = Effect("play", target=Selector("that", ref="Resource"), values=values(free=True, zone="discard"))
    act = Act(0, gear, area=board.players[0].home, effect=from_discard)
    VERBS["play"].check(board, act)
    VERBS["play"].apply(board, act)
    assert gear.zone == Zone.PLAY and gear.area == board.players[0].home and board.players[0].tokens == 1
    assert executable(free) is None and executable(from_discard) is None
    assert executable(Effect("play", target=Selector("Event"), values=values(free=True))) is not None
    assert executable(Effect("play", target=Selector("Resource", filters=(("on", Selector("self")),)))) is not None


def test_a_card_named_is_the_one_that_name_refers_to_for_its_card_201_1b():
    from rulebase.engine.ccg.abilities import targets
    from rulebase.engine.ccg.abilities.resolve import executable
    from rulebase.engine.ccg.actions import Action

    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (RUNNER, 1, Zone.HAND, None, 1), (COMET, 1, Zone.HAND, None, 1),
                       (KITE, 0, Zone.PLAY, "problem", 0))
    judge, runner, comet, _ = board.cards
    name = Effect("name", values=values(what="card"),
                  then=Effect("discard", target=Selector("card", every=True, zone="hand", filters=(("name", "named"),)),
                              who=Selector("opponent")))
    assert executable(name) is None and executable(Effect("name", values=values(what="card-type"))) is not None
    asked = drive(board, name, Context(card=judge, controller=0), answers=[Action("choose", 0, card=runner.id)])
    assert {board.cards[action.card].printed.name for action in asked[0].legal()} == {"Comet", "Breeze Runner"}
    assert verbs.named_name(board, judge) == "Breeze Runner" and kinds(board, "201.1b")[-1] == STEP
    assert runner.zone == Zone.DISCARD and comet.zone == Zone.HAND
    context = Context(card=judge, controller=0)
    assert targets.candidates(board, context, Selector("Friend", zone="hand", filters=(("name", "named"),))) == []
    board.put(judge, Zone.DISCARD)
    assert verbs.named_name(board, judge) is None, "a different card once it changes zones (410.6)"
    refused("201.1b", VERBS["name"].check, board, Act(0, None, effect=Effect("name", values=values(what="Event"))))
