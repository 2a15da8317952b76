"""Decks and deckbuilding (101): a Mane Character, a Draw Deck and a Problem
Deck, and the rules they must meet to start a game (102.1).

:func:`deckbuilding` is the one place the deckbuilding rules are checked:
each rule's look at a deck is one of its :data:`FINDERS`; the card
database's deck checker (:mod:`rulebase.cards.legality`) asks them all of
the cards of a deck list, with the limits of a format (:class:`Limits`:
limited play's smaller decks), and :func:`violations` of a deck.  The engine
asks them as check units (:func:`check`, one unit per rule and concern), so
that a board can switch a deckbuilding rule off.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from rulebase.engine.ccg import rules
from rulebase.engine.ccg.cards import CardType, Printed
from rulebase.engine.errors import IllegalAction, IllegalDeck
from rulebase.engine.rulebook import Table

MINIMUM_DRAW_DECK = 45
DRAW_DECK_COPIES = 3
PROBLEM_DECK_SIZE = 10
PROBLEM_DECK_COPIES = 2
DRAW_DECK_TYPES = (CardType.FRIEND, CardType.EVENT, CardType.RESOURCE, CardType.TROUBLEMAKER)


@dataclass(frozen=True)
class Limits:
    """The numbers of the deckbuilding rules; the constructed ones (101) by
    default.  ``starting_problem_copies`` False lets a Problem Deck hold any
    number of copies of a Starting Problem (limited play)."""

    minimum_draw_deck: int = MINIMUM_DRAW_DECK
    draw_deck_copies: int | None = DRAW_DECK_COPIES
    problem_deck_size: int = PROBLEM_DECK_SIZE
    problem_deck_copies: int | None = PROBLEM_DECK_COPIES
    starting_problem_copies: bool = True


CONSTRUCTED = Limits()


class DeckCard(Protocol):
    """What the deckbuilding rules read of a card."""

    @property
    def name(self) -> str: ...  # title and subtitle (201.1)

    @property
    def type(self) -> str: ...

    @property
    def starting_problem(self) -> bool: ...


@dataclass(frozen=True)
class Finding:
    """A deckbuilding rule a deck breaks: its number, the words and the
    names of the cards involved."""

    rule: str
    words: str
    names: tuple[str, ...] = ()


def _mane(name, manes, draw, problems, limits) -> list[Finding]:
    if len(manes) == 1 and manes[0].type == CardType.MANE:
        return []
    if not manes:
        return [Finding("102.1", f"{name} has no Mane Character: each player needs one")]
    if len(manes) > 1:
        return [Finding("102.1", f"{name} has {len(manes)} Mane Characters: each player needs one",
                        tuple(dict.fromkeys(card.name for card in manes)))]
    return [Finding("102.1", f"{name} has no Mane Character: {manes[0].name} is a {manes[0].type}", (manes[0].name,))]


def _draw_size(name, manes, draw, problems, limits) -> list[Finding]:
    if len(draw) < limits.minimum_draw_deck:
        return [Finding("101.1", f"{name}'s Draw Deck has {len(draw)} cards; it needs at least "
                                 f"{limits.minimum_draw_deck}")]
    return []


def _draw_types(name, manes, draw, problems, limits) -> list[Finding]:
    return [Finding("101.2", f"{card.name} is a {card.type}: a Draw Deck holds Friends, Events, Resources and "
                             f"Troublemakers", (card.name,))
            for card in dict.fromkeys(draw) if card.type not in DRAW_DECK_TYPES]


def _draw_copies(name, manes, draw, problems, limits) -> list[Finding]:
    if limits.draw_deck_copies is None:
        return []
    return [Finding("101.2", f"{name}'s Draw Deck has {count} copies of {card_name}; no more than "
                             f"{limits.draw_deck_copies}", (card_name,))
            for card_name, count in Counter(card.name for card in draw).items() if count > limits.draw_deck_copies]


def _problem_size(name, manes, draw, problems, limits) -> list[Finding]:
    if len(problems) != limits.problem_deck_size:
        return [Finding("101.3", f"{name}'s Problem Deck has {len(problems)} cards; it must have exactly "
                                 f"{limits.problem_deck_size}")]
    return []


def _problem_copies(name, manes, draw, problems, limits) -> list[Finding]:
    if limits.problem_deck_copies is None:
        return []
    counted = [card.name for card in problems if limits.starting_problem_copies or not card.starting_problem]
    return [Finding("101.3a", f"{name}'s Problem Deck has {count} copies of {card_name}; no more than "
                              f"{limits.problem_deck_copies}", (card_name,))
            for card_name, count in Counter(counted).items() if count > limits.problem_deck_copies]


def _problem_types(name, manes, draw, problems, limits) -> list[Finding]:
    return [Finding("101.3b", f"{card.name} is a {card.type}: a Problem Deck holds only Problems", (card.name,))
            for card in dict.fromkeys(problems) if card.type != CardType.PROBLEM]


def _starting_problem(name, manes, draw, problems, limits) -> list[Finding]:
    if not any(card.starting_problem for card in problems if card.type == CardType.PROBLEM):
        return [Finding("101.3c", f"{name}'s Problem Deck has no Problem with the Starting Problem keyword")]
    return []


FINDERS = (_mane, _draw_size, _draw_types, _draw_copies, _problem_size, _problem_copies, _problem_types,
           _starting_problem)
"""Each deckbuilding rule's look at a deck, in the order they are reported."""


def deckbuilding(name: str, manes: Sequence[DeckCard], draw: Sequence[DeckCard], problems: Sequence[DeckCard],
                 limits: Limits = CONSTRUCTED) -> list[Finding]:
    """Every deckbuilding rule a deck breaks: ``manes`` are the cards it
    brings as its Mane Character (one, of that type, is right), ``draw``
    and ``problems`` one item per copy."""
    return [finding for finder in FINDERS for finding in finder(name, manes, draw, problems, limits)]


@dataclass
class Deck:
    """What a player brings to a game."""

    name: str
    mane: Printed | None
    draw: list[Printed]
    problems: list[Printed]


def _manes(deck: Deck) -> list:
    return [deck.mane] if deck.mane is not None else []


def violations(deck: Deck) -> list[tuple[str, str]]:
    """Every deckbuilding rule the deck breaks, as ``(rule, words)``."""
    return [(finding.rule, finding.words) for finding in deckbuilding(deck.name, _manes(deck), deck.draw, deck.problems)]


# -- the rules as check units, for the engine --------------------------------------


def _verdict(finder, deck: Deck, limits: Limits, allowed: str):
    found = finder(deck.name, _manes(deck), deck.draw, deck.problems, limits)
    return found[0].words if found else rules.Allowed(allowed)


@rules.check("201.1", "the name of a card is its Title followed by its Subtitle")
def named_by_title_and_subtitle(table, printed: Printed):
    if printed.subtitle:
        return rules.Allowed(f"the name of {printed.name} is its Title followed by its Subtitle")


@dataclass(frozen=True)
class _Named:
    """A card of a deck as the copies are counted: by the name 201.1 gives
    it (its Title alone, without that rule)."""

    name: str
    type: str
    starting_problem: bool


def _by_name(table, deck: Deck) -> Deck:
    """The deck with each card named as 201.1 says (recorded once, for the
    first card with a Subtitle)."""
    subtitled = [card for card in deck.draw + deck.problems if card.subtitle]
    if not subtitled:
        return deck
    if named_by_title_and_subtitle.verdict(table, subtitled[0]) is not None:
        named_by_title_and_subtitle(table, subtitled[0])
        return deck

    def named(cards):
        return [_Named(card.title, card.type, card.starting_problem) for card in cards]

    return Deck(deck.name, deck.mane, named(deck.draw), named(deck.problems))


@rules.check("102.1", "each player needs a Draw Deck, a Problem Deck and a Mane Character")
def has_a_mane(table, deck: Deck, limits: Limits = CONSTRUCTED):
    return _verdict(_mane, deck, limits, f"{deck.name} has a Mane Character, {deck.mane and deck.mane.name}")


@rules.check("101.1", "a Draw Deck has a minimum of 45 cards")
def draw_deck_size(table, deck: Deck, limits: Limits = CONSTRUCTED):
    return _verdict(_draw_size, deck, limits, f"{deck.name}'s Draw Deck has {len(deck.draw)} cards, at least "
                                              f"{limits.minimum_draw_deck}")


@rules.check("101.2", "a Draw Deck can include Friends, Events, Resources and Troublemakers")
def draw_deck_types(table, deck: Deck, limits: Limits = CONSTRUCTED):
    return _verdict(_draw_types, deck, limits, f"{deck.name}'s Draw Deck holds only Friends, Events, Resources "
                                               "and Troublemakers")


@rules.check("101.2", "a Draw Deck can't include more than 3 copies of a card with the same name")
def draw_deck_copies(table, deck: Deck, limits: Limits = CONSTRUCTED):
    if limits.draw_deck_copies is not None:
        return _verdict(_draw_copies, _by_name(table, deck), limits, f"{deck.name}'s Draw Deck has no more than "
                                                    f"{limits.draw_deck_copies} copies of any card")


@rules.check("101.3", "a Problem Deck must include exactly 10 Problem cards")
def problem_deck_size(table, deck: Deck, limits: Limits = CONSTRUCTED):
    return _verdict(_problem_size, deck, limits, f"{deck.name}'s Problem Deck has {len(deck.problems)} cards")


@rules.check("101.3a", "a Problem Deck can't include more than 2 copies of a card with the same name")
def problem_deck_copies(table, deck: Deck, limits: Limits = CONSTRUCTED):
    if limits.problem_deck_copies is not None:
        return _verdict(_problem_copies, _by_name(table, deck), limits, f"{deck.name}'s Problem Deck has no more than "
                                                       f"{limits.problem_deck_copies} copies of any card")


@rules.check("101.3b", "a Problem Deck can't include cards other than Problem cards")
def problem_deck_types(table, deck: Deck, limits: Limits = CONSTRUCTED):
    return _verdict(_problem_types, deck, limits, f"{deck.name}'s Problem Deck holds only Problems")


@rules.check("101.3c", "a Problem Deck must include at least one Problem with the Starting Problem keyword")
def has_a_starting_problem(table, deck: Deck, limits: Limits = CONSTRUCTED):
    return _verdict(_starting_problem, deck, limits, f"{deck.name}'s Problem Deck has a Starting Problem")


CHECKS = (has_a_mane, draw_deck_size, draw_deck_types, draw_deck_copies, problem_deck_size, problem_deck_copies,
          problem_deck_types, has_a_starting_problem)


def check(deck: Deck, table=None) -> None:
    """Raise :class:`IllegalDeck` naming the first rule the deck breaks.
    ``table`` (a board) records the rules' verdicts in its trace, and the
    rules it switches off are not asked."""
    table = table if table is not None else Table()
    for unit in CHECKS:
        try:
            unit(table, deck)
        except IllegalAction as refused:
            raise IllegalDeck(refused.rule, refused.reason, unit=refused.unit) from None
