"""An edition diff as JSON-ready data: what ``rulebase diff --json``
prints and the editions page shows."""

from __future__ import annotations

from rulebase.diff.editions import Change, EditionDiff
from rulebase.diff.glossary import brief
from rulebase.graph import RuleGraph


def change_record(graph: RuleGraph, change: Change) -> dict:
    """A change as JSON-ready data: ``kind``, ``old`` and ``new`` (each
    ``{id, number, key, printed_number, title, text}`` or null), the word
    ``diff``, the ``noise`` it hides and the fate of its ``references``."""
    return {
        "kind": change.kind,
        "old": brief(graph.node(change.old)) if change.old else None,
        "new": brief(graph.node(change.new)) if change.new else None,
        "section": change.section,
        "section_title": change.section_title,
        "diff": change.diff,
        "noise": change.noise,
        "likeness": change.likeness,
        "forced": change.forced,
        "partner": brief(graph.node(change.partner)) if change.partner else None,
        "references": [r for r in change.references if r["status"] != "same"],
    }


def diff_record(graph: RuleGraph, diff: EditionDiff, changes: list[Change] | None = None,
                section: str | None = None) -> dict:
    """The whole diff as JSON-ready data: the two documents, the summary (of
    every rule of the section, whatever kinds are selected), the selected
    changes, the glossary (without a section) and the reference findings."""
    findings = [f for f in diff.findings if section is None or any(
        c.new == f["rule"] for c in diff.in_section(section))]
    return {
        "old": {"document": diff.old, "edition": graph.node(diff.old)["edition"], "title": graph.node(diff.old)["title"]},
        "new": {"document": diff.new, "edition": graph.node(diff.new)["edition"], "title": graph.node(diff.new)["title"]},
        "section": section,
        "summary": diff.summary(diff.in_section(section)),
        "changes": [change_record(graph, change) for change in (diff.changes if changes is None else changes)],
        "glossary": [] if section else [entry for entry in diff.glossary
                                        if entry["kind"] != "unchanged" or (diff.noise and entry["noise"])],
        "findings": findings,
    }
