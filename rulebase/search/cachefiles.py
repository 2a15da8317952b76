"""Reading back what the search keeps in the cache directory, never trusting
it: a file is read without following links, checked against the SHA-256
written beside it when it was made, and what it holds against the shape
the code writes.  Anything else is :class:`DamagedCacheError`, and the
caller makes the file again.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from pathlib import Path

from rulebase.errors import RulebaseError


class DamagedCacheError(RulebaseError):
    """Raised when a file of the cache directory is not what was written
    there: unreadable, a link or not a file, altered since (its checksum
    differs), not JSON or not of the shape expected.  Says which file and
    what is wrong; the search makes the file again."""


def sha256(data: bytes) -> str:
    """The SHA-256 of some bytes, in hexadecimal."""
    return hashlib.sha256(data).hexdigest()


_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


def read_bytes(path: Path, limit: int | None = None) -> bytes:
    """The bytes of a regular file of the cache (at most ``limit``), read
    without following a link and without waiting on a pipe.

    Raises :class:`FileNotFoundError` when there is no such file (nothing
    was made there yet) and :class:`DamagedCacheError` for anything else
    in its place.
    """
    try:
        handle = os.open(path, _FLAGS)
    except FileNotFoundError:
        raise
    except OSError as error:
        raise DamagedCacheError(f"{path}: cannot be read: {error.strerror or error}") from None
    try:
        with os.fdopen(handle, "rb") as stream:
            if not stat.S_ISREG(os.fstat(stream.fileno()).st_mode):
                raise DamagedCacheError(f"{path}: not a file")
            return stream.read() if limit is None else stream.read(limit)
    except OSError as error:
        raise DamagedCacheError(f"{path}: cannot be read: {error.strerror or error}") from None


def verify(path: Path, data: bytes, checksum: str) -> bytes:
    """``data`` (read from ``path``) if its SHA-256 is ``checksum``; raises
    :class:`DamagedCacheError` otherwise."""
    if sha256(data) != checksum:
        raise DamagedCacheError(f"{path}: altered since it was written (its SHA-256 is not the one recorded)")
    return data


def load_json(path: Path, data: bytes, shape):
    """The JSON value of ``data`` (read from ``path``), checked to have
    ``shape`` (see :func:`check`)."""
    try:
        value = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as error:
        raise DamagedCacheError(f"{path}: not JSON: {error}") from None
    check(value, shape, str(path))
    return value


def check(value, shape, where: str) -> None:
    """Raise :class:`DamagedCacheError` unless ``value`` (read from JSON)
    has ``shape``: a type (``str``, ``int``, ``float``, ``bool``; a bool is
    not an int, an int is a float), ``None``, a tuple of alternatives,
    ``[item]`` for a list of items, ``{str: item}`` for an object of any
    keys, or a dict of required fields (others are allowed).

    >>> check({"key": "a", "counts": {"x": 1}}, {"key": str, "counts": {str: int}}, "meta.json")
    >>> check({"any": [1, "b"]}, {"any": [(int, None)]}, "synonyms.json")
    Traceback (most recent call last):
    ...
    rulebase.search.cachefiles.DamagedCacheError: synonyms.json: ['any'][1]: expected a whole number or null: 'b'
    >>> check([], {"key": str}, "meta.json")
    Traceback (most recent call last):
    ...
    rulebase.search.cachefiles.DamagedCacheError: meta.json: expected an object: []
    """
    fault = _fault(value, shape)
    if fault is not None:
        inside, expected, found = fault
        shown = repr(found)
        shown = shown if len(shown) <= 60 else shown[:57] + "..."
        raise DamagedCacheError(f"{where}: {inside + ': ' if inside else ''}expected {expected}: {shown}")


_NAMES = {str: "text", int: "a whole number", float: "a number", bool: "true or false"}


def _describe(shape) -> str:
    if isinstance(shape, tuple):
        return " or ".join(_describe(option) for option in shape)
    if shape is None:
        return "null"
    if isinstance(shape, list):
        return "a list"
    if isinstance(shape, dict):
        return "an object"
    return _NAMES.get(shape, shape.__name__)


class _Nothing:
    def __repr__(self) -> str:
        return "nothing"


_NOTHING = _Nothing()


def _is_a(value, kind: type) -> bool:
    return type(value) is kind or (kind is float and type(value) is int)


def _fault(value, shape) -> tuple[str, str, object] | None:
    """None if ``value`` has ``shape``; else where inside it the first
    fault is, what was expected there and what was found."""
    if isinstance(shape, tuple):
        if any(_fault(value, option) is None for option in shape):
            return None
        return "", _describe(shape), value
    if shape is None or isinstance(shape, type):
        if value is None if shape is None else _is_a(value, shape):
            return None
        return "", _describe(shape), value
    if isinstance(shape, list):
        if type(value) is not list:
            return "", "a list", value
        (item,) = shape
        for number, element in enumerate(value):
            if isinstance(item, type) and _is_a(element, item):
                continue
            fault = _fault(element, item)
            if fault is not None:
                return f"[{number}]{fault[0]}", fault[1], fault[2]
        return None
    if type(value) is not dict:
        return "", "an object", value
    if str in shape:
        items = ((key, value[key], shape[str]) for key in value)
    else:
        missing = [key for key in shape if key not in value]
        if missing:
            return f"[{missing[0]!r}]", _describe(shape[missing[0]]), _NOTHING
        items = ((key, value[key], shape[key]) for key in shape)
    for key, element, item in items:
        fault = _fault(element, item)
        if fault is not None:
            return f"[{key!r}]{fault[0]}", fault[1], fault[2]
    return None
