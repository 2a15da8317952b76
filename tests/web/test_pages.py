"""The rendered pages' cache: bounded by count and bytes, least recently
used out first; strong ETags and 304s; gzip only when accepted; the security
headers on every answer; one script root's pages never served under
another."""

from __future__ import annotations

import gzip

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebase.web import SECURITY_HEADERS, create_app
from rulebase.web.pages import PAGE_OVERHEAD, Page, PageCache

RULES = ["/ccg/514.4c", "/ccg/514.4", "/ccg/101", "/ccg/earlier/409.6", "/tcg/101.1.0"]


def _page(size: int, mark: str = "x") -> Page:
    """A page of ``size`` bytes in memory (no gzip), its text made of ``mark``."""
    return Page((mark * (size - PAGE_OVERHEAD)).encode(), None, f'"{mark}{size}"', f'"{mark}{size}-gzip"')


def _secure(response) -> None:
    for header, value in SECURITY_HEADERS.items():
        assert response.headers.get(header) == value, (response.status, header)


# -- the cache ---------------------------------------------------------------------------------------


def test_the_cache_holds_at_most_its_count_and_drops_the_least_recently_used():
    cache = PageCache(max_pages=3, max_bytes=1 << 20)
    for key in "abc":
        cache.store(key, Page.of(f"<p>{key}</p>"))
    assert cache.page("a") is not None  # a is now the most recently used
    cache.store("d", Page.of("<p>d</p>"))
    assert set(cache) == {"a", "c", "d"} and len(cache) == 3
    cache.store("e", Page.of("<p>e</p>"))
    assert set(cache) == {"a", "d", "e"}
    assert cache["e"] == "<p>e</p>" and cache.page("b") is None


def test_the_cache_holds_at_most_its_bytes():
    cache = PageCache(max_pages=100, max_bytes=3000)
    for key in "abc":
        cache.store(key, _page(1000, key))
    assert cache.nbytes == 3000 and len(cache) == 3
    cache.page("a")
    cache.store("d", _page(1500, "d"))
    assert set(cache) == {"a", "d"} and cache.nbytes == 2500 <= cache.max_bytes


def test_a_page_bigger_than_the_cache_is_served_but_not_kept():
    cache = PageCache(max_pages=10, max_bytes=2000)
    cache.store("a", _page(1000))
    big = _page(2001)
    assert cache.store("big", big) is big
    assert "big" not in cache and set(cache) == {"a"}


def test_storing_a_key_again_replaces_its_page():
    cache = PageCache(max_pages=10, max_bytes=10_000)
    cache.store("a", _page(1000))
    cache.store("a", _page(2000))
    assert len(cache) == 1 and cache.nbytes == 2000


def test_the_addresses_remembered_are_bounded_too():
    cache = PageCache(max_pages=2, max_bytes=10_000, max_addresses=2)
    cache.store("a", Page.of("a"))
    for path in ("/one", "/two", "/three"):
        cache.remember(("", path, ""), "a")
    assert cache.at(("", "/one", "")) is None
    assert cache.at(("", "/three", "")) is cache.page("a")
    cache.remember(("", "/" + "x" * 400, ""), "a")
    assert cache.at(("", "/" + "x" * 400, "")) is None


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["store", "get"]), st.integers(0, 7), st.integers(1, 1500)),
                max_size=60))
def test_the_cache_is_a_bounded_lru(operations):
    """Against a plain list kept in order of use: the same pages, the same
    order, within both limits after every step."""
    cache = PageCache(max_pages=4, max_bytes=4000)
    model: list[tuple[int, int]] = []  # (key, size), least recently used first
    for operation, key, size in operations:
        if operation == "store":
            page = _page(PAGE_OVERHEAD + size)
            cache.store(key, page)
            if page.size <= 4000:
                model = [entry for entry in model if entry[0] != key] + [(key, page.size)]
                while len(model) > 4 or sum(s for _, s in model) > 4000:
                    model.pop(0)
        else:
            found = cache.page(key)
            assert (found is not None) == any(k == key for k, _ in model)
            if found is not None:
                model = [entry for entry in model if entry[0] != key] + [entry for entry in model if entry[0] == key]
        assert list(cache) == [k for k, _ in model]
        assert cache.nbytes == sum(s for _, s in model) <= 4000 and len(cache) <= 4


def test_the_gzip_is_made_once_and_only_when_it_is_smaller():
    page = Page.of("<p>the same words again</p>" * 100)
    assert gzip.decompress(page.gzipped) == page.body and len(page.gzipped) < len(page.body)
    assert Page.of("<p>short</p>").gzipped is None
    assert page.etag != page.gzip_etag and page.etag.startswith('"') and not page.etag.startswith('W/')


# -- the pages of the site ------------------------------------------------------------------------


@pytest.fixture
def small_app():
    return create_app({"TESTING": True, "PAGE_CACHE_PAGES": 3})


def test_the_site_keeps_no_more_pages_than_its_bound(small_app):
    client = small_app.test_client()
    first = {url: client.get(url).data for url in RULES}
    pages = small_app.extensions["rulebase.pages"]
    assert len(pages) == 3
    assert list(pages) == [f"node:{node}" for node in ("ccg/3.4/101", "ccg/earlier/409.6", "tcg/official/101.1.0")]
    for url in RULES:  # evicted pages are drawn again, the same
        assert client.get(url).data == first[url]
    assert len(pages) == 3


def test_the_diff_pages_share_the_one_cache():
    app = create_app({"TESTING": True, "PAGE_CACHE_PAGES": 2})
    client = app.test_client()
    for url in ("/ccg/diff/earlier/3.4?kind=added", "/ccg/quickstart-conflicts", "/ccg/514.4c"):
        assert client.get(url).status_code == 200
    pages = app.extensions["rulebase.pages"]
    assert len(pages) == 2 and "node:ccg/3.4/514.4c" in pages
    assert any(isinstance(key, tuple) and key[:2] == ("diffs", "quickstart") for key in pages)
    assert "rulebase.diffs" not in app.extensions


@pytest.mark.parametrize("url", ["/ccg/514.4c", "/ccg/diff/earlier/3.4?kind=added", "/ccg/glossary"])
def test_a_page_answers_its_etag_with_304(client, url):
    first = client.get(url)
    etag = first.headers["ETag"]
    assert first.status_code == 200 and etag.startswith('"') and first.headers["Vary"] == "Accept-Encoding"
    for served in range(2):  # by Flask, then by the cache in front of it
        again = client.get(url, headers={"If-None-Match": etag})
        assert again.status_code == 304 and again.data == b"" and again.headers["ETag"] == etag
        assert "Content-Length" not in again.headers or again.headers["Content-Length"] == "0"
        _secure(again)
    assert client.get(url, headers={"If-None-Match": f'"other", W/{etag}'}).status_code == 304
    assert client.get(url, headers={"If-None-Match": '"other"'}).status_code == 200


def test_another_address_of_the_same_page_has_its_etag(client):
    etag = client.get("/ccg/514.4c").headers["ETag"]
    response = client.get("/ccg/3.4/514.4c", headers={"If-None-Match": etag})
    assert response.status_code == 304
    _secure(response)


def test_a_changed_page_has_a_new_etag(app, client, monkeypatch):
    old = client.get("/ccg/514.4c")
    from rulebase.web import rules

    draw = rules.rule_page
    monkeypatch.setattr(rules, "rule_page", lambda cat, node: draw(cat, node).replace("</main>", "<p>new</p></main>"))
    app.extensions["rulebase.pages"].clear()
    new = client.get("/ccg/514.4c", headers={"If-None-Match": old.headers["ETag"]})
    assert new.status_code == 200 and b"<p>new</p>" in new.data
    assert new.headers["ETag"] != old.headers["ETag"]
    assert client.get("/ccg/514.4c", headers={"If-None-Match": new.headers["ETag"]}).status_code == 304


@pytest.mark.parametrize("accept", ["gzip", "gzip, deflate, br", "br;q=1.0, gzip;q=0.8, *;q=0.1", "*"])
def test_gzip_is_sent_when_accepted_and_is_the_same_page(client, accept):
    plain = client.get("/ccg/514.4c")
    for served in range(2):
        packed = client.get("/ccg/514.4c", headers={"Accept-Encoding": accept})
        assert packed.headers["Content-Encoding"] == "gzip" and packed.headers["Vary"] == "Accept-Encoding"
        assert int(packed.headers["Content-Length"]) == len(packed.data) < len(plain.data)
        assert gzip.decompress(packed.data) == plain.data
        assert packed.headers["ETag"] != plain.headers["ETag"]
        _secure(packed)
    again = client.get("/ccg/514.4c", headers={"Accept-Encoding": accept, "If-None-Match": packed.headers["ETag"]})
    assert again.status_code == 304 and again.headers["ETag"] == packed.headers["ETag"]
    _secure(again)


@pytest.mark.parametrize("accept", [None, "identity", "gzip;q=0", "br", "*;q=0", "*, gzip;q=0"])
def test_no_gzip_unless_accepted(client, accept):
    headers = {"Accept-Encoding": accept} if accept else {}
    for served in range(2):
        response = client.get("/ccg/514.4c", headers=headers)
        assert response.status_code == 200 and "Content-Encoding" not in response.headers
        assert response.headers["Vary"] == "Accept-Encoding" and response.data.startswith(b"<!doctype html")
        assert int(response.headers["Content-Length"]) == len(response.data)
        _secure(response)


def test_security_headers_on_every_cached_answer(client):
    for served in range(2):
        _secure(client.get("/ccg/514.4c"))
        _secure(client.get("/ccg/errata"))


def test_a_page_under_one_script_root_is_not_served_under_another(app, client):
    root = client.get("/ccg/514.4c")
    mounted = client.get("/ccg/514.4c", base_url="http://localhost/rules/")
    assert b'data-root="/rules"' in mounted.data and b'href="/rules/ccg/514.4"' in mounted.data
    assert b'data-root=""' in root.data and b'href="/rules/' not in root.data
    assert mounted.headers["ETag"] != root.headers["ETag"]
    for served in range(2):
        assert client.get("/ccg/514.4c").data == root.data
        assert client.get("/ccg/514.4c", base_url="http://localhost/rules/").data == mounted.data
        assert client.get("/ccg", base_url="http://localhost/other/").data.count(b'href="/other/ccg/') > 0
    response = client.get("/ccg/514.4c", base_url="http://localhost/rules/", headers={"If-None-Match": root.headers["ETag"]})
    assert response.status_code == 200 and response.data == mounted.data


def test_only_a_get_is_answered_from_the_cache(client):
    client.get("/ccg/514.4c")
    assert client.post("/ccg/514.4c").status_code == 405
    head = client.head("/ccg/514.4c")
    assert head.status_code == 200 and head.data == b"" and head.headers["ETag"]
    _secure(head)


def test_a_query_string_is_another_address_of_the_same_page(app, client):
    plain = client.get("/ccg/514.4c")
    for served in range(2):
        assert client.get("/ccg/514.4c?x=1").data == plain.data
    assert len(app.extensions["rulebase.pages"]) == 1
