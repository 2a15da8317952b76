"""Confronting Problems (611): whose requirements apply, which characters
contribute what power of which color, and whether the requirements are met
(colors, wild power, "not a color", one color per character), with the
Troublemakers that block a confront and the Eccentric keyword.

The rules that keep a player from confronting are check units:
:func:`troublemaker_blocks` (611.3e), :func:`requirements_met` (611.1) and
the rules that keep a character from contributing (503.5, 505.1b, in
:mod:`~rulebase.engine.ccg.power`); Eccentric, which adds to the
requirements, is a step unit.  :func:`judge` follows the rules switched
off.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from itertools import product

from rulebase.engine.ccg.board import Board, Card
from rulebase.engine.ccg.cards import CardType, Color, Need
from rulebase.engine.ccg.power import (
    contributes_face_up,
    contributes_ready,
    contribution_blocker,
    counted,
    power_parts,
)
from rulebase.engine.ccg.rules import Allowed, check, step
from rulebase.engine.trace import ALLOWED


@dataclass
class Verdict:
    """Whether a player meets a Problem's confront requirements, and why:
    ``steps`` are ``(rule, words)`` pairs in the order they were found;
    ``blocked`` is the reason a Troublemaker keeps the player from
    confronting, ``powered`` whether their characters contribute the power
    the requirements ask."""

    met: bool
    needs: tuple[Need, ...] = ()
    steps: list[tuple[str, str]] = field(default_factory=list)
    blocked: str | None = None
    powered: bool = False


@step("glossary/eccentric-x", "{card} has Eccentric {x}: opponents need +{x} wild power to confront its Problem")
def eccentric(board: Board, card: Card, player: int, extra: list) -> dict | None:
    x = card.keyword("Eccentric")
    if x and card.controller != player:
        extra.append(Need(x))
        return {"card": card.label, "x": x}


def requirements(board: Board, player: int, problem: Card) -> tuple[tuple[Need, ...], list[tuple[str, str]]]:
    """The confront requirements of ``problem`` for ``player`` (611.2, 209.1),
    with Eccentric from the opponents' cards there."""
    explain = board.trace.enabled
    owner = problem.owner == player
    needs = problem.info.owner_needs if owner else problem.info.opponents_need
    steps: list[tuple[str, str]] = []
    if explain:
        if not owner:
            steps.append(("106.2", f"{board.name(player)} is an opponent of {board.name(problem.owner)}, who owns {problem}"))
        steps.append(("209.1", f"{problem} has confront requirements for its owner and for its owner's opponents"))
        whose = "its owner's" if owner else "its opponents'"
        steps.append(("611.2", f"{board.name(player)} {'owns' if owner else 'does not own'} {problem}: "
                               f"{whose} requirements apply: " + " + ".join(str(n) for n in needs)))
    extra: list[Need] = []
    for card in board.at(problem.area):
        eccentric(board, card, player, extra)
    if extra:
        needs = tuple(needs) + (Need(sum(need.amount for need in extra)),)
    return tuple(needs), steps


@check("611.3e", "a player can't confront a Problem with an opposing or Epic face-up Troublemaker")
def troublemaker_blocks(board: Board, player: int, problem: Card) -> str | None:
    for troublemaker in board.troublemakers_at(problem.area):
        if troublemaker.controller != player:
            return f"{troublemaker}, an opposing face-up Troublemaker, is at {problem}: {board.name(player)} can't confront it"
        if troublemaker.is_epic:
            return f"{troublemaker}, a face-up Epic Troublemaker, is at {problem}: {board.name(player)} can't confront it"
    return None


@check("611.1", "the turn player confronts a Problem only if they meet its confront requirements")
def requirements_met(board: Board, player: int, problem: Card, verdict: Verdict) -> str | None:
    if not verdict.powered:
        return (f"{board.name(player)}'s characters at {problem} do not contribute "
                + " + ".join(str(n) for n in verdict.needs))
    return None


def blocker(board: Board, player: int, problem: Card) -> tuple[str, str] | None:
    """A face-up Troublemaker that keeps ``player`` from confronting (611.3e),
    as ``(rule, words)``; ``None`` when none does (or 611.3e is switched off)."""
    reason = troublemaker_blocks.verdict(board, player, problem)
    return (troublemaker_blocks.number, reason) if reason else None


def contributes(board: Board, card: Card, explain: bool) -> bool:
    """Whether a character contributes its power to faceoffs and confronting
    (505.1b, 503.5); with ``explain``, a rule that keeps it from
    contributing is recorded as deciding."""
    if not explain:
        return contribution_blocker(card, board) is None
    for unit in (contributes_face_up, contributes_ready):
        if not unit.allows(board, card):
            return False
        verdict = unit.verdict(board, card)
        if isinstance(verdict, Allowed):
            board.trace.record(unit.number, ALLOWED, verdict.reason)
    return True


def judge(board: Board, player: int, problem: Card) -> Verdict:
    """Whether ``player`` meets the confront requirements of ``problem`` (611.3)
    and no Troublemaker keeps them from confronting it (611.3e).  The steps
    are written only while the trace records; the Troublemaker and
    requirement checks are asked without recording (the caller records the
    one that decides)."""
    explain = board.trace.enabled
    needs, steps = requirements(board, player, problem)
    blocked = blocker(board, player, problem)
    if blocked:
        return Verdict(False, needs, steps + [blocked], blocked=blocked[1])
    powered, steps = _power(board, player, problem, needs, steps, explain)
    return Verdict(powered, needs, steps, powered=powered)


def _power(board: Board, player: int, problem: Card, needs: tuple[Need, ...], steps: list, explain: bool):
    """Whether the characters of ``player`` at ``problem`` contribute the
    power ``needs`` asks, and the steps of the reasoning."""
    contributions = []
    for card in board.characters_at(problem.area, player):
        if not contributes(board, card, explain):
            continue
        value, parts = power_parts(board, card, explain)
        amount = counted(value)
        colors = card.colors or (None,)
        contributions.append((card, amount, colors))
        if explain:
            if card.exhausted:
                steps.append(("glossary/stubborn", f"{card} is exhausted but Stubborn: while exhausted, it contributes its power"))
            if card.type == CardType.MANE:
                steps.append(("301.4", f"{card} is a Mane Character, and Mane Characters are characters"))
            steps.extend(parts)
            if value is not None and value < 0:
                steps.append(("105.2", f"{card}'s power of {value} is treated as zero"))
            steps.append(("611.3a", f"{card} contributes {amount} power ({'/'.join(str(c) for c in card.colors) or 'no color'})"))
    choices = [colors for _, _, colors in contributions]
    for chosen in product(*choices) if choices else [()]:
        pools: dict[Color | None, int] = {}
        for (card, amount, _), color in zip(contributions, chosen):
            pools[color] = pools.get(color, 0) + amount
        allocation = allocate(pools, needs)
        if allocation is None:
            continue
        if explain:
            for (card, amount, colors), color in zip(contributions, chosen):
                if len(colors) > 1:
                    steps.append(("611.3b", f"{card} has more than one color but contributes power of one: {color}"))
            for index, need in enumerate(needs):
                sources = {pool: amount for (pool, i), amount in allocation.items() if i == index and amount}
                if need.excluded is not None:
                    steps.append(("611.3c", f"{need}: met by power that is not {need.excluded} ({_describe(sources)})"))
                elif need.color is None:
                    steps.append(("611.3d", f"{need}: wild power, met by power of any color or none ({_describe(sources)})"))
            steps.append(("611.3", f"{board.name(player)}'s characters at {problem} contribute the required power: "
                                   + " + ".join(str(n) for n in needs)))
        return True, steps
    if explain:
        if any(len(colors) > 1 for colors in choices):
            steps.append(("611.3b", "characters can't contribute power of more than one color"))
        for need in needs:
            if need.excluded is not None:
                steps.append(("611.3c", f"{need}: only power that is not {need.excluded} can meet it"))
        steps.append(("611.3", f"{board.name(player)}'s characters at {problem} do not contribute "
                               + " + ".join(str(n) for n in needs)))
    return False, steps


def _describe(sources: dict) -> str:
    return ", ".join(f"{amount} {color or 'colorless'}" for color, amount in sources.items()) or "nothing"


def allocate(pools: dict[Color | None, int], needs: tuple[Need, ...]) -> dict | None:
    """Share power among requirements (a small maximum flow): returns
    ``{(color, need index): amount}`` when every need is met, else ``None``.

    >>> allocate({Color.BLUE: 5}, (Need(3, Color.BLUE), Need(2)))
    {(<Color.BLUE: 'blue'>, 0): 3, (<Color.BLUE: 'blue'>, 1): 2}
    >>> allocate({Color.BLUE: 2, Color.PINK: 2}, (Need(3, Color.BLUE),)) is None
    True
    """
    colors = list(pools)
    source, sink = "source", "sink"
    capacity: dict = {}
    edges: dict = {}

    def add(a, b, amount):
        capacity[(a, b)] = capacity.get((a, b), 0) + amount
        capacity.setdefault((b, a), 0)
        edges.setdefault(a, []).append(b)
        edges.setdefault(b, []).append(a)

    for color in colors:
        add(source, ("pool", color), pools[color])
    for index, need in enumerate(needs):
        add(("need", index), sink, need.amount)
        for color in colors:
            if need.accepts(color):
                add(("pool", color), ("need", index), need.amount)
    total = 0
    while True:
        parents = {source: None}
        queue = deque([source])
        while queue and sink not in parents:
            node = queue.popleft()
            for other in edges.get(node, []):
                if other not in parents and capacity[(node, other)] > 0:
                    parents[other] = node
                    queue.append(other)
        if sink not in parents:
            break
        path, node = [], sink
        while parents[node] is not None:
            path.append((parents[node], node))
            node = parents[node]
        pushed = min(capacity[edge] for edge in path)
        for a, b in path:
            capacity[(a, b)] -= pushed
            capacity[(b, a)] += pushed
        total += pushed
    if total < sum(need.amount for need in needs):
        return None
    allocation = {}
    for color in colors:
        for index, need in enumerate(needs):
            if need.accepts(color):
                used = capacity.get((("need", index), ("pool", color)), 0)
                if used:
                    allocation[(color, index)] = used
    return allocation
