"""The ``rulebase search`` and ``rulebase eval`` commands."""

import json

import pytest
from click.testing import CliRunner

from rulebase.cli import main

from .test_evaluate import DEV


@pytest.fixture
def run():
    runner = CliRunner()
    return lambda *args: runner.invoke(main, list(args))


def test_search_prints_hits_with_their_snippets(run):
    result = run("search", "Duck and Cover", "--limit", "2")
    assert result.exit_code == 0
    first = result.output.splitlines()[0]
    assert first.split() == ["erratum", "Duck", "and", "Cover", "(ccg/ocr-7.2)"]
    assert "flip a new card" in result.output


def test_search_prints_no_scores_unless_asked(run):
    plain = run("search", "tied faceoff", "--limit", "3").output.splitlines()
    scored = run("search", "tied faceoff", "--limit", "3", "--scores").output.splitlines()
    hits = json.loads(run("search", "tied faceoff", "--limit", "3", "--json").output)
    firsts = [line for line in plain if not line.startswith(" ")]
    assert firsts[0] == "514.4c    (ccg/3.4)" and len(firsts) == 3
    assert not any(hit["id"] in line or f"{hit['score']:g}" in line for hit in hits for line in firsts)
    scored_firsts = [line for line in scored if not line.startswith(" ")]
    assert [line.split()[-2:] for line in scored_firsts] == [[f"[{hit['id']}]", f"{hit['score']:g}"] for hit in hits]
    assert [line for line in scored if line.startswith(" ")] == [line for line in plain if line.startswith(" ")]


def test_search_json_has_the_documented_fields(run):
    result = run("search", "what happens if both players' totals are tied in a faceoff", "--game", "ccg", "--json")
    hits = json.loads(result.output)
    assert hits[0]["id"] == "ccg/3.4/514.4c" and hits[0]["number"] == "514.4c"
    for hit in hits:
        assert {"id", "kind", "game", "document", "edition", "number", "title", "text", "score"} <= set(hit)
        assert hit["game"] == "ccg"
    assert [h["score"] for h in hits] == sorted((h["score"] for h in hits), reverse=True)


def test_search_filters(run):
    hits = json.loads(run("search", "stubborn", "--edition", "earlier", "--kind", "glossary", "--json").output)
    assert hits and {(h["document"], h["kind"]) for h in hits} == {("ccg/earlier/glossary", "glossary")}
    assert len(json.loads(run("search", "faceoff", "--limit", "3", "--json").output)) == 3


def test_no_results_suggest_the_nearest_numbers(run):
    result = run("search", "514.40")
    assert result.exit_code == 0
    assert result.output.strip() == "No results for '514.40'. The closest: 514.4, 514.4c, 514.4b, 514.4a, 514"


@pytest.mark.parametrize("args, message", [
    (["search", "*"], "Error: nothing to search for"),
    (["search", "x" * 2000], "Error: the query is 2000 characters long"),
    (["search", "faceoff", "--edition", "9"], "Error: no edition '9'"),
    (["eval", "/nonexistent/questions.jsonl"], "Error: /nonexistent/questions.jsonl: no such file"),
])
def test_errors_are_one_line(run, args, message):
    result = run(*args)
    assert result.exit_code == 1
    assert result.output.strip().startswith(message) and len(result.output.strip().splitlines()) == 1


def test_eval_prints_the_figures(run):
    result = run("eval", str(DEV))
    assert result.exit_code == 0
    assert "MRR@10" in result.output and "recall@5" in result.output
    report = json.loads(run("eval", str(DEV), "--json").output)
    assert report["questions"] == 20 and 0 < report["mrr@10"] <= 1 and isinstance(report["missed"], list)


def test_eval_says_when_the_model_learnt_from_the_questions(run, tmp_path):
    from rulebase.search import semantic

    from .test_semantic import question_file

    name = next(iter(semantic.trained_on().values()))
    learnt = question_file(name)
    result = run("eval", str(learnt))
    assert result.exit_code == 0
    assert f"note       the search learnt from these questions ({name})" in result.output
    assert json.loads(run("eval", str(learnt), "--json").output)["learnt_from"] == name
    # The same questions in another order are another file: nothing to say.
    unseen = tmp_path / "questions.jsonl"
    unseen.write_text("\n".join(reversed(learnt.read_text(encoding="utf-8").splitlines())) + "\n", encoding="utf-8")
    assert "note" not in run("eval", str(unseen)).output
    assert json.loads(run("eval", str(unseen), "--json").output)["learnt_from"] is None


def test_eval_says_when_the_index_holds_the_questions(run):
    from rulebase.search import questions

    result = run("eval", str(questions.QUESTIONS), "--json")
    assert result.exit_code == 0
    assert json.loads(result.output)["learnt_from"] == "questions.jsonl, which the index holds with their entries"
