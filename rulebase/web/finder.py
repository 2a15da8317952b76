"""Search for the web pages: the project's search engine when it is there, a
plain word search over the graph otherwise, and a rule number typed as the
query always first.

Every result carries its snippet as ``(text, highlighted)`` parts, so the
pages and the API show the matched words without handing text to the
browser as markup.
"""

from __future__ import annotations

import html
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass, fields

from markupsafe import escape

from rulebase.errors import RulebaseError
from rulebase.model import RuleNumber
from rulebase.web.catalog import Catalog

try:  # the full-text engine, when the package has it
    from rulebase import search as engine
except ImportError:  # pragma: no cover - depends on the checkout
    engine = None

MAX_QUERY = 500
SEARCHABLE = ("rule", "glossary", "erratum", "section")
_WORD = re.compile(r"\w+(?:['’-]\w+)*")
_MARK = re.compile(r"(</?mark>)")


class QueryError(RulebaseError, ValueError):
    """Raised for a query the search does not take (too long, bad filter)."""


@dataclass
class Result:
    """One search result as the pages and the API show it."""

    id: str
    kind: str
    game: str
    document: str
    edition: str
    number: str | None
    title: str | None
    url: str
    snippet_parts: list[tuple[str, bool]]
    score: float
    context: str = ""
    edition_label: str = ""

    @property
    def snippet(self) -> str:
        """The snippet as escaped HTML with ``<mark>`` around matched words."""
        return "".join(f"<mark>{escape(text)}</mark>" if marked else str(escape(text))
                       for text, marked in self.snippet_parts)

    def as_dict(self) -> dict:
        record = {field.name: getattr(self, field.name) for field in fields(self)}
        record["snippet_parts"] = [[text, marked] for text, marked in self.snippet_parts]
        record["snippet"] = self.snippet
        return record


def check_query(query: str | None, limit: int = MAX_QUERY) -> str:
    """The query stripped; raises :class:`QueryError` when it is longer than ``limit``."""
    query = (query or "").strip()
    if len(query) > limit:
        raise QueryError(f"the query is {len(query)} characters long; the limit is {limit}")
    return query


def parts_of(snippet_html: str) -> list[tuple[str, bool]]:
    """Split an escaped snippet with ``<mark>`` tags into plain-text parts.

    >>> parts_of("a <mark>b &amp; c</mark> d")
    [('a ', False), ('b & c', True), (' d', False)]
    """
    parts, marked = [], False
    for piece in _MARK.split(snippet_html):
        if piece in ("<mark>", "</mark>"):
            marked = piece == "<mark>"
        elif piece:
            parts.append((html.unescape(piece), marked))
    return parts


class Finder:
    """Searches one catalog's graph; the last ``cache_size`` answers are kept."""

    def __init__(self, catalog: Catalog, use_engine: bool = True, cache_size: int = 2048):
        self.catalog = catalog
        self.engine = engine if use_engine else None
        self._haystack = [
            (node, data, f"{data.get('key') or ''} {data.get('title') or ''} {data.get('text') or ''}".lower())
            for node, data in catalog.data.items()
            if data["kind"] in SEARCHABLE and (data.get("text") or data.get("title"))
        ]
        # What a result shows of each node besides its snippet and score.
        self._shown: dict[str, tuple] = {}
        self._cache: OrderedDict = OrderedDict()
        self._cache_size = cache_size
        self._lock = threading.Lock()

    def warm(self) -> None:
        """Open (or build) the search index now rather than on the first query."""
        if self.engine is not None:
            if hasattr(self.engine, "warm"):
                self.engine.warm(graph=self.catalog.graph)
            self.engine.search("rule", limit=1, graph=self.catalog.graph)

    def search(self, query: str, *, game: str | None = None, edition: str | None = None,
               limit: int = 20, max_length: int = MAX_QUERY) -> list[Result]:
        """The results for ``query``, best first; a rule number comes first.

        Raises :class:`QueryError` for a query longer than ``max_length`` or
        an unknown game or edition.
        """
        query = check_query(query, max_length)
        if not query:
            return []
        if game is not None and game not in self.catalog.current:
            raise QueryError(f"no game {game!r}; the games are {', '.join(self.catalog.current)}")
        key = (query, game, edition, limit)
        with self._lock:
            if key in self._cache:
                self._cache.move_to_end(key)
                return self._cache[key]
        results = self._search(query, game, edition, limit)
        with self._lock:
            self._cache[key] = results
            if len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)
        return results

    def _search(self, query, game, edition, limit) -> list[Result]:
        if self.engine is not None:
            try:
                hits = self.engine.search(query, game=game, edition=edition, limit=limit, graph=self.catalog.graph)
            except RulebaseError as error:
                raise QueryError(str(error)) from None
            return [self._from_hit(hit) for hit in hits if hit.id in self.catalog.data]
        documents = None
        if edition is not None:
            documents = {doc for g in ([game] if game else list(self.catalog.current))
                         for doc in self._edition_documents(g, edition)}
            if not documents:
                raise QueryError(f"no edition {edition!r}")
        results = self._number(query, game, documents)
        seen = {result.id for result in results}
        for result in self._plain(query, game, documents, limit):
            if result.id not in seen:
                seen.add(result.id)
                results.append(result)
        return results[:limit]

    def suggest(self, text: str, *, game: str | None = None, limit: int = 5) -> list[str]:
        """Node ids near an address that names nothing (for the 404 page)."""
        text = text[:MAX_QUERY]
        if self.engine is not None and hasattr(self.engine, "suggest"):
            return [hit.id for hit in self.engine.suggest(text, game=game, limit=limit, graph=self.catalog.graph)
                    if hit.id in self.catalog.data]
        try:
            return [result.id for result in self.search(text, game=game, limit=limit)]
        except QueryError:
            return []

    def _edition_documents(self, game: str, edition: str) -> list[str]:
        return [doc for doc in self.catalog.game_documents(game)
                if edition in (self.catalog.data[doc]["edition"], doc.split("/", 1)[1])]

    def _number(self, query, game, documents) -> list[Result]:
        text = re.sub(r"^(?:rule|cr)\s*", "", query, flags=re.I).strip().strip("()").replace(" ", "")
        if not RuleNumber.is_valid(text):
            return []
        number = str(RuleNumber.parse(text))
        games = [game] if game else list(self.catalog.current)
        found = []
        for g in games:
            for doc in self.catalog.rules_documents(g):
                node = f"{doc}/{number}"
                if node in self.catalog.data and (documents is None or doc in documents):
                    found.append(self._result(node, [(self.catalog.short_text(node, 200), False)], 1000.0))
        return found

    def _from_hit(self, hit) -> Result:
        parts = parts_of(hit.snippet) if getattr(hit, "snippet", None) else [(hit.snippet_text or "", False)]
        return self._result(hit.id, parts, float(hit.score))

    def _result(self, node: str, parts, score: float) -> Result:
        shown = self._shown.get(node)
        if shown is None:
            cat = self.catalog
            data = cat.data[node]
            shown = self._shown[node] = (
                data["kind"], data["game"], data["document"], data["edition"],
                data.get("key") if data["kind"] == "rule" else None,
                cat.label(node) if data["kind"] == "erratum" else data.get("title"), cat.url(node),
                cat.context(node), cat.source_label(node))
        kind, game, document, edition, number, title, url, context, label = shown
        return Result(node, kind, game, document, edition, number, title, url, parts, score, context, label)

    def _plain(self, query, game, documents, limit) -> list[Result]:
        """Every node containing all the query's words, ranked by how often
        they occur, current editions first."""
        words = [word.lower() for word in _WORD.findall(query)]
        if not words:
            return []
        scored = []
        for node, data, haystack in self._haystack:
            if (game and data["game"] != game) or (documents is not None and data["document"] not in documents):
                continue
            if all(word in haystack for word in words):
                score = sum(haystack.count(word) for word in words)
                score += 3 * sum(word in (data.get("title") or "").lower() for word in words)
                current = self.catalog.is_current(data["document"])
                scored.append((score * (1.0 if current else 0.6), node, data))
        scored.sort(key=lambda item: -item[0])
        return [self._result(node, _snippet(data.get("text") or data.get("title") or "", words), score)
                for score, node, data in scored[:limit]]


def _snippet(text: str, words: list[str], width: int = 180) -> list[tuple[str, bool]]:
    """A window of ``text`` around the first matched word, matches marked."""
    text = " ".join(text.split())
    lowered = text.lower()
    first = min((lowered.find(word) for word in words if word in lowered), default=0)
    start = max(0, first - width // 3)
    if start:
        start = lowered.rfind(" ", 0, start) + 1
    end = min(len(text), start + width)
    if end < len(text):
        end = max(lowered.rfind(" ", start, end), first + 1)
    window = text[start:end]
    pattern = re.compile("|".join(re.escape(word) for word in sorted(words, key=len, reverse=True)), re.I)
    parts: list[tuple[str, bool]] = []
    position = 0
    for match in pattern.finditer(window):
        if match.start() > position:
            parts.append((window[position:match.start()], False))
        parts.append((match.group(), True))
        position = match.end()
    if position < len(window):
        parts.append((window[position:], False))
    if start:
        parts.insert(0, ("… ", False))
    if end < len(text):
        parts.append((" …", False))
    return parts
