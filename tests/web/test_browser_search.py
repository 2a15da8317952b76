"""In a real headless Chromium: a rule number typed into the search box goes
straight to its rule, a range shows its rules, and the game searched follows
the page unless the judge chooses both games, which is remembered.

They need Debian's Chromium (``apt-get install chromium``) and Playwright's
Python package (``pip install playwright``; no browser download).
"""

from __future__ import annotations

from playwright.sync_api import expect

from tests.web.browser import browser, page, server, shot  # noqa: F401  (fixtures)


def test_a_rule_number_typed_in_the_search_box_opens_its_page(server, page):
    page.goto(server + "/ccg/glossary")
    page.keyboard.press("/")
    page.keyboard.type("rule 514.4 c", delay=10)
    page.keyboard.press("Enter")
    page.wait_for_url(server + "/ccg/514.4c")
    expect(page.locator("h1")).to_contain_text("514.4c")
    page.goto(server + "/")
    page.locator("#q").fill("101.1.0")
    page.locator("#q").press("Enter")
    page.wait_for_url(server + "/tcg/101.1.0")


def test_a_range_shows_its_rules(server, page):
    page.goto(server + "/")
    page.locator("#q").press_sequentially("514.4a-c", delay=15)
    results = page.locator("#results .result-link .num")
    expect(results).to_have_text(["514.4a", "514.4a.i", "514.4b", "514.4c"])
    page.locator("#q").press("Enter")
    page.wait_for_url("**/search?q=514.4a-c*")
    expect(page.locator("#results .result-link .num")).to_have_text(["514.4a", "514.4a.i", "514.4b", "514.4c"])


def test_an_unknown_number_offers_the_closest_rules(server, page):
    response = page.goto(server + "/ccg/999.9")
    assert response.status == 404
    links = page.locator(".link-list a .num")
    expect(links.first).to_have_text("802.4")
    page.goto(server + "/search?q=999.9")
    expect(page.locator("#closest")).to_contain_text("There is no rule 999.9")
    page.locator("#closest a", has_text="802.4").click()
    expect(page).to_have_url(server + "/ccg/802.4")


def test_the_game_searched_follows_the_page_until_both_are_chosen(server, page):
    page.goto(server + "/ccg/514.4c")
    scope = page.locator("#top-game")
    expect(scope).to_have_value("ccg")
    page.locator("#top-q").press_sequentially("draw a card", delay=10)
    badges = page.locator(".dropdown .result .badge-game")
    expect(badges.first).to_be_visible()
    assert set(badges.all_inner_texts()) == {"MLP CCG"}
    scope.select_option("all")  # the search runs again over both games
    expect(page.locator(".dropdown .result .badge-game", has_text="MLP TCG").first).to_be_visible()
    shot(page, "search-both-games")

    page.goto(server + "/ccg/101")  # remembered on the next page of the CCG
    expect(page.locator("#top-game")).to_have_value("all")
    page.goto(server + "/tcg/101.1.0")
    expect(page.locator("#top-game")).to_have_value("all")
    page.goto(server + "/search?q=faceoff&game=ccg")  # a search that names its game keeps it
    expect(page.locator("#game")).to_have_value("ccg")

    page.goto(server + "/ccg/101")
    page.locator("#top-game").select_option("ccg")  # back to following the page
    page.goto(server + "/tcg/101.1.0")
    expect(page.locator("#top-game")).to_have_value("tcg")
    page.locator("#top-q").fill("hand size")
    page.locator("#top-q").press("Enter")
    page.wait_for_url("**/search?game=tcg&q=hand+size")
    links = page.locator("#results .result-link")
    expect(links.first).to_be_visible()
    assert all(href.startswith("/tcg/") for href in links.evaluate_all("els => els.map(a => a.getAttribute('href'))"))


def test_the_game_is_chosen_without_javascript(server, browser):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        page.goto(server + "/ccg/514.4c")
        expect(page.locator("#top-game")).to_have_value("ccg")
        page.locator("#top-game").select_option("all")
        page.locator("#top-q").fill("card draw")
        page.locator("#top-q").press("Enter")
        page.wait_for_url("**/search?game=all&q=card+draw")
        games = page.locator("#results .badge-game").all_inner_texts()
        assert {"MLP CCG", "MLP TCG"} <= set(games)
        page.locator("#q").fill("514.4c")
        page.locator(".search-big button").click()
        page.wait_for_url(server + "/ccg/514.4c")
    finally:
        context.close()
