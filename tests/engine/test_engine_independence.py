"""The engines know nothing of the scenario language, the site or the
command line: those are their clients (the scenario bindings live in
:mod:`rulebase.scenarios.games`), never the other way round."""

from __future__ import annotations

import ast

import pytest

from rulebase import paths

ENGINE = paths.PACKAGE / "engine"
CLIENTS = ("rulebase.scenarios", "rulebase.web", "rulebase.cli", "rulebase.scenario_worker")


def imported(tree: ast.AST, package: str) -> list[tuple[int, str]]:
    """``(line, module)`` of every import of a module's source, relative
    imports resolved against the module's ``package`` and ``from package
    import name`` counted as ``package.name``."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[:len(parts) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            found.extend((node.lineno, f"{base}.{alias.name}") for alias in node.names)
    return found


def _is_client(name: str) -> bool:
    return any(name == client or name.startswith(client + ".") for client in CLIENTS)


def test_the_resolution_of_imports():
    tree = ast.parse("import rulebase.web\nfrom rulebase import scenarios\nfrom ..scenarios import parser\n"
                     "from . import board\nfrom .board import Zone\n")
    names = [name for _, name in imported(tree, "rulebase.engine.ccg")]
    assert names == ["rulebase.web", "rulebase.scenarios", "rulebase.engine.scenarios.parser",
                     "rulebase.engine.ccg.board", "rulebase.engine.ccg.board.Zone"]
    assert [_is_client(name) for name in names] == [True, True, False, False, False]
    assert _is_client("rulebase.cli") and not _is_client("rulebase.client") and not _is_client("rulebase.scenarios_x")


MODULES = sorted(ENGINE.rglob("*.py"))


def test_the_engines_are_found():
    assert {"rulebook.py", "state.py", "rules.py"} <= {path.name for path in MODULES}


@pytest.mark.parametrize("path", MODULES, ids=lambda path: str(path.relative_to(ENGINE)))
def test_no_engine_module_imports_its_clients(path):
    package = ".".join(path.parent.relative_to(paths.PACKAGE.parent).parts)
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    clients = [f"{path}:{line}: imports {name}" for line, name in imported(tree, package) if _is_client(name)]
    assert clients == []
