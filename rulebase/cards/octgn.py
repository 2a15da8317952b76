"""Reading the card data of an OCTGN game definition: its ``Sets/*/set.xml``.

Each ``<card>`` of a set file is one printing: its ``<property>`` elements
(``name``, ``value``) are its printed information and its ``<alternate>``,
if any, its other side.  What each property becomes:

==========================================================  ==========================
property                                                    field
==========================================================  ==========================
``Number``, ``Rarity``                                      the :class:`Printing`
``Subname``, ``Type``, ``Power``, ``Cost``, ``Text``        ``subtitle``, ``type``, ...
``Element`` and ``Multi*``/``Tri*Element`` (multicolor)     ``colors``
``PlayRequired*``, ``SecondaryPlay*``, ``TertiaryPlay*``    ``requirement``
``Traits`` (comma separated), ``Keywords``                  ``traits``, ``keywords``
``Keywords``: ``Home Limit N``                              also ``home_limit``
``ProblemPlayerElement1``/``2`` and their ``...Power``      ``owner_needs``
``ProblemOpponentPower``                                    ``opponent_needs``
``Bonus``                                                   ``points`` of a Troublemaker,
                                                            else ``bonus``
anything else                                               ``extra``
==========================================================  ==========================

A card's colors are its ``Element`` when that is a color; when it is
``Multicolor``, the colors its ``MultiPrimaryElement``,
``MultiSecondaryElement``, ``TriPrimaryElement``, ``TriSecondaryElement``
and ``TriElement`` name, in that order; none otherwise (``None``,
``Colorless`` or blank).  A color property that gives no color is kept in
``extra``.

A set file that can't be read is a :class:`~rulebase.errors.CardDataError`
naming the file and line: ``Sets/s1/set.xml:12: a card needs an id and a
name: it has no name``.  A value the fields can't make sense of is no error
(see :mod:`rulebase.cards.model`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from xml.etree.ElementTree import Element

from rulebase.cards.model import COLORS, ELEMENTS, Need, Number, Printing, Side, parse_keywords
from rulebase.cards.xmlfile import read_xml
from rulebase.errors import CardDataError

MULTICOLOR = ("MultiPrimaryElement", "MultiSecondaryElement", "TriPrimaryElement", "TriSecondaryElement", "TriElement")
"""The properties a multicolor card's colors are read from, in order."""

REQUIREMENT = (("PlayRequiredPower", "PlayRequiredElement"),
               ("SecondaryPlayRequiredPower", "SecondaryPlayRequiredElement"),
               ("TertiaryPlayRequiredPower", "TertiaryPlayRequiredElement"))
"""The (amount, color) properties of a play requirement."""

OWNER_NEEDS = (("ProblemPlayerElement1Power", "ProblemPlayerElement1"),
               ("ProblemPlayerElement2Power", "ProblemPlayerElement2"))
"""The (amount, color) properties of a Problem's requirement for its owner."""

_READ = {"Number", "Rarity", "Subname", "Type", "Element", "Power", "Cost", "Traits", "Keywords", "Text", "Bonus",
         "ProblemOpponentPower", *MULTICOLOR, *(key for pair in REQUIREMENT + OWNER_NEEDS for key in pair)}

_COLOR_WORDS = {**{element.lower(): color for element, color in ELEMENTS.items()}, **{c: c for c in COLORS}}


def number(value: str) -> Number:
    """A number as the data writes it: ``None`` if blank, the text if no whole number.

    >>> number(" 3 "), number(""), number("-1"), number("∞")
    (3, None, -1, '∞')
    """
    text = value.strip()
    if not text:
        return None
    return int(text) if re.fullmatch(r"-?[0-9]{1,9}", text) else text


def color_of(value: str) -> str | None:
    """The color an Element (or a color's name) stands for, if it is one.

    >>> color_of("Loyalty"), color_of(" kindness "), color_of("None")
    ('blue', 'yellow', None)
    """
    return _COLOR_WORDS.get(value.strip().lower())


def need_color(value: str) -> str | None:
    """The color of a need: a color, ``"wild"``, ``"not <color>"``, the
    data's text when it is none of these, ``None`` when blank.

    >>> need_color("Wild"), need_color("Not Honesty"), need_color("Rainbow"), need_color("")
    ('wild', 'not orange', 'Rainbow', None)
    """
    text = value.strip()
    word = text.lower()
    if not word:
        return None
    if word == "wild":
        return "wild"
    if word.startswith("not ") and color_of(word[4:]):
        return f"not {color_of(word[4:])}"
    return color_of(word) or text


def _needs(props: dict[str, str], pairs) -> tuple[Need, ...]:
    needs = []
    for amount_key, color_key in pairs:
        amount, color = props.get(amount_key, ""), props.get(color_key, "")
        if amount.strip() or color.strip():
            needs.append(Need(number(amount), need_color(color)))
    return tuple(needs)


def _colors(props: dict[str, str], extra: dict[str, str]) -> tuple[str, ...]:
    element = props.get("Element", "")
    if element.strip().lower() == "multicolor":
        colors = []
        for key in MULTICOLOR:
            value = props.get(key, "")
            if color_of(value):
                colors.append(color_of(value))
            elif value.strip():
                extra[key] = value
        return tuple(dict.fromkeys(colors))
    for key in MULTICOLOR:
        if props.get(key, "").strip():
            extra[key] = props[key]
    if color_of(element):
        return (color_of(element),)
    if element.strip():
        extra["Element"] = element
    return ()


def read_side(name: str, props: dict[str, str], attributes: dict[str, str] | None = None) -> Side:
    """A side of a card from its name and properties (``attributes``: the
    element's other attributes, kept in ``extra`` as ``"@name"``).

    >>> side = read_side("Fire When Ready", {"Type": "Problem", "Bonus": "5", "ProblemPlayerElement1": "Rainbow",
    ...                                      "Keywords": "Starting Problem.", "Designer": "X"})
    >>> side.type, side.bonus, side.owner_needs, side.opponent_needs, side.extra
    ('Problem', 5, (Need(amount=None, color='Rainbow'),), (), {'Designer': 'X'})
    >>> side.keywords
    (Keyword(name='Starting Problem', x=None),)
    """
    extra = {f"@{key}": value for key, value in (attributes or {}).items()}
    extra.update((key, value) for key, value in props.items() if key not in _READ)
    card_type = props.get("Type", "").strip() or None
    keywords = parse_keywords(props.get("Keywords", ""))
    home_limit = next((keyword.x for keyword in keywords if keyword.name.lower() == "home limit"), None)
    opponents = props.get("ProblemOpponentPower", "")
    bonus = number(props.get("Bonus", ""))
    return Side(
        name=name,
        subtitle=props.get("Subname", "").strip() or None,
        type=card_type,
        colors=_colors(props, extra),
        power=number(props.get("Power", "")),
        cost=number(props.get("Cost", "")),
        requirement=_needs(props, REQUIREMENT),
        traits=tuple(t.strip() for t in props.get("Traits", "").split(",") if t.strip()),
        keywords=keywords,
        text=props.get("Text", ""),
        owner_needs=_needs(props, OWNER_NEEDS),
        opponent_needs=(Need(number(opponents)),) if opponents.strip() else (),
        bonus=None if card_type == "Troublemaker" else bonus,
        points=bonus if card_type == "Troublemaker" else None,
        home_limit=home_limit,
        extra=extra,
    )


@dataclass(frozen=True)
class Entry:
    """One ``<card>`` of a set file: a printing, its front and its other side."""

    printing: Printing
    front: Side
    boosted: Side | None


@dataclass(frozen=True)
class SetFile:
    """What one set file holds: the set's name and id, its entries in the
    file's order and the lines of the ``<card>`` elements it comments out."""

    path: Path
    name: str
    id: str
    entries: tuple[Entry, ...]
    commented_out: tuple[int, ...]


def _properties(element: Element, path: Path, lines: dict[Element, int]) -> dict[str, str]:
    props = {}
    for child in element:
        if child.tag != "property":
            if child.tag == "alternate" and element.tag == "card":
                continue
            raise CardDataError(f"{path}:{lines[child]}: an element a card does not hold: "
                                f"<{child.tag}> in <{element.tag}>")
        key = (child.get("name") or "").strip()
        if not key or key in props:
            problem = f"property {key!r} given twice" if key else "a property without a name"
            raise CardDataError(f"{path}:{lines[child]}: {problem} in {element.get('name')!r}")
        value = child.get("value")
        props[key] = value if value is not None else (child.text or "")
    return props


def _commented_cards(comments: list[tuple[int, str]]) -> tuple[int, ...]:
    """The lines of the ``<card`` start tags inside the comments."""
    return tuple(line + text[:match.start()].count("\n")
                 for line, text in comments for match in re.finditer(r"<card\b", text))


def read_set(path: Path) -> SetFile:
    """Read one ``set.xml``; raises :class:`CardDataError` naming the file and line."""
    comments: list[tuple[int, str]] = []
    root, lines = read_xml(path, comments)
    if root.tag != "set":
        raise CardDataError(f"{path}:{lines[root]}: not an OCTGN set: the root element is <{root.tag}>, not <set>")
    for key in ("name", "id"):
        if not (root.get(key) or "").strip():
            raise CardDataError(f"{path}:{lines[root]}: a set needs a name and an id: it has no {key}")
    entries = []
    for card in root.iter("card"):
        where = f"{path}:{lines[card]}"
        for key in ("id", "name"):
            if not (card.get(key) or "").strip():
                raise CardDataError(f"{where}: a card needs an id and a name: it has no {key}")
        props = _properties(card, path, lines)
        attributes = {key: value for key, value in card.attrib.items() if key not in ("id", "name")}
        front = read_side(card.get("name"), props, attributes)
        alternates = card.findall("alternate")
        if len(alternates) > 1:
            raise CardDataError(f"{path}:{lines[alternates[1]]}: a card with a second <alternate> "
                                f"(only one other side is read): {card.get('name')!r}")
        boosted = None
        for alternate in alternates:
            if not (alternate.get("name") or "").strip():
                raise CardDataError(f"{path}:{lines[alternate]}: an <alternate> needs a name")
            side_attributes = {key: value for key, value in alternate.attrib.items() if key != "name"}
            boosted = read_side(alternate.get("name"), _properties(alternate, path, lines), side_attributes)
        printing = Printing(set_name=root.get("name"), set_id=root.get("id"),
                            number=props.get("Number", "").strip() or None,
                            rarity=props.get("Rarity", "").strip() or None, octgn_id=card.get("id"), line=lines[card])
        entries.append(Entry(printing, front, boosted))
    return SetFile(Path(path), root.get("name"), root.get("id"), tuple(entries), _commented_cards(comments))


def set_files(root: Path) -> list[Path]:
    """The set files of the game definition at ``root``, in the order of their folders' names."""
    files = sorted(Path(root).glob("Sets/*/set.xml"))
    if not files:
        raise CardDataError(f"{root}: no card data (Sets/*/set.xml) in this OCTGN game definition")
    return files

