"""Decisions, priority windows (510) and what happens before a player
receives priority (511): the procedure's helpers that ask players to act."""

from __future__ import annotations

from rulebase.engine.ccg import effects, faceoffs, moving, play, points, uniqueness, zones
from rulebase.engine.ccg.actions import Action
from rulebase.engine.ccg.board import Zone
from rulebase.engine.ccg.cards import CardType
from rulebase.engine.ccg.rules import step
from rulebase.engine.errors import IllegalAction
from rulebase.engine.flow import Request

CHECKPOINT = "go on with the game"
"""The pause a caller asked for between phases (not a decision of the rules)."""

PRIORITY = "take an action or pass"
"""The decision of a player who has priority (510.1)."""

PHASE_WORDS = {"ready": "Ready Phase", "troublemaker": "Troublemaker Phase", "main": "Main Phase",
               "score": "Score Phase", "end": "End Phase"}


def decide(s, player: int, kind: str, options, verbs: dict, rule: str | None = None, default=None,
           automatic: bool = True, data: dict | None = None):
    """Ask ``player`` to decide; ``verbs`` maps each verb the decision accepts
    to its check.  Conceding and card-text instructions are carried out on
    the way, and the question asked again."""
    request = Request(player, kind, options, check=lambda action: check(s, request, action), rule=rule,
                      default=default, data={"verbs": verbs, **(data or {})}, automatic=automatic)
    while True:
        action = yield request
        if action.is_free:
            yield from apply_free(s, action)
            request.forget()
            continue
        automatic, s.automatic = s.automatic, False
        if s.board.trace.enabled and not (automatic and action.verb == "pass") and action.verb != "continue":
            s.board.trace.decision("{player}{how}: {action}", player=s.board.name(player),
                                   how=" (the only choice)" if automatic else "", action=s.describe(action))
        return action


def check(s, request: Request, action) -> None:
    """Raise :class:`IllegalAction`, naming the rule, unless ``action``
    answers ``request`` (or may be taken at any time)."""
    board = s.board
    if not isinstance(action, Action):
        raise IllegalAction("705.1", f"{action!r} is not an action")
    if action.is_chance:
        raise IllegalAction("705.1", "no random event is due now")
    if action.is_free:
        if not 0 <= action.player < len(board.players) or board.players[action.player].removed:
            raise IllegalAction("103.5", "that player is not in the game")
        if action.verb == "effect":
            effects.check(board, action)
        elif action.verb == "arrange":
            if action.owner != action.player:
                raise IllegalAction("401.4", f"{board.name(action.player)} can't rearrange another player's zone")
            zones.check_arrange(board, action.player, action.zone, action.order or ())
        return
    if action.verb == "play" and request.kind != PRIORITY:
        _check_event_timing(board, action)
    if action.player != request.player:
        refuse_other_player(s, request, action)
    verb_check = request.data["verbs"].get(action.verb)
    if verb_check is None:
        refuse_wrong_time(s, request, action)
    verb_check(action)


def _check_event_timing(board, action: Action) -> None:
    """An Event played while no priority window is open: say which timing
    rule forbids it now, if one does."""
    if action.card is None or not 0 <= action.card < len(board.cards):
        return
    card = board.cards[action.card]
    if card.type == CardType.EVENT and card.zone == Zone.HAND and card.owner == action.player:
        window = play.Window("now", main=board.turn.phase == "main" and board.faceoff is None, faceoff=board.faceoff)
        play.check_timing(board, action.player, card, window)


def refuse_other_player(s, request: Request, action: Action) -> None:
    board = s.board
    who, waiting = board.name(action.player), board.name(request.player)
    if action.verb in play.MAIN_PHASE_VERBS and action.verb != "play" and action.player != board.turn.player:
        raise IllegalAction("609.1", f"only the turn player ({board.turn_player.name}) may perform Main Phase actions")
    if request.kind == PRIORITY:
        raise IllegalAction("510.1", f"only one player may have priority at a time: {waiting} has priority, not {who}")
    if action.player != board.turn.player and action.verb in ("challenge", "uncover", "confront"):
        rule = {"challenge": "608.1", "uncover": "607.2", "confront": "610.1"}[action.verb]
        raise IllegalAction(rule, f"only the turn player ({board.turn_player.name}) does that")
    raise IllegalAction(request.rule or "510.1", f"the game waits for {waiting} to {request.kind}, not for {who}")


def refuse_wrong_time(s, request: Request, action: Action) -> None:
    board = s.board
    phase = PHASE_WORDS.get(board.turn.phase, board.turn.phase)
    if action.verb in ("move", "draw", "rally") or (action.verb == "play" and _is_main_phase_card(board, action)):
        raise IllegalAction("609.1", f"Main Phase actions are taken in the turn player's Main Phase (it is the {phase}"
                                     f"{', during a faceoff' if board.faceoff else ''})")
    if action.verb == "play":
        raise IllegalAction("510.1", f"a card can be played only while its player has priority; the game waits for "
                                     f"{board.name(request.player)} to {request.kind}")
    rules = {"challenge": "608.1", "uncover": "607.2", "confront": "610.1", "send-home": "514.5b",
             "discard": "616.2", "retire": "616.3", "dismiss": "516.2", "bottom": "514.6",
             "starting-problem": "102.2", "mulligan": "102.4", "keep": "102.4", "pass": "510.1",
             "arrange": "401.3"}
    raise IllegalAction(rules.get(action.verb, "510.1"),
                        f"{board.name(action.player)} can't {action.verb} now: the game waits for "
                        f"{board.name(request.player)} to {request.kind}")


def _is_main_phase_card(board, action: Action) -> bool:
    if action.card is None or not 0 <= action.card < len(board.cards):
        return True
    card = board.cards[action.card]
    return card.type != CardType.EVENT or card.info.timing == "Main Phase"


def apply_free(s, action: Action):
    board = s.board
    if action.verb == "concede":
        points.concede(board, action.player)
        return
    if action.verb == "arrange":
        zones.arrange(board, action.player, action.zone, action.order)
        return
    board.trace.decision("by card text, {player}: {action}", player=board.name(action.player), action=s.describe(action))
    if action.effect == "challenge":
        troublemaker = board.cards[action.card]
        named = (troublemaker,) + tuple(board.cards[i] for i in action.order)
        yield from faceoffs.faceoff(s, faceoffs.TROUBLEMAKER, (), action.player, troublemaker=troublemaker, named=named)
    else:
        effects.apply(board, action, lambda player, count: faceoffs.flip(board, player, count))
    yield from settle(s)


def settle(s):
    """What the game does before a player receives priority (511): frightened
    non-Friends turn face up, characters in another player's home go home,
    uniqueness violations are repaired (516)."""
    board = s.board
    while True:
        changed = False
        for card in board.play:
            if card.frightened and card.type != CardType.FRIEND:
                card.frightened = False
                card.face_down = False
                board.trace.step("511.4", "{card} is not a Friend and is frightened: it is turned face-up", card=card.label)
                changed = True
        for card in list(board.play):
            if card.is_character and card.area.is_home and card.area.owner != card.controller:
                if go_home(board, card) is not None:
                    changed = True
        violation = uniqueness.find(board)
        if violation is not None:
            yield from repair(s, violation)
            changed = True
        if not changed:
            return


@step("511.5", "{card} is in the home of a player other than its controller and is sent to its controller's home")
def go_home(board, card):
    home = board.players[card.controller].home
    moving.send(board, card, home, "it is in the home of a player other than its controller")
    if card.area == home:
        return {"card": card.label}


def repair(s, violation: uniqueness.Violation):
    """Repair a uniqueness violation: the violating player chooses a violating
    card to be dismissed by the game (516.2)."""
    board = s.board
    board.trace.check("516.1", "a uniqueness violation occurs; the game pauses until it is repaired")
    board.trace.check(violation.rule, violation.description)
    if violation.rule == "516.4":
        board.trace.check("306.2", "a player can control only one face-up Troublemaker at a given Problem")
    if violation.rule == "516.4a" and len({c.controller for c in violation.cards}) > 1:
        board.trace.check("516.2a", "the violating cards are controlled by several players: {player} is the violating player",
                          player=board.name(violation.player))
    candidates = uniqueness.choosable(violation)
    if len(candidates) < len(violation.cards):
        board.trace.check("516.4b", "an Epic Troublemaker can't be chosen while a violating Troublemaker is not Epic")
    elif violation.rule in ("516.4", "516.4a") and all(c.is_epic for c in violation.cards):
        board.trace.check("516.4b", "all the violating Troublemakers are Epic: any of them may be chosen")
    player = violation.player
    options = lambda: [Action("dismiss", player, c.id) for c in candidates if c.zone == Zone.PLAY]

    def verify(action):
        if action.card not in [c.id for c in candidates]:
            card = board.cards[action.card] if action.card is not None and 0 <= action.card < len(board.cards) else None
            if card is not None and card in violation.cards:
                raise IllegalAction("516.4b", "an Epic Troublemaker can't be chosen unless all violating Troublemakers are Epic")
            raise IllegalAction("516.2", f"{card or 'that card'} is not a violating card")

    action = yield from decide(s, player, "choose a violating card to be dismissed", options, {"dismiss": verify},
                               rule="516.2")
    card = board.cards[action.card]
    board.trace.step("516.2", "{player} chooses {card} to be dismissed by the game", player=board.name(player), card=card.label)
    zones.dismiss(board, card, by_game=True)


def priority_window(s, window: play.Window, rule: str = "510.2", first: int | None = None):
    """Open a priority window: the turn player gets priority first (510.2),
    unless ``first`` (707.4); players pass in turn order; it closes when all
    pass consecutively."""
    board = s.board
    first = board.turn.player if first is None else first
    order = [first] + [p.index for p in board.players if p.index != first and not p.removed]
    board.trace.check(rule, "a priority window opens ({where}); {player} gets priority first", where=window.name,
                      player=board.name(order[0]))
    passes, position = 0, 0
    while passes < len(order):
        player = order[position % len(order)]
        yield from settle(s)
        board.turn.priority = player
        verbs = {"pass": lambda action: None, "play": lambda action, w=window: play.check_play(board, action, w)}
        if window.main and player == board.turn.player:
            verbs.update({verb: (lambda action, w=window, v=verb: play.check(board, action, w)) for verb in ("move", "draw", "rally")})
        options = lambda player=player: [Action("pass", player)] + play.options(board, player, window)
        asked = s.checkpoints and window.main and player == board.turn.player
        action = yield from decide(s, player, PRIORITY, options, verbs, rule="510.1",
                                   default=lambda player=player: Action("pass", player), automatic=not asked)
        board.turn.last_priority = player
        if action.verb == "pass":
            passes += 1
        else:
            passes = 0
            yield from take_action(s, action)
            board.trace.check("705.2g", "the action has been resolved: priority passes to the next player")
        position += 1
    board.trace.check("510.2", "all players pass in succession: the priority window closes")
    board.turn.priority = None


def take_action(s, action: Action):
    board = s.board
    board.trace.check("705.1", "{player} takes an action", player=board.name(action.player))
    if action.verb == "play":
        play.play_card(board, action, lambda player, instruction: effects.follow(
            board, player, instruction, lambda p, n: faceoffs.flip(board, p, n)))
    elif action.verb == "move":
        play.move_action(board, action)
    elif action.verb == "draw":
        play.draw_action(board, action)
    elif action.verb == "rally":
        play.rally(board, action)
    yield from settle(s)


def anyone_can_act(board, window: play.Window) -> bool:
    """Whether any player holds a card playable in this window."""
    return any(play.options(board, p.index, window) for p in board.players if not p.removed)


def boundary_window(s, name: str):
    """The priority window at the start or end of a phase or step (601.2),
    opened when a player holds a card that could be played in it."""
    window = play.Window(name)
    if anyone_can_act(s.board, window):
        s.board.trace.check("601.2", "a priority window opens at the {name}", name=name)
        yield from priority_window(s, window)


def checkpoint(s, where: str):
    """Pause where a caller asked to (``s.checkpoints``): at the start of each
    phase and at the end of each turn, so a scenario can look at the game
    between phases.  Not part of the rules; a simulation never pauses here."""
    if not s.checkpoints:
        return
    board = s.board
    player = board.turn.player
    yield from decide(s, player, CHECKPOINT, lambda: [Action("continue", player)], {"continue": lambda a: None},
                      default=lambda: Action("continue", player), automatic=False, data={"where": where})
