"""The glossary of each game and edition: every keyword and term with its
definition and the rules that use it; and a page per entry."""

from __future__ import annotations

from flask import Blueprint, abort, render_template

from rulebase import views
from rulebase.errors import UnknownRuleError
from rulebase.web.catalog import Catalog
from rulebase.web.common import cached, catalog, check_game
from rulebase.web.linking import linked_paragraphs

bp = Blueprint("glossary", __name__)


@bp.get("/<any(ccg,tcg):game>/glossary")
@bp.get("/<any(ccg,tcg):game>/<edition>/glossary")
def glossary(game: str, edition: str | None = None):
    """The glossary of the current rules of a game, or of one edition."""
    check_game(game)
    cat = catalog()
    try:
        document = cat.document_for(game, edition)
    except UnknownRuleError as error:
        abort(404, f"The {game.upper()} has no edition {edition!r} with a glossary; "
                   f"the editions are {', '.join(error.suggestions)}.")
    if not cat.glossary_entries(document):
        abort(404, f"The {cat.edition_label(document)} of the {game.upper()} rules has no glossary.")
    return cached(lambda: glossary_page(cat, document))


def entries(cat: Catalog, document: str) -> list[dict]:
    """The glossary entries of a rules document, sorted by name."""
    rows = []
    for node in cat.glossary_entries(document):
        data = cat.data[node]
        rows.append({
            "id": node, "anchor": data["key"], "name": data["title"], "kind": data.get("term_kind"),
            "url": cat.url(node), "paragraphs": linked_paragraphs(cat, node),
            "used_by": [{"label": cat.label(n), "url": cat.url(n), "text": cat.short_text(n)}
                        for n in cat.graph.used_by(node)],
        })
    return sorted(rows, key=lambda row: row["name"].lower())


def glossary_page(cat: Catalog, document: str) -> str:
    """The glossary page of a rules document."""
    data = cat.data[document]
    editions = [doc for doc in cat.rules_documents(data["game"])
                if doc != document and cat.glossary_entries(doc) and not cat.data[doc].get("rendering_of")]
    return render_template("glossary/glossary.html", game=data["game"], document=data,
                           entries=entries(cat, document), editions=editions)


def entry_page(cat: Catalog, node: str) -> str:
    """The page of one glossary entry."""
    data = cat.data[node]
    record = views.rule_record(cat.graph, node)
    home = cat.glossary_home(node)
    from rulebase.web.rules import history, links

    return render_template("glossary/entry.html", game=data["game"], data=data, node=node, home=cat.data[home],
                           paragraphs=linked_paragraphs(cat, node), used_by=links(cat, cat.graph.used_by(node)),
                           history=history(cat, node), record=record)
