"""The JSON API: what the pages show, as data.

``/api/rule/<id or number>``, ``/api/search?q=``, ``/api/glossary``,
``/api/errata``, ``/api/card/<game>/<id>``, ``/api/documents``.  Errors are JSON too:
``{"error": "...", "status": 404}``.
"""

from __future__ import annotations

from flask import Blueprint, abort, current_app, jsonify, request, url_for

from rulebase import views
from rulebase.errata import erratum_record, record_view
from rulebase.errors import UnknownRuleError
from rulebase.web.catalog import GAMES
from rulebase.web.common import arg, catalog, site
from rulebase.search import SearchQueryError

bp = Blueprint("api", __name__, url_prefix="/api")


@bp.get("/")
def index():
    """The routes of the API."""
    return jsonify({
        "rule": url_for("api.rule", ident="514.4c"),
        "search": url_for("api.search", q="faceoff"),
        "glossary": url_for("api.glossary", game="ccg"),
        "errata": url_for("api.errata", game="ccg"),
        "documents": url_for("api.documents"),
        "card": url_for("api.card", game="ccg", key="duck-and-cover"),
        "cards": url_for("api.cards", q="t:friend kw:swift"),
    })


@bp.get("/rule/<path:ident>")
def rule(ident: str):
    """The record of a node, by id (``ccg/3.4/514.4c``) or by number
    (``514.4c``, with ``?game=`` and ``?edition=``)."""
    cat = catalog()
    game = arg("game", list(GAMES))
    edition = arg("edition")
    if ident not in cat.data:
        try:
            ident = cat.graph.resolve(ident[:100], game=game, edition=edition)
        except UnknownRuleError as error:
            near = site().search.nearest(ident[:100], game=game, edition=edition)
            return not_found(str(error)[:300], near)
    record = views.rule_record(cat.graph, ident)
    record["url"] = cat.url(ident)
    return jsonify(record)


@bp.get("/card/<any(ccg,tcg):game>/<key>")
def card(game: str, key: str):
    """The record of one card (``/api/card/ccg/duck-and-cover``), as its page
    shows it: :func:`rulebase.cards.record.card_record` with the page's ``url``."""
    from rulebase.cards.record import card_record, is_card

    cat = catalog()
    node = f"card/{game}/{key}"
    if not is_card(cat.graph, node):
        abort(404, f"no card {key[:80]!r} in the {game.upper()} card data")
    return jsonify({**card_record(cat.graph, node), "url": cat.url(node)})


def not_found(message: str, nodes: list[str]):
    """A JSON 404 with the nodes nearest to what was asked for: their ids
    (``suggestions``) and their pages (``closest``)."""
    cat = catalog()
    response = jsonify({"error": message, "status": 404, "suggestions": nodes,
                        "closest": [{"id": node, "label": cat.label(node), "url": cat.url(node)} for node in nodes]})
    response.status_code = 404
    return response


def number_record(answer) -> dict | None:
    """What a query that is a rule number, a range or a pattern names, for
    clients to do what the site does: ``exact`` (the page to go straight
    to), ``ids`` (the rules of a range), ``suggestions`` (the closest
    numbers when it names nothing)."""
    if answer is None:
        return None
    cat = catalog()

    def link(hit) -> dict:
        return {"id": hit.id, "label": cat.label(hit.id), "url": cat.url(hit.id)}

    return {"query": str(answer.number), "range": answer.is_range,
            "exact": link(answer.exact) if answer.exact else None,
            "ids": [hit.id for hit in answer.hits], "suggestions": [link(hit) for hit in answer.suggestions]}


@bp.get("/search")
def search():
    """``q`` (required), ``game`` (``ccg``, ``tcg`` or ``all``), ``edition``,
    ``limit`` (1 to 50).  ``number`` says what a query that is a rule
    number, a range or a pattern names (:func:`number_record`), else null."""
    chosen = arg("game", [*GAMES, "all"])
    game = chosen if chosen in GAMES else None
    edition = arg("edition")
    try:
        limit = max(1, min(50, int(request.args.get("limit", "10"))))
    except ValueError:
        abort(400, "limit must be a whole number.")
    query = request.args.get("q", "")
    if not query.strip():
        abort(400, "give a query: /api/search?q=<words or a rule number>")
    searcher = site().search
    try:
        results = searcher.results(query, game=game, edition=edition, limit=limit,
                                   max_length=current_app.config["MAX_QUERY"])
        number = number_record(searcher.numbered(query, game=game, edition=edition))
    except SearchQueryError as error:
        abort(400, str(error))
    rows = [{**result.as_dict(), "game_label": GAMES[result.game]} for result in results]
    return jsonify({"query": query.strip(), "game": game, "edition": edition, "count": len(rows), "results": rows,
                    "number": number})


@bp.get("/glossary")
def glossary():
    """The glossary of a game (``game``, default ``ccg``) and edition."""
    cat = catalog()
    game = arg("game", list(GAMES)) or "ccg"
    try:
        document = cat.document_for(game, arg("edition"))
    except UnknownRuleError as error:
        abort(404, str(error))
    entries = [{
        "id": node, "name": cat.data[node]["title"], "term": cat.data[node].get("term"),
        "kind": cat.data[node].get("term_kind"), "definition": cat.data[node]["text"], "url": cat.url(node),
        "used_by": cat.graph.used_by(node),
    } for node in cat.glossary_entries(document)]
    return jsonify({"game": game, "document": document, "entries": entries})


@bp.get("/errata")
def errata():
    """The card errata of a game (``game``, default ``ccg``), optionally of one
    ``set``, each with its texts side by side (``diff``: pieces marked
    ``changed`` by the word diff and with the publisher's ``mark``), the word
    diff itself (``word_diff``, ``diff_by``) and the publisher's ``marks``
    (see :mod:`rulebase.errata`)."""
    cat = catalog()
    game = arg("game", list(GAMES)) or "ccg"
    document = cat.errata_document(game)
    if document is None:
        abort(404, f"the corpus has no card errata for the {game}")
    wanted = arg("set")
    sets = cat.errata_sets(document)
    if wanted is not None and wanted not in sets:
        abort(404, f"no set {wanted[:60]!r}; the sets are {', '.join(sets)}")
    rows = []
    for name, nodes in sets.items():
        if wanted is None or name == wanted:
            for node in nodes:
                record = erratum_record(cat.graph, node)
                rows.append({"id": node, "card": record["name"], "title": record["title"],
                             "subtitle": record["subtitle"], "set": name, "old": record["old"],
                             "new": record["new"], "texts": record["texts"], "changes": record["changes"],
                             "card_id": record["card"], "url": cat.url(node), "diff": record_view(record).as_dict(),
                             "word_diff": record["diff"], "diff_by": record["diff_by"], "marks": record["marks"],
                             "shape": record["shape"]})
    return jsonify({"game": game, "document": document, "count": len(rows), "errata": rows})


@bp.get("/cards")
def cards():
    """The cards a card query finds (``q``, required; ``limit`` 1 to 500,
    default 100), each as :meth:`~rulebase.cards.model.Card.as_dict` gives
    it with its page's ``url`` where the graph has one.  A query that can't
    be read is a 400 whose ``error`` says where (``column``, from 1) and what
    was expected (``message``, ``caret``)."""
    from rulebase.cards.query import CardQueryError, search as find_cards

    query = request.args.get("q", "")
    if not query.strip():
        abort(400, "give a card query: /api/cards?q=<words or fields such as t:friend c:blue>")
    try:
        limit = max(1, min(500, int(request.args.get("limit", "100"))))
    except ValueError:
        abort(400, "limit must be a whole number.")
    cap = current_app.config["MAX_QUERY"]
    try:
        if len(query) > cap:
            raise CardQueryError(query[:cap], cap + 1, f"a query is at most {cap} characters")
        found = find_cards(query)
    except CardQueryError as error:
        response = jsonify({"query": error.query, "error": str(error), "message": error.message,
                            "column": error.column, "caret": error.caret, "status": 400})
        response.status_code = 400
        return response
    rows = [{**card.as_dict(), "url": catalog().card_url(card.id)} for card in found[:limit]]
    return jsonify({"query": query, "count": len(found), "shown": len(rows), "cards": rows})


@bp.get("/documents")
def documents():
    """Every document with its game, edition and page."""
    cat = catalog()
    return jsonify([{"id": doc, "title": cat.data[doc]["title"], "game": cat.data[doc]["game"],
                     "edition": cat.data[doc]["edition"], "kind": cat.data[doc]["doc_kind"],
                     "current": cat.is_current(doc), "url": cat.url(doc)} for doc in cat.documents])
