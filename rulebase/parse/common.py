"""What every parser shares: loading grammars and turning lark's errors into
:class:`~rulebase.errors.ParseError` with the document's own line numbers."""

from __future__ import annotations

from functools import lru_cache

from lark import Lark
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError

from rulebase import paths
from rulebase.errors import ParseError
from rulebase.parse.text import split_lines


@lru_cache(maxsize=None)
def load(name: str, start: str = "start") -> Lark:
    """The LALR parser for ``grammar/<name>.lark`` (built once per process)."""
    return Lark.open(
        str(paths.grammar(name)),
        parser="lalr",
        lexer="contextual",
        propagate_positions=True,
        maybe_placeholders=False,
        start=start,
        import_paths=[str(paths.GRAMMAR)],
    )


def parse(name: str, text: str, *, document: str, first_line: int = 1, expected: str = ""):
    """Parse ``text`` with grammar ``name``.

    ``first_line`` is the line of the document where ``text`` starts, so that
    errors and positions name the document's own lines.  A text that does
    not match raises :class:`ParseError` quoting the offending line.
    """
    try:
        return load(name).parse(text)
    except UnexpectedInput as error:
        line = getattr(error, "line", 1) or 1
        column = getattr(error, "column", 1) or 1
        lines = split_lines(text)
        quoted = lines[line - 1] if 0 < line <= len(lines) else ""
        if isinstance(error, UnexpectedCharacters):
            message = "unexpected text"
        elif isinstance(error, UnexpectedToken):
            message = f"unexpected {error.token.type.lower().replace('_', ' ').strip()}"
        elif isinstance(error, UnexpectedEOF):
            message = "unexpected end of text"
        else:
            message = "cannot parse"
        if expected:
            message += f" (expected {expected})"
        raise ParseError(document, first_line + line - 1, column, message, quoted.strip()) from None


def transform(transformer, tree):
    """Apply a Transformer, letting a ParseError it raises through unwrapped."""
    try:
        return transformer.transform(tree)
    except VisitError as error:
        if isinstance(error.orig_exc, ParseError):
            raise error.orig_exc from None
        raise
