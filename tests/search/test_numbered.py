"""A query that is a rule number, a range or a pattern, and the entries
nearest to what names nothing."""

import pytest

from rulebase.search import SearchQueryError, numbered, search, suggest


@pytest.mark.parametrize("query, exact", [
    ("514.4c", "ccg/3.4/514.4c"), ("rule 514.4 C", "ccg/3.4/514.4c"), ("(514.4c)", "ccg/3.4/514.4c"),
    ("CR 514", "ccg/3.4/514"), ("101.1.0", "tcg/official/101.1.0"), ("  405.2.0 ", "tcg/official/405.2.0"),
])
def test_a_number_that_names_an_entry_is_exact(query, exact):
    answer = numbered(query)
    assert answer.exact.id == exact and not answer.is_range
    assert answer.hits[0].id == exact and answer.suggestions == []
    assert [hit.id for hit in answer.hits] == [hit.id for hit in search(query, limit=len(answer.hits))]


def test_a_number_in_a_game_is_read_in_that_game():
    assert numbered("405", game="tcg").exact.id == "tcg/official/405.0.0"
    assert numbered("405").exact.id == "ccg/3.4/405"


def test_every_edition_searched_goes_to_the_current_one():
    answer = numbered("514.4c", edition="all")
    assert answer.exact.id == "ccg/3.4/514.4c"
    assert {hit.document for hit in answer.hits} >= {"ccg/3.4", "ccg/earlier"}
    assert numbered("514.4c", edition="earlier").exact.id == "ccg/earlier/514.4c"


@pytest.mark.parametrize("query, ids", [
    ("514.4a-c", ["514.4a", "514.4a.i", "514.4b", "514.4c"]),
    ("514.4a-514.4c", ["514.4a", "514.4a.i", "514.4b", "514.4c"]),
])
def test_a_range_names_its_rules_and_no_one_page(query, ids):
    answer = numbered(query)
    assert answer.is_range and answer.exact is None
    assert [hit.id for hit in answer.hits] == [f"ccg/3.4/{key}" for key in ids]


def test_a_pattern_names_the_rules_under_it():
    answer = numbered("512.*")
    assert answer.is_range and answer.exact is None and str(answer.number) == "512.*"
    keys = [hit.key for hit in answer.hits]
    assert len(keys) > 3 and all(key == "512" or key.startswith("512.") for key in keys)


def test_a_number_printed_twice_names_both_rules_and_neither_is_exact():
    answer = numbered("601.1a")
    assert answer.exact is None and [hit.id for hit in answer.hits] == ["ccg/3.4/604.1a", "ccg/3.4/605.1a"]


@pytest.mark.parametrize("query, first", [("999.9", "ccg/3.4/802.4"), ("541.4c", "ccg/3.4/514.4c"),
                                          ("405.9.0", "tcg/official/405.2.0")])
def test_a_number_that_names_nothing_gets_the_closest(query, first):
    answer = numbered(query)
    assert answer.exact is None and answer.hits == []
    assert answer.suggestions[0].id == first and len(answer.suggestions) == 5


@pytest.mark.parametrize("query", ["faceoff", "what does 514.4c say", "514.4c 512.1", "", "*", "x" * 2000])
def test_anything_else_is_not_a_number(query):
    assert numbered(query) is None


def test_options_that_name_nothing_are_refused():
    with pytest.raises(SearchQueryError, match="no game 'chess'"):
        numbered("514.4c", game="chess")
    with pytest.raises(SearchQueryError, match="no edition '9.9'"):
        numbered("514.4c", edition="9.9")


def test_suggestions_for_a_number_that_names_nothing():
    assert [h.key for h in suggest("514.40")] == ["514.4", "514.4c", "514.4b", "514.4a", "514"]
    assert [h.key for h in suggest("rule 601.1a")][:2] == ["604.1a", "605.1a"]  # printed so in 3.4
    assert [h.id for h in suggest("405.9.0")][0] == "tcg/official/405.2.0"
    assert all(h.game == "tcg" for h in suggest("999.9", game="tcg"))
    assert suggest("") == [] and suggest("*") == [] and suggest(None) == []


@pytest.mark.parametrize("text, named", [("stubbron", "ccg/3.4/glossary/stubborn"),
                                         ("rainbowshine-cloud-wrangle", "card/ccg/rainbowshine-cloud-wrangler"),
                                         ("Duck and Covr", "card/ccg/duck-and-cover")])
def test_words_suggest_only_what_they_name_within_a_slip(text, named):
    assert named in [hit.id for hit in suggest(text)]


@pytest.mark.parametrize("text", ["no such card", "nonsense path", "favicon.ico", "%00", "card", "<script>"])
def test_words_that_name_nothing_suggest_nothing(text):
    assert suggest(text) == []


def test_a_query_longer_than_asked_is_refused():
    with pytest.raises(SearchQueryError, match="the query is 501 characters long; at most 500 are searched"):
        search("a" * 501, max_length=500)
    assert search("faceoff " * 60, max_length=500)
    with pytest.raises(SearchQueryError, match="at most 1000"):
        search("a" * 1001, max_length=5000)
