"""The card pages (/ccg/card/<id>) and their record in the API
(/api/card/ccg/<id>): every card has a page, a few read exactly."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

from rulebase.cards.record import card_record
from rulebase.errata import card_texts

VOID = {"br", "img", "input", "link", "meta", "hr", "wbr", "source", "area", "col", "base", "embed", "track"}
BLOCK = {"p", "div", "li", "dt", "dd", "td", "th", "tr", "h1", "h2", "h3", "section", "pre"}


class Elements(HTMLParser):
    """The text and attributes of every element of a page that has a class:
    ``by_class[cls]`` is a list of ``(text, attributes)`` in document order,
    the text with its spacing normalised and a space between blocks."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.stack: list[list] = []
        self.by_class: dict[str, list[tuple[str, dict]]] = {}
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        if tag in VOID:
            return
        self.stack.append([tag, dict(attrs), []])

    def handle_endtag(self, tag):
        while self.stack:
            name, attrs, parts = self.stack.pop()
            text = "".join(parts)
            if self.stack:
                self.stack[-1][2].append(f" {text} " if name in BLOCK else text)
            for cls in (attrs.get("class") or "").split():
                self.by_class.setdefault(cls, []).append((" ".join(text.split()), attrs))
            if name == tag:
                return

    def handle_data(self, data):
        if self.stack:
            self.stack[-1][2].append(data)

    def texts(self, cls: str) -> list[str]:
        return [text for text, _ in self.by_class.get(cls, [])]

    def links(self, cls: str) -> list[tuple[str, str, str | None]]:
        """``(text, href, data-tip)`` of every element of class ``cls`` (links)."""
        return [(text, attrs.get("href"), attrs.get("data-tip")) for text, attrs in self.by_class.get(cls, [])]


def card_page(client, key: str) -> tuple[str, Elements]:
    response = client.get(f"/ccg/card/{key}")
    assert response.status_code == 200, key
    html = response.get_data(as_text=True)
    return html, Elements(html)


def glossary_tip(site, entry: str) -> str:
    return site.catalog.short_text(entry, 300)


def test_every_card_has_a_page(client, site):
    nodes = site.graph.nodes("card")
    assert len(nodes) == 2029
    failed = [node for node in nodes if client.get(site.catalog.url(node)).status_code != 200]
    assert failed == []
    # a second request of a page is served from the cache of rendered pages
    assert client.get(site.catalog.url(nodes[0])).status_code == 200


def test_a_friend_with_keywords_links_each_to_its_glossary_entry(client, site):
    _, page = card_page(client, "pie-sisters-two-of-a-kind")
    assert page.texts("card-name") == ["Pie Sisters, Two of a Kind"]
    assert page.texts("card-subtitle") == [", Two of a Kind"]
    assert page.texts("card-type") == ["Friend"]
    assert page.texts("card-colors") == ["orange"]
    assert page.texts("card-cost") == ["4"] and page.texts("card-power") == ["3"]
    assert page.texts("card-requirement") == ["1 orange"]
    assert page.texts("card-traits") == ["Earth Pony"]
    keywords = [link for link in page.links("term") if link[0] in ("Stubborn", "Random")]
    assert keywords == [("Stubborn", "/ccg/3.4/glossary/stubborn", glossary_tip(site, "ccg/3.4/glossary/stubborn")),
                        ("Random", "/ccg/3.4/glossary/random", glossary_tip(site, "ccg/3.4/glossary/random"))]
    assert "While exhausted" in keywords[0][2]
    assert page.texts("text-state") == ["The text shown: as printed."]


def test_a_mane_character_shows_both_sides(client, site):
    html, page = card_page(client, "rainbow-dash-flier-extraordinaire")
    assert page.texts("card-type") == ["Mane Character", "Mane Character Boosted"]
    assert page.texts("card-power") == ["1", "3"]
    assert page.texts("card-home-limit") == ["3", "4"]
    assert [text for text in page.texts("side-label") if "side" in text.lower() or text == "Front"] == \
        ["Front", "Boosted side"]
    front, boosted = page.texts("card-text")
    assert front.startswith("When you confront this card's Problem") and "Swift" not in front
    assert boosted.startswith("Swift When you move this card from home to a Problem")
    assert '<p><a class="term" href="/ccg/3.4/glossary/swift"' in html  # the keyword line, a paragraph of its own
    assert ("Swift", "/ccg/3.4/glossary/swift", glossary_tip(site, "ccg/3.4/glossary/swift")) in page.links("term")
    assert ("Home limit", "/ccg/3.4/glossary/home-limit", glossary_tip(site, "ccg/3.4/glossary/home-limit")) \
        in page.links("term")


def test_a_problem_shows_its_requirements_and_bonus(client):
    _, page = card_page(client, "a-thorn-in-his-paw")
    assert page.texts("card-type") == ["Problem"]
    assert page.texts("card-owner-needs") == ["4 yellow, 3 not yellow"]
    assert page.texts("card-opponent-needs") == ["8"]
    assert page.texts("card-bonus") == ["3"]
    assert page.texts("card-power") == [] and page.texts("card-cost") == []
    assert ("Starting Problem", "/ccg/3.4/glossary/starting-problem") in [link[:2] for link in page.links("term")]


def test_a_banned_card_is_not_legal_in_harmony_since_its_date(client, site):
    html, page = card_page(client, "rainbowshine-cloud-wrangler")
    verdicts = page.texts("verdict")
    why = page.links("why")
    assert verdicts == ["Not legal", "Not legal", "Not legal", "Legal"]
    assert [text for text, _, _ in why] == [
        "banned since 30 January 2015 (Harmony banlist: Premiere #16)",
        "banned since 30 January 2015 (Harmony banlist: Premiere #16)",
        "in no set of the Odyssey block (printed in Premier)",
        "Limited Deck Construction"]
    assert 'href="/ccg/tfr-2.3#harmony-constructed">banned since 30 January 2015' in html
    assert 'href="/ccg/tfr-2.3#block-constructed">in no set of the Odyssey block' in html
    assert page.texts("badge-banned") == ["banned in Harmony"]


def test_a_card_whose_erratum_changes_its_text_shows_the_word_diff(client, site):
    html, page = card_page(client, "octavia-serious-musician")
    erratum = "/ccg/ocr-7.2/the-crystal-games/octavia-serious-musician"
    assert page.texts("text-state") == ["The text shown: with its erratum applied."]
    assert f'<a href="{erratum}">with its erratum applied</a>' in html
    assert page.texts("text-held") == ["The card data holds the printed text."]
    assert '<del class="diff-delete">your</del>' in html
    assert "<ins class=\"diff-insert\"><mark>its owner&#39;s</mark></ins>" in html
    assert "put this card into its owner's hand" in page.texts("card-text")[0]
    assert f'<a href="{erratum}">Octavia, Serious Musician</a>' in html  # its errata entry, named as the card data names it
    assert 'href="/ccg/card/octavia-serious-musician"' not in html.split('class="card-errata"')[1]  # not itself
    # the erratum's entry as the errata pages show it, OLD and NEW side by side
    assert page.by_class.get("side-old") and page.by_class.get("side-new")
    # and the erratum's own page links back to the card
    assert 'href="/ccg/card/octavia-serious-musician"' in client.get(erratum).get_data(as_text=True)


def test_a_card_whose_data_already_holds_the_correction_says_so(client, site):
    html, page = card_page(client, "duck-and-cover")
    texts = card_texts("duck-and-cover", site.graph)
    assert page.texts("text-state") == ["The text shown: the card data already holds the corrected text."]
    assert page.texts("text-held") == ["The card data holds the current text."]
    assert "/ccg/ocr-7.2/premiere/duck-and-cover" in html
    # both texts, the current one marked as the data's, and the word diff from the printed one
    assert page.texts("text-printed") == [" ".join(texts.printed.split())]
    assert page.texts("text-current") == [" ".join(texts.current.split())]
    assert page.texts("card-text-current")[0].startswith("Current text (the card data's)")
    assert page.texts("card-text-printed")[0].startswith("Printed text Faceoff")
    assert page.texts("diff-text")


def test_a_card_whose_text_is_unknown_says_why(client, site):
    unknown = next(node for node in site.graph.nodes("card") if site.graph.errata_of(node)
                   and card_record(site.graph, node)["current"]["held"] == "unknown")
    _, page = card_page(client, site.graph.node(unknown)["key"])
    (state,) = page.texts("text-state")
    assert state.startswith("The text shown: unknown: ") and len(state) > 40
    assert page.texts("text-held") == ["A change can't be located in the card's text: the printed text is not known."]
    assert page.texts("text-printed") == [] and page.texts("diff-text") == []


UNMARKED = ["trading-traditions", "pile-of-presents", "sunset-shimmer", "its-a-twister", "marvelous-chapeau",
            "pearly-stitch-crotchety-crocheter"]
"""Cards whose erratum is a corrected wording with no change marked and no OLD text."""


@pytest.mark.parametrize("key", UNMARKED)
def test_a_card_whose_erratum_is_an_unmarked_wording_shows_its_current_text(client, site, key):
    texts = card_texts(key, site.graph)
    data = site.graph.card(f"card/ccg/{key}")
    html, page = card_page(client, key)
    assert page.texts("text-state") == ["The text shown: with its erratum applied."]
    assert page.texts("text-held") == ["The card data holds the printed text."]
    assert "text-state-unknown" not in html
    shown = page.texts("card-text")[0]
    assert shown == " ".join(texts.current.split()) and shown != " ".join(data.text.split())
    wording = next(change for change in texts.changes if change.source == "wording" and change.old)
    assert " ".join(wording.new.split()) in shown
    assert page.texts("text-printed") == [" ".join(data.text.split())]
    assert page.texts("text-current") == [shown]
    assert page.texts("card-text-printed")[0].startswith("Printed text (the card data's)")
    assert page.by_class.get("diff-insert")
    notes = page.texts("text-note")
    assert notes and notes[0].startswith("The erratum gives no OLD and marks no change")


def test_a_card_without_an_erratum_shows_one_text(client):
    _, page = card_page(client, "pie-sisters-two-of-a-kind")
    assert page.texts("text-held") == [] and page.texts("text-printed") == [] and page.texts("diff-text") == []


def test_a_multicolor_card(client):
    _, page = card_page(client, "shining-armor-bastion-brother")
    assert page.texts("card-colors") == ["blue purple (multicolor)"]
    assert page.texts("color") == ["blue", "purple"]
    assert page.texts("verdict") == ["Legal", "Not legal", "Legal", "Legal"]


def test_printings_list_set_number_and_rarity(client):
    html, page = card_page(client, "octavia-serious-musician")
    assert (page.texts("printing-set"), page.texts("printing-number"), page.texts("printing-rarity")) == \
        (["Promos"], ["CGpf6"], ["P"])
    assert 'href="/ccg/cards?q=set%3A%22Promos%22"' in html


@pytest.mark.parametrize("key", ["pie-sisters-two-of-a-kind", "rainbow-dash-flier-extraordinaire", "a-thorn-in-his-paw",
                                 "rainbowshine-cloud-wrangler", "octavia-serious-musician",
                                 "shining-armor-bastion-brother"])
def test_the_api_record_is_what_the_page_shows(client, site, key):
    record = client.get(f"/api/card/ccg/{key}").get_json()
    node = f"card/ccg/{key}"
    assert {**card_record(site.graph, node), "url": f"/ccg/card/{key}"} == record
    _, page = card_page(client, key)
    sides = [record] + ([record["boosted"]] if record["boosted"] else [])
    assert page.texts("card-name") == [record["name"] + (f", {record['subtitle']}" if record["subtitle"] else "")]
    assert page.texts("card-type") == [side["type"] for side in sides]
    assert page.texts("card-power") == [str(side["power"]) for side in sides if side["power"] is not None]
    assert page.texts("card-traits") == [", ".join(side["traits"]) for side in sides if side["traits"]]
    assert page.texts("card-keywords") == [", ".join(k["text"] for k in side["keywords"]) for side in sides
                                           if side["keywords"]]
    assert page.texts("verdict") == ["Legal" if row["legal"] else "Not legal" for row in record["legality"]]
    assert [text for text, _, _ in page.links("why")] == [row["section"] if row["legal"] else row["summary"]
                                                          for row in record["legality"]]
    assert page.texts("text-state")[0] == f"The text shown: {record['current']['label']}."
    shown = " ".join(page.texts("card-text"))
    assert " ".join(record["current"]["text"].split()) in shown
    assert [(p["set_name"], p["number"], p["rarity"]) for p in record["printings"]] == \
        list(zip(page.texts("printing-set"), page.texts("printing-number"), page.texts("printing-rarity")))


def test_the_errata_index_links_each_card_page(client, site):
    html = client.get("/ccg/errata").get_data(as_text=True)
    cards = {site.graph.card_of(node) for node in site.graph.nodes("erratum")
             if site.graph.node(node)["document"] == site.catalog.errata_document("ccg")} - {None}
    assert cards and all(f'href="{site.catalog.url(card)}"' in html for card in cards)


HOSTILE = ["no-such-card", "<script>alert(1)</script>", "a" * 3000, "..%2f..%2fetc%2fpasswd", "%00", "caf%C3%A9",
           "rainbowshine-cloud-wrangle", "%F0%9F%90%B4", "'%20OR%201=1"]


@pytest.mark.parametrize("key", HOSTILE)
def test_hostile_ids_are_a_404_with_suggestions(client, key):
    response = client.get("/ccg/card/" + key)
    assert response.status_code == 404
    body = response.get_data(as_text=True)
    # A near miss is offered the card it misses; nothing unrelated is offered.
    assert ("Perhaps you meant" in body) == (key == "rainbowshine-cloud-wrangle") and "<script>alert" not in body
    api = client.get("/api/card/ccg/" + key)
    assert api.status_code == 404 and api.is_json and "suggestions" in api.get_json()
    assert client.get("/tcg/card/" + key).status_code == 404


def test_a_card_name_written_otherwise_is_a_redirect_to_its_page(client):
    for written in ["Duck-And-Cover", "Rainbow%20Dash,%20Flier%20Extraordinaire", "duck_and_cover"]:
        response = client.get("/ccg/card/" + written)
        assert (response.status_code, response.location) == (301, "/ccg/card/" + ("rainbow-dash-flier-extraordinaire"
                                                                                  if "Rainbow" in written else
                                                                                  "duck-and-cover")), written
    assert client.get("/ccg/card/nope").status_code == 200  # Nope is a card


def test_a_near_miss_suggests_the_card(client):
    """The 404 page's suggestions hold card nodes (no document) without failing."""
    body = client.get("/ccg/card/rainbowshine-cloud-wrangle").get_data(as_text=True)
    assert 'href="/ccg/card/rainbowshine-cloud-wrangler"' in body and "card data" in body
