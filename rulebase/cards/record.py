"""Everything a judge reads of one card, as plain JSON-ready data: the one
record the card page and ``/api/card/<game>/<id>`` both show, so that they
cannot disagree.

:func:`card_record` gathers, for a card node of the rule graph, its printed
fields (:meth:`~rulebase.cards.model.Card.as_dict`, each keyword with the
glossary entry that defines it), its printed and current texts and which
of them the card data holds (:func:`rulebase.errata.card_texts`, the one
place they are found, with ``label`` and ``held_label`` in a judge's
words), the word diff of its printed and current text
(:func:`rulebase.diff.words.word_diff`), its errata entries, its printings
(each with its set's node) and its legality in each format
(:func:`rulebase.cards.legality.legality`, with the rule or banlist
section that says so and, for a ban, its date).

>>> record = card_record(load(), "card/ccg/octavia-serious-musician")
>>> record["full_name"], record["current"]["held"], record["current"]["label"]
('Octavia, Serious Musician', 'printed', 'with its erratum applied')
>>> [(part["op"], part["text"]) for part in record["diff"]["text"] if part["op"] != "equal"]
[('delete', 'your'), ('insert', "its owner's")]
"""

from __future__ import annotations

import datetime

from rulebase.cards.model import Card, fold
from rulebase.diff.words import word_diff
from rulebase.errata import HELD, card_texts

LABELS = {
    None: "as printed",
    "printed": "with its erratum applied",
    "mixed": "with its erratum applied",
    "current": "the card data already holds the corrected text",
    "both": "the card data already holds the corrected text",
    "unknown": "unknown",
}
"""How the page names the text it shows, by what the card data holds
(:attr:`rulebase.errata.CardTexts.held`; ``None`` for a card without an erratum)."""


def load():
    """The corpus's rule graph (for the examples)."""
    from rulebase.graph import load as load_graph

    return load_graph()


def is_card(graph, node: str) -> bool:
    """Whether ``node`` is a card node of the graph."""
    return node in graph and graph.node(node).get("kind") == "card"


def date_label(day: datetime.date) -> str:
    """A date as a judge writes it.

    >>> date_label(datetime.date(2015, 1, 30))
    '30 January 2015'
    """
    return f"{day.day} {day:%B %Y}"


def _entries(graph, node: str) -> dict[str, str]:
    """The glossary entries of a card's keywords, by folded term."""
    found = {}
    for entry in graph.keywords_of(node):
        data = graph.node(entry)
        found[fold(data.get("term") or data.get("title") or "")] = entry
    return found


def _keywords(keywords: list[dict], entries: dict[str, str]) -> list[dict]:
    return [{**keyword, "text": keyword["name"] if keyword["x"] is None else f"{keyword['name']} {keyword['x']}",
             "entry": entries.get(fold(keyword["name"]))} for keyword in keywords]


def _current(card: Card, graph) -> dict:
    """A card's printed and current texts (:func:`rulebase.errata.card_texts`),
    what the card data holds and how the page names them."""
    texts = card_texts(card, graph)
    held = texts.held if texts.erratum is not None else None
    notes = list(dict.fromkeys(change.note for change in texts.changes if change.note))
    label = LABELS[held] + (f": {'; '.join(notes)}" if held == "unknown" and notes else "")
    return {"text": texts.current, "boosted": texts.current_boosted,
            "printed": texts.printed, "printed_boosted": texts.printed_boosted,
            "held": held, "held_label": HELD[held] if held else None, "known": texts.known,
            "differ": texts.differ, "label": label, "note": "; ".join(notes) or None, "erratum": texts.erratum,
            "changes": [{"source": change.source, "old": change.old, "new": change.new, "held": change.held,
                         "side": change.side, "note": change.note} for change in texts.changes]}


def _legality(card: Card, graph, on: datetime.date) -> list[dict]:
    from rulebase.cards import banlist, legality

    rows = []
    for key, fmt in legality.formats(graph).items():
        legal, reason = legality.legality(card, key, on=on, graph=graph)
        ban = banlist.ban_of(card.id, on=on, graph=graph) if fmt.banlist and not legal else None
        if legal:
            summary, node = "legal", fmt.node
        elif ban is not None and reason and " banned " in reason:
            summary = (f"banned since {date_label(ban.effective)} "
                       f"(Harmony banlist: {ban.set_name} #{ban.number})")
            node = ban.node or fmt.node
        else:
            summary = (reason or "").removeprefix(f"{card.full_name} ").removeprefix("is ")
            node = fmt.node
        rows.append({"format": key, "name": fmt.name, "legal": legal, "reason": reason, "summary": summary,
                     "node": node, "section": fmt.section,
                     "ban": None if ban is None or legal else {
                         "effective": ban.effective.isoformat(), "set": ban.set_name, "number": ban.number,
                         "printed_name": ban.printed_name, "node": ban.node}})
    return rows


def card_record(graph, node: str, on: datetime.date | None = None) -> dict:
    """The record of the card node ``node`` (``card/ccg/<id>``), its legality
    as of ``on`` (today when None).  Raises :class:`KeyError` for a node
    that is no card."""
    if not is_card(graph, node):
        raise KeyError(f"{node!r} is not a card of the rule graph")
    card = graph.card(node)
    data = graph.node(node)
    on = on or datetime.date.today()
    entries = _entries(graph, node)
    printed = card.as_dict()
    printed["keywords"] = _keywords(printed["keywords"], entries)
    if printed["boosted"]:
        printed["boosted"]["keywords"] = _keywords(printed["boosted"]["keywords"], entries)
    sets = {graph.node(s)["title"]: s for s in graph.sets_of(node)}
    printed["printings"] = [{**printing, "set": sets.get(printing["set_name"])} for printing in printed["printings"]]
    current = _current(card, graph)
    return {
        **printed,
        "id": node,
        "key": card.id,
        "game": data["game"],
        "full_name": card.full_name,
        "multicolor": card.is_multicolor,
        "home_limit_entry": entries.get(fold("Home Limit")),
        "current": current,
        "diff": {"text": word_diff(current["printed"], current["text"]) if current["text"] != current["printed"] else [],
                 "boosted": (word_diff(current["printed_boosted"], current["boosted"])
                             if current["boosted"] != current["printed_boosted"] else [])},
        "errata": list(graph.errata_of(node)),
        "banned_by": list(graph.banned_by(node)),
        "on": on.isoformat(),
        "legality": _legality(card, graph, on),
        "source": {"path": data.get("path"), "line": data.get("line")},
    }
