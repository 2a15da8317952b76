"""A rule page in a real headless Chromium: moving between rules by key,
copying the citation, and the previews of glossary terms and
cross-references by mouse, keyboard and touch (at a phone's width), with
their switch.  Screenshots go to tests/artifacts/.
"""

from __future__ import annotations

from playwright.sync_api import expect  # noqa: E402  (skipped with the module below)

from rulebase.citation import citation
from tests.web.browser import browser, page, phone, server, shot, watched_page  # noqa: F401  (fixtures)

# 522.1 uses the glossary term Dilemma; 514.4c sits between 514.4b and 514.5 under 514.4.
TERM_RULE = "/ccg/522.1"
TERM = ".rule-text a.term"


def test_keys_move_to_the_previous_next_and_parent_rule(server, page):
    page.goto(server + "/ccg/514.4c")
    expect(page.locator(".keys-hint")).to_be_visible()
    expect(page.locator("li.this .rule-text")).to_contain_text("power totals are the same")
    shot(page, "rule-in-context")
    page.keyboard.press("ArrowRight")
    expect(page).to_have_url(server + "/ccg/514.5")
    page.keyboard.press("ArrowLeft")
    expect(page).to_have_url(server + "/ccg/514.4c")
    page.keyboard.press("u")
    expect(page).to_have_url(server + "/ccg/514.4")
    expect(page.locator("h1")).to_contain_text("514.4")


def test_keys_do_nothing_while_typing(server, page):
    page.goto(server + "/ccg/514.4c")
    page.keyboard.press("/")
    box = page.locator("#top-q")
    expect(box).to_be_focused()
    page.keyboard.type("u")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowRight")
    expect(box).to_have_value("u")
    page.keyboard.press("Control+ArrowRight")
    assert page.url == server + "/ccg/514.4c"
    box.press("Escape")
    page.keyboard.press("Alt+ArrowRight")  # the browser's, not ours (headless: stays)
    assert page.url == server + "/ccg/514.4c"


def test_the_rel_links_work_without_javascript(server, browser):
    with watched_page(browser, java_script_enabled=False) as page:
        page.goto(server + "/ccg/514.4c")
        expect(page.locator(".keys-hint")).to_be_hidden()
        expect(page.locator(".copy-citation")).to_be_hidden()
        expect(page.locator("#citation")).to_contain_text("CR 3.4, 514.4c: If both players")
        page.locator("a[rel=next]").click()
        expect(page).to_have_url(server + "/ccg/514.5")
        page.locator("a[rel=up]").click()
        expect(page).to_have_url(server + "/ccg/514")
        # Without the script the definitions show on hover, by CSS alone.
        page.goto(server + TERM_RULE)
        term = page.locator(TERM).first
        term.hover()
        tip = term.evaluate("el => getComputedStyle(el, '::after').content")
        assert len(tip) > 10 and tip[1:-1].replace('\\"', '"') == term.get_attribute("data-tip")


def test_the_copy_button_copies_the_citation(server, browser, rule_graph):
    wanted = str(citation(rule_graph, "ccg/3.4/514.4c", server + "/ccg/514.4c"))
    with watched_page(browser, permissions=["clipboard-read", "clipboard-write"]) as page:
        page.goto(server + "/ccg/514.4c")
        expect(page.locator("#citation")).to_have_text(wanted)  # the permalink made whole
        page.locator(".copy-citation").click()
        expect(page.locator(".copy-status")).to_have_text("Copied.")
        assert page.evaluate("navigator.clipboard.readText()") == wanted


def test_without_the_clipboard_api_the_citation_is_selected(server, browser, rule_graph):
    wanted = str(citation(rule_graph, "ccg/3.4/514.4c", server + "/ccg/514.4c"))
    with watched_page(browser) as page:
        page.add_init_script("Object.defineProperty(Navigator.prototype, 'clipboard', {get: () => undefined})")
        page.goto(server + "/ccg/514.4c")
        page.locator(".copy-citation").click()
        expect(page.locator(".copy-status")).not_to_be_empty()
        assert page.evaluate("window.getSelection().toString()").strip() == wanted


def test_a_tap_shows_the_definition_and_a_second_tap_follows_it(server, phone):
    phone.goto(server + TERM_RULE)
    term = phone.locator(TERM).first
    href = term.get_attribute("href")
    term.tap()
    tip = phone.locator("#tip")
    expect(tip).to_be_visible()
    expect(tip.locator(".tip-text")).to_have_text(term.get_attribute("data-tip"))
    expect(tip.locator("a.tip-go")).to_have_attribute("href", href)
    assert phone.url == server + TERM_RULE  # not followed
    box = tip.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390  # inside a phone's width
    shot(phone, "phone-term-tap")
    phone.locator("h1").tap()  # a tap elsewhere hides it
    expect(tip).to_be_hidden()
    term.tap()
    expect(tip).to_be_visible()
    term.tap()
    expect(phone).to_have_url(server + href)


def test_the_popups_link_follows_the_reference(server, phone):
    phone.goto(server + "/ccg/306.2")
    reference = phone.locator(".rule-text a.xref", has_text="516")
    reference.tap()
    expect(phone.locator("#tip .tip-text")).to_have_text(reference.get_attribute("data-tip"))
    phone.locator("#tip a.tip-go").tap()
    expect(phone).to_have_url(server + "/ccg/516")


def test_tab_shows_the_definition_and_escape_hides_it(server, page):
    page.goto(server + TERM_RULE)
    term = page.locator(TERM).first
    href = term.get_attribute("href")
    for _ in range(60):
        page.keyboard.press("Tab")
        if term.evaluate("el => el === document.activeElement"):
            break
    expect(term).to_be_focused()
    tip = page.locator("#tip")
    expect(tip).to_be_visible()
    expect(tip.locator(".tip-text")).to_have_text(term.get_attribute("data-tip"))
    expect(term).to_have_attribute("aria-describedby", "tip-text")
    page.keyboard.press("Escape")
    expect(tip).to_be_hidden()
    expect(term).to_be_focused()
    page.keyboard.press("Enter")
    expect(page).to_have_url(server + href)


def test_previews_can_be_turned_off_and_it_is_remembered(server, phone):
    phone.goto(server + TERM_RULE)
    switch = phone.locator("[data-previews-switch]")
    expect(switch).to_have_attribute("aria-pressed", "true")
    term = phone.locator(TERM).first
    href = term.get_attribute("href")
    term.tap()
    phone.locator("#tip .tip-off").tap()
    expect(phone.locator("#tip")).to_be_hidden()
    assert phone.evaluate("localStorage.getItem('rulebase.previews')") == "off"
    phone.reload()
    expect(switch).to_have_attribute("aria-pressed", "false")
    expect(switch).to_contain_text("off")
    term.tap()  # a plain link now: the first tap follows it
    expect(phone).to_have_url(server + href)
    phone.go_back()
    phone.locator("[data-previews-switch]").tap()
    expect(switch).to_have_attribute("aria-pressed", "true")
    assert phone.evaluate("localStorage.getItem('rulebase.previews')") is None
    phone.locator(TERM).first.tap()
    expect(phone.locator("#tip")).to_be_visible()
    assert phone.url == server + TERM_RULE
