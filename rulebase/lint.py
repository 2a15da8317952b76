"""Finding the real mistakes of the documents: numbering errors, duplicate
numbers, references to rules that do not exist or were renumbered, and typos;
and what resolving the card errata and the banlist to the card data reveals:
misspelt subtitles, text damaged in conversion, errata whose text is not the
card's, banlist lines whose number and name disagree.

Each :class:`Finding` explains itself and, where it can, says what the
document most likely meant and why.  Everything is read from the rule graph.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import asdict, dataclass
from difflib import SequenceMatcher
from functools import lru_cache

from rulebase.cards.errata import edit_distance
from rulebase.graph import RuleGraph
from rulebase.model import RuleNumber
from rulebase.parse.text import words

ERROR, WARNING = "error", "warning"


@dataclass(frozen=True)
class Finding:
    code: str
    severity: str
    document: str
    rule: str | None
    line: int
    message: str
    suggestion: str | None = None
    path: str = ""

    def as_dict(self) -> dict:
        return asdict(self)

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.path else self.document
        text = f"{where}: {self.severity} [{self.code}] {self.document} {self.rule or ''}: {self.message}"
        return text + (f" Suggestion: {self.suggestion}" if self.suggestion else "")


def _quote(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return f'"{text[:limit]}{"..." if len(text) > limit else ""}"'


def _finding(graph: RuleGraph, node: str, code: str, severity: str, message: str, suggestion=None) -> Finding:
    data = graph.node(node)
    return Finding(code, severity, data["document"], data.get("key") or None, data.get("line", 0), message,
                   suggestion, data.get("path", ""))


def _rules(graph: RuleGraph, document: str) -> list[str]:
    return graph.nodes("rule", document)


def _numbering(graph: RuleGraph, document: str) -> list[Finding]:
    found = []
    nodes = _rules(graph, document)
    siblings: dict[str, list[str]] = {}
    for node in nodes:
        data = graph.node(node)
        number = RuleNumber.parse(data["canonical"])
        parent = str(number.parent) if number.parent else f"chapter {number.chapter}"
        siblings.setdefault(parent, []).append(node)
        section = graph.node(graph.ancestors(node)[-1]) if graph.ancestors(node) else {}
        heading = section.get("title") or ""
        if data["number"] is None:
            found.append(_finding(
                graph, node, "unnumbered-rule", WARNING,
                f"a rule is printed without a number under ({section.get('key')}) {heading}: {_quote(data['text'])}.",
                f"number it {data['canonical']}, the first rule of its section",
            ))
        elif data["number"] != data["canonical"]:
            printed = RuleNumber.parse(data["number"])
            found.append(_finding(
                graph, node, "misnumbered", "error",
                f"printed as {data['number']} but it stands in section ({number.section}) {_section_title(graph, document, number.section)}, "
                f"where {data['number']} belongs to section ({printed.section}) {_section_title(graph, document, printed.section)}.",
                f"{data['canonical']}: its place in section {number.section} gives it that number",
            ))
    for parent, members in siblings.items():
        found.extend(_sequence(graph, members))
    return found


def _section_title(graph: RuleGraph, document: str, section: int) -> str:
    node = f"{document}/{section}"
    return (graph.node(node).get("title") or "") if node in graph else ""


def _ordinal(number: RuleNumber):
    last = number.parts[-1]
    if number.style == "tcg":
        return number.parts[2] if number.parts[2] else number.parts[1]
    if isinstance(last, int):
        return last
    if number.depth == 3:
        return {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7, "viii": 8, "ix": 9, "x": 10}[last]
    return ord(last) - ord("a") + 1


def _sequence(graph: RuleGraph, members: list[str]) -> list[Finding]:
    found = []
    numbers = [RuleNumber.parse(graph.node(node)["canonical"]) for node in members]
    if numbers and numbers[0].depth == 0:
        return found
    for index, node in enumerate(members):
        key = graph.node(node)["key"]
        if "~" in key:
            first = next(m for m in members if graph.node(m)["key"] == key.split("~")[0])
            following = [graph.node(m)["canonical"] for m in members[index + 1:]]
            shifted = _shift(numbers[index], 1)
            tail = f"; the rules after it ({', '.join(following)}) then run one behind" if following and following[0] == str(shifted) else ""
            found.append(_finding(
                graph, node, "duplicate-number", ERROR,
                f"{numbers[index]} is printed twice: first at line {graph.node(first)['line']} "
                f"({_quote(graph.node(first)['text'], 40)}), again here ({_quote(graph.node(node)['text'], 40)}).",
                f"{shifted}, the next number in sequence{tail}",
            ))
    previous = 0
    seen = set()
    for node, number in zip(members, numbers):
        ordinal = _ordinal(number)
        if ordinal in seen:
            continue
        if ordinal > previous + 1:
            missing = _shift(number, -(ordinal - previous - 1))
            found.append(_finding(
                graph, node, "numbering-gap", WARNING,
                f"the numbering skips from {previous or 'the start'} to {number}: no rule {missing} is printed.",
                None,
            ))
        seen.add(ordinal)
        previous = max(previous, ordinal)
    return found


def _shift(number: RuleNumber, by: int) -> RuleNumber:
    parts = list(number.parts)
    if number.style == "tcg":
        index = 2 if parts[2] else 1
        parts[index] += by
    elif isinstance(parts[-1], int):
        parts[-1] += by
    elif number.depth == 2:
        parts[-1] = chr(ord(parts[-1]) + by)
    return RuleNumber(tuple(parts), number.style)


def _counterpart(graph: RuleGraph, node: str, document: str) -> tuple[str, dict] | None:
    for other, data in graph.editions(node):
        if graph.node(other)["document"] == document:
            return other, data
    return None


def _other_editions(graph: RuleGraph, document: str) -> list[str]:
    family = graph.node(document).get("family")
    return [d["id"] for d in graph.documents()
            if d["id"] != document and family and d.get("family") == family and not d.get("rendering_of")
            and not graph.node(document).get("rendering_of")]


def _sentence(text: str, marker: str) -> str:
    """The sentence a reference supports: the one it stands in, or the one
    before it where the reference stands alone after a full stop."""
    sentences = re.split(r"(?<=[.;:])\s+", text)
    for index, sentence in enumerate(sentences):
        if marker in sentence:
            if not sentence.replace(marker, "").strip(" .") and index:
                return sentences[index - 1]
            return sentence
    return text


def _references(graph: RuleGraph, document: str) -> list[Finding]:
    found = []
    others = _other_editions(graph, document)
    keys = {graph.node(node)["key"]: node for node in _rules(graph, document)}
    for node in _rules(graph, document):
        data = graph.node(node)
        for number in dict.fromkeys(data.get("references", [])):
            target = f"{document}/{number}"
            whole = graph.node(document).get("rendering_of")
            if target not in graph and whole and f"{whole}/{number}" in graph:
                continue
            if target in graph:
                stale = _stale(graph, node, number, target, others)
                if stale:
                    found.append(stale)
                continue
            message = f"cites ({number}), but there is no rule {number} in this document."
            suggestion = None
            for other in others:
                old = f"{other}/{number}"
                if old in graph:
                    counterpart = _counterpart(graph, old, document)
                    if counterpart:
                        new_key = graph.node(counterpart[0])["key"]
                        suggestion = (f"({new_key}): the rule numbered {number} in the {graph.node(other)['edition']} "
                                      f"edition ({_quote(graph.node(old)['text'], 50)}) is {new_key} here; "
                                      "the reference was not updated when it was renumbered")
                        break
            if suggestion is None:
                suggestion = _reference_in_other_edition(graph, node, number, document, others)
            if suggestion is None:
                citing = {n for n in keys.values() if number in graph.node(n).get("references", [])}
                guesses = [_closest_by_text(graph, _sentence(graph.node(n)["text"], f"({number})"), keys, citing, number)
                           for n in sorted(citing)]
                score, best = max(guesses, key=lambda guess: guess[0])
                if best:
                    suggestion = (f"({graph.node(best)['key']}) most likely: its text "
                                  f"{_quote(graph.node(best)['text'], 50)} says what this sentence relies on")
            found.append(_finding(graph, node, "broken-reference", ERROR, message, suggestion))
    return found


def _reference_in_other_edition(graph, node, number, document, others) -> str | None:
    """Where another edition of the same rule cites a rule that exists here."""
    for other in others:
        counterpart = _counterpart(graph, node, other)
        if not counterpart:
            continue
        for cited in graph.node(counterpart[0]).get("references", []):
            if cited != number and f"{document}/{cited}" in graph:
                return (f"({cited}): the {graph.node(other)['edition']} edition of this rule cites ({cited}) "
                        f"at this place, and ({cited}) here is {_quote(graph.node(f'{document}/{cited}')['text'], 50)}")
    return None


def _stale(graph, node, number, target, others) -> Finding | None:
    """A reference that kept an old number which now names another rule."""
    for other in others:
        old_node = _counterpart(graph, node, other)
        old_target = f"{other}/{number}"
        if not old_node or old_target not in graph or number not in graph.node(old_node[0]).get("references", []):
            continue
        moved = _counterpart(graph, old_target, graph.node(node)["document"])
        if moved and moved[0] != target:
            new_key = graph.node(moved[0])["key"]
            return _finding(
                graph, node, "stale-reference", WARNING,
                f"cites ({number}) as the {graph.node(other)['edition']} edition did, but that rule is {new_key} "
                f"in this edition; {number} here is {_quote(graph.node(target)['text'], 40)}.",
                f"({new_key})",
            )
    return None


def _stem(word: str) -> str:
    for suffix in ("ing", "ed", "es", "en", "n", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word


def _closest_by_text(graph, sentence, keys, exclude, near) -> tuple[float, str | None]:
    """The rule whose words best cover the sentence's rarer words, outside
    the citing rules' own families (a reference points elsewhere), with its score.

    Where several rules cite the same missing number, the caller takes the
    best-scoring guess for all of them."""
    texts = {node: {_stem(w) for w in words(graph.node(node)["text"])} - _STOP
             for node in keys.values() if not graph.node(node)["heading"]}
    frequency = Counter(word for have in texts.values() for word in have)
    weight = {word: math.log(len(texts) / count) for word, count in frequency.items()}
    wanted = {_stem(word) for word in words(sentence) if not word.isdigit()} - _STOP
    total = sum(weight.get(word, 1.0) for word in wanted)
    family = set()
    for node in exclude:
        family |= {node, *graph.children(node)}
        if graph.parent(node):
            family |= {graph.parent(node), *graph.children(graph.parent(node))}
    best, best_score = None, 0.0
    for node, have in texts.items():
        if node in family or not have or not total:
            continue
        score = sum(weight.get(word, 1.0) for word in wanted & have) / total
        score += 0.1 * SequenceMatcher(None, near, graph.node(node)["key"]).ratio()
        if score > best_score:
            best, best_score = node, score
    return (best_score, best) if best_score >= 0.4 else (0.0, None)


_STOP = set("a an the of to and or in on at is are be by it its that this for as with from if any can can't not no "
            "which who their they them he his her a player players card cards".split())


@lru_cache(maxsize=1)
def _vocabulary(graph: RuleGraph) -> Counter:
    counts = Counter()
    for node, data in graph.g.nodes(data=True):
        if data["kind"] in ("rule", "glossary", "section", "erratum"):
            counts.update(words(data.get("text") or ""))
    return counts


def _typos(graph: RuleGraph, document: str) -> list[Finding]:
    """Words that differ between two editions of a rule by a slip of the pen,
    where one of the two is a word the corpus uses nowhere else."""
    found = []
    vocabulary = _vocabulary(graph)
    for other in _other_editions(graph, document):
        for node in [*_rules(graph, document), *graph.nodes("glossary")]:
            data = graph.node(node)
            if data["document"] != document and not (data["kind"] == "glossary" and graph.node(data["document"]).get("within") == document):
                continue
            match = next((o for o, _ in graph.editions(node)
                          if graph.node(o)["document"] in (other, f"{other}/glossary")), None)
            if not match:
                continue
            mine, theirs = words(data["text"]), words(graph.node(match)["text"])
            for tag, i1, i2, j1, j2 in SequenceMatcher(None, mine, theirs, autojunk=False).get_opcodes():
                if tag != "replace" or i2 - i1 != 1 or j2 - j1 != 1:
                    continue
                word, other_word = mine[i1], theirs[j1]
                if not _near(word, other_word) or _known(vocabulary, word) > 1:
                    continue
                mine_known, theirs_known = _known(vocabulary, word), _known(vocabulary, other_word)
                if mine_known > theirs_known or (mine_known == theirs_known and graph.node(document)["current"]):
                    continue
                found.append(_finding(
                    graph, node, "term-typo", WARNING,
                    f"{word!r} appears nowhere else in the corpus; the {graph.node(other)['edition']} edition of this "
                    f"rule has {other_word!r} in its place.",
                    f"{other_word!r}",
                ))
    return found


def _known(vocabulary: Counter, word: str) -> int:
    """How often the corpus uses a word or its plural, singular or unhyphenated form."""
    forms = {word, word + "s", word[:-1] if word.endswith("s") else word, word.replace("-", "")}
    return sum(vocabulary[form] for form in forms)


def _near(a: str, b: str) -> bool:
    if a == b or a.isdigit() or b.isdigit():
        return False
    distance = edit_distance(a, b)
    return distance <= 2 or (distance <= 3 and a[:4] == b[:4] and min(len(a), len(b)) >= 5)


def _keyword_kinds(graph: RuleGraph, document: str) -> list[Finding]:
    """A rule that calls a glossary term a keyword when the glossary says otherwise."""
    found = []
    for node in _rules(graph, document):
        data = graph.node(node)
        for term in graph.terms(node):
            entry = graph.node(term)
            if entry["term_kind"].startswith("keyword"):
                continue
            if re.search(re.escape(entry["term"]) + r"\s+keyword", data["text"]):
                found.append(_finding(
                    graph, node, "term-kind", WARNING,
                    f"calls {entry['title']!r} a keyword, but the glossary defines it as a {entry['term_kind']}.",
                    f"the {entry['title']} {entry['term_kind']}",
                ))
    return found


_DAMAGED = "\ufffd"


def _damaged(graph: RuleGraph) -> list[Finding]:
    """Text in which conversion lost characters (replacement characters)."""
    found = []
    for node, data in graph.g.nodes(data=True):
        if not data.get("document") or data["kind"] == "document":
            continue
        text = next((data[key] for key in ("title", "text", "printed") if _DAMAGED in (data.get(key) or "")), None)
        if text is None:
            continue
        at = text.index(_DAMAGED)
        card = graph.card_of(node) if data["kind"] == "erratum" else None
        found.append(_finding(
            graph, node, "damaged-text", WARNING,
            f"{text.count(_DAMAGED)} characters were lost in conversion (replacement characters): "
            f"{_quote(text[max(0, at - 30):at + 10])}.",
            f"{graph.node(card)['title']!r}, as the card data names the card" if card else None,
        ))
    return found


def _errata_cards(graph: RuleGraph) -> list[Finding]:
    """What resolving each erratum to its card reveals (see :mod:`rulebase.cards.errata`), and the errata
    a change of which can't be located in its card's text (:func:`rulebase.errata.card_texts`)."""
    from rulebase.errata import card_texts

    found = []
    for node in graph.nodes("erratum"):
        data = graph.node(node)
        how, note = data.get("resolved_by"), data.get("resolution_note")
        if how is None:
            continue
        card = graph.card_of(node)
        if card is None:
            found.append(_finding(graph, node, "erratum-card", ERROR, f"names no card of the card data: {note}."))
            continue
        record = graph.node(card)
        if how.startswith("close subtitle"):
            found.append(_finding(graph, node, "erratum-subtitle", WARNING, f"misspelt subtitle: {note}.",
                                  f"{record['subtitle']!r}"))
        if note and "is printed in" in note:
            found.append(_finding(graph, node, "erratum-set", WARNING, note.split("; ")[-1] + "."))
        if graph.node(data["document"]).get("current"):
            texts = card_texts(record["key"], graph)
            if texts.erratum == node and not texts.known:
                why = "; ".join(dict.fromkeys(change.note for change in texts.unlocated() if change.note))
                found.append(_finding(
                    graph, node, "erratum-text", WARNING,
                    f"a change of the erratum can't be located in the text of {record['title']}: {why}."))
    return found


def _banlist(graph: RuleGraph) -> list[Finding]:
    """Banlist lines that do not resolve to one card, or whose number and name disagree."""
    from rulebase.cards.banlist import entries, section

    node = section(graph)
    if node is None or graph.cards is None:
        return []
    data = graph.node(node)
    found = []
    for entry in entries(graph):
        if entry.card_id is None or entry.effective is None:
            found.append(Finding("banlist-entry", ERROR, data["document"], data["key"], entry.line,
                                 f"the banlist line {entry.set_name} #{entry.number} {entry.printed_name!r}: "
                                 f"{entry.note}.", None, data.get("path", "")))
    return found


def _interpretations(graph: RuleGraph) -> list[Finding]:
    """Entries of the engines' interpretation files that no longer match
    the rules (see :mod:`rulebase.interpretations`), for the games the graph
    holds."""
    from rulebase.errors import UnknownRuleError
    from rulebase.interpretations import FILES, check

    found = []
    for game in FILES:
        try:
            document = graph.current_edition(game)
        except UnknownRuleError:
            continue
        found += [Finding("interpretation", ERROR, document, problem.rule, problem.line,
                          problem.what + (f" (column {problem.column})" if problem.column else ""), None, problem.path)
                  for problem in check(graph, [game])]
    return found


def lint(graph: RuleGraph) -> list[Finding]:
    """Every finding about every numbered document of the graph, about the
    card errata and the banlist resolved to the card data, and about the
    engines' interpretations of the rules."""
    found = _damaged(graph) + _interpretations(graph)
    if graph.cards is not None:
        found += _errata_cards(graph) + _banlist(graph)
    for document in graph.documents():
        if not _rules(graph, document["id"]):
            continue
        found += _numbering(graph, document["id"])
        found += _references(graph, document["id"])
        if not document.get("rendering_of"):
            found += _typos(graph, document["id"])
            found += _keyword_kinds(graph, document["id"])
    return sorted(found, key=lambda f: (f.document, f.line, f.code))


def findings_for(graph: RuleGraph, node: str) -> list[Finding]:
    """The findings about one node (for its page)."""
    data = graph.node(node)
    return [f for f in lint_cached(graph) if f.document == data.get("document") and f.rule == data.get("key")]


@lru_cache(maxsize=4)
def lint_cached(graph: RuleGraph) -> tuple[Finding, ...]:
    return tuple(lint(graph))
