import pytest

from rulebase.engine.ccg.cards import (
    CardType,
    Color,
    Instruction,
    Need,
    Printed,
    parse_color,
    parse_keyword,
    parse_needs,
)
from rulebase.engine.errors import SetupError


def test_printed_information_of_each_type():
    mane = Printed.build("Sky Captain", "Mane Character", colors=["blue"], power=1, home_limit=3,
                         boosted={"power": 3, "home_limit": 4})
    assert mane.type == CardType.MANE and mane.boosted.power == 3 and mane.boosted.home_limit == 4
    assert mane.boosted.colors == (Color.BLUE,)
    problem = Printed.build("Fog Bank", "Problem", owner_needs="3 not purple", opponents_need=4, bonus=1,
                            starting_problem=True)
    assert problem.owner_needs == (Need(3, excluded=Color.PURPLE),) and problem.opponents_need == (Need(4),)
    event = Printed.build("Second Wind", "Event", cost=1, timing="faceoff", instructions=["flip 1"])
    assert event.timing == "Faceoff" and event.instructions == (Instruction("flip", 1),)
    friend = Printed.build("Comet", "Friend", subtitle="Night Flier", colors=["Loyalty"], power=2, cost=2,
                           traits=["Pegasus", "Unique"], keywords=["Competitive 2", "Swift"])
    assert friend.name == "Comet, Night Flier" and friend.colors == (Color.BLUE,)
    assert friend.keyword("Competitive") == 2 and friend.keyword("Swift") is True and friend.keyword("Stubborn") is False
    assert friend.has_trait("unique") and not friend.has_trait("Critter")


@pytest.mark.parametrize("kwargs, message", [
    ({"title": "A", "type": "Friend", "power": 1}, "needs its cost"),
    ({"title": "B", "type": "Problem", "bonus": 1, "owner_needs": "2 blue"}, "confront requirements"),
    ({"title": "C", "type": "Troublemaker", "power": 2, "points": 1, "cost": 1}, "204.1a"),
    ({"title": "D", "type": "Problem", "bonus": 1, "owner_needs": "2", "opponents_need": 2, "power": 1}, "202.2"),
    ({"title": "E", "type": "Event", "cost": 1}, "needs its timing"),
    ({"title": "F", "type": "Spell", "cost": 1}, "not a card type"),
    ({"title": "G", "type": "Friend", "power": 1, "cost": 1, "colors": ["green"]}, "not a color"),
    ({"title": "H", "type": "Friend", "power": 1, "cost": 1, "keywords": ["Flying"]}, "not a keyword"),
    ({"title": "I", "type": "Friend", "power": 1, "cost": 1, "keywords": ["Competitive"]}, "needs its X"),
    ({"title": "J", "type": "Event", "cost": 1, "timing": "Someday"}, "not a timing phrase"),
    ({"title": "K", "type": "Friend", "power": 1, "cost": 1, "host": "Friend"}, "only Resources"),
])
def test_cards_the_engine_cannot_play_are_refused_clearly(kwargs, message):
    title, card_type = kwargs.pop("title"), kwargs.pop("type")
    with pytest.raises(SetupError, match=message):
        Printed.build(title, card_type, **kwargs)


def test_requirements_and_keywords_read_from_text():
    assert parse_needs("3 blue + 2 wild, 1 not pink") == (Need(3, Color.BLUE), Need(2), Need(1, excluded=Color.PINK))
    assert parse_needs("5") == (Need(5),)
    assert parse_color("Honesty") == Color.ORANGE
    assert parse_keyword("showy 1") == ("Showy", 1)
    with pytest.raises(SetupError):
        parse_needs("three blue")
    with pytest.raises(SetupError):
        parse_keyword("Swift 2")


def test_needs_accept_the_right_power():
    assert Need(2, Color.BLUE).accepts(Color.BLUE) and not Need(2, Color.BLUE).accepts(None)
    assert Need(2).accepts(None) and Need(2).accepts(Color.PINK)
    assert Need(2, excluded=Color.BLUE).accepts(None) and not Need(2, excluded=Color.BLUE).accepts(Color.BLUE)


def test_text_names_a_card_by_its_full_name_or_by_its_title_alone_unless_201_3_is_off():
    from rulebase.engine.ccg.board import Board, Zone
    from rulebase.engine.ccg.cards import is_named
    from rulebase.engine.trace import ALLOWED

    board = Board(["Alice", "Bob"])
    rarity = board.new_card(Printed.build("Rarity, Fashion Plate", "Friend", colors=["white"], power=2, cost=2), 0)
    board.put(rarity, Zone.PLAY, area=board.players[0].home)
    assert is_named(board, rarity, "rarity, fashion plate") and not is_named(board, rarity, "pinkie pie")
    assert is_named(board, rarity, "rarity")
    assert [step.kind for step in board.trace if step.rule == "201.3"] == [ALLOWED]
    board.off = frozenset({"201.3"})
    assert not is_named(board, rarity, "rarity") and is_named(board, rarity, "rarity, fashion plate")


def test_each_trait_of_a_trait_line_is_a_trait_unless_207_1a_is_off():
    from rulebase.engine.ccg.board import Board, Zone
    from rulebase.engine.ccg.cards import has_trait
    from rulebase.engine.trace import ALLOWED

    board = Board(["Alice", "Bob"])
    racer = board.new_card(Printed.build("Sky Racer", "Friend", colors=["blue"], power=2, cost=2,
                                         traits=("Unicorn", "Pegasus")), 0)
    board.put(racer, Zone.PLAY, area=board.players[0].home)
    assert has_trait(board, racer, "Pegasus") and has_trait(board, racer, "unicorn")
    assert not has_trait(board, racer, "Critter")
    assert [step.kind for step in board.trace if step.rule == "207.1a"] == [ALLOWED, ALLOWED]
    board.off = frozenset({"207.1a"})
    assert not has_trait(board, racer, "Pegasus") and has_trait(board, racer, "Unicorn • Pegasus")
    racer.face_down = True
    assert not has_trait(board, racer, "Unicorn • Pegasus")


def test_a_card_s_traits_are_its_trait_line_unless_207_1_is_off():
    from rulebase.engine.ccg.board import Board, Zone
    from rulebase.engine.ccg.cards import has_trait
    from rulebase.engine.trace import ALLOWED

    board = Board(["Alice", "Bob"])
    comet = board.new_card(Printed.build("Comet", "Friend", colors=["blue"], power=2, cost=2, traits=("Pegasus",)), 0)
    board.put(comet, Zone.PLAY, area=board.players[0].home)
    assert has_trait(board, comet, "pegasus") and not has_trait(board, comet, "Unicorn")
    assert [step.kind for step in board.trace if step.rule == "207.1"] == [ALLOWED]
    board.off = frozenset({"207.1"})
    assert not has_trait(board, comet, "Pegasus")


def test_text_naming_a_color_names_the_cards_of_that_color_unless_203_1_is_off():
    from rulebase.engine.ccg.board import Board, Zone
    from rulebase.engine.ccg.cards import has_color
    from rulebase.engine.trace import ALLOWED

    board = Board(["Alice", "Bob"])
    comet = board.new_card(Printed.build("Comet", "Friend", colors=["blue", "pink"], power=2, cost=2), 0)
    board.put(comet, Zone.PLAY, area=board.players[0].home)
    assert has_color(board, comet, (Color.PINK,)) and not has_color(board, comet, (Color.WHITE,))
    assert [step.kind for step in board.trace if step.rule == "203.1"] == [ALLOWED]
    board.off = frozenset({"203.1"})
    assert not has_color(board, comet, (Color.BLUE,))


def test_this_card_is_the_card_the_text_is_printed_on_unless_201_2_is_off():
    from rulebase.engine.ccg.board import Board, Zone
    from rulebase.engine.ccg.cards import this_card
    from rulebase.engine.trace import ALLOWED

    board = Board(["Alice", "Bob"])
    printed = Printed.build("Twist, Such a Treat", "Friend", colors=["pink"], power=1, cost=1)
    twist, other = board.new_card(printed, 0), board.new_card(printed, 0)
    for card in (twist, other):
        board.put(card, Zone.PLAY, area=board.players[0].home)
    assert this_card(board, twist) == [twist]
    assert [step.kind for step in board.trace if step.rule == "201.2"] == [ALLOWED]
    board.off = frozenset({"201.2"})
    assert this_card(board, twist) == [twist, other]
