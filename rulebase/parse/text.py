"""Lines and clean text, the same way for every document.

:func:`split_lines` cuts a document into the lines its grammar's positions
count.  The documents keep their text as printed; the other functions give
the clean text the knowledge base shows, indexes and compares.

>>> clean("It gets $-X$ power  until the “end”.")
'It gets -X power until the "end".'
>>> clean(r"Opponents need $+ [X \\text{ wild}]$ to confront")
'Opponents need +[X wild] to confront'
"""

from __future__ import annotations

import re

_QUOTES = str.maketrans({"“": '"', "”": '"', "‘": "'", "’": "'", "\u00a0": " "})
_LATEX_TEXT = re.compile(r"\\text\{\s*([^}]*)\}")
_LATEX_COMMAND = re.compile(r"\\[A-Za-z]+~?")
_MATH = re.compile(r"\$([^$]*)\$")
_EMPHASIS = re.compile(r"\*{1,3}([^*]+?)\*{1,3}")
_STRAY_EMPHASIS = re.compile(r"\*{2,3}")
_SPACES = re.compile(r"[ \t]+")
_SPACE_BEFORE_PUNCTUATION = re.compile(r" +([,.;:!?)])")


def split_lines(text: str) -> list[str]:
    """The lines of ``text`` as lark numbers them: line ``n`` is ``[n - 1]``.

    Only ``\\n`` ends a line (``str.splitlines`` also breaks on form feeds,
    lone carriage returns, ``\\x1c``-``\\x1e``, ``\\x85``, ``\\u2028`` and
    ``\\u2029``, which would shift every later line); the ``\\r`` of a CRLF
    line end is not part of its line, and a final line end does not start an
    empty last line.

    >>> split_lines("(101) Deck\\x0cbuilding\\r\\nA\\u2028B\\n\\nlast\\n")
    ['(101) Deck\\x0cbuilding', 'A\\u2028B', '', 'last']
    >>> split_lines("")
    []
    >>> split_lines("a\\rb\\r")
    ['a\\rb\\r']
    """
    *ended, last = text.split("\n")
    lines = [line[:-1] if line.endswith("\r") else line for line in ended]
    return lines + [last] if last else lines


def _math(match: re.Match) -> str:
    inner = _LATEX_TEXT.sub(lambda m: " " + m.group(1).strip(), match.group(1))
    inner = _LATEX_COMMAND.sub("", inner)
    inner = re.sub(r"([+\-–])\s+(?=[\[\dX])", r"\1", inner)
    inner = re.sub(r"\[\s*", "[", inner)
    return inner.strip()


def clean(text: str) -> str:
    """The text without conversion artifacts: typographic quotes made plain,
    Markdown emphasis, LaTeX and stray icon commands removed, spaces collapsed."""
    text = text.translate(_QUOTES)
    text = _MATH.sub(_math, text)
    text = _LATEX_COMMAND.sub("", text)
    text = _EMPHASIS.sub(r"\1", text)
    text = _STRAY_EMPHASIS.sub("", text)
    text = _SPACES.sub(" ", text)
    return text.strip()


def comparable(text: str) -> str:
    """A form of the text for deciding whether two texts say the same thing:
    clean, lower case, without spacing differences around punctuation."""
    text = clean(text).lower()
    text = _SPACE_BEFORE_PUNCTUATION.sub(r"\1", text)
    return re.sub(r"\s+", " ", text).strip()


_WORD = re.compile(r"[a-z0-9]+(?:['-][a-z0-9]+)*")


def words(text: str) -> list[str]:
    """The lower-case words of a text."""
    return _WORD.findall(clean(text).lower())
