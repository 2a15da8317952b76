"""The layout of a node's neighbourhood picture."""

from __future__ import annotations

import pytest

from rulebase.web.catalog import Catalog
from rulebase.web.neighbourhood import BOX_HEIGHT, HEIGHT, MAX_BELOW, WIDTH, neighbourhood


@pytest.fixture(scope="module")
def catalog(rule_graph):
    return Catalog(rule_graph)


def test_parent_children_and_citations(catalog):
    picture = neighbourhood(catalog, "ccg/3.4/516")
    roles = {box.role for box in picture.boxes}
    assert {"self", "parent", "child", "cited-by"} <= roles
    assert next(b for b in picture.boxes if b.role == "cited-by").href == "/ccg/306.2"
    assert len(picture.lines) == len(picture.boxes) - 1


def test_many_children_are_summed_up(catalog, rule_graph):
    node = max(rule_graph.nodes("rule", "ccg/3.4"), key=lambda n: len(rule_graph.children(n)))
    picture = neighbourhood(catalog, node)
    below = [b for b in picture.boxes if b.role.startswith("child")]
    assert len(below) == MAX_BELOW and below[-1].label == f"+{len(rule_graph.children(node)) - MAX_BELOW + 1} more"


def test_every_box_is_inside_the_picture(catalog, rule_graph):
    for node in rule_graph.nodes("rule"):
        picture = neighbourhood(catalog, node)
        assert picture.height <= HEIGHT
        for box in picture.boxes:
            assert 0 <= box.left and box.left + box.width <= WIDTH, (node, box)
            assert 0 <= box.top and box.top + BOX_HEIGHT <= picture.height, (node, box)
