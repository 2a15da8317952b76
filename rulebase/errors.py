"""The project's exceptions, one class per kind of failure.

Every error a user can cause prints as one readable line; none of them should
reach the user as a traceback.
"""

from __future__ import annotations


class RulebaseError(Exception):
    """Base class of every error the project raises on bad input."""


class RuleNumberError(RulebaseError, ValueError):
    """Raised when a text is not a rule number in either game's style."""

    def __init__(self, text: str):
        self.text = text
        super().__init__(f"not a rule number: {text!r}")


class ParseError(RulebaseError):
    """Raised when a document does not match its grammar.

    Prints as ``document:line:column: what is wrong: 'the input'``.
    """

    def __init__(self, document: str, line: int, column: int, message: str, text: str = ""):
        self.document = document
        self.line = line
        self.column = column
        self.message = message
        self.text = text
        super().__init__(str(self))

    def __str__(self) -> str:
        snippet = self.text if len(self.text) <= 80 else self.text[:77] + "..."
        where = f"{self.document}:{self.line}:{self.column}"
        return f"{where}: {self.message}: {snippet!r}" if self.text else f"{where}: {self.message}"


class UnknownRuleError(RulebaseError, LookupError):
    """Raised when a rule number or id names nothing in the graph.

    ``suggestions`` holds the closest existing numbers, best first.
    """

    def __init__(self, query: str, suggestions: list[str]):
        self.query = query
        self.suggestions = suggestions
        message = f"no rule {query!r}"
        if suggestions:
            message += "; the closest are " + ", ".join(suggestions)
        super().__init__(message)


class ManifestError(RulebaseError):
    """Raised when the corpus manifest is missing a field or names a missing file, or
    a corpus file's bytes are not the ones whose SHA-256 the manifest lists."""


class CardDataError(RulebaseError):
    """Raised when the card data can't be read: a file that is not
    well-formed XML or declares a document type, a set or card without what
    it needs.  Names the file and, once it has been read, the line:
    ``Sets/s1/set.xml:12: a card needs an id and a name: it has no name``."""
