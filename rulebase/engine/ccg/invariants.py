"""What must hold after every step of any game, whatever the players do: no
card lost, duplicated or in two zones (401.1), scores and action tokens never
negative, statuses only where the rules allow them.  The simulator checks
these after every action; a violation is a fault in the engine."""

from __future__ import annotations

from rulebase.engine.ccg.board import OWN_ZONES, Board, Zone
from rulebase.engine.ccg.cards import CardType
from rulebase.engine.errors import InvariantViolation


def holds(board: Board) -> bool:
    """Whether the board keeps every invariant: the same conditions as
    :func:`violations`, asked without putting anything into words (the
    simulator asks after every step, and the answer is nearly always yes)."""
    listed: list[int] = []
    mane, play, queue = CardType.MANE, Zone.PLAY, Zone.QUEUE
    for player in board.players:
        if player.score < 0 or player.tokens < 0:
            return False
        owner = player.index
        for zone in OWN_ZONES:
            removed = zone is Zone.REMOVED
            for card in player.zones[zone]:
                if (card.zone is not zone or card.owner != owner or card.exhausted or card.frightened
                        or card.counters or (card.type is mane and not removed)):
                    return False
                listed.append(card.id)
    for card in board.queue:
        if card.zone is not queue or card.exhausted or card.frightened or card.counters or card.type is mane:
            return False
        listed.append(card.id)
    problems_at = set()
    for card in board.play:
        area = card.area
        if card.zone is not play or area is None or (card.frightened and not card.face_down):
            return False
        kind = card.type
        if kind is CardType.PROBLEM:
            if area.kind != "problem" or area.owner != card.owner or area in problems_at or card.exhausted:
                return False
            problems_at.add(area)
        elif kind is mane and area.kind == "home" and area.owner != card.controller:
            return False
        host = card.host
        if host is not None and (host.zone is not play or host.area != area):
            return False
        listed.append(card.id)
    count = len(board.cards)
    return len(listed) == count and len(set(listed)) == count and (not listed or 0 <= min(listed) and max(listed) < count)


def violations(board: Board) -> list[str]:
    """Every invariant the board breaks, in words."""
    if holds(board):
        return []
    found: list[str] = []
    seen = [None] * len(board.cards)
    counted = 0
    places = [(player.zones[zone], zone, player) for player in board.players for zone in OWN_ZONES]
    places += [(board.play, Zone.PLAY, None), (board.queue, Zone.QUEUE, None)]
    def name(place) -> str:
        zone, player = place
        return f"{player.name}'s {zone}" if player is not None else str(zone)

    for cards, zone, player in places:
        for card in cards:
            place = (zone, player)
            if seen[card.id] is not None:
                found.append(f"401.1: {card.label} is in {name(seen[card.id])} and in {name(place)}")
            else:
                counted += 1
            seen[card.id] = place
            if card.zone is not zone:
                found.append(f"401.1: {card.label} is listed in {name(place)} but marked as in {card.zone}")
            if player is not None and card.owner != player.index:
                found.append(f"406.1: {card.label} is in {name(place)} but owned by {board.name(card.owner)}")
    if counted != len(board.cards):
        for card in board.cards:
            if seen[card.id] is None:
                found.append(f"401.1: {card.label} is in no zone (lost)")
    for player in board.players:
        if player.score < 0:
            found.append(f"517.1: {player.name} has a negative score ({player.score})")
        if player.tokens < 0:
            found.append(f"502.1: {player.name} has negative action tokens ({player.tokens})")
    problems_at = set()
    for card in board.play:
        area = card.area
        if area is None:
            found.append(f"405.1: {card.label} is in play at no area")
            continue
        kind = card.type
        if kind is CardType.PROBLEM:
            if area.kind != "problem" or area.owner != card.owner:
                found.append(f"303.1: {card.label} is in play outside its owner's Problem area")
            if area in problems_at:
                found.append(f"303.1: two Problems at {board.area_name(area)}")
            problems_at.add(area)
            if card.exhausted:
                found.append(f"503.4a: the Problem {card.label} is exhausted")
        elif kind is CardType.MANE and area.kind == "home" and area.owner != card.controller:
            found.append(f"506.2: {card.label} is at the home of a player other than its controller")
        host = card.host
        if host is not None:
            if host.zone is not Zone.PLAY:
                found.append(f"509.3: {card.label} is attached to {host.label}, which is not in play")
            elif host.area != area:
                found.append(f"509.3: {card.label} is not at its host's area")
        if card.frightened and not card.face_down:
            found.append(f"504.1: {card.label} is frightened but face up")
    for card in board.cards:
        zone = card.zone
        if zone is not Zone.PLAY:
            if card.exhausted or card.frightened or card.counters:
                found.append(f"503.4: {card.label} is in the {zone} with a status only cards in play have")
            if card.type is CardType.MANE and zone is not Zone.REMOVED:
                found.append(f"301.5: the Mane Character {card.label} has left play")
    return found


def check(board: Board) -> None:
    """Raise :class:`InvariantViolation` if the board breaks an invariant."""
    found = violations(board)
    if found:
        raise InvariantViolation("; ".join(found))
