"""The engines' interpretations of the rules: the files read, each entry
checked against the rule graph, and looked up by rule."""

from pathlib import Path

import pytest

from rulebase import interpretations, paths
from rulebase.interpretations import InterpretationError, all_interpretations, interpretations_of

GOOD = '''# two entries
[[interpretation]]
rule = "404.6.0"
reads = "If the opponent has no Plan at the\\n  matching story stage"
reading = "The stage after the Main Character's."
why = "304.4.0."

[[interpretation]]
rule = "102.1.2"
reads = "Any number of ’Everyday Scene’ cards"
reading = "Everyday Scenes are not limited."
why = "204.0.0."
'''


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "interpretations.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def tcg_file(tmp_path, monkeypatch):
    """Make the TCG engine's interpretation file one the test writes."""

    def use(text: str) -> Path:
        path = write(tmp_path, text)
        monkeypatch.setitem(interpretations.FILES, "tcg", str(path))
        return path

    return use


def test_the_tcg_file_is_found_without_importing_its_engine():
    path = interpretations.file_of("tcg")
    assert path == paths.PACKAGE / "engine" / "tcg" / "interpretations.toml"
    assert interpretations.file_of("ccg") is None


def test_every_entry_of_the_project_matches_the_current_rules(rule_graph):
    assert interpretations.check(rule_graph) == []
    entries = all_interpretations(rule_graph, "tcg")
    assert entries and [entry.entry for entry in entries] == list(range(1, len(entries) + 1))
    assert all(entry.reads and entry.reading and entry.why for entry in entries)
    assert entries[0].where.startswith("rulebase/engine/tcg/interpretations.toml:")


def test_a_rule_has_its_interpretations_and_others_none(rule_graph, tcg_file):
    tcg_file(GOOD)
    [entry] = interpretations_of(rule_graph, "tcg/official/404.6.0")
    assert entry.rule == "404.6.0" and entry.game == "tcg" and entry.entry == 1 and entry.line == 2
    assert entry.reading == "The stage after the Main Character's." and entry.why == "304.4.0."
    assert entry.as_dict()["where"] == f"{entry.path}:2"
    assert [e.rule for e in interpretations_of(rule_graph, "tcg/official/102.1.2")] == ["102.1.2"]
    assert interpretations_of(rule_graph, "tcg/official/101.1.0") == []
    assert interpretations_of(rule_graph, "ccg/3.4/514.4c") == []
    assert interpretations_of(rule_graph, "no/such/node") == []
    assert [e.rule for e in all_interpretations(rule_graph, "tcg")] == ["404.6.0", "102.1.2"]
    assert all_interpretations(rule_graph, "ccg") == []


def test_the_entries_are_read_once_per_graph_and_file(rule_graph, tcg_file):
    tcg_file(GOOD)
    first = all_interpretations(rule_graph, "tcg")
    assert interpretations_of(rule_graph, "tcg/official/404.6.0")[0] is first[0]


def test_quoted_words_match_whatever_their_spacing_and_quote_marks():
    assert interpretations.find("can't\n be", "It can’t  be moved.") == (3, 12)
    assert interpretations.find("‘Everyday’", "Any 'Everyday' card") == (4, 14)
    assert interpretations.find("can be", "It can’t be moved.") is None
    assert interpretations.find("   ", "anything") is None


def problem_of(rule_graph, text: str, tmp_path) -> str:
    path = write(tmp_path, text)
    with pytest.raises(InterpretationError) as caught:
        entries = interpretations.read(path, "tcg")
        found = interpretations.problems(rule_graph, entries)
        if found:
            raise InterpretationError(found)
    return str(caught.value)


def test_a_file_that_is_not_toml_is_an_error_with_its_line(rule_graph, tmp_path):
    message = problem_of(rule_graph, '[[interpretation]]\nrule = "404.6.0"\nreads = \n', tmp_path)
    assert message.startswith(f"{tmp_path / 'interpretations.toml'}:3:")
    assert "not TOML: Invalid value" in message


@pytest.mark.parametrize("entry, what", [
    ('rule = "404.6.0"\nreads = "the matching story stage"\nreading = "x"', "entry 1: no 'why'"),
    ('rule = "404.6.0"\nreads = "the matching story stage"\nreading = "  "\nwhy = "y"', "entry 1: 'reading' is empty"),
    ('rule = 404\nreads = "x"\nreading = "x"\nwhy = "y"', "entry 1: 'rule' must be text, not int"),
    ('rule = "404.6.0"\nreads = "the matching story stage"\nreading = "x"\nwhy = "y"\nsee = "z"',
     "entry 1: unknown field 'see' (the fields are rule, reads, reading, why)"),
])
def test_a_malformed_entry_is_named_with_what_is_wrong(rule_graph, tmp_path, entry, what):
    message = problem_of(rule_graph, f"# a comment\n\n[[interpretation]]\n{entry}\n", tmp_path)
    assert message == f"{tmp_path / 'interpretations.toml'}:3: {what}"


def test_only_interpretation_entries_belong_in_the_file(rule_graph, tmp_path):
    assert "unknown table or key 'rules'" in problem_of(rule_graph, '[rules]\na = 1\n', tmp_path)
    assert "must be a list of entries" in problem_of(rule_graph, 'interpretation = "x"\n', tmp_path)


def test_an_entry_must_name_a_current_rule(rule_graph, tmp_path):
    message = problem_of(rule_graph, GOOD + '''
[[interpretation]]
rule = "404.9.0"
reads = "x"
reading = "x"
why = "y"
''', tmp_path)
    assert message.startswith(f"{tmp_path / 'interpretations.toml'}:14: entry 3: no rule '404.9.0' in tcg/official")
    assert "the closest are" in message


def test_an_entry_must_quote_its_rules_words(rule_graph, tmp_path):
    broken = GOOD.replace("matching story stage", "matching stage")
    message = problem_of(rule_graph, broken, tmp_path)
    assert message == (f"{tmp_path / 'interpretations.toml'}:2: entry 1: 'reads' is not in the text of 404.6.0: "
                       "'If the opponent has no Plan at the matching stage'")


def test_the_lookup_refuses_a_file_that_does_not_match(rule_graph, tcg_file):
    tcg_file(GOOD.replace("Any number of", "Every"))
    with pytest.raises(InterpretationError, match=r":8: entry 2: 'reads' is not in the text of 102.1.2"):
        interpretations_of(rule_graph, "tcg/official/404.6.0")
    [problem] = interpretations.check(rule_graph)
    assert (problem.entry, problem.line, problem.rule) == (2, 8, "102.1.2")


def test_several_problems_are_counted(rule_graph, tmp_path):
    message = problem_of(rule_graph, '[[interpretation]]\nrule = "1"\n\n[[interpretation]]\nwhy = "x"\n', tmp_path)
    assert message.endswith("(and 5 more; rulebase lint lists them all)")
