"""Keyword abilities (701.2a, 701.4, the glossary): each keyword is an
ability like any card text, whose ``meaning`` is the glossary's own
sentence for it read as an ability, and which acts where that meaning says
(entering play, moving, power totals, faceoffs, confronting).

A keyword the engine plays is carried out by the unit registered under its
glossary entry (``glossary/swift``, ``glossary/calming-x``, ...): switched
off, the keyword does nothing.  Where a keyword acts is said by the kind of
its meaning, as for any ability:

- a continuous meaning changes something while its condition holds
  (:mod:`.continuous` asks it): Swift and Showy the cost of moving,
  Competitive, Supportive and Caretaker a card's power, Eccentric the
  power needed to confront, Stubborn whether an exhausted card contributes;
- a triggered meaning waits for an event (:mod:`.triggers` finds it):
  Calming a Friend entering play, Diligent and Studious a faceoff won,
  Prepared a faceoff started, Villain a Troublemaker uncovered.

>>> [a.keyword for a in keyword_abilities(Printed.build("Kite", "Friend", power=1, cost=1, keywords=["Swift", "Competitive 2"]))]
['Swift', 'Competitive']
>>> meaning("Competitive", 2).modifier.amount.value
2
>>> meaning("Calming", 1).trigger.event
'enters-play'
"""

from __future__ import annotations

from functools import cache

from rulebase.engine.ccg.abilities.model import (
    THIS_CARD,
    Ability,
    Amount,
    Condition,
    Effect,
    Modifier,
    Selector,
    Trigger,
    values,
)
from rulebase.engine.ccg.board import Board, Card, Zone
from rulebase.engine.ccg.cards import CardType, Printed
from rulebase.engine.ccg.rules import Allowed, check, step

# -- what each keyword means -----------------------------------------------------------

RULES = {
    "Swift": "glossary/swift", "Showy": "glossary/showy-x", "Competitive": "glossary/competitive-x",
    "Supportive": "glossary/supportive-x", "Caretaker": "glossary/caretaker", "Eccentric": "glossary/eccentric-x",
    "Stubborn": "glossary/stubborn", "Calming": "glossary/calming-x", "Diligent": "glossary/diligent-x",
    "Studious": "glossary/studious", "Prepared": "glossary/prepared", "Villain": "glossary/villain",
    "Hasty": "glossary/hasty",
}
"""The glossary entry of each keyword the engine plays."""

_YOUR_MANE = Selector("Mane Character", controller="you", filters=(("shares-color", "self"),))
_YOUR_CRITTER = Selector("Friend", controller="you", filters=(("trait", "Critter"),))
_INVOLVING = values(by="you", involving="self")


def _continuous(modifier: Modifier, condition: Condition | None = None) -> Ability:
    return Ability("continuous", modifier=modifier, condition=condition)


def _triggered(trigger: Trigger, effect: Effect) -> Ability:
    return Ability("triggered", trigger=trigger, effect=effect)


MEANINGS = {
    # "You pay -1 to move this card."
    "Swift": lambda x: _continuous(Modifier("cost", THIS_CARD, Amount(-1), values(action="move"))),
    # "Opponents must pay +[X] to move characters to this card's Problem."
    "Showy": lambda x: _continuous(Modifier("cost", Selector("character", controller="opponent"), Amount(x),
                                            values(action="move", to="this-problem"))),
    # "This card has +X power while involved in a faceoff."
    "Competitive": lambda x: _continuous(Modifier("power", THIS_CARD, Amount(x)), Condition("involved", THIS_CARD)),
    # "This card has +X power while with your Mane Character that shares a color with it."
    "Supportive": lambda x: _continuous(Modifier("power", THIS_CARD, Amount(x)),
                                        Condition("with", THIS_CARD, values(cards=_YOUR_MANE))),
    # "This card has +1 power while at a Problem with at least one of your Critter Friends."
    "Caretaker": lambda x: _continuous(Modifier("power", THIS_CARD, Amount(1)), Condition(
        "at", THIS_CARD, all_of=(Condition("at", THIS_CARD, values(where="problem")),
                                 Condition("with", THIS_CARD, values(cards=_YOUR_CRITTER))))),
    # "Opponents need +[X wild] to confront this card's Problem."
    "Eccentric": lambda x: _continuous(Modifier("confront-need", Selector("opponent"), Amount(x),
                                                values(color="wild", where="this-problem"))),
    # "While exhausted, this card contributes its power to Faceoffs and to confronting problems."
    "Stubborn": lambda x: _continuous(Modifier("may", THIS_CARD, values=values(action="contribute")),
                                      Condition("status", THIS_CARD, values(status="exhausted"))),
    # "When an opposing Friend enters play here, it gets -X power until the end of the turn."
    "Calming": lambda x: _triggered(Trigger("enters-play", Selector("Friend", controller="opponent", where="here")),
                                    Effect("power", Selector("it"), Amount(-x), duration="turn")),
    # "When you win a faceoff involving this card, put X +1 power counters on this card."
    "Diligent": lambda x: _triggered(Trigger("faceoff-won", values=_INVOLVING), Effect("counters", THIS_CARD, Amount(x))),
    # "When you win a faceoff involving this card, gain an action token from this card unless you have
    # already gained an action token from a card with Studious this faceoff."
    "Studious": lambda x: _triggered(Trigger("faceoff-won", values=_INVOLVING), Effect(
        "gain", amount=Amount(1), condition=Condition("did", negated=True, values=values(what="studious-this-faceoff")))),
    # "When an opponent starts a faceoff here, gain 1."
    "Prepared": lambda x: _triggered(Trigger("faceoff-starts", values=values(by="opponent", where="here")),
                                     Effect("gain", amount=Amount(1))),
    # "You may play this card as an Immediate action."
    "Hasty": lambda x: _continuous(Modifier("may", THIS_CARD, values=values(action="play", timing="Immediate"))),
    # "When this Troublemaker is uncovered, Frighten each Friend at its Problem."
    "Villain": lambda x: _triggered(Trigger("uncovered", THIS_CARD),
                                    Effect("frighten", Selector("Friend", every=True, where="this-problem"))),
}
"""The glossary's sentence of each keyword the engine plays, as the ability
it stands for (X given)."""


@cache
def meaning(keyword: str, x: int | None = None) -> Ability | None:
    """What ``keyword`` (with its X) means, as an ability; ``None`` for a
    keyword the engine does not play."""
    build = MEANINGS.get(keyword)
    return build(x) if build is not None else None


def keyword_ability(keyword: str, x: int | None = None) -> Ability:
    """The keyword ability ``keyword`` (701.2a: each keyword is an ability
    of its own)."""
    return Ability("keyword", text=f"{keyword} {x}" if x is not None else keyword, keyword=keyword, x=x,
                   meaning=meaning(keyword, x))


_ABILITIES: dict[int, tuple] = {}


def keyword_abilities(printed: Printed) -> tuple[Ability, ...]:
    """The keyword abilities of one side of a card: those read from its
    text, and one for each keyword of its printed information that its text
    did not give (a card built without text)."""
    found = _ABILITIES.get(id(printed))
    if found is not None and found[0] is printed:
        return found[1]
    read = [a for a in printed.abilities if a.kind == "keyword"]
    named = {a.keyword for a in read}
    made = tuple(read) + tuple(keyword_ability(name, x) for name, x in printed.keywords if name not in named)
    _ABILITIES[id(printed)] = (printed, made)
    return made


def acting(printed: Printed) -> tuple[tuple[Ability, Ability], ...]:
    """Every ability of one side of a card as ``(ability, what acts)``:
    a keyword acts by its meaning (701.4; for a keyword the engine plays,
    the meaning its unit carries out), other text as itself."""
    found = _ACTING.get(id(printed))
    if found is not None and found[0] is printed:
        return found[1]
    pairs = []
    for ability in keyword_abilities(printed):
        acts = meaning(ability.keyword, ability.x) or ability.meaning
        if acts is not None:
            pairs.append((ability, acts))
    pairs += [(a, a) for a in printed.abilities if a.kind != "keyword"]
    made = tuple(pairs)
    _ACTING[id(printed)] = (printed, made)
    return made


_ACTING: dict[int, tuple] = {}


def has(card: Card, keyword: str):
    """The X of ``keyword`` on ``card`` in play (``True`` for a keyword
    without X), or ``False``: face-down cards have no abilities (505.1a),
    nor have cards a modifier took them from (702.1)."""
    if card.face_down:
        return False
    for ability in keyword_abilities(card.info):
        if ability.keyword == keyword:
            if card.board is not None and _lost(card):
                return False
            return True if ability.x is None else ability.x
    if card.board is not None and card.zone == Zone.PLAY:
        return _gained(card, keyword)
    return False


def _gained(card: Card, keyword: str):
    """The X of ``keyword`` among the abilities ``card`` gained from
    another card's (Teamwork: its other printed abilities, 701.1), or
    ``False`` (cheap while no card in play gives any)."""
    from rulebase.engine.ccg.abilities import continuous

    if not continuous.gaining(card.board):
        return False
    for _source, _acts, pairs in continuous.gained(card.board, card):
        for ability, _meaning in pairs:
            if ability.kind == "keyword" and ability.keyword == keyword:
                return True if ability.x is None else ability.x
    return False


def _lost(card: Card) -> bool:
    """Whether a modifier took ``card``'s abilities away (cheap while no
    card in play takes any); recorded, as it decides the keyword is not
    there."""
    from rulebase.engine.ccg.abilities import continuous

    if continuous.side(card) is not None:
        return False
    continuous.loses_abilities(card.board, card)
    return True


def unit(ability: Ability):
    """The unit that carries out a keyword ability the engine plays, or
    ``None``."""
    return UNITS.get(ability.keyword) if ability.kind == "keyword" else None


def played(ability: Ability) -> bool:
    """Whether ``ability`` is a keyword the engine plays by its glossary
    unit; any other keyword acts by its meaning, as card text does."""
    return ability.kind == "keyword" and ability.keyword in UNITS


# -- continuous meanings ------------------------------------------------------------------


@step("glossary/swift", "{card} has Swift: {player} pays 1 less to move it")
def swift(board: Board, cost, player: int, card: Card, x):
    cost.amount -= 1
    return {"card": card.label, "player": board.name(player)}


@step("glossary/showy-x", "{other} has Showy {x}: opponents pay {x} more to move characters to its Problem")
def showy(board: Board, cost, player: int, other: Card, x):
    if x and other.controller != player:
        cost.amount += x
        return {"other": other.label, "x": x}


@step("glossary/competitive-x", "{card} has +{x} power while involved in a faceoff (Competitive {x})")
def competitive(power, x):
    card, board = power.card, power.board
    if x and board.faceoff is not None and board.faceoff.involves(board, card):
        power.total += x
        return {"card": card.label, "x": x}


@step("glossary/supportive-x", "{card} has +{x} power while with {mane}, which shares a color with it (Supportive {x})")
def supportive(power, x):
    card, board = power.card, power.board
    if x and card.type != CardType.MANE:
        mane = board.mane(card.controller)
        if mane is not None and mane.area == card.area and set(mane.colors) & set(card.colors):
            power.total += x
            return {"card": card.label, "x": x, "mane": mane.label}


@step("glossary/caretaker", "{card} has +1 power at a Problem with {critter}, a Critter Friend (Caretaker)")
def caretaker(power, x):
    card, board = power.card, power.board
    if card.area is not None and card.area.is_problem:
        critters = [c for c in board.characters_at(card.area, card.controller)
                    if c is not card and c.type == CardType.FRIEND and c.has_trait("Critter")]
        if critters:
            power.total += 1
            return {"card": card.label, "critter": critters[0].label}


@step("glossary/eccentric-x", "{card} has Eccentric {x}: opponents need +{x} wild power to confront its Problem")
def eccentric(board: Board, card: Card, player: int, extra: list, x) -> dict | None:
    if x and card.controller != player:
        from rulebase.engine.ccg.cards import Need

        extra.append(Need(x))
        return {"card": card.label, "x": x}


@check("glossary/stubborn", "while exhausted, a Stubborn character contributes its power to faceoffs and confronting")
def stubborn(table, card: Card):
    if card.exhausted and (has(card, "Stubborn") or _given(table, card, "Stubborn")):
        return Allowed(f"{card} is exhausted but Stubborn: while exhausted, it contributes its power")


def _given(table, card: Card, keyword: str) -> bool:
    """Whether text gives ``card`` ``keyword`` (``table`` a board; a
    table without one knows of no text)."""
    if getattr(table, "play", None) is None:
        return False
    from rulebase.engine.ccg.abilities import continuous

    return continuous.gives(table, card, keyword)


@step("glossary/hasty", "{card} has Hasty: it may be played as an Immediate action, any time its player has priority "
                        "(512.5)")
def hasty(board: Board, card: Card):
    if has(card, "Hasty"):
        return {"card": card.label}


# -- triggered meanings -------------------------------------------------------------------


@step("glossary/calming-x", "{friend} enters play at the area of {other} (Calming {x}): it gets -{x} power until the end of the turn")
def calming(board: Board, card: Card, other: Card, x):
    """Calming X: when an opposing Friend enters play here, it gets -X power
    until the end of the turn."""
    if card.type == CardType.FRIEND and x and other.controller != card.controller and card.zone == Zone.PLAY:
        card.modifiers.append(-x)
        return {"friend": card.label, "other": other.label, "x": x}


@check("glossary/studious", "a player gains one action token from Studious cards in a faceoff")
def studious_once(board: Board, current, winner: int):
    if winner in current.studious:
        return f"{board.name(winner)} already gained an action token from a Studious card this faceoff"


@step("glossary/studious", "{player} wins a faceoff involving {card} (Studious): gains an action token")
def studious(board: Board, current, winner: int, card: Card):
    current.studious.add(winner)
    board.players[winner].tokens += 1
    return {"player": board.name(winner), "card": card.label}


@step("glossary/diligent-x", "{player} wins a faceoff involving {card} (Diligent {x}): {x} +1 power counters are put on it")
def diligent(board: Board, winner: int, card: Card, x):
    if x and card.zone == Zone.PLAY and not card.face_down:
        card.counters += x
        return {"player": board.name(winner), "card": card.label, "x": x}


@step("glossary/prepared", "{card} is Prepared and an opponent started a faceoff here: {player} gains 1 action token")
def prepared(board: Board, card: Card, starter: int, areas: tuple):
    if card.controller != starter and card.zone == Zone.PLAY and card.area in areas:
        board.players[card.controller].tokens += 1
        return {"card": card.label, "player": board.name(card.controller)}


@step("glossary/villain", "{card} is a Villain: each Friend at its Problem is frightened: {friends}")
def villain_frightens(board: Board, card: Card):
    from rulebase.engine.ccg import status

    frightened = []
    for friend in [c for c in board.play if c.area == card.area and c.type == CardType.FRIEND]:
        if status.not_yet_frightened.allows(board, friend):
            status.frighten(board, friend)
            frightened.append(friend.label)
    if frightened:
        return {"card": card.label, "friends": ", ".join(frightened)}


def carry_out(board: Board, card: Card, ability: Ability, happened) -> None:
    """Carry out the triggered effect of a keyword ability of ``card``,
    created by ``happened`` (712.2: as it was then), by its keyword's unit."""
    keyword, x = ability.keyword, ability.x
    if keyword == "Calming":
        calming(board, happened.get("card"), card, x)
    elif keyword == "Diligent":
        diligent(board, happened.get("player"), card, x)
    elif keyword == "Studious":
        current, winner = happened.get("faceoff"), happened.get("player")
        if studious_once.allows(board, current, winner):
            studious(board, current, winner, card)
    elif keyword == "Prepared":
        prepared(board, card, happened.get("player"), happened.get("areas"))
    elif keyword == "Villain":
        villain_frightens(board, card)


UNITS = {"Swift": swift, "Showy": showy, "Competitive": competitive, "Supportive": supportive,
         "Caretaker": caretaker, "Eccentric": eccentric, "Stubborn": stubborn, "Calming": calming,
         "Diligent": diligent, "Studious": studious, "Prepared": prepared, "Villain": villain_frightens,
         "Hasty": hasty}
"""The unit that carries out each keyword the engine plays, under its glossary entry."""
