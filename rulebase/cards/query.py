"""The card query language: Scryfall-style searches over the cards
(``grammar/cards.lark``).

A query is terms side by side, all of which a card must match:

- bare words and ``"quoted phrases"`` match the name, subtitle and text
  (a word matches the start of a word: ``flam`` finds Flambé; a phrase
  matches whole words in a row); the text of a card with an erratum is
  both its printed and its current text (:func:`rulebase.errata.card_texts`);
- ``name:`` the name and subtitle only, ``o:``/``text:`` the text only;
- ``t:``/``type:`` friend, resource, event, troublemaker, problem, mane;
- ``c:``/``color:`` a color of the rules (blue, pink, white, purple, yellow,
  orange) or its Element (loyalty, laughter, generosity, magic, kindness,
  honesty), ``c:multi``, ``c:colorless``;
- numbers: ``pow``/``power``, ``cost``, ``bonus``, ``points``,
  ``hl``/``homelimit`` with ``:`` ``=`` ``!=`` ``<`` ``<=`` ``>`` ``>=``;
- ``kw:``/``keyword:`` a keyword, with its X or not (``kw:"competitive 2"``,
  ``kw:competitive``), ``trait:`` a trait (``trait:"earth pony"``);
- ``set:`` a set's name, the start of it, or its code (:data:`SET_CODES`),
  ``r:``/``rarity:`` C, U, R, F, UR, SR, P or their words (common, ...);
- ``req`` the play requirement: its total power (``req>=3``) or a color
  (``req:blue``); ``needs`` and ``oppneeds`` a Problem's confront
  requirements for its owner and for the opponent alike (``needs:wild``,
  ``needs:"not blue"``, ``oppneeds>=8``);
- ``is:`` errata (an erratum of the card errata applies to it), banned (on
  the Harmony banlist, in force today), multicolor, mane; ``legal:`` a
  format the card may be played in today (``legal:harmony``: in its sets
  and not banned), ``banned:`` a format whose banlist bans it today;
- ``or`` either side, ``-`` or ``not`` the opposite, ``and`` may be written,
  parentheses group;
- ``order:`` name, power, cost, set or number, ``dir:`` asc or desc.

A card matches a term when its front or its other side (a Mane Character's
Boosted side) does; ``set:``, ``r:``, ``is:`` and ``legal:`` are about the
card.  Case, accents and punctuation are folded everywhere.  A query that
can't be read is a :class:`CardQueryError` that points at the place.

>>> [card.full_name for card in search("Kitchen au Flambe")]
['Kitchen au Flambé']
>>> len(search("t:mane")), len(search("t:mane c:blue set:pr"))
(80, 1)
>>> print(parse("pow>= and t:friend"))
Traceback (most recent call last):
...
rulebase.cards.query.CardQueryError: cards query:1:7: expected a value after 'pow>=' ('pow>= and t:friend')
  pow>= and t:friend
        ^
"""

from __future__ import annotations

import datetime
import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from lark import Lark, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken, VisitError

from rulebase import paths
from rulebase.cards.database import CardDatabase, load
from rulebase.cards.model import COLORS, ELEMENTS, Card, Keyword, Need, Side, fold
from rulebase.errors import RulebaseError

MAX_QUERY = 500
"""The longest query read, in characters."""

DOCUMENT = "cards query"

FIELDS = {
    "name": "name", "n": "name", "t": "type", "type": "type", "c": "color", "color": "color",
    "pow": "power", "power": "power", "cost": "cost", "bonus": "bonus", "points": "points",
    "hl": "homelimit", "homelimit": "homelimit", "kw": "keyword", "keyword": "keyword", "trait": "trait",
    "set": "set", "r": "rarity", "rarity": "rarity", "o": "text", "text": "text", "req": "req",
    "needs": "needs", "oppneeds": "oppneeds", "is": "is", "legal": "legal", "banned": "banned",
    "order": "order", "dir": "dir",
}
"""Every field name a query may use, and the field it names."""

NUMBERS = {"power": "power", "cost": "cost", "bonus": "bonus", "points": "points", "homelimit": "home_limit"}
NEEDS = {"req": "requirement", "needs": "owner_needs", "oppneeds": "opponent_needs"}
TYPES = {"friend": "Friend", "resource": "Resource", "event": "Event", "troublemaker": "Troublemaker",
         "problem": "Problem", "mane": "Mane Character", "mane character": "Mane Character"}
RARITIES = {"c": "C", "common": "C", "u": "U", "uncommon": "U", "r": "R", "rare": "R", "f": "F", "fixed": "F",
            "ur": "UR", "ultra rare": "UR", "sr": "SR", "super rare": "SR", "p": "P", "promo": "P"}
SET_CODES = {"pr": "Premier", "cn": "Canterlot Nights", "rr": "Rock N Rave", "cs": "Celestial Solstice",
             "cg": "Crystal Games", "ad": "Absolute Discord", "eo": "Equestrian Odysseys", "hm": "High Magic",
             "mt": "Marks in Time", "de": "Defenders of Equestria", "sb": "Seaquestria and Beyond",
             "ff": "Friends Forever", "st": "Sands in Time", "ll": "Leaders and Legends", "tk": "Tokens",
             "promo": "Promos", "vc": "Villain Challenge"}
"""The short code of each set (its collector numbers' letters where it has them)."""
IS_VALUES = ("errata", "banned", "multicolor", "multi", "mane")
ORDERS = ("name", "power", "cost", "set", "number")
COMPARE = {":": lambda a, b: a == b, "=": lambda a, b: a == b, "!=": lambda a, b: a != b,
           "<": lambda a, b: a < b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}

EXAMPLES = {
    "expected a value after {field!r}": ["pow>=", "pow>= and x", "t: or x", "t:)", "c: -x", "x c:", "pow>=("],
    "expected a closing ')'": ["(a", "(a or b", "((a)", "x (a -b"],
    "unmatched ')'": ["a)", ")", "(a))", "a or b)"],
    "expected a search term after 'or'": ["a or", "a or )", "a or or b"],
    "expected a search term before 'or'": ["or a", "(or a)", "a (or b)"],
    "expected a search term after 'and'": ["a and", "a and )", "a and or b", "a and and b"],
    "expected a search term before 'and'": ["and a", "(and a)", "a or and b"],
    "expected a search term after {negation!r}": ["-", "a -", "not", "- )", "not or a", "- and a", "a - -", "- -",
                                                  "(a -)", "a or -", "a (b -"],
    "expected a search term after '('": ["(", "a (", "((", "a or (", "- (", "(a (", "a ( or b)"],
    "expected a search term inside the parentheses": ["()", "a ()", "(())"],
}


class CardQueryError(RulebaseError, ValueError):
    """Raised when a card query can't be read or names what does not exist.

    Prints as ``cards query:1:column: what is wrong ('the query')`` with the
    query and a caret under the place on the next lines; ``column`` (from 1)
    and ``message`` are kept for the API."""

    def __init__(self, query: str, column: int, message: str):
        self.query = query
        self.column = max(1, min(column, len(query) + 1))
        self.message = message
        super().__init__(str(self))

    @property
    def caret(self) -> str:
        """The query (at most 80 characters of it, around the place) and a caret line under the place."""
        start = max(0, min(self.column - 40, len(self.query) - 79))
        shown = self.query[start:start + 80]
        return f"{shown}\n{' ' * (self.column - 1 - start)}^"

    def __str__(self) -> str:
        quoted = self.query if len(self.query) <= 80 else self.query[:77] + "..."
        caret = "\n".join("  " + line for line in self.caret.split("\n"))
        return f"{DOCUMENT}:1:{self.column}: {self.message} ({quoted!r})\n{caret}"


# --- what a query's terms look at, made once per card ------------------------------


@dataclass(frozen=True)
class Facts:
    """What the terms read of one card, folded once."""

    card: Card
    position: int
    sides: tuple[Side, ...]
    everything: str
    names: str
    texts: str
    sets: frozenset[str]
    rarities: frozenset[str]
    keywords: tuple[Keyword, ...]
    traits: frozenset[str]
    set_index: int
    sort_name: tuple
    types: frozenset[str]
    colors: frozenset[str]
    multicolor: bool
    numbers: dict
    need_totals: dict
    need_colors: dict
    keyword_names: frozenset[str]
    keyword_xs: frozenset[tuple[str, int | None]]


def _padded(*texts: str | None) -> str:
    return " " + " ".join(fold(text) for text in texts if text) + " "


def _total(needs: tuple[Need, ...]) -> int | None:
    """The power a requirement asks for in all (``None`` for none)."""
    amounts = [need.amount for need in needs if isinstance(need.amount, int)]
    return sum(amounts) if amounts else None


@lru_cache(maxsize=4)
def facts_of(cards: CardDatabase) -> tuple[Facts, ...]:
    """The facts of each card of a database, in its order."""
    facts = []
    set_index = {card_set.name: index for index, card_set in enumerate(cards.sets)}
    for position, card in enumerate(cards.cards):
        sides = (card, card.boosted) if card.boosted else (card,)
        facts.append(Facts(
            card=card, position=position, sides=sides,
            everything=_padded(card.name, card.subtitle, *(side.text for side in sides)),
            names=_padded(card.name, card.subtitle), texts=_padded(*(side.text for side in sides)),
            sets=frozenset(printing.set_name for printing in card.printings),
            rarities=frozenset(printing.rarity for printing in card.printings if printing.rarity),
            keywords=tuple(dict.fromkeys(keyword for side in sides for keyword in side.keywords)),
            traits=frozenset(fold(part) for side in sides for trait in side.traits for part in trait.split("/")),
            sort_name=(fold(card.name), fold(card.subtitle or ""), position),
            types=frozenset(kind for side in sides for kind in set(TYPES.values())
                            if (side.type or "").startswith(kind)),
            colors=frozenset(color for side in sides for color in side.colors),
            multicolor=any(side.is_multicolor for side in sides),
            numbers={name: tuple(value for side in sides if isinstance(value := getattr(side, name), int))
                     for name in NUMBERS.values()},
            need_totals={name: tuple(total for side in sides if (total := _total(getattr(side, name))) is not None)
                         for name in NEEDS.values()},
            need_colors={name: frozenset(need.color for side in sides for need in getattr(side, name)
                                         if isinstance(need, Need) and need.color) for name in NEEDS.values()},
            keyword_names=frozenset(fold(keyword.name) for side in sides for keyword in side.keywords),
            keyword_xs=frozenset((fold(keyword.name), keyword.x) for side in sides for keyword in side.keywords),
            set_index=set_index.get(card.printings[0].set_name, len(set_index)) if card.printings else len(set_index)))
    return tuple(facts)


@lru_cache(maxsize=4)
def _vocabulary(cards: CardDatabase) -> tuple[frozenset[str], frozenset[str]]:
    """The folded keyword names and traits of a database."""
    facts = facts_of(cards)
    return (frozenset(fold(keyword.name) for fact in facts for keyword in fact.keywords),
            frozenset(trait for fact in facts for trait in fact.traits))


# --- the query tree ----------------------------------------------------------------


Test = Callable[[Facts], bool]


@dataclass(frozen=True)
class Term:
    """One term: a field (``"words"`` for bare words and phrases), its operator and value, where it starts."""

    field: str
    op: str
    value: str
    column: int
    test: Test = field(compare=False, repr=False)


@dataclass(frozen=True)
class AllOf:
    parts: tuple


@dataclass(frozen=True)
class AnyOf:
    parts: tuple


@dataclass(frozen=True)
class Not:
    part: object


@dataclass(frozen=True)
class Option:
    """``order:`` or ``dir:``: how to sort, not what to find."""

    field: str
    value: str
    column: int


@dataclass(frozen=True)
class Query:
    """A read query: its text, its tree (``None``: every card), the order and direction."""

    text: str
    tree: object
    order: str = "name"
    direction: str = "asc"
    today: datetime.date | None = None

    def run(self, cards: CardDatabase | None = None) -> list[Card]:
        """The cards of the database (the corpus's by default) that match, sorted."""
        cards = cards if cards is not None else load()
        facts = facts_of(cards)
        if self.tree is None:
            found = list(facts)
        else:
            found = [facts[position] for position in sorted(_positions(self.tree, facts, _term_cache(cards),
                                                                        self.today))]
        return [fact.card for fact in _sorted(found, self.order, self.direction == "desc")]


@lru_cache(maxsize=4)
def _term_cache(cards: CardDatabase) -> dict:
    """The positions of the cards each term matched, by the term's field,
    operator, value and date: a term is tested on every card once."""
    return {}


def _positions(tree, facts: tuple[Facts, ...], cache: dict, today: datetime.date | None) -> frozenset[int]:
    """The positions of the cards that match ``tree``: each term's once, then set operations."""
    if isinstance(tree, Term):
        key = (tree.field, tree.op, tree.value, today)
        found = cache.get(key)
        if found is None:
            if len(cache) >= 4096:
                cache.clear()
            test = tree.test
            found = cache[key] = frozenset(fact.position for fact in facts if test(fact))
        return found
    if isinstance(tree, Not):
        return frozenset(range(len(facts))) - _positions(tree.part, facts, cache, today)
    parts = [_positions(part, facts, cache, today) for part in tree.parts]
    if isinstance(tree, AllOf):
        return frozenset.intersection(*sorted(parts, key=len))
    return frozenset.union(*parts)


def _number_key(number: str | None) -> tuple:
    return tuple(int(part) if part.isdigit() else part for part in re.findall(r"\d+|\D+", number or ""))


def _sorted(found: list[Facts], order: str, descending: bool) -> list[Facts]:
    def name(fact: Facts):
        return fact.sort_name

    if order in ("power", "cost"):
        value = lambda fact: getattr(fact.card, order)
        known = sorted((fact for fact in found if isinstance(value(fact), int)), key=name)
        known.sort(key=value, reverse=descending)
        return known + sorted((fact for fact in found if not isinstance(value(fact), int)), key=name)
    if order == "set":
        key = lambda fact: fact.position
    elif order == "number":
        key = lambda fact: (fact.set_index, _number_key(fact.card.printings[0].number), fact.position)
    else:
        key = name
    return sorted(found, key=key, reverse=descending)


# --- reading a query ---------------------------------------------------------------


def _closest(word: str, choices, n: int = 3) -> str:
    close = difflib.get_close_matches(word, list(choices), n=n, cutoff=0.5)
    return ", ".join(repr(choice) for choice in close)


class CardQueryTransformer(Transformer):
    """Turns the tree of ``grammar/cards.lark`` into a :class:`Query`'s tree."""

    def __init__(self, query: str, cards: CardDatabase, today: datetime.date | None = None):
        super().__init__()
        self.query = query
        self.cards = cards
        self.today = today
        self.options: list[Option] = []
        self.written = ""

    def error(self, column: int, message: str) -> CardQueryError:
        return CardQueryError(self.query, column, message)

    def start(self, children):
        return self.and_expr(children)

    def and_expr(self, children):
        parts = []
        for child in children:
            if isinstance(child, Option):
                self.options.append(child)
            elif child is not None:
                parts.append(child)
        return AllOf(tuple(parts)) if len(parts) > 1 else parts[0] if parts else None

    def or_expr(self, children):
        self._no_option(children, "or")
        return AnyOf(tuple(children))

    def negated(self, children):
        self._no_option(children[1:], str(children[0]))
        return Not(children[1])

    def _no_option(self, children, where: str):
        for child in children:
            if isinstance(child, Option) or child is None:
                column = child.column if child is not None else 1
                raise self.error(column, f"{child.field + ':' if child else 'order:'} sorts the cards found, "
                                         f"it can't be in an {where!r}")

    def word(self, children):
        return self._words("words", ":", children[0], children[0].column)

    def phrase(self, children):
        return self._words("words", ":", children[0], children[0].column)

    def field(self, children):
        op_token, value_token = children
        name, op = re.fullmatch(r"([A-Za-z_]+)(.*)", str(op_token)).groups()
        wanted = FIELDS.get(name.lower())
        if wanted is None:
            close = _closest(name.lower(), FIELDS)
            known = f"; the closest are {close}" if close else "; the fields are " + ", ".join(sorted(set(FIELDS)))
            raise self.error(op_token.column, f"no field {name!r}{known}")
        value = str(value_token)
        self.written = str(op_token)
        if value_token.type == "PHRASE":
            value = value[1:-1]
        return getattr(self, f"_{wanted}")(wanted, op, value, op_token.column, value_token.column)

    # The fields, each a method named after it.

    def _only(self, field_name: str, op: str, column: int, allowed=(":", "=", "!=")):
        if op not in allowed:
            raise self.error(column, f"{field_name} takes {', '.join(repr(o) for o in allowed)}, not {op!r}")

    def _term(self, field_name: str, op: str, value: str, column: int, test: Test) -> Term:
        if op == "!=":
            return Term(field_name, op, value, column, lambda facts: not test(facts))
        return Term(field_name, op, value, column, test)

    def _words(self, field_name: str, op: str, token, column: int):
        """A bare word or a phrase: the start of a word, or whole words in a
        row (a word that folds to several, like Pon-3, is read as a phrase
        whose last word may go on)."""
        text = str(token)
        phrase = token.type == "PHRASE"
        words = fold(text[1:-1] if phrase else text)
        if not words:
            raise self.error(column, f"nothing to look for in {text!r} (expected letters or digits)")
        needle = f" {words} " if phrase else f" {words}"
        other = _texts_of_errata(self.cards)
        return Term(field_name, op, text, column,
                    lambda facts: needle in facts.everything or needle in other.get(facts.card.id, ""))

    def _name(self, field_name, op, value, column, value_column):
        return self._starts_words(field_name, op, value, column, value_column, lambda facts: facts.names)

    def _text(self, field_name, op, value, column, value_column):
        other = _texts_of_errata(self.cards)
        return self._starts_words(field_name, op, value, column, value_column,
                                  lambda facts: facts.texts + other.get(facts.card.id, ""))

    def _starts_words(self, field_name, op, value, column, value_column, where: Callable) -> Term:
        """Whether what ``where`` gives of a card has words starting with the value's."""
        self._only(field_name, op, column)
        needle = f" {fold(value)}"
        if not needle.strip():
            raise self.error(value_column, f"nothing to look for in {value!r} (expected letters or digits)")
        return self._term(field_name, op, value, column, lambda facts: needle in where(facts))

    def _type(self, field_name, op, value, column, value_column):
        self._only(field_name, op, column)
        wanted = TYPES.get(fold(value))
        if wanted is None:
            types = ", ".join(sorted(set(TYPES) - {"mane character"}))
            raise self.error(value_column, f"no card type {value!r}; the types are {types}")
        return self._term(field_name, op, value, column, lambda facts: wanted in facts.types)

    def _color_of(self, value: str, column: int, extra=()) -> str:
        folded = fold(value)
        if folded in COLORS or folded in extra:
            return folded
        for element, color in ELEMENTS.items():
            if fold(element) == folded:
                return color
        names = list(COLORS) + [fold(element) for element in ELEMENTS] + list(extra)
        close = _closest(folded, names)
        raise self.error(column, f"no color {value!r}" + (f"; the closest are {close}" if close else
                                                          f"; the colors are {', '.join(COLORS)} or their Elements"))

    def _color(self, field_name, op, value, column, value_column):
        self._only(field_name, op, column)
        folded = fold(value)
        if folded in ("multi", "multicolor", "multicolored"):
            test = lambda facts: facts.multicolor
        elif folded in ("colorless", "none"):
            test = lambda facts: not facts.colors
        else:
            color = self._color_of(value, value_column, ("multi", "colorless"))
            test = lambda facts: color in facts.colors
        return self._term(field_name, op, value, column, test)

    def _whole_number(self, value: str, column: int, field_name: str) -> int:
        if not re.fullmatch(r"[0-9]{1,6}", value.strip()):
            raise self.error(column, f"expected a whole number after {self.written!r}, not {value!r}")
        return int(value)

    def _numeric(self, field_name, op, value, column, value_column, attribute: str | None = None):
        number = self._whole_number(value, value_column, field_name)
        compare = COMPARE[op]
        attribute = attribute or NUMBERS[field_name]

        def test(facts: Facts) -> bool:
            for have in facts.numbers[attribute]:
                if compare(have, number):
                    return True
            return False

        return Term(field_name, op, value, column, test)

    def _power(self, *args):
        return self._numeric(*args)

    _cost = _bonus = _points = _homelimit = _power

    def _needs(self, field_name, op, value, column, value_column):
        attribute = NEEDS[field_name]
        if re.fullmatch(r"\s*[0-9]+\s*", value):
            number, compare = self._whole_number(value, value_column, field_name), COMPARE[op]

            def test(facts: Facts) -> bool:
                for total in facts.need_totals[attribute]:
                    if compare(total, number):
                        return True
                return False

            return Term(field_name, op, value, column, test)
        self._only(field_name, op, column)
        folded = fold(value)
        negative = folded.startswith("not ")
        color = "wild" if folded == "wild" else self._color_of(folded[4:] if negative else folded, value_column)
        wanted = f"not {color}" if negative else color

        return self._term(field_name, op, value, column, lambda facts: wanted in facts.need_colors[attribute])

    _req = _oppneeds = _needs

    def _keyword(self, field_name, op, value, column, value_column):
        self._only(field_name, op, column)
        wanted = Keyword.parse(value)
        name = fold(wanted.name)
        known, _ = _vocabulary(self.cards)
        if name not in known:
            close = _closest(name, known)
            raise self.error(value_column, f"no keyword {value!r}" + (f"; the closest are {close}" if close else ""))
        if wanted.x is None:
            return self._term(field_name, op, value, column, lambda facts: name in facts.keyword_names)
        pair = (name, wanted.x)
        return self._term(field_name, op, value, column, lambda facts: pair in facts.keyword_xs)

    def _trait(self, field_name, op, value, column, value_column):
        self._only(field_name, op, column)
        wanted = fold(value)
        _, known = _vocabulary(self.cards)
        if wanted not in known:
            close = _closest(wanted, known)
            raise self.error(value_column, f"no trait {value!r}" + (f"; the closest are {close}" if close else ""))
        return self._term(field_name, op, value, column, lambda facts: wanted in facts.traits)

    def _set(self, field_name, op, value, column, value_column):
        self._only(field_name, op, column)
        folded = fold(value)
        names = [card_set.name for card_set in self.cards.sets]
        if folded in SET_CODES and SET_CODES[folded] in names:
            wanted = {SET_CODES[folded]}
        else:
            wanted = {name for name in names if fold(name) == folded} or \
                     {name for name in names if folded and fold(name).startswith(folded)}
        if not wanted:
            codes = ", ".join(f"{code} ({name})" for code, name in SET_CODES.items() if name in names)
            raise self.error(value_column, f"no set {value!r}; the sets are {codes}")
        wanted = frozenset(wanted)
        return self._term(field_name, op, value, column, lambda facts: not facts.sets.isdisjoint(wanted))

    def _rarity(self, field_name, op, value, column, value_column):
        self._only(field_name, op, column)
        wanted = RARITIES.get(fold(value))
        if wanted is None:
            raise self.error(value_column, f"no rarity {value!r}; the rarities are C, U, R, F, UR, SR, P "
                                            "(common, uncommon, rare, fixed, ultra rare, super rare, promo)")
        return self._term(field_name, op, value, column, lambda facts: wanted in facts.rarities)

    def _is(self, field_name, op, value, column, value_column):
        self._only(field_name, op, column)
        folded = fold(value)
        if folded in ("multi", "multicolor", "multicolored"):
            test = lambda facts: facts.multicolor
        elif folded == "mane":
            test = lambda facts: (facts.card.type or "").startswith("Mane Character")
        elif folded == "errata":
            ids = _errata_ids(self.cards)
            test = lambda facts: facts.card.id in ids
        elif folded == "banned":
            unavailable = self.error(column, "is:banned is not available yet (no banlist module)")
            ids = _banned(self.cards, self.today, unavailable)
            test = lambda facts: facts.card.id in ids
        else:
            close = _closest(folded, IS_VALUES)
            raise self.error(value_column, f"no is:{value}" + (f"; the closest are {close}" if close else
                                                               "; is: takes " + ", ".join(IS_VALUES)))
        return self._term(field_name, op, value, column, test)

    def _legal(self, field_name, op, value, column, value_column):
        self._only(field_name, op, column)
        wanted = fold(value).replace(" ", "-")
        try:
            from rulebase.cards import legality
        except ImportError:
            raise self.error(column, f"{field_name}: is not available yet (no legality module)") from None
        formats = [str(name) for name in legality.FORMATS]
        if wanted not in formats:
            close = _closest(wanted, formats)
            raise self.error(value_column, f"no format {value!r}; the formats are {', '.join(formats)}"
                             if not close else f"no format {value!r}; the closest are {close}")
        try:
            if field_name == "legal":
                ids = _legal_ids(self.cards, wanted, self.today)
            else:
                banned = self.error(column, f"{field_name}: is not available yet (no banlist module)")
                ids = _banned(self.cards, self.today, banned) if legality.format_of(wanted).banlist else frozenset()
        except RulebaseError as error:
            raise self.error(column, f"{field_name}:{value} can't be judged: {error}") from None
        return self._term(field_name, op, value, column, lambda facts: facts.card.id in ids)

    _banned = _legal

    def _order(self, field_name, op, value, column, value_column):
        self._only(field_name, op, column, (":", "="))
        folded = fold(value)
        if folded not in ORDERS:
            raise self.error(value_column, f"can't order by {value!r}; order: takes {', '.join(ORDERS)}")
        return Option("order", folded, column)

    def _dir(self, field_name, op, value, column, value_column):
        self._only(field_name, op, column, (":", "="))
        folded = fold(value)
        if folded not in ("asc", "desc"):
            raise self.error(value_column, f"no direction {value!r}; dir: takes asc or desc")
        return Option("dir", folded, column)


@lru_cache(maxsize=4)
def _errata_ids(cards: CardDatabase) -> frozenset[str]:
    """The cards of ``cards`` an erratum of the card errata applies to."""
    return frozenset(card.id for card in cards.cards if (texts := _texts(card)) and texts.erratum is not None)


def _texts(card: Card):
    """The printed and current texts of a card (:func:`rulebase.errata.card_texts`),
    ``None`` for a card the rules' graph does not hold as it is."""
    from rulebase import graph as graphs
    from rulebase.errata import card_texts

    graph = graphs.load()
    node = f"card/ccg/{card.id}"
    if node not in graph or graph.card(node).text != card.text:
        return None
    return card_texts(card, graph)


@lru_cache(maxsize=4)
def _texts_of_errata(cards: CardDatabase) -> dict[str, str]:
    """The printed and current texts (folded, padded) of each card of
    ``cards`` whose erratum changes its words, by id: what a text term
    matches beside the card data's text."""
    return {card.id: _padded(texts.printed, texts.printed_boosted, texts.current, texts.current_boosted)
            for card in cards.cards if (texts := _texts(card)) is not None and texts.erratum and texts.differ}


def _banned(cards: CardDatabase, today: datetime.date | None, unavailable: CardQueryError) -> frozenset[str]:
    try:
        from rulebase.cards import banlist
    except ImportError:
        raise unavailable from None
    return _banned_ids(cards, today or datetime.date.today(), banlist)


@lru_cache(maxsize=8)
def _banned_ids(cards: CardDatabase, on: datetime.date, banlist) -> frozenset[str]:
    return frozenset(ban.card_id for ban in banlist.bans() if banlist.ban_of(ban.card_id, on) is not None)


@lru_cache(maxsize=16)
def _legal_ids(cards: CardDatabase, format_name: str, on: datetime.date | None) -> frozenset[str]:
    from rulebase.cards import legality

    return frozenset(card.id for card in cards.cards if legality.legality(card, format_name, on)[0])


@lru_cache(maxsize=1)
def _parser() -> Lark:
    """The LALR parser of ``grammar/cards.lark``, with positions kept.  Its
    lexer is the basic one, so that ``and``, ``or`` and ``not`` are never
    read as words, whatever the parser expects."""
    return Lark.open(str(paths.grammar("cards")), parser="lalr", lexer="basic", propagate_positions=True,
                     maybe_placeholders=False, import_paths=[str(paths.GRAMMAR)])


def _syntax_error(error: UnexpectedInput, query: str) -> CardQueryError:
    column = getattr(error, "column", None)
    if not isinstance(column, int) or column < 1:
        column = len(query) + 1
    if isinstance(error, UnexpectedToken) and error.token.type == "$END":
        column = len(query.rstrip()) + 1
    if isinstance(error, UnexpectedCharacters):
        char = query[column - 1] if column <= len(query) else ""
        if char == '"':
            return CardQueryError(query, column, "a quoted phrase needs its closing '\"'")
        before = re.search(r"([A-Za-z_]+(?:!=|<=|>=|=|<|>|:))\s*$", query[:column - 1])
        if before:
            return CardQueryError(query, column, f"expected a value after {before.group(1)!r}, not {char!r}")
        return CardQueryError(query, column, f"unexpected {char!r} (expected a word, a \"phrase\", "
                                             "a field such as t:friend, '-', 'or' or parentheses)")
    label = error.match_examples(_parser().parse, EXAMPLES, use_accepts=True)
    if label is None:
        label = "unexpected {found!r}"
    before = re.search(r"([A-Za-z_]+(?:!=|<=|>=|=|<|>|:))\s*$", query[:column - 1])
    negation = re.search(r"(-|not)\s*$", query[:column - 1], re.IGNORECASE)
    found = query[column - 1:].split(" ")[0] if column <= len(query) else ""
    return CardQueryError(query, column, label.format(field=before.group(1) if before else "the field",
                                                      negation=negation.group(1) if negation else "-",
                                                      found=found))


def parse(text: str, cards: CardDatabase | None = None, *, today: datetime.date | None = None) -> Query:
    """Read a query over ``cards`` (the corpus's by default; it knows the
    keywords, traits and sets).  ``today`` is the date ``is:banned`` and
    ``legal:`` judge on (today's by default).  Raises :class:`CardQueryError`."""
    cards = cards if cards is not None else load()
    query = re.sub(r"[\r\n\t\v\f]", " ", text)
    if len(query) > MAX_QUERY:
        raise CardQueryError(query, MAX_QUERY + 1, f"a query is at most {MAX_QUERY} characters")
    if not query.strip():
        raise CardQueryError(query, 1, "expected a query: words, a \"phrase\" or a field such as t:friend")
    try:
        tree = _parser().parse(query)
    except UnexpectedInput as error:
        raise _syntax_error(error, query) from None
    transformer = CardQueryTransformer(query, cards, today)
    try:
        root = transformer.transform(tree)
    except VisitError as error:
        if isinstance(error.orig_exc, CardQueryError):
            raise error.orig_exc from None
        raise
    except RecursionError:
        raise CardQueryError(query, 1, "the query is nested too deeply") from None
    order, direction = "name", "asc"
    for option in transformer.options:
        if option.field == "order":
            order = option.value
        else:
            direction = option.value
    return Query(text, root, order, direction, today)


def row(card: Card) -> dict:
    """What a list of cards shows of one: its id, name, subtitle, type,
    colors, cost, power and first printing's set and number."""
    first = card.printings[0] if card.printings else None
    return {"id": card.id, "name": card.name, "subtitle": card.subtitle, "type": card.type,
            "colors": list(card.colors), "cost": card.cost, "power": card.power,
            "set": first.set_name if first else None, "number": first.number if first else None}


def row_text(card: Card) -> str:
    """One line a judge reads: full name, type, colors, cost, power, set and number, id.

    >>> row_text(load().by_id["applejack-farm-foremare"])
    'Applejack, Farm Foremare  Friend, orange, cost 3, power 3  Premier PR213  [applejack-farm-foremare]'
    """
    values = row(card)
    facts = [values["type"] or "no type", "/".join(values["colors"]) or None,
             None if values["cost"] is None else f"cost {values['cost']}",
             None if values["power"] is None else f"power {values['power']}"]
    where = " ".join(part for part in (values["set"], values["number"]) if part)
    return f"{card.full_name}  {', '.join(fact for fact in facts if fact)}  {where}  [{card.id}]"


def search(text: str, cards: CardDatabase | None = None, *, today: datetime.date | None = None) -> list[Card]:
    """The cards a query finds, in its order.  Raises :class:`CardQueryError`."""
    cards = cards if cards is not None else load()
    return parse(text, cards, today=today).run(cards)


__all__ = ["MAX_QUERY", "SET_CODES", "CardQueryError", "Query", "parse", "row", "row_text", "search"]
