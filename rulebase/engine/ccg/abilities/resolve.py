"""Resolving an ability's effect: carrying out its instructions in order
(705.2e), each on the targets the players choose, as much as can be done
(707.2).

:func:`resolve` is a generator (``yield from resolve(s, context,
effect)``): where the text leaves a choice to a player (which card, which
Problem, "you may", "Choose one:", the order of cards put back) the player
is asked with :func:`rulebase.engine.ccg.priority.decide`, each answer
listed among the legal actions and checked by a rule unit, so that the
simulator's random players and a scenario's stated choices both work; a
random choice ("a random card") is a chance action.

The :class:`Context` carries what the text refers to: its card (the
source), its controller (the perspective it is read from, 513.5), the
event that triggered it, the cards earlier parts named ("it", "them",
"that Friend"), the Problem named ("that Problem") and whether the
previous instruction was done ("If you do").

:func:`executable` says whether the engine can carry out every part of an
effect, naming the first it can't: a verb the table
(:data:`rulebase.engine.ccg.abilities.verbs.VERBS`) lacks, a selector word
(:mod:`.targets`), a condition kind (:mod:`.conditions`), a value.

>>> from rulebase.engine.ccg.abilities.model import Amount, Effect, Selector
>>> executable(Effect("draw", amount=Amount(2)))
>>> executable(Effect("copy", target=Selector("Event")))
"the verb 'copy'"
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field, replace
from functools import lru_cache

from rulebase.engine.ccg import rules
from rulebase.engine.ccg.abilities import conditions, parts, targets
from rulebase.engine.ccg.abilities import continuous as replacing
from rulebase.engine.ccg.abilities.continuous import OCCURRING
from rulebase.engine.ccg.abilities.model import Ability, Amount, Effect, Selector
from rulebase.engine.ccg.abilities.verbs import CARD, DURATIONS, NOTHING, PLAYER, VERBS, Act, Verb, can_pay
from rulebase.engine.ccg.actions import CHANCE_PLAYER, Action
from rulebase.engine.ccg.board import Area, Board, Card, Zone
from rulebase.engine.ccg.cards import CardType, Color
from rulebase.engine.errors import EngineError

CHOICE_RULE = "705.2e"
"""The rule under which players make the decisions of following an
instruction ("any decisions ... are made in order")."""


@dataclass
class Context:
    """What an ability's text is resolved with: ``card`` (its source),
    ``controller`` (513.4), the ``ability``, the ``event`` that triggered
    it, ``named`` (the cards earlier parts named, by the words that refer
    to them: ``it``, ``them``, a noun such as ``Friend`` for "that
    Friend"), ``area`` (the Problem named: "that Problem"), ``done``
    (whether the previous instruction was done: "If you do") and
    ``player`` (who carries out the instruction at hand; ``None``: the
    controller).  ``board`` is optional (the game's state has it)."""

    board: Board | None = None
    card: Card | None = None
    controller: int = 0
    ability: Ability | None = None
    event: object = None
    named: dict = field(default_factory=dict)
    area: Area | None = None
    done: bool = True
    player: int | None = None
    searched: set = field(default_factory=set)
    won: bool = False
    """Whether the player carrying the instructions out won the faceoff an
    earlier part started ("If you win the faceoff")."""
    winner: int | None = None
    """Who won the faceoff an earlier part started ("the winner of the faceoff")."""
    whole: Effect | None = None
    """The effect being carried out, all of it ("copy this effect", 520.1)."""
    done_by: dict = field(default_factory=dict)
    """Whether each player the previous instruction named did it, when it
    named several ("each player may pay [1] to ...")."""

    def __post_init__(self):
        kept = self.event.get("named") if self.event is not None and hasattr(self.event, "get") else None
        if kept:
            for key, cards in kept.items():
                self.named.setdefault(key, list(cards))
        if self.event is not None and ("it" not in self.named or targets.EVENT_CARD not in self.named):
            card = self.event.get("card")
            if isinstance(card, Card) and (self.board is None or _follows(self.board, card, self.event)):
                self.named.setdefault("it", [card])
                self.named[targets.EVENT_CARD] = [card]  # the replaced card too, "it" named already
        if self.event is not None and "it" not in self.named and self.card is not None and _about_this_card(self.ability):
            self.named["it"] = [self.card]  # "When you win a faceoff involving this card, you may retire it"

    def forget(self, selector: Selector | None) -> None:
        """An instruction that would have named cards named none (nothing
        was found, or its player declined it): "it" and "them" of the parts
        after name nothing, not the card of the event before it."""
        if (selector is not None and selector.noun not in ("self", "it", "that", "host")
                and not targets.names_players(selector)):
            self.named["it"] = []
            self.named["them"] = []

    def bind(self, selector: Selector | None, found: list) -> None:
        """Name ``found`` for the parts after: "it", "them", and the noun
        ("that Friend")."""
        cards = [card for card in found if isinstance(card, Card)]
        if not cards:
            self.forget(selector)
            return
        self.named["it"] = cards
        self.named["them"] = cards
        if selector is not None:
            self.named[selector.noun] = cards
            if selector.ref:
                self.named[selector.ref] = cards

    def as_player(self, player: int) -> "Context":
        """This context, read from ``player``'s perspective (who carries
        the instruction out); what it names is shared."""
        other = Context(self.board, self.card, self.controller, self.ability, self.event, self.named, self.area,
                        self.done, player, self.searched, self.won, self.winner, self.whole)
        return other


def _about_this_card(ability: Ability | None) -> bool:
    """Whether the event of a triggered ability names no card but this one
    ("When you win a faceoff involving this card"): "it" of its effect is
    this card."""
    trigger = getattr(ability, "trigger", None)
    if trigger is None or trigger.subject is not None:
        return False
    return any(isinstance(value, Selector) and value.noun == "self" for _, value in trigger.values)


def _follows(board: Board, card: Card, happened) -> bool:
    """Whether what answers ``happened`` can affect its card (410.6a)."""
    from rulebase.engine.ccg import zones

    return zones.follows_the_card(board, card, happened)


class Stopped(Exception):
    """The resolution stops: a part that can't be done, with 707.2
    switched off, ends it (the rest is not processed)."""


# -- the rules units of resolving ---------------------------------------------------------


@rules.check("707.2", "if part of a modifier's text can't be done, the parts which can be done are still processed")
def can_be_done(board: Board, what: str, reason: str):
    return f"{what} can't be done ({reason}): that part is skipped and the rest is processed"


@rules.check("705.2e", "players can't choose to do things that can't be done")
def among_the_choices(board: Board, options: list, action):
    if action not in options:
        return f"{action} is not one of the choices that can be done"


@rules.check("705.2e", "players can't choose to do things that can't be done: what a player may do is not offered "
                       "when it can't be done")
def not_offered(board: Board, player: int, what: str, reason: str):
    return f"{board.name(player)} is not offered to {what}: it can't be done ({reason})"


@rules.check("518.1", "a player searching a zone for a card of a specified description may choose to fail to find one")
def may_fail_to_find(board: Board, effect: Effect):
    if effect.verb == "search":
        return rules.Allowed("the player may fail to find a card")


def _part_skipped(board: Board, effect: Effect, reason: str) -> None:
    """A part of the text that can't be done is skipped (707.2); with
    707.2 switched off, the resolution stops there."""
    what = effect.part.text or effect.verb if board.trace.enabled else effect.verb
    if not can_be_done.allows(board, what, reason):
        return
    raise Stopped(what)


# -- resolving ---------------------------------------------------------------------------


def resolve(s, context: Context, effect: Effect | None):
    """Carry out ``effect`` and those that follow it (``then``), in order
    (705.2e), as much as can be done (707.2).  A generator: ``yield from``."""
    if context.board is None:
        context.board = s.board
    effect = counters_named_before(effect)
    if context.whole is None:
        context.whole = effect
    try:
        yield from _chain(s, context, effect)
    except Stopped:
        s.board.trace.note("707.2", "the rest of the text is not processed")
    for player in sorted(context.searched):
        yield from VERBS["shuffle"].apply(s, Act(player, player))
    context.searched.clear()


def _chain(s, context: Context, effect: Effect | None):
    while effect is not None:
        followed = yield from _instruction(s, context, effect)
        after = _shared_subject(effect, effect.then)
        if followed is False:
            after = _past_the_sentence(s.board, after)
        elif _paid_for(context, effect, after):
            context.named["it"] = list(context.named[targets.EVENT_CARD])
        effect = after


def _paid_for(context: Context, effect: Effect, after: Effect | None) -> bool:
    """Whether ``effect`` is a cost naming a card paid for what ``after``
    does, in answer to an event that named another card than this one:
    "it" (or "that Friend") of ``after`` is the event's card, not the
    card the cost named ("you may exhaust this card to turn it face-down
    instead", Pow, Loyal Henchpony; "When a Friend enters play here, you
    may pay [2] and exhaust one of your characters here to dismiss that
    Friend", Get Lost); a card the cost named by its noun is still named
    by it."""
    event = context.named.get(targets.EVENT_CARD)
    return (after is not None and after.condition is not None and after.condition.kind == "did"
            and not after.condition.values and effect.target is not None and not targets.names_players(effect.target)
            and bool(event) and all(card is not context.card for card in event))


def _same_sentence(effect: Effect | None) -> bool:
    """Whether an instruction goes on the sentence of the one before it
    ("remove them and turn it over"): its words start in lower case."""
    text = (effect.part.text or "") if effect is not None else ""
    return text[:1].islower()


def _past_the_sentence(board: Board, effect: Effect | None) -> Effect | None:
    """The condition of a sentence ("Then, if there are at least 5 Hero
    counters on this card, remove them and turn it over") is that of every
    instruction it joins: those after the first that have none of their own
    are not followed either (705.2e)."""
    while effect is not None and effect.condition is None and _same_sentence(effect):
        if board.trace.enabled:
            board.trace.note(CHOICE_RULE, "the condition of the sentence does not hold: \"{text}\" is not followed",
                             text=effect.part.text or effect.verb)
        effect = effect.then
    return effect


def _shared_subject(effect: Effect, then: Effect | None) -> Effect | None:
    """The instruction after ``effect``: one that names no player and goes
    on the same sentence ("each player shuffles their deck and draws a
    card") is done by every player ``effect`` names, when it is done by a
    player (``draw``, ``gain``); one after an instruction of a single
    player it names ("they may look at the top 3 cards ... and put them
    back in any order") is done by that player; else as read.  One led by
    a condition of its own ("If you control Princess Luna, gain [1]") starts
    a clause of its own: with no player named, "you" carry it out."""
    if then is None or then.who is not None or effect.who is None or _led_by_its_condition(then):
        return then
    if not effect.who.every:
        text = then.part.text or ""
        if text[:1].islower() and text.split()[0] not in ("you", "they", "your", "each"):
            return replace(then, who=effect.who)
        return then
    verb, text = VERBS.get(then.verb), (then.part.text or "")
    if verb is None or verb.takes != PLAYER or then.target is not None or not text[:1].islower():
        return then
    if text.split()[0] in ("you", "they", "your"):
        return then
    return replace(then, who=effect.who)


def _led_by_its_condition(effect: Effect) -> bool:
    """Whether ``effect``'s own condition is written before it, as the clause
    that opens its sentence ("If you control Princess Luna, gain [1]")."""
    condition = effect.condition
    if condition is None or not condition.part.text or not effect.part.text:
        return False
    return (condition.part.line, condition.part.column) < (effect.part.line, effect.part.column)


def _instruction(s, context: Context, effect: Effect):
    board = s.board
    trace = board.trace
    each_did = _did_of_each(context, effect)
    if not each_did and effect.condition is not None and not conditions.holds(board, context, effect.condition):
        if trace.enabled:
            trace.note(CHOICE_RULE, "the condition ({condition}) does not hold: \"{text}\" is not followed",
                       condition=effect.condition.part.text or effect.condition.kind, text=effect.part.text or effect.verb)
        context.done = False
        if effect.otherwise is not None:
            yield from _chain(s, context, effect.otherwise)
        return False
    if trace.enabled:
        trace.note(CHOICE_RULE, "following the instruction \"{text}\"", text=effect.part.text or effect.verb)
    if effect.choices:
        wanted = effect.amount.value if effect.amount is not None and effect.amount.value else 1
        if wanted == 1:
            chosen = yield from _choose_one(s, context, effect)
            yield from _chain(s, context, chosen)
            return
        for chosen in (yield from _choose_several(s, context, effect, wanted)):
            yield from _chain(s, context, chosen)
        return
    if effect.who is None:
        players = [context.controller]
    else:
        players = targets.candidates(board, context.as_player(context.controller), effect.who)
        said = f"who:{effect.who.part.line}:{effect.who.part.column}" if effect.who.part.text else None
        if not (effect.who.every or len(players) <= 1):
            if said is not None and context.named.get(said):  # "A player reveals their hand and discards ...": one
                players = context.named[said][:1]
            else:
                players = [(yield from _choose_player(s, context.controller, players, effect))]
                if said is not None:
                    context.named[said] = players
        elif len(players) > 1:
            players = list(players)
            most_recent_first(board, players)
    done, done_by, before = False, {}, context.done_by
    gathered: dict = {}
    for player in players:
        if isinstance(player, int) and not board.players[player].removed:
            if each_did and not before.get(player, False):
                if trace.enabled:
                    trace.note(CHOICE_RULE, "{player} did not do the instruction before: \"{text}\" is not followed "
                               "by them", player=board.name(player), text=effect.part.text or effect.verb)
                done_by[player] = False
                continue
            mine = context.as_player(player)
            mine.names_no_player = effect.who is None
            named_before = dict(context.named)
            yield from _carry_out(s, mine, effect)
            if len(players) > 1:  # "each player chooses a character ... Those characters": each one's
                for key, cards in context.named.items():
                    if isinstance(cards, list) and cards is not named_before.get(key):
                        gathered.setdefault(key, []).extend(card for card in cards if card not in gathered.get(key, ()))
            done = done or mine.done
            done_by[player] = mine.done
            context.area = mine.area
            context.won = mine.won
            context.winner = mine.winner
    context.named.update(gathered)
    context.done = done
    context.done_by = done_by if len(players) > 1 else {}


def _did_of_each(context: Context, effect: Effect) -> bool:
    """Whether ``effect`` is done by each of several players, each only if
    they did the instruction before it ("each player may pay [1] to ready a
    character here": those who paid ready one)."""
    condition = effect.condition
    return (bool(context.done_by) and effect.who is not None and effect.who.every and condition is not None
            and condition.kind == "did" and condition.value("what") is None and not condition.negated
            and not condition.all_of and not condition.any_of)


def _carry_out(s, context: Context, effect: Effect):
    """One instruction, carried out by ``context.player``."""
    board = s.board
    player = context.player
    if effect.optional and not _may_be_offered(board, context, effect):
        context.done = False
        context.forget(effect.target)
        return
    if effect.optional and not (yield from _decides(s, context, effect)):
        context.done = False
        context.forget(effect.target)
        return
    alternative = effect.value("unless-paid")
    verb = VERBS.get(effect.verb)
    if verb is None:
        raise EngineError(f"the engine can't carry out the verb {effect.verb!r}")
    if alternative is not None:
        n = amount_of(board, context, effect.amount) or 0
        if not can_pay.allows(board, player, n) or not (yield from _accepts(s, player, effect, "pay")):
            yield from _chain(s, context, alternative)
            return
    if is_choosing_a_color(effect):
        context.named[CHOSEN_COLOR] = [(yield from _choose_color(s, player, effect))]
        context.done = True
        return
    if is_choosing_a_player(effect):  # "Choose a player. That player ..."
        players = [p for p in targets.candidates(board, context, effect.target) if isinstance(p, int)]
        if len(players) > 1:
            players = [(yield from _choose_player(s, player, players, effect))]
        context.named[targets.CHOSEN_PLAYER] = players
        context.done = bool(players)
        return
    if effect.verb == "color" and effect.value("color") == THAT_COLOR:
        chosen = context.named.get(CHOSEN_COLOR)
        if not chosen:
            _part_skipped(board, effect, "no color was chosen")
            context.done = False
            return
        effect = replace(effect, values=tuple((key, str(chosen[0]) if key == "color" else value)
                                              for key, value in effect.values))
    n = amount_of(board, context, effect.amount)
    if _all_named_counters(effect):
        n = None
    if effect.verb == "add-power":
        n = _power_added(board, context, effect.value("of"))
        effect = _with_colors_added(board, context, effect)
    if verb.takes == CARD and isinstance(effect.target, Selector) and effect.target.where == EACH_PROBLEM:
        done = yield from _at_each_problem(s, context, effect, verb, n)
    elif verb.takes == CARD and isinstance(effect.target, Selector) and effect.target.filter("one-of-each"):
        done = yield from _one_of_each(s, context, effect, verb, n)
    elif effect.verb == "move" and effect.value("area") == EACH_PROBLEM:
        done = yield from _to_each_problem(s, context, effect, verb)
    elif isinstance(effect.target, Selector) and effect.target.noun == targets.HAND:
        done = yield from _on_hand(s, context, effect, verb)
    elif verb.takes == PLAYER:
        done = yield from _on_players(s, context, effect, verb, n)
    elif verb.takes == NOTHING:
        done = yield from _on_nothing(s, context, effect, verb, n)
    else:
        done = yield from _on_cards(s, context, effect, verb, n)
    context.done = done


@rules.step("801.1", "each player decides in turn, {first} first: {why} makes all of their decisions first, then the "
                     "next player in turn order")
def most_recent_first(board: Board, players: list):
    """Decisions several players make at once ("each player ...") are made
    by the player who most recently had priority first, or by the turn
    player as a new priority window is being opened (the effect processed
    in the Pre-Priority Processing of a window opening), then the next in
    turn order (801.1); without that rule, from the text's controller."""
    last = board.turn.last_priority
    opening = getattr(board, "opening_window", False)
    first = last if last in players and not opening else board.turn.player
    why = ("a new priority window is being opened: the turn player" if opening
           else "the player who most recently had priority")
    if first not in players:
        return None
    order = [p.index for p in board.players]
    start = order.index(first)
    players.sort(key=lambda player: (order.index(player) - start) % len(order))
    return {"first": board.name(first), "why": why}


def _power_added(board: Board, context: Context, of) -> int | None:
    """The power of the card "add its power" names (the first it names),
    or ``None`` when it names none."""
    from rulebase.engine.ccg import power as powers

    for card in targets.candidates(board, context, of):
        if isinstance(card, Card):
            return powers.counted(powers.power(board, card))
    return None


def _with_colors_added(board: Board, context: Context, effect: Effect) -> Effect:
    """The "add its power" instruction with the colors the card adding its
    power adds (none, 203.3: :func:`~rulebase.engine.ccg.cards.colors_added`):
    the power added is of the first of them, if any."""
    from rulebase.engine.ccg.cards import colors_added

    for card in targets.candidates(board, context, effect.value("of")):
        if isinstance(card, Card):
            colors = colors_added(board, card)
            if colors:
                return replace(effect, values=tuple(sorted(effect.values + (("color", colors[0].value),))))
            break
    return effect


CHOSEN_COLOR = "chosen-color"
"""Where a context keeps the color an earlier instruction chose ("Choose
a color. That character is also that color")."""

THAT_COLOR = "that"


def is_choosing_a_color(effect: Effect) -> bool:
    """Whether ``effect`` is "choose a color" (one color, said no more of)."""
    target = effect.target
    return (effect.verb == "choose" and target is not None and target.noun == "color" and not target.every
            and target.count.value == 1 and not target.count.up_to and not target.filters)


def _choose_color(s, player: int, effect: Effect):
    """The color ``player`` chooses among the six (705.2e: a decision made
    as the instruction is followed)."""
    options = [Action("choose-option", player, amount=index) for index in range(len(parts.COLORS))]
    action = yield from _ask(s, player, f"choose a color ({', '.join(str(c) for c in parts.COLORS)})", options)
    color = parts.COLORS[action.amount]
    if s.board.trace.enabled:
        s.board.trace.note(CHOICE_RULE, "{player} chooses {color}", player=s.board.name(player), color=str(color))
    return color


def is_choosing_a_player(effect: Effect) -> bool:
    """Whether ``effect`` is "choose a player" (or "an opponent"): one
    player, whom "that player" of the instructions after it names."""
    target = effect.target
    return (effect.verb == "choose" and targets.names_players(target) and target.noun != "that" and not target.every
            and target.count.value == 1 and not target.count.up_to and not effect.values and effect.duration is None)


def amount_of(board: Board, context: Context, amount: Amount | None) -> int | None:
    """The number an amount stands for: its value, times the count of its
    ``per`` selector's cards ("for each ...")."""
    if amount is None:
        return None
    value = amount.value if amount.value is not None else 0
    if amount.per is not None:
        return value * len(targets.candidates(board, context, amount.per))
    return value


def _do(s, verb: Verb, act: Act):
    """Carry out ``act``: its check first, recorded (what it allowed, card
    text over a rule, 104.1), then its application."""
    verb.check(s.board, act)
    if verb.name == "put-into-play" and isinstance(act.target, Card):
        yield from parts.name_as_entering(s, act.target, act.target.owner)
    if verb.name in OCCURRING and isinstance(act.target, Card):
        yield from replacing.carry_out(s, verb, act)
    elif verb.procedure:
        yield from verb.apply(s, act)
    else:
        verb.apply(s.board, act)


def _on_players(s, context: Context, effect: Effect, verb: Verb, n):
    board = s.board
    if effect.target is None or effect.target.noun == targets.ACTION_TOKEN:
        players = [context.player]  # the player carrying it out: "lose all of your action tokens"
    else:
        players = targets.candidates(board, context, effect.target)
        if not effect.target.every and len(players) > 1:
            players = [(yield from _choose_player(s, context.player, players, effect))]
    done = False
    for player in players:
        act = Act(context.player, player, amount=n, effect=effect, source=context.card)
        if effect.verb == "shuffle" and player in context.searched:
            context.searched.discard(player)
            act = Act(context.player, player, source=context.card)  # the searched deck's shuffle (518.2)
        if effect.verb == "token":
            acts = [Act(context.player, player, amount=n, area=area, effect=effect, source=context.card)
                    for area in _entry_areas(board, context, effect, player, CardType.FRIEND)]
            acts = [act for act in acts if verb.allows(board, act)]
            if len(acts) > 1:
                act = yield from _choose_act(s, context.player, acts, effect)
            elif acts:
                act = acts[0]
        if not verb.allows(board, act):
            _part_skipped(board, effect, _reason(board, verb, act))
            continue
        yield from _do(s, verb, act)
        if effect.verb == "token":
            context.bind(None, act.cards)  # the tokens put into play: "them" of the parts after
        done = True
    return done


def _on_nothing(s, context: Context, effect: Effect, verb: Verb, n):
    """An instruction on the cards an earlier part named as a whole (put
    them back in any order)."""
    board = s.board
    if effect.verb == "start-faceoff":
        return (yield from _start_faceoff(s, context, effect, verb, n))
    if effect.verb == "distribute-counters":
        return (yield from _distribute(s, context, effect, verb, n))
    if effect.verb == "reveal-until":
        return (yield from _reveal_until(s, context, effect, verb))
    if effect.verb == "next-time":
        cards = []
    elif effect.verb in FUTURE_CARDS and effect.target is not None and effect.target.noun in ("it", "that"):
        cards = [card for card in targets.candidates(board, context, effect.target) if isinstance(card, Card)]
    elif effect.verb in FUTURE_CARDS or effect.verb in ("delayed", "requirement-change", "copy-effects"):
        cards = []
    elif effect.verb == "exchange-control" and exchanges_with(effect):
        cards = yield from _exchanged_with(s, context, effect, verb, n)
    elif effect.verb == "exchange-control":
        cards = list(context.named.get(CHOSEN, ()))[-2:]
    else:
        cards = [card for card in targets.candidates(board, context, effect.target) if isinstance(card, Card)]
    if effect.verb == "arrange" and effect.value("to") == "top-or-bottom":
        ends = [replace(effect, values=tuple((k, v) for k, v in effect.values if k != "to") + (("to", end),))
                for end in ("top", "bottom")]
        action = yield from _ask(s, context.player, f"choose the top or the bottom: {effect.part.text or effect.verb}",
                                 [Action("choose-option", context.player, amount=index) for index in range(2)])
        effect = ends[action.amount]
    act = Act(context.player, None, amount=n, effect=effect, source=context.card)
    act.cards = cards
    if effect.verb in ("delayed", "next-time"):
        act.named = {key: list(found) for key, found in context.named.items()}
    if effect.verb == "copy-effects":
        act.context = context
    if effect.verb == "arrange" and (len(cards) > 1 or effect.value("rest")):
        act.order = yield from _choose_order(s, context.player, cards, effect)
    if not verb.allows(board, act):
        _part_skipped(board, effect, _reason(board, verb, act))
        return False
    yield from _do(s, verb, act)
    return True


def exchanges_with(effect: Effect) -> bool:
    """"Exchange control of this card and an opposing Resource": the card
    the target names, and another described by ``with``."""
    return (effect.target is not None and effect.target.noun == "self"
            and isinstance(effect.value("with"), Selector))


def _exchanged_with(s, context: Context, effect: Effect, verb: Verb, n):
    """The two cards whose control "exchange control of this card and an
    opposing Resource" exchanges: this card, and one the player chooses
    among those ``with`` describes with which the exchange can be done
    (705.2e: players can't choose to do things that can't be done)."""
    board = s.board
    first = [card for card in targets.candidates(board, context, effect.target) if isinstance(card, Card)][:1]
    described = effect.value("with")

    def exchangeable(other: Card) -> bool:
        act = Act(context.player, None, amount=n, effect=effect, source=context.card)
        act.cards = first + [other]
        return verb.allows(board, act)

    possible = [card for card in targets.candidates(board, context, described)
                if isinstance(card, Card) and card not in first and first and exchangeable(card)]
    chosen = yield from _choose_cards(s, context, effect, described, possible)
    context.bind(described, chosen[:1])
    return first + chosen[:1]


REVEAL_DECKS = {"deck": "you", "opponent-deck": "opponent"}
"""The decks "reveal cards from the top of ... until" reveals from, by whose they are."""


def _on_hand(s, context: Context, effect: Effect, verb: Verb):
    """"Look at a player's hand", "reveals their hand": the player whose
    hand it is (chosen among several) is "that player" of the instructions
    after; each card of the hand is looked at or revealed (404.1 keeps a
    hand hidden, the card's text takes precedence, 104.1), and "choose a
    card" after it chooses among them."""
    board = s.board
    owners = targets.hand_owners(board, context, effect.target)
    if not owners:
        _part_skipped(board, effect, "there is no hand to do it to")
        return False
    owner = owners[0] if len(owners) == 1 else (yield from _choose_player(s, context.player, owners, effect))
    context.named[targets.CHOSEN_PLAYER] = [owner]
    did = []
    for card in list(board.zone_list(Zone.HAND, owner)):
        act = Act(context.player, card, effect=effect, source=context.card)
        if verb.allows(board, act):
            yield from _do(s, verb, act)
            did.append(card)
    context.named[f"this-way:{effect.verb}"] = did
    context.named[targets.HAND_SEEN] = did
    return True


def _reveal_until(s, context: Context, effect: Effect, verb: Verb):
    """"Reveal cards from the top of your deck until you reveal a Friend":
    the cards of the deck from the top down to the first of the
    description (all of them if none is) are revealed; that card is the
    one "that Friend" names after."""
    board = s.board
    whose = REVEAL_DECKS[effect.value("zone", "deck")]
    owners = [player.index for player in board.players if not player.removed
              and (player.index == context.player) == (whose == "you")]
    if len(owners) > 1:
        owners = [(yield from _choose_player(s, context.player, owners, effect))]
    if not owners:
        _part_skipped(board, effect, "there is no deck to reveal cards from")
        return False
    deck = list(board.players[owners[0]].deck)
    fitting = {card.id for card in targets.candidates(board, context, replace(effect.target, zone=effect.value("zone")))
               if isinstance(card, Card)}
    cards, found = [], None
    for card in deck:
        cards.append(card)
        if card.id in fitting:
            found = card
            break
    act = Act(context.player, None, effect=effect, source=context.card)
    act.cards = cards
    act.order = (found.id,) if found is not None else ()
    if not verb.allows(board, act):
        _part_skipped(board, effect, _reason(board, verb, act))
        return False
    yield from _do(s, verb, act)
    context.bind(effect.target, [found] if found is not None else [])
    return found is not None


def _distribute(s, context: Context, effect: Effect, verb: Verb, n):
    """"Distribute two +1 power counters among up to two of your
    characters": the player chooses the cards (up to the count), then which
    of them each counter goes on; a card chosen gets at least one."""
    board = s.board
    selector = effect.target
    found = [card for card in targets.candidates(board, context, selector)
             if isinstance(card, Card) and VERBS["counters"].allows(board, Act(context.player, card, amount=1))]
    wanted = min(selector.count.value or 0, n or 0)
    chosen: list[Card] = []
    while found and len(chosen) < wanted:
        left = [card for card in found if card not in chosen]
        if not left:
            break
        options = [Action("choose", context.player, card=card.id) for card in left]
        if chosen and selector.count.up_to:
            options.append(Action("decline", context.player))
        action = yield from _ask(s, context.player, f"choose for: {effect.part.text or effect.verb}", options)
        if action.verb == "decline":
            break
        chosen.append(board.cards[action.card])
    if not chosen:
        _part_skipped(board, effect, "there is no card to distribute the counters among")
        return False
    order = [card.id for card in chosen]
    for _ in range((n or 0) - len(chosen)):
        if len(chosen) == 1:
            order.append(chosen[0].id)
            continue
        options = [Action("choose", context.player, card=card.id) for card in chosen]
        action = yield from _ask(s, context.player, f"choose where the next counter goes: {effect.part.text or effect.verb}",
                                 options)
        order.append(action.card)
    act = Act(context.player, None, amount=n, order=tuple(order), effect=effect, source=context.card)
    act.cards = list(chosen)
    if not verb.allows(board, act):
        _part_skipped(board, effect, _reason(board, verb, act))
        return False
    yield from _do(s, verb, act)
    context.bind(selector, chosen)
    return True


CHOSEN = "chosen"
"""Where the cards chosen by the instructions "Choose ..." of an effect are
kept, in order ("Exchange control of those Friends")."""

FUTURE_CARDS = ("cost-change",)
"""The verbs whose target names cards to come ("the next Friend you play"),
not cards there are now."""


def _start_faceoff(s, context: Context, effect: Effect, verb: Verb, n):
    """Start a faceoff involving one card of each selector the text names
    (chosen by the player starting it), each named for the parts after
    ("that Friend"); whether that player won it is kept for "If you win"."""
    board = s.board
    chosen: list[Card] = []
    described = {}
    kinds = []
    for selector in effect.value("involving") or ():
        as_chosen = replace(context, named=dict(context.named))  # what the description's words named then
        found = [card for card in targets.candidates(board, context, selector)
                 if isinstance(card, Card) and card.zone == Zone.PLAY and card not in chosen]
        if selector.every:  # "your characters at a Problem": every card of the kind at the Problem chosen
            if selector.where == "problem":  # the Problem chosen by choosing one of them there
                picked = yield from _choose_cards(s, context, effect, replace(selector, count=Amount(1), every=False),
                                                  [card for card in found if card.area is not None
                                                   and card.area.is_problem])
                context.area = picked[0].area if picked else None
            at = context.area
            every = [card for card in found if at is not None and card.area == at]
            if not every:
                _part_skipped(board, effect, f"no card for {selector.part.text or selector.noun}")
                return False
            chosen.extend(every)
            kinds.append(lambda card, selector=selector, seen=as_chosen, at=at:
                         card.area == at and card in targets.candidates(board, seen, selector))
            context.bind(selector, every)
            continue
        picked = yield from _choose_cards(s, context, effect, replace(selector, count=Amount(1), every=False), found)
        if not picked:
            _part_skipped(board, effect, f"no card for {selector.part.text or selector.noun}")
            return False
        chosen.extend(picked[:1])
        described[picked[0].id] = (lambda card, selector=selector, seen=as_chosen:
                                   card in targets.candidates(board, seen, selector))
        context.bind(selector, picked[:1])
        if picked[0].area is not None and picked[0].area.is_problem:
            context.area = picked[0].area
    act = Act(context.player, None, amount=n, effect=effect, source=context.card)
    act.cards = chosen
    act.described = described
    if kinds:
        act.area, act.kinds = context.area, tuple(kinds)
    if not verb.allows(board, act):
        _part_skipped(board, effect, _reason(board, verb, act))
        return False
    before = len(board.faceoffs)
    yield from _do(s, verb, act)
    context.winner, context.won = None, False
    if len(board.faceoffs) > before:
        follows_the_outcome(board, context, board.faceoffs[-1].winner)
    return True


@rules.step("514.5d", "{winner} won the faceoff the effect started: the effect's instructions for its winner and loser "
                      "apply")
def follows_the_outcome(board: Board, context: Context, winner: int | None):
    """Who won a faceoff an effect started is kept for the effect's
    instructions that follow ("If you win the faceoff", 514.5d)."""
    if winner is None:
        return None
    context.winner = winner
    context.won = winner == context.player
    return {"winner": board.name(winner)}


@lru_cache(maxsize=2048)
def _for_verb(selector: Selector, zone: str | None) -> Selector:
    """The selector as the verb reads it: in ``zone`` when it names none
    (a card discarded is in a hand, a card searched for in the zone
    searched)."""
    if selector.zone is None and zone is not None and selector.noun in targets.TYPES:
        return replace(selector, zone=zone)
    return selector


DEFAULT_ZONES = {"discard": "hand", "play": "hand"}
"""The zone a verb's card is in when the text names none."""


def _card_selector(effect: Effect) -> Selector | None:
    selector = effect.target
    if selector is None:
        return None
    zone = (effect.value("zone") or DEFAULT_ZONES.get(effect.verb)) if effect.verb in ("search", "play") else \
        DEFAULT_ZONES.get(effect.verb)
    return _for_verb(selector, zone)


def _on_cards(s, context: Context, effect: Effect, verb: Verb, n):
    board = s.board
    selector = _card_selector(effect)
    found = [card for card in targets.candidates(board, context, selector) if isinstance(card, Card)]
    origin = effect.value("from")
    if origin is not None:
        found = [card for card in found if targets.at_place(board, context, card, origin)]
    possible = []
    for card in found:
        if any(verb.allows(board, act) for act in _acts(board, context, effect, verb, card, n)):
            possible.append(card)
    if not possible:
        context.forget(effect.target)
        if effect.verb == "search" and found == [] and selector is not None:
            board.trace.note("518.1", "{player} searches and finds no card of that description",
                             player=board.name(context.player))
            return False
        acts = _acts(board, context, effect, verb, found[0], n) if found else []
        _part_skipped(board, effect, _reason(board, verb, acts[0]) if acts else "there is nothing it can be done to")
        return False
    chosen = yield from _choose_cards(s, context, effect, selector, possible)
    done, did = False, []
    for card in chosen:
        acts = [act for act in _acts(board, context, effect, verb, card, n) if verb.allows(board, act)]
        if not acts:
            _part_skipped(board, effect, f"{card} can't be chosen for it any more")
            continue
        if effect.value("area") == EACH_OTHER_PROBLEM:  # "at each other Problem": one for each, none chosen
            for act in acts[:-1]:
                if verb.allows(board, act):
                    yield from _do(s, verb, act)
            acts = [act for act in acts[-1:] if verb.allows(board, act)]
            if not acts:
                continue
        act = acts[0] if len(acts) == 1 else (yield from _choose_act(s, context.player, acts, effect))
        searched = card.owner if effect.verb == "search" and card.zone == Zone.DRAW_DECK else None
        yield from _do(s, verb, act)
        if searched is not None:
            context.searched.add(searched)
        if act.area is not None:
            context.area = act.area
        done = True
        did.append(card)
    context.named[f"this-way:{effect.verb}"] = did  # "each Event banished this way"
    if effect.verb == "choose":
        context.named.setdefault(CHOSEN, []).extend(did)  # "those Friends" chosen one at a time
    context.bind(effect.target, chosen)
    return done


def _acts(board: Board, context: Context, effect: Effect, verb: Verb, card: Card, n) -> list[Act]:
    """The ways the instruction can be carried out on ``card``: one, or one
    per destination (a move to a Problem of the player's choice, a new
    host, the top or the bottom of a deck)."""
    if _count_about_the_target(effect) is not None:  # "+1 power for each of your other Friends at its Problem"
        n = amount_of(board, targets.About(context, card, effect.target.noun), effect.amount)
    player = card.owner if verb.by_owner else context.player
    if effect.verb in ("move", "send"):
        return [Act(player, card, amount=n, area=area, effect=effect, source=context.card)
                for area in _areas(board, context, effect, card)]
    if effect.verb == "play":
        if card.type == CardType.RESOURCE:
            return [Act(player, card, amount=n, area=board.players[player].home, effect=effect, source=context.card)]
        return [Act(player, card, amount=n, area=area, effect=effect, source=context.card)
                for area in _entry_areas(board, context, effect, player, card.type)]
    if effect.verb == "put-into-play-attached":
        found = []
        for host in targets.candidates(board, context, replace(effect.value("on"), count=Amount(None))):
            if isinstance(host, Card):
                act = Act(player, card, amount=n, effect=effect, source=context.card)
                act.cards = [host]  # its host, whose area it enters play at (509.3)
                found.append(act)
        return found
    if effect.verb == "attach":
        found = []
        for host in _hosts(board, context, effect, card):
            act = Act(player, card, amount=n, effect=effect, source=context.card)
            act.cards = [host]
            found.append(act)
        return found
    if effect.verb == "banish" and effect.value("beneath") is not None:
        found = []
        for host in targets.hosts_beneath(board, context, effect.value("beneath")):
            if host is not card:
                act = Act(player, card, amount=n, effect=effect, source=context.card)
                act.cards = [host]
                found.append(act)
        return found or [Act(player, card, amount=n, effect=effect, source=context.card)]
    if effect.verb == "challenge":
        using = effect.value("using")
        if using is None:
            return [Act(player, card, amount=n, effect=effect, source=context.card)]
        if using.where == "its-problem":  # "with your characters at its Problem": the challenged Troublemaker's
            characters = [other.id for other in targets.candidates(board, context, replace(using, where=None))
                          if isinstance(other, Card) and other.zone == Zone.PLAY and other.area == card.area]
        else:
            characters = [other.id for other in targets.candidates(board, context, using) if isinstance(other, Card)]
        if using.every:
            return [Act(player, card, amount=n, order=tuple(characters), effect=effect, source=context.card)]
        return [Act(player, card, amount=n, order=(other,), effect=effect, source=context.card) for other in characters]
    if effect.verb == "put-into-play":
        controller = player if effect.value("control") == "you" else card.owner
        return [Act(player, card, amount=n, area=area, effect=effect, source=context.card)
                for area in _entry_areas(board, context, effect, controller, card.type)]
    if effect.verb == "token-copy":
        return [Act(player, card, amount=n, area=area, effect=effect, source=context.card)
                for area in _entry_areas(board, context, effect, player, card.type)]
    if effect.verb == "to-deck" and effect.value("to") == "top-or-bottom":
        return [Act(player, card, amount=n, effect=replace(effect, values=(("to", end),)), source=context.card)
                for end in ("top", "bottom")]
    return [Act(player, card, amount=n, effect=effect, source=context.card)]


AREAS = (None, "problem", "home", "here", "this-problem", "its-problem", "that-problem", "there", "same-problem",
         "opponent-problem", "your-problem", "another-problem", "that-card-problem", "each-problem")
"""The destinations of a move the engine knows."""


def _areas(board: Board, context: Context, effect: Effect, card: Card) -> list[Area]:
    where = effect.value("area")
    if effect.verb == "send" and where is None:
        where = "home"
    if where == "previous":
        return _previous_area(context, card)
    if where == "home":
        return [board.players[card.controller].home]
    if where in ("here", "this-problem", "its-problem"):
        area = targets.problem_of(board, context.card)
        return [area] if area is not None else []
    if where in ("that-problem", "there"):
        area = targets.place_named(context)
        return [area] if area is not None and area.is_problem else []
    if where == "same-problem":
        return sorted({other.area for other in targets.named_cards(context, "it")
                       if other.area is not None and other.area.is_problem})
    if where == "that-card-problem":
        return _event_cards_problem(context)
    me = context.player
    problems = [p.problem_area for p in board.players if not p.removed and board.problem_at(p.problem_area) is not None]
    if isinstance(where, tuple) and where[:1] == ("problem-with",):  # "to a Problem with a Troublemaker"
        return [area for area in problems if targets.has_there(board, context, area, where[1])]
    if where is None and card is not None:
        # no destination named ("move an opposing character at this card's Problem", "away from that
        # Problem"): anywhere it can go, its controller's home or another Problem (506.2)
        return [board.players[card.controller].home] + [area for area in problems if area != card.area]
    if where == "opponent-problem":
        return [area for area in problems if area.owner != me]
    if where == "another-problem":
        return [area for area in problems if area != card.area]
    if where == "your-problem":
        return [area for area in problems if area.owner == me]
    return problems


EACH_PROBLEM = "each-problem"
EACH_OTHER_PROBLEM = "each-other-problem"


def _to_each_problem(s, context: Context, effect: Effect, verb: Verb):
    """"Move one of your characters to each Problem": for each Problem in
    turn, one of the cards (a different one each time) is moved there,
    chosen by the player carrying it out among those that can be."""
    board = s.board
    selector = _card_selector(effect)
    moved: list[Card] = []
    for area in _areas(board, context, replace(effect, values=()), None):
        acts = {card.id: Act(context.player, card, area=area, effect=effect, source=context.card)
                for card in targets.candidates(board, context, selector)
                if isinstance(card, Card) and card not in moved}
        possible = [board.cards[card_id] for card_id, act in acts.items() if verb.allows(board, act)]
        if not possible:
            _part_skipped(board, effect, f"no card can be moved to {board.area_name(area)}")
            continue
        chosen = yield from _choose_cards(s, context, effect, selector, possible)
        for card in chosen[:1]:
            yield from _do(s, verb, acts[card.id])
            moved.append(card)
    context.bind(effect.target, moved)
    return bool(moved)


def _at_each_problem(s, context: Context, effect: Effect, verb: Verb, n):
    """"Exhaust an opposing character at each Problem": for each Problem in
    turn, one of the cards there the text describes, chosen by the player
    carrying it out among those that can be; a Problem with none is
    skipped (707.2)."""
    board = s.board
    there = replace(effect, target=replace(effect.target, where="that-problem"))
    before, done = context.area, False
    for area in [p.problem_area for p in board.players if not p.removed and board.problem_at(p.problem_area) is not None]:
        context.area = area
        done = (yield from _on_cards(s, context, there, verb, n)) or done
    context.area = before
    return done


def _one_of_each(s, context: Context, effect: Effect, verb: Verb, n):
    """"Banish a Friend, Resource, Event, and Troublemaker from your discard
    pile": one card of each type, each chosen by the player carrying it
    out; with a type of which no card can be, none is (the instruction is
    done whole or not at all, 705.2e), and it is not done."""
    board = s.board
    target = effect.target
    plain = replace(target, filters=tuple(f for f in target.filters if f[0] not in ("nouns", "one-of-each")))
    each = [replace(effect, target=replace(plain, noun=noun)) for noun in target.filter("nouns")]
    for one in each:
        if not any(verb.allows(board, act) for card in targets.candidates(board, context, one.target)
                   if isinstance(card, Card) for act in _acts(board, context, one, verb, card, n)):
            _part_skipped(board, effect, f"there is no {one.target.noun} it can be done to")
            return False
    done, chosen = True, []
    for one in each:
        done = (yield from _on_cards(s, context, one, verb, n)) and done
        chosen.extend(context.named.get("it", ()))
    context.bind(target, chosen)
    return done


def _event_cards_problem(context: Context) -> list[Area]:
    """"That Friend's Problem", "that Troublemaker's Problem": the Problem
    the card of the event the ability answers is at (else the card an
    earlier part named)."""
    named = context.named or {}
    cards = [card for card in named.get(targets.EVENT_CARD) or named.get("it") or () if isinstance(card, Card)]
    return sorted({card.area for card in cards[:1] if card.area is not None and card.area.is_problem})


def _previous_area(context: Context, card: Card) -> list[Area]:
    """"Send that character to its previous area": the area the move that
    triggered the ability moved it from."""
    event = context.event
    if event is None or not hasattr(event, "get") or event.event != "moved" or event.get("card") is not card:
        return []
    area = event.get("from")
    return [area] if isinstance(area, Area) else []


ENTRY_AREAS = (None, "home", "here", "this-problem", "its-problem", "that-problem", "there")
"""Where the engine puts a card or token into play."""


def _entry_areas(board: Board, context: Context, effect: Effect, owner: int, kind) -> list[Area]:
    """Where a card (or a token) of ``owner`` may be put into play: where
    the text says, else their home or a Problem (a Troublemaker: a
    Problem)."""
    where = effect.value("area")
    if where == "home":
        return [board.players[owner].home]
    if where in ("here", "this-problem", "its-problem"):
        area = targets.problem_of(board, context.card)
        return [area] if area is not None else []
    if where in ("that-problem", "there"):
        area = targets.place_named(context)
        return [area] if area is not None and area.is_problem else []
    problems = [p.problem_area for p in board.players if not p.removed and board.problem_at(p.problem_area) is not None]
    if where == EACH_OTHER_PROBLEM:
        here = targets.problem_of(board, context.card)
        return [area for area in problems if area != here]
    return problems if kind == CardType.TROUBLEMAKER else [board.players[owner].home] + problems


HOST_NOUNS = ("Friend", "character")
"""The cards a text reattaches an attachment to, by a description."""


def _host_described(selector: Selector) -> str | None:
    """``None`` if the engine finds the new hosts a selector describes
    ("another one of your Friends"), else what it can't."""
    if selector.noun not in HOST_NOUNS or selector.zone not in (None, "play") or selector.every:
        return f"reattaching to {selector.part.text or selector.noun!r}"
    return targets.executable(selector)


def _hosts(board: Board, context: Context, effect: Effect, card: Card) -> list[Card]:
    """The cards ``card`` may be reattached to: another card in play, of
    the description the text gives ("to another one of your Friends")."""
    to = effect.value("to")
    described = None
    if isinstance(to, Selector):
        described = {other.id for other in targets.candidates(board, context, replace(to, count=Amount(None)))
                     if isinstance(other, Card)}
    kind = CardType.FRIEND if to == "another-friend" else None
    return [other for other in board.play if other is not card and other is not card.host
            and (described is None or other.id in described)
            and (other.type == kind if kind is not None else other.type != CardType.RESOURCE)
            and not (other.face_down and other.type == CardType.TROUBLEMAKER)]


def _reason(board: Board, verb: Verb, act: Act) -> str:
    """Why ``verb`` can't be done on ``act`` (the refusing rule's words)."""
    from rulebase.engine.errors import IllegalAction

    if not board.trace.enabled:
        return ""
    with board.trace.quiet():
        try:
            verb.check(board, act)
        except IllegalAction as refusal:
            return f"{refusal.rule}: {refusal.reason}"
    return "it can't be done"


# -- asking the players --------------------------------------------------------------------


def _ask(s, player: int, kind: str, options: list, default=None):
    from rulebase.engine.ccg.priority import decide

    board = s.board
    verbs = {action.verb: (lambda action: among_the_choices(board, options, action)) for action in options}
    return (yield from decide(s, player, kind, lambda: options, verbs, rule=CHOICE_RULE,
                              default=(lambda: default) if default is not None else None))


def _accepts(s, player: int, effect: Effect, what: str = "do it"):
    """Whether ``player`` does what "you may" leaves to them."""
    options = [Action("accept", player), Action("decline", player)]
    text = effect.part.text or effect.verb
    action = yield from _ask(s, player, f"decide whether to {what}: {text}", options)
    return action.verb == "accept"


@rules.step("712.3", "{player} {decision} as the triggered effect is processed: {text}")
def decided_as_processed(board: Board, player: int, effect: Effect, accepted: bool):
    """The decision a triggered effect's "may" leaves to its player is made
    as the effect is processed, not as it is created (712.3)."""
    return {"player": board.name(player), "decision": "chooses to do it" if accepted else "chooses not to",
            "text": effect.part.text or effect.verb}


def _decides(s, context: Context, effect: Effect):
    """Whether the player carrying out ``effect`` does what "you may" leaves
    to them: for a triggered effect, the decision made as it is processed
    (712.3)."""
    player = context.player
    accepted = yield from _accepts(s, player, effect)
    if context.event is None:
        return accepted
    decided = decided_as_processed(s.board, player, effect, accepted)
    return accepted and decided is not None


SHAPED_ON_PLAYERS = ("token", "shuffle")
"""The instructions on a player that :func:`_on_players` carries out with
more than the player and the amount (where a token enters, a searched deck)."""


def _may_be_offered(board: Board, context: Context, effect: Effect) -> bool:
    """Whether what "you may" leaves to the player carrying out ``effect``
    is offered: an instruction on that player themself ("you may pay [1]")
    that can't be done is not (705.2e)."""
    verb = VERBS.get(effect.verb)
    if verb is not None and verb.takes == CARD and effect.target is not None:
        return _may_be_offered_on_cards(board, context, effect, verb)
    if verb is None or verb.takes != PLAYER or effect.target is not None or effect.value("unless-paid") is not None:
        return True
    if effect.verb in SHAPED_ON_PLAYERS:
        return True  # carried out with an area chosen, or on the deck searched: judged as it is carried out
    player = context.player
    act = Act(player, player, amount=amount_of(board, context, effect.amount), effect=effect, source=context.card)
    if verb.allows(board, act):
        return True
    return not_offered.allows(board, player, effect.part.text or effect.verb, _reason(board, verb, act))


def _may_be_offered_on_cards(board: Board, context: Context, effect: Effect, verb: Verb) -> bool:
    """Whether "you may" on cards ("you may dismiss a Resource") is offered:
    not when no card it describes can undergo it now (705.2e)."""
    selector = _card_selector(effect)
    if effect.condition is not None or effect.choices or effect.value("unless-paid") is not None \
            or effect.verb == "search" or getattr(selector, "zone", None) == "deck":
        return True  # judged as it is carried out; a deck's cards are not known to the player deciding
    n = amount_of(board, context, effect.amount)
    found = [card for card in targets.candidates(board, context, selector) if isinstance(card, Card)]
    origin = effect.value("from")
    if origin is not None:
        found = [card for card in found if targets.at_place(board, context, card, origin)]
    acts = [act for card in found for act in _acts(board, context, effect, verb, card, n)]
    if any(verb.allows(board, act) for act in acts):
        return True
    reason = _reason(board, verb, acts[0]) if len(acts) == 1 else "there is nothing it can be done to"
    return not_offered.allows(board, context.player, effect.part.text or effect.verb, reason)


def _choose_player(s, player: int, players: list, effect: Effect):
    options = [Action("choose-player", player, owner=p) for p in players]
    action = yield from _ask(s, player, f"choose a player for: {effect.part.text or effect.verb}", options)
    return action.owner


def _can_be_done(board: Board, context: Context, effect: Effect) -> bool:
    """Whether the first instruction of a choice can be done now (705.2e:
    players can't choose to do things that can't be done)."""
    verb = VERBS.get(effect.verb)
    if verb is None or effect.choices or not conditions.holds(board, context, effect.condition):
        return verb is not None
    mine = context.as_player(context.controller)
    if verb.takes != CARD or effect.target is None:
        return True
    n = amount_of(board, mine, effect.amount)
    for card in targets.candidates(board, mine, _card_selector(effect)):
        if isinstance(card, Card) and any(verb.allows(board, act) for act in _acts(board, mine, effect, verb, card, n)):
            return True
    return False


def _choose_one(s, context: Context, effect: Effect):
    """"Choose one:": the controller chooses one of the choices that can be
    done (705.2e); when none can, any of them (and what can't be done is
    skipped, 707.2)."""
    player = context.controller
    indexes = [index for index, choice in enumerate(effect.choices) if _can_be_done(s.board, context, choice)]
    options = [Action("choose-option", player, amount=index) for index in indexes or range(len(effect.choices))]
    action = yield from _ask(s, player, "choose one", options)
    return _choices(effect)[action.amount]


@rules.step("705.2e", "{player} chooses {n} different options: {chosen}; they are followed in the card's order")
def several_chosen(board: Board, player: int, chosen: list, effect: Effect):
    return {"player": board.name(player), "n": len(chosen),
            "chosen": "; ".join(choice.part.text or choice.verb for choice in chosen)}


def _choose_several(s, context: Context, effect: Effect, wanted: int):
    """"Choose two:": the controller chooses that many different options,
    each among those that can be done (705.2e) while there are such, and
    they are followed in the order the card gives them."""
    player = context.controller
    choices = _choices(effect)
    picked: list[int] = []
    while len(picked) < min(wanted, len(choices)):
        left = [index for index in range(len(choices)) if index not in picked]
        possible = [index for index in left if _can_be_done(s.board, context, choices[index])]
        options = [Action("choose-option", player, amount=index) for index in possible or left]
        action = yield from _ask(s, player, f"choose {wanted - len(picked)} more", options)
        picked.append(action.amount)
    chosen = [choices[index] for index in sorted(picked)]
    if several_chosen(s.board, player, chosen, effect) is None:
        return [choices[index] for index in picked]  # without 705.2e, in the order they were chosen
    return chosen


def _choices(effect: Effect) -> tuple:
    """The choices of "Choose one:"; a duration read at the end of them
    ("..., or one of your characters gets +3 power until the end of the
    turn") is the last choice's, where it has none of its own."""
    choices = effect.choices
    if effect.duration is None or not choices or choices[-1].duration is not None:
        return choices
    return (*choices[:-1], replace(choices[-1], duration=effect.duration))


def _choose_order(s, player: int, cards: list, effect: Effect):
    """The order ``player`` puts ``cards`` back in (top first); where the
    rest go to the bottom, which of them are put back in that order."""
    ids = [card.id for card in cards]
    if effect.value("rest"):
        if len(ids) <= 4:
            orders = [order for k in range(len(ids) + 1) for order in itertools.permutations(ids, k)]
        else:
            orders = [tuple(ids), ()]
    else:
        orders = list(itertools.permutations(ids)) if len(ids) <= 5 else [tuple(ids), tuple(reversed(ids))]
    options = [Action("order", player, order=order) for order in orders]
    action = yield from _ask(s, player, "choose the order to put the cards back in", options, default=options[0])
    return action.order


def _choose_act(s, player: int, acts: list[Act], effect: Effect):
    """Where a chosen card goes when the text leaves it to the player."""
    if acts[0].area is not None:
        options = [Action("choose-area", player, area=act.area) for act in acts]
        action = yield from _ask(s, player, f"choose where: {effect.part.text or effect.verb}", options)
        return next(act for act in acts if act.area == action.area)
    if acts[0].order:
        options = [Action("choose", player, card=act.order[0]) for act in acts]
        action = yield from _ask(s, player, f"choose who: {effect.part.text or effect.verb}", options)
        return next(act for act in acts if act.order[0] == action.card)
    if acts[0].cards:
        options = [Action("choose", player, card=act.cards[0].id) for act in acts]
        what = "the card to banish it to beneath" if effect.verb == "banish" else "the new host"
        action = yield from _ask(s, player, f"choose {what}: {effect.part.text or effect.verb}", options)
        return next(act for act in acts if act.cards[0].id == action.card)
    options = [Action("choose-option", player, amount=index) for index in range(len(acts))]
    action = yield from _ask(s, player, f"choose how: {effect.part.text or effect.verb}", options)
    return acts[action.amount]


def _choose_cards(s, context: Context, effect: Effect, selector: Selector | None, possible: list[Card]):
    """The cards the instruction is carried out on, among those it can be
    done to: all of them ("each"), at random, or chosen one at a time by
    the player carrying it out ("up to", or a search, may stop early)."""
    board = s.board
    if selector is None or selector.noun in ("self", "host", "that", "it") or selector.every:
        return list(possible)
    count = selector.count
    wanted = amount_of(board, context, count) if count.value is not None else len(possible)
    may_stop = count.up_to or may_fail_to_find.verdict(board, effect) is not None
    if selector.filter("random"):
        return (yield from _at_random(s, context.player, possible, wanted))
    if len(possible) <= wanted and not may_stop:
        return list(possible)
    chosen: list[Card] = []
    left = list(possible)
    player = context.player
    while left and len(chosen) < wanted:
        options = [Action("choose", player, card=card.id) for card in left]
        if may_stop:
            options.append(Action("decline", player))
        action = yield from _ask(s, player, f"choose for: {effect.part.text or effect.verb}", options)
        if action.verb == "decline":
            break
        card = board.cards[action.card]
        chosen.append(card)
        if card in left:  # a card not among them is chosen only with 705.2e switched off
            left.remove(card)
    return chosen


def _at_random(s, player: int, possible: list[Card], wanted: int):
    """Cards chosen at random: each a chance action."""
    import random as _random

    from rulebase.engine.ccg.start import chance

    board = s.board
    chosen: list[Card] = []
    left = list(possible)
    while left and len(chosen) < wanted:
        options = [Action("random-card", CHANCE_PLAYER, card=card.id) for card in left]

        def sample(rng: _random.Random, options=options):
            return options[rng.randrange(len(options))]

        action = yield from chance(s, f"choose a random card for {board.name(player)}", sample,
                                   lambda action, options=options: among_the_choices(board, options, action),
                                   lambda options=options: options[0])
        card = board.cards[action.card]
        board.trace.chance("{card} is chosen at random", rule=CHOICE_RULE, card=card.label)
        chosen.append(card)
        left.remove(card)
    return chosen


# -- what the engine can carry out ---------------------------------------------------------


VALUES = {
    "power": {"color"}, "move": {"area", "from", "away"}, "send": {"area"}, "search": {"zone", "to"},
    "to-deck": {"to"}, "arrange": {"to", "rest"}, "attach": {"again", "to"}, "score": {"additional"},
    "discard": {"random"}, "pay": {"unless-paid"}, "put-into-play": {"area", "face", "control", "exhausted"},
    "token": {"token", "area"},
    "challenge": {"using"}, "shuffle": {"zone"}, "start-faceoff": {"involving"}, "lose": {"what"}, "add-power": {"of"},
    "reveal-until": {"zone"}, "prevent": {"what"},
    "draw": {"position", "additional"}, "shuffle-into": {"zone"}, "cost-change": {"minimum"}, "color": {"color", "also"},
    "banish": {"beneath"}, "delayed": {"at", "do"}, "confront-need": {"players"}, "counters": {"kind"},
    "remove-counters": {"kind"}, "token-copy": {"control", "face", "area"}, "requirement-change": {"color"}, "copy-effects": {"of"},
    "doesnt-prevent": {"confronting"}, "cant": {"action"}, "gain-keyword": {"keyword", "x"}, "turn-over": {"side"},
    "win": {"what"}, "exchange-control": {"with"}, "next-time": {"trigger", "do"}, "put-into-play-attached": {"on"},
    "play": {"free", "zone"}, "name": {"what"}, "also-card-type": {"type", "color"},
}
"""The further values of an instruction the engine reads, by verb."""

VALUE_WORDS = {
    ("search", "to"): ("hand",), ("search", "zone"): ("discard", "deck"), ("to-deck", "to"): ("top", "bottom", "top-or-bottom"),
    ("arrange", "to"): ("top", "bottom", "top-or-bottom"), ("arrange", "rest"): ("bottom",),
    ("attach", "to"): ("another-friend",), ("move", "area"): AREAS, ("move", "away"): (True,),
    ("put-into-play", "area"): ENTRY_AREAS, ("token", "area"): ENTRY_AREAS, ("put-into-play", "face"): ("face-up",),
    ("put-into-play", "control"): ("you",), ("put-into-play", "exhausted"): (True,),
    ("turn-over", "side"): ("start", "boosted"), ("win", "what"): ("game",),
    ("play", "free"): (True,), ("play", "zone"): ("hand", "discard"), ("name", "what"): ("card", "Friend"),
    ("also-card-type", "type"): ("Friend",),
    ("shuffle", "zone"): ("deck",), ("lose", "what"): ("tokens", "game"), ("reveal-until", "zone"): tuple(REVEAL_DECKS),
    ("send", "area"): (None, "home", "previous"), ("cant", "action"): ("be-moved", "ready-during-ready-phase", "leave-play"), ("draw", "position"): ("bottom",),
    ("shuffle-into", "zone"): ("discard", "hand"), ("power", "color"): tuple(str(color) for color in Color),
    ("color", "color"): tuple(str(color) for color in Color) + (THAT_COLOR,), ("color", "also"): (True,),
    ("delayed", "at"): ("end-of-turn", "end-of-phase", "end-of-faceoff", "start-of-next-turn",
                        "start-of-your-next-turn"),
    ("token-copy", "control"): ("you",), ("token-copy", "face"): ("face-up",),
    ("token-copy", "area"): ENTRY_AREAS + (EACH_OTHER_PROBLEM,),
    ("requirement-change", "color"): tuple(str(color) for color in Color), ("copy-effects", "of"): ("this", "that", "it"),
}
"""The words each value may take, where the engine knows only some."""


def _parts(effect: Effect):
    """Every instruction of an effect: its chain, what happens otherwise,
    the choices of "Choose one:" and an alternative to paying."""
    for part in effect.chain():
        yield part
        for other in (part.otherwise, part.value("unless-paid")):
            if isinstance(other, Effect):
                yield from _parts(other)
        for choice in _choices(part):
            yield from _parts(choice)
        later = part.value("do") if part.verb in ("delayed", "next-time") else None
        if isinstance(later, Effect):
            yield from _parts(later)


def executable(effect: Effect | None, gone: bool = False) -> str | None:
    """``None`` if the engine can carry out every part of ``effect``, else
    the first part it can't: the verb, a selector's word, a condition's
    kind, a value or a duration.  ``gone``: this card has left play before
    the effect is carried out (a cost retired it)."""
    if effect is None:
        return "no effect"
    if parts.names_a_color(effect):
        return None
    effect = counters_named_before(effect)
    done = set()
    chose = 0
    chose_color = False
    for part in _parts(effect):
        missing = _part_executable(part)
        if missing is not None:
            return missing
        if part.verb == "delayed":
            missing = _delayed_names(part, done)
            if missing is not None:
                return missing
        if part.verb == "color" and part.value("color") == THAT_COLOR and not chose_color:
            return "giving 'that' color, which no earlier instruction of the effect chose"
        chose_color = chose_color or is_choosing_a_color(part)
        if (part.verb in FUTURE_CARDS and part.target is not None and part.target.noun in ("it", "that")
                and not any(VERBS[verb].takes == CARD for verb in done if verb in VERBS)):
            return f"a change of the cost to play {part.target.noun!r}, which no earlier instruction names"
        if part.verb == "exchange-control" and chose < 2 and not exchanges_with(part):
            return "exchanging control of cards that two earlier instructions did not choose"
        chose += part.verb == "choose"
        if gone and _this_cards_power(part):
            return f"this card's power named after it left play ({part.part.text or part.verb!r})"
        if gone and _names_this_cards_problem(part):
            return f"this card's Problem, counters or cards beneath it named after it left play ({part.part.text or part.verb!r})"
        if part.verb in LEAVING and part.target is not None and part.target.noun == "self":
            gone = True
        for selector in (part.target, part.amount.per if part.amount is not None else None):
            for name in ("this-way", "remaining"):
                way = selector.filter(name) if isinstance(selector, Selector) else None
                if way is not None and targets.THIS_WAY.get(way) not in done:
                    return f"the cards {way} this way by no earlier instruction of the effect"
        done.add(part.verb)
    return None


LEAVING = ("retire", "dismiss", "banish", "discard", "to-hand", "to-deck", "shuffle-into")
"""The verbs that take a card in play out of it."""

HERE = ("here", "this-problem", "its-problem")


def _names_this_cards_problem(part: Effect) -> bool:
    """Whether an instruction names this card's Problem ("this card's
    Problem", "here"), which the engine finds by where this card is: once
    it has left play, it would find none."""
    for selector in (part.target, part.amount.per if part.amount is not None else None):
        if isinstance(selector, Selector) and (selector.where in HERE or _on_this_card(selector)):
            return True
    return part.value("area") in HERE


def _this_cards_power(part: Effect) -> bool:
    """Whether an instruction compares a card's power with this card's
    ("with power less than or equal to this card's power"), which the
    engine finds while this card is in play."""
    target = part.target
    compared = target.filter("power-vs") if isinstance(target, Selector) else None
    per = getattr(compared[1], "per", None) if isinstance(compared, tuple) and len(compared) == 2 else None
    of = per.filter("of") if isinstance(per, Selector) else None
    return isinstance(of, Selector) and of.noun == "self"


def _on_this_card(selector: Selector) -> bool:
    """Whether a selector names what is on or beneath this card (its
    counters, the cards beneath it), which the engine finds while this card
    is in play."""
    for name in ("on", "beneath"):
        host = selector.filter(name)
        if isinstance(host, Selector) and host.noun in ("self", "it") and (
                selector.noun == targets.COUNTER or name == "beneath"):
            return True
    return False


def takes_this_card_away(cost) -> bool:
    """Whether a cost takes this card out of play ("Retire this card to
    ...")."""
    return any(part.verb in LEAVING and part.target is not None and part.target.noun == "self"
               for part in cost or ())


def counters_named_before(effect: Effect | None, kind: str | None = None) -> Effect | None:
    """``effect`` with the counters "them" names given their name: "put a
    Hero counter on this card. Then, if there are at least 5 Hero counters
    on this card, remove them" removes the Hero counters (all of them)."""
    if effect is None:
        return None
    if effect.verb == "counters" and effect.value("kind") is not None:
        kind = effect.value("kind")
    then = counters_named_before(effect.then, kind)
    changed = {} if then is effect.then else {"then": then}
    if (effect.verb == "remove-counters" and kind is not None and effect.value("kind") is None
            and effect.target is not None and effect.target.noun in ("that", "it")
            and (effect.amount is None or effect.amount.value is None)):
        changed["values"] = effect.values + (("kind", kind),)
        changed["amount"] = Amount(None)
    return replace(effect, **changed) if changed else effect


def _all_named_counters(part: Effect) -> bool:
    """"Remove all Tip counters from this card": every counter of that name
    (a number not said, 519.3)."""
    from rulebase.engine.ccg.abilities.verbs import counter_kind

    return (part.verb == "remove-counters" and part.amount is not None and part.amount.value is None
            and part.amount.variable is None and part.amount.per is None
            and counter_kind(Act(0, effect=part)) is not None)


def _all_tokens(part: Effect) -> bool:
    """"Lose all of your action tokens", "all players lose their action
    tokens": every action token of the player carrying it out (502.1)."""
    from rulebase.engine.ccg.abilities.verbs import loses_all_tokens

    return part.verb == "lose" and loses_all_tokens(part)


def _delayed_names(part: Effect, done: set) -> str | None:
    """A delayed instruction on the cards an earlier one named ("At the end
    of the turn, banish them"): an earlier instruction of the effect must
    be carried out on cards, which it names, or put tokens into play,
    which it names too."""
    if part.value("at") == "start-of-next-turn" and "your next turn" in (part.part.text or "").casefold():
        return "a delayed instruction at the start of its player's own next turn (read as the next turn's)"
    later = part.value("do")
    target = getattr(later, "target", None)
    if target is None or target.noun not in ("it", "that") or targets.names_players(target):
        return None
    if any(VERBS[verb].takes == CARD for verb in done if verb in VERBS) or "token" in done:
        return None
    return f"a delayed instruction on {target.part.text or target.noun!r}, which no earlier instruction names"


def _count_about_the_target(part: Effect) -> str | None:
    """A count "for each of your other Friends at its Problem" given to a
    card the instruction chooses ("One of your Friends gets +1 power for
    each ..."): its "its" and "other" are that card, so the count is made
    for each card it can be given to (:class:`.targets.About`), not from
    the card the text is on; what it is, or ``None``."""
    per = part.amount.per if part.amount is not None else None
    if not isinstance(per, Selector) or part.target is None or part.target.noun in ("self", "it", "that"):
        return None
    of = per.filter("of") if per.noun == targets.POWER else None
    if isinstance(of, Selector) and of.noun == "that" and of.ref == part.target.noun:
        return f"a number of the power of the card {part.verb!r} is given to"
    if per.where == "its-problem" or per.filter("other"):
        return f"a count 'for each' whose 'its' or 'other' is the card {part.verb!r} is given to"
    return None


TOKEN_COPIED = ("Friend", "Troublemaker", "Resource")
"""The cards the engine puts token copies of into play (520.2): those of a
type that enters play, a Resource at its player's home."""


def _part_executable(part: Effect) -> str | None:
    verb = VERBS.get(part.verb)
    if verb is None or not verb.model:
        return f"the verb {part.verb!r}"
    if is_choosing_a_color(part):
        return None if not part.values and part.duration is None else f"choosing a color with {part.values!r}"
    if part.verb in FUTURE_CARDS:
        from rulebase.engine.ccg.abilities.verbs import _played_selector

        named = part.target is not None and part.target.noun in ("that", "it") and part.duration is not None
        if part.target is None or targets.names_players(part.target) or (
                part.target.noun in ("self", "that", "it") and not named):
            return f"the verb {part.verb!r} on {part.target.noun if part.target else 'no card'!r}"
        if part.amount is None or part.amount.value is None or part.amount.per is not None:
            return f"the verb {part.verb!r} by a number the engine can't tell"
        if not named:
            part = replace(part, target=_played_selector(part.target))
    for selector in (part.target, part.who):
        missing = targets.executable(selector)
        if missing is not None:
            return missing
    if part.target is not None and part.target.noun == targets.HAND and part.verb not in targets.HAND_VERBS:
        return f"the verb {part.verb!r} on a hand as a whole"
    if part.target is not None and part.target.noun == targets.ACTION_TOKEN and not _all_tokens(part):
        return f"the verb {part.verb!r} on action tokens"
    if part.who is not None and not targets.names_players(part.who):
        return f"an instruction carried out by {part.who.noun!r}"
    if verb.takes == PLAYER and part.target is not None and not targets.names_players(part.target) and not _all_tokens(
            part):
        return f"the verb {part.verb!r} on a {part.target.noun!r}"
    if verb.takes == CARD and part.verb != "choose" and part.target is None:
        return f"the verb {part.verb!r} with no card to do it to"
    if verb.takes == CARD and targets.names_players(part.target) and not is_choosing_a_player(part):
        return f"the verb {part.verb!r} on a player"
    if verb.takes == CARD and part.target is not None and part.target.noun == "home":
        return f"the verb {part.verb!r} on a home"
    if part.verb == "put-into-play" and part.target is not None and part.target.noun not in (
            "Friend", "Troublemaker", "it", "that", "self"):
        return f"putting a {part.target.noun!r} into play"
    if part.verb == "start-faceoff":
        involving = part.value("involving")
        if not isinstance(involving, tuple) or len(involving) < 2:
            return f"a faceoff involving {involving!r}"
        for selector in involving:
            missing = targets.executable(selector) if isinstance(selector, Selector) else f"involving {selector!r}"
            if missing is not None:
                return missing
            if selector.every and (selector.noun != "character" or selector.where not in ("problem", "there", "that-problem")
                                   or selector.count.value is not None):
                return f"a faceoff involving {selector.part.text or selector.noun!r} (every card of a kind, elsewhere " \
                       f"than at a Problem)"
            if not selector.every and selector.count.value != 1:
                return f"a faceoff involving {selector.part.text or selector.noun!r} (more than one card of a kind)"
        if any(one.every for one in involving) and not all(one.every for one in involving):
            return "a faceoff involving every card of one kind and one card of another"
    if part.verb == "add-power":
        of = part.value("of")
        if not isinstance(of, Selector) or targets.names_players(of):
            return f"adding the power of {of!r}"
        missing = targets.executable(of)
        if missing is not None:
            return missing
    if part.verb == "banish" and part.value("beneath") is not None:
        hosts = part.value("beneath")
        missing = targets.executable(hosts) if isinstance(hosts, Selector) else f"banishing to beneath {hosts!r}"
        if missing is not None:
            return missing
    if part.verb == "confront-need":
        from rulebase.engine.ccg.abilities.verbs import NEED_PLAYERS

        players = part.value("players")
        if players is not None and getattr(players, "noun", players) not in NEED_PLAYERS:
            return f"the players {getattr(players, 'noun', players)!r} of 'confront-need'"
        if part.amount is None or part.amount.value is None or part.amount.per is not None:
            return "a change of confront requirements by a number the engine can't tell"
        if part.value("color") is not None:
            return "a change of confront requirements of a color"
    if part.verb == "requirement-change":
        target = part.target
        if target is None or target.noun != "card" or target.controller != "you" or target.filters or target.where:
            return f"a change of the play requirements of {target.part.text if target else 'no cards'!r}"
        if part.amount is None or part.amount.value is None or part.amount.per is not None:
            return "a change of play requirements by a number the engine can't tell"
    if part.verb == "copy-effects" and part.value("of") == "this" and part.condition is None and not part.optional:
        return "an effect that copies itself whatever happens (it would never end)"
    if part.verb == "gain-keyword":
        from rulebase.engine.ccg.abilities.verbs import LASTING_KEYWORDS

        if part.value("keyword") not in LASTING_KEYWORDS:
            return f"giving the keyword {part.value('keyword')!r} for a while"
        if part.duration is None:
            return "giving a keyword with no duration"
        x = part.value("x")
        if x is not None and not isinstance(x, int):
            return f"giving a keyword with the X {x!r}"
    if part.verb == "play" and part.target is not None and (
            part.target.noun not in ("Friend", "Troublemaker", "Resource", "that", "it") or part.target.filter("on")):
        return f"playing {part.target.part.text or part.target.noun!r} by card text (the engine plays Friends, " \
               "Troublemakers and Resources that are not played on another card)"
    if part.verb == "put-into-play-attached":
        on = part.value("on")
        if not isinstance(on, Selector) or targets.names_players(on):
            return f"putting an attachment into play attached to {getattr(on, 'noun', on)!r}"
        missing = targets.executable(on)
        if missing is not None:
            return missing
    if part.verb == "next-time":
        from rulebase.engine.ccg.abilities import triggers
        from rulebase.engine.ccg.abilities.verbs import NEXT_TIME_DURATIONS

        if part.duration not in NEXT_TIME_DURATIONS:
            return f"the duration {part.duration!r} of 'next-time'"
        trigger, later = part.value("trigger"), part.value("do")
        if trigger is None or not isinstance(later, Effect):
            return "a \"next time\" with no trigger condition or no instruction"
        missing = triggers.executable(trigger)
        if missing is not None:
            return f"the next time of a trigger condition the engine does not announce: {missing}"
    if part.verb == "prevent" and (part.condition is None or part.condition.kind != "did"):
        return "an occurrence said not to happen other than the one a replacement replaced ('If you do')"
    if part.verb == "flip-change":
        from rulebase.engine.ccg.abilities.verbs import FLIP_DURATIONS

        if part.duration not in FLIP_DURATIONS:
            return f"the duration {part.duration!r} of 'flip-change'"
    if part.verb == "cant" and part.duration is None:
        return "a \"can't\" of card text with no duration"
    if part.verb == "exchange-control" and exchanges_with(part):
        missing = targets.executable(part.value("with"))
        if missing is not None:
            return missing
    elif part.verb == "exchange-control":
        target = part.target
        if target is None or target.noun != "that" or "those" not in (target.part.text or ""):
            return f"exchanging control of {target.part.text if target else 'no cards'!r}"
    if part.verb == "doesnt-prevent":
        confronting = part.value("confronting")
        if not isinstance(confronting, Selector) or confronting.noun != "Problem" or confronting.where not in (
                None, "its-problem") or confronting.filters or confronting.controller is not None:
            return f"a Troublemaker that does not prevent confronting {getattr(confronting, 'noun', confronting)!r}"
    if part.verb == "distribute-counters":
        target = part.target
        if target is None or targets.names_players(target) or target.every or target.count.value is None:
            return f"distributing counters among {target.part.text if target else 'no cards'!r}"
        if part.amount is None or part.amount.value is None or part.amount.per is not None:
            return "distributing a number of counters the engine can't tell"
    if part.verb == "token-copy" and part.target is not None and not (
            part.target.noun in TOKEN_COPIED or part.target.noun in ("it", "self")
            or (part.target.noun == "that" and part.target.ref in TOKEN_COPIED)):
        return f"a token copy of {part.target.part.text or part.target.noun!r} (the engine copies Friends, Troublemakers " \
               "and Resources)"
    if part.verb == "challenge":
        using = part.value("using")
        if using is not None:
            missing = targets.executable(using)
            if missing is not None:
                return missing
    if part.verb == "token":
        description = dict(part.value("token") or ())
        if description.get("type", "Friend") != "Friend" or "power" not in description:
            return f"the token {description!r}"
        try:
            from rulebase.engine.ccg.abilities.verbs import token_printed

            token_printed(part.value("token"))
        except Exception as error:
            return f"the token {description!r} ({error})"
    missing = conditions.executable(part.condition)
    if missing is not None:
        return missing
    amount = part.amount
    if amount is not None:
        if amount.value is None and not _all_named_counters(part) and not _all_tokens(part):
            return f"the amount {amount.variable or 'any number'!r}"
        if amount.per is not None:
            missing = targets.executable(amount.per)
            if missing is not None:
                return missing
    if part.duration is not None and not part.choices:
        if part.verb not in ("power", "double-power", "flip-change", "take-control", "cost-change", "add-power", "color",
                             "confront-need", "requirement-change", "doesnt-prevent", "exchange-control", "cant",
                             "gain-keyword", "next-time", "also-card-type"):
            return f"the duration {part.duration!r} of {part.verb!r}"
        from rulebase.engine.ccg.abilities.verbs import NEXT_READY_PHASE, READY_BAN

        ready_ban = part.verb == "cant" and part.value("action") == READY_BAN
        if ready_ban != (part.duration == NEXT_READY_PHASE):
            return f"the duration {part.duration!r} of {part.value('action') if part.verb == 'cant' else part.verb!r}"
        if part.duration not in DURATIONS and not ready_ban:
            return f"the duration {part.duration!r}"
    origin = part.value("from")
    if origin is not None:
        missing = targets.place_executable(origin)
        if missing is not None:
            return missing
    known = VALUES.get(part.verb, set())
    for key, value in part.values:
        if key not in known:
            return f"the value {key!r} of {part.verb!r}"
        words = VALUE_WORDS.get((part.verb, key))
        if part.verb == "move" and key == "area" and isinstance(value, tuple) and value[:1] == ("problem-with",):
            missing = targets.place_executable(value)  # "to a Problem with a Troublemaker"
            if missing is not None:
                return missing
            continue
        if part.verb == "attach" and key == "to" and isinstance(value, Selector):
            missing = _host_described(value)
            if missing is not None:
                return missing
            continue
        if words is not None and value not in words:
            return f"the {key} {value!r} of {part.verb!r}"
    if part.choices and part.amount is not None and not (
            isinstance(part.amount.value, int) and 1 <= part.amount.value <= len(part.choices)):
        return f"choosing {part.amount.value or 'any number'} of the options"
    if part.choices and part.verb not in VERBS:
        return f"the verb {part.verb!r}"
    return None
