"""Ending the game (104.0.0): a player wins when their Main Character
reaches Stage IV (104.1.0, 304.5.0) or when their opponent tries to draw
from an empty Main Deck (104.2.0, 402.2.0, 601.0.0); when both meet a win
condition at the same time, the game is a draw.

A win condition met is written down (``board.wins``) by the rule that
meets it; :func:`decide` ends the game once the step or the effect's
resolution during which it was met is over (see the interpretation of
104.0.0)."""

from __future__ import annotations

from rulebase.engine.flow import GameEnds
from rulebase.engine.game import Outcome, Termination
from rulebase.engine.tcg.board import MAX_STAGE, Board
from rulebase.engine.tcg.rules import step


@step("104.1.0", "{player}'s Main Character reaches the fourth and final Story stage: {player} wins the game")
def reaches_the_final_stage(board: Board, player: int):
    if board.players[player].stage >= MAX_STAGE and player not in board.wins:
        board.wins[player] = "104.1.0"
        return {"player": board.name(player)}


@step("104.2.0", "{loser} tries to draw from an empty Main Deck: {player} wins the game")
def opponent_draws_from_an_empty_deck(board: Board, loser: int):
    winner = board.opponent(loser)
    if winner not in board.wins:
        board.wins[winner] = "104.2.0"
        return {"loser": board.name(loser), "player": board.name(winner)}


@step("104.0.0", "both players meet a win condition at the same time ({how}): the game is a draw")
def both_win(board: Board):
    if len(board.wins) == 2:
        how = "; ".join(f"{board.name(player)} by {rule}" for player, rule in sorted(board.wins.items()))
        return {"how": how}


@step("104.0.0", "{player} wins: the game ends")
def one_wins(board: Board):
    if len(board.wins) == 1:
        (player,) = board.wins
        return {"player": board.name(player)}


@step("104.0.0", "{player} concedes: the game ends and {winner} wins")
def concedes(board: Board, player: int):
    board.players[player].conceded = True
    return {"player": board.name(player), "winner": board.name(board.opponent(player))}


def decide(board: Board) -> None:
    """End the game if a player met a win condition (104.0.0): a draw when
    both did."""
    if not board.wins:
        return
    if both_win(board) is not None:
        board.outcome = Outcome(Termination.DRAW, None)
        raise GameEnds(board.outcome)
    if one_wins(board) is not None:
        (player,) = board.wins
        board.outcome = Outcome(Termination.WIN, player)
        raise GameEnds(board.outcome)


def concede(board: Board, player: int) -> None:
    """A player concedes: the game ends and the opponent wins."""
    if concedes(board, player) is not None:
        board.outcome = Outcome(Termination.CONCESSION, board.opponent(player))
        raise GameEnds(board.outcome)
