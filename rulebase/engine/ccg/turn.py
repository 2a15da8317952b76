"""The turn (601-616): the Ready Phase (readying, action tokens by the
highest score, the draw), the Troublemaker Phase (uncovering and
challenging), the Main Phase, the Score Phase (confronting, faceoffs,
solving and replacing Problems) and the End Phase (hand size, home limit)."""

from __future__ import annotations

from rulebase.engine.ccg import confront, faceoffs, moving, points, status, zones
from rulebase.engine.ccg.actions import Action
from rulebase.engine.ccg.board import PHASES, Board, Confrontation, Zone
from rulebase.engine.ccg.cards import CardType
from rulebase.engine.ccg.play import Window
from rulebase.engine.ccg.priority import boundary_window, checkpoint, decide, priority_window, settle
from rulebase.engine.ccg.rules import step
from rulebase.engine.errors import IllegalAction

MAXIMUM_HAND_SIZE = 8
TOKENS = ((1, 2, "604.1a"), (5, 3, "604.1b"), (10, 4, "604.1c"))


def action_tokens(highest: int) -> tuple[int, str]:
    """How many action tokens the turn player receives for the highest score
    (604.1), and the rule that says so.

    >>> action_tokens(0), action_tokens(2), action_tokens(6), action_tokens(11)
    ((2, '604.1a'), (3, '604.1b'), (4, '604.1c'), (5, '604.1d'))
    """
    for top, tokens, rule in TOKENS:
        if highest <= top:
            return tokens, rule
    return 5, "604.1d"


def turn(s, start: str = "ready"):
    """Take the turn player's turn, from phase ``start``."""
    board = s.board
    trace = board.trace
    player = board.turn.player
    trace.check("106.1", "{player} is the turn player; the other players are non-turn players", player=board.name(player))
    trace.check("601.1", "turn {n} is divided into phases and steps", n=board.turn.number)
    procedures = {"ready": ready_phase, "troublemaker": troublemaker_phase, "main": main_phase,
                  "score": score_phase, "end": end_phase}
    for phase in PHASES[PHASES.index(start):]:
        _enter(board, phase)
        yield from checkpoint(s, phase)
        yield from procedures[phase](s)
    _enter(board, "end", "over")
    yield from checkpoint(s, "end of turn")


def _enter(board: Board, phase: str, step: str | None = None) -> None:
    board.turn.phase = phase
    board.turn.step = step


def ready_phase(s):
    board = s.board
    trace = board.trace
    player = board.turn.player
    _enter(board, "ready", "ready")
    trace.check("601.2a", "no player receives priority during the Ready Phase until after the Action Step")
    trace.step("603.1", "{player} readies all of their cards", player=board.name(player))
    for card in board.play:
        if card.controller == player and card.exhausted:
            if card.frightened:
                trace.check("504.2a", "{card} is frightened and can't ready", card=card.label)
                continue
            status.ready(board, card)
    for card in board.play:
        if card.controller == player and card.frightened:
            trace.check("504.2a", "{card} is frightened: it is not readied or unfrightened", card=card.label)
    _enter(board, "ready", "action")
    highest = max(p.score for p in board.players if not p.removed)
    tokens, rule = action_tokens(highest)
    trace.step("604.1", "the highest score is {highest}: the turn player receives action tokens based on it", highest=highest)
    board.players[player].tokens += tokens
    trace.step(rule, "{player} receives {n} action tokens; {player} has {total}", player=board.name(player), n=tokens,
               total=board.players[player].tokens)
    trace.check("502.1a", "action tokens do not expire")
    _enter(board, "ready", "draw")
    yield from boundary_window(s, "start of the Draw Step")
    if board.turn.number == 1 and player == board.turn.first_player:
        trace.check("605.1a", "{player} is the first player to take a turn and does not draw on their first turn",
                    player=board.name(player))
    else:
        trace.check("605.1a", "it is not the first player's first turn: {player} draws", player=board.name(player))
        trace.step("605.1", "{player} draws a card", player=board.name(player))
        zones.draw(board, player)


def troublemaker_phase(s):
    board = s.board
    trace = board.trace
    player = board.turn.player
    _enter(board, "troublemaker", "uncover")
    yield from boundary_window(s, "start of the Uncover Step")
    uncovered = set()
    while True:
        waiting = []
        for card in board.play:
            if card.type == CardType.TROUBLEMAKER and card.face_down and card.controller == player and card.id not in uncovered:
                epic = [c for c in board.troublemakers_at(card.area) if c.is_epic]
                if epic:
                    trace.check("607.1", "{epic}, a face-up Epic Troublemaker, is at {area}: {card} can't be uncovered there",
                                epic=epic[0].label, area=board.area_name(card.area), card=card.label)
                    uncovered.add(card.id)
                    continue
                waiting.append(card)
        if not waiting:
            break
        if len(waiting) > 1:
            trace.check("607.2", "{player}'s face-down Troublemakers are uncovered in the order {player} chooses",
                        player=board.name(player))
        options = lambda: [Action("uncover", player, c.id) for c in waiting]
        ids = [c.id for c in waiting]

        def verify(action, ids=ids):
            if action.card not in ids:
                raise IllegalAction("607.2", "only the turn player's face-down Troublemakers are uncovered now")

        action = yield from decide(s, player, "choose the next Troublemaker to uncover", options, {"uncover": verify},
                                   rule="607.2", default=lambda: options()[0])
        card = board.cards[action.card]
        uncovered.add(card.id)
        yield from uncover(s, card)
    _enter(board, "troublemaker", "challenge")
    yield from challenge_step(s)


def uncover(s, card):
    """Uncover a Troublemaker: turn it face-up; an Epic one dismisses the other
    face-up Troublemakers at its Problem (607.3); Villain frightens each Friend
    at its Problem."""
    board = s.board
    trace = board.trace
    card.face_down = False
    trace.step("607.3", "{card} is uncovered: turned face-up at {area}", card=card.label, area=board.area_name(card.area))
    if card.is_epic:
        others = [c for c in board.troublemakers_at(card.area) if c is not card]
        trace.step("607.3", "{card} is Epic: all other face-up Troublemakers at that Problem are dismissed", card=card.label)
        for other in others:
            zones.dismiss(board, other)
    if card.keyword("Villain"):
        trace.step("glossary/villain", "{card} is a Villain: each Friend at its Problem is frightened", card=card.label)
        for friend in [c for c in board.play if c.area == card.area and c.type == CardType.FRIEND]:
            if friend.frightened:
                trace.check("504.2b", "{friend} is already frightened and can't become frightened", friend=friend.label)
                continue
            status.frighten(board, friend)
    yield from settle(s)


def challengeable(board: Board, player: int) -> list:
    """The Troublemakers the turn player may challenge now (608.1-608.3)."""
    found = []
    done_areas = {tm.area for tm in board.turn.challenged}
    for card in board.play:
        if card.type != CardType.TROUBLEMAKER or card.face_down:
            continue
        if card.controller == player and not card.is_epic:
            continue
        if card in board.turn.challenged or card.area in done_areas:
            continue
        if not board.characters_at(card.area, player):
            continue
        found.append(card)
    return found


def check_challenge(board: Board, action: Action) -> None:
    player = action.player
    card = board.cards[action.card] if action.card is not None and 0 <= action.card < len(board.cards) else None
    if card is None or card.type != CardType.TROUBLEMAKER or card.zone != Zone.PLAY or card.face_down:
        raise IllegalAction("608.1", f"{card or 'that card'} is not a face-up Troublemaker in play")
    if card.controller == player and not card.is_epic:
        raise IllegalAction("608.1", f"{card} is not an opposing Troublemaker and not Epic: its controller can't challenge it")
    if card in board.turn.challenged:
        raise IllegalAction("608.3", f"{card} has already been challenged during this Challenge Step")
    if any(tm.area == card.area for tm in board.turn.challenged):
        raise IllegalAction("608.1", f"a Troublemaker at {board.area_name(card.area)} has already been challenged: up to one at each Problem")
    if not board.characters_at(card.area, player):
        raise IllegalAction("608.2", f"{board.name(player)} controls no character at {card}'s Problem")


def challenge_step(s):
    board = s.board
    trace = board.trace
    player = board.turn.player
    board.turn.challenged = []
    yield from boundary_window(s, "start of the Challenge Step")
    while True:
        candidates = challengeable(board, player)
        if candidates:
            trace.check("608.1", "{player} may challenge up to one Epic or opposing Troublemaker at each Problem: {tms}",
                        player=board.name(player), tms=", ".join(c.label for c in candidates))
        options = lambda: [Action("pass", player)] + [Action("challenge", player, c.id) for c in challengeable(board, player)]
        action = yield from decide(s, player, "challenge a Troublemaker or end the Challenge Step", options,
                                   {"pass": lambda a: None, "challenge": lambda a: check_challenge(board, a)},
                                   rule="608.1", default=lambda: Action("pass", player), automatic=not s.checkpoints)
        if action.verb == "pass":
            break
        card = board.cards[action.card]
        board.turn.challenged.append(card)
        trace.step("608.2", "{player} controls a character at {area} and challenges {card}: {player} is the challenger",
                   player=board.name(player), area=board.area_name(card.area), card=card.label)
        trace.step("608.4", "to challenge a Troublemaker, a Troublemaker faceoff starts at its Problem")
        yield from faceoffs.faceoff(s, faceoffs.TROUBLEMAKER, (card.area,), player, troublemaker=card)


def main_phase(s):
    board = s.board
    trace = board.trace
    _enter(board, "main")
    trace.check("601.2", "a priority window opens at the start of the Main Phase")
    trace.check("609.1", "the turn player may perform Main Phase actions by opening a priority window and taking them")
    trace.check("609.2", "the Main Phase actions: play a card, move a character, play a Troublemaker, draw a card, rally, activate an ability")
    yield from priority_window(s, Window("Main Phase", main=True))


def score_phase(s):
    board = s.board
    trace = board.trace
    player = board.turn.player
    _enter(board, "score", "confront")
    yield from boundary_window(s, "start of the Score Phase")
    remaining = list(board.problems())
    confronted = []
    while remaining:
        if len(remaining) > 1:
            ids = [p.id for p in remaining]

            def verify(action, ids=ids):
                if action.card not in ids:
                    raise IllegalAction("610.1", "choose one of the Problems whose confront step has not been performed")

            options = lambda: [Action("confront", player, p.id) for p in remaining]
            action = yield from decide(s, player, "choose the Problem of the next confront step", options,
                                       {"confront": verify}, rule="610.1", default=lambda: options()[0])
            problem = board.cards[action.card]
        else:
            problem = remaining[0]
        remaining.remove(problem)
        trace.step("610.1", "a confront step is performed for {problem}", problem=problem.label)
        if confront_step(board, player, problem):
            confronted.append(problem)
    _enter(board, "score", "faceoff")
    yield from faceoff_step(s, confronted)


def confront_step(board: Board, player: int, problem) -> bool:
    """Perform the confront step of one Problem (611); whether the turn player
    confronted it."""
    trace = board.trace
    verdict = confront.judge(board, player, problem)
    for rule, words in verdict.steps:
        trace.check(rule, words)
    if not verdict.met:
        trace.check("611.1", "{player} does not meet the confront requirements of {problem} and does not confront it",
                    player=board.name(player), problem=problem.label)
        return False
    trace.step("611.1", "{player} meets the confront requirements of {problem} and confronts it",
               player=board.name(player), problem=problem.label)
    board.confrontations.append(Confrontation(board.turn.number, player, problem))
    characters = board.characters_at(problem.area, player)
    trace.step("611.4", "as {player} confronts {problem}, {player} scores a point", player=board.name(player), problem=problem.label)
    points.score(board, player, 1, f"confronting {problem}", characters, rule="611.4")
    return True


def faceoff_step(s, confronted: list):
    board = s.board
    trace = board.trace
    player = board.turn.player
    solved = []
    if len(confronted) >= 2:
        problems = [p for p in board.problems()]
        trace.step("612.1", "{player} confronted {n} Problems: a Multi Problem faceoff at all Problems, a type of Problem faceoff",
                   player=board.name(player), n=len(confronted))
        yield from faceoffs.faceoff(s, faceoffs.MULTI_PROBLEM, tuple(p.area for p in problems), player)
        solved = problems
    elif len(confronted) == 1:
        problem = confronted[0]
        if problem.zone == Zone.PLAY:
            others = [o for o in board.opponents(player)]
            able = []
            for other in others:
                verdict = confront.judge(board, other, problem)
                for rule, words in verdict.steps:
                    trace.check(rule, words)
                if verdict.met:
                    able.append(other)
            if able:
                trace.step("611.4", "{other} also meets their confront requirements for {problem}: there will be a Problem faceoff",
                           other=board.name(able[0]), problem=problem.label)
                trace.step("612.2", "{player} confronted only {problem} and {other} could also confront it: a Problem faceoff there",
                           player=board.name(player), problem=problem.label, other=board.name(able[0]))
                yield from faceoffs.faceoff(s, faceoffs.PROBLEM, (problem.area,), player)
                solved = [problem]
            else:
                trace.check("612.2", "no opponent could also confront {problem}: no Problem faceoff", problem=problem.label)
    _enter(board, "score", "solve")
    if solved:
        yield from solve_step(s, solved)


def solve_step(s, problems: list):
    board = s.board
    trace = board.trace
    for problem in problems:
        trace.step("613.1", "{problem}, where a Problem faceoff was resolved, becomes solved", problem=problem.label)
    for problem in problems:
        if problem.zone != Zone.PLAY:
            continue
        replace_problem(board, problem)
    yield from settle(s)


def replace_problem(board: Board, problem) -> None:
    """Replace a solved Problem (613.2)."""
    trace = board.trace
    area = problem.area
    trace.step("613.2", "{problem} is replaced", problem=problem.label)
    for card in [c for c in board.play if c.area == area and c.is_character]:
        send_home_from_replaced(board, card)
    for card in [c for c in board.play if c.area == area and c.type == CardType.TROUBLEMAKER and not c.face_down]:
        trace.step("613.2", "{card}, a face-up Troublemaker there, is dismissed by the game", card=card.label)
        zones.dismiss(board, card, by_game=True)
    for card in [c for c in board.play if c.area == area and c.type == CardType.RESOURCE]:
        if card.zone == Zone.PLAY:
            trace.step("613.2", "{card}, a Resource there, is dismissed by the game", card=card.label)
            zones.dismiss(board, card, by_game=True)
    for card in [c for c in board.play if c.area == area and c.type == CardType.TROUBLEMAKER and c.face_down]:
        trace.check("613.2", "{card} is face-down and stays at the area", card=card.label)
    owner = board.players[problem.owner]
    board.put(problem, Zone.PROBLEM_DECK, bottom=True)
    trace.step("613.2", "{problem} is put on the bottom of {owner}'s Problem deck", problem=problem.label, owner=owner.name)
    trace.step("303.2", "{problem} is associated with its owner's Problem deck", problem=problem.label)
    trace.check("403.1", "the Problem deck zone contains {owner}'s Problem deck", owner=owner.name)
    deck = owner.zones[Zone.PROBLEM_DECK]
    new = deck[0]
    board.put(new, Zone.PLAY, area=area)
    trace.step("613.2", "the top card of {owner}'s Problem deck, {new}, is put into play at that area", owner=owner.name, new=new.label)
    trace.step("303.1", "{new} enters play at its owner's Problem area, its confront requirements facing the players they apply to",
               new=new.label)


@step("613.2", "{card} is sent home as its Problem is replaced")
def send_home_from_replaced(board: Board, card) -> dict:
    moving.send(board, card, board.players[card.controller].home, "its Problem is replaced")
    return {"card": card.label}


def end_phase(s):
    board = s.board
    trace = board.trace
    player = board.turn.player
    me = board.players[player]
    _enter(board, "end", "end of turn")
    yield from boundary_window(s, "start of the End of Turn Step")
    trace.step("615.1", "all triggers which trigger at the end of the turn trigger")
    _enter(board, "end", "wrap up")
    trace.check("616.1", "no player receives priority during the Wrap Up Step")
    trace.check("601.2b", "no player receives priority during the Wrap-Up Step")
    if len(me.hand) > MAXIMUM_HAND_SIZE:
        trace.step("616.2", "{player} has {n} cards in hand, more than the maximum hand size of 8, and must discard",
                   player=me.name, n=len(me.hand))
    while len(me.hand) > MAXIMUM_HAND_SIZE:
        options = lambda: [Action("discard", player, c.id) for c in me.hand]
        action = yield from decide(s, player, "choose a card to discard", options,
                                   {"discard": lambda a: _check_discard(board, player, a)}, rule="616.2")
        zones.discard(board, player, board.cards[action.card])
    if len(me.hand) <= MAXIMUM_HAND_SIZE:
        trace.check("616.2", "{player} has {n} cards in hand, no more than the maximum hand size of 8", player=me.name, n=len(me.hand))
    mane = board.mane(player)
    limit = mane.info.home_limit if mane is not None else None
    if limit is None:
        trace.check("616.3", "{player} has no Mane Character in play, so no home limit", player=me.name)
    else:
        if mane.turned_over:
            trace.check("301.3", "{mane} is turned over: it has the card information of its Boosted side", mane=mane.label)
        trace.check("212.1", "{mane}'s home limit is {limit}", mane=mane.label, limit=limit)
        friends = lambda: [c for c in board.play if c.area == me.home and c.controller == player and c.type == CardType.FRIEND]
        for card in friends():
            if card.face_down:
                trace.check("505.1", "{card} is face-down but keeps its card information: it is still a Friend", card=card.label)
        if len(friends()) > limit:
            trace.step("616.3", "{player} has {n} Friends at home, more than the home limit of {limit}, and must retire Friends there",
                       player=me.name, n=len(friends()), limit=limit)
        else:
            trace.check("616.3", "{player} has {n} Friend{s} at home, within the home limit of {limit}",
                        player=me.name, n=len(friends()), s="s" * (len(friends()) != 1), limit=limit)
        while len(friends()) > limit:
            options = lambda: [Action("retire", player, c.id) for c in friends()]

            def verify(action):
                card = board.cards[action.card] if action.card is not None and 0 <= action.card < len(board.cards) else None
                if card not in friends():
                    raise IllegalAction("616.3", f"{card or 'that card'} is not a Friend at {me.name}'s home")

            action = yield from decide(s, player, "choose a Friend at home to retire", options, {"retire": verify}, rule="616.3")
            zones.retire(board, player, board.cards[action.card])
    for card in board.play:
        if card.modifiers:
            card.modifiers = []
            trace.step("616.4", "the modifiers on {card} that last this turn end", card=card.label)
    for someone in board.players:
        if someone.extra_flips:
            someone.extra_flips = 0
            trace.step("616.4", "{player}'s extra flips during faceoffs this turn end", player=someone.name)
    trace.step("616.4", "the turn ends and the next player in turn order begins their turn")


def _check_discard(board: Board, player: int, action: Action) -> None:
    if action.card is None or not 0 <= action.card < len(board.cards):
        raise IllegalAction("410.3", "only cards in a player's hand can be discarded")
    zones.check_discard(board, player, board.cards[action.card])
