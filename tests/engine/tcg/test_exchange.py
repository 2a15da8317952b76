"""The Exchange Phase (404.0.0-404.5.0): columns left to right, Exchanges
with Inspire, the loser discarded (both on a tie), a column of the Turn
Player alone leading to a Story action, others skipped."""

import pytest

from rulebase.engine.errors import IllegalAction
from rulebase.engine.tcg.actions import Action
from rulebase.engine.tcg.board import Zone
from rulebase.engine.tcg.exchange import INSPIRE_DECISION
from rulebase.engine.tcg.text import Effect

from .helpers import (
    BELLE,
    CLOUDS,
    GARDEN,
    SCOOT,
    advancing,
    at_phase,
    board_with,
    card_named,
    character,
    play_on,
    texts,
)


def test_the_exchange_phase_is_skipped_in_the_first_two_turns():
    board = board_with((BELLE, 0, Zone.ADVENTURE, 0), (SCOOT, 1, Zone.ADVENTURE, 0), turn=2)
    at_phase(board, "exchange")
    assert texts(board, "404.0.0", "check") == [
        "turn 2 is one of the first two turns of the game: the Exchange Phase is skipped"]
    assert card_named(board, "Scootaloo").zone == Zone.ADVENTURE
    board = board_with((BELLE, 0, Zone.ADVENTURE, 0), (SCOOT, 1, Zone.ADVENTURE, 0), turn=2)
    board.off = frozenset({"404.0.0"})
    at_phase(board, "exchange")
    assert card_named(board, "Scootaloo").zone == Zone.REST


def test_the_turn_player_then_the_opponent_inspire_and_the_higher_inspiration_wins():
    board = board_with((BELLE, 0, Zone.ADVENTURE, 0), (SCOOT, 1, Zone.ADVENTURE, 0), (GARDEN, 0, Zone.SCENE, None),
                       (GARDEN, 1, Zone.SCENE, None), (GARDEN, 1, Zone.SCENE, None), (CLOUDS, 1, Zone.SCENE, None))
    state = at_phase(board, "exchange")
    belle, scoot = card_named(board, "Sweetie Belle"), card_named(board, "Scootaloo")
    bob_gardens = [card for card in board.players[1].scenes if card.label.startswith("Garden")]
    assert state.pending.player == 0 and state.pending.kind == INSPIRE_DECISION and state.pending.rule == "404.5.0"
    with pytest.raises(IllegalAction, match=r"^404\.5\.0: the game waits for Alice"):
        state.apply_action(Action("inspire", 1, bob_gardens[0].id))
    state.apply_action(Action("pass", 0))
    assert state.pending.player == 1
    assert set(state.legal_actions()) == {Action("pass", 1)} | {Action("inspire", 1, card.id) for card in bob_gardens}
    clouds = card_named(board, "Clouds")
    with pytest.raises(IllegalAction, match=r"^404\.5\.0: Clouds has no Inspire effect"):
        state.apply_action(Action("inspire", 1, clouds.id))
    bob_gardens[0].tapped = True
    state.apply_action(Action("inspire", 1, bob_gardens[0].id))
    assert bob_gardens[0].face_down and [boost.amount for boost in scoot.boosts] == [2]
    with pytest.raises(IllegalAction, match=r"^204\.0\.0: Garden #2 is flipped face-down"):
        state.apply_action(Action("inspire", 1, bob_gardens[0].id))
    state.apply_action(Action("pass", 1))
    assert belle.zone == Zone.REST and scoot.zone == Zone.ADVENTURE
    assert texts(board, "404.5.0")[0] == "Sweetie Belle has 3 Inspiration, Scootaloo has 4: Scootaloo wins the Exchange"
    assert texts(board, "glossary/inspiration", "note") == [
        "Sweetie Belle's Inspiration is 3 (base 3)",
        "Scootaloo's Inspiration is 4 (base 2, +2 until end of turn from Garden #2)"]


def test_on_a_tie_both_characters_are_discarded_and_their_farewells_trigger_together():
    farewell = [Effect.build("farewell", ["draw 1"])]
    alice = character("Alice's Friend", inspiration=3, effects=farewell)
    bob = character("Bob's Friend", inspiration=3, effects=farewell)
    board = board_with((alice, 0, Zone.ADVENTURE, 1), (bob, 1, Zone.ADVENTURE, 1), (SCOOT, 0, Zone.MAIN_DECK, None),
                       (BELLE, 1, Zone.MAIN_DECK, None))
    at_phase(board, "exchange")
    assert texts(board, "404.5.0")[0].endswith("tied, both lose")
    assert [step.text for step in board.trace if step.rule == "502.1.0"] == [
        "Bob's Friend's farewell effect resolves: Farewell: Draw 1 card.",
        "Alice's Friend's farewell effect resolves: Farewell: Draw 1 card."]
    assert texts(board, "501.1.1") == ["effects of both players triggered at once: Bob's resolve first, then Alice's"]
    assert texts(board, "308.0.0")[0] == ("Alice's Friend has a Farewell effect: it waits in the Resolution Zone, in no "
                                          "other zone, while the effect resolves")
    assert card_named(board, "Alice's Friend").zone == card_named(board, "Bob's Friend").zone == Zone.REST
    assert [len(p.hand) for p in board.players] == [1, 1]


def test_each_column_is_checked_left_to_right():
    board = board_with((BELLE, 0, Zone.ADVENTURE, 0), (SCOOT, 1, Zone.ADVENTURE, 1), (SCOOT, 1, Zone.PLANS, 1))
    state = at_phase(board, "exchange")
    assert texts(board, "404.1.0") == ["the left column is checked: only Alice has a Character",
                                       "the middle column is checked: only Bob has a Character",
                                       "the right column is checked: neither player has a Character"]
    assert texts(board, "404.4.0", "check") == [
        "only Bob has a Character in the middle column: the column is skipped",
        "neither player has a Character in the right column: the column is skipped"]
    assert texts(board, "404.7.0")[0].startswith("Disrupt Plan: Alice flips Bob's Plan at Stage I")
    assert state.pending.data["where"] == "end"


def test_without_404_1_0_no_column_is_checked_and_without_404_4_0_no_column_is_skipped():
    def exchange_phase(off):
        board = board_with((BELLE, 0, Zone.ADVENTURE, 0), (SCOOT, 1, Zone.ADVENTURE, 0), (SCOOT, 1, Zone.ADVENTURE, 1))
        board.off = frozenset(off)
        advancing(at_phase(board, "exchange", checkpoints=False))
        return board

    unchecked = exchange_phase({"404.1.0"})
    assert texts(unchecked, "404.5.0") == [] and card_named(unchecked, "Scootaloo").zone == Zone.ADVENTURE
    unskipped = exchange_phase({"404.4.0"})
    assert texts(unskipped, "404.3.0") == [
        "Alice chooses an action for the middle column: Advance Story or Disrupt Plan",
        "Alice chooses an action for the right column: Advance Story or Disrupt Plan"]
    assert unskipped.players[0].stage == 2 and exchange_phase(()).players[0].stage == 0


def test_inspire_effects_name_the_character_of_the_exchange_and_a_removed_character_ends_it():
    spook = character("Spook", inspiration=1)
    board = board_with((spook, 0, Zone.ADVENTURE, 0), (SCOOT, 1, Zone.ADVENTURE, 0),
                       (GARDEN, 0, Zone.SCENE, None), (GARDEN, 0, Zone.SCENE, None))
    state = at_phase(board, "exchange")
    garden = card_named(board, "Garden")
    play_on(state, f"p0 inspire #{garden.id}", f"p0 effect remove #{card_named(board, 'Scootaloo').id}")
    assert [boost.amount for boost in card_named(board, "Spook").boosts] == [2]
    assert state.pending.kind == INSPIRE_DECISION
    play_on(state, "p0 pass")
    assert texts(board, "404.5.0", "note") == ["the left column no longer has two Characters: there is nothing to compare"]


def test_an_exchange_is_the_comparison_of_the_inspiration_of_opposing_characters():
    for off in (frozenset(), frozenset({"glossary/exchange"})):
        board = board_with((BELLE, 0, Zone.ADVENTURE, 0), (SCOOT, 1, Zone.ADVENTURE, 0))
        board.off = off
        at_phase(board, "exchange", checkpoints=False)
        if off:
            assert card_named(board, "Scootaloo").zone == Zone.ADVENTURE and texts(board, "404.5.0") == []
        else:
            assert card_named(board, "Scootaloo").zone == Zone.REST
            assert texts(board, "glossary/exchange") == [
                "Sweetie Belle and Scootaloo, opposing in the left column, compare their Inspiration"]
