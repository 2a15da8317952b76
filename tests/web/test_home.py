"""The home page and the search results page, with and without JavaScript."""

from __future__ import annotations

import pytest

from rulebase.web import create_app


def test_home_has_a_plain_get_search_form(client, page):
    parsed = page(client, "/")
    form = parsed.find("form", class_="search-big")[0]
    assert form["action"] == "/search" and form["method"] == "get"
    box = parsed.find("input", id="q")[0]
    assert box["name"] == "q" and "data-slash" in box and box["maxlength"] == "500"
    # Both games and their documents are listed.
    assert "/ccg/glossary" in parsed.hrefs() and "/tcg/glossary" in parsed.hrefs() and "/ccg/errata" in parsed.hrefs()


def test_results_show_number_title_highlights_game_and_edition(client, page, site):
    parsed = page(client, "/search?q=faceoff")
    results = parsed.find("li", class_="result")
    assert len(results) == 10
    html = client.get("/search?q=faceoff").get_data(as_text=True)
    assert "<mark>" in html
    assert parsed.find("span", class_="num") and parsed.find("span", class_="badge-ccg")
    assert parsed.find("span", class_="badge-edition")
    expected = [r.url for r in site.finder.search("faceoff", limit=10)]
    assert parsed.hrefs("result-link") == expected


def test_more_results(client, page, site):
    parsed = page(client, "/search?q=faceoff&game=ccg")
    more = parsed.find("p", id="more-results")[0]
    assert "hidden" not in more
    link = [href for href in parsed.hrefs() if "limit=40" in href][0]
    assert "game=ccg" in link
    longer = page(client, link)
    assert len(longer.find("li", class_="result")) == len(site.finder.search("faceoff", game="ccg", limit=40)) > 10
    assert "hidden" in longer.find("p", id="more-results")[0]
    assert client.get("/search?q=faceoff&limit=1000").status_code == 400


def test_a_rule_number_goes_first(client, page):
    parsed = page(client, "/search?q=514.4c")
    assert parsed.hrefs("result-link")[0] == "/ccg/514.4c"
    assert page(client, "/search?q=101.1.0").hrefs("result-link")[0] == "/tcg/101.1.0"


def test_the_game_filter(client, page):
    parsed = page(client, "/search?q=card&game=tcg")
    links = parsed.hrefs("result-link")
    assert links and all(link.startswith("/tcg/") for link in links)
    assert "selected" in parsed.find("option", value="tcg")[0]  # the choice is kept


def test_the_form_and_the_api_give_the_same_results(client, page):
    html_links = page(client, "/search?q=priority+window").hrefs("result-link")
    api = client.get("/api/search?q=priority+window&limit=10").get_json()
    assert html_links == [r["url"] for r in api["results"]]


def test_script_in_a_query_is_escaped(client):
    response = client.get("/search", query_string={"q": '<script>alert("x")</script> faceoff'})
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "<script>alert" not in html
    assert "&lt;script&gt;alert" in html


def test_a_too_long_query_gets_a_clear_message_not_an_error_page(client, page):
    response = client.get("/search", query_string={"q": "faceoff " * 80})
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert "the limit is 500" in html and 'class="search-big"' in html
    assert "Traceback" not in html


def test_an_empty_query_shows_the_home_page(client, page):
    parsed = page(client, "/search?q=++")
    assert not parsed.find("li", class_="result") and "Look up a rule" in parsed.all_text


def test_an_unknown_game_is_a_bad_request(client):
    response = client.get("/search?q=faceoff&game=chess")
    assert response.status_code == 400 and b"game must be one of ccg, tcg" in response.data


def test_the_plain_word_search_without_the_engine(page):
    client = create_app({"TESTING": True, "SEARCH_ENGINE": False}).test_client()
    parsed = page(client, "/search?q=priority+window")
    assert parsed.find("li", class_="result")
    assert "priority" in " ".join(parsed.text).lower()
    assert page(client, "/search?q=514.4c").hrefs("result-link")[0] == "/ccg/514.4c"


@pytest.mark.parametrize("game", ["ccg", "tcg"])
def test_game_pages(client, page, site, game):
    parsed = page(client, f"/{game}")
    catalog = site.catalog
    chapters = [n for n in catalog.children(catalog.current[game]) if catalog.data[n]["kind"] == "chapter"]
    assert chapters and all(catalog.url(c) in parsed.hrefs() for c in chapters)
    assert parsed.find("h1")


def test_the_game_with_cards_links_its_card_search_and_deck_checker(client):
    for path in ("/", "/ccg"):
        body = client.get(path).get_data(as_text=True)
        assert 'href="/ccg/cards"' in body and 'href="/ccg/deck"' in body
    body = client.get("/tcg").get_data(as_text=True)
    assert "/tcg/cards" not in body and "/tcg/deck" not in body
    assert client.get("/ccg/cards").status_code == 200 and client.get("/ccg/deck").status_code == 200
