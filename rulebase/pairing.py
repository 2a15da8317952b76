"""Pairing the rules of two editions of one rules text.

Rules were renumbered between editions (a zone was inserted, steps were
added), so a number alone does not pair them.  :func:`pair_rules` pairs by
text and number together:

1. rules whose text is the same (apart from conversion noise, see
   :func:`signature`) pair, whatever their numbers, when the match is
   unambiguous;
2. rules with the same number pair when their texts are still alike;
3. what is left pairs by best textual likeness, preferring near numbers;
4. a short rule whose words stand whole inside a rule under the same parent
   pairs with it ("Pay those costs" and "Pay those costs. Effects which...");
5. where the rules on both sides of a gap are paired and the gap holds as many
   rules on each side, they pair in order when their texts are at least
   somewhat alike (a rule rewritten under the same number).

Forced pairs (old key -> new key, or -> None for "no counterpart") are applied
first, for the cases no algorithm can know.  The reviewed ones live in
``rulebase/data/forced-pairs.toml`` (:func:`reviewed_pairs`); each names both
rules by key and by a quotation of their text, so it applies only to the
editions it was written for.

:func:`split_and_merged` then finds the rules that became two (split) and the
two that became one (merged) among what the pairing left unpaired.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from dataclasses import dataclass, replace
from difflib import SequenceMatcher
from functools import lru_cache
from pathlib import Path

from rulebase import paths
from rulebase.errors import RulebaseError
from rulebase.model import Rule

SAME_NUMBER_LIKENESS = 0.5
ANY_NUMBER_LIKENESS = 0.72
CONTAINED = 0.9
GAP_LIKENESS = 0.25
SPLIT_CONTAINED = 0.8

FORCED_PAIRS = paths.PACKAGE / "data" / "forced-pairs.toml"

# -- comparing texts ------------------------------------------------------------

_TOKEN = re.compile(
    r"\[\s*[1-9]\s+action\s+tokens?\s*\]"       # the action token icon spelled out
    r"|\d+(?:\.\d+[a-z]?)+(?:\.[ivx]+)?"          # a rule number such as 514.4c
    r"|[^\W_]+(?:['’\-‐][^\W_]+)*"                # a word, with inner hyphens and apostrophes
    r"|\s+"                                      # spacing
    r"|.",                                       # any other single character
)
# Punctuation whose presence, absence or spacing does not change what a rule
# says (a missing final full stop, curly against straight quotes).  Signs,
# brackets, dashes and icons are not in it: "+X" and "-X" differ.
NOISE_PUNCTUATION = frozenset('.,;:!?"\'“”‘’()')
_QUOTES = str.maketrans({"“": '"', "”": '"', "‘": "'", "’": "'"})
# The action token icon, printed ① in one rendering and spelled out
# "[1 action token]" in another.
_TOKEN_ICON = re.compile(r"\[\s*([1-9])\s+action\s+tokens?\s*\]", re.I)


def _icons(text: str) -> str:
    return _TOKEN_ICON.sub(lambda match: chr(0x245F + int(match.group(1))), text)


def tokens(text: str) -> list[str]:
    """A text cut into words, numbers, spacing and single other characters.

    >>> tokens("Pay ① (see 514.4c).")
    ['Pay', ' ', '①', ' ', '(', 'see', ' ', '514.4c', ')', '.']
    >>> tokens("Pay [1 action token].")
    ['Pay', ' ', '[1 action token]', '.']
    """
    return _TOKEN.findall(text or "")


def is_significant(token: str) -> bool:
    """Whether a token can change what a text says (not spacing or noise punctuation)."""
    return not token.isspace() and token not in NOISE_PUNCTUATION


def normal(token: str) -> str:
    """The form of a token two editions are compared by: lower case, plain
    apostrophes, no hyphens inside words ("non-turn" is "nonturn"), the
    action token icon for its spelled-out form.

    >>> normal("Non-Turn"), normal("[2 action tokens]")
    ('nonturn', '②')
    """
    token = _icons(token.translate(_QUOTES)).lower()
    return token.replace("-", "").replace("‐", "") if len(token) > 1 else token


@lru_cache(maxsize=16384)
def signature(text: str) -> tuple[str, ...]:
    """What a text says, without conversion noise: its significant tokens in
    normal form.  Two texts with the same signature differ only in quotes,
    spacing, line breaks, case, hyphenation or punctuation.

    >>> signature('Zero is an even number') == signature("Zero is an  even number.")
    True
    >>> signature("It gets -X power") == signature("It gets +X power")
    False
    """
    return tuple(normal(token) for token in tokens(text) if is_significant(token))


def rule_text(rule: Rule) -> str:
    """The text a rule is compared by: its text, or its title for a heading."""
    return rule.text or rule.title or ""


def likeness(a: Rule, b: Rule) -> float:
    """How alike two rules' texts are, from 0 to 1, token by token."""
    left, right = signature(rule_text(a)), signature(rule_text(b))
    if not left and not right:
        return 1.0
    return SequenceMatcher(None, left, right, autojunk=False).ratio()


def containment(part: tuple, whole: tuple) -> float:
    """The share of ``part``'s tokens found, in order, inside ``whole``."""
    if not part:
        return 0.0
    matched = sum(block.size for block in SequenceMatcher(None, part, whole, autojunk=False).get_matching_blocks())
    return matched / len(part)


def change_kind(old: Rule, new: Rule, moved: dict[str, str] | None = None) -> str:
    """``unchanged``, ``reworded``, ``renumbered`` or ``renumbered and reworded``.

    ``moved`` maps old rule numbers to new ones: a reference that follows
    its rule's renumbering ("(409.6)" become "(410.6)") is no rewording, and
    neither is one that kept the old number.
    """
    renumbered = old.key != new.key
    before, after = signature(rule_text(old)), signature(rule_text(new))
    reworded = before != after and (not moved or tuple(moved.get(token, token) for token in before) != after)
    if renumbered and reworded:
        return "renumbered and reworded"
    return "renumbered" if renumbered else ("reworded" if reworded else "unchanged")


@dataclass(frozen=True)
class Pair:
    """Two rules judged to be the same rule in two editions; ``change`` is
    ``unchanged``, ``reworded``, ``renumbered`` or ``renumbered and
    reworded`` (worked out from the two rules when not given)."""

    old: Rule
    new: Rule
    likeness: float
    forced: bool = False
    change: str = ""

    def __post_init__(self):
        if not self.change:
            object.__setattr__(self, "change", change_kind(self.old, self.new))


@dataclass(frozen=True)
class Link:
    """A rule that became two (``split``: ``old`` became ``partner`` and
    ``new``) or two that became one (``merged``: ``old`` and ``partner``
    became ``new``); ``share`` is how much of the smaller text stands in the
    larger one."""

    kind: str
    old: Rule
    new: Rule
    partner: Rule | None
    share: float


# -- forced pairs -----------------------------------------------------------------


class ForcedPairsError(RulebaseError):
    """Raised when the file of forced pairs is malformed."""


@dataclass(frozen=True)
class ForcedPair:
    """A reviewed pairing: the old rule (key and a quotation of its text) is
    the new one, or has no counterpart when ``new`` is None."""

    old: str
    old_quote: str
    new: str | None
    new_quote: str | None
    reason: str
    old_document: str = ""
    new_document: str = ""

    def fits(self, old: dict[str, Rule], new: dict[str, Rule]) -> bool:
        """Whether both rules stand, with their quoted texts, in these editions."""
        if self.old not in old or self.old_quote not in rule_text(old[self.old]):
            return False
        if self.new is None:
            return True
        return self.new in new and (self.new_quote or "") in rule_text(new[self.new])


def load_forced(path: Path | None = None) -> tuple[ForcedPair, ...]:
    """The forced pairs of a TOML file (``rulebase/data/forced-pairs.toml`` by default).

    Raises :class:`ForcedPairsError` naming the file and what is wrong.
    """
    path = Path(path or FORCED_PAIRS)
    try:
        stamp = path.stat()
    except FileNotFoundError:
        raise ForcedPairsError(f"{path}: no such file") from None
    return _load_forced(str(path), stamp.st_mtime_ns, stamp.st_size)


@lru_cache(maxsize=8)
def _load_forced(path: str, mtime: int = 0, size: int = 0) -> tuple[ForcedPair, ...]:
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ForcedPairsError(f"{path}: no such file") from None
    except tomllib.TOMLDecodeError as error:
        raise ForcedPairsError(f"{path}: {error}") from None
    pairs = []
    for index, entry in enumerate(data.get("pair", []), 1):
        missing = [key for key in ("old", "old_quote", "reason") if not isinstance(entry.get(key), str) or not entry[key]]
        if entry.get("new") is not None and not entry.get("new_quote"):
            missing.append("new_quote")
        if missing:
            raise ForcedPairsError(f"{path}: pair {index} ({entry.get('old', '?')}) has no {', '.join(missing)}")
        unknown = set(entry) - {"old", "old_quote", "new", "new_quote", "reason", "old_document", "new_document"}
        if unknown:
            raise ForcedPairsError(f"{path}: pair {index} ({entry['old']}) has unknown keys {', '.join(sorted(unknown))}")
        pairs.append(ForcedPair(entry["old"], entry["old_quote"], entry.get("new"), entry.get("new_quote"),
                                entry["reason"], entry.get("old_document", ""), entry.get("new_document", "")))
    return tuple(pairs)


def reviewed_pairs(old: list[Rule], new: list[Rule], path: Path | None = None) -> dict[str, str | None]:
    """The reviewed forced pairs that fit these two editions, as old key -> new key.

    A pair written for the opposite direction (newer edition first) applies
    reversed; one that does not fit either way is left out.
    """
    old_keys = {rule.key: rule for rule in old}
    new_keys = {rule.key: rule for rule in new}
    forced: dict[str, str | None] = {}
    for pair in load_forced(path):
        if pair.fits(old_keys, new_keys):
            forced[pair.old] = pair.new
        elif pair.new is not None and ForcedPair(pair.new, pair.new_quote or "", pair.old, pair.old_quote,
                                                 pair.reason).fits(old_keys, new_keys):
            forced[pair.new] = pair.old
    return forced


# -- pairing ------------------------------------------------------------------------


def _parents(rules: list[Rule]) -> dict[str, str | None]:
    """Each rule's key -> the key of the nearest rule above it in numbering."""
    by_number = {}
    for rule in rules:
        by_number.setdefault(str(rule.number), rule.key)
    parents = {}
    for rule in rules:
        parent = rule.number.parent
        while parent is not None and str(parent) not in by_number:
            parent = parent.parent
        parents[rule.key] = by_number[str(parent)] if parent is not None else None
    return parents


def pair_rules(old: list[Rule], new: list[Rule], forced: dict[str, str | None] | None = None) -> list[Pair]:
    """Pair the rules of an old and a new edition (see the module's docstring).

    ``forced`` defaults to the reviewed pairs that fit the two editions
    (:func:`reviewed_pairs`); pass ``{}`` for none.
    """
    if forced is None:
        forced = reviewed_pairs(old, new)
    old_left = {rule.key: rule for rule in old}
    new_left = {rule.key: rule for rule in new}
    pairs: list[Pair] = []
    old_to_new: dict[str, str] = {}

    def take(a: Rule, b: Rule, score: float | None = None, is_forced: bool = False):
        pairs.append(Pair(a, b, likeness(a, b) if score is None else score, is_forced))
        old_to_new[a.key] = b.key
        del old_left[a.key]
        del new_left[b.key]

    for old_key, new_key in forced.items():
        if old_key in old_left:
            if new_key is None:
                del old_left[old_key]
            elif new_key in new_left:
                take(old_left[old_key], new_left[new_key], is_forced=True)

    def by_text(rules):
        index: dict[tuple, list[Rule]] = {}
        for rule in rules:
            index.setdefault((rule.is_section, signature(rule_text(rule))), []).append(rule)
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

    signatures = {id(rule): signature(rule_text(rule)) for rule in [*old, *new]}
    candidates = []
    for a in old_left.values():
        for b in new_left.values():
            if a.is_section != b.is_section:
                continue
            left, right = set(signatures[id(a)]), set(signatures[id(b)])
            if (len(left & right) / len(left | right) if left | right else 1.0) < 0.4:
                continue
            score = likeness(a, b)
            if score >= ANY_NUMBER_LIKENESS:
                distance = abs(a.number.section - b.number.section)
                candidates.append((score, -distance, a.key, b.key))
    for score, _, a_key, b_key in sorted(candidates, reverse=True):
        if a_key in old_left and b_key in new_left:
            take(old_left[a_key], new_left[b_key], score)

    old_parents, new_parents = _parents(old), _parents(new)

    def same_parent(a: Rule, b: Rule) -> bool:
        parent_a, parent_b = old_parents[a.key], new_parents[b.key]
        if parent_a is None or parent_b is None:
            return parent_a is None and parent_b is None and a.number.chapter == b.number.chapter
        return old_to_new.get(parent_a) == parent_b

    contained = []
    for a in old_left.values():
        for b in new_left.values():
            if a.is_section != b.is_section or not same_parent(a, b):
                continue
            short, long = sorted((signatures[id(a)], signatures[id(b)]), key=len)
            if len(short) >= 2 and containment(short, long) >= CONTAINED:
                contained.append((-containment(short, long), abs(len(a.number.parts) - len(b.number.parts)),
                                  b.number.sort_key(), a.number.sort_key(), a.key, b.key))
    for *_, a_key, b_key in sorted(contained):
        if a_key in old_left and b_key in new_left:
            take(old_left[a_key], new_left[b_key], likeness(old_left[a_key], new_left[b_key]))

    _pair_gaps(old, new, old_left, new_left, old_to_new, take, old_parents, new_parents)
    moved = {key: value for key, value in old_to_new.items() if key != value and "~" not in key}
    pairs = [replace(pair, change=change_kind(pair.old, pair.new, moved)) for pair in pairs]
    return sorted(pairs, key=lambda pair: pair.new.number)


def _children(rules: list[Rule], parents: dict[str, str | None]) -> dict[object, list[Rule]]:
    """Rules grouped by their parent's key (top-level sections by chapter), in order."""
    groups: dict[object, list[Rule]] = {}
    for rule in rules:
        parent = parents[rule.key]
        groups.setdefault(parent if parent is not None else ("chapter", rule.number.chapter), []).append(rule)
    return groups


def _pair_gaps(old, new, old_left, new_left, old_to_new, take, old_parents, new_parents):
    """Step 5: among the children of two paired parents, equal runs of
    unpaired rules between paired neighbours pair in order."""
    old_groups, new_groups = _children(old, old_parents), _children(new, new_parents)
    for parent, old_children in old_groups.items():
        new_parent = parent if isinstance(parent, tuple) else old_to_new.get(parent)
        new_children = new_groups.get(new_parent, [])
        position = {rule.key: index for index, rule in enumerate(new_children)}
        run: list[Rule] = []
        previous = -1
        for rule in [*old_children, None]:
            if rule is not None and rule.key in old_left:
                run.append(rule)
                continue
            if rule is None:
                following = len(new_children)
            else:
                following = position.get(old_to_new.get(rule.key, ""))
            if run and following is not None and following > previous:
                between = new_children[previous + 1:following]
                if len(between) == len(run) and all(b.key in new_left for b in between):
                    for a, b in zip(run, between):
                        if a.is_section == b.is_section and likeness(a, b) >= GAP_LIKENESS:
                            take(a, b)
            run = []
            previous = following if following is not None else previous


def split_and_merged(old: list[Rule], new: list[Rule], pairs: list[Pair]) -> list[Link]:
    """The rules left unpaired that came out of another rule (``split``) or
    went into another rule (``merged``).

    A new rule is split off an old one when nearly all of its text stands in
    the old rule but not in the rule the old one was paired with (or the old
    rule was left unpaired and gave text to two new rules); merged is the same
    the other way round.
    """
    links = _split(old, new, {p.old.key: p.new for p in pairs}, {p.new.key for p in pairs}, "split")
    reverse = _split(new, old, {p.new.key: p.old for p in pairs}, {p.old.key for p in pairs}, "merged")
    links += [Link("merged", link.new, link.old, link.partner, link.share) for link in reverse]
    return links


def _covered(part: tuple, whole: tuple) -> set[int]:
    """The positions of ``whole`` that ``part`` matches, in order."""
    positions = set()
    for block in SequenceMatcher(None, part, whole, autojunk=False).get_matching_blocks():
        positions.update(range(block.b, block.b + block.size))
    return positions


def _split(old, new, counterpart, paired_new, kind) -> list[Link]:
    signatures = {id(rule): signature(rule_text(rule)) for rule in [*old, *new]}
    bags = {key: Counter(value) for key, value in signatures.items()}
    found: list[Link] = []
    orphans: dict[str, list[tuple[Rule, float]]] = {}
    for b in new:
        if b.key in paired_new or len(signatures[id(b)]) < 3:
            continue
        best, best_share = None, 0.0
        size = len(signatures[id(b)])
        for a in old:
            if a.is_section != b.is_section:
                continue
            # the words in common bound the share from above: skip the hopeless
            if sum((bags[id(b)] & bags[id(a)]).values()) < SPLIT_CONTAINED * size:
                continue
            share = containment(signatures[id(b)], signatures[id(a)])
            if share > best_share:
                best, best_share = a, share
        if best is None or best_share < SPLIT_CONTAINED:
            continue
        partner = counterpart.get(best.key)
        if partner is not None:
            # the words b took from the old rule are not those its counterpart kept
            whole = signatures[id(best)]
            own = _covered(signatures[id(b)], whole) - _covered(signatures[id(partner)], whole)
            if len(own) >= SPLIT_CONTAINED * len(signatures[id(b)]) * 0.75:
                found.append(Link(kind, best, b, partner, best_share))
        else:
            orphans.setdefault(best.key, []).append((b, best_share))
    by_key = {rule.key: rule for rule in old}
    for key, parts in orphans.items():
        if len(parts) >= 2:
            for b, share in parts:
                others = [p for p, _ in parts if p is not b]
                found.append(Link(kind, by_key[key], b, others[0], share))
    return found
