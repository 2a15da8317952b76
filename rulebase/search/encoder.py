"""A sentence encoder: all-MiniLM-L6-v2 (a BERT model trained so that
texts saying the same thing in other words lie close together) run by
onnxruntime from an ONNX file, its tokens mean-pooled into one unit vector
per text.  "The smallest deck" and "a minimum of 45 cards" come out close,
which the search uses beside its word matching.

The tokenizer is BERT's uncased WordPiece over the model's vocabulary
(``rulebase/data/wordpiece-uncased.txt``, the 30,522 pieces of the
bert-base-uncased vocabulary the model was trained with, Apache-2.0): the
text is cleaned, lower-cased, stripped of accents and split at white space
and punctuation, then each word is cut greedily into the longest pieces of
the vocabulary.
"""

from __future__ import annotations

import os
import unicodedata
from pathlib import Path

import numpy as np

from rulebase import paths
from rulebase.errors import RulebaseError

VOCABULARY = paths.PACKAGE / "data" / "wordpiece-uncased.txt"


class EncoderError(RulebaseError):
    """Raised when a model file is missing or is not a model the encoder
    can run; says which file and what is wrong."""


# -- tokenizer ----------------------------------------------------------------


def _is_punctuation(char: str) -> bool:
    code = ord(char)
    if 33 <= code <= 47 or 58 <= code <= 64 or 91 <= code <= 96 or 123 <= code <= 126:
        return True
    return unicodedata.category(char).startswith("P")


def _is_cjk(code: int) -> bool:
    return (0x4E00 <= code <= 0x9FFF or 0x3400 <= code <= 0x4DBF or 0x20000 <= code <= 0x2A6DF
            or 0x2A700 <= code <= 0x2B81F or 0x2B820 <= code <= 0x2CEAF or 0xF900 <= code <= 0xFAFF
            or 0x2F800 <= code <= 0x2FA1F)


def basic_words(text: str) -> list[str]:
    """The words of a text as BERT's uncased basic tokenizer splits them:
    control characters dropped, lower case, accents removed, punctuation
    and CJK characters each a word of their own.

    >>> basic_words("Swift's ability—can't  be négated!")
    ['swift', "'", 's', 'ability', '—', 'can', "'", 't', 'be', 'negated', '!']
    """
    cleaned = []
    for char in text:
        code = ord(char)
        if code == 0 or code == 0xFFFD:
            continue
        category = unicodedata.category(char)
        if char in "\t\n\r" or category == "Zs":
            cleaned.append(" ")
        elif category.startswith("C"):
            continue
        elif _is_cjk(code):
            cleaned.append(f" {char} ")
        else:
            cleaned.append(char)
    words = []
    for token in "".join(cleaned).lower().split():
        token = "".join(c for c in unicodedata.normalize("NFD", token) if unicodedata.category(c) != "Mn")
        current = []
        for char in token:
            if _is_punctuation(char):
                if current:
                    words.append("".join(current))
                    current = []
                words.append(char)
            else:
                current.append(char)
        if current:
            words.append("".join(current))
    return words


class WordPiece:
    """BERT's WordPiece tokenizer over a ``vocab.txt`` (one piece a line,
    its line number its id)."""

    MAX_WORD = 100

    def __init__(self, vocabulary: list[str]):
        self.ids = {piece: number for number, piece in enumerate(vocabulary)}
        for special in ("[CLS]", "[SEP]", "[UNK]", "[PAD]"):
            if special not in self.ids:
                raise EncoderError(f"the vocabulary has no {special} piece")
        self.cls, self.sep, self.unk = self.ids["[CLS]"], self.ids["[SEP]"], self.ids["[UNK]"]

    def pieces(self, word: str) -> list[int]:
        """The ids of the pieces of one word, or ``[UNK]`` when it cannot
        be cut into pieces of the vocabulary."""
        if len(word) > self.MAX_WORD:
            return [self.unk]
        found = []
        start = 0
        while start < len(word):
            end = len(word)
            while end > start:
                piece = word[start:end] if start == 0 else "##" + word[start:end]
                number = self.ids.get(piece)
                if number is not None:
                    found.append(number)
                    break
                end -= 1
            else:
                return [self.unk]
            start = end
        return found

    def encode(self, text: str, max_length: int) -> list[int]:
        """The ids of a text, between ``[CLS]`` and ``[SEP]``, cut to
        ``max_length`` ids in all."""
        ids = [self.cls]
        for word in basic_words(text):
            ids.extend(self.pieces(word))
            if len(ids) >= max_length - 1:
                break
        return ids[:max_length - 1] + [self.sep]


# -- the model ----------------------------------------------------------------


class Encoder:
    """A BERT sentence model in an ONNX file (inputs ``input_ids``,
    ``attention_mask`` and ``token_type_ids``, output the last hidden
    state), mean-pooled; :meth:`encode` gives unit vectors.

    Texts longer than ``max_length`` word pieces are cut there.  The model
    runs on at most :data:`THREADS` threads that sleep when idle rather than
    spin (a server runs several searches at once, on a shared machine).
    """

    THREADS = 2

    INPUTS = {"input_ids", "attention_mask", "token_type_ids"}

    def __init__(self, model: Path, vocabulary: Path = VOCABULARY, max_length: int = 128):
        import onnxruntime

        self.path = Path(model)
        try:
            pieces = Path(vocabulary).read_text(encoding="utf-8").splitlines()
        except OSError as error:
            raise EncoderError(f"{vocabulary}: cannot be read ({error.strerror})") from None
        self.tokenizer = WordPiece(pieces)
        self.max_length = max_length
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = max(1, min(self.THREADS, os.cpu_count() or 1))
        options.inter_op_num_threads = 1
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        options.log_severity_level = 4  # fatal only: its errors are reported as EncoderError
        try:
            self.session = onnxruntime.InferenceSession(str(self.path), options, providers=["CPUExecutionProvider"])
        except Exception as error:  # onnxruntime raises its own classes, not exported for catching
            message = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
            raise EncoderError(f"{self.path}: not a model onnxruntime can run ({message})") from None
        inputs = {item.name for item in self.session.get_inputs()}
        outputs = self.session.get_outputs()
        if not self.INPUTS <= inputs or not outputs or len(outputs[0].shape) != 3:
            raise EncoderError(f"{self.path}: not a BERT model (inputs {sorted(inputs)}, "
                               f"wanted {sorted(self.INPUTS)} and a hidden state per token)")
        self.output = outputs[0].name
        # One text of the vocabulary's last piece: a model made for another
        # vocabulary fails here rather than in a search.
        try:
            probe = self._run([[self.tokenizer.cls, len(pieces) - 1, self.tokenizer.sep]])
        except Exception as error:  # as above
            message = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
            raise EncoderError(f"{self.path}: cannot read the {len(pieces)} pieces of {Path(vocabulary).name} "
                               f"({message})") from None
        self.dimensions = int(probe.shape[1])

    def tokens(self, text: str, max_length: int | None = None) -> list[int]:
        return self.tokenizer.encode(text, min(max_length or self.max_length, self.max_length))

    def encode(self, texts: list[str], batch: int = 16, max_length: int | None = None) -> np.ndarray:
        """The unit vectors of ``texts`` (one row each), each cut to
        ``max_length`` word pieces if given; texts of similar length run
        together."""
        ids = [self.tokens(text, max_length) for text in texts]
        out = np.zeros((len(texts), self.dimensions), dtype=np.float32)
        order = sorted(range(len(ids)), key=lambda n: len(ids[n]))
        for start in range(0, len(order), batch):
            chosen = order[start:start + batch]
            out[chosen] = self._run([ids[n] for n in chosen])
        return out

    def _run(self, sequences: list[list[int]]) -> np.ndarray:
        count, length = len(sequences), max(len(s) for s in sequences)
        ids = np.zeros((count, length), dtype=np.int64)
        mask = np.zeros((count, length), dtype=np.int64)
        for row, sequence in enumerate(sequences):
            ids[row, :len(sequence)] = sequence
            mask[row, :len(sequence)] = 1
        (hidden,) = self.session.run([self.output], {
            "input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)})
        weights = mask[:, :, None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / weights.sum(axis=1)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        return (pooled / np.maximum(norms, 1e-12)).astype(np.float32)
