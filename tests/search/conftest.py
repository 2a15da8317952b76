"""Every search test uses an index cache of its own, never the user's."""

from __future__ import annotations

import pytest

from rulebase.search import index


@pytest.fixture(scope="session", autouse=True)
def search_cache(tmp_path_factory):
    """One cache directory for the session: the index is built once."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RULEBASE_CACHE", str(tmp_path_factory.mktemp("cache")))
        index.forget()
        yield
    index.forget()


@pytest.fixture
def fresh_cache(tmp_path, monkeypatch):
    """An empty cache directory for one test (the index is built anew), the
    search by words alone: the entries' meanings are not computed again for
    each such test (tests/search/test_semantic.py covers them)."""
    monkeypatch.setenv("RULEBASE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("RULEBASE_ENCODER", "off")
    index.forget()
    yield tmp_path / "cache"
    index.forget()
