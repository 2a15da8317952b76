"""The page of every rule, chapter and document, at its short permalink:
``/ccg/514.4c`` (the current edition), ``/ccg/earlier/409.6``,
``/tcg/101.1.0``, or the node's id (``/ccg/3.4/514.4c``).

The address is looked up in the graph and the page is drawn by the
blueprint of the node's kind: rules and chapters here, documents, glossary
entries, errata and cards by theirs.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, abort, redirect, render_template, request

from rulebase import rulenumbers, views
from rulebase.citation import citation
from rulebase.errors import RuleNumberError, UnknownRuleError
from rulebase.scenarios.proofs import standing
from rulebase.web.catalog import Catalog
from rulebase.web.common import cached, catalog, check_game
from rulebase.web.context import context, document_line
from rulebase.web.linking import Segment, linked_paragraphs
from rulebase.web.neighbourhood import neighbourhood
from rulebase.web.readings import readings

bp = Blueprint("rules", __name__)


@bp.app_template_global("document_line")
def document_line_of(document: str):
    """The line every page shows under its title: the document and edition
    it shows and the document's date (:func:`rulebase.web.context.document_line`)."""
    return document_line(catalog(), document)


@dataclass
class Item:
    """A rule in a tree of sub-rules."""

    node: str
    label: str
    url: str
    title: str | None
    paragraphs: list[list[Segment]]
    children: list["Item"]
    printed_as: str | None


def lookup(game: str, rest: str) -> str:
    """The node an address names: a node id, a number in the current
    edition, or ``<edition>/<number>``.  Aborts with 404 otherwise."""
    cat = catalog()
    node = f"{game}/{rest}"
    if node in cat.data and cat.data[node].get("game") == game:
        return node
    if "/" in rest:
        edition, number = rest.rsplit("/", 1)
    else:
        edition, number = None, rest
    try:
        document = cat.document_for(game, edition)
    except UnknownRuleError as error:
        abort(404, f"The {game.upper()} has no edition {edition!r} of its rules; "
                   f"the editions are {', '.join(error.suggestions)}.")
    try:
        read = rulenumbers.read(number)
    except RuleNumberError:
        abort(404, f"There is no page {request.path!r}.")
    if game == "tcg" and rulenumbers.as_tcg(read) is not None:
        read = rulenumbers.as_tcg(read)
    node = f"{document}/{read}"
    if node not in cat.data:
        # The page lists the closest numbers (rulebase.web.errors.nearest).
        abort(404, f"There is no rule {read} in the {cat.edition_label(document)} of the {game.upper()} rules.")
    return node


@bp.get("/<any(ccg,tcg):game>/<path:rest>")
def page(game: str, rest: str):
    """The page of whatever the address names."""
    check_game(game)
    node = lookup(game, rest.strip("/"))
    cat = catalog()
    kind = cat.data[node]["kind"]
    if kind == "section":
        return redirect(cat.url(node))
    from rulebase.web import documents, errata, glossary

    render = {
        "rule": lambda: rule_page(cat, node),
        "chapter": lambda: chapter_page(cat, node),
        "document": lambda: documents.document_page(cat, node),
        "glossary": lambda: glossary.entry_page(cat, node),
        "erratum": lambda: errata.erratum_page(cat, node),
    }.get(kind)
    if render is None:
        abort(404, f"There is no page {request.path!r}.")
    return cached(render, key=f"node:{node}")


def item(cat: Catalog, node: str, depth: int = 0, max_depth: int = 4) -> Item:
    """A rule and its sub-rules (to ``max_depth`` levels)."""
    data = cat.data[node]
    children = [item(cat, child, depth + 1, max_depth) for child in cat.children(node)
                if cat.data[child]["kind"] == "rule"] if depth < max_depth else []
    printed = data.get("number")
    printed_as = printed if printed and printed != data.get("canonical", printed) else None
    return Item(node, data.get("key") or "", cat.url(node), data.get("title"), linked_paragraphs(cat, node),
                children, printed_as)


def links(cat: Catalog, nodes: list[str]) -> list[dict]:
    """Nodes as links with their label and the start of their text."""
    return [{"id": n, "label": cat.label(n), "url": cat.url(n), "kind": cat.data[n]["kind"],
             "text": "" if cat.data[n].get("heading") else cat.short_text(n)} for n in nodes]


def breadcrumb(cat: Catalog, node: str) -> list[dict]:
    """The links from the document down to the node's parent."""
    return [{"label": cat.label(n) if cat.data[n]["kind"] != "document" else cat.data[n]["title"],
             "url": cat.url(n)} for n in cat.graph.ancestors(node)]


def history(cat: Catalog, node: str) -> list[dict]:
    """The same rule in the other editions, with how it changed."""
    rows = []
    for other, edge in cat.graph.editions(node):
        data = cat.data[other]
        rows.append({
            "id": other, "key": data.get("key") if data["kind"] == "rule" else cat.label(other), "url": cat.url(other),
            "edition": cat.edition_label(data["document"]), "change": edge.get("change", ""),
            "likeness": edge.get("likeness"), "diff_url": cat.diff_url(node, other, edge.get("change", "")),
        })
    return rows


def rule_page(cat: Catalog, node: str) -> str:
    """The page of a rule (or a section heading, with all its rules)."""
    record = views.rule_record(cat.graph, node)
    data = cat.data[node]
    return render_template(
        "rules/rule.html", node=node, data=data, record=record, game=data["game"],
        document=cat.data[data["document"]], item=item(cat, node), breadcrumb=breadcrumb(cat, node),
        cites=links(cat, cat.graph.cites(node)), cited_by=links(cat, cat.graph.cited_by(node)),
        terms=links(cat, cat.graph.terms(node)), history=history(cat, node), findings=record["findings"],
        picture=neighbourhood(cat, node), source=record["source"],
        printed_as=item(cat, node, max_depth=0).printed_as,
        around=context(cat, node), citation=citation(cat.graph, node, request.script_root + cat.url(node)),
        standing=standing(cat.graph, node) if data["kind"] == "rule" else None,
        readings=readings(cat, node, linked_paragraphs(cat, node)),
    )


def chapter_page(cat: Catalog, node: str) -> str:
    """The page of a chapter: its sections."""
    data = cat.data[node]
    sections = [item(cat, child, max_depth=0) for child in cat.children(node)]
    return render_template("rules/chapter.html", node=node, data=data, game=data["game"],
                           document=cat.data[data["document"]], sections=sections,
                           breadcrumb=breadcrumb(cat, node), around=context(cat, node))
