"""Decks and deckbuilding (101): a Mane Character, a Draw Deck and a Problem
Deck, and the rules they must meet to start a game (102.1)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from rulebase.engine.ccg.cards import CardType, Printed
from rulebase.engine.errors import IllegalDeck

MINIMUM_DRAW_DECK = 45
DRAW_DECK_COPIES = 3
PROBLEM_DECK_SIZE = 10
PROBLEM_DECK_COPIES = 2
DRAW_DECK_TYPES = (CardType.FRIEND, CardType.EVENT, CardType.RESOURCE, CardType.TROUBLEMAKER)


@dataclass
class Deck:
    """What a player brings to a game."""

    name: str
    mane: Printed | None
    draw: list[Printed]
    problems: list[Printed]


def violations(deck: Deck) -> list[tuple[str, str]]:
    """Every deckbuilding rule the deck breaks, as ``(rule, words)``."""
    found = []
    if deck.mane is None or deck.mane.type != CardType.MANE:
        found.append(("102.1", f"{deck.name} has no Mane Character: each player needs one"))
    if len(deck.draw) < MINIMUM_DRAW_DECK:
        found.append(("101.1", f"{deck.name}'s Draw Deck has {len(deck.draw)} cards; it needs at least {MINIMUM_DRAW_DECK}"))
    for card in deck.draw:
        if card.type not in DRAW_DECK_TYPES:
            found.append(("101.2", f"{card.name} is a {card.type}: a Draw Deck holds Friends, Events, Resources and Troublemakers"))
    for name, count in Counter(card.name for card in deck.draw).items():
        if count > DRAW_DECK_COPIES:
            found.append(("101.2", f"{deck.name}'s Draw Deck has {count} copies of {name}; no more than {DRAW_DECK_COPIES}"))
    if len(deck.problems) != PROBLEM_DECK_SIZE:
        found.append(("101.3", f"{deck.name}'s Problem Deck has {len(deck.problems)} cards; it must have exactly {PROBLEM_DECK_SIZE}"))
    for name, count in Counter(card.name for card in deck.problems).items():
        if count > PROBLEM_DECK_COPIES:
            found.append(("101.3a", f"{deck.name}'s Problem Deck has {count} copies of {name}; no more than {PROBLEM_DECK_COPIES}"))
    for card in deck.problems:
        if card.type != CardType.PROBLEM:
            found.append(("101.3b", f"{card.name} is a {card.type}: a Problem Deck holds only Problems"))
    if not any(card.starting_problem for card in deck.problems if card.type == CardType.PROBLEM):
        found.append(("101.3c", f"{deck.name}'s Problem Deck has no Problem with the Starting Problem keyword"))
    return found


def check(deck: Deck) -> None:
    """Raise :class:`IllegalDeck` naming the first rule the deck breaks."""
    found = violations(deck)
    if found:
        rule, words = found[0]
        raise IllegalDeck(rule, words)
