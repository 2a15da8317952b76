"""Cards changing zones: drawing, discarding, the Rest Zone, the Resolution
Zone of Farewells, Items discarded with their Character, new Plans and
Scenes."""

from rulebase.engine.tcg import zones
from rulebase.engine.tcg.board import Zone
from rulebase.engine.tcg.text import Effect

from .helpers import (
    BELLE,
    CAPE,
    GARDEN,
    SCOOT,
    board_with,
    card_named,
    character,
    texts,
)


def test_drawing_takes_the_top_cards_and_an_empty_deck_loses_the_game():
    board = board_with((SCOOT, 0, Zone.MAIN_DECK, None), (BELLE, 0, Zone.MAIN_DECK, None))
    assert zones.draw(board, 0, 1) == 1 and [c.label for c in board.players[0].hand] == ["Scootaloo"]
    assert zones.draw(board, 0, 5) == 1 and board.wins == {}
    assert zones.draw(board, 0, 1) == 0 and board.wins == {1: "104.2.0"}


def test_a_character_with_a_farewell_waits_in_the_resolution_zone_and_its_item_is_discarded():
    leaver = character("Leaver", effects=[Effect.build("farewell", ["draw 1"])])
    board = board_with((leaver, 0, Zone.ADVENTURE, 1), (CAPE, 0, Zone.ADVENTURE, "Leaver"), (SCOOT, 0, Zone.ADVENTURE, 0))
    card, cape, scoot = card_named(board, "Leaver"), card_named(board, "Cape"), card_named(board, "Scootaloo")
    zones.leave_adventure(board, card, Zone.REST, "it lost an Exchange")
    assert card.zone == Zone.RESOLUTION and card.destination == Zone.REST and cape.zone == Zone.REST
    assert [trigger.card for trigger in board.triggers] == [card]
    zones.finish_resolving(board, card)
    assert card.zone == Zone.RESOLUTION
    board.triggers.clear()
    zones.finish_resolving(board, card)
    assert card.zone == Zone.REST
    zones.leave_adventure(board, scoot, Zone.HAND, "returned")
    assert scoot.zone == Zone.HAND and texts(board, "605.0.0") == ["Scootaloo is returned to Alice's hand, as the effect says"]
    board.off = frozenset({"308.0.0"})
    other = board.new_card(leaver, 1)
    board.put(other, Zone.ADVENTURE, space=2)
    zones.leave_adventure(board, other, Zone.REST, "removed")
    assert other.zone == Zone.REST


def test_new_plans_go_on_the_highest_free_stage_and_scenes_come_from_the_top_of_the_scene_deck():
    board = board_with((SCOOT, 0, Zone.MAIN_DECK, None), (BELLE, 0, Zone.MAIN_DECK, None), (GARDEN, 0, Zone.SCENE_DECK, None),
                       (CAPE, 0, Zone.PLANS, 4))
    assert zones.highest_free_stage(board, 0) == 3
    zones.top_card_becomes_a_plan(board, 0)
    assert board.players[0].plans[2].label == "Scootaloo"
    zones.add_top_scene(board, 0)
    assert board.players[0].scenes[0].label == "Garden" and not board.players[0].scenes[0].face_down


def test_cards_go_to_the_rest_zone_as_the_discard_pile_and_stay_where_they_are_without_306_0_0():
    board = board_with((SCOOT, 0, Zone.HAND, None), (BELLE, 0, Zone.ADVENTURE, 0))
    scoot, belle = card_named(board, "Scootaloo"), card_named(board, "Sweetie Belle")
    assert zones.discard(board, 0, scoot) is not None and scoot.zone == Zone.REST
    assert texts(board, "306.0.0") == ["Scootaloo is placed in Alice's Rest Zone, the discard pile for used cards"]
    board.off = frozenset({"306.0.0"})
    zones.leave_adventure(board, belle, Zone.REST, "removed")
    assert belle.zone == Zone.ADVENTURE and texts(board, "306.2.0") == []
