"""The instructions of card text: what an Event tells the player who plays
it (flip, draw, gain, score), and the instructions a scenario states as
"by card text" (frighten, move, send, dismiss, ...).

The engine carries out no card's own wording; these are the game actions
card texts are made of, each checked against the rules before it happens.
"""

from __future__ import annotations

from rulebase.engine.ccg import moving, points, status, zones
from rulebase.engine.ccg.actions import Action
from rulebase.engine.ccg.board import Board, Card, Zone
from rulebase.engine.ccg.cards import CardType, Instruction
from rulebase.engine.errors import IllegalAction

TARGETED = ("frighten", "unfrighten", "exhaust", "ready", "dismiss", "retire", "banish", "discard", "move",
            "send", "power", "counters", "turn-over", "take-control", "ignore", "cant-move", "to-hand", "challenge")


def _target(board: Board, action: Action) -> Card:
    if action.card is None or not 0 <= action.card < len(board.cards):
        raise IllegalAction("505.2", "the instruction names no card")
    card = board.cards[action.card]
    if card.type == CardType.TROUBLEMAKER and card.face_down and card.zone == Zone.PLAY:
        raise IllegalAction("505.2", "face-down Troublemakers can't be referenced by cards, abilities or effects")
    return card


def _in_play(board: Board, card: Card) -> None:
    if card.zone != Zone.PLAY:
        raise IllegalAction("707.3", f"{card} is not in play: modifiers only affect cards in play")


def check(board: Board, action: Action) -> None:
    """Raise :class:`IllegalAction` if the instruction can't be carried out."""
    player, verb = action.player, action.effect
    if board.players[player].removed:
        raise IllegalAction("103.5", f"{board.name(player)} has been removed from the game")
    if verb not in TARGETED:
        if verb == "flip" and board.faceoff is None:
            raise IllegalAction("514.3", "cards are flipped for faceoffs: there is no faceoff under way")
        if (action.amount or 0) < 0:
            raise IllegalAction("105.1", "a number of things to do can't be negative")
        return
    card = _target(board, action)
    if verb == "frighten":
        status.check_frighten(board, card)
    elif verb == "unfrighten":
        status.check_unfrighten(board, card)
    elif verb == "exhaust":
        status.check_exhaust(board, card)
    elif verb == "ready":
        status.check_ready(board, card)
    elif verb == "dismiss":
        zones.check_dismiss(board, card)
    elif verb == "retire":
        zones.check_retire(board, player, card)
    elif verb == "banish":
        zones.check_banish(board, card)
    elif verb == "discard":
        zones.check_discard(board, player, card)
    elif verb == "move":
        moving.check_move(board, card, action.area)
    elif verb == "send":
        moving.check_destination(board, card, action.area, "sent")
    elif verb in ("power", "counters", "take-control", "cant-move"):
        _in_play(board, card)
        if verb == "counters" and (action.amount or 0) < 0:
            raise IllegalAction("519.1", "a number of counters can't be negative")
    elif verb == "turn-over":
        if card.type != CardType.MANE or card.zone != Zone.PLAY:
            raise IllegalAction("301.2", f"{card} is not a Mane Character in play: only Mane Characters are turned over")
    elif verb == "challenge":
        if board.faceoff is not None:
            raise IllegalAction("707.4a", "faceoffs can't be started during a faceoff")
        if card.type != CardType.TROUBLEMAKER or card.zone != Zone.PLAY:
            raise IllegalAction("514.2c", f"{card} is not a face-up Troublemaker in play")
        for index in action.order or ():
            other = board.cards[index] if 0 <= index < len(board.cards) else None
            if other is None or other.zone != Zone.PLAY or not other.is_character or other.controller != player:
                raise IllegalAction("514.2c", f"{other or 'that card'} is not a character {board.name(player)} controls in play")
    elif verb == "to-hand":
        if card.owner != player or card.zone not in (Zone.DRAW_DECK, Zone.DISCARD, Zone.BANISHED):
            raise IllegalAction("404.1", f"{card} is not in one of {board.name(player)}'s zones a card can be taken from")
    elif verb == "ignore":
        if card.zone != Zone.FLIP or board.faceoff is None:
            raise IllegalAction("515.4", f"{card} is not a card flipped in this faceoff")
        if card.ignored:
            raise IllegalAction("515.4a", f"{card} is already ignored and can't be ignored again")


def apply(board: Board, action: Action, flip) -> None:
    """Carry out a checked instruction; ``flip(player, count)`` flips cards
    in the faceoff under way."""
    player, verb, amount = action.player, action.effect, action.amount
    who = board.name(player)
    card = board.cards[action.card] if action.card is not None else None
    if verb == "frighten":
        status.frighten(board, card)
    elif verb == "unfrighten":
        status.unfrighten(board, card)
    elif verb == "exhaust":
        status.exhaust(board, card)
    elif verb == "ready":
        if not card.exhausted:
            board.trace.check("503.1", "{card} has no exhaustion counter: it is already ready", card=card.label)
        status.ready(board, card)
    elif verb == "dismiss":
        zones.dismiss(board, card)
    elif verb == "retire":
        zones.retire(board, player, card)
    elif verb == "banish":
        zones.banish(board, card)
    elif verb == "discard":
        zones.discard(board, player, card)
    elif verb == "draw":
        zones.draw(board, player, amount)
    elif verb == "flip":
        flip(player, amount)
    elif verb == "gain":
        board.players[player].tokens += amount
        board.trace.step("502.1", "{player} gains {n} action token{s}", player=who, n=amount, s="s" * (amount != 1))
    elif verb == "score":
        points.score(board, player, amount, "by card text", rule="517.2")
    elif verb == "each-score":
        points.score_each(board, {p.index: amount for p in board.players if not p.removed}, "by card text")
    elif verb == "move":
        board.trace.step("506.4", "{card} is moved by card text", card=card.label)
        moving.move(board, card, action.area, how="by card text")
    elif verb == "send":
        moving.send(board, card, action.area, "by card text")
    elif verb == "power":
        card.modifiers.append(amount)
        board.trace.step("507.1", "{card} gets {amount:+d} power until the end of the turn", card=card.label, amount=amount)
    elif verb == "counters":
        card.counters += amount
        board.trace.step("519.4", "{n} +1 power counter{s} are put on {card}", n=amount, s="s" * (amount != 1), card=card.label)
    elif verb == "turn-over":
        card.turned_over = not card.turned_over
        board.trace.step("301.2", "{card} is turned over: its {side} side is face up", card=card.label,
                         side="Boosted" if card.turned_over else "Start")
        board.trace.step("301.3", "{card} has the card information of its face-up side", card=card.label)
    elif verb == "take-control":
        card.controller = player
        board.trace.step("513.2", "{player} takes control of {card}", player=who, card=card.label)
    elif verb == "ignore":
        card.ignored = True
        board.trace.step("515.4", "{card} is ignored: it remains flipped but adds no power", card=card.label)
    elif verb == "to-hand":
        board.put(card, Zone.HAND)
        board.trace.step("410.4a", "{card} is put into {player}'s hand: not a draw, since the instruction does not say \"draw\"",
                         card=card.label, player=who)
    elif verb == "extra-flips":
        board.players[player].extra_flips += amount
        board.trace.step("514.3a", "{player} flips {n} more card{s} during faceoffs this turn", player=who, n=amount,
                         s="s" * (amount != 1))
    elif verb == "cant-move":
        card.cannot_move = True
        board.trace.step("104.2", "a modifier says {card} can't be moved", card=card.label)


def follow(board: Board, player: int, instruction: Instruction, flip) -> None:
    """Follow one instruction of an Event for the player who played it."""
    action = Action("effect", player, effect=instruction.verb, amount=instruction.amount)
    if instruction.verb == "flip" and board.faceoff is None:
        board.trace.check("707.2", "there is no faceoff to flip for: that part of the text can't be done")
        return
    apply(board, action, flip)
