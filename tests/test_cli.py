import hashlib
import json
import os
import shutil
import subprocess
import sys

import networkx as nx
import pytest
from click.testing import CliRunner

from rulebase import __version__, paths
from rulebase.cli import main


@pytest.fixture
def run():
    runner = CliRunner()

    def invoke(*args):
        return runner.invoke(main, list(args), catch_exceptions=False)

    return invoke


def test_show_prints_rule_with_its_neighbourhood(run):
    result = run("show", "514.4")
    assert result.exit_code == 0
    assert "As that priority window closes, players compare power totals." in result.output
    assert "514.4c" in result.output and "Sub-rules:" in result.output
    assert "514 Faceoffs" in result.output


def test_show_json_has_the_documented_fields(run):
    record = json.loads(run("show", "306.2", "--json").output)
    assert {"id", "number", "game", "document", "edition", "text", "parent", "children", "cites", "cited_by"} <= set(record)
    assert record["id"] == "ccg/3.4/306.2" and record["parent"] == "ccg/3.4/306"
    assert [c["id"] for c in record["cites"]] == ["ccg/3.4/516"]
    assert record["source"]["line"] > 0 and len(record["source"]["sha256"]) == 64


def test_show_prints_how_the_engine_reads_the_rule_after_its_text(run):
    output = run("show", "404.6.0", "--game", "tcg").output
    text = output.index("If the opponent has no Plan at the matching story stage, the Turn Player")
    reading = output.index("How the TCG engine reads “If the opponent has no Plan at the matching story stage” "
                           "(rulebase/engine/tcg/interpretations.toml:")
    assert text < reading < output.index("tcg official — tcg/official-rules.md")
    assert "\n  Reading: The matching story stage is the stage the Turn Player's Main Character" in output
    assert "\n  Why: 304.4.0 says" in output
    [entry] = json.loads(run("show", "404.6.0", "--game", "tcg", "--json").output)["interpretations"]
    assert entry["rule"] == "404.6.0" and entry["reading"].startswith("The matching story stage")
    assert entry["where"].startswith("rulebase/engine/tcg/interpretations.toml:")
    assert json.loads(run("show", "514.4c", "--json").output)["interpretations"] == []


def test_show_reports_an_interpretation_file_that_does_not_match_in_one_line(tmp_path, monkeypatch):
    from rulebase import graph, interpretations
    from rulebase.lint import lint_cached

    lint_cached(graph.load())  # the findings of the project's own file, kept for the tests after this one
    path = tmp_path / "interpretations.toml"
    path.write_text('[[interpretation]]\nrule = "404.6.0"\nreads = "no such words"\nreading = "x"\nwhy = "y"\n')
    monkeypatch.setitem(interpretations.FILES, "tcg", str(path))
    result = CliRunner().invoke(main, ["show", "404.6.0", "--game", "tcg"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"Error: {path}:1: entry 1: 'reads' is not in the text of 404.6.0: 'no such words'" in result.output


def test_show_in_an_older_edition_and_a_misprinted_rule(run):
    record = json.loads(run("show", "601.1", "--edition", "earlier", "--json").output)
    assert record["id"] == "ccg/earlier/601.1"
    record = json.loads(run("show", "604.1", "--json").output)
    assert record["number"] == "601.1" and record["findings"][0]["code"] == "misnumbered"
    assert "printed as 601.1" in run("show", "604.1").output


def test_show_tcg_rule(run):
    record = json.loads(run("show", "101.1.0", "--json").output)
    assert record["game"] == "tcg" and record["id"] == "tcg/official/101.1.0"


def test_unknown_rule_is_a_clear_error(run):
    result = run("show", "514.4z")
    assert result.exit_code == 1
    assert "Error: no rule '514.4z'; the closest are " in result.output
    assert "Traceback" not in result.output
    result = run("show", "not a number at all")
    assert result.exit_code == 1 and "no rule" in result.output


@pytest.mark.parametrize("number, closest", [("999.9", "802.4, 802.3"), ("541.4c", "514.4c"),
                                             ("405.9.0", "405.2.0, 405.1.0")])
def test_an_unknown_number_gets_the_closest_numbers(run, number, closest):
    result = run("show", number)
    assert result.exit_code == 1
    assert result.output.startswith(f"Error: no rule '{number}'; the closest are {closest}")


def test_stats_counts_per_document(run):
    rows = {row["document"]: row for row in json.loads(run("stats", "--json").output)}
    assert rows["ccg/3.4/glossary"]["glossary"] == 27
    assert rows["ccg/ocr-7.2"]["errata"] == 70
    assert rows["ccg/3.4"]["rules"] + rows["ccg/3.4"]["sections"] == 445
    assert rows["ccg/earlier"]["rules"] + rows["ccg/earlier"]["sections"] == 421
    assert rows["ccg/3.4-pdf"]["rules"] + rows["ccg/3.4-pdf"]["sections"] == 101
    text = run("stats").output
    assert text.splitlines()[0].split() == ["document", "edition", "rules", "glossary", "errata", "sections"]


def test_lint_exits_non_zero_on_errors_and_prints_json(run):
    result = run("lint", "--json")
    assert result.exit_code == 1
    findings = json.loads(result.output)
    assert all({"code", "severity", "document", "rule", "message"} <= set(f) for f in findings)
    assert any(f["suggestion"] for f in findings)
    clean = run("lint", "--document", "ccg/ocr-7.2")
    assert clean.exit_code == 0


def test_export_json_records_sources(run):
    data = json.loads(run("export", "--format", "json").output)
    node = next(n for n in data["nodes"] if n["id"] == "ccg/earlier/504.3")
    assert node["source"]["document"] == "ccg/earlier" and node["source"]["line"] == 192
    assert node["source"]["sha256"] == next(d for d in data["documents"] if d["id"] == "ccg/earlier")["sha256"]
    assert {"source", "target", "kind"} <= set(data["edges"][0])


def test_export_graphml_reads_back(run, tmp_path):
    target = tmp_path / "graph.graphml"
    assert run("export", "--format", "graphml", "-o", str(target)).exit_code == 0
    graph = nx.read_graphml(target)
    assert graph.nodes["ccg/3.4/514.4c"]["source_line"] == 492
    assert graph.number_of_nodes() > 1000


def test_version_and_help(run):
    assert run("--version").output.strip() == f"rulebase, version {__version__}"
    help_text = run("--help").output
    for command in ("show", "stats", "lint", "export"):
        assert command in help_text


def test_python_dash_m_runs_the_same_command():
    result = subprocess.run([sys.executable, "-m", "rulebase", "show", "101.1"], capture_output=True, text=True,
                            cwd=paths.PACKAGE.parent)
    assert result.returncode == 0 and "A Draw Deck has a minimum of 45 cards" in result.stdout


def test_a_malformed_corpus_document_is_reported_with_its_place(tmp_path):
    corpus_copy = tmp_path / "corpus"
    shutil.copytree(paths.CORPUS, corpus_copy)
    document = corpus_copy / "ccg" / "comprehensive-rules-earlier-edition.md"
    lines = document.read_text(encoding="utf-8").splitlines(keepends=True)
    number = next(i for i, line in enumerate(lines) if "(514.4c)" in line)
    lines[number] = lines[number].replace("(514.4c)", "(51x.4c)")
    listed = hashlib.sha256(document.read_bytes()).hexdigest()
    document.write_text("".join(lines), encoding="utf-8")
    # The manifest vouches for the edited bytes, so that the parser (not the checksum) refuses them.
    manifest = corpus_copy / "manifest.toml"
    changed = hashlib.sha256(document.read_bytes()).hexdigest()
    manifest.write_text(manifest.read_text(encoding="utf-8").replace(listed, changed), encoding="utf-8")
    env = {**os.environ, "RULEBASE_CORPUS": str(corpus_copy)}
    result = subprocess.run([sys.executable, "-m", "rulebase", "stats"], capture_output=True, text=True,
                            cwd=paths.PACKAGE.parent, env=env)
    assert result.returncode == 1
    assert result.stderr.strip() == (
        f"Error: ccg/comprehensive-rules-earlier-edition.md:{number + 1}:4: malformed rule number: '(51x.4c)'"
    )


@pytest.mark.parametrize("terminal", [True, False])
def test_slow_first_steps_are_announced_on_a_terminal_only(terminal, monkeypatch):
    import io
    import logging
    import sys

    from rulebase import cli

    stream = io.StringIO()
    stream.isatty = lambda: terminal
    monkeypatch.setattr(sys, "stderr", stream)
    logger = logging.getLogger("rulebase")
    monkeypatch.setattr(logger, "handlers", [])
    monkeypatch.setattr(logger, "level", logging.NOTSET)
    cli._announce_slow_steps()
    logging.getLogger("rulebase.search.semantic").info("Reading the meaning of 3 entries...")
    assert stream.getvalue() == ("Reading the meaning of 3 entries...\n" if terminal else "")


OCTGN_DATA = paths.PACKAGE.parent / "tests" / "data" / "octgn"


def test_simulate_with_a_malformed_or_hostile_octgn_deck_is_one_line(run, tmp_path):
    deck = (OCTGN_DATA / "Decks" / "Test Deck.o8d").read_text(encoding="utf-8")
    path = tmp_path / "deck.o8d"
    path.write_text(deck.replace('qty="3"', 'qty="two"'), encoding="utf-8")
    result = run("simulate", "--games", "1", "--decks", str(path), "--octgn", str(OCTGN_DATA))
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.output == f"Error: {path}:4: quantity must be a whole number from 1 to 99: 'two'\n"
    laughs = OCTGN_DATA / "broken" / "billion-laughs.o8d"
    result = run("simulate", "--games", "1", "--decks", str(laughs), "--octgn", str(OCTGN_DATA))
    assert result.exit_code == 1
    assert result.output == f"Error: {laughs}:2: a document type declaration (<!DOCTYPE ...>) is not allowed\n"


def test_simulate_refuses_an_illegal_deck_before_playing(run):
    result = run("simulate", "--games", "3", "--octgn", str(OCTGN_DATA),
                 "--decks", str(OCTGN_DATA / "Decks" / "Test Deck.o8d"))
    assert result.exit_code == 1
    assert result.output == "Error: 101.1: Test Deck's Draw Deck has 6 cards; it needs at least 45\n"


def test_simulate_with_an_octgn_folder_that_does_not_exist_is_a_usage_error(run, tmp_path):
    result = run("simulate", "--games", "1", "--octgn", str(tmp_path / "nowhere"))
    assert result.exit_code == 2 and "does not exist" in result.output and "Traceback" not in result.output


def test_simulate_with_card_data_that_has_no_theme_decks_says_so(tmp_path):
    result = CliRunner().invoke(main, ["simulate", "--games", "1", "--octgn", str(tmp_path)])
    assert result.exit_code == 1
    assert f"{tmp_path / 'Decks'}: no theme decks to play" in result.output


def test_search_names_an_erratum_as_the_card_data_does():
    result = CliRunner().invoke(main, ["search", "clonie pie", "--limit", "2"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0].startswith("erratum Pinkie Pie, Clonie Pie    (ccg/ocr-7.2)")
