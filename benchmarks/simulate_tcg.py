"""Play random TCG games and report games per second, the trace off and on.

    python benchmarks/simulate_tcg.py [--games 300] [--runs 5] [--seed 0] [--no-check] [--cpu N]

Each run plays the same seeded games as ``rulebase simulate --game tcg``
(two decks generated for each game, random legal actions, the invariants
checked after every step unless --no-check), once with the trace off and
once with it on, in turn; the median games/s of the runs is printed for
each, with the slowest and fastest run, and how much of a game's time the
generation of its decks takes.  The process is pinned to one core (--cpu,
by default the first it may run on) where the system allows it.  Not a
test: machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.percentiles import percentile  # noqa: E402

from rulebase.engine.tcg.simulate import generated_decks, simulate  # noqa: E402


def pin(cpu: int | None) -> str:
    """Run on one core; say which (or why not)."""
    if not hasattr(os, "sched_setaffinity"):
        return "not pinned (this system can't pin a process to a core)"
    allowed = sorted(os.sched_getaffinity(0))
    cpu = allowed[0] if cpu is None else cpu
    if cpu not in allowed:
        raise SystemExit(f"--cpu {cpu}: this process may run on cores {', '.join(map(str, allowed))} only")
    os.sched_setaffinity(0, {cpu})
    return f"pinned to core {cpu}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per run")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-check", action="store_true", help="do not check the invariants after every step")
    parser.add_argument("--cpu", type=int, help="the core to run on")
    args = parser.parse_args()
    if args.games < 1 or args.runs < 1:
        raise SystemExit("--games and --runs must be at least 1")

    print(f"{args.runs} runs of {args.games} games (seed {args.seed}), {pin(args.cpu)}, "
          f"{'no invariant checks' if args.no_check else 'invariants checked after every step'}")
    simulate(5, seed=args.seed + 1, check=not args.no_check)  # warm up: imports and the engine's caches
    rates: dict[bool, list[float]] = {False: [], True: []}
    last = None
    for run in range(args.runs):
        for trace in (False, True):
            report = simulate(args.games, seed=args.seed, check=not args.no_check, trace=trace)
            rates[trace].append(report.games_per_second)
            last = report
        print(f"  run {run + 1}: {rates[False][-1]:.1f} games/s trace off, {rates[True][-1]:.1f} trace on", flush=True)
    for trace in (False, True):
        values = rates[trace]
        print(f"trace {'on ' if trace else 'off'}: median {statistics.median(values):.1f} games/s "
              f"(slowest {percentile(values, 0.0):.1f}, fastest {percentile(values, 1.0):.1f})")
    started = time.perf_counter()
    for index in range(args.games):
        generated_decks(args.seed, index)
    per_game = (time.perf_counter() - started) / args.games
    median_off = statistics.median(rates[False])
    print(f"deck generation: {per_game * 1000:.2f} ms per game "
          f"({100 * per_game * median_off:.0f}% of a game with the trace off)")
    print(f"games: wins {last.wins} (the first player {last.first_player_wins}), draws {last.draws}, cut short "
          f"{last.cut_short}, {last.steps / last.games:.0f} steps and {last.turns / last.games:.1f} turns a game; "
          f"violations: {len(last.violations)}")
    for violation in last.violations[:20]:
        print(f"  {violation}")


if __name__ == "__main__":
    main()
