"""How a judge cites a rule in a ruling: the document and edition, the
rule's number, its text on one line and its permalink, as in

    CR 3.4, 514.4c: If the power totals are tied, ... (https://.../ccg/514.4c)

One function makes it (:func:`citation`) for every front end; the site
shows it on each rule's page with a button that copies it.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulebase.errors import UnknownRuleError
from rulebase.graph import RuleGraph

ORDINALS = {2: "second", 3: "third", 4: "fourth", 5: "fifth"}


@dataclass(frozen=True)
class Citation:
    """A rule as cited: ``source`` (``CR 3.4``), ``number`` (``514.4c``,
    or a glossary entry's name), ``title`` and ``text`` on one line each
    (either may be empty) and ``permalink`` (a path of the site or a whole
    address).

    >>> c = Citation("CR 3.4", "514.4c", "", "Ties go to the defender.", "/ccg/514.4c")
    >>> c.lead
    'CR 3.4, 514.4c: Ties go to the defender.'
    >>> str(c)
    'CR 3.4, 514.4c: Ties go to the defender. (/ccg/514.4c)'
    >>> str(c.at("https://rules.example"))
    'CR 3.4, 514.4c: Ties go to the defender. (https://rules.example/ccg/514.4c)'
    """

    source: str
    number: str
    title: str
    text: str
    permalink: str

    @property
    def lead(self) -> str:
        """The citation without its permalink."""
        head = f"{self.source}, {self.number}" + (f" {self.title}" if self.title else "")
        return f"{head}: {self.text}" if self.text else head

    def at(self, base: str) -> Citation:
        """The same citation with its permalink made whole on the site at ``base``."""
        if "://" in self.permalink:
            return self
        return Citation(self.source, self.number, self.title, self.text, base.rstrip("/") + self.permalink)

    def __str__(self) -> str:
        return f"{self.lead} ({self.permalink})"


def one_line(text: str | None) -> str:
    """A text's words on one line.

    >>> one_line("Players compare\\n power totals. ")
    'Players compare power totals.'
    """
    return " ".join((text or "").split())


def source_name(graph: RuleGraph, document: str) -> str:
    """How a ruling names a document: ``CR 3.4`` for the CCG's comprehensive
    rules, ``CR 3.4 (PDF extract)`` for a rendering, ``CR earlier edition``,
    ``TCG Official Rules``; its glossary adds ``Glossary``."""
    data = graph.node(document)
    if data.get("within") and data["doc_kind"] == "glossary":
        return f"{source_name(graph, data['within'])} Glossary"
    edition = data["edition"]
    if data.get("rendering_of"):
        base = graph.node(data["rendering_of"])["edition"]
        edition = f"{base} (PDF extract)" if "pdf" in edition else f"{base} ({edition})"
    elif not edition[:1].isdigit():
        edition = f"{edition} edition" if edition != "official" else "Official Rules"
    if data["game"] == "tcg":
        return f"TCG {edition}"
    return f"CR {edition}" if data["doc_kind"] == "comprehensive rules" else f"{data['title']} {edition}"


def rule_number(data: dict) -> str:
    """The number a rule is cited by: its number in the graph, saying which
    printed number it stands for where the two differ.

    >>> rule_number({"key": "514.4c", "number": "514.4c"})
    '514.4c'
    >>> rule_number({"key": "604.1", "number": "601.1"})
    '604.1 (printed as 601.1)'
    >>> rule_number({"key": "705.2b~2", "number": "705.2b"})
    '705.2b (the second 705.2b)'
    """
    key = data["key"]
    base, _, repeat = key.partition("~")
    if repeat:
        return f"{base} (the {ORDINALS.get(int(repeat), f'{repeat}th')} {base})"
    printed = data.get("number")
    return f"{key} (printed as {printed})" if printed and printed != key else key


def citation(graph: RuleGraph, node: str, permalink: str) -> Citation:
    """The citation of a rule or glossary entry, with ``permalink`` (its
    page's address, a path or a whole address).

    Raises :class:`UnknownRuleError` for a node that is not in the graph and
    :class:`ValueError` for one that is neither a rule nor a glossary entry.
    """
    if node not in graph:
        raise UnknownRuleError(node, [])
    data = graph.node(node)
    if data["kind"] == "rule":
        number, title = rule_number(data), one_line(data.get("title"))
    elif data["kind"] == "glossary":
        number, title = data["title"], ""
    else:
        raise ValueError(f"{node}: only a rule or a glossary entry is cited, not a {data['kind']}")
    return Citation(source_name(graph, data["document"]), number, title, one_line(data.get("text")), permalink)
