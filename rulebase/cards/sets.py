"""The names the rules documents give the sets, and the sets of the card data they mean.

The documents (the card errata, the tournament floor rules' banlist) name
the sets as they were sold: "Premiere", "The Crystal Games", "Rock and
Rave"; the OCTGN card data names them otherwise: "Premier", "Crystal
Games", "Rock N Rave".  :data:`DOCUMENT_NAMES` is the one place that maps
one to the other; any other name is compared with the data's names with
case, accents and punctuation folded (``"Rock N' Rave"`` is ``"Rock N Rave"``).

>>> data_set_name("The Crystal Games", ["Premier", "Crystal Games"]), data_set_name("premier", ["Premier"])
('Crystal Games', 'Premier')
>>> data_set_name("Rock N' Rave", ["Rock N Rave"]), data_set_name("Nowhere", ["Premier"]) is None
('Rock N Rave', True)
"""

from __future__ import annotations

from collections.abc import Iterable

from rulebase.cards.model import fold

DOCUMENT_NAMES = {
    "Premiere": "Premier",
    "The Crystal Games": "Crystal Games",
    "Rock and Rave": "Rock N Rave",
}
"""A set's name in the rules documents -> its name in the card data, where the two differ."""


def data_set_name(name: str, names: Iterable[str]) -> str | None:
    """The card data's name (one of ``names``) of the set a document calls ``name``, or None."""
    mapped = {fold(document): data for document, data in DOCUMENT_NAMES.items()}
    wanted = fold(mapped.get(fold(name), name))
    return next((known for known in names if fold(known) == wanted), None)
