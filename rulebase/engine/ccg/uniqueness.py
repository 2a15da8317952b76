"""Uniqueness (516): Unique cards of the same name, more than one face-up
Troublemaker of a player at a Problem, Epic Troublemakers, and how a
violation is repaired."""

from __future__ import annotations

from dataclasses import dataclass

from rulebase.engine.ccg.board import Board, Card
from rulebase.engine.ccg.cards import CardType


@dataclass
class Violation:
    rule: str
    player: int
    cards: list[Card]
    description: str


def find(board: Board) -> Violation | None:
    """The first uniqueness violation on the board, or ``None``."""
    unique = [card for card in board.play if not card.face_down and "unique" in card.info.trait_set]
    for player in board.players:
        if player.removed or len(unique) < 2:
            continue
        seen: dict[str, list[Card]] = {}
        for card in unique:
            if card.controller == player.index:
                seen.setdefault(card.info.name, []).append(card)
        for name, cards in seen.items():
            if len(cards) > 1:
                return Violation("516.3", player.index, cards,
                                 f"{player.name} controls more than one Unique card named {name}")
    if sum(1 for card in board.play if card.type == CardType.TROUBLEMAKER and not card.face_down) < 2:
        return None
    for owner in board.players:
        area = owner.problem_area
        face_up = board.troublemakers_at(area)
        epic = [c for c in face_up if c.is_epic]
        if epic and len(face_up) > 1:
            controllers = {c.controller for c in face_up}
            if len(controllers) > 1:
                violating = next((p for p in (board.turn.priority, board.turn.last_priority) if p is not None),
                                 board.turn.player)
                return Violation("516.4a", violating, face_up,
                                 f"an Epic Troublemaker and another Troublemaker are at {board.area_name(area)}; "
                                 f"the cards are controlled by several players, so {board.name(violating)} repairs it (516.2a)")
            return Violation("516.4a", epic[0].controller, face_up,
                             f"an Epic Troublemaker and another Troublemaker are at {board.area_name(area)}")
        for player in board.players:
            mine = [c for c in face_up if c.controller == player.index]
            if len(mine) > 1:
                return Violation("516.4", player.index, mine,
                                 f"{player.name} controls more than one face-up Troublemaker at {board.area_name(area)}")
    return None


def choosable(violation: Violation) -> list[Card]:
    """The violating cards the player may choose to dismiss (516.2, 516.4b)."""
    if violation.rule in ("516.4", "516.4a"):
        plain = [c for c in violation.cards if not c.is_epic]
        if plain:
            return plain
    return list(violation.cards)


def is_troublemaker_violation(violation: Violation) -> bool:
    return all(c.type == CardType.TROUBLEMAKER for c in violation.cards)
