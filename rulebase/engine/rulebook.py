"""A game's rules as units the engine consults, each registered under the
number of the rule it applies.

A *check* is a function that judges whether the rules allow something: it
returns ``None`` when its rule has nothing to say, an :class:`Allowed` when
its rule applied and allows it, or the reason its rule forbids it.  A *step*
is a function that makes something happen because a rule says so: it
returns the values of its message (a ``dict``), or ``None`` when nothing
happened.  The engine calls units, never raises a rule's refusal itself, so
that every rule of the engine is one registered unit:

>>> book = Rulebook("example")
>>> @book.check("506.2", "a card can't be moved to its current area")
... def current_area(table, card, area):
...     if card == area:
...         return f"{card} is already there"
>>> @book.step("604.1b", "{player} receives {n} action tokens")
... def receive(table, player, n, tokens):
...     tokens[player] = n
...     return {"player": player, "n": n}
>>> table, tokens = Table(), {}
>>> receive(table, "Alice", 3, tokens)
{'player': 'Alice', 'n': 3}
>>> tokens
{'Alice': 3}
>>> current_area(table, "home", "home")
Traceback (most recent call last):
rulebase.engine.errors.IllegalAction: 506.2: home is already there
>>> [str(step) for step in table.trace]
['604.1b: Alice receives 3 action tokens', '506.2: home is already there']

Every rule can be switched off by its number (the knock-out audit does, to
see whether a scenario depends on it): its checks then allow everything and
its steps do nothing.

>>> table, tokens = Table(off={"506.2", "604.1b"}), {}
>>> current_area(table, "home", "home"); receive(table, "Alice", 3, tokens); tokens, len(table.trace)
({}, 0)
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from rulebase.engine.errors import EngineError, IllegalAction
from rulebase.engine.trace import ALLOWED, CHECK, REFUSAL, STEP, Trace

CHECK_UNIT = "check"
STEP_UNIT = "step"

_NUMBER = re.compile(r"^(?:\d{3}(?:\.\d+(?:\.\d+)?[a-z]?(?:\.[ivx]+)?)?|glossary/[a-z0-9-]+)$")


class RulebookError(EngineError):
    """Raised when a unit is registered wrongly (a malformed rule number, the
    same function twice) or a table switches off a rule the book lacks."""


@dataclass(frozen=True)
class Allowed:
    """What a check returns when its rule applied to an action and allows it
    (``"Alice has 2 blue power; the card requires 2"``)."""

    reason: str


@dataclass
class Table:
    """The least a unit needs of a game: its trace and the rules switched
    off.  A game's board provides both."""

    trace: Trace = field(default_factory=Trace)
    off: frozenset | set = frozenset()


@dataclass(frozen=True)
class Unit:
    """One rule check or rule-driven step, under its rule number."""

    number: str
    kind: str
    summary: str
    name: str
    function: Callable = field(repr=False, compare=False)
    waiting: bool = False
    """A check that refuses an action only because the game waits for
    another decision now: it judges when, not what."""


class Rulebook:
    """The units of one game's engine, by rule number."""

    def __init__(self, game: str):
        self.game = game
        self._units: dict[str, list[Unit]] = {}
        self._by_name: dict[str, Unit] = {}

    # -- registering ------------------------------------------------------------

    def _register(self, number: str, kind: str, summary: str, function: Callable, waiting: bool = False) -> Unit:
        if not _NUMBER.match(number):
            raise RulebookError(f"{function.__module__}.{function.__qualname__}: {number!r} is not a rule number")
        unit = Unit(number, kind, summary, f"{function.__module__}.{function.__qualname__}", function, waiting)
        self._by_name[unit.name] = unit
        units = self._units.setdefault(number, [])
        if any(other.name == unit.name for other in units):
            raise RulebookError(f"{unit.name} is registered twice under {number}")
        units.append(unit)
        return unit

    def check(self, number: str, summary: str, waiting: bool = False):
        """Register a check of rule ``number``; the decorated function is
        called with the table first and returns ``None``, an
        :class:`Allowed` or the reason the rule forbids it.

        Calling the result refuses (records the refusal in the trace and
        raises :class:`~rulebase.engine.errors.IllegalAction`); its
        ``allows`` method instead answers ``True`` or ``False``, recording a
        prevention as the rule having decided the game's course.
        ``waiting`` marks a check that refuses only because the game waits
        for another decision now."""

        def register(function: Callable) -> CheckUnit:
            return CheckUnit(self._register(number, CHECK_UNIT, summary, function, waiting))

        return register

    def check_under_each(self, numbers, summary: str, waiting: bool = False):
        """Register one check under each rule of ``numbers`` (for a concern,
        like an action out of turn, that the rule of the decision at hand
        refuses); the decorated function becomes a ``dict`` of rule number ->
        :class:`CheckUnit`, each unit named after the function."""

        def register(function: Callable) -> dict:
            units = {}
            name = function.__name__.lstrip("_")
            for number in sorted(set(numbers)):
                def judge(table, *args, function=function, **kwargs):
                    return function(table, *args, **kwargs)

                judge.__name__ = judge.__qualname__ = name
                judge.__module__ = function.__module__
                judge.__doc__ = summary
                units[number] = self.check(number, summary, waiting)(judge)
            return units

        return register

    def step(self, number: str, template: str):
        """Register a step of rule ``number``; the decorated function is
        called with the table first, does what the rule says and returns the
        values of ``template`` (or ``None`` when nothing happened), which is
        recorded in the trace."""

        def register(function: Callable) -> StepUnit:
            return StepUnit(self._register(number, STEP_UNIT, template, function), template)

        return register

    # -- reading ----------------------------------------------------------------

    def __contains__(self, number: str) -> bool:
        return number in self._units

    def __iter__(self):
        for number in sorted(self._units, key=sort_key):
            yield from self._units[number]

    def __len__(self) -> int:
        return sum(len(units) for units in self._units.values())

    def numbers(self) -> list[str]:
        """Every rule number with a unit, in the rules' order."""
        return sorted(self._units, key=sort_key)

    def unit(self, name: str) -> Unit | None:
        """The unit of a qualified function name (as an
        :class:`~rulebase.engine.errors.IllegalAction` names it)."""
        return self._by_name.get(name)

    def units(self, number: str) -> list[Unit]:
        """The units registered under ``number``."""
        return list(self._units.get(number, ()))

    def switch_off(self, numbers) -> frozenset:
        """The set of rules to switch off, each checked to be in the book."""
        numbers = frozenset(numbers)
        unknown = sorted(numbers - set(self._units), key=sort_key)
        if unknown:
            raise RulebookError(f"the {self.game} rulebook has no unit for {', '.join(unknown)}, so it can't switch it off")
        return numbers


def sort_key(number: str) -> tuple:
    """Rules in their document order: ``102.2 < 102.10 < 514.4a < glossary/...``."""
    if number.startswith("glossary/"):
        return (1, number)
    parts = re.findall(r"\d+|[a-z]+", number)
    return (0, tuple((0, int(part), "") if part.isdigit() else (1, 0, part) for part in parts))


class CheckUnit:
    """A registered check, called like the function it wraps."""

    def __init__(self, unit: Unit):
        self.unit = unit
        self.number = unit.number
        self._function = unit.function
        functools.update_wrapper(self, unit.function)

    def verdict(self, table, *args, **kwargs):
        """What the rule says, without recording anything: ``None``, an
        :class:`Allowed` or the reason it forbids (``None`` when the rule is
        switched off)."""
        if self.number in table.off:
            return None
        return self.unit.function(table, *args, **kwargs)

    def __call__(self, table, *args, **kwargs) -> None:
        if self.number in table.off:
            return
        verdict = self._function(table, *args, **kwargs)
        if verdict is None:
            return
        if isinstance(verdict, Allowed):
            table.trace.record(self.number, ALLOWED, verdict.reason)
            return
        table.trace.record(self.number, REFUSAL, verdict)
        raise IllegalAction(self.number, verdict, unit=self.unit.name)

    def allows(self, table, *args, **kwargs) -> bool:
        """Whether the rule lets the game do something; when it does not,
        the trace records that the rule decided the game's course."""
        verdict = self.verdict(table, *args, **kwargs)
        if verdict is None or isinstance(verdict, Allowed):
            return True
        table.trace.record(self.number, CHECK, verdict)
        return False

    def __repr__(self) -> str:
        return f"<check {self.number} {self.unit.name}>"


class StepUnit:
    """A registered step, called like the function it wraps."""

    def __init__(self, unit: Unit, template: str):
        self.unit = unit
        self.number = unit.number
        self.template = template
        self._function = unit.function
        functools.update_wrapper(self, unit.function)

    def __call__(self, table, *args, **kwargs):
        if self.number in table.off:
            return None
        values = self._function(table, *args, **kwargs)
        if values is None:
            return None
        table.trace.record(self.number, STEP, self.template, **values)
        return values

    def __repr__(self) -> str:
        return f"<step {self.number} {self.unit.name}>"


def legal(table, candidates, check: Callable[[object], None]) -> list:
    """The candidates ``check`` lets through: the legal actions of a decision
    are the possible ones its rule checks do not refuse, asked quietly (the
    asking is not part of the game's record)."""
    found = []
    with table.trace.quiet():
        for candidate in candidates:
            try:
                check(candidate)
            except IllegalAction:
                continue
            found.append(candidate)
    return found
