"""The card query language (rulebase.cards.query) on the corpus's cards."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebase.cards.database import load
from rulebase.cards.query import MAX_QUERY, CardQueryError, parse, search
from rulebase.errors import RulebaseError


def ids(query: str) -> list[str]:
    return [card.id for card in search(query)]


@pytest.mark.parametrize("query, count", [
    ("t:mane", 80), ("is:mane", 80), ("type:troublemaker", 99), ("t:problem", 258), ("t:event", 284),
    ("t:resource", 243), ("t:friend", 1065), ("t:\"mane character\"", 80),
    ("c:multi", 229), ("is:multicolor", 229), ("c:blue", 298), ("c:loyalty", 298), ("c:colorless", 458),
    ("kw:\"competitive 2\"", 14), ("kw:competitive", 24), ("keyword:transform", 11),
    ("trait:\"earth pony\"", 357), ("trait:alicorn", 78),  # Royalty/Alicorn counts as both
    ("hl>=4", 79), ("homelimit=5", 8), ("points:3", 4), ("bonus:5", 1), ("bonus>=3", 16),
    ("pow>10", 0), ("power=0", 24), ("cost>=7", 4),
    ("req>=5 t:event", 16), ("needs:wild", 143), ("needs:\"not blue\"", 17), ("oppneeds<4", 3),
    ("r:p", 17), ("rarity:\"ultra rare\"", 148), ("r:sr", 81),
    ("set:vc", 59), ("set:tk", 9), ("set:\"sands in time\"", 2), ("set:canterlot", 206), ("set:Premier", 213),
    ("o:\"turn this card over\"", 73),  # and the printed text of Princess Luna, Dream Guide
])
def test_fields_count_the_cards_they_name(query, count):
    assert len(search(query)) == count


def test_words_fold_case_accents_and_punctuation():
    for query in ("Kitchen au Flambe", "kitchen au flambé", "KITCHEN-AU-FLAMBE", "name:flambe", "flam"):
        assert "kitchen-au-flambe" in ids(query), query
    assert ids("\"Flier Extraordinaire\"") == ["rainbow-dash-flier-extraordinaire"]
    assert {card.name for card in search("name:Pon-3")} == {"DJ Pon-3", "DJ Pon-3 & Octavia"}
    assert "octavia-serious-musician" in ids("Pon-3")  # her text names DJ Pon-3


def test_a_phrase_matches_whole_words_and_a_word_the_start_of_one():
    assert "kitchen-au-flambe" not in ids("\"flam\"")
    assert ids("name:\"kitchen au\"") == ["kitchen-au-flambe"]


def test_numbers_compare_either_side_of_a_mane_character():
    # Rainbow Dash, Flier Extraordinaire: power 1, Boosted power 3.
    assert "rainbow-dash-flier-extraordinaire" in ids("pow:1 t:mane")
    assert "rainbow-dash-flier-extraordinaire" in ids("pow:3 t:mane")
    assert "rainbow-dash-flier-extraordinaire" not in ids("pow>=4 t:mane")


def test_every_term_must_match_unless_or():
    exact = ids("cost:3 pow:3 t:friend c:orange set:pr")
    assert exact == ["applejack-farm-foremare", "sunny-smiles-iconic-friend"]
    assert ids("cost:3 and pow:3 and t:friend and c:orange and set:pr") == exact
    assert len(search("c:blue or c:pink")) == 575
    assert len(search("c:blue -c:pink")) == 280 == len(search("c:blue not c:pink"))
    assert len(search("not c:blue")) == len(load()) - 298
    assert len(search("-(c:blue or c:pink) t:friend")) == 672
    assert len(search("t:friend (c:blue or c:pink)")) == len(search("(t:friend c:blue) or (t:friend c:pink)"))
    assert search("t!=friend") == search("-t:friend")


def test_or_binds_looser_than_and():
    assert set(ids("t:mane c:blue or t:problem")) == set(ids("(t:mane c:blue) or t:problem"))
    assert set(ids("t:mane c:blue or t:problem")) != set(ids("t:mane (c:blue or t:problem)"))


def test_sort_orders():
    names = [card.full_name for card in search("t:mane")]
    assert names[0].startswith("Apple Bloom") and names == sorted(names, key=str.casefold)
    assert ids("t:mane order:name dir:desc")[0] == "twilight-sparkle-paradox-pony"
    costs = [card.cost for card in search("t:friend order:cost")]
    known = [cost for cost in costs if cost is not None]
    assert costs == sorted(known) + [None] * (len(costs) - len(known)) and costs[0] == 0  # tokens have no cost
    assert [card.cost for card in search("t:friend order:cost dir:desc")][:2] == [8, 8]
    powers = [card.power for card in search("order:power dir:desc")]
    assert powers[0] == max(p for p in powers if p is not None) and powers[-1] is None  # no power last
    assert ids("order:set")[:2] == ["rainbow-dash-flier-extraordinaire", "applejack-steadfast-farmpony"]
    assert [card.printings[0].number for card in search("set:pr order:number")][:3] == ["PR1", "PR2", "PR3"]


@pytest.mark.parametrize("query, column, message", [
    ("pow>= and t:friend", 7, "expected a value after 'pow>='"),
    ("t:", 3, "expected a value after 't:'"),
    ("(a", 3, "expected a closing ')'"),
    ("a)", 2, "unmatched ')'"),
    ("a or", 5, "expected a search term after 'or'"),
    ("or a", 1, "expected a search term before 'or'"),
    ("a and", 6, "expected a search term after 'and'"),
    ("-", 2, "expected a search term after '-'"),
    ("not", 4, "expected a search term after 'not'"),
    ("()", 2, "expected a search term inside the parentheses"),
    ("(", 2, "expected a search term after '('"),
    ('"abc', 1, "a quoted phrase needs its closing '\"'"),
    ("pow>=x", 6, "expected a whole number after 'pow>=', not 'x'"),
    ("powr>=3", 1, "no field 'powr'; the closest are 'power', 'pow'"),
    ("t:frend", 3, "no card type 'frend'"),
    ("c:bleu", 3, "no color 'bleu'; the closest are 'blue'"),
    ("kw:compettive", 4, "no keyword 'compettive'; the closest are 'competitive'"),
    ("trait:unicron", 7, "no trait 'unicron'; the closest are 'unicorn'"),
    ("set:zz", 5, "no set 'zz'; the sets are pr (Premier)"),
    ("r:mythic", 3, "no rarity 'mythic'"),
    ("is:foil", 4, "no is:foil"),
    ("order:color", 7, "can't order by 'color'"),
    ("dir:up", 5, "no direction 'up'"),
    ("t>3", 1, "type takes ':', '=', '!=', not '>'"),
    ("x or order:name", 6, "order: sorts the cards found, it can't be in an 'or'"),
    ("a < b", 3, "unexpected '<'"),
    ("!!", 1, "unexpected '!'"),
    ("   ", 1, "expected a query"),
    ("\"!!\"", 1, "nothing to look for"),
])
def test_broken_queries_point_at_the_place(query, column, message):
    with pytest.raises(CardQueryError) as caught:
        parse(query)
    error = caught.value
    assert isinstance(error, RulebaseError)
    assert error.column == column and message in error.message
    first, shown, caret = str(error).split("\n")
    assert first.startswith(f"cards query:1:{column}: ") and first.endswith(f"({query!r})")
    assert shown == f"  {query}" and caret == "  " + " " * (column - 1) + "^"


def test_the_spec_example_reads_exactly():
    with pytest.raises(CardQueryError) as caught:
        parse("pow>= and t:friend")
    assert str(caught.value) == ("cards query:1:7: expected a value after 'pow>=' ('pow>= and t:friend')\n"
                                 "  pow>= and t:friend\n"
                                 "        ^")


def test_hostile_queries_are_errors_never_tracebacks():
    with pytest.raises(CardQueryError, match="at most 500"):
        parse("a " * MAX_QUERY)
    deep = "(" * 200 + "a" + ")" * 200
    assert len(deep) <= MAX_QUERY and len(search(deep)) == len(search("a"))
    assert len(search("- " * 100 + "t:mane")) == 80  # an even number of negations
    with pytest.raises(CardQueryError):
        parse("<script>alert(1)</script>")
    assert search("a\nb") == search("a b")


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(list("ab :-()\"<=>!3\u00e9") + ["pow>=", "t:", "c:", " or ", " and ", "not ", "kw:",
                                                                  "order:", "friend", "blue", "is:", "legal:"]),
                max_size=20).map("".join) | st.text(max_size=30))
def test_any_text_reads_or_is_a_card_query_error(text):
    try:
        query = parse(text)
    except CardQueryError as error:
        assert 1 <= error.column <= len(error.query) + 1
        return
    assert isinstance(query.run(), list)


def test_the_cards_command_prints_a_line_per_card_and_json():
    import json

    from click.testing import CliRunner

    from rulebase.cli import main

    runner = CliRunner()
    result = runner.invoke(main, ["cards", "t:mane c:blue set:pr"])
    assert result.exit_code == 0
    assert result.output.splitlines() == [
        "Rainbow Dash, Flier Extraordinaire  Mane Character, blue, power 1  Premier PR1  [rainbow-dash-flier-extraordinaire]",
        "1 card"]
    limited = runner.invoke(main, ["cards", "t:mane", "--limit", "2"])
    assert limited.output.splitlines()[-1] == "80 cards (the first 2 shown; --limit for more)"
    data = json.loads(runner.invoke(main, ["cards", "kitchen au flambe", "--json"]).output)
    assert data["count"] == 1 and data["cards"][0]["name"] == "Kitchen au Flambé"
    broken = runner.invoke(main, ["cards", "pow>= and t:friend"])
    assert broken.exit_code == 1 and "Traceback" not in broken.output
    assert "cards query:1:7: expected a value after 'pow>='" in broken.output


def test_the_text_of_a_card_with_an_erratum_is_its_printed_and_current_text():
    from rulebase.errata import card_texts

    # Pile of Presents: the data holds the printed wording, the erratum adds "already"
    texts = card_texts("pile-of-presents")
    assert "already drawn" in texts.current and "already drawn" not in texts.printed
    assert ids('o:"already drawn at least 4"') == ["pile-of-presents"]
    assert "pile-of-presents" in ids('"has drawn at least 4 cards"')
    # Duck and Cover: the data holds the corrected wording; its printed one is found too
    printed = card_texts("duck-and-cover")
    assert printed.printed != printed.current
    assert "duck-and-cover" in ids(f'o:"{printed.printed.split(".")[0]}"')
    assert "duck-and-cover" in ids(f'o:"{printed.current.split(".")[0]}"')


def test_errata_bans_and_formats():
    import datetime

    errata = ids("is:errata")
    assert len(errata) == 70 and "kitchen-au-flambe" in errata and "rainbow-dash-flier-extraordinaire" not in errata
    banned = ids("is:banned")
    assert len(banned) == 9 and "fluttershy-guidance-counselor" in banned
    assert ids("banned:harmony") == banned and ids("banned:limited") == []
    assert search("is:banned", today=datetime.date(2015, 1, 1)) == []  # before the first ban
    legal = set(ids("legal:harmony"))
    assert not legal & set(banned) and "changeling" not in legal  # a token is no deck card
    assert len(legal) == len(load()) - 9 - 9
    assert len(search("legal:\"premiere block\"")) == len(search("legal:premiere-block")) == 826
    with pytest.raises(CardQueryError, match="no format 'harmny'; the closest are 'harmony'"):
        parse("legal:harmny")
