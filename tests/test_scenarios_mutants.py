"""Deliberately wrong citations made from the project's right scenarios:
every one must fail (bounded to a sample of the suite)."""

import random

from rulebase.scenarios import mutants, suite


def test_wrong_versions_of_right_scenarios_all_fail(rule_graph):
    files = suite.collect(suite.default_paths())
    sample = [path for path in files if path.name in ("moving.scenario", "main-phase.scenario", "faceoffs.scenario",
                                                       "starting.scenario")]
    tally = mutants.measure(sample, rule_graph, rng=random.Random(1))
    assert set(tally.made) == {"swap", "consulted", "refusal", "reason"}
    assert sum(tally.made.values()) > 60
    assert [(m.where, m.change) for m in tally.missed] == []


def test_a_mutant_changes_only_its_citation(rule_graph):
    path = next(path for path in suite.collect(suite.default_paths()) if path.name == "moving.scenario")
    text = path.read_text(encoding="utf-8")
    made = list(mutants.mutants(text, str(path), rule_graph))
    swap = next(m for m in made if m.kind == "swap")
    before, after = text.splitlines(), swap.text.splitlines()
    changed = [(a, b) for a, b in zip(before, after) if a != b]
    assert len(before) == len(after) and len(changed) == 1
    old, new = swap.change.split(" -> ")
    assert old in changed[0][0] and new in changed[0][1] and "Rules:" in changed[0][0]
