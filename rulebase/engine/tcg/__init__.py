"""The Kayou TCG engine (the MLP Trading Card Game's official rules,
``corpus/tcg/official-rules.md``), one module per area of the rules.

The modules
-----------

- ``cards`` printed information (section II); ``text`` card text as data:
  effects, instructions and conditions (501.0.0, section VI); ``wording``
  reads card text in the rules' words into those values.
- ``board`` players, zones and the turn (section III); ``actions`` the
  actions as values that print and parse back.
- ``deck`` decks and deck construction (102.0.0-102.1.3), and random legal
  decks; ``setup`` starting the game (103.0.0); ``turn`` the turn (401.0.0,
  402.0.0, 405.0.0); ``play`` the Main Phase (403.0.0); ``exchange`` the
  Exchange Phase (404.0.0-404.5.0); ``story`` Advance Story, Disrupt Plan
  and Stage IV (304.0.0, 404.6.0, 404.7.0); ``ending`` winning, losing and
  draws (104.0.0).
- ``effects`` triggered, continuous, activated and static effects and
  their resolution (501.0.0-502.1.0, 101.1.0); ``instructions`` what each
  verb of card text does (601.0.0-611.0.0); ``zones`` cards changing zones;
  ``visibility`` what players may see and rearrange (301.0.0-308.0.0).
- ``decide`` decisions and the refusals of actions out of turn; ``free``
  the actions taken at any decision; ``state`` the game and its states;
  ``invariants`` what holds after every step.
- ``rules`` the rulebook: every rule check and rule-driven step as a unit
  registered under its rule number (``404.5.0``, ``glossary/attach``).

How the engine reads the rules where they leave a choice is written in
``interpretations.toml`` beside this file.

Running a game
--------------

A game between two decks starts with the chance actions of the setup
(shuffles, cuts, who goes first), then asks the players' decisions::

    from rulebase.engine.tcg.deck import sample_decks
    from rulebase.engine.tcg.state import TCGGame
    from rulebase.engine.policy import RandomPolicy, play

    state = play(TCGGame(decks=sample_decks()).new_initial_state(), RandomPolicy(1))
    state.outcome(), [str(step) for step in state.trace][:5]

``state.current_player()`` is ``-1`` at a chance event (``state.sample_chance
(rng)`` draws one), else the player to decide; ``state.legal_actions()``
lists :class:`~rulebase.engine.tcg.actions.Action` values (``Action.parse
("p0 play #12 at middle paying #40 #41")``); ``state.apply_action(action)``
raises :class:`~rulebase.engine.errors.IllegalAction` naming the rule that
refuses, the state unchanged.  ``state.pending`` is the decision waited for
(its ``kind``, ``rule``, ``data``; ``default()`` where letting the game go
on is a choice).  Free actions (``concede``, ``look``, ``count``,
``arrange``, ``effect``) are accepted at any decision.
``state.observation(player)`` is what a player sees.

A board at a phase
------------------

Build a :class:`~rulebase.engine.tcg.board.Board`, put cards where they are
(``board.new_card(printed, owner, label)``, then ``board.put(card, Zone.
ADVENTURE, space=1)``, ``board.put(item, Zone.ADVENTURE, host=character)``,
``board.put(plan, Zone.PLANS, stage=2)``, ``Zone.HAND``, ``Zone.SCENE``,
``Zone.MAIN_DECK`` with ``bottom=True`` to keep the order given...), set
``board.turn`` (``number``, ``player``, ``first_player``) and the players'
``stage``, then::

    state = TCGState.from_board(board, "main", checkpoints=True)

The game goes on from the start of that phase; ``checkpoints`` pauses it at
the start of each phase and at the end of each turn (a decision of kind
``decide.CHECKPOINT`` with ``data["where"]`` the phase or ``end of turn``,
answered by ``continue``) and asks the Turn Player in the Main Phase even
when ending it is the only choice.  ``from_board(board, None)`` runs the
setup of 103.0.0 instead (decks in their zones, Main Character and Story
cards in the Story Zone).  Set ``board.off`` to switch rules off by number.

The trace
---------

``state.trace`` (``board.trace``) records every rule that decided
something (a ``step``, ``check``, ``refusal`` or ``allowed``, each with its
rule number), the players' decisions and chance; a step's text is made
only when read (``str(step)``).  ``TCGGame(..., trace=False)`` records
nothing, for speed.
"""

MODULES = ("board", "deck", "decide", "effects", "ending", "exchange", "free", "instructions", "play", "setup",
           "story", "turn", "visibility", "zones")


def engine_rulebook():
    """The rulebook with every unit of the engine registered."""
    import importlib

    for name in MODULES:
        importlib.import_module(f"rulebase.engine.tcg.{name}")
    from rulebase.engine.tcg.rules import RULES

    return RULES
