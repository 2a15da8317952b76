"""Finding the candidates of a query: the entries that have any form of any
of its concepts in any field (or a phrase of one in their text), scored by
BM25 over all their words, the best first.

The answer is the one whoosh gives for ``searcher.search(Or(terms),
limit=..., filter=...)``, without running whoosh's matchers for every query:
the entries that use a word, with the score whoosh gives the word in each,
are read from the index the first time the word is searched and kept (they
do not depend on the query), and a query adds its terms' scores up in the
order of its terms, as whoosh's union of terms does, then keeps the best
entries by score and, on a tie, index order.
"""

from __future__ import annotations

import heapq
import threading

from whoosh.query import Phrase, Term

# The field whose words find the candidates (and give each word its rarity).
FIELD = "all"
# The field a phrase is looked for in.
PHRASE_FIELD = "text"


class Postings:
    """The scored postings of the words and phrases searched so far in one
    opened index: ``(docnum, score)`` pairs in index order."""

    def __init__(self, searcher, lock: threading.Lock):
        self.searcher = searcher
        self.lock = lock
        self._terms: dict[str, tuple[tuple[int, float], ...]] = {}
        self._phrases: dict[tuple[str, ...], tuple[tuple[int, float], ...]] = {}
        self._frequencies: dict[tuple[str, str], int] = {}
        self._count: int | None = None
        # Whether every word of the index has been read (any other is in no entry).
        self._complete = False

    def term(self, stem: str) -> tuple[tuple[int, float], ...]:
        """The entries that use ``stem`` in any field, with its score in each.

        Only the words of the index are kept (the words typed are not)."""
        found = self._terms.get(stem)
        if found is None:
            if self._complete:
                return ()
            found = self._read(Term(FIELD, stem))
            if found:
                self._terms[stem] = found
        return found

    def phrase(self, words: tuple[str, ...]) -> tuple[tuple[int, float], ...]:
        """The entries whose text has the phrase, with its score in each."""
        found = self._phrases.get(words)
        if found is None:
            found = self._phrases[words] = self._read(Phrase(PHRASE_FIELD, list(words)))
        return found

    def preload(self) -> None:
        """Read the postings and frequencies of every word of the index now,
        rather than the first time each is searched; after that, the index
        is read only for phrases."""
        if self._complete:
            return
        with self.lock:
            words = list(self.searcher.reader().field_terms(FIELD))
        for word in words:
            self.term(word)
            self.doc_frequency(FIELD, word)
        self.doc_count_all()
        self._complete = True

    def doc_count_all(self) -> int:
        """How many entries the index has."""
        if self._count is None:
            with self.lock:
                self._count = self.searcher.doc_count_all()
        return self._count

    def doc_frequency(self, field: str, stem: str) -> int:
        """How many entries use ``stem`` in ``field``."""
        found = self._frequencies.get((field, stem))
        if found is None:
            if self._complete and field == FIELD:
                return 0
            with self.lock:
                found = self.searcher.doc_frequency(field, stem)
            if found:
                self._frequencies[(field, stem)] = found
        return found

    def _read(self, query) -> tuple[tuple[int, float], ...]:
        found = []
        with self.lock:
            context = self.searcher.context()
            for leaf, offset in self.searcher.leaf_searchers():
                matcher = query.matcher(leaf, context)
                while matcher.is_active():
                    found.append((offset + matcher.id(), matcher.score()))
                    matcher.next()
        return tuple(found)


def best(postings: Postings, terms: list, allowed, limit: int) -> list[int]:
    """The docnums of the ``limit`` best entries among ``allowed`` for a
    query made of ``terms`` (stems, and tuples of stems for phrases), best
    first: by the sum of the terms' scores, then by docnum."""
    scores: dict[int, float] = {}
    get = scores.get
    for term in terms:
        found = postings.phrase(term) if isinstance(term, tuple) else postings.term(term)
        for docnum, score in found:
            scores[docnum] = get(docnum, 0.0) + score
    items = [(-score, docnum) for docnum, score in scores.items() if score > 0 and docnum in allowed]
    return [docnum for _, docnum in heapq.nsmallest(limit, items)]
