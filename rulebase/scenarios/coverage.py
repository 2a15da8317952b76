"""Rule coverage: how many rules of a rules document are confirmed by
passing scenarios, by section, by chapter, over a target scope and overall;
with the rules a reviewed file exempts (each with its reason) kept apart.

A rule is *confirmed* when a passing scenario cites it: the runner has then
checked that the engine applied it and that everything the scenario expects
holds.  Numbered section headings (``514 Faceoffs``) are titles, not rules,
and are not counted.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from rulebase.errors import RulebaseError
from rulebase.model import RuleNumber


class ExemptionError(RulebaseError):
    """Raised for an exemption file that can't be read or names no rule."""


@dataclass
class Tally:
    """Counts for a group of rules."""

    title: str = ""
    confirmed: list[str] = field(default_factory=list)
    unconfirmed: list[str] = field(default_factory=list)
    exempt: list[str] = field(default_factory=list)

    @property
    def counted(self) -> int:
        return len(self.confirmed) + len(self.unconfirmed)

    @property
    def percent(self) -> float:
        return 100.0 * len(self.confirmed) / self.counted if self.counted else 100.0

    def add(self, key: str, status: str) -> None:
        getattr(self, status).append(key)

    def as_dict(self) -> dict:
        return {
            "title": self.title,
            "confirmed": len(self.confirmed),
            "unconfirmed": len(self.unconfirmed),
            "exempt": len(self.exempt),
            "percent": round(self.percent, 1),
            "confirmed_rules": list(self.confirmed),
            "unconfirmed_rules": list(self.unconfirmed),
            "exempt_rules": list(self.exempt),
        }


@dataclass
class Coverage:
    document: str
    sections: dict[str, Tally]
    chapters: dict[str, Tally]
    target: Tally | None
    total: Tally
    exemptions: dict[str, str]
    target_description: str = ""

    def as_dict(self) -> dict:
        return {
            "document": self.document,
            "total": self.total.as_dict(),
            "target": None if self.target is None else {**self.target.as_dict(), "scope": self.target_description},
            "chapters": {key: tally.as_dict() for key, tally in self.chapters.items()},
            "sections": {key: tally.as_dict() for key, tally in self.sections.items()},
            "exemptions": dict(self.exemptions),
        }


def load_exemptions(path: Path, graph, document: str) -> dict[str, str]:
    """Read the exemption file: ``[[exempt]]`` tables with ``rule`` and
    ``reason``; every rule must exist and every reason must be given."""
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise ExemptionError(f"{path}: {error}") from None
    exemptions = {}
    for number, entry in enumerate(data.get("exempt", []), start=1):
        rule, reason = str(entry.get("rule", "")), str(entry.get("reason", "")).strip()
        if f"{document}/{rule}" not in graph:
            raise ExemptionError(f"{path}: exemption #{number}: no rule {rule!r} in {document}")
        if not reason:
            raise ExemptionError(f"{path}: exemption #{number} ({rule}) gives no reason")
        if rule in exemptions:
            raise ExemptionError(f"{path}: rule {rule} is exempted twice")
        exemptions[rule] = reason
    return exemptions


def compute(graph, document: str, confirmed, exemptions: dict[str, str], target=None,
            target_description: str = "") -> Coverage:
    """Tally the rules of ``document``: ``confirmed`` is the set of rule keys
    confirmed by passing scenarios; ``target(key)`` picks the rules of the
    target scope.  A heading counts when it has text of its own (the TCG's
    "404.5.0 Exchange Steps" and its five steps), not when it only names
    what follows (the CCG's "514. Faceoffs")."""
    confirmed = set(confirmed)
    sections: dict[str, Tally] = {}
    chapters: dict[str, Tally] = {}
    total = Tally("all rules")
    scope = Tally(target_description) if target is not None else None
    titles = {}
    for node in graph.nodes("rule", document):
        data = graph.node(node)
        key = data["key"]
        if data.get("heading"):
            titles[key] = data.get("title") or ""
            continue
    for node in graph.nodes("chapter", document):
        data = graph.node(node)
        chapters[data["number"]] = Tally(data.get("title") or "")
    for node in graph.nodes("rule", document):
        data = graph.node(node)
        if data.get("heading") and not (data.get("text") or "").strip():
            continue
        key = data["key"]
        try:
            number = RuleNumber.parse(key.split("~")[0])
        except RulebaseError:
            continue
        section = str(number.section)
        status = "confirmed" if key in confirmed else ("exempt" if key in exemptions else "unconfirmed")
        sections.setdefault(section, Tally(titles.get(section, ""))).add(key, status)
        chapters.setdefault(str(number.chapter), Tally()).add(key, status)
        total.add(key, status)
        if scope is not None and target(key):
            scope.add(key, status)
    chapters = {key: tally for key, tally in chapters.items() if tally.counted or tally.exempt}
    return Coverage(document, sections, chapters, scope, total, dict(exemptions), target_description)


def text_report(coverage: Coverage) -> str:
    """The coverage as a table a person reads."""
    lines = [f"Rule coverage of {coverage.document} by passing scenarios", ""]
    lines.append(f"{'section':<8} {'title':<28} {'confirmed':>10} {'of':>4} {'%':>6} {'exempt':>7}")
    by_chapter: dict[str, list[str]] = {}
    for section in coverage.sections:
        by_chapter.setdefault(section[0], []).append(section)
    for chapter, sections in by_chapter.items():
        tally = coverage.chapters.get(chapter)
        for section in sections:
            s = coverage.sections[section]
            lines.append(f"{section:<8} {s.title[:28]:<28} {len(s.confirmed):>10} {s.counted:>4} {s.percent:>5.0f}% {len(s.exempt):>7}")
        if tally is not None:
            lines.append(f"{'ch. ' + chapter:<8} {tally.title[:28]:<28} {len(tally.confirmed):>10} {tally.counted:>4} "
                         f"{tally.percent:>5.0f}% {len(tally.exempt):>7}")
        lines.append("")
    if coverage.target is not None:
        t = coverage.target
        lines.append(f"target: {coverage.target_description}: {len(t.confirmed)} of {t.counted} non-exempt rules "
                     f"confirmed ({t.percent:.1f}%), {len(t.exempt)} exempt")
    t = coverage.total
    lines.append(f"overall: {len(t.confirmed)} of {t.counted} non-exempt rules confirmed ({t.percent:.1f}%), "
                 f"{len(t.exempt)} exempt")
    if coverage.exemptions:
        lines.append("")
        lines.append("Exempt (describe no game behaviour):")
        for rule, reason in coverage.exemptions.items():
            lines.append(f"  {rule:<8} {reason}")
    return "\n".join(lines)
