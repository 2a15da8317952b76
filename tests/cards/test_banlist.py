"""The Harmony banlist of the floor rules, each line resolved to its card."""

from __future__ import annotations

import datetime

import pytest

from rulebase.cards import banlist
from rulebase.cards.banlist import Ban, ban_of, bans, entries, parse_date, read
from rulebase.cards.database import load as load_cards
from rulebase.graph import Edge

SECTION = "ccg/tfr-2.3/harmony-constructed"

BANNED = [
    ("rainbowshine-cloud-wrangler", "Premiere", "16", "2015-01-30"),
    ("fluttershy-guidance-counselor", "Premiere", "83", "2015-01-30"),
    ("globe-trotter-sight-seer", "Canterlot Nights", "42", "2015-01-30"),
    ("magical-mailbox", "The Crystal Games", "136", "2015-01-30"),
    ("twilight-sparkle-element-of-magic", "Canterlot Nights", "65", "2015-09-23"),
    ("bulk-biceps-extra-strong-masseuse", "Equestrian Odysseys", "103", "2016-01-25"),
    ("i-need-answers", "Premiere", "175", "2016-06-01"),
    ("pinny-lane-bowlem-over", "Canterlot Nights", "47", "2016-07-27"),
    ("tantabus-night-terror", "High Magic", "150", "2016-08-31"),
]


def test_every_line_of_the_banlist_resolves_to_its_card(rule_graph):
    lines = entries(rule_graph)
    assert [(e.card_id, e.set_name, e.number, e.effective.isoformat()) for e in lines] == BANNED
    assert all(e.note is None for e in lines)
    assert [e.line for e in lines] == list(range(1343, 1352))


def test_bans_name_the_section_and_the_line_as_printed(rule_graph):
    first = bans(rule_graph)[0]
    assert first == Ban("rainbowshine-cloud-wrangler", "Premiere", "16", "Rainbowshine Cloud Wrangler",
                        datetime.date(2015, 1, 30), SECTION)
    assert len(bans(rule_graph)) == 9


def test_the_graph_links_the_section_to_the_cards_it_bans(rule_graph):
    assert rule_graph.banned_by("card/ccg/i-need-answers") == [SECTION]
    edge = rule_graph.g.get_edge_data(SECTION, "card/ccg/i-need-answers")[Edge.BANS]
    assert edge == {"line": 1349, "effective": "2016-06-01"}
    assert rule_graph.banned_by("card/ccg/duck-and-cover") == []


def test_a_ban_is_in_force_from_its_date(rule_graph):
    assert ban_of("i-need-answers", on=datetime.date(2016, 5, 31), graph=rule_graph) is None
    assert ban_of("i-need-answers", on=datetime.date(2016, 6, 1), graph=rule_graph).number == "175"
    assert ban_of("i-need-answers", graph=rule_graph).effective == datetime.date(2016, 6, 1)
    assert ban_of("duck-and-cover", graph=rule_graph) is None


def test_dates_are_read_or_reported():
    assert parse_date("January 30, 2015") == datetime.date(2015, 1, 30)
    assert parse_date("June  1,2016") == datetime.date(2016, 6, 1)
    assert parse_date("Febtember 30, 2015") is None
    [line] = read("Premiere #16\tRainbowshine Cloud Wrangler\tEffective Febtember 30, 2015", 10, load_cards())
    assert (line.card_id, line.effective, line.line) == ("rainbowshine-cloud-wrangler", None, 10)
    assert line.note == "the date 'Febtember 30, 2015' can't be read"


@pytest.mark.parametrize("text,note", [
    ("Premiere #16\tFluttershy Guidance Counselor\tEffective January 30, 2015",
     ("Premiere #16 is Rainbowshine, Cloud Wrangler in the card data, but the banlist names "
      "'Fluttershy Guidance Counselor' (fluttershy-guidance-counselor)")),
    ("Premiere #999 | Magical Mailbox | Effective January 30, 2015",
     "Premiere #999 is no card in the card data (Premier); 'Magical Mailbox' is magical-mailbox"),
    ("Crystal Empire #1\tMagical Mailbox\tEffective January 30, 2015", "the card data has no set 'Crystal Empire'"),
])
def test_a_number_and_a_name_that_disagree_are_reported_not_resolved(text, note):
    [line] = read(text, 1, load_cards())
    assert (line.card_id, line.note) == (None, note)


def test_the_documents_set_names_are_the_datas():
    assert banlist.resolve("The Crystal Games", "136", "Magical Mailbox", load_cards()) == ("magical-mailbox", None)
    assert banlist.resolve("Premiere", "016", "Rainbowshine Cloud Wrangler", load_cards())[0] == \
        "rainbowshine-cloud-wrangler"


def test_lines_that_are_no_banlist_entry_are_skipped():
    assert read("Harmony Constructed\n\nThe current Harmony banlist is as follows:\n", 1, load_cards()) == []
