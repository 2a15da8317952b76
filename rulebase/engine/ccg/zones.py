"""Changing zones (410): dismiss, retire, discard, draw, banish; and what
each player may see in each zone (402-409, 505.1c, 505.1d).

Each change has a ``check_`` function, a composition of the rules' check
units that raises :class:`~rulebase.engine.errors.IllegalAction` naming the
rule, and a function that makes it happen through the rule's step unit."""

from __future__ import annotations

from rulebase.engine.ccg.abilities import continuous, parts
from rulebase.engine.ccg.abilities.events import emit
from rulebase.engine.ccg.board import ORDERED_ZONES, Board, Card, Zone
from rulebase.engine.ccg.cards import CardType
from rulebase.engine.ccg.rules import Allowed, check, step
from rulebase.engine.errors import EngineError
from rulebase.engine.rulebook import first_deciding

# -- checks ----------------------------------------------------------------------


@check("301.5", "Mane Characters can't leave play")
def not_a_mane(board: Board, card: Card):
    if card.type == CardType.MANE:
        return f"{card} is a Mane Character and can't leave play"


@check("410.1", "only cards in play can be dismissed")
def dismissable(board: Board, card: Card):
    if card.zone != Zone.PLAY:
        return f"{card} is not in play: only cards in play can be dismissed"


@check("410.2", "players can only retire cards they control, and only cards in play can be retired")
def retirable(board: Board, player: int, card: Card):
    if card.zone != Zone.PLAY:
        return f"{card} is not in play: only cards in play can be retired"
    if card.controller != player:
        return f"{board.name(player)} does not control {card}: players can only retire cards they control"


@check("410.3", "only cards in a player's hand can be discarded")
def discardable(board: Board, player: int, card: Card):
    if card.zone != Zone.HAND or card.owner != player:
        return f"{card} is not in {board.name(player)}'s hand: only cards in a player's hand can be discarded"


@check("410.4", "only cards in draw decks can be drawn")
def drawable(board: Board, player: int):
    if not board.players[player].deck:
        return f"{board.name(player)}'s draw deck is empty: only cards in draw decks can be drawn"


@check("410.5", "a card is banished into its owner's banished zone, once")
def banishable(board: Board, card: Card):
    if card.zone in (Zone.BANISHED, Zone.REMOVED, None):
        return f"{card} is already banished"


@check("401.2", "each zone exists at all times, even if it contains no cards")
def zone_exists(board: Board, player: int, zone: Zone):
    if not board.zone_list(zone, player):
        return Allowed(f"{board.name(player)}'s {zone} holds no card, yet it exists: an instruction naming it can be "
                       "followed")


def empty_zone_exists(board: Board, player: int, zone: Zone) -> bool:
    """Whether ``player``'s empty ``zone`` is there for an instruction naming
    it (401.2, recorded); without the rule, a zone with no card is no zone,
    and an instruction naming it can't be followed."""
    verdict = zone_exists.verdict(board, player, zone)
    if verdict is None:
        return False
    zone_exists.judge(board, verdict)
    return True


@check("401.3", "players may not rearrange the order of cards in the ordered zones")
def unordered(board: Board, zone: Zone):
    if zone in ORDERED_ZONES:
        return f"the {zone} is ordered: players may not rearrange the order of its cards"


@check("405.1", "cards in play are at areas of the play zone")
def not_in_areas(board: Board, zone: Zone):
    if zone == Zone.PLAY:
        return "cards in play are at areas; they are moved, not rearranged"


@check("401.3", "a rearranged zone holds the same cards")
def same_cards(board: Board, player: int, zone: Zone, order: tuple[int, ...]):
    if sorted(c.id for c in board.zone_list(zone, player)) != sorted(order):
        return f"a new order must hold exactly the cards of {board.name(player)}'s {zone}"


@check("104.3", "what is performed by the game can't be stopped, replaced or prevented")
def by_the_game(board: Board, card: Card):
    return Allowed(f"{card} is dismissed by the game, which can't be stopped, replaced or prevented")


def check_dismiss(board: Board, card: Card, by_game: bool = False) -> None:
    dismissable(board, card)
    not_a_mane(board, card)
    if by_game and by_the_game.verdict(board, card) is not None:
        by_the_game(board, card)
    else:
        continuous.cant(board, card, "be-dismissed")


def check_retire(board: Board, player: int, card: Card) -> None:
    retirable(board, player, card)
    not_a_mane(board, card)
    continuous.cant(board, card, "be-retired")


def check_discard(board: Board, player: int, card: Card) -> None:
    discardable(board, player, card)


def check_draw(board: Board, player: int) -> None:
    drawable(board, player)


def check_banish(board: Board, card: Card) -> None:
    if card.zone == Zone.PLAY:
        not_a_mane(board, card)
        continuous.cant(board, card, "be-banished")
    banishable(board, card)


def check_arrange(board: Board, player: int, zone: Zone, order: tuple[int, ...]) -> None:
    """Players may rearrange their own unordered zones, not the ordered ones (401.3)."""
    unordered(board, zone)
    not_in_areas(board, zone)
    same_cards(board, player, zone, order)


# -- steps -----------------------------------------------------------------------


@step("410.1", "{card} is dismissed: put into its owner's {zone}")
def put_dismissed(board: Board, card: Card):
    board.put(card, Zone.DISCARD)
    return {"card": card.label, "zone": Zone.DISCARD}


@step("410.2", "{card} is retired: put into its owner's {zone}")
def put_retired(board: Board, card: Card):
    board.put(card, Zone.DISCARD)
    return {"card": card.label, "zone": Zone.DISCARD}


@step("410.5", "{card} is banished: put into its owner's {zone}")
def put_banished(board: Board, card: Card):
    board.put(card, Zone.BANISHED)
    return {"card": card.label, "zone": Zone.BANISHED}


@step("511.2", "{other} is no longer attached to a host and is dismissed by the game")
def dismiss_unattached(board: Board, other: Card):
    if other.zone == Zone.PLAY:
        board.put(other, Zone.DISCARD)
        return {"other": other.label}


@step("410.3", "{player} discards {card}")
def put_discarded(board: Board, player: int, card: Card):
    board.put(card, Zone.DISCARD)
    return {"player": board.name(player), "card": card.label}


@step("410.4", "{player} draws {card}: the topmost card of the draw deck goes into the hand")
def draw_top_card(board: Board, player: int):
    card = top_of_the_draw_deck(board, player)
    if card is not None:
        board.put(card, Zone.HAND)
        return {"player": board.name(player), "card": card.label}


@check("515.2", "flipped cards are in the flip zone, and are not part of the draw deck while they remain flipped")
def flipped_out_of_the_deck(board: Board, player: int, flipped: list):
    return Allowed(f"{', '.join(card.label for card in flipped)}, flipped, in the flip zone: not part of "
                   f"{board.name(player)}'s draw deck while flipped")


def top_of_the_draw_deck(board: Board, player: int) -> Card | None:
    """The topmost card of ``player``'s draw deck: the cards they have
    flipped are not part of it while they remain flipped (515.2, recorded
    while there are some).  With the rule switched off they are still the
    top of the deck they were flipped from, the first flipped topmost."""
    me = board.players[player]
    flipped = me.zones[Zone.FLIP]
    if flipped:
        verdict = flipped_out_of_the_deck.verdict(board, player, flipped)
        if verdict is None:
            return flipped[0]
        flipped_out_of_the_deck.judge(board, verdict)
    return me.deck[0] if me.deck else None


@step("401.3", "{player} rearranges their {zone}, which is not an ordered zone")
def rearrange(board: Board, player: int, zone: Zone, order: tuple[int, ...]):
    cards = board.zone_list(zone, player)
    cards[:] = [board.cards[i] for i in order]
    return {"player": board.name(player), "zone": zone}


@check("513.1", "players own all cards with which they start the game")
def started_the_game_with_it(board: Board, card: Card):
    if card.controller != card.owner:
        return Allowed(f"{board.name(card.owner)} started the game with {card}: {board.name(card.owner)} owns it, "
                       f"though {board.name(card.controller)} controls it")


def owner_of(board: Board, card: Card) -> int:
    """The player who owns ``card``, whose zones it goes to as it leaves
    play: the player who started the game with it (513.1, recorded where
    another player controls it).  A token, which no player started the
    game with, is its creator's.  With the rule switched off the engine
    knows no owner but a card's controller."""
    if card.controller == card.owner or card.id in (getattr(board, "tokens", None) or ()):
        return card.owner
    verdict = started_the_game_with_it.verdict(board, card)
    if verdict is None:
        return card.controller
    started_the_game_with_it.judge(board, verdict)
    return card.owner


def leave_play(board: Board, card: Card, zone: Zone, put) -> None:
    """Put a card from play into ``zone`` of its owner (513.1) by the step
    ``put``; what was attached to it is dismissed by the game (511.2)."""
    attached = board.attachments(card)
    controller = card.controller
    area = card.area  # where it was, for the abilities answering it (712.2)
    if card.controller != card.owner:
        card.owner = owner_of(board, card)
    if card.controller != card.owner:
        board.trace.note("401.4", "{card} is controlled by {controller} but goes to its owner's {zone}: each player has their own",
                         card=card.label, controller=board.name(card.controller), zone=zone)
    put(board, card)
    if card.zone == Zone.PLAY:
        return
    event = LEAVING_EVENTS.get(put)
    if event is not None:
        emit(board, event, card=card, player=controller, incarnation=card.incarnation, area=area)
    emit(board, "leaves-play", card=card, player=controller, incarnation=card.incarnation, area=area)
    for other in attached:
        dismiss_unattached(board, other)


LEAVING_EVENTS = {put_dismissed: "dismissed", put_retired: "retired", put_banished: "banished"}
"""The event announced as a card leaves play by each step (for triggered abilities)."""


@check("410.6a", "an effect answering a card's change of zones can affect that card only while it has remained in "
                 "its new zone")
def still_in_its_new_zone(board: Board, card: Card, incarnation: int):
    if card.incarnation == incarnation:
        return Allowed(f"{card} has remained in its new zone ({card.zone or 'out of the game'}) since it moved there: "
                       "what answers its move can affect it there")
    return f"{card} has left the zone it moved to: what answers its move can't affect it"


def follows_the_card(board: Board, card: Card, happened) -> bool:
    """Whether what answers ``happened`` (a card leaving play, which
    carries the card's ``incarnation`` in its new zone) can affect ``card``:
    only while it has remained in that zone (410.6a, recorded).  Without
    the rule, a card that changed zones is a different card (410.6) and
    nothing follows it.  Other events name their card as it is."""
    incarnation = happened.get("incarnation") if hasattr(happened, "get") else None
    if incarnation is None:
        return True
    verdict = still_in_its_new_zone.verdict(board, card, incarnation)
    if verdict is None:
        return False
    if isinstance(verdict, Allowed):
        still_in_its_new_zone.judge(board, verdict)
        return True
    return still_in_its_new_zone.allows(board, card, incarnation)


# -- the queue (408) ------------------------------------------------------------------


@check("408.1", "cards which are resolving or waiting to resolve exist in the queue zone until they resolve")
def in_the_queue_until_resolved(board: Board, card: Card):
    if card.zone == Zone.QUEUE:
        return Allowed(f"{card} is resolving: it stays in the queue zone until it has resolved")


def waits_in_the_queue(board: Board, card: Card) -> bool:
    """Whether ``card``, played and paid for, stays in the queue zone while
    it resolves (408.1, recorded), out of the reach of what its own
    instructions do to the discard pile.  With the rule switched off
    nothing holds a card there: an Event goes on to its owner's discard
    pile at once."""
    verdict = in_the_queue_until_resolved.verdict(board, card)
    if verdict is None:
        return False
    in_the_queue_until_resolved.judge(board, verdict)
    return True


# -- entering play (706.1) ---------------------------------------------------------


@step("706.1", "{card} enters play at {area}: it is put into the play zone {source}")
def put_into_play(board: Board, card: Card, area):
    """A token comes from no zone: it is created as it is put into play
    (520.2)."""
    zone = card.zone
    board.put(card, Zone.PLAY, area=area)
    source = f"from its owner's {zone}" if zone is not None else "as a token, from no other zone"
    return {"card": card.label, "area": board.area_name(area), "zone": zone, "source": source}


@step("706.1b", "{card} enters play face-down: a modifier affects the state in which it enters play")
def enters_face_down(board: Board, card: Card):
    card.face_down = True
    return {"card": card.label}


@step("706.1d", "{card} has entered play: the abilities that trigger when it enters play trigger")
def entered(board: Board, card: Card, how: str):
    emit(board, "enters-play", card=card, player=card.controller, area=card.area, how=how)
    return {"card": card.label}


@step("705.2a", "{player} announces playing {card}{how}")
def announced(board: Board, player: int, card: Card):
    """A player taking an action announces it and reveals its source if it
    is not public (705.2a): a card played is revealed as it goes to the
    queue, a Troublemaker played face-down is not."""
    if card.type == CardType.TROUBLEMAKER:
        return {"player": board.name(player), "card": "a Troublemaker face-down", "how": ""}
    return {"player": board.name(player), "card": card.label, "how": ", revealing it"}


def enter_play(board: Board, card: Card, area, face_down: bool = False, attach=None, how: str = "played",
               controller: int | None = None) -> None:
    """Put a card into play, following 706.1 in order: it is put into the
    play zone (under its owner's control, ready, 503.1; ``attach``
    attaches it to its host), the modifiers of the state it enters in
    apply (706.1b: face-down), and the abilities that wait for it entering
    play trigger (706.1d).  Its continuous abilities apply from then on
    (706.1c), as every card's in play does."""
    if put_into_play(board, card, area) is None:
        return
    continuous.entering(board, card)
    card.controller = card.owner if controller is None else controller
    card.face_down = False
    card.host = None
    if attach is not None:
        attach()
    if not face_down:
        parts.applied_as_entering(board, card)
    if face_down:
        enters_face_down(board, card)
    else:
        continuous.entering_state(board, card)
    continuous.begins_generating(board, card)
    if not card.exhausted:
        board.trace.note("503.1", "{card} enters play ready", card=card.label)
    entered(board, card, how)


def dismiss(board: Board, card: Card, by_game: bool = False) -> None:
    """Put a card from play into its owner's discard pile (410.1)."""
    check_dismiss(board, card, by_game)
    if not (by_game and by_the_game.verdict(board, card) is not None) and continuous.replaced(board, "dismissed", card):
        return
    leave_play(board, card, Zone.DISCARD, put_dismissed)


def retire(board: Board, player: int, card: Card) -> None:
    """Retire a card one controls: put it from play into its owner's discard
    pile (410.2)."""
    check_retire(board, player, card)
    if continuous.replaced(board, "retired", card, player):
        return
    leave_play(board, card, Zone.DISCARD, put_retired)


def discard(board: Board, player: int, card: Card) -> None:
    """Put a card from a player's hand into its owner's discard pile (410.3)."""
    check_discard(board, player, card)
    if put_discarded(board, player, card) is not None:
        emit(board, "discards", card=card, player=player)


def draw(board: Board, player: int, count: int = 1) -> int:
    """Draw cards one at a time (410.4b): each is the topmost unflipped card
    of the draw deck, put into the hand (410.4).  Returns how many were
    drawn; an empty deck stops the drawing."""
    drawn, separately = 0, False
    for number in range(count):
        if not board.players[player].deck:
            board.trace.note("410.4", "{player}'s draw deck is empty: no card is drawn", player=board.name(player))
            break
        if continuous.reaching(board, "at-most") and not continuous.cant_draw_more.allows(board, player):
            break
        if draw_top_card(board, player) is not None:
            continuous.note_drawn(board, player)
            drawn += 1
            if count == 1:
                emit(board, "draws", player=player)
            elif separate_draw(board, player, number + 1, count) is not None:
                separately = True
    if drawn and count > 1 and not separately:
        emit(board, "draws", player=player)  # with 410.4b switched off, the draws are one occurrence
    return drawn


@step("410.4b", "draw {n} of {count} is a separate occurrence")
def separate_draw(board: Board, player: int, n: int, count: int):
    """Each card of several drawn is drawn one at a time, a separate
    occurrence (410.4b): what triggers on a draw triggers for each."""
    emit(board, "draws", player=player)
    return {"n": n, "count": count}


def banish(board: Board, card: Card) -> None:
    """Put a card into its owner's banished zone (410.5)."""
    check_banish(board, card)
    if card.zone == Zone.PLAY:
        if continuous.replaced(board, "banished", card):
            return
        leave_play(board, card, Zone.BANISHED, put_banished)
    elif card.zone not in (Zone.BANISHED, Zone.REMOVED, None):
        put_banished(board, card)


def arrange(board: Board, player: int, zone: Zone, order: tuple[int, ...]) -> None:
    """Rearrange one of a player's zones (401.3); with 401.3 switched off,
    nothing lets a player rearrange a zone, and nothing happens."""
    check_arrange(board, player, zone, order)
    rearrange(board, player, zone, order)


# -- what players can see (402-409, 505.1c, 505.1d) ------------------------------
#
# One check per rule that says whether the cards of a zone are public: a
# hidden zone's rule refuses, a public zone's rule allows.  A player looks
# at a card only where one of them allows it (:func:`look`), and what a
# scenario asks a player can see is answered by the same checks
# (:func:`can_see`): with a zone's rule switched off, nothing makes its
# cards public.


@check("402.2", "cards in the draw deck are not public to any player")
def draw_deck_not_public(board: Board, viewer: int, card: Card):
    if card.zone == Zone.DRAW_DECK:
        return f"{card} is in {board.name(card.owner)}'s draw deck, whose cards are not public to any player"


@check("403.2", "cards in the Problem deck are not public to any player")
def problem_deck_not_public(board: Board, viewer: int, card: Card):
    if card.zone == Zone.PROBLEM_DECK:
        return f"{card} is in {board.name(card.owner)}'s Problem deck, whose cards are not public to any player"


@check("404.1", "cards in hands are not public, but each player may look at their own hand at any time")
def own_hand_only(board: Board, viewer: int, card: Card):
    if card.zone == Zone.HAND:
        if card.owner == viewer:
            return Allowed(f"{card} is in {board.name(viewer)}'s own hand, which they may look at at any time")
        return f"{card} is in {board.name(card.owner)}'s hand: cards in players' hands are not public"


@check("505.1d", "face-down Troublemakers are not public; their controller knows them")
def face_down_troublemaker_hidden(board: Board, viewer: int, card: Card):
    if card.zone == Zone.PLAY and card.face_down and card.type == CardType.TROUBLEMAKER:
        if card.controller == viewer:
            return Allowed(f"{card} is a face-down Troublemaker {board.name(viewer)} controls and played")
        return f"{card} is a face-down Troublemaker: not public"


@check("505.1c", "the printed information of face-down cards is public unless otherwise noted")
def face_down_public(board: Board, viewer: int, card: Card):
    if card.zone == Zone.PLAY and card.face_down:
        return Allowed(f"{card} is face-down, and the printed information of face-down cards is public")


@check("405.1", "cards in play are public unless otherwise noted")
def play_public(board: Board, viewer: int, card: Card):
    if card.zone == Zone.PLAY and not card.face_down:  # what of a face-down card is public, 505.1 notes
        return Allowed(f"{card} is in play, and cards in play are public")


@check("406.1", "cards in the discard pile are public")
def discard_public(board: Board, viewer: int, card: Card):
    if card.zone == Zone.DISCARD:
        return Allowed(f"{card} is in {board.name(card.owner)}'s discard pile, whose cards are public")


@check("407.1", "cards in the banished zone are public")
def banished_public(board: Board, viewer: int, card: Card):
    if card.zone == Zone.BANISHED:
        return Allowed(f"{card} is in {board.name(card.owner)}'s banished zone, whose cards are public")


@check("409.1", "cards in the flip zone are public")
def flip_public(board: Board, viewer: int, card: Card):
    if card.zone == Zone.FLIP:
        return Allowed(f"{card} is in {board.name(card.owner)}'s flip zone, whose cards are public")


@check("705.2a", "a card being played is revealed as its action is announced")
def queue_revealed(board: Board, viewer: int, card: Card):
    if card.zone == Zone.QUEUE:
        return Allowed(f"{card} is being played: it was revealed as its action was announced")


VISIBILITY = (draw_deck_not_public, problem_deck_not_public, own_hand_only, face_down_troublemaker_hidden,
              face_down_public, play_public, discard_public, banished_public, flip_public, queue_revealed)
"""The checks of what a player may see of a card, the exceptions (a face-down
Troublemaker in play) before the general rule of the zone."""


class Unseen(EngineError):
    """Raised when a player looks at a card no rule makes public to them (a
    card removed from the game, or one whose zone's rule is switched off)."""


def look(board: Board, viewer: int, card: Card) -> None:
    """``viewer`` looks at ``card``: the rule of its zone refuses (a hidden
    zone, raising :class:`~rulebase.engine.errors.IllegalAction`) or allows
    it (recorded); where no rule makes the card public, :class:`Unseen`."""
    if not first_deciding(board, ((unit, (viewer, card)) for unit in VISIBILITY)):
        raise Unseen(f"no rule makes {card} ({card.zone or 'nowhere'}) public to {board.name(viewer)}")


def can_see(board: Board, viewer: int, card: Card) -> tuple[bool, str, str]:
    """Whether ``viewer`` may look at ``card``, with the rule and the reason,
    as the checks of :data:`VISIBILITY` say (recording nothing)."""
    for unit in VISIBILITY:
        verdict = unit.verdict(board, viewer, card)
        if verdict is None:
            continue
        if isinstance(verdict, Allowed):
            return True, unit.number, verdict.reason
        return False, unit.number, verdict
    return False, "", f"no rule makes {card} ({card.zone or 'nowhere'}) public to {board.name(viewer)}"


def count_is_public(zone: Zone) -> tuple[bool, str]:
    """Whether the number of cards in a zone is public (402.2, 403.2)."""
    if zone == Zone.DRAW_DECK:
        return True, "402.2"
    if zone == Zone.PROBLEM_DECK:
        return True, "403.2"
    return True, "401.2"
