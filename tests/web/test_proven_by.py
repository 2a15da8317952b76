"""The "Proven by" part of a rule page: the scenarios that confirm the
rule, or a plain word that none does."""

from rulebase import graph
from rulebase.scenarios import proofs


def proven_by(client, path: str) -> str:
    text = client.get(path).get_data(as_text=True)
    start = text.index('id="proven-by"')
    return text[start:text.index("</section>", start)]


def test_a_confirmed_rule_lists_its_scenarios_with_their_steps(client):
    part = proven_by(client, "/ccg/506.2")
    assert "A card can&#39;t be moved to its current area" in part
    assert "tests/scenarios/moving.scenario:" in part
    assert "506.2      a card can&#39;t be moved to its current area" in part  # the explained steps
    assert "refused" in part


def test_an_unconfirmed_rule_says_so_plainly(client, rule_graph):
    standing = {node: proofs.standing(rule_graph, node).status for node in rule_graph.nodes("rule", "ccg/3.4")
                if not rule_graph.node(node).get("heading")}
    unconfirmed = sorted(node for node, status in standing.items() if status == "unconfirmed")
    assert unconfirmed, "every rule confirmed: pick another way to test the wording"
    part = proven_by(client, "/ccg/" + unconfirmed[0].split("/")[-1])
    assert "Not yet confirmed." in part


def test_exempt_and_other_documents_say_why(client):
    assert "card layout" in proven_by(client, "/ccg/213.1")
    assert "two-player game" in proven_by(client, "/tcg/101.0.0")  # the TCG's exemption of its opening words
    assert "another edition" in proven_by(client, "/ccg/earlier/101.1")


def test_a_tcg_rule_lists_the_tcg_scenarios_that_prove_it(client, rule_graph):
    part = proven_by(client, "/tcg/404.5.0")
    assert "tests/scenarios/tcg/" in part and "404.5.0" in part
    assert "tests/scenarios/tcg/" not in proven_by(client, "/ccg/506.2")
    ccg, tcg = proofs.project_proofs(rule_graph, "ccg"), proofs.project_proofs(rule_graph, "tcg")
    assert "404.5.0" in tcg and "404.5.0" not in ccg and "506.2" in ccg


def test_the_proofs_are_the_passing_scenarios_whose_citation_decided(rule_graph):
    found = proofs.project_proofs(rule_graph)
    assert all(proof.how.startswith("decided") for proofs_of_rule in found.values() for proof in proofs_of_rule)
    assert {"506.2", "506.5", "glossary/swift"} <= set(found)
    assert proofs.project_proofs(graph.load()) is proofs.project_proofs(graph.load())
