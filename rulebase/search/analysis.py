"""How text is cut into searchable words: one analyzer for the index and the
queries, the words a question is made of, and spelling correction against the
words the corpus uses.

>>> stems("Faceoffs are resolved when players' totals are tied")
['faceoff', 'resolv', 'player', 'total', 'tie']
"""

from __future__ import annotations

import re
from collections import Counter

from rapidfuzz import process
from rapidfuzz.distance import OSA
from whoosh.analysis import Filter, LowercaseFilter, RegexTokenizer, StemFilter, StopFilter
from whoosh.analysis.filters import STOP_WORDS
from whoosh.lang.porter2 import stem as _porter2

# A word, or a rule number such as 514.4c, 514.4c.i or 405.2.0.
TOKEN = r"[^\W_]+(?:\.[^\W_]+)*"
_TOKEN = re.compile(TOKEN)

# Words that carry no meaning in a judge's question (beyond whoosh's list).
QUESTION_WORDS = frozenset(
    """
    what whats which who whom whose how why where does do did doing done happen happens happened
    i im me my mine myself we our ours there their theirs they them he she his her hers its
    about would should could many much any anything something someone
    rule rules work works working worked able possible supposed ok okay explain
    mean means meaning meant difference itself himself herself themselves yourself
    """.split()
)
# Everyday words a player leans on that rarely name what a question is
# about ("does it still count", "can I get it back"): they count for less.
WEAK_WORDS = frozenset(
    """
    go goes going gone went come comes coming came get gets getting got still back out away through
    thing things stuff way really actually just even also already anymore ever exactly whole
    allowed allow allows let lets need needs want wants try tries trying know use using after before
    become becomes became
    """.split()
)
# Single letters are noise (the s of "player's", the t of "can't", the X of
# "Competitive X"); single digits are kept ("Tier 2", "6 cards").
STOP = frozenset(STOP_WORDS) | QUESTION_WORDS | frozenset("abcdefghijklmnopqrstuvwxyz")

# Irregular English forms the stemmer cannot fold into their base word.
IRREGULAR = {
    form: base
    for base, forms in {
        "lose": "lost", "win": "won winning", "draw": "drew drawn", "pay": "paid", "choose": "chose chosen",
        "take": "took taken", "leave": "left", "find": "found", "give": "gave given", "get": "got gotten",
        "go": "went gone goes", "come": "came", "run": "ran", "hold": "held", "spend": "spent", "send": "sent",
        "make": "made", "keep": "kept", "begin": "began begun", "put": "puts", "fight": "fought",
        "bring": "brought", "hit": "hits", "deal": "dealt", "read": "reads", "lay": "laid", "see": "saw seen",
        "shake": "shook shaken", "stand": "stood", "throw": "threw thrown", "show": "shown",
    }.items()
    for form in forms.split()
}


class IrregularFilter(Filter):
    """Replaces irregular forms (``lost``, ``paid``, ``drawn``) by their base
    word, so the stemmer makes one word of ``lose``, ``loses`` and ``lost``."""

    def __call__(self, tokens):
        for token in tokens:
            token.text = IRREGULAR.get(token.text, token.text)
            yield token


def analyzer():
    """The analyzer of every text field: words and rule numbers, lower-cased,
    without stop words, irregular forms folded, stemmed (Porter2, which makes
    one stem of ``flip`` and ``flipped``, ``tie`` and ``tied``)."""
    return (RegexTokenizer(TOKEN) | LowercaseFilter() | StopFilter(stoplist=STOP, minsize=1) | IrregularFilter()
            | StemFilter(stemfn=_porter2, cachesize=-1))


_ANALYZER = analyzer()


def stems(text: str) -> list[str]:
    """The indexed forms of the words of ``text``, in order."""
    return [token.text for token in _ANALYZER(text)]


# Words in single quotes, which are not apostrophes ("player's", "'til").
SINGLE_QUOTED = re.compile(r"(?<![\w'’‘])['‘’]([^'‘’]{1,60})['‘’](?![\w'’‘])")
_QUOTED = re.compile(r"[\"“”„«»]([^\"“”„«»]{1,60})[\"“”„«»]|" + SINGLE_QUOTED.pattern)


def quoted(text: str, most_words: int = 4) -> list[tuple[str, ...]]:
    """The words of each stretch of ``text`` in quotes (double, or single
    ones that are not apostrophes), stop words kept, of at most
    ``most_words`` words: the terms a rule defines ("here", "your" cards).

    >>> quoted('If text uses the phrase "here", it means the area of a ‘Main Phase’ card')
    [('here',), ('main', 'phase')]
    """
    found = []
    for match in _QUOTED.finditer(text):
        span = tuple(words(match.group(1) or match.group(2)))
        if span and len(span) <= most_words:
            found.append(span)
    return found


def words(text: str) -> list[str]:
    """The lower-cased words (and rule numbers) of ``text``, stop words kept."""
    return [match.group().lower() for match in _TOKEN.finditer(text)]


def is_stop(word: str) -> bool:
    return word in STOP


def is_weak(word: str) -> bool:
    """Whether a word is an everyday word that rarely says what a question
    is about (see :data:`WEAK_WORDS`)."""
    return word in WEAK_WORDS


class Vocabulary:
    """The words the corpus uses, with how often, for spelling correction.

    A word is corrected to the corpus word fewest edits away (see
    :func:`edit_distance`), found by rapidfuzz among the corpus words that
    begin with the same letter.

    >>> vocabulary = Vocabulary({"stubborn": 3, "faceoff": 40, "troublemaker": 30})
    >>> vocabulary.correct("stubbron"), vocabulary.correct("facoff"), vocabulary.correct("troublemakr")
    ('stubborn', 'faceoff', 'troublemaker')
    >>> vocabulary.correct("xylophone") is None
    True
    """

    def __init__(self, counts: dict[str, int]):
        self.counts = dict(counts)
        self._sorted = sorted(self.counts)
        # The words that can be a correction (four letters or more), by their first letter.
        self._by_letter: dict[str, list[str]] = {}
        for word in self._sorted:
            if len(word) >= 4 and word.isalpha():
                self._by_letter.setdefault(word[0], []).append(word)

    @classmethod
    def from_texts(cls, texts) -> "Vocabulary":
        counts: Counter = Counter()
        for text in texts:
            counts.update(word for word in words(text) if word.isalpha() and not is_stop(word))
        return cls(counts)

    def __contains__(self, word: str) -> bool:
        return word in self.counts

    def correct(self, word: str) -> str | None:
        """The corpus word nearest to a word the corpus does not use (at most
        one edit away, or two when both words have eight letters or more;
        the most frequent on a tie, then the first in alphabetical order),
        or None.  The first letter is kept: a typo seldom changes it,
        while an everyday word the corpus lacks often differs from a corpus
        word only there (``kill`` is not ``mill``)."""
        if word in self.counts or len(word) < 4 or not word.isalpha():
            return None
        limit = _max_distance(word)
        best = None
        for candidate, distance, _ in process.extract(word, self._by_letter.get(word[0], ()), scorer=OSA.distance,
                                                      score_cutoff=limit, limit=None):
            if distance <= _max_distance(candidate):
                rank = (distance, -self.counts[candidate], candidate)
                best = min(best, rank) if best else rank
        return best[2] if best else None

    def splits(self, word: str) -> list[tuple[str, str]]:
        """The ways ``word`` is two corpus words written together
        (``facedown`` -> ``face``, ``down``)."""
        if len(word) < 6:
            return []
        return [
            (word[:i], word[i:]) for i in range(3, len(word) - 2)
            if word[:i] in self.counts and word[i:] in self.counts
        ]

    def with_prefix(self, prefix: str, limit: int = 20) -> list[str]:
        """The corpus words starting with ``prefix``, most frequent first."""
        from bisect import bisect_left

        start = bisect_left(self._sorted, prefix)
        found = []
        for word in self._sorted[start:]:
            if not word.startswith(prefix):
                break
            found.append(word)
        return sorted(found, key=lambda w: -self.counts[w])[:limit]


def _max_distance(word: str) -> int:
    return 1 if len(word) < 8 else 2


def edit_distance(a: str, b: str) -> int:
    """Edits (insert, delete, substitute, swap two neighbours) from a to b:
    the optimal string alignment distance, in which no part of a word is
    edited twice, so that ``ca`` is three edits from ``abc``, not two.

    >>> edit_distance("stubbron", "stubborn"), edit_distance("ca", "abc")
    (1, 3)
    """
    return OSA.distance(a, b)
