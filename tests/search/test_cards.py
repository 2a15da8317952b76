"""The search finds cards by name (rulebase.search.cards) beside the rules."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebase.graph import card_database
from rulebase.search import search
from rulebase.search.cards import MAX_CARDS, card_matches

CARDS = card_database()


@pytest.fixture(autouse=True)
def words_alone(monkeypatch):
    monkeypatch.setenv("RULEBASE_ENCODER", "off")


@pytest.mark.parametrize("query, card", [
    ("Proteges Downfall", "proteges-downfall"), ("protégé's downfall", "proteges-downfall"),
    ("PROTEGE'S DOWNFALL!", "proteges-downfall"), ("protgees downfal", "proteges-downfall"),
    ("Photo Finish, Say Kase", "photo-finish-say-kase"), ("creme de la creme", "creme-de-la-creme"),
])
def test_a_card_ranks_first_for_its_name_typos_and_accents_forgiven(query, card):
    hits = search(query, limit=5)
    assert hits[0].id == f"card/ccg/{card}" and hits[0].kind == "card" and hits[0].game == "ccg"


def test_a_card_with_an_erratum_comes_right_after_it():
    for query, erratum, card in [("Kitchen au Flambe", "kitchen-au-flam", "kitchen-au-flambe"),
                                 ("Duck and Cover", "duck-and-cover", "duck-and-cover")]:
        hits = search(query, limit=3)
        assert [hit.id for hit in hits[:2]] == [f"ccg/ocr-7.2/premiere/{erratum}", f"card/ccg/{card}"]
        assert [hit.score for hit in hits] == sorted((hit.score for hit in hits), reverse=True)
    assert [hit.id for hit in search("tantabus night terror", limit=2)][1] == "card/ccg/tantabus-night-terror"


def test_title_and_subtitle_name_one_card():
    hits = search("Rainbow Dash, Flier Extraordinaire", limit=5)
    assert [hit.id for hit in hits if hit.kind == "card"] == ["card/ccg/rainbow-dash-flier-extraordinaire"]
    assert not [hit for hit in search("Flier Extraordinaire") if hit.kind == "card"]  # a subtitle alone


def test_a_name_many_cards_share_gives_a_few_and_leaves_room_for_rules():
    hits = search("Applejack", limit=10)
    cards = [hit for hit in hits if hit.kind == "card"]
    assert len(cards) == MAX_CARDS and all(hit.title.startswith("Applejack, ") for hit in cards)
    assert hits[:MAX_CARDS] == cards and len(hits) > MAX_CARDS


@pytest.mark.parametrize("query, first", [
    ("514.4c", "ccg/3.4/514.4c"),
    ("stubbron", "ccg/3.4/glossary/stubborn"),
    ("swift", "ccg/3.4/glossary/swift"),
    ("Persistent", "ccg/3.4/glossary/persistent"),  # not Lily, Persistent
    ("what happens when power totals are tied", "ccg/3.4/514.4c"),
])
def test_rules_questions_find_no_cards(query, first):
    hits = search(query, limit=10)
    assert hits[0].id == first and not [hit for hit in hits if hit.kind == "card"]


def test_cards_only_where_cards_are_searched():
    assert not [hit for hit in search("Applejack", game="tcg") if hit.kind == "card"]
    assert not [hit for hit in search("Applejack", kinds=["rule", "erratum"]) if hit.kind == "card"]
    assert not [hit for hit in search("Applejack", edition="earlier") if hit.kind == "card"]
    assert [hit.kind for hit in search("Applejack", game="ccg", edition="all")][0] == "card"


def test_the_limit_counts_the_cards():
    assert len(search("Applejack", limit=2)) == 2


def test_card_matches_are_names_not_mentions():
    assert card_matches("a question that mentions Applejack and her friends", CARDS) == []
    assert card_matches("", CARDS) == [] and card_matches("!!!", CARDS) == [] and card_matches("x" * 500, CARDS) == []
    best = card_matches("Rainbow Dsh", CARDS)
    assert best and all(card.name == "Rainbow Dash" for card, _ in best)
    assert card_matches("Rainbow Dash, Flier Extraordinaire", CARDS)[0][1] == 1.0


def test_the_cards_are_those_of_the_graph_searched(tmp_path):
    from rulebase import graph
    from rulebase.search import index

    from .test_index import small_corpus

    hits = search("Kitchen au Flambe", graph=graph.load())
    assert [hit.id for hit in hits if hit.kind == "card"] == ["card/ccg/kitchen-au-flambe"]
    without_cards = graph.load(str(small_corpus(tmp_path / "corpus")))
    assert without_cards.cards is None
    try:
        assert not [hit for hit in search("Kitchen au Flambe", graph=without_cards) if hit.kind == "card"]
    finally:
        index.forget()


def _every_close_name(query: str) -> list[tuple[str, float]]:
    """The names within difflib's ratio of the query, found by trying every
    name: what card_matches finds among the few that could be."""
    import difflib

    from rulebase.cards.model import fold
    from rulebase.search.cards import CLOSE, _names

    wanted = fold(query)
    spread = max(1, int(len(wanted) * (1 - CLOSE)) + 1)
    found = []
    for name in _names(CARDS).order:
        ratio = difflib.SequenceMatcher(None, name, wanted, autojunk=False).ratio()
        if abs(len(name) - len(wanted)) <= spread and ratio >= CLOSE:
            found.append((name, ratio))
    return found


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_close_names_are_all_found_among_the_few_that_could_be(data):
    from rulebase.cards.model import fold
    from rulebase.search.cards import _names

    names = _names(CARDS)
    name = data.draw(st.sampled_from(names.order))
    letters = list(name)
    for _ in range(data.draw(st.integers(0, 3))):
        at = data.draw(st.integers(0, len(letters)))
        change = data.draw(st.sampled_from(["drop", "add", "swap"]))
        if change == "drop" and at < len(letters) and len(letters) > 1:
            del letters[at]
        elif change == "add":
            letters.insert(at, data.draw(st.sampled_from("aeiou rstlnx")))
        elif at < len(letters):
            letters[at] = data.draw(st.sampled_from("aeiou rstlnx"))
    query = "".join(letters)
    if fold(query) in names.cards:
        return
    expected: dict[str, float] = {}
    for name, ratio in _every_close_name(query):
        for card, weight in names.cards[name]:
            expected[card.id] = max(expected.get(card.id, 0.0), ratio * weight)
    found = {card.id: score for card, score in card_matches(query, CARDS, limit=10_000)}
    assert found.keys() == expected.keys() and all(abs(found[i] - expected[i]) < 1e-9 for i in found)
