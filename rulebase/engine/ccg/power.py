"""Power (507): a card's power with its modifiers and the continuous
abilities that change it (among them the keywords Competitive, Supportive and
Caretaker, :mod:`~rulebase.engine.ccg.abilities.continuous`), whether it
contributes (Stubborn), and a player's power of a color.

A power is computed with the rules that shaped it, each a unit:
:func:`power_parts` is asked the power of a character as it contributes to
a faceoff or a confront, and records the units that shaped it in the
board's trace, as they decide the power the game goes on with (on a board
whose trace records nothing, it returns them as ``(rule, words)`` steps
instead).  A rule switched off on the board does not shape the power.
"""

from __future__ import annotations

from contextlib import contextmanager

from rulebase.engine.ccg.abilities import continuous
from rulebase.engine.ccg.abilities.keywords import stubborn
from rulebase.engine.ccg.board import Board, Card
from rulebase.engine.ccg.cards import CardType, Color
from rulebase.engine.ccg.rules import check, step
from rulebase.engine.rulebook import Allowed, Table
from rulebase.engine.trace import Trace

_SILENT = Trace(enabled=False)

_WORKING: dict[tuple[int, int], Power] = {}
"""The powers being worked out, by board and card: a modifier whose
selector asks the printed power of the card whose power it changes reads
it from here rather than working the power out again (507.4)."""


@contextmanager
def _working(board: Board, card: Card, power: Power):
    """While ``power``, the card's power, is being worked out."""
    key = (id(board), card.id)
    outer = _WORKING.get(key)
    _WORKING[key] = power
    try:
        yield
    finally:
        if outer is None:
            del _WORKING[key]
        else:
            _WORKING[key] = outer


class Power:
    """A card's power being worked out: the table its units are asked at,
    with a trace of its own (the steps that shaped it) and the board's rules
    switched off."""

    __slots__ = ("board", "card", "off", "total", "trace", "recorded")

    def __init__(self, board: Board, card: Card, explain: bool):
        self.board = board
        self.card = card
        self.total: int | None = None
        self.recorded = explain and board.trace.enabled
        self.trace = board.trace if self.recorded else Trace() if explain else _SILENT
        self.off = board.off

    def parts(self) -> list[tuple[str, str]]:
        """The steps that shaped the power, when not recorded in the board's
        trace."""
        return [] if self.recorded else [(entry.rule, entry.text) for entry in self.trace]


def _none_of_its_own() -> continuous.Index:
    """The abilities of a card in play that lost them ("That Friend loses
    and can't gain abilities"): none of its own, so its own modifiers of
    its power stop (702.1), while the modifiers other cards' abilities
    generate go on reaching it, the one taking its abilities away among
    them ("That Friend has +1 power")."""
    empty = continuous.Index.__new__(continuous.Index)
    empty.own, empty.outward, empty.replacing, empty.triggered = {}, {}, {}, {}
    empty.activated, empty.acts, empty.ordered = (), False, False
    return empty


_LOST = _none_of_its_own()


# -- what shapes a power ---------------------------------------------------------------


@check("505.1b", "face-down cards have no power; this is not the same as having a power of zero")
def has_power(power: Power):
    if power.card.face_down:
        return f"{power.card} is face-down and has no power"


@check("202.1", "a card's power is the value printed on it")
def printed_power(power: Power):
    value = power.card.info.power
    if value is not None:
        return Allowed(f"{power.card}'s power is the value printed on it: {value}")


@step("519.4", "{card} has {n} +1 power counter{s}")
def power_counters(power: Power):
    card = power.card
    if card.counters:
        power.total += card.counters
        return {"card": card.label, "n": card.counters, "s": "s" * (card.counters != 1)}


@step("507.1", "{card} has {amount:+d} power from a modifier")
def power_modifier(power: Power, amount: int):
    power.total += amount
    return {"card": power.card.label, "amount": amount}


@check("708.1", "continuous modifiers affect the game over a period of time")
def lasting(power: Power):
    n = len(power.card.modifiers)
    return Allowed(f"{power.card} has {n} continuous modifier{'s' * (n != 1)} of its power created earlier: "
                   f"{'they affect' if n != 1 else 'it affects'} the game over a period of time")


def _definite(power: Power) -> list[int]:
    """The amounts of the modifiers instructions gave the card's power for
    a while ("gets +2 power until the end of the turn") that affect it now
    (708.1; recorded as deciding when the power is explained); none with
    the rule switched off."""
    verdict = lasting.verdict(power)
    if verdict is None:
        return []
    if power.recorded:
        lasting.judge(power, verdict)
    return power.card.modifiers


def power_parts(board: Board, card: Card, explain: bool = True) -> tuple[int | None, list[tuple[str, str]]]:
    """The power a card contributes (``None`` for a card with no power); when
    ``explain``, the units that shaped it are recorded in the board's trace,
    or returned as ``(rule, words)`` steps when it records nothing (an
    exhausted character contributes by the Stubborn keyword, recorded as
    allowing it)."""
    power = Power(board, card, explain)
    with _working(board, card, power):
        return _shaped(board, card, power, explain)


def _shaped(board: Board, card: Card, power: Power, explain: bool) -> tuple[int | None, list[tuple[str, str]]]:
    """The power of :func:`power_parts`, worked out on ``power``."""
    if card.face_down and not has_power.allows(power):
        return None, power.parts()
    if power.recorded and card.exhausted and card.in_play:
        stubborn(board, card)
    base = card.info.power
    if base is None or printed_power.verdict(power) is None:
        return None, power.parts()
    if power.recorded:
        printed_power(power)
    power.total = base
    found = continuous.side(card) if card.in_play else None
    if found is None and card.in_play and not card.face_down:
        if power.recorded and continuous.index(card.info).own:
            continuous.loses_abilities(board, card)  # its own modifiers of its power stop (702.1)
        found = _LOST
    if found is not None and continuous.unchanging_power(power):
        return power.total, power.parts() if explain else []
    if found is not None and (found.ordered or continuous.reached_in_order(board, card)):
        extras = [continuous.Applied(card, True, f"{card.counters} +1 power counter{'s' * (card.counters != 1)}",
                                     lambda: power_counters(power))] if card.counters else []
        extras += [continuous.Applied(card, True, f"a modifier of {amount:+d} power",
                                      lambda amount=amount: power_modifier(power, amount))
                   for amount in (_definite(power) if card.modifiers else ())]
        continuous.shape_in_order(power, found, extras)
        return power.total, power.parts() if explain else []
    if card.counters:
        power_counters(power)
    if card.modifiers:
        for amount in _definite(power):
            power_modifier(power, amount)
    if found is not None:
        continuous.shape_power(power, found)
    return power.total, power.parts() if explain else []


def power_before(board: Board, card: Card, timestamp: tuple) -> int | None:
    """The card's power as the modifiers created before ``timestamp`` make
    it (711.3: what a modifier applied in timestamp order sees), nothing
    recorded; not worked out once (:func:`power`), as it differs by
    timestamp."""
    if card.face_down or card.info.power is None:
        return None
    total = Power(board, card, explain=False)
    total.total = card.info.power
    found = continuous.side(card) if card.in_play else None
    if found is None and card.in_play:
        found = _LOST
    if found is None:
        return total.total + card.counters + sum(_definite(total) if card.modifiers else ())
    with _working(board, card, total):
        return _shaped_before(board, card, total, found, timestamp)


def _shaped_before(board: Board, card: Card, total: Power, found, timestamp: tuple) -> int | None:
    """The power of :func:`power_before`, worked out on ``total``."""
    if continuous.unchanging_power(total):
        return total.total
    extras = [continuous.Applied(card, True, "counters", lambda: power_counters(total))] if card.counters else []
    extras += [continuous.Applied(card, True, "a modifier", lambda amount=amount: power_modifier(total, amount))
               for amount in (_definite(total) if card.modifiers else ())]
    continuous.shape_in_order(total, found, extras, before=timestamp)
    return total.total


def power(board: Board, card: Card) -> int | None:
    """The card's power (507.1), which may be negative while calculated;
    worked out once while the board is asked about (:meth:`Board.asking`)."""
    memo = board.memo
    if memo is None:
        return power_parts(board, card, explain=False)[0]
    key = ("power", card.id)
    if key not in memo:
        memo[key] = power_parts(board, card, explain=False)[0]
    return memo[key]


def counted(value: int | None) -> int:
    """A power as it counts in a total: no power and negative values count
    as zero (105.2)."""
    return max(0, value or 0)


# -- what contributes -------------------------------------------------------------------


@check("505.1b", "frightened, face-down cards have no color or power to contribute")
def contributes_face_up(board: Board, card: Card):
    if card.frightened or card.face_down:
        return f"{card} is frightened: face-down, it has no color or power"


@check("503.5", "exhausted cards do not contribute their power to faceoffs or to confronting problems")
def contributes_ready(table, card: Card):
    if card.exhausted:
        if isinstance(stubborn.verdict(table, card), Allowed):
            return Allowed(f"{card} is exhausted but Stubborn: it contributes its power")
        return f"{card} is exhausted and does not contribute its power"


_ALL_RULES = Table(trace=_SILENT)
"""A table with no rule switched off, for callers without a board."""


def contribution_blocker(card: Card, board: Board | None = None) -> tuple[str, str] | None:
    """Why a character does not contribute its power to faceoffs and
    confronting, as ``(rule, words)``, or ``None`` when it does; nothing is
    recorded.  With ``board``, the rules it switches off are off."""
    table = board if board is not None else _ALL_RULES
    for unit in (contributes_face_up, contributes_ready):
        verdict = unit.verdict(table, card)
        if verdict is not None and not isinstance(verdict, Allowed):
            return unit.number, verdict
    return None


def power_of_color(board: Board, player: int, color: Color) -> int:
    """A player's power of a color: the combined power of the characters the
    player controls in play of that color (507.3), negative values as zero;
    worked out once while the board is asked about (:meth:`Board.asking`)."""
    memo = board.memo
    if memo is not None:
        key = ("color", player, color)
        found = memo.get(key)
        if found is None:
            found = memo[key] = sum(counted(power(board, c)) for c in board.play
                                    if c.controller == player and c.is_character and _of_color(board, c, color))
        return found
    return sum(counted(power(board, c)) for c in board.play
               if c.controller == player and c.is_character and _of_color(board, c, color))


def _of_color(board: Board, card: Card, color: Color) -> bool:
    """Whether a card is of a color: its own, or given by power of that
    color a continuous modifier gives it (203.2)."""
    return color in card.colors or color in continuous.given_colors(board, card)


@step("507.2", "{player}'s power{where} is {total}: the combined power of the characters they control{there}")
def combined_power_of_player(board: Board, player: int, cards: list, found: list, where: str = ""):
    total = sum(counted(power(board, c)) for c in cards)
    found.append(total)
    return {"player": board.name(player), "where": f" at {where}" if where else "", "total": total,
            "there": " there" if where else " in play"}


def player_power(board: Board, player: int) -> int:
    """A player's power: the combined power of his characters in play
    (507.2), as asked without deciding anything (see :func:`power_of_player`)."""
    return sum(counted(power(board, c)) for c in board.play if c.controller == player and c.is_character)


def power_of_player(board: Board, player: int, cards: list, where: str = "") -> int:
    """A player's power as card text asks it while the game goes on: the
    combined power of ``cards``, his characters (at the place ``where``
    names), by the step of 507.2; 0 with the rule switched off."""
    found: list = []
    combined_power_of_player(board, player, cards, found, where)
    return found[0] if found else 0


@check("507.4", "a card's printed power is the power value printed on it, regardless of any modifiers")
def printed_value(board: Board, card: Card, current: int | None):
    return Allowed(f"{card}'s printed power is {card.info.power}, the value printed on it, though its power is "
                   f"{current}")


def printed_power_of(board: Board, card: Card) -> int | None:
    """A card's printed power (507.4): the value printed on it, whatever
    modifies its power; recorded as the rule deciding when the two differ.
    With the rule switched off, its power with the modifiers.  Asked while
    the card's own power is being worked out (a modifier whose selector
    reads the printed power of the cards it changes), the power it is
    compared with is the power worked out so far: the value printed on it
    is read without the modifier asking, never by working the power out
    again."""
    working = _WORKING.get((id(board), card.id))
    if working is not None:
        current = working.total if working.total is not None else card.info.power
    else:
        current = power(board, card) if card.in_play else card.info.power
    if current == card.info.power:
        return current
    if printed_value.verdict(board, card, current) is None:
        return current
    printed_value(board, card, current)
    return card.info.power
