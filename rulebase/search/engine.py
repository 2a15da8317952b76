"""Searching the index: rule numbers are looked up exactly; for words,
:mod:`rulebase.search.candidates` finds the candidates (whoosh's BM25 over
all of an entry's words, from postings read once) and
:mod:`rulebase.search.ranking` orders them (BM25F over its fields, how much
of the question it covers, whether its title is named, what kind of document
it is in).
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, replace

import numpy as np

from whoosh.query import Or, Phrase, Term

from rulebase import rulenumbers
from rulebase.cards.errata import edit_distance
from rulebase.errors import UnknownRuleError
from rulebase.model import RuleNumber
from rulebase.rulenumbers import NumberQuery, as_tcg, find_numbers
from rulebase.search import candidates
from rulebase.search import cards as card_names
from rulebase.search import index as indexes
from rulebase.search import ranking, semantic
from rulebase.search.analysis import QUESTION_WORDS, is_stop, stems
from rulebase.search.query import MAX_QUERY_LENGTH, ParsedQuery, SearchQueryError, normalize, parse
from rulebase.search.ranking import Concept
from rulebase.search.snippets import Analysed, analyse, parts, snippet_of

GAMES = ("ccg", "tcg")

# How many entries whoosh finds for the ranking to order.
CANDIDATES = 100

# How much a spelling correction counts: less for short words, which are
# more often real words the documents do not use than typos.
CORRECTED_LONG = 0.9
CORRECTED_SHORT = 0.5
# How much a synonym counts, and a broader term ("zone" for "discard pile").
SYNONYM = 0.7
BROADER = 0.5
# The words of a long query past this many are not searched.
MAX_CONCEPTS = 16

# How much the meaning counts beside the words, for questions (keywords
# are matched by their words alone): an entry's score is the
# logarithm of its word score over the best one's, counted from WORDS_FLOOR
# (the words of a clear winner keep it first, while those of entries far
# behind all count as nothing), plus this times its cosine similarity to the
# question; and how many entries nearest in meaning join the candidates.
MEANING = 6.0
WORDS_FLOOR = 0.05
MEANING_CANDIDATES = 30
# How close in meaning an entry no word of the query finds must be to join.
MEANING_FLOOR = 0.3

# Scores given to number matches: above any text score.
EXACT_SCORE = 1000.0
NUMBER_SCORE = 900.0


@dataclass(frozen=True)
class Hit:
    """One search result: a rule, glossary entry, erratum or section.

    ``number`` is the rule number as printed (None for entries without one);
    ``key`` is the number the rule graph knows it by (they differ for
    misprinted rules); ``snippet`` is HTML (the text escaped, matched words
    in ``<mark>``) and ``snippet_text`` the same stretch as plain text.
    """

    id: str
    kind: str
    game: str
    document: str
    edition: str
    number: str | None
    key: str | None
    title: str | None
    text: str
    score: float
    snippet: str
    snippet_text: str

    @property
    def snippet_parts(self) -> list[tuple[str, bool]]:
        """The snippet as plain-text pieces, each with whether it is a
        matched word (:func:`rulebase.search.snippets.parts`)."""
        return parts(self.snippet)

    def as_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class NumberAnswer:
    """What a query that is a rule number, a range or a pattern (and
    nothing else) names, as :func:`numbered` finds it.

    ``number`` is the query as read; ``exact`` the entry a single number
    names (in a current document where several editions are searched),
    the page to go straight to; ``hits`` the entries it names, in order
    (the rule and its sub-rules, or the rules of the range or pattern);
    ``suggestions`` the closest numbers when it names nothing.
    """

    number: NumberQuery
    exact: Hit | None
    hits: list[Hit]
    suggestions: list[Hit]

    @property
    def is_range(self) -> bool:
        """Whether it is a range or a pattern rather than one number."""
        return not self.number.is_single


# -- scope -------------------------------------------------------------------


def _documents_in_scope(opened, game: str | None, edition: str | None) -> frozenset[str]:
    documents = opened.documents
    chosen = {d for d, data in documents.items() if game is None or data["game"] == game}
    if edition is None:
        return frozenset(d for d in chosen if documents[d]["current"])
    if edition == "all":
        return frozenset(chosen)
    named = {d for d in chosen if documents[d]["edition"] == edition or d == edition}
    named |= {d for d in chosen if documents[d]["within"] in named}
    if not named:
        known = sorted({documents[d]["edition"] for d in chosen})
        raise SearchQueryError(f"no edition {edition!r}{f' of {game}' if game else ''}; "
                               f"the editions are {', '.join(known)} (or 'all')")
    return frozenset(named)


def _scope(opened, game, edition, kinds) -> tuple[frozenset, set[int]]:
    """The documents searched and the docnums of the entries in them."""
    key = (game, edition, kinds)
    cache = opened.cache.setdefault("scopes", {})
    if key not in cache:
        documents = _documents_in_scope(opened, game, edition)
        docnums = {
            opened.docnums[record["id"]] for record in opened.records
            if record["document"] in documents and (kinds is None or record["kind"] in kinds)
        }
        cache[key] = (documents, docnums)
    return cache[key]


def _check_options(game, kinds, limit) -> frozenset | None:
    if game is not None and game not in GAMES:
        raise SearchQueryError(f"no game {game!r}; the games are {', '.join(GAMES)}")
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise SearchQueryError(f"the limit must be a whole number of at least 1, not {limit!r}")
    if kinds is None:
        return None
    if isinstance(kinds, str):
        kinds = [kinds]
    unknown = [kind for kind in kinds if kind not in indexes.KINDS]
    if unknown:
        raise SearchQueryError(f"no kind {unknown[0]!r}; the kinds are {', '.join(indexes.KINDS)}")
    return frozenset(kinds)


# -- rule numbers ------------------------------------------------------------


def _numbers(opened) -> dict:
    """Per section: the rule records with their number and their ancestors'."""
    cached = opened.cache.get("numbers")
    if cached is not None:
        return cached
    by_section: dict[tuple, list] = {}
    for position, record in enumerate(opened.records):
        if record["kind"] != "rule" or not record.get("canonical"):
            continue
        number = RuleNumber.parse(record["canonical"])
        ancestors = [
            RuleNumber.parse(opened.record(a)["canonical"])
            for a in record["ancestors"] if opened.record_or_none(a) and opened.record(a).get("canonical")
        ]
        printed = None
        if record["number"] and RuleNumber.is_valid(record["number"]):
            printed = RuleNumber.parse(record["number"])
        entry = (position, number, ancestors, printed)
        by_section.setdefault((number.style, number.section), []).append(entry)
        if printed is not None and printed.section != number.section:
            by_section.setdefault((printed.style, printed.section), []).append(entry)
    opened.cache["numbers"] = by_section
    return by_section


def _lookup(opened, documents, number: NumberQuery) -> list[tuple[int, float]]:
    sections = _numbers(opened)
    last = number.end.section if number.end else number.start.section
    exact, printed, covered = [], [], []
    seen = set()
    for section in range(number.start.section, last + 1):
        for position, canonical, ancestors, as_printed in sections.get((number.start.style, section), ()):
            if position in seen or opened.records[position]["document"] not in documents:
                continue
            if number.end is None and canonical == number.start:
                exact.append(position)
            elif number.end is None and as_printed == number.start:
                printed.append(position)
            elif number.covers(canonical, ancestors):
                covered.append(position)
            else:
                continue
            seen.add(position)
    ordered = exact + printed + sorted(covered)
    return [(position, EXACT_SCORE if position in exact else NUMBER_SCORE) for position in ordered]


def _number_matches(opened, documents, numbers: list[NumberQuery]) -> tuple[list, list[str]]:
    """The entries the numbers of a query name, in order, and the numbers
    that named nothing (searched as words instead)."""
    found, unknown = [], []
    for number in numbers:
        tries = [number, number.without_letter()]
        tcg_start = as_tcg(number.start)
        if tcg_start is not None and (number.end is None or as_tcg(number.end) is not None):
            tries.append(NumberQuery(tcg_start, as_tcg(number.end) if number.end else None))
        for attempt in filter(None, tries):
            matched = _lookup(opened, documents, attempt)
            if matched:
                found.extend(matched)
                break
        else:
            unknown.append(str(number.start) if number.pattern else str(number))
    return found, unknown


# -- words -------------------------------------------------------------------


def _concepts(opened, parsed: ParsedQuery, extra_words: list[str], one_game: bool = False) -> list[Concept]:
    """What the words of a query ask about, each with the forms it may take
    in the documents: as typed, corrected when the documents do not use the
    word, as two words where the documents write it so (``facedown`` and
    ``face-down``) or as one (``face off`` and ``faceoff``), its synonyms and
    the broader terms the rules use for it (``zone`` for ``discard pile``)."""
    vocabulary = opened.vocabulary
    bigrams = _features(opened).bigrams
    typed = parsed.words + extra_words
    concepts: dict[int, Concept] = {}
    for index, word in enumerate(typed):
        if is_stop(word) or len(concepts) >= MAX_CONCEPTS:
            continue
        concept = Concept(word, {stem: 1.0 for stem in stems(word)})
        if word.isalpha():
            for first, second in vocabulary.splits(word):
                phrase = tuple(stems(first) + stems(second))
                if len(phrase) == 2 and phrase in bigrams:
                    concept.phrases[phrase] = 1.0
        if word.isalpha() and word not in vocabulary:
            corrected = vocabulary.correct(word)
            if corrected:
                for stem in stems(corrected):
                    concept.forms.setdefault(stem, CORRECTED_LONG if len(word) >= 6 else CORRECTED_SHORT)
        if concept.forms or concept.phrases:
            concepts[index] = concept
    positions = sorted(concepts)
    for first, second in zip(positions, positions[1:]):
        joined = typed[first] + typed[second]
        if joined in vocabulary:
            for stem in stems(joined):
                concepts[first].forms.setdefault(stem, 1.0)
                concepts[second].forms.setdefault(stem, 1.0)
    _add_synonyms(opened.synonyms["any"], typed, concepts)
    if one_game:
        _add_synonyms(opened.synonyms["across"], typed, concepts)
    _add_synonyms(opened.synonyms.get("broader", {}), [" ".join(stems(word)) for word in typed], concepts, BROADER)
    found = list(concepts.values())
    for prefix in parsed.prefixes:
        forms = {}
        for word in vocabulary.with_prefix(prefix):
            for stem in stems(word):
                forms.setdefault(stem, 0.8)
        if forms:
            found.append(Concept(prefix + "*", forms))
    return found


def _add_synonyms(table: dict[str, list[str]], typed: list[str], concepts: dict[int, Concept],
                  weight: float | None = None) -> None:
    """Give the concepts of every expression of the query that has synonyms
    those synonyms as other forms (one word) or phrases (several), with
    ``weight`` (:data:`SYNONYM` by default)."""
    weight = SYNONYM if weight is None else weight
    for size in (3, 2, 1):
        for start in range(len(typed) - size + 1):
            targets = table.get(" ".join(typed[start:start + size]))
            if not targets:
                continue
            inside = [concepts[i] for i in range(start, start + size) if i in concepts]
            for target in targets:
                target_stems = tuple(stems(target))
                for concept in inside:
                    if len(target_stems) == 1:
                        concept.forms.setdefault(target_stems[0], weight)
                    elif target_stems:
                        concept.phrases.setdefault(target_stems, weight)


def _pairs(parsed: ParsedQuery) -> list[tuple[str, str]]:
    """The query's neighbouring words (as indexed), for the proximity bonus."""
    content = [stem for word in parsed.words if not is_stop(word) for stem in stems(word)]
    pairs = list(zip(content, content[1:]))
    for phrase in parsed.phrases:
        phrase_stems = [stem for word in phrase for stem in stems(word)]
        pairs += list(zip(phrase_stems, phrase_stems[1:]))
    return list(dict.fromkeys(pairs))


def candidate_terms(concepts: list[Concept]) -> list:
    """What finds the candidates: every form of every concept (a stem, in
    any field) and its phrases (tuples of stems, in the text), in order."""
    terms: list = []
    for concept in concepts:
        terms += list(concept.forms)
        terms += list(concept.phrases)
    return terms


def candidate_query(concepts: list[Concept]):
    """The whoosh query of :func:`candidate_terms`: any entry with any form
    of any concept, in any field (or a phrase of a concept in its text),
    scored by BM25 over all its fields together."""
    return Or([Phrase(candidates.PHRASE_FIELD, list(term)) if isinstance(term, tuple)
               else Term(candidates.FIELD, term) for term in candidate_terms(concepts)])


HEADING_CHILDREN = 2


def _children(opened) -> dict[str, list[int]]:
    children = opened.cache.get("children")
    if children is None:
        children = {}
        for position, record in enumerate(opened.records):
            if record.get("parent"):
                children.setdefault(record["parent"], []).append(position)
        opened.cache["children"] = children
    return children


def is_question(parsed: ParsedQuery) -> bool:
    """Whether the query is a question rather than a few keywords: it has a
    question word or mark, or more than four words."""
    return "?" in parsed.text or len(parsed.words) > 4 or any(w in QUESTION_WORDS for w in parsed.words)


def _follow_headings(opened, docnums, scored: list[tuple[int, float]], question: bool) -> list[tuple[int, float]]:
    """A heading without text of its own gives its place to its first rules
    (they say what it only names); for keywords it stays, after the first."""
    children = _children(opened)
    empty_headings = _features(opened).empty_headings
    placed: set[int] = set()
    ordered = []
    for position, score in scored:
        if empty_headings[position]:
            record = opened.records[position]
            below = [c for c in children.get(record["id"], []) if opened.docnums[opened.records[c]["id"]] in docnums]
            if below:
                for number, child in enumerate(below[:HEADING_CHILDREN]):
                    if child not in placed:
                        placed.add(child)
                        ordered.append((child, score))
                    if number == 0 and not question and position not in placed:
                        placed.add(position)
                        ordered.append((position, score))
                continue
        if position not in placed:
            placed.add(position)
            ordered.append((position, score))
    return ordered


def _features(opened) -> ranking.Features:
    features = opened.cache.get("features")
    if features is None:
        with opened.building:
            features = opened.cache.get("features")
            if features is None:
                features = opened.cache["features"] = ranking.Features(opened.records)
    return features


def _postings(opened) -> candidates.Postings:
    postings = opened.cache.get("postings")
    if postings is None:
        postings = opened.cache.setdefault("postings", candidates.Postings(opened.searcher, opened.lock))
    return postings


def _named_documents(opened, concepts: list[Concept]) -> frozenset[str]:
    """:func:`ranking.named_documents`, with the documents' title words read
    once per opened index."""
    titles = opened.cache.get("document titles")
    if titles is None:
        titles = opened.cache["document titles"] = ranking.DocumentTitles(opened.documents)
    return titles.named(concepts)


def _text_matches(opened, docnums, parsed, extra_words, one_game) -> tuple[list[tuple[int, float]], set[str]]:
    concepts = _concepts(opened, parsed, extra_words, one_game)
    if not concepts or not docnums:
        return [], set()
    features = _features(opened)
    postings = _postings(opened)
    pairs = _pairs(parsed)
    found = candidates.best(postings, candidate_terms(concepts), docnums, CANDIDATES)
    positions = opened.positions
    # The entries that put in quotes what the query quotes are candidates too.
    quoting_docnums = {opened.docnums[opened.records[p]["id"]]: p for p in features.quoting_any(parsed.quoted)}
    quoting = frozenset(p for docnum, p in quoting_docnums.items() if docnum in docnums)
    chosen = set(found)
    found = list(found) + sorted(d for d in quoting_docnums if d in docnums and d not in chosen)
    idf = ranking.idf_table(postings, concepts)
    weights = [ranking.concept_weight(concept, idf) for concept in concepts]
    question = is_question(parsed)
    asked = ranking.Asked(features, concepts, weights, pairs, ranking.asks_quantity(parsed.text),
                          ranking.asks_definition(parsed.text), _named_documents(opened, concepts), question,
                          quoting)
    documents = opened.documents
    scored = []
    for docnum in found:
        position = positions[docnum]
        value = ranking.score_asked(features, documents, position, asked)
        if value > 0:
            scored.append((position, value))
    scored.sort(key=lambda item: -item[1])
    if question:
        scored = _with_meaning(opened, docnums, parsed, scored, asked)
    scored = _follow_headings(opened, docnums, scored, question)
    query_stems = {stem for concept in concepts for stem in concept.forms}
    query_stems |= {stem for concept in concepts for phrase in concept.phrases for stem in phrase}
    return scored, query_stems


def _with_meaning(opened, docnums, parsed, scored: list[tuple[int, float]], asked) -> list[tuple[int, float]]:
    """The word-matched entries re-scored with how close they are in meaning
    to the query (its typos corrected), joined by the entries closest to it
    (scored for their words too, if they were not among the candidates):
    an entry's score is the logarithm of its word score over the best one's,
    counted from :data:`WORDS_FLOOR`, plus :data:`MEANING` times its cosine
    similarity, the latter weighed by the same priors as the words
    (:func:`ranking.prior`).  As they were when there is no model."""
    meanings = semantic.meanings(opened)
    if meanings is None or not scored and not parsed.words:
        return scored
    text = semantic.respelled(parsed.text, meanings.model.tokenizer.ids, opened.vocabulary.correct)
    positions = np.fromiter((opened.positions[docnum] for docnum in docnums), dtype=np.int64, count=len(docnums))
    similarities = meanings.similarities(text, positions)
    closeness = np.zeros(len(opened.records), dtype=np.float32)
    closeness[positions] = np.maximum(similarities, 0.0)
    features, documents = _features(opened), opened.documents

    top = scored[0][1] if scored else 1.0

    def fused_score(position: int, value: float) -> float:
        words = math.log(max(value / top, WORDS_FLOOR) / WORDS_FLOOR)
        return words + MEANING * float(closeness[position]) * ranking.prior(features, documents, position, asked)

    fused = {position: fused_score(position, value) for position, value in scored}
    for position in positions[np.argsort(-similarities)[:MEANING_CANDIDATES]].tolist():
        if position not in fused and closeness[position] >= MEANING_FLOOR:
            fused[position] = fused_score(position, ranking.score_asked(features, documents, position, asked))
    return sorted(fused.items(), key=lambda item: -item[1])


# -- the search --------------------------------------------------------------


def _analysed(opened, position: int) -> Analysed:
    """The text an entry's snippet is cut from, analysed once per opened index."""
    texts = opened.cache.get("snippet texts")
    if texts is None:
        texts = opened.cache.setdefault("snippet texts", {})
    analysed = texts.get(position)
    if analysed is None:
        record = opened.records[position]
        analysed = texts[position] = analyse(record["text"] or record["title"] or "")
    return analysed


def _hit(opened, position: int, score: float, query_stems: set[str]) -> Hit:
    record = opened.records[position]
    html, plain = snippet_of(_analysed(opened, position), query_stems)
    return Hit(
        id=record["id"], kind=record["kind"], game=record["game"], document=record["document"],
        edition=record["edition"], number=record["number"], key=record["key"], title=record["title"],
        text=record["text"], score=round(score, 4), snippet=html, snippet_text=plain,
    )


def warm(graph=None) -> None:
    """Open the index of a graph (the embedded corpus's by default) and read
    now what searches read of it (every word's entries and rarity, what the
    ranking reads of each entry, the words of each snippet's text, the
    entries' meanings), so that no search pays for it."""
    opened = indexes.ensure(graph)
    _features(opened)
    _postings(opened).preload()
    semantic.meanings(opened)
    for position in range(len(opened.records)):
        _analysed(opened, position)


def search(query: str, *, game: str | None = None, edition: str | None = None, kinds=None,
           limit: int = 10, graph=None, max_length: int = MAX_QUERY_LENGTH) -> list[Hit]:
    """The entries that best answer ``query``, best first.

    ``query`` is a rule number in any usual form (``514.4c``, ``rule
    514.4 c``, ``CR 514``, ``514.4a-c``, ``512.*``, ``405.2.0``), a keyword
    or card name, or a question in plain words; numbers and words can be
    mixed (the numbered rules come first).  A query that is a card's name
    (typos, case, accents and punctuation forgiven) finds the card first,
    a hit of kind ``card`` (:mod:`rulebase.search.cards`), after the card's
    own erratum when the card errata name it; not with ``kinds``, nor over
    a ``graph`` given (the site's pages can't show cards yet).
    ``game`` is ``ccg`` or ``tcg`` (both by default, or the one the query names: "tcg hand size"); ``edition`` an edition or document id (``earlier``,
    ``3.4``, ``ccg/earlier``) or ``all``; by default only the current
    documents are searched.  ``kinds`` limits the kinds of entry (``rule``,
    ``glossary``, ``erratum``, ``section``).

    Raises :class:`SearchQueryError` for a query with nothing to search for
    or one longer than ``max_length`` (at most :data:`MAX_QUERY_LENGTH`),
    and for options that name nothing.
    """
    kinds = _check_options(game, kinds, limit)
    if not isinstance(query, str):
        raise SearchQueryError(f"the query must be text, not {type(query).__name__}")
    parsed = parse(query, max_length)
    named = [word for word in parsed.words if word in GAMES]
    if named:
        parsed.words = [word for word in parsed.words if word not in GAMES]
        if game is None and len(set(named)) == 1:
            game = named[0]
    opened = indexes.ensure(graph)
    documents, docnums = _scope(opened, game, edition, kinds)
    found: list[tuple[int, float]] = []
    if parsed.node_id and parsed.node_id in opened.by_id:
        record = opened.record(parsed.node_id)
        if (game is None or record["game"] == game) and (kinds is None or record["kind"] in kinds):
            return [_hit(opened, opened.by_id[parsed.node_id], EXACT_SCORE, set())]
    numbered, unknown = _number_matches(opened, documents, parsed.numbers)
    found.extend((p, s) for p, s in numbered if opened.docnums[opened.records[p]["id"]] in docnums)
    text_found, query_stems = _text_matches(opened, docnums, parsed, unknown, game is not None)
    seen = {position for position, _ in found}
    found.extend((p, s) for p, s in text_found if p not in seen)
    hits = [_hit(opened, position, score, query_stems) for position, score in found[:limit]]
    cards = _card_hits(query, game, edition, kinds, graph) if not parsed.numbers else []
    if cards and hits and hits[0].kind == "erratum" and card_names.names_alike(hits[0].title, cards[0].title):
        # The card's erratum (its current wording) first, the cards scored as it is.
        cards = [replace(card, score=min(card.score, hits[0].score)) for card in cards]
        return [hits[0], *cards, *hits[1:]][:limit]
    return (cards + hits)[:limit]


def _card_hits(query: str, game: str | None, edition: str | None, kinds, graph) -> list[Hit]:
    """The cards whose name the query is (:mod:`rulebase.search.cards`),
    from the card data of the graph searched (the embedded corpus's by
    default, read without building the graph): the CCG's, in no edition but
    all, with no kinds asked for."""
    if kinds is not None or game not in (None, "ccg") or edition not in (None, "all"):
        return []
    if graph is not None:
        cards = graph.cards
    else:
        from rulebase.graph import card_database

        cards = card_database()
    return [Hit(**card_names.card_hit_fields(card, score)) for card, score in card_names.card_matches(query, cards)]


def numbered(query: str, *, game: str | None = None, edition: str | None = None, limit: int = 100,
             graph=None) -> NumberAnswer | None:
    """What ``query`` names when it is a rule number, a range or a pattern
    and nothing else (read by :func:`rulebase.rulenumbers.read_query`:
    ``514.4c``, ``rule 514.4 c``, ``514.4a-c``, ``512.*``), in the
    documents :func:`search` would search; None for any other query.

    A single number that names an entry has it as ``exact``: the page a
    judge typing it wants.  One that names nothing has the closest numbers
    as ``suggestions`` (:func:`suggest`).  Raises :class:`SearchQueryError`
    for options that name nothing, as :func:`search` does.
    """
    _check_options(game, None, limit)
    if not isinstance(query, str):
        return None
    wanted = rulenumbers.read_query(normalize(query))
    if wanted is None:
        return None
    opened = indexes.ensure(graph)
    documents, _ = _scope(opened, game, edition, None)
    found, _ = _number_matches(opened, documents, [wanted])
    hits = [_hit(opened, position, score, set()) for position, score in found[:limit]]
    exact = None
    if wanted.is_single:
        named = [hit for hit in hits if hit.score == EXACT_SCORE]
        current = [hit for hit in named if opened.documents[hit.document]["current"]]
        exact = (current or named or [None])[0]
    suggestions = [] if hits else suggest(str(wanted.start), game=game, edition=edition, graph=graph)
    return NumberAnswer(wanted, exact, hits, suggestions)


def suggest(text: str, *, game: str | None = None, edition: str | None = None, limit: int = 5,
            graph=None) -> list[Hit]:
    """The entries nearest to a text that names nothing (a rule number that
    does not exist, an address of the site that leads nowhere), best first.

    For a rule number: the rules whose numbers are closest in the rules
    of the game and edition searched (:meth:`RuleGraph.closest
    <rulebase.graph.RuleGraph.closest>`: the rules known by that number
    first, then :func:`rulebase.rulenumbers.closest`).  For words: the
    entries the search finds whose name (a glossary term, a card, an
    erratum's card, a section's title) is the text within a typing slip;
    nothing else, so that no unrelated entry is offered.  Never raises for
    odd input.
    """
    if not isinstance(text, str):
        return []
    text = normalize(text[:MAX_QUERY_LENGTH])
    numbers, _ = find_numbers(text)
    if game is None and numbers:
        game = numbers[0].start.style
    try:
        kinds = _check_options(game, None, limit)
        opened = indexes.ensure(graph)
        documents, _ = _scope(opened, game, edition, kinds)
    except SearchQueryError:
        return []
    if numbers:
        return _closest_numbers(opened, numbers[0].start, game, edition, limit, graph)
    wanted = _name(text)
    if len(wanted) < 3:
        return []
    try:
        hits = search(text, game=game, edition=edition, limit=limit * 2, graph=graph)
    except SearchQueryError:
        return []
    return [hit for hit in hits if _is_named(hit, wanted)][:limit]


def _closest_numbers(opened, number, game, edition, limit, graph) -> list[Hit]:
    """The hits of the rules closest to ``number`` in the rules document of
    the game and edition searched (the current one for ``all``)."""
    from rulebase.graph import load

    source = graph if graph is not None else load()
    try:
        document = source.document_for(str(number), game, None if edition == "all" else edition)
    except UnknownRuleError:
        return []
    nodes = [f"{document}/{key}" for key in source.closest(number, document, limit)]
    positions = [opened.by_id[node] for node in nodes if node in opened.by_id]
    return [_hit(opened, position, 1.0 - n / (limit + 1), set()) for n, position in enumerate(positions)]


def _name(text: str) -> str:
    """A name or an address's last part in one form: lower case, letters
    and digits, words joined by hyphens (``Duck and Cover!`` and
    ``duck-and-cover`` are ``duck-and-cover``)."""
    words = "".join(ch if ch.isalnum() else " " for ch in text.lower().replace("'", "").replace("’", "")).split()
    return "-".join(words)


def _is_named(hit: Hit, wanted: str) -> bool:
    """Whether a hit's name (its title, or the last part of its id) is
    ``wanted`` within a typing slip (an edit for every four letters)."""
    bound = max(1, len(wanted) // 4)
    names = {_name(hit.title or ""), hit.id.rsplit("/", 1)[-1]}
    return any(name and edit_distance(name, wanted) <= bound for name in names)
