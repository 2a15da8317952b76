"""Who is involved in a faceoff an effect started (514.2c, 514.2d,
514.2d.i), each a unit that can be switched off by its rule."""

from rulebase.engine.ccg import faceoffs
from rulebase.engine.ccg.board import Zone
from rulebase.engine.trace import ALLOWED, STEP

from .helpers import COMET, board_with, kinds, run_first_choices


def _named_faceoff(board, describes):
    alices, bobs = board.play
    current = faceoffs.Faceoff(board, faceoffs.PROBLEM, (), 0, named=(alices, bobs),
                               descriptions={alices.id: lambda card: True, bobs.id: describes})
    faceoffs.occurs_at(board, current)
    faceoffs.involved_by_the_effect(board, current)
    verdict = faceoffs.flags_the_cards.verdict(board, current)
    if verdict is not None:
        faceoffs.flags_the_cards.judge(board, verdict)
        current.flagged = True
    return current


def test_cards_of_a_faceoff_at_no_problem_stay_involved_when_they_cease_to_fit():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (COMET, 1, Zone.PLAY, "home", 1))
    current = _named_faceoff(board, lambda card: False)
    assert current.flagged
    assert [card.id for card in current.involved(board)] == [card.id for card in board.play]
    assert kinds(board, "514.2d.i") == [ALLOWED]


def test_with_514_2d_i_off_involvement_follows_the_description():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (COMET, 1, Zone.PLAY, "home", 1))
    board.off = frozenset({"514.2d.i"})
    fits = {"now": True}
    current = _named_faceoff(board, lambda card: fits["now"])
    alices, bobs = board.play
    assert not current.flagged
    assert current.fits(board, bobs)
    fits["now"] = False
    assert not current.fits(board, bobs)
    assert current.fits(board, alices)
    assert kinds(board, "514.2d.i") == []


def test_a_faceoff_at_a_problem_flags_no_card():
    board = board_with((COMET, 0, Zone.PLAY, "problem", 0), (COMET, 1, Zone.PLAY, "problem", 0))
    alices, bobs = board.play
    current = faceoffs.Faceoff(board, faceoffs.PROBLEM, (board.players[0].problem_area,), 0, named=(alices, bobs))
    faceoffs.occurs_at(board, current)
    assert faceoffs.flags_the_cards.verdict(board, current) is None


def test_707_3_power_text_gave_a_flipped_card_is_added_with_it_to_its_player_s_total():
    board = board_with((COMET, 0, Zone.PLAY, "home", 0), (COMET, 1, Zone.PLAY, "home", 1),
                       (COMET, 0, Zone.FLIP, None, 0))
    current = _named_faceoff(board, lambda card: True)
    flipped = board.cards[2]
    current.flipped[0].append(flipped)
    flipped.modifiers.append(5)
    printed = flipped.printed.power
    assert faceoffs.contributions(board, current)[0] == [COMET.power, printed + 5]
    assert kinds(board, "707.3") == [STEP]
    board.off = frozenset({"707.3"})
    assert faceoffs.contributions(board, current)[0] == [COMET.power, printed]


def test_104_2_a_cant_be_involved_keeps_the_cards_it_names_out_of_a_faceoff_unless_104_2_is_off():
    from rulebase.engine.ccg.abilities import reading
    from rulebase.engine.ccg.cards import Printed
    from rulebase.engine.trace import CHECK

    mask = Printed.build("Mask", "Resource", cost=1, abilities=reading.read(
        "Mane Characters can't be involved in faceoffs.", card_type="Resource"))
    mane = Printed.build("Captain", "Mane Character", colors=["pink"], power=3, home_limit=3)
    board = board_with((mask, 0, Zone.PLAY, "home", 0), (mane, 0, Zone.PLAY, "problem", 0),
                       (COMET, 0, Zone.PLAY, "problem", 0))
    _, captain, comet = board.cards
    current = faceoffs.Faceoff(board, faceoffs.PROBLEM, (board.players[0].problem_area,), 0)
    current.by_rule = True
    current.areas = (board.players[0].problem_area,)
    current.start(board)
    assert current.initial == {comet.id} and kinds(board, "104.2") == [CHECK]
    assert not current.involves(board, captain) and current.involves(board, comet)
    board.off = frozenset({"104.2"})
    assert current.fits(board, captain)


def _flipped_faceoff(off=()):
    """A Problem faceoff under way at Alice's Problem, each player with a
    card flipped, and a board whose rules ``off`` are switched off."""
    from .abilities.driving import state

    board = board_with((COMET, 0, Zone.PLAY, "problem", 0), (COMET, 1, Zone.PLAY, "problem", 0),
                       (COMET, 0, Zone.FLIP, None, 0), (COMET, 1, Zone.FLIP, None, 0))
    board.off = frozenset(off)
    current = faceoffs.Faceoff(board, faceoffs.PROBLEM, (board.players[0].problem_area,), 0)
    board.faceoff = current
    return state(board), current


def test_514_6_card_text_ends_the_faceoff_at_once_its_flipped_cards_to_the_bottom_of_the_decks():
    s, current = _flipped_faceoff()
    board = s.board
    flipped = [board.cards[2], board.cards[3]]
    run_first_choices(faceoffs.end_now(s))
    assert current.ended and board.faceoff is None
    assert [card.zone for card in flipped] == [Zone.DRAW_DECK, Zone.DRAW_DECK]
    assert STEP in kinds(board, "514.6")


def test_514_6_ending_a_faceoff_when_none_is_under_way_is_refused():
    import pytest

    from rulebase.engine.errors import IllegalAction

    s, _ = _flipped_faceoff()
    s.board.faceoff = None
    with pytest.raises(IllegalAction, match="514.6"):
        run_first_choices(faceoffs.end_now(s))


def test_with_514_6_off_card_text_does_not_end_the_faceoff():
    s, current = _flipped_faceoff(off={"514.6"})
    run_first_choices(faceoffs.end_now(s))
    assert not current.ended and s.board.faceoff is current
    assert s.board.cards[2].zone == Zone.FLIP


def _every_character_faceoff(board):
    """A faceoff an effect started between every character of Alice and
    every character of Bob at Alice's Problem (Tug of War)."""
    area = board.players[0].problem_area
    kinds_of = (lambda card: card.area == area and card.controller == 0 and card.is_character,
                lambda card: card.area == area and card.controller == 1 and card.is_character)
    current = faceoffs.Faceoff(board, faceoffs.PROBLEM, (area,), 0, named=(), kinds=kinds_of)
    faceoffs.occurs_at(board, current)
    faceoffs.involved_by_the_effect(board, current)
    faceoffs.involved_by_description(board, current)
    assert faceoffs.flags_the_cards.verdict(board, current) is None  # it occurs at a Problem (514.2e)
    current.start(board)
    return current


def test_514_2c_every_card_of_each_kind_described_is_involved_and_no_other():
    board = board_with((COMET, 0, Zone.PLAY, "problem", 0), (COMET, 0, Zone.PLAY, "problem", 0),
                       (COMET, 1, Zone.PLAY, "problem", 0), (COMET, 1, Zone.PLAY, "home", 1))
    current = _every_character_faceoff(board)
    first, second, bobs, away = board.cards
    assert [card.id for card in current.involved(board)] == [first.id, second.id, bobs.id]
    assert not current.involves(board, away)
    assert kinds(board, "514.2c") == [STEP] and kinds(board, "514.2e") == [STEP]


def test_514_2d_cards_cease_and_begin_to_be_involved_as_they_leave_and_reach_the_problem():
    board = board_with((COMET, 0, Zone.PLAY, "problem", 0), (COMET, 1, Zone.PLAY, "problem", 0),
                       (COMET, 1, Zone.PLAY, "home", 1))
    current = _every_character_faceoff(board)
    alices, bobs, arriving = board.cards
    bobs.area, arriving.area = board.players[1].home, board.players[0].problem_area
    assert not current.involves(board, bobs) and current.involves(board, arriving)
    board.off = frozenset({"514.2d"})
    assert current.involves(board, bobs) and not current.involves(board, arriving)
    assert current.involves(board, alices)


def test_514_5d_the_winner_of_an_effect_s_faceoff_at_a_problem_scores_no_problem_bonus():
    from rulebase.engine.ccg.board import Card
    from rulebase.engine.trace import NOTE

    from .abilities.driving import state
    from .helpers import KITE

    board = board_with((COMET, 0, Zone.PLAY, "problem", 0), (COMET, 1, Zone.PLAY, "problem", 0),
                       (KITE, 0, Zone.PLAY, "problem", 0))
    assert isinstance(board.problem_at(board.players[0].problem_area), Card)
    current = _every_character_faceoff(board)
    board.faceoff = current
    run_first_choices(faceoffs._consequences(state(board), current, 0))
    assert board.players[0].score == 0
    assert NOTE in kinds(board, "514.5d")
    by_rule = faceoffs.Faceoff(board, faceoffs.PROBLEM, (board.players[0].problem_area,), 0)
    by_rule.areas = by_rule.specified
    run_first_choices(faceoffs._consequences(state(board), by_rule, 0))
    assert board.players[0].score == KITE.bonus


def test_with_514_2c_off_no_card_of_the_kinds_described_is_involved():
    board = board_with((COMET, 0, Zone.PLAY, "problem", 0), (COMET, 1, Zone.PLAY, "problem", 0))
    board.off = frozenset({"514.2c"})
    current = _every_character_faceoff(board)
    assert current.involved(board) == [] and kinds(board, "514.2c") == []
