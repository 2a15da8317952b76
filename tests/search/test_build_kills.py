"""A search index build killed at any moment leaves a cache that the next
search recovers from: it gets the same answers, and what the killed builds
left behind is never taken for an index and is cleaned up."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

from rulebase import paths

from .test_index import builds, small_corpus

QUESTION = "who wins an exchange"


def _search(env) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "rulebase", "search", QUESTION, "--json"],
                            cwd=paths.PACKAGE.parent, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _answers(env) -> list[str]:
    process = _search(env)
    out, err = process.communicate(timeout=120)
    assert process.returncode == 0, err.decode()
    assert b"Traceback" not in err
    return [hit["id"] for hit in json.loads(out)]


def _unfinished(cache) -> set[str]:
    folder = cache / "search" / "builds"
    return {name for name in builds(cache) if not (folder / name / "meta.json").exists()} if folder.is_dir() else set()


def _kill_during_build(env, cache, delay: float) -> bool:
    """Start a search that must build, and kill it ``delay`` seconds after
    its build directory appears; whether it was killed before finishing."""
    for pointer in (cache / "search").glob("*.current"):  # as if the code had changed: build again
        pointer.unlink()
    before = set(builds(cache)) if (cache / "search" / "builds").is_dir() else set()
    process = _search(env)
    deadline = time.monotonic() + 60
    while process.poll() is None and time.monotonic() < deadline:
        if (cache / "search" / "builds").is_dir() and set(builds(cache)) - before:
            time.sleep(delay)
            break
        time.sleep(0.002)
    process.send_signal(signal.SIGKILL)
    process.communicate(timeout=30)
    return process.returncode == -signal.SIGKILL


def test_builds_killed_at_any_moment_are_recovered_from(tmp_path):
    corpus = small_corpus(tmp_path / "corpus")
    env = {**os.environ, "RULEBASE_CORPUS": str(corpus), "RULEBASE_ENCODER": "off"}
    expected = _answers({**env, "RULEBASE_CACHE": str(tmp_path / "reference")})
    assert expected

    cache = tmp_path / "cache"
    env["RULEBASE_CACHE"] = str(cache)
    killed, seen = 0, set()
    for delay in (0.0, 0.01, 0.02, 0.04, 0.06, 0.08, 0.1, 0.15, 0.2, 0.3):
        killed += _kill_during_build(env, cache, delay)
        seen |= _unfinished(cache)
    assert killed >= 5 and seen, (killed, seen)
    assert _answers(env) == expected
    assert _answers(env) == expected  # and the index it made is used as it is
    (pointer,) = (cache / "search").glob("*.current")
    current = pointer.read_text(encoding="utf-8").strip()
    assert json.loads((cache / "search" / "builds" / current / "meta.json").read_text(encoding="utf-8"))["files"]
    assert not _unfinished(cache)
