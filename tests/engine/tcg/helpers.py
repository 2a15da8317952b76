"""Small boards for the TCG engine's tests: cards of a few kinds, a board
with cards placed, and a state waiting at a phase."""

from __future__ import annotations

from rulebase.engine.tcg.actions import Action
from rulebase.engine.tcg.board import Board, Zone
from rulebase.engine.tcg.cards import Printed
from rulebase.engine.tcg.decide import CHECKPOINT
from rulebase.engine.tcg.state import TCGState
from rulebase.engine.tcg.text import Effect

BELLE = Printed.build("Sweetie Belle", "Character", number="T-001", cost=2, inspiration=3, keywords=["Unicorn"])
SCOOT = Printed.build("Scootaloo", "Character", number="T-002", cost=1, inspiration=2, keywords=["Pegasus"])
BLOOM = Printed.build("Apple Bloom", "Character", number="T-003", cost=3, inspiration=5, keywords=["Earth"])
MEADOW = Printed.build("Meadow", "Scene", number="T-010", everyday=True)
GARDEN = Printed.build("Garden", "Scene", number="T-011", effects=[Effect.build("inspire", ["inspiration +2 self"])])
CLOUDS = Printed.build("Clouds", "Scene", number="T-012")
SADDLE = Printed.build("Saddlebag", "Item", number="T-020", cost=1, effects=[Effect.build("item", ["inspiration +2 self"])])
CAPE = Printed.build("Cape", "Item", number="T-021", cost=0, effects=[Effect.build("item", ["inspiration +1 self"])])
LESSON = Printed.build("Lesson", "Event", number="T-030", cost=1, effects=[Effect.build("event", ["draw 2"])])
FILLER = Printed.build("Filler", "Character", number="T-099", cost=9, inspiration=1)
TWILIGHT = Printed.build("Twilight Sparkle", "Main Character", number="T-100")
STORY = [Printed.build(f"Quest: Part {n}", "Story", number=f"T-10{n}", stage=n) for n in range(1, 5)]


def character(name: str, cost: int = 1, inspiration: int = 2, keywords=(), effects=(), number=None) -> Printed:
    return Printed.build(name, "Character", number=number, cost=cost, inspiration=inspiration, keywords=list(keywords),
                         effects=list(effects))


def board_with(*placements, names=("Alice", "Bob"), turn_player: int = 0, turn: int = 3) -> Board:
    """A board with cards placed: ``(printed, owner, zone, where)``, where
    ``where`` is a space (Adventure Zone), a stage (Plans), the label of the
    Character an Item is attached to, or ``None``; decks keep the order
    given (top first).  Each player has a Main Character and a Story, and it
    is ``turn_player``'s turn ``turn``."""
    board = Board(list(names))
    board.turn.number = turn
    board.turn.player = turn_player
    board.turn.first_player = turn_player if turn % 2 == 1 else 1 - turn_player
    for owner in (0, 1):
        board.put(board.new_card(TWILIGHT, owner), Zone.STORY)
        for printed in STORY:
            board.put(board.new_card(printed, owner), Zone.STORY)
    for printed, owner, zone, where in placements:
        labels = {card.label for card in board.cards}
        label, copy = printed.name, 1
        while label in labels:
            copy += 1
            label = f"{printed.name} #{copy}"
        card = board.new_card(printed, owner, label)
        if zone == Zone.ADVENTURE and isinstance(where, str):
            host = card_named(board, where)
            board.put(card, zone, host=host)
        elif zone == Zone.ADVENTURE:
            board.put(card, zone, space=where)
        elif zone == Zone.PLANS:
            board.put(card, zone, stage=where)
        else:
            board.put(card, zone, bottom=True)
    return board


def card_named(board: Board, label: str):
    for card in board.cards:
        if card.label == label:
            return card
    raise KeyError(label)


def at_phase(board: Board, phase: str = "main", checkpoints: bool = True) -> TCGState:
    """The Turn Player's ``phase`` on ``board``: with ``checkpoints``, the
    game waits past the pause at the start of the phase."""
    state = TCGState.from_board(board, phase, checkpoints=checkpoints)
    if checkpoints and state.pending is not None and state.pending.kind == CHECKPOINT:
        state.apply_action(Action("continue", state.pending.player))
    return state


def advancing(state: TCGState) -> TCGState:
    """Answer each decision for the Story (Advance Story may be declined) by
    its default: advance, or disrupt the Plan that guards the stage."""
    from rulebase.engine.tcg.story import STORY_DECISION

    while state.pending is not None and state.pending.kind == STORY_DECISION:
        state.apply_action(state.pending.default())
    return state


def rules_of(board: Board, kind: str | None = None) -> list[str]:
    """The rules of the trace's steps (of one kind), in order."""
    return [step.rule for step in board.trace if step.rule and (kind is None or step.kind == kind)]


def texts(board: Board, rule: str, kind: str | None = "step") -> list[str]:
    """The texts of the trace's steps of one rule (of one kind: by default
    what the rule made happen)."""
    return [step.text for step in board.trace if step.rule == rule and (kind is None or step.kind == kind)]


def play_on(state: TCGState, *texts: str) -> None:
    """Apply actions given as text."""
    for text in texts:
        state.apply_action(Action.parse(text))
