"""Running scenarios against a game's engine, whatever the game.

A game plugs in with a *binding* (see :class:`Binding`): it names the rules
document its citations refer to and opens a *session* per scenario, which
sets up the board from the ``Given`` facts, carries out the ``When``
actions and judges the ``Then`` expectations.  The runner does the rest, and
only reads the engine's trace, never writes into it:

- a refused action must be expected (``the action is refused by 506.2``),
  by the rule that refused it and, when the scenario says why
  (``... because it is already there``), for that reason;
- every expectation must hold;
- every rule the scenario cites must have *decided* something in the game
  the scenario plays (once its ``Given`` facts have set up the board): made
  something happen, kept the game from doing something, refused an action,
  or applied to a player's action and allowed it.  A rule the engine merely
  consulted, or one applied while the board was set up, confirms nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Protocol

from rulebase.engine.errors import EngineError, RuleViolation
from rulebase.engine.trace import ALLOWED, NOTE, Trace
from rulebase.scenarios.model import Node, Scenario, ScenarioError, ScenarioFile

REFUSED = "refused"


class Session(Protocol):
    """One scenario being run by a game's engine."""

    trace: Trace

    def given(self, fact: Node) -> None:
        """Add a fact of the setup."""

    def act(self, action: Node) -> str | None:
        """Carry out an action; raise a
        :class:`~rulebase.engine.errors.RuleViolation` when the rules refuse
        it.  May return how it was done, when not plainly."""

    def expect(self, expectation: Node) -> str | None:
        """``None`` when the expectation holds, else what was found instead."""


class Binding(Protocol):
    """What a game gives the scenario runner."""

    game: str

    def document(self, graph) -> str:
        """The id of the rules document the game's scenarios cite."""

    def session(self, scenario: Scenario, shared_cards: list[Node], off: frozenset = frozenset()) -> Session:
        """A session that runs ``scenario``, with the rules ``off`` switched
        off (see :mod:`rulebase.engine.rulebook`)."""

    def waiting(self, unit: str | None) -> bool:
        """Whether the rule unit ``unit`` refuses an action only because the
        game waits for another decision (not for what the action is)."""


@dataclass
class Mark:
    """A statement of the scenario and the trace steps it led to."""

    statement: Node
    block: str
    start: int
    end: int
    outcome: str = ""


@dataclass
class Result:
    """The outcome of running one scenario."""

    scenario: Scenario
    failures: list[str] = field(default_factory=list)
    error: ScenarioError | None = None
    trace: Trace = field(default_factory=Trace)
    marks: list[Mark] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    off: frozenset = frozenset()
    shared_cards: list[Node] = field(default_factory=list)
    hints: list[str] = field(default_factory=list)
    """What the writer may have meant otherwise (a real card named without
    its definition, played without its text), shown with a failure."""

    @property
    def passed(self) -> bool:
        return not self.failures and self.error is None

    @property
    def status(self) -> str:
        return "error" if self.error is not None else ("passed" if not self.failures else "failed")

    @property
    def applied(self) -> list[str]:
        """Every rule (and glossary entry) the engine applied or consulted."""
        return self.trace.rules()

    def action_steps(self) -> list:
        """The trace steps of the game the scenario plays: everything the
        engine did once the ``Given`` facts had set up the board (the
        harness writes nothing into the trace, so these are the engine's
        own steps, for the scenario's actions and the game going on)."""
        setup = max((mark.end for mark in self.marks if mark.block == "given"), default=0)
        return self.trace.steps[setup:]

    def deciding(self) -> dict[str, str]:
        """The rules that decided something in the scenario's actions, each
        with how (``step``, ``check`` or ``refusal``, the first of them; else
        ``allowed``)."""
        found: dict[str, str] = {}
        for step in self.action_steps():
            if step.rule and step.decided and found.get(step.rule, ALLOWED) == ALLOWED:
                found[step.rule] = step.kind
            elif step.rule and step.kind == ALLOWED:
                found.setdefault(step.rule, ALLOWED)
        return found

    @property
    def confirmed(self) -> list[str]:
        """The cited rules a passing scenario confirms."""
        if not self.passed:
            return []
        return [citation.key for citation in self.scenario.citations]


def run(scenario: Scenario, binding: Binding, shared_cards: list[Node] | None = None,
        off: frozenset = frozenset(), citations: bool = True) -> Result:
    """Run one scenario and judge it; ``off`` switches rules off (the
    knock-out audit), ``citations=False`` judges only the scenario's
    actions and expectations, not its citations."""
    result = Result(scenario, off=frozenset(off), shared_cards=list(shared_cards or []))
    try:
        session = binding.session(scenario, list(shared_cards or []), off=result.off)
        result.trace = session.trace
        result.hints = session.hints
        _run(scenario, session, result, binding)
        result.trace = session.trace
    except ScenarioError as error:
        result.error = error
        return result
    except Exception as error:  # noqa: BLE001 - an engine missing a rule it relies on: the scenario fails, said
        if not off:
            raise
        result.failures.append(f"with {', '.join(sorted(off))} switched off the engine could not go on: "
                               f"{type(error).__name__}: {error}")
        return result
    if citations:
        _judge_citations(scenario, result)
    return result


def _judge_citations(scenario: Scenario, result: Result) -> None:
    deciding = result.deciding()
    consulted = {step.rule for step in result.trace.steps if step.rule}
    noted = {step.rule for step in result.action_steps() if step.rule and step.kind == NOTE}
    for citation in scenario.citations:
        if citation.key in deciding:
            continue
        result.missing.append(citation.key)
        if citation.key in noted:
            why = "the engine consulted it during the actions, and it decided nothing"
        elif citation.key in consulted:
            why = "the engine applied it only while the board was set up"
        else:
            why = "the engine did not apply it"
        result.failures.append(f"cites {citation.key}, but {why}")


def _run(scenario: Scenario, session: Session, result: Result, binding: Binding) -> None:
    trace = session.trace
    for fact in scenario.given:
        start = len(session.trace)
        session.given(fact)
        result.marks.append(Mark(fact, "given", start, len(session.trace)))
    refusal: tuple[Node, RuleViolation] | None = None
    for block in scenario.steps:
        for statement in block.statements:
            trace = session.trace
            start = len(trace)
            mark = Mark(statement, block.kind, start, start)
            result.marks.append(mark)
            if block.kind == "when":
                if refusal is not None:
                    _unexpected(result, refusal)
                    refusal = None
                try:
                    mark.outcome = session.act(statement) or "done"
                except RuleViolation as violation:
                    refusal = (statement, violation)
                    mark.outcome = f"refused: {violation}"
                except EngineError as error:
                    mark.outcome = "failed"
                    mark.end = len(session.trace)
                    result.failures.append(f"line {statement.line}: {statement.text!r}: the game can't do this: {error}")
                    return
            elif statement.kind == REFUSED:
                found = _judge_refusal(statement, refusal, binding)
                refusal = None
                if found is None:
                    mark.outcome = "holds"
                else:
                    mark.outcome = "failed"
                    result.failures.append(f"line {statement.line}: {found}")
            else:
                found = session.expect(statement)
                if found is None:
                    mark.outcome = "holds"
                else:
                    mark.outcome = "failed"
                    result.failures.append(f"line {statement.line}: {statement.text!r}: {found}")
            mark.end = len(session.trace)
        if block.kind == "then" and refusal is not None:
            _unexpected(result, refusal)
            refusal = None
    if refusal is not None:
        _unexpected(result, refusal)


_WORD = re.compile(r"[a-z0-9]+")
_COMMON = frozenset("a an the is are be it its to of in on at by for and or not can can't cannot t s "
                    "because this that with as from was has have".split())


def reason_matches(stated: str, reason: str) -> bool:
    """Whether the reason a scenario states for a refusal is the one the
    engine gave: every significant word of it appears in the engine's reason.

    >>> reason_matches("it is already there", "a card can't be moved to its current area")
    False
    >>> reason_matches("its current area", "a card can't be moved to its current area (Bob's problem)")
    True
    """
    words = [word for word in _WORD.findall(stated.lower()) if word not in _COMMON]
    have = set(_WORD.findall(reason.lower()))
    return bool(words) and all(word in have or word.rstrip("s") in have or word + "s" in have for word in words)


def _judge_refusal(statement: Node, refusal, binding: Binding) -> str | None:
    """``None`` when the refusal the statement expects happened, else what
    happened instead."""
    wanted = str(statement.args[0])
    stated = str(statement.args[1]) if len(statement.args) > 1 else None
    if refusal is None:
        return f"expected the action to be refused by {wanted}, but it was taken"
    action, violation = refusal
    if violation.rule != wanted:
        return f"the action was refused by {violation}, not by {wanted}"
    if stated is not None:
        if not reason_matches(stated, violation.reason):
            return f"the action was refused by {wanted} because {violation.reason}, not because {stated}"
        return None
    if binding.waiting(violation.unit):
        return (f"the action was refused by {wanted} only because {violation.reason}: the refusal is about when "
                f"{action.text!r} was tried, not about the action; state the decision the game waits for first")
    return None


def _unexpected(result: Result, refusal) -> None:
    statement, violation = refusal
    result.failures.append(f"line {statement.line}: {statement.text!r} was refused: {violation}")


def run_file(scenario_file: ScenarioFile, binding_for, off: frozenset = frozenset(), citations: bool = True) -> list[Result]:
    """Run every scenario of a file; ``binding_for(game)`` gives the binding."""
    return [run(scenario, binding_for(scenario.game), scenario_file.cards, off, citations)
            for scenario in scenario_file.scenarios]
