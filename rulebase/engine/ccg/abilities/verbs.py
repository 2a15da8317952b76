"""The verb table: what each instruction of card text does to the card or
player it is carried out on, with the rules that judge it (chapter 7, 104,
410, 503-521).

Each entry of :data:`VERBS` is a :class:`Verb`: its ``check`` is made of
rule check units (it raises :class:`~rulebase.engine.errors.IllegalAction`
naming the rule when the instruction can't be carried out on that target),
its ``apply`` of rule step units (each records the rule it applies).  A
verb is carried out on one target at a time, described by an :class:`Act`:

>>> from rulebase.engine.ccg.board import Board, Zone
>>> from rulebase.engine.ccg.cards import Printed
>>> board = Board(["Alice", "Bob"])
>>> comet = board.new_card(Printed.build("Comet", "Friend", colors=["blue"], power=2, cost=2), 0)
>>> board.put(comet, Zone.PLAY, area=board.players[0].home)
>>> act = Act(0, comet, amount=2)
>>> VERBS["power"].allows(board, act), VERBS["exhaust"].allows(board, act)
(True, True)
>>> VERBS["power"].apply(board, act); comet.modifiers
[2]
>>> [str(step) for step in board.trace][-1]
'507.1: Comet gets +2 power until the end of the turn'

The instructions a scenario states "by card text" (``effect`` actions, see
:mod:`rulebase.engine.ccg.effects`) go through the same table, as does the
resolution of an ability's effect (:mod:`.resolve`).  A verb of the model
(:data:`rulebase.engine.ccg.abilities.model.VERBS`) the table lacks is one
the engine cannot carry out: a card using it is not executable.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rulebase.engine.ccg import moving, points, rules, status, zones
from rulebase.engine.ccg.abilities.events import emit
from rulebase.engine.ccg.board import Area, Board, Card, Zone
from rulebase.engine.ccg.cards import CardType, Color, modifier_controller, parse_color, problems_have_no_power
from rulebase.engine.errors import IllegalAction

CARD, PLAYER, NOTHING = "card", "player", "nothing"
"""What a verb is carried out on: a card, a player, or the game itself."""

DURATIONS = {"turn": "the end of the turn", "phase": "the end of the phase", "faceoff": "the end of the faceoff",
             "next-turn": "the start of their next turn",
             **{f"{phase}-phase": f"the end of the {phase.capitalize()} Phase"
                for phase in ("ready", "troublemaker", "main", "score", "end")}}
"""The durations of a power modifier the engine ends, with their words."""


class Act:
    """A verb being carried out once: by ``player`` (who carries it out, the
    ability's controller unless the text says another), on ``target`` (a
    :class:`~rulebase.engine.ccg.board.Card`, a player's index or ``None``),
    with ``amount``, ``area`` (where to move), ``order`` (cards, for an
    arrangement or a faceoff's named cards), the ``effect`` being carried
    out (its ``values`` and ``duration``) and its ``source`` card."""

    __slots__ = ("player", "target", "amount", "area", "order", "effect", "source", "cards", "named", "described",
                 "context", "kinds")

    def __init__(self, player: int, target=None, amount: int | None = None, area: Area | None = None,
                 order: tuple | None = None, effect=None, source: Card | None = None):
        self.player = player
        self.target = target
        self.amount = amount
        self.area = area
        self.order = order
        self.effect = effect
        self.source = source
        self.cards: list = []
        self.named: dict | None = None
        """What the earlier instructions of the effect named (a delayed instruction keeps it)."""
        self.described: dict | None = None
        self.kinds: tuple = ()
        """The descriptions of kinds of cards a faceoff involves every card of (tests of a card)."""
        self.context = None
        """The context the instruction is carried out in (a copy of an effect reads it)."""
        """For a faceoff, whether a card fits now the description each named card was chosen by (card id -> test)."""

    def value(self, name: str, default=None):
        """A further value of the instruction (``color``, ``to``, ``random``, ...)."""
        return default if self.effect is None else self.effect.value(name, default)

    @property
    def duration(self) -> str:
        """How long a modifier it creates lasts (the end of the turn unless said)."""
        return (self.effect.duration if self.effect is not None else None) or "turn"

    @property
    def n(self) -> int:
        return 1 if self.amount is None else self.amount

    def __repr__(self) -> str:
        return f"<Act p{self.player} {self.target!r} amount={self.amount}>"


@dataclass(frozen=True)
class Verb:
    """One entry of the verb table: ``name`` (a word of the model's VERBS or
    an instruction of the ``effect`` actions), the ``rule`` its application
    follows, what it ``takes`` (:data:`CARD`, :data:`PLAYER` or
    :data:`NOTHING`), its ``check`` and its ``apply``.  A ``procedure`` verb's
    apply is a generator taking the game's state (it may ask players to
    decide or start a faceoff); ``model`` is false for the instructions only
    a scenario states (they are not words card text is read into);
    ``by_owner``: the card's owner carries it out on a card ("discards",
    "into its owner's hand")."""

    name: str
    rule: str
    takes: str
    check: Callable[[Board, Act], None]
    apply: Callable
    procedure: bool = False
    model: bool = True
    by_owner: bool = False

    def allows(self, board: Board, act: Act) -> bool:
        """Whether the instruction can be carried out on ``act``'s target,
        asked quietly (the asking is not part of the game's record)."""
        if not board.trace.enabled:
            try:
                self.check(board, act)
            except IllegalAction:
                return False
            return True
        with board.trace.quiet():
            try:
                self.check(board, act)
            except IllegalAction:
                return False
        return True


VERBS: dict[str, Verb] = {}
"""The verb table, by name."""


def verb(name: str, rule: str, takes: str = CARD, procedure: bool = False, model: bool = True,
         by_owner: bool = False):
    """Register the apply function of a verb; its check is registered by
    :func:`checked`."""

    def register(apply):
        VERBS[name] = Verb(name, rule, takes, _NO_CHECK, apply, procedure, model, by_owner)
        return apply

    return register


def checked(name: str):
    """Register the check of a verb already in the table."""

    def register(check):
        entry = VERBS[name]
        VERBS[name] = Verb(entry.name, entry.rule, entry.takes, check, entry.apply, entry.procedure, entry.model,
                           entry.by_owner)
        return check

    return register


def _NO_CHECK(board: Board, act: Act) -> None:
    return None


# -- the checks shared by verbs --------------------------------------------------------


@rules.check("505.2", "face-down Troublemakers can't be referenced by cards, abilities or effects")
def referable(board: Board, card: Card | None):
    if card is not None and card.type == CardType.TROUBLEMAKER and card.face_down and card.zone == Zone.PLAY:
        return "face-down Troublemakers can't be referenced by cards, abilities or effects"


@rules.check("707.3", "modifiers only affect cards in play")
def modifies_in_play(board: Board, card: Card):
    if card.zone != Zone.PLAY:
        return f"{card} is not in play: modifiers only affect cards in play"


@rules.check("201.1a", "two cards with the same Title but a different Subtitle do not have the same name")
def same_subtitle(board: Board, card: Card, other: Card):
    if (card.info.subtitle or "").casefold() != (other.info.subtitle or "").casefold():
        return f"{card} and {other} share their Title but not their Subtitle: they do not have the same name"


def has_the_same_name(board: Board, card: Card, other: Card) -> bool:
    """Whether ``card`` has the same name as ``other`` ("a card with the same
    name"): its Title followed by its Subtitle (201.1), the Title alone not
    being enough (201.1a)."""
    if card.info.title.casefold() != other.info.title.casefold():
        return False
    return same_subtitle.allows(board, card, other)


@rules.check("103.5", "a player who has left the game takes no more part in it")
def in_the_game(board: Board, player: int):
    if board.players[player].removed:
        return f"{board.name(player)} has been removed from the game"


@rules.check("105.1", "a number of things to do can't be negative")
def not_negative(board: Board, amount):
    if (amount or 0) < 0:
        return "a number of things to do can't be negative"


@rules.check("104.1", "a card that specifically contradicts the rules takes precedence")
def card_over_rule(board: Board, unit, reason: str, text: str):
    """Card text over the rules (104.1): the rule of ``unit`` would refuse
    (``reason``) what the card's instruction ``text`` says to do; the card
    wins, and the trace says so with both."""
    return rules.Allowed(f"the card says to {text}; rule {unit.number} says {reason}: the card takes precedence")


def overruled(board: Board, unit, text: str, *args) -> None:
    """Judge by ``unit`` something card text says to do: when its rule
    refuses, the card's text takes precedence (104.1), recorded with both;
    with 104.1 switched off, the rule's refusal stands."""
    reason = unit.verdict(board, *args)
    if reason is None or isinstance(reason, rules.Allowed):
        return
    if "104.1" in board.off:
        unit(board, *args)
        return
    card_over_rule(board, unit, reason, text)


# -- status: frighten, unfrighten, exhaust, ready -----------------------------------------


@verb("frighten", "504.1")
def frighten(board: Board, act: Act) -> None:
    status.frighten(board, act.target, act.player)


checked("frighten")(lambda board, act: status.check_frighten(board, act.target))


@verb("unfrighten", "504.3")
def unfrighten(board: Board, act: Act) -> None:
    status.unfrighten(board, act.target)


checked("unfrighten")(lambda board, act: status.check_unfrighten(board, act.target))


@verb("exhaust", "503.2")
def exhaust(board: Board, act: Act) -> None:
    status.exhaust(board, act.target, act.player)


checked("exhaust")(lambda board, act: status.check_exhaust(board, act.target, act.player))


@verb("ready", "503.3")
def ready(board: Board, act: Act) -> None:
    card = act.target
    if not card.exhausted:
        board.trace.note("503.1", "{card} has no exhaustion counter: it is already ready", card=card.label)
    status.ready(board, card)


checked("ready")(lambda board, act: status.check_ready(board, act.target))


# -- leaving play and changing zones ------------------------------------------------------


@verb("dismiss", "410.1")
def dismiss(board: Board, act: Act) -> None:
    zones.dismiss(board, act.target)


checked("dismiss")(lambda board, act: zones.check_dismiss(board, act.target))


@verb("retire", "410.2")
def retire(board: Board, act: Act) -> None:
    zones.retire(board, act.player, act.target)


checked("retire")(lambda board, act: zones.check_retire(board, act.player, act.target))


@verb("banish", "410.5")
def banish(board: Board, act: Act) -> None:
    """Banish a card (410.5); "to beneath" a card in play (``act.cards``:
    that card), it is banished and lies beneath that card (Pumped, Eep!)."""
    card = act.target
    zones.banish(board, card)
    host = act.cards[0] if act.cards else None
    if host is not None and card.zone == Zone.BANISHED:
        banished_beneath(board, card, host)


@checked("banish")
def _check_banish(board: Board, act: Act) -> None:
    zones.check_banish(board, act.target)
    if act.value("beneath") is not None:
        has_a_card_to_lie_beneath(board, act.cards[0] if act.cards else None)
        if act.cards:
            modifies_in_play(board, act.cards[0])


# -- cards beneath another card (Pumped, spend) ------------------------------------------


def beneath(board: Board, host: Card | None) -> list[Card]:
    """The cards beneath ``host``: banished to beneath it while it has been
    in play (as the same card), and still in the banished zone."""
    lying = getattr(board, "beneath", None)
    if not lying or host is None or host.zone != Zone.PLAY:
        return []
    return [board.cards[card_id] for card_id, (host_id, incarnation) in lying.items()
            if host_id == host.id and incarnation == host.incarnation and board.cards[card_id].zone == Zone.BANISHED]


def host_of(board: Board, card: Card) -> Card | None:
    """The card in play ``card`` lies beneath, or ``None``."""
    lying = getattr(board, "beneath", None) or {}
    if card.id not in lying:
        return None
    host = board.cards[lying[card.id][0]]
    return host if card in beneath(board, host) else None


@rules.check("410.5", "a card banished to beneath a card is banished to beneath a card in play")
def has_a_card_to_lie_beneath(board: Board, host: Card | None):
    if host is None:
        return "there is no card to banish it to beneath"


@rules.step("410.5", "{card} is banished to beneath {host}: it is in {owner}'s banished zone, beneath {host}")
def banished_beneath(board: Board, card: Card, host: Card):
    lying = getattr(board, "beneath", None)
    if lying is None:
        lying = board.beneath = {}
    lying.pop(card.id, None)
    lying[card.id] = (host.id, host.incarnation)
    return {"card": card.label, "host": host.label, "owner": board.name(card.owner)}


@rules.check("glossary/spend", "a card is spent from beneath another card")
def lies_beneath(board: Board, card: Card):
    if host_of(board, card) is None:
        return f"{card} is not beneath a card: only a card beneath another card is spent"


@rules.step("glossary/spend", "{card} is spent from beneath {host}: it is put into {owner}'s discard pile")
def spent(board: Board, card: Card, host: Card):
    board.put(card, Zone.DISCARD)
    board.beneath.pop(card.id, None)
    return {"card": card.label, "host": host.label, "owner": board.name(card.owner)}


@verb("spend", "glossary/spend")
def spend(board: Board, act: Act) -> None:
    """"Spend a card from beneath this card": put it into its owner's
    discard pile (the glossary's Spend)."""
    host = host_of(board, act.target)
    if host is not None:
        spent(board, act.target, host)


checked("spend")(lambda board, act: lies_beneath(board, act.target))


@verb("discard", "410.3", by_owner=True)
def discard(board: Board, act: Act) -> None:
    zones.discard(board, act.player, act.target)


checked("discard")(lambda board, act: zones.check_discard(board, act.player, act.target))


@rules.step("104.1", "{player} draws {card} from the bottom of their draw deck: the card's text takes precedence "
                    "over 410.4, by which a draw is of the topmost card")
def draw_bottom_card(board: Board, player: int):
    deck = board.players[player].deck
    if deck:
        card = deck[-1]
        board.put(card, Zone.HAND)
        return {"player": board.name(player), "card": card.label}


@verb("draw", "410.4", takes=PLAYER)
def draw(board: Board, act: Act) -> None:
    """Draw cards (410.4); "from the bottom of your deck" draws the
    bottommost card instead, card text over the rule (104.1), each draw
    a separate occurrence (410.4b).  With 104.1 switched off, the rule's
    topmost card is drawn."""
    if act.value("position") != "bottom":
        zones.draw(board, act.target, act.n)
        return
    for _ in range(act.n):
        if not board.players[act.target].deck:
            board.trace.note("410.4", "{player}'s draw deck is empty: no card is drawn", player=board.name(act.target))
            break
        if draw_bottom_card(board, act.target) is None:
            zones.draw(board, act.target, 1)
        else:
            emit(board, "draws", player=act.target)


checked("draw")(lambda board, act: not_negative(board, act.amount))


@rules.check("404.1", "a card is taken into hand from one of its owner's zones")
def takeable(board: Board, player: int, card: Card, from_play: bool = False):
    zones_ = (Zone.DRAW_DECK, Zone.DISCARD, Zone.BANISHED, Zone.FLIP) + ((Zone.PLAY,) if from_play else ())
    if card.owner != player or card.zone not in zones_:
        return f"{card} is not in one of {board.name(player)}'s zones a card can be taken from"


@rules.check("301.5", "Mane Characters can't leave play")
def not_a_mane_leaving(board: Board, card: Card):
    if card.type == CardType.MANE and card.zone == Zone.PLAY:
        return f"{card} is a Mane Character and can't leave play"


@rules.step("410.4a", "{card} is put into {player}'s hand: not a draw, since the instruction does not say \"draw\"")
def put_into_hand(board: Board, player: int, card: Card):
    board.put(card, Zone.HAND)
    return {"card": card.label, "player": board.name(player)}


@verb("to-hand", "410.4a", by_owner=True)
def to_hand(board: Board, act: Act) -> None:
    """Put a card into its owner's hand: from a zone of its owner, or from
    play ("put that Friend into its owner's hand"), where it leaves play as
    any card does (what is attached to it is dismissed, 511.2, and what
    waits for a card leaving play answers)."""
    card = act.target
    if card.zone == Zone.PLAY:
        zones.leave_play(board, card, Zone.HAND, lambda board, card: put_into_hand(board, card.owner, card))
    else:
        put_into_hand(board, act.player, card)


@checked("to-hand")
def _check_to_hand(board: Board, act: Act) -> None:
    not_a_mane_leaving(board, act.target)
    takeable(board, act.player, act.target, from_play=True)


@rules.check("402.1", "a card is put on its owner's draw deck from another zone")
def not_in_the_deck(board: Board, card: Card):
    if card.zone in (Zone.DRAW_DECK, Zone.REMOVED, None):
        return f"{card} is already in a draw deck or out of the game"


@rules.step("402.1", "{card} is put on the {end} of {player}'s {deck}")
def put_on_deck(board: Board, card: Card, bottom: bool):
    if card.zone == Zone.PLAY:
        zones.leave_play(board, card, Zone.DRAW_DECK, lambda board, card: board.put(card, Zone.DRAW_DECK, bottom=bottom))
    else:
        board.put(card, Zone.DRAW_DECK, bottom=bottom)
    return {"card": card.label, "end": "bottom" if bottom else "top", "player": board.name(card.owner),
            "deck": "draw deck"}


@rules.step("403.1", "{card} is put on the {end} of {player}'s Problem deck")
def put_on_problem_deck(board: Board, card: Card, bottom: bool):
    board.put(card, Zone.PROBLEM_DECK, bottom=bottom)
    return {"card": card.label, "end": "bottom" if bottom else "top", "player": board.name(card.owner)}


@verb("to-deck", "402.1")
def to_deck(board: Board, act: Act) -> None:
    """Put a card on the top or bottom of its owner's draw deck (402.1), or
    a card of a Problem deck back on that Problem deck (403.1)."""
    bottom = act.value("to") == "bottom"
    unit = put_on_problem_deck if act.target.zone == Zone.PROBLEM_DECK else put_on_deck
    if unit(board, act.target, bottom) is not None:
        emit(board, "put", card=act.target, player=act.player, to="deck-bottom" if bottom else "deck-top")


@checked("to-deck")
def _check_to_deck(board: Board, act: Act) -> None:
    not_in_the_deck(board, act.target)
    not_a_mane_leaving(board, act.target)


@rules.step("406.1", "{card} is put from {player}'s {zone} into their discard pile: not a discard, since it is not "
                     "put there from a hand (410.3)")
def put_into_discard(board: Board, card: Card):
    zone = card.zone
    board.put(card, Zone.DISCARD)
    return {"card": card.label, "player": board.name(card.owner), "zone": zone}


@rules.check("406.1", "a card put into a discard pile by card text comes from its owner's deck")
def from_the_deck(board: Board, card: Card):
    if card.zone != Zone.DRAW_DECK:
        return f"{card} is not in a draw deck: the engine puts cards into a discard pile from the deck"


@verb("to-discard", "406.1")
def to_discard(board: Board, act: Act) -> None:
    """Put the target (the top cards of a deck) into its owner's discard
    pile (406.1): the cards are not discarded (410.3); a card beneath
    another card is spent (the glossary's Spend: Hoity Toity)."""
    host = host_of(board, act.target)
    if host is not None:
        spent(board, act.target, host)
    else:
        put_into_discard(board, act.target)


@checked("to-discard")
def _check_to_discard(board: Board, act: Act) -> None:
    if host_of(board, act.target) is None:
        from_the_deck(board, act.target)


# -- moving -------------------------------------------------------------------------------


@rules.step("506.4", "{card} is moved by card text")
def moved_by_text(board: Board, card: Card, area: Area, mover: int | None = None, text: int | None = None):
    old = card.area
    moving.move(board, card, area, how="by card text", mover=mover, text=text)
    if card.area == area and old != area:
        return {"card": card.label}


@verb("move", "506.4")
def move(board: Board, act: Act) -> None:
    if act.area is not None:
        moved_by_text(board, act.target, act.area, act.player, _text_of(act))


@rules.check("506.1", "a card is moved to an area")
def has_destination(board: Board, area):
    if area is None:
        return "the instruction names no area to move the card to"


@checked("move")
def _check_move(board: Board, act: Act) -> None:
    has_destination(board, act.area)
    if act.area is not None:
        moving.check_move(board, act.target, act.area, act.player, text=_text_of(act))


def _text_of(act: Act) -> int:
    """The controller of the card whose text carries ``act`` out (its player's, without one)."""
    return act.source.controller if act.source is not None else act.player


@verb("send", "506.5")
def send(board: Board, act: Act) -> None:
    moving.send(board, act.target, act.area or board.players[act.target.controller].home, "by card text")


@checked("send")
def _check_send(board: Board, act: Act) -> None:
    moving.check_send(board, act.target, act.area or board.players[act.target.controller].home)


@rules.step("104.2", "a modifier says {card} can't be moved")
def cant_move(board: Board, card: Card):
    card.cannot_move = True
    return {"card": card.label}


verb("cant-move", "104.2", model=False)(lambda board, act: cant_move(board, act.target))
checked("cant-move")(lambda board, act: modifies_in_play(board, act.target))


# -- power and counters ---------------------------------------------------------------------


@rules.step("507.1", "{card} gets {amount:+d} power until the end of the turn")
def power_modifier(board: Board, card: Card, amount: int):
    card.modifiers.append(amount)
    return {"card": card.label, "amount": amount}


class Lasting:
    """A power modifier that ends at the end of the phase or faceoff it was
    created in (708.2), or that gives a color until then or the end of the
    turn (the power of a turn's modifier ends with the others, 616.4)."""

    __slots__ = ("card", "incarnation", "amount", "until", "color", "controller", "player")

    def __init__(self, card: Card, amount: int, until: str, color=None, controller: int | None = None,
                 player: int | None = None):
        self.card = card
        self.incarnation = card.incarnation
        self.amount = amount
        self.until = until
        self.color = color
        self.controller = controller
        self.player = player
        """Whose next turn it lasts until (``next-turn``)."""


def _kept(board: Board, name: str, empty):
    """What card text keeps on ``board`` under ``name``: made with
    ``empty()`` the first time it is asked for."""
    found = getattr(board, name, None)
    if found is None:
        found = empty()
        setattr(board, name, found)
    return found


def lasting(board: Board) -> list[Lasting]:
    """The modifiers on ``board`` waiting for the end of their duration."""
    return _kept(board, "lasting", list)


@rules.step("708.2", "{card} gets {amount:+d} power until {until}")
def power_for_a_while(board: Board, card: Card, amount: int, until: str):
    card.modifiers.append(amount)
    lasting(board).append(Lasting(card, amount, until))
    return {"card": card.label, "amount": amount, "until": DURATIONS[until]}


@rules.step("708.2", "the control of {card} by {player} until {until} ends: {owner} controls it again")
def control_ends(board: Board, modifier: Lasting):
    card = modifier.card
    if card.incarnation != modifier.incarnation or card.zone != Zone.PLAY:
        return None
    player = card.controller
    card.controller = modifier.controller
    return {"card": card.label, "player": board.name(player), "until": DURATIONS[modifier.until],
            "owner": board.name(modifier.controller)}


@rules.step("708.2", "the modifier giving {card} {amount:+d} power until the start of {player}'s next turn lasts "
                     "into {turn}'s turn: it is not one that 616.4 ends")
def lasts_into_the_turn(board: Board, modifier: Lasting):
    card = modifier.card
    if card.incarnation == modifier.incarnation and card.zone == Zone.PLAY:
        card.modifiers.append(modifier.amount)
        return {"card": card.label, "amount": modifier.amount, "player": board.name(modifier.player),
                "turn": board.name(board.turn.player)}


@rules.step("708.2", "the modifier giving {card} {amount:+d} {what} until {until} ends")
def modifier_ends(board: Board, modifier: Lasting):
    card = modifier.card
    if card.incarnation != modifier.incarnation:
        return None
    ended = False
    if modifier.until != "turn" and modifier.amount in card.modifiers:
        card.modifiers.remove(modifier.amount)
        ended = True
    if modifier.color is not None and modifier.color in card.gained:
        card.gained.remove(modifier.color)
        ended = True
    if ended:
        return {"card": card.label, "amount": modifier.amount, "until": DURATIONS[modifier.until],
                "what": f"{modifier.color} power" if modifier.color is not None else "power"}


@rules.step("708.2", "the modifier making {card} {color} until {until} ends")
def color_ends(board: Board, modifier: Lasting):
    card = modifier.card
    if card.incarnation != modifier.incarnation or modifier.color not in card.gained:
        return None
    card.gained.remove(modifier.color)
    return {"card": card.label, "color": modifier.color, "until": DURATIONS[modifier.until]}


@rules.step("708.2", "the modifier of what {players} need to confront {problem} until {until} ends")
def need_ends(board: Board, change):
    words = {"you": board.name(change.controller), "opponent": f"{board.name(change.controller)}'s opponents",
             "player": "all players"}
    return {"players": words[change.players], "problem": change.problem.label, "until": DURATIONS[change.until]}


def _ends(board: Board, modifier: Lasting) -> None:
    if modifier.controller is not None:
        control_ends(board, modifier)
    elif modifier.amount is None:
        color_ends(board, modifier)
    else:
        modifier_ends(board, modifier)


def end_durations(board: Board, until: str) -> None:
    """End the modifiers that last until the end of the phase or of the
    faceoff (708.2), and the colors given until the end of the turn (the
    power of the turn's modifiers is ended by 616.4,
    :func:`rulebase.engine.ccg.turn.modifiers_end`)."""
    waiting = getattr(board, "lasting", None)
    if not waiting:
        return
    kept = []
    phase = f"{board.turn.phase}-phase" if until == "phase" else None
    for modifier in waiting:
        if isinstance(modifier, Delayed):
            if modifier.until == until:
                delayed_triggers(board, modifier)
            else:
                kept.append(modifier)
            continue
        if isinstance(modifier, LeaveBan):  # without 708.2, it does not end
            if modifier.until not in (until, phase) or leave_ban_ends(board, modifier) is None:
                kept.append(modifier)
            continue
        if isinstance(modifier, MoveBan):
            if modifier.until in (until, phase) or (until == "turn" and modifier.until == "next-turn"
                                                    and modifier.player == board.turn.player):
                move_ban_ends(board, modifier)
                board.lasting = [other for other in board.lasting if other is not modifier]
            else:
                kept.append(modifier)
            continue
        if isinstance(modifier, FlipChange):
            # the turn's extra flips are ended by 616.4; one lasting until its owner's next turn goes on
            if until == "turn" and modifier.until == "next-turn" and modifier.owner != board.turn.player:
                flip_change_lasts(board, modifier)
                kept.append(modifier)
            elif until != "turn":
                kept.append(modifier)
            continue
        if isinstance(modifier, FewerFlips):
            if modifier.until == until:
                fewer_flips_end(board, modifier)
            else:
                kept.append(modifier)
            continue
        if isinstance(modifier, TypeGrant):
            if modifier.until in (until, phase) or (until == "turn" and modifier.until == "next-turn"
                                                    and modifier.player == board.turn.player):
                type_grant_ends(board, modifier)
            else:
                kept.append(modifier)
            continue
        if isinstance(modifier, ReadyBan):  # used up by its card's controller's Ready Phase (kept_exhausted)
            kept.append(modifier)
            continue
        if isinstance(modifier, KeywordGrant):
            if modifier.until in (until, phase) or (until == "turn" and modifier.until == "next-turn"
                                                    and modifier.player == board.turn.player):
                card = modifier.card
                if (card.incarnation == modifier.incarnation and card.zone == Zone.PLAY
                        and keyword_ends(board, modifier) is None):
                    kept.append(modifier)
            else:
                kept.append(modifier)
            continue
        if isinstance(modifier, (NeedChange, RequirementChange, Unprevented)):
            if modifier.until in (until, phase) or (until == "turn" and modifier.until == "next-turn"
                                                    and modifier.player == board.turn.player):
                if isinstance(modifier, NeedChange):
                    need_ends(board, modifier)
            else:
                kept.append(modifier)
            continue
        if until == "turn" and modifier.until == "next-turn":
            if modifier.player != board.turn.player:
                if modifier.amount is not None:
                    lasts_into_the_turn(board, modifier)
                kept.append(modifier)
                continue
            _ends(board, modifier)
        elif modifier.until == until or modifier.until == phase:
            _ends(board, modifier)
        else:
            kept.append(modifier)
    board.lasting = kept


@rules.step("203.2", "{card} gets {amount:+d} {color} power until {until}: it is {color} and contributes power of "
                     "that color")
def colored_power(board: Board, card: Card, amount: int, color: Color, until: str):
    card.modifiers.append(amount)
    card.gained.append(color)
    lasting(board).append(Lasting(card, amount, until, color))
    return {"card": card.label, "amount": amount, "color": color, "until": DURATIONS[until]}


@rules.step("203.2", "{card} is {color} until {until}, as well as its own colors: it contributes power of that color")
def given_a_color(board: Board, card: Card, color: Color, until: str):
    card.gained.append(color)
    lasting(board).append(Lasting(card, None, until, color))
    return {"card": card.label, "color": color, "until": DURATIONS[until]}


@verb("color", "203.2")
def color(board: Board, act: Act) -> None:
    """"Give one of your characters [Laughter] until the end of the phase":
    the card is also that color for the duration, and so contributes
    power of that color (203.2); the color ends with the duration (708.2)."""
    waiting = len(lasting(board))
    given_a_color(board, act.target, parse_color(str(act.value("color"))), act.duration)
    for modifier in lasting(board)[waiting:]:
        modifier.player = act.player


@checked("color")
def _check_color(board: Board, act: Act) -> None:
    modifies_in_play(board, act.target)
    known_duration(board, act.duration)


class TypeGrant:
    """A card type (and color) a card is also, as well as its own, until the
    end of a duration (302.2, 708.2)."""

    __slots__ = ("card", "color", "incarnation", "player", "type", "until")

    def __init__(self, card: Card, card_type: CardType, color, until: str, player: int | None = None):
        self.card = card
        self.incarnation = card.incarnation
        self.type = card_type
        self.color = color
        self.until = until
        self.player = player


def _a(words: str) -> str:
    return f"{'an' if words[:1].lower() in 'aeiou' else 'a'} {words}"


@rules.step("302.2", "{card} is also {what} until {until}, as well as {own}: Friends are characters")
def also_a_friend(board: Board, card: Card, color, until: str, player: int | None = None):
    card.also = card.also + (CardType.FRIEND,)
    card.is_character = True  # its power counts in its player's power (507.2, 507.3)
    if color is not None:
        card.gained.append(color)
    lasting(board).append(TypeGrant(card, CardType.FRIEND, color, until, player))
    what = f"{color} {CardType.FRIEND}" if color is not None else str(CardType.FRIEND)
    return {"card": card.label, "what": _a(what), "until": DURATIONS[until], "own": _a(card.type)}


@rules.step("708.2", "the modifier making {card} also {what} until {until} ends")
def type_grant_ends(board: Board, grant: TypeGrant):
    card = grant.card
    if grant.type not in card.also:
        return None
    kept = list(card.also)
    kept.remove(grant.type)
    card.also = tuple(kept)
    card.is_character = card.printed.is_character or any(t in (CardType.FRIEND, CardType.MANE) for t in kept)
    if grant.color is not None and grant.color in card.gained:
        card.gained.remove(grant.color)
    if card.incarnation != grant.incarnation:
        return None
    what = f"{grant.color} {grant.type}" if grant.color is not None else str(grant.type)
    return {"card": card.label, "what": _a(what), "until": DURATIONS[grant.until]}


@verb("also-card-type", "302.2")
def also_card_type(board: Board, act: Act) -> None:
    """"This card is also a [Generosity] Friend until the end of the phase":
    the card is a Friend (and of that color) as well as of its own type
    for the duration: Friends are characters (302.2), so a Resource that is
    also a Friend is one, its power counted in its player's power of its
    colors (507.3), and it is moved as characters are (506.3); the type ends
    with the duration (708.2).  Only a Friend is read executable (the
    other types' rules are not given to a card of another type)."""
    color = act.value("color")
    also_a_friend(board, act.target, parse_color(str(color)) if color is not None else None, act.duration, act.player)


@checked("also-card-type")
def _check_also_card_type(board: Board, act: Act) -> None:
    modifies_in_play(board, act.target)
    known_duration(board, act.duration)


def checks_game_state(act: Act) -> bool:
    """Whether the modifier ``act`` creates checks game state information:
    a number counted ("for each ..."), the power of another card ("add
    its power") or the cards a selector of several finds ("your
    characters")."""
    effect = act.effect
    if effect is None:
        return False
    if getattr(effect, "verb", None) == "add-power":
        return True
    amount, target = getattr(effect, "amount", None), getattr(effect, "target", None)
    return getattr(amount, "per", None) is not None or bool(getattr(target, "every", False))


@rules.step("708.2b", "the modifier giving {card} {amount:+d} power until {until} checks the game state: it uses it as "
                      "it was when the modifier was created, whatever changes later")
def definite_as_created(board: Board, act: Act):
    return {"card": act.target.label, "amount": act.n, "until": DURATIONS.get(act.duration, act.duration)}


@rules.step("707.1", "processing the instruction creates a modifier: {card} gets {amount:+d} power until {until}")
def creates_a_modifier(board: Board, act: Act):
    """Processing an action or effect can create modifiers (707.1): an
    instruction giving a card power creates one; without this rule,
    processing creates none."""
    return {"card": act.target.label, "amount": act.n, "until": DURATIONS.get(act.duration, act.duration)}


@verb("power", "507.1")
def power(board: Board, act: Act) -> None:
    """``+N`` power (507.1) or ``+N [Color]``: power of that color, the card
    being that color meanwhile (203.2), until the end of the turn, phase
    or faceoff.  One that checks the game state is applied as the game
    state was when it was created (708.2b: the number is fixed, the cards
    it changes are those found then)."""
    if checks_game_state(act) and definite_as_created(board, act) is None:
        return
    if creates_a_modifier(board, act) is None:
        return
    duration = act.duration
    color = act.value("color")
    waiting = len(lasting(board)) if duration == "next-turn" else None
    if color is not None:
        colored_power(board, act.target, act.n, parse_color(str(color)), duration)
    elif duration == "turn":
        power_modifier(board, act.target, act.n)
    else:
        power_for_a_while(board, act.target, act.n, duration)
    if waiting is not None:
        controller = modifier_controller(board, act.player, act.source, act.target)
        for modifier in lasting(board)[waiting:]:
            modifier.player = controller


@rules.check("708.2", "a definite modifier lasts for its duration")
def known_duration(board: Board, duration: str):
    if duration not in DURATIONS:
        return f"the engine ends no modifier that lasts until {duration!r}"


@checked("power")
def _check_power(board: Board, act: Act) -> None:
    flipped = board.faceoff is not None and any(act.target in cards for cards in board.faceoff.flipped.values())
    if not flipped:  # a flipped card the text names is specifically affected in the flip zone (707.3)
        modifies_in_play(board, act.target)
    problems_have_no_power(board, act.target)
    known_duration(board, act.duration)


@rules.step("708.2b", "doubling {card}'s power until {until} checks the game state: its power is {amount} as the "
                      "modifier is created, so it gets {amount:+d} power, whatever changes later")
def doubled_as_created(board: Board, card: Card, amount: int, until: str):
    """"Double this card's power until the end of the turn": a definite
    modifier checking the card's power uses it as it was when the modifier
    was created (708.2b), a number of power it gets for the duration."""
    return {"card": card.label, "amount": amount, "until": DURATIONS.get(until, until)}


@verb("double-power", "507.1")
def double_power(board: Board, act: Act) -> None:
    """"Double that Friend's power until the end of the faceoff": the card
    gets +N power for the duration, N its power as the modifier is created
    (708.2b); a card with 0 or less power gets nothing more, or less."""
    from rulebase.engine.ccg import power as powers

    amount = powers.power(board, act.target) or 0
    if doubled_as_created(board, act.target, amount, act.duration) is None:
        return
    doubled = Act(act.player, act.target, amount=amount, effect=act.effect, source=act.source)
    if creates_a_modifier(board, doubled) is None:
        return
    duration = act.duration
    waiting = len(lasting(board)) if duration == "next-turn" else None
    if duration == "turn":
        power_modifier(board, act.target, amount)
    else:
        power_for_a_while(board, act.target, amount, duration)
    if waiting is not None:
        controller = modifier_controller(board, act.player, act.source, act.target)
        for modifier in lasting(board)[waiting:]:
            modifier.player = controller


@checked("double-power")
def _check_double_power(board: Board, act: Act) -> None:
    _check_power(board, act)


@verb("add-power", "507.1")
def add_power(board: Board, act: Act) -> None:
    """"Add its power to this card until the end of the turn": a power
    modifier of the power the card named has (worked out as the
    instruction is followed, :mod:`.resolve`)."""
    power(board, act)


@rules.check("507.1", "a card's power is added to another as a number")
def power_to_add(board: Board, amount):
    if amount is None:
        return "there is no card whose power is added"


@checked("add-power")
def _check_add_power(board: Board, act: Act) -> None:
    power_to_add(board, act.amount)
    _check_power(board, act)


@rules.check("519.1", "a number of counters can't be negative")
def counters_not_negative(board: Board, amount):
    if (amount or 0) < 0:
        return "a number of counters can't be negative"


@rules.step("519.4", "{n} +1 power counter{s} are put on {card}")
def put_counters(board: Board, card: Card, amount: int):
    card.counters += amount
    return {"n": amount, "s": "s" * (amount != 1), "card": card.label}


@rules.step("709.2", "the one-shot modifier putting {n} +1 power counter{s} on {card} checks the game state: it uses it "
                     "as it was when the modifier was created")
def one_shot_as_created(board: Board, act: Act):
    return {"n": act.n, "s": "s" * (act.n != 1), "card": act.target.label}


@verb("counters", "519.4")
def counters(board: Board, act: Act) -> None:
    """Put ``N`` +1 power counters on a card (519.4), or counters of a name
    ("a Hero counter", 519.1); a number counted ("for each ...") is the
    game state's when the modifier is created (709.2)."""
    if checks_game_state(act) and one_shot_as_created(board, act) is None:
        return
    kind = counter_kind(act)
    if kind is None:
        put_counters(board, act.target, act.n)
    elif put_named_counters(board, act.target, kind, act.n) is not None and act.n > 0:
        emit(board, "counters-put", card=act.target, player=act.player, amount=act.n, kind=kind)


@checked("counters")
def _check_counters(board: Board, act: Act) -> None:
    modifies_in_play(board, act.target)
    counters_not_negative(board, act.amount)


# -- counters with a name: "put a Hero counter on this card" (519.1) ---------------------------


def counter_kind(act: Act) -> str | None:
    """The name of the counters an instruction puts or removes ("Hero"),
    ``None`` for +1 power counters."""
    kind = act.value("kind")
    return None if kind in (None, "+1", "+1 power") else str(kind)


def named_counters(board: Board, card: Card) -> dict[str, int]:
    """The counters with a name on ``card``, by name (519.1): those put on
    it as the card it is now (a card that changed zones is a different
    card, 519.3a); for a card that has left play and remained where it
    went, those it had as it left (:func:`counters_as_it_left`)."""
    if card.zone != Zone.PLAY:
        left = (getattr(board, "counters_left", None) or {}).get(card.id)
        if left is None or left[0] != card.incarnation or left[1] != card.zone:
            return {}
        return left[2] if counters_as_it_left(board, card, left[2]) is not None else {}
    found = (getattr(board, "named_counters", None) or {}).get(card.id)
    if found is None or found[0] != card.incarnation:
        return {}
    return found[1]


@rules.step("712.2", "{card} has left play: the effects created as it left count the counters it had then ({counts})")
def counters_as_it_left(board: Board, card: Card, counts: dict):
    """"When this card leaves play, for each Trainee counter on it, ...":
    the triggered effect uses the game state as it was when it was created
    (712.2), as the card left play with its counters; the card in its new
    zone (410.6a: while it remains there) is counted with them."""
    return {"card": card.label, "counts": ", ".join(f"{n} {name}" for name, n in counts.items() if n)}


def _left_play_watch(board, happened) -> None:
    """Keep the counters with a name a card had as it left play, for the
    effects created as it left (712.2)."""
    if happened.event != "leaves-play":
        return
    card = happened.get("card")
    found = (getattr(board, "named_counters", None) or {}).get(getattr(card, "id", None))
    if not isinstance(card, Card) or found is None or found[0] != card.incarnation - 1 or not any(found[1].values()):
        return
    kept = getattr(board, "counters_left", None)
    if kept is None:
        kept = board.counters_left = {}
    kept[card.id] = (card.incarnation, card.zone, dict(found[1]))


@rules.step("519.1", "{n} {name} counter{s} {are} put on {card}")
def put_named_counters(board: Board, card: Card, kind: str, amount: int):
    kept = getattr(board, "named_counters", None)
    if kept is None:
        kept = board.named_counters = {}
    counts = dict(named_counters(board, card))
    counts[kind] = counts.get(kind, 0) + amount
    kept[card.id] = (card.incarnation, counts)
    return {"n": amount, "name": kind, "s": "s" * (amount != 1), "are": "are" if amount != 1 else "is",
            "card": card.label}


@rules.check("519.3", "counters remain on a card until they are removed: only counters on it can be removed")
def has_named_counters(board: Board, card: Card, kind: str, amount: int | None):
    have = named_counters(board, card).get(kind, 0)
    if amount is not None and have < amount:
        return f"{card} has {have} {kind} counter{'s' * (have != 1)}, not {amount}"


@rules.step("519.3", "{n} {name} counter{s} {are} removed from {card}")
def remove_named_counters(board: Board, card: Card, kind: str, amount: int | None):
    counts = dict(named_counters(board, card))
    n = counts.get(kind, 0) if amount is None else min(amount, counts.get(kind, 0))
    counts[kind] = counts.get(kind, 0) - n
    board.named_counters[card.id] = (card.incarnation, counts)
    return {"n": n, "name": kind, "s": "s" * (n != 1), "are": "are" if n != 1 else "is", "card": card.label}


@rules.step("504.1", "{card} becomes frightened: its {names} counters are removed")
def named_counters_removed(board: Board, card: Card):
    counts = named_counters(board, card)
    if any(counts.values()):
        board.named_counters.pop(card.id, None)
        return {"card": card.label, "names": ", ".join(kind for kind, n in counts.items() if n)}


def _frightened_watch(board, happened) -> None:
    """A card that becomes frightened loses its counters with a name too (504.1)."""
    if happened.event != "frightened" or not getattr(board, "named_counters", None):
        return
    card = happened.get("card")
    if isinstance(card, Card) and card.id in board.named_counters:
        named_counters_removed(board, card)


@rules.check("519.3", "counters remain on a card until they are removed: only counters on it can be removed")
def has_counters(board: Board, card: Card, amount: int):
    if card.counters < amount:
        return f"{card} has {card.counters} +1 power counter{'s' * (card.counters != 1)}, not {amount}"


@rules.step("519.3", "{n} +1 power counter{s} are removed from {card}")
def remove_counters(board: Board, card: Card, amount: int):
    card.counters -= amount
    return {"n": amount, "s": "s" * (amount != 1), "card": card.label}


@verb("remove-counters", "519.3")
def remove_some_counters(board: Board, act: Act) -> None:
    """Remove ``N`` +1 power counters, or counters of a name ("remove all
    Tip counters from this card": all of them when no number is said)."""
    kind = counter_kind(act)
    if kind is None:
        remove_counters(board, act.target, act.n)
    else:
        remove_named_counters(board, act.target, kind, act.amount)


@checked("remove-counters")
def _check_remove_counters(board: Board, act: Act) -> None:
    modifies_in_play(board, act.target)
    counters_not_negative(board, act.amount)
    kind = counter_kind(act)
    if kind is None:
        has_counters(board, act.target, act.n)
    else:
        has_named_counters(board, act.target, kind, act.amount)


# -- Cutie Mark: a keyword action (the glossary's Cutie Mark) ------------------------------


def is_cutie_marked(card: Card) -> bool:
    """Whether ``card`` is cutie marked: it became so as the card it is now
    (a card that changed zones or was turned face-down is a different
    card, 410.6, 505.3) and is in play."""
    return card.cutie_marked is not None and card.cutie_marked == card.incarnation and card.zone == Zone.PLAY


@rules.check("glossary/cutie-mark", "you can't Cutie Mark a cutie marked card")
def not_cutie_marked(board: Board, card: Card):
    if is_cutie_marked(card):
        return f"{card} is already cutie marked: a cutie marked card can't be Cutie Marked"


@rules.step("glossary/cutie-mark", "{card} is Cutie Marked: a +1 power counter is put on it and it becomes cutie "
                                   "marked")
def becomes_cutie_marked(board: Board, card: Card):
    card.counters += 1
    card.cutie_marked = card.incarnation
    return {"card": card.label}


@verb("cutie-mark", "glossary/cutie-mark")
def cutie_mark(board: Board, act: Act) -> None:
    """Cutie Mark a card: put a +1 power counter on it and it becomes cutie
    marked (the glossary's Cutie Mark); the abilities waiting for a card
    becoming cutie marked are told."""
    card = act.target
    if becomes_cutie_marked(board, card) is not None:
        emit(board, "cutie-marked", card=card, player=card.controller)


@checked("cutie-mark")
def _check_cutie_mark(board: Board, act: Act) -> None:
    modifies_in_play(board, act.target)
    not_cutie_marked(board, act.target)


# -- players: tokens, points, paying ----------------------------------------------------


@rules.step("502.1", "{player} gains {n} action token{s}")
def gain_tokens(board: Board, player: int, amount: int):
    board.players[player].tokens += amount
    return {"player": board.name(player), "n": amount, "s": "s" * (amount != 1)}


@verb("gain", "502.1", takes=PLAYER)
def gain(board: Board, act: Act) -> None:
    if gain_tokens(board, act.target, act.n) is not None:
        emit(board, "gains-tokens", player=act.target, n=act.n)


checked("gain")(lambda board, act: not_negative(board, act.amount))


@rules.step("502.1", "{player} loses {n} action token{s}{short}")
def lose_tokens(board: Board, player: int, amount: int):
    have = board.players[player].tokens
    lost = min(have, amount)
    board.players[player].tokens -= lost
    short = f" (had {have}: the rest of the loss can't be done, 707.2)" if lost < amount else ""
    return {"player": board.name(player), "n": lost, "s": "s" * (lost != 1), "short": short}


@verb("lose", "502.1", takes=PLAYER)
def lose(board: Board, act: Act) -> None:
    """A player loses action tokens ("an opponent loses [1]"): as many as
    they have, at most the number said; all of them when the text says
    so ("lose all of your action tokens")."""
    if act.value("what") == "game":
        lose_the_game(board, act.target)
        return
    if act.effect is not None and loses_all_tokens(act.effect):
        lose_tokens(board, act.target, board.players[act.target].tokens)
        return
    lose_tokens(board, act.target, act.n)


@rules.step("103.5", "by card text, {player} loses the game: they are removed from it")
def loses_the_game(board: Board, player: int):
    loser = board.players[player]
    if not loser.removed:
        loser.removed = True
        return {"player": loser.name}


def lose_the_game(board: Board, player: int) -> None:
    """A player card text says loses the game ("you lose the game") is
    removed from it (103.5) with their cards (103.5a); a player with no
    opponents left wins it (103.3), and the game ends (103.1)."""
    from rulebase.engine.flow import GameEnds
    from rulebase.engine.game import Outcome, Termination

    if loses_the_game(board, player) is None:
        return
    points.cards_removed(board, player)
    remaining = [other.index for other in board.players if not other.removed]
    if points.last_player_wins(board, remaining) is not None:
        points.the_game_ends(board, board.name(remaining[0]))
        raise GameEnds(Outcome(Termination.WIN, remaining[0]))


@rules.step("104.1", "by card text, {player} wins the game: the card's text takes precedence over the rules of winning "
                     "(103.2, 103.3)")
def wins_by_text(board: Board, player: int):
    return {"player": board.name(player)}


@verb("win", "103.1", takes=PLAYER)
def win(board: Board, act: Act) -> None:
    """A player card text says wins the game ("you win the game") wins it,
    whatever their score (104.1 over 103.2), and the game ends at once
    (103.1)."""
    from rulebase.engine.flow import GameEnds
    from rulebase.engine.game import Outcome, Termination

    if wins_by_text(board, act.target) is None:
        return
    if points.the_game_ends(board, board.name(act.target)) is not None:
        raise GameEnds(Outcome(Termination.WIN, act.target))


checked("win")(lambda board, act: in_the_game(board, act.target))


def loses_all_tokens(effect) -> bool:
    """Whether an instruction to lose is of all the action tokens of the
    player carrying it out ("your action tokens", "their action tokens",
    every one, no number said)."""
    target = effect.target
    return (target is not None and target.noun == "action-token" and target.every
            and target.controller in (None, "you", "their") and not target.filters and target.where is None
            and (effect.amount is None or (effect.amount.value is None and effect.amount.per is None))
            and effect.value("what") in (None, "tokens"))


@rules.check("502.1", "action tokens are what a player loses by card text the engine carries out")
def tokens_lost(board: Board, what):
    if what not in (None, "tokens", "game"):
        return f"the engine carries out losing action tokens, not {what!r}"


@checked("lose")
def _check_lose(board: Board, act: Act) -> None:
    not_negative(board, act.amount)
    tokens_lost(board, act.value("what"))
    in_the_game(board, act.target)


@rules.check("508.1d", "a player can't pay a cost unless he has the means to pay all of it")
def can_pay(board: Board, player: int, amount: int):
    tokens = board.players[player].tokens
    if tokens < amount:
        return f"{board.name(player)} has {tokens} action token{'s' * (tokens != 1)} and can't pay {amount}"


@rules.step("508.1", "{player} pays {n} action token{s}")
def pay_tokens(board: Board, player: int, amount: int):
    board.players[player].tokens -= amount
    return {"player": board.name(player), "n": amount, "s": "s" * (amount != 1)}


verb("pay", "508.1", takes=PLAYER)(lambda board, act: pay_tokens(board, act.target, act.n))


@checked("pay")
def _check_pay(board: Board, act: Act) -> None:
    not_negative(board, act.amount)
    can_pay(board, act.target, act.n)


@verb("score", "517.2", takes=PLAYER)
def score(board: Board, act: Act) -> None:
    reason = "an additional point, by card text" if act.value("additional") else "by card text"
    cards = (act.source,) if act.source is not None else ()
    before = board.players[act.target].score
    try:
        points.score(board, act.target, act.n, reason, cards=cards, rule="517.2")
    finally:
        if board.players[act.target].score > before:
            emit(board, "scores", player=act.target, n=act.n, card=act.source)


checked("score")(lambda board, act: not_negative(board, act.amount))


@verb("each-score", "517.2", takes=NOTHING, model=False)
def each_score(board: Board, act: Act) -> None:
    points.score_each(board, {p.index: act.n for p in board.players if not p.removed}, "by card text")


checked("each-score")(lambda board, act: not_negative(board, act.amount))


# -- the cost to play the next cards ----------------------------------------------------


class CostChange:
    """A change of the cost ``player`` pays to play the cards ``selector``
    names (``amount``: negative for "pay [1] less"), created by ``source``'s
    text: for the next such card only (``next``, 708.4: it applies the next
    time such a card is played), or for every one until the end of the
    turn, phase or faceoff (708.2).  ``minimum``: the least it lowers the
    cost to ("to a minimum of [1]"), if the text says one."""

    __slots__ = ("player", "selector", "amount", "until", "next", "turn", "phase", "faceoff", "source", "text",
                 "minimum", "playing", "card", "incarnation")

    def __init__(self, board: Board, player: int, selector, amount: int, until: str, next_only: bool,
                 source: Card | None, text: str, minimum: int | None = None, card: Card | None = None):
        self.card = card
        """The one card whose cost it changes, when the text names it ("pay [1] less to play it this turn")."""
        self.incarnation = card.incarnation if card is not None else None
        self.minimum = minimum
        self.player = player
        self.selector = selector
        self.amount = amount
        self.until = until
        self.next = next_only
        self.turn = board.turn.number
        self.phase = board.turn.phase
        self.faceoff = len(board.faceoffs) if board.faceoff is not None else None
        self.source = source
        self.playing = source is not None and source.zone == Zone.QUEUE
        """Made by an Event being played, whose own 705.2f announcement comes after."""
        self.text = text

    def lasts(self, board: Board) -> bool:
        """Whether its duration has not ended (708.2)."""
        if board.turn.number != self.turn:
            return False
        if self.until == "faceoff":
            return board.faceoff is not None and len(board.faceoffs) == self.faceoff
        if self.until == "phase":
            return board.turn.phase == self.phase
        return True

    def names(self, board: Board, card: Card) -> bool:
        """Whether ``card`` is one of the cards whose cost it changes, read
        from its controller's perspective (513.5)."""
        from rulebase.engine.ccg.abilities import resolve, targets

        if self.card is not None:  # that card, the same object (410.6), or that one being played from there
            return card is self.card and (card.incarnation == self.incarnation or (
                card.zone == Zone.QUEUE and card.incarnation == self.incarnation + 1))  # put in the queue, 705.2b
        if card.owner != self.player:
            return False
        rule = targets.compiled(self.selector)
        kind = rule.type
        if kind is not None and (not card.is_character if kind == "character" else card.type != kind):
            return False
        context = resolve.Context(board=board, card=self.source, controller=self.player)
        return all(test(board, context, card) for test in rule.tests)


def cost_changes(board: Board) -> list[CostChange]:
    """The changes of the cost to play cards that card text created and
    that wait for the cards they name."""
    return _kept(board, "cost_changes", list)


NEXT_PLAYED = "next-played"
"""The filter of "the next card you play" (a selector's, read by the verb 'cost-change')."""


def _played_selector(selector):
    """The selector of the cards a cost change names, without "next"."""
    from dataclasses import replace

    return replace(selector, filters=tuple(f for f in selector.filters if f[0] != NEXT_PLAYED),
                   count=type(selector.count)(1), every=False)


@rules.step("708.4", "{player}'s next {what} played before {until} costs {amount:+d}: a modifier that applies the "
                     "next time such a card is played")
def next_cost_change(board: Board, change: CostChange):
    cost_changes(board).append(change)
    return {"what": change.selector.noun, "player": board.name(change.player), "until": DURATIONS[change.until],
            "amount": change.amount}


@rules.step("708.2", "each {what} {player} plays costs {amount:+d} until {until}")
def lasting_cost_change(board: Board, change: CostChange):
    cost_changes(board).append(change)
    return {"what": change.selector.noun, "player": board.name(change.player), "until": DURATIONS[change.until],
            "amount": change.amount}


@rules.step("708.2", "the cost for {player} to play {card} changes by {amount:+d} until {until}")
def card_cost_change(board: Board, change: CostChange):
    cost_changes(board).append(change)
    return {"player": board.name(change.player), "card": change.card.label, "amount": change.amount,
            "until": DURATIONS[change.until]}


NAMED_CARD = ("it", "that")
"""The words of a cost change of the card an earlier instruction named ("pay [1] less to play it this turn")."""


@verb("cost-change", "708.4", takes=NOTHING)
def cost_change(board: Board, act: Act) -> None:
    """"Pay [1] less for your next Friend this turn", "the next card you
    play that turn has its cost reduced by [1]" (708.4), "pay [1] less for
    Events until the end of the faceoff" (708.2), "you may pay [1] less to
    play it this turn" (708.2, the card an earlier instruction named, in
    ``act.cards``): applied as the cost to play such a card is determined
    (705.2c), the next one once."""
    selector = act.effect.target
    if selector.noun in NAMED_CARD:
        for card in act.cards:
            card_cost_change(board, CostChange(board, act.player, selector, act.n, act.duration, False, act.source,
                                               act.effect.part.text or "its text", card=card))
        return
    next_only = selector.filter(NEXT_PLAYED) is not None
    minimum = act.value("minimum")
    change = CostChange(board, act.player, _played_selector(selector), act.n, act.duration, next_only, act.source,
                        act.effect.part.text or "its text", getattr(minimum, "value", minimum))
    if next_only:
        next_cost_change(board, change)
    else:
        lasting_cost_change(board, change)


@rules.check("708.2", "a cost change lasts for its duration: the engine ends those of a turn, a phase or a faceoff")
def cost_change_duration(board: Board, duration: str):
    if duration not in ("turn", "phase", "faceoff"):
        return f"the engine ends no cost change that lasts until {duration!r}"


@rules.check("708.2", "a faceoff's modifier is created during a faceoff")
def faceoff_under_way(board: Board, duration: str):
    if duration == "faceoff" and board.faceoff is None:
        return "there is no faceoff under way for it to last until the end of"


@rules.check("708.2", "a change of the cost to play a card an earlier instruction named needs a card it named")
def a_card_whose_cost_changes(board: Board, act: Act):
    if act.effect is not None and act.effect.target is not None and act.effect.target.noun in NAMED_CARD and not [
            card for card in act.cards if isinstance(card, Card)]:
        return "no earlier instruction named a card whose cost to play it changes"


@checked("cost-change")
def _check_cost_change(board: Board, act: Act) -> None:
    cost_change_duration(board, act.duration)
    faceoff_under_way(board, act.duration)
    a_card_whose_cost_changes(board, act)


@rules.step("705.2c", "the cost to play {card} changes by {amount:+d} ({text})")
def cost_changed(board: Board, cost, card: Card, change: CostChange):
    amount = _within_minimum(change, cost.amount)
    cost.amount += amount
    return {"card": card.label, "amount": amount, "text": change.text}


def _within_minimum(change: CostChange, cost: int) -> int:
    """How much ``change`` changes a cost of ``cost``: a lowering "to a
    minimum of [N]" lowers it no further than N (nor raises it)."""
    if change.minimum is None or change.amount >= 0:
        return change.amount
    return max(change.amount, min(0, change.minimum - cost))


def changed_play_cost(board: Board, cost, player: int, card: Card, table=None) -> None:
    """Apply the cost changes waiting for ``card`` to the cost ``player``
    pays to play it (705.2c); ``table``: where they are recorded."""
    waiting = getattr(board, "cost_changes", None)
    if not waiting:
        return
    table = board if table is None else table
    for change in waiting:
        if change.player == player and change.lasts(board) and change.names(board, card):
            cost_changed(table, cost, card, change)


def least_cost_change(board: Board, player: int, card: Card) -> int:
    """The most the waiting cost changes lower ``player``'s cost to play ``card``."""
    return sum(_within_minimum(change, card.info.cost or 0) for change in getattr(board, "cost_changes", None) or ()
               if change.player == player and change.amount < 0 and change.lasts(board) and change.names(board, card))


@rules.step("708.4", "the change of the cost to play {player}'s next {what} has applied to {card}: it ends")
def cost_change_used(board: Board, change: CostChange, card: Card):
    cost_changes(board).remove(change)
    return {"what": change.selector.noun, "player": board.name(change.player), "card": card.label}


def _cost_change_watch(board, happened) -> None:
    """A "next card" cost change ends as such a card is played (708.4);
    those whose duration ended are forgotten."""
    waiting = getattr(board, "cost_changes", None)
    if not waiting or happened.event != "played":
        return
    card, player = happened.get("card"), happened.get("player")
    for change in list(waiting):
        if not change.lasts(board):
            waiting.remove(change)
        elif card is change.source and change.playing:
            change.playing = False  # the Event that made it, announced as played once it has resolved (705.2f)
        elif change.next and change.player == player and isinstance(card, Card) and change.names(board, card):
            cost_change_used(board, change, card)
            break


# -- faceoffs: flipping and ignoring ---------------------------------------------------------


@rules.check("514.3", "cards are flipped for faceoffs")
def flip_in_faceoff(board: Board):
    if board.faceoff is None:
        return "cards are flipped for faceoffs: there is no faceoff under way"


@verb("flip", "514.3", takes=PLAYER)
def flip(board: Board, act: Act) -> None:
    from rulebase.engine.ccg import faceoffs

    faceoffs.flip(board, act.target, act.n)


@checked("flip")
def _check_flip(board: Board, act: Act) -> None:
    flip_in_faceoff(board)
    not_negative(board, act.amount)


@rules.step("514.3a", "{player} flips {n} more card{s} during faceoffs this turn")
def extra_flips(board: Board, player: int, amount: int):
    board.players[player].extra_flips += amount
    return {"player": board.name(player), "n": amount, "s": "s" * (amount != 1)}


verb("extra-flips", "514.3a", takes=PLAYER, model=False)(lambda board, act: extra_flips(board, act.target, act.n))
checked("extra-flips")(lambda board, act: not_negative(board, act.amount))


class FewerFlips:
    """A player flipping fewer cards in the faceoff under way (514.3a): the
    number taken from their flips ends with the faceoff (708.2)."""

    __slots__ = ("player", "amount", "until")

    def __init__(self, player: int, amount: int):
        self.player = player
        self.amount = amount
        self.until = "faceoff"


@rules.check("514.3a", "a modifier changes the number of cards flipped during a faceoff")
def a_faceoff_to_flip_in(board: Board):
    if board.faceoff is None:
        return "no faceoff is under way: there are no flips of a faceoff to change"


@rules.step("514.3a", "{player} flips {n} fewer card{s} during this faceoff")
def fewer_flips(board: Board, player: int, amount: int):
    board.players[player].extra_flips -= amount
    lasting(board).append(FewerFlips(player, amount))
    return {"player": board.name(player), "n": amount, "s": "s" * (amount != 1)}


@rules.step("708.2", "the modifier having {player} flip {n} fewer card{s} during the faceoff ends with it")
def fewer_flips_end(board: Board, change: FewerFlips):
    board.players[change.player].extra_flips += change.amount
    return {"player": board.name(change.player), "n": change.amount, "s": "s" * (change.amount != 1)}


@verb("flip-fewer", "514.3a", takes=PLAYER)
def flip_fewer(board: Board, act: Act) -> None:
    """"Have players flip 1 fewer cards during that faceoff": each player
    named flips that many cards fewer as the faceoff's flips are made
    (514.3a), until the faceoff ends (708.2)."""
    fewer_flips(board, act.target, act.n)


@checked("flip-fewer")
def _check_flip_fewer(board: Board, act: Act) -> None:
    a_faceoff_to_flip_in(board)
    not_negative(board, act.amount)
    in_the_game(board, act.target)


class FlipChange:
    """A player flipping more (or fewer) cards during faceoffs until the end
    of the turn or the start of ``owner``'s next turn (514.3a, 708.2); the
    number is kept among the player's extra flips, which 616.4 ends with
    the turn."""

    __slots__ = ("player", "amount", "until", "owner")

    def __init__(self, player: int, amount: int, until: str, owner: int):
        self.player = player
        self.amount = amount
        self.until = until
        self.owner = owner


FLIP_DURATIONS = ("turn", "next-turn")
"""How long a change of the number of cards flipped during faceoffs lasts."""


@rules.step("514.3a", "{player} flips {n} {more} card{s} during faceoffs until {until}")
def flips_changed(board: Board, change: FlipChange):
    board.players[change.player].extra_flips += change.amount
    lasting(board).append(change)
    n = abs(change.amount)
    return {"player": board.name(change.player), "n": n, "more": "more" if change.amount > 0 else "fewer",
            "s": "s" * (n != 1), "until": DURATIONS[change.until]}


@rules.step("708.2", "the modifier having {player} flip {n} {more} card{s} during faceoffs until the start of {owner}'s "
                     "next turn lasts into {turn}'s turn")
def flip_change_lasts(board: Board, change: FlipChange):
    board.players[change.player].extra_flips += change.amount
    n = abs(change.amount)
    return {"player": board.name(change.player), "n": n, "more": "more" if change.amount > 0 else "fewer",
            "s": "s" * (n != 1), "owner": board.name(change.owner), "turn": board.name(board.turn.player)}


@verb("flip-change", "514.3a", takes=PLAYER)
def flip_change(board: Board, act: Act) -> None:
    """"Flip an additional card during faceoffs until the start of your next
    turn", "opponents flip 1 fewer cards for faceoffs until ...": the
    player flips that many more (or fewer) cards as each faceoff's flips
    are made (514.3a) for the duration (708.2)."""
    owner = act.source.controller if act.source is not None else act.player
    flips_changed(board, FlipChange(act.target, act.amount or 0, act.duration, owner))


@rules.check("708.2", "a definite modifier lasts for its duration")
def flip_duration(board: Board, duration: str):
    if duration not in FLIP_DURATIONS:
        return f"the engine ends no change of the cards flipped during faceoffs that lasts until {duration!r}"


@checked("flip-change")
def _check_flip_change(board: Board, act: Act) -> None:
    in_the_game(board, act.target)
    flip_duration(board, act.duration)


@rules.check("515.4", "a card flipped in the faceoff under way can be ignored")
def ignorable(board: Board, card: Card):
    if card.zone != Zone.FLIP or board.faceoff is None:
        return f"{card} is not a card flipped in this faceoff"


@rules.check("515.4a", "an ignored card can't be ignored again")
def not_ignored_yet(board: Board, card: Card):
    if card.ignored:
        return f"{card} is already ignored and can't be ignored again"


@rules.step("515.4", "{card} is ignored: it remains flipped but adds no power")
def ignore_card(board: Board, card: Card):
    card.ignored = True
    return {"card": card.label}


verb("ignore", "515.4")(lambda board, act: ignore_card(board, act.target))


@checked("ignore")
def _check_ignore(board: Board, act: Act) -> None:
    ignorable(board, act.target)
    not_ignored_yet(board, act.target)


@rules.check("514.5a", "to defeat a Troublemaker is to score its point value and dismiss it: a Troublemaker in play")
def defeatable(board: Board, card: Card):
    if card.type != CardType.TROUBLEMAKER or card.zone != Zone.PLAY:
        return f"{card} is not a Troublemaker in play: only a Troublemaker in play can be defeated"


@rules.step("514.5a", "{player} defeats {card} by card text: {player} scores its point value ({value}) and dismisses it")
def defeated_by_text(board: Board, player: int, card: Card):
    from rulebase.engine.ccg.faceoffs import point_value

    area = card.area
    values: list[int] = []
    point_value(board, card, values)
    value = max(values, default=0)
    zones.dismiss(board, card)
    emit(board, "defeated", card=card, player=player, area=area)
    points.score(board, player, value, f"defeating {card.label}", rule="514.5a")
    return {"player": board.name(player), "card": card.label, "value": value}


@verb("defeat", "514.5a")
def defeat(board: Board, act: Act) -> None:
    """"Defeat an opponent's Troublemaker": its defeater scores its point
    value and dismisses it (514.5a), as a challenger winning its faceoff
    would, with no faceoff."""
    defeated_by_text(board, act.player, act.target)


@checked("defeat")
def _check_defeat(board: Board, act: Act) -> None:
    referable(board, act.target)
    defeatable(board, act.target)
    zones.check_dismiss(board, act.target)


@rules.check("514.2d", "a card becomes involved in the faceoff under way")
def a_faceoff_to_be_involved_in(board: Board, card: Card):
    if board.faceoff is None:
        return "no faceoff is under way: there is none to become involved in"
    if card.zone != Zone.PLAY or not card.is_character:
        return f"{card} is not a character in play: only characters in play are involved in faceoffs"


@rules.step("104.1", "{card} becomes involved in the faceoff by card text, whether or not it fits the description of "
                     "the faceoff's cards: the card's text takes precedence over 514.2d")
def involved_by_text(board: Board, card: Card):
    """"At the start of a faceoff, this card becomes involved in the
    faceoff": involved while it is in play, wherever it is and whatever the
    description the faceoff's cards were chosen by (514.2d) says."""
    board.faceoff.by_effect.add(card.id)
    return {"card": card.label}


@verb("involve", "514.2d")
def involve(board: Board, act: Act) -> None:
    involved_by_text(board, act.target)


@checked("involve")
def _check_involve(board: Board, act: Act) -> None:
    a_faceoff_to_be_involved_in(board, act.target)


@rules.step("710.1", "\"{text}\": the occurrence of being {what} was replaced by what was done instead; nothing more "
                     "is done")
def not_occurring(board: Board, text: str, what: str):
    return {"text": text, "what": what}


@verb("prevent", "710.1")
def prevent(board: Board, act: Act) -> None:
    """"If you do, that card is not dismissed": said of the occurrence a
    replacement modifier replaced (710.1), it changes nothing more: the
    occurrence does not happen, what was done instead happened in its
    place."""
    text = getattr(getattr(act.effect, "part", None), "text", "") or "prevent"
    not_occurring(board, text, str(act.value("what", "affected")).replace("-", " "))


checked("prevent")(_NO_CHECK)


@rules.check("707.4a", "faceoffs can't be started during a faceoff")
def no_faceoff_under_way(board: Board):
    if board.faceoff is not None:
        return "faceoffs can't be started during a faceoff"


@rules.check("514.2c", "a Troublemaker is challenged by characters its challenger controls")
def challengeable(board: Board, player: int, card: Card, order):
    if card.type != CardType.TROUBLEMAKER or card.zone != Zone.PLAY:
        return f"{card} is not a face-up Troublemaker in play"
    for index in order or ():
        other = board.cards[index] if 0 <= index < len(board.cards) else None
        if other is None or other.zone != Zone.PLAY or not other.is_character or other.controller != player:
            return f"{other or 'that card'} is not a character {board.name(player)} controls in play"


@verb("challenge", "514.2c", procedure=True)
def challenge(s, act: Act):
    """Challenge the target Troublemaker: a Troublemaker faceoff whose
    cards involved are those the text names (``act.order``, 514.2c), or,
    naming none, the challenger's characters at its Problem (514.2a)."""
    from rulebase.engine.ccg import faceoffs

    board = s.board
    troublemaker = act.target
    named = None if act.order is None else (troublemaker,) + tuple(board.cards[i] for i in act.order)
    yield from faceoffs.faceoff(s, faceoffs.TROUBLEMAKER, (), act.player, troublemaker=troublemaker, named=named)


@checked("challenge")
def _check_challenge(board: Board, act: Act) -> None:
    no_faceoff_under_way(board)
    challengeable(board, act.player, act.target, act.order)


@rules.check("514.2c", "a faceoff started by an effect involves the cards it names, in play")
def names_cards_in_play(board: Board, cards: list):
    if len(cards) < 2 or any(card.zone != Zone.PLAY for card in cards):
        return "the faceoff must involve the cards the text names, each in play"


@verb("start-faceoff", "514.2c", takes=NOTHING, procedure=True)
def start_faceoff(s, act: Act):
    """Start a faceoff involving the cards the text names (``act.cards``,
    514.2c): it occurs at no Problem, its cards flagged for its duration
    (514.2d.i); the player whose effect started it receives priority
    (707.4).  Its winner is ``board.faceoffs[-1].winner``.  Involving every
    card of some kinds at a Problem (``act.kinds`` at ``act.area``), it
    occurs at that Problem (514.2e) and involvement is checked
    continuously (514.2d)."""
    from rulebase.engine.ccg import faceoffs

    if act.kinds:
        yield from faceoffs.faceoff(s, faceoffs.PROBLEM, (act.area,), act.player, named=(), kinds=act.kinds)
        return
    yield from faceoffs.faceoff(s, faceoffs.PROBLEM, (), act.player, named=tuple(act.cards), descriptions=act.described)


@checked("start-faceoff")
def _check_start_faceoff(board: Board, act: Act) -> None:
    no_faceoff_under_way(board)
    names_cards_in_play(board, act.cards)


@verb("end-faceoff", "514.6", takes=NOTHING, procedure=True)
def end_faceoff(s, act: Act):
    """End the faceoff under way at once ("End the faceoff."): no winner
    is decided, and it ends as 514.6 says."""
    from rulebase.engine.ccg import faceoffs

    yield from faceoffs.end_now(s)


@checked("end-faceoff")
def _check_end_faceoff(board: Board, act: Act) -> None:
    from rulebase.engine.ccg import faceoffs

    faceoffs.under_way(board)


# -- Mane Characters, Troublemakers, control ---------------------------------------------


@rules.check("301.2", "only Mane Characters in play are turned over")
def turnable(board: Board, card: Card):
    if card.type != CardType.MANE or card.zone != Zone.PLAY:
        return f"{card} is not a Mane Character in play: only Mane Characters are turned over"


@rules.step("301.2", "{card} is turned over: its {side} side is face up, with that side's card information (301.3)")
def turn_over_card(board: Board, card: Card):
    card.turned_over = not card.turned_over
    return {"card": card.label, "side": "Boosted" if card.turned_over else "Start"}


@rules.check("301.2", "as a Mane Character is turned over, its opposite side becomes face-up: one turned to a side "
                      "has the other face-up")
def on_the_other_side(board: Board, card: Card, side: str | None):
    if side is not None and card.turned_over == (side == "boosted"):
        return f"{card} has its {side.capitalize()} side face-up already: turning it over would put the other face-up"


@verb("turn-over", "301.2")
def turn_over(board: Board, act: Act) -> None:
    """Turn a Mane Character over (301.2); "to its Start side": one whose
    Boosted side is face-up."""
    if turn_over_card(board, act.target) is not None:
        emit(board, "turned-over", card=act.target)


@checked("turn-over")
def _check_turn_over(board: Board, act: Act) -> None:
    turnable(board, act.target)
    on_the_other_side(board, act.target, act.value("side"))


@rules.check("607.3", "a face-down Troublemaker in play is uncovered")
def uncoverable(board: Board, card: Card):
    if card.type != CardType.TROUBLEMAKER or card.zone != Zone.PLAY or not card.face_down:
        return f"{card} is not a face-down Troublemaker in play"


@verb("uncover", "607.3", procedure=True)
def uncover(s, act: Act):
    from rulebase.engine.ccg import turn

    yield from turn.uncover(s, act.target)


@checked("uncover")
def _check_uncover(board: Board, act: Act) -> None:
    from rulebase.engine.ccg import turn

    from rulebase.engine.ccg.abilities.continuous import cant_uncover

    uncoverable(board, act.target)
    turn.epic_keeps_troublemakers_covered(board, act.target)
    cant_uncover(board, act.target)


@rules.step("513.2", "{player} takes control of {card}")
def take_control_of(board: Board, player: int, card: Card):
    card.controller = player
    return {"player": board.name(player), "card": card.label}


@rules.step("513.2", "{player} takes control of {card} until {until}")
def take_control_for_a_while(board: Board, player: int, card: Card, until: str):
    previous = card.controller
    card.controller = player
    lasting(board).append(Lasting(card, 0, until, controller=previous))
    return {"player": board.name(player), "card": card.label, "until": DURATIONS[until]}


@verb("take-control", "513.2")
def take_control(board: Board, act: Act) -> None:
    """Take control of the target (513.2), for good or until the end of
    the turn, phase or faceoff (708.2)."""
    if act.effect is not None and act.effect.duration is not None:
        take_control_for_a_while(board, act.player, act.target, act.duration)
    elif control_once(board, act.player, act.target) is not None:
        take_control_of(board, act.player, act.target)


@rules.step("709.1", "the one-shot modifier giving {player} control of {card} affects the game once and ceases to "
                     "exist: it has no duration, so nothing ends it")
def control_once(board: Board, player: int, card: Card):
    return {"player": board.name(player), "card": card.label}


@rules.check("513.2", "control of a card in play changes to another player")
def not_controlled_yet(board: Board, player: int, card: Card):
    if card.controller == player:
        return f"{board.name(player)} already controls {card}"


@checked("take-control")
def _check_take_control(board: Board, act: Act) -> None:
    modifies_in_play(board, act.target)
    not_controlled_yet(board, act.player, act.target)
    if act.effect is not None and act.effect.duration is not None:
        known_duration(board, act.duration)


# -- looking and arranging ------------------------------------------------------------------


def _hidden_unit(card: Card):
    """The check of the rule that keeps ``card`` hidden from a player, if any."""
    if card.zone == Zone.HAND:
        return hand_not_public
    if card.zone == Zone.DRAW_DECK:
        return deck_not_public
    if card.zone == Zone.PROBLEM_DECK:
        return problem_deck_not_public
    if card.zone == Zone.PLAY and card.face_down and card.type == CardType.TROUBLEMAKER:
        return face_down_not_public
    return None


@rules.check("402.2", "cards in the draw deck are not public to any player")
def deck_not_public(board: Board, player: int, card: Card):
    return f"{card} is in a draw deck: not public to any player"


@rules.check("404.1", "cards in players' hands are not public")
def hand_not_public(board: Board, player: int, card: Card):
    return f"{card} is in a hand: not public"


@rules.check("403.2", "cards in the Problem deck are not public to any player")
def problem_deck_not_public(board: Board, player: int, card: Card):
    return f"{card} is in a Problem deck: not public to any player"


@rules.check("505.1d", "face-down Troublemakers are not public")
def face_down_not_public(board: Board, player: int, card: Card):
    if card.controller != player:
        return f"{card} is a face-down Troublemaker: not public"


@rules.step("518.1", "{player} looks at {card}")
def looks_at(board: Board, player: int, card: Card):
    return {"player": board.name(player), "card": card.label}


@verb("look", "518.1")
def look(board: Board, act: Act) -> None:
    looks_at(board, act.player, act.target)


@checked("look")
def _check_look(board: Board, act: Act) -> None:
    if act.target.zone == Zone.HAND and act.target.owner == act.player:
        return
    unit = _hidden_unit(act.target)
    if unit is not None:
        overruled(board, unit, "look at it", act.player, act.target)


@rules.check("401.3", "players may not rearrange the order of cards in the ordered zones")
def ordered_zone(board: Board, zone: Zone):
    if zone in (Zone.DRAW_DECK, Zone.PROBLEM_DECK):
        return f"the {zone} is ordered: players may not rearrange the order of its cards"


@rules.check("401.3", "cards put back in an order are the cards looked at")
def same_cards_back(board: Board, cards: list, order, rest: bool):
    ids, order = sorted(c.id for c in cards), tuple(order or ())
    if len(set(order)) != len(order) or not set(order) <= set(ids) or (not rest and sorted(order) != ids):
        return "the new order must hold the cards looked at, each once" + ("" if rest else ", all of them")


@rules.step("402.3", "{player} puts {n} card{s} back on the {end} of the {zone} in the order they choose{rest}")
def put_back(board: Board, player: int, cards: list, order: tuple, bottom: bool, rest_bottom: bool):
    return _put_back(board, player, cards, order, bottom)


@rules.step("403.3", "{player} puts {n} card{s} back on the {end} of the {zone} in the order they choose{rest}")
def put_back_on_problem_deck(board: Board, player: int, cards: list, order: tuple, bottom: bool, rest_bottom: bool):
    return _put_back(board, player, cards, order, bottom)


def _put_back(board: Board, player: int, cards: list, order: tuple, bottom: bool):
    zone_list = board.zone_list(cards[0].zone, cards[0].owner)
    zone = cards[0].zone
    for card in cards:
        zone_list.remove(card)
    chosen = [board.cards[i] for i in order]
    rest = [card for card in cards if card.id not in order]
    if bottom:
        zone_list.extend(chosen)
    else:
        zone_list[:0] = chosen
    zone_list.extend(rest)
    return {"player": board.name(player), "n": len(chosen), "s": "s" * (len(chosen) != 1),
            "end": "bottom" if bottom else "top", "zone": zone,
            "rest": f", and the other {len(rest)} on the bottom" if rest else ""}


@verb("arrange", "402.3", takes=NOTHING)
def arrange(board: Board, act: Act) -> None:
    """Put the cards looked at (``act.cards``) back: those of ``act.order``
    on the top (or bottom) in that order, the rest on the bottom where the
    text says so (``rest``)."""
    if act.cards:
        order = act.order if act.order is not None else tuple(c.id for c in act.cards)
        bottom = act.value("to") == "bottom"
        # the cards put on a deck together, in the order their player chooses: a draw deck (402.3), a Problem deck (403.3)
        unit = put_back_on_problem_deck if act.cards[0].zone == Zone.PROBLEM_DECK else put_back
        if unit(board, act.player, act.cards, order, bottom, act.value("rest") == "bottom") is not None and order:
            chosen = [board.cards[i] for i in order]
            if chosen[0].zone == Zone.DRAW_DECK:
                emit(board, "put", card=chosen[0], cards=tuple(chosen), player=act.player,
                     to="deck-bottom" if bottom else "deck-top")


@checked("arrange")
def _check_arrange(board: Board, act: Act) -> None:
    if not act.cards:
        return
    overruled(board, ordered_zone, "put the cards back in any order", act.cards[0].zone)
    order = act.order if act.order is not None else tuple(c.id for c in act.cards)
    same_cards_back(board, act.cards, order, act.value("rest") == "bottom")


# -- searching ----------------------------------------------------------------------------


@rules.step("518.1", "{player} searches their {zone} and finds {card}")
def finds(board: Board, player: int, zone: Zone, card: Card):
    return {"player": board.name(player), "zone": zone, "card": card.label}


@verb("search", "518.1")
def search(board: Board, act: Act) -> None:
    """Search a zone for the target (chosen by :mod:`.resolve`, which lets
    the player fail to find one, 518.1) and put it where the text says
    (``to``), or leave it for the next instructions ("reveal it, put it
    into your hand").  The resolution has a searched deck shuffled by its
    owner after the searching (518.2)."""
    card = act.target
    finds(board, act.player, card.zone, card)
    where = act.value("to")
    if where == "hand":
        put_into_hand(board, card.owner, card)


@checked("search")
def _check_search(board: Board, act: Act) -> None:
    if act.value("to") == "hand":
        takeable(board, act.target.owner, act.target)


@verb("shuffle", "518.2", takes=PLAYER, procedure=True)
def shuffle(s, act: Act):
    """Shuffle the player's searched deck (518.2), as the text says (the
    resolution's own shuffle after a search has no ``effect``); a deck
    that was not searched is shuffled because the text says so, card text
    over 401.3 (:func:`shuffle_by_text`)."""
    if act.effect is None:
        yield from shuffle_searched(s, act.target)
    else:
        yield from shuffle_by_text(s, act.target)


@checked("shuffle")
def _check_shuffle(board: Board, act: Act) -> None:
    if act.effect is not None:
        overruled(board, ordered_zone, "shuffle their deck", Zone.DRAW_DECK)


@verb("shuffle-into", "402.1", takes=PLAYER, procedure=True)
def shuffle_into(s, act: Act):
    """"Shuffle their discard pile (hand) into their deck": each card of
    that zone is put into the player's draw deck (402.1), then the deck is
    shuffled, card text over 401.3 (:func:`shuffle_by_text`)."""
    board = s.board
    zone = Zone.DISCARD if act.value("zone") == "discard" else Zone.HAND
    cards = list(board.zone_list(zone, act.target))
    if not cards and not zones.empty_zone_exists(board, act.target, zone):
        return
    for card in cards:
        put_on_deck(board, card, True)
    yield from shuffle_by_text(s, act.target)


@checked("shuffle-into")
def _check_shuffle_into(board: Board, act: Act) -> None:
    overruled(board, ordered_zone, "shuffle it into their deck", Zone.DRAW_DECK)


@rules.check("401.3", "a deck shuffled by card text holds exactly its cards in a new order")
def shuffle_holds_the_cards(board: Board, cards: list, action):
    if getattr(action, "verb", None) != "shuffle" or sorted(action.order or ()) != sorted(c.id for c in cards):
        return "a shuffle must hold exactly the cards of the deck"


def shuffle_by_text(s, player: int):
    """A player shuffles their draw deck because card text says so: its
    order is a chance action (the engine's seeded draw; a scenario keeps
    the order it gives)."""
    yield from _shuffle_deck(s, player, shuffle_holds_the_cards, "104.1")


@rules.step("518.2", "{player} shuffles the searched deck")
def searched_deck_shuffled(board: Board, player: int):
    return {"player": board.name(player)}


@rules.check("518.2", "the searched deck is shuffled: the new order holds exactly its cards")
def shuffle_holds_the_deck(board: Board, cards: list, action):
    if getattr(action, "verb", None) != "shuffle" or sorted(action.order or ()) != sorted(c.id for c in cards):
        return "a shuffle must hold exactly the cards of the searched deck"


def shuffle_searched(s, player: int):
    """The owner of a searched deck shuffles it (518.2): the order is a
    chance action."""
    if searched_deck_shuffled(s.board, player) is None:
        return
    yield from _shuffle_deck(s, player, shuffle_holds_the_deck, "518.2")


def _shuffle_deck(s, player: int, holds, rule: str):
    """``player``'s draw deck is shuffled: a chance action whose order
    ``holds`` (a rule check) verifies, recorded under ``rule``."""
    import random as _random

    from rulebase.engine.ccg.actions import CHANCE_PLAYER as CHANCE, Action
    from rulebase.engine.ccg.start import chance

    board = s.board
    cards = board.players[player].deck

    def sample(rng: _random.Random):
        order = [c.id for c in cards]
        rng.shuffle(order)
        return Action("shuffle", CHANCE, order=tuple(order), zone=Zone.DRAW_DECK, owner=player)

    def verify(action):
        holds(board, cards, action)

    default = lambda: Action("shuffle", CHANCE, order=tuple(c.id for c in cards), zone=Zone.DRAW_DECK, owner=player)
    action = yield from chance(s, f"shuffle {board.name(player)}'s draw deck", sample, verify, default)
    cards[:] = [board.cards[i] for i in action.order]
    board.trace.chance("{player} shuffles their {zone}", rule=rule, player=board.name(player), zone=Zone.DRAW_DECK)


# -- attachments ----------------------------------------------------------------------------


@rules.check("505.3", "a face-up card in play is turned face-down")
def turnable_face_down(board: Board, card: Card):
    if card.zone != Zone.PLAY or card.face_down:
        return f"{card} is not a face-up card in play"


@rules.step("505.3", "{card} is turned face-down")
def turned_face_down(board: Board, card: Card):
    card.face_down = True
    return {"card": card.label}


@rules.step("519.3a", "all {n} counter{s} are removed from {card} as part of it becoming a different card")
def counters_removed_as_different(board: Board, card: Card):
    n = card.counters
    card.counters = 0
    return {"n": n, "s": "s" * (n != 1), "card": card.label}


@verb("turn-face-down", "505.3")
def turn_face_down(board: Board, act: Act) -> None:
    """Turn a card face-down: it becomes a different card (505.3)."""
    card = act.target
    if turned_face_down(board, card) is not None:
        _became_different(board, card)


def _became_different(board: Board, card: Card) -> None:
    """What follows a card turned face-down (505.3): it becomes a different
    card, its counters are removed, and a token ceases to exist."""
    status.becomes_different(board, card)
    if card.counters:
        counters_removed_as_different(board, card)
    if card.id in getattr(board, "tokens", ()):
        token_face_down_ceases(board, card)


checked("turn-face-down")(lambda board, act: turnable_face_down(board, act.target))


@rules.check("505.2", "a Troublemaker turned over by card text is a face-up one in play: face-down Troublemakers can't "
                      "be referenced by cards, abilities or effects")
def turnable_troublemaker(board: Board, card: Card):
    if card.type != CardType.TROUBLEMAKER or card.zone != Zone.PLAY or card.face_down:
        return f"{card} is not a face-up Troublemaker in play"


@rules.step("505.3", "{card} is turned over, face-up to face-down: it becomes a different card; it is not covered")
def troublemaker_turned_over(board: Board, card: Card):
    card.face_down = True
    return {"card": card.label}


@verb("turn-troublemaker-over", "505.3")
def turn_troublemaker_over(board: Board, act: Act) -> None:
    """"Turn over an opposing Troublemaker" ("This does not cover or
    uncover it"): the Troublemaker text can name is a face-up one (505.2),
    turned face-down; it becomes a different card (505.3), as
    "turn-face-down" does."""
    card = act.target
    if troublemaker_turned_over(board, card) is not None:
        _became_different(board, card)


checked("turn-troublemaker-over")(lambda board, act: turnable_troublemaker(board, act.target))


@rules.check("509.5", "to reattach an attachment, a player chooses another card in play as its host")
def reattachable(board: Board, card: Card, host):
    if card.host is None or card.zone != Zone.PLAY:
        return f"{card} is not an attachment in play"
    if host is None or host is card.host or host is card or host.zone != Zone.PLAY:
        return f"{host or 'no card'} is not another card in play {card} can be attached to"


@rules.step("509.5", "{card} is reattached to {host}: it ceases to be attached to {old}")
def reattach_to(board: Board, card: Card, host: Card):
    old = card.host
    card.host = host
    card.area = host.area
    return {"card": card.label, "host": host.label, "old": old.label}


@verb("attach", "509.5")
def attach(board: Board, act: Act) -> None:
    """Reattach the target to the card in ``act.cards`` (its new host)."""
    reattach_to(board, act.target, act.cards[0] if act.cards else None)


@checked("attach")
def _check_attach(board: Board, act: Act) -> None:
    reattachable(board, act.target, act.cards[0] if act.cards else None)


# -- putting cards into play: cards from other zones, tokens ------------------------------------


ENTERING = (CardType.FRIEND, CardType.TROUBLEMAKER, CardType.RESOURCE)
"""The card types the engine puts into play by card text (a Resource: one
that is not an attachment, at its owner's home, 305.1a)."""


@rules.check("706.1", "a card enters play as it is put into the play zone from another zone")
def can_enter_play(board: Board, card: Card, area):
    if card.zone == Zone.PLAY:
        return f"{card} is already in play"
    if card.type not in ENTERING:
        return (f"{card} is a {card.type}: the engine puts only Friends, Troublemakers and Resources into play by "
                "card text")
    if card.type == CardType.RESOURCE:
        from rulebase.engine.ccg import play

        if play.host_description(card):
            return (f"{card} is an attachment: it enters play attached to its host (509.2), and no rule names the "
                    "host of one put into play by card text, not played on a card (305.1b)")
        if card.has_trait("Dilemma"):
            return f"{card} is a Dilemma: the engine puts one into play at its own area (522.2) only as it is played"
    if area is None:
        return f"the instruction names no area for {card} to enter play at"
    if card.type == CardType.TROUBLEMAKER and not area.is_problem:
        return "a Troublemaker enters play at a Problem"


@rules.step("706.1", "{card} is put into play from its owner's {zone} at {area}{face}: it is not played")
def put_into_play(board: Board, card: Card, area: Area, face_down: bool, state=None):
    from rulebase.engine.ccg import play

    zone = card.zone
    if state is not None:  # the state the instruction says it enters in (706.1b), applied as it enters
        zones.enter_play(board, card, area, face_down=face_down, attach=state, how="put into play")
    else:
        play.enter_play(board, card, area, face_down=face_down, how="put into play")
    return {"card": card.label, "zone": zone, "area": board.area_name(area), "face": " face-down" * face_down}


@rules.step("513.2", "{card} is put into play from {owner}'s {zone} at {area} under {player}'s control: the effect "
                     "changes its controller")
def put_into_play_controlled(board: Board, card: Card, area: Area, face_down: bool, player: int, state=None):
    zone, owner = card.zone, card.owner
    zones.enter_play(board, card, area, face_down=face_down, attach=state, how="put into play", controller=player)
    return {"card": card.label, "owner": board.name(owner), "zone": zone, "area": board.area_name(area),
            "player": board.name(player)}


@rules.check("509.2", "an attachment enters play attached to its host: a card in play of the kind it is played on")
def a_host_to_enter_on(board: Board, card: Card, host: Card | None):
    from rulebase.engine.ccg import play

    kind = play.host_description(card) if card.type == CardType.RESOURCE else None
    if not kind:
        return f"{card} is not an attachment: it enters play attached to no card"
    if host is None or host is card or host.zone != Zone.PLAY or not play.fits_host(host, kind):
        return f"{host or 'no card'} is not a {kind} in play for {card} to enter play attached to"


@rules.step("509.2", "{card} is put into play from its owner's {zone} attached to {host}, at {host}'s area: it is "
                     "not played")
def put_into_play_on(board: Board, card: Card, host: Card):
    from rulebase.engine.ccg import play

    zone = card.zone
    play.enter_play(board, card, host.area, host=host, how="put into play")
    return {"card": card.label, "zone": zone, "host": host.label}


@verb("put-into-play-attached", "509.2")
def put_in_play_attached(board: Board, act: Act) -> None:
    """"Put an Accessory from your hand into play attached to a Friend": the
    attachment enters play attached to the host its player chooses
    (``act.cards``), at that card's area (509.2, 509.3)."""
    put_into_play_on(board, act.target, act.cards[0])


@checked("put-into-play-attached")
def _check_put_into_play_attached(board: Board, act: Act) -> None:
    """The attachment is not in play yet (706.1) and enters play attached to
    a card of its host description in play (509.2, 509.4), one text can
    name (505.2); its words of placement ("Play on one of your Friends")
    say where it is played, not where it is put into play."""
    card, host = act.target, act.cards[0] if act.cards else None
    if card.zone == Zone.PLAY:
        can_enter_play(board, card, host.area if host is not None else None)  # 706.1: already in play
    a_host_to_enter_on(board, card, host)
    referable(board, host)


@rules.step("305.1a", "{card} is a Resource that is not an attachment: it enters play at its owner's home, {area}")
def resource_at_home(board: Board, card: Card, area: Area):
    return {"card": card.label, "area": board.area_name(area)}


@rules.step("706.1b", "{card} enters play exhausted: the instruction putting it into play says so, a modifier of the "
                     "state in which it enters play (503.1: cards enter play ready unless otherwise stated)")
def enters_exhausted_by_text(board: Board, card: Card):
    card.exhausted = True
    return {"card": card.label}


def _entering_state(board: Board, act: Act):
    """What the instruction says of the state the card enters play in
    ("put that card into play exhausted"), applied as it enters (706.1b),
    before its abilities waiting for it to enter play trigger (706.1d)."""
    if act.value("exhausted"):
        return lambda: enters_exhausted_by_text(board, act.target)
    return None


@verb("put-into-play", "706.1")
def put_in_play(board: Board, act: Act) -> None:
    """Put the target into play at ``act.area`` (706.1); a Troublemaker
    enters face-down unless the text says face-up; "under your control":
    its controller is the player carrying the instruction out (513.2);
    "exhausted": it enters play exhausted (706.1b)."""
    face_down = act.target.type == CardType.TROUBLEMAKER and act.value("face") != "face-up"
    if act.target.type == CardType.RESOURCE:
        resource_at_home(board, act.target, act.area)
    state = _entering_state(board, act)
    if act.value("control") == "you" and act.player != act.target.owner and put_into_play_controlled(
            board, act.target, act.area, face_down, act.player, state) is not None:
        return
    put_into_play(board, act.target, act.area, face_down, state)


@checked("put-into-play")
def _check_put_into_play(board: Board, act: Act) -> None:
    can_enter_play(board, act.target, act.area)
    if act.target.type == CardType.RESOURCE:
        from rulebase.engine.ccg import play

        play.resource_area(board, act.target.owner, act.target, act.area, None)  # at its owner's home (305.1a)


def tokens(board: Board) -> set:
    """The ids of the tokens on ``board`` (521)."""
    return _kept(board, "tokens", set)


def token_printed(description) -> "Printed":
    """The printed information of a token the text describes (521.1): its
    power, type, traits and colors; its cost is zero and, with no name
    given, its name is its traits (521.1a)."""
    from rulebase.engine.ccg.cards import Printed

    values = dict(description)
    traits = tuple(values.get("traits", ()))
    color = values.get("color")
    colors = color if isinstance(color, (tuple, list)) else (() if color is None else (color,))
    name = values.get("name") or " ".join(traits) or str(values.get("type", "Friend"))
    return Printed.build(name, values.get("type", "Friend"), colors=list(colors), power=values.get("power", 0),
                         cost=0, traits=list(traits))


@rules.check("521.1", "a token is a card a modifier creates, of the type, power and traits it specifies")
def token_described(board: Board, description, area):
    values = dict(description or ())
    if values.get("type", "Friend") != "Friend":
        return f"the engine creates Friend tokens only, not {values.get('type')!r}"
    if area is None:
        return "the instruction names no area for the token to enter play at"


@rules.step("521.1a", "no name is specified for the token: its name is its traits, {name}")
def token_named_by_its_traits(board: Board, printed):
    return {"name": printed.name}


def _token_of(board: Board, description):
    """The token's printed information; with no name specified, its name
    is its traits by 521.1a (without that rule, the name of its type)."""
    from dataclasses import replace

    printed = token_printed(description)
    values = dict(description or ())
    if values.get("name") or not values.get("traits"):
        return printed
    if token_named_by_its_traits(board, printed) is None:
        printed = replace(printed, title=str(values.get("type", "Friend")))
    return printed


@rules.step("521.1", "a {name} token is created for {player} and put into play at {area}: its cost is 0")
def create_token(board: Board, player: int, description, area: Area):
    from rulebase.engine.ccg import play

    printed = _token_of(board, description)
    card = board.new_card(printed, player, f"{printed.name} token")
    tokens(board).add(card.id)
    play.enter_play(board, card, area, how="put into play")
    return {"name": printed.name, "player": board.name(player), "area": board.area_name(area)}


@verb("token", "521.1", takes=PLAYER)
def token(board: Board, act: Act) -> None:
    """Put ``amount`` tokens (the text's description, ``token``) into play
    for the player at ``act.area``; the tokens put into play are
    ``act.cards``, which the parts after name ("At the end of the turn,
    banish them")."""
    for _ in range(act.n):
        count = len(board.cards)
        create_token(board, act.target, act.value("token"), act.area)
        if len(board.cards) > count:
            act.cards.append(board.cards[-1])


@checked("token")
def _check_token(board: Board, act: Act) -> None:
    not_negative(board, act.amount)
    token_described(board, act.value("token"), act.area)


@rules.step("521.3", "{card} is a token and enters a non-play zone: it ceases to exist")
def token_ceases(board: Board, card: Card):
    board.put(card, Zone.REMOVED)
    return {"card": card.label}


@rules.step("521.4", "{card} is a token and is turned face-down: it ceases to exist")
def token_face_down_ceases(board: Board, card: Card):
    board.put(card, Zone.REMOVED)
    return {"card": card.label}


def _token_watch(board, happened) -> None:
    """Tokens cease to exist as they leave play (521.3) or are turned
    face-down (521.4)."""
    ids = getattr(board, "tokens", None)
    if not ids or happened.event not in ("leaves-play", "frightened"):
        return
    card = happened.get("card")
    if card is None or card.id not in ids or card.zone == Zone.REMOVED:
        return
    if happened.event == "leaves-play":
        token_ceases(board, card)
    elif card.face_down:
        token_face_down_ceases(board, card)


from rulebase.engine.ccg.abilities import events as _events  # noqa: E402

_events.LISTENERS.append(_token_watch)
_events.LISTENERS.append(_frightened_watch)
_events.LISTENERS.append(_left_play_watch)
_events.LISTENERS.append(_cost_change_watch)


@rules.step("104.1", "{player} reveals {card}: the card's text takes precedence over the rule that keeps it hidden")
def reveals(board: Board, player: int, card: Card):
    return {"player": board.name(player), "card": card.label}


@verb("reveal", "104.1")
def reveal(board: Board, act: Act) -> None:
    reveals(board, act.player, act.target)


@checked("reveal")
def _check_reveal(board: Board, act: Act) -> None:
    unit = _hidden_unit(act.target)
    if unit is not None:
        overruled(board, unit, "reveal it", act.player, act.target)


@rules.step("104.1", "{player} reveals {cards} from the top of {owner}'s deck until a card of the description is "
                     "revealed: {found}")
def revealed_until(board: Board, player: int, cards: list, found):
    for card in cards:
        reveals(board, player, card)
    owner = cards[0].owner if cards else player
    return {"player": board.name(player), "cards": ", ".join(card.label for card in cards) or "no card",
            "owner": board.name(owner), "found": found.label if found is not None else "none is, the whole deck is"}


@verb("reveal-until", "104.1", takes=NOTHING)
def reveal_until(board: Board, act: Act) -> None:
    """"Reveal cards from the top of your deck until you reveal a Friend":
    ``act.cards``, from the top, the last the card found (none: the whole
    deck); each is revealed, card text over the deck not being public
    (104.1 over 402.2), and stays where it is."""
    found = act.cards[-1] if act.cards and act.order else None
    revealed_until(board, act.player, act.cards, found)


@checked("reveal-until")
def _check_reveal_until(board: Board, act: Act) -> None:
    for card in act.cards[:1]:
        _check_reveal(board, Act(act.player, card))


# -- choosing -------------------------------------------------------------------------------


verb("choose", "705.2e")(lambda board, act: None)
checked("choose")(lambda board, act: None)


# -- delayed instructions: "At the end of the turn, retire this card" --------------------------

DELAYED = {"end-of-turn": ("turn-ends", "the end of the turn"), "end-of-phase": ("phase-ends", "the end of the phase"),
           "end-of-faceoff": (None, "the end of the faceoff"),
           "start-of-next-turn": ("turn-starts", "the start of the next turn"),
           "start-of-your-next-turn": ("turn-starts", "the start of its controller's next turn")}
"""When a delayed instruction triggers: the event that ends the span (the
end of a faceoff is told by :func:`end_durations`), and its words."""


class Delayed:
    """A triggered modifier an effect created (708.4): at ``at`` (a word of
    :data:`DELAYED`), ``do`` (an Effect) is carried out for ``controller``,
    with ``source`` its card and ``named`` the cards the effect's earlier
    instructions named ("that Friend", "them"), as they were then (712.2)."""

    __slots__ = ("at", "do", "source", "controller", "named", "until")

    def __init__(self, at: str, do, source: Card | None, controller: int, named: dict):
        self.at = at
        self.do = do
        self.source = source
        self.controller = controller
        self.named = named
        self.until = at.split("-of-", 1)[-1]

    def text(self) -> str:
        return getattr(getattr(self.do, "part", None), "text", "") or getattr(self.do, "verb", "")


def waiting_delayed(board: Board) -> list[Delayed]:
    return _kept(board, "delayed", list)


@rules.step("708.4", "a triggered modifier is created: at {when}, {text}")
def delayed_created(board: Board, delayed: Delayed):
    waiting_delayed(board).append(delayed)
    if delayed.at == "end-of-faceoff":
        lasting(board).append(delayed)
    return {"when": DELAYED[delayed.at][1], "text": delayed.text()}


@verb("delayed", "708.4", takes=NOTHING)
def delay(board: Board, act: Act) -> None:
    """"At the end of the turn, ...": a triggered modifier (708.4), which
    triggers at the end of the turn, phase or faceoff like a triggered
    ability (704) and is then processed as the game processes triggered
    effects (712)."""
    named = {key: list(value) for key, value in (act.named or {}).items()}
    delayed_created(board, Delayed(act.value("at"), act.value("do"), act.source, act.player, named))


@rules.check("708.4", "a triggered modifier triggers at a time the game tells")
def known_moment(board: Board, at):
    if at not in DELAYED:
        return f"the engine tells no moment {at!r} for a triggered modifier to trigger at"


checked("delayed")(lambda board, act: known_moment(board, act.value("at")))


@rules.step("708.4", "{when}: the triggered modifier ({text}) triggers, as a triggered ability does (704.1c)")
def delayed_triggers(board: Board, delayed: Delayed):
    from rulebase.engine.ccg.abilities import triggers
    from rulebase.engine.ccg.abilities.model import Ability

    found = waiting_delayed(board)
    if delayed in found:
        found.remove(delayed)
    source = delayed.source
    if source is None:
        return None
    number = 1000 + len(board.waiting)
    happened = _events.Happened("delayed", (("player", delayed.controller), ("named", delayed.named)))
    ability = Ability("triggered", text=delayed.text(), effect=delayed.do)
    triggers.creates(board, source, ability, ability, number, happened)
    for waiting in board.waiting:
        if waiting.card is source and waiting.number == number:
            waiting.controller = delayed.controller
    return {"when": DELAYED[delayed.at][1].capitalize(), "text": delayed.text()}


def _delayed_watch(board, happened) -> None:
    """A delayed instruction waiting for the end of the turn or of the
    phase, or for the start of the next turn, triggers as the event that
    marks it is announced."""
    found = getattr(board, "delayed", None)
    if not found or happened.event not in ("turn-ends", "phase-ends", "turn-starts"):
        return
    for delayed in list(found):
        event = DELAYED[delayed.at][0]
        if delayed.at == "start-of-your-next-turn" and happened.get("player") != delayed.controller:
            continue  # "at the start of your next turn": not an opponent's
        if event == happened.event or (happened.event == "turn-ends" and delayed.at == "end-of-phase"):
            delayed_triggers(board, delayed)


_events.LISTENERS.append(_delayed_watch)


# -- "Name a card": a name its player chooses, which "that name" of its card's text refers to -------------


NAMED_KINDS = {"card": None, "Friend": CardType.FRIEND}
"""What a player may be told to name, and the card type of the names offered."""


def _names(board: Board) -> dict:
    return _kept(board, "names_named", dict)


def named_name(board: Board, card: Card | None) -> str | None:
    """The name the player named for ``card``'s text ("name a card"), while
    ``card`` is the card it was named for (410.6: a card changing zones is a
    different card, its name forgotten), else ``None``."""
    if card is None:
        return None
    found = _names(board).get(card.id)
    if found is None or found[0] != card.incarnation:
        return None
    return found[1]


@rules.check("201.1b", "a player instructed to name a card names one card")
def a_card_to_name(board: Board, what):
    if what not in NAMED_KINDS:
        return f"the engine offers no names of {what!r} to name"


@rules.step("201.1b", "{player} names {name} for {card}'s text: a card's name, its Title followed by its Subtitle "
                      "(201.1)")
def card_named(board: Board, player: int, card: Card, name: str):
    _names(board)[card.id] = (card.incarnation, name)
    return {"player": board.name(player), "name": name, "card": card.label}


@verb("name", "201.1b", takes=NOTHING, procedure=True)
def name_a_card(s, act: Act):
    """"Name a card", "name a Friend": the player carrying the instruction
    out names one, by choosing a card of that kind the game holds (any
    zone, any player's: the name of a card is what is named, 201.1b), and
    the name is kept for the card whose text it is ("that name")."""
    from rulebase.engine.ccg.abilities.resolve import _ask
    from rulebase.engine.ccg.actions import Action

    board = s.board
    kind = NAMED_KINDS[act.value("what", "card")]
    first: dict[str, Card] = {}
    for card in board.cards:
        if card.id not in tokens(board) and card.type not in (CardType.PROBLEM, CardType.MANE) and (
                kind is None or card.type == kind):
            first.setdefault(card.printed.name, card)
    options = [Action("choose", act.player, card=card.id) for card in first.values()]
    if not options or act.source is None:
        return
    action = yield from _ask(s, act.player, f"name a card: {act.effect.part.text if act.effect else 'name a card'}",
                             options)
    card_named(board, act.player, act.source, board.cards[action.card].printed.name)


checked("name")(lambda board, act: a_card_to_name(board, act.value("what", "card")))


# -- "Play a Troublemaker for free": a card played by card text ---------------------------------------------


PLAYED_BY_TEXT = (CardType.FRIEND, CardType.TROUBLEMAKER, CardType.RESOURCE)
"""The cards the engine plays by card text: those that enter play where
their player puts them (an Event's text, an attachment's host, are not
given by the instruction)."""

PLAY_ZONES = {None: Zone.HAND, "hand": Zone.HAND, "discard": Zone.DISCARD}
"""The zone a card played by card text is played from: the hand (609.2a)
unless the text says its player's discard pile (104.1)."""


@rules.check("609.2a", "a card played is one in its player's hand, unless card text says another zone (104.1)")
def playable_by_text(board: Board, player: int, card: Card, zone):
    found = PLAY_ZONES.get(zone)
    if found is None or card.zone != found or card.owner != player:
        where = "discard pile" if found == Zone.DISCARD else "hand"
        return f"{card} is not in {board.name(player)}'s {where}, where the text says it is played from"
    if card.type not in PLAYED_BY_TEXT:
        return f"{card} is a {card.type}: the engine plays by card text only Friends, Troublemakers and Resources"
    if card.type == CardType.RESOURCE:
        from rulebase.engine.ccg import play

        if play.host_description(card) or card.has_trait("Dilemma"):
            return f"{card} is played on a card or at its own area: the instruction names neither"


@rules.step("104.1", "the card says to play {card} for free: {player} pays no action token to play it, whatever its "
                     "cost (204.1)")
def played_for_free(board: Board, player: int, card: Card, change: CostChange):
    cost_changes(board).append(change)
    return {"card": card.label, "player": board.name(player)}


def _play_action(act: Act):
    from rulebase.engine.ccg.actions import Action

    return Action("play", act.player, act.target.id, area=act.area)


@verb("play", "705.1")
def play_by_text(board: Board, act: Act) -> None:
    """"Play a Troublemaker for free", "play that Resource from your
    discard pile for free": the player plays the card as an action's
    steps say (705.2: announced, queued, its cost paid, entering play, "when
    you play" abilities triggering), where they choose (``act.area``);
    "for free": no action token is paid (104.1 over 204.1)."""
    from rulebase.engine.ccg import play

    card, change = act.target, None
    if act.value("free"):
        change = CostChange(board, act.player, None, -(play.play_cost(card) or 0), "turn", True, act.source,
                            act.effect.part.text if act.effect is not None else "its text", minimum=0, card=card)
        if played_for_free(board, act.player, card, change) is None:
            change = None
    try:
        play.play_card(board, _play_action(act), None)
    finally:
        if change is not None and change in cost_changes(board):
            cost_changes(board).remove(change)


@checked("play")
def _check_play(board: Board, act: Act) -> None:
    from rulebase.engine.ccg import play

    card = act.target
    playable_by_text(board, act.player, card, act.value("zone"))
    action = _play_action(act)
    play.check_placement(board, act.player, card, action)
    if not act.value("free"):
        play.check_placed_cost(board, act.player, card, action)


# -- "The next time you defeat a Troublemaker this turn, ...": a triggered modifier waiting for an event ---------


class NextTime:
    """A triggered modifier an effect created (708.4) that triggers the next
    time ``trigger`` (a trigger condition, as a triggered ability's) is met
    before the end of ``until`` (``turn``, ``phase``, or ``None``: whenever
    it is), once: ``do`` (an Effect) is then carried out for
    ``controller``, with ``source`` its card and ``named`` what the
    effect's earlier instructions named (712.2)."""

    __slots__ = ("trigger", "do", "source", "controller", "named", "until", "turn", "phase")

    def __init__(self, board: Board, trigger, do, source: Card | None, controller: int, named: dict, until):
        self.trigger = trigger
        self.do = do
        self.source = source
        self.controller = controller
        self.named = named
        self.until = until
        self.turn = board.turn.number
        self.phase = board.turn.phase

    def lasts(self, board: Board) -> bool:
        if self.until is None:
            return True
        return board.turn.number == self.turn and (self.until != "phase" or board.turn.phase == self.phase)

    def text(self) -> str:
        return getattr(getattr(self.do, "part", None), "text", "") or getattr(self.do, "verb", "")


NEXT_TIME_DURATIONS = (None, "turn", "phase")
"""How long a "next time" waits: the turn, the phase, or until it happens."""


def waiting_next_times(board: Board) -> list[NextTime]:
    return _kept(board, "next_times", list)


@rules.step("708.4", "a triggered modifier is created: the next time {what}{until}, {text}")
def next_time_created(board: Board, waiting: NextTime):
    waiting_next_times(board).append(waiting)
    until = "" if waiting.until is None else f" before {DURATIONS[waiting.until]}"
    what = getattr(getattr(waiting.trigger, "part", None), "text", "") or getattr(waiting.trigger, "event", "")
    return {"what": what or "its trigger condition is met", "until": until, "text": waiting.text()}


@verb("next-time", "708.4", takes=NOTHING)
def next_time(board: Board, act: Act) -> None:
    """"The next time you defeat a Troublemaker this turn, score an
    additional point": a triggered modifier (708.4), which triggers once,
    the next time its trigger condition is met (704.1), and is then
    processed as the game processes triggered effects (712)."""
    named = {key: list(value) for key, value in (act.named or {}).items()}
    next_time_created(board, NextTime(board, act.value("trigger"), act.value("do"), act.source, act.player, named,
                                      act.effect.duration if act.effect is not None else None))


@rules.check("708.2", "a triggered modifier waiting for its trigger condition lasts for a duration the engine ends")
def next_time_duration(board: Board, duration):
    if duration not in NEXT_TIME_DURATIONS:
        return f"the engine ends no triggered modifier waiting until {duration!r}"


checked("next-time")(lambda board, act: next_time_duration(board, act.effect.duration if act.effect else None))


@rules.step("708.4", "the next time {what}: the triggered modifier ({text}) triggers, as a triggered ability does "
                     "(704.1c), and ends")
def next_time_triggers(board: Board, waiting: NextTime, happened):
    from rulebase.engine.ccg.abilities import triggers
    from rulebase.engine.ccg.abilities.model import Ability

    found = waiting_next_times(board)
    if waiting in found:
        found.remove(waiting)
    source = waiting.source
    if source is None:
        return None
    number = 2000 + len(board.waiting)
    kept = _events.Happened(happened.event, tuple((key, value) for key, value in happened.data if key != "named")
                            + (("named", waiting.named),))
    ability = Ability("triggered", text=waiting.text(), effect=waiting.do)
    triggers.creates(board, source, ability, ability, number, kept)
    for created in board.waiting:
        if created.card is source and created.number == number:
            created.controller = waiting.controller
    what = getattr(getattr(waiting.trigger, "part", None), "text", "") or happened.event
    return {"what": what, "text": waiting.text()}


def _next_time_watch(board, happened) -> None:
    """A "next time" waiting for an event triggers as the first event that
    meets its trigger condition is announced; one whose duration ended
    is forgotten."""
    found = getattr(board, "next_times", None)
    if not found:
        return
    from rulebase.engine.ccg.abilities import triggers

    for waiting in list(found):
        if not waiting.lasts(board):
            found.remove(waiting)
        elif (waiting.source is not None and happened.event in triggers.events_of(waiting.trigger)
              and triggers.matches(board, waiting.source, waiting.trigger, happened)):
            next_time_triggers(board, waiting, happened)


_events.LISTENERS.append(_next_time_watch)


# -- confront requirements changed for a while: "Opponents need +2 power to confront that Problem" --------


class NeedChange:
    """A definite modifier of the power ``players`` (``you``, ``opponent``
    or ``player``, read from ``controller``'s perspective) need to confront
    ``problem``: ``amount`` more (or fewer), until ``until`` (708.2)."""

    __slots__ = ("problem", "incarnation", "amount", "players", "controller", "until", "player", "text")

    def __init__(self, problem: Card, amount: int, players: str, controller: int, until: str, text: str):
        self.problem = problem
        self.incarnation = problem.incarnation
        self.amount = amount
        self.players = players
        self.controller = controller
        self.until = until
        self.player = controller
        """Whose next turn it lasts until (``next-turn``)."""
        self.text = text

    def reaches(self, player: int) -> bool:
        if self.players == "you":
            return player == self.controller
        if self.players == "opponent":
            return player != self.controller
        return True


NEED_PLAYERS = ("you", "opponent", "player")
"""Whom a change of confront requirements reaches, by the selector's noun."""


def _need_players(act: Act) -> str | None:
    """Whom the change reaches: the players named, every player when none
    is ("reduce the confront requirements of a Problem": a Problem's
    confront requirements are every player's, 611.3)."""
    selector = act.value("players")
    if selector is None:
        return "player"
    noun = getattr(selector, "noun", selector)
    return noun if noun in NEED_PLAYERS else None


@rules.step("708.2", "{players} {amount:+d} power to confront {problem} until {until}")
def need_changed(board: Board, change: NeedChange):
    lasting(board).append(change)
    words = {"you": f"{board.name(change.controller)} needs",
             "opponent": f"{board.name(change.controller)}'s opponents need", "player": "all players need"}
    return {"players": words[change.players], "amount": change.amount, "problem": change.problem.label,
            "until": DURATIONS[change.until]}


@verb("confront-need", "708.2")
def confront_need(board: Board, act: Act) -> None:
    """"Opponents need +2 power to confront that Problem until the end of
    the turn": a definite modifier of the confront requirements of the
    Problem (708.2), which the requirements count (611.3) while it lasts."""
    text = getattr(getattr(act.effect, "part", None), "text", "") or "confront-need"
    need_changed(board, NeedChange(act.target, act.n, _need_players(act), act.player, act.duration, text))


@rules.check("611.3", "confront requirements are those of a Problem")
def a_problem_to_confront(board: Board, card: Card):
    if card.type != CardType.PROBLEM or card.zone != Zone.PLAY:
        return f"{card} is not a Problem in play: it has no confront requirements"


@checked("confront-need")
def _check_confront_need(board: Board, act: Act) -> None:
    a_problem_to_confront(board, act.target)
    known_duration(board, act.duration)


@rules.step("708.2", "{player} needs {amount:+d} power to confront {problem} until {until} ({text})")
def need_counted(board: Board, change: NeedChange, player: int, extra: list):
    from rulebase.engine.ccg.cards import Need

    extra.append(Need(change.amount))
    return {"player": board.name(player), "amount": change.amount, "problem": change.problem.label,
            "until": DURATIONS[change.until], "text": change.text}


def confront_needs(board: Board, player: int, problem: Card, extra: list) -> None:
    """The power the modifiers card text created add to what ``player``
    needs to confront ``problem`` (or take from it, a negative amount)."""
    for change in getattr(board, "lasting", None) or ():
        if (isinstance(change, NeedChange) and change.problem is problem and change.incarnation == problem.incarnation
                and change.reaches(player)):
            need_counted(board, change, player, extra)


# -- replacing a Problem by card text ------------------------------------------------------------


@rules.check("613.2", "a Problem in play is replaced")
def a_problem_to_replace(board: Board, card: Card):
    if card.type != CardType.PROBLEM or card.zone != Zone.PLAY or card.area is None:
        return f"{card} is not a Problem in play: only a Problem in play is replaced"


@verb("replace", "613.2")
def replace_problem(board: Board, act: Act) -> None:
    """"Replace a Problem": the instructions of 613.2, in order, as when a
    solved Problem is replaced (characters there sent home, face-up
    Troublemakers and Resources there dismissed, the Problem put on the
    bottom of its owner's Problem deck and the top one put into play)."""
    from rulebase.engine.ccg import turn

    turn.replace_problem(board, act.target, act.player)


checked("replace")(lambda board, act: a_problem_to_replace(board, act.target))


# -- token copies: "put a token copy of one of your non-Unique Friends into play" (520.2) -------------


@rules.check("521.1", "a token copy is created by a modifier as a card of a type the engine creates tokens of")
def copied_as_a_token(board: Board, card: Card, area):
    if card.type not in ENTERING:
        return f"{card} is a {card.type}: a token copy of it can't enter play (only Friends, Troublemakers and Resources do)"
    if card.type == CardType.RESOURCE:
        from rulebase.engine.ccg import play

        if play.host_description(card) or card.has_trait("Dilemma"):
            return (f"{card} is an attachment or a Dilemma: the engine puts a token copy into play only of a Resource "
                    "that enters play at its player's home (305.1a)")
    referable(board, card)
    if area is None:
        return "the instruction names no area for the token copy to enter play at"


@rules.check("306.1", "Troublemakers enter play face-down at a Problem")
def troublemaker_at_a_problem(board: Board, card: Card, area):
    if card.type == CardType.TROUBLEMAKER and area is not None and not area.is_problem:
        return f"a token copy of {card}, a Troublemaker, enters play at a Problem"


@rules.step("520.2", "a token copy of {card} enters play at {area} for {player}{face}: {card}'s printed information, "
                     "but a cost of zero, and none of the modifiers affecting {card}")
def token_copy_made(board: Board, card: Card, player: int, area: Area, face_down: bool = False):
    from dataclasses import replace

    from rulebase.engine.ccg import play

    printed = replace(card.printed, cost=0)
    copy = board.new_card(printed, player, f"{card.printed.name} token copy")
    tokens(board).add(copy.id)
    play.enter_play(board, copy, area, face_down=face_down, how="put into play")
    return {"card": card.label, "area": board.area_name(area), "player": board.name(player),
            "face": " face-down" * face_down}


@verb("token-copy", "520.2")
def token_copy(board: Board, act: Act) -> None:
    """Put a token copy of the target into play for the player carrying
    the instruction out, at ``act.area`` (520.2): a token (521) whose
    printed information is the card's, its cost zero; a copy of a
    Troublemaker enters face-down unless the text says face-up, a copy of a
    Resource at its player's home (305.1a)."""
    card = act.target
    if card.type == CardType.RESOURCE:
        resource_at_home(board, card, act.area)
    face_down = card.type == CardType.TROUBLEMAKER and act.value("face") != "face-up"
    token_copy_made(board, card, act.player, act.area, face_down)


@checked("token-copy")
def _check_token_copy(board: Board, act: Act) -> None:
    copied_as_a_token(board, act.target, act.area)
    troublemaker_at_a_problem(board, act.target, act.area)
    if act.target.type == CardType.RESOURCE:
        from rulebase.engine.ccg import play

        play.resource_area(board, act.player, act.target, act.area, None)  # at its player's home (305.1a)


# -- play requirements changed for a while: "reduce the play requirements of your cards by 2 [Loyalty]" -----


class RequirementChange:
    """A definite modifier of the play requirements of ``player``'s cards
    (205.1): ``amount`` more (or, negative, fewer) power of ``color``
    needed, until ``until`` (708.2)."""

    __slots__ = ("player", "amount", "color", "until", "text")

    def __init__(self, player: int, amount: int, color: Color, until: str, text: str):
        self.player = player
        self.amount = amount
        self.color = color
        self.until = until
        self.text = text


@rules.step("708.2", "the play requirements of {player}'s cards change by {amount:+d} {color} until {until}")
def requirement_changed(board: Board, change: RequirementChange):
    lasting(board).append(change)
    return {"player": board.name(change.player), "amount": change.amount, "color": change.color,
            "until": DURATIONS[change.until]}


@verb("requirement-change", "708.2", takes=NOTHING)
def requirement_change(board: Board, act: Act) -> None:
    """"Reduce the play requirements of your cards by 2 [Loyalty] until the
    end of the turn": while it lasts, the power of that color the player's
    cards require to be played is that much lower (205.1), none below 0."""
    text = getattr(getattr(act.effect, "part", None), "text", "") or "requirement-change"
    requirement_changed(board, RequirementChange(act.player, act.n, parse_color(str(act.value("color"))),
                                                 act.duration, text))


@checked("requirement-change")
def _check_requirement_change(board: Board, act: Act) -> None:
    known_duration(board, act.duration)


@rules.step("708.2", "{card}'s play requirement of {color} power changes by {amount:+d} until {until} ({text}): "
                     "{player} needs {needed}")
def requirement_counted(board: Board, change: RequirementChange, card: Card, need, found: list):
    needed = max(0, need.amount + change.amount)
    found.append(needed)
    return {"card": card.label, "color": change.color, "amount": change.amount, "until": DURATIONS[change.until],
            "text": change.text, "player": board.name(change.player), "needed": needed}


def required(board: Board, player: int, card: Card, need) -> int:
    """The power of ``need``'s color ``player`` needs in play to play
    ``card`` (205.1), after the changes card text made for a while."""
    amount = need.amount
    for change in getattr(board, "lasting", None) or ():
        if isinstance(change, RequirementChange) and change.player == player and change.color == need.color:
            found: list = []
            requirement_counted(board, change, card, replace_need(need, amount), found)
            if found:
                amount = found[0]
    return amount


def replace_need(need, amount: int):
    from dataclasses import replace

    return replace(need, amount=amount)


# -- counters distributed: "distribute two +1 power counters among up to two of your characters" ---------


@verb("distribute-counters", "519.4", takes=NOTHING)
def distribute_counters(board: Board, act: Act) -> None:
    """Put ``amount`` +1 power counters on the cards chosen (``act.cards``),
    split among them as ``act.order`` says (one card's id per counter), each
    card's share at once (519.4)."""
    for card in act.cards:
        share = sum(1 for card_id in act.order or () if card_id == card.id)
        if share:
            put_counters(board, card, share)


@rules.check("519.4", "+1 power counters are distributed among the cards chosen, all of them")
def distributed_among_the_chosen(board: Board, cards: list, order, amount):
    ids = {card.id for card in cards}
    if not cards:
        return "no card is chosen to distribute the counters among"
    if len(order or ()) != (amount or 0) or any(card_id not in ids for card_id in order or ()):
        return f"the {amount} counters are to be distributed among the cards chosen, each on one of them"


@checked("distribute-counters")
def _check_distribute_counters(board: Board, act: Act) -> None:
    counters_not_negative(board, act.amount)
    for card in act.cards:
        modifies_in_play(board, card)
    distributed_among_the_chosen(board, act.cards, act.order, act.amount)


# -- copying an effect: "copy this effect", "copy that Event's effects" (520.1) -------------------------


def copied_effect(act: Act):
    """The effect an instruction copies, with the card whose text it is:
    ``this`` effect being carried out, or that of the Event ``that`` / ``it``
    names (the Event of the triggering event, else the card an earlier part
    named)."""
    context = act.context
    if context is None:
        return None, None
    if act.value("of") == "this":
        return context.card, context.whole
    event = context.event.get("card") if context.event is not None and hasattr(context.event, "get") else None
    found = [event] if isinstance(event, Card) and event.type == CardType.EVENT else []
    found += list((context.named or {}).get("that") or (context.named or {}).get("it") or ())
    card = found[0] if found else None
    if not isinstance(card, Card) or card.type != CardType.EVENT:
        return card, None
    for ability in card.info.abilities:
        if ability.kind == "event" and ability.effect is not None:
            return card, ability.effect
    return card, None


@rules.check("520.1", "an effect is copied by processing its text again")
def an_effect_to_copy(board: Board, card, effect):
    if effect is None:
        return f"there is no effect of {card or 'a card'} the engine can process again"


@rules.step("520.1", "{player} copies the effect of {card}: its text is processed again, controlled by {player}; no "
                     "decision made for the original is duplicated")
def copies(board: Board, player: int, card: Card):
    return {"player": board.name(player), "card": card.label if card is not None else "the card"}


@verb("copy-effects", "520.1", takes=NOTHING, procedure=True)
def copy_effects(s, act: Act):
    """Process the copied effect's text again (520.1), as a new effect
    controlled by the player who copies it, every decision made anew."""
    from rulebase.engine.ccg.abilities import resolve

    board = s.board
    card, effect = copied_effect(act)
    if effect is None or copies(board, act.player, card) is None:
        return
    context = resolve.Context(board=board, card=card, controller=act.player)
    yield from resolve.resolve(s, context, effect)
    if a_copy_is_not_played.allows(board, card):
        from rulebase.engine.ccg.abilities import triggers

        triggers.played(board, card, act.player)


@rules.check("520.1a", "copied effects are not played, and a copied effect is not itself a card")
def a_copy_is_not_played(board: Board, card: Card):
    """Nothing waiting for a card being played answers a copy of its effect;
    with the rule switched off, the copy is played as its card was."""
    return f"the copy of {card}'s effect is not played and is no card: what waits for a card being played does not answer it"


checked("copy-effects")(lambda board, act: an_effect_to_copy(board, *copied_effect(act)))


# -- "Troublemakers don't prevent you from confronting Problems until the end of the turn" -------------


class Unprevented:
    """A definite modifier (708.2): ``card`` (a Troublemaker, as the card it
    was when the modifier was created, 708.2b) does not prevent ``player``
    from confronting its Problem until ``until``."""

    __slots__ = ("card", "incarnation", "player", "until", "text")

    def __init__(self, card: Card, player: int, until: str, text: str):
        self.card = card
        self.incarnation = card.incarnation
        self.player = player
        self.until = until
        self.text = text


@rules.step("708.2", "{card} does not prevent {player} from confronting its Problem until {until}")
def prevention_lifted(board: Board, change: Unprevented):
    lasting(board).append(change)
    return {"card": change.card.label, "player": board.name(change.player), "until": DURATIONS[change.until]}


@verb("doesnt-prevent", "708.2")
def doesnt_prevent_confronting(board: Board, act: Act) -> None:
    """"That Troublemaker does not prevent you from confronting its Problem
    until the end of the turn", "Troublemakers don't prevent you from
    confronting Problems": each Troublemaker the text names as the
    modifier is created (708.2b) is no reason the player can't confront
    (611.3e) while it lasts."""
    text = getattr(getattr(act.effect, "part", None), "text", "") or "doesnt-prevent"
    prevention_lifted(board, Unprevented(act.target, act.player, act.duration, text))


@rules.check("611.3e", "a face-up Troublemaker in play is what prevents confronting a Problem")
def a_troublemaker_that_prevents(board: Board, card: Card):
    if card.type != CardType.TROUBLEMAKER or card.zone != Zone.PLAY:
        return f"{card} is not a Troublemaker in play: it prevents no one from confronting"


@checked("doesnt-prevent")
def _check_doesnt_prevent(board: Board, act: Act) -> None:
    a_troublemaker_that_prevents(board, act.target)
    known_duration(board, act.duration)


def lifted(board: Board, player: int, troublemaker: Card) -> Unprevented | None:
    """The modifier by which ``troublemaker`` does not prevent ``player``
    from confronting, if any."""
    for change in getattr(board, "lasting", None) or ():
        if (isinstance(change, Unprevented) and change.card is troublemaker
                and change.incarnation == troublemaker.incarnation and change.player == player):
            return change
    return None


@rules.step("708.2", "{card} does not prevent {player} from confronting {problem} until {until} ({text})")
def does_not_prevent(board: Board, player: int, troublemaker: Card, problem: Card):
    change = lifted(board, player, troublemaker)
    if change is not None:
        return {"card": troublemaker.label, "player": board.name(player), "problem": problem.label,
                "until": DURATIONS[change.until], "text": change.text}


# -- exchanging control: "Exchange control of those Friends until the end of the Score Phase" ---------


@rules.check("513.2", "control of two cards in play is exchanged between the players controlling them")
def two_cards_to_exchange(board: Board, cards: list):
    if len(cards) != 2:
        return f"control is exchanged between two cards, not {len(cards)}"
    first, second = cards
    if first.zone != Zone.PLAY or second.zone != Zone.PLAY:
        return "control is exchanged of cards in play"
    if first.controller == second.controller:
        return f"{first} and {second} are controlled by the same player: there is no control to exchange"


@verb("exchange-control", "513.2", takes=NOTHING)
def exchange_control(board: Board, act: Act) -> None:
    """Each of the two cards (``act.cards``) comes under the control of the
    player who controlled the other (513.2), until the end of the duration
    (708.2) or for good."""
    first, second = act.cards
    players = (second.controller, first.controller)
    for card, player in zip((first, second), players):
        if act.effect is not None and act.effect.duration is not None:
            take_control_for_a_while(board, player, card, act.duration)
        elif control_once(board, player, card) is not None:
            take_control_of(board, player, card)


@checked("exchange-control")
def _check_exchange_control(board: Board, act: Act) -> None:
    two_cards_to_exchange(board, act.cards)
    if act.effect is not None and act.effect.duration is not None:
        known_duration(board, act.duration)


# -- "That character can't be moved until the end of the turn" ------------------------------------------


CANT = ("be-moved",)
"""What a card can be forbidden for a while by the instruction 'cant' the
engine carries out."""


class MoveBan:
    """A definite modifier (708.2): ``card`` can't be moved until ``until``."""

    __slots__ = ("card", "incarnation", "until", "player")

    def __init__(self, card: Card, until: str, player: int):
        self.card = card
        self.incarnation = card.incarnation
        self.until = until
        self.player = player


@rules.step("104.2", "a modifier says {card} can't be moved until {until}: the \"can't\" takes precedence")
def cant_move_for_a_while(board: Board, card: Card, until: str, player: int):
    card.cannot_move = True
    lasting(board).append(MoveBan(card, until, player))
    return {"card": card.label, "until": DURATIONS[until]}


@rules.step("708.2", "the modifier saying {card} can't be moved until {until} ends")
def move_ban_ends(board: Board, ban: MoveBan):
    card = ban.card
    others = [other for other in lasting(board) if isinstance(other, MoveBan) and other is not ban
              and other.card is card and other.incarnation == card.incarnation]
    if card.incarnation == ban.incarnation and not others:
        card.cannot_move = False
        return {"card": card.label, "until": DURATIONS[ban.until]}


READY_BAN = "ready-during-ready-phase"
"""The action of "That character does not ready during its controller's
next Ready Phase"."""

NEXT_READY_PHASE = "next-ready-phase"
"""Its duration: the next Ready Phase of the card's controller."""


class ReadyBan:
    """A definite modifier (708.2): ``card`` does not ready during its
    controller's next Ready Phase."""

    __slots__ = ("card", "incarnation")

    def __init__(self, card: Card):
        self.card = card
        self.incarnation = card.incarnation


@rules.step("708.2", "a modifier says {card} does not ready during its controller's next Ready Phase: it lasts until "
                     "then")
def ready_ban(board: Board, card: Card):
    lasting(board).append(ReadyBan(card))
    return {"card": card.label}


@rules.step("104.2", "{card} does not ready during {player}'s Ready Phase: the modifier saying so takes precedence "
                     "over readying all of their cards (603.1)")
def stays_exhausted(board: Board, card: Card, player: int):
    return {"card": card.label, "player": board.name(player)}


def kept_exhausted(board: Board, card: Card) -> bool:
    """Whether ``card``, in its controller's Ready Phase (603.1), stays
    exhausted by a modifier saying it does not ready during
    that phase (104.2).  The modifier is used up by the phase either way,
    as are those of cards that have left play (400.7: new objects)."""
    waiting = getattr(board, "lasting", None)
    if not waiting:
        return False
    bans = [ban for ban in waiting if isinstance(ban, ReadyBan)
            and (ban.card is card or ban.card.incarnation != ban.incarnation or ban.card.zone != Zone.PLAY)]
    if not bans:
        return False
    board.lasting = [other for other in waiting if not any(other is ban for ban in bans)]
    held = any(ban.card is card and ban.incarnation == card.incarnation for ban in bans)
    return held and card.exhausted and stays_exhausted(board, card, card.controller) is not None


@verb("cant", "104.2")
def cant(board: Board, act: Act) -> None:
    """"That character can't be moved until the end of the turn": the card
    is not moved while it lasts, a "can't" taking precedence (104.2);
    "That character does not ready during its controller's next Ready
    Phase": it stays exhausted through that phase (104.2 over 603.1)."""
    if act.value("action") == READY_BAN:
        ready_ban(board, act.target)
        return
    if act.value("action") == LEAVE_PLAY:
        cant_leave_for_a_while(board, act.target, act.duration, act.source, act.effect)
        return
    cant_move_for_a_while(board, act.target, act.duration, act.player)


LEAVE_PLAY = "leave-play"
"""The action of "That Friend can't leave play this turn"."""


class LeaveBan:
    """A definite modifier (708.2): ``card`` can't leave play (be
    dismissed, retired or banished) until ``until``, by ``source``'s
    instruction ``text``."""

    __slots__ = ("card", "incarnation", "until", "source", "text")

    def __init__(self, card: Card, until: str, source: Card | None, text: str):
        self.card = card
        self.incarnation = card.incarnation
        self.until = until
        self.source = source
        self.text = text


@rules.step("104.2", "a modifier says {card} can't leave play until {until}: the \"can't\" takes precedence")
def cant_leave_for_a_while(board: Board, card: Card, until: str, source: Card | None, effect):
    text = getattr(getattr(effect, "part", None), "text", "") or "can't leave play"
    lasting(board).append(LeaveBan(card, until, source, text))
    return {"card": card.label, "until": DURATIONS[until]}


@rules.step("708.2", "the modifier saying {card} can't leave play until {until} ends")
def leave_ban_ends(board: Board, ban: LeaveBan):
    return {"card": ban.card.label, "until": DURATIONS[ban.until]}


def leave_ban(board: Board, card: Card) -> LeaveBan | None:
    """The modifier of an instruction saying ``card`` can't leave play that
    lasts now (none once it has left play: it is a new object, 400.7)."""
    for ban in getattr(board, "lasting", None) or ():
        if isinstance(ban, LeaveBan) and ban.card is card and ban.incarnation == card.incarnation:
            return ban
    return None


@rules.check("708.2", "a modifier saying a card does not ready lasts until its controller's next Ready Phase")
def ready_ban_duration(board: Board, duration: str):
    if duration != NEXT_READY_PHASE:
        return f"the engine ends no modifier saying a card does not ready that lasts until {duration!r}"


@checked("cant")
def _check_cant(board: Board, act: Act) -> None:
    modifies_in_play(board, act.target)
    if act.value("action") == READY_BAN:
        ready_ban_duration(board, act.duration)
    else:
        known_duration(board, act.duration)


# -- keywords for a while -------------------------------------------------------------------


LASTING_KEYWORDS = ("Swift", "Competitive", "Supportive", "Caretaker", "Stubborn", "Eccentric", "Showy")
"""The keywords an effect may give a card for a while that the engine
applies (through the keywords text gives, :func:`rulebase.engine.ccg.
abilities.continuous.granted`): those acting on the card's power, cost,
contribution, the power needed to confront its Problem or the cost of
moving there."""


class KeywordGrant:
    """A definite modifier (708.2): ``card`` has ``keyword`` (its X ``x``)
    until ``until``, given by ``source``'s ability; ``player``: whose next
    turn it lasts until (``next-turn``)."""

    __slots__ = ("card", "incarnation", "keyword", "x", "until", "player", "source")

    def __init__(self, card: Card, keyword: str, x, until: str, player: int, source: Card | None):
        self.card = card
        self.incarnation = card.incarnation
        self.keyword = keyword
        self.x = x
        self.until = until
        self.player = player
        self.source = source


def keyword_grants(board: Board, card: Card) -> list[KeywordGrant]:
    """The keywords effects gave ``card`` that last now (none once it has
    left play: it is a new object, 400.7)."""
    return [grant for grant in getattr(board, "lasting", None) or ()
            if isinstance(grant, KeywordGrant) and grant.card is card and grant.incarnation == card.incarnation]


def any_keyword_grant(board: Board) -> bool:
    """Whether any effect gave a card a keyword that lasts now."""
    return any(isinstance(grant, KeywordGrant) for grant in getattr(board, "lasting", None) or ())


@rules.step("701.1", "{card} has {keyword} until {until}: a card's abilities include text added to it by modifiers")
def keyword_for_a_while(board: Board, card: Card, keyword: str, x, until: str, player: int, source: Card | None):
    lasting(board).append(KeywordGrant(card, keyword, x, until, player, source))
    return {"card": card.label, "keyword": keyword if x is None else f"{keyword} {x}", "until": DURATIONS[until]}


@rules.step("708.2", "the modifier giving {card} {keyword} until {until} ends")
def keyword_ends(board: Board, grant: KeywordGrant):
    keyword = grant.keyword if grant.x is None else f"{grant.keyword} {grant.x}"
    return {"card": grant.card.label, "keyword": keyword, "until": DURATIONS[grant.until]}


@verb("gain-keyword", "701.1")
def gain_keyword(board: Board, act: Act) -> None:
    """"Give this card Showy 3 until the start of your next turn", "Your
    characters have Swift this turn": the card has the keyword as text
    added to it (701.1) until the duration ends (708.2)."""
    controller = modifier_controller(board, act.player, act.source, act.target)
    keyword_for_a_while(board, act.target, str(act.value("keyword")), act.value("x"), act.duration, controller,
                        act.source)


@rules.check("701.1", "the engine applies the keyword an effect gives")
def applied_keyword(board: Board, keyword):
    if keyword not in LASTING_KEYWORDS:
        return f"the engine does not apply the keyword {keyword!r} given by an effect"


@checked("gain-keyword")
def _check_gain_keyword(board: Board, act: Act) -> None:
    modifies_in_play(board, act.target)
    known_duration(board, act.duration)
    applied_keyword(board, act.value("keyword"))
