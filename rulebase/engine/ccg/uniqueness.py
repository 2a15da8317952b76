"""Uniqueness (516): Unique cards of the same name, more than one face-up
Troublemaker of a player at a Problem, Epic Troublemakers, and how a
violation is repaired.

Each kind of violation is a check unit: :func:`find` asks them in turn and
the first that does not allow the board is the violation to repair."""

from __future__ import annotations

from dataclasses import dataclass

from rulebase.engine.ccg.abilities import continuous
from rulebase.engine.ccg.board import Area, Board, Card
from rulebase.engine.ccg.cards import CardType
from rulebase.engine.ccg.rules import Allowed, check, step
from rulebase.engine.rulebook import Table, legal


@dataclass
class Violation:
    rule: str
    player: int
    cards: list[Card]
    description: str


# -- the kinds of violation ---------------------------------------------------------


@check("505.1a", "face-down cards lose and can't have abilities and traits")
def loses_traits(board: Board, card: Card):
    if card.face_down:
        return f"{card} is face-down: it has no traits, Unique among them"


@check("201.1a", "two cards with the same Title but a different Subtitle do not have the same name")
def different_subtitles(board: Board, title: str, cards: list[Card]):
    subtitles = sorted({card.info.subtitle or "" for card in cards})
    if len(subtitles) > 1:
        return f"the cards titled {title} have different Subtitles ({', '.join(s or 'none' for s in subtitles)}): " \
               "they do not have the same name"


def _titles(board: Board, card: Card) -> list:
    """The Titles of ``card``, each with the ability of its text that gives
    it (``None`` for its own): "This card is both a Lyra and a Bon Bon in
    all zones" gives it those Titles besides its own (702.1), its Subtitle
    staying its own; none with 702.1 switched off."""
    titles = [(card.info.title, None)]
    if continuous.also_named_by_text.number not in board.off:
        for _ability, acts in continuous.own(card, "names"):
            titles += [(name, acts) for name in acts.modifier.value("names") or () if name != card.info.title]
    return titles


def same_names(board: Board, cards: list[Card]) -> list[tuple[str, list[Card]]]:
    """The cards grouped by name, each group with its name: Title followed
    by Subtitle (201.1), cards of the same Title apart when their Subtitles
    differ (201.1a); a card whose text gives it more Titles is in a group
    for each (recorded where that puts it in a group of several)."""
    by_title: dict[str, list[Card]] = {}
    given: dict[tuple[str, int], object] = {}
    for card in cards:
        for title, acts in _titles(board, card):
            by_title.setdefault(title, []).append(card)
            if acts is not None:
                given[(title, card.id)] = acts
    groups = []
    for title, titled in by_title.items():
        if len(titled) < 2 or different_subtitles.allows(board, title, titled):
            groups.append((title, titled[0].info.subtitle, titled))
            continue
        by_subtitle: dict[str, list[Card]] = {}
        for card in titled:
            by_subtitle.setdefault(card.info.subtitle or "", []).append(card)
        groups.extend((title, subtitle, named) for subtitle, named in by_subtitle.items())
    for title, _subtitle, named in groups:
        for card in named if len(named) > 1 else ():
            if (title, card.id) in given:
                continuous.also_named_by_text(board, card, title, given[(title, card.id)])
    return [(f"{title}, {subtitle}" if subtitle else title, named) for title, subtitle, named in groups]


@check("516.3", "a player can't control more than one Unique card with the same name")
def one_unique_card_of_a_name(board: Board, player: int, name: str, cards: list[Card]):
    if len(cards) > 1:
        return f"{board.name(player)} controls more than one Unique card named {name}"


@check("516.4a", "an Epic Troublemaker is the only Troublemaker at its Problem")
def epic_troublemaker_alone(board: Board, area: Area, face_up: list[Card]):
    if len(face_up) > 1 and any(card.is_epic for card in face_up):
        return f"an Epic Troublemaker and another Troublemaker are at {board.area_name(area)}"


@check("306.2", "players can control only one face-up Troublemaker at a given Problem")
def one_face_up_troublemaker(board: Board, area: Area, player: int, mine: list[Card]):
    if len(mine) > 1:
        return f"{board.name(player)} controls {len(mine)} face-up Troublemakers at {board.area_name(area)}"


@check("516.4", "a player can't control more than one face-up Troublemaker at the same Problem")
def one_troublemaker_at_a_problem(board: Board, area: Area, player: int, mine: list[Card]):
    if len(mine) > 1:
        return f"{board.name(player)} controls more than one face-up Troublemaker at {board.area_name(area)}"


def _violation(board: Board, unit, player: int, cards: list[Card], *args) -> Violation | None:
    """The violation ``unit`` finds (recorded as its rule deciding), or ``None``."""
    if unit.allows(board, *args):
        return None
    return Violation(unit.number, player, cards, unit.verdict(board, *args))


def find(board: Board) -> Violation | None:
    """The first uniqueness violation on the board, or ``None``."""
    unique = [card for card in board.play
              if "unique" in card.info.trait_set and (not card.face_down or loses_traits.allows(board, card))]
    for player in board.players:
        if player.removed or len(unique) < 2:
            continue
        mine = [card for card in unique if card.controller == player.index]
        for name, cards in same_names(board, mine) if len(mine) > 1 else ():
            if len(cards) > 1:
                found = _violation(board, one_unique_card_of_a_name, player.index, cards, player.index, name, cards)
                if found:
                    return found
    if sum(1 for card in board.play if card.type == CardType.TROUBLEMAKER and not card.face_down) < 2:
        return None
    for owner in board.players:
        area = owner.problem_area
        face_up = board.troublemakers_at(area)
        if len(face_up) < 2:
            continue
        epic = [c for c in face_up if c.is_epic]
        if epic:
            violating = epic[0].controller
            found = _violation(board, epic_troublemaker_alone, violating, face_up, area, face_up)
            if found:
                several_controllers(board, found)
                return found
        for player in board.players:
            mine = [c for c in face_up if c.controller == player.index]
            if len(mine) > 1 and not one_face_up_troublemaker.allows(board, area, player.index, mine):
                found = _violation(board, one_troublemaker_at_a_problem, player.index, mine, area, player.index, mine)
                if found:
                    return found
    return None


@step("516.2a", "the violating cards are controlled by several players: {player}, {why}, is the violating player")
def several_controllers(board: Board, violation: Violation):
    """The violating player of a violation by the cards of several players:
    the player who most recently had priority, else the turn player; without
    this rule, the player who controls the Epic Troublemaker (516.4a)."""
    if len({card.controller for card in violation.cards}) < 2:
        return None
    last = next((p for p in (board.turn.priority, board.turn.last_priority) if p is not None), None)
    violation.player = board.turn.player if last is None else last
    why = "the turn player" if last is None else "who most recently had priority"
    return {"player": board.name(violation.player), "why": why}


# -- repairing ---------------------------------------------------------------------


@check("516.4b", "an Epic Troublemaker is chosen to be dismissed only when all violating Troublemakers are Epic")
def epic_chosen_last(board: Board, violation: Violation, card: Card):
    if violation.rule in ("516.4", "516.4a") and card.is_epic:
        if not all(other.is_epic for other in violation.cards):
            return "an Epic Troublemaker can't be chosen unless all violating Troublemakers are Epic"
        return Allowed(f"all the violating Troublemakers are Epic: {card} may be chosen")


def choosable(violation: Violation, board: Board | None = None) -> list[Card]:
    """The violating cards the player may choose to dismiss (516.2, 516.4b);
    with ``board``, the rules it switches off are off."""
    table = board if board is not None else Table()
    return legal(table, violation.cards, lambda card: epic_chosen_last(table, violation, card))


def is_troublemaker_violation(violation: Violation) -> bool:
    return all(c.type == CardType.TROUBLEMAKER for c in violation.cards)
