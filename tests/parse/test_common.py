"""What every parser shares: lark's errors as ParseError, in the document's lines."""

from __future__ import annotations

import pytest
from lark.exceptions import UnexpectedEOF

from rulebase.errors import ParseError
from rulebase.parse import common


def test_an_error_names_the_line_lark_counts_and_quotes_it():
    # The form feed and line separator end no line: the bad line is the fourth.
    text = "1. Fundamentals\x0c\n\n(101) Deck\u2028building\n(101.1 unclosed\n"
    with pytest.raises(ParseError) as caught:
        common.parse("ccg_rules", text, document="doc.md", first_line=10)
    error = caught.value
    assert (error.document, error.line) == ("doc.md", 13)
    assert error.text == "(101.1 unclosed"


def test_crlf_line_ends_are_read_as_line_feeds():
    lf = common.parse("ccg_rules", "1. Fundamentals\n\n(101) Deckbuilding\n", document="doc.md")
    crlf = common.parse("ccg_rules", "1. Fundamentals\r\n\r\n(101) Deckbuilding\r\n", document="doc.md")
    assert crlf == lf
    assert "\r" not in str(crlf)


def test_an_error_without_a_position_names_the_end_of_the_text(monkeypatch):
    class EndsEarly:
        def parse(self, text):
            raise UnexpectedEOF(expected=["REF"])

    monkeypatch.setattr(common, "load", lambda name: EndsEarly())
    with pytest.raises(ParseError) as caught:
        common.parse("ccg_rules", "1. Fundamentals\n\n(101) Deck", document="doc.md", first_line=5)
    error = caught.value
    assert (error.line, error.column, error.text) == (7, 11, "(101) Deck")
    assert str(error) == "doc.md:7:11: unexpected end of text: '(101) Deck'"
