"""Tests of the card errata parser (``grammar/errata.lark``, :mod:`rulebase.parse.errata`)."""

from __future__ import annotations

import doctest
import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from rulebase import paths
from rulebase.errors import ParseError
from rulebase.model import Erratum, Mark
from rulebase.parse import errata as errata_module
from rulebase.parse.errata import parse_errata, split_card

DOCUMENT = "ccg/comprehensive-rules-v3.4-with-errata-limited-tournament.md"
FIRST_HEADING = "10. My Little Pony CCG Card Errata"
NEXT_HEADING = "11. My Little Pony CCG Limited Play"
DATA = Path(__file__).resolve().parent.parent / "data" / "errata"
OCTGN = paths.CORPUS / "ccg" / "octgn"


def _document_lines() -> list[str]:
    return (paths.CORPUS / DOCUMENT).read_text(encoding="utf-8").split("\n")


def _region() -> tuple[str, int]:
    """The errata chapter's text and the document line it starts on."""
    lines = _document_lines()
    start = lines.index(FIRST_HEADING)
    end = lines.index(NEXT_HEADING)
    return "\n".join(lines[start:end]) + "\n", start + 1


@pytest.fixture(scope="module")
def region() -> tuple[str, int]:
    return _region()


@pytest.fixture(scope="module")
def errata(region) -> list[Erratum]:
    text, first_line = region
    return parse_errata(text, document=DOCUMENT, first_line=first_line)


@pytest.fixture(scope="module")
def by_card(errata) -> dict[str, Erratum]:
    return {erratum.card: erratum for erratum in errata}


# -- (1) every entry of the chapter, none dropped -----------------------------

_ROW = re.compile(r"^([^\t-][^\t]*)\t")
_BODY = re.compile(r'^(?:OLD:|NEW:|["“])')


def _entries_by_lines(text: str) -> list[str]:
    """The card names of the chapter's entries, found without the grammar.

    A table row is a line with a tab that is not a dash separator.  A block
    entry starts at an OLD:, NEW: or quoted line whose last non-blank line
    before is not one too; its name is that line, with the line just above it
    (the title above a subtitle) when that one is not blank."""
    lines = text.split("\n")
    names = []
    for index, line in enumerate(lines):
        row = _ROW.match(line)
        if row:
            names.append(row.group(1))
            continue
        if not _BODY.match(line):
            continue
        above = index - 1
        while not lines[above].strip():
            above -= 1
        if _BODY.match(lines[above]):
            continue
        name = [lines[above]]
        if lines[above - 1].strip():
            name.insert(0, lines[above - 1])
        names.append(" ".join(name))
    return names


def test_every_entry_is_parsed(region, errata):
    text, _ = region
    expected = _entries_by_lines(text)
    assert len(expected) == 70
    assert len(errata) == len(expected)
    assert [erratum.card for erratum in errata] == expected


def test_line_and_printed_point_into_the_document(errata):
    lines = _document_lines()
    for erratum in errata:
        printed = erratum.printed.split("\n")
        assert lines[erratum.line - 1:erratum.line - 1 + len(printed)] == printed
        assert printed[-1].strip(), erratum.card


def test_parse_is_the_same_without_a_final_line_break(region, errata):
    text, first_line = region
    again = parse_errata(text.rstrip("\n"), document=DOCUMENT, first_line=first_line)
    assert again == errata


def test_set_names(errata):
    counts: dict[str, int] = {}
    for erratum in errata:
        counts[erratum.set_name] = counts.get(erratum.set_name, 0) + 1
    assert counts == {
        "Marks in Time": 2,
        "High Magic": 5,
        "Equestrian Odysseys": 4,
        "Absolute Discord": 4,
        "The Crystal Games": 3,
        "Rock and Rave": 1,
        "Canterlot Nights": 13,
        "Premiere": 38,
    }


# -- (2) each shape of entry --------------------------------------------------

def test_row_with_old_and_new(by_card):
    erratum = by_card["Starlight Glimmer Chrono Trigger"]
    assert erratum == Erratum(
        set_name="Marks in Time",
        title="Starlight Glimmer",
        subtitle="Chrono Trigger",
        old="When a card is banished this way...",
        new="When one or more cards are banished this way...",
        printed='Starlight Glimmer Chrono Trigger\tOLD: "When a card is banished this way..." '
                'NEW: "When <u>one or more cards are</u> banished this way..."',
        line=851,
        new_marks=[Mark("insert", "one or more cards are")],
    )


def test_row_with_spaces_left_by_conversion(by_card):
    erratum = by_card["Princess Luna Dream Guide"]
    assert erratum.old == (
        "... you may pay ① to choose an opponent. That opponent reveals their hand and "
        "separates it into two piles. Choose and banish one pile, then turn this card over.")
    assert erratum.new == (
        "... you may pay ① and turn this card to its Boosted side. If you do, choose an "
        "opponent. That opponent reveals their hand and separates it into two piles. "
        "Choose and banish one pile.")
    assert erratum.new_marks == [
        Mark("insert", "and turn this card to its Boosted side. If you do, choose an opponent")]


def test_row_with_the_corrected_text_only(by_card):
    erratum = by_card["Tantabus Night Terror"]
    assert (erratum.set_name, erratum.title, erratum.subtitle) == ("High Magic", "Tantabus", "Night Terror")
    assert erratum.old is None and erratum.new is None
    assert erratum.texts == ["Chaos: When this card is flipped, all players lose their action tokens."]
    assert erratum.new_marks == [Mark("insert", "When this card is flipped")]
    assert erratum.old_marks == [] and erratum.changes == []
    assert erratum.line == 871


def test_row_with_two_quoted_texts(by_card):
    erratum = by_card["Pile of Presents"]
    assert erratum.subtitle is None
    assert erratum.texts == [
        "...if that opponent has already drawn at least 4 cards this turn...",
        "...exhaust this card and one of your Friends to to draw a card.",
    ]
    assert erratum.new_marks == []


def test_row_adding_a_trait(by_card):
    erratum = by_card["Moondancer Page Turner"]
    assert erratum.changes == ['Added "Chaotic" trait.']
    assert (erratum.old, erratum.new, erratum.texts) == (None, None, [])
    assert (erratum.old_marks, erratum.new_marks) == ([], [])
    assert by_card["Ahuizotl"].changes == ["Added “Epic” trait."]
    assert by_card["Ahuizotl"].subtitle is None


def test_row_adding_a_subtitle(by_card):
    erratum = by_card["The Cutie Map Equestrian Odysseys"]
    assert (erratum.title, erratum.subtitle) == ("The Cutie Map", "Equestrian Odysseys")
    assert erratum.changes == ['Added subtitle "Equestrian Odysseys".']
    assert erratum.set_name == "Equestrian Odysseys"


def test_row_in_html_paragraphs(by_card):
    erratum = by_card["A Bully and a Beast"]
    assert erratum.set_name == "Premiere"
    assert erratum.subtitle is None
    assert erratum.old == (
        "Troublemaker Faceoff Reaction: Play after you flip a card for the Troublemaker. "
        "Ignore that card's power and flip a new card.")
    assert erratum.new == (
        "Reaction: After you flip a card during a Troublemaker faceoff while your opponent "
        "is challenging a Troublemaker, ignore that card and flip another card.")
    assert erratum.new_marks == [
        Mark("insert", "during a Troublemaker faceoff while your opponent is challenging a Troublemaker"),
        Mark("insert", "another"),
    ]
    assert erratum.printed.startswith("A Bully and a Beast\t<p>OLD: “Troublemaker")
    assert erratum.line == 942


def test_row_in_html_paragraphs_with_a_change(by_card):
    erratum = by_card["Nightmare Moon"]
    assert erratum.old == "When you uncover this card..."
    assert erratum.new == "When this card is uncovered..."
    assert erratum.new_marks == [Mark("insert", "is uncovered")]
    assert erratum.changes == ["Added “Epic” trait."]


def test_row_with_a_quoted_text_in_a_paragraph(by_card):
    erratum = by_card["Fiddly Faddle Country Twang"]
    assert erratum.texts == ["...you may look at the top 2 cards of your opponent's deck..."]
    assert erratum.new_marks == [Mark("insert", "you may")]
    assert erratum.old is None and erratum.new is None


def test_row_with_an_unquoted_text_in_a_paragraph(by_card):
    erratum = by_card["Goldengrape Popular Punster"]
    assert erratum.texts == ["..search your deck for a Friend, reveal it, put it into your hand"]
    assert erratum.new_marks == [Mark("insert", "reveal")]


def test_row_with_a_quoted_text_and_old_and_new(by_card):
    erratum = by_card["The Element of Kindness Sharing Kindness"]
    assert (erratum.title, erratum.subtitle) == ("The Element of Kindness", "Sharing Kindness")
    assert erratum.texts == ["Play to your home.\nYou must control Fluttershy to play this card..."]
    assert erratum.old == "...Harmony token..."
    assert erratum.new == "...Harmony counter..."
    assert erratum.old_marks == []
    assert erratum.new_marks == [Mark("break", "\n"), Mark("insert", "counter")]


def test_row_with_an_inserted_paragraph_break(by_card):
    erratum = by_card["DJ Pon-3 Party Starter"]
    assert erratum.set_name == "Rock and Rave"
    assert erratum.texts == [
        "Main Phase: Exhaust this card to draw a card.\n"
        "At the start of your Score Phase, if this card is with at least 3 of your Friends, "
        "you may ready this card."
    ]
    assert erratum.new_marks == [Mark("break", "\n")]


def test_row_with_an_inserted_break_and_text(by_card):
    goof_off = by_card["Goof Off"]
    assert goof_off.texts == ["Starting Problem.\nMain Phase: This card's owner may exhaust..."]
    assert goof_off.new_marks == [Mark("break", "\n"), Mark("insert", "Main Phase:")]
    featherweight = by_card["Featherweight Editor-in-Chief"]
    assert featherweight.new == (
        "During Problem faceoffs involving this card, your opponent flips an additional card.\n"
        "During Problem faceoffs involving this card, your opponent ignores one of their "
        "flipped cards with the highest power.")
    assert featherweight.new_marks == [
        Mark("break", "\n"),
        Mark("insert", "During Problem faceoffs involving this card, your opponent"),
    ]
    assert featherweight.set_name == "Premiere"


def test_row_whose_name_has_lost_characters(by_card):
    erratum = by_card["Kitchen au Flam\ufffd\ufffd"]
    assert (erratum.title, erratum.subtitle) == ("Kitchen au Flam\ufffd\ufffd", None)
    assert erratum.new == "...put a Friend with 1 power from their discard pile into their hand."
    assert erratum.new_marks == [Mark("insert", "put"), Mark("insert", "into")]


def test_block_with_title_and_subtitle(by_card):
    erratum = by_card["Twilight Sparkle Ursa Vanquisher"]
    assert erratum == Erratum(
        set_name="Premiere",
        title="Twilight Sparkle",
        subtitle="Ursa Vanquisher",
        old="...you may exhaust and put it into your hand.",
        new="...you may exhaust this card and put it into its owner's hand.",
        printed='Twilight Sparkle\nUrsa Vanquisher\n\n'
                'OLD: "...you may exhaust and put it into ~~your hand~~."\n'
                'NEW: "...you may exhaust this card and put it into its owner\'s hand."',
        line=991,
        old_marks=[Mark("delete", "your hand")],
    )


def test_block_with_a_struck_text_only(by_card):
    erratum = by_card["What Went Wrong?"]
    assert (erratum.title, erratum.subtitle, erratum.old, erratum.new) == ("What Went Wrong?", None, None, None)
    assert erratum.texts == [
        "Reaction: after your opponent flips a card during a faceoff, your opponent ignores "
        "that card's and flips another card."
    ]
    assert erratum.new_marks == [Mark("delete", "Faceoff"), Mark("delete", "Play"), Mark("delete", "power")]
    assert erratum.line == 997


def test_block_with_old_and_new(by_card):
    erratum = by_card["Whoa There Nelly!"]
    assert erratum.old == "...Put it into your hand."
    assert erratum.new == "...Put it into its owner's hand."
    assert erratum.old_marks == [Mark("delete", "your hand")]
    assert erratum.new_marks == []


def test_block_with_a_blank_line_between_old_and_new(by_card, errata):
    erratum = by_card["Wild Manticore"]
    assert erratum is errata[-1]
    assert erratum.old == "During faceoffs against this card, the challenger's opponent flips an additional card."
    assert erratum.new == "During faceoffs involving this card, flip an additional card."
    assert erratum.old_marks == [Mark("delete", "against"), Mark("delete", "the challenger's opponent")]
    assert erratum.printed == (
        'Wild Manticore\n\n'
        'OLD: "During faceoffs ~~against~~ this card, ~~the challenger\'s opponent~~ flips an additional card."\n\n'
        'NEW: "During faceoffs involving this card, flip an additional card."')
    assert erratum.line == 1006


def test_small_text_with_heading_and_blocks():
    text = (
        "Premiere (cont.)\n\n"
        "Rarity\nDazzling Fashionista\n\n"
        'NEW: "When you score <u>with this card</u>..."\n\n'
        "Wild Manticore\n\n"
        '"~~Faceoff~~ Reaction"\n'
    )
    first, second = parse_errata(text, document="sample", first_line=10)
    assert (first.set_name, first.title, first.subtitle, first.line) == ("Premiere", "Rarity", "Dazzling Fashionista", 12)
    assert (first.old, first.new, first.new_marks) == (None, "When you score with this card...", [Mark("insert", "with this card")])
    assert (second.title, second.subtitle, second.texts, second.line) == ("Wild Manticore", None, ["Reaction"], 17)


def test_split_card():
    assert split_card("Princess Twilight Sparkle Ambassador of Friendship") == (
        "Princess Twilight Sparkle", "Ambassador of Friendship")
    assert split_card("Twilight Sparkle Faithful Student") == ("Twilight Sparkle", "Faithful Student")
    assert split_card("Twilight Sparkle") == ("Twilight Sparkle", None)
    assert split_card("My Pinkie Sense is Tingling") == ("My Pinkie Sense is Tingling", None)
    assert split_card("Rarity's Boutique") == ("Rarity's Boutique", None)


def test_docstring_examples():
    assert doctest.testmod(errata_module).failed == 0


# -- (3) broken inputs --------------------------------------------------------

@pytest.mark.parametrize(
    ("name", "line", "column", "quoted"),
    [
        # the closing quote is reached inside <u>...
        ("unclosed-insert.txt", 104, 133, "Starlight Glimmer Chrono Trigger\\tOLD:"),
        # the closing quote is reached inside ~~...
        ("unclosed-strike.txt", 104, 34, 'OLD: "...Put it into ~~your hand."'),
        # OLD: is followed by text, not by a quote
        ("old-without-quote.txt", 102, 23, "Daisy Mousy Mare\\tOLD: When this card"),
        # a row whose tab was lost is neither a row nor a heading
        ("row-without-tab.txt", 102, 1, "Discord Party Clasher OLD:"),
    ],
)
def test_broken_input_raises_parse_error(name, line, column, quoted):
    document = f"tests/data/errata/{name}"
    text = (DATA / name).read_text(encoding="utf-8")
    with pytest.raises(ParseError) as caught:
        parse_errata(text, document=document, first_line=100)
    error = caught.value
    assert (error.document, error.line, error.column) == (document, line, column)
    assert str(error).startswith(f"{document}:{line}:{column}: unexpected ")
    assert quoted in str(error)
    assert error.text == text.splitlines()[line - 100].strip()


# -- (4) titles and subtitles agree with the real cards ----------------------

# The errata misspell two subtitles; the cards print these.
_MISPRINTED_SUBTITLES = {
    ("Gyro", "Pointdexter"): "Poindexter",
    ("Pearly Stitch", "Crochety Crocheter"): "Crotchety Crocheter",
}


def _octgn_cards() -> list[tuple[str, str]]:
    """(name, subtitle) of every card in the OCTGN card data."""
    cards = []
    for path in sorted(OCTGN.glob("Sets/*/set.xml")):
        for card in ElementTree.parse(path).getroot().iter("card"):
            subtitle = ""
            for prop in card.findall("property"):
                if prop.get("name") == "Subname":
                    subtitle = (prop.get("value") or "").strip()
            cards.append((card.get("name").strip(), subtitle))
    return cards


@pytest.fixture(scope="module")
def octgn_cards() -> list[tuple[str, str]]:
    if not OCTGN.joinpath("Sets").is_dir():
        pytest.skip(f"no OCTGN card data at {OCTGN}")
    return _octgn_cards()


def _title_pattern(title: str) -> re.Pattern:
    """A pattern for a printed title: ’ for ', a run of U+FFFD for the
    characters the conversion lost."""
    parts = re.split("(\ufffd+)", title.replace("’", "'"))
    return re.compile("".join(".+" if part.startswith("\ufffd") else re.escape(part) for part in parts if part))


def test_titles_and_subtitles_agree_with_the_cards(errata, octgn_cards):
    exact = 0
    for erratum in errata:
        pattern = _title_pattern(erratum.title)
        subtitles = {subtitle for name, subtitle in octgn_cards if pattern.fullmatch(name)}
        exact += (erratum.subtitle or "") in subtitles
        assert subtitles, f"no card titled {erratum.title!r}"
        if erratum.subtitle is None:
            assert "" in subtitles, f"{erratum.title!r} should have a subtitle: {subtitles}"
        else:
            subtitle = _MISPRINTED_SUBTITLES.get((erratum.title, erratum.subtitle), erratum.subtitle)
            assert subtitle in subtitles, f"{erratum.card!r}: no such card; subtitles {subtitles}"
    assert exact == len(errata) - len(_MISPRINTED_SUBTITLES)


def test_listed_titles_are_titles_of_cards_with_subtitles(octgn_cards):
    with_subtitles = {name for name, subtitle in octgn_cards if subtitle}
    titles = errata_module.card_titles()
    assert titles
    assert sorted(set(titles) - with_subtitles) == []
