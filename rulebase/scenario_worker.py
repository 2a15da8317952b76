"""Running a visitor's scenario text away from the web process, bounded.

The site's workbench (:mod:`rulebase.web.workbench`) never reads or runs a
visitor's scenario itself.  It hands the text to a worker process
(``python -m rulebase.scenario_worker``), which parses it with
:func:`rulebase.scenarios.parser.parse`, refuses it *before running* when it
is over the budget (:class:`Limits`: scenarios, statements, numbers), runs
it with :func:`rulebase.scenarios.runner.run_file`, explains each result
with :func:`rulebase.scenarios.explain.explain` and answers with plain data
(:func:`run_text`).  A worker that has not answered within the time limit is
killed, so a run really stops; the next run starts a new worker.

Requests and answers are one JSON object a line over the worker's standard
input and output; once it is ready the worker writes nothing else anywhere
(its stray output and its errors go to the null device), and nothing a
visitor writes is kept once the answer is sent.
"""

from __future__ import annotations

import atexit
import json
import os
import queue
import subprocess
import sys
import threading
import time
from dataclasses import asdict, dataclass

from rulebase import paths

MAX_TEXT = 64 * 1024
"""The longest scenario text run, in bytes of UTF-8."""
MAX_REPLY = 16 << 20
"""The longest answer a worker may send, in bytes; a longer one stops it."""
START_SECONDS = 120.0
"""How long a new worker may take to load the rule graph and say it is ready."""
RETRY_SECONDS = 10.0
"""How long after a worker failed to start runs are refused at once, rather
than each starting a process that fails again."""
MEMORY = 1 << 30
"""The address space a worker may grow by while running scenarios, in bytes."""
PATH = "scenario"
"""The name a visitor's text goes by in error messages (``scenario:3:5: ...``)."""


@dataclass(frozen=True)
class Limits:
    """The budget of one run, checked before anything runs (``scenarios``,
    ``statements``: the facts, actions and expectations of all the
    scenarios together, ``number``: the largest number a sentence may hold),
    and the time it may take, parsing and explaining included (``seconds``)."""

    scenarios: int = 30
    statements: int = 400
    number: int = 1000
    seconds: float = 5.0


class RunRefused(Exception):
    """Raised by :meth:`WorkerPool.run` when a run could not be done: it
    took longer than its time limit (``reason`` ``"time"``), the worker
    stopped while running it (``"stopped"``), no worker was free in time
    (``"busy"``) or none could start (``"start"``)."""

    def __init__(self, reason: str, message: str):
        self.reason = reason
        super().__init__(message)


def clean(text: str) -> str:
    """``text`` as valid Unicode: a lone surrogate (which JSON can carry but
    UTF-8 cannot) becomes ``?``.

    >>> clean("a\\ud800b")
    'a?b'
    """
    return text.encode("utf-8", "replace").decode("utf-8")


# -- in the worker -----------------------------------------------------------


def _problem(kind: str, message: str, line: int = 0, column: int = 0, text: str = "") -> dict:
    return {"ok": False, "error": {"kind": kind, "line": line, "column": column, "message": message, "text": text}}


def _scenario_error(error) -> dict:
    return _problem("syntax", error.message, error.line, error.column, error.text)


def _numbers(node):
    """Every number a parsed sentence holds, in its parts too."""
    from rulebase.scenarios.model import Node

    for arg in node.args:
        if isinstance(arg, Node):
            yield from _numbers(arg)
        elif isinstance(arg, int) and not isinstance(arg, bool):
            yield arg


def over_budget(scenario_file, limits: Limits) -> dict | None:
    """Why a parsed file is more than a run may hold, as an answer, or None."""
    scenarios = scenario_file.scenarios
    if len(scenarios) > limits.scenarios:
        extra = scenarios[limits.scenarios]
        return _problem("budget", f"{len(scenarios)} scenarios: a run holds at most {limits.scenarios}",
                        extra.line, 1, f"Scenario: {extra.name}")
    count = 0
    sentences = list(scenario_file.cards)
    for scenario in scenarios:
        statements = list(scenario.given) + [s for block in scenario.steps for s in block.statements]
        count += len(statements)
        if count > limits.statements:
            statement = statements[len(statements) - (count - limits.statements)]
            return _problem("budget", f"more than {limits.statements} facts, actions and expectations: "
                            f"a run holds at most {limits.statements}", statement.line, statement.column,
                            statement.text)
        sentences += list(scenario.cards) + statements
    for sentence in sentences:
        for number in _numbers(sentence):
            if abs(number) > limits.number:
                return _problem("budget", f"the number {number} is larger than a run allows "
                                f"(at most {limits.number})", sentence.line, sentence.column, sentence.text)
    return None


def run_text(text: str, graph, limits: Limits = Limits()) -> dict:
    """Parse, check and run the scenarios of ``text`` against the rules of
    ``graph``: ``{"ok": True, "scenarios": [...]}`` with each scenario's
    name, line, status, failures, error and explanation, or ``{"ok": False,
    "error": {...}}`` with the kind (``syntax``, ``budget``), line, column,
    message and line's text of why nothing ran."""
    from rulebase.scenarios import bindings, explain, parser, runner
    from rulebase.scenarios.model import ScenarioError

    text = clean(text)
    if len(text.encode("utf-8")) > MAX_TEXT:
        return _problem("budget", f"the text is more than {MAX_TEXT // 1024} KB")
    try:
        scenario_file = parser.parse(text, PATH)
        refusal = over_budget(scenario_file, limits)
        if refusal is not None:
            return refusal
        for scenario in scenario_file.scenarios:
            bindings.binding_for(scenario.game)
        parser.check_citations(scenario_file, graph, bindings.document_for(graph))
    except ScenarioError as error:
        return _scenario_error(error)
    except bindings.UnknownGameError as error:
        lines = text.splitlines()
        line = next((n for n, row in enumerate(lines, 1) if row.strip().lower().startswith("game:")), 0)
        return _problem("syntax", str(error), line, 1 if line else 0, lines[line - 1].strip() if line else "")
    document_for = bindings.document_for(graph)
    answers = []
    for scenario in scenario_file.scenarios:
        document = document_for(scenario.game)
        try:
            result = runner.run(scenario, bindings.binding_for(scenario.game), scenario_file.cards)
            explained = explain.explain(result, graph, document)
        except Exception as error:  # the engine stopped: say so for this scenario, run the others
            answers.append({"name": scenario.name, "line": scenario.line, "game": scenario.game,
                            "document": document, "status": "error", "failures": [],
                            "error": {"line": scenario.line, "column": 1,
                                      "message": f"the engine stopped: {type(error).__name__}: {error}"[:500]},
                            "explain": f"Scenario: {scenario.name}  [error]"})
            continue
        error = result.error
        answers.append({
            "name": scenario.name, "line": scenario.line, "game": scenario.game, "document": document,
            "status": result.status, "failures": list(result.failures),
            "error": None if error is None else {"line": error.line, "column": error.column,
                                                 "message": error.message, "text": error.text},
            "explain": explained,
        })
    return {"ok": True, "scenarios": answers}


def _limit_memory() -> None:
    try:
        import resource
    except ImportError:  # pragma: no cover - not on POSIX
        return
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            size = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError):
        return
    limit = size + MEMORY
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


WARM_UP = """Cards:
  "Comet" is a Friend: blue, power 2, cost 2.
Scenario: warm up
  Given Alice has "Comet" at her home
  Then "Comet" is at Alice's home
"""


def main() -> None:
    """The worker's loop: load the graph, say ``{"ready": true}``, then
    answer each request line (``{"text": ..., "limits": {...}}``) with
    :func:`run_text`'s answer on one line."""
    replies = os.fdopen(os.dup(1), "w", encoding="utf-8")
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    sys.stdout = open(os.devnull, "w", encoding="utf-8")
    try:
        os.nice(5)
    except (AttributeError, OSError):
        pass
    from rulebase.graph import load

    graph = load()
    run_text(WARM_UP, graph)
    _limit_memory()
    # From here on the worker reads visitors' texts: nothing of it goes to any log.
    os.dup2(null, 2)
    sys.stderr = sys.stdout
    replies.write(json.dumps({"ready": True}) + "\n")
    replies.flush()
    requests = sys.stdin.buffer
    while True:
        line = requests.readline(8 * MAX_TEXT)
        if not line:
            return
        try:
            request = json.loads(line)
            limits = Limits(**request.get("limits", {}))
            answer = run_text(str(request["text"]), graph, limits)
        except MemoryError:
            answer = _problem("budget", "the run needed more memory than a run may have")
        except (ValueError, KeyError, TypeError, RecursionError) as error:
            answer = _problem("budget", f"the run could not be done: {type(error).__name__}")
        replies.write(json.dumps(answer, ensure_ascii=False) + "\n")
        replies.flush()


# -- in the web process --------------------------------------------------------
# (This module stays outside rulebase.web so that a worker imports only the
# graph and the scenarios, not the site and its search.)


class Worker:
    """One worker process, and a thread reading its answers."""

    def __init__(self):
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(paths.PACKAGE.parent), env.get("PYTHONPATH")]))
        env["PYTHONIOENCODING"] = "utf-8"
        self.process = subprocess.Popen([sys.executable, "-m", "rulebase.scenario_worker"],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        env=env, cwd=str(paths.PACKAGE.parent))
        self.answers: queue.Queue = queue.Queue()
        self.runs = 0
        threading.Thread(target=self._read, name=f"scenario worker {self.process.pid}", daemon=True).start()

    @property
    def pid(self) -> int:
        return self.process.pid

    def _read(self) -> None:
        stream = self.process.stdout
        while True:
            try:
                line = stream.readline(MAX_REPLY + 1)
            except (OSError, ValueError):
                line = b""
            if not line or not line.endswith(b"\n"):
                self.answers.put(None)
                return
            self.answers.put(line)

    def _answer(self, seconds: float):
        try:
            line = self.answers.get(timeout=seconds)
        except queue.Empty:
            raise TimeoutError from None
        if line is None:
            raise EOFError
        return json.loads(line)

    def ready(self, seconds: float = START_SECONDS) -> None:
        """Wait for the worker to say it is ready."""
        answer = self._answer(seconds)
        if not answer.get("ready"):
            raise EOFError

    def ask(self, text: str, limits: Limits) -> dict:
        """The worker's answer to ``text``; TimeoutError when it takes longer
        than ``limits.seconds``, EOFError when the worker stopped."""
        request = json.dumps({"text": text, "limits": asdict(limits)}, ensure_ascii=False) + "\n"
        self.runs += 1
        try:
            self.process.stdin.write(request.encode("utf-8", "replace"))
            self.process.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise EOFError from None
        return self._answer(limits.seconds)

    def stop(self) -> None:
        """Kill the worker and reap it."""
        if self.process.poll() is None:
            self.process.kill()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:  # pragma: no cover - a process that outlives SIGKILL
            pass
        for stream in (self.process.stdin, self.process.stdout):
            try:
                stream.close()
            except OSError:
                pass


class WorkerPool:
    """At most ``size`` workers of this process, started when first needed
    and kept between runs (a worker is retired after ``max_runs`` runs).
    A run waits at most ``wait`` seconds for a free worker."""

    def __init__(self, size: int = 1, wait: float = 10.0, max_runs: int = 1000):
        self.size = size
        self.wait = wait
        self.max_runs = max_runs
        self.slots = threading.BoundedSemaphore(size)
        self.idle: list[Worker] = []
        self.lock = threading.Lock()
        self.started = threading.Condition(self.lock)
        self.stopped: list[int] = []
        """The process ids of the workers stopped for taking too long or failing."""
        self.failed_start = float("-inf")
        self.starting = False

    def run(self, text: str, limits: Limits) -> dict:
        """The answer of a worker to ``text`` (see :func:`run_text`), or
        :class:`RunRefused`."""
        if not self.slots.acquire(timeout=self.wait):
            raise RunRefused("busy", "every worker is busy running other scenarios; try again in a moment")
        try:
            worker = self._take()
            try:
                answer = worker.ask(text, limits)
            except TimeoutError:
                self._discard(worker)
                raise RunRefused("time", f"the run was stopped after {limits.seconds:g} seconds, "
                                 f"the most a run may take") from None
            except (EOFError, ValueError):
                self._discard(worker)
                raise RunRefused("stopped", "the engine stopped while running these scenarios "
                                 "(it needed more memory or time than a run may have)") from None
            with self.lock:
                if worker.runs < self.max_runs and len(self.idle) < self.size:
                    self.idle.append(worker)
                    worker = None
            if worker is not None:
                worker.stop()
            return answer
        finally:
            self.slots.release()

    def warm(self) -> None:
        """Start a worker in the background when none is idle or starting,
        so that a visitor who has just opened the workbench does not wait
        for one when they run a scenario."""
        with self.lock:
            if self.idle or self.starting or time.monotonic() - self.failed_start < RETRY_SECONDS:
                return
            self.starting = True
        threading.Thread(target=self._warm, name="scenario worker start", daemon=True).start()

    def _warm(self) -> None:
        try:
            worker = self._start()
        except RunRefused:
            worker = None
        with self.lock:
            if worker is not None:
                self.idle.append(worker)
            self.starting = False
            self.started.notify_all()

    def _take(self) -> Worker:
        """An idle worker (waiting for the one being started, if any), else a new one."""
        with self.lock:
            self.started.wait_for(lambda: not self.starting, timeout=START_SECONDS)
            if self.idle:
                return self.idle.pop()
        return self._start()

    def _start(self) -> Worker:
        refused = RunRefused("start", "the scenario engine could not be started; try again in a moment")
        if time.monotonic() - self.failed_start < RETRY_SECONDS:
            raise refused
        try:
            worker = Worker()
            worker.ready()
        except OSError:
            self.failed_start = time.monotonic()
            raise refused from None
        except (TimeoutError, EOFError, ValueError):
            self.failed_start = time.monotonic()
            self._discard(worker)
            raise refused from None
        return worker

    def _discard(self, worker: Worker) -> None:
        worker.stop()
        with self.lock:
            self.stopped.append(worker.pid)
            del self.stopped[:-100]

    def close(self) -> None:
        """Stop every idle worker."""
        with self.lock:
            idle, self.idle = self.idle, []
        for worker in idle:
            worker.stop()


_pools: dict[tuple[int, int], WorkerPool] = {}
_pools_lock = threading.Lock()


def pool(size: int = 1) -> WorkerPool:
    """The pool of ``size`` workers of this process (a forked process gets
    its own), stopped when the process exits."""
    key = (os.getpid(), size)
    with _pools_lock:
        found = _pools.get(key)
        if found is None:
            found = _pools[key] = WorkerPool(size)
            atexit.register(found.close)
        return found


if __name__ == "__main__":
    main()
