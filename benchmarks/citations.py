"""How well the scenario runner tells right citations from wrong ones.

    python benchmarks/citations.py [PATHS...] [--seed 0]

Runs every scenario of the project's suite (or of PATHS), which must pass
with every citation bearing weight in the knock-out audit, then makes
deliberately wrong versions of each (a cited rule swapped for its neighbour
in the rules, a merely consulted rule added, an expected refusal's rule
swapped, a refusal given another rule's reason; see
rulebase.scenarios.mutants) and counts those the runner fails, as it must.
Also runs tests/data/citations/wrong.scenario.txt and wrong-tcg.scenario.txt,
hand-written wrong rulings.
Not a test: it prints the figures.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulebase import graph  # noqa: E402
from rulebase.scenarios import audit, mutants, suite  # noqa: E402

WRONG = Path(__file__).resolve().parent.parent / "tests" / "data" / "citations" / "wrong.scenario.txt"
WRONG_TCG = WRONG.with_name("wrong-tcg.scenario.txt")


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("paths", nargs="*")
    options.add_argument("--seed", type=int, default=0)
    args = options.parse_args()
    rules = graph.load()
    paths = args.paths or suite.default_paths()
    started = time.perf_counter()
    report = suite.run_paths(paths, rules)
    for game in sorted({result.scenario.game for result in report.results}):
        results = [result for result in report.results if result.scenario.game == game]
        weighed = audit.audit(results, game)
        print(f"right ({game}): {sum(r.passed for r in results)} of {len(results)} scenarios pass; "
              f"{len(weighed.weights) - len(weighed.weightless)} of {len(weighed.weights)} citations bear weight")
    tally = mutants.measure(suite.collect(paths), rules, rng=random.Random(args.seed))
    for kind in sorted(tally.made):
        print(f"wrong ({kind}): {tally.caught.get(kind, 0)} of {tally.made[kind]} fail")
    print(f"wrong, all kinds: {sum(tally.caught.values())} of {sum(tally.made.values())} fail ({100 * tally.rate:.1f}%)")
    for mutant in tally.missed:
        print(f"  passed although wrong: {mutant.where} {mutant.scenario!r}: {mutant.change}")
    hand = suite.run_paths([WRONG], rules)
    print(f"hand-written wrong rulings: {hand.failed} of {len(hand.results)} fail")
    hand = suite.run_paths([WRONG_TCG], rules)
    passing = [result for result in hand.results if result.passed]
    weightless = {weight.scenario.name for weight in audit.audit(passing, "tcg").weightless}
    caught = hand.failed + sum(1 for result in passing if result.scenario.name in weightless)
    print(f"hand-written wrong TCG rulings: {caught} of {len(hand.results)} fail or bear no weight "
          f"({hand.failed} fail)")
    print(f"{time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
