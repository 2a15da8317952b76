"""The question sets' format: what counts as a right answer, and a clear
error for anything that is not a question."""

import pytest

from rulebase.questionsets import Question, QuestionsFileError, is_right, load_questions


def hit(**fields):
    return {"number": None, "key": None, "title": None, "text": "", **fields}


def test_what_counts_as_a_right_answer():
    question = Question("q", "ccg", numbers=("604.1",), titles=("Home Limit",), snippets=("best two (2)  out of",))
    assert is_right(hit(number="604.1", key="604.1"), question)
    assert is_right(hit(number="601.1", key="604.1"), question)
    assert not is_right(hit(number="604.10", key="604.10"), question)
    assert is_right(hit(title="home limit"), question)
    assert not is_right(hit(title="Home"), question)
    assert is_right(hit(text="Elimination Rounds will be Best two (2) out of three (3)."), question)
    assert not is_right(hit(text="best two out of three"), question)


@pytest.mark.parametrize("line, message", [
    ("not json", "not JSON"),
    ("[1, 2]", "not a JSON object"),
    ('{"game": "ccg", "numbers": ["1"]}', "no question text"),
    ('{"q": "x", "game": "mtg", "numbers": ["1"]}', "'game' must be"),
    ('{"q": "x", "game": "ccg"}', "no right answers"),
    ('{"q": "x", "game": "ccg", "numbers": [1]}', "'numbers' must be a list of strings"),
])
def test_a_malformed_line_is_reported_with_its_place(tmp_path, line, message):
    path = tmp_path / "questions.jsonl"
    path.write_text('{"q": "ok", "game": "ccg", "numbers": ["101.1"]}\n\n' + line + "\n")
    with pytest.raises(QuestionsFileError, match=f"questions.jsonl:3: {message}"):
        load_questions(path)


def test_a_missing_file_is_reported(tmp_path):
    with pytest.raises(QuestionsFileError, match="no such file"):
        load_questions(tmp_path / "nope.jsonl")
