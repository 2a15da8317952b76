"""Finding cards: ``/ccg/cards?q=`` runs a card query
(:mod:`rulebase.cards.query`) and shows the cards found as a table, each
name linking to its card's page where the site has one."""

from __future__ import annotations

from flask import Blueprint, current_app, render_template, request

from rulebase.cards.database import load
from rulebase.cards.query import SET_CODES, CardQueryError, row, search
from rulebase.web.common import catalog

bp = Blueprint("cards", __name__)

PAGE = 200
"""The most cards a page shows."""


def run(query: str) -> tuple[list, int, CardQueryError | None]:
    """The rows of the first :data:`PAGE` cards a query finds, how many it finds
    and its error; a query over the length cap is an error at the cap."""
    cap = current_app.config["MAX_QUERY"]
    if len(query) > cap:
        return [], 0, CardQueryError(query[:cap], cap + 1, f"a query is at most {cap} characters")
    try:
        found = search(query)
    except CardQueryError as error:
        return [], 0, error
    return [{**row(card), "url": catalog().card_url(card.id)} for card in found[:PAGE]], len(found), None


@bp.get("/ccg/cards")
def index():
    """The card search: a form, the syntax and the cards found."""
    query = request.args.get("q", "").strip()
    rows, count, error, status = [], 0, None, 200
    if query:
        rows, count, error = run(query)
        status = 400 if error else 200
    sets = [(code, name) for code, name in SET_CODES.items() if any(s.name == name for s in load().sets)]
    return render_template("cards/search.html", game="ccg", query=query[:current_app.config["MAX_QUERY"]],
                           rows=rows, count=count, error=error, sets=sets, page=PAGE), status
