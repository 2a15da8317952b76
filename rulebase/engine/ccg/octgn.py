"""Reading decks in the OCTGN format: the game definition's ``Sets/*/set.xml``
card data and ``*.o8d`` deck files (the original theme decks among them).

The engine plays the printed information of these cards; their own text is
not carried out (Events do nothing beyond their cost, keywords the engine
does not know are dropped).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from functools import lru_cache
from pathlib import Path

from rulebase.engine.ccg.cards import (ELEMENTS, KEYWORDS, TIMINGS, CardType, Need, Printed, parse_keyword)
from rulebase.engine.ccg.deck import Deck
from rulebase.engine.errors import SetupError

_HOST = re.compile(r"^Play (?:this card )?on (?:a|an|one of your|your|an opposing|any) "
                   r"(character|Friend|Problem|Troublemaker|Mane Character)", re.I)


def _color(value: str):
    return ELEMENTS.get(value.strip().lower())


def _int(value: str | None) -> int | None:
    value = (value or "").strip()
    return int(value) if value.lstrip("-").isdigit() else None


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
    for path in sorted(Path(root).glob("Sets/*/set.xml")):
        try:
            tree = ElementTree.parse(path)
        except ElementTree.ParseError as error:
            raise SetupError(f"{path}: {error}") from None
        for card in tree.getroot().iter("card"):
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


def load_deck(path: str | Path, root: str | Path) -> Deck:
    """Read an OCTGN deck file (``.o8d``) with the card data at ``root``."""
    path = Path(path)
    cards = load_cards(str(root))
    try:
        tree = ElementTree.parse(path)
    except (OSError, ElementTree.ParseError) as error:
        raise SetupError(f"{path}: {error}") from None
    mane, draw, problems = None, [], []
    for section in tree.getroot().findall("section"):
        for entry in section.findall("card"):
            printed = cards.get(entry.get("id"))
            if printed is None:
                raise SetupError(f"{path}: card {entry.text!r} ({entry.get('id')}) is not in the card data")
            copies = int(entry.get("qty", "1"))
            if printed.type == CardType.MANE:
                mane = printed
            elif printed.type == CardType.PROBLEM:
                problems.extend([printed] * copies)
            else:
                draw.extend([printed] * copies)
    return Deck(path.stem, mane, draw, problems)


def theme_decks(root: str | Path) -> list[Deck]:
    """The deck files under ``root/Decks``."""
    return [load_deck(path, root) for path in sorted(Path(root).glob("Decks/**/*.o8d"))]
