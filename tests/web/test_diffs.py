"""The "what changed" pages (:mod:`rulebase.web.diffs`) through Flask's test
client: the editions diff with its filters, the renumbering map, a rule's
history and the quickstart conflicts."""

from __future__ import annotations

import csv
import html
import io
import re

import pytest

from rulebase import diff as differ
from rulebase import quickstart

DIFF = "/ccg/diff/earlier/3.4"


@pytest.fixture(scope="module")
def editions(rule_graph):
    return differ.diff_editions(rule_graph, "earlier", "3.4")


def fetch(client, url: str, status: int = 200) -> str:
    response = client.get(url)
    assert response.status_code == status, (url, response.status_code)
    return response.get_data(as_text=True)


def articles(text: str) -> list[str]:
    return re.findall(r'<article class="result diff-change diff-([a-z-]+)" id="([^"]+)"', text)


def test_the_index_links_to_the_editions_diff(client):
    text = fetch(client, "/ccg/diff")
    assert f'href="{DIFF}"' in text
    assert 'href="/ccg/quickstart-conflicts"' in text
    assert "nothing to compare" in fetch(client, "/tcg/diff")


def test_the_editions_page_shows_the_summary_then_the_changes(client, editions):
    text = fetch(client, DIFF)
    summary = editions.summary()
    for kind, count in summary["by_kind"].items():
        chip = rf'change-{kind.replace(" ", "-")}">{kind}</span> <span class="count">{count}</span>'
        # a kind no rule has is left out, the unchanged rules are counted in words
        assert bool(re.search(chip, text)) == bool(count and kind != "unchanged"), kind
    unchanged = summary["by_kind"]["unchanged"]
    changed = sum(summary["by_kind"].values()) - unchanged
    assert f"<strong>{changed}</strong> of {sum(summary['by_kind'].values())} rules changed" in text
    assert f'<a href="{DIFF}?kind=unchanged">{unchanged} unchanged</a>' in text
    assert text.index("Summary") < text.index("By section") < text.index('<article class="result diff-change')
    shown = articles(text)
    assert len(shown) == len(editions.select())
    assert Counter_of(shown) == {k.replace(" ", "-"): v for k, v in summary["by_kind"].items() if v and k != "unchanged"}


def Counter_of(shown):
    counts: dict[str, int] = {}
    for kind, _ in shown:
        counts[kind] = counts.get(kind, 0) + 1
    return counts


def test_changes_link_to_both_rules_and_the_links_work(client):
    text = fetch(client, DIFF)
    block = text[text.index('id="410.6"'):]
    block = block[:block.index("</article>")]
    assert 'href="/ccg/earlier/409.6"' in block and 'href="/ccg/3.4/410.6"' in block
    assert "renumbered" in block
    for url in ("/ccg/earlier/409.6", "/ccg/3.4/410.6", "/ccg/history/3.4/410.6"):
        assert client.get(url).status_code == 200, url


def test_changes_are_grouped_by_section(client):
    text = fetch(client, DIFF)
    sections = re.findall(r'<section class="diff-section" id="section-(\d+)"', text)
    assert "514" in sections and "410" in sections
    assert len(sections) == len(set(sections))  # one heading per section
    titles = [html.unescape(re.sub("<[^>]+>", "", title))
              for title in re.findall(r'<h2 id="section-[^"]+-title">(.*?)</h2>', text)]
    assert len(titles) == len(sections) and len(set(titles)) == len(titles)
    assert [int(number) for number in sections] == sorted(int(number) for number in sections)
    faceoffs = text[text.index('id="section-514"'):]
    faceoffs = faceoffs[:faceoffs.index("</section>")]
    assert {anchor for _, anchor in articles(faceoffs)} == {"514.2d", "514.2d.i", "514.2e", "514.5a", "514.5c", "514.6"}
    # a rule that left stands under the heading of its section, with the rules that stayed
    contradictions = text[text.index('id="section-104"'):]
    contradictions = contradictions[:contradictions.index("</section>")]
    assert {anchor for _, anchor in articles(contradictions)} == {"104.2a", "was-104.2b"}


def test_the_head_of_a_change_keeps_its_words_apart(client):
    """The pieces of a change's head line are separated by spaces, never
    glued ("102.5· history")."""
    text = fetch(client, f"{DIFF}?noise=1")
    heads = [html.unescape(re.sub(r"<[^>]+>", "", head)) for head in
             re.findall(r'<p class="diff-head">(.*?)</p>', text, re.DOTALL)]
    assert len(heads) == len(articles(text))
    assert "added not in earlier → 3.4 102.5 · history" in heads
    assert "unchanged earlier 105.3 → 3.4 105.3 punctuation · history" in heads
    for head in heads:
        assert not re.search(r"\S[·→]|[·→]\S", head), head


def test_the_sections_of_the_summary_are_one_list_that_opens(client, editions):
    text = fetch(client, DIFF)
    listed = text[text.index('<details class="diff-by-section">'):]
    listed = listed[:listed.index("</details>")]
    rows = re.findall(r'<li><a href="[^"]*\?section=(\d+)">', listed)
    changed = [s["section"] for s in editions.summary()["by_section"] if set(s["counts"]) - {"unchanged"}]
    assert rows == changed and len(rows) > 20
    assert "<details open" not in text  # closed until asked for
    assert f"<summary>By section: {len(rows)} sections changed</summary>" in listed


def test_the_kind_filter_is_a_plain_link(client, editions):
    text = fetch(client, DIFF)
    assert f'href="{DIFF}?kind=renumbered"' in text
    filtered = fetch(client, f"{DIFF}?kind=renumbered")
    shown = articles(filtered)
    assert shown and {kind for kind, _ in shown} == {"renumbered"}
    assert len(shown) == editions.summary()["by_kind"]["renumbered"]
    both = fetch(client, f"{DIFF}?kind=renumbered-and-reworded&section=7")
    assert {anchor for _, anchor in articles(both)} == {"705.2d", "705.2f"}


def test_the_section_filter_and_noise_switch(client):
    section = fetch(client, f"{DIFF}?section=515")
    assert {anchor for _, anchor in articles(section)} == {"515.1", "515.2", "was-515.2a", "was-515.2b"}
    assert f'href="{DIFF}?section=515&amp;noise=1"' in section
    quiet, loud = fetch(client, f"{DIFF}?section=105"), fetch(client, f"{DIFF}?section=105&noise=1")
    assert 'id="105.3"' not in quiet and 'id="105.3"' in loud
    noisy = loud[loud.index('id="105.3"'):]
    assert '<span class="badge" title="Conversion noise, not a change">punctuation</span>' in noisy[:2000]


def test_references_and_glossary_are_shown(client):
    text = fetch(client, DIFF)
    assert "Reference stale" in text and "(410.6) in 3.4" in text
    glossary = text[text.index('class="panel diff-glossary"'):]
    assert "Calming X" in glossary and "change-added" in glossary and "Caretaker" in glossary


@pytest.mark.parametrize("url,status,message", [
    ("/ccg/diff/earlier/3.9", 404, "no edition or document &#39;3.9&#39;"),
    ("/ccg/diff/3.4/official", 404, "no edition or document &#39;official&#39;"),
    ("/ccg/diff/3.4/3.4", 404, "the same document"),
    (f"{DIFF}?kind=moved", 400, "kind must be one of unchanged, reworded"),
    (f"{DIFF}?section=999", 404, "Neither edition has a chapter, section or rule &#39;999&#39;"),
    (f"{DIFF}?noise=yes", 400, "noise must be one of 0, 1"),
    ("/ccg/history/3.4/999.9", 404, "There is no rule &#39;999.9&#39;"),
])
def test_bad_addresses_say_what_is_wrong(client, url, status, message):
    assert message in fetch(client, url, status)


def test_hostile_arguments_are_refused_and_escaped(client):
    text = fetch(client, f"{DIFF}?section=%3Cscript%3Ealert(1)%3C/script%3E", 400)
    assert "<script>alert" not in text and "not a chapter, section or rule number" in text
    text = fetch(client, f"{DIFF}?kind=%22%3E%3Cimg%20src=x%3E", 400)
    assert "<img src=x>" not in text


def test_the_pages_have_no_inline_script(client):
    for url in (DIFF, f"{DIFF}?kind=added", "/ccg/quickstart-conflicts", "/ccg/history/3.4/410.6", "/ccg/diff"):
        text = fetch(client, url)
        scripts = re.findall(r"<script\b[^>]*>", text)
        assert all("src=" in tag for tag in scripts), url
        assert not re.search(r"\son[a-z]+=", text), url


def test_the_renumbering_map_downloads_as_csv(client, rule_graph):
    response = client.get(f"{DIFF}/map.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    rows = list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))
    assert len(rows) == len(rule_graph.nodes("rule", "ccg/earlier"))
    assert {"old": "409.6", "new": "410.6", "kind": "renumbered"} in rows


def test_a_rule_history_page(client):
    text = fetch(client, "/ccg/history/3.4/410.6")
    assert 'href="/ccg/earlier/409.6"' in text and "renumbered" in text and "created" in text
    assert 'class="this"' in text


def test_the_rule_pages_diff_links_land_on_a_change(client, rule_graph):
    """The rule pages link to ``/ccg/diff/<old>/<new>#<key>``: each such
    anchor is the id of a change on the diff page."""
    text = fetch(client, DIFF)
    ids = set(re.findall(r'\sid="([^"]+)"', text))
    for node in rule_graph.nodes("rule", "ccg/3.4"):
        if any(rule_graph.node(other)["document"] == "ccg/earlier" for other, _ in rule_graph.editions(node)):
            key = rule_graph.node(node)["key"]
            change = next(c for c in differ.diff_editions(rule_graph, "earlier", "3.4").changes if c.new == node)
            if change.kind != "unchanged":
                assert key in ids, key


def test_the_quickstart_conflicts_page(client, rule_graph):
    text = fetch(client, "/ccg/quickstart-conflicts")
    entries = quickstart.conflicts(rule_graph)
    assert text.count('<li class="result conflict"') == len(entries)
    for entry in entries:
        assert entry["topic"] in html.unescape(text)
    hrefs = set(re.findall(r'href="(/ccg/[^"#]+)', text))
    for url in sorted(hrefs)[:40]:
        assert client.get(url).status_code == 200, url
    assert "Where each section of the quickstart stands in the rules" in text
