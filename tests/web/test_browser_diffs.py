"""The "what changed" pages in a real browser (Playwright with Chromium):
they load without errors under the site's content security policy, the
filters are links that work, and a rule page's diff link lands on the
change."""

from __future__ import annotations

from tests.web.browser import browser, page, server  # noqa: F401  (fixtures)


def test_the_editions_diff_loads_cleanly(page, server):
    response = page.goto(f"{server}/ccg/diff/earlier/3.4")
    assert response.status == 200
    assert page.locator("h1").inner_text().startswith("My Little Pony CCG Comprehensive Rules: earlier edition")
    assert page.locator("article.diff-change").count() > 50
    assert page.locator("#\\34 10\\.6 del, #\\34 10\\.6 ins").count() == 0  # renumbered only: no word changes
    assert page.locator("#\\32 10\\.1 del").first.inner_text().strip() == "additional"


def test_filtering_by_kind_follows_a_link(page, server):
    page.goto(f"{server}/ccg/diff/earlier/3.4")
    page.locator("table.diff-kinds a", has_text="removed").click()
    page.wait_for_url("**/ccg/diff/earlier/3.4?kind=removed")
    kinds = set(page.locator("article.diff-change .diff-head .change").all_inner_texts())
    assert kinds == {"removed"}
    page.locator("a", has_text="Show every change").click()
    page.wait_for_url("**/ccg/diff/earlier/3.4")
    assert len(set(page.locator("article.diff-change .diff-head .change").all_inner_texts())) > 3


def test_a_section_link_and_the_noise_switch(page, server):
    page.goto(f"{server}/ccg/diff/earlier/3.4")
    page.locator("table.diff-sections a", has_text="Numeric Values").click()
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
