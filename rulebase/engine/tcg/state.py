"""The Kayou TCG as a game of the state API: :class:`TCGGame` makes games
between two decks; :class:`TCGState` is a position, made from a game or
from a board set up by hand (:meth:`TCGState.from_board`).

>>> import random
>>> from rulebase.engine.tcg.deck import sample_decks
>>> state = TCGGame(decks=sample_decks()).new_initial_state()
>>> state.is_chance_node(), state.pending.kind
(True, "shuffle Alice's main deck")
>>> rng = random.Random(7)
>>> while state.is_chance_node():
...     state.apply_action(state.sample_chance(rng))
>>> state.board.turn.number, state.board.turn.phase, state.current_player() == state.board.turn.player
(1, 'main', True)
>>> [len(player.hand) for player in state.board.players], [player.stage for player in state.board.players]
([5, 5], [0, 0])

Shuffles, cuts and who goes first are chance actions; the first turn
skips its Draw Step (402.2.0), so the Turn Player's first decision is in
their Main Phase.
"""

from __future__ import annotations

import copy

from rulebase.engine.flow import FlowState
from rulebase.engine.game import Game
from rulebase.engine.tcg import setup, visibility
from rulebase.engine.tcg.board import PHASES, Board
from rulebase.engine.tcg.turn import play_turns
from rulebase.engine.trace import Trace

DEFAULT_NAMES = ("Alice", "Bob")


class TCGGame(Game):
    """A game of the Kayou TCG between two decks.

    Parameters: ``decks`` (two :class:`~rulebase.engine.tcg.deck.Deck`),
    ``names`` of the players, ``turn_limit`` (a game cut short after that
    many turns ends without a winner), ``trace`` (``False`` to record
    nothing, for speed) and ``off`` (rules switched off).
    """

    name = "mlp_tcg"
    num_players = 2

    def __init__(self, decks, names=DEFAULT_NAMES, turn_limit: int | None = 200, trace: bool = True,
                 off=frozenset()):
        super().__init__(names=tuple(names), turn_limit=turn_limit, trace=trace)
        self.decks = list(decks)
        self.names = tuple(names)
        self.turn_limit = turn_limit
        self.trace = trace
        self.off = frozenset(off)

    def new_initial_state(self) -> TCGState:
        board = setup.new_board(self.names, self.decks, Trace(self.trace), self.turn_limit, self.off)
        state = TCGState(self, board)
        state.start(setup.start_game(state), factory=self.new_initial_state)
        return state


class TCGState(FlowState):
    """A position of the Kayou TCG."""

    def __init__(self, game, board: Board):
        super().__init__(game)
        self.board = board
        self.automatic = False
        self.answered_alone = False
        """Whether the last decision was taken by the game as the only choice."""
        self.checkpoints = False

    @property
    def trace(self) -> Trace:
        return self.board.trace

    @classmethod
    def from_board(cls, board: Board, phase: str | None = "main", game: Game | None = None,
                   checkpoints: bool = False) -> TCGState:
        """A state whose game goes on from ``board``, at the start of
        ``phase`` (``start``, ``main``, ``exchange`` or ``end``) of the Turn
        Player's turn (``board.turn``), or from the setup of 103.0.0 when
        ``phase`` is ``None`` (the decks in their zones, the Main Character
        and Story cards in the Story Zone).  ``checkpoints`` pauses the game
        at the start of each phase and the end of each turn (a
        ``go on with the game`` decision answered by ``continue``), and asks
        the Turn Player in the Main Phase even when ending it is their only
        choice."""
        if phase is not None and phase not in PHASES:
            raise ValueError(f"not a phase: {phase!r} (the phases are {', '.join(PHASES)})")
        origin = copy.deepcopy(board)
        game = game or ScenarioGame()

        def make(target):
            state = cls(game, target)
            state.checkpoints = checkpoints
            if phase is None:
                procedure = setup.start_game(state)
            else:
                from rulebase.engine.tcg import effects

                effects.update_continuous(target)
                procedure = play_turns(state, phase)
            state.start(procedure, factory=lambda: make(copy.deepcopy(origin)))
            return state

        return make(board)

    def on_automatic(self, request, action) -> None:
        self.automatic = True

    def observation(self, player: int) -> dict:
        """What ``player`` sees of the game (see
        :func:`rulebase.engine.tcg.visibility.observation`)."""
        return visibility.observation(self.board, player)

    def describe(self, action) -> str:
        """An action in words, with the names of its cards."""
        from rulebase.engine.tcg.decide import describe

        return describe(self.board, action)


class ScenarioGame(Game):
    """The game a board set up by hand belongs to."""

    name = "mlp_tcg"
    num_players = 2

    def new_initial_state(self):  # pragma: no cover - such a state is made from its board
        raise NotImplementedError("this game starts from the board that was set up for it")
