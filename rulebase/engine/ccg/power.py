"""Power (507): a card's power with its modifiers and the keywords that
change it (Competitive, Supportive, Caretaker), whether it contributes, and a
player's power of a color.

A power is computed with the rules that shaped it: :func:`power_parts`
returns the value and the steps, so the callers that matter (faceoffs,
confronting) can put them in the trace.
"""

from __future__ import annotations

from rulebase.engine.ccg.board import Board, Card
from rulebase.engine.ccg.cards import CardType, Color


def power_parts(board: Board, card: Card, explain: bool = True) -> tuple[int | None, list[tuple[str, str]]]:
    """The card's power (``None`` for a card with no power) and the
    ``(rule, words)`` steps that gave it (only when ``explain``)."""
    if card.face_down:
        return None, [("505.1b", f"{card} is face-down and has no power")] if explain else []
    base = card.info.power
    if base is None:
        return None, []
    parts: list[tuple[str, str]] = []
    total = base
    if card.counters:
        total += card.counters
        if explain:
            parts.append(("519.4", f"{card} has {card.counters} +1 power counter{'s' * (card.counters != 1)}"))
    for amount in card.modifiers:
        total += amount
        if explain:
            parts.append(("507.1", f"{card} has {amount:+d} power from a modifier"))
    if not card.in_play:
        return total, parts
    competitive = card.keyword("Competitive")
    if competitive and board.faceoff is not None and board.faceoff.involves(board, card):
        total += competitive
        if explain:
            parts.append(("glossary/competitive-x", f"{card} has +{competitive} power while involved in a faceoff (Competitive {competitive})"))
    supportive = card.keyword("Supportive")
    if supportive and card.type != CardType.MANE:
        mane = board.mane(card.controller)
        if mane is not None and mane.area == card.area and set(mane.colors) & set(card.colors):
            total += supportive
            if explain:
                parts.append(("glossary/supportive-x", f"{card} has +{supportive} power while with {mane}, which shares a color with it (Supportive {supportive})"))
    if card.keyword("Caretaker") and card.area is not None and card.area.is_problem:
        critters = [c for c in board.characters_at(card.area, card.controller)
                    if c is not card and c.type == CardType.FRIEND and c.has_trait("Critter")]
        if critters:
            total += 1
            if explain:
                parts.append(("glossary/caretaker", f"{card} has +1 power at a Problem with {critters[0]}, a Critter Friend (Caretaker)"))
    return total, parts


def power(board: Board, card: Card) -> int | None:
    """The card's power (507.1), which may be negative while calculated."""
    return power_parts(board, card, explain=False)[0]


def counted(value: int | None) -> int:
    """A power as it counts in a total: no power and negative values count
    as zero (105.2)."""
    return max(0, value or 0)


def contribution_blocker(card: Card) -> tuple[str, str] | None:
    """Why a character does not contribute its power to faceoffs and
    confronting, or ``None`` when it does."""
    if card.frightened or card.face_down:
        return "505.1b", f"{card} is frightened: face-down, it has no color or power"
    if card.exhausted:
        if card.keyword("Stubborn"):
            return None
        return "503.5", f"{card} is exhausted and does not contribute its power"
    return None


def power_of_color(board: Board, player: int, color: Color) -> int:
    """A player's power of a color: the combined power of the characters the
    player controls in play of that color (507.3), negative values as zero."""
    return sum(counted(power(board, c)) for c in board.play
               if c.controller == player and c.is_character and color in c.colors)


def player_power(board: Board, player: int) -> int:
    """A player's power: the combined power of his characters in play (507.2)."""
    return sum(counted(power(board, c)) for c in board.play if c.controller == player and c.is_character)
