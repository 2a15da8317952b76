"""The instructions of card text: what an Event tells the player who plays
it (flip, draw, gain, score), and the instructions a scenario states as
"by card text" (frighten, move, send, dismiss, ...).

The engine carries out no card's own wording; these are the game actions
card texts are made of, each checked against the rules before it happens.
"""

from __future__ import annotations

from rulebase.engine.ccg import moving, points, rules, status, zones
from rulebase.engine.ccg.actions import Action
from rulebase.engine.ccg.board import Board, Card, Zone
from rulebase.engine.ccg.cards import CardType, Instruction
from rulebase.engine.errors import UnknownCard

TARGETED = ("frighten", "unfrighten", "exhaust", "ready", "dismiss", "retire", "banish", "discard", "move",
            "send", "power", "counters", "turn-over", "take-control", "ignore", "cant-move", "to-hand", "challenge")


@rules.check("505.2", "face-down Troublemakers can't be referenced by cards, abilities or effects")
def referable(board: Board, card: Card | None):
    if card is not None and card.type == CardType.TROUBLEMAKER and card.face_down and card.zone == Zone.PLAY:
        return "face-down Troublemakers can't be referenced by cards, abilities or effects"


@rules.check("707.3", "modifiers only affect cards in play")
def modifies_in_play(board: Board, card: Card):
    if card.zone != Zone.PLAY:
        return f"{card} is not in play: modifiers only affect cards in play"


@rules.check("103.5", "a player who has left the game takes no more part in it")
def in_the_game(board: Board, player: int):
    if board.players[player].removed:
        return f"{board.name(player)} has been removed from the game"


@rules.check("514.3", "cards are flipped for faceoffs")
def flip_in_faceoff(board: Board):
    if board.faceoff is None:
        return "cards are flipped for faceoffs: there is no faceoff under way"


@rules.check("105.1", "a number of things to do can't be negative")
def not_negative(board: Board, amount):
    if (amount or 0) < 0:
        return "a number of things to do can't be negative"


@rules.check("519.1", "a number of counters can't be negative")
def counters_not_negative(board: Board, amount):
    if (amount or 0) < 0:
        return "a number of counters can't be negative"


@rules.check("301.2", "only Mane Characters in play are turned over")
def turnable(board: Board, card: Card):
    if card.type != CardType.MANE or card.zone != Zone.PLAY:
        return f"{card} is not a Mane Character in play: only Mane Characters are turned over"


@rules.check("707.4a", "faceoffs can't be started during a faceoff")
def no_faceoff_under_way(board: Board):
    if board.faceoff is not None:
        return "faceoffs can't be started during a faceoff"


@rules.check("514.2c", "a Troublemaker is challenged by characters its challenger controls")
def challengeable(board: Board, player: int, card: Card, order):
    if card.type != CardType.TROUBLEMAKER or card.zone != Zone.PLAY:
        return f"{card} is not a face-up Troublemaker in play"
    for index in order or ():
        other = board.cards[index] if 0 <= index < len(board.cards) else None
        if other is None or other.zone != Zone.PLAY or not other.is_character or other.controller != player:
            return f"{other or 'that card'} is not a character {board.name(player)} controls in play"


@rules.check("404.1", "a card is taken into hand from one of its owner's zones")
def takeable(board: Board, player: int, card: Card):
    if card.owner != player or card.zone not in (Zone.DRAW_DECK, Zone.DISCARD, Zone.BANISHED):
        return f"{card} is not in one of {board.name(player)}'s zones a card can be taken from"


@rules.check("515.4", "a card flipped in the faceoff under way can be ignored")
def ignorable(board: Board, card: Card):
    if card.zone != Zone.FLIP or board.faceoff is None:
        return f"{card} is not a card flipped in this faceoff"


@rules.check("515.4a", "an ignored card can't be ignored again")
def not_ignored_yet(board: Board, card: Card):
    if card.ignored:
        return f"{card} is already ignored and can't be ignored again"


def check(board: Board, action: Action) -> None:
    """Raise :class:`IllegalAction` if the instruction can't be carried out."""
    player, verb = action.player, action.effect
    in_the_game(board, player)
    if verb not in TARGETED:
        if verb == "flip":
            flip_in_faceoff(board)
        not_negative(board, action.amount)
        return
    card = board.cards[action.card] if action.card is not None and 0 <= action.card < len(board.cards) else None
    referable(board, card)
    if card is None:
        raise UnknownCard(action.card)
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
        moving.check_send(board, card, action.area)
    elif verb in ("power", "counters", "take-control", "cant-move"):
        modifies_in_play(board, card)
        if verb == "counters":
            counters_not_negative(board, action.amount)
    elif verb == "turn-over":
        turnable(board, card)
    elif verb == "challenge":
        no_faceoff_under_way(board)
        challengeable(board, player, card, action.order)
    elif verb == "to-hand":
        takeable(board, player, card)
    elif verb == "ignore":
        ignorable(board, card)
        not_ignored_yet(board, card)


@rules.step("502.1", "{player} gains {n} action token{s}")
def gain(board: Board, player: int, amount: int):
    board.players[player].tokens += amount
    return {"player": board.name(player), "n": amount, "s": "s" * (amount != 1)}


@rules.step("506.4", "{card} is moved by card text")
def moved_by_text(board: Board, card: Card, area):
    moving.move(board, card, area, how="by card text")
    return {"card": card.label}


@rules.step("507.1", "{card} gets {amount:+d} power until the end of the turn")
def power_modifier(board: Board, card: Card, amount: int):
    card.modifiers.append(amount)
    return {"card": card.label, "amount": amount}


@rules.step("519.4", "{n} +1 power counter{s} are put on {card}")
def put_counters(board: Board, card: Card, amount: int):
    card.counters += amount
    return {"n": amount, "s": "s" * (amount != 1), "card": card.label}


@rules.step("301.2", "{card} is turned over: its {side} side is face up, with that side's card information (301.3)")
def turn_over(board: Board, card: Card):
    card.turned_over = not card.turned_over
    return {"card": card.label, "side": "Boosted" if card.turned_over else "Start"}


@rules.step("513.2", "{player} takes control of {card}")
def take_control(board: Board, player: int, card: Card):
    card.controller = player
    return {"player": board.name(player), "card": card.label}


@rules.step("515.4", "{card} is ignored: it remains flipped but adds no power")
def ignore(board: Board, card: Card):
    card.ignored = True
    return {"card": card.label}


@rules.step("410.4a", "{card} is put into {player}'s hand: not a draw, since the instruction does not say \"draw\"")
def to_hand(board: Board, player: int, card: Card):
    board.put(card, Zone.HAND)
    return {"card": card.label, "player": board.name(player)}


@rules.step("514.3a", "{player} flips {n} more card{s} during faceoffs this turn")
def extra_flips(board: Board, player: int, amount: int):
    board.players[player].extra_flips += amount
    return {"player": board.name(player), "n": amount, "s": "s" * (amount != 1)}


@rules.step("104.2", "a modifier says {card} can't be moved")
def cant_move(board: Board, card: Card):
    card.cannot_move = True
    return {"card": card.label}


def apply(board: Board, action: Action, flip) -> None:
    """Carry out a checked instruction; ``flip(player, count)`` flips cards
    in the faceoff under way."""
    player, verb, amount = action.player, action.effect, action.amount
    card = board.cards[action.card] if action.card is not None else None
    if verb == "frighten":
        status.frighten(board, card)
    elif verb == "unfrighten":
        status.unfrighten(board, card)
    elif verb == "exhaust":
        status.exhaust(board, card)
    elif verb == "ready":
        if not card.exhausted:
            board.trace.note("503.1", "{card} has no exhaustion counter: it is already ready", card=card.label)
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
        gain(board, player, amount)
    elif verb == "score":
        points.score(board, player, amount, "by card text", rule="517.2")
    elif verb == "each-score":
        points.score_each(board, {p.index: amount for p in board.players if not p.removed}, "by card text")
    elif verb == "move":
        moved_by_text(board, card, action.area)
    elif verb == "send":
        moving.send(board, card, action.area, "by card text")
    elif verb == "power":
        power_modifier(board, card, amount)
    elif verb == "counters":
        put_counters(board, card, amount)
    elif verb == "turn-over":
        turn_over(board, card)
    elif verb == "take-control":
        take_control(board, player, card)
    elif verb == "ignore":
        ignore(board, card)
    elif verb == "to-hand":
        to_hand(board, player, card)
    elif verb == "extra-flips":
        extra_flips(board, player, amount)
    elif verb == "cant-move":
        cant_move(board, card)


@rules.check("707.2", "a part of a text that can't be done is not done")
def flip_possible(board: Board):
    if board.faceoff is None:
        return "there is no faceoff to flip for: that part of the text can't be done"


def follow(board: Board, player: int, instruction: Instruction, flip) -> None:
    """Follow one instruction of an Event for the player who played it."""
    action = Action("effect", player, effect=instruction.verb, amount=instruction.amount)
    if instruction.verb == "flip" and not flip_possible.allows(board):
        return
    apply(board, action, flip)
