"""The Exchange Phase (404.0.0-404.5.0): skipped in the first two turns of
the game; otherwise each column of the Adventure Zone is checked, left to
right.  Where both players have a Character, they Exchange: the Turn
Player, then the opponent, may flip face-up Scenes for their Inspire
effects; each Character's Inspiration is added up; the higher wins, and
the loser's Character is discarded to the Rest Zone (on a tie, both).
Where only the Turn Player has one, they choose an action for their Story
(:mod:`rulebase.engine.tcg.story`); otherwise the column is skipped."""

from __future__ import annotations

from rulebase.engine.rulebook import legal
from rulebase.engine.tcg import effects, story, zones
from rulebase.engine.tcg.actions import Action
from rulebase.engine.tcg.board import ADVENTURE_SPACES, SPACES, Board, Card, Zone
from rulebase.engine.tcg.cards import CardType
from rulebase.engine.tcg.decide import chosen, decide
from rulebase.engine.tcg.effects import Context
from rulebase.engine.tcg.rules import Allowed, check, step
from rulebase.engine.tcg.text import INSPIRE

INSPIRE_DECISION = "flip a face-up Scene for its Inspire effect or pass"


@check("404.0.0", "the Exchange Phase is skipped during the first two turns of the game")
def not_in_the_first_two_turns(board: Board):
    if board.turn.number <= 2:
        return f"turn {board.turn.number} is one of the first two turns of the game: the Exchange Phase is skipped"


@step("404.1.0", "the {column} column is checked: {what}")
def check_column(board: Board, column: int, mine: Card | None, theirs: Card | None):
    """Each column is checked, left to right, for whether both players have
    Characters; without this rule no column is checked, so nothing happens
    in the Exchange Phase."""
    if mine is not None and theirs is not None:
        what = "both players have Characters"
    elif mine is not None:
        what = f"only {board.turn_player.name} has a Character"
    else:
        what = _skipped_why(board, theirs)
    return {"column": SPACES[column], "what": what}


def _skipped_why(board: Board, theirs: Card | None) -> str:
    if theirs is not None:
        return f"only {board.name(board.opponent(board.turn.player))} has a Character"
    return "neither player has a Character"


@step("404.2.0", "both players have Characters in the {column} column ({mine} and {theirs}): they proceed to an "
                 "Exchange")
def proceed_to_exchange(board: Board, column: int, mine: Card, theirs: Card):
    return {"column": SPACES[column], "mine": mine.label, "theirs": theirs.label}


@check("404.4.0", "if only the opponent has a Character in a column, or neither has one, that column is skipped")
def column_not_skipped(board: Board, column: int, mine: Card | None, theirs: Card | None):
    """A column without a Character of the Turn Player's is skipped: no
    action for the Story comes from it (without this rule, the Turn Player
    would choose one there too)."""
    if mine is None:
        return f"{_skipped_why(board, theirs)} in the {SPACES[column]} column: the column is skipped"


@step("404.3.0", "{player} chooses an action for the {column} column: Advance Story or Disrupt Plan")
def choose_an_action(board: Board, column: int):
    return {"player": board.turn_player.name, "column": SPACES[column]}


def exchange_phase(s):
    """Check each column, left to right (404.1.0): an Exchange where both
    players have a Character (404.2.0), an action for the Story where only
    the Turn Player has one (404.3.0), else the column is skipped (404.4.0)."""
    board = s.board
    if not not_in_the_first_two_turns.allows(board):
        return
    me = board.turn.player
    them = board.opponent(me)
    for column in range(ADVENTURE_SPACES):
        board.turn.column = column
        mine, theirs = board.character_at(me, column), board.character_at(them, column)
        if check_column(board, column, mine, theirs) is None:
            continue
        if mine is not None and theirs is not None:
            if proceed_to_exchange(board, column, mine, theirs) is not None:
                yield from exchange(s, column)
        elif column_not_skipped.allows(board, column, mine, theirs):
            if choose_an_action(board, column) is not None:
                yield from story.story_action(s, column)
    board.turn.column = None


# -- Inspire (404.5.0, 204.0.0) -------------------------------------------------------------


@check("404.5.0", "a player activates Inspire abilities by flipping their own face-up Scenes")
def own_scene_with_inspire(board: Board, player: int, card: Card | None):
    if card is None or card.type != CardType.SCENE or card.zone != Zone.SCENE or card.owner != player:
        return f"{card or 'that card'} is not a Scene in {board.name(player)}'s Scene Zone"
    if not card.printed.effects_of(INSPIRE):
        return f"{card} has no Inspire effect to activate"


@check("204.0.0", "flipped (face-down) Scenes can no longer be used for Inspire")
def face_up_scene(board: Board, card: Card):
    if card.face_down:
        return f"{card} is flipped face-down: it can no longer be used for Inspire"
    return Allowed(f"{card} is face-up{' (tapped Scenes may be flipped)' if card.tapped else ''}")


def check_inspire(board: Board, action: Action) -> Card:
    card = board.card(action.card)
    own_scene_with_inspire(board, action.player, card)
    if card is not None:
        face_up_scene(board, card)
    return card


@step("glossary/flip", "{player} flips {card} face-down for its Inspire effect")
def flip_scene(board: Board, player: int, card: Card):
    card.face_down = True
    return {"player": board.name(player), "card": card.label}


def inspire(s, player: int, column: int):
    """A player flips face-up Scenes, one at a time, each resolving its
    Inspire effect, until they pass (404.5.0)."""
    board = s.board
    verify = lambda action: check_inspire(board, action)

    def options():
        candidates = [Action("inspire", player, scene.id) for scene in board.players[player].scenes
                      if not scene.face_down and scene.printed.effects_of(INSPIRE)]
        return [Action("pass", player)] + legal(board, candidates, verify)

    while True:
        action = yield from decide(s, player, INSPIRE_DECISION, options, {"pass": lambda a: None, "inspire": verify},
                                   rule="404.5.0", default=lambda: Action("pass", player), data={"column": column})
        if action.verb == "pass":
            return
        card = chosen(board, action, own_scene_with_inspire)
        if flip_scene(board, player, card) is None:
            return
        subject = board.character_at(player, column)
        for index, _effect in card.printed.effects_of(INSPIRE):
            yield from effects.resolve(s, Context(card, index, player, subject, (), "was flipped for Inspire"))
        yield from effects.settle(s)


# -- the Exchange (404.5.0) -------------------------------------------------------------------


@step("glossary/exchange", "{mine} and {theirs}, opposing in the {column} column, compare their Inspiration")
def compare_inspiration(board: Board, column: int, mine: Card, theirs: Card, totals: list):
    """An Exchange is the comparison of the Inspiration of the opposing
    Characters of a column."""
    totals[:] = [effects.inspiration(board, mine)[0], effects.inspiration(board, theirs)[0]]
    return {"mine": mine.label, "theirs": theirs.label, "column": SPACES[column]}


@step("404.5.0", "{tp} has {mine} Inspiration, {other} has {theirs}: {result}")
def compare(board: Board, column: int, mine: Card, theirs: Card, losers: list):
    totals: list = []
    if compare_inspiration(board, column, mine, theirs, totals) is None:
        return None
    mine_total, theirs_total = totals
    if mine_total > theirs_total:
        losers.append(theirs)
        result = f"{mine.label} wins the Exchange"
    elif theirs_total > mine_total:
        losers.append(mine)
        result = f"{theirs.label} wins the Exchange"
    else:
        losers.extend([mine, theirs])
        result = "tied, both lose"
    return {"tp": mine.label, "mine": mine_total, "other": theirs.label, "theirs": theirs_total, "result": result}


@step("404.5.0", "the loser's Character, {card}, is discarded to the Rest Zone")
def loser_discarded(board: Board, card: Card):
    if card.zone == Zone.ADVENTURE:
        zones.leave_adventure(board, card, Zone.REST, "it lost an Exchange")
        return {"card": card.label}


def exchange(s, column: int):
    """One Exchange (404.5.0)."""
    board = s.board
    me = board.turn.player
    them = board.opponent(me)
    yield from inspire(s, me, column)
    yield from inspire(s, them, column)
    mine, theirs = board.character_at(me, column), board.character_at(them, column)
    if mine is None or theirs is None:
        board.trace.note("404.5.0", "the {column} column no longer has two Characters: there is nothing to compare",
                         column=SPACES[column])
        return
    effects.update_continuous(board)
    effects.inspiration_total(board, mine)
    effects.inspiration_total(board, theirs)
    losers: list = []
    if compare(board, column, mine, theirs, losers) is None:
        return
    for card in losers:
        loser_discarded(board, card)
    yield from effects.settle(s)
