"""The unnumbered documents as pages with section anchors."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("document", ["ccg/quickstart-2014", "ccg/limited-2.0", "ccg/tfr-2.3"])
def test_every_section_has_an_anchor_and_a_contents_entry(client, page, rule_graph, document):
    parsed = page(client, "/" + document)
    anchors = {s["id"] for s in parsed.find("section", class_="doc-section")}
    sections = rule_graph.nodes("section", document)
    assert anchors == {rule_graph.node(n)["key"] for n in sections}
    titled = [n for n in sections if rule_graph.node(n)["title"]]
    assert all("#" + rule_graph.node(n)["key"] in parsed.hrefs() for n in titled)
    for node in sections[:10]:
        for paragraph in rule_graph.node(node)["paragraphs"][:1]:
            assert " ".join(paragraph.split())[:40] in parsed.all_text


def test_credits(client, page):
    parsed = page(client, "/ccg/3.4/credits")
    assert "Rules Design" in parsed.all_text


def test_document_of_the_other_game(client, page):
    parsed = page(client, "/tcg/official")
    assert "/tcg/official/chapter-1" in parsed.hrefs() and "/tcg/official/glossary" in parsed.hrefs()
