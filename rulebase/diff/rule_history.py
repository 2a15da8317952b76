"""Rules across editions: the old-to-new renumbering map of two editions
and one rule's history across every edition of its text."""

from __future__ import annotations

from rulebase.diff.editions import diff_documents, diff_editions
from rulebase.diff.words import word_diff
from rulebase.errors import UnknownRuleError
from rulebase.graph import RuleGraph
from rulebase.pairing import signature


def renumbering(graph: RuleGraph, old: str, new: str) -> list[dict]:
    """The old-to-new map: every rule of the old document with the key it
    has in the new one (None when removed) and the kind of change."""
    diff = diff_editions(graph, old, new)
    rows = []
    for change in diff.changes:
        if change.old is None:
            continue
        rows.append({"old": graph.node(change.old)["key"],
                     "new": graph.node(change.new)["key"] if change.new else None,
                     "kind": change.kind, "old_id": change.old, "new_id": change.new})
    position = {node: index for index, node in enumerate(graph.nodes("rule", diff.old))}
    return sorted(rows, key=lambda row: position[row["old_id"]])


def _family_editions(graph: RuleGraph, document: str) -> list[str]:
    """The editions of a document's rules text (renderings left out), oldest first."""
    data = graph.node(document)
    family = data.get("family")
    editions = [d for d in graph.documents() if family and d.get("family") == family and not d.get("rendering_of")]
    return [d["id"] for d in sorted(editions, key=lambda d: (bool(d["current"]), d["date"] or ""))]


def history(graph: RuleGraph, node_id: str) -> list[dict]:
    """A rule's (or glossary entry's) life across every edition of its text,
    oldest first: one entry per edition with the ``event`` there
    (``created``, then ``unchanged``, ``reworded``, ``renumbered``,
    ``renumbered and reworded``, ``split``, ``merged`` or ``removed``), the
    node, its number and text, and the word ``diff`` from the edition before.

    ``created`` on the earliest edition of the corpus carries
    ``earliest: True``: the rule may be older.  Raises
    :class:`UnknownRuleError` for a node that is not in the graph.
    """
    if node_id not in graph:
        raise UnknownRuleError(node_id, [])
    data = graph.node(node_id)
    if data["kind"] not in ("rule", "glossary"):
        return []
    document = data["document"]
    if graph.node(document).get("rendering_of"):
        whole = graph.node(document)["rendering_of"]
        same = [n for n, edge in graph.editions(node_id) if graph.node(n)["document"] == whole]
        if not same:
            return []
        node_id, document = same[0], whole
    editions = _family_editions(graph, document)
    if document not in editions:
        return []
    here = {graph.node(n)["document"]: n for n, _ in graph.editions(node_id)}
    here[document] = node_id
    entries: list[dict] = []
    previous: str | None = None
    for index, edition in enumerate(editions):
        node = here.get(edition)
        if node is None and previous is not None and data["kind"] == "rule":
            node = _split_or_merged_into(graph, editions[index - 1], edition, previous)
        entry = {"document": edition, "edition": graph.node(edition)["edition"], "node": node,
                 "key": graph.node(node)["key"] if node else None,
                 "number": (graph.node(node).get("canonical") or graph.node(node).get("number")) if node else None,
                 "text": graph.node(node)["text"] if node else None}
        if node is None:
            if previous is not None:
                entries.append({**entry, "event": "removed", "from": graph.node(previous)["key"],
                                "diff": word_diff(_node_text(graph, previous), None)})
                previous = None
            continue
        if previous is None:
            entries.append({**entry, "event": "created", "earliest": index == 0, "from": None,
                            "diff": word_diff(None, _node_text(graph, node))})
        else:
            entries.append({**entry, "event": _event(graph, editions[index - 1], edition, previous, node),
                            "from": graph.node(previous)["key"],
                            "diff": word_diff(_node_text(graph, previous), _node_text(graph, node))})
        previous = node
    return entries


def _node_text(graph: RuleGraph, node: str) -> str:
    data = graph.node(node)
    return data.get("text") or data.get("title") or ""


def _event(graph, old_doc, new_doc, old_node, new_node) -> str:
    if graph.node(old_node)["kind"] == "rule":
        diff = diff_documents(graph, old_doc, new_doc, False)
        for change in diff.changes:
            if change.old == old_node and change.new == new_node:
                return change.kind
    renumbered = graph.node(old_node)["key"] != graph.node(new_node)["key"]
    reworded = signature(_node_text(graph, old_node)) != signature(_node_text(graph, new_node))
    if graph.node(old_node)["kind"] == "glossary":
        return "redefined" if reworded else "unchanged"
    return ("renumbered and reworded" if reworded else "renumbered") if renumbered else (
        "reworded" if reworded else "unchanged")


def _split_or_merged_into(graph, old_doc, new_doc, old_node) -> str | None:
    diff = diff_documents(graph, old_doc, new_doc, False)
    for change in diff.changes:
        if change.kind == "merged" and change.old == old_node:
            return change.new
    return None
