"""The MLP CCG's cards: one record per card, read from the corpus's card data.

:mod:`~rulebase.cards.model` holds the records (:class:`Card`, its
:class:`Printing` in each set, its :class:`Side`), :mod:`~rulebase.cards.octgn`
reads them from an OCTGN game definition's set files (with the one hardened
XML reader, :mod:`~rulebase.cards.xmlfile`) and
:mod:`~rulebase.cards.database` puts them together: :func:`load` gives the
:class:`CardDatabase`.
"""

from __future__ import annotations

from rulebase.cards.database import CardDatabase, load
from rulebase.cards.model import Card, CardSet, Keyword, Need, Printing, Side

__all__ = ["Card", "CardDatabase", "CardSet", "Keyword", "Need", "Printing", "Side", "load"]
