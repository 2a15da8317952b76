"""The one hardened XML reader: lines, comments, and every hostile or broken
file refused with the file and line."""

import pytest

from rulebase.cards.xmlfile import read_xml
from rulebase.errors import CardDataError


def test_elements_carry_their_lines_and_character_references_are_read(tmp_path):
    path = tmp_path / "a.xml"
    path.write_text('<?xml version="1.0"?>\n<set>\n <card name="A&#10;B &amp; C"/>\n <card>text</card>\n</set>\n')
    root, lines = read_xml(path)
    first, second = root.findall("card")
    assert (lines[root], lines[first], lines[second]) == (2, 3, 4)
    assert first.get("name") == "A\nB & C" and second.text == "text"


def test_comments_are_given_with_the_line_they_start_on(tmp_path):
    path = tmp_path / "a.xml"
    path.write_text("<set>\n<!-- one -->\n<x/>\n<!--\ntwo\n-->\n</set>")
    comments = []
    read_xml(path, comments)
    assert comments == [(2, " one "), (4, "\ntwo\n")]


@pytest.mark.parametrize("text, message", [
    ('<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]>\n<set>&lol2;</set>',
     "1: a document type declaration (<!DOCTYPE ...>) is not allowed"),
    ('<?xml version="1.0"?>\n<!DOCTYPE set SYSTEM "http://example.com/set.dtd">\n<set/>',
     "2: a document type declaration (<!DOCTYPE ...>) is not allowed"),
    ("<set>\n<card>\n</set>", "3: not well-formed XML: mismatched tag (column 3)"),
    ("", "1: not well-formed XML: no element found (column 1)"),
    ('<?xml version="1.0" encoding="klingon"?><set/>', "1: the XML declaration names an encoding that can't be read"),
])
def test_a_hostile_or_broken_file_is_refused_naming_file_and_line(tmp_path, text, message):
    path = tmp_path / "a.xml"
    path.write_text(text)
    with pytest.raises(CardDataError) as error:
        read_xml(path)
    assert str(error.value).startswith(f"{path}:{message}")


def test_an_unreadable_file_is_named(tmp_path):
    with pytest.raises(CardDataError, match=r"nowhere\.xml: can't read the file"):
        read_xml(tmp_path / "nowhere.xml")
