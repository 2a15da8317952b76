"""The home page and the search results page (the same page, with or
without a query), and each game's page.

The game searched follows the judge: the search box of a game's pages
searches that game unless the judge chooses both games (``game=all``; the
choice is remembered by the browser, see ``site/static/site.js``), and a
rule number typed on its own goes straight to its rule's page."""

from __future__ import annotations

from flask import Blueprint, current_app, redirect, render_template, request

from rulebase.search import SearchQueryError
from rulebase.web.catalog import GAMES
from rulebase.web.common import arg, cached, catalog, check_game, site

bp = Blueprint("home", __name__)

PAGE, MORE = 10, 40  # results on the page, and after "More results"
BOTH = "all"
"""The value of ``game`` that searches both games."""


def chosen_game() -> tuple[str | None, str | None]:
    """The ``game`` a request asks for as given (``ccg``, ``tcg``, ``all``
    or None), and the game it searches (None for both); a 400 for any
    other value."""
    chosen = arg("game", [*GAMES, BOTH])
    return chosen, chosen if chosen in GAMES else None


@bp.get("/")
@bp.get("/search")
def search():
    """Search as a judge types: a rule number goes to its rule's page, a
    range or pattern (``514.4a-c``, ``512.*``) shows its rules, words the
    entries that answer them.  Works without JavaScript (a plain GET form)."""
    query = request.args.get("q", "")
    chosen, game = chosen_game()
    edition = arg("edition")
    asked_limit = arg("limit", [str(PAGE), str(MORE)])
    limit = MORE if asked_limit == str(MORE) else PAGE
    results, message, status, answer, elsewhere = [], None, 200, None, []
    searcher = site().search
    try:
        answer = searcher.numbered(query, game=game, edition=edition)
        if answer is not None and answer.exact is not None and asked_limit is None:
            return redirect(request.script_root + catalog().url(answer.exact.id))
        if answer is not None and answer.is_range:
            limit = MORE
        results = searcher.results(query, game=game, edition=edition, limit=limit,
                                   max_length=current_app.config["MAX_QUERY"])
        if answer is not None and not answer.hits and game is not None:
            # A number of the other game's rules, typed on this game's pages.
            elsewhere = searcher.nearest(query, edition=edition)
    except SearchQueryError as error:
        message, status = f"Search not run: {error}.", 400
        query = query[: current_app.config["MAX_QUERY"]]
    cat = catalog()
    closest = [{"id": node, "label": cat.label(node), "url": cat.url(node), "text": cat.short_text(node),
                "game": cat.data[node]["game"]}
               for node in elsewhere or [hit.id for hit in (answer.suggestions if answer else [])]]
    documents = {g: cat.game_documents(g) for g in GAMES}
    more = None
    if len(results) == PAGE == limit:
        more = {"q": query.strip(), "limit": MORE, **({"game": chosen} if chosen else {}),
                **({"edition": edition} if edition else {})}
    return render_template("home/search.html", query=query.strip(), game=game, chosen=chosen, edition=edition,
                           results=results, message=message, documents=documents, more=more,
                           number=answer, closest=closest), status


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
