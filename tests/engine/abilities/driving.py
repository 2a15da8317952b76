"""Driving the resolution of an effect on a small board, answering its
decisions from a list (or with the first legal choice)."""

from __future__ import annotations

import random
from types import SimpleNamespace

from rulebase.engine.ccg.abilities import resolve
from rulebase.engine.ccg.abilities.resolve import Context


def state(board):
    """The least of a game's state the resolution asks: its board, and how
    an action reads."""
    return SimpleNamespace(board=board, automatic=False, describe=str, checkpoints=False)


def drive(board, effect, context: Context | None = None, answers=(), seed: int = 0) -> list:
    """Resolve ``effect`` on ``board``; each decision is answered by the next
    of ``answers`` (checked as the game checks it) or, when they run out,
    by its first legal choice (a random one for chance).  The requests
    asked, in order."""
    s = state(board)
    context = context or Context(controller=0)
    answers = list(answers)
    rng = random.Random(seed)
    asked = []
    procedure = resolve.resolve(s, context, effect)
    try:
        request = next(procedure)
        while True:
            asked.append(request)
            if answers:
                action = answers.pop(0)
            elif request.is_chance:
                action = request.sample(rng)
            else:
                action = request.legal()[0]
            request.check(action)
            request = procedure.send(action)
    except StopIteration:
        pass
    return asked


def real(card_id: str):
    """The printed information and current text of a card of the card
    database, as the engine plays it (by the card's id)."""
    return _real(card_id)


def _real_cards():
    from rulebase.cards import database

    found = getattr(_real_cards, "cards", None)
    if found is None:
        found = _real_cards.cards = {card.id: card for card in database.load().cards}
    return found


def _real(card_id: str):
    from rulebase.engine.ccg.octgn import printed_from_card

    return printed_from_card(_real_cards()[card_id])
