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
    errors and positions name the document's own lines.  The grammar reads
    the lines :func:`~rulebase.parse.text.split_lines` gives, so a CRLF line
    end is read as ``\\n`` and its ``\\r`` is in no token.  A text that does
    not match raises :class:`ParseError` quoting the offending line.
    """
    lines = split_lines(text)
    if "\r\n" in text:
        text = "\n".join(lines) + ("\n" if text.endswith("\n") else "")
    try:
        return load(name).parse(text)
    except UnexpectedInput as error:
        line = getattr(error, "line", None) or -1
        column = getattr(error, "column", None) or 1
        if line < 1:
            # No position (lark's end of text): the end of the last line.
            line = max(len(lines), 1)
            column = len(lines[-1]) + 1 if lines else 1
        quoted = lines[line - 1] if line <= len(lines) else ""
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
