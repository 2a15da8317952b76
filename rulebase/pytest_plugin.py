"""A pytest plugin that collects ``*.scenario`` files: one test item per
scenario, run on the game's engine; a failure shows what did not hold and
the text of the rules the scenario cites."""

from __future__ import annotations

import pytest

from rulebase.scenarios.model import ScenarioError

SUFFIX = ".scenario"


class ScenarioFailed(Exception):
    """Raised by a scenario item whose scenario did not pass."""

    def __init__(self, result):
        self.result = result
        super().__init__(result.scenario.name)


def _graph():
    from rulebase import graph

    return graph.load()


def pytest_collect_file(parent, file_path):
    if file_path.suffix == SUFFIX:
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    """A scenario file: its scenarios, once read and checked against the rules."""

    def collect(self):
        from rulebase.scenarios import bindings, parser

        graph = _graph()
        scenario_file = parser.load(self.path, graph, bindings.document_for(graph))
        names: dict[str, int] = {}
        for scenario in scenario_file.scenarios:
            name = str(scenario.name)  # a plain str: reports cross process boundaries
            names[name] = names.get(name, 0) + 1
            if names[name] > 1:
                name = f"{name} ({names[name]})"
            yield ScenarioItem.from_parent(self, name=name, scenario=scenario, shared=scenario_file.cards)

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, ScenarioError):
            return str(excinfo.value)
        return super().repr_failure(excinfo)


class ScenarioItem(pytest.Item):
    """One scenario."""

    def __init__(self, *, scenario, shared, **kwargs):
        super().__init__(**kwargs)
        self.scenario = scenario
        self.shared = shared
        self.add_marker("scenario")

    def runtest(self):
        from rulebase.scenarios import bindings, runner

        result = runner.run(self.scenario, bindings.binding_for(self.scenario.game), self.shared)
        if not result.passed:
            raise ScenarioFailed(result)

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, ScenarioFailed):
            return failure_report(excinfo.value.result)
        if isinstance(excinfo.value, ScenarioError):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, self.scenario.line - 1, f"scenario: {self.scenario.name}"


def failure_report(result) -> str:
    """What failed, then each cited rule with its text."""
    from rulebase.scenarios import bindings, explain

    scenario = result.scenario
    lines = [f"{scenario.path}:{scenario.line}: scenario {scenario.name!r} failed"]
    if result.error is not None:
        lines.append(f"  {result.error}")
    lines.extend(f"  - {failure}" for failure in result.failures)
    lines.extend(f"  hint: {hint}" for hint in result.hints)
    if scenario.citations:
        graph = _graph()
        document = bindings.binding_for(scenario.game).document(graph)
        lines.append("cited rules:")
        for citation in scenario.citations:
            state = explain.citation_state(result, citation.key)
            lines.append(f"  {citation.key} ({state}): {explain.rule_text(graph, document, citation.key)}")
    return "\n".join(lines)


def pytest_configure(config):
    config.addinivalue_line("markers", "scenario: a rules scenario collected from a .scenario file")
