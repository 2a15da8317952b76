"""The judge web lookup: a Flask application over the rule graph.

:func:`create_app` builds the graph (once per process) and the indexes the
pages are rendered from, and registers one blueprint per feature: search,
rule pages, the glossary, the card errata, the documents, what changed
between editions and the JSON API.
Templates and static files live in ``site/`` (found through
:mod:`rulebase.paths`).
"""

from __future__ import annotations

from functools import lru_cache

from flask import Flask, request
from flask.json.provider import DefaultJSONProvider

from rulebase import paths
from rulebase.graph import RuleGraph, load
from rulebase.web.catalog import GAME_NAMES, GAMES, Catalog
from rulebase.web.results import MAX_QUERY, SiteSearch
from rulebase.web.pages import MAX_BYTES, MAX_PAGES, PageCache, PageServer

CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
}


class SafeJSONProvider(DefaultJSONProvider):
    """JSON with ``<``, ``>`` and ``&`` written as escapes, so that no text of
    a query or a document reads as markup even where JSON is misread as HTML."""

    ensure_ascii = False

    def dumps(self, obj, **kwargs) -> str:
        text = super().dumps(obj, **kwargs)
        return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


class _Flask(Flask):
    json_provider_class = SafeJSONProvider


class Site:
    """What every request reads: the graph, its catalog and the search."""

    def __init__(self, graph: RuleGraph):
        self.graph = graph
        self.catalog = Catalog(graph)
        self.search = SiteSearch(self.catalog)


@lru_cache(maxsize=4)
def site_for(graph: RuleGraph) -> Site:
    """The site of a graph, built once per process."""
    return Site(graph)


def create_app(test_config: dict | None = None) -> Flask:
    """The application.  ``test_config`` overrides the configuration:
    ``GRAPH`` (a :class:`RuleGraph`, the embedded corpus by default),
    ``MAX_QUERY``,
    ``WARM_SEARCH`` (False to open the search index on the first query
    instead of now), ``PAGE_CACHE_PAGES`` and ``PAGE_CACHE_BYTES`` (the
    bounds of the rendered pages' cache in each process)."""
    app = _Flask(__name__, template_folder=str(paths.SITE / "templates"),
                static_folder=str(paths.SITE / "static"), static_url_path="/static")
    # A doubled slash is read as it is, not redirected (a redirect built from the request's Host).
    app.url_map.merge_slashes = False
    app.config.from_mapping(MAX_QUERY=MAX_QUERY, WARM_SEARCH=True,
                            SEND_FILE_MAX_AGE_DEFAULT=3600)
    if test_config:
        app.config.update(test_config)
    graph = app.config.get("GRAPH") or load()
    site = site_for(graph)
    app.extensions["rulebase"] = site
    if app.config["WARM_SEARCH"]:
        site.search.warm()
    pages = PageCache(app.config.get("PAGE_CACHE_PAGES", MAX_PAGES), app.config.get("PAGE_CACHE_BYTES", MAX_BYTES))
    app.extensions["rulebase.pages"] = pages
    app.wsgi_app = PageServer(app.wsgi_app, pages, SECURITY_HEADERS.items())
    app.jinja_env.autoescape = True
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
    app.jinja_env.filters["u"] = lambda path: request.script_root + path
    app.jinja_env.globals.update(GAMES=GAMES, GAME_NAMES=GAME_NAMES, catalog=site.catalog,
                                 max_query=app.config["MAX_QUERY"])

    from rulebase.web import api, cardpages, cards, diffs, documents, errata, errors, glossary, headers, home, rules

    for module in (home, documents, glossary, errata, cardpages, diffs, api, cards, rules):
        app.register_blueprint(module.bp)
    from rulebase.web.decks import bp as deck_checker
    app.register_blueprint(deck_checker)
    from rulebase.web.workbench import bp as workbench
    app.register_blueprint(workbench)
    errors.register(app)
    headers.register(app)

    security = tuple((header.lower(), header, value) for header, value in SECURITY_HEADERS.items())

    @app.after_request
    def secure(response):
        """Add the security headers the response does not set already: one
        pass over its headers, not one per security header.  (The pages
        answered before Flask, by the PageServer, get the same headers.)"""
        headers = response.headers
        present = {name.lower() for name, _ in headers}
        for lower, header, value in security:
            if lower not in present:
                headers.add(header, value)
        return response

    return app
