"""Load test of the web lookup: requests per second and latency percentiles
for rule pages and for searches, at a given number of concurrent connections,
each beside its static ceiling.

Starts ``rulebase serve`` itself on a free port of 127.0.0.1 (nothing else is
contacted), drives it with keep-alive HTTP/1.1 connections from one asyncio
process, and stops it.  Every run is bounded in time and in requests.

    python benchmarks/load.py                       # 32 connections, 10 s per scenario, serve's defaults
    python benchmarks/load.py --threads 16 --workers 2 --duration 20
    python benchmarks/load.py --scenario search --connections 64
    python benchmarks/load.py --scenario rules --json

Rule pages cycle through every rule of the graph; searches use distinct
queries made of words from the rules (seeded, other ones for the API than
for the page), so most of them miss the server's answer cache.  Those are
keywords, matched by their words; the ``question`` scenario asks distinct
questions ("what happens if ..."), which the search also reads for their
meaning.  The ``card`` scenario cycles through the pages of an even
sample of the cards (at most 1,000), and ``card-query`` asks the card
search page distinct queries of the card query language (field terms and
words of the cards' names).

Each scenario is measured beside its static ceiling.  The server is warmed
up first: for --warmup seconds, and for the rule pages (a list the run goes
through again and again) until every connection has asked for every page
once, so that each worker has drawn each page.  After the first slice of the
measured time, the pages asked for so far (at most MAX_COPIES of them) are
fetched once from the server and saved, then served as static bytes by a
minimal WSGI application on ``rulebase serve``'s own waitress set-up (the
same threads and workers, another free port of 127.0.0.1), warmed up the
same way; the server and its ceiling are then measured in turn, a slice
each, so that both meet the same load from the rest of the machine.  A
scenario's ratio is its requests per second over its ceiling's.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
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
START_SECONDS = 120.0
# A request not answered within this many seconds after a run's end is
# counted as an error and given up.
REPLY_SECONDS = 30.0
# The longest warm-up, in seconds.
MAX_WARMUP = 30.0
# The pages saved for the ceiling of a scenario, at most; and the time
# allowed to fetch them.
MAX_COPIES = 1500
FETCH_SECONDS = 60.0
# The measured time of a scenario is cut in this many slices, the server's
# and its ceiling's in turn.
SLICES = 10
SCENARIOS = ("rule", "search", "api-search", "question", "card", "card-query")
ALIASES = {"rules": "rule", "api": "api-search"}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_server(port: int, threads: int, workers: int, log, command: list[str] | None = None) -> subprocess.Popen:
    """Start the server (``rulebase serve``, or ``command``), its messages
    going to ``log`` (a file: a pipe nobody reads would fill up and stall
    it), and wait until it says it serves on ``port``: once every worker is
    ready, not merely once the socket listens."""
    command = command or [sys.executable, "-m", "rulebase", "serve", "--host", "127.0.0.1", "--port", str(port),
                          "--threads", str(threads), "--workers", str(workers)]
    process = subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=log, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    address = f"127.0.0.1:{port}/".encode()
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        said = os.pread(log.fileno(), 1 << 20, 0)  # the server writes at the file's end: leave its offset alone
        if process.poll() is not None:
            raise SystemExit(f"the server stopped: {said.decode(errors='replace')[-500:]}")
        if address in said:
            return process
        time.sleep(0.2)
    stop_server(process)
    raise SystemExit(f"the server did not start within {START_SECONDS:g} s")


def stop_server(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)


def rule_paths() -> list[str]:
    from rulebase.graph import load
    from rulebase.web.catalog import Catalog

    catalog = Catalog(load())
    return [catalog.url(node) for node in catalog.data if catalog.data[node]["kind"] == "rule"]


def card_paths(limit: int = 1000) -> list[str]:
    """The pages of cards: every card's, or an even sample of ``limit`` of
    them (a run goes through a list again and again only up to
    :data:`MAX_COPIES` addresses)."""
    from rulebase.graph import load
    from rulebase.web.catalog import Catalog

    catalog = Catalog(load())
    nodes = [node for node in catalog.data if catalog.data[node]["kind"] == "card"]
    step = max(1, -(-len(nodes) // limit))
    return [catalog.url(node) for node in nodes[::step]]


CARD_TERMS = ("t:friend", "t:resource", "t:event", "t:troublemaker", "t:problem", "t:mane", "c:blue", "c:orange",
              "c:pink", "c:purple", "c:white", "c:yellow", "c:multi", "pow>=3", "pow<2", "cost<=2", "cost>3",
              "kw:swift", "kw:stubborn", "kw:competitive", "kw:random", "is:errata", "-t:friend", "r:r", "r:c",
              "legal:harmony", "set:pr", "set:eo", "order:power", "order:cost")


def card_query_paths(count: int, seed: int = 7) -> list[str]:
    """Distinct card queries: a few field terms and a word of the cards'
    names, through the card search page."""
    from rulebase.graph import card_database

    words = sorted({word for card in card_database().cards for word in re.findall(r"[a-z]{4,}", card.name.lower())})
    rng = random.Random(seed)
    queries = set()
    for _ in range(count):
        terms = rng.sample(CARD_TERMS, rng.choice((1, 2, 3)))
        if rng.random() < 0.5:
            terms.append(rng.choice(words))
        queries.add(" ".join(terms))
    return ["/ccg/cards?q=" + quote(q) for q in sorted(queries)]


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


async def _read_response(reader: asyncio.StreamReader, keep: bool = False) -> tuple[int, bytes, bytes]:
    """The status of the next response (its head and body too with ``keep``)."""
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    match = re.search(rb"\r\ncontent-length:\s*(\d+)", head, re.I)
    if match is None:
        raise RuntimeError("response without Content-Length")
    body = await reader.readexactly(int(match.group(1)))
    return (status, head, body) if keep else (status, b"", b"")


def _request(path: str, port: int) -> bytes:
    return f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept-Encoding: identity\r\n\r\n".encode()


class Load:
    """Keep-alive connections driving the server on ``port`` through
    ``paths``: each connection starts at its own place in the list, and each
    run goes on where the last one stopped, so that no address is asked
    twice before the list is done (a search stays a new question).  The
    figures count the measured runs only; a load makes at most
    :data:`MAX_REQUESTS` requests in all."""

    def __init__(self, name: str, port: int, paths: list[str], connections: int):
        self.name, self.port, self.paths = name, port, paths
        step = max(1, len(paths) // connections)
        self.starts = [n * step for n in range(connections)]
        self.cursors = list(self.starts)
        self.slices: list[float] = []  # the rate of each measured run
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.seconds = 0.0
        self.count = 0
        self.requested: set[int] = set()

    def run(self, seconds: float, measured: bool = True) -> None:
        """Drive the server for ``seconds``."""
        if seconds > 0:
            asyncio.run(self._run(seconds, measured))

    def warm(self, seconds: float) -> None:
        """Drive the server unmeasured for ``seconds``; and when the list is
        one a run goes through again and again (at most :data:`MAX_COPIES`
        addresses, as the rule pages), on until every connection has been
        through all of it once (at most :data:`MAX_WARMUP` seconds in all):
        each worker draws a page the first time it is asked for it, and
        those first drawings are not what such a scenario measures."""
        if seconds <= 0:
            return
        started = time.perf_counter()
        self.run(seconds, measured=False)
        while (len(self.paths) <= MAX_COPIES and min(self.walked()) < len(self.paths)
               and time.perf_counter() - started < MAX_WARMUP):
            self.run(1.0, measured=False)

    def walked(self) -> list[int]:
        """How many addresses each connection has asked for."""
        return [cursor - start for cursor, start in zip(self.cursors, self.starts)]

    async def _run(self, seconds: float, measured: bool) -> None:
        latencies: list[float] = self.latencies if measured else []
        errors: list[str] = self.errors if measured else []
        started, before = time.perf_counter(), len(latencies)
        try:
            await asyncio.wait_for(asyncio.gather(*(self._connection(n, started + seconds, latencies, errors)
                                                    for n in range(len(self.cursors)))), seconds + REPLY_SECONDS)
        except asyncio.TimeoutError:
            errors.append(f"no answer within {REPLY_SECONDS:g} s")
        if measured:
            elapsed = time.perf_counter() - started
            self.seconds += elapsed
            self.slices.append(round((len(latencies) - before) / elapsed, 1))

    async def _connection(self, n: int, stop_at: float, latencies: list[float], errors: list[str]) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        try:
            while time.perf_counter() < stop_at and self.count < MAX_REQUESTS:
                position = self.cursors[n] % len(self.paths)
                path = self.paths[position]
                self.cursors[n] += 1
                started = time.perf_counter()
                writer.write(_request(path, self.port))
                try:
                    status, _, _ = await _read_response(reader)
                except (asyncio.IncompleteReadError, ConnectionError, RuntimeError) as error:
                    errors.append(repr(error))
                    writer.close()
                    reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
                    continue
                latencies.append(time.perf_counter() - started)
                self.count += 1
                self.requested.add(position)
                if status != 200:
                    errors.append(f"HTTP {status} for {path}")
        finally:
            writer.close()

    def requested_paths(self) -> list[str]:
        """The paths requested so far, in the order of the list."""
        return [self.paths[i] for i in sorted(self.requested)]

    def result(self) -> dict:
        latencies = sorted(self.latencies)
        elapsed = self.seconds or float("nan")
        pick = lambda q: round(latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000, 2) if latencies \
            else None
        return {
            "scenario": self.name, "requests": len(latencies), "errors": len(self.errors),
            "seconds": round(self.seconds, 2), "rps": round(len(latencies) / elapsed, 1) if latencies else 0.0,
            "p50_ms": pick(0.50), "p90_ms": pick(0.90), "p99_ms": pick(0.99),
            "max_ms": round(latencies[-1] * 1000, 2) if latencies else None,
            "mean_ms": round(statistics.fmean(latencies) * 1000, 2) if latencies else None,
            "distinct_urls": len(self.paths), "slices_rps": self.slices, "first_errors": self.errors[:3],
        }


# -- the static ceiling ------------------------------------------------------------------


async def _fetch(port: int, paths: list[str], directory: Path, stop_at: float, connections: int = 4) -> dict:
    """Fetch each of ``paths`` once (until ``stop_at``) and save it in
    ``directory``: the body in a file of its own, and in ``index.json`` the
    request target with the file, the status line and the Content-Type."""
    index: dict[str, list] = {}
    queue = list(enumerate(paths))

    async def worker():
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        try:
            while queue and time.perf_counter() < stop_at:
                number, path = queue.pop()
                writer.write(_request(path, port))
                try:
                    status, head, body = await asyncio.wait_for(_read_response(reader, keep=True), REPLY_SECONDS)
                except (asyncio.TimeoutError, asyncio.IncompleteReadError, ConnectionError, RuntimeError):
                    return
                if status != 200:
                    continue
                found = re.search(rb"\r\ncontent-type:\s*([^\r]*)", head, re.I)
                content_type = found.group(1).decode("latin-1") if found else "application/octet-stream"
                reason = head.split(b"\r\n", 1)[0].split(b" ", 1)[1].decode("latin-1")
                name = f"{number:05d}"
                (directory / name).write_bytes(body)
                index[path] = [name, reason, content_type]
        finally:
            writer.close()

    await asyncio.gather(*(worker() for _ in range(connections)))
    (directory / "index.json").write_text(json.dumps(index))
    return index


def save_copies(port: int, paths: list[str], directory: Path) -> list[str]:
    """Save the pages of ``paths`` (at most :data:`MAX_COPIES`, for at most
    :data:`FETCH_SECONDS`) from the server on ``port``; the paths saved."""
    index = asyncio.run(_fetch(port, paths[:MAX_COPIES], directory, time.perf_counter() + FETCH_SECONDS))
    return [path for path in paths if path in index]


def copies_app(directory: Path):
    """A minimal WSGI application of static bytes: the pages saved in
    ``directory``, each with its status, Content-Type and Content-Length,
    found by the request target as sent."""
    index = json.loads((directory / "index.json").read_text())
    pages = {}
    for target, (name, status, content_type) in index.items():
        body = (directory / name).read_bytes()
        pages[target] = (status, [("Content-Type", content_type), ("Content-Length", str(len(body)))], body)
    missing = ("404 Not Found", [("Content-Type", "text/plain"), ("Content-Length", "0")], b"")

    def app(environ, start_response):
        status, headers, body = pages.get(environ.get("REQUEST_URI", ""), missing)
        start_response(status, headers)
        return [body]

    return app


def serve_copies(directory: Path, port: int, threads: int, workers: int, lifetime: float) -> None:
    """Serve the saved pages with ``rulebase serve``'s own waitress set-up
    (the same threads, workers and options) for at most ``lifetime`` s."""
    from rulebase.web.serve import serve

    signal.alarm(max(1, int(lifetime)))  # ends this process, and its workers with it
    serve("127.0.0.1", port, threads=threads, workers=workers, app=copies_app(directory),
          announce=lambda line: print(line, file=sys.stderr, flush=True))


def start_copies_server(args, directory: Path, lifetime: float) -> tuple[int, subprocess.Popen, object]:
    """Start the server of the pages saved in ``directory`` on a free port:
    the port, the process and its log."""
    port = free_port()
    command = [sys.executable, str(Path(__file__).resolve()), "--serve-copies", str(directory), "--port", str(port),
               "--threads", str(args.threads), "--workers", str(args.workers), "--lifetime", str(lifetime)]
    log = tempfile.TemporaryFile()
    return port, start_server(port, args.threads, args.workers, log, command), log


def run_scenario(name: str, port: int, paths: list[str], args, connections: int, seconds: float) -> dict:
    """Measure one scenario, and its ceiling unless ``--no-ceiling``.

    The server is warmed up, measured for a slice of the time, its pages
    saved; then the saved copies' server is warmed up, and the two are
    measured in turn, one slice each, :data:`SLICES` times, so that both
    meet the same load from the rest of the machine.  The ratio is of the
    two rates over all slices; the median of the slices' ratios is given
    too, as it is less swayed by a slice that met a burst of other load."""
    load = Load(name, port, paths, connections)
    load.warm(args.warmup)
    if args.no_ceiling:
        load.run(seconds)
        return load.result()
    part = seconds / SLICES
    load.run(part)
    with tempfile.TemporaryDirectory(prefix="rulebase-load-") as directory:
        copies = save_copies(port, load.requested_paths(), Path(directory))
        if not copies:
            load.run(seconds - part)
            return {**load.result(), "ceiling": None, "ratio": None}
        lifetime = START_SECONDS + MAX_WARMUP + args.warmup + 2 * seconds + REPLY_SECONDS
        copies_port, server, log = start_copies_server(args, Path(directory), lifetime)
        try:
            ceiling = Load("ceiling", copies_port, copies, connections)
            ceiling.warm(args.warmup)
            ceiling.run(part)
            for _ in range(SLICES - 1):
                load.run(part)
                ceiling.run(part)
        finally:
            stop_server(server)
            log.close()
    result, ceiling_result = load.result(), ceiling.result()
    ratio = round(result["rps"] / ceiling_result["rps"], 3) if ceiling_result["rps"] else None
    pairs = [mine / theirs for mine, theirs in zip(load.slices, ceiling.slices) if theirs]
    return {**result, "ceiling": ceiling_result, "ratio": ratio,
            "slice_ratio_median": round(statistics.median(pairs), 3) if pairs else None}


# -- the command -------------------------------------------------------------------------


def _line(name: str, result: dict, what: str) -> str:
    ms = lambda key: "-" if result[key] is None else f"{result[key]:.2f}"
    return (f"{name:<11} {result['rps']:>8.1f} req/s  p50 {ms('p50_ms'):>7} ms  p90 {ms('p90_ms'):>7} ms  "
            f"p99 {ms('p99_ms'):>7} ms  max {ms('max_ms')} ms  requests {result['requests']}  "
            f"errors {result['errors']}  ({result['distinct_urls']} {what})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--duration", type=float, default=10.0, help="seconds per scenario (at most 120)")
    parser.add_argument("--warmup", type=float, default=2.0,
                        help="seconds of unmeasured load first (the rule pages: on until each connection has "
                             "asked for every page, at most 30 s)")
    parser.add_argument("--threads", type=int, default=DEFAULT_THREADS,
                        help="waitress threads per server process (default: as `rulebase serve`)")
    parser.add_argument("--workers", type=int, default=default_workers(),
                        help="server processes (default: as `rulebase serve`, one per core, at most 4)")
    parser.add_argument("--scenario", choices=[*SCENARIOS, *ALIASES, "all"], default="all",
                        help="one scenario (rules = rule, api = api-search) or all")
    parser.add_argument("--no-ceiling", action="store_true", help="measure the server only, not the static ceiling")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON document")
    # The ceiling's server, started by this script itself.
    parser.add_argument("--serve-copies", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--lifetime", type=float, default=60.0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_copies is not None:
        serve_copies(args.serve_copies, args.port, args.threads, args.workers, min(args.lifetime, 900.0))
        return 0
    args.warmup = min(max(args.warmup, 0.0), 60.0)
    seconds = min(args.duration, 120.0)
    connections = max(1, min(args.connections, 512))
    scenarios = {
        "rule": lambda: rule_paths(),
        "search": lambda: search_paths(20_000, api=False),
        # Other questions than the page's, which the server has answered (and cached) already.
        "api-search": lambda: search_paths(20_000, api=True, seed=5),
        "question": lambda: question_paths(20_000),
        "card": lambda: card_paths(),
        "card-query": lambda: card_query_paths(20_000),
    }
    wanted = list(scenarios) if args.scenario == "all" else [ALIASES.get(args.scenario, args.scenario)]
    say = (lambda text: print(text, file=sys.stderr, flush=True)) if args.json else (lambda text: print(text, flush=True))
    port = free_port()
    log = tempfile.TemporaryFile()
    server = start_server(port, args.threads, args.workers, log)
    setting = {"server": f"127.0.0.1:{port}", "workers": args.workers, "threads": args.threads,
               "connections": connections, "seconds": seconds, "warmup": args.warmup, "cores": os.cpu_count()}
    say(f"server: 127.0.0.1:{port}, {args.workers} process(es) x {args.threads} waitress threads; "
        f"client: {connections} connections, {seconds:g} s per scenario, {os.cpu_count()} cores")
    failed = False
    results = []
    try:
        for name in wanted:
            paths = scenarios[name]()
            result = run_scenario(name, port, paths, args, connections, seconds)
            failed = failed or result["errors"] > 0
            say(_line(name, result, "distinct URLs"))
            for error in result["first_errors"]:
                say(f"    {error}")
            if not args.no_ceiling:
                ceiling = result["ceiling"]
                if ceiling is None:
                    failed = True
                    say("  ceiling    no page could be saved")
                else:
                    failed = failed or ceiling["errors"] > 0
                    say(_line("  ceiling", ceiling, "saved pages"))
                    say(f"  ratio      {result['ratio']} (slice by slice: median {result['slice_ratio_median']})")
                    for error in ceiling["first_errors"]:
                        say(f"    {error}")
            results.append(result)
    finally:
        stop_server(server)
        log.seek(0)
        queue_warnings = log.read().decode(errors="replace").count("Task queue depth")
        if queue_warnings:
            say(f"(waitress warned {queue_warnings} times that requests were queueing for a thread)")
        log.close()
    if args.json:
        print(json.dumps({**setting, "queue_warnings": queue_warnings, "scenarios": results}, indent=2))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
