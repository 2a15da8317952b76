"""What is on the table (section III): each player's zones, the cards with
their state (tapped or upright, face-up or face-down), the Story and its
Plans, the Resolution Zone, and the turn.

Each player has a Main Deck and a Scene Deck (top first), a hand, a Rest
Zone, an Adventure Zone of three spaces (left, middle, right; each column
faces the opponent's same space) holding one Character each, with the Item
attached to it, a Scene Zone, and a Story Zone: the four Story cards by
stage, a Plan or none on each stage, and the Main Character, which stands
before Stage I (stage 0) until it progresses (see the interpretation of
103.2.0).  The Resolution Zone (308.0.0) holds the cards being resolved.

A card is in exactly one zone: every change goes through :meth:`Board.put`.

>>> from rulebase.engine.tcg.cards import Printed
>>> board = Board(["Alice", "Bob"])
>>> belle = board.new_card(Printed.build("Sweetie Belle", "Character", cost=2, inspiration=3), 0)
>>> board.put(belle, Zone.ADVENTURE, space=1)
>>> board.character_at(0, 1) is belle, belle.zone, SPACES[belle.space]
(True, <Zone.ADVENTURE: 'adventure zone'>, 'middle')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from rulebase.engine.tcg.cards import CardType, Printed
from rulebase.engine.tcg.rules import step
from rulebase.engine.trace import Trace


class Zone(StrEnum):
    """The zones of section III; the Plans are the hidden part of the Story
    Zone (304.3.0), kept apart from the Story cards (604.0.0: "Plans are not
    considered part of the Story or the Main Deck once placed")."""

    MAIN_DECK = "main deck"
    SCENE_DECK = "scene deck"
    HAND = "hand"
    ADVENTURE = "adventure zone"
    STORY = "story zone"
    PLANS = "plans"
    SCENE = "scene zone"
    REST = "rest zone"
    RESOLUTION = "resolution zone"

    @property
    def word(self) -> str:
        """The zone in an action's text (``main-deck``)."""
        return self.value.replace(" ", "-")


SPACES = ("left", "middle", "right")
"""The three spaces of an Adventure Zone (303.0.0), left to right."""

ADVENTURE_SPACES = 3
MAX_STAGE = 4
PHASES = ("start", "main", "exchange", "end")
"""The phases of a turn (401.0.0)."""

PHASE_NAMES = {"start": "Start Phase", "main": "Main Phase", "exchange": "Exchange Phase", "end": "End Phase"}


@dataclass(frozen=True)
class Boost:
    """An increase or decrease of a Character's Inspiration (607.0.0) until
    the end of the turn, and the card whose effect gave it (606.0.0)."""

    amount: int
    source: int | None = None
    incarnation: int = 0
    label: str = ""


class Card:
    """One physical card in a game: its printed information and its state.

    ``space`` is the Adventure Zone space of a Character (and of its Item);
    ``stage`` the stage of a Plan or Story card; ``tapped`` and
    ``face_down`` the state of a Character or Scene (a flipped Scene is
    face-down, 204.0.0) and a Plan is face-down; ``host`` is the Character an
    Item is attached to and ``item`` the Item of a Character;
    ``destination`` where a card in the Resolution Zone goes next.
    """

    __slots__ = (
        "boosts",
        "destination",
        "face_down",
        "host",
        "id",
        "incarnation",
        "item",
        "label",
        "owner",
        "printed",
        "space",
        "stage",
        "tapped",
        "type",
        "zone",
    )

    def __init__(self, id: int, printed: Printed, owner: int, label: str | None = None):
        self.id = id
        self.printed = printed
        self.type: CardType = printed.type
        self.owner = owner
        self.label = label or printed.name
        self.zone: Zone | None = None
        self.space: int | None = None
        self.stage: int | None = None
        self.tapped = False
        self.face_down = False
        self.host: Card | None = None
        self.item: Card | None = None
        self.boosts: list[Boost] = []
        self.incarnation = 0
        self.destination: Zone | None = None

    def __repr__(self) -> str:
        return f"<Card {self.id} {self.label!r} {self.zone}>"

    def __str__(self) -> str:
        return self.label

    @property
    def controller(self) -> int:
        """Cards stay with their owner: the rules know no change of control."""
        return self.owner

    @property
    def is_character(self) -> bool:
        return self.type == CardType.CHARACTER

    @property
    def in_adventure(self) -> bool:
        return self.zone == Zone.ADVENTURE

    @property
    def upright(self) -> bool:
        return not self.tapped

    def has_keyword(self, keyword: str) -> bool:
        return self.printed.has_keyword(keyword)


class Player:
    """A player and their zones."""

    def __init__(self, index: int, name: str):
        self.index = index
        self.name = name
        self.main_deck: list[Card] = []
        self.scene_deck: list[Card] = []
        self.hand: list[Card] = []
        self.rest: list[Card] = []
        self.scenes: list[Card] = []
        self.adventure: list[Card | None] = [None] * ADVENTURE_SPACES
        self.story: list[Card] = []
        self.plans: list[Card | None] = [None] * MAX_STAGE
        self.main_character: Card | None = None
        self.stage = 0
        self.conceded = False

    def __repr__(self) -> str:
        return f"<Player {self.name}>"

    def __str__(self) -> str:
        return self.name

    def characters(self) -> list[Card]:
        """The Characters in the Adventure Zone, left to right."""
        return [card for card in self.adventure if card is not None]

    def items(self) -> list[Card]:
        return [card.item for card in self.adventure if card is not None and card.item is not None]

    def story_card(self, stage: int) -> Card | None:
        """The Story card of a stage (1-4)."""
        for card in self.story:
            if card.printed.stage == stage:
                return card
        return None

    def empty_spaces(self) -> list[int]:
        return [space for space, card in enumerate(self.adventure) if card is None]


@dataclass
class Turn:
    """Whose turn it is and where in it the game is; ``column`` is the
    column the Exchange Phase is at."""

    number: int = 1
    player: int = 0
    first_player: int = 0
    phase: str = "start"
    step: str | None = None
    column: int | None = None


@dataclass
class Trigger:
    """A triggered effect waiting to resolve (501.1.0): the card, the index
    of its effect, the player it belongs to and what happened."""

    card: Card
    index: int
    controller: int
    event: str
    incarnation: int = 0
    context: dict = field(default_factory=dict)

    @property
    def effect(self):
        return self.card.printed.effects[self.index]


LIST_ZONES = (Zone.MAIN_DECK, Zone.SCENE_DECK, Zone.HAND, Zone.REST, Zone.SCENE, Zone.STORY)
"""A player's zones kept as a list (decks top first)."""


class Board:
    """Everything in the game: players, cards by id, the Resolution Zone,
    the turn, the triggered effects waiting, the continuous effects that
    apply and the win conditions met.  It is the table of the rule units:
    it has the ``trace`` and the rules switched ``off``."""

    def __init__(self, names: list[str], trace: Trace | None = None):
        self.players = [Player(index, name) for index, name in enumerate(names)]
        self.cards: list[Card] = []
        self.resolution: list[Card] = []
        self.turn = Turn()
        self.trace = trace if trace is not None else Trace()
        self.off: frozenset[str] = frozenset()
        """The rules switched off (see :mod:`rulebase.engine.rulebook`)."""
        self.turn_limit: int | None = None
        self.triggers: list[Trigger] = []
        self.active: frozenset[tuple[int, int]] = frozenset()
        """The continuous effects that apply, as ``(card id, effect index)``
        (501.2.0), updated when a resolution ends (501.2.1)."""
        self.resolving = 0
        """How many effects are resolving now (501.2.1)."""
        self.shown: dict[int, tuple[int, frozenset, str]] = {}
        """Cards of hidden zones shown to players by an effect, by card id:
        the card's incarnation then, the players it was shown to and the
        rule (611.0.0 reveal, 609.0.0 look); it holds until the card moves
        or its deck is shuffled."""
        self.wins: dict[int, str] = {}
        """The players who met a win condition, with the rule (104.0.0)."""
        self.outcome = None

    # -- players --------------------------------------------------------------

    def player(self, index: int) -> Player:
        return self.players[index]

    def name(self, index: int) -> str:
        return self.players[index].name

    def opponent(self, index: int) -> int:
        return 1 - index

    @property
    def turn_player(self) -> Player:
        return self.players[self.turn.player]

    # -- cards and zones --------------------------------------------------------

    def new_card(self, printed: Printed, owner: int, label: str | None = None) -> Card:
        card = Card(len(self.cards), printed, owner, label)
        self.cards.append(card)
        return card

    def card(self, index) -> Card | None:
        """The card of an id, or ``None`` for an id the game does not have."""
        if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(self.cards):
            return self.cards[index]
        return None

    def zone_list(self, zone: Zone, owner: int) -> list[Card]:
        """The cards of one of a player's zones, in order (decks top first);
        the Adventure Zone's Characters left to right, then their Items; the
        Plans by stage."""
        player = self.players[owner]
        if zone == Zone.MAIN_DECK:
            return player.main_deck
        if zone == Zone.SCENE_DECK:
            return player.scene_deck
        if zone == Zone.HAND:
            return player.hand
        if zone == Zone.REST:
            return player.rest
        if zone == Zone.SCENE:
            return player.scenes
        if zone == Zone.STORY:
            return player.story
        if zone == Zone.RESOLUTION:
            return [card for card in self.resolution if card.owner == owner]
        if zone == Zone.ADVENTURE:
            return player.characters() + player.items()
        if zone == Zone.PLANS:
            return [card for card in player.plans if card is not None]
        raise ValueError(f"not a zone: {zone!r}")

    def zone_cards(self, zone: Zone, owner: int) -> list[Card]:
        """The cards of a zone, the Main Character included in the Story Zone."""
        cards = self.zone_list(zone, owner)
        main = self.players[owner].main_character
        if zone == Zone.STORY and main is not None:
            return [main] + cards
        return cards

    def _take(self, card: Card) -> None:
        """Take a card out of the zone it is in."""
        zone, player = card.zone, self.players[card.owner]
        if zone is None:
            return
        if zone == Zone.ADVENTURE:
            if card.host is not None:
                card.host.item = None
                card.host = None
            elif player.adventure[card.space] is card:
                player.adventure[card.space] = None
        elif zone == Zone.PLANS:
            player.plans[card.stage - 1] = None
        elif zone == Zone.RESOLUTION:
            self.resolution.remove(card)
        elif zone == Zone.STORY and card is player.main_character:
            player.main_character = None
        else:
            self.zone_list(zone, card.owner).remove(card)

    def put(self, card: Card, zone: Zone, *, space: int | None = None, stage: int | None = None,
            host: Card | None = None, bottom: bool = False, index: int | None = None) -> None:
        """Put a card into one of its owner's zones: on top of a deck unless
        ``bottom`` (or at ``index``), at the end of the others; a Character
        at ``space`` of the Adventure Zone, an Item attached to ``host``, a
        Plan on ``stage``.

        A card that changes zones is a new card to the rules: its state goes,
        and Inspiration changes on it end (607.0.0), as do those its effects
        gave that last the turn (606.0.0)."""
        leaving = card.zone
        if leaving == Zone.ADVENTURE and card.is_character and zone != Zone.ADVENTURE:
            changes_end_on_leaving(self, card)
            lasting_effects_end(self, card)
        self._take(card)
        player = self.players[card.owner]
        if zone != leaving:
            card.tapped = False
            card.face_down = False
            card.incarnation += 1
        card.zone = zone
        card.space = None
        card.stage = None
        card.destination = None
        if zone == Zone.ADVENTURE:
            if host is not None:
                card.host = host
                host.item = card
                card.space = host.space
            else:
                card.space = space
                player.adventure[space] = card
        elif zone == Zone.PLANS:
            card.stage = stage
            card.face_down = True
            player.plans[stage - 1] = card
        elif zone == Zone.RESOLUTION:
            self.resolution.append(card)
        elif zone == Zone.STORY and card.type == CardType.MAIN_CHARACTER:
            player.main_character = card
        else:
            target = self.zone_list(zone, card.owner)
            if index is not None:
                target.insert(index, card)
            elif zone in (Zone.MAIN_DECK, Zone.SCENE_DECK) and not bottom:
                target.insert(0, card)
            else:
                target.append(card)
            if zone == Zone.STORY:
                card.stage = card.printed.stage

    # -- the Adventure Zone -------------------------------------------------------

    def character_at(self, player: int, space: int) -> Card | None:
        return self.players[player].adventure[space]

    def opposing(self, card: Card) -> Card | None:
        """The Character in the opponent's space facing ``card``'s (303.0.0)."""
        if card.zone != Zone.ADVENTURE or card.space is None:
            return None
        return self.players[self.opponent(card.owner)].adventure[card.space]

    def characters(self, player: int | None = None) -> list[Card]:
        """The Characters in the Adventure Zones (one player's, or both:
        the Turn Player's first), left to right."""
        if player is not None:
            return self.players[player].characters()
        first = self.turn.player
        return self.players[first].characters() + self.players[self.opponent(first)].characters()

    def space_name(self, space: int) -> str:
        return SPACES[space]

    def where(self, card: Card) -> str:
        """Where a card is, in words (``Alice's middle space``)."""
        owner = self.name(card.owner)
        if card.zone == Zone.ADVENTURE and card.space is not None:
            return f"{owner}'s {SPACES[card.space]} space"
        if card.zone == Zone.PLANS:
            return f"{owner}'s Stage {card.stage} Plan"
        return f"{owner}'s {card.zone}"


@step("607.0.0", "{card} leaves the Adventure Zone: its Inspiration changes ({changes}) no longer apply")
def changes_end_on_leaving(board: Board, card: Card):
    """If a Character is removed or replaced, the changes to its
    Inspiration no longer apply."""
    if card.boosts:
        changes = ", ".join(f"{boost.amount:+d}" for boost in card.boosts)
        card.boosts = []
        return {"card": card.label, "changes": changes}


@step("606.0.0", "{card} leaves play early: the effects it gave that last the turn end ({ended})")
def lasting_effects_end(board: Board, card: Card):
    """If a card with a lasting effect leaves play early, the effect ends at
    that time: the Inspiration changes its effects gave until the end of
    the turn, on other Characters."""
    ended = []
    for other in board.characters():
        if other is card:
            continue
        gone = [b for b in other.boosts if b.source == card.id and b.incarnation == card.incarnation]
        if gone:
            ended.append(f"{other.label}'s {sum(b.amount for b in gone):+d}")
            other.boosts = [b for b in other.boosts if not (b.source == card.id and b.incarnation == card.incarnation)]
    if ended:
        return {"card": card.label, "ended": ", ".join(ended)}
