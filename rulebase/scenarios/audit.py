"""The knock-out audit: a cited rule bears weight only if switching it off
makes a scenario that cites it fail.

For every passing scenario and every rule it cites, the scenario is run
again with that rule switched off in the engine (its checks allow
everything, its steps do nothing: see :mod:`rulebase.engine.rulebook`) and
judged on its actions and expectations alone.  If it still passes, the
citation bore no weight.  A rule is *confirmed* when at least one of the
scenarios citing it then fails.

A scenario that shows something allowed (three copies of a card in a deck)
cannot fail when the rule that allows it is switched off; its citation bears
weight through the rule's boundary, when another scenario shows the rule
refusing (four copies) and fails without it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rulebase.engine.trace import ALLOWED
from rulebase.scenarios import bindings, runner


@dataclass
class Weight:
    """One citation of a passing scenario, and what switching its rule off
    did to the scenario."""

    rule: str
    result: runner.Result
    bears: bool
    why: str
    boundary: bool = False

    @property
    def scenario(self):
        return self.result.scenario

    @property
    def where(self) -> str:
        return f"{self.scenario.path}:{self.scenario.line}"

    def as_dict(self) -> dict:
        return {"rule": self.rule, "scenario": self.scenario.name, "where": self.where, "bears": self.bears,
                "boundary": self.boundary, "why": self.why}


@dataclass
class Audit:
    """Every citation of the passing scenarios, weighed."""

    game: str
    weights: list[Weight] = field(default_factory=list)

    @property
    def confirmed(self) -> set[str]:
        """The rules at least one citing scenario fails without."""
        return {weight.rule for weight in self.weights if weight.bears and not weight.boundary}

    @property
    def weightless(self) -> list[Weight]:
        """The citations that bore no weight."""
        return [weight for weight in self.weights if not weight.bears]

    def proofs(self, rule: str) -> list[Weight]:
        """The citations of ``rule`` that bear weight."""
        return [weight for weight in self.weights if weight.rule == rule and weight.bears]

    def as_dict(self) -> dict:
        return {"game": self.game, "citations": len(self.weights), "bearing": len(self.weights) - len(self.weightless),
                "confirmed": sorted(self.confirmed), "weightless": [weight.as_dict() for weight in self.weightless]}


def _first_failure(result: runner.Result) -> str:
    if result.error is not None:
        return str(result.error)
    return result.failures[0] if result.failures else ""


def audit(results: list[runner.Result], game: str = "ccg", rules=None) -> Audit:
    """Weigh every citation of the passing ``results`` of ``game`` (only
    those of ``rules`` when given)."""
    binding = bindings.binding_for(game)
    book = binding.rulebook()
    found = Audit(game)
    pending_boundary: list[Weight] = []
    for result in results:
        if result.scenario.game != game or not result.passed:
            continue
        allowing = {step.rule for step in result.action_steps() if step.kind == ALLOWED}
        for citation in result.scenario.citations:
            rule = citation.key
            if rules is not None and rule not in rules:
                continue
            if rule not in book:
                found.weights.append(Weight(rule, result, False, "the engine has no unit for this rule, so nothing "
                                                                  "can switch it off"))
                continue
            again = runner.run(result.scenario, binding, result.shared_cards, off=frozenset({rule}), citations=False)
            if not again.passed:
                found.weights.append(Weight(rule, result, True, f"without it: {_first_failure(again)}"))
                continue
            weight = Weight(rule, result, False, "the scenario still passes with the rule switched off")
            if rule in allowing:
                weight.why = "it allows the scenario's action; nothing refuses it without the rule"
                pending_boundary.append(weight)
            found.weights.append(weight)
    confirmed = found.confirmed
    for weight in pending_boundary:
        if weight.rule in confirmed:
            others = [other.scenario.name for other in found.proofs(weight.rule) if not other.boundary]
            weight.bears, weight.boundary = True, True
            weight.why = f"it bears weight through its boundary: {others[0]!r} fails without it"
    return found


def text_report(found: Audit) -> str:
    """The audit as a person reads it: the figures, then each citation that
    bore no weight, with why."""
    bearing = len(found.weights) - len(found.weightless)
    lines = [f"audit: {bearing} of {len(found.weights)} citations bear weight; "
             f"{len(found.confirmed)} rules confirmed by a scenario that fails without them"]
    boundary = [weight for weight in found.weights if weight.boundary]
    if boundary:
        lines.append(f"  ({len(boundary)} citations of allowed actions bear weight through their rule's boundary)")
    if found.weightless:
        lines.append("Citations without weight:")
        for weight in sorted(found.weightless, key=lambda w: (w.where, w.rule)):
            lines.append(f"  {weight.rule:<10} {weight.where}  {weight.scenario.name!r}: {weight.why}")
    return "\n".join(lines)
