"""The MLP CCG in the scenario language: its binding (what each sentence of
``grammar/scenario_ccg.lark`` means for the CCG engine), its expectations
and the rules its scenarios are exempt from confirming (``exempt.toml``)."""

from rulebase.scenarios.games.ccg.binding import CCGBinding

__all__ = ["CCGBinding"]
