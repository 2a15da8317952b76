"""Tests of :mod:`rulebase.errata`: every entry of the card errata as a
record, the publisher's marks placed in its texts, the computed word diff
kept apart from them, the view the site shows and ``rulebase errata``."""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import replace

import pytest
from click.testing import CliRunner

from rulebase import errata as card_errata
from rulebase import paths
from rulebase.cards.model import Card
from rulebase.cli import main
from rulebase.errata import (
    TextChange,
    UnknownCardError,
    card_texts,
    check_lines,
    errata_records,
    errata_texts,
    erratum_view,
    record_view,
    texts_under,
    texts_view,
)
from rulebase.pairing import signature


def joined(segments, *ops):
    return "".join(s["text"] for s in segments if s["op"] in ops)


def apart(segments, op):
    """The texts of the segments of one kind, kept apart by spaces."""
    return " ".join(s["text"] for s in segments if s["op"] == op)


def _text(paragraphs):
    return "\n".join("".join(p.text for p in paragraph) for paragraph in paragraphs)


# -- records ------------------------------------------------------------------------------------

ERRATA_FILE = "ccg/comprehensive-rules-v3.4-with-errata-limited-tournament.md"
_SET_LINE = re.compile(r"^[A-Z][^\t\"“<~]*$")


def _count_entries_in_source() -> int:
    """The entries of the errata chapter counted straight from the file: the
    table rows (a line with a tab that is not a dash row) and the block
    entries (a run of OLD/NEW/quoted lines after a name)."""
    lines = (paths.CORPUS / ERRATA_FILE).read_text(encoding="utf-8").split("\n")
    start = lines.index("10. My Little Pony CCG Card Errata")
    end = lines.index("11. My Little Pony CCG Limited Play")
    count, in_block = 0, False
    for line in lines[start + 1:end]:
        if not line.strip():
            continue
        body = line.startswith(("OLD:", "NEW:", '"', "“"))
        if "\t" in line:
            count += not re.match(r"^-+\s*\t", line)
            in_block = False
        elif body:
            count += not in_block
            in_block = True
        else:
            in_block = False
    return count


@pytest.fixture(scope="module")
def errata(rule_graph):
    return errata_records(rule_graph)


def test_no_erratum_is_dropped(errata):
    assert len(errata) == _count_entries_in_source() == 70
    assert len({record["id"] for record in errata}) == len(errata)


def test_publisher_marks_are_placed_in_every_text(errata):
    for record in errata:
        passages = [*record["texts"], *([record["new"]] if record["new"] is not None else [])]
        marked = [*record["publisher"]["texts"], *([record["publisher"]["new"]] if record["new"] is not None else [])]
        for text, segments in zip(passages, marked, strict=True):
            assert "".join(s["text"] for s in segments if s["in_text"]) == text, record["id"]
        placed = [(s["mark"], s["text"]) for segments in marked for s in segments if s["mark"]]
        assert placed == [(m["kind"], m["text"]) for m in record["marks"]["new"]], record["id"]
        if record["old"] is not None:
            segments = record["publisher"]["old"]
            assert "".join(s["text"] for s in segments) == record["old"]
            assert [(s["mark"], s["text"]) for s in segments if s["mark"]] == \
                [(m["kind"], m["text"]) for m in record["marks"]["old"]]


def test_every_entry_shape(errata):
    shapes = Counter(record["shape"] for record in errata)
    assert shapes == {"old+new+insert": 38, "text+insert": 11, "text": 5, "change": 4, "old+new+delete": 3,
                      "old+new+text+break+insert": 2, "texts": 1, "text+break": 1, "text+break+insert": 1,
                      "old+new+break+insert": 1, "old+new+insert+change": 1, "old+new": 1, "text+delete": 1}
    for record in errata:
        if record["old"] is not None and record["new"] is not None:
            assert record["diff_by"] == "computed"
            assert joined(record["diff"], "equal", "insert") == record["new"]
        elif any(s["mark"] in ("insert", "delete") for t in record["publisher"]["texts"] for s in t):
            assert record["diff_by"] == "publisher"
        else:
            assert record["diff"] == [] and record["diff_by"] is None


def _record(errata, name):
    return next(record for record in errata if record["name"] == name)


def test_old_and_new_with_underlined_words(errata):
    record = _record(errata, "Starlight Glimmer, Chrono Trigger")
    assert joined(record["diff"], "delete") == "a card is"
    assert joined(record["diff"], "insert") == "one or more cards are"
    assert [s["text"] for s in record["publisher"]["new"] if s["mark"] == "insert"] == ["one or more cards are"]


def test_struck_words_of_the_old_text(errata):
    record = _record(errata, "Wild Manticore")
    assert [s["text"] for s in record["publisher"]["old"] if s["mark"] == "delete"] == [
        "against", "the challenger's opponent"]
    assert "involving" in joined(record["diff"], "insert")


def test_corrected_text_with_underlined_words_only(errata):
    record = _record(errata, "Tantabus, Night Terror")
    assert record["diff"] == [{"op": "equal", "text": "Chaos: "}, {"op": "insert", "text": "When this card is flipped"},
                              {"op": "equal", "text": ", all players lose their action tokens."}]


def test_struck_words_of_a_corrected_text_stand_where_they_were(errata):
    record = _record(errata, "What Went Wrong?")
    segments = record["publisher"]["texts"][0]
    struck = [(s["text"], segments[i + 1]["text"][:10]) for i, s in enumerate(segments) if s["mark"] == "delete"]
    assert struck == [("Faceoff", "Reaction: "), ("Play", "after your"), ("power", "and flips ")]
    assert all(not s["in_text"] for s in segments if s["mark"] == "delete")


def test_paragraph_breaks_and_two_texts(errata):
    record = _record(errata, "The Element of Kindness, Sharing Kindness")
    assert [s["mark"] for s in record["publisher"]["texts"][0] if s["mark"]] == ["break"]
    assert [s["text"] for s in record["publisher"]["new"] if s["mark"]] == ["counter"]
    goof = _record(errata, "Goof Off")
    assert [(s["mark"], s["text"]) for s in goof["publisher"]["texts"][0] if s["mark"]] == [
        ("break", "\n"), ("insert", "Main Phase:")]
    trait = _record(errata, "Ahuizotl")
    assert trait["changes"] == ["Added “Epic” trait."] and trait["diff"] == []


def test_errata_of_one_card_or_set(rule_graph, errata):
    assert [r["name"] for r in errata_records(rule_graph, "duck and cover")] == ["Duck and Cover"]
    assert [r["name"] for r in errata_records(rule_graph, "card/ccg/duck-and-cover")] == ["Duck and Cover"]
    twilight = {r["name"] for r in errata_records(rule_graph, "Twilight Sparkle")}
    assert twilight == {"Twilight Sparkle, Faithful Student", "Twilight Sparkle, Ursa Vanquisher"}
    premiere = errata_records(rule_graph, set_name="premiere")
    assert len(premiere) == sum(r["set"] == "Premiere" for r in errata) == 38
    assert [r["name"] for r in errata_records(rule_graph, "Timberwolf", set_name="Premiere")] == ["Timberwolf"]
    with pytest.raises(UnknownCardError, match="no card 'Duck and Covr' in the card errata; the closest are Duck and Cover"):
        errata_records(rule_graph, "Duck and Covr")
    with pytest.raises(UnknownCardError, match="no set 'Premier League'"):
        errata_records(rule_graph, set_name="Premier League")
    with pytest.raises(UnknownCardError):
        card_errata.erratum_record(rule_graph, "ccg/3.4/514.4c")


# -- the view: the computed changes and the publisher's marks in pieces ----------------------------


def test_identical_texts_have_no_changes():
    view = texts_view("Same words.", "Same words.", [], [])
    assert not any(p.changed for paragraph in view.old + view.new for p in paragraph)


def test_the_sides_keep_their_text():
    view = texts_view("a b\nc d", "a x\nc d", [], [])
    assert _text(view.old) == "a b\nc d" and _text(view.new) == "a x\nc d"
    assert len(view.new) == 2


def test_publisher_marks_are_placed_in_order():
    view = texts_view(None, "you may look, you may", [], [("insert", "you may"), ("insert", "you may")])
    marked = [p for p in view.new[0] if p.mark == "insert"]
    assert [p.text for p in marked] == ["you may", "you may"]
    assert not any(p.changed for p in view.new[0])  # nothing to compare with


def test_struck_words_of_a_corrected_wording(rule_graph):
    view = erratum_view(rule_graph, "ccg/ocr-7.2/premiere/what-went-wrong")
    assert view.struck == ["Faceoff", "Play", "power"] and view.texts and not view.new


def test_old_side_keeps_the_struck_words_as_marks(rule_graph):
    view = erratum_view(rule_graph, "ccg/ocr-7.2/premiere/wild-manticore")
    struck = [p.text for p in view.old[0] if p.mark == "delete"]
    assert struck == ["against", "the challenger's opponent"]
    assert all(p.changed for p in view.old[0] if p.mark == "delete")


def test_every_erratum_of_the_corpus_keeps_its_texts(rule_graph):
    for node in rule_graph.nodes("erratum"):
        data = rule_graph.node(node)
        view = erratum_view(rule_graph, node)
        if data["old"] is not None:
            assert _text(view.old) == data["old"]
        if data["new"] is not None:
            assert _text(view.new) == data["new"]
        assert [_text(t) for t in view.texts] == data["texts"]
        inserted = [text for kind, text in data["new_marks"] if kind == "insert"]
        placed = [p.text for side in [view.new, *view.texts] for paragraph in side for p in paragraph if p.mark]
        assert "".join(placed).replace(" ", "") == "".join(inserted).replace(" ", ""), node


def test_the_view_highlights_what_the_word_diff_changes(errata):
    computed = [record for record in errata if record["diff_by"] == "computed"]
    assert computed
    for record in computed:
        view = record_view(record)
        for side, op in ((view.old, "delete"), (view.new, "insert")):
            changed = " ".join(p.text for paragraph in side for p in paragraph if p.changed)
            assert signature(changed) == signature(apart(record["diff"], op)), record["id"]
    for record in errata:
        if record["diff_by"] != "computed":
            view = record_view(record)
            assert not any(p.changed for side in [view.old, view.new, *view.texts] for par in side for p in par)


# -- command line ----------------------------------------------------------------------------------


@pytest.fixture
def run():
    runner = CliRunner()
    return lambda *args: runner.invoke(main, list(args), catch_exceptions=False)


def test_cli_errata(run):
    output = run("errata", "Duck and Cover").output
    assert "OLD: Faceoff Reaction: Play when you flip a card." in output
    assert "Word diff:" in output and "Publisher's marks: underlined 'After'" in output
    records = json.loads(run("errata", "--set", "Canterlot Nights", "--json").output)
    assert len(records) == 13 and {r["set"] for r in records} == {"Canterlot Nights"}
    assert len(json.loads(run("errata", "--json").output)) == 70



@pytest.mark.parametrize("args,message", [
    (("errata", "No Such Card"), "Error: no card 'No Such Card' in the card errata"),
    (("errata", "--set", "Nowhere"), "Error: no set 'Nowhere' in the card errata"),
])
def test_cli_errors_are_one_line(run, args, message):
    result = run(*args)
    assert result.exit_code == 1
    assert result.output.startswith(message) and result.output.count("\n") == 1
    assert "Traceback" not in result.output


def test_errata_are_found_by_the_names_the_card_data_gives(rule_graph):
    found = errata_records(rule_graph, "Kitchen au Flambé")
    assert [r["id"] for r in found] == ["ccg/ocr-7.2/premiere/kitchen-au-flam"]
    assert [r["card"] for r in errata_records(rule_graph, "Gyro, Poindexter")] == ["card/ccg/gyro-poindexter"]


def test_an_erratum_is_named_as_the_card_data_names_its_card(rule_graph, errata):
    """The errata print "Rarity Truly Outrageous"-style names, without the
    comma between title and subtitle; the card data knows the comma (and
    the right spelling), so every erratum is named by its card's name."""
    for record in errata:
        card = record["card"]
        assert card is not None, record["id"]
        assert record["name"] == rule_graph.node(card)["title"] == card_errata.erratum_name(rule_graph, record["id"])
    starlight = _record(errata, "Starlight Glimmer, Chrono Trigger")
    assert starlight["printed_name"] == "Starlight Glimmer Chrono Trigger"
    assert (starlight["title"], starlight["subtitle"]) == ("Starlight Glimmer", "Chrono Trigger")
    gyro = _record(errata, "Gyro, Poindexter")  # the subtitle the errata misspell
    assert gyro["printed_name"] == "Gyro Pointdexter"
    assert _record(errata, "Kitchen au Flambé")["printed_name"] == "Kitchen au Flam\ufffd\ufffd"
    assert sum("," in record["name"] for record in errata) > 40
    # found by either name
    assert [r["id"] for r in errata_records(rule_graph, "Gyro Pointdexter")] == [gyro["id"]]
    assert [r["id"] for r in errata_records(rule_graph, "starlight glimmer, chrono trigger")] == [starlight["id"]]


def test_without_card_data_an_erratum_keeps_the_name_the_errata_print(parts):
    from rulebase.graph import build

    bare = build(list(parts.values()), None)
    node = "ccg/ocr-7.2/marks-in-time/starlight-glimmer-chrono-trigger"
    assert card_errata.erratum_name(bare, node) == "Starlight Glimmer Chrono Trigger"
    assert card_errata.erratum_record(bare, node)["name"] == "Starlight Glimmer Chrono Trigger"


def test_the_command_names_an_erratum_as_the_card_data_does(run):
    result = run("errata", "Gyro")
    assert result.exit_code == 0
    assert result.output.startswith("Gyro, Poindexter  (Premiere)  [ccg/ocr-7.2/premiere/gyro-pointdexter]")
    shown = run("show", "ccg/ocr-7.2/premiere/gyro-pointdexter")
    assert shown.exit_code == 0
    assert shown.output.startswith("Gyro, Poindexter    [ccg/ocr-7.2/premiere/gyro-pointdexter]")


# -- a card's printed and current texts ----------------------------------------------------------

@pytest.fixture(scope="module")
def all_texts(rule_graph):
    return errata_texts(rule_graph)


def _holding(record, texts, printed: bool):
    """The card ``record`` as if its data held its printed (or current) text."""
    front, boosted = texts.text(printed)
    card = replace(record, text=front)
    return replace(card, boosted=replace(record.boosted, text=boosted)) if record.boosted else card


def test_the_printed_text_is_undone_where_the_data_holds_the_corrected_text(rule_graph):
    texts = card_texts("duck-and-cover", rule_graph)
    assert texts.held == "current" and texts.known and texts.differ
    assert texts.current == rule_graph.card("card/ccg/duck-and-cover").text
    assert texts.printed == "Faceoff Reaction: Play when you flip a card. Ignore that card's power and flip a new card."


def test_the_current_text_is_applied_where_the_data_holds_the_printed_text(rule_graph):
    texts = card_texts("octavia-serious-musician", rule_graph)
    assert texts.held == "printed"
    assert texts.printed == rule_graph.card("card/ccg/octavia-serious-musician").text
    assert "put this card into its owner's hand to send" in texts.current
    assert "put this card into your hand to send" in texts.printed


def test_the_boosted_side_keeps_its_own_change(rule_graph):
    texts = card_texts("princess-celestia-hoof-shaker", rule_graph)
    assert texts.printed == texts.current  # the front is not changed
    assert texts.printed_boosted.startswith("If one of your Friends would be dismissed")
    assert texts.current_boosted.startswith("At the end of your turn")


def test_a_card_without_an_erratum_has_one_text(rule_graph):
    card = rule_graph.card("card/ccg/applejack-farm-foremare")
    texts = card_texts(card, rule_graph)
    assert texts.erratum is None and texts.held == "both" and texts.printed == texts.current == card.text


def test_an_unknown_card_is_a_key_error(rule_graph):
    with pytest.raises(KeyError, match="no-such-card"):
        card_texts("no-such-card", rule_graph)


def test_every_erratum_round_trips_both_ways(rule_graph, all_texts):
    """Whichever text the card data held, the other is found from it: from
    the printed text the erratum gives the same current text, and from the
    current text the same printed text.  A corrected wording the erratum
    gives without OLD and without marks says nothing of the printed words:
    from the current text, its change is reported not located."""
    known = [(record, texts) for record, texts in all_texts if texts is not None and texts.known]
    assert len(known) == 68
    unmarked = 0
    for record, texts in known:
        card = rule_graph.card(record["card"])
        data = rule_graph.node(record["id"])
        for printed in (True, False):
            again = texts_under(_holding(card, texts, printed), record["id"], data)
            if not printed and any(change.source == "wording" and change.held != "both" for change in texts.changes):
                unmarked += 1
                assert not again.known and "no change marked" in again.unlocated()[0].note, record["id"]
                continue
            assert (again.printed, again.printed_boosted) == (texts.printed, texts.printed_boosted), record["id"]
            assert (again.current, again.current_boosted) == (texts.current, texts.current_boosted), record["id"]
            held = {change.held for change in again.changes if change.source != "information"} - {"both"}
            assert held <= {"printed" if printed else "current"}, (record["id"], held)
    assert unmarked == 6


def test_the_card_data_holds_the_corrected_text_of_most_errata(all_texts):
    held = Counter(texts.held for _, texts in all_texts)
    assert held == {"current": 56, "printed": 7, "both": 5, "unknown": 2}
    assert all(texts.differ for _, texts in all_texts if texts.held in ("current", "printed"))
    assert not any(texts.differ for _, texts in all_texts if texts.held == "both")


def test_every_change_not_located_says_why(all_texts):
    unlocated = {record["name"]: texts.unlocated() for record, texts in all_texts if not texts.known}
    assert set(unlocated) == {"Daisy, Mousy Mare", "What Went Wrong?"}
    assert unlocated["Daisy, Mousy Mare"][0].note == "neither OLD nor NEW is in the card's text"
    assert unlocated["What Went Wrong?"][0].source == "marks" and unlocated["What Went Wrong?"][0].note


def test_a_corrected_wording_without_marks_is_aligned_with_the_card_text(rule_graph):
    pearly = card_texts("pearly-stitch-crotchety-crocheter", rule_graph)
    assert (pearly.held, pearly.printed, pearly.current) == (
        "printed", "Your opponents can't move this card.", "Your opponent's cards can't move this card.")
    assert "aligned" in pearly.changes[0].note
    traditions = card_texts("trading-traditions", rule_graph)
    assert traditions.current.startswith("When this card enters play, choose a color at the start of your next turn.\n")
    presents = card_texts("pile-of-presents", rule_graph)
    assert [change.held for change in presents.changes] == ["printed", "both"]
    assert "written twice, a misprint" in presents.changes[1].note
    assert "has already drawn at least 4 cards" in presents.current and "to to" not in presents.current


def test_a_wording_unlike_the_card_text_is_not_aligned():
    data = {"texts": ["Banish every Troublemaker in play."], "printed": ""}
    texts = texts_under(_card("When you play this card, draw a card."), "e", data)
    assert not texts.known and "no part of the card's text close to it" in texts.changes[0].note


def test_a_wording_between_ellipses_changes_wherever_it_stands(rule_graph):
    texts = card_texts("the-element-of-magic-complete-magic", rule_graph)
    assert texts.printed.count("Harmony token") == 2 and "Harmony counter" not in texts.printed
    assert texts.current.count("Harmony counter") == 2


def test_a_corrected_wording_gives_its_printed_text_by_the_publishers_marks(rule_graph):
    tantabus = card_texts("tantabus-night-terror", rule_graph)
    assert tantabus.printed.startswith("Chaos: All players lose their action tokens.")
    assert [change.source for change in tantabus.changes] == ["marks"]
    gyro = card_texts("gyro-poindexter", rule_graph)
    assert gyro.printed.startswith("When you play this card, search your deck for an Event")


def test_a_paragraph_break_or_printed_information_changes_no_words(rule_graph):
    for card, source in [("dj-pon-3-party-starter", "layout"), ("moondancer-page-turner", "information")]:
        texts = card_texts(card, rule_graph)
        assert texts.held == "both" and not texts.differ and texts.changes[0].source == source


def _card(text: str) -> Card:
    return Card(name="Test Pony", id="test-pony", text=text)


@pytest.mark.parametrize("text, held, printed, current", [
    ("Put it into its owner's hand.", "current", "Put it into your hand.", "Put it into its owner's hand."),
    ("Put it into your hand.", "printed", "Put it into your hand.", "Put it into its owner's hand."),
    ("Put it into your hand. Put it into your hand.", None, None, None),
    ("Draw a card.", None, None, None),
])
def test_a_change_is_located_whichever_way_the_data_holds_it(text, held, printed, current):
    data = {"old": "...Put it into your hand.", "new": "...Put it into its owner's hand."}
    texts = texts_under(_card(text), "erratum", data)
    [change] = texts.changes
    assert change.held == held and texts.known is (held is not None)
    if held is not None:
        assert (texts.printed, texts.current) == (printed, current)
    else:
        assert change.note and texts.held == "unknown"


def test_a_change_is_found_by_less_context_when_the_words_around_it_differ():
    data = {"texts": ["...you may look at the top 2 cards of your opponent's deck..."],
            "new_marks": [("insert", "you may")], "printed": ""}
    texts = texts_under(_card("When you play this card, you may look at the top 2 cards of your deck."), "e", data)
    [change] = texts.changes
    assert change.held == "current" and "are not the card's" in change.note
    assert texts.printed == "When you play this card, look at the top 2 cards of your deck."


def test_the_check_lists_both_texts_and_what_is_not_located(rule_graph):
    records = errata_records(rule_graph, card="Gyro")
    checked = card_errata.texts_check(rule_graph, records, engine=False)
    lines = check_lines(checked)
    assert lines[0].startswith("Gyro, Poindexter") and "holds the current text" in lines[0]
    assert any(line.startswith("  PRINTED: 'When you play this card, search") for line in lines)
    assert lines[-1] == "1 errata: 1 current"
    daisy = check_lines(card_errata.texts_check(rule_graph, errata_records(rule_graph, card="Daisy"), engine=False))
    assert "  NOT LOCATED (old+new): neither OLD nor NEW is in the card's text" in daisy
    assert daisy[-1] == "1 errata whose change can't be located in the card's text: Daisy, Mousy Mare"
    assert isinstance(TextChange("old+new", "a", "b", None).located, bool)


def test_cli_errata_check(run):
    result = run("errata", "Timberwolf", "--check")
    assert result.exit_code == 0
    assert "[engine: executable]" in result.output and 'PRINTED: "When you uncover this card' in result.output
    data = json.loads(run("errata", "Timberwolf", "--check", "--json").output)
    assert data[0]["held"] == "current" and data[0]["engine"]["printed"]["state"] == "executable"
