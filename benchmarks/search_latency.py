"""Time the search in-process on a few hundred mixed queries.

    python benchmarks/search_latency.py [--rounds N] [--seed S]

The queries are rule numbers in the forms judges type, keywords, card names,
judge questions (from the evaluation files), words with typos and hostile
strings; each is searched once per round after a warm-up (the index opened
and the entries' meanings read).  The questions' vectors the search keeps are
forgotten before each round, so every query pays for reading its meaning as
a new question does.  Prints p50, p95, p99 and the maximum in milliseconds,
overall and per kind of query.  Not a test: machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.percentiles import percentile  # noqa: E402
from rulebase import graph as graphs  # noqa: E402
from rulebase.search import SearchQueryError, ensure_index, search, semantic  # noqa: E402

QUESTION_FILES = [ROOT.parent / "shared" / "eval" / "judge-questions-dev.jsonl",
                  *(ROOT / "tests" / "data" / "search" / f"judge-questions-{name}.jsonl"
                    for name in ("extra", "holdout", "tuning", "blind"))]

HOSTILE = [
    '"unbalanced quote', "faceoff AND", "OR NOT", "^", "~", "*", "title:swift", "(((", "swift~2", "a*",
    "NOT NOT NOT", "\x00\x01", "🦄 pony", "514.4c)", "[514 TO 516]", "x" * 900, "the " * 200, "-", "'",
    "\\", "faceoff^3 tie~", "{}", "%s%s%s", "<script>alert(1)</script>", "ccg/3.4/",
]



def typo(word: str, rng: random.Random) -> str:
    if len(word) < 5:
        return word
    i = rng.randrange(1, len(word) - 1)
    return rng.choice([word[:i] + word[i + 1:], word[:i] + word[i + 1] + word[i] + word[i + 2:],
                       word[:i] + rng.choice("aeiou") + word[i:]])


def queries(rng: random.Random) -> list[tuple[str, str, str | None]]:
    graph = graphs.load()
    rules = [graph.node(n) for n in graph.nodes("rule") if graph.node(n)["document"] in ("ccg/3.4", "tcg/official")]
    glossary = [graph.node(n)["title"] for n in graph.nodes("glossary")]
    cards = [graph.node(n)["title"] for n in graph.nodes("erratum")]
    found = []
    for data in rng.sample(rules, 60):
        number = data["key"]
        form = rng.choice(["{}", "rule {}", "CR {}", "({})", "{}"])
        found.append(("number", form.format(number), None))
    for section in rng.sample(sorted({d["key"].split(".")[0] for d in rules if d["game"] == "ccg"}), 10):
        found.append(("number", section, None))
        found.append(("number", f"{section}.*", None))
    found += [("number", "514.4a-c", None), ("number", "601.1a-d", None), ("number", "405.2.0", "tcg")]
    found += [("keyword", term, None) for term in rng.sample(glossary, 30)]
    found += [("card", name, None) for name in rng.sample(cards, 30)]
    for path in QUESTION_FILES:
        if path.is_file():
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    question = json.loads(line)
                    found.append(("question", question["q"], question["game"]))
    for term in rng.sample(glossary + cards, 40):
        found.append(("typo", " ".join(typo(word, rng) for word in term.lower().split()), None))
    found += [("hostile", text, None) for text in HOSTILE]
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()

    start = time.perf_counter()
    opened = ensure_index()
    meanings = semantic.meanings(opened)
    print(f"index ready (opened or built) in {(time.perf_counter() - start) * 1000:.0f} ms")
    print(f"search {semantic.status()}")
    batch = queries(random.Random(args.seed))
    for _, text, game in batch:  # warm-up
        try:
            search(text, game=game)
        except SearchQueryError:
            pass
    times: dict[str, list[float]] = {}
    for _ in range(args.rounds):
        if meanings is not None:
            meanings.forget_questions()
        for kind, text, game in batch:
            begin = time.perf_counter()
            try:
                search(text, game=game)
            except SearchQueryError:
                pass
            times.setdefault(kind, []).append((time.perf_counter() - begin) * 1000)
    every = [t for values in times.values() for t in values]
    print(f"{len(batch)} queries x {args.rounds} rounds")
    print(f"{'kind':10} {'n':>5} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'max ms':>8}")
    for kind, values in [*sorted(times.items()), ("all", every)]:
        print(f"{kind:10} {len(values):5d} {statistics.median(values):8.2f} {percentile(values, 0.95):8.2f} "
              f"{percentile(values, 0.99):8.2f} {max(values):8.2f}")


if __name__ == "__main__":
    main()
