"""The "How the engine reads this rule" part of a rule page: each
interpretation of the rule by its game's engine, and the words it reads
marked in the rule's text."""

from rulebase import interpretations
from rulebase.web.catalog import Catalog
from rulebase.web.static_export import file_name
from tests.web.conftest import Page
from tests.web.exported import exported  # noqa: F401  (fixture)


def part(html: str) -> str:
    start = html.index('id="readings"')
    return html[start:html.index("</section>", start)]


def rule_text(html: str) -> str:
    start = html.index('aria-current="page"')
    start = html.index('<div class="rule-text">', start)
    return html[start:html.index("</div>", start)]


def test_a_rule_with_interpretations_shows_each_with_the_words_it_reads(client, rule_graph):
    html = client.get("/tcg/404.7.0").get_data(as_text=True)
    shown = part(html)
    assert '<h2 id="readings-title">How the engine reads this rule</h2>' in shown
    assert "The MLP TCG reference engine reads these words" in shown
    entries = interpretations.interpretations_of(rule_graph, "tcg/official/404.7.0")
    page = Page(shown)
    assert [li["id"] for li in page.find("li")] == ["reading-1", "reading-2"]
    text = " ".join(" ".join(page.text).split())
    for entry in entries:
        assert f"“{entry.reads}”" in text and f"Reading: {entry.reading}" in text and f"Why: {entry.why}" in text
        assert f"Written in {entry.where}" in text
    assert "“Flip the opponent&#39;s Plan at the matching stage.”" in shown  # the rule's words escaped
    assert html.index('id="readings"') < html.index('id="proven-by"')


def test_the_words_read_are_marked_in_the_rule_text_with_a_link_to_their_reading(client):
    text = rule_text(client.get("/tcg/404.7.0").get_data(as_text=True))
    page = Page(text)
    assert len(page.find("mark", class_="reads")) == 2
    assert page.hrefs("reading-ref") == ["#reading-1", "#reading-2"]
    marked = text[text.index('<mark class="reads">'):text.index("</mark>")]
    assert " ".join(Page(marked).text) == "Flip  the opponent's  Plan  at the matching  stage ."
    assert 'class="term"' in marked  # the glossary links inside the marked words are kept
    assert "(how the engine reads these words: reading " in text  # said to a screen reader
    assert text.count("If it has a Preplan") == 1 and "<mark" not in text[text.index("If it has a Preplan"):
                                                                             text.index("</p>")]


def test_words_quoted_across_a_line_break_are_marked_in_the_text(client, tmp_path, monkeypatch):
    path = tmp_path / "interpretations.toml"
    path.write_text('[[interpretation]]\nrule = "404.6.0"\nreads = "the Turn\\n  Player may move"\n'
                    'reading = "r"\nwhy = "w"\n', encoding="utf-8")
    monkeypatch.setitem(interpretations.FILES, "tcg", str(path))
    text = rule_text(client.get("/tcg/404.6.0").get_data(as_text=True))
    marked = text[text.index('<mark class="reads">'):text.index("</mark>")]
    assert " ".join(" ".join(Page(marked).text).split()) == "the Turn Player may move"


def test_a_rule_without_interpretations_has_no_such_part(client):
    for path in ("/tcg/101.1.0", "/ccg/514.4c", "/ccg/earlier/409.6"):
        html = client.get(path).get_data(as_text=True)
        assert 'id="readings"' not in html and '<mark class="reads">' not in html, path


def test_the_api_gives_a_rules_interpretations(client):
    record = client.get("/api/rule/404.6.0?game=tcg").get_json()
    [entry] = record["interpretations"]
    assert entry["reads"] == "If the opponent has no Plan at the matching story stage"
    assert entry["rule"] == "404.6.0" and entry["game"] == "tcg" and entry["why"]
    assert client.get("/api/rule/514.4c").get_json()["interpretations"] == []


def test_the_static_copy_shows_them_too(exported, rule_graph):  # noqa: F811
    directory, _ = exported
    name = file_name(Catalog(rule_graph).url("tcg/official/404.7.0"))
    html = (directory / name).read_text(encoding="utf-8")
    assert "How the engine reads this rule" in part(html)
    assert '<a class="reading-ref" href="#reading-1">' in html
