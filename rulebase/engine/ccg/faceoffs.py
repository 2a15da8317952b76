"""Faceoffs (514) and flipping (515): who and what is involved, flips,
ignored flips, ties, winners and losers, what each kind of faceoff does, and
the end of a faceoff; it announces a faceoff starting, won and lost, for
the abilities that wait for them (Prepared, Studious, Diligent and card
text, :mod:`~rulebase.engine.ccg.abilities.triggers`).

What a faceoff makes happen (flips, the winner, its points, a character
sent home, the flipped cards put back) is done by step units, and what
keeps a card or player out of it by check units (see
:mod:`rulebase.engine.ccg.rules`); who is involved and how the totals are
found is noted in the trace."""

from __future__ import annotations

from dataclasses import dataclass, field

from rulebase.engine.ccg import moving, points, zones
from rulebase.engine.ccg.abilities import continuous
from rulebase.engine.ccg.abilities.events import emit
from rulebase.engine.ccg.actions import Action
from rulebase.engine.ccg.board import Area, Board, Card, Zone
from rulebase.engine.ccg.confront import contributes, negative_counts_as_zero
from rulebase.engine.ccg.power import counted, power_parts
from rulebase.engine.ccg.rules import Allowed, check, step
from rulebase.engine.errors import EngineError
from rulebase.engine.rulebook import legal
from rulebase.engine.trace import ALLOWED

TROUBLEMAKER = "Troublemaker"
PROBLEM = "Problem"
MULTI_PROBLEM = "Multi Problem"


class Faceoff:
    """A faceoff under way: its kind, the Problems the rule that started it
    names, the areas it occurs at (514.2e), the player who started it, the
    Troublemaker challenged, and the flips.  Which cards are involved is
    said by the descriptions its start gave (514.2a-514.2c), checked
    continuously (514.2d)."""

    def __init__(self, board: Board, kind: str, areas: tuple[Area, ...], starter: int,
                 troublemaker: Card | None = None, named: tuple[Card, ...] | None = None,
                 descriptions: dict | None = None, kinds: tuple = ()):
        self.kind = kind
        self.specified = areas
        self.areas: tuple[Area, ...] = ()
        self.named = None if named is None else {card.id for card in named}
        self.descriptions = dict(descriptions or {})
        self.kinds = tuple(kinds)
        """The descriptions of kinds of cards an effect says are involved,
        all cards of each ("your characters at a Problem"), each a test of a
        card: a card involved while it fits one (514.2c, 514.2d)."""
        self.by_effect: set[int] = set()
        self.by_description = False
        self.flagged = False
        self.by_rule = False
        self.starter = starter
        self.players = [starter] + board.opponents(starter)
        self.troublemaker = troublemaker
        self.troublemaker_incarnation = troublemaker.incarnation if troublemaker is not None else None
        self.troublemaker_problem = (troublemaker.area,) if troublemaker is not None and kind == TROUBLEMAKER else ()
        self.flipped: dict[int, list[Card]] = {player: [] for player in self.players}
        self.studious: set[int] = set()
        self.winner: int | None = None
        self.totals: dict[int, int] = {}
        self.initial: set[int] = set()
        self.recorded: set[int] = set()
        self.ended = False

    @property
    def kind_group(self) -> str:
        """``troublemaker`` or ``problem`` (a Multi Problem faceoff is a
        Problem faceoff, 612.1)."""
        return "troublemaker" if self.kind == TROUBLEMAKER else "problem"

    def fits(self, board: Board, card: Card) -> bool:
        """Whether a card fits now the description of the cards involved that
        started the faceoff: the cards an effect names (514.2c: flagged
        where the faceoff occurs at no Problem, 514.2d.i, else as the
        effect describes each), the Troublemaker and the challenger's
        characters at its Problem (514.2a) or the characters at the Problems
        (514.2b)."""
        return self.described(board, card) and not self.kept_out(board, card)

    def described(self, board: Board, card: Card) -> bool:
        """Whether a card fits the description, can'ts of card text aside."""
        if card.zone != Zone.PLAY:
            return False
        if card.id in self.by_effect:
            describes = self.descriptions.get(card.id)
            return self.flagged or describes is None or describes(card)
        if self.by_description:  # flagged where the faceoff occurs at no Problem (514.2d.i)
            return any(fits(card) for fits in self.kinds) or (self.flagged and card.id in self.initial)
        if not self.by_rule or card.area not in (self.areas or self.troublemaker_problem):
            return False
        if self.kind == TROUBLEMAKER:
            if card is self.troublemaker:
                return card.incarnation == self.troublemaker_incarnation and not card.face_down
            return card.is_character and card.controller == self.starter
        return card.is_character

    def kept_out(self, board: Board, card: Card) -> bool:
        """Whether a "can't" of card text keeps ``card`` out of faceoffs
        ("Mane Characters can't be involved in faceoffs", 104.2); asking
        records nothing."""
        if not continuous.reaching(board, "cant") and not continuous.own(card, "cant"):
            return False
        return continuous.cant_be_involved.verdict(board, card, self) is not None

    def start(self, board: Board) -> None:
        """The cards involved as the faceoff begins; a card a "can't" keeps
        out is recorded as kept out (104.2)."""
        self.initial = set()
        for card in board.play:
            if self.described(board, card):
                if continuous.cant_be_involved.allows(board, card, self):
                    self.initial.add(card.id)

    def involves(self, board: Board, card: Card) -> bool:
        """Whether a card is involved now: involvement is checked
        continuously (514.2d); without that rule, the cards involved are
        those of the start of the faceoff.  Asking records nothing."""
        now, was = self.fits(board, card), card.id in self.initial
        if now == was:
            return now
        if was:
            return card.zone == Zone.PLAY and ceases_to_be_involved.verdict(board, self, card) is None
        return isinstance(becomes_involved.verdict(board, self, card), Allowed)

    def involved(self, board: Board) -> list[Card]:
        return [card for card in board.play if self.involves(board, card)]

    def record_changes(self, board: Board) -> None:
        """Record each card that has ceased to be or become involved since
        the faceoff began (514.2d), once."""
        for card in board.play:
            if card.id in self.recorded or self.fits(board, card) == (card.id in self.initial):
                continue
            self.recorded.add(card.id)
            if card.id in self.initial:
                ceases_to_be_involved.allows(board, self, card)
            else:
                verdict = becomes_involved.verdict(board, self, card)
                if isinstance(verdict, Allowed):
                    board.trace.record(becomes_involved.number, ALLOWED, verdict.reason)


@check("514.2d", "which cards are involved in a faceoff is checked continuously: a card that ceases to fit the "
                 "description ceases to be involved")
def ceases_to_be_involved(board: Board, current: "Faceoff", card: Card):
    where = board.area_name(card.area) if card.zone == Zone.PLAY and card.area is not None else "out of play"
    return f"{card} no longer fits the description of the faceoff's cards ({where} now): it ceases to be involved"


@check("514.2d", "which cards are involved in a faceoff is checked continuously: a card that begins to fit the "
                 "description becomes involved")
def becomes_involved(board: Board, current: "Faceoff", card: Card):
    return Allowed(f"{card} now fits the description of the faceoff's cards: it becomes involved")


@dataclass
class FaceoffResult:
    """What a faceoff came to, kept for the record and for scenarios."""

    kind: str
    areas: tuple
    starter: int
    totals: dict
    winner: int | None
    involved: dict = field(default_factory=dict)
    flips: dict = field(default_factory=dict)
    rounds: int = 1
    turn: int = 0
    cards: frozenset = frozenset()
    """The cards involved as the faceoff was won and lost, each as (id,
    incarnation): "each opposing character involved in the faceoff" once
    it has ended."""


@step("515.1", "{player} flips {card} (power {power}) into the flip zone")
def flip_one(board: Board, player: int):
    deck = board.players[player].deck
    if not deck:
        return None
    card = deck[0]
    board.put(card, Zone.FLIP)
    if board.faceoff is not None and player in board.faceoff.flipped:
        board.faceoff.flipped[player].append(card)
    return {"player": board.name(player), "card": card.label, "power": card.printed.power or 0}


@step("515.3", "flip {n} of {count} is a separate occurrence: {card}")
def separate_flip(board: Board, player: int, card: Card, n: int, count: int):
    """Each of several cards flipped at once is flipped as a separate
    occurrence (515.3): what triggers on a flip triggers for each."""
    emit(board, "flips", card=card, player=player, faceoff=board.faceoff)
    return {"n": n, "count": count, "card": card.label}


def flip(board: Board, player: int, count: int = 1) -> list[Card]:
    """Flip cards: reveal the topmost unflipped card of the draw deck and put
    it into the flip zone (515.1, 515.2); none is flipped from an empty deck."""
    flipped = []
    for number in range(count):
        deck = board.players[player].deck
        if not deck:
            board.trace.note("515.1", "{player} has no unflipped cards remaining and does not flip a card",
                             player=board.name(player))
            break
        card = deck[0]
        if flip_one(board, player) is None:
            break
        flipped.append(card)
        if number == 0:
            board.trace.note("515.2", "flipped cards are in the flip zone, not part of the draw deck")
        if count == 1:
            emit(board, "flips", card=card, player=player, faceoff=board.faceoff)
        elif separate_flip(board, player, card, number + 1, count) is None and number == 0:
            # without 515.3, the cards flipped at once are one occurrence, of the first of them
            emit(board, "flips", card=card, player=player, faceoff=board.faceoff)
    return flipped


@check("514.4b", "an ignored flipped card is not added to its player's power total")
def ignored_not_added(board: Board, card: Card):
    if card.ignored:
        return f"{card} is ignored: it remains flipped but is not added to the total"


def check_lifted_challenge(board: Board, player: int, troublemaker: Card) -> None:
    """Whether the can'ts of card text let ``player`` challenge
    ``troublemaker`` ("Players can't challenge this Troublemaker unless they
    have at least 3 Friends at its Problem"), and whether they can pay what
    lifts those lifted by paying ("Opponents can't challenge your
    Troublemakers unless they pay [1]", 104.2)."""
    if not continuous.reaching(board, "cant") and not continuous.own(troublemaker, "cant"):
        return
    continuous.cant_challenge(board, player, troublemaker)
    lifting = continuous.lifting_challenge(board, player, troublemaker)
    if lifting:
        continuous.cant_unless_paid(board, player, f"challenge {troublemaker}", lifting)


def pay_to_challenge(board: Board, player: int, troublemaker: Card) -> None:
    """``player`` pays what lifts the can'ts of card text on challenging
    ``troublemaker``, as they challenge it (508.1)."""
    for source, ability, amount in continuous.lifting_challenge(board, player, troublemaker):
        continuous.pay_to_lift(board, player, source, ability, amount, f"challenge {troublemaker}")


@step("514.4a.i", "{player} challenges {card}, a Troublemaker they control: its power is added to {other}'s total "
                  "instead")
def added_to_the_opponent(board: Board, current: "Faceoff", card: Card):
    other = next(p for p in current.players if p != current.starter)
    return {"player": board.name(current.starter), "card": card.label, "other": board.name(other)}


def side(board: Board, current: "Faceoff", card: Card) -> int:
    """The player whose power total an involved card's power is added to:
    its controller's, or the opponent's for a Troublemaker its controller
    challenges (514.4a.i)."""
    if (card is current.troublemaker and card.controller == current.starter
            and added_to_the_opponent(board, current, card) is not None):
        return next(p for p in current.players if p != current.starter)
    return card.controller


@step("707.3", "a modifier names {card} in the flip zone: it affects it there ({amount:+d} power)")
def _flipped_card_modifiers(board: Board, card: Card, found: list):
    amount = sum(card.modifiers)
    if amount:
        found.append(amount)
        return {"card": card.label, "amount": amount}


def flipped_card_modified(board: Board, card: Card) -> int:
    """What the modifiers card text gave ``card``, a flipped card, add to
    its power ("That card gets +5 power this faceoff": Critter Cavalry):
    modifiers affect cards in other zones than play when they
    specifically name them (707.3)."""
    if not card.modifiers:
        return 0
    found: list = []
    _flipped_card_modifiers(board, card, found)
    return sum(found)


def contributions(board: Board, current: "Faceoff") -> dict:
    """The power each player's involved cards and flipped cards add to their
    total, card by card."""
    found: dict[int, list[int]] = {player: [] for player in current.players}
    trace = board.trace
    for card in current.involved(board):
        player = side(board, current, card)
        if player not in found:
            continue
        if card.is_character:
            if not contributes(board, card, True):
                continue
            if not continuous.cant_contribute_to_faceoffs.allows(board, card, current):
                continue
            if card.exhausted:
                trace.note("glossary/stubborn", "{card} is exhausted but Stubborn: while exhausted it contributes its power to faceoffs",
                           card=card.label)
        amount, parts = power_parts(board, card)
        for rule, words in parts:
            trace.note(rule, words)
        amount = amount or 0
        if amount < 0 and not negative_counts_as_zero.allows(board, card, amount):
            amount = 0
        found[player].append(amount)
    for player in current.players:
        for card in current.flipped[player]:
            if ignored_not_added.allows(board, card):
                found[player].append(counted(card.printed.power) + continuous.flipped_power(board, card)
                                     + flipped_card_modified(board, card))
        found[player].extend(continuous.player_power(board, player))
    return found


@step("514.4a", "{player}'s power total is {total}: the power of the involved cards they control and of the cards "
                "they flipped")
def power_total(board: Board, player: int, amounts: list):
    return {"player": board.name(player), "total": sum(amounts)}


@step("514.4", "as the priority window closes, players compare power totals: {totals}")
def compare_totals(board: Board, current: "Faceoff"):
    current.record_changes(board)
    found = contributions(board, current)
    totals = {}
    for player in current.players:
        values = power_total(board, player, found[player])
        totals[player] = values["total"] if values is not None else 0
    current.totals = totals
    return {"totals": ", ".join(f"{board.name(p)} {t}" for p, t in totals.items())}


@step("707.4", "the faceoff was started by a modifier: no new priority window opens; {player}, whose modifier started "
               "it, receives priority")
def modifier_starter_has_priority(board: Board, starter: int):
    return {"player": board.name(starter)}


@step("514.3a", "a modifier has {player} flip {n} cards at this time; it affects only this flip")
def extra_flips(board: Board, player: int):
    from rulebase.engine.ccg.abilities.continuous import additional_flips

    extra = board.players[player].extra_flips + additional_flips(board, player)
    if extra:
        return {"player": board.name(player), "n": 1 + extra}


@step("514.3", "as the priority window closes, each player simultaneously flips the topmost unflipped card of their "
               "draw deck: {cards}")
def first_flips(board: Board, current: Faceoff):
    flipped = []
    for player in current.players:
        extra = extra_flips(board, player)
        flipped += flip(board, player, extra["n"] if extra else 1)
    if flipped:
        return {"cards": ", ".join(card.label for card in flipped)}


@step("514.4c", "the power totals are the same ({total}): each player flips another card: {cards}")
def tie_flips(board: Board, current: Faceoff, tied: int):
    flipped = [card for player in current.players for card in flip(board, player)]
    if flipped:
        return {"total": tied, "cards": ", ".join(card.label for card in flipped)}


@step("514.5", "{winner} has the higher power total ({high} to {low}) and wins the faceoff; {losers} loses it; the "
               "faceoff is resolved")
def wins_the_faceoff(board: Board, current: Faceoff, totals: dict):
    winner = max(totals, key=totals.get)
    losers = [p for p in current.players if p != winner]
    current.winner = winner
    return {"winner": board.name(winner), "high": totals[winner], "low": max(totals[p] for p in losers),
            "losers": ", ".join(board.name(p) for p in losers)}


@step("514.2e", "the faceoff occurs at {where}, the Problem(s) {how} names")
def occurs_at(board: Board, current: "Faceoff"):
    if current.specified:
        current.areas = current.specified
        return {"where": " and ".join(board.area_name(a) for a in current.specified),
                "how": "the rule that started it" if current.named is None else "the effect that started it"}


@step("514.2c", "the faceoff is started by an effect: the cards it names are involved: {cards}")
def involved_by_the_effect(board: Board, current: "Faceoff"):
    if current.named:
        current.by_effect = set(current.named)
        return {"cards": ", ".join(board.cards[i].label for i in sorted(current.named))}


@step("514.2c", "the faceoff is started by an effect: every card of each kind it describes is involved: {cards}")
def involved_by_description(board: Board, current: "Faceoff"):
    if current.kinds:
        current.by_description = True
        return {"cards": ", ".join(card.label for card in board.play if current.described(board, card)) or "no card"}


@check("514.2d.i", "cards involved in a faceoff that does not occur at a Problem are flagged: they remain involved "
                   "for its duration, even if they cease to fit the description")
def flags_the_cards(board: Board, current: "Faceoff"):
    if current.named is not None and not current.areas:
        return Allowed("the faceoff does not occur at a Problem: the cards involved are flagged and remain involved for "
                       "its duration, even if they cease to fit the description")


@check("514.2a.i", "the involvement of cards in a Troublemaker faceoff started by an effect is governed by the effect "
                   "instead of 514.2a")
def governed_by_the_effect(board: Board, current: "Faceoff"):
    if current.named is not None:
        return "the faceoff was started by an effect: the effect, not 514.2a, says which cards are involved"


@step("514.2a", "{tm} and {player}'s characters at its Problem are involved: {cards}")
def troublemaker_faceoff_involves(board: Board, current: "Faceoff"):
    current.by_rule = True
    cards = [card.label for card in board.play if current.fits(board, card)]
    return {"tm": current.troublemaker.label, "player": board.name(current.starter), "cards": ", ".join(cards)}


@step("514.2b", "the characters at {where} are involved: {cards}")
def problem_faceoff_involves(board: Board, current: "Faceoff"):
    current.by_rule = True
    cards = [card.label for card in board.play if current.fits(board, card)]
    where = " and ".join(board.area_name(a) for a in current.areas) or "no Problem"
    return {"where": where, "cards": ", ".join(cards) or "no card"}


@step("514.1", "a {what} faceoff is performed, following 514.2-514.6 in order")
def performed(board: Board, current: "Faceoff"):
    board.faceoff = current
    return {"what": current.kind}


@step("514.2", "the faceoff begins: {players} are involved, and the abilities that trigger at the start of a faceoff "
               "trigger")
def begins(board: Board, current: "Faceoff", involved: list):
    emit(board, "faceoff-starts", player=current.starter, areas=current.areas, kind=current.kind_group,
         faceoff=current, involving=frozenset(c.id for c in involved))
    return {"players": " and ".join(board.name(p) for p in current.players)}


@step("802.3", "the tie can't be broken and the faceoff's flips would repeat forever: the loop ends and play proceeds "
               "without a winner")
def endless_tie_ends(board: Board, current: "Faceoff"):
    return {}


def faceoff(s, kind: str, areas: tuple[Area, ...], starter: int, troublemaker: Card | None = None,
            named: tuple[Card, ...] | None = None, descriptions: dict | None = None, kinds: tuple = ()):
    """Perform a faceoff (514.1), started by a rule, or by an effect naming the
    cards involved (``named``, each with the test of the description it was
    chosen by, ``descriptions``: card id -> whether a card fits it now), or
    describing kinds of cards all of which are involved (``kinds``, tests
    of a card, with ``named`` empty and the Problem ``areas`` it occurs at,
    514.2e); returns the faceoff."""
    from rulebase.engine.ccg.play import Window
    from rulebase.engine.ccg.priority import priority_window

    board = s.board
    trace = board.trace
    current = Faceoff(board, kind, areas, starter, troublemaker, named, descriptions, kinds)
    if performed(board, current) is None:
        return current
    occurs_at(board, current)
    involved_by_the_effect(board, current)
    involved_by_description(board, current)
    flags = flags_the_cards.verdict(board, current)
    if isinstance(flags, Allowed):
        flags_the_cards.judge(board, flags)
        current.flagged = True
    if kind == TROUBLEMAKER:
        if governed_by_the_effect.allows(board, current):
            troublemaker_faceoff_involves(board, current)
    elif not kinds:
        problem_faceoff_involves(board, current)
    current.start(board)
    involved = current.involved(board)
    trace.note("514.2d", "involved now: {cards}; involvement is checked continuously",
               cards=", ".join(c.label for c in involved) or "no card")
    begins(board, current, involved)
    window = Window(f"{kind} faceoff", faceoff=current)
    if named is not None and modifier_starter_has_priority(board, starter) is not None:
        yield from priority_window(s, window, first=starter)
    else:
        yield from priority_window(s, window)
    rounds = 1
    totals: dict = {player: 0 for player in current.players}
    if not current.ended:
        first_flips(board, current)
        yield from priority_window(s, window)
    while not current.ended:
        if compare_totals(board, current) is None:
            break
        totals = dict(current.totals)
        if len(set(totals.values())) > 1:
            wins_the_faceoff(board, current, totals)
            break
        if not any(board.players[p].deck for p in current.players):
            trace.note("515.1", "no player has an unflipped card left to flip")
            if endless_tie_ends(board, current) is None:
                raise EngineError("the faceoff's tie can't be broken and would repeat forever, and rule 802.3, "
                                  "which ends such a loop, is switched off")
            break
        if tie_flips(board, current, totals[starter]) is None:
            break
        rounds += 1
        yield from priority_window(s, window)
    if current.ended:
        current.winner = None
    winner = current.winner
    result = FaceoffResult(kind, tuple(board.area_name(a) for a in current.areas), starter, dict(totals), winner,
                           involved={p: [c.label for c in current.involved(board) if _side(current, c) == p] for p in current.players},
                           flips={p: [c.label for c in current.flipped[p]] for p in current.players}, rounds=rounds,
                           turn=board.turn.number,
                           cards=frozenset((c.id, c.incarnation) for c in current.involved(board)))
    board.faceoffs.append(result)
    if current.ended:
        return current
    if winner is not None:
        yield from _consequences(s, current, winner)
    else:
        trace.note("514.5", "no player has a power total higher than any other: no one wins the faceoff")
    yield from priority_window(s, window)
    if not current.ended:
        yield from end(s, current)
    return current


@check("514.6", "only a faceoff under way can be ended")
def under_way(board: Board):
    if getattr(board, "faceoff", None) is None:
        return "no faceoff is under way: there is no faceoff to end"


@step("514.6", "card text ends the {what} faceoff now: no winner is decided, and the faceoff ends (its flipped cards "
               "are put on the bottom of their owners' decks, its cards and players cease to be involved)")
def ended_by_card_text(board: Board, current: "Faceoff"):
    current.ended = True
    return {"what": current.kind}


def end_now(s):
    """End the faceoff under way at once, as card text says ("End the
    faceoff."): what remains of it (flips, a winner and what winning
    does) is not done, and it ends as 514.6 says.  A generator."""
    current = s.board.faceoff
    under_way(s.board)
    if ended_by_card_text(s.board, current) is not None:
        yield from end(s, current)


def _side(current: Faceoff, card: Card) -> int:
    if card is current.troublemaker and card.controller == current.starter:
        return next(p for p in current.players if p != current.starter)
    return card.controller


@step("514.5a", "{player} wins the Troublemaker faceoff and defeats {tm}: dismisses it and scores its point value "
                "({value})")
def defeats_the_troublemaker(board: Board, current: Faceoff, winner: int, replaced: bool = False):
    """The challenger defeats the Troublemaker: dismisses it, unless a
    replacement modifier its controller chose replaced that (``replaced``,
    :func:`_dismissal_replaced`), and scores its point value."""
    troublemaker = current.troublemaker
    area = troublemaker.area
    if not replaced:
        zones.dismiss(board, troublemaker)
    emit(board, "defeated", card=troublemaker, player=winner, area=area, faceoff=current,
         involving=frozenset(card.id for card in current.involved(board)))
    return {"player": board.name(winner), "tm": troublemaker.label, "value": troublemaker.info.points or 0}


@check("514.5b", "the challenger who loses a Troublemaker faceoff sends one of their involved characters home")
def involved_character_sent_home(board: Board, current: Faceoff, action: Action):
    from rulebase.engine.ccg.priority import named_card

    card = named_card(board, action)
    challenger = current.starter
    if (card is None or card.controller != challenger or not card.is_character or not current.involves(board, card)
            or card.area == board.players[challenger].home):
        return "the character sent home must be one of the challenger's characters involved in the faceoff"
    return Allowed(f"{card} is involved in the faceoff: {board.name(challenger)} may send it home")


@step("514.5b", "{card} is sent home: the challenger lost the Troublemaker faceoff")
def send_challenger_home(board: Board, card: Card, challenger: int):
    moving.send(board, card, board.players[challenger].home, "the challenger lost the Troublemaker faceoff")
    return {"card": card.label}


@step("210.1", "{problem}'s Problem bonus is {n}: the points a player scores for winning a Problem faceoff there")
def problem_bonus(board: Board, problem: Card, found: list):
    given: list = []
    continuous.text_bonus(board, problem, given)  # card text giving it other bonus points (702.1)
    found.append(given[-1] if given else problem.info.bonus or 0)
    return {"problem": problem.label, "n": found[-1]}


@step("211.1", "{tm} has a point value of {value}: the points a player scores for defeating it")
def point_value(board: Board, troublemaker: Card, found: list):
    found.append(troublemaker.info.points or 0)
    return {"tm": troublemaker.label, "value": troublemaker.info.points or 0}


def _problem_bonus(board: Board, current: Faceoff) -> tuple[int, str]:
    """The Problem bonus the winner of a Problem faceoff scores, and which
    it is (514.5c, 210.1)."""
    problems = [p for p in (board.problem_at(area) for area in current.areas) if p is not None]
    bonuses: list[int] = []
    for problem in problems:
        problem_bonus(board, problem, bonuses)
    bonus = max(bonuses, default=0)
    names = " and ".join(p.label for p in problems) or "no Problem"
    if current.kind == MULTI_PROBLEM and len(problems) > 1:
        return bonus, f"winning the Multi Problem faceoff: the highest Problem bonus among {names}"
    return bonus, f"winning the Problem faceoff: the Problem bonus of {names}"


def _consequences(s, current: Faceoff, winner: int):
    from rulebase.engine.ccg.priority import chosen, decide

    board = s.board
    trace = board.trace
    involved = current.involved(board)  # as the faceoff is won and lost (514.5), before what follows from it
    involved_by_winner = [c for c in involved if c.controller == winner]
    if current.kind != TROUBLEMAKER:
        _won(board, current, winner, involved_by_winner, involved)
        if current.named is not None and current.areas:
            trace.note("514.5d", "the faceoff an effect started at {where} is no Problem faceoff: its winner scores no "
                       "Problem bonus (514.5c) and follows the effect's instructions",
                       where=" and ".join(board.area_name(a) for a in current.areas))
            return
        bonus, reason = _problem_bonus(board, current)
        points.score(board, winner, bonus, reason, involved_by_winner, rule="514.5c")
        return
    troublemaker = current.troublemaker
    if winner == current.starter:
        if current.involves(board, troublemaker):
            values: list[int] = []
            point_value(board, troublemaker, values)
            replaced = yield from _dismissal_replaced(s, troublemaker, winner)
            if defeats_the_troublemaker(board, current, winner, replaced) is not None:
                points.score(board, winner, max(values, default=0), f"defeating {troublemaker}", involved_by_winner,
                             rule="514.5a")
        else:
            trace.note("514.5a", "{tm} is no longer involved in the faceoff and is not defeated", tm=troublemaker.label)
    else:
        challenger = current.starter
        trace.note("514.5b", "{player} loses the Troublemaker faceoff and must send one of their involved characters home",
                   player=board.name(challenger))
        verify = lambda action: involved_character_sent_home(board, current, action)
        options = lambda: legal(board, [Action("send-home", challenger, c.id) for c in board.play
                                        if c.controller == challenger and c.is_character], verify)
        if options():
            action = yield from decide(s, challenger, "choose a character to send home", options,
                                       {"send-home": verify}, rule="514.5b")
            send_challenger_home(board, chosen(board, action, involved_character_sent_home), challenger)
    _won(board, current, winner, involved_by_winner, involved)


def _dismissal_replaced(s, troublemaker: Card, winner: int):
    """Whether a replacement modifier replaces the defeated Troublemaker
    being dismissed (514.5a), its controller asked as for an instruction
    of card text ("When one of your Troublemakers would be dismissed, you
    may ... instead", 710.5).  A generator."""
    board = s.board
    before = set(board.replacing)
    try:
        if (yield from continuous.replace_asking(s, "dismiss", troublemaker, winner)):
            return True
    finally:
        board.replacing.intersection_update(before)
    return False


def _won(board: Board, current: Faceoff, winner: int, cards: list[Card], involved: list[Card] = ()) -> None:
    """Announce who won and lost the faceoff, and the cards it involved
    (Diligent, Studious and card text wait for it): each player's, as it was
    won and lost (a card the challenger sent home by 514.5b was involved)."""
    involving = frozenset(card.id for card in cards)
    emit(board, "faceoff-won", player=winner, kind=current.kind_group, faceoff=current, involving=involving,
         areas=current.areas)
    for loser in current.players:
        if loser != winner:
            emit(board, "faceoff-lost", player=loser, kind=current.kind_group, faceoff=current, areas=current.areas,
                 involving=frozenset(card.id for card in involved if card.controller == loser))


@check("514.6", "as a faceoff ends, each player's flipped cards are put on the bottom of their deck")
def own_flipped_card(board: Board, player: int, action: Action):
    from rulebase.engine.ccg.priority import named_card

    card = named_card(board, action)
    if card is None or card.zone != Zone.FLIP or card.owner != player:
        return f"{card or 'that card'} is not one of {board.name(player)}'s flipped cards"


@step("514.6", "{card} is put on the bottom of {player}'s deck")
def flipped_to_the_bottom(board: Board, card: Card):
    board.put(card, Zone.DRAW_DECK, bottom=True)
    return {"card": card.label, "player": board.name(card.owner)}


@step("402.3", "{player} puts {n} flipped cards on the bottom of the draw deck at once, in the order {player} chooses, "
               "not revealed")
def in_any_order(board: Board, player: int, n: int):
    return {"player": board.name(player), "n": n}


def end(s, current: Faceoff):
    """End the faceoff (514.6): flipped cards go to the bottom of their
    owners' decks, in the order each owner chooses (402.3)."""
    from rulebase.engine.ccg.priority import chosen, decide

    board = s.board
    board.trace.note("514.6", "the faceoff ends: all flipped cards are put on the bottom of their owners' decks and all cards and players cease to be involved")
    from rulebase.engine.ccg.abilities.triggers import faceoff_ends

    faceoff_ends(board, current, None if current.ended else current.winner)
    for player in current.players:
        remaining = board.players[player].zones[Zone.FLIP]
        chosen_order = len(remaining) > 1 and in_any_order(board, player, len(remaining)) is not None
        while board.players[player].zones[Zone.FLIP]:
            if len(remaining) > 1 and not chosen_order:
                card = remaining[0]
            else:
                def verify(action, player=player):
                    own_flipped_card(board, player, action)

                def options(player=player, verify=verify):
                    flipped = [card for someone in board.players for card in someone.zones[Zone.FLIP]]
                    return legal(board, [Action("bottom", player, card.id) for card in flipped], verify)

                action = yield from decide(s, player, "choose the next flipped card to put on the bottom of the deck",
                                           options, {"bottom": verify}, rule="402.3",
                                           default=lambda options=options: options()[0])
                card = chosen(board, action, own_flipped_card)
            if (yield from continuous.put_asking(s, card, player, "deck-bottom")):
                continue
            if flipped_to_the_bottom(board, card) is None:
                break
    board.faceoff = None
    if getattr(board, "lasting", None):
        from rulebase.engine.ccg.abilities.verbs import end_durations

        end_durations(board, "faceoff")
