"""Play random legal games and report games per second.

    python benchmarks/simulate.py [--games 10000] [--seed 0] [--decks sample|theme] [--no-check]

Each game is played by seeded random players between two constructed decks
(the sample decks shipped with the engine, or the OCTGN theme decks when
they are present), with the invariants checked after every step unless
--no-check.  Prints games per second overall and the median, p50 and p99
time of one game, the outcomes and any invariant violation.  Not a test:
machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.percentiles import percentile  # noqa: E402

from rulebase.engine.ccg import simulate as simulating  # noqa: E402
from rulebase.engine.ccg.decks import sample_decks  # noqa: E402
from rulebase.engine.errors import EngineError  # noqa: E402



def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--decks", choices=["sample", "theme"], default="sample")
    parser.add_argument("--no-check", action="store_true", help="do not check the invariants after every step")
    args = parser.parse_args()

    decks = sample_decks() if args.decks == "sample" else simulating.load_decks()
    print(f"decks: {', '.join(deck.name for deck in decks)}")
    times, outcomes, turns, actions, violations = [], Counter(), [], [], []
    started = time.perf_counter()
    for number in range(args.games):
        seed = args.seed * 1_000_003 + number
        first, second = decks[number % len(decks)], decks[(number + 1) % len(decks)]
        begin = time.perf_counter()
        try:
            record, _ = simulating.play_one([first, second], seed, check=not args.no_check)
        except EngineError as error:
            violations.append(f"seed {seed}: {error}")
            continue
        times.append((time.perf_counter() - begin) * 1000)
        outcomes[record.termination] += 1
        turns.append(record.turns)
        actions.append(record.actions)
        if (number + 1) % 1000 == 0:
            print(f"  {number + 1} games, {(number + 1) / (time.perf_counter() - started):.1f} games/s", flush=True)
    elapsed = time.perf_counter() - started
    print(f"{len(times)} games in {elapsed:.1f} s: {len(times) / elapsed:.1f} games/s "
          f"({'invariants checked after every step' if not args.no_check else 'no invariant checks'})")
    if times:
        print(f"one game: median {statistics.median(times):.1f} ms, p50 {percentile(times, 0.5):.1f} ms, "
              f"p99 {percentile(times, 0.99):.1f} ms")
        print(f"turns per game: median {statistics.median(turns)}, actions per game: median {statistics.median(actions)}")
    print("outcomes: " + ", ".join(f"{key} {value}" for key, value in sorted(outcomes.items())))
    print(f"invariant violations: {len(violations)}")
    for violation in violations[:20]:
        print(f"  {violation}")


if __name__ == "__main__":
    main()
