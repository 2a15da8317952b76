"""Real cards in scenarios: a card of the card database named under
``Cards:`` by its name (and subtitle), with its current text, its printed
text or without its text; an unknown, ambiguous or not fully executable
card is an error at its line."""

from __future__ import annotations

import pytest

from rulebase.cards.errata import current_text
from rulebase.engine.ccg import octgn
from rulebase.engine.ccg.abilities import catalog
from rulebase.engine.ccg.abilities.model import Ability, Effect
from rulebase.engine.ccg.cards import Color
from rulebase.graph import card_database
from rulebase.scenarios import bindings, parser, runner
from rulebase.scenarios.games.ccg import binding


@pytest.fixture(scope="module")
def cards():
    return card_database()


def run(text):
    return runner.run_file(parser.parse(text, "cards.scenario"), bindings.binding_for)


def _vanilla(cards, unique_name=False):
    """A Friend with no text and no keywords (with a name no other card has)."""
    return next(card for card in cards.cards if card.type == "Friend" and not card.text.strip() and not card.keywords
                and card.subtitle and (not unique_name or len(cards.find(card.name)) == 1))


def _unexecutable(cards):
    """A card whose current text the engine cannot fully carry out, with its state."""
    for card in cards.cards:
        if card.type == "Friend" and card.text.strip():
            state = catalog.card_state(card)
            if not state.is_executable:
                return card, state
    pytest.skip("every Friend with text is executable")


def test_the_sentences_read_with_a_label_a_name_and_a_choice_of_text():
    scenario_file = parser.parse('''Cards:
  "Big Top, Silly Pony" is from the card database.
  "Top" is "Big Top, Silly Pony" from the card database, with its printed text.
  "Toppy" is "Big Top" from the card database, with its current text
  "Silly" is from the card database, without its text.
Scenario: x
  Then Alice has 0 points
''', "x.scenario")
    kinds = [(card.kind, [arg if isinstance(arg, str) else arg.kind for arg in card.args]) for card in scenario_file.cards]
    assert kinds == [("database_card", ["Big Top, Silly Pony"]),
                     ("database_card", ["Top", "Big Top, Silly Pony", "printed_text"]),
                     ("database_card", ["Toppy", "Big Top", "current_text"]),
                     ("database_card", ["Silly", "without_text"])]
    assert [card.line for card in scenario_file.cards] == [2, 3, 4, 5]


def test_a_card_of_the_database_is_played_with_its_printed_information(cards):
    card = _vanilla(cards)
    [result] = run(f'''Cards:
  "Pony" is "{card.full_name}" from the card database.
Scenario: A real card
  Given Alice has "Pony" at her home
  Then "Pony" has printed power {card.power}
    And Alice's power is {card.power}
    And Alice's power of {card.colors[0]} is {card.power}
''')
    assert result.passed, (result.error, result.failures)


def test_a_name_without_subtitle_is_enough_when_one_card_has_it(cards):
    card = _vanilla(cards, unique_name=True)
    [result] = run(f'''Cards:
  "{card.name}" is from the card database, with its current text.
Scenario: By its name only
  Given Alice has "{card.name}" at her home
  Then "{card.name}" has printed power {card.power}
''')
    assert result.passed, (result.error, result.failures)


def test_an_ambiguous_name_is_an_error_at_its_line_listing_the_cards(cards):
    name = next(card.name for card in cards.cards if len(cards.find(card.name)) > 2)
    [result] = run(f'''Scenario: Which one?
  Cards:
    "{name}" is from the card database.
  Then Alice has 0 points
''')
    error = str(result.error)
    assert error.startswith("cards.scenario:3:5: ")
    assert f'{len(cards.find(name))} cards of the card data are called "{name}"' in error
    assert all(f'"{card.full_name}"' in error for card in cards.find(name)[:3])


def test_an_unknown_name_is_an_error_naming_the_closest(cards):
    card = _vanilla(cards)
    typo = card.full_name[:-1] + "x" + card.full_name[-1]
    [result] = run(f'''Scenario: A typo
  Cards:
    "Pony" is "{typo}" from the card database.
  Then Alice has 0 points
''')
    error = str(result.error)
    assert error.startswith("cards.scenario:3:5: ") and f'no card of the card data is called "{typo}"' in error
    assert f'the closest are "{card.full_name}"' in error


def test_a_card_the_engine_cannot_carry_out_is_an_error_naming_the_part(cards):
    card, state = _unexecutable(cards)
    [result] = run(f'''Scenario: Not executable
  Cards:
    "Pony" is "{card.full_name}" from the card database.
  Then Alice has 0 points
''')
    error = str(result.error)
    assert error.startswith("cards.scenario:3:5: ") and f'"{card.full_name}": its current text' in error
    assert state.hold.describe() in error and "without its text" in error


def test_without_its_text_the_same_card_is_played_with_its_printed_information(cards):
    card, _ = _unexecutable(cards)
    [result] = run(f'''Scenario: Printed information only
  Cards:
    "Pony" is "{card.full_name}" from the card database, without its text.
  Given Alice has "Pony" at her home
  Then "Pony" has printed power {card.power}
''')
    assert result.passed, (result.error, result.failures)


def _fake_engine(monkeypatch, abilities=(), carried=1):
    """The catalog finds every card executable (with ``carried`` abilities of
    its text), and printed_from_card attaches ``abilities``; both record the
    reading asked for."""
    asked = []

    def state(card, printed):
        asked.append(("state", card.id, printed))
        return catalog.CardState(card.id, card.full_name, card.sets[0], card.type, catalog.EXECUTABLE,
                                 abilities=carried, carried=carried, printed=printed)

    real = octgn.printed_from_card

    def printed_from_card(side, title=None, printed=False, **options):
        asked.append(("printed", side.id, printed))
        from dataclasses import replace

        return replace(real(side, title, **options), abilities=tuple(abilities))

    monkeypatch.setattr(binding, "_card_state", state)
    monkeypatch.setattr(octgn, "printed_from_card", printed_from_card)
    return asked


def test_the_printed_text_is_asked_of_the_catalog_and_the_engine(cards, monkeypatch):
    card = next(card for card in cards.cards if current_text(card).erratum and current_text(card).state == "printed")
    ability = Ability("event", "Main Phase: draw a card.", effect=Effect("draw"))
    asked = _fake_engine(monkeypatch, abilities=(ability,))
    [printed, current] = run(f'''Cards:
  "Pony" is "{card.full_name}" from the card database, with its printed text.
Scenario: Its printed text
  Then Alice has 0 points
Scenario: Its current text
  Cards:
    "Pony" is "{card.full_name}" from the card database.
  Then Alice has 0 points
''')
    assert printed.passed and current.passed, (printed.error, current.error)
    assert ("state", card.id, True) in asked and ("printed", card.id, True) in asked
    assert ("state", card.id, False) in asked and ("printed", card.id, False) in asked


def test_a_card_whose_abilities_the_engine_does_not_attach_is_an_error(cards, monkeypatch):
    card = _vanilla(cards)
    _fake_engine(monkeypatch, abilities=())
    [result] = run(f'''Scenario: Abilities lost on the way
  Cards:
    "Pony" is "{card.full_name}" from the card database.
  Then Alice has 0 points
''')
    assert "does not carry the abilities of its current text" in str(result.error)


def test_a_card_not_defined_and_a_card_without_its_text_have_no_abilities(cards, monkeypatch):
    card = _vanilla(cards)
    ability = Ability("event", "Main Phase: draw a card.", effect=Effect("draw"))
    _fake_engine(monkeypatch, abilities=(ability,))
    scenario_file = parser.parse(f'''Cards:
  "Without" is "{card.full_name}" from the card database, without its text.
  "With" is "{card.full_name}" from the card database.
Scenario: x
  Then Alice has 0 points
''', "x.scenario")
    [scenario] = scenario_file.scenarios
    session = binding.CCGSession(scenario, scenario_file.cards)
    assert session.definitions["With"].abilities == (ability,)
    assert session.definitions["Without"].abilities == ()
    assert session._undefined(scenario.steps[0].statements[0], card.full_name).abilities == ()
    assert session.definitions["Without"].colors == (Color(card.colors[0]),)


def test_the_printed_text_of_a_card_whose_erratum_is_not_located_in_its_text_is_not_known(cards, monkeypatch):
    from rulebase.errata import card_texts

    card = next(card for card in cards.cards if current_text(card).erratum and not card_texts(card).known)
    _fake_engine(monkeypatch)
    [result] = run(f'''Scenario: Before the erratum
  Cards:
    "Pony" is "{card.full_name}" from the card database, with its printed text.
  Then Alice has 0 points
''')
    error = str(result.error)
    assert error.startswith("cards.scenario:3:5: ") and "its printed text is not known" in error
    assert current_text(card).erratum in error


REAL_TEXT = '''Cards:
  "Too Many Bandages" is from the card database.
  "Berry Dreams" is "Berry Dreams, Pom-Pom Pony" from the card database.
  "Comet" is a Friend: blue, power 3, cost 2.
  "Kite" is a Friend: pink, power 1, cost 1.

Scenario: A continuous ability of a real card
  Given Alice has "Comet" at her home
    And Alice has "Too Many Bandages" on "Comet"
  Then "Comet" has power 1

Scenario: A triggered ability of a real card
  Given Alice's hand: "Berry Dreams"
    And Alice's deck: "Kite"
    And Alice has 2 action tokens
  When Alice plays "Berry Dreams" at her home
  Then "Kite" is in Alice's hand
'''


def test_the_current_text_of_a_real_card_is_carried_out_or_the_card_is_refused(cards):
    states = [catalog.card_state(cards.find(name)[0]) for name in ("Too Many Bandages", "Berry Dreams, Pom-Pom Pony")]
    results = run(REAL_TEXT)
    if all(state.is_executable for state in states):
        assert all(result.passed for result in results), [(r.error, r.failures) for r in results]
    else:
        held = next(state for state in states if not state.is_executable)
        assert all(held.hold.describe() in str(result.error) for result in results)


def test_without_its_text_a_real_card_s_ability_is_not_carried_out():
    text = REAL_TEXT.replace('"Too Many Bandages" is from the card database.',
                             '"Too Many Bandages" is from the card database, without its text.')
    continuous = run(text)[0]
    assert not continuous.passed and continuous.error is None
    assert any("power 1" in failure for failure in continuous.failures)


ACTIVATED = '''Cards:
  "Rainbow Dash" is "Rainbow Dash, Weather Leader" from the card database.
  "Berry Punch" is "Berry Punch, All-Night Partier" from the card database.
  "Comet" is a Friend: blue, power 2, cost 2.
  "Kite" is a Friend: pink, power 1, cost 1.
  "Party" is a Friend: pink, power 4, cost 4.

Scenario: A real card's activated ability, its choice made by its player
  Given Alice has "Rainbow Dash" at her home
    And Alice has "Comet" at her home, exhausted
    And Alice has "Kite" at her home, exhausted
  When Alice activates "Rainbow Dash"
    And Alice chooses "Kite"
  Then "Kite" is ready
    And "Comet" is exhausted
    And "Rainbow Dash" is exhausted

Scenario: A real card's "you may" declined
  Given Alice has "Party" at her home
    And Alice's hand: "Berry Punch"
    And Alice's deck: "Kite"
    And Alice has 2 action tokens
  When Alice plays "Berry Punch" at her home
    And Alice declines
  Then "Kite" is in Alice's deck
    And Alice has 0 cards in her hand

Scenario: An activation the engine refuses
  Given Alice has "Rainbow Dash" at her home, exhausted
    And Alice has "Comet" at her home, exhausted
  When Alice activates "Rainbow Dash"
  Then the action is refused by 503.2a
'''


def test_the_sentences_of_activations_and_choices_read_as_their_actions():
    scenario_file = parser.parse('''Scenario: x
  When Alice activates "Rainbow Dash"
    And Alice activates "Rainbow Dash"'s second ability
    And Alice chooses "Comet"
    And Alice chooses option 2
    And Alice accepts
    And Alice declines
''', "x.scenario")
    statements = [s for step in scenario_file.scenarios[0].steps for s in step.statements]
    assert [s.kind for s in statements] == ["activate", "activate", "choose", "choose_option", "accept", "decline"]
    session = binding.CCGSession(scenario_file.scenarios[0], [])
    session._board()
    assert session._action(statements[4]).name() == "p0 accept"
    assert session._action(statements[3]).name() == "p0 choose-option 1"


def test_a_real_card_is_activated_and_card_text_s_choices_are_answered(cards):
    for name in ("Rainbow Dash, Weather Leader", "Berry Punch, All-Night Partier"):
        state = catalog.card_state(cards.find(name)[0])
        assert state.is_executable, f"{name}: {state.hold.describe()}"
    results = run(ACTIVATED)
    assert all(result.passed for result in results), [(r.scenario.name, r.error, r.failures) for r in results]
