"""What players may see and touch (301.0.0-308.0.0): looking at, counting
and rearranging zones are free actions the rules allow or refuse, and a
player's observation is built from the same rules."""

import pytest

from rulebase.engine.errors import IllegalAction
from rulebase.engine.tcg.actions import Action
from rulebase.engine.tcg.board import Zone
from rulebase.engine.tcg.visibility import observation

from .helpers import BELLE, CAPE, GARDEN, SCOOT, at_phase, board_with, card_named, texts


def _board():
    return board_with((BELLE, 0, Zone.HAND, None), (SCOOT, 0, Zone.HAND, None), (SCOOT, 1, Zone.HAND, None),
                      (BELLE, 0, Zone.MAIN_DECK, None), (CAPE, 1, Zone.MAIN_DECK, None), (GARDEN, 1, Zone.SCENE_DECK, None),
                      (SCOOT, 1, Zone.ADVENTURE, 1), (GARDEN, 0, Zone.SCENE, None), (BELLE, 1, Zone.PLANS, 2),
                      (CAPE, 0, Zone.REST, None), (BELLE, 0, Zone.REST, None))


@pytest.mark.parametrize("text, rule", [
    ("p0 look p0.main-deck", "301.0.0"), ("p0 look p1.scene-deck", "302.0.0"), ("p0 look p1.plans", "304.3.0"),
    ("p1 look p1.plans", "304.3.0"), ("p0 look p1.hand", "307.0.0"), ("p0 arrange p0.main-deck #13 #14", "301.0.0"),
    ("p0 arrange p1.rest-zone", "306.3.0"), ("p0 arrange p0.story-zone", "304.6.0"), ("p0 arrange p1.hand", "307.0.0"),
    ("p0 arrange p0.scene-zone", "305.0.0"), ("p0 arrange p0.adventure-zone", "303.2.0"),
])
def test_hidden_zones_and_fixed_orders_are_refused_by_their_rule(text, rule):
    state = at_phase(_board())
    with pytest.raises(IllegalAction) as refused:
        state.apply_action(Action.parse(text))
    assert refused.value.rule == rule


@pytest.mark.parametrize("text, rule", [
    ("p0 count p1.main-deck", "301.0.0"), ("p1 count p1.scene-deck", "302.0.0"), ("p0 look p1.adventure-zone", "303.1.0"),
    ("p0 look p1.story-zone", "304.2.0"), ("p0 count p1.plans", "304.3.0"), ("p0 look p1.scene-zone", "305.0.0"),
    ("p1 look p0.rest-zone", "306.1.0"), ("p0 look p0.hand", "307.0.0"), ("p0 count p1.hand", "307.0.0"),
    ("p1 look p1.resolution-zone", "308.0.0"),
])
def test_public_zones_and_counts_are_allowed_by_their_rule_and_change_nothing(text, rule):
    board = _board()
    state = at_phase(board)
    before = [(card.zone, card.tapped) for card in board.cards]
    pending = state.pending
    state.apply_action(Action.parse(text))
    assert [(card.zone, card.tapped) for card in board.cards] == before and state.pending is pending
    assert [step.rule for step in board.trace if step.kind == "allowed"][-1] == rule


def test_a_player_rearranges_their_own_rest_zone_and_hand_with_the_same_cards():
    board = _board()
    state = at_phase(board)
    rest = [card.id for card in board.players[0].rest]
    with pytest.raises(IllegalAction, match=r"^306\.3\.0: a new order must hold exactly the cards of Alice's rest zone"):
        state.apply_action(Action("arrange", 0, order=(rest[0],), zone=Zone.REST, owner=0))
    state.apply_action(Action("arrange", 0, order=tuple(reversed(rest)), zone=Zone.REST, owner=0))
    assert [card.id for card in board.players[0].rest] == list(reversed(rest))
    assert texts(board, "306.3.0") == ["Alice rearranges their rest zone"]
    hand = tuple(reversed([card.id for card in board.players[0].hand]))
    state.apply_action(Action("arrange", 0, order=hand, zone=Zone.HAND, owner=0))
    assert tuple(card.id for card in board.players[0].hand) == hand


def test_an_observation_shows_public_zones_and_counts_hidden_ones():
    board = _board()
    alice = observation(board, 0)["players"]
    assert alice["Alice"]["zones"]["hand"] == ["Sweetie Belle", "Scootaloo"]
    assert alice["Bob"]["zones"]["hand"] == 1 and alice["Bob"]["zones"]["main deck"] == 1
    assert alice["Bob"]["zones"]["adventure zone"] == ["Scootaloo #3 (middle)"]
    assert alice["Bob"]["zones"]["plans"] == ["Stage 2: a face-down Plan"]
    assert alice["Alice"]["zones"]["story zone"][0] == "Twilight Sparkle" and alice["Alice"]["stage"] == 0
    assert observation(board, 1)["players"]["Bob"]["zones"]["hand"] == ["Scootaloo #2"]
    board.off = frozenset({"307.0.0"})
    assert "hand" not in observation(board, 0)["players"]["Bob"]["zones"]
    state = at_phase(_board())
    assert state.observation(1)["players"]["Alice"]["zones"]["hand"] == 2
    assert state.observation(1)["players"]["Alice"]["zones"]["scene zone"] == [card_named(state.board, "Garden #2").label]


def test_a_revealed_card_is_seen_by_all_players_and_a_card_looked_at_by_its_player_until_it_moves():
    from rulebase.engine.tcg import instructions
    from rulebase.engine.tcg.effects import Context
    from rulebase.engine.tcg.visibility import sees

    board = _board()
    top, cape = card_named(board, "Sweetie Belle #2"), card_named(board, "Cape")
    ctx = Context(None, None, 0)
    assert not sees(board, 0, top) and not sees(board, 1, top)
    instructions.look(board, ctx, 0, 1)
    assert sees(board, 0, top) and not sees(board, 1, top)
    assert observation(board, 0)["players"]["Alice"]["shown"] == ["Sweetie Belle #2 (main deck, on top)"]
    assert "shown" not in observation(board, 1)["players"]["Alice"]
    instructions.reveal(board, ctx, 1, 1)
    assert sees(board, 0, cape) and sees(board, 1, cape)
    board.put(top, Zone.HAND)
    board.put(top, Zone.MAIN_DECK)
    assert not sees(board, 0, top)
    board.off = frozenset({"611.0.0"})
    board.shown.clear()
    instructions.reveal(board, ctx, 1, 1)
    assert not sees(board, 0, cape)
