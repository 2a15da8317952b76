"""The "what changed" pages in a real browser (Playwright with Chromium):
they load without errors under the site's content security policy, the
filters are links that work, and a rule page's diff link lands on the
change."""

from __future__ import annotations

import os
import shutil
import threading

import pytest

playwright = pytest.importorskip("playwright.sync_api")

CHROMIUM = os.environ.get("RULEBASE_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="module")
def server():
    from werkzeug.serving import make_server

    from rulebase.web import create_app

    app = create_app({"TESTING": True, "SEARCH_ENGINE": False, "WARM_SEARCH": False})
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}"
    httpd.shutdown()
    thread.join(timeout=5)


@pytest.fixture(scope="module")
def browser():
    with playwright.sync_playwright() as p:
        try:
            launched = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"]) if CHROMIUM \
                else p.chromium.launch()
        except playwright.Error as error:
            pytest.skip(f"no browser to run: {str(error).splitlines()[0]}")
        yield launched
        launched.close()


@pytest.fixture
def tab(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.problems = []
    page.on("console", lambda message: message.type == "error" and page.problems.append(message.text))
    page.on("pageerror", lambda error: page.problems.append(str(error)))
    yield page
    context.close()


def test_the_editions_diff_loads_cleanly(tab, server):
    response = tab.goto(f"{server}/ccg/diff/earlier/3.4")
    assert response.status == 200
    assert tab.locator("h1").inner_text().startswith("My Little Pony CCG Comprehensive Rules: earlier edition")
    assert tab.locator("article.diff-change").count() > 50
    assert tab.locator("#\\34 10\\.6 del, #\\34 10\\.6 ins").count() == 0  # renumbered only: no word changes
    assert tab.locator("#\\32 10\\.1 del").first.inner_text().strip() == "additional"
    assert tab.problems == []


def test_filtering_by_kind_follows_a_link(tab, server):
    tab.goto(f"{server}/ccg/diff/earlier/3.4")
    tab.locator("table.diff-kinds a", has_text="removed").click()
    tab.wait_for_url("**/ccg/diff/earlier/3.4?kind=removed")
    kinds = set(tab.locator("article.diff-change .diff-head .change").all_inner_texts())
    assert kinds == {"removed"}
    tab.locator("a", has_text="Show every change").click()
    tab.wait_for_url("**/ccg/diff/earlier/3.4")
    assert len(set(tab.locator("article.diff-change .diff-head .change").all_inner_texts())) > 3
    assert tab.problems == []


def test_a_section_link_and_the_noise_switch(tab, server):
    tab.goto(f"{server}/ccg/diff/earlier/3.4")
    tab.locator("table.diff-sections a", has_text="Numeric Values").click()
    tab.wait_for_url("**/ccg/diff/earlier/3.4?section=105")
    assert tab.locator("article#\\31 05\\.3").count() == 0
    tab.locator("a", has_text="Show conversion noise").click()
    tab.wait_for_url("**?section=105&noise=1")
    assert tab.locator("article#\\31 05\\.3 ins").inner_text() == "."


def test_a_change_links_to_both_rules(tab, server):
    tab.goto(f"{server}/ccg/diff/earlier/3.4#410.6")
    change = tab.locator("article#\\34 10\\.6")
    assert change.is_visible()
    change.locator("a", has_text="earlier 409.6").click()
    tab.wait_for_url("**/ccg/earlier/409.6")
    assert "409.6" in tab.locator("h1").inner_text()
    assert tab.problems == []


def test_the_quickstart_conflicts_page(tab, server):
    response = tab.goto(f"{server}/ccg/quickstart-conflicts")
    assert response.status == 200
    first = tab.locator("li.conflict").first
    assert first.locator("h2").inner_text() == "When a Problem's bonus is scored"
    first.locator("a.num", has_text="210.1").click()
    tab.wait_for_url("**/ccg/210.1")
    assert tab.problems == []
