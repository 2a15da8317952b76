"""What card text refers to: the cards (or players) a
:class:`~rulebase.engine.ccg.abilities.model.Selector` can name.

:func:`candidates` honours the selector's noun, its controller ("your",
"an opponent's", read from the perspective of the player who carries the
instruction out, 513.5, 513.6), where the cards are (``here``: this card's
area, 501.4; ``there``: the area the text names, 501.5; ``home``, ...), the zone (play unless it says another: modifiers
only affect cards in play, 707.3) and its filters; face-down Troublemakers
can't be referenced unless the selector says "face-down" (505.2).

The words the engine knows are listed in :data:`NOUNS`, :data:`WHERE`,
:data:`ZONES`, :data:`CONTROLLERS` and :data:`FILTERS`; :func:`executable`
names the first word of a selector that is not among them.  A selector is
compiled once into a predicate (:func:`compiled`), so that asking for its
candidates during a game costs no parsing.

>>> from rulebase.engine.ccg.abilities.model import Selector
>>> executable(Selector("Friend", controller="opponent", filters=(("power", "<=1"),)))
>>> executable(Selector("Friend", filters=(("next-played", "turn"),)))
"the filter 'next-played'"
"""

from __future__ import annotations

import operator
from functools import lru_cache

from rulebase.engine.ccg import areas
from rulebase.engine.ccg import power as powers
from rulebase.engine.ccg import rules
from rulebase.engine.ccg import status
from rulebase.engine.ccg.abilities import events
from rulebase.engine.ccg.abilities.model import Selector
from rulebase.engine.ccg.abilities.verbs import (beneath, has_the_same_name, is_cutie_marked, named_counters, named_name,
                                                  referable)
from rulebase.engine.ccg.board import Area, Board, Card, Zone
from rulebase.engine.ccg.cards import (CardType, Color, cost_compared, has_color, has_trait, is_named, parse_color,
                                       problem_deck_of, this_card)
from rulebase.engine.errors import SetupError

PLAYER_NOUNS = ("player", "opponent", "you")
"""Nouns that name players, not cards."""

PLAYER_REFS = ("player", "they", "that-player")
"""The words "that" refers to a player with ("that player")."""

CHOSEN_PLAYER = "chosen-player"
"""Where an effect keeps the player an instruction chose ("Choose a
player. That player ..."): "that player" of the instructions after it."""

PLAYER_REFERENCES = (None, "that", "owner", "controller", "winner", "loser") + PLAYER_REFS
"""The players a player noun may refer to that :func:`players` knows:
"that player", "its owner", "its controller", "the winner" and "the
loser" of a faceoff the effect started."""


HAND = "hand"
"""The noun of a player's hand as a whole (404.1)."""

HAND_SEEN = "hand-seen"
"""Where an effect keeps the cards of the hand an instruction looked at or
revealed: "choose a card" after it chooses among them."""

HAND_VERBS = ("look", "reveal")
"""The instructions carried out on a hand as a whole."""


def hand_owners(board: Board, context, selector: Selector) -> list[int]:
    """The players whose hand ``selector`` (the noun 'hand') names: "your
    hand", "their hand" (the player carrying the instruction out), "an
    opponent's hand", "a player's hand" (any player still in the game)."""
    return [player for player in _owners(board, context, selector) if not board.players[player].removed]


def hand_seen(context) -> list | None:
    """The cards of the hand an earlier instruction of the effect looked at
    or revealed, if one did."""
    return (getattr(context, "named", None) or {}).get(HAND_SEEN)


def names_players(selector: Selector | None) -> bool:
    """Whether ``selector`` names players (not cards)."""
    return selector is not None and (selector.noun in PLAYER_NOUNS
                                     or (selector.noun == "that" and selector.ref in PLAYER_REFS))

TYPES = {
    "card": None,
    "character": "character",
    "Friend": CardType.FRIEND,
    "Mane Character": CardType.MANE,
    "Troublemaker": CardType.TROUBLEMAKER,
    "Problem": CardType.PROBLEM,
    "Resource": CardType.RESOURCE,
    "Event": CardType.EVENT,
    "Accessory": CardType.RESOURCE,
}
"""The nouns that name cards by type (``character``: a Friend or a Mane
Character; ``Accessory``: a Resource with that trait, :data:`TRAIT_NOUNS`)."""

TRAIT_NOUNS = {"Accessory": "Accessory"}
"""The nouns that name cards of a type by a trait they have ("an
Accessory": a Resource with the trait Accessory), with that trait."""

NOUNS = {
    **{noun: f"a card of type {noun}" for noun in TYPES},
    "card": "any card",
    "player": "a player",
    "opponent": "an opponent of the player carrying the instruction out",
    "you": "the player carrying the instruction out",
    "self": "this card",
    "host": "the card this card is attached to",
    "that": "a card an earlier part named (or, with ``ref`` player, the event's player)",
    "it": "the card an earlier part named",
    "home": "a player's home (an area: where a card is played)",
    "hand": "a player's hand as a whole (\"look at an opponent's hand\", \"reveals their hand\"): each of its "
            "cards is looked at or revealed, and its player is \"that player\" of the instructions after",
    "action-token": "an action token a player has (502.1): counted (\"for each action token they have\", "
                    "\"with at least one action token\"), not a card",
    "power": "the power of the cards its filter 'of' names, as a number: one candidate per point (\"equal to "
             "that Troublemaker's power\")",
    "cost": "the cost of the cards its filter 'of' names, as a number: one candidate per action token (\"equal to "
            "that Friend's cost\")",
    "counter": "a counter with a name (519.1) on one of the cards its filter 'on' names, of the name its filter "
               "'kind' says: counted (\"for each Chorus counter on this card\"), not a card",
    "color": "a color one of the cards its filter 'among' or 'of' names has (203.1): counted (\"for each color "
             "among Friends in discard piles\", \"the number of colors that Friend has\"), each color once",
    "card-type": "a card type of one of the cards its filter 'among' names: counted (\"for each card type among "
                 "cards in your discard pile\"), each type once",
    "trait": "a Trait on the Trait line of one of the cards its filter 'among' names (207.1): counted (\"for each "
             "different Trait among opposing characters here\"), each Trait once",
}
"""The selector nouns the engine knows."""

WHERE = {
    None: "anywhere",
    "here": "this card's Problem",
    "this-problem": "this card's Problem",
    "home": "a home",
    "your-home": "the home of the player carrying the instruction out",
    "opponent-home": "an opponent's home",
    "problem": "any Problem",
    "your-problem": "the Problem of the player carrying the instruction out",
    "opponent-problem": "an opponent's Problem",
    "that-problem": "the Problem an earlier part or the event named",
    "there": "the Problem an earlier part or the event named",
    "its-problem": "this card's Problem",
    "same-problem": "the Problem of the card an earlier part named",
    "each-problem": "a Problem: one of the cards at each Problem (\"exhaust an opposing character at each Problem\": "
                    "the instruction is carried out at each Problem in turn)",
    "other-area": "an area other than this card's (\"at other locations\": a home or another Problem, 501.1)",
    "that-card-problem": "the Problem the card \"that\" names is at (\"that Friend's Problem\": of an attachment, the "
                         "Problem of the card it is on, 509.4)",
    "discard": "the discard pile of the player carrying the instruction out",
    "hand": "the hand of the player carrying the instruction out",
}

ZONE_PLACES = ("discard", "hand")
"""Places that are zones, not areas ("while this card is in your discard pile")."""
"""Where the cards of a selector are."""

ZONES = {
    None: Zone.PLAY, "play": Zone.PLAY, "hand": Zone.HAND, "discard": Zone.DISCARD, "deck": Zone.DRAW_DECK,
    "problem-deck": Zone.PROBLEM_DECK, "this-problem-deck": Zone.PROBLEM_DECK, "banished": Zone.BANISHED, "flip": Zone.FLIP,
    "any-discard": Zone.DISCARD, "opponent-deck": Zone.DRAW_DECK, "their-deck": Zone.DRAW_DECK,
    "opponent-hand": Zone.HAND, "opponent-discard": Zone.DISCARD,
}
"""The zones a selector's cards are in (play unless it says another, 707.3)."""

CONTROLLERS = {
    None: "anyone's", "any": "anyone's", "you": "the player carrying the instruction out's",
    "their": "the player carrying the instruction out's", "opponent": "an opponent's",
    "owner": "owned by the player carrying the instruction out", "that-player": "the event's player's",
    "this-problem": "the owner's of the Problem whose ability it is (\"this Problem deck\")",
    "their-opponent": "an opponent's of the player 'their' names (\"for each of their opponent's Friends here\", "
                      "read for each player in turn)",
}
"""Whose cards a selector names."""

STATUSES = {
    "ready": lambda card: card.is_ready,
    "exhausted": lambda card: card.exhausted,
    "frightened": lambda card: card.frightened,
    "face-down": lambda card: card.face_down,
    "face-up": lambda card: not card.face_down,
    "unfrightened": lambda card: not card.frightened,
    "boosted": lambda card: card.turned_over,
    "cutie-marked": is_cutie_marked,
}
"""The statuses a selector's ``status`` filter can ask for."""

FILTERS = {
    "trait": "has a trait", "color": "has a color (or one of several)", "power": "its power compares with a number",
    "printed-power": "its printed power compares", "cost": "its cost compares", "other": "not this card",
    "status": "ready, exhausted, frightened, face-down, face-up, boosted, cutie marked", "involved": "involved in the faceoff under way",
    "random": "chosen at random", "top": "the top cards of a deck (as many as the count)",
    "not-trait": "has not a Trait ('a non-Epic Troublemaker'), or is not of a card type ('a non-Friend card')",
    "counter": "has a counter of a name on it ('+1': a +1 power counter, 519.4; 'with +1 power counters on them')",
    "attachment": "is (true) or is not (false) attached to a card ('an opponent's non-attachment Resource', 509)",
    "cost-vs": "its cost compares with a number counted now ('with cost less than or equal to the number of ...')",
    "first": "the first card of its description its player played this turn ('your first Griffon Friend each turn')",
    "most": "a player who has more of a selector's cards than each other player ('the player with the most Pegasus "
            "characters here'): none while two have the most",
    "fewest": "a player who has fewer points than each other player ('the player with the fewest points'): none "
              "while two have the fewest",
    "on": "attached to one of a selector's cards",
    "played-on": "played on one of a selector's cards: attached to it once in play", "with": "at the same area as one of a selector's cards",
    "keyword": "has a keyword", "has": "a player who has at least as many of a selector's cards as its count",
    "or-self": "this card among them ('this or another one of')",
    "name": "has a name (its title)", "nouns": "of one of several types ('a Friend or Resource')",
    "requirement-shares-color": "its play requirement includes a color of a selector's card",
    "shares-trait": "has a Trait of its Trait line that one of a selector's cards has ('Friends that share a Trait "
                    "with this card')",
    "with-attached": "has one of a selector's cards attached to it", "token": "is (or is not) a token",
    "without-attached": "has none of a selector's cards attached to it ('without an attached Accessory')",
    "power-vs": "its power compares with a number counted now ('with less power than that Friend')",
    "unique": "is Unique",
    "this-way": "a card an earlier instruction of the effect was done to ('each Event banished this way')",
    "using-only": "a Troublemaker defeated using only characters of a color: the winner's cards involved in the "
                  "faceoff the event names",
    "beneath": "beneath one of a selector's cards (in the banished zone: 'a card from beneath this card')",
    "kind": "the name of a counter (519.1)",
    "at_least": "one or more (a trigger's subject: the ability triggers once for those events that happen "
                "together, card text over 704.1b)",
    "remaining": "a card an earlier instruction of the effect was done to that no instruction after it was done to "
                 "('all remaining cards', 'the rest of the cards' revealed)",
    "one-of-each": "one card of each of the types of its filter 'nouns' ('a Friend, Resource, Event, and Troublemaker "
                   "from your discard pile'): the instruction is carried out on one of each, or not at all",
    "last": "the last card of its zone ('the last card in your hand'): the only one there, or the card just played "
            "from it that left it empty",
    "power-extreme": "its power is the highest (or the least) among a selector's cards, of which it is one ('a Friend "
                     "with the least power among Friends involved in the faceoff'); ties all have it",
}
"""The filters the engine knows."""

THAT = "that"
"""A comparison with the card an earlier part named ("with equal or greater power": ``>=that``)."""

THIS_WAY = {"revealed": "reveal", "banished": "banish", "discarded": "discard", "dismissed": "dismiss",
            "retired": "retire", "exhausted": "exhaust", "readied": "ready", "moved": "move",
            "frightened": "frighten", "spent": "spend"}
"""The instructions a card done "this way" was done by, by their words."""


def done_this_way(context, verb: str) -> list:
    """The cards the earlier instruction ``verb`` of the effect was done to."""
    return list((getattr(context, "named", None) or {}).get(f"this-way:{verb}", ()))


def remaining(context, verb: str) -> list:
    """"All remaining cards", "the rest of the cards": those the earlier
    instruction ``verb`` of the effect was done to ("revealed") that no
    other instruction of it was done to since (not put into a hand)."""
    named = getattr(context, "named", None) or {}
    others = {id(card) for key, cards in named.items() if key.startswith("this-way:") and key != f"this-way:{verb}"
              for card in cards}
    return [card for card in done_this_way(context, verb) if id(card) not in others]


POWER = "power"
"""The noun of a number of power ("equal to that Friend's power"): the
candidates it names are points of power, only ever counted."""

COST = "cost"
"""The noun of a number of action tokens a card costs ("equal to that
Friend's cost"): the candidates it names are its printed cost's tokens,
only ever counted."""

POWER_COUNTERS = ("+1", "+1 power")
"""The names by which text calls +1 power counters (519.4)."""

COUNTER = "counter"
"""The noun of counters with a name: the candidates it names are ``(card,
name, n)`` triples, one per counter, only ever counted."""

ACTION_TOKEN = "action-token"
"""The noun of action tokens: the candidates it names are a player's
tokens, one ``(player, n)`` pair each, only ever counted."""

_COMPARE = {">=": operator.ge, "<=": operator.le, "==": operator.eq, "=": operator.eq, ">": operator.gt,
            "<": operator.lt, "!=": operator.ne}


def comparison(text) -> tuple:
    """A comparison ``">=3"`` (or a bare number, "exactly") as ``(op, n)``.

    >>> comparison("<=1")[1], comparison(2)[1]
    (1, 2)
    """
    if isinstance(text, int):
        return operator.eq, text
    words = str(text).replace(" ", "")
    for symbol in (">=", "<=", "==", "!=", ">", "<", "="):
        if words.startswith(symbol):
            return _COMPARE[symbol], int(words[len(symbol):])
    return operator.eq, int(words)


def colors_of(value) -> tuple:
    """The colors a ``color`` filter names (one, or several: "[Honesty] or [Magic]")."""
    values = value if isinstance(value, (tuple, list, frozenset, set)) else str(value).replace(" or ", ",").split(",")
    return tuple(parse_color(str(v)) for v in values if str(v).strip())


class Compiled:
    """A selector made into what :func:`candidates` asks: the card type,
    the zone, whether face-down Troublemakers can be named, and one test per
    filter, each a function ``(board, context, card) -> bool``."""

    __slots__ = ("selector", "type", "zone", "tests", "face_down_named", "top")

    def __init__(self, selector: Selector):
        self.selector = selector
        self.type = TYPES.get(selector.noun)
        self.zone = ZONES[selector.zone]
        self.tests = []
        self.face_down_named = False
        self.top = False
        trait = TRAIT_NOUNS.get(selector.noun)
        if trait is not None:
            self.tests.append(lambda board, context, card: has_trait(board, card, trait))
        for name, value in selector.filters:
            try:
                self.tests.extend(self._filter(name, value))
            except (KeyError, ValueError, SetupError):
                self.tests.append(_names_nothing)  # a value the engine can't read (see executable())

    def _filter(self, name: str, value):
        if name == "trait":
            trait = str(value)
            return [lambda board, context, card: has_trait(board, card, trait)]
        if name == "color":
            colors = colors_of(value)
            return [lambda board, context, card: has_color(board, card, colors)]
        if name == "power" and isinstance(value, str) and value.endswith(THAT):
            compare = _COMPARE[value[:-len(THAT)]]
            return [lambda board, context, card: any(
                compare(powers.counted(powers.power(board, card)), powers.counted(powers.power(board, other)))
                for other in named_cards(context, "it")[:1])]
        if name in ("power", "printed-power", "cost"):
            compare, n = comparison(value)
            if name == "power":
                return [lambda board, context, card: compare(powers.counted(powers.power(board, card)), n)]
            if name == "printed-power":
                return [lambda board, context, card: compare(powers.printed_power_of(board, card) or 0, n)]
            return [lambda board, context, card: (cost := cost_compared(board, card)) is not None and compare(cost, n)]
        if name == "other":
            return [lambda board, context, card: card is not context.card and not _chosen_by_an_event(context, card)
                    and not _host_of_this(context, card)] if value else []
        if name == "status":
            test = STATUSES[value]
            if value == "face-down":
                self.face_down_named = True
            if value == "ready":
                return [lambda board, context, card: status.is_ready(board, card)]
            return [lambda board, context, card: test(card)]
        if name == "involved":
            if value == "that-faceoff":  # "that faceoff": the one under way, else the last, as it was won and lost
                return [lambda board, context, card: board.faceoff.involves(board, card) if board.faceoff is not None
                        else bool(board.faceoffs) and (card.id, card.incarnation) in board.faceoffs[-1].cards]
            return [lambda board, context, card: board.faceoff is not None and board.faceoff.involves(board, card)]
        if name in ("on", "played-on"):
            hosts = value
            return [lambda board, context, card: card.host is not None and card.host in candidates(board, context, hosts)]
        if name == "with":
            others = value
            return [lambda board, context, card: card.area is not None
                    and any(other is not card and other.area == card.area for other in candidates(board, context, others))]
        if name == "top":
            self.top = True
            return []
        if name == "first":
            from dataclasses import replace

            rest = replace(self.selector, filters=tuple(f for f in self.selector.filters if f[0] != "first"))
            return [lambda board, context, card: is_first_played(board, context, card, rest)]
        if name == "not-trait":
            kind, trait = TYPES.get(str(value), False), str(value)
            if kind is not False:
                return [lambda board, context, card: not of_type(card, kind)]
            return [lambda board, context, card: not has_trait(board, card, trait)]
        if name == "counter":
            wanted = str(value)
            if wanted in POWER_COUNTERS:
                return [lambda board, context, card: card.counters > 0]
            return [lambda board, context, card: named_counters(board, card).get(wanted, 0) > 0]
        if name == "attachment":
            attached = bool(value)
            return [lambda board, context, card: (card.host is not None) == attached]
        if name == "cost-vs":
            symbol, amount = value
            compare, times, per = _COMPARE[symbol], amount.value if amount.value is not None else 1, amount.per
            return [lambda board, context, card: (cost := cost_compared(board, card)) is not None
                    and compare(cost, times * len(candidates(board, context, per)))]
        if name == "keyword":
            from rulebase.engine.ccg.abilities import continuous, keywords

            keyword = str(value)  # the card's own keyword while it has its abilities (702.1), or one given to it
            return [lambda board, context, card: bool(keywords.has(card, keyword))
                    or continuous.gives(board, card, keyword)]
        if name == "name" and value == "named":  # "with that name": the name a player named for this card (201.1b)
            return [lambda board, context, card: not (card.face_down and card.type == CardType.TROUBLEMAKER) and (
                (wanted := named_name(board, getattr(context, "card", None))) is not None
                and is_named(board, card, wanted.casefold()))]
        if name == "name" and value == "same":  # "a card with the same name" as the card an earlier part named
            return [lambda board, context, card: not (card.face_down and card.type == CardType.TROUBLEMAKER) and any(
                has_the_same_name(board, card, other) for other in _named_before(context)[:1]
                if isinstance(other, Card))]
        if name == "name":
            wanted = str(value).casefold()
            return [lambda board, context, card: not (card.face_down and card.type == CardType.TROUBLEMAKER)
                    and is_named(board, card, wanted)]
        if name == "nouns":
            kinds = tuple(TYPES[noun] for noun in value)
            return [lambda board, context, card: any(
                (card.is_character if kind == "character" else kind is None or card.type == kind) for kind in kinds)]
        if name == "requirement-shares-color":
            others = value
            return [lambda board, context, card: bool(
                {need.color for need in card.info.requirement if need.color is not None}
                & {color for other in candidates(board, context, others) if isinstance(other, Card)
                   for color in other.colors})]
        if name == "shares-trait":
            others = value
            return [lambda board, context, card: any(
                has_trait(board, card, trait) for other in candidates(board, context, others)
                if isinstance(other, Card) and other is not card and not other.face_down for trait in other.info.traits)]
        if name == "with-attached":
            attached = value
            return [lambda board, context, card: any(other.host is card for other in candidates(board, context, attached)
                                                     if isinstance(other, Card))]
        if name == "power-vs":
            symbol, amount = value
            compare, times, per = _COMPARE[symbol], amount.value if amount.value is not None else 1, amount.per
            return [lambda board, context, card: compare(powers.counted(powers.power(board, card)),
                                                         times * len(candidates(board, context, per)))]
        if name == "without-attached":
            attached = value
            return [lambda board, context, card: not any(
                other.host is card for other in candidates(board, context, attached) if isinstance(other, Card))]
        if name == "token":
            wanted_token = bool(value)
            return [lambda board, context, card: distinguished_as_token.allows(board, card, wanted_token)]
        if name == "unique":
            return [lambda board, context, card: card.has_trait("Unique") == bool(value)]
        if name == "using-only":
            color, noun = value
            return [_used_only(colors_of(color), TYPES[noun])]
        if name == "last":
            zone = self.zone
            return [lambda board, context, card: is_last(board, context, card, zone)]
        if name == "power-extreme":
            extreme, among = value
            among = among if among is not None else extreme_among(self.selector)
            pick = max if extreme in HIGHEST else min
            return [lambda board, context, card: has_extreme_power(board, context, card, pick, among)]
        if name == "beneath":
            return []  # the cards looked among (see candidates())
        if name in ("random", "or-self", "has", "this-way", "remaining", "at_least", "most", "fewest", "one-of-each"):
            return []  # a choice, a reference to this card, or a filter of players (see players())
        return [_names_nothing]  # a filter the engine does not know (see executable()) names no card


def is_last(board: Board, context, card: Card, zone: Zone) -> bool:
    """Whether ``card`` is the last card of its owner's ``zone`` ("the last
    card in your hand"): the only card there, or, played from it, the card
    the event answered names, having left it empty."""
    cards = board.zone_list(zone, card.owner)
    if card.zone == zone:
        return len(cards) == 1 and cards[0] is card
    event = getattr(context, "event", None)
    return (not cards and getattr(event, "event", None) == "played" and zone == Zone.HAND
            and event.get("card") is card)


HIGHEST = ("highest", "most", "greatest")
"""The words of a ``power-extreme`` filter naming the highest power (the
others, "least" and "lowest", name the least)."""

EXTREMES = HIGHEST + ("least", "lowest")


def extreme_among(selector: Selector) -> Selector:
    """The cards "with the highest power" is compared among where the text
    names none: all the cards the selector describes without that filter
    ("an opposing character with the highest power": among opposing
    characters)."""
    from dataclasses import replace

    from rulebase.engine.ccg.abilities.model import Amount

    return replace(selector, count=Amount(None), every=True,
                   filters=tuple(f for f in selector.filters if f[0] != "power-extreme"))


def has_extreme_power(board: Board, context, card: Card, pick, among: Selector) -> bool:
    """Whether ``card`` is one of the cards ``among`` describes and no other
    of them has more power (``pick`` max) or less (min) than it: each of
    several with the same power has "the highest power"."""
    cards = [other for other in candidates(board, context, among) if isinstance(other, Card)]
    if card not in cards:
        return False
    totals = [powers.counted(powers.power(board, other)) for other in cards]
    return powers.counted(powers.power(board, card)) == pick(totals)


PLAYED = "_played"
"""Where a board keeps the cards played in the game, each as ``(turn,
player, card, incarnation)``, in the order they were played."""


def _record_played(board, happened) -> None:
    """Keep each card played (the event of 705.2f) with its turn and player."""
    if happened.event != "played":
        return
    card, player = happened.get("card"), happened.get("player")
    if isinstance(card, Card) and isinstance(player, int):
        board.__dict__.setdefault(PLAYED, []).append((board.turn.number, player, card, card.incarnation))


def is_first_played(board: Board, context, card: Card, described: Selector) -> bool:
    """Whether ``card`` is (or, being played, will be) the first card of
    the description ``described`` its player played this turn: no other
    card fitting it was played by them earlier this turn."""
    rule = compiled(described)
    for turn, player, other, incarnation in getattr(board, PLAYED, ()):
        if turn != board.turn.number or player != card.controller or (other is card
                                                                       and incarnation == card.incarnation):
            continue
        if of_type(other, rule.type) and all(test(board, context, other) for test in rule.tests):
            return False
    return True


events.LISTENERS.append(_record_played)


def _chosen_by_an_event(context, card) -> bool:
    """Whether ``card`` is the one an earlier instruction of an Event named:
    "each other Friend" after "Choose a Friend" leaves it out (the Event is
    not in play, so "other" can only be other than that card)."""
    this = getattr(context, "card", None)
    return this is not None and this.type == CardType.EVENT and card in named_cards(context, "it")


def _host_of_this(context, card) -> bool:
    """Whether ``card`` is the card this attachment is on: "your other
    characters there" of a Resource on a character (Dangerous Mission
    Outfit) are other than that character, a Resource being no character."""
    this = getattr(context, "card", None)
    return this is not None and this.host is not None and this.host is card


def _names_nothing(board, context, card) -> bool:
    return False


@rules.check("521.2", "a token behaves like any other card of its type, except that text referencing 'token' or "
                     "'non-token' cards distinguishes it")
def distinguished_as_token(board: Board, card: Card, wanted: bool):
    is_token = card.id in getattr(board, "tokens", ())
    if is_token != wanted:
        return (f"{card} is {'a' if is_token else 'not a'} token: text referring to "
                f"{'token' if wanted else 'non-token'} cards does not name it")


@rules.check("513.6", "text which refers to \"your\" cards is referring to cards you control")
def your_cards_are_controlled(board: Board, card: Card, player: int):
    if card.controller != player:
        return (f"{card} is controlled by {board.name(card.controller)}: it is not one of {board.name(player)}'s "
                "cards, whoever owns it")
    return rules.Allowed(f"{board.name(player)} controls {card}, owned by {board.name(card.owner)}: it is one of "
                         f"{board.name(player)}'s cards")


def yours(board: Board, card: Card, player: int) -> bool:
    """Whether ``card`` in play is one of ``player``'s cards ("your
    Friends"): one they control (513.6); asked only where control and
    ownership differ.  Without 513.6, "your" cards are those they own."""
    said = your_cards_are_controlled.verdict(board, card, player)
    if said is None:
        return card.owner == player
    if isinstance(said, rules.Allowed):
        your_cards_are_controlled.judge(board, said)
        return True
    return your_cards_are_controlled.allows(board, card, player)


def _used_only(colors, kind):
    """"A Troublemaker defeated using only [Generosity] characters": the
    cards of the winner involved in the faceoff of the event the text
    answers are all characters of one of ``colors``."""

    def test(board, context, card) -> bool:
        event = getattr(context, "event", None)
        involving = event.get("involving") if event is not None else None
        if not involving:
            return False
        winner = event.get("player")
        used = [board.cards[i] for i in involving if board.cards[i] is not card and board.cards[i].controller == winner]
        return bool(used) and all((other.is_character if kind == "character" else kind is None or other.type == kind)
                                  and any(color in other.colors for color in colors) for other in used)

    return test


@lru_cache(maxsize=4096)
def compiled(selector: Selector) -> Compiled:
    """The selector compiled once (selectors are frozen values)."""
    return Compiled(selector)


# -- the perspective: who "you" are ----------------------------------------------------


def perspective(context) -> int:
    """The player from whose perspective text is read: the one carrying out
    the instruction (``context.player``), else the ability's controller
    (513.5)."""
    player = getattr(context, "player", None)
    return context.controller if player is None else player


def event_player(context) -> int | None:
    """The player of the event a triggered ability answers ("that player",
    "they"), if any."""
    event = getattr(context, "event", None)
    player = event.get("player") if event is not None else None
    return player if isinstance(player, int) else None


def their_player(context) -> int:
    """Whose cards "their" names ("move one of their characters here
    home"): the player carrying the instruction out where the text names
    one ("each player ... their", "your opponent discards one of their
    cards"); where it names none, the player of the event the ability
    answers ("At the start of your opponent's Troublemaker Phase": that
    opponent), else the ability's controller."""
    if getattr(context, "names_no_player", False):
        them = event_player(context)
        if them is not None:
            return them
    return perspective(context)


EVENT_CARD = "event"
"""Where a context keeps the card the event that triggered its ability
happened to."""


def _named_before(context) -> list:
    """The card "with the same name" compares with: the one an earlier part
    named, but not this card after "exhaust this card to ..." when the event
    named another (Princess Cadance, Everlasting Love: the Friend that
    entered the discard pile)."""
    found = named_cards(context, "it")
    this = getattr(context, "card", None)
    if found and this is not None and all(card is this for card in found):
        event = [card for card in (getattr(context, "named", None) or {}).get(EVENT_CARD, ()) if card is not this]
        return event or found
    return found


def named_cards(context, ref: str | None) -> list:
    """The cards an earlier part (or the event) named ``ref`` ("it", "them",
    "that Friend"): those bound under ``ref``, else under ``it``; "that
    character" after "exhaust this card" is not this card but the event's
    (Pinkie Pie & Rarity, Deep Currents)."""
    named = getattr(context, "named", None) or {}
    found = named.get(ref) if ref is not None else None
    if found is None:
        found = named.get("it", ())
        this = getattr(context, "card", None)
        if ref in TYPES and found and this is not None and all(card is this for card in found):
            event = [card for card in named.get(EVENT_CARD, ()) if card is not this and _of_type(card, TYPES[ref])]
            found = event or found
    cards = [card for card in found if isinstance(card, Card)]
    if ref in TYPES and cards and not any(_of_type(card, TYPES[ref]) for card in cards):
        hosts = [card.host for card in cards if _of_type(card.host, TYPES[ref])]
        if hosts:
            return hosts  # "When you play a Resource on one of your Friends, that Friend ...": the one it is on
    if ref in TYPES and not any(_of_type(card, TYPES[ref]) for card in cards):
        host = getattr(getattr(context, "card", None), "host", None)
        if host is not None and _of_type(host, TYPES[ref]):
            return [host]  # "that Friend" of an attachment's text, naming nothing else, is its host (509.4)
    return cards


def of_type(card, kind) -> bool:
    """Whether ``card`` is a card of the type ``kind`` (a value of
    :data:`TYPES`: ``None`` any card, ``character`` a Friend or a Mane
    Character)."""
    return isinstance(card, Card) and (kind is None or (card.is_character if kind == "character" else card.is_a(kind)))


_of_type = of_type


def players(board: Board, context, selector: Selector) -> list[int]:
    """The players a player noun names, in turn order from the perspective player."""
    me = perspective(context)
    noun, ref = selector.noun, selector.ref
    if ref == "owner":
        return sorted({card.owner for card in named_cards(context, "it")} or {context.card.owner})
    if ref == "controller":
        return sorted({card.controller for card in named_cards(context, "it")} or {context.card.controller})
    if ref == "winner":
        winner = getattr(context, "winner", None)
        return [] if winner is None else [winner]
    if ref == "loser":
        winner = getattr(context, "winner", None)
        return [] if winner is None else board.opponents(winner)
    if ref in ("that",) + PLAYER_REFS:
        chosen = [player for player in (getattr(context, "named", None) or {}).get(CHOSEN_PLAYER, ())
                  if isinstance(player, int)]
        if chosen:  # "Choose a player. That player ...": the one an earlier instruction chose
            return [p for p in board.opponents(chosen[0])] if noun == "opponent" and ref != "that" else chosen[:1]
        them = event_player(context)
        if them is None:
            return _owner_named_by_an_event(context) or (_opponent_named(board, context) if noun == "opponent" else [])
        return board.opponents(them) if noun == "opponent" and ref != "that" else [them]  # "that opponent" is the one
    has = selector.filter("has")
    if has is not None:
        plain = Selector(noun, controller=selector.controller)
        return [player for player in players(board, context, plain) if _has(board, context, player, has)]
    for name in ("most", "fewest"):
        what = selector.filter(name)
        if what is not None:
            plain = Selector(noun, controller=selector.controller)
            return _the_one_with(board, context, players(board, context, plain), name, what)
    if noun == "you":
        return [me]
    if noun == "opponent" or selector.controller == "opponent":
        return board.opponents(me)
    if selector.controller == "you":
        return [me]
    return [me] + board.opponents(me)


def _owner_named_by_an_event(context) -> list[int]:
    """"That player" of an Event's text, with no event to name a player:
    the owner of the card an earlier instruction named ("Put an opposing
    Friend into its owner's hand, then that player discards a card")."""
    this = getattr(context, "card", None)
    if this is None or this.type != CardType.EVENT:
        return []
    owners = {card.owner for card in named_cards(context, "it") if isinstance(card, Card)}
    return list(owners) if len(owners) == 1 else []


def _the_one_with(board: Board, context, among: list[int], name: str, what) -> list[int]:
    """The player of ``among`` with the most (or the fewest) of ``what``:
    a selector's cards each player has, read from their perspective, or
    their ``points``; no one while two or more have as many."""
    if not among:
        return []

    def count(player: int) -> int:
        if what == POINTS:
            return board.players[player].score
        seen = Perspective(context, player)
        return len(candidates(board, seen, what if what.controller is not None else _yours(what)))

    counts = {player: count(player) for player in among}
    best = (max if name == "most" else min)(counts.values())
    found = [player for player, n in counts.items() if n == best]
    return found if len(found) == 1 else []


POINTS = "points"
"""What "the player with the fewest points" counts: a player's score."""


def _opponent_named(board: Board, context) -> list[int]:
    """"That opponent" with no event to name a player: the opponent who
    owns the card an earlier instruction named ("gain control of an
    opponent's non-attachment Resource. That opponent gains control of
    this card")."""
    me = perspective(context)
    owners = {card.owner for card in named_cards(context, "it") if isinstance(card, Card) and card.owner != me}
    return list(owners) if len(owners) == 1 else []


def _has(board: Board, context, player: int, what: Selector) -> bool:
    """Whether ``player`` has (controls) at least ``what``'s count of its
    cards, read from that player's perspective."""
    seen = Perspective(context, player)
    wanted = what.count.value if what.count.value is not None else 1
    mine = what if what.controller is not None else _yours(what)
    return len(candidates(board, seen, mine)) >= wanted


@lru_cache(maxsize=1024)
def _yours(selector: Selector) -> Selector:
    from dataclasses import replace

    return replace(selector, controller="you")


class Perspective:
    """A context read from ``player``'s perspective (513.5): "you" is
    ``player``."""

    __slots__ = ("card", "controller", "player", "named", "event", "area", "done")

    def __init__(self, context, player: int):
        self.card = context.card
        self.controller = context.controller
        self.player = player
        self.named = getattr(context, "named", None)
        self.event = getattr(context, "event", None)
        self.area = getattr(context, "area", None)
        self.done = getattr(context, "done", True)


class About(Perspective):
    """A context read about ``card``, the card an instruction chose: what
    "its", "other" and "that Friend" of a count given to it name ("One of
    your Friends gets +1 power for each of your other Friends at its
    Problem", "a number of +1 power counters ... equal to that Friend's
    power"), "you" still the player carrying the instruction out."""

    __slots__ = ()

    def __init__(self, context, card: Card, noun: str | None = None):
        super().__init__(context, perspective(context))
        self.card = card
        self.named = {**(self.named or {}), "it": [card], **({noun: [card]} if noun else {})}


ZONE_OWNERS = {"any-discard": "any", "opponent-deck": "opponent", "this-problem-deck": "this-problem",
               "opponent-hand": "opponent", "opponent-discard": "opponent"}
"""The zones whose words say whose they are ("a discard pile": anyone's;
"your opponent's deck", "your opponent's hand")."""


def _owners(board: Board, context, selector: Selector) -> list[int]:
    me = perspective(context)
    whose = ZONE_OWNERS.get(selector.zone)
    if whose == "opponent":
        return board.opponents(me)
    if whose == "any":
        return [p.index for p in board.players if not p.removed]
    if whose == "this-problem" or selector.controller == "this-problem":
        return [problem_deck_of(board, context.card, me)]
    if selector.controller == "their":
        return [their_player(context)]
    if selector.controller in (None, "you", "owner"):
        return [me]
    if selector.controller == "that-player":
        them = event_player(context)
        return [] if them is None else [them]
    if selector.controller == "opponent":
        return board.opponents(me)
    if selector.controller == "their-opponent":
        return board.opponents(their_player(context))
    return [p.index for p in board.players if not p.removed]


def _where_the_event_left_it(context, card: Card) -> Area | None:
    """Where ``card``, out of play, was as it left play, if the event being
    answered is its leaving (the area it announced); else ``None``."""
    event = getattr(context, "event", None)
    if event is None or event.get("card") is not card or card.zone == Zone.PLAY:
        return None
    area = event.get("area")
    return area if isinstance(area, Area) else None


def _area_it_left(context) -> Area | None:
    """Where the card whose ability answers its own leaving play (or its
    defeat) was as it left: what "here" and "this card's Problem" of that
    ability name, the game state as the effect was created (712.2); ``None``
    for a card in play or an ability answering anything else."""
    this, event = getattr(context, "card", None), getattr(context, "event", None)
    if this is None or this.zone == Zone.PLAY or event is None or event.get("card") is not this:
        return None
    area = event.get("area")
    return area if isinstance(area, Area) else None


def problem_of(board: Board, card: Card | None) -> Area | None:
    """The Problem area a card is at (an attachment's is its host's), if any."""
    if card is None or card.zone != Zone.PLAY or card.area is None or not card.area.is_problem:
        return None
    return card.area


def at_place(board: Board, context, card: Card, where: str | None) -> bool:
    """Whether ``card`` is at the place ``where`` names (see :data:`WHERE`)."""
    if where is None:
        return True
    me = perspective(context)
    if where in ZONE_PLACES:
        return card.zone == ZONES[where] and card.owner == me
    area = card.area
    if area is None:
        area = _where_the_event_left_it(context, card)
        if area is None:
            return False
        if where == "here":  # "When a Friend here is dismissed": where it was is this card's area
            this = context.card
            return this is not None and this.zone == Zone.PLAY and this.area == area
        if where in ("problem", "home"):
            return area.is_problem if where == "problem" else area.is_home
        return False
    left = _area_it_left(context)
    if left is not None and where in ("here", "this-problem", "its-problem"):
        return area == left and (where == "here" or area.is_problem)
    if where == "here":
        return areas.is_here(board, context.card, card)
    if where in ("this-problem", "its-problem"):
        return area.is_problem and area == problem_of(board, context.card)
    if where == "home":
        return area.is_home
    if where == "your-home":
        return area.is_home and area.owner == me
    if where == "opponent-home":
        return area.is_home and area.owner != me
    if where in ("problem", "each-problem"):
        return area.is_problem
    if where == "your-problem":
        return area.is_problem and area.owner == me
    if where == "opponent-problem":
        return area.is_problem and area.owner != me
    if where == "there":
        return areas.is_there(board, place_named(context), card)
    if where == "that-problem":
        return area.is_problem and area == place_named(context)
    if where == "same-problem":
        return area.is_problem and any(area == other.area for other in named_cards(context, "it"))
    if where == "that-card-problem":
        return area.is_problem and any(area == other.area for other in that_card(context))
    if where == "other-area":
        this = getattr(context, "card", None)
        return this is not None and this.zone == Zone.PLAY and this.area is not None and area != this.area
    if isinstance(where, tuple) and len(where) == 2 and where[0] == "problem-with":
        return area.is_problem and has_there(board, context, area, where[1])
    return False


def has_there(board: Board, context, area: Area, what: Selector) -> bool:
    """Whether the Problem ``area`` is "a Problem with" the cards ``what``
    describes: at least as many of them there as its count ("a Problem
    with a Troublemaker": one; "with 2 or more other characters": two
    other than this card)."""
    wanted = what.count.value if what.count.value is not None and not what.every else 1
    found = 0
    for other in candidates(board, context, what):
        if isinstance(other, Card) and other.area == area:
            found += 1
            if found >= wanted:
                return True
    return False


def that_card(context) -> list[Card]:
    """The card whose Problem "that Friend's Problem" is: of an attachment,
    the card it is on (509.4); else the card an earlier part named that is
    not the event's (the Problem solved is not "that Friend")."""
    this = getattr(context, "card", None)
    host = getattr(this, "host", None)
    if host is not None:
        return [host]
    event = (getattr(context, "named", None) or {}).get(EVENT_CARD, ())
    return [card for card in named_cards(context, "it") if card not in event and card.type != CardType.PROBLEM]


def place_named(context) -> Area | None:
    """The Problem an earlier part or the event named ("that Problem",
    "there"): bound as ``context.area``, else where the event happened."""
    area = getattr(context, "area", None)
    if area is not None:
        return area
    for card in named_cards(context, "it"):
        if card.zone == Zone.PLAY and card.area is not None and card.area.is_problem:
            return card.area  # "Choose one of your Friends at a Problem. ... at that Problem"
    event = getattr(context, "event", None)
    if event is None:  # "While this Friend is at a Problem, ... at that Problem": the one it (or its host) is at
        return problem_of(None, getattr(context, "card", None))
    for key in ("to", "area"):
        found = event.get(key)
        if isinstance(found, Area):
            return found
    card = event.get("card")
    return card.area if isinstance(card, Card) and card.zone == Zone.PLAY else None


def candidates(board: Board, context, selector: Selector | None) -> list:
    """The cards (or, for a player noun, the players' indexes) ``selector``
    can name now, in the context of an ability (``context.card`` its
    source, ``context.controller``, ``context.named`` the cards earlier
    parts named).  ``None`` names this card."""
    if selector is None:
        return [context.card] if context.card is not None else []
    noun = selector.noun
    if noun in PLAYER_NOUNS or (noun == "that" and selector.ref in PLAYER_REFS):
        return players(board, context, selector)
    if noun == "home":
        return [board.players[player].home for player in _owners(board, context, selector)]
    if noun == ACTION_TOKEN:
        return [(player, n) for player in _owners(board, context, selector)
                for n in range(board.players[player].tokens)]
    if noun == POWER:
        total = sum(powers.counted(powers.power(board, card)) for card in candidates(board, context, selector.filter("of"))
                    if isinstance(card, Card))
        return [(POWER, n) for n in range(max(0, total))]
    if noun == COST:
        total = sum(card.info.cost or 0 for card in candidates(board, context, selector.filter("of"))
                    if isinstance(card, Card))
        return [(COST, n) for n in range(max(0, total))]
    if noun in AMONG:
        return [(noun, value) for value in _among(board, context, selector)]
    if noun == COUNTER:
        kind = str(selector.filter("kind"))
        return [(card, kind, n) for card in hosts_beneath(board, context, selector.filter("on"))
                for n in range(card.counters if kind in POWER_COUNTERS else named_counters(board, card).get(kind, 0))]
    if noun == "self":
        return this_card(board, context.card) if context.card is not None else []
    if noun == "host":
        host = context.card.host if context.card is not None else None
        return [host] if host is not None else []
    if noun in ("that", "it"):
        return named_cards(context, selector.ref or noun)
    if noun == HAND:
        return [card for player in hand_owners(board, context, selector) for card in board.zone_list(Zone.HAND, player)]
    rule = compiled(selector)
    way = selector.filter("this-way")
    if way is not None:
        return [card for card in done_this_way(context, THIS_WAY.get(way, ""))
                if rule.type is None or (card.is_character if rule.type == "character" else card.type == rule.type)]
    left = selector.filter("remaining")
    if left is not None:
        return [card for card in remaining(context, THIS_WAY.get(left, ""))
                if rule.type is None or (card.is_character if rule.type == "character" else card.type == rule.type)]
    hosts = selector.filter("beneath")
    if hosts is not None:
        pool = [card for host in hosts_beneath(board, context, hosts) for card in beneath(board, host)]
    elif (rule.zone == Zone.PLAY and selector.zone is None and selector.where is None and selector.controller is None
          and hand_seen(context) is not None):  # "look at a player's hand and choose a card": one of that hand's
        pool = [card for card in hand_seen(context) if card.zone == Zone.HAND]
    elif rule.zone == Zone.PLAY:
        pool = board.play
    else:
        pool = []
        for owner in _owners(board, context, selector):
            cards = board.zone_list(rule.zone, owner)
            if rule.top:
                count = selector.count
                n = count.value if count.value is not None else len(cards)
                if count.per is not None:
                    n *= len(candidates(board, context, count.per))
                cards = cards[:n]
            pool.extend(cards)
    found = []
    kind = rule.type
    me = perspective(context)
    controller = selector.controller
    for card in pool:
        if kind is not None:
            if kind == "character":
                if not card.is_character:
                    continue
            elif card.type != kind and kind not in card.also:
                continue
        if rule.zone == Zone.PLAY and hosts is None:
            if controller is not None:
                if controller in ("you", "their"):
                    whose = me if controller == "you" else their_player(context)
                    if (card.controller != whose or card.owner != whose) and not yours(board, card, whose):
                        continue
                elif controller == "opponent":
                    if card.controller == me:
                        continue
                elif controller == "owner":
                    if card.owner != me:
                        continue
                elif controller == "that-player" and card.controller != event_player(context):
                    continue
                elif controller == "their-opponent" and card.controller not in board.opponents(their_player(context)):
                    continue
            if (card.face_down and card.type == CardType.TROUBLEMAKER and not rule.face_down_named
                    and referable.verdict(board, card) is not None):
                continue
            if selector.where is not None and not at_place(board, context, card, selector.where):
                continue
        if rule.tests and not all(test(board, context, card) for test in rule.tests):
            continue
        found.append(card)
    return found


AMONG = ("color", "card-type", "trait")
"""The nouns of the qualities of cards text counts, each once ("for each
color among ...", "each different Trait among ..."): the candidates they
name are ``(noun, value)`` pairs, only ever counted."""


def _among(board: Board, context, selector: Selector) -> list:
    """The colors, card types or Traits the cards of the selector's filter
    ``among`` (or ``of``) have, each once, in the order first found: a
    card's colors as text names them (203.1, with those modifiers give it),
    the Traits of its Trait line (207.1, each of several one, 207.1a); a
    face-down card has none (505.1)."""
    cards = [card for card in candidates(board, context, selector.filter("among") or selector.filter("of"))
             if isinstance(card, Card)]
    found: dict = {}
    for card in cards:
        if card.face_down:
            continue
        if selector.noun == "color":
            values = [color for color in Color if has_color(board, card, (color,))]
        elif selector.noun == "card-type":
            values = [card.type]
        else:
            values = [trait.lower() for trait in card.info.traits if has_trait(board, card, trait)]
            if card.info.traits and not values and has_trait(board, card, " • ".join(card.info.traits)):
                values = [" • ".join(card.info.traits).lower()]  # the line read as one Trait (207.1a off)
        found.update(dict.fromkeys(values))
    return list(found)


def hosts_beneath(board: Board, context, hosts: Selector) -> list[Card]:
    """The cards in play whose cards beneath (or counters on) a selector
    names: "beneath it" is the card an earlier part named, else this card
    (the subject of "this card has +1 power for each card beneath it")."""
    if hosts.noun == "it" and not named_cards(context, hosts.ref or "it"):
        found = [context.card] if getattr(context, "card", None) is not None else []
    else:
        found = candidates(board, context, hosts)
    return [card for card in found if isinstance(card, Card) and (
        card.zone == Zone.PLAY or any(named_counters(board, card).values()))]


def place_executable(where) -> str | None:
    """``None`` if the engine knows the place ``where``, else the place."""
    if isinstance(where, tuple) and len(where) == 2 and where[0] == "problem-with":
        return executable(where[1]) if isinstance(where[1], Selector) else f"the place {where!r}"
    if where not in WHERE:
        return f"the place {where!r}"
    return None


NOT_CARDS = ("self", "host", "that", "it", "home", ACTION_TOKEN, POWER, COST, COUNTER) + ("color", "card-type", "trait")
"""The nouns that do not name a group of cards compared by power."""


def executable(selector: Selector | None) -> str | None:
    """``None`` if the engine knows every word of ``selector``, else the
    first it does not know (``"the selector noun 'token'"``)."""
    if selector is None:
        return None
    if selector.noun not in NOUNS:
        return f"the selector noun {selector.noun!r}"
    if selector.noun == HAND and (selector.filters or selector.where or selector.zone or selector.every
                                  or selector.count.value != 1 or selector.controller not in ("you", "their",
                                                                                              "opponent", "any")):
        return f"a hand named by more than whose it is ({selector.part.text or selector.noun!r})"
    if selector.noun in PLAYER_NOUNS and selector.ref not in PLAYER_REFERENCES:
        return f"the players {selector.ref!r}"
    if selector.noun == ACTION_TOKEN and (selector.filters or selector.where or selector.zone
                                          or selector.controller not in (None, "you", "their", "opponent")):
        return "action tokens named by more than whose they are"
    if selector.noun in (POWER, COST):
        of = selector.filter("of")
        if not isinstance(of, Selector) or len(selector.filters) != 1 or of.noun in PLAYER_NOUNS:
            return f"{selector.noun} named by more than the cards it is of"
        return executable(of)
    if selector.noun in AMONG:
        among = selector.filter("among") or selector.filter("of")
        if not isinstance(among, Selector) or len(selector.filters) != 1 or among.noun in PLAYER_NOUNS or (
                selector.noun != "color" and selector.filter("of") is not None):
            return f"the {selector.noun} named by more than the cards it is among"
        if among.zone == "any-discard" and among.every:
            from dataclasses import replace

            among = replace(among, every=False)  # counted among the cards of every discard pile
        return executable(among)
    if selector.noun == COUNTER:
        on = selector.filter("on")
        if not isinstance(on, Selector) or selector.filter("kind") is None or len(selector.filters) != 2:
            return "counters named by more than their name and the card they are on"
        return executable(on)
    if selector.controller not in CONTROLLERS:
        return f"the controller {selector.controller!r}"
    missing = place_executable(selector.where)
    if missing is not None:
        return missing
    if selector.zone not in ZONES:
        return f"the zone {selector.zone!r}"
    if selector.zone == "any-discard" and selector.every:
        return "all the cards of one discard pile"
    for name, value in selector.filters:
        if name not in FILTERS or name == "kind":
            return f"the filter {name!r}"
        if name in ("this-way", "remaining") and value not in THIS_WAY:
            return f"the filter {name!r} of {value!r}"
        if name == "status" and value not in STATUSES:
            return f"the status {value!r}"
        if name == "color":
            try:
                colors_of(value)
            except SetupError:
                return f"the color {value!r}"
        if name == "power" and isinstance(value, str) and value.endswith(THAT) and value[:-len(THAT)] in _COMPARE:
            continue
        if name in ("power", "printed-power", "cost"):
            try:
                comparison(value)
            except ValueError:
                return f"the comparison {value!r}"
        if name == "power-vs":
            symbol, amount = value if isinstance(value, tuple) and len(value) == 2 else (None, None)
            if symbol not in _COMPARE or not isinstance(getattr(amount, "per", None), Selector):
                return f"the filter 'power-vs' of {value!r}"
            missing = executable(amount.per)
            if missing is not None:
                return missing
            continue
        if name == "has" and selector.noun not in PLAYER_NOUNS:
            return f"the filter 'has' of a {selector.noun!r}"
        if name in ("most", "fewest"):
            if selector.noun not in PLAYER_NOUNS or selector.ref is not None or not (
                    value == POINTS or isinstance(value, Selector)):
                return f"the filter {name!r} of {getattr(value, 'part', value)!r} of a {selector.noun!r}"
            if value == POINTS:
                continue
            if value.noun in PLAYER_NOUNS:
                return f"the filter {name!r} of players"
            missing = executable(value)
            if missing is not None:
                return missing
            continue
        if name == "one-of-each" and (value is not True or not isinstance(selector.filter("nouns"), (tuple, list))
                                      or selector.every or selector.count.value != 1):
            return f"one of each of {selector.part.text or selector.noun!r}"
        if name == "last" and (value is not True or ZONES[selector.zone] == Zone.PLAY):
            return f"the filter 'last' of the cards in {selector.zone or 'play'!r}"
        if name == "power-extreme":
            extreme, among = value if isinstance(value, tuple) and len(value) == 2 else (None, None)
            if extreme not in EXTREMES or not (among is None or isinstance(among, Selector)):
                return f"the filter 'power-extreme' of {value!r}"
            if among is not None and (names_players(among) or among.noun in NOT_CARDS):
                return f"the highest power among {among.noun!r}"
            if among is None and (names_players(selector) or selector.noun in NOT_CARDS):
                return f"the highest power among {selector.noun!r}"
            missing = executable(among)
            if missing is not None:
                return missing
            continue
        if name == "first" and value != "turn":
            return f"the filter 'first' of {value!r}"
        if name in ("not-trait", "counter") and not isinstance(value, str):
            return f"the filter {name!r} of {value!r}"
        if name == "cost-vs":
            symbol, amount = value if isinstance(value, tuple) and len(value) == 2 else (None, None)
            if symbol not in _COMPARE or not isinstance(getattr(amount, "per", None), Selector):
                return f"the filter 'cost-vs' of {value!r}"
            missing = executable(amount.per)
            if missing is not None:
                return missing
            continue
        if name == "nouns":
            if not isinstance(value, (tuple, list)) or any(noun not in TYPES for noun in value):
                return f"the nouns {value!r}"
            continue
        if name == "using-only":
            if not isinstance(value, (tuple, list)) or len(value) != 2 or value[1] not in TYPES:
                return f"the filter 'using-only' of {value!r}"
            try:
                colors_of(value[0])
            except SetupError:
                return f"the color {value[0]!r}"
            if selector.noun != "Troublemaker":
                return f"the filter 'using-only' of a {selector.noun!r}"
            continue
        if name == "beneath" and (selector.zone is not None or selector.noun != "card"):
            return f"the filter 'beneath' of a {selector.noun!r} in {selector.zone!r}"
        if name in ("on", "played-on", "with", "has", "requirement-shares-color", "with-attached", "without-attached",
                    "beneath", "shares-trait"):
            if not isinstance(value, Selector):
                return f"the filter {name!r} of {value!r}"
            missing = executable(value)
            if missing is not None:
                return missing
    if selector.count.per is not None:
        return executable(selector.count.per)
    return None
