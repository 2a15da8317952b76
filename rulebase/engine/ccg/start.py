"""Starting a game (102): Mane Characters, Starting Problems, the first
player, shuffles, six-card hands and the mulligan; then turn after turn."""

from __future__ import annotations

import random

from rulebase.engine.ccg import deck as decks
from rulebase.engine.ccg.actions import CHANCE_PLAYER, Action
from rulebase.engine.ccg.board import Board, Zone
from rulebase.engine.ccg.priority import decide
from rulebase.engine.ccg.turn import turn
from rulebase.engine.errors import IllegalAction
from rulebase.engine.flow import GameEnds, Request
from rulebase.engine.game import Outcome, Termination

HAND_SIZE = 6


def chance(s, kind: str, sample, verify, default):
    """Wait for a chance event (a shuffle, who plays first)."""
    request = Request(CHANCE_PLAYER, kind, options=lambda: [], check=verify, sample=sample, default=default)
    action = yield request
    return action


def shuffle(s, player: int, zone: Zone, rule: str):
    """Shuffle a player's deck: the resulting order is a chance action."""
    board = s.board
    cards = board.zone_list(zone, player)

    def sample(rng: random.Random):
        order = [c.id for c in cards]
        rng.shuffle(order)
        return Action("shuffle", CHANCE_PLAYER, order=tuple(order), zone=zone, owner=player)

    def verify(action):
        if not isinstance(action, Action) or action.verb != "shuffle" or action.zone != zone or action.owner != player:
            raise IllegalAction(rule, f"the game waits for {board.name(player)}'s {zone} to be shuffled")
        if sorted(action.order or ()) != sorted(c.id for c in cards):
            raise IllegalAction(rule, f"a shuffle must hold exactly the cards of {board.name(player)}'s {zone}")

    default = lambda: Action("shuffle", CHANCE_PLAYER, order=tuple(c.id for c in cards), zone=zone, owner=player)
    action = yield from chance(s, f"shuffle {board.name(player)}'s {zone}", sample, verify, default)
    cards[:] = [board.cards[i] for i in action.order]
    board.trace.chance("{player} shuffles their {zone}", rule=rule, player=board.name(player), zone=zone)


def start_game(s):
    board = s.board
    trace = board.trace
    for player in board.players:
        mane = board.mane(player.index)
        trace.step("102.1", "{player} has a Draw Deck, a Problem Deck and a Mane Character, {mane}, in play with its Start side face up",
                   player=player.name, mane=mane.label if mane else "none")
        trace.step("301.1", "{mane} starts the game in play at {player}'s home", mane=mane.label if mane else "no Mane",
                   player=player.name)
    trace.step("513.1", "players own all cards with which they start the game")
    trace.step("517.1", "players start the game with zero points")
    trace.check("401.4", "the players share the play zone and the queue; each has their own other zones")
    choices = {}
    for player in board.players:
        index = player.index
        options = lambda index=index: _starting_problems(board, index)

        def verify(action, index=index):
            card = board.cards[action.card] if action.card is not None and 0 <= action.card < len(board.cards) else None
            if card is None or card.zone != Zone.PROBLEM_DECK or card.owner != index:
                raise IllegalAction("102.2", "a Starting Problem is chosen from one's own Problem Deck")
            if not card.printed.starting_problem:
                raise IllegalAction("102.2", f"{card} does not have the Starting Problem keyword")

        action = yield from decide(s, index, "choose a Starting Problem", options, {"starting-problem": verify},
                                   rule="102.2", default=lambda index=index: _starting_problems(board, index)[0])
        choices[index] = board.cards[action.card]
    for index, problem in choices.items():
        board.put(problem, Zone.PLAY, area=board.players[index].problem_area)
        trace.step("102.2", "{player} puts {problem} into play as their Starting Problem", player=board.name(index),
                   problem=problem.label)
    first = yield from chance(
        s, "decide who plays first",
        sample=lambda rng: Action("first-player", CHANCE_PLAYER, owner=rng.randrange(len(board.players))),
        verify=lambda action: _check_first(board, action),
        default=lambda: Action("first-player", CHANCE_PLAYER, owner=0))
    board.turn.first_player = board.turn.player = first.owner
    trace.chance("{player} plays first, by an agreed-upon random method", rule="102.3", player=board.name(first.owner))
    for player in board.players:
        yield from shuffle(s, player.index, Zone.PROBLEM_DECK, "102.3")
        yield from shuffle(s, player.index, Zone.DRAW_DECK, "102.3")
        _draw_hand(board, player.index, "102.3")
    order = [first.owner] + [p.index for p in board.players if p.index != first.owner]
    mulligans = []
    for index in order:
        options = lambda index=index: [Action("keep", index), Action("mulligan", index)]
        action = yield from decide(s, index, "keep the hand or mulligan", options,
                                   {"keep": lambda a: None, "mulligan": lambda a: None}, rule="102.4",
                                   default=lambda index=index: Action("keep", index))
        trace.step("102.4", "{player} chooses {choice}, in turn order", player=board.name(index),
                   choice="to mulligan" if action.verb == "mulligan" else "not to mulligan")
        if action.verb == "mulligan":
            mulligans.append(index)
    for index in mulligans:
        player = board.players[index]
        trace.step("102.4a", "{player} shuffles their hand into their draw deck", player=player.name)
        for card in list(player.hand):
            board.put(card, Zone.DRAW_DECK)
        yield from shuffle(s, index, Zone.DRAW_DECK, "102.4a")
        _draw_hand(board, index, "102.4a")
    trace.step("102.5", "the mulligans are complete: the game starts")
    yield from play_turns(s, "ready")


def _draw_hand(board: Board, index: int, rule: str) -> None:
    player = board.players[index]
    for _ in range(HAND_SIZE):
        if not player.deck:
            break
        board.put(player.deck[0], Zone.HAND)
    board.trace.step(rule, "{player} puts the top {n} cards of their Draw Deck into their hand", player=player.name,
                     n=len(player.hand))


def _starting_problems(board: Board, index: int) -> list[Action]:
    seen, options = set(), []
    for card in board.players[index].zones[Zone.PROBLEM_DECK]:
        if card.printed.starting_problem and card.printed.name not in seen:
            seen.add(card.printed.name)
            options.append(Action("starting-problem", index, card.id))
    return options


def _check_first(board: Board, action) -> None:
    if not isinstance(action, Action) or action.verb != "first-player" or action.owner not in range(len(board.players)):
        raise IllegalAction("102.3", "the game waits for the random choice of the first player")


def play_turns(s, start: str):
    """Take turns, the players in turn, until the game ends (or the turn
    limit is reached)."""
    board = s.board
    while True:
        yield from turn(s, start)
        start = "ready"
        board.turn.number += 1
        order = [p.index for p in board.players if not p.removed]
        board.turn.player = order[(order.index(board.turn.player) + 1) % len(order)]
        if board.turn_limit is not None and board.turn.number > board.turn_limit:
            board.trace.check("103.1", "the turn limit of the simulation ({limit} turns) is reached: the game stops without a winner",
                              limit=board.turn_limit)
            raise GameEnds(Outcome(Termination.TURN_LIMIT, None))


def new_board(names, deck_list, trace, turn_limit=None) -> Board:
    """A board with each player's Mane Character in play and their decks in
    place, unshuffled, after checking the decks (101, 102.1)."""
    board = Board(list(names), trace)
    board.turn_limit = turn_limit
    for index, deck in enumerate(deck_list):
        decks.check(deck)
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
