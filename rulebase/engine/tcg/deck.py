"""Decks and deck construction (102.0.0-102.1.3): a 50-card Main Deck of
Characters, Events and Items, a 15-card Scene Deck, four Story cards and a
Main Character; no more than 4 copies of a card (by card number, foil and
special versions counted together), any number of Everyday Scenes; the
four Story cards with one main title, different subtitles and one stage
each.

:func:`check` asks each rule as a check unit, so that a board can switch a
construction rule off; :func:`violations` lists every rule a deck breaks.
:func:`random_deck` makes legal decks of invented cards with varied
effects, for tests and simulations.

>>> import random
>>> deck = random_deck(random.Random(3))
>>> len(deck.main), len(deck.scenes), sorted(card.stage for card in deck.story), violations(deck)
(50, 15, [1, 2, 3, 4], [])
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from rulebase.engine.errors import IllegalAction, IllegalDeck
from rulebase.engine.rulebook import Table
from rulebase.engine.tcg import effects
from rulebase.engine.tcg.cards import MAIN_DECK_TYPES, CardType, Printed
from rulebase.engine.tcg.rules import Allowed, check
from rulebase.engine.tcg.text import Effect

MAIN_DECK_SIZE = 50
SCENE_DECK_SIZE = 15
STORY_CARDS = 4
MAX_COPIES = 4


@dataclass
class Deck:
    """What a player brings to a game (102.0.0)."""

    name: str
    main: list[Printed] = field(default_factory=list)
    scenes: list[Printed] = field(default_factory=list)
    story: list[Printed] = field(default_factory=list)
    main_character: Printed | None = None

    def cards(self) -> list[Printed]:
        return list(self.main) + list(self.scenes) + list(self.story) + ([self.main_character] if self.main_character else [])


# -- the rules, as check units ------------------------------------------------------------


@check("102.0.0", "a game deck includes a 50-card Main Deck")
def main_deck_size(table, deck: Deck):
    if len(deck.main) != MAIN_DECK_SIZE:
        return f"{deck.name}'s Main Deck has {len(deck.main)} cards: it must have 50"


@check("102.0.0", "the Main Deck includes Character, Event and Item cards")
def main_deck_types(table, deck: Deck):
    for card in deck.main:
        if card.type not in MAIN_DECK_TYPES:
            return f"{card.name} is a {card.type}: the Main Deck includes Character, Event and Item cards"


@check("102.0.0", "a game deck includes a 15-card Scene Deck")
def scene_deck_size(table, deck: Deck):
    if len(deck.scenes) != SCENE_DECK_SIZE:
        return f"{deck.name}'s Scene Deck has {len(deck.scenes)} cards: it must have 15"


@check("204.0.0", "Scene cards are the only card type in the Scene Deck")
def scene_deck_types(table, deck: Deck):
    for card in deck.scenes:
        if card.type != CardType.SCENE:
            return f"{card.name} is a {card.type}: Scene cards are the only card type in the Scene Deck"


@check("102.0.0", "a game deck includes a 4-card Story Deck")
def story_deck(table, deck: Deck):
    if len(deck.story) != STORY_CARDS:
        return f"{deck.name}'s Story Deck has {len(deck.story)} cards: it must have 4"
    for card in deck.story:
        if card.type != CardType.STORY:
            return f"{card.name} is a {card.type}: the Story Deck holds Story cards"


@check("205.0.0", "each player chooses one Main Character to represent them")
def chooses_a_main_character(table, deck: Deck):
    card = deck.main_character
    if card is None:
        return f"{deck.name} has chosen no Main Character to represent them"
    if card.type != CardType.MAIN_CHARACTER:
        return f"{card.name} is a {card.type}: it can't represent {deck.name} as their Main Character"


@check("102.0.0", "a game deck includes one Main Character card")
def has_a_main_character(table, deck: Deck):
    """The game deck's fourth part is the Main Character its player chose
    (205.0.0): without that rule no card is asked of it."""
    if not chooses_a_main_character.allows(table, deck):
        card = deck.main_character
        if card is None:
            return f"{deck.name} has no Main Character card"
        return f"{card.name} is a {card.type}, not a Main Character"


@check("102.1.3", "the four Story cards have the same main title, different subtitles and one stage each")
def story_construction(table, deck: Deck):
    story = [card for card in deck.story if card.type == CardType.STORY]
    titles = sorted({card.title for card in story})
    if len(titles) > 1:
        return f"{deck.name}'s Story cards have different main titles ({', '.join(titles)}): they must have the same"
    subtitles = Counter(card.subtitle for card in story)
    twice = sorted(subtitle for subtitle, count in subtitles.items() if count > 1)
    if twice:
        return f"{deck.name}'s Story cards must have different subtitles: {twice[0]!r} is on more than one"
    stages = sorted(card.stage for card in story)
    if len(story) == STORY_CARDS and stages != [1, 2, 3, 4]:
        return f"{deck.name}'s Story cards must be one each of Stages I, II, III and IV (they are {stages})"


@check("glossary/everyday-scene", "a Scene card marked as 'Everyday' can be included in unlimited copies in the "
                                  "Scene Deck")
def marked_everyday(table, card: Printed):
    if card.everyday and card.type == CardType.SCENE:
        return Allowed(f"{card.name} is a Scene marked as 'Everyday'")


@check("102.1.2", "any number of Everyday Scene cards may be included in the Scene Deck")
def everyday_scenes(table, card: Printed, count: int):
    if card.everyday and card.type == CardType.SCENE:
        return Allowed(f"{card.name} is an Everyday Scene: {count} copies may be included")


@check("102.1.0", "no more than 4 copies of any single card (same card number) may be included in a deck")
def copies_of_a_printing(table, deck: Deck, card: Printed, count: int):
    if count > MAX_COPIES:
        return f"{deck.name} includes {count} copies of {card.name} ({card.copy_key}): no more than 4"


@check("102.1.1", "foil or special versions count as the same card as long as the card number is the same")
def versions_count_together(table, deck: Deck, card: Printed, count: int, versions: list):
    if count > MAX_COPIES:
        return (f"{deck.name} includes {count} copies of {card.name} ({card.copy_key}) counting its versions "
                f"({', '.join(versions)}) as the same card: no more than 4")


@check("102.1.1", "versions with the same card number are counted together as the same card")
def versions_counted_as_one(table, deck: Deck, card: Printed, count: int, versions: list):
    if count <= MAX_COPIES:
        return Allowed(f"{deck.name} includes {count} copies of {card.name} ({card.copy_key}) counting its versions "
                       f"({', '.join(versions)}) as the same card: no more than 4")


def _copies(deck: Deck):
    """The cards of the Main and Scene Decks counted by printing
    ``(card number, version)`` and by card number."""
    cards = list(deck.main) + list(deck.scenes)
    printings = Counter((card.copy_key, card.version) for card in cards)
    numbers = Counter(card.copy_key for card in cards)
    first = {}
    for card in cards:
        first.setdefault(card.copy_key, card)
    return cards, printings, numbers, first


def check_copies(table, deck: Deck) -> None:
    """The copies rules: Everyday Scenes (102.1.2, a Scene marked
    'Everyday' as the glossary says) and cards whose effect allows any
    number (101.1.0) are exempt."""
    cards, printings, numbers, first = _copies(deck)
    for key, count in numbers.items():
        if count <= MAX_COPIES:
            if len(printings) != len(numbers) and sum(1 for printing, _version in printings if printing == key) > 1:
                versions = sorted({str(c.version or "regular") for c in cards if c.copy_key == key})
                versions_counted_as_one(table, deck, first[key], count, versions)
            continue
        card = first[key]
        if marked_everyday.verdict(table, card) is not None and everyday_scenes.verdict(table, card, count) is not None:
            marked_everyday(table, card)
            everyday_scenes(table, card, count)
            continue
        if effects.permission(table, card, "any-copies", copies_of_a_printing):
            continue
        for (printing, version), printed_count in printings.items():
            if printing == key:
                copies_of_a_printing(table, deck, card, printed_count)
        versions = sorted({str(c.version or "regular") for c in cards if c.copy_key == key})
        versions_count_together(table, deck, card, count, versions)


CHECKS = (main_deck_size, main_deck_types, scene_deck_size, scene_deck_types, story_deck, has_a_main_character,
          story_construction)


def check(deck: Deck, table=None) -> None:
    """Raise :class:`IllegalDeck` naming the first rule the deck breaks.
    ``table`` (a board) records the rules' verdicts in its trace, and the
    rules it switches off are not asked."""
    table = table if table is not None else Table()
    try:
        for unit in CHECKS:
            unit(table, deck)
        check_copies(table, deck)
    except IllegalAction as refused:
        raise IllegalDeck(refused.rule, refused.reason, unit=refused.unit) from None


def violations(deck: Deck) -> list[tuple[str, str]]:
    """Every construction rule the deck breaks, as ``(rule, words)``."""
    found = []
    table = Table()
    for unit in CHECKS:
        try:
            unit(table, deck)
        except IllegalAction as refused:
            found.append((refused.rule, refused.reason))
    try:
        check_copies(table, deck)
    except IllegalAction as refused:
        found.append((refused.rule, refused.reason))
    return found


# -- decks of invented cards -------------------------------------------------------------------

KEYWORDS = ("Unicorn", "Pegasus", "Dragon", "Changeling", "Griffon")
NAMES = ("Moon Dancer", "Cloud Chaser", "Berry Punch", "Lemon Hearts", "Sea Swirl", "Twinkleshine", "Minuette",
         "Lyra", "Bon Bon", "Derpy", "Carrot Top", "Noteworthy", "Thunderlane", "Blossomforth", "Flitter",
         "Cloudkicker", "Spike", "Ember", "Thorax", "Ocellus", "Sweetie Drops", "Amethyst Star", "Sparkler",
         "Golden Harvest", "Roseluck", "Daisy", "Lily Valley", "Cherry Berry", "Rainbowshine", "Merry May")
EVENT_NAMES = ("Sudden Storm", "Friendship Lesson", "Picnic Plans", "Night Watch", "Secret Map", "Grand Gala",
               "Pop Quiz", "Lucky Break")
ITEM_NAMES = ("Saddlebag", "Lucky Horseshoe", "Star Cape", "Magic Mirror", "Apple Basket", "Weather Vane")
SCENE_NAMES = ("Sweet Apple Acres", "Cloudsdale", "Canterlot Gardens", "Everfree Forest", "Carousel Boutique",
               "Sugarcube Corner")
STORY_TITLES = ("Friendship Quest", "The Crystal Heart", "Harmony Road", "Summer Sun")
SUBTITLES = ("A New Friend", "Trouble Brews", "The Long Night", "Dawn of Harmony")
MAIN_CHARACTERS = ("Twilight Sparkle", "Rainbow Dash", "Applejack", "Rarity", "Fluttershy", "Pinkie Pie")


def _character_effects(rng: random.Random, keyword: str, others: list[str]) -> list[Effect]:
    other = rng.choice(others)
    templates = [
        lambda: [Effect.build("entrance", ["draw 1"])],
        lambda: [Effect.build("entrance", ["inspiration +1 your character"])],
        lambda: [Effect.build("entrance", ["draw 1"], condition=f"if there is another {keyword} in your adventure zone")],
        lambda: [Effect.build("entrance", ["tap opposing character"])],
        lambda: [Effect.build("entrance", ["discard 1 opponent"], optional=True)],
        lambda: [Effect.build("farewell", ["draw 1"])],
        lambda: [Effect.build("farewell", ["plan"])],
        lambda: [Effect.build("preplan", ["draw 1"])],
        lambda: [Effect.build("preplan", ["return-plan"])],
        lambda: [Effect.build("passive", ["inspiration +1 self"], condition=f"as long as your adventure zone has {other}")],
        lambda: [Effect.build("passive", [f"inspiration +1 your other characters keyword {keyword}"])],
        lambda: [Effect.build("passive", ["inspiration -1 opposing character"])],
        lambda: [Effect.build("activated", ["inspiration +2 self"], harmony=1)],
        lambda: [Effect.build("activated", ["draw 1"], cost=["discard 1"])],
        lambda: [Effect.build("activated", ["untap your scene"])],
        lambda: [Effect.build("activated", ["move self"])],
        lambda: [Effect.build("static", condition=f"if your adventure zone has {other}"),
                 Effect.build("entrance", ["inspiration +2 self"])],
        lambda: [Effect.build("discard", ["draw 1"])],
        lambda: [Effect.build("entrance", ["remove opponent's character"], condition="if you paid harmony with 2 different scenes")],
        list,
    ]
    return rng.choice(templates)()


def _event_effects(rng: random.Random) -> tuple[int, list[Effect]]:
    choices = [
        (1, [Effect.build("event", ["draw 2"])]),
        (1, [Effect.build("event", ["inspiration +2 your character"])]),
        (4, [Effect.build("event", ["remove opponent's character"])]),
        (2, [Effect.build("event", ["return opponent's character"])]),
        (1, [Effect.build("event", ["plan"])]),
        (0, [Effect.build("event", ["scene"])]),
        (1, [Effect.build("event", ["look 3", "shuffle"])]),
        (1, [Effect.build("event", ["reveal 1", "draw 1"])]),
        (2, [Effect.build("event", ["discard 1 opponent"])]),
        (2, [Effect.build("event", ["draw 2"], condition="if you paid harmony with 2 different scenes")]),
        (1, [Effect.build("event", ["untap your character", "inspiration +1 your character"])]),
        (1, [Effect.build("event", ["move your character"])]),
    ]
    return rng.choice(choices)


def _item_effects(rng: random.Random) -> tuple[int, list[Effect]]:
    choices = [
        (1, [Effect.build("item", ["inspiration +1 self"])]),
        (2, [Effect.build("item", ["inspiration +2 self"])]),
        (1, [Effect.build("item", ["inspiration -1 opposing character"])]),
        (2, [Effect.build("item", ["inspiration +1 self"]), Effect.build("preplan", ["draw 1"])]),
    ]
    return rng.choice(choices)


def _scene_effects(rng: random.Random) -> list[Effect]:
    return rng.choice([
        [Effect.build("inspire", ["inspiration +1 self"])],
        [Effect.build("inspire", ["inspiration +2 self"])],
        [Effect.build("inspire", ["inspiration -1 opposing character"])],
        [Effect.build("inspire", ["draw 1"])],
        [],
    ])


def random_deck(rng: random.Random, name: str | None = None) -> Deck:
    """A legal deck of invented cards with varied effects, drawn from
    ``rng``: 10 Characters (3 copies each), 3 Events and 2 Items (4 copies
    each), three named Scenes (4 copies each) and an Everyday one, a Story
    and a Main Character."""
    tag = rng.randrange(1000)
    name = name or f"Random deck {tag}"
    prefix = "".join(word[0] for word in name.split())[:3].upper()
    number = iter(range(1, 1000))

    def numbered() -> str:
        return f"{prefix}-{tag:03d}-{next(number):03d}"

    main: list[Printed] = []
    keywords = list(KEYWORDS)
    for title in rng.sample(NAMES, 10):
        keyword = rng.choice(keywords)
        cost = rng.choice((0, 1, 1, 2, 2, 3, 3, 4, 5))
        inspiration = max(1, cost + rng.choice((0, 1, 1, 2)) - (1 if cost > 3 else 0))
        card = Printed.build(title, "Character", number=numbered(), cost=cost, inspiration=inspiration,
                             keywords=[keyword], effects=_character_effects(rng, keyword, keywords))
        main.extend([card] * 3)
    for title in rng.sample(EVENT_NAMES, 3):
        cost, effect_list = _event_effects(rng)
        main.extend([Printed.build(title, "Event", number=numbered(), cost=cost, effects=effect_list)] * 4)
    for title in rng.sample(ITEM_NAMES, 2):
        cost, effect_list = _item_effects(rng)
        main.extend([Printed.build(title, "Item", number=numbered(), cost=cost, effects=effect_list)] * 4)
    scenes: list[Printed] = []
    for title in rng.sample(SCENE_NAMES, 3):
        scenes.extend([Printed.build(title, "Scene", number=numbered(), effects=_scene_effects(rng))] * 4)
    everyday = Printed.build("Everyday Ponyville", "Scene", number=numbered(), everyday=True)
    scenes.extend([everyday] * (SCENE_DECK_SIZE - len(scenes)))
    title = rng.choice(STORY_TITLES)
    story_effects = [[Effect.build("story", ["draw 1"])], [Effect.build("story", ["scene"])],
                     [Effect.build("story", ["plan"])], [Effect.build("story", ["win"])]]
    story = [Printed.build(f"{title}: {subtitle}", "Story", number=numbered(), stage=stage, effects=story_effects[stage - 1])
             for stage, subtitle in enumerate(SUBTITLES, start=1)]
    rng.shuffle(story)
    main_character = Printed.build(rng.choice(MAIN_CHARACTERS), "Main Character", number=numbered())
    return Deck(name, main, scenes, story, main_character)


def sample_decks() -> list[Deck]:
    """Two decks of invented cards, the same on every call."""
    return [random_deck(random.Random(11), "Harmony Trail"), random_deck(random.Random(23), "Sky Parade")]
