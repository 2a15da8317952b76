"""Continuous abilities and the modifiers they generate (702, 707, 708,
711): a card's power and the power it has of a color, the cost of moving,
the power needed to confront, what a card may or can't do; and
replacement modifiers, "if ... would ..., ... instead" (710).

Continuous abilities function while their card is in play (701.3, 702.1)
and face up (505.1a).  Each side of a card is indexed once by what its
continuous abilities change (:func:`index`), so a hook (a card's power, a
move's cost) looks only at the abilities that change that.  A keyword's
meaning is applied by its keyword's unit (:mod:`.keywords`); other card
text by the units here, each recorded under its rule.  Modifiers apply in
timestamp order (711.3): a card's own before those of other cards, which
apply in the order the cards entered play.

>>> from rulebase.engine.ccg.abilities.model import Modifier
>>> executable(Modifier("power")), executable(Modifier("trait"))
(None, "the modifier 'trait'")
"""

from __future__ import annotations

from rulebase.engine.ccg.abilities import keywords
from rulebase.engine.ccg.abilities.model import Ability
from rulebase.engine.ccg.board import Board, Card
from rulebase.engine.ccg.rules import step

HOOKED = ("power", "cost", "confront-need", "may", "cant")
"""The modifiers the engine applies, each where its rule says: power (507),
cost (508), confront-need (611.3), may and can't (104.2)."""


def executable(modifier) -> str | None:
    """``None`` if the engine applies ``modifier``, else what it lacks."""
    if modifier is None:
        return "no modifier"
    if modifier.kind not in HOOKED:
        return f"the modifier {modifier.kind!r}"
    if modifier.kind == "cost" and modifier.value("action") not in ("move", None):
        return f"a change of the cost to {modifier.value('action')}"
    if modifier.amount is not None and modifier.amount.per is not None:
        return "a modifier 'for each'"
    return None


class Index:
    """One side of a card's continuous abilities, by what they change:
    ``own[kind]`` those that change the card itself, ``outward[kind]``
    those that change other cards or players (a Showy card's Problem)."""

    __slots__ = ("printed", "own", "outward", "replacing")

    def __init__(self, printed):
        self.printed = printed
        self.own: dict[str, tuple] = {}
        self.outward: dict[str, tuple] = {}
        self.replacing: dict[str, tuple] = {}
        for ability, acts in keywords.acting(printed):
            if acts.kind == "replacement" and acts.trigger is not None:
                self.replacing[acts.trigger.event] = self.replacing.get(acts.trigger.event, ()) + ((ability, acts),)
            if acts.kind != "continuous" or acts.modifier is None:
                continue
            modifier = acts.modifier
            subject = modifier.subject
            table = self.own if subject is None or subject.noun == "self" else self.outward
            table[modifier.kind] = table.get(modifier.kind, ()) + ((ability, acts),)


_INDEX: dict[int, Index] = {}


def index(printed) -> Index:
    """The continuous abilities of one side of a card, made once."""
    found = _INDEX.get(id(printed))
    if found is None or found.printed is not printed:
        found = _INDEX[id(printed)] = Index(printed)
    return found


def own(card: Card, kind: str) -> tuple:
    """The ``(ability, what acts)`` pairs of ``card`` that change the card
    itself by a modifier of ``kind``; none while face-down (505.1a)."""
    if card.face_down:
        return ()
    return index(card.info).own.get(kind, ())


def outward(board: Board, kind: str, area=None):
    """The cards in play (at ``area``, when given) with abilities that
    change other cards or players by a modifier of ``kind``, each with
    those ``(ability, what acts)`` pairs, in the order the cards entered play
    (711.3)."""
    for card in board.play:
        if card.face_down or (area is not None and card.area != area):
            continue
        found = index(card.info).outward.get(kind)
        if found:
            yield card, found


# -- card text (not a keyword) --------------------------------------------------------------


def _holds(board: Board, card: Card, ability: Ability) -> bool:
    """Whether the condition of a continuous ability of ``card`` holds now
    (708.3a: from the current game state)."""
    if ability.condition is None:
        return True
    try:
        from rulebase.engine.ccg.abilities import conditions, resolve
    except ImportError:
        return False
    return bool(conditions.holds(board, resolve.Context(card=card, controller=card.controller), ability.condition))


@step("702.1", "{card} has {amount:+d} power from {source}'s ability ({text})")
def text_power(power, source: Card, ability: Ability):
    modifier = ability.modifier
    amount = modifier.amount.value if modifier.amount is not None else None
    if amount and _holds(power.board, source, ability):
        power.total += amount
        return {"card": power.card.label, "amount": amount, "source": source.label, "text": ability.text or "its text"}


@step("702.1", "{source}'s ability changes the cost to move {card} by {amount:+d} ({text})")
def text_move_cost(board: Board, cost, card: Card, source: Card, ability: Ability):
    modifier = ability.modifier
    amount = modifier.amount.value if modifier.amount is not None else None
    if amount and _holds(board, source, ability):
        cost.amount += amount
        return {"source": source.label, "card": card.label, "amount": amount, "text": ability.text or "its text"}


# -- the hooks ----------------------------------------------------------------------------


def shape_power(power) -> None:
    """Apply the continuous modifiers of power to a card in play (507.1,
    711.3): its own abilities', then those of other cards that reach it."""
    card, board = power.card, power.board
    for ability, acts in own(card, "power"):
        if ability.kind == "keyword":
            keywords.UNITS[ability.keyword](power, ability.x)
        else:
            text_power(power, card, acts)
    for source, found in outward(board, "power"):
        for ability, acts in found:
            if source is not card and fits(board, source, acts.modifier.subject, card):
                text_power(power, source, acts)


def move_cost(board: Board, cost, player: int, card: Card, area) -> None:
    """Apply the modifiers of the cost to move ``card`` to ``area`` (508,
    609.2b): the card's own (Swift), then those of the cards there (Showy)."""
    for ability, acts in own(card, "cost"):
        if acts.modifier.value("action", "move") != "move":
            continue
        if ability.kind == "keyword":
            keywords.swift(board, cost, player, card, ability.x)
        else:
            text_move_cost(board, cost, card, card, acts)
    if not area.is_problem:
        return
    for source, found in outward(board, "cost", area):
        for ability, acts in found:
            if acts.modifier.value("to") != "this-problem":
                continue
            if ability.kind == "keyword":
                keywords.showy(board, cost, player, source, ability.x)
            elif fits(board, source, acts.modifier.subject, card):
                text_move_cost(board, cost, card, source, acts)


def most_move_cost(board: Board, player: int, area) -> int:
    """The most the modifiers of the cards at ``area`` can add to moving a
    character of ``player`` there."""
    if not area.is_problem:
        return 0
    most = 0
    for source, found in outward(board, "cost", area):
        for ability, acts in found:
            amount = acts.modifier.amount.value if acts.modifier.amount is not None else 0
            if acts.modifier.value("to") == "this-problem" and amount and amount > 0:
                if ability.kind != "keyword" or source.controller != player:
                    most += amount
    return most


def confront_needs(board: Board, player: int, problem: Card, extra: list) -> None:
    """The power the cards at ``problem`` add to what ``player`` needs to
    confront it (611.3: Eccentric)."""
    for source, found in outward(board, "confront-need", problem.area):
        for ability, acts in found:
            if ability.kind == "keyword":
                keywords.eccentric(board, source, player, extra, ability.x)


# -- whom a modifier reaches --------------------------------------------------------------

_TYPES = {"Friend", "Mane Character", "Troublemaker", "Problem", "Resource", "Event"}


def fits(board: Board, source: Card, selector, card: Card) -> bool:
    """Whether ``card`` is one of the cards ``selector`` of an ability of
    ``source`` describes (the nouns, controllers and places continuous
    modifiers name)."""
    if selector is None:
        return card is source
    noun = selector.noun
    if noun == "self":
        return card is source
    if noun == "character" and not card.is_character:
        return False
    if noun in _TYPES and str(card.type) != noun:
        return False
    controller = selector.controller
    if controller == "you" and card.controller != source.controller:
        return False
    if controller == "opponent" and card.controller == source.controller:
        return False
    where = selector.where
    if where in ("here", "this-problem") and card.area != source.area:
        return False
    if where == "home" and (card.area is None or not card.area.is_home):
        return False
    for name, value in selector.filters:
        if name == "other" and card is source:
            return False
        if name == "trait" and not card.has_trait(value):
            return False
    return True
