"""The instructions of card text as game actions: what an Event tells the
player who plays it (flip, draw, gain, score), and the instructions a
scenario states as "by card text" (frighten, move, send, dismiss, ...).

Each instruction is an entry of the verb table
(:data:`rulebase.engine.ccg.abilities.verbs.VERBS`): its check and its
application are the table's, whether a scenario states the instruction or
an ability's effect is resolved (:mod:`rulebase.engine.ccg.abilities.resolve`).
"""

from __future__ import annotations

from rulebase.engine.ccg import rules
from rulebase.engine.ccg.abilities import verbs
from rulebase.engine.ccg.abilities.verbs import CARD, VERBS, Act
from rulebase.engine.ccg.actions import Action
from rulebase.engine.ccg.board import Board
from rulebase.engine.ccg.cards import Instruction
from rulebase.engine.errors import EngineError, UnknownCard

referable = verbs.referable
in_the_game = verbs.in_the_game


def act_of(board: Board, action: Action) -> Act:
    """The :class:`~rulebase.engine.ccg.abilities.verbs.Act` an ``effect``
    action describes: its card (or, for a verb on a player, the player who
    takes the action), amount, area and the order of cards it names."""
    entry = VERBS[action.effect]
    if entry.takes == CARD:
        card = board.cards[action.card] if action.card is not None and 0 <= action.card < len(board.cards) else None
        target = card
    else:
        target = action.player
    return Act(action.player, target, amount=action.amount, area=action.area, order=action.order)


def check(board: Board, action: Action) -> None:
    """Raise :class:`IllegalAction` if the instruction can't be carried out."""
    in_the_game(board, action.player)
    entry = VERBS[action.effect]
    act = act_of(board, action)
    if entry.takes == CARD:
        referable(board, act.target)
        if act.target is None:
            raise UnknownCard(action.card)
    entry.check(board, act)


def apply(board: Board, action: Action, flip=None) -> None:
    """Carry out a checked instruction (an instruction that starts a
    procedure, such as a challenge, is carried out by the game's procedure)."""
    entry = VERBS[action.effect]
    if entry.procedure:
        raise EngineError(f"the instruction {action.effect!r} is carried out by the game's procedure, not applied")
    entry.apply(board, act_of(board, action))


@rules.check("707.2", "a part of a text that can't be done is not done")
def flip_possible(board: Board):
    if board.faceoff is None:
        return "there is no faceoff to flip for: that part of the text can't be done"


def follow(board: Board, player: int, instruction: Instruction, flip=None) -> None:
    """Follow one instruction of an Event for the player who played it."""
    action = Action("effect", player, effect=instruction.verb, amount=instruction.amount)
    if instruction.verb == "flip" and not flip_possible.allows(board):
        return
    apply(board, action)
