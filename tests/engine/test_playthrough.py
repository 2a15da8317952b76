"""A golden playthrough: a seeded random game between the sample decks,
its trace written out step by step.  A change in what the engine does shows
as a diff of the transcript, to review; regenerate it with
``RULEBASE_REGENERATE=1 pytest tests/engine/test_playthrough.py``."""

import os
from pathlib import Path

from rulebase.engine.ccg.decks import sample_decks
from rulebase.engine.ccg.state import CCGGame
from rulebase.engine.policy import RandomPolicy, play

GOLDEN = Path(__file__).resolve().parent.parent / "data" / "scenarios" / "playthrough-sample-decks-seed-5.txt"
STEPS = 400


def transcript() -> str:
    state = play(CCGGame(decks=sample_decks(), turn_limit=200).new_initial_state(), RandomPolicy(5))
    lines = [f"{step.kind:<8} {step}" for step in state.trace.steps[:STEPS]]
    lines.append(f"outcome: {state.outcome().termination.value}, winner "
                 f"{state.board.name(state.outcome().winner) if state.outcome().winner is not None else 'none'}, "
                 f"scores {[p.score for p in state.board.players]}, {len(state.history)} actions, "
                 f"{len(state.trace)} trace steps")
    return "\n".join(lines) + "\n"


def test_the_seeded_playthrough_matches_its_transcript():
    text = transcript()
    if os.environ.get("RULEBASE_REGENERATE"):
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")
