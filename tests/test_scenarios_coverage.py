import json

import pytest

from rulebase.scenarios.games.ccg.binding import CCGBinding, in_target
from rulebase.scenarios import coverage, suite


@pytest.fixture(scope="module")
def project_report(rule_graph):
    return suite.run_paths(suite.default_paths(), rule_graph)


def test_the_projects_scenarios_all_pass(project_report):
    failing = [(r.scenario.id, r.failures, str(r.error)) for r in project_report.results if not r.passed]
    assert failing == [] and project_report.errors == []
    assert len(project_report.results) >= 100


def test_coverage_of_the_target_reaches_60_percent(project_report, rule_graph):
    result = suite.coverage_of(project_report, rule_graph)
    target = result.target
    assert target.percent >= 60.0
    assert len(target.confirmed) + len(target.unconfirmed) + len(target.exempt) == sum(
        1 for node in rule_graph.nodes("rule", "ccg/3.4")
        if not rule_graph.node(node)["heading"] and in_target(rule_graph.node(node)["key"]))


def test_confirmed_means_cited_by_a_passing_scenario(project_report, rule_graph):
    result = suite.coverage_of(project_report, rule_graph)
    cited = {c.key for r in project_report.results if r.passed and r.scenario.game == "ccg" for c in r.scenario.citations}
    assert set(result.total.confirmed) == {key for key in cited if not key.startswith("glossary/")}
    assert set(result.total.confirmed).isdisjoint(result.total.exempt)


def test_counts_by_section_chapter_and_total(rule_graph):
    exemptions = {"213.1": "layout"}
    result = coverage.compute(rule_graph, "ccg/3.4", {"514.4c", "604.1b"}, exemptions, target=in_target,
                              target_description="target")
    assert result.sections["514"].confirmed == ["514.4c"] and "514.4" in result.sections["514"].unconfirmed
    assert "514" not in result.sections["514"].unconfirmed
    assert result.sections["213"].exempt == ["213.1"] and result.sections["604"].title == "Action Step"
    assert len(result.total.confirmed) == 2 and result.chapters["6"].confirmed == ["604.1b"]
    data = result.as_dict()
    assert set(data) == {"document", "total", "target", "chapters", "sections", "exemptions"}
    assert data["total"]["confirmed_rules"] == ["514.4c", "604.1b"]
    assert {"confirmed", "unconfirmed", "exempt", "confirmed_rules"} <= set(data["sections"]["514"])
    json.dumps(data)


def test_a_heading_counts_when_it_has_text_of_its_own(rule_graph):
    tcg = coverage.compute(rule_graph, "tcg/official", {"404.5.0"}, {})
    counted = set(tcg.total.confirmed) | set(tcg.total.unconfirmed)
    assert "404.5.0" in tcg.total.confirmed
    assert {"201.0.0", "601.0.0"} <= counted
    assert not any(rule_graph.node(f"tcg/official/{key}")["heading"]
                   and not rule_graph.node(f"tcg/official/{key}")["text"].strip() for key in counted)
    ccg = coverage.compute(rule_graph, "ccg/3.4", set(), {})
    assert "514" not in set(ccg.total.unconfirmed) and "514.4" in ccg.total.unconfirmed


def test_the_exemption_file_is_reviewed_and_valid(rule_graph):
    exemptions = coverage.load_exemptions(CCGBinding.exemptions, rule_graph, "ccg/3.4")
    assert "213.2" in exemptions and all(len(reason) > 20 for reason in exemptions.values())
    assert len(exemptions) < 20


@pytest.mark.parametrize("text, message", [
    ('[[exempt]]\nrule = "999.1"\nreason = "x"\n', "no rule '999.1'"),
    ('[[exempt]]\nrule = "213.1"\n', "gives no reason"),
    ('[[exempt]]\nrule = "213.1"\nreason = "a"\n[[exempt]]\nrule = "213.1"\nreason = "b"\n', "exempted twice"),
    ("[[exempt", "exempt.toml"),
])
def test_a_bad_exemption_file_is_a_clear_error(tmp_path, rule_graph, text, message):
    path = tmp_path / "exempt.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(coverage.ExemptionError, match=message):
        coverage.load_exemptions(path, rule_graph, "ccg/3.4")
