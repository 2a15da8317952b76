"""Continuous abilities and the modifiers they generate (702, 707, 708,
711): a card's power and the power it has of a color, the cost of moving,
the power needed to confront, what a card may or can't do; and
replacement modifiers, "if ... would ..., ... instead" (710).

Continuous abilities function while their card is in play (701.3, 702.1)
and face up (505.1a).  Each side of a card is indexed once by what its
continuous abilities change (:func:`index`), so a hook (a card's power, a
move's cost) looks only at the abilities that change that.  A keyword's
meaning is applied by its keyword's unit (:mod:`.keywords`); other card
text by the units here, each recorded under its rule.  Modifiers of power
that only add give the same power in any order; where a card has one that
does not (its power doubled, or equal to a number), the modifiers of its
power apply in timestamp order (711.3), each timestamped with the time it
was created (711.3a: as its card entered play, or after the card entered
play for its counters and definite modifiers).  A modifier affects the game
only while its condition is true (708.3), and cards in play only unless it
says another zone (707.3: a card played from the discard pile).

Replacement modifiers (710) replace an occurrence as it would occur
(711.2): where card text's instruction frightens, dismisses, retires or
banishes a card, the players are asked (:func:`replace_asking`: the player
affected chooses among several, 710.5; "you may" is its controller's
decision); where a rule's own procedure does, only a replacement without a
decision applies (:func:`replaced`).

>>> from rulebase.engine.ccg.abilities.model import Modifier
>>> executable(Modifier("power")), executable(Modifier("hand-revealed"))
(None, "the modifier 'hand-revealed'")
"""

from __future__ import annotations

from rulebase.engine.ccg.abilities import keywords
from rulebase.engine.ccg.abilities.model import Ability
from rulebase.engine.ccg.board import Board, Card
from rulebase.engine.ccg.cards import perspective_of
from rulebase.engine.ccg.rules import Allowed, check, step
from rulebase.engine.rulebook import Table
from rulebase.engine.trace import Trace

HOOKED = ("power", "power-doubled", "power-equal", "cost", "confront-need", "may", "keyword", "cant", "flips",
          "enters-exhausted", "enters-with-counters", "color", "requires", "home-limit", "not-counted",
          "cost-with-minimum", "trait", "at-most", "doesnt-prevent", "bonus-equal", "colors", "loses",
          "others-enter-exhausted", "hand-size", "names", "abilities", "ability")
"""The modifiers the engine applies, each where its rule says: power (507),
cost (508), confront-need (611.3), may, keywords given by text (701.1), a
color a card is also (203.2), and what a card's text requires to play it
(104.1)."""

ORDERED = ("power-doubled", "power-equal")
"""The modifiers of power whose result depends on the modifiers applied
before them ("this card's power is doubled", "... is equal to ..."): where
a card has one, the modifiers of its power apply in timestamp order
(711.3); where it has none, they only add, and any order gives the same
power."""

GIVEN_TRIGGERED = ("Diligent", "Prepared", "Studious", "Calming", "Meticulous")
"""The triggered keywords text may give a card that the engine applies:
each waits for its event (a faceoff won, a faceoff started, an opposing
Friend entering play, the start of its controller's turn) on the card text
gives it to (:func:`given_triggered`)."""


def given_ability(keyword: str, x) -> Ability:
    """The keyword ability ``keyword`` (its X ``x``) text gives a card: a
    keyword the engine plays by its glossary unit, any other with the
    glossary's sentence read as card text (701.4)."""
    if keywords.meaning(keyword, x) is not None:
        return keywords.keyword_ability(keyword, x)
    from rulebase.engine.ccg.abilities import reading

    return reading.keyword_ability(keyword, x)

GIVEN_REPLACING = ("Persistent", "Vexing")
"""The keywords meaning a replacement modifier text may give a card that
the engine applies: each replaces its occurrence (the card leaving play,
an opponent confronting its Problem) as printed ones do
(:func:`given_replacing`)."""

GRANTABLE = ("Swift", "Competitive", "Supportive", "Caretaker", "Stubborn", "Eccentric", "Showy") + GIVEN_TRIGGERED \
    + GIVEN_REPLACING
"""The keywords text may give a card that the engine applies (those acting
on the card's own power, cost or contribution, Eccentric on the power
needed to confront its Problem, Showy on the cost of moving there, the
triggered keywords of :data:`GIVEN_TRIGGERED` and the replacing ones of
:data:`GIVEN_REPLACING`)."""


def executable(modifier) -> str | None:
    """``None`` if the engine applies ``modifier``, else what it lacks."""
    if modifier is None:
        return "no modifier"
    if modifier.kind == "all":
        for part in modifier.value("all-of") or ():
            missing = executable(part)
            if missing is not None:
                return missing
        return None if modifier.value("all-of") else "the modifier 'all' of no modifiers"
    if modifier.kind == "additional-cost":
        from rulebase.engine.ccg import play

        return play.additional_cost_missing(modifier)  # paid as its card is played (508.1)
    if modifier.kind not in HOOKED:
        return f"the modifier {modifier.kind!r}"
    if modifier.kind == "cost" and modifier.value("action") in ("play", PLAY_OR_MOVE):
        missing = _play_cost_missing(modifier)
        if missing is not None:
            return missing
        if modifier.value("action") == PLAY_OR_MOVE and (
                modifier.value("to") not in ("here", "this-problem") or modifier.amount.per is not None):
            return "a change of the cost to play or move somewhere else, or by a number not printed"
    elif modifier.kind == "cost" and modifier.value("action") == TO_OR_FROM:
        amount = modifier.amount
        if modifier.value("to") not in ("here", "this-problem") or amount is None or amount.per is not None \
                or not isinstance(amount.value, int) or amount.value <= 0:
            return "a change of the cost to move to or from somewhere else, or by a number not printed"
    elif modifier.kind == "cost" and modifier.value("action") == "turn-over":
        from rulebase.engine.ccg.abilities import activated

        return activated.changed_cost_missing(modifier)  # paid as its card's ability is activated (508.1)
    elif modifier.kind == "cost" and modifier.value("action") == "draw-action":
        from rulebase.engine.ccg import play

        return play.draw_cost_missing(modifier)  # paid as the draw action is taken (609.2d)
    elif modifier.kind in ("cost", "cost-with-minimum") and modifier.value("action") == "rally":
        return _rally_cost_missing(modifier)  # paid as a card is rallied (609.2e)
    elif modifier.kind == "cost" and modifier.value("action") not in ("move", None):
        return f"a change of the cost to {modifier.value('action')}"
    if modifier.kind == "color":
        return _color_missing(modifier)
    if modifier.kind == "colors":
        return _colors_of_missing(modifier)
    if modifier.kind == "loses":
        return _loses_missing(modifier)
    if modifier.kind in GAINING:
        return _gaining_missing(modifier)
    if modifier.kind == "names":
        names = modifier.value("names")
        if not names or not all(isinstance(name, str) and name for name in names):
            return "a card named by names not given"
        if modifier.subject is not None and modifier.subject.noun != "self":
            return "another card named by more names"
        if modifier.value("zones") != "all":
            return f"more names in the zones {modifier.value('zones')!r}"
        return None
    if modifier.kind == "hand-size":
        who = getattr(modifier.subject, "noun", None)
        if who not in ("you", "your", "opponent", "opponents", "player", "players", "each player"):
            return f"the maximum hand size of {who!r}"
        amount = modifier.amount
        if amount is None or not isinstance(amount.value, int):
            return "a maximum hand size changed by a number not printed"
        if amount.per is not None:
            from rulebase.engine.ccg.abilities import targets

            return targets.executable(amount.per)
        return None
    if modifier.kind == "others-enter-exhausted":
        from rulebase.engine.ccg.abilities import targets

        subject = modifier.subject
        if subject is None or subject.noun in ("self", "that", "it", "host") + PLAYER_SUBJECTS:
            return "other cards entering play exhausted, not described"
        return targets.executable(subject)
    if modifier.kind == "trait":
        return _trait_missing(modifier)
    if modifier.kind == "at-most":
        return _at_most_missing(modifier)
    if modifier.kind == "doesnt-prevent":
        return _not_preventing_missing(modifier)
    if modifier.kind == "bonus-equal":
        subject = modifier.subject
        if subject is not None and subject.noun != "self" and not _this_problem(subject):
            return "the bonus points of another Problem"
        amount = modifier.amount
        if amount is None or amount.per is not None or not isinstance(amount.value, int) or amount.value < 0:
            return "bonus points equal to a number not printed"
    if modifier.kind == "requires":
        return _requirement_missing(modifier)
    if modifier.kind == "cost-with-minimum":
        if modifier.value("action") != "play":
            return f"a change of the cost to {modifier.value('action')} to a minimum"
        least = modifier.value("minimum")
        if (modifier.amount is None or modifier.amount.per is not None or not isinstance(modifier.amount.value, int)
                or modifier.amount.value >= 0 or not isinstance(getattr(least, "value", None), int)):
            return "a cost lowered to a minimum by a number not printed"
        missing = _play_cost_missing(modifier)
        if missing is not None:
            return missing
    if modifier.kind == "home-limit":
        who = getattr(modifier.subject, "noun", None)
        if who not in ("you", "your", "opponent", "opponents", "player", "players", "each player"):
            return f"the home limit of {who!r}"
        if modifier.amount is None or not isinstance(modifier.amount.value, int):
            return "a home limit changed by a number not printed"
        per = modifier.amount.per
        if per is not None:  # "... reduced by 1 for each of their Assets in their home"
            if per.controller not in (None, "you", "their", "that-player", "opponent"):
                return "a home limit changed by a number not printed"
            from rulebase.engine.ccg.abilities import targets

            return targets.executable(per)
    if modifier.kind == "not-counted":
        if modifier.value("against") != "home-limit":
            return f"not counted against {modifier.value('against')!r}"
        subject = modifier.subject
        if subject is not None and subject.noun not in ("self", "that", "it", "host"):
            from rulebase.engine.ccg.abilities import targets

            missing = targets.executable(subject)
            if missing is not None:
                return missing
    if modifier.kind == "enters-with-counters":
        subject = modifier.subject
        if subject is not None and subject.noun != "self":
            return "another card entering play with counters"
        if modifier.amount is None or not isinstance(modifier.amount.value, int) or modifier.amount.value < 1:
            return "entering play with a number of counters not printed"
        if modifier.amount.per is not None:
            from rulebase.engine.ccg.abilities import targets

            per = modifier.amount.per
            if per.noun in ("that", "it"):
                return "entering play with counters for each card named elsewhere"
            on = per.filter("on") if per.noun == "counter" else None
            if per.noun == "counter" and not (getattr(on, "every", False) or getattr(on, "noun", None) == "self"):
                return "entering play with as many counters as a card to choose has"
            missing = targets.executable(modifier.amount.per)
            if missing is not None:
                return missing
            return None
    if modifier.kind == "keyword" and modifier.value("keyword") not in GRANTABLE:
        return _keyword_as_text_missing(modifier)
    if modifier.kind == "power" and modifier.value("color") not in (None, "wild") and modifier.value("total"):
        return "a player's total power of a color"
    if modifier.kind == "cant" and modifier.value("action") in MOVING:
        return _cant_move_missing(modifier)
    if modifier.kind == "cant" and modifier.value("action") == "be-challenged":
        return _challenge_missing(modifier)
    if modifier.kind == "cant" and modifier.value("unless-paid") is not None:
        return "a can't lifted by paying a cost ('unless ... pays')"
    if modifier.kind == "cant" and modifier.value("action") == "be-confronted":
        return _cant_confront_missing(modifier)
    if modifier.kind == "cant" and modifier.value("action") in PLAYING:
        return _cant_play_missing(modifier)
    if modifier.kind == "cant" and modifier.value("action") == "contribute-to-faceoffs":
        return _cant_contribute_missing(modifier)
    if modifier.kind == "cant" and modifier.value("action") == "contribute-to-confront":
        return _cant_contribute_confront_missing(modifier)
    if modifier.kind == "cant" and modifier.value("action") == UNCOVERED_HERE:
        return _cant_uncover_missing(modifier)
    if modifier.kind == "cant" and modifier.value("action") in MOVED_HERE:
        return _cant_move_here_missing(modifier)
    if modifier.kind == "cant" and modifier.value("action") == UNCHANGING:
        subject = modifier.subject
        if subject is None or subject.noun in ("self", "that", "it", "host"):
            return None
        from rulebase.engine.ccg.abilities import targets

        return targets.executable(subject)
    if modifier.kind == "cant" and modifier.value("action") in CANTS_OF_PLAYERS:
        return _cant_of_players_missing(modifier)
    if modifier.kind == "cant" and isinstance(modifier.value("action"), tuple):
        unknown = [action for action in modifier.value("action") if action not in CANT]
        if unknown or not modifier.value("action"):
            return f"a can't {modifier.value('action')!r}"
    elif modifier.kind == "cant" and modifier.value("action") not in CANT:
        return f"a can't {modifier.value('action')!r}"
    if modifier.kind == "may" and modifier.value("action") == "play" and modifier.value("zone") == "discard":
        if modifier.subject is not None and modifier.subject.noun != "self":
            if modifier.subject.zone != "discard" or modifier.subject.controller not in (None, "you"):
                return "playing other cards from elsewhere than their player's discard pile"
            from rulebase.engine.ccg.abilities import targets

            return targets.executable(modifier.subject)  # "You may play Friends ... from your discard pile"
        return None
    if modifier.kind == "may" and modifier.value("action") == "play-as-immediate":
        if modifier.subject is not None and modifier.subject.noun != "self":
            return "playing other cards as Immediate actions"
        return None  # played by the timing of play (512.5, glossary: Hasty)
    if modifier.kind == "may" and modifier.value("action") != "contribute":
        return f"a 'may' to {modifier.value('action')!r}"
    if modifier.kind in ORDERED:
        subject = modifier.subject
        if subject is not None and subject.noun != "self":
            missing = _others_ordered_missing(modifier)
            if missing is not None:
                return missing
        if modifier.kind == "power-equal" and modifier.amount is None:
            return "a power equal to no number"
    if modifier.amount is not None and modifier.amount.per is not None:
        playing = modifier.kind == "cost" and modifier.value("action") == "play"
        if modifier.kind not in ("power", "confront-need", "keyword") + ORDERED and not playing:
            return "a modifier 'for each'"
        if playing and (modifier.amount.per.noun in ("that", "it") or modifier.amount.per.controller == "their"):
            return "a change of the cost to play for each card named elsewhere"
        from rulebase.engine.ccg.abilities import targets

        missing = targets.executable(modifier.amount.per)
        if missing is not None:
            return missing
    if modifier.kind == "confront-need":
        amount = modifier.amount.value if modifier.amount is not None else None
        if not amount:
            return "the power needed to confront changed by no number"
        if amount < 0 and modifier.value("color") not in (None, "wild"):
            return "lowering the power of a color needed to confront"
        subject = modifier.subject
        if subject is not None and subject.noun != "self" and not _this_problem(subject) \
                and not _its_host_s_problem(subject):
            if subject.noun != "Problem" or subject.where is not None:
                return "the power needed to confront another Problem"
            from rulebase.engine.ccg.abilities import targets

            missing = targets.executable(subject)  # "opposing Problems", wherever they are
            if missing is not None:
                return missing
        who = getattr(modifier.value("player"), "noun", modifier.value("player"))
        if who not in (None, "you", "your", "opponent", "opponents", "player", "players", "each player"):
            return f"the power {who!r} needs to confront"
    return None


def _rally_cost_missing(modifier) -> str | None:
    """``None`` if the engine applies a change of the cost to rally ("Opponents
    pay +[1] to rally Friends", "you pay [1] less to rally your Friends, to a
    minimum of [1]"): by a number printed, for the players and cards named."""
    amount = modifier.amount
    if amount is None or amount.per is not None or not isinstance(amount.value, int) or not amount.value:
        return "a change of the cost to rally by a number not printed"
    least = modifier.value("minimum")
    if modifier.kind == "cost-with-minimum" and not isinstance(getattr(least, "value", None), int):
        return "a cost to rally lowered to a minimum not printed"
    who = getattr(modifier.value("player"), "noun", modifier.value("player"))
    if who not in PLAYERS:
        return f"a change of the cost {who!r} pays to rally"
    return _subject_missing(modifier, "a change of the cost to rally of no card named")


def _others_ordered_missing(modifier) -> str | None:
    """``None`` if the engine applies a power other cards have of a number
    printed ("Characters here have 2 power"), in timestamp order with the
    other modifiers of their power."""
    subject = modifier.subject
    amount = modifier.amount
    if (modifier.kind != "power-equal" or subject.noun in ("that", "it", "host") or amount is None
            or amount.per is not None or not isinstance(amount.value, int)):
        return f"the modifier {modifier.kind!r} of another card's power"
    from rulebase.engine.ccg.abilities import targets

    return targets.executable(subject)


def _trait_missing(modifier) -> str | None:
    """What the engine lacks to give cards a Trait ("That Friend is a
    Critter", "your other Friends at that Problem get the Critter trait"):
    a Trait named, of the card itself, the card it is on or cards a
    selector names."""
    if not isinstance(modifier.value("trait"), str) or not modifier.value("trait"):
        return "giving a Trait not named"
    subject = modifier.subject
    if subject is None or subject.noun in ("self", "host") or (subject.noun == "that" and subject.ref == "Friend"):
        return None
    from rulebase.engine.ccg.abilities import targets

    return targets.executable(subject)


def _color_missing(modifier) -> str | None:
    """What the engine lacks to make a card also a color: a color named
    ("is also [Generosity]", "is also Blue"), as well as the card's own."""
    from rulebase.engine.ccg.cards import Color

    if not modifier.value("also"):
        return "a card's colors replaced by a color"
    if modifier.value("color") not in tuple(Color):
        return f"making a card the color {modifier.value('color')!r}"
    return None


def _colors_of_missing(modifier) -> str | None:
    """What the engine lacks to give cards the colors of other cards
    ("This card also has the colors of all your other [Crystal]
    characters", Prismatic): cards in play a selector describes, given to
    the card itself or to the cards a selector describes."""
    from rulebase.engine.ccg.abilities import targets

    of = modifier.value("of")
    if of is None or not hasattr(of, "noun") or of.noun in ("self", "that", "it", "host") + PLAYER_SUBJECTS:
        return "the colors of cards not described"
    missing = targets.executable(of)
    if missing is not None:
        return missing
    subject = modifier.subject
    if subject is None or subject.noun == "self":
        return None
    if subject.noun in ("that", "it", "host") + PLAYER_SUBJECTS:
        return "the colors given to a card named elsewhere"
    return targets.executable(subject)


def _loses_missing(modifier) -> str | None:
    """What the engine lacks to take abilities away ("Troublemakers here
    lose and can't have abilities", "That Friend loses and can't have
    abilities"): all of the abilities of cards a selector describes, or of
    the card this one is on."""
    if modifier.value("what") != "abilities":
        return f"losing {modifier.value('what')!r}"
    subject = modifier.subject
    if subject is None or subject.noun == "self":
        return "a card taking away its own abilities"
    if subject.noun in ("host", "that", "it"):
        return None  # the card this one is on (see fits)
    if subject.noun in PLAYER_SUBJECTS:
        return "a player losing abilities"
    from rulebase.engine.ccg.abilities import targets

    return targets.executable(subject)


def _requirement_missing(modifier) -> str | None:
    """What the engine lacks to check "You must control Fluttershy to play
    this card": a condition of this card's own playing it can judge."""
    subject = modifier.subject
    if subject is not None and subject.noun != "self":
        return "a requirement to play another card"
    from rulebase.engine.ccg.abilities import conditions

    condition = modifier.value("condition")
    if condition is None:
        return "a requirement to play of no condition"
    return conditions.executable(condition)


class Index:
    """One side of a card's abilities, by where they act: ``own[kind]`` the
    continuous abilities that change the card itself, ``outward[kind]``
    those that change other cards or players (a Showy card's Problem),
    ``replacing[event]`` the replacement effects, ``triggered[event]`` the
    triggered abilities (:mod:`.triggers`) and ``activated`` the activated
    abilities (:mod:`.activated`), each numbered among all the side's
    abilities (from 1).  ``acts``: whether the side has any of them;
    ``ordered``: whether it has a modifier of its own power that is not
    only added (:data:`ORDERED`)."""

    __slots__ = ("activated", "acts", "ordered", "outward", "own", "replacing", "triggered")

    def __init__(self, printed, pairs: tuple | None = None):
        self.own: dict[str, tuple] = {}
        self.outward: dict[str, tuple] = {}
        self.replacing: dict[str, tuple] = {}
        self.triggered: dict[str, tuple] = {}
        activated = []
        for number, (ability, acts) in enumerate(keywords.acting(printed) if pairs is None else pairs, start=1):
            kind = acts.kind
            if kind == "activated":
                activated.append((number, acts))
            elif kind == "triggered" and acts.trigger is not None and acts.trigger.when not in ("would", "as"):
                event = acts.trigger.event
                self.triggered[event] = self.triggered.get(event, ()) + ((number, ability, acts),)
            elif kind == "replacement" and acts.trigger is not None:
                event = acts.trigger.event
                self.replacing[event] = self.replacing.get(event, ()) + ((number, ability, acts),)
            elif kind == "continuous" and acts.modifier is not None:
                for part in _parts(acts):
                    modifier = part.modifier
                    subject = modifier.subject
                    table = self.own if subject is None or subject.noun == "self" else self.outward
                    table[modifier.kind] = table.get(modifier.kind, ()) + ((ability, part),)
        self.activated = tuple(activated)
        self.acts = bool(self.outward or self.replacing or self.triggered or self.activated)
        self.ordered = any(kind in self.own for kind in ORDERED)


def _parts(ability: Ability) -> tuple:
    """A continuous ability as the abilities of each modifier it makes:
    "this card has +2 power and Stubborn" (the modifier ``all``) is two,
    each with the ability's condition and text."""
    modifier = ability.modifier
    if modifier.kind != "all":
        return (ability,)
    from dataclasses import replace

    return tuple(replace(ability, modifier=part) for part in modifier.value("all-of") or ())


_KEY = "_abilities_index"


def index(printed) -> Index:
    """The abilities of one side of a card by where they act, made once
    (kept on the printed information itself)."""
    found = printed.__dict__.get(_KEY)
    if found is None:
        found = Index(printed)
        printed.__dict__[_KEY] = found
    return found


def side(card: Card) -> Index | None:
    """The index of the face-up side of a card; ``None`` for a face-down
    card, which has no abilities (505.1a), and for a card that lost its
    abilities (:func:`silenced`)."""
    if card.face_down:
        return None
    board = card.board
    if board is not None:
        kept = board.__dict__.get(_SILENCERS)  # (version, cards): most often none, checked inline
        if (kept is None or kept[0] != board.version or kept[1]) and _silencers(board) and silenced(board, card):
            return None
    printed = card.printed
    if card.turned_over and printed.boosted is not None:
        printed = printed.boosted
    found = printed.__dict__.get(_KEY)
    if found is None:
        found = index(printed)
    if board is not None:
        kept = board.__dict__.get(_GIVERS)  # (version, cards): most often none, checked inline
        if (kept is None or kept[0] != board.version or kept[1]) and _givers(board) and card.in_play:
            extra = gained(board, card)
            if extra:
                return _with_gained(printed, extra)
    return found


def _acts(printed) -> bool:
    if index(printed).acts:
        return True
    return printed.boosted is not None and index(printed.boosted).acts


def acting_cards(board: Board) -> list:
    """The cards in play with abilities that act beyond changing the card
    itself (triggered, activated, replacement, or changing others), either
    side, in the order they entered play; remade when a card enters or
    leaves play."""
    if gaining(board):
        return [card for card in board.play if _acts(card.printed) or gained(board, card)]
    cached = board.acting
    if cached is not None and cached[0] == board.play:
        return cached[1]
    found = [card for card in board.play if _acts(card.printed)]
    board.acting = (list(board.play), found)
    return found


def own(card: Card, kind: str) -> tuple:
    """The ``(ability, what acts)`` pairs of ``card`` that change the card
    itself by a modifier of ``kind``; none while face-down (505.1a)."""
    found = side(card)
    return found.own.get(kind, ()) if found is not None else ()


def outward(board: Board, kind: str, area=None):
    """The cards in play (at ``area``, when given) with abilities that
    change other cards or players by a modifier of ``kind``, each with
    those ``(ability, what acts)`` pairs, in the order the cards entered play
    (711.3); not a card whose continuous abilities have not begun
    generating modifiers as it entered play (706.1c).  Asked for every
    kind of modifier whenever one could apply, and most often no card in
    play has any: then nothing is set going."""
    cards = reaching(board, kind)
    return _outward(board, kind, area, cards) if cards else ()


def _outward(board: Board, kind: str, area, cards: list):
    waiting = getattr(board, "not_generating", None)
    for card in cards:
        if card.face_down or (area is not None and card.area != area) or (waiting and card.id in waiting):
            continue
        found = side(card)
        found = found.outward.get(kind) if found is not None else None
        if found:
            yield card, found


def _reaches(printed, kind: str) -> bool:
    if kind in index(printed).outward:
        return True
    return printed.boosted is not None and kind in index(printed.boosted).outward


def reaching(board: Board, kind: str) -> list:
    """The cards in play with an ability changing others by a modifier of
    ``kind`` on either side (cached until a card enters or leaves play);
    while a card in play gives others abilities, also the cards with such
    an ability gained now (worked out each time: 701.1)."""
    if gaining(board):
        return [card for card in acting_cards(board) if _reaches(card.printed, kind)
                or kind in getattr(side(card), "outward", ())]
    cached = board.reaching
    if cached is None or cached[0] != board.play:
        cached = board.reaching = (list(board.play), {})
    found = cached[1].get(kind)
    if found is None:
        found = cached[1][kind] = [card for card in acting_cards(board) if _reaches(card.printed, kind)]
    return found


# -- abilities lost: "... lose and can't have abilities" ----------------------------------------

_SILENCERS = "_silencers"


def _silencers(board: Board) -> tuple:
    """The cards in play with a modifier taking away other cards'
    abilities, either side, in the order they entered play; kept until a
    card changes zones (most games have none)."""
    cached = board.__dict__.get(_SILENCERS)
    if cached is not None and cached[0] == board.version:
        return cached[1]
    found = tuple(card for card in board.play if _reaches(card.printed, "loses"))
    board.__dict__[_SILENCERS] = (board.version, found)
    return found


def _takes_away(board: Board, source: Card, card: Card) -> Ability | None:
    """The ability of ``source`` taking away ``card``'s abilities now (in
    play, or in the zone its selector names, 707.3), or ``None``."""
    if source.face_down or (waiting := getattr(board, "not_generating", None)) and source.id in waiting:
        return None
    printed = source.printed
    if source.turned_over and printed.boosted is not None:
        printed = printed.boosted
    for ability, acts in index(printed).outward.get("loses", ()):
        subject = _subject(acts)
        if getattr(subject, "zone", None) in (None, "play") and not card.in_play:
            continue  # the zone named otherwise is checked by fits
        if fits(board, source, subject, card) and _applies(board, source, acts):
            return acts
    return None


_BUSY = "_silencing"


def taking_away(board: Board) -> list:
    """The cards whose modifiers take away abilities now, in timestamp
    order (711.3): a card whose own abilities an earlier one took away
    generates no modifier (702.1: its continuous abilities function until
    it loses them), so of two cards taking away each other's abilities
    the earlier applies (711.5).  Worked out once while the board is asked
    about; while it is being worked out (a condition asking a card's
    power), no card has lost its abilities yet."""
    memo = board.memo
    if memo is not None and "taking-away" in memo:
        return memo["taking-away"]
    busy = board.__dict__.get(_BUSY)
    if busy or loses_abilities.number in board.off:
        return []  # with 702.1 off, continuous abilities generate no modifier
    board.__dict__[_BUSY] = True
    try:
        active: list = []
        for source in _silencers(board):
            if not any(other is not source and _takes_away(board, other, source) is not None for other in active):
                active.append(source)
    finally:
        board.__dict__[_BUSY] = False
    if memo is not None:
        memo["taking-away"] = active
    return active


def silenced(board: Board, card: Card) -> bool:
    """Whether ``card`` has lost its abilities to a modifier ("Opposing
    Friends here lose and can't have abilities"): it has none while the
    modifier applies, so its own modifiers stop (702.1) and it is given
    none (701.1); a card's modifier taking away abilities keeps applying
    to others though it takes away that card's own."""
    for source in taking_away(board):
        if _takes_away(board, source, card) is not None:
            return True
    return False


def silencing(board: Board, card: Card):
    """The card whose modifier takes away ``card``'s abilities now and its
    ability, or ``None`` (nothing recorded)."""
    for source in taking_away(board) if _silencers(board) else ():
        acts = _takes_away(board, source, card)
        if acts is not None:
            return source, acts
    return None


@step("702.1", "{card} loses its abilities while {source}'s modifier applies ({text}): it has none")
def loses_abilities(board: Board, card: Card):
    """Recorded where a card's abilities would have decided something."""
    found = silencing(board, card)
    if found is not None:
        source, acts = found
        return {"card": card.label, "source": source.label, "text": acts.text or "its text"}


# -- abilities gained: "... also have its other printed abilities", '... have "<text>"' ------

GAINING = ("abilities", "ability")
"""The modifiers giving cards abilities: Teamwork's "Your other Friends here
that share a Trait with this card also have its other printed abilities",
and a quoted ability ("Your Troublemakers have "At the start of your turn,
gain [1]."")."""

_GIVERS = "_givers"
_GAINING_BUSY = "_gaining"


def _givers(board: Board) -> tuple:
    """The cards in play with a modifier giving cards abilities, either
    side, in the order they entered play; kept until a card changes zones
    (most games have none)."""
    cached = board.__dict__.get(_GIVERS)
    if cached is not None and cached[0] == board.version:
        return cached[1]
    found = tuple(card for card in board.play if _gives(card.printed))
    board.__dict__[_GIVERS] = (board.version, found)
    return found


_GIVES = "_gives_abilities"


def _gives(printed) -> bool:
    """Whether either side of a card has a modifier giving abilities: to
    others, or a keyword the engine plays as the glossary's text (701.4)
    to itself or others ("While with another of your Crystal characters,
    this card has Random"); worked out once."""
    found = printed.__dict__.get(_GIVES)
    if found is None:
        found = False
        for sided in (printed, printed.boosted):
            if sided is None:
                continue
            listed = index(sided)
            found = found or any(kind in listed.outward for kind in GAINING) or any(
                _as_text(acts.modifier) for table in (listed.own, listed.outward)
                for _ability, acts in table.get("keyword", ()))
        printed.__dict__[_GIVES] = found
    return found


def _as_text(modifier) -> bool:
    """Whether a modifier giving a keyword gives it as an ability of the
    glossary's text (a keyword the engine does not apply as given, 701.4)."""
    keyword = modifier.value("keyword")
    return modifier.kind == "keyword" and keyword not in GRANTABLE and keywords.meaning(keyword) is None


def gaining(board: Board) -> bool:
    """Whether a card in play could give cards abilities now (cheap: most
    games have none): then the cards whose abilities act are looked for
    among all the cards in play, each time."""
    kept = board.__dict__.get(_GIVERS)
    if kept is not None and kept[0] == board.version and not kept[1]:
        return False
    return bool(_givers(board)) and gains_abilities.number not in board.off


def _printed_side(card: Card):
    printed = card.printed
    return printed.boosted if card.turned_over and printed.boosted is not None else printed


def _given_pairs(source: Card, ability: Ability, acts: Ability) -> tuple:
    """The ``(ability, what acts)`` pairs ``acts`` (of ``source``'s
    ``ability``) gives: the other printed abilities of ``source`` (its
    printed text and keywords, not those it gained itself), or the quoted
    ability."""
    modifier = acts.modifier
    if modifier.kind == "abilities":
        return tuple(pair for pair in keywords.acting(_printed_side(source)) if pair[0] is not ability)
    if modifier.kind == "keyword":
        given = given_ability(modifier.value("keyword"), modifier.value("x"))
        return ((given, given.meaning),) if given.meaning is not None else ()
    quoted = modifier.value("ability")
    if quoted.kind == "keyword":
        meaning = keywords.meaning(quoted.keyword, quoted.x) or quoted.meaning
        return ((quoted, meaning),) if meaning is not None else ()
    return ((quoted, quoted),)


def gained(board: Board, card: Card) -> tuple:
    """The abilities ``card`` (in play) has now from other cards' modifiers
    (701.1: a card's abilities include text added to it by modifiers), as
    ``(source, what gives them, their pairs)`` in the order the sources entered play
    (711.3): only while the modifier's condition is true (708.3), from a
    source that has its abilities (702.1).  While they are being worked
    out (a condition of the giving asking another card's abilities), a
    card has only its own."""
    if not card.in_play or card.face_down or board.__dict__.get(_GAINING_BUSY) \
            or gains_abilities.number in board.off:
        return ()
    if _silencers(board) and silenced(board, card):
        return ()  # "can't have abilities": none is gained (701.1)
    memo = board.memo
    key = ("gained", card.id, card.incarnation)
    if memo is not None and key in memo:
        found = memo[key]
        if found and board.trace.enabled:
            _note_gained(board, card, found)
        return found
    board.__dict__[_GAINING_BUSY] = True
    try:
        with board.trace.quiet():  # what the giving asks is not a step of the game: the gaining is (701.1)
            found = tuple(_gaining(board, card))
    finally:
        board.__dict__[_GAINING_BUSY] = False
    if memo is not None:
        memo[key] = found
    if found and board.trace.enabled:
        _note_gained(board, card, found)
    return found


def _gaining(board: Board, card: Card):
    for source in _givers(board):
        if source.face_down or (waiting := getattr(board, "not_generating", None)) and source.id in waiting:
            continue
        if _silencers(board) and silenced(board, source):
            continue
        listed = index(_printed_side(source))
        for kind in GAINING + ("keyword",):
            pairs = listed.outward.get(kind, ())
            if kind == "keyword":
                pairs = tuple(pair for pair in listed.own.get(kind, ()) + pairs if _as_text(pair[1].modifier))
            for ability, acts in pairs:
                if fits(board, source, _subject(acts), card) and _holds(board, source, acts):
                    pairs = _given_pairs(source, ability, acts)
                    if pairs:
                        yield source, acts, pairs


_MERGED: dict = {}


def _with_gained(printed, extra: tuple) -> Index:
    """The index of a card's side with the abilities it gained (numbered
    after its own), made once for each set of them."""
    key = (id(printed),) + tuple(id(acts) for _source, acts, _pairs in extra)
    kept = _MERGED.get(key)
    if kept is not None and kept[0] is printed:
        return kept[1]
    pairs = tuple(keywords.acting(printed)) + tuple(pair for _source, _acts, given in extra for pair in given)
    made = Index(printed, pairs)
    _MERGED[key] = (printed, made, extra)
    return made


_NOTED = "_gained_noted"


def _note_gained(board: Board, card: Card, found: tuple) -> None:
    """Record what ``card`` gained, once each time it changes."""
    noted = board.__dict__.setdefault(_NOTED, {})
    key = tuple((source.id, id(acts)) for source, acts, _pairs in found)
    if noted.get((card.id, card.incarnation)) == key:
        return
    noted[(card.id, card.incarnation)] = key
    for source, acts, pairs in found:
        gains_abilities(board, card, source, acts, pairs)


@step("701.1", "{card} has the abilities {source}'s ability gives it ({text}): {given}")
def gains_abilities(board: Board, card: Card, source: Card, acts: Ability, pairs: tuple):
    """Switched off, no card gains abilities from another's."""
    given = "; ".join(_said(ability, acts) for ability, _acts in pairs)
    return {"card": card.label, "source": source.label, "text": acts.text or acts.modifier.part.text,
            "given": given}


def _said(ability: Ability, giving: Ability) -> str:
    if ability.text:
        return ability.text
    quoted = giving.modifier.part.text or ""
    start, end = quoted.find('"'), quoted.rfind('"')
    return quoted[start + 1:end].rstrip(".") if 0 <= start < end else "its text"


def _gaining_missing(modifier) -> str | None:
    """What the engine lacks to give cards abilities: the other printed
    abilities of this card (Teamwork), or a quoted ability the engine
    carries out, to cards a selector describes or to this card."""
    subject = modifier.subject
    if modifier.kind == "abilities":
        of = modifier.value("of")
        if getattr(of, "noun", None) != "self" or not modifier.value("printed"):
            return "the abilities of another card"
    else:
        quoted = modifier.value("ability")
        if quoted is None:
            return "a quoted ability not read"
        from rulebase.engine.ccg.abilities import catalog

        lacking = catalog.Engine().ability(quoted)
        if lacking is not None:
            return f"a quoted ability whose {lacking[0]} the engine lacks: {lacking[1]}"
        if _looks_back(quoted):
            return "giving a triggered ability of its card leaving play (looked back at only where printed)"
    if subject is None or subject.noun in ("self", "it"):
        return None
    if subject.noun in PLAYER_SUBJECTS + ("that", "host"):
        return f"abilities given to {subject.noun!r}"
    from rulebase.engine.ccg.abilities import targets

    return targets.executable(subject)


def _keyword_as_text_missing(modifier) -> str | None:
    """What the engine lacks to give a card in play a keyword as the
    glossary's text (701.4: "this card has Random"): a keyword no unit of
    the engine plays whose text it carries out, not Teamwork (which gives
    abilities of its own), with its X printed."""
    keyword = modifier.value("keyword")
    lacking = f"giving the keyword {keyword!r}"
    if not _as_text(modifier) or keyword == "Teamwork" or (
            modifier.amount is not None and modifier.amount.per is not None):
        return lacking
    subject = modifier.subject
    if subject is not None and (subject.zone not in (None, "play") or subject.noun in PLAYER_SUBJECTS):
        return f"{lacking} to cards out of play"
    given = given_ability(keyword, modifier.value("x"))
    if given.meaning is None:
        return lacking
    from rulebase.engine.ccg.abilities import catalog

    found = catalog.Engine().ability(given.meaning)
    if found is not None:
        return f"{lacking}: its {found[0]}: {found[1]}"
    if _looks_back(given.meaning):
        return "giving a triggered ability of its card leaving play (looked back at only where printed)"
    if subject is None or subject.noun in ("self", "it"):
        return None
    from rulebase.engine.ccg.abilities import targets

    return targets.executable(subject)


LOOKED_BACK = frozenset({"leaves-play", "dismissed", "retired", "banished", "put", "defeated", "enters-discard"})
"""The events of a card's own triggered abilities that look back at it
after it left play: only its printed abilities are looked back at, not
those it had gained."""


def _looks_back(ability: Ability) -> bool:
    trigger = ability.trigger
    return ability.kind == "triggered" and trigger is not None and trigger.event in LOOKED_BACK \
        and getattr(trigger.subject, "noun", None) == "self"


def gives_missing(ability: Ability, abilities) -> str | None:
    """What the engine lacks to give the other printed abilities of a card
    (Teamwork: ``ability``, among ``abilities``, those of its side) to the
    cards that gain them: a triggered ability of the card leaving play
    ("When this card leaves play, ...") would have to look back at a card
    out of play that had gained it; ``None`` when nothing is lacking."""
    acts = ability.meaning if ability.kind == "keyword" else ability
    modifier = getattr(acts, "modifier", None)
    if getattr(modifier, "kind", None) != "abilities":
        return None
    for other in abilities:
        if other is not ability and _looks_back(other):
            return "giving a triggered ability of its card leaving play (looked back at only where printed)"
    return None


# -- card text (not a keyword) --------------------------------------------------------------


def _holds(board: Board, card: Card, ability: Ability, table=None, their: int | None = None) -> bool:
    """Whether the condition of a continuous ability of ``card`` holds now
    (708.3a: from the current game state); one that does not keeps the
    modifier from affecting the game (708.3).  ``table``: where the order
    it applies in is recorded (the board's trace unless said); ``their``:
    the player the modifier reaches, whose cards "their" names in the
    condition ("Opponents flip 1 fewer cards during faceoffs involving at
    least one of their characters"), read from that player's perspective
    (513.5)."""
    if ability.condition is None:
        return True
    try:
        from rulebase.engine.ccg.abilities import conditions, resolve
    except ImportError:
        return False
    context = resolve.Context(card=card, controller=card.controller)
    if their is not None and conditions.names_their(ability.condition):
        from rulebase.engine.ccg.abilities import targets

        context = targets.Perspective(context, their)
    if _reads_power(ability.condition):
        held = _held_in_order(board, card, ability, context, board if table is None else table)
    else:
        held = conditions.holds(board, context, ability.condition)
    return True if held else condition_untrue.allows(board, card, ability)


_READS_POWER: dict = {}


def _reads_power(condition) -> bool:
    """Whether a condition asks a power ("While this card has at least 3
    power"), and so the presence of modifiers of power may change its
    result (711.3b); worked out once for each condition."""
    found = _READS_POWER.get(id(condition))
    if found is None or found[0] is not condition:
        parts = (condition,) + tuple(condition.all_of) + tuple(condition.any_of)
        found = _READS_POWER[id(condition)] = (condition, any(
            part.kind == "power" or (part is not condition and _reads_power(part)) for part in parts))
    return found[1]


def _held_in_order(board: Board, card: Card, ability: Ability, context, table) -> bool:
    """Whether the condition of ``card``'s continuous ability, which asks
    a power, holds as its modifier applies: in timestamp order it would
    see the powers as the modifiers created before it (711.3) made them;
    where the modifiers created after it change its result it is
    dependent on them (711.3b) and applies after the latest of them
    (711.4), seeing the powers as they are now."""
    from rulebase.engine.ccg.abilities import conditions

    now = conditions.holds(board, context, ability.condition)
    then = conditions.holds_before(board, context, ability.condition, _created(board, card))
    if now == then:
        return now
    if dependent(table, card, ability) is None or applied_after(table, card, ability) is None:
        return then
    return now


def _created(board: Board, card: Card) -> tuple:
    """The timestamp of the modifiers of ``card``'s continuous abilities:
    the time it entered play (711.3a), as ``(its place among the cards in
    play in the order they entered, False)``."""
    for number, other in enumerate(board.play, start=1):
        if other is card:
            return (number, False)
    return (0, False)


@step("711.3b", "{card}'s modifier ({text}) is dependent on the modifiers of power created after it: their presence "
                "changes whether its condition is true")
def dependent(table, card: Card, ability: Ability):
    return {"card": card.label, "text": ability.text or "its text"}


@step("711.4", "{card}'s modifier ({text}) is applied after the latest modifier it depends on, not in timestamp order")
def applied_after(table, card: Card, ability: Ability):
    return {"card": card.label, "text": ability.text or "its text"}


@check("708.3", "indefinite continuous modifiers affect the game for as long as they exist and any conditions they "
                "have are true")
def condition_untrue(board: Board, card: Card, ability: Ability):
    condition = ability.condition
    return (f"the condition of {card}'s ability ({condition.part.text or condition.kind}) is not true now: "
            "its modifier does not affect the game")


def _amount(board: Board, source: Card, modifier, card: Card | None = None, table=None,
            their: int | None = None) -> int | None:
    """The number a modifier's amount stands for now: its value, times the
    count of its ``per`` selector's cards ("+1 power for each Resource on
    it", "it" being the card the modifier changes), read from the source's
    controller's perspective (513.5); a number counted is the current game
    state's (708.3a), none when that rule is off.  ``table``: where the
    counting is recorded (a power being worked out records in its own
    trace; the board's unless said); ``their``: the player the modifier
    reaches, whose cards "their" names ("for each of their frightened
    Friends here")."""
    amount = modifier.amount
    if amount is None or amount.per is None:
        return amount.value if amount is not None else None
    from rulebase.engine.ccg.abilities import resolve

    context = resolve.Context(board=board, card=source, controller=source.controller,
                              named={"it": [card if card is not None else source]})
    if their is not None and amount.per.controller == "their":
        from rulebase.engine.ccg.abilities import targets

        context = targets.Perspective(context, their)
    counted = resolve.amount_of(board, context, amount)
    return counted if counted_now(board if table is None else table, source, counted) is not None else None


@step("708.3a", "{source}'s indefinite modifier checks the game state: it counts from the current game state, "
                "{n}")
def counted_now(table, source: Card, n: int):
    return {"source": source.label, "n": n}


@step("702.1", "{card} has {amount:+d} power from {source}'s ability ({text})")
def text_power(power, source: Card, ability: Ability):
    modifier = ability.modifier
    amount = _amount(power.board, source, modifier, power.card, power)
    if amount and _holds(power.board, source, ability):
        power.total += amount
        return {"card": power.card.label, "amount": amount, "source": source.label, "text": ability.text or "its text"}


@step("702.1", "{source}'s ability changes the cost to move {card} by {amount:+d} ({text})")
def text_move_cost(board: Board, cost, card: Card, source: Card, ability: Ability):
    modifier = ability.modifier
    amount = modifier.amount.value if modifier.amount is not None else None
    if amount and _holds(board, source, ability):
        cost.amount += amount
        return {"source": source.label, "card": card.label, "amount": amount, "text": ability.text or "its text"}


@step("702.1", "{source}'s ability: {player} flips {amount} additional card(s) ({text})")
def text_flips(board: Board, source: Card, ability: Ability, found: list, player: int | None = None):
    modifier = ability.modifier
    amount = modifier.amount.value if modifier.amount is not None else None
    if amount and _holds(board, source, ability, their=player):
        found.append(amount)
        return {"source": source.label, "player": board.name(source.controller if player is None else player),
                "amount": amount, "text": ability.text or "its text"}


@step("702.1", "{source}'s ability gives the flipped card {card} {amount:+d} power ({text})")
def text_flipped_power(board: Board, source: Card, card: Card, ability: Ability, found: list):
    amount = _amount(board, source, ability.modifier, card)
    if amount and _holds(board, source, ability):
        found.append(amount)
        return {"source": source.label, "card": card.label, "amount": amount, "text": ability.text or "its text"}


def flipped_power(board: Board, card: Card) -> int:
    """What continuous abilities of the cards in play add to the power of
    ``card``, a card in the flip zone ("Your flipped cards have +2 power"):
    those whose modifier names cards in the flip zone."""
    found: list = []
    for source, pairs in outward(board, "power"):
        for ability, acts in pairs:
            subject = _subject(acts)
            if subject is not None and subject.zone == "flip" and fits(board, source, subject, card):
                text_flipped_power(board, source, card, acts, found)
    return sum(found)


PLAYER_SUBJECTS = ("you", "player", "opponent", "players", "opponents")
"""The subjects of a power modifier that name players: it changes their
power total in a faceoff (514.4a), not any card's power."""


@step("702.1", "{source}'s ability gives {player} {amount:+d} power in the faceoff ({text})")
def text_player_power(board: Board, source: Card, ability: Ability, player: int, found: list):
    amount = _amount(board, source, ability.modifier, their=player)
    if amount and _holds(board, source, ability):
        found.append(amount)
        return {"source": source.label, "player": board.name(player), "amount": amount,
                "text": ability.text or "its text"}


def player_power(board: Board, player: int) -> list:
    """What continuous abilities add to ``player``'s power total in a
    faceoff, "any modifiers modifying that player's power total" (514.4a):
    those whose power modifier names players ("You have +2 power during
    faceoffs here", "Players with at least 2 Pegasus characters at this
    Problem get +1 total power"), each amount once."""
    from rulebase.engine.ccg.abilities import targets

    found: list = []
    for source, pairs in outward(board, "power"):
        for ability, acts in pairs:
            subject = _subject(acts)
            if (subject is not None and subject.noun in PLAYER_SUBJECTS
                    and player in targets.players(board, Seen(source), subject)):
                text_player_power(board, source, acts, player, found)
    return found


def additional_flips(board: Board, player: int) -> int:
    """The cards continuous abilities have ``player`` flip in addition as a
    faceoff's flips are made ("During faceoffs involving this card, flip an
    additional card", 514.3a): those of the cards ``player`` controls."""
    found: list = []
    for card in board.play:
        if card.controller == player and not card.face_down:
            for ability, acts in own(card, "flips"):
                text_flips(board, card, acts, found)
    from rulebase.engine.ccg.abilities import targets

    for source, pairs in outward(board, "flips"):  # "Opponents flip 1 fewer cards during faceoffs involving this card"
        for ability, acts in pairs:
            subject = _subject(acts)
            if (subject is not None and subject.noun in PLAYER_SUBJECTS
                    and player in targets.players(board, Seen(source), subject)):
                text_flips(board, source, acts, found, player)
    return sum(found)


@step("706.1b", "{card} enters play exhausted: a modifier affects the state in which it enters play ({text})")
def enters_exhausted(board: Board, card: Card, ability: Ability):
    if _holds(board, card, ability):
        card.exhausted = True
        return {"card": card.label, "text": ability.text or "its text"}


@step("706.1b", "{card} enters play with {n} +1 power counter{s} on it: a modifier affects the state in which it "
                "enters play ({text})")
def enters_with_counters(board: Board, card: Card, ability: Ability):
    if _holds(board, card, ability):
        n = _amount(board, card, ability.modifier, card)
        if not n or n < 0:
            return None
        card.counters += n
        return {"card": card.label, "n": n, "s": "s" * (n != 1), "text": ability.text or "its text"}


@step("706.1b", "{card} enters play exhausted: {source}'s modifier affects the state in which it enters play "
                "({text})")
def others_enter_exhausted(board: Board, card: Card, source: Card, ability: Ability):
    if fits(board, source, ability.modifier.subject, card) and _holds(board, source, ability):
        card.exhausted = True
        return {"card": card.label, "source": source.label, "text": ability.text or "its text"}


def entering(board: Board, card: Card) -> None:
    """``card`` is being put into play: its continuous abilities generate
    no modifier until 706.1c says they begin."""
    waiting = getattr(board, "not_generating", None)
    if waiting is None:
        waiting = board.not_generating = set()
    waiting.add(card.id)


@step("706.1c", "{card} enters play: its continuous abilities begin generating modifiers ({text})")
def begins_generating(board: Board, card: Card):
    """As a card enters play, after the modifiers of the state it enters in
    (706.1b), its continuous abilities begin generating modifiers (706.1c);
    without this rule, they never do.  Recorded for a card whose
    continuous abilities change other cards."""
    getattr(board, "not_generating", set()).discard(card.id)
    found = side(card)
    if card.face_down or found is None or not found.outward:
        return None
    return {"card": card.label, "text": "; ".join(ability.text or "its text" for pairs in found.outward.values()
                                                  for ability, _ in pairs)}


def entering_state(board: Board, card: Card) -> None:
    """Apply the modifiers of the state ``card`` enters play in (706.1b):
    its own "This card enters play exhausted", "... with two +1 power
    counters on it", and other cards' "Opposing Friends enter play
    exhausted"."""
    for ability, acts in own(card, "enters-exhausted"):
        enters_exhausted(board, card, acts)
    for ability, acts in own(card, "enters-with-counters"):
        enters_with_counters(board, card, acts)
    for source, pairs in outward(board, "others-enter-exhausted"):  # "Opposing Friends enter play exhausted"
        for ability, acts in pairs:
            if source is not card and not card.exhausted:
                others_enter_exhausted(board, card, source, acts)


# -- a card played from another zone (707.3) ---------------------------------------------


def _from_discard(card: Card):
    """The ability of ``card`` saying it may be played from its owner's
    discard pile ("You may play this card from your discard pile"), or
    ``None``."""
    for ability, acts in own(card, "may"):
        modifier = acts.modifier
        if modifier.value("action") == "play" and modifier.value("zone") == "discard":
            return acts
    return None


@check("707.3", "a modifier affects a card in another zone than play when it says so: a card may be played from the "
                "discard pile")
def played_from_discard(board: Board, player: int, card: Card):
    from rulebase.engine.ccg.board import Zone

    if card.zone == Zone.DISCARD and card.owner == player:
        ability = _from_discard(card)
        if ability is not None and _holds(board, card, ability):
            return Allowed(f"{card}'s ability lets {board.name(player)} play it from their discard pile "
                           f"({ability.text or 'its text'})")
        found = _from_discard_by_others(board, player, card)
        if found is not None:
            source, ability = found
            return Allowed(f"{source}'s ability lets {board.name(player)} play {card} from their discard pile "
                           f"({ability.text or 'its text'})")


def _from_discard_by_others(board: Board, player: int, card: Card):
    """The card in play, and its ability, letting ``player`` play ``card``
    from their own discard pile ("You may play Friends and Resources from
    your discard pile as though they were in your hand"); ``None``."""
    if not reaching(board, "may"):
        return None
    return applying(board, "may", card, lambda source, modifier: (
        modifier.value("action") == "play" and modifier.value("zone") == "discard"
        and source.controller == player == card.owner))


def playable_elsewhere(board: Board, player: int) -> list:
    """The cards ``player`` may play from elsewhere than their hand, by
    their own text: from their discard pile."""
    from rulebase.engine.ccg.board import Zone

    return [card for card in board.players[player].zones[Zone.DISCARD]
            if _from_discard(card) is not None or _from_discard_by_others(board, player, card) is not None]


# -- the hooks ----------------------------------------------------------------------------


@step("701.1", "{card} has {keyword} from {source}'s ability: a card's abilities include text added to it by "
               "modifiers")
def given_keyword(table, card: Card, keyword: str, source: Card, found: list, x, sources: list | None = None):
    found.append((keyword, x))
    if sources is not None:
        sources.append((keyword, x, source))
    return {"card": card.label, "keyword": keyword if x is None else f"{keyword} {x}", "source": source.label}


def granted(board: Board, card: Card, table=None, sources: list | None = None) -> list:
    """The keywords continuous abilities give ``card`` now, as ``(keyword,
    x)``: its own text's ("This card has Swift while at home"), then other
    cards' ("This Friend has Stubborn").  ``table``: where the giving is
    recorded (the board's trace unless said); ``sources``: a list that
    gets each as ``(keyword, x, the card giving it)``."""
    table = board if table is None else table
    found: list = []
    if _silencers(board) and silenced(board, card):
        return found  # "can't have abilities": none is given (701.1)
    for ability, acts in own(card, "keyword"):
        if _holds(board, card, acts, table):
            given_keyword(table, card, acts.modifier.value("keyword"), card, found,
                          _given_x(board, card, acts.modifier, card, table), sources)
    for source, pairs in outward(board, "keyword"):
        for ability, acts in pairs:
            subject = _subject(acts)
            if (fits(board, source, subject, card)
                    and _holds(board, source, acts, table)):
                given_keyword(table, card, acts.modifier.value("keyword"), source, found,
                              _given_x(board, source, acts.modifier, card, table), sources)
    if getattr(board, "lasting", None):
        from rulebase.engine.ccg.abilities.verbs import keyword_grants

        for grant in keyword_grants(board, card):
            given_keyword(table, card, grant.keyword, grant.source or card, found, grant.x, sources)
    return found


def _keywords_reach(board: Board) -> bool:
    """Whether any card in play could give another a keyword, or an
    effect gave one for a while (cheap: most games have none)."""
    if any(not other.face_down for other in reaching(board, "keyword")):
        return True
    if not getattr(board, "lasting", None):
        return False
    from rulebase.engine.ccg.abilities.verbs import any_keyword_grant

    return any_keyword_grant(board)


def _given_events() -> dict:
    """The events the triggered keywords text may give wait for, each with
    those keywords."""
    found: dict = {}
    for keyword in GIVEN_TRIGGERED:
        found.setdefault(given_ability(keyword, 1).meaning.trigger.event, []).append(keyword)
    return found


_GIVEN_EVENTS = _given_events()


def given_triggered(board: Board, event: str) -> list:
    """The triggered keywords continuous abilities give cards in play now
    ("Your other Friends here have Diligent 1", "While your Mane Character
    is [Honesty], this card has Diligent 2") that wait for ``event``, as
    ``(card, keyword ability, its meaning, number)``: a card with the
    keyword printed has it as its own ability already.  The giving is
    recorded (701.1: a card's abilities include text added to it by
    modifiers); ``number`` tells the given ability apart from the card's
    own abilities."""
    wanted = _GIVEN_EVENTS.get(event)
    if not wanted:
        return []
    found = []
    for card, keyword, x in _given(board, wanted):
        ability = given_ability(keyword, x)
        found.append((card, ability, ability.meaning, 1000 + GIVEN_TRIGGERED.index(keyword)))
    return found


def given_replacing(board: Board) -> list:
    """The replacement keywords continuous abilities give cards in play now
    ("Your Friends here have Persistent", "While with another one of your
    [Kindness] Friends, this card has Persistent"), as ``(card, number,
    its meaning)``: a card with the keyword printed has it as its own
    ability already.  The giving is recorded (701.1); ``number`` tells the
    given ability apart from the card's own abilities."""
    return [(card, 2000 + GIVEN_REPLACING.index(keyword), given_ability(keyword, x).meaning)
            for card, keyword, x in _given(board, GIVEN_REPLACING)]


def _given(board: Board, wanted):
    """Each keyword of ``wanted`` a continuous ability gives a card in play
    now that doesn't have it printed, as ``(card, keyword, X)``: only cards
    an ability reaches beyond its own card, or whose own abilities give one
    of them, are looked at."""
    others = any(acts.modifier.value("keyword") in wanted
                 for _source, pairs in outward(board, "keyword") for _ability, acts in pairs)
    for card in board.play:
        if card.face_down or not (others or any(acts.modifier.value("keyword") in wanted
                                                for _ability, acts in own(card, "keyword"))):
            continue
        for keyword, x in granted(board, card):
            if keyword in wanted and not keywords.has(card, keyword):
                yield card, keyword, x


def _given_x(board: Board, source: Card, modifier, card: Card, table):
    """The X of a keyword a modifier gives: as printed ("Eccentric 2"), or
    counted now ("Competitive 1 for each of your characters here", 708.3a)."""
    if modifier.amount is not None and modifier.amount.per is not None:
        return _amount(board, source, modifier, card, table) or 0
    return modifier.value("x")


def given_colors(board: Board, card: Card) -> tuple:
    """The colors continuous modifiers give ``card`` in play while they
    apply: of power of a color ("it gets +2 [Laughter]"), power of that
    color, and of a color the card is also ("That Friend ... is also
    [Generosity]"); a card of a color contributes power of it (203.2)."""
    if not card.in_play or card.face_down:
        return ()
    from rulebase.engine.ccg.cards import parse_color

    found = []
    for ability, acts in own(card, "colors"):
        if _applies(board, card, acts):
            found += _colors_of(board, card, acts.modifier, card)
    for source, pairs in outward(board, "colors"):
        for ability, acts in pairs:
            if fits(board, source, acts.modifier.subject, card) and _applies(board, source, acts):
                found += _colors_of(board, source, acts.modifier, card)
    for kind in ("power", "color"):
        for ability, acts in own(card, kind):
            color = acts.modifier.value("color") if acts.modifier is not None else None
            if color not in (None, "wild") and _applies(board, card, acts):
                found.append(parse_color(color))
        for source, pairs in outward(board, kind):
            for ability, acts in pairs:
                color = acts.modifier.value("color")
                if color in (None, "wild"):
                    continue
                reaches = lambda source=source, acts=acts: (fits(board, source, _subject(acts), card)  # noqa: E731
                                                            and _applies(board, source, acts))
                if _on_itself(card, reaches) if source is card else reaches():
                    found.append(parse_color(color))
    return tuple(dict.fromkeys(c for c in found if c not in card.colors))


def _colors_of(board: Board, source: Card, modifier, card: Card) -> list:
    """The colors of the other cards in play the modifier's ``of``
    describes ("the colors of all your other [Crystal] characters", read
    from ``source``'s side): their own colors and those given them for a
    while, not those other cards' colors give them (two Prismatic cards
    each take the other's own colors only)."""
    of = modifier.value("of")
    return [color for other in board.play if other is not card and not other.face_down
            and fits(board, source, of, other) for color in other.colors]


@step("702.1", "{card} is also a {name} in all zones ({text}): text naming {name} names it")
def also_named_by_text(table, card: Card, name: str, ability: Ability):
    return {"card": card.label, "name": name, "text": ability.text or "its text"}


def named_also(table, card: Card, wanted: str) -> bool:
    """Whether ``card``'s own text gives it the name ``wanted`` (folded)
    besides its own ("This card is both a Lyra and a Bon Bon in all
    zones"), in any zone; recorded where it names the card (with 702.1
    off, the ability gives no name)."""
    if also_named_by_text.number in getattr(table, "off", ()):
        return False
    for ability, acts in own(card, "names"):
        for name in acts.modifier.value("names") or ():
            if wanted == name.casefold():
                also_named_by_text(table, card, name, acts)
                return True
    return False


def giving_trait(board: Board, card: Card, trait: str):
    """The card whose continuous ability gives ``card`` (in play, face up)
    the Trait ``trait`` now, and its ability; ``None`` (cheap while no
    card in play gives one)."""
    if card.face_down or not card.in_play:
        return None
    wanted = trait.lower()
    for ability, acts in own(card, "trait"):
        if acts.modifier.value("trait", "").lower() == wanted and _applies(board, card, acts):
            return card, acts
    if not reaching(board, "trait"):
        return None
    for source, pairs in outward(board, "trait"):
        for ability, acts in pairs:
            if (acts.modifier.value("trait", "").lower() == wanted and fits(board, source, _subject(acts), card)
                    and _applies(board, source, acts)):
                return source, acts
    return None


@step("702.1", "{card} has the {trait} Trait from {source}'s ability ({text})")
def given_trait(table, card: Card, trait: str):
    """Text naming a Trait names a card a modifier gives that Trait
    ("That Friend is a Critter"); recorded where it decides."""
    board = table if isinstance(table, Board) else getattr(table, "board", None)
    found = giving_trait(board, card, trait) if board is not None else None
    if found is not None:
        source, ability = found
        return {"card": card.label, "trait": trait, "source": source.label, "text": ability.text or "its text"}


def _subject(ability: Ability):
    """The cards a continuous ability's modifier changes: "it" of "While
    this Friend is ..., it gets ..." is the condition's subject."""
    subject = ability.modifier.subject
    condition = ability.condition
    if subject is not None and subject.noun == "it" and condition is not None and condition.subject is not None:
        if condition.subject.noun == "counter" and condition.subject.filter("on") is not None:
            return condition.subject.filter("on")  # "While this card has a Postage counter on it, it ...": the card
        return condition.subject
    return subject


def _applies(board: Board, source: Card, ability: Ability) -> bool:
    """Whether a continuous ability's condition holds now, nothing recorded."""
    if ability.condition is None:
        return True
    from rulebase.engine.ccg.abilities import conditions, resolve

    return bool(conditions.holds(board, resolve.Context(card=source, controller=source.controller),
                                 ability.condition))


def shape_power(power, found: Index | None = None) -> None:
    """Apply the continuous modifiers of power to a card in play and face
    up (507.1): its own abilities' (and the keywords text gives it), then
    those of other cards that reach it.  They only add, so the order they
    apply in gives the same power (a card with a modifier that does not
    only add has them applied by :func:`shape_in_order`).  ``found``: the
    card's face-up side, when already looked up (:func:`side`)."""
    card, board = power.card, power.board
    if found is None:
        found = side(card)
        if found is None:
            return
    for ability, acts in found.own.get("power", ()):
        if keywords.played(ability):
            keywords.UNITS[ability.keyword](power, ability.x)
        else:
            text_power(power, card, acts)
    if card.id not in _SHAPING and ("keyword" in found.own or _keywords_reach(board)):
        _SHAPING.add(card.id)
        try:
            given = granted(board, card, power)
        finally:
            _SHAPING.discard(card.id)
        for keyword, x in given:
            if keyword in ADDING:
                keywords.UNITS[keyword](power, x if x is not None else 1)
    for source, pairs in outward(board, "power"):
        for ability, acts in pairs:
            if source is not card:
                if fits(board, source, _subject(acts), card):
                    text_power(power, source, acts)
            else:
                _on_itself(card, lambda acts=acts: fits(board, card, _subject(acts), card)
                           and text_power(power, card, acts))


def _on_itself(card: Card, apply):
    """Apply an ability of ``card`` that reaches ``card`` itself ("Your
    Friends here have +1 power" of a Friend there), one at a time: what it
    asks of the card's power while it is applied ("While this card has at
    least 3 power", "your Friends with 3 or more power") is the card's
    power without it, as a modifier is not dependent on itself."""
    if card.id in _ON_ITSELF:
        return None
    _ON_ITSELF.add(card.id)
    try:
        return apply()
    finally:
        _ON_ITSELF.discard(card.id)


_ON_ITSELF: set = set()
"""The cards whose abilities reaching themselves are being applied."""


ADDING = ("Competitive", "Supportive", "Caretaker")
"""The keywords text may give a card that add to its power."""

_SHAPING: set = set()
"""The cards whose keywords given by text are being found as their power
is worked out: a condition of the giving that asks the card's power
("While this card has at least 5 power, it has Competitive 2") sees it
without what the giving would add (a modifier is not dependent on
itself)."""


# -- modifiers applied in timestamp order (711.3) ----------------------------------------


class Applied:
    """A modifier of a card's power to apply: ``source`` the card whose
    ability or instruction created it, ``after`` whether it was created
    after ``source`` entered play (a counter or a definite modifier put on
    the card) rather than as it did (a continuous ability's), ``words``
    what it is, ``apply`` applies it; ``timestamp`` (711.3a) once given."""

    __slots__ = ("after", "apply", "source", "timestamp", "words")

    def __init__(self, source: Card, after: bool, words: str, apply):
        self.source = source
        self.after = after
        self.words = words
        self.apply = apply
        self.timestamp = None


def _stamp(board: Board, applied: list) -> None:
    """Give each modifier its timestamp: ``(the place of its source among
    the cards in play in the order they entered, whether it was created
    after the source entered)``."""
    entered = {card.id: number for number, card in enumerate(board.play, start=1)}
    for one in applied:
        one.timestamp = (entered.get(one.source.id, 0), one.after)


@step("711.3a", "the timestamp of each modifier of {card}'s power is the time it was created: {times}")
def timestamped(power, board: Board, applied: list):
    _stamp(board, applied)
    times = [f"{one.words}, {'after' if one.after else 'as'} {one.source.label} entered play" for one in applied]
    return {"card": power.card.label, "times": "; ".join(times)}


@step("711.3", "the modifiers of {card}'s power apply in timestamp order, earliest first: {order}")
def in_timestamp_order(power, applied: list):
    if any(one.timestamp is None for one in applied):
        return None
    applied.sort(key=lambda one: one.timestamp)
    return {"card": power.card.label, "order": ", then ".join(one.words for one in applied)}


def shape_in_order(power, found: Index, extras: list, before: tuple | None = None) -> None:
    """Apply the modifiers of power of a card in play and face up with a
    modifier of its own power that does not only add (:data:`ORDERED`:
    doubled, equal to a number), whose result depends on what applied
    before it: each modifier is given its timestamp, the time it was
    created (711.3a: a continuous ability's as its card entered play; a
    counter or a definite modifier on the card after the card entered
    play), and they apply in timestamp order (711.3).  With those rules
    switched off they apply in the order they are found: ``extras`` (the
    card's counters and definite modifiers, as :class:`Applied`), the
    card's own abilities, the keywords given to it, other cards'
    abilities.  ``before``: only the modifiers created before that
    timestamp apply (the power a modifier applied in timestamp order sees,
    :func:`power_before`), not the keywords given to the card."""
    card, board = power.card, power.board
    applied = list(extras)
    for kind in ("power",) + ORDERED:
        for ability, acts in found.own.get(kind, ()):
            applied.append(Applied(card, False, f"{card.label}'s {ability.keyword or 'ability'}"
                                   if keywords.played(ability) else _named(card, acts), _applying(power, card, ability, acts)))
    if before is None and card.id not in _SHAPING and ("keyword" in found.own or _keywords_reach(board)):
        given: list = []
        _SHAPING.add(card.id)
        try:
            granted(board, card, power, given)
        finally:
            _SHAPING.discard(card.id)
        for keyword, x, source in given:
            if keyword in ADDING:
                applied.append(Applied(source, False, f"{keyword} given by {source.label}",
                                       lambda keyword=keyword, x=x: keywords.UNITS[keyword](power, 1 if x is None else x)))
    for source, pairs in outward(board, "power"):
        for ability, acts in pairs:
            if source is not card:
                if fits(board, source, _subject(acts), card):
                    applied.append(Applied(source, False, _named(source, acts),
                                           lambda source=source, acts=acts: text_power(power, source, acts)))
            elif _on_itself(card, lambda acts=acts: fits(board, card, _subject(acts), card)):
                applied.append(Applied(card, False, _named(card, acts),
                                       lambda acts=acts: _on_itself(card, lambda: text_power(power, card, acts))))
    for source, ability, acts in _others_ordered(board, card):
        unit = text_power_doubled if acts.modifier.kind == "power-doubled" else text_power_equal
        applied.append(Applied(source, False, _named(source, acts),
                               lambda source=source, acts=acts, unit=unit: unit(power, source, acts)))
    if before is not None:
        _stamp(board, applied)
        applied = sorted((one for one in applied if one.timestamp < before), key=lambda one: one.timestamp)
    else:
        timestamped(power, board, applied)
        in_timestamp_order(power, applied)
    for one in applied:
        one.apply()


def _others_ordered(board: Board, card: Card) -> list:
    """The modifiers of other cards that do not only add to ``card``'s
    power ("Characters here have 2 power"), as ``(source, ability, what
    acts)``, those reaching it now."""
    found = []
    for kind in ORDERED:
        if not reaching(board, kind):
            continue
        for source, pairs in outward(board, kind):
            if source is card:
                continue
            for ability, acts in pairs:
                if fits(board, source, _subject(acts), card):
                    found.append((source, ability, acts))
    return found


def reached_in_order(board: Board, card: Card) -> bool:
    """Whether another card's modifier that does not only add reaches
    ``card``'s power now, so that the modifiers of its power apply in
    timestamp order (711.3); cheap while no card in play has one."""
    if not (reaching(board, "power-equal") or reaching(board, "power-doubled")):
        return False
    return bool(_others_ordered(board, card))


# -- a power that can't change ("can't lose or gain power", 104.2) ---------------------------

UNCHANGING = "change-power"
"""The action of "... can't lose or gain power"."""


def _unchanging_sources(board: Board) -> list:
    """The cards in play whose text says other cards can't lose or gain
    power (cached as :func:`reaching` is)."""
    cards = reaching(board, "cant")
    if not cards:
        return cards
    kept = board.reaching[1]
    found = kept.get(UNCHANGING)
    if found is None:
        found = kept[UNCHANGING] = [card for card in cards if any(
            acts.modifier.value("action") == UNCHANGING for table in (index(card.printed),) + (
                (index(card.printed.boosted),) if card.printed.boosted is not None else ())
            for _, acts in table.outward.get("cant", ()))]
    return found


def _unchanging(board: Board, card: Card):
    """The card whose "can't lose or gain power" reaches ``card`` now, and
    its ability; ``None``."""
    for source in _unchanging_sources(board):
        if source.face_down or source is card:
            continue
        found = side(source)
        for ability, acts in found.outward.get("cant", ()) if found is not None else ():
            if (acts.modifier.value("action") == UNCHANGING and fits(board, source, _subject(acts), card)
                    and _applies(board, source, acts)):
                return source, acts
    return None


@check("104.2", "a \"can't\" of card text takes precedence: a card that can't lose or gain power keeps the power its "
                "text gives it, whatever else modifies it")
def cant_change_power(power, source: Card, ability: Ability):
    return (f"{source}'s ability says {power.card} can't lose or gain power ({ability.text or 'its text'}): no "
            "other modifier changes its power")


def unchanging_power(power) -> bool:
    """Work out the power of a card in play that text says can't lose or
    gain power ("Characters here have 2 power and can't lose or gain
    power"): only the modifiers making its power a number apply (in
    timestamp order), not its counters nor any other modifier (104.2).
    ``False`` (nothing done) when no such text reaches the card or the
    rule is switched off."""
    card, board = power.card, power.board
    if not _unchanging_sources(board):
        return False
    found = _unchanging(board, card)
    if found is None or cant_change_power.allows(power, found[0], found[1]):
        return False
    applied = []
    own_side = side(card)
    for ability, acts in own_side.own.get("power-equal", ()) if own_side is not None else ():
        applied.append(Applied(card, False, _named(card, acts), lambda acts=acts: text_power_equal(power, card, acts)))
    for source, ability, acts in _others_ordered(board, card):
        if acts.modifier.kind == "power-equal":
            applied.append(Applied(source, False, _named(source, acts),
                                   lambda source=source, acts=acts: text_power_equal(power, source, acts)))
    _stamp(board, applied)
    for one in sorted(applied, key=lambda one: one.timestamp):
        one.apply()
    return True


def _named(source: Card, ability: Ability) -> str:
    return f"{source.label}'s ability ({ability.text or 'its text'})"


def _applying(power, card: Card, ability, acts):
    """What applies one of ``card``'s own abilities to its power."""
    if keywords.played(ability):
        return lambda: keywords.UNITS[ability.keyword](power, ability.x)
    kind = acts.modifier.kind
    unit = text_power_doubled if kind == "power-doubled" else text_power_equal if kind == "power-equal" else text_power
    return lambda: unit(power, card, acts)


@step("702.1", "{card}'s power is doubled{times} by {source}'s ability ({text}): {total}")
def text_power_doubled(power, source: Card, ability: Ability):
    times = _amount(power.board, source, ability.modifier, power.card, power)
    if times and times > 0 and _holds(power.board, source, ability):
        power.total *= 2 ** times
        return {"card": power.card.label, "times": "" if times == 1 else f" {times} times", "source": source.label,
                "text": ability.text or "its text", "total": power.total}


@step("702.1", "{card}'s power is {total} by {source}'s ability ({text})")
def text_power_equal(power, source: Card, ability: Ability):
    amount = _amount(power.board, source, ability.modifier, power.card, power)
    if amount is not None and _holds(power.board, source, ability):
        power.total = amount
        return {"card": power.card.label, "total": amount, "source": source.label, "text": ability.text or "its text"}


def move_cost(board: Board, cost, player: int, card: Card, area) -> None:
    """Apply the modifiers of the cost to move ``card`` to ``area`` (508,
    609.2b): the card's own (Swift), then those of the cards there (Showy)."""
    for ability, acts in own(card, "cost"):
        if acts.modifier.value("action", "move") != "move":
            continue
        if keywords.played(ability):
            keywords.swift(board, cost, player, card, ability.x)
        else:
            text_move_cost(board, cost, card, card, acts)
    if _may_be_given(board, card) and not keywords.has(card, "Swift"):
        for keyword, x in granted(board, card):
            if keyword == "Swift":
                keywords.swift(board, cost, player, card, x)
                break
    if card.area is not None and card.area != area and card.area.is_problem:
        _from_cost(board, cost, player, card)
    if not area.is_problem:
        return
    for source, found in outward(board, "cost", area):
        for ability, acts in found:
            # "this Problem" (a Problem's text) or "this card's Problem" (read as here)
            if acts.modifier.value("to") not in ("this-problem", "here") or acts.modifier.value("action") not in (
                    "move", None, TO_OR_FROM, PLAY_OR_MOVE):
                continue
            if keywords.played(ability):
                keywords.showy(board, cost, player, source, ability.x)
            elif (fits(board, source, acts.modifier.subject, card)
                  and _reaches_player(source, acts.modifier.value("player"), player)):
                text_move_cost(board, cost, card, source, acts)
    for other, x in given_showy(board, area):
        keywords.showy(board, cost, player, other, x)


PLAY_OR_MOVE = "play-or-move"
"""The action of "your opponent must pay +[1] to play or move a character
to this card's Problem": a change of both costs."""

TO_OR_FROM = "move-to-or-from"
"""The action of "Your opponent must pay +[2] to move a character to or
from this card's Problem"."""


def _from_cost(board: Board, cost, player: int, card: Card) -> None:
    """Apply the modifiers of the cards at the Problem ``card`` is moved
    away from that change the cost to move from there."""
    for source, found in outward(board, "cost", card.area):
        for ability, acts in found:
            modifier = acts.modifier
            if (modifier.value("action") == TO_OR_FROM and fits(board, source, modifier.subject, card)
                    and _reaches_player(source, modifier.value("player"), player)):
                text_move_cost(board, cost, card, source, acts)


def given_showy(board: Board, area, table=None) -> list:
    """The cards at ``area`` that text gives Showy now, with its X (a card
    with Showy printed has it applied as its own ability), the giving
    recorded in ``table`` (the board's trace unless said)."""
    found = []
    for other in board.play:
        if other.area == area and not keywords.has(other, "Showy") and _may_be_given(board, other):
            for keyword, x in granted(board, other, table):
                if keyword == "Showy":
                    found.append((other, x))
                    break
    return found


# -- the cost to play a card (508, 705.2c) --------------------------------------------------


def _play_cost_missing(modifier) -> str | None:
    """``None`` if the engine applies a change of the cost to play a card
    ("Your opponent must pay +[2] to play a Friend to this card's Problem",
    "Report Resources played on this Problem have their costs reduced by
    [1]"), else what it lacks."""
    subject = modifier.subject
    amount = modifier.amount.value if modifier.amount is not None else None
    if subject is None or subject.noun in ("self", "host", "that", "it") or not amount:
        return "a change of the cost to play"
    player = modifier.value("player")
    if getattr(player, "ref", None) == "that-player" and getattr(player, "noun", None) in ("opponent", "opponents"):
        player = None
    if getattr(player, "ref", None) is not None or getattr(player, "noun", player) not in (
            None, "you", "your", "opponent", "opponents", "player", "players", "each player"):
        return "a change of the cost to play for a player named elsewhere"
    if subject.where not in (None, "here", "this-problem") or modifier.value("to") not in (
            None, "here", "this-problem"):
        return "a change of the cost to play somewhere else"
    from rulebase.engine.ccg.abilities import targets

    return targets.executable(_played(subject)[0])


def _played(subject):
    """A selector of the cards whose cost to play changes, without where
    they are played (the card is still in its owner's hand): the selector,
    and whether it names a place (this card's Problem) and a host (played
    on this card)."""
    from dataclasses import replace

    filters = tuple(f for f in subject.filters if f[0] != "played-on")
    on = len(filters) != len(subject.filters)
    return replace(subject, where=None, filters=filters), subject.where is not None, on


def _played_to(board: Board, source: Card, modifier, card: Card, area, host, anywhere: bool = False) -> bool:
    """Whether ``card``, played to ``area`` (on ``host``), is one the
    modifier of ``source`` names (513.5: from its controller's perspective)."""
    from rulebase.engine.ccg.abilities import targets

    selector, placed, on = _played(modifier.subject)
    if anywhere:
        placed = on = False
    if placed or modifier.value("to") is not None and not anywhere:
        where = host.area if host is not None else area
        if source.area is None or where != source.area:
            return False
    if on and host is not source:
        return False
    rule = targets.compiled(selector)
    if not _of_kind_and_side(rule, selector, card, source, card.owner, perspective_of(board, source)):
        return False
    seen = Seen(source)
    return all(test(board, seen, card) for test in rule.tests)


def _of_kind_and_side(rule, selector, card: Card, source: Card, holder: int, reader: int | None = None) -> bool:
    """Whether ``card`` is of the card type the compiled selector ``rule``
    names, and on the side its controller word names ("your", "their",
    "an opponent's"), judged by ``holder``: the card's owner where a card to
    be played is meant (not yet controlled), its controller in play; "your"
    is the side of ``reader``, the player the text is read by (its
    controller's unless said, 513.5)."""
    kind = rule.type
    if kind is not None and (not card.is_character if kind == "character" else not card.is_a(kind)):
        return False
    reader = source.controller if reader is None else reader
    controller = selector.controller
    if controller in ("you", "their") and holder != reader:
        return False
    return not (controller == "opponent" and holder == reader)


@step("702.1", "{source}'s ability changes the cost to play {card} by {amount:+d} ({text})")
def text_play_cost(table, board: Board, cost, card: Card, source: Card, ability: Ability):
    modifier = ability.modifier
    amount = _amount(board, source, modifier, table=table)
    if amount and _holds(board, source, ability):
        cost.amount += amount
        return {"source": source.label, "card": card.label, "amount": amount, "text": ability.text or "its text"}


def play_cost(board: Board, cost, player: int, card: Card, area=None, host=None, table=None) -> None:
    """Apply the modifiers of other cards in play to the cost ``player``
    pays to play ``card`` to ``area`` (on ``host``) (705.2c), in the order
    the cards entered play (711.3); a cost is never less than 0.
    ``table``: where they are recorded (the board's trace unless said)."""
    table = board if table is None else table
    for source, found in outward(board, "cost"):
        for ability, acts in found:
            modifier = acts.modifier
            if (modifier.value("action") in ("play", PLAY_OR_MOVE) and not keywords.played(ability)
                    and _pays(board, source, acts, player)
                    and _played_to(board, source, modifier, card, area, host)):
                text_play_cost(table, board, cost, card, source, acts)
    for source, found in outward(board, "cost-with-minimum"):
        for ability, acts in found:
            if _pays(board, source, acts, player) and _played_to(board, source, acts.modifier, card, area, host):
                text_play_cost_to_minimum(table, board, cost, card, source, acts)
    from rulebase.engine.ccg.abilities.verbs import changed_play_cost

    changed_play_cost(board, cost, player, card, table)
    cost.amount = max(cost.amount, 0)


@step("702.1", "{source}'s ability changes the cost to play {card} by {amount:+d}, to a minimum of {least} ({text})")
def text_play_cost_to_minimum(table, board: Board, cost, card: Card, source: Card, ability: Ability):
    """"You may pay [1] less to play Friends, to a minimum of [1]": lowered
    no further than the minimum (a cost already at or below it is kept)."""
    modifier = ability.modifier
    least = modifier.value("minimum").value
    lowered = max(cost.amount + modifier.amount.value, min(cost.amount, least))
    if lowered != cost.amount and _holds(board, source, ability):
        amount, cost.amount = lowered - cost.amount, lowered
        return {"source": source.label, "card": card.label, "amount": amount, "least": least,
                "text": ability.text or "its text"}


def _pays(board: Board, source: Card, ability: Ability, player: int) -> bool:
    """Whether ``player`` is one a change of the cost to play reaches:
    "that player's opponent", after "While a player has ...", is an
    opponent of a player for whom the condition holds."""
    who = ability.modifier.value("player")
    if getattr(who, "ref", None) != "that-player":
        return _reaches_player(source, who, player)
    condition = ability.condition
    if condition is None or condition.kind != "has" or getattr(condition.subject, "noun", None) != "player":
        return False
    from dataclasses import replace

    from rulebase.engine.ccg.abilities import resolve, targets

    what, least = condition.value("what"), condition.value("amount") or 1
    mine = replace(what, controller="you")
    for other in range(len(board.players)):
        if other == player or board.players[other].removed:
            continue
        context = resolve.Context(board=board, card=source, controller=other)
        if len(targets.candidates(board, context, mine)) >= least:
            return True
    return False


def least_play_change(board: Board, player: int, card: Card) -> int:
    """The most the modifiers in play can lower the cost for ``player`` to
    play ``card`` wherever it goes (as a negative number, or 0)."""
    least = 0
    for source, found in outward(board, "cost"):
        for ability, acts in found:
            modifier = acts.modifier
            amount = _amount(board, source, modifier, table=Table(trace=_QUIET, off=board.off)) or 0
            if (modifier.value("action") == "play" and amount and amount < 0 and not keywords.played(ability)
                    and _pays(board, source, acts, player)
                    and _played_to(board, source, modifier, card, None, None, anywhere=True)):
                least += amount
    for source, found in outward(board, "cost-with-minimum"):
        for ability, acts in found:
            if (_pays(board, source, acts, player)
                    and _played_to(board, source, acts.modifier, card, None, None, anywhere=True)):
                least += acts.modifier.amount.value
    from rulebase.engine.ccg.abilities.verbs import least_cost_change

    return least + least_cost_change(board, player, card)


def quiet_play_cost(board: Board, cost, player: int, card: Card, area=None, host=None) -> None:
    """:func:`play_cost` without recording (to check an action)."""
    play_cost(board, cost, player, card, area, host, Table(trace=_QUIET, off=board.off))


def _may_be_given(board: Board, card: Card) -> bool:
    """Whether any card in play could give ``card`` a keyword (cheap: most
    games have none)."""
    if card.face_down:
        return False
    if own(card, "keyword"):
        return True
    return _keywords_reach(board)


def gives(board: Board, card: Card, keyword: str, record: bool = False) -> bool:
    """Whether continuous abilities give ``card`` ``keyword`` now (asked
    without recording unless ``record``)."""
    if not _may_be_given(board, card):
        return False
    table = board if record else Table(trace=_QUIET, off=board.off)
    return any(name == keyword for name, _ in granted(board, card, table))


_QUIET = Trace(enabled=False)


def most_move_cost(board: Board, player: int, area) -> int:
    """The most the modifiers of the cards at ``area`` can add to moving a
    character of ``player`` there."""
    if not area.is_problem:
        return 0
    most = 0
    for source, found in outward(board, "cost", area):
        for ability, acts in found:
            amount = acts.modifier.amount.value if acts.modifier.amount is not None else 0
            # "this Problem" or "this card's Problem" (read as here), as move_cost applies them
            if (acts.modifier.value("to") in ("this-problem", "here") and amount and amount > 0
                    and (ability.kind != "keyword" or source.controller != player)):
                most += amount
    for source, found in outward(board, "cost"):
        for ability, acts in found:  # moving from a Problem: counted whatever area the move is to
            amount = acts.modifier.amount.value if acts.modifier.amount is not None else 0
            if acts.modifier.value("action") == TO_OR_FROM and source.area != area and amount and amount > 0:
                most += amount
    for other, x in given_showy(board, area, Table(trace=_QUIET, off=board.off)):
        if other.controller != player and x and x > 0:
            most += x
    return most


def confront_needs(board: Board, player: int, problem: Card, extra: list) -> None:
    """The power the cards at ``problem`` add to what ``player`` needs to
    confront it (611.3: Eccentric, printed or given by text)."""
    for ability, acts in own(problem, "confront-need"):
        if _reaches_player(problem, acts.modifier.value("player"), player):
            text_confront_need(board, problem, acts, player, extra)
    for source, found in outward(board, "confront-need", problem.area):
        for ability, acts in found:
            if keywords.played(ability):
                keywords.eccentric(board, source, player, extra, ability.x)
            elif (problem.area == source.area if acts.modifier.subject is not None and _this_problem(
                    acts.modifier.subject) else _at_its_host_s_problem(source, acts.modifier.subject, problem)
                    if acts.modifier.subject is not None and _its_host_s_problem(acts.modifier.subject)
                    else fits(board, source, acts.modifier.subject, problem)) and _reaches_player(
                    source, acts.modifier.value("player"), player):
                text_confront_need(board, source, acts, player, extra)
    if reaching(board, "confront-need"):
        for source, found in outward(board, "confront-need"):
            if source.area == problem.area or source is problem:
                continue
            for ability, acts in found:  # "You need -2 power to confront opposing Problems"
                subject = acts.modifier.subject
                if (not keywords.played(ability) and subject is not None and subject.noun == "Problem"
                        and subject.where is None and fits(board, source, subject, problem)
                        and _reaches_player(source, acts.modifier.value("player"), player)):
                    text_confront_need(board, source, acts, player, extra, problem)
    reached = _keywords_reach(board)
    for card in board.play:
        if card.area != problem.area or card is problem:
            continue
        found = side(card)
        if found is not None and (reached or "keyword" in found.own):
            for keyword, x in granted(board, card):
                if keyword == "Eccentric":
                    keywords.eccentric(board, card, player, extra, 1 if x is None else x)


def _this_problem(subject) -> bool:
    """Whether a selector names the Problem its card is at ("this card's
    Problem", "that Problem" of "this Friend is at an opponent's Problem")."""
    return (subject.noun == "Problem" and subject.where in ("here", "this-problem")) or (
        subject.noun == "that" and subject.ref == "Problem")


def _at_its_host_s_problem(source: Card, subject, problem: Card) -> bool:
    host = source.host
    return host is not None and host.area is not None and host.area == problem.area


def _its_host_s_problem(subject) -> bool:
    """Whether a selector names the Problem of the card its card is
    attached to ("You need -2 power to confront that Friend's Problem" of
    an attachment played on a Friend)."""
    return subject.noun == "Problem" and subject.where == "that-card-problem"


def _problem_name(board: Board, source: Card) -> str:
    problem = board.problem_at(source.area) if source.area is not None else None
    return problem.label if problem is not None else "its Problem"


def _reaches_player(source: Card, selector, player: int) -> bool:
    """Whether ``player`` is the player a modifier names (513.5: read from
    its controller's perspective); none named: any player."""
    noun = getattr(selector, "noun", selector)
    if noun in ("you", "your"):
        return player == source.controller
    if noun in ("opponent", "opponents"):
        return player != source.controller
    return noun in (None, "player", "players", "each player")


@step("702.1", "{source}'s ability: {player} needs {amount:+d} {color} power to confront {problem} ({text})")
def text_confront_need(board: Board, source: Card, ability: Ability, player: int, extra: list, problem=None):
    """``problem``: the Problem confronted, when not the source's own."""
    from rulebase.engine.ccg.cards import Need, parse_color

    modifier = ability.modifier
    amount = _amount(board, source, modifier, their=player)
    if not amount or not _holds(board, source, ability):
        return None
    color = modifier.value("color", "wild")
    extra.append(Need(amount) if color in (None, "wild") else Need(amount, parse_color(color)))
    return {"source": source.label, "player": board.name(player), "amount": amount, "color": color or "wild",
            "problem": problem.label if problem is not None else _problem_name(board, source),
            "text": ability.text or "its text"}


# -- whom a modifier reaches --------------------------------------------------------------


class Seen:
    """What a selector of an ability is read with (513.5: from its
    controller's perspective): its card, controller and the event it
    answers, as :mod:`.targets` asks of a context."""

    __slots__ = ("area", "card", "controller", "event", "named", "player")

    def __init__(self, card: Card, event=None):
        self.card = card
        self.controller = card.controller
        self.event = event
        self.player = None
        self.area = None
        self.named = {}
        if event is not None:
            subject = event.get("card")
            if isinstance(subject, Card):
                self.named["it"] = [subject]


def fits(board: Board, source: Card, selector, card: Card, event=None) -> bool:
    """Whether ``card`` is one of the cards ``selector`` of an ability of
    ``source`` describes (read from its controller's perspective, 513.5,
    with the words of :mod:`.targets`)."""
    if selector is None:
        return card is source
    noun = selector.noun
    if noun in PLAYER_SUBJECTS:
        return False  # a player, not a card ("You have +2 power during faceoffs here": see player_power)
    if noun == "self":
        return card is source
    if noun == "host":
        return card is source.host
    from rulebase.engine.ccg.abilities import targets

    if noun in ("that", "it") and event is None and source.host is not None:
        # "Play on a Friend. That Friend has +2 power": the card it is on.
        return card is source.host and targets._of_type(card, targets.TYPES.get(selector.ref))
    seen = Seen(source, event)
    if noun in ("that", "it"):
        return card in targets.named_cards(seen, selector.ref or noun)
    rule = targets.compiled(selector)
    if selector.zone not in (None, "play") and card.zone != rule.zone and not (
            selector.zone == "hand" and getattr(event, "event", None) == "played" and event.get("card") is card):
        return False  # a card played is one of those in the hand it was played from
    if not _of_kind_and_side(rule, selector, card, source, card.controller, perspective_of(board, source)):
        return False
    if selector.controller == "owner" and card.owner != source.controller:
        return False
    if selector.where is not None and not targets.at_place(board, seen, card, selector.where):
        return False
    return all(test(board, seen, card) for test in rule.tests)


# -- replacement modifiers: "if ... would ..., ... instead" (710) ------------------------------

REPLACEABLE = {"leaves-play": ("dismissed", "retired", "banished", "leaves-play"), "dismissed": ("dismissed",),
               "retired": ("retired",), "banished": ("banished",), "frightened": ("frightened",), "put": ("put",),
               "confronts": ("confronts",)}
"""The occurrences the engine lets replacement modifiers replace: each
replacement event with the occurrences it names (a card leaving play is
dismissed, retired or banished; a flipped card put on the bottom of its
deck as a faceoff ends, 514.6, is put; a player confronting a Problem in
the confront step, 611.1, confronts it)."""


def replaceable(trigger, effect) -> str | None:
    """``None`` if the engine can apply a replacement modifier waiting for
    ``trigger`` with ``effect`` instead, else what it lacks: an occurrence
    it does not hook, or an instead it can't carry out.  An instead with a
    decision ("you may", a cost, a card to choose) is carried out where the
    occurrence is an instruction of card text, where the players can be
    asked (:func:`replace_asking`); elsewhere only a plain instead is
    (:func:`replaced`)."""
    if trigger.event not in REPLACEABLE:
        return f"replacing the occurrence {trigger.event!r}"
    if effect is None:
        return "a replacement with no instead"
    if _plain(effect):
        return None
    from rulebase.engine.ccg.abilities import resolve

    return resolve.executable(effect)


def _plain(effect) -> bool:
    """Whether an instead is carried out without asking anyone: one
    instruction, not optional, on the card whose occurrence it replaces."""
    if effect.optional or effect.then is not None or effect.choices:
        return False
    from rulebase.engine.ccg.abilities import verbs

    verb = verbs.VERBS.get(effect.verb)
    if verb is None or verb.procedure or verb.takes != verbs.CARD:
        return False
    return effect.target is None or effect.target.noun in ("self", "it", "that")


@step("710.1", "{source}'s replacement modifier replaces {card} being {what} ({text}): {instead} instead")
def replaces(board: Board, source: Card, ability: Ability, card: Card, what: str):
    from rulebase.engine.ccg.abilities import verbs

    effect = ability.effect
    verb = verbs.VERBS[effect.verb]
    act = verbs.Act(source.controller, card, effect=effect, source=source)
    if verb.allows(board, act):
        verb.apply(board, act)
    else:
        board.trace.note("710.4", "the occurrence is replaced even though {instead} can't be done", instead=effect.verb)
    return {"source": source.label, "card": card.label, "what": what, "text": ability.text or "its text",
            "instead": effect.verb}


@check("710.3", "an occurrence affected by a replacement modifier, and the occurrence it was replaced with, can't be "
                "affected by that modifier again")
def not_replaced_again(board: Board, source: Card, number: int):
    if (source.id, number) in board.replacing:
        return f"{source}'s replacement modifier already affected this occurrence"


@check("711.2", "replacement modifiers are applied as the occurrence they replace would occur")
def applied_as_it_occurs(board: Board, occurrence: str, card: Card):
    """Consulted where an occurrence would happen: with the rule switched
    off, no replacement modifier is looked for there."""
    return Allowed(f"{card} would be {occurrence}: the replacement modifiers that would replace it are applied now")


def replacements(board: Board, occurrence: str, card: Card, player: int | None = None, extra: tuple = ()) -> list:
    """The replacement modifiers that would replace ``card`` being
    ``occurrence`` now, as ``(source, number, ability)``, earliest first;
    not those already affecting it (710.3).  ``extra``: further words of
    the occurrence (``("to", "deck-bottom")`` of a card put)."""
    cards = acting_cards(board)
    given = given_replacing(board)
    if not cards and not given:
        return []
    from rulebase.engine.ccg.abilities.events import Happened
    from rulebase.engine.ccg.abilities.triggers import matches

    happened = None
    found = []
    sources = [(source, index.replacing) for source in cards if (index := side(source)) is not None and index.replacing]
    for source, number, acts in given:  # given keywords, after the card's own abilities
        sources.append((source, {acts.trigger.event: ((number, acts, acts),)}))
    for source, replacing in sources:
        for event, names in REPLACEABLE.items():
            if occurrence not in names:
                continue
            for number, ability, acts in replacing.get(event, ()):
                if replaceable(acts.trigger, acts.effect) is not None:
                    continue
                if happened is None:
                    happened = Happened(occurrence, (("card", card), ("player", card.controller if player is None
                                                                          else player), ("area", card.area)) + extra)
                if matches(board, source, acts.trigger, happened):
                    found.append((source, number, acts))
    if board.replacing and found:
        found = [f for f in found if not_replaced_again.allows(board, f[0], f[1])]
    return found


def _looked_for(board: Board, occurrence: str, card: Card) -> bool:
    """Whether replacement modifiers are applied as ``card`` would be
    ``occurrence`` (711.2; recorded)."""
    verdict = applied_as_it_occurs.verdict(board, occurrence, card)
    if verdict is None:
        return False
    applied_as_it_occurs.judge(board, verdict)
    return True


def _at_any_time(board: Board, card: Card, occurrence: str) -> bool:
    """Whether replacement modifiers may replace the occurrence now (710.2)."""
    from rulebase.engine.ccg.priority import may_replace_now

    return may_replace_now(board, card, occurrence)


def replaced(board: Board, occurrence: str, card: Card, player: int | None = None) -> bool:
    """Whether a replacement modifier replaces ``card`` being ``occurrence``
    (``dismissed``, ``retired``, ``banished``, ``frightened``) where no
    player can be asked (a rule's own procedure, Pre-Priority Processing):
    the earliest plain one is applied, carrying out its instead (710.1,
    711.2).  One whose instead asks a decision is not applied there (the
    trace says so); card text's instructions ask (:func:`replace_asking`)."""
    found = replacements(board, occurrence, card, player)
    if not found or not _at_any_time(board, card, occurrence) or not _looked_for(board, occurrence, card):
        return False
    plain = [f for f in found if _plain(f[2].effect)]
    if len(plain) < len(found) and board.trace.enabled:
        board.trace.note("710.5", "{card} being {what} is not an instruction of card text: the replacement "
                                  "modifiers asking a decision are not applied here ({sources})", card=card.label,
                         what=occurrence, sources=", ".join(f[0].label for f in found if not _plain(f[2].effect)))
    if not plain:
        return False
    source, number, acts = plain[0]
    if len(plain) > 1:
        board.trace.note("710.5", "several replacement modifiers would replace {card} being {what}: the earliest, "
                                  "{source}'s, is applied (the player affected is not asked where it happens)",
                         card=card.label, what=occurrence, source=source.label)
    applying = board.replacing
    applying.add((source.id, number))
    try:
        return replaces(board, source, acts, card, occurrence) is not None
    finally:
        applying.discard((source.id, number))


# -- replacing an instruction of card text, asking the players (710.5) ---------------------

OCCURRING = {"frighten": "frightened", "dismiss": "dismissed", "retire": "retired", "banish": "banished"}
"""The instructions of card text whose occurrence replacement modifiers may
replace, with the occurrence."""


@step("710.5", "{player}, the controller of {card}, is the player affected by {card} being {what} and chooses which "
               "of {count} replacement modifiers applies")
def affected_player_chooses(board: Board, player: int, card: Card, what: str, count: int):
    return {"player": board.name(player), "card": card.label, "what": what, "count": count}


@step("710.5b", "{count} replacement modifier(s) still attempt to replace {card} being {what}: the process repeats")
def process_repeats(board: Board, card: Card, what: str, count: int):
    return {"card": card.label, "what": what, "count": count}


@step("710.1", "{source}'s replacement modifier replaces {card} being {what} ({text}): {instead} instead")
def replaced_by_text(board: Board, source: Card, ability: Ability, card: Card, what: str):
    return {"source": source.label, "card": card.label, "what": what, "text": ability.text or "its text",
            "instead": ability.effect.part.text or ability.effect.verb}


def replace_asking(s, verb: str, card: Card, player: int, occurrence: str | None = None, extra: tuple = ()):
    """Apply the replacement modifiers that would replace the instruction
    ``verb`` of card text done to ``card`` (711.2), asking the players: the
    player affected (the card's controller) chooses which applies when
    several would (710.5), the modifier's controller whether to do what
    "you may" leaves to them; one declined, the process repeats with the
    others (710.5b).  A generator (``yield from``): ``True`` once the
    occurrence is replaced.  The modifiers considered are kept in
    ``board.replacing`` by the caller until the occurrence is done, so
    that a declined one does not apply to it after all (710.3).  A rule's
    procedure asking too names its ``occurrence`` (and ``extra`` words)."""
    from rulebase.engine.ccg.abilities import resolve
    from rulebase.engine.ccg.abilities.events import Happened
    from rulebase.engine.ccg.actions import Action

    board = s.board
    occurrence = occurrence or OCCURRING[verb]
    found = replacements(board, occurrence, card, player, extra)
    if not found or not _at_any_time(board, card, occurrence) or not _looked_for(board, occurrence, card):
        return False
    first, done = True, False
    while found:
        if not first and process_repeats(board, card, occurrence, len(found)) is None:
            return done
        first = False
        chosen = found[0]
        affected = card.controller
        if len(found) > 1 and affected_player_chooses(board, affected, card, occurrence, len(found)) is not None:
            sources = [f[0].id for f in found]
            if len(set(sources)) == len(sources):
                options = [Action("choose", affected, card=f[0].id) for f in found]
            else:
                options = [Action("choose-option", affected, amount=i) for i in range(len(found))]
            action = yield from resolve._ask(s, affected, f"choose the replacement modifier that replaces "
                                                          f"{card.label} being {occurrence}", options)
            chosen = next((f for f, option in zip(found, options) if option == action), None)
            if chosen is None:
                from rulebase.engine.ccg.priority import switched_off

                raise switched_off(resolve.among_the_choices, "the answer names none of the replacement modifiers")
        source, number, acts = chosen
        board.replacing.add((source.id, number))
        happened = Happened(occurrence, (("card", card), ("player", player), ("area", card.area)) + extra)
        context = resolve.Context(board=board, card=source, controller=source.controller, ability=acts,
                                  event=happened, named={"it": [card], "that": [card], "them": [card]})
        effect = acts.effect
        if effect.optional and not (_may_apply(board, context, source, acts, card)
                                    and (yield from resolve._accepts(s, source.controller, effect))):
            found = replacements(board, occurrence, card, player, extra)
            continue
        if replaced_by_text(board, source, acts, card, occurrence) is None:
            return done
        yield from resolve.resolve(s, context, _the_replaced_card(_required(effect)))
        done = True
        others = [f for f in found if f is not chosen]
        if not others or no_longer_apply(board, card, occurrence, others) is not None:
            return True
        found = others
    return done


@step("710.5a", "{card} being {what} has been replaced: the modifiers of {sources}, which were attempting to replace "
                "it, no longer apply; they fail to resolve and do not affect the game")
def no_longer_apply(board: Board, card: Card, what: str, others: list):
    """The other modifiers that were attempting to replace an occurrence
    no longer apply once it is replaced (710.5a); without this rule, they
    still attempt to replace it and the process repeats (710.5b)."""
    return {"card": card.label, "what": what, "sources": ", ".join(f[0].label for f in others)}


def put_asking(s, card: Card, player: int, to: str):
    """Apply the replacement modifiers that would replace ``player``
    putting ``card`` on the ``to`` end of their deck (``deck-bottom``: a
    flipped card as a faceoff ends, 514.6), asking the players as
    :func:`replace_asking` does.  A generator: ``True`` once the
    occurrence is replaced."""
    board = s.board
    before = set(board.replacing)
    try:
        return (yield from replace_asking(s, "put", card, player, occurrence="put", extra=(("to", to),)))
    finally:
        board.replacing.intersection_update(before)


def replace_confronting(s, player: int, problem: Card):
    """Apply the replacement modifiers that would replace ``player``
    confronting ``problem`` in its confront step (611.1: Vexing, "If an
    opponent would confront this card's Problem, you may retire this card
    instead"), asking the players as :func:`replace_asking` does.  A
    generator: ``True`` once the confronting is replaced, and the player
    does not confront the Problem."""
    board = s.board
    before = set(board.replacing)
    try:
        return (yield from replace_asking(s, "confront", problem, player, occurrence="confronts"))
    finally:
        board.replacing.intersection_update(before)


def _is_cost(effect) -> bool:
    """Whether the first instruction of an instead is a cost: the part of
    the modifier's text before "to" ("pay [1] to dismiss it"), read as an
    instruction followed by "If you do"."""
    following = effect.then
    return following is not None and following.condition is not None and following.condition.kind == "did"


@check("707.2a", "a modifier's cost must be paid in order to process the subsequent text")
def cost_payable(board: Board, source: Card, ability: Ability):
    return (f"{board.name(source.controller)} can't pay the cost of {source}'s replacement modifier "
            f"({ability.effect.part.text or ability.effect.verb}): it is not applied")


@step("710.4", "{source}'s replacement modifier may replace {card}'s occurrence even though {instead} can't be done "
               "(that still can't be done)")
def replaces_though_undoable(board: Board, source: Card, ability: Ability, card: Card):
    return {"source": source.label, "card": card.label, "instead": ability.effect.part.text or ability.effect.verb}


def _may_apply(board: Board, context, source: Card, ability: Ability, card: Card) -> bool:
    """Whether the controller of a "you may ... instead" is offered to
    apply it: a cost that can't be paid keeps it from applying (707.2a);
    an instead that can't be done does not (710.4)."""
    from rulebase.engine.ccg.abilities import resolve

    effect = ability.effect
    if _is_cost(effect):
        if effect.verb == "pay":
            paid = board.players[source.controller].tokens >= (resolve.amount_of(board, context, effect.amount) or 0)
        else:
            paid = resolve._can_be_done(board, context, effect)
        return paid or cost_payable.allows(board, source, ability)
    if resolve._can_be_done(board, context, effect):
        return True
    return replaces_though_undoable(board, source, ability, card) is not None


def carry_out(s, verb, act):
    """Carry out the instruction ``verb`` of card text on ``act``'s card,
    unless a replacement modifier replaces it (:func:`replace_asking`).  A
    generator (``yield from``)."""
    board = s.board
    before = set(board.replacing)
    try:
        if (yield from replace_asking(s, verb.name, act.target, act.player)):
            return
        if verb.procedure:
            yield from verb.apply(s, act)
        else:
            verb.apply(board, act)
    finally:
        board.replacing.intersection_update(before)


def _the_replaced_card(effect):
    """The instead with each "it" naming the card whose occurrence it
    replaces, not a card an instruction before it named ("you may exhaust
    this card to turn it face-down instead": the Troublemaker)."""
    if effect is None:
        return None
    from dataclasses import replace as _replace

    target = effect.target
    if target is not None and target.noun == "it" and target.ref is None:
        target = _replace(target, noun="that")
    return _replace(effect, target=target, then=_the_replaced_card(effect.then))


def _required(effect):
    """The instead of an accepted "you may": the same instructions, no
    longer optional."""
    from dataclasses import replace as _replace

    return _replace(effect, optional=False)


# -- "can't" (104.2) ---------------------------------------------------------------------------

CANT = {"be-dismissed": "dismissed", "be-retired": "retired", "be-banished": "banished",
        "be-frightened": "frightened", "be-exhausted": "exhausted", "be-moved": "moved", "leave-play": "leave play",
        "ready": "readied", "ready-during-ready-phase": "readied during the Ready Phase",
        "be-involved-in-faceoff": "involved in faceoffs",
        "be-involved-in-troublemaker-faceoff-involving-self": "involved in Troublemaker faceoffs involving its card"}
# the words are what the card can't be: "dismissed", ...
"""What a "can't" of card text forbids that the engine checks, with its words."""


def _challenge_missing(modifier) -> str | None:
    """``None`` if the engine checks "can't challenge": of the
    Troublemakers it names, by the players it names, unless they pay or
    unless they have cards a condition counts."""
    unless = modifier.value("unless")
    if unless is not None:
        if unless.kind != "has" or getattr(unless.subject, "ref", None) != "they":
            return "a can't 'be-challenged' unless a condition other than what they have"
        from rulebase.engine.ccg.abilities import conditions

        missing = conditions.executable(_theirs(unless))
        if missing is not None:
            return missing
    if getattr(modifier.value("by"), "noun", modifier.value("by")) not in PLAYERS:
        return f"a can't 'be-challenged' by {getattr(modifier.value('by'), 'noun', None)!r}"
    missing = _paid_missing(modifier)
    if missing is not None:
        return missing
    return _subject_missing(modifier)


def _forbids(modifier, action: str) -> bool:
    """Whether a "can't" modifier names ``action``: alone, among several
    ("can't be dismissed or frightened"), or leaving play as a whole."""
    said = modifier.value("action")
    names = said if isinstance(said, tuple) else (said,)
    return action in names or (action in LEAVING and "leave-play" in names)


def applying(board: Board, kind: str, card: Card, wanted, area=None, itself: bool = False, subject=None):
    """The first card whose modifier of ``kind`` applies to ``card`` now,
    and its ability; ``None``.  ``wanted(source, modifier)`` says whether a
    modifier is the one looked for (the action a "can't" names, the players
    it reaches, ...); one wanted applies when its subject describes
    ``card`` (``subject(source, modifier)`` when the subject is read
    otherwise) and its condition holds (708.3).  ``itself``: ``card``'s own
    modifiers are looked at first; then those of the cards in play (at
    ``area``, when given), in the order they entered play."""
    for found in all_applying(board, kind, card, wanted, area, itself, subject):
        return found
    return None


def all_applying(board: Board, kind: str, card: Card, wanted, area=None, itself: bool = False, subject=None):
    """Every ``(card, ability)`` whose modifier of ``kind`` applies to
    ``card`` now, in the order :func:`applying` looks at them."""
    if itself:
        for ability, acts in own(card, kind):
            if wanted(card, acts.modifier) and _holds(board, card, acts):
                yield card, acts
    for source, found in outward(board, kind, area):
        for ability, acts in found:
            modifier = acts.modifier
            if (wanted(source, modifier)
                    and fits(board, source, modifier.subject if subject is None else subject(source, modifier), card)
                    and _holds(board, source, acts)):
                yield source, acts


def forbidding(board: Board, card: Card, action: str):
    """The card whose "can't" modifier forbids ``card`` to undergo
    ``action`` now (``be-dismissed``, ...), and its ability (or the
    instruction's modifier, "that Friend can't leave play this turn");
    ``None``."""
    if action in LEAVING and getattr(board, "lasting", None):
        from rulebase.engine.ccg.abilities.verbs import leave_ban

        ban = leave_ban(board, card)
        if ban is not None:
            return ban.source if ban.source is not None else card, ban
    return applying(board, "cant", card, lambda source, modifier: _forbids(modifier, action), itself=True)


LEAVING = ("be-dismissed", "be-retired", "be-banished")

PLAYING = ("be-played", "be-played-to-this-problem", "be-played-at-here")
"""The "can't be played" of card text the engine checks: a card can't be
played to the Problem of the card whose text says so."""


def _cant_play_missing(modifier) -> str | None:
    """``None`` if the engine checks a "can't be played" modifier: to this
    card's Problem, by the players it names."""
    if modifier.value("action") == "be-played" and modifier.value("to") not in (None, "this-problem", "that-problem"):
        return "a can't 'be-played' elsewhere than to this Problem"
    who = getattr(modifier.value("by"), "noun", modifier.value("by"))
    if who not in (None, "you", "your", "opponent", "opponents", "player", "players", "each player"):
        return f"a can't 'be-played' by {who!r}"
    return _subject_missing(modifier, "a can't 'be-played' of no card to play")


def _cant_contribute_missing(modifier) -> str | None:
    """``None`` if the engine checks "can't contribute its power to
    faceoffs": to every faceoff, of the cards it names."""
    if modifier.value("faceoff") and not _of_faceoffs_involving_itself(modifier):
        return "a can't 'contribute-to-faceoffs' of some faceoffs only"
    return _subject_missing(modifier)


def _cant_contribute_confront_missing(modifier) -> str | None:
    """``None`` if the engine checks "can't contribute their power to
    confronting": any Problem, or this Problem (of a Problem's own text),
    of the cards it names."""
    confronting = modifier.value("confronting")
    if confronting is not None and getattr(confronting, "noun", None) != "self":
        return "a can't 'contribute-to-confront' of another Problem"
    return _subject_missing(modifier)


def _of_faceoffs_involving_itself(modifier) -> bool:
    """Whether a can't names the faceoffs involving its own card ("faceoffs
    involving this card")."""
    said = modifier.value("faceoff") or ()
    return bool(said) and all(key == "involving" and getattr(value, "noun", None) == "self" for key, value in said)


def _in_faceoff(board: Board, source: Card, modifier, current) -> bool:
    """Whether ``current``, the faceoff under way, is one a can't names:
    any, or one involving its card."""
    if not modifier.value("faceoff"):
        return True
    return current is not None and current.involves(board, source)


INVOLVING_ITS_CARD = "be-involved-in-troublemaker-faceoff-involving-self"
"""The action of "Mane Characters can't be involved in Troublemaker
faceoffs involving this card"."""


def _keeps_out_of(board: Board, source: Card, modifier, faceoff) -> bool:
    """Whether a "can't be involved" of ``source`` names ``faceoff`` (the
    faceoff beginning or under way; ``None``: any faceoff): every faceoff,
    or the Troublemaker faceoffs involving ``source``."""
    action = modifier.value("action")
    if action == "be-involved-in-faceoff":
        return True
    if action != INVOLVING_ITS_CARD or faceoff is None or faceoff.kind_group != "troublemaker":
        return False
    return source is faceoff.troublemaker or faceoff.described(board, source)


def forbidding_involvement(board: Board, card: Card, faceoff=None):
    """The card whose "can't be involved in faceoffs" keeps ``card`` out of
    ``faceoff`` now ("Mane Characters can't be involved in faceoffs",
    "... in Troublemaker faceoffs involving this card"), and its ability;
    ``None``."""
    return applying(board, "cant", card, lambda source, modifier: _keeps_out_of(board, source, modifier, faceoff),
                    itself=True)


@check("104.2", "a \"can't\" of card text takes precedence: a card it forbids to be involved in faceoffs is not "
                "involved in one")
def cant_be_involved(board: Board, card: Card, faceoff=None):
    found = forbidding_involvement(board, card, faceoff) if reaching(board, "cant") or own(card, "cant") else None
    if found is not None:
        source, ability = found
        what = "faceoffs" if ability.modifier.value("action") == "be-involved-in-faceoff" else "this faceoff"
        return f"{source}'s ability says {card} can't be involved in {what} ({ability.text or 'its text'})"


def forbidding_confront_contribution(board: Board, card: Card, problem: Card):
    """The card whose "can't contribute ... to confronting" modifier forbids
    ``card`` to contribute its power to confronting ``problem`` now (any
    Problem, or the Problem whose own text says so), and its ability;
    ``None``."""
    def wanted(source, modifier):
        return (modifier.value("action") == "contribute-to-confront"
                and (modifier.value("confronting") is None or source is problem))

    return applying(board, "cant", card, wanted, itself=True)


def _cant_confront_missing(modifier) -> str | None:
    """``None`` if the engine checks a "can't confront" modifier: of this
    Problem or this card's Problem, by the players it names, unless they
    have cards a condition counts."""
    subject = modifier.subject
    if subject is None or not (subject.noun == "self" or _this_problem(subject)):
        return "a can't 'be-confronted' of another Problem"
    who = getattr(modifier.value("by"), "noun", modifier.value("by"))
    if who not in (None, "you", "your", "opponent", "opponents", "player", "players", "each player"):
        return f"a can't 'be-confronted' by {who!r}"
    unless = modifier.value("unless")
    if unless is not None:
        if unless.kind != "has" or getattr(unless.subject, "ref", None) != "they":
            return "a can't 'be-confronted' unless a condition other than what they have"
        from rulebase.engine.ccg.abilities import conditions

        return conditions.executable(_theirs(unless))
    return None


def _at_most_missing(modifier) -> str | None:
    """``None`` if the engine checks a limit of card text on what players
    do: "Players can't confront more than one Problem per turn"."""
    action = modifier.value("action")
    if action == "play":
        from rulebase.engine.ccg import play

        return play.play_limit_missing(modifier)  # checked as a card is played (104.2)
    if action == "draw" and modifier.value("per") == "turn" and not modifier.value("each"):
        if not isinstance(modifier.value("most"), int) or modifier.value("most") < 0:
            return "a limit ('at-most') of a number not printed"
        who = getattr(modifier.value("by"), "noun", modifier.value("by"))
        if who not in (None, "you", "your", "opponent", "opponents", "player", "players", "each player"):
            return f"a limit ('at-most') on the draws of {who!r}"
        return None
    if action == "score" and modifier.value("per") == "turn" and modifier.value("what") == "points":
        action = "confront"  # checked as a limit per turn, as confronting is
        if not isinstance(modifier.value("most"), int) or modifier.value("most") < 0:
            return "a limit ('at-most') of a number not printed"
        if getattr(modifier.subject, "noun", None) not in ("player", "players", "you", "opponent", "opponents"):
            return f"a limit ('at-most') on the points of {getattr(modifier.subject, 'noun', None)!r}"
        return None
    if action != "confront" or modifier.value("per") != "turn":
        return f"a limit ('at-most') on {action!r}{'' if modifier.value('per') is None else ' per ' + str(modifier.value('per'))}"
    most = modifier.value("most")
    if not isinstance(most, int) or most < 0:
        return "a limit ('at-most') of a number not printed"
    if getattr(modifier.subject, "noun", None) != "Problem" or modifier.subject.filters or modifier.subject.where:
        return "a limit ('at-most') on confronting some Problems only"
    who = getattr(modifier.value("by"), "noun", modifier.value("by"))
    if who not in (None, "you", "your", "opponent", "opponents", "player", "players", "each player"):
        return f"a limit ('at-most') on confronting by {who!r}"
    return None


def confronted_at_most(board: Board, player: int, problem: Card):
    """The card whose limit ("Players can't confront more than one Problem
    per turn") ``player`` has reached this turn, so that they can't
    confront ``problem``, and its ability; ``None``."""
    if not reaching(board, "at-most"):
        return None
    done = None
    for source, found in outward(board, "at-most"):
        for ability, acts in found:
            modifier = acts.modifier
            if modifier.value("action") != "confront" or not _reaches_player(source, modifier.value("by"), player):
                continue
            if done is None:
                done = sum(1 for c in board.confrontations
                           if c.turn == board.turn.number and c.player == player and c.problem is not problem)
            if done >= modifier.value("most") and _holds(board, source, acts):
                return source, acts
    return None


_DRAWN = "_cards_drawn_this_turn"


def note_drawn(board: Board, player: int) -> None:
    """Keep count of the cards ``player`` draws this turn (for a limit of
    card text, "Players can't draw more than 2 cards per turn")."""
    kept = board.__dict__.get(_DRAWN)
    if kept is None or kept[0] != board.turn.number:
        kept = board.__dict__[_DRAWN] = (board.turn.number, {})
    kept[1][player] = kept[1].get(player, 0) + 1


def drawn_this_turn(board: Board, player: int) -> int:
    """The cards ``player`` has drawn this turn."""
    kept = board.__dict__.get(_DRAWN)
    return kept[1].get(player, 0) if kept is not None and kept[0] == board.turn.number else 0


def draw_limit(board: Board, player: int):
    """The least number of cards a limit of card text lets ``player`` draw
    this turn, with the card and ability setting it; ``None`` when none
    reaches them."""
    if not reaching(board, "at-most"):
        return None
    found = None
    for source, pairs in outward(board, "at-most"):
        for ability, acts in pairs:
            modifier = acts.modifier
            if (modifier.value("action") == "draw" and _reaches_player(source, modifier.value("by"), player)
                    and _holds(board, source, acts) and (found is None or modifier.value("most") < found[0])):
                found = (modifier.value("most"), source, acts)
    return found


@check("104.2", "a \"can't\" of card text takes precedence: a player it forbids to draw more than a number of cards a "
                "turn draws no more")
def cant_draw_more(board: Board, player: int):
    found = draw_limit(board, player)
    if found is None:
        return None
    most, source, ability = found
    already = drawn_this_turn(board, player)
    if already >= most:
        return (f"{source}'s ability says {board.name(player)} can't draw more than {most} card{'s' * (most != 1)} "
                f"per turn ({ability.text or 'its text'}): {board.name(player)} has drawn {already} this turn")


_SCORED = "_points_this_turn"


def points_this_turn(board: Board, player: int) -> int:
    """The points ``player`` has scored this turn."""
    kept = board.__dict__.get(_SCORED)
    return kept[1].get(player, 0) if kept is not None and kept[0] == board.turn.number else 0


def note_scored(board: Board, player: int, points: int) -> None:
    """Keep count of the points ``player`` scores this turn (for a limit of
    card text, "Players can't score more than 2 points per turn")."""
    kept = board.__dict__.get(_SCORED)
    if kept is None or kept[0] != board.turn.number:
        kept = board.__dict__[_SCORED] = (board.turn.number, {})
    kept[1][player] = kept[1].get(player, 0) + points


def score_limit(board: Board, player: int):
    """The least number of points a limit of card text lets ``player``
    score this turn in all, with the card and ability setting it; ``None``
    when no limit reaches them."""
    if not reaching(board, "at-most"):
        return None
    found = None
    for source, pairs in outward(board, "at-most"):
        for ability, acts in pairs:
            modifier = acts.modifier
            if (modifier.value("action") == "score" and _reaches_player(source, modifier.subject, player)
                    and _holds(board, source, acts) and (found is None or modifier.value("most") < found[0])):
                found = (modifier.value("most"), source, acts)
    return found


@check("104.2", "a \"can't\" of card text takes precedence: a player it forbids to score more than a number of points "
                "a turn scores no more")
def cant_score_more(board: Board, player: int, points: int):
    found = score_limit(board, player)
    if found is None:
        return None
    most, source, ability = found
    already = points_this_turn(board, player)
    if already + points > most:
        return (f"{source}'s ability says {board.name(player)} can't score more than {most} point"
                f"{'s' * (most != 1)} per turn ({ability.text or 'its text'}): {board.name(player)} has scored "
                f"{already} this turn and scores {max(0, most - already)} of {points}")


def scorable(board: Board, player: int, points: int) -> int:
    """How many of ``points`` ``player`` scores now: no more than a limit of
    card text leaves them this turn (recorded where it decides)."""
    if points <= 0 or cant_score_more.allows(board, player, points):
        return points
    most, _source, _ability = score_limit(board, player)
    return max(0, most - points_this_turn(board, player))


def _not_preventing_missing(modifier) -> str | None:
    """``None`` if the engine applies "Opposing Troublemakers don't prevent
    you from confronting this Problem": of Troublemakers, this Problem or
    this card's Problem."""
    subject = modifier.subject
    confronting = modifier.value("confronting")
    if getattr(subject, "noun", None) != "Troublemaker":
        return f"a 'doesnt-prevent' of {getattr(subject, 'noun', None)!r}"
    if confronting is None or not (confronting.noun == "self" or _this_problem(confronting)):
        return "a 'doesnt-prevent' of confronting another Problem"
    from rulebase.engine.ccg.abilities import targets

    return targets.executable(subject)


def not_preventing(board: Board, player: int, troublemaker: Card, problem: Card):
    """The card whose text says ``troublemaker`` does not prevent
    ``player`` from confronting ``problem`` (this Problem, or this card's
    Problem), and its ability; ``None``."""
    def wanted(source, modifier):
        # "you": the player the text is read by (513.5)
        return source.controller == player and (modifier.value("confronting").noun != "self" or source is problem)

    return applying(board, "doesnt-prevent", troublemaker, wanted, problem.area)


@step("104.1", "{source}'s text takes precedence over the rules: {card} does not prevent {player} from confronting "
               "{problem} ({text})")
def text_not_preventing(board: Board, player: int, troublemaker: Card, problem: Card):
    found = not_preventing(board, player, troublemaker, problem)
    if found is not None:
        source, ability = found
        return {"source": source.label, "card": troublemaker.label, "player": board.name(player),
                "problem": problem.label, "text": ability.text or "its text"}


def bonus_of(board: Board, problem: Card):
    """The bonus points card text gives ``problem`` now ("This card's
    Problem has 0 bonus points"), with the card and ability giving them, the
    latest to enter play deciding; ``None`` when none does."""
    found = None
    for ability, acts in own(problem, "bonus-equal"):
        if _holds(board, problem, acts):
            found = (acts.modifier.amount.value, problem, acts)
    for source, pairs in outward(board, "bonus-equal", problem.area):
        for ability, acts in pairs:
            if source is not problem and _this_problem(acts.modifier.subject) and _holds(board, source, acts):
                found = (acts.modifier.amount.value, source, acts)
    return found


@step("702.1", "{problem} has {n} bonus point{s} by {source}'s ability ({text})")
def text_bonus(board: Board, problem: Card, found: list):
    given = bonus_of(board, problem)
    if given is not None:
        n, source, ability = given
        found.append(n)
        return {"problem": problem.label, "n": n, "s": "s" * (n != 1), "source": source.label,
                "text": ability.text or "its text"}


def _theirs(condition):
    """A condition of "unless they have ...", read from the perspective of
    the player it forbids (its subject left to the context)."""
    from dataclasses import replace as _replace

    return _replace(condition, subject=None)


def forbidding_confront(board: Board, player: int, problem: Card):
    """The card whose "can't confront" modifier forbids ``player`` to
    confront ``problem`` now, and its ability; ``None``."""
    sources = [(problem, pairs) for pairs in [[(a, acts) for a, acts in own(problem, "cant")]] if pairs]
    sources += list(outward(board, "cant", problem.area))
    for source, found in sources:
        for ability, acts in found:
            modifier = acts.modifier
            if modifier.value("action") != "be-confronted" or not _reaches_player(source, modifier.value("by"), player):
                continue
            if source is not problem and not (_this_problem(modifier.subject) and source.area == problem.area):
                continue
            if not _holds(board, source, acts):
                continue
            unless = modifier.value("unless")
            if unless is not None:
                from rulebase.engine.ccg.abilities import conditions, resolve

                context = resolve.Context(board=board, card=source, controller=player, area=problem.area)
                if conditions.holds(board, context, _theirs(unless)):
                    continue
            return source, acts
    return None


@check("104.2", "a \"can't\" of card text takes precedence: a player it forbids to confront a Problem can't confront "
                "it")
def cant_confront(board: Board, player: int, problem: Card):
    found = forbidding_confront(board, player, problem)
    if found is not None:
        source, ability = found
        return f"{source}'s ability says {board.name(player)} can't confront {problem} ({ability.text or 'its text'})"
    found = confronted_at_most(board, player, problem)
    if found is not None:
        source, ability = found
        return (f"{source}'s ability limits how many Problems {board.name(player)} confronts this turn, and "
                f"{board.name(player)} has reached it: {problem} can't be confronted ({ability.text or 'its text'})")


def forbidding_play(board: Board, player: int, card: Card, area):
    """The card whose "can't be played" modifier forbids ``player`` to
    play ``card`` to ``area`` now, and its ability; ``None``."""
    if area is None or not area.is_problem:
        return None
    return applying(board, "cant", card, lambda source, modifier: (
        modifier.value("action") in PLAYING and _reaches_player(source, modifier.value("by"), player)
        and (modifier.value("to") != "that-problem" or _on_a_problem(source))), area)


def _on_a_problem(source: Card) -> bool:
    """Whether ``source`` is played on a Problem ("Play on a Problem. ...
    to that Problem": the Problem it is on, at its area)."""
    return source.host is not None and str(source.host.type) == "Problem"


@check("104.2", "a \"can't\" of card text takes precedence: a card it forbids to be played to a Problem can't be "
                "played there")
def cant_play(board: Board, player: int, card: Card, area):
    found = forbidding_play(board, player, card, area)
    if found is not None:
        source, ability = found
        return f"{source}'s ability says {card} can't be played to {_problem_name(board, source)} " \
               f"({ability.text or 'its text'})"


@check("104.2", "a \"can't\" of card text takes precedence over a rule or modifier that tries to make it happen")
def cant(board: Board, card: Card, action: str):
    found = forbidding(board, card, action)
    if found is not None:
        source, ability = found
        return f"{source}'s ability says {card} can't be {CANT[action]} ({ability.text or 'its text'})"


@check("104.2", "a \"can't\" of card text takes precedence: a character it forbids to contribute its power to "
                "faceoffs adds none to its player's power total")
def cant_contribute_to_faceoffs(board: Board, card: Card, current=None):
    """``current``: the faceoff under way (for "faceoffs involving this card")."""
    found = applying(board, "cant", card, lambda source, modifier: (
        _forbids(modifier, "contribute-to-faceoffs") and _in_faceoff(board, source, modifier, current)), itself=True)
    if found is not None:
        source, ability = found
        return f"{source}'s ability says {card} can't contribute its power to faceoffs ({ability.text or 'its text'})"


MOVED_HERE = ("be-moved-at-here", "be-moved-to-here")
"""The actions of "Friends with Resources on them can't be moved here"."""


def _cant_move_here_missing(modifier) -> str | None:
    """``None`` if the engine checks "... can't be moved here": of the cards
    it names, by anyone, to its card's area."""
    if modifier.value("by") is not None:
        return f"a can't {modifier.value('action')!r} by {getattr(modifier.value('by'), 'noun', None)!r}"
    return _subject_missing(modifier, f"a can't {modifier.value('action')!r} of no card to move")


def forbidding_move_here(board: Board, card: Card, area):
    """The card whose "can't be moved here" forbids ``card`` to be moved
    to ``area`` now, and its ability; ``None``."""
    return applying(board, "cant", card, lambda source, modifier: modifier.value("action") in MOVED_HERE, area)


@check("104.2", "a \"can't\" of card text takes precedence: a card it forbids to be moved to an area is not moved there")
def cant_move_here(board: Board, card: Card, area):
    if area is None or not reaching(board, "cant"):
        return None
    found = forbidding_move_here(board, card, area)
    if found is not None:
        source, ability = found
        return (f"{source}'s ability says {card} can't be moved to {board.area_name(area)} "
                f"({ability.text or 'its text'})")


MOVING = ("be-moved", "be-moved-away", "be-moved-to-or-from", "be-moved-by-opponents", "move")
"""The "can't" of moving characters, each with the players it reaches
(``by``: "Opponents can't move characters"), where (``to`` here or this
Problem, ``from`` here), and what lifts it (``unless-paid``: "unless they
pay [1]")."""

PLAYERS = (None, "you", "your", "opponent", "opponents", "player", "players", "each player")


def _cant_move_missing(modifier) -> str | None:
    """``None`` if the engine checks a "can't" of moving: by the players
    it names, to or from its card's area, lifted by paying a number
    printed."""
    by = modifier.value("by")
    if _most_of(by) is not None:
        pass  # "The player with the most Friends here": the player who has more of them there than any other
    elif getattr(by, "filters", None) or getattr(by, "where", None):
        return f"a can't of moving by {getattr(by.part, 'text', '') or by.noun!r}"
    if getattr(by, "noun", None) == "card" and by.controller in (None, "you", "opponent", "opponents"):
        pass  # "Your opponent's cards can't move this card": moves by the text of cards they control
    elif getattr(by, "noun", by) not in PLAYERS:
        return f"a can't of moving by {getattr(by, 'noun', by)!r}"
    if modifier.value("to") not in (None, "here", "this-problem") or modifier.value("from") not in (None, "here"):
        return "a can't of moving to or from another area"
    missing = _paid_missing(modifier)
    if missing is not None:
        return missing
    return _subject_missing(modifier)


def _subject_missing(modifier, itself: str | None = None) -> str | None:
    """What the engine lacks to judge the cards a modifier's subject
    describes (``targets.executable``); ``itself`` where the subject is the
    card itself, its host or the card an earlier instruction named."""
    subject = modifier.subject
    if subject is None or subject.noun in ("self", "that", "it", "host"):
        return itself
    from rulebase.engine.ccg.abilities import targets

    return targets.executable(subject)


CANTS_OF_PLAYERS = ("score", "be-exhausted-by-controller")
"""The "can't" of what players do that the engine checks, with who it
reaches: "Players can't score points during faceoffs involving this card"
(the players it names), "Players can't exhaust their Friends" (the cards it
names, exhausted by their own controller)."""


def _cant_of_players_missing(modifier) -> str | None:
    """``None`` if the engine checks a can't of :data:`CANTS_OF_PLAYERS`:
    of the players named by a word (players, opponents, you), of the cards
    it describes."""
    if modifier.value("action") == "score":
        who = modifier.subject
        if getattr(who, "noun", None) not in PLAYERS[1:] or who.filters or who.where is not None:
            return f"a can't 'score' of {getattr(who, 'part', None) and who.part.text or getattr(who, 'noun', None)!r}"
        return None
    by = modifier.value("by")
    if getattr(by, "noun", by) not in PLAYERS or getattr(by, "filters", None) or getattr(by, "where", None):
        return f"a can't 'be-exhausted-by-controller' by {getattr(by, 'noun', by)!r}"
    return _subject_missing(modifier)


def forbidding_score(board: Board, player: int):
    """The card whose "can't score points" forbids ``player`` to score now
    (its condition holding, 708.3), and its ability; ``None``."""
    for source, found in outward(board, "cant"):
        for _ability, acts in found:
            modifier = acts.modifier
            if (modifier.value("action") == "score" and _reaches_player(source, modifier.subject, player)
                    and _holds(board, source, acts)):
                return source, acts
    return None


def forbidding_own_exhaust(board: Board, card: Card, player: int):
    """The card whose "can't" forbids ``player``, ``card``'s controller, to
    exhaust it ("Players can't exhaust their Friends": their own), and its
    ability; ``None``."""
    if player != card.controller:
        return None
    from dataclasses import replace as _replace

    def theirs(source, modifier):  # "their Friends": the cards of the player exhausting them
        subject = modifier.subject
        return _replace(subject, controller=None) if getattr(subject, "controller", None) == "their" else subject

    return applying(board, "cant", card, lambda source, modifier: (
        modifier.value("action") == "be-exhausted-by-controller"
        and _reaches_player(source, modifier.value("by"), player)), itself=True, subject=theirs)


def _paid_missing(modifier) -> str | None:
    paid = modifier.value("unless-paid")
    if paid is not None and (paid.per is not None or not isinstance(paid.value, int) or paid.value < 1):
        return "a can't lifted by paying a number not printed"
    return None


def _most_of(by):
    """The selector of the cards "the player with the most <cards> here"
    counts (a player described by having the most of them), or ``None``."""
    filters = getattr(by, "filters", None)
    if getattr(by, "noun", None) != "player" or getattr(by, "where", None) or len(filters or ()) != 1:
        return None
    name, counted = filters[0]
    if name != "most" or getattr(counted, "noun", None) != "Friend" or counted.where != "here" \
            or counted.filters or counted.controller is not None:
        return None
    return counted


def has_the_most(board: Board, source: Card, counted, player: int) -> bool:
    """Whether ``player`` has more of the cards ``counted`` describes at
    ``source``'s area than any other player (no one has the most of a tie)."""
    here = [card for card in board.play if card.area == source.area and card.is_character
            and str(card.type) == counted.noun]
    mine = sum(1 for card in here if card.controller == player)
    return all(mine > sum(1 for card in here if card.controller == other.index)
               for other in board.players if other.index != player and not other.removed)


def _moves(source: Card, modifier, card: Card, area, mover: int | None, text: int | None = None,
           board: Board | None = None) -> bool:
    """Whether a "can't" of moving names ``mover`` moving ``card`` to
    ``area`` (``mover`` not known: any player), by the text of a card
    ``text`` controls (``None``: by the Move action)."""
    action = modifier.value("action")
    if isinstance(action, tuple):
        return "be-moved" in action
    if action not in MOVING:
        return False
    by = "opponents" if action == "be-moved-by-opponents" else modifier.value("by")
    most = _most_of(by)
    if most is not None:
        who = mover if mover is not None else text
        if who is not None and (board is None or not has_the_most(board, source, most, who)):
            return False
    elif getattr(by, "noun", None) == "card":
        if text is None or not _reaches_player(source, by.controller, text):
            return False
    elif by is not None and mover is not None and not _reaches_player(source, by, mover):
        return False
    here = source.area
    if action == "be-moved-away" or modifier.value("from") is not None:
        return card.area == here
    if action == "be-moved-to-or-from":
        return area == here or card.area == here
    if modifier.value("to") is not None:
        return area == here
    return True


def forbidding_move(board: Board, card: Card, area, mover: int | None = None, text: int | None = None):
    """The card whose "can't" forbids ``mover`` to move ``card`` to
    ``area`` now (by the text of a card ``text`` controls, or the Move
    action), paying or not ("Your opponents can't move this card",
    "Opponents can't move characters away from here"), and its ability;
    ``None``."""
    return applying(board, "cant", card, lambda source, modifier: (
        modifier.value("unless-paid") is None and _moves(source, modifier, card, area, mover, text, board)),
        itself=True)


def lifting_move(board: Board, card: Card, area, mover: int) -> list:
    """The ``(card, ability, amount)`` of each "can't" ``mover`` lifts by
    paying its amount to move ``card`` to ``area`` ("Opponents can't move
    characters unless they pay [1]")."""
    if not reaching(board, "cant") and not own(card, "cant"):
        return []
    return [(source, acts, acts.modifier.value("unless-paid").value) for source, acts in all_applying(
        board, "cant", card, lambda source, modifier: (
            modifier.value("unless-paid") is not None and _moves(source, modifier, card, area, mover, board=board)),
        itself=True)]


@check("104.2", "a \"can't\" of card text takes precedence: a card it forbids a player to move is not moved by them")
def cant_move(board: Board, card: Card, area, mover: int | None = None, text: int | None = None):
    found = forbidding_move(board, card, area, mover, text)
    if found is not None:
        source, ability = found
        who = f" by {board.name(mover)}" if mover is not None else ""
        who += " by card text" if text is not None else ""
        return (f"{source}'s ability says {card} can't be moved{who} to {board.area_name(area)} "
                f"({ability.text or 'its text'})")


@check("104.2", "a \"can't\" of card text lifted by paying a cost holds for a player without the means to pay it")
def cant_unless_paid(board: Board, player: int, what: str, lifting: list, base: int = 0):
    """``lifting``: the ``(card, ability, amount)`` of the can'ts ``player``
    must pay to ``what``; ``base``: what they pay besides (the Move
    action's cost)."""
    owed = sum(amount for _source, _ability, amount in lifting)
    tokens = board.players[player].tokens
    if lifting and tokens < base + owed:
        said = "; ".join(f"{source}'s ability ({ability.text or 'its text'})" for source, ability, _ in lifting)
        besides = f" besides {base}" if base else ""
        return (f"{board.name(player)} can't {what} unless they pay {owed} action token{'s' * (owed != 1)}{besides} "
                f"({said}), and has {tokens}")


@step("508.1", "{player} pays {amount} action token{s} for {source}'s ability, and so may {what} ({text}); {left} left")
def pay_to_lift(board: Board, player: int, source: Card, ability, amount: int, what: str):
    board.players[player].tokens -= amount
    return {"player": board.name(player), "amount": amount, "s": "s" * (amount != 1), "source": source.label,
            "what": what, "text": ability.text or "its text", "left": board.players[player].tokens}


def forbidding_challenge(board: Board, player: int, troublemaker: Card):
    """The card whose "can't challenge" forbids ``player`` to challenge
    ``troublemaker`` now, not lifted by paying ("Players can't challenge
    this Troublemaker unless they have at least 3 Friends at its Problem":
    unless its condition holds for them), and its ability; ``None``."""
    def wanted(source, modifier):
        if (modifier.value("action") != "be-challenged" or modifier.value("unless-paid") is not None
                or not _reaches_player(source, modifier.value("by"), player)):
            return False
        unless = modifier.value("unless")
        if unless is None:
            return True
        from rulebase.engine.ccg.abilities import conditions, resolve

        context = resolve.Context(board=board, card=source, controller=player, area=troublemaker.area)
        return not conditions.holds(board, context, _theirs(unless))

    return applying(board, "cant", troublemaker, wanted, itself=True)


@check("104.2", "a \"can't\" of card text takes precedence: a Troublemaker it forbids a player to challenge can't be "
                "challenged by them")
def cant_challenge(board: Board, player: int, troublemaker: Card):
    found = forbidding_challenge(board, player, troublemaker)
    if found is not None:
        source, ability = found
        return f"{source}'s ability says {board.name(player)} can't challenge {troublemaker} ({ability.text or 'its text'})"


def lifting_challenge(board: Board, player: int, troublemaker: Card) -> list:
    """The ``(card, ability, amount)`` of each "can't challenge ... unless
    they pay" ``player`` lifts by paying to challenge ``troublemaker``."""
    if not reaching(board, "cant") and not own(troublemaker, "cant"):
        return []
    return [(source, acts, acts.modifier.value("unless-paid").value) for source, acts in all_applying(
        board, "cant", troublemaker, lambda source, modifier: (
            modifier.value("action") == "be-challenged" and modifier.value("unless-paid") is not None
            and _reaches_player(source, modifier.value("by"), player)), itself=True)]


UNCOVERED_HERE = "be-uncovered-at-here"
"""The action of "Troublemakers can't be uncovered here"."""


def _cant_uncover_missing(modifier) -> str | None:
    """``None`` if the engine checks "Troublemakers can't be uncovered
    here": of the Troublemakers it names at its card's area."""
    subject = modifier.subject
    if subject is None or subject.noun != "Troublemaker":
        return f"a can't 'be-uncovered-at-here' of {getattr(subject, 'noun', None)!r}"
    from rulebase.engine.ccg.abilities import targets

    return targets.executable(subject)


def forbidding_uncover(board: Board, card: Card):
    """The card whose "can't be uncovered here" forbids the face-down
    Troublemaker ``card`` to be uncovered at its area now, and its
    ability; ``None``."""
    if card.area is None:
        return None
    return applying(board, "cant", card, lambda source, modifier: (
        modifier.value("action") == UNCOVERED_HERE and source is not card), card.area)


@check("104.2", "a \"can't\" of card text takes precedence: a Troublemaker it forbids to be uncovered at an area stays "
                "face-down there")
def cant_uncover(board: Board, card: Card):
    found = forbidding_uncover(board, card)
    if found is not None:
        source, ability = found
        return f"{source}'s ability says {card} can't be uncovered at {board.area_name(card.area)} " \
               f"({ability.text or 'its text'})"


@check("104.2", "a \"can't\" of card text takes precedence: a character it forbids to contribute its power to "
                "confronting a Problem adds none to what its player contributes")
def cant_contribute_to_confront(board: Board, card: Card, problem: Card):
    found = forbidding_confront_contribution(board, card, problem)
    if found is not None:
        source, ability = found
        return (f"{source}'s ability says {card} can't contribute its power to confronting {problem} "
                f"({ability.text or 'its text'})")


# -- the home limit (212.1, 616.3) -----------------------------------------------------------


@step("702.1", "{source}'s ability: {player}'s home limit is changed by {amount:+d} ({text})")
def text_home_limit(board: Board, source: Card, ability: Ability, player: int, found: list):
    amount = _amount(board, source, _of_the_player_reached(ability.modifier), their=player)
    if amount:
        found.append(amount)
        return {"source": source.label, "player": board.name(player), "amount": amount,
                "text": ability.text or "its text"}


_REACHED: dict = {}


def _of_the_player_reached(modifier):
    """A modifier of a player's number counting "for each character that
    player controls here", "that player" being the player it reaches: read
    as "their" (made once)."""
    per = modifier.amount.per if modifier.amount is not None else None
    if per is None or per.controller != "that-player":
        return modifier
    kept = _REACHED.get(id(modifier))
    if kept is None or kept[0] is not modifier:
        from dataclasses import replace

        kept = _REACHED[id(modifier)] = (modifier, replace(modifier, amount=replace(
            modifier.amount, per=replace(per, controller="their"))))
    return kept[1]


def home_limit_change(board: Board, player: int) -> int:
    """How much continuous abilities change ``player``'s home limit now
    ("Your opponent's home limit is decreased by 1"), each recorded."""
    found: list = []
    for source, pairs in outward(board, "home-limit"):
        for ability, acts in pairs:
            if _reaches_player(source, acts.modifier.subject, player) and _holds(board, source, acts):
                text_home_limit(board, source, acts, player, found)
    return sum(found)


@step("702.1", "{source}'s ability: {player}'s maximum hand size is changed by {amount:+d} ({text})")
def text_hand_size(board: Board, source: Card, ability: Ability, player: int, found: list):
    amount = _amount(board, source, ability.modifier, their=player)
    if amount:
        found.append(amount)
        return {"source": source.label, "player": board.name(player), "amount": amount,
                "text": ability.text or "its text"}


def hand_size_change(board: Board, player: int) -> int:
    """How much continuous abilities change ``player``'s maximum hand size
    now ("your maximum hand size is increased by 2", "Each opponent's
    maximum hand size is reduced by the number of Resources they
    control": their own, 513.5), each recorded."""
    found: list = []
    for source, pairs in outward(board, "hand-size"):
        for ability, acts in pairs:
            if _reaches_player(source, acts.modifier.subject, player) and _holds(board, source, acts):
                text_hand_size(board, source, acts, player, found)
    return sum(found)


@step("702.1", "{source}'s ability: {card} does not count against {player}'s home limit ({text})")
def text_not_counted(board: Board, source: Card, ability: Ability, card: Card):
    return {"source": source.label, "card": card.label, "player": board.name(card.controller),
            "text": ability.text or "its text"}


def not_counted(board: Board, card: Card) -> bool:
    """Whether continuous abilities say ``card`` does not count against its
    player's home limit ("This card does not count against your home
    limit", "Critter Friends don't count towards your home limit")."""
    for ability, acts in own(card, "not-counted"):
        if _holds(board, card, acts) and text_not_counted(board, card, acts, card) is not None:
            return True
    for source, pairs in outward(board, "not-counted"):
        for ability, acts in pairs:
            if (fits(board, source, acts.modifier.subject, card) and _holds(board, source, acts)
                    and text_not_counted(board, source, acts, card) is not None):
                return True
    return False


# -- what a card's own text requires to play it ---------------------------------------------


@check("104.1", "card text that requires something to play its card takes precedence over the rules of playing "
                "cards: the card can't be played without it")
def required_to_play(board: Board, player: int, card: Card):
    """"You must control Fluttershy to play this card": the text of the
    card being played (from its hand, before it is in play), read with
    ``player`` as its controller."""
    found = index(card.printed).own.get("requires")
    if not found:
        return None
    from rulebase.engine.ccg.abilities import conditions, resolve

    context = resolve.Context(card=card, controller=player)
    for ability, acts in found:
        if not conditions.holds(board, context, acts.modifier.value("condition")):
            return f"{card}'s text says: {ability.text or acts.modifier.part.text}"
    return None
