"""Reading an XML file as untrusted input: the one XML reader of the card
data and the engine's deck files.

A document type declaration is refused, and with it every entity one could
declare: a "billion laughs" file is not expanded, an external entity is not
fetched.  Whatever is wrong with a file is a
:class:`~rulebase.errors.CardDataError` naming the file and, once it has
been read, the line: ``set.xml:3: not well-formed XML: mismatched tag
(column 3)``.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     path = Path(folder, "set.xml")
...     _ = path.write_text('<set name="S">\\n <!-- <card name="Old"/> -->\\n <card name="A&#10;B"/>\\n</set>')
...     comments = []
...     root, lines = read_xml(path, comments)
>>> card = root.find("card")
>>> card.get("name"), lines[card], comments
('A\\nB', 3, [(2, ' <card name="Old"/> ')])
"""

from __future__ import annotations

from pathlib import Path
from xml.etree.ElementTree import Element, TreeBuilder
from xml.parsers import expat

from rulebase.errors import CardDataError


class _Refused(Exception):
    """Raised inside the XML reader to stop at something it does not read."""


def read_xml(path: Path, comments: list | None = None) -> tuple[Element, dict[Element, int]]:
    """The root element of an XML file and the line each element starts on.

    When ``comments`` is a list, each comment of the file is appended to it
    as ``(line, text)``: what a file comments out is not read, but it can
    be counted.  Raises :class:`CardDataError` naming the file and line.
    """
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise CardDataError(f"{path}: can't read the file ({error.strerror or error.__class__.__name__})") from None
    return parse_xml(data, str(path), comments)


def parse_xml(data: bytes, name: str, comments: list | None = None) -> tuple[Element, dict[Element, int]]:
    """:func:`read_xml` of bytes already read (an upload), its errors naming ``name``.

    >>> parse_xml(b'<!DOCTYPE d [<!ENTITY a "aa">]><d>&a;</d>', "up.o8d")
    Traceback (most recent call last):
    ...
    rulebase.errors.CardDataError: up.o8d:1: a document type declaration (<!DOCTYPE ...>) is not allowed
    """
    path = name
    builder, lines = TreeBuilder(), {}
    parser = expat.ParserCreate()
    parser.buffer_text = True

    def start(tag, attributes):
        lines[builder.start(tag, attributes)] = parser.CurrentLineNumber

    def refuse(*_):
        raise _Refused("a document type declaration (<!DOCTYPE ...>) is not allowed")

    parser.StartElementHandler = start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    if comments is not None:
        parser.CommentHandler = lambda text: comments.append((parser.CurrentLineNumber, text))
    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    parser.ExternalEntityRefHandler = refuse
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    try:
        parser.Parse(data, True)
    except _Refused as refusal:
        raise CardDataError(f"{path}:{parser.CurrentLineNumber}: {refusal}") from None
    except expat.ExpatError as error:
        raise CardDataError(f"{path}:{error.lineno}: not well-formed XML: {expat.ErrorString(error.code)} "
                            f"(column {error.offset + 1})") from None
    except (LookupError, ValueError) as error:
        # pyexpat asks Python's codecs for an encoding it does not know itself
        raise CardDataError(f"{path}:{parser.CurrentLineNumber}: the XML declaration names an encoding "
                            f"that can't be read ({error})") from None
    return builder.close(), lines
