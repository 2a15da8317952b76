"""The MLP CCG engine, one module per area of the Comprehensive Rules 3.4.

- ``cards`` printed information (chapter 2); ``deck`` and ``decks`` deck
  building (101) and deck files; ``octgn`` the OCTGN card data.
- ``board`` players, zones and areas (401-409, 501); ``areas`` the words card
  text names an area with ("here", "there": 501.4, 501.5); ``zones`` changing zones
  and what players can see (402-410); ``status`` ready, exhausted, frightened
  and face-down (503-505); ``moving`` moving and sending (506); ``power``
  (507); ``confront`` confront requirements (611); ``faceoffs`` (514, 515);
  ``uniqueness`` (516); ``points`` points and winning (103, 517).
- ``start`` starting a game (102); ``turn`` the turn (601-616); ``play`` the
  Main Phase actions and playing cards (609, 705); ``priority`` decisions and
  priority windows (510, 511); ``effects`` the instructions of card text.
- ``actions`` the actions as values; ``state`` the game and its states;
  ``invariants`` and ``simulate`` random games (the binding that runs
  scenarios on this engine is :mod:`rulebase.scenarios.games.ccg`).
- ``rules`` the rulebook: every rule check and rule-driven step as a unit
  registered under its rule number.
"""

MODULES = ("actions", "areas", "board", "cards", "confront", "deck", "decks", "effects", "faceoffs", "moving", "play",
           "points", "power", "priority", "start", "status", "turn", "uniqueness", "zones", "abilities.verbs",
           "abilities.resolve")


def engine_rulebook():
    """The rulebook with every unit of the engine registered."""
    import importlib

    for name in MODULES:
        importlib.import_module(f"rulebase.engine.ccg.{name}")
    from rulebase.engine.ccg.rules import RULES

    return RULES
