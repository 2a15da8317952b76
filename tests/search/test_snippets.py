from rulebase.search.snippets import matches, snippet


def test_matches_are_marked_and_the_text_escaped():
    html, plain = snippet("Q&A <b>takes</b> precedence over the rules", {"preced"})
    assert html == "Q&amp;A &lt;b&gt;takes&lt;/b&gt; <mark>precedence</mark> over the rules"
    assert plain == "Q&A <b>takes</b> precedence over the rules"


def test_a_long_text_is_cut_around_the_matches():
    text = " ".join(["filler"] * 100) + " the faceoff ends here " + " ".join(["filler"] * 100)
    html, plain = snippet(text, {"faceoff"}, width=80)
    assert "<mark>faceoff</mark>" in html and len(plain) <= 82
    assert plain.startswith("…") and plain.endswith("…")


def test_without_matches_the_text_starts_the_snippet():
    html, plain = snippet("Zero is an even number.", set())
    assert html == plain == "Zero is an even number."


def test_matches_are_found_by_their_indexed_form():
    text = "Players compare power totals."
    assert [text[s:e] for s, e in matches(text, {"total", "compar"})] == ["compare", "totals"]


def test_a_text_analysed_beforehand_gives_the_same_snippet():
    from rulebase.search.snippets import analyse, snippet_of

    text = "If  both players'\n power totals are   the same, <each> player flips. " * 4
    analysed = analyse(text)
    assert analysed.text == " ".join(text.split())
    assert [analysed.text[s:e] for s, e, stem in analysed.tokens if stem == "total"] == ["totals"] * 4
    for width in (40, 240):
        assert snippet_of(analysed, {"total", "flip"}, width) == snippet(text, {"total", "flip"}, width)


def test_a_snippet_as_plain_pieces_marks_the_matched_words():
    from rulebase.search import search
    from rulebase.search.snippets import parts

    html, _ = snippet("Q&A <b>takes</b> precedence over the rules", {"preced"})
    assert parts(html) == [("Q&A <b>takes</b> ", False), ("precedence", True), (" over the rules", False)]
    hit = search("faceoff power totals", limit=1)[0]
    assert "".join(text for text, _ in hit.snippet_parts) == hit.snippet_text
    assert any(marked for _, marked in hit.snippet_parts)
