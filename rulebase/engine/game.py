"""The state API every game engine offers, in the style of OpenSpiel.

A :class:`Game` holds the parameters of a game and makes initial states; a
:class:`State` is one position with a small API: whose decision it is
(``current_player``), what they may do (``legal_actions``), doing it
(``apply_action``), and whether and how the game has ended (``is_terminal``,
``returns``, ``outcome``).  Shuffles and other random events are *chance
actions*: recorded like the players' actions, so a game replays exactly from
its history.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from enum import Enum

CHANCE = -1
"""``current_player()`` at a chance node: a random event is to happen."""

TERMINAL = -4
"""``current_player()`` once the game has ended."""


class Termination(str, Enum):
    """How a game ended."""

    WIN = "win"
    DRAW = "draw"
    CONCESSION = "concession"
    TURN_LIMIT = "turn limit"


@dataclass(frozen=True)
class Outcome:
    """How a game ended and who won (``None`` for a draw or a game cut short).

    >>> Outcome(Termination.WIN, 0)
    Outcome(termination=<Termination.WIN: 'win'>, winner=0)
    >>> Outcome(Termination.DRAW, None).is_draw
    True
    """

    termination: Termination
    winner: int | None = None

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    def returns(self, num_players: int) -> list[float]:
        """+1 for the winner and -1 for the others; zeros without a winner."""
        if self.winner is None:
            return [0.0] * num_players
        return [1.0 if player == self.winner else -1.0 for player in range(num_players)]


class Game(ABC):
    """A game and its parameters; makes the states games start from."""

    name: str = ""
    num_players: int = 2

    def __init__(self, **parameters):
        self.parameters = dict(parameters)

    @abstractmethod
    def new_initial_state(self) -> "State":
        """The state before the first decision or chance event of a game."""

    def __repr__(self) -> str:
        arguments = ", ".join(f"{key}={value!r}" for key, value in self.parameters.items())
        return f"{type(self).__name__}({arguments})"


class State(ABC):
    """One position of a game."""

    game: Game

    @abstractmethod
    def current_player(self) -> int:
        """The player to decide, :data:`CHANCE` or :data:`TERMINAL`."""

    @abstractmethod
    def legal_actions(self) -> list:
        """The actions the current player may take now."""

    @abstractmethod
    def apply_action(self, action) -> None:
        """Take an action; raises :class:`~rulebase.engine.errors.IllegalAction`
        naming the rule that forbids it, leaving the state unchanged."""

    @abstractmethod
    def is_terminal(self) -> bool:
        """Whether the game has ended."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""

    @abstractmethod
    def clone(self) -> "State":
        """An independent copy of this state."""

    @abstractmethod
    def sample_chance(self, rng: random.Random):
        """A random outcome for the chance node the game is at."""

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def returns(self) -> list[float]:
        """Each player's reward: +1 for a win, -1 for a loss, 0 otherwise."""
        outcome = self.outcome()
        if outcome is None:
            return [0.0] * self.game.num_players
        return outcome.returns(self.game.num_players)
