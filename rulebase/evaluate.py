"""Measuring the search on judge questions with known answers: a question
set (in the format :mod:`rulebase.questionsets` reads) run through the
search, as MRR@10, recall@5 and the questions it missed."""

from __future__ import annotations

import contextlib
import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from rulebase.questionsets import Question, QuestionsFileError, is_right, load_questions

__all__ = ["Question", "QuestionsFileError", "Report", "evaluate", "is_right", "learnt_from", "load_questions",
           "report_text"]

K = 10
RECALL_AT = 5


@dataclass
class Outcome:
    """How the search did on one question: the rank of the first right hit
    (1-based, None if none of the first K) and the ids it returned."""

    question: Question
    rank: int | None
    hits: list[str] = field(default_factory=list)


@dataclass
class Report:
    """MRR@K and recall@5 over a set of questions, with every outcome, and
    what the search learnt from these questions, if it did (see
    :func:`learnt_from`)."""

    outcomes: list[Outcome]
    learnt: str | None = None

    @property
    def mrr(self) -> float:
        if not self.outcomes:
            return 0.0
        return sum(1 / o.rank for o in self.outcomes if o.rank) / len(self.outcomes)

    @property
    def recall(self) -> float:
        if not self.outcomes:
            return 0.0
        return sum(1 for o in self.outcomes if o.rank and o.rank <= RECALL_AT) / len(self.outcomes)

    @property
    def missed(self) -> list[Outcome]:
        """The questions with no right answer among the first five hits."""
        return [o for o in self.outcomes if not o.rank or o.rank > RECALL_AT]

    def as_dict(self) -> dict:
        from rulebase.search import semantic

        return {
            "search": semantic.status(),
            "learnt_from": self.learnt,
            "questions": len(self.outcomes),
            f"mrr@{K}": round(self.mrr, 4),
            f"recall@{RECALL_AT}": round(self.recall, 4),
            "missed": [{"q": o.question.q, "game": o.question.game, "line": o.question.line, "rank": o.rank,
                        "hits": o.hits[:RECALL_AT]} for o in self.missed],
        }


def learnt_from(path: str | Path) -> str | None:
    """What the search learnt from a file's questions, if it did: the name of
    the question set its model learnt from, or that the index holds these
    very questions with their entries (:mod:`rulebase.search.questions`).
    The figures then overstate how the search does on questions it has
    never seen.  None otherwise."""
    from rulebase.search import questions, semantic

    try:
        digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return None
    with contextlib.suppress(OSError):
        if digest == hashlib.sha256(questions.QUESTIONS.read_bytes()).hexdigest():
            return f"{questions.QUESTIONS.name}, which the index holds with their entries"
    return semantic.trained_on().get(digest)


def evaluate(questions: list[Question], search=None) -> Report:
    """Run every question through the search (restricted to its game) and
    rank the answers."""
    if search is None:
        from rulebase.search import search
    outcomes = []
    for question in questions:
        hits = [hit.as_dict() for hit in search(question.q, game=question.game, limit=K)]
        rank = next((n for n, hit in enumerate(hits, start=1) if is_right(hit, question)), None)
        outcomes.append(Outcome(question, rank, [hit["id"] for hit in hits]))
    return Report(outcomes)


def report_text(report: Report) -> str:
    """The figures and the missed questions, as a judge reads them."""
    from rulebase.search import semantic

    lines = [
        f"search     {semantic.status()}",
        f"questions  {len(report.outcomes)}",
        f"MRR@{K}     {report.mrr:.3f}",
        f"recall@{RECALL_AT}   {report.recall:.3f}",
    ]
    if report.learnt:
        lines.insert(1, f"note       the search learnt from these questions ({report.learnt}): "
                        "the figures overstate how it does on questions it has never seen")
    if report.missed:
        lines.append(f"missed (no right answer in the first {RECALL_AT}):")
        for outcome in report.missed:
            where = f"rank {outcome.rank}" if outcome.rank else f"not in the first {K}"
            lines.append(f"  line {outcome.question.line} [{outcome.question.game}] {outcome.question.q!r}: {where}; "
                         f"got {', '.join(outcome.hits[:3]) or 'nothing'}")
    return "\n".join(lines)
