"""The whole site as static files: ``rulebase export-site DIR``.

Every page is drawn by the application itself (its test client), so the
export shows what the server shows.  The pages are those of the graph's
nodes (:meth:`~rulebase.web.catalog.Catalog.url`: every rule, chapter and
document of every edition, every glossary entry, erratum and card) and the
site's fixed pages, and then every page they link to: the glossaries, the
errata by set, the diffs and each rule's history.  A link with a query
string is followed from a page without one (a diff's filters, the cards of
a set), not further.

Each page is written to a file named by its address (``/ccg/514.4c`` is
``ccg/514.4c.html``, ``/`` is ``index.html``) and its links are rewritten to
relative paths that name the file, so the copy works from the file system
(where a directory's ``index.html`` is never served by itself) as on any
static host.  What only a server can answer (the JSON API, forms that are
sent to the site, such as the deck checker's) is not exported: links to it
point to ``server-only.html``, which says so, and carry
``data-offline="server"``; forms other than the search say it in place.
A link to an address the site does not have points to ``404.html`` and is
counted in the report.

The search runs in the browser: ``offline-search.js`` reads the index this
module writes to ``search-index.js`` (:mod:`rulebase.web.offline_index`),
loaded as a script because a browser refuses ``fetch()`` of a local file.
Every page states the site's Content-Security-Policy itself, since a static
host sends none of the site's headers.

The pages are drawn in one process: worker processes, each making its own
application and warming its own caches, were measured slower on two cores
(``benchmarks/export_site.py``).

An export directory holds a record of the files written
(:data:`MARKER`); a directory that is not empty and has no such record is
refused, and a file an export did not write stops a new export into it,
so that nothing but an earlier export is ever removed.
"""

from __future__ import annotations

import html
import json
import os
import posixpath
import re
import shutil
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote, unquote, unquote_plus, urljoin, urlsplit

from rulebase import paths
from rulebase.errors import RulebaseError

MARKER = ".rulebase-export.json"
"""The record of an export's files, in the export's directory."""

SEARCH_PAGE = "search.html"
SERVER_ONLY_PAGE = "server-only.html"
MISSING_PAGE = "404.html"
INDEX_SCRIPT = "search-index.js"
STATIC = "static"

SERVER_ONLY = ("/api",)
"""Addresses (and what is under them) that only a server answers: never fetched."""

MAX_PAGES = 100_000
"""More pages than this is a crawl gone wrong, not a site."""

_ATTRIBUTE = re.compile(r'(?<![\w-])(href|src|xlink:href|poster)="([^"]*)"')
_FORM = re.compile(r"<form\b[^>]*>", re.IGNORECASE)
_FORM_ACTION = re.compile(r'\saction="[^"]*"')
_FORM_METHOD = re.compile(r'\smethod="[^"]*"', re.IGNORECASE)
_POST_FORM = re.compile(r'<form\b[^>]*\bmethod="post"', re.IGNORECASE)
_UNSAFE = re.compile(r'[\x00-\x1f\\:*?"<>|]')
_SAFE_URL = "/~!$&'()*+,;=@-._"


class ExportError(RulebaseError):
    """Raised when the site cannot be exported to a directory: a directory
    that holds other files, a page the application fails to draw."""


@dataclass
class Report:
    """What an export wrote."""

    directory: Path
    pages: int = 0
    files: int = 0
    bytes: int = 0
    seconds: float = 0.0
    server_only: dict[str, int] = field(default_factory=dict)
    """Address -> how many links to it point to the server-only notice."""
    missing: dict[str, list[str]] = field(default_factory=dict)
    """Address the site does not have -> the pages linking to it."""
    forms: int = 0
    """Forms that only a server answers, marked where they are."""

    def text(self) -> str:
        lines = [(f"Wrote {self.pages:,} pages ({self.files:,} files, {self.bytes / 1e6:.1f} MB) to "
                  f"{self.directory} in {self.seconds:.1f} s; open {self.directory / 'index.html'}")]
        if self.server_only or self.forms:
            lines.append(f"{sum(self.server_only.values()):,} links to {len(self.server_only):,} addresses and "
                         f"{self.forms:,} forms that need the server point to {SERVER_ONLY_PAGE}")
        for address, pages in sorted(self.missing.items())[:20]:
            lines.append(f"no page {address!r} (linked from {', '.join(sorted(pages)[:3])})")
        return "\n".join(lines)


# -- addresses and file names ------------------------------------------------


def _slug(text: str) -> str:
    return "-".join(re.findall(r"[0-9a-z]+", unquote_plus(text).lower()))[:60] or "q"


def file_name(address: str, is_html: bool = True) -> str | None:
    """The file of a site address, relative to the export's root, or None
    for an address that names no file (``..``, an empty segment).

    >>> [file_name(a) for a in ("/", "/ccg/514.4c", "/ccg/", "/ccg/diff/earlier/3.4?kind=added")]
    ['index.html', 'ccg/514.4c.html', 'ccg/index.html', 'ccg/diff/earlier/3.4~kind-added.html']
    >>> file_name("/ccg/diff/earlier/3.4/map.csv", is_html=False), file_name("/a/../b")
    ('ccg/diff/earlier/3.4/map.csv', None)
    """
    path, _, query = address.partition("?")
    inner = path.strip("/")
    segments = inner.split("/") if inner else []
    if any(segment in ("", ".", "..") for segment in segments):
        return None
    segments = [("_" + segment if segment.startswith(".") else segment) for segment in segments]
    segments = [_UNSAFE.sub("_", segment) for segment in segments]
    if is_html and (not segments or path.endswith("/")):
        segments.append("index")
    if not segments:
        return None
    name = "/".join(segments) + (f"~{_slug(query)}" if query else "")
    return name + ".html" if is_html else name


def relative(source: str, target: str) -> str:
    """The link from the file ``source`` to the file ``target`` (both
    relative to the export's root), percent-encoded.

    >>> relative("ccg/514.4c.html", "ccg/3.4/glossary/swift.html"), relative("index.html", "ccg.html")
    ('3.4/glossary/swift.html', 'ccg.html')
    >>> relative("ccg/diff/earlier/3.4.html", "static/site.css"), relative("ccg/a.html", "ccg/a.html")
    ('../../../static/site.css', 'a.html')
    """
    return quote(posixpath.relpath(target, posixpath.dirname(source) or "."), safe=_SAFE_URL)


def root_of(source: str) -> str:
    """The link from the file ``source`` to the export's root: ``""`` or ``"../"``s."""
    return "../" * source.count("/")


def internal(value: str, base: str) -> tuple[str, str, str] | None:
    """``(path, query, fragment)`` of a link of the site (``base`` is the
    address of the page it is on), or None for a link elsewhere or within
    the page.

    >>> internal("/ccg/514.4c#a", "/"), internal("?kind=added", "/ccg/diff/earlier/3.4")
    (('/ccg/514.4c', '', 'a'), ('/ccg/diff/earlier/3.4', 'kind=added', ''))
    >>> internal("https://example.org/x", "/"), internal("#top", "/"), internal("mailto:a@b", "/")
    (None, None, None)
    """
    if not value or value.startswith("#"):
        return None
    parts = urlsplit(value)
    if parts.scheme or parts.netloc:
        return None
    if not parts.path.startswith("/"):
        parts = urlsplit(urljoin(base, value))
    return unquote(parts.path), parts.query, parts.fragment


def address_of(path: str, query: str) -> str:
    return f"{path}?{query}" if query else path


# -- the crawl -----------------------------------------------------------------


APP_CONFIG = {"WARM_SEARCH": False, "PAGE_CACHE_PAGES": 64, "PAGE_CACHE_BYTES": 8 << 20}
"""The application the export draws with: no search index opened ahead, a small page cache."""

def draw(client, address: str) -> tuple:
    """What the application answers at an address: ``("page", html, links)``,
    ``("file", bytes)``, ``("alias", address)`` for a redirect,
    ``("server",)`` for what only a server answers (JSON, a page with a form
    sent to the site), ``("missing",)``.  Raises :class:`ExportError` when
    the application fails (a status of 500 or more)."""
    path, _, query = address.partition("?")
    response = client.get(quote(path, safe=_SAFE_URL) + (f"?{query}" if query else ""))
    status = response.status_code
    if 300 <= status < 400 and response.location:
        parts = urlsplit(response.location)
        return ("alias", address_of(unquote(parts.path), parts.query))
    if status >= 500:
        raise ExportError(f"{address}: the site failed to draw this page (status {status})")
    if status != 200:
        return ("missing",)
    if response.mimetype != "text/html":
        return ("server",) if response.mimetype == "application/json" else ("file", response.get_data())
    text = response.get_data(as_text=True)
    if _POST_FORM.search(text):
        return ("server",)
    links = []
    for _, value in _ATTRIBUTE.findall(text):
        found = internal(html.unescape(value), address)
        if found:
            links.append(address_of(found[0], found[1]))
    return ("page", text, list(dict.fromkeys(links)))


class _Crawl:
    """Every page of the site the graph's nodes and the fixed pages lead to,
    as the application draws it."""

    def __init__(self, app):
        self.app = app
        self.client = app.test_client()
        self.catalog = app.extensions["rulebase"].catalog
        self.pages: dict[str, str] = {}      # address -> its HTML
        self.files: dict[str, bytes] = {}    # address -> a download (a CSV)
        self.aliases: dict[str, str] = {}    # address -> the address whose page it shows
        self.server: set[str] = set()        # addresses only a server answers
        self.missing: set[str] = set()       # addresses the site does not have
        self.linked_from: dict[str, set[str]] = {}
        self.static = {path.relative_to(paths.SITE / STATIC).as_posix()
                       for path in (paths.SITE / STATIC).rglob("*") if path.is_file()}

    def known(self, address: str) -> bool:
        return (address in self.pages or address in self.files or address in self.aliases
                or address in self.server or address in self.missing)

    def seeds(self) -> list[str]:
        """The fixed pages, then the page of every node of the graph."""
        cat = self.catalog
        fixed = ["/"] + [f"/{game}" for game in cat.current]
        # A set of cards has no page of its own: its cards are listed by the card search.
        nodes = [cat.url(node).split("#")[0] for node, data in cat.data.items() if data["kind"] != "set"]
        return list(dict.fromkeys(fixed + nodes))

    def run(self) -> None:
        """Draw the seeds, then what they link to, wave after wave."""
        queue = deque((address, True) for address in self.seeds())
        deferred: set[str] = set()
        while queue:
            wave: list[str] = []
            waiting: set[str] = set()
            while queue:
                address, may_query = queue.popleft()
                if self.known(address) or address in waiting:
                    continue
                if "?" in address and not may_query:
                    deferred.add(address)
                    continue
                target = self.settle(address)
                if target is None:
                    wave.append(address)
                    waiting.add(address)
                elif target and not self.known(target):
                    queue.append((target, True))
            if len(self.pages) + len(wave) > MAX_PAGES:
                raise ExportError(f"the site has more than {MAX_PAGES:,} pages; the export stopped")
            for address in wave:
                for link in self.record(address, draw(self.client, address)):
                    self.linked_from.setdefault(link, set()).add(address)
                    if not self.known(link):
                        queue.append((link, "?" not in address))
        self.server.update(address for address in deferred if not self.known(address))

    def record(self, address: str, outcome: tuple) -> list[str]:
        """Keep what an address turned out to be; returns the addresses it leads to."""
        kind = outcome[0]
        if kind == "page":
            self.pages[address] = outcome[1]
            return outcome[2]
        if kind == "file":
            self.files[address] = outcome[1]
        elif kind == "alias":
            self.aliases[address] = outcome[1]
            return [outcome[1]]
        else:
            getattr(self, kind).add(address)
        return []

    def settle(self, address: str) -> str | None:
        """Settle an address without drawing it where its address says what
        it is: ``""`` when settled, the address a node id stands for (which
        is to be drawn), None when it must be drawn."""
        path, _, query = address.partition("?")
        kind = self.classify(path, query)
        if kind in ("server", "missing"):
            getattr(self, kind).add(address)
            return ""
        if kind is not None:
            return ""
        node = path[1:]
        if not query and node in self.catalog.data:
            canonical = self.catalog.url(node).split("#")[0]
            if canonical != path:
                self.aliases[address] = canonical
                return canonical
        return None

    def classify(self, path: str, query: str) -> str | None:
        """What an address is without asking the application: ``search``,
        ``static``, ``server``, ``missing``, or None."""
        if path == "/search":
            return "search"
        if path.startswith(f"/{STATIC}/"):
            return "static" if path[len(STATIC) + 2:] in self.static else "missing"
        if any(path == prefix or path.startswith(prefix + "/") for prefix in SERVER_ONLY):
            return "server"
        return None


# -- writing -------------------------------------------------------------------


class _Writer:
    """The files of an export: names, rewritten links, the search index."""

    def __init__(self, crawl: _Crawl):
        self.crawl = crawl
        reserved = [SEARCH_PAGE, SERVER_ONLY_PAGE, MISSING_PAGE, INDEX_SCRIPT, MARKER]
        reserved += [f"{STATIC}/{name}" for name in crawl.static]
        self.taken: set[str] = {name.casefold() for name in reserved}
        self.names: dict[str, str] = {}
        for address in crawl.pages:
            self._name(address, True)
        for address in crawl.files:
            self._name(address, False)
        self.server_links: dict[str, int] = {}
        self.server_forms = 0
        self._links: dict[tuple, tuple[str, str | None, str] | None] = {}

    def _name(self, address: str, is_html: bool) -> None:
        name = file_name(address, is_html)
        if name is None:
            self.crawl.missing.add(address)
            return
        stem, dot, extension = name.rpartition(".") if is_html else (name, "", "")
        count = 1
        while name.casefold() in self.taken:
            count += 1
            name = f"{stem}~{count}{dot}{extension}"
        self.taken.add(name.casefold())
        self.names[address] = name

    def final(self, address: str) -> str:
        """The address whose page an address shows, through its redirects."""
        for _ in range(20):
            if address not in self.crawl.aliases:
                return address
            address = self.crawl.aliases[address]
        return address

    def target(self, path: str, query: str) -> tuple[str, str | None]:
        """The file a link of the site goes to, relative to the root, and
        ``"server"`` or ``"missing"`` when it stands in for the page."""
        kind = self.crawl.classify(path, query)
        if kind == "search":
            return SEARCH_PAGE, None
        if kind == "static":
            return STATIC + path[len(STATIC) + 1:], None
        address = self.final(address_of(path, query))
        if address in self.names:
            return self.names[address], None
        if address in self.crawl.missing or kind == "missing":
            return MISSING_PAGE, "missing"
        return SERVER_ONLY_PAGE, "server"

    def link(self, source: str, base: str, value: str) -> tuple[str, str | None, str] | None:
        """The rewritten link ``value`` of the file ``source`` (of the address
        ``base``), whether it stands in for a page (``"server"``,
        ``"missing"``) and the address it was; None to leave it as it is."""
        key = (posixpath.dirname(source), value if value.startswith("/") else (base, value))
        if key in self._links:
            return self._links[key]
        found = internal(value, base)
        done = None
        if found is not None:
            path, query, fragment = found
            name, mark = self.target(path, query)
            link = relative(source, name)
            if name == SEARCH_PAGE and query:
                link += f"?{query}"
            if fragment and mark is None:
                link += f"#{fragment}"
            done = (link, mark, address_of(path, query))
        self._links[key] = done
        return done

    def rewrite(self, text: str, source: str, base: str) -> str:
        """A page of the site as a file of the export: relative links, the
        search and server-only forms marked for ``offline-search.js``, that
        script and its style added to the head, and the site's
        Content-Security-Policy stated in it."""

        def attribute(match: re.Match) -> str:
            name, value = match.groups()
            done = self.link(source, base, html.unescape(value))
            if done is None:
                return match.group(0)
            link, mark, address = done
            if mark == "server":
                self.server_links[address] = self.server_links.get(address, 0) + 1
            return f'{name}="{html.escape(link)}"' + (f' data-offline="{mark}"' if mark else "")

        def form(match: re.Match) -> str:
            tag = match.group(0)
            action = re.search(r'\saction="([^"]*)"', tag)
            found = internal(html.unescape(action.group(1)), base) if action else None
            if found and found[0] == "/search":
                return _FORM_ACTION.sub(f' action="{html.escape(relative(source, SEARCH_PAGE))}"', tag)
            self.server_forms += 1
            tag = _FORM_METHOD.sub("", _FORM_ACTION.sub("", tag))
            return (tag[:-1] + f' action="{html.escape(relative(source, SERVER_ONLY_PAGE))}" method="get"'
                    ' data-offline="server">')

        text = _ATTRIBUTE.sub(attribute, text)
        text = _FORM.sub(form, text)
        text = text.replace(' data-live="', ' data-offline-live="')
        policy = f'<meta http-equiv="Content-Security-Policy" content="{html.escape(_policy())}">'
        text = text.replace("<head>", f"<head>\n  {policy}", 1)
        root = root_of(source)
        head = (f'<link rel="stylesheet" href="{root}{STATIC}/offline.css">\n'
                f'  <script src="{root}{STATIC}/offline-search.js" data-root="{root}" defer></script>\n</head>')
        return text.replace("</head>", head, 1)

    def address(self, url: str) -> str:
        """A page of the site (a node's :meth:`Catalog.url`) as a link from the root."""
        found = self.link("index.html", "/", url)
        return found[0] if found else url


def _policy() -> str:
    """The site's Content-Security-Policy as a page can state it itself
    (a static host sends no headers of ours): without the directives a
    ``<meta>`` element cannot give."""
    from rulebase.web import CONTENT_SECURITY_POLICY

    return "; ".join(directive for directive in CONTENT_SECURITY_POLICY.split("; ")
                     if directive.split()[0] not in ("frame-ancestors", "report-uri", "report-to", "sandbox"))


def _notice(app, **context) -> str:
    from flask import render_template

    with app.test_request_context("/"):
        return render_template("offline/notice.html", game=None, **context)


def _index_script(data: dict) -> str:
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return ("// The search index of this copy of the site, written by rulebase export-site;\n"
            "// read by static/offline-search.js with static/vendor/minisearch.js.\n"
            f"window.RULEBASE_SEARCH = {body};\n")


def build(app) -> tuple[dict[str, bytes], int, Report]:
    """The files of the export (path relative to the root -> contents, the
    static assets not included), how many pages, and the links that need
    the server or go nowhere."""
    from rulebase.web.offline_index import search_data

    crawl = _Crawl(app)
    crawl.run()
    writer = _Writer(crawl)
    out: dict[str, bytes] = {}
    for address, text in crawl.pages.items():
        if address in writer.names:
            name = writer.names[address]
            out[name] = writer.rewrite(text, name, address).encode()
    for address, data in crawl.files.items():
        if address in writer.names:
            out[writer.names[address]] = data
    out[SEARCH_PAGE] = out["index.html"]
    out[SERVER_ONLY_PAGE] = writer.rewrite(_notice(
        app, title="This needs the server", server_only=True,
        message="This copy of the site is a set of files: nothing is sent anywhere, so what only a server "
                "can answer is not here."), SERVER_ONLY_PAGE, "/").encode()
    out[MISSING_PAGE] = writer.rewrite(_notice(
        app, title="Not found", server_only=False,
        message="This page is not part of this copy of the site."), MISSING_PAGE, "/").encode()
    out[INDEX_SCRIPT] = _index_script(search_data(crawl.catalog, writer.address)).encode()
    report = Report(Path("."), pages=len(crawl.pages) + 3)
    report.server_only = dict(writer.server_links)
    report.forms = writer.server_forms
    report.missing = {address: sorted(crawl.linked_from[address]) for address in crawl.missing
                      if address in crawl.linked_from}
    return out, len(crawl.pages) + 3, report


# -- the export directory --------------------------------------------------------


def _earlier_files(directory: Path) -> list[str]:
    """The files of an earlier export in ``directory``, to be replaced; raises
    :class:`ExportError` when the directory holds anything else."""
    if directory.exists() and not directory.is_dir():
        raise ExportError(f"{directory}: is a file, not a directory")
    if not directory.exists() or not any(directory.iterdir()):
        return []
    marker = directory / MARKER
    if not marker.is_file() or marker.is_symlink():
        raise ExportError(f"{directory}: is not empty and holds no earlier export of the site (no {MARKER}); "
                          "give a new or empty directory")
    try:
        record = json.loads(marker.read_text(encoding="utf-8"))
        listed = record["files"]
        if not isinstance(listed, list) or not all(isinstance(name, str) for name in listed):
            raise TypeError("files is not a list of names")
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise ExportError(f"{marker}: is not the record of an export ({error})") from None
    for name in listed:
        parts = name.split("/")
        if name.startswith("/") or any(part in ("", ".", "..") for part in parts) or name == MARKER:
            raise ExportError(f"{marker}: names a file outside the export: {name!r}")
    allowed = set(listed) | {MARKER}
    for root, dirs, files in os.walk(directory):
        for entry in files + [d for d in dirs if (Path(root) / d).is_symlink()]:
            name = (Path(root) / entry).relative_to(directory).as_posix()
            if name not in allowed:
                raise ExportError(f"{directory / name}: was not written by an export of the site; "
                                  "move it away or give another directory")
    return listed


def _remove(directory: Path, names: list[str]) -> None:
    """Remove an earlier export's files, then those of its directories that
    are left empty (never a directory it did not write into)."""
    for name in names:
        try:
            (directory / name).unlink()
        except FileNotFoundError:
            pass
    folders = {parent for name in names for parent in Path(name).parents if parent != Path(".")}
    for folder in sorted(folders, key=lambda folder: -len(folder.parts)):
        try:
            (directory / folder).rmdir()
        except OSError:
            pass


def export_site(directory: str | os.PathLike, app=None) -> Report:
    """Write the whole site as static files into ``directory`` (created if
    needed; an earlier export there is replaced) and return the report.
    The pages are drawn by ``app`` (by default the site's application, made
    with :data:`APP_CONFIG`).

    Raises :class:`ExportError` for a directory holding anything but an
    earlier export, before anything is written."""
    start = time.perf_counter()
    directory = Path(directory)
    earlier = _earlier_files(directory)
    if app is None:
        from rulebase.web import create_app

        app = create_app(APP_CONFIG)
    out, pages, report = build(app)
    static_root = paths.SITE / STATIC
    static = sorted(path.relative_to(static_root).as_posix() for path in static_root.rglob("*") if path.is_file())
    names = sorted(out) + [f"{STATIC}/{name}" for name in static]
    try:
        directory.mkdir(parents=True, exist_ok=True)
        _remove(directory, earlier)
        (directory / MARKER).write_text(json.dumps({"written_by": "rulebase export-site", "files": names},
                                                   indent=0), encoding="utf-8")
        size = 0
        for name, data in out.items():
            target = directory / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
            size += len(data)
        for name in static:
            target = directory / STATIC / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(static_root / name, target)
            size += target.stat().st_size
    except OSError as error:
        raise ExportError(f"{error.filename or directory}: cannot write the export: {error.strerror}") from None
    report.directory = directory
    report.pages = pages
    report.files = len(names)
    report.bytes = size
    report.seconds = time.perf_counter() - start
    return report
