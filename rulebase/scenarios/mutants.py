"""Deliberately wrong citations, made from right scenarios, to measure
whether the runner tells them apart: every mutant must fail.

From each passing scenario:

- ``swap``: one cited rule is replaced by a neighbour of it in the rules
  (the rule before or after it in the document) that decided nothing in
  the scenario's run;
- ``consulted``: a rule the engine only consulted during the scenario's
  actions is added to its citations;
- ``refusal``: the rule of an expected refusal is replaced by a neighbour
  that did not refuse it;
- ``reason``: an expected refusal is given a reason taken from another
  rule's summary.

``python benchmarks/citations.py`` reports how many are caught.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from rulebase.engine.trace import NOTE
from rulebase.parse.text import split_lines
from rulebase.scenarios import bindings, parser, runner

_REFUSED = re.compile(r"^(\s*(?:Then|And)\s+the action is refused by\s+)(\S+)(.*)$", re.I)


@dataclass(frozen=True)
class Mutant:
    """A wrong version of one scenario of a file."""

    kind: str
    scenario: str
    where: str
    change: str
    text: str
    index: int


def _rule_order(graph, document: str) -> list[str]:
    """The keys of the document's rules (not headings), in its order."""
    return [graph.node(node)["key"] for node in graph.nodes("rule", document)
            if not graph.node(node).get("heading") and "~" not in graph.node(node)["key"]]


def _neighbours(keys: list[str], key: str) -> list[str]:
    """The rules just before and after ``key`` in the order ``keys``."""
    if key not in keys:
        return []
    at = keys.index(key)
    return [keys[i] for i in (at - 1, at + 1, at - 2, at + 2) if 0 <= i < len(keys)]


def _replace_line(lines: list[str], number: int, text: str) -> str:
    changed = list(lines)
    changed[number - 1] = text
    return "\n".join(changed) + "\n"


def mutants(text: str, path: str, graph, rng: random.Random | None = None):
    """The mutants of every passing scenario of a scenario file's text."""
    rng = rng or random.Random(0)
    parsed = parser.parse(text, path)
    parser.check_citations(parsed, graph, bindings.document_for(graph))
    lines = split_lines(text)
    orders: dict[str, list[str]] = {}
    for index, scenario in enumerate(parsed.scenarios):
        binding = bindings.binding_for(scenario.game)
        document = binding.document(graph)
        if document not in orders:
            orders[document] = _rule_order(graph, document)
        keys = orders[document]
        result = runner.run(scenario, binding, parsed.cards)
        if not result.passed:
            continue
        deciding = result.deciding()
        consulted = [step.rule for step in result.action_steps() if step.kind == NOTE and step.rule
                     and step.rule not in deciding and not step.rule.startswith("glossary/")]
        where = f"{path}:{scenario.line}"
        for citation in scenario.rules:
            line = lines[citation.line - 1]
            for other in _neighbours(keys, citation.key):
                if other in deciding or other in {c.key for c in scenario.citations}:
                    continue
                changed = re.sub(rf"(?<![\w.]){re.escape(citation.key)}(?![\w.])", other, line, count=1)
                yield Mutant("swap", scenario.name, where, f"{citation.key} -> {other}",
                             _replace_line(lines, citation.line, changed), index)
                break
        if consulted and scenario.rules:
            extra = rng.choice(sorted(set(consulted)))
            line_number = scenario.rules[0].line
            yield Mutant("consulted", scenario.name, where, f"+ {extra}",
                         _replace_line(lines, line_number, lines[line_number - 1].rstrip() + f", {extra}"), index)
        for block in scenario.steps:
            for statement in block.statements:
                match = _REFUSED.match(lines[statement.line - 1])
                if not match or statement.kind != runner.REFUSED:
                    continue
                wanted = match.group(2)
                for other in _neighbours(keys, wanted):
                    yield Mutant("refusal", scenario.name, where, f"refused by {wanted} -> {other}",
                                 _replace_line(lines, statement.line, match.group(1) + other + match.group(3)), index)
                    break
                if "because" not in match.group(3).lower():
                    book = binding.rulebook()
                    summaries = [unit.summary for unit in book if unit.number != wanted and unit.kind == "check"]
                    reason = rng.choice(sorted(summaries))
                    yield Mutant("reason", scenario.name, where, f"because {reason!r}",
                                 _replace_line(lines, statement.line, f"{match.group(1)}{wanted} because {reason}"),
                                 index)


@dataclass
class Tally:
    """How many mutants of each kind the runner caught."""

    made: dict
    caught: dict
    missed: list

    @property
    def rate(self) -> float:
        total = sum(self.made.values())
        return sum(self.caught.values()) / total if total else 1.0


def measure(files, graph, limit: int | None = None, rng: random.Random | None = None) -> Tally:
    """Run the mutants of the scenario files ``files`` (paths), at most
    ``limit`` of them, and count those that fail."""
    tally = Tally({}, {}, [])
    count = 0
    for path in files:
        text = parser.decode(path.read_bytes(), str(path))
        for mutant in mutants(text, str(path), graph, rng):
            if limit is not None and count >= limit:
                return tally
            count += 1
            tally.made[mutant.kind] = tally.made.get(mutant.kind, 0) + 1
            parsed = parser.parse(mutant.text, str(path))
            parser.check_citations(parsed, graph, bindings.document_for(graph))
            scenario = parsed.scenarios[mutant.index]
            failed = not runner.run(scenario, bindings.binding_for(scenario.game), parsed.cards).passed
            if failed:
                tally.caught[mutant.kind] = tally.caught.get(mutant.kind, 0) + 1
            else:
                tally.missed.append(mutant)
    return tally
