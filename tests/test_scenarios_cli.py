import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulebase.cli import main
from rulebase.engine.ccg.decks import DECKS

DATA = Path(__file__).resolve().parent / "data" / "scenarios"
SCENARIOS = Path(__file__).resolve().parent / "scenarios"


@pytest.fixture
def run():
    runner = CliRunner()

    def invoke(*args):
        return runner.invoke(main, [str(a) for a in args], catch_exceptions=False)

    return invoke


PASSING_AND_FAILING = (Path(__file__).resolve().parent / "data" / "scenarios" / "pass-and-fail.scenario.txt").read_text(encoding="utf-8")


def test_test_runs_files_and_prints_a_summary(run, tmp_path):
    path = tmp_path / "two.scenario"
    path.write_text(PASSING_AND_FAILING, encoding="utf-8")
    result = run("test", path)
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0] == f"PASS  {path}:4  Refused"
    assert lines[1] == f"FAIL  {path}:11  Wrong"
    assert "Comet is at Alice's home" in result.output and "cites: 616.2" in result.output
    assert lines[-1] == "1 passed, 1 failed"


def test_test_explain_reads_out_the_ruling(run, tmp_path):
    path = tmp_path / "one.scenario"
    path.write_text(PASSING_AND_FAILING.split("Scenario: Wrong")[0], encoding="utf-8")
    result = run("test", path, "--explain")
    assert result.exit_code == 0
    assert "refuses" in result.output and "506.2" in result.output
    assert "Cards can't be moved or sent to their current area." in " ".join(result.output.split())
    assert result.output.strip().endswith("1 passed, 0 failed")


def test_test_on_the_projects_scenarios_passes(run):
    result = run("test", SCENARIOS)
    assert result.exit_code == 0, result.output[-2000:]
    assert result.output.strip().splitlines()[-1].endswith("passed, 0 failed")


def test_test_reports_unreadable_files_and_missing_paths_in_one_line(run, tmp_path):
    result = run("test", DATA / "syntax-error.scenario.txt")
    assert result.exit_code == 1
    assert result.output.startswith("ERROR ") and ":4:15: unexpected 'haz'" in result.output
    assert result.output.strip().endswith("0 passed, 1 failed")
    result = run("test", tmp_path / "nowhere.scenario")
    assert result.exit_code == 1 and "Error: " in result.output and "no such file or folder" in result.output
    assert "Traceback" not in result.output


def test_coverage_text_and_json(run):
    result = run("coverage")
    assert result.exit_code == 0
    assert "target: sections 1, 3, 4 and 6, rules 503-507 and 514-517:" in result.output
    assert "Exempt (describe no game behaviour):" in result.output and "213.2" in result.output
    data = json.loads(run("coverage", "--json").output)
    assert data["document"] == "ccg/3.4" and data["target"]["percent"] >= 60
    section = data["sections"]["611"]
    assert {"confirmed", "unconfirmed", "exempt", "confirmed_rules"} <= set(section)
    assert section["confirmed"] == len(section["confirmed_rules"])
    assert data["total"]["confirmed"] == sum(s["confirmed"] for s in data["sections"].values())


def test_simulate_plays_games_and_checks_invariants(run):
    result = run("simulate", "--games", "4", "--seed", "3", "--decks", DECKS / "sky.toml", "--decks", DECKS / "orchard.toml")
    assert result.exit_code == 0
    assert result.output.startswith("4 games in ") and "no invariant violation" in result.output
    data = json.loads(run("simulate", "--games", "3", "--seed", "3", "--decks", DECKS / "sky.toml",
                          "--decks", DECKS / "orchard.toml", "--json").output)
    assert data["games"] == 3 and data["violations"] == [] and sum(data["outcomes"].values()) == 3


def test_simulate_with_a_bad_deck_file_is_a_one_line_error(run, tmp_path):
    path = tmp_path / "deck.toml"
    path.write_text("name = 1\n", encoding="utf-8")
    result = run("simulate", "--games", "1", "--decks", path)
    assert result.exit_code == 1 and result.output.startswith("Error: ") and "[mane]" in result.output


def test_test_and_explain_keep_the_files_line_numbers_past_a_form_feed(run, tmp_path):
    path = tmp_path / "feed.scenario"
    path.write_bytes(("\ufeff# page one\x0cpage two\r\n" + PASSING_AND_FAILING.replace("\n", "\r\n")).encode("utf-8"))
    result = run("test", path)
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[:2] == [f"PASS  {path}:5  Refused", f"FAIL  {path}:12  Wrong"]
    assert "line 15: 'Then \"Comet\" is at Bob\\'s problem'" in result.output
    explained = run("test", path, "--explain").output
    assert "  When Alice moves \"Comet\" to her home   -> refused: 506.2" in explained
    assert "  Then the action is refused by 506.2   -> holds" in explained
