"""Rendered pages, kept ready to send.

A :class:`Page` is a page as it goes on the wire: its bytes, their gzip
(compressed once, when the page is made) and a strong ETag for each.  A
:class:`PageCache` keeps pages by key within a number of pages and a number
of bytes, the least recently used leaving first, and remembers which
addresses showed which page.  :func:`respond` answers the current request
with a cached page (rendering it on a miss): 304 when ``If-None-Match`` names
its ETag, gzip only when ``Accept-Encoding`` allows it, always with
``Vary: Accept-Encoding``.  :class:`PageServer`, a WSGI layer in front of
Flask, answers a GET of an address whose page is cached the same way without
running Flask at all.
"""

from __future__ import annotations

import gzip
import hashlib
import threading
from collections import OrderedDict
from collections.abc import Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Callable

from flask import Response, current_app, request

HTML = "text/html; charset=utf-8"
# The bounds of a cache by default, in each process: the 1,055 rule pages of
# the corpus take 9 MB with their gzip, a diff of two editions 0.1-0.2 MB.
MAX_PAGES = 4096
MAX_BYTES = 32 << 20
# A page shorter than this is sent as it is: gzip would save too little.
MIN_GZIP = 256
# What a page costs in memory besides its bytes (the object, its ETags, its key).
PAGE_OVERHEAD = 400
# Addresses longer than this are answered but not remembered.
MAX_ADDRESS = 300
# The WSGI environ key where PageServer leaves the address of a GET.
ADDRESS = "rulebase.address"

Address = tuple[str, str, str]


@dataclass(frozen=True, slots=True)
class Page:
    """A rendered page: ``body`` (UTF-8), ``gzipped`` (None when gzip would
    not make it smaller) and their strong ETags."""

    body: bytes
    gzipped: bytes | None
    etag: str
    gzip_etag: str
    content_type: str = HTML

    @classmethod
    def of(cls, text: str, content_type: str = HTML) -> Page:
        """The page of ``text``, compressed once here.

        >>> page = Page.of("<p>hello</p>")
        >>> page.body, page.gzipped, page.etag == Page.of("<p>hello</p>").etag != Page.of("<p>bye</p>").etag
        (b'<p>hello</p>', None, True)
        """
        body = text.encode()
        digest = hashlib.blake2b(body, digest_size=16).hexdigest()
        gzipped = gzip.compress(body, compresslevel=6, mtime=0) if len(body) >= MIN_GZIP else None
        if gzipped is not None and len(gzipped) >= len(body):
            gzipped = None
        return cls(body, gzipped, f'"{digest}"', f'"{digest}-gzip"', content_type)

    @property
    def size(self) -> int:
        """The bytes this page holds in memory, roughly."""
        return len(self.body) + len(self.gzipped or b"") + PAGE_OVERHEAD

    @property
    def text(self) -> str:
        return self.body.decode()

    def answer(self, environ: dict, extra: Iterable[tuple[str, str]] = ()) -> tuple[str, list, bytes]:
        """The status, headers and body of the answer to a request (its WSGI
        ``environ``), with the ``extra`` headers added."""
        compressed = self.gzipped is not None and accepts_gzip(environ.get("HTTP_ACCEPT_ENCODING", ""))
        etag = self.gzip_etag if compressed else self.etag
        headers = [("ETag", etag), ("Vary", "Accept-Encoding"), *extra]
        if_none_match = environ.get("HTTP_IF_NONE_MATCH")
        if if_none_match is not None and etag_matches(if_none_match, etag):
            return "304 Not Modified", headers, b""
        body = self.gzipped if compressed else self.body
        headers += [("Content-Type", self.content_type), ("Content-Length", str(len(body)))]
        if compressed:
            headers.append(("Content-Encoding", "gzip"))
        return "200 OK", headers, body


def accepts_gzip(header: str) -> bool:
    """Whether an ``Accept-Encoding`` header allows gzip (a quality of 0
    refuses it, ``*`` stands for the codings it does not name).

    >>> [accepts_gzip(h) for h in ("gzip, deflate, br", "", "identity", "gzip;q=0", "*", "*, gzip;q=0", "GZip;Q=0.5")]
    [True, False, False, False, True, False, True]
    """
    if not header:
        return False
    gzip_q = star_q = None
    for part in header.split(","):
        coding, _, params = part.partition(";")
        coding = coding.strip().lower()
        if coding not in ("gzip", "x-gzip", "*"):
            continue
        q = 1.0
        for param in params.split(";"):
            name, _, value = param.partition("=")
            if name.strip().lower() == "q":
                try:
                    q = float(value.strip())
                except ValueError:
                    q = 0.0
        if coding == "*":
            star_q = q
        else:
            gzip_q = q if gzip_q is None else max(gzip_q, q)
    if gzip_q is not None:
        return gzip_q > 0
    return star_q is not None and star_q > 0


def etag_matches(header: str, etag: str) -> bool:
    """Whether an ``If-None-Match`` header names ``etag`` (compared weakly,
    as that header is) or is ``*``.

    >>> etag_matches('"a", W/"b"', '"b"'), etag_matches('*', '"c"'), etag_matches('"a"', '"c"')
    (True, True, False)
    """
    if header.strip() == "*":
        return True
    return any(tag.strip().removeprefix("W/") == etag for tag in header.split(","))


class PageCache(Mapping):
    """Pages by key, at most ``max_pages`` of them and ``max_bytes`` of their
    :attr:`Page.size`: storing past either limit drops the least recently
    used pages first, and a page bigger than ``max_bytes`` is not kept.

    It also remembers which page each address (script root, path and query)
    showed, at most ``max_addresses`` of them, the least recently used
    forgotten first.  Read as a mapping it gives each key's page text,
    without touching the order.  Safe to share between threads.
    """

    def __init__(self, max_pages: int = MAX_PAGES, max_bytes: int = MAX_BYTES, max_addresses: int | None = None):
        if max_pages < 1 or max_bytes < 1:
            raise ValueError("a page cache holds at least one page and one byte")
        self.max_pages = max_pages
        self.max_bytes = max_bytes
        self.max_addresses = max_addresses if max_addresses is not None else 2 * max_pages
        self.nbytes = 0
        self._pages: OrderedDict[Hashable, Page] = OrderedDict()
        self._addresses: OrderedDict[Address, Hashable] = OrderedDict()
        self._lock = threading.Lock()

    def page(self, key: Hashable) -> Page | None:
        """The page of ``key``, now the most recently used, or None."""
        with self._lock:
            page = self._pages.get(key)
            if page is not None:
                self._pages.move_to_end(key)
            return page

    def store(self, key: Hashable, page: Page) -> Page:
        """Keep ``page`` under ``key`` (unless it is too big), dropping the
        least recently used pages past the limits; returns ``page``."""
        if page.size > self.max_bytes:
            return page
        with self._lock:
            old = self._pages.pop(key, None)
            if old is not None:
                self.nbytes -= old.size
            self._pages[key] = page
            self.nbytes += page.size
            while len(self._pages) > self.max_pages or self.nbytes > self.max_bytes:
                _, dropped = self._pages.popitem(last=False)
                self.nbytes -= dropped.size
        return page

    def remember(self, address: Address | None, key: Hashable) -> None:
        """Note that ``address`` shows the page of ``key``."""
        if address is None or sum(map(len, address)) > MAX_ADDRESS:
            return
        with self._lock:
            self._addresses[address] = key
            self._addresses.move_to_end(address)
            while len(self._addresses) > self.max_addresses:
                self._addresses.popitem(last=False)

    def at(self, address: Address) -> Page | None:
        """The cached page an address showed, or None."""
        with self._lock:
            key = self._addresses.get(address)
            if key is None:
                return None
            page = self._pages.get(key)
            if page is None:
                return None
            self._addresses.move_to_end(address)
            self._pages.move_to_end(key)
            return page

    def clear(self) -> None:
        with self._lock:
            self._pages.clear()
            self._addresses.clear()
            self.nbytes = 0

    def __getitem__(self, key: Hashable) -> str:
        return self._pages[key].text

    def __contains__(self, key: object) -> bool:
        return key in self._pages

    def __iter__(self) -> Iterator[Hashable]:
        with self._lock:
            return iter(list(self._pages))

    def __len__(self) -> int:
        return len(self._pages)


def respond(key: Hashable, render: Callable[[], str]) -> Response:
    """The answer to the current request with the page of ``key`` from the
    application's cache (``app.extensions["rulebase.pages"]``), rendered by
    ``render`` when it is not there.  The key must name the page fully,
    script root included.  The address asked for is remembered as showing
    this page, so a view must return this response as it is."""
    cache: PageCache = current_app.extensions["rulebase.pages"]
    page = cache.page(key)
    if page is None:
        page = cache.store(key, Page.of(render()))
    cache.remember(request.environ.get(ADDRESS), key)
    status, headers, body = page.answer(request.environ)
    return Response(body, status, headers)


class PageServer:
    """WSGI layer in front of the application ``app``: a GET of an address
    whose page is in ``cache`` is answered from it, with the ``headers``
    every response carries, without calling ``app``; anything else goes to
    ``app``, with the address of a GET left in the environ for
    :func:`respond` to remember."""

    def __init__(self, app: Callable, cache: PageCache, headers: Iterable[tuple[str, str]] = ()):
        self.app = app
        self.cache = cache
        self.headers = tuple(headers)

    def __call__(self, environ: dict, start_response: Callable):
        if environ.get("REQUEST_METHOD") == "GET":
            address = (environ.get("SCRIPT_NAME", ""), environ.get("PATH_INFO", ""), environ.get("QUERY_STRING", ""))
            page = self.cache.at(address)
            if page is not None:
                status, headers, body = page.answer(environ, self.headers)
                start_response(status, headers)
                return [body]
            environ[ADDRESS] = address
        return self.app(environ, start_response)
