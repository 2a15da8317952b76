"""Reading set files: what each property becomes, and a malformed or hostile
set file is one :class:`CardDataError` line naming the file and the line."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebase.cards.model import Keyword, Need
from rulebase.cards.octgn import read_set, read_side, set_files
from rulebase.errors import CardDataError, RulebaseError

SET = """<?xml version="1.0" encoding="utf-8"?>
<set name="Test" id="s1">
 <cards>
  <card id="m1" name="Test Mane">
   <property name="Number" value="T1"/><property name="Rarity" value="F"/>
   <property name="Type" value="Mane Character"/><property name="Element" value="Magic"/>
   <property name="Power" value="1"/><property name="Keywords" value="Home Limit 3"/>
   <alternate name="Test Mane" type="Mane Character Boosted">
    <property name="Type" value="Mane Character Boosted"/><property name="Power" value="3"/>
   </alternate>
  </card>
  <card id="f1" name="Test Friend">
   <property name="Number" value="T2"/><property name="Rarity" value=""/>
   <property name="Type" value="Friend"/><property name="Power" value="2"/>
  </card>
 </cards>
</set>
"""


def write(tmp_path, text: str):
    path = tmp_path / "set.xml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_set_file_reads_into_printings_and_sides(tmp_path):
    read = read_set(write(tmp_path, SET))
    assert (read.name, read.id, read.commented_out) == ("Test", "s1", ())
    mane, friend = read.entries
    assert (mane.printing.number, mane.printing.rarity, mane.printing.octgn_id, mane.printing.line) == ("T1", "F", "m1", 4)
    assert (mane.front.power, mane.front.home_limit, mane.front.colors) == (1, 3, ("purple",))
    assert (mane.boosted.name, mane.boosted.power, mane.boosted.extra) == ("Test Mane", 3, {"@type": "Mane Character Boosted"})
    assert friend.printing.rarity is None and friend.boosted is None and friend.front.cost is None


def test_commented_out_cards_are_counted_by_line(tmp_path):
    text = SET.replace('  <card id="f1"', '  <!-- <card id="old1" name="A"/>\n  <card id="old2" name="B"/> -->\n  <card id="f1"')
    read = read_set(write(tmp_path, text))
    assert read.commented_out == (12, 13) and [e.printing.octgn_id for e in read.entries] == ["m1", "f1"]


@pytest.mark.parametrize("change, message", [
    (('<card id="f1" name="Test Friend">', '<card id="f1">'), "12: a card needs an id and a name: it has no name"),
    (('<card id="f1" name="Test Friend">', '<card name="Test Friend">'), "12: a card needs an id and a name: it has no id"),
    (('<card id="f1" name="Test Friend">', '<card id=" " name="Test Friend">'), "12: a card needs an id and a name: it has no id"),
    (('<set name="Test" id="s1">', '<set id="s1">'), "2: a set needs a name and an id: it has no name"),
    (('<set name="Test" id="s1">', '<deck name="Test" id="s1">'), "17: not well-formed XML: mismatched tag (column 3)"),
    (("<set ", '<!DOCTYPE set [<!ENTITY x "y">]>\n<set '), "2: a document type declaration (<!DOCTYPE ...>) is not allowed"),
    (('<property name="Power" value="2"/>', '<property value="2"/>'), "14: a property without a name in 'Test Friend'"),
    (('<property name="Power" value="2"/>', '<property name="Type" value="2"/>'), "14: property 'Type' given twice in 'Test Friend'"),
    (('<property name="Power" value="2"/>', '<image src="x"/>'), "14: an element a card does not hold: <image> in <card>"),
    (('<alternate name="Test Mane"', '<alternate'), "8: an <alternate> needs a name"),
    (("   </alternate>\n", "   </alternate>\n   <alternate name='Again'/>\n"), "11: a card with a second <alternate>"),
    (("<cards>", "<cards><alternate name='x'/>"), None),
])
def test_a_malformed_set_file_is_one_line_naming_file_and_line(tmp_path, change, message):
    assert change[0] in SET
    path = write(tmp_path, SET.replace(*change, 1))
    if message is None:  # an element outside any card is not read
        assert len(read_set(path).entries) == 2
        return
    with pytest.raises(CardDataError) as error:
        read_set(path)
    assert str(error.value).startswith(f"{path}:{message}") and "\n" not in str(error.value)


def test_a_file_that_is_not_a_set_is_refused(tmp_path):
    path = write(tmp_path, '<?xml version="1.0"?>\n<deck game="x">\n <section name="Mane"/>\n</deck>\n')
    with pytest.raises(CardDataError, match=r"set\.xml:2: not an OCTGN set: the root element is <deck>, not <set>"):
        read_set(path)


def test_set_files_are_found_in_their_folders_order(tmp_path):
    for folder in ("b", "a", "c"):
        (tmp_path / "Sets" / folder).mkdir(parents=True)
        (tmp_path / "Sets" / folder / "set.xml").write_text("<set/>")
    assert [path.parent.name for path in set_files(tmp_path)] == ["a", "b", "c"]


def test_numbers_blank_values_and_free_text():
    side = read_side("Odd", {"Type": "Problem", "Power": " ", "Cost": "X", "Bonus": "0",
                             "ProblemOpponentPower": "infinity", "ProblemPlayerElement1": "Wild",
                             "ProblemPlayerElement1Power": "∞", "ProblemPlayerElement2": "",
                             "ProblemPlayerElement2Power": "2"})
    assert (side.power, side.cost, side.bonus, side.points) == (None, "X", 0, None)
    assert side.owner_needs == (Need("∞", "wild"), Need(2, None))
    assert side.opponent_needs == (Need("infinity", None),)


def test_a_troublemakers_bonus_is_its_points():
    side = read_side("Trouble", {"Type": "Troublemaker", "Power": "4", "Bonus": "2"})
    assert (side.points, side.bonus) == (2, None)


@pytest.mark.parametrize("props, colors, extra", [
    ({"Element": "Loyalty"}, ("blue",), {}),
    ({"Element": "Multicolor", "MultiPrimaryElement": "Honesty", "MultiSecondaryElement": "None"}, ("orange",),
     {"MultiSecondaryElement": "None"}),
    ({"Element": "Multicolor", "TriPrimaryElement": "Loyalty", "TriSecondaryElement": "Laughter",
      "TriElement": "Kindness"}, ("blue", "pink", "yellow"), {}),
    ({"Element": "Multicolor", "MultiPrimaryElement": "Magic", "TriElement": "Magic"}, ("purple",), {}),
    ({"Element": "None", "MultiSecondaryElement": "Generosity"}, (), {"Element": "None", "MultiSecondaryElement": "Generosity"}),
    ({"Element": "Colorless"}, (), {"Element": "Colorless"}),
    ({"Element": ""}, (), {}),
])
def test_colors_come_from_the_element_or_the_multicolor_properties(props, colors, extra):
    side = read_side("Card", props)
    assert (side.colors, side.extra) == (colors, extra)


def test_requirements_keywords_and_traits():
    side = read_side("Card", {"PlayRequiredPower": "2", "PlayRequiredElement": "Honesty",
                              "SecondaryPlayRequiredPower": "1", "SecondaryPlayRequiredElement": "Not Magic",
                              "TertiaryPlayRequiredPower": "", "TertiaryPlayRequiredElement": "",
                              "Keywords": "Tyrannical 3. Starting Problem.", "Traits": "Unicorn, , Unique "})
    assert side.requirement == (Need(2, "orange"), Need(1, "not purple"))
    assert side.keywords == (Keyword("Tyrannical", 3), Keyword("Starting Problem"))
    assert side.traits == ("Unicorn", "Unique") and side.home_limit is None


# Property test: whatever bytes a set file holds, reading it gives a set or
# the card data's own error naming the file and a line, never another exception.

_WHERE = re.compile(r"^(?P<path>.+?set\.xml):(?P<line>[1-9]\d*): \S")


@settings(max_examples=120, deadline=None)
@given(at=st.integers(0, len(SET.encode("utf-8"))), insert=st.binary(max_size=30), cut=st.integers(0, 30))
def test_bytes_spliced_into_a_set_file_give_a_set_or_a_one_line_error(tmp_path_factory, at, insert, cut):
    path = tmp_path_factory.mktemp("fuzz") / "set.xml"
    data = SET.encode("utf-8")
    path.write_bytes(data[:at] + insert + data[at + cut:])
    try:
        read = read_set(path)
    except RulebaseError as error:
        where = _WHERE.match(str(error))
        assert isinstance(error, CardDataError) and where and where.group("path") == str(path), str(error)
        assert "\n" not in str(error)
    else:
        assert all(entry.printing.octgn_id and entry.front.name for entry in read.entries)
