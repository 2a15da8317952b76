"""Playing cards and the other Main Phase actions (609), with their costs
(508) and restrictions: where each type of card enters play (302-306),
timing phrases (512), play requirements (205.1) and processing an action
(705, 706)."""

from __future__ import annotations

from rulebase.engine.ccg import moving, rules, status, zones
from rulebase.engine.ccg.abilities import continuous, keywords, triggers, verbs
from rulebase.engine.ccg.actions import Action
from rulebase.engine.ccg.board import Area, Board, Card, Zone
from rulebase.engine.ccg.cards import HOSTS, CardType
from rulebase.engine.ccg.power import power_of_color
from rulebase.engine.ccg.rules import Allowed
from rulebase.engine.errors import ActionSyntaxError, IllegalAction, UnknownCard
from rulebase.engine.rulebook import first_deciding

TROUBLEMAKER_COST = 1
DRAW_COST = 1
RALLY_COST = 2
MAIN_PHASE_VERBS = ("play", "move", "draw", "rally")


class Window:
    """Where a priority window is open: in the Main Phase (the turn player
    may take Main Phase actions), in a faceoff (of a kind), or elsewhere."""

    def __init__(self, name: str, main: bool = False, faceoff=None):
        self.name = name
        self.main = main
        self.faceoff = faceoff


# -- checks --------------------------------------------------------------------


def _card(board: Board, index) -> Card | None:
    return board.cards[index] if index is not None and 0 <= index < len(board.cards) else None


@rules.check("508.1d", "a player can't pay a cost without the means to pay all of it")
def can_pay(board: Board, player: int, cost: int, what: str):
    tokens = board.players[player].tokens
    if tokens < cost:
        return (f"{board.name(player)} can't pay {cost} action token{'s' * (cost != 1)} to {what} (has {tokens}): "
                "a player can't pay a cost without the means to pay all of it")


def check_cost(board: Board, player: int, cost: int, what: str) -> None:
    can_pay(board, player, cost, what)


@rules.check("512.5", "a card with the timing phrase Immediate can be played any time its player has priority")
def immediate(board: Board, card: Card):
    if card.info.timing == "Immediate":
        return Allowed(f"{card} has the timing phrase Immediate: it can be played any time its player has priority")


@rules.check("512.4b", "a Reaction can be played only when the condition in its text occurs")
def reaction(board: Board, card: Card):
    if card.info.timing == "Reaction":
        from rulebase.engine.ccg.abilities import activated

        text = activated.event_ability(card)
        met = activated.reaction_met(board, card, text, 0) if text is not None else None
        if met is not None:
            return Allowed(f"{card}'s Reaction condition was met ({met.event}): it may answer it once (512.4c)")
        return f"{card} is a Reaction: it can be played only when the condition in its text occurs"


@rules.check("512.3a", "a card with a phase timing phrase can't be played during a faceoff")
def phase_card_in_faceoff(board: Board, card: Card, window: Window):
    if card.info.timing.endswith("Phase") and window.faceoff is not None:
        return f"{card} has the timing phrase {card.info.timing} and can't be played during a faceoff"


@rules.check("512.3", "a card with a phase timing phrase is played only by the turn player during that phase")
def phase_card(board: Board, player: int, card: Card, window: Window):
    timing = card.info.timing
    if timing.endswith("Phase") and window.faceoff is None:
        phase = timing[:-len(" Phase")].lower()
        if player != board.turn.player or board.turn.phase != phase or (phase == "main" and not window.main):
            return f"{card} can be played only by the turn player, during their {timing}"
        return Allowed(f"{card} has the timing phrase {timing}, and it is {board.name(player)}'s {timing}")


@rules.check("512.4", "a card with a faceoff timing phrase can be played only during a faceoff")
def faceoff_card(board: Board, card: Card, window: Window):
    timing = card.info.timing
    if timing.endswith("Faceoff"):
        if window.faceoff is None:
            return f"{card} has the timing phrase {timing} and can't be played outside a faceoff"
        return Allowed(f"{card} has the timing phrase {timing}, and a faceoff is under way")


@rules.check("512.4a", "a Troublemaker Faceoff or Problem Faceoff card is played only during that kind of faceoff")
def faceoff_kind(board: Board, card: Card, window: Window):
    timing = card.info.timing
    if window.faceoff is not None and timing in ("Troublemaker Faceoff", "Problem Faceoff"):
        wanted = "troublemaker" if timing == "Troublemaker Faceoff" else "problem"
        if window.faceoff.kind_group != wanted:
            return f"{card} can be played only during a {timing}"


@rules.check("512.2", "timing phrases on Events specify when that Event can be played")
def timing_allows(board: Board, card: Card):
    return f"no timing rule lets {card} ({card.info.timing}) be played now"


@rules.check("304.1", "Events have timing phrases which specify when they can be played")
def event_timing(board: Board, card: Card):
    if card.type == CardType.EVENT and card.info.timing:
        return Allowed(f"{card} is an Event with the timing phrase {card.info.timing}, which says when it can be played")


@rules.check("512.2", "timing phrases on Events specify when that Event can be played")
def timing_phrase_applies(board: Board, card: Card):
    if card.type == CardType.EVENT and card.info.timing:
        return Allowed(f"the timing phrase {card.info.timing} of {card} specifies when it can be played")


@rules.check("609.1", "Main Phase actions are taken only by the turn player, in their Main Phase")
def main_phase_action(board: Board, player: int, window: Window, what: str):
    if not (window.main and player == board.turn.player):
        return f"{what} is a Main Phase action, taken only by the turn player in their Main Phase"


def check_timing(board: Board, player: int, card: Card, window: Window) -> None:
    """When a card may be played (512, 609.1, 609.2a): an Event only when a
    rule of its timing phrase allows it now (304.1, 512.2); without those,
    an Event is played as any other card is, as a Main Phase action.
    Each rule is asked once: what it said is then applied."""
    event = card.type == CardType.EVENT
    said = (event_timing.verdict(board, card), timing_phrase_applies.verdict(board, card)) if event else None
    if not event or None in said:
        if not event and (keywords.hasty(board, card) is not None or as_immediate(board, card) is not None):
            return
        main_phase_action(board, player, window, f"playing a {card.type}")
        return
    event_timing.judge(board, said[0])
    timing_phrase_applies.judge(board, said[1])
    if not first_deciding(board, ((immediate, (card,)), (reaction, (card,)), (phase_card_in_faceoff, (card, window)),
                                  (phase_card, (player, card, window)), (faceoff_kind, (card, window)),
                                  (faceoff_card, (card, window)))):
        timing_allows(board, card)


@rules.step("512.5", "{card}'s own text says it may be played as an Immediate action: it can be played any time "
                    "its player has priority ({text})")
def as_immediate(board: Board, card: Card):
    """A card whose text, not its keyword, says "You may play this card as
    an Immediate action" (104.1: card text over the rules of 609.1)."""
    for ability, acts in continuous.own(card, "may"):
        if acts.modifier.value("action") == "play-as-immediate":
            return {"card": card.label, "text": ability.text or acts.modifier.part.text}


def _played_any_time(card: Card) -> bool:
    """Whether ``card`` (not an Event) may be played outside its player's
    Main Phase: it has Hasty, or its own text says so.  Asked of every
    card in hand whenever a priority window opens, it is a matter of the
    side the card shows (a face-down card has no abilities, 505.1a), worked
    out once for each side."""
    if card.face_down:
        return False
    printed = card.info
    found = printed.__dict__.get(_ANY_TIME)
    if found is None:
        found = bool(keywords.has(card, "Hasty")) or any(
            acts.modifier.value("action") == "play-as-immediate" for _a, acts in continuous.own(card, "may"))
        printed.__dict__[_ANY_TIME] = found
    return found


_ANY_TIME = "_played_any_time"


@rules.step("507.3", "{player}'s power of {color} is {have}: the combined power of the {color} characters they control")
def combined_power(board: Board, player: int, color, found: list):
    have = power_of_color(board, player, color)
    found.append(have)
    return {"player": board.name(player), "color": color, "have": have}


@rules.check("205.1", "a card with a play requirement needs its player to have enough power of the color in play")
def requirement(board: Board, player: int, card: Card):
    for need in card.info.requirement:
        found: list = []
        if need.color:
            combined_power(board, player, need.color, found)
        have = found[0] if found else 0
        if need.color is None or have < verbs.required(board, player, card, need):
            return f"{card} requires {need}: {board.name(player)} has {have} {need.color} power in play"
    if card.info.requirement:
        needs = ", ".join(str(need) for need in card.info.requirement)
        return Allowed(f"{card} requires {needs}; {board.name(player)} has that much power in play")


def check_requirement(board: Board, player: int, card: Card) -> None:
    """A player must have characters with enough power of a color (205.1)."""
    requirement(board, player, card)


# -- costs card text adds to playing a card (508.1) -------------------------------------------


def additional_cost(card: Card):
    """The costs ``card``'s own text adds to playing it ("As an additional
    cost to play this card, retire a Friend"), as the costs of an ability
    (paid by :mod:`.abilities.activated`'s costs, with cards other than
    the card played), or ``None``."""
    found = continuous.own(card, "additional-cost")
    if not found:
        return None
    from rulebase.engine.ccg.abilities.model import Ability

    costs = [_other_than_itself(cost) for ability, acts in found for cost in acts.modifier.value("pay") or ()]
    text = "; ".join(acts.modifier.part.text or ability.text or "its text" for ability, acts in found)
    return Ability("activated", text=text, cost=tuple(costs))


def _other_than_itself(cost):
    """``cost`` paid with cards other than the card played: as it is
    paid, that card is on the queue, not where the cost's cards are."""
    from dataclasses import replace

    target = cost.target
    if target is not None and target.noun not in ("self", "that", "it"):
        cost = replace(cost, target=replace(target, filters=target.filters + (("other", True),)))
    return cost


def additional_cost_missing(modifier) -> str | None:
    """``None`` if the engine pays the additional cost ``modifier`` adds
    to playing its own card, else what it lacks."""
    from rulebase.engine.ccg.abilities import activated
    from rulebase.engine.ccg.abilities.model import Ability

    if modifier.subject is not None and modifier.subject.noun != "self":
        return "an additional cost to play another card"
    if modifier.value("action") != "play":
        return f"an additional cost to {modifier.value('action')}"
    costs = tuple(modifier.value("pay") or ())
    if not costs:
        return "an additional cost of nothing to pay"
    if any(cost.verb == "pay" for cost in costs):
        return "an additional cost in action tokens"
    return activated.executable(Ability("activated", cost=costs))


def check_additional_cost(board: Board, player: int, card: Card) -> None:
    """A player can pay the costs ``card``'s text adds to playing it, with
    cards other than it (508.1d, 508.1c: refused by the rule of that
    cost, as an ability's cost is).  An Event's own costs are paid as it
    resolves (705.2d): one that can't be paid all rewinds the action
    (705.2, :func:`rulebase.engine.ccg.abilities.activated.pay_cost`)."""
    extra = additional_cost(card)
    if extra is not None:
        from rulebase.engine.ccg.abilities import activated

        activated.check_costs(board, player, card, extra)


@rules.step("508.1", "{player} pays the cost {card}'s text adds to playing it ({text}): {paid}")
def additional_cost_paid(board: Board, player: int, card: Card, extra, chosen: dict):
    """The cards chosen for the costs card text adds to playing a card
    (705.2c) are used to pay them (705.2d); without the rule, a cost is
    what the rules say it is, and nothing more is paid."""
    from rulebase.engine.ccg.abilities import activated

    paid = []
    for index, cost in enumerate(extra.cost):
        for other in chosen.get(index, ()):
            activated.pay_with(board, player, other, cost)
            paid.append(f"{cost.verb} {other}")
    return {"player": board.name(player), "card": card.label, "text": extra.text, "paid": ", ".join(paid) or "nothing"}


def play_cost(card: Card) -> int:
    if card.type == CardType.TROUBLEMAKER:
        return TROUBLEMAKER_COST
    return card.info.cost or 0


def _text_modifies_costs(board: Board) -> bool:
    from rulebase.engine.ccg.abilities import continuous

    return bool(continuous.reaching(board, "cost")) or bool(getattr(board, "cost_changes", None))


def modified_play_cost(board: Board, player: int, card: Card, action: Action) -> int:
    """The cost to play ``card`` as ``action`` says, with the modifiers of
    card text in play (705.2c), worked out without recording."""
    cost = play_cost(card)
    if not _text_modifies_costs(board):
        return cost
    from rulebase.engine.ccg.abilities import continuous
    from rulebase.engine.ccg.moving import Cost

    found = Cost(cost)
    host = board.cards[action.host] if action.host is not None else None
    continuous.quiet_play_cost(board, found, player, card, action.area, host)
    return found.amount


def check_placed_cost(board: Board, player: int, card: Card, action: Action) -> None:
    """A player can pay the cost to play ``card`` where ``action`` says,
    with the modifiers of card text there (508.1d)."""
    check_cost(board, player, modified_play_cost(board, player, card, action), "play it")


def least_play_cost(board: Board, player: int, card: Card) -> int:
    """The least ``card`` can cost ``player`` to play, wherever it goes."""
    cost = play_cost(card)
    if not _text_modifies_costs(board):
        return cost
    from rulebase.engine.ccg.abilities import continuous

    return max(0, cost + continuous.least_play_change(board, player, card))


@rules.step("204.1", "{card}'s printed cost is {n}: the action tokens {player} must pay to play it")
def printed_cost(board: Board, player: int, card: Card, cost: list):
    if card.info.cost is not None:
        cost[0] = card.info.cost
        return {"card": card.label, "n": card.info.cost, "player": board.name(player)}


@rules.step("609.2c", "{player} plays a Troublemaker face-down to a Problem by paying {n} action token")
def troublemaker_cost(board: Board, player: int, cost: list):
    cost[0] = TROUBLEMAKER_COST
    return {"player": board.name(player), "n": TROUBLEMAKER_COST}


@rules.step("609.2d", "{player} pays {n} action token{s} to draw a card")
def draw_for_token(board: Board, player: int, cost: int = DRAW_COST):
    pay(board, player, cost, "draw a card")
    zones.draw(board, player)
    return {"player": board.name(player), "n": cost, "s": "s" * (cost != 1)}


def draw_cost_missing(modifier) -> str | None:
    """``None`` if the engine applies a change of the cost of the draw
    action ("Using the draw action during the Main Phase costs +[1]"): by a
    number printed, for the players it names."""
    amount = modifier.amount
    if amount is None or amount.per is not None or not isinstance(amount.value, int) or not amount.value:
        return "a change of the cost of the draw action by a number not printed"
    who = modifier.value("player")
    if getattr(who, "noun", who) not in continuous.PLAYERS or getattr(who, "filters", None):
        return f"a change of the cost {getattr(who, 'noun', who)!r} pays to use the draw action"
    if modifier.subject is not None and modifier.subject.noun != "self":
        return "a change of the cost of the draw action of a card"
    return None


_DRAW_CHANGES = "_draw_changes"


def _changes_draw_cost(printed) -> tuple:
    """The ``(ability, what acts)`` of a side of a card changing the cost of
    the draw action (worked out once for each side)."""
    found = printed.__dict__.get(_DRAW_CHANGES)
    if found is None:
        listed = continuous.index(printed)
        found = tuple(pair for table in (listed.own, listed.outward) for pair in table.get("cost", ())
                      if pair[1].modifier.value("action") == "draw-action")
        printed.__dict__[_DRAW_CHANGES] = found
    return found


@rules.step("702.1", "{source}'s ability: {player} pays {amount:+d} to use the draw action ({text}); the cost is {cost}")
def text_draw_cost(board: Board, cost: list, player: int, source: Card, ability):
    changed = max(0, cost[0] + ability.modifier.amount.value)
    if changed == cost[0]:
        return None
    cost[0] = changed
    return {"source": source.label, "player": board.name(player), "amount": ability.modifier.amount.value,
            "text": ability.text or "its text", "cost": changed}


def draw_cost(board: Board, player: int) -> int:
    """The action tokens the draw action costs ``player``: 1 (609.2d),
    changed by the card text of the cards in play, face up, whose condition
    holds ("Using the draw action during the Main Phase costs +[1]"), each
    change recorded (702.1)."""
    cost = [DRAW_COST]
    for source in board.play:
        if source.face_down:
            continue
        for _ability, acts in _changes_draw_cost(source.printed):
            if continuous._reaches_player(source, acts.modifier.value("player"), player) \
                    and continuous._holds(board, source, acts):
                text_draw_cost(board, cost, player, source, acts)
    return cost[0]


@rules.check("302.1", "Friends enter play at their owner's home or at a Problem")
def friend_area(board: Board, player: int, card: Card, area: Area | None, host):
    if card.type == CardType.FRIEND:
        if host is not None or area is None:
            return f"{card} must be played at {board.name(player)}'s home or at a Problem"
        if area.is_home and area.owner != player:
            return "Friends enter play at your home or at a Problem, not at an opponent's home"


@rules.check("306.1", "Troublemakers enter play face-down at a Problem")
def troublemaker_area(board: Board, card: Card, area: Area | None, host):
    if card.type == CardType.TROUBLEMAKER and (host is not None or area is None or not area.is_problem):
        return "Troublemakers enter play face-down at a Problem"


PLACED_ON = HOSTS + ("Resource",)
"""What card text says an attachment is played on (509.1): the hosts of the
card data, and a Resource ("Play on a Resource")."""


def placed_kinds(target) -> tuple | None:
    """The kinds of card a placement names ("a Friend or Troublemaker":
    ``('Friend', 'Troublemaker')``), or ``None`` when it names none the
    engine plays on.

    >>> from rulebase.engine.ccg.abilities.model import Selector
    >>> placed_kinds(Selector("Resource")), placed_kinds(Selector("card", filters=(("nouns", ("Friend", "Troublemaker")),)))
    (('Resource',), ('Friend', 'Troublemaker'))
    """
    if target is None:
        return None
    if target.noun in PLACED_ON:
        return (target.noun,)
    nouns = dict(target.filters).get("nouns") if target.noun == "card" else None
    if nouns and all(noun in PLACED_ON for noun in nouns):
        return tuple(nouns)
    return None


def placement_of(card: Card):
    """The selector of the card ``card``'s text says it is played on ("Play
    on one of your Friends", "Play on an opponent's Friend", "Play on a
    Friend or Troublemaker"), or ``None``."""
    for ability in card.info.abilities:
        if ability.kind == "placement" and placed_kinds(ability.target) is not None:
            return ability.target
    return None


def host_description(card: Card) -> str | None:
    """The kind of card ``card`` is played on (509.1), or ``None`` for a
    card that is not an attachment: as its printed information says, else
    as its text's placement names it ("Friend or Troublemaker")."""
    if card.info.host:
        return card.info.host
    placed = placement_of(card) if card.type == CardType.RESOURCE else None
    return " or ".join(placed_kinds(placed)) if placed is not None else None


@rules.check("509.1", "an attachment is played on a card of the kind it names, in play")
def attachment_host(board: Board, card: Card, host):
    kind = host_description(card) if card.type == CardType.RESOURCE else None
    if kind:
        if host is None:
            return f"{card} is an attachment: it is played on a {kind}"
        target = board.cards[host]
        if target.zone != Zone.PLAY or not fits_host(target, kind):
            return f"{card} must be played on a {kind} in play, not on {target}"
        return Allowed(f"{card} is played on {target}, a {kind} in play")


OPPONENTS = ("opponent", "opponents", "opposing")
"""The words of a placement naming a card an opponent controls."""


@rules.check("104.1", "card text saying whose card an attachment is played on takes precedence over 509.1: it is "
                      "played only on a card that player controls")
def host_controller(board: Board, player: int, card: Card, host):
    placed = placement_of(card) if host is not None and card.type == CardType.RESOURCE else None
    if placed is None or placed.controller not in ("you", *OPPONENTS):
        return None
    target = board.cards[host]
    theirs = placed.controller in OPPONENTS
    if (target.controller != player) is not theirs:
        whose = "an opponent's" if theirs else f"{board.name(player)}'s own"
        return f"{card}'s text says it is played on {whose} {placed.noun} ({placed.part.text or placed.noun}): " \
               f"{board.name(target.controller)} controls {target}"
    return Allowed(f"{card}'s text says whose {placed.noun} it is played on, and {target} is one")


@rules.check("104.1", "card text describing the card an attachment is played on takes precedence over 509.1: it is "
                      "played only on a card so described")
def host_described(board: Board, player: int, card: Card, host):
    """"Play on an opponent's ready Friend", "Play on a Friend with cost 2
    or less": the host fits the placement's words, read from the
    perspective of the attachment's player (its controller is
    :func:`host_controller`'s)."""
    placed = placement_of(card) if host is not None and card.type == CardType.RESOURCE else None
    if placed is None or not placed.filters:
        return None
    from dataclasses import replace

    target = board.cards[host]
    if not continuous.fits(board, card, replace(placed, controller=None), target):
        return f"{card}'s text says it is played on {placed.part.text or placed.noun}: {target} is not one"
    return Allowed(f"{target} is {placed.part.text or placed.noun}, as {card}'s text says its host is")


@rules.check("305.1a", "a Resource that is not an attachment enters play at its owner's home")
def resource_area(board: Board, player: int, card: Card, area: Area | None, host):
    if card.type == CardType.RESOURCE and not host_description(card):
        if host is not None or (area is not None and area != board.players[player].home):
            return "a Resource that is not an attachment enters play at its owner's home"


@rules.check("304.2", "an Event does not enter play: its text is processed and it is discarded")
def event_no_area(board: Board, card: Card, area: Area | None, host):
    if card.type == CardType.EVENT and (host is not None or area is not None):
        return "an Event does not enter play: its text is processed and it is discarded"


def forbidding_play(board: Board, player: int, card: Card, area: Area | None):
    """The card whose "can't" forbids ``player`` to play ``card`` at all
    ("Opponents can't play cards during faceoffs involving this card"), or
    to the area of that card ("Opponents can't play Friends with 3 or more
    power here") when ``card`` would enter play at ``area``, and its
    ability; ``None``.  (A "can't" of playing cards to this card's Problem
    is :func:`continuous.cant_play <rulebase.engine.ccg.abilities.continuous.cant_play>`'s.)"""
    def wanted(source, modifier):
        if modifier.value("action") != "be-played" or modifier.value("to") is not None:
            return False
        subject = modifier.subject
        if subject is not None and subject.where == "here" and (area is None or area != source.area):
            return False
        return continuous._reaches_player(source, modifier.value("by"), player)

    return continuous.applying(board, "cant", card, wanted, subject=_anywhere_here)


def _anywhere_here(source: Card, modifier):
    """The cards a "can't be played" names, ``here`` being where the card
    would enter play (already checked to be the source's area)."""
    from dataclasses import replace

    subject = modifier.subject
    return replace(subject, where=None) if subject is not None and subject.where == "here" else subject


@rules.check("104.2", "a \"can't\" of card text takes precedence: a card it forbids its player to play can't be played")
def cant_be_played(board: Board, player: int, card: Card, area: Area | None):
    found = forbidding_play(board, player, card, area) if continuous.reaching(board, "cant") else None
    if found is not None:
        source, ability = found
        there = f" to {board.area_name(area)}" if area is not None else ""
        return f"{source}'s ability says {board.name(player)} can't play {card}{there} ({ability.text or 'its text'})"


def play_limit_missing(modifier) -> str | None:
    """``None`` if the engine checks a limit of card text on the cards a
    player plays ("Opponents can't play more than one card of each type per
    turn"): per turn, of a number printed, of each type or in all, by the
    players it names, of the cards it describes."""
    if modifier.value("per") != "turn":
        return f"a limit ('at-most') on 'play' per {modifier.value('per')!r}"
    most = modifier.value("most")
    if not isinstance(most, int) or isinstance(most, bool) or most < 0:
        return "a limit ('at-most') of a number not printed"
    if modifier.value("each") not in (None, "type"):
        return f"a limit ('at-most') on 'play' of each {modifier.value('each')!r}"
    who = modifier.value("by")
    if getattr(who, "noun", who) not in continuous.PLAYERS or getattr(who, "filters", None):
        return f"a limit ('at-most') on the cards {getattr(who, 'noun', who)!r} play"
    subject = modifier.subject
    if subject is None or subject.where is not None or subject.zone is not None or subject.controller is not None:
        return "a limit ('at-most') on playing cards described by where they are or whose they are"
    if subject.noun == "card" and not subject.filters:
        return None
    from rulebase.engine.ccg.abilities import targets

    return targets.executable(subject)


def _counted(board: Board, source: Card, subject, card: Card) -> bool:
    """Whether ``card`` is one of the cards a limit's ``subject`` describes
    (read from its card's controller's perspective, 513.5)."""
    if subject.noun == "card" and not subject.filters:
        return True
    from rulebase.engine.ccg.abilities import targets

    rule = targets.compiled(subject)
    seen = continuous.Seen(source)
    return targets.of_type(card, rule.type) and all(test(board, seen, card) for test in rule.tests)


def play_limit(board: Board, player: int, card: Card):
    """The card whose limit ("Opponents can't play more than one card of
    each type per turn") ``player`` has reached this turn for ``card``, its
    ability and the number of such cards they played; ``None``."""
    if not continuous.reaching(board, "at-most"):
        return None
    from rulebase.engine.ccg.abilities.targets import PLAYED

    for source, found in continuous.outward(board, "at-most"):
        for _ability, acts in found:
            modifier = acts.modifier
            if (modifier.value("action") != "play" or not continuous._reaches_player(source, modifier.value("by"), player)
                    or not _counted(board, source, modifier.subject, card)):
                continue
            each = modifier.value("each") == "type"
            done = sum(1 for turn, who, other, _incarnation in board.__dict__.get(PLAYED, ())
                       if turn == board.turn.number and who == player and other is not card
                       and (not each or other.type == card.type) and _counted(board, source, modifier.subject, other))
            if done >= modifier.value("most") and continuous._holds(board, source, acts):
                return source, acts, done
    return None


@rules.check("104.2", "a \"can't\" of card text takes precedence: a player it forbids to play more than a number of "
                      "cards a turn plays no more")
def cant_play_more(board: Board, player: int, card: Card):
    found = play_limit(board, player, card)
    if found is not None:
        source, ability, done = found
        each = f" {card.type}" if ability.modifier.value("each") == "type" else ""
        return (f"{source}'s ability limits the cards {board.name(player)} plays per turn, and {board.name(player)} "
                f"has played {done}{each} card{'s' * (done != 1)} this turn ({ability.text or 'its text'})")


def check_play_limit(board: Board, player: int, card: Card) -> None:
    """A limit of card text on the cards ``player`` plays per turn (104.2),
    asked only while a card in play has one."""
    if continuous.reaching(board, "at-most"):
        cant_play_more(board, player, card)


def check_placement(board: Board, player: int, card: Card, action: Action) -> None:
    """Where a card may enter play: the rule of its type (302.1, 306.1,
    509.1, 305.1a, 304.2), and an area that still exists (103.5a)."""
    area, host = action.area, action.host
    if host is not None and _card(board, host) is None:
        raise UnknownCard(host)
    from rulebase.engine.ccg.abilities.continuous import required_to_play

    required_to_play(board, player, card)
    if card.type == CardType.FRIEND:
        friend_area(board, player, card, area, host)
        from rulebase.engine.ccg.abilities import continuous

        continuous.cant_play(board, player, card, area)
    elif card.type == CardType.TROUBLEMAKER:
        troublemaker_area(board, card, area, host)
        from rulebase.engine.ccg.abilities import continuous

        continuous.cant_play(board, player, card, area)
    elif card.type == CardType.RESOURCE:
        attachment_host(board, card, host)
        host_controller(board, player, card, host)
        host_described(board, player, card, host)
        resource_area(board, player, card, area, host)
    elif card.type == CardType.EVENT:
        event_no_area(board, card, area, host)
    cant_be_played(board, player, card, area if area is not None else (board.cards[host].area if host is not None else None))
    check_play_limit(board, player, card)
    if area is not None:
        moving.area_exists(board, area)


@rules.check("509.4", "an attachment's host description is the kind of card it is played on")
def matches_host_description(board: Board, card: Card, host: Card):
    description = card.printed.host
    if description and not fits_host(host, description):
        return f"{host} is not a {description}: it does not match the host description of {card}"


def fits_host(target: Card, description: str) -> bool:
    """Whether ``target`` is of the kind ``description`` names (one kind,
    or several: "Friend or Troublemaker")."""
    if " or " in description:
        return any(fits_host(target, kind) for kind in description.split(" or "))
    if description == "character":
        return target.is_character
    return str(target.type) == description


@rules.check("609.2a", "a player may pay the cost of a Friend, Resource or Event in their hand to play it")
def playable(board: Board, player: int, card: Card | None):
    if card is not None and card.zone == Zone.DISCARD and _from_elsewhere(board, player, card):
        pass
    elif card is None or card.zone != Zone.HAND or card.owner != player:
        return f"{card or 'that card'} is not in {board.name(player)}'s hand: only cards in hand can be played"
    if card.type in (CardType.PROBLEM, CardType.MANE):
        return f"{card} is a {card.type}: only Friends, Resources, Events and Troublemakers are played"
    if card.type != CardType.TROUBLEMAKER:
        where = "hand" if card.zone == Zone.HAND else card.zone.value
        return Allowed(f"{card} is a {card.type} in {board.name(player)}'s {where}: it may be played by paying its cost")


def _from_elsewhere(board: Board, player: int, card: Card) -> bool:
    """Whether ``card``'s own text lets ``player`` play it from where it
    is (707.3: "You may play this card from your discard pile")."""
    from rulebase.engine.ccg.abilities import continuous

    verdict = continuous.played_from_discard.verdict(board, player, card)
    if verdict is None:
        return False
    continuous.played_from_discard.judge(board, verdict)
    return True


def check_card(board: Board, player: int, card: Card, window: Window) -> None:
    """What must hold of a card for its player to play it now, wherever it
    goes: its cost, in hand, its timing and its requirement (508.1d, 609.2a,
    512, 205.1), the cheapest first.  The least the card can cost is asked
    only of a player with fewer action tokens than its printed cost (the
    least is never more), so the cost is the cheapest check for a player
    with enough, and refuses most often for one without.  Used to list the
    legal actions, where only whether one of them refuses matters, not
    which."""
    if board.players[player].tokens < play_cost(card):
        check_cost(board, player, least_play_cost(board, player, card), "play it")
    playable(board, player, card)
    check_timing(board, player, card, window)
    check_requirement(board, player, card)
    check_additional_cost(board, player, card)


def check_play(board: Board, action: Action, window: Window) -> Card:
    """Everything that must hold to play a card (609.2a, 609.2c, 705.2)."""
    player = action.player
    card = _card(board, action.card)
    if card is None:
        playable(board, player, card)
        raise UnknownCard(action.card)
    playable(board, player, card)
    check_timing(board, player, card, window)
    check_placement(board, player, card, action)
    check_requirement(board, player, card)
    check_additional_cost(board, player, card)
    what = "play it face-down" if card.type == CardType.TROUBLEMAKER else f"play {card}"
    check_cost(board, player, modified_play_cost(board, player, card, action), what)
    return card


@rules.check("506.3", "characters can be moved via the Move main phase action")
def moved_by_the_move_action(board: Board, card: Card | None):
    if card is not None and card.zone == Zone.PLAY and not card.is_character:
        return f"{card} is a {card.type}, not a character: characters are moved with the Move action"


@rules.check("609.2b", "the turn player may move a character they control with the Move action")
def movable(board: Board, player: int, card: Card | None):
    if card is None or card.zone != Zone.PLAY or card.controller != player:
        return f"the turn player may move only a character they control ({card or 'that card'} is not)"
    return Allowed(f"{card} is a {card.type}, a character {board.name(player)} controls: it may be moved")


def check_mover(board: Board, player: int, card: Card | None, window: Window) -> None:
    """What must hold of a character for the Move action, wherever it goes:
    among them, that its player can pay the least a move can cost (609.2b)."""
    main_phase_action(board, player, window, "the Move action")
    moved_by_the_move_action(board, card)
    movable(board, player, card)
    if moving.least_move_cost.number not in board.off:
        check_cost(board, player, moving.MINIMUM_MOVE_COST, f"move {card}")


def check_destination(board: Board, player: int, card: Card, area: Area) -> None:
    """What must hold of where a character goes with the Move action, and
    its cost there."""
    moving.check_move(board, card, area, player, base=None)
    lifting = moving.lifting_cost(board, card, area, player) if continuous.reaching(board, "cant") else 0
    if board.players[player].tokens >= moving.MOVE_COST + moving.most_showy(board, player, area) + lifting:
        return  # enough for the most the move could cost there, whatever modifies it
    with board.trace.quiet():
        cost = moving.move_cost(board, player, card, area)
    check_cost(board, player, cost, f"move {card}")
    if lifting:
        moving.check_lifted(board, card, area, player, cost)


def check_move_action(board: Board, action: Action, window: Window) -> Card:
    player = action.player
    card = _card(board, action.card)
    check_mover(board, player, card, window)
    if card is None:
        raise UnknownCard(action.card)
    if action.area is None:
        raise ActionSyntaxError(str(action), "a move names the area it goes to")
    check_destination(board, player, card, action.area)
    return card


@rules.check("104.2a", "if an occurrence can't happen, any cost requiring that occurrence can't be paid")
def draw_can_happen(board: Board, player: int):
    if not board.players[player].deck:
        return (f"{board.name(player)}'s draw deck is empty: the draw can't happen, so the action's cost can't be "
                "paid to make it happen")


def check_draw_action(board: Board, action: Action, window: Window) -> None:
    main_phase_action(board, action.player, window, "drawing a card for an action token")
    draw_can_happen(board, action.player)
    if continuous.reaching(board, "at-most"):
        continuous.cant_draw_more(board, action.player)
    with board.trace.quiet():
        cost = draw_cost(board, action.player)
    check_cost(board, action.player, cost, "draw a card")


@rules.check("609.2e", "the turn player may unfrighten a card they control by paying 2 action tokens")
def rallied(board: Board, player: int, card: Card | None):
    if card is None or card.zone != Zone.PLAY or card.controller != player:
        return f"the turn player may unfrighten only a card they control ({card or 'that card'} is not)"


def check_rally(board: Board, action: Action, window: Window) -> Card:
    player = action.player
    main_phase_action(board, player, window, "rallying")
    card = _card(board, action.card)
    rallied(board, player, card)
    if card is None:
        raise UnknownCard(action.card)
    status.check_unfrighten(board, card)
    if board.players[player].tokens >= RALLY_COST + _most_rally_change(board):
        return card  # enough for the most rallying could cost, whatever modifies it
    with board.trace.quiet():
        cost = rally_cost(board, player, card)
    check_cost(board, player, cost, f"rally {card}")
    return card


def _rally_changes(board: Board, player: int, card: Card):
    """The ``(card, ability)`` of each change of card text to what
    ``player`` pays to rally ``card``, raising ones first."""
    if not continuous.reaching(board, "cost") and not continuous.reaching(board, "cost-with-minimum"):
        return []

    def wanted(source, modifier):
        return (modifier.value("action") == "rally"
                and continuous._reaches_player(source, modifier.value("player"), player))

    return (list(continuous.all_applying(board, "cost", card, wanted))
            + list(continuous.all_applying(board, "cost-with-minimum", card, wanted)))


def _most_rally_change(board: Board) -> int:
    """The most the changes of card text in play could add to a cost to rally."""
    most = 0
    for kind in ("cost", "cost-with-minimum"):
        for _source, found in continuous.outward(board, kind):
            for _ability, acts in found:
                if acts.modifier.value("action") == "rally" and acts.modifier.amount.value > 0:
                    most += acts.modifier.amount.value
    return most


@rules.step("702.1", "{source}'s ability: {player} pays {amount:+d} to rally {card}{least} ({text}); the cost is {cost}")
def text_rally_cost(board: Board, cost: list, player: int, card: Card, source: Card, ability):
    modifier = ability.modifier
    least = modifier.value("minimum")
    changed = cost[0] + modifier.amount.value
    if least is not None:
        changed = max(changed, min(cost[0], least.value))
    if changed == cost[0]:
        return None
    cost[0] = changed
    return {"source": source.label, "player": board.name(player), "amount": modifier.amount.value, "card": card.label,
            "least": f", to a minimum of {least.value}" if least is not None else "", "text": ability.text or "its text",
            "cost": changed}


def rally_cost(board: Board, player: int, card: Card) -> int:
    """The action tokens rallying ``card`` costs ``player``: 2 (609.2e),
    changed by card text ("Opponents pay +[1] to rally Friends"; "you pay
    [1] less to rally your Friends, to a minimum of [1]"), each change
    recorded (702.1)."""
    cost = [RALLY_COST]
    for source, ability in _rally_changes(board, player, card):
        text_rally_cost(board, cost, player, card, source, ability)
    return cost[0]


CHECKS = {"play": check_play, "move": check_move_action, "draw": check_draw_action, "rally": check_rally}


def check(board: Board, action: Action, window: Window) -> None:
    CHECKS[action.verb](board, action, window)


# -- options ---------------------------------------------------------------------


def _allowed(check, *arguments) -> bool:
    try:
        check(*arguments)
    except IllegalAction:
        return False
    return True


def _elsewhere(board: Board, player: int, me) -> list:
    """The cards ``player`` may play from elsewhere than their hand by their
    own text (707.3), looked for only in a discard pile holding a card with
    such text on either side, or while a card in play has text that may let
    other cards be played from elsewhere (a 'may' modifier of others)."""
    discard = me.zones[Zone.DISCARD]
    if not discard or (_returning(board).isdisjoint(discard) and not continuous.reaching(board, "may")):
        return []
    return continuous.playable_elsewhere(board, player)


def _returning(board: Board) -> frozenset:
    """The cards of the game with text, on either side, letting them be
    played from the discard pile (:func:`continuous._from_discard
    <rulebase.engine.ccg.abilities.continuous.playable_elsewhere>`): printed
    text, so worked out once a game (again when a card is added)."""
    kept = board.returning
    if kept is None or kept[0] != len(board.cards):
        found = frozenset(card for card in board.cards if _may_return(card.printed)
                          or card.printed.boosted is not None and _may_return(card.printed.boosted))
        kept = board.returning = (len(board.cards), found)
    return kept[1]


def _may_return(printed) -> bool:
    for _ability, acts in continuous.index(printed).own.get("may", ()):
        modifier = acts.modifier
        if modifier.value("action") == "play" and modifier.value("zone") == "discard":
            return True
    return False


def candidates(board: Board, player: int, window: Window):
    """Every action (besides passing) the cards could make ``player`` take
    in this window, in the order :func:`options` lists them, each with the
    test saying whether the checks that refuse illegal actions allow it
    (``test()``: asked inside :meth:`Board.asking
    <rulebase.engine.ccg.board.Board.asking>`, quietly).  A check about the
    card alone (in hand, its timing, its requirement, its cost) is asked
    once per card, whichever of its actions asks first, those about where
    it goes once per place.  Made as they are wanted: a caller that stops
    at the first one allowed makes no more."""
    me = board.players[player]
    main = window.main and player == board.turn.player
    areas = [area for p in board.players if not p.removed for area in (p.home, p.problem_area)]
    costs: list[bool] = []

    def placed(card: Card, action: Action, gate) -> bool:
        if not gate():
            return False
        if not costs:
            costs.append(_text_modifies_costs(board))
        return _allowed(check_placement, board, player, card, action) and (
            not costs[0] or _allowed(check_placed_cost, board, player, card, action))

    for card in me.hand + _elsewhere(board, player, me):
        if card.type != CardType.EVENT and not main and not _played_any_time(card):
            continue
        gate = _once(check_card, board, player, card, window)
        if card.type == CardType.EVENT:
            places = [Action("play", player, card.id)]
        elif card.type == CardType.RESOURCE and host_description(card):
            places = [Action("play", player, card.id, host=host.id) for host in board.play]
        elif card.type == CardType.RESOURCE:
            places = [Action("play", player, card.id, area=me.home)]
        else:
            places = [Action("play", player, card.id, area=area) for area in areas]
        for action in places:
            yield action, lambda card=card, action=action, gate=gate: placed(card, action, gate)
    if not main:
        return
    for card in board.play:
        if card.controller != player or not card.is_character:
            continue
        gate = _once(check_mover, board, player, card, window)
        for area in areas:
            if area != card.area:
                yield (Action("move", player, card.id, area=area),
                       lambda card=card, area=area, gate=gate: gate()
                       and _allowed(check_destination, board, player, card, area))
    draw = Action("draw", player)
    yield draw, lambda: _allowed(check_draw_action, board, draw, window)
    for card in board.play:
        if card.controller == player and card.frightened:
            rally = Action("rally", player, card.id)
            yield rally, lambda rally=rally: _allowed(check_rally, board, rally, window)


def _once(check, *arguments):
    """A test asking ``check`` of ``arguments`` the first time it is called,
    and answering the same after."""
    said: list[bool] = []

    def gate() -> bool:
        if not said:
            said.append(_allowed(check, *arguments))
        return said[0]

    return gate


def options(board: Board, player: int, window: Window, first: bool = False) -> list[Action]:
    """The actions (besides passing) ``player`` may take in this window:
    every action the cards could make (:func:`candidates`), kept when the
    same checks that refuse illegal actions allow it.  ``first``: stop at
    the first one found."""
    found: list[Action] = []
    with board.trace.quiet(), board.asking():
        for action, allowed in candidates(board, player, window):
            if allowed():
                found.append(action)
                if first:
                    return found
    return found


# -- doing them --------------------------------------------------------------------


@rules.step("705.2d", "{player} pays {cost} action token{s} to {what}; {left} left")
def pay(board: Board, player: int, cost: int, what: str):
    if cost:
        board.players[player].tokens -= cost
        return {"player": board.name(player), "cost": cost, "s": "s" * (cost != 1), "what": what,
                "left": board.players[player].tokens}


def enter_play(board: Board, card: Card, area: Area, face_down: bool = False, host: Card | None = None,
               how: str = "played") -> None:
    """Put a card into play (706.1, :func:`~rulebase.engine.ccg.zones.enter_play`),
    attached to ``host`` when it has one (509.2)."""
    attach = (lambda: attached_to_host(board, card, host)) if host is not None else None
    zones.enter_play(board, card, area, face_down=face_down, attach=attach, how=how)


@rules.step("705.2b", "{card} is put in the queue")
def to_queue(board: Board, card: Card):
    board.put(card, Zone.QUEUE)
    return {"card": card.label}


@rules.step("705.2e", "{player} follows the instruction of {card}: {instruction}")
def follow_instruction(board: Board, player: int, card: Card, instruction, apply_instructions):
    apply_instructions(player, instruction)
    return {"player": board.name(player), "card": card.label, "instruction": instruction}


@rules.step("304.2", "{card}'s text has been processed: it is put into its owner's discard pile")
def event_discarded(board: Board, card: Card):
    board.put(card, Zone.DISCARD)
    return {"card": card.label}


@rules.step("501.2", "{what} played at {area} enters play at that area")
def enters_at_the_area(board: Board, card: Card, area: Area, face_down: bool = False):
    enter_play(board, card, area, face_down=face_down)
    return {"what": "a Troublemaker" if face_down else card.label, "area": board.area_name(area)}


@rules.step("501.3", "{card}, played on {host}, enters play at {host}'s area, attached to it")
def enters_on_the_card(board: Board, card: Card, host: Card):
    enter_play(board, card, host.area, host=host)
    return {"card": card.label, "host": host.label}


@rules.step("302.1", "{card} enters play at {area}")
def friend_enters(board: Board, card: Card, area: Area):
    if enters_at_the_area(board, card, area) is None:
        return None
    return {"card": card.label, "area": board.area_name(area)}


@rules.step("306.1", "the Troublemaker enters play face-down at {area}")
def troublemaker_enters(board: Board, card: Card, area: Area):
    if enters_at_the_area(board, card, area, face_down=True) is None:
        return None
    return {"area": board.area_name(area)}


@rules.step("706.1b", "{card} is face-down in play")
def stays_face_down(board: Board, card: Card):
    return {"card": card.label} if card.face_down else None


@rules.step("509.2", "{card} is attached to its host, {host}")
def attached_to_host(board: Board, card: Card, host: Card):
    card.host = host
    return {"card": card.label, "host": host.label}


@rules.step("305.1b", "{card} enters play attached to {host}, at {host}'s area")
def attachment_enters(board: Board, card: Card, host: Card):
    if enters_on_the_card(board, card, host) is None:
        return None
    return {"card": card.label, "host": host.label}


@rules.step("305.1a", "{card} is not an attachment and enters play at its owner's home")
def resource_enters(board: Board, card: Card):
    enter_play(board, card, board.players[card.owner].home)
    return {"card": card.label}


def _is_a_dilemma(card: Card) -> bool:
    """A card with the Dilemma trait enters play at its own area (522.2)."""
    return card.has_trait("Dilemma")


@rules.step("305.1", "as {player} plays {card}, a Resource, it enters play")
def resource_enters_play(board: Board, player: int, card: Card, host: Card | None):
    if host is not None:
        attachment_enters(board, card, host)
    elif _is_a_dilemma(card):
        from rulebase.engine.ccg import dilemmas

        dilemmas.enters_at_its_own_area(board, card, player)
    else:
        resource_enters(board, card)
    if card.zone == Zone.PLAY:
        return {"player": board.name(player), "card": card.label}


def play_card(board: Board, action: Action, apply_instructions, by_text: bool = False, extra=None) -> Card:
    """Play a card (609.2a, 609.2c), following 705.2: announce, queue, pay,
    follow its instructions; a Friend, Troublemaker or Resource enters play,
    an Event is put into its owner's discard pile.  ``by_text``: the Event's
    text is an ability the caller resolves (it stays in the queue).
    ``extra``: the costs its text adds (:func:`additional_cost`) and the
    cards chosen to pay them, by the index of each cost."""
    player = action.player
    card = board.cards[action.card]
    zones.announced(board, player, card)
    to_queue(board, card)
    cost = [0]
    if card.type == CardType.TROUBLEMAKER:
        troublemaker_cost(board, player, cost)
    else:
        printed_cost(board, player, card, cost)
    if _text_modifies_costs(board):
        from rulebase.engine.ccg.abilities import continuous
        from rulebase.engine.ccg.moving import Cost

        found = Cost(cost[0])
        host = board.cards[action.host] if action.host is not None else None
        continuous.play_cost(board, found, player, card, action.area, host)
        cost[0] = found.amount
    board.trace.note("705.2c", "the cost is {cost} action token{s}", cost=cost[0], s="s" * (cost[0] != 1))
    pay(board, player, cost[0], f"play {card}")
    if extra is not None:
        additional_cost_paid(board, player, card, *extra)
    if card.info.text and not card.info.abilities:
        board.trace.note("701.1", "{card}'s text is not carried out: the engine can't carry out all of it ({text})",
                         card=card.label, text=card.info.text)
    if card.type == CardType.EVENT and not zones.waits_in_the_queue(board, card):
        event_discarded(board, card)
    if card.type == CardType.EVENT and by_text:
        return card
    if card.type == CardType.EVENT:
        for instruction in card.info.instructions:
            follow_instruction(board, player, card, instruction, apply_instructions)
        event_discarded(board, card)
        triggers.played(board, card, player)
        return card
    host = board.cards[action.host] if action.host is not None else None
    if card.type == CardType.FRIEND:
        friend_enters(board, card, action.area)
    elif card.type == CardType.TROUBLEMAKER:
        troublemaker_enters(board, card, action.area)
        stays_face_down(board, card)
    else:
        resource_enters_play(board, player, card, host)
    if card.zone == Zone.PLAY:
        board.trace.note("705.2f", "{card} has entered play", card=card.label)
    triggers.played(board, card, player, card.area)
    return card


def move_action(board: Board, action: Action) -> None:
    """The Move action (609.2b)."""
    card = board.cards[action.card]
    cost = moving.move_cost(board, action.player, card, action.area)
    pay(board, action.player, cost, f"move {card}")
    moving.move(board, card, action.area, mover=action.player)


def draw_action(board: Board, action: Action) -> None:
    """The draw action (609.2d), at its cost changed by card text (702.1)."""
    draw_for_token(board, action.player, draw_cost(board, action.player))


def rally(board: Board, action: Action) -> None:
    """Rally a frightened card (609.2e)."""
    card = board.cards[action.card]
    cost = rally_cost(board, action.player, card)
    board.trace.note("609.2e", "{player} pays {n} action tokens to unfrighten {card}", player=board.name(action.player),
                     n=cost, card=card.label)
    pay(board, action.player, cost, f"rally {card}")
    status.unfrighten(board, card)
