"""The deck checker: its page and /api/deck/check."""

from __future__ import annotations

from io import BytesIO
from pathlib import Path

import pytest

from rulebase.web import create_app
from tests.web.conftest import Page

DATA = Path(__file__).parent.parent / "data" / "decks"


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True, "WARM_SEARCH": False}).test_client()


def test_the_page_is_a_form_that_needs_no_javascript(client):
    response = client.get("/ccg/deck")
    assert response.status_code == 200
    page = Page(response.get_data(as_text=True))
    forms = [attrs for tag, attrs in page.elements if tag == "form" and attrs.get("action") == "/ccg/deck"]
    assert forms == [{"class": "deck-form", "action": "/ccg/deck", "method": "post",
                      "enctype": "multipart/form-data"}]
    names = {attrs.get("name") for tag, attrs in page.elements if tag in ("textarea", "input", "select")}
    assert {"deck", "file", "format", "date"} <= names
    start = next(i for i, (tag, attrs) in enumerate(page.elements) if tag == "select" and attrs.get("name") == "format")
    options = []
    for tag, attrs in page.elements[start + 1:]:
        if tag == "select":
            break
        if tag == "option":
            options.append(attrs["value"])
    assert options == ["harmony", "premiere-block", "odyssey-block", "limited"]


def test_a_pasted_list_is_reported_with_its_rules_linked(client):
    text = (DATA / "too-many-copies.txt").read_text()
    response = client.post("/ccg/deck", data={"deck": text, "format": "odyssey-block", "date": "2016-08-01"})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert 'not legal</span> in Odyssey block on 2016-08-01' in html
    assert '<a class="rule-link" href="/ccg/101.2">101.2</a>' in html
    assert "4 copies of Sheriff Silverstar, Search Warrant" in html
    assert 'selected>Odyssey block</option>' in html and 'value="2016-08-01"' in html


def test_an_uploaded_o8d_is_checked(client):
    data = {"format": "harmony", "date": "2016-01-25",
            "file": (BytesIO((DATA / "bulk-biceps-banned.o8d").read_bytes()), "bulk-biceps-banned.o8d")}
    html = client.post("/ccg/deck", data=data, content_type="multipart/form-data").get_data(as_text=True)
    assert "bulk-biceps-banned" in html
    assert 'href="/ccg/tfr-2.3#harmony-constructed">Harmony banlist: Equestrian Odysseys #103</a>' in html


def test_a_legal_deck_says_so(client):
    response = client.post("/ccg/deck", data={"deck": (DATA / "odyssey-legal.txt").read_text(),
                                              "format": "odyssey-block", "date": "2016-08-01"})
    assert '<span class="legal">legal</span>' in response.get_data(as_text=True)


def test_a_list_that_cannot_be_read_is_shown_on_the_page(client):
    response = client.post("/ccg/deck", data={"deck": "3 Comet Tial, Hale Bopper", "format": "harmony"})
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert "deck:1: no card is called &#39;Comet Tial, Hale Bopper&#39;; the closest are Comet Tail, Hale Bopper" in html
    assert "3 Comet Tial, Hale Bopper</textarea>" in html


def test_the_api_gives_the_report_as_json(client):
    text = (DATA / "two-manes.o8d").read_bytes()
    response = client.post("/api/deck/check?format=limited&date=2016-08-01",
                           data={"file": (BytesIO(text), "two-manes.o8d")}, content_type="multipart/form-data")
    assert response.status_code == 200
    body = response.get_json()
    assert body["legal"] is False and body["format"] == "limited" and body["date"] == "2016-08-01"
    assert [(v["rule"], v["url"]) for v in body["violations"]] == [
        ("102.1", "/ccg/102.1"), ("Limited Deck Construction", "/ccg/limited-2.0#limited-deck-construction")]
    assert body["violations"][0]["cards"] == ["rainbow-dash-ambassador-of-loyalty", "fluttershy-ambassador-of-kindness"]
    assert body["counts"] == {"mane": 2, "problems": 10, "draw": 45}


def test_the_api_reads_a_text_body_and_form_fields(client):
    body = (DATA / "limited-31.txt").read_bytes()
    response = client.post("/api/deck/check?format=limited", data=body, content_type="text/plain")
    assert response.get_json()["legal"] is True
    response = client.post("/api/deck/check", data={"deck": body.decode(), "format": "harmony", "date": "2016-01-01"})
    assert [v["rule"] for v in response.get_json()["violations"]] == ["101.1", "101.3", "101.3a"]


@pytest.mark.parametrize("data, query, wrong", [
    ({"deck": "3 Comet Tail"}, "", "'Comet Tail' could be any of 3 cards"),
    ({}, "", "no deck sent"),
    ({"deck": "3 Comet Tail, Hale Bopper"}, "?format=standard", "format must be one of harmony"),
    ({"deck": "3 Comet Tail, Hale Bopper"}, "?date=yesterday", "date must be a day as YYYY-MM-DD"),
])
def test_bad_requests_are_json_errors(client, data, query, wrong):
    response = client.post("/api/deck/check" + query, data=data)
    assert response.status_code == 400
    assert wrong in response.get_json()["error"]


def test_a_doctype_upload_is_refused(client):
    response = client.post("/api/deck/check", data={"file": (BytesIO((DATA / "doctype.o8d").read_bytes()), "x.o8d")},
                           content_type="multipart/form-data")
    assert response.status_code == 400
    assert "x.o8d:2: a document type declaration" in response.get_json()["error"]


def test_a_large_body_is_refused_before_it_is_read(client):
    response = client.post("/api/deck/check", data=b"3 Comet Tail, Hale Bopper\n" * 4000, content_type="text/plain")
    assert response.status_code == 413
    assert "at most 64 KB" in response.get_json()["error"]
    page = client.post("/ccg/deck", data={"deck": "x" * 90_000})
    assert page.status_code == 413


def test_get_is_not_the_api(client):
    assert client.get("/api/deck/check").status_code == 405


def test_the_deck_as_read_links_every_card_to_its_page(client):
    path = Path(__file__).parents[2] / "corpus" / "ccg" / "octgn" / "Decks" / "MLP CCG Original Theme Decks"
    data = {"format": "harmony", "date": "2016-06-01",
            "file": (BytesIO((path / "Applejack Theme Deck.o8d").read_bytes()), "Applejack Theme Deck.o8d")}
    page = Page(client.post("/ccg/deck", data=data, content_type="multipart/form-data").get_data(as_text=True))
    links = [attrs["href"] for tag, attrs in page.elements if tag == "a" and attrs.get("href", "").startswith("/ccg/card/")]
    assert "/ccg/card/applejack-steadfast-farmpony" in links
    for link in set(links):
        assert client.get(link).status_code == 200, link
    assert len(set(links)) > 20  # every card of the deck, not only those with errata
    html = client.post("/ccg/deck", data={"deck": "2 Locked Out", "format": "limited"}).get_data(as_text=True)
    assert 'href="/ccg/card/locked-out"' in html
