"""Decks and deckbuilding (101): a Mane Character, a Draw Deck and a Problem
Deck, and the rules they must meet to start a game (102.1).

:func:`deckbuilding` is the one place the deckbuilding rules are checked:
the engine's :func:`violations` asks it of the cards it plays, and the card
database's deck checker (:mod:`rulebase.cards.legality`) of the cards of a
deck list, with the limits of a format (:class:`Limits`: limited play's
smaller decks).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from rulebase.engine.ccg.cards import CardType, Printed
from rulebase.engine.errors import IllegalDeck

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


def deckbuilding(name: str, manes: Sequence[DeckCard], draw: Sequence[DeckCard], problems: Sequence[DeckCard],
                 limits: Limits = CONSTRUCTED) -> list[Finding]:
    """Every deckbuilding rule a deck breaks: ``manes`` are the cards it
    brings as its Mane Character (one, of that type, is right), ``draw``
    and ``problems`` one item per copy."""
    found = []
    if len(manes) != 1 or manes[0].type != CardType.MANE:
        if not manes:
            found.append(Finding("102.1", f"{name} has no Mane Character: each player needs one"))
        elif len(manes) > 1:
            found.append(Finding("102.1", f"{name} has {len(manes)} Mane Characters: each player needs one",
                                 tuple(dict.fromkeys(card.name for card in manes))))
        else:
            found.append(Finding("102.1", f"{name} has no Mane Character: {manes[0].name} is a {manes[0].type}",
                                 (manes[0].name,)))
    if len(draw) < limits.minimum_draw_deck:
        found.append(Finding("101.1", f"{name}'s Draw Deck has {len(draw)} cards; it needs at least "
                                      f"{limits.minimum_draw_deck}"))
    for card in dict.fromkeys(draw):
        if card.type not in DRAW_DECK_TYPES:
            found.append(Finding("101.2", f"{card.name} is a {card.type}: a Draw Deck holds Friends, Events, "
                                          f"Resources and Troublemakers", (card.name,)))
    if limits.draw_deck_copies is not None:
        for card_name, count in Counter(card.name for card in draw).items():
            if count > limits.draw_deck_copies:
                found.append(Finding("101.2", f"{name}'s Draw Deck has {count} copies of {card_name}; no more "
                                              f"than {limits.draw_deck_copies}", (card_name,)))
    if len(problems) != limits.problem_deck_size:
        found.append(Finding("101.3", f"{name}'s Problem Deck has {len(problems)} cards; it must have exactly "
                                      f"{limits.problem_deck_size}"))
    if limits.problem_deck_copies is not None:
        counted = [card.name for card in problems if limits.starting_problem_copies or not card.starting_problem]
        for card_name, count in Counter(counted).items():
            if count > limits.problem_deck_copies:
                found.append(Finding("101.3a", f"{name}'s Problem Deck has {count} copies of {card_name}; no more "
                                               f"than {limits.problem_deck_copies}", (card_name,)))
    for card in dict.fromkeys(problems):
        if card.type != CardType.PROBLEM:
            found.append(Finding("101.3b", f"{card.name} is a {card.type}: a Problem Deck holds only Problems",
                                 (card.name,)))
    if not any(card.starting_problem for card in problems if card.type == CardType.PROBLEM):
        found.append(Finding("101.3c", f"{name}'s Problem Deck has no Problem with the Starting Problem keyword"))
    return found


@dataclass
class Deck:
    """What a player brings to a game."""

    name: str
    mane: Printed | None
    draw: list[Printed]
    problems: list[Printed]


def violations(deck: Deck) -> list[tuple[str, str]]:
    """Every deckbuilding rule the deck breaks, as ``(rule, words)``."""
    manes = [deck.mane] if deck.mane is not None else []
    return [(finding.rule, finding.words) for finding in deckbuilding(deck.name, manes, deck.draw, deck.problems)]


def check(deck: Deck) -> None:
    """Raise :class:`IllegalDeck` naming the first rule the deck breaks."""
    found = violations(deck)
    if found:
        rule, words = found[0]
        raise IllegalDeck(rule, words)
