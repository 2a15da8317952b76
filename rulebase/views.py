"""The records the command line, the web pages and the API show for a node:
one shape for every front end, read from the graph."""

from __future__ import annotations

from rulebase.errata import erratum_name
from rulebase.graph import RuleGraph


def _brief(graph: RuleGraph, node: str) -> dict:
    data = graph.node(node)
    return {
        "id": node,
        "kind": data["kind"],
        "number": data.get("number"),
        "key": data.get("key"),
        # an erratum by its card's name as the card data spells it
        "title": erratum_name(graph, node) if data["kind"] == "erratum" else data.get("title"),
        "text": data.get("text", ""),
    }


def rule_record(graph: RuleGraph, node: str) -> dict:
    """Everything known about a node, as plain JSON-ready data."""
    from rulebase.interpretations import interpretations_of
    from rulebase.lint import findings_for

    data = graph.node(node)
    parent = graph.parent(node)
    document = graph.node(data["document"]) if data.get("document") else {}
    return {
        **_brief(graph, node),
        "game": data.get("game"),
        "document": data.get("document"),
        "edition": data.get("edition"),
        "printed": data.get("printed", ""),
        "source": {
            "path": data.get("path") or document.get("path"),
            "line": data.get("line"),
            "sha256": document.get("sha256"),
        },
        "parent": parent,
        "breadcrumb": [_brief(graph, n) for n in graph.ancestors(node)],
        "children": [_brief(graph, n) for n in graph.children(node)],
        "cites": [_brief(graph, n) for n in graph.cites(node)],
        "cited_by": [_brief(graph, n) for n in graph.cited_by(node)],
        "terms": [_brief(graph, n) for n in graph.terms(node)],
        "used_by": [_brief(graph, n) for n in graph.used_by(node)],
        "editions": [{**_brief(graph, n), "edition": graph.node(n)["edition"], **edge} for n, edge in graph.editions(node)],
        "findings": [f.as_dict() for f in findings_for(graph, node)],
        "interpretations": [entry.as_dict() for entry in interpretations_of(graph, node)],
    }


def _line(item: dict) -> str:
    label = item.get("key") if item["kind"] == "rule" else (item.get("title") or item.get("key"))
    text = item.get("title") if item["kind"] == "rule" and item.get("title") else item.get("text", "")
    text = " ".join((text or "").split())
    return f"  {label}  {text[:100]}{'...' if len(text) > 100 else ''}"


def _reading(entry: dict) -> list[str]:
    """An interpretation of the rule by its game's engine (an item of a
    record's ``interpretations``)."""
    return [f"How the {entry['game'].upper()} engine reads “{entry['reads']}” ({entry['where']}):",
            f"  Reading: {entry['reading']}", f"  Why: {entry['why']}"]


def rule_text(graph: RuleGraph, record: dict) -> str:
    """A rule record as a judge reads it in a terminal."""
    lines = []
    number = record.get("key") or ""
    printed = record.get("number")
    heading = f"{number} {record['title']}" if record.get("title") and record["kind"] == "rule" else (record.get("title") or number)
    lines.append(f"{heading}    [{record['id']}]")
    if printed and printed != number.split("~")[0]:
        lines.append(f"(printed as {printed})")
    if record["kind"] == "rule" and printed is None and record.get("document"):
        lines.append("(printed without a number)")
    if record.get("text"):
        lines.append("")
        lines.append(record["text"])
    for entry in record.get("interpretations", []):
        lines.append("")
        lines.extend(_reading(entry))
    source = record["source"]
    lines.append("")
    edition = record.get("edition") or ("card data" if record["kind"] in ("card", "set") else None)
    lines.append(f"{record.get('game')} {edition} — {source['path']} line {source['line']}")
    if record["breadcrumb"]:
        lines.append("In: " + " › ".join((b.get("key") or "") + (" " + b["title"] if b.get("title") else "") for b in record["breadcrumb"]))
    for label, key in (("Sub-rules", "children"), ("Cites", "cites"), ("Cited by", "cited_by"),
                       ("Glossary terms", "terms"), ("Used by", "used_by")):
        if record[key]:
            lines.append(f"{label}:")
            lines.extend(_line(item) for item in record[key])
    if record["editions"]:
        lines.append("Other editions:")
        lines.extend(f"  {e['edition']} {e.get('key')}  ({e.get('change')})" for e in record["editions"])
    if record["findings"]:
        lines.append("Findings:")
        lines.extend(f"  {f['severity']} [{f['code']}] {f['message']}" for f in record["findings"])
    return "\n".join(lines)


def stats(graph: RuleGraph) -> list[dict]:
    """Per document: how many rules, glossary entries, errata entries and sections it holds."""
    rows = []
    for document in graph.documents():
        counts = {"rule": 0, "glossary": 0, "erratum": 0, "section": 0}
        for node in graph.nodes(document=document["id"]):
            kind = graph.node(node)["kind"]
            if kind in counts and not (kind == "rule" and graph.node(node)["heading"]):
                counts[kind] += 1
        rows.append({
            "document": document["id"],
            "edition": document["edition"],
            "path": document["path"],
            "rules": counts["rule"],
            "glossary": counts["glossary"],
            "errata": counts["erratum"],
            "sections": counts["section"] + sum(
                graph.node(n)["heading"] for n in graph.nodes("rule", document["id"])),
        })
    return rows
