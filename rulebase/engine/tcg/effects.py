"""Effects (section V): triggered effects and the order they resolve in
(501.1.0-501.1.2), continuous effects that start and stop with their
condition (501.2.0, 501.2.1), conditional checks (501.5.0, 608.0.0),
static rules effects (501.4.0), resolving an effect's instructions in
order, as much as possible (502.1.0), and card effects that take
precedence over the rules (101.1.0).

An effect resolves in a :class:`Context`: its card, the index of the
effect on the card, the player it belongs to, the card it concerns (the
Character itself; for an Item the Character it is attached to; for an
Inspire effect the Character of its controller in the Exchange) and the
Scenes that paid for the card (608.0.0).

Triggered effects wait in ``board.triggers`` and resolve when the game
settles (:func:`settle`), after the action or step that triggered them."""

from __future__ import annotations

from dataclasses import dataclass

from rulebase.engine.rulebook import legal
from rulebase.engine.tcg import ending, zones
from rulebase.engine.tcg.actions import Action
from rulebase.engine.tcg.board import Board, Card, Trigger, Zone
from rulebase.engine.tcg.cards import STAGES
from rulebase.engine.tcg.decide import decide
from rulebase.engine.tcg.rules import Allowed, check, step
from rulebase.engine.tcg.text import (
    ANOTHER,
    DISCARD,
    ENTRANCE,
    FAREWELL,
    HARMONY,
    ITEM,
    OPPONENTS_CHARACTERS,
    OPPOSING_CHARACTER,
    PASSIVE,
    PREPLAN,
    SELF,
    STATIC,
    STORY,
    YOUR_CHARACTERS,
    YOUR_OTHER_CHARACTERS,
    Condition,
    Effect,
)


@dataclass
class Context:
    """An effect resolving (or a condition being checked)."""

    card: Card | None
    index: int | None
    controller: int
    subject: Card | None = None
    payment: tuple = ()
    event: str = ""

    @property
    def effect(self) -> Effect | None:
        if self.card is None or self.index is None:
            return None
        return self.card.printed.effects[self.index]

    @property
    def name(self) -> str:
        effect = self.effect
        if effect is None:
            return "card text"
        return f"{self.card.label}'s {effect.kind} effect"


# -- card effects over the rules (101.1.0) -------------------------------------------------


@step("101.1.0", "{card}'s effect ({text}) contradicts {number} ({summary}): the card effect takes precedence")
def card_over_rule(board, card, effect: Effect, unit):
    """Where a card's effect contradicts a rule, the card wins; the trace
    keeps both texts."""
    return {"card": card.label if hasattr(card, "label") else card.name, "text": effect, "number": unit.number,
            "summary": unit.unit.summary}


def permission(board, card, name: str, unit) -> bool:
    """Whether ``card`` has a static effect that sets ``unit``'s rule aside
    (``move-freely``, ``any-copies``); recorded by 101.1.0 when it does."""
    printed = card.printed if hasattr(card, "printed") else card
    effect = printed.permits(name)
    return effect is not None and card_over_rule(board, card, effect, unit) is not None


# -- conditions (501.5.0, 608.0.0) ----------------------------------------------------------


def _place(board: Board, ctx: Context, place: str) -> list[Card]:
    you = ctx.controller
    them = board.opponent(you)
    if place == "this":
        return [ctx.card] if ctx.card is not None else []
    if place == "your adventure zone":
        return board.zone_list(Zone.ADVENTURE, you)
    if place == "opponent's adventure zone":
        return board.zone_list(Zone.ADVENTURE, them)
    if place == "your hand":
        return board.players[you].hand
    if place == "your rest zone":
        return board.players[you].rest
    if place == "your scene zone":
        return board.players[you].scenes
    return []


def holds(board: Board, ctx: Context, condition: Condition) -> tuple[bool, str]:
    """Whether a condition holds, and why in words."""
    if condition.kind == HARMONY:
        names = {card.printed.copy_key for card in ctx.payment}
        return len(names) >= condition.amount, f"Harmony was paid with {len(names)} different Scene{'s' * (len(names) != 1)}"
    cards = _place(board, ctx, condition.place)
    if condition.kind == ANOTHER:
        cards = [card for card in cards if card is not ctx.card]
    found = [card for card in cards if card.has_keyword(condition.keyword)]
    place = "this card" if condition.place == "this" else condition.place.replace("your ", f"{board.name(ctx.controller)}'s ")
    if found:
        return True, f"{place} has {', '.join(card.label for card in found)} with the keyword {condition.keyword}"
    return False, f"{place} has no {'other ' if condition.kind == ANOTHER else ''}card with the keyword {condition.keyword}"


@check("501.5.0", "an effect checks its condition before activating or continuing")
def condition_met(board: Board, ctx: Context, condition: Condition):
    met, why = holds(board, ctx, condition)
    if not met:
        verb = "apply" if ctx.effect is not None and ctx.effect.kind in (PASSIVE, ITEM) else "activate"
        return f"{ctx.name} checks '{condition}': {why}, so it does not {verb}"
    return Allowed(f"{ctx.name} checks '{condition}': {why}")


@check("608.0.0", "a Harmony requirement checks whether the Harmony cost was paid with the required mix of Scenes")
def harmony_requirement(board: Board, ctx: Context, condition: Condition):
    met, why = holds(board, ctx, condition)
    if not met:
        return f"{ctx.name} requires that Harmony was paid with {condition.amount} different Scenes: {why}"
    return Allowed(f"{ctx.name}: {why}, as it requires")


def check_condition(board: Board, ctx: Context) -> bool:
    """Whether the effect's condition lets it activate (501.5.0, 608.0.0)."""
    condition = ctx.effect.condition
    if condition is None:
        return True
    unit = harmony_requirement if condition.kind == HARMONY else condition_met
    if not unit.allows(board, ctx, condition):
        return False
    unit(board, ctx, condition)  # records the allowance
    return True


@check("501.4.0", "a static rules effect alters when or how a card can be played")
def static_allows_play(board: Board, player: int, card: Card):
    reasons = []
    for index, effect in card.printed.effects_of(STATIC):
        if effect.condition is None:
            continue
        met, why = holds(board, Context(card, index, player, card), effect.condition)
        if not met:
            return f"{card} can only be played {effect.condition}: {why}"
        reasons.append(f"{card} can only be played {effect.condition}: {why}")
    if reasons:
        return Allowed("; ".join(reasons))


# -- triggering (501.1.0) ----------------------------------------------------------------------


def _trigger(board: Board, card: Card, kind: str, event: str, controller: int | None = None, **context) -> list:
    added = []
    for index, _effect in card.printed.effects_of(kind):
        trigger = Trigger(card, index, card.owner if controller is None else controller, event, card.incarnation,
                          dict(context))
        board.triggers.append(trigger)
        added.append(trigger)
    return added


@step("201.0.0", "{card} enters the Adventure Zone: its Entrance effect triggers")
def entrance_triggers(board: Board, card: Card, payment: tuple = ()):
    if _trigger(board, card, ENTRANCE, "entered the Adventure Zone", payment=payment):
        return {"card": card.label}


@step("glossary/farewell-effect", "{card} leaves the Adventure Zone: its Farewell effect triggers")
def farewell_triggers(board: Board, card: Card):
    if _trigger(board, card, FAREWELL, "left the Adventure Zone"):
        return {"card": card.label}


def farewell(board: Board, card: Card) -> None:
    """A Character left the Adventure Zone: its Farewell effects trigger."""
    farewell_triggers(board, card)


@step("201.0.0", "{card}, used as a Plan, is revealed: its Preplan effect triggers")
def preplan_triggers(board: Board, card: Card):
    if _trigger(board, card, PREPLAN, "was revealed as a Plan"):
        return {"card": card.label}


@step("206.0.0", "{player}'s Main Character reaches Stage {stage}: the Story effect of {card} triggers")
def story_triggers(board: Board, player: int, card: Card, stage: int):
    name = STAGES[stage - 1]
    if _trigger(board, card, STORY, f"the Main Character reached Stage {name}", controller=player):
        return {"player": board.name(player), "card": card.label, "stage": name}


@step("501.1.0", "{card} is discarded and its text says what happens then: its discard effect triggers")
def discard_triggers(board: Board, card: Card):
    if _trigger(board, card, DISCARD, "was discarded"):
        return {"card": card.label}


# -- ordering and resolving triggered effects (501.1.1, 501.1.2) ---------------------------------


@step("501.1.1", "effects of both players triggered at once: {first}'s resolve first, then {second}'s")
def non_turn_players_first(board: Board, batch: list):
    players = {trigger.controller for trigger in batch}
    if len(players) < 2:
        return None
    first = board.opponent(board.turn.player)
    batch.sort(key=lambda trigger: trigger.controller != first)
    return {"first": board.name(first), "second": board.turn_player.name}


@check("501.1.1", "a player whose effects triggered at once chooses the order they resolve in")
def next_of_theirs(board: Board, player: int, group: list, action: Action):
    if not any(trigger.card.id == action.card and trigger.index == action.ability for trigger in group):
        return f"{board.name(player)} has no triggered effect of that card waiting to resolve"
    return Allowed(f"{board.name(player)} chooses the order in which their effects resolve")


@step("501.1.2", "{effect} triggered while {current} resolved: it resolves now that {current} has finished")
def nested_resolves_after(board: Board, trigger: Trigger, current: str):
    """An effect triggered during a resolution resolves after the current one
    finishes, before the effects that were already waiting (see the
    interpretation of 501.1.2); without this rule it would wait its turn
    after them."""
    names = ", ".join(f"{t.card.label}'s {t.effect.kind} effect" for t in board.triggers)
    return {"effect": names, "current": current}


@check("501.1.0", "a player uses or declines the triggered effect whose text says they may")
def may_decline(board: Board, trigger: Trigger, action: Action):
    if action.card != trigger.card.id or action.ability != trigger.index:
        return f"the game waits for a decision about {trigger.card}'s {trigger.effect.kind} effect"
    return Allowed(f"{trigger.card}'s {trigger.effect.kind} effect says 'may': {board.name(trigger.controller)} "
                   f"may {action.verb} it")


@check("501.1.0", "a triggered effect must be used unless its text says otherwise")
def must_be_used(board: Board, action: Action):
    card = board.card(action.card)
    if card is None or action.ability is None or not 0 <= action.ability < len(card.printed.effects):
        return None
    effect = card.printed.effects[action.ability]
    if effect.is_triggered and not effect.optional:
        return f"{card}'s {effect.kind} effect must be used: its text does not say 'may'"


def resolve_triggers(s, current: str | None = None):
    """Resolve the triggered effects waiting, in the order of 501.1.1; an
    effect that triggers while another resolves resolves once it has
    finished, before the others waiting (501.1.2)."""
    board = s.board
    while board.triggers:
        batch, board.triggers = board.triggers, []
        non_turn_players_first(board, batch)
        while batch:
            player = batch[0].controller
            group = [trigger for trigger in batch if trigger.controller == player]
            trigger = group[0]
            if len({(t.card.id, t.index) for t in group}) > 1:
                trigger = yield from _choose_next(s, player, group)
            batch.remove(trigger)
            yield from resolve_trigger(s, trigger)
            if board.triggers:
                current = f"{trigger.card.label}'s {trigger.effect.kind} effect"
                if nested_resolves_after(board, board.triggers[0], current) is not None:
                    yield from resolve_triggers(s, current)
                else:
                    batch.extend(board.triggers)
                    board.triggers = []


def _choose_next(s, player: int, group: list):
    board = s.board
    verify = lambda action: next_of_theirs(board, player, group, action)
    candidates = list(dict.fromkeys(Action("resolve", player, t.card.id, ability=t.index) for t in group))
    options = lambda: legal(board, candidates, verify)
    action = yield from decide(s, player, "choose which of their triggered effects resolves next", options,
                               {"resolve": verify}, rule="501.1.1", default=lambda: options()[0])
    for trigger in group:
        if trigger.card.id == action.card and trigger.index == action.ability:
            return trigger
    return group[0]


@step("501.1.0", "{player} declines {card}'s {what} effect: its text says 'may', so it need not be used")
def declines(board: Board, trigger: Trigger):
    """A triggered effect must be used unless stated otherwise: one whose
    text says "may" is declined."""
    if trigger.effect.optional:
        return {"player": board.name(trigger.controller), "card": trigger.card.label, "what": trigger.effect.kind}


def resolve_trigger(s, trigger: Trigger):
    """Resolve one triggered effect: its controller may decline an optional
    one (501.1.0); a card waiting in the Resolution Zone then goes on (a
    revealed Plan goes on when Disrupt Plan says, 404.7.0)."""
    board = s.board
    card = trigger.card
    subject = card
    if card.zone == Zone.ADVENTURE and card.host is not None:
        subject = card.host
    ctx = Context(card, trigger.index, trigger.controller, subject, trigger.context.get("payment", ()), trigger.event)
    use = True
    if trigger.effect.optional:
        verify = lambda action: may_decline(board, trigger, action)
        candidates = [Action("use", trigger.controller, card.id, ability=trigger.index),
                      Action("decline", trigger.controller, card.id, ability=trigger.index)]
        options = lambda: legal(board, candidates, verify)
        action = yield from decide(s, trigger.controller, f"use or decline {card.label}'s {trigger.effect.kind} effect",
                                   options, {"use": verify, "decline": verify}, rule="501.1.0",
                                   default=lambda: candidates[0])
        use = action.verb == "use" or declines(board, trigger) is None
    if use:
        yield from resolve(s, ctx)
    if trigger.effect.kind != PREPLAN:
        zones.finish_resolving(board, card)


# -- resolving an effect (502.1.0) -------------------------------------------------------------------


@step("502.1.0", "part of {name} can't be completed ({instruction}): the rest resolves as much as possible")
def part_skipped(board: Board, ctx: Context, instruction):
    """If part of the effect can't be completed, the rest resolves as much as
    possible (without this rule, the resolution would stop there)."""
    return {"name": ctx.name, "instruction": instruction}


@check("502.1.0", "if none of the effect can resolve, it is skipped; an effect with no impact may still be played")
def played_without_impact(board: Board, ctx: Context):
    return Allowed(f"none of {ctx.name} can resolve: it is skipped, and it was still used, as nothing prohibits it")


def resolve(s, ctx: Context):
    """Resolve an effect: check its condition (501.5.0), carry out its
    instructions in order, as much as possible (502.1.0); continuous effects
    update once the resolution ends (501.2.1), and a win condition met
    during it ends the game then (104.0.0)."""
    from rulebase.engine.tcg import instructions

    board = s.board
    effect = ctx.effect
    if not check_condition(board, ctx):
        return
    board.trace.note("502.1.0", "{name} resolves: {text}", name=ctx.name, text=effect)
    board.resolving += 1
    try:
        done = 0
        for instruction in effect.instructions:
            if (yield from instructions.carry_out(s, ctx, instruction)):
                done += 1
            elif part_skipped(board, ctx, instruction) is None:
                break
        if effect.instructions and not done:
            played_without_impact(board, ctx)
    finally:
        board.resolving -= 1
    update_continuous(board, ended=ctx.name)
    ending.decide(board)


def settle(s):
    """What the game does after an action or a step: the triggered effects
    waiting resolve, continuous effects update, and a game whose win
    condition was met ends."""
    board = s.board
    ending.decide(board)
    yield from resolve_triggers(s)
    update_continuous(board)
    ending.decide(board)


# -- continuous effects (501.2.0, 501.2.1) ------------------------------------------------------------


def applying(board: Board) -> frozenset:
    """The continuous effects whose conditions are met now: the passive
    effects of Characters in the Adventure Zone and the effects of Items
    attached to them (201.0.0, 203.0.0), as ``(card id, index, incarnation)``;
    an 'as long as' condition is checked by 501.5.0 (without that rule the
    effect applies whatever its condition)."""
    found = set()
    for player in board.players:
        for character in player.characters():
            for card in (character, character.item):
                if card is None:
                    continue
                for index, effect in card.printed.effects_of(PASSIVE if card is character else ITEM):
                    if effect.condition is None or not isinstance(
                            condition_met.verdict(board, Context(card, index, card.owner, character), effect.condition),
                            str):
                        found.add((card.id, index, card.incarnation))
    return frozenset(found)


def _condition_rechecked(board: Board, key: tuple, starts: bool) -> None:
    """Record 501.5.0's check of the 'as long as' condition of a continuous
    effect that starts or stops while its card stays where it applies."""
    card = board.cards[key[0]]
    effect = card.printed.effects[key[1]]
    character = card.host if effect.kind == ITEM else card
    if effect.condition is None or character is None or character.zone != Zone.ADVENTURE or card.incarnation != key[2]:
        return
    ctx = Context(card, key[1], card.owner, character)
    if starts:
        condition_met(board, ctx, effect.condition)
    else:
        condition_met.allows(board, ctx, effect.condition)


@check("501.2.1", "a continuous effect whose condition changes during a resolution updates after that resolution ends")
def waits_for_the_resolution(board: Board, changes: str):
    if board.resolving:
        return f"{changes}, but an effect is resolving: continuous effects update after that resolution ends"


@step("501.2.0", "{card}'s {what} effect {how} applying, as its condition became {truth}: {text}")
def continuous_changes(board: Board, card: Card, index: int, key: tuple, starts: bool):
    """Continuous effects start and stop automatically when their condition
    becomes true or false."""
    effect = card.printed.effects[index]
    board.active = board.active | {key} if starts else board.active - {key}
    return {"card": card.label, "what": effect.kind, "how": "starts" if starts else "stops",
            "truth": "true" if starts else "false", "text": effect}


@step("501.2.1", "the resolution of {name} has ended: continuous effects update")
def update_after_resolution(board: Board, name: str, changed: bool):
    if changed:
        return {"name": name}


def update_continuous(board: Board, ended: str | None = None, during: bool = False) -> None:
    """Start and stop continuous effects as their conditions become true or
    false (501.2.0); during a resolution they wait for it to end (501.2.1)."""
    now = applying(board)
    if now == board.active:
        return
    started, stopped = now - board.active, board.active - now
    if during:
        changes = f"{len(started) + len(stopped)} continuous effect(s) would change"
        if not waits_for_the_resolution.allows(board, changes):
            return
    if ended is not None:
        update_after_resolution(board, ended, True)
    for key in sorted(started):
        _condition_rechecked(board, key, True)
        continuous_changes(board, board.cards[key[0]], key[1], key, True)
    for key in sorted(stopped):
        _condition_rechecked(board, key, False)
        continuous_changes(board, board.cards[key[0]], key[1], key, False)


# -- Inspiration (201.0.0, 607.0.0, 404.5.0) ------------------------------------------------------------


def continuous_bonuses(board: Board, card: Card) -> list[tuple[Card, int]]:
    """The Inspiration the continuous effects that apply give ``card``: each
    as (source card, amount)."""
    found = []
    for card_id, index, incarnation in board.active:
        source = board.cards[card_id]
        if source.incarnation != incarnation:
            continue
        effect = source.printed.effects[index]
        subject = source.host if effect.kind == ITEM else source
        if subject is None:
            continue
        for instruction in effect.instructions:
            if instruction.verb != "inspiration" or not _affects(board, subject, instruction, card):
                continue
            found.append((source, instruction.amount))
    return found


def _affects(board: Board, subject: Card, instruction, card: Card) -> bool:
    if instruction.keyword and not card.has_keyword(instruction.keyword):
        return False
    target = instruction.target
    if target == SELF:
        return card is subject
    if target == OPPOSING_CHARACTER:
        return card is board.opposing(subject)
    if target == YOUR_CHARACTERS:
        return card.owner == subject.owner
    if target == YOUR_OTHER_CHARACTERS:
        return card.owner == subject.owner and card is not subject
    if target == OPPONENTS_CHARACTERS:
        return card.owner != subject.owner
    return False


def inspiration(board: Board, card: Card) -> tuple[int, list[str]]:
    """A Character's Inspiration: its base plus the bonuses of effects that
    last the turn (607.0.0) and of continuous effects (501.2.0), with each
    part in words."""
    total = card.printed.inspiration or 0
    parts = [f"base {total}"]
    for boost in card.boosts:
        total += boost.amount
        parts.append(f"{boost.amount:+d} until end of turn" + (f" from {boost.label}" if boost.label else ""))
    if card.zone == Zone.ADVENTURE:
        for source, amount in continuous_bonuses(board, card):
            total += amount
            parts.append(f"{amount:+d} while {source.label}'s effect applies")
    return total, parts


def inspiration_total(board: Board, card: Card) -> int:
    """Add up a Character's Inspiration (404.5.0), noting its parts."""
    total, parts = inspiration(board, card)
    board.trace.note("glossary/inspiration", "{card}'s Inspiration is {total} ({parts})", card=card.label, total=total,
                     parts=", ".join(parts))
    return total
