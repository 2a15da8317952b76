"""The TCG's rulebook: every rule check and rule-driven step of the engine
is a unit under a rule number of the official rules; no refusal is raised
outside a unit; every rule a game cites exists; and switching a rule off
changes the games in which it decided something."""

import ast
from pathlib import Path

import pytest

import rulebase.engine.tcg as package
from rulebase.engine.errors import EngineError
from rulebase.engine.policy import RandomPolicy, play
from rulebase.engine.tcg import engine_rulebook
from rulebase.engine.tcg.deck import sample_decks
from rulebase.engine.tcg.state import TCGGame

SEEDS = (1, 2, 3)


def _game(seed: int, off=frozenset()):
    return play(TCGGame(decks=sample_decks(), turn_limit=60, off=off).new_initial_state(), RandomPolicy(seed),
                max_actions=3000)


@pytest.fixture(scope="module")
def games():
    return {seed: _game(seed) for seed in SEEDS}


def test_the_rulebook_holds_the_rules_of_every_section():
    numbers = set(engine_rulebook().numbers())
    assert len(numbers) > 70
    sections = {number[0] for number in numbers if number[0].isdigit()}
    assert sections == {"1", "2", "3", "4", "5", "6"}
    assert {"101.1.0", "102.1.0", "103.1.1", "104.1.1", "303.3.0", "404.5.0", "501.1.2", "608.0.0", "611.0.0",
            "glossary/attach", "glossary/farewell-effect"} <= numbers
    assert all(unit.summary for unit in engine_rulebook())


def test_every_rule_of_the_rulebook_exists_in_the_official_rules(rule_graph):
    document = rule_graph.current_edition("tcg")
    assert document == "tcg/official"
    missing = {unit.number: unit.name for unit in engine_rulebook() if f"{document}/{unit.number}" not in rule_graph}
    assert missing == {}


def test_the_engine_refuses_only_through_units():
    raising = []
    for path in sorted(Path(package.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) == "IllegalAction":
                raising.append(f"{path.name}:{node.lineno}")
    assert raising == []


def test_every_rule_a_game_cites_exists_and_every_rule_that_decides_is_a_unit(rule_graph, games):
    book = engine_rulebook()
    traced, deciding = set(), set()
    for state in games.values():
        traced |= set(state.trace.rules())
        deciding |= set(state.trace.deciding())
    assert len(traced) > 40
    assert sorted(rule for rule in traced if f"tcg/official/{rule}" not in rule_graph) == []
    assert deciding and sorted(rule for rule in deciding if rule not in book) == []


def _record(state, number: str) -> list:
    """What a game did, without the lines of rule ``number``: its trace, how
    it ended, and where every card is at its end."""
    board = state.board
    places = [f"{card.label}: {board.where(card)}{' tapped' if card.tapped else ''}" for card in board.cards]
    places += [f"{player.name}: {[card.label for card in player.story]} stage {player.stage}" for player in board.players]
    return [str(step) for step in state.trace if step.rule != number] + [str(state.outcome())] + places


SHOWN_ELSEWHERE = {
    "103.3.0": "only when the second seat is determined to go first: test_setup shows it",
    "104.1.1": "a game ends at Stage IV before the Story effect resolves: test_story shows a card's 'You win the game'",
    "501.1.2": "only when other effects wait: test_effects shows the order",
    "501.2.1": "only when a later instruction of the same effect reads Inspiration: test_effects shows the order",
    "502.1.0": "only when a part that can't be completed comes before another: test_effects shows it",
}
"""Rules that decide in these games without changing them, and where the
tests show what they change."""


def test_switching_off_a_rule_that_decided_in_a_game_changes_that_game(games):
    """Each rule that decided something in a seeded game changes the game
    when switched off: the knock-out audit finds no rule that is only
    decoration."""
    unchanged = set()
    for seed, state in games.items():
        for number in sorted(set(state.trace.deciding())):
            try:
                knocked = _game(seed, frozenset({number}))
            except EngineError:
                continue
            if _record(knocked, number) == _record(state, number):
                unchanged.add(number)
    assert sorted(unchanged - set(SHOWN_ELSEWHERE)) == []
