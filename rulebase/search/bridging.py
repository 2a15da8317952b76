"""Bridging a judge's words and the documents' words with what the corpus
itself knows.

* Other wordings of the same rule are added to each rule's ``aliases``: its
  text in the other editions, and the sentences of the beginner's rulebook
  that say the same thing in plainer words (matched to the rule whose words
  they share most).
* Synonyms are mined from the documents: an abbreviation and what it stands
  for (``Pre-Priority Processing (PPP)``), a word with its name in quotes
  (``turned face-up ("uncovered")``), and the words the errata put in place
  of another again and again (``revealed`` -> ``uncovered``).  A short list
  of card-game words (``synonyms.txt``) is added to them.
* Broader terms are mined from how the rules are laid out and what they
  say: the sections of a chapter named by one plural noun are kinds of it
  (the Discard Pile under "Zones" is a zone), and so is X in a sentence "X
  are Y." ("Friends are characters.").  A question about the discard pile
  is then also answered by a rule about every zone.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from difflib import SequenceMatcher
from pathlib import Path

from rulebase.search.analysis import is_stop, stems, words

_CURATED = Path(__file__).with_name("synonyms.txt")

ALIGN_MIN_SIMILARITY = 0.5
ALIGN_MIN_WORDS = 6
# An erratum's change of one word for another counts as a synonym when the
# errata make it this many times.
MIN_REPLACEMENTS = 3


# -- synonyms ----------------------------------------------------------------


def curated(across_games: bool = False) -> dict[str, list[str]]:
    """The list of ``synonyms.txt`` (its lines for either game, or with
    ``across_games`` those that name one thing in the two games): typed
    expression -> document expressions."""
    table: dict[str, list[str]] = {}
    section = False
    for line in _CURATED.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line == "[across games]":
            section = True
            continue
        if "=" not in line or section != across_games:
            continue
        left, right = line.split("=", 1)
        targets = [" ".join(words(item)) for item in right.split(",") if words(item)]
        for source in left.split(","):
            key = " ".join(words(source))
            if key:
                table.setdefault(key, [])
                table[key] += [t for t in targets if t != key and t not in table[key]]
    return table


_ABBREVIATION = re.compile(r"((?:[A-Z][\w]*(?:-[A-Z][\w]*)*\s+){1,4})\(([A-Z]{2,6})\)")
_QUOTED_NAME = re.compile(r"([A-Za-z][\w-]+(?:\s[A-Za-z][\w-]+)?)\s*\(\s*[\"“]([A-Za-z][\w\s-]{2,30})[\"”]\s*\)")


def _initials(phrase: str) -> str:
    return "".join(part[0] for part in re.split(r"[\s-]+", phrase.strip()) if part).upper()


def _replacements(old: str, new: str) -> list[tuple[str, str]]:
    """Single words of ``old`` that ``new`` replaced by a single word."""
    a, b = words(old), words(new)
    found = []
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "replace" and i2 - i1 == 1 and j2 - j1 == 1:
            before, after = a[i1], b[j1]
            if before.isalpha() and after.isalpha() and not is_stop(before) and not is_stop(after):
                if stems(before) != stems(after):
                    found.append((before, after))
    return found


def mined(graph) -> dict[str, list[str]]:
    """Synonyms the documents themselves give (see the module's docstring)."""
    table: dict[str, list[str]] = {}
    replaced: Counter = Counter()

    def add(source: str, target: str) -> None:
        source, target = " ".join(words(source)), " ".join(words(target))
        if source and target and source != target and not is_stop(source):
            table.setdefault(source, [])
            if target not in table[source]:
                table[source].append(target)

    for node in graph.nodes():
        data = graph.node(node)
        text = data.get("text") or ""
        for match in _ABBREVIATION.finditer(text):
            phrase, short = match.group(1).strip(), match.group(2)
            if _initials(phrase) == short:
                add(short, phrase)
                add(phrase, short)
        for match in _QUOTED_NAME.finditer(text):
            add(match.group(2), match.group(1))
            add(match.group(1), match.group(2))
        if data["kind"] == "erratum" and data.get("old") and data.get("new"):
            replaced.update(_replacements(data["old"], data["new"]))
    by_stems = Counter()
    for (before, after), count in replaced.items():
        by_stems[(tuple(stems(before)), tuple(stems(after)))] += count
    for (before, after), count in replaced.items():
        if by_stems[(tuple(stems(before)), tuple(stems(after)))] >= MIN_REPLACEMENTS:
            add(before, after)
    return table


def synonyms(graph) -> dict[str, dict[str, list[str]]]:
    """The synonyms for searching: ``any`` (mined and listed, expression ->
    alternatives), ``across`` (the same thing in the other game) and
    ``broader`` (expression -> the broader terms that take it in)."""
    table = mined(graph)
    for key, targets in curated().items():
        table.setdefault(key, [])
        table[key] += [t for t in targets if t not in table[key]]
    return {"any": table, "across": curated(across_games=True), "broader": broader(graph)}


# A broader term is kept only if this many rules use it in their text: the
# rules speak of "zones" in general, not of "fundamentals".
BROADER_MIN_RULES = 5
_KIND_OF = re.compile(r"(?:^|(?<=\. ))((?:[A-Z][\w-]*\s){0,2}[A-Z][\w-]*) are ([a-z][\w-]*(?: [a-z][\w-]*)?)\.")


def broader(graph) -> dict[str, list[str]]:
    """Expressions (the names of kinds of things, as their stems joined by
    spaces) -> the broader terms the rules use for every thing of that kind
    (see the module's docstring).  A name is kept only if fewer rules use it
    than its broader term ("play" is not taken for the zone)."""
    found: dict[str, list[str]] = {}
    rule_texts = [set(stems(graph.node(n).get("text") or "")) for n in graph.nodes("rule")]

    def used(expression: str) -> int:
        wanted = set(stems(expression))
        return sum(1 for text in rule_texts if wanted <= text)

    def add(narrow: str, wide: str) -> None:
        if any(is_stop(word) for word in words(wide)) or not stems(narrow) or not stems(wide):
            return
        key, wide = " ".join(stems(narrow)), " ".join(words(wide))
        if not set(stems(wide)) <= set(stems(narrow)) and used(narrow) < used(wide):
            found.setdefault(key, [])
            if wide not in found[key]:
                found[key].append(wide)

    for chapter in graph.nodes("chapter"):
        title = graph.node(chapter).get("title") or ""
        if len(words(title)) != 1 or not title.lower().endswith("s"):
            continue
        for section in graph.children(chapter):
            name = graph.node(section).get("title")
            if name and name.lower() != "general":
                add(name, title)
    for node in graph.nodes("rule"):
        for match in _KIND_OF.finditer(graph.node(node).get("text") or ""):
            add(match.group(1), match.group(2))
    return {
        narrow: kept for narrow, wides in found.items()
        if (kept := [wide for wide in wides if used(wide) >= BROADER_MIN_RULES])
    }


# -- aliases -----------------------------------------------------------------


def _sentences(text: str) -> list[str]:
    parts = re.split(r"(?<=[.!?)])\s+|\n+", text)
    return [part.strip() for part in parts if part.strip()]


class _Similarity:
    """Cosine similarity of tf-idf weighted stems, against a set of texts."""

    def __init__(self, texts: list[str]):
        vectors = [Counter(stems(text)) for text in texts]
        frequency = Counter(stem for vector in vectors for stem in vector)
        total = len(texts) or 1
        self.idf = {stem: math.log(1 + total / count) for stem, count in frequency.items()}
        self.postings: dict[str, list[tuple[int, float]]] = {}
        self.norms = []
        for position, vector in enumerate(vectors):
            weights = self._weigh(vector)
            self.norms.append(math.sqrt(sum(w * w for w in weights.values())) or 1.0)
            for stem, weight in weights.items():
                self.postings.setdefault(stem, []).append((position, weight))

    def _weigh(self, vector: Counter) -> dict[str, float]:
        return {stem: (1 + math.log(count)) * self.idf.get(stem, 0.0) for stem, count in vector.items()}

    def best(self, text: str) -> tuple[int, float] | None:
        """The most similar text (its position) and the similarity."""
        query = self._weigh(Counter(stems(text)))
        norm = math.sqrt(sum(w * w for w in query.values())) or 1.0
        dots: Counter = Counter()
        for stem, weight in query.items():
            for position, other in self.postings.get(stem, ()):
                dots[position] += weight * other
        if not dots:
            return None
        position, dot = max(dots.items(), key=lambda item: item[1] / self.norms[item[0]])
        return position, dot / (norm * self.norms[position])


def add_aliases(graph, records: list[dict]) -> None:
    """Fill each record's ``aliases`` with other wordings of what it says:
    its text in the other editions, the sentences of the beginner's
    rulebook that say the same, and for a rule that introduces steps or
    items ("as follows:") the text of those sub-rules."""
    by_id = {record["id"]: record for record in records}
    for record in records:
        if record["kind"] != "rule":
            continue
        for other, edge in graph.editions(record["id"]):
            if edge.get("change") in ("rendering", "unchanged"):
                continue
            text = graph.node(other).get("text")
            if text and text != record["text"] and text not in record["aliases"]:
                record["aliases"].append(text)
        if _INTRODUCES.search(record["text"]):
            for child in graph.children(record["id"]):
                text = graph.node(child).get("text")
                if text and graph.node(child)["kind"] == "rule":
                    record["aliases"].append(text)
    _align_rulebooks(graph, records, by_id)


# A rule that introduces the steps or items of its sub-rules ("by following
# the steps below", "as follows:") says in them what it is about.
_INTRODUCES = re.compile(r"\b(?:below|as follows|the following)\b|:\s*$", re.I)


def _align_rulebooks(graph, records: list[dict], by_id: dict) -> None:
    """Give each sentence of a current rulebook (the beginner's rules) to the
    current comprehensive rule of its game that says the same thing."""
    for document in graph.documents():
        if document["doc_kind"] != "rulebook" or not document.get("current"):
            continue
        game = document["game"]
        current_rules = {
            d["id"] for d in graph.documents()
            if d["game"] == game and d.get("current") and d["doc_kind"] == "comprehensive rules"
        }
        rules = [r for r in records if r["kind"] == "rule" and r["text"] and r["document"] in current_rules]
        if not rules:
            continue
        similarity = _Similarity([r["text"] for r in rules])
        for record in records:
            if record["document"] != document["id"]:
                continue
            for sentence in _sentences(record["text"]):
                if len([w for w in words(sentence) if not is_stop(w)]) < ALIGN_MIN_WORDS:
                    continue
                best = similarity.best(sentence)
                if best and best[1] >= ALIGN_MIN_SIMILARITY:
                    by_id[rules[best[0]]["id"]]["aliases"].append(sentence)
