import pytest

from rulebase.lint import ERROR, lint_cached


@pytest.fixture(scope="module")
def findings(rule_graph):
    return {(f.document, f.rule, f.code): f for f in lint_cached(rule_graph)}


@pytest.mark.parametrize("document,rule,code,suggestion", [
    ("ccg/3.4", "604.1", "misnumbered", "604.1"),
    ("ccg/3.4", "605.1a", "misnumbered", "605.1a"),
    ("ccg/3.4", "505.3", "broken-reference", "(410.6)"),
    ("ccg/3.4", "519.3a", "broken-reference", "(410.6)"),
    ("ccg/earlier", "511.4~2", "duplicate-number", "511.5"),
    ("ccg/earlier", "705.2b~2", "duplicate-number", "705.2c"),
    ("ccg/earlier", "706.1c", "misnumbered", "706.1c"),
    ("ccg/earlier", "212.1", "unnumbered-rule", "number it 212.1"),
    ("ccg/earlier", "505.3", "broken-reference", "(409.6)"),
    ("ccg/earlier", "519.3a", "broken-reference", "(409.6)"),
    ("ccg/earlier", "515.2b", "broken-reference", "(409.4)"),
    ("ccg/earlier", "802.1", "term-typo", "'loops'"),
])
def test_real_errors_of_both_editions_are_found(findings, document, rule, code, suggestion):
    finding = findings[(document, rule, code)]
    assert finding.suggestion.startswith(suggestion)
    assert finding.message and finding.line > 0 and finding.path.endswith((".md", ".txt"))


def test_the_renumbering_explains_itself(findings):
    finding = findings[("ccg/3.4", "505.3", "broken-reference")]
    assert "the rule numbered 409.6 in the earlier edition" in finding.suggestion
    assert finding.severity == ERROR


def test_the_typo_is_blamed_on_the_rare_form(findings):
    assert ("ccg/3.4", "802.1", "term-typo") not in findings
    assert ("ccg/3.4/glossary", "caretaker", "term-typo") in findings


def test_partial_rendering_does_not_report_rules_beyond_its_pages(findings):
    assert ("ccg/3.4-pdf", "306.2", "broken-reference") not in findings


def test_correct_documents_have_no_false_errors(findings):
    errors = {key for key, f in findings.items() if f.severity == ERROR}
    assert {key[0] for key in errors} == {"ccg/3.4", "ccg/earlier", "tcg/official"}
    # 3.4: 7 misnumbered, 2 broken references; earlier: 2 duplicates, 1 misnumbered,
    # 3 broken references; TCG: "See 204.4.0." where there is no such rule
    assert len(errors) == 16
    assert ("tcg/official", "102.1.2", "broken-reference") in errors


@pytest.mark.parametrize("rule,code,says,suggestion", [
    ("premiere/gyro-pointdexter", "erratum-subtitle", "the errata print the subtitle 'Pointdexter'", "'Poindexter'"),
    ("premiere/pearly-stitch-crochety-crocheter", "erratum-subtitle", "'Crochety Crocheter'", "'Crotchety Crocheter'"),
    ("premiere/kitchen-au-flam", "damaged-text", "2 characters were lost in conversion",
     "'Kitchen au Flambé', as the card data names the card"),
    ("the-crystal-games/octavia-serious-musician", "erratum-set", "is printed in Promos, not in Crystal Games", None),
    ("canterlot-nights/daisy-mousy-mare", "erratum-text",
     "a change of the erratum can't be located in the text of Daisy, Mousy Mare: neither OLD nor NEW", None),
    ("premiere/what-went-wrong", "erratum-text", "neither OLD nor NEW is in the card's text", None),
])
def test_resolving_the_errata_to_the_card_data_reveals_their_slips(findings, rule, code, says, suggestion):
    finding = findings[("ccg/ocr-7.2", rule, code)]
    assert says in finding.message and finding.suggestion == suggestion
    assert finding.severity == "warning" and finding.line > 0 and finding.path.endswith(".md")


def test_errata_found_in_the_card_data_are_not_reported(findings):
    reported = {rule for (document, rule, code) in findings if document == "ccg/ocr-7.2"}
    assert "premiere/duck-and-cover" not in reported and "premiere/kitchen-au-flam" in reported
    codes = [code for (document, _, code) in findings if document == "ccg/ocr-7.2"]
    assert (codes.count("erratum-text"), codes.count("erratum-subtitle"), codes.count("damaged-text")) == (2, 2, 1)


@pytest.mark.parametrize("rule", ["marks-in-time/trading-traditions", "the-crystal-games/pile-of-presents",
                                  "canterlot-nights/sunset-shimmer", "premiere/its-a-twister",
                                  "premiere/marvelous-chapeau", "premiere/pearly-stitch-crochety-crocheter"])
def test_a_corrected_wording_without_marks_located_in_the_card_is_not_reported(findings, rule, rule_graph):
    from rulebase.errata import card_texts

    assert ("ccg/ocr-7.2", rule, "erratum-text") not in findings
    card = rule_graph.card_of(f"ccg/ocr-7.2/{rule}")
    assert card_texts(rule_graph.node(card)["key"], rule_graph).known


def test_the_errata_text_findings_are_the_errata_card_texts_cant_locate(findings, rule_graph):
    from rulebase.errata import card_texts

    reported = {rule for (document, rule, code) in findings if code == "erratum-text"}
    unlocated = {node.removeprefix("ccg/ocr-7.2/") for node in rule_graph.nodes("erratum")
                 if (card := rule_graph.card_of(node)) is not None
                 and (texts := card_texts(rule_graph.node(card)["key"], rule_graph)).erratum == node
                 and not texts.known}
    assert reported == unlocated and len(unlocated) == 2


def test_a_banlist_line_whose_number_and_name_disagree_is_an_error(rule_graph, monkeypatch):
    from rulebase import lint as linting
    from rulebase.cards import banlist
    from rulebase.cards.database import load as load_cards

    wrong = banlist.read("Premiere #16\tFluttershy Guidance Counselor\tEffective January 30, 2015", 1343, load_cards())
    monkeypatch.setattr(banlist, "entries", lambda graph=None: tuple(wrong))
    [finding] = linting._banlist(rule_graph)
    assert (finding.code, finding.severity, finding.document, finding.line) == ("banlist-entry", ERROR, "ccg/tfr-2.3",
                                                                                  1343)
    assert "Premiere #16 is Rainbowshine, Cloud Wrangler in the card data" in finding.message
    assert not [f for f in lint_cached(rule_graph) if f.code == "banlist-entry"]


def test_an_interpretation_that_no_longer_matches_the_rules_is_an_error(rule_graph, tmp_path, monkeypatch):
    from rulebase import interpretations
    from rulebase import lint as linting

    path = tmp_path / "interpretations.toml"
    path.write_text('[[interpretation]]\nrule = "404.6.0"\nreads = "If the opponent has no Plan at the matching stage"\n'
                    'reading = "x"\nwhy = "y"\n\n[[interpretation]]\nrule = "404.9.9"\nreads = "x"\nreading = "x"\n'
                    'why = "y"\n', encoding="utf-8")
    monkeypatch.setitem(interpretations.FILES, "tcg", str(path))
    found = [f for f in linting.lint(rule_graph) if f.code == "interpretation"]
    assert [(f.severity, f.document, f.rule, f.path, f.line) for f in found] == [
        (ERROR, "tcg/official", "404.6.0", str(path), 1), (ERROR, "tcg/official", "404.9.9", str(path), 7)]
    assert found[0].message == ("entry 1: 'reads' is not in the text of 404.6.0: "
                                "'If the opponent has no Plan at the matching stage'")
    assert str(found[1]).startswith(f"{path}:7: error [interpretation] tcg/official 404.9.9: entry 2: no rule '404.9.9'")
    path.write_text('[[interpretation]]\nrule = \n', encoding="utf-8")
    [finding] = [f for f in linting.lint(rule_graph) if f.code == "interpretation"]
    assert (finding.rule, finding.line, finding.message) == (None, 2, "not TOML: Invalid value (column 8)")


def test_the_projects_interpretations_match_the_rules(findings):
    assert not [key for key in findings if key[2] == "interpretation"]
