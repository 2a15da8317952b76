"""What the browser tests share: the site on waitress in a thread, Debian's
Chromium driven by Playwright, and pages that fail the test on a script or
console error.

They need Debian's Chromium (``apt-get install chromium``) and Playwright's
Python package (installed by ``make test``; no browser download).  Without
Chromium they are skipped with that message, except under CI (``CI`` set),
where a missing browser is a failure: CI installs it (``.ci/run``).
"""

from __future__ import annotations

import os
import shutil
import threading
from contextlib import contextmanager
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("RULEBASE_CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"
HOW = "apt-get install chromium (Debian's package) and pip install playwright, then run make test"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]

try:
    from playwright.sync_api import sync_playwright
except ImportError:  # pragma: no cover - depends on the machine
    sync_playwright = None

AVAILABLE = sync_playwright is not None and (Path(CHROMIUM).is_file() or shutil.which(CHROMIUM) is not None)


def require_browser():
    """Skip (or, under CI, fail) when there is no browser to drive."""
    if AVAILABLE:
        return
    message = f"browser tests need Chromium at {CHROMIUM} and Playwright: {HOW}"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture(scope="module")
def server():
    """The site on waitress, on a free port of 127.0.0.1, in a thread."""
    require_browser()
    from waitress.server import create_server

    from rulebase.web import create_app

    server = create_server(create_app(), host="127.0.0.1", port=0, threads=4, _start=True)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.effective_port}"
    server.close()
    thread.join(timeout=5)


@pytest.fixture(scope="module")
def browser():
    require_browser()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


@contextmanager
def watched_page(browser, **options):
    """A page in a new browser context made with ``options``; fails the test
    if the page logs an error (a CSP violation, a script error, a failed
    request other than an expected 404)."""
    context = browser.new_context(**{"viewport": {"width": 1280, "height": 900}, **options})
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"script error: {error}"))
    page.on("console", lambda message: problems.append(message.text)
            if message.type == "error" and "404" not in message.text else None)
    try:
        yield page
    finally:
        context.close()
    assert not problems, problems


@pytest.fixture
def page(browser):
    """A fresh page at 1280x900 (see :func:`watched_page`)."""
    with watched_page(browser) as page:
        yield page


@pytest.fixture
def phone(browser):
    """A fresh page as a phone shows it: 390x844, touch, no mouse hover."""
    with watched_page(browser, viewport={"width": 390, "height": 844}, has_touch=True,
                      is_mobile=True) as page:
        yield page


def shot(page, name: str) -> Path:
    """Save a screenshot to tests/artifacts/NAME.png."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=False)
    return path
