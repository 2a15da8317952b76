"""The instructions of card text (section VI): each verb is one entry of
:data:`VERBS`, with the check units that say whether it can be carried out
on a target and the steps that carry it out.

An instruction names a player (``you``, ``opponent``) or cards: the card
the effect concerns (``self``), the Character facing it (``opposing
character``), every Character that fits (``your characters``...), or one
its controller chooses when it resolves (``your character``, ``a
character``, ``your scene``...), among the cards the verb's checks allow.
An instruction that can't be carried out is skipped (502.1.0)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rulebase.engine.errors import IllegalAction, UnknownCard
from rulebase.engine.rulebook import legal
from rulebase.engine.tcg import effects, zones
from rulebase.engine.tcg.actions import Action
from rulebase.engine.tcg.board import SPACES, Board, Boost, Card, Zone
from rulebase.engine.tcg.cards import CardType
from rulebase.engine.tcg.decide import chosen, decide
from rulebase.engine.tcg.effects import Context
from rulebase.engine.tcg.rules import Allowed, check, step
from rulebase.engine.tcg.text import (
    A_CHARACTER,
    EACH,
    OPPONENT,
    OPPONENTS_CHARACTER,
    OPPONENTS_CHARACTERS,
    OPPONENTS_SCENE,
    OPPOSING_CHARACTER,
    SELF,
    TARGET_WORDS,
    YOUR_CHARACTER,
    YOUR_CHARACTERS,
    YOUR_OTHER_CHARACTERS,
    YOUR_SCENE,
    Instruction,
)

# -- the checks ----------------------------------------------------------------------------


@check("602.0.0", "to discard, a player chooses a card from their hand: one with no card has nothing to discard")
def hand_has_a_card(board: Board, ctx: Context, instruction: Instruction, player: int):
    if not board.players[player].hand:
        return f"{board.name(player)} has no card in hand to discard"


@check("607.0.0", "Inspiration increases and decreases apply to Characters in the Adventure Zone")
def changes_a_character(board: Board, ctx: Context, instruction: Instruction, card: Card):
    if not card.is_character or card.zone != Zone.ADVENTURE:
        return f"{card} is not a Character in the Adventure Zone: its Inspiration can't change"


@check("610.0.0", "cards that can be used are upright or tapped: Characters in the Adventure Zone and Scenes")
def can_be_tapped_or_untapped(board: Board, ctx: Context, instruction: Instruction, card: Card):
    if not ((card.is_character and card.zone == Zone.ADVENTURE) or (card.type == CardType.SCENE and card.zone == Zone.SCENE)):
        return f"{card} is not a Character in the Adventure Zone or a Scene in the Scene Zone: it is neither upright nor tapped"


@check("610.0.0", "only an upright card can be tapped")
def upright_to_tap(board: Board, ctx: Context, instruction: Instruction, card: Card):
    if card.tapped:
        return f"{card} is already tapped"


@check("610.0.0", "only a tapped card can be made upright")
def tapped_to_untap(board: Board, ctx: Context, instruction: Instruction, card: Card):
    if not card.tapped:
        return f"{card} is already upright"


@check("605.0.0", "a removed card is removed from a zone: a Character from the Adventure Zone")
def removable(board: Board, ctx: Context, instruction: Instruction, card: Card):
    if not card.is_character or card.zone != Zone.ADVENTURE:
        return f"{card} is not a Character in the Adventure Zone"


@check("603.0.0", "a Character moves between spaces, when an effect says so, only to an empty space")
def has_an_empty_space(board: Board, ctx: Context, instruction: Instruction, card: Card):
    if not card.is_character or card.zone != Zone.ADVENTURE:
        return f"{card} is not a Character in the Adventure Zone"
    if not board.players[card.owner].empty_spaces():
        return f"{board.name(card.owner)}'s Adventure Zone has no empty space for {card} to move to"


@check("304.7.0", "a new Plan is placed on the highest-numbered stage without a Plan")
def stage_for_a_plan(board: Board, ctx: Context, instruction: Instruction, player: int):
    if zones.highest_free_stage(board, player) is None:
        return f"every stage of {board.name(player)}'s Story has a Plan: there is no stage for a new one"


@check("609.0.0", "the top card of a deck is the first card one would draw: an empty deck has none")
def main_deck_has_a_top_card(board: Board, ctx: Context, instruction: Instruction, player: int):
    if not board.players[player].main_deck:
        return f"{board.name(player)}'s Main Deck is empty: it has no top card"


@check("609.0.0", "the top card of the Scene Deck is the first one; an empty Scene Deck has none")
def scene_deck_has_a_top_card(board: Board, ctx: Context, instruction: Instruction, player: int):
    if not board.players[player].scene_deck:
        return f"{board.name(player)}'s Scene Deck is empty: it has no top card"


@check("611.0.0", "to reveal a card is to show it: there must be a card to show")
def something_to_reveal(board: Board, ctx: Context, instruction: Instruction, player: int):
    if not board.players[player].main_deck:
        return f"{board.name(player)}'s Main Deck is empty: there is no card to reveal"


@check("404.7.0", "a disrupted Plan is discarded or returned to its owner's hand, depending on the card")
def a_disrupted_plan(board: Board, ctx: Context, instruction: Instruction, card: Card):
    if card.zone != Zone.RESOLUTION or card.destination is None or ctx.event != "was revealed as a Plan":
        return f"{card} is not a Plan being revealed: only a disrupted Plan returns to its owner's hand this way"


@check("104.1.1", "'You win the game' on a Stage IV Story card is a rule-based action, not a card effect")
def winning_is_a_rule(board: Board, ctx: Context, instruction: Instruction, player: int):
    return (f"'You win the game' ({ctx.name}) is a rule-based action, not a card effect: the game is won by "
            "reaching Stage IV (104.1.0)")


# -- the steps -------------------------------------------------------------------------------


@step("607.0.0", "{card} gets {amount:+d} Inspiration until end of turn ({name})")
def inspiration_changes(board: Board, ctx: Context, card: Card, amount: int):
    source = ctx.card
    card.boosts.append(Boost(amount, source.id if source is not None else None,
                             source.incarnation if source is not None else 0, source.label if source is not None else ""))
    return {"card": card.label, "amount": amount, "name": ctx.name}


@step("610.0.0", "{card} is tapped ({name})")
def tap(board: Board, ctx: Context, card: Card):
    card.tapped = True
    return {"card": card.label, "name": ctx.name}


@step("610.0.0", "{card} is made upright ({name})")
def untap(board: Board, ctx: Context, card: Card):
    card.tapped = False
    return {"card": card.label, "name": ctx.name}


@step("605.0.0", "{name} removes {card}: it is placed into its owner's Rest Zone")
def remove(board: Board, ctx: Context, card: Card):
    zones.leave_adventure(board, card, Zone.REST, f"removed by {ctx.name}")
    return {"name": ctx.name, "card": card.label}


@step("605.0.0", "{name} returns {card} to its owner's hand, as its text says")
def return_to_hand(board: Board, ctx: Context, card: Card):
    zones.leave_adventure(board, card, Zone.HAND, f"returned by {ctx.name}")
    return {"name": ctx.name, "card": card.label}


@step("603.0.0", "{card} moves to the {space} space of {owner}'s Adventure Zone, as {name} says")
def move(board: Board, ctx: Context, card: Card, space: int):
    board.put(card, Zone.ADVENTURE, space=space)
    if card.item is not None:
        card.item.space = space
    return {"card": card.label, "space": SPACES[space], "owner": board.name(card.owner), "name": ctx.name}


def _show(board: Board, cards: list[Card], viewers, rule: str) -> None:
    """Let ``viewers`` see ``cards`` where they are, until they move or
    their deck is shuffled (:func:`rulebase.engine.tcg.visibility.sees`)."""
    for card in cards:
        board.shown[card.id] = (card.incarnation, frozenset(viewers), rule)


@step("609.0.0", "{player} looks at the top {n} card{s} of their Main Deck without drawing: {cards}")
def look(board: Board, ctx: Context, player: int, amount: int):
    """The player sees the top cards, which stay on top of the deck."""
    cards = board.players[player].main_deck[:amount]
    if cards:
        _show(board, cards, (player,), "609.0.0")
        return {"player": board.name(player), "n": len(cards), "s": "s" * (len(cards) != 1),
                "cards": ", ".join(card.label for card in cards)}


@step("611.0.0", "{player} reveals the top {n} card{s} of their Main Deck to all players ({cards}); they stay where "
                 "they are")
def reveal(board: Board, ctx: Context, player: int, amount: int):
    """Every player sees the revealed cards, which are not played or moved."""
    cards = board.players[player].main_deck[:amount]
    if cards:
        _show(board, cards, range(len(board.players)), "611.0.0")
        return {"player": board.name(player), "n": len(cards), "s": "s" * (len(cards) != 1),
                "cards": ", ".join(card.label for card in cards)}


@step("404.7.0", "{card}'s Preplan effect returns it to {owner}'s hand instead of the Rest Zone")
def plan_returns_to_hand(board: Board, ctx: Context, card: Card):
    card.destination = Zone.HAND
    return {"card": card.label, "owner": board.name(card.owner)}


@step("104.0.0", "{name} says {player} wins the game")
def wins_by_effect(board: Board, ctx: Context, player: int):
    if player not in board.wins:
        board.wins[player] = "card effect"
        return {"name": ctx.name, "player": board.name(player)}


# -- carrying out --------------------------------------------------------------------------------


def _draw(s, ctx, instruction, player):
    zones.draw(s.board, player, instruction.amount)
    return True
    yield  # a generator


def _discard(s, ctx, instruction, player):
    board = s.board
    done = 0
    verify = lambda action: zones.discardable(board, player, board.card(action.card))
    options = lambda: legal(board, [Action("discard", player, card.id) for card in board.players[player].hand], verify)
    for _ in range(instruction.amount):
        if not board.players[player].hand:
            break
        action = yield from decide(s, player, f"choose a card to discard ({ctx.name})", options, {"discard": verify},
                                   rule="602.0.0")
        card = chosen(board, action, zones.discardable)
        if zones.discard(board, player, card) is not None:
            effects.discard_triggers(board, card)
            done += 1
    return done > 0







def _done_by(step, amount: bool = False):
    """The procedure of a verb that its rule's step carries out alone, with
    no decision to ask: it answers whether the step did anything (the
    step is called with the board, the context, the target and, for
    ``amount``, the instruction's amount)."""

    def apply(s, ctx, instruction, target):
        done = step(s.board, ctx, target, instruction.amount) if amount else step(s.board, ctx, target)
        return done is not None
        yield  # a procedure, like the verbs that ask a decision

    return apply


@check("603.0.0", "a Character is moved to an empty space of its owner's Adventure Zone")
def empty_space(board: Board, card: Card, action: Action):
    if action.space is None or not 0 <= action.space < len(SPACES):
        return "a Character moves to one of the spaces left, middle and right"
    if board.players[card.owner].adventure[action.space] is not None:
        return f"the {SPACES[action.space]} space of {board.name(card.owner)}'s Adventure Zone is not empty"
    return Allowed(f"the {SPACES[action.space]} space is empty")


def _move(s, ctx, instruction, card):
    board = s.board
    player = ctx.controller
    verify = lambda action: empty_space(board, card, action)
    options = lambda: legal(board, [Action("space", player, space=space) for space in range(len(SPACES))], verify)
    if not options():
        return False
    action = yield from decide(s, player, f"choose the space {card.label} moves to", options, {"space": verify},
                               rule="603.0.0")
    if action.space is None or board.players[card.owner].adventure[action.space] is not None:
        return False
    return move(board, ctx, card, action.space) is not None


def _plan(s, ctx, instruction, player):
    return zones.top_card_becomes_a_plan(s.board, player) is not None
    yield


def _scene(s, ctx, instruction, player):
    return zones.add_top_scene(s.board, player) is not None
    yield






def _shuffle(s, ctx, instruction, player):
    from rulebase.engine.tcg import setup

    return (yield from setup.reshuffle(s, player))


@dataclass(frozen=True)
class Verb:
    """What an instruction's verb does: ``checks`` (units called with the
    board, the context, the instruction and the target) say whether it can
    be done to a target; ``apply`` (a procedure) does it and answers whether
    anything happened."""

    name: str
    players: bool
    checks: tuple[Callable, ...]
    apply: Callable


VERBS = {
    "draw": Verb("draw", True, (), _draw),
    "discard": Verb("discard", True, (hand_has_a_card,), _discard),
    "inspiration": Verb("inspiration", False, (changes_a_character,), _done_by(inspiration_changes, amount=True)),
    "tap": Verb("tap", False, (can_be_tapped_or_untapped, upright_to_tap), _done_by(tap)),
    "untap": Verb("untap", False, (can_be_tapped_or_untapped, tapped_to_untap), _done_by(untap)),
    "remove": Verb("remove", False, (removable,), _done_by(remove)),
    "return": Verb("return", False, (removable,), _done_by(return_to_hand)),
    "move": Verb("move", False, (has_an_empty_space,), _move),
    "plan": Verb("plan", True, (main_deck_has_a_top_card, stage_for_a_plan), _plan),
    "scene": Verb("scene", True, (scene_deck_has_a_top_card,), _scene),
    "look": Verb("look", True, (main_deck_has_a_top_card,), _done_by(look, amount=True)),
    "reveal": Verb("reveal", True, (something_to_reveal,), _done_by(reveal, amount=True)),
    "return-plan": Verb("return-plan", False, (a_disrupted_plan,), _done_by(plan_returns_to_hand)),
    "shuffle": Verb("shuffle", True, (), _shuffle),
    "win": Verb("win", True, (winning_is_a_rule,), _done_by(wins_by_effect)),
}
"""Every verb of card text (:data:`rulebase.engine.tcg.text.SHAPES`) but
the permissions, which are not carried out (101.1.0)."""


def check_instruction(board: Board, ctx: Context, instruction: Instruction, target) -> None:
    """Raise :class:`~rulebase.engine.errors.IllegalAction`, naming the
    rule, unless the instruction can be carried out on ``target``."""
    for unit in VERBS[instruction.verb].checks:
        unit(board, ctx, instruction, target)


def can_carry_out(board: Board, ctx: Context, instruction: Instruction, target) -> bool:
    """Whether the instruction can be carried out on ``target``; when it
    can't, the trace records the rule that kept it from happening."""
    return all(unit.allows(board, ctx, instruction, target) for unit in VERBS[instruction.verb].checks)


def _allowed(board: Board, ctx: Context, instruction: Instruction, target) -> bool:
    try:
        with board.trace.quiet():
            check_instruction(board, ctx, instruction, target)
    except IllegalAction:
        return False
    return True


def fitting(board: Board, ctx: Context, instruction: Instruction) -> list[Card]:
    """The cards that fit what the instruction names, before its checks."""
    target = instruction.target
    you = ctx.controller
    them = board.opponent(you)
    subject = ctx.subject
    if target == SELF:
        cards = [subject] if subject is not None else []
    elif target == OPPOSING_CHARACTER:
        facing = board.opposing(subject) if subject is not None else None
        cards = [facing] if facing is not None else []
    elif target in (YOUR_CHARACTER, YOUR_CHARACTERS):
        cards = board.characters(you)
    elif target == YOUR_OTHER_CHARACTERS:
        cards = [card for card in board.characters(you) if card is not subject]
    elif target in (OPPONENTS_CHARACTER, OPPONENTS_CHARACTERS):
        cards = board.characters(them)
    elif target == A_CHARACTER:
        cards = board.characters()
    elif target == YOUR_SCENE:
        cards = list(board.players[you].scenes)
    elif target == OPPONENTS_SCENE:
        cards = list(board.players[them].scenes)
    else:
        cards = []
    if instruction.keyword:
        cards = [card for card in cards if card.has_keyword(instruction.keyword)]
    return cards


@check("502.1.0", "an effect's target is one of the cards its text names")
def fits_the_text(board: Board, ctx: Context, instruction: Instruction, card: Card | None):
    if card is None or card not in fitting(board, ctx, instruction):
        return f"{card or 'that card'} is not {_named(instruction)}, as {ctx.name} requires"
    return Allowed(f"{card} is {_named(instruction)}, as {ctx.name} says")


def _named(instruction: Instruction) -> str:
    words = TARGET_WORDS.get(instruction.target, instruction.target)
    if instruction.keyword:
        words = words.replace("Character", f"{instruction.keyword} Character")
    return words


def _choose_target(s, ctx: Context, instruction: Instruction):
    board = s.board
    player = ctx.controller

    def verify(action):
        card = board.card(action.card)
        fits_the_text(board, ctx, instruction, card)
        if card is None:
            raise UnknownCard(action.card)
        check_instruction(board, ctx, instruction, card)

    candidates = [Action("target", player, card.id) for card in fitting(board, ctx, instruction)]
    options = lambda: legal(board, candidates, verify)
    if not options():
        return []
    action = yield from decide(s, player, f"choose the target of {ctx.name} ({instruction})", options,
                               {"target": verify}, rule="502.1.0")
    return [chosen(board, action, fits_the_text)]


def carry_out(s, ctx: Context, instruction: Instruction, targets: list | None = None):
    """Carry out one instruction of an effect; whether any of it happened.
    ``targets`` are the cards (or the player) a caller names instead of the
    effect's own choice."""
    board = s.board
    verb = VERBS.get(instruction.verb)
    if verb is None:
        return False
    done = False
    if verb.players:
        player = targets[0] if targets else (ctx.controller if instruction.target != OPPONENT else board.opponent(ctx.controller))
        if can_carry_out(board, ctx, instruction, player):
            done = yield from verb.apply(s, ctx, instruction, player)
    else:
        if targets is None:
            if instruction.target in (YOUR_CHARACTER, OPPONENTS_CHARACTER, A_CHARACTER, YOUR_SCENE, OPPONENTS_SCENE):
                targets = yield from _choose_target(s, ctx, instruction)
            else:
                targets = fitting(board, ctx, instruction)
                if instruction.target in EACH:
                    targets = [card for card in targets if _allowed(board, ctx, instruction, card)]
        for card in targets:
            if can_carry_out(board, ctx, instruction, card) and (yield from verb.apply(s, ctx, instruction, card)):
                done = True
    effects.update_continuous(board, during=True)
    return done
