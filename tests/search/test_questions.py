"""The questions each entry answers: attached to the right entries, shipped
for every current entry, and found by the search."""

import re

import pytest

from rulebase.questionsets import QuestionsFileError, load_questions
from rulebase.search import index, questions, search

from .test_semantic import DATA, SHARED_EVAL

DOCUMENTS = {"cr": {"current": True}, "old": {"current": False}}


def entry(id, number=None, title=None, text="", document="cr", game="ccg", key=None):
    return {"id": id, "game": game, "document": document, "number": number, "key": key or number,
            "title": title, "text": text}


def write(path, *lines):
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def test_questions_go_to_the_current_entries_they_name(tmp_path):
    rule = entry("cr/514.4c", "514.4c", text="If the totals are equal, each player flips again.")
    old = entry("old/514.4c", "514.4c", document="old")
    table_row = entry("cr/406.1~2", None, key="406.1~2", text="Ready | Untap")
    term = entry("cr/swift", title="Swift", text="A Friend with Swift moves for 0.")
    other_game = entry("tcg/swift", title="Swift", game="tcg")
    records = [rule, old, table_row, term, other_game]
    path = write(tmp_path / "q.jsonl",
                 '{"q": "we tie in a faceoff", "game": "ccg", "numbers": ["514.4c"]}',
                 '{"q": "ready step", "game": "ccg", "numbers": ["406.1"]}',
                 '{"q": "what does SWIFT do", "game": "ccg", "titles": ["swift"]}',
                 '{"q": "flip again?", "game": "ccg", "snippets": ["each  player FLIPS again"]}',
                 '{"q": "a rule gone from this edition", "game": "ccg", "numbers": ["999.9"]}')
    unanswered = questions.attach(records, DOCUMENTS, path)
    assert rule["questions"] == ["we tie in a faceoff", "flip again?"]
    assert table_row["questions"] == ["ready step"]
    assert term["questions"] == ["what does SWIFT do"]
    assert old["questions"] == [] and other_game["questions"] == []
    assert [q.q for q in unanswered] == ["a rule gone from this edition"]
    questions.attach(records, DOCUMENTS, path)  # again: the same questions, not twice
    assert term["questions"] == ["what does SWIFT do"]


def test_a_broken_questions_file_is_refused_with_its_line(tmp_path):
    path = write(tmp_path / "q.jsonl", '{"q": "fine", "game": "ccg", "numbers": ["101.1"]}', '{"q": "no answer"')
    with pytest.raises(QuestionsFileError, match=r"q\.jsonl:2: not JSON"):
        questions.attach([entry("cr/101.1", "101.1")], DOCUMENTS, path)


def test_the_shipped_questions_name_current_entries_and_every_current_entry_has_some():
    opened = index.ensure()
    records = [dict(record) for record in opened.records]
    assert questions.attach(records, opened.documents) == []
    current = [r for r in records if opened.documents[r["document"]]["current"]]
    assert {r["game"] for r in current} == {"ccg", "tcg"}
    assert [r["id"] for r in current if not r["questions"]] == []
    assert all(not r["questions"] for r in records if not opened.documents[r["document"]]["current"])


def test_the_search_finds_an_entry_by_the_words_of_the_questions_it_answers(fresh_cache, tmp_path, monkeypatch):
    word = "flibbertigibbet"  # in no document
    assert search(word) == []
    monkeypatch.setattr(questions, "QUESTIONS", write(
        tmp_path / "q.jsonl", f'{{"q": "what is a {word} in a faceoff", "game": "ccg", "numbers": ["514.4c"]}}'))
    index.forget()
    monkeypatch.setenv("RULEBASE_CACHE", str(tmp_path / "other-cache"))
    hits = search(word)
    assert [hit.id for hit in hits] == ["ccg/3.4/514.4c"]
    assert "questions" not in hits[0].as_dict()


def test_the_index_holds_none_of_the_questions_the_search_is_measured_on():
    def squashed(text):  # the same words, whatever their order, case and punctuation
        return frozenset(re.findall(r"[a-z0-9']+", text.lower()))

    sets = [SHARED_EVAL / "judge-questions-dev.jsonl", *sorted(DATA.glob("judge-questions-*.jsonl"))]
    assert len(sets) >= 12
    held = {squashed(q.q) for q in load_questions(questions.QUESTIONS)}
    for path in sets:
        assert not [q.q for q in load_questions(path) if squashed(q.q) in held], path.name
