"""What a scenario file holds: scenarios made of statements, each statement
a node of the sentence it was written as, with its place in the file."""

from __future__ import annotations

from dataclasses import dataclass, field

from rulebase.errors import ParseError


class ScenarioError(ParseError):
    """Raised for a scenario that can't be read or run: a syntax error, a
    rule that does not exist, an unknown card or player.  Prints as
    ``file:line:column: what is wrong: 'the line'``."""


@dataclass
class Node:
    """One sentence (or part of one) of a scenario: ``kind`` is the name of
    its grammar rule, ``args`` its parts (numbers, texts and nodes)."""

    kind: str
    args: list
    line: int = 0
    column: int = 0
    text: str = ""

    def first(self, kind: str) -> "Node | None":
        """The first part that is a node of ``kind``."""
        for arg in self.args:
            if isinstance(arg, Node) and arg.kind == kind:
                return arg
        return None

    def nodes(self, kind: str | None = None) -> list["Node"]:
        return [arg for arg in self.args if isinstance(arg, Node) and (kind is None or arg.kind == kind)]

    def values(self) -> list:
        """The parts that are not nodes."""
        return [arg for arg in self.args if not isinstance(arg, Node)]


@dataclass
class Citation:
    """A rule (or glossary entry) a scenario cites, where it is cited, and
    the id of its node in the rule graph."""

    key: str
    node: str
    line: int
    column: int


@dataclass
class Block:
    """A ``When`` block (actions) or a ``Then`` block (expectations)."""

    kind: str
    statements: list[Node]


@dataclass
class Scenario:
    name: str
    path: str
    line: int
    game: str = "ccg"
    rules: list[Citation] = field(default_factory=list)
    glossary: list[Citation] = field(default_factory=list)
    changed: list[tuple[Citation, str]] = field(default_factory=list)
    source: str | None = None
    notes: list[str] = field(default_factory=list)
    cards: list[Node] = field(default_factory=list)
    given: list[Node] = field(default_factory=list)
    steps: list[Block] = field(default_factory=list)

    @property
    def citations(self) -> list[Citation]:
        """Everything the scenario cites: its rules, glossary entries and
        the rules it says changed; each must appear in the engine's trace."""
        return self.rules + self.glossary + [citation for citation, _ in self.changed]

    @property
    def id(self) -> str:
        return f"{self.path}::{self.name}"


@dataclass
class ScenarioFile:
    path: str
    game: str
    cards: list[Node]
    scenarios: list[Scenario]
