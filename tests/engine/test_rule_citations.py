"""Every rule number the engine cites must exist in the current rules: the
numbers its rulebook registers units under, and those it puts in its
traces (the units' and the notes the engine writes beside them)."""

from rulebase.engine.ccg import engine_rulebook
from rulebase.engine.ccg.decks import sample_decks
from rulebase.engine.ccg.state import CCGGame
from rulebase.engine.policy import RandomPolicy, play
from rulebase.scenarios import suite


def test_the_rulebook_holds_many_rules():
    book = engine_rulebook()
    assert len(book.numbers()) > 150
    assert {"506.2", "514.4c", "604.1b", "605.1a", "616.3", "glossary/swift"} <= set(book.numbers())


def test_every_rule_of_the_rulebook_exists(rule_graph):
    document = rule_graph.current_edition("ccg")
    assert document == "ccg/3.4"
    missing = {unit.number: unit.name for unit in engine_rulebook() if f"{document}/{unit.number}" not in rule_graph}
    assert missing == {}


def test_the_misprinted_action_and_draw_step_rules_are_registered_by_their_graph_keys():
    numbers = set(engine_rulebook().numbers())
    assert {"604.1a", "604.1d", "605.1", "605.1a"} <= numbers
    assert not {"601.1a", "601.1b"} & numbers


def test_every_rule_in_the_traces_of_games_and_scenarios_exists(rule_graph):
    document = rule_graph.current_edition("ccg")
    traced: set[str] = set()
    for seed in range(3):
        state = play(CCGGame(decks=sample_decks(), turn_limit=40).new_initial_state(), RandomPolicy(seed))
        traced |= set(state.trace.rules())
    report = suite.run_paths(suite.default_paths(), rule_graph)
    for result in report.results:
        if result.scenario.game == "ccg":
            traced |= set(result.trace.rules())
    assert len(traced) > 150
    assert sorted(rule for rule in traced if f"{document}/{rule}" not in rule_graph) == []


def test_every_rule_that_decides_in_a_trace_is_a_unit_of_the_rulebook(rule_graph):
    """Only units decide: a step, check or refusal in a trace is always
    recorded under a number the rulebook has a unit for."""
    book = engine_rulebook()
    deciding: set[str] = set()
    for seed in range(3):
        state = play(CCGGame(decks=sample_decks(), turn_limit=40).new_initial_state(), RandomPolicy(seed))
        deciding |= set(state.trace.deciding())
    report = suite.run_paths(suite.default_paths(), rule_graph)
    for result in report.results:
        if result.scenario.game == "ccg":
            deciding |= set(result.trace.deciding())
    assert deciding and sorted(rule for rule in deciding if rule not in book) == []
