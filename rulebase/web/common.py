"""Helpers the blueprints share: the site of the running app, cached pages
(kept by :mod:`rulebase.web.pages`) and the one way pages say that
something does not exist."""

from __future__ import annotations

from typing import Callable

from flask import Response, abort, current_app, request

from rulebase.web.catalog import GAMES
from rulebase.web.pages import respond


def site():
    """The :class:`~rulebase.web.Site` of the running application."""
    return current_app.extensions["rulebase"]


def catalog():
    return site().catalog


def cached(render: Callable[[], str], key: str | None = None) -> Response:
    """The answer with the page at this address (or of ``key``, where many
    addresses show the same page), rendered once per process while it stays
    in the application's :class:`~rulebase.web.pages.PageCache`.

    Only pages of things that exist are cached, under a key that names them
    (never a free-form address); the cache is bounded besides.  Pages under
    another script root are other pages: their links differ.
    """
    name = key or request.path
    return respond((request.script_root, name) if request.script_root else name, render)


def check_game(game: str) -> str:
    """``game`` if it is one of the games, else a 404."""
    if game not in GAMES:
        abort(404, f"There is no game {game!r} here; the games are {', '.join(GAMES)}.")
    return game


def arg(name: str, choices=None) -> str | None:
    """A query-string argument, or None when absent or empty; a 400 when it is
    not one of ``choices``."""
    value = request.args.get(name, "").strip() or None
    if value is not None and choices is not None and value not in choices:
        abort(400, f"{name} must be one of {', '.join(choices)}, not {value[:40]!r}.")
    return value


def bounded_body(limit: int, sent: str, too_long: str) -> None:
    """Abort before reading a request body of more than ``limit`` bytes
    (413, saying ``too_long``), or one sent in chunks with no stated length
    (411: send ``sent`` with a Content-Length)."""
    length = request.content_length
    if length is None and request.headers.get("Transfer-Encoding"):
        abort(411, f"Send {sent} with a Content-Length.")
    if length is not None and length > limit:
        abort(413, too_long)
