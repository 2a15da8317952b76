"""The printed information of Kayou TCG cards (section II): type, card
number, Harmony cost, Inspiration, keywords, effects, the Everyday marker of
Scenes and the stage and titles of Story cards.

Two cards are copies when their card numbers match (102.1.0); a foil or
special version has the same number and counts as the same card (102.1.1).
Rarity and print information have no effect on the game (201.0.0) and are
kept only to be shown.

>>> belle = Printed.build("Sweetie Belle", "Character", number="MLP-001", cost=2, inspiration=3,
...                       keywords=["Unicorn"], effects=[{"kind": "entrance", "instructions": ["draw 1"]}])
>>> belle.type, belle.cost, belle.has_keyword("unicorn"), str(belle.effects[0])
(<CardType.CHARACTER: 'Character'>, 2, True, 'Entrance: Draw 1 card.')
>>> quest = Printed.build("Friendship Quest: The Journey Begins", "Story", stage=1)
>>> quest.title, quest.subtitle, quest.stage
('Friendship Quest', 'The Journey Begins', 1)
>>> Printed.build("Lost Scroll", "Event")
Traceback (most recent call last):
rulebase.engine.errors.SetupError: Event 'Lost Scroll' needs its Harmony cost
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property

from rulebase.engine.errors import SetupError
from rulebase.engine.tcg.text import (
    ACTIVATED,
    DISCARD,
    ENTRANCE,
    EVENT,
    FAREWELL,
    INSPIRE,
    ITEM,
    PASSIVE,
    PREPLAN,
    STATIC,
    STORY,
    Effect,
)


class CardType(StrEnum):
    """The card types of section II."""

    CHARACTER = "Character"
    EVENT = "Event"
    ITEM = "Item"
    SCENE = "Scene"
    MAIN_CHARACTER = "Main Character"
    STORY = "Story"


MAIN_DECK_TYPES = (CardType.CHARACTER, CardType.EVENT, CardType.ITEM)
"""What a Main Deck holds (102.0.0): Character, Event and Item cards."""

STAGES = ("I", "II", "III", "IV")
"""The Story stages (206.0.0), numbered 1 to 4 by the engine."""

EFFECT_KINDS = {
    CardType.CHARACTER: (ENTRANCE, FAREWELL, PREPLAN, PASSIVE, ACTIVATED, STATIC, DISCARD),
    CardType.EVENT: (EVENT, PREPLAN, STATIC, DISCARD),
    CardType.ITEM: (ITEM, PREPLAN, STATIC, DISCARD),
    CardType.SCENE: (INSPIRE, STATIC),
    CardType.MAIN_CHARACTER: (),
    CardType.STORY: (STORY,),
}
"""The kinds of effect each card type can have (201.0.0-206.0.0): Preplan
and discard effects on any card of the Main Deck, since any of them can
become a Plan (604.0.0) or be discarded (602.0.0)."""


def parse_type(text) -> CardType:
    """A card type from its name (``"character"``, ``"Main Character"``,
    ``"Items"``)."""
    if isinstance(text, CardType):
        return text
    word = " ".join(str(text).split()).lower()
    for card_type in CardType:
        if word in (card_type.value.lower(), card_type.value.lower() + "s"):
            return card_type
    if word in ("story card", "stories"):
        return CardType.STORY
    raise SetupError(f"not a card type: {text!r} (the types are {', '.join(t.value for t in CardType)})")


def parse_stage(value) -> int:
    """A stage from 1-4 or I-IV."""
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 4:
        return value
    word = str(value).strip().upper()
    if word in STAGES:
        return STAGES.index(word) + 1
    if word.isdigit() and 1 <= int(word) <= 4:
        return int(word)
    raise SetupError(f"not a Story stage: {value!r} (the stages are I, II, III and IV)")


@dataclass(frozen=True)
class Printed:
    """A card's printed information.  Build one with :meth:`build`, which
    checks that a card has what its type needs."""

    name: str
    type: CardType
    number: str | None = None
    cost: int | None = None
    inspiration: int | None = None
    keywords: tuple[str, ...] = ()
    effects: tuple[Effect, ...] = ()
    everyday: bool = False
    stage: int | None = None
    title: str | None = None
    subtitle: str | None = None
    version: str | None = None
    rarity: str | None = None

    @property
    def copy_key(self) -> str:
        """What makes two cards copies: the card number (102.1.0), or the
        name for a card given without one."""
        return self.number or self.name

    @cached_property
    def keyword_set(self) -> frozenset:
        return frozenset(keyword.lower() for keyword in self.keywords)

    def has_keyword(self, keyword: str) -> bool:
        """Whether the card has a keyword (201.0.0: "Indicate the type and
        traits of the character"), in any case."""
        return keyword.lower() in self.keyword_set

    @cached_property
    def _by_kind(self) -> dict[str, list[tuple[int, Effect]]]:
        found: dict[str, list[tuple[int, Effect]]] = {}
        for index, effect in enumerate(self.effects):
            found.setdefault(effect.kind, []).append((index, effect))
        return found

    def effects_of(self, kind: str) -> list[tuple[int, Effect]]:
        """The card's effects of one kind, with their index on the card."""
        return self._by_kind.get(kind, [])

    def permits(self, permission: str) -> Effect | None:
        """The static effect that gives this card a permission over a rule
        (``move-freely``, ``any-copies``), if it has one."""
        for effect in self.effects:
            if effect.kind == STATIC and permission in effect.permissions:
                return effect
        return None

    @property
    def stage_name(self) -> str | None:
        return STAGES[self.stage - 1] if self.stage else None

    @classmethod
    def build(cls, name: str, type, *, number=None, cost=None, inspiration=None, keywords=(), effects=(),
              everyday: bool = False, stage=None, title=None, subtitle=None, version=None,
              rarity=None) -> Printed:
        """Make the printed information of a card from plain values,
        checking what its type needs; raises :class:`SetupError` with what
        is wrong.  ``effects`` are :class:`~rulebase.engine.tcg.text.Effect`
        values, tables of :meth:`Effect.build`'s arguments or the effect's
        words (``"Entrance: Draw 1 card."``, read by
        :mod:`~rulebase.engine.tcg.wording`); ``stage`` is
        1-4 or I-IV; a Story card's main title and subtitle default to the
        two parts of its name (``"Title: Subtitle"``)."""
        if not isinstance(name, str) or not name.strip():
            raise SetupError(f"a card needs a name, not {name!r}")
        name = " ".join(name.split())
        card_type = parse_type(type)
        what = f"{card_type} {name!r}"
        if isinstance(keywords, str):
            keywords = [keywords]
        keywords = tuple(" ".join(str(k).split()) for k in keywords)
        if any(not k for k in keywords):
            raise SetupError(f"{what}: an empty keyword")
        built = []
        for position, effect in enumerate(effects, start=1):
            try:
                if isinstance(effect, Effect):
                    built.append(effect)
                elif isinstance(effect, dict):
                    built.append(Effect.build(**effect))
                elif isinstance(effect, str):
                    from rulebase.engine.tcg.wording import read_effect

                    built.append(read_effect(effect))
                else:
                    raise SetupError(f"an effect is an Effect, its words or a table of its kind and instructions, "
                                     f"not {effect!r}")
            except SetupError as error:
                raise SetupError(f"{what}, effect {position}: {error}") from None
            except TypeError as error:
                raise SetupError(f"{what}, effect {position}: {error}") from None
        if stage is not None:
            try:
                stage = parse_stage(stage)
            except SetupError as error:
                raise SetupError(f"{what}: {error}") from None
        if card_type == CardType.STORY and (title is None or subtitle is None):
            parts = re.split(r"\s*(?::| - | – )\s*", name, maxsplit=1)
            if len(parts) == 2:
                title = title if title is not None else parts[0]
                subtitle = subtitle if subtitle is not None else parts[1]
        printed = cls(name=name, type=card_type, number=None if number is None else str(number).strip(), cost=cost,
                      inspiration=inspiration, keywords=keywords, effects=tuple(built), everyday=bool(everyday),
                      stage=stage, title=title, subtitle=subtitle, version=version, rarity=rarity)
        printed._validate(what)
        return printed

    def _validate(self, what: str) -> None:
        for field_name in ("cost", "inspiration"):
            value = getattr(self, field_name)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
                raise SetupError(f"{what}: its {'Harmony cost' if field_name == 'cost' else 'Inspiration'} must be "
                                 f"a whole number of at least 0, not {value!r}")
        if self.type in MAIN_DECK_TYPES and self.cost is None:
            raise SetupError(f"{what} needs its Harmony cost")
        if self.type not in MAIN_DECK_TYPES and self.cost is not None:
            raise SetupError(f"{what} has no Harmony cost: only Characters, Events and Items are played for Harmony")
        if self.type == CardType.CHARACTER and self.inspiration is None:
            raise SetupError(f"{what} needs its Inspiration")
        if self.type != CardType.CHARACTER and self.inspiration is not None:
            raise SetupError(f"{what} has no Inspiration: only Characters do (201.0.0)")
        if self.everyday and self.type != CardType.SCENE:
            raise SetupError(f"{what}: only Scenes are marked Everyday (204.0.0)")
        if self.type == CardType.STORY:
            if self.stage is None:
                raise SetupError(f"{what} needs its Story stage (I-IV)")
            if not self.title or not self.subtitle:
                raise SetupError(f"{what} needs its main title and subtitle (206.0.0), e.g. 'Friendship Quest: "
                                 "The Journey Begins'")
        elif self.stage is not None:
            raise SetupError(f"{what}: only Story cards have a stage (206.0.0)")
        elif self.subtitle is not None and self.title is None:
            raise SetupError(f"{what}: a subtitle needs a main title")
        allowed = EFFECT_KINDS[self.type]
        for effect in self.effects:
            if effect.kind not in allowed:
                kinds = ", ".join(allowed) or "none"
                raise SetupError(f"{what} can't have a {effect.kind} effect (a {self.type} has {kinds})")
            if "move-freely" in effect.permissions and self.type != CardType.CHARACTER:
                raise SetupError(f"{what}: only a Character may move between spaces")
