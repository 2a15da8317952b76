"""The documents a diff compares: an edition or document id resolved to a
document of the graph, the check that two documents are editions of one
text, and a document's rules and glossary read back from the graph."""

from __future__ import annotations

from rulebase.errors import RulebaseError
from rulebase.graph import RuleGraph
from rulebase.model import Rule, RuleNumber


class DiffError(RulebaseError):
    """Raised when two documents cannot be compared (not editions of one text)."""


class UnknownEditionError(RulebaseError, LookupError):
    """Raised when an edition or document id names no document."""

    def __init__(self, query: str, suggestions: list[str]):
        self.query = query
        self.suggestions = suggestions
        super().__init__(f"no edition or document {query!r}; the editions are {', '.join(suggestions)}")


def resolve_document(graph: RuleGraph, text: str, game: str | None = None) -> str:
    """The document a user means by an edition (``earlier``, ``3.4``) or a
    document id (``ccg/earlier``, ``ccg/3.4/glossary``).

    An edition names the comprehensive rules of that edition (a rendering
    such as ``3.4-pdf`` too).  Raises :class:`UnknownEditionError` listing
    the editions otherwise.
    """
    wanted = (text or "").strip()
    documents = [d for d in graph.documents() if game is None or d["game"] == game]
    if wanted in graph and graph.node(wanted)["kind"] == "document":
        return wanted
    matches = [d for d in documents if d["edition"] == wanted or d["id"].split("/", 1)[-1] == wanted]
    rules = [d for d in matches if d["doc_kind"] == "comprehensive rules"]
    chosen = rules or [d for d in matches if d.get("family")]
    if chosen:
        return chosen[0]["id"]
    editions = [f"{d['edition']} ({d['id']})" for d in documents if d["doc_kind"] == "comprehensive rules"]
    raise UnknownEditionError(wanted, editions)


def document_rules(graph: RuleGraph, document: str) -> list[Rule]:
    """The rules of a document, rebuilt from the graph's nodes."""
    rules = []
    for node in graph.nodes("rule", document):
        data = graph.node(node)
        number = RuleNumber.parse(data["canonical"])
        rules.append(Rule(number=number, printed_number=data["number"], text=data["text"], printed=data["printed"],
                          line=data["line"], title=data.get("title"), is_section=bool(data.get("heading")),
                          id_suffix=data["key"][len(data["canonical"]):], references=list(data.get("references", []))))
    return rules


def glossary_document(graph: RuleGraph, document: str) -> str | None:
    """The document holding the glossary of a rules document (or itself)."""
    if graph.nodes("glossary", document):
        return document
    for other in graph.documents():
        if other.get("within") == document and other["doc_kind"] == "glossary":
            return other["id"]
    return None


def check_same_text(graph: RuleGraph, old: str, new: str) -> None:
    """Raises :class:`DiffError` unless two documents are editions of one text."""
    if old == new:
        raise DiffError(f"{old} and {new} are the same document")
    old_family, new_family = graph.node(old).get("family"), graph.node(new).get("family")
    if not old_family or old_family != new_family:
        raise DiffError(f"{old} and {new} are not editions of the same text "
                        f"({old_family or 'no rules text'} and {new_family or 'no rules text'})")
