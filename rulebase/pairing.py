"""Pairing the rules of two editions of one rules text.

Rules were renumbered between editions (a zone was inserted, steps were
added), so a number alone does not pair them.  :func:`pair_rules` pairs by
text and number together:

1. rules whose text is the same (after removing conversion noise) pair,
   whatever their numbers, when the match is unambiguous;
2. rules with the same number pair when their texts are still alike;
3. what is left pairs by best textual likeness, preferring near numbers.

``forced`` pairs (old key -> new key, or -> None for "no counterpart") are
applied first, for the cases no algorithm can know.
"""

from __future__ import annotations

from dataclasses import dataclass
from difflib import SequenceMatcher

from rulebase.model import Rule
from rulebase.parse.text import comparable, words

SAME_NUMBER_LIKENESS = 0.5
ANY_NUMBER_LIKENESS = 0.72


@dataclass(frozen=True)
class Pair:
    """Two rules judged to be the same rule in two editions."""

    old: Rule
    new: Rule
    likeness: float

    @property
    def change(self) -> str:
        """``unchanged``, ``reworded``, ``renumbered`` or ``renumbered and reworded``."""
        renumbered = self.old.key != self.new.key
        reworded = comparable(self.old.text or self.old.title or "") != comparable(self.new.text or self.new.title or "")
        if renumbered and reworded:
            return "renumbered and reworded"
        return "renumbered" if renumbered else ("reworded" if reworded else "unchanged")


def likeness(a: Rule, b: Rule) -> float:
    """How alike two rules' texts are, from 0 to 1, word by word."""
    left, right = words(a.text or a.title or ""), words(b.text or b.title or "")
    if not left and not right:
        return 1.0
    return SequenceMatcher(None, left, right, autojunk=False).ratio()


def _jaccard(a: set, b: set) -> float:
    return len(a & b) / len(a | b) if a or b else 1.0


def pair_rules(old: list[Rule], new: list[Rule], forced: dict[str, str | None] | None = None) -> list[Pair]:
    """Pair the rules of an old and a new edition (see the module's docstring)."""
    forced = forced or {}
    old_left = {rule.key: rule for rule in old}
    new_left = {rule.key: rule for rule in new}
    pairs: list[Pair] = []

    def take(a: Rule, b: Rule, score: float | None = None):
        pairs.append(Pair(a, b, likeness(a, b) if score is None else score))
        del old_left[a.key]
        del new_left[b.key]

    for old_key, new_key in forced.items():
        if old_key in old_left:
            if new_key is None:
                del old_left[old_key]
            elif new_key in new_left:
                take(old_left[old_key], new_left[new_key])

    def by_text(rules):
        index: dict[tuple, list[Rule]] = {}
        for rule in rules:
            index.setdefault((rule.is_section, comparable(rule.text or rule.title or "")), []).append(rule)
        return index

    old_text, new_text = by_text(old_left.values()), by_text(new_left.values())
    for key, olds in old_text.items():
        news = new_text.get(key, [])
        if len(olds) == 1 and len(news) == 1 and key[1]:
            take(olds[0], news[0], 1.0)

    for key in list(old_left):
        if key in new_left and old_left[key].is_section == new_left[key].is_section:
            score = likeness(old_left[key], new_left[key])
            if score >= SAME_NUMBER_LIKENESS:
                take(old_left[key], new_left[key], score)

    word_sets = {id(rule): set(words(rule.text or rule.title or "")) for rule in [*old_left.values(), *new_left.values()]}
    candidates = []
    for a in old_left.values():
        for b in new_left.values():
            if a.is_section != b.is_section:
                continue
            if _jaccard(word_sets[id(a)], word_sets[id(b)]) < 0.4:
                continue
            score = likeness(a, b)
            if score >= ANY_NUMBER_LIKENESS:
                distance = abs(a.number.section - b.number.section)
                candidates.append((score, -distance, a.key, b.key))
    for score, _, a_key, b_key in sorted(candidates, reverse=True):
        if a_key in old_left and b_key in new_left:
            take(old_left[a_key], new_left[b_key], score)
    return sorted(pairs, key=lambda pair: pair.new.number)
