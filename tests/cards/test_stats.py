"""``rulebase stats`` counts the cards and printings of each set of the
card data beside the documents (the command's other figures are tested in
tests/test_cli.py)."""

import json

from click.testing import CliRunner

from rulebase.cli import main


def test_stats_prints_the_cards_of_each_set():
    text = CliRunner().invoke(main, ["stats"]).output.splitlines()
    start = text.index("set                     cards  printings  commented_out")
    rows = {line[:24].strip(): line[24:].split() for line in text[start + 1:]}
    assert len(rows) == 18 and rows["Premier"] == ["213", "213", "0"]
    assert rows["Villain Challenge"] == ["59", "61", "0"] and rows["Promos"] == ["17", "17", "5"]
    assert rows["all sets"] == ["2029", "2031", "5"]


def test_stats_json_has_one_object_per_document_and_per_card_set():
    rows = json.loads(CliRunner().invoke(main, ["stats", "--json"]).output)
    sets = {row["set"]: row for row in rows if "set" in row}
    assert len(sets) == 17 and len(rows) == len({row["document"] for row in rows})
    assert sets["Canterlot Nights"] == {
        "document": "ccg/cards/canterlot-nights", "set": "Canterlot Nights",
        "set_id": "02aa7133-abea-493e-b28f-8178ba6a5d85",
        "path": "ccg/octgn/Sets/02aa7133-abea-493e-b28f-8178ba6a5d85/set.xml",
        "cards": 206, "printings": 206, "commented_out": 0}
    assert sum(row["printings"] for row in sets.values()) == 2031
    assert any(row["document"] == "ccg/3.4" for row in rows)
