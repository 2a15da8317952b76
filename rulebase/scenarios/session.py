"""What every game's binding shares: the binding's answers to the runner
(:class:`GameBinding`) and a session that runs one scenario on an engine
whose states are :class:`~rulebase.engine.flow.FlowState` values with pauses
between phases (:class:`GameSession`).

A game's binding module subclasses both and writes only what is its own: its
card definitions and facts (``given``), how its actions are built from
their sentences (``_action``), how its game starts (``_start``) and what its
expectations check (``expect``).
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rulebase.engine.trace import Trace
from rulebase.scenarios.model import Node, Scenario, ScenarioError

STEP_LIMIT = 20_000
"""The most steps ``the game proceeds to ...`` lets the game take."""

PRONOUNS = ("her", "his", "their", "its")


def owner_name(text: str) -> str:
    """A player's name from its possessive.

    >>> owner_name("Alice's"), owner_name("Bob’s"), owner_name("Carol")
    ('Alice', 'Bob', 'Carol')
    """
    text = str(text)
    return text[:-2] if text.endswith(("'s", "’s")) else text


class GameBinding:
    """What a game gives the scenario runner (see
    :class:`rulebase.scenarios.runner.Binding`): the rules document its
    scenarios cite, its rulebook, its exemptions and sessions."""

    game: str = ""
    exemptions: Path
    target_description: str = ""
    session_class: type

    @staticmethod
    def rulebook():  # pragma: no cover - every game's binding gives its own
        raise NotImplementedError

    @staticmethod
    def target(key: str) -> bool:
        """Whether a rule belongs to the game's coverage target (all of them
        unless the game says otherwise)."""
        return True

    def document(self, graph) -> str:
        return graph.current_edition(self.game)

    def session(self, scenario: Scenario, shared_cards: list[Node], off: frozenset = frozenset()):
        return self.session_class(scenario, shared_cards, self.rulebook().switch_off(off))

    def waiting(self, unit: str | None) -> bool:
        found = self.rulebook().unit(unit) if unit else None
        return bool(found and found.waiting)


class GameSession:
    """One scenario on a game's engine.

    The ``Given`` facts build a board; the first action (or expectation)
    starts the game from it (``_start``).  ``checkpoint`` is the kind of the
    engine's pause between phases (``data["where"]`` says where: a phase or
    ``end of turn``)."""

    checkpoint: str = ""
    same_decision: ClassVar[dict[str, tuple[str, ...]]] = {}
    """Verbs that answer the same decision: an action of one, where the game
    took another of them as the only choice, is tried at that decision."""

    def __init__(self, scenario: Scenario, off: frozenset = frozenset()):
        self.scenario = scenario
        self.off = frozenset(off)
        self.trace = Trace()
        self.names = ["Alice", "Bob"]
        self.board = None
        self.state = None
        self.definitions: dict = {}
        self.turn_player = 0
        self.turn_number: int | None = None
        self.first_player: int | None = None
        self.consumed = 0
        """How much of the state's history the scenario's statements account for."""
        self.hints: list[str] = []
        """What a writer may have meant otherwise, told only if the scenario fails."""

    # -- errors, players and cards --------------------------------------------------

    def error(self, node: Node, message: str) -> ScenarioError:
        return ScenarioError(self.scenario.path, node.line, node.column, message, node.text)

    def player(self, node: Node, name: str) -> int:
        name = owner_name(name)
        if name not in self.names:
            raise self.error(node, f"no player called {name} (the players are {' and '.join(self.names)})")
        return self.names.index(name)

    def subject(self, node: Node) -> int:
        return self.player(node, node.args[0])

    def card(self, node: Node, ref: Node | str):
        """The card of the game a scenario names by its label (``"Comet"``,
        ``"Comet #2"``)."""
        label = ref.args[0] if isinstance(ref, Node) else ref
        board = self._board()
        found = [card for card in board.cards if card.label == label]
        if not found and label.endswith(" #1"):
            found = [card for card in board.cards if card.label == label[:-3]]
        if not found:
            known = ", ".join(sorted({f'"{c.label}"' for c in board.cards})) or "none"
            raise self.error(node, f"no card called \"{label}\" is in the game (the cards are {known})")
        return found[0]

    def _new_card(self, node: Node, name: str, owner: int, printed=None):
        """A new card of ``name`` (its definition, else ``_undefined``),
        labelled ``name``, ``name #2``, ... in the order they are made."""
        if printed is None:
            if name not in self.definitions:
                self.definitions[name] = self._undefined(node, name)
            printed = self.definitions[name]
        board = self._board()
        taken = {card.label for card in board.cards}
        label, number = name, 1
        while label in taken:
            number += 1
            label = f"{name} #{number}"
        return board.new_card(printed, owner, label)

    def _undefined(self, node: Node, name: str):
        """The printed information of a card no ``Cards:`` defines, or an error."""
        known = ", ".join(f'"{n}"' for n in self.definitions) or "none"
        raise self.error(node, f"no card called \"{name}\" is defined under Cards: (defined: {known})")

    # -- what each game writes ---------------------------------------------------------

    def _board(self):  # pragma: no cover - every game's session gives its own
        raise NotImplementedError

    def _start(self, node: Node, new_game: bool = False):  # pragma: no cover
        raise NotImplementedError

    def _action(self, node: Node):  # pragma: no cover
        raise NotImplementedError

    def where(self, point: Node) -> str:  # pragma: no cover
        """The pause a turn point names (``data["where"]`` of a checkpoint)."""
        raise NotImplementedError

    def _chance(self) -> None:
        """Settle chance events as the scenario wants them (by default each
        chance request's default)."""
        state = self.state
        while not state.is_terminal() and state.is_chance_node():
            state.apply_action(state.pending.default())

    def _prepare(self, node: Node, action):
        """An action made ready to be taken: by default, the game goes past
        its pauses to the next decision (not for a free action)."""
        if not action.is_free:
            self._to_decision()
        return action

    # -- the expectations every game has -----------------------------------------------

    GAME_END = ("game_winner", "game_draw", "game_not_over")
    """The core grammar's sentences about how the game ended."""

    def game_end(self, node: Node) -> str | None:
        """``None`` when the game ended (or goes on) as a core sentence of
        :data:`GAME_END` says, else what happened instead."""
        outcome = self.state.outcome()
        if node.kind == "game_not_over":
            return None if outcome is None else f"the game is over ({outcome.termination.value})"
        if outcome is None:
            return "the game is not over"
        if node.kind == "game_draw":
            return None if outcome.winner is None else f"{self.names[outcome.winner]} won it"
        return None if outcome.winner == self.subject(node) else (
            "it is a draw" if outcome.winner is None else f"{self.names[outcome.winner]} won it")

    # -- running the game ----------------------------------------------------------------

    def _to_decision(self) -> None:
        """Go past the pauses between phases to the next decision of this
        turn (not past the end of the turn)."""
        state = self.state
        while not state.is_terminal():
            if state.is_chance_node():
                self._chance()
                continue
            request = state.pending
            if request.kind != self.checkpoint or request.data.get("where") == "end of turn":
                return
            state.apply_action(request.default())

    def _proceed(self, node: Node, player: int | None, where: str | None) -> None:
        """Let the game go on, every player making the default choice, until
        the pause at ``where`` in ``player``'s turn, or the end of the game.
        A pause the game reached by itself since the last statement counts."""
        state = self.state
        start = len(state.history)
        reached = self.consumed < start
        for _ in range(STEP_LIMIT):
            if state.is_terminal():
                return
            if state.is_chance_node():
                self._chance()
                continue
            request = state.pending
            if (where is not None and request.kind == self.checkpoint and request.player == player
                    and request.data.get("where") == where and (len(state.history) > start or reached)):
                return
            self._default(node, request)
        raise self.error(node, f"the game did not get there in {STEP_LIMIT} steps")

    def _default(self, node: Node, request) -> None:
        """Answer a decision the way a player who lets the game go on does:
        its default, or its only option, or else the first of its options."""
        state = self.state
        if request.default is not None:
            state.apply_action(request.default())
            return
        options = request.legal()
        if not options:
            raise self.error(node, f"the game can't go on by itself: {self.names[request.player]} must "
                                   f"{request.kind} ({request.rule}), and no choice is legal")
        state.automatic = len(options) == 1
        state.apply_action(options[0])

    def act(self, node: Node) -> str | None:
        """Carry out an action of the scenario: the game's start, letting the
        game proceed, or a player's action (recognised as done when the game
        took it as the only choice, and tried in place of the choice it took
        otherwise)."""
        kind, args = node.kind, node.args
        if kind == "start_game":
            if self.state is not None:
                raise self.error(node, "the game has already started")
            self._start(node, new_game=True)
            self.consumed = 0
            return None
        state = self._start(node)
        if state.is_terminal():
            raise self.error(node, f"the game is over: {state.outcome()}")
        if kind in ("proceed", "proceed_to_end"):
            if kind == "proceed":
                point = args[0]
                self._proceed(node, self.player(node, point.args[0]), self.where(point))
            else:
                self._proceed(node, None, None)
            self.consumed = len(state.history)
            return None
        action = self._prepare(node, self._action(node))
        for index in range(self.consumed, len(state.history)):
            applied = state.history[index]
            verbs = self.same_decision.get(applied.action.verb, (applied.action.verb,))
            if applied.automatic and applied.action.player == action.player and action.verb in verbs:
                if applied.action == action:
                    self.consumed = index + 1
                    return "done: the game had taken it, as the only choice"
                state.refuse_instead(index, action)
        if state.is_terminal():
            raise self.error(node, f"the game is over: {state.outcome()}")
        before = len(state.history)
        state.apply_action(action)
        self.consumed = before + 1
        self._chance()
        return None
