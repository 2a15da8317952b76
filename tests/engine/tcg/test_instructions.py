"""The instructions of card text (section VI), each checked by its rule
and carried out by its step; a caller may have them carried out as free
actions (``p0 effect draw 2``)."""

import pytest

from rulebase.engine.errors import IllegalAction
from rulebase.engine.game import CHANCE, Outcome, Termination
from rulebase.engine.tcg.actions import Action
from rulebase.engine.tcg.board import Zone
from rulebase.engine.tcg.cards import Printed
from rulebase.engine.tcg.text import Effect

from .helpers import (
    BELLE,
    CAPE,
    GARDEN,
    SCOOT,
    at_phase,
    board_with,
    card_named,
    character,
    play_on,
    texts,
)


def _event(*instructions):
    return Printed.build("Spell", "Event", cost=0, effects=[Effect.build("event", list(instructions))])


def _cast(state, board, label="Spell"):
    state.apply_action(Action("play", 0, card_named(board, label).id))


def test_a_player_draws_as_many_as_possible_and_loses_only_when_not_one_can_be_drawn():
    board = board_with((_event("draw 3"), 0, Zone.HAND, None), (SCOOT, 0, Zone.MAIN_DECK, None),
                       (BELLE, 0, Zone.MAIN_DECK, None))
    state = at_phase(board)
    _cast(state, board)
    assert len(board.players[0].hand) == 2 and not state.is_terminal()
    assert texts(board, "601.0.0", "note") == [
        "Alice's Main Deck has fewer cards than needed: Alice draws as many as possible (2)"]
    play_on(state, "p0 effect draw 1")
    assert state.outcome() == Outcome(Termination.WIN, 1)
    assert texts(board, "601.0.0")[-1] == ("Alice must draw but their Main Deck is empty: Alice cannot draw when "
                                            "required and loses the game")


def test_discarding_is_the_discarding_players_choice_from_their_hand():
    board = board_with((_event("discard 1 opponent"), 0, Zone.HAND, None), (SCOOT, 1, Zone.HAND, None),
                       (BELLE, 1, Zone.HAND, None))
    state = at_phase(board)
    _cast(state, board)
    assert state.pending.player == 1 and state.pending.rule == "602.0.0"
    belle = card_named(board, "Sweetie Belle")
    with pytest.raises(IllegalAction, match=r"^602\.0\.0: Spell is not in Bob's hand"):
        state.apply_action(Action("discard", 1, card_named(board, "Spell").id))
    state.apply_action(Action("discard", 1, belle.id))
    assert belle.zone == Zone.REST and texts(board, "602.0.0") == ["Bob discards Sweetie Belle: it is placed in the Rest Zone"]
    with pytest.raises(IllegalAction, match=r"^602\.0\.0: Alice has no card in hand to discard"):
        state.apply_action(Action.parse("p0 effect discard 1"))


def test_tapping_and_untapping_need_a_card_in_the_other_state():
    board = board_with((SCOOT, 1, Zone.ADVENTURE, 0), (GARDEN, 0, Zone.SCENE, None), (BELLE, 0, Zone.HAND, None))
    state = at_phase(board)
    scoot, garden = card_named(board, "Scootaloo"), card_named(board, "Garden")
    play_on(state, f"p0 effect tap #{scoot.id}")
    assert scoot.tapped
    with pytest.raises(IllegalAction, match=r"^610\.0\.0: Scootaloo is already tapped"):
        play_on(state, f"p0 effect tap #{scoot.id}")
    with pytest.raises(IllegalAction, match=r"^610\.0\.0: Garden is already upright"):
        play_on(state, f"p0 effect untap #{garden.id}")
    with pytest.raises(IllegalAction, match=r"^610\.0\.0: Sweetie Belle is not a Character in the Adventure Zone"):
        play_on(state, f"p0 effect tap #{card_named(board, 'Sweetie Belle').id}")


def test_removing_and_returning_a_character_discards_its_item_and_triggers_its_farewell():
    leaver = character("Leaver", effects=[Effect.build("farewell", ["draw 1"])])
    board = board_with((leaver, 1, Zone.ADVENTURE, 0), (CAPE, 1, Zone.ADVENTURE, "Leaver"), (SCOOT, 1, Zone.ADVENTURE, 1),
                       (BELLE, 1, Zone.MAIN_DECK, None), (BELLE, 0, Zone.HAND, None))
    state = at_phase(board)
    leaver_card, cape, scoot = (card_named(board, n) for n in ("Leaver", "Cape", "Scootaloo"))
    play_on(state, f"p0 effect remove #{leaver_card.id}")
    assert leaver_card.zone == cape.zone == Zone.REST and len(board.players[1].hand) == 1
    assert texts(board, "203.0.0") == ["Leaver leaves the Adventure Zone: its Item, Cape, is also discarded"]
    play_on(state, f"p0 effect return #{scoot.id}")
    assert scoot.zone == Zone.HAND
    with pytest.raises(IllegalAction, match=r"^605\.0\.0: Scootaloo is not a Character in the Adventure Zone"):
        play_on(state, f"p0 effect remove #{scoot.id}")


def test_a_character_moves_only_to_an_empty_space_when_an_effect_says_so():
    board = board_with((_event("move your character"), 0, Zone.HAND, None), (SCOOT, 0, Zone.ADVENTURE, 0),
                       (BELLE, 0, Zone.ADVENTURE, 1))
    state = at_phase(board)
    _cast(state, board)
    assert state.pending.rule == "502.1.0"
    scoot = card_named(board, "Scootaloo")
    state.apply_action(Action("target", 0, scoot.id))
    assert state.history[-1].action == Action("space", 0, space=2) and state.history[-1].automatic
    assert board.players[0].adventure[2] is scoot
    assert texts(board, "603.0.0") == ["Scootaloo moves to the right space of Alice's Adventure Zone, as Spell's event "
                                       "effect says"]
    board.put(board.new_card(SCOOT, 0), Zone.ADVENTURE, space=0)
    with pytest.raises(IllegalAction, match=r"^603\.0\.0: Alice's Adventure Zone has no empty space"):
        play_on(state, f"p0 effect move #{scoot.id} to left")


def test_a_new_plan_goes_on_the_highest_stage_without_one_and_top_cards_are_used_without_drawing():
    board = board_with((_event("plan", "scene", "look 2", "reveal 1"), 0, Zone.HAND, None),
                       (SCOOT, 0, Zone.MAIN_DECK, None), (BELLE, 0, Zone.MAIN_DECK, None), (CAPE, 0, Zone.MAIN_DECK, None),
                       (GARDEN, 0, Zone.SCENE_DECK, None), (BELLE, 0, Zone.PLANS, 4))
    state = at_phase(board)
    _cast(state, board)
    assert board.players[0].plans[2] is card_named(board, "Scootaloo")
    assert texts(board, "304.7.0") == ["Scootaloo becomes a Plan on Stage 3 of Alice's Story, the highest-numbered "
                                       "stage without a Plan"]
    assert card_named(board, "Garden").zone == Zone.SCENE
    assert texts(board, "609.0.0")[-1] == "Alice looks at the top 2 cards of their Main Deck without drawing: Sweetie " \
                                          "Belle, Cape"
    assert texts(board, "611.0.0") == ["Alice reveals the top 1 card of their Main Deck to all players (Sweetie Belle); "
                                       "they stay where they are"]
    assert [card.label for card in board.players[0].main_deck] == ["Sweetie Belle", "Cape"]
    for stage in (1, 2):
        board.put(board.new_card(BELLE, 0), Zone.PLANS, stage=stage)
    with pytest.raises(IllegalAction, match=r"^304\.7\.0: every stage of Alice's Story has a Plan"):
        play_on(state, "p0 effect plan")
    with pytest.raises(IllegalAction, match=r"^609\.0\.0: Alice's Scene Deck is empty"):
        play_on(state, "p0 effect scene")


def test_a_deck_reshuffled_during_the_game_is_cut_again():
    board = board_with((_event("shuffle"), 0, Zone.HAND, None), (SCOOT, 0, Zone.MAIN_DECK, None),
                       (BELLE, 0, Zone.MAIN_DECK, None), (CAPE, 0, Zone.MAIN_DECK, None))
    state = at_phase(board)
    _cast(state, board)
    assert state.current_player() == CHANCE and state.pending.kind == "shuffle Alice's main deck"
    ids = [card.id for card in board.players[0].main_deck]
    with pytest.raises(IllegalAction, match=r"^103\.1\.1: a shuffle must hold exactly the cards"):
        state.apply_action(Action("shuffle", -1, order=tuple(ids[:2]), zone=Zone.MAIN_DECK, owner=0))
    state.apply_action(Action("shuffle", -1, order=tuple(reversed(ids)), zone=Zone.MAIN_DECK, owner=0))
    assert state.pending.kind == "Bob cuts Alice's main deck"
    state.apply_action(Action("cut", -1, zone=Zone.MAIN_DECK, owner=0, amount=1))
    assert [card.label for card in board.players[0].main_deck] == ["Sweetie Belle", "Scootaloo", "Cape"]
    assert texts(board, "glossary/cut") == ["Bob cuts Alice's main deck: 1 card from the top go to the bottom"]


def test_a_chosen_target_must_fit_the_words_of_the_effect():
    board = board_with((_event("inspiration +2 your character keyword Unicorn"), 0, Zone.HAND, None),
                       (SCOOT, 0, Zone.ADVENTURE, 0), (BELLE, 0, Zone.ADVENTURE, 1), (BELLE, 1, Zone.ADVENTURE, 1),
                       (BELLE, 0, Zone.ADVENTURE, 2))
    state = at_phase(board)
    _cast(state, board)
    mine = [card_named(board, "Sweetie Belle"), card_named(board, "Sweetie Belle #3")]
    assert state.legal_actions() == [Action("target", 0, card.id) for card in mine]
    with pytest.raises(IllegalAction, match=r"^502\.1\.0: Scootaloo is not a Unicorn Character of yours"):
        state.apply_action(Action("target", 0, card_named(board, "Scootaloo").id))
    with pytest.raises(IllegalAction, match=r"^502\.1\.0: Sweetie Belle #2 is not"):
        state.apply_action(Action("target", 0, card_named(board, "Sweetie Belle #2").id))
    state.apply_action(Action("target", 0, mine[1].id))
    assert [boost.amount for boost in mine[1].boosts] == [2]
