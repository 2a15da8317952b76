"""Tests of :mod:`rulebase.pairing`: the reviewed table of pairs, the forced
pairs, each step of the pairing on small made-up editions, and splits and
merges."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from rulebase import pairing
from rulebase.diff.documents import document_rules
from rulebase.graph import Edge
from rulebase.model import Rule, RuleNumber
from rulebase.pairing import (
    ForcedPairsError,
    change_kind,
    load_forced,
    pair_rules,
    reviewed_pairs,
    signature,
    split_and_merged,
)

TABLE = tomllib.loads((Path(__file__).parent / "data" / "diff" / "pairs.toml").read_text(encoding="utf-8"))


def rule(key: str, text: str, title: str | None = None) -> Rule:
    number, _, suffix = key.partition("~")
    parsed = RuleNumber.parse(number)
    return Rule(parsed, number, text, text, 1, title=title, is_section=parsed.depth == 0,
                id_suffix=f"~{suffix}" if suffix else "")


def pairs_of(old, new, forced=None) -> dict[str, str]:
    return {p.old.key: p.new.key for p in pair_rules(old, new, forced if forced is not None else {})}


@pytest.fixture(scope="module")
def corpus_pairs(rule_graph):
    old = document_rules(rule_graph, TABLE["old_document"])
    new = document_rules(rule_graph, TABLE["new_document"])
    return old, new, pair_rules(old, new)


@pytest.fixture(scope="module")
def edges(rule_graph):
    found = {}
    for source, target, key, data in rule_graph.g.edges(keys=True, data=True):
        if key == Edge.SAME_RULE and rule_graph.node(source)["kind"] == "rule" \
                and rule_graph.node(source)["document"] == TABLE["old_document"] \
                and rule_graph.node(target)["document"] == TABLE["new_document"]:
            found[source.split("/", 2)[2]] = (target.split("/", 2)[2], data["change"])
    return found


# -- the reviewed table --------------------------------------------------------------


@pytest.mark.parametrize("entry", TABLE["match"], ids=lambda e: f"{e['old']}->{e['new']}")
def test_reviewed_pairs_match(entry, corpus_pairs, edges):
    _, _, pairs = corpus_pairs
    found = {p.old.key: p for p in pairs}
    assert entry["old"] in found, f"{entry['old']} was left unpaired"
    assert found[entry["old"]].new.key == entry["new"]
    assert found[entry["old"]].change == entry["kind"]
    # the graph's edges come from the same pairing
    assert edges[entry["old"]] == (entry["new"], entry["kind"])


@pytest.mark.parametrize("entry", TABLE["no_match"], ids=lambda e: f"{e['old']}-/->{e['new']}")
def test_reviewed_non_pairs_do_not_match(entry, corpus_pairs, edges):
    _, _, pairs = corpus_pairs
    assert (entry["old"], entry["new"]) not in {(p.old.key, p.new.key) for p in pairs}
    assert edges.get(entry["old"], (None,))[0] != entry["new"]


def test_reviewed_unpaired_rules(corpus_pairs):
    old, new, pairs = corpus_pairs
    assert {r.key for r in old} >= set(TABLE["removed"]) and {r.key for r in new} >= set(TABLE["added"])
    paired_old, paired_new = {p.old.key for p in pairs}, {p.new.key for p in pairs}
    assert not set(TABLE["removed"]) & paired_old
    assert not set(TABLE["added"]) & paired_new


def test_graph_edges_are_exactly_the_pairing(corpus_pairs, edges):
    _, _, pairs = corpus_pairs
    assert edges == {p.old.key: (p.new.key, p.change) for p in pairs}


def test_every_rule_is_paired_at_most_once(corpus_pairs):
    _, _, pairs = corpus_pairs
    assert len({p.old.key for p in pairs}) == len(pairs) == len({p.new.key for p in pairs})


# -- forced pairs -------------------------------------------------------------------------


def test_every_reviewed_forced_pair_fits_the_corpus(corpus_pairs):
    old, new, pairs = corpus_pairs
    forced = load_forced()
    assert forced
    fitting = reviewed_pairs(old, new)
    assert {pair.old: pair.new for pair in forced} == fitting
    found = {p.old.key: p for p in pairs}
    for pair in forced:
        assert pair.reason.strip()
        assert found[pair.old].new.key == pair.new and found[pair.old].forced


def test_without_the_forced_pair_the_rule_would_be_unpaired(corpus_pairs):
    old, new, _ = corpus_pairs
    pairs = pairs_of(old, new, {})
    for pair in load_forced():
        assert pairs.get(pair.old) != pair.new


def test_forced_pairs_apply_the_other_way_round(corpus_pairs):
    old, new, _ = corpus_pairs
    assert reviewed_pairs(new, old) == {pair.new: pair.old for pair in load_forced()}
    assert reviewed_pairs(old, old) == {}


def test_forcing_by_hand_overrides_the_text():
    old = [rule("101", "", "Deckbuilding"), rule("101.1", "A deck has 45 cards."), rule("101.2", "Decks are shuffled.")]
    new = [rule("101", "", "Deckbuilding"), rule("101.1", "A deck has 45 cards."), rule("101.2", "Decks are shuffled.")]
    assert pairs_of(old, new)["101.1"] == "101.1"
    forced = pairs_of(old, new, {"101.1": "101.2", "101.2": None})
    assert forced["101.1"] == "101.2" and "101.2" not in forced


def test_forced_pair_file_errors_name_the_file(tmp_path):
    bad = tmp_path / "forced.toml"
    bad.write_text('[[pair]]\nold = "101.1"\nnew = "101.2"\nreason = "x"\n', encoding="utf-8")
    with pytest.raises(ForcedPairsError, match=r"forced\.toml: pair 1 \(101\.1\) has no old_quote, new_quote"):
        load_forced(bad)
    bad.write_text('[[pair]]\nold = "101.1"\nold_quote = "A"\nreason = "x"\ncolour = 1\n', encoding="utf-8")
    with pytest.raises(ForcedPairsError, match="unknown keys colour"):
        load_forced(bad)
    bad.write_text("[[pair]\n", encoding="utf-8")
    with pytest.raises(ForcedPairsError, match=r"forced\.toml: "):
        load_forced(bad)
    with pytest.raises(ForcedPairsError, match="no such file"):
        load_forced(tmp_path / "missing.toml")


def test_a_forced_pair_with_a_stale_quotation_is_not_applied(tmp_path):
    path = tmp_path / "forced.toml"
    path.write_text('[[pair]]\nold = "101.1"\nold_quote = "A deck has"\nnew = "101.2"\n'
                    'new_quote = "no such words"\nreason = "r"\n', encoding="utf-8")
    old = [rule("101.1", "A deck has 45 cards.")]
    new = [rule("101.2", "Decks are shuffled.")]
    assert reviewed_pairs(old, new, path) == {}
    path.write_text('[[pair]]\nold = "101.1"\nold_quote = "A deck has"\nnew = "101.2"\n'
                    'new_quote = "shuffled"\nreason = "r"\n', encoding="utf-8")
    assert reviewed_pairs(old, new, path) == {"101.1": "101.2"}


# -- each step on made-up editions ---------------------------------------------------------------


def test_same_text_pairs_across_numbers_and_noise():
    old = [rule("409", "", "Changing Zones"), rule("409.1", "To dismiss a card is to put it from play into its owner's discard pile.")]
    new = [rule("409", "", "Flip Zone"), rule("409.1", "Each player's flip zone contains flipped cards."),
           rule("410", "", "Changing zones"), rule("410.1", "To dismiss a card is to put it from play into its owner’s discard pile")]
    pairs = pairs_of(old, new)
    assert pairs == {"409": "410", "409.1": "410.1"}


def test_same_number_pairs_when_texts_are_alike():
    old = [rule("101.1", "A Draw Deck has a minimum of 45 cards.")]
    new = [rule("101.1", "A Draw Deck has a minimum of 50 cards.")]
    assert pairs_of(old, new) == {"101.1": "101.1"}
    unrelated = [rule("101.1", "Tokens may not exist outside play.")]
    assert pairs_of(old, unrelated) == {}


def test_a_short_rule_pairs_with_the_rule_that_contains_it():
    old = [rule("705", "", "Processing Actions"), rule("705.2", "A player resolves an action by these steps."),
           rule("705.2a", "Announce the action."), rule("705.2b", "Determine the costs of the action"),
           rule("705.2c", "Pay those costs")]
    new = [rule("705", "", "Processing Actions"), rule("705.2", "A player resolves an action by these steps."),
           rule("705.2a", "Announce the action."), rule("705.2b", "Put the card in the queue."),
           rule("705.2c", "Determine the costs of the action."),
           rule("705.2d", "Pay those costs.\nEffects which happen as a player plays a card resolve before moving past this step.")]
    pairs = pairs_of(old, new)
    assert pairs["705.2c"] == "705.2d" and pairs["705.2b"] == "705.2c"
    assert "705.2b" not in pairs.values()


def test_the_containing_rule_must_stand_under_the_same_parent():
    old = [rule("601", "", "General"), rule("601.1", "Pay those costs")]
    new = [rule("601", "", "General"), rule("601.1", "Phases and steps."),
           rule("705", "", "Processing Actions"), rule("705.2d", "Pay those costs. Effects which happen resolve.")]
    assert "601.1" not in pairs_of(old, new)


def test_a_rewritten_rule_in_a_gap_pairs_with_its_place():
    old = [rule("515", "", "Flipping"), rule("515.1", "To flip a card, reveal the top card of your deck."),
           rule("515.2", "Flipped cards do not change zones, and keep their order in the deck."),
           rule("515.3", "Each flip is a separate occurrence.")]
    new = [rule("515", "", "Flipping"), rule("515.1", "To flip a card, reveal the top card of your deck."),
           rule("515.2", "Flipped cards are in the Flip Zone, and are not part of the draw deck."),
           rule("515.3", "Each flip is a separate occurrence.")]
    assert pairs_of(old, new)["515.2"] == "515.2"
    unlike = [*new[:2], rule("515.2", "Tokens never exist outside play."), new[3]]
    assert "515.2" not in pairs_of(old, unlike)


def test_the_gap_step_pairs_only_equal_gaps():
    old = [rule("515", "", "Flipping"), rule("515.1", "Alpha beta gamma delta."), rule("515.2", "Flipped cards keep order."),
           rule("515.3", "Epsilon zeta eta theta.")]
    new = [rule("515", "", "Flipping"), rule("515.1", "Alpha beta gamma delta."), rule("515.2", "Flipped cards are set aside."),
           rule("515.3", "Flipped cards are revealed."), rule("515.4", "Epsilon zeta eta theta.")]
    assert "515.2" not in pairs_of(old, new)


def test_change_kinds():
    assert change_kind(rule("105.3", "Zero is an even number"), rule("105.3", "Zero is an even number.")) == "unchanged"
    assert change_kind(rule("106.1", "nonturn players"), rule("106.1", "Non-turn players")) == "unchanged"
    assert change_kind(rule("409.6", "A card"), rule("410.6", "A card")) == "renumbered"
    assert change_kind(rule("802.1", "Such series are bops."), rule("802.1", "Such series are loops.")) == "reworded"
    assert change_kind(rule("511.4~2", "Characters go home."), rule("511.5", "Cards go home.")) == "renumbered and reworded"


def test_signature_keeps_what_changes_meaning():
    assert signature("gets -X power") != signature("gets +X power")
    assert signature("pay ①") != signature("pay ②")
    assert signature("pay [1 action token]") == signature("pay ①")
    assert signature("(409.6)") != signature("(410.6)")
    assert signature("it's") != signature("its")


# -- splits and merges -----------------------------------------------------------------------------


def test_a_rule_split_in_two():
    old = [rule("301", "", "Mane Character"),
           rule("301.1", "Mane Characters start the game in play at their owner's home. Mane Characters can't leave play under any circumstances.")]
    new = [rule("301", "", "Mane Character"),
           rule("301.1", "Mane Characters start the game in play at their owner's home."),
           rule("301.2", "Mane Characters can't leave play under any circumstances.")]
    pairs = pair_rules(old, new, {})
    assert {(p.old.key, p.new.key) for p in pairs} == {("301", "301"), ("301.1", "301.1")}
    links = split_and_merged(old, new, pairs)
    assert [(l.kind, l.old.key, l.new.key, l.partner.key) for l in links] == [("split", "301.1", "301.2", "301.1")]


def test_two_rules_merged_into_one():
    old = [rule("301", "", "Mane Character"),
           rule("301.1", "Mane Characters start the game in play at their owner's home."),
           rule("301.2", "Mane Characters can't leave play under any circumstances.")]
    new = [rule("301", "", "Mane Character"),
           rule("301.1", "Mane Characters start the game in play at their owner's home. Mane Characters can't leave play under any circumstances.")]
    pairs = pair_rules(old, new, {})
    links = split_and_merged(old, new, pairs)
    assert [(l.kind, l.old.key, l.new.key, l.partner.key) for l in links] == [("merged", "301.2", "301.1", "301.1")]


def test_a_rule_whose_words_were_already_in_its_counterpart_is_not_merged(corpus_pairs):
    old, new, pairs = corpus_pairs
    # "Players can't choose to do something that can't be done." (earlier 104.2b)
    # has its words in 3.4 705.2e, but earlier 705.2d said it too.
    assert split_and_merged(old, new, pairs) == []


def test_unpaired_rule_split_into_two_unpaired_rules():
    old = [rule("701", "", "Abilities"), rule("701.9", "Alpha beta gamma delta epsilon. Zeta eta theta iota kappa.")]
    new = [rule("701", "", "Abilities"), rule("702", "", "Keywords"),
           rule("702.1", "Alpha beta gamma delta epsilon."), rule("702.2", "Zeta eta theta iota kappa.")]
    pairs = pair_rules(old, new, {})
    assert {p.old.key for p in pairs} == {"701"}
    links = split_and_merged(old, new, pairs)
    assert sorted((l.kind, l.old.key, l.new.key, l.partner.key) for l in links) == [
        ("split", "701.9", "702.1", "702.2"), ("split", "701.9", "702.2", "702.1")]


def test_a_rule_contained_in_its_own_edition_is_paired_then_split():
    old = [rule("701", "", "Abilities"), rule("701.9", "Alpha beta gamma delta epsilon. Zeta eta theta iota kappa.")]
    new = [rule("701", "", "Abilities"),
           rule("701.7", "Alpha beta gamma delta epsilon."), rule("701.8", "Zeta eta theta iota kappa.")]
    pairs = pair_rules(old, new, {})
    assert ("701.9", "701.7") in {(p.old.key, p.new.key) for p in pairs}
    assert [(l.kind, l.old.key, l.new.key, l.partner.key) for l in split_and_merged(old, new, pairs)] == [
        ("split", "701.9", "701.8", "701.7")]


def test_docstring_examples():
    import doctest

    assert doctest.testmod(pairing).failed == 0
