"""The search adapter: the engine when there is one, the plain word search
otherwise, snippets as plain-text parts."""

from __future__ import annotations

import pytest

from rulebase.web.catalog import Catalog
from rulebase.web.finder import MAX_QUERY, Finder, QueryError, check_query, parts_of


@pytest.fixture(scope="module")
def plain(rule_graph):
    return Finder(Catalog(rule_graph), use_engine=False)


def test_parts_of_a_snippet_are_plain_text():
    assert parts_of("x &lt;b&gt; <mark>y</mark>") == [("x <b> ", False), ("y", True)]
    assert parts_of("") == []


def test_check_query():
    assert check_query("  faceoff ") == "faceoff"
    with pytest.raises(QueryError, match=f"the limit is {MAX_QUERY}"):
        check_query("x" * (MAX_QUERY + 1))
    with pytest.raises(QueryError, match="the limit is 10"):
        check_query("x" * 11, limit=10)


def test_plain_search_finds_every_word(plain, rule_graph):
    results = plain.search("priority window", limit=50)
    assert results
    for result in results:
        haystack = f"{result.number} {result.title} {rule_graph.node(result.id)['text']}".lower()
        assert "priority" in haystack and "window" in haystack
    marked = [text.lower() for r in results for text, flag in r.snippet_parts if flag]
    assert set(marked) <= {"priority", "window"} and marked


def test_plain_search_ranks_current_editions_first(plain, site):
    results = plain.search("faceoff", game="ccg", limit=10)
    assert site.catalog.is_current(results[0].document)


def test_plain_search_numbers_and_filters(plain):
    assert plain.search("rule 514.4c")[0].id == "ccg/3.4/514.4c"
    assert [r.id for r in plain.search("514.4c", edition="earlier")] == ["ccg/earlier/514.4c"]
    assert all(r.game == "tcg" for r in plain.search("card", game="tcg"))
    with pytest.raises(QueryError, match="no edition"):
        plain.search("faceoff", edition="1999")
    with pytest.raises(QueryError, match="no game"):
        plain.search("faceoff", game="chess")
    assert plain.search("   ") == []


def test_the_engine_results_keep_their_order(site):
    from rulebase import search as engine

    hits = engine.search("faceoff", limit=8)
    assert [r.id for r in site.finder.search("faceoff", limit=8)] == [h.id for h in hits]


def test_answers_are_cached_and_bounded(rule_graph):
    finder = Finder(Catalog(rule_graph), use_engine=False, cache_size=2)
    first = finder.search("faceoff")
    assert finder.search("faceoff") is first
    finder.search("priority")
    finder.search("window")
    assert finder.search("faceoff") is not first


def test_snippets_escape_nothing_themselves(plain):
    result = plain.search("faceoff", limit=1)[0]
    assert "<mark>" in result.snippet
    assert all("<" not in text for text, _ in result.snippet_parts)


def test_a_card_s_name_finds_the_card_with_the_sets_printing_it(site):
    results = site.finder.search("Kitchen au Flambe", game="ccg")
    cards = [result for result in results if result.kind == "card"]
    assert cards and cards[0].id == "card/ccg/kitchen-au-flambe"
    assert cards[0].url == "/ccg/card/kitchen-au-flambe" and cards[0].edition_label == "Premier"
