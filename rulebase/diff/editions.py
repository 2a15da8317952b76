"""The changes between two editions of a rules text, rule by rule.

:func:`diff_editions` pairs the rules of two documents of one family
(``ccg/earlier`` and ``ccg/3.4``) with :func:`rulebase.pairing.pair_rules`
(the pairing the graph's ``same rule`` edges come from) and classifies every
rule: unchanged, reworded, renumbered, renumbered and reworded, added,
removed, split or merged, each with its word diff
(:mod:`rulebase.diff.words`), the fate of its references
(:mod:`rulebase.diff.references`) and, for the glossaries, the terms'
changes (:mod:`rulebase.diff.glossary`).  :class:`EditionDiff` counts the
changes by kind and section and selects them by kind and section.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

from rulebase.diff.documents import (
    DiffError,
    check_same_text,
    document_rules,
    glossary_document,
    resolve_document,
)
from rulebase.diff.glossary import GLOSSARY_KINDS, glossary_changes
from rulebase.diff.references import reference_fates
from rulebase.diff.words import noise_kinds, word_diff
from rulebase.graph import RuleGraph
from rulebase.model import Rule, RuleNumber
from rulebase.pairing import pair_rules, rule_text, split_and_merged

KINDS = ("unchanged", "reworded", "renumbered", "renumbered and reworded", "added", "removed", "split", "merged")


@dataclass
class Change:
    """What became of one rule between two editions.

    ``old`` and ``new`` are the rule's node ids on each side (None for an
    added or removed rule); ``partner`` is the other rule of a split (the
    old rule's other part) or merge (the other old rule).
    """

    kind: str
    old: str | None
    new: str | None
    section: str
    section_title: str
    side: str
    diff: list[dict] = field(default_factory=list)
    noise: list[str] = field(default_factory=list)
    likeness: float | None = None
    forced: bool = False
    partner: str | None = None
    references: list[dict] = field(default_factory=list)

    @property
    def chapter(self) -> int:
        return int(self.section) // 100 if self.section.isdigit() else 0


@dataclass
class EditionDiff:
    """The changes between two documents of one rules text, in the new
    document's order (rules that left stand after their old neighbours)."""

    old: str
    new: str
    changes: list[Change]
    glossary: list[dict]
    findings: list[dict]
    old_glossary: str | None = None
    new_glossary: str | None = None
    noise: bool = False

    def summary(self, changes: list[Change] | None = None) -> dict:
        """Counts by kind and, per section, by kind (a section of the older
        edition whose number the newer one gives another heading counts on
        its own)."""
        changes = self.changes if changes is None else changes
        by_kind = Counter(change.kind for change in changes)
        sections: dict[tuple[str, str], dict] = {}
        for change in changes:
            entry = sections.setdefault((change.section, change.section_title),
                                        {"section": change.section, "title": change.section_title,
                                         "side": change.side, "counts": Counter()})
            entry["counts"][change.kind] += 1
        glossary = Counter(entry["kind"] for entry in self.glossary)
        return {
            "by_kind": {kind: by_kind.get(kind, 0) for kind in KINDS},
            "by_section": [{**entry, "counts": {k: entry["counts"][k] for k in KINDS if entry["counts"][k]}}
                           for entry in sections.values()],
            "glossary": {kind: glossary.get(kind, 0) for kind in GLOSSARY_KINDS},
            "findings": len(self.findings),
        }

    def in_section(self, section: str | None) -> list[Change]:
        """Every change (of any kind) in a section, or all of them."""
        return [c for c in self.changes if section is None or _in_section(self, c, section)]

    def select(self, *, kinds=None, section: str | None = None, noise: bool = False) -> list[Change]:
        """The changes of some kinds (all but unchanged by default; with
        ``noise``, the unchanged ones that differ by noise too) in a section
        (``5`` for a chapter, ``514`` for a section, ``514.4`` and below)."""
        wanted = set(kinds) if kinds else set(KINDS) - {"unchanged"}
        picked = []
        for change in self.changes:
            shown = change.kind in wanted or (noise and not kinds and change.kind == "unchanged" and change.noise)
            if shown and (section is None or _in_section(self, change, section)):
                picked.append(change)
        return picked


def _in_section(diff: EditionDiff, change: Change, section: str) -> bool:
    wanted = section.strip().strip("()")
    for node in (change.new, change.old):
        if node is None:
            continue
        key = node.rsplit("/", 1)[-1].split("~")[0]
        if len(wanted) == 1 and wanted.isdigit():
            if key[:3].isdigit() and int(key[:3]) // 100 == int(wanted):
                return True
        elif key == wanted or key.startswith(wanted + ".") or (
                len(wanted) > 3 and key.startswith(wanted) and not key[len(wanted)].isdigit()):
            return True
    return False


def check_section(text: str) -> str:
    """``text`` if it names a chapter (``5``), a section (``514``) or a rule
    number prefix (``514.4``); raises :class:`DiffError` otherwise."""
    wanted = (text or "").strip().strip("()")
    if re.fullmatch(r"\d", wanted) or RuleNumber.is_valid(wanted):
        return wanted
    raise DiffError(f"not a chapter, section or rule number: {text!r}")


def check_kinds(kinds) -> list[str]:
    """The kinds asked for, spelled with spaces or hyphens; raises
    :class:`DiffError` for an unknown one."""
    out = []
    for kind in kinds or ():
        name = kind.strip().lower().replace("-", " ").replace("_", " ")
        if name not in KINDS:
            raise DiffError(f"no kind of change {kind!r}; the kinds are {', '.join(KINDS)}")
        out.append(name)
    return out


def diff_editions(graph: RuleGraph, old: str, new: str, *, noise: bool = False) -> EditionDiff:
    """Every change between two documents of one family (see the module's
    docstring).  ``old`` and ``new`` are editions or document ids; with
    ``noise`` the word diffs show conversion noise too.

    Raises :class:`DiffError` when the documents are not editions of one text
    and :class:`UnknownEditionError` for an unknown edition.
    """
    old_doc, new_doc = resolve_document(graph, old), resolve_document(graph, new)
    check_same_text(graph, old_doc, new_doc)
    return diff_documents(graph, old_doc, new_doc, bool(noise))


@lru_cache(maxsize=16)
def diff_documents(graph: RuleGraph, old_doc: str, new_doc: str, noise: bool = False) -> EditionDiff:
    """The diff of two documents already resolved and checked (see
    :func:`diff_editions`), kept for the last few pairs asked for."""
    old_rules, new_rules = document_rules(graph, old_doc), document_rules(graph, new_doc)
    changes, findings = _rule_changes(graph, old_doc, new_doc, old_rules, new_rules, noise)
    old_glossary, new_glossary = glossary_document(graph, old_doc), glossary_document(graph, new_doc)
    glossary = []
    if old_glossary and new_glossary and old_glossary != new_glossary:
        glossary = glossary_changes(graph, old_glossary, new_glossary, noise=noise)
    return EditionDiff(old_doc, new_doc, changes, glossary, findings, old_glossary, new_glossary, noise)


def _rule_changes(graph, old_doc, new_doc, old_rules, new_rules, noise):
    pairs = pair_rules(old_rules, new_rules)
    links = split_and_merged(old_rules, new_rules, pairs)
    old_ids = {rule.key: f"{old_doc}/{rule.key}" for rule in old_rules}
    new_ids = {rule.key: f"{new_doc}/{rule.key}" for rule in new_rules}
    by_new = {pair.new.key: pair for pair in pairs}
    split_new = {link.new.key: link for link in links if link.kind == "split"}
    merged_old = {link.old.key: link for link in links if link.kind == "merged"}
    counterpart = {pair.old.key: pair.new.key for pair in pairs}
    headings_old, headings_new = _headings(graph, old_doc), _headings(graph, new_doc)
    edition = {doc: graph.node(doc)["edition"] for doc in (old_doc, new_doc)}
    new_keys = {rule.key for rule in new_rules}
    old_by_key = {rule.key: rule for rule in old_rules}

    def text_diff(a: Rule | None, b: Rule | None) -> list[dict]:
        return word_diff(rule_text(a) if a else None, rule_text(b) if b else None, noise=noise)

    placed: list[tuple[tuple, Change]] = []
    findings: list[dict] = []
    new_index = {rule.key: index for index, rule in enumerate(new_rules)}
    for index, rule in enumerate(new_rules):
        pair = by_new.get(rule.key)
        section, title = _section_of(rule, headings_new)
        if pair is not None:
            change = Change(pair.change, old_ids[pair.old.key], new_ids[rule.key], section, title, "new",
                            text_diff(pair.old, rule), likeness=round(pair.likeness, 3), forced=pair.forced)
            if change.kind in ("unchanged", "renumbered"):
                change.noise = noise_kinds(rule_text(pair.old), rule_text(rule), pair.old.printed, rule.printed)
        elif rule.key in split_new:
            link = split_new[rule.key]
            change = Change("split", old_ids[link.old.key], new_ids[rule.key], section, title, "new",
                            text_diff(link.old, rule), likeness=round(link.share, 3),
                            partner=new_ids.get(link.partner.key) if link.partner else None)
        else:
            change = Change("added", None, new_ids[rule.key], section, title, "new", text_diff(None, rule))
        old_rule = pair.old if pair is not None else None
        change.references = reference_fates(rule, old_rule, old_by_key, new_keys, counterpart, edition[old_doc],
                                        edition[new_doc])
        for reference in change.references:
            if reference["status"] in ("stale", "broken"):
                findings.append({"rule": new_ids[rule.key], "key": rule.key, **reference})
        placed.append(((index, 0, 0), change))
    previous = -1
    for index, rule in enumerate(old_rules):
        if rule.key in counterpart:
            previous = new_index[counterpart[rule.key]]
            continue
        section, title = _section_of(rule, headings_old)
        if rule.key in merged_old:
            link = merged_old[rule.key]
            change = Change("merged", old_ids[rule.key], new_ids[link.new.key], section, title, "old",
                            text_diff(rule, link.new), likeness=round(link.share, 3),
                            partner=old_ids.get(link.partner.key) if link.partner else None)
        else:
            change = Change("removed", old_ids[rule.key], None, section, title, "old", text_diff(rule, None))
        placed.append(((previous, 1, index), change))
    return [change for _, change in sorted(placed, key=lambda item: item[0])], findings


def _headings(graph: RuleGraph, document: str) -> dict[int, str]:
    headings = {}
    for node in graph.nodes("rule", document):
        data = graph.node(node)
        if data.get("heading"):
            headings.setdefault(RuleNumber.parse(data["canonical"]).section, data.get("title") or "")
    return headings


def _section_of(rule: Rule, headings: dict[int, str]) -> tuple[str, str]:
    return str(rule.number.section), headings.get(rule.number.section, "")
