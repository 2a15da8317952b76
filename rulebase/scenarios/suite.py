"""Running suites of scenario files: finding them, running them all, and
counting what passed (for ``rulebase test`` and ``rulebase coverage``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from rulebase.errors import RulebaseError
from rulebase.scenarios import bindings, parser, runner
from rulebase.scenarios.model import ScenarioError

SUFFIX = ".scenario"


class NoScenariosError(RulebaseError):
    """Raised when a path names no scenario file."""


@dataclass
class Report:
    """The results of a suite, and the files that could not be read."""

    results: list[runner.Result] = field(default_factory=list)
    errors: list[ScenarioError] = field(default_factory=list)

    @property
    def passed(self) -> int:
        return sum(result.passed for result in self.results)

    @property
    def failed(self) -> int:
        return len(self.results) - self.passed + len(self.errors)

    @property
    def ok(self) -> bool:
        return self.failed == 0

    def summary(self) -> str:
        return f"{self.passed} passed, {self.failed} failed"


def collect(paths) -> list[Path]:
    """The scenario files named by ``paths`` (files, or folders searched
    recursively for ``*.scenario``), in a stable order."""
    if not paths:
        raise NoScenariosError("no scenario files given (and no tests/scenarios folder beside the package)")
    found: list[Path] = []
    for item in paths:
        path = Path(item)
        if path.is_dir():
            found.extend(sorted(path.rglob(f"*{SUFFIX}")))
        elif path.is_file():
            found.append(path)
        else:
            raise NoScenariosError(f"{path}: no such file or folder")
    return list(dict.fromkeys(found))


def run_paths(paths, graph) -> Report:
    """Parse and run every scenario under ``paths``."""
    report = Report()
    document_for = bindings.document_for(graph)
    for path in collect(paths):
        try:
            scenario_file = parser.load(path, graph, document_for)
        except ScenarioError as error:
            report.errors.append(error)
            continue
        except bindings.UnknownGameError as error:
            report.errors.append(ScenarioError(str(path), 0, 0, str(error)))
            continue
        report.results.extend(runner.run_file(scenario_file, bindings.binding_for))
    return report


def default_paths() -> list[Path]:
    """The project's own scenarios (``tests/scenarios`` in a checkout)."""
    from rulebase import paths

    folder = paths.PACKAGE.parent / "tests" / "scenarios"
    return [folder] if folder.is_dir() else []


def coverage_of(report: Report, graph, game: str = "ccg", audit=None):
    """The rule coverage of a game's rules by the passing scenarios of a
    report; with an :class:`~rulebase.scenarios.audit.Audit`, only the rules
    a citing scenario fails without count."""
    from rulebase.scenarios import coverage

    binding = bindings.binding_for(game)
    document = binding.document(graph)
    if audit is not None:
        confirmed = set(audit.confirmed)
    else:
        confirmed = {key for result in report.results if result.scenario.game == game for key in result.confirmed}
    exemptions = coverage.load_exemptions(binding.exemptions, graph, document)
    return coverage.compute(graph, document, confirmed, exemptions, target=binding.target,
                            target_description=binding.target_description)
