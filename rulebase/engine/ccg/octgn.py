"""Reading decks in the OCTGN format: the game definition's ``Sets/*/set.xml``
card data and ``*.o8d`` deck files (the original theme decks among them).

The engine plays the printed information of these cards; their own text is
not carried out (Events do nothing beyond their cost, keywords the engine
does not know are dropped).

Both are read as untrusted input: a file with a document type declaration
is refused (so no entity is ever expanded or fetched), and whatever is wrong
with a file is a :class:`~rulebase.engine.errors.SetupError` that names the
file and, once it has been read, the line:
``deck.o8d:4: quantity must be a whole number from 1 to 99: 'two'``.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from xml.etree.ElementTree import Element, TreeBuilder
from xml.parsers import expat

from rulebase.engine.ccg.cards import (ELEMENTS, KEYWORDS, TIMINGS, CardType, Need, Printed, parse_keyword)
from rulebase.engine.ccg.deck import Deck
from rulebase.engine.errors import SetupError

MAX_COPIES = 99
"""The most copies of a card one line of a deck file may ask for."""

_HOST = re.compile(r"^Play (?:this card )?on (?:a|an|one of your|your|an opposing|any) "
                   r"(character|Friend|Problem|Troublemaker|Mane Character)", re.I)


def _color(value: str):
    return ELEMENTS.get(value.strip().lower())


def _int(value: str | None) -> int | None:
    value = (value or "").strip()
    return int(value) if re.fullmatch(r"-?[0-9]{1,9}", value) else None


class _Refused(Exception):
    """Raised inside the XML reader to stop at something it does not read."""


def read_xml(path: Path) -> tuple[Element, dict[Element, int]]:
    """The root element of an XML file and the line each element starts on.

    A document type declaration is refused, and with it every entity one
    could declare: a "billion laughs" file is not expanded, an external
    entity is not fetched.
    """
    try:
        data = path.read_bytes()
    except OSError as error:
        raise SetupError(f"{path}: can't read the file ({error.strerror or error.__class__.__name__})") from None
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
    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    parser.ExternalEntityRefHandler = refuse
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    try:
        parser.Parse(data, True)
    except _Refused as refusal:
        raise SetupError(f"{path}:{parser.CurrentLineNumber}: {refusal}") from None
    except expat.ExpatError as error:
        raise SetupError(f"{path}:{error.lineno}: not well-formed XML: {expat.ErrorString(error.code)} "
                         f"(column {error.offset + 1})") from None
    except (LookupError, ValueError) as error:
        # pyexpat asks Python's codecs for an encoding it does not know itself
        raise SetupError(f"{path}:{parser.CurrentLineNumber}: the XML declaration names an encoding "
                         f"that can't be read ({error})") from None
    return builder.close(), lines


def _need(element: str, amount: int | None) -> Need | None:
    if amount is None:
        return None
    word = element.strip().lower()
    if word == "wild" or word == "":
        return Need(amount)
    if word.startswith("not "):
        color = _color(word[4:])
        return Need(amount, excluded=color) if color else None
    color = _color(word)
    if color is None:
        raise SetupError(f"a confront requirement of an unknown color: {element!r}")
    return Need(amount, color)


def printed_from_properties(name: str, props: dict, boosted: dict | None = None) -> Printed:
    """A card's printed information from its OCTGN properties."""
    card_type = props.get("Type", "")
    element = props.get("Element", "")
    if element == "Multicolor":
        colors = [c for c in (_color(props.get(k, "")) for k in
                  ("MultiPrimaryElement", "MultiSecondaryElement", "TriPrimaryElement", "TriSecondaryElement",
                   "TriElement")) if c]
    else:
        colors = [_color(element)] if _color(element) else []
    colors = list(dict.fromkeys(colors))
    keywords, home_limit, starting = [], None, False
    for part in re.split(r"[,.]\s*", props.get("Keywords", "")):
        part = part.strip()
        if not part:
            continue
        if part.lower().startswith("home limit"):
            home_limit = _int(part.split()[-1])
        elif part.lower() == "starting problem":
            starting = True
        elif part.split()[0].capitalize() in KEYWORDS:
            try:
                keywords.append(parse_keyword(part))
            except SetupError:
                pass
    traits = [t.strip() for t in props.get("Traits", "").split(",") if t.strip()]
    text = props.get("Text", "")
    fields: dict = {"colors": colors, "traits": traits, "keywords": keywords}
    requirement = []
    for power_key, element_key in (("PlayRequiredPower", "PlayRequiredElement"),
                                   ("SecondaryPlayRequiredPower", "SecondaryPlayRequiredElement"),
                                   ("TertiaryPlayRequiredPower", "TertiaryPlayRequiredElement")):
        amount, color = _int(props.get(power_key)), _color(props.get(element_key, ""))
        if amount and color:
            requirement.append(Need(amount, color))
    if card_type.startswith("Mane Character"):
        fields.update(power=_int(props.get("Power")) or 0, home_limit=home_limit or 3)
        if boosted is not None:
            side = printed_from_properties(name, boosted)
            fields["boosted"] = side
        return Printed.build(name, CardType.MANE, subtitle=props.get("Subname") or None, **fields)
    if card_type == "Problem":
        owner = [n for n in (_need(props.get("ProblemPlayerElement1", ""), _int(props.get("ProblemPlayerElement1Power"))),
                             _need(props.get("ProblemPlayerElement2", ""), _int(props.get("ProblemPlayerElement2Power"))))
                 if n is not None]
        return Printed.build(name, CardType.PROBLEM, subtitle=props.get("Subname") or None, traits=traits,
                             keywords=keywords, owner_needs=tuple(owner),
                             opponents_need=(Need(_int(props.get("ProblemOpponentPower")) or 0),),
                             bonus=_int(props.get("Bonus")) or 0, starting_problem=starting)
    if card_type == "Troublemaker":
        return Printed.build(name, CardType.TROUBLEMAKER, subtitle=props.get("Subname") or None, traits=traits,
                             keywords=keywords, power=_int(props.get("Power")) or 0, points=_int(props.get("Bonus")) or 0)
    if card_type == "Event":
        timing = next((t for t in sorted(TIMINGS, key=len, reverse=True) if text.startswith(t + ":")), "Reaction")
        return Printed.build(name, CardType.EVENT, subtitle=props.get("Subname") or None, colors=colors, traits=traits,
                             power=_int(props.get("Power")), cost=_int(props.get("Cost")) or 0,
                             requirement=tuple(requirement), timing=timing)
    if card_type in ("Friend", "Resource"):
        host = None
        if card_type == "Resource":
            match = _HOST.match(text)
            host = match.group(1) if match else None
        return Printed.build(name, card_type, subtitle=props.get("Subname") or None, host=host,
                             cost=_int(props.get("Cost")) or 0, power=_int(props.get("Power")) or 0,
                             requirement=tuple(requirement), **fields)
    raise SetupError(f"{name}: a card type the engine does not play: {card_type!r}")


@lru_cache(maxsize=4)
def load_cards(root: str) -> dict[str, Printed]:
    """Every card of the game definition at ``root``, by OCTGN id."""
    cards: dict[str, Printed] = {}
    files = sorted(Path(root).glob("Sets/*/set.xml"))
    if not files:
        raise SetupError(f"{root}: no card data (Sets/*/set.xml) in this OCTGN game definition")
    for path in files:
        tree, lines = read_xml(path)
        for card in tree.iter("card"):
            if not card.get("id") or not card.get("name"):
                raise SetupError(f"{path}:{lines[card]}: a card needs an id and a name")
            props = {p.get("name"): p.get("value") or "" for p in card.findall("property")}
            alternate = card.find("alternate")
            boosted = None
            if alternate is not None:
                boosted = {p.get("name"): p.get("value") or "" for p in alternate.findall("property")}
            try:
                cards[card.get("id")] = printed_from_properties(card.get("name"), props, boosted)
            except SetupError:
                continue
    return cards


def copies_of(value: str | None) -> int:
    """The number of copies a deck file's ``qty`` asks for: a whole number
    from 1 to :data:`MAX_COPIES` (1 when it says none).

    >>> copies_of(" 3 "), copies_of(None)
    (3, 1)
    >>> copies_of("two")
    Traceback (most recent call last):
    ...
    ValueError: quantity must be a whole number from 1 to 99: 'two'
    """
    if value is None:
        return 1
    digits = value.strip()
    if re.fullmatch(r"[0-9]{1,9}", digits) and 1 <= int(digits) <= MAX_COPIES:
        return int(digits)
    raise ValueError(f"quantity must be a whole number from 1 to {MAX_COPIES}: {value!r}")


def load_deck(path: str | Path, root: str | Path) -> Deck:
    """Read an OCTGN deck file (``.o8d``) with the card data at ``root``."""
    path = Path(path)
    cards = load_cards(str(root))
    tree, lines = read_xml(path)
    if tree.tag != "deck":
        raise SetupError(f"{path}:{lines[tree]}: not an OCTGN deck: the root element is <{tree.tag}>, not <deck>")
    mane, draw, problems = None, [], []
    for section in tree.findall("section"):
        for entry in section.findall("card"):
            where = f"{path}:{lines[entry]}"
            name = (entry.text or "").strip()
            if not entry.get("id"):
                raise SetupError(f"{where}: a card needs an id: {name!r}")
            printed = cards.get(entry.get("id"))
            if printed is None:
                raise SetupError(f"{where}: card {name!r} (id {entry.get('id')!r}) is not in the card data")
            try:
                copies = copies_of(entry.get("qty"))
            except ValueError as error:
                raise SetupError(f"{where}: {error}") from None
            if printed.type == CardType.MANE:
                if mane is not None or copies > 1:
                    raise SetupError(f"{where}: a deck has one Mane Character (102.1): {printed.name!r}")
                mane = printed
            elif printed.type == CardType.PROBLEM:
                problems.extend([printed] * copies)
            else:
                draw.extend([printed] * copies)
    return Deck(path.stem, mane, draw, problems)


def theme_decks(root: str | Path) -> list[Deck]:
    """The deck files under ``root/Decks``."""
    return [load_deck(path, root) for path in sorted(Path(root).glob("Decks/**/*.o8d"))]
