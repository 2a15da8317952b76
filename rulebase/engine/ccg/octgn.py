"""Reading decks in the OCTGN format: the game definition's card data (read
once, by the card database, :mod:`rulebase.cards`) and ``*.o8d`` deck files
(the original theme decks among them).

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
from xml.etree.ElementTree import Element

from rulebase.cards import database as card_database
from rulebase.cards import model as card_model
from rulebase.cards import xmlfile
from rulebase.cards.decks import MAX_COPIES
from rulebase.engine.ccg.cards import KEYWORDS, TIMINGS, CardType, Color, Need, Printed, parse_keyword
from rulebase.engine.ccg.deck import Deck
from rulebase.engine.errors import SetupError
from rulebase.errors import CardDataError


_HOST = re.compile(r"^Play (?:this card )?on (?:a|an|one of your|your|an opposing|any) "
                   r"(character|Friend|Problem|Troublemaker|Mane Character)", re.I)


def read_xml(path: Path) -> tuple[Element, dict[Element, int]]:
    """The root element of an XML file and the line each element starts on,
    read by the card data's hardened reader
    (:func:`rulebase.cards.xmlfile.read_xml`); what is wrong with the file is
    a :class:`SetupError`."""
    try:
        return xmlfile.read_xml(path)
    except CardDataError as error:
        raise SetupError(str(error)) from None


def _int(value) -> int | None:
    """A number of the card data that is a whole number, else ``None``."""
    return value if isinstance(value, int) else None


def _need(need: card_model.Need) -> Need | None:
    """A confront requirement the engine plays; ``None`` for one it can't read."""
    amount = _int(need.amount)
    if amount is None:
        return None
    word = need.color or "wild"
    if word == "wild":
        return Need(amount)
    if word.lower().startswith("not "):
        return Need(amount, excluded=Color(word[4:])) if word[4:] in card_model.COLORS else None
    if word not in card_model.COLORS:
        raise SetupError(f"a confront requirement of an unknown color: {word!r}")
    return Need(amount, Color(word))


def printed_from_card(side: card_model.Side, title: str | None = None, printed: bool = False) -> Printed:
    """The printed information the engine plays of a card of the card
    database (with its Boosted side), or of one side of a card (``title``:
    the card's name).  ``printed``: the card's text is its printed
    (pre-errata) text rather than its current text.  Raises
    :class:`SetupError` for a card the engine can't play."""
    name = title or side.name
    boosted = getattr(side, "boosted", None)
    card_type = side.type or ""
    colors = [Color(color) for color in side.colors]
    keywords, home_limit, starting = [], None, False
    for keyword in side.keywords:
        part = str(keyword)
        if part.lower().startswith("home limit"):
            home_limit = _int(keyword.x)
        elif part.lower() == "starting problem":
            starting = True
        elif part.split()[0].capitalize() in KEYWORDS:
            try:
                keywords.append(parse_keyword(part))
            except SetupError:
                pass
    traits = list(side.traits)
    text = side.text
    fields: dict = {"colors": colors, "traits": traits, "keywords": keywords}
    requirement = [Need(need.amount, Color(need.color)) for need in side.requirement
                   if _int(need.amount) and need.color in card_model.COLORS]
    if card_type.startswith("Mane Character"):
        fields.update(power=_int(side.power) or 0, home_limit=home_limit or 3)
        if boosted is not None:
            fields["boosted"] = printed_from_card(boosted, name, printed)
        return Printed.build(name, CardType.MANE, subtitle=side.subtitle, **fields)
    if card_type == "Problem":
        owner = [n for n in map(_need, side.owner_needs) if n is not None]
        opponents = _int(side.opponent_needs[0].amount) if side.opponent_needs else None
        return Printed.build(name, CardType.PROBLEM, subtitle=side.subtitle, traits=traits,
                             keywords=keywords, owner_needs=tuple(owner), opponents_need=(Need(opponents or 0),),
                             bonus=_int(side.bonus) or 0, starting_problem=starting)
    if card_type == "Troublemaker":
        return Printed.build(name, CardType.TROUBLEMAKER, subtitle=side.subtitle, traits=traits,
                             keywords=keywords, power=_int(side.power) or 0, points=_int(side.points) or 0)
    if card_type == "Event":
        timing = next((t for t in sorted(TIMINGS, key=len, reverse=True) if text.startswith(t + ":")), "Reaction")
        return Printed.build(name, CardType.EVENT, subtitle=side.subtitle, colors=colors, traits=traits,
                             power=_int(side.power), cost=_int(side.cost) or 0,
                             requirement=tuple(requirement), timing=timing)
    if card_type in ("Friend", "Resource"):
        host = None
        if card_type == "Resource":
            match = _HOST.match(text)
            host = match.group(1) if match else None
        return Printed.build(name, card_type, subtitle=side.subtitle, host=host,
                             cost=_int(side.cost) or 0, power=_int(side.power) or 0,
                             requirement=tuple(requirement), **fields)
    raise SetupError(f"{name}: a card type the engine does not play: {card_type!r}")


@lru_cache(maxsize=4)
def load_cards(root: str) -> dict[str, Printed]:
    """Every card of the game definition at ``root`` the engine plays, by
    OCTGN id: the records of the card database (:func:`rulebase.cards.load`)
    as the engine plays them; the cards it can't play are left out."""
    try:
        database = card_database.load(root)
    except CardDataError as error:
        raise SetupError(str(error)) from None
    playable: dict[str, Printed] = {}
    for card in database.cards:
        try:
            printed = printed_from_card(card)
        except SetupError:
            continue
        for printing in card.printings:
            playable[printing.octgn_id] = printed
    return playable


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
