"""Finding cards on the site: /ccg/cards?q= (rulebase.web.cards) and /api/cards?q=."""

from __future__ import annotations

from urllib.parse import quote

import pytest

from rulebase.web import create_app
from tests.web.conftest import Page


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True, "WARM_SEARCH": False}).test_client()


def get_page(client, url: str, status: int = 200) -> Page:
    response = client.get(url)
    assert response.status_code == status, (url, response.status_code)
    assert response.mimetype == "text/html"
    return Page(response.get_data(as_text=True))


def test_the_page_lists_the_cards_found(client):
    page = get_page(client, "/ccg/cards?q=" + quote("t:mane c:blue set:pr"))
    text = page.all_text
    assert "1 card for" in text
    assert "Rainbow Dash Flier Extraordinaire Mane Character blue 1 Premier PR1" in text
    assert page.find("table", id="cards") and page.find("form", role="search")
    assert page.find("input", name="q", value="t:mane c:blue set:pr")
    assert page.find("section", id="card-syntax") and "c:multi" in text


def test_accents_fold_on_the_page(client):
    text = get_page(client, "/ccg/cards?q=" + quote("Kitchen au Flambe")).all_text
    assert "1 card for" in text and "Kitchen au Flambé" in text


def test_a_page_without_a_query_shows_the_form_and_help(client):
    page = get_page(client, "/ccg/cards")
    assert not page.find("table", id="cards") and page.find("section", id="card-syntax")
    assert "pr Premier" in page.all_text  # the set codes


def test_a_bad_query_says_where_with_a_400(client):
    page = get_page(client, "/ccg/cards?q=" + quote("pow>= and t:friend"), status=400)
    assert page.find("div", id="card-query-error")
    assert "Column 7: expected a value after 'pow>='" in page.all_text


def test_text_is_escaped_and_the_query_capped(client):
    response = client.get("/ccg/cards?q=" + quote('"<script>alert(1)</script>"'))
    html = response.get_data(as_text=True)
    assert "<script>alert" not in html and "&lt;script&gt;" in html
    response = client.get("/ccg/cards?q=" + "a" * 2000)
    assert response.status_code == 400 and "at most 500 characters" in response.get_data(as_text=True)
    assert "a" * 501 not in response.get_data(as_text=True)


def test_card_names_link_to_their_pages(client):
    from rulebase.cards.query import search

    page = get_page(client, "/ccg/cards?q=" + quote("t:mane"))
    wanted = [f"/ccg/card/{card.id}" for card in search("t:mane")]
    links = page.hrefs("card-name")
    assert sorted(links) == sorted(wanted) and len(links) == 80  # every Mane Character, each linked
    assert all(client.get(link).status_code == 200 for link in links[:10])
    data = client.get("/api/cards?q=" + quote("Kitchen au Flambe")).get_json()
    assert data["cards"][0]["url"] == "/ccg/card/kitchen-au-flambe"


def test_api_gives_the_count_and_the_card_records(client):
    data = client.get("/api/cards?q=" + quote("t:mane c:blue set:pr")).get_json()
    assert data["query"] == "t:mane c:blue set:pr" and data["count"] == 1 == data["shown"]
    card = data["cards"][0]
    assert card["id"] == "rainbow-dash-flier-extraordinaire" and card["boosted"]["power"] == 3
    assert card["printings"][0]["number"] == "PR1" and "url" in card
    limited = client.get("/api/cards?q=t:mane&limit=5").get_json()
    assert limited["count"] == 80 and len(limited["cards"]) == 5


def test_api_errors_are_json_with_the_place(client):
    response = client.get("/api/cards?q=" + quote("pow>= and t:friend"))
    assert response.status_code == 400
    data = response.get_json()
    assert data["column"] == 7 and data["message"] == "expected a value after 'pow>='"
    assert data["error"].startswith("cards query:1:7: ") and data["caret"].endswith("\n      ^")
    assert client.get("/api/cards?q=").status_code == 400
    assert client.get("/api/cards?q=t:mane&limit=many").status_code == 400
    long = client.get("/api/cards?q=" + "a" * 600)
    assert long.status_code == 400 and long.get_json()["column"] == 501
