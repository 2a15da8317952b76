"""The printed information of MLP CCG cards (chapter 2 of the rules): type,
colors, power, cost, play requirement, traits, keywords, confront
requirements, Problem bonus, point value and home limit.

>>> friend = Printed.build("Comet Tail", "Friend", colors=["purple"], power=2, cost=2,
...                        requirement="1 purple", keywords=["Swift"])
>>> friend.name, friend.keyword("Swift"), str(friend.requirement[0])
('Comet Tail', True, '1 purple')
>>> [str(need) for need in parse_needs("3 blue + 2 not blue + 1 wild")]
['3 blue', '2 not blue', '1 wild']
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import cached_property

from rulebase.engine.ccg.rules import Allowed, check
from rulebase.engine.errors import SetupError


class Color(StrEnum):
    """The six colors (203.1a)."""

    BLUE = "blue"
    PINK = "pink"
    WHITE = "white"
    PURPLE = "purple"
    YELLOW = "yellow"
    ORANGE = "orange"


ELEMENTS = {
    "loyalty": Color.BLUE, "laughter": Color.PINK, "generosity": Color.WHITE,
    "magic": Color.PURPLE, "kindness": Color.YELLOW, "honesty": Color.ORANGE,
}
"""The Elements of Harmony the cards use for their colors."""


def parse_color(text: str) -> Color:
    """A color from its name or its Element of Harmony."""
    word = text.strip().lower()
    if word in ELEMENTS:
        return ELEMENTS[word]
    try:
        return Color(word)
    except ValueError:
        raise SetupError(f"not a color: {text!r} (the colors are {', '.join(c.value for c in Color)})") from None


class CardType(StrEnum):
    """The card types (206.2)."""

    MANE = "Mane Character"
    FRIEND = "Friend"
    PROBLEM = "Problem"
    TROUBLEMAKER = "Troublemaker"
    EVENT = "Event"
    RESOURCE = "Resource"


def parse_type(text: str) -> CardType:
    word = " ".join(text.split()).lower()
    for card_type in CardType:
        if word in (card_type.value.lower(), card_type.value.lower() + "s"):
            return card_type
    if word in ("mane", "mane character boosted"):
        return CardType.MANE
    raise SetupError(f"not a card type: {text!r}")


@dataclass(frozen=True)
class Need:
    """An amount of power of a color: a play requirement (205.1) or one
    confront requirement (209.1, 611.3).  ``color`` ``None`` is wild power
    (611.3d); ``excluded`` is the color of a "not a color" requirement (611.3c).
    """

    amount: int
    color: Color | None = None
    excluded: Color | None = None

    def __str__(self) -> str:
        if self.excluded is not None:
            return f"{self.amount} not {self.excluded}"
        return f"{self.amount} {self.color or 'wild'}"

    def accepts(self, color: Color | None) -> bool:
        """Whether power of ``color`` (``None``: no color) can meet this need."""
        if self.excluded is not None:
            return color != self.excluded
        return self.color is None or self.color == color


_NEED = re.compile(r"^\s*(\d+)\s+(?:(not)\s+)?([a-z]+)\s*$", re.I)


def parse_needs(text: str) -> tuple[Need, ...]:
    """``"3 blue + 2 wild"`` (also ``and`` or ``,`` between); a bare number is wild."""
    needs = []
    for part in re.split(r"\s*(?:\+|,|\band\b)\s*", text.strip()):
        if not part:
            continue
        if part.strip().isdigit():
            needs.append(Need(int(part)))
            continue
        match = _NEED.match(part)
        if not match:
            raise SetupError(f"not a requirement: {part!r} (e.g. '3 blue', '2 wild', '2 not blue')")
        amount, negated, word = int(match[1]), match[2], match[3].lower()
        if word == "wild":
            if negated:
                raise SetupError(f"not a requirement: {part!r}")
            needs.append(Need(amount))
        elif negated:
            needs.append(Need(amount, excluded=parse_color(word)))
        else:
            needs.append(Need(amount, parse_color(word)))
    return tuple(needs)


KEYWORDS_WITH_X = ("Competitive", "Supportive", "Eccentric", "Showy", "Calming", "Diligent")
KEYWORDS = ("Swift", "Stubborn", "Caretaker", "Studious", "Prepared", "Villain") + KEYWORDS_WITH_X
"""The keywords the engine knows (the glossary's keyword abilities that are
rules rather than card text)."""

TIMINGS = ("Main Phase", "Troublemaker Phase", "Score Phase", "Faceoff", "Problem Faceoff", "Troublemaker Faceoff",
           "Immediate", "Reaction")
"""The timing phrases of Events (512).  The engine models no Reaction
conditions, so it never finds a Reaction playable."""

HOSTS = ("character", "Friend", "Mane Character", "Problem", "Troublemaker")
"""What an attachment may be played on (509)."""


def parse_keyword(text: str) -> tuple[str, int | None]:
    """``"Competitive 2"`` -> ``("Competitive", 2)``; ``"Swift"`` -> ``("Swift", None)``."""
    words = text.split()
    if not words:
        raise SetupError("an empty keyword")
    name = words[0].capitalize()
    if name not in KEYWORDS:
        raise SetupError(f"not a keyword the engine knows: {text!r} (it knows {', '.join(KEYWORDS)})")
    if name in KEYWORDS_WITH_X:
        if len(words) != 2 or not re.fullmatch(r"[0-9]{1,3}", words[1]):
            raise SetupError(f"keyword {name} needs its X: {text!r} (e.g. '{name} 2')")
        return name, int(words[1])
    if len(words) != 1:
        raise SetupError(f"keyword {name} takes no value: {text!r}")
    return name, None


@dataclass(frozen=True)
class Instruction:
    """One instruction of an Event's text, for the player who plays it:
    ``flip``, ``draw``, ``gain`` (action tokens) or ``score`` (points), with
    an amount."""

    verb: str
    amount: int = 1

    VERBS = ("flip", "draw", "gain", "score")

    def __str__(self) -> str:
        noun = {"flip": "card", "draw": "card", "gain": "action token", "score": "point"}[self.verb]
        return f"{self.verb} {self.amount} {noun}{'s' if self.amount != 1 else ''}"


@dataclass(frozen=True)
class Printed:
    """A card's printed information.  Build one with :meth:`build`, which
    checks that a card has what its type needs."""

    title: str
    type: CardType
    subtitle: str | None = None
    colors: tuple[Color, ...] = ()
    power: int | None = None
    cost: int | None = None
    requirement: tuple[Need, ...] = ()
    traits: tuple[str, ...] = ()
    keywords: tuple[tuple[str, int | None], ...] = ()
    owner_needs: tuple[Need, ...] = ()
    opponents_need: tuple[Need, ...] = ()
    bonus: int | None = None
    points: int | None = None
    home_limit: int | None = None
    starting_problem: bool = False
    timing: str | None = None
    instructions: tuple[Instruction, ...] = ()
    host: str | None = None
    abilities: tuple = field(default=(), compare=False)
    text: str | None = field(default=None, compare=False)
    boosted: "Printed | None" = field(default=None, compare=False)

    @property
    def name(self) -> str:
        """Title followed by subtitle (201.1)."""
        return f"{self.title}, {self.subtitle}" if self.subtitle else self.title

    @cached_property
    def keyword_values(self) -> dict:
        """Each keyword's X (``True`` for a keyword without X)."""
        return {keyword: True if value is None else value for keyword, value in self.keywords}

    def keyword(self, name: str):
        """The keyword's X (or ``True`` for one without X); ``False`` if absent."""
        return self.keyword_values.get(name, False)

    @cached_property
    def trait_set(self) -> frozenset:
        """The traits, in lower case."""
        return frozenset(t.lower() for t in self.traits)

    def has_trait(self, trait: str) -> bool:
        return trait.lower() in self.trait_set

    @property
    def is_character(self) -> bool:
        return self.type in (CardType.MANE, CardType.FRIEND)

    @classmethod
    def build(cls, title: str, type, *, subtitle=None, colors=(), power=None, cost=None, requirement=None,
              traits=(), keywords=(), owner_needs=None, opponents_need=None, bonus=None, points=None,
              home_limit=None, starting_problem=False, timing=None, instructions=(), host=None,
              boosted=None, abilities=(), text=None) -> "Printed":
        """Make the printed information of a card, checking what its type needs.

        Text values are accepted where they are natural: a name as
        ``"Title, Subtitle"`` when no ``subtitle`` is given, ``colors`` as names,
        ``requirement``/``owner_needs``/``opponents_need`` as ``"3 blue + 2
        wild"``, ``keywords`` as ``"Competitive 2"``, ``instructions`` as
        ``"flip 1"``.  Raises :class:`SetupError` for a card the engine can't
        play.
        """
        card_type = type if isinstance(type, CardType) else parse_type(type)
        if subtitle is None and ", " in title:
            title, subtitle = title.split(", ", 1)  # a name written "Title, Subtitle" (201.1)
        colors = tuple(c if isinstance(c, Color) else parse_color(c) for c in colors)
        def needs(value):
            if value is None:
                return ()
            if isinstance(value, int):
                return (Need(value),)
            if isinstance(value, str):
                return parse_needs(value)
            return tuple(value)
        keywords = tuple(k if isinstance(k, tuple) else parse_keyword(k) for k in keywords)
        instructions = tuple(i if isinstance(i, Instruction) else _instruction(i) for i in instructions)
        if timing is not None:
            timing = _timing(timing)
        printed = cls(
            title=title, type=card_type, subtitle=subtitle, colors=colors, power=power, cost=cost,
            requirement=needs(requirement), traits=tuple(traits), keywords=keywords,
            owner_needs=needs(owner_needs), opponents_need=needs(opponents_need), bonus=bonus, points=points,
            home_limit=home_limit, starting_problem=starting_problem, timing=timing,
            instructions=instructions, host=_host(host) if host else None, boosted=None,
            abilities=tuple(abilities), text=text,
        )
        printed._validate()
        if boosted is not None:
            side = boosted if isinstance(boosted, Printed) else printed._boosted_side(**boosted)
            object.__setattr__(printed, "boosted", side)
        return printed

    def _boosted_side(self, **changes) -> "Printed":
        colors = changes.pop("colors", None)
        side = replace(self, **changes, boosted=None)
        if colors is not None:
            side = replace(side, colors=tuple(parse_color(c) if not isinstance(c, Color) else c for c in colors))
        return side

    def _validate(self) -> None:
        what = f"{self.type} {self.name!r}"
        required = {
            CardType.MANE: ("power", "home_limit"),
            CardType.FRIEND: ("power", "cost"),
            CardType.PROBLEM: ("bonus",),
            CardType.TROUBLEMAKER: ("power", "points"),
            CardType.EVENT: ("cost", "timing"),
            CardType.RESOURCE: ("cost",),
        }[self.type]
        missing = [name.replace("_", " ") for name in required if getattr(self, name) is None]
        if missing:
            raise SetupError(f"{what} needs its {' and '.join(missing)}")
        if self.type == CardType.PROBLEM and not (self.owner_needs and self.opponents_need):
            raise SetupError(f"{what} needs confront requirements for its owner and for opponents")
        if self.type in (CardType.MANE, CardType.TROUBLEMAKER, CardType.PROBLEM) and self.cost is not None:
            raise SetupError(f"{what} has no cost (204.1a)")
        if self.cost is None and self.requirement:
            raise SetupError(f"{what} has a play requirement without a cost (205.1a)")
        if self.type == CardType.PROBLEM and self.power is not None:
            raise SetupError(f"{what} has no power (202.2)")
        if self.host and self.type != CardType.RESOURCE:
            raise SetupError(f"{what}: only Resources are played on cards here")
        for value in (self.power, self.cost, self.bonus, self.points, self.home_limit):
            if value is not None and not isinstance(value, int):
                raise SetupError(f"{what}: {value!r} is not a whole number")


def _instruction(text: str) -> Instruction:
    words = text.split()
    if not words or words[0] not in Instruction.VERBS:
        raise SetupError(f"not an instruction the engine knows: {text!r} (flip, draw, gain, score N)")
    amount = int(words[1]) if len(words) > 1 and words[1].isdigit() else 1
    return Instruction(words[0], amount)


def _timing(text: str) -> str:
    for timing in TIMINGS:
        if text.strip().lower() == timing.lower():
            return timing
    raise SetupError(f"not a timing phrase the engine plays: {text!r} (it plays {', '.join(TIMINGS)})")


def _host(text: str) -> str:
    word = text.strip().rstrip("s")
    for host in HOSTS:
        if word.lower() == host.lower():
            return host
    raise SetupError(f"not something an attachment is played on: {text!r} ({', '.join(HOSTS)})")


# -- names as card text refers to them (201) -------------------------------------------


@check("201.3", "text can refer to cards by their Title alone")
def named_by_title(table, card, wanted: str):
    """Whether text that names ``wanted`` (folded) names ``card`` by its
    Title alone, not its full name: with the rule switched off, a Title
    names no card."""
    info = card.info
    if wanted == info.title.casefold() and wanted != info.name.casefold():
        return Allowed(f"the text names {card} by its Title alone, {info.title}")


def is_named(table, card, wanted: str) -> bool:
    """Whether text that names ``wanted`` (folded) names ``card``: by its
    full name, Title followed by Subtitle (201.1), or by its Title alone
    (201.3, recorded)."""
    if wanted == card.info.name.casefold() or wanted == card.printed.name.casefold():
        return True
    from rulebase.engine.ccg.abilities.continuous import named_also

    if named_also(table, card, wanted):
        return True  # "This card is both a Lyra and a Bon Bon in all zones"
    if named_by_title.verdict(table, card, wanted) is None:
        return False
    named_by_title(table, card, wanted)
    return True


@check("201.2", "text that refers to \"this\" card refers to the card on which it is printed, not another of that name")
def this_card_only(table, card, other):
    return Allowed(f"\"this card\" is {card}, on which the text is printed, not {other}, another card of that name")


def this_card(board, card) -> list:
    """The cards "this card" in ``card``'s text names: ``card`` alone, and
    not the other cards of its name in play (201.2, recorded where there are
    some); with the rule switched off, those too."""
    name = card.info.name
    namesakes = [other for other in board.play if other is not card and other.info.name == name]
    if not namesakes:
        return [card]
    if this_card_only.verdict(board, card, namesakes[0]) is None:
        return [card] + namesakes
    this_card_only(board, card, namesakes[0])
    return [card]


# -- even and odd numbers (105.3) ------------------------------------------------------------


@check("105.3", "zero is an even number")
def zero_is_even(table, n: int):
    if n == 0:
        return Allowed("zero is an even number")


def is_even(table, n: int) -> bool:
    """Whether ``n`` is even; for zero, as 105.3 says (recorded).  With the
    rule switched off, zero is neither even nor odd."""
    if n != 0:
        return n % 2 == 0
    verdict = zero_is_even.verdict(table, n)
    if verdict is None:
        return False
    zero_is_even.judge(table, verdict)
    return True


# -- whose perspective card text is read from (513.5) -------------------------------------


@check("513.5", "cards, modifiers and effects are always read from the perspective of their controller")
def read_by_its_controller(table, card):
    return Allowed(f"{card} is controlled by another player than its owner: its text is read from its controller's "
                   "perspective (\"you\", \"your\", \"an opponent's\")")


def perspective_of(table, card) -> int:
    """The player from whose perspective ``card``'s text is read: its
    controller (513.5, recorded once for each controller a card has other
    than its owner).  With the rule switched off, its owner's."""
    if card.controller is None or card.controller == card.owner:
        return card.owner if card.controller is None else card.controller
    verdict = read_by_its_controller.verdict(table, card)
    if verdict is None:
        return card.owner
    seen = getattr(table, "perspectives", None)
    if seen is None:
        seen = set()
        try:
            table.perspectives = seen
        except AttributeError:  # a table that keeps no notes: recorded each time
            pass
    key = (card.id, card.incarnation, card.controller)
    if key not in seen:
        if getattr(getattr(table, "trace", None), "enabled", True):
            seen.add(key)
        read_by_its_controller.judge(table, verdict)
    return card.controller


# -- who controls a modifier (513.3) ---------------------------------------------------------


@check("513.3", "players control the modifiers created by cards or effects they control; a modifier created by a card "
                "with no controller is controlled by its owner")
def controls_the_modifier(table, player: int, source):
    return Allowed(f"the modifier is created by {source or 'an effect'} its player controls: they control it "
                   "(\"your next turn\" is theirs)")


def modifier_controller(table, player: int, source, affected) -> int:
    """The player who controls a modifier an effect creates on ``affected``:
    the controller of the effect's card ``source`` (its owner when it has
    no controller), else ``player``, who carries the effect out (513.3,
    recorded).  With the rule switched off nothing gives a modifier a
    controller, and "your" in its duration is read as the affected card's
    controller's."""
    if source is not None:
        player = source.controller if source.controller is not None else source.owner
    verdict = controls_the_modifier.verdict(table, player, source)
    if verdict is None:
        return affected.controller if affected is not None and affected.controller is not None else player
    controls_the_modifier.judge(table, verdict)
    return player


# -- a Problem's deck as card text names it (303.2) ----------------------------------------


@check("303.2", "each Problem is associated with its owner's Problem deck")
def associated_problem_deck(table, problem):
    return Allowed(f"{problem} is associated with its owner's Problem deck")


def problem_deck_of(table, problem, reader: int) -> int:
    """The player whose Problem deck text on ``problem`` names as "this
    Problem('s) deck": its owner (303.2, recorded).  With the rule switched
    off nothing ties a Problem to a deck, and the words name the Problem
    deck of the player reading them (``reader``), as "a Problem deck"."""
    if problem is None or associated_problem_deck.verdict(table, problem) is None:
        return reader
    associated_problem_deck(table, problem)
    return problem.owner


# -- power and cost as card text meets them (202, 204) ------------------------------------


@check("202.2", "Problems do not have power")
def problems_have_no_power(table, card):
    if card.type == CardType.PROBLEM:
        return f"{card} is a Problem: Problems do not have power, so nothing changes it"


WITHOUT_COST = (CardType.MANE, CardType.TROUBLEMAKER, CardType.PROBLEM)
"""The card types printed without a cost (204.1a)."""


@check("204.1a", "Mane Characters, Troublemakers, and Problems do not have a printed cost")
def has_no_cost(table, card):
    if card.info.cost is None and card.type in WITHOUT_COST:
        return f"{card} is a {card.type}: it has no cost, so no comparison of costs names it"


def cost_compared(table, card) -> int | None:
    """The cost text that compares costs ("cards with cost 2 or less") sees
    on ``card``: its printed cost, or ``None`` for a Mane Character,
    Troublemaker or Problem, which has none and so meets no comparison
    (204.1a, recorded).  With the rule switched off, a missing cost counts
    as zero."""
    cost = card.info.cost
    if cost is not None:
        return cost
    if has_no_cost.allows(table, card):
        return 0
    return None


# -- a card adding its power to another (203.3) ------------------------------------------


@check("203.3", "a card which adds its power to another card does not add its colors to that card")
def adds_no_colors(table, card):
    if card.colors:
        return Allowed(f"{card} adds its power to another card, not its colors ({'/'.join(card.colors)})")


def colors_added(table, card) -> tuple:
    """The colors a card adding its power to another adds with it: none
    (203.3, recorded where it has colors).  With the rule switched off, its
    own colors, as power of a color gives a card that color (203.2)."""
    if not card.colors:
        return ()
    if adds_no_colors.verdict(table, card) is None:
        return card.colors
    adds_no_colors(table, card)
    return ()


# -- traits as card text refers to them (207) --------------------------------------------


@check("207.1", "a card's Traits are the text on its Trait line")
def on_the_trait_line(table, card, trait: str):
    if trait.lower() in card.info.trait_set:
        return Allowed(f"{card}'s Trait line, {' • '.join(card.info.traits)}, has the Trait {trait}")


@check("207.1a", "a card can have several Traits, separated by \"•\"")
def one_of_several_traits(table, card, trait: str):
    traits = card.info.traits
    if len(traits) > 1 and trait.lower() in card.info.trait_set:
        return Allowed(f"{card}'s Trait line, {' • '.join(traits)}, holds several Traits, {trait} among them")


def has_trait(table, card, trait: str) -> bool:
    """Whether text that names the Trait ``trait`` names ``card`` (face-down
    cards have none, 505.1a): the text of its Trait line (207.1, recorded;
    with that rule switched off, a card has no Traits).  Of a Trait line
    with several Traits, each is one (207.1a, recorded); with that rule
    switched off, the line is read as a single Trait."""
    if card.face_down:
        return False
    if getattr(card, "in_play", False):
        from rulebase.engine.ccg.abilities.continuous import given_trait

        if given_trait(table, card, trait) is not None:
            return True
    traits = card.info.traits
    if len(traits) < 2:
        if on_the_trait_line.verdict(table, card, trait) is None:
            return False
        on_the_trait_line(table, card, trait)
        return True
    if one_of_several_traits.verdict(table, card, trait) is None:
        return " • ".join(traits).lower() == trait.lower()
    one_of_several_traits(table, card, trait)
    return True


# -- colors as card text refers to them (203) --------------------------------------------


@check("203.1", "cards can have one or more colors, their color icons")
def of_the_color(table, card, colors: tuple):
    have = _colors(table, card)
    found = [color for color in colors if color in have]
    if found:
        return Allowed(f"{card} is {'/'.join(have)}: it is {found[0]}")


def _colors(table, card) -> tuple:
    """A card's colors, with those continuous modifiers of power of a color
    give it on a board (203.2)."""
    from rulebase.engine.ccg.board import Board

    if not isinstance(table, Board):
        return card.colors
    from rulebase.engine.ccg.abilities.continuous import given_colors

    return card.colors + given_colors(table, card)


def has_color(table, card, colors: tuple) -> bool:
    """Whether text that names one of ``colors`` names ``card``: one of its
    colors (203.1, recorded; face-down cards have none, 505.1b).  With the
    rule switched off, a card has no color."""
    if not _colors(table, card) or of_the_color.verdict(table, card, colors) is None:
        return False
    of_the_color(table, card, colors)
    return True
