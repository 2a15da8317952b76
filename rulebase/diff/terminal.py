"""An edition diff as a judge reads it in a terminal (``rulebase diff``)."""

from __future__ import annotations

from collections import Counter

from rulebase.diff.editions import Change, EditionDiff
from rulebase.diff.glossary import GLOSSARY_KINDS
from rulebase.diff.records import diff_record
from rulebase.diff.words import diff_text
from rulebase.graph import RuleGraph


def _label(graph: RuleGraph, node: str | None) -> str:
    return graph.node(node)["key"] if node else "-"


def diff_lines(graph: RuleGraph, diff: EditionDiff, changes: list[Change], *, section: str | None = None) -> list[str]:
    """An edition diff as a judge reads it in a terminal: the summary (of the
    section, when one is given), then the changes by section, the reference
    findings and the glossary."""
    old, new = graph.node(diff.old), graph.node(diff.new)
    record = diff_record(graph, diff, [], section)
    summary = record["summary"]
    lines = [f"{new['title']}: {old['edition']} -> {new['edition']}  ({diff.old} -> {diff.new})", ""]
    counts = ", ".join(f"{n} {kind}" for kind, n in summary["by_kind"].items())
    lines.append(f"Summary: {counts}")
    lines.append("By section:")
    for entry in summary["by_section"]:
        if set(entry["counts"]) == {"unchanged"}:
            continue
        label = f"{entry['section']} {entry['title']}".strip() + (f" ({old['edition']})" if entry["side"] == "old" else "")
        lines.append(f"  {label[:40]:40} " + ", ".join(
            f"{n} {kind}" for kind, n in entry["counts"].items() if kind != "unchanged"))
    lines.append("")
    section = None
    for change in changes:
        if change.section != section:
            section = change.section
            lines.append(f"({change.section}) {change.section_title}".rstrip())
        arrow = f"{_label(graph, change.old)} -> {_label(graph, change.new)}"
        extra = f"  [noise: {', '.join(change.noise)}]" if change.noise else ""
        extra += "  [forced]" if change.forced else ""
        if change.partner:
            extra += f"  [with {graph.node(change.partner)['key']}]"
        lines.append(f"  {change.kind:24} {arrow}{extra}")
        if change.kind not in ("unchanged", "renumbered") or (change.noise and diff.noise):
            text = diff_text(change.diff) if change.kind not in ("added", "removed") else change.diff[0]["text"] if change.diff else ""
            for line in text.splitlines() or [""]:
                lines.append(f"      {line}")
        for reference in change.references:
            if reference["status"] not in ("same",):
                lines.append(f"      reference {reference['status']}: {reference['message']}")
    if record["findings"]:
        lines.append("")
        lines.append("References still pointing at old numbers or nowhere:")
        for finding in record["findings"]:
            lines.append(f"  {finding['key']}: {finding['message']}")
    if section is None and diff.glossary:
        lines.append("")
        counts = Counter(entry["kind"] for entry in diff.glossary)
        lines.append(f"Glossary ({diff.old_glossary} -> {diff.new_glossary}): "
                     + ", ".join(f"{counts.get(kind, 0)} {kind}" for kind in GLOSSARY_KINDS))
        for entry in diff.glossary:
            if entry["kind"] == "unchanged" and not (diff.noise and entry["noise"]):
                continue
            lines.append(f"  {entry['kind']:10} {entry['term']}")
            if entry["kind"] != "unchanged" or diff.noise:
                lines.append(f"      {diff_text(entry['diff'])}")
    return lines
