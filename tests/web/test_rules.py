"""The rule pages: permalinks, linked text, sub-rules, citations, history,
lint findings, the text as printed, the graph picture, and unknown rules."""

from __future__ import annotations

import html

import pytest

from rulebase.lint import findings_for


def test_the_short_permalink_is_the_current_edition(client, page, rule_graph):
    parsed = page(client, "/ccg/514.4c")
    text = rule_graph.node("ccg/3.4/514.4c")["text"]
    assert " ".join(text.split()) in parsed.all_text
    assert parsed.find("link", rel="canonical")[0]["href"] == "/ccg/514.4c"
    crumbs = parsed.hrefs()
    assert "/ccg/514.4" in crumbs and "/ccg/514" in crumbs and "/ccg/3.4/chapter-5" in crumbs
    # The id form of the address shows the same rule.
    assert page(client, "/ccg/3.4/514.4c").all_text == parsed.all_text


@pytest.mark.parametrize("url, node", [
    ("/ccg/earlier/409.6", "ccg/earlier/409.6"),
    ("/tcg/101.1.0", "tcg/official/101.1.0"),
    ("/tcg/official/101.1.0", "tcg/official/101.1.0"),
    ("/ccg/earlier/705.2b~2", "ccg/earlier/705.2b~2"),
    ("/ccg/3.4-pdf/101.1", "ccg/3.4-pdf/101.1"),
    ("/ccg/(514.4c)", "ccg/3.4/514.4c"),
])
def test_other_editions_games_and_forms(client, page, rule_graph, url, node):
    parsed = page(client, url)
    data = rule_graph.node(node)
    assert " ".join(data["text"].split("\n")[0].split()) in parsed.all_text
    assert parsed.find("link", rel="canonical")[0]["href"] in ("/" + node, f"/{data['game']}/{data['key']}")


def test_cross_references_are_links(client, page, rule_graph):
    parsed = page(client, "/ccg/306.2")
    assert rule_graph.cites("ccg/3.4/306.2") == ["ccg/3.4/516"]
    assert "/ccg/516" in parsed.hrefs("xref")


def test_a_reference_to_a_missing_rule_is_marked_not_linked(client, page):
    parsed = page(client, "/ccg/505.3")
    broken = parsed.find("span", class_="broken")
    assert broken and "409.6 is not a rule of this document" in broken[0]["data-tip"]
    assert "/ccg/409.6" not in parsed.hrefs()
    assert "broken-reference" in parsed.all_text and "Error in the document" in parsed.all_text


def test_glossary_terms_are_links_with_their_definition(client, page, rule_graph):
    node = next(n for n in rule_graph.nodes("rule", "ccg/3.4") if rule_graph.terms(n))
    term = rule_graph.terms(node)[0]
    key = rule_graph.node(node)["key"]
    parsed = page(client, f"/ccg/{key}")
    links = {a["href"]: a for a in parsed.find("a", class_="term")}
    assert "/" + term in links
    definition = " ".join(rule_graph.node(term)["text"].split())
    assert links["/" + term]["data-tip"].rstrip("…")[:40] == definition[:40]


def test_sub_rules_and_citing_rules(client, page, rule_graph):
    parsed = page(client, "/ccg/514")
    for child in rule_graph.children("ccg/3.4/514.4"):
        assert "/ccg/" + rule_graph.node(child)["key"] in parsed.hrefs("num")
    cited = page(client, "/ccg/516")
    assert "/ccg/306.2" in cited.hrefs()
    assert "Cited by" in cited.all_text


def test_history_links_each_edition_and_the_diff(client, page, rule_graph):
    parsed = page(client, "/ccg/505.3")
    editions = rule_graph.editions("ccg/3.4/505.3")
    assert editions
    for other, edge in editions:
        assert "/" + other in parsed.hrefs() or f"/ccg/{rule_graph.node(other)['key']}" in parsed.hrefs()
        assert edge["change"] in parsed.all_text
    assert "/ccg/diff/earlier/3.4#505.3" in parsed.hrefs()
    assert "/ccg/history/3.4/505.3" in parsed.hrefs()
    diff = client.get("/ccg/diff/earlier/3.4").get_data(as_text=True)
    assert 'id="505.3"' in diff  # the anchor the rule page links to
    assert client.get("/ccg/history/3.4/505.3").status_code == 200


def test_a_misnumbered_rule_says_so(client, page, rule_graph):
    parsed = page(client, "/ccg/604.1")
    finding = findings_for(rule_graph, "ccg/3.4/604.1")[0]
    assert finding.code == "misnumbered"
    assert "printed as 601.1" in parsed.all_text and finding.message in parsed.all_text


def test_the_text_as_printed_is_in_a_details_element(client, rule_graph):
    body = client.get("/ccg/514.4c").get_data(as_text=True)
    printed = rule_graph.node("ccg/3.4/514.4c")["printed"]
    assert '<details class="printed">' in body
    assert html.escape(printed.strip(), quote=False)[:60] in body


def test_the_neighbourhood_picture(client, rule_graph):
    body = client.get("/ccg/516").get_data(as_text=True)
    svg = body[body.index("<svg"): body.index("</svg>")]
    assert 'class="neighbourhood"' in svg
    assert 'href="/ccg/306.2"' in svg  # cited by
    assert 'href="/ccg/3.4/chapter-5"' in svg  # parent
    assert 'href="/ccg/516.1"' in svg  # a sub-rule
    assert "<title" in svg


def test_chapter_and_document_pages(client, page, rule_graph):
    chapter = page(client, "/ccg/3.4/chapter-5")
    assert all("/ccg/" + rule_graph.node(n)["key"] in chapter.hrefs() for n in rule_graph.children("ccg/3.4/chapter-5"))
    document = page(client, "/ccg/3.4")
    assert "/ccg/3.4/chapter-1" in document.hrefs() and "/ccg/101" in document.hrefs()
    assert "/ccg/earlier" in document.hrefs() and "/ccg/3.4/glossary" in document.hrefs()


@pytest.mark.parametrize("url, says", [
    ("/ccg/514.4z", "There is no rule 514.4z"),
    ("/ccg/999.9", "There is no rule 999.9"),
    ("/ccg/1999/514.4", "no edition '1999'"),
    ("/tcg/514.4c", "There is no rule 514.4c"),
    ("/ccg/not-a-rule", "There is no page"),
    ("/pony/514.4", "There is no page"),
])
def test_unknown_rules_and_editions_are_404_with_suggestions(client, page, url, says):
    parsed = page(client, url, 404)
    assert says in parsed.all_text
    assert "Traceback" not in parsed.all_text


def test_the_404_page_suggests_the_nearest_rules(client, page):
    parsed = page(client, "/ccg/514.4z", 404)
    near = parsed.hrefs()
    assert "Perhaps you meant" in parsed.all_text
    assert any(href.startswith("/ccg/514.4") for href in near)


@pytest.mark.parametrize("url", [
    "/ccg/<script>alert(1)</script>",
    "/ccg/%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    "/ccg/earlier/<img src=x onerror=alert(1)>",
    '/ccg/"><svg onload=alert(1)>',
])
def test_hostile_paths_are_escaped(client, url):
    response = client.get(url)
    assert response.status_code == 404
    body = response.get_data(as_text=True)
    assert "<script>alert" not in body and "<img src=x" not in body and "<svg onload" not in body


@pytest.mark.parametrize("url", ["/ccg/../../etc/passwd", "/ccg/..%2F..%2Fetc%2Fpasswd", "/ccg/3.4/../../pyproject.toml",
                                 "/tcg/%2e%2e/%2e%2e/corpus/manifest.toml"])
def test_path_traversal_finds_nothing(client, url):
    response = client.get(url)
    assert response.status_code == 404
    assert b"root:" not in response.data and b"[[file]]" not in response.data


def test_a_very_long_address_is_a_plain_404(client):
    response = client.get("/ccg/" + "514.4" * 2000)
    assert response.status_code == 404 and b"Traceback" not in response.data


def test_a_section_of_a_document_goes_to_its_anchor(client):
    response = client.get("/ccg/quickstart-2014/score-phase")
    assert response.status_code == 302 and response.headers["Location"] == "/ccg/quickstart-2014#score-phase"


def test_pages_are_rendered_once_per_rule_whatever_the_address(app, client):
    first = client.get("/ccg/514.4c").data
    pages = app.extensions["rulebase.pages"]
    assert pages["node:ccg/3.4/514.4c"] == first.decode()
    size = len(pages)
    for url in ["/ccg/514.4c", "/ccg/3.4/514.4c", "/ccg/rule%20514.4c", "/ccg/rule%20%20%20514.4c", "/ccg/(514.4c)"]:
        assert client.get(url).data == first, url
    assert len(pages) == size
