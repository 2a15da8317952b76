"""The board: zones, spaces, Items on their Characters, Plans on their
stages, and what a card loses when it changes zones (606.0.0, 607.0.0)."""

from rulebase.engine.tcg.board import Boost, Zone

from .helpers import BELLE, SADDLE, SCOOT, board_with, card_named, rules_of


def test_cards_are_in_one_zone_at_a_time_and_zones_keep_their_order():
    board = board_with((BELLE, 0, Zone.MAIN_DECK, None), (SCOOT, 0, Zone.MAIN_DECK, None), (BELLE, 1, Zone.HAND, None))
    alice = board.players[0]
    assert [card.label for card in alice.main_deck] == ["Sweetie Belle", "Scootaloo"]
    belle = alice.main_deck[0]
    board.put(belle, Zone.ADVENTURE, space=2)
    assert alice.main_deck == [card_named(board, "Scootaloo")] and alice.adventure[2] is belle
    assert board.opposing(belle) is None and board.where(belle) == "Alice's right space"
    bob_belle = card_named(board, "Sweetie Belle #2")
    board.put(bob_belle, Zone.ADVENTURE, space=2)
    assert board.opposing(belle) is bob_belle and board.characters() == [belle, bob_belle]
    board.put(belle, Zone.MAIN_DECK)
    assert alice.main_deck[0] is belle and alice.adventure[2] is None


def test_an_item_is_attached_in_its_characters_space_and_plans_sit_on_stages():
    board = board_with((BELLE, 0, Zone.ADVENTURE, 1), (SADDLE, 0, Zone.ADVENTURE, "Sweetie Belle"),
                       (SCOOT, 1, Zone.PLANS, 3))
    belle, saddle, plan = (card_named(board, label) for label in ("Sweetie Belle", "Saddlebag", "Scootaloo"))
    assert belle.item is saddle and saddle.host is belle and saddle.space == 1
    assert board.zone_list(Zone.ADVENTURE, 0) == [belle, saddle]
    assert board.players[1].plans[2] is plan and plan.face_down and plan.stage == 3
    board.put(plan, Zone.REST)
    assert board.players[1].plans == [None] * 4 and not plan.face_down
    assert board.zone_cards(Zone.STORY, 0)[0].label == "Twilight Sparkle"


def test_leaving_the_adventure_zone_ends_inspiration_changes_and_the_lasting_effects_the_card_gave():
    board = board_with((BELLE, 0, Zone.ADVENTURE, 0), (SCOOT, 0, Zone.ADVENTURE, 1))
    belle, scoot = card_named(board, "Sweetie Belle"), card_named(board, "Scootaloo")
    belle.boosts.append(Boost(1))
    scoot.boosts.append(Boost(2, belle.id, belle.incarnation, belle.label))
    scoot.boosts.append(Boost(1))
    belle.tapped = True
    board.put(belle, Zone.REST)
    assert belle.boosts == [] and not belle.tapped and [b.amount for b in scoot.boosts] == [1]
    assert rules_of(board) == ["607.0.0", "606.0.0"]
    board.off = frozenset({"606.0.0"})
    scoot.boosts.append(Boost(3, scoot.id, scoot.incarnation))
    board.put(scoot, Zone.REST)
    assert scoot.boosts == []
    board.off = frozenset({"607.0.0"})
    kept = board.new_card(BELLE, 0)
    board.put(kept, Zone.ADVENTURE, space=2)
    kept.boosts.append(Boost(2))
    board.put(kept, Zone.HAND)
    assert [b.amount for b in kept.boosts] == [2]
