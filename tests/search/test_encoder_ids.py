"""The word pieces of every text the sentence encoder reads are those
recorded in ``tests/data/search/wordpiece-ids.json.gz``: every entry of the
index as the entries' vectors are made from it, and every question of every
question set (the evaluation sets, the questions the index holds, the
recorded queries) as typed and as the search and ``tools/train_encoder.py``
hand it to the encoder, typos corrected.  Each text's ids are recorded cut
to a question's length, to an entry's and not cut at all.

The file was first written by the WordPiece tokenizer the encoder had before
it used the ``tokenizers`` package, so this test is what says the two cut
every text alike.  It keeps only a checksum of each text and of its ids
(the first 16 hexadecimal digits of their SHA-256).  When the corpus or a
question set changes, write it again with the tokenizer in use::

    python tests/search/test_encoder_ids.py
"""

from __future__ import annotations

import gzip
import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))

from rulebase.search import index, semantic  # noqa: E402
from rulebase.search.query import normalize  # noqa: E402
from tests.search.asked import DATA, SHARED_EVAL, asked_texts  # noqa: E402

FINGERPRINTS = DATA / "wordpiece-ids.json.gz"
# The lengths the encoder cuts texts to: a question's, an entry's, and none.
LENGTHS = (semantic.QUESTION_TOKENS, semantic.MAX_TOKENS, None)


def texts(opened, known) -> list[str]:
    """Every text the encoder reads from the index ``opened`` and the
    question sets, once each: an entry's text, and each question as typed
    and as the search reads it for its meaning (``known`` is the
    tokenizer's vocabulary, for what the search corrects)."""
    found = {semantic.entry_text(record) for record in opened.records}
    for text in asked_texts():
        found.add(text)
        found.add(semantic.respelled(normalize(text), known, opened.vocabulary.correct))
    return sorted(found)


def _short(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def text_key(text: str) -> str:
    return _short(text.encode("utf-8", "surrogatepass"))


def fingerprints(all_texts: list[str], tokenize) -> dict[str, str]:
    """The checksum of each text's ids at each of :data:`LENGTHS`, by the
    checksum of the text; ``tokenize(text, max_length)`` gives the ids."""
    return {text_key(text): _short(json.dumps([tokenize(text, length) for length in LENGTHS]).encode())
            for text in all_texts}


def load() -> dict:
    with gzip.open(FINGERPRINTS, "rt", encoding="utf-8") as stream:
        return json.load(stream)


def write(found: dict[str, str], made_by: str) -> None:
    data = json.dumps({"made_by": made_by, "lengths": list(LENGTHS), "texts": len(found), "ids": found},
                      indent=0, sort_keys=True)
    FINGERPRINTS.write_bytes(gzip.compress(data.encode("utf-8"), mtime=0))


def tokenize(text: str, length: int | None) -> list[int]:
    return _tokenizer().encode(text, length)


def _tokenizer():
    from rulebase.search.encoder import VOCABULARY, WordPiece

    return WordPiece(VOCABULARY.read_text(encoding="utf-8").splitlines())


def test_every_text_the_encoder_reads_is_cut_into_the_pieces_recorded():
    recorded = load()
    assert recorded["lengths"] == list(LENGTHS) and recorded["texts"] == len(recorded["ids"])
    tokenizer = _tokenizer()
    current = texts(index.ensure(), tokenizer.ids)
    unrecorded = [text for text in current if text_key(text) not in recorded["ids"]]
    assert not unrecorded, (f"{len(unrecorded)} of the {len(current)} texts are not in {FINGERPRINTS.name} "
                            f"(the corpus or a question set changed since it was written), "
                            f"the first: {unrecorded[0][:80]!r}")
    found = fingerprints(current, tokenizer.encode)
    other = [text for text in current if found[text_key(text)] != recorded["ids"][text_key(text)]]
    assert not other, f"{len(other)} of {len(current)} texts get other ids, the first: {other[0][:80]!r}"
    if any(SHARED_EVAL.glob("judge-questions-*.jsonl")):  # as when the file was written
        assert len(current) == recorded["texts"], "a text recorded is no longer read"


if __name__ == "__main__":
    from rulebase.search.encoder import WordPiece

    opened = index.ensure()
    tokenizer = _tokenizer()
    made = fingerprints(texts(opened, tokenizer.ids), tokenizer.encode)
    write(made, f"{WordPiece.__module__}.{WordPiece.__qualname__}")
    print(f"{FINGERPRINTS}: {len(made)} texts")
