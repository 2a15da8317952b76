"""The card abilities report: every card in exactly one of three states,
what holds a card back named, the engine asked for every part, and the
report counted per set, per type, in all and for the theme decks."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

from rulebase.cards import database as card_database
from rulebase.cli import main
from rulebase.engine.ccg.abilities import catalog
from rulebase.engine.ccg.abilities.model import (
    Ability,
    Effect,
    Modifier,
    Part,
    Selector,
    Trigger,
)

DRAW = Effect("draw", amount=None, part=Part("draw 2 cards", 1, 1))
GUESS = Effect("guess", target=Selector("opponent"))
ENTERS = Trigger("enters-play", Selector("self"))


def _engine(known_verbs=("draw",), known_events=("enters-play",), missing=()):
    """An engine whose tables know only the verbs and events given; the
    modules named in ``missing`` do not exist."""
    def verbs(effect):
        return None if effect.verb in known_verbs else f"the verb {effect.verb!r}"

    def events(trigger):
        return None if trigger.event in known_events else f"the event {trigger.event!r}"

    modules = {"resolve": SimpleNamespace(executable=verbs), "triggers": SimpleNamespace(executable=events),
               "continuous": SimpleNamespace(executable=lambda modifier: None),
               "conditions": SimpleNamespace(executable=lambda condition: None),
               "activated": SimpleNamespace(executable=lambda ability: None),
               "targets": SimpleNamespace(executable=lambda target: None)}
    return catalog.Engine({name: module for name, module in modules.items() if name not in missing})


def _reader(front=(), boosted=None, error=None):
    calls = []

    def read_card(card, printed=False):
        calls.append(printed)
        return SimpleNamespace(front=front, boosted=boosted, error=error)

    read_card.calls = calls
    return read_card


@pytest.fixture(scope="module")
def cards():
    return card_database.load()


@pytest.fixture
def friend(cards):
    return next(card for card in cards.cards if card.type == "Friend")


@pytest.fixture
def mane(cards):
    return next(card for card in cards.cards if card.boosted is not None and card.type == "Mane Character")


def test_a_card_whose_every_part_the_engine_carries_out_is_executable(friend):
    ability = Ability("triggered", "When this card enters play, draw 2 cards.", trigger=ENTERS, effect=DRAW)
    state = catalog.card_state(friend, engine=_engine(), reader=_reader(front=(ability,)))
    assert state.state == catalog.EXECUTABLE and state.is_executable and state.hold is None
    assert (state.card_id, state.set_name, state.type, state.abilities) == (friend.id, friend.sets[0], "Friend", 1)


def test_a_card_without_text_is_executable(friend):
    assert catalog.card_state(friend, engine=_engine(), reader=_reader()).state == catalog.EXECUTABLE


def test_a_verb_the_engine_lacks_names_the_ability_and_the_word(friend):
    first = Ability("triggered", "When this card enters play, draw 2 cards.", trigger=ENTERS, effect=DRAW)
    second = Ability("activated", "Main Phase: guess.", timing="Main Phase", effect=GUESS, part=Part("Main Phase: guess.", 2, 1))
    state = catalog.card_state(friend, engine=_engine(), reader=_reader(front=(first, second)))
    assert state.state == catalog.UNEXECUTABLE
    hold = state.hold
    assert (hold.side, hold.ability, hold.part, hold.line, hold.column) == ("front", 2, "effect", 2, 1)
    assert hold.reason == "the verb 'guess'" and hold.text == "Main Phase: guess."
    assert "ability 2" in hold.describe() and "guess" in hold.describe()


def test_a_trigger_the_engine_lacks_is_named_before_the_effect(friend):
    ability = Ability("triggered", "When ...", trigger=Trigger("guessed"), effect=GUESS)
    state = catalog.card_state(friend, engine=_engine(), reader=_reader(front=(ability,)))
    assert (state.hold.part, state.hold.reason) == ("trigger", "the event 'guessed'")


def test_a_missing_table_is_never_executable(friend):
    ability = Ability("continuous", "This card has +1 power.", modifier=Modifier("power", Selector("self")))
    state = catalog.card_state(friend, engine=_engine(missing=("continuous",)), reader=_reader(front=(ability,)))
    assert state.state == catalog.UNEXECUTABLE
    assert state.hold.part == "modifier" and "continuous" in state.hold.reason


def test_a_part_missing_from_an_ability_is_not_executable(friend):
    ability = Ability("triggered", "When ...", trigger=ENTERS)
    state = catalog.card_state(friend, engine=_engine(), reader=_reader(front=(ability,)))
    assert (state.state, state.hold.part) == (catalog.UNEXECUTABLE, "effect")


def test_a_table_that_fails_on_a_part_makes_it_unexecutable(friend):
    def broken(effect):
        raise ValueError("no such verb")

    engine = catalog.Engine({**_engine().modules, "resolve": SimpleNamespace(executable=broken)})
    ability = Ability("event", "Main Phase: draw 2 cards.", timing="Main Phase", effect=DRAW)
    state = catalog.card_state(friend, engine=engine, reader=_reader(front=(ability,)))
    assert state.state == catalog.UNEXECUTABLE and "ValueError: no such verb" in state.hold.reason


def test_keywords_the_engine_knows_need_no_meaning_and_others_need_one(friend):
    swift = Ability("keyword", "Swift", keyword="Swift")
    assert catalog.card_state(friend, engine=_engine(), reader=_reader(front=(swift,))).is_executable
    meant = Ability("keyword", "Inspired", keyword="Inspired",
                    meaning=Ability("triggered", "...", trigger=Trigger("phase-starts"), effect=DRAW))
    state = catalog.card_state(friend, engine=_engine(), reader=_reader(front=(meant,)))
    assert (state.hold.part, state.hold.reason) == ("trigger", "the event 'phase-starts'")
    bare = Ability("keyword", "Random", keyword="Random")
    state = catalog.card_state(friend, engine=_engine(), reader=_reader(front=(bare,)))
    assert state.hold.part == "keyword" and "Random" in state.hold.reason


def test_the_boosted_side_is_judged_too(mane):
    front = (Ability("event", "Main Phase: draw.", timing="Main Phase", effect=DRAW),)
    boosted = (Ability("event", "Main Phase: draw.", timing="Main Phase", effect=DRAW),
               Ability("event", "Main Phase: guess.", timing="Main Phase", effect=GUESS))
    state = catalog.card_state(mane, engine=_engine(), reader=_reader(front=front, boosted=boosted))
    assert state.abilities == 3
    assert (state.state, state.hold.side, state.hold.ability) == (catalog.UNEXECUTABLE, "boosted", 2)


def test_text_the_reader_stopped_on_is_unparsed_with_where_and_the_words(mane):
    error = SimpleNamespace(line=2, column=7, text="Draw a card.\nFlibber the jabberwock.", side="boosted", expected="expected a verb")
    state = catalog.card_state(mane, engine=_engine(), reader=_reader(error=error))
    hold = state.hold
    assert state.state == catalog.UNPARSED
    assert (hold.side, hold.line, hold.column, hold.text, hold.part) == ("boosted", 2, 7, "Flibber the jabberwock.", "text")
    assert "line 2, column 7" in hold.describe() and "expected a verb" in hold.describe()


def test_the_printed_text_is_asked_of_the_reader(friend):
    reader = _reader()
    state = catalog.card_state(friend, printed=True, engine=_engine(), reader=reader)
    assert reader.calls == [True] and state.printed


def test_a_state_round_trips_through_its_dict(mane):
    error = SimpleNamespace(line=1, column=3, text="x", side="front")
    state = catalog.card_state(mane, engine=_engine(), reader=_reader(error=error))
    assert catalog.CardState.from_dict(json.loads(json.dumps(state.as_dict()))) == state


def _fake_report(cards, monkeypatch, tmp_path):
    """The report of the real card data with every third card unparsed
    and every other one unexecutable, the cache in ``tmp_path``."""
    monkeypatch.setenv("RULEBASE_CACHE", str(tmp_path))
    monkeypatch.setattr(catalog, "WORKERS", 1)
    made = []

    def fake_state(card, printed=False, engine=None, reader=None):
        made.append(card.id)
        index = len(made)
        state = catalog.STATES[0 if index % 2 else (2 if index % 3 == 0 else 1)]
        hold = {catalog.EXECUTABLE: None,
                catalog.UNEXECUTABLE: catalog.Hold("front", 1, card.text, "effect", "a word"),
                catalog.UNPARSED: catalog.Hold("front", None, card.text, "text", "expected a word", 1, 1)}[state]
        return catalog.CardState(card.id, card.full_name, card.sets[0], card.type, state, hold=hold)

    monkeypatch.setattr(catalog, "card_state", fake_state)
    return made


def test_the_report_counts_per_set_type_in_all_and_for_the_theme_decks(cards, monkeypatch, tmp_path):
    _fake_report(cards, monkeypatch, tmp_path)
    report = catalog.report(cards)
    assert len(report.cards) == len(cards.cards)
    total = report.total
    assert total.total == len(cards.cards)
    for tallies in (report.by_set, report.by_type):
        for state in catalog.STATES:
            assert sum(getattr(tally, state) for tally in tallies.values()) == getattr(total, state)
    assert set(report.by_set) == {card_set.name for card_set in cards.sets if card_set.cards}
    assert len(report.theme_decks) == 6
    theme = {card_id for ids in report.theme_decks.values() for card_id in ids}
    assert report.theme.total == len(theme) and theme <= set(cards.by_id)
    assert total.percent == pytest.approx(100 * total.executable / total.total)
    data = report.as_dict()
    assert data["total"]["executable"] == total.executable and len(data["cards"]) == total.total
    assert data["theme_decks"]["total"] == len(theme)


def test_the_report_is_made_once_then_read_from_the_cache(cards, monkeypatch, tmp_path):
    made = _fake_report(cards, monkeypatch, tmp_path)
    first = catalog.report(cards)
    assert len(made) == len(cards.cards)
    second = catalog.report(cards)
    assert len(made) == len(cards.cards), "the second report read every card again"
    assert second.cards == first.cards


def test_a_cache_of_other_inputs_is_not_used(cards, monkeypatch, tmp_path):
    made = _fake_report(cards, monkeypatch, tmp_path)
    catalog.report(cards)
    monkeypatch.setattr(catalog, "fingerprint", lambda database: "something else changed")
    catalog.report(cards)
    assert len(made) == 2 * len(cards.cards)


def test_the_cli_prints_the_tables_and_the_json(cards, monkeypatch, tmp_path):
    _fake_report(cards, monkeypatch, tmp_path)
    report = catalog.report(cards)
    runner = CliRunner()
    result = runner.invoke(main, ["cards", "--abilities"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].split() == ["set", "executable", "unexecutable", "unparsed", "total", "%"]
    assert any(line.split()[:2] == ["theme", "decks"] for line in lines)
    assert lines[-1] == report.summary()
    data = json.loads(runner.invoke(main, ["cards", "--abilities", "--json"]).output)
    assert data["total"] == report.total.as_dict()
    listed = runner.invoke(main, ["cards", "--abilities", "--state", "unparsed"]).output.splitlines()
    unparsed = report.in_state("unparsed")
    assert listed[:len(unparsed)] == [f"{c.name} [{c.card_id}] ({c.set_name}, {c.type}): {c.hold.describe()}"
                                      for c in unparsed]
    words = report.stopped()
    assert sum(count for _, count in words) == len(unparsed)
    assert len(listed) == len(unparsed) + 1 + len(words) + 1 and listed[-1] == f"{len(unparsed)} cards unparsed"
    data = json.loads(runner.invoke(main, ["cards", "--abilities", "--json", "--state", "unexecutable"]).output)
    assert {card["state"] for card in data["cards"]} == {"unexecutable"}
    assert sum(item["cards"] for item in data["lacking"]) == report.total.unexecutable
    assert sum(item["cards"] for item in data["stopped_at"]) == report.total.unparsed
    assert set(data["theme_decks"]["decks"]) == set(report.theme_decks)
    for name in report.theme_decks:
        assert any(line.split() == [name.split()[0], *name.split()[1:], *map(str, [
            report.deck_tally(name).executable, report.deck_tally(name).unexecutable, report.deck_tally(name).unparsed,
            report.deck_tally(name).total]), f"{report.deck_tally(name).percent:.1f}"] for line in lines), name
    theirs = runner.invoke(main, ["cards", "--abilities", "--state", "unexecutable", "--theme-decks"]).output.splitlines()
    held = report.in_state("unexecutable", theme_decks=True)
    assert theirs[-1] == f"{len(held)} cards unexecutable in the theme decks"
    assert theirs[:len(held)] == [f"{c.name} [{c.card_id}] ({c.set_name}, {c.type}): {c.hold.describe()}" for c in held]
    assert theirs[len(held) + 1:-1] == [f"{count:5}  {what}" for what, count in report.lacking(theme_decks=True)]
    assert runner.invoke(main, ["cards", "--abilities", "--theme-decks"]).exit_code == 2


def test_the_cli_asks_for_a_query_or_abilities():
    runner = CliRunner()
    assert "give a query" in runner.invoke(main, ["cards"]).output
    assert "--state and --theme-decks go with --abilities" in runner.invoke(main, ["cards", "x", "--state", "unparsed"]).output
    refused = runner.invoke(main, ["cards", "t:friend", "--abilities"])
    assert refused.exit_code == 2 and "give it no query" in refused.output


def test_the_subject_of_a_trigger_or_a_modifier_is_asked_of_the_targets_table(friend):
    engine = catalog.Engine({**_engine().modules, "targets": SimpleNamespace(
        executable=lambda selector: None if selector.noun == "self" else f"the selector noun {selector.noun!r}")})
    mine = Ability("continuous", "...", modifier=Modifier("power", Selector("self")))
    assert catalog.card_state(friend, engine=engine, reader=_reader(front=(mine,))).is_executable
    theirs = Ability("continuous", "...", modifier=Modifier("power", Selector("weather")))
    state = catalog.card_state(friend, engine=engine, reader=_reader(front=(theirs,)))
    assert (state.hold.part, state.hold.reason) == ("target", "the selector noun 'weather'")
    waiting = Ability("triggered", "...", trigger=Trigger("enters-play", Selector("weather")), effect=DRAW)
    assert catalog.card_state(friend, engine=engine, reader=_reader(front=(waiting,))).hold.part == "target"


def test_the_cards_of_a_theme_deck_with_the_engine_s_own_reader_and_tables(cards):
    from rulebase.engine.ccg.abilities import reading, resolve

    deck = min(catalog.theme_decks(cards).items())[1]
    for card_id in deck:
        card = cards.by_id[card_id]
        state = catalog.card_state(card)
        assert state.state in catalog.STATES and state.card_id == card_id
        if state.state == catalog.EXECUTABLE:
            assert state.hold is None
            found = reading.read_card(card)
            for ability in (found.front or ()) + (found.boosted or ()):
                if ability.kind in ("triggered", "activated", "event"):
                    assert resolve.executable(ability.effect) is None, (card_id, ability.text)
        elif state.state == catalog.UNPARSED:
            assert state.hold.line and state.hold.column and state.hold.part == "text", card_id
        else:
            assert state.hold.ability >= 1 and state.hold.reason, card_id


def test_a_card_the_rules_graph_does_not_know_is_read_from_its_own_text(friend):
    asked = []

    def reader(card, printed=False):
        asked.append(printed)
        if not printed:
            raise KeyError("no card in the rule graph")
        return SimpleNamespace(front=(), boosted=None, error=None)

    assert catalog.card_state(friend, engine=_engine(), reader=reader).is_executable and asked == [False, True]


def test_a_reader_that_fails_on_a_card_leaves_it_unparsed_with_the_reason(friend):
    def reader(card, printed=False):
        raise RecursionError("too deep")

    state = catalog.card_state(friend, engine=_engine(), reader=reader)
    assert state.state == catalog.UNPARSED and "RecursionError: too deep" in state.hold.reason


def test_the_cards_read_by_several_processes_are_the_cards_read_by_one(cards, monkeypatch):
    def fake_state(card, printed=False, engine=None, reader=None):
        state = catalog.STATES[len(card.text) % 3]
        hold = None if state == catalog.EXECUTABLE else catalog.Hold("front", 1, card.text[:20], "effect", card.id)
        return catalog.CardState(card.id, card.full_name, card.sets[0], card.type, state, hold=hold)

    monkeypatch.setattr(catalog, "card_state", fake_state)
    some = cards.cards[:250]
    monkeypatch.setattr(catalog, "WORKERS", 1)
    alone = catalog._states(some)
    monkeypatch.setattr(catalog, "WORKERS", 2)
    assert catalog._states(some) == alone and [state.card_id for state in alone] == [card.id for card in some]


def test_a_placement_is_executable_where_the_engine_s_rules_of_play_check_it(friend):
    engine = _engine(missing=("targets",))

    def state(selector):
        ability = Ability("placement", "Play ...", target=selector)
        return catalog.card_state(friend, engine=engine, reader=_reader(front=(ability,)))

    assert state(Selector("home", controller="you")).is_executable
    assert state(Selector("Friend")).is_executable and state(Selector("character")).is_executable
    assert state(Selector("Friend", controller="you")).is_executable, "whose Friend: play.host_controller (104.1)"
    assert state(Selector("Friend", filters=(("trait", "Unicorn"),))).is_executable, "play.host_described (104.1)"
    for selector in (Selector("Friend", controller="each"), Selector("Friend", filters=(("next-played", "turn"),)),
                     Selector("Friend", where="home"), Selector("Event"), None):
        found = state(selector)
        assert found.state == catalog.UNEXECUTABLE and found.hold.part == "placement", selector


def test_the_cost_of_any_ability_is_asked_of_the_activated_table(friend):
    engine = catalog.Engine({**_engine().modules, "activated": SimpleNamespace(
        executable=lambda ability: "the cost 'banish'" if ability.cost else None)})
    paid = Ability("triggered", "When ..., banish ... to draw.", trigger=ENTERS, cost=(Effect("banish"),), effect=DRAW)
    state = catalog.card_state(friend, engine=engine, reader=_reader(front=(paid,)))
    assert (state.hold.part, state.hold.reason) == ("activation", "the cost 'banish'")


def test_a_module_of_the_engine_that_can_t_be_imported_is_an_error_not_a_report(monkeypatch):
    import importlib

    real = importlib.import_module

    def broken(name, *args):
        if name.endswith(".resolve"):
            raise SyntaxError("invalid syntax (resolve.py, line 3)")
        return real(name, *args)

    monkeypatch.setattr(catalog.importlib, "import_module", broken)
    with pytest.raises(catalog.CatalogError, match="resolve can't be imported: SyntaxError"):
        catalog.Engine().part("effect", DRAW)
    assert catalog._module("no_such_table") is None


def test_a_cache_that_can_t_be_written_only_makes_the_report_again(cards, monkeypatch, tmp_path):
    made = _fake_report(cards, monkeypatch, tmp_path)
    blocked = tmp_path / "a-file"
    blocked.write_text("not a directory", encoding="utf-8")
    monkeypatch.setenv("RULEBASE_CACHE", str(blocked / "cache"))
    assert len(catalog.report(cards).cards) == len(cards.cards)
    assert len(catalog.report(cards).cards) == len(cards.cards) and len(made) == 2 * len(cards.cards)


def test_an_effect_naming_this_cards_problem_after_a_cost_took_this_card_away_is_not_executable():
    here = Selector("Problem", where="its-problem")
    replace = Effect("replace", target=here, part=Part("replace its Problem", 1, 1))
    retire = Effect("retire", target=Selector("self"))
    engine = catalog.Engine()
    after_retiring = Ability("activated", text="Main Phase: Retire this card to replace its Problem.",
                             timing="Main Phase", cost=(retire,), effect=replace)
    found = engine.ability(after_retiring)
    assert found is not None and found[0] == "effect" and "left play" in found[1]
    after_exhausting = Ability("activated", text="Main Phase: Exhaust this card to replace its Problem.",
                               timing="Main Phase", cost=(Effect("exhaust", target=Selector("self")),), effect=replace)
    assert engine.ability(after_exhausting) is None


def test_the_card_this_card_is_attached_to_on_a_friend_is_not_executable(friend):
    from dataclasses import replace

    host = Ability("triggered", "When this card enters play, the card this card is attached to draws.",
                   trigger=ENTERS, effect=Effect("draw", target=Selector("host")))
    engine = _engine()
    hold = catalog.card_state(friend, engine=engine, reader=_reader(front=(host,))).hold
    assert hold is not None and hold.part == "target" and "attached" in hold.reason
    mine = replace(host, effect=replace(host.effect, target=Selector("self")))
    assert catalog.card_state(friend, engine=engine, reader=_reader(front=(mine,))).is_executable


def test_an_event_s_reaction_is_executable_only_when_its_trigger_is():
    from dataclasses import replace

    from rulebase.engine.ccg.abilities import reading

    [announced] = reading.read("Reaction: After a Troublemaker is played, draw a card.")
    [unannounced] = reading.read("Reaction: After a Friend is sent home, draw a card.")
    engine = catalog.Engine()
    assert engine.ability(replace(announced, kind="event")) is None
    assert engine.ability(replace(unannounced, kind="event"))[0] == "trigger"


def test_an_ability_applied_as_this_card_enters_play_is_executable_only_when_it_names_a_color_706_1a():
    from rulebase.engine.ccg.abilities import reading

    [color] = reading.read("As this card enters play, choose a color. This card is that color.")
    [card] = reading.read("As this card enters play, name a card.")
    engine = catalog.Engine()
    assert engine.ability(card) == ("trigger", "an ability applied as this card enters play that does more than name a "
                                               "color (706.1a)")
    assert engine.ability(color) is None
