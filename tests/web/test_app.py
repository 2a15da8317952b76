"""The application factory, its security headers and the rule that no page
carries inline script or style."""

from __future__ import annotations

import pytest

from rulebase import paths
from rulebase.web import CONTENT_SECURITY_POLICY, create_app

PAGES = ["/", "/search?q=faceoff", "/ccg", "/tcg", "/ccg/514", "/ccg/514.4c", "/ccg/earlier/409.6", "/tcg/101.1.0",
         "/ccg/3.4", "/ccg/3.4/chapter-5", "/ccg/glossary", "/tcg/glossary", "/ccg/3.4/glossary/swift",
         "/ccg/errata", "/ccg/errata/premiere", "/ccg/card/duck-and-cover", "/ccg/ocr-7.2/premiere/duck-and-cover",
         "/ccg/quickstart-2014", "/ccg/tfr-2.3", "/ccg/limited-2.0", "/ccg/3.4/credits", "/ccg/514.4z"]


def test_the_site_is_found_through_paths_and_is_not_a_package(app):
    assert app.template_folder == str(paths.SITE / "templates")
    assert app.static_folder == str(paths.SITE / "static")
    assert (paths.SITE / "templates" / "base.html").is_file()
    assert not (paths.SITE / "__init__.py").exists()


def test_every_template_extends_base():
    templates = paths.SITE / "templates"
    pages = [p for p in templates.rglob("*.html") if not p.name.startswith("_") and p.name != "base.html"]
    assert len(pages) >= 12
    for template in pages:
        assert '{% extends "base.html" %}' in template.read_text(encoding="utf-8"), template


def test_the_graph_is_built_once_per_process():
    first, second = create_app({"TESTING": True}), create_app({"TESTING": True})
    assert first.extensions["rulebase"] is second.extensions["rulebase"]


@pytest.mark.parametrize("url", ["/", "/ccg/514.4c", "/api/rule/514.4c", "/nope", "/api/nope", "/static/site.css"])
def test_security_headers_on_every_response(client, url):
    with client.get(url) as response:
        headers = response.headers
    assert headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "same-origin"
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]


def test_the_policy_allows_no_inline_code():
    assert "default-src 'self'" in CONTENT_SECURITY_POLICY
    assert "unsafe-inline" not in CONTENT_SECURITY_POLICY and "unsafe-eval" not in CONTENT_SECURITY_POLICY


@pytest.mark.parametrize("url", PAGES)
def test_pages_have_no_inline_script_or_style(client, page, url):
    status = 404 if url.endswith("514.4z") else 200
    parsed = page(client, url, status)
    scripts = parsed.find("script")
    assert scripts and all(s.get("src", "").startswith("/static/") for s in scripts)
    assert not parsed.find("style")
    for tag, attrs in parsed.elements:
        assert "style" not in attrs, (tag, attrs)
        assert not [name for name in attrs if name.startswith("on")], (tag, attrs)
    # Every page says which game it is about, or offers both.
    assert "MLP CCG" in parsed.all_text and "MLP TCG" in parsed.all_text


def test_the_game_tab_of_the_page_is_marked(client, page):
    assert page(client, "/tcg/101.1.0").find("a", class_="active")[0]["href"] == "/tcg"
    assert page(client, "/ccg/514.4c").find("a", class_="active")[0]["href"] == "/ccg"


def test_static_files_and_traversal(client):
    with client.get("/static/site.js") as response:
        assert response.status_code == 200 and b"textContent" in response.data
    for url in ["/static/../pyproject.toml", "/static/%2e%2e/pyproject.toml", "/static/..%2fpyproject.toml",
                "/static/../../etc/passwd"]:
        response = client.get(url)
        assert response.status_code == 404, url
        assert b"[project]" not in response.data and b"root:" not in response.data
