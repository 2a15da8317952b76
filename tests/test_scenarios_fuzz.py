"""A bounded, seeded mutation fuzz of the project's own scenario files.

Each mutated file is run the way ``rulebase test FILE`` runs it
(:func:`rulebase.scenarios.suite.run_paths`): it must end in a pass, a
failure or a :class:`ScenarioError` that names the file and a line whose
text is the line the file has there, never in another exception.
"""

import random
import re
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulebase.cli import main
from rulebase.scenarios import explain, suite
from rulebase.scenarios.model import ScenarioError

SCENARIOS = sorted((Path(__file__).resolve().parent / "scenarios").glob("*.scenario"))
SEED = 2024
MUTATIONS = 300
KINDS = ("delete", "duplicate", "swap", "unicode", "truncate", "bom", "nul")
# Characters that end a line for str.splitlines() but not for the grammar,
# a BOM out of place, quotes, and characters outside the Basic Multilingual
# Plane; a lone surrogate is written as bytes that are not UTF-8.
TRICKY = ["\x0c", "\u2028", "\u2029", "\x85", "\r", "\x0b", "\x1c", "\ufeff", "\x00", "\t", '"', "\u201c",
          "#", ":", ",", ".", "\n", "\ud800", "\U0001f984", "\u200b", "\x1b", "\u00e9"]


def mutate(rng: random.Random, text: str, kind: str) -> bytes:
    """``text`` with one mutation of ``kind``, as the bytes of a file."""
    lines = text.split("\n")
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    if kind == "delete":
        del lines[i]
    elif kind == "duplicate":
        lines.insert(i, lines[i])
    elif kind == "swap":
        lines[i], lines[j] = lines[j], lines[i]
    elif kind in ("unicode", "nul"):
        at = rng.randrange(len(lines[i]) + 1)
        if kind == "nul":
            character = "\x00"
        elif rng.random() < 0.5:
            character = rng.choice(TRICKY)
        else:
            character = chr(rng.randrange(0x20, 0x110000))
        lines[i] = lines[i][:at] + character + lines[i][at:]
    data = ("\ufeff" * (kind == "bom") + "\n".join(lines)).encode("utf-8", "surrogatepass")
    if kind == "truncate":
        data = data[:rng.randrange(len(data) + 1)]
    return data


def file_line(data: bytes, number: int) -> str | None:
    """The text of line ``number`` of a file, as an error quotes it."""
    lines = data.decode("utf-8", "replace").removeprefix("\ufeff").split("\n")
    return lines[number - 1].removesuffix("\r").strip() if 0 < number <= len(lines) else None


def check_error(error: ScenarioError, path: Path, data: bytes) -> None:
    assert isinstance(error, ScenarioError), error
    assert error.document == str(path) and error.line >= 1, str(error)
    if error.text and not error.text.startswith("known: "):
        assert error.text == file_line(data, error.line), str(error)


def test_mutated_scenario_files_pass_fail_or_name_file_and_line(rule_graph, tmp_path):
    rng = random.Random(SEED)
    outcomes = Counter()
    for number in range(MUTATIONS):
        source = rng.choice(SCENARIOS)
        kind = KINDS[number % len(KINDS)]
        data = mutate(rng, source.read_text(encoding="utf-8"), kind)
        path = tmp_path / f"{number}-{kind}-{source.name}"
        path.write_bytes(data)
        report = suite.run_paths([path], rule_graph)
        for error in report.errors:
            check_error(error, path, data)
            outcomes["unreadable"] += 1
        for result in report.results:
            outcomes[result.status] += 1
            if result.error is not None:
                check_error(result.error, path, data)
            if not result.passed:
                assert explain.explain(result, rule_graph).startswith(f"Scenario: {result.scenario.name}  [")
        assert report.errors or report.results, path
        if number % 50 == 0:
            printed = CliRunner().invoke(main, ["test", str(path)], catch_exceptions=False)
            assert printed.exit_code == (0 if report.ok else 1)
            assert re.fullmatch(r"\d+ passed, \d+ failed", printed.output.strip().splitlines()[-1])
    # the mutations reach every outcome, so the checks above are not idle
    assert outcomes["passed"] > MUTATIONS and outcomes["unreadable"] > MUTATIONS // 10
    assert outcomes["failed"] > 0 and outcomes["error"] > 0


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_of_mutation_changes_the_file(kind):
    text = SCENARIOS[0].read_text(encoding="utf-8")
    rng = random.Random(SEED)
    assert any(mutate(rng, text, kind) != text.encode("utf-8") for _ in range(5))
