"""The Kayou TCG in the scenario language: its binding (what each sentence
of ``grammar/scenario_tcg.lark`` means for the TCG engine), its
expectations and the rules its scenarios are exempt from confirming."""

from rulebase.scenarios.games.tcg.binding import TCGBinding

__all__ = ["TCGBinding"]
