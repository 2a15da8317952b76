"""Which scenarios prove each rule: the passing scenarios of the project's
suite that cite a rule which decided something in their actions.  Read by
``rulebase coverage`` and by the rule pages ("Proven by").

The suite is run once per process and graph, on first use.  The project's
continuous integration runs the knock-out audit (``rulebase coverage
--audit``) on the same suite and fails on any citation without weight, so
every proof listed here is one the audit has weighed.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from rulebase.scenarios import explain, runner, suite


@dataclass(frozen=True)
class Proof:
    """A scenario that confirms a rule, and how the rule took part in it."""

    rule: str
    name: str
    path: str
    line: int
    how: str
    steps: str

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line}"

    def as_dict(self) -> dict:
        return {"rule": self.rule, "scenario": self.name, "where": self.where, "how": self.how, "steps": self.steps}


def proofs_of(results: list[runner.Result], graph, document: str) -> dict[str, list[Proof]]:
    """Each cited rule's proofs among ``results``."""
    found: dict[str, list[Proof]] = {}
    for result in results:
        if not result.passed:
            continue
        deciding = result.deciding()
        steps = None
        for citation in result.scenario.citations:
            how = deciding.get(citation.key)
            if how is None:
                continue
            if steps is None:
                steps = explain.explain(result, graph, document)
            scenario = result.scenario
            found.setdefault(citation.key, []).append(
                Proof(citation.key, scenario.name, _short(scenario.path), scenario.line, explain.HOW[how], steps))
    return found


def _short(path: str) -> str:
    marker = "tests/scenarios/"
    return path[path.index(marker):] if marker in path else path


_lock = threading.Lock()
_cache: dict[int, dict[str, list[Proof]]] = {}


def project_proofs(graph, game: str = "ccg") -> dict[str, list[Proof]]:
    """The proofs of the project's own scenarios (run once per graph)."""
    key = id(graph)
    with _lock:
        if key not in _cache:
            paths = suite.default_paths()
            results = suite.run_paths(paths, graph).results if paths else []
            document = graph.current_edition(game)
            _cache.clear()
            _cache[key] = proofs_of([r for r in results if r.scenario.game == game], graph, document)
        return _cache[key]
