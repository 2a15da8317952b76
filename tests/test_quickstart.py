"""Tests of :mod:`rulebase.quickstart`: the links from the quickstart's
sections to the current rules, and the reviewed list of conflicts (every
quotation checked against the graph)."""

from __future__ import annotations

import doctest
import json

import pytest
from click.testing import CliRunner

from rulebase import quickstart
from rulebase.cli import main
from rulebase.quickstart import (
    QuickstartError,
    check_conflicts,
    check_links,
    conflicts,
    load_conflicts,
    loose,
    section_links,
)


@pytest.fixture(scope="module")
def links(rule_graph):
    return {row["section"]: row for row in section_links(rule_graph)}


@pytest.fixture(scope="module")
def entries():
    return load_conflicts()


# -- the reviewed conflicts --------------------------------------------------------------


def test_every_quotation_stands_in_the_node_it_names(rule_graph, entries):
    assert entries
    for entry in entries:
        section, rule = rule_graph.node(entry["section"]), rule_graph.node(entry["rule"])
        assert section["kind"] == "section" and section["document"] == quickstart.QUICKSTART
        assert rule["kind"] in ("rule", "glossary") and rule["edition"] == "3.4"
        assert loose(entry["quote"]) in loose(section["text"]), entry["topic"]
        assert loose(entry["rule_quote"]) in loose(rule["text"]), entry["topic"]
        for node in entry["see_also"]:
            assert node in rule_graph
    assert check_conflicts(rule_graph, entries) == []


def test_the_known_disagreements_are_listed(entries):
    by_rule = {(entry["section"].rsplit("/", 1)[-1], entry["rule"]) for entry in entries}
    # when a Problem's bonus is scored
    assert ("resolving-problems", "ccg/3.4/210.1") in by_rule
    # Villain against Epic Troublemakers
    assert ("troublemaker-phase", "ccg/3.4/607.1") in by_rule
    assert ("keywords", "ccg/3.4/glossary/villain") in by_rule
    # Supportive X wording, double against multi Problem faceoffs
    assert ("keywords", "ccg/3.4/glossary/supportive-x") in by_rule
    assert ("resolving-faceoffs", "ccg/3.4/612.1") in by_rule


def test_each_conflict_names_both_sides(rule_graph):
    listed = conflicts(rule_graph)
    assert len(listed) == len(load_conflicts())
    for entry in listed:
        assert entry["section"]["title"] and entry["rule"]["quote"] and entry["explanation"]
        assert entry["rule"]["number"] or entry["rule"]["title"]
    json.dumps(listed)


def test_a_misquotation_is_found(rule_graph, tmp_path, entries):
    path = tmp_path / "conflicts.toml"
    path.write_text(
        '[[conflict]]\ntopic = "t"\nsection = "ccg/quickstart-2014/keywords"\nquote = "Villain: When this card"\n'
        'rule = "ccg/3.4/210.1"\nrule_quote = "the first player to confront"\nexplanation = "e"\n', encoding="utf-8")
    problems = check_conflicts(rule_graph, load_conflicts(path))
    assert problems == ["conflict 1 (t): 'the first player to confront' is not in ccg/3.4/210.1"]
    with pytest.raises(QuickstartError, match="is not in ccg/3.4/210.1"):
        conflicts(rule_graph, path)
    path.write_text('[[conflict]]\ntopic = "t"\nsection = "ccg/quickstart-2014/nowhere"\nquote = "q"\n'
                    'rule = "ccg/quickstart-2014/keywords"\nrule_quote = "q"\nexplanation = "e"\n', encoding="utf-8")
    problems = check_conflicts(rule_graph, load_conflicts(path))
    assert problems[0] == "conflict 1 (t): no node 'ccg/quickstart-2014/nowhere'"
    assert "is a section, not a rule or glossary" in problems[1]


def test_a_malformed_table_is_a_clear_error(tmp_path):
    path = tmp_path / "conflicts.toml"
    path.write_text('[[conflict]]\ntopic = "t"\n', encoding="utf-8")
    with pytest.raises(QuickstartError, match=r"conflicts\.toml: conflict 1 has no section, quote, rule"):
        load_conflicts(path)
    path.write_text("[[conflict]\n", encoding="utf-8")
    with pytest.raises(QuickstartError, match=r"conflicts\.toml: "):
        load_conflicts(path)


# -- links from sections to rules ---------------------------------------------------------------


def test_every_section_is_listed_in_order(rule_graph, links):
    assert list(links) == rule_graph.nodes("section", quickstart.QUICKSTART)


def test_links_name_current_rules_and_glossary_entries(rule_graph, links):
    for row in links.values():
        for link in row["links"]:
            data = rule_graph.node(link["node"])
            assert data["kind"] in ("rule", "glossary") and data["edition"] == "3.4"
            assert link["why"] in ("title", "words", "term", "reviewed", "conflict")


@pytest.mark.parametrize("section,rule", [
    ("ready-phase", "ccg/3.4/602"),            # a heading with the same title
    ("exhausted-cards", "ccg/3.4/503.5"),      # shared words
    ("retired", "ccg/3.4/410.2"),
    ("banished", "ccg/3.4/410.5"),
    ("home", "ccg/3.4/616.3"),
    ("keywords", "ccg/3.4/glossary/villain"),  # a glossary term used
    ("deck-building", "ccg/3.4/101"),          # "Deck Building" is "Deckbuilding"
    ("resolving-problems", "ccg/3.4/611.4"),
    ("end-phase", "ccg/3.4/616.3"),
])
def test_sections_link_to_the_rules_covering_them(links, section, rule):
    assert rule in [link["node"] for link in links[f"{quickstart.QUICKSTART}/{section}"]["links"]]


def test_the_rules_a_section_disagrees_with_are_linked(links, entries):
    for entry in entries:
        linked = {link["node"]: link["why"] for link in links[entry["section"]]["links"]}
        assert linked.get(entry["rule"]) == "conflict"


def test_reviewed_links_apply(links):
    assert links[f"{quickstart.QUICKSTART}/contents"]["links"] == []
    assert links[f"{quickstart.QUICKSTART}/game-setup"]["links"][0] == {
        "node": "ccg/3.4/102", "score": 1.0, "why": "reviewed"}


def test_the_reviewed_link_table_names_real_nodes(rule_graph):
    assert check_links(rule_graph) == []


def test_a_bad_link_table_is_reported(rule_graph, tmp_path):
    path = tmp_path / "links.toml"
    path.write_text('[[section]]\nid = "ccg/quickstart-2014/nowhere"\nadd = ["ccg/3.4/999.1"]\nreason = "r"\n',
                    encoding="utf-8")
    assert check_links(rule_graph, path) == [
        f"{path}: no section 'ccg/quickstart-2014/nowhere' in the graph",
        f"{path}: section ccg/quickstart-2014/nowhere: no node 'ccg/3.4/999.1' in the graph"]
    path.write_text('[[section]]\nid = "x"\ncolour = "red"\n', encoding="utf-8")
    with pytest.raises(QuickstartError, match="unknown keys colour"):
        check_links(rule_graph, path)


# -- command line ---------------------------------------------------------------------------------


def test_cli_quickstart_conflicts():
    runner = CliRunner()
    result = runner.invoke(main, ["quickstart-conflicts"], catch_exceptions=False)
    assert result.exit_code == 0
    assert "When a Problem's bonus is scored" in result.output and "3.4 210.1:" in result.output
    data = json.loads(runner.invoke(main, ["quickstart-conflicts", "--json"]).output)
    assert len(data) == len(load_conflicts())
    links = json.loads(runner.invoke(main, ["quickstart-conflicts", "--links", "--json"]).output)
    assert {row["section"] for row in links} >= {f"{quickstart.QUICKSTART}/ready-phase"}
    text = runner.invoke(main, ["quickstart-conflicts", "--links"]).output
    assert f"{quickstart.QUICKSTART}/ready-phase: 602" in text


def test_docstring_examples():
    assert doctest.testmod(quickstart).failed == 0
