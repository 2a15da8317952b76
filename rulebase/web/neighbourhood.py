"""The layout of a node's neighbourhood in the graph, drawn as SVG by the
rule page: its parent above, its sub-rules below, the rules citing it on the
left and the rules it cites on the right."""

from __future__ import annotations

import math
from dataclasses import dataclass

from rulebase.web.catalog import Catalog

WIDTH, HEIGHT = 360, 250  # the widest and the tallest picture
BOX_HEIGHT = 24
CHAR_WIDTH = 6.7
MAX_BELOW, MAX_SIDE = 3, 3
LABEL_CHARS = 16


@dataclass(frozen=True)
class Box:
    """A node drawn as a labelled box centred on ``(x, y)``."""

    x: float
    y: float
    width: float
    label: str
    role: str
    href: str | None = None
    tip: str | None = None

    @property
    def left(self) -> float:
        return self.x - self.width / 2

    @property
    def top(self) -> float:
        return self.y - BOX_HEIGHT / 2


@dataclass(frozen=True)
class Line:
    """An edge from one box's border to another's; ``role`` names the relation."""

    x1: float
    y1: float
    x2: float
    y2: float
    role: str


@dataclass(frozen=True)
class Picture:
    width: int
    height: int
    boxes: list[Box]
    lines: list[Line]
    title: str


def _label(text: str) -> str:
    return text if len(text) <= LABEL_CHARS else text[: LABEL_CHARS - 1] + "…"


def _box(catalog: Catalog, node: str, x: float, y: float, role: str) -> Box:
    label = _label(catalog.label(node))
    width = max(52, CHAR_WIDTH * len(label) + 14)
    x = min(max(x, width / 2 + 2), WIDTH - width / 2 - 2)  # inside the picture
    return Box(x, y, round(width, 1), label, role, catalog.url(node), catalog.short_text(node, 160))


def _more(count: int, x: float, y: float, role: str) -> Box:
    label = f"+{count} more"
    return Box(x, y, round(CHAR_WIDTH * len(label) + 14, 1), label, f"{role} more")


def _row(count: int, centre: float, span: float) -> list[float]:
    if count == 1:
        return [centre]
    step = span / (count - 1)
    return [centre - span / 2 + step * index for index in range(count)]


def _border(box: Box, towards: Box) -> tuple[float, float]:
    dx, dy = towards.x - box.x, towards.y - box.y
    if dx == dy == 0:
        return box.x, box.y
    scale = min(box.width / 2 / abs(dx) if dx else math.inf, BOX_HEIGHT / 2 / abs(dy) if dy else math.inf)
    return box.x + dx * scale, box.y + dy * scale


def _place(catalog, nodes, limit, positions, role) -> list[Box]:
    shown = nodes[:limit] if len(nodes) <= limit else nodes[: limit - 1]
    boxes = [_box(catalog, node, x, y, role) for node, (x, y) in zip(shown, positions)]
    if len(shown) < len(nodes):
        x, y = positions[len(shown)]
        boxes.append(_more(len(nodes) - len(shown), x, y, role))
    return boxes


def neighbourhood(catalog: Catalog, node: str) -> Picture:
    """The picture of ``node`` and the nodes next to it; it is only as tall
    as what it shows."""
    graph = catalog.graph
    parent = graph.parent(node)
    if parent is not None and catalog.data[parent]["kind"] == "document":
        parent = None
    children = [child for child in catalog.children(node) if catalog.data[child]["kind"] != "glossary"]
    sides = (graph.cited_by(node), graph.cites(node))
    side_rows = max(min(len(nodes), MAX_SIDE) for nodes in sides)
    centre_y = max(100 if parent else 20, 20 + 28 * max(0, side_rows - 1))
    height = centre_y + (80 if children else 20 + 28 * max(0, side_rows - 1))
    centre = _box(catalog, node, WIDTH / 2, centre_y, "self")
    boxes, lines = [centre], []

    def connect(others: list[Box], role: str, outward: bool):
        for other in others:
            start, end = (centre, other) if outward else (other, centre)
            x1, y1 = _border(start, end)
            x2, y2 = _border(end, start)
            lines.append(Line(round(x1, 1), round(y1, 1), round(x2, 1), round(y2, 1), role))
        boxes.extend(others)

    if parent is not None:
        connect([_box(catalog, parent, WIDTH / 2, 20, "parent")], "parent", True)
    count = min(len(children), MAX_BELOW)
    positions = [(x, height - 20) for x in _row(count, WIDTH / 2, 116 * (count - 1))]
    connect(_place(catalog, children, MAX_BELOW, positions, "child"), "child", False)
    for nodes, x, role, outward in ((sides[0], 50, "cited-by", False), (sides[1], WIDTH - 50, "cites", True)):
        count = min(len(nodes), MAX_SIDE)
        positions = [(x, y) for y in _row(count, centre_y, 56 * (count - 1))]
        connect(_place(catalog, nodes, MAX_SIDE, positions, role), role, outward)
    return Picture(WIDTH, height, boxes, lines, f"The neighbourhood of {catalog.label(node)} in the rule graph")
