"""The actions of the TCG engine: the players' decisions, the chance events
and the instructions of card text, as values that print and parse back.

A card is named by its id (``#12``), one of its effects by the card and the
effect's index on it (``#7:0``), a space by its name (``left``, ``middle``,
``right``) and a zone by its owner and name (``p1.hand``, ``p0.rest-zone``).

>>> action = Action.parse("p0 play #12 at middle paying #40 #41")
>>> action
Action.parse('p0 play #12 at middle paying #40 #41')
>>> action.verb, action.player, action.card, action.space, action.payment
('play', 0, 12, 1, (40, 41))
>>> str(Action.parse("p1 effect inspiration #7 +2"))
'p1 effect inspiration #7 +2'
>>> Action.parse("chance cut p0.main-deck 23").amount
23
>>> Action.parse("p0 activate #7:1").ability
1
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulebase.engine.action_words import (
    CHANCE_PLAYER,
    card_word,
    check_left_over,
    known,
    player_word,
    read_head,
)
from rulebase.engine.errors import ActionSyntaxError
from rulebase.engine.tcg.board import SPACES, Zone

DECISIONS = {
    # verb: what follows it
    "pass": "",
    "play": "card placement payment",
    "activate": "ability payment",
    "move": "card to-space",
    "inspire": "card",
    "advance": "",
    "disrupt": "",
    "discard": "card",
    "target": "card",
    "space": "space",
    "resolve": "ability",
    "use": "ability",
    "decline": "ability",
    "concede": "",
    "look": "zone",
    "count": "zone",
    "arrange": "zone order",
    "continue": "",
}
CHANCE_EVENTS = {"shuffle": "zone order", "cut": "zone amount", "first-player": "player"}
EFFECTS = {
    "draw": "amount", "discard": "amount", "inspiration": "card amount", "tap": "card", "untap": "card",
    "remove": "card", "return": "card", "move": "card to-space", "plan": "", "scene": "", "look": "amount",
    "reveal": "amount", "shuffle": "",
}
"""The instructions of card text a caller may have carried out for a player
(``p0 effect draw 2``), checked and applied as the card's would be."""

FREE = ("concede", "look", "count", "arrange", "effect")
"""Actions taken whatever decision is pending: conceding, looking at,
counting and rearranging zones, and the instructions of card text."""

_ZONES = {zone.word: zone for zone in Zone}


@dataclass(frozen=True)
class Action:
    """One action.  ``player`` is the player's index (``-1`` for chance);
    ``card`` and ``host`` are card ids, ``ability`` the index of one of the
    card's effects, ``space`` 0-2, ``payment`` the ids of the Scenes tapped
    for Harmony, ``effect`` the instruction of an ``effect`` action."""

    verb: str
    player: int
    card: int | None = None
    ability: int | None = None
    space: int | None = None
    host: int | None = None
    amount: int | None = None
    order: tuple[int, ...] | None = None
    zone: Zone | None = None
    owner: int | None = None
    payment: tuple[int, ...] | None = None
    effect: str | None = None

    @property
    def is_chance(self) -> bool:
        return self.player == CHANCE_PLAYER

    @property
    def is_free(self) -> bool:
        """Whether the action is taken whatever decision is pending."""
        return self.verb in FREE and not self.is_chance

    # -- text ----------------------------------------------------------------------

    def name(self) -> str:
        """The action as text, e.g. ``p0 play #12 at middle paying #40 #41``."""
        who = "chance" if self.is_chance else f"p{self.player}"
        words = [who, self.verb]
        if self.verb == "effect":
            words.append(self.effect)
        for field in self._shape().split():
            if field == "card":
                words.append(f"#{self.card}")
            elif field == "ability":
                words.append(f"#{self.card}:{self.ability}")
            elif field == "placement":
                if self.host is not None:
                    words += ["on", f"#{self.host}"]
                elif self.space is not None:
                    words += ["at", SPACES[self.space]]
            elif field == "payment":
                if self.payment:
                    words += ["paying"] + [f"#{card}" for card in self.payment]
            elif field == "to-space":
                words += ["to", SPACES[self.space]]
            elif field == "space":
                words.append(SPACES[self.space])
            elif field == "amount":
                words.append(f"{self.amount:+d}" if self.effect == "inspiration" else str(self.amount))
            elif field == "zone":
                words.append(f"p{self.owner}.{self.zone.word}")
            elif field == "order":
                words += [f"#{card}" for card in self.order or ()]
            elif field == "player":
                words.append(f"p{self.owner}")
        return " ".join(words)

    def _shape(self) -> str:
        if self.is_chance:
            return CHANCE_EVENTS[self.verb]
        if self.verb == "effect":
            return EFFECTS[self.effect]
        return DECISIONS[self.verb]

    def __str__(self) -> str:
        return self.name()

    def __repr__(self) -> str:
        return f"Action.parse({self.name()!r})"

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action from its :meth:`name`; raises
        :class:`~rulebase.engine.errors.ActionSyntaxError` otherwise."""
        player, verb, effect, shape, rest = read_head(text, DECISIONS, CHANCE_EVENTS, EFFECTS)
        fields: dict = {}
        try:
            for field in shape.split():
                if field == "card":
                    fields["card"] = card_word(rest.pop(0))
                elif field == "ability":
                    fields["card"], fields["ability"] = _ability(rest.pop(0))
                elif field == "placement":
                    if rest and rest[0] in ("at", "on"):
                        preposition, target = rest.pop(0), rest.pop(0)
                        if preposition == "on":
                            fields["host"] = card_word(target)
                        else:
                            fields["space"] = _space(target)
                elif field == "payment":
                    if rest and rest[0] == "paying":
                        rest.pop(0)
                        fields["payment"] = tuple(card_word(word) for word in rest)
                        if not fields["payment"]:
                            raise ValueError("paying nothing")
                        rest = []
                elif field == "to-space":
                    if rest.pop(0) != "to":
                        raise ValueError("to")
                    fields["space"] = _space(rest.pop(0))
                elif field == "space":
                    fields["space"] = _space(rest.pop(0))
                elif field == "amount":
                    fields["amount"] = int(rest.pop(0))
                elif field == "zone":
                    owner, _, zone = rest.pop(0).partition(".")
                    fields["owner"] = player_word(owner)
                    fields["zone"] = _ZONES[zone]
                elif field == "order":
                    fields["order"] = tuple(card_word(word) for word in rest)
                    rest = []
                elif field == "player":
                    fields["owner"] = player_word(rest.pop(0))
        except (IndexError, ValueError, KeyError):
            expected = f"{verb} {shape}".strip().replace("to-space", "to SPACE").replace("space", "SPACE")
            raise ActionSyntaxError(text, expected) from None
        check_left_over(text, rest)
        return cls(verb, player, effect=effect, **fields)



def _ability(word: str) -> tuple[int, int]:
    match = re.fullmatch(r"#(\d+):(\d+)", word)
    if not match:
        raise ValueError(word)
    return int(match[1]), int(match[2])



def _space(word: str) -> int:
    return SPACES.index(word)


def decision(verb: str, player: int, **fields) -> Action:
    """A player's decision (``decision("play", 0, card=5, space=1)``)."""
    return Action(known(verb, DECISIONS, "a verb"), player, **fields)


def effect(instruction: str, player: int, **fields) -> Action:
    """An instruction of card text carried out for ``player``."""
    return Action("effect", player, effect=known(instruction, EFFECTS, "an instruction"), **fields)
