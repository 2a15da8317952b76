"""Deck lists: reading and writing OCTGN deck files (``.o8d``) and the plain
text lists players paste, as a :class:`Deck` of the card database's cards.

A text list has one card a line, its copies before or after the name::

    Mane Character
    1 Applejack, Steadfast Farmpony
    Problems:
    2x Runaway Cart
    // a comment
    Draw Deck (45)
    Comet Tail - Hale Bopper x3
    2 Comet Tail (CG7)

A line without copies is one copy.  Section headers are optional; where
they name the Mane Character, the Problem Deck or the Draw Deck (or a
draw deck's card type: Friends, Events, ...) the cards under them go
there, otherwise each card goes where its type does.  A set's collector
number (``PR16``, ``PR #16``) or set name in brackets after the name picks
among cards of that name.  Names are compared folded (case, accents and
punctuation, :func:`~rulebase.cards.model.fold`) on title and subtitle; a
name that is no card, or more than one, is a :class:`DeckError` naming the
line and giving the closest names.

Whatever is wrong with a list is a :class:`DeckError` naming the document
and line; input is bounded (:data:`MAX_BYTES`, :data:`MAX_LINES`) and an
``.o8d`` is read by the hardened XML reader (no document type declaration).

>>> deck = read_text("Mane Character\\n1 Applejack, Steadfast Farmpony\\nProblems:\\n2x Runaway Cart\\n3 Comet Tail (PR54)")
>>> [(card.id, copies) for card, copies in deck.mane + deck.problems + deck.draw]
[('applejack-steadfast-farmpony', 1), ('runaway-cart', 2), ('comet-tail-hale-bopper', 3)]
>>> read_text("3 Rainbow Das")
Traceback (most recent call last):
...
rulebase.cards.decks.DeckError: deck:1: no card is called 'Rainbow Das'; the closest are Rainbow Dash; ...
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

from rulebase.cards import xmlfile
from rulebase.cards.database import CardDatabase, load
from rulebase.cards.model import Card, fold
from rulebase.errors import CardDataError, RulebaseError

MAX_BYTES = 64 * 1024
"""The largest deck list read, in bytes."""
MAX_LINES = 300
"""The most lines a deck list may have."""
MAX_LINE = 200
"""The longest card line read, in characters."""
MAX_COPIES = 99
"""The most copies of a card one line of a deck (a list or an OCTGN file) may ask for."""
GAME_ID = "65656467-b709-43b2-a5c6-80c2f216adf9"
"""The OCTGN game id of the MLP CCG, written in ``.o8d`` files."""

MANE, PROBLEMS, DRAW = "Mane Character", "Problems", "Draw Deck"
_TYPE_SECTIONS = {"Friend": "Friends", "Event": "Events", "Resource": "Resources", "Troublemaker": "Troublemakers"}


class DeckError(RulebaseError):
    """Raised when a deck list can't be read: too large, not a deck, a line
    that is no card line, a card name that is no card or more than one.
    Names the document and line: ``deck.txt:3: no card is called 'X'``."""


Entry = tuple[Card, int]
"""A card of a deck and its copies."""


@dataclass(frozen=True)
class Deck:
    """A deck: its Mane Character, Problem Deck and Draw Deck, each as
    ``(card, copies)`` in the order read (a list may name more than one
    Mane Character or put a card in the wrong part: the rules judge that,
    :mod:`rulebase.cards.legality`)."""

    name: str
    mane: tuple[Entry, ...] = ()
    problems: tuple[Entry, ...] = ()
    draw: tuple[Entry, ...] = ()

    def cards(self) -> list[Card]:
        """Every card of the deck, once each."""
        return list(dict.fromkeys(card for card, _ in self.mane + self.problems + self.draw))

    def count(self, part: str) -> int:
        """How many cards ``part`` (``mane``, ``problems``, ``draw``) holds."""
        return sum(copies for _, copies in getattr(self, part))

    def as_dict(self) -> dict:
        """The deck as JSON-ready values."""
        return {"name": self.name, **{part: [{"id": card.id, "name": card.full_name, "copies": copies}
                                             for card, copies in getattr(self, part)]
                                      for part in ("mane", "problems", "draw")}}


# -- section headers -----------------------------------------------------------

def _part_of_header(text: str) -> str | None:
    """The part a section header names (``mane``, ``problems``, ``draw``),
    or ``None`` for a header that names none ("Notes")."""
    words = fold(text)
    words = re.sub(r"\s*\d+$", "", words)
    if re.fullmatch(r"(mane|mane characters?|characters?)", words):
        return "mane"
    if re.fullmatch(r"(starting )?problems?( deck)?", words):
        return "problems"
    if re.fullmatch(r"(draw( deck)?|deck|main( deck)?|friends?|events?|resources?|troublemakers?)", words):
        return "draw"
    return None


def _part_of_card(card: Card) -> str:
    return {"Mane Character": "mane", "Problem": "problems"}.get(card.type or "", "draw")


# -- names -----------------------------------------------------------------------

class _Names:
    """The card database's cards by folded full name, folded title and
    normalised collector number."""

    def __init__(self, database: CardDatabase):
        self.by_full: dict[str, list[Card]] = {}
        self.by_title: dict[str, list[Card]] = {}
        self.by_number: dict[str, list[Card]] = {}
        for card in database.cards:
            if card.type is None or not card.printings:
                continue
            self.by_full.setdefault(fold(card.full_name), []).append(card)
            self.by_title.setdefault(fold(card.name), []).append(card)
            for printing in card.printings:
                if printing.number:
                    self.by_number.setdefault(_number(printing.number), []).append(card)
        self.sets = {fold(name): name for name in database.counts_by_set()}
        self.display = {key: cards[0].name for key, cards in self.by_title.items()}
        self.display.update({key: cards[0].full_name for key, cards in self.by_full.items()})
        self.folded = sorted(self.display)

    def closest(self, name: str, limit: int = 5) -> list[str]:
        return [self.display[key] for key in difflib.get_close_matches(fold(name), self.folded, n=limit, cutoff=0.6)]


def _number(text: str) -> str:
    """A collector number as compared: folded, without spaces or ``#``.

    >>> _number("PR #16"), _number("pr16")
    ('pr16', 'pr16')
    """
    return re.sub(r"[\s#]+", "", text).casefold()


@lru_cache(maxsize=4)
def _names(database: CardDatabase) -> _Names:
    return _Names(database)


_COPIES_FIRST = re.compile(r"^(?P<copies>[0-9]+)\s*[x×]?\s+(?P<name>.+)$", re.IGNORECASE)
_COPIES_LAST = re.compile(r"^(?P<name>.+?)\s+[x×]\s*(?P<copies>[0-9]+)$", re.IGNORECASE)
_COPIES_X_FIRST = re.compile(r"^[x×](?P<copies>[0-9]+)\s+(?P<name>.+)$", re.IGNORECASE)
_TAG = re.compile(r"^(?P<name>.+?)\s*[(\[](?P<tag>[^()\[\]]+)[)\]]$")


def _copies(text: str, where: str, line: str) -> int:
    if len(text) > 3 or not 1 <= int(text) <= MAX_COPIES:
        raise DeckError(f"{where}: copies must be a whole number from 1 to {MAX_COPIES}: {line!r}")
    return int(text)


def _find(names: _Names, name: str, tag: str | None, where: str) -> Card:
    """The one card ``name`` (and its collector number or set ``tag``) names."""
    key = fold(name)
    found = names.by_full.get(key) or names.by_title.get(key) or []
    if tag is not None:
        number, set_name = _number(tag), names.sets.get(fold(tag))
        by_number = names.by_number.get(number, [])
        if by_number or set_name is None:
            if not by_number:
                raise DeckError(f"{where}: no set or collector number {tag!r}: {name!r}")
            found = [card for card in found if card in by_number] if found else []
            if not found:
                raise DeckError(f"{where}: {tag} is {', '.join(c.full_name for c in by_number)}, not {name!r}")
        else:
            found = [card for card in found if set_name in card.sets]
            if not found and (key in names.by_full or key in names.by_title):
                raise DeckError(f"{where}: no card called {name!r} is in the set {set_name}")
    if len(found) == 1:
        return found[0]
    if not found:
        closest = names.closest(name)
        hint = f"; the closest are {'; '.join(closest)}" if closest else ""
        raise DeckError(f"{where}: no card is called {name!r}{hint}")
    options = "; ".join(f"{card.full_name} ({card.printings[0].number})" for card in found[:8])
    more = "; ..." if len(found) > 8 else ""
    raise DeckError(f"{where}: {name!r} could be any of {len(found)} cards: {options}{more}; "
                    f"give the subtitle or the collector number")


def _is_name(names: _Names, text: str) -> bool:
    key = fold(re.sub(r"\s+[-–—]\s+", ", ", text))
    return key in names.by_full or key in names.by_title


def _bounded(data: str | bytes, document: str) -> None:
    size = len(data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data)
    if size > MAX_BYTES:
        raise DeckError(f"{document}: a deck list is at most {MAX_BYTES // 1024} KB; this one is {size} bytes")


class _Builder:
    """The parts of a deck as they are read, the copies of one card in one part added up."""

    def __init__(self):
        self.parts: dict[str, Counter] = {"mane": Counter(), "problems": Counter(), "draw": Counter()}

    def add(self, part: str, card: Card, copies: int) -> None:
        self.parts[part][card] += copies

    def deck(self, name: str) -> Deck:
        return Deck(name, **{part: tuple(counter.items()) for part, counter in self.parts.items()})


# -- plain text -------------------------------------------------------------------

def read_text(text: str | bytes, name: str = "deck", database: CardDatabase | None = None) -> Deck:
    """The deck of a plain text list (see the module); ``name`` names it in errors."""
    _bounded(text, name)
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise DeckError(f"{name}: a deck list must be UTF-8 text: byte {error.start} is not") from None
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise DeckError(f"{name}: a deck list has at most {MAX_LINES} lines; this one has {len(lines)}")
    names = _names(database or load())
    builder, part, seen = _Builder(), None, False
    for number, raw in enumerate(lines, 1):
        line = raw.split("//", 1)[0].strip()
        if line.startswith("#") and not re.match(r"#\s*\d", line):
            continue
        if not line:
            continue
        where = f"{name}:{number}"
        if len(line) > MAX_LINE:
            raise DeckError(f"{where}: a card line is at most {MAX_LINE} characters: {line[:40] + '...'!r}")
        match = _COPIES_FIRST.match(line) or _COPIES_LAST.match(line) or _COPIES_X_FIRST.match(line)
        if match and _is_name(names, line):
            match = None  # a name that starts or ends with a number: "795 Wing Power", one copy
        if match:
            copies, card_name = _copies(match["copies"], where, raw.strip()), match["name"].strip()
        else:
            header = line.rstrip(":").strip()
            header = re.sub(r"\s*\(\s*[0-9]+\s*\)$", "", header)
            heading = _part_of_header(header)
            if heading is not None or line.endswith(":"):
                part = heading
                continue
            copies, card_name = 1, line
        tag = None
        tagged = _TAG.match(card_name)
        if tagged:
            card_name, tag = tagged["name"].strip(), tagged["tag"].strip()
        card_name = re.sub(r"\s+[-–—]\s+", ", ", card_name)
        card = _find(names, card_name, tag, where)
        builder.add(part or _part_of_card(card), card, copies)
        seen = True
    if not seen:
        raise DeckError(f"{name}: no card lines: a deck list has one card a line, e.g. '3 Comet Tail'")
    return builder.deck(Path(name).stem if name != "deck" else "The deck")


def write_text(deck: Deck) -> str:
    """The deck as a plain text list that :func:`read_text` reads back:
    each part under its header, a card's collector number after its name
    when its name alone names more than one card."""
    names = _names(load())
    out = []
    for title, part in ((MANE, "mane"), (PROBLEMS, "problems"), (DRAW, "draw")):
        entries = getattr(deck, part)
        if not entries:
            continue
        out.append(f"{title} ({deck.count(part)})" if part != "mane" else title)
        for card, copies in entries:
            label = card.full_name
            if len(names.by_full.get(fold(label), ())) > 1:
                label += f" ({card.printings[0].number})"
            out.append(f"{copies} {label}")
        out.append("")
    return "\n".join(out)


# -- OCTGN ------------------------------------------------------------------------

def read_o8d(data: bytes | str | Path, name: str = "deck.o8d", database: CardDatabase | None = None) -> Deck:
    """The deck of an OCTGN deck file: a path, or its bytes (an upload)."""
    database = database or load()
    if isinstance(data, Path):
        name = str(data)
        try:
            if data.stat().st_size > MAX_BYTES:
                raise DeckError(f"{name}: a deck file is at most {MAX_BYTES // 1024} KB")
        except OSError as error:
            raise DeckError(f"{name}: can't read the file ({error.strerror or error.__class__.__name__})") from None
        tree, lines = _as_deck_error(xmlfile.read_xml, data)
    else:
        raw = data.encode("utf-8") if isinstance(data, str) else data
        _bounded(raw, name)
        tree, lines = _as_deck_error(xmlfile.parse_xml, raw, name)
    if tree.tag != "deck":
        raise DeckError(f"{name}:{lines[tree]}: not an OCTGN deck: the root element is <{tree.tag}>, not <deck>")
    entries = sum(len(section.findall("card")) for section in tree.findall("section"))
    if entries > MAX_LINES:
        raise DeckError(f"{name}: a deck file has at most {MAX_LINES} cards; this one has {entries}")
    builder, seen = _Builder(), False
    for section in tree.findall("section"):
        heading = _part_of_header(section.get("name") or "")
        for entry in section.findall("card"):
            where = f"{name}:{lines[entry]}"
            label = (entry.text or "").strip()
            card = database.by_octgn_id.get((entry.get("id") or "").strip())
            if card is None:
                raise DeckError(f"{where}: card {label!r} (id {entry.get('id')!r}) is not in the card data")
            qty = (entry.get("qty") or "1").strip()
            if not re.fullmatch(r"[0-9]{1,3}", qty):
                raise DeckError(f"{where}: copies must be a whole number from 1 to {MAX_COPIES}: {qty!r}")
            builder.add(heading or _part_of_card(card), card, _copies(qty, where, qty))
            seen = True
    if not seen:
        raise DeckError(f"{name}: an OCTGN deck with no cards")
    return builder.deck(Path(name).stem)


def _as_deck_error(read, *args):
    """What the XML reader ``read`` gives of ``args``, its errors as :class:`DeckError`."""
    try:
        return read(*args)
    except CardDataError as error:
        raise DeckError(str(error)) from None


def write_o8d(deck: Deck) -> str:
    """The deck as an OCTGN deck file: its Mane Character, its Draw Deck by
    card type and its Problems, each card by its first printing's id."""
    sections: dict[str, list[Entry]] = {MANE: list(deck.mane)}
    for title in _TYPE_SECTIONS.values():
        sections[title] = []
    for card, copies in deck.draw:
        sections.setdefault(_TYPE_SECTIONS.get(card.type or "", "Friends"), []).append((card, copies))
    sections[PROBLEMS] = list(deck.problems)
    out = ['<?xml version="1.0" encoding="utf-8" standalone="yes"?>', f'<deck game="{GAME_ID}">']
    for title, entries in sections.items():
        out.append(f'  <section name={quoteattr(title)} shared="False">')
        for card, copies in entries:
            out.append(f'    <card qty="{copies}" id={quoteattr(card.printings[0].octgn_id)}>'
                       f'{escape(card.full_name)}</card>')
        out.append("  </section>")
    out += ["  <notes><![CDATA[]]></notes>", "</deck>", ""]
    return "\n".join(out)


def read(data: bytes | str, name: str, database: CardDatabase | None = None) -> Deck:
    """A deck list of either kind: an ``.o8d`` (by its name, or XML that
    starts with ``<``) or plain text."""
    head = data[:200].lstrip() if isinstance(data, str) else data[:200].lstrip(b"\xef\xbb\xbf \t\r\n")
    if name.lower().endswith(".o8d") or (head[:1] in ("<", b"<")):
        return read_o8d(data, name, database)
    return read_text(data, name, database)


def read_file(path: str | Path, database: CardDatabase | None = None) -> Deck:
    """The deck of a file, by its kind (:func:`read`), bounded before it is read."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise DeckError(f"{path}: a deck list is at most {MAX_BYTES // 1024} KB; this one is {size} bytes")
        data = path.read_bytes()
    except OSError as error:
        raise DeckError(f"{path}: can't read the file ({error.strerror or error.__class__.__name__})") from None
    if path.suffix.lower() == ".o8d":
        return read_o8d(path, database=database)
    return read(data, str(path), database)
