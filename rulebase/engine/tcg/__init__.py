"""The Kayou TCG engine (the MLP Trading Card Game's official rules,
``corpus/tcg/official-rules.md``), one module per area of the rules.

- ``cards`` printed information (section II); ``text`` card text as data:
  effects, instructions and conditions (501.0.0, section VI).
- ``board`` players, zones and the turn (section III); ``actions`` the
  actions as values that print and parse back.
- ``rules`` the rulebook: every rule check and rule-driven step as a unit
  registered under its rule number (``404.5.0``, ``glossary/attach``).

How the engine reads the rules where they leave a choice is written in
``interpretations.toml`` beside this file.
"""

MODULES = ("board",)


def engine_rulebook():
    """The rulebook with every unit of the engine registered."""
    import importlib

    for name in MODULES:
        importlib.import_module(f"rulebase.engine.tcg.{name}")
    from rulebase.engine.tcg.rules import RULES

    return RULES
