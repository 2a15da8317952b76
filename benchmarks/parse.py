"""Time parsing each document part and building the rule graph, and
loading the card database.

    python benchmarks/parse.py [--runs N]

Grammars are built once (as in a running process); each part is then parsed
N times and the median is printed, followed by the median time to parse the
whole corpus and build the graph, and to load every card of the card data
(its checksums checked, every set file read, the records built, nothing
cached).  Not a test: machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulebase import cards, corpus, graph  # noqa: E402


def median_ms(function, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()

    start = time.perf_counter()
    parts = corpus.read_parts()
    print(f"first load (grammars built): {(time.perf_counter() - start) * 1000:.1f} ms")
    print(f"{'part':24} {'lines':>6} {'median ms':>10}")
    for parsed in parts:
        part = parsed.part
        ms = median_ms(lambda: corpus.parse_part(part), args.runs)
        print(f"{part.id:24} {part.last_line - part.first_line + 1:>6} {ms:>10.2f}")
    total = median_ms(lambda: graph.build(corpus.read_parts()), args.runs)
    print(f"{'whole corpus + graph':24} {'':>6} {total:>10.2f}")

    def load_cards():
        cards.load.cache_clear()
        return cards.load()

    database = load_cards()
    printings = sum(len(card.printings) for card in database.cards)
    print(f"{'cards':24} {printings:>6} {median_ms(load_cards, args.runs):>10.2f}"
          f"  ({len(database.cards)} cards, {printings} printings, {len(database.sets)} sets)")


if __name__ == "__main__":
    main()
