"""A recording of what the search answers, to check that making it faster
does not change its answers.

The cases are the queries of ``benchmarks/search_latency.py`` (numbers,
keywords, card names, the judge questions with their game, typos, hostile
strings), every judge question again without a game (as the web pages search),
a sample of the load test's word queries, and some queries over every edition
with a larger limit.  For each the ordered hits are recorded: id, score and
the HTML snippet (the plain snippet is the HTML without its marks).

    python tests/search/recording.py           # writes tests/data/search/recorded-results.jsonl
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from urllib.parse import unquote

ROOT = Path(__file__).resolve().parents[2]
RECORDING = ROOT / "tests" / "data" / "search" / "recorded-results.jsonl"
QUESTION_FILES = [ROOT.parent / "shared" / "eval" / "judge-questions-dev.jsonl",
                  *sorted((ROOT / "tests" / "data" / "search").glob("judge-questions-*.jsonl"))]
LOAD_QUERIES = 300
EVERY_EDITION = 80


def cases() -> list[dict]:
    """The queries recorded: ``query``, ``game``, ``edition``, ``limit``."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import load
    import search_latency

    found: list[dict] = []
    seen: set = set()

    def add(query: str, game=None, edition=None, limit=10) -> None:
        key = (query, game, edition, limit)
        if key not in seen:
            seen.add(key)
            found.append({"query": query, "game": game, "edition": edition, "limit": limit})

    benchmark = search_latency.queries(random.Random(7))
    for _, text, game in benchmark:
        add(text, game)
    for path in QUESTION_FILES:
        if path.is_file():
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    add(json.loads(line)["q"])
    paths = load.search_paths(20_000, api=False)
    for path in random.Random(11).sample(paths, LOAD_QUERIES):
        add(unquote(path.split("?q=", 1)[1]))
    words = [text for kind, text, _ in benchmark if kind in ("keyword", "card", "question", "typo")]
    for text in random.Random(13).sample(words, EVERY_EDITION):
        add(text, edition="all", limit=20)
    return found


def answer(case: dict, graph=None) -> dict:
    """The search's answer to a case: its hits, or the error it raised."""
    from rulebase.search import SearchQueryError, search

    try:
        hits = search(case["query"], game=case["game"], edition=case["edition"], limit=case["limit"], graph=graph)
    except SearchQueryError as error:
        return {**case, "error": str(error)}
    return {**case, "hits": [[hit.id, hit.score, hit.snippet] for hit in hits]}


def main() -> None:
    sys.path.insert(0, str(ROOT))
    answers = [answer(case) for case in cases()]
    with open(RECORDING, "w", encoding="utf-8") as handle:
        for row in answers:
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"{len(answers)} answers recorded in {RECORDING.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
