"""Dilemmas (522): a card put into play "as a Dilemma" (Silverstream, Fish
out of Water: "you may put the top card of a Problem deck into play as a
Dilemma") is a Problem at an area of its own, owned by its controller, in
addition to the two areas each player owns (501.1).  When it leaves play
its area ceases to exist and no Problem takes its place, and a Dilemma that
would go into a Problem deck goes to its owner's discard pile instead.

A Dilemma's area is a :class:`DilemmaArea`: a Problem area (``is_problem``)
named for its Dilemma, so that every rule about Problems and the areas
where they are holds for it.

>>> area = DilemmaArea.of(1, "Fog Bank")
>>> area.owner, area.is_problem, area.is_home
(1, True, False)
>>> area == Area(1, "problem")
False
"""

from __future__ import annotations

from rulebase.engine.ccg import zones
from rulebase.engine.ccg.abilities.verbs import Act, checked, verb
from rulebase.engine.ccg.board import Area, Board, Card, Zone
from rulebase.engine.ccg.cards import CardType
from rulebase.engine.ccg.rules import Allowed, check, step

DILEMMA = "Dilemma"


class DilemmaArea(Area):
    """The area a Dilemma creates (522.2): a Problem area of its own."""

    __slots__ = ()

    @classmethod
    def of(cls, owner: int, name: str) -> "DilemmaArea":
        return cls(owner, f"{DILEMMA} {name}")

    @property
    def is_home(self) -> bool:
        return False

    @property
    def is_problem(self) -> bool:
        return True


def is_dilemma_area(area) -> bool:
    return isinstance(area, DilemmaArea)


def dilemmas(board: Board) -> list[Card]:
    """The Dilemmas in play, in the order they entered play."""
    return [card for card in board.play if card.type == CardType.PROBLEM and is_dilemma_area(card.area)]


@check("522.2a", "an area created by a Dilemma is in addition to any other areas, and does not overwrite or "
                 "interfere with other areas")
def in_addition(board: Board, dilemma: Card, problem: Card):
    return Allowed(f"{board.area_name(dilemma.area)} is an area in addition to {board.area_name(problem.area)}: "
                   f"{problem} is still a Problem in play beside {dilemma}")


def problems_in_play(board: Board) -> list[Card]:
    """The Problems in play, the turn player's first, then the Dilemmas
    (in play, a Dilemma is a Problem, 522.1).  A Dilemma's area is in
    addition to its owner's Problem area (522.2a, recorded); with the rule
    switched off it overwrites it, and the Problem there is not among
    them."""
    found = list(board.problems())
    for dilemma in dilemmas(board):
        for problem in [p for p in found if p.area == board.players[dilemma.area.owner].problem_area]:
            verdict = in_addition.verdict(board, dilemma, problem)
            if verdict is None:
                found.remove(problem)
            else:
                in_addition.judge(board, verdict)
        found.append(dilemma)
    return found


def dilemma_area(board: Board, owner: int) -> Area | None:
    """The area of the first Dilemma in play whose area ``owner`` owns."""
    for card in dilemmas(board):
        if card.area.owner == owner:
            return card.area
    return None


# -- entering play (522.2) -------------------------------------------------------------


@check("522.2b", "an area created by a Dilemma is owned by the Dilemma's controller")
def owned_by_its_controller(board: Board, card: Card, controller: int):
    return Allowed(f"{board.name(controller)} controls {card}, a Dilemma: {board.name(controller)} owns its area")


def area_owner(board: Board, card: Card, controller: int) -> int:
    """Who owns the area ``card`` creates as a Dilemma: its controller
    (522.2b, recorded).  With the rule switched off, the owner of the card,
    as a Problem's area is its owner's (501.1)."""
    verdict = owned_by_its_controller.verdict(board, card, controller)
    if verdict is None:
        return card.owner
    owned_by_its_controller.judge(board, verdict)
    return controller


@step("522.2", "{card} enters play as a Dilemma at its own area, {area}: not at a home, nor at another Problem")
def enters_at_its_own_area(board: Board, card: Card, controller: int):
    area = DilemmaArea.of(area_owner(board, card, controller), card.label)
    zones.enter_play(board, card, area, how="put into play")
    card.controller = controller
    becomes_a_problem(board, card)
    return {"card": card.label, "area": board.area_name(area)}


@step("522.1", "{card} is a Dilemma: while in play it is a Problem{lost}")
def becomes_a_problem(board: Board, card: Card):
    """A Dilemma in play is a Problem and loses its other card types
    (522.1): a Resource with the Dilemma trait is confronted as a Problem
    is.  Without the rule it stays what its card type says."""
    before = card.type
    if card.zone != Zone.PLAY:
        return None
    card.type = CardType.PROBLEM
    return {"card": card.label, "lost": "" if before == CardType.PROBLEM else f", no longer a {before}"}


@check("706.1", "a card enters play as it is put into the play zone from another zone")
def can_enter_as_dilemma(board: Board, card: Card | None):
    if card is not None and card.zone == Zone.PLAY:
        return f"{card} is already in play"
    if card is None or card.type != CardType.PROBLEM:
        return f"{card or 'that card'} is not a Problem card: the engine puts only a Problem deck's cards into play " \
               "as Dilemmas"


@verb("dilemma", "522.2", model=False)
def put_into_play_as_dilemma(board: Board, act: Act) -> None:
    """"Put the top card of a Problem deck into play as a Dilemma": the card
    enters play at an area of its own, under the control of the player
    carrying out the instruction (522.2)."""
    enters_at_its_own_area(board, act.target, act.player)


checked("dilemma")(lambda board, act: can_enter_as_dilemma(board, act.target))


# -- leaving play (522.3) --------------------------------------------------------------


@step("522.3a", "{card}, a Dilemma, would be put into {owner}'s Problem deck: it is put into {owner}'s discard pile "
                "instead")
def to_the_discard_pile_instead(board: Board, card: Card):
    board.put(card, Zone.DISCARD)
    return {"card": card.label, "owner": board.name(card.owner)}


def instead_of_the_problem_deck(board: Board, card: Card) -> bool:
    """Whether ``card``, about to be put into a Problem deck, is a Dilemma
    put into its owner's discard pile instead (522.3a)."""
    return is_dilemma_area(card.area) and to_the_discard_pile_instead(board, card) is not None


@check("522.3", "a Dilemma's area ceases to exist as the Dilemma leaves play: no other Problem is put into play there")
def area_ceased(board: Board, area: Area):
    if is_dilemma_area(area):
        return f"{board.area_name(area)} ceased to exist as its Dilemma left play: no Problem is put into play there"
