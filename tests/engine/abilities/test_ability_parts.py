"""What a card's abilities do as it enters play (706.1a): Kevin, Fitting In
("As this card enters play, name a color. This card is that color.")."""

import pytest

from rulebase.engine.ccg import zones
from rulebase.engine.ccg.abilities import parts, triggers
from rulebase.engine.ccg.abilities.catalog import card_state
from rulebase.engine.ccg.actions import Action
from rulebase.engine.ccg.board import Zone
from rulebase.engine.ccg.cards import Color, Printed
from rulebase.engine.ccg.state import CCGState
from rulebase.engine.errors import IllegalAction
from rulebase.graph import card_database

from ..helpers import board_with


@pytest.fixture(scope="module")
def kevin():
    from rulebase.engine.ccg.octgn import printed_from_card

    found = [card for card in card_database().cards if card.id == "kevin-fitting-in"]
    return found[0], printed_from_card(found[0])


def _playing(printed, off=()):
    board = board_with((printed, 0, Zone.HAND, None, 0))
    board.off = frozenset(off)
    board.players[0].tokens = 4
    state = CCGState.from_board(board, "main")
    card = board.cards[0]
    state.apply_action(Action("play", 0, card.id, area=board.players[0].home))
    return board, state, card


def test_kevin_s_text_is_read_as_naming_a_color_as_he_enters_play_and_is_executable(kevin):
    card, printed = kevin
    assert card_state(card).is_executable
    (_, acts), = parts.as_entering_of(printed)
    assert acts.trigger.when == "as" and parts.names_a_color(acts.effect)
    assert parts.names_a_color(acts.effect.then) is False


def test_an_as_ability_is_not_a_triggered_ability(kevin):
    _, printed = kevin
    from rulebase.engine.ccg.abilities.continuous import index

    assert "enters-play" not in index(printed).triggered
    assert triggers.executable(printed.abilities[0].trigger) is None


def test_the_player_names_one_of_the_six_colors_before_kevin_enters_play(kevin):
    board, state, card = _playing(kevin[1])
    assert card.zone != Zone.PLAY
    assert state.pending.rule == "706.1a"
    assert state.legal_actions() == [Action("choose-option", 0, amount=index) for index in range(6)]
    with pytest.raises(IllegalAction, match="706.1a"):
        state.apply_action(Action("choose-option", 0, amount=6))
    state.apply_action(Action("choose-option", 0, amount=parts.COLORS.index(Color.PURPLE)))
    assert card.zone == Zone.PLAY
    assert card.colors == (Color.PURPLE,)
    assert parts.named_color(board, card) == Color.PURPLE
    names = [step.rule for step in board.trace if (step.rule or "").startswith("706.1")]
    assert names.index("706.1a") < names.index("706.1d")


def test_without_706_1a_nothing_named_applies(kevin):
    board, state, card = _playing(kevin[1], off={"706.1a"})
    state.apply_action(Action("choose-option", 0, amount=0))
    assert card.zone == Zone.PLAY
    assert card.colors == ()
    assert parts.named_color(board, card) is None


def test_the_named_color_is_forgotten_as_kevin_leaves_play(kevin):
    board, state, card = _playing(kevin[1])
    state.apply_action(Action("choose-option", 0, amount=parts.COLORS.index(Color.BLUE)))
    assert card.colors == (Color.BLUE,)
    zones.dismiss(board, card)
    assert parts.named_color(board, card) is None and card.colors == ()


def test_a_card_put_into_play_without_the_decision_names_nothing(kevin):
    board = board_with((kevin[1], 0, Zone.HAND, None, 0))
    card = board.cards[0]
    zones.enter_play(board, card, board.players[0].home)
    assert card.colors == ()
    assert any(step.rule == "706.1a" and "no color named" in str(step) for step in board.trace)


CHANGELING = Printed.build("Pharynx", "Friend", colors=["white"], power=2, cost=2, traits=["Changeling"])


@pytest.fixture(scope="module")
def thorax():
    from rulebase.engine.ccg.octgn import printed_from_card

    found = [card for card in card_database().cards if card.id == "thorax-symbiosis"]
    return printed_from_card(found[0])


def _thorax_played(printed, off=()):
    board = board_with((printed, 0, Zone.HAND, None, 0), (CHANGELING, 0, Zone.PLAY, "home", 0))
    board.off = frozenset(off)
    board.players[0].tokens = 4
    state = CCGState.from_board(board, "main")
    state.apply_action(Action("play", 0, board.cards[0].id, area=board.players[0].home))
    return board, state


def test_two_paragraphs_of_thorax_are_two_triggered_effects_whose_order_alice_chooses(thorax):
    board, state = _thorax_played(thorax)
    assert state.pending.rule == "511.7a"
    assert sorted(action.amount for action in state.legal_actions()) == [1, 2]
    assert any(step.rule == "701.2" for step in board.trace)
    state.apply_action(Action("trigger", 0, board.cards[0].id, amount=2))
    processed = [step for step in board.trace if step.rule == "511.7" and "Harmony Changeling" in str(step)]
    assert processed


def test_without_701_2_thorax_s_text_is_one_ability_and_no_order_is_chosen(thorax):
    board, state = _thorax_played(thorax, off={"701.2"})
    assert state.pending is None or state.pending.rule != "511.7a"
    texts = [str(step) for step in board.trace if step.rule == "511.7" and "processes the triggered effect" in str(step)]
    assert len(texts) == 2 and "give another character" in texts[0]
    assert all(step.rule != "701.2" for step in board.trace)


def test_grouped_keywords_effects_are_told_apart_unless_701_2a_is_off():
    from rulebase.engine.ccg.abilities.keywords import acting
    from rulebase.engine.ccg.abilities.triggers import Waiting

    scholar = Printed.build("Star Scholar", "Friend", colors=["purple"], power=2, cost=2,
                            keywords=["Studious", "Diligent 1"])
    board = board_with((scholar, 0, Zone.PLAY, "home", 0))
    card = board.cards[0]
    mine = [Waiting(card, ability, acts, number, None) for number, (ability, acts) in enumerate(acting(scholar), 1)]
    assert len({parts.effect_key(board, waiting, mine) for waiting in mine}) == 2
    assert [step.rule for step in board.trace if step.rule == "701.2a"] == ["701.2a"]
    assert len({parts.effect_key(board, waiting, mine[:1]) for waiting in mine[:1]}) == 1
    board.off = frozenset({"701.2a"})
    assert len({parts.effect_key(board, waiting, mine) for waiting in mine}) == 1


def test_a_color_named_for_an_entering_that_did_not_happen_is_not_applied_later(kevin):
    board = board_with((kevin[1], 0, Zone.HAND, None, 0))
    board.players[0].tokens = 4
    card = board.cards[0]
    parts._pending(board)[card.id] = [(None, 0, Color.ORANGE)]
    state = CCGState.from_board(board, "main")
    state.apply_action(Action("play", 0, card.id, area=board.players[0].home))
    state.apply_action(Action("choose-option", 0, amount=parts.COLORS.index(Color.PINK)))
    assert card.colors == (Color.PINK,)


def test_kevin_put_into_play_by_card_text_names_a_color_as_he_enters(kevin):
    from rulebase.engine.ccg.abilities.reading import read

    text = "Main Phase: Put a Friend from your hand into play at home."
    call = Printed.build("Call", "Event", cost=0, timing="Main Phase", abilities=read(text, card_type="Event"))
    board = board_with((call, 0, Zone.HAND, None, 0), (kevin[1], 0, Zone.HAND, None, 0))
    board.players[0].tokens = 2
    state = CCGState.from_board(board, "main")
    event, card = board.cards
    state.apply_action(Action("play", 0, event.id))
    if state.pending.rule != "706.1a":
        state.apply_action(Action("choose", 0, card.id))
    assert state.pending.rule == "706.1a" and card.zone == Zone.HAND
    state.apply_action(Action("choose-option", 0, amount=parts.COLORS.index(Color.YELLOW)))
    assert card.zone == Zone.PLAY and card.colors == (Color.YELLOW,)
