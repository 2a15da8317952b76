"""Is a deck legal, or a card, in a tournament format, on a date?

The formats (:data:`FORMATS`) and their facts are read from the rule graph's
sections, not written here: Harmony Constructed and Block Constructed from
the Tournament Floor Rules (``ccg/tfr-2.3/harmony-constructed``,
``ccg/tfr-2.3/block-constructed``: which sets make each block), limited
play's deck sizes from the Limited Play document
(``ccg/limited-2.0/limited-deck-construction``).  The deckbuilding rules
themselves (101, 102.1) are the engine's, checked in one place
(:func:`rulebase.engine.ccg.deck.deckbuilding`).

- **harmony**: every released set's cards (the Tokens set is no product's
  deck cards), the Harmony banlist as of the date;
- **premiere-block**, **odyssey-block**: only cards printed in a set of the
  block (supplemental products are none), the Harmony banlist too (the
  section's own words);
- **limited**: a Draw Deck of at least 30 cards and a Problem Deck of
  exactly 5 with a Starting Problem; the copies rules (101.2, 101.3a) still
  hold, except that a Problem Deck may hold any number of a Starting
  Problem; no set or banlist applies (cards come from the pool).

The bans, each with its effective date, are :mod:`rulebase.cards.banlist`'s;
the rules' set names are mapped to the card data's by :mod:`rulebase.cards.sets`.

>>> legality(load().by_id["applejack-steadfast-farmpony"], "odyssey-block")
(False, 'Applejack, Steadfast Farmpony is in no set of the Odyssey block (printed in Premier)')
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from functools import lru_cache

from rulebase.cards.database import load
from rulebase.cards.decks import Deck
from rulebase.cards.model import Card, fold
from rulebase.engine.ccg.deck import CONSTRUCTED, Limits, deckbuilding
from rulebase.errors import RulebaseError

FORMATS = ("harmony", "premiere-block", "odyssey-block", "limited")
"""The formats a deck is checked in."""

RULES_DOCUMENT = "ccg/3.4"
HARMONY_SECTION = "ccg/tfr-2.3/harmony-constructed"
BLOCK_SECTION = "ccg/tfr-2.3/block-constructed"
LIMITED_SECTION = "ccg/limited-2.0/limited-deck-construction"

NOT_DECK_SETS = ("Tokens",)
"""Sets of the card data whose cards are no released product's deck cards."""

_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
            "ten": 10}


class FormatError(RulebaseError):
    """Raised for a format that is not one of :data:`FORMATS`, or whose facts
    the rule graph's text no longer states as this module reads them."""


def _needed(module: str):
    """A module of the card data this one is built on (the banlist, the sets'
    names), or a :class:`FormatError` saying it is not available yet."""
    import importlib

    try:
        return importlib.import_module(f"rulebase.cards.{module}")
    except ImportError:
        raise FormatError(f"rulebase.cards.{module} is not available yet: formats that need it can't be "
                          f"checked") from None


@dataclass(frozen=True)
class Format:
    """A format: its key and name, the sets whose cards it allows (``None``:
    every set but :data:`NOT_DECK_SETS`), whether the Harmony banlist
    applies, the deckbuilding limits and the section of the rules that
    says so (a graph node, and its title)."""

    key: str
    name: str
    sets: tuple[str, ...] | None
    banlist: bool
    limits: Limits
    node: str
    section: str = ""


def _paragraphs(graph, node: str) -> list[str]:
    if node not in graph:
        raise FormatError(f"{node}: the rule graph has no such section; the formats are read from it")
    return graph.node(node).get("paragraphs") or []


def _blocks(graph) -> dict[str, tuple[str, ...]]:
    found, known = {}, [card_set.name for card_set in load().sets]
    for paragraph in _paragraphs(graph, BLOCK_SECTION):
        match = re.fullmatch(r"The (\w+) block sets are:? (.+)\.", paragraph.strip())
        if match:
            names = re.split(r",\s*(?:and\s+)?|\s+and\s+", match[2])
            in_data = {name: _needed("sets").data_set_name(name, known) for name in names if name.strip()}
            unknown = [name for name, data in in_data.items() if data is None]
            if unknown:
                raise FormatError(f"{BLOCK_SECTION}: the {match[1]} block names sets the card data does not have: "
                                  f"{', '.join(unknown)} (rulebase.cards.sets maps the documents' set names)")
            found[match[1]] = tuple(in_data.values())
    if not found:
        raise FormatError(f"{BLOCK_SECTION}: no sentence 'The <name> block sets are ...' to read the blocks from")
    return found


def _limited(graph) -> Limits:
    text = " ".join(_paragraphs(graph, LIMITED_SECTION))
    draw = re.search(r"draw deck must contain a minimum of (\w+) cards", text, re.IGNORECASE)
    problems = re.search(r"Problem deck must contain exactly (\w+) cards", text, re.IGNORECASE)
    if not (draw and problems and "Starting Problem" in text):
        raise FormatError(f"{LIMITED_SECTION}: the limited deck sizes are not stated as they were: {text[:80]!r}")

    def number(word: str) -> int:
        return int(word) if word.isdigit() else _NUMBERS[word.lower()]

    return Limits(minimum_draw_deck=number(draw[1]), problem_deck_size=number(problems[1]),
                  starting_problem_copies=False)


def formats(graph=None) -> dict[str, Format]:
    """The formats, read from the rule graph (the corpus's by default)."""
    if graph is None:
        from rulebase.graph import load as load_graph

        graph = load_graph()
    return _formats(graph)


@lru_cache(maxsize=4)
def _formats(graph) -> dict[str, Format]:
    harmony = " ".join(_paragraphs(graph, HARMONY_SECTION))
    if "any released product or set" not in harmony:
        raise FormatError(f"{HARMONY_SECTION}: Harmony no longer allows 'any released product or set'")
    blocks = _blocks(graph)
    found = {"harmony": Format("harmony", "Harmony", None, True, CONSTRUCTED, HARMONY_SECTION,
                               graph.node(HARMONY_SECTION)["title"])}
    for block, sets in blocks.items():
        found[f"{block.lower()}-block"] = Format(f"{block.lower()}-block", f"{block} block", sets,
                                                "banned in the Harmony format are also banned" in
                                                " ".join(_paragraphs(graph, BLOCK_SECTION)),
                                                CONSTRUCTED, BLOCK_SECTION, graph.node(BLOCK_SECTION)["title"])
    found["limited"] = Format("limited", "Limited", None, False, _limited(graph), LIMITED_SECTION,
                              graph.node(LIMITED_SECTION)["title"])
    missing = [key for key in FORMATS if key not in found]
    if missing:
        raise FormatError(f"{BLOCK_SECTION}: the rules no longer name the format {', '.join(missing)}")
    return {key: found[key] for key in FORMATS}


def format_of(key: str, graph=None) -> Format:
    """The format called ``key`` (case folded; ``premiere``, ``odyssey``
    for the blocks)."""
    wanted = fold(key).replace(" ", "-")
    known = formats(graph)
    for candidate in (wanted, f"{wanted}-block"):
        if candidate in known:
            return known[candidate]
    raise FormatError(f"no format {key!r}; the formats are {', '.join(FORMATS)}")


@dataclass(frozen=True)
class Violation:
    """A rule or banlist entry a deck breaks: ``rule`` as a judge names it
    (``101.2``, ``Harmony banlist: Premiere #175``, ``Limited Deck
    Construction``), the graph node it is (for its page), the words and the
    ids of the cards involved."""

    rule: str
    node: str | None
    message: str
    cards: tuple[str, ...] = ()

    def as_dict(self) -> dict:
        return {"rule": self.rule, "node": self.node, "message": self.message, "cards": list(self.cards)}


@dataclass(frozen=True)
class Report:
    """What :func:`check` finds: the deck, the format and date, every violation."""

    deck: Deck
    format: Format
    on: datetime.date
    violations: tuple[Violation, ...] = field(default=())

    @property
    def legal(self) -> bool:
        return not self.violations

    def rules(self) -> list[str]:
        """The rules broken, in order, each once."""
        return list(dict.fromkeys(violation.rule for violation in self.violations))

    def as_dict(self) -> dict:
        return {"deck": self.deck.as_dict(), "format": self.format.key, "format_name": self.format.name,
                "date": self.on.isoformat(), "legal": self.legal,
                "counts": {part: self.deck.count(part) for part in ("mane", "problems", "draw")},
                "violations": [violation.as_dict() for violation in self.violations]}

    def text(self) -> str:
        """The report as a judge reads it."""
        counts = f"{self.deck.count('draw')} draw, {self.deck.count('problems')} Problems"
        verdict = "legal" if self.legal else f"NOT legal: {len(self.violations)} violation" + \
            ("s" if len(self.violations) != 1 else "")
        lines = [f"{self.deck.name} ({counts}) in {self.format.name} on {self.on.isoformat()}: {verdict}"]
        lines += [f"  {violation.rule}: {violation.message}" for violation in self.violations]
        return "\n".join(lines)


@dataclass(frozen=True)
class _Item:
    """A card as the engine's deckbuilding rules read it."""

    name: str
    type: str
    starting_problem: bool


def _item(card: Card) -> _Item:
    return _Item(card.full_name, card.type or "", card.keyword("Starting Problem") is not None)


def _ban(card: Card, on: datetime.date, graph):
    return _needed("banlist").ban_of(card.id, on=on, graph=graph)


def _bans_on(on: datetime.date, graph) -> dict:
    """The ban in force on ``on`` of each banned card, the banlist read once
    for a whole deck (as :func:`rulebase.cards.banlist.ban_of` chooses: the
    latest that has taken effect)."""
    in_force: dict = {}
    for ban in _needed("banlist").bans(graph):
        if ban.effective <= on and (ban.card_id not in in_force or ban.effective > in_force[ban.card_id].effective):
            in_force[ban.card_id] = ban
    return in_force


def _ban_rule(ban) -> str:
    return f"Harmony banlist: {ban.set_name} #{ban.number}"


def _set_reason(card: Card, fmt: Format) -> str | None:
    if fmt.sets is None:
        if fmt.key != "limited" and all(name in NOT_DECK_SETS for name in card.sets):
            return f"{card.full_name} is a token ({', '.join(card.sets)}), no released product's card"
        return None
    if not any(name in fmt.sets for name in card.sets):
        return f"{card.full_name} is in no set of the {fmt.name} (printed in {', '.join(card.sets)})"
    return None


def _today() -> datetime.date:
    return datetime.date.today()


def legality(card: Card, format: str = "harmony", on: datetime.date | None = None,
             graph=None) -> tuple[bool, str | None]:
    """Whether one card may be played in a format on a date (today's when
    ``None``), and why not."""
    fmt = format_of(format, graph)
    reason = _set_reason(card, fmt)
    if reason:
        return False, reason
    if fmt.banlist:
        ban = _ban(card, on or _today(), graph)
        if ban is not None:
            return False, f"{card.full_name} is banned in {fmt.name} since {ban.effective.isoformat()} ({_ban_rule(ban)})"
    return True, None


def check(deck: Deck, format: str = "harmony", on: datetime.date | None = None, graph=None) -> Report:
    """Every rule and banlist entry ``deck`` breaks in ``format`` on ``on`` (today when ``None``)."""
    fmt = format_of(format, graph)
    on = on or _today()
    by_name = {card.full_name: card.id for card in deck.cards()}
    found = []
    limited = {"101.1", "101.3", "101.3c"} if fmt.key == "limited" else set()
    for finding in deckbuilding(deck.name, _expand(deck.mane), _expand(deck.draw), _expand(deck.problems), fmt.limits):
        ids = tuple(by_name[name] for name in finding.names if name in by_name)
        if finding.rule in limited:
            found.append(Violation(fmt.section, fmt.node, finding.words, ids))
        else:
            found.append(Violation(finding.rule, f"{RULES_DOCUMENT}/{finding.rule}", finding.words, ids))
    bans = _bans_on(on, graph) if fmt.banlist else {}
    for card in deck.cards():
        reason = _set_reason(card, fmt)
        if reason:
            found.append(Violation(fmt.section, fmt.node, reason, (card.id,)))
        if fmt.banlist:
            ban = bans.get(card.id)
            if ban is not None:
                found.append(Violation(_ban_rule(ban), ban.node or fmt.node,
                                       f"{card.full_name} is banned in {fmt.name} since {ban.effective.isoformat()}",
                                       (card.id,)))
    return Report(deck, fmt, on, tuple(found))


def _expand(entries) -> list[_Item]:
    return [_item(card) for card, copies in entries for _ in range(copies)]
