"""Meaning beside words: every entry of the index and every question as a
vector of a sentence encoder (:mod:`rulebase.search.encoder`), so that the
search finds the rule a question paraphrases ("the smallest my deck can be"
for "a minimum of 45 cards") even when they share no word.

The model is ``rulebase/data/rules-encoder.onnx``: all-MiniLM-L6-v2
taught the rules' language on judge questions by ``tools/train_encoder.py``,
with int8 weights; ``rules-encoder.json`` beside it names the question sets
it learnt from (:func:`trained_on`).  ``RULEBASE_ENCODER`` names another
ONNX file of a BERT sentence model with the same vocabulary, or ``off`` to
search by words alone.  Without a usable model the search works by words
alone and :func:`status` says why.

The entries' vectors are computed once per set of texts and model, and kept
in the cache directory (``vectors/``), replaced atomically like the index,
with their SHA-256 written beside them: vectors read back are used only if
their bytes are the ones written, of the shape wanted and finite unit
vectors, and are computed again otherwise.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import logging
import os
import re
import tempfile
import threading
import time
from collections import OrderedDict
from functools import lru_cache
from pathlib import Path

import numpy as np

from rulebase import paths
from rulebase.search.cachefiles import DamagedCacheError, load_json, read_bytes, sha256, verify
from rulebase.search.encoder import VOCABULARY, Encoder, EncoderError

log = logging.getLogger(__name__)

MODEL = paths.PACKAGE / "data" / "rules-encoder.onnx"
MANIFEST = MODEL.with_suffix(".json")
# The most word pieces of an entry's text that are read, and of a question.
MAX_TOKENS = 256
QUESTION_TOKENS = 64
# How many questions' vectors each process keeps.
REMEMBERED_QUESTIONS = 1024


class _Unavailable(Exception):
    pass


def model_path() -> Path:
    """The ONNX file of the model to use; raises :class:`_Unavailable` with
    the reason when there is none."""
    return _model_path(os.environ.get("RULEBASE_ENCODER", "").strip(), MODEL)


@lru_cache(maxsize=8)
def _model_path(setting: str, default: Path) -> Path:
    """:func:`model_path` for a setting, found once per process (every
    question asks; a model not found is looked for again next time)."""
    if setting.lower() == "off":
        raise _Unavailable("turned off by RULEBASE_ENCODER=off")
    if setting:
        path = Path(setting)
        if not path.is_file():
            raise _Unavailable(f"RULEBASE_ENCODER={setting}: no such file")
        return path
    if not default.is_file():
        raise _Unavailable(f"{default}: missing (the package is incomplete: install rulebase again)")
    return default


def trained_on() -> dict[str, str]:
    """The question sets the model in use learnt from, by the SHA-256 of
    their files (named in the manifest beside the model; none for a model
    named by ``RULEBASE_ENCODER`` or a manifest that cannot be read)."""
    try:
        if model_path() != MODEL:
            return {}
        manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
        return {item["sha256"]: item["file"] for item in manifest["trained_on"]}
    except (_Unavailable, OSError, ValueError, KeyError, TypeError):
        return {}


_LOCK = threading.Lock()
_LOADED: dict[Path, Encoder | str] = {}


def encoder() -> Encoder | None:
    """The sentence encoder, loaded once per process, or None when there is
    no usable model (see :func:`status`)."""
    try:
        path = model_path()
    except _Unavailable:
        return None
    loaded = _LOADED.get(path)
    if loaded is None:
        with _LOCK:
            loaded = _LOADED.get(path)
            if loaded is None:
                try:
                    loaded = Encoder(path, max_length=MAX_TOKENS)
                except (EncoderError, ImportError) as error:
                    loaded = str(error)
                _LOADED[path] = loaded
    return loaded if isinstance(loaded, Encoder) else None


def status() -> str:
    """One line saying whether questions are also matched by meaning, with
    which model, or why not."""
    try:
        path = model_path()
    except _Unavailable as reason:
        return f"by words only: {reason}"
    if encoder() is None:
        return f"by words only: the model cannot be used: {_LOADED.get(path)}"
    return f"by words and meaning ({path})"


def entry_text(record: dict) -> str:
    """What of an entry is encoded: its title and its text."""
    return ". ".join(part for part in (record["title"], record["text"]) if part)


@lru_cache(maxsize=8)
def _model_identity(path: Path) -> str:
    digest = hashlib.sha256()
    for part in (path, VOCABULARY):
        with open(part, "rb") as handle:
            digest.update(hashlib.file_digest(handle, "sha256").digest())
    for module in ("encoder.py", "semantic.py"):
        digest.update((Path(__file__).parent / module).read_bytes())
    return digest.hexdigest()


def vectors_key(model: Encoder, texts: list[str]) -> str:
    """The key of the vectors of ``texts`` under a model (and this code)."""
    digest = hashlib.sha256(_model_identity(model.path).encode())
    for text in texts:
        digest.update(text.encode("utf-8", "surrogatepass"))
        digest.update(b"\0")
    return digest.hexdigest()[:24]


def _vectors_dir() -> Path:
    path = paths.cache_dir() / "vectors"
    path.mkdir(parents=True, exist_ok=True)
    return path


def vectors(model: Encoder, texts: list[str]) -> np.ndarray:
    """The unit vectors of ``texts`` (one row each), read from the cache
    directory or computed and saved there (atomically, by one process at a
    time; a cache that cannot be written only means they are computed again
    next time).  Vectors read back that are not as they were written are
    computed again, with a warning; a row the model gives that is not a
    finite unit vector is zero (that entry has no meaning to match), with a
    warning, and such vectors are not kept."""
    key = vectors_key(model, texts)
    try:
        path = _vectors_dir() / f"{key}.npy"
    except OSError:
        path = None
    shape = (len(texts), model.dimensions)
    found = _read_vectors(path, shape)
    if found is not None:
        return found
    with paths.cache_lock(f"vectors-{key}"):
        found = _read_vectors(path, shape, warn=False)
        if found is not None:
            return found
        log.info("Reading the meaning of %d entries, once (kept in %s)...", len(texts),
                 path.parent if path is not None else "no cache")
        computed = model.encode(texts)
        wrong = ~_are_unit(computed)
        if wrong.any():
            log.warning("%s: gives %d of %d texts a vector that is not a finite unit vector; they are not matched "
                        "by meaning", model.path, int(wrong.sum()), len(texts))
            computed[wrong] = 0.0
        elif path is not None:
            _save_vectors(path, computed)
    return computed


def _are_unit(matrix: np.ndarray) -> np.ndarray:
    """Whether each row of a matrix is a finite unit vector."""
    with np.errstate(all="ignore"):
        norms = np.linalg.norm(matrix.astype(np.float64), axis=1)
    return np.isfinite(matrix).all(axis=1) & (np.abs(norms - 1.0) < 1e-3)


def _checksum_path(path: Path) -> Path:
    return path.with_suffix(".json")


# What is written beside the vectors.
_CHECKSUM = {"sha256": str, "shape": [int], "dtype": str}


def _save_vectors(path: Path, computed: np.ndarray) -> None:
    """Write the vectors to a new file beside ``path``, then put it in its
    place, then their checksum beside them the same way; a file that cannot
    be written is left out, and none half written remains."""
    buffer = io.BytesIO()
    np.save(buffer, computed, allow_pickle=False)
    data = buffer.getvalue()
    checksum = json.dumps({"sha256": sha256(data), "shape": list(computed.shape), "dtype": str(computed.dtype)})
    if _replace(path, data):
        _replace(_checksum_path(path), checksum.encode("utf-8"))
    _clean(path.parent, keep=path)


# Vector files kept besides the newest (older corpora, code or models), and
# the age after which a file half written by a killed process is removed.
_KEEP_VECTORS = 8
_STALE_SECONDS = 3600


def _clean(folder: Path, keep: Path) -> None:
    """Remove what a killed write left behind (once it is stale) and all
    but the newest :data:`_KEEP_VECTORS` vector files."""
    now = time.time()
    kept = []
    for path in folder.iterdir():
        try:
            modified = path.lstat().st_mtime
        except OSError:
            continue
        if path.name.startswith("."):
            if now - modified > _STALE_SECONDS:
                with contextlib.suppress(OSError):
                    path.unlink()
        elif path.suffix == ".npy" and path != keep:
            kept.append((modified, path))
    for _, old in sorted(kept, reverse=True)[_KEEP_VECTORS:]:
        for stale in (old, _checksum_path(old)):
            with contextlib.suppress(OSError):
                stale.unlink()


def _replace(path: Path, data: bytes) -> bool:
    """Atomically make ``data`` the content of ``path``; whether it could."""
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{path.stem}.", suffix=path.suffix, dir=path.parent)
    except OSError:
        return False
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        return False
    return True


def _read_vectors(path: Path | None, shape: tuple[int, int], warn: bool = True) -> np.ndarray | None:
    """The vectors kept at ``path`` if they are there as they were written
    (checked against the checksum beside them), of ``shape`` and finite
    unit vectors; else None, with a warning (unless ``warn`` is false) when
    something was there."""
    if path is None:
        return None
    try:
        try:
            data = read_bytes(path)
        except FileNotFoundError:
            return None
        checksum_path = _checksum_path(path)
        try:
            written = load_json(checksum_path, read_bytes(checksum_path), _CHECKSUM)
        except FileNotFoundError:
            raise DamagedCacheError(f"{path}: has no checksum beside it") from None
        verify(path, data, written["sha256"])
        try:
            found = np.load(io.BytesIO(data), allow_pickle=False)
        except (OSError, ValueError) as error:
            raise DamagedCacheError(f"{path}: not vectors: {error}") from None
        if found.shape != shape or found.dtype != np.float32 or list(found.shape) != written["shape"]:
            raise DamagedCacheError(f"{path}: vectors of shape {found.shape} ({found.dtype}), "
                                    f"not {shape} (float32)")
        if not _are_unit(found).all():
            raise DamagedCacheError(f"{path}: holds vectors that are not finite unit vectors")
    except DamagedCacheError as error:
        if warn:
            log.warning("%s: the vectors are computed again", error)
        return None
    return found


_WORD = re.compile(r"[A-Za-z]+")


def respelled(text: str, known, correct) -> str:
    """``text`` with the typos the encoder would misread corrected: a word
    the corpus does not use and the model does not know as a whole word
    (``exausted``, ``faceof``) is replaced by ``correct(word)``, the corpus
    word nearest to it, if there is one.  Everyday words the corpus lacks
    but the model knows (``smallest``, one of ``known``, the model's whole
    words) are kept: the model reads them."""

    def fix(match: re.Match) -> str:
        word = match.group(0).lower()
        if word in known:
            return match.group(0)
        return correct(word) or match.group(0)

    return _WORD.sub(fix, text)


class Meanings:
    """The vectors of one opened index's entries, and the questions' vectors
    remembered."""

    def __init__(self, model: Encoder, records: list[dict]):
        self.model = model
        self.matrix = vectors(model, [entry_text(record) for record in records])
        self._questions: OrderedDict[str, np.ndarray] = OrderedDict()
        self._lock = threading.Lock()

    def question(self, text: str) -> np.ndarray:
        """The vector of a question (computed once per process, for the most
        recent :data:`REMEMBERED_QUESTIONS`)."""
        with self._lock:
            found = self._questions.get(text)
            if found is not None:
                self._questions.move_to_end(text)
                return found
        found = self.model.encode([text], max_length=QUESTION_TOKENS)[0]
        with self._lock:
            self._questions[text] = found
            while len(self._questions) > REMEMBERED_QUESTIONS:
                self._questions.popitem(last=False)
        return found

    def forget_questions(self) -> None:
        """Forget the questions' vectors (they are computed again)."""
        with self._lock:
            self._questions.clear()

    def similarities(self, text: str, positions: np.ndarray) -> np.ndarray:
        """The cosine similarity of a question to each entry of
        ``positions``."""
        return self.matrix[positions] @ self.question(text)


def meanings(opened) -> Meanings | None:
    """The :class:`Meanings` of an opened index (computed on first use), or
    None when there is no model."""
    model = encoder()
    if model is None:
        return None
    found = opened.cache.get("meanings")
    if found is None or found.model is not model:
        with opened.building:
            found = opened.cache.get("meanings")
            if found is None or found.model is not model:
                found = opened.cache["meanings"] = Meanings(model, opened.records)
    return found
