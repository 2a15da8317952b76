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


SKETCH = '''Scenario: A sketch
  Note: a note
  Given Alice has 2 action tokens
    And Alice haz 3 points
'''


def _lines_and_error(text):
    with pytest.raises(ScenarioError) as error:
        parser.parse(text, "sketch.scenario")
    return error.value.line, error.value.column, error.value.text


def test_a_byte_order_mark_is_skipped_at_the_start_only():
    assert _lines_and_error("\ufeff" + SKETCH) == _lines_and_error(SKETCH) == (4, 15, "And Alice haz 3 points")
    fixed = SKETCH.replace("haz", "has")
    [scenario] = parser.parse("\ufeff" + fixed, "sketch.scenario").scenarios
    assert scenario.name == "A sketch" and scenario.line == 1
    with pytest.raises(ScenarioError) as error:
        parser.parse(fixed.replace("  Given", "\ufeff  Given"), "sketch.scenario")
    assert (error.value.line, error.value.column) == (3, 1) and "unexpected '\\ufeff'" in str(error.value)


def test_crlf_line_ends_read_as_line_feeds():
    assert _lines_and_error(SKETCH.replace("\n", "\r\n")) == (4, 15, "And Alice haz 3 points")
    fixed = SKETCH.replace("haz", "has")
    [crlf] = parser.parse(fixed.replace("\n", "\r\n"), "sketch.scenario").scenarios
    [lf] = parser.parse(fixed, "sketch.scenario").scenarios
    assert crlf.notes == lf.notes == ["a note"]
    assert [(f.line, f.text) for f in crlf.given] == [(f.line, f.text) for f in lf.given]


@pytest.mark.parametrize("character", ["\x0c", "\u2028", "\x85", "\r", "\x1c", "\u2029", "\x0b"])
def test_characters_python_reads_as_line_ends_do_not_shift_line_numbers(character):
    text = SKETCH.replace("a note", f"a{character}note")
    assert _lines_and_error(text) == (4, 15, "And Alice haz 3 points")
    [scenario] = parser.parse(text.replace("haz", "has"), "sketch.scenario").scenarios
    assert [(fact.line, fact.text) for fact in scenario.given] == [
        (3, "Given Alice has 2 action tokens"), (4, "And Alice has 3 points")]


def test_a_stray_line_end_character_is_named_in_the_error():
    line, column, text = _lines_and_error("Scenario: x\n  Given Alice has\x0c 3 points\n")
    assert (line, column) == (2, 18)
    with pytest.raises(ScenarioError, match=r"unexpected '\\x0c'"):
        parser.parse("Scenario: x\n  Given Alice has\x0c 3 points\n", "x.scenario")


def test_a_file_that_is_not_utf8_names_the_line_column_and_offset(tmp_path):
    path = tmp_path / "latin.scenario"
    path.write_bytes(b"\xef\xbb\xbfScenario: x\r\n  Note: caf\xe9 au lait\r\n")
    with pytest.raises(ScenarioError) as error:
        parser.load(path)
    assert str(error.value) == f"{path}:2:12: not UTF-8 text (byte 0xe9 at offset 27): 'Note: caf\ufffd au lait'"
    path.write_bytes(b"\xef\xbb\xbf" + SKETCH.replace("haz", "has").replace("\n", "\r\n").encode())
    assert parser.load(path).scenarios[0].given[1].line == 4


RESPONSIBILITY = 'Pinkie Pie, Pinkie "Responsibility" Pie'


def _card_names(text):
    """The names of the cards the facts of a one-scenario text name."""
    [scenario] = parser.parse(text, "quotes.scenario").scenarios
    found, nodes = [], list(scenario.given)
    while nodes:
        node = nodes.pop(0)
        if node.kind == "card_ref":
            found.extend(str(arg) for arg in node.args)
        nodes.extend(arg for arg in node.args if hasattr(arg, "kind"))
    return found


def test_a_quote_in_a_card_name_is_written_with_a_backslash_or_the_name_put_in_curly_quotes():
    escaped = 'Scenario: x\n  Given Alice\'s hand: "Pinkie Pie, Pinkie \\"Responsibility\\" Pie"\n'
    curly = 'Scenario: x\n  Given Alice\'s hand: “Pinkie Pie, Pinkie "Responsibility" Pie”\n'
    assert _card_names(escaped) == _card_names(curly) == [RESPONSIBILITY]
    whole = 'Scenario: x\n  Given Alice\'s hand: "\\"Princess Mi Amore Cadenza\\"", "back\\\\slash"\n'
    assert _card_names(whole) == ['"Princess Mi Amore Cadenza"', "back\\slash"]


@pytest.mark.parametrize("written, column, trouble", [
    ('"Pinkie Pie, Pinkie "Responsibility" Pie"', 41,
     "'Responsibility\"': the card name in quotes ends at the quote before it: a quote inside a card name is written \\\""),
    ('"Pinkie Pie, Pinkie \\"Responsibility" Pie"', 58,
     "'Pie\"': the card name in quotes ends at the quote before it"),
    ('"Pinkie Pie at her home', 20, "'\"Pinkie': the card name in quotes has no closing quote on its line"),
    ('"Pinkie\\x"', 20, "in a card name in quotes a backslash stands before a quote (\\\") or a backslash (\\\\) only"),
])
def test_a_malformed_card_name_is_an_error_saying_how_quotes_are_written(written, column, trouble):
    text = f"Scenario: x\n  When Alice plays {written} at her home\n"
    with pytest.raises(ScenarioError) as error:
        parser.parse(text, "quotes.scenario")
    message = str(error.value)
    assert message.startswith(f"quotes.scenario:2:{column}: unexpected ") and trouble in message, message
    assert message.endswith(repr(text.splitlines()[1].strip()))


def test_a_card_whose_name_holds_quotes_is_played_from_the_card_database(tmp_path, rule_graph):
    from rulebase.scenarios import suite

    path = tmp_path / "responsibility.scenario"
    path.write_text('''Cards:
  "Pinkie Pie, Pinkie \\"Responsibility\\" Pie" is from the card database.
  "Rosy" is a Friend: pink, power 3, cost 3.
  "Comet" is a Friend: blue, power 2, cost 2.
Scenario: Its text dismisses an opponent's Friend at the Problem it is played to
  Given Alice has "Rosy" at her home
    And Alice's hand: "Pinkie Pie, Pinkie \\"Responsibility\\" Pie"
    And Alice has 4 action tokens
    And Bob has "Comet" at Bob's problem
  When Alice plays “Pinkie Pie, Pinkie "Responsibility" Pie” to Bob's problem
  Then "Comet" is in Bob's discard pile
    And "Pinkie Pie, Pinkie \\"Responsibility\\" Pie" is at Bob's problem
''', encoding="utf-8")
    report = suite.run_paths([path], rule_graph)
    assert not report.errors and [r.passed for r in report.results] == [True], [r.failures for r in report.results]
