"""Tests of :mod:`rulebase.diff`: the diff of two editions (on the corpus
and on a tiny made-up rules text in three editions,
``tests/data/diff/corpus``), references, the glossary, histories, the
renumbering map and ``rulebase diff``.  Word diffs are tested in
``test_diff_words.py``, the card errata in ``test_errata.py``."""

from __future__ import annotations

import csv
import doctest
import io
import json
import pkgutil
import re
from collections import Counter
from importlib import import_module
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulebase import diff as differ
from rulebase import graph as graphs
from rulebase.cli import main
from rulebase.diff import (
    DiffError,
    UnknownEditionError,
    diff_editions,
    diff_record,
    history,
    renumbering,
)
from rulebase.graph import Edge
from rulebase.lint import lint_cached

TINY = Path(__file__).parent / "data" / "diff" / "corpus"


@pytest.fixture(scope="module")
def tiny():
    return graphs.load(str(TINY))


@pytest.fixture(scope="module")
def editions(rule_graph):
    return diff_editions(rule_graph, "earlier", "3.4")


def by_keys(graph, diff):
    return {(graph.node(c.old)["key"] if c.old else None, graph.node(c.new)["key"] if c.new else None): c
            for c in diff.changes}


def joined(segments, *ops):
    return "".join(s["text"] for s in segments if s["op"] in ops)


# -- the earlier edition against 3.4 -------------------------------------------------------


def test_every_rule_of_both_editions_is_accounted_for_once(rule_graph, editions):
    old_rules = rule_graph.nodes("rule", "ccg/earlier")
    new_rules = rule_graph.nodes("rule", "ccg/3.4")
    olds = Counter(c.old for c in editions.changes if c.old and c.kind != "split")
    news = Counter(c.new for c in editions.changes if c.new and c.kind != "merged")
    assert olds == Counter(old_rules) and news == Counter(new_rules)


def test_the_summary_agrees_with_the_graph(rule_graph, editions):
    summary = editions.summary()
    edges = Counter()
    linked_old, linked_new = set(), set()
    for source, target, key, data in rule_graph.g.edges(keys=True, data=True):
        if key == Edge.SAME_RULE and rule_graph.node(source)["document"] == "ccg/earlier" \
                and rule_graph.node(source)["kind"] == "rule" and rule_graph.node(target)["document"] == "ccg/3.4":
            edges[data["change"]] += 1
            linked_old.add(source)
            linked_new.add(target)
    for kind in ("unchanged", "reworded", "renumbered", "renumbered and reworded"):
        assert summary["by_kind"][kind] == edges[kind]
    added = len(set(rule_graph.nodes("rule", "ccg/3.4")) - linked_new)
    removed = len(set(rule_graph.nodes("rule", "ccg/earlier")) - linked_old)
    assert summary["by_kind"]["added"] + summary["by_kind"]["split"] == added
    assert summary["by_kind"]["removed"] + summary["by_kind"]["merged"] == removed
    sections = Counter()
    for entry in summary["by_section"]:
        sections.update(entry["counts"])
    assert dict(sections) == {k: v for k, v in summary["by_kind"].items() if v}


def test_changes_stand_in_new_document_order(rule_graph, editions):
    position = {node: index for index, node in enumerate(rule_graph.nodes("rule", "ccg/3.4"))}
    order = [position[c.new] for c in editions.changes if c.new and c.kind != "merged"]
    assert order == sorted(order)
    keys = [rule_graph.node(c.old)["key"] if c.old else None for c in editions.changes]
    # the rules that left stand right after the rule before them
    assert keys[keys.index("515.2b") - 1] == "515.2a" and keys.index("611.4a") > keys.index("611.4")


def test_the_renumbering_and_rewordings_of_3_4(rule_graph, editions):
    changes = by_keys(rule_graph, editions)
    assert changes[("409.6", "410.6")].kind == "renumbered"
    pay = changes[("705.2c", "705.2d")]
    assert pay.kind == "renumbered and reworded"
    assert joined(pay.diff, "insert").startswith("Effects which happen as a player plays a card")
    bonus = changes[("210.1", "210.1")]
    assert bonus.kind == "reworded" and "winning a Problem Faceoff" in joined(bonus.diff, "insert")
    assert "the first" in joined(bonus.diff, "delete")
    assert changes[(None, "409")].kind == "added" and changes[("611.4a", None)].kind == "removed"
    forced = changes[("616.1a", "616.4a")]
    assert forced.forced and forced.kind == "renumbered and reworded"


def test_noise_only_rules_are_unchanged_and_shown_with_the_switch(rule_graph):
    quiet = diff_editions(rule_graph, "earlier", "3.4")
    loud = diff_editions(rule_graph, "earlier", "3.4", noise=True)
    change = by_keys(rule_graph, quiet)[("105.3", "105.3")]
    assert change.kind == "unchanged" and change.noise == ["punctuation"]
    assert change not in quiet.select()
    shown = {(c.old, c.new) for c in loud.select(noise=True)}
    assert ("ccg/earlier/105.3", "ccg/3.4/105.3") in shown
    noisy = by_keys(rule_graph, loud)[("105.3", "105.3")]
    assert noisy.diff == [{"op": "equal", "text": "Zero is an even number"}, {"op": "insert", "text": "."}]
    assert [s["op"] for s in change.diff] == ["equal"]


def test_select_by_kind_and_section(rule_graph, editions):
    renumbered = editions.select(kinds=["renumbered"])
    assert renumbered and {c.kind for c in renumbered} == {"renumbered"}
    chapter = editions.select(section="5")
    assert chapter and all(c.section.startswith("5") for c in chapter)
    section = editions.select(section="514")
    assert {c.section for c in section} == {"514"}
    sub = editions.select(section="514.2")
    keys = {rule_graph.node(c.new)["key"] for c in sub}
    assert keys == {"514.2d", "514.2d.i", "514.2e"}
    assert editions.select(kinds=["unchanged"], section="514.4") and \
        all(c.kind == "unchanged" for c in editions.select(kinds=["unchanged"], section="514.4"))


def test_bad_arguments_are_one_line_errors(rule_graph):
    with pytest.raises(UnknownEditionError, match=r"no edition or document '3\.5'; the editions are 3\.4"):
        diff_editions(rule_graph, "earlier", "3.5")
    with pytest.raises(DiffError, match="not editions of the same text"):
        diff_editions(rule_graph, "earlier", "tcg/official")
    with pytest.raises(DiffError, match="the same document"):
        diff_editions(rule_graph, "3.4", "ccg/3.4")
    with pytest.raises(DiffError, match="no kind of change 'moved'"):
        differ.check_kinds(["moved"])
    assert differ.check_kinds(["Renumbered-and-Reworded"]) == ["renumbered and reworded"]
    with pytest.raises(DiffError, match="not a chapter, section or rule number: 'x; drop'"):
        differ.check_section("x; drop")


def test_the_record_has_the_documented_fields(rule_graph, editions):
    record = diff_record(rule_graph, editions, editions.select())
    assert set(record) >= {"summary", "changes", "glossary", "findings"}
    for change in record["changes"]:
        assert change["kind"] in differ.KINDS
        for side in ("old", "new"):
            assert change[side] is None or {"number", "text"} <= set(change[side])
        assert isinstance(change["diff"], list)
    json.dumps(record)


# -- references ----------------------------------------------------------------------------------

_CITED = re.compile(r"cites \(([^)]+)\)")


def _lint_references(rule_graph, document):
    return {(f.rule, _CITED.search(f.message).group(1)) for f in lint_cached(rule_graph)
            if f.document == document and f.code in ("broken-reference", "stale-reference")}


@pytest.mark.parametrize("old,new", [("earlier", "3.4"), ("3.4", "earlier")])
def test_reference_findings_agree_with_lint(rule_graph, old, new):
    diff = diff_editions(rule_graph, old, new)
    found = {(f["key"], f["number"]) for f in diff.findings}
    assert found == _lint_references(rule_graph, diff.new)
    assert found


def test_a_stale_reference_names_the_new_number(rule_graph, editions):
    finding = next(f for f in editions.findings if f["key"] == "505.3")
    assert (finding["status"], finding["number"], finding["now"]) == ("stale", "409.6", "410.6")


def test_references_updated_stale_and_broken(tiny):
    diff = diff_editions(tiny, "v1", "v2")
    changes = by_keys(tiny, diff)
    updated = changes[("202.1", "203.1")]
    assert updated.kind == "renumbered"  # the reference followed its rule: no rewording
    assert [(r["status"], r["was"], r["now"]) for r in updated.references] == [("updated", "201.2", "202.2")]
    stale = changes[("202.2", "203.2")]
    assert stale.kind == "renumbered"
    assert [(r["status"], r["now"]) for r in stale.references] == [("stale", "202.1")]
    broken = changes[("202.3", "203.3")]
    assert [r["status"] for r in broken.references] == ["broken"]
    assert {(f["key"], f["status"]) for f in diff.findings} == {("203.2", "stale"), ("203.3", "broken")}


# -- split, merged, glossary, history and the map on the tiny corpus -----------------------------------


def test_tiny_corpus_kinds(tiny):
    diff = diff_editions(tiny, "v1", "v2")
    assert diff.summary()["by_kind"] == {"unchanged": 4, "reworded": 2, "renumbered": 7,
                                         "renumbered and reworded": 1, "added": 2, "removed": 0,
                                         "split": 1, "merged": 1}
    changes = by_keys(tiny, diff)
    split = changes[("101.2", "101.3")]
    assert split.kind == "split" and tiny.node(split.partner)["key"] == "101.2"
    merged = changes[("102.3", "102.2")]
    assert merged.kind == "merged" and tiny.node(merged.partner)["key"] == "102.2"
    assert changes[("101.3", "101.4")].kind == "renumbered"
    assert changes[("201", "202")].kind == "renumbered"


def test_glossary_added_removed_redefined(tiny, editions):
    diff = diff_editions(tiny, "v1", "v2")
    kinds = {entry["term"]: entry["kind"] for entry in diff.glossary}
    assert kinds == {"Swift": "unchanged", "Villain": "redefined", "Calming X": "added", "Random": "removed"}
    swift = next(e for e in diff.glossary if e["term"] == "Swift")
    assert "quotes" in swift["noise"]
    real = {entry["term"]: entry["kind"] for entry in editions.glossary}
    assert real["Calming X"] == "added" and real["Caretaker"] == "redefined"
    assert real["Swift"] == "unchanged"  # "[1 action token]" and "①" are the same icon
    assert not [e for e in editions.glossary if e["kind"] == "removed"]


def test_glossaries_diff_on_their_own(tiny):
    diff = diff_editions(tiny, "ccg/v1/glossary", "ccg/v2/glossary")
    assert diff.changes == [] and {e["kind"] for e in diff.glossary} == {"unchanged", "redefined", "added", "removed"}


def test_history_across_three_editions(tiny):
    events = [(e["edition"], e["event"], e["key"]) for e in history(tiny, "ccg/v3/202.2")]
    assert events == [("v1", "created", "201.2"), ("v2", "renumbered", "202.2"), ("v3", "reworded", "202.2")]
    first = history(tiny, "ccg/v1/201.2")
    assert first[0]["earliest"] and [e["event"] for e in first] == ["created", "renumbered", "reworded"]
    gone = history(tiny, "ccg/v1/101.3")
    assert [(e["edition"], e["event"], e["key"]) for e in gone] == [
        ("v1", "created", "101.3"), ("v2", "renumbered", "101.4"), ("v3", "removed", None)]
    new = history(tiny, "ccg/v3/102.3")
    assert [(e["edition"], e["event"]) for e in new] == [("v3", "created")] and not new[0]["earliest"]
    merged = history(tiny, "ccg/v1/102.3")
    assert [(e["edition"], e["event"], e["key"]) for e in merged][:2] == [("v1", "created", "102.3"), ("v2", "merged", "102.2")]
    villain = history(tiny, "ccg/v2/glossary/villain")
    assert [e["event"] for e in villain] == ["created", "redefined", "unchanged"]


def test_history_in_the_corpus(rule_graph):
    events = [(e["edition"], e["event"], e["key"]) for e in history(rule_graph, "ccg/3.4/410.6")]
    assert events == [("earlier", "created", "409.6"), ("3.4", "renumbered", "410.6")]
    assert [e["event"] for e in history(rule_graph, "ccg/3.4/409.1")] == ["created"]
    pdf = history(rule_graph, "ccg/3.4-pdf/101.1")
    assert [(e["edition"], e["event"]) for e in pdf] == [("earlier", "created"), ("3.4", "unchanged")]
    assert history(rule_graph, "ccg/quickstart-2014/score-phase") == []
    with pytest.raises(differ.UnknownRuleError):
        history(rule_graph, "ccg/3.4/999.9")


def test_renumbering_map(rule_graph, tiny):
    rows = renumbering(rule_graph, "earlier", "3.4")
    assert [row["old"] for row in rows] == [rule_graph.node(n)["key"] for n in rule_graph.nodes("rule", "ccg/earlier")]
    mapping = {row["old"]: row["new"] for row in rows}
    assert mapping["409.6"] == "410.6" and mapping["611.4a"] is None and mapping["705.2c"] == "705.2d"
    tiny_map = {row["old"]: (row["new"], row["kind"]) for row in renumbering(tiny, "v1", "v2")}
    assert tiny_map["102.3"] == ("102.2", "merged") and tiny_map["201.2"] == ("202.2", "renumbered")


# -- command line ----------------------------------------------------------------------------------


@pytest.fixture
def run():
    runner = CliRunner()
    return lambda *args: runner.invoke(main, list(args), catch_exceptions=False)


def test_cli_diff_text_and_json(run, editions):
    result = run("diff", "earlier", "3.4")
    assert result.exit_code == 0
    assert result.output.startswith("My Little Pony CCG Comprehensive Rules: earlier -> 3.4")
    counts = ", ".join(f"{n} {kind}" for kind, n in editions.summary()["by_kind"].items())
    assert f"Summary: {counts}\n" in result.output
    assert "409.6 -> 410.6" in result.output and "how many[- additional-] points" in result.output
    data = json.loads(run("diff", "earlier", "3.4", "--json", "--section", "5", "--kind", "renumbered").output)
    assert data["changes"] and {c["kind"] for c in data["changes"]} == {"renumbered"}
    assert all(c["new"]["number"].startswith("5") for c in data["changes"])
    assert data["summary"]["by_kind"]["renumbered"] == len(data["changes"])
    first = data["changes"][0]
    assert {"kind", "old", "new", "diff"} <= set(first) and {"number", "text"} <= set(first["old"])


def test_cli_diff_map(run):
    rows = list(csv.DictReader(io.StringIO(run("diff", "earlier", "3.4", "--map").output)))
    assert {"old": "409.6", "new": "410.6", "kind": "renumbered"} in rows
    assert {"old": "611.4a", "new": "", "kind": "removed"} in rows
    data = json.loads(run("diff", "earlier", "3.4", "--map", "--json").output)
    assert len(data) == len(rows)


def test_cli_diff_noise(run):
    quiet, loud = run("diff", "earlier", "3.4", "--section", "105").output, \
        run("diff", "earlier", "3.4", "--section", "105", "--noise").output
    assert "105.3 -> 105.3" not in quiet and "105.3 -> 105.3  [noise: punctuation]" in loud


@pytest.mark.parametrize("args,message", [
    (("diff", "earlier", "9.9"), "Error: no edition or document '9.9'"),
    (("diff", "earlier", "3.4", "--kind", "moved"), "Error: no kind of change 'moved'"),
    (("diff", "earlier", "3.4", "--section", "<script>"), "Error: not a chapter, section or rule number"),
    (("diff", "3.4", "tcg/official"), "Error: ccg/3.4 and tcg/official are not editions of the same text"),
])
def test_cli_errors_are_one_line(run, args, message):
    result = run(*args)
    assert result.exit_code == 1
    assert result.output.startswith(message) and result.output.count("\n") == 1
    assert "Traceback" not in result.output


def test_docstring_examples():
    for module in pkgutil.iter_modules(differ.__path__, "rulebase.diff."):
        assert doctest.testmod(import_module(module.name)).failed == 0, module.name


def test_a_section_number_the_newer_edition_gives_another_heading_counts_apart():
    """Old 201 "Changing Zones" became 202 when a "Flip Zone" was inserted at
    201: a rule removed from the old 201 is not counted under the new one."""
    changes = [differ.Change("added", None, "new/201.1", "201", "Flip Zone", "new"),
               differ.Change("removed", "old/201.3", None, "201", "Changing Zones", "old"),
               differ.Change("renumbered", "old/201.1", "new/202.1", "202", "Changing Zones", "new")]
    summary = differ.EditionDiff("old", "new", changes, [], []).summary()
    assert [(s["section"], s["title"], s["side"], s["counts"]) for s in summary["by_section"]] == [
        ("201", "Flip Zone", "new", {"added": 1}),
        ("201", "Changing Zones", "old", {"removed": 1}),
        ("202", "Changing Zones", "new", {"renumbered": 1}),
    ]
