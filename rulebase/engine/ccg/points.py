"""Points and the end of the game: scoring (517), winning at 15 points and
draws (103.2), conceding and leaving the game (103.3-103.5).

Points are scored by the step of the rule that awards them (confronting a
Problem 611.4, defeating a Troublemaker 514.5a, a Problem's bonus 514.5c,
card text 517.2): switching that rule off, the points are not scored."""

from __future__ import annotations

from rulebase.engine.ccg.abilities.events import scored
from rulebase.engine.ccg.board import Board, Scoring, Zone
from rulebase.engine.ccg.rules import check, step
from rulebase.engine.errors import EngineError
from rulebase.engine.flow import GameEnds
from rulebase.engine.game import Outcome, Termination

WINNING_SCORE = 15

SCORES = "{player} scores {points} point{s} ({reason}); {player} has {total}"


def _add_points(board: Board, player: int, amount: int, reason: str) -> dict:
    board.players[player].score += amount
    board.scorings.append(Scoring(player, amount, reason))
    return {"player": board.name(player), "points": amount, "s": "s" * (amount != 1), "reason": reason,
            "total": board.players[player].score}


@step("517.2", SCORES)
def scores_by_card_text(board: Board, player: int, amount: int, reason: str):
    return _add_points(board, player, amount, reason)


@step("611.4", SCORES)
def scores_for_confronting(board: Board, player: int, amount: int, reason: str):
    return _add_points(board, player, amount, reason)


@step("514.5a", SCORES)
def scores_for_defeating(board: Board, player: int, amount: int, reason: str):
    return _add_points(board, player, amount, reason)


@step("514.5c", SCORES)
def scores_problem_bonus(board: Board, player: int, amount: int, reason: str):
    return _add_points(board, player, amount, reason)


SCORING = {unit.number: unit for unit in (scores_by_card_text, scores_for_confronting, scores_for_defeating,
                                          scores_problem_bonus)}
"""The step that scores points, by the rule that awards them."""


@step("517.2", "those points are scored with {cards}")
def scored_with(board: Board, scoring: Scoring, cards: tuple):
    if cards:
        scoring.cards = tuple(c.label for c in cards)
        return {"cards": ", ".join(scoring.cards)}


@check("104.2", "a \"can't\" of card text takes precedence: a player it forbids to score points scores none")
def cant_score(board: Board, player: int, points: int):
    from rulebase.engine.ccg.abilities.continuous import forbidding_score

    found = forbidding_score(board, player)
    if found is not None:
        source, ability = found
        return (f"{source}'s ability says {board.name(player)} can't score points: "
                f"{'1 point is' if points == 1 else f'{points} points are'} not scored ({ability.text or 'its text'})")


def score(board: Board, player: int, points: int, reason: str, cards=(), rule: str = "517.2") -> None:
    """A player scores points; the game ends at once if that makes a winner
    (103.1, 103.2).  ``cards`` are the cards the points are scored with
    (517.2)."""
    score_each(board, {player: points}, reason, {player: tuple(cards)}, rule=rule)


def score_each(board: Board, points: dict[int, int], reason: str, cards: dict | None = None,
               rule: str = "517.2") -> None:
    """Players score points simultaneously; more than one reaching 15 at once
    is a draw (103.2a)."""
    unit = SCORING.get(rule)
    if unit is None:
        raise EngineError(f"no rule of the engine scores points under {rule}: "
                          f"points are scored under {', '.join(SCORING)}")
    from rulebase.engine.ccg.abilities.continuous import note_scored, reaching, scorable

    cards = cards or {}
    for player, amount in points.items():
        amount = scorable(board, player, amount)
        if amount <= 0:
            continue
        if reaching(board, "cant") and not cant_score.allows(board, player, amount):
            continue
        if unit(board, player, amount, reason) is None:
            continue
        note_scored(board, player, amount)
        scored_with(board, board.scorings[-1], tuple(cards.get(player, ())))
        scored(board, player, amount, tuple(cards.get(player, ())))
    check_winner(board)


@step("103.2", "{player} has {score} points, 15 or more, and wins the game")
def wins_with_15_points(board: Board, winners: list[int]):
    if len(winners) == 1:
        return {"player": board.name(winners[0]), "score": board.players[winners[0]].score}


@step("103.2a", "{players} would win the game simultaneously: the game is a draw")
def simultaneous_winners_draw(board: Board, winners: list[int]):
    if len(winners) > 1:
        return {"players": " and ".join(board.name(p) for p in winners)}


def check_winner(board: Board) -> None:
    """End the game if a player has 15 points or more (103.2, 517.1)."""
    winners = [p.index for p in board.players if p.score >= WINNING_SCORE and not p.removed]
    if not winners:
        return
    if wins_with_15_points(board, winners) is not None:
        board.trace.note("517.1", "the game ends as a player reaches 15 points")
        if the_game_ends(board, board.name(winners[0])) is not None:
            raise GameEnds(Outcome(Termination.WIN, winners[0]))
        return
    if simultaneous_winners_draw(board, winners) is not None and ends_in_a_draw(board) is not None:
        raise GameEnds(Outcome(Termination.DRAW, None))


@step("103.2b", "the game ends in a draw: no player wins")
def ends_in_a_draw(board: Board):
    """A game that is a draw ends with no winner (103.2b); with the rule
    switched off, nothing ends it."""
    return {}


@step("103.1", "{player} wins the game: the game ends immediately and no further actions are performed")
def the_game_ends(board: Board, player: str):
    return {"player": player}


@step("103.4", "{player} concedes the game and loses it")
def concedes(board: Board, player: int):
    board.players[player].conceded = True
    return {"player": board.name(player)}


@step("103.5", "{player} loses the game and is removed from it")
def removed_from_the_game(board: Board, player: int):
    loser = board.players[player]
    if loser.conceded and not loser.removed:
        loser.removed = True
        return {"player": loser.name}


@step("103.5a", "all cards {player} owns are removed from the game and {player}'s areas cease to exist")
def cards_removed(board: Board, player: int):
    if not board.players[player].removed:
        return None
    for card in list(board.cards):
        if card.owner == player and card.zone not in (None, Zone.REMOVED):
            board.put(card, Zone.REMOVED)
    for card in board.play:
        if card.controller == player:
            card.controller = card.owner
    return {"player": board.name(player)}


@step("103.3", "{player} has no opponents left in the game and wins it")
def last_player_wins(board: Board, remaining: list[int]):
    if len(remaining) == 1:
        return {"player": board.name(remaining[0])}


def concede(board: Board, player: int) -> None:
    """A player concedes (103.4): they lose and are removed from the game
    (103.5) with their cards (103.5a); a player with no opponents left wins
    (103.3)."""
    concedes(board, player)
    removed_from_the_game(board, player)
    cards_removed(board, player)
    remaining = [p.index for p in board.players if not p.removed]
    if last_player_wins(board, remaining) is not None:
        raise GameEnds(Outcome(Termination.CONCESSION, remaining[0]))
