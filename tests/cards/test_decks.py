"""Reading and writing deck lists: plain text and OCTGN ``.o8d``."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebase.cards import load
from rulebase.cards.decks import (
    MAX_BYTES,
    MAX_LINES,
    Deck,
    DeckError,
    read,
    read_file,
    read_o8d,
    read_text,
    write_o8d,
    write_text,
)
from rulebase.errors import RulebaseError

DATA = Path(__file__).parent.parent / "data" / "decks"
THEMES = sorted((Path(__file__).parents[2] / "corpus" / "ccg" / "octgn" / "Decks").glob("**/*.o8d"))


def parts(deck: Deck) -> dict[str, Counter]:
    """A deck's parts, order aside."""
    return {part: Counter({card.id: copies for card, copies in getattr(deck, part)})
            for part in ("mane", "problems", "draw")}


def test_the_six_theme_decks_are_read_from_their_octgn_files():
    assert len(THEMES) == 6
    for path in THEMES:
        deck = read_file(path)
        assert (deck.count("mane"), deck.count("problems"), deck.count("draw")) == (1, 10, 45), path
        assert deck.name == path.stem
    applejack = read_file(THEMES[0])
    assert applejack.mane[0][0].id == "applejack-steadfast-farmpony"
    assert ("comet-tail-hale-bopper", 3) in [(card.id, copies) for card, copies in applejack.draw]


@pytest.mark.parametrize("path", THEMES, ids=lambda path: path.stem)
def test_theme_decks_round_trip_through_both_formats(path):
    deck = read_file(path)
    assert parts(read_text(write_text(deck))) == parts(deck)
    assert parts(read_o8d(write_o8d(deck).encode())) == parts(deck)


def test_the_ways_players_write_copies_and_names():
    text = """Mane Character
    Rainbow Dash - Flier Extraordinaire
    Problems:
    2x Runaway Cart
    // a comment
    # another
    Draw Deck (45)
    3 Comet Tail, Hale Bopper
    COMET TAIL, hale bopper x1

    Rainbow Dash, Hanging Out x3
    x2 Kitchen au Flambé
    1 Comet Tail (CG7)
    2 Comet Tail [ad43]
    1 Comet Tail (PR #54)
    """
    deck = read_text(text)
    assert [(card.id, copies) for card, copies in deck.mane] == [("rainbow-dash-flier-extraordinaire", 1)]
    assert [(card.id, copies) for card, copies in deck.problems] == [("runaway-cart", 2)]
    assert [(card.id, copies) for card, copies in deck.draw] == [
        ("comet-tail-hale-bopper", 5), ("rainbow-dash-hanging-out", 3), ("kitchen-au-flambe", 2),
        ("comet-tail-blaze-of-glory", 1), ("comet-tail-out-of-control", 2)]


def test_names_that_start_or_end_with_a_number():
    deck = read_text("795 Wing Power\n2 800 Years of Sweltering Heat\nNatural 20 x2\n1 [slenderpony]\n"
                     "800 Years of Sweltering Heat\n")
    assert sorted((card.full_name, copies) for card, copies in deck.draw + deck.problems + deck.mane) == [
        ("795 Wing Power", 1), ("800 Years of Sweltering Heat", 3), ("Natural 20", 2), ("[slenderpony]", 1)]


def test_without_headers_each_card_goes_where_its_type_does():
    deck = read_text("1 Applejack, Steadfast Farmpony\n2 Runaway Cart\n3 Comet Tail, Hale Bopper\n")
    assert [card.type for card, _ in deck.mane + deck.problems + deck.draw] == ["Mane Character", "Problem", "Friend"]


def test_a_header_puts_a_card_where_it_says_even_the_wrong_place():
    deck = read_file(DATA / "friend-in-problems.txt")
    assert "tank-burrower" in [card.id for card, _ in deck.problems]


def test_an_unknown_name_names_the_line_and_the_closest_names():
    with pytest.raises(DeckError) as error:
        read_file(DATA / "unknown-name.txt")
    message = str(error.value)
    assert message.startswith(f"{DATA / 'unknown-name.txt'}:4: no card is called 'Comet Tial, Hale Bopper'")
    assert "Comet Tail, Hale Bopper" in message
    assert isinstance(error.value, RulebaseError)


def test_an_ambiguous_name_lists_the_cards_it_could_be():
    with pytest.raises(DeckError, match=r"ambiguous-name.txt:4: 'Comet Tail' could be any of 3 cards: "
                                        r"Comet Tail, Hale Bopper \(PR54\); .*give the subtitle"):
        read_file(DATA / "ambiguous-name.txt")


@pytest.mark.parametrize("text, wrong", [
    ("3 Comet Tail (ZZ99)", "deck:1: no set or collector number 'ZZ99'"),
    ("3 Comet Tail (PR1)", "deck:1: PR1 is Rainbow Dash, Flier Extraordinaire, not 'Comet Tail'"),
    ("0 Comet Tail, Hale Bopper", "deck:1: copies must be a whole number from 1 to 99"),
    ("1000 Comet Tail, Hale Bopper", "deck:1: copies must be a whole number from 1 to 99"),
    ("// nothing\n\n", "deck: no card lines"),
    (b"3 Comet Tail\xff", "deck: a deck list must be UTF-8 text"),
])
def test_bad_lines_are_deck_errors(text, wrong):
    with pytest.raises(DeckError) as error:
        read_text(text)
    assert str(error.value).startswith(wrong)


def test_input_is_bounded():
    with pytest.raises(DeckError, match="at most 64 KB"):
        read_text("3 Comet Tail, Hale Bopper\n" * (MAX_BYTES // 10))
    with pytest.raises(DeckError, match=f"at most {MAX_LINES} lines"):
        read_text("\n" * (MAX_LINES + 1))
    with pytest.raises(DeckError, match="at most 64 KB"):
        read_o8d(b"<deck>" + b" " * MAX_BYTES + b"</deck>")


def test_long_lines_and_many_entries_are_refused():
    with pytest.raises(DeckError, match=r"^deck:2: a card line is at most 200 characters: '3 xxx"):
        read_text("3 Comet Tail, Hale Bopper\n3 " + "x" * 300)
    entry = '<card qty="1" id="x">A</card>'
    with pytest.raises(DeckError, match=f"a deck file has at most {MAX_LINES} cards; this one has 301"):
        read_o8d(f'<deck><section name="Friends">{entry * 301}</section></deck>')


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.sampled_from("3x Comet Tail,-()[]#:/\n\t éÉ0PR54"), max_size=120))
def test_any_text_is_a_deck_or_a_deck_error(text):
    try:
        deck = read_text(text)
    except DeckError as error:
        assert str(error).startswith("deck")
    else:
        assert deck.cards()


def test_o8d_errors_name_the_file_and_line():
    with pytest.raises(DeckError, match=r"doctype.o8d:2: a document type declaration .* is not allowed"):
        read_file(DATA / "doctype.o8d")
    with pytest.raises(DeckError, match=r"not-a-deck.o8d:2: not an OCTGN deck: the root element is <set>"):
        read_file(DATA / "not-a-deck.o8d")
    upload = b'<deck>\n<section name="Friends">\n<card qty="two" id="x">A</card></section></deck>'
    with pytest.raises(DeckError, match=r"^up.o8d:3: card 'A' \(id 'x'\) is not in the card data"):
        read_o8d(upload, "up.o8d")
    known = read_file(THEMES[0]).draw[0][0].printings[0].octgn_id
    with pytest.raises(DeckError, match=r"^up.o8d:3: copies must be a whole number from 1 to 99: 'two'"):
        read_o8d(upload.replace(b'"x"', f'"{known}"'.encode()), "up.o8d")
    with pytest.raises(DeckError, match=r"^up.o8d:1: not well-formed XML"):
        read_o8d(b"<deck", "up.o8d")


def test_read_tells_the_formats_apart():
    deck = read_file(THEMES[1])
    assert parts(read(write_o8d(deck).encode(), "upload")) == parts(deck)
    assert parts(read(write_text(deck), "upload.txt")) == parts(deck)


_cards = [card for card in load().cards if card.type and card.printings][::37]


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(_cards), st.integers(1, 4)), min_size=1, max_size=12,
                unique_by=lambda entry: entry[0].id))
def test_any_deck_round_trips(entries):
    parts_of = {"Mane Character": "mane", "Problem": "problems"}
    deck = Deck("d", **{part: tuple(e for e in entries if parts_of.get(e[0].type, "draw") == part)
                        for part in ("mane", "problems", "draw")})
    assert parts(read_text(write_text(deck))) == parts(deck)
    assert parts(read_o8d(write_o8d(deck).encode())) == parts(deck)


# -- the command line: rulebase deck check / convert --------------------------------

def _run(*args):
    from click.testing import CliRunner

    from rulebase.cli import main

    return CliRunner().invoke(main, list(args))


def test_deck_check_exits_0_legal_1_not_legal_2_unreadable():
    legal = _run("deck", "check", str(DATA / "limited-31.txt"), "--format", "limited", "--date", "2016-08-01")
    assert legal.exit_code == 0
    assert legal.output == "limited-31 (31 draw, 5 Problems) in Limited on 2016-08-01: legal\n"
    illegal = _run("deck", "check", str(DATA / "too-many-copies.txt"), "--date", "2016-08-01")
    assert illegal.exit_code == 1
    assert illegal.output.splitlines() == [
        "too-many-copies (45 draw, 10 Problems) in Harmony on 2016-08-01: NOT legal: 1 violation",
        "  101.2: too-many-copies's Draw Deck has 4 copies of Sheriff Silverstar, Search Warrant; no more than 3"]
    unreadable = _run("deck", "check", str(DATA / "unknown-name.txt"))
    assert unreadable.exit_code == 2
    assert "unknown-name.txt:4: no card is called 'Comet Tial, Hale Bopper'" in unreadable.output
    assert _run("deck", "check", str(DATA / "missing.txt")).exit_code == 2
    assert _run("deck", "check", str(DATA / "odyssey-legal.txt"), "--format", "standard").exit_code == 2


def test_deck_check_json():
    import json

    result = _run("deck", "check", str(DATA / "bulk-biceps-banned.o8d"), "--date", "2016-01-25", "--json")
    assert result.exit_code == 1
    body = json.loads(result.output)
    assert [(v["rule"], v["cards"]) for v in body["violations"]] == [
        ("Harmony banlist: Equestrian Odysseys #103", ["bulk-biceps-extra-strong-masseuse"])]


def test_deck_convert_round_trips(tmp_path):
    text = _run("deck", "convert", str(THEMES[2]), "--to", "text")
    assert text.exit_code == 0 and text.output.startswith("Mane Character\n1 Pinkie Pie, Party Animal\n")
    (tmp_path / "pinkie.txt").write_text(text.output)
    o8d = _run("deck", "convert", str(tmp_path / "pinkie.txt"), "--to", "o8d")
    assert o8d.exit_code == 0
    (tmp_path / "pinkie.o8d").write_text(o8d.output)
    assert parts(read_file(tmp_path / "pinkie.o8d")) == parts(read_file(THEMES[2]))
