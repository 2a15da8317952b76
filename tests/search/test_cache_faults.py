"""A damaged search cache (rulebase.search.index, rulebase.search.semantic,
rulebase.search.cachefiles, rulebase.paths.cache_dir): whatever is found in
the cache directory, a search gives the answers it gives from a cache made
anew, and what cannot be trusted is made again with a warning, never a
traceback.  Most tests use the small corpus of test_index (the TCG rules
alone), whose index builds in a fraction of a second."""

from __future__ import annotations

import json
import os
import shutil
import time

import numpy as np
import pytest
from click.testing import CliRunner

from rulebase import graph, paths
from rulebase.cli import main
from rulebase.search import index, search, semantic
from rulebase.search.cachefiles import DamagedCacheError, check, sha256

from .test_index import builds, small_corpus

QUESTION = "who wins an exchange"


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    return graph.load(str(small_corpus(tmp_path_factory.mktemp("corpus"))))


# -- the setting ----------------------------------------------------------------------


@pytest.mark.parametrize("setting", ["", "  "])
def test_an_empty_cache_setting_is_no_setting(small, tmp_path, monkeypatch, setting):
    monkeypatch.setenv("RULEBASE_ENCODER", "off")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("RULEBASE_CACHE", setting)
    (tmp_path / "work").mkdir()
    monkeypatch.chdir(tmp_path / "work")
    index.forget()
    try:
        assert paths.cache_dir() == tmp_path / "xdg" / "rulebase"
        assert search("405.2.0", graph=small)[0].id == "tcg/official/405.2.0"
        assert index.ensure(small).path.is_relative_to(tmp_path / "xdg" / "rulebase" / "search")
        monkeypatch.delenv("RULEBASE_CACHE")
        assert index._cache_setting() == tmp_path / "xdg" / "rulebase"
    finally:
        index.forget()
    assert list((tmp_path / "work").iterdir()) == []


def test_a_relative_xdg_cache_home_is_ignored(tmp_path, monkeypatch):
    monkeypatch.delenv("RULEBASE_CACHE", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CACHE_HOME", "relative")
    assert paths.cache_dir(create=False) == tmp_path / "home" / ".cache" / "rulebase"
    monkeypatch.setenv("XDG_CACHE_HOME", "")
    assert paths.cache_dir(create=False) == tmp_path / "home" / ".cache" / "rulebase"


# -- one corpus, one index ------------------------------------------------------------


def test_the_command_line_and_the_graph_open_the_same_build(fresh_cache, rule_graph, monkeypatch):
    result = CliRunner().invoke(main, ["search", "514.4c", "--json"])
    assert result.exit_code == 0 and json.loads(result.output)[0]["id"] == "ccg/3.4/514.4c"
    (made,) = builds(fresh_cache)
    index.forget()

    def no_build(*args, **kwargs):
        raise AssertionError("built a second index of the same corpus")

    monkeypatch.setattr(index, "build", no_build)
    assert index.ensure(rule_graph).path.name == made  # as the web pages reach it
    assert index.ensure().path.name == made
    assert index.graph_fingerprint(rule_graph) == index.corpus_fingerprint()


@pytest.fixture(scope="module")
def pristine(small, tmp_path_factory):
    """A cache holding the small corpus's index, built once, and the
    answers it gives (by words alone, as :func:`fresh_cache` searches)."""
    cache = tmp_path_factory.mktemp("pristine")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RULEBASE_CACHE", str(cache))
        patch.setenv("RULEBASE_ENCODER", "off")
        index.forget()
        try:
            index.ensure(small)
            expected = [hit.id for hit in search(QUESTION, graph=small)]
        finally:
            index.forget()
    return cache, expected


@pytest.fixture
def built(fresh_cache, small, pristine):
    """The small corpus's index opened from a copy of :func:`pristine` in
    an empty cache, and the answers it gives."""
    shutil.copytree(pristine[0], fresh_cache, symlinks=True)
    return index.ensure(small), pristine[1]


def answers_after_damage(small, caplog) -> list[str]:
    """The answers of a process that opens the cache as it now is (this one
    forgets what it opened); fails if it built nothing or said nothing."""
    index.forget(keys=False)
    with caplog.at_level("WARNING", logger="rulebase.search"):
        found = [hit.id for hit in search(QUESTION, graph=small)]
    assert any("the search index is built again" in record.getMessage() for record in caplog.records)
    return found


def refused(opened, caplog) -> str:
    """The warning given when the current index of ``opened``'s key is
    found unusable (failing if it is used)."""
    caplog.clear()
    with caplog.at_level("WARNING", logger="rulebase.search"):
        assert index._open_current(opened.key) is None
    (record,) = caplog.records
    assert record.getMessage().endswith(": the search index is built again")
    return record.getMessage()


def rewrite(path, value) -> None:
    """Write ``value`` as the JSON of a file of a build, with its checksum
    in ``meta.json`` made to match, as a build of other code might."""
    path.write_text(json.dumps(value), encoding="utf-8")
    meta_path = path.parent / "meta.json"
    if path != meta_path:
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
        meta["files"][path.name] = sha256(path.read_bytes())
        meta_path.write_text(json.dumps(meta), encoding="utf-8")


# -- the pointer and the build it names ------------------------------------------


def test_a_pointer_that_is_not_utf8_is_no_index(built, small, caplog):
    opened, expected = built
    index._pointer(opened.key).write_bytes(b"\xff\xfe\x00not a name")
    assert answers_after_damage(small, caplog) == expected
    assert index.current_dir(opened.key) not in (None, opened.path)


@pytest.mark.parametrize("name", ["", "../../../etc", "0123-not-a-build", "x" * 10_000])
def test_a_pointer_naming_no_build_of_its_key_is_no_index(built, caplog, name):
    opened, _ = built
    index._pointer(opened.key).write_text(name, encoding="utf-8")
    assert "names no build of its index" in refused(opened, caplog)
    other = opened.path.with_name(opened.path.name.replace(opened.key, "0" * 20))
    opened.path.rename(other)
    index._pointer(opened.key).write_text(other.name, encoding="utf-8")
    assert "names no build of its index" in refused(opened, caplog)


def test_a_pointer_that_is_a_link_to_itself_is_no_index(built, small, caplog):
    opened, expected = built
    pointer = index._pointer(opened.key)
    pointer.unlink()
    pointer.symlink_to(pointer.name)
    assert answers_after_damage(small, caplog) == expected
    assert not pointer.is_symlink() and index.current_dir(opened.key) is not None


def test_a_folder_where_the_pointer_goes_is_replaced(built, small, caplog):
    opened, expected = built
    pointer = index._pointer(opened.key)
    pointer.unlink()
    (pointer / "inside").mkdir(parents=True)
    assert answers_after_damage(small, caplog) == expected
    assert pointer.is_file() and index.current_dir(opened.key) is not None


def test_a_build_that_is_a_link_loop_is_no_index_and_is_cleaned_up(built, small, caplog, fresh_cache):
    opened, expected = built
    os.rename(opened.path, opened.path.with_name("elsewhere"))
    opened.path.symlink_to(opened.path.name)
    assert answers_after_damage(small, caplog) == expected
    new = index.current_dir(opened.key)
    assert new != opened.path and builds(fresh_cache) == sorted(["elsewhere", new.name])


# -- what the build holds -----------------------------------------------------------

WRONG_SHAPES = [
    ("synonyms.json", []),
    ("synonyms.json", {"any": {}}),
    ("records.json", {}),
    ("records.json", [{"id": 1}]),
    ("documents.json", []),
    ("documents.json", {"tcg/official": {"game": "tcg"}}),
    ("vocabulary.json", ["words"]),
    ("vocabulary.json", {"untap": "often"}),
    ("meta.json", []),
    ("meta.json", {"key": 1}),
]


@pytest.mark.parametrize("name, value", WRONG_SHAPES, ids=[f"{n}-{json.dumps(v)[:30]}" for n, v in WRONG_SHAPES])
def test_a_file_of_the_wrong_shape_is_no_index(built, caplog, name, value):
    opened, _ = built
    rewrite(opened.path / name, value)
    assert f"{name}: " in refused(opened, caplog)


def test_synonyms_of_the_wrong_shape_are_built_again(built, small, caplog):
    opened, expected = built
    rewrite(opened.path / "synonyms.json", {"any": {"tie": "equal"}, "across": {}, "broader": {}})
    assert answers_after_damage(small, caplog) == expected
    assert index.current_dir(opened.key) != opened.path


def test_a_build_of_another_key_or_whose_files_disagree_is_no_index(built, caplog):
    opened, _ = built
    records = json.loads((opened.path / "records.json").read_text(encoding="utf-8"))
    rewrite(opened.path / "records.json", records[1:])  # whoosh still holds the entry left out
    assert "are not of the same entries" in refused(opened, caplog)
    rewrite(opened.path / "records.json", records)
    meta = json.loads((opened.path / "meta.json").read_text(encoding="utf-8"))
    rewrite(opened.path / "meta.json", {**meta, "key": "0" * 20})
    assert "the index of another key" in refused(opened, caplog)


def alter(path) -> None:
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x01
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("name", ["records.json", "synonyms.json", "documents.json", "_MAIN_1.toc"])
def test_a_file_altered_since_it_was_built_is_caught_by_its_checksum(built, caplog, name):
    opened, _ = built
    alter(opened.path / name)
    assert f"{name}: altered since it was written" in refused(opened, caplog)


def test_an_altered_whoosh_segment_is_built_again(built, small, caplog):
    opened, expected = built
    (segment,) = opened.path.glob("*.seg")
    alter(segment)
    assert answers_after_damage(small, caplog) == expected
    assert any("altered since it was written" in record.getMessage() for record in caplog.records)


def test_a_file_missing_from_a_build_is_no_index(built, caplog):
    opened, _ = built
    (opened.path / "vocabulary.json").unlink()
    assert "vocabulary.json: missing" in refused(opened, caplog)


def test_an_index_once_opened_is_read_from_memory(built, small):
    opened, expected = built
    for path in opened.path.iterdir():
        path.write_bytes(b"")
    assert [hit.id for hit in search(QUESTION, graph=small)] == expected


def test_the_shape_check_names_where_the_fault_is():
    with pytest.raises(DamagedCacheError, match=r"records.json: \[0\]\['stems'\]: expected an object: nothing"):
        check([{"id": "a"}], [{"id": str, "stems": {"text": [str]}}], "records.json")
    with pytest.raises(DamagedCacheError, match=r"meta.json: \['records'\]: expected a whole number: True"):
        check({"records": True}, {"records": int}, "meta.json")
    check({"built": 3}, {"built": float}, "meta.json")


# -- unfinished builds ----------------------------------------------------------------


def unfinished(opened, age: float = 0.0, mark: str = "0000dead"):
    """A build of the key that was killed half-way (no meta.json), ``age``
    seconds old and newer than any other if ``age`` is 0."""
    path = opened.path.with_name(f"{opened.key}-{time.strftime('%Y%m%d%H%M%S')}-{mark}")
    path.mkdir()
    (path / "records.json").write_text("[", encoding="utf-8")
    when = time.time() - age if age else time.time() + 60
    os.utime(path, (when, when))
    return path


def test_an_unfinished_build_is_never_kept_as_the_previous_one(built, small, fresh_cache):
    opened, _ = built
    killed = unfinished(opened)
    new = index.rebuild(small).path
    assert builds(fresh_cache) == sorted([opened.path.name, new.name])
    assert not killed.exists()


def test_an_unfinished_build_another_process_may_be_writing_is_left_alone(built, small, fresh_cache):
    opened, _ = built
    writing, abandoned = unfinished(opened), unfinished(opened, age=2 * index._STALE_SECONDS, mark="0000beef")
    new = index.build(small, opened.key)  # without the key's lock, as another process might
    assert writing.is_dir() and not abandoned.exists()
    assert builds(fresh_cache) == sorted([opened.path.name, new.name, writing.name])


def test_a_pointer_to_an_unfinished_build_is_no_index(built, small, caplog):
    opened, expected = built
    killed = unfinished(opened)
    index._point(opened.key, killed)
    assert answers_after_damage(small, caplog) == expected
    assert not killed.exists()


# -- the entries' vectors -------------------------------------------------------------


@pytest.fixture(scope="module")
def model():
    found = semantic.encoder()
    assert found is not None, semantic.status()
    return found


TEXTS = ["Swift", "A card with Swift costs one less action token to move.", "Stubborn"]


def vectors_file(cache):
    (saved,) = (cache / "vectors").glob("*.npy")
    return saved


@pytest.mark.parametrize("fill", [np.nan, 0.0])
@pytest.mark.parametrize("checksum", ["kept", "matching"])
def test_vectors_that_are_not_unit_vectors_are_computed_again(model, tmp_path, monkeypatch, caplog, fill, checksum):
    monkeypatch.setenv("RULEBASE_CACHE", str(tmp_path))
    first = semantic.vectors(model, TEXTS)
    saved = vectors_file(tmp_path)
    with open(saved, "wb") as stream:
        np.save(stream, np.full_like(first, fill), allow_pickle=False)
    if checksum == "matching":  # as if the checksum had been written for them
        written = saved.with_suffix(".json")
        record = json.loads(written.read_text(encoding="utf-8"))
        written.write_text(json.dumps({**record, "sha256": sha256(saved.read_bytes())}), encoding="utf-8")
    with caplog.at_level("WARNING", logger="rulebase.search"):
        again = semantic.vectors(model, TEXTS)
    assert np.array_equal(again, first)
    assert any("the vectors are computed again" in record.getMessage() for record in caplog.records)
    assert np.array_equal(np.load(saved), first)


@pytest.mark.parametrize("damage", ["no checksum", "link loop", "other shape"])
def test_vectors_without_their_checksum_or_of_another_shape_are_computed_again(model, tmp_path, monkeypatch, damage):
    monkeypatch.setenv("RULEBASE_CACHE", str(tmp_path))
    first = semantic.vectors(model, TEXTS)
    saved = vectors_file(tmp_path)
    if damage == "no checksum":
        saved.with_suffix(".json").unlink()
    elif damage == "link loop":
        saved.unlink()
        saved.symlink_to(saved.name)
    else:
        semantic._save_vectors(saved, first[:2])
    assert np.array_equal(semantic.vectors(model, TEXTS), first)
    assert np.array_equal(np.load(saved), first)


def test_what_killed_writes_and_older_corpora_left_is_cleaned_up(model, tmp_path, monkeypatch):
    monkeypatch.setenv("RULEBASE_CACHE", str(tmp_path))
    folder = tmp_path / "vectors"
    folder.mkdir()
    long_ago = time.time() - 2 * semantic._STALE_SECONDS
    half_written, being_written = folder / ".abc.npy", folder / ".def.npy"
    for partial in (half_written, being_written):
        partial.write_bytes(b"\x93NUMPY")
    os.utime(half_written, (long_ago, long_ago))
    older = []
    for age in range(semantic._KEEP_VECTORS + 2):
        old = folder / f"old{age}.npy"
        old.write_bytes(b"")
        old.with_suffix(".json").write_text("{}", encoding="utf-8")
        os.utime(old, (long_ago - age, long_ago - age))
        older.append(old)
    semantic.vectors(model, TEXTS)
    assert not half_written.exists() and being_written.exists()
    assert [old.exists() for old in older] == [True] * semantic._KEEP_VECTORS + [False, False]
    assert not older[-1].with_suffix(".json").exists()
    assert len([path for path in folder.glob("*.npy") if not path.name.startswith(".")]) == semantic._KEEP_VECTORS + 1


def test_a_model_giving_vectors_that_are_not_finite_leaves_nothing_in_the_cache(model, tmp_path, monkeypatch, caplog):
    monkeypatch.setenv("RULEBASE_CACHE", str(tmp_path))
    real = model.encode

    def broken(texts, *args, **kwargs):
        found = real(texts, *args, **kwargs)
        found[1] = np.nan
        return found

    monkeypatch.setattr(model, "encode", broken)
    with caplog.at_level("WARNING", logger="rulebase.search"):
        found = semantic.vectors(model, TEXTS)
    assert np.isfinite(found).all() and not found[1].any() and np.isclose(np.linalg.norm(found[0]), 1.0)
    assert "1 of 3 texts" in caplog.text
    assert list((tmp_path / "vectors").iterdir()) == []


def test_the_search_gives_the_same_answers_from_poisoned_vectors(small, tmp_path, monkeypatch):
    monkeypatch.setenv("RULEBASE_CACHE", str(tmp_path))
    monkeypatch.delenv("RULEBASE_ENCODER", raising=False)
    index.forget()
    try:
        questions = [QUESTION, "can I look at the cards in my opponent's discard pile"]
        expected = [[hit.id for hit in search(q, graph=small)] for q in questions]
        meanings = semantic.meanings(index.ensure(small))
        meanings.matrix = np.zeros_like(meanings.matrix)  # what they would be read from a poisoned file
        assert [[hit.id for hit in search(q, graph=small)] for q in questions] != expected
        saved = vectors_file(tmp_path)
        with open(saved, "wb") as stream:
            np.save(stream, np.full(meanings.matrix.shape, np.nan, dtype=np.float32), allow_pickle=False)
        index.forget(keys=False)
        assert [[hit.id for hit in search(q, graph=small)] for q in questions] == expected
    finally:
        index.forget()
