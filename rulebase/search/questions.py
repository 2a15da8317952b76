"""The questions each entry answers, indexed with it.

``questions.jsonl`` beside this module holds judge questions written for
every entry of the current documents of both games, two or so each, in the
words players use rather than the rules' (in the format of
:mod:`rulebase.questionsets`: each names its entry by number, title or a
snippet of its text).  The index gives every entry the questions that name
it as one more field the ranking weighs (:data:`rulebase.search.ranking.WEIGHTS`),
so a judge's question meets the rule through the words other people asked
it in: "who wins if we tie" reaches a rule that says "the totals are equal".

A question that names no current entry (a new edition that renumbers the
rules) is left out and counted, never an error: the index must still build.
"""

from __future__ import annotations

from pathlib import Path

from rulebase.questionsets import Question, is_right, load_questions

QUESTIONS = Path(__file__).with_name("questions.jsonl")


def attach(records: list[dict], documents: dict[str, dict], path: Path | None = None) -> list[Question]:
    """Give each record of the index, as ``record["questions"]``, the texts
    of the questions of ``path`` (:data:`QUESTIONS` by default) it answers
    if it is in a current document; returns the questions that no current
    record answers.  A file that is not a question set raises
    :class:`~rulebase.questionsets.QuestionsFileError` naming its line."""
    current: dict[str, list[dict]] = {}
    for record in records:
        record["questions"] = []
        if documents[record["document"]]["current"]:
            current.setdefault(record["game"], []).append(record)
    by_name: dict[tuple[str, str], list[dict]] = {}  # (game, number or lower-case title): records
    for game, found in current.items():
        for record in found:
            for name in {record["number"], (record["key"] or "").split("~")[0], (record["title"] or "").lower()}:
                if name:
                    by_name.setdefault((game, name), []).append(record)
    unanswered = []
    for question in load_questions(path or QUESTIONS):
        named = [record for name in (*question.numbers, *(title.lower() for title in question.titles))
                 for record in by_name.get((question.game, name), ())]
        if question.snippets:
            named += current.get(question.game, [])
        answering = {id(record): record for record in named if is_right(record, question)}
        for record in answering.values():
            record["questions"].append(question.q)
        if not answering:
            unanswered.append(question)
    return unanswered
