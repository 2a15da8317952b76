"""The card errata: an index by set, a page per set and a page per
erratum, OLD and NEW side by side with the changed words highlighted and
the publisher's marks, as :mod:`rulebase.errata` records them; each entry
links to its card's page (:mod:`rulebase.web.cardpages`)."""

from __future__ import annotations

from flask import Blueprint, abort, render_template

from rulebase.errata import erratum_name, erratum_record, record_view
from rulebase.graph import slug
from rulebase.web.catalog import Catalog
from rulebase.web.common import cached, catalog, check_game

bp = Blueprint("errata", __name__)


def _document(game: str) -> str:
    check_game(game)
    document = catalog().errata_document(game)
    if document is None:
        abort(404, f"The corpus has no card errata for the {game.upper()}.")
    return document


@bp.get("/<any(ccg,tcg):game>/errata")
def index(game: str):
    """The current card errata of a game, by set."""
    document = _document(game)
    return cached(lambda: index_page(catalog(), document))


@bp.get("/<any(ccg,tcg):game>/errata/<set_slug>")
def set_page(game: str, set_slug: str):
    """Every erratum of one set, OLD and NEW side by side."""
    document = _document(game)
    cat = catalog()
    sets = {slug(name): (name, nodes) for name, nodes in cat.errata_sets(document).items()}
    if set_slug not in sets:
        abort(404, f"There is no set {set_slug!r} in the {game.upper()} card errata; "
                   f"the sets are {', '.join(sets)}.")
    name, nodes = sets[set_slug]
    return cached(lambda: render_template("errata/set.html", game=game, document=cat.data[document], set_name=name,
                                          entries=[entry(cat, node) for node in nodes]))


def entry(cat: Catalog, node: str) -> dict:
    """What the pages show of one erratum."""
    record = erratum_record(cat.graph, node)
    card = record["card"]
    return {"id": node, "card": record["name"], "card_url": cat.url(card) if card else None, "url": cat.url(node),
            "set_name": record["set"], "set_url": f"/{cat.data[node]['game']}/errata/{slug(record['set'])}",
            "view": record_view(record), "printed": record["printed"], "line": record["line"]}


def index_page(cat: Catalog, document: str) -> str:
    """The index of a card errata document: its sets and their cards."""
    data = cat.data[document]
    sets = [{"name": name, "url": f"/{data['game']}/errata/{slug(name)}",
             "cards": [{"label": erratum_name(cat.graph, n), "url": cat.url(n),
                        "card_url": cat.url(card) if (card := cat.graph.card_of(n)) else None} for n in nodes]}
            for name, nodes in cat.errata_sets(document).items()]
    return render_template("errata/index.html", game=data["game"], document=data, sets=sets)


def erratum_page(cat: Catalog, node: str) -> str:
    """The page of one erratum, with the text as printed."""
    data = cat.data[node]
    return render_template("errata/erratum.html", game=data["game"], document=cat.data[data["document"]],
                           entry=entry(cat, node))
