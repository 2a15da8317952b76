"""The Sphinx extension and the documentation build (warnings are errors)."""

import subprocess
import sys
from pathlib import Path

import pytest

from rulebase import paths

DOCS = paths.PACKAGE.parent / "docs"


def build(source: Path, output: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "sphinx", "-W", "-q", "-b", "html", str(source), str(output)],
                          capture_output=True, text=True, cwd=paths.PACKAGE.parent)


def tiny_project(tmp_path: Path, body: str) -> Path:
    source = tmp_path / "src"
    source.mkdir()
    (source / "conf.py").write_text(
        "import sys\nsys.path.insert(0, %r)\nextensions = ['rulebase.sphinx']\n" % str(paths.PACKAGE.parent))
    (source / "index.rst").write_text("Rules\n=====\n\n" + body)
    return source


def test_rule_role_links_to_the_rendered_rule_with_its_text_on_hover(tmp_path):
    source = tiny_project(tmp_path, "See :rule:`514.4c`.\n\n.. rules:: 514\n")
    result = build(source, tmp_path / "out")
    assert result.returncode == 0, result.stderr
    html = (tmp_path / "out" / "index.html").read_text()
    assert 'href="#ccg-3-4-514-4c"' in html
    assert 'title="514.4c: If both players\' power totals are the same' in html
    assert 'id="ccg-3-4-514-4c"' in html and "Repeat this process until power totals are not the same." in html


def test_unknown_rule_fails_a_strict_build_and_names_the_closest(tmp_path):
    source = tiny_project(tmp_path, "See :rule:`514.4z`.\n")
    result = build(source, tmp_path / "out")
    assert result.returncode != 0
    assert "rule '514.4z': no rule '514.4z'; the closest are" in result.stderr


def test_rules_directive_rejects_a_missing_section(tmp_path):
    source = tiny_project(tmp_path, ".. rules:: 999\n")
    result = build(source, tmp_path / "out")
    assert result.returncode != 0 and "no rule '999'" in result.stderr


def test_broken_references_in_the_rules_stay_text(tmp_path):
    source = tiny_project(tmp_path, ".. rules:: 505.3\n")
    result = build(source, tmp_path / "out")
    assert result.returncode == 0, result.stderr
    html = (tmp_path / "out" / "index.html").read_text()
    assert '<span class="broken-reference">(409.6)</span>' in html


@pytest.mark.skipif(not DOCS.is_dir(), reason="the docs are not in this checkout")
def test_the_documentation_builds_without_warnings(tmp_path):
    result = build(DOCS, tmp_path / "html")
    assert result.returncode == 0, result.stderr
    chapter = (tmp_path / "html" / "rules" / "ccg-5.html").read_text()
    assert 'id="ccg-3-4-514-4c"' in chapter
