"""What changed: between two editions of a rules text, rule by rule, and in
each card's text through its errata.

Editions
    :func:`diff_editions` pairs the rules of two documents of one family
    (``ccg/earlier`` and ``ccg/3.4``) with :func:`rulebase.pairing.pair_rules`
    (the pairing the graph's ``same rule`` edges come from) and classifies
    every rule: unchanged, reworded, renumbered, renumbered and reworded,
    added, removed, split or merged.  Rewording is shown as a word diff;
    differences that are only conversion noise (quotes, spacing, case,
    hyphenation, punctuation, artifacts of the conversion) do not count as
    changes, and ``noise=True`` shows them.  It also follows the
    cross-references, compares the glossaries and counts the changes by kind
    and section.  :func:`renumbering` is the old-to-new map and
    :func:`history` one rule's life across all editions.

Card errata
    :func:`erratum_record` turns an erratum of the graph into a record with
    the word diff of its OLD and NEW texts and, kept apart, the publisher's
    own marks placed in the texts.

Everything is read from the rule graph.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from functools import lru_cache

from rulebase.errors import RulebaseError, UnknownRuleError
from rulebase.graph import RuleGraph, slug
from rulebase.model import Rule, RuleNumber
from rulebase.pairing import (
    NOISE_PUNCTUATION,
    is_significant,
    normal,
    pair_rules,
    rule_text,
    signature,
    split_and_merged,
    tokens,
)

KINDS = ("unchanged", "reworded", "renumbered", "renumbered and reworded", "added", "removed", "split", "merged")
GLOSSARY_KINDS = ("unchanged", "redefined", "added", "removed")
NOISE_KINDS = ("quotes", "spacing", "punctuation", "case", "hyphenation", "artifacts")


class DiffError(RulebaseError):
    """Raised when two documents cannot be compared (not editions of one text)."""


class UnknownEditionError(RulebaseError, LookupError):
    """Raised when an edition or document id names no document."""

    def __init__(self, query: str, suggestions: list[str]):
        self.query = query
        self.suggestions = suggestions
        super().__init__(f"no edition or document {query!r}; the editions are {', '.join(suggestions)}")


class UnknownCardError(RulebaseError, LookupError):
    """Raised when no card or set of the errata matches what was asked."""

    def __init__(self, what: str, query: str, suggestions: list[str]):
        self.query = query
        self.suggestions = suggestions
        message = f"no {what} {query!r} in the card errata"
        if suggestions:
            message += "; the closest are " + ", ".join(suggestions)
        super().__init__(message)


# -- word diffs ---------------------------------------------------------------------


def word_diff(old: str | None, new: str | None, *, noise: bool = False) -> list[dict]:
    """The word-level diff of two texts, as segments ``{"op", "text"}`` with
    ``op`` one of ``equal``, ``delete`` (text of ``old`` only) and ``insert``
    (text of ``new`` only).  Joining the ``equal`` and ``insert`` segments
    gives ``new``; joining ``equal`` and ``delete`` gives ``old`` (up to the
    spacing and punctuation between changed words).

    Words are compared without conversion noise (case, hyphenation, quotes,
    punctuation and spacing); ``noise=True`` compares every character.

    >>> word_diff("Pay those costs", "Pay these costs.")
    [{'op': 'equal', 'text': 'Pay '}, {'op': 'delete', 'text': 'those'}, {'op': 'insert', 'text': 'these'}, {'op': 'equal', 'text': ' costs.'}]
    >>> word_diff("the “end”", 'the "end"')
    [{'op': 'equal', 'text': 'the "end"'}]
    >>> word_diff("the “end”", 'the "end"', noise=True)[1:]
    [{'op': 'delete', 'text': '“'}, {'op': 'insert', 'text': '"'}, {'op': 'equal', 'text': 'end'}, {'op': 'delete', 'text': '”'}, {'op': 'insert', 'text': '"'}]
    """
    old, new = old or "", new or ""
    if not old and not new:
        return []
    if not old:
        return [{"op": "insert", "text": new}]
    if not new:
        return [{"op": "delete", "text": old}]
    old_tokens, new_tokens = tokens(old), tokens(new)
    if noise:
        old_at, new_at = list(range(len(old_tokens))), list(range(len(new_tokens)))
        keys_old = [_space_key(t) for t in old_tokens]
        keys_new = [_space_key(t) for t in new_tokens]
    else:
        old_at = [i for i, t in enumerate(old_tokens) if not t.isspace()]
        new_at = [i for i, t in enumerate(new_tokens) if not t.isspace()]
        keys_old = [normal(old_tokens[i]) for i in old_at]
        keys_new = [normal(new_tokens[i]) for i in new_at]
    segments: list[dict] = []
    if not keys_old or not keys_new:
        segments = [{"op": "delete", "text": old}, {"op": "insert", "text": new}]
        return segments if noise else _hide_noise(segments)

    def span(token_list, at, start, end):
        """The text of key positions ``start:end``, with what follows up to the next key."""
        first = at[start] if start > 0 else 0
        last = at[end] if end < len(at) else len(token_list)
        return "".join(token_list[first:last])

    matcher = SequenceMatcher(None, keys_old, keys_new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            _add(segments, "equal", span(new_tokens, new_at, j1, j2))
            continue
        if i2 > i1:
            text = span(old_tokens, old_at, i1, i2)
            before = old_tokens[old_at[i1] - 1] if i1 > 0 and old_at[i1] > 0 else ""
            if before.isspace() and segments and not segments[-1]["text"][-1:].isspace():
                text = " " + text
            _add(segments, "delete", text)
        if j2 > j1:
            _add(segments, "insert", span(new_tokens, new_at, j1, j2))
    if not noise:
        segments = _hide_noise(segments)
    return _tidy(segments)


def _hide_noise(segments: list[dict]) -> list[dict]:
    """Drop deleted runs and keep inserted runs that hold only noise
    punctuation and spacing; an inserted run that starts with some keeps
    that start as unchanged text."""
    out: list[dict] = []
    for segment in segments:
        text = segment["text"]
        if segment["op"] != "equal":
            lead = len(text) - len(text.lstrip("".join(NOISE_PUNCTUATION) + " \t\n"))
            if lead == len(text):
                if segment["op"] == "insert":
                    _add(out, "equal", text)
                continue
            if segment["op"] == "insert" and lead:
                _add(out, "equal", text[:lead])
                text = text[lead:]
        _add(out, segment["op"], text)
    return out


def _space_key(token: str) -> str:
    if token.isspace():
        return "\n" if "\n" in token else " "
    return token


def _add(segments: list[dict], op: str, text: str) -> None:
    if not text:
        return
    if segments and segments[-1]["op"] == op:
        segments[-1]["text"] += text
    else:
        segments.append({"op": op, "text": text})


def _tidy(segments: list[dict]) -> list[dict]:
    """Keep changes to words, not spaces: an inserted run's trailing spacing
    moves onto the unchanged text after it; a deleted run's is dropped when
    that text then starts with a space (so the old words stay apart)."""
    tidy: list[dict] = []
    run: list[dict] = []
    for segment in [*segments, None]:
        if segment is not None and segment["op"] != "equal":
            run.append(dict(segment))
            continue
        if run and segment is not None:
            spacing = ""
            for changed in run:
                stripped = changed["text"].rstrip()
                if stripped and changed["op"] == "insert":
                    spacing += changed["text"][len(stripped):]
                    changed["text"] = stripped
            following = spacing + segment["text"]
            if following[:1].isspace():
                for changed in run:
                    if changed["op"] == "delete" and changed["text"].rstrip():
                        changed["text"] = changed["text"].rstrip()
            segment = {"op": "equal", "text": following}
        for changed in run:
            _add(tidy, changed["op"], changed["text"])
        run = []
        if segment is not None:
            _add(tidy, segment["op"], segment["text"])
    for index in range(1, len(tidy) - 1):
        before, deleted, after = tidy[index - 1], tidy[index], tidy[index + 1]
        if (deleted["op"] == "delete" and before["op"] == after["op"] == "equal" and deleted["text"][-1:] == " "
                and before["text"][-1:] == " " and not after["text"][:1].isspace()):
            # "many [-additional -]points" reads "many[- additional-] points"
            before["text"], deleted["text"] = before["text"][:-1], " " + deleted["text"][:-1]
            after["text"] = " " + after["text"]
    return [segment for segment in tidy if segment["text"]]


def diff_text(segments: list[dict]) -> str:
    """A word diff as one line of text: ``[-deleted-]{+inserted+}``.

    >>> diff_text(word_diff("a b c", "a x c"))
    'a [-b-]{+x+} c'
    """
    out = []
    for segment in segments:
        text = segment["text"]
        out.append(text if segment["op"] == "equal" else
                   (f"[-{text}-]" if segment["op"] == "delete" else f"{{+{text}+}}"))
    return "".join(out)


_ARTIFACT = re.compile(r"\\[A-Za-z]+|\$|[↔⇔⇒⊖]|\*\*|<[^>\n]+>|^\s*[-•]?\s*[Oo•]\s+\(", re.M)
_CURLY = set("“”‘’")


def noise_kinds(old: str, new: str, old_printed: str = "", new_printed: str = "") -> list[str]:
    """The kinds of conversion noise between two texts that say the same or
    nearly the same thing: ``quotes``, ``spacing``, ``punctuation``, ``case``,
    ``hyphenation`` and ``artifacts`` (read from the printed forms, which
    keep the quotes and conversion marks the clean texts drop).

    >>> noise_kinds("Zero is an even number", "Zero is an\\neven  Number.")
    ['spacing', 'punctuation', 'case']
    """
    found = set()
    old_tokens = [t for t in tokens(old) if not t.isspace()]
    new_tokens = [t for t in tokens(new) if not t.isspace()]
    old_marks = [t.translate(_PLAIN) for t in old_tokens if t in NOISE_PUNCTUATION]
    new_marks = [t.translate(_PLAIN) for t in new_tokens if t in NOISE_PUNCTUATION]
    if old_marks != new_marks:
        found.add("punctuation")
    old_words = [t for t in old_tokens if is_significant(t)]
    new_words = [t for t in new_tokens if is_significant(t)]
    for a, b in _aligned(old_words, new_words):
        if a != b and a.lower() == b.lower():
            found.add("case")
        elif a.lower() != b.lower() and normal(a) == normal(b):
            found.add("hyphenation")
    old_spacing, new_spacing = _spacing(old), _spacing(new)
    matcher = SequenceMatcher(None, [t.translate(_PLAIN) for t in old_tokens],
                              [t.translate(_PLAIN) for t in new_tokens], autojunk=False)
    for block in matcher.get_matching_blocks():
        at_end = block.a + block.size == len(old_tokens) and block.b + block.size == len(new_tokens)
        for k in range(block.size if at_end else block.size - 1):
            if old_spacing[block.a + k] != new_spacing[block.b + k]:
                found.add("spacing")
    old_curly, new_curly = bool(_CURLY & set(old_printed)), bool(_CURLY & set(new_printed))
    if old_curly != new_curly and ({'"', "'"} & set(old_printed + new_printed)):
        found.add("quotes")
    if bool(_ARTIFACT.search(old_printed)) != bool(_ARTIFACT.search(new_printed)):
        found.add("artifacts")
    return [kind for kind in NOISE_KINDS if kind in found]


_PLAIN = str.maketrans({"“": '"', "”": '"', "‘": "'", "’": "'"})


def _aligned(a: list[str], b: list[str]) -> list[tuple[str, str]]:
    """Pairs of tokens at the same place in two lists compared loosely."""
    matcher = SequenceMatcher(None, [normal(t) for t in a], [normal(t) for t in b], autojunk=False)
    pairs = []
    for block in matcher.get_matching_blocks():
        pairs.extend(zip(a[block.a:block.a + block.size], b[block.b:block.b + block.size]))
    return pairs


def _spacing(text: str) -> list[str]:
    """The spacing of a text: for each non-space token, the kind of space after it."""
    out = []
    pieces = tokens(text)
    for index, token in enumerate(pieces):
        if token.isspace():
            continue
        following = pieces[index + 1] if index + 1 < len(pieces) else ""
        out.append(_space_key(following) if following.isspace() else "")
    return out


# -- documents ----------------------------------------------------------------------


def resolve_document(graph: RuleGraph, text: str, game: str | None = None) -> str:
    """The document a user means by an edition (``earlier``, ``3.4``) or a
    document id (``ccg/earlier``, ``ccg/3.4/glossary``).

    An edition names the comprehensive rules of that edition (a rendering
    such as ``3.4-pdf`` too).  Raises :class:`UnknownEditionError` listing
    the editions otherwise.
    """
    wanted = (text or "").strip()
    documents = [d for d in graph.documents() if game is None or d["game"] == game]
    if wanted in graph and graph.node(wanted)["kind"] == "document":
        return wanted
    matches = [d for d in documents if d["edition"] == wanted or d["id"].split("/", 1)[-1] == wanted]
    rules = [d for d in matches if d["doc_kind"] == "comprehensive rules"]
    chosen = rules or [d for d in matches if d.get("family")]
    if chosen:
        return chosen[0]["id"]
    editions = [f"{d['edition']} ({d['id']})" for d in documents if d["doc_kind"] == "comprehensive rules"]
    raise UnknownEditionError(wanted, editions)


def _rules(graph: RuleGraph, document: str) -> list[Rule]:
    """The rules of a document, rebuilt from the graph's nodes."""
    rules = []
    for node in graph.nodes("rule", document):
        data = graph.node(node)
        number = RuleNumber.parse(data["canonical"])
        rules.append(Rule(number=number, printed_number=data["number"], text=data["text"], printed=data["printed"],
                          line=data["line"], title=data.get("title"), is_section=bool(data.get("heading")),
                          id_suffix=data["key"][len(data["canonical"]):], references=list(data.get("references", []))))
    return rules


def _glossary_document(graph: RuleGraph, document: str) -> str | None:
    """The document holding the glossary of a rules document (or itself)."""
    if graph.nodes("glossary", document):
        return document
    for other in graph.documents():
        if other.get("within") == document and other["doc_kind"] == "glossary":
            return other["id"]
    return None


def check_same_text(graph: RuleGraph, old: str, new: str) -> None:
    """Raises :class:`DiffError` unless two documents are editions of one text."""
    if old == new:
        raise DiffError(f"{old} and {new} are the same document")
    old_family, new_family = graph.node(old).get("family"), graph.node(new).get("family")
    if not old_family or old_family != new_family:
        raise DiffError(f"{old} and {new} are not editions of the same text "
                        f"({old_family or 'no rules text'} and {new_family or 'no rules text'})")


# -- the changes between two editions ---------------------------------------------------


@dataclass
class Change:
    """What became of one rule between two editions.

    ``old`` and ``new`` are the rule's node ids on each side (None for an
    added or removed rule); ``partner`` is the other rule of a split (the
    old rule's other part) or merge (the other old rule).
    """

    kind: str
    old: str | None
    new: str | None
    section: str
    section_title: str
    side: str
    diff: list[dict] = field(default_factory=list)
    noise: list[str] = field(default_factory=list)
    likeness: float | None = None
    forced: bool = False
    partner: str | None = None
    references: list[dict] = field(default_factory=list)

    @property
    def chapter(self) -> int:
        return int(self.section) // 100 if self.section.isdigit() else 0


@dataclass
class EditionDiff:
    """The changes between two documents of one rules text, in the new
    document's order (rules that left stand after their old neighbours)."""

    old: str
    new: str
    changes: list[Change]
    glossary: list[dict]
    findings: list[dict]
    old_glossary: str | None = None
    new_glossary: str | None = None
    noise: bool = False

    def summary(self, changes: list[Change] | None = None) -> dict:
        """Counts by kind and, per section, by kind."""
        changes = self.changes if changes is None else changes
        by_kind = Counter(change.kind for change in changes)
        sections: dict[str, dict] = {}
        for change in changes:
            entry = sections.setdefault(change.section, {"section": change.section, "title": change.section_title,
                                                         "side": change.side, "counts": Counter()})
            entry["counts"][change.kind] += 1
        glossary = Counter(entry["kind"] for entry in self.glossary)
        return {
            "by_kind": {kind: by_kind.get(kind, 0) for kind in KINDS},
            "by_section": [{**entry, "counts": {k: entry["counts"][k] for k in KINDS if entry["counts"][k]}}
                           for entry in sections.values()],
            "glossary": {kind: glossary.get(kind, 0) for kind in GLOSSARY_KINDS},
            "findings": len(self.findings),
        }

    def in_section(self, section: str | None) -> list[Change]:
        """Every change (of any kind) in a section, or all of them."""
        return [c for c in self.changes if section is None or _in_section(self, c, section)]

    def select(self, *, kinds=None, section: str | None = None, noise: bool = False) -> list[Change]:
        """The changes of some kinds (all but unchanged by default; with
        ``noise``, the unchanged ones that differ by noise too) in a section
        (``5`` for a chapter, ``514`` for a section, ``514.4`` and below)."""
        wanted = set(kinds) if kinds else set(KINDS) - {"unchanged"}
        picked = []
        for change in self.changes:
            shown = change.kind in wanted or (noise and not kinds and change.kind == "unchanged" and change.noise)
            if shown and (section is None or _in_section(self, change, section)):
                picked.append(change)
        return picked


def _in_section(diff: EditionDiff, change: Change, section: str) -> bool:
    wanted = section.strip().strip("()")
    for node in (change.new, change.old):
        if node is None:
            continue
        key = node.rsplit("/", 1)[-1].split("~")[0]
        if len(wanted) == 1 and wanted.isdigit():
            if key[:3].isdigit() and int(key[:3]) // 100 == int(wanted):
                return True
        elif key == wanted or key.startswith(wanted + ".") or (
                len(wanted) > 3 and key.startswith(wanted) and not key[len(wanted)].isdigit()):
            return True
    return False


def check_section(text: str) -> str:
    """``text`` if it names a chapter (``5``), a section (``514``) or a rule
    number prefix (``514.4``); raises :class:`DiffError` otherwise."""
    wanted = (text or "").strip().strip("()")
    if re.fullmatch(r"\d", wanted) or RuleNumber.is_valid(wanted):
        return wanted
    raise DiffError(f"not a chapter, section or rule number: {text!r}")


def check_kinds(kinds) -> list[str]:
    """The kinds asked for, spelled with spaces or hyphens; raises
    :class:`DiffError` for an unknown one."""
    out = []
    for kind in kinds or ():
        name = kind.strip().lower().replace("-", " ").replace("_", " ")
        if name not in KINDS:
            raise DiffError(f"no kind of change {kind!r}; the kinds are {', '.join(KINDS)}")
        out.append(name)
    return out


def diff_editions(graph: RuleGraph, old: str, new: str, *, noise: bool = False) -> EditionDiff:
    """Every change between two documents of one family (see the module's
    docstring).  ``old`` and ``new`` are editions or document ids; with
    ``noise`` the word diffs show conversion noise too.

    Raises :class:`DiffError` when the documents are not editions of one text
    and :class:`UnknownEditionError` for an unknown edition.
    """
    old_doc, new_doc = resolve_document(graph, old), resolve_document(graph, new)
    check_same_text(graph, old_doc, new_doc)
    return _diff_documents(graph, old_doc, new_doc, bool(noise))


@lru_cache(maxsize=16)
def _diff_documents(graph: RuleGraph, old_doc: str, new_doc: str, noise: bool) -> EditionDiff:
    old_rules, new_rules = _rules(graph, old_doc), _rules(graph, new_doc)
    changes, findings = _rule_changes(graph, old_doc, new_doc, old_rules, new_rules, noise)
    old_glossary, new_glossary = _glossary_document(graph, old_doc), _glossary_document(graph, new_doc)
    glossary = []
    if old_glossary and new_glossary and old_glossary != new_glossary:
        glossary = glossary_changes(graph, old_glossary, new_glossary, noise=noise)
    return EditionDiff(old_doc, new_doc, changes, glossary, findings, old_glossary, new_glossary, noise)


def _rule_changes(graph, old_doc, new_doc, old_rules, new_rules, noise):
    pairs = pair_rules(old_rules, new_rules)
    links = split_and_merged(old_rules, new_rules, pairs)
    old_ids = {rule.key: f"{old_doc}/{rule.key}" for rule in old_rules}
    new_ids = {rule.key: f"{new_doc}/{rule.key}" for rule in new_rules}
    by_new = {pair.new.key: pair for pair in pairs}
    split_new = {link.new.key: link for link in links if link.kind == "split"}
    merged_old = {link.old.key: link for link in links if link.kind == "merged"}
    counterpart = {pair.old.key: pair.new.key for pair in pairs}
    headings_old, headings_new = _headings(graph, old_doc), _headings(graph, new_doc)
    edition = {doc: graph.node(doc)["edition"] for doc in (old_doc, new_doc)}
    new_keys = {rule.key for rule in new_rules}
    old_by_key = {rule.key: rule for rule in old_rules}

    def text_diff(a: Rule | None, b: Rule | None) -> list[dict]:
        return word_diff(rule_text(a) if a else None, rule_text(b) if b else None, noise=noise)

    placed: list[tuple[tuple, Change]] = []
    findings: list[dict] = []
    new_index = {rule.key: index for index, rule in enumerate(new_rules)}
    for index, rule in enumerate(new_rules):
        pair = by_new.get(rule.key)
        section, title = _section_of(rule, headings_new)
        if pair is not None:
            change = Change(pair.change, old_ids[pair.old.key], new_ids[rule.key], section, title, "new",
                            text_diff(pair.old, rule), likeness=round(pair.likeness, 3), forced=pair.forced)
            if change.kind in ("unchanged", "renumbered"):
                change.noise = noise_kinds(rule_text(pair.old), rule_text(rule), pair.old.printed, rule.printed)
        elif rule.key in split_new:
            link = split_new[rule.key]
            change = Change("split", old_ids[link.old.key], new_ids[rule.key], section, title, "new",
                            text_diff(link.old, rule), likeness=round(link.share, 3),
                            partner=new_ids.get(link.partner.key) if link.partner else None)
        else:
            change = Change("added", None, new_ids[rule.key], section, title, "new", text_diff(None, rule))
        old_rule = pair.old if pair is not None else None
        change.references = _references(rule, old_rule, old_by_key, new_keys, counterpart, edition[old_doc],
                                        edition[new_doc])
        for reference in change.references:
            if reference["status"] in ("stale", "broken"):
                findings.append({"rule": new_ids[rule.key], "key": rule.key, **reference})
        placed.append(((index, 0, 0), change))
    previous = -1
    for index, rule in enumerate(old_rules):
        if rule.key in counterpart:
            previous = new_index[counterpart[rule.key]]
            continue
        section, title = _section_of(rule, headings_old)
        if rule.key in merged_old:
            link = merged_old[rule.key]
            change = Change("merged", old_ids[rule.key], new_ids[link.new.key], section, title, "old",
                            text_diff(rule, link.new), likeness=round(link.share, 3),
                            partner=old_ids.get(link.partner.key) if link.partner else None)
        else:
            change = Change("removed", old_ids[rule.key], None, section, title, "old", text_diff(rule, None))
        placed.append(((previous, 1, index), change))
    return [change for _, change in sorted(placed, key=lambda item: item[0])], findings


def _headings(graph: RuleGraph, document: str) -> dict[int, str]:
    headings = {}
    for node in graph.nodes("rule", document):
        data = graph.node(node)
        if data.get("heading"):
            headings.setdefault(RuleNumber.parse(data["canonical"]).section, data.get("title") or "")
    return headings


def _section_of(rule: Rule, headings: dict[int, str]) -> tuple[str, str]:
    return str(rule.number.section), headings.get(rule.number.section, "")


def _references(rule, old_rule, old_by_key, new_keys, counterpart, old_edition, new_edition) -> list[dict]:
    """What became of the rules a rule cites: ``same`` (the same rule, same
    number), ``updated`` (the cited rule was renumbered and the reference
    follows it), ``stale`` (the reference kept the old number of a renumbered
    rule), ``broken`` (it names no rule of the new edition, and no rule of
    the old one either) and ``new`` (a reference the old rule did not have)."""
    out = []
    old_refs = list(old_rule.references) if old_rule is not None else []
    updated = {}
    for number in old_refs:
        moved = counterpart.get(number)
        if moved and moved != number and moved in rule.references:
            updated[moved] = number
    for number in dict.fromkeys(rule.references):
        moved = counterpart.get(number)
        record = {"number": number, "was": None, "now": None}
        if number in updated:
            record.update(status="updated", was=updated[number], now=number,
                          message=f"cites ({number}), the {new_edition} number of the rule the {old_edition} "
                                  f"edition cited as ({updated[number]})")
        elif moved and moved != number and (number not in new_keys or number in old_refs):
            record.update(status="stale", was=number, now=moved,
                          message=f"cites ({number}), the {old_edition} number of a rule that is ({moved}) in "
                                  f"{new_edition}; the reference was not updated when the rule was renumbered")
        elif number not in new_keys:
            record.update(status="broken", message=f"cites ({number}), which is no rule of {new_edition}"
                          + ("" if number in old_by_key else f" or {old_edition}"))
        elif number in old_refs or (moved == number):
            record.update(status="same", now=number, message=f"cites ({number}) as before")
        else:
            record.update(status="new", now=number, message=f"cites ({number}), which the {old_edition} "
                                                            "edition of this rule did not")
        out.append(record)
    return out


# -- the glossary ---------------------------------------------------------------------


def glossary_changes(graph: RuleGraph, old: str, new: str, *, noise: bool = False) -> list[dict]:
    """The terms of two glossaries: ``added``, ``removed``, ``redefined``
    (the definition says something else) or ``unchanged`` (at most noise),
    each with the word diff of the definitions, in the new glossary's order."""
    old_entries = {graph.node(n)["key"]: graph.node(n) for n in graph.nodes("glossary", old)}
    new_entries = {graph.node(n)["key"]: graph.node(n) for n in graph.nodes("glossary", new)}
    old_terms = {entry["term"].lower(): key for key, entry in old_entries.items()}
    out = []
    matched = set()
    for key, entry in new_entries.items():
        old_key = key if key in old_entries else old_terms.get(entry["term"].lower())
        if old_key is not None and old_key not in matched:
            matched.add(old_key)
            before = old_entries[old_key]
            same = signature(before["text"]) == signature(entry["text"]) and before["title"] == entry["title"]
            kind = "unchanged" if same else "redefined"
            out.append({"kind": kind, "term": entry["title"], "old": _brief(before), "new": _brief(entry),
                        "diff": word_diff(before["text"], entry["text"], noise=noise),
                        "noise": noise_kinds(before["text"], entry["text"], before["printed"], entry["printed"])
                        if same else []})
        else:
            out.append({"kind": "added", "term": entry["title"], "old": None, "new": _brief(entry),
                        "diff": word_diff(None, entry["text"]), "noise": []})
    for key, entry in old_entries.items():
        if key not in matched:
            out.append({"kind": "removed", "term": entry["title"], "old": _brief(entry), "new": None,
                        "diff": word_diff(entry["text"], None), "noise": []})
    return out


def _brief(data: dict) -> dict:
    return {"id": data["id"], "number": data.get("canonical") or data.get("number"), "key": data.get("key"),
            "printed_number": data.get("number"), "title": data.get("title"), "text": data.get("text", "")}


# -- records -------------------------------------------------------------------------


def change_record(graph: RuleGraph, change: Change) -> dict:
    """A change as JSON-ready data: ``kind``, ``old`` and ``new`` (each
    ``{id, number, key, printed_number, title, text}`` or null), the word
    ``diff``, the ``noise`` it hides and the fate of its ``references``."""
    return {
        "kind": change.kind,
        "old": _brief(graph.node(change.old)) if change.old else None,
        "new": _brief(graph.node(change.new)) if change.new else None,
        "section": change.section,
        "section_title": change.section_title,
        "diff": change.diff,
        "noise": change.noise,
        "likeness": change.likeness,
        "forced": change.forced,
        "partner": _brief(graph.node(change.partner)) if change.partner else None,
        "references": [r for r in change.references if r["status"] != "same"],
    }


def diff_record(graph: RuleGraph, diff: EditionDiff, changes: list[Change] | None = None,
                section: str | None = None) -> dict:
    """The whole diff as JSON-ready data: the two documents, the summary (of
    every rule of the section, whatever kinds are selected), the selected
    changes, the glossary (without a section) and the reference findings."""
    findings = [f for f in diff.findings if section is None or any(
        c.new == f["rule"] for c in diff.in_section(section))]
    return {
        "old": {"document": diff.old, "edition": graph.node(diff.old)["edition"], "title": graph.node(diff.old)["title"]},
        "new": {"document": diff.new, "edition": graph.node(diff.new)["edition"], "title": graph.node(diff.new)["title"]},
        "section": section,
        "summary": diff.summary(diff.in_section(section)),
        "changes": [change_record(graph, change) for change in (diff.changes if changes is None else changes)],
        "glossary": [] if section else [entry for entry in diff.glossary
                                        if entry["kind"] != "unchanged" or (diff.noise and entry["noise"])],
        "findings": findings,
    }


def renumbering(graph: RuleGraph, old: str, new: str) -> list[dict]:
    """The old-to-new map: every rule of the old document with the key it
    has in the new one (None when removed) and the kind of change."""
    diff = diff_editions(graph, old, new)
    rows = []
    for change in diff.changes:
        if change.old is None:
            continue
        rows.append({"old": graph.node(change.old)["key"],
                     "new": graph.node(change.new)["key"] if change.new else None,
                     "kind": change.kind, "old_id": change.old, "new_id": change.new})
    position = {node: index for index, node in enumerate(graph.nodes("rule", diff.old))}
    return sorted(rows, key=lambda row: position[row["old_id"]])


# -- a rule's history --------------------------------------------------------------------


def _family_editions(graph: RuleGraph, document: str) -> list[str]:
    """The editions of a document's rules text (renderings left out), oldest first."""
    data = graph.node(document)
    family = data.get("family")
    editions = [d for d in graph.documents() if family and d.get("family") == family and not d.get("rendering_of")]
    return [d["id"] for d in sorted(editions, key=lambda d: (bool(d["current"]), d["date"] or ""))]


def history(graph: RuleGraph, node_id: str) -> list[dict]:
    """A rule's (or glossary entry's) life across every edition of its text,
    oldest first: one entry per edition with the ``event`` there
    (``created``, then ``unchanged``, ``reworded``, ``renumbered``,
    ``renumbered and reworded``, ``split``, ``merged`` or ``removed``), the
    node, its number and text, and the word ``diff`` from the edition before.

    ``created`` on the earliest edition of the corpus carries
    ``earliest: True``: the rule may be older.  Raises
    :class:`UnknownRuleError` for a node that is not in the graph.
    """
    if node_id not in graph:
        raise UnknownRuleError(node_id, [])
    data = graph.node(node_id)
    if data["kind"] not in ("rule", "glossary"):
        return []
    document = data["document"]
    if graph.node(document).get("rendering_of"):
        whole = graph.node(document)["rendering_of"]
        same = [n for n, edge in graph.editions(node_id) if graph.node(n)["document"] == whole]
        if not same:
            return []
        node_id, document = same[0], whole
    editions = _family_editions(graph, document)
    if document not in editions:
        return []
    here = {graph.node(n)["document"]: n for n, _ in graph.editions(node_id)}
    here[document] = node_id
    entries: list[dict] = []
    previous: str | None = None
    for index, edition in enumerate(editions):
        node = here.get(edition)
        if node is None and previous is not None and data["kind"] == "rule":
            node = _split_or_merged_into(graph, editions[index - 1], edition, previous)
        entry = {"document": edition, "edition": graph.node(edition)["edition"], "node": node,
                 "key": graph.node(node)["key"] if node else None,
                 "number": (graph.node(node).get("canonical") or graph.node(node).get("number")) if node else None,
                 "text": graph.node(node)["text"] if node else None}
        if node is None:
            if previous is not None:
                entries.append({**entry, "event": "removed", "from": graph.node(previous)["key"],
                                "diff": word_diff(_node_text(graph, previous), None)})
                previous = None
            continue
        if previous is None:
            entries.append({**entry, "event": "created", "earliest": index == 0, "from": None,
                            "diff": word_diff(None, _node_text(graph, node))})
        else:
            entries.append({**entry, "event": _event(graph, editions[index - 1], edition, previous, node),
                            "from": graph.node(previous)["key"],
                            "diff": word_diff(_node_text(graph, previous), _node_text(graph, node))})
        previous = node
    return entries


def _node_text(graph: RuleGraph, node: str) -> str:
    data = graph.node(node)
    return data.get("text") or data.get("title") or ""


def _event(graph, old_doc, new_doc, old_node, new_node) -> str:
    if graph.node(old_node)["kind"] == "rule":
        diff = _diff_documents(graph, old_doc, new_doc, False)
        for change in diff.changes:
            if change.old == old_node and change.new == new_node:
                return change.kind
    renumbered = graph.node(old_node)["key"] != graph.node(new_node)["key"]
    reworded = signature(_node_text(graph, old_node)) != signature(_node_text(graph, new_node))
    if graph.node(old_node)["kind"] == "glossary":
        return "redefined" if reworded else "unchanged"
    return ("renumbered and reworded" if reworded else "renumbered") if renumbered else (
        "reworded" if reworded else "unchanged")


def _split_or_merged_into(graph, old_doc, new_doc, old_node) -> str | None:
    diff = _diff_documents(graph, old_doc, new_doc, False)
    for change in diff.changes:
        if change.kind == "merged" and change.old == old_node:
            return change.new
    return None


# -- card errata ---------------------------------------------------------------------------


def erratum_record(graph: RuleGraph, node: str) -> dict:
    """An erratum as a structured record.

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
    old, new, texts = data["old"], data["new"], list(data["texts"])
    old_marks = [tuple(mark) for mark in data["old_marks"]]
    new_marks = [tuple(mark) for mark in data["new_marks"]]
    publisher_old = _place_marks([old], old_marks, data["printed"])[0] if old is not None else None
    publisher_new = _place_in_passages(texts, new, new_marks, data["printed"])
    if old is not None and new is not None:
        diff, by = word_diff(old, new), "computed"
    else:
        diff, by = [], "publisher"
        for index, segments in enumerate(publisher_new):
            if index:
                _add(diff, "equal", "\n")
            for at, segment in enumerate(segments):
                text = segment["text"]
                following = segments[at + 1]["text"] if at + 1 < len(segments) else ""
                if not segment["in_text"] and following[:1].isalnum():
                    text += " "
                _add(diff, {"insert": "insert", "delete": "delete"}.get(segment["mark"], "equal"), text)
        if not any(segment["op"] != "equal" for segment in diff):
            diff = []
    parts = []
    if old is not None or new is not None:
        parts.append("old+new" if old is not None and new is not None else ("old" if old is not None else "new"))
    if texts:
        parts.append("text" if len(texts) == 1 else "texts")
    parts.extend(sorted({kind for kind, _ in [*old_marks, *new_marks]}))
    if data["changes"]:
        parts.append("change")
    return {
        "id": node,
        "card": graph.card_of(node),
        "set": data["set_name"],
        "name": data["title"],
        "title": data["card_title"],
        "subtitle": data["subtitle"],
        "old": old,
        "new": new,
        "texts": texts,
        "changes": list(data["changes"]),
        "marks": {"old": [{"kind": k, "text": t} for k, t in old_marks],
                  "new": [{"kind": k, "text": t} for k, t in new_marks]},
        "publisher": {"old": publisher_old,
                      "new": publisher_new[-1] if new is not None else None,
                      "texts": publisher_new[:len(texts)]},
        "diff": diff,
        "diff_by": by if diff else None,
        "shape": "+".join(parts),
        "document": data["document"],
        "line": data["line"],
        "printed": data["printed"],
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


def _place_marks(passages: list[str], marks: list[tuple], printed: str) -> list[list[dict]]:
    return _place(passages, marks, printed)[0]


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


def _names(graph: RuleGraph, node: str) -> set[str]:
    data = graph.node(node)
    names = {data["title"], data["card_title"], node, graph.card_of(node) or "", data["key"].split("/")[-1]}
    return {name.lower() for name in names} | {slug(data["title"])}


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
        nodes = exact or [n for n in nodes if query and query in graph.node(n)["title"].lower()]
        if not nodes:
            names = [graph.node(n)["title"] for n in graph.nodes("erratum")]
            raise UnknownCardError("card", card, difflib.get_close_matches(card, names, n=5, cutoff=0.4))
    return [erratum_record(graph, node) for node in nodes]


# -- text for the terminal -------------------------------------------------------------------


def _label(graph: RuleGraph, node: str | None) -> str:
    return graph.node(node)["key"] if node else "-"


def diff_lines(graph: RuleGraph, diff: EditionDiff, changes: list[Change], *, section: str | None = None) -> list[str]:
    """An edition diff as a judge reads it in a terminal: the summary (of the
    section, when one is given), then the changes by section, the reference
    findings and the glossary."""
    old, new = graph.node(diff.old), graph.node(diff.new)
    record = diff_record(graph, diff, [], section)
    summary = record["summary"]
    lines = [f"{new['title']}: {old['edition']} -> {new['edition']}  ({diff.old} -> {diff.new})", ""]
    counts = ", ".join(f"{n} {kind}" for kind, n in summary["by_kind"].items())
    lines.append(f"Summary: {counts}")
    lines.append("By section:")
    for entry in summary["by_section"]:
        if set(entry["counts"]) == {"unchanged"}:
            continue
        label = f"{entry['section']} {entry['title']}".strip() + (f" ({old['edition']})" if entry["side"] == "old" else "")
        lines.append(f"  {label[:40]:40} " + ", ".join(
            f"{n} {kind}" for kind, n in entry["counts"].items() if kind != "unchanged"))
    lines.append("")
    section = None
    for change in changes:
        if change.section != section:
            section = change.section
            lines.append(f"({change.section}) {change.section_title}".rstrip())
        arrow = f"{_label(graph, change.old)} -> {_label(graph, change.new)}"
        extra = f"  [noise: {', '.join(change.noise)}]" if change.noise else ""
        extra += "  [forced]" if change.forced else ""
        if change.partner:
            extra += f"  [with {graph.node(change.partner)['key']}]"
        lines.append(f"  {change.kind:24} {arrow}{extra}")
        if change.kind not in ("unchanged", "renumbered") or (change.noise and diff.noise):
            text = diff_text(change.diff) if change.kind not in ("added", "removed") else change.diff[0]["text"] if change.diff else ""
            for line in text.splitlines() or [""]:
                lines.append(f"      {line}")
        for reference in change.references:
            if reference["status"] not in ("same",):
                lines.append(f"      reference {reference['status']}: {reference['message']}")
    if record["findings"]:
        lines.append("")
        lines.append("References still pointing at old numbers or nowhere:")
        for finding in record["findings"]:
            lines.append(f"  {finding['key']}: {finding['message']}")
    if section is None and diff.glossary:
        lines.append("")
        counts = Counter(entry["kind"] for entry in diff.glossary)
        lines.append(f"Glossary ({diff.old_glossary} -> {diff.new_glossary}): "
                     + ", ".join(f"{counts.get(kind, 0)} {kind}" for kind in GLOSSARY_KINDS))
        for entry in diff.glossary:
            if entry["kind"] == "unchanged" and not (diff.noise and entry["noise"]):
                continue
            lines.append(f"  {entry['kind']:10} {entry['term']}")
            if entry["kind"] != "unchanged" or diff.noise:
                lines.append(f"      {diff_text(entry['diff'])}")
    return lines


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
