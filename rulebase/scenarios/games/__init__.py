"""The games of the scenario language, one package each: its binding (what
each sentence of its grammar, ``grammar/scenario_<game>.lark``, means for its
engine), its expectations and the rules its scenarios are exempt from
confirming.  The engines know nothing of scenarios; these packages are the
only bridge, and :mod:`rulebase.scenarios.bindings` lists them."""
