"""Serving on waitress: the command line and a real server process."""

from __future__ import annotations

import json
import re
import logging
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request

import pytest
from click.testing import CliRunner

from rulebase import paths
from rulebase.cli import main
from rulebase.web.serve import QueueReport, ServeError, listen, make_server, serve


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_a_port_in_use_is_a_clear_error():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        with pytest.raises(ServeError, match=f"cannot listen on 127.0.0.1:{port}"):
            listen("127.0.0.1", port)


def test_bad_options():
    with pytest.raises(ServeError, match="at least 1"):
        serve(threads=0, app=object())
    result = CliRunner().invoke(main, ["serve", "--port", "70000"])
    assert result.exit_code == 2 and "70000" in result.output


def test_the_command_is_documented():
    result = CliRunner().invoke(main, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--host", "--port", "--workers", "--threads", "127.0.0.1", "8000"):
        assert option in result.output


STARTING = 240.0
"""Seconds a server may take to start: before it listens it runs the
project's scenarios once (the proofs its rule pages show), about half a
minute of CPU, several times that on a loaded 2-core machine."""


def _wait_until_up(process, port, deadline=STARTING):
    start = time.monotonic()
    while time.monotonic() - start < deadline:
        assert process.poll() is None, process.stderr.read()
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise AssertionError("the server did not start")


def test_a_real_server_with_two_worker_processes():
    port = _free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "rulebase", "serve", "--port", str(port), "--workers", "2", "--threads", "2"],
        cwd=paths.PACKAGE.parent, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        _wait_until_up(process, port)
        base = f"http://127.0.0.1:{port}"
        for _ in range(6):  # several connections, spread over the workers
            with urllib.request.urlopen(base + "/ccg/514.4c", timeout=60) as response:
                assert response.status == 200
                assert "default-src 'self'" in response.headers["Content-Security-Policy"]
                assert b"514.4c" in response.read()
        with urllib.request.urlopen(base + "/api/search?q=faceoff", timeout=60) as response:
            assert json.load(response)["count"] > 0
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=15)
        process.stderr.close()
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=1).close()


def _serve(port, *options, env=None):
    return subprocess.Popen(
        [sys.executable, "-m", "rulebase", "serve", "--port", str(port), "--threads", "2", *options],
        cwd=paths.PACKAGE.parent, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)


def _stop(process) -> str:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
    process.wait(timeout=15)
    said = process.stderr.read()
    process.stderr.close()
    return said


def _children(pid: int) -> set[int]:
    with open(f"/proc/{pid}/task/{pid}/children", encoding="ascii") as handle:
        return {int(child) for child in handle.read().split()}


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_search_index_that_cannot_be_built_stops_the_server_loudly(tmp_path, workers):
    blocked = tmp_path / "not-a-directory"
    blocked.write_text("a file where the cache directory should be", encoding="utf-8")
    env = {**os.environ, "RULEBASE_CACHE": str(blocked)}
    process = _serve(_free_port(), "--workers", workers, env=env)
    try:
        status = process.wait(timeout=STARTING)
    finally:
        said = _stop(process)
    assert status == 1, said
    assert "the search cannot start" in said and "not-a-directory" in said, said
    assert "Serving the rules" not in said and "Traceback" not in said, said


@pytest.mark.skipif(not os.path.exists("/proc/self/task"), reason="reads a process's children from /proc (Linux)")
def test_a_worker_that_dies_is_replaced_and_the_reason_logged():
    port = _free_port()
    process = _serve(port, "--workers", "2")
    try:
        _wait_until_up(process, port)
        deadline = time.monotonic() + 60
        while len(_children(process.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        workers = _children(process.pid)
        assert len(workers) == 2
        victim = min(workers)
        os.kill(victim, signal.SIGKILL)
        while time.monotonic() < deadline:
            now = _children(process.pid)
            if len(now) == 2 and victim not in now:
                break
            time.sleep(0.1)
        assert victim not in _children(process.pid) and len(_children(process.pid)) == 2
        for _ in range(4):
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/ccg/514.4c", timeout=10) as response:
                assert response.status == 200
    finally:
        said = _stop(process)
    assert f"worker process {victim} was killed by SIGKILL; starting another" in said, said


WORKERS_THAT_STOP = """
import socket, sys
from rulebase.web import serve

serve.run = lambda app, sock, options: None  # each worker stops serving at once
sock = serve.listen("127.0.0.1", 0)
supervisor = serve.Supervisor(object(), sock, 2, {}, max_restarts=3, window=60)
serve.configure_logging()
assert supervisor.start()
try:
    supervisor.watch()
except serve.ServeError as error:
    print("stopped:", error)
    sys.exit(1)
"""


def test_workers_that_keep_stopping_stop_the_server():
    result = subprocess.run([sys.executable, "-c", WORKERS_THAT_STOP], cwd=paths.PACKAGE.parent,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 1, result.stderr
    assert "stopped: workers keep stopping (4 times in 60 s; the last exited with status 1)" in result.stdout
    assert result.stderr.count("stopped serving") >= 4
    assert "starting another" in result.stderr


def _raw(port: int, request: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(request)
        received = b""
        try:
            while chunk := sock.recv(65536):
                received += chunk
        except ConnectionResetError:  # the server closed while the request was still coming
            pass
    return received


def test_waitress_own_error_responses_carry_the_security_headers():
    def broken(environ, start_response):
        start_response("200 OK", [("X-Broken", "a\u2028b")])  # not Latin-1: waitress answers 500
        return [b""]

    sock = listen("127.0.0.1", 0)
    port = sock.getsockname()[1]
    server = make_server(broken, sock, {"threads": 1, "ident": "rulebase", "max_request_header_size": 2048})
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        malformed = _raw(port, b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n")
        too_large = _raw(port, b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 3000 + b"\r\n\r\n")
        failed = _raw(port, b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    finally:
        server.close()
    for response, status in ((malformed, b"400"), (too_large, b"431"), (failed, b"500")):
        head = response.split(b"\r\n\r\n", 1)[0].decode("latin-1")
        assert re.match(rf"HTTP/1\.[01] {status.decode()} ", head), head
        assert "Content-Security-Policy: default-src 'self'" in head and "X-Content-Type-Options: nosniff" in head


def test_a_saturated_queue_is_reported_once_in_a_while():
    now = [0.0]
    report = QueueReport(interval=10, clock=lambda: now[0])
    records = [logging.LogRecord("waitress.queue", logging.WARNING, __file__, 1, "Task queue depth is %d", (depth,), None)
               for depth in (3, 9, 4, 2)]
    assert report.filter(records[0]) is True
    assert report.filter(records[1]) is False and report.filter(records[2]) is False
    now[0] = 12.0
    assert report.filter(records[3]) is True
    assert records[3].getMessage() == "Task queue depth is 2 (deepest 9; 2 more such warnings held back in 12 s)"


def test_what_every_worker_would_do_first_is_done_once_before_forking(monkeypatch):
    from rulebase import lint
    from rulebase.web import create_app
    from rulebase.web.serve import prepare

    app = create_app({"TESTING": True, "WARM_SEARCH": False})
    lint.lint_cached.cache_clear()
    prepare(app)
    templates = app.jinja_env.list_templates(extensions=["html"])
    assert templates and all(name in {key[1] for key in app.jinja_env.cache} for name in templates)
    assert lint.lint_cached.cache_info().currsize == 1

    def no_lint(graph):
        raise AssertionError("linted again after prepare()")

    monkeypatch.setattr(lint, "lint", no_lint)
    assert app.test_client().get("/ccg/514.4c").status_code == 200
