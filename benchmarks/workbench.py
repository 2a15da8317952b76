"""Time the scenario workbench's runs through POST /api/scenario/run.

    python benchmarks/workbench.py [--rounds 3]

Starts one worker (timed: it loads the rule graph), then runs every one of
the project's scenarios, one by one, as the workbench's examples hold them,
and each whole scenario file, ``--rounds`` times, through the API in
process.  Prints the worker's start, the median, p50 and p99 of one run,
the slowest whole file, and how long a run over its time limit takes to be
answered (the limit plus killing the worker) and the next run after it (a
new worker).  Not a test: machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.percentiles import percentile  # noqa: E402

from rulebase import scenario_worker  # noqa: E402
from rulebase.web import create_app  # noqa: E402
from rulebase.web.workbench import examples  # noqa: E402



def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    client = create_app({"WARM_SEARCH": False}).test_client()
    every = examples()
    start = time.perf_counter()
    scenario_worker.pool(1).run(scenario_worker.WARM_UP, scenario_worker.Limits(seconds=120))
    print(f"worker start (graph loaded, engine warmed): {time.perf_counter() - start:.2f} s")

    def run(text: str) -> tuple[float, int]:
        began = time.perf_counter()
        response = client.post("/api/scenario/run", json={"text": text})
        return time.perf_counter() - began, response.status_code

    singles, files = [], {}
    for _ in range(args.rounds):
        for ident, example in every.items():
            seconds, status = run(example.text)
            if status != 200:
                print(f"  {ident}: HTTP {status}")
            (singles.append(seconds) if ":" in ident else files.setdefault(ident, []).append(seconds))
    ms = [s * 1000 for s in singles]
    print(f"one scenario ({len(singles)} runs): median {statistics.median(ms):.1f} ms, "
          f"p50 {percentile(ms, 0.5):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms")
    slowest = max(files, key=lambda ident: statistics.median(files[ident]))
    print(f"whole files: slowest {slowest} ({len(every[slowest].text) // 1024} KB), "
          f"median {statistics.median(files[slowest]) * 1000:.0f} ms")
    stopped = create_app({"WARM_SEARCH": False, "WORKBENCH_SECONDS": 0.05}).test_client()
    began = time.perf_counter()
    status = stopped.post("/api/scenario/run", json={"text": every["quickstart"].text}).status_code
    print(f"a run over a 0.05 s limit: HTTP {status} after {(time.perf_counter() - began) * 1000:.0f} ms")
    seconds, status = run(every["moving:1"].text)
    print(f"the next run (a new worker started): HTTP {status} after {seconds:.2f} s")


if __name__ == "__main__":
    main()
