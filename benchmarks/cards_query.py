"""Time card queries (rulebase.cards.query) over every card, in-process.

    python benchmarks/cards_query.py [--runs N] [--json]

The card database and the per-card facts are loaded once (as in a running
process); each representative query is then read and run N times over all
the cards, cold (each term tested on every card: the cache of terms emptied
before each run) and warm (its terms' cards remembered from the run
before), and the p50 and p99 of each, and of all the runs together, are
printed in milliseconds.  Not a test: machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.percentiles import percentile  # noqa: E402

from rulebase.cards import load  # noqa: E402
from rulebase.cards.query import _term_cache, search  # noqa: E402

QUERIES = [
    "Rainbow Dash",
    "Kitchen au Flambe",
    '"turn this card over"',
    "t:friend c:blue pow>=3",
    "t:mane",
    "kw:\"competitive 2\" or kw:swift",
    "trait:\"earth pony\" cost<=2 -c:orange",
    "(t:event or t:resource) req>=3 o:draw",
    "needs:wild oppneeds>=8 set:cn",
    "c:multi r:ur order:power dir:desc",
    "set:pr order:number",
    "order:name",
    "t:troublemaker pow>=2 or t:problem bonus>=2",
    "not (c:blue or c:pink or c:white) t:friend hl>3",
]



def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--json", action="store_true", help="Print one JSON object.")
    args = parser.parse_args()

    cards = load()
    search("t:mane", cards)  # the parser and the facts made once
    rows, every = [], {"cold": [], "warm": []}
    for query in QUERIES:
        row = {"query": query}
        for mode in ("cold", "warm"):
            times = []
            for _ in range(args.runs):
                if mode == "cold":
                    _term_cache(cards).clear()
                start = time.perf_counter()
                found = search(query, cards)
                times.append((time.perf_counter() - start) * 1000)
            every[mode].extend(times)
            row.update({"cards": len(found), f"{mode}_p50_ms": round(statistics.median(times), 3),
                        f"{mode}_p99_ms": round(percentile(times, 0.99), 3)})
        rows.append(row)
    total = {"cards": len(cards), "queries": len(QUERIES), "runs": args.runs}
    for mode, times in every.items():
        total.update({f"{mode}_p50_ms": round(statistics.median(times), 3),
                      f"{mode}_p99_ms": round(percentile(times, 0.99), 3)})
    if args.json:
        print(json.dumps({"queries": rows, "all": total}, indent=2))
        return
    print(f"{'query':48} {'cards':>6} {'cold p50':>9} {'cold p99':>9} {'warm p50':>9} {'warm p99':>9}")
    for row in rows + [{**total, "query": f"all {len(QUERIES) * args.runs} runs of each over {len(cards)} cards",
                        "cards": ""}]:
        print(f"{row['query'][:48]:48} {row['cards']:>6} {row['cold_p50_ms']:>9.2f} {row['cold_p99_ms']:>9.2f} "
              f"{row['warm_p50_ms']:>9.2f} {row['warm_p99_ms']:>9.2f}")


if __name__ == "__main__":
    main()
