"""Free actions, taken whatever decision is pending: conceding, looking at,
counting and rearranging zones (:mod:`rulebase.engine.tcg.visibility`),
and the instructions of card text a caller has carried out for a player
(``p0 effect draw 2``: checked and applied as a card's instruction would
be, then the game settles)."""

from __future__ import annotations

from rulebase.engine.errors import UnknownCard
from rulebase.engine.tcg import effects, ending, instructions, visibility
from rulebase.engine.tcg.actions import Action
from rulebase.engine.tcg.decide import describe
from rulebase.engine.tcg.effects import Context
from rulebase.engine.tcg.text import Instruction

CARD_EFFECTS = ("inspiration", "tap", "untap", "remove", "return", "move")


def instruction_of(action: Action) -> Instruction:
    """The instruction an ``effect`` action carries out."""
    if action.effect in CARD_EFFECTS:
        return Instruction.build(action.effect, action.amount, "a character" if action.effect in ("inspiration",
                                 "remove", "return", "move") else "your scene")
    return Instruction.build(action.effect, action.amount)


def _target(s, action: Action):
    board = s.board
    if action.effect in CARD_EFFECTS:
        card = board.card(action.card)
        if card is None:
            raise UnknownCard(action.card)
        return card
    return action.player


def _context(s, action: Action, target) -> Context:
    subject = target if action.effect in CARD_EFFECTS else None
    return Context(None, None, action.player, subject, (), "by card text")


def check(s, action: Action) -> None:
    """Raise :class:`~rulebase.engine.errors.IllegalAction`, naming the
    rule, unless the free action may be taken now."""
    board = s.board
    if action.verb in ("look", "count"):
        visibility.check_access(board, action.player, action.owner, action.zone, action.verb)
    elif action.verb == "arrange":
        visibility.check_arrange(board, action.player, action.owner, action.zone, action.order)
    elif action.verb == "effect":
        target = _target(s, action)
        instruction = instruction_of(action)
        ctx = _context(s, action, target)
        instructions.check_instruction(board, ctx, instruction, target)
        if action.effect == "move":
            instructions.empty_space(board, target, action)


def apply(s, action: Action):
    """Take a free action (checked by :func:`check`)."""
    board = s.board
    if action.verb == "concede":
        ending.concede(board, action.player)
        return
    if action.verb in ("look", "count"):
        cards = board.zone_cards(action.zone, action.owner)
        what = (", ".join(visibility.describe_card(board, card) for card in cards) or "no cards") if action.verb == "look" \
            else f"{len(cards)} card{'s' * (len(cards) != 1)}"
        board.trace.decision("{player} {verb} {owner}'s {zone}: {what}", player=board.name(action.player),
                             verb="looks at" if action.verb == "look" else "counts", owner=board.name(action.owner),
                             zone=action.zone, what=what)
        return
    if action.verb == "arrange":
        visibility.rearrange(board, action.player, action.zone, action.order)
        return
    board.trace.decision("{player}: {action}", player=board.name(action.player), action=describe(board, action))
    target = _target(s, action)
    ctx = _context(s, action, target)
    if action.effect == "move":
        instructions.move(board, ctx, target, action.space)
    else:
        yield from instructions.carry_out(s, ctx, instruction_of(action), [target])
    yield from effects.settle(s)
