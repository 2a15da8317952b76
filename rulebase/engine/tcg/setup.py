"""Starting the game (103.0.0): each player's Main and Scene Decks are
shuffled and cut by the opponent (103.1.0), the Main Character and the
Story cards placed (103.2.0), who goes first determined (103.3.0), then
five-card hands, a Plan on each Story stage and the first Scene (103.4.0).
Shuffles, cuts and who goes first are chance actions, recorded so that a
game replays exactly; each outcome is applied by a step of its rule (a
rule switched off leaves the decks as they are, or the first seat to go
first); a deck reshuffled during the game is cut again (103.1.1)."""

from __future__ import annotations

import random

from rulebase.engine.errors import EngineError
from rulebase.engine.flow import Request
from rulebase.engine.tcg import deck as decks
from rulebase.engine.tcg import effects
from rulebase.engine.tcg.actions import CHANCE_PLAYER, Action
from rulebase.engine.tcg.board import MAX_STAGE, Board, Zone
from rulebase.engine.tcg.cards import STAGES
from rulebase.engine.tcg.rules import check, step
from rulebase.engine.tcg.turn import play_turns

HAND_SIZE = 5


def chance(kind: str, sample, verify, default):
    """Wait for a chance event (a shuffle, a cut, who goes first)."""
    request = Request(CHANCE_PLAYER, kind, options=list, check=verify, sample=sample, default=default)
    action = yield request
    return action


# -- shuffling and cutting (103.1.0, 103.1.1) ---------------------------------------------


def _shuffle_reason(board: Board, player: int, zone: Zone, action):
    if not isinstance(action, Action) or action.verb != "shuffle" or action.zone != zone or action.owner != player:
        return f"the game waits for {board.name(player)}'s {zone} to be shuffled"
    if sorted(action.order or ()) != sorted(card.id for card in board.zone_list(zone, player)):
        return f"a shuffle must hold exactly the cards of {board.name(player)}'s {zone}"


def _cut_reason(board: Board, player: int, zone: Zone, action):
    if not isinstance(action, Action) or action.verb != "cut" or action.zone != zone or action.owner != player:
        return f"the game waits for {board.name(board.opponent(player))} to cut {board.name(player)}'s {zone}"
    size = len(board.zone_list(zone, player))
    if action.amount is None or not 0 <= action.amount < max(size, 1):
        return f"a cut moves from 0 to {max(size - 1, 0)} cards from the top of the {zone} to the bottom"


@check("103.1.0", "each player shuffles their Main and Scene Decks thoroughly")
def shuffled_to_start(board: Board, player: int, zone: Zone, action):
    return _shuffle_reason(board, player, zone, action)


@check("103.1.0", "each player allows their opponent to cut each deck")
def cut_to_start(board: Board, player: int, zone: Zone, action):
    return _cut_reason(board, player, zone, action)


@check("103.1.1", "a deck reshuffled during the game is shuffled")
def reshuffled(board: Board, player: int, zone: Zone, action):
    return _shuffle_reason(board, player, zone, action)


@check("103.1.1", "if a deck is reshuffled during the game, the opponent cuts it again afterward")
def cut_again(board: Board, player: int, zone: Zone, action):
    return _cut_reason(board, player, zone, action)


@step("glossary/cut", "{opponent} cuts {player}'s {zone}: {n} card{s} from the top go to the bottom")
def cut(board: Board, player: int, zone: Zone, amount: int):
    """To cut is to divide a shuffled deck: the top ``amount`` cards go to
    the bottom."""
    cards = board.zone_list(zone, player)
    cards[:] = cards[amount:] + cards[:amount]
    return {"opponent": board.name(board.opponent(player)), "player": board.name(player), "zone": zone, "n": amount,
            "s": "s" * (amount != 1)}


def _shuffled(board: Board, player: int, zone: Zone, order) -> None:
    """A deck takes the order of a shuffle; what anyone saw of its cards
    is no longer known."""
    cards = board.zone_list(zone, player)
    cards[:] = [board.cards[index] for index in order]
    if board.shown:
        for card in cards:
            board.shown.pop(card.id, None)


@step("103.1.0", "{player} shuffles their {zone} thoroughly before the first turn")
def shuffle_before_play(board: Board, player: int, zone: Zone, order):
    _shuffled(board, player, zone, order)
    return {"player": board.name(player), "zone": zone}


@step("103.1.0", "{player} allows {opponent} to cut their {zone} before the first turn")
def cut_before_play(board: Board, player: int, zone: Zone, amount: int):
    if cut(board, player, zone, amount) is not None:
        return {"player": board.name(player), "opponent": board.name(board.opponent(player)), "zone": zone}


@step("103.1.1", "{player}'s {zone} was reshuffled during the game: {player} allows {opponent} to cut it again "
                 "afterward")
def cut_after_reshuffle(board: Board, player: int, zone: Zone, amount: int):
    if cut(board, player, zone, amount) is not None:
        return {"player": board.name(player), "opponent": board.name(board.opponent(player)), "zone": zone}


def shuffle(s, player: int, zone: Zone, shuffle_unit, cut_unit, shuffle_step=None, cut_step=cut_before_play):
    """Shuffle one of a player's decks, then the opponent cuts it: both
    outcomes are chance actions, applied by ``shuffle_step`` (a card's
    instruction to shuffle when ``None``) and ``cut_step``."""
    board = s.board
    cards = board.zone_list(zone, player)

    def sample(rng: random.Random):
        order = [card.id for card in cards]
        rng.shuffle(order)
        return Action("shuffle", CHANCE_PLAYER, order=tuple(order), zone=zone, owner=player)

    default = lambda: Action("shuffle", CHANCE_PLAYER, order=tuple(card.id for card in cards), zone=zone, owner=player)
    action = yield from chance(f"shuffle {board.name(player)}'s {zone}", sample,
                               lambda action: shuffle_unit(board, player, zone, action), default)
    if _shuffle_reason(board, player, zone, action) is not None:
        raise EngineError(f"{action!r} is not a shuffle of {board.name(player)}'s {zone}: with {shuffle_unit.number} "
                          "switched off, the game can't go on")
    board.trace.chance("{player} shuffles their {zone}", rule=shuffle_unit.number, player=board.name(player), zone=zone)
    if shuffle_step is None:
        _shuffled(board, player, zone, action.order)
    else:
        shuffle_step(board, player, zone, action.order)

    def sample_cut(rng: random.Random):
        return Action("cut", CHANCE_PLAYER, zone=zone, owner=player, amount=rng.randrange(max(len(cards), 1)))

    action = yield from chance(f"{board.name(board.opponent(player))} cuts {board.name(player)}'s {zone}", sample_cut,
                               lambda action: cut_unit(board, player, zone, action),
                               lambda: Action("cut", CHANCE_PLAYER, zone=zone, owner=player, amount=0))
    if _cut_reason(board, player, zone, action) is None:
        cut_step(board, player, zone, action.amount)


def reshuffle(s, player: int):
    """A Main Deck reshuffled during the game, as a card says, is cut again
    (103.1.1)."""
    yield from shuffle(s, player, Zone.MAIN_DECK, reshuffled, cut_again, cut_step=cut_after_reshuffle)
    return True


# -- placing the Story, who goes first, the hands (103.2.0-103.4.0) ------------------------


@step("103.2.0", "{player} places their Main Character, {main}, to the left of their Story Zone, and the Story cards "
                 "from left to right in ascending phase order: {story}")
def place_story(board: Board, player: int):
    someone = board.players[player]
    someone.story.sort(key=lambda card: card.printed.stage or 0)
    someone.stage = 0
    main = someone.main_character
    return {"player": someone.name, "main": main.label if main else "no Main Character",
            "story": ", ".join(f"{STAGES[card.printed.stage - 1]} {card.label}" for card in someone.story)}


@check("103.3.0", "players determine who goes first by an agreed-upon method")
def first_player_determined(board: Board, action):
    if not isinstance(action, Action) or action.verb != "first-player" or action.owner not in (0, 1):
        return "the game waits for the players to determine who goes first"


@step("103.3.0", "{player} goes first, as the players determined by an agreed-upon method")
def goes_first(board: Board, player: int):
    """The player determined takes the first turn; without this rule no one
    is determined and the first seat plays first."""
    board.turn.first_player = board.turn.player = player
    return {"player": board.name(player)}


@step("103.4.0", "{player} draws {n} cards from the top of their Main Deck as a starting hand")
def draw_starting_hand(board: Board, player: int):
    someone = board.players[player]
    for _ in range(HAND_SIZE):
        if not someone.main_deck:
            break
        board.put(someone.main_deck[0], Zone.HAND)
    return {"player": someone.name, "n": len(someone.hand)}


@step("103.4.0", "{player} places the top {n} cards of their Main Deck face-down, one on top of each Story card: "
                 "these are Plans")
def place_plans(board: Board, player: int):
    someone = board.players[player]
    placed = 0
    for stage in range(1, MAX_STAGE + 1):
        if someone.plans[stage - 1] is None and someone.main_deck:
            board.put(someone.main_deck[0], Zone.PLANS, stage=stage)
            placed += 1
    if placed:
        return {"player": someone.name, "n": placed}


@step("103.4.0", "{player} draws {card} from their Scene Deck and places it face-up in their Scene Zone")
def first_scene(board: Board, player: int):
    deck = board.players[player].scene_deck
    if deck:
        card = deck[0]
        board.put(card, Zone.SCENE)
        return {"player": board.name(player), "card": card.label}


@step("103.0.0", "before the first turn, {players} perform the setup")
def before_the_first_turn(board: Board):
    """Before the first turn the players perform the setup (103.1.0-103.4.0);
    without this rule the first turn starts from the decks as they are."""
    return {"players": " and ".join(player.name for player in board.players)}


def perform_setup(s):
    """The setup's steps, in the order of 103.1.0-103.4.0."""
    board = s.board
    for player in board.players:
        yield from shuffle(s, player.index, Zone.MAIN_DECK, shuffled_to_start, cut_to_start, shuffle_before_play)
        yield from shuffle(s, player.index, Zone.SCENE_DECK, shuffled_to_start, cut_to_start, shuffle_before_play)
    for player in board.players:
        place_story(board, player.index)
    first = yield from chance(
        "determine who goes first",
        sample=lambda rng: Action("first-player", CHANCE_PLAYER, owner=rng.randrange(2)),
        verify=lambda action: first_player_determined(board, action),
        default=lambda: Action("first-player", CHANCE_PLAYER, owner=0))
    if not isinstance(first, Action) or first.owner not in (0, 1):
        raise EngineError(f"{first!r} names no player to go first")
    board.trace.chance("the players determine who goes first: {player}", rule="103.3.0",
                       player=board.name(first.owner))
    goes_first(board, first.owner)
    for player in board.players:
        draw_starting_hand(board, player.index)
    for player in board.players:
        place_plans(board, player.index)
    for player in board.players:
        first_scene(board, player.index)


def start_game(s):
    """The setup of 103.0.0, then turn after turn.  Until a player is
    determined to go first (103.3.0), the first seat is."""
    board = s.board
    board.turn.number = 1
    board.turn.first_player = board.turn.player = 0
    if before_the_first_turn(board) is not None:
        yield from perform_setup(s)
    effects.update_continuous(board)
    yield from play_turns(s, "start")


# -- a board from two decks -------------------------------------------------------------------


def labelled(cards):
    """Each card with its label: its name, and a copy number where the deck
    holds several copies (``Lyra #2``)."""
    totals: dict[str, int] = {}
    for printed in cards:
        totals[printed.name] = totals.get(printed.name, 0) + 1
    counts: dict[str, int] = {}
    for printed in cards:
        counts[printed.name] = counts.get(printed.name, 0) + 1
        yield printed, printed.name if totals[printed.name] == 1 else f"{printed.name} #{counts[printed.name]}"


def new_board(names, deck_list, trace, turn_limit=None, off=frozenset()) -> Board:
    """A board with each player's decks in their deck zones, unshuffled, and
    their Main Character and Story cards in their Story Zone, after checking
    the decks (102.0.0-102.1.3); ``off`` are the rules switched off."""
    board = Board(list(names), trace)
    board.turn_limit = turn_limit
    board.off = frozenset(off)
    for index, deck in enumerate(deck_list):
        decks.check(deck, board)
        for printed, label in labelled(deck.main):
            board.put(board.new_card(printed, index, label), Zone.MAIN_DECK, bottom=True)
        for printed, label in labelled(deck.scenes):
            board.put(board.new_card(printed, index, label), Zone.SCENE_DECK, bottom=True)
        for printed, label in labelled(deck.story):
            board.put(board.new_card(printed, index, label), Zone.STORY)
        board.put(board.new_card(deck.main_character, index), Zone.STORY)
    return board
