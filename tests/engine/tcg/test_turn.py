"""The turn (401.0.0-405.0.0): the Start Phase untaps, draws (not in the
first turn) and adds a Scene; the End Phase clears what lasts the turn and
the Turn Player discards down to 10, triggering nothing."""

from rulebase.engine.game import Outcome, Termination
from rulebase.engine.tcg.actions import Action
from rulebase.engine.tcg.board import Boost, Zone
from rulebase.engine.tcg.decide import CHECKPOINT
from rulebase.engine.tcg.text import Effect

from .helpers import (
    BELLE,
    CLOUDS,
    MEADOW,
    SCOOT,
    at_phase,
    board_with,
    card_named,
    character,
    rules_of,
    texts,
)


def _to(state, where: str):
    """Continue past pauses until the one at ``where`` (a phase or ``end of turn``)."""
    while state.pending is not None:
        request = state.pending
        if request.kind == CHECKPOINT and request.data["where"] == where:
            return state
        state.apply_action(request.default() if request.default else request.legal()[0])
    return state


def test_the_start_phase_untaps_draws_and_adds_a_scene():
    board = board_with((BELLE, 0, Zone.ADVENTURE, 0), (MEADOW, 0, Zone.SCENE, None), (SCOOT, 0, Zone.MAIN_DECK, None),
                       (CLOUDS, 0, Zone.SCENE_DECK, None))
    card_named(board, "Sweetie Belle").tapped = card_named(board, "Meadow").tapped = True
    state = _to(at_phase(board, "start"), "main")
    assert not card_named(board, "Sweetie Belle").tapped and not card_named(board, "Meadow").tapped
    assert [card.label for card in board.players[0].hand] == ["Scootaloo"]
    assert [card.label for card in board.players[0].scenes] == ["Meadow", "Clouds"]
    assert [rule for rule in rules_of(board, "step") if rule.startswith("402")] == ["402.0.0", "402.1.0", "402.2.0",
                                                                                 "402.3.0"]
    assert state.pending.data["where"] == "main"


def test_the_first_turn_has_no_draw_and_an_empty_scene_deck_skips_the_add_scene_step():
    board = board_with((SCOOT, 0, Zone.MAIN_DECK, None), turn=1)
    _to(at_phase(board, "start"), "main")
    assert board.players[0].hand == []
    assert texts(board, "402.2.0", "check") == ["it is the first turn of the game: the Draw Step is skipped"]
    assert texts(board, "402.3.0", "check") == ["Alice's Scene Deck is empty: the Add Scene Step is skipped"]
    board = board_with((SCOOT, 0, Zone.MAIN_DECK, None), turn=5)
    board.off = frozenset({"402.2.0"})
    _to(at_phase(board, "start"), "main")
    assert board.players[0].hand == [] and "402.2.0" not in rules_of(board)


def test_a_turn_player_whose_main_deck_is_empty_at_the_draw_step_loses():
    board = board_with((SCOOT, 1, Zone.MAIN_DECK, None))
    state = at_phase(board, "start")
    assert state.is_terminal() and state.outcome() == Outcome(Termination.WIN, 1)
    assert texts(board, "402.2.0") == ["Draw Step: Alice's Main Deck is empty: Alice loses the game"]
    assert texts(board, "104.2.0") == ["Alice tries to draw from an empty Main Deck: Bob wins the game"]


def test_the_end_phase_clears_changes_that_last_the_turn_and_the_turns_alternate():
    board = board_with((BELLE, 0, Zone.ADVENTURE, 0), (SCOOT, 1, Zone.MAIN_DECK, None))
    belle = card_named(board, "Sweetie Belle")
    belle.boosts.append(Boost(2))
    state = _to(at_phase(board, "end"), "end of turn")
    assert belle.boosts == [] and texts(board, "405.1.0") == [
        "the temporary effects on Sweetie Belle that last until end of turn clear (+2)"]
    state.apply_action(Action("continue", 0))
    assert (board.turn.number, board.turn.player) == (4, 1)
    assert texts(board, "401.0.0")[-1] == "the Start Phase begins"
    assert texts(board, "401.0.0", "note")[-1] == "turn 4: Bob is the Turn Player"


def test_the_turn_player_discards_down_to_ten_and_those_discards_trigger_nothing():
    echo = character("Echo", effects=[Effect.build("discard", ["draw 1"])])
    hand = [(echo, 0, Zone.HAND, None)] + [(SCOOT, 0, Zone.HAND, None)] * 11 + [(BELLE, 1, Zone.HAND, None)] * 12
    board = board_with(*hand, (SCOOT, 0, Zone.MAIN_DECK, None))
    state = at_phase(board, "end")
    assert state.pending.kind == "choose a card to discard down to 10" and state.pending.rule == "405.2.0"
    assert {action.card for action in state.legal_actions()} == {card.id for card in board.players[0].hand}
    echo_card = card_named(board, "Echo")
    state.apply_action(Action("discard", 0, echo_card.id))
    state.apply_action(state.legal_actions()[0])
    assert len(board.players[0].hand) == 10 and len(board.players[0].main_deck) == 1
    assert len(board.players[1].hand) == 12
    assert texts(board, "602.0.0", "check") == ["Echo is discarded due to hand size: its discard effect does not trigger"]
    assert texts(board, "307.0.0", "allowed") == [
        "Bob has 12 cards in hand but is not the Turn Player: there is no maximum hand size during the game"]


def test_with_the_rules_switched_off_a_hand_size_discard_triggers_and_only_the_turn_player_discards():
    echo = character("Echo", effects=[Effect.build("discard", ["draw 1"])])
    hand = [(echo, 0, Zone.HAND, None)] + [(SCOOT, 0, Zone.HAND, None)] * 10 + [(BELLE, 1, Zone.HAND, None)] * 11
    board = board_with(*hand, (SCOOT, 0, Zone.MAIN_DECK, None))
    board.off = frozenset({"602.0.0", "307.0.0"})
    state = at_phase(board, "end")
    state.apply_action(Action("discard", 0, card_named(board, "Echo").id))
    assert len(board.players[0].hand) == 11 and board.players[0].main_deck == []
    assert texts(board, "501.1.0") == ["Echo is discarded and its text says what happens then: its discard effect triggers"]
    assert state.pending.player == 0
    state.apply_action(state.legal_actions()[0])
    assert len(board.players[1].hand) == 11 and texts(board, "405.2.0", "allowed") == [
        "Bob has 11 cards in hand but is not the Turn Player: only the Turn Player discards down to 10 in the End Phase"]
    assert texts(board, "307.0.0", "allowed") == []
    board = board_with(*hand, (SCOOT, 0, Zone.MAIN_DECK, None))
    board.off = frozenset({"405.2.0"})
    state = _to(at_phase(board, "end"), "end of turn")
    assert len(board.players[0].hand) == 11


def test_without_402_0_0_the_start_phase_has_no_steps():
    board = board_with((BELLE, 0, Zone.ADVENTURE, 0), (SCOOT, 0, Zone.MAIN_DECK, None), (CLOUDS, 0, Zone.SCENE_DECK, None))
    card_named(board, "Sweetie Belle").tapped = True
    board.off = frozenset({"402.0.0"})
    _to(at_phase(board, "start"), "main")
    assert card_named(board, "Sweetie Belle").tapped and board.players[0].hand == [] and board.players[0].scenes == []
