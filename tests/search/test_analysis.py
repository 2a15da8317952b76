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
