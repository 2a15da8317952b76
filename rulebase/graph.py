"""The rule graph: every document, rule, glossary entry, erratum and section
of the corpus, and how they refer to each other.

This is the only module that knows networkx, and the graph is the only source
of rule data for everything built on it.  Nodes are keyed by their stable id,
which includes the game and edition (``ccg/3.4/514.4c``,
``ccg/3.4/glossary/swift``, ``ccg/ocr-7.2/premiere/duck-and-cover``,
``ccg/quickstart-2014/score-phase``, ``tcg/official/101.1.0``).

Every card of the card database is a node too (``card/ccg/<card id>``,
kind ``card``, with the card's record as plain data), printed in its sets
(``set/ccg/<slug of the set's name>``, kind ``set``) and pointing at the
glossary entries of its keywords; each erratum points at its card (as
:func:`rulebase.cards.errata.resolve` finds it) and the floor rules'
banlist section at the cards it bans (:mod:`rulebase.cards.banlist`).
"""

from __future__ import annotations

import re
from dataclasses import fields
from enum import Enum
from functools import lru_cache

import networkx as nx

from rulebase import paths, rulenumbers
from rulebase.cards.database import CardDatabase
from rulebase.cards.errata import resolve as resolve_erratum
from rulebase.cards.model import Card, Side
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
    PRINTED_IN = "printed in"
    HAS_KEYWORD = "has keyword"
    BANS = "bans"


def slug(text: str) -> str:
    """A lower-case, hyphenated form of a title for use in ids.

    >>> slug("Duck and Cover!")
    'duck-and-cover'
    """
    return re.sub(r"[^a-z0-9]+", "-", text.lower().replace("'", "").replace("’", "")).strip("-") or "untitled"


_EXCEPTION = re.compile(r"exception to\s*$", re.I)


class RuleGraph:
    """The graph and the questions the rest of the project asks of it."""

    def __init__(self, graph: nx.MultiDiGraph, parts: list[ParsedPart], cards: CardDatabase | None = None):
        self.g = graph
        self.parts = {parsed.part.id: parsed for parsed in parts}
        self.cards = cards
        self._keys: dict[str, tuple[list[str], dict[str, list[str]]]] = {}

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

    def card(self, node_id: str) -> Card:
        """The card database's record of a card node."""
        if self.cards is None or self.g.nodes[node_id].get("kind") != "card":
            raise KeyError(f"{node_id!r} is not a card of the card database")
        return self.cards.by_id[self.g.nodes[node_id]["key"]]

    def sets_of(self, card_id: str) -> list[str]:
        """The set nodes a card is printed in."""
        return self._out(card_id, Edge.PRINTED_IN)

    def keywords_of(self, card_id: str) -> list[str]:
        """The glossary entries of a card's keywords."""
        return self._out(card_id, Edge.HAS_KEYWORD)

    def banned_by(self, card_id: str) -> list[str]:
        """The banlist sections that name a card."""
        return self._in(card_id, Edge.BANS)

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
        """The node id a person means by a number or id (``514.4c``,
        ``ccg/3.4/514.4c``, ``(514.4c)``, ``rule 514.4 c``, ``CR 514``; a
        number as :func:`rulebase.rulenumbers.read` reads it).

        Raises :class:`UnknownRuleError` with the closest numbers
        (:meth:`closest`) otherwise.
        """
        text = query.strip()
        if text in self.g:
            return text
        try:
            number = rulenumbers.read(text)
        except RuleNumberError:
            raise UnknownRuleError(query, []) from None
        if game == "tcg" and number.style == "ccg" and rulenumbers.as_tcg(number) is not None:
            number = rulenumbers.as_tcg(number)
        document = self.document_for(str(number), game, edition)
        candidate = f"{document}/{number}"
        if candidate in self.g:
            return candidate
        raise UnknownRuleError(query, self.closest(number, document))

    def document_for(self, number: str, game: str | None, edition: str | None) -> str:
        """The comprehensive rules document a number is looked up in: the
        named edition of the game (guessed from the number's style when not
        given), or its current edition."""
        if game is None:
            try:
                game = rulenumbers.read(number).style
            except RuleNumberError:
                game = "ccg"
        if edition is None:
            return self.current_edition(game)
        for node, data in self.g.nodes(data=True):
            if data["kind"] == "document" and data["game"] == game and (data["edition"] == edition or node == edition):
                if data["doc_kind"] == "comprehensive rules":
                    return node
        raise UnknownRuleError(f"{game} {edition}", [d["id"] for d in self.documents() if d["game"] == game])

    def closest(self, number, document: str, limit: int = 5) -> list[str]:
        """The existing rule numbers (keys) of a document nearest to
        ``number`` (a :class:`RuleNumber` or text as typed), best first:
        the rules known by that number (printed so where the document
        misprints them, or numbered so in another edition: ``409.6`` of the
        earlier edition is ``410.6`` of the 3.4 rules), then the numbers
        :func:`rulebase.rulenumbers.closest` finds nearest."""
        try:
            wanted = number if isinstance(number, RuleNumber) else rulenumbers.read(number)
        except RuleNumberError:
            return []
        keys, known_as = self._rule_keys(document)
        return rulenumbers.closest(wanted, keys, limit, printed=known_as)

    def _rule_keys(self, document: str) -> tuple[list[str], dict[str, list[str]]]:
        """The keys of a document's rules, and the keys of its rules known
        by another number (as printed, or in another edition), by that
        number."""
        if document not in self._keys:
            keys, known_as = [], {}
            for node in self.nodes("rule", document):
                data = self.g.nodes[node]
                keys.append(data["key"])
                others = [data.get("number")] + [self.g.nodes[other].get("canonical") for other, _ in self.editions(node)]
                for other in dict.fromkeys(others):
                    if other and other != data.get("canonical"):
                        known_as.setdefault(other, []).append(data["key"])
            self._keys[document] = (keys, known_as)
        return self._keys[document]


CORPUS_CARDS = "corpus"
"""For :func:`build`: the card data of the embedded corpus."""


def build(parts: list[ParsedPart], cards: CardDatabase | str | None = CORPUS_CARDS) -> RuleGraph:
    """Build the graph from parsed parts and a card database (the embedded
    corpus's by default; None for a graph without cards, whose errata then
    point at no card)."""
    if cards == CORPUS_CARDS:
        from rulebase.cards.database import load as load_cards

        cards = load_cards()
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
    if cards is not None:
        _add_cards(g, cards)
        _add_erratum_cards(g, parts, cards)
        _add_keywords(g, cards, parts)
        _add_banlist(g, cards)
    return RuleGraph(g, parts, cards)


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
        node = _erratum_node(part, erratum)
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


def _erratum_node(part, erratum) -> str:
    return f"{part.id}/{slug(erratum.set_name)}/{slug(erratum.card)}"


def _add_erratum_cards(g, parts: list[ParsedPart], cards: CardDatabase):
    """Each CCG erratum to its card, with how it was found (``resolved_by``,
    ``resolution_note``: see :func:`rulebase.cards.errata.resolve`)."""
    for parsed in parts:
        if parsed.part.game != "ccg":
            continue
        for erratum in parsed.errata:
            node = _erratum_node(parsed.part, erratum)
            found = resolve_erratum(erratum.title, erratum.subtitle, erratum.set_name, cards)
            g.nodes[node].update(resolved_by=found.how, resolution_note=found.note)
            if found.card_id is not None:
                g.add_edge(node, f"card/ccg/{found.card_id}", key=Edge.ERRATUM_OF)


def _add_cards(g, cards: CardDatabase):
    """A node per set and per card of the card database; each card printed in its sets."""
    from rulebase.cards.sets import DOCUMENT_NAMES

    for card_set in cards.sets:
        g.add_node(f"set/ccg/{slug(card_set.name)}", kind="set", key=slug(card_set.name), number=None,
                   title=card_set.name, set_id=card_set.id, set_path=card_set.path, cards=len(card_set.cards),
                   printings=card_set.printings, names=[name for name, data in DOCUMENT_NAMES.items()
                                                        if data == card_set.name],
                   game="ccg", document=None, edition=None, text="", line=0)
    files = {card_set.name: _data_path(cards, card_set.path) for card_set in cards.sets}
    for card in cards.cards:
        data = _plain(card)
        node = f"card/ccg/{card.id}"
        first = card.printings[0] if card.printings else None
        g.add_node(node, **data, kind="card", key=card.id, number=None, title=card.full_name,
                   card_title=card.name, set_name=", ".join(card.sets), game="ccg", document=None,
                   edition=None, path=files.get(first.set_name) if first else None, line=first.line if first else 0)
        numbers: dict[str, list[str]] = {}
        for printing in card.printings:
            numbers.setdefault(printing.set_name, []).append(printing.number)
        for set_name, printed in numbers.items():
            g.add_edge(node, f"set/ccg/{slug(set_name)}", key=Edge.PRINTED_IN, numbers=printed)


def _data_path(cards: CardDatabase, path: str) -> str:
    """A set file's path relative to the corpus (where the card data is the corpus's), else to the data."""
    try:
        return (cards.root / path).resolve().relative_to(paths.CORPUS.resolve()).as_posix()
    except ValueError:
        return path


_SIDE_FIELDS = tuple(field.name for field in fields(Side))


def _plain_value(value):
    if isinstance(value, tuple):
        return [item._asdict() if isinstance(item, tuple) else item for item in value]
    return dict(value) if isinstance(value, dict) else value


def _plain(card: Card) -> dict:
    """A card's record as plain data: :meth:`Card.as_dict` without its ``id``
    (the node's ``key``), made without going through dataclasses' ``fields()``
    for each of two thousand cards."""
    data = {name: _plain_value(getattr(card, name)) for name in _SIDE_FIELDS}
    boosted = card.boosted
    data["boosted"] = {name: _plain_value(getattr(boosted, name)) for name in _SIDE_FIELDS} if boosted else None
    data["printings"] = [vars(printing).copy() for printing in card.printings]
    return data


def _add_keywords(g, cards: CardDatabase, parts: list[ParsedPart]):
    """Each card to the glossary entries of its keywords (and of Home Limit,
    where it has one) in the glossary of the current CCG rules."""
    current = [p for p in parts if p.part.game == "ccg" and p.part.current and p.part.kind == "comprehensive rules"
               and not p.part.rendering_of]
    if not current:
        return
    by_id = {parsed.part.id: parsed for parsed in parts}
    glossary = _glossary_part(current[0], by_id)
    if glossary is None:
        return
    from rulebase.cards.model import fold

    prefix = glossary.part.id if glossary.part.grammar == "glossary" else f"{glossary.part.id}/glossary"
    entries = {fold(entry.term): f"{prefix}/{slug(entry.name)}" for entry in glossary.glossary}
    for card in cards.cards:
        names = [keyword.name for side in (card, card.boosted) if side for keyword in side.keywords]
        if card.home_limit is not None or (card.boosted and card.boosted.home_limit is not None):
            names.append("Home Limit")
        for name in dict.fromkeys(fold(name) for name in names):
            if name in entries:
                g.add_edge(f"card/ccg/{card.id}", entries[name], key=Edge.HAS_KEYWORD)


def _add_banlist(g, cards: CardDatabase):
    """The floor rules' banlist section to each card it bans."""
    from rulebase.cards import banlist

    for node, data in g.nodes(data=True):
        if data["kind"] != "section" or data.get("title") != banlist.SECTION_TITLE:
            continue
        if not g.nodes[data["document"]].get("current"):
            continue
        for entry in banlist.read(data.get("printed") or data["text"], data["line"], cards):
            if entry.card_id is not None:
                g.add_edge(node, f"card/ccg/{entry.card_id}", key=Edge.BANS, line=entry.line,
                           effective=entry.effective.isoformat() if entry.effective else None)
        break


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


def card_database(root: str | None = None) -> CardDatabase | None:
    """The card data of the corpus at ``root`` (the embedded one by
    default), read once per process, or None if the corpus has none."""
    return _card_database(str(root if root is not None else paths.CORPUS))


@lru_cache(maxsize=4)
def _card_database(folder: str) -> CardDatabase | None:
    from pathlib import Path

    from rulebase import corpus
    from rulebase.cards.database import load as load_cards

    data = corpus.card_data(Path(folder), verify=False)
    return load_cards(Path(folder) / data["path"]) if data else None


@lru_cache(maxsize=4)
def load(root: str | None = None) -> RuleGraph:
    """The graph of the corpus (the embedded one by default) and its card
    data, built once per process."""
    return build(list(cached_parts(root)), card_database(root))
