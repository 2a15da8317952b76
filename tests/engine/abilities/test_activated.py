"""Activated abilities (703) as actions (705.1): listed among the legal
actions when the rules allow them, refused by the rule that forbids them
(703.1, 703.1b, 512, 104.1, 508.1d), their costs paid (705.2d) before
their instructions are followed; and Reactions (512.4b-d)."""

import pytest

from rulebase.engine.ccg.abilities import activated
from rulebase.engine.ccg.abilities.events import emit
from rulebase.engine.ccg.abilities.model import (
    THIS_CARD,
    Ability,
    Amount,
    Effect,
    Selector,
    Trigger,
)
from rulebase.engine.ccg.actions import Action
from rulebase.engine.ccg.board import Zone
from rulebase.engine.ccg.cards import Printed
from rulebase.engine.ccg.play import Window
from rulebase.engine.ccg.state import CCGState
from rulebase.engine.errors import IllegalAction
from rulebase.engine.trace import ALLOWED, REFUSAL, STEP

from ..helpers import COMET, board_with, kinds
from .driving import real

PAY_ONE = (Effect("pay", amount=Amount(1)),)
TINKER = Printed.build("Tinker", "Friend", colors=["blue"], power=1, cost=1, abilities=(
    Ability("activated", "Main Phase: Pay 1 to draw a card.", timing="Main Phase", cost=PAY_ONE,
            effect=Effect("draw", amount=Amount(1))),))
GUARD = Printed.build("Guard", "Friend", colors=["blue"], power=1, cost=1, abilities=(
    Ability("activated", "Faceoff: Exhaust this card to gain 1.", timing="Faceoff",
            cost=(Effect("exhaust", THIS_CARD),), effect=Effect("gain", amount=Amount(1))),))
SPARK = Printed.build("Spark", "Friend", colors=["blue"], power=1, cost=1, abilities=(
    Ability("activated", "Immediate: gain 1. Use once per turn.", timing="Immediate", limit="once-per-turn",
            effect=Effect("gain", amount=Amount(1))),))
SHARED = Printed.build("Shared", "Resource", cost=1, abilities=(
    Ability("activated", "Immediate: gain 1. Any player may activate this ability.", timing="Immediate",
            anyone=True, effect=Effect("gain", amount=Amount(1))),))
QUICK = Printed.build("Quick Answer", "Event", cost=0, timing="Reaction", abilities=(
    Ability("event", "Reaction: When an opponent's Friend enters play, gain 1.", timing="Reaction",
            trigger=Trigger("enters-play", Selector("Friend", controller="opponent")),
            effect=Effect("gain", amount=Amount(1))),))

MAIN = Window("Main Phase", main=True)


def _refused(board, action, window=MAIN) -> str:
    with pytest.raises(IllegalAction) as refused:
        activated.check(board, action, window)
    return refused.value.rule


def test_an_activated_ability_is_a_legal_action_its_cost_paid_before_its_instructions():
    board = board_with((TINKER, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.DRAW_DECK, None, 0))
    board.players[0].tokens = 1
    state = CCGState.from_board(board, "main", checkpoints=True)
    state.apply_action(Action("continue", 0))
    assert Action.parse("p0 activate #0 1") in state.legal_actions()
    state.apply_action(Action.parse("p0 activate #0 1"))
    assert board.players[0].tokens == 0 and [c.label for c in board.players[0].hand] == ["Comet"]
    assert kinds(board, "705.2d") == [STEP, STEP] and Action.parse("p0 activate #0 1") not in state.legal_actions()


def test_705_2d_switched_off_the_cost_is_not_paid():
    board = board_with((TINKER, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.DRAW_DECK, None, 0))
    board.players[0].tokens = 1
    board.off = frozenset({"705.2d"})
    state = CCGState.from_board(board, "main", checkpoints=True)
    state.apply_action(Action("continue", 0))
    state.apply_action(Action.parse("p0 activate #0"))
    assert board.players[0].tokens == 1 and len(board.players[0].hand) == 1


def test_703_1_an_ability_the_card_does_not_have_or_a_card_out_of_play():
    board = board_with((TINKER, 0, Zone.PLAY, "home", 0), (TINKER, 0, Zone.HAND, None, 0))
    board.players[0].tokens = 1
    board.turn.phase = "main"
    assert _refused(board, Action.parse("p0 activate #0 2")) == "703.1"
    assert _refused(board, Action.parse("p0 activate #1")) == "701.3"
    activated.check(board, Action.parse("p0 activate #0 1"), MAIN)
    board.off = frozenset({"701.3"})
    assert _refused(board, Action.parse("p0 activate #1")) == "703.1"


def test_703_1b_only_the_controller_activates_unless_the_text_says_any_player():
    board = board_with((SPARK, 0, Zone.PLAY, "home", 0), (SHARED, 0, Zone.PLAY, "home", 0))
    assert _refused(board, Action.parse("p1 activate #0")) == "703.1b"
    activated.check(board, Action.parse("p1 activate #1"), MAIN)
    assert kinds(board, "703.1b") == [REFUSAL, ALLOWED]
    board.off = frozenset({"703.1b"})
    activated.check(board, Action.parse("p1 activate #0"), MAIN)


def test_512_3_a_phase_ability_only_in_its_phase_of_its_controller_s_turn():
    board = board_with((TINKER, 0, Zone.PLAY, "home", 0))
    board.players[0].tokens = 1
    board.turn.phase = "score"
    assert _refused(board, Action.parse("p0 activate #0"), Window("start of the Score Phase")) == "512.3"
    board.off = frozenset({"512.3"})
    assert _refused(board, Action.parse("p0 activate #0"), Window("start of the Score Phase")) == "512.1"


def test_512_3a_and_512_4_phase_abilities_not_in_faceoffs_faceoff_abilities_only_there():
    from rulebase.engine.ccg import faceoffs

    board = board_with((TINKER, 0, Zone.PLAY, "problem", 0), (GUARD, 0, Zone.PLAY, "problem", 0))
    board.players[0].tokens = 1
    board.turn.phase = "main"
    assert _refused(board, Action.parse("p0 activate #1")) == "512.4"
    current = faceoffs.Faceoff(board, faceoffs.PROBLEM, (board.players[0].problem_area,), 0)
    during = Window("Problem faceoff", faceoff=current)
    assert _refused(board, Action.parse("p0 activate #0"), during) == "512.3a"
    activated.check(board, Action.parse("p0 activate #1"), during)
    assert kinds(board, "512.4")[-1] == ALLOWED


def test_512_5_an_immediate_ability_any_time_its_player_has_priority():
    board = board_with((SPARK, 0, Zone.PLAY, "home", 0))
    activated.check(board, Action.parse("p0 activate #0"), Window("start of the Draw Step"))
    assert kinds(board, "512.5") == [ALLOWED]
    board.off = frozenset({"512.5"})
    assert _refused(board, Action.parse("p0 activate #0"), Window("start of the Draw Step")) == "512.1"


def test_508_1d_a_cost_that_can_t_be_paid_in_full_and_104_2a_an_occurrence_that_can_t_happen():
    board = board_with((TINKER, 0, Zone.PLAY, "home", 0), (GUARD, 0, Zone.PLAY, "problem", 0))
    board.turn.phase = "main"
    assert _refused(board, Action.parse("p0 activate #0")) == "508.1d"
    board.turn.player = 0
    board.off = frozenset({"508.1d"})
    activated.check(board, Action.parse("p0 activate #0"), MAIN)
    from rulebase.engine.ccg import faceoffs

    board.cards[1].exhausted = True
    current = faceoffs.Faceoff(board, faceoffs.PROBLEM, (board.players[0].problem_area,), 0)
    assert _refused(board, Action.parse("p0 activate #1"), Window("faceoff", faceoff=current)) == "503.2a"


def test_104_1_once_per_turn_card_text_limits_activation():
    board = board_with((SPARK, 0, Zone.PLAY, "home", 0))
    state = CCGState.from_board(board, "main", checkpoints=True)
    state.apply_action(Action("continue", 0))
    state.apply_action(Action.parse("p0 activate #0"))
    assert board.players[0].tokens == 1
    assert Action.parse("p0 activate #0") not in state.legal_actions()
    assert _refused(board, Action.parse("p0 activate #0")) == "104.1"
    board.off = frozenset({"104.1"})
    activated.check(board, Action.parse("p0 activate #0"), MAIN)


def test_a_reaction_answers_its_condition_once_since_the_last_window_closed():
    board = board_with((QUICK, 0, Zone.HAND, None, 0), (COMET, 1, Zone.PLAY, "home", 1))
    quick, comet = board.cards
    from rulebase.engine.ccg import play

    assert not play.reaction.allows(board, quick)
    emit(board, "enters-play", card=comet, player=1, area=comet.area)
    assert play.reaction.verdict(board, quick) is not None and play.reaction.allows(board, quick)
    text = activated.event_ability(quick)
    met = activated.reaction_met(board, quick, text, 0)
    activated.answers(board, quick, 0, met)
    assert activated.reaction_met(board, quick, text, 0) is None and kinds(board, "512.4c") == [STEP]
    emit(board, "enters-play", card=comet, player=1, area=comet.area)
    from rulebase.engine.ccg.abilities import events

    events.window_closed(board)
    assert activated.reaction_met(board, quick, text, 0) is None


def test_512_4c_switched_off_a_reaction_may_answer_the_same_instance_again():
    board = board_with((QUICK, 0, Zone.HAND, None, 0), (COMET, 1, Zone.PLAY, "home", 1))
    quick, comet = board.cards
    board.off = frozenset({"512.4c"})
    emit(board, "enters-play", card=comet, player=1, area=comet.area)
    text = activated.event_ability(quick)
    activated.answers(board, quick, 0, activated.reaction_met(board, quick, text, 0))
    assert activated.reaction_met(board, quick, text, 0) is not None


def test_playing_a_reaction_event_resolves_its_text():
    board = board_with((QUICK, 0, Zone.HAND, None, 0), (COMET, 1, Zone.HAND, None, 1))
    quick, comet = board.cards
    board.turn.player = 1
    board.players[1].tokens = 2
    state = CCGState.from_board(board, "main", checkpoints=True)
    state.apply_action(Action("continue", 1))
    state.apply_action(Action("play", 1, comet.id, area=board.players[1].home))
    while state.current_player() == 1 and Action("pass", 1) in state.legal_actions():
        state.apply_action(Action("pass", 1))
    assert Action("play", 0, quick.id) in state.legal_actions()
    state.apply_action(Action("play", 0, quick.id))
    assert board.players[0].tokens == 1 and quick.zone == Zone.DISCARD and kinds(board, "512.4c") == [STEP]


def test_what_the_engine_can_t_activate_is_named():
    assert activated.executable(Ability("activated", timing="Main Phase", cost=PAY_ONE)) is None
    assert activated.executable(Ability("activated", timing="Whenever")) == "the timing phrase 'Whenever'"
    assert activated.executable(Ability("activated", timing="Main Phase", cost=(Effect("draw"),))) == \
        "the cost 'draw'"
    assert activated.executable(Ability("activated", timing="Main Phase", cost=(Effect("discard"),))) == \
        "a cost to discard with no card to discard"
    assert activated.executable(Ability("activated", timing="Reaction")) == "a Reaction without its condition"


CREME = Printed.build("Creme", "Event", cost=0, timing="Reaction", abilities=(
    Ability("event", "Problem Faceoff Reaction: Play when you win a Problem faceoff. Score an additional point.",
            timing="Problem Faceoff Reaction", trigger=Trigger("faceoff-won", values=(("by", "you"),)),
            effect=Effect("score", amount=Amount(1))),))


def test_a_reaction_naming_a_kind_of_faceoff_answers_only_during_one():
    from rulebase.engine.ccg import faceoffs, play

    board = board_with((CREME, 0, Zone.HAND, None, 0))
    creme = board.cards[0]
    for kind, allowed in ((faceoffs.TROUBLEMAKER, False), (faceoffs.PROBLEM, True)):
        current = faceoffs.Faceoff(board, kind, (board.players[0].problem_area,), 0)
        board.faceoff = current
        emit(board, "faceoff-won", player=0, faceoff=current)
        assert play.reaction.allows(board, creme) is allowed
    board.faceoff = None
    assert not play.reaction.allows(board, creme)
    assert activated.executable(CREME.abilities[0]) is None


CHEER = Printed.build("Cheer", "Friend", colors=["blue"], power=1, cost=1, abilities=(
    Ability("activated", "Problem Faceoff: gain 1.", timing="Problem Faceoff", effect=Effect("gain", amount=Amount(1))),
    Ability("activated", "Reaction: When an opponent's Friend enters play, gain 1.", timing="Reaction",
            trigger=Trigger("enters-play", Selector("Friend", controller="opponent")),
            effect=Effect("gain", amount=Amount(1)))))


def test_512_4a_an_ability_naming_a_kind_of_faceoff_only_during_that_kind():
    from rulebase.engine.ccg import faceoffs

    board = board_with((CHEER, 0, Zone.PLAY, "problem", 1))
    current = faceoffs.Faceoff(board, faceoffs.TROUBLEMAKER, (board.players[1].problem_area,), 0)
    during = Window("Troublemaker faceoff", faceoff=current)
    assert _refused(board, Action.parse("p0 activate #0 1"), during) == "512.4a"
    board.off = frozenset({"512.4a"})
    activated.check(board, Action.parse("p0 activate #0 1"), during)


def test_512_4b_a_reaction_ability_only_when_its_condition_was_met():
    board = board_with((CHEER, 0, Zone.PLAY, "home", 0), (COMET, 1, Zone.PLAY, "home", 1))
    comet = board.cards[1]
    assert _refused(board, Action.parse("p0 activate #0 2"), Window("Main Phase")) == "512.4b"
    emit(board, "enters-play", card=comet, player=1, area=comet.area)
    activated.check(board, Action.parse("p0 activate #0 2"), Window("Main Phase"))
    assert kinds(board, "512.4b") == [REFUSAL, ALLOWED]
    board.off = frozenset({"512.4b"})
    board.events.clear()
    activated.check(board, Action.parse("p0 activate #0 2"), Window("Main Phase"))


def test_703_1_switched_off_an_ability_the_card_lacks_is_an_engine_error():
    from rulebase.engine.errors import EngineError

    board = board_with((CHEER, 0, Zone.PLAY, "home", 0))
    board.off = frozenset({"703.1"})
    with pytest.raises(EngineError, match="703.1"):
        activated.check(board, Action.parse("p0 activate #0 3"), MAIN)


def test_a_cost_to_dismiss_another_card_is_paid_with_a_card_the_player_chooses():
    from rulebase.engine.ccg.abilities.reading import read

    answers = Printed.build("Answers", "Problem", owner_needs="2 blue", opponents_need=2, bonus=1, abilities=read(
        "Main Phase: Dismiss one of your Friends here to gain [1]. Any player may activate this ability."))
    assert activated.executable(answers.abilities[0]) is None
    board = board_with((answers, 0, Zone.PLAY, "problem", 0), (COMET, 1, Zone.PLAY, "problem", 0),
                       (COMET, 1, Zone.PLAY, "problem", 0), (COMET, 1, Zone.PLAY, "home", 1))
    problem, first, second, away = board.cards
    board.turn.phase = "main"
    assert _refused(board, Action.parse("p0 activate #0")) == "508.1d"
    board.turn.player = 1
    state = CCGState.from_board(board, "main", checkpoints=True)
    state.apply_action(Action("continue", 1))
    assert Action.parse("p1 activate #0 1") in state.legal_actions()
    tokens = board.players[1].tokens
    state.apply_action(Action.parse("p1 activate #0 1"))
    choices = state.legal_actions()
    assert sorted(a.card for a in choices) == [first.id, second.id]
    state.apply_action(Action("choose", 1, card=second.id))
    assert second.zone == Zone.DISCARD and first.zone == Zone.PLAY and away.zone == Zone.PLAY
    assert board.players[1].tokens == tokens + 1
    board.turn.player = 0
    board.off = frozenset({"508.1d"})
    activated.check(board, Action.parse("p0 activate #0"), MAIN)


def _activate(board, player, card, choices=()):
    """Activate ``card``'s ability in ``player``'s Main Phase, answering the
    choices of its costs; the legal actions asked at each choice."""
    board.turn.phase = "main"
    board.turn.player = player
    state = CCGState.from_board(board, "main", checkpoints=True)
    state.apply_action(Action("continue", player))
    number = activated.find(card, None)[0]
    action = Action("activate", player, card.id, amount=number)
    assert action in state.legal_actions()
    state.apply_action(action)
    asked = []
    for choice in choices:
        asked.append(state.legal_actions())
        state.apply_action(choice)
    return state, asked


def test_a_cost_to_retire_another_friend_is_paid_by_the_verb_table_lightning_dust():
    dust = real("lightning-dust-ruthless-racer")
    board = board_with((dust, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0),
                       (COMET, 0, Zone.PLAY, "home", 0), (COMET, 1, Zone.PLAY, "home", 1))
    racer, mine, kept, theirs = board.cards
    state, asked = _activate(board, 0, racer, [Action("choose", 0, card=mine.id)])
    assert sorted(a.card for a in asked[0]) == [mine.id, kept.id], "410.2: only cards its player controls"
    assert mine.zone == Zone.DISCARD and kept.zone == Zone.PLAY and theirs.zone == Zone.PLAY
    assert STEP in kinds(board, "410.2") and STEP in kinds(board, "705.2d")
    board = board_with((dust, 0, Zone.PLAY, "home", 0), (COMET, 1, Zone.PLAY, "home", 1))
    board.turn.phase = "main"
    assert _refused(board, Action("activate", 0, board.cards[0].id)) == "508.1c", "410.2: Bob's Comet can't be retired"
    board.off = frozenset({"508.1c"})
    activated.check(board, Action("activate", 0, board.cards[0].id), MAIN)
    board = board_with((dust, 0, Zone.PLAY, "home", 0))
    board.turn.phase = "main"
    assert _refused(board, Action("activate", 0, board.cards[0].id)) == "508.1d", "no other Friend at all"


def test_a_cost_of_several_cards_needs_them_all_rockhoof():
    rockhoof = real("rockhoof-collateral-damage")
    board = board_with((rockhoof, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.HAND, None, 0))
    ability = activated.find(board.cards[0], None)[1]
    discard = next(cost for cost in ability.cost if cost.verb == "discard")
    assert activated._how_many(discard) == 2
    assert len(activated.payable_with(board, 0, board.cards[0], discard)) == 1
    with pytest.raises(IllegalAction) as refusal:
        activated.has_a_card_to_pay_with(board, 0, board.cards[0], discard)
    assert refusal.value.rule == "508.1d" and "2 cards" in refusal.value.reason


def test_a_cost_to_discard_an_event_is_paid_from_the_hand_princess_luna():
    luna = real("princess-luna-princess-of-the-night")
    event = real("catch-me")
    board = board_with((luna, 0, Zone.PLAY, "home", 0), (event, 0, Zone.HAND, None, 0),
                       (COMET, 0, Zone.HAND, None, 0), (event, 1, Zone.HAND, None, 1))
    mane, mine, friend, theirs = board.cards
    mane.turned_over = True
    number, ability = activated.find(mane, None)
    discard = ability.cost[0]
    assert activated.payable_with(board, 0, mane, discard) == [mine], "410.3: only an Event of one's own hand"
    pay = activated.pay_cost(board, 0, mane, ability, {0: [mine]})
    assert mine.zone == Zone.DISCARD and pay is not None and STEP in kinds(board, "410.3")


def test_a_cost_to_remove_counters_from_this_card_applejack_ambassador_519_3():
    applejack = real("applejack-ambassador-of-honesty")
    board = board_with((applejack, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0))
    mane, friend = board.cards
    mane.turned_over = True
    board.turn.phase = "main"
    assert _refused(board, Action("activate", 0, mane.id, amount=activated.find(mane, None)[0])) == "508.1c"
    mane.counters = 1
    _activate(board, 0, mane)
    assert mane.counters == 0 and friend.counters == 1
    assert STEP in kinds(board, "519.3") and STEP in kinds(board, "519.4")


def test_a_cost_that_chooses_a_card_the_later_costs_name_lead_pony_badge():
    badge = real("lead-pony-badge")
    board = board_with((badge, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0),
                       (COMET, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0))
    resource, ready, other, tired = board.cards
    tired.exhausted = True
    state, asked = _activate(board, 0, resource, [Action("choose", 0, card=ready.id),
                                                  Action("choose", 0, card=tired.id)])
    assert sorted(a.card for a in asked[0]) == [ready.id, other.id], \
        "neither the badge (it exhausts itself) nor an exhausted card can pay (503.2a)"
    assert resource.exhausted and ready.exhausted and not tired.exhausted and not other.exhausted
    assert STEP in kinds(board, "503.3")


def test_the_card_a_cost_named_is_it_of_the_instructions_apple_bloom_bloomception():
    from rulebase.engine.ccg import power

    bloom = real("apple-bloom-bloomception")
    board = board_with((bloom, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0))
    apple, comet = board.cards
    before = power.counted(power.power(board, apple))
    board.players[0].tokens = 1
    _activate(board, 0, apple)
    assert comet.exhausted and board.players[0].tokens == 0
    assert power.counted(power.power(board, apple)) == before + 2, "Comet's power, 2, added until the end of the turn"
    assert STEP in kinds(board, "507.1")


def test_703_1d_the_cost_is_the_text_before_to_and_switched_off_no_text_defines_one():
    for off, tokens in (((), 0), (("703.1d",), 1)):
        board = board_with((TINKER, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.DRAW_DECK, None, 0))
        board.players[0].tokens = 1
        board.off = frozenset(off)
        state = CCGState.from_board(board, "main", checkpoints=True)
        state.apply_action(Action("continue", 0))
        state.apply_action(Action.parse("p0 activate #0"))
        assert board.players[0].tokens == tokens and len(board.players[0].hand) == 1
        assert kinds(board, "703.1d") == ([] if off else [STEP])


def _bob_passes(state):
    if state.pending.player == 1:
        state.apply_action(Action("pass", 1))


def test_703_1c_an_ability_activated_again_while_its_cost_can_be_paid_and_refused_once_it_can_t():
    board = board_with((TINKER, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.DRAW_DECK, None, 0),
                       (COMET, 0, Zone.DRAW_DECK, None, 0))
    board.players[0].tokens = 2
    state = CCGState.from_board(board, "main", checkpoints=True)
    state.apply_action(Action("continue", 0))
    action = Action.parse("p0 activate #0 1")
    assert kinds(board, "703.1c") == []
    state.apply_action(action)
    _bob_passes(state)
    assert action in state.legal_actions()
    activated.check(board, action, MAIN)
    assert kinds(board, "703.1c") == [ALLOWED]
    state.apply_action(action)
    _bob_passes(state)
    assert action not in state.legal_actions() and _refused(board, action) == "703.1c"
    board.off = frozenset({"703.1c"})
    assert _refused(board, action) == "508.1d"


def test_a_cost_spending_a_card_from_beneath_names_the_card_it_lay_beneath_joe_s_doughnut_shop():
    from rulebase.engine.ccg import power
    from rulebase.engine.ccg.abilities import verbs

    shop = real("joes-doughnut-shop")
    trotter = real("globe-trotter-sight-seer")
    board = board_with((shop, 0, Zone.PLAY, "home", 0), (trotter, 0, Zone.PLAY, "home", 0),
                       (COMET, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.BANISHED, None, 0))
    resource, friend, other, lying = board.cards
    ability = activated.find(resource, None)[1]
    assert activated.executable(ability) is None
    board.turn.phase = "main"
    assert _refused(board, Action("activate", 0, resource.id)) == "508.1d", "no card beneath a Friend with Pumped"
    verbs.banished_beneath(board, lying, friend)
    assert activated.spent_from(board, ability, {0: [lying]}) == {"Friend": [friend]}
    _activate(board, 0, resource)
    assert lying.zone == Zone.DISCARD and STEP in kinds(board, "glossary/spend")
    assert power.counted(power.power(board, friend)) == 5 and power.counted(power.power(board, other)) == 2


def test_509_4_an_attachment_s_cost_naming_that_friend_is_paid_with_its_host_funny_glasses():
    from rulebase.engine.ccg.abilities import reading

    glasses = real("funny-glasses")
    ability = next(a for a in glasses.abilities if a.kind == "activated")
    assert activated.names_host(ability.cost[0]) and activated.executable(ability) is None
    assert not activated.names_host(Effect("exhaust", Selector("that", ref="player")))
    board = board_with((glasses, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0),
                       (COMET, 0, Zone.PLAY, "home", 0))
    worn, host, other = board.cards
    worn.host = host
    _activate(board, 0, worn)
    assert host.exhausted and not other.exhausted and not worn.exhausted
    loose = Printed.build("Loose", "Resource", cost=1, abilities=reading.read(
        "Main Phase: Exhaust that Friend to gain [1].", card_type="Resource"))
    board = board_with((loose, 0, Zone.PLAY, "home", 0), (COMET, 0, Zone.PLAY, "home", 0))
    board.turn.phase = "main"
    assert _refused(board, Action("activate", 0, 0)) == "508.1d", "no host: no card to pay the cost with"


def test_104_1_an_ability_whose_cost_takes_its_card_from_the_hand_is_activated_from_the_hand():
    trainee = real("cloudchaser-wonderbolt-trainee")
    ability = next(a for a in trainee.abilities if a.kind == "activated")
    assert activated.from_zone(ability) == "hand" and activated.from_zone(TINKER.abilities[0]) is None
    board = board_with((trainee, 0, Zone.HAND, None, 0), (trainee, 1, Zone.HAND, None, 1))
    mine, theirs = board.cards
    board.turn.phase = "main"
    listed = activated.options(board, 0, MAIN)
    assert [action.card for action in listed] == [mine.id], "only its owner, from their own hand"
    assert _refused(board, Action("activate", 0, theirs.id)) == "701.3", "not her hand: no text lets her"
    board.off = frozenset({"104.1"})
    assert _refused(board, Action("activate", 0, mine.id)) == "701.3"
    assert activated.options(board, 0, MAIN) == []


def test_104_1_an_ability_whose_text_says_during_a_faceoff_is_activated_only_then_rainbow_dash():
    dash = real("rainbow-dash-best-of-the-best")
    board = board_with((dash, 0, Zone.PLAY, "home", 0))
    board.players[0].tokens = 1
    board.turn.phase = "main"
    number = activated.find(board.cards[0], None)[0]
    assert _refused(board, Action("activate", 0, 0, amount=number)) == "104.1"
    board.off = frozenset({"104.1"})
    activated.check(board, Action("activate", 0, 0, amount=number), MAIN)


def test_it_of_a_cost_after_a_cost_naming_this_card_is_this_card_cheese_sandwich():
    cheese = real("cheese-sandwich-wandering-partier")
    board = board_with((cheese, 0, Zone.PLAY, "home", 0), (COMET, 1, Zone.PLAY, "home", 1))
    sandwich, comet = board.cards
    number, ability = activated.find(sandwich, None)
    assert [cost.target.noun for cost in ability.cost] == ["self", "self"] and activated.executable(ability) is None
    comet.exhausted = True
    _activate(board, 0, sandwich)
    assert sandwich.zone == Zone.HAND and comet.zone == Zone.DISCARD and STEP in kinds(board, "410.4a")


ROVER = Printed.build("Rover", "Friend", colors=["blue"], power=1, cost=1, abilities=(
    Ability("activated", "Any Phase: Pay 1 to draw a card.", timing="Any Phase", cost=PAY_ONE,
            effect=Effect("draw", amount=Amount(1))),))


def test_512_3_an_any_phase_ability_in_every_phase_of_its_controller_s_turn_not_in_a_faceoff():
    from rulebase.engine.ccg import faceoffs

    assert activated.executable(ROVER.abilities[0]) is None
    board = board_with((ROVER, 0, Zone.PLAY, "problem", 0))
    board.players[0].tokens = 1
    for phase, window in (("score", Window("start of the Score Phase")), ("main", MAIN),
                          ("troublemaker", Window("start of the Troublemaker Phase"))):
        board.turn.phase = phase
        activated.check(board, Action.parse("p0 activate #0"), window)
    assert kinds(board, "512.3") == [ALLOWED] * 3
    board.turn.player = 1
    assert _refused(board, Action.parse("p0 activate #0"), Window("start of the Score Phase")) == "512.3"
    board.turn.player = 0
    current = faceoffs.Faceoff(board, faceoffs.PROBLEM, (board.players[0].problem_area,), 0)
    assert _refused(board, Action.parse("p0 activate #0"), Window("Problem faceoff", faceoff=current)) == "512.3a"


TWIRLER = Printed.build("Twirler", "Friend", colors=["white"], power=1, cost=1, abilities=(
    Ability("activated", "Harmony Unicorn: Main Phase: Pay 1 to draw a card.", timing="Harmony Unicorn: Main Phase",
            cost=PAY_ONE, effect=Effect("draw", amount=Amount(1))),))


def test_a_tag_word_before_a_timing_phrase_has_no_game_text():
    assert activated.tag_of("Harmony Earth Pony: Main Phase") == "Harmony Earth Pony"
    assert activated.untagged("Chaos: Immediate") == "Immediate" and activated.untagged("Harmony Changeling") is None
    assert activated.tag_of("Main Phase") is None and activated.untagged("Main Phase") == "Main Phase"
    assert activated.executable(Ability("activated", timing="Harmony Unicorn: Main Phase", cost=PAY_ONE)) is None
    assert activated.executable(Ability("activated", timing="Harmony Unicorn: Whenever")) == \
        "the timing phrase 'Whenever'"
    assert activated.executable(Ability("activated", timing="Harmony Unicorn")) == \
        "the tag word 'Harmony Unicorn' with no timing phrase"
    assert activated.executable(Ability("event", timing="Harmony Earth Pony", effect=Effect("draw"))) is None


def test_701_5_a_tagged_ability_is_activated_by_the_timing_phrase_after_the_tag():
    board = board_with((TWIRLER, 0, Zone.PLAY, "home", 0))
    board.players[0].tokens = 1
    board.turn.phase = "main"
    activated.check(board, Action.parse("p0 activate #0"), MAIN)
    assert kinds(board, "701.5") == [STEP] and kinds(board, "609.2f")[-1] == ALLOWED
    board.turn.phase = "score"
    assert _refused(board, Action.parse("p0 activate #0"), Window("start of the Score Phase")) == "512.3"
    board.turn.phase = "main"
    board.off = frozenset({"701.5"})
    assert _refused(board, Action.parse("p0 activate #0")) == "512.1"


STAMP = Printed.build("Stamp", "Event", cost=0, timing="Main Phase", abilities=(
    Ability("event", "Main Phase: Gain 1.", timing="Main Phase", effect=Effect("gain", amount=Amount(1))),
    Ability("event", "Harmony Earth Pony: Gain 2.", timing="Harmony Earth Pony",
            effect=Effect("gain", amount=Amount(2)))))


@pytest.mark.parametrize("off, gained", [(frozenset(), 3), (frozenset({"701.5"}), 1)])
def test_304_2_an_event_s_paragraph_after_a_tag_word_is_processed_in_order(off, gained):
    board = board_with((STAMP, 0, Zone.HAND, None, 0))
    board.off = off
    state = CCGState.from_board(board, "main", checkpoints=True)
    state.apply_action(Action("continue", 0))
    state.apply_action(Action.parse("p0 play #0"))
    assert board.players[0].tokens == gained


def test_702_1_card_text_changes_the_tokens_paid_to_turn_its_card_over():
    from rulebase.engine.ccg.abilities import reading

    shy = Printed.build("Shy", "Mane Character", colors=["yellow"], power=1, home_limit=3, abilities=reading.read(
        "Main Phase: Pay [3] to turn this card over.\nYou pay 1 less action token to turn this card over for each "
        "Critter Friend you control.", card_type="Mane Character"))
    critter = Printed.build("Nibbles", "Friend", colors=["yellow"], power=1, cost=1, traits=["Critter"])
    board = board_with((shy, 0, Zone.PLAY, "home", 0), (critter, 0, Zone.PLAY, "home", 0),
                       (critter, 0, Zone.PLAY, "home", 0), (critter, 0, Zone.PLAY, "home", 0),
                       (critter, 0, Zone.PLAY, "home", 0))
    card = board.cards[0]
    _, ability = activated.find(card, None)
    assert activated.tokens_owed(board, 0, card, ability) == 0 and kinds(board, "702.1") == [STEP]
    board.cards[1].controller = 1
    board.cards[2].controller = 1
    assert activated.tokens_owed(board, 0, card, ability) == 1
    board.off = frozenset({"702.1"})
    assert activated.tokens_owed(board, 0, card, ability) == 3
    changes = card.info.abilities[1].modifier
    assert changes.kind == "cost" and activated.changed_cost_missing(changes) is None
