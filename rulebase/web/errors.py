"""Error pages: one style for every ``abort(status, message)``, JSON under
``/api/``, and a 404 page that suggests the pages nearest to the address:
for a rule number, the closest existing numbers in the address's game and
edition (the one suggester of :mod:`rulebase.rulenumbers`, as the command
line and the API give them); for a name, what it names within a typing
slip; nothing unrelated."""

from __future__ import annotations

from urllib.parse import unquote

from flask import Flask, jsonify, render_template, request
from werkzeug.exceptions import HTTPException, InternalServerError

from rulebase.errors import RulebaseError, UnknownRuleError
from rulebase.web.catalog import GAMES
from rulebase.web.common import catalog, site


def nearest(path: str, limit: int = 8) -> list[str]:
    """The nodes nearest to what an unknown address asks for, from its last
    part: the rule a number names or the closest numbers, in the game and
    edition the address names (the other game's when a number is in that
    game's style only); the entries a name names within a slip."""
    cat = catalog()
    segments = [s for s in unquote(path)[:200].strip("/").split("/") if s]
    if segments[:1] == ["api"]:
        segments = segments[2:]
    if not segments:
        return []
    game = segments[0] if segments[0] in GAMES else None
    edition = None
    if game and len(segments) >= 3:
        try:
            cat.document_for(game, segments[1])
            edition = segments[1]
        except UnknownRuleError:
            pass
    searcher = site().search
    found = searcher.nearest(segments[-1], game=game, edition=edition, limit=limit)
    if not found and game and searcher.numbered(segments[-1]) is not None:
        found = searcher.nearest(segments[-1], limit=limit)
    return found


def suggestions(path: str, limit: int = 8) -> list[dict]:
    """:func:`nearest` as links: id, label, page, text, game and edition."""
    cat = catalog()
    return [{"id": n, "label": cat.label(n), "url": cat.url(n), "text": cat.short_text(n),
             "game": cat.data[n]["game"], "edition": _edition(cat, n)} for n in nearest(path, limit)]


def _edition(cat, node: str) -> str:
    """The edition label of a node's document; a card or a set, which no
    document holds, is the card data's."""
    document = cat.data[node].get("document")
    return cat.edition_label(document) if document else "card data"


def _respond(status: int, title: str, message: str):
    if request.path.startswith("/api/") or request.path == "/api":
        body = {"error": message, "status": status}
        if status == 404:
            body["suggestions"] = nearest(request.path)
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
