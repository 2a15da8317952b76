"""A card's text as separate abilities (701.2, 701.2a), and what its
abilities do as the card enters play (706.1a).

Each paragraph of a card's text is a separate ability (701.2), and so is
each keyword of a group (701.2a): two of them triggering on one event
create two triggered effects, told apart as their player chooses the
order to process them in (511.7a, :func:`effect_key`).  Without 701.2 a
card's text is one ability, whose effects are not told apart; without
701.2a, nor are those of its grouped keywords.

"As this card enters play, name a color. This card is that color." (Kevin,
Fitting In) is no triggered ability: nothing waits for Pre-Priority
Processing.  Its controller names the color as the card is put into play,
and the card is that color from the moment it is in play, before its
continuous abilities begin generating modifiers (706.1c) and before what
waits for it to enter play triggers (706.1d).

The naming is a decision of the player putting the card into play, asked
just before the card is put into the play zone (:func:`name_as_entering`),
one legal action per color (``choose-option`` with the color's number in
:data:`COLORS`), any other refused by 706.1a.  The 706.1a step
(:func:`applied_as_entering`) then applies what was named as the card
enters play: the card remembers the color (:func:`named_color`) while it
stays in play, and "This card is that color" makes it that color.  A
card put into play without the decision being asked (by an instruction
that asks none) has nothing named, which the step says.

>>> [str(color) for color in COLORS]
['blue', 'pink', 'white', 'purple', 'yellow', 'orange']
"""

from __future__ import annotations

from rulebase.engine.ccg.actions import Action
from rulebase.engine.ccg.board import Board, Card, Zone
from rulebase.engine.ccg.cards import CardType, Color
from rulebase.engine.ccg.rules import Allowed, check, step

COLORS = tuple(Color)
"""The colors a player names, in the order of the decision's options."""

NAMING = ("name", "choose")
"""The verbs of "name a color" / "choose a color"."""


def names_a_color(effect) -> bool:
    """Whether ``effect`` is "name (or choose) a color. This card is that
    color.": the only instructions an "as this card enters play" ability
    of the engine carries out."""
    if effect is None or effect.verb not in NAMING or effect.optional or effect.choices:
        return False
    if effect.verb == "name" and dict(effect.values).get("what") != "color":
        return False
    if effect.verb == "choose" and (effect.target is None or effect.target.noun != "color"
                                    or effect.target.count.value != 1 or effect.target.count.up_to):
        return False
    then = effect.then
    if then is None or then.verb != "color" or then.then is not None or then.duration is not None:
        return False
    if then.target is None or then.target.noun != "self" or then.target.filters:
        return False
    return dict(then.values).get("color") == "that"


def trigger_executable(trigger) -> str | None:
    """``None`` for the timing "as this card enters play" (706.1a), which
    the engine applies as the card enters play; else what it lacks."""
    if trigger.event != "enters-play":
        return f"applying an ability 'as' the event {trigger.event!r} happens"
    subject = trigger.subject
    if subject is None or subject.noun != "self" or subject.filters or trigger.values or trigger.condition:
        return "applying an ability as a card other than this one enters play"
    return None


def as_entering(card: Card) -> tuple:
    """The abilities of ``card`` that apply as it enters play (706.1a)."""
    return as_entering_of(card.printed)


def as_entering_of(printed) -> tuple:
    """The abilities of one side of a card that apply as it enters play
    (706.1a), each as ``(ability, what acts)``."""
    from rulebase.engine.ccg.abilities.keywords import acting

    return tuple((ability, acts) for ability, acts in acting(printed)
                 if acts.kind == "triggered" and acts.trigger is not None and acts.trigger.when == "as"
                 and trigger_executable(acts.trigger) is None and names_a_color(acts.effect))


def _pending(board: Board) -> dict:
    found = getattr(board, "naming", None)
    if found is None:
        found = board.naming = {}
    return found


def _named(board: Board) -> dict:
    found = getattr(board, "named_colors", None)
    if found is None:
        found = board.named_colors = {}
    return found


@check("706.1a", "as a card enters play, its controller names one of the colors its 'as this card enters play' "
                 "ability asks for")
def color_named(board: Board, card: Card, player: int, action: Action):
    if action.player != player:
        return f"{board.name(player)} names the color as {card} enters play, not {board.name(action.player)}"
    if action.amount is None or not 0 <= action.amount < len(COLORS):
        return f"there are {len(COLORS)} colors to name as {card} enters play (options 1 to {len(COLORS)})"


def name_as_entering(s, card: Card, player: int):
    """Ask ``player``, about to put ``card`` into play, to name a color for
    each of its abilities that apply as it enters play (706.1a); what is
    named waits for the card to enter play."""
    from rulebase.engine.ccg.priority import decide
    from rulebase.engine.rulebook import legal

    board = s.board
    _pending(board).pop(card.id, None)  # what was named for an entering that did not happen
    if card.type in (CardType.EVENT, CardType.TROUBLEMAKER) or card.zone == Zone.PLAY:
        return  # a Troublemaker played enters face-down, without abilities (505.1a)
    for ability, acts in as_entering(card):
        def options():
            return legal(board, [Action("choose-option", player, amount=index) for index in range(len(COLORS))],
                         lambda answer: color_named(board, card, player, answer))

        verbs = {"choose-option": lambda answer: color_named(board, card, player, answer)}
        text = acts.effect.part.text or "name a color"
        action = yield from decide(s, player, f"{text} as {card} enters play", options, verbs, rule="706.1a",
                                   data={"colors": [str(color) for color in COLORS]})
        if action.amount is not None and 0 <= action.amount < len(COLORS):
            _pending(board).setdefault(card.id, []).append((ability, player, COLORS[action.amount]))


@step("706.1a", "as {card} enters play, {player} names {color} ({text}): {card} is {color}")
def applied_as_entering(board: Board, card: Card):
    """Apply what ``card``'s "as this card enters play" abilities named as
    it enters play (706.1a): the card remembers the color while it stays in
    play and is that color.  A one-time check: an ability gained later does
    not apply."""
    named = _pending(board).pop(card.id, None)
    if not named or card.zone != Zone.PLAY or card.face_down:
        if as_entering(card) and card.zone == Zone.PLAY and not card.face_down:
            board.trace.note("706.1a", "{card} enters play with no color named for it: its ability that applies as "
                             "it enters play has nothing to apply", card=card.label)
        return None
    ability, player, color = named[-1]
    for _, _, each in named:
        if each not in card.gained:
            card.gained.append(each)
    _named(board)[card.id] = (card.incarnation, color)
    return {"card": card.label, "player": board.name(player), "color": str(color),
            "text": ability.text or "its text"}


def named_color(board: Board, card: Card) -> Color | None:
    """The color named for ``card`` as it entered play, while it is the
    same card in play (410.6: one that changed zones is a new card)."""
    found = _named(board).get(card.id)
    if found is None or found[0] != card.incarnation or card.zone != Zone.PLAY:
        return None
    return found[1]


# -- the paragraphs of a card's text (701.2) ------------------------------------------


@check("701.2", "each paragraph of a card's text is a separate ability: the triggered effects of two of its paragraphs "
                "are told apart")
def separate_abilities(board: Board, card: Card, numbers: tuple):
    return Allowed(f"{card}'s abilities {' and '.join(str(n) for n in numbers)} are separate paragraphs of its text, "
                   "so separate abilities, each with its own triggered effect")


@check("701.2a", "keywords grouped together are separate abilities: the triggered effects of two keywords of a card "
                 "are told apart")
def separate_keywords(board: Board, card: Card, keywords: tuple):
    return Allowed(f"{card}'s keywords {' and '.join(keywords)} are grouped together but are separate abilities, each "
                   "with its own triggered effect")


def _keyword_key(board: Board, waiting, mine: list, key):
    """The key of a keyword's triggered effect (701.2a): its keyword, told
    apart from the other keywords of its card; without that rule, the
    keywords grouped on a card are one ability."""
    names = tuple(dict.fromkeys(other.ability.keyword for other in mine
                                if other.card is waiting.card and other.key()[0] == "keyword"))
    if len(names) < 2:
        return key
    verdict = separate_keywords.verdict(board, waiting.card, names)
    if verdict is None:
        return ("keywords", waiting.card.id)
    first = next(other for other in mine if other.card is waiting.card and other.key()[0] == "keyword")
    if waiting is first:
        separate_keywords.judge(board, verdict)
    return key


def effect_key(board: Board, waiting, mine: list):
    """What tells ``waiting``, a triggered effect, apart from the others of
    its player (``mine``) as they choose the order (511.7a): its card and
    its ability, each paragraph of a card's text being a separate ability
    (701.2).  Without that rule, a card's text is one ability, and the
    effects its paragraphs created are not told apart."""
    key = waiting.key()
    if key[0] == "keyword":
        return _keyword_key(board, waiting, mine, key)
    if key[0] != "text":
        return key
    numbers = tuple(sorted({other.number for other in mine
                            if other.card is waiting.card and other.key()[0] == "text"}))
    if len(numbers) < 2:
        return key
    verdict = separate_abilities.verdict(board, waiting.card, numbers)
    if verdict is None:
        return ("text", waiting.card.id)
    first = next(other for other in mine if other.card is waiting.card and other.number == numbers[0])
    if waiting is first:
        separate_abilities.judge(board, verdict)
    return key
