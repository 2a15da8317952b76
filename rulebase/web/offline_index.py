"""The search index of the static export: built here, in Python, when the
site is exported, and read in the browser by MiniSearch (vendored in
``site/static/vendor/``) through ``site/static/offline-search.js``.

What is indexed is what the site's own search indexes
(:func:`rulebase.search.index.records`, with the other wordings of each rule
and the judge questions it answers) for the current documents of both games,
and every card by name, type and text.  Words are cut, folded and
filtered by :func:`terms`; the browser does the same to a query with the
pattern and stop words the index carries and the same plural rule
(:func:`term`, written again in ``offline-search.js``).  Rule numbers are not words: the index holds a
table of them per game, in document order, so that an exact number goes to
its rule and a prefix lists the rules under it.

The index is written in MiniSearch's serialization format 2 (what
``MiniSearch.toJSON`` writes and ``MiniSearch.loadJS`` reads): documents by
short id, the fields' lengths, the fields each result shows, and per term
the frequency in each field of each document.

>>> terms("Faceoffs: the players' totals are tied")
['faceoff', 'player', 'total', 'tied']
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter

from rulebase.search.analysis import STOP
from rulebase.web.catalog import Catalog

FIELDS = ("title", "text", "context", "also")
"""The indexed fields: the number and title (or a card's name), the text,
the titles above it, and its other wordings and the questions it answers."""

BOOST = {"title": 3.0, "text": 1.0, "context": 0.7, "also": 1.2}
"""How much a match in each field counts (given to MiniSearch as ``boost``)."""

TOKEN = "[0-9a-z]+"
"""A word, after folding (:func:`fold`); the browser uses the same pattern."""

SNIPPET = 180
"""The most characters of an entry's text a result shows."""

_TOKEN = re.compile(TOKEN)


def fold(text: str) -> str:
    """Lower case without accents: ``Flambé`` is ``flambe``."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(char for char in decomposed if not unicodedata.combining(char)).lower()


def term(word: str) -> str | None:
    """A folded word as the index holds it: None for a stop word, else
    without a plural ending (``ies`` to ``y``, a final ``s`` unless ``ss``
    or ``us``).

    >>> [term(w) for w in ("cards", "abilities", "loss", "status", "the", "x")]
    ['card', 'ability', 'loss', 'status', None, None]
    """
    if word in STOP:
        return None
    if len(word) >= 5 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) >= 3 and word.endswith("s") and word[-2] not in "su":
        return word[:-1]
    return word


def terms(text: str) -> list[str]:
    """The terms of a text, in order, repeats kept."""
    return [found for word in _TOKEN.findall(fold(text)) if (found := term(word))]


def _snippet(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= SNIPPET else text[: SNIPPET - 1].rsplit(" ", 1)[0] + "…"


def entries(catalog: Catalog, address) -> list[dict]:
    """One entry per searchable thing: the current documents' rules,
    glossary entries, errata and sections, then the cards.  ``address``
    turns a page of the site (``/ccg/514.4c#x``) into the export's address
    of it, relative to the export's root."""
    from rulebase.search import bridging, questions
    from rulebase.search.index import records

    graph = catalog.graph
    found = records(graph)
    bridging.add_aliases(graph, found)
    documents = {document: {"current": catalog.is_current(document)} for document in catalog.documents}
    questions.attach(found, documents)
    rows = []
    for record in found:
        if not documents[record["document"]]["current"]:
            continue
        node = record["id"]
        number = record["key"] if record["kind"] == "rule" else None
        title = record["title"] or ""
        rows.append({
            "title": " ".join(filter(None, [number, title])), "text": record["text"],
            "context": " ".join(record["context"]), "also": " ".join(record["aliases"] + record["questions"]),
            "show": {"u": address(catalog.url(node)), "n": number, "t": title or None,
                     "c": catalog.context(node), "g": record["game"], "k": record["kind"],
                     "e": catalog.edition_label(record["document"]), "s": _snippet(record["text"] or title)},
        })
    for node, data in catalog.data.items():
        if data["kind"] != "card":
            continue
        sides = [data, data.get("boosted") or {}]
        text = "\n".join(side.get("text") or "" for side in sides)
        traits = " ".join(dict.fromkeys(trait for side in sides for trait in side.get("traits") or ()))
        keywords = " ".join(dict.fromkeys(keyword["name"] for side in sides for keyword in side.get("keywords") or ()))
        rows.append({
            "title": data["title"], "text": text, "context": f"{data.get('type') or ''} {traits} {keywords}",
            "also": data.get("set_name") or "",
            "show": {"u": address(catalog.url(node)), "n": None, "t": data["title"], "c": catalog.context(node),
                     "g": data["game"], "k": "card", "e": catalog.source_label(node), "s": _snippet(text)},
        })
    return rows


def numbers(catalog: Catalog, address) -> dict[str, dict]:
    """Per game, the edition of its current comprehensive rules and
    ``[number, address, title, start of the text]`` of each of their rules
    in document order (a number printed twice keeps its first rule)."""
    table = {}
    for game, document in catalog.current.items():
        seen, rows = set(), []
        for node in catalog.members(document, "rule"):
            data = catalog.data[node]
            number = (data.get("canonical") or data.get("number") or data["key"]).lower()
            if number in seen:
                continue
            seen.add(number)
            rows.append([number, address(catalog.url(node)), data.get("title") or "",
                         catalog.short_text(node, SNIPPET)])
        table[game] = {"edition": catalog.edition_label(document), "rules": rows}
    return table


def minisearch(rows: list[dict]) -> dict:
    """The MiniSearch index (serialization format 2) of the entries, their
    ``show`` dict as each document's stored fields."""
    field_ids = {field: position for position, field in enumerate(FIELDS)}
    lengths, index = {}, {}
    totals = [0] * len(FIELDS)
    for short_id, row in enumerate(rows):
        counts = []
        for field in FIELDS:
            found = terms(row[field] or "")
            counts.append(len(set(found)))
            for word, frequency in Counter(found).items():
                index.setdefault(word, {}).setdefault(field_ids[field], {})[short_id] = frequency
        lengths[short_id] = counts
        totals = [total + count for total, count in zip(totals, counts)]
    count = len(rows)
    return {
        "documentCount": count,
        "nextId": count,
        "documentIds": {short_id: short_id for short_id in range(count)},
        "fieldIds": field_ids,
        "fieldLength": lengths,
        "averageFieldLength": [total / count if count else 0 for total in totals],
        "storedFields": {short_id: row["show"] for short_id, row in enumerate(rows)},
        "dirtCount": 0,
        "index": [[word, {str(field): postings for field, postings in fields.items()}]
                  for word, fields in sorted(index.items())],
        "serializationVersion": 2,
    }


def search_data(catalog: Catalog, address) -> dict:
    """Everything the browser's search needs: the index, the rules to cut a
    query as the index was cut, the number tables and the names of the games."""
    from rulebase.web.catalog import GAMES

    return {
        "version": 1,
        "fields": list(FIELDS),
        "boost": BOOST,
        "token": TOKEN,
        "stop": sorted(STOP),
        "games": GAMES,
        "numbers": numbers(catalog, address),
        "index": minisearch(entries(catalog, address)),
    }
