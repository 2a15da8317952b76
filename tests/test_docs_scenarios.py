"""The scenario language reference (``docs/scenarios.rst``) is executed:
every example runs and passes, every wrong example prints what the
reference says it prints, and the examples together use every statement of
each game's grammar (``grammar/scenario_ccg.lark``,
``grammar/scenario_tcg.lark``, with the core's) and, for the TCG, every
form of card text (``grammar/tcg_card_text.lark``)."""

from __future__ import annotations

import re
import shlex
import textwrap
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pytest
from click.testing import CliRunner
from lark import Lark, Tree
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

# The same for the TCG: the categories of a statement ("fact", "action",
# "expectation") and, for each, the categories of its parts; the rules of
# the grammar with named alternatives are exactly these.
TCG_STATEMENTS = {"fact": ("turn_point", "card_item", "card_status"),
                  "action": ("turn_point", "payment"),
                  "expectation": ("turn_point", "card_state")}
TCG_CATEGORIES = ("property", "fact", "turn_point", "card_item", "card_status", "action", "payment",
                  "expectation", "card_state")


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


def grammar_statements(game: str = "ccg") -> set[tuple[str, str]]:
    """``(category, node name)`` of every statement form of a game's grammar."""
    grammar = parser.lark_parser(game)
    categories = CATEGORIES if game == "ccg" else TCG_CATEGORIES
    return {(category, name) for category in categories for name in _alternatives(grammar.rules, category)}


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
    if scenario_file.game == "tcg":
        return tcg_used_statements(scenario_file)
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


def _parsed_examples(game: str) -> list:
    parsed = []
    for block in SCENARIOS + WRONG:
        try:
            scenario_file = parser.parse(block.text, f"docs/scenarios.rst:{block.line}")
        except ScenarioError:
            assert block in WRONG, f"docs/scenarios.rst:{block.line}: an example that does not read"
            continue
        if scenario_file.game == game:
            parsed.append(scenario_file)
    return parsed


def test_the_examples_use_every_statement_of_the_language():
    used = set()
    for scenario_file in _parsed_examples("ccg"):
        used |= used_statements(scenario_file)
    missing = sorted(grammar_statements() - used)
    assert not missing, f"statements with no example in docs/scenarios.rst: {missing}"


# -- the TCG: every statement of its grammar, every form of its card text ---------


def tcg_used_statements(scenario_file) -> set[tuple[str, str]]:
    """``(category, node name)`` of every statement a parsed TCG file uses:
    each statement by its place (a fact, an action, an expectation), and
    its parts by the categories that statement's parts belong to."""
    grammar = parser.lark_parser("tcg")
    names = {category: _alternatives(grammar.rules, category) for category in TCG_CATEGORIES}
    used = set()

    def parts(node: Node, categories):
        for part in node.nodes():
            used.update((category, part.kind) for category in categories if part.kind in names[category])
            parts(part, categories)

    for scenario in scenario_file.scenarios:
        for card in scenario_file.cards + scenario.cards:
            parts(card, ("property",))
        statements = [("fact", fact) for fact in scenario.given]
        statements += [("action" if block.kind == "when" else "expectation", statement)
                       for block in scenario.steps for statement in block.statements]
        for category, statement in statements:
            used.add((category, statement.kind))
            parts(statement, TCG_STATEMENTS.get(category, ()))
    return used


def test_the_tcg_statement_categories_are_the_rules_of_its_grammar_with_named_alternatives():
    grammar = parser.lark_parser("tcg")
    named = {str(rule.origin.name) for rule in grammar.rules if rule.alias}
    assert named | {"payment"} == set(TCG_CATEGORIES)
    assert set(TCG_STATEMENTS) | {c for parts in TCG_STATEMENTS.values() for c in parts} | {"property"} == set(TCG_CATEGORIES)
    assert len(grammar_statements("tcg")) > 60


def test_the_tcg_examples_use_every_statement_of_its_language():
    used = set()
    for scenario_file in _parsed_examples("tcg"):
        used |= used_statements(scenario_file)
    missing = sorted(grammar_statements("tcg") - used)
    assert not missing, f"TCG statements with no example in docs/scenarios.rst: {missing}"


@lru_cache(maxsize=1)
def _card_text() -> Lark:
    return Lark.open(str(paths.grammar("tcg_card_text")), parser="lalr", lexer="contextual", maybe_placeholders=False)


def _choices(grammar: Lark, terminal: str) -> set[str]:
    """The words a terminal of alternatives (``\\b(A|B|C)\\b``) matches."""
    return {word.lower() for word in re.search(r"\(([^()]*)\)", grammar.get_terminal(terminal).pattern.value).group(1).split("|")}


def card_text_forms() -> set[tuple[str, str]]:
    """Every form of the TCG's card text and card definitions: each card
    type and the Everyday mark, each kind of effect, each condition, each
    part of a cost (an instruction among them), each instruction and each
    target, a restriction on playing, "you may", and several instructions."""
    text, cards = _card_text(), parser.lark_parser("tcg")
    forms = {("card type", word) for word in _choices(cards, "CARD_TYPE") | {"everyday"}}
    forms |= {("kind", word) for word in _choices(text, "KIND")}
    for category in ("condition", "instruction", "target"):
        forms |= {(category, name) for name in _alternatives(text.rules, category)}
    forms |= {("cost", str(rule.alias)) for rule in text.rules if rule.origin.name == "cost_part" and rule.alias}
    forms |= {("cost", "instruction"), ("body", "restriction"), ("body", "optional"), ("body", "several instructions")}
    return forms


def used_card_text(scenario_file) -> set[tuple[str, str]]:
    """The forms of :func:`card_text_forms` the cards of a parsed TCG file use."""
    text = _card_text()
    names = {category: _alternatives(text.rules, category) for category in ("condition", "instruction", "target")}
    costs = {str(rule.alias) for rule in text.rules if rule.origin.name == "cost_part" and rule.alias}
    used = set()
    cards = scenario_file.cards + [card for scenario in scenario_file.scenarios for card in scenario.cards]
    for card in cards:
        words = [str(arg).lower() for arg in card.args[2:4] if not isinstance(arg, Node)]
        used |= {("card type", word) for word in words}
        for effect in card.nodes("effect_text"):
            tree = text.parse(str(effect.args[0]))
            used.add(("kind", str(tree.children[0]).lower()))
            body = [child for child in tree.children if isinstance(child, Tree)]
            if sum(1 for child in body if child.data in names["instruction"]) > 1:
                used.add(("body", "several instructions"))
            for subtree in tree.iter_subtrees():
                if subtree.data in ("restriction", "optional"):
                    used.add(("body", str(subtree.data)))
                elif subtree.data == "cost":
                    used |= {("cost", str(part.data) if part.data in costs else "instruction")
                             for part in subtree.children if isinstance(part, Tree)}
                for category, alternatives in names.items():
                    if subtree.data in alternatives:
                        used.add((category, str(subtree.data)))
    return used


def test_the_card_text_forms_are_read_from_the_grammars():
    forms = card_text_forms()
    assert {("kind", "entrance"), ("card type", "main character"), ("cost", "tap_self"),
            ("cost", "instruction"), ("instruction", "draw"), ("target", "opposing"),
            ("condition", "harmony_paid")} <= forms
    assert len(forms) > 50


def test_the_tcg_examples_use_every_form_of_card_text():
    used = set()
    for scenario_file in _parsed_examples("tcg"):
        used |= used_card_text(scenario_file)
    missing = sorted(card_text_forms() - used)
    assert not missing, f"TCG card text with no example in docs/scenarios.rst: {missing}"
