"""The page of each document: the comprehensive rules with their table of
contents, and the unnumbered documents (quickstart, limited play,
tournament floor rules, credits) readable whole, with section anchors."""

from __future__ import annotations

from flask import Blueprint, render_template

from rulebase.web.catalog import ERRATA, GLOSSARY, RULES, Catalog

bp = Blueprint("documents", __name__)


def toc(cat: Catalog, document: str) -> list[dict]:
    """Chapters and their sections (or the top-level entries of a document
    without chapters)."""
    entries = []
    for child in cat.children(document):
        data = cat.data[child]
        if data["kind"] not in ("chapter", "rule", "section"):
            continue
        entries.append({
            "label": cat.label(child), "url": cat.url(child),
            "children": [{"label": cat.label(n), "url": cat.url(n)} for n in cat.children(child)
                         if cat.data[n]["kind"] in ("rule", "section")],
        })
    return entries


def sections(cat: Catalog, document: str) -> list[dict]:
    """The sections of an unnumbered document in reading order."""
    return [{"id": node, "anchor": cat.data[node]["key"], "title": cat.data[node]["title"],
             "level": cat.data[node].get("level", 1), "paragraphs": cat.data[node].get("paragraphs") or []}
            for node in cat.members(document, "section")]


def document_page(cat: Catalog, document: str) -> str:
    """The page of a document, drawn according to what kind it is."""
    data = cat.data[document]
    kind = data["doc_kind"]
    game = data["game"]
    if kind == GLOSSARY:
        from rulebase.web.glossary import glossary_page

        return glossary_page(cat, cat.glossary_home(document))
    if kind == ERRATA:
        from rulebase.web.errata import index_page

        return index_page(cat, document)
    parts = [cat.data[doc] for doc in cat.documents if cat.data[doc].get("within") == document]
    if kind == RULES:
        editions = [doc for doc in cat.rules_documents(game) if doc != document]
        return render_template("documents/rules.html", game=game, document=data, toc=toc(cat, document),
                               editions=editions, parts=parts,
                               glossary=bool(cat.glossary_entries(document)))
    if kind == "credits" or not cat.members(document, "section"):
        text = cat.graph.parts[document].part.text if document in cat.graph.parts else ""
        paragraphs = [" ".join(p.split()) for p in text.split("\n\n") if p.strip()]
        return render_template("documents/credits.html", game=game, document=data, paragraphs=paragraphs,
                               within=cat.data.get(data.get("within") or ""))
    return render_template("documents/sections.html", game=game, document=data, toc=toc(cat, document),
                           sections=sections(cat, document))
