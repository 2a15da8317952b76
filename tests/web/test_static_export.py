"""The static export of the site (rulebase.web.static_export): how links are
rewritten, which directories it refuses, and the export of the real corpus
with every link of every page followed to its file."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote

import pytest
from click.testing import CliRunner

from rulebase import paths
from rulebase.cli import main
from rulebase.web import create_app
from rulebase.web import static_export as export
from rulebase.web.catalog import Catalog
from rulebase.web.offline_index import terms
from rulebase.web.static_export import MARKER, ExportError, Report, export_site
from tests.web.exported import exported  # noqa: F401  (fixture)

PAGE = """<!doctype html><html><head><title>t</title>
<link rel="stylesheet" href="/static/site.css"></head><body data-root="">
<a href="/ccg/514.4c#x">self</a> <a href="/ccg/3.4/514.4c">alias</a> <a href="/">home</a>
<a href="/search?q=swift&amp;game=ccg">search</a> <a href="/api/">api</a> <a href="/ccg/nothing">gone</a>
<a href="https://example.org/a">out</a> <a href="#top">top</a> <a data-href="/ccg/514.4c">data</a>
<form class="search-mini" action="/search" method="get" data-live="dropdown"><input name="q"></form>
<form action="/ccg/deck" method="post"><textarea name="deck"></textarea></form>
</body></html>"""


@pytest.fixture(scope="module")
def app():
    return create_app({"WARM_SEARCH": False})


@pytest.fixture
def writer(app):
    crawl = export._Crawl(app)
    crawl.pages = {"/": PAGE, "/ccg/514.4c": PAGE, "/ccg/diff/earlier/3.4": '<a href="?kind=added">added</a>',
                   "/ccg/diff/earlier/3.4?kind=added": "", "/ccg/3.4/chapter-5": ""}
    crawl.aliases = {"/ccg/3.4/514.4c": "/ccg/514.4c"}
    crawl.server = {"/api/", "/ccg/deck"}
    crawl.missing = {"/ccg/nothing"}
    return export._Writer(crawl)


def attributes(text: str, name: str = "href") -> list[str]:
    return re.findall(rf'(?<![\w-]){name}="([^"]*)"', text)


def test_links_become_relative_paths_to_files(writer):
    text = writer.rewrite(PAGE, "ccg/514.4c.html", "/ccg/514.4c")
    assert attributes(text) == [
        "../static/site.css", "../static/offline.css", "514.4c.html#x", "514.4c.html", "../index.html",
        "../search.html?q=swift&amp;game=ccg", "../server-only.html", "../404.html", "https://example.org/a",
        "#top"]
    assert '<a href="../server-only.html" data-offline="server">api</a>' in text
    assert '<a href="../404.html" data-offline="missing">gone</a>' in text
    assert 'data-href="/ccg/514.4c"' in text  # not a link the browser follows: left as it is
    assert writer.server_links == {"/api/": 1}


def test_the_same_page_at_the_root_links_without_parent_directories(writer):
    text = writer.rewrite(PAGE, "index.html", "/")
    assert attributes(text)[2:6] == ["ccg/514.4c.html#x", "ccg/514.4c.html", "index.html",
                                     "search.html?q=swift&amp;game=ccg"]
    assert '<script src="static/offline-search.js" data-root="" defer></script>' in text


def test_a_link_with_only_a_query_is_read_from_its_page(writer):
    text = writer.rewrite('<a href="?kind=added">added</a>', "ccg/diff/earlier/3.4.html", "/ccg/diff/earlier/3.4")
    assert attributes(text) == ["3.4~kind-added.html"]


def test_forms_go_to_the_search_page_or_say_they_need_the_server(writer):
    text = writer.rewrite(PAGE, "ccg/514.4c.html", "/ccg/514.4c")
    forms = re.findall(r"<form\b[^>]*>", text)
    assert forms == [
        '<form class="search-mini" action="../search.html" method="get" data-offline-live="dropdown">',
        '<form action="../server-only.html" method="get" data-offline="server">',
    ]
    assert "data-live" not in text
    assert text.count('<script src="../static/offline-search.js" data-root="../" defer></script>') == 1
    assert writer.server_forms == 1


def test_a_page_states_the_sites_security_policy(writer):
    text = writer.rewrite(PAGE, "index.html", "/")
    policy = re.search(r'<head>\n  <meta http-equiv="Content-Security-Policy" content="([^"]*)">', text).group(1)
    assert "script-src &#x27;self&#x27;" in policy and "object-src &#x27;none&#x27;" in policy
    assert "frame-ancestors" not in policy  # a header's alone


def test_file_names_never_leave_the_export_and_never_clash(writer):
    assert export.file_name("/ccg/../../etc/passwd") is None
    assert export.file_name("/ccg/.rulebase-export.json") == "ccg/_.rulebase-export.json.html"
    assert export.file_name('/ccg/a:b*"c') == "ccg/a_b__c.html"
    writer._name("/ccg/514.4C", True)  # the same file as /ccg/514.4c on a disk that ignores case
    assert writer.names["/ccg/514.4C"] == "ccg/514.4C~2.html"
    writer._name("/search", True)  # the name of the export's own search page
    assert writer.names["/search"] == "search~2.html"


# -- the directory --------------------------------------------------------------


def test_a_directory_with_other_files_is_refused_and_left_alone(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(ExportError, match=rf"{re.escape(str(tmp_path))}: is not empty .*no {re.escape(MARKER)}"):
        export_site(tmp_path, app=object())
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]
    with pytest.raises(ExportError, match="is a file, not a directory"):
        export_site(tmp_path / "notes.txt", app=object())
    assert (tmp_path / "notes.txt").read_text() == "mine"


def test_a_file_an_export_did_not_write_stops_the_next_export(tmp_path):
    (tmp_path / MARKER).write_text(json.dumps({"files": ["index.html"]}))
    (tmp_path / "index.html").write_text("old")
    (tmp_path / "ccg").mkdir()
    (tmp_path / "ccg" / "mine.html").write_text("mine")
    with pytest.raises(ExportError, match=r"ccg/mine.html: was not written by an export"):
        export_site(tmp_path, app=object())
    assert (tmp_path / "ccg" / "mine.html").read_text() == "mine" and (tmp_path / "index.html").read_text() == "old"


@pytest.mark.parametrize("record", ['{"files": ["../outside"]}', '{"files": "index.html"}', "not json"])
def test_a_record_that_is_not_an_exports_is_refused(tmp_path, record):
    (tmp_path / MARKER).write_text(record)
    with pytest.raises(ExportError, match=re.escape(MARKER)):
        export_site(tmp_path, app=object())
    assert (tmp_path / MARKER).read_text() == record


def test_an_earlier_export_is_replaced(tmp_path, monkeypatch):
    (tmp_path / MARKER).write_text(json.dumps({"files": ["index.html", "old/page.html"]}))
    (tmp_path / "index.html").write_text("old")
    (tmp_path / "old").mkdir()
    (tmp_path / "old" / "page.html").write_text("old")
    (tmp_path / "mine").mkdir()
    monkeypatch.setattr(export, "build", lambda app: ({"index.html": b"new", "ccg/514.4c.html": b"rule"}, 2,
                                                       Report(Path("."))))
    report = export_site(tmp_path, app=object())
    assert (tmp_path / "index.html").read_bytes() == b"new"
    assert (tmp_path / "ccg" / "514.4c.html").read_bytes() == b"rule"
    assert not (tmp_path / "old").exists()
    assert (tmp_path / "mine").is_dir()  # an empty directory the export never wrote into stays
    static = sorted(p.relative_to(paths.SITE).as_posix() for p in (paths.SITE / "static").rglob("*") if p.is_file())
    written = json.loads((tmp_path / MARKER).read_text())["files"]
    assert written == ["ccg/514.4c.html", "index.html", *static]
    assert all((tmp_path / name).is_file() for name in written)
    assert (report.pages, report.files) == (2, len(written))
    assert report.bytes == sum((tmp_path / name).stat().st_size for name in written)


def test_the_command_refuses_a_directory_with_other_files(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    result = CliRunner().invoke(main, ["export-site", str(tmp_path)])
    assert result.exit_code == 1
    assert "is not empty and holds no earlier export" in result.output
    assert "Traceback" not in result.output


def test_the_command_reports_what_it_wrote(tmp_path, monkeypatch):
    def fake(directory):
        return Report(Path(directory), pages=4479, files=4496, bytes=41_234_567, seconds=21.04,
                      server_only={"/api/": 3}, forms=2)

    monkeypatch.setattr(export, "export_site", fake)
    result = CliRunner().invoke(main, ["export-site", str(tmp_path / "site")])
    assert result.exit_code == 0, result.output
    assert (f"Wrote 4,479 pages (4,496 files, 41.2 MB) to {tmp_path / 'site'} in 21.0 s; "
            f"open {tmp_path / 'site' / 'index.html'}") in result.output
    assert "3 links to 1 addresses and 2 forms that need the server" in result.output


# -- the export of the real site ------------------------------------------------------


_LINK = re.compile(r'(?<![\w-])(?:href|src|action)="([^"]*)"')


def test_every_page_of_the_graph_is_a_file(exported, rule_graph):
    directory, report = exported
    catalog = Catalog(rule_graph)
    for node, data in catalog.data.items():
        if data["kind"] != "set":
            name = export.file_name(catalog.url(node).split("#")[0])
            assert (directory / name).is_file(), (node, name)
    for name in ("index.html", "search.html", "ccg.html", "tcg.html", "ccg/glossary.html", "ccg/errata.html",
                 "ccg/diff/earlier/3.4.html", "ccg/history/3.4/514.4c.html", "ccg/earlier/glossary.html",
                 "server-only.html", "404.html", "search-index.js", "static/vendor/minisearch.js"):
        assert (directory / name).is_file(), name
    assert report.missing == {}
    assert report.pages == len(list(directory.rglob("*.html")))


def test_every_link_of_every_page_leads_to_a_file(exported):
    directory, _ = exported
    root = directory.resolve()
    followed, broken = 0, []
    for page in sorted(directory.rglob("*.html")):
        for link in _LINK.findall(page.read_text(encoding="utf-8")):
            link = link.replace("&amp;", "&")
            if not link or link.startswith("#") or re.match(r"^[a-z][a-z0-9+.-]*:", link):  # this page, elsewhere
                continue
            assert not link.startswith("/"), (page, link)  # nothing from the site's root
            path = link.partition("#")[0].partition("?")[0]
            target = (page.parent / unquote(path)).resolve()
            followed += 1
            if not target.is_file() or root not in target.parents:
                broken.append((page.relative_to(directory).as_posix(), link))
    assert not broken, broken[:20]
    assert followed > 100_000


def test_pages_that_need_the_server_are_marked_not_exported(exported):
    directory, report = exported
    assert "/api/" in report.server_only and "/ccg/deck" in report.server_only
    assert not (directory / "ccg" / "deck.html").exists() and not (directory / "api").exists()
    home = (directory / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<a href="server-only.html" data-offline="server">Deck checker</a>', home)
    notice = (directory / "server-only.html").read_text(encoding="utf-8")
    assert "This needs the server" in notice and "rulebase serve" in notice


def test_the_record_lists_every_file(exported):
    directory, report = exported
    written = json.loads((directory / MARKER).read_text())["files"]
    on_disk = sorted(p.relative_to(directory).as_posix() for p in directory.rglob("*") if p.is_file())
    assert sorted(written + [MARKER]) == on_disk
    assert report.files == len(written)
    assert report.bytes == sum((directory / name).stat().st_size for name in written)


def search_data(directory: Path) -> dict:
    text = (directory / "search-index.js").read_text(encoding="utf-8")
    prefix = "window.RULEBASE_SEARCH = "
    body = text[text.index(prefix) + len(prefix):].rstrip().rstrip(";")
    return json.loads(body)


def test_the_search_index_names_files_of_the_export(exported, rule_graph):
    directory, _ = exported
    data = search_data(directory)
    index = data["index"]
    shown = index["storedFields"]
    assert index["serializationVersion"] == 2 and index["documentCount"] == len(shown) == len(index["fieldLength"])
    for entry in shown.values():
        assert (directory / unquote(entry["u"].partition("#")[0])).is_file(), entry
    cards = sum(rule_graph.node(node)["kind"] == "card" for node in rule_graph.nodes())
    assert sum(entry["k"] == "card" for entry in shown.values()) == cards
    numbers = {row[0]: row[1] for row in data["numbers"]["ccg"]["rules"]}
    assert numbers["514.4c"] == "ccg/514.4c.html"
    assert {row[0]: row[1] for row in data["numbers"]["tcg"]["rules"]}["101.1.0"] == "tcg/101.1.0.html"
    postings = dict(index["index"])
    swift = [shown[doc]["u"] for doc in postings[terms("Swift")[0]][str(data["fields"].index("title"))]]
    assert "ccg/3.4/glossary/swift.html" in swift
