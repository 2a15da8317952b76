"""What the search is asked in the tests' recorded checks: every question
set (the evaluation sets, with the one kept beside the repository where
there is one, and the questions the index holds) and the recorded queries."""

from __future__ import annotations

import json
from pathlib import Path

from rulebase import questionsets
from rulebase.search import questions

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "search"
SHARED_EVAL = ROOT.parent / "shared" / "eval"


def question_files() -> list[Path]:
    """Every question set."""
    return [*sorted(DATA.glob("judge-questions-*.jsonl")), *sorted(SHARED_EVAL.glob("judge-questions-*.jsonl")),
            questions.QUESTIONS]


def recorded_queries() -> list[str]:
    """The queries of the recorded results."""
    lines = (DATA / "recorded-results.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line)["query"] for line in lines if line.strip()]


def asked_texts() -> list[str]:
    """Every question of every set, then every recorded query, as typed."""
    asked = [question.q for file in question_files() for question in questionsets.load_questions(file)]
    return [*asked, *recorded_queries()]
