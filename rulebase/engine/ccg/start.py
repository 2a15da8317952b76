"""Starting a game (102): Mane Characters, Starting Problems, the first
player, shuffles, six-card hands and the mulligan; then turn after turn."""

from __future__ import annotations

import random

from rulebase.engine.ccg import deck as decks
from rulebase.engine.ccg.actions import CHANCE_PLAYER, Action
from rulebase.engine.ccg.board import Board, Zone
from rulebase.engine.ccg.priority import decide
from rulebase.engine.ccg.rules import Allowed, check, step
from rulebase.engine.ccg.turn import turn
from rulebase.engine.errors import EngineError
from rulebase.engine.flow import GameEnds, Request
from rulebase.engine.game import Outcome, Termination
from rulebase.engine.rulebook import legal

HAND_SIZE = 6


def chance(s, kind: str, sample, verify, default):
    """Wait for a chance event (a shuffle, who plays first)."""
    request = Request(CHANCE_PLAYER, kind, options=lambda: [], check=verify, sample=sample, default=default)
    action = yield request
    return action


# -- checks ----------------------------------------------------------------------


def _shuffle_reason(board: Board, player: int, zone: Zone, action):
    if not isinstance(action, Action) or action.verb != "shuffle" or action.zone != zone or action.owner != player:
        return f"the game waits for {board.name(player)}'s {zone} to be shuffled"
    if not _holds_the_cards(board, player, zone, action.order):
        return f"a shuffle must hold exactly the cards of {board.name(player)}'s {zone}"


def _holds_the_cards(board: Board, player: int, zone: Zone, order) -> bool:
    return sorted(order or ()) == sorted(c.id for c in board.zone_list(zone, player))


@check("102.3", "each player shuffles their Problem Deck and Draw Deck")
def shuffled_to_start(board: Board, player: int, zone: Zone, action):
    return _shuffle_reason(board, player, zone, action)


@check("102.4a", "to mulligan, a player shuffles their hand into their draw deck")
def shuffled_to_mulligan(board: Board, player: int, zone: Zone, action):
    return _shuffle_reason(board, player, zone, action)


SHUFFLES = {unit.number: unit for unit in (shuffled_to_start, shuffled_to_mulligan)}
"""The check of a shuffle, by the rule that calls for it."""


@check("102.3", "players use an agreed-upon random method to determine which player will play first")
def first_player_chosen(board: Board, action):
    if not isinstance(action, Action) or action.verb != "first-player" or action.owner not in range(len(board.players)):
        return "the game waits for the random choice of the first player"


@check("102.2", "players choose a Starting Problem from their Problem Deck")
def starting_problem_choice(board: Board, index: int, action):
    card = _card(board, action)
    if card is None or card.zone != Zone.PROBLEM_DECK or card.owner != index:
        return "a Starting Problem is chosen from one's own Problem Deck"
    if not card.printed.starting_problem:
        return f"{card} does not have the Starting Problem keyword"


@check("102.4", "once per game, before the start of the first turn, each player may mulligan")
def may_mulligan(board: Board, index: int, action):
    if action.verb == "mulligan":
        return Allowed(f"{board.name(index)} may mulligan once, before the start of the first turn")


def _card(board: Board, action):
    number = getattr(action, "card", None)
    return board.cards[number] if isinstance(number, int) and 0 <= number < len(board.cards) else None


# -- steps -----------------------------------------------------------------------


@step("303.1", "{problem} enters play at {player}'s Problem area, its confront requirements facing the players they apply to")
def problem_enters_play(board: Board, problem):
    owner = board.players[problem.owner]
    board.put(problem, Zone.PLAY, area=owner.problem_area)
    return {"problem": problem.label, "player": owner.name}


@step("102.2", "{player} puts {problem} into play as their Starting Problem")
def put_starting_problem(board: Board, index: int, problem):
    if problem_enters_play(board, problem) is None:
        return None
    return {"player": board.name(index), "problem": problem.label}


def _draw_hand(board: Board, index: int) -> dict:
    player = board.players[index]
    for _ in range(HAND_SIZE):
        if not player.deck:
            break
        board.put(player.deck[0], Zone.HAND)
    return {"player": player.name, "n": len(player.hand)}


@step("102.3", "{player} puts the top {n} cards of their Draw Deck into their hand")
def draw_starting_hand(board: Board, index: int):
    return _draw_hand(board, index)


@step("102.4a", "{player} puts the top {n} cards of their Draw Deck into their hand")
def draw_mulligan_hand(board: Board, index: int):
    return _draw_hand(board, index)


@step("102.4a", "{player} shuffles their hand into their draw deck")
def hand_into_deck(board: Board, index: int):
    player = board.players[index]
    for card in list(player.hand):
        board.put(card, Zone.DRAW_DECK, bottom=True)
    return {"player": player.name}


@step("301.1", "{mane} starts the game in play at {player}'s home, with its Start side face up")
def mane_starts_at_home(board: Board, index: int):
    mane = board.mane(index)
    if mane is None:
        return None
    home = board.players[index].home
    if mane.area != home:
        mane.area = home
    mane.turned_over = False
    mane.face_down = False
    return {"mane": mane.label, "player": board.name(index)}


@step("517.1", "{player} starts the game with zero points")
def starts_with_zero_points(board: Board, index: int):
    board.players[index].score = 0
    return {"player": board.name(index)}


@step("102.5", "the mulligans are complete: the game starts with {player}'s first turn")
def the_game_starts(board: Board):
    from rulebase.engine.ccg.abilities.events import emit

    board.turn.number = 1
    board.turn.player = board.turn.first_player
    emit(board, "game-starts", player=board.turn.first_player)  # "At the start of the game, ..."
    return {"player": board.name(board.turn.first_player)}


# -- the procedure ---------------------------------------------------------------


def shuffle(s, player: int, zone: Zone, rule: str):
    """Shuffle a player's deck: the resulting order is a chance action."""
    board = s.board
    cards = board.zone_list(zone, player)
    unit = SHUFFLES[rule]

    def sample(rng: random.Random):
        order = [c.id for c in cards]
        rng.shuffle(order)
        return Action("shuffle", CHANCE_PLAYER, order=tuple(order), zone=zone, owner=player)

    default = lambda: Action("shuffle", CHANCE_PLAYER, order=tuple(c.id for c in cards), zone=zone, owner=player)
    action = yield from chance(s, f"shuffle {board.name(player)}'s {zone}", sample,
                               lambda action: unit(board, player, zone, action), default)
    if not isinstance(action, Action) or not _holds_the_cards(board, player, zone, action.order):
        raise EngineError(f"{action!r} is not a shuffle of {board.name(player)}'s {zone}: with {rule} switched "
                          "off, the game can't go on")
    cards[:] = [board.cards[i] for i in action.order]
    board.trace.chance("{player} shuffles their {zone}", rule=rule, player=board.name(player), zone=zone)


def start_game(s):
    board = s.board
    trace = board.trace
    for player in board.players:
        mane = board.mane(player.index)
        trace.note("102.1", "{player} has a Draw Deck, a Problem Deck and a Mane Character, {mane}, in play with its Start side face up",
                   player=player.name, mane=mane.label if mane else "none")
        mane_starts_at_home(board, player.index)
        starts_with_zero_points(board, player.index)
    trace.note("513.1", "players own all cards with which they start the game")
    trace.note("401.4", "the players share the play zone and the queue; each has their own other zones")
    choices = {}
    for player in board.players:
        index = player.index
        verify = lambda action, index=index: starting_problem_choice(board, index, action)
        options = lambda index=index, verify=verify: legal(board, _starting_problems(board, index), verify)

        def default(index=index, options=options):
            found = options()
            if not found:
                raise EngineError(f"{board.name(index)} has no Problem they may choose as their Starting Problem")
            return found[0]

        action = yield from decide(s, index, "choose a Starting Problem", options, {"starting-problem": verify},
                                   rule="102.2", default=default)
        problem = _card(board, action)
        if problem is None:
            raise EngineError(f"{action} names no card to put into play as a Starting Problem")
        choices[index] = problem
    for index, problem in choices.items():
        put_starting_problem(board, index, problem)
    first = yield from chance(
        s, "decide who plays first",
        sample=lambda rng: Action("first-player", CHANCE_PLAYER, owner=rng.randrange(len(board.players))),
        verify=lambda action: first_player_chosen(board, action),
        default=lambda: Action("first-player", CHANCE_PLAYER, owner=0))
    if not isinstance(first, Action) or first.owner not in range(len(board.players)):
        raise EngineError(f"{first!r} names no player to play first")
    board.turn.first_player = board.turn.player = first.owner
    trace.chance("{player} plays first, by an agreed-upon random method", rule="102.3", player=board.name(first.owner))
    for player in board.players:
        yield from shuffle(s, player.index, Zone.PROBLEM_DECK, "102.3")
        yield from shuffle(s, player.index, Zone.DRAW_DECK, "102.3")
        draw_starting_hand(board, player.index)
    order = [first.owner] + [p.index for p in board.players if p.index != first.owner]
    mulligans = []
    for index in order:
        verify = lambda action, index=index: may_mulligan(board, index, action)
        options = lambda index=index, verify=verify: legal(board, [Action("keep", index), Action("mulligan", index)],
                                                           verify)
        action = yield from decide(s, index, "keep the hand or mulligan", options,
                                   {"keep": verify, "mulligan": verify}, rule="102.4",
                                   default=lambda index=index: Action("keep", index))
        trace.note("102.4", "{player} chooses {choice}, in turn order", player=board.name(index),
                   choice="to mulligan" if action.verb == "mulligan" else "not to mulligan")
        if action.verb == "mulligan":
            mulligans.append(index)
    for index in mulligans:
        if hand_into_deck(board, index) is None:
            continue
        yield from shuffle(s, index, Zone.DRAW_DECK, "102.4a")
        draw_mulligan_hand(board, index)
    if the_game_starts(board) is None:
        raise EngineError("with 102.5 switched off, the game does not start once the mulligans are complete")
    yield from play_turns(s, "ready")


def _starting_problems(board: Board, index: int) -> list[Action]:
    """One choice per name among the cards of the player's Problem Deck."""
    seen, options = set(), []
    for card in board.players[index].zones[Zone.PROBLEM_DECK]:
        if card.printed.name not in seen:
            seen.add(card.printed.name)
            options.append(Action("starting-problem", index, card.id))
    return options


@step("106.1", "{player}'s turn begins: {player} is the turn player; {others}")
def becomes_turn_player(board: Board, player: int):
    """The next player in turn order begins their turn (616.4) and is the
    turn player, whose turn it is; the others are non-turn players."""
    board.turn.player = player
    others = [someone.name for someone in board.players if someone.index != player and not someone.removed]
    others = " and ".join(others) + (" are non-turn players" if len(others) > 1 else " is a non-turn player")
    return {"player": board.name(player), "others": others}


def play_turns(s, start: str):
    """Take turns, the players in turn, until the game ends (or the turn
    limit is reached)."""
    board = s.board
    while True:
        yield from turn(s, start)
        start = "ready"
        board.turn.number += 1
        order = [p.index for p in board.players if not p.removed]
        becomes_turn_player(board, order[(order.index(board.turn.player) + 1) % len(order)])
        if board.turn_limit is not None and board.turn.number > board.turn_limit:
            board.trace.note("103.1", "the turn limit of the simulation ({limit} turns) is reached: the game stops without a winner",
                              limit=board.turn_limit)
            raise GameEnds(Outcome(Termination.TURN_LIMIT, None))


def new_board(names, deck_list, trace, turn_limit=None, off=frozenset()) -> Board:
    """A board with each player's Mane Character in play and their decks in
    place, unshuffled, after checking the decks (101, 102.1); ``off`` are
    the rules switched off."""
    board = Board(list(names), trace)
    board.turn_limit = turn_limit
    board.off = frozenset(off)
    for index, deck in enumerate(deck_list):
        decks.check(deck, board)
        player = board.players[index]
        mane = board.new_card(deck.mane, index)
        board.put(mane, Zone.PLAY, area=player.home)
        for printed in _labelled(deck.draw):
            card = board.new_card(printed[0], index, printed[1])
            board.put(card, Zone.DRAW_DECK, bottom=True)
        for printed in _labelled(deck.problems):
            card = board.new_card(printed[0], index, printed[1])
            board.put(card, Zone.PROBLEM_DECK, bottom=True)
    return board


def _labelled(cards):
    counts: dict[str, int] = {}
    totals: dict[str, int] = {}
    for printed in cards:
        totals[printed.name] = totals.get(printed.name, 0) + 1
    for printed in cards:
        counts[printed.name] = counts.get(printed.name, 0) + 1
        label = printed.name if totals[printed.name] == 1 else f"{printed.name} #{counts[printed.name]}"
        yield printed, label
