"""Load test of the web lookup: requests per second and latency percentiles
for rule pages and for searches, at a given number of concurrent connections.

Starts ``rulebase serve`` itself on a free port of 127.0.0.1 (nothing else is
contacted), drives it with keep-alive HTTP/1.1 connections from one asyncio
process, and stops it.  Every run is bounded in time and in requests.

    python benchmarks/load.py                       # 32 connections, 10 s per scenario, serve's defaults
    python benchmarks/load.py --threads 16 --workers 2 --duration 20
    python benchmarks/load.py --scenario search --connections 64

Rule pages cycle through every rule of the graph; searches use distinct
queries made of words from the rules (seeded, other ones for the API than
for the page), so most of them miss the server's answer cache.  Those are
keywords, matched by their words; the ``question`` scenario asks distinct
questions ("what happens if ..."), which the search also reads for their
meaning.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulebase.web.serve import DEFAULT_THREADS, default_workers  # noqa: E402

MAX_REQUESTS = 500_000


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_server(port: int, threads: int, workers: int, log) -> subprocess.Popen:
    """Start the server, its messages going to ``log`` (a file: a pipe
    nobody reads would fill up and stall it)."""
    command = [sys.executable, "-m", "rulebase", "serve", "--host", "127.0.0.1", "--port", str(port),
               "--threads", str(threads), "--workers", str(workers)]
    process = subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=log)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            log.seek(0)
            raise SystemExit(f"the server stopped: {log.read().decode(errors='replace')[-500:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return process
        except OSError:
            time.sleep(0.2)
    process.terminate()
    raise SystemExit("the server did not start within 60 s")


def rule_paths() -> list[str]:
    from rulebase.graph import load
    from rulebase.web.catalog import Catalog

    catalog = Catalog(load())
    return [catalog.url(node) for node in catalog.data if catalog.data[node]["kind"] == "rule"]


def rule_words() -> list[str]:
    """The words of four letters or more of the rules, in order."""
    from rulebase.graph import load

    graph = load()
    texts = (graph.node(node)["text"].lower() for node in graph.nodes("rule"))
    return sorted({word for text in texts for word in re.findall(r"[a-z]{4,}", text)})


def search_paths(count: int, api: bool, seed: int = 4) -> list[str]:
    words = rule_words()
    rng = random.Random(seed)
    prefix = "/api/search?q=" if api else "/search?q="
    queries = {" ".join(rng.sample(words, rng.choice((1, 2, 3)))) for _ in range(count)}
    return [prefix + quote(q) for q in sorted(queries)]


QUESTION_FRAMES = ("what happens if {}", "can I {} during a {}", "does {} count as {}", "how does {} work",
                   "who decides {} when {}")


def question_paths(count: int, seed: int = 6) -> list[str]:
    """Distinct questions made of a question's words and words from the
    rules: searched for their meaning as well as their words."""
    words = rule_words()
    rng = random.Random(seed)
    questions = set()
    for _ in range(count):
        frame = rng.choice(QUESTION_FRAMES)
        parts = [" ".join(rng.sample(words, rng.choice((1, 2)))) for _ in range(frame.count("{}"))]
        questions.add(frame.format(*parts))
    return ["/search?q=" + quote(q) for q in sorted(questions)]


async def _read_response(reader: asyncio.StreamReader) -> int:
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    match = re.search(rb"\r\ncontent-length:\s*(\d+)", head, re.I)
    if match is None:
        raise RuntimeError("response without Content-Length")
    await reader.readexactly(int(match.group(1)))
    return status


async def _connection(port, paths, offset, stop_at, latencies, errors, counter):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    index = offset
    try:
        while time.perf_counter() < stop_at and counter[0] < MAX_REQUESTS:
            path = paths[index % len(paths)]
            index += 1
            request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept-Encoding: identity\r\n\r\n".encode()
            started = time.perf_counter()
            writer.write(request)
            try:
                status = await _read_response(reader)
            except (asyncio.IncompleteReadError, ConnectionError, RuntimeError) as error:
                errors.append(repr(error))
                writer.close()
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
                continue
            latencies.append(time.perf_counter() - started)
            counter[0] += 1
            if status != 200:
                errors.append(f"HTTP {status} for {path}")
    finally:
        writer.close()


async def _run(port, paths, connections, seconds):
    latencies: list[float] = []
    errors: list[str] = []
    counter = [0]
    started = time.perf_counter()
    stop_at = started + seconds
    step = max(1, len(paths) // connections)
    await asyncio.gather(*(_connection(port, paths, n * step, stop_at, latencies, errors, counter)
                           for n in range(connections)))
    return latencies, errors, time.perf_counter() - started


def measure(name, port, paths, connections, seconds, warmup) -> dict:
    if warmup:
        asyncio.run(_run(port, paths, connections, warmup))
    latencies, errors, elapsed = asyncio.run(_run(port, paths, connections, seconds))
    latencies.sort()
    pick = lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000 if latencies else float("nan")
    return {
        "scenario": name, "requests": len(latencies), "errors": len(errors), "seconds": round(elapsed, 2),
        "rps": round(len(latencies) / elapsed, 1), "p50_ms": round(pick(0.50), 2), "p90_ms": round(pick(0.90), 2),
        "p99_ms": round(pick(0.99), 2), "max_ms": round(latencies[-1] * 1000, 2) if latencies else None,
        "mean_ms": round(statistics.fmean(latencies) * 1000, 2) if latencies else None,
        "first_errors": errors[:3],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--duration", type=float, default=10.0, help="seconds per scenario (at most 120)")
    parser.add_argument("--warmup", type=float, default=2.0, help="seconds of unmeasured load first")
    parser.add_argument("--threads", type=int, default=DEFAULT_THREADS,
                        help="waitress threads per server process (default: as `rulebase serve`)")
    parser.add_argument("--workers", type=int, default=default_workers(),
                        help="server processes (default: as `rulebase serve`, one per core, at most 4)")
    parser.add_argument("--scenario", choices=["rule", "search", "api-search", "question", "all"], default="all")
    args = parser.parse_args()
    seconds = min(args.duration, 120.0)
    connections = max(1, min(args.connections, 512))
    scenarios = {
        "rule": lambda: rule_paths(),
        "search": lambda: search_paths(20_000, api=False),
        # Other questions than the page's, which the server has answered (and cached) already.
        "api-search": lambda: search_paths(20_000, api=True, seed=5),
        "question": lambda: question_paths(20_000),
    }
    wanted = list(scenarios) if args.scenario == "all" else [args.scenario]
    port = free_port()
    log = tempfile.TemporaryFile()
    server = start_server(port, args.threads, args.workers, log)
    print(f"server: 127.0.0.1:{port}, {args.workers} process(es) x {args.threads} waitress threads; "
          f"client: {connections} connections, {seconds:g} s per scenario, {os.cpu_count()} cores", flush=True)
    failed = False
    try:
        for name in wanted:
            paths = scenarios[name]()
            result = measure(name, port, paths, connections, seconds, args.warmup)
            failed = failed or result["errors"] > 0
            print(f"{name:<11} {result['rps']:>8.1f} req/s  p50 {result['p50_ms']:>7.2f} ms  "
                  f"p90 {result['p90_ms']:>7.2f} ms  p99 {result['p99_ms']:>7.2f} ms  max {result['max_ms']} ms  "
                  f"requests {result['requests']}  errors {result['errors']}  ({len(paths)} distinct URLs)", flush=True)
            for error in result["first_errors"]:
                print(f"    {error}")
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
        log.seek(0)
        queue_warnings = log.read().decode(errors="replace").count("Task queue depth")
        if queue_warnings:
            print(f"(waitress warned {queue_warnings} times that requests were queueing for a thread)")
        log.close()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
