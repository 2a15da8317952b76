from pathlib import Path

import pytest

from rulebase.scenarios import bindings, explain, parser, runner, suite

DATA = Path(__file__).resolve().parent / "data" / "scenarios"

CARDS = '''Cards:
  "Comet" is a Friend: blue, power 2, cost 2.
  "Stuck Kite" is a Problem: bonus 1, its owner needs 2 blue, opponents need 3.
'''


def run_text(text, rule_graph):
    parsed = parser.parse(CARDS + text, "test.scenario")
    parser.check_citations(parsed, rule_graph, bindings.document_for(rule_graph))
    return runner.run_file(parsed, bindings.binding_for)


def test_a_scenario_passes_when_expectations_hold_and_cited_rules_are_applied(rule_graph):
    [result] = run_text('''
Scenario: Moving home is refused
  Rules: 506.2
  Given Alice has "Comet" at her home
    And Alice has 2 action tokens
  When Alice moves "Comet" to her home
  Then the action is refused by 506.2
    And Alice has 2 action tokens
''', rule_graph)
    assert result.passed and result.status == "passed" and result.confirmed == ["506.2"]
    assert "506.2" in result.applied and result.failures == []


def test_a_cited_rule_the_engine_did_not_apply_fails_the_scenario(rule_graph):
    [result] = run_text('''
Scenario: Decorative citation
  Rules: 506.2, 616.2
  Given Alice has "Comet" at her home
    And Alice has 2 action tokens
  When Alice moves "Comet" to her home
  Then the action is refused by 506.2
''', rule_graph)
    assert not result.passed and result.missing == ["616.2"] and result.confirmed == []
    assert result.failures == ["cites 616.2, but the engine did not apply it"]


def test_a_rule_consulted_without_effect_confirms_nothing(rule_graph):
    """The end of the turn looks at the hand size and the home limit; with
    nothing to discard or to leave, those rules decided nothing."""
    [result] = run_text('''
Scenario: Hand size cited for a turn that discards nothing
  Rules: 616.2, 616.3
  Given it is Alice's End Phase
    And Alice has "Comet" at her home
  When the game proceeds to the start of Bob's turn
  Then "Comet" is at Alice's home
''', rule_graph)
    assert not result.passed and result.missing == ["616.2", "616.3"]
    assert all("decided nothing" in failure or "did not apply" in failure for failure in result.failures)


def test_the_harness_writes_nothing_into_the_trace(rule_graph):
    """Expectations only look: the trace after the Then block is the trace
    the engine wrote for the actions."""
    [result] = run_text('''
Scenario: Looking at a card
  Given Alice has "Comet" at her home
    And Alice has 2 action tokens
  When Alice moves "Comet" to her problem
  Then "Comet" is at Alice's problem
    And Alice's power is 2
    And "Comet" is ready
    And Alice has 0 action tokens
    And the action is refused by 506.2
''', rule_graph)
    then_marks = [mark for mark in result.marks if mark.block == "then"]
    assert then_marks and all(mark.start == mark.end for mark in then_marks)


def test_a_refusal_is_matched_by_its_rule_and_the_reason_stated(rule_graph):
    results = run_text('''
Scenario: The reason is the one the engine gave
  Rules: 506.2
  Given Alice has "Comet" at her home
    And Alice has 2 action tokens
  When Alice moves "Comet" to her home
  Then the action is refused by 506.2 because it is at its current area

Scenario: Another reason under the same rule does not satisfy it
  Rules: 506.2
  Given Alice has "Comet" at her home
    And Alice has 2 action tokens
  When Alice moves "Comet" to her home
  Then the action is refused by 506.2 because a player other than its controller owns that home
''', rule_graph)
    assert [result.passed for result in results] == [True, False]
    assert "not because a player other than its controller owns that home" in results[1].failures[0]


def test_unexpected_and_missing_refusals_and_wrong_rules_fail(rule_graph):
    results = run_text('''
Scenario: Refused without saying so
  Given Alice has "Comet" at her home
    And Alice has 2 action tokens
  When Alice moves "Comet" to her home
  Then Alice has 2 action tokens

Scenario: Expected a refusal that does not come
  Given Alice has "Comet" at her home
    And Alice has 2 action tokens
  When Alice moves "Comet" to Bob's problem
  Then the action is refused by 506.2

Scenario: Refused by another rule than the one expected
  Given Alice has "Comet" at her home
    And Alice has 2 action tokens
  When Alice moves "Comet" to Bob's home
  Then the action is refused by 506.2a
''', rule_graph)
    assert [r.passed for r in results] == [False, False, False]
    assert "was refused: 506.2: a card can't be moved to its current area" in results[0].failures[0]
    assert "expected the action to be refused by 506.2, but it was taken" in results[1].failures[0]
    assert "refused by 506.2: a card can't be moved to the home of a player other than its controller, not by 506.2a" in results[2].failures[0]


def test_an_expectation_that_does_not_hold_says_what_was_found(rule_graph):
    [result] = run_text('''
Scenario: Wrong count
  Given it is the start of Alice's turn
  When the game proceeds to Alice's Main Phase
  Then Alice has 3 action tokens
    And "Comet" is in Alice's hand
''', rule_graph)
    assert result.failures[0] == "line 8: 'Then Alice has 3 action tokens': Alice has 2"
    assert result.error is not None and "no card called \"Comet\" is in the game" in str(result.error)


@pytest.mark.parametrize("name, message", [
    ("unknown-card.scenario.txt", ':5:9: no card called "Comit" is defined under Cards: (defined: "Comet")'),
    ("unknown-player.scenario.txt", ":6:9: no player called Alice (the players are Brigid and Ian)"),
    ("incomplete-card.scenario.txt", ":2:3: Friend 'Comet' needs its cost"),
])
def test_errors_in_a_scenario_name_the_place(name, message, rule_graph):
    report = suite.run_paths([DATA / name], rule_graph)
    [result] = report.results
    assert result.status == "error" and message in str(result.error)
    assert report.summary() == "0 passed, 1 failed"


def test_explain_shows_each_step_with_the_text_of_its_rule(rule_graph):
    [result] = run_text('''
Scenario: Tokens
  Rules: 604.1b
  Given it is the start of Alice's turn
    And Bob has 3 points
  When the game proceeds to Alice's Main Phase
  Then Alice has 3 action tokens
''', rule_graph)
    text = explain.explain(result, rule_graph)
    assert "Scenario: Tokens  [passed]" in text
    assert "604.1b     the highest score is 3: Alice receives 3 action tokens; Alice has 3" in text
    flat = " ".join(text.split())
    assert "“The turn player receives 3 action tokens if the highest score is more than 1 but less than 6.”" in flat
    assert text.index("When the game proceeds") < text.index("604.1b     the highest") < text.index("Then Alice has 3")
    assert "Cited: 604.1b (decided: made it happen)" in text


def test_shared_cards_and_a_scenario_of_its_own(rule_graph):
    [result] = run_text('''
Scenario: Own cards
  Cards:
    "Rose" is a Friend: pink, power 1, cost 1.
  Given Alice has "Rose" at her home
    And Alice has "Comet" at her home
  Then Alice's power is 3
''', rule_graph)
    assert result.passed


def test_a_card_not_defined_is_read_from_the_card_data(rule_graph):
    parsed = parser.parse('''
Scenario: A real card
  Rules: 506.1a
  Given it is Alice's Main Phase
    And Alice has "Rainbow Dash, Flier Extraordinaire" at her home
    And Alice has 2 action tokens
  When Alice moves "Rainbow Dash, Flier Extraordinaire" to her problem
  Then "Rainbow Dash, Flier Extraordinaire" is at Alice's problem

Scenario: A name several cards share
  Given Alice has "Rainbow Dash" at her home
  Then "Rainbow Dash" is at Alice's home

Scenario: A name no card has
  Given Alice has "Rainbow Dashing" at her home
''', "real.scenario")
    results = runner.run_file(parsed, bindings.binding_for)
    assert results[0].passed, results[0].failures
    assert 'cards of the card data are called "Rainbow Dash": name one with its subtitle' in str(results[1].error)
    assert "none of the card data has that name" in str(results[2].error)


STARTING = '''Cards:
  "Sky Captain" is a Mane Character: blue, power 1, home limit 3.
  "Orchard Keeper" is a Mane Character: orange, power 1, home limit 4.
  "Start Here" is a Problem: bonus 1, its owner needs 3 wild, opponents need 3, Starting Problem.
  "Start There" is a Problem: bonus 1, its owner needs 3 wild, opponents need 3, Starting Problem.
  "Problem B" is a Problem: bonus 1, its owner needs 4 wild, opponents need 4.
  "Problem C" is a Problem: bonus 1, its owner needs 4 wild, opponents need 4.
  "Problem D" is a Problem: bonus 2, its owner needs 5 wild, opponents need 5.
  "Problem E" is a Problem: bonus 2, its owner needs 5 wild, opponents need 5.
'''

DECKS = '''  Given Alice's Mane Character is "Sky Captain"
    And Alice's deck: 45 different Friends
    And Alice's problem deck: 2 copies of "Start Here", 2 copies of "Problem B", 2 copies of "Problem C", 2 copies of "Problem D", 2 copies of "Problem E"
    And Bob's Mane Character is "Orchard Keeper"
    And Bob's deck: 45 different Friends
    And Bob's problem deck: 2 copies of "Start There", 2 copies of "Problem B", 2 copies of "Problem C", 2 copies of "Problem D", 2 copies of "Problem E"
'''


def test_a_decision_the_game_takes_by_itself_may_be_stated_or_answered_wrongly(rule_graph):
    """Alice's only Starting Problem is chosen by the game; a scenario may
    still write that choice (it is recognised as done), or write another
    answer and see it refused at that point of the game, for what it is."""
    parsed = parser.parse(STARTING + '''
Scenario: The only choice, written
  Rules: 102.2
''' + DECKS + '''  When the game starts
    And Alice chooses "Start Here" as her Starting Problem
  Then Alice's problem is "Start Here"

Scenario: A wrong answer to a decision the game took by itself
  Rules: 102.2
''' + DECKS + '''  When the game starts
    And Alice chooses "Problem B" as her Starting Problem
  Then the action is refused by 102.2 because Problem B is not a Starting Problem
    And Alice's problem is "Start Here"
''', "starting.scenario")
    parser.check_citations(parsed, rule_graph, bindings.document_for(rule_graph))
    written, wrong = runner.run_file(parsed, bindings.binding_for)
    assert written.passed, written.failures
    assert [mark.outcome for mark in written.marks if mark.block == "when"][1].startswith("done: the game had taken it")
    assert wrong.passed, wrong.failures
    refusals = [step for step in wrong.trace if step.kind == "refusal"]
    assert [step.rule for step in refusals] == ["102.2"] and "Problem B" in refusals[0].text


def test_a_mane_character_placed_after_it_is_named_is_that_card_moved(rule_graph):
    [result] = run_text('''
Scenario: The Mane Character at a Problem
  Cards:
    "Captain" is a Mane Character: blue, power 1, home limit 3, boosted (power 3, home limit 4).
    "Other Captain" is a Mane Character: blue, power 1, home limit 3, boosted (power 3, home limit 4).
  Given Alice's problem is "Stuck Kite"
    And Alice's Mane Character is "Captain"
    And Alice has "Captain" at her problem
  Then "Captain" is at Alice's problem
    And Alice has 0 cards in her hand
''', rule_graph)
    assert result.passed, result.failures or result.error
    [result] = run_text('''
Scenario: Two Mane Characters
  Cards:
    "Captain" is a Mane Character: blue, power 1, home limit 3, boosted (power 3, home limit 4).
    "Other Captain" is a Mane Character: blue, power 1, home limit 3, boosted (power 3, home limit 4).
  Given Alice's Mane Character is "Captain"
    And Alice has "Other Captain" at her home
  Then "Captain" is at Alice's home
''', rule_graph)
    assert result.status == "error"
    assert ':10:9: Alice\'s Mane Character is already "Captain"' in str(result.error)


def test_a_card_text_dismissal_asks_the_decision_of_a_replacement_modifier(rule_graph):
    scenario = '''
Scenario: Asked
  Cards:
    "Steadfast" is "Applejack, Steadfast Farmpony" from the card database.
  Given it is Bob's Main Phase
    And Alice has "Steadfast" at her problem, turned over
    And Alice has "Comet" at her problem
    And Alice's deck: "Comet"
  When by card text, Bob dismisses "Comet"
    And Alice {answer}
  Then "Comet" is {where}
'''
    accepted = parser.parse(CARDS + scenario.format(answer="accepts", where="on top of Alice's deck"), "t.scenario")
    declined = parser.parse(CARDS + scenario.format(answer="declines", where="in Alice's discard pile"), "t.scenario")
    for parsed in (accepted, declined):
        [result] = runner.run_file(parsed, bindings.binding_for)
        assert result.passed, result.failures or result.error
        assert "710.1" in result.applied if parsed is accepted else "710.1" not in result.applied


def test_a_failure_says_when_a_card_of_the_card_data_was_played_without_its_text(rule_graph):
    """A real card named but not defined under Cards: is played with its
    printed information only; if the scenario fails, that may be why, and
    the failure says so with the line and the definition to write."""
    text = '''
Scenario: Named, not defined
  Given Alice has "Rarity, Dressmaker" at her home
    And Alice has "Comet" at her home
  Then "Comet" is at Bob's problem
'''
    [failed] = run_text(text, rule_graph)
    assert not failed.passed
    [hint] = failed.hints
    assert hint.startswith('line 6: "Rarity, Dressmaker" is not defined under Cards:')
    assert '"Rarity, Dressmaker" is from the card database.' in hint
    assert f"hint: {hint}" in explain.failure_text(failed) and f"Hint: {hint}" in explain.explain(failed)
    [passed] = run_text(text.replace("Bob's problem", "Alice's home"), rule_graph)
    assert passed.passed and "Hint:" not in explain.explain(passed)
    declared = text.replace("Scenario:", 'Cards:\n  "Rarity, Dressmaker" is from the card database.\n\nScenario:', 1)
    [defined] = run_text(declared, rule_graph)
    assert not defined.passed and defined.hints == []
