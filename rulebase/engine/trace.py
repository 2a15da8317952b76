"""The trace: every rule check and every rule-driven step an engine performs,
each with the number of the rule it applies.

Only the units of a rulebook (:mod:`rulebase.engine.rulebook`) record that a
rule decided something (a ``step``, ``check``, ``refusal`` or ``allowed``);
the engine itself only adds notes, decisions and chance.  A step is recorded
with a message template and its values, and formatted only when read, so
that a simulation that switches the trace off pays almost nothing for it:

>>> trace = Trace()
>>> trace.record("604.1b", STEP, "{player} receives {n} action tokens", player="Alice", n=3)
>>> trace.note("601.1", "turn {n} is divided into phases and steps", n=3)
>>> [str(step) for step in trace]
['604.1b: Alice receives 3 action tokens', '601.1: turn 3 is divided into phases and steps']
>>> trace.rules(), trace.deciding()
(['604.1b', '601.1'], ['604.1b'])
"""

from __future__ import annotations

from dataclasses import dataclass, field

STEP = "step"
CHECK = "check"
REFUSAL = "refusal"
ALLOWED = "allowed"
NOTE = "note"
DECISION = "decision"
CHANCE = "chance"
KINDS = (STEP, CHECK, REFUSAL, ALLOWED, NOTE, DECISION, CHANCE)

DECIDING = frozenset({STEP, CHECK, REFUSAL})
"""The kinds of step in which a rule decided something: it made something
happen, kept the game from doing something, or refused an action."""


@dataclass(frozen=True)
class Step:
    """One entry of a trace.

    ``rule`` is a rule number (``604.1b``) or a glossary key
    (``glossary/swift``), or ``None`` for a player's decision; ``kind`` is
    one of ``step`` (the rules made something happen), ``check`` (the rules
    were consulted and decided something), ``refusal`` (an action was refused),
    ``decision`` (a player chose) and ``chance`` (a shuffle or random choice).
    """

    rule: str | None
    kind: str
    template: str
    values: dict = field(default_factory=dict)

    @property
    def text(self) -> str:
        """The step in words."""
        return self.template.format(**self.values) if self.values else self.template

    @property
    def decided(self) -> bool:
        """Whether the rule decided something in this step."""
        return self.rule is not None and self.kind in DECIDING

    def __str__(self) -> str:
        return f"{self.rule}: {self.text}" if self.rule else self.text


def _step(rule: str | None, kind: str, template: str, values: dict) -> Step:
    """A :class:`Step` made as the trace records one (thousands a game), its
    fields written straight into it rather than through a frozen
    dataclass's ``__init__``."""
    step = _new(Step)
    fields = step.__dict__
    fields["rule"] = rule
    fields["kind"] = kind
    fields["template"] = template
    fields["values"] = values
    return step


_new = object.__new__


class Trace:
    """An ordered record of steps; ``enabled=False`` records nothing."""

    def __init__(self, enabled: bool = True):
        self.enabled = enabled
        self.steps: list[Step] = []

    def record(self, rule: str | None, kind: str, template: str, **values) -> None:
        """Record a step of ``kind`` (one of :data:`KINDS`)."""
        if self.enabled:
            self.steps.append(_step(rule, kind, template, values))

    def note(self, rule: str, template: str, **values) -> None:
        """Record that rule ``rule`` was consulted without deciding anything."""
        if self.enabled:
            self.steps.append(_step(rule, NOTE, template, values))

    def decision(self, template: str, rule: str | None = None, **values) -> None:
        """Record a player's decision."""
        if self.enabled:
            self.steps.append(_step(rule, DECISION, template, values))

    def chance(self, template: str, rule: str | None = None, **values) -> None:
        """Record the outcome of a shuffle or another random choice."""
        if self.enabled:
            self.steps.append(_step(rule, CHANCE, template, values))

    def quiet(self) -> "_Quiet":
        """Record nothing inside the block (to ask the rules a question
        without the asking being part of the game)."""
        return _Quiet(self)

    def __iter__(self):
        return iter(self.steps)

    def __len__(self) -> int:
        return len(self.steps)

    def since(self, mark: int) -> list[Step]:
        """The steps recorded after ``mark`` (a previous ``len(trace)``)."""
        return self.steps[mark:]

    def rules(self, steps: list[Step] | None = None) -> list[str]:
        """The rules cited, in order of first appearance."""
        seen: dict[str, None] = {}
        for step in self.steps if steps is None else steps:
            if step.rule:
                seen.setdefault(step.rule, None)
        return list(seen)

    def deciding(self, steps: list[Step] | None = None) -> list[str]:
        """The rules that decided something, in order of first appearance."""
        return self.rules([step for step in (self.steps if steps is None else steps) if step.decided])

    def copy(self) -> "Trace":
        other = Trace(self.enabled)
        other.steps = list(self.steps)
        return other


class _Quiet:
    """The block of :meth:`Trace.quiet`: the trace is switched off inside it
    and back as it was after (a plain context manager, as the legal actions
    of every decision are asked inside one)."""

    __slots__ = ("trace", "enabled")

    def __init__(self, trace: Trace):
        self.trace = trace

    def __enter__(self) -> Trace:
        self.enabled = self.trace.enabled
        self.trace.enabled = False
        return self.trace

    def __exit__(self, *exception) -> None:
        self.trace.enabled = self.enabled
