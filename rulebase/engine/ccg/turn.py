"""The turn (601-616): the Ready Phase (readying, action tokens by the
highest score, the draw), the Troublemaker Phase (uncovering and
challenging), the Main Phase, the Score Phase (confronting, faceoffs,
solving and replacing Problems) and the End Phase (hand size, home limit).

A rule that makes something happen in the turn is a step unit, a rule that
refuses a player's choice or keeps the game from doing something a check
unit (see :mod:`rulebase.engine.ccg.rules`); what the procedure only
follows (the phases and their order, who has priority) is noted in the
trace."""

from __future__ import annotations

from rulebase.engine.ccg import confront, dilemmas, faceoffs, moving, points, status, zones
from rulebase.engine.ccg.abilities.events import emit
from rulebase.engine.ccg.actions import Action
from rulebase.engine.ccg.board import PHASES, Area, Board, Card, Confrontation, Zone
from rulebase.engine.ccg.cards import CardType
from rulebase.engine.ccg.play import Window
from rulebase.engine.ccg.priority import (
    boundary_window,
    checkpoint,
    chosen,
    decide,
    named_card,
    priority_window,
    settle,
    switched_off,
)
from rulebase.engine.ccg.rules import Allowed, check, step
from rulebase.engine.rulebook import legal

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
    trace.note("106.1", "{player} is the turn player; the other players are non-turn players", player=board.name(player))
    trace.note("601.1", "turn {n} is divided into phases and steps", n=board.turn.number)
    procedures = {"ready": ready_phase, "troublemaker": troublemaker_phase, "main": main_phase,
                  "score": score_phase, "end": end_phase}
    if start == "ready":
        emit(board, "turn-starts", player=player)
    for phase in PHASES[PHASES.index(start):]:
        _enter(board, phase)
        emit(board, "phase-starts", player=player, phase=phase)
        yield from checkpoint(s, phase)
        yield from procedures[phase](s)
        if phase != "end":
            emit(board, "phase-ends", player=player, phase=phase)
            if board.waiting:  # what triggers at the end of the phase is processed before the phase ends (601.2)
                yield from boundary_window(s, f"end of the {phase.capitalize()} Phase")
    _enter(board, "end", "over")
    yield from checkpoint(s, "end of turn")


def _enter(board: Board, phase: str, step: str | None = None) -> None:
    if phase != board.turn.phase and getattr(board, "lasting", None):
        from rulebase.engine.ccg.abilities.verbs import end_durations

        end_durations(board, "phase")
        if phase == "ready":
            end_durations(board, "turn")
    board.turn.phase = phase
    board.turn.step = step


# -- the Ready Phase ---------------------------------------------------------------


@step("603.1", "{player} readies all of their cards: {cards}")
def ready_all(board: Board, player: int):
    readied = []
    for card in board.play:
        if card.controller == player and getattr(board, "lasting", None) and _kept_exhausted(board, card):
            continue
        if (card.controller == player and card.exhausted and status.not_frightened.allows(board, card)
                and status.readies_in_ready_phase(board, card)):
            status.ready(board, card)
            if not card.exhausted:
                readied.append(card.label)
    if readied:
        return {"player": board.name(player), "cards": ", ".join(readied)}


def _kept_exhausted(board: Board, card: Card) -> bool:
    from rulebase.engine.ccg.abilities.verbs import kept_exhausted

    return kept_exhausted(board, card)


RECEIVE = "the highest score is {highest}: {player} receives {n} action tokens; {player} has {total}"


def _receive(board: Board, rule: str, player: int, highest: int):
    tokens, applies = action_tokens(highest)
    if applies != rule:
        return None
    board.players[player].tokens += tokens
    return {"highest": highest, "player": board.name(player), "n": tokens, "total": board.players[player].tokens}


@step("604.1a", RECEIVE)
def receive_two_tokens(board: Board, player: int, highest: int):
    return _receive(board, "604.1a", player, highest)


@step("604.1b", RECEIVE)
def receive_three_tokens(board: Board, player: int, highest: int):
    return _receive(board, "604.1b", player, highest)


@step("604.1c", RECEIVE)
def receive_four_tokens(board: Board, player: int, highest: int):
    return _receive(board, "604.1c", player, highest)


@step("604.1d", RECEIVE)
def receive_five_tokens(board: Board, player: int, highest: int):
    return _receive(board, "604.1d", player, highest)


@step("604.1", "the highest score is {highest}: {player} receives action tokens based on it")
def receive_action_tokens(board: Board, player: int):
    highest = max(p.score for p in board.players if not p.removed)
    before = board.players[player].tokens
    for receive in (receive_two_tokens, receive_three_tokens, receive_four_tokens, receive_five_tokens):
        receive(board, player, highest)
    if board.players[player].tokens != before:
        return {"highest": highest, "player": board.name(player)}


@check("605.1a", "the first player to take a turn does not draw a card on their first turn")
def first_turn_without_draw(board: Board, player: int):
    if board.turn.number == 1 and player == board.turn.first_player:
        return f"{board.name(player)} is the first player to take a turn and does not draw on their first turn"
    return Allowed(f"it is not the first player's first turn: {board.name(player)} draws")


@step("605.1", "{player} draws a card in the Draw Step")
def draw_step(board: Board, player: int):
    if zones.draw(board, player):
        return {"player": board.name(player)}


@check("601.2a", "no player receives priority during the Ready Phase until after the Action Step")
def no_priority_before_the_action_step(board: Board):
    if board.turn.phase == "ready" and board.turn.step in ("ready", "action"):
        return "no player receives priority during the Ready Phase until after the Action Step"


@check("502.1a", "action tokens do not expire")
def tokens_do_not_expire(board: Board, player: int):
    """The action tokens a player has left from their last turn are kept
    (without this rule, they would be gone as the player receives new
    ones)."""
    n = board.players[player].tokens
    if n:
        return Allowed(f"{board.name(player)} keeps {n} action token{'s' * (n != 1)}: action tokens do not expire")


def ready_phase(s):
    board = s.board
    trace = board.trace
    player = board.turn.player
    _enter(board, "ready", "ready")
    if no_priority_before_the_action_step.allows(board):
        yield from boundary_window(s, "start of the Ready Step")
    if not any(card.controller == player and card.exhausted for card in board.play):
        trace.note("603.1", "{player} readies all of their cards: none is exhausted", player=board.name(player))
    for card in board.play:
        if card.controller == player and card.frightened and not card.exhausted:
            trace.note("504.2a", "{card} is frightened: it is not readied or unfrightened", card=card.label)
    ready_all(board, player)
    _enter(board, "ready", "action")
    if board.players[player].tokens:
        if tokens_do_not_expire.verdict(board, player) is None:
            board.players[player].tokens = 0
        else:
            tokens_do_not_expire(board, player)
    receive_action_tokens(board, player)
    _enter(board, "ready", "draw")
    yield from boundary_window(s, "start of the Draw Step")
    if confront.record_verdict(board, first_turn_without_draw, player):
        draw_step(board, player)


# -- the Troublemaker Phase ----------------------------------------------------------


@check("607.1", "Troublemakers can't be uncovered at a Problem with a face-up Epic Troublemaker")
def epic_keeps_troublemakers_covered(board: Board, card: Card):
    epic = [c for c in board.troublemakers_at(card.area) if c.is_epic]
    if epic:
        return f"{epic[0]}, a face-up Epic Troublemaker, is at {board.area_name(card.area)}: {card} can't be uncovered there"


@check("607.2", "the turn player's face-down Troublemakers are uncovered in the order the turn player chooses")
def uncovered_in_chosen_order(board: Board, action: Action, waiting: list):
    card = named_card(board, action)
    if card not in waiting:
        return "only the turn player's face-down Troublemakers are uncovered now"
    return Allowed(f"{board.name(action.player)} chooses to uncover {card} next")


def troublemaker_phase(s):
    from rulebase.engine.ccg.abilities.continuous import cant_uncover

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
                if not (epic_keeps_troublemakers_covered.allows(board, card) and cant_uncover.allows(board, card)):
                    uncovered.add(card.id)
                    continue
                waiting.append(card)
        if not waiting:
            break
        if len(waiting) == 1:
            card = waiting[0]
            uncovered.add(card.id)
            yield from uncover(s, card)
            continue
        trace.note("607.2", "{player}'s face-down Troublemakers are uncovered in the order {player} chooses",
                   player=board.name(player))
        candidates = [Action("uncover", player, c.id) for c in board.play
                      if c.type == CardType.TROUBLEMAKER and c.face_down and c.controller == player]

        def verify(action, waiting=waiting):
            uncovered_in_chosen_order(board, action, waiting)

        options = lambda candidates=candidates, verify=verify: legal(board, candidates, verify)
        action = yield from decide(s, player, "choose the next Troublemaker to uncover", options, {"uncover": verify},
                                   rule="607.2", default=lambda options=options: options()[0])
        card = chosen(board, action, uncovered_in_chosen_order)
        if card not in waiting:
            raise switched_off(uncovered_in_chosen_order, f"{card} is not waiting to be uncovered")
        uncovered.add(card.id)
        yield from uncover(s, card)
    _enter(board, "troublemaker", "challenge")
    yield from challenge_step(s)


@step("607.3", "{card} is uncovered: turned face-up at {area}")
def turn_face_up(board: Board, card: Card):
    card.face_down = False
    return {"card": card.label, "area": board.area_name(card.area)}


@step("607.3", "{card} is Epic: the other face-up Troublemakers at its Problem are dismissed: {others}")
def epic_dismisses_the_others(board: Board, card: Card):
    if not card.is_epic:
        return None
    others = [c for c in board.troublemakers_at(card.area) if c is not card]
    for other in others:
        zones.dismiss(board, other)
    if others:
        return {"card": card.label, "others": ", ".join(other.label for other in others)}


def uncover(s, card):
    """Uncover a Troublemaker: turn it face-up; an Epic one dismisses the other
    face-up Troublemakers at its Problem (607.3); the abilities waiting for
    it to be uncovered trigger (Villain)."""
    board = s.board
    turn_face_up(board, card)
    epic_dismisses_the_others(board, card)
    if not card.face_down:
        emit(board, "uncovered", card=card, player=card.controller, area=card.area)
    yield from settle(s)


@check("608.1", "only a face-up Troublemaker in play can be challenged")
def challenges_a_face_up_troublemaker(board: Board, card: Card | None):
    if card is None or card.type != CardType.TROUBLEMAKER or card.zone != Zone.PLAY or card.face_down:
        return f"{card or 'that card'} is not a face-up Troublemaker in play"


@check("608.1", "the turn player may challenge an Epic or opposing Troublemaker")
def challenges_epic_or_opposing(board: Board, player: int, card: Card):
    if card.controller == player and not card.is_epic:
        return f"{card} is not an opposing Troublemaker and not Epic: its controller can't challenge it"
    if card.controller == player:
        return Allowed(f"{card} is an Epic Troublemaker: {board.name(player)}, its controller, may challenge it")
    return Allowed(f"{card} is an opposing Troublemaker: {board.name(player)} may challenge it")


@check("608.3", "a Troublemaker can't be challenged more than once during a Challenge Step")
def challenged_once(board: Board, card: Card):
    if card in board.turn.challenged:
        return f"{card} has already been challenged during this Challenge Step"


@check("608.1", "up to one Troublemaker at each Problem can be challenged")
def one_challenge_at_each_problem(board: Board, card: Card):
    if any(tm.area == card.area for tm in board.turn.challenged):
        return f"a Troublemaker at {board.area_name(card.area)} has already been challenged: up to one at each Problem"


@check("608.2", "the turn player may challenge a Troublemaker at a Problem where they control a character")
def challenger_has_a_character_there(board: Board, player: int, card: Card):
    if card.area is None or not board.characters_at(card.area, player):
        return f"{board.name(player)} controls no character at {card}'s Problem"
    return Allowed(f"{board.name(player)} controls a character at {board.area_name(card.area)}: "
                   f"{board.name(player)} may challenge {card} and is the challenger")


def check_challenge(board: Board, action: Action) -> None:
    """Whether the turn player may challenge the Troublemaker ``action``
    names (608.1-608.3)."""
    card = named_card(board, action)
    challenges_a_face_up_troublemaker(board, card)
    if card is None:
        raise switched_off(challenges_a_face_up_troublemaker, "the challenge names no card")
    challenges_epic_or_opposing(board, action.player, card)
    challenged_once(board, card)
    one_challenge_at_each_problem(board, card)
    challenger_has_a_character_there(board, action.player, card)
    faceoffs.check_lifted_challenge(board, action.player, card)


def challengeable(board: Board, player: int) -> list:
    """The Troublemakers the turn player may challenge now (608.1-608.3)."""
    candidates = [Action("challenge", player, card.id) for card in board.play if card.type == CardType.TROUBLEMAKER]
    return [board.cards[action.card] for action in legal(board, candidates, lambda action: check_challenge(board, action))]


@step("608.4", "to challenge {card}, a Troublemaker faceoff starts at {area}")
def challenge_starts_a_faceoff(board: Board, card: Card):
    if card.area is not None:
        return {"card": card.label, "area": board.area_name(card.area)}


def challenge_step(s):
    board = s.board
    trace = board.trace
    player = board.turn.player
    board.turn.challenged = []
    yield from boundary_window(s, "start of the Challenge Step")
    while True:
        candidates = challengeable(board, player)
        if candidates:
            trace.note("608.1", "{player} may challenge up to one Epic or opposing Troublemaker at each Problem: {tms}",
                       player=board.name(player), tms=", ".join(c.label for c in candidates))
        options = lambda: [Action("pass", player)] + [Action("challenge", player, c.id) for c in challengeable(board, player)]
        action = yield from decide(s, player, "challenge a Troublemaker or end the Challenge Step", options,
                                   {"pass": lambda a: None, "challenge": lambda a: check_challenge(board, a)},
                                   rule="608.1", default=lambda: Action("pass", player), automatic=not s.checkpoints)
        if action.verb == "pass":
            break
        card = chosen(board, action, challenges_a_face_up_troublemaker)
        faceoffs.pay_to_challenge(board, player, card)
        board.turn.challenged.append(card)
        emit(board, "challenged", card=card, player=player, area=card.area)
        trace.note("608.2", "{player} challenges {card}: {player} is the challenger", player=board.name(player),
                   card=card.label)
        if challenge_starts_a_faceoff(board, card) is not None:
            yield from faceoffs.faceoff(s, faceoffs.TROUBLEMAKER, (card.area,), player, troublemaker=card)
    yield from boundary_window(s, "end of the Challenge Step")


# -- the Main Phase ------------------------------------------------------------------


def main_phase(s):
    board = s.board
    trace = board.trace
    _enter(board, "main")
    trace.note("601.2", "a priority window opens at the start of the Main Phase")
    trace.note("609.1", "the turn player may perform Main Phase actions by opening a priority window and taking them")
    trace.note("609.2", "the Main Phase actions: play a card, move a character, play a Troublemaker, draw a card, rally, activate an ability")
    yield from priority_window(s, Window("Main Phase", main=True))


# -- the Score Phase -----------------------------------------------------------------


@check("610.1", "a confront step is performed for each Problem, in the order the turn player chooses")
def confronted_in_chosen_order(board: Board, action: Action, remaining: list):
    problem = named_card(board, action)
    if problem not in remaining:
        return "choose one of the Problems whose confront step has not been performed"
    return Allowed(f"{board.name(action.player)} chooses the confront step of {problem} next")


@step("610.1", "a confront step is performed for {problem}")
def confront_step_performed(board: Board, problem: Card):
    return {"problem": problem.label}


def score_phase(s):
    board = s.board
    player = board.turn.player
    _enter(board, "score", "confront")
    yield from boundary_window(s, "start of the Score Phase")
    remaining = dilemmas.problems_in_play(board)
    confronted = []
    while remaining:
        if len(remaining) > 1:
            def verify(action, remaining=tuple(remaining)):
                confronted_in_chosen_order(board, action, remaining)

            candidates = [Action("confront", player, p.id) for p in dilemmas.problems_in_play(board)]
            options = lambda candidates=candidates, verify=verify: legal(board, candidates, verify)
            action = yield from decide(s, player, "choose the Problem of the next confront step", options,
                                       {"confront": verify}, rule="610.1", default=lambda options=options: options()[0])
            problem = chosen(board, action, confronted_in_chosen_order)
            if problem not in remaining:
                raise switched_off(confronted_in_chosen_order, f"{problem} has no confront step to perform")
        else:
            problem = remaining[0]
        remaining.remove(problem)
        if confront_step_performed(board, problem) is None:
            continue
        if (yield from confront_step(s, player, problem)):
            confronted.append(problem)
    _enter(board, "score", "faceoff")
    yield from faceoff_step(s, confronted)


@step("611.1", "{player} meets the confront requirements of {problem} and confronts it")
def confronts(board: Board, player: int, problem: Card):
    board.confrontations.append(Confrontation(board.turn.number, player, problem))
    emit(board, "confronts", card=problem, player=player, area=problem.area)
    return {"player": board.name(player), "problem": problem.label}


def _verdict(board: Board, player: int, problem: Card) -> confront.Verdict:
    """Whether ``player`` meets the confront requirements of ``problem``, the
    reasoning noted."""
    verdict = confront.judge(board, player, problem)
    for rule, words in verdict.steps[:-1] if verdict.blocked else verdict.steps:
        board.trace.note(rule, words)
    return verdict


def confront_step(s, player: int, problem):
    """Perform the confront step of one Problem (611); whether the turn player
    confronted it.  A generator: a replacement modifier may replace the
    confronting (710), asking the players."""
    board = s.board
    verdict = _verdict(board, player, problem)
    if not (confront.record_blockers(board, player, problem) and verdict.powered):
        return False
    from rulebase.engine.ccg.abilities.continuous import replace_confronting

    if (yield from replace_confronting(s, player, problem)):
        return False
    if confronts(board, player, problem) is None:
        return False
    characters = board.characters_at(problem.area, player)
    points.score(board, player, 1, f"confronting {problem}", characters, rule="611.4")
    return True


def _could_confront(board: Board, player: int, problem: Card) -> bool:
    """Whether an opponent of the turn player could also confront ``problem``
    (611.4): a Troublemaker that keeps them from it is recorded."""
    verdict = _verdict(board, player, problem)
    from rulebase.engine.ccg.abilities.continuous import cant_confront

    return (confront.troublemaker_blocks.allows(board, player, problem) and cant_confront.allows(board, player, problem)
            and verdict.powered)


@step("612.1", "{player} confronted {n} Problems: a Multi Problem faceoff at all Problems, a type of Problem faceoff")
def multi_problem_faceoff(board: Board, player: int, confronted: list):
    return {"player": board.name(player), "n": len(confronted)}


@check("612.2", "a Problem faceoff is performed at the one Problem the turn player confronted only if an opponent could "
                "also confront it")
def opponent_could_also_confront(board: Board, problem: Card, able: list):
    if not able:
        return f"no opponent could also confront {problem}: no Problem faceoff"
    return Allowed(f"{board.name(able[0])} could also confront {problem}: a Problem faceoff is performed there")


@step("611.4", "{other} also meets their confront requirements for {problem}: there will be a Problem faceoff there")
def problem_faceoff(board: Board, player: int, problem: Card, other: int):
    return {"problem": problem.label, "other": board.name(other)}


def faceoff_step(s, confronted: list):
    board = s.board
    player = board.turn.player
    solved = []
    if len(confronted) >= 2:
        if multi_problem_faceoff(board, player, confronted) is not None:
            problems = dilemmas.problems_in_play(board)
            current = yield from faceoffs.faceoff(s, faceoffs.MULTI_PROBLEM, tuple(p.area for p in problems), player)
            solved = [p for p in (board.problem_at(area) for area in current.areas) if p is not None]
    elif len(confronted) == 1:
        problem = confronted[0]
        if problem.zone == Zone.PLAY:
            able = [other for other in board.opponents(player) if _could_confront(board, other, problem)]
            if confront.record_verdict(board, opponent_could_also_confront, problem, able):
                other = able[0] if able else board.opponent(player)
                if problem_faceoff(board, player, problem, other) is not None:
                    current = yield from faceoffs.faceoff(s, faceoffs.PROBLEM, (problem.area,), player)
                    solved = [p for p in (board.problem_at(area) for area in current.areas) if p is not None]
    yield from boundary_window(s, "end of the Faceoff Step")
    _enter(board, "score", "solve")
    if solved:
        yield from solve_step(s, solved)


@step("613.1", "{problem}, where a Problem faceoff was resolved, becomes solved")
def becomes_solved(board: Board, problem: Card):
    emit(board, "solved", card=problem, player=board.turn.player, area=problem.area)
    return {"problem": problem.label}


def solve_step(s, problems: list):
    board = s.board
    solved = [problem for problem in problems if becomes_solved(board, problem) is not None]
    # The window at the start of the step (601.2) processes what triggered as they became solved (712.1),
    # while the cards are still at them ("When this Problem is solved, dismiss each Friend here").
    yield from boundary_window(s, "start of the Solve Step")
    for problem in solved:
        if problem.zone == Zone.PLAY:
            replace_problem(board, problem)
    yield from settle(s)


@step("613.2", "{card} is sent home as its Problem is replaced")
def send_home_from_replaced(board: Board, card: Card):
    moving.send(board, card, board.players[card.controller].home, "its Problem is replaced")
    return {"card": card.label}


@step("613.2", "{card}, a {what} at the replaced Problem, is dismissed by the game")
def dismissed_from_replaced(board: Board, card: Card, what: str):
    zones.dismiss(board, card, by_game=True)
    return {"card": card.label, "what": what}


@step("613.2", "{problem} is put on the bottom of {owner}'s Problem deck")
def problem_to_the_bottom(board: Board, problem: Card):
    board.put(problem, Zone.PROBLEM_DECK, bottom=True)
    return {"problem": problem.label, "owner": board.name(problem.owner)}


@step("613.2", "the top card of {owner}'s Problem deck, {new}, is put into play at that area")
def next_problem_into_play(board: Board, owner: int, area: Area):
    deck = board.players[owner].zones[Zone.PROBLEM_DECK]
    if not deck or board.problem_at(area) is not None:
        return None
    new = deck[0]
    zones.enter_play(board, new, area, how="put into play")  # it enters play (706.1): "When this card enters play"
    return {"owner": board.name(owner), "new": new.label}


def replace_problem(board: Board, problem, player: int | None = None) -> None:
    """Replace a Problem (613.2), solved or as card text says, and announce
    it: what triggers "when a Problem is replaced" triggers, as of
    ``player`` (the turn player unless said)."""
    area = problem.area
    _replace(board, problem, area)
    emit(board, "replaced", card=problem, player=board.turn.player if player is None else player, area=area)


def _replace(board: Board, problem, area: Area) -> None:
    trace = board.trace
    trace.note("613.2", "{problem} is replaced", problem=problem.label)
    for card in [c for c in board.play if c.area == area and c.is_character]:
        send_home_from_replaced(board, card)
    for card in [c for c in board.play if c.area == area and c.type == CardType.TROUBLEMAKER and not c.face_down]:
        dismissed_from_replaced(board, card, "face-up Troublemaker")
    for card in [c for c in board.play if c.area == area and c.type == CardType.RESOURCE]:
        if card.zone == Zone.PLAY:
            dismissed_from_replaced(board, card, "Resource")
    for card in [c for c in board.play if c.area == area and c.type == CardType.TROUBLEMAKER and c.face_down]:
        trace.note("613.2", "{card} is face-down and stays at the area", card=card.label)
    if dilemmas.instead_of_the_problem_deck(board, problem):
        pass
    elif problem_to_the_bottom(board, problem) is None:
        return
    if not dilemmas.area_ceased.allows(board, area):
        return
    owner = board.players[problem.owner]
    trace.note("303.2", "{problem} is associated with its owner's Problem deck", problem=problem.label)
    trace.note("403.1", "the Problem deck zone contains {owner}'s Problem deck", owner=owner.name)
    if next_problem_into_play(board, problem.owner, area) is not None:
        trace.note("303.1", "{new} enters play at its owner's Problem area, its confront requirements facing the players they apply to",
                   new=board.problem_at(area).label)


# -- the End Phase -------------------------------------------------------------------


@check("410.3", "only cards in a player's hand can be discarded")
def discards_a_card(board: Board, card: Card | None):
    if card is None:
        return "only cards in a player's hand can be discarded"


def _check_discard(board: Board, player: int, action: Action) -> None:
    card = named_card(board, action)
    discards_a_card(board, card)
    if card is None:
        raise switched_off(discards_a_card, "the discard names no card")
    zones.check_discard(board, player, card)


@step("616.2", "{player} has {n} cards in hand, more than the maximum hand size of {size}, and discards {card}")
def discard_down_to_hand_size(board: Board, player: int, card: Card, size: int = MAXIMUM_HAND_SIZE):
    n = len(board.players[player].hand)
    zones.discard(board, player, card)
    if card.zone != Zone.HAND:
        return {"player": board.name(player), "n": n, "card": card.label, "size": size}


@check("616.3", "the turn player retires Friends at their home in excess of their home limit")
def friend_at_home(board: Board, player: int, card: Card | None):
    me = board.players[player]
    if (card is None or card.zone != Zone.PLAY or card.area != me.home or card.controller != player
            or card.type != CardType.FRIEND):
        return f"{card or 'that card'} is not a Friend at {me.name}'s home"
    return Allowed(f"{card} is a Friend at {me.name}'s home: {me.name} may retire it")


@step("616.3", "{player} has {n} Friends at home, more than the home limit of {limit}, and retires {card}")
def retire_down_to_home_limit(board: Board, player: int, card: Card, n: int, limit: int):
    zones.retire(board, player, card)
    if card.zone != Zone.PLAY:
        return {"player": board.name(player), "n": n, "limit": limit, "card": card.label}


@step("616.4", "the modifiers on {card} that last this turn end")
def modifiers_end(board: Board, card: Card):
    if card.modifiers:
        card.modifiers = []
        return {"card": card.label}


@step("616.4", "{player}'s extra flips during faceoffs this turn end")
def extra_flips_end(board: Board, player: int):
    someone = board.players[player]
    if someone.extra_flips:
        someone.extra_flips = 0
        return {"player": someone.name}


def end_phase(s):
    board = s.board
    trace = board.trace
    player = board.turn.player
    _enter(board, "end", "end of turn")
    end_of_turn_triggers(board, player)
    yield from boundary_window(s, "start of the End of Turn Step")
    while True:
        _enter(board, "end", "wrap up")
        if no_priority_in_the_wrap_up_step.allows(board):
            yield from boundary_window(s, "start of the Wrap Up Step")
        yield from _discard_down(s, player)
        yield from _retire_down(s, player)
        if wrap_up_without_priority.allows(board):
            yield from boundary_window(s, "end of the Wrap Up Step")
        if not board.waiting or triggers_in_wrap_up(board) is None:
            break
        yield from priority_window(s, Window("Wrap Up Step"))
    for card in board.play:
        modifiers_end(board, card)
    for someone in board.players:
        extra_flips_end(board, someone.index)
    trace.note("616.4", "the turn ends and the next player in turn order begins their turn")


@check("601.2b", "no player receives priority during the Wrap-Up Step")
def no_priority_in_the_wrap_up_step(board: Board):
    """No priority window opens at the start of the Wrap Up Step (an
    exception to 601.2)."""
    return "no player receives priority during the Wrap-Up Step: no priority window opens as it starts"


@check("616.1", "no player receives priority during the wrap up step")
def wrap_up_without_priority(board: Board):
    """No priority window opens as the Wrap Up Step ends (an exception to
    601.2); only triggers open one (616.4a)."""
    return "no player receives priority during the Wrap Up Step: no priority window opens as it ends"


@step("615.1", "the End of Turn Step: all triggers which trigger at the end of {player}'s turn trigger")
def end_of_turn_triggers(board: Board, player: int):
    emit(board, "turn-ends", player=player)
    return {"player": board.name(player)}


@step("616.4a", "triggers occurred during the Wrap Up Step: a priority window opens before the turn ends to process "
                "them, and another Wrap Up Step begins as it closes")
def triggers_in_wrap_up(board: Board):
    return {}


@check("616.2", "the turn player can't end the turn with more cards in hand than the maximum hand size of 8")
def within_hand_size(board: Board, player: int):
    n = len(board.players[player].hand)
    size = hand_size(board, player)
    if n > size:
        return f"{board.name(player)} has {n} cards in hand, more than the maximum hand size of {size}, and must discard"


def hand_size(board: Board, player: int) -> int:
    """A player's maximum hand size: 8 (616.2), as card text changes it
    (104.1: "your maximum hand size is increased by 2")."""
    from rulebase.engine.ccg.abilities import continuous

    return max(0, MAXIMUM_HAND_SIZE + continuous.hand_size_change(board, player))


def _discard_down(s, player: int):
    """The turn player discards down to the maximum hand size (616.2)."""
    board = s.board
    me = board.players[player]
    if within_hand_size.allows(board, player):
        size = hand_size(board, player)
        if len(me.hand) <= size:
            board.trace.note("616.2", "{player} has {n} cards in hand, no more than the maximum hand size of {size}",
                             player=me.name, n=len(me.hand), size=size)
        return
    verify = lambda action: _check_discard(board, player, action)
    options = lambda: legal(board, [Action("discard", player, c.id) for c in me.hand], verify)
    size = hand_size(board, player)
    while len(me.hand) > size:
        action = yield from decide(s, player, "choose a card to discard", options, {"discard": verify}, rule="616.2")
        if discard_down_to_hand_size(board, player, chosen(board, action, discards_a_card), size) is None:
            break
    board.trace.note("616.2", "{player} has {n} cards in hand, no more than the maximum hand size of {size}",
                     player=me.name, n=len(me.hand), size=size)


@check("616.3", "the turn player can't end the turn with Friends at their home in excess of their home limit")
def within_home_limit(board: Board, player: int, friends: list, limit: int):
    if len(friends) > limit:
        return (f"{board.name(player)} has {len(friends)} Friends at home, more than the home limit of {limit}, and "
                f"must retire Friends there")
    return Allowed(f"{board.name(player)} has {len(friends)} Friend{'s' * (len(friends) != 1)} at home, within the "
                   f"home limit of {limit}: only Friends count")


@step("301.3", "{mane} is turned over: it has the card information of its face-up side, Boosted: home limit {limit}")
def face_up_side(board: Board, mane: Card):
    if mane.turned_over and mane.printed.boosted is not None:
        return {"mane": mane.label, "limit": mane.info.home_limit}


@step("212.1", "{mane}'s home limit is {limit}: the Friends {player} can have at home at the end of the turn")
def home_limit(board: Board, player: int, mane: Card, limit: int):
    return {"mane": mane.label, "limit": limit, "player": board.name(player)}


def _retire_down(s, player: int):
    """The turn player retires Friends at home down to the home limit (616.3)."""
    board = s.board
    trace = board.trace
    me = board.players[player]
    mane = board.mane(player)
    limit = mane.info.home_limit if mane is not None else None
    if limit is None:
        trace.note("616.3", "{player} has no Mane Character in play, so no home limit", player=me.name)
        return
    if face_up_side(board, mane) is None:
        limit = mane.printed.home_limit
    if limit is None or home_limit(board, player, mane, limit) is None:
        trace.note("616.3", "{player} has no home limit", player=me.name)
        return
    from rulebase.engine.ccg.abilities import continuous

    limit = max(0, limit + continuous.home_limit_change(board, player))
    uncounted = {c.id for c in board.play if c.area == me.home and c.controller == player
                 and c.type == CardType.FRIEND and continuous.not_counted(board, c)}
    friends = lambda: [c for c in board.play if c.area == me.home and c.controller == player
                       and c.type == CardType.FRIEND and c.id not in uncounted]
    for card in friends():
        if card.face_down:
            trace.note("505.1", "{card} is face-down but keeps its card information: it is still a Friend", card=card.label)
    if confront.record_verdict(board, within_home_limit, player, friends(), limit):
        return
    verify = lambda action: friend_at_home(board, player, named_card(board, action))
    options = lambda: legal(board, [Action("retire", player, c.id) for c in board.play if c.controller == player], verify)
    while len(friends()) > limit:
        action = yield from decide(s, player, "choose a Friend at home to retire", options, {"retire": verify}, rule="616.3")
        card = chosen(board, action, friend_at_home)
        if retire_down_to_home_limit(board, player, card, len(friends()), limit) is None:
            break
