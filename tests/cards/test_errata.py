"""The card errata resolved to the card data's cards, and each card's current text
(:func:`rulebase.cards.errata.current_text`, made from :func:`rulebase.errata.card_texts` only)."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebase.cards.database import CardDatabase
from rulebase.cards.errata import (
    DAMAGED,
    CurrentText,
    current_text,
    fragment,
    occurrences,
    resolutions,
    resolve,
)
from rulebase.cards.model import Card, CardSet, Printing
from rulebase.errata import card_texts


@pytest.fixture(scope="module")
def resolved(rule_graph):
    return dict(resolutions(rule_graph))


def test_every_erratum_of_the_card_errata_resolves_to_one_card(rule_graph, resolved):
    assert len(rule_graph.nodes("erratum")) == 70
    assert len(resolved) == 70
    assert [node for node, found in resolved.items() if not found.resolved] == []
    assert len({found.card_id for found in resolved.values()}) == 70
    assert all(rule_graph.card_of(node) == f"card/ccg/{found.card_id}" for node, found in resolved.items())


def test_the_errata_that_differ_from_the_card_data_say_how(resolved):
    differing = {node.split("/", 2)[2]: (found.card_id, found.how, found.note)
                 for node, found in resolved.items() if found.how != "name" or found.note}
    assert differing == {
        "premiere/gyro-pointdexter": (
            "gyro-poindexter", "close subtitle",
            "the errata print the subtitle 'Pointdexter'; the card data has 'Poindexter'"),
        "premiere/pearly-stitch-crochety-crocheter": (
            "pearly-stitch-crotchety-crocheter", "close subtitle",
            "the errata print the subtitle 'Crochety Crocheter'; the card data has 'Crotchety Crocheter'"),
        "premiere/kitchen-au-flam": (
            "kitchen-au-flambe", "damaged name",
            (f"'Kitchen au Flam{DAMAGED}{DAMAGED}' has lost characters in conversion (2 replacement characters); "
             "the card data names it 'Kitchen au Flambé'")),
        "the-crystal-games/octavia-serious-musician": (
            "octavia-serious-musician", "name",
            "listed under The Crystal Games, but Octavia, Serious Musician is printed in Promos, not in Crystal Games"),
    }


def card(card_id: str, name: str, subtitle: str | None, set_name: str, text: str = "") -> Card:
    return Card(id=card_id, name=name, subtitle=subtitle, text=text,
                printings=(Printing(set_name, set_name.lower(), "1", "C", f"octgn-{card_id}", 1),))


@pytest.fixture
def small():
    cards = (card("spike-helper", "Spike", "Helper", "Premier"), card("spike-helpez", "Spike", "Helpez", "Premier"),
             card("applejack-farmer", "Applejack", "Farmer", "Premier"),
             card("applejack-farmer-cn1", "Applejack", "Farmer", "Canterlot Nights"))
    sets = (CardSet("Premier", "premier", "p.xml", ("spike-helper", "spike-helpez", "applejack-farmer"), 3),
            CardSet("Canterlot Nights", "cn", "c.xml", ("applejack-farmer-cn1",), 1))
    return CardDatabase(Path("."), cards, sets)


def test_the_set_an_erratum_is_listed_under_chooses_among_cards_of_one_name(small):
    found = resolve("Applejack", "Farmer", "Canterlot Nights", small)
    assert (found.card_id, found.how) == ("applejack-farmer-cn1", "name and set")
    assert resolve("Applejack", "Farmer", "Premiere", small).card_id == "applejack-farmer"


def test_an_erratum_that_fits_two_cards_equally_is_not_guessed(small):
    found = resolve("Spike", "Helpey", "Premiere", small)
    assert (found.card_id, found.how) == (None, "unresolved")
    assert found.note == "'Spike Helpey' names 2 cards of Premiere: spike-helper, spike-helpez"


def test_an_erratum_that_fits_no_card_says_why(small):
    found = resolve("Rarity", "Fashionista", "Premiere", small)
    assert not found.resolved
    assert found.note.startswith("no card of the card data is named 'Rarity Fashionista'")


def test_a_subtitle_too_far_from_any_card_is_no_misspelling(small):
    assert not resolve("Spike", "Dragon Kid", "Premiere", small).resolved


def test_fragments_fold_quotes_spacing_case_icons_and_ellipses():
    assert fragment("...put this card into its owner’s  hand...") == "put this card into its owner's hand"
    assert fragment("..search your deck") == "search your deck"
    assert occurrences("Pay [1] to\nDraw.", fragment("pay ① to draw")) == [(0, 15)]
    assert occurrences("You may pay [2] or dismiss it.", fragment("...pay ② or...")) == [(8, 18)]
    assert occurrences("A card. A card.", fragment("a card")) == [(0, 6), (8, 14)]


TEXT = st.lists(st.sampled_from(["Put", "this", "card", "into", "its", "owner’s", "owner's", "hand", "①", "[1]",
                                 "\n", "  ", "“Pony”", "Élan"]), min_size=1, max_size=12)


@settings(max_examples=60, deadline=None)
@given(TEXT, st.data())
def test_every_place_found_holds_the_fragment_and_places_do_not_overlap(words, data):
    text = " ".join(words)
    folded = fragment(text)
    if not folded:
        return
    start = data.draw(st.integers(0, len(folded) - 1))
    wanted = folded[start:data.draw(st.integers(start + 1, len(folded)))].strip()
    if not wanted:
        return
    places = occurrences(text, wanted)
    assert places and all(a[1] <= b[0] for a, b in pairwise(places))
    assert all(wanted in fragment(text[begin:end]) for begin, end in places)


def test_new_replaces_old_where_the_card_data_holds_the_printed_text(rule_graph):
    text = current_text("octavia-serious-musician", rule_graph)
    assert text.state == "printed" and text.erratum == "ccg/ocr-7.2/the-crystal-games/octavia-serious-musician"
    assert "put this card into its owner's hand to send that character" in text.text
    assert "into your hand" not in text.text
    assert text.note is None


@pytest.mark.parametrize("card_id", ["duck-and-cover", "kitchen-au-flambe", "twilight-sparkle-faithful-student"])
def test_card_data_that_already_holds_the_new_text_is_current(rule_graph, card_id):
    text = current_text(card_id, rule_graph)
    data = rule_graph.card(f"card/ccg/{card_id}")
    assert (text.state, text.text) == ("current", data.text)


def test_new_text_on_the_boosted_side_is_found_there(rule_graph):
    text = current_text("twilight-sparkle-faithful-student", rule_graph)
    assert "\nDuring a faceoff involving this card, if you would put a flipped Event card" in text.boosted


UNMARKED = ["trading-traditions", "pile-of-presents", "sunset-shimmer", "its-a-twister", "marvelous-chapeau",
            "pearly-stitch-crotchety-crocheter"]
"""Cards whose erratum is a corrected wording with no change marked and no OLD text."""


@pytest.mark.parametrize("card_id", UNMARKED)
def test_a_corrected_wording_without_marks_is_applied_to_the_printed_text(rule_graph, card_id):
    text = current_text(card_id, rule_graph)
    texts = card_texts(card_id, rule_graph)
    data = rule_graph.card(f"card/ccg/{card_id}")
    assert (text.state, text.erratum) == ("printed", texts.erratum)
    assert text.text == texts.current != data.text
    wording = next(change for change in texts.changes if change.source == "wording" and change.old)
    assert wording.new in text.text and wording.old in data.text


def test_pile_of_presents_reads_already_drawn(rule_graph):
    text = current_text("pile-of-presents", rule_graph)
    assert "if that opponent has already drawn at least 4 cards this turn" in text.text
    assert "to to" not in text.text  # the misprint of the erratum is not carried into the card
    assert "written twice, a misprint" in text.note


def test_a_change_of_trait_is_checked_against_the_card(rule_graph):
    assert current_text("ahuizotl", rule_graph).state == "current"
    texts = card_texts("ahuizotl", rule_graph)
    assert [(change.source, change.held) for change in texts.changes] == [("information", "current")]


def test_cards_without_errata_keep_their_printed_text(rule_graph):
    text = current_text("rainbow-dash-flier-extraordinaire", rule_graph)
    assert (text.state, text.erratum) == ("printed", None)
    assert text.boosted == rule_graph.card("card/ccg/rainbow-dash-flier-extraordinaire").boosted.text


def test_the_current_text_is_card_texts_answer_for_every_card(rule_graph):
    for node in rule_graph.nodes("card"):
        key = rule_graph.node(node)["key"]
        texts, text = card_texts(key, rule_graph), current_text(key, rule_graph)
        assert (text.text, text.boosted, text.erratum) == (texts.current, texts.current_boosted, texts.erratum), key
        assert text == CurrentText.of(texts)


def test_the_current_texts_of_all_errata(rule_graph, resolved):
    states = {}
    for found in resolved.values():
        states.setdefault(current_text(found.card_id, rule_graph).state, []).append(found.card_id)
    assert len(states["current"]) == 61
    assert sorted(states["printed"]) == sorted(["octavia-serious-musician", *UNMARKED])
    assert sorted(states["unknown"]) == ["daisy-mousy-mare", "what-went-wrong"]
    assert all(not card_texts(card, rule_graph).known for card in states["unknown"])


def test_a_change_that_cant_be_located_leaves_the_data_text_and_says_why(rule_graph):
    text = current_text("daisy-mousy-mare", rule_graph)
    assert text.text == rule_graph.card("card/ccg/daisy-mousy-mare").text
    assert text.note == "neither OLD nor NEW is in the card's text"


def test_an_unknown_card_is_a_key_error(rule_graph):
    with pytest.raises(KeyError):
        current_text("no-such-card", rule_graph)
