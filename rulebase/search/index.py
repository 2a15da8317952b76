"""The search index: what is indexed for every rule, glossary entry, erratum
and section of the rule graph, and where the index lives.

The index is built from the graph into a fresh directory under
``paths.cache_dir() / "search"`` and then made current by atomically
replacing a small pointer file, so a search that is running while the index
is rebuilt keeps reading the old one, and a build that fails half-way leaves
the old one in place.  Its key combines the fingerprint of the corpus's
documents (the same whether a search is given the graph or reads the corpus
itself) with a hash of the code that turns the corpus into the index; when
either changes, the next search builds a new index.

Nothing read back from the cache is trusted: the pointer must name a build
of its key, the build's ``meta.json`` (written last, so only a complete
build has one) records the SHA-256 of every other file, each file is
checked against it as it is read, and what the files hold must have the
shape this code writes (:mod:`rulebase.search.cachefiles`).  An index that
fails any of this is built again, with a warning.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
import os
import re
import shutil
import stat
import tempfile
import threading
import time
import uuid
import weakref
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from whoosh import index as whoosh_index
from whoosh.fields import ID, TEXT, Schema
from whoosh.filedb.filestore import RamStorage
from whoosh.scoring import BM25F, BM25FScorer

from rulebase import paths
from rulebase.errors import RulebaseError
from rulebase.search.analysis import Vocabulary, analyzer, stems
from rulebase.search.cachefiles import DamagedCacheError, load_json, read_bytes, sha256, verify

log = logging.getLogger(__name__)


class SearchIndexError(RulebaseError):
    """Raised when the search index cannot be written to the cache directory."""


# Bump when what is indexed changes in a way the source hash would not show.
SCHEMA_VERSION = 1

KINDS = ("rule", "glossary", "erratum", "section")

# The modules and grammars whose output the index is built from.
_SOURCES = ("rulebase/search/*.py", "rulebase/search/*.txt", "rulebase/search/*.jsonl", "rulebase/questionsets.py",
            "rulebase/graph.py", "rulebase/corpus.py", "rulebase/model.py", "rulebase/pairing.py",
            "rulebase/parse/*.py")

_KEEP_BUILDS = 2
_STALE_SECONDS = 3600

# What a build is named (the key, when it was started, a random part) and
# the file of whoosh's that is not part of the index (its writer's lock).
_BUILD_NAME = re.compile(r"[0-9a-f]{20}-[0-9]{14}-[0-9a-f]{8}")
_UNCHECKED = ("MAIN_WRITELOCK",)


def schema() -> Schema:
    """The fields of the index: the node's id and document, four text
    fields the ranking weighs apart (its own title, its text, where it stands,
    other wordings of the same thing) and ``all`` (every word of the entry),
    which finds the candidates and gives each word its rarity."""
    words = analyzer()
    return Schema(
        id=ID(stored=True, unique=True),
        document=ID(stored=False),
        title=TEXT(analyzer=words),
        text=TEXT(analyzer=words),
        context=TEXT(analyzer=words),
        aliases=TEXT(analyzer=words),
        all=TEXT(analyzer=words, phrase=False),
    )


class _SharedIdfScorer(BM25FScorer):
    def __init__(self, searcher, fieldname, text, B, K1):
        parent = searcher.get_parent()
        self.idf = parent.idf("all", text)
        self.avgfl = parent.avg_field_length(fieldname) or 1
        self.B, self.K1, self.qf = B, K1, 1
        self.setup(searcher, fieldname, text)


class SharedIdfBM25(BM25F):
    """BM25 in each field, with one inverse document frequency per word (how
    rare it is in all the fields of all the entries), so a common word in a
    field where it is rare (``card`` in titles) does not outweigh the rest."""

    def scorer(self, searcher, fieldname, text, qf=1):
        if not searcher.schema[fieldname].scorable:
            return super().scorer(searcher, fieldname, text, qf)
        return _SharedIdfScorer(searcher, fieldname, text, self._field_B.get(fieldname, self.B), self.K1)


WEIGHTING = SharedIdfBM25(B=0.75, K1=1.2, context_B=0.5, aliases_B=0.5)


# -- what is indexed ---------------------------------------------------------


def _is_current(graph, document: str) -> bool:
    data = graph.node(document)
    if data.get("current"):
        return True
    within = data.get("within")
    return bool(within and within in graph and graph.node(within).get("current"))


def _documents(graph) -> dict[str, dict]:
    documents = {}
    for data in graph.documents():
        documents[data["id"]] = {
            "game": data["game"],
            "edition": data["edition"],
            "title": data["title"],
            "doc_kind": data["doc_kind"],
            "within": data.get("within"),
            "rendering_of": data.get("rendering_of"),
            "current": _is_current(graph, data["id"]),
        }
    return documents


def _context(graph, node: str, data: dict, documents: dict) -> list[str]:
    """The titles above a node (chapter, section, parent rule or section), the
    text of the rule it is a sub-rule of, and for entries outside the numbered
    rules the title of their document."""
    context = []
    ancestors = graph.ancestors(node)
    for ancestor in ancestors:
        other = graph.node(ancestor)
        if other["kind"] == "document":
            continue
        if other.get("title"):
            context.append(other["title"])
    parent = graph.parent(node)
    if data["kind"] == "rule" and parent and graph.node(parent)["kind"] == "rule":
        parent_data = graph.node(parent)
        if parent_data.get("text"):
            context.append(parent_data["text"])
    if data["kind"] != "rule":
        context.append(documents[data["document"]]["title"])
    if data["kind"] == "glossary":
        context.append(data.get("term_kind") or "")
    if data["kind"] == "erratum":
        context.append(data.get("set_name") or "")
        context.append(data.get("old") or "")
    return [text for text in context if text]


def records(graph) -> list[dict]:
    """One record per searchable node, in document order: everything a hit
    shows, and the texts each field of the index is built from."""
    documents = _documents(graph)
    found = []
    for node in graph.nodes():
        data = graph.node(node)
        if data["kind"] not in KINDS or not data.get("document"):
            continue
        context = _context(graph, node, data, documents)
        found.append({
            "id": node,
            "kind": data["kind"],
            "game": data["game"],
            "document": data["document"],
            "edition": data["edition"],
            "number": data.get("number"),
            "key": data.get("key"),
            "canonical": data.get("canonical"),
            "title": data.get("title"),
            "text": data.get("text") or "",
            "heading": bool(data.get("heading")),
            "line": data.get("line"),
            "parent": graph.parent(node),
            "ancestors": [a for a in graph.ancestors(node) if graph.node(a)["kind"] != "document"],
            "context": context,
            "aliases": [],
        })
    return found


# -- keys ----------------------------------------------------------------------


@lru_cache(maxsize=1)
def code_hash() -> str:
    """A hash of the code and grammars the index is built from (computed once
    per process)."""
    digest = hashlib.sha256(f"schema {SCHEMA_VERSION}".encode())
    root = paths.PACKAGE.parent
    files = sorted({path for pattern in _SOURCES for path in root.glob(pattern)})
    files += sorted(paths.GRAMMAR.glob("*.lark"))
    for path in files:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _parts_fingerprint(parts) -> str:
    """A checksum of the parts of the corpus an index is built from: every
    field of each (its file's checksum and its lines among them), in order."""
    digest = hashlib.sha256()
    for part in parts:
        fields = {item.name: getattr(part, item.name) for item in dataclasses.fields(part) if item.name != "text"}
        digest.update(json.dumps(fields, sort_keys=True).encode())
    return digest.hexdigest()


def graph_fingerprint(graph) -> str:
    """A checksum of the documents a graph was built from: the
    :func:`corpus_fingerprint` of its corpus, so that one corpus has one
    index whether a search is given its graph (the web pages) or not (the
    command line)."""
    return _parts_fingerprint(parsed.part for parsed in graph.parts.values())


def corpus_fingerprint(root: Path | None = None) -> str:
    """A checksum of the documents of a corpus directory (the embedded one
    by default), cut from its files as the graph's are but not parsed: the
    :func:`graph_fingerprint` of its graph, without building the graph."""
    from rulebase import corpus

    root = root or paths.CORPUS
    return _parts_fingerprint(part for entry in corpus.load_manifest(root)
                              for part in corpus.cut(entry, (root / entry["path"]).read_bytes()))


def index_key(corpus_fingerprint: str) -> str:
    """The key of the index for a corpus fingerprint and the current code."""
    return hashlib.sha256(f"{corpus_fingerprint} {code_hash()}".encode()).hexdigest()[:20]


# -- building ------------------------------------------------------------------


def search_dir() -> Path:
    """The index directory in the cache directory, created on demand."""
    try:
        path = paths.cache_dir() / "search"
        (path / "builds").mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise SearchIndexError(f"{error.filename or 'the cache directory'}: cannot hold the search index: "
                               f"{error.strerror or error}") from None
    return path


def _pointer(key: str) -> Path:
    return search_dir() / f"{key}.current"


def _add(writer, record: dict) -> None:
    writer.add_document(
        id=record["id"],
        document=record["document"],
        title=record["title"] or "",
        text=record["text"],
        context="\n".join(record["context"]),
        aliases="\n".join(record["aliases"]),
        all="\n".join([record["title"] or "", record["text"], *record["context"], *record["aliases"],
                       *record["questions"]]),
    )


def build(graph, key: str, *, locked: bool = False) -> Path:
    """Build the index of a graph into a new directory and make it the
    current one for ``key``; returns the directory.

    Nothing is replaced until the new index is complete: if the build fails,
    the previous index of the key (if any) stays current.  ``meta.json``,
    with the checksum of every other file, is written last: a build without
    one was never finished.  ``locked`` says the caller holds the cache lock
    of the key, so that no other build of it is being written: the
    unfinished ones left by killed builds are then removed at once (else
    once they are stale).
    """
    from rulebase.search import bridging, questions

    base = search_dir()
    log.info("Building the search index, once (kept in %s)...", base)
    target = base / "builds" / f"{key}-{time.strftime('%Y%m%d%H%M%S')}-{uuid.uuid4().hex[:8]}"
    target.mkdir(parents=True)
    try:
        items = records(graph)
        bridging.add_aliases(graph, items)
        documents = _documents(graph)
        unanswered = questions.attach(items, documents)
        if unanswered:
            log.warning("%d questions of %s name no current entry: %s", len(unanswered), questions.QUESTIONS.name,
                        "; ".join(f"line {q.line}: {q.q}" for q in unanswered[:5]))
        ix = whoosh_index.create_in(str(target), schema())
        writer = ix.writer()
        try:
            for record in items:
                _add(writer, record)
        except BaseException:
            writer.cancel()
            raise
        writer.commit()
        ix.close()
        for record in items:
            record["stems"] = {
                "title": stems(record["title"] or ""),
                "text": stems(record["text"]),
                "context": stems(" ".join(record["context"])),
                "aliases": stems(" ".join(record["aliases"])),
                "questions": stems(" ".join(record["questions"])),
            }
        vocabulary = Vocabulary.from_texts(
            text for record in items for text in [record["title"] or "", record["text"], *record["context"]]
        )
        _write_json(target / "records.json", items)
        _write_json(target / "vocabulary.json", vocabulary.counts)
        _write_json(target / "documents.json", documents)
        _write_json(target / "synonyms.json", bridging.synonyms(graph))
        files = {path.name: sha256(path.read_bytes()) for path in sorted(target.iterdir())
                 if path.name not in _UNCHECKED}
        _write_json(target / "meta.json", {"key": key, "schema": SCHEMA_VERSION, "records": len(items),
                                           "built": time.time(), "files": files})
        _point(key, target)
    except BaseException:
        shutil.rmtree(target, ignore_errors=True)
        raise
    _clean(key, target, locked)
    return target


def _write_json(path: Path, data) -> None:
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(data, handle, ensure_ascii=False)


def _point(key: str, target: Path) -> None:
    """Atomically make ``target`` the current index of ``key``."""
    pointer = _pointer(key)
    handle, temporary = tempfile.mkstemp(prefix=f".{key}.", dir=pointer.parent)
    with os.fdopen(handle, "w", encoding="utf-8") as stream:
        stream.write(target.name)
    if pointer.is_dir() and not pointer.is_symlink():  # a folder where the pointer goes: not one of ours
        log.warning("%s: a folder where the index's pointer goes; replacing it", pointer)
        shutil.rmtree(pointer, ignore_errors=True)
    os.replace(temporary, pointer)


# -- reading back --------------------------------------------------------------

# The shape of each file of a build, as :func:`build` writes it.
_META = {"key": str, "schema": int, "records": int, "built": float, "files": {str: str}}
_OPTIONAL = (str, None)
_RECORD = {
    "id": str, "kind": str, "game": str, "document": str, "edition": str, "number": _OPTIONAL, "key": _OPTIONAL,
    "canonical": _OPTIONAL, "title": _OPTIONAL, "text": str, "heading": bool, "line": (int, None),
    "parent": _OPTIONAL, "ancestors": [str], "context": [str], "aliases": [str], "questions": [str],
    "stems": {name: [str] for name in ("title", "text", "context", "aliases", "questions")},
}
_DOCUMENT = {"game": str, "edition": str, "title": str, "doc_kind": str, "within": _OPTIONAL,
             "rendering_of": _OPTIONAL, "current": bool}
_TABLE = {str: [str]}
_SHAPES = {
    "records.json": [_RECORD],
    "documents.json": {str: _DOCUMENT},
    "vocabulary.json": {str: int},
    "synonyms.json": {"any": _TABLE, "across": _TABLE, "broader": _TABLE},
}


def _read_pointer(pointer: Path, key: str) -> str:
    """The name of the build a pointer file names; raises
    :class:`FileNotFoundError` when there is none and
    :class:`~rulebase.search.cachefiles.DamagedCacheError` when it names no
    build of ``key``."""
    raw = read_bytes(pointer, limit=256)
    try:
        name = raw.decode("utf-8").strip()
    except UnicodeDecodeError:
        raise DamagedCacheError(f"{pointer}: not UTF-8: {raw[:40]!r}") from None
    if not _BUILD_NAME.fullmatch(name) or not name.startswith(f"{key}-"):
        raise DamagedCacheError(f"{pointer}: names no build of its index: {name[:60]!r}")
    return name


def _read_file(path: Path) -> bytes:
    try:
        return read_bytes(path)
    except FileNotFoundError:
        raise DamagedCacheError(f"{path}: missing") from None


def _read_meta(target: Path, key: str) -> dict:
    """The ``meta.json`` of a complete build of ``key``, checked; raises
    :class:`~rulebase.search.cachefiles.DamagedCacheError` for any other."""
    path = target / "meta.json"
    meta = load_json(path, _read_file(path), _META)
    if meta["key"] != key or meta["schema"] != SCHEMA_VERSION:
        raise DamagedCacheError(f"{path}: the index of another key or schema: {meta['key']!r}, {meta['schema']}")
    for name in meta["files"]:
        if name in ("", ".", "..", "meta.json") or any(char in name for char in "/\\\0"):
            raise DamagedCacheError(f"{path}: names a file that is not one of the build: {name[:60]!r}")
    missing = [name for name in _SHAPES if name not in meta["files"]]
    if missing:
        raise DamagedCacheError(f"{path}: has no checksum of {missing[0]}")
    return meta


def _current_dir(key: str) -> Path | None:
    """:func:`current_dir`, raising
    :class:`~rulebase.search.cachefiles.DamagedCacheError` for a pointer or
    build that cannot be used."""
    pointer = _pointer(key)
    try:
        name = _read_pointer(pointer, key)
    except FileNotFoundError:
        return None
    target = search_dir() / "builds" / name
    try:
        mode = target.lstat().st_mode
    except OSError as error:
        raise DamagedCacheError(f"{pointer}: names a build that cannot be found: {name!r} "
                                f"({error.strerror or error})") from None
    if not stat.S_ISDIR(mode):
        raise DamagedCacheError(f"{target}: not a directory")
    _read_meta(target, key)
    return target


def current_dir(key: str) -> Path | None:
    """The directory of the current, complete index of ``key``, or None
    (also for a pointer or build that cannot be used)."""
    try:
        return _current_dir(key)
    except DamagedCacheError:
        return None


def _remove(path: Path) -> None:
    """Remove a build, or a link or file in the place of one."""
    try:
        if path.is_symlink() or not path.is_dir():
            path.unlink()
        else:
            shutil.rmtree(path, ignore_errors=True)
    except OSError:
        pass


def _clean(key: str, keep: Path, locked: bool) -> None:
    """Remove older builds of a key (keeping the previous complete one for
    searches that may still read it) and abandoned builds of any key.

    An unfinished build of the key (no ``meta.json``: killed half-way) is
    removed at once when the caller holds the key's lock (``locked``: no one
    can be writing it), else once it is stale; those of other keys are
    removed once stale and not current.
    """
    builds = search_dir() / "builds"
    pointed = set()
    for pointer in search_dir().glob("*.current"):
        try:
            pointed.add(_read_pointer(pointer, pointer.name.removesuffix(".current")))
        except (OSError, DamagedCacheError):
            continue
    now = time.time()
    complete = []
    for other in builds.iterdir():
        if other == keep:
            continue
        try:
            status = other.lstat()
        except OSError:
            continue
        stale = now - status.st_mtime > _STALE_SECONDS
        if not other.name.startswith(f"{key}-"):
            if other.name not in pointed and stale:
                _remove(other)
            continue
        try:
            if not stat.S_ISDIR(status.st_mode):
                raise DamagedCacheError(f"{other}: not a directory")
            _read_meta(other, key)
        except DamagedCacheError:
            if locked or stale:
                _remove(other)
            continue
        complete.append((status.st_mtime, other))
    complete.sort(reverse=True)
    for _, old in complete[_KEEP_BUILDS - 1:]:
        _remove(old)


# -- opening -------------------------------------------------------------------


@dataclass
class OpenIndex:
    """An opened index: the whoosh searcher and everything loaded beside it."""

    key: str
    path: Path
    searcher: object
    records: list[dict]
    documents: dict[str, dict]
    vocabulary: Vocabulary
    by_id: dict[str, int] = field(default_factory=dict)
    docnums: dict[str, int] = field(default_factory=dict)
    positions: dict[int, int] = field(default_factory=dict)
    synonyms: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    cache: dict = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)
    building: threading.Lock = field(default_factory=threading.Lock)
    # The cache setting and the time the pointer was last found to name it.
    checked: tuple = (None, float("-inf"))

    @classmethod
    def open(cls, key: str, path: Path) -> "OpenIndex":
        """Open the complete build ``path`` of ``key``: every file is read
        once, checked against the checksum ``meta.json`` records, and what
        is searched is those bytes, held in memory.  Raises
        :class:`~rulebase.search.cachefiles.DamagedCacheError` for a build
        that is not as it was written."""
        meta = _read_meta(path, key)
        contents = {name: verify(path / name, _read_file(path / name), checksum)
                    for name, checksum in meta["files"].items()}
        loaded = {name: load_json(path / name, contents.pop(name), shape) for name, shape in _SHAPES.items()}
        items, documents = loaded["records.json"], loaded["documents.json"]
        storage = RamStorage()
        storage.files = contents
        try:
            searcher = storage.open_index(schema=schema()).searcher(weighting=WEIGHTING)
            docnums = {fields["id"]: docnum for docnum, fields in searcher.iter_docs()}
        except Exception as error:  # whoosh has no one class for files it cannot read
            raise DamagedCacheError(f"{path}: not a whoosh index ({type(error).__name__}: {error})") from None
        by_id = {record["id"]: position for position, record in enumerate(items)}
        if len(by_id) != len(items) or len(items) != meta["records"] or docnums.keys() != by_id.keys():
            raise DamagedCacheError(f"{path}: its records and its whoosh index are not of the same entries")
        strays = [record["id"] for record in items if record["document"] not in documents]
        if strays:
            raise DamagedCacheError(f"{path / 'records.json'}: an entry of no document: {strays[0]!r}")
        opened = cls(key, path, searcher, items, documents, Vocabulary(loaded["vocabulary.json"]))
        opened.synonyms = loaded["synonyms.json"]
        opened.by_id = by_id
        opened.docnums = docnums
        opened.positions = {docnum: by_id[node] for node, docnum in docnums.items()}
        return opened

    def record(self, node: str) -> dict:
        return self.records[self.by_id[node]]

    def record_or_none(self, node: str) -> dict | None:
        position = self.by_id.get(node)
        return None if position is None else self.records[position]


_OPEN: dict[str, OpenIndex] = {}
_OPEN_LOCK = threading.Lock()
_KEYS: dict[str, str] = {}


def _default_key() -> str:
    """The key of the embedded corpus's index, computed once per process and
    corpus directory."""
    root = str(paths.CORPUS)
    if root not in _KEYS:
        _KEYS[root] = index_key(corpus_fingerprint(paths.CORPUS))
    return _KEYS[root]


def _pointed_name(key: str) -> str | None:
    try:
        return _read_pointer(_pointer(key), key)
    except (FileNotFoundError, DamagedCacheError):
        return None


def _graph(graph):
    if graph is None:
        from rulebase import graph as graphs

        return graphs.load()
    return graph


def _build(graph, key: str, locked: bool) -> Path:
    try:
        return build(_graph(graph), key, locked=locked)
    except OSError as error:
        raise SearchIndexError(f"{error.filename or search_dir()}: cannot write the search index: "
                               f"{error.strerror or error}") from None


# How often a search checks whether another process made a new index
# current (a rebuild in this process is used at once).
RECHECK_SECONDS = 1.0
_GRAPH_KEYS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _graph_key(graph) -> str:
    """The index key of a graph, computed once per graph object."""
    try:
        key = _GRAPH_KEYS.get(graph)
    except TypeError:  # a graph that cannot be weakly referenced
        return index_key(graph_fingerprint(graph))
    if key is None:
        key = _GRAPH_KEYS[graph] = index_key(graph_fingerprint(graph))
    return key


def _cache_setting() -> Path:
    return paths.cache_dir(create=False)


def _open_current(key: str, warn: bool = True) -> OpenIndex | None:
    """The current index of ``key`` opened, or None if there is none or it
    cannot be used (then it is built again, said by a warning unless
    ``warn`` is false)."""
    try:
        path = _current_dir(key)
        return None if path is None else OpenIndex.open(key, path)
    except DamagedCacheError as error:
        if warn:
            log.warning("%s: the search index is built again", error)
        return None


def ensure(graph=None) -> OpenIndex:
    """The opened index of a graph (the embedded corpus's by default),
    building it first if there is none for the current corpus and code (or
    if the one there cannot be read).

    An index already open is used without looking at the cache directory
    again for :data:`RECHECK_SECONDS`; after that, the index another process
    made current since is opened instead.
    """
    key = _graph_key(graph) if graph is not None else _default_key()
    setting = _cache_setting()
    opened = _OPEN.get(key)
    if opened is not None and opened.checked[0] == setting and time.monotonic() - opened.checked[1] < RECHECK_SECONDS:
        return opened
    with _OPEN_LOCK:
        opened = _OPEN.get(key)
        if opened is not None and opened.path.name == _pointed_name(key):
            opened.checked = (setting, time.monotonic())
            return opened
        opened = _open_current(key)
        if opened is None:
            # Another process may be building it: wait, then look again.
            with paths.cache_lock(f"search-{key}") as held:
                opened = _open_current(key, warn=False) or OpenIndex.open(key, _build(graph, key, held))
        opened.checked = (setting, time.monotonic())
        _OPEN[key] = opened
        return opened


def rebuild(graph=None) -> OpenIndex:
    """Build the index again even if a current one exists, then use it."""
    key = _graph_key(graph) if graph is not None else _default_key()
    with paths.cache_lock(f"search-{key}") as held:
        path = _build(graph, key, held)
    opened = OpenIndex.open(key, path)
    opened.checked = (_cache_setting(), time.monotonic())
    with _OPEN_LOCK:
        _OPEN[key] = opened
    return opened


def forget(keys: bool = True) -> None:
    """Drop the indexes opened in this process and (unless ``keys`` is
    false) the keys computed; they are opened and computed again on use."""
    with _OPEN_LOCK:
        _OPEN.clear()
        if keys:
            _KEYS.clear()
            _GRAPH_KEYS.clear()
    if keys:
        code_hash.cache_clear()
