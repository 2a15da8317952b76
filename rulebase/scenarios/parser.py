r"""Reading scenario files into :class:`~rulebase.scenarios.model.Scenario`
values, and checking what they cite against the rule graph: citing a rule
that does not exist is an error.

A file is read with its game's grammar (``grammar/scenario_ccg.lark`` for
the CCG), which builds on the core of the language
(``grammar/scenario_core.lark``); the game is the one its ``Game:`` line
names, before the first scenario (the CCG when there is none), and the games
are those of :mod:`rulebase.scenarios.bindings`.

>>> text = '''Scenario: Tokens
...   Rules: 604.1b
...   Given it is the start of Alice's turn
...   Then Alice has 2 action tokens
... '''
>>> parsed = parse(text, "example.scenario")
>>> [scenario] = parsed.scenarios
>>> parsed.game, scenario.name, [c.key for c in scenario.rules], scenario.steps[0].statements[0].kind
('ccg', 'Tokens', ['604.1b'], 'tokens')
>>> parse("Game: chess\nScenario: x\n", "example.scenario")
Traceback (most recent call last):
...
rulebase.scenarios.model.ScenarioError: example.scenario:1:7: no engine runs scenarios of the game 'chess' (known: ccg, tcg): 'Game: chess'
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from rulebase import paths
from rulebase.engine.expected import expected_words
from rulebase.errors import RulebaseError
from rulebase.graph import slug
from rulebase.model import RuleNumber
from rulebase.parse.text import split_lines
from rulebase.scenarios import bindings
from rulebase.scenarios.model import Block, Citation, Node, Scenario, ScenarioError, ScenarioFile

CORE = "scenario_core"
"""The grammar every game's grammar imports: ``grammar/scenario_core.lark``."""
BOM = "\ufeff"

_DESCRIPTIONS = {
    "NAME": "a player's name", "POSSESSIVE": "a player's name with 's", "STRING": "a card name in quotes",
    "INT": "a number", "SIGNED_INT": "a number", "RULE": "a rule number", "TERM": "a glossary term",
    "TEXT": "some text", "NODE_ID": "a rule graph id", "_NL": "the end of the line",
    "ARTICLE": "'a' or 'an'", "PRONOUN": "her, his or their",
}
"""The core's terminals in the words of a syntax error; each game adds its own."""

_GAME_LINE = re.compile(r"[ \t]*game:[ \t]*(.*?)[ \t]*(?:#.*)?$", re.IGNORECASE)
_SCENARIO_LINE = re.compile(r"[ \t]*scenario:", re.IGNORECASE)


class GrammarCompositionError(RulebaseError):
    """Raised for a game's grammar that leaves a rule or terminal of the
    core under the core's name space (not imported by name) or the core's
    placeholder card definition in place."""


def lark_parser(game: str) -> Lark:
    """The parser of a game's scenarios (``ccg``), built once; an
    :class:`~rulebase.scenarios.bindings.UnknownGameError` for a game whose
    grammar is not written yet."""
    return _parser(bindings.game(game).key)


@lru_cache(maxsize=None)
def _parser(key: str) -> Lark:
    name = bindings.GAMES[key].grammar
    path = paths.grammar(name)
    if not path.is_file():
        raise bindings.not_yet(key)
    parser = Lark.open(str(path), parser="lalr", lexer="contextual", propagate_positions=True,
                       maybe_placeholders=False, import_paths=[str(paths.GRAMMAR)])
    _check_composition(parser, name)
    return parser


def _check_composition(parser: Lark, name: str) -> None:
    """Every rule that names a node and every terminal of a game's grammar
    must have its own name: one that the core's name space still prefixes
    was not imported by name (its statements would not be recognised), or
    is the core's placeholder card definition, not overridden."""
    mangled = re.compile(rf"(_?){CORE}__")
    names = {rule.origin.name for rule in parser.rules if not rule.origin.name.startswith("_")}
    names |= {rule.alias for rule in parser.rules if rule.alias}
    names |= {symbol.name for rule in parser.rules for symbol in rule.expansion if symbol.is_term}
    stray = sorted({mangled.sub(r"\1", str(n)) for n in names if mangled.search(str(n))})
    if stray:
        raise GrammarCompositionError(
            f"{paths.grammar(name)}: import these from {CORE} by name (or override them): {', '.join(stray)}")


def _game_of(text: str, path: str) -> str:
    """The key of the game the ``Game:`` line names (before the first
    scenario), or the default game; a :class:`ScenarioError` at that line
    for a game no engine runs, or a second line naming another game."""
    key, where = bindings.DEFAULT, (0, 0, "")
    named_at = 0
    for number, line in enumerate(split_lines(text), start=1):
        if _SCENARIO_LINE.match(line):
            break
        match = _GAME_LINE.match(line)
        if not match:
            continue
        column = match.start(1) + 1
        try:
            named = bindings.game(match.group(1)).key
        except bindings.UnknownGameError as error:
            raise ScenarioError(path, number, column, str(error), line.strip()) from None
        if named_at and named != key:
            raise ScenarioError(path, number, column, f"line {named_at} names the game {key!r}", line.strip())
        if not named_at:
            key, where, named_at = named, (number, column, line.strip()), number
    try:
        lark_parser(key)
    except bindings.UnknownGameError as error:
        raise ScenarioError(path, *where[:2], str(error), where[2]) from None
    return key


def _expected(parser: Lark, names, descriptions: dict[str, str], near: str | None = None) -> str:
    return ", ".join(expected_words(parser, names, descriptions, 8, named=True, near=near))


def _syntax_error(error: UnexpectedInput, text: str, path: str, game: str) -> ScenarioError:
    parser = lark_parser(game)
    descriptions = {**_DESCRIPTIONS, **bindings.GAMES[game].descriptions}
    line = getattr(error, "line", 1) or 1
    column = getattr(error, "column", 1) or 1
    lines = split_lines(text)
    quoted = lines[line - 1].strip() if 0 < line <= len(lines) else ""
    here = lines[line - 1][column - 1:] if 0 < line <= len(lines) else ""
    word = (re.match(r"\S+", here) or re.match(r".?", here)).group(0)
    if isinstance(error, UnexpectedToken):
        if error.token.type == "$END":
            message = "unexpected end of file"
        elif error.token.type == "_NL":
            message = "unexpected end of the line"
        else:
            message = f"unexpected {word!r}"
        message += f" (expected {_expected(parser, error.expected, descriptions, word)})"
    elif isinstance(error, UnexpectedCharacters):
        message = f"unexpected {word!r}"
        if error.allowed:
            message += f" (expected {_expected(parser, error.allowed, descriptions, word)})"
    elif isinstance(error, UnexpectedEOF):
        message = f"unexpected end of file (expected {_expected(parser, error.expected, descriptions, word)})"
    else:
        message = "can't read this"
    trouble = _quote_trouble(lines[line - 1] if 0 < line <= len(lines) else "", column, word)
    if trouble:
        message = f"unexpected {word!r}: {trouble}"
    return ScenarioError(path, line, column, message, quoted)


_OPENING = re.compile(r'"(?:[^"\\\n]|\\["\\])*')


def _quote_trouble(line: str, column: int, word: str) -> str | None:
    """What is wrong with a card name in quotes where a line stops
    reading at ``column``: a quote inside the name not written ``\\"``
    (the line goes on, right after what read as the closing quote or with
    another quote, where a name in quotes had ended), a
    backslash before anything but a quote or a backslash, or no closing
    quote; None when the trouble is not a name's quotes."""
    at = column - 1
    if word.startswith('"'):
        opened = _OPENING.match(line, at)
        rest = line[opened.end():] if opened else ""
        if rest.startswith("\\"):
            return ("in a card name in quotes a backslash stands before a quote (\\\") "
                    "or a backslash (\\\\) only")
        if not rest.startswith('"'):
            return "the card name in quotes has no closing quote on its line"
        return None
    before = line[:at]
    if before.rstrip().endswith('"') and (before.endswith('"') or '"' in word) and '"' in line[at:]:
        return ("the card name in quotes ends at the quote before it: a quote inside a card name is "
                "written \\\" (\"Pinkie Pie, Pinkie \\\"Responsibility\\\" Pie\"), or the name is put in curly quotes (“…”)")
    return None


_ESCAPED = re.compile(r"\\([\"\\])")


def card_name(quoted: str) -> str:
    r"""The name a card name in quotes stands for: in straight quotes, a
    backslash before a quote or a backslash stands for that character; in
    curly quotes, every character stands for itself.

    >>> print(card_name(r'"Pinkie Pie, Pinkie \"Responsibility\" Pie"'))
    Pinkie Pie, Pinkie "Responsibility" Pie
    >>> print(card_name('“Photo Finish, Say "Käse!"”'))
    Photo Finish, Say "Käse!"
    """
    inner = quoted[1:-1].strip()
    return _ESCAPED.sub(r"\1", inner) if quoted.startswith('"') else inner


class Word(str):
    """A piece of text of a scenario that remembers where it was written."""

    line: int = 0
    column: int = 0


def _word(value: str, token: Token) -> Word:
    word = Word(value)
    word.line, word.column = token.line or 0, token.column or 0
    return word


class ScenarioTransformer(Transformer):
    """Turns the tree of a game's scenario grammar into scenarios of statements.

    Every sentence becomes a :class:`Node` named after its grammar rule;
    the game's binding gives the sentences their meaning.
    """

    def __init__(self, path: str, lines: list[str]):
        super().__init__()
        self.path = path
        self.lines = lines

    def __default__(self, data, children, meta):
        line = getattr(meta, "line", 0) if not getattr(meta, "empty", True) else 0
        column = getattr(meta, "column", 0) if line else 0
        text = self.lines[line - 1].strip() if 0 < line <= len(self.lines) else ""
        return Node(str(data), children, line, column, text)

    def __default_token__(self, token: Token):
        value = str(token)
        if token.type == "STRING":
            return _word(card_name(value), token)
        if token.type in ("INT", "SIGNED_INT"):
            return int(value)
        return _word(value.strip(), token)


def _citation(node: Node, key: str, document: str) -> Citation:
    return Citation(key, f"{document}/{key}", node.line, node.column)


def parse(text: str, path: str = "<scenario>") -> ScenarioFile:
    """Parse a scenario file's text with its game's grammar; raises
    :class:`ScenarioError` with the file, line and column of the first thing
    that does not read (a game no engine runs included).

    A byte order mark is skipped at the start of the text (and only there);
    lines end with a line feed or a carriage return and a line feed
    (:func:`~rulebase.parse.text.split_lines`)."""
    text = text.removeprefix(BOM)
    game = _game_of(text, path)
    try:
        tree = lark_parser(game).parse(text if text.endswith("\n") else text + "\n")
    except UnexpectedInput as error:
        raise _syntax_error(error, text, path, game) from None
    root = ScenarioTransformer(path, split_lines(text)).transform(tree)
    shared = []
    scenarios = []
    for part in root.args:
        if part.kind == "preamble":
            for item in part.args:
                if item.kind == "cards_block":
                    shared.extend(item.args)
        elif part.kind == "scenario":
            scenarios.append(_scenario(part, path, game))
    return ScenarioFile(path, game, shared, scenarios)


def _scenario(node: Node, path: str, game: str) -> Scenario:
    scenario = Scenario(name=node.args[0], path=path, line=node.line, game=game)
    for part in node.args[1:]:
        kind = part.kind
        if kind == "rules":
            scenario.rules.extend(Citation(str(value), "", value.line, value.column) for value in part.args)
        elif kind == "glossary":
            scenario.glossary.extend(Citation("glossary/" + slug(str(term)), "", term.line, term.column) for term in part.args)
        elif kind == "changed":
            rule = part.args[0]
            scenario.changed.append((Citation(str(rule), "", rule.line, rule.column),
                                     str(part.args[1]) if len(part.args) > 1 else ""))
        elif kind == "source":
            scenario.source = part.args[0]
        elif kind == "note":
            scenario.notes.append(part.args[0])
        elif kind == "cards_block":
            scenario.cards.extend(part.args)
        elif kind == "given_block":
            scenario.given.extend(part.args)
        elif kind in ("when_block", "then_block"):
            scenario.steps.append(Block(kind[:4], list(part.args)))
    return scenario


def check_citations(scenario_file: ScenarioFile, graph, document_for) -> None:
    """Resolve every citation against the rule graph: a rule, glossary entry
    or source that does not exist is a :class:`ScenarioError`.
    ``document_for(game)`` names the rules document of a game (``ccg/3.4``)."""
    path = scenario_file.path
    for scenario in scenario_file.scenarios:
        document = document_for(scenario.game)
        for citation in scenario.citations:
            citation.node = f"{document}/{citation.key}"
            if citation.node not in graph:
                if citation.key.startswith("glossary/"):
                    terms = [graph.node(n)["title"] for n in graph.nodes("glossary", f"{document}/glossary")]
                    raise ScenarioError(path, citation.line, citation.column,
                                        f"no glossary entry {citation.key[9:]!r} in {document}",
                                        "known: " + ", ".join(terms))
                close = graph.closest(citation.key, document)
                message = f"no rule {citation.key} in {document}"
                if close:
                    message += "; the closest are " + ", ".join(close)
                raise ScenarioError(path, citation.line, citation.column, message)
            if graph.node(citation.node).get("kind") == "rule" and not RuleNumber.is_valid(citation.key):
                raise ScenarioError(path, citation.line, citation.column, f"not a rule number: {citation.key}")
        if scenario.source is not None and scenario.source not in graph:
            raise ScenarioError(path, scenario.line, 1, f"the source {scenario.source!r} is not in the rule graph")


def decode(data: bytes, path: str) -> str:
    r"""The text of a scenario file's bytes, which must be UTF-8; the first
    byte that is not is a :class:`ScenarioError` naming its line, column
    and offset in the file.

    >>> decode(b"Scenario: x\n  Note: \xff\n", "x.scenario")
    Traceback (most recent call last):
    ...
    rulebase.scenarios.model.ScenarioError: x.scenario:2:9: not UTF-8 text (byte 0xff at offset 20): 'Note: �'
    """
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        start = error.start
        line_start = data.rfind(b"\n", 0, start) + 1
        line_end = data.find(b"\n", start)
        line = data[line_start:None if line_end < 0 else line_end].decode("utf-8", "replace")
        before = data[line_start:start].decode("utf-8")
        if line_start == 0:
            line, before = line.removeprefix(BOM), before.removeprefix(BOM)
        raise ScenarioError(path, data.count(b"\n", 0, start) + 1, len(before) + 1,
                            f"not UTF-8 text (byte 0x{data[start]:02x} at offset {start})", line.strip()) from None


def load(path: str | Path, graph=None, document_for=None) -> ScenarioFile:
    """Read and parse a scenario file; with a graph, check its citations."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as error:
        raise ScenarioError(str(path), 0, 0, f"can't read the file ({error.__class__.__name__})") from None
    scenario_file = parse(decode(data, str(path)), str(path))
    if graph is not None:
        check_citations(scenario_file, graph, document_for)
    return scenario_file
