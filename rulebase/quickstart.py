"""The 2014 quickstart rulebook against the current comprehensive rules.

:func:`section_links` links each section of the quickstart to the rules and
glossary entries that cover the same ground: the words the section shares
with each rule, weighted by how rare they are among the rules (TF-IDF with
cosine likeness), a heading whose title is the section's title, and the
glossary terms the section uses.  A reviewed table
(``rulebase/data/quickstart-links.toml``) adds or removes links the words
cannot decide.

:func:`conflicts` lists where the quickstart disagrees with the current
rules, from the reviewed ``rulebase/data/quickstart-conflicts.toml``; every
quotation in it is checked against the graph.
"""

from __future__ import annotations

import math
import re
import tomllib
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from rulebase import paths
from rulebase.errors import RulebaseError
from rulebase.graph import RuleGraph
from rulebase.model import RuleNumber
from rulebase.parse.text import words

QUICKSTART = "ccg/quickstart-2014"
CONFLICTS = paths.PACKAGE / "data" / "quickstart-conflicts.toml"
LINKS = paths.PACKAGE / "data" / "quickstart-links.toml"
LIMIT = 6
THRESHOLD = 0.12

_STOP = frozenset("""a an the of to and or in on at is are be been by it its that this these those for as with from
if any can can't not no which who whom their they them he his her she you your yours we our us i me my
will would may must should could do does did done than then there here when while what where how all each
one two also only just so such into onto out up down over under about after before again more most other
some same very own both either neither per""".split())
_ENDINGS = ("ations", "ation", "ments", "ment", "ings", "ing", "ies", "ied", "ers", "er", "es", "ed", "s")


class QuickstartError(RulebaseError):
    """Raised when a reviewed quickstart table is malformed or quotes text
    that is not in the node it names."""


def stem(word: str) -> str:
    """A crude stem, enough to match "confronts" with "confronting".

    >>> stem("confronting"), stem("confronts"), stem("faceoffs")
    ('confront', 'confront', 'faceoff')
    """
    word = word.replace("'", "")
    for ending in _ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 4:
            return word[: -len(ending)]
    return word


def _terms(text: str) -> list[str]:
    return [stem(word) for word in words(text) if word not in _STOP and not word.isdigit() and len(word) > 1]


def loose(text: str) -> str:
    """A text with curly quotes made straight and spacing collapsed, for
    checking that a quotation stands in a text."""
    text = text.translate(str.maketrans({"“": '"', "”": '"', "‘": "'", "’": "'", "\u00a0": " "}))
    return " ".join(text.split())


# -- linking sections to rules ---------------------------------------------------------


@dataclass(frozen=True)
class _Index:
    """TF-IDF vectors of the rules and glossary entries of a rules document."""

    nodes: tuple[str, ...]
    vectors: tuple[dict, ...]
    idf: dict
    headings: dict


@lru_cache(maxsize=4)
def _index(graph: RuleGraph, rules: str) -> _Index:
    nodes, bags = [], []
    titles = {}
    for node in graph.nodes("rule", rules):
        data = graph.node(node)
        if data.get("heading"):
            titles[RuleNumber.parse(data["canonical"]).section] = data.get("title") or ""
    for node in graph.nodes("rule", rules):
        data = graph.node(node)
        if data.get("heading"):
            continue
        section = titles.get(RuleNumber.parse(data["canonical"]).section, "")
        nodes.append(node)
        bags.append(Counter(_terms(data["text"])) + Counter(_terms(section)))
    for document in _glossaries(graph, rules):
        for node in graph.nodes("glossary", document):
            data = graph.node(node)
            nodes.append(node)
            bags.append(Counter(_terms(f"{data['title']} {data['title']} {data['text']}")))
    frequency = Counter(term for bag in bags for term in bag)
    idf = {term: math.log((1 + len(bags)) / (1 + count)) + 1 for term, count in frequency.items()}
    vectors = tuple(_normalised({term: (1 + math.log(n)) * idf[term] for term, n in bag.items()}) for bag in bags)
    headings = {}
    for node in graph.nodes("rule", rules):
        data = graph.node(node)
        if data.get("heading") and data.get("title"):
            headings.setdefault(_title_key(data["title"]), node)
    return _Index(tuple(nodes), vectors, idf, headings)


def _glossaries(graph: RuleGraph, rules: str) -> list[str]:
    return [d["id"] for d in graph.documents() if d.get("within") == rules and d["doc_kind"] == "glossary"]


def _normalised(vector: dict) -> dict:
    length = math.sqrt(sum(value * value for value in vector.values())) or 1.0
    return {term: value / length for term, value in vector.items()}


def _vector(index: _Index, text: str) -> dict:
    bag = Counter(term for term in _terms(text) if term in index.idf)
    return _normalised({term: (1 + math.log(n)) * index.idf[term] for term, n in bag.items()})


def _section_text(data: dict) -> str:
    title = data.get("title") or ""
    return f"{title} {title} {data.get('text', '')}"


def section_links(graph: RuleGraph, quickstart: str = QUICKSTART, rules: str | None = None,
                  limit: int = LIMIT) -> list[dict]:
    """For each section of the quickstart (document order): the rules and
    glossary entries of the current rules covering the same ground, best
    first, each ``{"node", "score", "why"}`` where ``why`` is ``title``
    (a heading with the section's title), ``words`` (shared rare words),
    ``term`` (a glossary term the section uses), ``reviewed`` (the reviewed
    link table) or ``conflict`` (a rule the section disagrees with, from the
    reviewed conflicts)."""
    rules = rules or graph.current_edition("ccg")
    index = _index(graph, rules)
    overrides = _overrides(LINKS)
    disputed: dict[str, list[str]] = {}
    for entry in load_conflicts():
        disputed.setdefault(entry["section"], []).append(entry["rule"])
    glossary_terms = [(node, re.compile(r"(?<![\w-])" + re.escape(graph.node(node)["term"]) + r"(?![\w-])"))
                      for document in _glossaries(graph, rules) for node in graph.nodes("glossary", document)]
    out = []
    for section in graph.nodes("section", quickstart):
        data = graph.node(section)
        vector = _vector(index, _section_text(data))
        scored = []
        for node, other in zip(index.nodes, index.vectors):
            score = sum(value * other.get(term, 0.0) for term, value in vector.items())
            if score >= THRESHOLD:
                scored.append((score, node))
        links: dict[str, dict] = {}
        heading = index.headings.get(_title_key(_plain_title(data.get("title") or "")))
        if heading:
            links[heading] = {"node": heading, "score": 1.0, "why": "title"}
        for node, pattern in glossary_terms:
            if pattern.search(data.get("text", "")):
                links.setdefault(node, {"node": node, "score": 0.5, "why": "term"})
        for score, node in sorted(scored, reverse=True)[:limit]:
            links.setdefault(node, {"node": node, "score": round(score, 3), "why": "words"})
        review = overrides.get(section, {})
        if review.get("clear"):
            links.clear()
        for node in review.get("remove", []):
            links.pop(node, None)
        for node in review.get("add", []):
            links[node] = {"node": node, "score": 1.0, "why": "reviewed"}
        for node in disputed.get(section, []):
            links[node] = {"node": node, "score": 1.0, "why": "conflict"}
        ordered = sorted(links.values(), key=lambda link: (-link["score"], link["node"]))
        out.append({"section": section, "title": data.get("title") or "", "links": ordered})
    return out


def _title_key(title: str) -> str:
    """A title as headings are matched by: its stems run together, so that
    "Deck Building" is "Deckbuilding".

    >>> _title_key("Deck Building") == _title_key("Deckbuilding")
    True
    """
    return "".join(_terms(title)) or "-"


def _plain_title(title: str) -> str:
    """A section title without the words that only say what kind of thing it is."""
    return re.sub(r"\b(cards?|step \d+:?)\b", "", title, flags=re.I)


def _overrides(path: Path) -> dict[str, dict]:
    """The reviewed link table: section id -> ``{"add", "remove", "clear"}``."""
    path = Path(path)
    if not path.exists():
        return {}
    stamp = path.stat()
    return _read_overrides(str(path), stamp.st_mtime_ns, stamp.st_size)


@lru_cache(maxsize=4)
def _read_overrides(path: str, mtime: int, size: int) -> dict[str, dict]:
    data = _read_toml(Path(path))
    table = {}
    for index, entry in enumerate(data.get("section", []), 1):
        if not isinstance(entry.get("id"), str):
            raise QuickstartError(f"{path}: section {index} has no id")
        unknown = set(entry) - {"id", "add", "remove", "clear", "reason"}
        if unknown:
            raise QuickstartError(f"{path}: section {entry['id']} has unknown keys {', '.join(sorted(unknown))}")
        if not isinstance(entry.get("reason"), str) or not entry["reason"].strip():
            raise QuickstartError(f"{path}: section {entry['id']} has no reason")
        table[entry["id"]] = {"add": list(entry.get("add", [])), "remove": list(entry.get("remove", [])),
                              "clear": bool(entry.get("clear", False))}
    return table


def _read_toml(path: Path) -> dict:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise QuickstartError(f"{path}: no such file") from None
    except tomllib.TOMLDecodeError as error:
        raise QuickstartError(f"{path}: {error}") from None


def check_links(graph: RuleGraph, path: Path = LINKS) -> list[str]:
    """The problems of the reviewed link table: sections or rules it names
    that are not in the graph (empty when all is well)."""
    problems = []
    for section, review in _overrides(Path(path)).items():
        if section not in graph:
            problems.append(f"{path}: no section {section!r} in the graph")
        for node in [*review["add"], *review["remove"]]:
            if node not in graph:
                problems.append(f"{path}: section {section}: no node {node!r} in the graph")
    return problems


# -- conflicts ---------------------------------------------------------------------------

_FIELDS = ("topic", "section", "quote", "rule", "rule_quote", "explanation")


def load_conflicts(path: Path | None = None) -> list[dict]:
    """The entries of the reviewed conflicts table, as written.

    Raises :class:`QuickstartError` naming the file and entry that is malformed.
    """
    path = Path(path or CONFLICTS)
    data = _read_toml(path)
    entries = []
    for index, entry in enumerate(data.get("conflict", []), 1):
        missing = [key for key in _FIELDS if not isinstance(entry.get(key), str) or not entry[key].strip()]
        if missing:
            raise QuickstartError(f"{path}: conflict {index} has no {', '.join(missing)}")
        unknown = set(entry) - {*_FIELDS, "see_also"}
        if unknown:
            raise QuickstartError(f"{path}: conflict {index} has unknown keys {', '.join(sorted(unknown))}")
        entries.append({**entry, "see_also": list(entry.get("see_also", [])), "number": index})
    return entries


def check_conflicts(graph: RuleGraph, entries: list[dict]) -> list[str]:
    """Every way the table fails the graph: a node that does not exist or is
    of the wrong kind, or a quotation that does not stand in its node."""
    problems = []
    for entry in entries:
        where = f"conflict {entry['number']} ({entry['topic']})"
        for key, kinds in (("section", ("section",)), ("rule", ("rule", "glossary"))):
            node = entry[key]
            if node not in graph:
                problems.append(f"{where}: no node {node!r}")
                continue
            if graph.node(node)["kind"] not in kinds:
                problems.append(f"{where}: {node} is a {graph.node(node)['kind']}, not a {' or '.join(kinds)}")
            quote = entry["quote" if key == "section" else "rule_quote"]
            if loose(quote) not in loose(graph.node(node)["text"]):
                problems.append(f"{where}: {quote[:50]!r} is not in {node}")
        for node in entry["see_also"]:
            if node not in graph:
                problems.append(f"{where}: see_also names no node {node!r}")
    return problems


def conflicts(graph: RuleGraph, path: Path | None = None) -> list[dict]:
    """The places where the quickstart disagrees with the current rules,
    each with the section and rule (id, title or number, quotation) and the
    explanation.  Raises :class:`QuickstartError` when the table does not
    match the graph."""
    entries = load_conflicts(path)
    problems = check_conflicts(graph, entries)
    if problems:
        raise QuickstartError(f"{path or CONFLICTS}: {problems[0]}")
    out = []
    for entry in entries:
        section, rule = graph.node(entry["section"]), graph.node(entry["rule"])
        out.append({
            "topic": entry["topic"],
            "section": {"id": entry["section"], "title": section.get("title") or "", "quote": entry["quote"]},
            "rule": {"id": entry["rule"], "kind": rule["kind"], "edition": rule.get("edition"),
                     "number": rule.get("key") if rule["kind"] == "rule" else None,
                     "title": rule.get("title"), "quote": entry["rule_quote"], "text": rule.get("text", "")},
            "explanation": " ".join(entry["explanation"].split()),
            "see_also": [{"id": node, "key": graph.node(node).get("key"), "kind": graph.node(node)["kind"],
                          "title": graph.node(node).get("title")} for node in entry["see_also"]],
        })
    return out


def conflict_lines(entries: list[dict]) -> list[str]:
    """The conflicts as a judge reads them in a terminal."""
    lines = []
    for number, entry in enumerate(entries, 1):
        rule = entry["rule"]
        label = rule["number"] or rule["title"]
        lines.append(f"{number}. {entry['topic']}")
        lines.append(f"   Quickstart ({entry['section']['title']}): \"{entry['section']['quote']}\"")
        lines.append(f"   {rule['edition']} {label}: \"{rule['quote']}\"")
        lines.append(f"   {entry['explanation']}")
        if entry["see_also"]:
            lines.append("   See also: " + ", ".join(s["key"] or s["id"] for s in entry["see_also"]))
        lines.append("")
    return lines
