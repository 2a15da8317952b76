"""Random legal games of the Kayou TCG, checking the engine after every
step: the simulator that looks for faults in the engine.

Game ``index`` of a run with ``seed`` has a seed of its own
(:func:`game_seed`), from which its two decks are generated
(:func:`~rulebase.engine.tcg.deck.random_deck`, so that every game is
played between different cards) and its players choose uniformly among
the legal actions; shuffles and cuts are sampled from the same generator.
After every step (and before the first) the simulator asks:

- the engine's invariants (:mod:`~rulebase.engine.tcg.invariants`, each
  player's 70 cards counted);
- that a decision has at least one legal action, listed once;
- that the engine applies the legal action chosen (a refusal means
  ``legal_actions`` and ``apply_action`` disagree), without an exception;
- that a game over has an outcome that agrees with the win conditions met
  (104.0.0), and that every game ends: the turn limit cuts a game short
  (counted apart), and a game still going after :data:`STEP_LIMIT` steps
  is a fault.

A fault ends its game and is reported as a :class:`Violation` with the run's
seed, the game's index and the actions applied before it, so that it
replays (:func:`replay`).

>>> report = simulate(2, seed=5)
>>> report.games, report.wins + report.draws + report.cut_short + report.faulted, report.violations
(2, 2, [])
"""

from __future__ import annotations

import random
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field

from rulebase.engine.errors import IllegalAction, IllegalDeck
from rulebase.engine.game import Termination
from rulebase.engine.tcg import deck as decks
from rulebase.engine.tcg import invariants
from rulebase.engine.tcg.actions import Action
from rulebase.engine.tcg.state import TCGGame, TCGState

TURN_LIMIT = 100
"""Turns after which a game is cut short (with 41 cards to draw after the
setup, a player who draws every turn runs out long before)."""

STEP_LIMIT = 20_000
"""Steps after which a game that has not ended is a fault (a loop)."""


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run with ``seed``.

    >>> game_seed(0, 7), game_seed(1, 7)
    (7, 1000010)
    """
    return seed * 1_000_003 + index


def generated_decks(seed: int, index: int) -> list[decks.Deck]:
    """The two legal decks of invented cards game ``index`` of a run with
    ``seed`` is played with, drawn from a generator of their own.

    >>> first, second = generated_decks(0, 3)
    >>> first.name != second.name, decks.violations(first), decks.violations(second)
    (True, [], [])
    """
    rng = random.Random(f"tcg decks {game_seed(seed, index)}")
    return [decks.random_deck(rng), decks.random_deck(rng)]


def decks_for(seed: int, index: int, pool: list | None = None) -> list:
    """The decks of game ``index``: generated ones, or the pairs of ``pool``
    in turn."""
    if not pool:
        return generated_decks(seed, index)
    return [pool[index % len(pool)], pool[(index + 1) % len(pool)]]


@dataclass
class GameRecord:
    """How one game went."""

    index: int
    seed: int
    decks: tuple[str, str]
    termination: str
    winner: int | None
    first_player: int
    turns: int
    steps: int


@dataclass
class Violation:
    """A fault found in game ``game`` of the run with ``seed``: its
    ``kind`` (``invariant``, ``refused legal action``, ``exception``, ``no
    legal action``, ``duplicate legal action``, ``no outcome``, ``wrong
    outcome``, ``no end``), ``step`` the number of actions applied when it was found, the
    ``action`` being applied (its text; ``None`` when the fault was found
    after a step, in the state the ``history`` leads to), what went wrong,
    and the actions applied, as text (``Action.parse`` reads them back:
    :func:`replay`)."""

    seed: int
    game: int
    step: int
    kind: str
    message: str
    action: str | None
    history: tuple[str, ...]
    decks: tuple[str, str]
    turn: int
    phase: str
    turn_limit: int | None = TURN_LIMIT

    def __str__(self) -> str:
        applying = f" applying {self.action!r}" if self.action else ""
        return (f"seed {self.seed} game {self.game} step {self.step} (turn {self.turn}, {self.phase} phase){applying}: "
                f"{self.kind}: {self.message}")

    def as_dict(self) -> dict:
        return {"seed": self.seed, "game": self.game, "step": self.step, "kind": self.kind, "message": self.message,
                "action": self.action, "turn": self.turn, "phase": self.phase, "decks": list(self.decks),
                "turn_limit": self.turn_limit, "history": list(self.history)}


@dataclass
class Report:
    """What a run found: the games and how they ended, the steps checked,
    the violations and the time taken."""

    seed: int = 0
    records: list[GameRecord] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)
    steps: int = 0
    checked: bool = True
    trace: bool = False
    seconds: float = 0.0

    @property
    def games(self) -> int:
        """The games played, those a fault ended included."""
        return len(self.records)

    def outcomes(self) -> Counter:
        """How the games ended: ``win``, ``draw``, ``turn limit``, ``fault``."""
        return Counter(record.termination for record in self.records)

    @property
    def wins(self) -> int:
        outcomes = self.outcomes()
        return outcomes[Termination.WIN.value] + outcomes[Termination.CONCESSION.value]

    @property
    def draws(self) -> int:
        return self.outcomes()[Termination.DRAW.value]

    @property
    def cut_short(self) -> int:
        """The games the turn limit ended."""
        return self.outcomes()[Termination.TURN_LIMIT.value]

    @property
    def faulted(self) -> int:
        """The games a violation ended."""
        return self.outcomes()["fault"]

    @property
    def turns(self) -> int:
        return sum(record.turns for record in self.records)

    @property
    def first_player_wins(self) -> int:
        return sum(1 for record in self.records if record.winner is not None and record.winner == record.first_player)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    def as_dict(self) -> dict:
        return {
            "game": "tcg",
            "seed": self.seed,
            "games": self.games,
            "wins": self.wins,
            "first_player_wins": self.first_player_wins,
            "draws": self.draws,
            "cut_short": self.cut_short,
            "faulted": self.faulted,
            "steps": self.steps,
            "checked_steps": self.steps if self.checked else 0,
            "turns": self.turns,
            "mean_turns": round(self.turns / self.games, 1) if self.games else 0,
            "violations": [violation.as_dict() for violation in self.violations],
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games_per_second, 1),
        }

    def text_report(self, shown: int = 20) -> str:
        """The figures in a few lines, with the first ``shown`` violations
        and how to replay them."""
        data = self.as_dict()
        lines = [f"{self.games} games in {data['seconds']} s ({data['games_per_second']} games/s), "
                 f"{data['mean_turns']} turns on average, {self.steps} steps"
                 + (" checked" if self.checked else " (not checked)"),
                 (f"wins {self.wins} (the first player {self.first_player_wins}), draws {self.draws}, "
                  f"cut short by the turn limit {self.cut_short}, ended by a fault {self.faulted}")]
        if not self.violations:
            lines.append("no violation")
            return "\n".join(lines)
        lines.append(f"{len(self.violations)} violation{'s' * (len(self.violations) != 1)}:")
        for violation in self.violations[:shown]:
            lines.append(f"  {violation}")
            lines.append(f"    replay: rulebase.engine.tcg.simulate.replay({violation.seed}, {violation.game}, history) "
                         f"with the {len(violation.history)} actions of its history (--json lists them)")
        if len(self.violations) > shown:
            lines.append(f"  ... and {len(self.violations) - shown} more (--json lists them all)")
        return "\n".join(lines)


class Fault(Exception):
    """A fault found while playing, with what the :class:`Violation` needs."""

    def __init__(self, kind: str, message: str, action=None):
        self.kind = kind
        self.message = message
        self.action = action
        super().__init__(f"{kind}: {message}")


def _where(error: BaseException) -> str:
    """The innermost line of the engine an exception came from."""
    frames = [frame for frame in traceback.extract_tb(error.__traceback__) if "rulebase" in frame.filename]
    if not frames:
        return ""
    frame = frames[-1]
    path = frame.filename[frame.filename.rfind("rulebase"):]
    return f" (at {path}:{frame.lineno}, in {frame.name})"


def _check_board(state: TCGState) -> None:
    found = invariants.violations(state.board, full_decks=True)
    if found:
        raise Fault("invariant", "; ".join(found))


def _choose(state: TCGState, rng: random.Random):
    """A random legal action, after checking the decision has some and
    lists each once."""
    actions = state.legal_actions()
    if not actions:
        pending = state.pending
        raise Fault("no legal action", f"{state.board.name(state.current_player())} must "
                    f"{pending.kind if pending else 'decide'} but has no legal action")
    if len(set(actions)) != len(actions):
        twice = [action for action, count in Counter(actions).items() if count > 1]
        raise Fault("duplicate legal action", f"legal_actions lists {twice[0]} {Counter(actions)[twice[0]]} times")
    return rng.choice(actions)


def _outcome_disagrees(state: TCGState, outcome, turn_limit: int | None) -> str | None:
    """What is wrong with how the game ended, given the win conditions met
    (104.0.0) and the turn limit."""
    board = state.board
    met = ", ".join(f"{board.name(player)} by {rule}" for player, rule in sorted(board.wins.items())) or "none"
    kind = outcome.termination
    if kind is Termination.WIN and (outcome.winner not in (0, 1) or set(board.wins) != {outcome.winner}):
        return f"{outcome!r}, but the win conditions met are: {met}"
    if kind is Termination.DRAW and len(board.wins) != 2:
        return f"a draw, but the win conditions met are: {met}"
    if kind is Termination.TURN_LIMIT and (board.wins or turn_limit is None or board.turn.number <= turn_limit):
        return f"cut short at turn {board.turn.number} (the limit is {turn_limit}); the win conditions met: {met}"
    if kind is Termination.CONCESSION:
        return "a player conceded, but the random players never concede"
    return None


def _step(state: TCGState, action) -> None:
    try:
        state.apply_action(action)
    except IllegalAction as refused:
        raise Fault("refused legal action", f"the engine refused an action it listed as legal: {refused}",
                    action) from refused


class _Game:
    """One game being played: its state and the actions applied so far."""

    def __init__(self, seed: int, index: int):
        self.seed = seed
        self.index = index
        self.names: tuple[str, str] = ("?", "?")
        self.state: TCGState | None = None
        self.history: list = []
        self.action = None

    def play(self, pool, check: bool, trace: bool, turn_limit: int | None):
        pair = decks_for(self.seed, self.index, pool)
        self.names = (pair[0].name, pair[1].name)
        rng = random.Random(game_seed(self.seed, self.index))
        state = self.state = TCGGame(decks=pair, turn_limit=turn_limit, trace=trace).new_initial_state()
        if check:
            _check_board(state)
        while not state.is_terminal():
            if len(self.history) >= STEP_LIMIT:
                raise Fault("no end", f"the game has not ended after {STEP_LIMIT} steps (turn "
                            f"{state.board.turn.number}, limit {turn_limit})")
            self.action = state.sample_chance(rng) if state.is_chance_node() else _choose(state, rng)
            _step(state, self.action)
            self.history.append(self.action)
            self.action = None
            if check:
                _check_board(state)
        outcome = state.outcome()
        if outcome is None:
            raise Fault("no outcome", "the game is over without an outcome")
        disagreement = _outcome_disagrees(state, outcome, turn_limit)
        if disagreement:
            raise Fault("wrong outcome", disagreement)
        return outcome

    def record(self, termination: str, winner: int | None) -> GameRecord:
        board = self.state.board if self.state is not None else None
        return GameRecord(self.index, game_seed(self.seed, self.index), self.names, termination, winner,
                          board.turn.first_player if board is not None else 0,
                          board.turn.number if board is not None else 0, len(self.history))

    def violation(self, fault: Fault, turn_limit: int | None) -> Violation:
        board = self.state.board if self.state is not None else None
        return Violation(self.seed, self.index, len(self.history), fault.kind, fault.message,
                         None if fault.action is None else str(fault.action),
                         tuple(str(applied) for applied in self.history), self.names,
                         board.turn.number if board is not None else 0,
                         board.turn.phase if board is not None else "setup", turn_limit)


def play_game(seed: int, index: int, pool: list | None = None, *, check: bool = True, trace: bool = False,
              turn_limit: int | None = TURN_LIMIT) -> tuple[GameRecord, Violation | None]:
    """Play game ``index`` of a run with ``seed`` and say how it went; a
    fault ends the game and comes back as a :class:`Violation`."""
    game = _Game(seed, index)
    try:
        outcome = game.play(pool, check, trace, turn_limit)
    except Exception as error:  # whatever the engine raises is a fault found, reported with its game
        fault = error if isinstance(error, Fault) else Fault(
            "exception", f"{type(error).__name__}: {error}{_where(error)}", game.action)
        return game.record("fault", None), game.violation(fault, turn_limit)
    return game.record(outcome.termination.value, outcome.winner), None


def simulate(games: int, seed: int = 0, decks: list | None = None, *, check: bool = True, trace: bool = False,
             turn_limit: int | None = TURN_LIMIT) -> Report:
    """Play ``games`` random games, each between its own pair of generated
    decks (or the pairs of ``decks`` in turn, each checked first:
    :class:`~rulebase.engine.errors.IllegalDeck` for one that is not
    legal), checking the engine after every step unless ``check`` is
    false; ``trace`` records every rule applied, as a judge would read it."""
    pool = list(decks or ())
    for deck in pool:
        _check_deck(deck)
    report = Report(seed=seed, checked=check, trace=trace)
    started = time.perf_counter()
    for index in range(games):
        record, violation = play_game(seed, index, pool, check=check, trace=trace, turn_limit=turn_limit)
        report.records.append(record)
        report.steps += record.steps
        if violation is not None:
            report.violations.append(violation)
    report.seconds = time.perf_counter() - started
    return report


def _check_deck(deck) -> None:
    if not isinstance(deck, decks.Deck):
        raise IllegalDeck("102.0.0", f"{deck!r} is not a TCG deck")
    decks.check(deck)


def replay(seed: int, game: int, history=(), pool: list | None = None, *,
           turn_limit: int | None = TURN_LIMIT) -> TCGState:
    """The state of game ``game`` of a run with ``seed`` (with ``pool``, if
    the run had one) after the actions of ``history``: a
    :class:`Violation`'s, as text or actions.  Its failing step can then be
    taken again (``state.apply_action(Action.parse(violation.action))``),
    with the trace on.

    >>> state = replay(5, 0)
    >>> state.is_chance_node(), state.pending.kind
    (True, "shuffle Alice's main deck")
    """
    state = TCGGame(decks=decks_for(seed, game, pool), turn_limit=turn_limit).new_initial_state()
    for action in history:
        state.apply_action(action if isinstance(action, Action) else Action.parse(action))
    return state
