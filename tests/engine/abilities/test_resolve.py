"""Resolving an effect: targets chosen by the players among those the
instruction can be done to (705.2e), "you may", "if", "If you do",
"Choose one:", durations, and what can't be done skipped (707.2); and
:func:`executable`, which names the first part the engine can't carry out."""

from rulebase.engine.ccg.abilities import verbs
from rulebase.engine.ccg.abilities.model import Amount, Condition, Effect, Selector, values
from rulebase.engine.ccg.abilities.resolve import Context, executable
from rulebase.engine.ccg.actions import Action
from rulebase.engine.ccg.board import Zone
from rulebase.engine.errors import IllegalAction
from rulebase.engine.trace import CHECK

from ..helpers import COMET, KITE, PEST, RUNNER, board_with, kinds
from .driving import drive

OPPOSING_FRIEND = Selector("Friend", controller="opponent")


def table():
    """Alice's Comet at home; Bob's Breeze Runner (power 1) and Comet
    (power 2) at Bob's Problem."""
    return board_with((COMET, 0, Zone.PLAY, "home", 0), (RUNNER, 1, Zone.PLAY, "problem", 1),
                      (KITE, 1, Zone.PLAY, "problem", 1), (COMET, 1, Zone.PLAY, "problem", 1))


def test_a_target_is_chosen_among_those_the_instruction_can_be_done_to():
    board = table()
    runner, bobs_comet = board.cards[1], board.cards[3]
    runner.exhausted = True
    asked = drive(board, Effect("exhaust", target=OPPOSING_FRIEND), Context(card=board.cards[0], controller=0))
    assert asked == [], "only one opposing Friend can be exhausted: no choice is asked"
    assert bobs_comet.exhausted


def test_a_choice_that_is_not_offered_is_refused_by_705_2e():
    board = table()
    asked = drive(board, Effect("exhaust", target=OPPOSING_FRIEND), Context(card=board.cards[0], controller=0),
                  answers=[Action("choose", 0, card=3)])
    assert board.cards[3].exhausted and not board.cards[1].exhausted
    request = asked[0]
    assert [str(action) for action in request.legal()] == ["p0 choose #1", "p0 choose #3"]
    try:
        request.check(Action("choose", 0, card=0))
    except IllegalAction as refusal:
        assert refusal.rule == "705.2e"
    else:
        raise AssertionError("choosing one's own Friend was allowed")
    board.off = frozenset({"705.2e"})
    request.check(Action("choose", 0, card=0))


def test_each_names_every_card_it_can():
    board = table()
    every = Selector("Friend", controller="opponent", every=True, count=Amount(None))
    drive(board, Effect("power", target=every, amount=Amount(-1), duration="turn"), Context(controller=0))
    assert board.cards[1].modifiers == [-1] and board.cards[3].modifiers == [-1] and board.cards[0].modifiers == []


def test_then_the_chosen_card_is_it_and_a_condition_is_judged_when_reached():
    board = table()
    effect = Effect("choose", target=OPPOSING_FRIEND, then=Effect(
        "power", target=Selector("that", ref="Friend"), amount=Amount(-1), duration="turn",
        then=Effect("dismiss", target=Selector("it"),
                    condition=Condition("power", subject=Selector("it"), values=values(compare="<=0")))))
    drive(board, effect, Context(controller=0), answers=[Action("choose", 0, card=3)])
    assert board.cards[3].zone == Zone.PLAY and board.cards[3].modifiers == [-1], "Comet keeps 1 power"
    board = table()
    drive(board, effect, Context(controller=0), answers=[Action("choose", 0, card=1)])
    assert board.cards[1].zone == Zone.DISCARD


def test_you_may_is_asked_and_if_you_do_follows_the_answer():
    for answer, paid in ((Action("accept", 0), True), (Action("decline", 0), False)):
        board = table()
        board.players[0].tokens = 2
        effect = Effect("pay", amount=Amount(1), optional=True,
                        then=Effect("draw", amount=Amount(1), condition=Condition("did")))
        board.players[0].zones[Zone.DRAW_DECK].append(board.new_card(COMET, 0))
        board.cards[-1].zone = Zone.DRAW_DECK
        drive(board, effect, Context(controller=0), answers=[answer])
        assert board.players[0].tokens == (1 if paid else 2)
        assert len(board.players[0].hand) == (1 if paid else 0)


def test_a_part_that_cant_be_done_is_skipped_and_the_rest_processed_unless_707_2_is_off():
    effect = Effect("exhaust", target=Selector("Troublemaker"), then=Effect("gain", amount=Amount(2)))
    board = table()
    drive(board, effect, Context(controller=0))
    assert board.players[0].tokens == 2 and kinds(board, "707.2") == [CHECK]
    board = table()
    board.off = frozenset({"707.2"})
    drive(board, effect, Context(controller=0))
    assert board.players[0].tokens == 0, "without 707.2, the text stops at the part that can't be done"


def test_choose_one_and_who_carries_it_out():
    board = table()
    effect = Effect("choose", choices=(Effect("gain", amount=Amount(1)), Effect("gain", amount=Amount(3))))
    drive(board, effect, Context(controller=0), answers=[Action("choose-option", 0, amount=1)])
    assert board.players[0].tokens == 3
    board = table()
    drive(board, Effect("gain", amount=Amount(2), who=Selector("opponent")), Context(controller=0))
    assert (board.players[0].tokens, board.players[1].tokens) == (0, 2)


def test_each_player_reads_an_opponents_card_from_their_own_perspective():
    board = table()
    effect = Effect("exhaust", target=Selector("Friend", controller="opponent"),
                    who=Selector("player", every=True, count=Amount(None)))
    drive(board, effect, Context(controller=0), answers=[Action("choose", 0, card=1)])
    assert board.cards[1].exhausted and board.cards[0].exhausted and not board.cards[3].exhausted


def test_a_random_card_is_a_chance_action():
    board = table()
    hand = [board.new_card(COMET, 1), board.new_card(RUNNER, 1)]
    for card in hand:
        board.put(card, Zone.HAND)
    effect = Effect("discard", target=Selector("card", filters=(("random", True),)), who=Selector("opponent"))
    asked = drive(board, effect, Context(controller=0), answers=[Action("random-card", -1, card=hand[1].id)])
    assert asked[0].is_chance and hand[1].zone == Zone.DISCARD and hand[0].zone == Zone.HAND


def test_a_power_modifier_until_the_end_of_the_phase_ends_then():
    board = table()
    drive(board, Effect("power", target=Selector("self"), amount=Amount(2), duration="phase"),
          Context(card=board.cards[0], controller=0))
    assert board.cards[0].modifiers == [2] and kinds(board, "708.2")
    verbs.end_durations(board, "faceoff")
    assert board.cards[0].modifiers == [2]
    verbs.end_durations(board, "phase")
    assert board.cards[0].modifiers == []


def test_executable_names_the_first_part_it_cant_carry_out():
    assert executable(Effect("dismiss", target=Selector("Friend", filters=(("power", "<=1"),)))) is None
    assert executable(Effect("copy", target=Selector("Event"))) == "the verb 'copy'"
    assert executable(Effect("draw", amount=Amount(None, variable="X"))) == "the amount 'X'"
    assert executable(Effect("power", target=Selector("self"), amount=Amount(1), duration="next-game")) \
        == "the duration 'next-game'"
    assert executable(Effect("gain", amount=Amount(1), duration="phase")) == "the duration 'phase' of 'gain'"
    assert executable(Effect("dismiss", target=Selector("token"))) == "the selector noun 'token'"
    assert executable(Effect("gain", amount=Amount(1), then=Effect("draw", condition=Condition("guess")))) \
        == "the condition kind 'guess'"
    assert executable(Effect("each-score", amount=Amount(1))) == "the verb 'each-score'", "a scenario's instruction only"
    assert executable(Effect("exhaust", target=Selector("Friend", filters=(("next-played", "turn"),)))) \
        == "the filter 'next-played'"


def test_the_phase_and_the_faceoff_end_their_modifiers():
    from rulebase.engine.ccg import turn

    board = table()
    board.turn.phase = "main"
    comet = board.cards[0]
    drive(board, Effect("power", target=Selector("self"), amount=Amount(2), duration="phase",
                        then=Effect("power", target=Selector("self"), amount=Amount(1), duration="turn")),
          Context(card=comet, controller=0))
    turn._enter(board, "main", "a step")
    assert comet.modifiers == [2, 1], "a step of the same phase ends nothing"
    turn._enter(board, "score")
    assert comet.modifiers == [1], "the end of the phase ends the modifier (708.2), not the turn's"


def test_power_of_a_color_makes_the_card_that_color_until_the_duration_ends_203_2():
    from rulebase.engine.ccg import turn
    from rulebase.engine.ccg.cards import Color

    effect = Effect("power", target=Selector("self"), amount=Amount(1), duration="phase", values=values(color="orange"),
                    then=Effect("power", target=Selector("self"), amount=Amount(2), duration="turn",
                                values=values(color="yellow")))
    board = table()
    board.turn.phase = "main"
    comet = board.cards[0]
    drive(board, effect, Context(card=comet, controller=0))
    assert comet.colors == (Color.BLUE, Color.ORANGE, Color.YELLOW) and comet.modifiers == [1, 2]
    assert kinds(board, "203.2") == ["step", "step"]
    turn._enter(board, "score")
    assert comet.colors == (Color.BLUE, Color.YELLOW) and comet.modifiers == [2]
    comet.modifiers = []  # 616.4 ends the turn's modifiers
    turn._enter(board, "ready")
    assert comet.colors == (Color.BLUE,)
    board = table()
    board.off = frozenset({"203.2"})
    drive(board, effect, Context(card=board.cards[0], controller=0))
    assert board.cards[0].colors == (Color.BLUE,) and board.cards[0].modifiers == []


def test_until_the_start_of_your_next_turn_outlasts_the_end_of_this_one():
    from rulebase.engine.ccg import turn
    from rulebase.engine.ccg.cards import Color

    board = table()
    board.turn.phase = "main"
    comet = board.cards[0]
    drive(board, Effect("power", target=Selector("self"), amount=Amount(1), duration="next-turn",
                        values=values(color="yellow")), Context(card=comet, controller=0))
    for player, modifiers, colors in ((1, [1], (Color.BLUE, Color.YELLOW)), (0, [], (Color.BLUE,))):
        comet.modifiers = []  # 616.4 at the end of each turn
        board.turn.player = player
        turn._enter(board, "ready")
        board.turn.phase = "end"
        assert (comet.modifiers, comet.colors) == (modifiers, colors)
    assert kinds(board, "708.2") == ["step", "step"]


def test_during_a_phase_of_a_player_and_during_a_faceoff_here():
    from rulebase.engine.ccg.abilities import conditions

    board = table()
    context = Context(card=board.cards[1], controller=1)
    board.turn.phase, board.turn.player = "score", 0
    assert conditions.holds(board, context, Condition("during", values=values(phase="score", whose="each")))
    assert not conditions.holds(board, context, Condition("during", values=values(phase="score", whose="your")))
    assert conditions.holds(board, context, Condition("during", values=values(phase="score", whose="opponent")))
    here = Condition("during", values=values(phase="faceoff", where="here"))
    assert not conditions.holds(board, context, here)
    from types import SimpleNamespace

    board.faceoff = SimpleNamespace(kind_group="problem", areas=(board.players[1].problem_area,))
    assert conditions.holds(board, context, here)
    board.faceoff = SimpleNamespace(kind_group="problem", areas=(board.players[0].problem_area,))
    assert not conditions.holds(board, context, here)


def test_choose_one_offers_only_the_choices_that_can_be_done():
    board = table()
    effect = Effect("choose", choices=(Effect("dismiss", target=Selector("Troublemaker")),
                                       Effect("gain", amount=Amount(1))))
    asked = drive(board, effect, Context(controller=0))
    assert [str(action) for action in asked[0].legal()] == ["p0 choose-option 1"], "no Troublemaker to dismiss"
    assert board.players[0].tokens == 1


def test_a_count_about_the_card_an_instruction_chooses_is_carried_out():
    """Training Montage: "One of your Friends gets +1 power for each of your
    other Friends at its Problem": "its" and "other" are the Friend chosen,
    which the engine's counts read as that card; the same count given to
    the card itself is carried out too."""
    from dataclasses import replace as replaced

    from rulebase.cards import database
    from rulebase.engine.ccg.abilities.model import THIS_CARD
    from rulebase.engine.ccg.octgn import read_text

    card = next(card for card in database.load().cards if card.id == "training-montage")
    effect = read_text(card).front[0].effect
    assert effect.amount.per.where == "its-problem" and effect.amount.per.filter("other")
    assert executable(effect) is None
    assert executable(replaced(effect, target=THIS_CARD)) is None


def test_a_delayed_instruction_is_executable_when_what_it_names_was_named_before():
    from rulebase.engine.ccg.abilities.model import Amount, Effect, Selector, values
    from rulebase.engine.ccg.abilities.resolve import executable

    later = Effect("banish", target=Selector("that", ref="them"))
    tokens = Effect("token", amount=Amount(2), values=values(token=(("type", "Friend"), ("power", 1))),
                    then=Effect("delayed", values=values(at="end-of-turn", do=later)))
    assert executable(tokens) is None, "the tokens put into play are named"
    drawn = Effect("draw", amount=Amount(1), then=Effect("delayed", values=values(at="end-of-turn", do=later)))
    assert "no earlier instruction names" in executable(drawn)
    banished = Effect("exhaust", target=Selector("Friend"), then=Effect("delayed", values=values(at="end-of-turn", do=later)))
    assert executable(banished) is None
    assert executable(Effect("delayed", values=values(at="end-of-turn", do=Effect("retire", target=Selector("self"))))) is None
    assert executable(Effect("delayed", values=values(at="noon", do=Effect("retire", target=Selector("self"))))) is not None
    assert executable(Effect("delayed", values=values(at="end-of-turn", do=Effect("copy")))) == "the verb 'copy'"


def test_this_cards_problem_after_this_card_left_play_is_not_executable():
    from rulebase.engine.ccg.abilities.model import Amount, Effect, Selector, values
    from rulebase.engine.ccg.abilities.resolve import executable

    need = Effect("confront-need", target=Selector("Problem", where="here"), amount=Amount(3), duration="turn",
                  values=values(players=Selector("player")))
    assert executable(need) is None
    assert "left play" in executable(Effect("retire", target=Selector("self"), then=need))
    assert executable(Effect("exhaust", target=Selector("self"), then=need)) is None
    assert "players" in executable(Effect("confront-need", target=Selector("Problem"), amount=Amount(3),
                                          duration="turn", values=values(players=Selector("Friend"))))


def test_removing_all_counters_of_a_name_is_executable_and_so_is_removing_them_after_putting_one():
    from rulebase.engine.ccg.abilities.model import Amount, Condition, Effect, Selector, values
    from rulebase.engine.ccg.abilities.resolve import executable

    assert executable(Effect("remove-counters", target=Selector("self"), amount=Amount(None),
                             values=values(kind="Tip"))) is None
    assert executable(Effect("remove-counters", target=Selector("self"), amount=Amount(None))) is not None
    hero = Selector("counter", filters=(("kind", "Hero"), ("on", Selector("self"))))
    spike = Effect("counters", target=Selector("self"), amount=Amount(1), values=values(kind="Hero"),
                   then=Effect("remove-counters", target=Selector("that", ref="them"), amount=Amount(None),
                               condition=Condition("count", subject=hero, values=values(compare=">=5"))))
    assert executable(spike) is None
    assert "left play" in executable(Effect("gain", amount=Amount(1, per=hero)), gone=True)


def test_the_condition_of_a_sentence_holds_back_every_instruction_it_joins():
    from rulebase.engine.ccg.abilities.model import Amount, Condition, Effect, Part, Selector
    from rulebase.engine.ccg.abilities.resolve import Context
    from rulebase.engine.ccg.board import Zone

    from ..helpers import COMET, board_with
    from .driving import drive

    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    board.players[0].deck.clear()
    never = Condition("count", subject=Selector("Friend"), values=(("compare", ">=5"),))
    joined = Effect("exhaust", target=Selector("self"), condition=never, part=Part("exhaust this card"),
                    then=Effect("gain", amount=Amount(1), part=Part("gain [1]"),
                                then=Effect("gain", amount=Amount(2), part=Part("Gain [2]"))))
    drive(board, joined, Context(card=board.cards[0], controller=0))
    assert not board.cards[0].exhausted
    assert board.players[0].tokens == 2, "'gain [1]' goes with the condition; the next sentence does not"


def test_that_character_of_a_triggered_ability_is_the_events_and_is_sent_to_its_previous_area():
    from rulebase.engine.ccg.abilities.events import Happened
    from rulebase.engine.ccg.abilities.model import Effect, Selector, values
    from rulebase.engine.ccg.abilities.resolve import Context
    from rulebase.engine.ccg.board import Zone

    from ..helpers import COMET, RUNNER, board_with
    from .driving import drive

    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (RUNNER, 1, Zone.PLAY, "problem", 0))
    deep, runner = board.cards
    moved = Happened("moved", (("card", runner), ("player", 1), ("from", board.players[1].home),
                               ("to", board.players[0].problem_area)))
    effect = Effect("exhaust", target=Selector("self"),
                    then=Effect("send", target=Selector("that", ref="character"), values=values(area="previous")))
    drive(board, effect, Context(card=deep, controller=0, event=moved))
    assert deep.exhausted and runner.area == board.players[1].home
    other = Happened("moved", (("card", deep), ("player", 0), ("from", board.players[0].home)))
    board.put(runner, Zone.PLAY, area=board.players[0].problem_area)
    drive(board, Effect("send", target=Selector("character", controller="opponent"), values=values(area="previous")),
          Context(card=deep, controller=0, event=other))
    assert runner.area == board.players[0].problem_area, "the previous area is that of the card the move moved"


def test_a_move_to_that_cards_problem_goes_where_the_events_card_is():
    from rulebase.engine.ccg.abilities.events import Happened

    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (RUNNER, 0, Zone.PLAY, "problem", 1),
                       (COMET, 0, Zone.PLAY, "home", 0))
    comet, runner, other = board.cards
    move = Effect("move", target=Selector("character", controller="you"), values=values(area="that-card-problem"))
    assert executable(move) is None
    at_home = Happened("cutie-marked", (("card", other), ("player", 0)))
    drive(board, move, Context(card=comet, controller=0, event=at_home), answers=[Action("choose", 0, comet.id)])
    assert comet.area == board.players[0].home, "a card at home names no Problem to move to"
    marked = Happened("cutie-marked", (("card", runner), ("player", 0)))
    drive(board, move, Context(card=comet, controller=0, event=marked), answers=[Action("choose", 0, comet.id)])
    assert comet.area == board.players[1].problem_area == runner.area


def test_a_color_chosen_is_the_color_that_color_gives():
    from rulebase.engine.ccg.abilities import parts
    from rulebase.engine.ccg.cards import Color

    choose = Effect("choose", target=Selector("color"))
    that = Effect("color", target=Selector("self"), values=values(color="that", also=True), duration="turn")
    assert executable(replace_then(choose, that)) is None
    assert executable(that) == "giving 'that' color, which no earlier instruction of the effect chose"
    board = board_with((COMET, 0, Zone.PLAY, "home", 0))
    comet = board.cards[0]
    pink = parts.COLORS.index(Color.PINK)
    drive(board, replace_then(choose, that), Context(card=comet, controller=0),
          answers=[Action("choose-option", 0, amount=pink)])
    from rulebase.engine.ccg.cards import has_color

    assert has_color(board, comet, (Color.PINK,)) and has_color(board, comet, (Color.BLUE,))
    assert not has_color(board, comet, (Color.WHITE,))


def replace_then(effect, then):
    from dataclasses import replace

    return replace(effect, then=then)


def test_a_move_away_from_a_problem_goes_home_or_to_another_problem():
    from rulebase.engine.ccg.abilities.resolve import _areas

    board = table()
    runner = board.cards[1]
    mine = board.new_card(KITE, 0)
    board.put(mine, Zone.PLAY, area=board.players[0].problem_area)
    away = Effect("move", target=Selector("character", controller="opponent"),
                  values=values(away=True, **{"from": "that-problem"}))
    assert executable(away) is None
    areas = _areas(board, Context(card=board.cards[0], controller=0, player=0), away, runner)
    assert areas == [board.players[1].home, board.players[0].problem_area]
    assert runner.area == board.players[1].problem_area


def test_this_cards_power_named_after_a_cost_took_it_away_is_not_executable():
    power = Selector("power", filters=(("of", Selector("self")),))
    take = Effect("take-control", target=Selector("Friend", filters=(("power-vs", ("<=", Amount(1, per=power))),)))
    assert executable(take) is None
    assert "left play" in executable(take, gone=True)


def test_one_card_is_moved_to_each_problem_a_different_one_each_time():
    board = board_with((KITE, 0, Zone.PLAY, "problem", 0), (KITE, 1, Zone.PLAY, "problem", 1),
                       (COMET, 0, Zone.PLAY, "home", 0), (RUNNER, 0, Zone.PLAY, "home", 0))
    comet, runner = board.cards[2], board.cards[3]
    each = Effect("move", target=Selector("character", controller="you"), values=values(area="each-problem"))
    assert executable(each) is None
    drive(board, each, Context(card=comet, controller=0), answers=[Action("choose", 0, runner.id)])
    assert runner.area == board.players[0].problem_area and comet.area == board.players[1].problem_area


def test_giving_a_keyword_for_a_while_is_executable_for_the_keywords_the_engine_applies_only():
    def given(keyword, duration="turn", **more):
        return executable(Effect("gain-keyword", target=Selector("self"), duration=duration,
                                 values=values(keyword=keyword, **more)))

    assert given("Swift") is None and given("Showy", "next-turn", x=3) is None
    assert given("Hasty") == "giving the keyword 'Hasty' for a while"
    assert given("Swift", None) == "giving a keyword with no duration"
    assert given("Swift", "until-you-play-a-friend") == "the duration 'until-you-play-a-friend'"
    assert given("Competitive", x="X") == "giving a keyword with the X 'X'"


def test_not_readying_is_executable_until_the_next_ready_phase_only():
    def cant(action, duration):
        return executable(Effect("cant", target=Selector("self"), duration=duration, values=values(action=action)))

    assert cant("ready-during-ready-phase", "next-ready-phase") is None
    assert cant("ready-during-ready-phase", "turn") == "the duration 'turn' of 'ready-during-ready-phase'"
    assert cant("be-moved", "next-ready-phase") == "the duration 'next-ready-phase' of 'be-moved'"
    assert cant("be-moved", "turn") is None


def test_the_condition_is_judges_the_card_type_of_the_card_named():
    from rulebase.engine.ccg.abilities import conditions

    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (PEST, 0, Zone.PLAY, "home", 0))
    comet, pest = board.cards
    it = Selector("self")
    assert conditions.holds(board, Context(card=comet, controller=0), Condition("is", it, values(type="Friend")))
    assert not conditions.holds(board, Context(card=pest, controller=0), Condition("is", it, values(type="Friend")))
    assert conditions.executable(Condition("is", it, values(type="Event"))) is None
    assert conditions.executable(Condition("is", it, values(type="Dragon"))) == "the condition 'is' of {'type': 'Dragon'}"


def test_challenging_with_your_characters_at_its_problem_names_those_at_the_troublemakers_problem():
    """"Challenge an opponent's Troublemaker with all your characters at its
    Problem" (The Hard Way): "its" is the Troublemaker's, not the Event's."""
    board = board_with((COMET, 0, Zone.PLAY, "problem", 1), (RUNNER, 0, Zone.PLAY, "problem", 0),
                       (KITE, 0, Zone.PLAY, "home", 0), (PEST, 1, Zone.PLAY, "problem", 1))
    for owner in (0, 1):
        for _ in range(4):
            board.put(board.new_card(COMET, owner), Zone.DRAW_DECK)
    event = board.new_card(KITE, 0)
    board.put(event, Zone.HAND)
    everyone = Selector("character", controller="you", every=True, count=Amount(None), where="its-problem")
    effect = Effect("challenge", target=Selector("Troublemaker", controller="opponent"), values=values(using=everyone))
    drive(board, effect, Context(card=event, controller=0))
    involved = [step for step in board.trace if step.rule == "514.2c"][0].text.split(": ")[-1]
    assert "Comet" in involved and "Breeze Runner" not in involved and "Kite" not in involved


def test_an_attachment_is_reattached_only_to_a_card_of_the_description_its_text_gives():
    from rulebase.engine.ccg.abilities.resolve import _hosts

    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (RUNNER, 0, Zone.PLAY, "home", 0),
                       (COMET, 1, Zone.PLAY, "home", 1), (KITE, 0, Zone.PLAY, "problem", 0))
    mine, other_mine, theirs = board.cards[0], board.cards[1], board.cards[2]
    from ..helpers import GEAR

    hat = board.new_card(GEAR, 0, "Hat")
    board.put(hat, Zone.PLAY, area=mine.area)
    hat.host = mine
    yours = Selector("Friend", controller="you", filters=(("other", True),))
    effect = Effect("attach", target=Selector("self"), values=values(to=yours))
    assert executable(effect) is None
    assert _hosts(board, Context(board=board, card=hat, controller=0), effect, hat) == [other_mine]
    anyone = Effect("attach", target=Selector("self"), values=values(to=Selector("Friend", filters=(("other", True),))))
    assert set(_hosts(board, Context(board=board, card=hat, controller=0), anyone, hat)) == {other_mine, theirs}
    assert "reattaching to" in executable(Effect("attach", target=Selector("self"), values=values(to=Selector("Problem"))))


def test_an_occurrence_said_not_to_happen_is_carried_out_only_as_the_one_a_replacement_replaced():
    did = Condition("did")
    prevented = Effect("prevent", target=Selector("that", ref="Friend"), values=values(what="dismissed"), condition=did)
    assert executable(prevented) is None
    alone = Effect("prevent", target=Selector("self"), values=values(what="sent-home"))
    assert "replacement" in executable(alone)


def test_choosing_two_of_the_options_is_carried_out_and_more_options_than_there_are_is_not():
    options = (Effect("draw", amount=Amount(1)), Effect("gain", amount=Amount(1)), Effect("score", amount=Amount(1)))
    assert executable(Effect("choose", amount=Amount(2), choices=options)) is None
    assert "options" in executable(Effect("choose", amount=Amount(4), choices=options))


def test_an_instruction_led_by_its_own_condition_is_carried_out_by_you_not_the_player_before():
    """"Your opponent gains [1]. If you control Comet, gain [2]": the second
    sentence names no player, so the card's player carries it out (as ROYAL
    CANTERLOT VOICE's "If you control Princess Luna, gain [1]")."""
    from rulebase.engine.ccg.abilities.reading import read

    ability = read("Main Phase: Your opponent gains [1]. If you control Comet, gain [2].", card_type="Event")[0]
    board = table()
    drive(board, ability.effect, Context(card=board.cards[0], controller=0))
    assert (board.players[0].tokens, board.players[1].tokens) == (2, 1)
    board = table()
    drive(board, ability.effect, Context(card=board.cards[1], controller=1))
    assert (board.players[0].tokens, board.players[1].tokens) == (1, 2), "Bob controls a Comet too"


def test_each_player_may_pay_to_a_player_who_cant_pay_is_not_offered_and_only_payers_follow_the_rest():
    """"Each player may pay [1] to exhaust a character": a player with no
    action tokens is not asked (705.2e); one who declines does not go on to
    exhaust a character, and is not asked to choose one."""
    from rulebase.engine.ccg.abilities.reading import read

    ability = read("When this card enters play, each player may pay [1] to exhaust a character.")[0]
    board = table()
    board.players[0].tokens = 1
    asked = drive(board, ability.effect, Context(card=board.cards[0], controller=0),
                  answers=[Action("accept", 0), Action("choose", 0, card=3)])
    assert [request.player for request in asked] == [0, 0], "Bob, with no action tokens, is asked nothing"
    assert board.cards[3].exhausted and board.players[0].tokens == 0
    board = table()
    board.players[0].tokens = board.players[1].tokens = 1
    asked = drive(board, ability.effect, Context(card=board.cards[0], controller=0),
                  answers=[Action("accept", 0), Action("decline", 1), Action("choose", 0, card=3)])
    assert [request.player for request in asked] == [0, 1, 0], "Bob declines and chooses no character"
    assert board.players[1].tokens == 1 and board.cards[3].exhausted
    assert [card.exhausted for card in board.cards] == [False, False, False, True]
    board.off = frozenset({"705.2e"})
    board.players[0].tokens, board.players[1].tokens = 1, 0
    asked = drive(board, ability.effect, Context(card=board.cards[0], controller=0),
                  answers=[Action("decline", 0), Action("decline", 1)])
    assert [request.player for request in asked] == [0, 1], "without 705.2e, Bob is offered what he can't do"


def test_it_of_a_faceoff_involving_this_card_is_this_card():
    """"When you win a faceoff involving this card, you may retire it":
    the event names no card but this one (Rarity, Breeziefied)."""
    from rulebase.engine.ccg.abilities.events import Happened
    from rulebase.engine.ccg.abilities.model import Ability, Trigger

    board = board_with((COMET, 0, Zone.PLAY, "problem", 1), (RUNNER, 0, Zone.PLAY, "problem", 1))
    rarity, runner = board.cards
    won = Happened("faceoff-won", (("player", 0), ("involving", frozenset({rarity.id, runner.id}))))
    involving = Ability("triggered", trigger=Trigger("faceoff-won", values=(("involving", Selector("self")),)))
    drive(board, Effect("retire", target=Selector("it")), Context(card=rarity, controller=0, event=won, ability=involving))
    assert rarity.zone == Zone.DISCARD and runner.zone == Zone.PLAY
    other = board.cards[1]
    anyone = Ability("triggered", trigger=Trigger("faceoff-won"))
    drive(board, Effect("retire", target=Selector("it")), Context(card=other, controller=0, event=won, ability=anyone))
    assert other.zone == Zone.PLAY, "a faceoff not said to involve this card names no card"


def test_it_after_a_cost_naming_this_card_is_the_events_card():
    """"When one of your Troublemakers would be dismissed, you may exhaust
    this card to turn it face-down instead" (Pow, Loyal Henchpony): "it" is
    the Troublemaker; with no card of the event, "exhaust this card to
    ready it" is this card's."""
    from rulebase.engine.ccg.abilities.events import Happened

    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (PEST, 0, Zone.PLAY, "problem", 0))
    pow_, pest = board.cards
    dismissed = Happened("dismissed", (("card", pest), ("player", 0)))
    effect = Effect("exhaust", target=Selector("self"),
                    then=Effect("turn-face-down", target=Selector("it"), condition=Condition("did")))
    drive(board, effect, Context(card=pow_, controller=0, event=dismissed))
    assert pow_.exhausted and not pow_.face_down and pest.face_down
    exhausted = Effect("exhaust", target=Selector("self"),
                       then=Effect("ready", target=Selector("it"), condition=Condition("did")))
    pow_.exhausted = False
    drive(board, exhausted, Context(card=pow_, controller=0))
    assert not pow_.exhausted, "with no event card, it is this card, exhausted then readied"


def test_control_of_this_card_is_exchanged_with_a_card_its_player_chooses_513_2():
    from rulebase.engine.ccg.abilities.model import Effect, Selector, values
    from rulebase.engine.ccg.abilities.resolve import Context, executable
    from rulebase.engine.ccg.actions import Action
    from rulebase.engine.ccg.board import Zone

    from ..helpers import COMET, GEAR, board_with
    from .driving import drive

    exchange = Effect("exchange-control", target=Selector("self"),
                      values=values(**{"with": Selector("Resource", controller="opponent")}))
    assert executable(exchange) is None
    assert executable(Effect("exchange-control", target=Selector("self"))) is not None
    board = board_with((GEAR, 0, Zone.PLAY, "home", 0), (GEAR, 1, Zone.PLAY, "home", 1), (GEAR, 1, Zone.PLAY, "home", 1),
                       (COMET, 1, Zone.PLAY, "home", 1))
    mine, first, second, comet = board.cards
    drive(board, exchange, Context(card=mine, controller=0), answers=[Action("choose", 0, card=second.id)])
    assert (mine.controller, first.controller, second.controller, comet.controller) == (1, 1, 0, 1)
    drive(board, exchange, Context(card=mine, controller=1))  # Bob's opponent's only Resource is Alice's Gear
    assert (mine.controller, second.controller) == (0, 1)


def test_that_card_after_a_cost_naming_this_card_is_the_replaced_card():
    """"If an opposing Friend or Troublemaker would be dismissed, you may
    exhaust this card to banish that Friend or Troublemaker instead"
    (Princess Cadance, Lost Parent): the instead is resolved with the
    replaced card named "it"; exhausting this card does not rename it."""
    from rulebase.engine.ccg.abilities.events import Happened

    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (RUNNER, 1, Zone.PLAY, "home", 1))
    cadance, runner = board.cards
    dismissed = Happened("dismissed", (("card", runner), ("player", 0)))
    instead = Effect("exhaust", target=Selector("self"),
                     then=Effect("banish", target=Selector("that", ref="card"), condition=Condition("did")))
    context = Context(card=cadance, controller=0, event=dismissed, named={"it": [runner], "that": [runner]})
    drive(board, instead, context)
    assert cadance.exhausted and cadance.zone == Zone.PLAY and runner.zone == Zone.BANISHED


def test_a_token_copy_of_this_card_at_each_other_problem_is_one_at_each_520_2():
    from rulebase.engine.ccg.abilities.model import Effect, Selector, values
    from rulebase.engine.ccg.abilities.resolve import Context, executable
    from rulebase.engine.ccg.board import Zone

    from ..helpers import KITE, PEST, board_with
    from .driving import drive

    board = board_with((KITE, 0, Zone.PLAY, "problem", 0), (KITE, 1, Zone.PLAY, "problem", 1),
                       (KITE, 2, Zone.PLAY, "problem", 2), (PEST, 0, Zone.PLAY, "problem", 1),
                       names=("Alice", "Bob", "Carol"))
    pest = board.cards[3]
    copies = Effect("token-copy", target=Selector("self"), values=values(area="each-other-problem", face="face-up"))
    assert executable(copies) is None
    drive(board, copies, Context(card=pest, controller=0))
    made = [card for card in board.cards if card.label == "Pest token copy"]
    assert sorted(card.area.owner for card in made) == [0, 2] and not any(card.face_down for card in made)


def test_that_friend_after_a_cost_naming_another_card_is_the_events_friend():
    """"When a Friend enters play here, you may pay [2] and exhaust one of
    your characters here to dismiss that Friend" (Get Lost): the character
    exhausted is not "that Friend"; the Friend that entered play is."""
    from rulebase.engine.ccg.abilities.events import Happened

    board = board_with((KITE, 0, Zone.PLAY, None, 0), (COMET, 0, Zone.PLAY, "problem", 0),
                       (RUNNER, 1, Zone.PLAY, "problem", 0))
    problem, mine, entered = board.cards
    happened = Happened("enters-play", (("card", entered), ("player", 1)))
    effect = Effect("exhaust", target=Selector("character", controller="you"),
                    then=Effect("dismiss", target=Selector("that", ref="Friend"), condition=Condition("did")))
    drive(board, effect, Context(card=problem, controller=0, event=happened))
    assert mine.exhausted and mine.zone == Zone.PLAY and entered.zone == Zone.DISCARD
