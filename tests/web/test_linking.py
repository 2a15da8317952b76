"""Cutting a node's text into plain text, references and glossary terms."""

from __future__ import annotations

import pytest

from rulebase.web.catalog import Catalog
from rulebase.web.linking import linked_paragraphs


@pytest.fixture(scope="module")
def catalog(rule_graph):
    return Catalog(rule_graph)


def test_the_text_is_kept_whole(catalog, rule_graph):
    for node in rule_graph.nodes("rule") + rule_graph.nodes("glossary"):
        paragraphs = linked_paragraphs(catalog, node)
        text = "\n".join("".join(s.text for s in p) for p in paragraphs)
        assert text == "\n".join(line for line in rule_graph.node(node)["text"].split("\n") if line), node


def test_every_cited_rule_is_linked(catalog, rule_graph):
    for node in rule_graph.nodes("rule"):
        linked = {s.href for p in linked_paragraphs(catalog, node) for s in p if s.kind == "ref"}
        assert {catalog.url(target) for target in rule_graph.cites(node)} <= linked, node


def test_a_tcg_see_reference_to_nothing_is_broken(catalog):
    segments = [s for p in linked_paragraphs(catalog, "tcg/official/102.1.2") for s in p]
    assert [s.text for s in segments if s.kind == "broken"] == ["204.4.0"]


def test_each_term_is_linked_once(catalog, rule_graph):
    for node in rule_graph.nodes("rule", "ccg/3.4"):
        terms = [s.href for p in linked_paragraphs(catalog, node) for s in p if s.kind == "term"]
        assert len(terms) == len(set(terms))
        assert set(terms) <= {catalog.url(t) for t in rule_graph.terms(node)}
