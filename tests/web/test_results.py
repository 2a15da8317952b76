"""The search as the pages show it (rulebase.web.results): the package's
search, each hit with its page, context and edition, snippets as plain-text
pieces."""

from __future__ import annotations

import pytest

from rulebase import search as engine
from rulebase.search import SearchQueryError


def test_the_results_are_the_search_s_hits_in_order(site):
    hits = engine.search("faceoff", limit=8, graph=site.graph)
    assert [r.id for r in site.search.results("faceoff", limit=8)] == [h.id for h in hits]
    assert site.search.results("   ") == [] and site.search.results("") == []


def test_a_result_has_its_page_context_and_edition(site):
    result = site.search.results("rule 514.4c")[0]
    assert (result.id, result.url, result.number) == ("ccg/3.4/514.4c", "/ccg/514.4c", "514.4c")
    assert result.edition_label == "v3.4 (current)" and result.context.startswith("514")
    assert [r.id for r in site.search.results("514.4c", edition="earlier")] == ["ccg/earlier/514.4c"]
    assert all(r.game == "tcg" for r in site.search.results("card", game="tcg"))


def test_snippets_are_plain_pieces_and_the_html_is_escaped(site):
    result = site.search.results("faceoff", limit=1)[0]
    assert "<mark>" in result.snippet
    assert all("<" not in text for text, _ in result.snippet_parts)
    assert any(marked for _, marked in result.snippet_parts)
    assert result.as_dict()["snippet_parts"] == [[text, marked] for text, marked in result.snippet_parts]


@pytest.mark.parametrize("options, message", [
    ({"edition": "1999"}, "no edition '1999'"), ({"game": "chess"}, "no game 'chess'"),
    ({"max_length": 10}, "the query is 11 characters long; at most 10 are searched"),
])
def test_what_can_not_be_searched_is_refused(site, options, message):
    with pytest.raises(SearchQueryError, match=message):
        site.search.results("faceoff and", **options)


def test_a_card_s_name_finds_the_card_with_the_sets_printing_it(site):
    results = site.search.results("Kitchen au Flambe", game="ccg")
    cards = [result for result in results if result.kind == "card"]
    assert cards and cards[0].id == "card/ccg/kitchen-au-flambe"
    assert cards[0].url == "/ccg/card/kitchen-au-flambe" and cards[0].edition_label == "Premier"


def test_an_erratum_is_titled_by_its_card(site):
    erratum = next(r for r in site.search.results("Duck and Cover", game="ccg") if r.kind == "erratum")
    assert erratum.title == site.catalog.label(erratum.id)


@pytest.mark.parametrize("text, game, edition, first", [
    ("514.4c", None, None, "ccg/3.4/514.4c"),  # a number that exists is its own nearest
    ("514.4z", None, None, "ccg/3.4/514.4c"),
    ("514.4z", "ccg", "earlier", "ccg/earlier/514.4c"),
    ("999.9", None, None, "ccg/3.4/802.4"),
    ("405.9.0", None, None, "tcg/official/405.2.0"),
    ("stubbron", "ccg", None, "ccg/3.4/glossary/stubborn"),
])
def test_the_nearest_nodes(site, text, game, edition, first):
    assert site.search.nearest(text, game=game, edition=edition)[0] == first


@pytest.mark.parametrize("text", ["no-such-card", "%00", "", "x" * 3000, "514.4c", "<script>"])
def test_nothing_unrelated_is_nearest(site, text):
    near = site.search.nearest(text, edition="9.9")  # an edition that names nothing: nothing, no error
    assert near == []
    if not any(ch.isdigit() for ch in text):
        assert site.search.nearest(text) == []
