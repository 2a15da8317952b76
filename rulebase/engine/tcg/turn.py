"""The turn (401.0.0): the Start Phase (untap, draw, add a Scene: 402.0.0),
the Main Phase (:mod:`rulebase.engine.tcg.play`), the Exchange Phase
(:mod:`rulebase.engine.tcg.exchange`) and the End Phase (effects that
last the turn expire, the Turn Player discards down to 10: 405.0.0); then
the other player's turn."""

from __future__ import annotations

from rulebase.engine.flow import GameEnds
from rulebase.engine.game import Outcome, Termination
from rulebase.engine.rulebook import legal
from rulebase.engine.tcg import effects, ending, exchange, play, zones
from rulebase.engine.tcg.actions import Action
from rulebase.engine.tcg.board import PHASE_NAMES, PHASES, Board, Card, Zone
from rulebase.engine.tcg.decide import checkpoint, chosen, decide
from rulebase.engine.tcg.rules import Allowed, check, step

HAND_LIMIT = 10


def turn(s, start: str = "start"):
    """Take the Turn Player's turn, from phase ``start``: each phase in
    order, even if nothing happens in it (401.0.0)."""
    board = s.board
    procedures = {"start": start_phase, "main": play.main_phase, "exchange": exchange.exchange_phase,
                  "end": end_phase}
    board.trace.note("401.0.0", "turn {n}: {player} is the Turn Player", n=board.turn.number,
                     player=board.turn_player.name)
    for phase in PHASES[PHASES.index(start):]:
        if enter(board, phase) is None:
            continue
        yield from checkpoint(s, phase)
        yield from procedures[phase](s)
    board.turn.step = "over"
    yield from checkpoint(s, "end of turn")


@step("401.0.0", "the {phase} begins")
def enter(board: Board, phase: str, at: str | None = None):
    """Each turn is divided into 4 phases, gone through in order even if
    nothing happens in them."""
    board.turn.phase = phase
    board.turn.step = at
    return {"phase": PHASE_NAMES[phase]}


# -- the Start Phase (402.0.0) -----------------------------------------------------------


@step("402.1.0", "Untap Step: {player} untaps all their tapped Characters and Scenes ({cards})")
def untap_all(board: Board, player: int):
    someone = board.players[player]
    untapped = [card for card in someone.characters() + someone.scenes if card.tapped]
    for card in untapped:
        card.tapped = False
    if untapped:
        return {"player": someone.name, "cards": ", ".join(card.label for card in untapped)}


@check("402.2.0", "the Draw Step is skipped on the first turn of the game")
def not_the_first_turn(board: Board):
    if board.turn.number == 1:
        return "it is the first turn of the game: the Draw Step is skipped"


@step("402.2.0", "Draw Step: {player}'s Main Deck is empty: {player} loses the game")
def empty_main_deck_loses(board: Board, player: int):
    if not board.players[player].main_deck:
        ending.opponent_draws_from_an_empty_deck(board, player)
        return {"player": board.name(player)}


@step("402.2.0", "Draw Step: {player} draws 1 card")
def draw_step(board: Board, player: int):
    if zones.draw_card(board, player) is not None:
        return {"player": board.name(player)}


@check("402.3.0", "if the Scene Deck is empty, the Add Scene Step is skipped")
def scene_deck_not_empty(board: Board, player: int):
    if not board.players[player].scene_deck:
        return f"{board.name(player)}'s Scene Deck is empty: the Add Scene Step is skipped"


@step("402.3.0", "Add Scene Step: {player} adds the top card of their Scene Deck, {card}, to their Scene Zone")
def add_scene(board: Board, player: int):
    deck = board.players[player].scene_deck
    if deck:
        card = deck[0]
        board.put(card, Zone.SCENE)
        return {"player": board.name(player), "card": card.label}


@step("402.0.0", "{player}'s Start Phase includes the Untap Step, the Draw Step and the Add Scene Step")
def start_phase_steps(board: Board, player: int):
    """The Start Phase is made of its three steps (without this rule the
    phase has none: nothing untaps, is drawn or added)."""
    return {"player": board.name(player)}


def start_phase(s):
    board = s.board
    player = board.turn.player
    if start_phase_steps(board, player) is None:
        return
    board.turn.step = "untap"
    untap_all(board, player)
    yield from effects.settle(s)
    board.turn.step = "draw"
    if not_the_first_turn.allows(board):
        if empty_main_deck_loses(board, player) is None:
            draw_step(board, player)
        yield from effects.settle(s)
    board.turn.step = "add scene"
    if scene_deck_not_empty.allows(board, player):
        add_scene(board, player)
        yield from effects.settle(s)


# -- the End Phase (405.0.0) ------------------------------------------------------------


@step("405.1.0", "the temporary effects on {card} that last until end of turn clear ({changes})")
def clear_temporary(board: Board, card: Card):
    if card.boosts:
        changes = ", ".join(f"{boost.amount:+d}" for boost in card.boosts)
        card.boosts = []
        return {"card": card.label, "changes": changes}


@check("405.2.0", "if the Turn Player has more than 10 cards in hand, they must discard until they have 10")
def within_the_hand_limit(board: Board, player: int):
    n = len(board.players[player].hand)
    if n > HAND_LIMIT:
        return f"{board.name(player)} has {n} cards in hand, more than 10, and must discard"


@check("307.0.0", "the hand size is checked in the End Phase: only the Turn Player discards down to 10")
def only_the_turn_player_discards(board: Board, player: int):
    if player != board.turn.player and len(board.players[player].hand) > HAND_LIMIT:
        return Allowed(f"{board.name(player)} has {len(board.players[player].hand)} cards in hand but is not the Turn "
                       "Player: there is no maximum hand size during the game")


@check("405.2.0", "only the Turn Player discards down to 10, in their End Phase")
def only_the_turn_player_in_the_end_phase(board: Board, player: int):
    if player != board.turn.player and len(board.players[player].hand) > HAND_LIMIT:
        return Allowed(f"{board.name(player)} has {len(board.players[player].hand)} cards in hand but is not the Turn "
                       f"Player: only the Turn Player discards down to 10 in the End Phase")


@check("602.0.0", "cards discarded due to hand size during the End Phase do not trigger Farewell or other effects")
def hand_size_discards_trigger_nothing(board: Board, card: Card):
    if card.printed.effects_of("discard"):
        return f"{card} is discarded due to hand size: its discard effect does not trigger"


@step("405.2.0", "{player} has {n} cards in hand, more than 10, and discards {card} to the Rest Zone")
def discard_to_the_limit(board: Board, player: int, card: Card):
    n = len(board.players[player].hand)
    if card.zone == Zone.HAND and card.owner == player and zones.onto_the_discard_pile(board, card) is not None:
        return {"player": board.name(player), "n": n, "card": card.label}


def discard_down(s, player: int):
    """A player with more than 10 cards discards until they have 10; the
    discards trigger nothing (405.2.0, 602.0.0)."""
    board = s.board
    hand = board.players[player].hand
    verify = lambda action: zones.discardable(board, player, board.card(action.card))
    options = lambda: legal(board, [Action("discard", player, card.id) for card in hand], verify)
    while len(hand) > HAND_LIMIT:
        action = yield from decide(s, player, "choose a card to discard down to 10", options, {"discard": verify},
                                   rule="405.2.0")
        card = chosen(board, action, zones.discardable)
        if discard_to_the_limit(board, player, card) is None:
            break
        if hand_size_discards_trigger_nothing.allows(board, card):
            effects.discard_triggers(board, card)
            yield from effects.settle(s)


def end_phase(s):
    board = s.board
    player = board.turn.player
    board.turn.step = "clear"
    for card in board.characters():
        clear_temporary(board, card)
    board.turn.step = "hand size"
    for someone in (player, board.opponent(player)):
        if someone != player:
            exempt = [unit for unit in (only_the_turn_player_discards, only_the_turn_player_in_the_end_phase)
                      if unit.verdict(board, someone) is not None]
            for unit in exempt:
                unit(board, someone)
            if exempt:
                continue
        if not within_the_hand_limit.allows(board, someone):
            yield from discard_down(s, someone)
    yield from effects.settle(s)


# -- turn after turn ----------------------------------------------------------------------


def play_turns(s, start: str):
    """Take turns, the players alternating (401.0.0), until the game ends
    (or the turn limit of a simulation is reached)."""
    board = s.board
    while True:
        yield from turn(s, start)
        start = "start"
        board.turn.number += 1
        board.turn.player = board.opponent(board.turn.player)
        if board.turn_limit is not None and board.turn.number > board.turn_limit:
            board.trace.note("104.0.0", "the turn limit of the simulation ({limit} turns) is reached: the game stops "
                             "without a winner", limit=board.turn_limit)
            board.outcome = Outcome(Termination.TURN_LIMIT, None)
            raise GameEnds(board.outcome)
