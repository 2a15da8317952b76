"""Areas (501): the words card text names an area with.

"here" is the area of the card the text is on (501.4); "there" is the area
the text itself specifies, which may or may not be that card's (501.5).
Each is a check unit the card text's selectors ask (see
:func:`~rulebase.engine.ccg.abilities.targets.at_place`): with the rule
switched off, the word limits nothing.
"""

from __future__ import annotations

from rulebase.engine.ccg.board import Area, Board, Card, Zone
from rulebase.engine.ccg.rules import check


@check("501.4", "\"here\" references the area of the card that text is on")
def here(board: Board, source: Card, card: Card):
    if source.zone != Zone.PLAY or source.area is None:
        return f"{source} is not in play: its text's \"here\" names no area"
    if card.area != source.area:
        return f"{card} is not at {board.area_name(source.area)}, the area of {source}: not \"here\" for its text"


@check("501.5", "\"there\" references the area specified in its text")
def there(board: Board, area: Area | None, card: Card):
    if area is None:
        return "the text names no area for \"there\" to reference"
    if card.area != area:
        return f"{card} is not at {board.area_name(area)}, the area the text specifies: not \"there\""


def is_here(board: Board, source: Card, card: Card) -> bool:
    """Whether ``card`` is "here" for the text of ``source`` (501.4); a card
    it excludes is recorded as the rule deciding."""
    return here.allows(board, source, card)


def is_there(board: Board, area: Area | None, card: Card) -> bool:
    """Whether ``card`` is "there": at ``area``, the area the text specifies
    (501.5); a card it excludes is recorded as the rule deciding."""
    return there.allows(board, area, card)
