"""The Main Phase (403.0.0): playing Characters into empty spaces, Events
and Items, activating abilities, Harmony paid by tapping exactly the cost
in upright Scenes; every refusal names its rule, and the legal actions are
those the checks allow."""

import pytest

from rulebase.engine.errors import IllegalAction
from rulebase.engine.tcg.actions import Action
from rulebase.engine.tcg.board import Zone
from rulebase.engine.tcg.play import options, payments
from rulebase.engine.tcg.text import Effect

from .helpers import (
    BELLE,
    BLOOM,
    CAPE,
    CLOUDS,
    GARDEN,
    LESSON,
    MEADOW,
    SADDLE,
    SCOOT,
    at_phase,
    board_with,
    card_named,
    character,
    texts,
)


def _refusal(state, text: str) -> str:
    with pytest.raises(IllegalAction) as refused:
        state.apply_action(Action.parse(text))
    return str(refused.value)


def _scenes(*printed, owner=0):
    return [(card, owner, Zone.SCENE, None) for card in printed]


def test_a_character_is_played_into_an_empty_space_paying_its_cost_in_scenes():
    board = board_with((BELLE, 0, Zone.HAND, None), *_scenes(MEADOW, GARDEN, CLOUDS), (SCOOT, 0, Zone.ADVENTURE, 0))
    state = at_phase(board)
    belle = card_named(board, "Sweetie Belle")
    meadow, garden, clouds = (card_named(board, name) for name in ("Meadow", "Garden", "Clouds"))
    assert _refusal(state, f"p0 play #{belle.id} at left paying #{meadow.id} #{garden.id}").startswith(
        "303.0.0: the left space already holds Scootaloo")
    assert _refusal(state, f"p0 play #{belle.id} at middle paying #{meadow.id}") == \
        "403.0.0: the Harmony cost is 2: pay it by tapping exactly 2 different Scenes"
    assert _refusal(state, f"p0 play #{belle.id} at middle paying #{meadow.id} #{meadow.id}").startswith("403.0.0")
    assert _refusal(state, f"p0 play #{belle.id} paying #{meadow.id} #{garden.id}").startswith("403.2.0")
    assert _refusal(state, f"p0 play #{belle.id} at middle paying #{meadow.id} #{belle.id}").startswith(
        "204.0.0: Sweetie Belle is not a Scene in Alice's Scene Zone")
    state.apply_action(Action.parse(f"p0 play #{belle.id} at middle paying #{meadow.id} #{clouds.id}"))
    assert board.players[0].adventure[1] is belle and meadow.tapped and clouds.tapped and not garden.tapped
    assert texts(board, "403.2.0") == ["Alice places Sweetie Belle in the middle space of their Adventure Zone"]
    assert _refusal(state, f"p0 play #{belle.id} at right paying #{garden.id}").startswith(
        "403.0.0: Sweetie Belle is not in Alice's hand")


def test_a_tapped_scene_pays_nothing_and_a_player_short_of_scenes_cant_play():
    board = board_with((BELLE, 0, Zone.HAND, None), *_scenes(MEADOW, GARDEN))
    card_named(board, "Garden").tapped = True
    state = at_phase(board)
    belle, meadow, garden = (card_named(board, name) for name in ("Sweetie Belle", "Meadow", "Garden"))
    assert _refusal(state, f"p0 play #{belle.id} at left paying #{meadow.id} #{garden.id}") == \
        "403.0.0: Alice can't pay 2 Harmony to play Sweetie Belle: 1 upright Scene in their Scene Zone"
    board.off = frozenset({"403.0.0"})
    assert _refusal(state, f"p0 play #{belle.id} at left paying #{meadow.id} #{garden.id}") == \
        "610.0.0: Garden is tapped: it has been used for the turn"


def test_only_characters_events_and_items_are_played():
    board = board_with((GARDEN, 0, Zone.HAND, None), (MEADOW, 0, Zone.SCENE, None))
    state = at_phase(board)
    garden = card_named(board, "Garden")
    assert _refusal(state, f"p0 play #{garden.id}").startswith("204.0.0: Garden is a Scene")
    main = next(card for card in board.cards if card.label == "Twilight Sparkle")
    board.put(main, Zone.HAND)
    assert _refusal(state, f"p0 play #{main.id}").startswith("205.0.0: Twilight Sparkle is a Main Character")
    story = board.players[0].story[0]
    board.put(story, Zone.HAND)
    assert _refusal(state, f"p0 play #{story.id}").startswith("206.0.0: Quest: Part 1 is a Story card")


def test_all_three_spaces_full_keeps_a_character_from_being_played():
    board = board_with((BELLE, 0, Zone.HAND, None), *_scenes(MEADOW, MEADOW),
                       *[(SCOOT, 0, Zone.ADVENTURE, space) for space in range(3)])
    state = at_phase(board)
    belle = card_named(board, "Sweetie Belle")
    assert _refusal(state, f"p0 play #{belle.id} at left paying 1 2".replace("1 2", "#0 #1")).startswith(
        "303.3.0: all 3 spaces of Alice's Adventure Zone are full")
    assert not any(action.card == belle.id for action in state.legal_actions())


def test_only_the_turn_player_plays_in_their_main_phase_and_not_in_other_phases():
    board = board_with((BELLE, 1, Zone.HAND, None), *_scenes(MEADOW, MEADOW, owner=1))
    state = at_phase(board)
    belle = card_named(board, "Sweetie Belle")
    scenes = [card.id for card in board.players[1].scenes]
    assert _refusal(state, f"p1 play #{belle.id} at left paying #{scenes[0]} #{scenes[1]}").startswith(
        "403.0.0: only the Turn Player (Alice) may play cards")
    assert _refusal(state, "p1 pass").startswith("403.0.0: the game waits for Alice")
    assert _refusal(state, "p0 inspire #0").startswith("404.5.0: Scenes are flipped for Inspire during an Exchange")
    assert _refusal(state, "p0 advance").startswith("404.3.0")


def test_an_event_resolves_in_the_resolution_zone_and_goes_to_the_rest_zone():
    board = board_with((LESSON, 0, Zone.HAND, None), *_scenes(MEADOW), (SCOOT, 0, Zone.MAIN_DECK, None),
                       (BELLE, 0, Zone.MAIN_DECK, None))
    state = at_phase(board)
    lesson = card_named(board, "Lesson")
    assert _refusal(state, f"p0 play #{lesson.id} at left paying #{board.players[0].scenes[0].id}").startswith(
        "403.3.0: Lesson is an Event")
    state.apply_action(Action.parse(f"p0 play #{lesson.id} paying #{board.players[0].scenes[0].id}"))
    assert lesson.zone == Zone.REST and len(board.players[0].hand) == 2
    assert [step.rule for step in board.trace if step.kind in ("step", "note")
            and step.rule in ("308.0.0", "502.1.0", "601.0.0", "403.3.0")] == \
        ["308.0.0", "502.1.0", "601.0.0", "601.0.0", "403.3.0"]


def test_an_item_attaches_to_a_character_and_replaces_its_previous_item():
    board = board_with((SADDLE, 0, Zone.HAND, None), *_scenes(MEADOW), (BELLE, 0, Zone.ADVENTURE, 1),
                       (CAPE, 0, Zone.ADVENTURE, "Sweetie Belle"), (SCOOT, 1, Zone.ADVENTURE, 0))
    state = at_phase(board)
    saddle, belle, cape, scoot = (card_named(board, n) for n in ("Saddlebag", "Sweetie Belle", "Cape", "Scootaloo"))
    meadow = board.players[0].scenes[0]
    assert _refusal(state, f"p0 play #{saddle.id} on #{scoot.id} paying #{meadow.id}").startswith(
        "403.4.0: Scootaloo is not a Character in Alice's Adventure Zone")
    assert _refusal(state, f"p0 play #{saddle.id} at left paying #{meadow.id}").startswith("403.4.0")
    state.apply_action(Action.parse(f"p0 play #{saddle.id} on #{belle.id} paying #{meadow.id}"))
    assert belle.item is saddle and cape.zone == Zone.REST
    assert texts(board, "203.0.0") == ["Sweetie Belle already has an Item, Cape, and receives another: Cape is discarded"]
    assert texts(board, "glossary/attach") == ["Alice attaches Saddlebag to Sweetie Belle, in the middle space"]


def test_activating_an_ability_taps_the_character_and_a_tapped_one_cant():
    pump = character("Pump", effects=[Effect.build("activated", ["inspiration +2 self"], harmony=1)])
    board = board_with((pump, 0, Zone.ADVENTURE, 0), *_scenes(MEADOW, MEADOW), (BELLE, 0, Zone.HAND, None))
    state = at_phase(board)
    card = card_named(board, "Pump")
    scenes = [scene.id for scene in board.players[0].scenes]
    assert _refusal(state, f"p0 activate #{card.id}:0") == \
        "403.0.0: the Harmony cost is 1: pay it by tapping exactly 1 different Scene"
    assert _refusal(state, f"p0 activate #{card.id}:1 paying #{scenes[0]}").startswith(
        "403.1.0: Pump has no activated effect there")
    state.apply_action(Action.parse(f"p0 activate #{card.id}:0 paying #{scenes[0]}"))
    assert card.tapped and [boost.amount for boost in card.boosts] == [2]
    assert texts(board, "403.1.0") == ["Alice activates Pump's ability by tapping Pump"]
    assert texts(board, "501.3.0") == ["Alice pays the rest of the cost of Pump's activated effect (1 Harmony) before "
                                       "it is used"]
    assert _refusal(state, f"p0 activate #{card.id}:0 paying #{scenes[1]}").startswith(
        "501.3.0: Pump is tapped: the cost of its activated effect, tapping it, can't be paid")


def test_an_activated_effect_with_a_cost_it_cant_pay_is_refused():
    thinker = character("Thinker", effects=[Effect.build("activated", ["draw 1"], cost=["discard 1"])])
    board = board_with((thinker, 0, Zone.ADVENTURE, 0), (SCOOT, 0, Zone.MAIN_DECK, None))
    state = at_phase(board)
    card = card_named(board, "Thinker")
    assert _refusal(state, f"p0 activate #{card.id}:0").startswith(
        "501.3.0: the cost of Thinker's activated effect (discard 1 card) can't be paid: Alice has no card in hand")


def test_a_static_effect_decides_when_a_card_can_be_played():
    picky = character("Picky", cost=0, effects=[Effect.build("static", condition="if your adventure zone has Unicorn")])
    board = board_with((picky, 0, Zone.HAND, None), (SCOOT, 0, Zone.ADVENTURE, 0))
    state = at_phase(board)
    card = card_named(board, "Picky")
    assert _refusal(state, f"p0 play #{card.id} at left") == (
        "501.4.0: Picky can only be played if your Adventure Zone has a Unicorn: Alice's adventure zone has no card "
        "with the keyword Unicorn")
    board.put(board.new_card(BELLE, 0), Zone.ADVENTURE, space=2)
    state.apply_action(Action.parse(f"p0 play #{card.id} at middle"))
    assert card.zone == Zone.ADVENTURE
    assert texts(board, "501.4.0", "allowed") == [
        "Picky can only be played if your Adventure Zone has a Unicorn: Alice's adventure zone has Sweetie Belle with "
        "the keyword Unicorn"]


def test_characters_stay_in_their_space_unless_their_effect_lets_them_move():
    drifter = character("Drifter", effects=[Effect.build("static", ["move-freely"])])
    board = board_with((drifter, 0, Zone.ADVENTURE, 0), (SCOOT, 0, Zone.ADVENTURE, 1))
    state = at_phase(board)
    drifter_card, scoot = card_named(board, "Drifter"), card_named(board, "Scootaloo")
    assert _refusal(state, f"p0 move #{scoot.id} to right") == \
        "303.2.0: players may not move Characters freely between spaces: Scootaloo stays in its space"
    assert _refusal(state, f"p0 move #{drifter_card.id} to middle").startswith(
        "603.0.0: the middle space of Alice's Adventure Zone is not empty")
    assert Action.parse(f"p0 move #{drifter_card.id} to right") in state.legal_actions()
    state.apply_action(Action.parse(f"p0 move #{drifter_card.id} to right"))
    assert board.players[0].adventure[2] is drifter_card
    assert texts(board, "101.1.0")[0].startswith("Drifter's effect (Static: This Character may move between empty "
                                                 "spaces.) contradicts 303.2.0")
    board.off = frozenset({"101.1.0"})
    assert _refusal(state, f"p0 move #{drifter_card.id} to left").startswith("303.2.0")


def test_the_legal_actions_are_every_action_the_checks_allow_and_each_is_accepted():
    board = board_with((BELLE, 0, Zone.HAND, None), (SADDLE, 0, Zone.HAND, None), (LESSON, 0, Zone.HAND, None),
                       (BLOOM, 0, Zone.HAND, None), *_scenes(MEADOW, MEADOW, GARDEN, CLOUDS),
                       (SCOOT, 0, Zone.ADVENTURE, 0), (BELLE, 0, Zone.MAIN_DECK, None), (BELLE, 0, Zone.MAIN_DECK, None))
    state = at_phase(board)
    legal = state.legal_actions()
    assert legal[0] == Action("pass", 0)
    plays = [action for action in legal if action.verb == "play"]
    belle = card_named(board, "Sweetie Belle")
    belle_payments = {tuple(board.cards[i].label for i in a.payment) for a in plays if a.card == belle.id and a.space == 1}
    assert belle_payments == {("Meadow", "Meadow #2"), ("Meadow", "Garden"), ("Meadow", "Clouds"), ("Garden", "Clouds")}
    assert len(payments(board, 0, 3)) == 3 and payments(board, 0, 0) == [()]
    for action in legal:
        state.clone().apply_action(action)
    candidates = [Action("play", 0, card.id, space=space, payment=payment or None)
                  for card in board.players[0].hand for space in range(3)
                  for payment in [(), (board.players[0].scenes[0].id,), tuple(s.id for s in board.players[0].scenes[:2])]]
    for action in candidates:
        accepted = True
        try:
            state.clone().apply_action(action)
        except IllegalAction:
            accepted = False
        assert accepted == (action in legal), action
    board.off = frozenset({"303.0.0"})
    assert any(a.verb == "play" and a.space == 0 for a in options(board, 0))


def test_an_events_effect_resolves_when_played_and_it_is_discarded_after():
    for off in (frozenset(), frozenset({"202.0.0"}), frozenset({"306.0.0"})):
        board = board_with((LESSON, 0, Zone.HAND, None), *_scenes(MEADOW), (SCOOT, 0, Zone.MAIN_DECK, None),
                           (BELLE, 0, Zone.MAIN_DECK, None))
        board.off = off
        state = at_phase(board)
        lesson = card_named(board, "Lesson")
        state.apply_action(Action.parse(f"p0 play #{lesson.id} paying #{board.players[0].scenes[0].id}"))
        drawn = len(board.players[0].hand)
        if not off:
            assert lesson.zone == Zone.REST and drawn == 2
            assert texts(board, "202.0.0") == ["Lesson is a single-use Event played from the hand: its effect resolves "
                                               "when played"]
            assert texts(board, "306.0.0") == ["Lesson is placed in Alice's Rest Zone, the discard pile for used cards"]
        elif "202.0.0" in off:
            assert lesson.zone == Zone.REST and drawn == 0
        else:
            assert lesson.zone == Zone.RESOLUTION and drawn == 2 and texts(board, "403.3.0") == []


def test_without_403_1_0_the_character_is_not_tapped_and_without_501_3_0_the_rest_of_the_cost_is_not_paid():
    thinker = character("Thinker", effects=[Effect.build("activated", ["draw 1"], cost=["discard 1"], harmony=1)])
    for off in ("403.1.0", "501.3.0"):
        board = board_with((thinker, 0, Zone.ADVENTURE, 0), (SCOOT, 0, Zone.MAIN_DECK, None), (BELLE, 0, Zone.HAND, None),
                           *_scenes(MEADOW))
        board.off = frozenset({off})
        state = at_phase(board)
        card, meadow = card_named(board, "Thinker"), board.players[0].scenes[0]
        state.apply_action(Action.parse(f"p0 activate #{card.id}:0 paying #{meadow.id}"))
        hand = sorted(c.label for c in board.players[0].hand)
        if off == "403.1.0":
            assert not card.tapped and meadow.tapped and hand == ["Scootaloo"]
        else:
            assert card.tapped and not meadow.tapped and hand == ["Scootaloo", "Sweetie Belle"]


def test_the_scenes_that_pay_harmony_are_tapped():
    for off in (frozenset(), frozenset({"glossary/tapped"})):
        board = board_with((SCOOT, 0, Zone.HAND, None), *_scenes(MEADOW))
        board.off = off
        state = at_phase(board)
        meadow = board.players[0].scenes[0]
        state.apply_action(Action.parse(f"p0 play #{card_named(board, 'Scootaloo').id} at left paying #{meadow.id}"))
        assert meadow.tapped is not bool(off)
        assert texts(board, "glossary/tapped") == ([] if off else ["Meadow is tapped: used this turn, for Harmony"])


def test_a_flipped_scene_can_still_be_tapped_for_harmony():
    board = board_with((SCOOT, 0, Zone.HAND, None), *_scenes(GARDEN))
    state = at_phase(board)
    garden = board.players[0].scenes[0]
    garden.face_down = True
    state.apply_action(Action.parse(f"p0 play #{card_named(board, 'Scootaloo').id} at left paying #{garden.id}"))
    assert garden.tapped and texts(board, "204.0.0", "allowed") == [
        "Garden is flipped face-down: it can no longer be used for Inspire, but can still be tapped for Harmony"]
