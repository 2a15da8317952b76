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


def test_search(client, site):
    body = client.get("/api/search?q=faceoff&limit=5").get_json()
    assert body["query"] == "faceoff" and body["count"] == len(body["results"]) == 5
    first = body["results"][0]
    assert {"id", "kind", "game", "edition", "number", "title", "url", "snippet", "snippet_parts",
            "game_label", "edition_label", "context"} <= set(first)
    assert [r["id"] for r in body["results"]] == [r.id for r in site.finder.search("faceoff", limit=5)]
    assert any(marked for r in body["results"] for _, marked in r["snippet_parts"])


def test_search_escapes_the_snippet(client):
    body = client.get("/api/search", query_string={"q": "<b>faceoff</b>"}).get_json()
    for result in body["results"]:
        assert "<b>" not in result["snippet"]


@pytest.mark.parametrize("query, says", [
    ({"q": "x" * 501}, "limit is 500"),
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
