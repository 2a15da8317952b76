"""The Harmony banlist of the tournament floor rules, each entry resolved to its card.

The floor rules' "Format Legality" → "Harmony Constructed" section lists
the banned cards a line each, as the set, the collector number, the card's
name (title and subtitle run together) and the date the ban took effect::

    Premiere #16	Rainbowshine Cloud Wrangler	Effective January 30, 2015

:func:`entries` reads them from the section's text in the rule graph and
resolves each to its card by set (the documents' set names mapped to the
card data's by :mod:`rulebase.cards.sets`) and collector number, checked
against the name: where the number's card is not the card the line names,
the entry is not resolved and its ``note`` says so.  :func:`bans` gives
the resolved entries as :class:`Ban`, :func:`ban_of` the ban of one card
in force on a date.

>>> [(ban.card_id, ban.effective.isoformat()) for ban in bans()][:2]
[('rainbowshine-cloud-wrangler', '2015-01-30'), ('fluttershy-guidance-counselor', '2015-01-30')]
>>> ban_of("i-need-answers", on=datetime.date(2016, 5, 31)) is None, ban_of("i-need-answers").number
(True, '175')
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from functools import lru_cache

from rulebase.cards.database import CardDatabase
from rulebase.cards.model import fold
from rulebase.cards.sets import data_set_name

SECTION_TITLE = "Harmony Constructed"
"""The title of the floor rules' section that holds the banlist."""

_LINE = re.compile(r"^\s*(?P<set>[^#\t|]+?)\s*#\s*(?P<number>\w+)\s*(?:\t|\|)\s*(?P<name>.+?)\s*(?:\t|\|)\s*"
                   r"Effective\s+(?P<date>.+?)\s*$")


@dataclass(frozen=True)
class Entry:
    """A line of the banlist as printed, its document ``line`` and the
    card it resolves to (``card_id``, None if it does not) with a ``note``
    where the line and the card data disagree or the date can't be read."""

    set_name: str
    number: str
    printed_name: str
    effective: datetime.date | None
    line: int
    card_id: str | None = None
    note: str | None = None


@dataclass(frozen=True)
class Ban:
    """A card banned in Harmony from the ``effective`` date, with the banlist
    line's set, number and name as printed and the section ``node`` that lists it."""

    card_id: str
    set_name: str
    number: str
    printed_name: str
    effective: datetime.date
    node: str


def parse_date(text: str) -> datetime.date | None:
    """A date written as ``January 30, 2015`` (None for anything else).

    >>> parse_date("September 23, 2015"), parse_date("soon")
    (datetime.date(2015, 9, 23), None)
    """
    try:
        return datetime.datetime.strptime(" ".join(text.replace(",", ", ").split()), "%B %d, %Y").date()
    except ValueError:
        return None


def _number(printing_number: str | None) -> str | None:
    match = re.fullmatch(r"[A-Za-z]*0*(\d+)", printing_number or "")
    return match.group(1) if match else None


@lru_cache(maxsize=4)
def _by_number(database: CardDatabase) -> dict[tuple[str, str], list]:
    """(set name, collector number without its set's letters) -> the cards printed so."""
    index: dict[tuple[str, str], list] = {}
    for card in database.cards:
        for printing in card.printings:
            number = _number(printing.number)
            if number is not None and card not in index.setdefault((printing.set_name, number), []):
                index[(printing.set_name, number)].append(card)
    return index


def _named(printed_name: str, database: CardDatabase) -> list:
    """The cards whose title and subtitle run together are ``printed_name``."""
    wanted = fold(printed_name)
    return [card for card in database.cards if fold(f"{card.name} {card.subtitle or ''}") == wanted]


def resolve(set_name: str, number: str, printed_name: str, database: CardDatabase) -> tuple[str | None, str | None]:
    """The card a banlist line names, by set and collector number checked
    against the name: ``(card_id, None)``, or ``(None, why not)``."""
    in_set = data_set_name(set_name, [card_set.name for card_set in database.sets])
    if in_set is None:
        return None, f"the card data has no set {set_name!r}"
    wanted = str(int(number)) if number.isdigit() else number
    found = _by_number(database).get((in_set, wanted), [])
    if len(found) != 1:
        what = "no card" if not found else f"{len(found)} cards"
        named = _named(printed_name, database)
        return None, f"{set_name} #{number} is {what} in the card data ({in_set})" + (
            f"; {printed_name!r} is {', '.join(c.id for c in named)}" if named else "")
    card = found[0]
    if fold(f"{card.name} {card.subtitle or ''}") != fold(printed_name):
        elsewhere = [c.id for c in _named(printed_name, database) if c.id != card.id]
        return None, (f"{set_name} #{number} is {card.full_name} in the card data, but the banlist names "
                      f"{printed_name!r}" + (f" ({', '.join(elsewhere)})" if elsewhere else ""))
    return card.id, None


def read(text: str, first_line: int, database: CardDatabase | None) -> list[Entry]:
    """The banlist lines of a section's printed text (starting on document
    line ``first_line``), resolved against ``database`` (not resolved without one)."""
    found = []
    for offset, line in enumerate(text.split("\n")):
        match = _LINE.match(line)
        if not match:
            continue
        effective = parse_date(match["date"])
        card_id, note = resolve(match["set"], match["number"], match["name"], database) if database else (None, None)
        if effective is None:
            note = "; ".join(filter(None, [note, f"the date {match['date']!r} can't be read"]))
        found.append(Entry(match["set"], match["number"], match["name"], effective, first_line + offset,
                           card_id, note))
    return found


@lru_cache(maxsize=4)
def section(graph) -> str | None:
    """The node of the banlist's section in the current floor rules, if the
    graph has one (found once per graph)."""
    for node in graph.nodes("section"):
        data = graph.node(node)
        if data.get("title") == SECTION_TITLE and graph.node(data["document"]).get("current"):
            return node
    return None


@lru_cache(maxsize=4)
def _entries(graph) -> tuple[Entry, ...]:
    node = section(graph)
    if node is None:
        return ()
    data = graph.node(node)
    return tuple(read(data.get("printed") or data["text"], data["line"], graph.cards))


def entries(graph=None) -> tuple[Entry, ...]:
    """Every line of the Harmony banlist, resolved (see :class:`Entry`)."""
    from rulebase import graph as graphs

    return _entries(graph or graphs.load())


def bans(graph=None) -> tuple[Ban, ...]:
    """The bans of the Harmony banlist: its lines that resolve to a card, with a date."""
    from rulebase import graph as graphs

    return _bans(graph or graphs.load())


@lru_cache(maxsize=4)
def _bans(graph) -> tuple[Ban, ...]:
    node = section(graph)
    return tuple(Ban(entry.card_id, entry.set_name, entry.number, entry.printed_name, entry.effective, node)
                 for entry in entries(graph) if entry.card_id and entry.effective)


def ban_of(card_id: str, on: datetime.date | None = None, graph=None) -> Ban | None:
    """The ban of a card in force on the date ``on`` (today when None), or None."""
    on = on or datetime.date.today()
    in_force = [ban for ban in bans(graph) if ban.card_id == card_id and ban.effective <= on]
    return max(in_force, key=lambda ban: ban.effective) if in_force else None
