"""Card text as data: a card's effects (501.0.0), each made of instructions
(the actions of section VI) and perhaps a condition (501.5.0, 608.0.0).

An :class:`Effect` has a *kind*, which says when it applies:

- ``entrance`` when the Character enters the Adventure Zone, ``farewell``
  when it leaves it, ``preplan`` when the card, used as a Plan, is revealed,
  ``story`` when its owner's Main Character reaches the Story card's stage,
  ``discard`` when the card is discarded from its owner's hand by an effect
  (602.0.0: "Unless stated, discarded cards have no effects"): the
  triggered effects (501.1.0);
- ``passive`` while the Character is in the Adventure Zone, ``item`` while
  the Item is attached to a Character there: the continuous effects
  (501.2.0);
- ``activated`` in its controller's Main Phase, by tapping the Character
  (and paying ``harmony`` and the ``cost`` instructions, if any: 501.3.0);
- ``inspire`` when a Scene is flipped during an Exchange (404.5.0);
- ``event`` when an Event is used (403.3.0);
- ``static`` always: a condition on playing the card (501.4.0), or a
  permission that sets a rule aside (101.1.0): ``move-freely`` (a Character
  its controller may move between spaces, 303.2.0) or ``any-copies`` (a card
  a deck may hold in any number, 102.1.0).

Each value is plain and frozen, and can be built from plain data (a card
database's or a deck file's): :meth:`Effect.build` takes the words the
rules use.

>>> effect = Effect.build("entrance", ["draw 1"])
>>> effect.kind, effect.instructions[0], str(effect)
('entrance', Instruction(verb='draw', amount=1, target='you'), 'Entrance: Draw 1 card.')
>>> str(Effect.build("passive", ["inspiration +1 self"], condition="as long as your adventure zone has Unicorn"))
'Passive: As long as your Adventure Zone has a Unicorn, this card gets +1 Inspiration.'
>>> str(Instruction.parse("remove opposing character"))
'remove the opposing Character'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rulebase.engine.errors import SetupError

ENTRANCE = "entrance"
FAREWELL = "farewell"
PREPLAN = "preplan"
STORY = "story"
DISCARD = "discard"
PASSIVE = "passive"
ITEM = "item"
ACTIVATED = "activated"
INSPIRE = "inspire"
EVENT = "event"
STATIC = "static"

KINDS = (ENTRANCE, FAREWELL, PREPLAN, STORY, DISCARD, PASSIVE, ITEM, ACTIVATED, INSPIRE, EVENT, STATIC)
TRIGGERED = frozenset({ENTRANCE, FAREWELL, PREPLAN, STORY, DISCARD})
"""The kinds that trigger when something happens (501.1.0)."""
CONTINUOUS = frozenset({PASSIVE, ITEM})
NO_COLUMN = frozenset({EVENT, STORY, PREPLAN, DISCARD, FAREWELL, STATIC})
"""The kinds of effect whose card is in no column when they resolve: an
Event, a Story card, a Plan, a discarded card, a Character that has left
the Adventure Zone (a Farewell)."""
"""The kinds that apply as long as their card is where they work (501.2.0)."""

# -- what an instruction may name -------------------------------------------------

YOU = "you"
OPPONENT = "opponent"
SELF = "self"
PLAYERS = (YOU, OPPONENT)

YOUR_CHARACTER = "your character"
OPPONENTS_CHARACTER = "opponent's character"
A_CHARACTER = "a character"
OPPOSING_CHARACTER = "opposing character"
YOUR_CHARACTERS = "your characters"
YOUR_OTHER_CHARACTERS = "your other characters"
OPPONENTS_CHARACTERS = "opponent's characters"
YOUR_SCENE = "your scene"
OPPONENTS_SCENE = "opponent's scene"

CHOSEN = (YOUR_CHARACTER, OPPONENTS_CHARACTER, A_CHARACTER, YOUR_SCENE, OPPONENTS_SCENE)
"""Targets the effect's controller chooses when it resolves."""
EACH = (YOUR_CHARACTERS, YOUR_OTHER_CHARACTERS, OPPONENTS_CHARACTERS)
"""Targets that are every card that fits."""
CHARACTERS = (SELF, YOUR_CHARACTER, OPPONENTS_CHARACTER, A_CHARACTER, OPPOSING_CHARACTER) + EACH
SCENES = (YOUR_SCENE, OPPONENTS_SCENE)
TARGET_WORDS = {
    YOU: "you", OPPONENT: "your opponent", SELF: "this card", YOUR_CHARACTER: "a Character of yours",
    OPPONENTS_CHARACTER: "an opponent's Character", A_CHARACTER: "a Character", OPPOSING_CHARACTER: "the opposing Character",
    YOUR_CHARACTERS: "your Characters", YOUR_OTHER_CHARACTERS: "your other Characters",
    OPPONENTS_CHARACTERS: "your opponent's Characters", YOUR_SCENE: "a Scene of yours",
    OPPONENTS_SCENE: "an opponent's Scene",
}


@dataclass(frozen=True)
class Shape:
    """What an instruction of a verb carries: whether it has an amount
    (``signed`` for +N/-N), the targets it accepts and its default one."""

    amount: str | None
    targets: tuple[str, ...]
    words: str

    @property
    def default(self) -> str | None:
        return self.targets[0] if self.targets else None


SHAPES = {
    "draw": Shape("count", PLAYERS, "draw {n} card{s}"),
    "discard": Shape("count", PLAYERS, "discard {n} card{s}"),
    "inspiration": Shape("signed", CHARACTERS, "{target} {gets} {amount} Inspiration"),
    "tap": Shape(None, CHARACTERS + SCENES, "tap {target}"),
    "untap": Shape(None, CHARACTERS + SCENES, "untap {target}"),
    "remove": Shape(None, CHARACTERS, "remove {target}"),
    "return": Shape(None, CHARACTERS, "return {target} to its owner's hand"),
    "move": Shape(None, CHARACTERS, "move {target} to another empty space"),
    "plan": Shape(None, (YOU,), "add the top card of your Main Deck as a Plan"),
    "scene": Shape(None, (YOU,), "add the top card of your Scene Deck to your Scene Zone"),
    "look": Shape("count", PLAYERS, "look at the top {n} card{s} of {whose} Main Deck"),
    "reveal": Shape("count", PLAYERS, "reveal the top {n} card{s} of {whose} Main Deck"),
    "return-plan": Shape(None, (SELF,), "return this Plan to its owner's hand"),
    "shuffle": Shape(None, PLAYERS, "shuffle {whose} Main Deck"),
    "win": Shape(None, (YOU,), "you win the game"),
    "move-freely": Shape(None, (SELF,), "this Character may move between empty spaces"),
    "any-copies": Shape(None, (SELF,), "a deck may include any number of this card"),
}
"""The verbs of card text, with what each carries (the engine's table of
what each does is :data:`rulebase.engine.tcg.instructions.VERBS`)."""

PERMISSIONS = ("move-freely", "any-copies")
"""The verbs of static effects that set a rule aside (101.1.0)."""


@dataclass(frozen=True)
class Instruction:
    """One instruction: a verb of :data:`SHAPES`, its amount (``+2`` for
    Inspiration), what it targets, a keyword the targets must have, and for
    Inspiration whether it lasts until the end of the turn (``turn``, 607.0.0)
    or as long as the effect applies (``while``: a continuous effect's)."""

    verb: str
    amount: int | None = None
    target: str | None = None
    keyword: str | None = None
    lasting: str | None = None

    def __repr__(self) -> str:
        fields = [f"verb={self.verb!r}"]
        for name in ("amount", "target", "keyword", "lasting"):
            value = getattr(self, name)
            if value is not None:
                fields.append(f"{name}={value!r}")
        return f"Instruction({', '.join(fields)})"

    @classmethod
    def build(cls, verb: str, amount: int | None = None, target: str | None = None, keyword: str | None = None,
              lasting: str | None = None) -> Instruction:
        """An instruction, checked against its verb's shape; raises
        :class:`SetupError` saying what is wrong."""
        verb = str(verb).strip().lower()
        shape = SHAPES.get(verb)
        if shape is None:
            raise SetupError(f"not an instruction the engine knows: {verb!r} (it knows {', '.join(SHAPES)})")
        if shape.amount is None and amount is not None:
            raise SetupError(f"the instruction {verb!r} takes no number")
        if shape.amount is not None:
            if amount is None:
                amount = 1 if shape.amount == "count" else None
            if isinstance(amount, bool) or not isinstance(amount, int):
                raise SetupError(f"the instruction {verb!r} needs a whole number, not {amount!r}")
            if shape.amount == "count" and amount < 1:
                raise SetupError(f"the instruction {verb!r} needs a number of at least 1, not {amount}")
        target = _target(target) if target is not None else shape.default
        if target not in shape.targets:
            accepted = ", ".join(repr(t) for t in shape.targets)
            raise SetupError(f"the instruction {verb!r} can't target {target!r} (it targets {accepted})")
        if keyword is not None:
            if target not in CHARACTERS or target == SELF:
                raise SetupError(f"a keyword narrows only a choice of Characters, not {target!r}")
            keyword = _keyword(keyword)
        if lasting is not None:
            if verb != "inspiration" or lasting not in ("turn", "while"):
                raise SetupError(f"only Inspiration lasts, until the end of the 'turn' or 'while' its effect applies "
                                 f"(not {lasting!r} for {verb!r})")
        elif verb == "inspiration":
            lasting = "turn"
        return cls(verb, amount, target, keyword, lasting)

    @classmethod
    def parse(cls, text: str) -> Instruction:
        """An instruction from compact words: ``draw 2``, ``discard 1
        opponent``, ``inspiration +2 your character``, ``inspiration +1 self
        while``, ``remove opposing character``, ``tap your character keyword
        Earth Pony`` (the keyword last, before ``while`` or ``turn``)."""
        words = str(text).split()
        if not words:
            raise SetupError("an empty instruction")
        verb, rest = words[0].lower(), words[1:]
        amount = keyword = lasting = None
        if rest and re.fullmatch(r"[+-]?\d+", rest[0]):
            amount, rest = int(rest[0]), rest[1:]
        if rest and rest[-1].lower() in ("while", "turn"):
            lasting, rest = rest[-1].lower(), rest[:-1]
        lowered = [word.lower() for word in rest]
        if "keyword" in lowered:
            at = lowered.index("keyword")
            keyword, rest = " ".join(rest[at + 1:]) or None, rest[:at]
        target = " ".join(rest) or None
        return cls.build(verb, amount, target, keyword, lasting)

    def __str__(self) -> str:
        shape = SHAPES[self.verb]
        target = TARGET_WORDS.get(self.target, self.target)
        if self.keyword and self.target in CHARACTERS:
            target = target.replace("Character", f"{self.keyword} Character")
        n = self.amount if self.amount is not None else 0
        text = shape.words.format(n=n, s="s" * (n != 1), amount=f"{n:+d}", target=target,
                                  gets="get" if self.target in EACH else "gets",
                                  whose="your" if self.target == YOU else "your opponent's")
        if self.verb in ("draw", "discard") and self.target == OPPONENT:
            text = f"your opponent {self.verb}s {n} card{'s' * (n != 1)}"
        if self.verb == "inspiration" and self.lasting == "turn":
            text += " until end of turn"
        return text


def _target(text: str) -> str:
    word = " ".join(str(text).lower().replace("’", "'").split())
    aliases = {"this": SELF, "this card": SELF, "this character": SELF, "itself": SELF, "yourself": YOU,
               "your opponent": OPPONENT, "opponent's characters": OPPONENTS_CHARACTERS,
               "opposing": OPPOSING_CHARACTER, "the opposing character": OPPOSING_CHARACTER,
               "characters of yours": YOUR_CHARACTERS, "all your characters": YOUR_CHARACTERS,
               "the plan": SELF, "this plan": SELF}
    return aliases.get(word, word)


def _keyword(text) -> str:
    word = " ".join(str(text).split())
    if not word:
        raise SetupError("an empty keyword")
    return word


# -- conditions (501.5.0, 608.0.0) -----------------------------------------------------

HAS = "has"
WHILE = "as long as"
ANOTHER = "another"
HARMONY = "harmony"
CONDITIONS = (HAS, WHILE, ANOTHER, HARMONY)

PLACES = ("this", "your adventure zone", "opponent's adventure zone", "your hand", "your rest zone",
          "your scene zone")
"""The X of a conditional check: the card itself or one of its
controller's (or the opponent's) zones."""


@dataclass(frozen=True)
class Condition:
    """A conditional check (501.5.0): ``has`` ("if X has keyword A": one or
    more cards in X have keyword A), ``as long as`` (the same, rechecked as a
    continuous condition), ``another`` ("if there is another A in X": a card
    with keyword A besides the one with the effect) or ``harmony`` (608.0.0:
    "if you paid Harmony with N different Scenes")."""

    kind: str
    keyword: str | None = None
    place: str | None = None
    amount: int | None = None

    @classmethod
    def build(cls, kind: str, keyword: str | None = None, place: str | None = None,
              amount: int | None = None) -> Condition:
        kind = str(kind).strip().lower()
        if kind not in CONDITIONS:
            raise SetupError(f"not a condition: {kind!r} (the conditions are {', '.join(CONDITIONS)})")
        if kind == HARMONY:
            if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
                raise SetupError(f"a Harmony requirement needs a number of different Scenes, not {amount!r}")
            return cls(kind, amount=amount)
        if keyword is None:
            raise SetupError(f"the condition {kind!r} needs a keyword")
        place = " ".join(str(place or "your adventure zone").lower().replace("’", "'").split())
        if place not in PLACES:
            raise SetupError(f"a condition checks one of {', '.join(PLACES)}, not {place!r}")
        if kind == ANOTHER and place == "this":
            raise SetupError("'if there is another A in X' needs a zone for X, not 'this'")
        return cls(kind, _keyword(keyword), place)

    @classmethod
    def parse(cls, text: str) -> Condition:
        """From the rules' words: ``if your adventure zone has Unicorn``,
        ``as long as your hand has Pegasus``, ``if there is another Unicorn in
        your adventure zone``, ``if you paid harmony with 3 different
        scenes``."""
        words = " ".join(str(text).lower().replace("’", "'").split())
        match = re.fullmatch(r"if you paid harmony with (\d+) different scenes?", words)
        if match:
            return cls.build(HARMONY, amount=int(match[1]))
        match = re.fullmatch(r"if there is another (.+?) in (.+)", words)
        if match:
            return cls.build(ANOTHER, _original(text, match[1]), match[2])
        match = re.fullmatch(r"(if|as long as) (.+?) (?:has|have) (?:keyword |a |an )?(.+)", words)
        if match:
            return cls.build(HAS if match[1] == "if" else WHILE, _original(text, match[3]), match[2])
        raise SetupError(f"not a condition the engine knows: {text!r} (e.g. 'if your adventure zone has Unicorn', "
                         "'as long as this has Pegasus', 'if there is another Unicorn in your adventure zone', "
                         "'if you paid harmony with 3 different scenes')")

    def __str__(self) -> str:
        if self.kind == HARMONY:
            return f"if you paid Harmony with {self.amount} different Scenes"
        place = {"this": "this card", "your adventure zone": "your Adventure Zone",
                 "opponent's adventure zone": "your opponent's Adventure Zone", "your hand": "your hand",
                 "your rest zone": "your Rest Zone", "your scene zone": "your Scene Zone"}[self.place]
        article = "an" if self.keyword[:1].lower() in "aeio" else "a"
        if self.kind == ANOTHER:
            return f"if there is another {self.keyword} in {place}"
        opening = "if" if self.kind == HAS else "as long as"
        return f"{opening} {place} has {article} {self.keyword}"


def _original(text: str, lowered: str) -> str:
    """The words of ``text`` that read ``lowered`` in lower case, with their
    capitals (keywords keep theirs)."""
    start = str(text).lower().find(lowered)
    return str(text)[start:start + len(lowered)] if start >= 0 else lowered


# -- effects ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Effect:
    """One effect of a card (501.0.0): its kind, its instructions in order
    (502.1.0), an optional condition, whether its controller may decline it
    (``optional``: "you may", 501.1.0), the costs of an activated effect
    beyond tapping the Character (``harmony`` points and ``cost``
    instructions, 501.3.0), and its printed ``text`` when it has one."""

    kind: str
    instructions: tuple[Instruction, ...] = ()
    condition: Condition | None = None
    optional: bool = False
    harmony: int = 0
    cost: tuple[Instruction, ...] = ()
    text: str | None = field(default=None, compare=False)

    @classmethod
    def build(cls, kind: str, instructions=(), condition=None, optional: bool = False, harmony: int = 0, cost=(),
              text: str | None = None) -> Effect:
        """An effect from plain values: ``instructions`` and ``cost`` as
        :class:`Instruction` values or compact words (``"draw 1"``),
        ``condition`` as a :class:`Condition` or its words."""
        kind = str(kind).strip().lower()
        if kind not in KINDS:
            raise SetupError(f"not a kind of effect: {kind!r} (the kinds are {', '.join(KINDS)})")
        if isinstance(instructions, (str, Instruction)):
            instructions = (instructions,)
        built = tuple(i if isinstance(i, Instruction) else Instruction.parse(i) for i in instructions)
        costs = tuple(i if isinstance(i, Instruction) else Instruction.parse(i) for i in ((cost,) if isinstance(cost, str) else cost))
        if condition is not None and not isinstance(condition, Condition):
            condition = Condition.parse(condition)
        if isinstance(harmony, bool) or not isinstance(harmony, int) or harmony < 0:
            raise SetupError(f"a Harmony cost is a whole number of at least 0, not {harmony!r}")
        if (harmony or costs) and kind != ACTIVATED:
            raise SetupError(f"only an activated effect has a cost to pay (501.3.0), not a {kind} effect")
        permissions = [i.verb for i in built if i.verb in PERMISSIONS]
        if permissions and kind != STATIC:
            raise SetupError(f"{permissions[0]!r} is a permission: it belongs to a static effect, not a {kind} effect")
        if kind == STATIC:
            others = [i.verb for i in built if i.verb not in PERMISSIONS]
            if others:
                raise SetupError(f"a static effect holds a condition on playing the card or a permission "
                                 f"({', '.join(PERMISSIONS)}), not {others[0]!r}")
            if not built and condition is None:
                raise SetupError("a static effect needs a condition on playing the card or a permission")
        elif not built:
            raise SetupError(f"a {kind} effect needs at least one instruction")
        if condition is not None and condition.kind == WHILE and kind not in CONTINUOUS:
            raise SetupError(f"'as long as' is the condition of a continuous effect (passive or item), not of a {kind} effect")
        if kind in CONTINUOUS:
            wrong = [i.verb for i in built if i.verb != "inspiration"]
            if wrong:
                raise SetupError(f"a {kind} effect changes Inspiration while it applies; {wrong[0]!r} is not continuous")
            chosen = [i.target for i in built if i.target not in (SELF, OPPOSING_CHARACTER) + EACH]
            if chosen:
                raise SetupError(f"a {kind} effect applies to this card, the opposing Character or all Characters that "
                                 f"fit, not to a chosen one ({chosen[0]!r})")
            built = tuple(Instruction(i.verb, i.amount, i.target, i.keyword, "while") for i in built)
        if kind in NO_COLUMN and any(i.target == OPPOSING_CHARACTER for i in built):
            raise SetupError(f"a {kind} effect has no column, so no opposing Character: 'the opposing Character' is the "
                             "one facing a Character in the Adventure Zone (an Item's, a Passive, Entrance or Activated "
                             "effect's, or an Inspire effect's in an Exchange)")
        if kind == ITEM and any(i.target not in (SELF, OPPOSING_CHARACTER) for i in built):
            raise SetupError("an Item's effect applies to the Character it is attached to ('self') or the opposing one")
        if condition is not None and condition.kind == HARMONY and kind not in (EVENT, ENTRANCE, ACTIVATED):
            raise SetupError("a Harmony requirement (608.0.0) belongs to the effect of a card whose cost is paid")
        return cls(kind, built, condition, bool(optional), harmony, costs, text)

    @property
    def is_triggered(self) -> bool:
        return self.kind in TRIGGERED

    @property
    def is_continuous(self) -> bool:
        return self.kind in CONTINUOUS

    @property
    def permissions(self) -> tuple[str, ...]:
        return tuple(i.verb for i in self.instructions if i.verb in PERMISSIONS)

    def __str__(self) -> str:
        if self.text:
            return self.text
        words = []
        if self.condition is not None:
            words.append(str(self.condition) + ",")
        if self.optional:
            words.append("you may")
        body = "; then ".join(str(i) for i in self.instructions)
        if self.kind == STATIC and not self.instructions:
            body = "can only be played " + str(self.condition)
            words = []
        if self.kind == ITEM:
            body = body.replace("this card", "the equipped Character")
        elif self.kind == INSPIRE:
            body = body.replace("this card", "your Character in the Exchange")
        words.append(body)
        cost = []
        if self.kind == ACTIVATED:
            cost = ["tap this Character"] + ([f"pay {self.harmony} Harmony"] if self.harmony else []) + [str(c) for c in self.cost]
        head = self.kind.capitalize() + (f" ({', '.join(cost)})" if cost else "")
        text = " ".join(words)
        return f"{head}: {text[:1].upper()}{text[1:]}."
