"""The ranking's parts: coverage, titles, definitions, quantities, priors."""

import pytest

from rulebase.search import ranking
from rulebase.search.analysis import stems
from rulebase.search.ranking import Concept, Features


def record(text, title=None, kind="rule", heading=False, document="doc", context=()):
    fields = {"title": stems(title or ""), "text": stems(text), "context": stems(" ".join(context)), "aliases": [], "questions": []}
    return {"id": text[:20], "kind": kind, "title": title, "text": text, "heading": heading, "document": document,
            "stems": fields}


def concepts(*words):
    return [Concept(w, {s: 1.0 for s in stems(w)}) for w in words]


DOCUMENTS = {"doc": {"doc_kind": "comprehensive rules", "title": "Comprehensive Rules"},
             "book": {"doc_kind": "rulebook", "title": "Quickstart Rules"}}


def scores(records, query, **options):
    features = Features(records)
    wanted = concepts(*query.split())
    idf = {form: 1.0 for c in wanted for form in c.forms}
    weights = [ranking.concept_weight(c, idf) for c in wanted]
    return [ranking.score(features, records, DOCUMENTS, n, wanted, weights, [], **options) for n in range(len(records))]


def test_an_entry_covering_more_of_the_question_ranks_higher():
    both = record("If both power totals are the same, flip again.")
    one = record("Power power power power.")
    first, second = scores([both, one], "power totals same")
    assert first > second


def test_a_named_title_and_the_rulebook_prior():
    named = record("A keyword ability.", title="Swift", kind="glossary")
    other = record("You pay less to move a swift card.", document="book")
    first, second = scores([named, other], "swift")
    assert first > second > 0


def test_quantity_questions_prefer_entries_with_numbers():
    with_number = record("Each player draws 6 cards.")
    without = record("Each player draws cards.")
    plain = scores([with_number, without], "player draws cards")
    asked = scores([with_number, without], "player draws cards", quantity=True)
    assert asked[0] / asked[1] > plain[0] / plain[1]
    assert ranking.asks_quantity("how many cards do I draw") and not ranking.asks_quantity("draw a card")


@pytest.mark.parametrize("text, defined", [
    ("To banish a card is to put it into its owner's banish zone.", {"banish"}),
    ("Priority is the opportunity for a player to take an action.", {"prioriti"}),
    ("Game states can exist in which actions repeat. Such series are loops.", {"loop"}),
    ("Cards in the banished zone are public.", set()),
])
def test_what_a_rule_defines(text, defined):
    assert ranking.defined(record(text)) == defined


def test_definition_questions():
    assert ranking.asks_definition("what does banish mean")
    assert ranking.asks_definition("what is a priority window")
    assert not ranking.asks_definition("can I banish a friend")


def test_documents_named_by_a_rare_title_word():
    documents = {"a": {"title": "CCG Limited Play"}, "b": {"title": "CCG Comprehensive Rules"},
                 "c": {"title": "CCG Tournament Rules"}, "d": {"title": "CCG Card Errata"}}
    assert ranking.named_documents(documents, concepts("limited", "deck")) == frozenset({"a"})
    assert ranking.named_documents(documents, concepts("ccg", "deck")) == frozenset()


def test_a_concept_counts_by_the_rarest_form_the_documents_use():
    concept = Concept("work", {"work": 1.0, "word": 0.5})
    assert ranking.concept_weight(concept, {"work": 0.0, "word": 4.0}) == 2.0
    assert ranking.concept_weight(Concept("x", {"x": 1.0}), {"x": 0.0}) == 0.0


@pytest.mark.parametrize("text, named", [
    ("To banish a card is to put it into its owner's banish zone.", {"banish"}),
    ("A priority window is the interval of time during which players receive priority.", {"prioriti", "window"}),
    ("If the Faceoff is a Problem Faceoff, characters at the Problem are involved.", set()),
    ("A Resource that is an attachment enters play attached to the card.", set()),
])
def test_a_rule_without_a_title_is_named_by_the_term_it_defines(text, named):
    assert ranking.named_by(record(text)) == named
    assert ranking.named_by(record(text, title="Heading")) == frozenset()


def test_naming_the_defined_term_ranks_the_defining_rule_first():
    defining = record("To banish a card is to put it into its owner's banish zone.")
    using = record("Cards in the banished zone are public; banished cards stay banished.")
    first, second = scores([defining, using], "banish")
    assert first > second


def test_words_most_entries_use_are_not_needed_to_name_a_title():
    entries = [record("Remove an exhaustion counter.", title="Readying Cards", document="book")]
    entries += [record(f"A card number {n} with a card.") for n in range(8)]
    features = Features(entries)
    assert "card" in features.generic and features.titles[0] == frozenset(stems("ready"))


def test_an_everyday_word_counts_for_less():
    idf = {"still": 3.0, "faceoff": 3.0}
    weak, strong = Concept("still", {"still": 1.0}), Concept("faceoff", {"faceoff": 1.0})
    assert ranking.concept_weight(weak, idf) == pytest.approx(ranking.WEAK * ranking.concept_weight(strong, idf))


def test_glossary_entries_and_errata_give_way_to_rules_in_a_question():
    entry = record("The comparison of power totals in a faceoff.", title="Faceoff", kind="glossary")
    rule = record("Players compare power totals in a faceoff.")
    keyword = scores([entry, rule], "faceoff totals")
    asked = scores([entry, rule], "faceoff totals", question=True)
    assert asked[0] / asked[1] < keyword[0] / keyword[1]
    defining = scores([entry, rule], "faceoff totals", question=True, definition=True)
    assert defining[0] / defining[1] >= keyword[0] / keyword[1]
