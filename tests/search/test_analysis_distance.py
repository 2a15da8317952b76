"""The edit distances, computed by rapidfuzz, against small implementations
of their definitions: the search's spelling correction counts a swap of two
neighbouring letters as one edit (the optimal string alignment distance),
the errata's subtitles and the lint's near terms count it as two (the
Levenshtein distance)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rulebase.cards.errata import edit_distance as levenshtein
from rulebase.search.analysis import edit_distance


def reference_osa(a: str, b: str) -> int:
    """Insertions, deletions, substitutions and swaps of two neighbours, no
    part of either string edited twice (Wagner-Fischer with a swap)."""
    table = [[i + j if i * j == 0 else 0 for j in range(len(b) + 1)] for i in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
    return table[len(a)][len(b)]


def reference_levenshtein(a: str, b: str) -> int:
    """Insertions, deletions and substitutions (Wagner-Fischer)."""
    table = [[i + j if i * j == 0 else 0 for j in range(len(b) + 1)] for i in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
    return table[len(a)][len(b)]


# Few letters, so that strings share letters and swaps happen; some beyond ASCII.
TEXT = st.text(alphabet="abcdeé\u0301ñ", max_size=12)


@given(TEXT, TEXT)
def test_the_search_distance_is_the_optimal_string_alignment(a, b):
    assert edit_distance(a, b) == reference_osa(a, b)


@given(TEXT, TEXT)
def test_the_errata_distance_is_levenshtein(a, b):
    assert levenshtein(a, b) == reference_levenshtein(a, b)


@given(TEXT, st.integers(min_value=0, max_value=10))
def test_a_swap_of_neighbours_is_one_edit_for_the_search_and_two_for_the_errata(word, at):
    word += "xy"
    at = min(at, len(word) - 2)
    swapped = word[:at] + word[at + 1] + word[at] + word[at + 2:]
    if swapped != word:
        assert edit_distance(word, swapped) == 1
        assert levenshtein(word, swapped) == 2


def test_no_part_is_edited_twice():
    # "ca" -> "ac" -> "abc" would be two edits, editing the swapped pair again.
    assert edit_distance("ca", "abc") == reference_osa("ca", "abc") == 3
    assert levenshtein("ca", "abc") == 3
