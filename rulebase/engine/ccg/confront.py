"""Confronting Problems (611): whose requirements apply, which characters
contribute what power of which color, and whether the requirements are met
(colors, wild power, "not a color", one color per character), with the
Troublemakers that block a confront and the Eccentric keyword."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from itertools import product

from rulebase.engine.ccg.board import Board, Card
from rulebase.engine.ccg.cards import CardType, Color, Need
from rulebase.engine.ccg.power import contribution_blocker, counted, power_parts


@dataclass
class Verdict:
    """Whether a player meets a Problem's confront requirements, and why:
    ``steps`` are ``(rule, words)`` pairs in the order they were found."""

    met: bool
    needs: tuple[Need, ...] = ()
    steps: list[tuple[str, str]] = field(default_factory=list)


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
    extra = 0
    for card in board.at(problem.area):
        eccentric = card.keyword("Eccentric")
        if eccentric and card.controller != player:
            extra += eccentric
            if explain:
                steps.append(("glossary/eccentric-x", f"{card} has Eccentric {eccentric}: opponents need +{eccentric} wild to confront its Problem"))
    if extra:
        needs = tuple(needs) + (Need(extra),)
    return tuple(needs), steps


def blocker(board: Board, player: int, problem: Card) -> tuple[str, str] | None:
    """A face-up Troublemaker that keeps ``player`` from confronting (611.3e)."""
    for troublemaker in board.troublemakers_at(problem.area):
        if troublemaker.controller != player:
            return "611.3e", f"{troublemaker}, an opposing face-up Troublemaker, is at {problem}: {board.name(player)} can't confront it"
        if troublemaker.is_epic:
            return "611.3e", f"{troublemaker}, a face-up Epic Troublemaker, is at {problem}: {board.name(player)} can't confront it"
    return None


def judge(board: Board, player: int, problem: Card) -> Verdict:
    """Whether ``player`` meets the confront requirements of ``problem`` (611.3).
    The steps are written only while the trace records."""
    explain = board.trace.enabled
    needs, steps = requirements(board, player, problem)
    blocked = blocker(board, player, problem)
    if blocked:
        return Verdict(False, needs, steps + [blocked])
    contributions = []
    for card in board.characters_at(problem.area, player):
        reason = contribution_blocker(card)
        if reason:
            if explain:
                steps.append(reason)
            continue
        value, parts = power_parts(board, card, explain)
        amount = counted(value)
        colors = card.colors or (None,)
        contributions.append((card, amount, colors))
        if explain:
            if card.exhausted:
                steps.append(("503.5", f"{card} is exhausted, and exhausted cards do not contribute their power..."))
                steps.append(("glossary/stubborn", f"...but {card} is Stubborn: while exhausted, it contributes its power"))
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
        return Verdict(True, needs, steps)
    if explain:
        if any(len(colors) > 1 for colors in choices):
            steps.append(("611.3b", "characters can't contribute power of more than one color"))
        for need in needs:
            if need.excluded is not None:
                steps.append(("611.3c", f"{need}: only power that is not {need.excluded} can meet it"))
        steps.append(("611.3", f"{board.name(player)}'s characters at {problem} do not contribute "
                               + " + ".join(str(n) for n in needs)))
    return Verdict(False, needs, steps)


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
