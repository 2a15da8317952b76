"""The Story (304.0.0): Story Progression (Advance Story, 404.6.0), the
Plans that guard each stage (304.4.0), disrupting them (Disrupt Plan,
404.7.0), and winning by reaching Stage IV (304.5.0, 104.1.0, 104.1.1).

The matching stage of both actions is the stage the Turn Player's Main
Character would reach next (see the interpretations of 404.6.0 and
404.7.0): with no opposing Plan there the Turn Player may advance (or
decline to: ``pass``), with one they disrupt it, so each column of the
Turn Player alone has exactly one of the two actions."""

from __future__ import annotations

from rulebase.engine.errors import IllegalAction
from rulebase.engine.rulebook import legal
from rulebase.engine.tcg import effects, ending, zones
from rulebase.engine.tcg.actions import Action
from rulebase.engine.tcg.board import MAX_STAGE, SPACES, Board, Card, Zone
from rulebase.engine.tcg.cards import STAGES
from rulebase.engine.tcg.decide import decide
from rulebase.engine.tcg.rules import Allowed, check, step

STORY_DECISION = "choose an action: Advance Story or Disrupt Plan"


def next_stage(board: Board, player: int) -> int:
    """The stage the player's Main Character would reach next: the
    matching stage of 404.6.0 and 404.7.0."""
    return board.players[player].stage + 1


@check("304.0.0", "each Story card has a stage from I to IV: there is no stage after Stage IV")
def a_stage_ahead(board: Board, player: int):
    if next_stage(board, player) > MAX_STAGE:
        return f"{board.name(player)}'s Main Character is at Stage IV: there is no further stage"


@check("304.4.0", "a player cannot progress to a stage if their opponent has a Plan at that same stage")
def no_plan_guards_it(board: Board, player: int):
    stage = next_stage(board, player)
    plan = board.players[board.opponent(player)].plans[stage - 1] if stage <= MAX_STAGE else None
    if plan is not None:
        return (f"{board.name(board.opponent(player))} has a Plan at Stage {STAGES[stage - 1]}: {board.name(player)} "
                "cannot progress to it")
    return Allowed(f"{board.name(board.opponent(player))} has no Plan at Stage {STAGES[stage - 1]}")


@check("404.7.0", "Disrupt Plan flips the opponent's Plan at the matching stage: there must be one")
def a_plan_to_disrupt(board: Board, player: int):
    stage = next_stage(board, player)
    plan = board.players[board.opponent(player)].plans[stage - 1] if stage <= MAX_STAGE else None
    if plan is None:
        return f"{board.name(board.opponent(player))} has no Plan at the matching stage to disrupt"
    return Allowed(f"{board.name(board.opponent(player))} has a Plan at Stage {STAGES[stage - 1]}")


def check_advance(board: Board, player: int) -> None:
    a_stage_ahead(board, player)
    no_plan_guards_it(board, player)


def check_disrupt(board: Board, player: int) -> None:
    a_stage_ahead(board, player)
    a_plan_to_disrupt(board, player)


def _can_advance(board: Board, player: int) -> bool:
    try:
        with board.trace.quiet():
            check_advance(board, player)
    except IllegalAction:
        return False
    return True


@check("404.7.0", "Disrupt Plan is not optional: the opponent's Plan at the matching stage is flipped")
def disrupt_is_not_optional(board: Board, player: int):
    stage = next_stage(board, player)
    plan = board.players[board.opponent(player)].plans[stage - 1] if stage <= MAX_STAGE else None
    if plan is not None:
        return (f"{board.name(board.opponent(player))} has a Plan at Stage {STAGES[stage - 1]}: Disrupt Plan flips it, "
                f"{board.name(player)} can't decline it")


@check("404.6.0", "the Turn Player may move their Main Character forward one stage: Advance Story may be declined")
def advance_may_be_declined(board: Board, player: int):
    if not _can_advance(board, player):
        return f"{board.name(player)} can't Advance Story here, so there is no Advance Story to decline"
    return Allowed(f"Advance Story is optional: {board.name(player)} may keep their Main Character where it is")


def check_decline(board: Board, player: int) -> None:
    disrupt_is_not_optional(board, player)
    advance_may_be_declined(board, player)


@step("404.6.0", "{player} does not advance their Story: their Main Character stays at {stage}")
def does_not_advance(board: Board, player: int):
    stage = board.players[player].stage
    return {"player": board.name(player), "stage": f"Stage {STAGES[stage - 1]}" if stage else "the start of the Story"}


@step("glossary/progress", "{player}'s Main Character progresses from {before} to Stage {stage}")
def to_the_next_stage(board: Board, player: int):
    """To progress is to move the Main Character from one Story stage to the
    next."""
    someone = board.players[player]
    if someone.stage < MAX_STAGE:
        before = f"Stage {STAGES[someone.stage - 1]}" if someone.stage else "before Stage I"
        someone.stage += 1
        return {"player": someone.name, "before": before, "stage": STAGES[someone.stage - 1]}


@step("304.0.0", "Story Progression: {player}'s Main Character moves to the next stage, Stage {stage}")
def progress(board: Board, player: int):
    """Moving to the next stage is Story Progression: the Main Character
    moves from one stage of the Story to the next."""
    someone = board.players[player]
    if to_the_next_stage(board, player) is not None:
        return {"player": someone.name, "stage": STAGES[someone.stage - 1]}


@step("404.6.0", "Advance Story: {player}'s Main Character moves forward to Stage {stage}")
def advance(board: Board, player: int):
    someone = board.players[player]
    if progress(board, player) is not None:
        return {"player": someone.name, "stage": STAGES[someone.stage - 1]}


@step("304.5.0", "{player}'s Main Character progresses to Stage IV: {player} wins the game")
def progresses_to_stage_four(board: Board, player: int):
    if board.players[player].stage == MAX_STAGE:
        ending.reaches_the_final_stage(board, player)
        return {"player": board.name(player)}


@step("104.1.1", "{card} says 'You win the game': a rule-based action, not a card effect")
def winning_is_a_rule(board: Board, card: Card):
    if any(instruction.verb == "win" for effect in card.printed.effects for instruction in effect.instructions):
        return {"card": card.label}


@step("404.7.0", "Disrupt Plan: {player} flips {opponent}'s Plan at Stage {stage}: it is {card}")
def flip_plan(board: Board, player: int, plan: Card):
    plan.face_down = False
    return {"player": board.name(player), "opponent": board.name(plan.owner), "stage": STAGES[plan.stage - 1],
            "card": plan.label}


@step("308.0.0", "{card}, a Plan being revealed, waits in the Resolution Zone, in no other zone, while it resolves")
def plan_being_revealed(board: Board, plan: Card):
    """A revealed Plan leaves the Story for the Resolution Zone until it has
    resolved (without this rule it stays on its stage meanwhile)."""
    board.put(plan, Zone.RESOLUTION)
    plan.destination = Zone.REST
    return {"card": plan.label}


@step("306.2.0", "the revealed Plan {card} has resolved: it enters {owner}'s Rest Zone")
def plan_discarded(board: Board, card: Card):
    if card.zone == Zone.PLANS or (card.zone == Zone.RESOLUTION and card.destination == Zone.REST):
        if zones.onto_the_discard_pile(board, card) is not None:
            return {"card": card.label, "owner": board.name(card.owner)}


def advance_story(s, player: int):
    """Advance Story (404.6.0): the Main Character moves forward one stage
    and the Story effects of that stage trigger; reaching Stage IV wins."""
    board = s.board
    if advance(board, player) is None:
        return
    stage = board.players[player].stage
    card = board.players[player].story_card(stage)
    if stage == MAX_STAGE:
        progresses_to_stage_four(board, player)
        if card is not None:
            winning_is_a_rule(board, card)
    if card is not None:
        effects.story_triggers(board, player, card, stage)
    yield from effects.settle(s)


def disrupt_plan(s, player: int):
    """Disrupt Plan (404.7.0): flip the opponent's Plan at the matching
    stage; its Preplan effect, if any, resolves; then it is discarded or
    returned to its owner's hand, depending on the card."""
    board = s.board
    opponent = board.opponent(player)
    plan = board.players[opponent].plans[next_stage(board, player) - 1]
    if plan is None or flip_plan(board, player, plan) is None:
        return
    plan_being_revealed(board, plan)
    effects.preplan_triggers(board, plan)
    yield from effects.settle(s)
    if plan.zone == Zone.RESOLUTION and plan.destination != Zone.REST:
        zones.leaves_resolution(board, plan)
    elif plan.zone in (Zone.RESOLUTION, Zone.PLANS):
        plan_discarded(board, plan)
    yield from effects.settle(s)


def story_action(s, column: int):
    """The Turn Player chooses an action for a column where only they have
    a Character (404.3.0)."""
    board = s.board
    player = board.turn.player
    checks = {"advance": lambda action: check_advance(board, action.player),
              "disrupt": lambda action: check_disrupt(board, action.player),
              "pass": lambda action: check_decline(board, action.player)}
    story_actions = lambda: legal(board, [Action("advance", player), Action("disrupt", player)],
                                  lambda action: checks[action.verb](action))
    if not story_actions():
        board.trace.note("404.3.0", "no action is possible for the {column} column", column=SPACES[column])
        return
    options = lambda: story_actions() + legal(board, [Action("pass", player)], checks["pass"])
    action = yield from decide(s, player, STORY_DECISION, options, checks, rule="404.3.0",
                               default=lambda: story_actions()[0], data={"column": column})
    if s.answered_alone:
        checks[action.verb](action)
    if action.verb == "advance":
        yield from advance_story(s, player)
    elif action.verb == "disrupt":
        yield from disrupt_plan(s, player)
    else:
        does_not_advance(board, player)
