"""Measuring the search on judge questions with known answers.

A questions file has one JSON object a line: ``q`` (the question as a judge
would type it), ``game`` (``ccg`` or ``tcg``) and what counts as a right
answer, at least one of ``numbers`` (rule numbers as printed), ``titles``
(glossary or errata entry titles) and ``snippets`` (text the right entry
contains).  A hit is right if its number (as printed, or the number the
rule graph knows a misprinted rule by) is one of ``numbers``, its title is
one of ``titles`` (ignoring case), or its text contains one of ``snippets``
(ignoring case and runs of white space).

>>> question = Question("tied faceoff", "ccg", numbers=("514.4c",))
>>> is_right({"number": "514.4c", "key": "514.4c", "title": None, "text": ""}, question)
True
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from rulebase.errors import RulebaseError

K = 10
RECALL_AT = 5


class QuestionsFileError(RulebaseError):
    """Raised when a questions file is missing or a line of it is not a
    question; says which file and line, and what is wrong."""


@dataclass(frozen=True)
class Question:
    """A judge question and its right answers."""

    q: str
    game: str
    numbers: tuple[str, ...] = ()
    titles: tuple[str, ...] = ()
    snippets: tuple[str, ...] = ()
    line: int = 0


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
    the name under which the search's model learnt from these questions, if
    it did (see :func:`learnt_from`)."""

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


def _strings(value, where: str, name: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise QuestionsFileError(f"{where}: {name!r} must be a list of strings")
    return tuple(value)


def load_questions(path: str | Path) -> list[Question]:
    """The questions of a file; raises :class:`QuestionsFileError` naming
    the file and line of anything that is not a question."""
    path = Path(path)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise QuestionsFileError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise QuestionsFileError(f"{path}: cannot be read: {error}") from None
    questions = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        where = f"{path}:{number}"
        try:
            data = json.loads(line)
        except json.JSONDecodeError as error:
            raise QuestionsFileError(f"{where}: not JSON ({error.msg}): {line[:60]!r}") from None
        if not isinstance(data, dict):
            raise QuestionsFileError(f"{where}: not a JSON object: {line[:60]!r}")
        if not isinstance(data.get("q"), str) or not data["q"].strip():
            raise QuestionsFileError(f"{where}: no question text 'q'")
        if data.get("game") not in ("ccg", "tcg"):
            raise QuestionsFileError(f"{where}: 'game' must be 'ccg' or 'tcg', not {data.get('game')!r}")
        question = Question(
            data["q"], data["game"],
            numbers=_strings(data.get("numbers"), where, "numbers"),
            titles=_strings(data.get("titles"), where, "titles"),
            snippets=_strings(data.get("snippets"), where, "snippets"),
            line=number,
        )
        if not (question.numbers or question.titles or question.snippets):
            raise QuestionsFileError(f"{where}: no right answers (give 'numbers', 'titles' or 'snippets')")
        questions.append(question)
    return questions


def learnt_from(path: str | Path) -> str | None:
    """The name of the question set a file is, if the search's model learnt
    from it (its figures then overstate how the search does on questions it
    has never seen); None otherwise."""
    from rulebase.search import semantic

    try:
        digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return None
    return semantic.trained_on().get(digest)


def _squash(text: str) -> str:
    return " ".join(text.split()).lower()


def is_right(hit: dict, question: Question) -> bool:
    """Whether a hit (a :class:`~rulebase.search.Hit` as a dict) answers the question."""
    numbers = set(question.numbers)
    key = (hit.get("key") or "").split("~")[0]
    if hit.get("number") in numbers or (key and key in numbers):
        return True
    title = (hit.get("title") or "").lower()
    if title and any(title == wanted.lower() for wanted in question.titles):
        return True
    text = _squash(hit.get("text") or "")
    return any(_squash(snippet) in text for snippet in question.snippets if snippet.strip())


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
        lines.insert(1, f"note       the model learnt from these questions ({report.learnt}): "
                        "the figures overstate how it does on questions it has never seen")
    if report.missed:
        lines.append(f"missed (no right answer in the first {RECALL_AT}):")
        for outcome in report.missed:
            where = f"rank {outcome.rank}" if outcome.rank else f"not in the first {K}"
            lines.append(f"  line {outcome.question.line} [{outcome.question.game}] {outcome.question.q!r}: {where}; "
                         f"got {', '.join(outcome.hits[:3]) or 'nothing'}")
    return "\n".join(lines)
