"""Confronting Problems (611): whose requirements apply, which characters
contribute what power of which color, and whether the requirements are met
(colors, wild power, "not a color", one color per character), with the
Troublemakers that block a confront and the power continuous abilities add
to the requirements (Eccentric, card text).

Every rule that decides whether a player confronts is a unit: the
requirements that apply to an opponent of the Problem's owner (611.2, a
step), each character contributing its power (611.3a, with a Mane
Character counted as a character by 301.4, both steps), one color per
character (611.3b), "not a color" (611.3c) and the requirements met as a
whole (611.3), checks that allow what they permit and prevent what they
forbid, wild power met by any power left over (611.3d, a step), a
negative power counted as zero (105.2), the Troublemakers that block a
confront (611.3e) and the rules that keep a character from contributing
(503.5, 505.1b, in :mod:`~rulebase.engine.ccg.power`); what continuous
abilities add to the requirements is applied by their units
(:func:`rulebase.engine.ccg.abilities.continuous.confront_needs`).  Switched off, a check lets
everything through and a step does nothing: without 611.3d no power meets
a wild requirement, without 611.2 the requirements beneath the text box
apply to every player.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from itertools import product

from rulebase.engine.ccg.abilities import continuous, verbs
from rulebase.engine.ccg.board import Board, Card
from rulebase.engine.ccg.cards import CardType, Color, Need
from rulebase.engine.ccg.power import (
    contributes_face_up,
    contributes_ready,
    contribution_blocker,
    power_parts,
)
from rulebase.engine.ccg.rules import Allowed, check, step
from rulebase.engine.trace import ALLOWED, CHECK


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


@check("106.2", "a player's opponents are the other players in the game")
def is_an_opponent(board: Board, player: int, other: int):
    if player != other and not board.players[other].removed:
        return Allowed(f"{board.name(other)} is one of {board.name(player)}'s opponents")


@step("611.2", "{player} does not own {problem}: the confront requirements at its top, its owner's opponents', apply: "
               "{needs}")
def opponents_requirements(board: Board, player: int, problem: Card):
    if problem.owner != player and is_an_opponent.verdict(board, problem.owner, player) is not None:
        is_an_opponent(board, problem.owner, player)
        return {"player": board.name(player), "problem": problem.label,
                "needs": " + ".join(str(n) for n in problem.info.opponents_need)}


@step("209.1", "{player} owns {problem}: the confront requirements beneath its text box apply: {needs}")
def owners_requirements(board: Board, player: int, problem: Card):
    if problem.owner == player:
        return {"player": board.name(player), "problem": problem.label,
                "needs": " + ".join(str(n) for n in problem.info.owner_needs)}


def requirements(board: Board, player: int, problem: Card) -> tuple[tuple[Need, ...], list[tuple[str, str]]]:
    """The confront requirements of ``problem`` for ``player``: for its owner
    those beneath its text box (209.1), for an opponent of its owner those at
    its top (611.2), with the power continuous abilities of the cards there
    add (Eccentric).  Without 611.2 the set beneath the text box applies to
    every player; without 209.1 no set applies to the owner."""
    needs: tuple[Need, ...] = problem.info.owner_needs if problem.owner != player else ()
    steps: list[tuple[str, str]] = []
    if owners_requirements(board, player, problem) is not None:
        needs = problem.info.owner_needs
    if opponents_requirements(board, player, problem) is not None:
        needs = problem.info.opponents_need
    extra: list[Need] = []
    continuous.confront_needs(board, player, problem, extra)
    verbs.confront_needs(board, player, problem, extra)
    more = [need for need in extra if need.amount > 0]
    if more:
        needs = tuple(needs) + (Need(sum(need.amount for need in more)),)
    less = -sum(need.amount for need in extra if need.amount < 0)
    if less:
        needs = _lowered(tuple(needs), less)
    return tuple(needs), steps


def _lowered(needs: tuple, less: int) -> tuple:
    """``needs`` with ``less`` power fewer needed ("you need -1 power to
    confront"): taken from the wild power first, then from the rest in
    order, none below 0."""
    order = sorted(range(len(needs)), key=lambda i: needs[i].color is not None or needs[i].excluded is not None)
    amounts = [need.amount for need in needs]
    for i in order:
        taken = min(less, amounts[i])
        amounts[i] -= taken
        less -= taken
    return tuple(Need(amount, need.color, need.excluded) for amount, need in zip(amounts, needs) if amount > 0)


@check("611.3e", "a player can't confront a Problem with an opposing or Epic face-up Troublemaker")
def troublemaker_blocks(board: Board, player: int, problem: Card) -> str | None:
    for troublemaker in board.troublemakers_at(problem.area):
        if verbs.does_not_prevent(board, player, troublemaker, problem) is not None:
            continue
        if continuous.text_not_preventing(board, player, troublemaker, problem) is not None:
            continue
        if troublemaker.controller != player:
            return f"{troublemaker}, an opposing face-up Troublemaker, is at {problem}: {board.name(player)} can't confront it"
        if troublemaker.is_epic:
            return f"{troublemaker}, a face-up Epic Troublemaker, is at {problem}: {board.name(player)} can't confront it"
    own = [card for card in board.troublemakers_at(problem.area)
           if card.controller == player and verbs.lifted(board, player, card) is None]
    if own:
        return Allowed(f"{own[0]}, a face-up Troublemaker at {problem}, is {board.name(player)}'s own and not Epic: it "
                       f"doesn't keep {board.name(player)} from confronting")
    return None


def blocker(board: Board, player: int, problem: Card) -> tuple[str, str] | None:
    """A face-up Troublemaker that keeps ``player`` from confronting (611.3e),
    as ``(rule, words)``; ``None`` when none does (or 611.3e is switched off)."""
    reason = troublemaker_blocks.verdict(board, player, problem)
    if reason and not isinstance(reason, Allowed):
        return troublemaker_blocks.number, reason
    from rulebase.engine.ccg.abilities.continuous import cant_confront

    reason = cant_confront.verdict(board, player, problem)
    return (cant_confront.number, reason) if reason and not isinstance(reason, Allowed) else None


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
    met, steps = _power(board, player, problem, needs, steps, explain)
    record_verdict(board, meets_requirements, player, problem, needs, met)
    verdict = meets_requirements.verdict(board, player, problem, needs, met)
    powered = verdict is None or isinstance(verdict, Allowed)
    return Verdict(powered, needs, steps, powered=powered)


@check("105.2", "a negative value is treated as zero")
def negative_counts_as_zero(board: Board, card: Card, amount: int):
    if amount < 0:
        return f"{card}'s power of {amount} is treated as zero"


@step("301.4", "{card} is a Mane Character, and Mane Characters are characters: it is one of {player}'s characters at "
               "{area}")
def mane_is_a_character(board: Board, card: Card):
    if card.type == CardType.MANE:
        return {"card": card.label, "player": board.name(card.controller), "area": board.area_name(card.area)}


@step("302.2", "{card} is a Friend, and Friends are characters: it is one of {player}'s characters at {area}")
def friend_is_a_character(board: Board, card: Card):
    if card.type == CardType.FRIEND:
        return {"card": card.label, "player": board.name(card.controller), "area": board.area_name(card.area)}


@step("203.2", "{card} is {colors}: it contributes power of {that}")
def contributes_its_colors(board: Board, card: Card, colors: tuple):
    """``colors``: the card's colors now, its own and those modifiers give
    it ("That Friend is also [Laughter]" on a colorless Friend)."""
    if colors:
        return {"card": card.label, "colors": "/".join(str(c) for c in colors),
                "that": "that color" if len(colors) == 1 else "those colors"}


@step("611.3a", "{card} contributes {amount} power ({colors}) to confronting {problem}")
def contributes_power(board: Board, card: Card, amount: int, problem: Card, colors: tuple = ()):
    return {"card": card.label, "amount": amount, "problem": problem.label,
            "colors": "/".join(str(c) for c in colors) or "no color"}


@check("611.3b", "characters can't contribute power of more than one color")
def one_color_only(board: Board, card: Card, colors: tuple = ()):
    if len(colors) > 1:
        return f"{card} has more than one color ({'/'.join(str(c) for c in colors)}) but contributes power of one only"


@check("611.3c", "a \"not a color\" requirement can be met by any power that is not the prohibited color")
def not_the_prohibited_color(board: Board, need: Need, color: Color | None):
    if need.excluded is None:
        return None
    if color == need.excluded:
        return f"{color} power can't meet {need}"
    return Allowed(f"{color or 'colorless'} power is not {need.excluded}: it can meet {need}")


@step("611.3d", "{need}: wild power, met by power of any color or none, excess power included ({sources})")
def wild_power(board: Board, need: Need, sources: str):
    return {"need": str(need), "sources": sources}


@check("611.3", "a player meets a Problem's confront requirements if their characters there contribute the required "
                "power")
def meets_requirements(board: Board, player: int, problem: Card, needs: tuple, met: bool):
    if not met:
        return f"{board.name(player)}'s characters at {problem} do not contribute " + " + ".join(str(n) for n in needs)
    return Allowed(f"{board.name(player)}'s characters at {problem} contribute the required power: "
                   + " + ".join(str(n) for n in needs))


def record_blockers(board: Board, player: int, problem: Card) -> bool:
    """Record whether a face-up Troublemaker (611.3e) or a "can't confront"
    of card text (104.2) keeps ``player`` from confronting ``problem``, and
    answer whether none does."""
    from rulebase.engine.ccg.abilities.continuous import cant_confront

    return (record_verdict(board, troublemaker_blocks, player, problem)
            and record_verdict(board, cant_confront, player, problem))


def record_verdict(board: Board, unit, *args) -> bool:
    """Record what a check decided, an allowed action or a prevention, and
    answer whether it lets the game go on."""
    verdict = unit.verdict(board, *args)
    if isinstance(verdict, Allowed):
        board.trace.record(unit.number, ALLOWED, verdict.reason)
    elif verdict is not None:
        board.trace.record(unit.number, CHECK, verdict)
        return False
    return True


def _accepts(board: Board, need: Need, color: Color | None) -> bool:
    """Whether power of ``color`` can meet a requirement that is not wild:
    of its color (611.3), or not of the prohibited color (611.3c)."""
    if need.excluded is not None:
        verdict = not_the_prohibited_color.verdict(board, need, color)
        return verdict is None or isinstance(verdict, Allowed)
    if "611.3" in board.off:
        return True
    return need.color == color


def _power(board: Board, player: int, problem: Card, needs: tuple[Need, ...], steps: list, explain: bool):
    """Whether the characters of ``player`` at ``problem`` contribute the
    power ``needs`` asks, and the steps of the reasoning."""
    contributions = []
    for card in board.characters_at(problem.area, player):
        if card.type == CardType.MANE and mane_is_a_character(board, card) is None:
            continue
        if card.type == CardType.FRIEND and friend_is_a_character(board, card) is None:
            continue
        if not contributes(board, card, explain):
            continue
        if not continuous.cant_contribute_to_confront.allows(board, card, problem):
            continue
        value, parts = power_parts(board, card, explain)
        amount = value or 0
        if amount < 0 and not negative_counts_as_zero.allows(board, card, amount):
            amount = 0
        if explain:
            if card.exhausted:
                steps.append(("glossary/stubborn", f"{card} is exhausted but Stubborn: while exhausted, it contributes its power"))
            steps.extend(parts)
        own = card.colors + continuous.given_colors(board, card)
        if contributes_power(board, card, amount, problem, own) is None:
            continue
        colors = own if own and contributes_its_colors(board, card, own) is not None else (None,)
        if len(colors) > 1 and one_color_only.allows(board, card, colors):
            contributions.append((card, amount, (tuple(colors),)))
        elif len(colors) > 1:
            contributions.append((card, amount, tuple((c,) for c in colors)))
        else:
            contributions.append((card, amount, (tuple(colors),)))
    wild = tuple(need for need in needs if need.color is None and need.excluded is None)
    constrained = tuple(need for need in needs if need not in wild)
    choices = [options for _, _, options in contributions]
    for chosen in product(*choices) if choices else [()]:
        pools: dict[Color | None, int] = {}
        for (card, amount, _), colors in zip(contributions, chosen):
            for color in colors:
                pools[color] = pools.get(color, 0) + amount
        allocation = allocate(pools, constrained, lambda need, color: _accepts(board, need, color))
        if allocation is None:
            continue
        left = sum(pools.values()) - sum(need.amount for need in constrained)
        if left < sum(need.amount for need in wild):
            continue
        for index, need in enumerate(constrained):
            if need.excluded is not None:
                for (color, i), amount in allocation.items():
                    if i == index and amount:
                        record_verdict(board, not_the_prohibited_color, need, color)
        for need in wild:
            if wild_power(board, need, f"{left} power left over") is None:
                return False, steps
            left -= need.amount
        return True, steps
    for need in constrained:
        if need.excluded is not None and pools_of(contributions, need.excluded):
            record_verdict(board, not_the_prohibited_color, need, need.excluded)
    return False, steps


def pools_of(contributions: list, color: Color | None) -> bool:
    """Whether a contributing character can give power of ``color``."""
    return any(color in colors for _, _, options in contributions for colors in options)


def _describe(sources: dict) -> str:
    return ", ".join(f"{amount} {color or 'colorless'}" for color, amount in sources.items()) or "nothing"


def allocate(pools: dict[Color | None, int], needs: tuple[Need, ...], accepts=None) -> dict | None:
    """Share power among requirements (a small maximum flow): returns
    ``{(color, need index): amount}`` when every need is met, else ``None``;
    ``accepts(need, color)`` says which power meets which need (by default
    :meth:`Need.accepts`).

    >>> allocate({Color.BLUE: 5}, (Need(3, Color.BLUE), Need(2)))
    {(<Color.BLUE: 'blue'>, 0): 3, (<Color.BLUE: 'blue'>, 1): 2}
    >>> allocate({Color.BLUE: 2, Color.PINK: 2}, (Need(3, Color.BLUE),)) is None
    True
    """
    accepts = accepts or (lambda need, color: need.accepts(color))
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
            if accepts(need, color):
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
            if accepts(need, color):
                used = capacity.get((("need", index), ("pool", color)), 0)
                if used:
                    allocation[(color, index)] = used
    return allocation
