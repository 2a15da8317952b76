"""The static export (rulebase export-site) in a real headless Chromium,
opened from the file system with no server: navigation, search by words
and by number, a rule's permalink, the notice for what needs a server, and
search at a phone's width.  Screenshots go to tests/artifacts/.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.web.browser import browser, page, phone, require_browser, shot  # noqa: F401  (fixtures)
from tests.web.exported import exported  # noqa: F401  (fixture)


def url(exported, name: str = "index.html") -> str:
    require_browser()
    return (exported[0] / name).resolve().as_uri()


def test_navigate_from_the_home_page_to_a_rule_and_its_cross_reference(exported, page):
    page.goto(url(exported))
    page.locator(".game-tab", has_text="MLP CCG").click()
    expect(page).to_have_url(url(exported, "ccg.html"))
    page.locator(".toc a", has_text="514 Faceoffs").first.click()
    expect(page).to_have_url(url(exported, "ccg/514.html"))
    expect(page.locator("h1")).to_contain_text("514")
    page.goto(url(exported, "ccg/306.2.html"))
    page.locator(".rule-text a.xref", has_text="516").first.click()
    expect(page).to_have_url(url(exported, "ccg/516.html"))
    expect(page.locator("h1")).to_contain_text("Uniqueness")
    page.locator(".brand").click()
    expect(page).to_have_url(url(exported))
    shot(page, "export-rule")


def test_search_by_words_shows_results_and_opens_one(exported, page):
    page.goto(url(exported))
    box = page.locator("#q")
    box.press_sequentially("control only one face-up Troublemaker", delay=10)
    results = page.locator("#results .result")
    expect(results.first).to_be_visible()
    expect(page.locator("#results-count")).to_contain_text("for")
    expect(page.locator("#results mark").first).to_be_visible()
    expect(results.first.locator(".num")).to_have_text("306.2")
    shot(page, "export-search")
    results.first.locator("a").click()
    expect(page).to_have_url(url(exported, "ccg/306.2.html"))
    expect(page.locator("h1")).to_contain_text("306.2")


def test_more_results_open_on_the_search_page(exported, page):
    page.goto(url(exported))
    page.locator("#q").fill("troublemaker")
    expect(page.locator("#results .result")).to_have_count(10)
    page.locator("#more-results a").click()
    expect(page).to_have_url(re.compile(re.escape(url(exported, "search.html")) + r"\?q=troublemaker&.*limit=40"))
    expect(page.locator("#results .result")).to_have_count(40)
    expect(page.locator("#results-count")).to_contain_text("The first 40 results")


def test_a_glossary_term_and_a_card_are_found_from_the_top_box(exported, page):
    page.goto(url(exported, "ccg/514.4c.html"))
    box = page.locator("#top-q")
    box.fill("stubborn")
    dropdown = page.locator(".search-mini .dropdown")
    expect(dropdown.locator(".result").first).to_contain_text("Stubborn")
    box.fill("Fluttershy Beastmaster")
    first = dropdown.locator(".result").first
    expect(first).to_contain_text("Fluttershy, Beastmaster")
    first.locator("a").click()
    expect(page).to_have_url(url(exported, "ccg/card/fluttershy-beastmaster.html"))


def test_a_rule_number_goes_to_its_rule_and_a_prefix_lists_its_rules(exported, page):
    page.goto(url(exported))
    box = page.locator("#q")
    box.fill("514.4")
    numbers = page.locator("#results .result .num")
    expect(numbers.first).to_have_text("514.4")
    expect(numbers).to_contain_text(["514.4", "514.4a", "514.4b", "514.4c"])
    box.fill("514.4c")
    box.press("Enter")
    expect(page).to_have_url(url(exported, "ccg/514.4c.html"))
    page.locator("#top-q").fill("rule 101.1.0")
    page.locator("#top-q").press("Enter")
    expect(page).to_have_url(url(exported, "tcg/101.1.0.html"))


def test_a_search_address_and_a_rule_permalink_open_from_the_file_system(exported, page):
    page.goto(url(exported, "search.html") + "?q=514.4c")
    expect(page).to_have_url(url(exported, "ccg/514.4c.html"))
    page.goto(url(exported, "ccg/earlier/409.6.html"))
    expect(page.locator("h1")).to_contain_text("409.6")
    page.goto(url(exported, "search.html") + "?q=swift")
    expect(page.locator("#q")).to_have_value("swift")
    expect(page.locator("#results .result").first).to_contain_text("Swift")


def test_what_needs_the_server_says_so(exported, page):
    page.goto(url(exported))
    link = page.locator("a", has_text="Deck checker")
    expect(link).to_have_attribute("title", re.compile("Needs the server"))
    link.click()
    expect(page).to_have_url(url(exported, "server-only.html"))
    expect(page.locator("h1")).to_have_text("This needs the server")


def test_search_at_a_phones_width(exported, phone):
    phone.goto(url(exported))
    phone.locator("#q").fill("swift")
    expect(phone.locator("#results .result").first).to_contain_text("Swift")
    phone.locator("#results .result a").first.tap()
    expect(phone).to_have_url(url(exported, "ccg/3.4/glossary/swift.html"))
    shot(phone, "export-phone")
