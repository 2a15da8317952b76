"""Every card of the card database in one of three states: what the engine
can do with its text.

``executable``
    Its text (both sides of a Mane Character) is read into abilities
    (:mod:`.reading`) and the engine can carry out every part of each.
``unexecutable``
    Its text is read, but a part of an ability is one the engine cannot
    carry out: :class:`Hold` names the ability and the part (the word of
    the vocabulary the engine lacks, or the table of the engine that is
    missing).
``unparsed``
    The reader stopped: :class:`Hold` gives the line and column where,
    and the words it could not read.

A card is never partly played: a card that is not ``executable`` is not
played as if it were.  Whether a part can be carried out is the engine's
answer (each table's ``executable`` function, see :data:`JUDGES`); where a
table the question needs is missing, the part is unexecutable with that
said, never executable by default.

:func:`report` counts the states per set, per card type, overall and for
the cards of the theme decks; it is kept in the cache directory, keyed by
the card data, the corpus's errata and the code that reads and carries
out card text, so that it is made once.

>>> hold = Hold("front", 1, "Draw 2 cards.", "effect", "the verb 'draw'")
>>> hold.describe()
"front side, ability 1 ('Draw 2 cards.'): effect: the verb 'draw'"
"""

from __future__ import annotations

import hashlib
import importlib
import json
import multiprocessing
import os
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

from rulebase import paths
from rulebase.engine.errors import EngineError

EXECUTABLE, UNEXECUTABLE, UNPARSED = "executable", "unexecutable", "unparsed"
STATES = (EXECUTABLE, UNEXECUTABLE, UNPARSED)
"""The three states of a card, from best to worst."""

PACKAGE = "rulebase.engine.ccg.abilities"

JUDGES = {
    # the part of an ability: (the module of the engine that answers, what it carries out)
    "effect": ("resolve", "the instructions of card text"),
    "trigger": ("triggers", "the events triggered abilities wait for"),
    "modifier": ("continuous", "what continuous abilities change"),
    "condition": ("conditions", "the conditions of card text"),
    "activation": ("activated", "when abilities may be used and what they cost"),
    "target": ("targets", "what card text refers to"),
}
"""Which module of the engine says whether each part of an ability can be
carried out: its function ``executable(part)`` gives ``None`` when it can,
else what it cannot (the word of the vocabulary it lacks)."""

NATIVE_KEYWORDS = ("Home Limit", "Starting Problem")
"""Keywords that are printed information the engine plays as such (beside
the keywords it knows, :data:`rulebase.engine.ccg.cards.KEYWORDS`)."""


@dataclass(frozen=True)
class Hold:
    """What holds a card back: on which ``side`` (``front`` or ``boosted``),
    which ``ability`` (its number on that side, from 1; ``None`` when the
    reader stopped before one was read) with its ``text``, which ``part``
    (``effect``, ``trigger``, ``modifier``, ``condition``, ``activation``,
    ``target``, ``placement``, ``keyword``, or ``text`` for words that
    were not read) and
    ``reason``: what the engine lacks, or what the reader expected.
    ``line`` and ``column`` (from 1) are where, in that side's text."""

    side: str
    ability: int | None
    text: str
    part: str
    reason: str
    line: int | None = None
    column: int | None = None

    @property
    def stopped_at(self) -> str | None:
        """For words that were not read: the word the reader stopped at
        (``""`` at the end of the line), else ``None``."""
        if self.part != "text" or not self.column:
            return None
        rest = self.text[self.column - 1:].split()
        return rest[0] if rest else ""

    def describe(self) -> str:
        """One line: where the card is held back and why (for words that
        were not read, ``‸`` marks where the reader stopped).

        >>> Hold("front", None, "Draw a card with a banana.", "text", "expected '.'", 1, 13).describe()
        "front side, line 1, column 13 ('Draw a card ‸with a banana.'): text: expected '.'"
        """
        where = f"{self.side} side"
        if self.line:
            where += f", line {self.line}, column {self.column}"
        if self.ability is not None:
            where += f", ability {self.ability}"
        text = self.text
        if self.stopped_at is not None:
            text = text[:self.column - 1] + "\u2038" + text[self.column - 1:]
        return f"{where} ({text!r}): {self.part}: {self.reason}"


@dataclass(frozen=True)
class CardState:
    """A card's state (one of :data:`STATES`) with the card's id, full name,
    set (its first), type, the number of abilities read (both sides), of
    those the number the engine carries out as text (``carried``: not the
    keywords it plays by the rules) and what holds it back (``hold``;
    ``None`` when executable).  ``printed``: whether its printed text was
    read rather than its current text."""

    card_id: str
    name: str
    set_name: str
    type: str
    state: str
    abilities: int = 0
    hold: Hold | None = None
    printed: bool = False
    carried: int = 0

    @property
    def is_executable(self) -> bool:
        return self.state == EXECUTABLE

    def as_dict(self) -> dict:
        data = asdict(self)
        data["set"] = data.pop("set_name")
        return data

    @classmethod
    def from_dict(cls, data: dict) -> CardState:
        data = dict(data)
        data["set_name"] = data.pop("set")
        hold = data.pop("hold", None)
        return cls(**data, hold=Hold(**hold) if hold else None)


# -- asking the engine ---------------------------------------------------------------


class CatalogError(EngineError):
    """Raised when a module of the engine the report asks can't be imported
    (it exists, but is broken): the report would be wrong, so none is made."""


def _module(name: str):
    """The engine's module ``name`` of the abilities package, or ``None``
    while it does not exist; :class:`CatalogError` if it can't be imported."""
    try:
        return importlib.import_module(f"{PACKAGE}.{name}")
    except ModuleNotFoundError as error:
        if error.name in (f"{PACKAGE}.{name}", PACKAGE):
            return None
        raise CatalogError(f"{PACKAGE}.{name} can't be imported: {type(error).__name__}: {error}") from None
    except Exception as error:  # noqa: BLE001 - whatever breaks the import, the report names it
        raise CatalogError(f"{PACKAGE}.{name} can't be imported: {type(error).__name__}: {error}") from None


class Engine:
    """The engine's answers to "can this part be carried out?", one module
    per part (:data:`JUDGES`).  ``modules`` stands in for the engine's own
    (by name: ``resolve``, ``triggers``, ...), for tests."""

    def __init__(self, modules: dict | None = None):
        self.modules = modules
        self._found: dict[str, object] = {}

    def module(self, name: str):
        if self.modules is not None:
            return self.modules.get(name)
        if name not in self._found:
            self._found[name] = _module(name)
        return self._found[name]

    def part(self, part: str, value) -> str | None:
        """``None`` if the engine can carry out ``value`` (a part of an
        ability), else what it cannot."""
        name, what = JUDGES[part]
        module = self.module(name)
        judge = getattr(module, "executable", None) if module is not None else None
        if judge is None:
            return f"the engine has no table of {what} ({PACKAGE}.{name}.executable)"
        try:
            return judge(value)
        except Exception as error:  # noqa: BLE001 - a table that fails on a value: said, never executable
            return f"{PACKAGE}.{name}.executable failed on it: {type(error).__name__}: {error}"

    def keyword_known(self, name: str) -> bool:
        """Whether the engine plays a keyword by the rules, whatever its text."""
        from rulebase.engine.ccg.cards import KEYWORDS

        folded = name.casefold()
        return any(folded == known.casefold() for known in KEYWORDS + NATIVE_KEYWORDS)

    def ability(self, ability) -> tuple[str, str] | None:
        """``None`` if every part of ``ability`` can be carried out, else
        ``(part, reason)`` for the first that can't."""
        kind = ability.kind
        if kind == "keyword":
            if ability.keyword and self.keyword_known(ability.keyword):
                return None
            if ability.meaning is not None:
                return self.ability(ability.meaning)
            return "keyword", f"the keyword {ability.keyword!r} has no meaning the engine carries out"
        parts = []
        if kind in ("triggered", "replacement") or (kind in ("activated", "event") and ability.trigger is not None):
            parts.append(("trigger", ability.trigger))
        if kind in ("activated", "event") and ability.trigger is not None:
            from rulebase.engine.ccg.abilities.triggers import names_for_the_effect

            if names_for_the_effect(ability.trigger):
                return "trigger", "a Reaction's condition naming cards for its effect (a triggered effect is told of them)"
        if kind == "triggered":
            after_the_end = getattr(self.module("triggers"), "after_the_end", None)
            reason = after_the_end(ability) if after_the_end is not None else None
            if reason is not None:
                return "trigger", reason
        if kind in ("activated", "event") or ability.cost:
            parts.append(("activation", ability))
        if kind == "continuous":
            parts.append(("modifier", ability.modifier))
        if kind == "placement":
            return placement(ability.target)
        for value in (ability.trigger, ability.modifier):
            subject = getattr(value, "subject", None)
            if subject is not None:
                parts.append(("target", subject))
        if ability.condition is not None:
            parts.append(("condition", ability.condition))
        if kind in ("triggered", "activated", "replacement", "event"):
            parts.append(("effect", ability.effect))
        if not parts:
            return "ability", f"an ability of a kind the engine does not know: {kind!r}"
        applied = self.as_entering(ability)
        if applied is not None:
            return applied
        for part, value in parts:
            if value is None:
                return part, f"the {kind} ability has no {part}"
            reason = self.part(part, value)
            if reason is not None:
                return part, reason
        return self.outside_play(ability) or self.after_cost(ability)

    def as_entering(self, ability) -> tuple[str, str] | None:
        """An ability applied "as this card enters play" (706.1a): the engine
        applies those naming a color as the card enters play
        (:func:`.parts.names_a_color`); another ("As this card enters
        play, name a card") would be carried out only once it is in play."""
        if ability.kind != "triggered" or getattr(ability.trigger, "when", None) != "as" or ability.effect is None:
            return None
        names_a_color = getattr(self.module("parts"), "names_a_color", None)
        if names_a_color is None or names_a_color(ability.effect):
            return None
        return "trigger", "an ability applied as this card enters play that does more than name a color (706.1a)"

    def outside_play(self, ability) -> tuple[str, str] | None:
        """An activated ability whose cost is paid with this card from a zone
        other than play and the hand ("Banish this card from your discard
        pile to ..."): the engine activates the abilities of cards in play
        (701.3) and those whose text says the hand (104.1)."""
        if ability.kind != "activated":
            return None
        for cost in ability.cost or ():
            target = getattr(cost, "target", None)
            if target is not None and target.noun == "self" and target.zone not in (None, "play", "hand"):
                return "activation", f"an ability activated with this card in the {target.zone} (the engine " \
                                     f"activates abilities of cards in play, 701.3)"
        return None

    def after_cost(self, ability) -> tuple[str, str] | None:
        """An effect carried out after a cost took this card out of play
        ("Retire this card to replace its Problem"), asked again knowing
        that (``executable(effect, gone=True)`` of the resolver)."""
        resolver = self.module("resolve")
        leaves = getattr(resolver, "takes_this_card_away", None)
        if ability.effect is None or leaves is None or not leaves(ability.cost):
            return None
        try:
            reason = resolver.executable(ability.effect, gone=True)
        except Exception as error:  # noqa: BLE001 - a table that fails on a value: said, never executable
            reason = f"{PACKAGE}.resolve.executable failed on it: {type(error).__name__}: {error}"
        return None if reason is None else ("effect", reason)


def placement(target) -> tuple[str, str] | None:
    """Whether the engine plays a card where its placement (305.1, 509.1)
    says: ``None``, else ``("placement", what it lacks)``.

    The engine's rules of play (:func:`rulebase.engine.ccg.play.check_placement`)
    put a Resource that is not an attachment at its owner's home (305.1a),
    and an attachment on a card of the type its text names
    (:data:`rulebase.engine.ccg.cards.HOSTS`), controlled by the player it
    names, if any ("one of your Friends", "an opponent's Friend": 104.1,
    :func:`rulebase.engine.ccg.play.host_controller`), whatever else it
    is: the words describing it ("a Unicorn Friend", "a ready Friend")
    are those of :mod:`.targets`; a placement that says where, or in which
    zone, is more than the engine checks.

    >>> from rulebase.engine.ccg.abilities.model import Selector
    >>> placement(Selector("home", controller="you")), placement(Selector("Friend", controller="opponent"))
    (None, None)
    >>> placement(Selector("Friend", controller="each"))
    ('placement', "a card to play on whose controller is said ('each')")
    """

    if target is None:
        return "placement", "a placement that names no card or place"
    if target.noun == "home":
        return None if target.controller in (None, "you") else ("placement", f"a home of {target.controller!r}")
    from rulebase.engine.ccg.play import placed_kinds

    if placed_kinds(target) is None:
        return "placement", f"a card to play on that is a {target.noun!r}"
    if target.controller not in (None, "any", "you", "opponent", "opponents", "opposing"):
        return "placement", f"a card to play on whose controller is said ({target.controller!r})"
    if target.where or target.zone not in (None, "play"):
        return "placement", f"a card to play on that is more than a {target.noun}: {target.part.text or target.filters!r}"
    if target.filters:  # "an opponent's ready Friend": checked by the words of targets (104.1, play.host_described)
        from rulebase.engine.ccg.abilities import targets

        missing = targets.executable(target)
        if missing is not None:
            return "placement", f"a card to play on that is more than a {target.noun}: {missing}"
    return None


# -- a card's state ------------------------------------------------------------------


def _reader():
    """The reader of card text (:func:`.reading.read_card`, of the card's
    current or printed text as :func:`rulebase.engine.ccg.octgn.read_text`
    finds them), or ``None`` while it does not exist."""
    module = _module("reading")
    if getattr(module, "read_card", None) is None:
        return None
    from rulebase.engine.ccg.octgn import read_text

    return read_text


def _position(value) -> tuple[int | None, int | None]:
    part = getattr(value, "part", None)
    line, column = getattr(part, "line", 0), getattr(part, "column", 0)
    return (line or None, column or None)


def state_of(card, reading, engine: Engine, printed: bool = False) -> CardState:
    """The state of ``card`` from its reading (``front``, ``boosted``,
    ``error``, as :func:`.reading.read_card` gives it)."""
    base = {"card_id": card.id, "name": card.full_name, "set_name": (card.sets or ("",))[0],
            "type": card.type or "", "printed": printed}
    error = getattr(reading, "error", None)
    sides = [("front", tuple(getattr(reading, "front", None) or ()))]
    if getattr(reading, "boosted", None) is not None:
        sides.append(("boosted", tuple(reading.boosted)))
    count = sum(len(abilities) for _, abilities in sides)
    if error is not None:
        line, column = getattr(error, "line", None), getattr(error, "column", None)
        side = getattr(error, "side", None) or "front"
        text = str(getattr(error, "text", "") or "")
        lines = text.split("\n")
        shown = lines[line - 1] if line and 0 < line <= len(lines) else text
        hold = Hold(side, None, shown, "text", str(getattr(error, "expected", None) or error),
                    line or None, column or None)
        return CardState(**base, state=UNPARSED, abilities=count, hold=hold)
    for side, abilities in sides:
        for number, ability in enumerate(abilities, 1):
            found = engine.ability(ability)
            if found is None and (card.type or "") != "Resource" and _names_a_host(ability):
                found = ("target", "'the card this card is attached to' on a card that is not played on another")
            if found is None and getattr(engine.module("continuous"), "gives_missing", None) is not None:
                reason = engine.module("continuous").gives_missing(ability, abilities)  # Teamwork: the others given
                found = ("modifier", reason) if reason is not None else None
            if found is not None:
                part, reason = found
                line, column = _position(ability)
                hold = Hold(side, number, ability.text or getattr(ability.part, "text", ""), part, reason, line, column)
                return CardState(**base, state=UNEXECUTABLE, abilities=count, hold=hold)
    carried = sum(1 for _, abilities in sides for ability in abilities
                  if not (ability.kind == "keyword" and ability.keyword and engine.keyword_known(ability.keyword)))
    return CardState(**base, state=EXECUTABLE, abilities=count, carried=carried)


def _names_a_host(ability) -> bool:
    """Whether an ability's instructions name the card its card is attached
    to (the selector noun ``host``)."""
    effects = [ability.effect, *(ability.cost or ())]
    while effects:
        effect = effects.pop()
        if effect is None:
            continue
        if getattr(effect.target, "noun", None) == "host":
            return True
        effects.extend([effect.then, effect.otherwise, *effect.choices])
    subject = getattr(ability.modifier, "subject", None)
    return getattr(subject, "noun", None) == "host"


def card_state(card, printed: bool = False, engine: Engine | None = None, reader=None) -> CardState:
    """The state of a card of the card database: its current text read
    (``printed``: its printed, pre-errata text), both sides, and every
    ability asked of the engine.  ``engine`` and ``reader`` stand in for
    the engine's tables and :func:`.reading.read_card` (for tests)."""
    engine = engine or Engine()
    reader = reader or _reader()

    def unparsed(reason: str) -> CardState:
        return CardState(card.id, card.full_name, (card.sets or ("",))[0], card.type or "", UNPARSED,
                         hold=Hold("front", None, card.text, "text", reason), printed=printed)

    if reader is None:
        return unparsed(f"there is no reader of card text ({PACKAGE}.reading.read_card)")
    try:
        try:
            found = reader(card, printed=printed)
        except KeyError:  # a card the rules' graph does not know has no erratum: its printed text is current
            found = reader(card, printed=True)
    except Exception as error:  # noqa: BLE001 - the reader failing on a card: said, never executable
        return unparsed(f"the reader failed on it: {type(error).__name__}: {error}")
    return state_of(card, found, engine, printed)


# -- the report ----------------------------------------------------------------------


@dataclass
class Tally:
    """How many cards are in each state."""

    executable: int = 0
    unexecutable: int = 0
    unparsed: int = 0

    def add(self, state: str) -> None:
        setattr(self, state, getattr(self, state) + 1)

    @property
    def total(self) -> int:
        return self.executable + self.unexecutable + self.unparsed

    @property
    def percent(self) -> float:
        """The share of executable cards, in percent (100 for no cards)."""
        return 100.0 * self.executable / self.total if self.total else 100.0

    def as_dict(self) -> dict:
        return {**asdict(self), "total": self.total, "percent": round(self.percent, 1)}


@dataclass
class Report:
    """The state of every card (``cards``, in the database's order), counted
    per set, per type and overall, and for the cards of the theme decks
    (``theme_decks``: each deck's name and its cards' ids)."""

    cards: list[CardState]
    theme_decks: dict[str, list[str]] = field(default_factory=dict)

    def _tally(self, key) -> dict[str, Tally]:
        tallies: dict[str, Tally] = {}
        for state in self.cards:
            tallies.setdefault(key(state), Tally()).add(state.state)
        return tallies

    @property
    def by_set(self) -> dict[str, Tally]:
        return self._tally(lambda state: state.set_name)

    @property
    def by_type(self) -> dict[str, Tally]:
        return self._tally(lambda state: state.type)

    @property
    def total(self) -> Tally:
        tally = Tally()
        for state in self.cards:
            tally.add(state.state)
        return tally

    def theme_cards(self, deck: str | None = None) -> list[CardState]:
        """The cards of the theme decks (or of the deck named), each once."""
        wanted = {card_id for name, ids in self.theme_decks.items() if deck in (None, name) for card_id in ids}
        return [state for state in self.cards if state.card_id in wanted]

    @property
    def theme(self) -> Tally:
        return self.deck_tally()

    def deck_tally(self, deck: str | None = None) -> Tally:
        """The states of the cards of the theme decks (or of the deck named)."""
        tally = Tally()
        for state in self.theme_cards(deck):
            tally.add(state.state)
        return tally

    def in_state(self, state: str, theme_decks: bool = False) -> list[CardState]:
        """The cards in ``state`` (of the theme decks only, if said)."""
        cards = self.theme_cards() if theme_decks else self.cards
        return [card for card in cards if card.state == state]

    def stopped(self, theme_decks: bool = False) -> list[tuple[str, int]]:
        """The words the reader stopped at in the cards not parsed, most
        often first, with how many cards (``""``: the end of a line)."""
        counts = Counter(card.hold.stopped_at for card in self.in_state(UNPARSED, theme_decks)
                         if card.hold is not None and card.hold.stopped_at is not None)
        return counts.most_common()

    def lacking(self, theme_decks: bool = False) -> list[tuple[str, int]]:
        """What holds the parsed but not executable cards back (the part and
        the word the engine lacks), most often first, with how many cards."""
        counts = Counter(f"{card.hold.part}: {card.hold.reason}"
                         for card in self.in_state(UNEXECUTABLE, theme_decks) if card.hold is not None)
        return counts.most_common()

    def rows(self) -> dict[str, list[dict]]:
        """The tables of the report: per set, per type, and the totals (all
        cards, the theme decks' cards), each row a tally with its label."""
        def row(key: str, label: str, tally: Tally) -> dict:
            return {**{k: v for k, v in tally.as_dict().items() if k != "percent"},
                    "%": f"{tally.percent:.1f}", key: label}

        return {"set": [row("set", name, tally) for name, tally in self.by_set.items()],
                "type": [row("type", name, tally) for name, tally in self.by_type.items()],
                "cards": [row("cards", "all cards", self.total), row("cards", "theme decks", self.theme),
                          *(row("cards", f"  {name}", self.deck_tally(name)) for name in sorted(self.theme_decks))]}

    def summary(self) -> str:
        """One line: the executable cards in all and of the theme decks."""
        total, theme = self.total, self.theme
        return (f"{total.executable} of {total.total} cards executable ({total.percent:.1f}%); "
                f"theme decks: {theme.executable} of {theme.total} ({theme.percent:.1f}%); "
                f"{total.unexecutable} parsed but not executable, {total.unparsed} not parsed")

    def as_dict(self) -> dict:
        return {"total": self.total.as_dict(),
                "theme_decks": {**self.theme.as_dict(),
                                "decks": {name: self.deck_tally(name).as_dict() for name in sorted(self.theme_decks)}},
                "lacking": [{"what": what, "cards": count} for what, count in self.lacking()],
                "stopped_at": [{"word": word, "cards": count} for word, count in self.stopped()],
                "sets": {name: tally.as_dict() for name, tally in self.by_set.items()},
                "types": {name: tally.as_dict() for name, tally in self.by_type.items()},
                "cards": [state.as_dict() for state in self.cards]}


WORKERS = os.cpu_count() or 1
"""How many processes read the cards when the report is made (where
processes can be forked): the reading of card text is what takes time."""

_CARDS: tuple = ()


def _state_at(index: int) -> CardState:
    return card_state(_CARDS[index])


def _states(cards) -> list[CardState]:
    """The state of each card, read by :data:`WORKERS` forked processes
    (the first card read first, so that they share the reader's grammar
    and the errata it loads)."""
    global _CARDS
    cards = tuple(cards)
    if not cards:
        return []
    first = card_state(cards[0])
    workers = min(WORKERS, len(cards) // 100)
    if workers <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        return [first, *(card_state(card) for card in cards[1:])]
    _CARDS = cards
    try:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            return [first, *pool.map(_state_at, range(1, len(cards)), chunksize=32)]
    finally:
        _CARDS = ()


def theme_decks(database) -> dict[str, list[str]]:
    """The decks under the card data's ``Decks`` folder (the six original
    theme decks in the corpus's copy), each as its cards' ids."""
    from rulebase.cards.decks import read_file

    decks = {}
    for path in sorted(Path(database.root).glob("Decks/**/*.o8d")):
        deck = read_file(path, database)
        decks[deck.name] = [card.id for card in deck.cards()]
    return decks


_SOURCES = (paths.PACKAGE / "engine", paths.PACKAGE / "cards", paths.PACKAGE / "errata.py", paths.GRAMMAR)
"""The code and grammars a card's state depends on: the engine (its tables
of what it carries out), the card data's reader and errata (and a card's
printed and current texts), the grammars."""


def fingerprint(database) -> str:
    """What the states depend on, hashed: the code and grammars that read
    and carry out card text (:data:`_SOURCES`), the corpus's manifest (its
    errata), and the card data's files (their names, sizes and times)."""
    digest = hashlib.sha256()
    for source in _SOURCES:
        files = sorted(source.rglob("*")) if source.is_dir() else [source]
        for path in files:
            if path.is_file() and path.suffix in (".py", ".lark", ".toml", ".txt"):
                digest.update(str(path.relative_to(paths.PACKAGE.parent)).encode() + path.read_bytes())
    manifest = paths.CORPUS / "manifest.toml"
    if manifest.is_file():
        digest.update(manifest.read_bytes())
    root = Path(database.root)
    for path in sorted(root.rglob("*")):
        if path.is_file():
            stat = path.stat()
            digest.update(f"{path.relative_to(root)}:{stat.st_size}:{stat.st_mtime_ns}".encode())
    return digest.hexdigest()


def _cache_file(database) -> Path:
    name = hashlib.sha256(str(Path(database.root).resolve()).encode()).hexdigest()[:16]
    return paths.cache_dir() / f"card-abilities-{name}.json"


def _cached(database, key: str) -> list[CardState] | None:
    try:
        data = json.loads(_cache_file(database).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if data.get("fingerprint") != key:
        return None
    try:
        states = {item["card_id"]: CardState.from_dict(item) for item in data["cards"]}
        return [states[card.id] for card in database.cards]
    except (KeyError, TypeError):
        return None


def _store(database, key: str, states: list[CardState]) -> None:
    try:
        path = _cache_file(database)
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_text(json.dumps({"fingerprint": key, "cards": [s.as_dict() for s in states]}), encoding="utf-8")
        temporary.replace(path)
    except OSError:  # a cache that cannot be written: the report is made again next time
        pass


def report(database=None, cache: bool = True) -> Report:
    """The state of every card of ``database`` (the corpus's by default)
    with the theme decks' cards; read from the cache when nothing it
    depends on has changed (``cache`` false: made anew, and not kept)."""
    if database is None:
        from rulebase.cards import database as card_database

        database = card_database.load()
    key = fingerprint(database) if cache else ""
    states = _cached(database, key) if cache else None
    if states is None:
        states = _states(database.cards)
        if cache:
            _store(database, key, states)
    return Report(states, theme_decks(database))
