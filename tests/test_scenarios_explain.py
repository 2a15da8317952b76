"""The explanation of a scenario's run: the rules read in the document of
the scenario's game, each with how its engine reads it."""

import pytest

from rulebase import interpretations
from rulebase.engine.trace import CHECK, STEP, Trace
from rulebase.scenarios import bindings, explain, parser, runner
from rulebase.scenarios.model import Scenario
from rulebase.scenarios.runner import Result

MOVING_HOME = '''Cards:
  "Comet" is a Friend: blue, power 2, cost 2.

Scenario: Moving home is refused
  Rules: 506.2
  Given Alice has "Comet" at her home
    And Alice has 2 action tokens
  When Alice moves "Comet" to her home
  Then the action is refused by 506.2
  When Alice moves "Comet" to her home
  Then the action is refused by 506.2
'''

READING_OF_506_2 = '''[[interpretation]]
rule = "506.2"
reads = "can't be moved or sent to their current area"
reading = "A card moved to its own area is refused before any cost is paid."
why = "A move that changes nothing has nothing to pay for."
'''


@pytest.fixture
def ccg_readings(tmp_path, monkeypatch):
    path = tmp_path / "interpretations.toml"
    path.write_text(READING_OF_506_2, encoding="utf-8")
    monkeypatch.setitem(interpretations.FILES, "ccg", str(path))


def run(text, rule_graph):
    parsed = parser.parse(text, "test.scenario")
    parser.check_citations(parsed, rule_graph, bindings.document_for(rule_graph))
    [result] = runner.run_file(parsed, bindings.binding_for)
    return result


def test_a_rule_shown_the_first_time_comes_with_how_the_engine_reads_it(rule_graph, ccg_readings):
    assert "can't be moved or sent to their current area" in rule_graph.node("ccg/3.4/506.2")["text"]
    text = explain.explain(run(MOVING_HOME, rule_graph), rule_graph)
    lines = text.splitlines()
    [first] = [n for n, line in enumerate(lines) if line.startswith("                 Reading: ")]
    assert lines[first - 1].rstrip().endswith("”")  # right under the rule's text
    assert lines[first] == ("                 Reading: “can't be moved or sent to their current area”: A card moved "
                            "to its own area is refused before any cost is paid. Why: A move that changes nothing "
                            "has nothing to pay for.")  # one line, so the workbench shows it as one step
    assert text.count("Reading:") == 1  # the second refusal by 506.2 does not repeat it


def test_the_workbench_shows_a_reading_as_one_step_after_its_rule(rule_graph, ccg_readings):
    from rulebase.web.catalog import Catalog
    from rulebase.web.workbench import ruling

    shown = ruling(explain.explain(run(MOVING_HOME, rule_graph), rule_graph), "ccg/3.4", Catalog(rule_graph))
    steps = shown["statements"][2]["steps"]
    assert steps[-2]["rule"] == "506.2" and steps[-2]["quote"].startswith("Cards can't be moved")
    assert steps[-1]["rule"] is None and steps[-1]["text"].startswith("Reading: “can't be moved or sent")


def test_a_rule_without_interpretations_has_no_reading(rule_graph):
    assert "Reading:" not in explain.explain(run(MOVING_HOME, rule_graph), rule_graph)


def test_the_rules_are_read_in_the_document_of_the_scenarios_game(rule_graph):
    assert explain.document_of(rule_graph, "ccg") == bindings.binding_for("ccg").document(rule_graph)
    assert explain.document_of(rule_graph, "tcg") == "tcg/official"  # no engine runs its scenarios yet
    trace = Trace()
    trace.record("404.6.0", STEP, "Alice's Main Character moves to stage 1")
    trace.record("404.6.0", CHECK, "Bob has no Plan at stage 1")
    result = Result(Scenario("Advancing", "tcg.scenario", 1, game="tcg"), trace=trace)
    text = explain.explain(result, rule_graph)
    flat = " ".join(text.split())
    assert "404.6.0 Alice's Main Character moves to stage 1" in flat
    assert "“If the opponent has no Plan at the matching story stage, the Turn Player may move" in flat
    assert "Reading: “If the opponent has no Plan at the matching story stage”: The matching story stage" in flat
    assert flat.count("Reading:") == 1
    assert "Reading:" not in explain.explain(result, rule_graph, "ccg/3.4")  # a document given is the one read
