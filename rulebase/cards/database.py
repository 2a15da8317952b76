"""The card database: one :class:`~rulebase.cards.model.Card` per card of
an OCTGN game definition's card data (the corpus's copy by default).

A card printed more than once is one card with several printings: two
``<card>`` elements are printings of one card when everything they print
is the same (name, subtitle, type, colors, numbers, requirements, traits,
keywords, text, other side, and the properties kept in ``extra``); only
their set, collector number, rarity and OCTGN id may differ.  Printings
that share a name and subtitle but print something else are different
cards.  (In the corpus's data the only card printed more than once is
Seemingly Innocent Pony: three copies in the Villain Challenge set.)

A card's id is ``slug(name)-slug(subtitle)`` (:func:`~rulebase.cards.model.card_id`).
Where two cards would have the same id (names that differ only by case,
accents or punctuation, or the same name printing something else), the
first keeps it and each later one gets its first printing's collector
number after it (``-cs5``), or else ``-2``, ``-3``.  Cards come in the
order of their first printing: set files in the order of their folders'
names, then the order of each file.

>>> cards = load()
>>> len(cards.cards), len(cards.sets)
(2029, 17)
>>> [card.id for card in cards.find("Kitchen au Flambe")]
['kitchen-au-flambe']
>>> cards.by_id["rainbow-dash-flier-extraordinaire"].boosted.power
3
"""

from __future__ import annotations

import gc
from collections import defaultdict
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

from rulebase import paths
from rulebase.cards.model import Card, CardSet, Printing, Side, card_id, fold, slug
from rulebase.cards.octgn import SetFile, read_set, set_files
from rulebase.errors import CardDataError, ManifestError


def default_root() -> Path:
    """The corpus's copy of the OCTGN game definition."""
    return paths.CORPUS / "ccg" / "octgn"


class CardDatabase:
    """The cards of one game definition and its sets.

    ``cards`` in a stable order (see the module), ``by_id`` each card by
    its id, ``by_octgn_id`` the card each OCTGN id (what deck files name)
    is a printing of, ``sets`` the sets in the order of their files.
    """

    def __init__(self, root: Path, cards: tuple[Card, ...], sets: tuple[CardSet, ...]):
        self.root = root
        self.cards = cards
        self.sets = sets
        self.by_id = {card.id: card for card in cards}
        self.by_octgn_id = {printing.octgn_id: card for card in cards for printing in card.printings}
        self._by_name: dict[str, list[Card]] = defaultdict(list)
        for card in cards:
            self._by_name[fold(card.name)].append(card)

    def __repr__(self) -> str:
        return f"<CardDatabase {str(self.root)!r}: {len(self.cards)} cards in {len(self.sets)} sets>"

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self):
        return iter(self.cards)

    def find(self, name: str, subtitle: str | None = None) -> tuple[Card, ...]:
        """The cards with this name (and this subtitle, if given; ``""``
        for none), case, accents and punctuation folded but otherwise exact.
        Without a subtitle, ``"Name, Subtitle"`` is also read as both.

        >>> cards = load()
        >>> [card.id for card in cards.find("rainbow dash", "Flier Extraordinaire")]
        ['rainbow-dash-flier-extraordinaire']
        >>> [card.id for card in cards.find("Rainbow Dash, Flier Extraordinaire")]
        ['rainbow-dash-flier-extraordinaire']
        >>> len(cards.find("Rainbow Dash")) > 5, cards.find("Rainbow Das")
        (True, ())
        """
        found = self._by_name.get(fold(name), [])
        if subtitle is not None:
            wanted = fold(subtitle)
            found = [card for card in found if fold(card.subtitle or "") == wanted]
        elif not found and "," in name:
            parts = name.split(",")
            for cut in range(1, len(parts)):
                found = self.find(",".join(parts[:cut]), ",".join(parts[cut:]))
                if found:
                    break
        return tuple(found)

    def counts_by_set(self) -> dict[str, dict[str, int]]:
        """Per set (by name): its cards, its printings and the cards its file comments out."""
        return {card_set.name: {"cards": len(card_set.cards), "printings": card_set.printings,
                                "commented_out": len(card_set.commented_out)} for card_set in self.sets}


def _unique_id(base: str, printing: Printing, taken: set[str]) -> str:
    candidate = base
    if candidate in taken and printing.number:
        candidate = f"{base}-{slug(printing.number)}"
    number = 2
    while candidate in taken:
        candidate, number = f"{base}-{number}", number + 1
    return candidate


def build(files: list[SetFile], root: Path) -> CardDatabase:
    """The database of the set files read, in their order."""
    groups: dict[tuple[Side, Side | None], list[Printing]] = {}
    seen: dict[str, str] = {}
    for set_file in files:
        for entry in set_file.entries:
            printing = entry.printing
            if printing.octgn_id in seen:
                raise CardDataError(f"{set_file.path}:{printing.line}: card id {printing.octgn_id!r} is also the id "
                                    f"of the card at {seen[printing.octgn_id]}")
            seen[printing.octgn_id] = f"{set_file.path}:{printing.line}"
            groups.setdefault((entry.front, entry.boosted), []).append(printing)
    cards, taken = [], set()
    for (front, boosted), printings in groups.items():
        identity = _unique_id(card_id(front.name, front.subtitle), printings[0], taken)
        taken.add(identity)
        cards.append(Card(**{name: getattr(front, name) for name in Side.__dataclass_fields__},
                          id=identity, printings=tuple(printings), boosted=boosted))
    by_octgn = {printing.octgn_id: card.id for card in cards for printing in card.printings}
    sets = tuple(CardSet(name=f.name, id=f.id, path=f.path.relative_to(root).as_posix(),
                         cards=tuple(dict.fromkeys(by_octgn[e.printing.octgn_id] for e in f.entries)),
                         printings=len(f.entries), commented_out=f.commented_out) for f in files)
    return CardDatabase(root, tuple(cards), sets)


def _check_corpus_copy(root: Path) -> None:
    """If ``root`` is in the corpus, check it is the card data the manifest lists, byte for byte."""
    from rulebase import corpus

    corpus_root = paths.CORPUS.resolve()
    if not root.resolve().is_relative_to(corpus_root):
        return
    data = corpus.card_data(paths.CORPUS, verify=False)
    if data is None or (corpus_root / data["path"]).resolve() != root.resolve():
        raise ManifestError(f"{root}: card data in the corpus that the manifest does not list as [card_data]")
    corpus.card_data(paths.CORPUS, verify=True)


@contextmanager
def _collector_paused():
    """The cyclic garbage collector paused while tens of thousands of XML
    elements and records are made (none of them in a cycle): it would
    otherwise run hundreds of times and add a third to the time."""
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


@lru_cache(maxsize=4)
def _load(root: str) -> CardDatabase:
    path = Path(root)
    _check_corpus_copy(path)
    with _collector_paused():
        return build([read_set(file) for file in set_files(path)], path)


def load(root: str | Path | None = None) -> CardDatabase:
    """The card database of the game definition at ``root`` (the corpus's
    copy by default, checked against the manifest's checksums), read once
    per process and root.  Raises :class:`~rulebase.errors.CardDataError`
    for data that can't be read, naming the file and line."""
    return _load(str(root if root is not None else default_root()))


load.cache_clear = _load.cache_clear
