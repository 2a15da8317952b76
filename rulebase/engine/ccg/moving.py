"""Moving and sending cards between areas (506), and the cost of the Move
action with Swift and Showy (609.2b)."""

from __future__ import annotations

from rulebase.engine.ccg.board import PROBLEM, Area, Board, Card, Zone
from rulebase.engine.ccg.cards import CardType
from rulebase.engine.errors import IllegalAction

MOVE_COST = 2
MINIMUM_MOVE_COST = 1


def check_destination(board: Board, card: Card, area: Area, verb: str = "moved") -> None:
    """Where a card can't be moved or sent (506.2, 506.2a)."""
    if card.zone != Zone.PLAY:
        raise IllegalAction("506.1", f"{card} is not in play: moving puts a card from one area to another")
    if card.area == area:
        raise IllegalAction("506.2", f"a card can't be {verb} to its current area ({board.area_name(area)})")
    if area.is_home and area.owner != card.controller:
        raise IllegalAction("506.2", f"a card can't be {verb} to the home of a player other than its controller")
    if area.is_home and card.type == CardType.TROUBLEMAKER:
        raise IllegalAction("506.2a", "Troublemakers can't be moved to the home of any player")
    if board.players[area.owner].removed:
        raise IllegalAction("103.5a", f"{board.name(area.owner)}'s areas have ceased to exist")


def check_move(board: Board, card: Card, area: Area) -> None:
    check_destination(board, card, area, "moved")
    if card.cannot_move:
        raise IllegalAction("104.2", f"a modifier says {card} can't be moved, and a \"can't\" takes precedence")


def move_cost(board: Board, player: int, card: Card, area: Area, explain: bool = True) -> tuple[int, list[tuple[str, str]]]:
    """The action tokens the Move action costs, with the rules that set it
    (the words only when ``explain``)."""
    cost = MOVE_COST
    parts = [("609.2b", f"moving a character costs {MOVE_COST} action tokens")] if explain else []
    if explain and card.face_down and card.printed.keyword("Swift"):
        parts.append(("505.1a", f"{card} is face-down: it loses its abilities, Swift among them"))
    if card.keyword("Swift"):
        cost -= 1
        if explain:
            parts.append(("glossary/swift", f"{card} has Swift: {board.name(player)} pays 1 less to move it"))
    if area.kind == PROBLEM:
        for other in board.play:
            if other.area == area:
                showy = other.keyword("Showy")
                if showy and other.controller != player:
                    cost += showy
                    if explain:
                        parts.append(("glossary/showy-x", f"{other} has Showy {showy}: opponents pay {showy} more to move characters to its Problem"))
    if cost < MINIMUM_MOVE_COST:
        cost = MINIMUM_MOVE_COST
        if explain:
            parts.append(("609.2b", "the cost of the move action can't be reduced to less than 1"))
    if explain:
        parts.append(("506.3", "these modifiers affect only the cost of the Move main phase action"))
    return cost, parts


def move(board: Board, card: Card, area: Area, how: str = "by the Move action") -> None:
    """Move a card to another area, with its attachments (506.1, 509.3)."""
    check_move(board, card, area)
    board.trace.step("506.1", "{card} is moved {how} from {old} to {new}", card=card.label, how=how,
                     old=board.area_name(card.area), new=board.area_name(area))
    _relocate(board, card, area)
    board.trace.step("506.1a", "{card} is put at its new area, {new}", card=card.label, new=board.area_name(area))
    board.trace.step("506.1b", "modifiers begin affecting {card} at its new area", card=card.label)


def send(board: Board, card: Card, area: Area, reason: str, rule: str = "506.5") -> None:
    """Send a card to an area: not the same as moving it (506.5)."""
    check_destination(board, card, area, "sent")
    board.trace.step(rule, "{card} is sent to {new} ({reason})", card=card.label, new=board.area_name(area), reason=reason)
    if rule != "506.5":
        board.trace.step("506.5", "sending a card is not moving it")
    _relocate(board, card, area)


def _relocate(board: Board, card: Card, area: Area) -> None:
    card.area = area
    for other in board.attachments(card):
        other.area = area
        board.trace.step("509.3", "{other} is attached to {card} and is always at its host's area",
                         other=other.label, card=card.label)
