"""The candidates are those whoosh finds for the same query: the same
entries, in the same order, with the same scores."""

from __future__ import annotations

import json

import pytest

from rulebase.search import SearchQueryError, candidates, engine
from rulebase.search import index as indexes
from rulebase.search.query import parse
from tests.search.recording import RECORDING

QUERIES = [json.loads(line) for line in RECORDING.read_text(encoding="utf-8").splitlines() if line.strip()]


def _concepts(opened, case):
    try:
        parsed = parse(case["query"])
    except SearchQueryError:
        return None
    return engine._concepts(opened, parsed, [], case["game"] is not None)


@pytest.mark.parametrize("limit", [engine.CANDIDATES, 7])
def test_the_candidates_are_whooshs_best_entries(limit):
    opened = indexes.ensure()
    postings = candidates.Postings(opened.searcher, opened.lock)
    scopes = [engine._scope(opened, None, None, None)[1], engine._scope(opened, "ccg", "all", None)[1],
              engine._scope(opened, "tcg", None, frozenset({"rule"}))[1]]
    compared = 0
    for number, case in enumerate(QUERIES[::3]):
        concepts = _concepts(opened, case)
        if not concepts:
            continue
        allowed = scopes[number % len(scopes)]
        expected = opened.searcher.search(engine.candidate_query(concepts), limit=limit, filter=allowed)
        found = candidates.best(postings, engine.candidate_terms(concepts), allowed, limit)
        assert found == [hit.docnum for hit in expected], case["query"]
        compared += 1
    assert compared > 300


def test_a_phrase_is_scored_as_whoosh_scores_it():
    opened = indexes.ensure()
    postings = candidates.Postings(opened.searcher, opened.lock)
    phrase = ("power", "total")
    expected = opened.searcher.search(engine.candidate_query([engine.Concept("x", {}, {phrase: 1.0})]), limit=None)
    assert [(hit.docnum, hit.score) for hit in expected] == sorted(postings.phrase(phrase), key=lambda p: (-p[1], p[0]))
    assert expected and postings.term("nosuchword") == ()


def test_word_statistics_are_the_index_s():
    opened = indexes.ensure()
    postings = candidates.Postings(opened.searcher, opened.lock)
    assert postings.doc_count_all() == opened.searcher.doc_count_all() == len(opened.records)
    assert postings.doc_frequency("all", "faceoff") == opened.searcher.doc_frequency("all", "faceoff") > 0
    assert len(postings.term("faceoff")) == postings.doc_frequency("all", "faceoff")


def test_only_the_words_of_the_index_are_kept():
    opened = indexes.ensure()
    for complete in (False, True):
        postings = candidates.Postings(opened.searcher, opened.lock)
        if complete:
            postings.preload()
        kept = len(postings._terms), len(postings._frequencies)
        for number in range(50):
            assert postings.term(f"zzq{number}") == () and postings.doc_frequency("all", f"zzq{number}") == 0
        assert (len(postings._terms), len(postings._frequencies)) == kept
    assert len(postings._terms) == len(list(opened.searcher.reader().field_terms("all")))
