"""Points and the end of the game: scoring (517), winning at 15 points and
draws (103.2), conceding and leaving the game (103.3-103.5)."""

from __future__ import annotations

from rulebase.engine.ccg.board import Board, Scoring, Zone
from rulebase.engine.flow import GameEnds
from rulebase.engine.game import Outcome, Termination

WINNING_SCORE = 15


def score(board: Board, player: int, points: int, reason: str, cards=(), rule: str = "517.2") -> None:
    """A player scores points; the game ends at once if that makes a winner
    (103.1, 103.2).  ``cards`` are the cards the points are scored with
    (517.2)."""
    score_each(board, {player: points}, reason, {player: tuple(cards)}, rule=rule)


def score_each(board: Board, points: dict[int, int], reason: str, cards: dict | None = None,
               rule: str = "517.2") -> None:
    """Players score points simultaneously; more than one reaching 15 at once
    is a draw (103.2a)."""
    cards = cards or {}
    for player, amount in points.items():
        if amount <= 0:
            continue
        board.players[player].score += amount
        with_cards = tuple(cards.get(player, ()))
        board.scorings.append(Scoring(player, amount, reason, tuple(c.label for c in with_cards)))
        board.trace.step(rule, "{player} scores {points} point{s} ({reason}); {player} has {total}",
                         player=board.name(player), points=amount, s="s" * (amount != 1), reason=reason,
                         total=board.players[player].score)
        if with_cards:
            board.trace.step("517.2", "those points are scored with {cards}",
                             cards=", ".join(c.label for c in with_cards))
    check_winner(board)


def check_winner(board: Board) -> None:
    """End the game if a player has 15 points or more (103.2, 517.1)."""
    winners = [p.index for p in board.players if p.score >= WINNING_SCORE and not p.removed]
    if not winners:
        return
    if len(winners) == 1:
        board.trace.step("103.2", "{player} has {score} points, 15 or more, and wins the game",
                         player=board.name(winners[0]), score=board.players[winners[0]].score)
        board.trace.step("517.1", "the game ends as a player reaches 15 points")
        board.trace.step("103.1", "the game ends immediately; no further actions are performed")
        raise GameEnds(Outcome(Termination.WIN, winners[0]))
    board.trace.step("103.2a", "{players} would win the game simultaneously: the game is a draw",
                     players=" and ".join(board.name(p) for p in winners))
    board.trace.step("103.2b", "the game ends in a draw: no player wins")
    raise GameEnds(Outcome(Termination.DRAW, None))


def concede(board: Board, player: int) -> None:
    """A player concedes (103.4): they lose and are removed from the game
    (103.5) with their cards (103.5a); a player with no opponents left wins
    (103.3)."""
    loser = board.players[player]
    loser.conceded = True
    board.trace.step("103.4", "{player} concedes the game and loses it", player=loser.name)
    board.trace.step("103.5", "{player} loses the game and is removed from it", player=loser.name)
    loser.removed = True
    for card in list(board.cards):
        if card.owner == player and card.zone not in (None, Zone.REMOVED):
            board.put(card, Zone.REMOVED)
    for card in board.play:
        if card.controller == player:
            card.controller = card.owner
    board.trace.step("103.5a", "all cards {player} owns are removed from the game and {player}'s areas cease to exist",
                     player=loser.name)
    remaining = [p.index for p in board.players if not p.removed]
    if len(remaining) == 1:
        board.trace.step("103.3", "{player} has no opponents left in the game and wins it",
                         player=board.name(remaining[0]))
        raise GameEnds(Outcome(Termination.CONCESSION, remaining[0]))
