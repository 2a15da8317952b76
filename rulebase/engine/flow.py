"""A state whose rules are written as a generator: the game's procedure runs
top-down, as a rulebook reads, and pauses (``yield``) wherever a player must
decide or chance must act.

The procedure yields :class:`Request` values and receives the chosen action
back.  A request with a single option is answered at once (recorded as an
automatic action), so a player is only asked real questions.  A clone replays
the history from the state the game started in, so the game's procedure may
hold its place in ordinary Python control flow.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass, field
from typing import Callable, Iterator

from rulebase.engine.errors import EngineError, GameOver, IllegalAction
from rulebase.engine.game import CHANCE, TERMINAL, Outcome, State
from rulebase.engine.trace import REFUSAL


class _Held(threading.local):
    """The place in a history where a replay stops taking the only choice by
    itself (see :meth:`FlowState.refuse_instead`)."""

    at: int | None = None


_held = _Held()


class GameEnds(Exception):
    """Raised inside a game's procedure to end the game at once (103.1)."""

    def __init__(self, outcome: Outcome):
        self.outcome = outcome
        super().__init__(outcome)


@dataclass
class Request:
    """A decision the procedure waits for.

    ``options`` lists the legal actions (computed when asked, so they follow
    the game as it changes); ``check`` raises
    :class:`~rulebase.engine.errors.IllegalAction` for an action that is not
    allowed now, naming the rule; ``default`` is what a player does who lets
    the game proceed (``None`` when the player must choose); ``sample`` draws
    a chance outcome.  ``only`` and ``pick``, which a decision with many
    options may have, answer without listing them all (as it is their
    cost that makes them worth having, they must agree with ``options``):
    ``only()`` is the option when there is exactly one (``None`` when there
    are more), and ``pick(rng)`` one of them, each as likely as another.
    """

    player: int
    kind: str
    options: Callable[[], list]
    check: Callable[[object], None]
    rule: str | None = None
    default: Callable[[], object] | None = None
    sample: Callable[[random.Random], object] | None = None
    data: dict = field(default_factory=dict)
    automatic: bool = True
    only: Callable[[], object] | None = None
    pick: Callable[[random.Random], object] | None = None

    _legal: list | None = field(default=None, repr=False, compare=False)

    @property
    def is_chance(self) -> bool:
        return self.player == CHANCE

    def legal(self) -> list:
        """The options, computed once until :meth:`forget` is called."""
        if self._legal is None:
            self._legal = list(self.options())
        return self._legal

    def forget(self) -> None:
        """Recompute the options next time (the game changed meanwhile)."""
        self._legal = None


@dataclass(frozen=True)
class Applied:
    """One action of a history, and whether the game applied it by itself
    (the only option left)."""

    action: object
    automatic: bool = False


class FlowState(State):
    """A :class:`~rulebase.engine.game.State` driven by a procedure.

    Subclasses call :meth:`start` with the procedure (a generator) and a
    ``factory`` that makes a fresh copy of the starting state (for
    :meth:`clone`), and may override :meth:`accepts_any_time` for actions
    allowed whatever the pending decision is (conceding).
    """

    def __init__(self, game):
        self.game = game
        self.history: list[Applied] = []
        self._pending: Request | None = None
        self._procedure: Iterator | None = None
        self._outcome: Outcome | None = None
        self._factory: Callable[[], "FlowState"] | None = None

    # -- driving the procedure ------------------------------------------------

    def start(self, procedure: Iterator, factory: Callable[[], "FlowState"]) -> None:
        self._procedure = procedure
        self._factory = factory
        self._resume(None)

    def _resume(self, value) -> None:
        try:
            request = self._procedure.send(value)
            while True:
                if not request.is_chance and request.automatic and _held.at != len(self.history):
                    if request.only is not None:
                        option = request.only()
                    else:
                        options = request.legal()
                        option = options[0] if len(options) == 1 else None
                    if option is not None:
                        self.history.append(Applied(option, automatic=True))
                        self.on_automatic(request, option)
                        request = self._procedure.send(option)
                        continue
                self._pending = request
                return
        except StopIteration:
            self._pending = None
            if self._outcome is None:
                raise RuntimeError("the game's procedure ended without an outcome") from None
        except GameEnds as ending:
            self._pending = None
            self._outcome = ending.outcome
            self._procedure.close()

    def on_automatic(self, request: Request, action) -> None:
        """Called when the game answers a request with its only option."""

    # -- the State API --------------------------------------------------------

    @property
    def pending(self) -> Request | None:
        """The decision the game waits for (``None`` once it has ended)."""
        return self._pending

    def current_player(self) -> int:
        if self._pending is None:
            return TERMINAL
        return self._pending.player

    def legal_actions(self) -> list:
        if self._pending is None or self._pending.is_chance:
            return []
        return list(self._pending.legal())

    def sample_chance(self, rng: random.Random):
        if self._pending is None or not self._pending.is_chance:
            raise IllegalAction("chance", "the game is not at a chance event")
        return self._pending.sample(rng)

    def apply_action(self, action) -> None:
        if self._pending is None:
            raise GameOver("the game is over: no action can be taken")
        self._pending.check(action)
        self.history.append(Applied(action))
        self._resume(action)

    def is_terminal(self) -> bool:
        return self._pending is None

    def outcome(self) -> Outcome | None:
        return self._outcome

    def clone(self) -> "FlowState":
        other = self._factory()
        for applied in self.history:
            if not applied.automatic:
                other.apply_action(applied.action)
        return other

    def refuse_instead(self, index: int, action) -> None:
        """Try ``action`` in place of the decision the game took by itself
        at ``history[index]`` (its only legal choice): the game is replayed
        to that decision and the action checked there.  The refusal is
        recorded in this state's trace (when it has one) and raised as
        :class:`~rulebase.engine.errors.IllegalAction`; this state is left
        as it was.  An action the rules would have allowed there raises
        :class:`~rulebase.engine.errors.EngineError`."""
        applied = self.history[index]
        if not applied.automatic:
            raise EngineError(f"history entry {index} was not taken by the game")
        _held.at = index
        try:
            probe = self._factory()
            for earlier in self.history[:index]:
                if not earlier.automatic:
                    probe.apply_action(earlier.action)
        finally:
            _held.at = None
        try:
            probe.pending.check(action)
        except IllegalAction as refusal:
            trace = getattr(self, "trace", None)
            if trace is not None:
                trace.record(refusal.rule, REFUSAL, refusal.reason)
            raise
        raise EngineError(f"{action} was allowed where the game took {applied.action} as the only choice")

    def actions(self) -> list:
        """Every action taken so far, the automatic ones included."""
        return [applied.action for applied in self.history]
