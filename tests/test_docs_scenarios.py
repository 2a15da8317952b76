"""The scenario language reference (``docs/scenarios.rst``) is executed:
every example runs and passes, every wrong example prints what the
reference says it prints, and the examples together use every statement of
``grammar/scenario_ccg.lark`` (with the core's)."""

from __future__ import annotations

import re
import shlex
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from lark.grammar import NonTerminal

from rulebase import paths
from rulebase.cli import main
from rulebase.scenarios import parser, suite
from rulebase.scenarios.model import Node, ScenarioError

DOC = paths.PACKAGE.parent / "docs" / "scenarios.rst"

# The statement rules of the grammar, by the place their sentences take in a
# scenario; every alternative of each (its "-> alias", or the rule it
# stands for) must appear in an example of the reference.
CATEGORIES = ("property", "need", "fact", "turn_point", "card_item", "card_status",
              "action", "effect", "expectation", "card_state")


@dataclass
class Block:
    """A literal block of the reference: where it starts, its classes, its
    caption and its text."""

    line: int
    classes: list[str]
    caption: str
    text: str


_DIRECTIVE = re.compile(r"^(\s*)\.\. code-block::")
_OPTION = re.compile(r"^\s+:(\w+):\s*(.*)$")


def blocks(text: str) -> list[Block]:
    """Every ``code-block`` of an reST text with its options and content."""
    lines = text.splitlines()
    found, index = [], 0
    while index < len(lines):
        match = _DIRECTIVE.match(lines[index])
        if not match:
            index += 1
            continue
        start, indent = index + 1, len(match.group(1))
        options: dict[str, str] = {}
        index += 1
        while index < len(lines) and (option := _OPTION.match(lines[index])):
            options[option.group(1)] = option.group(2).strip()
            index += 1
        content = []
        while index < len(lines) and (not lines[index].strip()
                                      or len(lines[index]) - len(lines[index].lstrip()) > indent):
            content.append(lines[index])
            index += 1
        found.append(Block(start, options.get("class", "").split(), options.get("caption", ""),
                           textwrap.dedent("\n".join(content)).strip("\n") + "\n"))
    return found


def _of(kind: str) -> list[Block]:
    return [block for block in blocks(DOC.read_text(encoding="utf-8")) if kind in block.classes]


def _id(block: Block) -> str:
    return block.caption or f"line-{block.line}"


SCENARIOS = _of("scenario")
WRONG = _of("scenario-error")

# Examples that are right but that the engine can't run yet, each with why;
# strict, so that the test fails as soon as the engine runs them.
def _example(block: Block):
    return pytest.param(block, id=_id(block))


def _run_cli(tmp_path: Path, monkeypatch, files: dict[str, str], command: str):
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    words = shlex.split(command.removeprefix("$").strip())
    assert words[0] == "rulebase", command
    return CliRunner().invoke(main, words[1:])


def _output_after(block: Block) -> Block:
    """The ``scenario-output`` block that shows what a command printed."""
    following = [b for b in _of("scenario-output") if b.line > block.line]
    assert following, f"line {block.line}: no scenario-output block follows"
    return following[0]


def test_the_reference_has_examples_of_each_kind():
    assert len(SCENARIOS) >= 20 and len(WRONG) >= 2
    assert all(block.caption.endswith(".scenario") for block in WRONG)


@pytest.mark.parametrize("block", [_example(block) for block in SCENARIOS])
def test_every_example_passes(block, tmp_path, rule_graph):
    path = tmp_path / (block.caption or f"example-{block.line}.scenario")
    path.write_text(block.text, encoding="utf-8")
    report = suite.run_paths([path], rule_graph)
    problems = [str(error) for error in report.errors]
    problems += [f"{r.scenario.name}: {r.error or ''} {'; '.join(r.failures)}" for r in report.results if not r.passed]
    assert report.results and report.ok, f"docs/scenarios.rst:{block.line}: " + " | ".join(problems)


@pytest.mark.parametrize("block", WRONG, ids=_id)
def test_every_wrong_example_prints_what_the_reference_shows(block, tmp_path, monkeypatch):
    shown = _output_after(block)
    command, *expected = shown.text.splitlines()
    assert block.caption in command
    result = _run_cli(tmp_path, monkeypatch, {block.caption: block.text}, command)
    assert result.exit_code == 1
    assert result.output.splitlines() == expected


def test_the_explained_example_shows_the_real_explanation(tmp_path, monkeypatch):
    [shown] = [block for block in _of("scenario-output") if "--explain" in block.text.splitlines()[0]]
    command, *expected = shown.text.splitlines()
    [example] = [block for block in SCENARIOS if block.caption and block.caption in command]
    result = _run_cli(tmp_path, monkeypatch, {example.caption: example.text}, command)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == expected


# -- every statement of the grammar ----------------------------------------------


def _alternatives(rules, name: str) -> set[str]:
    """The node names the alternatives of a grammar rule produce: an alias,
    or for an alternative that is one inlined rule, that rule's names."""
    names = set()
    for rule in rules:
        if rule.origin.name != name:
            continue
        if rule.alias:
            names.add(str(rule.alias))
        elif rule.options.expand1 and len(rule.expansion) == 1 and isinstance(rule.expansion[0], NonTerminal):
            names |= _alternatives(rules, rule.expansion[0].name)
        else:
            names.add(name)
    return names


def grammar_statements() -> set[tuple[str, str]]:
    """``(category, node name)`` of every statement form of the grammar."""
    grammar = parser.lark_parser("ccg")
    return {(category, name) for category in CATEGORIES for name in _alternatives(grammar.rules, category)}


def _card(card: Node):
    for prop in card.args[3:]:
        yield "property", prop
        for part in prop.nodes():
            if prop.kind == "boosted":
                yield "property", part
            elif part.kind != "instruction":
                yield "need", part


def used_statements(scenario_file) -> set[tuple[str, str]]:
    """``(category, node name)`` of every statement a parsed file uses."""
    used: list[tuple[str, Node]] = []
    for card in scenario_file.cards:
        used.extend(_card(card))
    for scenario in scenario_file.scenarios:
        for card in scenario.cards:
            used.extend(_card(card))
        for fact in scenario.given:
            used.append(("fact", fact))
            if fact.kind == "turn":
                used.append(("turn_point", fact.args[0]))
            if fact.kind in ("in_play", "attached"):
                used.append(("card_item", fact.args[1]))
                used.extend(("card_status", status) for status in fact.args[3:])
            if fact.kind == "zone":
                used.extend(("card_item", item) for item in fact.nodes())
        for block in scenario.steps:
            for statement in block.statements:
                if block.kind == "when":
                    used.append(("action", statement))
                    if statement.kind == "effect":
                        used.append(("effect", statement.args[1]))
                    if statement.kind == "proceed":
                        used.append(("turn_point", statement.args[0]))
                else:
                    used.append(("expectation", statement))
                    if statement.kind == "card_is":
                        used.extend(("card_state", state) for state in statement.args[1:])
                    if statement.kind == "turn_is":
                        used.append(("turn_point", statement.args[0]))
    return {(category, node.kind) for category, node in used}


def test_the_grammar_statements_are_read_from_the_grammar():
    statements = grammar_statements()
    categories = {category for category, _ in statements}
    assert categories == set(CATEGORIES)
    assert len(statements) > 100


def test_the_examples_use_every_statement_of_the_language():
    used = set()
    for block in SCENARIOS + WRONG:
        try:
            used |= used_statements(parser.parse(block.text, f"docs/scenarios.rst:{block.line}"))
        except ScenarioError:
            assert block in WRONG, f"docs/scenarios.rst:{block.line}: an example that does not read"
    missing = sorted(grammar_statements() - used)
    assert not missing, f"statements with no example in docs/scenarios.rst: {missing}"
