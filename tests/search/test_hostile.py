"""Whatever a user types, the search answers or says clearly why not."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulebase.search import MAX_QUERY_LENGTH, Hit, SearchQueryError, search

SYNTAX = ["AND", "OR", "NOT", "OR NOT", '"', "'", "*", "?", "^", "~", "~2", "^3", "(", ")", "[", "]", "{", "}",
          ":", "title:", "-", "+", "\\", "/", "TO", "514.4c", "514.4a-c", "512.*", "405.2.0", "faceoff", "swift",
          "Duck and Cover", "stubbron", " ", "\t", "\n", "ccg/3.4/", "…", "“", "”", "\x00", "🦄"]

settings.register_profile("search", max_examples=150, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def refused_because(text: str) -> str | None:
    """The documented reasons a query is refused, or None if it must be answered."""
    if len(text) > MAX_QUERY_LENGTH:
        return "characters long"
    if not any(ch.isalnum() for ch in text):
        return "nothing to search for"
    return None


def check(text: str, **options) -> None:
    reason = refused_because(text)
    try:
        hits = search(text, **options)
    except SearchQueryError as error:
        assert reason is not None, f"refused {text!r}: {error}"
        assert reason in str(error) and "\n" not in str(error)
        return
    assert reason is None, f"answered {text!r}, which should be refused ({reason})"
    assert isinstance(hits, list) and all(isinstance(hit, Hit) for hit in hits)
    assert len(hits) <= options.get("limit", 10)


@settings(settings.get_profile("search"))
@given(st.text(max_size=300))
def test_any_text_is_answered_or_refused_for_a_documented_reason(text):
    check(text)


@settings(settings.get_profile("search"))
@given(st.lists(st.sampled_from(SYNTAX), max_size=12).map(" ".join), st.sampled_from([None, "ccg", "tcg"]))
def test_query_syntax_never_breaks_the_search(text, game):
    check(text, game=game)


@settings(settings.get_profile("search"), max_examples=20)
@given(st.text(min_size=MAX_QUERY_LENGTH - 5, max_size=MAX_QUERY_LENGTH + 5))
def test_the_length_limit(text):
    check(text)


@pytest.mark.parametrize("text", ['"unbalanced quote', "faceoff AND", "OR NOT", "^", "~", "faceoff~", "tie^2",
                                  "NOT faceoff", "(514.4c", "title:swift", "a*", "**", "514.*.*", "-", "'"])
def test_the_examples_of_the_issue(text):
    check(text)


def test_ten_thousand_characters_get_a_clear_message():
    with pytest.raises(SearchQueryError, match="10000 characters long"):
        search("faceoff " * 1250)


def test_words_alone_with_no_meaning_give_no_results_not_an_error():
    assert search("the and of") == []
