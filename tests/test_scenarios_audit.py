"""Citations that bear weight: the stricter runner and the knock-out audit.

A wrong citation must fail (``tests/data/citations/wrong.scenario.txt``); the
project's own scenarios must pass with every citation bearing weight."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulebase.cli import main
from rulebase.scenarios import audit, bindings, parser, runner, suite

WRONG = Path(__file__).resolve().parent / "data" / "citations" / "wrong.scenario.txt"


def run_text(text, rule_graph):
    parsed = parser.parse(text, "test.scenario")
    parser.check_citations(parsed, rule_graph, bindings.document_for(rule_graph))
    return runner.run_file(parsed, bindings.binding_for)


CARDS = '''Cards:
  "Comet" is a Friend: blue, power 2, cost 2.
  "Breeze Runner" is a Friend: blue, power 1, cost 1, Swift.
  "Pest" is a Troublemaker: power 1, points 1.
'''


@pytest.fixture(scope="module")
def wrong_results(rule_graph):
    report = suite.run_paths([WRONG], rule_graph)
    assert not report.errors
    return report.results


def test_every_deliberately_wrong_citation_fails(wrong_results):
    assert len(wrong_results) >= 9
    passing = [result.scenario.name for result in wrong_results if result.passed]
    assert passing == []
    assert all(result.error is None for result in wrong_results)


def test_a_wrong_citation_fails_for_its_citation_and_says_why(wrong_results):
    by_name = {result.scenario.name: result for result in wrong_results}
    move = by_name["Moving a Friend, citing the rules the engine consults on every step"]
    assert {"601.2", "106.1"} <= set(move.missing)
    asked = by_name["Rules cited for what a Then statement asked, not for what the actions did"]
    assert set(asked.missing) == {"401.1", "507.2", "503.1"}
    waiting = by_name["A Starting Problem refusal that only says the game waits for the mulligan"]
    assert not waiting.passed and any("waits for" in failure for failure in waiting.failures)


def test_sending_is_not_moving(rule_graph):
    [sent] = run_text(CARDS + '''
Scenario: A Troublemaker is sent to its controller's home by card text
  Rules: 506.5
  Given Alice has "Pest" at Bob's problem
  When by card text, Alice sends "Pest" to her home
  Then "Pest" is at Alice's home
''', rule_graph)
    assert sent.passed, sent.failures


def test_a_right_citation_bears_weight_and_a_weightless_one_is_named(rule_graph):
    results = run_text(CARDS + '''
Scenario: Swift lowers the cost of the Move action
  Glossary: Swift
  Given it is Alice's Main Phase
    And Alice has "Breeze Runner" at her home
    And Alice has 1 action token
  When Alice moves "Breeze Runner" to her problem
  Then "Breeze Runner" is at Alice's problem
    And Alice has 0 action tokens

Scenario: A card can't be moved to its current area
  Rules: 506.2
  Given it is Alice's Main Phase
    And Alice has "Comet" at her problem
    And Alice has 2 action tokens
  When Alice moves "Comet" to her problem
  Then the action is refused by 506.2

Scenario: Playing a Friend at home
  Rules: 302.1, 705.2b
  Given it is Alice's Main Phase
    And Alice's hand: "Comet"
    And Alice has 2 action tokens
  When Alice plays "Comet" to her home
  Then "Comet" is at Alice's home
''', rule_graph)
    assert [result.passed for result in results] == [True, True, True], [r.failures for r in results]
    weighed = audit.audit(results)
    bearing = {(weight.scenario.name[:5], weight.rule): weight.bears for weight in weighed.weights}
    assert bearing == {("Swift", "glossary/swift"): True, ("A car", "506.2"): True, ("Playi", "302.1"): True,
                       ("Playi", "705.2b"): False}
    [weightless] = weighed.weightless
    assert weightless.rule == "705.2b" and "still passes" in weightless.why
    assert weighed.confirmed == {"glossary/swift", "506.2", "302.1"}
    assert "705.2b" in audit.text_report(weighed)


def test_an_engine_that_breaks_without_a_rule_fails_the_scenario_in_the_audit_and_no_more(rule_graph, monkeypatch):
    [result] = run_text(CARDS + '''
Scenario: A card can't be moved to its current area
  Rules: 506.2
  Given it is Alice's Main Phase
    And Alice has "Comet" at her problem
    And Alice has 2 action tokens
  When Alice moves "Comet" to her problem
  Then the action is refused by 506.2
''', rule_graph)
    assert result.passed, result.failures

    def broken(scenario, session, result, binding):
        raise ValueError("an assumption the rule kept")

    monkeypatch.setattr(runner, "_run", broken)
    binding = bindings.binding_for("ccg")
    again = runner.run(result.scenario, binding, off=frozenset({"506.2"}), citations=False)
    assert not again.passed
    assert again.failures == ["with 506.2 switched off the engine could not go on: ValueError: an assumption the "
                              "rule kept"]
    with pytest.raises(ValueError):
        runner.run(result.scenario, binding)


@pytest.fixture(scope="module")
def project_report(rule_graph):
    return suite.run_paths(suite.default_paths(), rule_graph)


@pytest.mark.parametrize("game, confirmed, percent", [("ccg", 100, 60.0), ("tcg", 75, 95.0)])
def test_the_project_scenarios_pass_and_every_citation_bears_weight(project_report, rule_graph, game, confirmed,
                                                                     percent):
    """Each game's scenarios pass, every citation bears weight, and the
    audited coverage of its target holds (the TCG: 95% of the rules that
    describe game behaviour)."""
    results = [r for r in project_report.results if r.scenario.game == game]
    failed = [(r.scenario.name, r.failures, str(r.error or "")) for r in results if not r.passed]
    assert failed == [] and project_report.errors == []
    weighed = audit.audit(results, game)
    assert not weighed.weightless, audit.text_report(weighed)
    assert len(weighed.confirmed) > confirmed
    covered = suite.coverage_of(project_report, rule_graph, game, audit=weighed)
    assert covered.target.percent >= percent, covered.target.unconfirmed


def test_the_audit_command_fails_on_a_citation_without_weight(tmp_path):
    path = tmp_path / "weightless.scenario"
    path.write_text(CARDS + '''
Scenario: The queue, cited where nothing looks at it
  Rules: 705.2b
  Given it is Alice's Main Phase
    And Alice's hand: "Comet"
    And Alice has 2 action tokens
  When Alice plays "Comet" to her home
  Then "Comet" is at Alice's home
''', encoding="utf-8")
    result = CliRunner().invoke(main, ["coverage", "--audit", str(path)])
    assert result.exit_code == 1, result.output
    assert "Citations without weight:" in result.output and "705.2b" in result.output


def test_coverage_lists_the_scenarios_that_confirm_each_rule(tmp_path):
    path = tmp_path / "proofs.scenario"
    path.write_text(CARDS + '''
Scenario: A card can't be moved to its current area
  Rules: 506.2
  Given it is Alice's Main Phase
    And Alice has "Comet" at her problem
    And Alice has 2 action tokens
  When Alice moves "Comet" to her problem
  Then the action is refused by 506.2
''', encoding="utf-8")
    listed = CliRunner().invoke(main, ["coverage", "--audit", "--proofs", str(path)])
    assert listed.exit_code == 0, listed.output
    [line] = [line for line in listed.output.splitlines() if line.strip().startswith("506.2 ")]
    assert "A card can't be moved to its current area (" in line and "proofs.scenario:" in line
    data = json.loads(CliRunner().invoke(main, ["coverage", "--json", str(path)]).output)
    [proof] = data["proofs"]["506.2"]
    assert proof["scenario"] == "A card can't be moved to its current area" and proof["how"] == "decided: refused"


WRONG_TCG = Path(__file__).resolve().parent / "data" / "citations" / "wrong-tcg.scenario.txt"


def test_every_deliberately_wrong_tcg_ruling_is_caught_by_the_runner_or_the_audit(rule_graph):
    """A wrong TCG citation fails the scenario, or, where the cited rule
    did decide something elsewhere in the game, bears no weight."""
    report = suite.run_paths([WRONG_TCG], rule_graph)
    assert not report.errors and len(report.results) >= 7
    passing = [result for result in report.results if result.passed]
    weighed = audit.audit(passing, "tcg")
    weightless = {weight.scenario.name for weight in weighed.weightless}
    uncaught = [result.scenario.name for result in passing if result.scenario.name not in weightless]
    assert uncaught == []
    assert len(passing) < len(report.results)  # most are caught by the runner alone
