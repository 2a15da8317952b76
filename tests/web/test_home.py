"""The home page and the search results page, with and without JavaScript."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest


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
    expected = [r.url for r in site.search.results("faceoff", limit=10)]
    assert parsed.hrefs("result-link") == expected


def test_more_results(client, page, site):
    parsed = page(client, "/search?q=faceoff&game=ccg")
    more = parsed.find("p", id="more-results")[0]
    assert "hidden" not in more
    link = [href for href in parsed.hrefs() if "limit=40" in href][0]
    assert "game=ccg" in link
    longer = page(client, link)
    assert len(longer.find("li", class_="result")) == len(site.search.results("faceoff", game="ccg", limit=40)) > 10
    assert "hidden" in longer.find("p", id="more-results")[0]
    assert client.get("/search?q=faceoff&limit=1000").status_code == 400


@pytest.mark.parametrize("query, page_url", [
    ("514.4c", "/ccg/514.4c"), ("rule 514.4 C", "/ccg/514.4c"), ("(514.4c)", "/ccg/514.4c"), ("CR 514", "/ccg/514"),
    ("101.1.0", "/tcg/101.1.0"), ("601.2", "/ccg/601.2"),
])
def test_an_exact_rule_number_goes_straight_to_its_page(client, query, page_url):
    response = client.get("/search", query_string={"q": query})
    assert response.status_code == 302 and response.location == page_url
    assert client.get(page_url).status_code == 200


def test_a_number_goes_to_its_page_in_the_game_and_edition_searched(client):
    assert client.get("/search?q=405&game=tcg").location == "/tcg/405.0.0"
    assert client.get("/search?q=405&game=ccg").location == "/ccg/405"
    assert client.get("/search?q=409.6&edition=earlier").location == "/ccg/earlier/409.6"
    assert client.get("/search?q=514.4c&edition=all").location == "/ccg/514.4c"  # the current edition's


def test_a_number_asked_for_with_more_results_shows_them(client, page):
    parsed = page(client, "/search?q=514.4c&limit=40")
    assert parsed.hrefs("result-link")[0] == "/ccg/514.4c"


@pytest.mark.parametrize("query, keys", [
    ("514.4a-c", ["514.4a", "514.4a.i", "514.4b", "514.4c"]),
    ("514.4a-514.4c", ["514.4a", "514.4a.i", "514.4b", "514.4c"]),
])
def test_a_range_shows_its_rules(client, page, query, keys):
    parsed = page(client, "/search?" + urlencode({"q": query}))
    assert parsed.hrefs("result-link") == [f"/ccg/{key}" for key in keys]


def test_a_pattern_shows_every_rule_it_covers(client, page, site):
    parsed = page(client, "/search?q=512.*")
    links = parsed.hrefs("result-link")
    section = [site.catalog.url(n) for n in site.graph.nodes("rule", "ccg/3.4")
               if site.graph.node(n)["key"].split(".")[0] == "512"]
    assert links == section and len(links) > 10  # more than one page of results


def test_a_number_that_names_nothing_offers_the_closest(client, page):
    parsed = page(client, "/search?q=999.9")
    assert "There is no rule 999.9" in parsed.all_text and "The closest numbers" in parsed.all_text
    assert [a["href"] for a in parsed.find("a") if a["href"].startswith("/ccg/802")][:2] == ["/ccg/802.4", "/ccg/802.3"]
    assert not parsed.find("p", id="no-results")
    parsed = page(client, "/search?q=541.4c&game=ccg")
    assert "/ccg/514.4c" in parsed.hrefs()
    # A number of the earlier edition: the same rule in the current one first.
    parsed = page(client, "/search?q=409.6")
    assert [href for href in parsed.hrefs() if href.startswith("/ccg/4")][0] == "/ccg/410.6"


def test_a_number_of_the_other_game_is_offered_from_there(client, page):
    parsed = page(client, "/search?q=514.4c&game=tcg")
    assert "There is no rule 514.4c in the MLP TCG" in parsed.all_text and "In the other game" in parsed.all_text
    assert "/ccg/514.4c" in parsed.hrefs()


def test_the_game_filter(client, page):
    parsed = page(client, "/search?q=card&game=tcg")
    links = parsed.hrefs("result-link")
    assert links and all(link.startswith("/tcg/") for link in links)
    assert "selected" in parsed.find("option", value="tcg")[0]  # the choice is kept
    assert parsed.find("select", id="game")[0]["data-scope"] == "chosen"


def test_both_games_is_a_choice_of_its_own(client, page):
    both = page(client, "/search?q=card+draw&game=all")
    assert "selected" in both.find("option", value="all")[0]
    links = both.hrefs("result-link")
    assert {link.split("/")[1] for link in links} == {"ccg", "tcg"}
    assert links == page(client, "/search?q=card+draw").hrefs("result-link")
    assert "game=all" in [href for href in page(client, "/search?q=faceoff&game=all").hrefs() if "limit=40" in href][0]


@pytest.mark.parametrize("url, game", [("/ccg/514.4c", "ccg"), ("/tcg/101.1.0", "tcg"), ("/ccg/glossary", "ccg"),
                                       ("/ccg/card/duck-and-cover", "ccg"), ("/tcg", "tcg")])
def test_the_search_box_of_a_game_s_page_searches_that_game(client, page, url, game):
    parsed = page(client, url)
    form = parsed.find("form", class_="search-mini")[0]
    assert form["action"] == "/search"
    select = parsed.find("select", id="top-game")[0]
    assert select["name"] == "game" and select["data-scope"] == "page"
    assert "selected" in parsed.find("option", value=game)[0]
    assert "selected" not in parsed.find("option", value="all")[0]


def test_pages_of_no_game_search_both(client, page):
    parsed = page(client, "/search?q=zzzz")
    assert "selected" in parsed.find("option", value="all")[0]
    assert parsed.find("select", id="game")[0]["data-scope"] == "page"


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
    assert "at most 500 are searched" in html and 'class="search-big"' in html
    assert "Traceback" not in html


def test_an_empty_query_shows_the_home_page(client, page):
    parsed = page(client, "/search?q=++")
    assert not parsed.find("li", class_="result") and "Look up a rule" in parsed.all_text


def test_an_unknown_game_is_a_bad_request(client):
    response = client.get("/search?q=faceoff&game=chess")
    assert response.status_code == 400 and b"game must be one of ccg, tcg, all" in response.data


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
