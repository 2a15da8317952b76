import json

import pytest

from rulebase.search import Hit, SearchQueryError, search, suggest


def ids(query, **options):
    return [hit.id for hit in search(query, **options)]


@pytest.mark.parametrize("query", ["514.4c", "514.4 c", "rule 514.4c", "(514.4c)", "CR 514.4c", "ccg/3.4/514.4c"])
def test_a_rule_number_in_any_form_finds_that_rule_first(query):
    assert ids(query)[0] == "ccg/3.4/514.4c"


def test_a_section_number_finds_the_section_then_its_rules_in_order(rule_graph):
    found = ids("514", limit=100)
    below = [n for n in rule_graph.nodes("rule", "ccg/3.4") if "ccg/3.4/514" in rule_graph.ancestors(n)]
    assert found == ["ccg/3.4/514", *below]


def test_numbers_are_matched_exactly():
    assert ids("514.4") == ["ccg/3.4/514.4", "ccg/3.4/514.4a", "ccg/3.4/514.4a.i", "ccg/3.4/514.4b", "ccg/3.4/514.4c"]
    assert ids("514.40") == []


def test_ranges_and_wildcards():
    assert ids("514.4a-c") == ["ccg/3.4/514.4a", "ccg/3.4/514.4a.i", "ccg/3.4/514.4b", "ccg/3.4/514.4c"]
    assert ids("512.*", limit=50)[:3] == ["ccg/3.4/512", "ccg/3.4/512.1", "ccg/3.4/512.2"]
    assert all(i.startswith("ccg/3.4/512") for i in ids("512.*", limit=50))


def test_tcg_numbers():
    assert ids("405.2.0") == ["tcg/official/405.2.0"]
    assert ids("405.2", game="tcg") == ["tcg/official/405.2.0"]
    assert ids("405", game="tcg")[:3] == ["tcg/official/405.0.0", "tcg/official/405.1.0", "tcg/official/405.2.0"]


def test_a_misprinted_number_finds_the_rule_printed_with_it_after_the_real_one():
    hits = search("601.1")
    assert [h.id for h in hits[:3]] == ["ccg/3.4/601.1", "ccg/3.4/604.1", "ccg/3.4/605.1"]
    assert hits[1].number == "601.1" and hits[1].key == "604.1"


def test_a_graph_id_finds_that_entry_in_any_edition():
    assert ids("ccg/earlier/705.2b~2") == ["ccg/earlier/705.2b~2"]
    assert ids("ccg/3.4/glossary/swift") == ["ccg/3.4/glossary/swift"]


def test_older_editions_on_request():
    assert ids("705.2b", edition="earlier") == ["ccg/earlier/705.2b", "ccg/earlier/705.2b~2"]
    assert all(i.startswith("ccg/earlier") for i in ids("stubborn", edition="earlier"))


@pytest.mark.parametrize("query, first", [
    ("swift", "ccg/3.4/glossary/swift"),
    ("competitive", "ccg/3.4/glossary/competitive-x"),
    ("Duck and Cover", "ccg/ocr-7.2/premiere/duck-and-cover"),
    ("stubbron", "ccg/3.4/glossary/stubborn"),
    ("facoff", "ccg/3.4/514.1"),
    ("troublemakr", "ccg/3.4/306.1"),
    ("what happens if both players' totals are tied in a faceoff", "ccg/3.4/514.4c"),
])
def test_keywords_card_names_typos_and_questions(query, first):
    assert ids(query)[0] == first


@pytest.mark.parametrize("query, section", [("faceoff", "514"), ("queue zone", "408"), ("troublemaker", "306")])
def test_a_keyword_naming_a_section_finds_its_first_rule_then_the_section(query, section):
    # The heading has no text of its own: the rule that says what it names
    # comes first, the section (a link to all its rules) right after.
    assert ids(query, game="ccg")[:2] == [f"ccg/3.4/{section}.1", f"ccg/3.4/{section}"]


def test_current_documents_by_default(rule_graph):
    queries = ("faceoff", "draw a card", "home limit", "tournament")
    documents = {hit.document for q in queries for hit in search(q, limit=30)}
    assert documents <= {"ccg/3.4", "ccg/3.4/glossary", "ccg/ocr-7.2", "ccg/limited-2.0", "ccg/tfr-2.3",
                         "ccg/quickstart-2014", "tcg/official"}
    assert "ccg/3.4/glossary" in documents


def test_filters_by_game_and_kind():
    assert {h.game for h in search("draw a card", game="tcg", limit=20)} == {"tcg"}
    assert {h.kind for h in search("faceoff", kinds=["glossary"], limit=20)} == {"glossary"}
    assert {h.kind for h in search("judge", kinds="section", limit=20)} == {"section"}
    assert ids("514.4c", kinds=["glossary"]) == []


def test_everything_can_be_searched_together():
    editions = {h.edition for h in search("stubborn", edition="all", limit=20)}
    assert {"3.4", "earlier"} <= editions


def test_hits_carry_what_every_front_end_shows():
    hit = search("Q&A contradicts the rules", game="tcg")[0]
    assert isinstance(hit, Hit) and hit.id == "tcg/official/101.1.0"
    record = json.loads(json.dumps(hit.as_dict()))
    assert {"id", "kind", "game", "document", "edition", "number", "title", "text", "score",
            "snippet", "snippet_text"} <= set(record)
    assert "Q&amp;A" in hit.snippet and "<mark>contradicts</mark>" in hit.snippet
    assert "<" not in hit.snippet.replace("<mark>", "").replace("</mark>", "")
    assert "Q&A" in hit.snippet_text and "<mark>" not in hit.snippet_text


def test_results_are_ordered_by_score_and_limited():
    hits = search("priority window", limit=7)
    assert len(hits) == 7
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)


@pytest.mark.parametrize("options, message", [
    ({"game": "mtg"}, "no game 'mtg'"),
    ({"edition": "9.9"}, "no edition '9.9'"),
    ({"kinds": ["card"]}, "no kind 'card'"),
    ({"limit": 0}, "the limit must be"),
])
def test_options_that_name_nothing_are_refused(options, message):
    with pytest.raises(SearchQueryError, match=message):
        search("faceoff", **options)


def test_suggestions_for_a_number_that_names_nothing():
    near = suggest("514.40")
    assert "514.4" in [h.key for h in near] and all(h.key.startswith("514") for h in near)
    assert all(h.game == "ccg" for h in near)
    assert [h.key for h in suggest("405.9.0")][0].startswith("405")
    assert suggest("") == [] and suggest("*") == []


def test_a_kind_of_thing_is_also_searched_as_its_broader_term():
    from rulebase.search import engine, index
    from rulebase.search.query import parse

    opened = index.ensure()
    concepts = engine._concepts(opened, parse("token in the discard pile"), [], True)
    pile = next(c for c in concepts if c.word == "pile")
    assert pile.forms["pile"] == 1.0 and pile.forms["zone"] == engine.BROADER


def test_player_words_reach_the_rules_words():
    from rulebase.search import engine, index
    from rulebase.search.query import parse

    opened = index.ensure()
    concepts = {c.word: c for c in engine._concepts(opened, parse("do counters stay"), [], True)}
    assert "remain" in concepts["stay"].forms


def test_after_warming_a_search_for_indexed_words_does_not_read_the_index(monkeypatch):
    from rulebase.search import engine, warm
    from rulebase.search import index as indexes

    query = "who wins when power totals are tied"
    expected = [(hit.id, hit.score, hit.snippet) for hit in search(query, limit=20)]
    indexes.forget(keys=False)
    warm()
    opened = indexes.ensure()

    class Closed:
        def __getattr__(self, name):
            raise AssertionError(f"the index was read: {name}")

    monkeypatch.setattr(engine._postings(opened), "searcher", Closed())
    assert [(hit.id, hit.score, hit.snippet) for hit in search(query, limit=20)] == expected


@pytest.mark.parametrize("question, number", [
    ("my opponent's card gives +1 power to friends 'here' - does that mean where the card itself sits?", "501.4"),
    ("I took control of my opponent's friend and its text says 'your friends get +1 power', whose friends get it?",
     "513.6"),
    ('what does "this" card mean on a card', "201.2"),
])
def test_a_quoted_word_finds_the_rule_that_says_what_it_means(question, number):
    # "here", "your" and "this" are stop words: only the quotes bring them in.
    assert search(question, game="ccg", limit=1)[0].number == number
