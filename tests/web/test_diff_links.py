"""A rule page's links to the edition diff land on the rule: the diff page
they open has the anchor they name."""

import html
import re


def test_every_diff_link_of_the_current_rules_lands_on_its_rule(client, site):
    pages: dict[str, str] = {}
    missing = []
    for node in site.graph.nodes("rule", "ccg/3.4"):
        text = client.get(site.catalog.url(node)).get_data(as_text=True)
        for address, anchor in re.findall(r'href="(/ccg/diff/[^"#]+)#([^"]+)"', text):
            address = html.unescape(address)
            if address not in pages:
                pages[address] = client.get(address).get_data(as_text=True)
            if f'id="{anchor}"' not in pages[address]:
                missing.append((node, address, anchor))
    assert len(pages) >= 2 and missing == []
