"""The terms of two glossaries: added, removed, redefined or unchanged."""

from __future__ import annotations

from rulebase.diff.words import noise_kinds, word_diff
from rulebase.graph import RuleGraph
from rulebase.pairing import signature

GLOSSARY_KINDS = ("unchanged", "redefined", "added", "removed")


def glossary_changes(graph: RuleGraph, old: str, new: str, *, noise: bool = False) -> list[dict]:
    """The terms of two glossaries: ``added``, ``removed``, ``redefined``
    (the definition says something else) or ``unchanged`` (at most noise),
    each with the word diff of the definitions, in the new glossary's order."""
    old_entries = {graph.node(n)["key"]: graph.node(n) for n in graph.nodes("glossary", old)}
    new_entries = {graph.node(n)["key"]: graph.node(n) for n in graph.nodes("glossary", new)}
    old_terms = {entry["term"].lower(): key for key, entry in old_entries.items()}
    out = []
    matched = set()
    for key, entry in new_entries.items():
        old_key = key if key in old_entries else old_terms.get(entry["term"].lower())
        if old_key is not None and old_key not in matched:
            matched.add(old_key)
            before = old_entries[old_key]
            same = signature(before["text"]) == signature(entry["text"]) and before["title"] == entry["title"]
            kind = "unchanged" if same else "redefined"
            out.append({"kind": kind, "term": entry["title"], "old": brief(before), "new": brief(entry),
                        "diff": word_diff(before["text"], entry["text"], noise=noise),
                        "noise": noise_kinds(before["text"], entry["text"], before["printed"], entry["printed"])
                        if same else []})
        else:
            out.append({"kind": "added", "term": entry["title"], "old": None, "new": brief(entry),
                        "diff": word_diff(None, entry["text"]), "noise": []})
    for key, entry in old_entries.items():
        if key not in matched:
            out.append({"kind": "removed", "term": entry["title"], "old": brief(entry), "new": None,
                        "diff": word_diff(entry["text"], None), "noise": []})
    return out


def brief(data: dict) -> dict:
    """A rule or glossary entry in brief, as a diff's records name it:
    ``{id, number, key, printed_number, title, text}``."""
    return {"id": data["id"], "number": data.get("canonical") or data.get("number"), "key": data.get("key"),
            "printed_number": data.get("number"), "title": data.get("title"), "text": data.get("text", "")}
