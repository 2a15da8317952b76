"""The package installs cleanly: a wheel built from the checkout, installed
into a fresh virtual environment, works from another directory with the
grammars, corpus and site inside it."""

import os
import subprocess
import sys
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

    return run, wheel


def test_wheel_ships_grammars_corpus_and_data(installed):
    import zipfile

    _, wheel = installed
    names = zipfile.ZipFile(wheel).namelist()
    assert "rulebase/_data/grammar/ccg_rules.lark" in names
    assert "rulebase/_data/corpus/manifest.toml" in names
    assert "rulebase/_data/corpus/ccg/comprehensive-rules-v3.4-pdf-extract.txt" in names
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
