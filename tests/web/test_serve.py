"""Serving on waitress: the command line and a real server process."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest
from click.testing import CliRunner

from rulebase import paths
from rulebase.cli import main
from rulebase.web.serve import ServeError, listen, serve


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


def _wait_until_up(process, port, deadline=60.0):
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
            with urllib.request.urlopen(base + "/ccg/514.4c", timeout=10) as response:
                assert response.status == 200
                assert "default-src 'self'" in response.headers["Content-Security-Policy"]
                assert b"514.4c" in response.read()
        with urllib.request.urlopen(base + "/api/search?q=faceoff", timeout=10) as response:
            assert json.load(response)["count"] > 0
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=15)
        process.stderr.close()
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
