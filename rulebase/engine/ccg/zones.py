"""Changing zones (410): dismiss, retire, discard, draw, banish; and what
each player may see in each zone (402-409, 505.1c, 505.1d)."""

from __future__ import annotations

from rulebase.engine.ccg.board import ORDERED_ZONES, Board, Card, Zone
from rulebase.engine.ccg.cards import CardType
from rulebase.engine.errors import IllegalAction


def leave_play(board: Board, card: Card, zone: Zone, rule: str, verb: str) -> None:
    """Put a card from play into a zone of its owner; what was attached to it
    is dismissed by the game (511.2)."""
    attached = board.attachments(card)
    if card.controller != card.owner and zone in (Zone.DISCARD, Zone.BANISHED):
        board.trace.check("401.4", "{card} is controlled by {controller} but goes to its owner's {zone}: each player has their own",
                          card=card.label, controller=board.name(card.controller), zone=zone)
    board.put(card, zone)
    board.trace.step(rule, "{card} is {verb}: put into its owner's {zone}", card=card.label, verb=verb, zone=zone)
    for other in attached:
        if other.zone == Zone.PLAY:
            board.put(other, Zone.DISCARD)
            board.trace.step("511.2", "{other} is no longer attached to a host and is dismissed by the game",
                             other=other.label)


def _can_leave_play(card: Card) -> None:
    if card.type == CardType.MANE:
        raise IllegalAction("301.5", f"{card} is a Mane Character and can't leave play")


def check_dismiss(board: Board, card: Card) -> None:
    if card.zone != Zone.PLAY:
        raise IllegalAction("410.1", f"{card} is not in play: only cards in play can be dismissed")
    _can_leave_play(card)


def dismiss(board: Board, card: Card, by_game: bool = False) -> None:
    """Put a card from play into its owner's discard pile (410.1)."""
    check_dismiss(board, card)
    if by_game:
        board.trace.check("104.3", "{card} is dismissed by the game, which can't be stopped", card=card.label)
    leave_play(board, card, Zone.DISCARD, "410.1", "dismissed")


def check_retire(board: Board, player: int, card: Card) -> None:
    if card.zone != Zone.PLAY:
        raise IllegalAction("410.2", f"{card} is not in play: only cards in play can be retired")
    if card.controller != player:
        raise IllegalAction("410.2", f"{board.name(player)} does not control {card}: players can only retire cards they control")
    _can_leave_play(card)


def retire(board: Board, player: int, card: Card) -> None:
    """Retire a card one controls: put it from play into its owner's discard
    pile (410.2)."""
    check_retire(board, player, card)
    leave_play(board, card, Zone.DISCARD, "410.2", "retired")


def check_discard(board: Board, player: int, card: Card) -> None:
    if card.zone != Zone.HAND or card.owner != player:
        raise IllegalAction("410.3", f"{card} is not in {board.name(player)}'s hand: only cards in a player's hand can be discarded")


def discard(board: Board, player: int, card: Card) -> None:
    """Put a card from a player's hand into its owner's discard pile (410.3)."""
    check_discard(board, player, card)
    board.put(card, Zone.DISCARD)
    board.trace.step("410.3", "{player} discards {card}", player=board.name(player), card=card.label)


def check_draw(board: Board, player: int) -> None:
    if not board.players[player].deck:
        raise IllegalAction("410.4", f"{board.name(player)}'s draw deck is empty: only cards in draw decks can be drawn")


def draw(board: Board, player: int, count: int = 1) -> int:
    """Draw cards one at a time (410.4b): each is the topmost unflipped card
    of the draw deck, put into the hand (410.4).  Returns how many were
    drawn; an empty deck stops the drawing."""
    drawn = 0
    for number in range(count):
        deck = board.players[player].deck
        if not deck:
            board.trace.check("410.4", "{player}'s draw deck is empty: no card is drawn", player=board.name(player))
            break
        card = deck[0]
        board.put(card, Zone.HAND)
        drawn += 1
        board.trace.step("410.4", "{player} draws {card}: the topmost card of the draw deck goes into the hand",
                         player=board.name(player), card=card.label)
        if count > 1:
            board.trace.step("410.4b", "draw {n} of {count} is a separate occurrence", n=number + 1, count=count)
    return drawn


def check_banish(board: Board, card: Card) -> None:
    if card.zone == Zone.PLAY:
        _can_leave_play(card)
    if card.zone in (Zone.BANISHED, Zone.REMOVED, None):
        raise IllegalAction("410.5", f"{card} is already banished")


def banish(board: Board, card: Card) -> None:
    """Put a card into its owner's banished zone (410.5)."""
    check_banish(board, card)
    if card.zone == Zone.PLAY:
        leave_play(board, card, Zone.BANISHED, "410.5", "banished")
    else:
        board.put(card, Zone.BANISHED)
        board.trace.step("410.5", "{card} is banished: put into its owner's banished zone", card=card.label)


def check_arrange(board: Board, player: int, zone: Zone, order: tuple[int, ...]) -> None:
    """Players may rearrange their own unordered zones, not the ordered ones (401.3)."""
    if zone in ORDERED_ZONES:
        raise IllegalAction("401.3", f"the {zone} is ordered: players may not rearrange the order of its cards")
    if zone == Zone.PLAY:
        raise IllegalAction("405.1", "cards in play are at areas; they are moved, not rearranged")
    cards = board.zone_list(zone, player)
    if sorted(c.id for c in cards) != sorted(order):
        raise IllegalAction("401.3", f"a new order must hold exactly the cards of {board.name(player)}'s {zone}")


def arrange(board: Board, player: int, zone: Zone, order: tuple[int, ...]) -> None:
    check_arrange(board, player, zone, order)
    cards = board.zone_list(zone, player)
    cards[:] = [board.cards[i] for i in order]
    board.trace.step("401.3", "{player} rearranges their {zone}, which is not an ordered zone",
                     player=board.name(player), zone=zone)


# -- what players can see ------------------------------------------------------


def can_see(board: Board, viewer: int, card: Card) -> tuple[bool, str, str]:
    """Whether ``viewer`` may look at ``card``, with the rule and the reason."""
    zone = card.zone
    if zone == Zone.DRAW_DECK:
        return False, "402.2", "cards in the draw deck are not public to any player"
    if zone == Zone.PROBLEM_DECK:
        return False, "403.2", "cards in the Problem deck are not public to any player"
    if zone == Zone.HAND:
        if card.owner == viewer:
            return True, "404.1", "each player may look at the cards in their own hand"
        return False, "404.1", "cards in players' hands are not public"
    if zone == Zone.PLAY:
        if card.type == CardType.TROUBLEMAKER and card.face_down:
            if card.controller == viewer:
                return True, "505.1d", "face-down Troublemakers are not public, but their controller knows them"
            return False, "505.1d", "face-down Troublemakers are not public, and have no names (505.1d.i)"
        if card.face_down:
            return True, "505.1c", "the printed information of face-down cards is public"
        return True, "405.1", "cards in play are public"
    if zone == Zone.DISCARD:
        return True, "406.1", "cards in the discard pile are public"
    if zone == Zone.BANISHED:
        return True, "407.1", "cards in the banished zone are public"
    if zone == Zone.FLIP:
        return True, "409.1", "cards in the flip zone are public"
    if zone == Zone.QUEUE:
        return True, "705.2a", "a card being played is revealed"
    return False, "103.5a", "the card has been removed from the game"


def count_is_public(zone: Zone) -> tuple[bool, str]:
    """Whether the number of cards in a zone is public (402.2, 403.2)."""
    if zone == Zone.DRAW_DECK:
        return True, "402.2"
    if zone == Zone.PROBLEM_DECK:
        return True, "403.2"
    return True, "401.2"
