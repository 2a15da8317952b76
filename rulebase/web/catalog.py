"""What the web pages need to know about the graph, worked out once per
process: every node's address and label, the documents of each game, the
glossary that goes with each rules text and the errata by set."""

from __future__ import annotations

import re
from functools import cached_property

from rulebase.errata import erratum_name
from rulebase.errors import UnknownRuleError
from rulebase.graph import RuleGraph

GAMES = {"ccg": "MLP CCG", "tcg": "MLP TCG"}
GAME_NAMES = {
    "ccg": "My Little Pony Collectible Card Game (Enterplay)",
    "tcg": "My Little Pony Trading Card Game (Kayou)",
}
RULES, GLOSSARY, ERRATA = "comprehensive rules", "glossary", "card errata"


class Catalog:
    """Addresses, labels and indexes of a rule graph, for the pages."""

    def __init__(self, graph: RuleGraph):
        self.graph = graph
        self.data = {node: graph.node(node) for node in graph.nodes()}
        self.documents = [node for node, data in self.data.items() if data["kind"] == "document"]
        self.current = {game: graph.current_edition(game) for game in GAMES}
        self._children = {node: graph.children(node) for node in self.data}
        self._by_document: dict[str, list[str]] = {}
        for node, data in self.data.items():
            if data.get("document") and data["kind"] != "document":
                self._by_document.setdefault(data["document"], []).append(node)

    # -- documents -----------------------------------------------------------

    def game_documents(self, game: str) -> list[str]:
        """The documents of a game, current ones first, in corpus order."""
        own = [doc for doc in self.documents if self.data[doc]["game"] == game]
        return sorted(own, key=lambda doc: not self.data[doc]["current"])

    def rules_documents(self, game: str) -> list[str]:
        """The editions and renderings of a game's comprehensive rules, current first."""
        return [doc for doc in self.game_documents(game) if self.data[doc]["doc_kind"] == RULES]

    def is_current(self, document: str) -> bool:
        """Whether a document is, or belongs to, a current one."""
        data = self.data[document]
        return bool(data["current"] or (data.get("within") and self.data[data["within"]]["current"]))

    def members(self, document: str, kind: str | None = None) -> list[str]:
        """The nodes of a document in document order."""
        return [node for node in self._by_document.get(document, []) if kind is None or self.data[node]["kind"] == kind]

    def children(self, node: str) -> list[str]:
        """The children of a node in document order."""
        return self._children.get(node, [])

    def document_for(self, game: str, edition: str | None) -> str:
        """The rules document of ``game`` named by ``edition`` (its edition or
        its id without the game), the current one when ``edition`` is None.

        Raises :class:`UnknownRuleError` listing the editions that exist.
        """
        if edition is None:
            return self.current[game]
        for doc in self.rules_documents(game):
            if edition in (self.data[doc]["edition"], doc.split("/", 1)[1], doc):
                return doc
        editions = [self.data[doc]["edition"] for doc in self.rules_documents(game)]
        raise UnknownRuleError(f"{game} edition {edition}", editions)

    def glossary_entries(self, document: str) -> list[str]:
        """The glossary entries that belong to a rules document (in its own
        glossary document or inside it)."""
        inside = self.members(document, "glossary")
        if inside:
            return inside
        for doc in self.documents:
            if self.data[doc]["within"] == document and self.data[doc]["doc_kind"] == GLOSSARY:
                return self.members(doc, "glossary")
        source = self.data[document].get("rendering_of")
        return self.glossary_entries(source) if source else []

    def glossary_home(self, node: str) -> str:
        """The rules document a glossary or its entries belong to."""
        data = self.data[node]
        document = data["document"] if data["kind"] != "document" else node
        within = self.data[document].get("within")
        return within if self.data[document]["doc_kind"] == GLOSSARY and within else document

    def errata_document(self, game: str) -> str | None:
        """The current card errata of a game, if the corpus has one."""
        for doc in self.game_documents(game):
            if self.data[doc]["doc_kind"] == ERRATA and self.data[doc]["current"]:
                return doc
        return None

    def errata_sets(self, document: str) -> dict[str, list[str]]:
        """Set name -> the errata entries of that set, in document order."""
        sets: dict[str, list[str]] = {}
        for node in self.members(document, "erratum"):
            sets.setdefault(self.data[node]["set_name"], []).append(node)
        return sets

    @cached_property
    def card_games(self) -> frozenset[str]:
        """The games whose cards are in the graph (their card search and deck checker exist)."""
        return frozenset(data["game"] for data in self.data.values() if data["kind"] == "card")

    def card_url(self, card_id: str, game: str = "ccg") -> str | None:
        """The page of the card ``card_id`` of the card data (every card has
        one), or None if the graph has no such card."""
        node = f"card/{game}/{card_id}"
        return self.url(node) if node in self.data and self.data[node]["kind"] == "card" else None

    @cached_property
    def cards(self) -> dict[str, list[str]]:
        """Card node -> its errata entries."""
        return {node: self.graph.errata_of(node) for node, data in self.data.items() if data["kind"] == "card"}

    # -- addresses and labels --------------------------------------------------

    @cached_property
    def _urls(self) -> dict[str, str]:
        return {node: self._url(node) for node in self.data}

    def url(self, node: str) -> str:
        """The page of a node (without the application's root)."""
        return self._urls[node]

    def _url(self, node: str) -> str:
        data = self.data[node]
        kind = data["kind"]
        if kind == "card":
            return f"/{data['game']}/card/{data['key']}"
        if kind == "section":
            return f"/{data['document']}#{data['key']}"
        if kind == "rule" and data["document"] == self.current[data["game"]]:
            return f"/{data['game']}/{data['key']}"
        return f"/{node}"

    def label(self, node: str) -> str:
        """How a node is named in a link: its number (and title for a
        section heading), a term, a card or a title."""
        data = self.data[node]
        if data["kind"] == "rule":
            key = data["key"]
            return f"{key} {data['title']}" if data.get("title") else key
        if data["kind"] == "chapter":
            return f"{data['number']}. {data['title']}"
        if data["kind"] == "erratum":
            return erratum_name(self.graph, node)
        return data.get("title") or data.get("key") or node

    def source_label(self, node: str) -> str:
        """Where a node comes from, as a result shows it: its document's
        edition (:meth:`edition_label`), or for a card the sets printing it."""
        data = self.data[node]
        if data.get("document"):
            return self.edition_label(data["document"])
        sets = dict.fromkeys(printing["set_name"] for printing in data.get("printings") or ())
        return ", ".join(sets) or data["kind"]

    def edition_label(self, document: str) -> str:
        """``v3.4 (current)``, ``earlier edition``, ``v3.4 PDF extract`` ..."""
        data = self.data[document]
        edition = data["edition"]
        if data.get("rendering_of"):
            base = self.data[data["rendering_of"]]["edition"]
            label = f"v{base} PDF extract" if "pdf" in edition else f"{edition} rendering"
        elif re.match(r"^\d", edition):
            label = f"v{edition}"
        else:
            label = f"{edition} edition" if edition != "official" else "official rules"
        return label + (" (current)" if self.is_current(document) else "")

    def short_text(self, node: str, limit: int = 140) -> str:
        """The first words of a node's text, for lists."""
        data = self.data[node]
        text = " ".join((data.get("text") or "").split())
        if not text and data["kind"] == "rule":
            text = data.get("title") or ""
        return text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0] + "…"

    def context(self, node: str) -> str:
        """Where a node stands, in a few words: the section heading of a
        rule, the set of an erratum, the document of the rest."""
        data = self.data[node]
        if data["kind"] == "rule":
            for ancestor in reversed(self.graph.ancestors(node)):
                if self.data[ancestor]["kind"] == "rule" and self.data[ancestor].get("heading"):
                    return self.label(ancestor)
                if self.data[ancestor]["kind"] == "chapter":
                    return self.label(ancestor)
            return self.data[data["document"]]["title"]
        if data["kind"] == "glossary":
            return "Glossary"
        if data["kind"] == "erratum":
            return f"Card errata, {data['set_name']}"
        if data["kind"] == "card":
            return f"{data['type']} card" if data.get("type") else "Card"
        if data.get("document"):
            return self.data[data["document"]]["title"]
        return ""

    def history_url(self, node: str) -> str:
        """The page of a rule's or glossary entry's history across editions."""
        game, edition, rest = node.split("/", 2)
        return f"/{game}/history/{edition}/{rest}"

    def diff_url(self, node: str, other: str, change: str = "") -> str | None:
        """The edition diff page for a rule and its counterpart in another
        edition, at the rule; an unchanged rule is on the page of the
        unchanged rules (the diff page leaves them out by default)."""
        a, b = self.data[node], self.data[other]
        docs = [self.data[a["document"]], self.data[b["document"]]]
        if any(doc.get("rendering_of") for doc in docs) or a["document"] == b["document"]:
            return None
        older, newer = sorted([a, b], key=lambda d: (self.data[d["document"]]["current"], self.data[d["document"]]["date"]))
        listing = "?kind=unchanged" if change == "unchanged" else ""
        return f"/{a['game']}/diff/{older['edition']}/{newer['edition']}{listing}#{newer['key']}"
