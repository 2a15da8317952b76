"""The MLP CCG as a game of the state API: :class:`CCGGame` makes games
between two decks; :class:`CCGState` is a position, made from a game or
from a board set up by a scenario.

>>> import random
>>> from rulebase.engine.ccg.decks import sample_decks
>>> state = CCGGame(decks=sample_decks()).new_initial_state()
>>> state.is_chance_node(), state.pending.kind
(True, 'decide who plays first')
>>> state.apply_action(state.sample_chance(random.Random(7)))
>>> state.actions()[:2]
[Action.parse('p0 starting-problem #46'), Action.parse('p1 starting-problem #102')]

Each player had one Starting Problem to choose, so the game chose it (an
automatic action); who plays first and each shuffle are chance actions.
"""

from __future__ import annotations

import copy

from rulebase.engine.ccg import start as starting
from rulebase.engine.ccg.actions import Action
from rulebase.engine.ccg.board import Board
from rulebase.engine.ccg.turn import PHASES
from rulebase.engine.flow import FlowState
from rulebase.engine.game import Game
from rulebase.engine.trace import Trace

DEFAULT_NAMES = ("Alice", "Bob")


class CCGGame(Game):
    """A game of the MLP CCG between two decks.

    Parameters: ``decks`` (two :class:`~rulebase.engine.ccg.deck.Deck`),
    ``names`` of the players, ``turn_limit`` (a game cut short after that
    many turns ends without a winner) and ``trace`` (``False`` to record
    nothing, for speed).
    """

    name = "mlp_ccg"
    num_players = 2

    def __init__(self, decks, names=DEFAULT_NAMES, turn_limit: int | None = 200, trace: bool = True):
        super().__init__(names=tuple(names), turn_limit=turn_limit, trace=trace)
        self.decks = list(decks)
        self.names = tuple(names)
        self.turn_limit = turn_limit
        self.trace = trace

    def new_initial_state(self) -> "CCGState":
        board = starting.new_board(self.names, self.decks, Trace(self.trace), self.turn_limit)
        state = CCGState(self, board)
        state.start(starting.start_game(state), factory=self.new_initial_state)
        return state


class CCGState(FlowState):
    """A position of the MLP CCG."""

    def __init__(self, game, board: Board):
        super().__init__(game)
        self.board = board
        self.automatic = False
        self.checkpoints = False

    @property
    def trace(self) -> Trace:
        return self.board.trace

    @classmethod
    def from_board(cls, board: Board, phase: str | None = "ready", game: Game | None = None,
                   checkpoints: bool = False) -> "CCGState":
        """A state whose game goes on from ``board``, at the start of ``phase``
        of the turn player's turn (``None``: the game starts, 102).
        ``checkpoints`` pauses the game at the start of each phase and the end
        of each turn, for callers that look at it between phases."""
        if phase is not None and phase not in PHASES:
            raise ValueError(f"not a phase: {phase!r}")
        origin = copy.deepcopy(board)
        game = game or ScenarioGame()

        def make(target):
            state = cls(game, target)
            state.checkpoints = checkpoints
            procedure = starting.start_game(state) if phase is None else starting.play_turns(state, phase)
            state.start(procedure, factory=lambda: make(copy.deepcopy(origin)))
            return state

        return make(board)

    def on_automatic(self, request, action) -> None:
        self.automatic = True

    def describe(self, action: Action) -> str:
        """An action in words, with the names of its cards and areas."""
        board = self.board

        def card(index):
            return board.cards[index].label if index is not None and 0 <= index < len(board.cards) else f"#{index}"

        phrases = _PHRASES
        if action.verb in phrases and action.card is not None:
            return phrases[action.verb].format(card=card(action.card))
        words = action.verb.replace("-", " ")
        if action.verb == "effect":
            words = action.effect.replace("-", " ")
        if action.card is not None:
            words += f" {card(action.card)}"
        if action.host is not None:
            words += f" on {card(action.host)}"
        if action.area is not None:
            words += f" {'to' if action.verb in ('move', 'effect') else 'at'} {board.area_name(action.area)}"
        if action.amount is not None:
            words += f" {action.amount}"
        return words


_PHRASES = {"bottom": "put {card} on the bottom of the deck", "send-home": "send {card} home",
            "starting-problem": "choose {card} as the Starting Problem",
            "confront": "take the confront step of {card}", "dismiss": "choose {card} to be dismissed"}
"""How :meth:`CCGState.describe` words the decisions that name a card in a
phrase of their own."""


class ScenarioGame(Game):
    """The game a scenario's board belongs to."""

    name = "mlp_ccg"
    num_players = 2

    def new_initial_state(self):  # pragma: no cover - a scenario's state is made from its board
        raise NotImplementedError("a scenario's game starts from the board the scenario sets up")
