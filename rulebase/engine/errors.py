"""The engine's exceptions, one class per kind of failure.

Every one of them subclasses :class:`rulebase.errors.RulebaseError`, so the
command line prints it as one line.  Those raised because the rules forbid
something carry the number of the rule that does.
"""

from __future__ import annotations

from rulebase.errors import RulebaseError


class EngineError(RulebaseError):
    """Base class of the engine's errors."""


class RuleViolation(EngineError):
    """Something the rules forbid; ``rule`` is the number of the rule that
    forbids it and the message reads ``"506.2: a card can't be moved to its
    current area"``; ``unit`` names the rule unit of the engine that refused
    (see :mod:`rulebase.engine.rulebook`)."""

    def __init__(self, rule: str, message: str, unit: str | None = None):
        self.rule = rule
        self.reason = message
        self.unit = unit
        super().__init__(f"{rule}: {message}")


class IllegalAction(RuleViolation):
    """Raised by ``State.apply_action`` when the rules do not allow the action
    now; the state is left as it was.

    >>> str(IllegalAction("506.2", "a card can't be moved to its current area"))
    "506.2: a card can't be moved to its current area"
    """


class UnknownCard(EngineError):
    """Raised when an action names a card the game does not have (``#99`` in
    a game of 90 cards): no rule is involved, the action is malformed."""

    def __init__(self, index):
        self.index = index
        super().__init__(f"the action names card #{index}, which is not in the game")


class IllegalDeck(RuleViolation):
    """Raised when a deck does not meet the deckbuilding rules (101, 102.1)."""


class GameOver(EngineError):
    """Raised when an action is applied to a game that has ended."""


class ActionSyntaxError(EngineError, ValueError):
    """Raised when a text does not name an action (``Action.parse``)."""

    def __init__(self, text: str, expected: str = ""):
        self.text = text
        message = f"not an action: {text!r}"
        super().__init__(message + (f" (expected {expected})" if expected else ""))


class InvariantViolation(EngineError):
    """Raised when a game reaches a state no rule allows (a card in two zones,
    a negative score): a fault in the engine, found by the simulator."""


class SetupError(EngineError):
    """Raised when a board or deck definition can't be built (an unknown card,
    a card type without the information it needs)."""
