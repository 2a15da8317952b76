"""Who makes the players' decisions when no caller does: a seeded random
policy for simulations, or a script of actions.

A policy is called with a state and returns an action for its current
player; chance nodes are resolved with the policy's own random generator.
"""

from __future__ import annotations

import random
from typing import Callable, Iterable

from rulebase.engine.errors import EngineError
from rulebase.engine.game import State


class RandomPolicy:
    """Picks uniformly among the legal actions, and samples chance events,
    from a seeded generator; ``exclude`` leaves out actions (conceding, by
    default) that would make random games meaningless."""

    def __init__(self, seed: int | None = None, exclude: Callable[[object], bool] | None = None):
        self.rng = random.Random(seed)
        self.exclude = exclude or (lambda action: getattr(action, "verb", "") == "concede")

    def __call__(self, state: State):
        if state.is_chance_node():
            return state.sample_chance(self.rng)
        actions = [action for action in state.legal_actions() if not self.exclude(action)]
        if not actions:
            actions = state.legal_actions()
        return self.rng.choice(actions)


class ScriptedPolicy:
    """Plays the given actions in order, chance outcomes included (a game's
    history replays it); a chance event the script does not hold is sampled
    from a seeded generator.  Raises :class:`EngineError` when the script
    runs out of decisions."""

    def __init__(self, actions: Iterable, seed: int | None = None):
        self.actions = list(actions)
        self.position = 0
        self.rng = random.Random(seed)

    def __call__(self, state: State):
        if state.is_chance_node():
            scripted = self.actions[self.position] if self.position < len(self.actions) else None
            if scripted is not None and getattr(scripted, "is_chance", False):
                self.position += 1
                return scripted
            return state.sample_chance(self.rng)
        if self.position >= len(self.actions):
            raise EngineError("the script has no more actions")
        action = self.actions[self.position]
        self.position += 1
        return action


def play(state: State, policy: Callable[[State], object], *, max_actions: int = 100_000,
         after_each: Callable[[State], None] | None = None) -> State:
    """Apply the policy's actions until the game ends (or ``max_actions``).

    ``after_each`` is called after every action, e.g. to check invariants.
    """
    count = 0
    while not state.is_terminal() and count < max_actions:
        state.apply_action(policy(state))
        count += 1
        if after_each is not None:
            after_each(state)
    return state
