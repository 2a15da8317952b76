"""The card errata pages: by set, by card, OLD and NEW side by side."""

from __future__ import annotations

from rulebase.graph import slug


def test_the_index_lists_every_set_and_card(client, page, site):
    parsed = page(client, "/ccg/errata")
    document = site.catalog.errata_document("ccg")
    sets = site.catalog.errata_sets(document)
    for name, nodes in sets.items():
        assert f"/ccg/errata/{slug(name)}" in parsed.hrefs()
        assert all("/" + node in parsed.hrefs() for node in nodes)
    assert page(client, "/ccg/ocr-7.2").all_text == parsed.all_text


def test_a_set_page_shows_each_entry_side_by_side(client, page, site):
    parsed = page(client, "/ccg/errata/premiere")
    document = site.catalog.errata_document("ccg")
    entries = site.catalog.errata_sets(document)["Premiere"]
    assert len(parsed.find("article", class_="erratum")) == len(entries)
    assert parsed.find("div", class_="side-old") and parsed.find("div", class_="side-new")


def test_an_erratum_shows_computed_changes_and_the_publishers_marks_apart(client):
    body = client.get("/ccg/ocr-7.2/premiere/duck-and-cover").get_data(as_text=True)
    assert '<mark class="diff"><u class="pub-insert">After</u></mark>' in body
    assert '<mark class="diff">Play when</mark>' in body
    assert "Faceoff Reaction" not in body.split('class="side side-new"')[1].split("</div>")[0]


def test_words_struck_out_of_a_corrected_wording_are_listed(client):
    body = client.get("/ccg/ocr-7.2/premiere/what-went-wrong").get_data(as_text=True)
    assert "Struck out by the publisher" in body and '<s class="pub-delete">power</s>' in body


def test_a_card_page(client, page, rule_graph):
    parsed = page(client, "/ccg/card/duck-and-cover")
    assert "/ccg/ocr-7.2/premiere/duck-and-cover" in parsed.hrefs()
    assert rule_graph.errata_of("card/ccg/duck-and-cover")


def test_non_text_changes(client, page):
    assert "Added" in page(client, "/ccg/ocr-7.2/premiere/ahuizotl").all_text


def test_unknown_sets_cards_and_games(client, page):
    for url, says in [("/ccg/errata/nope", "no set 'nope'"),
                      ("/ccg/card/no-such-card-xyz", "no card 'no-such-card-xyz'"),  # (Nope is a card)
                      ("/tcg/errata", "no card errata for the TCG"), ("/ccg/card/%3Cscript%3E", "no card '<script>'")]:
        assert says in page(client, url, 404).all_text, url
        assert b"<script>" not in client.get(url).data


def test_errata_are_named_as_the_card_data_names_their_cards(client, page, site):
    """With the comma between title and subtitle that the errata document
    leaves out, on the index, the set pages, an erratum's page, the API, the
    search results and the links to an erratum."""
    index = page(client, "/ccg/errata")
    assert "Rarity, Dazzling Fashionista" in index.all_text and "Rarity Dazzling Fashionista" not in index.all_text
    assert "Gyro, Poindexter" in index.all_text and "Pointdexter" not in index.all_text
    premiere = page(client, "/ccg/errata/premiere")
    assert "Twilight Sparkle, Faithful Student" in premiere.all_text
    node = "/ccg/ocr-7.2/canterlot-nights/pinkie-pie-clonie-pie"
    erratum = client.get(node).get_data(as_text=True)
    assert "<h1>Pinkie Pie, Clonie Pie</h1>" in erratum and "<title>Pinkie Pie, Clonie Pie —" in erratum
    assert "Pinkie Pie Clonie Pie" in erratum  # the entry as printed is still shown as printed
    assert site.catalog.label(node.lstrip("/")) == "Pinkie Pie, Clonie Pie"
    rows = client.get("/api/errata?set=Canterlot Nights").get_json()["errata"]
    assert [row["card"] for row in rows if row["id"] == node.lstrip("/")] == ["Pinkie Pie, Clonie Pie"]
    results = site.search.results("Clonie Pie reaction flip", game="ccg", limit=10)
    named = [result.title for result in results if result.id == node.lstrip("/")]
    assert named == ["Pinkie Pie, Clonie Pie"]
