"""The rule pages: permalinks, linked text, sub-rules, citations, history,
lint findings, the text as printed, the graph picture, and unknown rules."""

from __future__ import annotations

import html
import re

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


def _between(body: str, start: str, end: str) -> str:
    begin = body.index(start)
    return body[begin: body.index(end, begin)]


def test_a_rule_is_shown_under_its_parent_among_its_siblings(client, page, rule_graph):
    body = client.get("/ccg/514.4c").get_data(as_text=True)
    parsed = page(client, "/ccg/514.4c")
    parent = _between(body, '<div class="parent-rule">', '<ol class="tree siblings')
    assert 'href="/ccg/514.4"' in parent and rule_graph.node("ccg/3.4/514.4")["text"] in html.unescape(parent)
    siblings = _between(body, '<ol class="tree siblings', '<section class="citation"')
    words = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", siblings)).split())
    for sibling in rule_graph.children("ccg/3.4/514.4"):
        key = rule_graph.node(sibling)["key"]
        assert " ".join(rule_graph.node(sibling)["text"].split()) in words
        if key != "514.4c":
            assert f'href="/ccg/{key}"' in siblings
    this = parsed.find("li", class_="this")
    assert len(this) == 1 and this[0]["aria-current"] == "page" and this[0]["id"] == "r-514.4c"
    assert 'href="/ccg/514.4c"' not in siblings  # the rule itself is highlighted, not linked


def test_previous_next_and_up_are_rel_links_in_document_order(client, page, rule_graph):
    rules = rule_graph.nodes("rule", "ccg/3.4")
    index = rules.index("ccg/3.4/514.4c")
    parsed = page(client, "/ccg/514.4c")
    rel = {a["rel"]: a["href"] for a in parsed.find("a") if a.get("rel")}
    assert rel == {"prev": "/ccg/" + rule_graph.node(rules[index - 1])["key"],
                   "next": "/ccg/" + rule_graph.node(rules[index + 1])["key"], "up": "/ccg/514.4"}
    assert "keys-hint" in client.get("/ccg/514.4c").get_data(as_text=True)
    first = page(client, "/ccg/" + rule_graph.node(rules[0])["key"])
    assert not first.find("a", rel="prev") and "First rule" in first.all_text
    assert first.find("a", rel="up")[0]["href"] == "/ccg/3.4/chapter-1"
    last = page(client, "/ccg/" + rule_graph.node(rules[-1])["key"])
    assert not last.find("a", rel="next") and "Last rule" in last.all_text


def test_a_section_among_many_shows_the_nearest_and_counts_the_rest(client, page, rule_graph):
    sections = [n for n in rule_graph.children("ccg/3.4/chapter-5") if rule_graph.node(n)["kind"] == "rule"]
    index = sections.index("ccg/3.4/516")
    parsed = page(client, "/ccg/516")
    shown = [a["href"] for a in parsed.find("a", class_="num") if a["href"] in
             {"/ccg/" + rule_graph.node(n)["key"] for n in sections}]
    assert shown == ["/ccg/" + rule_graph.node(n)["key"] for n in sections[index - 2: index + 3] if n != "ccg/3.4/516"]
    assert f"{index - 2} rules before" in parsed.all_text
    assert f"{len(sections) - index - 3} rules after" in parsed.all_text
    # Its own rules stay in full under it.
    assert all("/ccg/" + rule_graph.node(n)["key"] in parsed.hrefs("num") for n in rule_graph.children("ccg/3.4/516"))


def test_a_chapter_links_the_chapters_around_it(client, page):
    parsed = page(client, "/ccg/3.4/chapter-5")
    assert parsed.find("a", rel="prev")[0]["href"] == "/ccg/3.4/chapter-4"
    assert parsed.find("a", rel="next")[0]["href"] == "/ccg/3.4/chapter-6"
    assert parsed.find("a", rel="up")[0]["href"] == "/ccg/3.4"


def test_the_citation_is_written_on_the_page(client, page, rule_graph):
    from rulebase.citation import citation

    parsed = page(client, "/ccg/514.4c")
    cited = citation(rule_graph, "ccg/3.4/514.4c", "/ccg/514.4c")
    body = client.get("/ccg/514.4c").get_data(as_text=True)
    text = html.unescape(_between(body, '<p class="citation-text" id="citation">', "</p>"))
    assert " ".join(text.replace('<p class="citation-text" id="citation">', "").split()).endswith(
        f'{cited.lead} (<a class="citation-link" href="/ccg/514.4c">/ccg/514.4c</a>)')
    button = parsed.find("button", class_="copy-citation")
    assert button and button[0]["data-copy"] == "citation" and "hidden" in button[0]  # shown by the script
    mounted = client.get("/ccg/514.4c", base_url="http://localhost/rules/").get_data(as_text=True)
    assert 'class="citation-link" href="/rules/ccg/514.4c">/rules/ccg/514.4c</a>' in mounted


def test_a_hostile_text_in_a_citation_is_escaped(client, app):
    from rulebase.citation import Citation

    with app.test_request_context("/"):
        from flask import render_template_string

        out = render_template_string('{% import "_macros.html" as m %}{{ m.citation_box(c) }}',
                                     c=Citation("CR 3.4", "1.1", "", "<script>x</script>", "/ccg/1.1"))
    assert "<script>" not in out and "&lt;script&gt;x&lt;/script&gt;" in out


@pytest.mark.parametrize("url, document, words", [
    ("/ccg/514.4c", "ccg/3.4", "dated 27 July 2016"),
    ("/ccg/514", "ccg/3.4", "dated 27 July 2016"),
    ("/ccg/3.4/chapter-5", "ccg/3.4", "dated 27 July 2016"),
    ("/ccg/3.4", "ccg/3.4", "dated 27 July 2016"),
    ("/ccg/earlier/409.6", "ccg/earlier", "undated"),
    ("/tcg/101.1.0", "tcg/official", "undated"),
    ("/ccg/glossary", "ccg/3.4", "dated 27 July 2016"),
    ("/ccg/earlier/glossary", "ccg/earlier", "undated"),
    ("/ccg/3.4/glossary/swift", "ccg/3.4", "dated 27 July 2016"),
    ("/ccg/errata", "ccg/ocr-7.2", "dated 27 June 2016"),
    ("/ccg/errata/premiere", "ccg/ocr-7.2", "dated 27 June 2016"),
    ("/ccg/ocr-7.2/premiere/duck-and-cover", "ccg/ocr-7.2", "dated 27 June 2016"),
    ("/ccg/quickstart-2014", "ccg/quickstart-2014", "dated 2014"),
    ("/ccg/limited-2.0", "ccg/limited-2.0", "dated 12 May 2016"),
    ("/ccg/3.4/credits", "ccg/3.4/credits", "dated 27 July 2016"),
])
def test_every_page_names_its_document_edition_and_date(client, page, rule_graph, site, url, document, words):
    parsed = page(client, url)
    body = client.get(url).get_data(as_text=True)
    data = rule_graph.node(document)
    shown = html.unescape(re.sub(r"<[^>]+>", "", _between(body, '<p class="document-line">', "</p>")))
    assert shown == f"From {data['title']}, {site.catalog.edition_label(document)}, {words}"
    times = parsed.find("time")
    assert [t["datetime"] for t in times] == ([data["date"]] if data["date"] else [])
