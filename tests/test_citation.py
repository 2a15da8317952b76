"""The citation of a rule as judges paste it into a ruling."""

from __future__ import annotations

import pytest

from rulebase.citation import citation, source_name
from rulebase.errors import UnknownRuleError


def test_a_rule_is_cited_by_edition_number_text_and_permalink(rule_graph):
    cited = citation(rule_graph, "ccg/3.4/514.4c", "/ccg/514.4c")
    text = " ".join(rule_graph.node("ccg/3.4/514.4c")["text"].split())
    assert str(cited) == f"CR 3.4, 514.4c: {text} (/ccg/514.4c)"
    assert str(cited.at("https://rules.example/")) == f"CR 3.4, 514.4c: {text} (https://rules.example/ccg/514.4c)"


def test_a_text_of_several_lines_is_cited_on_one(rule_graph):
    node = "tcg/official/101.1.0"
    assert "\n" in rule_graph.node(node)["text"]
    cited = citation(rule_graph, node, "/tcg/101.1.0")
    assert "\n" not in cited.lead and cited.lead.startswith("TCG Official Rules, 101.1.0: If a card's effect")


@pytest.mark.parametrize("node, lead", [
    ("ccg/3.4/514", "CR 3.4, 514 Faceoffs"),
    ("ccg/3.4/604.1", "CR 3.4, 604.1 (printed as 601.1): "),
    ("ccg/earlier/705.2b~2", "CR earlier edition, 705.2b (the second 705.2b): "),
    ("ccg/3.4-pdf/101.1", "CR 3.4 (PDF extract), 101.1: "),
    ("ccg/3.4/glossary/swift", "CR 3.4 Glossary, Swift: A keyword ability"),
])
def test_headings_misprints_other_editions_and_glossary_entries(rule_graph, node, lead):
    assert citation(rule_graph, node, "/x").lead.startswith(lead)


def test_the_sources_of_each_rules_document(rule_graph):
    names = {doc["id"]: source_name(rule_graph, doc["id"]) for doc in rule_graph.documents()
             if doc["doc_kind"] == "comprehensive rules"}
    assert names == {"ccg/3.4": "CR 3.4", "ccg/earlier": "CR earlier edition", "ccg/3.4-pdf": "CR 3.4 (PDF extract)",
                     "tcg/official": "TCG Official Rules"}


def test_only_rules_and_glossary_entries_are_cited(rule_graph):
    with pytest.raises(ValueError, match="ccg/3.4/chapter-5: only a rule or a glossary entry is cited, not a chapter"):
        citation(rule_graph, "ccg/3.4/chapter-5", "/x")
    with pytest.raises(UnknownRuleError, match="ccg/3.4/999.9"):
        citation(rule_graph, "ccg/3.4/999.9", "/x")
