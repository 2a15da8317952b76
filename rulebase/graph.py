"""The rule graph: every document, rule, glossary entry, erratum and section
of the corpus, and how they refer to each other.

This is the only module that knows networkx, and the graph is the only source
of rule data for everything built on it.  Nodes are keyed by their stable id,
which includes the game and edition (``ccg/3.4/514.4c``,
``ccg/3.4/glossary/swift``, ``ccg/ocr-7.2/premiere/duck-and-cover``,
``ccg/quickstart-2014/score-phase``, ``tcg/official/101.1.0``).
"""

from __future__ import annotations

import difflib
import re
from enum import Enum
from functools import lru_cache

import networkx as nx

from rulebase.corpus import ParsedPart, cached_parts
from rulebase.errors import RuleNumberError, UnknownRuleError
from rulebase.model import RuleNumber
from rulebase.pairing import pair_rules


class Edge(str, Enum):
    """The kinds of edge; an edge points from the first to the second."""

    CHILD_OF = "child of"
    CITES = "cites"
    USES_TERM = "uses term"
    SAME_RULE = "same rule"
    ERRATUM_OF = "erratum of"


def slug(text: str) -> str:
    """A lower-case, hyphenated form of a title for use in ids.

    >>> slug("Duck and Cover!")
    'duck-and-cover'
    """
    return re.sub(r"[^a-z0-9]+", "-", text.lower().replace("'", "").replace("’", "")).strip("-") or "untitled"


_EXCEPTION = re.compile(r"exception to\s*$", re.I)


class RuleGraph:
    """The graph and the questions the rest of the project asks of it."""

    def __init__(self, graph: nx.MultiDiGraph, parts: list[ParsedPart]):
        self.g = graph
        self.parts = {parsed.part.id: parsed for parsed in parts}

    # -- nodes ---------------------------------------------------------------

    def __contains__(self, node_id: str) -> bool:
        return node_id in self.g

    def node(self, node_id: str) -> dict:
        """The attributes of a node (a copy, with its ``id``)."""
        return {"id": node_id, **self.g.nodes[node_id]}

    def nodes(self, kind: str | None = None, document: str | None = None) -> list[str]:
        """Node ids in document order, optionally of one kind or document."""
        return [
            node
            for node, data in self.g.nodes(data=True)
            if (kind is None or data["kind"] == kind) and (document is None or data.get("document") == document)
        ]

    def documents(self) -> list[dict]:
        return [self.node(node) for node in self.nodes("document")]

    def current_edition(self, game: str) -> str:
        """The document id of the current comprehensive rules of a game."""
        for node, data in self.g.nodes(data=True):
            if data["kind"] == "document" and data["game"] == game and data["current"] and data["doc_kind"] == "comprehensive rules":
                return node
        raise UnknownRuleError(game, [])

    # -- edges ---------------------------------------------------------------

    def _out(self, node_id: str, edge: Edge) -> list[str]:
        return [target for _, target, key in self.g.out_edges(node_id, keys=True) if key == edge]

    def _in(self, node_id: str, edge: Edge) -> list[str]:
        return [source for source, _, key in self.g.in_edges(node_id, keys=True) if key == edge]

    def parent(self, node_id: str) -> str | None:
        parents = self._out(node_id, Edge.CHILD_OF)
        return parents[0] if parents else None

    def ancestors(self, node_id: str) -> list[str]:
        """From the document down to the node's parent."""
        chain = []
        current = self.parent(node_id)
        while current is not None:
            chain.append(current)
            current = self.parent(current)
        return chain[::-1]

    def children(self, node_id: str) -> list[str]:
        return self._in(node_id, Edge.CHILD_OF)

    def cites(self, node_id: str) -> list[str]:
        return self._out(node_id, Edge.CITES)

    def cited_by(self, node_id: str) -> list[str]:
        return self._in(node_id, Edge.CITES)

    def terms(self, node_id: str) -> list[str]:
        return self._out(node_id, Edge.USES_TERM)

    def used_by(self, node_id: str) -> list[str]:
        return self._in(node_id, Edge.USES_TERM)

    def errata_of(self, card_id: str) -> list[str]:
        return self._in(card_id, Edge.ERRATUM_OF)

    def card_of(self, erratum_id: str) -> str | None:
        cards = self._out(erratum_id, Edge.ERRATUM_OF)
        return cards[0] if cards else None

    def editions(self, node_id: str) -> list[tuple[str, dict]]:
        """The same rule in every other edition, with the edge's data
        (``change``: unchanged, reworded, renumbered, ...)."""
        seen = {node_id}
        found = []
        frontier = [node_id]
        while frontier:
            current = frontier.pop()
            for source, target, key, data in [
                *self.g.out_edges(current, keys=True, data=True),
                *self.g.in_edges(current, keys=True, data=True),
            ]:
                if key != Edge.SAME_RULE:
                    continue
                other = target if source == current else source
                if other not in seen:
                    seen.add(other)
                    found.append((other, dict(data)))
                    frontier.append(other)
        return found

    # -- looking rules up ----------------------------------------------------

    def resolve(self, query: str, game: str | None = None, edition: str | None = None) -> str:
        """The node id a user means by a number or id (``514.4c``,
        ``ccg/3.4/514.4c``, ``(514.4c)``, ``rule 514.4c``).

        Raises :class:`UnknownRuleError` with the closest numbers otherwise.
        """
        text = query.strip()
        if text in self.g:
            return text
        text = re.sub(r"^(?:rule|cr)\s*", "", text, flags=re.I).strip().strip("()").replace(" ", "")
        document = self.document_for(text, game, edition)
        try:
            number = str(RuleNumber.parse(text))
        except RuleNumberError:
            number = text
        candidate = f"{document}/{number}"
        if candidate in self.g:
            return candidate
        raise UnknownRuleError(query, self.closest(number, document))

    def document_for(self, number: str, game: str | None, edition: str | None) -> str:
        """The comprehensive rules document a number is looked up in: the
        named edition of the game (guessed from the number's style when not
        given), or its current edition."""
        if game is None:
            game = "tcg" if re.match(r"^\d{3}\.\d+\.\d+$", number) else "ccg"
        if edition is None:
            return self.current_edition(game)
        for node, data in self.g.nodes(data=True):
            if data["kind"] == "document" and data["game"] == game and (data["edition"] == edition or node == edition):
                if data["doc_kind"] == "comprehensive rules":
                    return node
        raise UnknownRuleError(f"{game} {edition}", [d["id"] for d in self.documents() if d["game"] == game])

    def closest(self, number: str, document: str, limit: int = 5) -> list[str]:
        """The existing rule numbers of a document nearest to ``number``."""
        keys = [self.g.nodes[node]["key"] for node in self.nodes("rule", document)]
        close = difflib.get_close_matches(number, keys, n=limit, cutoff=0.5)
        prefix = [key for key in keys if key.startswith(number.rstrip("abcdefghijklmnopqrstuvwxyz.")) and key not in close]
        return (close + prefix)[:limit]


def build(parts: list[ParsedPart]) -> RuleGraph:
    """Build the graph from parsed parts."""
    g = nx.MultiDiGraph()
    by_id = {parsed.part.id: parsed for parsed in parts}
    for parsed in parts:
        part = parsed.part
        g.add_node(
            part.id,
            kind="document",
            game=part.game,
            document=part.id,
            edition=part.edition,
            title=part.title,
            date=part.date,
            doc_kind=part.kind,
            path=part.path,
            sha256=part.sha256,
            line=part.first_line,
            last_line=part.last_line,
            family=part.family,
            current=part.current,
            within=part.within,
            rendering_of=part.rendering_of,
            key="",
            text="",
        )
        if part.within:
            g.add_edge(part.id, part.within, key=Edge.CHILD_OF)
        _add_rules(g, parsed)
        _add_glossary(g, parsed)
        _add_errata(g, parsed)
        _add_sections(g, parsed)
    _add_citations(g, parts)
    _add_terms(g, parts, by_id)
    _add_editions(g, parts)
    return RuleGraph(g, parts)


def _common(part, **data) -> dict:
    return {"game": part.game, "document": part.id, "edition": part.edition, "path": part.path, **data}


def _add_rules(g, parsed: ParsedPart):
    part = parsed.part
    for chapter in parsed.chapters:
        node = f"{part.id}/chapter-{chapter.number}"
        g.add_node(node, kind="chapter", key=f"chapter-{chapter.number}", number=str(chapter.number),
                   title=chapter.title, text="", printed="", line=chapter.line, **_common(part))
        g.add_edge(node, part.id, key=Edge.CHILD_OF)
    chapters = {chapter.number: f"{part.id}/chapter-{chapter.number}" for chapter in parsed.chapters}
    keys = {}
    for rule in parsed.rules:
        node = f"{part.id}/{rule.key}"
        keys.setdefault(str(rule.number), node)
        g.add_node(
            node,
            kind="rule",
            key=rule.key,
            number=rule.printed_number,
            canonical=str(rule.number),
            title=rule.title,
            text=rule.text,
            printed=rule.printed,
            line=rule.line,
            heading=rule.is_section,
            references=list(rule.references),
            **_common(part),
        )
    for rule in parsed.rules:
        node = f"{part.id}/{rule.key}"
        parent = rule.number.parent
        while parent is not None and str(parent) not in keys:
            parent = parent.parent
        if parent is not None:
            target = keys[str(parent)]
        else:
            chapter = rule.number.chapter if rule.number.style == "ccg" else None
            target = chapters.get(chapter) if chapter is not None else None
            if target is None and rule.number.style == "tcg" and parsed.chapters:
                target = chapters.get(rule.number.section // 100)
            target = target or part.id
        g.add_edge(node, target, key=Edge.CHILD_OF)


def _add_glossary(g, parsed: ParsedPart):
    part = parsed.part
    prefix = part.id if part.grammar == "glossary" else f"{part.id}/glossary"
    for entry in parsed.glossary:
        node = f"{prefix}/{slug(entry.name)}"
        g.add_node(node, kind="glossary", key=slug(entry.name), number=None, title=entry.name, term=entry.term,
                   parameter=entry.parameter, term_kind=entry.kind, text=entry.definition, quoted=entry.quoted,
                   printed=entry.printed, line=entry.line, **_common(part))
        g.add_edge(node, part.id, key=Edge.CHILD_OF)


def _add_errata(g, parsed: ParsedPart):
    part = parsed.part
    for erratum in parsed.errata:
        key = f"{slug(erratum.set_name)}/{slug(erratum.card)}"
        node = f"{part.id}/{key}"
        g.add_node(
            node, kind="erratum", key=key, number=None, title=erratum.card, card_title=erratum.title,
            subtitle=erratum.subtitle, set_name=erratum.set_name, old=erratum.old, new=erratum.new,
            old_marks=[(m.kind, m.text) for m in erratum.old_marks],
            new_marks=[(m.kind, m.text) for m in erratum.new_marks],
            changes=list(erratum.changes), texts=list(erratum.texts),
            text=" ".join(filter(None, [erratum.new, *erratum.texts, *erratum.changes])) or (erratum.old or ""),
            printed=erratum.printed, line=erratum.line, **_common(part),
        )
        g.add_edge(node, part.id, key=Edge.CHILD_OF)
        card = f"card/{part.game}/{slug(erratum.card)}"
        if card not in g:
            g.add_node(card, kind="card", key=slug(erratum.card), number=None, title=erratum.card,
                       card_title=erratum.title, subtitle=erratum.subtitle, set_name=erratum.set_name,
                       game=part.game, document=None, edition=None, text="", line=0)
        g.add_edge(node, card, key=Edge.ERRATUM_OF)


def _add_sections(g, parsed: ParsedPart):
    part = parsed.part
    for section in parsed.sections:
        node = f"{part.id}/{section.slug}"
        g.add_node(node, kind="section", key=section.slug, number=None, title=section.title, level=section.level,
                   text="\n\n".join(section.paragraphs), paragraphs=list(section.paragraphs),
                   printed=section.printed, line=section.line, **_common(part))
    for section in parsed.sections:
        node = f"{part.id}/{section.slug}"
        parent = f"{part.id}/{section.parent_slug}" if section.parent_slug else part.id
        g.add_edge(node, parent if parent in g else part.id, key=Edge.CHILD_OF)


def _add_citations(g, parts):
    for parsed in parts:
        part = parsed.part
        for rule in parsed.rules:
            node = f"{part.id}/{rule.key}"
            for number in dict.fromkeys(rule.references):
                target = f"{part.id}/{number}"
                if target in g and target != node:
                    before = rule.text.split(f"({number})")[0]
                    relation = "exception" if _EXCEPTION.search(before) else "reference"
                    g.add_edge(node, target, key=Edge.CITES, relation=relation)


def _glossary_part(parsed: ParsedPart, by_id: dict) -> ParsedPart | None:
    part = parsed.part
    own = part.rendering_of or part.id
    if parsed.glossary:
        return parsed
    for other in by_id.values():
        if other.part.grammar == "glossary" and other.part.within == own:
            return other
    return None


def _term_pattern(entry) -> re.Pattern:
    flags = re.I if entry.kind in ("term", "trait", "word") else 0
    return re.compile(r"(?<![\w-])" + re.escape(entry.term) + r"(?![\w-])", flags)


def _add_terms(g, parts, by_id):
    for parsed in parts:
        if not parsed.rules:
            continue
        glossary = _glossary_part(parsed, by_id)
        if glossary is None:
            continue
        prefix = glossary.part.id if glossary.part.grammar == "glossary" else f"{glossary.part.id}/glossary"
        patterns = [(f"{prefix}/{slug(entry.name)}", _term_pattern(entry)) for entry in glossary.glossary]
        for rule in parsed.rules:
            text = rule.text or rule.title or ""
            node = f"{parsed.part.id}/{rule.key}"
            for target, pattern in patterns:
                if pattern.search(text):
                    g.add_edge(node, target, key=Edge.USES_TERM)


def _add_editions(g, parts):
    families: dict[str, list[ParsedPart]] = {}
    for parsed in parts:
        if parsed.part.family and (parsed.rules or parsed.glossary):
            families.setdefault(parsed.part.family, []).append(parsed)
    for members in families.values():
        renderings = [m for m in members if m.part.rendering_of]
        editions = [m for m in members if not m.part.rendering_of]
        for rendering in renderings:
            for rule in rendering.rules:
                target = f"{rendering.part.rendering_of}/{rule.key}"
                if target in g:
                    g.add_edge(f"{rendering.part.id}/{rule.key}", target, key=Edge.SAME_RULE, change="rendering")
        ordered = sorted(editions, key=lambda m: (m.part.current, m.part.date))
        for old, new in zip(ordered, ordered[1:]):
            if old.rules:
                for pair in pair_rules(old.rules, new.rules):
                    g.add_edge(f"{old.part.id}/{pair.old.key}", f"{new.part.id}/{pair.new.key}",
                               key=Edge.SAME_RULE, change=pair.change, likeness=round(pair.likeness, 3))
            else:
                new_terms = {slug(e.name): e for e in new.glossary}
                for entry in old.glossary:
                    if slug(entry.name) in new_terms:
                        other = new_terms[slug(entry.name)]
                        change = "unchanged" if entry.definition == other.definition else "reworded"
                        g.add_edge(f"{old.part.id}/{slug(entry.name)}", f"{new.part.id}/{slug(other.name)}",
                                   key=Edge.SAME_RULE, change=change)


@lru_cache(maxsize=4)
def load(root: str | None = None) -> RuleGraph:
    """The graph of the corpus (the embedded one by default), built once per process."""
    return build(list(cached_parts(root)))
