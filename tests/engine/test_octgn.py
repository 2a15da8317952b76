"""Reading OCTGN deck files as untrusted input: every malformed or hostile
deck is a one-line :class:`SetupError` naming the file and the line."""

import re
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebase.engine.ccg import octgn
from rulebase.engine.errors import SetupError
from rulebase.errors import RulebaseError

OCTGN = Path(__file__).resolve().parent.parent / "data" / "octgn"
BROKEN = OCTGN / "broken"
DECK = (OCTGN / "Decks" / "Test Deck.o8d").read_text(encoding="utf-8")
FRIEND = '<card qty="3" id="f1">Test Friend</card>'
FRIEND_LINE = 4
# Copies of each card in the test deck once its Friend line asks for two of it.
COPIES_WITH_TWO_MORE = {"f1": 2, "e1": 3, "r1": 3, "t1": 3, "p1": 4}


def load(path):
    return octgn.load_deck(path, OCTGN)


def test_the_test_deck_reads():
    deck = load(OCTGN / "Decks" / "Test Deck.o8d")
    assert deck.mane.name == "Test Mane" and len(deck.draw) == 6 and len(deck.problems) == 2


@pytest.mark.parametrize("name, message", [
    ("billion-laughs.o8d", "2: a document type declaration (<!DOCTYPE ...>) is not allowed"),
    ("external-entity.o8d", "2: a document type declaration (<!DOCTYPE ...>) is not allowed"),
    ("external-dtd.o8d", "2: a document type declaration (<!DOCTYPE ...>) is not allowed"),
    ("not-xml.o8d", "1: not well-formed XML: syntax error (column 1)"),
    ("unclosed.o8d", "4: not well-formed XML: mismatched tag (column 3)"),
    ("not-a-deck.o8d", "2: not an OCTGN deck: the root element is <set>, not <deck>"),
    ("missing-id.o8d", "4: a card needs an id: 'Test Friend'"),
    ("unknown-card.o8d", "6: card 'Friend From Another Game' (id 'f9') is not in the card data"),
    ("two-manes.o8d", "5: a deck has one Mane Character (102.1): 'Test Mane'"),
    ("strange-encoding.o8d", "1: the XML declaration names an encoding that can't be read"),
])
def test_a_broken_or_hostile_deck_is_one_line_naming_file_and_line(name, message):
    with pytest.raises(SetupError) as error:
        load(BROKEN / name)
    assert str(error.value).startswith(f"{BROKEN / name}:{message}")
    assert "\n" not in str(error.value) and len(str(error.value)) < 300


@pytest.mark.parametrize("quantity", ["two", "-3", "0", "100", "999999999999", "1.5", "", " ", "+2", "0x3", "３", "²"])
def test_a_quantity_that_is_not_1_to_99_is_refused(tmp_path, quantity):
    path = tmp_path / "deck.o8d"
    path.write_text(DECK.replace('qty="3" id="f1"', f"qty={quoteattr(quantity)} id=\"f1\""), encoding="utf-8")
    with pytest.raises(SetupError) as error:
        load(path)
    assert str(error.value) == f"{path}:{FRIEND_LINE}: quantity must be a whole number from 1 to 99: {quantity!r}"


@pytest.mark.parametrize("quantity, copies", [("1", 1), ("99", 99), (" 7 ", 7), ("007", 7)])
def test_a_quantity_from_1_to_99_gives_that_many_copies(tmp_path, quantity, copies):
    path = tmp_path / "deck.o8d"
    path.write_text(DECK.replace('qty="3" id="f1"', f'qty="{quantity}" id="f1"'), encoding="utf-8")
    deck = load(path)
    assert sum(card.name == "Test Friend" for card in deck.draw) == copies


def test_a_missing_quantity_is_one_copy(tmp_path):
    path = tmp_path / "deck.o8d"
    path.write_text(DECK.replace('qty="3" id="f1"', 'id="f1"'), encoding="utf-8")
    assert sum(card.name == "Test Friend" for card in load(path).draw) == 1


def test_an_unreadable_deck_and_missing_card_data_are_errors(tmp_path):
    with pytest.raises(SetupError, match=r"nowhere\.o8d: can't read the file"):
        load(tmp_path / "nowhere.o8d")
    octgn.load_cards.cache_clear()
    with pytest.raises(SetupError, match=r"no card data \(Sets/\*/set\.xml\)"):
        octgn.load_deck(OCTGN / "Decks" / "Test Deck.o8d", tmp_path)


def test_card_data_with_a_doctype_or_a_nameless_card_is_refused(tmp_path):
    sets = tmp_path / "Sets" / "s1"
    sets.mkdir(parents=True)
    card_data = (OCTGN / "Sets" / "s1" / "set.xml").read_text(encoding="utf-8")
    (sets / "set.xml").write_text(card_data.replace('<card id="f1" name="Test Friend">', '<card id="f1">'),
                                  encoding="utf-8")
    octgn.load_cards.cache_clear()
    with pytest.raises(SetupError, match=r"set\.xml:12: a card needs an id and a name"):
        octgn.load_cards(str(tmp_path))
    (sets / "set.xml").write_text(card_data.replace("<set ", '<!DOCTYPE set [<!ENTITY x "y">]>\n<set ', 1),
                                  encoding="utf-8")
    octgn.load_cards.cache_clear()
    with pytest.raises(SetupError, match=r"set\.xml:2: a document type declaration"):
        octgn.load_cards(str(tmp_path))
    octgn.load_cards.cache_clear()


# Property tests: whatever a deck file holds, reading it gives a deck or the
# project's own error naming the file and a line, never another exception.

_WHERE = re.compile(r"^(?P<path>.+?\.o8d):(?P<line>[1-9]\d*): \S")
_XML_CHARACTERS = st.characters(blacklist_categories=("Cs",),
                                blacklist_characters="".join(map(chr, [*range(0, 9), 11, 12, *range(14, 32)]))
                                + "\ufffe\uffff")
_SETTINGS = settings(max_examples=150, deadline=None)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return tmp_path_factory.mktemp("decks")


def _read(folder: Path, data: bytes):
    path = folder / "fuzz.o8d"
    path.write_bytes(data)
    try:
        return path, load(path)
    except RulebaseError as error:
        message = str(error)
        where = _WHERE.match(message)
        assert isinstance(error, SetupError) and where and where.group("path") == str(path), message
        assert "\n" not in message
        return path, error


def _text(value: str) -> str:
    """``value`` as XML character data (a carriage return kept as one)."""
    return escape(value, {"\r": "&#13;"})


def _is_quantity(text: str) -> bool:
    return bool(re.fullmatch(r"[0-9]+", text.strip())) and 1 <= int(text.strip()) <= 99


@_SETTINGS
@given(quantity=st.text(_XML_CHARACTERS, max_size=12) | st.integers(-10**12, 10**12).map(str),
       name=st.text(_XML_CHARACTERS, max_size=40))
def test_any_quantity_and_name_in_a_valid_deck_read_or_fail_on_their_line(folder, quantity, name):
    entry = f"<card qty={quoteattr(quantity)} id=\"f1\">{_text(name)}</card>"
    path, outcome = _read(folder, DECK.replace(FRIEND, entry).encode("utf-8"))
    if _is_quantity(quantity):
        assert sum(card.name == "Test Friend" for card in outcome.draw) == int(quantity)
    else:
        assert str(outcome) == f"{path}:{FRIEND_LINE}: quantity must be a whole number from 1 to 99: {quantity!r}"


@_SETTINGS
@given(name=st.text(_XML_CHARACTERS, max_size=40),
       card_id=st.text(_XML_CHARACTERS, max_size=20) | st.sampled_from(["m1", *COPIES_WITH_TWO_MORE]))
def test_any_card_id_reads_or_is_named_with_its_line(folder, name, card_id):
    entry = f"<card qty=\"2\" id={quoteattr(card_id)}>{_text(name)}</card>"
    path, outcome = _read(folder, DECK.replace(FRIEND, entry).encode("utf-8"))
    if card_id == "m1":
        assert str(outcome) == f"{path}:{FRIEND_LINE}: a deck has one Mane Character (102.1): 'Test Mane'"
    elif card_id in COPIES_WITH_TWO_MORE:
        chosen = octgn.load_cards(str(OCTGN))[card_id]
        assert (outcome.draw + outcome.problems).count(chosen) == COPIES_WITH_TWO_MORE[card_id]
    elif card_id:
        assert str(outcome) == f"{path}:{FRIEND_LINE}: card {name.strip()!r} (id {card_id!r}) is not in the card data"
    else:
        assert str(outcome) == f"{path}:{FRIEND_LINE}: a card needs an id: {name.strip()!r}"


@_SETTINGS
@given(st.binary(max_size=400))
def test_arbitrary_bytes_are_a_deck_or_a_one_line_error(folder, data):
    _read(folder, data)


@_SETTINGS
@given(at=st.integers(0, len(DECK.encode("utf-8"))), insert=st.binary(max_size=40), cut=st.integers(0, 40))
def test_bytes_spliced_into_a_valid_deck_are_a_deck_or_a_one_line_error(folder, at, insert, cut):
    data = DECK.encode("utf-8")
    _read(folder, data[:at] + insert + data[at + cut:])


@_SETTINGS
@given(st.text(st.characters(blacklist_categories=("Cs",)), max_size=40))
def test_raw_text_where_a_quantity_goes_is_a_deck_or_a_one_line_error(folder, raw):
    _read(folder, DECK.replace('qty="3"', f'qty="{raw}"').encode("utf-8"))


# -- a card's printed and current text ------------------------------------------------------------

def _real(card_id):
    from rulebase.cards import database

    return database.load().by_id[card_id]


def test_the_printed_text_is_played_where_the_card_data_holds_the_corrected_text():
    card = _real("gyro-poindexter")
    printed, current = octgn.printed_from_card(card, printed=True), octgn.printed_from_card(card)
    assert printed.text.startswith("When you play this card, search your deck")
    assert current.text.startswith("When you play this card, you may search your deck")
    assert [a.text for a in printed.abilities] != [a.text for a in current.abilities]
    assert printed.abilities[0].text.startswith("When you play this card, search")


def test_the_current_text_is_played_where_the_card_data_holds_the_printed_text():
    card = _real("octavia-serious-musician")
    assert "its owner's hand" in octgn.printed_from_card(card, read_text=False).text
    assert "your hand" in octgn.printed_from_card(card, printed=True, read_text=False).text
    assert octgn.with_texts(card, printed=True).text == card.text


def test_a_boosted_side_plays_its_own_printed_text():
    card = _real("princess-celestia-hoof-shaker")
    printed = octgn.printed_from_card(card, printed=True, read_text=False)
    assert printed.boosted.text.startswith("If one of your Friends would be dismissed")
    assert octgn.printed_from_card(card, read_text=False).boosted.text.startswith("At the end of your turn")


def test_a_printed_text_not_known_is_a_reading_error_naming_the_erratum():
    card = _real("daisy-mousy-mare")
    reading = octgn.read_text(card, printed=True)
    assert not reading.parsed and "its printed text is not known" in reading.error.expected
    assert "daisy-mousy-mare" in reading.error.expected
    assert octgn.read_text(card).error is None or "not known" not in octgn.read_text(card).error.expected
    assert octgn.card_abilities(card, printed=True)[2].startswith("its text can't be read")


def test_a_card_the_rules_graph_does_not_know_plays_its_own_text():
    octgn.load_cards.cache_clear()
    cards = octgn.load_cards(str(OCTGN))
    record = octgn._RECORDS[str(OCTGN)]["f1"]
    assert octgn.with_texts(record, printed=True) is record
    assert octgn.printed_from_card(record, printed=True).text == cards["f1"].text == record.text


def test_an_event_s_timing_is_its_first_timing_phrase_not_a_tag_word():
    from rulebase.cards import load

    achoo, = load().find("Achoo!")
    assert octgn.printed_from_card(achoo).timing == "Main Phase"
    nope, = load().find("Nope")
    assert octgn.printed_from_card(nope).timing == "Reaction"
