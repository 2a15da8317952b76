"""The encoder's tokenizer (rulebase.search.encoder.WordPiece, by the
tokenizers package) beyond what tests/search/test_semantic.py covers: CJK
characters, text that is not text, padding, and several threads at once."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from rulebase.search.encoder import VOCABULARY, WordPiece, basic_words

PIECES = VOCABULARY.read_text(encoding="utf-8").splitlines()


@pytest.fixture(scope="module")
def tokenizer() -> WordPiece:
    return WordPiece(PIECES)


def test_cjk_characters_are_words_of_their_own_and_white_space_of_every_kind_splits():
    assert basic_words("pony日本\u00a0card\u2028rule\u3000x") == ["pony", "日", "本", "card", "rule", "x"]


def test_halves_of_surrogate_pairs_are_dropped_like_other_characters_of_no_category(tokenizer):
    assert tokenizer.encode("face\ud800off") == tokenizer.encode("faceoff")
    assert basic_words("\udfffswift") == ["swift"]


def test_a_length_too_short_for_the_frame_is_refused(tokenizer):
    with pytest.raises(ValueError, match=r"max_length 1: a text takes at least 2 ids"):
        tokenizer.encode("swift", 1)
    assert tokenizer.encode("swift", 2) == [tokenizer.cls, tokenizer.sep]


def test_texts_are_padded_to_the_longest_with_a_mask_of_their_own_ids(tokenizer):
    texts = ["swift", "a tied faceoff", ""]
    ids, mask = tokenizer.padded(tokenizer.encodings(texts))
    alone = [tokenizer.encode(text) for text in texts]
    longest = max(len(row) for row in alone)
    assert ids.shape == mask.shape == (3, longest) and ids.dtype == mask.dtype == np.int64
    for row, wanted in enumerate(alone):
        assert ids[row].tolist() == wanted + [tokenizer.pad] * (longest - len(wanted))
        assert mask[row].tolist() == [1] * len(wanted) + [0] * (longest - len(wanted))


def test_piece_names_the_piece_of_an_id(tokenizer):
    assert [tokenizer.piece(number) for number in tokenizer.encode("Faceoff")] == ["[CLS]", "face", "##off", "[SEP]"]


def test_several_threads_cut_texts_to_several_lengths_alike(tokenizer):
    texts = [f"{'tied faceoff ' * n}swift {n}" for n in range(60)]
    wanted = {(text, length): tokenizer.encode(text, length) for text in texts for length in (8, 64, None)}
    fresh = WordPiece(PIECES)  # its tokenizer of each length made by whichever thread asks first
    with ThreadPoolExecutor(max_workers=4) as pool:
        found = dict(zip(wanted, pool.map(lambda key: fresh.encode(*key), wanted)))
    assert found == wanted
