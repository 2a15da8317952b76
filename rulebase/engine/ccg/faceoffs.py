"""Faceoffs (514) and flipping (515): who and what is involved, flips,
ignored flips, ties, winners and losers, what each kind of faceoff does, and
the end of a faceoff; with the keywords that act in faceoffs (Competitive
through power, Prepared, Studious, Diligent)."""

from __future__ import annotations

from dataclasses import dataclass, field

from rulebase.engine.ccg import moving, points, zones
from rulebase.engine.ccg.actions import Action
from rulebase.engine.ccg.board import Area, Board, Card, Zone
from rulebase.engine.ccg.power import contribution_blocker, counted, power_parts
from rulebase.engine.ccg.rules import step
from rulebase.engine.errors import IllegalAction

TROUBLEMAKER = "Troublemaker"
PROBLEM = "Problem"
MULTI_PROBLEM = "Multi Problem"


class Faceoff:
    """A faceoff under way: its kind, the areas it occurs at (514.2e), the
    player who started it, the Troublemaker challenged, and the flips."""

    def __init__(self, board: Board, kind: str, areas: tuple[Area, ...], starter: int,
                 troublemaker: Card | None = None, named: tuple[Card, ...] | None = None):
        self.kind = kind
        self.areas = areas
        self.named = None if named is None else {card.id for card in named}
        self.starter = starter
        self.players = [starter] + board.opponents(starter)
        self.troublemaker = troublemaker
        self.troublemaker_incarnation = troublemaker.incarnation if troublemaker is not None else None
        self.flipped: dict[int, list[Card]] = {player: [] for player in self.players}
        self.studious: set[int] = set()
        self.winner: int | None = None

    @property
    def kind_group(self) -> str:
        """``troublemaker`` or ``problem`` (a Multi Problem faceoff is a
        Problem faceoff, 612.1)."""
        return "troublemaker" if self.kind == TROUBLEMAKER else "problem"

    def involves(self, board: Board, card: Card) -> bool:
        """Whether a card is involved now: involvement is checked
        continuously (514.2d)."""
        if self.named is not None:
            return card.id in self.named and card.zone == Zone.PLAY
        if card.zone != Zone.PLAY or card.area not in self.areas:
            return False
        if self.kind == TROUBLEMAKER:
            if card is self.troublemaker:
                return card.incarnation == self.troublemaker_incarnation and not card.face_down
            return card.is_character and card.controller == self.starter
        return card.is_character

    def involved(self, board: Board) -> list[Card]:
        return [card for card in board.play if self.involves(board, card)]


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


def flip(board: Board, player: int, count: int = 1, rule: str = "515.1") -> list[Card]:
    """Flip cards: reveal the topmost unflipped card of the draw deck and put
    it into the flip zone (515.1, 515.2); none is flipped from an empty deck."""
    flipped = []
    for number in range(count):
        deck = board.players[player].deck
        if not deck:
            board.trace.check("515.1", "{player} has no unflipped cards remaining and does not flip a card",
                              player=board.name(player))
            break
        card = deck[0]
        board.put(card, Zone.FLIP)
        flipped.append(card)
        if board.faceoff is not None and player in board.faceoff.flipped:
            board.faceoff.flipped[player].append(card)
        board.trace.step(rule, "{player} flips {card} (power {power}) into the flip zone", player=board.name(player),
                         card=card.label, power=card.printed.power or 0)
        if number == 0:
            board.trace.step("515.2", "flipped cards are in the flip zone, not part of the draw deck")
        if count > 1:
            board.trace.step("515.3", "each flip is a separate occurrence")
    return flipped


def total(board: Board, faceoff: Faceoff, player: int, explain: bool = True) -> int:
    """A player's power total (514.4a)."""
    value = 0
    trace = board.trace
    for card in faceoff.involved(board):
        owner_of_power = card.controller
        if card is faceoff.troublemaker and card.controller == faceoff.starter:
            owner_of_power = board.opponent(faceoff.starter)
            if explain and owner_of_power == player:
                trace.check("514.4a.i", "{player} challenges a Troublemaker they control: {card}'s power is added to {other}'s total",
                            player=board.name(faceoff.starter), card=card.label, other=board.name(player))
        if owner_of_power != player:
            continue
        if card.is_character:
            blocked = contribution_blocker(card)
            if blocked:
                if explain:
                    trace.check(*blocked)
                continue
            if card.exhausted and explain:
                trace.check("503.5", "{card} is exhausted, and exhausted cards do not contribute to faceoffs...", card=card.label)
                trace.check("glossary/stubborn", "{card} is Stubborn: while exhausted it contributes its power to faceoffs",
                            card=card.label)
        amount, parts = power_parts(board, card)
        if explain:
            for rule, words in parts:
                trace.check(rule, words)
            if amount is not None and amount < 0:
                trace.check("105.2", "{card}'s power of {amount} is treated as zero", card=card.label, amount=amount)
        value += counted(amount)
    for card in faceoff.flipped[player]:
        if card.ignored:
            if explain:
                trace.check("514.4b", "{card} is ignored: it remains flipped but is not added to the total", card=card.label)
            continue
        value += counted(card.printed.power)
    return value


def faceoff(s, kind: str, areas: tuple[Area, ...], starter: int, troublemaker: Card | None = None,
            named: tuple[Card, ...] | None = None):
    """Perform a faceoff (514.1), started by a rule, or by an effect naming the
    cards involved (``named``)."""
    from rulebase.engine.ccg.play import Window
    from rulebase.engine.ccg.priority import priority_window

    board = s.board
    trace = board.trace
    current = Faceoff(board, kind, areas, starter, troublemaker, named)
    board.faceoff = current
    where = " and ".join(board.area_name(a) for a in areas) or "no Problem"
    trace.step("514.1", "a {kind} faceoff is performed at {where}, following 514.2-514.6 in order", kind=kind, where=where)
    trace.step("514.2", "{players} become involved in the faceoff", players=" and ".join(board.name(p) for p in current.players))
    if named is not None:
        cards = ", ".join(card.label for card in named)
        trace.step("514.2c", "the faceoff is started by an effect: the cards it names are involved: {cards}", cards=cards)
        if kind == TROUBLEMAKER:
            trace.step("514.2a.i", "a Troublemaker faceoff started by an effect: the effect, not 514.2a, says which cards are involved")
        trace.step("514.2d.i", "the faceoff does not occur at a Problem: {cards} are flagged and stay involved for its duration",
                   cards=cards)
    elif kind == TROUBLEMAKER:
        trace.step("514.2a", "{tm} and {player}'s characters at its Problem are involved",
                   tm=troublemaker.label, player=board.name(starter))
    else:
        trace.step("514.2b", "the characters at {where} are involved", where=where)
    if areas:
        trace.step("514.2e", "the faceoff occurs at {where}", where=where)
    involved = current.involved(board)
    trace.check("514.2d", "involved now: {cards}; involvement is checked continuously",
                cards=", ".join(c.label for c in involved) or "no card")
    for card in involved + [c for c in board.play if c.area in areas and c not in involved]:
        if card.keyword("Prepared") and card.controller != starter and card.zone == Zone.PLAY and card.area in areas:
            board.players[card.controller].tokens += 1
            trace.step("glossary/prepared", "{card} is Prepared and an opponent started a faceoff here: {player} gains 1 action token",
                       card=card.label, player=board.name(card.controller))
    window = Window(f"{kind} faceoff", faceoff=current)
    if named is not None:
        trace.step("707.4", "the faceoff was started by a modifier: no new priority window opens; {player}, whose modifier started it, receives priority",
                   player=board.name(starter))
        yield from priority_window(s, window, first=starter)
    else:
        yield from priority_window(s, window)
    trace.step("514.3", "as the priority window closes, each player simultaneously flips the topmost unflipped card of their draw deck")
    for player in current.players:
        extra = board.players[player].extra_flips
        if extra:
            trace.check("514.3a", "a modifier has {player} flip {n} cards at this time; it affects only this flip",
                        player=board.name(player), n=1 + extra)
        flip(board, player, 1 + extra)
    yield from priority_window(s, window)
    rounds = 1
    winner = None
    while True:
        trace.step("514.4", "as the priority window closes, players compare power totals")
        totals = {player: total(board, current, player) for player in current.players}
        for player in current.players:
            trace.check("514.4a", "{player}'s power total is {total}: involved cards they control plus their flipped cards",
                        player=board.name(player), total=totals[player])
        if len(set(totals.values())) > 1:
            winner = max(totals, key=totals.get)
            break
        trace.step("514.4c", "the power totals are the same ({total}): each player flips another card", total=totals[starter])
        if not any(board.players[p].deck for p in current.players):
            trace.check("515.1", "no player has an unflipped card left to flip")
            trace.check("802.3", "the tie can't be broken and would repeat forever: the loop ends and play proceeds without a winner")
            break
        for player in current.players:
            flip(board, player)
        rounds += 1
        yield from priority_window(s, window)
    totals_final = totals
    current.winner = winner
    result = FaceoffResult(kind, tuple(board.area_name(a) for a in areas), starter, dict(totals_final), winner,
                           involved={p: [c.label for c in current.involved(board) if _side(current, c) == p] for p in current.players},
                           flips={p: [c.label for c in current.flipped[p]] for p in current.players}, rounds=rounds)
    board.faceoffs.append(result)
    if winner is not None:
        losers = [p for p in current.players if p != winner]
        trace.step("514.5", "{winner} has the higher power total ({high} to {low}) and wins the faceoff; {losers} loses it; the faceoff is resolved",
                   winner=board.name(winner), high=totals_final[winner], low=max(totals_final[p] for p in losers),
                   losers=", ".join(board.name(p) for p in losers))
        yield from _consequences(s, current, winner)
    else:
        trace.step("514.5", "no player has a power total higher than any other: no one wins the faceoff")
    yield from priority_window(s, window)
    yield from end(s, current)


def _side(current: Faceoff, card: Card) -> int:
    if card is current.troublemaker and card.controller == current.starter:
        return [p for p in current.players if p != current.starter][0]
    return card.controller


def _consequences(s, current: Faceoff, winner: int):
    from rulebase.engine.ccg.priority import decide

    board = s.board
    trace = board.trace
    involved_by_winner = [c for c in current.involved(board) if c.controller == winner]
    if current.kind == TROUBLEMAKER:
        troublemaker = current.troublemaker
        if winner == current.starter:
            if current.involves(board, troublemaker):
                value = troublemaker.info.points or 0
                trace.check("211.1", "{tm} has a point value of {value}: the points a player scores for defeating it",
                            tm=troublemaker.label, value=value)
                trace.step("514.5a", "{player} wins the Troublemaker faceoff and defeats {tm}: scores its point value ({value}) and dismisses it",
                           player=board.name(winner), tm=troublemaker.label, value=value)
                zones.dismiss(board, troublemaker)
                points.score(board, winner, value, f"defeating {troublemaker}", involved_by_winner, rule="514.5a")
            else:
                trace.check("514.5a", "{tm} is no longer involved in the faceoff and is not defeated", tm=troublemaker.label)
        else:
            challenger = current.starter
            candidates = [c for c in current.involved(board) if c.controller == challenger and c.is_character
                          and c.area != board.players[challenger].home]
            trace.step("514.5b", "{player} loses the Troublemaker faceoff and must send one of their involved characters home",
                       player=board.name(challenger))
            if candidates:
                options = lambda: [Action("send-home", challenger, c.id) for c in candidates if current.involves(board, c)]

                def verify(action):
                    if action.card not in [c.id for c in candidates]:
                        raise IllegalAction("514.5b", "the character sent home must be one of the challenger's characters involved in the faceoff")

                action = yield from decide(s, challenger, "choose a character to send home", options,
                                           {"send-home": verify}, rule="514.5b")
                card = board.cards[action.card]
                send_challenger_home(board, card, challenger)
    else:
        problems = [board.problem_at(area) for area in current.areas]
        problems = [p for p in problems if p is not None]
        bonus = max((p.info.bonus or 0 for p in problems), default=0)
        if current.kind == MULTI_PROBLEM and len(problems) > 1:
            trace.step("514.5c", "{player} wins the Multi Problem faceoff and scores the highest Problem bonus among {problems}: {bonus}",
                       player=board.name(winner), problems=" and ".join(p.label for p in problems), bonus=bonus)
        else:
            trace.step("514.5c", "{player} wins the Problem faceoff and scores the Problem bonus of {problems}: {bonus}",
                       player=board.name(winner), problems=" and ".join(p.label for p in problems) or "no Problem", bonus=bonus)
        trace.step("210.1", "the Problem bonus is how many points a player scores for winning a Problem faceoff there")
        _keywords(board, current, winner, involved_by_winner)
        points.score(board, winner, bonus, "Problem bonus", involved_by_winner, rule="514.5c")
        return
    _keywords(board, current, winner, involved_by_winner)


@step("514.5b", "{card} is sent home: the challenger lost the Troublemaker faceoff")
def send_challenger_home(board: Board, card: Card, challenger: int) -> dict:
    moving.send(board, card, board.players[challenger].home, "the challenger lost the Troublemaker faceoff")
    return {"card": card.label}


def _keywords(board: Board, current: Faceoff, winner: int, cards: list[Card]) -> None:
    for card in cards:
        if card.keyword("Studious") and winner not in current.studious:
            current.studious.add(winner)
            board.players[winner].tokens += 1
            board.trace.step("glossary/studious", "{player} wins a faceoff involving {card} (Studious): gains an action token",
                             player=board.name(winner), card=card.label)
        elif card.keyword("Studious"):
            board.trace.check("glossary/studious", "{player} already gained an action token from a Studious card this faceoff",
                              player=board.name(winner))
        diligent = card.keyword("Diligent")
        if diligent:
            card.counters += diligent
            board.trace.step("glossary/diligent-x", "{player} wins a faceoff involving {card} (Diligent {x}): {x} +1 power counters are put on it",
                             player=board.name(winner), card=card.label, x=diligent)


def end(s, current: Faceoff):
    """End the faceoff (514.6): flipped cards go to the bottom of their
    owners' decks, in the order each owner chooses (402.3)."""
    from rulebase.engine.ccg.priority import decide

    board = s.board
    board.trace.step("514.6", "the faceoff ends: all flipped cards are put on the bottom of their owners' decks and all cards and players cease to be involved")
    for player in current.players:
        remaining = [c for c in board.players[player].zones[Zone.FLIP]]
        if len(remaining) > 1:
            board.trace.step("402.3", "{player} puts {n} cards on the bottom of the draw deck at once, in any order, not revealed",
                             player=board.name(player), n=len(remaining))
        while remaining:
            options = lambda player=player: [Action("bottom", player, c.id) for c in board.players[player].zones[Zone.FLIP]]

            def verify(action, player=player):
                card = board.cards[action.card] if action.card is not None and 0 <= action.card < len(board.cards) else None
                if card is None or card.zone != Zone.FLIP or card.owner != player:
                    raise IllegalAction("514.6", f"{card or 'that card'} is not one of {board.name(player)}'s flipped cards")

            action = yield from decide(s, player, "choose the next flipped card to put on the bottom of the deck",
                                       options, {"bottom": verify}, rule="402.3",
                                       default=lambda player=player: options(player)[0])
            card = board.cards[action.card]
            board.put(card, Zone.DRAW_DECK, bottom=True)
            remaining = [c for c in board.players[player].zones[Zone.FLIP]]
    board.faceoff = None
