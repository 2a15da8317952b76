"""Running scenarios against a game's engine, whatever the game.

A game plugs in with a *binding* (see :class:`Binding`): it names the rules
document its citations refer to and opens a *session* per scenario, which
sets up the board from the ``Given`` facts, carries out the ``When``
actions and judges the ``Then`` expectations.  The runner does the rest: a
refused action must be expected (``the action is refused by 506.2``), every
expectation must hold, and every rule the scenario cites must appear in the
engine's trace.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from rulebase.engine.errors import RuleViolation
from rulebase.engine.trace import Trace
from rulebase.scenarios.model import Node, Scenario, ScenarioError, ScenarioFile

REFUSED = "refused"


class Session(Protocol):
    """One scenario being run by a game's engine."""

    trace: Trace

    def given(self, fact: Node) -> None:
        """Add a fact of the setup."""

    def act(self, action: Node) -> None:
        """Carry out an action; raise a
        :class:`~rulebase.engine.errors.RuleViolation` when the rules refuse it."""

    def expect(self, expectation: Node) -> str | None:
        """``None`` when the expectation holds, else what was found instead."""


class Binding(Protocol):
    """What a game gives the scenario runner."""

    game: str

    def document(self, graph) -> str:
        """The id of the rules document the game's scenarios cite."""

    def session(self, scenario: Scenario, shared_cards: list[Node]) -> Session:
        """A session that runs ``scenario``."""


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

    @property
    def passed(self) -> bool:
        return not self.failures and self.error is None

    @property
    def status(self) -> str:
        return "error" if self.error is not None else ("passed" if not self.failures else "failed")

    @property
    def applied(self) -> list[str]:
        """Every rule (and glossary entry) the engine applied."""
        return self.trace.rules()

    @property
    def confirmed(self) -> list[str]:
        """The cited rules a passing scenario confirms."""
        if not self.passed:
            return []
        return [citation.key for citation in self.scenario.citations]


def run(scenario: Scenario, binding: Binding, shared_cards: list[Node] | None = None) -> Result:
    """Run one scenario and judge it."""
    result = Result(scenario)
    try:
        session = binding.session(scenario, list(shared_cards or []))
        result.trace = session.trace
        _run(scenario, session, result)
    except ScenarioError as error:
        result.error = error
        return result
    applied = set(result.trace.rules())
    for citation in scenario.citations:
        if citation.key not in applied:
            result.missing.append(citation.key)
            result.failures.append(f"cites {citation.key}, but the engine did not apply it")
    return result


def _run(scenario: Scenario, session: Session, result: Result) -> None:
    trace = session.trace
    for fact in scenario.given:
        start = len(trace)
        session.given(fact)
        result.marks.append(Mark(fact, "given", start, len(trace)))
    refusal: tuple[Node, RuleViolation] | None = None
    for block in scenario.steps:
        for statement in block.statements:
            start = len(trace)
            mark = Mark(statement, block.kind, start, start)
            result.marks.append(mark)
            if block.kind == "when":
                if refusal is not None:
                    _unexpected(result, refusal)
                    refusal = None
                try:
                    session.act(statement)
                    mark.outcome = "done"
                except RuleViolation as violation:
                    trace.refusal(violation.rule, violation.reason)
                    refusal = (statement, violation)
                    mark.outcome = f"refused: {violation}"
            elif statement.kind == REFUSED:
                wanted = str(statement.args[-1])
                if refusal is None:
                    result.failures.append(f"line {statement.line}: expected the action to be refused by {wanted}, "
                                           "but it was taken")
                    mark.outcome = "failed"
                elif refusal[1].rule != wanted:
                    result.failures.append(f"line {statement.line}: the action was refused by {refusal[1]}, "
                                           f"not by {wanted}")
                    mark.outcome = "failed"
                    refusal = None
                else:
                    mark.outcome = "holds"
                    refusal = None
            else:
                found = session.expect(statement)
                if found is None:
                    mark.outcome = "holds"
                else:
                    mark.outcome = "failed"
                    result.failures.append(f"line {statement.line}: {statement.text!r}: {found}")
            mark.end = len(trace)
        if block.kind == "then" and refusal is not None:
            _unexpected(result, refusal)
            refusal = None
    if refusal is not None:
        _unexpected(result, refusal)


def _unexpected(result: Result, refusal) -> None:
    statement, violation = refusal
    result.failures.append(f"line {statement.line}: {statement.text!r} was refused: {violation}")


def run_file(scenario_file: ScenarioFile, binding_for) -> list[Result]:
    """Run every scenario of a file; ``binding_for(game)`` gives the binding."""
    return [run(scenario, binding_for(scenario.game), scenario_file.cards) for scenario in scenario_file.scenarios]
