"""The search as the pages and the API show it: each hit of the project's
search (:mod:`rulebase.search`) with the address of its page, where it
stands and its edition; a query that is a rule number read as one; and the
pages nearest to what names nothing.

Every result carries its snippet as ``(text, marked)`` pieces, so the
pages and the API show the matched words without handing text to the
browser as markup.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from markupsafe import escape

from rulebase import search as engine
from rulebase.search import NumberAnswer, SearchQueryError
from rulebase.web.catalog import Catalog

MAX_QUERY = 500
"""The longest query the site searches."""


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


class SiteSearch:
    """The search of one catalog's graph, its hits as :class:`Result`."""

    def __init__(self, catalog: Catalog):
        self.catalog = catalog
        self.graph = catalog.graph
        # What a result shows of each node besides its snippet and score.
        self._shown: dict[str, tuple] = {}

    def warm(self) -> None:
        """Open (or build) the search index now rather than on the first query."""
        engine.warm(graph=self.graph)
        engine.search("rule", limit=1, graph=self.graph)

    def results(self, query: str, *, game: str | None = None, edition: str | None = None, limit: int = 20,
                max_length: int = MAX_QUERY) -> list[Result]:
        """The results for ``query``, best first (none for an empty query).

        Raises :class:`SearchQueryError` for a query longer than
        ``max_length`` or with nothing to search for, and for a game or
        edition that names nothing.
        """
        if not (query or "").strip():
            return []
        hits = engine.search(query, game=game, edition=edition, limit=limit, graph=self.graph, max_length=max_length)
        return [self.result(hit) for hit in hits if hit.id in self.catalog.data]

    def numbered(self, query: str, *, game: str | None = None, edition: str | None = None) -> NumberAnswer | None:
        """What ``query`` names when it is a rule number, a range or a
        pattern and nothing else (:func:`rulebase.search.numbered`)."""
        return engine.numbered(query, game=game, edition=edition, graph=self.graph)

    def nearest(self, text: str, *, game: str | None = None, edition: str | None = None, limit: int = 5) -> list[str]:
        """The nodes nearest to a number or name that an address or a query
        gives: the rule a number names, else the closest numbers
        (:func:`rulebase.search.suggest`, the one suggester); for words, the
        entries they name within a typing slip.  Never raises."""
        try:
            answer = self.numbered(text, game=game, edition=edition)
        except SearchQueryError:
            return []
        if answer is None:
            hits = engine.suggest(text, game=game, edition=edition, limit=limit, graph=self.graph)
        else:
            hits = ([answer.exact] if answer.exact else answer.hits) or answer.suggestions
        return [hit.id for hit in hits if hit.id in self.catalog.data][:limit]

    def result(self, hit) -> Result:
        """A hit of the search as a result of the pages."""
        shown = self._shown.get(hit.id)
        if shown is None:
            cat = self.catalog
            data = cat.data[hit.id]
            title = cat.label(hit.id) if data["kind"] == "erratum" else data.get("title")
            shown = self._shown[hit.id] = (
                data["kind"], data["game"], data["document"], data["edition"],
                data.get("key") if data["kind"] == "rule" else None, title, cat.url(hit.id),
                cat.context(hit.id), cat.source_label(hit.id))
        kind, game, document, edition, number, title, url, context, label = shown
        return Result(hit.id, kind, game, document, edition, number, title, url, hit.snippet_parts,
                      float(hit.score), context, label)
