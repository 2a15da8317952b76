"""Reference game engines whose every rule check is tied to its rule number.

The game-independent parts live here: the state API (:mod:`.game`), the
procedure-driven state (:mod:`.flow`), the trace (:mod:`.trace`), policies
(:mod:`.policy`) and the errors (:mod:`.errors`).  Each game has its own
subpackage (:mod:`.ccg` for the MLP CCG).
"""

from rulebase.engine.errors import (
    ActionSyntaxError,
    EngineError,
    GameOver,
    IllegalAction,
    IllegalDeck,
    InvariantViolation,
    RuleViolation,
    SetupError,
)
from rulebase.engine.game import CHANCE, TERMINAL, Game, Outcome, State, Termination
from rulebase.engine.trace import Step, Trace

__all__ = [
    "CHANCE", "TERMINAL", "Game", "State", "Outcome", "Termination", "Trace", "Step",
    "EngineError", "IllegalAction", "IllegalDeck", "GameOver", "ActionSyntaxError",
    "InvariantViolation", "RuleViolation", "SetupError",
]
