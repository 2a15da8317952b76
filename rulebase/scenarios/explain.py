"""Reports of scenario runs: one line per scenario, failures with the rules
cited, and the step-by-step explanation a judge can read out at the table
(what the engine did and the text of each rule it applied, from the graph,
with how the engine reads the rule where the rules leave a choice)."""

from __future__ import annotations

import textwrap

from rulebase.engine.trace import ALLOWED, CHANCE, CHECK, DECISION, NOTE, REFUSAL
from rulebase.interpretations import interpretations_of
from rulebase.scenarios.runner import Result

_MARKS = {"passed": "PASS", "failed": "FAIL", "error": "ERROR"}


def rule_text(graph, document: str, key: str) -> str:
    """The text of a cited rule or glossary entry, as the graph has it."""
    node = f"{document}/{key}"
    if graph is None or node not in graph:
        return ""
    data = graph.node(node)
    text = data.get("text") or data.get("title") or ""
    return " ".join(text.split())


def document_of(graph, game: str) -> str:
    """The rules document a game's scenarios cite: its binding's, or the
    game's current rules for a game no engine runs scenarios of yet."""
    from rulebase.scenarios import bindings

    try:
        return bindings.binding_for(game).document(graph)
    except bindings.UnknownGameError:
        return graph.current_edition(game.lower().replace("mlp ", "").strip())


def summary_line(result: Result) -> str:
    scenario = result.scenario
    return f"{_MARKS[result.status]}  {scenario.path}:{scenario.line}  {scenario.name}"


def failure_text(result: Result) -> str:
    """Why a scenario failed, with the rules it cites."""
    lines = []
    if result.error is not None:
        lines.append(f"  {result.error}")
    for failure in result.failures:
        lines.append(f"  - {failure}")
    lines.extend(f"  hint: {hint}" for hint in result.hints)
    cited = ", ".join(c.key for c in result.scenario.citations)
    if cited:
        lines.append(f"  cites: {cited}")
    return "\n".join(lines)


def explain(result: Result, graph=None, document: str | None = None, width: int = 100) -> str:
    """The run of a scenario step by step: each statement, what the engine
    did for it, and the text of each rule the first time it is applied,
    with how the engine reads it (:mod:`rulebase.interpretations`).  The
    rules are read in ``document``, by default the one the scenario's game
    cites (:func:`document_of`)."""
    scenario = result.scenario
    if document is None and graph is not None:
        document = document_of(graph, scenario.game)
    lines = [f"Scenario: {scenario.name}  [{result.status}]"]
    if scenario.source:
        lines.append(f"  Source: {scenario.source}")
    for note in scenario.notes:
        lines.append(f"  Note: {note}")
    for citation, words in scenario.changed:
        lines.append(f"  Changed: {citation.key} {words}".rstrip())
    shown: set[str] = set()
    steps = result.trace.steps
    covered = 0
    for mark in result.marks:
        if mark.start > covered:
            lines.extend(_steps(steps[covered:mark.start], graph, document, shown, width))
        lines.append(f"  {mark.statement.text}" + (f"   -> {mark.outcome}" if mark.outcome and mark.block != "given" else ""))
        lines.extend(_steps(steps[mark.start:mark.end], graph, document, shown, width))
        covered = max(covered, mark.end)
    if covered < len(steps):
        lines.extend(_steps(steps[covered:], graph, document, shown, width))
    if result.error is not None:
        lines.append(f"  Error: {result.error}")
    for failure in result.failures:
        lines.append(f"  Failed: {failure}")
    if not result.passed:
        lines.extend(f"  Hint: {hint}" for hint in result.hints)
    cited = [c.key for c in scenario.citations]
    if cited:
        lines.append("  Cited: " + ", ".join(f"{key} ({citation_state(result, key)})" for key in cited))
    return "\n".join(lines)


HOW = {"step": "decided: made it happen", CHECK: "decided: kept the game from it", REFUSAL: "decided: refused",
       ALLOWED: "decided: allowed the action"}


def citation_state(result: Result, key: str) -> str:
    """How a cited rule took part in the scenario's actions."""
    how = result.deciding().get(key)
    return HOW[how] if how else "NOT decided by it"


def _steps(steps, graph, document, shown, width) -> list[str]:
    lines = []
    for step in steps:
        if step.kind == DECISION:
            lines.append(f"      {step.text}")
            continue
        label = {CHECK: "prevents", REFUSAL: "refuses", ALLOWED: "allows", NOTE: "consulted", CHANCE: "chance"}.get(step.kind, "")
        rule = step.rule or ""
        lines.append(f"      {rule:<10} {step.text}" + (f"  ({label})" if label in ("refuses", "prevents", "allows", "consulted") else ""))
        if rule and rule not in shown:
            shown.add(rule)
            text = rule_text(graph, document, rule)
            if text:
                for row in textwrap.wrap(f"“{text}”", width=width - 17):
                    lines.append(" " * 17 + row)
                lines.extend(_readings(graph, f"{document}/{rule}"))
    return lines


def _readings(graph, node: str) -> list[str]:
    """How the engine reads a rule: one ``Reading:`` line per entry, never
    wrapped, so that a reader of the explanation (the workbench's page)
    takes each reading as one step."""
    return [" " * 17 + f"Reading: “{entry.reads}”: {entry.reading} Why: {entry.why}"
            for entry in interpretations_of(graph, node)]
