import pytest

from rulebase.engine.trace import CHECK, NOTE, REFUSAL, STEP, Step, Trace


def test_steps_keep_rule_kind_and_words():
    trace = Trace()
    trace.record("604.1b", STEP, "{player} receives {n} action tokens", player="Alice", n=3)
    trace.record("506.2", REFUSAL, "a card can't be moved to its current area")
    assert [(s.rule, s.kind) for s in trace] == [("604.1b", STEP), ("506.2", REFUSAL)]
    assert trace.steps[0].text == "Alice receives 3 action tokens"
    assert str(trace.steps[1]) == "506.2: a card can't be moved to its current area"


def test_rules_in_order_of_first_appearance_and_since():
    trace = Trace()
    for rule in ("611.3", "611.3a", "611.3", "611.4"):
        trace.record(rule, CHECK, "x")
    assert trace.rules() == ["611.3", "611.3a", "611.4"]
    mark = len(trace)
    trace.record("612.2", CHECK, "y")
    assert [s.rule for s in trace.since(mark)] == ["612.2"] and trace.steps[-1].kind == CHECK


def test_a_disabled_trace_records_nothing():
    trace = Trace(enabled=False)
    trace.record("604.1", STEP, "x")
    trace.decision("y")
    assert len(trace) == 0 and trace.rules() == []


def test_templates_are_formatted_only_when_read():
    class Loud:
        def __format__(self, spec):
            raise AssertionError("formatted too early")

    trace = Trace()
    trace.record("604.1", STEP, "{value}", value=Loud())
    assert len(trace) == 1


def test_a_recorded_step_is_the_step_the_dataclass_would_make():
    import dataclasses

    trace = Trace()
    trace.record("604.1b", STEP, "{player} receives {n} action tokens", player="Alice", n=3)
    trace.note("601.1", "turn {n} is divided into phases and steps", n=3)
    recorded = trace.steps
    assert recorded == [Step("604.1b", STEP, "{player} receives {n} action tokens", {"player": "Alice", "n": 3}),
                        Step("601.1", NOTE, "turn {n} is divided into phases and steps", {"n": 3})]
    assert [dataclasses.asdict(step) for step in recorded] == [dataclasses.asdict(step) for step in trace.copy()]
    with pytest.raises(dataclasses.FrozenInstanceError):
        recorded[0].rule = "101.1"
