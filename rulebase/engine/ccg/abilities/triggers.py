"""Triggered abilities (704), triggered effects (712) and their processing
in Pre-Priority Processing (511.7), with simultaneity (801.1).

A triggered ability watches for its trigger condition (704.1): each event
a step announces (:func:`~rulebase.engine.ccg.abilities.events.emit`) is
shown to the abilities of the cards in play that wait for that event (an
index per side of a card, :func:`~rulebase.engine.ccg.abilities.continuous.index`), and each one it matches creates
a triggered effect at once (704.1c), one per instance (704.1b), keeping
what it needs of the game as it was then (712.2: its controller, and the
event).  A flipped card's own "when this card is flipped" ability
functions in the flip zone (701.3); a card played announces it as the
last part of processing the action (705.2f, :func:`played`).  The
effects wait in ``board.waiting`` until a player is about to receive
priority, then are taken to be processed (712.1):
then, as the last wave of Pre-Priority Processing (511.7), the player who
most recently had priority processes all of theirs in the order they
choose, then the next player in turn order (511.7a; the turn player first
as a new priority window opens, 511.7a.i).  Effects created meanwhile wait
for the next wave (511.7b).

"When ..." and "After ..." abilities trigger alike: both wait for Pre-
Priority Processing, so an "after" ability never acts in the middle of
what triggered it.  "At the start of ..." and "At the end of ..." wait for
the events ``phase-starts``, ``phase-ends``, ``turn-starts`` and
``turn-ends``.  An ability limited to once per turn (or per faceoff)
triggers only once in that span.

A keyword's triggered meaning (Calming, Diligent, Studious, Prepared,
Villain) is carried out by its keyword's unit; other card text by the
effect resolver (:mod:`.resolve`), as a generator, so that its decisions
are asked of the players.
"""

from __future__ import annotations

from dataclasses import replace

from rulebase.engine.ccg.abilities import events, keywords, parts
from rulebase.engine.ccg.abilities.continuous import acting_cards, fits, given_triggered, index, side
from rulebase.engine.ccg.abilities.model import EVENTS, Ability, Amount, Condition, Selector
from rulebase.engine.ccg.actions import Action
from rulebase.engine.ccg.board import ENTERING_DISCARD, Board, Card, Zone
from rulebase.engine.ccg.rules import Allowed, check, step

WHENS = ("when", "after", "start", "end")
"""The words a triggered ability waits with (``would`` is a replacement's)."""

LIMITS = ("once-per-turn", "once-per-faceoff", "once-per-game")


def executable(trigger) -> str | None:
    """``None`` if the engine announces the event ``trigger`` waits for and
    can tell when it matches, else what it lacks."""
    if trigger is None:
        return "no trigger condition"
    if trigger.event == EITHER:
        alternatives = trigger.value("any-of")
        if not isinstance(alternatives, tuple) or len(alternatives) < 2 or not all(
                isinstance(event, str) for event in alternatives):
            return f"the events {alternatives!r} of 'either'"
        if trigger.when not in WHENS:
            return f"the trigger word {trigger.when!r} of one of several events"
        for event in alternatives:
            missing = executable(replace(trigger, event=event, values=_own_values(trigger)))
            if missing is not None:
                return missing
        return None
    if trigger.event not in ANNOUNCED:
        return f"the event {trigger.event!r}"
    if trigger.event == "counters-put" and not isinstance(trigger.value("kind"), str):
        return "putting +1 power counters (the engine announces counters with a name put by card text)"
    if trigger.event == "enters-discard" and _word(trigger.value("from")) not in (None,) + tuple(DISCARDED_FROM.values()):
        return f"a card entering a discard pile from {_word(trigger.value('from'))!r}"
    if trigger.when == "as":
        from rulebase.engine.ccg.abilities.parts import trigger_executable

        return trigger_executable(trigger)
    if trigger.when not in WHENS + ("would",):
        return f"the trigger word {trigger.when!r}"
    if trigger.when == "would":
        from rulebase.engine.ccg.abilities.continuous import REPLACEABLE

        if trigger.event not in REPLACEABLE:
            return f"replacing the occurrence {trigger.event!r}"
    for name, value in trigger.values:
        missing = _value_missing(trigger, name, value)
        if missing is not None:
            return missing
    if trigger.condition is not None and lost_that_faceoff(trigger) is not None:
        return None
    if trigger.condition is not None:
        from rulebase.engine.ccg.abilities.catalog import Engine

        return Engine().part("condition", trigger.condition)
    return None


DONE_TO = frozenset({"exhausted", "readied", "frightened", "dismissed", "retired", "banished", "leaves-play",
                     "enters-play", "enters-discard", "cutie-marked", "involved", "unfrightened"})
"""The events whose player is the controller of the card they happened
to, not who made them happen: "When you exhaust one or more opposing
characters" can't be told from them."""

DONE_BY = frozenset({"exhausted", "frightened"})
"""The events of :data:`DONE_TO` that also name who made them happen
(``by``: the player whose card text exhausted or frightened the card;
none when a rule did)."""

EITHER = "either"
"""The event of a trigger condition met by any one of several events
("When this card enters play or becomes frightened"): its value ``any-of``
names them."""


def events_of(trigger) -> tuple:
    """The events a trigger condition waits for: its own, or each of those
    an ``either`` names."""
    if trigger.event == EITHER:
        alternatives = trigger.value("any-of")
        return alternatives if isinstance(alternatives, tuple) else ()
    return (trigger.event,)


def _own_values(trigger) -> tuple:
    """A trigger's values but the events an ``either`` names."""
    return tuple((name, value) for name, value in trigger.values if name != "any-of")


PLACES = ("home", "problem", "here", "this-problem", "another-problem")
"""The places a trigger's "to" or "from" may name that :func:`matches` tells apart."""


def _value_missing(trigger, name: str, value) -> str | None:
    """``None`` if :func:`matches` checks the trigger's value ``name``,
    else what it lacks: a value it does not check would let the ability
    trigger on events its text leaves out."""
    word = _word(value)
    if name == "by" and trigger.event in DONE_TO and trigger.event not in DONE_BY:
        return f"who {trigger.event.replace('-', ' ')} the card ('by' {word}): the event names the card's controller"
    if name in ("whose", "by", "phase", "kind"):
        return None
    if name == "involving" and word == "self":
        return None
    if name == "involving" and trigger.event in ("faceoff-won", "faceoff-lost") and _involving_missing(value) is None:
        return None
    if name == "to" and trigger.event == "played" and _problem_with_missing(value) is None:
        return None
    if name == "where" and word in ("self", "here", "this-problem"):
        return None
    if name == "to" and trigger.event == "put":
        return None
    if name in ("to", "from") and trigger.event in ("moved", "played") and word in PLACES:
        return None
    if name == "from" and trigger.event == "enters-discard" and word in DISCARDED_FROM.values():
        return None
    if name == "amount" and trigger.event == "counters-put" and isinstance(value, int):
        return None  # "When you put a Trainee counter on this card": one or more at once
    if name in ("at-least", "within") and trigger.event == "scores":
        return None  # the points scored with the card in one phase: :func:`.events.scored`
    if name == "margin" and _margin(value) is not None and (
            trigger.event == "faceoff-won" or (trigger.event == "confronts" and value == ">required")):
        return None
    if name == "colors-among" and trigger.event == "confronts" and _margin(value) is not None:
        return None
    if name == "with" and trigger.event == "confronts" and _with_missing(value) is None:
        return None
    if name == "face" and value in ("up", "down") and (
            trigger.event == "enters-play" or (trigger.event == "uncovered" and value == "up")):
        return None  # entering play face-up or face-down (to uncover a Troublemaker is to turn it face-up, 607.3)
    if name == "during" and isinstance(value, Condition):
        from rulebase.engine.ccg.abilities.catalog import Engine

        return Engine().part("condition", value)
    shown = word if isinstance(word, (str, int)) else type(word).__name__
    return f"the trigger's {name!r} ({shown})"


ANNOUNCED = frozenset({
    "enters-play", "played", "leaves-play", "dismissed", "retired", "banished", "frightened", "exhausted",
    "readied", "moved", "uncovered", "challenged", "confronts", "solved", "replaced", "faceoff-starts",
    "faceoff-won", "faceoff-lost", "defeated", "flips", "draws", "discards", "phase-starts", "phase-ends", "turn-starts",
    "turn-ends", "put", "scores", "cutie-marked", "enters-discard", "involved", "unfrightened", "counters-put",
    "turned-face-up", "game-starts", "faceoff-ends",
})
"""The events of :data:`~rulebase.engine.ccg.abilities.model.EVENTS` the engine's steps announce."""
assert ANNOUNCED <= set(EVENTS)


FACEOFF_ENDS = "faceoff-ends"
"""The event of the end of a faceoff (514.6): announced as the priority
window after its winner is decided closes, before its flipped cards are put
on the bottom of their decks; it names the cards involved (``involving``)
and the players who lost it (``losers``: none when no one won)."""


@step("514.6", "as the priority window closes, the triggers at the end of the faceoff trigger ({outcome}), "
               "then the faceoff ends")
def faceoff_ends(board: Board, current, winner: int | None):
    """Announce the end of a faceoff (514.6), before its flipped cards leave
    the Flip Zone: the cards involved in it and the players who lost it
    (everyone but ``winner``; no one when no one won, 514.5)."""
    losers = tuple(player for player in current.players if winner is not None and player != winner)
    events.emit(board, FACEOFF_ENDS, player=current.starter, kind=current.kind_group, faceoff=current,
                areas=current.areas, involving=frozenset(card.id for card in current.involved(board)), losers=losers)
    outcome = (f"{board.name(winner)} won it" if winner is not None else "no one won it")
    return {"outcome": outcome}


def lost_that_faceoff(trigger) -> bool | None:
    """For "At the end of a faceoff, if you didn't lose that faceoff": whether
    the trigger's condition asks that its controller lost (``True``) or did
    not lose (``False``) the faceoff the event ends; ``None`` for any other
    condition.  The event itself tells (514.5: the faceoff's losers)."""
    condition = trigger.condition
    if trigger.event != FACEOFF_ENDS or condition is None or condition.kind != "did":
        return None
    if dict(condition.values) != {"what": "lose-faceoff"} or condition.all_of or condition.any_of:
        return None
    return not condition.negated


def after_the_end(ability) -> str | None:
    """What an ability triggered at the end of a faceoff can't do, else
    ``None``.  Its triggered effect is created as the faceoff ends and
    processed only once it has ended (514.6, 511.7): by then every flipped
    card has been put on the bottom of its owner's deck, so an instruction
    about flipped cards ("put one of your flipped cards into your hand"), or
    a flipped card's own ability (Chaos: "while this card is flipped"),
    would find nothing to do it to."""
    trigger = getattr(ability, "trigger", None)
    if trigger is None or FACEOFF_ENDS not in events_of(trigger):
        return None
    condition = trigger.condition
    if condition is not None and condition.kind == "status" and condition.value("status") == "flipped" \
            and getattr(condition.subject, "noun", None) == "self":
        return ("a flipped card's ability at the end of a faceoff: the card is put on the bottom of its deck as the "
                "faceoff ends, before the effect is processed (514.6)")
    effects = [ability.effect]
    while effects:
        effect = effects.pop()
        if effect is None:
            continue
        if getattr(effect.target, "zone", None) == "flip":
            return ("flipped cards at the end of a faceoff: they are put on the bottom of their decks as the faceoff "
                    "ends, before the effect is processed (514.6)")
        effects.extend([effect.then, effect.otherwise, *effect.choices])
    return None


class Waiting:
    """A triggered effect waiting to be processed (704.1c): the card whose
    ability created it (as it was then), the ability, its controller and
    the event that created it (712.2)."""

    __slots__ = ("ability", "acts", "card", "controller", "happened", "incarnation", "number")

    def __init__(self, card: Card, ability: Ability, acts: Ability, number: int, happened):
        self.card = card
        self.incarnation = card.incarnation
        self.ability = ability
        self.acts = acts
        self.number = number
        self.controller = None
        self.happened = happened

    def player(self) -> int:
        """Who processes the effect: its source's controller as the effect
        was created (712.2), else, not kept, its controller now."""
        return self.controller if self.controller is not None else self.card.controller

    def text(self) -> str:
        return self.ability.text or (self.ability.keyword or "its text")

    def key(self):
        """Effects of the same keyword are interchangeable in the order of
        processing; card text is told apart by card and ability."""
        if keywords.played(self.ability):
            return ("keyword", self.ability.keyword, self.ability.x)
        return ("text", self.card.id, self.number)

    def __repr__(self) -> str:
        return f"<Waiting {self.card.label} {self.text()!r} on {self.happened.event}>"


# -- triggering ------------------------------------------------------------------------------


def _word(value):
    """A trigger's value as a word: a selector's noun (``you``, ``self``)."""
    return getattr(value, "noun", value)


def _player_fits(source: Card, word, player) -> bool:
    """Whether the player an event concerns is the one a trigger of
    ``source``'s names, from its controller's side."""
    return player_named(word, source.controller, player)


def player_named(word, me: int | None, player) -> bool:
    """Whether ``player`` is the one ``word`` names (``you``/``your``,
    ``opponent``/``an opponent's``, anyone) read from ``me``'s side."""
    word = _word(word)
    if word in (None, "each", "any", "a player", "anyone", "player"):
        return True
    if not isinstance(player, int):
        return False
    if word in ("you", "your"):
        return player == me
    if word in ("opponent", "opponents", "an opponent's", "opponent's"):
        return player != me
    return True


def _places(happened) -> tuple:
    areas = happened.get("areas")
    if areas:
        return tuple(areas)
    area = happened.get("area")
    if area is None:
        card = happened.get("card")
        area = getattr(card, "area", None)
    return (area,)


def matches(board: Board, source: Card, trigger, happened) -> bool:
    """Whether ``happened`` is the trigger condition of ``source``'s
    ability (704.1)."""
    subject = trigger.subject
    if subject is not None:
        card = happened.get("card")
        if subject.noun in ("player", "you", "opponent"):
            if not _player_fits(source, subject.noun, happened.get("player")):
                return False
        elif subject.noun in ("that", "it") and source.host is not None:
            if not isinstance(card, Card) or not is_the_host.allows(board, source, card):
                return False
        elif not isinstance(card, Card) or not fits(board, source, subject, card, happened):
            return False
    for name, value in trigger.values:
        if name == "by" and happened.event in DONE_BY:
            if not _player_fits(source, value, happened.get("by")):
                return False
        elif name in ("whose", "by") and getattr(value, "ref", None) == "owner":  # "this card's owner"
            if happened.get("player") != source.owner:
                return False
        elif name in ("whose", "by"):
            if not _player_fits(source, value, happened.get("player")):
                return False
        elif name == "any-of":
            if happened.event not in value:
                return False
        elif name == "face" and happened.event == "enters-play":
            card = happened.get("card")
            if not isinstance(card, Card) or card.face_down != (value == "down"):
                return False
        elif name == "involving" and happened.event in ("faceoff-won", "faceoff-lost") and _word(value) != "self":
            if not _involving_fits(board, source, value, happened):
                return False
        elif name == "involving":
            if _word(value) == "self" and source.id not in (happened.get("involving") or ()):
                return False
        elif name == "to" and isinstance(value, tuple) and happened.event == "played":
            if not _problem_with(board, source, value, happened):
                return False
        elif name == "where":
            if _word(value) in ("self", "here", "this-problem") and source.area not in _places(happened):
                return False
        elif (name in ("phase", "kind") or (name == "to" and happened.event == "put")) and happened.get(name) not in (
                None, value) and value != "any":  # "After the start of any phase"
            return False
        elif name == "amount" and happened.event == "counters-put" and (happened.get("amount") or 0) < value:
            return False
        elif name == "kind" and happened.event == "counters-put" and happened.get("kind") != value:
            return False
        elif name == "at-least" and happened.event == "scores" and not (
                happened.get("before", 0) < value <= happened.get("total", 0)):
            return False
        elif name == "from" and happened.event == "enters-discard":
            if happened.get("from") != _word(value):
                return False
        elif name in ("to", "from") and happened.event in ("moved", "played"):
            area = happened.get(name) if happened.event == "moved" else happened.get("area")
            if not _at(source, _word(value), area):
                return False
        elif name == "during" and isinstance(value, Condition) and not _condition_holds(board, source, value, happened):
            return False
        elif name == "margin" and not _margin_fits(board, value, happened):
            return False
        elif name == "colors-among" and not _colors_among_fit(board, value, happened):
            return False
        elif name == "with" and happened.event == "confronts" and not _confronted_with_enough(
                board, source, value, happened):
            return False
    lost = lost_that_faceoff(trigger)
    if lost is not None:
        return (source.controller in (happened.get("losers") or ())) == lost
    return trigger.condition is None or _condition_holds(board, source, trigger.condition, happened)


def _involving_missing(value) -> str | None:
    """What the engine lacks to tell the cards a faceoff won or lost
    involving ``value`` ("involving this card and Rarity", "involving their
    Mane Character", an attachment's "involving that character")."""
    from rulebase.engine.ccg.abilities import targets

    for selector in value if isinstance(value, tuple) else (value,):
        if not isinstance(selector, Selector) or selector.every or selector.count.value != 1:
            return f"a faceoff involving {selector!r}"
        if selector.noun in ("self", "that"):
            continue
        if selector.controller not in (None, "you", "their") or selector.where is not None or selector.zone:
            return f"a faceoff involving {selector.part.text or selector.noun!r}"
        missing = targets.executable(replace(selector, controller=None))
        if missing is not None:
            return missing
    return None


def _described(board: Board, source: Card, selector, card: Card, happened) -> bool:
    """Whether ``card`` is the one ``selector`` of a trigger describes:
    this card, an attachment's host ("that character"), or a card of the
    description ("their": of the player the event names)."""
    if selector.noun == "self":
        return card is source
    if selector.noun == "that":
        return source.host is not None and card is source.host
    if selector.controller == "their":
        if card.controller != happened.get("player"):
            return False
        selector = replace(selector, controller=None)
    return fits(board, source, selector, card, happened)


def _involving_fits(board: Board, source: Card, value, happened) -> bool:
    """Whether the player's cards the faceoff involved as it was won or lost
    include one of each description ``value`` names."""
    cards = [board.cards[card_id] for card_id in sorted(happened.get("involving") or ())]
    return all(any(_described(board, source, selector, card, happened) for card in cards)
               for selector in (value if isinstance(value, tuple) else (value,)))


def _problem_with_missing(value) -> str | None:
    """What the engine lacks to tell "to a Problem with <a card>"."""
    from rulebase.engine.ccg.abilities import targets

    if not (isinstance(value, tuple) and len(value) == 2 and value[0] == "problem-with"
            and isinstance(value[1], Selector)):
        return f"the trigger's 'to' {value!r}"
    selector = value[1]
    if selector.every or selector.where is not None or selector.zone or selector.controller not in (None, "you",
                                                                                                   "opponent"):
        return f"a Problem with {selector.part.text or selector.noun!r}"
    return targets.executable(selector)


def _problem_with(board: Board, source: Card, value, happened) -> list:
    """The cards at the Problem a card was played to that ``value``'s
    description names ("to a Problem with a face-up Troublemaker"); none
    when it was not played to a Problem."""
    area = happened.get("area")
    if area is None or not area.is_problem:
        return []
    return [card for card in board.at(area) if card is not happened.get("card")
            and fits(board, source, value[1], card, happened)]


def _naming(board: Board, source: Card, trigger, happened):
    """The event as the ability's effect reads it: with the cards its
    trigger condition described named for it ("When you play this card to
    a Problem with a face-up Troublemaker, turn that Troublemaker
    face-down"; "... wins a faceoff involving their Mane Character, that
    player may exhaust that Mane Character")."""
    if trigger is None or not isinstance(happened, events.Happened):
        return happened
    named = {}
    for name, value in trigger.values:
        if name == "to" and isinstance(value, tuple) and happened.event == "played":
            named[value[1].noun] = _problem_with(board, source, value, happened)
        elif name == "involving" and happened.event in ("faceoff-won", "faceoff-lost") and isinstance(value, Selector) \
                and value.noun not in ("self", "that"):
            cards = [board.cards[card_id] for card_id in sorted(happened.get("involving") or ())]
            named[value.noun] = [card for card in cards if _described(board, source, value, card, happened)]
    if not named:
        return happened
    return events.Happened(happened.event, happened.data + (("named", named),))


def names_for_the_effect(trigger) -> bool:
    """Whether a trigger condition names cards for the effect that only a
    triggered ability's effect is told of (:func:`_naming`)."""
    return trigger is not None and any(
        (name == "to" and isinstance(value, tuple)) or (name == "involving" and isinstance(value, Selector)
                                                         and value.noun not in ("self", "that"))
        for name, value in trigger.values)


@check("509.4", "an attachment's \"that [thing]\" is its host description: the card it is attached to")
def is_the_host(board: Board, source: Card, card: Card):
    """"When that Friend becomes exhausted" on an attachment waits for
    what happens to the card it is attached to; without the rule, "that
    Friend" would be any Friend an event names."""
    if card is not source.host:
        return f"{card} is not the card {source} is attached to ({source.host}): {source}'s \"that\" is not it"


def _margin(value) -> tuple | None:
    """A trigger's margin ("by exactly 1 power": ``==1``, "by at least 5
    power": ``>=5``, "with more power than required": ``>required``) as
    the ``(operator, number)`` of :func:`.targets.comparison`; ``None`` if
    it is not a comparison with a number."""
    from rulebase.engine.ccg.abilities import targets

    if value == ">required":
        return targets.comparison(">0")
    try:
        return targets.comparison(value)
    except ValueError:
        return None


def _margin_fits(board: Board, value, happened) -> bool:
    """Whether the faceoff was won, or the Problem confronted, by the
    margin the trigger names: the winner's total over the highest other
    total (514.4), or the confronting player's power there over what the
    confront requirements ask (611.3)."""
    compare, number = _margin(value)
    if happened.event == "faceoff-won":
        totals = getattr(happened.get("faceoff"), "totals", None) or {}
        mine = totals.get(happened.get("player"))
        others = [total for player, total in totals.items() if player != happened.get("player")]
        if mine is None or not others:
            return False
        margin = mine - max(others)
    else:
        margin = _over_required(board, happened.get("player"), happened.get("card"))
    return compare(margin, number)


def _colors_among_fit(board: Board, value, happened) -> bool:
    """Whether the characters a player confronts a Problem with (those of
    theirs there contributing power to confronting it, 611.3a) have as
    many different colors among them as the trigger asks ("at least 3
    different colors among them")."""
    from rulebase.engine.ccg.cards import Color, has_color

    compare, number = _margin(value)
    cards = characters_confronted_with(board, happened)
    if cards is None:
        return False
    colors = [color for color in Color if any(has_color(board, card, (color,)) for card in cards)]
    return compare(len(colors), number)


def _with_missing(value) -> str | None:
    """What the engine lacks to count the characters a Problem is
    confronted "with at least 2 other [Generosity] characters"."""
    from rulebase.engine.ccg.abilities import targets

    if getattr(value, "noun", None) not in ("character", "Friend") or value.count.value is None or value.every:
        return f"confronting with {getattr(value, 'noun', value)!r}"
    if value.where is not None or value.zone not in (None, "play") or value.controller not in (None, "you"):
        return f"confronting with {value.part.text or value.noun!r}"
    return targets.executable(value)


def _confronted_with_enough(board: Board, source: Card, value, happened) -> bool:
    """Whether at least as many of the characters the Problem is confronted
    with (611.3a) as the trigger's selector counts are of its description
    ("with at least 2 other [Generosity] characters": not this card)."""
    cards = characters_confronted_with(board, happened)
    if cards is None:
        return False
    described = replace(value, count=Amount(1))
    return sum(1 for card in cards if fits(board, source, described, card, happened)) >= value.count.value


@step("611.3a", "{player} confronts {problem} with {cards}: the characters of theirs there contributing power to "
                "confronting it")
def confronted_with(board: Board, player: int, problem: Card, cards: list):
    return {"player": board.name(player), "problem": problem.label,
            "cards": ", ".join(card.label for card in cards) or "no character"}


def characters_confronted_with(board: Board, happened) -> list | None:
    """The characters the player of a ``confronts`` event confronts its
    Problem with: theirs there contributing power to confronting it
    (611.3a); ``None`` without that rule (none is said to be confronted
    with), or for an event naming no Problem or player."""
    from rulebase.engine.ccg import confront

    problem, player = happened.get("card"), happened.get("player")
    if not isinstance(problem, Card) or not isinstance(player, int) or problem.area is None:
        return None
    cards = [card for card in board.characters_at(problem.area, player) if confront.contributes(board, card, False)]
    if confronted_with(board, player, problem, cards) is None:
        return None
    return cards


def _over_required(board: Board, player: int, problem: Card) -> int:
    """How much more power ``player``'s characters at ``problem`` contribute
    than its confront requirements ask of them in all."""
    from rulebase.engine.ccg import confront, power

    needs, _ = confront.requirements(board, player, problem)
    total = sum(max(0, power.power(board, card) or 0) for card in board.characters_at(problem.area, player)
                if confront.contributes(board, card, False))
    return total - sum(need.amount for need in needs)


def _at(source: Card, word: str, area) -> bool:
    """Whether ``area`` is the place ``word`` names ("home", "a Problem",
    "here": where ``source`` is, "this Problem": the source's Problem)."""
    if area is None:
        return False
    if word == "home":
        return area.is_home
    if word == "problem":
        return area.is_problem
    if word == "another-problem":  # "moved from here to another Problem": a Problem other than this card's
        return area.is_problem and area != source.area
    return area == source.area


def _condition_holds(board: Board, source: Card, condition, happened) -> bool:
    try:
        from rulebase.engine.ccg.abilities import conditions
    except ImportError:
        return False
    return bool(conditions.holds(board, context(board, source, source.controller, happened), condition))


@step("704.1", "{card}'s ability triggers ({text})")
def triggers(board: Board, card: Card, ability: Ability, acts: Ability, number: int, happened):
    """A triggered ability triggers, once for each instance of its trigger
    condition (704.1b), and creates a triggered effect (704.1c)."""
    if ability.limit:
        if not limit_allows.allows(board, card, number, ability.limit):
            return None
        board.used.add(_limit_key(board, card, number, ability.limit))
    if any(w.card is card and w.number == number for w in board.waiting):
        subject = acts.trigger.subject if acts.trigger is not None else None
        if subject is not None and subject.filter("at_least") and one_or_more(board, card, acts) is not None:
            return None
        if once_for_each(board, card) is None:
            return None
    creates(board, card, ability, acts, number, _naming(board, card, acts.trigger, happened))
    return {"card": card.label, "text": ability.text or ability.keyword or "its text"}


@step("704.1b", "{card}'s ability triggers again: once for each instance of its trigger condition, even simultaneous "
                "ones")
def once_for_each(board: Board, card: Card):
    """An ability whose effect already waits triggers again for another
    instance of its trigger condition (704.1b); without that rule, the
    instances waiting together trigger it once."""
    return {"card": card.label}


@step("104.1", "{card}'s ability waits for one or more {what}: it has triggered for those that happen together, and "
               "its effect waits; the card's text takes precedence over 704.1b")
def one_or_more(board: Board, card: Card, acts: Ability):
    """"When one or more opposing characters become exhausted": the events
    that happen together (before the effect is processed) trigger the
    ability once; without the card's text taking precedence, each would
    trigger it (704.1b)."""
    subject = acts.trigger.subject
    return {"card": card.label, "what": subject.part.text or subject.noun}


@step("704.1c", "a triggered effect of {card} is created: it waits for Pre-Priority Processing")
def creates(board: Board, card: Card, ability: Ability, acts: Ability, number: int, happened):
    """As a triggered ability triggers, it creates a triggered effect, which
    waits to be processed in Pre-Priority Processing (704.1c, 712.1)."""
    waiting = Waiting(card, ability, acts, number, happened)
    as_created(board, waiting)
    board.waiting.append(waiting)
    return {"card": card.label}


@step("712.2", "the triggered effect of {card} keeps the game state as it is now: {player} controls it")
def as_created(board: Board, waiting: Waiting):
    """A triggered effect uses the game state as it was when it was created,
    whatever it is as it is processed (712.2): its controller, and the
    event that created it."""
    waiting.controller = waiting.card.controller
    return {"card": waiting.card.label, "player": board.name(waiting.controller)}


@step("705.2f", "{player} has played {card}: the abilities that trigger when a player plays it trigger")
def played(board: Board, card: Card, player: int, area=None):
    """The last part of processing a card played (705.2f): the abilities
    waiting for a player playing it trigger."""
    events.emit(board, "played", card=card, player=player, area=area)
    return {"player": board.name(player), "card": card.label}


@check("104.1", "card text that limits how often an ability triggers takes precedence over 704.1b")
def limit_allows(board: Board, card: Card, number: int, limit: str):
    if _limit_key(board, card, number, limit) in board.used:
        return f"{card}'s ability has already triggered {limit.replace('-', ' ')}"


def _limit_key(board: Board, card: Card, number: int, limit: str):
    return ("triggered", card.id, card.incarnation, number, _span(board, limit))


def _span(board: Board, limit: str):
    if limit == "once-per-turn":
        return ("turn", board.turn.number)
    if limit == "once-per-faceoff":
        return ("faceoff", len(board.faceoffs))
    return ("game",)


LOOKING_BACK = frozenset({"leaves-play", "dismissed", "retired", "banished", "frightened", "put", "defeated",
                          "enters-discard"})
"""The events after which the card they happened to no longer has its
abilities (out of play, or face-down): its own abilities waiting for them
still trigger, as it was (701.3: they could only function then)."""


def listen(board: Board, happened) -> None:
    """Show an event to the triggered abilities of the cards in play that
    wait for it (701.3: abilities function in play; 505.1a: face-down
    cards have none), and to those of the card it happened to that wait
    for it leaving play or being frightened."""
    event = happened.event
    subject = happened.get("card")
    waiting, answering = _waiting(board, event) if getattr(board, "play", None) else ((), ())
    for card in waiting:
        if card.face_down:
            continue
        found = _triggered(side(card), event)
        if not found:
            continue
        for number, ability, acts in found:
            if matches(board, card, acts.trigger, happened) and is_triggered(board, card, ability):
                triggers(board, card, ability, acts, number, happened)
    for card, ability, acts, number in given_triggered(board, event) if getattr(board, "play", None) else ():
        if matches(board, card, acts.trigger, happened) and is_triggered(board, card, ability):
            triggers(board, card, ability, acts, number, happened)
    for card in answering:
        if card.face_down:
            continue
        for number, ability in getattr(side(card), "activated", ()):
            trigger = ability.trigger
            if (trigger is not None and event in events_of(trigger) and trigger.when in TRIGGER_WORDS
                    and matches(board, card, trigger, happened) and not_triggered.allows(board, card, ability)):
                triggers(board, card, ability, ability, number, happened)
    if event in LOOKING_BACK and isinstance(subject, Card) and (subject.zone != Zone.PLAY or subject.face_down):
        for number, ability, acts in _triggered(index(subject.info), event):
            if acts.trigger.subject is not None and acts.trigger.subject.noun == "self" and matches(
                    board, subject, acts.trigger, happened) and is_triggered(board, subject, ability):
                triggers(board, subject, ability, acts, number, happened)
    if event in OUT_OF_PLAY and isinstance(subject, Card) and subject.zone == OUT_OF_PLAY[event]:
        for number, ability, acts in _triggered(index(subject.info), event):
            if acts.trigger.subject is not None and acts.trigger.subject.noun == "self" and matches(
                    board, subject, acts.trigger, happened) and functions_there(board, subject, ability) is not None \
                    and is_triggered(board, subject, ability):
                triggers(board, subject, ability, acts, number, happened)
    if isinstance(subject, Card) and subject.face_down and subject.zone == Zone.PLAY:
        for number, ability, acts in _triggered(index(subject.info), event):
            if acts.trigger.subject is not None and acts.trigger.subject.noun == "self" \
                    and _uncovers_itself(acts.effect) and matches(board, subject, acts.trigger, happened) \
                    and functions_face_down(board, subject, ability) is not None \
                    and is_triggered(board, subject, ability):
                triggers(board, subject, ability, acts, number, happened)
    for player in getattr(board, "players", ()):
        for card in list(player.hand):
            for number, ability, acts in _triggered(index(card.info), event):
                if _from_the_hand(acts.effect) and matches(board, card, acts.trigger, happened) \
                        and functions_there(board, card, ability) is not None and is_triggered(board, card, ability):
                    triggers(board, card, ability, acts, number, happened)


def _uncovers_itself(effect) -> bool:
    """Whether an effect uncovers this card ("you may retire a Friend there
    to uncover this card"): an ability that could only function while its
    card is face-down (505.1a)."""
    while effect is not None:
        target = effect.target
        if effect.verb == "uncover" and target is not None and target.noun == "self":
            return True
        effect = effect.then
    return False


@step("505.1a", "{card} is face-down, but its ability ({text}) could only function while it is face-down: it "
                "functions")
def functions_face_down(board: Board, card: Card, ability: Ability):
    """Face-down cards have no abilities, unless those abilities could only
    function while the card is face-down (505.1a): a Troublemaker's own
    "When you play this card to a Problem, ... uncover this card"."""
    return {"card": card.label, "text": ability.text or "its text"}


def _from_the_hand(effect) -> bool:
    """Whether a triggered ability's effect puts this card from its
    player's hand into play ("When you move a character, you may put this
    card from your hand into play"): it could only function in the hand
    (701.3), and waits there."""
    target = getattr(effect, "target", None)
    return (effect is not None and effect.verb == "put-into-play" and target is not None
            and target.noun == "self" and target.zone == "hand")


def _triggered(listed, event: str) -> tuple:
    """The triggered abilities of one side of a card (its index) waiting
    for ``event``: for it alone, or for it among others (``either``)."""
    if listed is None:
        return ()  # a card that lost its abilities
    found = listed.triggered.get(event, ())
    either = listed.triggered.get(EITHER)
    if either:
        found = found + tuple(entry for entry in either if event in events_of(entry[2].trigger))
    return found


def _waiting(board: Board, event: str) -> tuple[list, list]:
    """The cards in play (of :func:`acting_cards`, in the same order) with,
    on either side, a triggered ability waiting for ``event``, and with an
    activated ability whose condition is ``event``; kept while the cards in
    play are the same, in the same order (while a card in play gives others
    abilities, each card whose abilities act, each time: what a card
    gained is asked of it as it is now)."""
    from rulebase.engine.ccg.abilities.continuous import gaining

    if gaining(board):
        cards = acting_cards(board)
        return cards, cards
    kept = board.listening
    if kept is None or kept[0] != board.play:
        kept = board.listening = (list(board.play), {})
    found = kept[1].get(event)
    if found is None:
        cards = acting_cards(board)
        found = kept[1][event] = ([card for card in cards if event in _events(card.printed)[0]],
                                  [card for card in cards if event in _events(card.printed)[1]])
    return found


_EVENTS = "_trigger_events"


def _events(printed) -> tuple[frozenset, frozenset]:
    """The events the triggered abilities of either side of a card wait
    for, and those the conditions of its activated abilities name; worked
    out once (kept on the printed information, as its abilities' index)."""
    found = printed.__dict__.get(_EVENTS)
    if found is None:
        waits: set = set()
        answers: set = set()
        for sided in (printed, printed.boosted):
            if sided is not None:
                listed = index(sided)
                waits.update(listed.triggered)
                waits.update(event for _number, _ability, acts in listed.triggered.get(EITHER, ())
                             for event in events_of(acts.trigger))
                answers.update(event for _number, ability in listed.activated if ability.trigger is not None
                               for event in events_of(ability.trigger))
        found = printed.__dict__[_EVENTS] = (frozenset(waits), frozenset(answers))
    return found


TRIGGER_WORDS = {"when": "when", "start": "at", "end": "at"}
"""The words of 704.1 that identify a triggered ability, as a trigger
condition keeps them ("At the start of ..." is ``start``)."""


@check("704.1a", "an ability which uses the words 'when' or 'at' but also has a timing phrase is not a triggered "
                 "ability")
def not_triggered(board: Board, card: Card, ability: Ability):
    """An ability with a timing phrase and a condition that says "when" or
    "at" (a Reaction: "Reaction: When you flip a card, ...") does not
    trigger: its player may activate it (703.1, 512.4b).  Without this
    rule, it would trigger like any ability that says "when"."""
    word = TRIGGER_WORDS.get(ability.trigger.when, ability.trigger.when)
    return (f"{card}'s ability ({ability.text or 'its text'}) says '{word}' but has the timing phrase "
            f"{ability.timing}: it does not trigger")


@step("701.5", "{tag} is a tag word: it has no game text, so {card}'s ability ({text}) has no timing phrase and is a "
               "triggered ability")
def tag_word(board: Board, card: Card, ability: Ability):
    """A tag word before a triggered ability ("Chaos: When this card is
    flipped, ...") has no game text (701.5).  Without this rule, the word
    before the colon would be a timing phrase, and an ability with one is
    not a triggered ability (704.1a)."""
    return {"tag": ability.timing, "card": card.label, "text": ability.text or "its text"}


def is_triggered(board: Board, card: Card, ability: Ability) -> bool:
    """Whether a triggered ability of the reading triggers: one led by a
    tag word does, the tag having no game text (701.5), else 704.1a
    decides."""
    if ability.timing is None:
        return True
    return tag_word(board, card, ability) is not None or not_triggered.allows(board, card, ability)


OUT_OF_PLAY = {"flips": Zone.FLIP}
"""The events after which the card they happened to is in a zone other
than play where its own ability waiting for them could only function
("When this card is flipped": in the flip zone)."""


@step("701.3", "{card}'s ability ({text}) could only function in the {zone}: it functions there")
def functions_there(board: Board, card: Card, ability: Ability):
    """Abilities function only in play, unless they could only function in
    a non-play zone (701.3): a flipped card's own "when this card is
    flipped" ability."""
    return {"card": card.label, "text": ability.text or "its text", "zone": card.zone}


events.LISTENERS.append(listen)


def _into_the_discard_pile(board: Board, happened) -> None:
    """A card that leaves play into a discard pile enters it from play:
    the event ``enters-discard`` (from play) is announced, with the card
    as it is there."""
    if happened.event != "leaves-play":
        return
    card = happened.get("card")
    if isinstance(card, Card) and card.zone == Zone.DISCARD:
        events.emit(board, "enters-discard", card=card, player=happened.get("player"),
                    incarnation=happened.get("incarnation"), **{"from": "play"})


events.LISTENERS.append(_into_the_discard_pile)

DISCARDED_FROM = {Zone.PLAY: "play", Zone.HAND: "hand", Zone.DRAW_DECK: "deck", Zone.FLIP: "flip",
                  Zone.QUEUE: "queue", Zone.PROBLEM_DECK: "problem-deck", Zone.BANISHED: "banished"}
"""The zones a card enters a discard pile from, as a trigger's "from" names them."""


def _into_the_discard_pile_from(board: Board, card: Card, zone: Zone) -> None:
    """A card that enters a discard pile from anywhere but play (discarded
    from a hand, an Event whose text has been processed, a card put there
    from a deck or spent from beneath a card): the event ``enters-discard``
    is announced from that zone (from play, as it leaves play)."""
    if zone != Zone.PLAY:
        events.emit(board, "enters-discard", card=card, player=card.owner, incarnation=card.incarnation,
                    **{"from": DISCARDED_FROM.get(zone, str(zone))})


ENTERING_DISCARD.append(_into_the_discard_pile_from)


def _involved_as_it_begins(board: Board, happened) -> None:
    """Each card involved in a faceoff as it begins (514.2) becomes
    involved in it: the event ``involved`` is announced for each."""
    if happened.event != "faceoff-starts":
        return
    for card_id in sorted(happened.get("involving") or ()):
        card = board.cards[card_id]
        events.emit(board, "involved", card=card, player=card.controller, faceoff=happened.get("faceoff"),
                    kind=happened.get("kind"))


events.LISTENERS.append(_involved_as_it_begins)


def _face_up_as_uncovered(board: Board, happened) -> None:
    """A Troublemaker uncovered is turned face-up (607.3): the event
    ``turned-face-up`` is announced for it as well."""
    if happened.event == "uncovered":
        events.emit(board, "turned-face-up", card=happened.get("card"), player=happened.get("player"),
                    area=happened.get("area"))


events.LISTENERS.append(_face_up_as_uncovered)


def _involved_later(board: Board, happened) -> None:
    """A card that begins to fit the description of a faceoff's cards while
    it goes on (moved or played to its Problem) becomes involved in it
    (514.2d): the event ``involved`` is announced for it as it does, as for
    the cards involved as the faceoff began."""
    current = getattr(board, "faceoff", None)
    if current is None or happened.event in ("involved", "faceoff-starts"):
        return
    announced = getattr(current, "announced", None)
    if announced is None:
        announced = current.announced = set(current.initial)
    now = {card.id for card in current.involved(board)}
    announced &= now
    for card_id in sorted(now - announced):
        announced.add(card_id)
        card = board.cards[card_id]
        events.emit(board, "involved", card=card, player=card.controller, faceoff=current, kind=current.kind_group)


events.LISTENERS.append(_involved_later)


# -- processing ------------------------------------------------------------------------------


def context(board: Board, card: Card, controller: int, happened=None, ability: Ability | None = None):
    """The context card text is resolved in: its card, its controller, the
    event that triggered it and the ability it is the effect of."""
    from rulebase.engine.ccg.abilities import resolve

    return resolve.Context(board=board, card=card, controller=controller, event=happened, ability=ability)


@check("511.7a", "a player processes their waiting triggered effects in the order of their choosing")
def one_of_theirs(board: Board, player: int, mine: list, action: Action):
    for waiting in mine:
        if waiting.card.id == action.card and (action.amount is None or action.amount == waiting.number):
            return Allowed(f"{board.name(player)} chooses to process the triggered effect of {waiting.card} next")
    return f"that is not one of {board.name(player)}'s triggered effects waiting to be processed"


@step("511.7", "{player} processes the triggered effect of {card} ({text})")
def processes(board: Board, waiting: Waiting):
    return {"player": board.name(waiting.player()), "card": waiting.card.label, "text": waiting.text()}


@step("511.7a", "{first} most recently had priority: their waiting triggered effects are processed first, then those "
                "of the next player in turn order")
def most_recent_first(board: Board, first: int, opening: bool):
    return {"first": board.name(first)}


@step("511.7a.i", "a new priority window is being opened: the turn player, {first}, processes their waiting triggered "
                  "effects first")
def turn_player_first(board: Board, first: int, opening: bool):
    if opening:
        return {"first": board.name(first)}


def _first(board: Board, opening: bool) -> int:
    """Who processes their waiting effects first: the turn player as a new
    window opens (511.7a.i), else the player who most recently had
    priority (511.7a); with neither rule, turn order from the turn player."""
    if turn_player_first(board, board.turn.player, opening) is not None:
        return board.turn.player
    last = board.turn.last_priority
    if last is not None and most_recent_first(board, last, opening) is not None:
        return last
    return board.turn.player


@step("712.1", "a player is about to receive priority: the {n} triggered effect{s} created since a player last had "
                "priority {are} processed")
def created_since_priority(board: Board, batch: list):
    """Take the triggered effects created since a player last had priority
    into ``batch``, to be processed now (712.1)."""
    batch.extend(board.waiting)
    board.waiting.clear()
    return {"n": len(batch), "s": "s" * (len(batch) != 1), "are": "are" if len(batch) != 1 else "is"}


def process(s, opening: bool = False):
    """The triggered-effects wave of Pre-Priority Processing (511.7):
    whether any effect was processed.  Those the processing creates wait
    for the next wave (511.7b)."""
    board = s.board
    if not board.waiting:
        return False
    was = getattr(board, "opening_window", False)
    board.opening_window = opening  # decisions made as a new window is being opened (801.1)
    try:
        return (yield from _process(s, board, opening))
    finally:
        board.opening_window = was


def _process(s, board: Board, opening: bool):
    batch: list = []
    if created_since_priority(board, batch) is None:
        return False
    first = _first(board, opening)
    order = [first] + [p.index for p in board.players if p.index != first]
    for position, player in enumerate(order):
        mine = [w for w in batch if w.player() == player]
        while mine:
            waiting = yield from _choose(s, player, mine)
            mine.remove(waiting)
            before = len(board.waiting)
            yield from carry_out(s, waiting)
            created = board.waiting[before:]
            if created and waits_for_the_next_wave.verdict(board, len(created)) is None:
                # without 511.7b, those of this player and the players after are processed in this wave
                joining = [w for w in created if w.player() in order[position:]]
                board.waiting[:] = [w for w in board.waiting if w not in joining]
                batch.extend(joining)
                mine.extend(w for w in joining if w.player() == player)
            elif created:
                waits_for_the_next_wave(board, len(created))
    return True


@check("511.7b", "triggered effects created while triggered effects are processed wait for the next wave")
def waits_for_the_next_wave(board: Board, n: int):
    return Allowed(f"processing a triggered effect created {n} more: {'it waits' if n == 1 else 'they wait'} for the "
                   "next wave of Pre-Priority Processing")


def _choose(s, player: int, mine: list):
    """The player's next waiting effect: their choice when the order can
    matter (511.7a), the only one otherwise."""
    from rulebase.engine.ccg.priority import decide, switched_off

    board = s.board
    kinds = {}
    for waiting in mine:
        kinds.setdefault(parts.effect_key(board, waiting, mine), waiting)
    if len(kinds) == 1:
        return mine[0]
    verify = lambda action: one_of_theirs(board, player, mine, action)
    options = lambda: [Action("trigger", player, w.card.id, amount=w.number) for w in kinds.values()]
    if one_of_theirs.verdict(board, player, mine, options()[0]) is None:
        return mine[0]  # without 511.7a, no choice: the order they were created in
    action = yield from decide(s, player, "choose the next triggered effect to process", options,
                               {"trigger": verify}, rule="511.7a", default=lambda: options()[0])
    for waiting in mine:
        if waiting.card.id == action.card and (action.amount is None or action.amount == waiting.number):
            return waiting
    raise switched_off(one_of_theirs, "the choice names no waiting triggered effect")


def carry_out(s, waiting: Waiting):
    """Process one triggered effect (712): a keyword's by its unit, card
    text by the effect resolver; a "may" is decided as it is processed
    (712.3)."""
    board = s.board
    if processes(board, waiting) is None:
        return
    ability = waiting.ability
    if keywords.played(ability):
        keywords.carry_out(board, waiting.card, ability, waiting.happened)
        return
    effect = waiting.acts.effect
    if effect is None:
        return
    from rulebase.engine.ccg.abilities import resolve

    yield from resolve.resolve(s, context(board, waiting.card, waiting.player(), waiting.happened, waiting.acts), effect)
