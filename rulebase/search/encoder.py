"""A sentence encoder: all-MiniLM-L6-v2 (a BERT model trained so that
texts saying the same thing in other words lie close together) run by
onnxruntime from an ONNX file, its tokens mean-pooled into one unit vector
per text.  "The smallest deck" and "a minimum of 45 cards" come out close,
which the search uses beside its word matching.

The tokenizer is BERT's uncased WordPiece over the model's vocabulary
(``rulebase/data/wordpiece-uncased.txt``, the 30,522 pieces of the
bert-base-uncased vocabulary the model was trained with, Apache-2.0), made
with the ``tokenizers`` package: the text is cleaned, lower-cased, stripped
of accents and split at white space and punctuation, then each word is cut
greedily into the longest pieces of the vocabulary, and the pieces are
framed by ``[CLS]`` and ``[SEP]``.
"""

from __future__ import annotations

import os
import re
import threading
from pathlib import Path

import numpy as np
from tokenizers import Encoding, Tokenizer, models, normalizers, pre_tokenizers, processors

from rulebase import paths
from rulebase.errors import RulebaseError

VOCABULARY = paths.PACKAGE / "data" / "wordpiece-uncased.txt"


class EncoderError(RulebaseError):
    """Raised when a model file is missing or is not a model the encoder
    can run; says which file and what is wrong."""


# -- tokenizer ----------------------------------------------------------------

# BERT's uncased basic tokenizer: control characters dropped, white space
# made plain spaces, CJK characters set apart, accents removed, lower case;
# then words split at white space and punctuation.
_NORMALIZER = normalizers.BertNormalizer(clean_text=True, handle_chinese_chars=True, strip_accents=True,
                                         lowercase=True)
_PRE_TOKENIZER = pre_tokenizers.BertPreTokenizer()
# Halves of a surrogate pair alone: no text the tokenizer can be given (it
# takes UTF-8), and its cleaning drops them anyway, as it drops every
# character of Unicode's "other" categories.
_SURROGATES = re.compile("[\ud800-\udfff]")


def _text(text: str) -> str:
    return _SURROGATES.sub("", text)


def basic_words(text: str) -> list[str]:
    """The words of a text as BERT's uncased basic tokenizer splits them:
    control characters dropped, lower case, accents removed, punctuation
    and CJK characters each a word of their own.

    >>> basic_words("Swift's ability—can't  be négated!")
    ['swift', "'", 's', 'ability', '—', 'can', "'", 't', 'be', 'negated', '!']
    """
    return [word for word, _ in _PRE_TOKENIZER.pre_tokenize_str(_NORMALIZER.normalize_str(_text(text)))]


class WordPiece:
    """BERT's uncased WordPiece tokenizer over a ``vocab.txt`` (one piece a
    line, its line number its id), by the ``tokenizers`` package.

    >>> tokenizer = WordPiece(VOCABULARY.read_text(encoding="utf-8").splitlines())
    >>> [tokenizer.piece(number) for number in tokenizer.encode("Tied faceoffs!")]
    ['[CLS]', 'tied', 'face', '##offs', '!', '[SEP]']
    >>> [tokenizer.piece(number) for number in tokenizer.encode("Tied faceoffs!", max_length=4)]
    ['[CLS]', 'tied', 'face', '[SEP]']
    """

    MAX_WORD = 100
    """The most characters of a word cut into pieces; a longer one is ``[UNK]``."""

    def __init__(self, vocabulary: list[str]):
        self.ids = {piece: number for number, piece in enumerate(vocabulary)}
        for special in ("[CLS]", "[SEP]", "[UNK]", "[PAD]"):
            if special not in self.ids:
                raise EncoderError(f"the vocabulary has no {special} piece")
        self.cls, self.sep, self.unk, self.pad = (self.ids[special] for special in ("[CLS]", "[SEP]", "[UNK]", "[PAD]"))
        self._model = models.WordPiece(self.ids, unk_token="[UNK]", max_input_chars_per_word=self.MAX_WORD,
                                       continuing_subword_prefix="##")
        self._cut: dict[int | None, Tokenizer] = {}
        self._lock = threading.Lock()

    def _tokenizer(self, max_length: int | None) -> Tokenizer:
        """The tokenizer that cuts texts to ``max_length`` ids (none if
        None), made once: a tokenizer's settings are never changed once it
        is in use, since other threads may be using it."""
        found = self._cut.get(max_length)
        if found is None:
            if max_length is not None and max_length < 2:
                raise ValueError(f"max_length {max_length}: a text takes at least 2 ids ([CLS] and [SEP])")
            with self._lock:
                found = self._cut.get(max_length)
                if found is None:
                    found = Tokenizer(self._model)
                    found.normalizer = _NORMALIZER
                    found.pre_tokenizer = _PRE_TOKENIZER
                    found.post_processor = processors.BertProcessing(("[SEP]", self.sep), ("[CLS]", self.cls))
                    if max_length is not None:
                        found.enable_truncation(max_length)
                    self._cut[max_length] = found
        return found

    def piece(self, number: int) -> str:
        """The piece of an id."""
        return self._model.id_to_token(number)

    def pieces(self, word: str) -> list[int]:
        """The ids of the pieces of one word, or ``[UNK]`` when it cannot
        be cut into pieces of the vocabulary."""
        return [token.id for token in self._model.tokenize(word)]

    def encodings(self, texts: list[str], max_length: int | None = None) -> list[Encoding]:
        """Each text's ids between ``[CLS]`` and ``[SEP]``, cut to
        ``max_length`` ids in all (if given), with their attention mask."""
        tokenizer = self._tokenizer(max_length)
        # One at a time: a batch would start the package's own threads, which
        # a server's processes forked afterwards could not use.
        return [tokenizer.encode(_text(text)) for text in texts]

    def encode(self, text: str, max_length: int | None = None) -> list[int]:
        """The ids of a text, between ``[CLS]`` and ``[SEP]``, cut to
        ``max_length`` ids in all (if given)."""
        return self.encodings([text], max_length)[0].ids

    def padded(self, encodings: list[Encoding]) -> tuple[np.ndarray, np.ndarray]:
        """The ids and attention masks of ``encodings`` (padded in place to
        the longest of them with ``[PAD]``), one row each."""
        longest = max(len(encoding) for encoding in encodings)
        for encoding in encodings:
            encoding.pad(longest, pad_id=self.pad, pad_token="[PAD]")
        return (np.array([encoding.ids for encoding in encodings], dtype=np.int64),
                np.array([encoding.attention_mask for encoding in encodings], dtype=np.int64))


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
            probe = self._run(np.array([[self.tokenizer.cls, len(pieces) - 1, self.tokenizer.sep]], dtype=np.int64),
                              np.ones((1, 3), dtype=np.int64))
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
        encodings = self.tokenizer.encodings(texts, min(max_length or self.max_length, self.max_length))
        out = np.zeros((len(texts), self.dimensions), dtype=np.float32)
        order = sorted(range(len(encodings)), key=lambda n: len(encodings[n]))
        for start in range(0, len(order), batch):
            chosen = order[start:start + batch]
            out[chosen] = self._run(*self.tokenizer.padded([encodings[n] for n in chosen]))
        return out

    def _run(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """The unit vectors of padded ids and their attention mask."""
        (hidden,) = self.session.run([self.output], {
            "input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)})
        weights = mask[:, :, None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / weights.sum(axis=1)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        return (pooled / np.maximum(norms, 1e-12)).astype(np.float32)
