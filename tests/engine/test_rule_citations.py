"""Every rule number the engine cites must exist in the current rules: the
numbers written in its source, and those it puts in its traces."""

import io
import re
import tokenize

from rulebase import paths
from rulebase.engine.ccg.decks import sample_decks
from rulebase.engine.ccg.state import CCGGame
from rulebase.engine.policy import RandomPolicy, play
from rulebase.scenarios import suite

RULE = re.compile(r"^(\d{3}(?:\.\d+[a-z]?(?:\.[ivx]+)?)?|glossary/[a-z-]+)$")
INLINE = re.compile(r"\((\d{3}(?:\.\d+[a-z]?(?:\.[ivx]+)?)?)\)")
ENGINE = paths.PACKAGE / "engine"


def cited_in_source() -> dict[str, list[str]]:
    """Rule numbers in the engine's string literals: whole literals
    (``"506.2"``) and numbers in parentheses inside messages."""
    found: dict[str, list[str]] = {}
    for path in sorted(ENGINE.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type != tokenize.STRING:
                continue
            text = token.string.lstrip("rbfuRBFU").strip("\"'")
            where = f"{path.relative_to(paths.PACKAGE)}:{token.start[0]}"
            if RULE.match(text):
                found.setdefault(text, []).append(where)
            for number in INLINE.findall(text):
                found.setdefault(number, []).append(where)
    return found


def test_the_engine_cites_many_rules():
    cited = cited_in_source()
    assert len(cited) > 150
    assert {"506.2", "514.4c", "604.1b", "605.1a", "616.3", "glossary/swift"} <= set(cited)


def test_every_rule_cited_in_the_engine_source_exists(rule_graph):
    document = rule_graph.current_edition("ccg")
    assert document == "ccg/3.4"
    missing = {number: where for number, where in cited_in_source().items() if f"{document}/{number}" not in rule_graph}
    assert missing == {}


def test_the_misprinted_action_and_draw_step_rules_are_cited_by_their_graph_keys():
    cited = cited_in_source()
    assert {"604.1", "604.1a", "604.1d", "605.1", "605.1a"} <= set(cited)
    assert not {"601.1a", "601.1b"} & set(cited)


def test_every_rule_in_the_traces_of_games_and_scenarios_exists(rule_graph):
    document = rule_graph.current_edition("ccg")
    traced: set[str] = set()
    for seed in range(3):
        state = play(CCGGame(decks=sample_decks(), turn_limit=40).new_initial_state(), RandomPolicy(seed))
        traced |= set(state.trace.rules())
    report = suite.run_paths(suite.default_paths(), rule_graph)
    for result in report.results:
        traced |= set(result.trace.rules())
    assert len(traced) > 150
    assert sorted(rule for rule in traced if f"{document}/{rule}" not in rule_graph) == []
