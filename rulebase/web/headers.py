"""What may reach a response header: only known, normalised values.

Text from a request (a path segment, a query, the ``Host`` header) never
goes into a header as it came.  A download's file name is made of the names
the graph knows, reduced to a safe alphabet by :func:`attachment`; and every
redirect points into this site by a path of its own, never at the host a
request named (:func:`local_location`, installed by :func:`register`).
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit, urlunsplit

from flask import Flask, Response

_UNSAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")
MAX_FILENAME = 100


def safe_filename(name: str, fallback: str = "download") -> str:
    """``name`` reduced to letters, digits, ``.``, ``_`` and ``-`` (anything
    else becomes one ``-``), at most :data:`MAX_FILENAME` characters.

    >>> safe_filename('renumbering-earlier-3.4.csv')
    'renumbering-earlier-3.4.csv'
    >>> safe_filename('a\\r\\nb"\\u2028c.csv')
    'a-b-c.csv'
    >>> safe_filename('\\x00')
    'download'
    """
    cleaned = _UNSAFE_NAME.sub("-", name).strip("-.")[:MAX_FILENAME]
    return cleaned or fallback


def attachment(name: str) -> str:
    """The ``Content-Disposition`` value of a download named ``name``.

    >>> attachment('renumbering-earlier-3.4.csv')
    'attachment; filename="renumbering-earlier-3.4.csv"'
    """
    return f'attachment; filename="{safe_filename(name)}"'


def local_location(location: str) -> str:
    """A redirect target as a path from this site's root: the scheme and
    host that routing copies from the request's ``Host`` header are
    dropped, and a path that would read as another host (``//host/...``, or
    ``/\\host`` as browsers read it) or as a scheme (``a:b``) keeps one
    slash before it.

    >>> local_location('http://evil.example/ccg/514.4c?q=1')
    '/ccg/514.4c?q=1'
    >>> local_location('//evil.example/x')
    '/evil.example/x'
    >>> local_location('/\\\\evil.example/x')
    '/evil.example/x'
    >>> local_location('/ccg/514.4c'), local_location('a:b:')
    ('/ccg/514.4c', '/b:')
    """
    parts = urlsplit(location)
    if location.startswith("//"):  # a path that reads as a host
        path = "/" + parts.netloc + parts.path
    elif parts.scheme or parts.netloc:
        path = parts.path or "/"
    else:
        path = parts.path
    path = "/" + path.lstrip("/\\")  # from the site's root: never read as a host or a scheme
    return urlunsplit(("", "", path, parts.query, parts.fragment))


def register(app: Flask) -> None:
    """Keep every redirect of ``app`` on its own site."""

    @app.after_request
    def keep_redirects_local(response: Response) -> Response:
        location = response.headers.get("Location")
        if location is not None:
            response.headers["Location"] = local_location(location)
        return response
