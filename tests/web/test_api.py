"""The JSON API."""

from __future__ import annotations

import pytest

from rulebase import views


def test_index_lists_the_routes(client):
    routes = client.get("/api/").get_json()
    assert set(routes) == {"rule", "search", "glossary", "errata", "documents", "card", "cards"}
    for url in routes.values():
        assert client.get(url).status_code == 200, url


@pytest.mark.parametrize("ident, node", [("514.4c", "ccg/3.4/514.4c"), ("ccg/earlier/409.6", "ccg/earlier/409.6"),
                                         ("101.1.0", "tcg/official/101.1.0"),
                                         ("ccg/3.4/glossary/swift", "ccg/3.4/glossary/swift")])
def test_rule_records(client, rule_graph, ident, node):
    record = client.get(f"/api/rule/{ident}").get_json()
    assert record == {**views.rule_record(rule_graph, node), "url": record["url"]}
    assert client.get(record["url"]).status_code == 200


def test_rule_by_number_in_an_edition(client):
    assert client.get("/api/rule/409.6?edition=earlier").get_json()["id"] == "ccg/earlier/409.6"


@pytest.mark.parametrize("url", ["/api/rule/514.4z", "/api/rule/<script>", "/api/rule/../../etc/passwd",
                                 "/api/rule/514.4?edition=1999", "/api/nope"])
def test_unknown_things_are_json_404s(client, url):
    response = client.get(url)
    assert response.status_code == 404 and response.mimetype == "application/json"
    body = response.get_json()
    assert body["status"] == 404 and body["error"]


def test_unknown_rule_suggests_the_closest(client):
    body = client.get("/api/rule/514.4z").get_json()
    assert "closest" in body["error"] and any(s.startswith("ccg/3.4/514.4") for s in body["suggestions"])


@pytest.mark.parametrize("url, closest", [
    ("/api/rule/999.9", ["ccg/3.4/802.4", "ccg/3.4/802.3"]),
    ("/api/rule/514.4z?edition=earlier", ["ccg/earlier/514.4c", "ccg/earlier/514.4b"]),
    ("/api/rule/405.9?game=tcg", ["tcg/official/405.2.0"]),
    ("/api/rule/409.6", ["ccg/3.4/410.6"]),  # the earlier edition's 409.6
])
def test_unknown_numbers_get_the_same_closest_numbers_as_everywhere(client, rule_graph, url, closest):
    from rulebase.errors import UnknownRuleError

    body = client.get(url).get_json()
    assert body["status"] == 404 and body["suggestions"][:len(closest)] == closest
    assert [link["id"] for link in body["closest"]] == body["suggestions"]
    assert all(client.get(link["url"]).status_code == 200 for link in body["closest"])
    ident, _, options = url.removeprefix("/api/rule/").partition("?")
    game = options.removeprefix("game=") if options.startswith("game=") else None
    edition = options.removeprefix("edition=") if options.startswith("edition=") else None
    with pytest.raises(UnknownRuleError) as caught:
        rule_graph.resolve(ident, game=game, edition=edition)
    assert [node.rsplit("/", 1)[1] for node in body["suggestions"]] == caught.value.suggestions
    assert body["error"] == str(caught.value)


def test_search_reports_an_exact_number(client):
    body = client.get("/api/search?q=rule+514.4+c").get_json()
    assert body["number"]["exact"] == {"id": "ccg/3.4/514.4c", "label": "514.4c", "url": "/ccg/514.4c"}
    assert body["number"]["range"] is False and body["number"]["ids"] == ["ccg/3.4/514.4c"]
    assert body["results"][0]["id"] == "ccg/3.4/514.4c"
    assert client.get("/api/search?q=faceoff").get_json()["number"] is None


def test_search_reports_the_rules_of_a_range_or_pattern(client):
    number = client.get("/api/search?q=514.4a-c").get_json()["number"]
    assert number["query"] == "514.4a-514.4c" and number["range"] is True and number["exact"] is None
    assert number["ids"] == ["ccg/3.4/514.4a", "ccg/3.4/514.4a.i", "ccg/3.4/514.4b", "ccg/3.4/514.4c"]
    pattern = client.get("/api/search?q=512.*&limit=5").get_json()
    assert pattern["number"]["query"] == "512.*" and len(pattern["number"]["ids"]) > 5 == pattern["count"]


def test_search_reports_the_closest_to_a_number_that_names_nothing(client):
    number = client.get("/api/search?q=999.9&game=ccg").get_json()["number"]
    assert number["exact"] is None and number["ids"] == []
    assert [link["url"] for link in number["suggestions"]][:2] == ["/ccg/802.4", "/ccg/802.3"]


def test_search_in_both_games(client):
    both = client.get("/api/search?q=card+draw&game=all").get_json()
    assert both["game"] is None and {r["game"] for r in both["results"]} == {"ccg", "tcg"}
    assert client.get("/api/search?q=card+draw&game=chess").status_code == 400


def test_search(client, site):
    body = client.get("/api/search?q=faceoff&limit=5").get_json()
    assert body["query"] == "faceoff" and body["count"] == len(body["results"]) == 5
    first = body["results"][0]
    assert {"id", "kind", "game", "edition", "number", "title", "url", "snippet", "snippet_parts",
            "game_label", "edition_label", "context"} <= set(first)
    assert [r["id"] for r in body["results"]] == [r.id for r in site.search.results("faceoff", limit=5)]
    assert any(marked for r in body["results"] for _, marked in r["snippet_parts"])


def test_search_escapes_the_snippet(client):
    body = client.get("/api/search", query_string={"q": "<b>faceoff</b>"}).get_json()
    for result in body["results"]:
        assert "<b>" not in result["snippet"]


@pytest.mark.parametrize("query, says", [
    ({"q": "x" * 501}, "at most 500 are searched"),
    ({"q": ""}, "give a query"),
    ({"q": "faceoff", "game": "chess"}, "game must be one of"),
    ({"q": "faceoff", "limit": "many"}, "limit must be"),
])
def test_bad_searches_are_json_400s(client, query, says):
    response = client.get("/api/search", query_string=query)
    assert response.status_code == 400 and says in response.get_json()["error"]


def test_glossary(client, rule_graph):
    body = client.get("/api/glossary?game=tcg").get_json()
    assert body["document"] == "tcg/official"
    assert {e["id"] for e in body["entries"]} == set(rule_graph.nodes("glossary", "tcg/official"))
    earlier = client.get("/api/glossary?edition=earlier").get_json()
    assert {e["id"] for e in earlier["entries"]} == set(rule_graph.nodes("glossary", "ccg/earlier/glossary"))


def test_errata(client, rule_graph):
    body = client.get("/api/errata").get_json()
    assert body["count"] == len(rule_graph.nodes("erratum"))
    premiere = client.get("/api/errata?set=Premiere").get_json()
    assert premiere["count"] and all(e["set"] == "Premiere" for e in premiere["errata"])
    duck = next(e for e in premiere["errata"] if e["card"] == "Duck and Cover")
    assert {"text": "After", "changed": True, "mark": "insert"} in duck["diff"]["new"][0]
    assert client.get("/api/errata?set=Nope").status_code == 404
    assert client.get("/api/errata?game=tcg").status_code == 404


def test_documents(client, rule_graph):
    body = client.get("/api/documents").get_json()
    assert {d["id"] for d in body} == set(rule_graph.nodes("document"))
    assert all(client.get(d["url"]).status_code == 200 for d in body)


def test_json_never_carries_markup_characters(client):
    response = client.get("/api/rule/<script>x</script>")
    assert b"<" not in response.data and b">" not in response.data
    assert response.get_json()["error"] == "no rule '<script>x</script>'"
    assert "&" in client.get("/api/search?q=Q%26A").get_json()["query"]
