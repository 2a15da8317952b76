"""The card errata resolved to the cards of the card database, and the
folding that finds an erratum's words in a card's text.

The errata list prints a card's title and subtitle run together
("Fluttershy Monster Tamer"), spells some subtitles otherwise than the
card ("Gyro Pointdexter" for Gyro, Poindexter) and has lost characters in
conversion ("Kitchen au Flam\ufffd\ufffd").  :func:`resolve` finds the card
(:class:`Resolution`, saying how and what differed): by the folded title
and subtitle; else by the longest card name that begins the run-together
name with a subtitle close to the rest (edit distance); else, for a name
whose characters were lost, by what is left of it; and among several
cards, by the set the erratum is listed under.  It never guesses: a name
that fits no card, or more than one, is unresolved with the reason.

A card's printed and current texts are found in one place,
:func:`rulebase.errata.card_texts` (it needs the rules' graph, which is
built from this module's resolutions); :func:`current_text` is that answer
in the shape older callers read (:class:`CurrentText`).  This module keeps
what finding an erratum's words in a card's text needs: :func:`fragment`
folds them (quotes, spacing, case, ellipses, ``①`` for ``[1]``) and
:func:`occurrences` finds them.

>>> fragment("...Harmony token...")
'harmony token'
>>> occurrences("Put this card into your hand.", fragment("...into your hand..."))
[(14, 28)]
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rapidfuzz.distance import Levenshtein

from rulebase.cards.database import CardDatabase
from rulebase.cards.model import Card, fold
from rulebase.cards.sets import data_set_name

DAMAGED = "\ufffd"
"""The replacement character: what stands where conversion lost a character."""


@dataclass(frozen=True)
class Resolution:
    """An erratum's card: ``card_id`` (None when unresolved) and ``how`` it
    was found: ``"name"``, ``"name and set"``, ``"close subtitle"``,
    ``"damaged name"`` (with `` and set`` where the set chose among
    several) or ``"unresolved"``; ``note`` says what differed, or why no
    card could be named."""

    name: str
    set_name: str
    card_id: str | None
    how: str
    note: str | None = None

    @property
    def resolved(self) -> bool:
        return self.card_id is not None


def edit_distance(a: str, b: str) -> int:
    """The Levenshtein distance of two strings (rapidfuzz's).

    >>> edit_distance("pointdexter", "poindexter"), edit_distance("", "abc")
    (1, 3)
    """
    return Levenshtein.distance(a, b)


def _close(a: str, b: str) -> int | None:
    """The edit distance of two folded subtitles if it is small enough to be a misspelling."""
    distance = edit_distance(a, b)
    return distance if distance <= max(1, min(2, len(b) // 5)) else None


def _by_close_subtitle(name: str, database: CardDatabase) -> tuple[list[Card], str | None]:
    """The cards whose name is the longest that begins ``name`` (folded, whole
    words) and whose subtitle is closest to the rest, within a misspelling."""
    words = fold(name).split()
    for cut in range(len(words) - 1, 0, -1):
        cards = database.find(" ".join(words[:cut]))
        rest = " ".join(words[cut:])
        scored = [(distance, card) for card in cards
                  if card.subtitle and (distance := _close(rest, fold(card.subtitle))) is not None]
        if scored:
            best = min(distance for distance, _ in scored)
            found = [card for distance, card in scored if distance == best]
            subtitle = " ".join(name.split()[cut:]) if len(name.split()) == len(words) else rest
            note = None if best == 0 else (f"the errata print the subtitle {subtitle!r}; "
                                           f"the card data has {found[0].subtitle!r}")
            return found, note
    return [], None


def _by_damaged_name(name: str, database: CardDatabase) -> tuple[list[Card], str | None]:
    """The cards whose full name has what is left of a name whose characters were lost."""
    pieces = [fold(piece) for piece in name.split(DAMAGED)]
    head, tail = pieces[0], pieces[-1]
    if len(head.split()) < 2:
        return [], None
    first = head[0]
    # (only names whose first character may fold to the head's are folded whole)
    maybe = [card for card in database.cards
             if card.name[:1].casefold() == first or not (card.name[:1].isascii() and card.name[:1].isalnum())]
    found = [card for card in maybe
             if (full := fold(f"{card.name} {card.subtitle or ''}")).startswith(head) and full.endswith(tail)]
    note = (f"{name!r} has lost characters in conversion ({name.count(DAMAGED)} replacement characters); "
            f"the card data names it {found[0].full_name!r}") if found else None
    return found, note


def resolve(title: str, subtitle: str | None, set_name: str, database: CardDatabase) -> Resolution:
    """The card of the erratum of ``title`` and ``subtitle`` listed under ``set_name``."""
    name = f"{title} {subtitle}" if subtitle else title
    found, how, note = list(database.find(title, subtitle or "")), "name", None
    if not found and DAMAGED in name:
        (found, note), how = _by_damaged_name(name, database), "damaged name"
    if not found:
        (found, note), how = _by_close_subtitle(name, database), "close subtitle"
        how = "name" if found and note is None else how
    in_set = data_set_name(set_name, [card_set.name for card_set in database.sets])
    if len(found) > 1 and in_set:
        narrowed = [card for card in found if in_set in card.sets]
        if narrowed:
            found, how = narrowed, f"{how} and set"
    if not found:
        return Resolution(name, set_name, None, "unresolved", f"no card of the card data is named {name!r}, "
                          "nor begins it with a subtitle close to the rest")
    if len(found) > 1:
        return Resolution(name, set_name, None, "unresolved",
                          f"{name!r} names {len(found)} cards of {set_name}: {', '.join(c.id for c in found)}")
    card = found[0]
    if in_set is None or in_set not in card.sets:
        where = f"the set {set_name!r}" if in_set is None else f"{in_set}"
        elsewhere = (f"listed under {set_name}, but {card.full_name} is printed in "
                     f"{', '.join(card.sets)}, not in {where}")
        note = "; ".join(filter(None, [note, elsewhere]))
    return Resolution(name, set_name, card.id, how, note)


# -- current text --------------------------------------------------------------------

_FOLDED = {"’": "'", "‘": "'", "`": "'", "“": '"', "”": '"', "…": "...",
           "①": "[1]", "②": "[2]", "③": "[3]", "④": "[4]", "⑤": "[5]", "⑥": "[6]"}
_ELLIPSES = re.compile(r"^\s*(?:\.{2,}|…)\s*|\s*(?:\.{2,}|…)\s*$")


def _normal(text: str) -> tuple[str, list[int]]:
    """``text`` folded for finding fragments (case, quotes, icons, runs of
    spaces and line breaks as one space), with each folded character's
    place in ``text`` (and ``len(text)`` after the last)."""
    out: list[str] = []
    where: list[int] = []
    for at, char in enumerate(text):
        if char.isspace():
            if out and out[-1] != " ":
                out.append(" ")
                where.append(at)
            continue
        for folded in _FOLDED.get(char, char).casefold():
            out.append(folded)
            where.append(at)
    where.append(len(text))
    return "".join(out), where


def fragment(text: str) -> str:
    """An erratum's fragment folded as :func:`_normal` folds, without the
    ellipses that stand for the rest of the card's text."""
    return _normal(_ELLIPSES.sub("", _ELLIPSES.sub("", text)))[0].strip()


def _data_notation(text: str) -> str:
    """An erratum's NEW fragment as the card data writes text: straight quotes, ``[1]`` icons."""
    text = _ELLIPSES.sub("", _ELLIPSES.sub("", text))
    return "".join(_FOLDED.get(char, char) if char not in "…" else "..." for char in text)


def occurrences(text: str, wanted: str) -> list[tuple[int, int]]:
    """Where the folded fragment ``wanted`` stands in ``text``: (start, end) in ``text``."""
    folded, where = _normal(text)
    found, start = [], folded.find(wanted) if wanted else -1
    while start != -1:
        found.append((where[start], where[start + len(wanted) - 1] + 1))
        start = folded.find(wanted, start + len(wanted))
    return found


STATES = {"printed": "printed", "mixed": "printed", "current": "current", "both": "current", "unknown": "unknown"}
"""The :attr:`CurrentText.state` of each :attr:`rulebase.errata.CardTexts.held`."""


@dataclass(frozen=True)
class CurrentText:
    """A card's current text as older callers read it: ``text`` (its front)
    and ``boosted`` (its other side's, if any), ``state`` what the card data
    held (``printed``: the erratum, if any, was applied to it; ``current``:
    it already holds the corrected text, or no words change; ``unknown``: a
    change can't be located and the text is the data's), ``erratum`` the
    erratum's node id (None for a card without one) and ``note`` the notes of
    its changes.  Made from :class:`rulebase.errata.CardTexts` only
    (:meth:`of`)."""

    text: str
    state: str
    erratum: str | None = None
    note: str | None = None
    boosted: str | None = None

    @classmethod
    def of(cls, texts) -> CurrentText:
        """The current text of :func:`rulebase.errata.card_texts`'s answer ``texts``."""
        state = STATES[texts.held] if texts.erratum is not None else "printed"
        note = "; ".join(dict.fromkeys(change.note for change in texts.changes if change.note)) or None
        return cls(texts.current, state, texts.erratum, note, texts.current_boosted)


def current_text(card: Card | str, graph=None) -> CurrentText:
    """The current text of a card (a :class:`Card` or its id), as
    :func:`rulebase.errata.card_texts` finds it (the one place a card's
    printed and current texts are found), in the shape of
    :class:`CurrentText`.  Raises ``KeyError`` for a card the rules' graph
    does not know.

    >>> current_text("octavia-serious-musician").state, current_text("trading-traditions").state
    ('printed', 'printed')
    >>> current_text("duck-and-cover").state, current_text("applejack-farm-foremare").erratum is None
    ('current', True)
    """
    from rulebase.errata import card_texts

    return CurrentText.of(card_texts(card, graph))


def resolutions(graph=None) -> tuple[tuple[str, Resolution], ...]:
    """Every erratum of the graph's card errata with its :class:`Resolution`
    (as the graph recorded it when it was built), in document order.

    >>> found = dict(resolutions())
    >>> found["ccg/ocr-7.2/premiere/gyro-pointdexter"].card_id
    'gyro-poindexter'
    """
    from rulebase import graph as graphs

    graph = graph or graphs.load()
    found = []
    for node in graph.nodes("erratum"):
        data = graph.node(node)
        if data.get("resolved_by") is None:
            continue
        card = graph.card_of(node)
        found.append((node, Resolution(data["title"], data["set_name"], graph.node(card)["key"] if card else None,
                                       data["resolved_by"], data.get("resolution_note"))))
    return tuple(found)
