"""The glossary pages: every term with its definition and the rules using it."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("url, document", [("/ccg/glossary", "ccg/3.4"), ("/ccg/3.4/glossary", "ccg/3.4"),
                                           ("/ccg/earlier/glossary", "ccg/earlier"), ("/tcg/glossary", "tcg/official")])
def test_every_entry_with_its_definition(client, page, site, url, document):
    parsed = page(client, url)
    entries = site.catalog.glossary_entries(document)
    assert entries
    anchors = {div["id"] for div in parsed.find("div", class_="gloss")}
    assert anchors == {site.catalog.data[n]["key"] for n in entries}
    for node in entries:
        first_words = " ".join(site.catalog.data[node]["text"].split())[:30]
        assert first_words in parsed.all_text


def test_the_rules_using_a_term_are_listed(client, page, rule_graph):
    parsed = page(client, "/ccg/glossary")
    used = rule_graph.used_by("ccg/3.4/glossary/dilemma")
    assert used
    for node in used:
        assert "/ccg/" + rule_graph.node(node)["key"] in parsed.hrefs("num")


def test_an_entry_page(client, page, rule_graph):
    parsed = page(client, "/ccg/3.4/glossary/swift")
    assert rule_graph.node("ccg/3.4/glossary/swift")["text"][:30] in parsed.all_text
    assert "/ccg/3.4/glossary" in parsed.hrefs()


def test_an_entry_with_another_edition(client, page, rule_graph):
    node = next(n for n in rule_graph.nodes("glossary", "ccg/3.4/glossary") if rule_graph.editions(n))
    other = rule_graph.editions(node)[0][0]
    assert "/" + other in page(client, "/" + node).hrefs()


@pytest.mark.parametrize("url", ["/ccg/1999/glossary", "/ccg/<b>x</b>/glossary"])
def test_unknown_glossaries(client, url):
    response = client.get(url)
    assert response.status_code == 404 and b"<b>x</b>" not in response.data
