"""What tools/train_encoder.py learns from: each question with its right
entries and the wrong entries the words rank highest (training itself needs
PyTorch, which the tests do not install)."""

import importlib.util
import os
import sys
from pathlib import Path

from rulebase import questionsets
from rulebase.search import ensure_index

TOOL = Path(__file__).resolve().parents[1] / "tools" / "train_encoder.py"
DEV = Path(__file__).resolve().parents[2] / "shared" / "eval" / "judge-questions-dev.jsonl"


def load_tool():
    spec = importlib.util.spec_from_file_location("train_encoder", TOOL)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


def test_every_question_is_paired_with_its_right_entries_and_wrong_ones(monkeypatch):
    monkeypatch.setenv("RULEBASE_ENCODER", "kept/as/it/was.onnx")
    tool = load_tool()
    entries, found = tool.examples([DEV])
    opened = ensure_index()
    questions = questionsets.load_questions(DEV)
    assert len(entries) == len(opened.records) and len(found) == len(questions)
    assert os.environ["RULEBASE_ENCODER"] == "kept/as/it/was.onnx"
    for question, example in zip(questions, found):
        assert example.right and all(questionsets.is_right(opened.records[p], question) for p in example.right)
        assert all(opened.documents[opened.records[p]["document"]]["current"] for p in example.right)
        assert all(opened.records[p]["game"] == question.game for p in example.right)
        assert len(example.wrong) <= tool.WRONG_KEPT
        assert not any(questionsets.is_right(opened.records[p], question) for p in example.wrong)
        for position in example.kin:  # the right entries' parent, siblings and children
            kin = opened.records[position]
            assert not questionsets.is_right(kin, question)
            assert any(kin["parent"] == opened.records[p]["parent"] or kin["id"] == opened.records[p]["parent"]
                       or kin["parent"] == opened.records[p]["id"] for p in example.right)
    # The second question's answer is 503.4a: its parent 503.4 is told apart from it.
    assert any(opened.records[p]["number"] == "503.4a" for p in found[1].right)
    assert "503.4" in {opened.records[p]["number"] for p in found[1].kin}


def test_a_question_no_current_entry_answers_is_refused_with_its_file(tmp_path):
    questions = tmp_path / "questions.jsonl"
    questions.write_text('{"q": "what is rule 999.9z", "game": "ccg", "numbers": ["999.9z"]}\n', encoding="utf-8")
    tool = load_tool()
    try:
        tool.examples([questions])
    except SystemExit as refused:
        assert str(refused) == f"{questions}: no current entry answers 'what is rule 999.9z'"
    else:
        raise AssertionError("a question without an answer was accepted")


def test_a_broken_question_file_is_one_line_naming_it(tmp_path, capsys):
    questions = tmp_path / "questions.jsonl"
    questions.write_text('{"q": "tied faceoff", "game": "ccg", "numbers": ["514.4c"]}\nnot json\n', encoding="utf-8")
    tool = load_tool()
    try:
        tool.main([str(questions), "--out", str(tmp_path / "out")])
    except SystemExit as stopped:
        assert stopped.code == 1
    else:
        raise AssertionError("a broken file was accepted")
    assert capsys.readouterr().err.startswith(f"error: {questions}:2: not JSON")
    assert not (tmp_path / "out").exists()


def test_questions_and_entries_are_cut_into_the_pieces_the_search_gives_the_model():
    from rulebase.search import semantic

    tool = load_tool()
    model = semantic.encoder()
    assert model is not None, semantic.status()
    assert (tool.QUESTION_TOKENS, tool.ENTRY_TOKENS) == (semantic.QUESTION_TOKENS, semantic.MAX_TOKENS)
    tokenizer = tool._wordpiece()
    entries, found = tool.examples([DEV])
    for text in [example.text for example in found] + entries[:50]:
        assert tokenizer.encode(text, tool.QUESTION_TOKENS) == model.tokens(text, semantic.QUESTION_TOKENS)
        assert tokenizer.encode(text, tool.ENTRY_TOKENS) == model.tokens(text, semantic.MAX_TOKENS)
    ids, mask = tokenizer.padded(tokenizer.encodings([found[0].text, entries[0]], tool.ENTRY_TOKENS))
    assert ids.shape == mask.shape and mask.sum() == len(model.tokens(found[0].text)) + len(model.tokens(entries[0]))
