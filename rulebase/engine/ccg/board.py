"""What is on the table: the players, their zones (401-409), the areas of
the play zone (501), the cards with their status, and the turn.

A card is in exactly one zone at a time (401.1): every zone change goes
through :meth:`Board.put`, which also makes the card a new object for the
rules (410.6).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import NamedTuple

from rulebase.engine.ccg.cards import CardType, Color, Printed
from rulebase.engine.ccg.rules import step
from rulebase.engine.trace import Trace


ENTERING_DISCARD: list = []
"""Functions called with ``(board, card, zone)`` as ``card`` enters a
discard pile from ``zone`` (not as a game is set up): card text waiting for
a card entering a discard pile is told of it from there."""


class Zone(StrEnum):
    """The zones of 401.1, and where a card goes when its owner leaves the
    game (103.5a)."""

    DRAW_DECK = "draw deck"
    PROBLEM_DECK = "problem deck"
    HAND = "hand"
    PLAY = "play"
    DISCARD = "discard pile"
    BANISHED = "banished zone"
    FLIP = "flip zone"
    QUEUE = "queue"
    REMOVED = "removed from the game"


OWN_ZONES = (Zone.DRAW_DECK, Zone.PROBLEM_DECK, Zone.HAND, Zone.DISCARD, Zone.BANISHED, Zone.FLIP, Zone.REMOVED)
"""Zones each player has an instance of (401.4); play and the queue are shared."""

ORDERED_ZONES = (Zone.DRAW_DECK, Zone.PROBLEM_DECK, Zone.QUEUE)
"""Zones whose order players may not change (401.3)."""

HOME = "home"
PROBLEM = "problem"


class Area(NamedTuple):
    """One of the two areas each player owns in the play zone (405.1, 501.1)."""

    owner: int
    kind: str

    @property
    def is_home(self) -> bool:
        return self.kind == HOME

    @property
    def is_problem(self) -> bool:
        return self.kind == PROBLEM


class Card:
    """One physical card in a game: its printed information and its status.

    ``label`` is the name the card is known by in a scenario or log (a copy
    number is added where a deck holds several copies).
    """

    __slots__ = ("id", "printed", "owner", "controller", "zone", "area", "exhausted", "frightened",
                 "face_down", "counters", "turned_over", "modifiers", "host", "ignored", "label",
                 "incarnation", "cannot_move", "type", "is_character", "gained", "cutie_marked", "board", "also")

    def __init__(self, id: int, printed: Printed, owner: int, label: str | None = None):
        self.id = id
        self.printed = printed
        self.type: CardType = printed.type
        self.is_character: bool = printed.is_character
        self.also: tuple = ()
        """Card types a modifier makes the card as well as its own ("this card is also a Friend")."""
        self.owner = owner
        self.controller = owner
        self.zone: Zone | None = None
        self.area: Area | None = None
        self.exhausted = False
        self.frightened = False
        self.face_down = False
        self.counters = 0
        self.turned_over = False
        self.modifiers: list[int] = []
        self.host: Card | None = None
        self.ignored = False
        self.label = label or printed.name
        self.incarnation = 0
        self.cannot_move = False
        self.gained: list = []
        """Colors a modifier gives the card for a while (507.1, 203.2)."""
        self.cutie_marked: int | None = None
        """The incarnation in which the card became cutie marked (glossary: Cutie Mark): a different card is not."""
        self.board: Board | None = None
        """The board of the game the card is in, where its abilities are looked up (a modifier may take them away)."""

    def __repr__(self) -> str:
        return f"<Card {self.id} {self.label!r} {self.zone}>"

    def __str__(self) -> str:
        return self.label

    @property
    def info(self) -> Printed:
        """The printed information in effect: a Mane Character has that of
        its face-up side (301.3)."""
        if self.turned_over and self.printed.boosted is not None:
            return self.printed.boosted
        return self.printed

    @property
    def in_play(self) -> bool:
        return self.zone == Zone.PLAY

    @property
    def is_ready(self) -> bool:
        """Ready: in play with no exhaustion counter, neither frightened nor a
        Problem (503.1, 503.4, 503.4a, 504.2)."""
        return (self.zone == Zone.PLAY and not self.exhausted and not self.frightened
                and self.type != CardType.PROBLEM)

    @property
    def colors(self) -> tuple[Color, ...]:
        """Face-down cards have no color (505.1b); a modifier may give a
        card more colors (:attr:`gained`)."""
        if self.face_down:
            return ()
        colors = self.info.colors
        if self.gained:
            colors = colors + tuple(dict.fromkeys(c for c in self.gained if c not in colors))
        return colors

    def is_a(self, card_type: CardType) -> bool:
        """Whether the card is of ``card_type``: its own, or one a modifier
        makes it as well (:attr:`also`)."""
        return self.type == card_type or card_type in self.also

    def keyword(self, name: str):
        """A keyword of the card; face-down cards have none (505.1a)."""
        if self.face_down:
            return False
        printed = self.printed.boosted if self.turned_over and self.printed.boosted is not None else self.printed
        return printed.keyword_values.get(name, False)

    @property
    def abilities(self) -> tuple:
        """The abilities of the card's face-up side; face-down cards have
        none (505.1a)."""
        return () if self.face_down else self.info.abilities

    def has_trait(self, trait: str) -> bool:
        """Face-down cards have no traits (505.1a)."""
        return False if self.face_down else trait.lower() in self.info.trait_set

    @property
    def is_epic(self) -> bool:
        return self.type == CardType.TROUBLEMAKER and self.has_trait("Epic")


class Player:
    """A player, their score, their action tokens and their own zones."""

    def __init__(self, index: int, name: str):
        self.index = index
        self.name = name
        self.score = 0
        self.tokens = 0
        self.conceded = False
        self.removed = False
        self.extra_flips = 0
        self.zones: dict[Zone, list[Card]] = {zone: [] for zone in OWN_ZONES}
        self.home = Area(index, HOME)
        self.problem_area = Area(index, PROBLEM)

    def __repr__(self) -> str:
        return f"<Player {self.name}>"

    def __str__(self) -> str:
        return self.name

    @property
    def deck(self) -> list[Card]:
        """The draw deck, top first (402.1)."""
        return self.zones[Zone.DRAW_DECK]

    @property
    def hand(self) -> list[Card]:
        return self.zones[Zone.HAND]


PHASES = ("ready", "troublemaker", "main", "score", "end")
"""The phases of a turn (601.3)."""


@dataclass
class Turn:
    """Whose turn it is and where in it the game is."""

    number: int = 1
    player: int = 0
    first_player: int = 0
    phase: str = "ready"
    step: str | None = None
    priority: int | None = None
    last_priority: int | None = None
    challenged: list = field(default_factory=list)


@dataclass
class Scoring:
    """Points scored, and the cards they were scored with (517.2)."""

    player: int
    points: int
    reason: str
    cards: tuple = ()


@dataclass
class Confrontation:
    """A Problem a player confronted (611.4) and on which turn."""

    turn: int
    player: int
    problem: Card


class Board:
    """Everything in the game: players, cards by id, the shared play zone and
    queue, the turn, the faceoff under way and what happened so far."""

    def __init__(self, names: list[str], trace: Trace | None = None):
        self.players = [Player(index, name) for index, name in enumerate(names)]
        self.cards: list[Card] = []
        self.play: list[Card] = []
        self.queue: list[Card] = []
        self.turn = Turn()
        self.trace = trace if trace is not None else Trace()
        self.faceoff = None
        self.faceoffs: list = []
        self.confrontations: list[Confrontation] = []
        self.scorings: list[Scoring] = []
        self.turn_limit: int | None = None
        self.off: frozenset[str] = frozenset()
        """The rules switched off (see :mod:`rulebase.engine.rulebook`)."""
        self.events: list = []
        """What happened since the most recent priority window closed (512.4d)."""
        self.waiting: list = []
        """The triggered effects waiting to be processed (704.1c, 511.7)."""
        self.version = 0
        """Bumped whenever a card changes zones."""
        self.acting = None
        """The cards in play whose abilities act beyond themselves, with the
        cards in play they were found among (kept while those are the same,
        in the same order)."""
        self.reaching = None
        """Those of them changing other cards, by the kind of modifier, kept
        as :attr:`acting` is."""
        self.replacing: set = set()
        """The replacement modifiers being applied (710.3: not again on what they replaced)."""
        self.used: set = set()
        """The once-per-turn (faceoff, game) abilities used, by card and span."""
        self.activating = None
        """Those of them with activated abilities, kept as :attr:`acting` is."""
        self.listening = None
        """Those of them waiting for each kind of event, kept as :attr:`acting` is."""
        self.returning = None
        """The cards of the game whose text lets them be played from the
        discard pile, with the number of cards they were looked for among."""
        self.memo: dict | None = None
        """What has been worked out from the board while it is being asked
        about (:meth:`asking`), kept until the asking ends; ``None`` the
        rest of the time."""

    def asking(self) -> "_Asking":
        """A block in which the board is asked about and not changed (the
        legal actions of a decision are listed by checks, which judge and
        change nothing): what is worked out from the board inside it (a
        card's power, a player's power of a color) may be kept in
        :attr:`memo` and used again until the block ends.  Blocks nest (the
        outermost one ends the keeping); with :data:`MEMO` off nothing is
        kept."""
        return _Asking(self)

    # -- players -------------------------------------------------------------

    def player(self, index: int) -> Player:
        return self.players[index]

    def name(self, index: int) -> str:
        return self.players[index].name

    def opponents(self, index: int) -> list[int]:
        """A player's opponents are the other players in the game (106.2)."""
        return [p.index for p in self.players if p.index != index and not p.removed]

    def opponent(self, index: int) -> int:
        return self.opponents(index)[0]

    @property
    def turn_player(self) -> Player:
        """The player whose turn it is (106.1)."""
        return self.players[self.turn.player]

    def area_name(self, area: Area) -> str:
        return f"{self.name(area.owner)}'s {area.kind}"

    # -- cards and zones -----------------------------------------------------

    def new_card(self, printed: Printed, owner: int, label: str | None = None) -> Card:
        card = Card(len(self.cards), printed, owner, label)
        card.board = self
        self.cards.append(card)
        return card

    def zone_list(self, zone: Zone, owner: int) -> list[Card]:
        if zone == Zone.PLAY:
            return self.play
        if zone == Zone.QUEUE:
            return self.queue
        return self.players[owner].zones[zone]

    def put(self, card: Card, zone: Zone, *, area: Area | None = None, bottom: bool = False,
            index: int | None = None, owner: int | None = None) -> None:
        """Put a card into a zone (its owner's instance unless ``owner`` is
        given), on top unless ``bottom``; in play, at ``area``.

        A card that changes zones becomes a different card (410.6): its
        counters, modifiers, status and ignored mark go.
        """
        self.version += 1
        previous = card.zone
        if card.zone is not None:
            self.zone_list(card.zone, card.owner if card.zone != Zone.REMOVED else card.owner).remove(card)
            if card.host is not None:
                card.host = None
        if card.zone != zone:
            becomes_new(self, card)
        target = self.zone_list(zone, card.owner if owner is None else owner)
        if index is not None:
            target.insert(index, card)
        elif bottom or zone in (Zone.PLAY, Zone.QUEUE, Zone.DISCARD, Zone.BANISHED, Zone.FLIP, Zone.REMOVED, Zone.HAND):
            target.append(card)
        else:
            target.insert(0, card)
        card.zone = zone
        card.area = area if zone == Zone.PLAY else None
        if zone != Zone.PLAY:
            card.controller = card.owner
        if zone == Zone.DISCARD and previous not in (None, Zone.DISCARD):
            for listener in ENTERING_DISCARD:
                listener(self, card, previous)

    def in_play(self, controller: int | None = None) -> list[Card]:
        return [c for c in self.play if controller is None or c.controller == controller]

    def at(self, area: Area) -> list[Card]:
        """The cards in play at an area (attachments included, 509.3)."""
        return [c for c in self.play if c.area == area]

    def characters_at(self, area: Area, controller: int | None = None) -> list[Card]:
        return [c for c in self.play if c.area == area and c.is_character
                and (controller is None or c.controller == controller)]

    def problem_at(self, area: Area) -> Card | None:
        """The Problem card in a Problem area, if any."""
        for card in self.play:
            if card.area == area and card.type == CardType.PROBLEM:
                return card
        return None

    def problems(self) -> list[Card]:
        """The Problems in play, the turn player's first."""
        order = [self.turn.player] + [p.index for p in self.players if p.index != self.turn.player]
        found = []
        for index in order:
            problem = self.problem_at(self.players[index].problem_area)
            if problem is not None:
                found.append(problem)
        return found

    def troublemakers_at(self, area: Area, face_up: bool | None = True) -> list[Card]:
        return [c for c in self.play if c.area == area and c.type == CardType.TROUBLEMAKER
                and (face_up is None or c.face_down != face_up)]

    def attachments(self, card: Card) -> list[Card]:
        return [c for c in self.play if c.host is card]

    def mane(self, player: int) -> Card | None:
        """The player's Mane Character in play."""
        for card in self.play:
            if card.type == CardType.MANE and card.controller == player:
                return card
        return None

    def all_cards(self) -> list[Card]:
        return list(self.cards)


MEMO = True
"""Whether what is worked out while a board is asked about is kept for the
rest of the asking (:meth:`Board.asking`); switched off, everything is
worked out each time it is needed, for comparing the two
(``tests/engine/test_caching.py``)."""


class _Asking:
    """The block of :meth:`Board.asking` (a plain context manager, as the
    legal actions of every decision are listed inside one)."""

    __slots__ = ("board", "outermost")

    def __init__(self, board: Board):
        self.board = board

    def __enter__(self) -> Board:
        board = self.board
        self.outermost = MEMO and board.memo is None
        if self.outermost:
            board.memo = {}
        return board

    def __exit__(self, *exception) -> None:
        if self.outermost:
            self.board.memo = None


@step("410.6", "{card} changes zones and becomes a different card: the modifiers, counters and status it had no "
               "longer apply")
def becomes_new(board: Board, card: Card):
    """A card that changes zones becomes a different card (410.6): its
    counters, modifiers, status and ignored mark go.  Recorded when it
    leaves play with any of them."""
    had = card.zone == Zone.PLAY and (card.exhausted or card.frightened or card.counters or card.modifiers
                                      or card.turned_over or card.cannot_move or card.gained)
    card.exhausted = False
    card.frightened = False
    card.face_down = False
    card.counters = 0
    card.turned_over = False
    card.modifiers = []
    card.ignored = False
    card.cannot_move = False
    card.gained = []
    card.type = card.printed.type
    if card.also:
        card.also = ()
        card.is_character = card.printed.is_character
    card.incarnation += 1
    return {"card": card.label} if had else None
