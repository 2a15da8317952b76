"""The Kayou TCG's rulebook: every rule check and rule-driven step of the
engine is a unit registered here under its number in the official rules
(``404.5.0``) or under a glossary entry (``glossary/attach``); see
:mod:`rulebase.engine.rulebook`.

>>> from rulebase.engine.tcg import engine_rulebook
>>> book = engine_rulebook()
>>> "404.5.0" in book, sorted({unit.kind for unit in book.units("303.3.0")})
(True, ['check'])
"""

from __future__ import annotations

from rulebase.engine.rulebook import Allowed, Rulebook

RULES = Rulebook("tcg")
check = RULES.check
step = RULES.step

__all__ = ["RULES", "Allowed", "check", "step"]
