from pathlib import Path

import pytest

from rulebase.scenarios import bindings, parser
from rulebase.scenarios.model import ScenarioError

DATA = Path(__file__).resolve().parent / "data" / "scenarios"


def load(name, rule_graph):
    return parser.load(DATA / name, rule_graph, bindings.document_for(rule_graph))


def test_a_scenario_reads_into_headers_facts_actions_and_expectations():
    text = '''# a comment
Cards:
  "Comet" is a Friend: blue, power 2, cost 2, requires 1 blue, traits Pegasus • Unique, Swift, Competitive 2.

Scenario: Moving
  Source: ccg/quickstart-2014/main-phase
  Rules: 609.2b, 506.2
  Glossary: Swift, Competitive X
  Changed: 611.4 the bonus moved to faceoffs
  Note: free text, with "quotes" and (parentheses)
  Given Alice has "Comet" at her home   # trailing comment
    And Alice has 3 action tokens
  When Alice moves "Comet" to her home
  Then the action is refused by 506.2
'''
    parsed = parser.parse(text, "moving.scenario")
    assert parsed.game == "ccg" and [card.kind for card in parsed.cards] == ["card_def"]
    [scenario] = parsed.scenarios
    assert scenario.name == "Moving" and scenario.line == 5 and scenario.source == "ccg/quickstart-2014/main-phase"
    assert [c.key for c in scenario.citations] == ["609.2b", "506.2", "glossary/swift", "glossary/competitive-x", "611.4"]
    assert scenario.changed[0][1] == "the bonus moved to faceoffs"
    assert scenario.notes == ['free text, with "quotes" and (parentheses)']
    assert [fact.kind for fact in scenario.given] == ["in_play", "tokens"]
    assert [(b.kind, [s.kind for s in b.statements]) for b in scenario.steps] == [("when", ["move"]), ("then", ["refused"])]
    move = scenario.steps[0].statements[0]
    assert (move.line, move.text) == (13, 'When Alice moves "Comet" to her home')


def test_a_syntax_error_names_file_line_column_and_what_was_expected(rule_graph):
    with pytest.raises(ScenarioError) as error:
        load("syntax-error.scenario.txt", rule_graph)
    message = str(error.value)
    assert message.startswith(f"{DATA / 'syntax-error.scenario.txt'}:4:15: unexpected 'haz' (expected ")
    assert "'has'" in message and message.endswith("'And Alice haz 3 points'")


def test_citing_a_rule_that_does_not_exist_is_an_error(rule_graph):
    with pytest.raises(ScenarioError) as error:
        load("unknown-rule.scenario.txt", rule_graph)
    assert str(error.value).endswith("unknown-rule.scenario.txt:2:17: no rule 611.9 in ccg/3.4; the closest are 611.4, 611.3, 611.2, 611.1, 611")


def test_unknown_glossary_entries_and_sources_are_errors(rule_graph):
    with pytest.raises(ScenarioError, match="no glossary entry 'flying' in ccg/3.4"):
        load("unknown-glossary.scenario.txt", rule_graph)
    with pytest.raises(ScenarioError, match="the source 'ccg/quickstart-2014/no-such-section' is not in the rule graph"):
        load("unknown-source.scenario.txt", rule_graph)


@pytest.mark.parametrize("text, where", [
    ("Scenario: x\n  Given Alice has 3 points\n  Then Alice has", "3:17: unexpected end of the line (expected a number)"),
    ("Scenario: x\n  Then \"Comet\" is sideways\n", "2:19: unexpected 'sideways'"),
    ("Scenario: x\n  Rules: 6o4.1\n", "2:10: unexpected"),
    ("Given it is Alice's Main Phase\n", "1:1: unexpected 'Given'"),
])
def test_broken_inputs(text, where):
    with pytest.raises(ScenarioError) as error:
        parser.parse(text, "broken.scenario")
    assert str(error.value).startswith(f"broken.scenario:{where}")


def test_an_unreadable_file_is_an_error(tmp_path):
    with pytest.raises(ScenarioError, match="can't read the file"):
        parser.load(tmp_path / "missing.scenario")
