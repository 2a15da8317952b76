"""The search answers what it answered when the recording was made
(``tests/search/recording.py``): the same hits in the same order, with the
same snippets and the same scores (within :data:`SCORE_TOLERANCE`: the
meaning is read by a model whose arithmetic may round differently on
another processor)."""

from __future__ import annotations

import html
import json
import re

import pytest

from rulebase.search import SearchQueryError, search
from tests.search.recording import RECORDING

SCORE_TOLERANCE = 1e-3
ANSWERS = [json.loads(line) for line in RECORDING.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_the_recording_covers_every_kind_of_query():
    assert len(ANSWERS) > 1000
    assert any("error" in answer for answer in ANSWERS)
    assert any(answer["edition"] == "all" for answer in ANSWERS)
    assert sum(1 for answer in ANSWERS if len(answer.get("hits", ())) == answer["limit"]) > 500


def test_every_recorded_query_gets_the_same_answer():
    changed = []
    for answer in ANSWERS:
        try:
            hits = search(answer["query"], game=answer["game"], edition=answer["edition"], limit=answer["limit"])
        except SearchQueryError as error:
            got = {"error": str(error)}
        else:
            got = {"hits": [[hit.id, hit.score, hit.snippet] for hit in hits]}
            for hit in hits:
                assert hit.snippet_text == html.unescape(re.sub("</?mark>", "", hit.snippet))
        want = {key: answer[key] for key in ("error", "hits") if key in answer}
        if not _same(got, want):
            changed.append((answer["query"], answer["game"], answer["edition"], want, got))
    assert not changed, f"{len(changed)} answers changed, the first: {changed[0]}"


def _same(got: dict, want: dict) -> bool:
    if "error" in want or "error" in got:
        return got == want
    if len(got["hits"]) != len(want["hits"]):
        return False
    return all(
        (got_id, got_snippet) == (want_id, want_snippet) and abs(got_score - want_score) <= SCORE_TOLERANCE
        for (got_id, got_score, got_snippet), (want_id, want_score, want_snippet) in zip(got["hits"], want["hits"])
    )
