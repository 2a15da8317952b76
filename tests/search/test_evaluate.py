"""The evaluation of the search on judge questions (rulebase.evaluate)."""

from pathlib import Path

import pytest

from rulebase.evaluate import Question, Report, evaluate, load_questions, report_text

SHARED = Path(__file__).resolve().parents[3] / "shared"
DEV = SHARED / "eval" / "judge-questions-dev.jsonl"
EXTRA = Path(__file__).resolve().parents[1] / "data" / "search" / "judge-questions-extra.jsonl"
HOLDOUT = EXTRA.with_name("judge-questions-holdout.jsonl")
TUNING = EXTRA.with_name("judge-questions-tuning.jsonl")
# Written before the search was tuned, and never tuned on by hand.
BLIND = EXTRA.with_name("judge-questions-blind.jsonl")
# Written from the documents alone by people who never saw the search:
# FRESH_A, FRESH_D and FRESH_E were studied to improve it, FRESH_B and
# FRESH_C only measured by hand.
FRESH_A = EXTRA.with_name("judge-questions-fresh-a.jsonl")
FRESH_B = EXTRA.with_name("judge-questions-fresh-b.jsonl")
FRESH_C = EXTRA.with_name("judge-questions-fresh-c.jsonl")
FRESH_D = EXTRA.with_name("judge-questions-fresh-d.jsonl")
FRESH_E = EXTRA.with_name("judge-questions-fresh-e.jsonl")
# Written the same way later, only measured: the model never learnt from them.
FRESH_F = EXTRA.with_name("judge-questions-fresh-f.jsonl")
FRESH_G = EXTRA.with_name("judge-questions-fresh-g.jsonl")
FRESH_H = EXTRA.with_name("judge-questions-fresh-h.jsonl")
FRESH_I = EXTRA.with_name("judge-questions-fresh-i.jsonl")

# The figures the search reached on each set, rounded down: they must not drop.
# The search's model learnt from every set but FRESH_F to FRESH_I (see
# rulebase/data/rules-encoder.json), so only those measure questions it has
# never seen.
REACHED = {DEV: (1.00, 1.00), EXTRA: (0.98, 1.00), HOLDOUT: (1.00, 1.00), TUNING: (0.98, 1.00),
           BLIND: (0.96, 1.00), FRESH_A: (0.95, 0.98), FRESH_B: (0.92, 1.00), FRESH_C: (0.95, 0.99),
           FRESH_D: (0.93, 1.00), FRESH_E: (0.89, 0.98), FRESH_F: (0.91, 0.99), FRESH_G: (0.92, 0.98),
           FRESH_H: (0.96, 0.99), FRESH_I: (0.96, 0.99)}
SETS = {"dev": DEV, "extra": EXTRA, "holdout": HOLDOUT, "tuning": TUNING, "blind": BLIND,
        "fresh-a": FRESH_A, "fresh-b": FRESH_B, "fresh-c": FRESH_C, "fresh-d": FRESH_D, "fresh-e": FRESH_E,
        "fresh-f": FRESH_F, "fresh-g": FRESH_G, "fresh-h": FRESH_H, "fresh-i": FRESH_I}


@pytest.mark.parametrize("path", list(SETS.values()), ids=list(SETS))
def test_the_search_keeps_the_figures_it_reached(path):
    if not path.is_file():
        pytest.fail(f"{path} is missing")
    report = evaluate(load_questions(path))
    mrr, recall = REACHED[path]
    assert report.mrr >= mrr, report_text(report)
    assert report.recall >= recall, report_text(report)


@pytest.mark.parametrize("path", [EXTRA, BLIND, FRESH_B, FRESH_C, FRESH_F, FRESH_G, FRESH_H, FRESH_I],
                         ids=["extra", "blind", "fresh-b", "fresh-c", "fresh-f", "fresh-g", "fresh-h", "fresh-i"])
def test_the_question_files_cover_both_games_and_every_kind_of_answer(path):
    questions = load_questions(path)
    assert len(questions) >= 30
    assert {q.game for q in questions} == {"ccg", "tcg"}
    assert any(q.numbers for q in questions) and any(q.titles for q in questions) and any(q.snippets for q in questions)


@pytest.mark.parametrize("path", [EXTRA, HOLDOUT, TUNING, BLIND, FRESH_A, FRESH_B, FRESH_C, FRESH_D, FRESH_E,
                                  FRESH_F, FRESH_G, FRESH_H, FRESH_I],
                         ids=["extra", "holdout", "tuning", "blind", "fresh-a", "fresh-b", "fresh-c", "fresh-d",
                              "fresh-e", "fresh-f", "fresh-g", "fresh-h", "fresh-i"])
def test_every_answer_of_the_question_files_is_in_the_current_documents(path, rule_graph):
    current = [rule_graph.node(n) for n in rule_graph.nodes() if rule_graph.node(n).get("document")]
    documents = {d["id"] for d in rule_graph.documents() if d.get("current") or
                 (d.get("within") and rule_graph.node(d["within"]).get("current"))}
    current = [d for d in current if d["document"] in documents]
    for question in load_questions(path):
        entries = [d for d in current if d["game"] == question.game]
        for number in question.numbers:
            assert any(number in (d.get("number"), d.get("key")) for d in entries), (question.line, number)
        for title in question.titles:
            assert any((d.get("title") or "").lower() == title.lower() for d in entries), (question.line, title)
        for snippet in question.snippets:
            assert any(" ".join(snippet.split()).lower() in " ".join((d.get("text") or "").split()).lower()
                       for d in entries), (question.line, snippet)


def hit(**fields):
    return {"number": None, "key": None, "title": None, "text": "", **fields}


def test_mrr_and_recall():
    from rulebase.evaluate import Outcome

    q = Question("q", "ccg", numbers=("1",))
    report = Report([Outcome(q, 1), Outcome(q, 2), Outcome(q, 6), Outcome(q, None)])
    assert report.mrr == pytest.approx((1 + 1 / 2 + 1 / 6) / 4)
    assert report.recall == 0.5
    assert len(report.missed) == 2
    assert "MRR@10     0.417" in report_text(report) and "not in the first 10" in report_text(report)


def test_a_fake_search_is_scored_by_its_ranks():
    class Fake:
        def __init__(self, data):
            self.data = data

        def as_dict(self):
            return self.data

    def search(q, game, limit):
        return [Fake({"id": "a", **hit(number="1.1")}), Fake({"id": "b", **hit(number="514.4c")})]

    report = evaluate([Question("tie", "ccg", numbers=("514.4c",))], search=search)
    assert report.outcomes[0].rank == 2 and report.mrr == 0.5
