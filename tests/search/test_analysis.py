from rulebase.search.analysis import Vocabulary, edit_distance, stems, words


def test_index_and_query_share_one_analysis():
    assert stems("Faceoffs") == stems("faceoff")
    assert stems("What happens when I can do it") == []
    assert "514.4c" in stems("see (514.4c) here")


def test_words_keep_rule_numbers_and_stop_words():
    assert words("If both players' totals are the same (514.4c)") == [
        "if", "both", "players", "totals", "are", "the", "same", "514.4c"]


def test_edit_distance_counts_a_swap_as_one_edit():
    assert edit_distance("stubbron", "stubborn") == 1
    assert edit_distance("facoff", "faceoff") == 1
    assert edit_distance("faceoff", "faceoff") == 0
    assert edit_distance("abc", "xyz") == 3


def test_corrections_prefer_the_closest_then_the_most_frequent_word():
    vocabulary = Vocabulary({"frighten": 10, "frightened": 30, "brighten": 1, "stubborn": 2})
    assert vocabulary.correct("frigten") == "frighten"
    assert vocabulary.correct("stubborn") is None
    assert vocabulary.correct("zzzzzzz") is None
    assert vocabulary.correct("abc") is None


def test_compounds_and_prefixes():
    vocabulary = Vocabulary({"face": 5, "down": 9, "faceoff": 3, "facedown": 1, "troublemaker": 4, "troubles": 1})
    assert vocabulary.splits("faceup") == []
    assert Vocabulary({"face": 5, "down": 9}).splits("facedown") == [("face", "down")]
    assert vocabulary.with_prefix("trouble") == ["troublemaker", "troubles"]


def test_flip_and_flipped_tie_and_tied_share_a_stem():
    assert stems("flipped") == stems("flip") and stems("tied") == stems("tie")
    assert stems("stopped") == stems("stop")


def test_the_words_that_frame_a_question_are_not_searched():
    assert stems("what does banish mean") == stems("banish")
    assert stems("the difference, does it mean itself") == []


def test_everyday_words_are_weak_but_rule_words_are_not():
    from rulebase.search.analysis import is_weak

    assert is_weak("still") and is_weak("go") and is_weak("become")
    assert not is_weak("faceoff") and not is_weak("discard")


def test_a_correction_keeps_the_first_letter_and_short_words_get_one_edit():
    assert Vocabulary({"mill": 5}).correct("kill") is None
    assert Vocabulary({"each": 50}).correct("reach") is None
    assert Vocabulary({"warning": 9}).correct("wording") is None
    assert Vocabulary({"troublemaker": 4}).correct("trubblemaker") == "troublemaker"
    assert Vocabulary({"meticulous": 2}).correct("meticulus") == "meticulous"
