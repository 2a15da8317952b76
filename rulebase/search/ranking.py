"""Ranking the candidates whoosh found: BM25F over an entry's fields (its
title, its text, where it stands, its other wordings, the questions it
answers) with one inverse document frequency per word (less for an everyday
word of the question), times how much of the question the entry covers,
with a bonus for the question's word pairs found side by side and for
naming an entry's title (or, for a rule without one, the term its first
sentence defines), and a prior per kind of entry and document.  What the
query quotes is one more concept, matched by the entries that put it in
quotes (the rule that says what "here" or "your" means on a card), though
the index cannot hold such words.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, field

from rulebase.search.analysis import quoted

FIELDS = ("title", "text", "context", "aliases", "questions")
# The questions an entry answers (:mod:`rulebase.search.questions`) count as
# much as its title: they are what other judges asked of it.
WEIGHTS = {"title": 2.0, "text": 1.0, "context": 0.6, "aliases": 0.3, "questions": 2.0}
B = {"title": 0.5, "text": 0.75, "context": 0.5, "aliases": 0.5, "questions": 0.5}
K1 = 1.2

COVERAGE_POWER = 2.0
# The frequency at which a concept counts as fully covered (a word once in a
# text of usual length); below it, as covered in proportion.
FULL_COVER = 0.6
PAIR_BONUS = 0.1
TITLE_BONUS = 0.8
# For a question that asks for a number, an entry that gives one.
QUANTITY_BONUS = 1.5
# For a question that asks what something is, an entry that defines it.
DEFINITION_BONUS = 1.25
EXACT_TITLE = 2.0
# How much what a query quotes counts, in its weightiest concept's weight:
# the words a player quotes are what the question is about.
QUOTED = 3.0
# A word in this share of the entries or more ("card", "player") is not
# needed to name a title.
GENERIC_SHARE = 0.25
# How much an everyday word of the question counts.
WEAK = 0.35

# How likely each kind of document is to hold the answer, before the question
# is read: the beginner's rulebook is superseded by the comprehensive rules,
# and limited play only applies to limited events (a question that names the
# document, "limited", "quickstart", lifts this).
DOCUMENT_PRIOR = {"rulebook": 0.4, "limited play rules": 0.6}
ERRATUM_UNNAMED = 0.6
GLOSSARY_UNNAMED = 0.7
# A glossary entry says what a word means and an erratum what a card says:
# for a question that asks something else, the rules come first.
ASIDE_IN_QUESTION = 0.7
EMPTY_HEADING = 0.6


_NUMERAL = re.compile(r"\d|\b(?:two|three|four|five|six|seven|eight|nine|ten|twice|zero)\b", re.I)
_QUANTITY = re.compile(
    r"\bhow (?:many|much|long|often)\b|\bnumber of\b|\b(?:minimum|maximum|max|min|most|least)\b", re.I)


def asks_quantity(text: str) -> bool:
    """Whether a question asks for a number (``how many``, ``minimum``...)."""
    return bool(_QUANTITY.search(text))


_DEFINITION_QUESTION = re.compile(r"\bwhat(?:'s|s| is| are| does)\b|\bmean(?:s|ing)?\b|\bdefin|\bwho is\b", re.I)
_TO_VERB = re.compile(r"^To ([a-z]+)\b")
_SUBJECT = re.compile(r"^(?:An? |The )?([A-Za-z][\w'-]*(?: [A-Za-z][\w'-]*){0,3}) (?:is|are|means) ")
_NAMED = re.compile(
    r"\b(?:is|are) (?:called |referred to as )?(?:an? |the )?([A-Za-z][\w'-]*(?: [A-Za-z][\w'-]*){0,2})\.$")


def asks_definition(text: str) -> bool:
    """Whether a question asks what something is or means."""
    return bool(_DEFINITION_QUESTION.search(text))


def defined(record: dict) -> frozenset[str]:
    """The words an entry defines: a glossary entry's or heading's title, and
    in a rule's text "To X ...", "X is ..." and "... are called X."."""
    from rulebase.search.analysis import stems

    if record["kind"] == "glossary" or (record["heading"] and record["title"]):
        return frozenset(stems(record["title"] or ""))
    found: set[str] = set()
    sentences = re.split(r"(?<=\.)\s+", record["text"].strip())[:2]
    for number, sentence in enumerate(sentences):
        match = (_TO_VERB.match(sentence) or _SUBJECT.match(sentence)) if number == 0 else None
        if match:
            found.update(stems(match.group(1)))
        match = _NAMED.search(sentence)
        if match and not re.search(r"(?:ed|able|public)$", match.group(1)):
            found.update(stems(match.group(1)))
    return frozenset(found)


_NAMING = re.compile(r"^(?:To ([a-z]+)\b|(?!(?:If|When|While|As|Following)\b)(?:An? |The )?"
                     r"((?:(?!that\b|which\b)[A-Za-z][\w'-]*)(?: (?!that\b|which\b)[A-Za-z][\w'-]*){0,2})"
                     r" is (?:the|an?|anything) )")


def named_by(record: dict) -> frozenset[str]:
    """The words that name a rule without a title: the term its first
    sentence defines ("To banish a card is ...", "A priority window is the
    interval ..."), or nothing."""
    from rulebase.search.analysis import stems

    if record["kind"] != "rule" or record["title"]:
        return frozenset()
    match = _NAMING.match(record["text"].strip())
    return frozenset(stems(match.group(1) or match.group(2))) if match else frozenset()


def _core(title: frozenset[str], generic: frozenset[str]) -> frozenset[str]:
    """A title without the words most entries use ("Readying Cards" is named
    by "ready"), unless it has no other."""
    return (title - generic) or title


@dataclass
class Concept:
    """One thing the query asks about: the indexed forms of a word, with a
    weight each (1 for the word as typed, less for a correction or a
    synonym), and the phrases that say the same (a word the documents write
    as two, a synonym of several words), with theirs."""

    word: str
    forms: dict[str, float]
    phrases: dict[tuple[str, ...], float] = field(default_factory=dict)


class Features:
    """What the ranking reads of each entry, computed once per opened index."""

    def __init__(self, records: list[dict]):
        self.counts = [{f: Counter(r["stems"][f]) for f in FIELDS} for r in records]
        self.lengths = [{f: len(r["stems"][f]) for f in FIELDS} for r in records]
        self.pairs = [
            {pair for f in ("title", "text") for pair in zip(r["stems"][f], r["stems"][f][1:])}
            for r in records
        ]
        frequency = Counter(stem for r in records for stem in set(r["stems"]["title"] + r["stems"]["text"]))
        self.generic = frozenset(stem for stem, n in frequency.items() if n >= GENERIC_SHARE * len(records))
        self.titles = [_core(frozenset(r["stems"]["title"]) or named_by(r), self.generic) for r in records]
        self.bigrams = frozenset(pair for pairs in self.pairs for pair in pairs)
        self.numeric = [bool(_NUMERAL.search((r["title"] or "") + " " + r["text"])) for r in records]
        self.defines = [defined(r) for r in records]
        total = max(1, len(records))
        self.average = {f: (sum(length[f] for length in self.lengths) / total) or 1.0 for f in FIELDS}
        self.totals = [self._totals(counts, lengths) for counts, lengths in zip(self.counts, self.lengths)]
        self.words = [frozenset(counts["title"]) | frozenset(counts["text"]) for counts in self.counts]
        self.documents = [r["document"] for r in records]
        self.kinds = [r["kind"] for r in records]
        self.empty_headings = [bool(r["heading"] and not r["text"]) for r in records]
        self.quoted = [frozenset(quoted(r["text"])) for r in records]
        self._quoted_from: dict[str, list[int]] = {}
        for position, terms in enumerate(self.quoted):
            for first in {term[0] for term in terms}:
                self._quoted_from.setdefault(first, []).append(position)

    def quoting_any(self, spans: list[tuple[str, ...]]) -> set[int]:
        """The entries that put in quotes one of ``spans`` (or the words a
        span starts with)."""
        found = set()
        for span in spans:
            for position in self._quoted_from.get(span[0], ()):
                if any(span[:len(term)] == term for term in self.quoted[position]):
                    found.add(position)
        return found

    def _totals(self, counts: dict, lengths: dict) -> dict[str, float]:
        """Each stem of an entry with its weighted, length-normalised
        frequency summed over the fields."""
        totals = {}
        for form in {stem for field in FIELDS for stem in counts[field]}:
            total = 0.0
            for field in FIELDS:
                tf = counts[field].get(form, 0)
                if tf:
                    norm = 1 - B[field] + B[field] * lengths[field] / self.average[field]
                    total += WEIGHTS[field] * tf / norm
            totals[form] = total
        return totals


class Asked:
    """What the ranking reads of a query, computed once for all its
    candidates: its concepts with their weights (see :func:`concept_weight`),
    its word pairs, whether it asks for a number (``quantity``), asks what
    something is (``definition``) or is a question rather than keywords, the
    documents it names and the entries that put in quotes what it quotes
    (``quoting``)."""

    def __init__(self, features: Features, concepts: list[Concept], weights: list[float],
                 pairs: list[tuple[str, str]], quantity: bool = False, definition: bool = False,
                 named_documents: frozenset = frozenset(), question: bool = False,
                 quoting: frozenset = frozenset()):
        self.concepts = [(tuple(concept.forms.items()), tuple(concept.phrases.items()), weight)
                         for concept, weight in zip(concepts, weights)]
        self.weight_all = sum(weights)
        self.pairs = pairs
        self.quantity, self.definition, self.question = quantity, definition, question
        self.named_documents = named_documents
        # What the query quotes counts as one more concept, QUOTED times its
        # weightiest, matched by the entries that quote it.
        self.quoting = quoting
        self.quoted_weight = QUOTED * max(weights, default=1.0) if quoting else 0.0
        self.weight_all += self.quoted_weight
        self.wanted = frozenset(form for concept in concepts for form in concept.forms)
        counted = [c for c in concepts if not set(c.forms) <= features.generic] or concepts
        self.counted = [frozenset(c.forms) for c in counted]


def score(features: Features, records: list[dict], documents: dict, position: int, concepts: list[Concept],
          weights: list[float], pairs: list[tuple[str, str]], quantity: bool = False,
          definition: bool = False, named_documents: frozenset = frozenset(), question: bool = False) -> float:
    """The score of one entry for the query's concepts (``weights`` being
    their :func:`concept_weight`); ``quantity``, ``definition`` and
    ``question`` say whether the query asks for a number, asks what
    something is, and is a question rather than keywords."""
    asked = Asked(features, concepts, weights, pairs, quantity, definition, named_documents, question)
    return score_asked(features, documents, position, asked)


def score_asked(features: Features, documents: dict, position: int, asked: Asked) -> float:
    """The score of one entry for a query read once (see :func:`score`)."""
    totals = features.totals[position]
    total = 0.0
    covered = 0.0
    for forms, phrases, concept_idf in asked.concepts:
        # The concept's weighted, length-normalised frequency in the entry:
        # that of its best form, or of a phrase found side by side.
        frequency = 0.0
        for form, weight in forms:
            value = weight * totals.get(form, 0.0)
            if value > frequency:
                frequency = value
        for phrase, weight in phrases:
            if weight > frequency and all(part in features.words[position] for part in phrase):
                pairs = features.pairs[position]
                if all(pair in pairs for pair in zip(phrase, phrase[1:])):
                    frequency = weight
        if frequency:
            total += concept_idf * frequency * (K1 + 1) / (frequency + K1)
            covered += concept_idf * min(1.0, frequency / FULL_COVER)
    if position in asked.quoting:
        total += asked.quoted_weight
        covered += asked.quoted_weight
    if not total:
        return 0.0
    weight_all = asked.weight_all
    coverage = covered / weight_all if weight_all else 1.0
    result = total * coverage ** COVERAGE_POWER
    if asked.pairs:
        entry_pairs = features.pairs[position]
        found = sum(1 for pair in asked.pairs if pair in entry_pairs)
        result *= 1 + PAIR_BONUS * found
    named, share, exact = _title_named(features, position, asked)
    if named:
        result *= (1 + TITLE_BONUS * share) * (EXACT_TITLE if exact else 1)
    if asked.quantity and features.numeric[position]:
        result *= QUANTITY_BONUS
    if asked.definition and features.defines[position]:
        defines = features.defines[position]
        if len(defines & asked.wanted) * 2 >= len(defines):
            result *= DEFINITION_BONUS
    return result * _prior(features, documents, position, asked, named, exact)


def _title_named(features: Features, position: int, asked: Asked) -> tuple[bool, float, bool]:
    """Whether the query names the entry's title (every word of it is asked
    for), the share of the query's concepts the title covers, and whether
    it covers them all."""
    title = features.titles[position]
    if not title or not title <= asked.wanted:
        return False, 0.0, False
    counted = asked.counted
    share = sum(1 for forms in counted if title & forms) / len(counted)
    return True, share, share == 1


def prior(features: Features, documents: dict, position: int, asked: Asked) -> float:
    """How much an entry counts for a query before any of its words do: less
    in a beginner's rulebook or limited play rules the query does not name,
    for an erratum or glossary entry it does not name, and for a heading
    without text; what :func:`score_asked` applies to the words' score, for
    other signals (how close it is in meaning) to apply alike."""
    named, _, exact = _title_named(features, position, asked)
    return _prior(features, documents, position, asked, named, exact)


def _prior(features: Features, documents: dict, position: int, asked: Asked, named: bool, exact: bool) -> float:
    result = 1.0
    document = features.documents[position]
    if document not in asked.named_documents:
        result *= DOCUMENT_PRIOR.get(documents[document]["doc_kind"], 1.0)
    kind = features.kinds[position]
    if kind == "erratum" and not named:
        result *= ERRATUM_UNNAMED * (ASIDE_IN_QUESTION if asked.question else 1.0)
    elif kind == "glossary":
        if not (features.titles[position] & asked.wanted):
            result *= GLOSSARY_UNNAMED
        if asked.question and not asked.definition and not exact:
            result *= ASIDE_IN_QUESTION
    if features.empty_headings[position] and not exact:
        result *= EMPTY_HEADING
    return result


def concept_weight(concept: Concept, idf: dict[str, float]) -> float:
    """How much a concept counts: the rarity of its best form that the
    documents use, times that form's weight (0 if they use none), less for
    an everyday word (``still``, ``get``)."""
    from rulebase.search.analysis import is_weak

    weight = max((idf[form] * w for form, w in concept.forms.items() if idf.get(form)), default=0.0)
    for phrase, w in concept.phrases.items():
        if all(idf.get(part) for part in phrase):
            weight = max(weight, w * max(idf[part] for part in phrase))
    return weight * (WEAK if is_weak(concept.word) else 1.0)


def named_documents(documents: dict, concepts: list[Concept]) -> frozenset[str]:
    """The documents a query names by a word of their title that few other
    titles have (``limited``, ``quickstart``)."""
    return DocumentTitles(documents).named(concepts)


class DocumentTitles:
    """The words of the documents' titles, read once, for
    :func:`named_documents`."""

    def __init__(self, documents: dict):
        from rulebase.search.analysis import stems

        self.titles = {document: set(stems(data["title"])) for document, data in documents.items()}
        self.common = Counter(stem for words in self.titles.values() for stem in words)

    def named(self, concepts: list[Concept]) -> frozenset[str]:
        """The documents the concepts name (see :func:`named_documents`)."""
        wanted = {form for concept in concepts for form in concept.forms}
        return frozenset(
            document for document, words in self.titles.items()
            if any(self.common[stem] <= 2 and stem in wanted for stem in words)
        )


def idf_table(searcher, concepts: list[Concept]) -> dict[str, float]:
    """The inverse document frequency of each form, over all fields (0 for
    a form no entry uses); ``searcher`` is a whoosh searcher or anything with
    its ``doc_count_all()`` and ``doc_frequency(field, text)``."""
    count = searcher.doc_count_all() or 1
    table = {}
    for concept in concepts:
        for form in [*concept.forms, *(part for phrase in concept.phrases for part in phrase)]:
            if form not in table:
                frequency = searcher.doc_frequency("all", form)
                table[form] = math.log(1 + (count - frequency + 0.5) / (frequency + 0.5)) if frequency else 0.0
    return table
