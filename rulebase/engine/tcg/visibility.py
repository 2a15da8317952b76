"""What players may see and touch in each zone (301.0.0-308.0.0): looking
at a zone, counting its cards and rearranging it are free actions the
rules allow or refuse; they change nothing, except that a player may
rearrange their own Rest Zone (306.3.0) and hand (307.0.0).

Beyond its zone, a card of a hidden zone is seen by the players an effect
showed it to: all players for a revealed card (611.0.0), the player who
looked for a card looked at (609.0.0), until it moves or its deck is
shuffled (:func:`sees`).

:func:`observation` is what one player sees of the game, built from the
same checks: the cards of the zones they may look at, the number of cards
of those they may only count, and the cards shown to them."""

from __future__ import annotations

from rulebase.engine.tcg.board import SPACES, Board, Card, Zone
from rulebase.engine.tcg.rules import Allowed, check, step

# -- looking -----------------------------------------------------------------------------


@check("301.0.0", "players may not look at the contents of either player's Main Deck, but may check how many cards "
                  "remain")
def main_deck_is_hidden(board: Board, viewer: int, owner: int, what: str):
    if what == "look":
        return f"{board.name(owner)}'s Main Deck is a hidden zone: no player may look at its contents"
    if what == "count":
        return Allowed(f"{board.name(viewer)} may check how many cards remain in {board.name(owner)}'s Main Deck")
    return f"no player may change the order of {board.name(owner)}'s Main Deck"


@check("302.0.0", "players may not look at or change the order of either Scene Deck, but may check how many cards "
                  "remain")
def scene_deck_is_hidden(board: Board, viewer: int, owner: int, what: str):
    if what == "look":
        return f"{board.name(owner)}'s Scene Deck is a hidden zone: no player may look at it"
    if what == "count":
        return Allowed(f"{board.name(viewer)} may check the quantity of cards in {board.name(owner)}'s Scene Deck")
    return f"no player may change the order of {board.name(owner)}'s Scene Deck"


@check("303.1.0", "the Adventure Zone is a public zone: all cards are face-up and visible to both players")
def adventure_is_public(board: Board, viewer: int, owner: int, what: str):
    if what in ("look", "count"):
        return Allowed(f"{board.name(owner)}'s Adventure Zone is a public zone")


@check("303.2.0", "players may not move Characters freely between spaces")
def spaces_are_fixed(board: Board, viewer: int, owner: int, what: str):
    if what == "arrange":
        return "players may not move Characters freely between spaces: the Adventure Zone can't be rearranged"


@check("304.2.0", "a player's Main Character and Story cards are face-up and visible at all times")
def story_is_visible(board: Board, viewer: int, owner: int, what: str):
    if what in ("look", "count"):
        return Allowed(f"{board.name(owner)}'s Main Character and Story cards are face-up and visible at all times")


@check("304.3.0", "Plans are hidden and cannot be looked at by either player")
def plans_are_hidden(board: Board, viewer: int, owner: int, what: str):
    if what == "look":
        return f"{board.name(owner)}'s Plans are hidden: neither player may look at them"
    if what == "count":
        return Allowed(f"{board.name(owner)}'s Plans are face-down cards on the Story stages: which stages have one "
                       "can be seen")


@check("304.6.0", "the order of Story cards and Plans cannot be changed once set")
def story_order_is_set(board: Board, viewer: int, owner: int, what: str):
    if what == "arrange":
        return f"the order of {board.name(owner)}'s Story cards and Plans cannot be changed once set"


@check("305.0.0", "players may inspect both face-up and face-down Scenes in either Scene Zone")
def scenes_may_be_inspected(board: Board, viewer: int, owner: int, what: str):
    if what in ("look", "count"):
        return Allowed(f"{board.name(viewer)} may inspect the face-up and face-down Scenes of {board.name(owner)}'s "
                       "Scene Zone")
    return "the rules let players inspect the Scenes of a Scene Zone, not rearrange them"


@check("306.1.0", "the Rest Zone is a public zone: all cards are face-up and may be freely inspected")
def rest_is_public(board: Board, viewer: int, owner: int, what: str):
    if what in ("look", "count"):
        return Allowed(f"{board.name(owner)}'s Rest Zone is a public zone")


@check("306.3.0", "card order in the Rest Zone doesn't matter: a player may rearrange their own Rest Zone freely")
def own_rest_in_any_order(board: Board, viewer: int, owner: int, what: str):
    if what == "arrange":
        if viewer != owner:
            return f"{board.name(viewer)} may rearrange their own Rest Zone, not {board.name(owner)}'s"
        return Allowed(f"{board.name(viewer)} may rearrange their own Rest Zone freely")


@check("307.0.0", "a player may inspect their own hand but not their opponent's, and count the cards of each hand")
def hand_is_hidden(board: Board, viewer: int, owner: int, what: str):
    if what == "look":
        if viewer != owner:
            return f"{board.name(owner)}'s hand is a hidden zone: {board.name(viewer)} may not inspect it"
        return Allowed(f"{board.name(viewer)} may inspect their own hand")
    if what == "count":
        return Allowed("players may count the number of cards in each other's hands at any time")
    if viewer != owner:
        return f"{board.name(viewer)} can't rearrange {board.name(owner)}'s hand"
    return Allowed("the order of cards in one's hand is not restricted")


@check("308.0.0", "cards being resolved are in the Resolution Zone, in no other zone")
def resolution_is_shown(board: Board, viewer: int, owner: int, what: str):
    if what in ("look", "count"):
        return Allowed("the cards being resolved have been played, flipped or revealed")
    return "the cards being resolved are not rearranged"


ZONE_CHECKS = {
    Zone.MAIN_DECK: (main_deck_is_hidden,),
    Zone.SCENE_DECK: (scene_deck_is_hidden,),
    Zone.ADVENTURE: (adventure_is_public, spaces_are_fixed),
    Zone.STORY: (story_is_visible, story_order_is_set),
    Zone.PLANS: (plans_are_hidden, story_order_is_set),
    Zone.SCENE: (scenes_may_be_inspected,),
    Zone.REST: (rest_is_public, own_rest_in_any_order),
    Zone.HAND: (hand_is_hidden,),
    Zone.RESOLUTION: (resolution_is_shown,),
}
"""The rules that say what players may do with each zone."""


def check_access(board: Board, viewer: int, owner: int, zone: Zone, what: str) -> None:
    """Raise :class:`~rulebase.engine.errors.IllegalAction` naming the rule
    unless ``viewer`` may ``look`` at, ``count`` or ``arrange`` the zone:
    the first of the zone's rules with something to say decides."""
    units = ZONE_CHECKS[zone]
    for unit in units:
        verdict = unit.verdict(board, viewer, owner, what)
        if verdict is None:
            continue
        unit(board, viewer, owner, what)
        if isinstance(verdict, Allowed):
            return


def may(board: Board, viewer: int, owner: int, zone: Zone, what: str) -> bool:
    """Whether the rules let ``viewer`` do ``what`` with the zone, asked
    without recording (not when no rule says so)."""
    for unit in ZONE_CHECKS[zone]:
        verdict = unit.verdict(board, viewer, owner, what)
        if verdict is None:
            continue
        return isinstance(verdict, Allowed)
    return False


# -- rearranging --------------------------------------------------------------------------


@check("306.3.0", "a rearranged zone holds the same cards")
def same_cards(board: Board, owner: int, zone: Zone, order):
    if sorted(card.id for card in board.zone_list(zone, owner)) != sorted(order or ()):
        return f"a new order must hold exactly the cards of {board.name(owner)}'s {zone}"


@step("306.3.0", "{player} rearranges their {zone}")
def rearrange(board: Board, player: int, zone: Zone, order):
    cards = board.zone_list(zone, player)
    cards[:] = [board.cards[index] for index in order]
    return {"player": board.name(player), "zone": zone}


def check_arrange(board: Board, player: int, owner: int, zone: Zone, order) -> None:
    check_access(board, player, owner, zone, "arrange")
    same_cards(board, owner, zone, order)


# -- what a player sees ---------------------------------------------------------------------------


def shown_to(board: Board, viewer: int, card: Card) -> bool:
    """Whether an effect showed ``card`` to ``viewer`` where it is now."""
    shown = board.shown.get(card.id)
    return shown is not None and shown[0] == card.incarnation and viewer in shown[1]


def sees(board: Board, viewer: int, card: Card) -> bool:
    """Whether ``viewer`` sees ``card`` where it is: a card of a zone they
    may look at, or one an effect showed them (611.0.0, 609.0.0)."""
    if card.zone is None:
        return False
    return may(board, viewer, card.owner, card.zone, "look") or shown_to(board, viewer, card)


def describe_card(board: Board, card: Card) -> str:
    """A card as a player looking at it sees it: its name and state."""
    states = []
    if card.zone == Zone.ADVENTURE:
        states.append(SPACES[card.space])
        if card.host is not None:
            states.append(f"attached to {card.host.label}")
    if card.tapped:
        states.append("tapped")
    if card.face_down and card.zone == Zone.SCENE:
        states.append("face-down")
    return f"{card.label} ({', '.join(states)})" if states else card.label


def observation(board: Board, viewer: int) -> dict:
    """What ``viewer`` sees: for each player and zone, the cards (when the
    rules let them look) or how many there are (when they may only count),
    and under ``shown`` the cards of hidden zones an effect showed them.
    The Story Zone shows the Main Character's stage."""
    seen: dict = {"turn": board.turn.number, "turn player": board.turn_player.name, "phase": board.turn.phase,
                  "players": {}}
    for owner in range(len(board.players)):
        zones: dict = {}
        for zone in Zone:
            cards = board.zone_cards(zone, owner)
            if may(board, viewer, owner, zone, "look"):
                zones[str(zone)] = [describe_card(board, card) for card in cards]
            elif may(board, viewer, owner, zone, "count"):
                if zone == Zone.PLANS:
                    zones[str(zone)] = [f"Stage {card.stage}: a face-down Plan" for card in cards]
                else:
                    zones[str(zone)] = len(cards)
        seen["players"][board.name(owner)] = {"stage": board.players[owner].stage, "zones": zones}
        if board.shown:
            shown = [f"{card.label} ({card.zone}, {_place_in(board, card)})" for card in board.cards
                     if card.owner == owner and card.zone is not None and shown_to(board, viewer, card)
                     and not may(board, viewer, owner, card.zone, "look")]
            if shown:
                seen["players"][board.name(owner)]["shown"] = shown
    return seen


def _place_in(board: Board, card: Card) -> str:
    cards = board.zone_list(card.zone, card.owner)
    place = cards.index(card) + 1 if card in cards else 0
    return "on top" if place == 1 else f"{place} from the top"
