"""The home page and the search results page (the same page, with or
without a query), and each game's page."""

from __future__ import annotations

from flask import Blueprint, current_app, render_template, request

from rulebase.web.catalog import GAMES
from rulebase.web.common import arg, cached, catalog, check_game, site
from rulebase.web.finder import QueryError

bp = Blueprint("home", __name__)

PAGE, MORE = 10, 40  # results on the page, and after "More results"


@bp.get("/")
@bp.get("/search")
def search():
    """Search as a judge types: a number goes to its rule, words to the
    rules that use them.  Works without JavaScript (a plain GET form)."""
    query = request.args.get("q", "")
    game = arg("game", list(GAMES))
    edition = arg("edition")
    limit = MORE if arg("limit", [str(PAGE), str(MORE)]) == str(MORE) else PAGE
    results, message, status = [], None, 200
    try:
        results = site().finder.search(query, game=game, edition=edition, limit=limit,
                                       max_length=current_app.config["MAX_QUERY"])
    except QueryError as error:
        message, status = f"Search not run: {error}.", 400
        query = query[: current_app.config["MAX_QUERY"]]
    documents = {g: catalog().game_documents(g) for g in GAMES}
    more = None
    if len(results) == PAGE == limit:
        more = {"q": query.strip(), "limit": MORE, **({"game": game} if game else {}),
                **({"edition": edition} if edition else {})}
    return render_template("home/search.html", query=query.strip(), game=game, edition=edition,
                           results=results, message=message, documents=documents, more=more), status


@bp.get("/<any(ccg,tcg):game>")
@bp.get("/<any(ccg,tcg):game>/")
def game_page(game: str):
    """A game's documents, its current rules' chapters and its glossary."""
    check_game(game)

    def render():
        cat = catalog()
        current = cat.current[game]
        chapters = [(chapter, cat.children(chapter)) for chapter in cat.children(current)
                    if cat.data[chapter]["kind"] == "chapter"]
        return render_template("home/game.html", game=game, current=current, chapters=chapters,
                               documents=cat.game_documents(game), errata=cat.errata_document(game))

    return cached(render)
