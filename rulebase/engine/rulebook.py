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
import inspect
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

    def __init__(self, reason: str):
        # Written straight into the instance: checks allow thousands of
        # candidate actions a game, and a frozen dataclass's own __init__
        # goes through object.__setattr__.
        self.__dict__["reason"] = reason


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

        def register(function: Callable) -> Callable:
            return check_unit(self._register(number, CHECK_UNIT, summary, function, waiting))

        return register

    def check_under_each(self, numbers, summary: str, waiting: bool = False):
        """Register one check under each rule of ``numbers`` (for a concern,
        like an action out of turn, that the rule of the decision at hand
        refuses); the decorated function becomes a ``dict`` of rule number ->
        check (:func:`check_unit`), each unit named after the function."""

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

        def register(function: Callable) -> Callable:
            return step_unit(self._register(number, STEP_UNIT, template, function), template)

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


# -- the units as the engine calls them ---------------------------------------------
#
# A unit is called thousands of times a game (every legal action is asked of
# every check that could refuse it), so what the engine calls is a plain
# function with the wrapped function's own parameters: it asks whether the
# rule is switched off, calls the function, and leaves the rare work (writing
# to the trace, refusing) to a helper.  A function with other kinds of
# parameters (``*args``, keyword-only) gets a wrapper that passes on
# whatever it is given.

_CALLS = {
    CHECK_UNIT: """
def _make(_number, _function, _judged{defaults}):
    def unit({parameters}):
        if _number in {table}.off:
            return None
        _verdict = _function({arguments})
        if _verdict is not None:
            _judged({table}, _verdict)
    return unit
""",
    STEP_UNIT: """
def _make(_number, _function, _done{defaults}):
    def unit({parameters}):
        if _number in {table}.off:
            return None
        _values = _function({arguments})
        if _values is not None:
            _done({table}, _values)
        return _values
    return unit
""",
    "verdict": """
def _make(_number, _function, _finish{defaults}):
    def unit({parameters}):
        if _number in {table}.off:
            return None
        return _function({arguments})
    return unit
""",
}


def _signature(function: Callable) -> tuple[str, str, str, dict] | None:
    """The parameters of a wrapper that passes its arguments on to
    ``function`` as they came, the call that does, the name of the table
    and the defaults (``None`` when ``function`` has parameters other than
    plain named ones, or names the wrapper needs for itself)."""
    try:
        parameters = list(inspect.signature(function, follow_wrapped=False).parameters.values())
    except (TypeError, ValueError):  # pragma: no cover - a builtin or another callable without a signature
        return None
    if not parameters or any(p.kind is not inspect.Parameter.POSITIONAL_OR_KEYWORD or p.name.startswith("_")
                             or not p.name.isidentifier() for p in parameters):
        return None
    defaults = {f"_default{index}": p.default for index, p in enumerate(parameters) if p.default is not p.empty}
    listed = ", ".join(p.name if p.default is p.empty else f"{p.name}=_default{index}"
                       for index, p in enumerate(parameters))
    return listed, ", ".join(p.name for p in parameters), parameters[0].name, defaults


def _callable(unit: Unit, finish: Callable, kind: str | None = None) -> Callable:
    """The function the engine calls for ``unit``: ``finish(table, result)``
    is called when the wrapped function returns something.  ``kind``
    ``"verdict"``: a function that only answers what the wrapped one
    returns (``None`` when the rule is off)."""
    number, function = unit.number, unit.function
    kind = kind or unit.kind
    shape = _signature(function)
    if shape is None:
        if kind == "verdict":
            def call(table, *args, **kwargs):
                if number in table.off:
                    return None
                return function(table, *args, **kwargs)
        elif kind == CHECK_UNIT:
            def call(table, *args, **kwargs):
                if number in table.off:
                    return None
                verdict = function(table, *args, **kwargs)
                if verdict is not None:
                    finish(table, verdict)
        else:
            def call(table, *args, **kwargs):
                if number in table.off:
                    return None
                values = function(table, *args, **kwargs)
                if values is not None:
                    finish(table, values)
                return values
    else:
        parameters, arguments, table, defaults = shape
        source = _CALLS[kind].format(parameters=parameters, arguments=arguments, table=table,
                                          defaults="".join(f", {name}" for name in defaults))
        namespace: dict = {}
        exec(compile(source, f"<rule {number} {kind}: {unit.name}>", "exec"), namespace)
        call = namespace["_make"](number, function, finish, *defaults.values())
    functools.update_wrapper(call, function)
    call.unit = unit
    call.number = number
    return call


def refusal(rule: str, reason: str, unit: str) -> IllegalAction:
    """``IllegalAction(rule, reason, unit=unit)``, made without going through
    the exception classes' ``__init__`` chain: the legal actions of every
    decision are found by letting checks refuse the candidates, thousands of
    refusals a game.  The same exception, to the last attribute."""
    error = _new_exception(IllegalAction)
    error.args = (f"{rule}: {reason}",)
    error.rule = rule
    error.reason = reason
    error.unit = unit
    return error


_new_exception = BaseException.__new__


def check_unit(unit: Unit) -> Callable:
    """The check the engine calls for ``unit`` (see :meth:`Rulebook.check`):
    called like the function it wraps, with ``verdict``, ``allows`` and ``judge``,
    and the ``unit`` and rule ``number`` it applies."""
    number, name = unit.number, unit.name

    def judged(table, verdict) -> None:
        trace = table.trace
        if isinstance(verdict, Allowed):
            if trace.enabled:
                trace.record(number, ALLOWED, verdict.reason)
            return
        if trace.enabled:
            trace.record(number, REFUSAL, verdict)
        raise refusal(number, verdict, name)

    verdict = _callable(unit, judged, "verdict")
    verdict.__doc__ = ("What the rule says, without recording anything: ``None``, an :class:`Allowed` or the "
                       "reason it forbids (``None`` when the rule is switched off).")

    def allows(table, *args, **kwargs) -> bool:
        """Whether the rule lets the game do something; when it does not,
        the trace records that the rule decided the game's course."""
        said = verdict(table, *args, **kwargs)
        if said is None or isinstance(said, Allowed):
            return True
        table.trace.record(number, CHECK, said)
        return False

    def judge(table, verdict) -> None:
        """Apply a verdict :meth:`verdict` gave (recording it, refusing when
        it forbids), as calling the check would, without asking again."""
        if verdict is not None:
            judged(table, verdict)

    call = _callable(unit, judged)
    call.verdict = verdict
    call.allows = allows
    call.judge = judge
    return call


def step_unit(unit: Unit, template: str) -> Callable:
    """The step the engine calls for ``unit`` (see :meth:`Rulebook.step`):
    called like the function it wraps, with its ``template``, and the
    ``unit`` and rule ``number`` it applies.  Its values are copied into
    the trace only while the trace records."""
    number = unit.number

    def done(table, values) -> None:
        trace = table.trace
        if trace.enabled:
            trace.record(number, STEP, template, **values)

    call = _callable(unit, done)
    call.template = template
    return call


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


def first_deciding(table, units) -> bool:
    """Consult ``units`` (pairs of a check and its arguments) in order until
    one rule decides: each check with something to say is applied (a
    refusal raises); ``True`` once one allows, ``False`` when none did, so
    that the caller's catch-all rule can refuse."""
    for unit, arguments in units:
        verdict = unit.verdict(table, *arguments)
        if verdict is None:
            continue
        unit.judge(table, verdict)
        if isinstance(verdict, Allowed):
            return True
    return False
