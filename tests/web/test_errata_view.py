"""The word diff of an erratum and the publisher's marks, kept apart."""

from __future__ import annotations

from rulebase.errata_view import erratum_view, texts_view, word_diff


def _text(paragraphs):
    return "\n".join("".join(p.text for p in paragraph) for paragraph in paragraphs)


def test_word_diff_marks_only_differing_words():
    old, new = word_diff("put it into your hand.", "put it into its owner's hand.")
    assert "".join(c for c, flag in zip("put it into your hand.", old) if flag) == "your"
    assert "".join(c for c, flag in zip("put it into its owner's hand.", new) if flag) == "its owner's"


def test_identical_texts_have_no_changes():
    view = texts_view("Same words.", "Same words.", [], [])
    assert not any(p.changed for paragraph in view.old + view.new for p in paragraph)


def test_the_sides_keep_their_text():
    view = texts_view("a b\nc d", "a x\nc d", [], [])
    assert _text(view.old) == "a b\nc d" and _text(view.new) == "a x\nc d"
    assert len(view.new) == 2


def test_publisher_marks_are_placed_in_order():
    view = texts_view(None, "you may look, you may", [], [("insert", "you may"), ("insert", "you may")])
    marked = [p for p in view.new[0] if p.mark == "insert"]
    assert [p.text for p in marked] == ["you may", "you may"]
    assert not any(p.changed for p in view.new[0])  # nothing to compare with


def test_struck_words_of_a_corrected_wording(rule_graph):
    view = erratum_view(rule_graph, "ccg/ocr-7.2/premiere/what-went-wrong")
    assert view.struck == ["Faceoff", "Play", "power"] and view.texts and not view.new


def test_old_side_keeps_the_struck_words_as_marks(rule_graph):
    view = erratum_view(rule_graph, "ccg/ocr-7.2/premiere/wild-manticore")
    struck = [p.text for p in view.old[0] if p.mark == "delete"]
    assert struck == ["against", "the challenger's opponent"]
    assert all(p.changed for p in view.old[0] if p.mark == "delete")


def test_every_erratum_of_the_corpus_keeps_its_texts(rule_graph):
    for node in rule_graph.nodes("erratum"):
        data = rule_graph.node(node)
        view = erratum_view(rule_graph, node)
        if data["old"] is not None:
            assert _text(view.old) == data["old"]
        if data["new"] is not None:
            assert _text(view.new) == data["new"]
        assert [_text(t) for t in view.texts] == data["texts"]
        inserted = [text for kind, text in data["new_marks"] if kind == "insert"]
        placed = [p.text for side in [view.new, *view.texts] for paragraph in side for p in paragraph if p.mark]
        assert "".join(placed).replace(" ", "") == "".join(inserted).replace(" ", ""), node
