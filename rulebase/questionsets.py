"""Judge questions with known answers, as question sets hold them.

A question set has one JSON object a line: ``q`` (the question as a judge
would type it), ``game`` (``ccg`` or ``tcg``) and what counts as a right
answer, at least one of ``numbers`` (rule numbers as printed), ``titles``
(glossary or errata entry titles) and ``snippets`` (text the right entry
contains).  An entry is right if its number (as printed, or the number the
rule graph knows a misprinted rule by) is one of ``numbers``, its title is
one of ``titles`` (ignoring case), or its text contains one of ``snippets``
(ignoring case and runs of white space).

:mod:`rulebase.evaluate` measures the search on such sets, and the search
itself reads one (:mod:`rulebase.search.questions`): the questions each
entry answers.

>>> question = Question("tied faceoff", "ccg", numbers=("514.4c",))
>>> is_right({"number": "514.4c", "key": "514.4c", "title": None, "text": ""}, question)
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from rulebase.errors import RulebaseError


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


def _squash(text: str) -> str:
    return " ".join(text.split()).lower()


def is_right(hit: dict, question: Question) -> bool:
    """Whether an entry answers the question: a record of the index, or a
    :class:`~rulebase.search.Hit` as a dict."""
    numbers = set(question.numbers)
    key = (hit.get("key") or "").split("~")[0]
    if hit.get("number") in numbers or (key and key in numbers):
        return True
    title = (hit.get("title") or "").lower()
    if title and any(title == wanted.lower() for wanted in question.titles):
        return True
    text = _squash(hit.get("text") or "")
    return any(_squash(snippet) in text for snippet in question.snippets if snippet.strip())
