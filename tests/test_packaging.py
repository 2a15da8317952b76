"""The package installs cleanly: a wheel built from the checkout, installed
into a fresh virtual environment, works from another directory with the
grammars, corpus and site inside it."""

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
import venv
from pathlib import Path

import pytest

from rulebase import __version__, paths

ROOT = paths.PACKAGE.parent


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    base = tmp_path_factory.mktemp("install")
    wheels = base / "wheels"
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(wheels), str(ROOT)],
                           capture_output=True, text=True)
    assert build.returncode == 0, build.stderr
    wheel = next(wheels.glob("rulebase-*.whl"))
    venv.create(base / "venv", with_pip=True)
    python = base / "venv" / "bin" / "python"
    install = subprocess.run([str(python), "-m", "pip", "install", "--quiet", str(wheel)], capture_output=True, text=True)
    assert install.returncode == 0, install.stderr
    elsewhere = base / "elsewhere"
    elsewhere.mkdir()
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "RULEBASE_CORPUS")}
    env["RULEBASE_CACHE"] = str(base / "cache")

    def run(*args):
        return subprocess.run([str(base / "venv" / "bin" / "rulebase"), *args], capture_output=True, text=True,
                              cwd=elsewhere, env=env, timeout=300)

    run.elsewhere = elsewhere
    run.bin = base / "venv" / "bin"
    run.env = env
    return run, wheel


def test_wheel_ships_grammars_corpus_and_data(installed):
    import zipfile

    _, wheel = installed
    names = zipfile.ZipFile(wheel).namelist()
    assert "rulebase/_data/grammar/ccg_rules.lark" in names
    assert "rulebase/_data/corpus/manifest.toml" in names
    assert "rulebase/_data/corpus/ccg/comprehensive-rules-v3.4-pdf-extract.txt" in names
    assert "rulebase/_data/site/templates/base.html" in names
    assert {"rulebase/_data/grammar/scenario_core.lark", "rulebase/_data/grammar/scenario_ccg.lark"} <= set(names)
    assert "rulebase/data/wordpiece-uncased.txt" in names
    assert "rulebase/engine/tcg/interpretations.toml" in names
    assert "rulebase/scenarios/games/ccg/exempt.toml" in names
    assert "rulebase/data/rules-encoder.onnx" in names and "rulebase/data/rules-encoder.json" in names
    assert not any(name.startswith(("tests/", "docs/")) for name in names)


def test_installed_command_works_from_another_directory(installed):
    run, _ = installed
    assert run("--version").stdout.strip() == f"rulebase, version {__version__}"
    shown = run("show", "514.4c")
    assert shown.returncode == 0, shown.stderr
    assert "Repeat this process until power totals are not the same." in shown.stdout
    stats = run("stats")
    assert stats.returncode == 0 and "ccg/ocr-7.2" in stats.stdout
    help_text = run("--help").stdout
    assert "show" in help_text and "lint" in help_text


def test_installed_search_and_scenarios_work(installed):
    run, _ = installed
    found = run("search", "swift", "--json", "--limit", "3")
    assert found.returncode == 0, found.stderr
    assert json.loads(found.stdout)[0]["kind"] == "glossary"
    questions = run.elsewhere / "questions.jsonl"
    questions.write_text(json.dumps({"q": "card text says your friends, does that include ones I own but my "
                                          "opponent controls", "game": "ccg", "numbers": ["513.6"]}) + "\n")
    measured = run("eval", str(questions), "--json")
    assert measured.returncode == 0, measured.stderr
    report = json.loads(measured.stdout)
    assert report["search"].startswith("by words and meaning") and report["mrr@10"] == 1.0
    scenario = run.elsewhere / "moving.scenario"
    scenario.write_text(
        "Cards:\n"
        "  \"Comet\" is a Friend: blue, power 2, cost 2.\n\n"
        "Scenario: A card can't be moved to its current area\n"
        "  Rules: 506.2\n"
        "  Given Alice has \"Comet\" at her home\n"
        "    And Alice has 2 action tokens\n"
        "  When Alice moves \"Comet\" to her home\n"
        "  Then the action is refused by 506.2\n"
    )
    tested = run("test", str(scenario))
    assert tested.returncode == 0, tested.stdout + tested.stderr
    assert "1 passed, 0 failed" in tested.stdout


def test_installed_server_serves_the_site(installed):
    run, _ = installed
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([str(run.bin / "rulebase"), "serve", "--port", str(port)], cwd=run.elsewhere,
                              env=run.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/ccg/514.4c", timeout=5) as response:
                    page = response.read().decode()
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise
                time.sleep(0.3)
        assert "Repeat this process until power totals are not the same." in page
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/static/site.css", timeout=5) as response:
            assert response.status == 200
    finally:
        server.terminate()
        server.wait(timeout=10)
