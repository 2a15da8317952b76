"""A damaged search cache (rulebase.search.index, rulebase.search.semantic,
rulebase.search.cachefiles, rulebase.paths.cache_dir): whatever is found in
the cache directory, a search gives the answers it gives from a cache made
anew, and what cannot be trusted is made again with a warning, never a
traceback.  Most tests use the small corpus of test_index (the TCG rules
alone), whose index builds in a fraction of a second."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from rulebase import graph, paths
from rulebase.cli import main
from rulebase.search import index, search

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
