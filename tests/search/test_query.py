import pytest

from rulebase.search.query import MAX_QUERY_LENGTH, SearchQueryError, normalize, parse


def test_phrases_prefixes_words_and_numbers():
    parsed = parse('"Duck and Cover" troublem* faceoff (514.4c)')
    assert parsed.phrases == [["duck", "and", "cover"]]
    assert parsed.prefixes == ["troublem"]
    assert parsed.words == ["duck", "and", "cover", "faceoff"]
    assert [str(n) for n in parsed.numbers] == ["514.4c"]


@pytest.mark.parametrize("text", ['"unbalanced quote', "faceoff AND", "OR NOT", "^tie~2", "title:swift",
                                  "[514 TO 516]"])
def test_query_syntax_is_read_as_plain_words(text):
    parsed = parse(text)
    assert all(word.isalnum() or "." in word for word in parsed.words)


@pytest.mark.parametrize("text", ["", "   ", "*", "^", "~", '"', "((()))", "-- -- --", "…"])
def test_a_query_without_letters_or_digits_is_refused(text):
    with pytest.raises(SearchQueryError, match="nothing to search for"):
        parse(text)


def test_a_query_that_is_too_long_is_refused_with_its_length():
    with pytest.raises(SearchQueryError, match=f"10000 characters long; at most {MAX_QUERY_LENGTH}"):
        parse("a" * 10_000)


def test_odd_characters_are_normalised():
    assert normalize("ＦＡＣＥＯＦＦ\x00tie") == "FACEOFF tie"
    assert normalize("\ud800x") == "?x"


def test_a_graph_id_is_recognised():
    assert parse("ccg/3.4/514.4c").node_id == "ccg/3.4/514.4c"


@pytest.mark.parametrize("text, quoted", [
    ("what does 'here' mean", [("here",)]),
    ('what does "here" mean', [("here",)]),
    ("text says ‘your friends get +1 power’", [("your", "friends", "get", "1", "power")]),
    ("my opponent's friend can't move", []),
    ("the players' cards and 'til the end", []),
    ("an 'unclosed quote", []),
])
def test_words_in_quotes_are_kept_together_and_apostrophes_are_not_quotes(text, quoted):
    assert parse(text).quoted == quoted
