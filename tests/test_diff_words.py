"""Tests of :mod:`rulebase.diff.words`: word diffs, where they find
changes, and conversion noise."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rulebase.diff.words import changed_spans, noise_kinds, word_diff
from rulebase.pairing import signature


def joined(segments, *ops):
    return "".join(s["text"] for s in segments if s["op"] in ops)


def apart(segments, op):
    """The texts of the segments of one kind, kept apart by spaces."""
    return " ".join(s["text"] for s in segments if s["op"] == op)


TEXT = st.lists(st.sampled_from(["Pay", "those", "costs", "the", "card", "+X", "-X", "①", "(514.4c)", "non-turn",
                                 "nonturn", "“end”", '"end"', ",", ".", "\n", "  ", "Card", "it's", "its"]),
                max_size=14).map(" ".join)


@settings(max_examples=150, deadline=None)
@given(TEXT, TEXT)
def test_a_word_diff_rebuilds_both_texts(old, new):
    segments = word_diff(old, new)
    assert joined(segments, "equal", "insert") == new
    assert signature(joined(segments, "equal", "delete")) == signature(old)
    noisy = word_diff(old, new, noise=True)
    assert joined(noisy, "equal", "insert") == new
    assert " ".join(joined(noisy, "equal", "delete").split()) == " ".join(old.split())


@settings(max_examples=100, deadline=None)
@given(TEXT)
def test_a_text_against_itself_has_no_change(text):
    assert all(s["op"] == "equal" for s in word_diff(text, text))
    assert all(s["op"] == "equal" for s in word_diff(text, text, noise=True))


def test_noise_is_hidden_unless_asked_for():
    old, new = "Zero is an\neven number", 'Zero is an even Number.'
    assert [s["op"] for s in word_diff(old, new)] == ["equal"]
    assert {"insert", "delete"} <= {s["op"] for s in word_diff(old, new, noise=True)}
    assert noise_kinds(old, new) == ["spacing", "punctuation", "case"]
    assert noise_kinds("the non-turn player", "the nonturn player") == ["hyphenation"]
    assert noise_kinds('a "b"', 'a "b"', 'a “b”', 'a "b"') == ["quotes"]
    assert noise_kinds("x", "x", r"- \leftrightarrow (501.2) x", "- (501.2) x") == ["artifacts"]


def test_real_changes_are_not_noise():
    assert [s["op"] for s in word_diff("gets +X power", "gets -X power")] == ["equal", "delete", "insert", "equal"]
    assert word_diff("Pay those costs", "Pay those costs.\nEffects resolve.")[-1] == {"op": "insert", "text": "Effects resolve."}
    assert word_diff("", "") == [] and word_diff(None, "a") == [{"op": "insert", "text": "a"}]


@settings(max_examples=150, deadline=None)
@given(TEXT, TEXT)
def test_changed_spans_hold_the_words_the_word_diff_changes(old, new):
    old_spans, new_spans = changed_spans(old, new)
    segments = word_diff(old, new)
    assert signature(" ".join(old[a:b] for a, b in old_spans)) == signature(apart(segments, "delete"))
    assert signature(" ".join(new[a:b] for a, b in new_spans)) == signature(apart(segments, "insert"))
    for text, spans in ((old, old_spans), (new, new_spans)):
        assert all(0 <= a < b <= len(text) for a, b in spans)
        assert all(b1 <= a2 for (_, b1), (a2, _) in zip(spans, spans[1:]))
        assert all(text[a:b] == text[a:b].strip() for a, b in spans)


def test_changed_spans_leave_noise_out():
    old, new = "put it into your hand.", "put it into its owner's hand."
    old_spans, new_spans = changed_spans(old, new)
    assert [old[a:b] for a, b in old_spans] == ["your"] and [new[a:b] for a, b in new_spans] == ["its owner's"]
    assert changed_spans("Zero is an\neven number", "Zero is an even Number.") == ([], [])
    assert changed_spans("Same words.", "Same words.") == ([], [])
    text = "Play when you flip a card, then draw."
    assert [text[a:b] for a, b in changed_spans(text, "You flip a card.")[0]] == ["Play when", "then draw"]
