"""What changed, on the site: the diff of two editions of the rules
(``/ccg/diff/earlier/3.4``, filtered with ``?kind=``, ``?section=`` and
``?noise=1`` as plain links), a rule's history across the editions
(``/ccg/history/3.4/410.6``), the renumbering map as CSV, and the places
where the 2014 quickstart rulebook disagrees with the current rules
(``/ccg/quickstart-conflicts``).

Everything shown comes from :mod:`rulebase.diff` and :mod:`rulebase.quickstart`.
"""

from __future__ import annotations

import csv
import io
from typing import Callable

from flask import Blueprint, Response, abort, render_template, request

from rulebase import diff as differ
from rulebase import quickstart
from rulebase.errors import RulebaseError
from rulebase.web.common import arg, catalog, check_game
from rulebase.web.headers import attachment
from rulebase.web.pages import respond

bp = Blueprint("diffs", __name__)

KIND_ARGS = {kind.replace(" ", "-"): kind for kind in differ.KINDS}


def _documents(game: str, old: str, new: str) -> tuple[str, str]:
    """The two documents an address names, or a 404 saying why not."""
    check_game(game)
    graph = catalog().graph
    try:
        old_doc = differ.resolve_document(graph, old, game)
        new_doc = differ.resolve_document(graph, new, game)
        differ.check_same_text(graph, old_doc, new_doc)
    except RulebaseError as error:
        abort(404, str(error))
    return old_doc, new_doc


def _pairs(game: str) -> list[dict]:
    """Every pair of documents of one text that can be compared, oldest first."""
    cat = catalog()
    families: dict[str, list[dict]] = {}
    for document in cat.graph.documents():
        if document["game"] == game and document.get("family") and (
                cat.graph.nodes("rule", document["id"]) or cat.graph.nodes("glossary", document["id"])):
            families.setdefault(document["family"], []).append(document)
    pairs = []
    for members in families.values():
        ordered = sorted(members, key=lambda d: (bool(d.get("rendering_of")), bool(d["current"]), d["date"] or ""))
        for index, old in enumerate(ordered):
            for new in ordered[index + 1:]:
                if "/" in old["id"].split("/", 1)[1] or "/" in new["id"].split("/", 1)[1]:
                    continue
                pairs.append({"old": old, "new": new, "url": f"/{game}/diff/{_short(old)}/{_short(new)}",
                              "old_label": cat.edition_label(old["id"]), "new_label": cat.edition_label(new["id"])})
    return pairs


def _short(document: dict) -> str:
    return document["edition"]


@bp.get("/<any(ccg,tcg):game>/diff")
def index(game: str):
    """The editions that can be compared."""
    check_game(game)
    return render_template("diffs/index.html", game=game, pairs=_pairs(game))


@bp.get("/<any(ccg,tcg):game>/diff/<old>/<new>")
def editions(game: str, old: str, new: str):
    """The diff of two editions: the summary, then the changes by section."""
    old_doc, new_doc = _documents(game, old, new)
    kind = arg("kind", list(KIND_ARGS))
    section = arg("section")
    if section is not None:
        try:
            section = differ.check_section(section[:20])
        except RulebaseError as error:
            abort(400, str(error))
        if not differ.diff_editions(catalog().graph, old_doc, new_doc).in_section(section):
            abort(404, f"Neither edition has a chapter, section or rule {section!r}.")
    noise = arg("noise", ["0", "1"]) == "1"
    key = ("editions", request.script_root, game, old_doc, new_doc, KIND_ARGS.get(kind), section, noise)
    return _cached(key, lambda: _editions_page(game, old_doc, new_doc, KIND_ARGS.get(kind), section, noise))


def _cached(key: tuple, render: Callable[[], str]) -> Response:
    """The answer with a page rendered once per application and key while
    it stays in the pages' cache (:mod:`rulebase.web.pages`).  Keys are made
    of the script root and checked arguments only (a document, a kind, a
    section number, a flag)."""
    return respond(("diffs", *key), render)


def _editions_page(game: str, old_doc: str, new_doc: str, kind: str | None, section: str | None,
                   noise: bool) -> str:
    cat = catalog()
    graph = cat.graph
    diff = differ.diff_editions(graph, old_doc, new_doc, noise=noise)
    changes = diff.select(kinds=[kind] if kind else None, section=section, noise=noise)
    record = differ.diff_record(graph, diff, changes, section)
    new_sections = {(c.section, c.section_title) for c in diff.changes if c.side == "new"}
    groups: dict[tuple[str, str], dict] = {}
    for change, data in zip(changes, record["changes"]):
        key = (change.section, change.section_title)
        if key not in groups:
            only_old = key not in new_sections
            groups[key] = {"section": change.section, "title": change.section_title, "only_old": only_old,
                           "id": f"section-{'was-' if only_old else ''}{change.section}", "changes": []}
        groups[key]["changes"].append({**data, "anchor": _anchor(graph, change),
                                       "old_url": f"/{change.old}" if change.old else None,
                                       "new_url": f"/{change.new}" if change.new else None})
    summary = record["summary"]
    for row in summary["by_section"]:
        row["only_old"] = (row["section"], row["title"]) not in new_sections
        row["changed"] = any(kind != "unchanged" for kind in row["counts"])
    base = f"/{game}/diff/{graph.node(old_doc)['edition']}/{graph.node(new_doc)['edition']}"
    return render_template(
        "diffs/editions.html", game=game, old=graph.node(old_doc), new=graph.node(new_doc),
        old_label=cat.edition_label(old_doc), new_label=cat.edition_label(new_doc), summary=summary,
        groups=sorted(groups.values(), key=_section_order), glossary=record["glossary"],
        findings=record["findings"], kind=kind, section=section, noise=noise, kinds=differ.KINDS, base=base,
        shown=len(changes),
        filter_url=lambda **changed: _filter_url(base, {"kind": kind, "section": section, "noise": noise}, changed),
    )


def _section_order(group: dict) -> tuple:
    """Sections in number order, a section of the older edition only after
    the newer one's section of the same number."""
    number = group["section"]
    return (int(number) if number.isdigit() else 0, number, group["only_old"])


def _anchor(graph, change) -> str:
    """The element id of a change: the new rule's key (the rule pages link
    to ``#<key>``), or ``was-<key>`` for a rule that left."""
    if change.new and change.kind != "merged":
        return graph.node(change.new)["key"]
    return "was-" + graph.node(change.old)["key"]


def _filter_url(base: str, current: dict, changed: dict) -> str:
    """The address of this page with some filters changed (None removes one)."""
    values = {**current, **changed}
    query = {"kind": values["kind"].replace(" ", "-") if values.get("kind") else None,
             "section": values.get("section"), "noise": "1" if values.get("noise") else None}
    text = "&".join(f"{key}={value}" for key, value in query.items() if value)
    return f"{base}?{text}" if text else base


@bp.get("/<any(ccg,tcg):game>/diff/<old>/<new>/map.csv")
def renumbering_map(game: str, old: str, new: str):
    """The old-to-new renumbering map of two editions, as CSV."""
    old_doc, new_doc = _documents(game, old, new)
    rows = differ.renumbering(catalog().graph, old_doc, new_doc)
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=["old", "new", "kind"], extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    graph = catalog().graph
    name = f"renumbering-{graph.node(old_doc)['edition']}-{graph.node(new_doc)['edition']}.csv"
    return Response(out.getvalue(), mimetype="text/csv", headers={"Content-Disposition": attachment(name)})


@bp.get("/<any(ccg,tcg):game>/history/<edition>/<path:key>")
def rule_history(game: str, edition: str, key: str):
    """A rule's history across every edition of its text."""
    check_game(game)
    cat = catalog()
    node = f"{game}/{edition}/{key}"
    if node not in cat.data or cat.data[node]["kind"] not in ("rule", "glossary"):
        abort(404, f"There is no rule {key!r} in the {game.upper()} edition {edition!r}.")
    entries = differ.history(cat.graph, node)
    for entry in entries:
        entry["url"] = f"/{entry['node']}" if entry["node"] else None
        entry["label"] = cat.edition_label(entry["document"])
    data = cat.data[node]
    return render_template("diffs/history.html", game=game, node=node, data=data, entries=entries,
                           document=cat.data[data["document"]], label=cat.label(node))


@bp.get("/ccg/quickstart-conflicts")
def quickstart_conflicts():
    """Where the 2014 quickstart rulebook disagrees with the current rules,
    and the rules each of its sections covers."""
    return _cached(("quickstart", request.script_root), _quickstart_page)


def _quickstart_page() -> str:
    cat = catalog()
    graph = cat.graph
    entries = quickstart.conflicts(graph)
    for entry in entries:
        entry["section"]["url"] = cat.url(entry["section"]["id"])
        entry["rule"]["url"] = cat.url(entry["rule"]["id"])
        entry["rule"]["label"] = cat.label(entry["rule"]["id"])
        for other in entry["see_also"]:
            other["url"], other["label"] = cat.url(other["id"]), cat.label(other["id"])
    sections = []
    for row in quickstart.section_links(graph):
        links = [{"url": cat.url(link["node"]), "label": cat.label(link["node"]), "why": link["why"],
                  "text": cat.short_text(link["node"], 90)} for link in row["links"]]
        sections.append({"title": row["title"] or "Introduction", "url": cat.url(row["section"]),
                         "level": graph.node(row["section"]).get("level") or 1, "links": links})
    document = graph.node(quickstart.QUICKSTART)
    current = graph.node(graph.current_edition("ccg"))
    return render_template("diffs/quickstart.html", game="ccg", entries=entries, sections=sections,
                           document=document, current=current, current_label=cat.edition_label(current["id"]))
