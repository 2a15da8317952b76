"""Effects (501.0.0-502.1.0): triggered effects and their order, effects
triggered during a resolution, continuous effects starting and stopping,
conditions, Harmony requirements, optional effects, and resolving as much
as possible."""

import pytest

from rulebase.engine.errors import IllegalAction
from rulebase.engine.tcg import effects
from rulebase.engine.tcg.actions import Action
from rulebase.engine.tcg.board import Zone
from rulebase.engine.tcg.cards import Printed
from rulebase.engine.tcg.text import Effect

from .helpers import (
    BELLE,
    GARDEN,
    MEADOW,
    SCOOT,
    at_phase,
    board_with,
    card_named,
    character,
    play_on,
    texts,
)


def _play(state, board, label, space=None, paying=()):
    card = card_named(board, label)
    where = f" at {('left', 'middle', 'right')[space]}" if space is not None else ""
    pay = (" paying " + " ".join(f"#{card_named(board, name).id}" for name in paying)) if paying else ""
    state.apply_action(Action.parse(f"p0 play #{card.id}{where}{pay}"))
    return card


def test_a_player_chooses_the_order_of_their_own_effects_that_trigger_at_once():
    twin = character("Twin", cost=0, effects=[Effect.build("entrance", ["draw 1"]),
                                             Effect.build("entrance", ["tap opposing character"])])
    board = board_with((twin, 0, Zone.HAND, None), (SCOOT, 1, Zone.ADVENTURE, 0), (BELLE, 0, Zone.MAIN_DECK, None))
    state = at_phase(board)
    card = _play(state, board, "Twin", 0)
    assert state.pending.rule == "501.1.1"
    assert state.legal_actions() == [Action("resolve", 0, card.id, ability=0), Action("resolve", 0, card.id, ability=1)]
    with pytest.raises(IllegalAction, match=r"^501\.1\.1: Alice has no triggered effect of that card"):
        state.apply_action(Action("resolve", 0, card.id, ability=2))
    state.apply_action(Action("resolve", 0, card.id, ability=1))
    assert [text.split(":")[0] for text in texts(board, "502.1.0", None)] == [
        "Twin's entrance effect resolves", "Twin's entrance effect resolves"]
    assert texts(board, "610.0.0")[0] == "Scootaloo is tapped (Twin's entrance effect)"
    assert [step.rule for step in board.trace if step.rule in ("610.0.0", "601.0.0")] == ["610.0.0", "601.0.0"]


def test_the_non_turn_players_effects_resolve_first_unless_501_1_1_is_switched_off():
    farewell = [Effect.build("farewell", ["draw 1"])]
    for off, first in ((frozenset(), "Bob's Friend"), (frozenset({"501.1.1"}), "Alice's Friend")):
        board = board_with((character("Alice's Friend", inspiration=3, effects=farewell), 0, Zone.ADVENTURE, 1),
                           (character("Bob's Friend", inspiration=3, effects=farewell), 1, Zone.ADVENTURE, 1),
                           (SCOOT, 0, Zone.MAIN_DECK, None), (SCOOT, 1, Zone.MAIN_DECK, None))
        board.off = off
        at_phase(board, "exchange")
        assert texts(board, "502.1.0", None)[0].startswith(first)


def test_an_effect_triggered_during_a_resolution_resolves_once_it_is_finished_before_the_others():
    bouncer = character("Bouncer", cost=0, effects=[Effect.build("entrance", ["remove opponent's character"]),
                                                   Effect.build("entrance", ["draw 1"])])
    leaver = character("Leaver", effects=[Effect.build("farewell", ["draw 1"])])
    board = board_with((bouncer, 0, Zone.HAND, None), (leaver, 1, Zone.ADVENTURE, 2), (BELLE, 0, Zone.MAIN_DECK, None),
                       (SCOOT, 1, Zone.MAIN_DECK, None))
    state = at_phase(board)
    card = _play(state, board, "Bouncer", 0)
    state.apply_action(Action("resolve", 0, card.id, ability=0))
    resolved = [text.split(":")[0] for text in texts(board, "502.1.0", None)]
    assert resolved == ["Bouncer's entrance effect resolves", "Leaver's farewell effect resolves",
                        "Bouncer's entrance effect resolves"]
    assert texts(board, "501.1.2") == ["Leaver's farewell effect triggered while Bouncer's entrance effect resolved: it "
                                       "resolves now that Bouncer's entrance effect has finished"]
    assert card_named(board, "Leaver").zone == Zone.REST and len(board.players[1].hand) == 1
    board = board_with((bouncer, 0, Zone.HAND, None), (leaver, 1, Zone.ADVENTURE, 2), (BELLE, 0, Zone.MAIN_DECK, None),
                       (SCOOT, 1, Zone.MAIN_DECK, None))
    board.off = frozenset({"501.1.2"})
    state = at_phase(board)
    card = _play(state, board, "Bouncer", 0)
    state.apply_action(Action("resolve", 0, card.id, ability=0))
    assert [text.split(":")[0] for text in texts(board, "502.1.0", None)] == [
        "Bouncer's entrance effect resolves", "Bouncer's entrance effect resolves", "Leaver's farewell effect resolves"]


def test_a_continuous_effect_starts_and_stops_with_its_condition():
    fan = character("Fan", inspiration=1, effects=[
        Effect.build("passive", ["inspiration +2 self"], condition="as long as your adventure zone has Unicorn")])
    board = board_with((fan, 0, Zone.ADVENTURE, 0), (BELLE, 0, Zone.HAND, None), (MEADOW, 0, Zone.SCENE, None),
                       (MEADOW, 0, Zone.SCENE, None))
    state = at_phase(board)
    fan_card = card_named(board, "Fan")
    assert effects.inspiration(board, fan_card)[0] == 1
    belle = _play(state, board, "Sweetie Belle", 1, ("Meadow", "Meadow #2"))
    assert effects.inspiration(board, fan_card) == (3, ["base 1", "+2 while Fan's effect applies"])
    assert texts(board, "501.2.0") == ["Fan's passive effect starts applying, as its condition became true: Passive: "
                                       "As long as your Adventure Zone has a Unicorn, this card gets +2 Inspiration."]
    play_on(state, f"p0 effect remove #{belle.id}")
    assert effects.inspiration(board, fan_card)[0] == 1 and "stops applying" in texts(board, "501.2.0")[-1]
    assert texts(board, "501.5.0", "allowed") == [
        "Fan's passive effect checks 'as long as your Adventure Zone has a Unicorn': Alice's adventure zone has Sweetie "
        "Belle with the keyword Unicorn"]
    assert texts(board, "501.5.0", "check") == [
        "Fan's passive effect checks 'as long as your Adventure Zone has a Unicorn': Alice's adventure zone has no card "
        "with the keyword Unicorn, so it does not apply"]
    board = board_with((fan, 0, Zone.ADVENTURE, 0))
    board.off = frozenset({"501.5.0"})
    at_phase(board)
    assert effects.inspiration(board, card_named(board, "Fan"))[0] == 3


def test_continuous_effects_update_after_the_resolution_that_changed_their_condition():
    fan = character("Fan", inspiration=1, effects=[
        Effect.build("passive", ["inspiration +2 self"], condition="as long as your adventure zone has Unicorn")])
    purge = Printed.build("Purge", "Event", cost=0, effects=[
        Effect.build("event", ["remove your character keyword Unicorn", "draw 1"])])
    for off in (frozenset(), frozenset({"501.2.1"})):
        board = board_with((fan, 0, Zone.ADVENTURE, 0), (BELLE, 0, Zone.ADVENTURE, 1), (purge, 0, Zone.HAND, None),
                           (SCOOT, 0, Zone.MAIN_DECK, None))
        board.off = off
        state = at_phase(board)
        mark = len(board.trace)
        _play(state, board, "Purge")
        order = [step.rule for step in board.trace.since(mark) if step.rule in ("501.2.0", "601.0.0") and step.kind == "step"]
        if not off:
            assert order == ["601.0.0", "501.2.0"]
            assert texts(board, "501.2.1", "check") == [
                "1 continuous effect(s) would change, but an effect is resolving: continuous effects update after that "
                "resolution ends"] * 2
            assert texts(board, "501.2.1") == ["the resolution of Purge's event effect has ended: continuous effects update"]
        else:
            assert order == ["501.2.0", "601.0.0"]


def test_conditions_are_checked_before_an_effect_activates():
    friendly = character("Friendly", cost=0, keywords=["Unicorn"], effects=[
        Effect.build("entrance", ["draw 1"], condition="if there is another Unicorn in your adventure zone")])
    board = board_with((friendly, 0, Zone.HAND, None), (friendly, 0, Zone.HAND, None), (SCOOT, 0, Zone.MAIN_DECK, None),
                       (SCOOT, 0, Zone.MAIN_DECK, None))
    state = at_phase(board)
    _play(state, board, "Friendly", 0)
    assert len(board.players[0].hand) == 1 and texts(board, "501.5.0", "check") == [
        "Friendly's entrance effect checks 'if there is another Unicorn in your Adventure Zone': Alice's adventure zone "
        "has no other card with the keyword Unicorn, so it does not activate"]
    _play(state, board, "Friendly #2", 1)
    assert len(board.players[0].hand) == 1 and [c.label for c in board.players[0].hand] == ["Scootaloo"]
    assert texts(board, "501.5.0", "allowed") == [
        "Friendly #2's entrance effect checks 'if there is another Unicorn in your Adventure Zone': Alice's adventure "
        "zone has Friendly with the keyword Unicorn"]


def test_a_harmony_requirement_checks_the_scenes_that_paid():
    study = Printed.build("Study", "Event", cost=2, effects=[
        Effect.build("event", ["draw 2"], condition="if you paid harmony with 2 different scenes")])
    board = board_with((study, 0, Zone.HAND, None), (study, 0, Zone.HAND, None), (MEADOW, 0, Zone.SCENE, None),
                       (MEADOW, 0, Zone.SCENE, None), (GARDEN, 0, Zone.SCENE, None), (MEADOW, 0, Zone.SCENE, None),
                       *[(SCOOT, 0, Zone.MAIN_DECK, None)] * 4)
    state = at_phase(board)
    _play(state, board, "Study", paying=("Meadow", "Meadow #2"))
    assert len(board.players[0].hand) == 1 and texts(board, "608.0.0", "check") == [
        "Study's event effect requires that Harmony was paid with 2 different Scenes: Harmony was paid with 1 "
        "different Scene"]
    _play(state, board, "Study #2", paying=("Garden", "Meadow #3"))
    assert len(board.players[0].hand) == 2


def test_an_optional_effect_may_be_declined_and_a_mandatory_one_must_be_used():
    polite = character("Polite", cost=0, effects=[Effect.build("entrance", ["draw 1"], optional=True)])
    eager = character("Eager", cost=0, effects=[Effect.build("entrance", ["draw 1"])])
    board = board_with((polite, 0, Zone.HAND, None), (eager, 0, Zone.HAND, None), (SCOOT, 0, Zone.MAIN_DECK, None),
                       (SCOOT, 0, Zone.MAIN_DECK, None))
    state = at_phase(board)
    card = _play(state, board, "Polite", 0)
    assert state.pending.rule == "501.1.0" and set(state.legal_actions()) == {
        Action("use", 0, card.id, ability=0), Action("decline", 0, card.id, ability=0)}
    with pytest.raises(IllegalAction, match=r"^501\.1\.0: the game waits for a decision about Polite's entrance effect"):
        state.apply_action(Action("use", 0, card_named(board, "Eager").id, ability=0))
    state.apply_action(Action("decline", 0, card.id, ability=0))
    assert len(board.players[0].hand) == 1 and texts(board, "501.1.0") == [
        "Alice declines Polite's entrance effect: its text says 'may', so it need not be used"]
    eager_card = card_named(board, "Eager")
    with pytest.raises(IllegalAction, match=r"^501\.1\.0: Eager's entrance effect must be used"):
        state.apply_action(Action("decline", 0, eager_card.id, ability=0))


def test_an_effect_resolves_as_much_as_possible():
    storm = Printed.build("Storm", "Event", cost=0, effects=[Effect.build("event", ["tap opponent's character", "draw 1"])])
    fizzle = Printed.build("Fizzle", "Event", cost=0, effects=[Effect.build("event", ["remove opponent's character"])])
    board = board_with((storm, 0, Zone.HAND, None), (fizzle, 0, Zone.HAND, None), (SCOOT, 0, Zone.MAIN_DECK, None))
    state = at_phase(board)
    _play(state, board, "Storm")
    _play(state, board, "Fizzle")
    assert texts(board, "502.1.0", None)[1:] == [
        "part of Storm's event effect can't be completed (tap an opponent's Character): the rest resolves as much as "
        "possible",
        "Fizzle's event effect resolves: Event: Remove an opponent's Character.",
        "part of Fizzle's event effect can't be completed (remove an opponent's Character): the rest resolves as much as "
        "possible",
        "none of Fizzle's event effect can resolve: it is skipped, and it was still used, as nothing prohibits it"]
    assert [c.label for c in board.players[0].hand] == ["Scootaloo"]
    board = board_with((storm, 0, Zone.HAND, None), (SCOOT, 0, Zone.MAIN_DECK, None))
    board.off = frozenset({"502.1.0"})
    state = at_phase(board)
    _play(state, board, "Storm")
    assert board.players[0].hand == [] and board.players[0].main_deck
