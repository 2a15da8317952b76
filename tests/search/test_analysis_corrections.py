"""The corpus's vocabulary corrects words as recorded in
``tests/data/search/typo-corrections.json.gz``: every word of every question
set (and of the recorded queries) that the corpus does not use, and
misspellings of every corpus word (a letter dropped, two neighbours
swapped, a letter added, a letter changed, and two of these in the longer
words), each with the word it is corrected to, or none.

The file was first written by the spelling correction the search had before
it used rapidfuzz (its own deletion index and edit distance), so this test
is what says the two correct alike.  When the corpus or a question set
changes, write it again with the correction in use::

    python tests/search/test_analysis_corrections.py
"""

from __future__ import annotations

import gzip
import json
import random
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))

from rulebase.search import index  # noqa: E402
from tests.search.asked import DATA, SHARED_EVAL, asked_texts  # noqa: E402

CORRECTIONS = DATA / "typo-corrections.json.gz"
_WORD = re.compile(r"[A-Za-z]+")  # the words the search corrects for the encoder


def asked_words() -> set[str]:
    """The words of every question set and recorded query, lower-cased."""
    return {word.lower() for text in asked_texts() for word in _WORD.findall(text)}


def misspelt(words: list[str], seed: int = 0) -> set[str]:
    """Misspellings of each word, the same for the same words and seed."""
    rng = random.Random(seed)
    letters = "abcdefghijklmnopqrstuvwxyz"

    def one(word: str, kind: int) -> str:
        i = rng.randrange(len(word))
        if kind == 0:
            return word[:i] + word[i + 1:]
        if kind == 1:
            i = min(i, len(word) - 2)
            return word[:i] + word[i + 1] + word[i] + word[i + 2:]
        if kind == 2:
            return word[:i] + rng.choice(letters) + word[i:]
        return word[:i] + rng.choice(letters) + word[i + 1:]

    found = set()
    for word in words:
        if len(word) < 3:
            continue
        found.update(one(word, kind) for kind in range(4))
        if len(word) >= 7:
            found.add(one(one(word, rng.randrange(4)), rng.randrange(4)))
    return found


def cases(vocabulary) -> list[str]:
    return sorted(asked_words() | misspelt(sorted(vocabulary.counts)))


def test_every_word_is_corrected_as_recorded():
    with gzip.open(CORRECTIONS, "rt", encoding="utf-8") as stream:
        recorded = json.load(stream)
    vocabulary = index.ensure().vocabulary
    words = cases(vocabulary)
    unrecorded = [word for word in words if word not in recorded]
    assert not unrecorded, f"the corpus or the question sets changed since the file was written: {unrecorded[:10]}"
    if any(SHARED_EVAL.glob("judge-questions-*.jsonl")):  # as when the file was written
        assert len(words) == len(recorded), "a word recorded is no longer asked or misspelt"
    other = [(word, vocabulary.correct(word), recorded[word]) for word in words
             if vocabulary.correct(word) != recorded[word]]
    assert not other, f"{len(other)} of {len(words)} words are corrected otherwise (word, now, recorded): {other[:10]}"
    assert sum(value is not None for value in recorded.values()) > len(recorded) / 4  # many are corrected


if __name__ == "__main__":
    vocabulary = index.ensure().vocabulary
    found = {word: vocabulary.correct(word) for word in cases(vocabulary)}
    CORRECTIONS.write_bytes(gzip.compress(json.dumps(found, indent=0, sort_keys=True).encode("utf-8"), mtime=0))
    print(f"{CORRECTIONS}: {len(found)} words, {sum(value is not None for value in found.values())} corrected")
