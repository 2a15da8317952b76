"""The TCG's binding of the scenario language: sentences in the game's own
words carried out on the TCG engine, and bad scenarios told where and what."""

import pytest

from rulebase.scenarios import bindings, parser, runner

CARDS = """Game: MLP TCG
Cards:
  "Rarity" is a Character: cost 2, inspiration 3, keywords Unicorn.
  "Spike" is a Character: cost 1, inspiration 1.
  "Sunny Meadow" is a Scene.
  "Town Square" is an Everyday Scene.
"""


def run(text, rule_graph):
    parsed = parser.parse(CARDS + text, "test.scenario")
    parser.check_citations(parsed, rule_graph, bindings.document_for(rule_graph))
    return runner.run_file(parsed, bindings.binding_for)


def test_harmony_is_paid_with_the_scenes_named_or_else_any_that_can(rule_graph):
    [unnamed, named, short] = run("""
Scenario: Any two Scenes pay
  Rules: 403.2.0
  Given Alice's hand: "Rarity"
    And Alice has "Sunny Meadow" in her Scene Zone
    And Alice has "Town Square" in her Scene Zone
  When Alice plays "Rarity" in her middle space
  Then "Rarity" is in her middle space
    And "Sunny Meadow" is tapped
    And "Town Square" is tapped

Scenario: The Scenes named pay
  Rules: 403.2.0
  Given Alice's hand: "Spike"
    And Alice has "Sunny Meadow" in her Scene Zone
    And Alice has "Town Square" in her Scene Zone
  When Alice plays "Spike" in her left space, tapping "Town Square"
  Then "Town Square" is tapped
    And "Sunny Meadow" is upright

Scenario: Too few Scenes
  Rules: 403.0.0
  Given Alice's hand: "Rarity"
    And Alice has "Sunny Meadow" in her Scene Zone
  When Alice plays "Rarity" in her middle space
  Then the action is refused by 403.0.0 because 1 upright Scene
""", rule_graph)
    assert unnamed.passed, unnamed.failures or unnamed.error
    assert named.passed, named.failures or named.error
    assert short.passed, short.failures or short.error


@pytest.mark.parametrize("text, message", [
    ('Scenario: x\n  Given Alice has "Nobody" in her left space\n', 'no card called "Nobody" is defined under Cards:'),
    ('Scenario: x\n  Given Alice has "Sunny Meadow" in her left space\n', "only Characters are in the Adventure Zone"),
    ('Scenario: x\n  Given Carol has "Spike" in her left space\n', "no player called Carol"),
    ('Scenario: x\n  Given Alice has "Spike" in her left space\n    And Alice has "Rarity" in her left space\n',
     "already holds Spike"),
    ('Scenario: x\n  Given Alice\'s Plan on stage V is "Spike"\n', "stage"),
])
def test_a_setup_that_cannot_be_is_an_error_at_its_line(text, message, rule_graph):
    try:
        [result] = run(text, rule_graph)
    except Exception as error:  # a syntax error is raised by the parser
        assert message in str(error)
        return
    assert result.error is not None and message in str(result.error), result.error


def test_a_card_effect_that_does_not_read_is_an_error_at_its_column():
    parsed = parser.parse('Game: MLP TCG\nCards:\n  "Odd" is an Event: cost 1. Event: Draw two cards.\n'
                          'Scenario: x\n  Given Alice\'s hand: "Odd"\n', "odd.scenario")
    [result] = runner.run_file(parsed, bindings.binding_for)
    assert result.error is not None
    assert "odd.scenario:3:" in str(result.error) and "expected a number" in str(result.error)


def test_a_legal_game_deck_is_laid_out_for_a_player(rule_graph):
    [five, legal, twice] = run("""
Scenario: Five copies of a card are one too many
  Rules: 102.1.0
  Given Alice has a legal game deck
    And Bob has a legal game deck
  When the game starts
  Then Alice has 5 cards in her hand
    And Alice's Main Deck has 41 cards
    And Alice's Scene Deck has 14 cards

Scenario: Both decks legal
  Rules: 103.4.0
  Given Alice has a legal game deck
    And Bob has a legal game deck
  When the game starts
  Then Bob has 5 cards in his hand

Scenario: Said twice
  Given Alice has a legal game deck
    And Alice has a legal game deck
""", rule_graph)
    assert not five.passed and "cites 102.1.0" in " ".join(five.failures)  # nothing broke 102.1.0
    assert legal.passed, legal.failures or legal.error
    assert twice.error is not None and "already has cards of a game deck" in str(twice.error)


def test_the_games_words_read_as_a_judge_writes_them(rule_graph):
    [result] = run("""
Scenario: A Character played into the left space
  Rules: 403.2.0
  Given Alice's hand: "Spike"
    And Alice has 1 Scenes in her Scene Zone
    And Bob's Plan on stage II is "Rarity"
  When Alice plays "Spike" in the left space
  Then "Spike" is in Alice's Adventure Zone
    And "Spike" is in the left space
    And Bob's Plan on stage II is "Rarity"
    And Alice's Main Character is before Stage I
""", rule_graph)
    assert result.passed, result.failures or result.error


def test_a_main_phase_action_is_tried_where_the_scenario_says(rule_graph):
    [result] = run("""
Scenario: No Character is played in the Exchange Phase
  Rules: 403.0.0
  Given it is Alice's Exchange Phase
    And Alice has "Rarity" in her left space
    And Bob has "Spike" in his left space
    And Alice's hand: "Spike"
    And Alice has 1 Scenes in her Scene Zone
  When Alice plays "Spike" in her middle space
  Then the action is refused by 403.0.0 because it is the Exchange Phase
    And "Spike" is in Bob's left space
""", rule_graph)
    assert result.passed, result.failures or result.error


def test_a_name_defined_twice_is_an_error_and_a_pronoun_names_the_subjects_zone(rule_graph):
    parsed = parser.parse(CARDS + '  "Spike" is a Main Character.\nScenario: x\n  Given Alice\'s hand: "Spike"\n',
                          "twice.scenario")
    [result] = runner.run_file(parsed, bindings.binding_for)
    assert result.error is not None and '"Spike" is defined twice' in str(result.error)
    [looked] = run("""
Scenario: A player looks at her own hand
  Given Alice's hand: "Spike"
  When Alice looks at her hand
  Then Alice sees "Spike"
""", rule_graph)
    assert looked.passed, looked.failures or looked.error


def test_the_expectations_of_the_projects_tcg_scenarios_write_nothing_into_the_trace(rule_graph):
    from rulebase.scenarios import suite

    folder = suite.default_paths()[0] / "tcg"
    report = suite.run_paths([folder], rule_graph)
    assert report.ok and len(report.results) > 150
    written = []
    for result in report.results:
        acted = False  # (an expectation before any action starts the game: the engine's own steps)
        for mark in result.marks:
            acted = acted or mark.block == "when"
            if acted and mark.block == "then" and mark.end != mark.start:
                written.append((result.scenario.name, mark.statement.text))
    assert written == []
