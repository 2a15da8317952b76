"""The index cache: built once, rebuilt when the corpus or the code changes,
replaced atomically.  Most tests use a small corpus (the TCG rules alone) so
that building is quick."""

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from rulebase import graph, paths
from rulebase.search import index, search

ROOT = Path(__file__).resolve().parents[2]

MANIFEST = """
[[file]]
path = "tcg/official-rules.md"
game = "tcg"
title = "My Little Pony Trading Card Game - Official Rules"
date = ""

  [[file.part]]
  id = "tcg/official"
  title = "My Little Pony Trading Card Game - Official Rules"
  edition = "official"
  date = ""
  kind = "comprehensive rules"
  rules = "tcg-rules"
  grammar = "tcg-rules"
  starts = ""
  current = true
"""


def small_corpus(directory: Path, change: tuple[str, str] | None = None) -> Path:
    (directory / "tcg").mkdir(parents=True)
    text = (paths.CORPUS / "tcg" / "official-rules.md").read_text(encoding="utf-8")
    if change:
        assert change[0] in text
        text = text.replace(*change)
    (directory / "tcg" / "official-rules.md").write_text(text, encoding="utf-8")
    (directory / "manifest.toml").write_text(MANIFEST, encoding="utf-8")
    return directory


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    return graph.load(str(small_corpus(tmp_path_factory.mktemp("corpus"))))


def builds(cache: Path) -> list[str]:
    return sorted(p.name for p in (cache / "search" / "builds").iterdir())


def test_the_index_of_the_corpus_is_built_once_into_the_cache(fresh_cache, monkeypatch):
    first = index.ensure()
    assert first.path.parent == fresh_cache / "search" / "builds"
    assert json.loads((first.path / "meta.json").read_text())["key"] == first.key
    assert index.current_dir(first.key) == first.path
    index.forget(keys=False)

    def no_build(*args, **kwargs):
        raise AssertionError("rebuilt an index that is current")

    monkeypatch.setattr(index, "build", no_build)
    assert index.ensure().path == first.path
    assert search("514.4c")[0].id == "ccg/3.4/514.4c"


def test_the_key_follows_the_corpus_and_the_code(monkeypatch, tmp_path):
    untap = "The Turn Player untaps all tapped Characters and Scenes."
    keys = {}
    for name, change in (("same", None), ("again", None), ("text", (untap, untap + " Then tidy the table."))):
        monkeypatch.setattr(paths, "CORPUS", small_corpus(tmp_path / name, change))
        keys[name] = index._default_key()
    retitled = small_corpus(tmp_path / "title")
    manifest = retitled / "manifest.toml"
    part_title = 'id = "tcg/official"\n  title = "My'
    assert part_title in manifest.read_text()
    manifest.write_text(manifest.read_text().replace(part_title, 'id = "tcg/official"\n  title = "The'))
    monkeypatch.setattr(paths, "CORPUS", retitled)
    keys["title"] = index._default_key()
    monkeypatch.setattr(paths, "CORPUS", tmp_path / "same")
    monkeypatch.setattr(index, "SCHEMA_VERSION", index.SCHEMA_VERSION + 1)
    index.forget()
    keys["code"] = index._default_key()
    assert keys["same"] == keys["again"]
    assert len({keys[name] for name in ("same", "text", "title", "code")}) == 4
    monkeypatch.undo()
    index.forget()


def test_the_code_hash_covers_the_search_modules_and_grammars():
    names = {p.name for pattern in index._SOURCES for p in paths.PACKAGE.parent.glob(pattern)}
    assert {"engine.py", "index.py", "synonyms.txt", "graph.py", "corpus.py"} <= names
    assert len(index.code_hash()) == 64


def test_a_changed_corpus_gets_an_index_of_its_own(fresh_cache, small, tmp_path):
    first = index.ensure(small)
    assert search("405.2.0", graph=small)[0].id == "tcg/official/405.2.0"
    untap = "The Turn Player untaps all tapped Characters and Scenes."
    changed = graph.load(str(small_corpus(tmp_path / "changed", (untap, untap + " Then tidy the table."))))
    second = index.ensure(changed)
    assert second.key != first.key and second.path != first.path
    assert search("tidy", graph=changed)[0].id == "tcg/official/402.1.0"
    assert search("tidy", graph=small) == []
    assert len(builds(fresh_cache)) == 2


def test_a_build_that_fails_half_way_leaves_the_old_index_in_use(fresh_cache, small, monkeypatch):
    old = index.ensure(small)
    real_add = index._add
    added = []

    def failing_add(writer, record):
        added.append(record["id"])
        if len(added) == 40:
            raise RuntimeError("disk full")
        real_add(writer, record)

    monkeypatch.setattr(index, "_add", failing_add)
    with pytest.raises(RuntimeError, match="disk full"):
        index.rebuild(small)
    assert index.current_dir(old.key) == old.path
    assert builds(fresh_cache) == [old.path.name]
    index.forget(keys=False)
    assert index.ensure(small).path == old.path
    assert search("405.2.0", graph=small)[0].id == "tcg/official/405.2.0"


CRASH = """
import os, sys
sys.path.insert(0, {root!r})
from rulebase import graph
from rulebase.search import index
small = graph.load({corpus!r})
real_add = index._add
count = []
def add(writer, record):
    count.append(1)
    if len(count) == 60:
        os._exit(3)
    real_add(writer, record)
index._add = add
index.rebuild(small)
"""


def test_a_process_killed_during_a_rebuild_leaves_the_old_index_usable(fresh_cache, small, tmp_path):
    old = index.ensure(small)
    script = CRASH.format(root=str(ROOT), corpus=str(small_corpus(tmp_path / "same")))
    env = {**os.environ, "RULEBASE_CACHE": str(fresh_cache)}
    result = subprocess.run([sys.executable, "-c", script], env=env, timeout=120)
    assert result.returncode == 3
    assert len(builds(fresh_cache)) == 2
    index.forget(keys=False)
    assert index.ensure(small).path == old.path
    assert search("untap step", graph=small)[0].id == "tcg/official/402.1.0"


SLOW_ENSURE = """
import sys, time
sys.path.insert(0, {root!r})
from rulebase import graph
from rulebase.search import index
small = graph.load({corpus!r})
real_add = index._add
def add(writer, record):
    time.sleep(0.01)
    real_add(writer, record)
index._add = add
print(index.ensure(small).path)
"""


def test_processes_needing_the_same_index_build_it_once(fresh_cache, tmp_path):
    script = SLOW_ENSURE.format(root=str(ROOT), corpus=str(small_corpus(tmp_path / "same")))
    env = {**os.environ, "RULEBASE_CACHE": str(fresh_cache)}
    processes = [subprocess.Popen([sys.executable, "-c", script], env=env, stdout=subprocess.PIPE, text=True)
                 for _ in range(2)]
    paths_built = [process.communicate(timeout=120)[0].strip() for process in processes]
    assert all(process.returncode == 0 for process in processes)
    assert len(builds(fresh_cache)) == 1
    assert paths_built[0] == paths_built[1] == str(fresh_cache / "search" / "builds" / builds(fresh_cache)[0])


def test_a_search_during_a_rebuild_gets_answers_from_the_old_index(fresh_cache, small, monkeypatch):
    old = index.ensure(small)
    expected = [hit.id for hit in search("who wins an exchange", graph=small)]
    started, release = threading.Event(), threading.Event()
    real_add = index._add

    def slow_add(writer, record):
        if not started.is_set():
            started.set()
            release.wait(30)
        real_add(writer, record)

    monkeypatch.setattr(index, "_add", slow_add)
    errors = []
    builder = threading.Thread(target=lambda: _run(lambda: index.rebuild(small), errors))
    builder.start()
    try:
        assert started.wait(30)
        assert [hit.id for hit in search("who wins an exchange", graph=small)] == expected
        assert index.current_dir(old.key) == old.path
    finally:
        release.set()
        builder.join(60)
    assert not errors
    new = index.current_dir(old.key)
    assert new != old.path and new.is_dir() and old.path.is_dir()
    assert index.ensure(small).path == new
    assert [hit.id for hit in search("who wins an exchange", graph=small)] == expected


def _run(function, errors):
    try:
        function()
    except Exception as error:  # reported by the test
        errors.append(error)


def test_old_builds_are_cleaned_up(fresh_cache, small):
    opened = index.ensure(small)
    for _ in range(3):
        index.rebuild(small)
    assert len(builds(fresh_cache)) == index._KEEP_BUILDS
    assert index.ensure(small).path.name in builds(fresh_cache)
    assert opened.key == index.ensure(small).key


def test_a_cache_that_cannot_hold_the_index_is_a_clear_error(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("RULEBASE_CACHE", str(blocker))
    index.forget(keys=False)
    with pytest.raises(index.SearchIndexError, match="a-file: cannot hold the search index"):
        search("faceoff")
    index.forget(keys=False)


def test_a_damaged_index_is_built_again(fresh_cache, small):
    old = index.ensure(small)
    (old.path / "records.json").unlink()
    index.forget(keys=False)
    new = index.ensure(small)
    assert new.path != old.path
    assert search("untap step", graph=small)[0].id == "tcg/official/402.1.0"


def test_an_open_index_is_used_until_another_process_makes_a_new_one_current(fresh_cache, small, monkeypatch):
    old = index.ensure(small)
    new = index.build(small, old.key)  # as another process would: the pointer moves, this process is not told
    monkeypatch.setattr(index, "RECHECK_SECONDS", 3600.0)
    assert index.ensure(small) is old
    monkeypatch.setattr(index, "RECHECK_SECONDS", 0.0)
    assert index.ensure(small).path == new
    assert search("untap step", graph=small)[0].id == "tcg/official/402.1.0"


def test_a_new_cache_directory_is_looked_at_at_once(fresh_cache, small, monkeypatch, tmp_path):
    old = index.ensure(small)
    monkeypatch.setattr(index, "RECHECK_SECONDS", 3600.0)
    monkeypatch.setenv("RULEBASE_CACHE", str(tmp_path / "elsewhere"))
    moved = index.ensure(small)
    assert moved.path != old.path and moved.path.is_relative_to(tmp_path / "elsewhere")
