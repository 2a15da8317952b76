"""Whatever a visitor types into an address or a query, the answer is a page
or a clear error, never a server error, and their text never becomes markup."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulebase.web import create_app

APP = create_app({"TESTING": True})

texts = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=60)
ruleish = st.from_regex(r"\A[0-9]{1,4}(\.[0-9]{1,3})?[a-z]?(\.[ivx]{1,3})?\Z")
hostile = st.sampled_from(['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', "../../etc/passwd",
                           "%00", "\x00", "' OR 1=1 --", "{{7*7}}", "${7*7}", "\u202e", "🦄"])
pieces = st.one_of(texts, ruleish, hostile)


def _check(response):
    assert response.status_code in (200, 302, 308, 400, 404), response.status_code
    for name, value in response.headers.items():  # what waitress can send, nothing a visitor typed raw
        assert all(" " <= char <= "~" for char in value), (name, value)
    body = response.get_data(as_text=True)
    assert "<script>alert" not in body and "<img src=x" not in body and "Traceback" not in body


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(["ccg", "tcg"]), parts=st.lists(pieces, min_size=1, max_size=3))
def test_any_address_under_a_game(game, parts):
    path = "/".join(quote(part, safe="") for part in parts)
    _check(APP.test_client().get(f"/{game}/{path}"))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(query=pieces, game=st.sampled_from([None, "ccg", "tcg", "x"]), edition=st.one_of(st.none(), pieces))
def test_any_search(query, game, edition):
    args = {"q": query, **({"game": game} if game else {}), **({"edition": edition} if edition else {})}
    client = APP.test_client()
    _check(client.get("/search", query_string=args))
    response = client.get("/api/search", query_string=args)
    _check(response)
    assert response.mimetype == "application/json"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ident=pieces)
def test_any_api_rule(ident):
    response = APP.test_client().get("/api/rule/" + quote(ident, safe="/"))
    _check(response)
    assert response.mimetype == "application/json"


@pytest.mark.parametrize("url", ["/api/rule/card/ccg/duck-and-cover", "/api/rule/ccg/3.4", "/api/rule/ccg/3.4/chapter-5",
                                 "/api/rule/ccg/quickstart-2014/score-phase", "/api/rule/ccg/ocr-7.2/premiere/duck-and-cover"])
def test_every_kind_of_node_has_a_record(url):
    response = APP.test_client().get(url)
    assert response.status_code == 200 and response.get_json()["url"].startswith("/")
