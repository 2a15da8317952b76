"""The MLP CCG's rulebook: every rule check and rule-driven step of the
engine is a unit registered here under its number in the Comprehensive
Rules (see :mod:`rulebase.engine.rulebook`).

>>> from rulebase.engine.ccg import engine_rulebook
>>> book = engine_rulebook()
>>> "506.2" in book, [unit.kind for unit in book.units("506.2")][:1]
(True, ['check'])
"""

from __future__ import annotations

from rulebase.engine.rulebook import Allowed, Rulebook

RULES = Rulebook("ccg")
check = RULES.check
step = RULES.step

__all__ = ["RULES", "Allowed", "check", "step"]
