"""Shared fixtures: the corpus, its parsed parts and the rule graph."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebase import corpus, graph, paths
from rulebase.parse.text import split_lines

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
SHARED = ROOT.parent / "shared"

# The scenario plugin (also a pytest11 entry point of the installed package,
# registered under this same name, so it is never loaded twice).
pytest_plugins = ["rulebase.pytest_plugin"]


@pytest.fixture(scope="session")
def parts():
    return {parsed.part.id: parsed for parsed in corpus.cached_parts()}


@pytest.fixture(scope="session")
def rule_graph():
    return graph.load()


def region(path: str, start: str, end: str | None) -> tuple[list[str], int]:
    """The lines of a corpus file from the line ``start`` to before ``end``."""
    lines = split_lines((paths.CORPUS / path).read_text(encoding="utf-8"))
    first = lines.index(start)
    last = lines.index(end, first) if end else len(lines)
    return lines[first:last], first + 1
