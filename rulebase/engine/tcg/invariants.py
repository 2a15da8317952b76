"""What must hold after every step of any game, whatever the players do:
every card in exactly one zone (50 + 15 + 4 + 1 per player in a game made
from decks), one Character per space and one Item per Character, at most
one Plan per stage, the Main Character at a stage from 0 to IV, tapped and
face-down only where that means something, and the Turn Player within the
hand size once their turn is over.  A violation is a fault in the engine.

>>> from rulebase.engine.tcg.cards import Printed
>>> from rulebase.engine.tcg.board import Board, Zone
>>> board = Board(["Alice", "Bob"])
>>> card = board.new_card(Printed.build("Lyra", "Character", cost=1, inspiration=2), 0)
>>> board.put(card, Zone.HAND)
>>> card.tapped = True
>>> violations(board)
['610.0.0: Lyra is tapped in the hand, where cards are neither upright nor tapped']
"""

from __future__ import annotations

from rulebase.engine.errors import InvariantViolation
from rulebase.engine.tcg.board import ADVENTURE_SPACES, MAX_STAGE, Board, Zone
from rulebase.engine.tcg.cards import CardType
from rulebase.engine.tcg.turn import HAND_LIMIT

GAME_DECK = {"main deck": 50, "scene deck": 15, "story": 4, "main character": 1}


def _placed(board: Board) -> list[tuple]:
    """Every place a card is listed in: ``(card, zone, owner)``."""
    found = []
    for player in board.players:
        for zone in (Zone.MAIN_DECK, Zone.SCENE_DECK, Zone.HAND, Zone.REST, Zone.SCENE, Zone.STORY):
            found += [(card, zone, player.index) for card in board.zone_list(zone, player.index)]
        if player.main_character is not None:
            found.append((player.main_character, Zone.STORY, player.index))
        for card in player.adventure:
            if card is not None:
                found.append((card, Zone.ADVENTURE, player.index))
                if card.item is not None:
                    found.append((card.item, Zone.ADVENTURE, player.index))
        found += [(card, Zone.PLANS, player.index) for card in player.plans if card is not None]
    found += [(card, Zone.RESOLUTION, card.owner) for card in board.resolution]
    return found


def violations(board: Board, *, full_decks: bool = False) -> list[str]:
    """Every invariant the board breaks, in words; ``full_decks`` also
    counts each player's 70 cards (a game made from decks)."""
    found: list[str] = []
    seen: dict[int, tuple] = {}
    for card, zone, owner in _placed(board):
        place = f"{board.name(owner)}'s {zone}"
        if card.id in seen:
            found.append(f"308.0.0: {card.label} is in {seen[card.id]} and in {place}")
        seen[card.id] = place
        if card.zone is not zone:
            found.append(f"308.0.0: {card.label} is listed in {place} but marked as in the {card.zone}")
        if card.owner != owner:
            found.append(f"306.2.0: {card.label} is in {place} but owned by {board.name(card.owner)}")
    for card in board.cards:
        if card.id not in seen:
            found.append(f"308.0.0: {card.label} is in no zone (lost)")
    if full_decks:
        for player in board.players:
            count = sum(1 for card in board.cards if card.owner == player.index)
            if count != sum(GAME_DECK.values()):
                found.append(f"102.0.0: {player.name} has {count} cards in the game, not 70")
    for player in board.players:
        if not 0 <= player.stage <= MAX_STAGE:
            found.append(f"304.0.0: {player.name}'s Main Character is at stage {player.stage}")
        for space, card in enumerate(player.adventure):
            if card is None:
                continue
            if not card.is_character:
                found.append(f"303.0.0: {card.label}, a {card.type}, holds a space of the Adventure Zone")
            if card.space != space:
                found.append(f"303.0.0: {card.label} is in the {space} space but marked as in space {card.space}")
            item = card.item
            if item is not None and (item.host is not card or item.type != CardType.ITEM or item.space != space):
                found.append(f"203.0.0: {item.label} is attached to {card.label} but not in its space as its Item")
        if len(player.adventure) != ADVENTURE_SPACES:
            found.append(f"303.0.0: {player.name}'s Adventure Zone has {len(player.adventure)} spaces")
        for stage, plan in enumerate(player.plans, start=1):
            if plan is not None and (plan.stage != stage or not plan.face_down):
                found.append(f"304.3.0: {plan.label} is a Plan on Stage {stage} but not face-down there")
    for card in board.cards:
        if card.zone == Zone.ADVENTURE and card.type == CardType.ITEM and (card.host is None or card.host.item is not card):
            found.append(f"203.0.0: {card.label} is in the Adventure Zone attached to no Character")
        in_use = (card.zone == Zone.ADVENTURE and card.is_character) or (card.zone == Zone.SCENE)
        if card.tapped and not in_use:
            found.append(f"610.0.0: {card.label} is tapped in the {card.zone}, where cards are neither upright nor tapped")
        if card.face_down and card.zone not in (Zone.SCENE, Zone.PLANS):
            found.append(f"glossary/flip: {card.label} is face-down in the {card.zone}")
        if card.boosts and card.zone != Zone.ADVENTURE:
            found.append(f"607.0.0: {card.label} keeps Inspiration changes in the {card.zone}")
    if board.turn.step == "over" and len(board.turn_player.hand) > HAND_LIMIT:
        found.append(f"405.2.0: {board.turn_player.name} ends the turn with {len(board.turn_player.hand)} cards in hand")
    return found


def check(board: Board, *, full_decks: bool = False) -> None:
    """Raise :class:`InvariantViolation` if the board breaks an invariant."""
    found = violations(board, full_decks=full_decks)
    if found:
        raise InvariantViolation("; ".join(found))
