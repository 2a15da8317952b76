"""Decisions: the procedure's helper that asks a player to choose, the
checks of an answer, and the "not now" refusals of an action the game is
not waiting for.

An answer is checked by check units (see :mod:`rulebase.engine.tcg.rules`):
those that say an action is not what the game waits for now are units of
their own (``waiting``), apart from the units that judge what an action is.
Free actions (conceding, looking at, counting and rearranging zones, the
instructions of card text a caller states) are taken at any decision, which
is then asked again."""

from __future__ import annotations

from rulebase.engine.errors import EngineError
from rulebase.engine.flow import Request
from rulebase.engine.tcg.actions import Action
from rulebase.engine.tcg.board import PHASE_NAMES, SPACES, Board, Card
from rulebase.engine.tcg.rules import RULES, check

CHECKPOINT = "go on with the game"
"""The pause a caller asked for between phases (not a decision of the rules)."""

MAIN_PHASE = "take a Main Phase action or end the Main Phase"
"""The Turn Player's decision in the Main Phase (403.0.0)."""

MAIN_VERBS = ("play", "activate", "move")
"""The Main Phase actions (403.0.0, 303.2.0)."""


def decide(s, player: int, kind: str, options, verbs: dict, rule: str | None = None, default=None,
           automatic: bool = True, data: dict | None = None):
    """Ask ``player`` to decide; ``verbs`` maps each verb the decision
    accepts to its check.  Free actions are carried out on the way, and the
    question asked again."""
    request = Request(player, kind, options, check=lambda action: check_answer(s, request, action), rule=rule,
                      default=default, data={"verbs": verbs, **(data or {})}, automatic=automatic)
    while True:
        action = yield request
        if action.is_free:
            from rulebase.engine.tcg import free

            yield from free.apply(s, action)
            request.forget()
            continue
        automatic, s.automatic = s.automatic, False
        s.answered_alone = automatic
        board = s.board
        if board.trace.enabled and action.verb != "continue":
            board.trace.decision("{player}{how}: {action}", player=board.name(player),
                                 how=" (the only choice)" if automatic else "", action=describe(board, action))
        return action


def checkpoint(s, where: str):
    """Pause where a caller asked to (``s.checkpoints``): at the start of each
    phase and at the end of each turn.  Not part of the rules; a simulation
    never pauses here."""
    if not s.checkpoints:
        return
    player = s.board.turn.player
    yield from decide(s, player, CHECKPOINT, lambda: [Action("continue", player)], {"continue": lambda a: None},
                      default=lambda: Action("continue", player), automatic=False, data={"where": where})


def describe(board: Board, action: Action) -> str:
    """An action in words, with the names of its cards, spaces and zones."""

    def card(index):
        found = board.card(index)
        return found.label if found is not None else f"#{index}"

    if action.verb == "effect":
        words = "by card text, " + action.effect.replace("-", " ")
    else:
        words = action.verb.replace("-", " ")
    if action.card is not None:
        words += f" {card(action.card)}"
        if action.ability is not None:
            found = board.card(action.card)
            if found is not None and 0 <= action.ability < len(found.printed.effects):
                words += f" ({found.printed.effects[action.ability].kind} effect)"
    if action.host is not None:
        words += f" on {card(action.host)}"
    if action.space is not None:
        words += f" {'to' if action.verb in ('move', 'effect') else 'at'} the {SPACES[action.space]} space"
    if action.amount is not None:
        words += f" {action.amount:+d}" if action.effect == "inspiration" else f" {action.amount}"
    if action.zone is not None:
        words += f" {board.name(action.owner)}'s {action.zone}"
    if action.payment:
        words += " paying with " + ", ".join(card(index) for index in action.payment)
    return words


def named_card(board: Board, action) -> Card | None:
    """The card ``action`` names, or ``None`` when it names none in the game."""
    return board.card(getattr(action, "card", None))


def switched_off(unit, what: str) -> EngineError:
    """The error of a procedure that can't go on because the rule of
    ``unit`` is switched off and let through what it would have refused."""
    return EngineError(f"{what}, and rule {unit.number}, which would have refused it ({unit.unit.name}), is switched off")


def chosen(board: Board, action, unit) -> Card:
    """The card a decision's answer names, the answer checked by ``unit``;
    an error when it names none (possible only with ``unit`` switched off)."""
    card = named_card(board, action)
    if card is None:
        raise switched_off(unit, "the answer names no card in the game")
    return card


# -- checking an answer ---------------------------------------------------------------


@check("401.0.0", "players take actions in their turns, phase by phase")
def is_an_action(board: Board, action):
    if not isinstance(action, Action):
        return f"{action!r} is not an action"


@check("401.0.0", "a random event happens only when the game calls for one")
def no_random_event_due(board: Board, action: Action):
    if action.is_chance:
        return "no random event is due now"


@check("401.0.0", "the game has two players")
def player_in_the_game(board: Board, action: Action):
    if not 0 <= action.player < len(board.players):
        return f"there is no player {action.player}: the game has two players"


@check("403.0.0", "only the Turn Player takes Main Phase actions")
def main_phase_actions_are_the_turn_players(board: Board, request: Request, action: Action):
    if action.verb in MAIN_VERBS and action.player != board.turn.player:
        return f"only the Turn Player ({board.turn_player.name}) may play cards and activate abilities in the Main Phase"


@check("403.0.0", "Main Phase actions are taken in the Turn Player's Main Phase")
def main_phase_actions_in_the_main_phase(board: Board, request: Request, action: Action):
    if action.verb in MAIN_VERBS and action.verb not in request.data["verbs"]:
        phase = PHASE_NAMES.get(board.turn.phase, board.turn.phase)
        return (f"cards are played and abilities activated in the Turn Player's Main Phase (it is the {phase}, and "
                f"the game waits for {board.name(request.player)} to {request.kind})")


@check("404.5.0", "Inspire abilities are activated during an Exchange, by flipping face-up Scenes")
def inspire_in_an_exchange(board: Board, request: Request, action: Action):
    if action.verb == "inspire" and action.verb not in request.data["verbs"]:
        return (f"Scenes are flipped for Inspire during an Exchange (the game waits for {board.name(request.player)} "
                f"to {request.kind})")


@check("404.3.0", "the Turn Player chooses an action for a column where only they have a Character")
def story_action_for_a_column(board: Board, request: Request, action: Action):
    if action.verb in ("advance", "disrupt") and action.verb not in request.data["verbs"]:
        return ("Advance Story and Disrupt Plan are chosen in the Exchange Phase, for a column where only the Turn "
                f"Player has a Character (the game waits for {board.name(request.player)} to {request.kind})")


def _waits_for_another_player(board: Board, request: Request, action: Action):
    if action.player != request.player:
        return f"the game waits for {board.name(request.player)} to {request.kind}, not for {board.name(action.player)}"


def _waits_for_another_decision(board: Board, request: Request, action: Action):
    if action.verb not in request.data["verbs"]:
        return (f"{board.name(action.player)} can't {action.verb} now: the game waits for "
                f"{board.name(request.player)} to {request.kind}")


DECISION_RULES = ("103.1.0", "401.0.0", "403.0.0", "403.2.0", "404.3.0", "404.5.0", "405.2.0", "501.1.0", "501.1.1",
                  "502.1.0", "602.0.0", "603.0.0")
"""The rules under which the game asks for a decision (``decide(rule=...)``)."""


WAITS_FOR_ANOTHER_PLAYER = RULES.check_under_each(
    DECISION_RULES, "the game waits for another player's decision", waiting=True)(_waits_for_another_player)
WAITS_FOR_ANOTHER_DECISION = RULES.check_under_each(
    DECISION_RULES, "the game waits for another decision", waiting=True)(_waits_for_another_decision)
"""Each rule of a decision refuses an action out of turn (a refusal that
says only "not now")."""


def _rule_of(request: Request) -> str:
    return request.rule if request.rule in WAITS_FOR_ANOTHER_PLAYER else "401.0.0"


def check_answer(s, request: Request, action) -> None:
    """Raise :class:`~rulebase.engine.errors.IllegalAction`, naming the
    rule, unless ``action`` answers ``request`` (or is a free action)."""
    board = s.board
    is_an_action(board, action)
    if not isinstance(action, Action):
        raise switched_off(is_an_action, f"{action!r} is not an action")
    no_random_event_due(board, action)
    player_in_the_game(board, action)
    if not 0 <= action.player < len(board.players):
        raise switched_off(player_in_the_game, f"player {action.player} is not in the game")
    if action.is_free:
        from rulebase.engine.tcg import free

        free.check(s, action)
        return
    if action.player != request.player:
        main_phase_actions_are_the_turn_players(board, request, action)
        WAITS_FOR_ANOTHER_PLAYER[_rule_of(request)](board, request, action)
    verb_check = request.data["verbs"].get(action.verb)
    if verb_check is None:
        if action.verb == "decline":
            from rulebase.engine.tcg import effects

            effects.must_be_used(board, action)
        main_phase_actions_in_the_main_phase(board, request, action)
        inspire_in_an_exchange(board, request, action)
        story_action_for_a_column(board, request, action)
        WAITS_FOR_ANOTHER_DECISION[_rule_of(request)](board, request, action)
        raise switched_off(WAITS_FOR_ANOTHER_DECISION[_rule_of(request)],
                           f"the game waits for {board.name(request.player)} to {request.kind}, not to {action.verb}")
    verb_check(action)
