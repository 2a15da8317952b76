"""The card errata chapter (``grammar/errata.lark``): one :class:`Erratum` per card.

A row prints the card's name as ``Title Subtitle`` run together
(``Starlight Glimmer Chrono Trigger``).  :func:`split_card` splits it at the
longest character title listed in ``grammar/card-titles.txt``; a name that
starts with no listed title is a card without a subtitle.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from lark import Token, Transformer, v_args

from rulebase import paths
from rulebase.model import Erratum, Mark
from rulebase.parse import common
from rulebase.parse.text import split_lines

_SPACES = re.compile(r"[ \t]+")
_SPACES_AROUND_BREAK = re.compile(r" *\n *")
# "flipped</u> ," and "your hand ." keep the space that stood before a tag or
# the end of a line in the publisher's file; "card. ..." is left alone.
_SPACE_BEFORE_PUNCTUATION = re.compile(r"(?<=[^\s.]) +(?=[.,;:!?])")

_BREAK = "\n"


def _plain(text: str) -> str:
    """``text`` with runs of spaces collapsed, no spaces around paragraph
    breaks or before punctuation, and none at either end."""
    text = _SPACES.sub(" ", text)
    text = _SPACES_AROUND_BREAK.sub(_BREAK, text)
    text = _SPACE_BEFORE_PUNCTUATION.sub("", text)
    return text.strip()


@lru_cache(maxsize=None)
def card_titles() -> tuple[str, ...]:
    """The character titles of ``grammar/card-titles.txt``, longest first."""
    path = paths.GRAMMAR / "card-titles.txt"
    titles = []
    for line in split_lines(path.read_text(encoding="utf-8")):
        line = line.strip()
        if line and not line.startswith("#"):
            titles.append(line)
    return tuple(sorted(set(titles), key=len, reverse=True))


def split_card(name: str) -> tuple[str, str | None]:
    """Split a card's printed name into its title and subtitle.

    >>> split_card("Princess Twilight Sparkle Ambassador of Friendship")
    ('Princess Twilight Sparkle', 'Ambassador of Friendship')
    >>> split_card("Pie Family Rock Farm")
    ('Pie Family Rock Farm', None)
    """
    name = " ".join(name.split())
    for title in card_titles():
        if name == title:
            return name, None
        if name.startswith(title + " "):
            return title, name[len(title) + 1:]
    return name, None


@dataclass
class _Passage:
    """One text of an erratum: its side (``old``, ``new`` or an unlabelled
    ``text``), its ``(kind, text)`` pieces, where kind is ``plain`` or a
    :class:`Mark` kind, and the line of the parsed text it ends on."""

    side: str
    pieces: list[tuple[str, str]]
    end_line: int

    def render(self, *, keep_deleted: bool) -> tuple[str, list[Mark]]:
        """The plain text and the marks.  The old side keeps struck text
        (it was the printed wording); the corrected side drops it."""
        words = []
        marks = []
        for kind, text in self.pieces:
            if kind == "plain":
                words.append(text)
            elif kind == "break":
                words.append(_BREAK)
                marks.append(Mark("break", _BREAK))
            else:
                marks.append(Mark(kind, _plain(text)))
                if kind == "insert" or keep_deleted:
                    words.append(text)
        return _plain("".join(words)), marks


class ErrataTransformer(Transformer):
    """Turns the tree of ``errata.lark`` into :class:`Erratum` values.

    ``source`` is the parsed text and ``first_line`` the document line it
    starts on, for each erratum's ``printed`` text and ``line``.
    """

    def __init__(self, source: str, first_line: int = 1):
        super().__init__()
        self.lines = split_lines(source)
        self.first_line = first_line

    def start(self, items):
        errata = []
        set_name = ""
        for item in items:
            if isinstance(item, Erratum):
                item.set_name = set_name
                errata.append(item)
            else:
                set_name = item
        return errata

    def set_heading(self, items):
        return str(items[0]).strip()

    @v_args(meta=True)
    def row(self, meta, items):
        title, subtitle = split_card(str(items[0]))
        return self._erratum(meta, title, subtitle, items[1:])

    @v_args(meta=True)
    def block(self, meta, items):
        names = [str(item).strip() for item in items if isinstance(item, Token)]
        if len(names) == 2:
            title, subtitle = names
        else:
            title, subtitle = split_card(names[0])
        passages = [item for item in items if not isinstance(item, Token)]
        return self._erratum(meta, title, subtitle, passages)

    @v_args(meta=True)
    def old(self, meta, items):
        return _Passage("old", self._pieces(items), meta.end_line)

    @v_args(meta=True)
    def new(self, meta, items):
        return _Passage("new", self._pieces(items), meta.end_line)

    @v_args(meta=True)
    def text(self, meta, items):
        return _Passage("text", self._pieces(items), meta.end_line)

    def change(self, items):
        return _plain(str(items[0]))

    def insert(self, items):
        return [("insert", text) if kind == "plain" else (kind, text)
                for kind, text in self._pieces(items)]

    def delete(self, items):
        return [("delete", str(items[0]))]

    def paragraph_break(self, items):
        return [("break", _BREAK)]

    @staticmethod
    def _pieces(items) -> list[tuple[str, str]]:
        pieces = []
        for item in items:
            if isinstance(item, Token):
                pieces.append(("plain", str(item)))
            else:
                pieces.extend(item)
        return pieces

    def _erratum(self, meta, title, subtitle, items) -> Erratum:
        # The entry's own meta ends after the line break that follows it, so
        # its last line is the last line of its last text.
        end_line = max([meta.line] + [item.end_line for item in items if isinstance(item, _Passage)])
        erratum = Erratum(
            set_name="",
            title=title,
            subtitle=subtitle,
            old=None,
            new=None,
            printed="\n".join(self.lines[meta.line - 1:end_line]),
            line=self.first_line + meta.line - 1,
        )
        olds, news = [], []
        for item in items:
            if isinstance(item, str):
                erratum.changes.append(item)
                continue
            text, marks = item.render(keep_deleted=item.side == "old")
            if item.side == "old":
                olds.append(text)
                erratum.old_marks.extend(marks)
            else:
                erratum.new_marks.extend(marks)
                (news if item.side == "new" else erratum.texts).append(text)
        erratum.old = _BREAK.join(olds) if olds else None
        erratum.new = _BREAK.join(news) if news else None
        return erratum


def parse_errata(text: str, *, document: str, first_line: int = 1) -> list[Erratum]:
    """Parse the card errata chapter, from its heading
    (``10. My Little Pony CCG Card Errata``) up to the next chapter.

    ``first_line`` is the document line ``text`` starts on.  Raises
    :class:`~rulebase.errors.ParseError` for text the grammar does not
    accept (an unclosed ``<u>`` or ``~~``, an ``OLD:`` without its quote).
    """
    if not text.endswith("\n"):
        text += "\n"
    tree = common.parse("errata", text, document=document, first_line=first_line)
    return ErrataTransformer(text, first_line).transform(tree)
