import pytest

from rulebase.errors import UnknownRuleError
from rulebase.graph import Edge


def test_ids_include_game_and_edition(rule_graph):
    for node in ["ccg/3.4/514.4c", "ccg/earlier/514.4c", "ccg/3.4-pdf/101.1", "ccg/3.4/glossary/swift",
                 "ccg/ocr-7.2/premiere/duck-and-cover", "tcg/official/101.1.0"]:
        assert node in rule_graph, node
    data = rule_graph.node("ccg/3.4/514.4c")
    assert (data["kind"], data["game"], data["edition"], data["number"]) == ("rule", "ccg", "3.4", "514.4c")


def test_parent_child_chain(rule_graph):
    assert rule_graph.ancestors("ccg/3.4/514.4c") == ["ccg/3.4", "ccg/3.4/chapter-5", "ccg/3.4/514", "ccg/3.4/514.4"]
    assert rule_graph.children("ccg/3.4/514.4") == ["ccg/3.4/514.4a", "ccg/3.4/514.4b", "ccg/3.4/514.4c"]
    assert rule_graph.parent("ccg/3.4/505.1d.i") == "ccg/3.4/505.1d"
    assert rule_graph.parent("ccg/3.4/glossary") == "ccg/3.4"


def test_cross_references_both_ways(rule_graph):
    assert rule_graph.cites("ccg/3.4/306.2") == ["ccg/3.4/516"]
    assert "ccg/3.4/306.2" in rule_graph.cited_by("ccg/3.4/516")
    edge = rule_graph.g.get_edge_data("ccg/3.4/707.4", "ccg/3.4/514.2")
    assert edge[Edge.CITES]["relation"] == "exception"
    assert rule_graph.g.get_edge_data("ccg/3.4/616.4a", "ccg/3.4/616.1")[Edge.CITES]["relation"] == "exception"


def test_glossary_terms_used_by_rules(rule_graph):
    assert "ccg/3.4/glossary/starting-problem" in rule_graph.terms("ccg/3.4/101.3c")
    assert "ccg/3.4/glossary/home-limit" in rule_graph.terms("ccg/3.4/616.3")
    assert "ccg/3.4/glossary/dilemma" in rule_graph.terms("ccg/3.4/522.1")
    # "random method" is not the Random keyword
    assert "ccg/3.4/glossary/random" not in rule_graph.terms("ccg/3.4/102.3")


def test_same_rule_across_editions(rule_graph):
    editions = dict(rule_graph.editions("ccg/3.4/410.6"))
    assert editions["ccg/earlier/409.6"]["change"] == "renumbered"
    assert dict(rule_graph.editions("ccg/3.4/514.4c"))["ccg/earlier/514.4c"]["change"] == "unchanged"
    assert dict(rule_graph.editions("ccg/3.4/101.1"))["ccg/3.4-pdf/101.1"]["change"] == "rendering"
    assert dict(rule_graph.editions("ccg/3.4/210.1"))["ccg/earlier/210.1"]["change"] == "reworded"
    assert dict(rule_graph.editions("ccg/3.4/glossary/swift"))["ccg/earlier/glossary/swift"]["change"] == "reworded"
    assert not any(n.startswith("ccg/earlier") for n, _ in rule_graph.editions("ccg/3.4/409.1"))


def test_errata_point_at_their_cards(rule_graph):
    card = rule_graph.card_of("ccg/ocr-7.2/premiere/duck-and-cover")
    assert card == "card/ccg/duck-and-cover"
    assert rule_graph.errata_of(card) == ["ccg/ocr-7.2/premiere/duck-and-cover"]


def test_misnumbered_rules_keep_their_printed_number(rule_graph):
    data = rule_graph.node("ccg/3.4/604.1")
    assert (data["number"], data["canonical"]) == ("601.1", "604.1")
    assert rule_graph.node("ccg/earlier/705.2b~2")["number"] == "705.2b"


@pytest.mark.parametrize("query,expected", [
    ("514.4c", "ccg/3.4/514.4c"), ("(514.4c)", "ccg/3.4/514.4c"), ("rule 514.4c", "ccg/3.4/514.4c"),
    ("514.4 c", "ccg/3.4/514.4c"), ("CR 514", "ccg/3.4/514"), ("101.1.0", "tcg/official/101.1.0"),
    ("ccg/earlier/409.6", "ccg/earlier/409.6"),
])
def test_resolve(rule_graph, query, expected):
    assert rule_graph.resolve(query) == expected


def test_resolve_in_an_older_edition(rule_graph):
    assert rule_graph.resolve("409.6", edition="earlier") == "ccg/earlier/409.6"


def test_unknown_numbers_suggest_the_closest(rule_graph):
    with pytest.raises(UnknownRuleError) as caught:
        rule_graph.resolve("514.4z")
    assert "ccg/3.4" not in caught.value.suggestions
    assert "514.4" in caught.value.suggestions
    assert str(caught.value).startswith("no rule '514.4z'; the closest are ")


@pytest.mark.parametrize("query, game, edition, expected", [
    ("999.9", None, None, ["802.4", "802.3"]),  # past the end of the rules: the last ones
    ("541.4c", None, None, ["514.4c"]),  # two digits swapped
    ("611.9", None, None, ["611.4", "611.3", "611.2", "611.1", "611"]),
    ("405.9.0", None, None, ["405.2.0", "405.1.0", "405.0.0"]),
    ("405.9", "tcg", None, ["405.2.0"]),  # the TCG's number typed without its last part
    ("514.4z", None, "earlier", ["514.4c", "514.4b", "514.4a", "514.4"]),
])
def test_unknown_numbers_get_the_closest_of_their_document(rule_graph, query, game, edition, expected):
    with pytest.raises(UnknownRuleError) as caught:
        rule_graph.resolve(query, game=game, edition=edition)
    assert caught.value.suggestions[:len(expected)] == expected and len(caught.value.suggestions) == 5


def test_a_number_the_document_misprints_suggests_the_rules_printed_with_it(rule_graph):
    assert rule_graph.closest("601.1a", "ccg/3.4")[0] == "604.1a"
    assert rule_graph.closest("not a number", "ccg/3.4") == []


def test_a_tcg_number_typed_in_the_ccg_style_is_read_as_one(rule_graph):
    assert rule_graph.resolve("405", game="tcg") == "tcg/official/405.0.0"
    assert rule_graph.resolve("§ 405.2", game="tcg") == "tcg/official/405.2.0"


def test_every_card_of_the_card_data_is_a_node(rule_graph):
    assert len(rule_graph.nodes("card")) == 2029 and len(rule_graph.nodes("set")) == 17
    data = rule_graph.node("card/ccg/rainbow-dash-flier-extraordinaire")
    assert (data["kind"], data["key"], data["title"], data["type"]) == (
        "card", "rainbow-dash-flier-extraordinaire", "Rainbow Dash, Flier Extraordinaire", "Mane Character")
    assert data["boosted"]["power"] == 3 and data["document"] is None
    record = rule_graph.card("card/ccg/rainbow-dash-flier-extraordinaire")
    assert data["text"] == record.text and data["printings"][0]["number"] == record.printings[0].number
    with pytest.raises(KeyError):
        rule_graph.card("ccg/3.4/514.4c")


def test_cards_are_printed_in_their_sets(rule_graph):
    assert rule_graph.sets_of("card/ccg/duck-and-cover") == ["set/ccg/premier"]
    data = rule_graph.node("set/ccg/premier")
    assert (data["kind"], data["title"], data["cards"], data["names"]) == ("set", "Premier", 213, ["Premiere"])
    edge = rule_graph.g.get_edge_data("card/ccg/duck-and-cover", "set/ccg/premier")[Edge.PRINTED_IN]
    assert edge == {"numbers": ["PR111"]}


def test_cards_point_at_the_glossary_entries_of_their_keywords(rule_graph):
    assert rule_graph.keywords_of("card/ccg/bulk-biceps-pumped-up") == ["ccg/3.4/glossary/pumped"]
    assert rule_graph.keywords_of("card/ccg/rainbow-dash-flier-extraordinaire") == ["ccg/3.4/glossary/home-limit"]
    assert rule_graph.keywords_of("card/ccg/goof-off") == ["ccg/3.4/glossary/starting-problem"]
    assert rule_graph.keywords_of("card/ccg/duck-and-cover") == []
    keyworded = [card for card in rule_graph.nodes("card") if rule_graph.keywords_of(card)]
    entries = {entry for card in keyworded for entry in rule_graph.keywords_of(card)}
    assert "ccg/3.4/glossary/competitive-x" in entries and "ccg/3.4/glossary/home-limit" in entries
    assert "ccg/3.4/glossary/starting-problem" in entries
    assert all(entry.startswith("ccg/3.4/glossary/") for entry in entries)
    # the keywords do not count as rules using the terms
    assert not any(user.startswith("card/") for user in rule_graph.used_by("ccg/3.4/glossary/swift"))


def test_errata_point_at_the_card_datas_cards_whatever_their_spelling(rule_graph):
    assert rule_graph.card_of("ccg/ocr-7.2/premiere/kitchen-au-flam") == "card/ccg/kitchen-au-flambe"
    assert rule_graph.card_of("ccg/ocr-7.2/premiere/gyro-pointdexter") == "card/ccg/gyro-poindexter"
    data = rule_graph.node("ccg/ocr-7.2/premiere/gyro-pointdexter")
    assert data["resolved_by"] == "close subtitle" and "'Poindexter'" in data["resolution_note"]
    assert "card/ccg/kitchen-au-flam" not in rule_graph


def test_a_graph_without_card_data_has_no_cards(parts):
    from rulebase.graph import build

    bare = build(list(parts.values()), None)
    assert bare.nodes("card") == [] and bare.cards is None
    assert bare.card_of("ccg/ocr-7.2/premiere/duck-and-cover") is None
