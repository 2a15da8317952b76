"""Synonyms and other wordings mined from the corpus."""

from rulebase.search import bridging, index


def test_synonyms_mined_from_the_documents(rule_graph):
    mined = bridging.mined(rule_graph)
    assert "pre priority processing" in mined["ppp"]
    assert "uncover" in mined["reveal"]
    assert "uncovered" in mined["turned face up"]


def test_the_listed_synonyms_are_read():
    listed = bridging.curated()
    assert listed["tied"] == ["same", "equal"]
    assert "discard pile" not in listed
    assert "rest zone" in bridging.curated(across_games=True)["discard pile"]


def test_rules_get_the_wordings_of_other_editions_and_of_the_rulebook(rule_graph):
    records = index.records(rule_graph)
    bridging.add_aliases(rule_graph, records)
    by_id = {r["id"]: r for r in records}
    earlier = rule_graph.node("ccg/earlier/802.1")["text"]
    assert earlier in by_id["ccg/3.4/802.1"]["aliases"]
    aligned = by_id["ccg/3.4/609.2d"]["aliases"]
    assert any("For 1 action token, you may draw the top card" in alias for alias in aligned)
    assert all(not r["aliases"] for r in records if r["kind"] != "rule")


def test_records_carry_their_place(rule_graph):
    by_id = {r["id"]: r for r in index.records(rule_graph)}
    record = by_id["ccg/3.4/514.4c"]
    assert "Faceoffs" in record["context"] and "Game Concepts" in record["context"]
    assert "As that priority window closes, players compare power totals." in record["context"]
    assert by_id["ccg/tfr-2.3/tier-3-rules-match-structure"]["context"][0] == "Tier 3 Rules"
    assert {r["kind"] for r in by_id.values()} == set(index.KINDS)


def test_broader_terms_come_from_the_chapters_and_from_x_are_y(rule_graph):
    broader = bridging.broader(rule_graph)
    assert "zones" in broader["discard pile"] and "zones" in broader["draw deck"]
    assert "characters" in broader["friend"]
    # "play" names a zone but is used by more rules than "zone"; a term is not
    # broadened into a word of its own name.
    assert "plai" not in broader and "mane charact" not in broader and "banish zone" not in broader


def test_a_rule_that_introduces_steps_gets_their_words(rule_graph):
    records = index.records(rule_graph)
    bridging.add_aliases(rule_graph, records)
    by_id = {r["id"]: r for r in records}
    steps = by_id["ccg/3.4/705.2"]["aliases"]
    assert rule_graph.node("ccg/3.4/705.2d")["text"] in steps
    assert not any(rule_graph.node(c)["text"] in by_id["ccg/3.4/514.4"]["aliases"]
                   for c in rule_graph.children("ccg/3.4/514.4"))
