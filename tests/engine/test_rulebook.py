"""The rulebook: rule units registered under their numbers, consulted to
refuse and to list the legal actions, each switchable off."""

import pytest

from rulebase.engine.ccg import engine_rulebook
from rulebase.engine.ccg.actions import Action
from rulebase.engine.ccg.board import Zone
from rulebase.engine.ccg.play import Window, options
from rulebase.engine.errors import IllegalAction
from rulebase.engine.rulebook import (
    Allowed,
    Rulebook,
    RulebookError,
    Table,
    legal,
    sort_key,
)
from rulebase.engine.trace import ALLOWED, CHECK, NOTE, REFUSAL, STEP, Trace
from tests.engine.helpers import COMET, PEST, board_with, main_phase


def small_book():
    book = Rulebook("test")

    @book.check("101.1", "at most three copies")
    def copies(table, count):
        if count > 3:
            return f"{count} copies are too many"
        return Allowed(f"{count} copies are allowed")

    @book.check("504.2a", "frightened cards don't ready")
    def frightened(table, card):
        if card == "frightened":
            return "a frightened card can't ready"

    @book.step("603.1", "{player} readies")
    def ready(table, player):
        if player:
            table.readied = getattr(table, "readied", 0) + 1
            return {"player": player}

    return book, copies, frightened, ready


def test_a_check_refuses_records_the_refusal_and_names_its_unit():
    book, copies, _, _ = small_book()
    table = Table()
    with pytest.raises(IllegalAction) as refused:
        copies(table, 4)
    assert refused.value.rule == "101.1" and refused.value.reason == "4 copies are too many"
    assert refused.value.unit.endswith("small_book.<locals>.copies")
    assert [(step.rule, step.kind) for step in table.trace] == [("101.1", REFUSAL)]
    assert table.trace.steps[0].decided


def test_an_allowance_is_recorded_and_a_prevention_decides():
    book, copies, frightened, _ = small_book()
    table = Table()
    copies(table, 3)
    assert frightened.allows(table, "calm") is True
    assert frightened.allows(table, "frightened") is False
    kinds = [(step.rule, step.kind) for step in table.trace]
    assert kinds == [("101.1", ALLOWED), ("504.2a", CHECK)]
    assert [step.decided for step in table.trace] == [False, True]


def test_a_step_records_only_what_happened():
    book, _, _, ready = small_book()
    table = Table()
    assert ready(table, "") is None and len(table.trace) == 0
    assert ready(table, "Alice") == {"player": "Alice"}
    assert [str(step) for step in table.trace] == ["603.1: Alice readies"] and table.trace.steps[0].kind == STEP


def test_switched_off_rules_allow_everything_and_do_nothing():
    book, copies, frightened, ready = small_book()
    table = Table(off=book.switch_off({"101.1", "504.2a", "603.1"}))
    copies(table, 9)
    assert frightened.allows(table, "frightened") is True
    assert ready(table, "Alice") is None and not hasattr(table, "readied")
    assert len(table.trace) == 0


def test_the_book_lists_its_units_in_rule_order_and_refuses_bad_registrations():
    book, *_ = small_book()
    assert book.numbers() == ["101.1", "504.2a", "603.1"] and len(book) == 3
    assert [unit.kind for unit in book] == ["check", "check", "step"]
    with pytest.raises(RulebookError, match="no unit for 999.1"):
        book.switch_off({"999.1"})
    with pytest.raises(RulebookError, match="not a rule number"):
        book.check("rule six", "x")(lambda table: None)
    with pytest.raises(RulebookError, match="registered twice"):
        def twice(table):
            return None
        book.check("102.1", "x")(twice)
        book.check("102.1", "x")(twice)
    assert sort_key("102.2") < sort_key("102.10") < sort_key("514.4a") < sort_key("glossary/swift")


def test_legal_keeps_what_the_checks_let_through_without_recording():
    book, copies, _, _ = small_book()
    table = Table()

    def check(count):
        copies(table, count)

    assert legal(table, [1, 3, 4, 9], check) == [1, 3]
    assert len(table.trace) == 0 and table.trace.enabled


def test_the_engine_registers_a_unit_for_every_rule_it_refuses_or_applies_with():
    book = engine_rulebook()
    assert len(book.numbers()) > 80
    assert {"506.2", "506.2a", "506.5", "508.1d", "609.2a", "glossary/swift"} <= set(book.numbers())
    assert all(unit.summary for unit in book)


def test_every_rule_of_the_rulebook_exists_in_the_current_rules(rule_graph):
    document = rule_graph.current_edition("ccg")
    missing = [unit.name + " " + unit.number for unit in engine_rulebook() if f"{document}/{unit.number}" not in rule_graph]
    assert missing == []


def test_the_engine_refuses_only_through_units():
    """No rule number is written into a refusal outside the rulebook: every
    ``IllegalAction`` the engine raises comes from a registered check."""
    import ast
    from pathlib import Path

    import rulebase.engine.ccg as package

    raising = []
    for path in sorted(Path(package.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) == "IllegalAction":
                raising.append(f"{path.name}:{node.lineno}")
    assert raising == []


def test_the_legal_actions_are_the_candidates_the_checks_allow():
    board = board_with((COMET, 0, Zone.HAND, None, 0), (COMET, 0, Zone.PLAY, "home", 0), (PEST, 0, Zone.HAND, None, 0))
    state = main_phase(board, tokens=2)
    window = Window("main", main=True)
    found = options(board, 0, window)
    moves = [action for action in found if action.verb == "move"]
    assert {board.area_name(action.area) for action in moves} == {"Alice's problem", "Bob's problem"}
    assert Action("play", 0, 2, area=board.players[0].problem_area) in found
    assert not any(action.verb == "play" and action.card == 2 and action.area.is_home for action in found)
    for action in found:
        state.clone().apply_action(action)
    board.off = frozenset({"506.2"})
    moves = [action for action in options(board, 0, window) if action.verb == "move"]
    assert "Bob's home" in {board.area_name(action.area) for action in moves}


def test_a_note_is_not_a_decision():
    trace = Trace()
    trace.note("601.1", "the turn is divided into phases")
    assert trace.steps[0].kind == NOTE and not trace.steps[0].decided and trace.deciding() == []


def test_one_check_registered_under_each_rule_of_a_decision():
    book = Rulebook("example")

    def _out_of_turn(table, player):
        if player != "Alice":
            return f"{player} acts out of turn"

    units = book.check_under_each(["604.1", "602.2", "604.1"], "only the turn player acts", waiting=True)(_out_of_turn)
    assert sorted(units) == ["602.2", "604.1"] and book.numbers() == ["602.2", "604.1"]
    assert all(unit.unit.waiting and unit.unit.name.endswith(".out_of_turn") for unit in units.values())
    with pytest.raises(IllegalAction) as refused:
        units["602.2"](Table(), "Bob")
    assert refused.value.rule == "602.2"
    assert units["604.1"](Table(off={"604.1"}), "Bob") is None


def test_a_unit_takes_the_arguments_of_the_function_it_wraps_however_they_are_passed():
    book = Rulebook("test")

    @book.check("101.1", "at most a few copies")
    def copies(table, count, most=3):
        if count > most:
            return f"{count} copies are more than {most}"

    @book.check("101.2", "anything goes")
    def anything(table, *cards, **named):
        if "refuse" in cards or named.get("refuse"):
            return "refused"

    @book.step("603.1", "{player} readies {n}")
    def ready(table, player, n=1, *, twice=False):
        return {"player": player, "n": n * (2 if twice else 1)}

    table = Table()
    copies(table, 3)
    copies(table, count=5, most=5)
    with pytest.raises(IllegalAction, match="4 copies are more than 3"):
        copies(table, 4)
    with pytest.raises(TypeError):
        copies(table)
    anything(table, "a", "b", fine=True)
    with pytest.raises(IllegalAction):
        anything(table, refuse=True)
    assert ready(table, "Alice", twice=True) == {"player": "Alice", "n": 2}
    assert [str(step) for step in table.trace if step.kind == STEP] == ["603.1: Alice readies 2"]
    assert copies.__name__ == "copies" and copies.number == "101.1" and copies.unit.summary == "at most a few copies"
    assert copies.verdict(table, 9) == "9 copies are more than 3" and copies.allows(table, 2) is True
    assert ready.template == "{player} readies {n}"
    quiet = Table(trace=Trace(enabled=False), off=book.switch_off({"101.1"}))
    copies(quiet, 9)
    with pytest.raises(IllegalAction):
        anything(quiet, "refuse")
    assert ready(quiet, "Bob") == {"player": "Bob", "n": 1} and len(quiet.trace) == 0


def test_a_unit_refuses_with_the_exception_the_constructor_makes():
    from rulebase.engine.rulebook import refusal

    made = IllegalAction("506.2", "a card can't be moved to its current area", unit="moving.destination")
    quick = refusal("506.2", "a card can't be moved to its current area", "moving.destination")
    assert type(quick) is type(made) and quick.args == made.args and vars(quick) == vars(made)
    assert str(quick) == str(made) and repr(quick) == repr(made)


def test_an_allowance_is_a_frozen_value():
    import dataclasses

    allowed = Allowed("3 copies are allowed")
    assert allowed == Allowed("3 copies are allowed") and hash(allowed) == hash(Allowed("3 copies are allowed"))
    assert repr(allowed) == "Allowed(reason='3 copies are allowed')" and dataclasses.asdict(allowed) == {
        "reason": "3 copies are allowed"}
    with pytest.raises(dataclasses.FrozenInstanceError):
        allowed.reason = "no"
