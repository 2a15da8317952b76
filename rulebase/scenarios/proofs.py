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
_results: dict[int, list[runner.Result]] = {}
_cache: dict[tuple[int, str], dict[str, list[Proof]]] = {}


def project_proofs(graph, game: str = "ccg") -> dict[str, list[Proof]]:
    """The proofs of the project's own scenarios of ``game``; the suite
    runs once per graph, for every game."""
    key = id(graph)
    with _lock:
        if key not in _results:
            paths = suite.default_paths()
            _results.clear()
            _cache.clear()
            _results[key] = suite.run_paths(paths, graph).results if paths else []
        if (key, game) not in _cache:
            document = graph.current_edition(game)
            _cache[(key, game)] = proofs_of([r for r in _results[key] if r.scenario.game == game], graph, document)
        return _cache[(key, game)]


@dataclass(frozen=True)
class Standing:
    """Where a rule stands with the reference engine: ``confirmed`` (with
    its proofs), ``unconfirmed``, ``exempt`` (with the reason) or
    ``outside`` (a document no engine plays: another edition, the TCG)."""

    status: str
    proofs: tuple = ()
    reason: str = ""


def standing(graph, node: str) -> Standing:
    """Where the rule ``node`` of the graph stands."""
    from rulebase.scenarios import bindings

    data = graph.node(node)
    game = data.get("game")
    try:
        binding = bindings.binding_for(game)
    except bindings.UnknownGameError:
        return Standing("outside", reason=f"no reference engine plays the {str(game).upper()} yet")
    document = binding.document(graph)
    if data.get("document") != document:
        return Standing("outside", reason=f"the reference engine plays the {graph.node(document).get('edition', 'current')} "
                                          "rules; this is another edition")
    key = data.get("key", "")
    found = project_proofs(graph, game).get(key, [])
    if found:
        return Standing("confirmed", tuple(found))
    exemptions = _exemptions(graph, binding, document)
    if key in exemptions:
        return Standing("exempt", reason=exemptions[key])
    return Standing("unconfirmed")


_exempt_cache: dict[tuple, dict[str, str]] = {}


def _exemptions(graph, binding, document: str) -> dict[str, str]:
    from rulebase.scenarios import coverage

    key = (id(graph), document)
    if key not in _exempt_cache:
        _exempt_cache[key] = coverage.load_exemptions(binding.exemptions, graph, document)
    return _exempt_cache[key]
