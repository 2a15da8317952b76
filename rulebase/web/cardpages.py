"""The page of every card, at its permalink ``/ccg/card/<id>``: the card as
a judge reads it (name, type, colors, cost, power, traits, keywords, text,
Problem requirements, both sides of a Mane Character), its printed and
current texts where they differ and which the card data holds, its erratum
as a word diff, its errata entries, its printings and its legality in each
format.

What the page shows is :func:`rulebase.cards.record.card_record`, the
record ``/api/card/<game>/<id>`` serves; this module only adds the links:
keywords and glossary terms in the text to their glossary entries (with
their definition on hover and focus, as on the rule pages), sets, errata,
and the rule or banlist section behind each format's verdict.
"""

from __future__ import annotations

from urllib.parse import urlencode

from flask import Blueprint, abort, redirect, render_template

from rulebase.cards.model import fold, slug
from rulebase.cards.record import card_record, is_card
from rulebase.web.catalog import Catalog
from rulebase.web.common import cached, catalog, check_game
from rulebase.web.linking import linked_text

bp = Blueprint("cardpages", __name__)

MAX_KEY = 80
"""The most characters of an unknown id a 404 repeats."""


@bp.get("/<any(ccg,tcg):game>/card/<key>")
def card(game: str, key: str):
    """The page of one card of the card data; a card's name written
    otherwise (``Duck-And-Cover``, ``Rainbow Dash, Flier Extraordinaire``)
    is a redirect to its page."""
    check_game(game)
    cat = catalog()
    node = f"card/{game}/{key}"
    if not is_card(cat.graph, node):
        canonical = f"card/{game}/{slug(key[:MAX_KEY * 4])}"
        if canonical != node and is_card(cat.graph, canonical):
            return redirect(cat.url(canonical), 301)
        abort(404, f"There is no card {key[:MAX_KEY]!r} in the {game.upper()} card data.")
    return cached(lambda: card_page(cat, node), key=f"node:{node}")


def _link(cat: Catalog, node: str | None) -> dict | None:
    """A node as a link: its label, address and the start of its text."""
    if node is None or node not in cat.data:
        return None
    return {"id": node, "label": cat.label(node), "url": cat.url(node), "text": cat.short_text(node, 300)}


def _side(cat: Catalog, game: str, side: dict, text: str, keywords: list[str]) -> dict:
    """One side of a card as the page shows it."""
    return {**side, "keywords": [{**keyword, "link": _link(cat, keyword["entry"])} for keyword in side["keywords"]],
            "paragraphs": linked_text(cat, game, text, keywords)}


def card_page(cat: Catalog, node: str) -> str:
    """The page of a card node."""
    from rulebase.web.errata import entry

    record = card_record(cat.graph, node)
    game = record["game"]
    keywords = list(dict.fromkeys(keyword["entry"] for side in (record, record["boosted"]) if side
                                  for keyword in side["keywords"] if keyword["entry"]))
    front = _side(cat, game, record, record["current"]["text"], keywords)
    boosted = (_side(cat, game, record["boosted"], record["current"]["boosted"] or record["boosted"]["text"], keywords)
               if record["boosted"] else None)
    printings = [{**printing, "url": f"/{game}/cards?" + urlencode({"q": f'set:"{printing["set_name"]}"'})}
                 for printing in record["printings"]]
    legality = [{**row, "link": _link(cat, row["node"])} for row in record["legality"]]
    return render_template(
        "cards/card.html", game=game, node=node, record=record, front=front, boosted=boosted,
        printings=printings, legality=legality, entries=[{**entry(cat, erratum), "card_url": None} for erratum in record["errata"]],  # (no link to this page)
        home_limit=_link(cat, record["home_limit_entry"]), erratum=_link(cat, record["current"]["erratum"]),
        fold=fold,
    )
