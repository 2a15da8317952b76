"""Serving the web lookup on waitress, a production WSGI server.

One process serves with ``threads`` threads; with ``workers`` above one the
listening socket is opened once and shared by that many forked processes
(each with the graph already built), so the pages use more than one core.
"""

from __future__ import annotations

import gc
import os
import signal
import socket
import sys

from waitress import serve as waitress_serve

from rulebase.errors import RulebaseError


class ServeError(RulebaseError):
    """Raised when the server cannot start (address in use, bad option)."""


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
    (:func:`default_workers` by default) of ``threads`` threads each."""
    workers = default_workers() if workers is None else workers
    if threads < 1 or workers < 1:
        raise ServeError("--threads and --workers must be at least 1")
    if app is None:
        from rulebase.web import create_app

        # Forked workers open the search index each for itself.
        app = create_app({"WARM_SEARCH": workers == 1})
    sock = listen(host, port)
    where = f"http://{host}:{sock.getsockname()[1]}/"
    announce(f"Serving the rules on {where} ({workers} process{'es' * (workers > 1)}, {threads} threads each)")
    options = {"threads": threads, "ident": "rulebase", "connection_limit": 1000, "channel_timeout": 30}
    if workers == 1 or not hasattr(os, "fork"):
        _settle()
        waitress_serve(app, sockets=[sock], **options, _quiet=True)
        return
    children = []
    for _ in range(workers):
        pid = os.fork()
        if pid == 0:  # a worker: serve until told to stop
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            try:
                app.extensions["rulebase"].finder.warm()
                _settle()
                waitress_serve(app, sockets=[sock], **options, _quiet=True)
            finally:
                os._exit(0)
        children.append(pid)
    sock.close()
    _supervise(children)


def _settle() -> None:
    """Leave what was loaded before serving (the graph, the pages' indexes,
    the search's tables) out of the garbage collector's rounds: it lives as
    long as the process, and scanning it would pause requests."""
    gc.collect()
    gc.freeze()


def _supervise(children: list[int]) -> None:
    def stop(signum, frame):
        for pid in children:
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        sys.exit(0)

    signal.signal(signal.SIGTERM, stop)
    try:
        for pid in children:
            os.waitpid(pid, 0)
    except KeyboardInterrupt:
        stop(signal.SIGINT, None)
