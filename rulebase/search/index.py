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
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
import os
import shutil
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
from whoosh.scoring import BM25F, BM25FScorer

from rulebase import paths
from rulebase.errors import RulebaseError
from rulebase.search.analysis import Vocabulary, analyzer, stems

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
                              for part in corpus._cut(entry, (root / entry["path"]).read_bytes()))


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


def build(graph, key: str) -> Path:
    """Build the index of a graph into a new directory and make it the
    current one for ``key``; returns the directory.

    Nothing is replaced until the new index is complete: if the build fails,
    the previous index of the key (if any) stays current.
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
        _write_json(target / "meta.json", {"key": key, "schema": SCHEMA_VERSION, "records": len(items),
                                           "built": time.time()})
        _point(key, target)
    except BaseException:
        shutil.rmtree(target, ignore_errors=True)
        raise
    _clean(key, target)
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
    os.replace(temporary, pointer)


def current_dir(key: str) -> Path | None:
    """The directory of the current, complete index of ``key``, or None."""
    try:
        name = _pointer(key).read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        return None
    target = search_dir() / "builds" / name
    try:
        meta = json.loads((target / "meta.json").read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError):
        return None
    return target if meta.get("key") == key else None


def _clean(key: str, keep: Path) -> None:
    """Remove older builds of a key (keeping the previous one for searches
    that may still read it) and abandoned builds of any key."""
    builds = search_dir() / "builds"
    own = sorted((p for p in builds.iterdir() if p.name.startswith(f"{key}-") and p != keep),
                 key=lambda p: p.stat().st_mtime, reverse=True)
    for old in own[_KEEP_BUILDS - 1:]:
        shutil.rmtree(old, ignore_errors=True)
    now = time.time()
    pointed = set()
    for pointer in search_dir().glob("*.current"):
        try:
            pointed.add(pointer.read_text(encoding="utf-8").strip())
        except OSError:
            continue
    for other in builds.iterdir():
        try:
            stale = now - other.stat().st_mtime > _STALE_SECONDS
        except FileNotFoundError:
            continue
        if other.name not in pointed and not other.name.startswith(f"{key}-") and stale:
            shutil.rmtree(other, ignore_errors=True)


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
        ix = whoosh_index.open_dir(str(path))
        searcher = ix.searcher(weighting=WEIGHTING)
        items = json.loads((path / "records.json").read_text(encoding="utf-8"))
        documents = json.loads((path / "documents.json").read_text(encoding="utf-8"))
        vocabulary = Vocabulary(json.loads((path / "vocabulary.json").read_text(encoding="utf-8")))
        opened = cls(key, path, searcher, items, documents, vocabulary)
        opened.synonyms = json.loads((path / "synonyms.json").read_text(encoding="utf-8"))
        opened.by_id = {record["id"]: position for position, record in enumerate(items)}
        opened.docnums = {fields["id"]: docnum for docnum, fields in searcher.iter_docs()}
        opened.positions = {docnum: opened.by_id[node] for node, docnum in opened.docnums.items()}
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
        return _pointer(key).read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        return None


def _graph(graph):
    if graph is None:
        from rulebase import graph as graphs

        return graphs.load()
    return graph


def _build(graph, key: str) -> Path:
    try:
        return build(_graph(graph), key)
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


def _open_current(key: str) -> OpenIndex | None:
    """The current index of ``key`` opened, or None if there is none or it
    cannot be read (a damaged index is built again)."""
    path = current_dir(key)
    if path is None:
        return None
    try:
        return OpenIndex.open(key, path)
    except Exception:
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
            with paths.cache_lock(f"search-{key}"):
                opened = _open_current(key) or OpenIndex.open(key, _build(graph, key))
        opened.checked = (setting, time.monotonic())
        _OPEN[key] = opened
        return opened


def rebuild(graph=None) -> OpenIndex:
    """Build the index again even if a current one exists, then use it."""
    key = _graph_key(graph) if graph is not None else _default_key()
    path = _build(graph, key)
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
