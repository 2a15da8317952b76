"""Serving the web lookup on waitress, a production WSGI server.

One process serves with ``threads`` threads; with ``workers`` above one the
listening socket is opened once and shared by that many forked processes
(each with the graph already built), so the pages use more than one core.

The server fails loudly at start: every worker opens the search index (and
builds it if needed) before the server says it is serving, and a worker that
cannot start stops the whole server with the reason.  Once serving, a worker
that dies is logged with why and replaced; workers that keep dying
(:data:`MAX_RESTARTS` within :data:`RESTART_WINDOW` seconds) stop the server
with an error.  Waitress's own error responses (a malformed request, headers
too large, a response that failed) carry the same security headers as the
pages, and a saturated queue is reported once every
:data:`QUEUE_REPORT_SECONDS`, not once per queued request.
"""

from __future__ import annotations

import gc
import logging
import os
import signal
import socket
import sys
import threading
import time
from collections import deque

from waitress.channel import HTTPChannel
from waitress.server import create_server
from waitress.task import ErrorTask

from rulebase.errors import RulebaseError
from rulebase.web import SECURITY_HEADERS

log = logging.getLogger(__name__)


class ServeError(RulebaseError):
    """Raised when the server cannot start (address in use, bad option, a
    search index that cannot be opened or built) or when its workers keep
    stopping."""


def listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port``; raises :class:`ServeError` when
    the address cannot be used."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(1024)
    except (OSError, OverflowError) as error:
        sock.close()
        raise ServeError(f"cannot listen on {host}:{port}: {error}") from None
    return sock


# More processes than this bring little: the pages are small and quick.
MAX_DEFAULT_WORKERS = 4
# Threads per process: a request holds the interpreter while it runs, so
# more threads than this only make requests wait longer for one another
# (the I/O is done by waitress's own thread).
DEFAULT_THREADS = 4
# Workers that stop more often than this stop the server.
MAX_RESTARTS = 5
RESTART_WINDOW = 60.0
# At most one report of a saturated queue in this many seconds.
QUEUE_REPORT_SECONDS = 10.0
# The pause before starting again a worker that could not start.
RETRY_SECONDS = 1.0


def default_workers() -> int:
    """How many processes serve by default: one per core (each runs Python
    code on one core at a time), at most :data:`MAX_DEFAULT_WORKERS`, and one
    where processes cannot be forked."""
    if not hasattr(os, "fork"):
        return 1
    return max(1, min(MAX_DEFAULT_WORKERS, os.cpu_count() or 1))


def serve(host: str = "127.0.0.1", port: int = 8000, *, threads: int = DEFAULT_THREADS, workers: int | None = None,
          app=None, announce=print) -> None:
    """Serve the application until interrupted, with ``workers`` processes
    (:func:`default_workers` by default) of ``threads`` threads each.

    Raises :class:`ServeError` when the server cannot start, and when its
    workers keep stopping."""
    workers = default_workers() if workers is None else workers
    if threads < 1 or workers < 1:
        raise ServeError("--threads and --workers must be at least 1")
    configure_logging()
    if app is None:
        from rulebase.web import create_app

        # Each process opens the search index itself (warm_up), so that no
        # worker inherits another's open files and model sessions.
        app = create_app({"WARM_SEARCH": False})
    prepare(app)
    sock = listen(host, port)
    where = f"http://{host}:{sock.getsockname()[1]}/"
    options = {"threads": threads, "ident": "rulebase", "connection_limit": 1000, "channel_timeout": 30}
    serving = f"Serving the rules on {where} ({workers} process{'es' * (workers > 1)}, {threads} threads each)"
    if workers == 1 or not hasattr(os, "fork"):
        try:
            warm_up(app)
        except ServeError:
            sock.close()
            raise
        announce(serving)
        _settle()
        run(app, sock, options)
        return
    supervisor = Supervisor(app, sock, workers, options)
    previous = signal.signal(signal.SIGTERM, supervisor.on_signal)
    try:
        if supervisor.start():
            announce(serving)
            supervisor.watch()
    finally:
        signal.signal(signal.SIGTERM, previous)


def prepare(app) -> None:
    """Do once, before any worker is forked, what each worker's first pages
    would otherwise do for itself: compile the templates, find the lint
    findings and run the scenarios whose proofs rule pages show."""
    site = getattr(app, "extensions", {}).get("rulebase")
    if site is None:
        return
    from rulebase.lint import lint_cached
    from rulebase.scenarios.bindings import GAMES
    from rulebase.scenarios.proofs import project_proofs

    lint_cached(site.graph)
    for game in GAMES:
        project_proofs(site.graph, game)
    for name in app.jinja_env.list_templates(extensions=["html"]):
        app.jinja_env.get_template(name)


def warm_up(app) -> None:
    """Open (or build) the search index of ``app`` now; raises
    :class:`ServeError` saying why when it cannot be."""
    site = getattr(app, "extensions", {}).get("rulebase")
    if site is None:
        return
    try:
        site.search.warm()
    except RulebaseError as error:
        raise ServeError(f"the search cannot start: {error}") from None
    except Exception as error:  # a fault of the index or the model's files, reported, never a silent exit
        raise ServeError(f"the search cannot start: {type(error).__name__}: {error}") from None


def make_server(app, sock: socket.socket, options: dict):
    """A waitress server of ``app`` on ``sock`` whose own error responses
    carry the security headers."""
    server = create_server(app, sockets=[sock], **options)
    server.channel_class = SecureChannel
    return server


def run(app, sock: socket.socket, options: dict) -> None:
    """Serve ``app`` on ``sock`` in this process until stopped."""
    make_server(app, sock, options).run()


def _settle() -> None:
    """Leave what was loaded before serving (the graph, the pages' indexes,
    the search's tables) out of the garbage collector's rounds: it lives as
    long as the process, and scanning it would pause requests."""
    gc.collect()
    gc.freeze()


# -- waitress's own responses and logs ----------------------------------------------


class SecureErrorTask(ErrorTask):
    """Waitress's error response (400, 431, 500, ...) with the pages' security headers."""

    def execute(self):
        self.response_headers.extend(SECURITY_HEADERS.items())
        super().execute()


class SecureChannel(HTTPChannel):
    """A connection whose error responses carry the security headers."""

    error_task_class = SecureErrorTask


class QueueReport(logging.Filter):
    """Lets one of waitress's "Task queue depth" warnings through every
    ``interval`` seconds, saying how many were held back since and the
    deepest queue they reported."""

    def __init__(self, interval: float = QUEUE_REPORT_SECONDS, clock=time.monotonic):
        super().__init__()
        self.interval = interval
        self.clock = clock
        self.last = float("-inf")
        self.held = 0
        self.deepest = 0
        self.lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        depth = record.args[0] if isinstance(record.args, tuple) and record.args else 0
        with self.lock:
            self.deepest = max(self.deepest, depth if isinstance(depth, int) else 0)
            now = self.clock()
            if now - self.last < self.interval:
                self.held += 1
                return False
            if self.held:
                record.msg = "Task queue depth is %d (deepest %d; %d more such warnings held back in %.0f s)"
                record.args = (depth, self.deepest, self.held, now - self.last)
            self.last, self.held, self.deepest = now, 0, 0
            return True


def configure_logging() -> None:
    """Send the server's warnings (and waitress's) to stderr with the time
    and the process, unless logging is configured already; report a
    saturated queue at most once every :data:`QUEUE_REPORT_SECONDS`."""
    queue = logging.getLogger("waitress.queue")
    if not any(isinstance(f, QueueReport) for f in queue.filters):
        queue.addFilter(QueueReport())
    root = logging.getLogger()
    if not root.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(asctime)s rulebase[%(process)d] %(levelname)s: %(message)s"))
        root.addHandler(handler)
        root.setLevel(logging.WARNING)
    log.setLevel(logging.INFO)


# -- several processes ------------------------------------------------------------------

_READY = "ready"


class Supervisor:
    """Forks the workers, waits for each to be ready, and replaces those
    that die while serving."""

    def __init__(self, app, sock: socket.socket, count: int, options: dict, *,
                 max_restarts: int = MAX_RESTARTS, window: float = RESTART_WINDOW):
        self.app = app
        self.sock = sock
        self.count = count
        self.options = options
        self.max_restarts = max_restarts
        self.window = window
        self.workers: set[int] = set()
        self.restarts: deque[float] = deque()

    def start(self) -> bool:
        """Start every worker: True once all are ready, False if told to stop
        meanwhile (SIGTERM or SIGINT); raises :class:`ServeError` (having
        stopped the others) when one cannot start."""
        try:
            for _ in range(self.count):
                self._fork()
        except (KeyboardInterrupt, _Stop):
            self.stop()
            return False
        except BaseException:
            self.stop()
            raise
        return True

    def watch(self) -> None:
        """Wait for workers to stop, replacing each, until told to stop
        (SIGTERM or SIGINT: the workers are stopped and this returns) or
        until they keep stopping (:class:`ServeError`)."""
        try:
            while self.workers:
                pid, status = os.wait()
                if pid not in self.workers:
                    continue
                self.workers.discard(pid)
                self._replace(pid, status)
        except (KeyboardInterrupt, _Stop):
            pass
        finally:
            self.stop()

    def _replace(self, pid: int, status: int) -> None:
        """Log why worker ``pid`` stopped and start another in its place;
        raises :class:`ServeError` when workers keep stopping."""
        why = describe_status(status)
        log.warning("worker process %d %s; starting another", pid, why)
        while True:
            now = time.monotonic()
            self.restarts.append(now)
            while now - self.restarts[0] > self.window:
                self.restarts.popleft()
            if len(self.restarts) > self.max_restarts:
                message = (f"workers keep stopping ({len(self.restarts)} times in {self.window:.0f} s; "
                           f"the last {why}); stopping the server")
                log.error(message)
                raise ServeError(message)
            try:
                self._fork()
                return
            except ServeError as error:
                log.error("a new worker could not start: %s", error)
                why = f"could not start: {error}"
                time.sleep(RETRY_SECONDS)

    def _fork(self) -> int:
        """A new worker, once it is ready to serve; raises
        :class:`ServeError` with its reason when it cannot start."""
        reading, writing = os.pipe()
        parent = os.getpid()
        pid = os.fork()
        if pid == 0:
            os.close(reading)
            self._work(writing, parent)
        self.workers.add(pid)
        os.close(writing)
        with os.fdopen(reading, "r", encoding="utf-8", errors="replace") as pipe:
            said = pipe.read().strip()
        if said == _READY:
            return pid
        self.workers.discard(pid)
        _, status = os.waitpid(pid, 0)
        raise ServeError(said or f"a worker stopped while starting: it {describe_status(status)}")

    def _work(self, pipe: int, parent: int) -> None:
        """The worker's life: warm up, say so through ``pipe``, serve.
        Never returns."""
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        _stop_with(parent)
        status = 1
        try:
            try:
                warm_up(self.app)
            except ServeError as error:
                os.write(pipe, str(error).encode("utf-8", "replace"))
                os.close(pipe)
                status = 3
                return
            os.write(pipe, _READY.encode())
            os.close(pipe)
            _settle()
            run(self.app, self.sock, self.options)
            log.error("worker process %d stopped serving", os.getpid())
        except BaseException:
            log.exception("worker process %d failed", os.getpid())
        finally:
            logging.shutdown()
            os._exit(status)

    def on_signal(self, signum, frame):
        """Stop serving (the handler of SIGTERM in the supervisor)."""
        raise _Stop()

    def stop(self) -> None:
        """Stop every worker and wait for them."""
        for pid in list(self.workers):
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        for pid in list(self.workers):
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass
        self.workers.clear()
        self.sock.close()


def _stop_with(parent: int) -> None:
    """Have this process stopped when ``parent`` ends, however it ends
    (Linux; elsewhere the supervisor's own stop is all there is)."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:  # it ended before the request was made
        os._exit(1)


_PR_SET_PDEATHSIG = 1


class _Stop(Exception):
    """Raised in the supervisor by SIGTERM."""


def describe_status(status: int) -> str:
    """How a process ended, from its wait status, in words.

    >>> describe_status(256)
    'exited with status 1'
    >>> describe_status(9)
    'was killed by SIGKILL'
    """
    code = os.waitstatus_to_exitcode(status)
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        return f"was killed by {name}"
    return f"exited with status {code}"
