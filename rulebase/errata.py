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

:func:`card_texts` gives a card's printed and current texts whichever of
the two the card data holds (:class:`CardTexts`), by locating each change
of its erratum in the card's text (:class:`TextChange`, :func:`locate`);
:func:`texts_check` and :func:`check_lines` are ``rulebase errata
--check``: both texts of every erratum, the engine's reading of each, and
the errata whose change can't be located.

>>> view = texts_view("Play when you flip a card.", "After you flip a card.", [], [("insert", "After")])
>>> [(p.text, p.changed, p.mark) for p in view.new[0]]
[('After', True, 'insert'), (' you flip a card.', False, None)]
>>> [(p.text, p.changed) for p in view.old[0]]
[('Play when', True), (' you flip a card.', False)]
"""

from __future__ import annotations

import difflib
import re
from dataclasses import asdict, dataclass, field, replace
from functools import lru_cache

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


# -- a card's printed and current texts --------------------------------------------------


@dataclass(frozen=True)
class TextChange:
    """One change an erratum makes to its card, and where the card data's
    text shows it.

    ``old`` and ``new`` are the changed words as the card's text has them
    once the shared context is cut to what locates them (``None`` where the
    erratum gives no such side); ``source`` is where the change comes from:
    ``"old+new"`` (the erratum's OLD and NEW), ``"marks"`` (a corrected
    wording, its OLD being that wording without the words the publisher
    underlined and with those struck out), ``"layout"`` (a marked paragraph
    break only: no words change), ``"wording"`` (a corrected wording with no
    change marked) or ``"information"`` (a change to the card's printed
    information, such as a trait).  ``held`` is what the card data holds:
    ``"current"`` (NEW), ``"printed"`` (OLD), ``"both"`` (the change leaves
    the words as they are) or ``None`` when the change can't be located,
    ``note`` saying why; ``side`` is ``"front"`` or ``"boosted"``."""

    source: str
    old: str | None
    new: str | None
    held: str | None
    side: str | None = None
    note: str | None = None

    @property
    def located(self) -> bool:
        return self.held is not None


@dataclass(frozen=True)
class CardTexts:
    """A card's text as printed and as it stands (its erratum applied), of
    its front (``printed``, ``current``) and its Boosted side
    (``printed_boosted``, ``current_boosted``; ``None`` for a card without
    one), found whichever of the two the card data holds.

    ``erratum`` is the erratum's node id (``None`` for a card without one:
    both texts are the data's); ``changes`` its :class:`TextChange`\\ s;
    ``held`` what the card data holds: ``"current"``, ``"printed"``,
    ``"mixed"`` (some changes one way, some the other), ``"both"`` (no
    change of words) or ``"unknown"`` when a change can't be located, and
    then neither text is known (:attr:`known`)."""

    card_id: str
    printed: str
    current: str
    printed_boosted: str | None = None
    current_boosted: str | None = None
    erratum: str | None = None
    changes: tuple[TextChange, ...] = ()

    @property
    def held(self) -> str:
        held = {change.held for change in self.changes if change.source != "information"}
        if None in held:
            return "unknown"
        held.discard("both")
        if not held:
            return "both"
        return held.pop() if len(held) == 1 else "mixed"

    @property
    def known(self) -> bool:
        """Whether both texts are known: every change of words located."""
        return self.held != "unknown"

    @property
    def differ(self) -> bool:
        """Whether the printed and current texts differ in words."""
        return (_words(self.printed), _words(self.printed_boosted or "")) != \
            (_words(self.current), _words(self.current_boosted or ""))

    def text(self, printed: bool) -> tuple[str, str | None]:
        """The front's and Boosted side's text, as printed or current."""
        return (self.printed, self.printed_boosted) if printed else (self.current, self.current_boosted)

    def unlocated(self) -> list[TextChange]:
        return [change for change in self.changes if not change.located]


def _words(text: str) -> str:
    return " ".join(text.split())


_WORD = re.compile(r"\S+")
_ELLIPSIS_ENDS = re.compile(r"^\s*(?:\.{2,}|…)\s*|\s*(?:\.{2,}|…)\s*$")


def _trimmed(text: str) -> str:
    """An erratum's fragment without the ellipses that stand for the rest of the card's text."""
    return _ELLIPSIS_ENDS.sub("", _ELLIPSIS_ENDS.sub("", text))


def _cores(old: str, new: str):
    """The pairs of OLD and NEW fragments that may locate a change, best
    first: the whole fragments, then with ever less of the context they
    share (never down to nothing on both sides of a change), each also
    without a last full stop the card's text may not have there; with each,
    whether it is the whole fragment."""
    from rulebase.cards.model import fold

    old_words, new_words = list(_WORD.finditer(old)), list(_WORD.finditer(new))
    def same(a, b) -> bool:
        return fold(a.group()) == fold(b.group())

    prefix = 0
    while prefix < min(len(old_words), len(new_words)) and same(old_words[prefix], new_words[prefix]):
        prefix += 1
    suffix = 0
    while (suffix < min(len(old_words), len(new_words)) - prefix
           and same(old_words[-1 - suffix], new_words[-1 - suffix])):
        suffix += 1
    cuts = sorted(((a, b) for a in range(prefix + 1) for b in range(suffix + 1)), key=lambda cut: (sum(cut), cut))
    for a, b in cuts:
        olds, news = old_words[a:len(old_words) - b], new_words[a:len(new_words) - b]
        if not olds or not news:
            continue
        pair = (old[olds[0].start():olds[-1].end()], new[news[0].start():news[-1].end()])
        yield (*pair, a + b == 0)
        if b == 0 and pair[0].endswith(".") and pair[1].endswith("."):
            yield pair[0][:-1], pair[1][:-1], a == 0


@dataclass(frozen=True)
class _Place:
    """Where :func:`locate` found a change: what the card data holds, the
    side (0 the front, 1 the Boosted side), the fragments that located it,
    whether it stands at every place NEW (or OLD) does, and a note."""

    held: str | None
    side: int | None
    old: str
    new: str
    every: bool = False
    note: str | None = None


def locate(sides: list[str | None], old: str, new: str) -> _Place:
    """Where a change from ``old`` to ``new`` stands in a card's ``sides``
    (front, Boosted side), found in the text as the card data holds it.

    A fragment found once locates the change; a wording between ellipses
    (``...Harmony token...``) changes wherever it stands.  A fragment is
    looked for whole, then with ever less of the context OLD and NEW share
    (the note then says so); found more than once, or neither OLD nor NEW
    found, the change is not located (``held`` None) and the note says why.
    """
    from rulebase.cards.errata import fragment, occurrences

    def found(wanted: str) -> list[tuple[int, tuple[int, int]]]:
        return [(index, place) for index, side in enumerate(sides) if side is not None
                for place in occurrences(side, fragment(wanted))]

    term = bool(_ELLIPSIS_ENDS.match(old) and _ELLIPSIS_ENDS.search(new.rstrip()[-3:]))
    old, new = _trimmed(old), _trimmed(new)
    if fragment(old) == fragment(new):
        places = found(new)
        return _Place("both" if places else None, places[0][0] if places else None, old, new,
                      note=None if places else "the wording is not in the card's text")
    for old_core, new_core, whole in _cores(old, new):
        olds, news = found(old_core), found(new_core)
        cut = None if whole else (f"found by {new_core!r} / {old_core!r}: the erratum's words around "
                                  "the change are not the card's")
        if len(news) == 1 and (not olds or fragment(old_core) in fragment(new_core)):
            return _Place("current", news[0][0], old_core, new_core, note=cut)
        if len(olds) == 1 and not news:
            return _Place("printed", olds[0][0], old_core, new_core, note=cut)
        if whole and term and len({side for side, _ in news + olds}) == 1 and not (olds and news):
            held, places = ("current", news) if news else ("printed", olds)
            return _Place(held, places[0][0], old_core, new_core, every=True,
                          note=f"a wording between ellipses, changed at each of its {len(places)} places")
        if len(olds) > 1 or len(news) > 1:
            return _Place(None, None, old, new, note=(
                f"{'NEW' if len(news) > 1 else 'OLD'} occurs {max(len(olds), len(news))} times in the card's "
                "text: which one the erratum changes is not said"))
    return _Place(None, None, old, new, note="neither OLD nor NEW is in the card's text")


def _marked_pair(segments: list[dict]) -> tuple[str, str]:
    """The OLD and NEW of a corrected wording from the publisher's marks:
    NEW the wording, OLD the wording without its underlined words and with
    its struck words (a comma or a small letter left stranded by removing
    the words that opened a sentence is tidied).

    >>> _marked_pair([{"text": "Chaos: ", "mark": None, "in_text": True},
    ...               {"text": "When this card is flipped", "mark": "insert", "in_text": True},
    ...               {"text": ", all players lose.", "mark": None, "in_text": True}])
    ('Chaos: All players lose.', 'Chaos: When this card is flipped, all players lose.')
    """
    old, new, opened = "", "", False
    for segment in segments:
        text, mark = segment["text"], segment["mark"]
        if segment["in_text"]:
            new += text
        if mark == "insert":
            opened = text[:1].isupper() and (not old.strip() or old.rstrip().endswith((":", ".")))
            continue
        if opened:
            text = text[1:].lstrip() if text.startswith(",") else text
            text = text[:1].upper() + text[1:]
            opened = False
        if mark == "break":
            old += " "
        elif mark == "delete" and not segment["in_text"]:
            old += text + " "
        else:
            old += text
    return re.sub(r" {2,}", " ", re.sub(r" +([,.:;])", r"\1", old)).strip(), new


def card_texts(card, graph: RuleGraph | None = None) -> CardTexts:
    """The printed and current texts of a card of the card database (a
    :class:`~rulebase.cards.model.Card` or its id), whichever of them the
    card data holds, found by locating each change of its erratum in the
    data's text (:class:`TextChange`).  A card without an erratum has one
    text, both printed and current.  Raises ``KeyError`` for a card the
    rules' graph does not know.

    >>> texts = card_texts("duck-and-cover")
    >>> texts.held, texts.printed
    ('current', "Faceoff Reaction: Play when you flip a card. Ignore that card's power and flip a new card.")
    >>> card_texts("octavia-serious-musician").held
    'printed'
    """
    from rulebase import graph as graphs

    graph = graph or graphs.load()
    node = f"card/ccg/{card if isinstance(card, str) else card.id}"
    if node not in graph:
        raise KeyError(f"no card {node!r} in the rule graph")
    return _texts_of(graph, node)


@lru_cache(maxsize=8192)
def _texts_of(graph: RuleGraph, node: str) -> CardTexts:
    """The texts of the card ``node`` of ``graph`` (found once per card)."""
    record = graph.card(node)
    boosted = record.boosted.text if record.boosted else None
    errata = [e for e in graph.errata_of(node) if graph.node(graph.node(e)["document"]).get("current")]
    if not errata:
        return CardTexts(record.id, record.text, record.text, boosted, boosted)
    return texts_under(record, errata[0], graph.node(errata[0]))


def texts_under(record, erratum: str, data: dict) -> CardTexts:
    """The printed and current texts of the card ``record`` under the
    erratum ``erratum`` (its node's ``data``), see :func:`card_texts`."""
    printed = [record.text, record.boosted.text if record.boosted else None]
    current = list(printed)
    changes: list[TextChange] = []
    pairs: list[tuple[str, str | None, str]] = []
    if data.get("old") is not None and data.get("new") is not None:
        pairs.append(("old+new", data["old"], data["new"]))
    passages = texts_record(None, None, data.get("texts") or (), [], data.get("new_marks") or (),
                            printed=data.get("printed", ""))["publisher"]["texts"] if data.get("texts") else []
    if data.get("texts") and data.get("old") is not None:  # an entry with both: the marks were placed in all of them
        passages = texts_record(data["old"], data["new"], data["texts"], data.get("old_marks") or (),
                                data.get("new_marks") or (), printed=data.get("printed", ""))["publisher"]["texts"]
    for segments in passages:
        marks = {segment["mark"] for segment in segments} - {None}
        old, new = _marked_pair([dict(segment) for segment in segments])
        if marks & {"insert", "delete"}:
            pairs.append(("marks", old, new))
        elif "break" in marks:
            pairs.append(("layout", new, new))
        else:
            pairs.append(("wording", None, new))
    for source, old, new in pairs:
        note = None
        if old is None:
            old, note = _aligned(printed, _trimmed(new))
            if old is None or note is not None:
                changes.append(TextChange(source, None, _trimmed(new), "both" if old else None, None, note))
                continue
            note = ("the erratum gives no OLD and marks no change: OLD is the card's words the corrected wording "
                    "is aligned with")
        place = locate(printed, old, new)
        if note is not None and place.note is None:
            place = replace(place, note=note)
        index = place.side
        if place.held == "current":
            printed[index] = _swap(printed[index], place.new, place.old, place.every)
        elif place.held == "printed":
            current[index] = _swap(current[index], place.old, place.new, place.every)
        side = None if index is None else ("boosted" if index else "front")
        changes.append(TextChange(source, place.old, place.new, place.held, side, place.note))
    for change in data.get("changes") or ():
        changes.append(TextChange("information", None, change, "current" if _shows(record, change) else None, None,
                                  None if _shows(record, change) else "the card data does not show the change"))
    return CardTexts(record.id, printed[0], current[0], printed[1], current[1], erratum, tuple(changes))


_TOKEN = re.compile(r"\w+(?:['’]\w+)*|[^\w\s]")


def _tokens(text: str) -> list[tuple[int, int, str]]:
    """The words and marks of ``text``: start, end and the folded token."""
    return [(m.start(), m.end(), m.group().casefold().replace("’", "'")) for m in _TOKEN.finditer(text)]


def _aligned(sides: list[str | None], wording: str) -> tuple[str | None, str | None]:
    """The words of a card's text a corrected wording given without OLD
    and without marks stands for, and a note when that says nothing of the
    printed words: the card's span that shares most of the wording's words
    in order (runs of two or more, at least three words and half the
    wording), as its OLD; ``None`` and why where no span is that close or
    the wording is the card's own.  A wording whose only difference is a
    word written twice (``to to``) is a misprint: the card's span and a
    note saying so.

    >>> _aligned(["Your opponents can't move this card."], "Your opponent's cards can't move this card.")
    ("Your opponents can't move this card.", None)
    """
    import difflib

    words = _tokens(wording)
    best = None
    for side in sides:
        if not side:
            continue
        text = _tokens(side)
        matcher = difflib.SequenceMatcher(None, [w for _, _, w in words], [t for _, _, t in text], autojunk=False)
        matched = [block for block in matcher.get_matching_blocks() if block.size]
        runs = [block for block in matched if block.size >= 2]
        if not runs:
            continue
        start, end = runs[0].b, runs[-1].b + runs[-1].size
        for block in matched:  # a single word that opens or closes the wording, next to the runs
            if block.size == 1 and block.a == 0 and block.b < start and start - block.b <= 3:
                start = block.b
            if block.size == 1 and block.a == len(words) - 1 and block.b >= end and block.b - end <= 3:
                end = block.b + 1
        if runs[-1].a + runs[-1].size < len(words) and end < len(text) and text[end][2] == words[-1][2] \
                and not words[-1][2][0].isalnum():
            end += 1  # the full stop that closes both
        shared = sum(block.size for block in matched if start <= block.b < end)
        if best is None or shared > best[0]:
            best = (shared, side, text, start, end)
    if best is None or best[0] < max(3, len(words) / 2):
        return None, "a corrected wording with no change marked and no OLD text, and no part of the card's text close to it"
    shared, side, text, start, end = best
    old = side[text[start][0]:text[end - 1][1]]
    old_words = [t for _, _, t in text[start:end]]
    new_words = [w for _, _, w in words]
    if old_words == new_words:
        return None, ("the corrected wording stands in the card's text, with no change marked: the printed words "
                      "are not said")
    operations = [op for op in difflib.SequenceMatcher(None, old_words, new_words, autojunk=False).get_opcodes()
                  if op[0] != "equal"]
    if len(operations) == 1 and operations[0][0] == "insert" and operations[0][4] - operations[0][3] == 1:
        at = operations[0][3]
        doubled = new_words[at]
        if (at and new_words[at - 1] == doubled) or (at + 1 < len(new_words) and new_words[at + 1] == doubled):
            return old, f"the corrected wording differs from the card's text only by {doubled!r} written twice, a misprint"
    return old, None


def _swap(text: str, wanted: str, replacement: str, every: bool = False) -> str:
    """``text`` with ``replacement`` (in the card data's notation) in place
    of ``wanted``, found once (``every``: wherever it stands)."""
    from rulebase.cards.errata import _data_notation, fragment, occurrences

    places = occurrences(text, fragment(wanted))
    if len(places) != 1 and not every:
        return text
    for start, end in reversed(places):
        text = text[:start] + _data_notation(replacement) + text[end:]
    return text


def _shows(record, change: str) -> bool:
    """Whether the card data shows a change of printed information (an added trait or subtitle)."""
    from rulebase.cards.model import fold

    trait = re.search(r"Added [\"“](?P<trait>[^\"”]+)[\"”] trait", change, re.IGNORECASE)
    subtitle = re.search(r"Added subtitle [\"“](?P<subtitle>[^\"”]+)[\"”]", change, re.IGNORECASE)
    if trait:
        return fold(trait["trait"]) in {fold(t) for t in record.traits}
    if subtitle:
        return fold(subtitle["subtitle"]) == fold(record.subtitle or "")
    return False


def errata_texts(graph: RuleGraph | None = None) -> list[tuple[dict, CardTexts | None]]:
    """Every erratum of the current card errata (its record,
    :func:`erratum_record`) with its card's texts (``None`` for an erratum
    that names no card of the card data)."""
    from rulebase import graph as graphs

    graph = graph or graphs.load()
    found = []
    for node in graph.nodes("erratum"):
        if not graph.node(graph.node(node)["document"]).get("current"):
            continue
        card = graph.card_of(node)
        texts = texts_under(graph.card(card), node, graph.node(node)) if card is not None else None
        found.append((erratum_record(graph, node), texts))
    return found


# -- checking both texts of every erratum ------------------------------------------------------

HELD = {"current": "the card data holds the current text", "printed": "the card data holds the printed text",
        "mixed": "the card data holds some changes as printed, some as corrected",
        "both": "no words change (a paragraph break or printed information)",
        "unknown": "a change can't be located in the card's text: the printed text is not known"}
"""What :attr:`CardTexts.held` says of the card data, in words."""


def texts_check(graph: RuleGraph, records: list[dict], engine: bool = True) -> list[dict]:
    """For each erratum record (:func:`erratum_record`), its card's two
    texts (:func:`texts_under`): what the card data holds, each change and
    where it stands or why it can't be located, the printed and current
    texts and, with ``engine``, the state of each as the engine reads it
    (:func:`rulebase.engine.ccg.abilities.catalog.card_state`)."""
    checked = []
    for record in records:
        entry = {"id": record["id"], "name": record["name"], "card": None, "held": "unknown", "known": False,
                 "differ": False, "changes": [], "texts": None, "engine": None}
        card = record["card"]
        if card is None:
            entry["changes"] = [{"source": "card", "held": None, "note": "the erratum names no card of the card data"}]
            checked.append(entry)
            continue
        found = texts_under(graph.card(card), record["id"], graph.node(record["id"]))
        entry.update(card=found.card_id, held=found.held, known=found.known, differ=found.differ,
                     changes=[asdict(change) for change in found.changes],
                     texts={"printed": found.printed, "current": found.current,
                            "printed_boosted": found.printed_boosted, "current_boosted": found.current_boosted})
        if engine:
            from rulebase.engine.ccg.abilities import catalog

            entry["engine"] = {}
            for which in ("printed", "current"):
                if which == "printed" and not found.known:
                    continue
                state = catalog.card_state(graph.card(card), printed=which == "printed")
                entry["engine"][which] = {"state": state.state,
                                          "hold": state.hold.describe() if state.hold is not None else None}
        checked.append(entry)
    return checked


def check_lines(checked: list[dict]) -> list[str]:
    """:func:`texts_check`'s entries as a judge reads them, with a summary."""
    lines = []
    for entry in checked:
        lines.append(f"{entry['name']}  [{entry['id']}]: {HELD[entry['held']]}")
        for change in entry["changes"]:
            if change["held"] is None:
                lines.append(f"  NOT LOCATED ({change['source']}): {change['note']}")
            elif change.get("note"):
                lines.append(f"  note ({change['source']}): {change['note']}")
        texts = entry["texts"]
        if texts and entry["known"] and entry["differ"]:
            for which in ("printed", "current"):
                state = (entry["engine"] or {}).get(which)
                shown = f"   [engine: {state['state']}{': ' + state['hold'] if state['hold'] else ''}]" if state else ""
                boosted = texts[f"{which}_boosted"]
                lines.append(f"  {which.upper()}: {texts[which]!r}" + (f" / Boosted: {boosted!r}" if boosted else "")
                             + shown)
        elif texts and entry["known"]:
            lines.append("  PRINTED = CURRENT (no change of words)")
    counts = {held: sum(entry["held"] == held for entry in checked) for held in HELD}
    unlocated = [entry["name"] for entry in checked if not entry["known"]]
    summary = f"{len(checked)} errata: " + ", ".join(f"{count} {held}" for held, count in counts.items() if count)
    if any(entry["engine"] for entry in checked):
        both = sum(1 for entry in checked if entry["known"] and entry["differ"] and entry["engine"]
                   and all(entry["engine"].get(w, {}).get("state") == "executable" for w in ("printed", "current")))
        summary += f"; both texts carried out by the engine for {both} whose texts differ"
    lines += ["", summary]
    if unlocated:
        lines.append(f"{len(unlocated)} errata whose change can't be located in the card's text: " + "; ".join(unlocated))
    return lines
