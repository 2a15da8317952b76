"""Loops (802): a series of actions that could be taken again and again,
found when the game comes back to a state it was in before an action of
the same priority window (802.1), repeated the number of times the players
in it choose (802.2), and broken by an action that takes the game out of
it (802.4).  The endless faceoff tie, a loop of mandatory flips, is
802.3's, in :mod:`rulebase.engine.ccg.faceoffs`.

The state compared is what the players can act on: every card's zone,
area, host and status, the players' zones, action tokens and points, the
turn, the faceoffs and the modifiers lasting for a while.  A loop whose
iterations change the state (each one adds a modifier) never comes back
to where it was and is not found.

Only actions count (705.1): passing priority is none, so the same series
with passes between its actions is still the same loop.
"""

from __future__ import annotations

from operator import attrgetter

from rulebase.engine.ccg.actions import Action
from rulebase.engine.ccg.rules import Allowed, check, step

NUMBERS_LISTED = 10
"""How many numbers the legal answers to "choose a number" list (0 to 9);
any number that is not negative may be chosen."""

CHOOSE = "choose the number of times the loop is repeated"
"""The decision of 802.2 of the player who must choose a number."""

CHOOSE_SMALLER = "choose a smaller number of times the loop is repeated, or pass"
"""The decision of 802.2 of the other players in the loop, in turn order."""


class Loop:
    """A loop found (802.1): the states its iteration goes through (the
    first is where each iteration starts), the actions taken in it, the
    players who took them in order, the number of repetitions chosen, the
    player who chose the smallest number, and the repetitions done."""

    __slots__ = ("actions", "chooser", "done", "number", "players", "start", "states")

    def __init__(self, states: list, actions: set, players: list):
        self.states = states
        self.start = states[0]
        self.actions = actions
        self.players = players
        self.number: int | None = None
        self.chooser: int | None = None
        self.done = 0

    @property
    def completed(self) -> bool:
        return self.number is not None and self.done >= self.number


class Tracker:
    """The actions of the current priority window, each with the state
    before it, and the loop under way."""

    __slots__ = ("history", "loop")

    def __init__(self):
        self.history: list = []
        self.loop: Loop | None = None


def tracker(board) -> Tracker:
    found = getattr(board, "looping", None)
    if found is None:
        found = Tracker()
        board.looping = found
    return found


def window_opens(board) -> None:
    """A priority window opens: a loop of the window before it is over."""
    board.looping = Tracker()


# -- the state compared ------------------------------------------------------------------


CARD_STATUS = attrgetter("zone", "area", "controller", "exhausted", "frightened", "face_down", "counters",
                         "turned_over", "host", "ignored", "cannot_move")
LASTING = ("lasting", "delayed", "cost_changes", "beneath")
"""The board's records of modifiers and cards set aside for a while: a
loop adding to one of them does not come back to the same state."""


def state(board) -> tuple:
    """What of the game an action can change, as a value to compare (with
    ``==``: the cards in it are the same objects, compared as such).  The
    modifiers and colors a card has been given are listed only for the
    cards that have some, by card id (taken before and after every action,
    over every card of the game: most have none).  What most actions
    change (action tokens, scores, the cards in each zone, the turn) comes
    first, so that two different states are most often told apart without
    comparing the status of every card."""
    cards = board.cards
    players = tuple([(p.tokens, p.score, p.removed, p.extra_flips, tuple(map(tuple, p.zones.values())))
                     for p in board.players])
    turn = board.turn
    lasting = tuple([len(getattr(board, name, None) or ()) for name in LASTING])
    given = tuple([(card.id, tuple(card.modifiers), tuple(card.gained)) for card in cards
                   if card.modifiers or card.gained])
    return (players, (turn.number, turn.player, turn.phase, turn.step), len(board.faceoffs),
            board.faceoff is not None, tuple(board.play), lasting, given, tuple(map(CARD_STATUS, cards)))


def signature(action: Action) -> str:
    return action.name()


# -- 802.1: finding a loop ---------------------------------------------------------------


@step("802.1", "the game is back where it was before {actions}: that series of actions can be taken indefinitely, "
               "a loop")
def loop_found(board, series: list):
    return {"actions": ", ".join(f"{board.name(player)}: {words}" for _, _, player, words in series)}


@step("802.2", "after a full iteration of the loop, {player}, the next player with the opportunity to take an "
               "optional action in it, must choose a number")
def must_choose(board, player: int):
    return {"player": board.name(player)}


@check("105.1", "players asked to choose a number can choose any non-negative integer")
def non_negative_integer(board, action: Action):
    number = action.amount
    if not isinstance(number, int) or isinstance(number, bool) or number < 0:
        return f"{number!r} is not a non-negative integer, which is what a player asked to choose a number chooses"


@check("802.2", "each player in the loop chooses a number, every one after the first smaller than the smallest yet")
def number_allowed(board, smallest: int | None, action: Action):
    non_negative_integer(board, action)
    number = action.amount
    if smallest is not None and number >= smallest:
        return f"{number} is not smaller than {smallest}, the smallest number chosen so far"
    return Allowed(f"{board.name(action.player)} chooses {number}")


@step("802.2", "the smallest number chosen is {number}, {player}'s: the loop is repeated {number} time{s}, then "
               "{player} can't take an action that would continue it")
def repeated(board, loop: Loop, number: int, player: int):
    loop.number, loop.chooser = number, player
    return {"number": number, "s": "s" * (number != 1), "player": board.name(player)}


@step("802.2", "{player} completes repetition {done} of {number} of the loop")
def repetition_done(board, loop: Loop):
    loop.done += 1
    return {"player": board.name(loop.chooser), "done": loop.done, "number": loop.number}


@check("802.2", "after the number of repetitions chosen, the player who chose it can't take an action that would "
                "continue the loop")
def continues_loop(board, action: Action):
    loop = tracker(board).loop
    if loop is None or not loop.completed or action.player != loop.chooser:
        return None
    if signature(action) in loop.actions and state(board) in loop.states:
        return (f"the loop has been repeated the {loop.number} time{'s' * (loop.number != 1)} chosen: "
                f"{board.name(action.player)} can't take an action that would continue it")


def allows(board, action: Action) -> bool:
    """Whether taking ``action`` with priority would not continue a loop
    repeated as many times as its chooser chose (802.2); for listing the
    legal actions."""
    loop = tracker(board).loop
    return loop is None or not loop.completed or continues_loop.allows(board, action)


@step("802.4", "{player} breaks the loop before its {number} repetitions: the action takes the game out of it, the "
               "loop ends and play proceeds")
def broken(board, loop: Loop, player: int):
    return {"player": board.name(player), "number": "chosen" if loop.number is None else loop.number}


def after_action(s, action: Action, before: tuple):
    """Follow an action taken (705.1) in the current priority window: a
    loop under way is repeated, completed or broken; otherwise, a return to
    a state before an earlier action of the window is a loop, whose
    number of repetitions its players choose (802.2)."""
    board = s.board
    follow = tracker(board)
    follow.history.append((before, signature(action), action.player, s.describe(action)))
    now = state(board)
    loop = follow.loop
    if loop is not None:
        if now in loop.states:
            if now == loop.start and loop.number is not None and signature(action) in loop.actions:
                repetition_done(board, loop)
            return
        if not loop.completed and broken(board, loop, action.player) is None:
            return
        follow.loop = None
        follow.history = []
        return
    for index, (earlier, _, _, _) in enumerate(follow.history):
        if earlier == now:
            series = follow.history[index:]
            break
    else:
        return
    if loop_found(board, series) is None:
        return
    players: list = []
    for _, _, player, _ in series:
        if player not in players:
            players.append(player)
    loop = Loop([earlier for earlier, _, _, _ in series], {words for _, words, _, _ in series}, players)
    follow.loop = loop
    yield from choose_numbers(s, loop)


def choose_numbers(s, loop: Loop):
    """802.2: the player of the loop's next action chooses a number, then in
    turn order each other player in the loop may choose a smaller one."""
    from rulebase.engine.ccg.priority import decide

    board = s.board
    first = loop.players[0]
    if must_choose(board, first) is None:
        return
    smallest, chooser = None, first
    count = len(board.players)
    others = [p for p in ((first + n) % count for n in range(1, count)) if p in loop.players]
    for player in [first, *others]:
        top = NUMBERS_LISTED if smallest is None else smallest

        def options(player=player, top=top, first_player=player == first):
            listed = [Action("choose-number", player, amount=n) for n in range(top)]
            return listed if first_player else [Action("pass", player), *listed]

        verbs = {"choose-number": lambda action, smallest=smallest: number_allowed(board, smallest, action)}
        if player != first:
            verbs["pass"] = lambda action: None
        action = yield from decide(s, player, CHOOSE if player == first else CHOOSE_SMALLER, options, verbs,
                                   rule="802.2", default=lambda options=options: options()[0])
        if action.verb == "choose-number":
            smallest, chooser = action.amount, player
    if smallest is not None:
        repeated(board, loop, smallest, chooser)
