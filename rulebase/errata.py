"""The card errata: each entry as a structured record, the word diff of its
OLD and NEW texts and the publisher's own marks, kept apart.

:func:`erratum_record` is the record of one erratum of the graph (set, the
card's name as the card data spells it (:func:`erratum_name`) and as the
errata print it, card title and subtitle, OLD, NEW, corrected wordings, non-text changes, the
publisher's marks placed in the texts, the computed word diff) and
:func:`errata_records` those of a card or a set; ``rulebase errata``
prints them (:func:`erratum_lines`).  :func:`record_view` is a record as the
site and the API show it: each text in paragraphs of pieces that carry both
highlights, ``changed`` (computed by comparing OLD and NEW) and ``mark``
(what the publisher printed).

>>> view = texts_view("Play when you flip a card.", "After you flip a card.", [], [("insert", "After")])
>>> [(p.text, p.changed, p.mark) for p in view.new[0]]
[('After', True, 'insert'), (' you flip a card.', False, None)]
>>> [(p.text, p.changed) for p in view.old[0]]
[('Play when', True), (' you flip a card.', False)]
"""

from __future__ import annotations

import difflib
import re
from dataclasses import asdict, dataclass, field

from rulebase.diff.words import add_segment, changed_spans, diff_text, word_diff
from rulebase.errors import RulebaseError
from rulebase.graph import RuleGraph, slug


class UnknownCardError(RulebaseError, LookupError):
    """Raised when no card or set of the errata matches what was asked."""

    def __init__(self, what: str, query: str, suggestions: list[str]):
        self.query = query
        self.suggestions = suggestions
        message = f"no {what} {query!r} in the card errata"
        if suggestions:
            message += "; the closest are " + ", ".join(suggestions)
        super().__init__(message)


# -- records -------------------------------------------------------------------------


def erratum_record(graph: RuleGraph, node: str) -> dict:
    """An erratum as a structured record.

    ``name`` is the card's name as the card data spells it, ``printed_name``
    as the errata print it (:func:`erratum_name`); ``title`` and
    ``subtitle`` are the printed name's parts.
    ``old``, ``new`` and ``texts`` are its texts (``texts`` being corrected
    wordings given without OLD/NEW); ``changes`` its non-text changes
    (``Added "Epic" trait.``).  Two kinds of change are kept apart:

    - ``publisher``: each text as segments ``{"text", "mark", "in_text"}``
      where ``mark`` is the publisher's ``insert`` (underlined), ``delete``
      (struck out) or ``break`` (a paragraph break), or None; a word struck
      out of a corrected text is not part of it (``in_text`` False);
    - ``diff``: the computed word diff of OLD and NEW (``diff_by``
      ``computed``) or, for an entry that gives only the corrected text, the
      publisher's insertions and deletions as the change (``publisher``).

    ``shape`` names what the entry gives: ``old+new``, ``text`` or ``texts``,
    the kinds of mark, and ``change`` for a non-text change.
    """
    if node not in graph or graph.node(node)["kind"] != "erratum":
        raise UnknownCardError("erratum", node, [])
    data = graph.node(node)
    texts = texts_record(data["old"], data["new"], data["texts"], data["old_marks"], data["new_marks"],
                         data["changes"], data["printed"])
    return {
        "id": node,
        "card": graph.card_of(node),
        "set": data["set_name"],
        "name": erratum_name(graph, node),
        "printed_name": data["title"],
        "title": data["card_title"],
        "subtitle": data["subtitle"],
        **texts,
        "document": data["document"],
        "line": data["line"],
        "printed": data["printed"],
    }


def texts_record(old: str | None, new: str | None, texts, old_marks, new_marks, changes=(),
                 printed: str = "") -> dict:
    """The texts of an erratum and their changes, as :func:`erratum_record`
    gives them (``old`` to ``shape``), from its OLD and NEW texts, corrected
    wordings, the publisher's marks as ``(kind, text)`` pairs, non-text
    changes and the entry as printed (where struck words stand)."""
    texts = list(texts)
    old_marks = [tuple(mark) for mark in old_marks]
    new_marks = [tuple(mark) for mark in new_marks]
    publisher_old = _place([old], old_marks, printed)[0][0] if old is not None else None
    publisher_new = _place_in_passages(texts, new, new_marks, printed)
    if old is not None and new is not None:
        diff, by = word_diff(old, new), "computed"
    else:
        diff, by = [], "publisher"
        for index, segments in enumerate(publisher_new):
            if index:
                add_segment(diff, "equal", "\n")
            for at, segment in enumerate(segments):
                text = segment["text"]
                following = segments[at + 1]["text"] if at + 1 < len(segments) else ""
                if not segment["in_text"] and following[:1].isalnum():
                    text += " "
                add_segment(diff, {"insert": "insert", "delete": "delete"}.get(segment["mark"], "equal"), text)
        if not any(segment["op"] != "equal" for segment in diff):
            diff = []
    parts = []
    if old is not None or new is not None:
        parts.append("old+new" if old is not None and new is not None else ("old" if old is not None else "new"))
    if texts:
        parts.append("text" if len(texts) == 1 else "texts")
    parts.extend(sorted({kind for kind, _ in [*old_marks, *new_marks]}))
    if changes:
        parts.append("change")
    return {
        "old": old,
        "new": new,
        "texts": texts,
        "changes": list(changes),
        "marks": {"old": [{"kind": k, "text": t} for k, t in old_marks],
                  "new": [{"kind": k, "text": t} for k, t in new_marks]},
        "publisher": {"old": publisher_old,
                      "new": publisher_new[-1] if new is not None else None,
                      "texts": publisher_new[:len(texts)]},
        "diff": diff,
        "diff_by": by if diff else None,
        "shape": "+".join(parts),
    }


def _place_in_passages(texts: list[str], new: str | None, marks: list[tuple], printed: str) -> list[list[dict]]:
    """The corrected texts (``texts`` then NEW) as marked segments.  The
    marks of all of them come in one list, in the order the entry prints its
    texts, which may put NEW first: both orders are tried."""
    passages = [*texts, *([new] if new is not None else [])]
    if not passages:
        return []
    orders = [list(range(len(passages)))]
    if new is not None and texts:
        orders.append([len(passages) - 1, *range(len(texts))])
    best = None
    for order in orders:
        placed, unplaced = _place(([passages[i] for i in order]), marks, printed)
        if best is None or unplaced < best[0]:
            best = (unplaced, order, placed)
    _, order, placed = best
    result: list[list[dict]] = [[] for _ in passages]
    for position, index in enumerate(order):
        result[index] = placed[position]
    return result


def _place(passages: list[str], marks: list[tuple], printed: str) -> tuple[list[list[dict]], int]:
    """Each passage as marked segments, and how many marks were not found.

    Marks are found in order, each after the one before.  A word struck out
    of a corrected text is not in it: it is placed before the words the
    printed entry has after it."""
    out: list[list[dict]] = [[] for _ in passages]
    index, cursor, unplaced, struck_from = 0, 0, 0, 0
    for kind, text in marks:
        if kind == "delete" and _search(passages, index, cursor, text) is None:
            at = printed.find(f"~~{text}~~", struck_from)
            following = _after_struck(printed, at, text)
            struck_from = at + 1 if at != -1 else struck_from
            found = (_search(passages, index, cursor, following) if following else None) or (index, cursor)
            index, cursor = _flush(out, passages, index, cursor, found)
            out[index].append({"text": text, "mark": "delete", "in_text": False})
            continue
        needle = "\n" if kind == "break" else text
        found = _search(passages, index, cursor, needle)
        if found is None:
            unplaced += 1
            continue
        index, cursor = _flush(out, passages, index, cursor, found)
        out[index].append({"text": needle, "mark": kind, "in_text": True})
        cursor += len(needle)
    _flush(out, passages, index, cursor, (len(passages) - 1, len(passages[-1])))
    return out, unplaced


def _search(passages, index, cursor, needle) -> tuple[int, int] | None:
    """Where ``needle`` stands next, as whole words, from passage ``index`` at ``cursor``."""
    if not needle:
        return None
    pattern = re.compile((r"(?<!\w)" if needle[0].isalnum() else "") + re.escape(needle)
                         + (r"(?!\w)" if needle[-1].isalnum() else ""))
    for at in range(index, len(passages)):
        match = pattern.search(passages[at], cursor if at == index else 0)
        if match:
            return at, match.start()
    return None


def _flush(out, passages, index, cursor, found) -> tuple[int, int]:
    """Add the unmarked text from the cursor up to ``found``; return ``found``."""
    target, position = found
    while index < target:
        if cursor < len(passages[index]):
            out[index].append({"text": passages[index][cursor:], "mark": None, "in_text": True})
        index, cursor = index + 1, 0
    if position > cursor:
        out[index].append({"text": passages[index][cursor:position], "mark": None, "in_text": True})
    return target, max(position, cursor)


def _after_struck(printed: str, at: int, text: str) -> str:
    """The words the printed entry has right after the struck-out ``text`` at ``at``."""
    if at == -1:
        return ""
    rest = printed[at + len(text) + 4:]
    return re.split(r"~~|<|[\"“”]", rest, maxsplit=1)[0].strip()


def erratum_name(graph: RuleGraph, node: str) -> str:
    """The name an erratum is shown under: its card's name as the card data
    spells it (``Rarity, Truly Outrageous``, with the comma the errata
    document leaves out, and its subtitle spelt right), else the name as the
    errata document prints it (for an erratum no card of the data matches,
    or a graph without card data)."""
    card = graph.card_of(node)
    if card is not None:
        name = graph.node(card).get("title")
        if name:
            return name
    return graph.node(node)["title"]


def _names(graph: RuleGraph, node: str) -> set[str]:
    """The names an erratum answers to: as the errata print it, and as the
    card data names its card (title, title and subtitle, id)."""
    data = graph.node(node)
    card = graph.card_of(node)
    names = {data["title"], data["card_title"], node, card or "", data["key"].split("/")[-1]}
    if card is not None:
        record = graph.node(card)
        full = f"{record['card_title']} {record.get('subtitle') or ''}".strip()
        names |= {record["title"], record["card_title"], record["key"], full}
    return {name.lower() for name in names} | {slug(name) for name in names}


def errata_records(graph: RuleGraph, card: str | None = None, set_name: str | None = None) -> list[dict]:
    """The records of the card errata (:func:`erratum_record`), in document
    order, of one card (by name, title, slug or id, any case) and/or one set.

    Raises :class:`UnknownCardError` with the closest names when nothing matches.
    """
    nodes = graph.nodes("erratum")
    if set_name is not None:
        sets = list(dict.fromkeys(graph.node(n)["set_name"] for n in nodes))
        wanted = {s for s in sets if s.lower() == set_name.strip().lower() or slug(s) == slug(set_name)}
        if not wanted:
            raise UnknownCardError("set", set_name, difflib.get_close_matches(set_name, sets, n=5, cutoff=0.3) or sets)
        nodes = [n for n in nodes if graph.node(n)["set_name"] in wanted]
    if card is not None:
        query = " ".join(card.split()).lower()
        exact = [n for n in nodes if query in _names(graph, n) or slug(query) in _names(graph, n)]
        nodes = exact or [n for n in nodes if query and (query in graph.node(n)["title"].lower()
                                                         or query in erratum_name(graph, n).lower())]
        if not nodes:
            names = list(dict.fromkeys(erratum_name(graph, n) for n in graph.nodes("erratum")))
            raise UnknownCardError("card", card, difflib.get_close_matches(card, names, n=5, cutoff=0.4))
    return [erratum_record(graph, node) for node in nodes]


# -- as shown on the site ------------------------------------------------------------


@dataclass(frozen=True)
class Piece:
    """A run of text with the same highlights: ``changed`` by the computed
    word diff, ``mark`` as the publisher marked it (``insert`` or ``delete``)."""

    text: str
    changed: bool = False
    mark: str | None = None


@dataclass
class ErratumView:
    """The sides of an erratum, each a list of paragraphs of pieces.

    ``old`` and ``new`` are empty where the entry gives no such side;
    ``texts`` are the corrected wordings of an entry without OLD/NEW;
    ``struck`` lists words the publisher struck out of a corrected wording
    (they are not part of its text, so they are not shown in it).
    """

    old: list[list[Piece]] = field(default_factory=list)
    new: list[list[Piece]] = field(default_factory=list)
    texts: list[list[list[Piece]]] = field(default_factory=list)
    changes: list[str] = field(default_factory=list)
    struck: list[str] = field(default_factory=list)

    def as_dict(self) -> dict:
        """JSON-ready: each piece as ``{"text", "changed", "mark"}``."""
        return asdict(self)


def record_view(record: dict) -> ErratumView:
    """An erratum record (:func:`erratum_record`) as the site shows it: the
    publisher's marks of its segments and the changes the word diff of OLD
    and NEW finds (:func:`rulebase.diff.words.changed_spans`), in pieces."""
    old, new, publisher = record["old"], record["new"], record["publisher"]
    old_spans, new_spans = changed_spans(old, new) if old is not None and new is not None else ([], [])
    view = ErratumView(changes=list(record["changes"]))
    if old is not None:
        view.old = _paragraphs(publisher["old"], old_spans)
    view.texts = [_paragraphs(segments, []) for segments in publisher["texts"]]
    if new is not None:
        view.new = _paragraphs(publisher["new"], new_spans)
    corrected = [*publisher["texts"], *([publisher["new"]] if new is not None else [])]
    view.struck = [s["text"] for segments in corrected for s in segments if s["mark"] == "delete"]
    return view


def erratum_view(graph: RuleGraph, node: str) -> ErratumView:
    """The view of the erratum ``node`` of the graph (see :func:`record_view`)."""
    return record_view(erratum_record(graph, node))


def texts_view(old: str | None, new: str | None, old_marks, new_marks, texts=(), changes=(),
               printed: str = "") -> ErratumView:
    """The view of an erratum given its texts and marks (as the graph keeps
    them: ``(kind, text)`` pairs)."""
    return record_view(texts_record(old, new, texts, old_marks, new_marks, changes, printed))


def _paragraphs(segments: list[dict], spans: list[tuple[int, int]]) -> list[list[Piece]]:
    """The segments of a text that stand in it, split into paragraphs of
    pieces with uniform highlights (paragraph breaks are where lines end)."""
    text = "".join(s["text"] for s in segments if s["in_text"])
    marks: list[str | None] = []
    for segment in segments:
        if segment["in_text"]:
            mark = segment["mark"] if segment["mark"] in ("insert", "delete") else None
            marks.extend([mark] * len(segment["text"]))
    changed = [False] * len(text)
    for start, end in spans:
        changed[start:end] = [True] * (end - start)
    paragraphs: list[list[Piece]] = [[]]
    start = 0
    for index in range(1, len(text) + 1):
        boundary = index == len(text) or text[index] == "\n" or text[index - 1] == "\n" \
            or changed[index] != changed[start] or marks[index] != marks[start]
        if not boundary:
            continue
        chunk = text[start:index]
        if chunk == "\n":
            paragraphs.append([])
        elif chunk:
            paragraphs[-1].append(Piece(chunk, changed[start], marks[start]))
        start = index
    return [paragraph for paragraph in paragraphs if paragraph]


# -- text for the terminal -------------------------------------------------------------------


def erratum_lines(record: dict) -> list[str]:
    """An erratum record as a judge reads it in a terminal."""
    lines = [f"{record['name']}  ({record['set']})  [{record['id']}]"]
    if record["old"] is not None:
        lines.append(f"  OLD: {record['old']}")
    if record["new"] is not None:
        lines.append(f"  NEW: {record['new']}")
    for text in record["texts"]:
        lines.append(f"  TEXT: {text}")
    for change in record["changes"]:
        lines.append(f"  CHANGE: {change}")
    if record["diff"]:
        label = "Word diff" if record["diff_by"] == "computed" else "Publisher's changes"
        lines.append(f"  {label}: {diff_text(record['diff'])}")
    marks = [m for side in ("old", "new") for m in record["marks"][side] if m["kind"] != "break"]
    if marks:
        lines.append("  Publisher's marks: " + "; ".join(
            f"{'underlined' if m['kind'] == 'insert' else 'struck'} {m['text']!r}" for m in marks))
    breaks = sum(m["kind"] == "break" for side in ("old", "new") for m in record["marks"][side])
    if breaks:
        lines.append(f"  Paragraph breaks marked: {breaks}")
    return lines
