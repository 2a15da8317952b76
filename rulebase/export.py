"""Exporting the rule graph as JSON or GraphML, with the source of each text:
its document, edition, line and the document's checksum."""

from __future__ import annotations

import io
import json

from rulebase.graph import RuleGraph


def _source(graph: RuleGraph, data: dict) -> dict:
    document = graph.node(data["document"]) if data.get("document") else {}
    return {
        "document": data.get("document"),
        "edition": data.get("edition"),
        "path": data.get("path"),
        "line": data.get("line"),
        "sha256": document.get("sha256"),
    }


def records(graph: RuleGraph) -> dict:
    """The graph as plain data: documents, nodes and edges."""
    nodes = []
    for node, data in graph.g.nodes(data=True):
        record = {"id": node, **{k: v for k, v in data.items() if k not in ("path", "sha256")}}
        if data["kind"] != "card":
            record["source"] = _source(graph, data)
        nodes.append(record)
    edges = [{"source": s, "target": t, "kind": str(k.value), **d} for s, t, k, d in graph.g.edges(keys=True, data=True)]
    return {"documents": graph.documents(), "nodes": nodes, "edges": edges}


def to_json(graph: RuleGraph) -> str:
    return json.dumps(records(graph), indent=1, ensure_ascii=False)


def _scalar(value):
    if value is None:
        return ""
    if isinstance(value, (list, tuple, dict)):
        return json.dumps(value, ensure_ascii=False)
    return value


def to_graphml(graph: RuleGraph) -> str:
    """GraphML (lists are stored as JSON strings, missing values as "")."""
    import networkx as nx

    flat = nx.MultiDiGraph()
    for node, data in graph.g.nodes(data=True):
        attributes = {k: _scalar(v) for k, v in data.items()}
        if data["kind"] != "card":
            attributes.update({f"source_{k}": _scalar(v) for k, v in _source(graph, data).items()})
        flat.add_node(node, **attributes)
    for source, target, key, data in graph.g.edges(keys=True, data=True):
        flat.add_edge(source, target, key=str(key.value), kind=str(key.value), **{k: _scalar(v) for k, v in data.items()})
    buffer = io.BytesIO()
    nx.write_graphml(flat, buffer)
    return buffer.getvalue().decode("utf-8")
