"""Activated abilities (703): a player's action while they have priority
(703.1, 705.1), with a timing phrase that says when (512), a cost paid
before its instructions are followed (508, 703.1d, 705.2c-d); and the
Reactions among Events and abilities, which answer a condition met since
the most recent priority window closed (512.4b-d).

An activated ability is an action like playing a card: ``p0 activate #5``
(``p0 activate #5 2`` for the card's second ability with a timing phrase
... numbered among all its abilities).  :func:`options` lists those a
player may activate now, kept when the same checks that refuse an illegal
activation allow it (:func:`check`), so that the two never disagree; each
refusal names its rule.  Processing an activation follows 705.2:
announce, determine and pay the costs, follow the instructions (the effect
resolver, :mod:`.resolve`).

>>> from rulebase.engine.ccg.abilities.model import Ability, Effect, Amount
>>> executable(Ability("activated", timing="Main Phase", cost=(Effect("pay", amount=Amount(1)),)))
>>> executable(Ability("activated", timing="Whenever"))
"the timing phrase 'Whenever'"
"""

from __future__ import annotations

from rulebase.engine.ccg import status, zones
from rulebase.engine.ccg.abilities.continuous import acting_cards, side
from rulebase.engine.ccg.abilities.continuous import index as indexed
from rulebase.engine.ccg.abilities.model import Ability
from rulebase.engine.ccg.actions import Action
from rulebase.engine.ccg.board import Board, Card, Zone
from rulebase.engine.ccg.cards import CardType
from rulebase.engine.ccg.rules import Allowed, check, step
from rulebase.engine.errors import EngineError, IllegalAction, UnknownCard
from rulebase.engine.rulebook import first_deciding

TIMINGS = ("Main Phase", "Troublemaker Phase", "Score Phase", "Any Phase", "Faceoff", "Problem Faceoff",
           "Troublemaker Faceoff", "Immediate", "Reaction")
"""The timing phrases an activated ability can have (512); a Reaction may
name before it the phase or faceoff it answers in (512.4b: "Problem
Faceoff Reaction").  "Any Phase" is the "[x] Phase" of 512.3 naming every
phase of the turn."""


TAG_WORDS = ("Chaos", "Talented")
"""The tag words the reader reads before a colon besides "Harmony <Trait>"
(701.5: tag words have no game text)."""


def tag_of(timing: str | None) -> str | None:
    """The tag word leading a timing phrase ("Harmony Unicorn" of "Harmony
    Unicorn: Main Phase"), or the timing phrase itself when it is a tag word
    alone ("Harmony Earth Pony", a paragraph of an Event); ``None``.

    >>> tag_of("Harmony Unicorn: Main Phase"), tag_of("Harmony Changeling"), tag_of("Main Phase")
    ('Harmony Unicorn', 'Harmony Changeling', None)
    """
    if not timing:
        return None
    tag = timing.split(": ", 1)[0]
    return tag if tag in TAG_WORDS or (tag.startswith("Harmony ") and len(tag) > len("Harmony ")) else None


def untagged(timing: str | None) -> str | None:
    """A timing phrase without the tag word leading it ("Main Phase" of
    "Harmony Unicorn: Main Phase"); ``None`` for a tag word alone."""
    tag = tag_of(timing)
    if tag is None:
        return timing
    return timing[len(tag) + 2:] or None


def _when(timing: str | None) -> str | None:
    """The phase or faceoff named before "Reaction" ("Problem Faceoff"), or
    ``None``."""
    if timing and timing.endswith(" Reaction"):
        return timing[:-len(" Reaction")]
    return None


def is_reaction(timing: str | None) -> bool:
    return bool(timing) and timing.endswith("Reaction")


COSTS_ON_THIS_CARD = {
    "exhaust": lambda board, player, card: status.exhaust(board, card, player),
    "frighten": lambda board, player, card: status.frighten(board, card),
    "retire": lambda board, player, card: zones.retire(board, player, card),
    "dismiss": lambda board, player, card: zones.dismiss(board, card),
    "banish": lambda board, player, card: zones.banish(board, card),
}
"""The costs an ability's card pays itself ("Exhaust this card to ..."), each
done by the step of its own rule."""


COSTS_BY_THE_TABLE = ("to-hand", "to-deck")
"""The costs this card pays by the verb of the verb table ("put it into its
owner's hand", "put this card on top of its owner's deck"), checked and
applied by its rules."""

COSTS = ("pay", *COSTS_ON_THIS_CARD, *COSTS_BY_THE_TABLE)
"""The costs the engine pays: action tokens, or something done to the card
itself ("exhaust this card")."""


def _itself(ability):
    """``ability`` with "it" of a cost after a cost naming this card read as
    this card ("Exhaust this card and put it into its owner's hand"), made
    once for each ability."""
    costs = getattr(ability, "cost", ()) or ()
    tagged = tag_of(getattr(ability, "timing", None)) is not None and ability.kind == "activated"
    if not tagged and not any(cost.target is not None and cost.target.noun == "it" for cost in costs):
        return ability
    kept = _ITSELF.get(id(ability))
    if kept is not None and kept[0] is ability:
        return kept[1]
    from dataclasses import replace

    if tagged:
        made = replace(ability, timing=untagged(ability.timing))
        _TAGS[id(made)] = (made, tag_of(ability.timing))
        _ITSELF[id(ability)] = (ability, _itself(made))
        return _ITSELF[id(ability)][1]
    fixed, last = [], None
    for cost in costs:
        if cost.target is not None and cost.target.noun == "it" and last == "self":
            cost = replace(cost, target=replace(cost.target, noun="self"))
        if cost.target is not None:
            last = cost.target.noun if cost.verb != CHOSEN_FOR_COSTS else None
        fixed.append(cost)
    made = replace(ability, cost=tuple(fixed))
    _ITSELF[id(ability)] = (ability, made)
    return made


_ITSELF: dict[int, tuple] = {}
_TAGS: dict[int, tuple] = {}


def _tag_read(ability) -> str | None:
    """The tag word :func:`_itself` took from before the timing phrase of
    ``ability`` (of the ability it made), or ``None``."""
    kept = _TAGS.get(id(ability))
    return kept[1] if kept is not None and kept[0] is ability else None


def executable(ability) -> str | None:
    """``None`` if the engine knows when ``ability`` (an activated ability
    or an Event's text) may be used and can pay its cost, else what it lacks."""
    timing = getattr(ability, "timing", None)
    if tag_of(timing) is not None:  # a tag word has no game text (701.5)
        timing = untagged(timing)
        if timing is None and getattr(ability, "kind", None) != "event":
            return f"the tag word {tag_of(ability.timing)!r} with no timing phrase"
    if timing is not None and timing not in TIMINGS and _when(timing) not in TIMINGS:
        return f"the timing phrase {timing!r}"
    ability = _itself(ability)
    chose = False
    for cost in getattr(ability, "cost", ()) or ():
        reason = _cost_executable(cost)
        if reason is not None:
            return reason
        if cost.target is not None and cost.target.noun in ("that", "it") and not chose and not names_host(cost):
            return f"a cost to {cost.verb} {cost.target.part.text or 'that card'} no cost before chose"
        chose = chose or cost.verb == CHOSEN_FOR_COSTS
    if is_reaction(timing) and getattr(ability, "trigger", None) is None:
        return "a Reaction without its condition"
    return None


COSTS_ON_OTHER_CARDS = ("exhaust", "frighten", "retire", "dismiss", "banish", "discard", "remove-counters", "spend")
"""The costs paid by doing something to another card ("Retire a Friend",
"Discard a card", "Remove a +1 power counter from one of your cards"), or
to this card with a number ("Remove two +1 power counters from this
card"): each is the verb of the verb table
(:data:`rulebase.engine.ccg.abilities.verbs.VERBS`), checked and applied
by its rules."""

CHOSEN_FOR_COSTS = "choose"
"""A cost that names a card the later costs refer to ("Choose one of your
ready cards. Exhaust this card and that card")."""


def _cost_executable(cost) -> str | None:
    from rulebase.engine.ccg.abilities import targets

    if cost.verb == CHOSEN_FOR_COSTS:
        if cost.target is None or targets.names_players(cost.target) or cost.target.every:
            return "a cost to choose what is not a card"
        return targets.executable(cost.target)
    if cost.verb == "remove-counters" and (cost.amount is None or cost.amount.value is None or cost.amount.per):
        return "a cost of a number of counters the engine can't tell"
    if cost.verb not in COSTS and cost.verb not in COSTS_ON_OTHER_CARDS:
        return f"the cost {cost.verb!r}"
    if cost.verb == "pay" and (cost.amount is None or cost.amount.value is None or cost.amount.per is not None):
        return "a cost of a number of action tokens the engine can't tell"
    if _other(cost):
        if cost.verb not in COSTS_ON_OTHER_CARDS:
            return f"a cost to {cost.verb} another card"
        if cost.target.every or cost.target.count.value is None or cost.target.count.per or cost.target.count.up_to:
            return f"a cost to {cost.verb} a number of cards the engine can't tell"
        if targets.names_players(cost.target) or cost.target.noun == "home":
            return f"a cost to {cost.verb} a {cost.target.noun!r}"
        return targets.executable(cost.target)
    if cost.verb == "discard":
        return "a cost to discard with no card to discard"
    return None


def names_host(cost) -> bool:
    """Whether ``cost`` names "that Friend" with no cost before it
    choosing one: in an attachment's text, its host (509.4: "Exhaust that
    Friend to ..."); a card with no such host can't pay it (508.1d)."""
    from rulebase.engine.ccg.cards import HOSTS

    target = cost.target
    return target is not None and target.noun == "that" and target.ref in HOSTS and cost.verb in COSTS_ON_OTHER_CARDS


def names_other_cards(cost) -> bool:
    """Whether ``cost`` is paid with cards the player chooses as it is paid
    (705.2d), which may turn out to be none."""
    return _other(cost)


def _other(cost) -> bool:
    """Whether a cost is paid by doing something to another card ("Dismiss
    one of your Friends here"), or one the table pays with a number (the
    counters removed from this card)."""
    if cost.verb in ("pay", CHOSEN_FOR_COSTS):
        return False
    if cost.target is None:
        return False
    return cost.target.noun != "self" or cost.verb == "remove-counters"


def _how_many(cost) -> int:
    """How many cards a cost names ("Retire 3 Pegasus Friends")."""
    if cost.target is None or cost.target.noun in ("self", "that", "it"):
        return 1
    return cost.target.count.value or 1


def _cost_act(player: int, other: Card, cost):
    """The verb table's act paying ``cost`` with ``other``: by the card's
    owner for a discard (410.3), with the number of counters removed."""
    from rulebase.engine.ccg.abilities.verbs import VERBS, Act

    verb = VERBS[cost.verb]
    amount = cost.amount.value if cost.verb == "remove-counters" and cost.amount is not None else None
    return verb, Act(other.owner if verb.by_owner else player, other, amount=amount, effect=cost)


def pay_with(board: Board, player: int, other: Card, cost) -> None:
    """Pay ``cost`` with ``other``, by the verb table's act (705.2d)."""
    verb, act = _cost_act(player, other, cost)
    verb.apply(board, act)


def _cost_selector(cost):
    """The cards a cost names, in the zone its verb takes them from (a
    card discarded is in a hand)."""
    from dataclasses import replace

    from rulebase.engine.ccg.abilities import model, targets

    selector = cost.target if cost.target is not None else model.Selector("card")
    if cost.verb == "discard" and selector.zone is None and selector.noun in targets.TYPES:
        selector = replace(selector, zone="hand", controller=selector.controller or "you")
    return selector


@check("508.1c", "if an action can't be taken, costs requiring that action can't be paid")
def action_can_be_taken(board: Board, verb, act):
    """A card can pay a cost only if what the cost does to it can be done
    (the verb table's check of that verb)."""
    try:
        verb.check(board, act)
    except IllegalAction as refusal:
        return f"{act.target} can't pay the cost ({verb.name}): {refusal.rule}: {refusal.reason}"


@check("508.1c", "if an action can't be taken, costs requiring that action can't be paid")
def actions_can_be_taken(board: Board, player: int, card: Card, cost, named: list, payable: list):
    """The cost names enough cards, but the action it requires can't be
    taken on enough of them."""
    wanted = _how_many(cost)
    if len(named) >= wanted > len(payable):
        return (f"what the cost of {card}'s ability requires ({cost.part.text or cost.verb}) can't be done to "
                f"{' or '.join(str(other) for other in named if other not in payable) or 'those cards'}")


@check("508.1c", "if an action can't be taken, costs requiring that action can't be paid")
def not_paid_twice(board: Board, card: Card, other: Card, verb: str):
    """This card pays a cost itself: it can't pay the same cost as "that card" too."""
    if other is card:
        return f"{card} pays the cost '{verb} this card' itself: it can't be {verb}ed again as 'that card'"


def payable_with(board: Board, player: int, card: Card, cost, named: dict | None = None,
                 taken: bool = True, record: bool = False) -> list:
    """The cards ``player`` may pay a cost naming another card with: those
    its selector finds (read from the perspective of the player activating
    the ability, 513.4) on which the verb table's check allows the verb
    (104.2a: an occurrence that can't happen can't be a cost paid) and
    whose occurrence would not be replaced (508.1a).  ``named``: the cards
    a cost chose before ("that card")."""
    from rulebase.engine.ccg.abilities import resolve, targets

    context = resolve.Context(board=board, card=card, controller=player)
    if named:
        context.named.update(named)
    found = []
    for other in targets.candidates(board, context, _cost_selector(cost)):
        if not isinstance(other, Card):
            continue
        verb, act = _cost_act(player, other, cost)
        try:
            with board.trace.quiet():
                if taken:
                    action_can_be_taken(board, verb, act)
                if not record:
                    not_replaced(board, player, other, cost.verb)
        except IllegalAction:
            continue
        if record and not not_replaced.allows(board, player, other, cost.verb):
            continue
        found.append(other)
    return found


def _chosen_payable(board: Board, player: int, card: Card, ability: Ability, index: int) -> list:
    """The cards a "Choose ..." cost may choose: those with which every
    later cost naming "that card" can be paid, and not this card when it
    pays the same cost itself (a card is exhausted once)."""
    from rulebase.engine.ccg.abilities import resolve, targets

    cost = ability.cost[index]
    context = resolve.Context(board=board, card=card, controller=player)
    later = [other for other in ability.cost[index + 1:] if other.target is not None
             and other.target.noun in ("that", "it")]
    mine = {other.verb for other in ability.cost if other.target is not None and other.target.noun == "self"}
    found = []
    for other in targets.candidates(board, context, cost.target):
        if not isinstance(other, Card) or (other is card and any(
                not not_paid_twice.allows(board, card, other, c.verb) for c in later if c.verb in mine)):
            continue
        named = {"it": [other], "them": [other], cost.target.noun: [other]}
        if cost.target.ref:
            named[cost.target.ref] = [other]
        named["card"] = [other]
        if all(other in payable_with(board, player, card, c, named) for c in later):
            found.append(other)
    return found


@check("508.1d", "a cost to do something to another card can be paid only with the cards the cost names")
def has_a_card_to_pay_with(board: Board, player: int, card: Card, cost, found: list | None = None):
    if found is None:
        found = payable_with(board, player, card, cost)
    wanted = _how_many(cost)
    if len(found) < wanted:
        what = f"{wanted} cards" if wanted != 1 else "a card"
        return f"{board.name(player)} has not {what} to pay {card}'s cost with ({cost.part.text or cost.verb})"


# -- finding them ----------------------------------------------------------------------------


def find(card: Card, number: int | None):
    """The activated ability ``number`` of ``card`` (its only one when
    ``None``), or ``None``."""
    found = side(card)
    if found is None:
        return None
    for index, ability in found.activated:
        if number is None or number == index:
            return index, _itself(ability)
    return None


# -- checks ----------------------------------------------------------------------------------


@check("703.1a", "timing phrases on Event cards do not indicate activated abilities")
def not_an_event(board: Board, card: Card | None):
    if card is not None and card.type == CardType.EVENT:
        return f"{card} is an Event: its timing phrase says when it may be played, not an ability to activate"


@check("701.3", "abilities function only in play unless they specify otherwise")
def functions_in_play(board: Board, card: Card | None):
    if card is not None and card.zone != Zone.PLAY:
        return f"{card} is in {board.name(card.owner)}'s {card.zone or 'nowhere'}, not in play: its abilities function only in play"


ZONES_ACTIVATED_FROM = {"hand": Zone.HAND}
"""The zones other than play an ability says it is activated from, by the
cost that takes its card from there ("Banish this card from your hand to
...")."""


def from_zone(ability) -> str | None:
    """The zone other than play ``ability`` is activated from: the zone its
    cost takes this card from ("Banish this card from your hand"), or
    ``None`` for an ability of a card in play (701.3)."""
    for cost in getattr(ability, "cost", ()) or ():
        target = cost.target
        if target is not None and target.noun == "self" and target.zone not in (None, "play"):
            return target.zone
    return None


def _away_from_play(card: Card | None, number: int | None):
    """``(number, ability)`` of the ability ``card``, out of play, says is
    activated from the zone it is in, or ``None``."""
    if card is None or card.zone == Zone.PLAY or not _activates_away(card.printed):
        return None
    found = find(card, number)
    if found is None or ZONES_ACTIVATED_FROM.get(from_zone(found[1])) != card.zone:
        return None
    return found


@check("104.1", "card text saying an ability is activated from a zone other than play takes precedence over 701.3")
def activated_away_from_play(board: Board, player: int, card: Card, ability: Ability):
    zone = from_zone(ability)
    if zone is not None and card.zone == ZONES_ACTIVATED_FROM.get(zone) and card.owner == player:
        return Allowed(f"{card}'s ability is activated from {board.name(player)}'s {zone} "
                       f"({ability.text or 'its text'}): card text takes precedence over 701.3")


@check("508.1c", "if an action can't be taken, costs requiring that action can't be paid")
def in_the_zone_its_cost_names(board: Board, player: int, card: Card, ability: Ability):
    """An ability whose cost takes its card from a zone other than play
    ("Banish this card from your hand") can't be paid with the card
    anywhere else."""
    zone = from_zone(ability)
    if zone is not None and (card.zone != ZONES_ACTIVATED_FROM.get(zone) or card.owner != player):
        where = "in play" if card.zone == Zone.PLAY else f"in {board.name(card.owner)}'s {card.zone or 'nowhere'}"
        return f"{card}'s ability takes it from {board.name(player)}'s {zone} as its cost, and it is {where}"


@check("703.1", "an activated ability is activated by a player as an action while that player has priority")
def has_the_ability(board: Board, card: Card | None, number: int | None):
    if card is None or card.zone != Zone.PLAY:
        return f"{card or 'that card'} is not in play: abilities function only in play (701.3)"
    if find(card, number) is None:
        which = f" numbered {number}" if number is not None else ""
        return f"{card} has no activated ability{which}"


@check("703.1b", "only the controller of a card may activate its activated abilities")
def controller_activates(board: Board, player: int, card: Card, ability: Ability):
    if card.controller == player:
        return None
    if ability.anyone:
        return Allowed(f"{card}'s text says any player may activate the ability: card text takes precedence (104.1)")
    return f"{board.name(player)} does not control {card}: only its controller may activate its abilities"


@check("512.5", "an Immediate ability can be activated any time its player has priority")
def immediate(board: Board, ability: Ability):
    if ability.timing == "Immediate":
        return Allowed("the ability has the timing phrase Immediate: it can be activated any time its player has priority")


@check("512.3a", "an ability with a phase timing phrase can't be activated during a faceoff")
def phase_in_faceoff(board: Board, ability: Ability, window):
    if ability.timing.endswith("Phase") and window.faceoff is not None:
        return f"the ability has the timing phrase {ability.timing} and can't be activated during a faceoff"


@check("512.3", "an ability with a phase timing phrase is activated only by the turn player, during that phase")
def phase(board: Board, player: int, ability: Ability, window):
    timing = ability.timing
    if timing.endswith("Phase") and window.faceoff is None:
        name = timing[:-len(" Phase")].lower()
        if name == "any":
            if player != board.turn.player:
                return "the ability can be activated only by the turn player, during any Phase of their turn"
            return Allowed(f"the ability has the timing phrase Any Phase, and it is {board.name(player)}'s turn")
        if player != board.turn.player or board.turn.phase != name or (name == "main" and not window.main):
            return f"the ability can be activated only by the turn player, during their {timing}"
        if name != "main":  # in the Main Phase, activating it is a Main Phase action (609.2f)
            return Allowed(f"the ability has the timing phrase {timing}, and it is {board.name(player)}'s {timing}")


@check("609.2f", "the turn player may activate an ability with the Main Phase timing phrase by paying its cost")
def main_phase_action(board: Board, player: int, ability: Ability, window):
    if (ability.timing == "Main Phase" and window.faceoff is None and window.main and board.turn.phase == "main"
            and player == board.turn.player):
        return Allowed(f"it is {board.name(player)}'s Main Phase: activating an ability with the Main Phase timing "
                       "phrase is a Main Phase action")


@check("512.4a", "an ability whose timing phrase names a kind of faceoff is activated only during that kind")
def faceoff_kind(board: Board, ability: Ability, window):
    if window.faceoff is not None and ability.timing in ("Troublemaker Faceoff", "Problem Faceoff"):
        wanted = "troublemaker" if ability.timing == "Troublemaker Faceoff" else "problem"
        if window.faceoff.kind_group != wanted:
            return f"the ability can be activated only during a {ability.timing}"


@check("512.4", "an ability with a faceoff timing phrase can be activated only during a faceoff")
def faceoff(board: Board, ability: Ability, window):
    if ability.timing.endswith("Faceoff"):
        if window.faceoff is None:
            return f"the ability has the timing phrase {ability.timing} and can't be activated outside a faceoff"
        return Allowed(f"the ability has the timing phrase {ability.timing}, and a faceoff is under way")


@check("512.4b", "a Reaction can be played or activated only when the condition in its text occurs")
def reaction(board: Board, card: Card, ability: Ability, number: int):
    if not is_reaction(ability.timing):
        return None
    met = reaction_met(board, card, ability, number)
    if met is None:
        during = _when(ability.timing)
        if during is not None:
            return (f"{card}'s Reaction condition has not been met during a {during} since the most recent priority "
                    "window closed (512.4d)")
        return f"{card}'s Reaction condition has not been met since the most recent priority window closed (512.4d)"
    return Allowed(f"{card}'s Reaction condition was met ({met.event}): it may answer it once (512.4c)")


@check("104.1", "card text saying when its ability may be activated ('During a faceoff', 'While this card is at a "
                "Problem') takes precedence over the rules of its timing phrase: it is activated only then")
def while_it_says(board: Board, player: int, card: Card, ability: Ability):
    condition = ability.condition
    if condition is None:
        return None
    from rulebase.engine.ccg.abilities import conditions, resolve

    said = condition.part.text or condition.kind
    if not conditions.holds(board, resolve.Context(board=board, card=card, controller=player), condition):
        return f"{card}'s ability is activated only as its text says ({said}), and that is not so now"
    return Allowed(f"{card}'s ability is activated only as its text says ({said}), and that is so now")


@check("104.1", "card text that limits how often an ability is used takes precedence over 703.1c")
def within_limit(board: Board, card: Card, number: int, ability: Ability):
    if ability.limit and _limit_key(board, card, number, ability.limit) in board.used:
        return f"{card}'s ability can be activated only {ability.limit.replace('-', ' ')}"


@check("703.1c", "abilities may be activated as often as a player can pay their costs")
def as_often_as_paid(board: Board, player: int, card: Card, number: int, ability: Ability):
    """An ability already activated may be activated again, as often as its
    player can pay its costs (703.1c): this rule refuses a repeated
    activation whose costs can't be paid again, and allows one whose costs
    can.  A first activation is not its concern."""
    if _activated_key(card, number) not in board.used:
        return None
    try:
        with board.trace.quiet():
            check_costs(board, player, card, ability)
    except IllegalAction as refusal:
        return (f"{card}'s ability has been activated; it may be activated again only as long as its costs can be "
                f"paid, and they can't ({refusal.rule}: {refusal.reason})")
    return Allowed(f"{card}'s ability has been activated before, and {board.name(player)} can pay its costs again")


def _activated_key(card: Card, number: int):
    return ("activated-before", card.id, card.incarnation, number)


def _limit_key(board: Board, card: Card, number: int, limit: str):
    from rulebase.engine.ccg.abilities.triggers import _span

    return ("activated", card.id, card.incarnation, number, _span(board, limit))


def reaction_met(board: Board, card: Card, ability: Ability, number: int):
    """The event since the most recent priority window closed (512.4d) that
    meets a Reaction's condition and that it has not yet answered (512.4c),
    or ``None``."""
    from rulebase.engine.ccg.abilities.triggers import events_of, matches

    trigger = ability.trigger
    if trigger is None or not _during(board, _when(ability.timing)):
        return None
    for position, happened in enumerate(board.events):
        if happened.event not in events_of(trigger) or ("reaction", card.id, number, id(happened)) in board.used:
            continue
        if matches(board, card, trigger, happened):
            return happened
    return None


@check("512.1", "timing phrases specify when an activated ability can be activated")
def timing_allows(board: Board, card: Card, ability: Ability, timing: str | None = None):
    return f"no timing rule lets {card}'s ability ({timing or ability.timing}) be activated now"


@step("701.5", "{tag} is a tag word: it has no game text, so the timing phrase of {card}'s ability ({text}) is {timing}")
def tag_word(board: Board, card: Card, tag: str, ability: Ability):
    """A tag word before a timing phrase ("Harmony Unicorn: Main Phase: ...")
    has no game text (701.5).  Without this rule, "Harmony Unicorn: Main
    Phase" is no timing phrase the rules know (512.1)."""
    return {"tag": tag, "card": card.label, "text": ability.text or "its text", "timing": ability.timing}


def _during(board: Board, when: str | None) -> bool:
    """Whether it is the phase or faceoff a Reaction names (512.4b)."""
    if when is None:
        return True
    if when.endswith("Faceoff"):
        current = board.faceoff
        if current is None:
            return False
        return when == "Faceoff" or current.kind_group == when[:-len(" Faceoff")].lower()
    if when.endswith("Phase"):
        return board.faceoff is None and board.turn.phase == when[:-len(" Phase")].lower()
    return True


@check("512.1", "timing phrases specify when an activated ability can be activated")
def timing_phrase_applies(board: Board, card: Card, ability: Ability):
    if ability.timing:
        return Allowed(f"the timing phrase {ability.timing} of {card}'s ability specifies when it can be activated")


def check_timing(board: Board, player: int, card: Card, number: int, ability: Ability, window) -> None:
    """When an ability may be activated (512): the first rule of its timing
    phrase that decides; none deciding, 512.1 refuses.  Without 512.1 the
    timing phrase says nothing, and an activated ability is activated
    whenever its player has priority (703.1)."""
    if timing_phrase_applies.verdict(board, card, ability) is None:
        return
    tag = _tag_read(ability)
    if tag is not None and tag_word(board, card, tag, ability) is None:
        timing_allows(board, card, ability, f"{tag}: {ability.timing}")
    timing_phrase_applies(board, card, ability)
    if is_reaction(ability.timing):
        reaction(board, card, ability, number)
        return
    if not first_deciding(board, ((immediate, (ability,)), (phase_in_faceoff, (ability, window)),
                                  (phase, (player, ability, window)), (main_phase_action, (player, ability, window)),
                                  (faceoff_kind, (ability, window)),
                                  (faceoff, (ability, window)))):
        timing_allows(board, card, ability)


@check("508.1d", "a player can't pay a cost unless they have the means to pay all of it")
def can_pay(board: Board, player: int, card: Card, ability: Ability):
    with board.trace.quiet():
        tokens = tokens_owed(board, player, card, ability)
    if board.players[player].tokens < tokens:
        return (f"{board.name(player)} can't pay {tokens} action token{'s' * (tokens != 1)} to activate {card}'s "
                f"ability (has {board.players[player].tokens})")


CHANGED_COSTS = {"turn-over": "turn-over"}
"""The instructions of an activated ability whose cost in action tokens card
text changes, with the action the change names ("You pay 1 less action
token to turn this card over for each Critter Friend you control")."""


def changed_cost_missing(modifier) -> str | None:
    """``None`` if the engine applies a change of the action tokens paid to
    activate this card's ability to do what the change names ("turn this
    card over"), by a number printed or counted, for its controller."""
    subject = modifier.subject
    if subject is not None and subject.noun != "self":
        return f"a change of the cost to {modifier.value('action')} another card"
    who = getattr(modifier.value("player"), "noun", modifier.value("player"))
    if who not in (None, "you", "your"):
        return f"a change of the cost {who!r} pays to {modifier.value('action')}"
    amount = modifier.amount
    if amount is None or not isinstance(amount.value, int) or not amount.value:
        return f"a change of the cost to {modifier.value('action')} by a number not printed"
    if amount.per is not None:
        from rulebase.engine.ccg.abilities import targets

        return targets.executable(amount.per)
    return None


def _cost_changes(board: Board, player: int, card: Card, ability: Ability) -> list:
    """The modifiers of ``card``'s own text changing what ``player`` pays to
    activate ``ability``: those naming what its instructions do to the
    card itself ("to turn this card over"), whose condition holds."""
    effect = getattr(ability, "effect", None)
    action = CHANGED_COSTS.get(getattr(effect, "verb", None))
    if action is None or getattr(effect.target, "noun", None) != "self":
        return []
    from rulebase.engine.ccg.abilities import continuous

    return [acts for _ability, acts in continuous.own(card, "cost")
            if acts.modifier.value("action") == action and continuous._holds(board, card, acts)]


@step("702.1", "{card}'s ability: {player} pays {amount:+d} to {action} ({text}); the cost is {cost}")
def text_activation_cost(board: Board, cost: list, player: int, card: Card, ability):
    from rulebase.engine.ccg.abilities import continuous

    amount = continuous._amount(board, card, ability.modifier, card)
    changed = max(0, cost[0] + (amount or 0))
    if changed == cost[0]:
        return None
    cost[0] = changed
    return {"card": card.label, "player": board.name(player), "amount": amount,
            "action": ability.modifier.part.text or ability.modifier.value("action"), "text": ability.text or "its text",
            "cost": changed}


def tokens_owed(board: Board, player: int, card: Card, ability: Ability) -> int:
    """The action tokens ``player`` pays to activate ``ability``: its costs'
    (508.1), changed by card text (702.1), never below none."""
    cost = [sum(cost.amount.value for cost in ability.cost if cost.verb == "pay")]
    for acts in _cost_changes(board, player, card, ability):
        text_activation_cost(board, cost, player, card, acts)
    return cost[0]


CAN_HAPPEN = {"exhaust": status.check_exhaust, "frighten": status.check_frighten,
              "dismiss": zones.check_dismiss, "banish": zones.check_banish}


OCCURRENCES = {"retire": "retired", "dismiss": "dismissed", "banish": "banished", "frighten": "frightened"}
"""The occurrence a cost paid by doing something to the card is, for the replacement modifiers (508.1a)."""


@check("508.1a", "any part of a cost that would be replaced can't be paid")
def not_replaced(board: Board, player: int, card: Card, verb: str):
    from rulebase.engine.ccg.abilities.continuous import replacements

    occurrence = OCCURRENCES.get(verb)
    found = replacements(board, occurrence, card, player) if occurrence else []
    if found:
        return f"{found[0][0]}'s replacement modifier would replace {card} being {occurrence}: that cost can't be paid"


def check_costs(board: Board, player: int, card: Card, ability: Ability) -> None:
    """Whether the costs can be paid (508.1d; 104.2a: a cost whose
    occurrence can't happen can't be paid, refused by that occurrence's rule;
    508.1a: nor one that would be replaced)."""
    can_pay(board, player, card, ability)
    chose = False
    for index, cost in enumerate(ability.cost):
        chose = chose or cost.verb == CHOSEN_FOR_COSTS
        if cost.verb == CHOSEN_FOR_COSTS:
            from rulebase.engine.ccg.abilities import resolve, targets

            named = [other for other in targets.candidates(board, resolve.Context(board=board, card=card,
                                                                                  controller=player), cost.target)
                     if isinstance(other, Card)]
            payable = _chosen_payable(board, player, card, ability, index)
            actions_can_be_taken(board, player, card, cost, named, payable)
            has_a_card_to_pay_with(board, player, card, cost, payable)
            continue
        if cost.target is not None and cost.target.noun in ("that", "it") and (chose or not names_host(cost)):
            continue
        if _other(cost):
            payable = payable_with(board, player, card, cost)
            actions_can_be_taken(board, player, card, cost, payable_with(board, player, card, cost, taken=False),
                                 payable)
            has_a_card_to_pay_with(board, player, card, cost, payable)
            continue
        if cost.verb == "retire":
            zones.check_retire(board, player, card)
        elif cost.verb in COSTS_BY_THE_TABLE:
            action_can_be_taken(board, *_cost_act(player, card, cost))
        elif cost.verb == "exhaust":
            status.check_exhaust(board, card, player)
        elif cost.verb in CAN_HAPPEN:
            CAN_HAPPEN[cost.verb](board, card)
        if cost.verb in OCCURRENCES:
            not_replaced(board, player, card, cost.verb)


def check(board: Board, action: Action, window) -> tuple[Card, int, Ability]:
    """Everything that must hold to activate the ability ``action`` names
    (703.1, 703.1b, 512, 104.1, 508.1d); returns the card, the ability's
    number and the ability."""
    card = board.cards[action.card] if action.card is not None and 0 <= action.card < len(board.cards) else None
    not_an_event(board, card)
    away = _away_from_play(card, action.amount)
    if away is None or activated_away_from_play.verdict(board, action.player, card, away[1]) is None:
        functions_in_play(board, card)
        has_the_ability(board, card, action.amount)
    else:
        activated_away_from_play(board, action.player, card, away[1])
    if card is None:
        raise UnknownCard(action.card)
    found = find(card, action.amount)
    if found is None:
        raise EngineError(f"{card} has no activated ability {action.amount or ''}, and rule 703.1, which would have "
                          f"refused activating it, is switched off")
    number, ability = found
    in_the_zone_its_cost_names(board, action.player, card, ability)
    controller_activates(board, action.player, card, ability)
    check_timing(board, action.player, card, number, ability, window)
    while_it_says(board, action.player, card, ability)
    within_limit(board, card, number, ability)
    repeated = as_often_as_paid.verdict(board, action.player, card, number, ability)
    as_often_as_paid.judge(board, repeated)
    if not isinstance(repeated, Allowed) or board.trace.enabled:
        # Costs 703.1c has just found payable are not asked again while
        # nothing is recorded (as the legal actions are listed): the same
        # board gives the same answer.  Recording, each cost rule is asked,
        # so that the trace says which decided.
        check_costs(board, action.player, card, ability)
    return card, number, ability


def options(board: Board, player: int, window) -> list[Action]:
    """The activations ``player`` may take in this window."""
    with board.trace.quiet():
        return [action for action, allowed in candidates(board, player, window) if allowed()]


def candidates(board: Board, player: int, window):
    """The activations ``player`` could take, in the order :func:`options`
    lists them, each with the test saying whether :func:`check` allows it
    (asked quietly by the caller)."""
    for card in _activating(board) + [card for card in board.players[player].hand if _activates_away(card.printed)]:
        listed = side(card)
        if listed is None or not listed.activated:
            continue
        for number, ability in listed.activated:
            if card.controller != player and not ability.anyone:
                continue
            action = Action("activate", player, card.id, amount=number)
            yield action, lambda action=action: _allows(board, action, window)


def _allows(board: Board, action: Action, window) -> bool:
    try:
        check(board, action, window)
    except IllegalAction:
        return False
    return True


def _activating(board: Board) -> list:
    """The cards in play with an activated ability on either side, in the
    order they entered play; kept while the cards in play are the same, in
    the same order (while a card in play gives others abilities, found
    each time, with those gained now)."""
    from rulebase.engine.ccg.abilities.continuous import gaining

    if gaining(board):
        return [card for card in acting_cards(board) if getattr(side(card), "activated", None)]
    kept = board.activating
    if kept is None or kept[0] != board.play:
        kept = board.activating = (list(board.play), [card for card in acting_cards(board) if _activates(card.printed)])
    return kept[1]


_AWAY: dict[int, tuple] = {}


def _activates_away(printed) -> bool:
    """Whether a side of a card has an ability activated from a zone other
    than play (its printed text: worked out once)."""
    kept = _AWAY.get(id(printed))
    if kept is None or kept[0] is not printed:
        away = any(from_zone(ability) is not None for _n, ability in indexed(printed).activated)
        kept = _AWAY[id(printed)] = (printed, away)
    return kept[1]


def _activates(printed) -> bool:
    return bool(indexed(printed).activated) or printed.boosted is not None and bool(indexed(printed.boosted).activated)


# -- activating ------------------------------------------------------------------------------


@step("705.2d", "{player} pays the cost of {card}'s ability: {cost}")
def pay_cost(board: Board, player: int, card: Card, ability: Ability, chosen: dict | None = None,
             determined: list | None = None):
    from rulebase.engine.ccg import play

    paid = []
    owed = tokens_owed(board, player, card, ability) if _cost_changes(board, player, card, ability) else None
    for index, cost in enumerate(ability.cost):
        if determined is not None and index not in determined:
            continue
        if cost.verb == "pay" and owed is not None:  # all the tokens, as card text changed them, paid at once
            if owed:
                play.pay(board, player, owed, f"activate {card}'s ability")
                paid.append(f"{owed} action token{'s' * (owed != 1)}")
            owed = 0
            continue
        if cost.verb == CHOSEN_FOR_COSTS:
            for other in (chosen or {}).get(index, ()):
                paid.append(f"choose {other}")
            continue
        if _other(cost):
            others = (chosen or {}).get(index) or ()
            if others and not_all_of_it(board, player, card, cost, others):
                text = cost.part.text or cost.verb
                if cant_complete(board, player, f"pay all of {card}'s cost ({text}) with {len(others)} "
                                                f"card{'s' * (len(others) != 1)}"):
                    raise Incomplete(f"{board.name(player)} can't pay all of {card}'s cost ({text})")
            if not others:
                text = cost.part.text or cost.verb
                if cant_complete(board, player, f"pay {card}'s cost ({text}): there is no card to pay it with"):
                    raise Incomplete(f"{board.name(player)} can't pay {card}'s cost ({text})")
                board.trace.note("508.1d", "{player} has no card to pay {card}'s cost with ({text}): that part is "
                                           "not paid", player=board.name(player), card=card.label, text=text)
                continue
            for other in others:
                verb, act = _cost_act(player, other, cost)
                verb.apply(board, act)
                paid.append(f"{cost.verb} {other}")
        elif cost.verb == "pay":
            play.pay(board, player, cost.amount.value, f"activate {card}'s ability")
            paid.append(f"{cost.amount.value} action token{'s' * (cost.amount.value != 1)}")
        elif cost.verb in COSTS_ON_THIS_CARD:
            COSTS_ON_THIS_CARD[cost.verb](board, player, card)
            paid.append(f"{cost.verb} {card}")
        elif cost.verb in COSTS_BY_THE_TABLE:
            pay_with(board, player, card, cost)
            paid.append(f"{cost.verb} {card}")
    if paid:
        return {"player": board.name(player), "card": card.label, "cost": ", ".join(paid)}


@step("508.1d", "{player} has {had} to pay {card}'s cost ({text}), which names {wanted}: a cost is paid all or not "
                "at all")
def not_all_of_it(board: Board, player: int, card: Card, cost, others) -> dict | None:
    """A cost naming more cards than the player has to pay it with can't
    be paid (508.1d): paying it is a step of the action that can't be
    completed (705.2).  Without this rule, the cards there are are paid
    and the action goes on."""
    wanted = _how_many(cost)
    if len(others) >= wanted:
        return None
    return {"player": board.name(player), "card": card.label, "text": cost.part.text or cost.verb,
            "had": f"{len(others)} card{'s' * (len(others) != 1)}", "wanted": f"{wanted} cards"}


class Incomplete(EngineError):
    """Raised when a player can't complete a step of taking an action
    (705.2): the game state is rewound to the point immediately before the
    action was taken (:func:`rulebase.engine.ccg.priority.take_action`)."""


@step("705.2", "{player} can't {what}: the action can't be completed, and the game state is rewound to the point "
               "immediately before it was taken")
def cant_complete(board: Board, player: int, what: str):
    """A player who can't complete a step of processing an action rewinds
    the game to the point immediately before it was taken (705.2); the
    caller raises :class:`Incomplete`.  Without this rule, the step is
    left undone and the action goes on."""
    return {"player": board.name(player), "what": what}


@step("512.4c", "{card}'s Reaction answers {event}: it can't answer that instance again")
def answers(board: Board, card: Card, number: int, happened):
    board.used.add(("reaction", card.id, number, id(happened)))
    return {"card": card.label, "event": happened.event}


@step("703.1d", "the cost of {card}'s ability is the text before the word 'to': {costs}")
def cost_defined(board: Board, card: Card, ability: Ability, defined: list):
    """The cost of an activated ability is its text before "to" (703.1d):
    the costs the reading keeps apart from the instructions.  An ability
    without "to" has no cost, and nothing is recorded; without this rule,
    no text defines a cost, and the ability has none."""
    if not ability.cost:
        return None
    defined.extend(range(len(ability.cost)))
    return {"card": card.label, "costs": ", ".join(cost.part.text or cost.verb for cost in ability.cost)}


@step("705.2c", "the costs of {card}'s ability are determined: {costs}")
def costs_determined(board: Board, card: Card, ability: Ability, determined: list):
    """The costs of an activation are determined (705.2c): those its text
    defines (703.1d), each then paid (705.2d); without that rule, no cost
    is determined and none is paid."""
    defined: list = []
    cost_defined(board, card, ability, defined)
    determined.extend(defined)
    costs = [ability.cost[index] for index in defined]
    return {"card": card.label, "costs": ", ".join(cost.part.text or cost.verb for cost in costs) or "none"}


def activate(s, action: Action):
    """Activate an ability (705.2): announce it, determine and pay its
    costs, follow its instructions."""
    board = s.board
    card = board.cards[action.card]
    number, ability = find(card, action.amount)
    player = action.player
    board.trace.note("705.2a", "{player} activates {card}'s ability: {text}", player=board.name(player),
                     card=card.label, text=ability.text or "its text")
    if ability.limit:
        board.used.add(_limit_key(board, card, number, ability.limit))
    board.used.add(_activated_key(card, number))
    met = None
    if is_reaction(ability.timing):
        met = reaction_met(board, card, ability, number)
        if met is not None:
            answers(board, card, number, met)
    determined: list = []
    costs_determined(board, card, ability, determined)
    chosen = yield from choose_payment(s, player, card, ability)
    hosts = spent_from(board, ability, chosen)
    pay_cost(board, player, card, ability, chosen, determined)
    controller = player
    if card.controller == player != card.owner and controls_the_effect(board, player, card) is None:
        controller = card.owner
    if ability.effect is not None:
        yield from follow(s, card, controller, ability.effect, met, named=cost_cards(card, ability, chosen),
                          bound=hosts)
    board.trace.note("705.2f", "the ability has been processed")


@step("513.4", "{player} controls {card} (owned by {owner}): they control the effect its ability creates, and its "
               "text is read from their perspective (513.5)")
def controls_the_effect(board: Board, player: int, card: Card):
    """The effect of an ability is controlled by the player who controls
    its card (513.4); without that rule, by the card's owner.  Recorded
    where the two differ."""
    return {"player": board.name(player), "card": card.label, "owner": board.name(card.owner)}


def choose_payment(s, player: int, card: Card, ability: Ability):
    """The cards ``player`` chooses to pay the costs naming other cards
    with (705.2c), by the index of each cost: one at a time, as many as
    the cost names; a card a "Choose ..." cost chose is "that card" of
    the costs after it."""
    from rulebase.engine.ccg.abilities.resolve import _ask

    board = s.board
    chosen: dict = {}
    named: dict = {}
    for index, cost in enumerate(ability.cost):
        if cost.verb == CHOSEN_FOR_COSTS:
            found = _chosen_payable(board, player, card, ability, index)
        elif cost.target is not None and cost.target.noun in ("that", "it") and named:
            found = payable_with(board, player, card, cost, named)
            chosen[index] = found[:1]
            continue
        elif _other(cost):
            found = payable_with(board, player, card, cost, named, record=True)
        else:
            continue
        picked: list = []
        for _ in range(_how_many(cost)):
            left = [other for other in found if other not in picked]
            if not left:
                break
            if len(left) == 1 and cost.target is not None and cost.target.noun in ("self", "that", "it"):
                picked.append(left[0])
                continue
            options = [Action("choose", player, card=other.id) for other in left]
            action = yield from _ask(s, player, f"choose the card to pay with: {cost.part.text or cost.verb}", options)
            picked.append(board.cards[action.card])
        chosen[index] = picked
        if cost.verb == CHOSEN_FOR_COSTS and picked:
            named = {"it": picked, "them": picked, "card": picked, cost.target.noun: picked}
            if cost.target.ref:
                named[cost.target.ref] = picked
    return chosen


def follow(s, card: Card, player: int, effect, happened=None, named: list | None = None, bound: dict | None = None):
    """Follow the instructions of card text in order (705.2e), by the
    effect resolver; ``named``: the cards the costs named, "it" of the
    instructions ("Exhaust another one of your characters to add its
    power to this card"); ``bound``: other cards the costs named, by
    the word that refers to them ("that Friend")."""
    from rulebase.engine.ccg.abilities import resolve
    from rulebase.engine.ccg.abilities.triggers import context

    s.board.trace.note("705.2e", "{player} follows the instructions of {card}", player=s.board.name(player),
                       card=card.label)
    found = context(s.board, card, player, happened)
    if named:
        found.named.setdefault("it", list(named))
    for word, cards in (bound or {}).items():
        found.named.setdefault(word, list(cards))
    yield from resolve.resolve(s, found, effect)


def spent_from(board: Board, ability: Ability, chosen: dict) -> dict:
    """The cards the chosen cards of a cost spending cards "from beneath
    one of your Friends" lie beneath, by that selector's noun: "that
    Friend" of the instructions (Joe's Doughnut Shop), known before the
    cost is paid, as spending takes the cards from beneath it."""
    from rulebase.engine.ccg.abilities.verbs import host_of

    found: dict = {}
    for index, cost in enumerate(ability.cost):
        host = cost.target.filter("beneath") if cost.verb == "spend" and cost.target is not None else None
        if host is None or host.noun in ("self", "it", "that"):
            continue
        hosts = [other for other in (host_of(board, spent) for spent in chosen.get(index, ())) if other is not None]
        if hosts:
            found[host.noun] = hosts
    return found


def cost_cards(card: Card, ability: Ability, chosen: dict) -> list:
    """The cards the last cost naming a card names: "it" of the
    instructions after the costs."""
    found: list = []
    for index, cost in enumerate(ability.cost):
        if cost.target is None or cost.verb == "pay":
            continue
        if cost.target.noun == "self":
            found = [card]
        elif chosen.get(index):
            found = list(chosen[index])
    return found


def event_ability(card: Card):
    """The text of an Event after its timing phrase (304.2), as an
    ``event`` ability, or ``None`` when the card has none the engine reads."""
    for ability in card.info.abilities:
        if ability.kind == "event":
            return ability
    return None


def tagged_paragraphs(card: Card, ability: Ability) -> list:
    """The paragraphs of an Event's text after ``ability`` (its text after
    its timing phrase) led by a tag word alone ("Harmony Earth Pony:
    Dismiss another opposing Friend ..."): more of its text box, processed
    in order (304.2)."""
    found, after = [], False
    for other in card.info.abilities:
        if other is ability:
            after = True
        elif after and other.kind == "event" and other.effect is not None and untagged(other.timing) is None:
            found.append(other)
    return found


@step("701.5", "{tag} is a tag word: it has no game text, so {card}'s text box goes on with its instructions ({text}), "
               "processed in order (304.2)")
def event_paragraph(board: Board, card: Card, tag: str, ability: Ability):
    """A paragraph of an Event led by a tag word: the tag has no game text
    (701.5), and the Event's text box is processed in order (304.2).
    Without this rule, "Harmony Earth Pony:" would be a timing phrase of
    its own, and the paragraph no part of playing the Event."""
    return {"tag": tag, "card": card.label, "text": ability.text or "its text"}


def play_event(s, card: Card, player: int, ability: Ability):
    """The rest of playing an Event whose text is an ability (304.2, 705.2):
    a Reaction answers its condition once (512.4c), its additional costs
    are paid, its instructions followed, and it goes to its owner's
    discard pile."""
    from rulebase.engine.ccg import play
    from rulebase.engine.ccg.abilities import triggers

    board = s.board
    met = None
    if is_reaction(ability.timing):
        met = reaction_met(board, card, ability, 0)
        if met is not None:
            answers(board, card, 0, met)
    chosen: dict = {}
    if ability.cost:
        chosen = yield from choose_payment(s, player, card, ability)
        pay_cost(board, player, card, ability, chosen)
    if ability.effect is not None:
        yield from follow(s, card, player, ability.effect, met, named=cost_cards(card, ability, chosen))
    for later in tagged_paragraphs(card, ability):
        if event_paragraph(board, card, tag_of(later.timing), later) is not None:
            yield from follow(s, card, player, later.effect, met)
    if card.zone == Zone.QUEUE:
        play.event_discarded(board, card)
    triggers.played(board, card, player)
