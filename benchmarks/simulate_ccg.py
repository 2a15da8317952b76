"""Play random CCG games and report games per second, the trace off and on.

    python benchmarks/simulate_ccg.py [--games 300] [--runs 5] [--seed 0] [--decks theme|sample]
                                      [--no-check] [--cpu N] [--no-memo] [--listing] [--profile N]

Each run plays the same seeded games as ``rulebase simulate`` (the theme
decks of the corpus's OCTGN data by default, random legal actions, the
invariants checked after every step unless --no-check), once with the
trace off and once with it on, in turn; the median games/s of the runs is
printed for each, with the slowest and fastest run, and the median
games/s by the CPU time the process used (steadier than the clock on a
machine other work shares).  The games played are
the same with the trace on and off: a digest of their outcomes is printed
for each, and the benchmark stops if they differ.  The process is pinned to
one core (--cpu, by default the first it may run on) where the system
allows it.  ``--no-memo`` plays without keeping a card's power while a
decision's legal actions are listed (:meth:`Board.asking
<rulebase.engine.ccg.board.Board.asking>`), to compare the two on the same
tree; ``--listing`` plays with the policy that lists every legal action
of a decision to choose one (:class:`~rulebase.engine.policy.RandomPolicy`:
other games than the simulator's, which draws a priority decision's
action without judging them all); ``--profile N`` then plays one more run
with the trace on under :mod:`cProfile` and prints the N functions that
took the most time of their own.  Not a test: machines are shared and
noisy.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import pstats
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.percentiles import percentile  # noqa: E402

from rulebase.engine.ccg import board as boards  # noqa: E402
from rulebase.engine.ccg import simulate as simulating  # noqa: E402
from rulebase.engine.ccg.decks import sample_decks  # noqa: E402
from rulebase.engine.policy import RandomPolicy  # noqa: E402


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


def digest(report) -> str:
    """A short fingerprint of the games a run played: their outcomes,
    winners, turns and actions, and the violations."""
    text = repr([(g.seed, g.decks, g.termination, g.winner, g.turns, g.actions) for g in report.games])
    text += repr(report.violations)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per run")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--decks", choices=["theme", "sample"], default="theme")
    parser.add_argument("--no-check", action="store_true", help="do not check the invariants after every step")
    parser.add_argument("--cpu", type=int, help="the core to run on")
    parser.add_argument("--no-memo", action="store_true",
                        help="do not keep what is worked out while legal actions are listed")
    parser.add_argument("--listing", action="store_true",
                        help="choose among every legal action listed, as RandomPolicy does (other games)")
    parser.add_argument("--profile", type=int, default=0, metavar="N",
                        help="profile one more run (trace on) and print the N costliest functions")
    args = parser.parse_args()
    if args.games < 1 or args.runs < 1:
        raise SystemExit("--games and --runs must be at least 1")
    if args.profile < 0:
        raise SystemExit("--profile must be 0 or more")
    boards.MEMO = not args.no_memo
    if args.listing:
        simulating.POLICY = RandomPolicy

    decks = simulating.load_decks() if args.decks == "theme" else sample_decks()
    check = not args.no_check
    print(f"{args.runs} runs of {args.games} games (seed {args.seed}) between {len(decks)} decks "
          f"({', '.join(deck.name for deck in decks)}), {pin(args.cpu)}, "
          f"{'invariants checked after every step' if check else 'no invariant checks'}"
          f"{', nothing kept while legal actions are listed' if args.no_memo else ''}"
          f"{', every legal action listed to choose one' if args.listing else ''}")
    simulating.simulate(5, seed=args.seed + 1, decks=decks, check=check)  # warm up: imports and caches
    rates: dict[bool, list[float]] = {False: [], True: []}
    cpu_rates: dict[bool, list[float]] = {False: [], True: []}
    digests: dict[bool, str] = {}
    last = None
    for run in range(args.runs):
        for trace in (False, True):
            cpu = time.process_time()
            report = simulating.simulate(args.games, seed=args.seed, decks=decks, check=check, trace=trace)
            cpu = time.process_time() - cpu
            rates[trace].append(report.games_per_second)
            cpu_rates[trace].append(args.games / cpu if cpu else 0.0)
            digests.setdefault(trace, digest(report))
            if digest(report) != digests[trace] or digests.get(not trace, digests[trace]) != digests[trace]:
                raise SystemExit(f"run {run + 1}: the games played differ between runs or with the trace "
                                 f"{'on' if trace else 'off'}: the simulation is not deterministic")
            last = report
        print(f"  run {run + 1}: {rates[False][-1]:.1f} games/s trace off, {rates[True][-1]:.1f} trace on "
              f"(by CPU time {cpu_rates[False][-1]:.1f} and {cpu_rates[True][-1]:.1f})", flush=True)
    for trace in (False, True):
        values = rates[trace]
        print(f"trace {'on ' if trace else 'off'}: median {statistics.median(values):.1f} games/s "
              f"(slowest {percentile(values, 0.0):.1f}, fastest {percentile(values, 1.0):.1f}); "
              f"by CPU time {statistics.median(cpu_rates[trace]):.1f}")
    summary = last.as_dict()
    print(f"games: {', '.join(f'{key} {value}' for key, value in sorted(summary['outcomes'].items()))}; "
          f"{summary['mean_turns']} turns and {last.checked_steps / max(len(last.games), 1):.0f} steps a game; "
          f"digest {digests[False]}; violations: {len(last.violations)}")
    for violation in last.violations[:20]:
        print(f"  {violation}")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(simulating.simulate, args.games, seed=args.seed, decks=decks, check=check, trace=True)
        print(f"the {args.profile} functions with the most time of their own (one run, trace on, under cProfile):")
        pstats.Stats(profiler, stream=sys.stdout).sort_stats("tottime").print_stats(args.profile)


if __name__ == "__main__":
    main()
