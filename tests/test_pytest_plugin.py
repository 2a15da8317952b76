"""The pytest plugin, run in a separate pytest on a folder of its own."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SCENARIOS = (ROOT / "tests" / "data" / "scenarios" / "pass-and-fail.scenario.txt").read_text(encoding="utf-8")


def pytest_in(folder: Path, *extra: str, env: dict | None = None) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "rulebase.pytest_plugin",
               "--rootdir", str(folder), "-c", os.devnull, *extra, str(folder)]
    environment = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.run(command, capture_output=True, text=True, cwd=folder, env=environment, timeout=120)


def test_one_item_per_scenario_and_failures_show_the_cited_rules(tmp_path):
    (tmp_path / "rules.scenario").write_text(SCENARIOS, encoding="utf-8")
    result = pytest_in(tmp_path, "-q")
    assert "1 failed, 1 passed" in result.stdout
    assert "scenario 'Wrong' failed" in result.stdout
    assert "'Then \"Comet\" is at Bob\\'s problem': Comet is at Alice's home" in result.stdout
    assert "616.2 (NOT decided by it): If the turn player has more cards in hand than allowed" in result.stdout
    listed = pytest_in(tmp_path, "--collect-only", "-q")
    assert "rules.scenario::Refused" in listed.stdout and "rules.scenario::Wrong" in listed.stdout


def test_scenarios_run_in_worker_processes_too(tmp_path):
    """``make test`` spreads the suite over the cores: each scenario's report,
    a failure's included, crosses from a worker process to the main one."""
    (tmp_path / "rules.scenario").write_text(SCENARIOS, encoding="utf-8")
    result = pytest_in(tmp_path, "-q", "-n", "2")
    assert "1 failed, 1 passed" in result.stdout, result.stdout + result.stderr
    assert "scenario 'Wrong' failed" in result.stdout
    assert "INTERNALERROR" not in result.stdout + result.stderr


def test_a_broken_file_is_a_collection_error_with_its_place(tmp_path):
    (tmp_path / "broken.scenario").write_text("Scenario: x\n  Rules: 611.9\n", encoding="utf-8")
    result = pytest_in(tmp_path, "-q")
    assert "broken.scenario:2:10: no rule 611.9 in ccg/3.4" in result.stdout
    assert "1 error" in result.stdout


TCG = """Game: MLP TCG
Cards:
  "Sweetie Belle" is a Character: cost 2, inspiration 3.
  "Scootaloo" is a Character: cost 1, inspiration 2.

Scenario: The higher Inspiration wins
  Rules: 404.5.0
  Given it is Alice's Exchange Phase
    And Alice has "Sweetie Belle" in her left space
    And Bob has "Scootaloo" in his left space
  When the game proceeds to Alice's End Phase
  Then "Scootaloo" is in Bob's Rest Zone

Scenario: A tie wrongly read as a win
  Rules: 404.5.0
  Given it is Alice's Exchange Phase
    And Alice has "Scootaloo" in her left space
    And Bob has "Scootaloo" in his left space
  When the game proceeds to Alice's End Phase
  Then Alice wins the Exchange in the left column
"""


def test_tcg_scenarios_are_items_too_and_their_failures_cite_the_tcg_rules(tmp_path):
    (tmp_path / "exchange.scenario").write_text(TCG, encoding="utf-8")
    result = pytest_in(tmp_path, "-q")
    assert "1 failed, 1 passed" in result.stdout, result.stdout
    assert "tied, both lose" in result.stdout
    assert "404.5.0" in result.stdout and "The side with higher Inspiration wins" in result.stdout


def test_the_entry_point_and_the_conftest_load_the_plugin_once(tmp_path):
    """With the package's pytest11 entry point active (as after an install),
    asking for the plugin again by name adds nothing: no double collection."""
    site = tmp_path / "site"
    info = site / "rulebase_entry-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: rulebase-entry\nVersion: 0.1\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[pytest11]\nrulebase.pytest_plugin = rulebase.pytest_plugin\n", encoding="utf-8")
    (info / "RECORD").write_text("rulebase_entry-0.1.dist-info/METADATA,,\n", encoding="utf-8")
    folder = tmp_path / "suite"
    folder.mkdir()
    (folder / "rules.scenario").write_text(SCENARIOS, encoding="utf-8")
    result = pytest_in(folder, "--collect-only", "-q", env={"PYTHONPATH": f"{ROOT}{os.pathsep}{site}"})
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.count("rules.scenario::Refused") == 1
    assert "2 tests collected" in result.stdout


def test_the_plugin_is_declared_as_a_pytest11_entry_point():
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["entry-points"]["pytest11"] == {"rulebase.pytest_plugin": "rulebase.pytest_plugin"}
