"""Small boards for the engine's tests."""

from __future__ import annotations

from rulebase.engine.ccg.board import Board, Zone
from rulebase.engine.ccg.cards import Printed
from rulebase.engine.ccg.state import CCGState

COMET = Printed.build("Comet", "Friend", colors=["blue"], power=2, cost=2)
RUNNER = Printed.build("Breeze Runner", "Friend", colors=["blue"], power=1, cost=1, keywords=["Swift"])
KITE = Printed.build("Stuck Kite", "Problem", owner_needs="2 blue", opponents_need=3, bonus=1)
PEST = Printed.build("Pest", "Troublemaker", power=1, points=1)
GEAR = Printed.build("Spare Gear", "Resource", colors=["blue"], cost=1)


def board_with(*placements, names=("Alice", "Bob")) -> Board:
    """A board with cards placed: ``(printed, owner, zone, area_kind_or_None, area_owner)``."""
    board = Board(list(names))
    for printed, owner, zone, kind, area_owner in placements:
        card = board.new_card(printed, owner)
        if zone == Zone.PLAY:
            player = board.players[area_owner]
            board.put(card, zone, area=player.home if kind == "home" else player.problem_area)
        else:
            board.put(card, zone, bottom=True)
    return board


def main_phase(board: Board, tokens: int = 0) -> CCGState:
    """The turn player's Main Phase on ``board``, waiting for their action."""
    board.players[board.turn.player].tokens = tokens
    return CCGState.from_board(board, "main")


def kinds(board: Board, rule: str) -> list[str]:
    """The kinds of the trace steps of ``rule`` on ``board``, in order."""
    return [step.kind for step in board.trace if step.rule == rule]


def run_first_choices(procedure) -> None:
    """Carry a procedure out, each decision answered by its first legal choice."""
    try:
        request = next(procedure)
        while True:
            request = procedure.send(request.legal()[0])
    except StopIteration:
        pass
