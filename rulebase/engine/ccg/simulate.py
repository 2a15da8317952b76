"""Random legal games between two decks, checking the invariants after
every step (:mod:`~rulebase.engine.ccg.invariants`): the simulator that
looks for faults in the engine."""

from __future__ import annotations

import gc
import time
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from rulebase.engine.ccg import invariants
from rulebase.engine.ccg.decks import sample_decks
from rulebase.engine.ccg.state import CCGGame
from rulebase.engine.errors import EngineError, InvariantViolation
from rulebase.engine.policy import RandomPolicy

TURN_LIMIT = 200
ACTION_LIMIT = 50_000


@dataclass
class GameRecord:
    seed: int
    decks: tuple[str, str]
    termination: str
    winner: str | None
    turns: int
    actions: int


@dataclass
class SimulationReport:
    games: list[GameRecord] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)
    seconds: float = 0.0
    checked_steps: int = 0
    held: dict = field(default_factory=dict)
    """The cards of the decks played without their text, which the engine
    can't carry out in full, with what holds each (never silently)."""

    @property
    def games_per_second(self) -> float:
        return len(self.games) / self.seconds if self.seconds else 0.0

    def outcomes(self) -> Counter:
        return Counter(game.termination for game in self.games)

    def as_dict(self) -> dict:
        turns = [game.turns for game in self.games]
        return {
            "games": len(self.games),
            "outcomes": dict(self.outcomes()),
            "violations": list(self.violations),
            "checked_steps": self.checked_steps,
            "mean_turns": round(sum(turns) / len(turns), 1) if turns else 0,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games_per_second, 1),
            "held": dict(self.held),
        }


def choose_decks(octgn: str | Path | None = None):
    """The theme decks of the OCTGN data when it is there, else the decks
    shipped with the engine."""
    if octgn is not None and Path(octgn, "Decks").is_dir():
        from rulebase.engine.ccg.octgn import theme_decks

        decks = theme_decks(octgn)
        if len(decks) >= 2:
            return decks
    return sample_decks()


@contextmanager
def sparing_the_collector():
    """Leave the objects that exist now (the card data, the decks, the rules
    and whatever else the process holds) out of the cyclic garbage
    collector's passes until the block ends (:func:`gc.freeze`): the games
    make and drop objects by the million, and each pass over the older
    ones would scan the same long-lived data again.  Nothing is kept alive
    longer than the block; a process that froze objects itself is left as
    it is.  (Whether a block of its own is under way is kept here:
    :func:`gc.get_freeze_count` walks every frozen object, a long walk
    to make before each of a simulation's games.)"""
    global _sparing
    if _sparing or gc.get_freeze_count():
        yield
        return
    gc.freeze()
    _sparing = True
    try:
        yield
    finally:
        _sparing = False
        gc.unfreeze()


_sparing = False


def play_one(decks, seed: int, check: bool = True, turn_limit: int = TURN_LIMIT,
             trace: bool = False) -> tuple[GameRecord, int]:
    """Play one random game; raises :class:`InvariantViolation` on a fault.
    Returns the record and the number of steps checked.  ``trace`` records
    every rule applied (the game played is the same either way)."""
    with sparing_the_collector():
        return _play_one(decks, seed, check, turn_limit, trace)


class DrawingPolicy(RandomPolicy):
    """The random policy of the simulator: an action each as likely as
    another among the legal ones, as :class:`RandomPolicy` chooses, drawn
    by the decision itself where it can draw one without listing them all
    (:attr:`Request.pick <rulebase.engine.flow.Request.pick>`: a priority
    decision, where most candidate actions would otherwise be judged to
    take one).  The games differ from :class:`RandomPolicy`'s with the same
    seed: the random numbers are used otherwise."""

    def __call__(self, state):
        request = state.pending
        if request is not None and request.pick is not None and not request.is_chance:
            return request.pick(self.rng)
        return super().__call__(state)


POLICY = DrawingPolicy
"""The policy the simulator plays with (:class:`RandomPolicy`, which lists
every decision's legal actions to choose one, plays other games, for
comparing the two)."""


def _play_one(decks, seed: int, check: bool, turn_limit: int, trace: bool) -> tuple[GameRecord, int]:
    game = CCGGame(decks=decks, turn_limit=turn_limit, trace=trace)
    state = game.new_initial_state()
    policy = POLICY(seed)
    steps = 0
    if check:
        invariants.check(state.board)
    while not state.is_terminal():
        if steps >= ACTION_LIMIT:
            raise InvariantViolation(f"game {seed} did not end within {ACTION_LIMIT} actions")
        state.apply_action(policy(state))
        steps += 1
        if check:
            invariants.check(state.board)
    outcome = state.outcome()
    winner = None if outcome.winner is None else state.board.name(outcome.winner)
    record = GameRecord(seed, (decks[0].name, decks[1].name), outcome.termination.value, winner,
                        state.board.turn.number, steps)
    return record, steps


def simulate(games: int, seed: int = 0, decks=None, check: bool = True, turn_limit: int = TURN_LIMIT,
             trace: bool = False) -> SimulationReport:
    """Play ``games`` random games (deck pairs rotate through ``decks``);
    a fault ends the game it happens in and is reported, with its seed.
    ``trace`` records every rule applied, as a game played for its record
    would (the games are the same; only slower)."""
    pool = list(decks or sample_decks())
    from rulebase.engine.ccg.octgn import held_cards

    report = SimulationReport(held=held_cards(pool))
    started = time.perf_counter()
    with sparing_the_collector():
        for number in range(games):
            game_seed = seed * 1_000_003 + number
            first = pool[number % len(pool)]
            second = pool[(number + 1 + number // len(pool)) % len(pool)]
            if second is first and len(pool) > 1:
                second = pool[(number + 1) % len(pool)]
            try:
                record, steps = play_one([first, second], game_seed, check, turn_limit, trace)
            except EngineError as error:
                report.violations.append(f"game seed {game_seed}: {error}")
                continue
            report.games.append(record)
            report.checked_steps += steps if check else 0
    report.seconds = time.perf_counter() - started
    return report


def default_octgn() -> Path | None:
    """The corpus's copy of the OCTGN game definition
    (:func:`rulebase.cards.database.default_root`), if the corpus has it."""
    from rulebase.cards.database import default_root

    candidate = default_root()
    return candidate if candidate.is_dir() else None


def load_decks(files=(), octgn=None) -> list:
    """Decks from files (TOML, or OCTGN ``.o8d`` with ``octgn``), else the
    theme decks of the OCTGN data named (:class:`SetupError` when it has
    none) or the corpus's copy, else the sample decks."""
    from rulebase.engine.ccg import decks as deck_files
    from rulebase.engine.errors import SetupError

    if octgn is not None and not files:
        from rulebase.engine.ccg.octgn import theme_decks

        decks_dir = Path(octgn, "Decks")
        decks = theme_decks(octgn) if decks_dir.is_dir() else []
        if len(decks) < 2:
            raise SetupError(f"{decks_dir}: no theme decks to play (two or more .o8d files are needed)")
        return decks
    octgn = octgn or default_octgn()
    if not files:
        return choose_decks(octgn)
    found = []
    for path in files:
        if str(path).endswith(".o8d"):
            if octgn is None:
                raise SetupError(f"{path}: an OCTGN deck needs the card data (--octgn)")
            from rulebase.engine.ccg.octgn import load_deck

            found.append(load_deck(path, octgn))
        else:
            found.append(deck_files.load(path))
    if len(found) < 2:
        found = found * 2
    return found


def text_report(report: SimulationReport) -> str:
    data = report.as_dict()
    lines = [f"{data['games']} games in {data['seconds']} s ({data['games_per_second']} games/s), "
             f"{data['mean_turns']} turns on average, {data['checked_steps']} steps checked"]
    lines.append("outcomes: " + ", ".join(f"{key} {value}" for key, value in sorted(data["outcomes"].items())))
    if report.held:
        lines.append(f"{len(report.held)} cards played without their text (the engine can't carry out all of it; "
                     "the trace says so each time one is played, 701.1):")
        lines.extend(f"  {name}: {why}" for name, why in sorted(report.held.items()))
    if report.violations:
        lines.append(f"{len(report.violations)} invariant violations:")
        lines.extend(f"  {v}" for v in report.violations[:20])
    else:
        lines.append("no invariant violation")
    return "\n".join(lines)
