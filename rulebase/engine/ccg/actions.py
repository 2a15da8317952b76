"""The actions of the CCG engine: the players' decisions, the chance events
and the instructions of card text, as values that print and parse back.

>>> action = Action.parse("p0 move #5 to p1.problem")
>>> action
Action.parse('p0 move #5 to p1.problem')
>>> action.verb, action.player, action.card, action.area
('move', 0, 5, Area(owner=1, kind='problem'))
>>> Action.parse("chance shuffle p1.draw-deck #4 #2 #3").order
(4, 2, 3)
>>> str(Action.parse("p1 effect power #7 -2"))
'p1 effect power #7 -2'
"""

from __future__ import annotations

from dataclasses import dataclass

from rulebase.engine.action_words import (
    CHANCE_PLAYER,
    card_word,
    check_left_over,
    known,
    player_word,
    read_head,
)
from rulebase.engine.ccg.board import HOME, PROBLEM, Area, Zone
from rulebase.engine.errors import ActionSyntaxError

DECISIONS = {
    # verb: what follows it
    "pass": "",
    "starting-problem": "card",
    "mulligan": "",
    "keep": "",
    "play": "card placement",
    "move": "card area",
    "draw": "",
    "rally": "card",
    "uncover": "card",
    "challenge": "card",
    "confront": "card",
    "send-home": "card",
    "dismiss": "card",
    "discard": "card",
    "retire": "card",
    "bottom": "card",
    "concede": "",
    "arrange": "zone order",
    "continue": "",
    "choose": "card",
    "choose-player": "player",
    "choose-area": "area",
    "choose-option": "amount",
    "choose-number": "amount",
    "accept": "",
    "decline": "",
    "order": "order",
    "trigger": "card index",
    "activate": "card index",
}
CHANCE_EVENTS = {"shuffle": "zone order", "first-player": "player", "random-card": "card"}
EFFECTS = {
    "frighten": "card", "unfrighten": "card", "exhaust": "card", "ready": "card", "dismiss": "card",
    "retire": "card", "banish": "card", "discard": "card", "draw": "amount", "flip": "amount",
    "score": "amount", "each-score": "amount", "gain": "amount", "move": "card area",
    "send": "card area", "power": "card amount", "counters": "card amount", "turn-over": "card",
    "take-control": "card", "ignore": "card", "cant-move": "card", "to-hand": "card", "extra-flips": "amount",
    "challenge": "card order", "dilemma": "card",
}
"""The instructions card text can give, as the engine carries them out."""

_ZONE_WORDS = {z: z.value.replace(" ", "-") for z in Zone}


@dataclass(frozen=True)
class Action:
    """One action.  ``player`` is the player's index (``-1`` for chance);
    ``card`` and ``host`` are card ids; ``effect`` names the instruction of
    an ``effect`` action."""

    verb: str
    player: int
    card: int | None = None
    area: Area | None = None
    host: int | None = None
    amount: int | None = None
    order: tuple[int, ...] | None = None
    zone: Zone | None = None
    effect: str | None = None
    owner: int | None = None

    def __init__(self, verb: str, player: int, card: int | None = None, area: Area | None = None,
                 host: int | None = None, amount: int | None = None, order: tuple[int, ...] | None = None,
                 zone: Zone | None = None, effect: str | None = None, owner: int | None = None):
        # The fields written straight into the instance: the legal actions of
        # every decision are made as Actions, thousands a game, and a frozen
        # dataclass's own __init__ sets each field through object.__setattr__.
        fields = self.__dict__
        fields["verb"] = verb
        fields["player"] = player
        fields["card"] = card
        fields["area"] = area
        fields["host"] = host
        fields["amount"] = amount
        fields["order"] = order
        fields["zone"] = zone
        fields["effect"] = effect
        fields["owner"] = owner

    @property
    def is_chance(self) -> bool:
        return self.player == CHANCE_PLAYER

    @property
    def is_free(self) -> bool:
        """Actions taken whatever decision is pending: conceding (103.4),
        rearranging one's own unordered zones (401.3) and the instructions of
        card text stated by a scenario."""
        return self.verb in ("concede", "effect", "arrange")

    # -- text ----------------------------------------------------------------

    def name(self) -> str:
        """The action as text, e.g. ``p0 move #5 to p1.problem``."""
        who = "chance" if self.is_chance else f"p{self.player}"
        words = [who, self.verb]
        if self.verb == "effect":
            words.append(self.effect)
        shape = self._shape()
        for field in shape.split():
            if field == "card":
                words.append(f"#{self.card}")
            elif field == "area":
                words += ["to", _area_text(self.area)]
            elif field == "placement":
                if self.host is not None:
                    words += ["on", f"#{self.host}"]
                elif self.area is not None:
                    words += ["at", _area_text(self.area)]
            elif field == "amount":
                words.append(f"{self.amount:+d}" if self.effect in ("power",) else str(self.amount))
            elif field == "zone":
                words.append(f"p{self.owner}.{_ZONE_WORDS[self.zone]}")
            elif field == "order":
                words += [f"#{card}" for card in self.order or ()]
            elif field == "index" and self.amount is not None:
                words.append(str(self.amount))
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
                elif field == "area":
                    if rest.pop(0) != "to":
                        raise ValueError
                    fields["area"] = _area(rest.pop(0))
                elif field == "placement":
                    if rest:
                        preposition, target = rest.pop(0), rest.pop(0)
                        if preposition == "on":
                            fields["host"] = card_word(target)
                        elif preposition == "at":
                            fields["area"] = _area(target)
                        else:
                            raise ValueError
                elif field == "amount":
                    fields["amount"] = int(rest.pop(0))
                elif field == "zone":
                    owner, _, zone = rest.pop(0).partition(".")
                    fields["owner"] = player_word(owner)
                    fields["zone"] = next(z for z, word in _ZONE_WORDS.items() if word == zone)
                elif field == "order":
                    fields["order"] = tuple(card_word(word) for word in rest)
                    rest = []
                elif field == "index" and rest:
                    fields["amount"] = int(rest.pop(0))
                elif field == "player":
                    fields["owner"] = player_word(rest.pop(0))
        except (IndexError, ValueError, StopIteration):
            raise ActionSyntaxError(text, f"{verb} {shape}".strip()) from None
        check_left_over(text, rest)
        return cls(verb, player, effect=effect, **fields)




def _area(word: str) -> Area:
    owner, _, kind = word.partition(".")
    if kind not in (HOME, PROBLEM):
        raise ValueError(word)
    return Area(player_word(owner), kind)


def _area_text(area: Area) -> str:
    return f"p{area.owner}.{area.kind}"


def decision(verb: str, player: int, **fields) -> Action:
    """A player's decision (``decision("move", 0, card=5, area=...)``)."""
    return Action(known(verb, DECISIONS, "a verb"), player, **fields)


def effect(instruction: str, player: int, **fields) -> Action:
    """An instruction of card text carried out for ``player``."""
    return Action("effect", player, effect=known(instruction, EFFECTS, "an instruction"), **fields)
