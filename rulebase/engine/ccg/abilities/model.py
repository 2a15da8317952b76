"""The ability model: what a card's text means, as values the engine carries
out (chapter 7 of the Comprehensive Rules).

A card's text is a tuple of :class:`Ability`, one for each of its
paragraphs (a keyword is an ability like any other, 701.2).  Each ability
has a ``kind``:

``keyword``
    A keyword ability (701.2, the glossary): ``keyword`` names it and ``x``
    is its X.  ``meaning`` is what it does: the glossary's own words for it
    ("It means ...") read as card text, with X replaced by its value, so a
    keyword acts like the ability it stands for.
``triggered``
    "When ...", "After ...", "At the start of ...", "At the end of ..."
    (704): ``trigger`` says what it waits for, ``effect`` what it does.
``activated``
    "Main Phase: ...", "Faceoff: ...", "Immediate: ...", "Reaction: ..."
    (703): ``timing`` is the timing phrase, ``cost`` what is paid,
    ``effect`` what it does.  A Reaction's ``trigger`` is its condition.
``continuous``
    "This card has +1 power ...", "While ..., ..." (702): ``modifier`` is
    what it changes while ``condition`` holds.
``replacement``
    "If ... would ..., ... instead" (710): ``trigger`` is the event replaced,
    ``effect`` what happens instead.
``event``
    The text of an Event after its timing phrase (304.2): ``timing``,
    ``cost`` (an additional cost), ``effect``.
``placement``
    "Play on a Friend.", "Play to your home." (305.1, 509.1): ``target``
    says where the card is played.

Every value is frozen and compares by value; the words a part came from are
kept in ``text`` (and where it starts in the card's text, ``line`` and
``column``) so that a report can name it.

Vocabularies.  The kinds of effects, triggers, modifiers and conditions are
words (``Effect.verb``, ``Trigger.event``, ``Modifier.kind``,
``Condition.kind``, ``Selector.noun``).  The reader produces them; the
engine carries out those its tables hold (the verb table of
:mod:`rulebase.engine.ccg.abilities.verbs` and the tables beside it), and a
card whose text holds one the tables lack is "parsed, not executable" with
that word named.  The words in use are listed in :data:`VERBS`,
:data:`EVENTS`, :data:`MODIFIERS` and :data:`CONDITIONS`: a reader that needs
a new one adds it there with what it means.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# -- the vocabularies --------------------------------------------------------------

VERBS = {
    # verb: what it does (its target is ``Effect.target``, its number ``Effect.amount``)
    "move": "move the target to an area (``area``: home, a Problem, this card's Problem, ...) (506)",
    "send": "send the target home (506.3)",
    "frighten": "frighten the target (511)",
    "unfrighten": "unfrighten the target",
    "exhaust": "exhaust the target (503.2)",
    "ready": "ready the target (503.1)",
    "dismiss": "dismiss the target: it goes to its owner's discard pile",
    "retire": "retire the target: it goes to its owner's discard pile",
    "banish": "banish the target",
    "draw": "a player (``target``, default the ability's controller) draws ``amount`` cards (``position`` bottom: from the bottom of the deck)",
    "discard": "a player discards ``amount`` cards (``random`` true: at random), or the target is discarded",
    "search": "search a zone (``zone``) for the target and put it into ``to`` (hand, play, top of deck)",
    "look": "look at the target (cards of a zone, the top ``amount`` of a deck, a face-down card)",
    "reveal": "reveal the target",
    "reveal-until": "reveal cards from the top of a deck (``zone``) until a card the target finds is revealed (later parts say 'that card')",
    "shuffle": "shuffle a zone",
    "arrange": "put the cards looked at back in any order (``to``: top, bottom)",
    "to-hand": "put the target into its owner's hand",
    "to-deck": "put the target on top (``to``: top) or the bottom (``to``: bottom) of its owner's deck",
    "score": "a player scores ``amount`` points (``additional`` true: an additional point, 517)",
    "gain": "a player gains ``amount`` action tokens",
    "pay": "a player pays ``amount`` action tokens (a cost)",
    "lose": "a player loses ``amount`` action tokens or points (``what``)",
    "power": "the target gets ``amount`` power (``color``: of a color) for ``duration``",
    "counters": "put ``amount`` +1 power counters on the target (519)",
    "distribute-counters": "put ``amount`` +1 power counters on the target cards, split among them as the player carrying it out chooses (519)",
    "remove-counters": "remove ``amount`` counters from the target",
    "flip": "a player flips ``amount`` more cards in the faceoff under way (514.3)",
    "ignore": "ignore a flipped card (515.4)",
    "uncover": "uncover a face-down Troublemaker (607.3)",
    "challenge": "challenge a Troublemaker (608)",
    "turn-over": "turn a Mane Character over (301.2)",
    "turn-troublemaker-over": "turn the target Troublemaker over: a face-down one face-up, a face-up one face-down",
    "take-control": "take control of the target (513)",
    "exchange-control": "exchange control of two cards (513): the target's, or the target and ``with``",
    "play": "play the target (from ``zone``; ``free`` true: without paying its cost)",
    "put-into-play": "put the target into play (not played, 706)",
    "flip-fewer": "a player flips ``amount`` fewer cards in the faceoff under way (514.3)",
    "flip-change": "a player (``who``) flips ``amount`` more (fewer, if negative) cards in every faceoff for ``duration``",
    "put-into-play-attached": "put the target (a Resource) into play attached to ``on`` (a Selector), not played",
    "token": "put a token into play (522): ``token`` is its description",
    "copy": "the card becomes a copy of the target (520)",
    "copy-effects": "carry out again the effects of an Event (``of``: it, the Event a trigger names; that; this, the effect being carried out)",
    "attach": "attach or reattach a Resource to the target (509)",
    "cutie-mark": "Cutie Mark the target (a keyword state of the later sets)",
    "prevent": "an event (``what``) does not happen (to the target)",
    "cost-change": "the cost of the target cards changes by ``amount`` (``minimum``: to no less than that)",
    "choose": "a player chooses the target (later parts say 'that card')",
    "guess": "a player guesses something about the target",
    "lose-all": "the target loses and can't have or gain its ``what`` (abilities, colors) for ``duration``",
    "skip-phase": "the next ``phase`` of the game (troublemaker, main, ...) does not happen",
    "replace": "replace the target Problem (the next card of its owner's Problem deck takes its place)",
    "add-power": "the target gets +power equal to the power of ``of`` (a Selector) for ``duration``",
    "defeat": "defeat the target Troublemaker by card text, not by winning a faceoff",
    "double-power": "the target's power is doubled for ``duration`` (it gets +power equal to its power)",
    "next-time": "the next time ``trigger`` (a Trigger) happens (within ``duration``), carry out ``do`` (an Effect), once",
    "delayed": "at ``at`` (end-of-turn, end-of-faceoff, end-of-phase), carry out ``do`` (an Effect)",
    "cant": "the target can't do or undergo something (``action``) for ``duration``",
    "turn-face-down": "turn the target (a Troublemaker) face-down",
    "name": "a player names a card or a color (``what``); later parts say 'the named card'",
    "gain-abilities": "the target gains the printed abilities of ``of`` (a Selector)",
    "end-faceoff": "the faceoff under way ends at once (its cards no longer involved, no winner decided)",
    "start-faceoff": "start a faceoff involving the cards of ``involving`` (a tuple of Selectors)",
    "spend": "put a card from beneath the target (``zone``: beneath) into its owner's discard pile (a cost)",
    "to-discard": "put the target into its owner's discard pile (it is not discarded)",
    "requirement-change": "the play requirements of the target cards change by ``amount`` of ``color``",
    "confront-need": "``players`` (every player if none) need ``amount`` more power to confront the target Problem for ``duration``",
    "doesnt-prevent": "the target Troublemakers do not prevent confronting ``confronting`` for ``duration``",
    "token-copy": "put a token copy of the target into play (``area``, ``face``; ``control`` you: under your control) (522)",
    "win": "a player wins the game (``what``: game)",
    "shuffle-into": "a player shuffles a zone of theirs (``zone``: discard, hand) into their deck",
    "involve": "the target becomes involved in the faceoff under way",
    "gain-keyword": "the target has the keyword ``keyword`` (its X ``x``) for ``duration``",
    "also-card-type": "the target is also a card of the type ``type`` (and of the color ``color``) as well as its own for ``duration``",
    "color": "the target is the color ``color`` ('that': the color named or chosen before; ``also`` true: as well as its own) for ``duration``",
}
"""The effect verbs, with what each does."""

EVENTS = {
    "enters-play": "the subject enters play (``how``: played, put into play)",
    "played": "the subject is played (``zone``: from where)",
    "leaves-play": "the subject leaves play",
    "enters-discard": "the subject is put into a discard pile (``from``: play; from anywhere if none)",
    "dismissed": "the subject is dismissed",
    "retired": "the subject is retired",
    "banished": "the subject is banished",
    "frightened": "the subject is frightened",
    "unfrightened": "the subject becomes unfrightened (504.3)",
    "exhausted": "the subject is exhausted",
    "readied": "the subject is readied",
    "moved": "the subject is moved (``from``, ``to``)",
    "uncovered": "the subject (a Troublemaker) is uncovered",
    "turned-face-up": "the subject (a face-down Troublemaker) is turned face-up, uncovered or by a card's text",
    "challenged": "the subject (a Troublemaker) is challenged",
    "defeated": "the subject (a Troublemaker) is defeated",
    "confronts": "a player confronts the subject (a Problem)",
    "solved": "the subject (a Problem) is solved",
    "replaced": "the subject (a Problem) is replaced",
    "faceoff-starts": "a faceoff starts (``kind``: problem, troublemaker; ``involving``)",
    "faceoff-won": "a player wins a faceoff (``kind``, ``involving``, ``by``)",
    "faceoff-lost": "a player loses a faceoff",
    "faceoff-ends": "a faceoff ends (514.6: ``involving``; ``losers``, the players who lost it)",
    "flips": "a player flips a card (``during``: a faceoff)",
    "draws": "a player draws a card",
    "discards": "a player discards a card",
    "scores": "a player scores points",
    "phase-starts": "a phase starts (``phase``; ``whose``: your, an opponent's, each)",
    "phase-ends": "a phase ends",
    "turn-starts": "a turn starts (``whose``)",
    "turn-ends": "a turn ends (``whose``)",
    "turned-over": "the subject (a Mane Character) is turned over",
    "cutie-marked": "the subject becomes Cutie Marked",
    "gains-tokens": "a player gains action tokens",
    "counters-put": "a player (``by``) puts +1 power counters on the subject",
    "put": "a player (``by``) puts the subject somewhere (``to``: deck-bottom, ...)",
    "game-starts": "the game starts",
    "sent-home": "the subject is sent home (506.3)",
    "involved": "the subject becomes involved in a faceoff (``kind``)",
    "either": "one of the events of ``any-of`` (a tuple of event names) happens to the subject",
}
"""The events a triggered ability (704) or a replacement effect (710) waits for."""

MODIFIERS = {
    "at-most": "the players ``by`` can't ``action`` (play, confront, ready, score) more than ``most`` of the subject (``what``: points; ``each``: type, of each card type) ``per`` turn",
    "power-equal": "the subject's power is ``amount`` (a number the game state gives: ``per``)",
    "power-doubled": "the subject's power is doubled, ``amount`` times (``per``: once for each ...)",
    "power": "the subject has ``amount`` power (``color``; ``per``: for each ...)",
    "keyword": "the subject has a keyword (``keyword``, ``x``)",
    "trait": "the subject has a trait",
    "confront-need": "a player needs ``amount`` more power to confront the subject (a Problem)",
    "cost": "a player pays ``amount`` more (or less) to do something (``action``: play, move, ...)",
    "cost-with-minimum": "as ``cost``, lowering the cost no further than ``minimum`` (\"to a minimum of [1]\")",
    "cant": "the subject can't do or undergo something (``action``: be frightened, be dismissed, move, ...)",
    "doesnt-prevent": "a Troublemaker does not prevent confronting",
    "flips": "a player flips ``amount`` more cards in faceoffs",
    "home-limit": "a home limit changes by ``amount``",
    "hand-size": "the maximum hand size changes by ``amount``",
    "tokens": "a player receives ``amount`` more action tokens",
    "draws": "a player draws ``amount`` more cards in their Draw Step",
    "bonus": "a Problem's bonus changes by ``amount``",
    "bonus-equal": "the subject Problem's bonus is ``amount`` points",
    "points": "a Troublemaker's point value changes by ``amount``",
    "may": "a player may do something the rules would not let them (``action``)",
    "loses": "the subject loses and can't have or gain its ``what`` (abilities, colors)",
    "hand-revealed": "the subject (a player) plays with their hand revealed",
    "requires": "the subject can be played only while ``condition`` (a Condition) holds",
    "starts-in-play": "the card starts the game in play (``where``: home)",
    "starts-attached": "the card starts the game in play attached to ``on`` (a Selector)",
    "starts-in-problem-deck": "the card (a Problem) starts the game in its owner's Problem deck (``position``: bottom)",
    "enters-exhausted": "the subject enters play exhausted",
    "others-enter-exhausted": "the subject cards (other cards than this one) enter play exhausted",
    "enters-face-up": "the subject (a Troublemaker) enters play face-up",
    "enters-with-counters": "the subject enters play with ``amount`` +1 power counters on it (519)",
    "additional-cost": "playing the subject costs the instructions of ``pay`` as well",
    "contributes": "the subject contributes its power where the rules would not let it (``to``: faceoffs, confronting)",
    "colors": "the subject also has the colors of the cards ``of`` (a Selector)",
    "abilities": "the subject also has the other printed abilities of ``of`` (a Selector)",
    "color": "the subject is the color ``color`` (``also`` true: as well as its own)",
    "not-counted": "the subject does not count against its controller's home limit (``against``: home-limit)",
    "names": "the subject also has each of the names ``names`` (``zones`` all: in every zone)",
    "ability": "the subject has the ability ``ability`` (an Ability, the text in quotes)",
    "all": "every modifier of ``all-of`` (a tuple of Modifiers) applies to the subject",
}
"""What a continuous ability changes (702, 707)."""

CONDITIONS = {
    "power-than-any": "the subject's power is higher (``compare`` >) or lower (<) than that of each card ``than`` finds",
    "at": "the subject is at a place (``where``: a Problem, home, this card's Problem, ...)",
    "with": "the subject is at the same area as the selector's cards",
    "has": "a player has (controls) at least ``amount`` of the selector's cards (``where``)",
    "none": "there are none of the selector's cards",
    "involved": "the subject is involved in a faceoff (``kind``)",
    "during": "it is a phase or a faceoff (``phase``)",
    "status": "the subject is ready, exhausted, frightened, face-down, Cutie Marked, turned over",
    "score": "a player has ``amount`` or more points (``compare``)",
    "power": "a total or a card's power compares with a number (``compare``)",
    "parity": "the subject's power (``printed``: its printed power) is even or odd (``parity``)",
    "attached": "the subject has or is an attachment",
    "did": "the previous instruction was done ('If you do', 'this way')",
    "turn": "it is a player's turn (``whose``)",
    "count": "a number of things compares with another",
    "all": "every condition of ``all_of`` holds",
    "any": "one condition of ``any_of`` at least holds",
    "first": "the player is the first to do something (``action``) to the subject this turn",
    "color": "the subject has the color ``color``",
    "is": "the subject is a card of a ``type`` (Friend, Event, ...) or has a ``trait``",
    "exists": "there is at least one of the subject's cards (at its ``where``)",
    "points-than": "the subject player has more (``compare`` >) or fewer (<) points than the player ``than``",
}
"""What a condition ("while", "if", "as long as") asks (702.2, 704.4)."""


# -- the values ----------------------------------------------------------------------


def lookup(pairs: tuple, name: str, default=None):
    """The value of ``name`` among (name, value) ``pairs``, else ``default``.

    >>> lookup((("phase", "score"), ("whose", "your")), "whose")
    'your'
    """
    for key, value in pairs:
        if key == name:
            return value
    return default


def _pairs(values: dict | None) -> tuple:
    return tuple(sorted((values or {}).items()))


@dataclass(frozen=True)
class Part:
    """Where a part of an ability came from: its words, and its line and
    column (from 1) in the card's text."""

    text: str = field(default="", compare=False)
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Amount:
    """A number: ``value`` (``None`` for X or "any number"), or ``per`` for
    each card a selector finds ("+1 power for each Resource on it"),
    ``value`` times that count; ``up_to`` for "up to N"."""

    value: int | None = 1
    per: Selector | None = None
    up_to: bool = False
    variable: str | None = None


@dataclass(frozen=True)
class Selector:
    """The cards or players a part of an ability refers to.

    ``noun``: ``card``, ``character``, ``Friend``, ``Mane Character``,
    ``Troublemaker``, ``Problem``, ``Resource``, ``Event``, ``player``,
    ``opponent``, ``you`` or ``self`` ("this card"), ``host`` ("the
    attached Friend", "this Friend" of an attachment), ``that`` (a card an
    earlier part named, ``ref`` says which), ``it``; in a number the game
    state gives (``Amount.per``): ``power``, ``printed-power``, ``cost``
    (the points of it of the card ``of``), ``color`` (the colors of
    ``of``), ``counter`` (counters of a ``kind`` on the card ``on``).
    ``count``: how many (``Amount``; "each"/"all" is ``Amount(None)`` with
    ``every`` true).  ``controller``: ``you``, ``opponent``, ``any`` or
    ``owner``; ``where``: ``here``/``this-problem`` (this card's Problem),
    ``home``, ``problem`` (any Problem), ``that-problem``, ``your-home``...;
    ``zone``: ``play`` unless it says ``hand``, ``discard``, ``deck``,
    ``problem-deck``, ``banished``, ``flip``; ``filters``: further
    qualities as (name, value) pairs: ``trait``, ``color``, ``power``
    (a comparison such as ``>=3``), ``printed-power``, ``cost``,
    ``other`` (not this card), ``status`` (ready, exhausted, frightened,
    face-down), ``kind`` (Problem/Troublemaker faceoff), ``random``.
    """

    noun: str
    count: Amount = Amount(1)
    every: bool = False
    controller: str | None = None
    where: str | None = None
    zone: str | None = None
    filters: tuple = ()
    ref: str | None = None
    part: Part = Part()

    def filter(self, name: str, default=None):
        return lookup(self.filters, name, default)


@dataclass(frozen=True)
class Condition:
    """What must hold (``kind``, see :data:`CONDITIONS`) of ``subject``, with
    its further values in ``values`` ((name, value) pairs); ``negated`` for
    "unless"/"not"; ``all_of``/``any_of`` join conditions."""

    kind: str
    subject: Selector | None = None
    values: tuple = ()
    negated: bool = False
    all_of: tuple = ()
    any_of: tuple = ()
    part: Part = Part()

    def value(self, name: str, default=None):
        return lookup(self.values, name, default)


@dataclass(frozen=True)
class Effect:
    """One instruction (``verb``, see :data:`VERBS`) on ``target``, with
    ``amount``, ``duration`` (``turn``, ``phase``, ``faceoff``,
    ``next-turn``, ``permanent``) and further values in ``values``.

    ``who``: the player who carries it out (a Selector; ``None`` is the
    ability's controller).  ``optional`` for "you may"; ``condition`` for
    "if ...," before it.  ``then`` is what follows it in the same sentence
    or the next ("..., then ..."); ``instead`` what happens otherwise
    ("Otherwise, ..."); ``choices`` the options of "Choose one:".
    """

    verb: str
    target: Selector | None = None
    amount: Amount | None = None
    duration: str | None = None
    values: tuple = ()
    who: Selector | None = None
    optional: bool = False
    condition: Condition | None = None
    then: Effect | None = None
    otherwise: Effect | None = None
    choices: tuple = ()
    part: Part = Part()

    def value(self, name: str, default=None):
        return lookup(self.values, name, default)

    def chain(self):
        """This instruction and those that follow it, in order."""
        effect = self
        while effect is not None:
            yield effect
            effect = effect.then


@dataclass(frozen=True)
class Trigger:
    """What a triggered ability or replacement effect waits for: ``event``
    (see :data:`EVENTS`) of ``subject``, further values in ``values``
    (``whose``, ``phase``, ``kind``, ``from``, ``to``, ``involving``,
    ``by``), ``condition`` ("When ..., if ...,"), ``when``: ``when``,
    ``after``, ``start``, ``end``, ``would`` (a replacement)."""

    event: str
    subject: Selector | None = None
    values: tuple = ()
    when: str = "when"
    condition: Condition | None = None
    part: Part = Part()

    def value(self, name: str, default=None):
        return lookup(self.values, name, default)


@dataclass(frozen=True)
class Modifier:
    """What a continuous ability changes (``kind``, see :data:`MODIFIERS`)
    of ``subject``: ``amount`` and further ``values``."""

    kind: str
    subject: Selector | None = None
    amount: Amount | None = None
    values: tuple = ()
    part: Part = Part()

    def value(self, name: str, default=None):
        return lookup(self.values, name, default)


@dataclass(frozen=True)
class Ability:
    """One ability of a card (701): see the module for its kinds.

    ``limit``: ``once-per-turn`` and the like (703.5); ``anyone`` for
    "Any player may activate this ability"; ``side``: ``front`` or
    ``boosted`` (a Mane Character's side it is on).
    """

    kind: str
    text: str = field(default="", compare=False)
    keyword: str | None = None
    x: int | None = None
    timing: str | None = None
    trigger: Trigger | None = None
    cost: tuple = ()
    condition: Condition | None = None
    effect: Effect | None = None
    modifier: Modifier | None = None
    target: Selector | None = None
    limit: str | None = None
    anyone: bool = False
    side: str = "front"
    meaning: Ability | None = None
    part: Part = Part()


def values(**pairs) -> tuple:
    """Keyword arguments as the sorted (name, value) pairs the values keep.

    >>> values(whose="your", phase="score")
    (('phase', 'score'), ('whose', 'your'))
    """
    return _pairs({key.replace("_", "-"): value for key, value in pairs.items() if value is not None})


THIS_CARD = Selector("self")
"""'this card'."""
