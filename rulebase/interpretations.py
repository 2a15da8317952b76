"""How the engines read the rules where the rules leave a choice: a gap, an
ambiguity or a contradiction.

Each engine writes its interpretations once, in a TOML file beside its code
(:data:`FILES`): one ``[[interpretation]]`` table per entry, with the
``rule`` it reads, the words of that rule it reads (``reads``, quoted from
the rule's text), how it reads them (``reading``) and ``why``.  This module
reads those files, checks every entry against the rule graph (the rule is
one of the game's current rules and its text holds the quoted words) and
gives the entries to the rule pages, ``rulebase show``, ``rulebase test
--explain`` and ``rulebase lint``.

A file that is not TOML, or an entry without a field, is an
:class:`InterpretationError` naming the file, the entry and what is wrong;
an entry that no longer matches the rules is one too, and ``rulebase lint``
lists every such entry.
"""

from __future__ import annotations

import re
import threading
import tomllib
import weakref
from dataclasses import asdict, dataclass
from pathlib import Path

from rulebase import paths
from rulebase.errors import RulebaseError, UnknownRuleError

FILES = {
    "tcg": "engine/tcg/interpretations.toml",
}
"""Game -> its engine's interpretation file, under the package.  A game
that is not here (or whose file does not exist yet) has none."""

FIELDS = ("rule", "reads", "reading", "why")
"""The fields of an entry, every one of them required."""


@dataclass(frozen=True)
class Problem:
    """What is wrong with an interpretation file or one of its entries:
    ``entry`` is the entry's number in the file (from 1; 0 for the file as
    a whole), ``line`` the line it starts on (0 when not known)."""

    path: str
    entry: int
    line: int
    message: str
    game: str = ""
    rule: str | None = None
    column: int = 0

    @property
    def where(self) -> str:
        """``file:line`` (with ``:column`` where known), or the file alone."""
        if not self.line:
            return self.path
        return f"{self.path}:{self.line}:{self.column}" if self.column else f"{self.path}:{self.line}"

    @property
    def what(self) -> str:
        """What is wrong, with the entry's number (``entry 4: no 'why'``)."""
        return f"entry {self.entry}: {self.message}" if self.entry else self.message

    def __str__(self) -> str:
        return f"{self.where}: {self.what}"


class InterpretationError(RulebaseError):
    """Raised for an interpretation file that cannot be read (not TOML, an
    entry without a field or with one that is not text) or whose entries do
    not match the rules (a rule that does not exist, quoted words that are
    not in the rule's text).  Prints as ``file:line: entry N: what is wrong``."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        message = str(problems[0])
        if len(problems) > 1:
            message += f" (and {len(problems) - 1} more; rulebase lint lists them all)"
        super().__init__(message)


@dataclass(frozen=True)
class Interpretation:
    """One reading of a rule by a game's engine."""

    game: str
    rule: str
    reads: str
    reading: str
    why: str
    path: str
    entry: int
    line: int = 0

    @property
    def where(self) -> str:
        """The entry's place in its file (``rulebase/engine/tcg/interpretations.toml:24``)."""
        return f"{self.path}:{self.line}" if self.line else self.path

    def as_dict(self) -> dict:
        return {**asdict(self), "where": self.where}


def file_of(game: str) -> Path | None:
    """The interpretation file of a game's engine, or None if it has none."""
    name = FILES.get(game)
    if name is None:
        return None
    path = paths.PACKAGE / name
    return path if path.is_file() else None


def shown(path: Path) -> str:
    """A file's path as messages show it: from the checkout (or the
    installed package's directory) when it is inside, else in full."""
    try:
        return path.resolve().relative_to(paths.PACKAGE.parent).as_posix()
    except ValueError:
        return str(path)


# -- reading a file ------------------------------------------------------------

_ENTRY_HEADER = re.compile(r"^[ \t]*\[\[[ \t]*interpretation[ \t]*\]\]", re.MULTILINE)
_DECODE_PLACE = re.compile(r"\s*\(at line (\d+), column (\d+)\)$")


def read(path: Path, game: str) -> list[Interpretation]:
    """The entries of an interpretation file, each checked for its fields
    (but not against the rules: see :func:`problems`).

    Raises :class:`InterpretationError` for a file that is not TOML or an
    entry that is malformed."""
    where = shown(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise InterpretationError([Problem(where, 0, 0, f"can't be read: {error}", game)]) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        place = _DECODE_PLACE.search(message)
        line, column = (int(place.group(1)), int(place.group(2))) if place else (0, 0)
        raise InterpretationError([Problem(where, 0, line, f"not TOML: {_DECODE_PLACE.sub('', message)}", game,
                                           column=column)]) from None
    found = _problems_of_shape(data, where, game, text)
    if found:
        raise InterpretationError(found)
    lines = _entry_lines(text)
    return [Interpretation(game, entry["rule"].strip(), entry["reads"].strip(), entry["reading"].strip(),
                           entry["why"].strip(), where, number, lines.get(number, 0))
            for number, entry in enumerate(data.get("interpretation", []), 1)]


def _entry_lines(text: str) -> dict[int, int]:
    """The line of each ``[[interpretation]]`` header, by entry number."""
    return {number: text.count("\n", 0, match.start()) + 1
            for number, match in enumerate(_ENTRY_HEADER.finditer(text), 1)}


def _problems_of_shape(data: dict, where: str, game: str, text: str) -> list[Problem]:
    unknown = [key for key in data if key != "interpretation"]
    if unknown:
        return [Problem(where, 0, 0, f"unknown table or key {unknown[0]!r} "
                                     "(the file holds only [[interpretation]] entries)", game)]
    entries = data.get("interpretation", [])
    if not isinstance(entries, list):
        return [Problem(where, 0, 0, "'interpretation' must be a list of entries: write each as [[interpretation]]",
                        game)]
    lines = _entry_lines(text)
    found = []
    for number, entry in enumerate(entries, 1):
        line = lines.get(number, 0)
        if not isinstance(entry, dict):
            found.append(Problem(where, number, line, "an entry must be a table of rule, reads, reading and why", game))
            continue
        rule = entry.get("rule") if isinstance(entry.get("rule"), str) else None
        for key in entry:
            if key not in FIELDS:
                found.append(Problem(where, number, line, f"unknown field {key!r} (the fields are "
                                                          f"{', '.join(FIELDS)})", game, rule))
        for key in FIELDS:
            value = entry.get(key)
            if value is None:
                found.append(Problem(where, number, line, f"no {key!r}", game, rule))
            elif not isinstance(value, str):
                found.append(Problem(where, number, line, f"{key!r} must be text, not {type(value).__name__}",
                                     game, rule))
            elif not value.strip():
                found.append(Problem(where, number, line, f"{key!r} is empty", game, rule))
    return found


# -- checking against the rules -----------------------------------------------

_QUOTES = {"'": "['‘’]", "‘": "['‘’]", "’": "['‘’]", '"': '["“”]', "“": '["“”]', "”": '["“”]'}


def _pattern(words: str) -> re.Pattern:
    return re.compile(r"\s+".join("".join(_QUOTES.get(c, re.escape(c)) for c in word) for word in words.split()))


def find(words: str, text: str) -> tuple[int, int] | None:
    """Where ``words`` are in ``text`` (start and end), whatever the
    whitespace between them and whichever quote marks, or None.

    >>> find("can't  be\\nmoved", "A card can’t be moved to its area.")
    (7, 21)
    >>> find("can be moved", "A card can’t be moved.") is None
    True
    """
    match = _pattern(words).search(text)
    return match.span() if match and words.strip() else None


def problems(graph, entries: list[Interpretation]) -> list[Problem]:
    """Each entry that does not match the rules of ``graph``: its rule is
    not one of the game's current rules, or the rule's text does not hold
    the words it quotes."""
    found = []
    documents: dict[str, str | None] = {}
    for entry in entries:
        if entry.game not in documents:
            try:
                documents[entry.game] = graph.current_edition(entry.game)
            except UnknownRuleError:
                documents[entry.game] = None
        document = documents[entry.game]
        if document is None:
            found.append(_problem(entry, f"the rule graph has no current rules of the {entry.game.upper()}"))
            continue
        node = f"{document}/{entry.rule}"
        if node not in graph or graph.node(node)["kind"] != "rule":
            found.append(_problem(entry, f"no rule {entry.rule!r} in {document}"
                                         + _closest(graph, entry.rule, entry.game)))
            continue
        if find(entry.reads, graph.node(node).get("text") or "") is None:
            found.append(_problem(entry, f"'reads' is not in the text of {entry.rule}: {_quoted(entry.reads)}"))
    return found


def _problem(entry: Interpretation, message: str) -> Problem:
    return Problem(entry.path, entry.entry, entry.line, message, entry.game, entry.rule)


def _closest(graph, rule: str, game: str) -> str:
    try:
        graph.resolve(rule, game=game)
    except UnknownRuleError as error:
        return "; the closest are " + ", ".join(error.suggestions) if error.suggestions else ""
    except RulebaseError:
        return ""
    return ""


def _quoted(text: str, limit: int = 80) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= limit else text[:limit - 3] + "...")


def check(graph, games=None) -> list[Problem]:
    """Everything wrong with the interpretation files of ``games`` (every
    game of :data:`FILES` by default) against ``graph``, without raising:
    what ``rulebase lint`` reports."""
    found = []
    for game in games or FILES:
        path = file_of(game)
        if path is None:
            continue
        try:
            entries = read(path, game)
        except InterpretationError as error:
            found += error.problems
            continue
        found += problems(graph, entries)
    return found


# -- looking up ------------------------------------------------------------------

_lock = threading.Lock()
_cache: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _by_node(graph, game: str) -> dict[str, list[Interpretation]]:
    path = file_of(game)
    if path is None:
        return {}
    key = (game, str(path), path.stat().st_mtime_ns)
    with _lock:
        known = _cache.setdefault(graph, {})
        if key not in known:
            entries = read(path, game)
            found = problems(graph, entries)
            if found:
                raise InterpretationError(found)
            document = graph.current_edition(game)
            by_node: dict[str, list[Interpretation]] = {}
            for entry in entries:
                by_node.setdefault(f"{document}/{entry.rule}", []).append(entry)
            known[key] = by_node
        return known[key]


def all_interpretations(graph, game: str) -> list[Interpretation]:
    """Every interpretation of a game's engine, in the file's order, checked
    against ``graph`` once per graph (and file).

    Raises :class:`InterpretationError` when the file or an entry is wrong."""
    return sorted((entry for entries in _by_node(graph, game).values() for entry in entries),
                  key=lambda entry: entry.entry)


def interpretations_of(graph, node: str) -> list[Interpretation]:
    """The interpretations of one rule (a node id such as
    ``tcg/official/404.6.0``): none for a node that is not a rule of its
    game's current document, or whose game's engine has none."""
    if node not in graph:
        return []
    data = graph.node(node)
    game = data.get("game")
    if data.get("kind") != "rule" or game not in FILES:
        return []
    return list(_by_node(graph, game).get(node, []))
