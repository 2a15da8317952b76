"""The scenario workbench in a real headless Chromium: load an example, run
it, read the ruling with its rules linked; a syntax error is pointed at in
the text.  Screenshots go to tests/artifacts/.

They need Debian's Chromium (``apt-get install chromium``) and Playwright's
Python package (``pip install playwright``; no browser download).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from rulebase import scenario_worker
from rulebase.web.workbench import DEFAULT_EXAMPLE, examples
from tests.web.browser import browser, server, shot  # noqa: F401  (fixtures)


@pytest.fixture(scope="module", autouse=True)
def worker(server):
    """A worker of the site's process started before the first run, which
    would otherwise wait for it to load the rule graph."""
    scenario_worker.pool(1).run(scenario_worker.WARM_UP, scenario_worker.Limits(seconds=120))


@pytest.fixture
def page(browser):
    """A fresh page that fails the test on a script error or a console error,
    other than the one Chromium logs for an answer of 400 or 422, which is how
    the workbench's API refuses a text it can't run."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"script error: {error}"))
    page.on("console", lambda message: problems.append(message.text)
            if message.type == "error" and not re.search(r"status of (400|422) ", message.text) else None)
    yield page
    context.close()
    assert not problems, problems


def test_load_an_example_run_it_and_read_the_ruling(server, page):
    # An example of moving.scenario other than the one the page starts with, citing 506.2.
    ident, example = next((ident, e) for ident, e in examples().items()
                          if ident.startswith("moving:") and e.title != DEFAULT_EXAMPLE and "506.2" in e.text)
    page.goto(server + "/workbench")
    expect(page.locator(".wb-load")).to_be_hidden()  # the select loads by itself
    page.locator("#example").select_option(ident)
    expect(page.locator("#text")).to_have_value(example.text)
    expect(page).to_have_url(re.compile(re.escape(f"/workbench?example={ident}") + "$"))
    page.locator("#wb-run").click()
    scenario = page.locator("#results .wb-scenario")
    expect(scenario).to_have_count(1)
    expect(scenario.locator(".wb-name")).to_have_text(example.title)
    expect(page.locator("#wb-summary")).to_have_text("1 passed, 0 failed")
    assert page.url.endswith(f"/workbench?example={ident}")  # the run stayed on the page
    link = scenario.locator("a.xref.wb-rule", has_text="506.2").first
    expect(link).to_have_attribute("href", "/ccg/506.2")
    tip = link.get_attribute("data-tip")
    assert tip and "moved" in tip
    link.hover()
    shot(page, "workbench-ruling")
    link.click()
    expect(page).to_have_url(server + "/ccg/506.2")


def test_a_syntax_error_is_pointed_at_in_the_text(server, page):
    page.goto(server + "/workbench")
    box = page.locator("#text")
    box.fill('Scenario: Typo\n  Given Alice has 2 action tokens\n  When Alice mooves "Comet" to her home\n')
    box.press("Control+Enter")
    problem = page.locator("#results .wb-problem")
    expect(problem.locator("h2")).to_have_text("The scenario can't be read")
    expect(problem.locator(".wb-where")).to_have_text("Line 3, column 14")
    expect(problem.locator(".wb-line-error")).to_have_text('   3 │   When Alice mooves "Comet" to her home')
    expect(problem.locator(".wb-expected")).to_contain_text("'moves'")
    expect(box).to_be_focused()
    selected = box.evaluate("el => el.value.slice(el.selectionStart, el.selectionEnd)")
    assert selected == "mooves"
    shot(page, "workbench-syntax-error")


def test_markup_written_in_a_scenario_stays_text(server, page):
    page.goto(server + "/workbench")
    name = "<img src=x onerror=\"document.title='owned'\"> moved"
    page.locator("#text").fill(f"Scenario: {name}\n  Given Alice has 2 action tokens\n  Then Alice has 2 action tokens\n")
    page.locator("#wb-run").click()
    expect(page.locator("#results .wb-name")).to_have_text(name)
    assert page.locator("#results img").count() == 0
    assert page.title() != "owned"
