"""Reading decks in the OCTGN format: the game definition's card data (read
once, by the card database, :mod:`rulebase.cards`) and ``*.o8d`` deck files
(the original theme decks among them).

The engine plays the printed information of these cards with their text:
the current text (errata applied) read into abilities
(:func:`rulebase.engine.ccg.abilities.reading.read_card`), the Boosted
side's on its own side.  A card is never partly played: when the engine
can't carry out every ability of a card (or its text can't be read), the
card is *held*: it plays with its printed information and keywords only,
every time it is played the trace says its text is not carried out (701.1),
and :func:`held_cards` names such cards of a deck with what holds them
(the simulator's report lists them).

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


HELD: dict[str, str] = {}
"""The cards whose text the engine can't carry out in full, by name: what holds each."""


def with_texts(card, printed: bool = False):
    """The card with its current text, its erratum applied (``printed``: its
    text as printed) on both sides, whichever of the two the card data
    holds (:func:`rulebase.errata.card_texts`); the card as the data has it
    where it has no erratum, where the rules' graph does not know it, or
    where a change of its erratum can't be located (see :func:`read_text`)."""
    from dataclasses import replace

    from rulebase.errata import card_texts

    try:
        texts = card_texts(card)
    except KeyError:  # a card the rules' graph does not know has no errata: its own text is both
        return card
    if not texts.known:
        return card
    front, boosted = texts.text(printed)
    if card.boosted is not None:
        return replace(card, text=front, boosted=replace(card.boosted, text=boosted or ""))
    return replace(card, text=front)


def read_text(card, printed: bool = False):
    """The reading (:func:`rulebase.engine.ccg.abilities.reading.read_card`)
    of a card's current text (``printed``: its text as printed,
    :func:`with_texts`).  Where a change of its erratum can't be located in
    the card's text the current text is the data's and the printed text is
    not known: the reading's error says so."""
    from rulebase.engine.ccg.abilities import reading
    from rulebase.errata import card_texts

    if printed:
        try:
            texts = card_texts(card)
        except KeyError:
            texts = None
        if texts is not None and not texts.known:
            reasons = "; ".join(change.note for change in texts.unlocated() if change.note)
            error = reading.CardTextError(card.text, 1, 1, f"its printed text is not known: {reasons} "
                                          f"(erratum {texts.erratum})")
            return reading.CardReading(card.id, None, None, error)
    return reading.read_card(with_texts(card, printed), printed=True)


def card_abilities(card, printed: bool = False) -> tuple[tuple, tuple, str | None]:
    """The abilities of a card's front and Boosted side, read from its
    current text (``printed``: its printed text, :func:`read_text`), and
    what holds the card back (``None`` when the engine can carry out all of
    them); a held card gets no abilities."""
    from rulebase.engine.ccg.abilities import catalog

    read = read_text(card, printed)
    if not read.parsed:
        error = read.error
        return (), (), f"its text can't be read (line {error.line}, column {error.column}: {error.expected})"
    from rulebase.engine.ccg.abilities.continuous import replaceable

    engine = catalog.Engine()
    for side in (read.front or (), read.boosted or ()):
        for ability in side:
            lacking = engine.ability(ability)
            if lacking is None and ability.kind == "replacement" and ability.trigger is not None:
                reason = replaceable(ability.trigger, ability.effect)
                lacking = None if reason is None else ("effect", reason)
            if lacking is not None:
                return (), (), f"{ability.text or ability.kind!r}: {lacking[0]}: {lacking[1]}"
    return tuple(read.front or ()), tuple(read.boosted or ()), None


def held_cards(decks) -> dict[str, str]:
    """The cards of ``decks`` whose text the engine can't carry out in
    full, by name, with what holds each."""
    found = {}
    for deck in decks:
        for printed in [deck.mane, *deck.draw, *deck.problems]:
            if printed is not None and printed.name in HELD:
                found[printed.name] = HELD[printed.name]
    return found


def printed_from_card(side: card_model.Side, title: str | None = None, printed: bool = False,
                      abilities: tuple | None = None, read_text: bool = True) -> Printed:
    """The printed information the engine plays of a card of the card
    database (with its Boosted side and the abilities of its text, see
    :func:`card_abilities`), or of one side of a card (``title``: the
    card's name; ``abilities``: that side's).  ``printed``: the card's text
    is its printed (pre-errata) text rather than its current text;
    ``read_text`` false leaves the text unread (no abilities).  Raises
    :class:`SetupError` for a card the engine can't play."""
    name = title or side.name
    boosted_abilities: tuple = ()
    if title is None:
        side = with_texts(side, printed)
    if title is None and read_text:
        abilities, boosted_abilities, held = card_abilities(side, printed)
        if held is not None:
            HELD[name] = held
        else:
            HELD.pop(name, None)
    abilities = tuple(abilities or ())
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
    fields: dict = {"colors": colors, "traits": traits, "keywords": keywords, "abilities": abilities, "text": text}
    requirement = [Need(need.amount, Color(need.color)) for need in side.requirement
                   if _int(need.amount) and need.color in card_model.COLORS]
    if card_type.startswith("Mane Character"):
        fields.update(power=_int(side.power) or 0, home_limit=home_limit or 3)
        if boosted is not None:
            fields["boosted"] = printed_from_card(boosted, name, printed, boosted_abilities)
        return Printed.build(name, CardType.MANE, subtitle=side.subtitle, **fields)
    if card_type == "Problem":
        owner = [n for n in map(_need, side.owner_needs) if n is not None]
        opponents = _int(side.opponent_needs[0].amount) if side.opponent_needs else None
        return Printed.build(name, CardType.PROBLEM, subtitle=side.subtitle, traits=traits,
                             keywords=keywords, owner_needs=tuple(owner), opponents_need=(Need(opponents or 0),),
                             bonus=_int(side.bonus) or 0, starting_problem=starting, abilities=abilities, text=text)
    if card_type == "Troublemaker":
        return Printed.build(name, CardType.TROUBLEMAKER, subtitle=side.subtitle, traits=traits,
                             keywords=keywords, power=_int(side.power) or 0, points=_int(side.points) or 0,
                             abilities=abilities, text=text)
    if card_type == "Event":
        # the first paragraph that starts with a timing phrase: a tag word's ("Chaos: When this card is
        # flipped, ...", 701.5) is no timing phrase
        timing = next((t for line in text.splitlines() for t in sorted(TIMINGS, key=len, reverse=True)
                       if line.startswith(t + ":")), "Reaction")
        return Printed.build(name, CardType.EVENT, subtitle=side.subtitle, colors=colors, traits=traits,
                             power=_int(side.power), cost=_int(side.cost) or 0,
                             requirement=tuple(requirement), timing=timing, abilities=abilities, text=text)
    if card_type in ("Friend", "Resource"):
        host = None
        if card_type == "Resource":
            match = _HOST.match(text)
            host = match.group(1) if match else None
            if any(trait.lower() == "dilemma" for trait in traits):  # a Problem while in play (522.1)
                fields.update(owner_needs=tuple(n for n in map(_need, side.owner_needs) if n is not None),
                              opponents_need=tuple(Need(_int(need.amount) or 0) for need in side.opponent_needs[:1]),
                              bonus=_int(side.bonus) or 0)
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
    records = _RECORDS.setdefault(root, {})
    for card in database.cards:
        try:
            printed = printed_from_card(card, read_text=False)
        except SetupError:
            continue
        for printing in card.printings:
            playable[printing.octgn_id] = printed
            records[printing.octgn_id] = card
    return playable


_RECORDS: dict[str, dict] = {}
"""The card database's record of each card :func:`load_cards` found, by root and OCTGN id."""


@lru_cache(maxsize=4096)
def with_text(root: str, octgn_id: str) -> Printed | None:
    """The card ``octgn_id`` as the engine plays it in a deck: with the
    abilities of its text (read once, only for the cards decks use)."""
    printed = load_cards(root).get(octgn_id)
    record = _RECORDS.get(root, {}).get(octgn_id)
    if printed is None or record is None:
        return printed
    return printed_from_card(record)


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
            printed = with_text(str(root), entry.get("id")) if entry.get("id") in cards else None
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
