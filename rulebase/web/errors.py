"""Error pages: one style for every ``abort(status, message)``, JSON under
``/api/``, and a 404 page that suggests the rules nearest to the address."""

from __future__ import annotations

import re
from urllib.parse import unquote

from flask import Flask, jsonify, render_template, request
from werkzeug.exceptions import HTTPException, InternalServerError

from rulebase.errors import RulebaseError, UnknownRuleError
from rulebase.web.catalog import GAMES
from rulebase.web.common import catalog, site

_NUMBERISH = re.compile(r"\d{3}(?:\.\d+)?(?:[a-z](?:\.[ivx]+)?)?(?:\.\d+)?")
_WORDS = re.compile(r"[A-Za-z]{3,}")


def suggestions(path: str, limit: int = 8) -> list[dict]:
    """Pages near what an unknown address asked for: the closest rule
    numbers in its game and edition, then search results for its words."""
    cat = catalog()
    path = unquote(path)[:200]
    segments = [s for s in path.strip("/").split("/") if s]
    games = [segments[0]] if segments and segments[0] in GAMES else list(GAMES)
    found: list[str] = []
    last = segments[-1] if segments else ""
    numbers = _NUMBERISH.findall(last)
    for game in games:
        document = cat.current[game]
        if len(segments) >= 3:
            try:
                document = cat.document_for(game, segments[1])
            except UnknownRuleError:
                pass
        for number in numbers[:1]:
            found += [f"{document}/{key}" for key in cat.graph.closest(number, document, limit=5)]
    words = [w for w in _WORDS.findall(" ".join(segments)) if w.lower() not in GAMES][:6]
    if (words and not found) or not (words or found):
        found += site().finder.suggest(" ".join(words) or last, game=games[0] if len(games) == 1 else None)
    unique = [node for node in dict.fromkeys(found) if node in cat.data]
    return [{"id": n, "label": cat.label(n), "url": cat.url(n), "text": cat.short_text(n),
             "game": cat.data[n]["game"], "edition": _edition(cat, n)} for n in unique[:limit]]


def _edition(cat, node: str) -> str:
    """The edition label of a node's document; a card or a set, which no
    document holds, is the card data's."""
    document = cat.data[node].get("document")
    return cat.edition_label(document) if document else "card data"


def _respond(status: int, title: str, message: str):
    if request.path.startswith("/api/") or request.path == "/api":
        body = {"error": message, "status": status}
        if status == 404:
            body["suggestions"] = [s["id"] for s in suggestions(request.path)]
        return jsonify(body), status
    near = suggestions(request.path) if status == 404 else []
    segments = request.path.strip("/").split("/")
    game = segments[0] if segments and segments[0] in GAMES else None
    return render_template("errors/error.html", status=status, title=title, message=message,
                           suggestions=near, game=game), status


def register(app: Flask) -> None:
    """Install the error handlers on ``app``."""

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):
        if error.code is None or error.code < 400:
            return error
        message = error.description or error.name
        if error.code == 404 and message.startswith("The requested URL was not found"):
            message = f"There is no page {unquote(request.path)[:120]!r}."
        return _respond(error.code, error.name, message)

    @app.errorhandler(RulebaseError)
    def rulebase_error(error: RulebaseError):
        status = 404 if isinstance(error, UnknownRuleError) else 400
        return _respond(status, "Not Found" if status == 404 else "Bad Request", str(error)[:300])

    @app.errorhandler(InternalServerError)
    def server_error(error):
        return _respond(500, "Internal Server Error", "Something went wrong on our side drawing this page.")
