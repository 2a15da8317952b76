"""Decisions, priority windows (510) and what happens before a player
receives priority (511): the procedure's helpers that ask players to act.

An answer to a decision is checked by check units (see
:mod:`rulebase.engine.ccg.rules`): those that say an action is not what the
game waits for now ("not now", "another player has priority") are units of
their own, apart from the units that judge what an action is."""

from __future__ import annotations

import weakref

from rulebase.engine.ccg import (
    effects,
    faceoffs,
    loops,
    moving,
    play,
    points,
    rules,
    uniqueness,
    zones,
)
from rulebase.engine.ccg.abilities import activated, continuous, events, parts, triggers
from rulebase.engine.ccg.actions import Action
from rulebase.engine.ccg.board import HOME, Card, Zone
from rulebase.engine.ccg.cards import CardType
from rulebase.engine.ccg.rules import Allowed, step
from rulebase.engine.errors import EngineError
from rulebase.engine.flow import Request
from rulebase.engine.rulebook import legal

CHECKPOINT = "go on with the game"
"""The pause a caller asked for between phases (not a decision of the rules)."""

PRIORITY = "take an action or pass"
"""The decision of a player who has priority (510.1)."""

PHASE_WORDS = {"ready": "Ready Phase", "troublemaker": "Troublemaker Phase", "main": "Main Phase",
               "score": "Score Phase", "end": "End Phase"}


def decide(s, player: int, kind: str, options, verbs: dict, rule: str | None = None, default=None,
           automatic: bool = True, data: dict | None = None, only=None, pick=None):
    """Ask ``player`` to decide; ``verbs`` maps each verb the decision accepts
    to its check (``only`` and ``pick``: see :class:`~rulebase.engine.flow.Request`).
    Conceding and card-text instructions are carried out on the way, and
    the question asked again."""
    request = Request(player, kind, options, check=None, rule=rule, default=default,
                      data={"verbs": verbs, **(data or {})}, automatic=automatic, only=only, pick=pick)
    request.check = _checking(s, request)
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


def _checking(s, request: Request):
    """The check of ``request``'s answers (:func:`check`), holding the
    request by a weak reference: the request holds its check, and a check
    holding the request would make the two a reference cycle, left for
    the cyclic garbage collector to free (thousands a game, each pass of
    the collector over a game's growing trace and board the slower)."""
    held = weakref.ref(request)
    return lambda action: check(s, held(), action)


# -- the card an answer names, and the rules switched off ------------------------------


def named_card(board, action) -> Card | None:
    """The card ``action`` names, or ``None`` when it names none in the game."""
    index = getattr(action, "card", None)
    return board.cards[index] if isinstance(index, int) and 0 <= index < len(board.cards) else None


def switched_off(unit, what: str) -> EngineError:
    """The error of a procedure that can't go on because the rule of
    ``unit`` is switched off and let through what it would have refused."""
    return EngineError(f"{what}, and rule {unit.number}, which would have refused it ({unit.unit.name}), is switched off")


def chosen(board, action, unit) -> Card:
    """The card a decision's answer names, the answer checked by ``unit``;
    an error when it names none (possible only with ``unit`` switched off)."""
    card = named_card(board, action)
    if card is None:
        raise switched_off(unit, "the answer names no card in the game")
    return card


# -- checking a decision's answer -----------------------------------------------------


@rules.check("705.1", "a player takes an action")
def is_an_action(board, action):
    if not isinstance(action, Action):
        return f"{action!r} is not an action"


@rules.check("705.1", "a random event happens only when the game calls for one")
def no_random_event_due(board, action: Action):
    if action.is_chance:
        return "no random event is due now"


@rules.check("103.5", "a player who has left the game takes no action")
def player_in_the_game(board, action: Action):
    if not 0 <= action.player < len(board.players) or board.players[action.player].removed:
        return "that player is not in the game"


@rules.check("401.4", "each player has their own zones: a player rearranges only their own")
def arranges_their_own_zone(board, action: Action):
    if action.owner != action.player:
        return f"{board.name(action.player)} can't rearrange another player's zone"


def check(s, request: Request, action) -> None:
    """Raise :class:`IllegalAction`, naming the rule, unless ``action``
    answers ``request`` (or may be taken at any time)."""
    board = s.board
    is_an_action(board, action)
    if not isinstance(action, Action):
        raise switched_off(is_an_action, f"{action!r} is not an action")
    no_random_event_due(board, action)
    if action.is_free:
        player_in_the_game(board, action)
        if not 0 <= action.player < len(board.players):
            raise switched_off(player_in_the_game, f"player {action.player} is not in the game")
        if action.verb == "effect":
            effects.check(board, action)
        elif action.verb == "arrange":
            arranges_their_own_zone(board, action)
            zones.check_arrange(board, action.player, action.zone, action.order or ())
        return
    if action.verb == "play" and request.kind != PRIORITY:
        _check_event_timing(board, action)
    if action.player != request.player:
        refuse_other_player(s, request, action)
    verb_check = request.data["verbs"].get(action.verb)
    if verb_check is None:
        refuse_wrong_time(s, request, action)
        raise switched_off(WAITS_FOR_ANOTHER_DECISION[VERB_RULES.get(action.verb, "510.1")],
                           f"the game waits for {board.name(request.player)} to {request.kind}, not to {action.verb}")
    verb_check(action)
    if request.kind == PRIORITY and action.verb != "pass":
        loops.continues_loop(board, action)


def _check_event_timing(board, action: Action) -> None:
    """An Event played while no priority window is open: say which timing
    rule forbids it now, if one does."""
    if action.card is None or not 0 <= action.card < len(board.cards):
        return
    card = board.cards[action.card]
    if card.type == CardType.EVENT and card.zone == Zone.HAND and card.owner == action.player:
        window = play.Window("now", main=board.turn.phase == "main" and board.faceoff is None, faceoff=board.faceoff)
        play.check_timing(board, action.player, card, window)


# -- "not now": the refusals of an action that is not what the game waits for ---------
#
# These judge when an action may be taken, never what it is: a scenario that
# expects an action refused by a rule for its content is not met by them.

WHO_DOES = {"challenge": "608.1", "uncover": "607.2", "confront": "610.1"}
"""The decisions only the turn player makes, and the rule that says so."""

VERB_RULES = {"challenge": "608.1", "uncover": "607.2", "confront": "610.1", "send-home": "514.5b",
              "discard": "616.2", "retire": "616.3", "dismiss": "516.2", "bottom": "514.6",
              "starting-problem": "102.2", "mulligan": "102.4", "keep": "102.4", "pass": "510.1",
              "arrange": "401.3", "trigger": "511.7a", "activate": "703.1"}
"""The rule under which each kind of decision is taken."""

DECISION_RULES = ("102.2", "102.4", "402.3", "510.1", "511.7a", "514.5b", "516.2", "607.2", "608.1", "610.1", "616.2",
                  "616.3")
"""The rules under which the game asks for a decision (``decide(rule=...)``)."""


@rules.check("609.1", "only the turn player may perform Main Phase actions")
def main_phase_actions_are_the_turn_players(board, request: Request, action: Action):
    if action.verb in play.MAIN_PHASE_VERBS and action.verb != "play" and action.player != board.turn.player:
        return f"only the turn player ({board.turn_player.name}) may perform Main Phase actions"


@rules.check("510.1", "only one player may have priority at a time")
def one_player_has_priority(board, request: Request, action: Action):
    if request.kind == PRIORITY and action.player != request.player:
        return (f"only one player may have priority at a time: {board.name(request.player)} has priority, "
                f"not {board.name(action.player)}")


@rules.check("609.1", "Main Phase actions are taken in the turn player's Main Phase")
def main_phase_actions_in_the_main_phase(board, request: Request, action: Action):
    main_phase_action = action.verb in ("move", "draw", "rally") or (action.verb == "play" and _is_main_phase_card(board, action))
    if request.kind != PRIORITY and board.turn.phase == "main" and not board.faceoff:
        return None  # the Main Phase, but a decision is pending: the rule of that decision refuses
    if main_phase_action and action.verb not in request.data["verbs"]:
        phase = PHASE_WORDS.get(board.turn.phase, board.turn.phase)
        return (f"Main Phase actions are taken in the turn player's Main Phase (it is the {phase}"
                f"{', during a faceoff' if board.faceoff else ''})")


@rules.check("510.1", "a card can be played only while its player has priority")
def played_with_priority(board, request: Request, action: Action):
    if action.verb == "play" and action.verb not in request.data["verbs"]:
        return (f"a card can be played only while its player has priority; the game waits for "
                f"{board.name(request.player)} to {request.kind}")


def _only_the_turn_player(board, request: Request, action: Action):
    if action.player != board.turn.player and action.verb in WHO_DOES:
        return f"only the turn player ({board.turn_player.name}) does that"


def _waits_for_another_player(board, request: Request, action: Action):
    if action.player != request.player:
        return f"the game waits for {board.name(request.player)} to {request.kind}, not for {board.name(action.player)}"


def _waits_for_another_decision(board, request: Request, action: Action):
    if action.verb not in request.data["verbs"]:
        return (f"{board.name(action.player)} can't {action.verb} now: the game waits for "
                f"{board.name(request.player)} to {request.kind}")


ONLY_THE_TURN_PLAYER = rules.RULES.check_under_each(WHO_DOES.values(), "only the turn player makes this decision")(
    _only_the_turn_player)
WAITS_FOR_ANOTHER_PLAYER = rules.RULES.check_under_each(
    DECISION_RULES, "the game waits for another player's decision", waiting=True)(_waits_for_another_player)
WAITS_FOR_ANOTHER_DECISION = rules.RULES.check_under_each(
    tuple(VERB_RULES.values()), "the game waits for another decision", waiting=True)(_waits_for_another_decision)


def _waiting_rule(request: Request) -> str:
    return request.rule if request.rule in WAITS_FOR_ANOTHER_PLAYER else "510.1"


def refuse_other_player(s, request: Request, action: Action) -> None:
    """Refuse an action of a player the game is not waiting for."""
    board = s.board
    main_phase_actions_are_the_turn_players(board, request, action)
    one_player_has_priority(board, request, action)
    if action.verb in WHO_DOES:
        ONLY_THE_TURN_PLAYER[WHO_DOES[action.verb]](board, request, action)
    WAITS_FOR_ANOTHER_PLAYER[_waiting_rule(request)](board, request, action)


def refuse_wrong_time(s, request: Request, action: Action) -> None:
    """Refuse an action the decision at hand does not accept."""
    board = s.board
    main_phase_actions_in_the_main_phase(board, request, action)
    played_with_priority(board, request, action)
    WAITS_FOR_ANOTHER_DECISION[VERB_RULES.get(action.verb, "510.1")](board, request, action)


def _is_main_phase_card(board, action: Action) -> bool:
    if action.card is None or not 0 <= action.card < len(board.cards):
        return True
    card = board.cards[action.card]
    return card.type != CardType.EVENT or card.info.timing == "Main Phase"


def apply_free(s, action: Action):
    board = s.board
    if action.verb == "concede":
        points.concede(board, action.player)
        yield from settle(s)
        return
    if action.verb == "arrange":
        zones.arrange(board, action.player, action.zone, action.order)
        return
    board.trace.decision("by card text, {player}: {action}", player=board.name(action.player), action=s.describe(action))
    if action.effect == "challenge":
        troublemaker = board.cards[action.card]
        named = (troublemaker,) + tuple(board.cards[i] for i in action.order)
        yield from faceoffs.faceoff(s, faceoffs.TROUBLEMAKER, (), action.player, troublemaker=troublemaker, named=named)
    elif action.effect in continuous.OCCURRING and action.card is not None:
        # replacement modifiers asking a decision ask it, as for any instruction of card text (710.5)
        yield from continuous.carry_out(s, effects.VERBS[action.effect], effects.act_of(board, action))
    else:
        effects.apply(board, action, lambda player, count: faceoffs.flip(board, player, count))
    yield from settle(s)


@rules.check("505.1", "face-down cards retain their card information unless otherwise noted")
def retains_card_information(board, card: Card):
    if card.face_down:
        return Allowed(f"{card} is face-down but retains its card information: it is a {card.type}")


def known_friend(board, card: Card) -> bool:
    """Whether a card is known to be a Friend: a face-down one is, as it
    retains its card information (505.1); without that rule its type is not
    known."""
    if card.type != CardType.FRIEND:
        return False
    if not card.face_down:
        return True
    if retains_card_information.verdict(board, card) is None:
        return False
    retains_card_information(board, card)
    return True


@step("511.4", "{card} is not a Friend and is frightened: it is turned face-up")
def frightened_non_friend_face_up(board, card: Card):
    """Called for a frightened card not known to be a Friend."""
    if card.frightened:
        card.frightened = False
        card.face_down = False
        return {"card": card.label}


@step("511.5", "{card} is in the home of a player other than its controller and is sent to its controller's home")
def go_home(board, card: Card):
    home = board.players[card.controller].home
    moving.send(board, card, home, "it is in the home of a player other than its controller")
    if card.area == home:
        return {"card": card.label}


@step("511.5", "{card} is in an area which has ceased to exist ({area}) and is sent to its controller's home")
def go_home_from_ceased_area(board, card: Card):
    area = board.area_name(card.area)
    home = board.players[card.controller].home
    moving.send(board, card, home, "its area has ceased to exist")
    if card.area == home:
        return {"card": card.label, "area": area}


@step("511.6", "{card} is not a character and is in an area which has ceased to exist ({area}): it is dismissed "
               "by the game")
def dismissed_from_ceased_area(board, card: Card):
    area = board.area_name(card.area)
    zones.dismiss(board, card, by_game=True)
    if card.zone != Zone.PLAY:
        return {"card": card.label, "area": area}


@rules.check("511.1", "as a player is about to receive priority, pre-priority processing is performed")
def pre_priority_processing(board):
    return Allowed("pre-priority processing is performed before a player receives priority")


@step("511.3", "{other} is attached to {card}, a face-down host, and is dismissed by the game")
def dismiss_from_face_down_host(board, other: Card, card: Card):
    zones.dismiss(board, other, by_game=True)
    if other.zone != Zone.PLAY:
        return {"other": other.label, "card": card.label}


@rules.check("509.4a", "attachments retain their host description even if they lose their abilities")
def retains_host_description(board, card: Card):
    if card.face_down and card.printed.host:
        return Allowed(f"{card} is face-down and has lost its abilities, but keeps its host description "
                       f"({card.printed.host})")


def has_host_description(board, card: Card) -> bool:
    """Whether an attachment has a host description to match: a face-down
    one keeps it (509.4a); without that rule it has none, having lost its
    abilities (505.1a)."""
    if not card.face_down or not card.printed.host:
        return True
    if retains_host_description.verdict(board, card) is None:
        return False
    retains_host_description(board, card)
    return True


@step("511.2", "{other} is attached to {card}, which does not match its host description, and is dismissed by the game")
def dismiss_from_mismatched_host(board, other: Card, card: Card):
    zones.dismiss(board, other, by_game=True)
    if other.zone != Zone.PLAY:
        return {"other": other.label, "card": card.label}


@step("511.8", "something happened in wave {n} of pre-priority processing: another wave is performed")
def another_wave(board, n: int):
    return {"n": n}


def settle(s, opening: bool = False):
    """What the game does before a player receives priority (511): frightened
    non-Friends turn face up, characters in another player's home go home,
    uniqueness violations are repaired (516), the waiting triggered effects
    are processed (511.7; ``opening``: as a new priority window opens,
    511.7a.i).  Each is done until nothing changes (511.8); a rule switched
    off changes nothing; without 511.1 none of it is done.  Meanwhile
    ``board.settling`` says Pre-Priority Processing is under way (710.2)."""
    board = s.board
    before = getattr(board, "settling", False)
    board.settling = True
    try:
        yield from _settle(s, opening)
    finally:
        board.settling = before


@step("710.2", "{card} would be {what} during Pre-Priority Processing: a replacement modifier can replace an "
               "occurrence at any time, even then")
def replaces_at_any_time(board, card: Card, what: str):
    """A replacement modifier can replace an occurrence at any time, even
    during Pre-Priority Processing (710.2); without this rule, none
    replaces an occurrence then."""
    return {"card": card.label, "what": what}


def may_replace_now(board, card: Card, what: str) -> bool:
    """Whether replacement modifiers may replace ``card`` being ``what``
    now: at any time (710.2), recorded when it is during Pre-Priority
    Processing."""
    if not getattr(board, "settling", False):
        return True
    return replaces_at_any_time(board, card, what) is not None


def _settle(s, opening: bool):
    board = s.board
    if pre_priority_processing.verdict(board) is None:
        return
    wave = 0
    while True:
        changed = False
        wave += 1
        if _turn_send_and_dismiss(board):
            changed = True
        violation = uniqueness.find(board)
        if violation is not None and (yield from repair(s, violation)):
            changed = True
        if not changed and board.waiting and (yield from triggers.process(s, opening)):
            changed = True
        if not changed:
            if wave > 1:
                pre_priority_processing(board)
            return
        if another_wave(board, wave) is None:
            pre_priority_processing(board)
            return


def _looked_for(board) -> tuple[bool, bool, bool, bool]:
    """What the first steps of a wave (511.2-511.6) look for, found in one
    pass over the cards in play: whether a card is attached, whether one is
    frightened, whether a character is in another player's home, whether
    a player has left the game (whose areas have ceased to exist).  Each
    step asks only of such cards, and most often there are none."""
    removed = False
    for player in board.players:
        if player.removed:
            removed = True
    attached = frightened = displaced = False
    for card in board.play:
        if card.host is not None:
            attached = True
        if card.frightened:
            frightened = True
        if card.is_character:
            area = card.area
            if area.kind == HOME and area.owner != card.controller:
                displaced = True
    return attached, frightened, displaced, removed


def _turn_send_and_dismiss(board) -> bool:
    """The steps of a wave before uniqueness (511.2-511.6), each taken when
    there is a card it asks of (:func:`_looked_for`, found again after a
    step that changed the game): attachments whose host no longer fits
    dismissed, frightened non-Friends turned face up, characters sent home,
    the other cards of an area that has ceased to exist dismissed.  Whether
    any of them changed the game."""
    attached, frightened, displaced, removed = _looked_for(board)
    changed = False
    if attached and _dismiss_mismatched(board):
        changed = True
        attached, frightened, displaced, removed = _looked_for(board)
    if frightened and _turn_face_up(board):
        changed = True
        attached, frightened, displaced, removed = _looked_for(board)
    if (displaced or removed) and _send_home(board):
        changed = True
        attached, frightened, displaced, removed = _looked_for(board)
    if removed and _dismiss_from_ceased_areas(board):
        changed = True
    return changed


def _dismiss_mismatched(board) -> bool:
    changed = False
    for other in list(board.play):
        host = other.host
        if host is None or other.zone != Zone.PLAY:
            continue
        if not has_host_description(board, other) or not play.matches_host_description.allows(board, other, host):
            if dismiss_from_mismatched_host(board, other, host) is not None:
                changed = True
        elif host.face_down and dismiss_from_face_down_host(board, other, host) is not None:
            changed = True
    return changed


def _turn_face_up(board) -> bool:
    changed = False
    for card in board.play:
        if card.frightened and not known_friend(board, card) and frightened_non_friend_face_up(board, card) is not None:
            changed = True
    return changed


def _send_home(board) -> bool:
    changed = False
    for card in list(board.play):
        if card.is_character and board.players[card.area.owner].removed:
            if go_home_from_ceased_area(board, card) is not None:
                changed = True
            continue
        in_another_home = card.is_character and card.area.is_home and card.area.owner != card.controller
        if in_another_home and go_home(board, card) is not None:
            changed = True
    return changed


def _dismiss_from_ceased_areas(board) -> bool:
    changed = False
    for card in list(board.play):
        if (card.zone == Zone.PLAY and not card.is_character and board.players[card.area.owner].removed
                and dismissed_from_ceased_area(board, card) is not None):
            changed = True
    return changed


@rules.check("516.2", "the violating player chooses one of the violating cards to be dismissed")
def violating_card_chosen(board, violation: uniqueness.Violation, action: Action):
    card = named_card(board, action)
    if card not in violation.cards:
        return f"{card or 'that card'} is not a violating card"
    return Allowed(f"{card} is one of the violating cards: {board.name(violation.player)} may choose it")


@step("516.2", "{player} chooses {card} to be dismissed by the game")
def dismissed_to_repair(board, player: int, card: Card):
    zones.dismiss(board, card, by_game=True)
    if card.zone != Zone.PLAY:
        return {"player": board.name(player), "card": card.label}


@step("516.1", "a uniqueness violation occurs ({description}): the game pauses until it is repaired")
def violation_occurs(board, violation: uniqueness.Violation):
    return {"description": violation.description}


def repair(s, violation: uniqueness.Violation):
    """Repair a uniqueness violation: the violating player chooses a violating
    card to be dismissed by the game (516.2).  Whether a card was dismissed."""
    board = s.board
    if violation_occurs(board, violation) is None:
        return False
    if violation.rule == "516.4":
        board.trace.note("306.2", "a player can control only one face-up Troublemaker at a given Problem")
    if violation.rule == "516.4a" and len({c.controller for c in violation.cards}) > 1:
        board.trace.note("516.2a", "the violating cards are controlled by several players: {player} is the violating player",
                         player=board.name(violation.player))
    if len(uniqueness.choosable(violation, board)) < len(violation.cards):
        board.trace.note("516.4b", "an Epic Troublemaker can't be chosen while a violating Troublemaker is not Epic")
    elif violation.rule in ("516.4", "516.4a") and all(c.is_epic for c in violation.cards):
        board.trace.note("516.4b", "all the violating Troublemakers are Epic: any of them may be chosen")
    player = violation.player

    def verify(action):
        card = named_card(board, action)
        if card in violation.cards:
            uniqueness.epic_chosen_last(board, violation, card)
        violating_card_chosen(board, violation, action)

    options = lambda: legal(board, [Action("dismiss", player, c.id) for c in violation.cards if c.zone == Zone.PLAY], verify)
    action = yield from decide(s, player, "choose a violating card to be dismissed", options, {"dismiss": verify},
                               rule="516.2")
    return dismissed_to_repair(board, player, chosen(board, action, violating_card_chosen)) is not None


@step("510.2", "a priority window opens ({where}); {player} gets priority first")
def window_opens(board, window: play.Window, first: int):
    return {"where": window.name, "player": board.name(first)}


def priority_window(s, window: play.Window, first: int | None = None):
    """Open a priority window: the turn player gets priority first (510.2),
    unless ``first`` (707.4); players pass in turn order; it closes when all
    pass consecutively."""
    board = s.board
    first = board.turn.player if first is None else first
    order = [first] + [p.index for p in board.players if p.index != first and not p.removed]
    if window_opens(board, window, order[0]) is None:
        return
    loops.window_opens(board)
    passes, position = 0, 0
    while passes < len(order):
        player = order[position % len(order)]
        yield from settle(s, opening=position == 0)
        board.turn.priority = player
        verbs = {"pass": lambda action: None, "play": lambda action, w=window: play.check_play(board, action, w),
                 "activate": lambda action, w=window: activated.check(board, action, w)}
        if window.main and player == board.turn.player:
            verbs.update({verb: (lambda action, w=window, v=verb: play.check(board, action, w)) for verb in ("move", "draw", "rally")})
        options = lambda player=player: listed(board, player, window)
        asked = s.checkpoints and window.main and player == board.turn.player
        pool = Pool(s)
        action = yield from decide(s, player, PRIORITY, options, verbs, rule="510.1",
                                   default=lambda player=player: Action("pass", player), automatic=not asked,
                                   only=lambda player=player, pool=pool: only_pass(board, player, window, pool),
                                   pick=lambda rng, player=player, pool=pool: drawn(board, player, window, rng, pool))
        board.turn.last_priority = player
        if action.verb == "pass":
            passes += 1
        else:
            if not (yield from take_action(s, action)):
                continue
            passes = 0
            if priority_passes(board, order[(position + 1) % len(order)]) is None:
                continue
        position += 1
    board.trace.note("510.2", "all players pass in succession: the priority window closes")
    board.turn.priority = None
    conditions_expire(board)


@step("512.4d", "the priority window has closed: the {n} condition{s} met before it can no longer be reacted to")
def conditions_expire(board):
    """A Reaction answers only a condition met since the most recent
    priority window closed (512.4d): closing, a window forgets the events
    before it."""
    n = len(events.since_window(board))
    if n:
        events.window_closed(board)
        return {"n": n, "s": "s" * (n != 1)}


def listed(board, player: int, window: play.Window) -> list:
    """What ``player`` may do with priority: pass, a Main Phase action or
    playing a card (609, 512), activating an ability (703), all asked of
    the board at once (:meth:`~rulebase.engine.ccg.board.Board.asking`)."""
    with board.asking():
        found = play.options(board, player, window) + activated.options(board, player, window)
        return [Action("pass", player)] + [action for action in found if loops.allows(board, action)]


def candidates(board, player: int, window: play.Window):
    """The actions besides passing that :func:`listed` considers, in its
    order, each with the test that keeps it (asked inside
    :meth:`~rulebase.engine.ccg.board.Board.asking`, quietly)."""
    yield from play.candidates(board, player, window)
    yield from activated.candidates(board, player, window)


def _looping(board) -> bool:
    """Whether a loop has been repeated the number of times chosen (802.2):
    then an action may be refused for continuing it, a refusal recorded as
    the actions are listed, so they are all listed."""
    loop = loops.tracker(board).loop
    return loop is not None and loop.completed


class Pool:
    """The candidate actions of a priority decision, passing first, with
    what their tests have said so far: what :func:`only_pass` finds is used
    again by :func:`drawn` while the game is where it was (as many actions
    in its history), for the same decision."""

    __slots__ = ("state", "at", "entries", "said")

    def __init__(self, state=None):
        self.state = state
        self.at = None

    def now(self, board, player: int, window: play.Window, fresh: bool = False) -> "Pool":
        """The pool as it is now: made again when ``fresh``, when it has no
        state to follow or when the state's history has grown since."""
        at = None if self.state is None else len(self.state.history)
        if fresh or at is None or self.at != at:
            entries = self.entries = [(Action("pass", player), None)]
            entries.extend(play.candidates(board, player, window))
            entries.extend(activated.candidates(board, player, window))
            self.said = [True] + [None] * (len(self.entries) - 1)
            self.at = at
        return self

    def allows(self, index: int) -> bool:
        said = self.said[index]
        if said is None:
            said = self.said[index] = self.entries[index][1]()
        return said


def only_pass(board, player: int, window: play.Window, pool: Pool | None = None):
    """Passing, when it is all ``player`` may do with priority; ``None``
    when there is something else: the first action allowed ends the
    looking, the last candidates first (drawing a card and moving, nearly
    always allowed in a Main Phase, come before the cards to play).  What
    :func:`listed` would say has one action, found without listing them
    all."""
    if _looping(board):
        found = listed(board, player, window)
        return found[0] if len(found) == 1 else None
    with board.asking(), board.trace.quiet():
        pool = (pool or Pool()).now(board, player, window, fresh=True)
        for index in range(len(pool.entries) - 1, 0, -1):
            if pool.allows(index):
                return None
    return pool.entries[0][0]


def drawn(board, player: int, window: play.Window, rng, pool: Pool | None = None):
    """One of the actions :func:`listed` lists, each as likely as another,
    drawn without judging them all: candidates are drawn at random, one by
    one without putting any back, until one is allowed.  Passing is always
    allowed, so one is found; the first allowed of a random order is any
    allowed action with the same chance."""
    if _looping(board):
        return rng.choice(listed(board, player, window))
    with board.asking(), board.trace.quiet():
        pool = (pool or Pool()).now(board, player, window)
        order = list(range(len(pool.entries)))
        left = len(order)
        while True:
            place = rng.randrange(left)
            index = order[place]
            if pool.allows(index):
                return pool.entries[index][0]
            left -= 1
            order[place] = order[left]


@step("705.2g", "the action has been resolved: priority passes to the next player, {player}")
def priority_passes(board, player: int):
    """After an action has been resolved, priority passes to the next player
    (705.2g); without that rule, the player who acted keeps it."""
    return {"player": board.name(player)}


def take_action(s, action: Action):
    """Take an action (705.2); whether it was taken: an action a step of
    which can't be completed is rewound (705.2), as if it never was."""
    board = s.board
    state = loops.state(board) if takes_an_action(board, action) is not None else None
    before = Snapshot(board) if may_be_rewound(board, action) else None
    settling, board.settling = getattr(board, "settling", False), False
    try:
        yield from _process(s, action)
    except activated.Incomplete:
        if before is None:
            raise
        before.restore()
        board.settling = settling
        board.version += 1
        board.trace.note("705.2", "the game state is as it was immediately before {player} took the action; they "
                                  "still have priority", player=board.name(action.player))
        return False
    board.settling = settling
    yield from settle(s)
    if state is not None:
        yield from loops.after_action(s, action, state)
    return True


@step("705.1", "{player} takes an action: {action}")
def takes_an_action(board, action: Action):
    """To take an action is to play a card, perform a Main Phase action or
    activate an ability (705.1): what a series of actions, a loop (802.1),
    is made of; passing priority is not one.  Without this rule no series
    of actions is followed."""
    if action.verb in ACTIONS:
        return {"player": board.name(action.player), "action": ACTIONS[action.verb]}


ACTIONS = {"play": "playing a card", "move": "a Main Phase action", "draw": "a Main Phase action",
           "rally": "a Main Phase action", "activate": "activating an ability"}
"""The actions of 705.1, by the verb of the decision that takes them."""


def may_be_rewound(board, action: Action) -> bool:
    """Whether processing ``action`` could find a step it can't complete
    (705.2): paying a cost that names other cards, of an ability or of an
    Event's text.  Other actions are checked in full before they are taken."""
    ability = None
    if action.card is None or not 0 <= action.card < len(board.cards):
        return False
    card = board.cards[action.card]
    if action.verb == "activate":
        found = activated.find(card, action.amount)
        ability = found[1] if found is not None else None
    elif action.verb == "play" and card.type == CardType.EVENT:
        ability = activated.event_ability(card)
    return ability is not None and any(activated.names_other_cards(cost) for cost in ability.cost or ())


class Snapshot:
    """The game state at a point (705.2): every attribute of the board (but
    its trace), of its players, cards, turn and faceoff, with the lists,
    sets and dicts they hold copied, so that :meth:`restore` puts them back
    on the same objects, which the game's procedure keeps holding."""

    def __init__(self, board):
        self.board = board
        objects = [board, board.turn, *board.players, *board.cards]
        if board.faceoff is not None:
            objects.append(board.faceoff)
        self.saved = [(thing, _saved(thing)) for thing in objects]

    def restore(self) -> None:
        for thing, values in self.saved:
            for name, value in values.items():
                setattr(thing, name, _copied(value))


def _saved(thing) -> dict:
    """The attributes of ``thing`` (but a board's trace and memo), copied
    (:func:`_copied`); an empty slot is left out."""
    saved = {}
    held = _HELD_AS_IS
    for name in _fields(thing):
        value = getattr(thing, name, _EMPTY)
        if value is _EMPTY or name == "trace" or name == "memo":
            continue
        saved[name] = value if type(value) in held else _copied(value)
    return saved


_EMPTY = object()


def _fields(thing) -> list[str]:
    if hasattr(thing, "__dict__"):
        return list(vars(thing))
    kind = type(thing)
    found = _SLOTS.get(kind)
    if found is None:
        found = _SLOTS[kind] = [name for cls in kind.__mro__ for name in getattr(cls, "__slots__", ())]
    return found


_SLOTS: dict = {}
"""The slots of each class of object a snapshot is taken of (a card's)."""

_HELD_AS_IS = frozenset({int, str, bool, float, type(None), tuple, frozenset})
"""The kinds of value a snapshot keeps as they are, asked first (nearly
every value of a card is one)."""


def _copied(value):
    """``value`` with the lists, sets and dicts in it copied, and what they
    hold otherwise the same objects."""
    if type(value) in _HELD_AS_IS:
        return value
    if isinstance(value, list):
        return [_copied(item) for item in value]
    if isinstance(value, dict):
        return {key: _copied(item) for key, item in value.items()}
    if isinstance(value, set):
        return set(value)
    return value


def _process(s, action: Action):
    board = s.board
    if action.verb == "play":
        card = board.cards[action.card]
        text = activated.event_ability(card) if card.type == CardType.EVENT else None
        extra = play.additional_cost(card)
        if extra is not None:
            extra = (extra, (yield from activated.choose_payment(s, action.player, card, extra)))
        yield from parts.name_as_entering(s, card, action.player)
        play.play_card(board, action, lambda player, instruction: effects.follow(
            board, player, instruction, lambda p, n: faceoffs.flip(board, p, n)), by_text=text is not None, extra=extra)
        if text is not None:
            yield from activated.play_event(s, card, action.player, text)
    elif action.verb == "activate":
        yield from activated.activate(s, action)
    elif action.verb == "move":
        play.move_action(board, action)
    elif action.verb == "draw":
        play.draw_action(board, action)
    elif action.verb == "rally":
        play.rally(board, action)


def anyone_can_act(board, window: play.Window) -> bool:
    """Whether any player holds a card playable in this window, or has an
    ability they may activate in it."""
    with board.asking(), board.trace.quiet():
        return any(allowed() for p in board.players if not p.removed
                   for _action, allowed in candidates(board, p.index, window))


@step("601.2", "a priority window opens at the {name}")
def boundary_window_opens(board, name: str):
    return {"name": name}


def boundary_window(s, name: str):
    """The priority window at the start or end of a phase or step (601.2),
    opened when a player holds a card that could be played in it or
    triggered effects wait to be processed as a player receives priority
    (712.1)."""
    window = play.Window(name)
    board = s.board
    if (board.waiting or anyone_can_act(board, window)) and boundary_window_opens(board, name) is not None:
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
