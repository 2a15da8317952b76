"""Helpers the blueprints share: the site of the running app, cached pages
and the one way pages say that something does not exist."""

from __future__ import annotations

from typing import Callable

from flask import abort, current_app, request

from rulebase.web.catalog import GAMES


def site():
    """The :class:`~rulebase.web.Site` of the running application."""
    return current_app.extensions["rulebase"]


def catalog():
    return site().catalog


def cached(render: Callable[[], str], key: str | None = None) -> str:
    """The page at this address (or of ``key``, where many addresses show the
    same page), rendered once per process.

    Only pages of things that exist are cached, under a key that names them
    (never a free-form address), so the cache is bounded by the size of the
    graph.
    """
    pages = current_app.extensions["rulebase.pages"]
    key = request.script_root + (key or request.path)
    page = pages.get(key)
    if page is None:
        page = pages[key] = render()
    return page


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
