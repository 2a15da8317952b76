"""The "what changed" pages in a real browser (Playwright with Chromium):
they load without errors under the site's content security policy, the
filters are links that work, and a rule page's diff link lands on the
change."""

from __future__ import annotations

import re

import pytest

from tests.web.browser import browser, page, server, shot  # noqa: F401  (fixtures)


def test_the_editions_diff_loads_cleanly(page, server):
    response = page.goto(f"{server}/ccg/diff/earlier/3.4")
    assert response.status == 200
    assert page.locator("h1").inner_text().startswith("My Little Pony CCG Comprehensive Rules: earlier edition")
    assert page.locator("article.diff-change").count() > 50
    assert page.locator("#\\34 10\\.6 del, #\\34 10\\.6 ins").count() == 0  # renumbered only: no word changes
    assert page.locator("#\\32 10\\.1 del").first.inner_text().strip() == "additional"
    heads = page.locator("article.diff-change .diff-head").all_inner_texts()
    assert heads and not [head for head in heads if re.search(r"\S[·→]|[·→]\S", head)]  # nothing glued
    titles = page.locator(".diff-section > h2").all_inner_texts()
    assert len(titles) == len(set(titles)) > 20  # one heading per section


def test_filtering_by_kind_follows_a_link(page, server):
    page.goto(f"{server}/ccg/diff/earlier/3.4")
    page.locator(".diff-kinds a", has_text="removed").click()
    page.wait_for_url("**/ccg/diff/earlier/3.4?kind=removed")
    kinds = set(page.locator("article.diff-change .diff-head .change").all_inner_texts())
    assert kinds == {"removed"}
    page.locator("a", has_text="Show every change").click()
    page.wait_for_url("**/ccg/diff/earlier/3.4")
    assert len(set(page.locator("article.diff-change .diff-head .change").all_inner_texts())) > 3


def test_a_section_link_and_the_noise_switch(page, server):
    page.goto(f"{server}/ccg/diff/earlier/3.4")
    sections = page.locator("details.diff-by-section")
    assert not sections.locator("a", has_text="Numeric Values").is_visible()  # closed at first
    sections.locator("summary").click()
    sections.locator("a", has_text="Numeric Values").click()
    page.wait_for_url("**/ccg/diff/earlier/3.4?section=105")
    assert page.locator("article#\\31 05\\.3").count() == 0
    page.locator("a", has_text="Show conversion noise").click()
    page.wait_for_url("**?section=105&noise=1")
    assert page.locator("article#\\31 05\\.3 ins").inner_text() == "."


def test_a_change_links_to_both_rules(page, server):
    page.goto(f"{server}/ccg/diff/earlier/3.4#410.6")
    change = page.locator("article#\\34 10\\.6")
    assert change.is_visible()
    change.locator("a", has_text="earlier 409.6").click()
    page.wait_for_url("**/ccg/earlier/409.6")
    assert "409.6" in page.locator("h1").inner_text()


def test_the_quickstart_conflicts_page(page, server):
    response = page.goto(f"{server}/ccg/quickstart-conflicts")
    assert response.status == 200
    first = page.locator("li.conflict").first
    assert first.locator("h2").inner_text() == "When a Problem's bonus is scored"
    first.locator("a.num", has_text="210.1").click()
    page.wait_for_url("**/ccg/210.1")


@pytest.mark.parametrize("width,height", [(1280, 900), (390, 844)], ids=["desktop", "phone"])
def test_the_summary_leaves_room_on_the_first_screen(browser, server, width, height):
    """The summary ends on the first screen, at a desktop's width and a
    phone's; on a desktop the first change starts there too."""
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        page.goto(f"{server}/ccg/diff/earlier/3.4")
        summary = page.locator("section.diff-summary").bounding_box()
        assert summary["y"] + summary["height"] < height, summary
        if width > 900:
            first = page.locator("article.diff-change").first.bounding_box()
            assert first["y"] < height, first
        assert page.evaluate("document.documentElement.scrollWidth") <= width  # nothing wider than the screen
        shot(page, f"diff-summary-{width}")
    finally:
        context.close()
