"""Executable rules scenarios: a language in which judges write "given this
board, when this happens, then this must be true, per rules X and Y"
(a core grammar, ``grammar/scenario_core.lark``, and one grammar per game
on it, ``grammar/scenario_ccg.lark``), its parser, a runner that plays scenarios on a
game's engine and checks that every cited rule was applied, reports and
rule coverage.  Nothing here knows a game's rules: each game plugs in with a
binding (:mod:`rulebase.scenarios.bindings`)."""
