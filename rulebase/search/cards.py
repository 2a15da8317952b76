"""Cards in the search, by name: a query that is a card's name (its title,
or its title and subtitle), case, accents and punctuation folded and a typo
or two forgiven, finds that card first.  A subtitle alone is no name
("Persistent" is a keyword before it is Lily's subtitle).

Cards are not in the word index: they are matched here, on their names
alone, so that they never change how rules are ranked for a question.  A
query reads as a card's name only when the whole of it is one (folded, or
close enough that difflib's ratio is at least :data:`CLOSE`); a question
that merely mentions a card finds rules as before.  Hits are keyed by the
card's node id in the rule graph, ``card/ccg/<card id>``.  The card's own
erratum, when the card errata name it, stays before it: it is the card's
current wording.

>>> from rulebase.graph import card_database
>>> cards = card_database()
>>> [card.full_name for card, _ in card_matches("Kitchen au Flambe", cards)]
['Kitchen au Flambé']
>>> [card.id for card, _ in card_matches("rainbow dash, flier extrordinaire", cards)]
['rainbow-dash-flier-extraordinaire']
>>> card_matches("what happens when power totals are tied", cards)
[]
"""

from __future__ import annotations

import difflib
from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache
from html import escape

import numpy as np

from rulebase.cards.database import CardDatabase
from rulebase.cards.model import Card, fold

CLOSE = 0.88
"""How alike (difflib's ratio) a query and a card's name must be to be read as that name."""

MAX_CARDS = 5
"""The most cards a search gives for a name many cards share."""

MAX_NAME = 80
"""A query longer than this (folded) is never a card's name."""

EXACT_SCORE = 2000.0
"""A card's score when the query is its name: above any rule's."""


def node_id(card: Card) -> str:
    """The card's node in the rule graph."""
    return f"card/ccg/{card.id}"


@dataclass(frozen=True)
class _Names:
    """Every folded name the cards answer to (:func:`_names`), with what the
    close matches need: each name's length and letter counts, as arrays."""

    cards: dict[str, list[tuple[Card, float]]]
    order: tuple[str, ...]
    lengths: np.ndarray
    letters: dict[str, int]
    counts: np.ndarray


@lru_cache(maxsize=4)
def _names(cards: CardDatabase) -> _Names:
    """Every folded name a card of ``cards`` answers to, with the cards and
    how well each answers (its title and subtitle best, then its title)."""
    names: dict[str, list[tuple[Card, float]]] = defaultdict(list)
    for card in cards.cards:
        title, subtitle = fold(card.name), fold(card.subtitle or "")
        answers = {f"{title} {subtitle}".strip(): 1.0}
        answers.setdefault(title, 0.99)
        for name, weight in answers.items():
            if name:
                names[name].append((card, weight))
    order = tuple(names)
    letters = {letter: column for column, letter in enumerate(sorted({letter for name in order for letter in name}))}
    counts = np.zeros((len(order), len(letters)), dtype=np.int16)
    for row, name in enumerate(order):
        for letter in name:
            counts[row, letters[letter]] += 1
    return _Names(dict(names), order, np.array([len(name) for name in order], dtype=np.int32), letters, counts)


def card_matches(query: str, cards: CardDatabase | None, limit: int = MAX_CARDS) -> list[tuple[Card, float]]:
    """The cards of ``cards`` (none when None) whose name the query is, best
    first, each with how well (1 for its title and subtitle exactly, less
    for its title alone or a name typed close to one).

    A close name is one whose ratio (difflib's) with the query is at least
    :data:`CLOSE`; it is looked for only among the names that could be: of
    a length near the query's, and sharing enough letters with it (the
    bound difflib's ``quick_ratio`` computes, here for every name at once)."""
    wanted = fold(query)
    if cards is None or not wanted or len(wanted) > MAX_NAME:
        return []
    names = _names(cards)
    found = list(names.cards.get(wanted, ()))
    if not found:
        spread = max(1, int(len(wanted) * (1 - CLOSE)) + 1)
        asked = np.zeros(len(names.letters), dtype=np.int16)
        for letter in wanted:
            column = names.letters.get(letter)
            if column is not None:
                asked[column] += 1
        near = np.flatnonzero(np.abs(names.lengths - len(wanted)) <= spread)
        shared = np.minimum(names.counts[near], asked).sum(axis=1)
        near = near[2.0 * shared / (names.lengths[near] + len(wanted)) >= CLOSE]
        matcher = difflib.SequenceMatcher(b=wanted, autojunk=False)
        scored = []
        for row in near:
            name = names.order[row]
            matcher.set_seq1(name)
            ratio = matcher.ratio()
            if ratio >= CLOSE:
                scored.append((ratio, name))
        for ratio, name in sorted(scored, reverse=True):
            found.extend((card, weight * ratio) for card, weight in names.cards[name])
    best: dict[str, tuple[Card, float]] = {}
    for card, score in found:
        if card.id not in best or best[card.id][1] < score:
            best[card.id] = (card, score)
    ranked = sorted(best.values(), key=lambda item: (-item[1], fold(item[0].name), fold(item[0].subtitle or "")))
    return ranked[:limit]


def names_alike(one: str | None, other: str | None) -> bool:
    """Whether two names are one card's, folded, a typo or a damaged
    letter forgiven (an erratum's title and the card's full name).

    >>> names_alike("Kitchen au Flam\ufffd\ufffd", "Kitchen au Flambé"), names_alike("Duck and Cover", "Tread Mill")
    (True, False)
    """
    a, b = fold(one or ""), fold(other or "")
    return bool(a and b) and (a == b or difflib.SequenceMatcher(None, a, b, autojunk=False).ratio() >= CLOSE)


def snippet(card: Card, width: int = 180) -> str:
    """The start of the card's text (or its type), as plain text."""
    text = " ".join(card.text.split()) or card.type or ""
    return text if len(text) <= width else text[:width - 1].rsplit(" ", 1)[0] + "…"


def card_hit_fields(card: Card, score: float) -> dict:
    """What a search hit holds of a card (see :class:`rulebase.search.engine.Hit`)."""
    plain = snippet(card)
    return {"id": node_id(card), "kind": "card", "game": "ccg", "document": "ccg/cards", "edition": "octgn",
            "number": None, "key": card.id, "title": card.full_name, "text": card.text,
            "score": round(EXACT_SCORE * score, 4), "snippet": escape(plain, quote=False), "snippet_text": plain}
