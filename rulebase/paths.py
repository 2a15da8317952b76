"""Where the package's data lives: the only module that knows.

In a checkout the grammars, corpus and site sit beside the package; in an
installed wheel they are shipped inside it as ``rulebase/_data``.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
_ROOT = PACKAGE.parent
_SHIPPED = PACKAGE / "_data"


def _data_dir(name: str) -> Path:
    checkout = _ROOT / name
    if checkout.is_dir():
        return checkout
    return _SHIPPED / name


GRAMMAR = _data_dir("grammar")
CORPUS = Path(os.environ["RULEBASE_CORPUS"]) if "RULEBASE_CORPUS" in os.environ else _data_dir("corpus")
SITE = _data_dir("site")


def grammar(name: str) -> Path:
    """The path of ``grammar/<name>.lark``."""
    return GRAMMAR / f"{name}.lark"


def cache_dir() -> Path:
    """The directory for derived data (search index), created on demand.

    ``RULEBASE_CACHE`` overrides it; otherwise ``$XDG_CACHE_HOME/rulebase``
    or ``~/.cache/rulebase``.
    """
    if "RULEBASE_CACHE" in os.environ:
        path = Path(os.environ["RULEBASE_CACHE"])
    else:
        base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
        path = Path(base) / "rulebase"
    path.mkdir(parents=True, exist_ok=True)
    return path


@contextmanager
def cache_lock(name: str):
    """Hold the lock ``name`` of the cache directory: one process at a time
    makes what each would otherwise make alike (the search index, the
    entries' vectors), and the others then find it made.  Where no lock can
    be taken (no ``fcntl``, a cache that cannot be written) it holds none."""
    try:
        import fcntl

        handle = open(cache_dir() / f".{name}.lock", "a+b")
    except (ImportError, OSError):
        yield
        return
    with handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
