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
# An empty or blank RULEBASE_CORPUS is no setting (never the working directory).
CORPUS = Path(os.environ["RULEBASE_CORPUS"]) if os.environ.get("RULEBASE_CORPUS", "").strip() else _data_dir("corpus")
SITE = _data_dir("site")


def grammar(name: str) -> Path:
    """The path of ``grammar/<name>.lark``."""
    return GRAMMAR / f"{name}.lark"


def cache_dir(create: bool = True) -> Path:
    """The directory for derived data (search index), created on demand
    (unless ``create`` is false).

    ``RULEBASE_CACHE`` overrides it; otherwise ``$XDG_CACHE_HOME/rulebase``
    or ``~/.cache/rulebase``.  A variable that is empty (or only blanks) is
    not set, and an ``XDG_CACHE_HOME`` that is not an absolute path is
    ignored (as the XDG specification says): neither puts the cache in the
    working directory.
    """
    setting = os.environ.get("RULEBASE_CACHE", "")
    if setting.strip():
        path = Path(setting)
    else:
        base = os.environ.get("XDG_CACHE_HOME", "")
        path = (Path(base) if Path(base).is_absolute() else Path.home() / ".cache") / "rulebase"
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path


@contextmanager
def cache_lock(name: str):
    """Hold the lock ``name`` of the cache directory: one process at a time
    makes what each would otherwise make alike (the search index, the
    entries' vectors), and the others then find it made.  Gives whether the
    lock is held: where none can be taken (no ``fcntl``, a cache that
    cannot be written or locked) it holds none and gives False."""
    try:
        import fcntl

        handle = open(cache_dir() / f".{name}.lock", "a+b")
    except (ImportError, OSError):
        yield False
        return
    with handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX)
        except OSError:  # a file system without locks
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
