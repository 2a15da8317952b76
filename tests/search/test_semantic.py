"""Meaning beside words: the tokenizer, the sentence encoder, the entries'
vectors in the cache directory and what the meaning adds to the search
(rulebase.search.encoder, rulebase.search.semantic)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pytest

from rulebase.search import index, search, semantic
from rulebase.search.encoder import VOCABULARY, Encoder, EncoderError, WordPiece, basic_words

PIECES = VOCABULARY.read_text(encoding="utf-8").splitlines()
DATA = Path(__file__).resolve().parents[1] / "data" / "search"
SHARED_EVAL = Path(__file__).resolve().parents[3] / "shared" / "eval"


def question_file(name: str) -> Path:
    """A question set the model learnt from, by the name its manifest gives."""
    return DATA / name if (DATA / name).exists() else SHARED_EVAL / name


@pytest.fixture(scope="module")
def model() -> Encoder:
    found = semantic.encoder()
    assert found is not None, semantic.status()
    return found


def unit(vector: np.ndarray) -> float:
    return float(np.linalg.norm(vector))


# -- tokenizer -----------------------------------------------------------------


def test_words_are_split_at_spaces_and_punctuation_lower_cased_without_accents():
    assert basic_words("Café-au-lait,\tPONY!\x00") == ["cafe", "-", "au", "-", "lait", ",", "pony", "!"]


def test_a_word_the_vocabulary_lacks_is_cut_into_its_longest_pieces():
    tokenizer = WordPiece(PIECES)
    pieces = [PIECES[number] for number in tokenizer.pieces("faceoff")]
    assert pieces == ["face", "##off"]
    assert [PIECES[number] for number in tokenizer.pieces("pony")] == ["pony"]


def test_what_cannot_be_cut_into_pieces_is_unknown():
    tokenizer = WordPiece(PIECES)
    assert tokenizer.pieces("\u2603") == [tokenizer.unk]
    assert tokenizer.pieces("a" * 101) == [tokenizer.unk]


def test_a_text_is_framed_and_cut_to_the_longest_allowed():
    tokenizer = WordPiece(PIECES)
    ids = tokenizer.encode("swift " * 100, 16)
    assert len(ids) == 16 and ids[0] == tokenizer.cls and ids[-1] == tokenizer.sep
    assert tokenizer.encode("", 16) == [tokenizer.cls, tokenizer.sep]


def test_a_vocabulary_without_the_special_pieces_is_refused():
    with pytest.raises(EncoderError, match=r"no \[CLS\] piece"):
        WordPiece(["a", "b"])


# -- the encoder ---------------------------------------------------------------


def test_texts_become_unit_vectors_the_same_alone_or_together(model):
    texts = ["the smallest my deck can be", "A deck must contain a minimum of 45 cards.", "x"]
    together = model.encode(texts)
    assert together.shape == (3, model.dimensions) and together.dtype == np.float32
    assert all(unit(row) == pytest.approx(1.0, abs=1e-5) for row in together)
    alone = np.stack([model.encode([text])[0] for text in texts])
    assert np.allclose(together, alone, atol=1e-4)


def test_a_paraphrase_is_closer_than_another_rule(model):
    question, answer, other = model.encode([
        "what's the smallest my deck is allowed to be",
        "A player's deck must contain a minimum of 45 cards.",
        "Troublemakers can't be moved to the home of any player.",
    ])
    assert float(question @ answer) > float(question @ other) + 0.2


def test_a_long_text_is_cut_not_refused(model):
    (vector,) = model.encode(["faceoff " * 2000], max_length=64)
    assert unit(vector) == pytest.approx(1.0, abs=1e-5)
    assert len(model.tokens("faceoff " * 2000, 64)) == 64


def test_a_file_that_is_not_a_model_is_refused_with_its_path(tmp_path):
    broken = tmp_path / "model.onnx"
    broken.write_bytes(b"not a model")
    with pytest.raises(EncoderError, match="model.onnx: not a model onnxruntime can run"):
        Encoder(broken)


def test_a_model_made_for_another_vocabulary_is_refused_when_loaded(tmp_path, capfd):
    larger = tmp_path / "larger.txt"
    larger.write_text("\n".join(PIECES + [f"piece{n}" for n in range(100)]) + "\n", encoding="utf-8")
    with pytest.raises(EncoderError, match="cannot read the 30622 pieces of larger.txt"):
        Encoder(semantic.model_path(), vocabulary=larger)
    assert capfd.readouterr().err == ""


def test_a_missing_vocabulary_is_refused_with_its_path(tmp_path):
    with pytest.raises(EncoderError, match="nowhere.txt: cannot be read"):
        Encoder(semantic.model_path(), vocabulary=tmp_path / "nowhere.txt")


# -- typos ---------------------------------------------------------------------


def test_typos_are_corrected_for_the_model_and_everyday_words_kept(model):
    vocabulary = index.ensure().vocabulary
    assert semantic.respelled("do exausted friends count", model.tokenizer.ids, vocabulary.correct) == "do exhausted friends count"
    assert semantic.respelled("the stroy zone", model.tokenizer.ids, vocabulary.correct) == "the story zone"
    assert semantic.respelled("whats the Smallest deck", model.tokenizer.ids, vocabulary.correct) == "whats the Smallest deck"


# -- the setting and the status ------------------------------------------------


def test_the_status_names_the_model_in_use(model):
    assert semantic.status() == f"by words and meaning ({model.path})"


@pytest.mark.parametrize("setting, reason", [
    ("off", "by words only: turned off by RULEBASE_ENCODER=off"),
    ("{tmp}/missing.onnx", "by words only: RULEBASE_ENCODER={tmp}/missing.onnx: no such file"),
    ("{tmp}/broken.onnx",
     "by words only: the model cannot be used: {tmp}/broken.onnx: not a model onnxruntime can run"),
])
def test_without_a_usable_model_the_search_works_by_words_and_says_why(setting, reason, tmp_path, monkeypatch):
    (tmp_path / "broken.onnx").write_bytes(b"\x08\x01garbage")
    monkeypatch.setenv("RULEBASE_ENCODER", setting.format(tmp=tmp_path))
    assert semantic.encoder() is None
    assert semantic.status().startswith(reason.format(tmp=tmp_path))
    hits = search("what happens if both players' totals are tied in a faceoff", game="ccg")
    assert hits[0].number == "514.4c"


def test_without_the_shipped_model_the_status_names_the_missing_file(tmp_path, monkeypatch):
    monkeypatch.delenv("RULEBASE_ENCODER", raising=False)
    monkeypatch.setattr(semantic, "MODEL", tmp_path / "rules-encoder.onnx")
    assert semantic.status() == (f"by words only: {tmp_path / 'rules-encoder.onnx'}: missing "
                                 "(the package is incomplete: install rulebase again)")
    assert semantic.trained_on() == {}


# -- what the model learnt from ------------------------------------------------


def test_the_shipped_model_names_the_question_sets_it_learnt_from(monkeypatch):
    monkeypatch.delenv("RULEBASE_ENCODER", raising=False)
    manifest = json.loads(semantic.MANIFEST.read_text(encoding="utf-8"))
    learnt = semantic.trained_on()
    assert learnt and len(learnt) == len(manifest["trained_on"])
    for digest, name in learnt.items():
        assert hashlib.sha256(question_file(name).read_bytes()).hexdigest() == digest, f"{name} changed since the model learnt from it"


def test_only_the_shipped_model_has_what_it_learnt_from(model, tmp_path, monkeypatch):
    monkeypatch.setenv("RULEBASE_ENCODER", str(semantic.MODEL))
    assert semantic.trained_on()  # the shipped file named again: its manifest holds
    other = tmp_path / "other.onnx"
    other.write_bytes(semantic.MODEL.read_bytes())
    monkeypatch.setenv("RULEBASE_ENCODER", str(other))
    assert semantic.trained_on() == {}
    monkeypatch.setenv("RULEBASE_ENCODER", "off")
    assert semantic.trained_on() == {}


def test_an_unreadable_manifest_means_nothing_is_known_to_be_learnt(tmp_path, monkeypatch):
    monkeypatch.delenv("RULEBASE_ENCODER", raising=False)
    for text in ("not json", '{"trained_on": ["a file name"]}', "{}"):
        (tmp_path / "rules-encoder.json").write_text(text, encoding="utf-8")
        monkeypatch.setattr(semantic, "MANIFEST", tmp_path / "rules-encoder.json")
        assert semantic.trained_on() == {}


# -- the entries' vectors ------------------------------------------------------


def test_the_vectors_are_kept_in_the_cache_and_read_back(model, tmp_path, monkeypatch):
    monkeypatch.setenv("RULEBASE_CACHE", str(tmp_path))
    texts = ["Swift", "A card with Swift costs one less action token to move."]
    first = semantic.vectors(model, texts)
    (saved,) = (tmp_path / "vectors").glob("*.npy")
    monkeypatch.setattr(model, "encode", lambda *args, **kwargs: pytest.fail("computed again"))
    assert np.array_equal(semantic.vectors(model, texts), first)
    assert saved.name == f"{semantic.vectors_key(model, texts)}.npy"
    assert not list((tmp_path / "vectors").glob(".*"))


def test_computing_the_vectors_is_announced_and_reading_them_is_not(model, tmp_path, monkeypatch, caplog):
    monkeypatch.setenv("RULEBASE_CACHE", str(tmp_path))
    with caplog.at_level("INFO", logger="rulebase"):
        semantic.vectors(model, ["Hasty", "Vexing"])
    assert [r.getMessage() for r in caplog.records] == [
        f"Reading the meaning of 2 entries, once (kept in {tmp_path / 'vectors'})..."]
    caplog.clear()
    with caplog.at_level("INFO", logger="rulebase"):
        semantic.vectors(model, ["Hasty", "Vexing"])
    assert caplog.records == []


def test_threads_needing_the_same_vectors_compute_them_once(model, tmp_path, monkeypatch):
    import threading
    import time

    monkeypatch.setenv("RULEBASE_CACHE", str(tmp_path))
    calls = []
    real_encode = model.encode

    def slow_encode(texts, *args, **kwargs):
        calls.append(len(texts))
        time.sleep(0.3)
        return real_encode(texts, *args, **kwargs)

    monkeypatch.setattr(model, "encode", slow_encode)
    results = []
    workers = [threading.Thread(target=lambda: results.append(semantic.vectors(model, ["Swift", "Hasty"])))
               for _ in range(3)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
    assert calls == [2] and len(results) == 3
    assert all(np.array_equal(result, results[0]) for result in results)


def test_other_texts_have_other_vectors(model):
    assert semantic.vectors_key(model, ["a", "b"]) != semantic.vectors_key(model, ["a", "c"])
    assert semantic.vectors_key(model, ["ab"]) != semantic.vectors_key(model, ["a", "b"])


def test_a_damaged_vectors_file_is_computed_again(model, tmp_path, monkeypatch):
    monkeypatch.setenv("RULEBASE_CACHE", str(tmp_path))
    texts = ["Stubborn"]
    first = semantic.vectors(model, texts)
    (saved,) = (tmp_path / "vectors").glob("*.npy")
    saved.write_bytes(b"damaged")
    assert np.array_equal(semantic.vectors(model, texts), first)
    assert np.array_equal(np.load(saved), first)


def test_a_cache_that_cannot_be_written_only_costs_time(model, tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("RULEBASE_CACHE", str(blocker / "cache"))
    first = semantic.vectors(model, ["Prismatic"])
    assert first.shape == (1, model.dimensions)
    assert np.array_equal(semantic.vectors(model, ["Prismatic"]), first)
    assert blocker.read_text() == "not a directory"


# -- what the meaning adds -----------------------------------------------------

# Questions that share little with the words of the rule that answers them.
PARAPHRASES = [
    ("opponent's draw deck only has 40 cards, is that legal for constructed", "101.1"),
    ("after a priority window closes can the turn player open a new one", "510.3"),
    ("is sending a character home the same as moving it", "506.5"),
    ("I took control of my opponent's friend, who owns it now", "513.2"),  # the judge's guide's example
]


@pytest.mark.parametrize("question, number", PARAPHRASES)
def test_the_meaning_finds_the_rule_a_question_paraphrases(question, number, monkeypatch):
    assert search(question, game="ccg", limit=1)[0].number == number
    monkeypatch.setenv("RULEBASE_ENCODER", "off")
    assert number not in [hit.number for hit in search(question, game="ccg", limit=1)]


def test_a_question_vector_is_computed_once(model, monkeypatch):
    meanings = semantic.meanings(index.ensure())
    question = "can a friend be in two places at once"
    meanings.question(question)
    monkeypatch.setattr(model, "encode", lambda *args, **kwargs: pytest.fail("computed again"))
    meanings.question(question)


@pytest.mark.parametrize("query", ["514.4a-c", "rule 101.3", "CR 514", "405.2.0"])
def test_numbers_are_not_moved_by_the_meaning(query, monkeypatch):
    with_meaning = [hit.id for hit in search(query, limit=20)]
    monkeypatch.setenv("RULEBASE_ENCODER", "off")
    assert with_meaning == [hit.id for hit in search(query, limit=20)]
