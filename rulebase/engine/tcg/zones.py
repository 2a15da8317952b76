"""Cards changing zones: drawing (601.0.0), discarding (602.0.0), leaving
the Adventure Zone (to the Rest Zone, 306.2.0, or to the hand), passing
through the Resolution Zone (308.0.0), Items discarded with their
Character (203.0.0), Plans added to the Story (304.7.0, 604.0.0) and
Scenes added to the Scene Zone (402.3.0, 609.0.0).

Each change is a step unit; what triggers on the way (an Entrance, a
Farewell, a discard effect) is handed to :mod:`rulebase.engine.tcg.effects`."""

from __future__ import annotations

from rulebase.engine.tcg import ending
from rulebase.engine.tcg.board import MAX_STAGE, SPACES, Board, Card, Zone
from rulebase.engine.tcg.rules import check, step
from rulebase.engine.tcg.text import FAREWELL

# -- drawing ------------------------------------------------------------------------


@step("601.0.0", "{player} draws {card} from the top of their Main Deck")
def draw_card(board: Board, player: int):
    deck = board.players[player].main_deck
    if deck:
        card = deck[0]
        board.put(card, Zone.HAND)
        return {"player": board.name(player), "card": card.label}


@step("601.0.0", "{player} must draw but their Main Deck is empty: {player} cannot draw when required and loses "
                 "the game")
def cannot_draw(board: Board, player: int):
    if not board.players[player].main_deck:
        ending.opponent_draws_from_an_empty_deck(board, player)
        return {"player": board.name(player)}


def draw(board: Board, player: int, count: int = 1) -> int:
    """Draw ``count`` cards from the top of the Main Deck (601.0.0): as many
    as possible; a player who can't draw a single one loses (see the
    interpretation of 601.0.0).  Returns how many were drawn."""
    drawn = 0
    for _ in range(count):
        if not board.players[player].main_deck:
            if drawn == 0:
                cannot_draw(board, player)
            else:
                board.trace.note("601.0.0", "{player}'s Main Deck has fewer cards than needed: {player} draws as many "
                                 "as possible ({n})", player=board.name(player), n=drawn)
            break
        if draw_card(board, player) is None:
            break
        drawn += 1
    return drawn


# -- discarding ------------------------------------------------------------------------


@check("602.0.0", "to discard, a player chooses a card from their hand")
def discardable(board: Board, player: int, card: Card | None):
    if card is None or card.zone != Zone.HAND or card.owner != player:
        return f"{card or 'that card'} is not in {board.name(player)}'s hand: a discarded card is chosen from one's hand"
    return None


@step("602.0.0", "{player} discards {card}: it is placed in the Rest Zone")
def discard(board: Board, player: int, card: Card):
    if onto_the_discard_pile(board, card) is not None:
        return {"player": board.name(player), "card": card.label}


# -- the Rest Zone and the hand ---------------------------------------------------------


@step("306.0.0", "{card} is placed in {owner}'s Rest Zone, the discard pile for used cards")
def onto_the_discard_pile(board: Board, card: Card):
    """Every card that goes to the Rest Zone (a removed Character, a resolved
    Event, a discarded Item or card, a used-up Plan) is placed there by this
    step; without this rule such cards stay where they are."""
    board.put(card, Zone.REST)
    return {"card": card.label, "owner": board.name(card.owner)}


@step("306.2.0", "{card} enters {owner}'s Rest Zone: {why}")
def to_rest(board: Board, card: Card, why: str):
    if onto_the_discard_pile(board, card) is not None:
        return {"card": card.label, "owner": board.name(card.owner), "why": why}


@step("605.0.0", "{card} is returned to {owner}'s hand, as the effect says")
def to_hand(board: Board, card: Card):
    board.put(card, Zone.HAND)
    return {"card": card.label, "owner": board.name(card.owner)}


@step("203.0.0", "{host} leaves the Adventure Zone: its Item, {item}, is also discarded")
def item_discarded(board: Board, item: Card, host: Card):
    if onto_the_discard_pile(board, item) is not None:
        return {"host": host.label, "item": item.label}


@step("308.0.0", "{card} has a Farewell effect: it waits in the Resolution Zone, in no other zone, while the effect "
                 "resolves")
def farewell_waits(board: Board, card: Card, destination: Zone):
    board.put(card, Zone.RESOLUTION)
    card.destination = destination
    return {"card": card.label}


@step("308.0.0", "{card} has finished resolving: it leaves the Resolution Zone for {owner}'s {zone}")
def leaves_resolution(board: Board, card: Card):
    destination = card.destination or Zone.REST
    if destination == Zone.REST:
        if onto_the_discard_pile(board, card) is None:
            return None
    else:
        board.put(card, destination)
    return {"card": card.label, "owner": board.name(card.owner), "zone": destination}


def leave_adventure(board: Board, card: Card, destination: Zone, why: str) -> None:
    """A Character leaves the Adventure Zone for its owner's Rest Zone or
    hand: its Item is discarded (203.0.0); with a Farewell effect it waits in
    the Resolution Zone while the effect resolves (308.0.0), and the effect
    triggers (201.0.0)."""
    from rulebase.engine.tcg import effects

    if card.item is not None:
        item_discarded(board, card.item, card)
    has_farewell = bool(card.printed.effects_of(FAREWELL))
    if not (has_farewell and farewell_waits(board, card, destination) is not None):
        if destination == Zone.HAND:
            to_hand(board, card)
        else:
            to_rest(board, card, why)
    effects.farewell(board, card)


def finish_resolving(board: Board, card: Card) -> None:
    """A card whose effects are done leaves the Resolution Zone, unless
    another of its effects still waits."""
    if card.zone == Zone.RESOLUTION and not any(trigger.card is card for trigger in board.triggers):
        leaves_resolution(board, card)


# -- Plans and Scenes ---------------------------------------------------------------------


def highest_free_stage(board: Board, player: int) -> int | None:
    """The highest-numbered stage without a Plan (304.7.0)."""
    plans = board.players[player].plans
    for stage in range(MAX_STAGE, 0, -1):
        if plans[stage - 1] is None:
            return stage
    return None


@step("304.7.0", "{card} becomes a Plan on Stage {stage} of {player}'s Story, the highest-numbered stage without a Plan")
def place_plan(board: Board, player: int, card: Card):
    stage = highest_free_stage(board, player)
    if stage is not None:
        board.put(card, Zone.PLANS, stage=stage)
        return {"card": card.label, "stage": stage, "player": board.name(player)}


@step("604.0.0", "{player} places the top card of their Main Deck face-down as a Plan: it is no longer part of the "
                 "Main Deck")
def top_card_becomes_a_plan(board: Board, player: int):
    deck = board.players[player].main_deck
    if deck and highest_free_stage(board, player) is not None:
        place_plan(board, player, deck[0])
        return {"player": board.name(player)}


@step("609.0.0", "{player} adds the top card of their Scene Deck, {card}, to their Scene Zone, face-up and upright")
def add_top_scene(board: Board, player: int):
    deck = board.players[player].scene_deck
    if deck:
        card = deck[0]
        board.put(card, Zone.SCENE)
        return {"player": board.name(player), "card": card.label}


def space_name(space: int) -> str:
    return SPACES[space]
