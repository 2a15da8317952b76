"""The conditions of card text ("if", "while", "as long as"): the table of
the condition kinds of the model
(:data:`rulebase.engine.ccg.abilities.model.CONDITIONS`) the engine can
judge.

:func:`holds` answers a :class:`~rulebase.engine.ccg.abilities.model.Condition`
in the context of an ability (its card, its controller, what earlier parts
named; see :mod:`.resolve`); :func:`executable` names the first kind (or
word) of a condition the engine can't judge, so that a card using it is
reported as not executable.

>>> from rulebase.engine.ccg.abilities.model import Condition, Selector
>>> executable(Condition("did")), executable(Condition("guess"))
(None, "the condition kind 'guess'")
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from rulebase.engine.ccg import power as powers
from rulebase.engine.ccg.abilities import events, targets
from rulebase.engine.ccg.abilities.model import Amount, Condition, Selector
from rulebase.engine.ccg.board import Board, Card

WHOSE = (None, "your", "you", "opponent", "opponents", "each")
"""Whose phase a ``during`` condition names."""

COMPARE_COUNTS = {">": lambda a, b: a > b, "<": lambda a, b: a < b, ">=": lambda a, b: a >= b,
                  "<=": lambda a, b: a <= b, "==": lambda a, b: a == b}
"""How a count compares with another player's ("more ... than")."""

WON = "win-faceoff"
"""What "If you win the faceoff" asks of a faceoff an earlier part started."""

ICON = "icon"
"""The noun of "3 [Generosity] in play": power of a color (507.3)."""

MORE_THAN_ANY_OPPONENT = ">any-opponent"
"""The comparison of "more power at this Problem than any opponent"."""

PHASES = {"ready": "ready", "troublemaker": "troublemaker", "main": "main", "score": "score", "end": "end"}
"""The phases a ``during`` condition names (601.3); ``faceoff`` is a faceoff under way."""


def _cards(board: Board, context, selector) -> list:
    return targets.candidates(board, context, selector)


def _subject_cards(board: Board, context, condition: Condition) -> list:
    found = _cards(board, context, condition.subject)
    return [card for card in found if isinstance(card, Card)]


def _compare(text, default: str = ">="):
    return targets.comparison(text if text is not None else default)


def _at(board, context, condition):
    where = condition.value("where")
    cards = _subject_cards(board, context, condition)
    return bool(cards) and all(targets.at_place(board, context, card, where) for card in cards)


def _with(board, context, condition):
    others = _cards(board, context, condition.value("what"))
    return any(card.area is not None and any(other is not card and other.area == card.area for other in others)
               for card in _subject_cards(board, context, condition))


@lru_cache(maxsize=1024)
def _theirs(what: Selector) -> Selector:
    """The cards of ``what`` a player has: theirs unless it says whose.
    "You have a character with the highest power" compares it with every
    character, not only yours: the cards the highest power is among are
    those the text described, before they were made the player's."""
    if what.controller is not None:
        return what
    extreme = what.filter("power-extreme")
    if isinstance(extreme, tuple) and len(extreme) == 2 and extreme[1] is None:
        among = targets.extreme_among(what)
        what = replace(what, filters=tuple(("power-extreme", (extreme[0], among)) if name == "power-extreme"
                                           else (name, value) for name, value in what.filters))
    return replace(what, controller="you")


def _owned(board, context, condition) -> list:
    """The cards of ``what`` the subject players have (control): each
    read from that player's perspective, "theirs" unless it says whose."""
    what = _theirs(condition.value("what"))
    found = []
    for player in _cards(board, context, condition.subject) if condition.subject is not None else [context.controller]:
        if not isinstance(player, int):
            continue
        seen = targets.Perspective(context, player)
        found.extend(targets.candidates(board, seen, what))
    return found


def _has(board, context, condition):
    compare, n = _compare(condition.value("compare"), f">={condition.value('amount', 1)}")
    return compare(len(_owned(board, context, condition)), n)


def _none(board, context, condition):
    return not _cards(board, context, condition.subject)


def _involved(board, context, condition):
    faceoff = board.faceoff
    if faceoff is None:
        return False
    kind = condition.value("kind")
    if kind is not None and faceoff.kind_group != kind:
        return False
    cards = _subject_cards(board, context, condition)
    return bool(cards) and all(faceoff.involves(board, card) for card in cards)


def _during(board, context, condition):
    whose = condition.value("whose")
    if whose in ("your", "you") and board.turn.player != targets.perspective(context):
        return False
    if whose in ("opponent", "opponents") and board.turn.player == targets.perspective(context):
        return False
    phase = condition.value("phase")
    if phase == "faceoff":
        faceoff = board.faceoff
        kind = condition.value("kind")
        if faceoff is None or (kind is not None and faceoff.kind_group != kind):
            return False
        involving = condition.value("involving")
        if involving is not None and not all(_involves(board, context, faceoff, selector)
                                             for selector in _selectors(involving)):
            return False
        by = condition.value("by")
        if by is not None:
            from rulebase.engine.ccg.abilities.triggers import player_named

            if not player_named(by, targets.perspective(context), faceoff.starter):
                return False  # "while your opponent is challenging": who started the faceoff
        if condition.value("challenging") is not None and faceoff.troublemaker is None:
            return False  # "while ... is challenging a Troublemaker": a Troublemaker faceoff over one (514.1)
        where = condition.value("where")
        if where is not None:
            return any(targets.at_place(board, context, _Place(area), where) for area in faceoff.areas)
        return True
    return board.turn.phase == PHASES.get(phase, phase)


def _selectors(involving) -> tuple:
    """The selectors of "involving this card and at least 2 of your Critter Friends"."""
    return tuple(involving) if isinstance(involving, (tuple, list)) else (involving,)


def _involves(board, context, faceoff, selector) -> bool:
    """Whether the faceoff involves the cards ``selector`` names: this card,
    or at least as many of its cards as its count ("at least 2 of ...")."""
    cards = [card for card in _cards(board, context, replace(selector, filters=tuple(
        f for f in selector.filters if f[0] != AT_LEAST))) if isinstance(card, Card)]
    involved = [card for card in cards if faceoff.involves(board, card)]
    if selector.filter(AT_LEAST):
        return len(involved) >= (selector.count.value or 1)
    return bool(cards) and len(involved) == len(cards)


AT_LEAST = "at_least"
"""The filter of "at least N of ..." (a count that is a minimum)."""


class _Place:
    """An area standing where :func:`targets.at_place` expects a card."""

    __slots__ = ("area",)

    def __init__(self, area):
        self.area = area

    def __str__(self) -> str:
        return "the faceoff's area"


def _status(board, context, condition):
    test = targets.STATUSES[condition.value("status")]
    cards = _subject_cards(board, context, condition)
    return bool(cards) and all(test(card) for card in cards)


def _score(board, context, condition):
    compare, n = _compare(condition.value("compare"), f">={condition.value('amount', 0)}")
    players = _cards(board, context, condition.subject) if condition.subject is not None else [context.controller]
    return any(compare(board.players[p].score, n) for p in players if isinstance(p, int))


def _area_power(board: Board, context, player: int, where) -> int:
    """A player's power at the place ``where``: the combined power of the
    characters they control there (507.2)."""
    seen = targets.Perspective(context, player)
    cards = [card for card in board.play
             if card.controller == player and card.is_character and targets.at_place(board, seen, card, where)]
    return powers.power_of_player(board, player, cards, where=_where_words(board, context, where))


def _where_words(board: Board, context, where) -> str:
    """The words of the place ``where`` names, for the trace."""
    card = getattr(context, "card", None)
    if where in ("here", "this-problem") and card is not None and card.area is not None:
        return board.area_name(card.area)
    return str(where) if where else ""


def _power(board, context, condition):
    if condition.value("compare") == MORE_THAN_ANY_OPPONENT:
        where = condition.value("where")
        for player in _cards(board, context, condition.subject):
            if isinstance(player, int):
                mine = _area_power(board, context, player, where)
                if all(mine > _area_power(board, context, other, where) for other in board.opponents(player)):
                    return True
        return False
    compare, n = _compare(condition.value("compare"))
    cards = _subject_cards(board, context, condition)
    if _BEFORE:
        return bool(cards) and all(compare(powers.counted(powers.power_before(board, card, _BEFORE[-1])), n)
                                   for card in cards)
    return bool(cards) and all(compare(powers.counted(_power_now(board, card)), n) for card in cards)


def _power_than_any(board, context, condition):
    """"While that Friend has power higher than any other Friend here":
    each card of the subject has more power (by ``compare``) than each
    card ``than`` names other than itself; with no other card to compare
    with, it holds."""
    compare, _ = _compare(condition.value("compare") + "0")
    cards = _subject_cards(board, context, condition)
    others = [card for card in _cards(board, context, condition.value("than")) if isinstance(card, Card)]
    return bool(cards) and all(
        compare(powers.counted(_power_now(board, card)), powers.counted(_power_now(board, other)))
        for card in cards for other in others if other is not card)


def _parity(board, context, condition):
    """Whether the power of each of the subject's cards is even or odd
    (``parity``): a card without power is neither, and zero is even by
    :func:`~rulebase.engine.ccg.cards.is_even` (105.3)."""
    from rulebase.engine.ccg.cards import is_even

    cards = _subject_cards(board, context, condition)
    even = condition.value("parity") == "even"
    for card in cards:
        value = powers.printed_power_of(board, card) if condition.value("printed") else _power_now(board, card)
        if value is None or is_even(board, value) != even or (not even and value == 0):
            return False
    return bool(cards)


def _power_now(board: Board, card: Card) -> int | None:
    """A card's power now; one being worked out (a condition of a keyword
    given to it asking it) is not kept as the card's power
    (:func:`.power.power` keeps what it works out while the board is
    asked about)."""
    from rulebase.engine.ccg.abilities.continuous import _SHAPING

    if card.id in _SHAPING:
        return powers.power_parts(board, card, explain=False)[0]
    return powers.power(board, card)


_BEFORE: list = []
"""The timestamps a condition is being judged at (:func:`holds_before`)."""


def _names_their(value) -> bool:
    if isinstance(value, Selector):
        if value.controller in ("their", "their-opponent"):
            return True
        return _names_their(value.count) or any(_names_their(v) for _, v in value.filters)
    if isinstance(value, Amount):
        return _names_their(value.per)
    if isinstance(value, Condition):
        return (_names_their(value.subject) or any(_names_their(v) for _, v in value.values)
                or any(_names_their(part) for part in value.all_of + value.any_of))
    if isinstance(value, (tuple, list)):
        return any(_names_their(v) for v in value)
    return False


_THEIR: dict = {}


def names_their(condition: Condition | None) -> bool:
    """Whether ``condition`` names cards by "their" ("during faceoffs
    involving at least one of their characters"): of a modifier reaching a
    player, they are that player's, and the condition is read from that
    player's perspective (513.5), as the modifier's amount is; worked out
    once for each condition."""
    if condition is None:
        return False
    found = _THEIR.get(id(condition))
    if found is None or found[0] is not condition:
        found = _THEIR[id(condition)] = (condition, _names_their(condition))
    return found[1]


def holds_before(board: Board, context, condition: Condition | None, timestamp: tuple) -> bool:
    """Whether ``condition`` holds with each power it asks as the
    modifiers created before ``timestamp`` make it (711.3: a modifier
    applied in timestamp order sees the game so)."""
    _BEFORE.append(timestamp)
    try:
        return holds(board, context, condition)
    finally:
        _BEFORE.pop()


def _color(board, context, condition):
    """"While your Mane Character is [Loyalty]": each card the subject
    names is of the color, its own (203.1) or one a modifier gives it now
    (203.2)."""
    from rulebase.engine.ccg.abilities.continuous import given_colors

    colors = targets.colors_of(condition.value("color"))
    cards = _subject_cards(board, context, condition)
    return bool(cards) and all(any(color in card.colors for color in colors)
                               or any(color in given_colors(board, card) for color in colors) for card in cards)


def _attached(board, context, condition):
    cards = _subject_cards(board, context, condition)
    return any(card.host is not None or board.attachments(card) for card in cards)


def _did(board, context, condition):
    what = condition.value("what")
    if what == WON and condition.value("during") is not None:
        return _won_this_turn(board, context, condition)
    if what == WON:
        return bool(getattr(context, "won", False))
    if what == REVEALED:
        return bool(_revealed(board, context, condition.value("found")))
    if what == CONFRONTED:
        return _confronted(board, context, condition)
    return bool(getattr(context, "done", True))


REVEALED = "reveal"
"""What "If you reveal a Friend this way" asks: one of the cards an
earlier instruction of the effect revealed is of the description."""

CONFRONTED = "confronts"
"""What "if no Problems were confronted this turn" asks of the game's
record of the Problems confronted (611.4)."""


def _won_this_turn(board, context, condition) -> bool:
    """"If you won a Problem faceoff by at least 5 power this turn": a
    faceoff of this turn (of the ``kind``, problem or troublemaker) the
    player won, with a power total higher than each other player's by the
    ``margin``, by the game's record of faceoffs (514.5)."""
    from rulebase.engine.ccg.faceoffs import TROUBLEMAKER

    me = targets.perspective(context)
    kind = condition.value("kind")
    margin = condition.value("margin")
    compare, n = _compare(margin) if margin is not None else (None, 0)
    for result in board.faceoffs:
        if result.turn != board.turn.number or result.winner != me:
            continue
        if kind is not None and ("troublemaker" if result.kind == TROUBLEMAKER else "problem") != kind:
            continue
        if compare is not None:
            others = [total for player, total in result.totals.items() if player != me]
            if not compare(result.totals.get(me, 0) - max(others, default=0), n):
                continue
        return True
    return False


def _revealed(board, context, found) -> list:
    """The cards an earlier instruction of the effect revealed that
    ``found`` describes ("a Friend", "an Event"): its type and filters,
    wherever the revealed card is now."""
    revealed = targets.done_this_way(context, "reveal")
    if found is None:
        return revealed
    rule = targets.compiled(found)
    return [card for card in revealed if isinstance(card, Card) and targets.of_type(card, rule.type)
            and all(test(board, context, card) for test in rule.tests)]


def _confronted(board, context, condition) -> bool:
    """"If no Problems were confronted this turn", "if this card's Problem
    was not confronted": a Problem the selector ``of`` names was confronted
    by any player (this turn, with ``during`` turn), by the game's record
    of confrontations (611.4)."""
    problems = {id(card) for card in _cards(board, context, condition.value("of")) if isinstance(card, Card)}
    during = condition.value("during")
    return any(id(record.problem) in problems for record in board.confrontations
               if during is None or record.turn == board.turn.number)


def _turn(board, context, condition):
    whose = condition.value("whose", "your")
    me = targets.perspective(context)
    return (board.turn.player == me) == (whose in ("your", "you"))


def _count(board, context, condition):
    than = condition.value("than")
    if than is not None:
        return _more_than(board, context, condition, than)
    compare, n = _compare(condition.value("compare"), f">={condition.value('amount', 1)}")
    what = condition.value("what")
    if what is None:
        return compare(len(_cards(board, context, condition.subject)), n)
    if what.noun == ICON:
        colors = targets.colors_of(what.filter("color"))
        players = _cards(board, context, condition.subject) if condition.subject is not None else [context.controller]
        return any(compare(sum(powers.power_of_color(board, player, color) for color in colors), n)
                   for player in players if isinstance(player, int))
    return compare(len(_owned(board, context, condition)), n)


def _more_than(board, context, condition, than) -> bool:
    """"You have more Friends than an opponent", "While an opponent has
    more Friends than you": the subject's cards each player of ``who``
    has, compared with those of a player of ``than``; both players are
    named from the perspective of the ability's controller (513.5), so
    "you" is that player whoever ``who`` is."""
    symbol = condition.value("compare")
    compare = COMPARE_COUNTS[symbol]
    what = _theirs(condition.subject)
    who = _cards(board, context, condition.value("who")) if condition.value("who") is not None else [context.controller]

    def count(player):
        return len(targets.candidates(board, targets.Perspective(context, player), what))

    return any(compare(count(one), count(other)) for one in who if isinstance(one, int)
               for other in _cards(board, context, than) if isinstance(other, int) and other != one)


FIRST_EACH_TURN = {"played": ("area",), "moved": ("player", "to"), "frightened": ()}
"""The events "for the first time each turn" asks of, each with what an
earlier one must share to be the same: a card played at the same area
("The first time a player plays a Friend here each turn"), a card of the
same player moved to the same area ("When you move a character to this
Problem for the first time each turn"), any card of the description
frightened ("The first time each turn one or more Friends become
frightened")."""

_HAPPENED = "_happened_this_game"


def _record(board, happened) -> None:
    """Keep each event :data:`FIRST_EACH_TURN` asks of, with its turn."""
    if happened.event in FIRST_EACH_TURN:
        board.__dict__.setdefault(_HAPPENED, []).append((board.turn.number, happened))


events.LISTENERS.append(_record)


def _first_each_turn(board, context, condition) -> bool:
    """Whether the event the ability answers is the first of its kind this
    turn: no earlier event of the turn sharing what :data:`FIRST_EACH_TURN`
    says happened to a card the subject describes."""
    action, event = condition.value("action"), getattr(context, "event", None)
    if event is None or getattr(event, "event", None) != action:
        return False
    rule = targets.compiled(condition.subject)
    for turn, other in getattr(board, _HAPPENED, ()):
        if other is event:
            break
        if turn != board.turn.number or other.event != action:
            continue
        if any(other.get(key) != event.get(key) for key in FIRST_EACH_TURN[action]):
            continue
        card = other.get("card")
        if targets.of_type(card, rule.type) and all(test(board, context, card) for test in rule.tests):
            return False
    return True


def _first(board, context, condition):
    """"The first player to confront this Problem": the confrontation the
    event is is the first the game recorded of that Problem (611.1); "for
    the first time each turn": see :func:`_first_each_turn`."""
    if condition.value("action") in FIRST_EACH_TURN:
        return _first_each_turn(board, context, condition)
    if condition.value("action") != "confront":
        return False
    event = getattr(context, "event", None)
    for problem in _subject_cards(board, context, condition):
        mine = [c for c in board.confrontations if c.problem is problem]
        if len(mine) == 1 and (event is None or event.get("player") in (None, mine[0].player)):
            return True
    return False


def _all(board, context, condition):
    return all(holds(board, context, part) for part in condition.all_of)


def _any(board, context, condition):
    return any(holds(board, context, part) for part in condition.any_of)


def _points_than(board, context, condition):
    """"If an opponent has more points than you", "if you have fewer points
    than an opponent": the score of a player of the subject compared with
    that of another player ``than`` names, both named from the perspective
    of the ability's controller (513.5)."""
    compare = COMPARE_COUNTS[condition.value("compare")]
    who = _cards(board, context, condition.subject)
    others = _cards(board, context, condition.value("than"))
    return any(compare(board.players[one].score, board.players[other].score) for one in who if isinstance(one, int)
               for other in others if isinstance(other, int) and other != one)


def _exists(board, context, condition):
    """"While there is a facedown Troublemaker here", "if there is another
    character with higher power than this card": the subject names at
    least one card."""
    return any(isinstance(card, Card) for card in _cards(board, context, condition.subject))


def _is(board, context, condition):
    """"If it's a Friend": each card the subject names (the card revealed)
    is of the card type."""
    kind = condition.value("type")
    cards = _subject_cards(board, context, condition)
    return bool(cards) and all(card.type.value == kind for card in cards)


KINDS = {
    "is": _is, "at": _at, "with": _with, "has": _has, "none": _none, "involved": _involved, "during": _during,
    "status": _status, "score": _score, "power": _power, "attached": _attached, "did": _did, "turn": _turn,
    "count": _count, "all": _all, "any": _any, "first": _first, "parity": _parity, "color": _color,
    "power-than-any": _power_than_any, "exists": _exists, "points-than": _points_than,
}
"""The condition table: each kind the engine judges, with its judge."""


def holds(board: Board, context, condition: Condition | None) -> bool:
    """Whether ``condition`` holds now in ``context``; ``None`` always holds."""
    if condition is None:
        return True
    if condition.kind == "all" or (condition.all_of and condition.kind not in KINDS):
        result = all(holds(board, context, part) for part in condition.all_of)
    else:
        result = KINDS[condition.kind](board, context, condition)
    if condition.any_of:
        result = result or any(holds(board, context, part) for part in condition.any_of)
    return not result if condition.negated else result


DONE = (WON, REVEALED, CONFRONTED)
"""What a ``did`` condition can ask besides whether the previous
instruction was done."""


def _done_executable(condition: Condition) -> str | None:
    """What a ``did`` condition of :data:`DONE` asks that the engine can't
    judge (``None``: nothing)."""
    what = condition.value("what")
    keys = {key for key, _ in condition.values} - {"what"}
    allowed = {REVEALED: {"found"}, CONFRONTED: {"of", "during"}, WON: {"during", "kind", "margin"}}.get(what, set())
    if keys - allowed:
        return f"the condition 'did' {what!r} with {sorted(keys - allowed)[0]!r}"
    if what == REVEALED:
        found = condition.value("found")
        if found is not None and (not isinstance(found, Selector) or found.noun not in targets.TYPES
                                  or found.zone is not None or found.where is not None or found.controller is not None):
            return f"the cards revealed described as {getattr(found, 'part', found)!r}"
        return targets.executable(found)
    if what == WON and (condition.value("during") not in (None, "turn")
                        or condition.value("kind") not in (None, "problem", "troublemaker")
                        or ((condition.value("kind") is not None or condition.value("margin") is not None)
                            and condition.value("during") is None)):
        return f"winning a faceoff described by {dict(condition.values)!r}"
    if what == WON and condition.value("margin") is not None:
        try:
            targets.comparison(condition.value("margin"))
        except ValueError:
            return f"the margin {condition.value('margin')!r} of a faceoff won"
    if what == CONFRONTED:
        of = condition.value("of")
        if not isinstance(of, Selector) or of.noun != "Problem" or condition.value("during") not in (None, "turn"):
            return f"the Problems confronted described as {of!r} during {condition.value('during')!r}"
        return targets.executable(of)
    return None


def executable(condition: Condition | None) -> str | None:
    """``None`` if the engine can judge ``condition``, else the first kind,
    selector word or value it can't."""
    if condition is None:
        return None
    if condition.kind not in KINDS:
        return f"the condition kind {condition.kind!r}"
    for part in condition.all_of + condition.any_of:
        missing = executable(part)
        if missing is not None:
            return missing
    missing = targets.executable(condition.subject)
    if missing is not None:
        return missing
    if condition.kind == "points-than":
        than = condition.value("than")
        if not (targets.names_players(condition.subject) and targets.names_players(than)):
            return "a score compared by more than players"
        if {key for key, _ in condition.values} != {"compare", "than"} or condition.value("compare") not in ("<", ">"):
            return f"the comparison of points {dict(condition.values)!r}"
        return targets.executable(than)
    if condition.kind == "is":
        from rulebase.engine.ccg.cards import CardType

        if dict(condition.values).keys() != {"type"} or condition.value("type") not in {t.value for t in CardType}:
            return f"the condition 'is' of {dict(condition.values)!r}"
    what = condition.value("what")
    if condition.kind == "did" and what in DONE:
        missing = _done_executable(condition)
        if missing is not None:
            return missing
        what = None
    if what is not None:
        if not hasattr(what, "noun"):
            return f"the condition's {what!r}"
        if what.noun == ICON:
            if condition.kind != "count" or not what.filter("color"):
                return f"the noun {ICON!r} of {condition.kind!r}"
            what = None
    if what is not None:
        missing = targets.executable(what)
        if missing is not None:
            return missing
    compare = condition.value("compare")
    if condition.kind == "power-than-any":
        if compare not in (">", ">=", "<", "<="):
            return f"the comparison {compare!r} of powers"
        than = condition.value("than")
        if not hasattr(than, "noun"):
            return f"the condition's {than!r}"
        return targets.executable(than)
    if condition.value("than") is not None:
        if condition.kind != "count" or compare not in COMPARE_COUNTS:
            return f"the comparison {compare!r} with another player's"
        for key in ("than", "who"):
            missing = targets.executable(condition.value(key))
            if missing is not None:
                return missing
        compare = None
    if compare == MORE_THAN_ANY_OPPONENT:
        compare = None
        if condition.kind != "power":
            return f"the comparison {MORE_THAN_ANY_OPPONENT!r} of {condition.kind!r}"
    if compare is not None:
        try:
            targets.comparison(compare)
        except ValueError:
            return f"the comparison {compare!r}"
    if condition.kind == "status" and condition.value("status") not in targets.STATUSES:
        return f"the status {condition.value('status')!r}"
    if condition.kind in ("at", "power"):
        missing = targets.place_executable(condition.value("where"))
        if missing is not None:
            return missing
    if condition.kind == "during":
        phase = condition.value("phase")
        if phase != "faceoff" and phase not in PHASES:
            return f"the phase {phase!r}"
        if condition.value("whose") not in WHOSE:
            return f"the phase of {condition.value('whose')!r}"
        if phase == "faceoff":
            missing = targets.place_executable(condition.value("where"))
            if missing is not None:
                return missing
            involving = condition.value("involving")
            for selector in _selectors(involving) if involving is not None else ():
                if not hasattr(selector, "noun"):
                    return f"the faceoff's involving {selector!r}"
                missing = targets.executable(replace(selector, filters=tuple(
                    f for f in selector.filters if f[0] != AT_LEAST)))
                if missing is not None:
                    return missing
        if getattr(condition.value("by"), "noun", condition.value("by")) not in (None, "you", "your", "opponent",
                                                                                 "opponents"):
            return f"a faceoff started by {condition.value('by')!r}"
        extra = {key for key, _ in condition.values} - {"phase", "kind", "whose", "where", "involving"} - (
            {"by", "challenging"} if phase == "faceoff" else set())
        if extra:
            return f"the faceoff's {sorted(extra)[0]!r}"
    if condition.kind == "color":
        from rulebase.engine.errors import SetupError

        try:
            targets.colors_of(condition.value("color"))
        except SetupError:
            return f"the color {condition.value('color')!r}"
    if condition.kind == "first" and condition.value("action") in FIRST_EACH_TURN:
        if dict(condition.values) != {"action": condition.value("action"), "each": "turn"} or not isinstance(
                condition.subject, Selector) or condition.subject.noun not in targets.TYPES:
            return f"the first time each turn of {dict(condition.values)!r}"
    elif condition.kind == "first" and condition.value("action") != "confront":
        return f"the first player to {condition.value('action')!r}"
    if condition.kind == "involved":
        extra = {key for key, _ in condition.values} - {"kind"}
        if extra:
            return f"the faceoff's {sorted(extra)[0]!r}"
    return None
