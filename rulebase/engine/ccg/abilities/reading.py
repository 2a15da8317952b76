"""Reading the text of My Little Pony CCG cards (``grammar/ccg_card_text.lark``)
into the ability model (:mod:`rulebase.engine.ccg.abilities.model`).

Each paragraph of a card's text is one ability.  A card's text is either
read whole, or not at all: :func:`read` raises :class:`CardTextError`
naming the line and column where the grammar stopped.  Keywords (the
card's keyword line, or a paragraph that is only a keyword) are keyword
abilities whose ``meaning`` is the glossary's text for them, read by the
same grammar.

A part the model can't hold makes the whole text unreadable (never a
reading of part of a card): the grammar stops, or the reader names what it
can't hold, with the line and column.  Reading all 2,029 cards takes about
20 seconds of one core (a text that can't be read is parsed twice, the
second time for the words expected where it stopped); the 99 cards of the
six theme decks under a second.  Each text is read once per process (:func:`read` is cached).

>>> [ability.kind for ability in read("Play to your home.\\nWhen you play this card, draw a card.")]
['placement', 'triggered']
>>> read("When you play this card, draw a card.")[0].effect.verb
'draw'
>>> try:
...     read("Play to your home.\\nWhen you play this card, draw a card with a banana.")
... except CardTextError as error:
...     print(error.line, error.column, error.text.split("\\n")[error.line - 1][error.column - 1:])
2 38 with a banana.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cache, lru_cache

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import (
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
    VisitError,
)

from rulebase import paths
from rulebase.engine.ccg.abilities.model import (
    THIS_CARD,
    Ability,
    Amount,
    EVENTS,
    Condition,
    Effect,
    Modifier,
    Part,
    Selector,
    Trigger,
    values,
)
from rulebase.engine.errors import SetupError
from rulebase.engine.expected import expected_words

GRAMMAR = "ccg_card_text"

COLORS = {"loyalty": "blue", "kindness": "yellow", "honesty": "orange", "magic": "purple",
          "generosity": "white", "laughter": "pink"}
"""The color icons of the card text and the colors they stand for."""

NOT_ABILITIES = ("Home Limit", "Starting Problem")
"""Keywords that are not abilities (a number on the card, a deck-building mark)."""

NAMED_KEYWORDS = ("Agile", "Experienced", "Traveler")
"""Keywords printed on cards of the later sets that the 3.4 glossary does not
define: read as keyword abilities of that name with no meaning (the engine
can't carry them out, and says so)."""


class CardTextError(SetupError):
    """A card's text the grammar can't read whole: ``line`` and ``column``
    (from 1) where it stopped, ``text`` the card's text, ``expected`` what
    it could have read there."""

    def __init__(self, text: str, line: int, column: int, expected: str, side: str | None = None):
        self.text, self.line, self.column, self.expected, self.side = text, line, column, expected, side
        lines = text.split("\n") or [""]
        shown = lines[line - 1] if 0 < line <= len(lines) else ""
        marked = shown[:column - 1] + "\u2038" + shown[column - 1:]
        if len(marked) > 160:
            start = max(0, column - 80)
            marked = ("..." if start else "") + marked[start:start + 160] + "..."
        where = f"{side} side, " if side else ""
        super().__init__(f"{where}line {line}, column {column}: {expected}: \"{marked}\"")


# -- the text as the grammar reads it ------------------------------------------------

_SAME = {"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-", "\u2014": "-",
         "\u2212": "-", "\u2026": "...", "\u00a0": " "}
_CIRCLED = {chr(0x2460 + n - 1): f"[{n}]" for n in range(1, 10)}


def normal(text: str) -> str:
    """The text as the grammar reads it: one kind of quote and dash, circled
    numbers as action-token icons, lowercase.  Its length is unchanged but
    for circled numbers (which the glossary alone uses).

    >>> normal("You pay \u2013\u2460 to move this card.")
    'you pay -[1] to move this card.'
    """
    for old, new in {**_SAME, **_CIRCLED}.items():
        text = text.replace(old, new)
    if text.startswith("<P> "):  # a paragraph mark some cards' data keeps
        text = "    " + text[4:]
    return text.lower()


@lru_cache(maxsize=1)
def _parser() -> Lark:
    parser = Lark.open(str(paths.grammar(GRAMMAR)), parser="earley", lexer="basic", ambiguity="resolve",
                       propagate_positions=True, maybe_placeholders=False)
    # lark's Earley predictor adds, for every item that expects a rule, the
    # whole closure of that rule's expansions, so a column where many items
    # expect a selector builds its closure many times over.  The rule's own
    # expansions are enough (those the new items expect are predicted in
    # turn, each once per column): the same parses, twice as fast.
    earley = parser.parser.parser
    own = {}
    for rule in parser.rules:
        own.setdefault(rule.origin, []).append(rule)
    own = {origin: own.get(origin, []) for origin in earley.predictions}
    # Most of a rule's expansions can't start with the next word (the
    # basic lexer has read it already): those are not predicted at all.
    # The parses are the same (an item that can't scan the next word never
    # completes), in a third of the time.
    earley.predictions = _Lookahead(own, earley.FIRST, earley.NULLABLE)
    unfiltered = earley.parse

    def parse(lexer, start):
        return unfiltered(_Peeking(lexer, earley.predictions), start)

    earley.parse = parse
    return parser


class _Lookahead(dict):
    """The expansions of each rule (:func:`_parser`) that can start with the
    next word (``next``, a terminal's name; ``None``: all of them)."""

    def __init__(self, own: dict, first: dict, nullable: set):
        super().__init__(own)
        self.next = None
        self.filtering = True
        self.starts = {}
        for rules in own.values():
            for rule in rules:
                names, empty = set(), True
                for symbol in rule.expansion:
                    names |= {t.name for t in first.get(symbol, ())} if not symbol.is_term else {symbol.name}
                    if symbol.is_term or symbol not in nullable:
                        empty = False
                        break
                self.starts[rule] = None if empty else names
        self.cache = {}

    def __getitem__(self, origin):
        if self.next is None:
            return super().__getitem__(origin)
        key = (origin, self.next)
        found = self.cache.get(key)
        if found is None:
            found = self.cache[key] = [rule for rule in super().__getitem__(origin)
                                       if self.starts[rule] is None or self.next in self.starts[rule]]
        return found


class _Peeking:
    """The lexer of one parse, telling the predictions (a :class:`_Lookahead`)
    the word the parser reads next."""

    def __init__(self, lexer, lookahead: _Lookahead):
        self.lexer, self.lookahead = lexer, lookahead

    def lex(self, expects):
        lookahead = self.lookahead
        for token in self.lexer.lex(expects):
            lookahead.next = token.type if lookahead.filtering else None
            yield token
        lookahead.next = "$END" if lookahead.filtering else None

    def __getattr__(self, name):
        return getattr(self.lexer, name)


def _parse(source: str):
    """The tree of a paragraph; where it can't be read, the error of a parse
    that predicted every expansion (so that it names every word expected)."""
    parser = _parser()
    lookahead = parser.parser.parser.predictions
    try:
        lookahead.next = None
        return parser.parse(source)
    except UnexpectedInput:
        lookahead.filtering, lookahead.next = False, None
        try:
            return parser.parse(source)
        finally:
            lookahead.filtering = True
    finally:
        lookahead.next = None


_EXPECTED = {"WORD": "a word", "INT": "a number", "SIGNED": "a signed number (+1, -2)", "COLOR": "a color icon",
             "TOKENS": "an action-token icon ([1])", "PLUS_TOKENS": "an action-token change (+[1])",
             "TRAIT": "a trait icon", "TAG": "Chaos:", "TIMING": "a timing phrase (Main Phase:, ...)",
             "$END": "the end of the paragraph"}


def _expected(names) -> str:
    words = expected_words(_parser(), names, _EXPECTED, 10, named=True)
    return "expected " + ", ".join(words) if words else "can't read this"


# -- from the tree to the model ------------------------------------------------------

_PASSIVE = {"move": "be-moved", "exhaust": "be-exhausted-by-controller", "play": "be-played", "confront": "be-confronted",
            "move-to-or-from": "be-moved-to-or-from", "move-away": "be-moved-away", "challenge": "be-challenged", "rally": "be-rallied", "play-or-move": "be-played-or-moved"}

EVENT_OF = {"play": "played", "move": "moved", "confront": "confronts", "win": "faceoff-won",
            "lose": "faceoff-lost", "uncover": "uncovered", "defeat": "defeated", "flip": "flips",
            "challenge": "challenged", "put": "put", "dismiss": "dismissed", "start": "faceoff-starts",
            "exhaust": "exhausted", "frighten": "frightened"}
"""The event (:data:`~rulebase.engine.ccg.abilities.model.EVENTS`) each verb of a trigger names."""


OUT_OF_PLAY = ("discard", "hand", "deck", "any-discard")
"""The zones a card's own text may say it is in ("while this card is in your discard pile")."""

UNDER_YOUR_CONTROL = ("control", "you")
"""What "... into play under your control" adds to an instruction."""


class _Unreadable(Exception):
    """A part of the text the grammar reads but the model can't hold."""

    def __init__(self, message: str, position: int = 0):
        super().__init__(message)
        self.position = position


def _tag(name):
    return lambda self, meta, children: (name,) + tuple(children)


def _constant(value):
    return lambda self, meta, children: value


def _sel(noun, **fields):
    return Selector(noun, **fields)


def _with(selector: Selector, **filters) -> Selector:
    return replace(selector, filters=tuple(sorted(dict(selector.filters, **filters).items())))


@v_args(meta=True)
class _Reader(Transformer):
    """Builds the model's values from a paragraph's tree (one per paragraph)."""

    def __init__(self, source: str, original: str, line: int, side: str, card_type: str | None):
        super().__init__()
        self.source, self.original, self.line, self.side, self.card_type = source, original, line, side, card_type

    def _part(self, meta) -> Part:
        if getattr(meta, "empty", True):
            return Part()
        return Part(self.original[meta.start_pos:meta.end_pos], self.line, meta.column)

    def _word(self, token: Token) -> str:
        return self.original[token.start_pos:token.end_pos]

    # a subject read once before what is said of it (the grammar shares the
    # subject of its alternatives so that it is predicted once)
    def __default__(self, data, children, meta):
        if data.startswith("t_"):
            return ("tail", str(data)[2:], children)
        return super().__default__(data, children, meta)

    def with_subject(self, meta, children):
        subject, (_, name, rest) = children
        return getattr(self, name)(meta, [subject] + list(rest))

    def would_be(self, meta, children):
        """"If a Troublemaker would be uncovered (here)"."""
        subject = children[0] if len(children) < 3 else replace(children[0], where=children[2])
        return {"event": children[1], "subject": subject}

    def would_be_either(self, meta, children):
        """"Would be dismissed or banished (by ...)", "would be dismissed,
        banished, or moved": any of the events."""
        events = tuple(c for c in children[1:] if not isinstance(c, Selector))
        by = next((c for c in children[1:] if isinstance(c, Selector)), None)
        return {"event": "either", "subject": children[0], "values": values(any_of=events, by=by)}

    def would_event(self, meta, children):
        subject, event, target = children[0], children[1], children[2]
        rest = {"where": children[3]} if len(children) > 3 else {}
        return {"event": self._EVENT_OF[event], "subject": target, "values": values(by=subject, **rest)}

    # abilities ------------------------------------------------------------------
    def additional_body(self, meta, children):
        return {"cost": children[0], "effect": children[1] if len(children) > 1 else None}

    def additional_cost(self, meta, children):
        return tuple(children[0].chain())

    def additional_cost_statement(self, meta, children):
        steps = tuple(replace(step, then=None) for step in children[0])
        return Modifier("additional-cost", subject=THIS_CARD, values=values(pay=steps, action="play"),
                        part=self._part(meta)), None

    def start(self, meta, children):
        return children[0]

    def play_home(self, meta, children):
        return Ability("placement", target=Selector("home", controller="you"), part=self._part(meta))

    def play_on(self, meta, children):
        return Ability("placement", target=children[0], part=self._part(meta))

    def keyword_line(self, meta, children):
        said = self.original[meta.start_pos:meta.end_pos].split()
        number = [int(said.pop())] if said and said[-1].isdigit() else []
        name = " ".join(said)
        keyword = _keyword_named(name)
        if keyword is None:
            raise _Unreadable(f"not a keyword: {name!r}", meta.start_pos)
        return keyword_ability(keyword, number[0] if number else None, self.side)

    def tagged(self, meta, children):
        tag, ability = children
        words = " ".join(w.capitalize() for w in self._word(tag).split())
        return replace(ability, timing=words if ability.timing is None else f"{words}: {ability.timing}",
                       part=self._part(meta))

    def timed(self, meta, children):
        condition = next((c for c in children if isinstance(c, Condition)), None)
        children = [c for c in children if not isinstance(c, Condition)]
        timing, body = children[0], children[1]
        anyone = len(children) > 2
        kind = "event" if self.card_type == "Event" else "activated"
        return Ability(kind, timing=timing, trigger=body.get("trigger"), cost=body.get("cost", ()),
                       condition=condition, effect=body["effect"], anyone=anyone, part=self._part(meta))

    def bare_effects(self, meta, children):
        return Ability(BARE, effect=children[0], part=self._part(meta))

    def timing(self, meta, children):
        return " ".join(w.capitalize() for w in self._word(children[0]).split())

    def plain_body(self, meta, children):
        return {"effect": children[0]}

    def chosen_paid_body(self, meta, children):
        return {"cost": (children[0],) + children[1], "effect": children[2]}

    def paid_body(self, meta, children):
        return {"cost": children[0], "effect": children[1]}

    def paid_choice_body(self, meta, children):
        """"Exhaust this card and choose a Friend ... to give that Friend -5
        power": as "Exhaust this card to choose a Friend .... Give that
        Friend -5 power" reads (the choice is no cost)."""
        costs, chosen, effect = children
        return {"cost": costs, "effect": Effect("choose", target=chosen, then=effect, part=self._part(meta))}

    def reaction_body(self, meta, children):
        return {"trigger": children[0], "effect": children[1]}

    def reaction_paid_body(self, meta, children):
        return {"trigger": children[0], "cost": children[1], "effect": children[2]}

    def play_when_body(self, meta, children):
        when, event, effect = children
        if when not in ("when", "after"):
            raise _Unreadable(f"play {when}", meta.start_pos)
        trigger = Trigger(**event, when=when, part=self._part(meta))
        return {"trigger": trigger, "effect": effect}

    def costs(self, meta, children):
        return tuple(step for child in children for step in (child if isinstance(child, tuple) else (child,)))

    def cost_exhaust_retire(self, meta, children):
        return (Effect("exhaust", target=children[0], part=self._part(meta)),
                Effect("retire", target=children[0], part=self._part(meta)))

    def cost_exhaust_both(self, meta, children):
        return tuple(Effect("exhaust", target=child, part=self._part(meta)) for child in children)

    def _cost(verb):
        def build(self, meta, children):
            return Effect(verb, target=children[0], part=self._part(meta))
        return build

    cost_exhaust, cost_retire, cost_dismiss = _cost("exhaust"), _cost("retire"), _cost("dismiss")
    cost_discard, cost_banish, cost_spend = _cost("discard"), _cost("banish"), _cost("spend")

    cost_frighten = _cost("frighten")

    def cost_move_home(self, meta, children):
        return Effect("move", target=children[0], values=values(area="home"), part=self._part(meta))

    def cost_send_home(self, meta, children):
        return Effect("send", target=children[0], values=values(area="home"), part=self._part(meta))

    def cost_to_deck_top(self, meta, children):
        return Effect("to-deck", target=children[0], values=values(to="top"), part=self._part(meta))

    def cost_remove_counters(self, meta, children):
        return self.remove_counters(meta, children)

    def cost_to_hand(self, meta, children):
        return Effect("to-hand", target=children[0], part=self._part(meta))

    def cost_pay(self, meta, children):
        return Effect("pay", amount=children[0], part=self._part(meta))

    anyone = _constant("anyone")

    def triggered(self, meta, children):
        return Ability("triggered", trigger=children[0], effect=children[1], part=self._part(meta))

    def trigger_clause(self, meta, children):
        when, event = children[0], children[1]
        conditions = children[2:]  # "while ..." and "if ...": both hold as the event happens
        for condition in conditions:
            if condition.kind == "at" and condition.subject == THIS_CARD and condition.value("where") in OUT_OF_PLAY:
                raise _Unreadable(f"a triggered ability of a card in a zone out of play ({condition.value('where')})",
                                  meta.start_pos)
        event, first = _first_time(event)
        conditions = list(conditions) + ([first] if first is not None else [])
        condition = conditions[0] if len(conditions) == 1 else (
            Condition("all", all_of=tuple(conditions)) if conditions else None)
        if event["event"] == "game-starts" and when not in ("start", "as"):
            raise _Unreadable(f"'{when}' the game", meta.start_pos)
        if event["event"] in ("turn", "phase", "faceoff"):
            if when not in ("start", "end"):
                raise _Unreadable(f"'{when}' a {event['event']}", meta.start_pos)
            event = dict(event, event=f"{event['event']}-{'starts' if when == 'start' else 'ends'}")
        return Trigger(**event, when=when, condition=condition, part=self._part(meta))

    when_, after_, start_, end_, as_ = (_constant(w) for w in ("when", "after", "start", "end", "as"))

    def first_time_triggered(self, meta, children):
        """"The first time a player plays a Friend here each turn, ...": as
        "When a player plays a Friend here for the first time each turn"."""
        event, effect = children
        event = dict(event, values=tuple(sorted(dict(event.get("values", ()), first="turn").items())))
        trigger = self.trigger_clause(meta, ["when", event])
        return Ability("triggered", trigger=trigger, effect=effect, part=self._part(meta))

    def replacement(self, meta, children):
        condition = None
        limit = next((c for c in children if isinstance(c, tuple) and c[:1] == ("limit",)), None)
        items = [c for c in children if c is not limit]
        when = "would"
        if isinstance(items[0], Condition):
            condition = items.pop(0)
        elif isinstance(items[0], str):
            items.pop(0)
        event, effect = items[0], items[1]
        if len(items) > 2:  # "... instead. If you do, that card is not dismissed."
            effect = _then(effect, items[2])
        trigger = Trigger(**event, when=when, condition=condition, part=self._part(meta))
        return Ability("replacement", trigger=trigger, effect=effect, limit=limit[1] if limit else None,
                       part=self._part(meta))

    def once_per(self, meta, children):
        return ("limit", f"once-per-{children[0]}")

    def limited_if(self, meta, children):
        (_, limit), during, event, effect = children
        trigger = Trigger(**event, when="when", condition=during, part=self._part(meta))
        return Ability("triggered", trigger=trigger, effect=effect, limit=limit, part=self._part(meta))

    def would_leave(self, meta, children):
        return {"event": "leaves-play", "subject": children[0]}

    def would_confront(self, meta, children):
        return {"event": "confronts", "subject": children[1], "values": values(by=children[0])}

    def starts_at_home(self, meta, children):
        return Modifier("starts-in-play", subject=THIS_CARD, values=values(where="home"), part=self._part(meta)), None

    def starts_attached(self, meta, children):
        """"Start the game with this card attached to your Mane Character"."""
        return Modifier("starts-attached", subject=THIS_CARD, values=values(on=children[0]),
                        part=self._part(meta)), None

    def starts_in_problem_deck(self, meta, children):
        """"Start the game with this card on the bottom of your Problem deck"."""
        return Modifier("starts-in-problem-deck", subject=THIS_CARD, values=values(position="bottom"),
                        part=self._part(meta)), None

    def enters_with_counters(self, meta, children):
        number = next((c for c in children if isinstance(c, int) and not isinstance(c, Token)), 1)
        sign = next(c for c in children if isinstance(c, Token) and c.type == "SIGNED")
        if str(sign) != "+1":
            raise _Unreadable(f"{sign} power counters", meta.start_pos)
        per = next((c.per for c in children if isinstance(c, Amount)), None)
        return Modifier("enters-with-counters", subject=THIS_CARD, amount=Amount(number, per=per),
                        part=self._part(meta)), None

    def power_equal_to(self, meta, children):
        """"It has power equal to the number of ...": as "this card's power is
        equal to ...", of the subject."""
        return Modifier("power-equal", subject=children[0], amount=children[1], part=self._part(meta)), None

    def enters_face_up(self, meta, children):
        """"Troublemakers played here enter play face-up"."""
        return Modifier("enters-face-up", subject=children[0], part=self._part(meta)), None

    def enter_exhausted(self, meta, children):
        """"Opposing Friends enter play exhausted": other cards than this one
        enter play exhausted ('others-enter-exhausted'; this card's own is
        'enters-exhausted')."""
        subject = children[0]
        kind = "enters-exhausted" if subject == THIS_CARD else "others-enter-exhausted"
        return Modifier(kind, subject=subject, part=self._part(meta)), None

    def enters_exhausted(self, meta, children):
        return Modifier("enters-exhausted", subject=THIS_CARD, part=self._part(meta)), None

    def pay_less_to(self, meta, children):
        amount, action = children[0], children[1]
        per = children[2] if len(children) > 2 else None
        change = Amount(-amount.value if amount.value is not None else None, variable=amount.variable,
                        per=per.per if per else None)
        return Modifier("cost", subject=action["what"], amount=change,
                        values=values(player=Selector("you"), action=action["action"], to=action.get("to")),
                        part=self._part(meta)), None

    def pay_number_less_to(self, meta, children):
        """"You pay 1 less action token to turn this card over for each
        Critter Friend you control": "1 less action token" written out, as
        "[1] less" reads."""
        return self.pay_less_to(meta, [Amount(int(children[0]))] + list(children[1:]))

    def rallying_costs(self, meta, children):
        """"Rallying a frightened Friend costs +[1]": the change of the cost
        any player pays to rally the cards named (as "players pay +[1] to
        rally ...")."""
        what, amount = children
        return Modifier("cost", subject=what, amount=amount, values=values(action="rally"),
                        part=self._part(meta)), None

    def draw_action_costs(self, meta, children):
        """"Using the draw action during the Main Phase costs +[1]": a change
        of the cost of the draw action (the action 'draw-action'), while the
        phase named lasts."""
        during = children[0] if len(children) > 1 else None
        return Modifier("cost", amount=children[-1], values=values(action="draw-action"),
                        part=self._part(meta)), during

    def pay_less_to_minimum(self, meta, children):
        """"You may pay [1] less to play Friends, to a minimum of [1]": the
        modifier 'cost-with-minimum', a cost lowered no further than the
        minimum."""
        amount, action, minimum = children
        modifier, condition = self.pay_less_to(meta, [amount, action])
        return replace(modifier, kind="cost-with-minimum",
                       values=tuple(sorted(dict(modifier.values, minimum=minimum).items()))), condition

    def more_each_turn(self, meta, children):
        """"You gain an additional 2AT during your Action Step, and draw an
        extra card during your Draw Step": the modifiers 'tokens' and
        'draws' of the player."""
        said = tuple(replace(modifier, subject=Selector("you")) for modifier in children)
        if len(said) == 1:
            return said[0], None
        return Modifier("all", subject=Selector("you"), values=values(all_of=said), part=self._part(meta)), None

    def more_tokens(self, meta, children):
        return Modifier("tokens", amount=children[0], part=self._part(meta))

    def more_draws(self, meta, children):
        return Modifier("draws", amount=Amount(1), part=self._part(meta))

    def home_limit(self, meta, children):
        """"Your opponent's home limit is reduced by 1" ("... for each of
        their Assets in their home": the number counted, ``per``)."""
        whose, number, *per = children
        said = self.source[meta.start_pos:meta.end_pos]
        sign = -1 if "decreased" in said or "reduced" in said else 1
        amount = Amount(sign * int(number), per=per[0].per if per else None)
        return Modifier("home-limit", subject=Selector("player" if whose == "each" else
                                                       ("you" if whose == "your" else "opponent")),
                        amount=amount, part=self._part(meta)), None

    def hand_size(self, meta, children):
        """"Your maximum hand size is increased by 2", "Each opponent's
        maximum hand size is reduced by the number of Resources they
        control": the modifier 'hand-size' of the players named."""
        whose, number = children
        said = self.source[meta.start_pos:meta.end_pos]
        sign = -1 if "decreased" in said or "reduced" in said else 1
        amount = Amount(sign * number.value, per=number.per) if isinstance(number, Amount) \
            else Amount(sign * int(number))
        return Modifier("hand-size", subject=Selector("player" if whose == "each" else
                                                      ("you" if whose == "your" else "opponent")),
                        amount=amount, part=self._part(meta)), None

    def cant_contribute_faceoffs(self, meta, children):
        return Modifier("cant", subject=children[0], values=values(action="contribute-to-faceoffs",
                                                                     faceoff=values(**children[1])),
                        part=self._part(meta)), None

    def cant_contribute(self, meta, children):
        return Modifier("cant", subject=children[0], values=values(action="contribute-to-confront",
                                                                     confronting=children[1] if len(children) > 1
                                                                     else None),
                        part=self._part(meta)), None

    def cant_contribute_either(self, meta, children):
        """"Can't contribute its power to confronting Problems or to faceoffs":
        both can'ts."""
        subject = children[0]
        confront, _ = self.cant_contribute(meta, [subject])
        faceoffs = Modifier("cant", subject=subject, values=values(action="contribute-to-faceoffs"),
                            part=self._part(meta))
        return Modifier("all", subject=subject, values=values(all_of=(confront, faceoffs)), part=self._part(meta)), None

    def cant_move_itself(self, meta, children):
        """"That Friend ... can't move": the card itself can't move (a can't
        of its own name, 'move', beside being moved by a player)."""
        return Modifier("cant", subject=children[0], values=values(action="move"), part=self._part(meta)), None

    def several_statements(self, meta, children):
        """"That Friend loses and can't have abilities, can't move, can't be
        frightened, and can't contribute ...": each statement of the
        subject, all of them at once ('all')."""
        subject, *tails = children
        modifiers = []
        for _, name, rest in tails:
            said = getattr(self, name)(meta, [subject] + list(rest))
            modifier, condition = said if isinstance(said, tuple) else (said, None)
            if not isinstance(modifier, Modifier) or condition is not None:
                raise _Unreadable("a statement with a condition of its own among several", meta.start_pos)
            modifiers.append(modifier)
        return Modifier("all", subject=subject, values=values(all_of=tuple(modifiers)), part=self._part(meta)), None

    def flips_one_more(self, meta, children):
        return self.flips_count(meta, [children[0], 1] + list(children[1:]))

    def flips_count(self, meta, children):
        who, number = children[0], int(children[1])
        sign = -1 if "fewer" in self.source[meta.start_pos:meta.end_pos] else 1
        during = children[2] if len(children) > 2 else None
        return Modifier("flips", subject=who, amount=Amount(sign * number), part=self._part(meta)), during

    def confront_need_per(self, meta, children):
        who, changes, problem, per = children
        (amount, color), = changes
        return Modifier("confront-need", subject=problem, amount=Amount(amount.value, per=per.per),
                        values=values(player=who, color=color), part=self._part(meta)), None

    def doesnt_prevent(self, meta, children):
        return Modifier("doesnt-prevent", subject=children[0], values=values(confronting=children[1]),
                        part=self._part(meta)), None

    def count_compare(self, meta, children):
        who, number, what = children
        compare = "<=" if "fewer" in self.source[meta.start_pos:meta.end_pos] else ">="
        return Condition("count", subject=replace(what, controller=what.controller or (
            "you" if who == Selector("you") else what.controller)),
                         values=values(compare=f"{compare}{int(number)}", who=who), part=self._part(meta))

    def with_colors(self, meta, children):
        return {"colors-among": f">={int(children[0])}"}

    def first_time(self, meta, children):
        return {"first": "turn"}

    def loses_all(self, meta, children):
        during = children[2] if len(children) > 2 else None
        return Modifier("loses", subject=children[0], values=values(what=children[1]), part=self._part(meta)), during

    def lose_all_effect(self, meta, children):
        duration = children[2] if len(children) > 2 else None
        return Effect("lose-all", target=children[0], duration=duration, values=values(what=children[1]),
                      part=self._part(meta))

    lost_abilities, lost_colors = _constant("abilities"), _constant("colors")

    def contributes(self, meta, children):
        return Modifier("contributes", subject=children[0], values=values(to=("faceoffs", "confronting")),
                        part=self._part(meta)), None

    def requires_named(self, meta, children):
        control = Condition("has", subject=Selector("you"),
                            values=values(amount=1, what=Selector("card", filters=(("name", children[0]),))))
        return Modifier("requires", subject=THIS_CARD, values=values(condition=control), part=self._part(meta)), None

    def play_from_zone(self, meta, children):
        if isinstance(children[0], tuple):
            raise _Unreadable("playing from beneath a card", meta.start_pos)
        return Modifier("may", subject=THIS_CARD, values=values(action="play", zone=children[0]),
                        part=self._part(meta)), None

    def play_as_from_hand(self, meta, children):
        """"You may play Friends and Resources from your discard pile as
        though they were in your hand": the 'may' to play of those cards,
        from the zone they are in."""
        what = children[0]
        if what.zone in (None, "hand"):
            raise _Unreadable("playing as though from the hand cards not said to be elsewhere", meta.start_pos)
        return Modifier("may", subject=what, values=values(action="play", zone=what.zone),
                        part=self._part(meta)), None

    def hasty(self, meta, children):
        return Modifier("may", subject=THIS_CARD, values=values(action="play-as-immediate"),
                        part=self._part(meta)), None

    def hasty_timed(self, meta, children):
        """"Immediate: You may play this card from your hand": what Hasty
        says ("You may play this card as an Immediate action")."""
        if str(children[0]).lower() != "immediate":
            raise _Unreadable(f"playing this card from the hand at the timing {str(children[0])!r}",
                              meta.start_pos)
        return self.hasty(meta, children)

    def also_colors(self, meta, children):
        return Modifier("colors", subject=children[0], values=values(of=children[1]), part=self._part(meta)), None

    def also_abilities(self, meta, children):
        return Modifier("abilities", subject=children[0], values=values(of=Selector("self"), printed=True,
                                                                          other=True),
                        part=self._part(meta)), None

    def starts_faceoff(self, meta, children):
        return {"event": "faceoff-starts", "values": values(by=children[0], **children[1])}

    def would_clause(self, meta, children):
        subject, event = children[0], children[1]
        if len(children) == 2:
            return {"event": event, "subject": subject}
        target = children[2]
        rest = dict(children[3:]) if len(children) > 3 else {}
        return {"event": event, "subject": target, "values": values(by=subject, **rest)}

    def continuous(self, meta, children):
        conditions = [c for c in children if isinstance(c, Condition)]
        condition = None
        if len(conditions) == 1:
            condition = conditions[0]
        elif conditions:
            condition = Condition("all", all_of=tuple(conditions))
        statements = [c for c in children if not isinstance(c, Condition)]
        if len(statements) != 1:
            raise _Unreadable("more than one statement in a continuous ability", meta.start_pos)
        statement = statements[0]
        first = getattr(statement, "condition", None)
        if (isinstance(statement, Effect) and condition is None and first is not None and first.kind == "first"
                and first.value("action") == "confront"):
            # "The first player to confront this Problem may ...": triggered as that player confronts it.
            trigger = Trigger("confronts", first.subject, condition=first, part=self._part(meta))
            effect = replace(statement, condition=None, who=Selector("player", ref="that-player"))
            if effect.target is not None and effect.target.zone == "problem-deck":
                effect = replace(effect, target=replace(effect.target, controller="this-problem"))
            return Ability("triggered", trigger=trigger, effect=effect, part=self._part(meta))
        if isinstance(statement, Effect):
            return Ability("continuous", condition=condition, effect=statement, part=self._part(meta))
        modifier, extra = statement
        if extra is not None:
            condition = extra if condition is None else Condition("all", all_of=(condition, extra))
        condition, modifier = _said_of_each(condition, modifier)
        modifier = _that_problem_is_its_own(condition, modifier)
        return Ability("continuous", condition=condition, modifier=modifier, part=self._part(meta))

    def while_(self, meta, children):
        return children[0]

    def during_faceoff(self, meta, children):
        return Condition("during", values=values(phase="faceoff", **children[0]), part=self._part(meta))

    def during_whose_phase(self, meta, children):
        return Condition("during", values=values(phase=children[1], whose=children[0]), part=self._part(meta))

    def during_whose_turn(self, meta, children):
        """"During your turn", "during your opponent's turn": whose turn it is."""
        whose = children[0]
        if whose not in ("your", "opponent"):
            raise _Unreadable(f"during {whose!r} turn", meta.start_pos)
        return Condition("turn", values=values(whose=whose), part=self._part(meta))

    def during_phase(self, meta, children):
        return Condition("during", values=values(phase=children[0]), part=self._part(meta))

    # events --------------------------------------------------------------------
    _EVENT_OF = EVENT_OF

    def acts(self, meta, children):
        actor, verb = children[0], children[1]
        rest = children[2:]
        target = rest.pop(0) if rest and isinstance(rest[0], Selector) else None
        extra = {}
        for item in rest:
            extra.update({"where": item} if isinstance(item, str) else item)
        event = self._EVENT_OF[verb]
        if event in ("faceoff-won", "faceoff-lost", "faceoff-starts"):
            if target is not None:
                raise _Unreadable("a faceoff won of something", meta.start_pos)
            return {"event": event, "subject": None, "values": values(by=actor, **extra)}
        if target is None:
            raise _Unreadable(f"{verb} with nothing to {verb}", meta.start_pos)
        if event == "put":
            raise _Unreadable("put in a trigger", meta.start_pos)
        return {"event": event, "subject": target, "values": values(by=actor, **extra)}

    # each verb of a trigger, and each passive whose event has its own name (the
    # class body is a namespace: one method per word, as the grammar names them)
    for _said in EVENT_OF:
        locals()["v_" + _said] = _constant(_said)
    for _said in ("played", "dismissed", "uncovered", "frightened", "retired", "banished", "exhausted",
                  "readied", "moved", "solved", "replaced"):
        locals()["p_" + _said] = _constant(_said)
    del _said
    p_leaves = _constant("leaves-play")
    p_flipped = _constant("flips")
    p_defeated = _constant("defeated")
    p_unfrightened = _constant("unfrightened")
    p_confronted = _constant("confronts")
    p_sent_home = _constant("sent-home")

    def would_draw_discard(self, meta, children):
        drawn = self.source[meta.start_pos:meta.end_pos].split(" would ")[-1].startswith("draw")
        event = "draws" if drawn else "discards"
        said = {"by": children[0]}
        if len(children) > 2:
            said["during"] = children[2]
        return {"event": event, "subject": children[1], "values": values(**said)}

    def readies(self, meta, children):
        """"When this card readies": as "is readied"."""
        return {"event": "readied", "subject": children[0]}

    def would_ready(self, meta, children):
        return {"event": "readied", "subject": children[0]}

    def side_turned_up(self, meta, children):
        return {"event": "turned-over", "subject": THIS_CARD, "values": values(face="up")}

    def turned_face_up(self, meta, children):
        """"When this card is turned face-up" (a Troublemaker): the event
        'turned-face-up', uncovered or turned so by a card's text."""
        return {"event": "turned-face-up", "subject": children[0]}

    def after_start_of(self, meta, children):
        said = dict(children[0])
        if "event" not in said:  # a faceoff
            return {"event": "faceoff-starts", "values": values(**said)}
        said["event"] = said["event"] + "-starts"
        return said

    def faceoff_begins(self, meta, children):
        return {"event": "faceoff-starts", "values": values(**children[0])}

    def game_starts(self, meta, children):
        return {"event": "game-starts"}

    def becomes_involved(self, meta, children):
        return {"event": "involved", "subject": children[0], "values": values(**children[1])}

    def any_phase_starts(self, meta, children):
        return {"event": "phase-starts", "values": values(phase="any")}

    def enters_discard(self, meta, children):
        """"When this card is put into the discard pile from play", "When a
        card enters a discard pile": the event 'enters-discard' (``from``:
        play, or anywhere when not said)."""
        said = self.source[meta.start_pos:meta.end_pos]
        return {"event": "enters-discard", "subject": children[0],
                "values": values(**{"from": "play" if said.endswith("from play") else None})}

    discard_pile_of = _constant(None)

    def leaves(self, meta, children):
        return {"event": "leaves-play", "subject": children[0]}

    def cutie_marked(self, meta, children):
        return {"event": "cutie-marked", "subject": children[0]}

    def draws(self, meta, children):
        return {"event": "draws", "values": values(by=children[0])}

    def would_put_bottom(self, meta, children):
        return {"event": "put", "subject": children[1], "values": values(by=children[0], to="deck-bottom")}

    def flips_more(self, meta, children):
        return Modifier("flips", amount=Amount(1), part=self._part(meta)), None

    def wins_faceoff(self, meta, children):
        extra = {}
        for item in children[1:]:
            extra.update(item)
        return {"event": "faceoff-won", "values": values(by=children[0], **extra)}

    def loses_faceoff(self, meta, children):
        return {"event": "faceoff-lost", "values": values(by=children[0], **children[1])}

    def puts_on_top(self, meta, children):
        return {"event": "put", "subject": children[1], "values": values(by=children[0], to="deck-top")}

    def discards(self, meta, children):
        return {"event": "discards", "subject": children[1], "values": values(by=children[0])}

    def puts_counters(self, meta, children):
        by = children[0]
        rest = [c for c in children[1:] if not (isinstance(c, Token) and c.type == "SIGNED")]
        sign = next(c for c in children if isinstance(c, Token) and c.type == "SIGNED")
        if str(sign) != "+1":
            raise _Unreadable(f"{sign} power counters", meta.start_pos)
        return _counters_put(by, rest)

    def puts_named_counters(self, meta, children):
        """"When you put a Trainee counter on this card": counters of a named
        kind put, the value 'kind' of 'counters-put'."""
        by, rest = children[0], list(children[1:])
        word = next(c for c in rest if isinstance(c, Token) and c.type == "WORD")
        return _counters_put(by, [c for c in rest if c is not word], kind=self._counter_kind(word))

    def to(self, meta, children):
        return {"to": children[0]}

    def undergoes_to(self, meta, children):
        return {"event": children[1], "subject": children[0], "values": values(**children[2])}

    def moved_from(self, meta, children):
        """"When an opponent's character is moved from this Problem (to
        another Problem)": the event 'moved', from that area (to the other)."""
        subject, *rest = children
        origin = next((c for c in rest if isinstance(c, str)), "here")
        to = next((c["to"] for c in rest if isinstance(c, dict)), None)
        return {"event": "moved", "subject": subject, "values": values(to=to, **{"from": origin})}

    def would_be_sent_home_from(self, meta, children):
        """"If this card would be sent home from a Problem (a solved Problem,
        here)": the event 'sent-home', from that area."""
        said = self.source[meta.start_pos:meta.end_pos]
        origin = children[1] if len(children) > 1 else ("solved-problem" if said.endswith("solved problem") else "here")
        return {"event": "sent-home", "subject": children[0], "values": values(**{"from": origin})}

    def sent_or_moved_home(self, meta, children):
        """"When this card is sent or moved home": either event, home."""
        return {"event": "either", "subject": children[0], "values": values(any_of=("sent-home", "moved"), to="home")}

    def this_alone(self, meta, children):
        return Selector("self", part=self._part(meta))

    def undergoes_either(self, meta, children):
        subject = children[0]
        if len(children) > 3:
            subject = replace(subject, where=children[3])
        return {"event": "either", "subject": subject, "values": values(any_of=(children[1], children[2]))}

    def acts_either(self, meta, children):
        actor, first, second = children[:3]
        one = self.acts(meta, [actor, first] + list(children[3:]))
        other = self.acts(meta, [actor, second] + list(children[3:]))
        if one["subject"] != other["subject"] or one["values"] != other["values"]:
            raise _Unreadable("two events of different kinds", meta.start_pos)
        return {"event": "either", "subject": one["subject"],
                "values": tuple(sorted(dict(one["values"], **{"any-of": (one["event"], other["event"])}).items()))}

    def undergoes(self, meta, children):
        subject = children[0]
        if len(children) > 2:
            subject = replace(subject, where=children[2])
        return {"event": children[1], "subject": subject}

    def enters(self, meta, children):
        subject = children[0]
        if len(children) > 1:
            subject = replace(subject, where=children[1])
        return {"event": "enters-play", "subject": subject}

    def enters_during(self, meta, children):
        return {"event": "enters-play", "subject": children[0],
                "values": values(during=Condition("turn", values=values(whose=children[1])))}

    def enters_or(self, meta, children):
        subject, rest = children[0], children[1:]
        other = next(c for c in rest if c in EVENTS)
        where = [c for c in rest if c != other]
        if len(set(where)) > 1 or (where and len(where) != 2):
            raise _Unreadable("two events at different places", meta.start_pos)
        if where:
            subject = replace(subject, where=where[0])
        face = "up" if "enters play face-up" in self.source[meta.start_pos:meta.end_pos] else None
        return {"event": "either", "subject": subject, "values": values(any_of=("enters-play", other), face=face)}

    def moves(self, meta, children):
        return {"event": "moved", "subject": children[0], "values": values(to=children[1])}

    def moves_from(self, meta, children):
        return {"event": "moved", "subject": children[0],
                "values": values(by=Selector("you"), **{"from": children[1]}, to=children[2])}

    def scores_with(self, meta, children):
        number, _, card, phase = children
        return {"event": "scores", "subject": card,
                "values": values(by=Selector("you"), at_least=int(number), phase=phase, within="one")}

    def phase_starts(self, meta, children):
        return children[0]

    def whose_turn(self, meta, children):
        return {"event": "turn", "values": values(whose=children[0])}

    def whose_phase_(self, meta, children):
        return {"event": "phase", "values": values(whose=children[0], phase=children[1])}

    def faceoff_starts(self, meta, children):
        return {"event": "faceoff", "values": values(**children[0])}

    your, opponents, anyones = _constant("your"), _constant("opponent"), _constant("each")
    main_phase, score_phase = _constant("main"), _constant("score")
    troublemaker_phase, ready_phase = _constant("troublemaker"), _constant("ready")
    draw_step = _constant("draw-step")

    def by_exactly(self, meta, children):
        return {"margin": f"=={int(children[0])}"}

    def by_at_least(self, meta, children):
        return {"margin": f">={int(children[0])}"}

    def by_more(self, meta, children):
        return {"margin": ">required"}

    def during_event(self, meta, children):
        return {"during": Condition("during", values=values(phase="faceoff", **children[0]))}

    def during_challenging(self, meta, children):
        faceoff, who, what = children
        return {"during": Condition("during", values=values(phase="faceoff", challenging=what, by=who,
                                                              **faceoff))}

    def faceoff_phrase(self, meta, children):
        found = {}
        for child in children:
            found.update(child)
        return found

    problem_kind = _constant({"kind": "problem"})
    troublemaker_kind = _constant({"kind": "troublemaker"})

    def involving(self, meta, children):
        return {"involving": children[0] if len(children) == 1 else tuple(children)}

    def faceoff_here(self, meta, children):
        return {"where": "here"}

    def faceoff_at(self, meta, children):
        return {"where": children[0]}

    # conditions ----------------------------------------------------------------
    def all_of(self, meta, children):
        if len(children) == 1:
            return children[0]
        return Condition("all", all_of=tuple(children), part=self._part(meta))

    def involved_self(self, meta, children):
        return Condition("involved", subject=THIS_CARD, values=values(**children[0]), part=self._part(meta))

    def involved(self, meta, children):
        return Condition("involved", subject=children[0], values=values(**children[1]), part=self._part(meta))

    def at(self, meta, children):
        condition = Condition("at", subject=children[0], values=values(where=children[1]), part=self._part(meta))
        if len(children) > 2:
            with_ = Condition("with", subject=children[0], values=values(what=children[2]))
            return Condition("all", all_of=(condition, with_), part=self._part(meta))
        return condition

    def in_home(self, meta, children):
        """"While this card is in your home": at home, as "at home" reads."""
        return self.at(meta, [children[0], "home"])

    def with_self(self, meta, children):
        return Condition("with", subject=THIS_CARD, values=values(what=children[0]), part=self._part(meta))

    def at_self(self, meta, children):
        return self.at(meta, [THIS_CARD] + list(children))

    def has_at_least(self, meta, children):
        who, number, what = children[0], int(children[1]), children[2]
        what = replace(what, count=Amount(number), every=False)
        if len(children) > 3:
            what = replace(what, where=children[3])
        return Condition("has", subject=who, values=values(amount=number, what=what), part=self._part(meta))

    def has_tokens_at_least(self, meta, children):
        """"An opponent has at least [2]": as "has at least 2 action tokens"."""
        who, tokens = children
        if tokens.value is None:
            raise _Unreadable("at least [X] action tokens", meta.start_pos)
        what = Selector("action-token", count=Amount(tokens.value))
        return Condition("has", subject=who, values=values(amount=tokens.value, what=what), part=self._part(meta))

    def has(self, meta, children):
        who, what = children[0], children[1]
        if len(children) > 2:
            what = replace(what, where=children[2])
        return Condition("has", subject=who, values=values(amount=1, what=what), part=self._part(meta))

    def has_both(self, meta, children):
        """"If you have a Friend and a Resource": one of each, both
        conditions "you have ..."."""
        who, first, second = children
        return Condition("all", all_of=(self.has(meta, [who, first]), self.has(meta, [who, second])),
                         part=self._part(meta))

    def exists_at(self, meta, children):
        what = replace(children[0], where=children[1]) if len(children) > 1 else children[0]
        return Condition("exists", subject=what, part=self._part(meta))

    def none_at(self, meta, children):
        what = replace(children[0], where=children[1])
        return Condition("none", subject=what, part=self._part(meta))

    def more_power(self, meta, children):
        return Condition("power", subject=children[0], values=values(where=children[1], compare=">any-opponent"),
                         part=self._part(meta))

    def power_at_most(self, meta, children):
        return Condition("power", subject=children[0], values=values(compare=f"<={int(children[1])}"),
                         part=self._part(meta))

    def has_in_play(self, meta, children):
        return Condition("count", subject=children[0],
                         values=values(what=Selector("icon", controller="you",
                                                     filters=(("color", COLORS[str(children[2])[1:-1]]),)),
                                       compare=f">={int(children[1])}"), part=self._part(meta))

    def score_at_least(self, meta, children):
        return Condition("score", subject=children[0], values=values(compare=f">={int(children[1])}"),
                         part=self._part(meta))

    def is_a(self, meta, children):
        what = children[1]
        if isinstance(what, tuple):  # a card type
            return Condition("is", subject=children[0], values=values(type=what[1]), part=self._part(meta))
        word = self._word(what)
        if not word[:1].isupper():
            raise _Unreadable(f"{word!r} is not a trait", what.start_pos)
        return Condition("is", subject=children[0], values=values(trait=word), part=self._part(meta))

    def its_a(self, meta, children):
        return self.is_a(meta, [Selector("it")] + list(children))

    def color_is(self, meta, children):
        return Condition("color", subject=children[0], values=values(color=COLORS[str(children[1])[1:-1]]),
                         part=self._part(meta))

    def status_is(self, meta, children):
        return Condition("status", subject=children[0], values=values(status=children[1]), part=self._part(meta))

    def status_is_not(self, meta, children):
        """"While your Mane Character is not boosted"."""
        return replace(self.status_is(meta, children), negated=True)

    def is_here(self, meta, children):
        """"While an opponent's boosted Mane Character is here": at this card's Problem."""
        return Condition("at", subject=children[0], values=values(where="here"), part=self._part(meta))

    st_exhausted, st_ready = _constant("exhausted"), _constant("ready")
    st_flipped, st_cutie_marked = _constant("flipped"), _constant("cutie-marked")
    st_boosted = _constant("boosted")

    def power_compare(self, meta, children):
        number = int(children[1])
        compare = "<=" if "less" in self.source[meta.start_pos:meta.end_pos] else ">="
        return Condition("power", subject=children[0], values=values(compare=f"{compare}{number}"),
                         part=self._part(meta))

    def power_at_least(self, meta, children):
        return Condition("power", subject=children[0], values=values(compare=f">={int(children[1])}"),
                         part=self._part(meta))

    def has_none(self, meta, children):
        """"You have no [Generosity] Friends": "you have one" negated."""
        return replace(self.has(meta, children), negated=True)

    def have_named_involved(self, meta, children):
        first, second = children
        both = " and " in self.source[meta.start_pos:meta.end_pos]
        each = tuple(Condition("has", subject=Selector("you"), values=values(
            amount=1, what=_with(Selector("card", filters=(("name", name),)), involved="this-faceoff")))
            for name in (first, second))
        if both:
            return Condition("all", all_of=each, part=self._part(meta))
        return Condition("any", any_of=each, part=self._part(meta))

    def named(self, meta, children):
        words = [self._word(c) for c in children]
        if not all(word[:1].isupper() for word in words):
            raise _Unreadable(f"not a card's name: {' '.join(words)!r}", meta.start_pos)
        return " ".join(words)

    def none_this_turn(self, meta, children):
        what, event = children
        return Condition("did", negated=True, values=values(what=event, of=what, during="turn"),
                         part=self._part(meta))

    def was_not(self, meta, children):
        """"If this card's Problem was not confronted (this turn)": as "no
        ... were confronted this turn", of the subject."""
        return self.none_this_turn(meta, children)

    def bonus_equal(self, meta, children):
        """"This card's Problem has 0 bonus points": the bonus set, the
        modifier 'bonus-equal' (not a change of it, 'bonus')."""
        return Modifier("bonus-equal", subject=children[0], amount=Amount(int(children[1])),
                        part=self._part(meta)), None

    def skip_phase(self, meta, children):
        """"Skip the next Troublemaker Phase": the next such phase of the game
        does not happen (the verb 'skip-phase')."""
        return Effect("skip-phase", values=values(phase=children[0], next=True), part=self._part(meta))

    def problem_bonus_change(self, meta, children):
        """"This card's Problem's bonus is increased by 1": a change of the
        bonus of the Problem this card is at, the modifier 'bonus' (not
        the bonus set, 'bonus-equal')."""
        said = self.source[meta.start_pos:meta.end_pos]
        n = int(children[-1])
        return Modifier("bonus", subject=Selector("Problem", where="here", part=self._part(meta)),
                        amount=Amount(-n if " decreased " in said else n), part=self._part(meta)), None

    def power_fixed(self, meta, children):
        """"Friends here have 2 power and can't gain or lose power": their
        power is 2 ('power-equal') and nothing changes it (the can't
        'change-power')."""
        subject, number = children[0], int(children[1])
        equal = Modifier("power-equal", subject=subject, amount=Amount(number), part=self._part(meta))
        fixed = Modifier("cant", subject=subject, values=values(action="change-power"), part=self._part(meta))
        return Modifier("all", subject=subject, values=values(all_of=(equal, fixed)), part=self._part(meta)), None

    def has_that_color(self, meta, children):
        """"Your Mane Character has that color": the color chosen or named
        before, the modifier 'color'."""
        return Modifier("color", subject=children[0], values=values(color="that", also=True),
                        part=self._part(meta)), None

    def won_this_turn(self, meta, children):
        said = {}
        for child in children:
            said.update(child)
        return Condition("did", values=values(what="win-faceoff", during="turn", **said), part=self._part(meta))
    st_frightened, st_face_down = _constant("frightened"), _constant("face-down")

    def counters_at_least(self, meta, children):
        number, kind, where = int(children[0]), self._word(children[1]), children[2]
        return Condition("count", subject=Selector("counter", filters=(("kind", kind), ("on", where))),
                         values=values(compare=f">={number}"), part=self._part(meta))

    def counter_kind(self, meta, children):
        return Token.new_borrow_pos("WORD", str(children[0]), children[0])

    def _counter_kind(self, token: Token) -> str:
        """The name of a kind of counter ("a Postage counter"), capitalised on the card."""
        name = self._word(token)
        if not name[:1].isupper():
            raise _Unreadable(f"{name!r} counter", token.start_pos)
        return name

    def has_counters(self, meta, children):
        """"While this card has at least one Postage counter on it", "if this
        card has 3 or more Fatigue counters on it": the counters of that kind
        on the subject counted."""
        subject, number, kind = children[0], int(children[1]), self._counter_kind(children[2])
        return Condition("count", subject=Selector("counter", filters=(("kind", kind), ("on", subject))),
                         values=values(compare=f">={number}"), part=self._part(meta))

    def at_least_there(self, meta, children):
        """"While there are at least 2 Pegasus Friends at this card's
        Problem": the cards counted, the condition 'count'."""
        number, what = int(children[0]), children[1]
        if len(children) > 2:
            what = replace(what, where=children[2])
        return Condition("count", subject=what, values=values(compare=f">={number}"), part=self._part(meta))

    def revealed_this_way(self, meta, children):
        return Condition("did", values=values(what="reveal", found=children[0]), part=self._part(meta))

    def won_the_faceoff(self, meta, children):
        return Condition("did", values=values(what="win-faceoff"), part=self._part(meta))

    def did_not_lose_the_faceoff(self, meta, children):
        """"If you didn't lose that faceoff": won it, or no one did."""
        return Condition("did", values=values(what="lose-faceoff"), negated=True, part=self._part(meta))

    def more_than(self, meta, children):
        who, (_, noun, _), other = children
        return Condition("count", subject=Selector(noun, every=True, count=Amount(None)),
                         values=values(compare=">", who=who, than=other), part=self._part(meta))

    def points_than(self, meta, children):
        """"If you have fewer points than an opponent", "if an opponent has
        more points than you": one player's score against another's
        ('points-than')."""
        who, other = children
        compare = "<" if " fewer " in self.source[meta.start_pos:meta.end_pos] else ">"
        return Condition("points-than", subject=who, values=values(compare=compare, than=other),
                         part=self._part(meta))

    def in_zone(self, meta, children):
        zone = children[1]
        if isinstance(zone, tuple):
            raise _Unreadable("a card beneath a card as a place", meta.start_pos)
        return Condition("at", subject=children[0], values=values(where=zone), part=self._part(meta))

    def exhausted_self(self, meta, children):
        return Condition("status", subject=THIS_CARD, values=values(status="exhausted"), part=self._part(meta))

    # statements ----------------------------------------------------------------
    def gets_power(self, meta, children):
        subject = children[0]
        changes = next(c for c in children if isinstance(c, list))
        per = next((c for c in children if isinstance(c, Amount)), None)
        condition = next((c for c in children if isinstance(c, Condition)), None)
        if len(changes) != 1:
            raise _Unreadable("two power changes in one continuous ability", meta.start_pos)
        amount, color = changes[0]
        if per is not None:
            amount = Amount(amount.value, per=per.per)
        return Modifier("power", subject=subject, amount=amount, values=values(color=color),
                        part=self._part(meta)), condition

    def per(self, meta, children):
        return Amount(1, per=children[0])

    def per_opponents(self, meta, children):
        """"For each opponent's Troublemaker in play": each card of the kind
        an opponent controls."""
        return Amount(1, per=replace(children[0], controller="opponent"))

    def per_among(self, meta, children):
        return Amount(1, per=Selector(children[0], filters=(("among", children[1]),), part=self._part(meta)))

    def per_among_in(self, meta, children):
        """"For each card type in your discard pile": as "for each card type
        among the cards in your discard pile"."""
        what, zone = children
        if isinstance(zone, tuple):
            raise _Unreadable("counted among the cards beneath a card", meta.start_pos)
        cards = Selector("card", count=Amount(None), every=True, zone=zone)
        return self.per_among(meta, [what, cards])

    def has_keyword_per(self, meta, children):
        subject, name, number, per = children
        return Modifier("keyword", subject=subject, amount=Amount(int(number), per=per.per),
                        values=values(keyword=self._keyword(name, meta), x=int(number)), part=self._part(meta)), None

    def has_keyword_x(self, meta, children):
        """"This card has Eccentric X, where X is the number of Events in your
        discard pile": the keyword with X 1 for each card counted."""
        subject, name, quantity = children
        return Modifier("keyword", subject=subject, amount=Amount(1, per=quantity.per),
                        values=values(keyword=self._keyword(name, meta), x=1), part=self._part(meta)), None

    def power_than_any(self, meta, children):
        said = self.source[meta.start_pos:meta.end_pos].split()
        compare = ">" if "higher" in said else "<"
        return Condition("power-than-any", subject=children[0], values=values(compare=compare, than=children[1]),
                         part=self._part(meta))

    def per_counter(self, meta, children):
        return Amount(1, per=Selector("counter", filters=(("kind", self._word(children[0])), ("on", children[1])),
                                      part=self._part(meta)))

    def per_color_of(self, meta, children):
        return Amount(1, per=Selector("color", filters=(("of", children[0]),), part=self._part(meta)))

    among_color, among_card_type, among_trait = _constant("color"), _constant("card-type"), _constant("trait")

    def confront_need(self, meta, children):
        who, changes, problem = children
        (amount, color), = changes
        return Modifier("confront-need", subject=problem, amount=amount, values=values(player=who, color=color),
                        part=self._part(meta)), None

    def confront_need_wild(self, meta, children):
        who, change, problem = children
        text = str(change)
        if not text.endswith("wild]"):
            raise _Unreadable("an action-token icon is not power", meta.start_pos)
        number = re.search(r"\d+", text)
        if number is None:
            raise _Unreadable("wild power of no number", meta.start_pos)
        amount = Amount(int(number.group()) * (-1 if text.startswith("-") else 1))
        return Modifier("confront-need", subject=problem, amount=amount, values=values(player=who, color="wild"),
                        part=self._part(meta)), None

    def must_pay(self, meta, children):
        who, amount, action = children[:3]
        if len(children) > 3:
            amount = replace(amount, per=children[3].per)
        return Modifier("cost", subject=action["what"], amount=amount,
                        values=values(player=who, action=action["action"], to=action.get("to")),
                        part=self._part(meta)), None

    def cant_be(self, meta, children):
        return Modifier("cant", subject=children[0], values=values(action=children[1]), part=self._part(meta)), None

    def cant_be_by_opponents(self, meta, children):
        """"Your Unicorn characters here can't be moved by opponents": a can't
        of its own name, which opponents' doing only forbids ("be-moved-by-opponents");
        "can't be dismissed, moved, or put into its owner's hand from play by
        opponents": one such can't for each."""
        said = self.source[meta.start_pos:meta.end_pos].replace(",", " ").split()
        words = said[said.index("be") + 1:said.index("by")]
        if "put" in words:
            words = words[:words.index("put")] + ["put-into-hand"]
        actions = tuple(f"be-{word}-by-opponents" for word in words if word != "or")
        return Modifier("cant", subject=children[0], values=values(action=actions[0] if len(actions) == 1 else actions),
                        part=self._part(meta)), None

    put_in_hand = _constant("put-into-hand")

    def cant_move_to_or_from(self, meta, children):
        """"Characters can't move to or from this card's Problem (unless their
        controller pays [2])"."""
        subject, area = children[0], children[1]
        said = {"action": "be-moved-to-or-from", "to": area}
        if len(children) > 2:
            said["unless-paid"] = children[2]
        return Modifier("cant", subject=subject, values=tuple(sorted(said.items())), part=self._part(meta)), None

    def cant_unless(self, meta, children):
        who, action, condition = children
        modifier, _ = self.cant_do(meta, [who, action])
        return replace(modifier, values=tuple(sorted(dict(modifier.values, unless=condition).items()))), None

    def hands_revealed(self, meta, children):
        return Modifier("hand-revealed", subject=children[0], part=self._part(meta)), None

    def cant_unless_paid(self, meta, children):
        who, action, amount = children
        modifier, _ = self.cant_do(meta, [who, action])
        return replace(modifier, values=tuple(sorted(dict(modifier.values, **{"unless-paid": amount}).items()))), None

    def cant_be_unless_paid(self, meta, children):
        """"Opposing characters here can't be moved unless their controller
        pays [1]": the can't, lifted by paying ('unless-paid')."""
        subject, action, amount = children
        return Modifier("cant", subject=subject, values=values(action=action, unless_paid=amount),
                        part=self._part(meta)), None

    def cant_score(self, meta, children):
        during = children[1] if len(children) > 1 else None
        return Modifier("cant", subject=children[0], values=values(action="score"), part=self._part(meta)), during

    # "can't <verb> more than one ... per turn": a limit on how many times
    def score_at_most(self, meta, children):
        who, most = children
        return Modifier("at-most", subject=who, values=values(action="score", by=who, most=int(most), what="points",
                                                               per="turn"), part=self._part(meta)), None

    def draw_at_most(self, meta, children):
        """"Players can't draw more than 2 cards per turn": the limit
        'at-most' on drawing."""
        who, most = children
        return Modifier("at-most", subject=who, values=values(action="draw", by=who, most=int(most), per="turn"),
                        part=self._part(meta)), None

    def turns_over(self, meta, children):
        """"When an opponent's Mane Character turns over"."""
        return {"event": "turned-over", "subject": children[0]}

    def at_most_one(self, meta, children):
        who, what = children
        said = self.source[meta.start_pos:meta.end_pos].split()
        per = "turn" if said[-2:] == ["per", "turn"] else None
        verb = said[next(i for i, word in enumerate(said) if word in ("can't", "cannot")) + 1]
        return Modifier("at-most", subject=what, values=values(action=verb, by=who, most=1, per=per),
                        part=self._part(meta)), None

    def one_of_each_type(self, meta, children):
        who, = children
        return Modifier("at-most", subject=Selector("card"), values=values(action="play", by=who, most=1,
                                                                           each="type", per="turn"),
                        part=self._part(meta)), None

    def cant_do(self, meta, children):
        who, action = children
        return Modifier("cant", subject=action["what"], values=values(action=_PASSIVE[action["action"]], by=who,
                                                                         to=action.get("to"),
                                                                         **{"from": action.get("from")}),
                        part=self._part(meta)), None

    def be_done(self, meta, children):
        said = self.source[meta.start_pos:meta.end_pos].split()
        if len(children) > 1:
            return f"be-{said[1]}-{'to' if said[2] == 'to' else 'at'}-{children[1]}"
        return f"be-{said[1]}"

    def be_either(self, meta, children):
        """"Be dismissed or frightened", "be dismissed, retired, or banished":
        each of the can'ts."""
        words = self.source[meta.start_pos:meta.end_pos].replace(",", " ").split()[1:]
        return tuple(f"be-{word}" for word in words if word != "or")

    leave_or_lose_abilities = _constant(("leave-play", "lose-abilities"))

    def be_involved(self, meta, children):
        kind = children[0].get("kind")
        action = f"be-involved-in-{kind}-faceoff" if kind else "be-involved-in-faceoff"
        involving = children[0].get("involving")
        if involving is not None:  # "... faceoffs involving this card": kept in the action's name
            action += f"-involving-{getattr(involving, 'noun', 'several')}"
        return action

    def act_move(self, meta, children):
        return {"action": "move", "what": children[0], "to": children[1] if len(children) > 1 else None}

    def act_move_away(self, meta, children):
        """"Move characters away from here": out of the area, to wherever."""
        return {"action": "move-away", "what": children[0], "to": None, "from": children[1]}

    def act_play(self, meta, children):
        return {"action": "play", "what": children[0], "to": children[1] if len(children) > 1 else None}

    def act_move_to_or_from(self, meta, children):
        return {"action": "move-to-or-from", "what": children[0], "to": children[1]}

    def act_play_or_move(self, meta, children):
        return {"action": "play-or-move", "what": children[0], "to": children[1]}

    def act_turn_over(self, meta, children):
        """"Pay 1 less action token to turn this card over": turning a card
        over (its side), the action 'turn-over'."""
        return {"action": "turn-over", "what": children[0]}

    def act_exhaust(self, meta, children):
        return {"action": "exhaust", "what": children[0]}

    def act_rally(self, meta, children):
        return {"action": "rally", "what": children[0]}

    def act_challenge(self, meta, children):
        return {"action": "challenge", "what": children[0]}

    leave_play_action, ready_action = _constant("leave-play"), _constant("ready")

    def act_confront(self, meta, children):
        return {"action": "confront", "what": children[0]}

    def has_keyword(self, meta, children):
        subject, name = children[0], children[1]
        return Modifier("keyword", subject=subject, values=values(keyword=self._keyword(name, meta),
                                                                   x=_x(children[2:])),
                        part=self._part(meta)), None

    def _keyword(self, name: str, meta) -> str:
        keyword = _keyword_named(name)
        if keyword is None:
            raise _Unreadable(f"not a keyword: {name!r}", meta.start_pos)
        return keyword

    def power_and(self, meta, children):
        subject, changes, rest = children[0], children[1], children[2:]
        power, _ = self.gets_power(meta, [subject, changes])
        if isinstance(rest[0], tuple):
            other, _ = self.is_what(meta, [subject, rest[0]])
        else:
            other, _ = self.has_keyword(meta, [subject] + rest)
        return Modifier("all", subject=subject, values=values(all_of=(power, other)), part=self._part(meta)), None

    def power_and_not_counted(self, meta, children):
        """"Your token Friends have +1 power and don't count against your home
        limit": both modifiers of the one subject."""
        subject, changes = children[0], children[1]
        power, _ = self.gets_power(meta, [subject, changes])
        counted, _ = self.not_counted(meta, [subject])
        return Modifier("all", subject=subject, values=values(all_of=(power, counted)), part=self._part(meta)), None

    def has_ability(self, meta, children):
        subject, ability = children[0], next(c for c in children if isinstance(c, Ability))
        return Modifier("ability", subject=subject, values=values(ability=ability), part=self._part(meta)), None

    def is_both(self, meta, children):
        return Modifier("names", subject=children[0], values=values(names=(children[1], children[2]),
                                                                     zones="all"),
                        part=self._part(meta)), None

    def not_counted(self, meta, children):
        return Modifier("not-counted", subject=children[0], values=values(against="home-limit"),
                        part=self._part(meta)), None

    def doesnt_ready_statement(self, meta, children):
        return Modifier("cant", subject=children[0], values=values(action="ready-during-ready-phase"),
                        part=self._part(meta)), None

    def is_what(self, meta, children):
        subject, (kind, what) = children
        also = " also " in f" {self.source[meta.start_pos:meta.end_pos]} "
        if kind == "color":
            return Modifier("color", subject=subject, values=values(color=what, also=also),
                            part=self._part(meta)), None
        return Modifier("trait", subject=subject, values=values(trait=what), part=self._part(meta)), None

    def is_and_power(self, meta, children):
        subject, what, changes = children
        other, _ = self.is_what(meta, [subject, what])
        power, _ = self.gets_power(meta, [subject, changes])
        return Modifier("all", subject=subject, values=values(all_of=(other, power)), part=self._part(meta)), None

    def has_color_and_power(self, meta, children):
        """"That Friend has [Laughter] and +1 power for each of your other
        [Laughter] Friends here": the color as well as its own, and the power."""
        subject, color, changes, *per = children
        shade = Modifier("color", subject=subject, values=values(color=COLORS[str(color)[1:-1]], also=True),
                         part=self._part(meta))
        power, _ = self.gets_power(meta, [subject, changes, *per])
        return Modifier("all", subject=subject, values=values(all_of=(shade, power)), part=self._part(meta)), None

    def is_color(self, meta, children):
        return ("color", COLORS[str(children[0])[1:-1]])

    def is_word(self, meta, children):
        word = self._word(children[-1])
        if word.lower() in COLORS.values():
            return ("color", word.lower())
        if not word[:1].isupper():
            raise _Unreadable(f"{word!r} is not a color or a trait", children[-1].start_pos)
        return ("trait", word)

    def keyword_name(self, meta, children):
        return self.original[meta.start_pos:meta.end_pos]

    def costs_reduced(self, meta, children):
        subject, amount = children
        return Modifier("cost", subject=subject, amount=Amount(-amount.value), values=values(action="play"),
                        part=self._part(meta)), None

    def first_to_play(self, meta, children):
        played, problem, effect = children
        if problem.noun not in ("Problem", "self"):
            raise _Unreadable(f"the first player to play a card to a {problem.noun}", meta.start_pos)
        first = Condition("first", subject=problem, values=values(action="play", what=played))
        return replace(effect, condition=first, who=Selector("player", ref="first"))

    def with_at_least(self, meta, children):
        return {"with": replace(children[1], count=Amount(int(children[0])), every=False)}

    def gets_trait(self, meta, children):
        subject, word = children[0], self._word(children[1])
        if not word[:1].isupper():
            raise _Unreadable(f"{word!r} is not a trait", children[1].start_pos)
        during = children[2] if len(children) > 2 else None
        return Modifier("trait", subject=subject, values=values(trait=word), part=self._part(meta)), during

    def first_to_confront(self, meta, children):
        problem, _, effect = children
        return replace(effect, optional=True, condition=Condition("first", subject=problem, values=values(action="confront")))

    def players_with_total(self, meta, children):
        number, what, where, sign, during = children
        amount, color = Amount(int(sign)), None
        what = replace(what, count=Amount(int(number)), where=where)
        subject = Selector("player", filters=(("has", what),))
        return Modifier("power", subject=subject, amount=amount, values=values(total=True, color=color),
                        part=self._part(meta)), during

    # effects -------------------------------------------------------------------
    def effects(self, meta, children):
        # "If ..., X. If ..., Y instead.": Y when its condition holds, otherwise X
        sentences = []
        for sentence in children:
            if isinstance(sentence, tuple) and sentence[0] == "instead":
                if not sentences:
                    raise _Unreadable("'instead' with nothing before it", meta.start_pos)
                instead = sentence[1]
                if instead.condition is not None and instead.condition.kind == "did" and len(sentences) >= 2:
                    # "X. You may Y. If you do, Z instead.": Y is asked first; Z if it was done,
                    # otherwise X; "that Troublemaker" of Z is the one X would have chosen
                    replaced, asked = sentences[-2], sentences[-1]
                    if not asked.optional or asked.then is not None or replaced.then is not None:
                        raise _Unreadable("an instruction done instead of one before a choice", meta.start_pos)
                    target = instead.target
                    if (target is not None and replaced.target is not None and target.noun == "that"
                            and target.ref == replaced.target.noun):
                        target = replaced.target
                    sentences[-2:] = [asked, replace(instead, target=target, otherwise=replaced)]
                    continue
                sentences[-1] = replace(instead, otherwise=sentences[-1])
            elif isinstance(sentence, tuple) and sentence[0] == "otherwise":
                # "If ..., X. Otherwise, Y.": Y when the condition of X does not hold
                if not sentences or sentences[-1].condition is None or sentences[-1].then is not None \
                        or sentences[-1].otherwise is not None:
                    raise _Unreadable("'otherwise' after no single instruction with a condition", meta.start_pos)
                sentences[-1] = replace(sentences[-1], otherwise=sentence[1])
            else:
                sentences.append(sentence)
        effect = None
        for sentence in reversed(sentences):
            effect = _then(sentence, effect)
        return _drawn_revealed(effect)

    def draw_it(self, meta, children):
        """"(Reveal the top card of your deck ...) draw it": the verb
        'draw-it' until :func:`_drawn_revealed` finds the card revealed."""
        return Effect("draw-it", part=self._part(meta))

    def otherwise_sentence(self, meta, children):
        return ("otherwise", children[0])

    def instead_sentence(self, meta, children):
        effect = children[-1]
        if len(children) > 1:
            if effect.then is not None:
                raise _Unreadable("an instruction chain done instead", meta.start_pos)
            effect = replace(effect, condition=children[0])
        return ("instead", effect)

    def later_effect(self, meta, children):
        """"(Move one of your Friends to this Problem,) then retire that
        Friend at the end of the turn": as "At the end of the turn, retire
        that Friend" reads."""
        return self.delayed_sentence(meta, [children[1], children[0]])

    def delayed_sentence(self, meta, children):
        span, effect = children
        return Effect("delayed", values=values(at=f"end-of-{span}", do=effect), part=self._part(meta))

    def _next_turn(self, said: str) -> str:
        """When "at the start of the next turn" is: 'start-of-next-turn'
        (whoever's turn is next), or 'start-of-your-next-turn' (the next
        turn of the player carrying the instruction out), as ``said``."""
        return "start-of-your-next-turn" if "start of your next turn" in said else "start-of-next-turn"

    def delayed_next_turn_sentence(self, meta, children):
        """"At the start of the next turn, put that Friend into play": done
        later, at 'start-of-next-turn' ('start-of-your-next-turn' for "at
        the start of your next turn")."""
        at = self._next_turn(self.source[meta.start_pos:meta.start_pos + len("at the start of your next turn")])
        return Effect("delayed", values=values(at=at, do=children[0]), part=self._part(meta))

    def put_into_play_next_turn(self, meta, children):
        """"Put this card into play at the start of the next turn" (or "of
        your next turn", 'start-of-your-next-turn')."""
        later = Effect("put-into-play", target=children[0], part=self._part(meta))
        at = self._next_turn(self.source[meta.start_pos:meta.end_pos][-len("start of your next turn"):])
        return Effect("delayed", values=values(at=at, do=later), part=self._part(meta))

    def next_time_sentence(self, meta, children):
        """"The next time you defeat a Troublemaker this turn, score an
        additional point": the verb 'next-time', what is done (``do``) once,
        when the event (``trigger``) next happens (this turn)."""
        event, effect = children
        trigger = Trigger(**event, when="when")
        this_turn = " this turn," in self.source[meta.start_pos:meta.end_pos]
        return Effect("next-time", duration="turn" if this_turn else None,
                      values=values(trigger=trigger, do=effect), part=self._part(meta))

    def per_sentence(self, meta, children):
        """"For each Trainee counter on it, put a 1 [Loyalty] Pegasus Friend
        token with Swift into play": the instruction with 'for each' after it."""
        per, chain = children
        return _each_counted(chain, per.per, meta)

    def lasting_sentence(self, meta, children):
        duration, chain = children
        steps = list(chain.chain())
        effect = None
        for step in reversed(steps):
            # an instruction's own duration within the sentence's: both end it
            # ("This turn, ... have Hasty until you play a Friend")
            lasting = duration if step.duration in (None, duration) else f"{step.duration}/{duration}"
            effect = replace(step, duration=lasting, then=effect)
        return effect

    def sentence(self, meta, children):
        condition, chain = children
        return replace(chain, condition=condition)

    def effect_if(self, meta, children):
        """"It gets +3 power if an opponent has more points than you": the
        condition said after the one instruction it holds, as "If ..., it
        gets +3 power" reads."""
        effect, condition = children
        if effect.condition is not None:
            raise _Unreadable("an instruction with two conditions", meta.start_pos)
        return replace(effect, condition=condition)

    def cond_if(self, meta, children):
        return children[0]

    def if_you_do(self, meta, children):
        return Condition("did", part=self._part(meta))

    def effect_chain(self, meta, children):
        effect = None
        for step in reversed(children):
            effect = _then(step, effect)
        return effect

    def you_do(self, meta, children):
        optional = "optional" in children
        items = [c for c in children if c != "optional"]
        effect = items[0]
        for item in items[1:]:
            if isinstance(item, Amount):
                effect = _per(effect, item.per, meta)
            else:
                effect = _lasting(effect, item)
        return replace(effect, optional=optional, part=self._part(meta))

    def they_pay_to(self, meta, children):
        who = children[0]
        effect = self.costs_to(meta, children[1:])
        if who == Selector("you"):
            return effect
        steps = list(effect.chain())
        result = None
        for step in reversed(steps):
            result = replace(step, who=who, then=result)
        return result

    def they_do(self, meta, children):
        who = children[0]
        effect = self.you_do(meta, children[1:])
        # "you draw" is "draw": the ability's controller carries it out
        return replace(effect, who=None if who == Selector("you") else who)

    def two_subjects(self, meta, children):
        """"That Friend and this card get +1 power until the end of the
        turn": the instruction said of each subject, the first's first."""
        first, second, tail = children
        return _then(self.with_subject(meta, [first, tail]), self.with_subject(meta, [second, tail]))

    def each_verb(self, meta, children):
        return ("each", children)

    def they_do_each(self, meta, children):
        """"An opponent reveals their hand and discards a card with that
        type": every instruction the subject's, not only the first."""
        who, (_, steps) = children
        who = None if who == Selector("you") else who
        effect = None
        for step in reversed(steps):
            effect = _then(replace(step, who=who), effect)
        return effect

    def pay_or(self, meta, children):
        who, amount, alternative = children
        return Effect("pay", amount=amount, who=who, values=values(unless_paid=alternative), part=self._part(meta))

    def you_pay_or(self, meta, children):
        amount, alternative = children
        return Effect("pay", amount=amount, values=values(unless_paid=alternative), part=self._part(meta))

    def add_power(self, meta, children):
        source, target = children[0], children[1]
        duration = children[2] if len(children) > 2 else None
        return Effect("add-power", target=target, duration=duration, values=values(of=source), part=self._part(meta))

    its_power = _constant(Selector("it"))
    own_power = _constant(THIS_CARD)

    def that_power(self, meta, children):
        noun = "Friend" if "friend's" in self.source[meta.start_pos:meta.end_pos] else "character"
        return Selector("that", ref=noun)

    def give_power(self, meta, children):
        per = next((c.per for c in children if isinstance(c, Amount)), None)
        rest = [c for c in children if not isinstance(c, Amount)]
        changes = [(Amount(amount.value, per=per), color) for amount, color in rest[1]]
        return self._power(meta, rest[0], changes, rest[2] if len(rest) > 2 else None)

    gets = give_power

    def gets_keyword(self, meta, children):
        target, name = children[0], children[1]
        rest = children[2:]
        duration = next((c for c in rest if isinstance(c, str) and not isinstance(c, Token)), None)
        return Effect("gain-keyword", target=target, duration=duration,
                      values=values(keyword=self._keyword(name, meta), x=_x(rest)), part=self._part(meta))

    give_keyword = gets_keyword

    def gets_power_and_keyword(self, meta, children):
        """"A Friend ... gets +3 power and Diligent 3 until the end of the
        faceoff": the power and the keyword, each for that long, the
        keyword given to the card the power was ("it")."""
        target, changes, name, *rest = children
        duration = rest[-1]
        power = self.give_power(meta, [target, changes, duration])
        return _then(power, self.gets_keyword(meta, [Selector("it"), name, *rest]))

    def is_that_color(self, meta, children):
        said = f" {self.source[meta.start_pos:meta.end_pos]} "
        also = " also " in said or " has " in said or " gains " in said
        return Effect("color", target=children[0], duration=children[1] if len(children) > 1 else None,
                      values=values(color="that", also=also), part=self._part(meta))

    def also_card_type(self, meta, children):
        """"This card is also a [Generosity] Friend until the end of the
        phase": a card of another type (and color) as well as its own."""
        target, rest = children[0], children[1:]
        color = next((COLORS[str(c)[1:-1]] for c in rest if isinstance(c, Token) and c.type == "COLOR"), None)
        noun = next(c[1] for c in rest if isinstance(c, tuple) and c[0] == "noun")
        duration = next((c for c in rest if isinstance(c, str) and not isinstance(c, Token)), None)
        return Effect("also-card-type", target=target, duration=duration,
                      values=values(type=noun, color=color), part=self._part(meta))

    def is_sent(self, meta, children):
        return Effect("send", target=children[0], values=values(area=children[1]), part=self._part(meta))

    def would_not_sentence(self, meta, children):
        """"If that Friend would be sent home, it isn't sent home instead":
        what would happen to the card does not happen ('prevent')."""
        target, done, again, undone = children
        if done != undone or again.noun not in ("it", "that", "them") and again != target:
            raise _Unreadable("what does not happen instead is not what would happen", meta.start_pos)
        return Effect("prevent", target=target, values=values(what=done), part=self._part(meta))

    def put_into_play_exhausted(self, meta, children):
        """"Put that card into play exhausted": put into play, and exhausted
        as it enters (the value 'exhausted')."""
        return Effect("put-into-play", target=children[0],
                      values=values(area=children[1] if len(children) > 1 else None, exhausted=True),
                      part=self._part(meta))

    def flip_fewer(self, meta, children):
        """"Have players flip 1 fewer cards during that faceoff": a player
        flips ``amount`` fewer cards in the faceoff ('flip-fewer')."""
        return Effect("flip-fewer", amount=Amount(int(children[0])), part=self._part(meta))

    def put_into_play_attached(self, meta, children):
        """"Put an Accessory from your hand into play attached to a Friend"."""
        return Effect("put-into-play-attached", target=children[0], values=values(on=children[1]),
                      part=self._part(meta))

    def is_not(self, meta, children):
        return Effect("prevent", target=children[0], values=values(what=children[1]), part=self._part(meta))

    _DONE = {"banished": "banish", "dismissed": "dismiss", "frightened": "frighten", "retired": "retire",
             "exhausted": "exhaust", "readied": "ready", "unfrightened": "unfrighten"}

    def is_done(self, meta, children):
        verb = self._DONE.get(children[1])
        if verb is None:
            raise _Unreadable(f"'is {children[1]}' as an instruction", meta.start_pos)
        return Effect(verb, target=children[0], part=self._part(meta))

    def give_color(self, meta, children):
        duration = children[2] if len(children) > 2 else None
        return Effect("color", target=children[0], duration=duration,
                      values=values(color=COLORS[str(children[1])[1:-1]], also=True), part=self._part(meta))

    def choose_to_get(self, meta, children):
        chosen = children[0]
        power = self._power(meta, Selector("that", ref=chosen.noun), children[1],
                            children[2] if len(children) > 2 else None)
        return Effect("choose", target=chosen, then=power, part=self._part(meta))

    def _power(self, meta, target, changes, duration):
        effect = None
        for amount, color in reversed(changes):
            effect = Effect("power", target=target, amount=amount, duration=duration, values=values(color=color),
                            then=effect, part=self._part(meta))
        return effect

    optional = _constant("optional")

    def _verb(verb, **fixed):
        def build(self, meta, children):
            return Effect(verb, target=children[0] if children else None, values=values(**fixed),
                          part=self._part(meta))
        return build

    dismiss, exhaust, ready, frighten = _verb("dismiss"), _verb("exhaust"), _verb("ready"), _verb("frighten")
    retire, banish, look = _verb("retire"), _verb("banish"), _verb("look")

    def uncover(self, meta, children):
        """"Uncover a Troublemaker at its Problem": only a face-down one can
        be uncovered (607.3), so the words name the face-down ones (505.2)."""
        target = children[0] if children else None
        if isinstance(target, Selector) and target.noun == "Troublemaker" and target.filter("status") is None:
            target = replace(target, filters=target.filters + (("status", "face-down"),))
        return Effect("uncover", target=target, part=self._part(meta))

    discard, choose, ignore_card = _verb("discard"), _verb("choose"), _verb("ignore")
    to_hand, to_your_hand = _verb("to-hand"), _verb("to-hand")
    to_deck_top = _verb("to-deck", to="top")
    defeat = _verb("defeat")  # "defeat an opponent's Troublemaker" (by card text, not a faceoff)
    double_power = _verb("double-power")  # "double this card's power", "double the power of ..."

    def costs_to(self, meta, children):
        optional = children[0] == "optional"
        items = [c for c in children if c != "optional"]
        costs, effect = items[0], items[1]
        for item in items[2:]:
            effect = _per(effect, item.per, meta) if isinstance(item, Amount) else _lasting(effect, item)
        effect = replace(effect, condition=Condition("did"))
        first = None
        for step in reversed(costs):
            first = replace(step, then=first if first is not None else effect)
        return replace(first, optional=optional)

    def move_back_from(self, meta, children):
        to = "here" if " here " in f" {self.source[meta.start_pos:meta.end_pos]} " else "home"
        return Effect("move", target=children[0], values=values(area=to, **{"from": children[1]}),
                      part=self._part(meta))

    def move_home(self, meta, children):
        return Effect("move", target=children[0], values=values(area="home"), part=self._part(meta))

    def start_faceoff(self, meta, children):
        return Effect("start-faceoff", values=values(involving=tuple(children)), part=self._part(meta))

    def named_counter(self, meta, children):
        number = children[0] if len(children) > 2 else 1
        name = self._word(children[-2])
        if not name[:1].isupper():
            raise _Unreadable(f"{name!r} counter", meta.start_pos)
        return Effect("counters", target=children[-1], amount=Amount(number), values=values(kind=name),
                      part=self._part(meta))

    def token_copy(self, meta, children):
        said = self.source[meta.start_pos:meta.end_pos]
        face = "face-up" if " face-up" in said else ("face-down" if " face-down" in said else None)
        control = "you" if said.endswith("under your control") else None
        area = children[1] if len(children) > 1 else None
        return Effect("token-copy", target=children[0], values=values(face=face, area=area, control=control),
                      part=self._part(meta))

    def score_points(self, meta, children):
        return Effect("score", amount=Amount(int(children[0]) if children else 1), part=self._part(meta))

    def lose_all_tokens(self, meta, children):
        tokens = children[0]
        if tokens.noun != "action-token":
            raise _Unreadable(f"losing a {tokens.noun}", meta.start_pos)
        return Effect("lose", target=tokens, amount=Amount(None), values=values(what="tokens"),
                      part=self._part(meta))

    def lose_tokens(self, meta, children):
        return Effect("lose", amount=children[0], values=values(what="tokens"), part=self._part(meta))

    def lose_tokens_said(self, meta, children):
        """"Lose an action token", "loses 2 action tokens": as "lose [1]"."""
        return self.lose_tokens(meta, [Amount(int(children[0]) if children else 1)])

    def pay_less_for(self, meta, children):
        amount, what = children[0], children[1]
        minimum = children[2] if len(children) > 2 else None
        return Effect("cost-change", target=what, amount=Amount(-amount.value if amount.value else None,
                                                                variable=amount.variable),
                      values=values(minimum=minimum), part=self._part(meta))

    def pay_number_less_for(self, meta, children):
        """"Pay 2 less for the next card you play this turn" (a number
        written without the action-token icon)."""
        return Effect("cost-change", target=children[1], amount=Amount(-int(children[0])), part=self._part(meta))

    def minimum(self, meta, children):
        return children[0]

    def reduce_cost_by(self, meta, children):
        return self.pay_less_for(meta, children)

    def reduce_cost_of(self, meta, children):
        return self.pay_less_for(meta, [children[1], children[0]])

    def reveal_top(self, meta, children):
        if len(children) == 1:
            children = [Amount(1)] + list(children)
        return Effect("reveal", target=Selector("card", count=children[0], zone=children[1],
                                                filters=(("top", True),)), part=self._part(meta))

    def reveal_top_number(self, meta, children):
        """"Reveal a number of cards from the top of your deck equal to ...":
        as many as the game state gives."""
        deck, amount = children
        return self.reveal_top(meta, [amount, deck])

    def reveal_until(self, meta, children):
        deck, found = children
        return Effect("reveal-until", target=found, values=values(zone=deck), part=self._part(meta))

    def choose_one(self, meta, children):
        """"(You may) choose one: A, B, or C": each option its own chain of
        instructions, and no "until ..." after the last option said of the
        choice as a whole."""
        optional = children[0] == "optional"
        number, *options = children[1:] if optional else children
        return Effect("choose", amount=Amount(number), choices=tuple(options), optional=optional,
                      part=self._part(meta))

    def choose_at_random(self, meta, children):
        """"Choose one at random: A, or B": the options of a choice made at
        random, none of them chosen by a player."""
        number, *options = children
        return Effect("choose", amount=Amount(number), choices=tuple(options), values=values(random=True),
                      part=self._part(meta))

    def option_if(self, meta, children):
        """An option of "Choose one:" carried out only if a condition holds
        ("or if you have fewer points than an opponent score a point")."""
        condition, effect = children
        return replace(effect, condition=condition)

    def num(self, meta, children):
        return int(children[0])

    one, two, three, four, five = (_constant(n) for n in (1, 2, 3, 4, 5))
    six, seven, eight, nine, ten = (_constant(n) for n in (6, 7, 8, 9, 10))

    def either_verb(self, meta, children):
        first, second, target = children
        return Effect("choose", amount=Amount(1), choices=(Effect(first, target=target, part=self._part(meta)),
                                                          Effect(second, target=target, part=self._part(meta))),
                      part=self._part(meta))

    ov_frighten, ov_unfrighten, ov_ready = _constant("frighten"), _constant("unfrighten"), _constant("ready")
    ov_exhaust, ov_dismiss, ov_retire = _constant("exhaust"), _constant("dismiss"), _constant("retire")
    ov_banish = _constant("banish")

    def to_discard(self, meta, children):
        return Effect("to-discard", target=children[0], part=self._part(meta))

    discard_place = _constant("discard")

    def discard_number(self, meta, children):
        return Effect("discard", target=Selector("card", count=Amount(children[0])),
                      part=self._part(meta))

    def draw_bottom(self, meta, children):
        amount = children[0] if len(children) > 1 else Amount(1)
        if children[-1] != "deck":
            raise _Unreadable("drawing from another player's deck", meta.start_pos)
        return Effect("draw", amount=amount, values=values(position="bottom"), part=self._part(meta))

    def deck_cards(self, meta, children):
        number = children[0] if len(children) > 1 else 1
        # "the bottom 2 cards of ...", "the card from the bottom of ..."
        end = "bottom" if " bottom " in f" {self.source[meta.start_pos:meta.end_pos].split(' of ')[0]} " else "top"
        return Selector("card", count=Amount(number), zone=children[-1], filters=((end, True),),
                        part=self._part(meta))

    def choose_both(self, meta, children):
        first, second = children
        return Effect("choose", target=first, then=Effect("choose", target=second, part=self._part(meta)),
                      part=self._part(meta))

    def exchange_control(self, meta, children):
        other = children[1] if len(children) > 1 else None
        return Effect("exchange-control", target=children[0], values=values(**{"with": other}), part=self._part(meta))

    def requirement_change(self, meta, children):
        return Effect("requirement-change", target=children[0], amount=Amount(-int(children[1])),
                      values=values(color=COLORS[str(children[2])[1:-1]]), part=self._part(meta))

    def confront_requirement_change(self, meta, children):
        return Effect("confront-need", target=children[0], amount=Amount(-int(children[1])),
                      part=self._part(meta))

    def confront_requirement_increase(self, meta, children):
        """"Increase (reduce) a Problem's confront requirements by 2 power
        (until ...)": players need that much more (less) power to confront it."""
        sign = -1 if self.source[meta.start_pos:meta.end_pos].startswith("reduce") else 1
        return Effect("confront-need", target=Selector("Problem", part=self._part(meta)),
                      amount=Amount(sign * int(children[0])), part=self._part(meta))

    def need_effect(self, meta, children):
        players, changes, problem, duration = children
        (amount, color), = changes
        return Effect("confront-need", target=problem, amount=amount, duration=duration,
                      values=values(players=players, color=color), part=self._part(meta))

    def doesnt_prevent_effect(self, meta, children):
        troublemakers, problems, duration = children
        return Effect("doesnt-prevent", target=troublemakers, duration=duration,
                      values=values(confronting=problems), part=self._part(meta))

    def doesnt_ready(self, meta, children):
        return Effect("cant", target=children[0], duration="next-ready-phase",
                      values=values(action="ready-during-ready-phase"), part=self._part(meta))

    next_ready_phase = _constant(None)

    def shuffle_into(self, meta, children):
        return Effect("shuffle-into", values=values(zone=children[0]), part=self._part(meta))

    shuffled_discard, shuffled_hand = _constant("discard"), _constant("hand")

    def becomes_involved_effect(self, meta, children):
        return Effect("involve", target=children[0], part=self._part(meta))

    def have_involved(self, meta, children):
        """"(Exhaust this card to) have it become involved in the faceoff":
        as "it becomes involved in the faceoff"."""
        return self.becomes_involved_effect(meta, children)

    def have_do(self, meta, children):
        who, effect = children
        return replace(effect, who=who, part=self._part(meta))

    def name_(self, meta, children):
        what = {"card": "card", "color": "color", "friend": "Friend",
                "type": "card-type"}[self.source[meta.start_pos:meta.end_pos].split()[-1]]
        return Effect("name", values=values(what=what), part=self._part(meta))

    def end_faceoff(self, meta, children):
        return Effect("end-faceoff", part=self._part(meta))

    def challenge_with(self, meta, children):
        return Effect("challenge", target=children[0], values=values(using=children[1]), part=self._part(meta))

    def challenge_plain(self, meta, children):
        """"Challenge an opponent's Troublemaker" (608), with the characters
        its player chooses."""
        return Effect("challenge", target=children[0], part=self._part(meta))

    def remove_them(self, meta, children):
        return Effect("remove-counters", target=Selector("that", ref="them"), amount=Amount(None, up_to=False),
                      part=self._part(meta))

    def gains_abilities(self, meta, children):
        return Effect("gain-abilities", target=children[0], values=values(of=children[1], printed=True),
                      part=self._part(meta))

    def cutie_mark(self, meta, children):
        return Effect("cutie-mark", target=children[0], part=self._part(meta))

    def win_game(self, meta, children):
        return Effect("win", values=values(what="game"), part=self._part(meta))

    def lose_game(self, meta, children):
        return Effect("lose", values=values(what="game"), part=self._part(meta))

    def reveal(self, meta, children):
        return Effect("reveal", target=children[0], part=self._part(meta))

    def shuffle(self, meta, children):
        return Effect("shuffle", values=values(zone="deck"), part=self._part(meta))

    def search(self, meta, children):
        return Effect("search", target=children[1], values=values(zone=children[0]), part=self._part(meta))

    def put_into_play(self, meta, children):
        said = self.source[meta.start_pos:meta.end_pos]
        face = "face-up" if "face-up" in said else ("face-down" if "face-down" in said else None)
        control = "you" if UNDER_YOUR_CONTROL in children else None
        children = [c for c in children if c is not UNDER_YOUR_CONTROL]
        return Effect("put-into-play", target=children[0],
                      values=values(face=face, area=children[1] if len(children) > 1 else None, control=control),
                      part=self._part(meta))

    def put_into_play_from(self, meta, children):
        """"Put a Friend ... into play from your discard pile": the card is
        found in that zone."""
        target, zone = children
        if isinstance(zone, tuple):
            raise _Unreadable("a card put into play from beneath a card", meta.start_pos)
        return Effect("put-into-play", target=replace(target, zone=zone), part=self._part(meta))

    under_your_control = _constant(UNDER_YOUR_CONTROL)

    def away_from(self, meta, children):
        return children[0]

    away_from_here = _constant("here")

    def token_kind(self, meta, children):
        said = self.source[meta.start_pos:meta.end_pos]
        return ("token-kind", list(children), " with " in said)

    def tokens_both(self, meta, children):
        """"Put a 1 [Loyalty] Pegasus Friend token with Swift and a 1
        [Laughter] Earth Pony Friend token into play": each token in turn."""
        kinds = [c for c in children if isinstance(c, tuple) and c[:1] == ("token-kind",)]
        where = [c for c in children if isinstance(c, str) and not isinstance(c, Token)]
        made = [self._token(meta, kind[1] + where, kind[2]) for kind in kinds]
        return _then(made[0], made[1])

    def tokens_either(self, meta, children):
        """"Put a ... token with Prepared, a ... token, or a ... token with
        Swift into play here": one of the tokens, as "choose one" reads."""
        kinds = [c for c in children if isinstance(c, tuple) and c[:1] == ("token-kind",)]
        where = [c for c in children if isinstance(c, str) and not isinstance(c, Token)]
        options = tuple(self._token(meta, kind[1] + where, kind[2]) for kind in kinds)
        return Effect("choose", amount=Amount(1), choices=options, part=self._part(meta))

    def token(self, meta, children):
        return self._token(meta, children, " with " in self.source[meta.start_pos:meta.end_pos])

    def token_color_word(self, meta, children):
        """"Put a 1 Pink Earth Pony Friend token into play": the token's color
        said by its name where the color's icon could stand."""
        children = list(children)
        at = 2 if isinstance(children[0], int) and not isinstance(children[0], Token) else 1
        word = str(children[at]).lower()
        icon = next((icon for icon, color in COLORS.items() if color == word), None)
        if icon is None:
            raise _Unreadable(f"a token of the color {word!r}", children[at].start_pos)
        children[at] = Token("COLOR", f"[{icon}]")
        return self._token(meta, children, " with " in self.source[meta.start_pos:meta.end_pos])

    def _token(self, meta, children, with_keyword: bool):
        count = Amount(1)
        if isinstance(children[0], int) and not isinstance(children[0], Token):
            count, children = Amount(children[0]), children[1:]
        power, color = int(children[0]), COLORS[str(children[1])[1:-1]]
        children = children[:2] + _one_trait_a_name(children[2:])
        traits = tuple(c[2] for c in children[2:] if isinstance(c, tuple) and c[:2] == ("filter", "trait"))
        others = [c for c in children[2:] if isinstance(c, tuple) and c[:2] not in (("filter", "trait"),)
                  and c[0] != "noun"]
        if others:
            raise _Unreadable("a token described otherwise than by power, color, traits and keywords",
                              meta.start_pos)
        noun = next(c[1] for c in children if isinstance(c, tuple) and c[0] == "noun")
        said = [c for c in children[2:] if isinstance(c, str) and not isinstance(c, Token)]
        keyword = said.pop(0) if said and with_keyword else None
        if keyword is not None and _keyword_named(keyword) is None:
            raise _Unreadable(f"not a keyword: {keyword!r}", meta.start_pos)
        area = said[0] if said else None
        description = values(power=power, color=color, traits=traits, type=noun,
                             keyword=_keyword_named(keyword) if keyword else None)
        return Effect("token", amount=count, values=values(token=description, area=area), part=self._part(meta))

    def token_number(self, meta, children):
        """"Put a number of 1 [Laughter] Earth Pony Friend tokens into play
        equal to its power"."""
        made = self.token(meta, children[:-1])
        return replace(made, amount=children[-1])

    def take_control(self, meta, children):
        return Effect("take-control", target=children[0], part=self._part(meta))

    def to_deck_bottom(self, meta, children):
        return Effect("to-deck", target=children[0], values=values(to="bottom"), part=self._part(meta))

    def move_from(self, meta, children):
        return Effect("move", target=children[0], values=values(**{"from": children[1]}, area=children[2]),
                      part=self._part(meta))

    def move_away(self, meta, children):
        """"Move an opponent's character away from that Problem": the value
        'away' (the area it goes to is not said)."""
        return Effect("move", target=children[0], values=values(**{"from": children[1]}, away=True),
                      part=self._part(meta))

    def copy_effects(self, meta, children):
        """"... to copy its effects", "copy that Event's effects", "copy this
        effect": the verb 'copy-effects' (``of``: it, that, this)."""
        said = self.source[meta.start_pos:meta.end_pos].split()
        of = {"its": "it", "that": "that", "this": "this"}[said[1]]
        return Effect("copy-effects", values=values(of=of), part=self._part(meta))

    def pay_to(self, meta, children):
        optional = children[0] == "optional"
        amount, effect = children[-2], children[-1]
        done = replace(effect, condition=Condition("did"))
        return Effect("pay", amount=amount, optional=optional, then=done, part=self._part(meta))

    def move(self, meta, children):
        target, area = children[0], children[1] if len(children) > 1 else None
        if (area is None and isinstance(target, Selector) and target.where == "here"
                and target.part is not None and target.part.text.endswith(" here")):
            # "Pay [1] to move your opponent's Mane Character here": naming no other destination, "here" is where it goes
            target, area = replace(target, where=None), "here"
        return Effect("move", target=target, values=values(area=area), part=self._part(meta))

    def move_there(self, meta, children):
        """"Move this card there": to the area named before ("there")."""
        return Effect("move", target=children[0], values=values(area="there"), part=self._part(meta))

    def draw_additional(self, meta, children):
        return Effect("draw", amount=Amount(1), values=values(additional=True), part=self._part(meta))

    def draw(self, meta, children):
        return Effect("draw", amount=children[0], part=self._part(meta))

    def discard_random(self, meta, children):
        return Effect("discard", amount=Amount(1), values=values(random=True), part=self._part(meta))

    def gain(self, meta, children):
        return Effect("gain", amount=children[0], part=self._part(meta))

    def pay(self, meta, children):
        return Effect("pay", amount=children[0], part=self._part(meta))

    def score_additional(self, meta, children):
        return Effect("score", amount=Amount(1), values=values(additional=True), part=self._part(meta))

    def look_top(self, meta, children):
        if len(children) == 1:
            children = [Amount(1)] + list(children)
        return Effect("look", target=Selector("card", count=children[0], zone=children[1],
                                              filters=(("top", True),)), part=self._part(meta))

    def search_to_hand(self, meta, children):
        return Effect("search", target=children[1], values=values(zone=children[0], to="hand"),
                      part=self._part(meta))

    # cards revealed split: "a revealed Friend" (one of the cards revealed
    # this way), "all remaining cards" / "all other revealed cards" (the
    # revealed cards not put elsewhere)
    def revealed_one(self, meta, children):
        number = next((c for c in children if isinstance(c, int) and not isinstance(c, Token)), 1)
        found = self.noun_phrase(meta, [c for c in children if isinstance(c, tuple)])
        return replace(found, count=Amount(number), every=False,
                       filters=found.filters + (("this-way", "revealed"),))

    def remaining_cards(self, meta, children):
        return Selector("card", count=Amount(None), every=True, filters=(("remaining", "revealed"),),
                        part=self._part(meta))

    def arrange_rest(self, meta, children):
        to = "bottom" if " bottom " in self.source[meta.start_pos:meta.end_pos] else "top"
        return Effect("arrange", target=children[0], values=values(to=to), part=self._part(meta))

    def to_hand_arrange_rest(self, meta, children):
        first, rest = children
        said = self.source[meta.start_pos:meta.end_pos]
        to = "bottom" if " bottom " in said[said.index(" and "):] else "top"
        return Effect("to-hand", target=first, then=Effect("arrange", target=rest, values=values(to=to)),
                      part=self._part(meta))

    def to_hand_rest_bottom(self, meta, children):
        """"Put one of them into your hand and the rest on the bottom": the
        cards not chosen, of those the sentence before names, go to the
        bottom of the deck (a verb of its own, 'to-hand-rest-bottom')."""
        return Effect("to-hand-rest-bottom", target=children[0], values=values(rest="bottom"),
                      part=self._part(meta))

    def arrange(self, meta, children):
        return Effect("arrange", target=Selector("that", ref="them"), values=values(to="top"), part=self._part(meta))

    def top_or_bottom(self, meta, children):
        return Effect("to-deck", target=children[0], values=values(to="top-or-bottom"), part=self._part(meta))

    def turn_over(self, meta, children):
        return Effect("turn-over", target=THIS_CARD, part=self._part(meta))

    def turn_to_side(self, meta, children):
        """"Turn a Mane Character to its start side": turned over only if it
        is on the other side, the value 'side' of 'turn-over'."""
        side = "boosted" if self.source[meta.start_pos:meta.end_pos].endswith("boosted side") else "start"
        return Effect("turn-over", target=children[0], values=values(side=side), part=self._part(meta))

    def turn_selector_over(self, meta, children):
        """"Turn a Mane Character over" (301.2), "turn over an opposing
        Troublemaker" (face-down to face-up or back: the verb
        'turn-troublemaker-over')."""
        target = children[0]
        if target.noun == "Mane Character":
            return Effect("turn-over", target=target, part=self._part(meta))
        if target.noun == "Troublemaker":
            return Effect("turn-troublemaker-over", target=target, part=self._part(meta))
        raise _Unreadable(f"turning over a card that is not a Mane Character or a Troublemaker ({target.noun})",
                          meta.start_pos)

    def reattach(self, meta, children):
        return Effect("attach", target=children[0], values=values(again=True, to="another-friend"),
                      part=self._part(meta))

    def gain_token(self, meta, children):
        source = next((c for c in children if isinstance(c, Selector)), None)
        unless = next((c for c in children if isinstance(c, Condition)), None)
        return Effect("gain", amount=Amount(1), values=values(source=source), condition=unless,
                      part=self._part(meta))

    def unless_gained(self, meta, children):
        return Condition("did", negated=True, values=values(what="gain", source=children[0], during="faceoff"),
                         part=self._part(meta))

    def counters(self, meta, children):
        if str(children[-2]) != "+1":
            raise _Unreadable(f"{children[-2]} power counters", meta.start_pos)
        amount = Amount(int(children[0])) if len(children) > 2 else Amount(1)
        return Effect("counters", target=children[-1], amount=amount, part=self._part(meta))

    def distribute_counters(self, meta, children):
        """"Distribute two +1 power counters among up to two of your Friends":
        the counters split as the player chooses among the cards found."""
        number, kind, target = children
        if str(kind) != "+1":
            raise _Unreadable(f"{kind} power counters", meta.start_pos)
        return Effect("distribute-counters", target=target, amount=Amount(int(number)), part=self._part(meta))

    def banish_beneath(self, meta, children):
        return Effect("banish", target=children[0], values=values(beneath=children[1]), part=self._part(meta))

    # "a number of ... equal to / up to <quantity>": a number the game state
    # gives, as an Amount of one for each thing its ``per`` finds (the
    # points of a card's power or cost, the colors of a card, counters)
    def equal_to(self, meta, children):
        return children[0]

    def up_to_quantity(self, meta, children):
        return replace(children[0], up_to=True)

    def q_number_of(self, meta, children):
        return Amount(1, per=children[0])

    def q_colors_of(self, meta, children):
        return Amount(1, per=Selector("color", filters=(("of", children[0]),), part=self._part(meta)))

    def q_counters_on(self, meta, children):
        kind = str(children[0]) if isinstance(children[0], Token) and children[0].type == "SIGNED" \
            else self._word(children[0])
        return Amount(1, per=Selector("counter", filters=(("kind", kind), ("on", children[-1])),
                                      part=self._part(meta)))

    def q_quality(self, meta, children):
        words = self.source[meta.start_pos:meta.end_pos].split()
        quality = "cost" if words[-1] == "cost" else "printed-power" if "printed" in words else "power"
        return Amount(1, per=Selector(quality, filters=(("of", children[0]),), part=self._part(meta)))

    def q_combined_power(self, meta, children):
        return Amount(1, per=Selector("power", filters=(("of", children[0]),), part=self._part(meta)))

    def q_highest_power(self, meta, children):
        """"The highest power among opposing cards involved in the faceoff":
        the power of the card with the most power of those ('highest-power')."""
        return Amount(1, per=Selector("highest-power", filters=(("of", children[0]),), part=self._part(meta)))

    def power_even(self, meta, children):
        return self._parity(meta, children[0], "even")

    def power_odd(self, meta, children):
        return self._parity(meta, children[0], "odd")

    def _parity(self, meta, subject, parity: str):
        """"If that card's power is even": the parity of a card's power (105.3: zero is even)."""
        printed = "printed" in self.source[meta.start_pos:meta.end_pos].split() or None
        return Condition("parity", subject=subject, values=values(parity=parity, printed=printed), part=self._part(meta))

    qo_it = _constant(Selector("it"))
    qo_self = _constant(THIS_CARD)

    def qo_that(self, meta, children):
        word = self.source[meta.start_pos:meta.end_pos].split()[-1][:-2]
        return Selector("that", ref={"friend": "Friend", "character": "character", "troublemaker": "Troublemaker",
                                     "event": "Event", "card": "card"}[word])

    def number_of(self, meta, children):
        return replace(children[0], count=children[1], every=False)

    def counters_number(self, meta, children):
        if str(children[0]) != "+1":
            raise _Unreadable(f"{children[0]} power counters", meta.start_pos)
        return Effect("counters", target=children[1], amount=children[2], part=self._part(meta))

    def power_equal(self, meta, children):
        return Modifier("power-equal", subject=THIS_CARD, amount=children[0], part=self._part(meta)), None

    def power_doubled(self, meta, children):
        times = children[0] if children else Amount(1)
        return Modifier("power-doubled", subject=THIS_CARD, amount=times, part=self._part(meta)), None

    def that_power_doubled(self, meta, children):
        """"Double that Friend's power" (of the Friend a Resource is played
        on): its power doubled, as "this card's power is doubled" reads of
        the card itself."""
        modifier, condition = self.power_doubled(meta, children)
        said = self.source[meta.start_pos:meta.end_pos].split()[2]
        ref = "Friend" if said == "friend's" else "character"
        return replace(modifier, subject=Selector("that", ref=ref, part=self._part(meta))), condition

    def look_top_per(self, meta, children):
        owner, per = children
        return Effect("look", target=Selector("card", count=Amount(1, per=per), zone="deck",
                                              controller="you" if owner == "your" else owner,
                                              filters=(("top", True),)), part=self._part(meta))

    def arrange_split(self, meta, children):
        return Effect("arrange", target=Selector("that", ref="them", count=Amount(None, up_to=True)),
                      values=values(to="top", rest="bottom"), part=self._part(meta))

    def arrange_either(self, meta, children):
        return Effect("arrange", target=Selector("that", ref="them"), values=values(to="top-or-bottom"),
                      part=self._part(meta))

    def remove_counters(self, meta, children):
        said = self.source[meta.start_pos:meta.end_pos]
        number = next((c for c in children if isinstance(c, int) and not isinstance(c, Token)), None)
        sign = next((c for c in children if isinstance(c, Token) and c.type == "SIGNED"), None)
        if sign is not None and str(sign) != "+1":
            raise _Unreadable(f"{sign} power counters", meta.start_pos)
        kind = "+1 power" if sign is not None else None
        named = next((c for c in children if isinstance(c, Token) and c.type == "WORD"), None)
        if named is not None:
            kind = self._word(named)
            if not kind[:1].isupper():
                raise _Unreadable(f"{kind!r} counters", named.start_pos)
        amount = Amount(None) if said.split()[1] in ("all", "each") else Amount(number or 1)
        return Effect("remove-counters", target=children[-1], amount=amount, values=values(kind=kind),
                      part=self._part(meta))

    def play_free(self, meta, children):
        zone = children[1] if len(children) > 1 else None
        if isinstance(zone, tuple):
            raise _Unreadable("playing from beneath a card", meta.start_pos)
        return Effect("play", target=children[0], values=values(free=True, zone=zone), part=self._part(meta))

    def give_vp(self, meta, children):
        return self._power(meta, children[0], children[1], None)

    def turn_face_down(self, meta, children):
        return Effect("turn-face-down", target=children[0], part=self._part(meta))

    def send_back(self, meta, children):
        return Effect("send", target=children[0], values=values(area="previous"), part=self._part(meta))

    def send_home(self, meta, children):
        return Effect("send", target=children[0], values=values(area="home"), part=self._part(meta))

    def cant_lasting(self, meta, children):
        target, action, duration = children
        return Effect("cant", target=target, duration=duration, values=values(action=action), part=self._part(meta))

    def cant_act_effect(self, meta, children):
        """"Opponents can't move their characters this turn", "players can't
        confront that Problem that turn": a can't of the players named, on
        what they would act on, for the turn (``by``: whose doing it
        forbids)."""
        who, action = children
        said = self.source[meta.start_pos:meta.end_pos]
        duration = "turn" if said.endswith((" this turn", " that turn")) else None
        return Effect("cant", target=action["what"], duration=duration,
                      values=values(action=_PASSIVE[action["action"]], by=who, to=action.get("to"),
                                    **{"from": action.get("from")}),
                      part=self._part(meta))

    def cant_act_during_effect(self, meta, children):
        """"Until the end of the turn, ... opponents can't play cards during
        faceoffs" (Listen Up!): a can't for a while that holds only during
        the faceoffs (or phase) named, read as 'cant-during' (the engine's
        can'ts for a while hold all the while)."""
        who, action, during = children
        return Effect("cant-during", target=action["what"],
                      values=values(action=_PASSIVE[action["action"]], by=who, to=action.get("to"), during=during),
                      part=self._part(meta))

    def cant_effect(self, meta, children):
        target, action = children
        duration = "turn" if self.source[meta.start_pos:meta.end_pos].endswith("this turn") else None
        return Effect("cant", target=target, duration=duration, values=values(action=action),
                      part=self._part(meta))

    def unfrighten(self, meta, children):
        return Effect("unfrighten", target=children[0], part=self._part(meta))

    def replace_problem(self, meta, children):
        if children[0].noun not in ("Problem", "it", "self"):
            raise _Unreadable(f"replacing a {children[0].noun}", meta.start_pos)
        return Effect("replace", target=children[0], part=self._part(meta))

    def reattach_to(self, meta, children):
        return Effect("attach", target=children[0], values=values(again=True, to=children[1]), part=self._part(meta))

    def flip_more(self, meta, children):
        return Effect("flip", amount=Amount(children[0]), part=self._part(meta))

    def flip_change(self, meta, children):
        """"Flip an additional card during faceoffs (until ...)", "opponents
        flip 1 fewer cards for faceoffs until ...": a change, for a while, of
        the number of cards a player flips in every faceoff ('flip-change'),
        not only in the one under way."""
        number = int(children[0]) if children else 1
        sign = -1 if " fewer " in self.source[meta.start_pos:meta.end_pos] else 1
        return Effect("flip-change", amount=Amount(sign * number), part=self._part(meta))

    def flip_one(self, meta, children):
        return Effect("flip", amount=Amount(1), part=self._part(meta))

    def cost_reduced(self, meta, children):
        subject, amount = children
        return Effect("cost-change", target=subject, amount=Amount(-amount.value), part=self._part(meta))

    def count_cards(self, meta, children):
        return Amount(int(children[0])) if children else Amount(1)

    your_deck = _constant("deck")

    def whose_deck(self, meta, children):
        return {"your": "deck", "opponent": "opponent-deck"}.get(children[0], f"{children[0]}-deck")
    problem_deck = _constant("problem-deck")
    this_problem_deck = _constant("this-problem-deck")
    your_discard = _constant("discard")
    any_discard = _constant("any-discard")
    your_hand = _constant("hand")
    your_deck_zone = _constant("deck")

    def beneath(self, meta, children):
        return ("beneath", children[0])

    def until_end(self, meta, children):
        return children[0]

    # "until the end of your turn": the end of the turn of the ability's
    # controller, not of the turn it is carried out in (a duration of its own)
    until_end_of_your_turn = _constant("your-turn")

    turn, phase, faceoff = _constant("turn"), _constant("phase"), _constant("faceoff")

    def until_end_of_phase(self, meta, children):
        return f"{children[0]}-phase"
    until_next_turn = _constant("next-turn")

    def until_you_play(self, meta, children):
        """"Until you play a Friend": the duration 'until-you-play-Friend'."""
        return f"until-you-play-{children[0][1]}"
    until_this_leaves = _constant("while-this-in-play")
    that_turn = _constant("turn")

    def this_span(self, meta, children):
        return children[0]

    def power_change(self, meta, children):
        return list(children)

    def change(self, meta, children):
        color = COLORS[str(children[1])[1:-1]] if len(children) > 1 else None
        return Amount(int(children[0])), color

    def tokens_change(self, meta, children):
        text = str(children[0])
        number = re.search(r"\d+|x", text).group()
        value = None if number == "x" else int(number)
        if text.startswith("-") and value is not None:
            value = -value
        if "wild" in text:
            raise _Unreadable("wild power", meta.start_pos)
        return Amount(value, variable="X" if value is None else None)

    def tokens(self, meta, children):
        number = re.search(r"\d+|x", str(children[0])).group()  # [1], or 1AT as some cards write it
        return Amount(None, variable="X") if number == "x" else Amount(int(number))

    # selectors ------------------------------------------------------------------
    def noun_phrase(self, meta, children):
        fields = {"noun": None, "count": Amount(1), "every": False, "controller": None, "where": None,
                  "zone": None}
        filters = {}
        counted = any(child[0] == "count" for child in children)
        for child in _one_trait_a_name(children):
            kind = child[0]
            if kind == "noun":
                fields["noun"] = child[1]
                if len(child) > 2 and child[2] and not counted:  # a bare plural: all of them
                    fields["count"], fields["every"] = Amount(None), True
            elif kind == "count":
                fields["count"] = child[1]
                fields["every"] = child[2]
            elif kind in ("controller", "where", "zone"):
                fields[kind] = child[1]
            elif kind == "filter":
                key, value = child[1], child[2]
                if key in filters and key == "color":
                    value = tuple(sorted(set((filters[key] if isinstance(filters[key], tuple) else (filters[key],))
                                             + (value,))))
                filters[key] = value
        return Selector(fields["noun"], count=fields["count"], every=fields["every"],
                        controller=fields["controller"], where=fields["where"], zone=fields["zone"],
                        filters=tuple(sorted(filters.items())), part=self._part(meta))

    def either_noun_phrase(self, meta, children):
        nouns = [c[1] for c in children if isinstance(c, tuple) and c[0] == "noun"]
        plural = any(c[2] for c in children if isinstance(c, tuple) and c[0] == "noun")
        rest = [c for c in children if not (isinstance(c, tuple) and c[0] == "noun")]
        selector = self.noun_phrase(meta, rest + [("noun", "card", plural)])
        return _with(selector, nouns=tuple(nouns))

    def both_noun_phrase(self, meta, children):
        """"Each opposing Resource and Troublemaker", "characters, Resources,
        and Troublemakers": every card of each type named, as "or" reads;
        "a Friend, Resource, Event, and Troublemaker": one card of each
        type, the filter 'one-of-each'."""
        selector = self.either_noun_phrase(meta, children)
        if selector.every:
            return selector
        return _with(selector, **{"one-of-each": True})

    def trait_noun_phrase(self, meta, children):
        """A Trait for a noun: "your Critters here", "a Critter", "your
        other Pirates", "a Seapony": the cards with that Trait (all of them
        where the Trait is said in the plural).  Capitalised words that name
        no Trait are a card's name ("a Lyra", "each Slick Shades", "each
        other Pukwudgie": the cards with that name); a word in lower case
        that names no Trait is not read."""
        token = [c for c in children if isinstance(c, Token) and c.type == "WORD"][-1]
        said = self._word(token)
        singular = _trait_said(said)
        if singular is None:
            return self._named_for_noun(meta, children, said, token)
        others = [c for c in children if c is not token]
        return self.noun_phrase(meta, others + [("filter", "trait", singular), ("noun", "card", singular != said)])

    def _named_for_noun(self, meta, children: list, said: str, token: Token) -> Selector:
        """The cards named by capitalised words where a Trait was expected:
        the last word and the words read as Traits just before it."""
        before = children[:children.index(token)]
        run = []
        while before and isinstance(before[-1], tuple) and before[-1][:2] == ("filter", "trait"):
            run.insert(0, before.pop()[2])
        words = [*run, said]
        if not all(word[:1].isupper() for word in words) or " ".join(words).casefold() in known_traits():
            raise _Unreadable(f"{said!r} is not a trait", token.start_pos)
        after = children[children.index(token) + 1:]
        return self.noun_phrase(meta, before + after + [("filter", "name", " ".join(words)), ("noun", "card", False)])

    def this_card(self, meta, children):
        return Selector("self", part=self._part(meta))

    this_problem = this_card

    def this_card_from(self, meta, children):
        zone = children[0]
        if isinstance(zone, tuple):
            raise _Unreadable("this card beneath a card", meta.start_pos)
        return Selector("self", zone=zone, part=self._part(meta))

    def up_to_of(self, meta, children):
        return replace(children[1], count=Amount(int(children[0]), up_to=True), every=False)

    def hand_of(self, meta, children):
        whose = children[0]
        return Selector("hand", controller={"your": "you", "each": "any"}.get(whose, whose), part=self._part(meta))

    a_color = _constant(Selector("color"))

    def first_each_turn(self, meta, children):
        """"Your first Friend each turn", "the first Friend you play at (or
        to) this Problem each turn": the filter 'played-to' the area."""
        children = [c["to"] if isinstance(c, dict) and set(c) == {"to"} else c for c in children]
        rest = [c for c in children if not isinstance(c, str)]
        where = next((c for c in children if isinstance(c, str)), None)
        selector = self.noun_phrase(meta, rest)
        selector = replace(selector, count=Amount(1), every=False)
        if self.source[meta.start_pos:meta.end_pos].startswith("your "):
            selector = replace(selector, controller="you")
        if where is not None:
            selector = _with(selector, **{"played-to": where})
        return _with(selector, first="turn")

    def next_noun(self, meta, children):
        selector = self.noun_phrase(meta, children)
        return _with(selector, **{"next-played": "turn"})

    non_unique = _constant(("filter", "unique", False))

    def this_cards_problem(self, meta, children):
        return Selector("Problem", where="here", part=self._part(meta))

    def this_host(self, meta, children):
        """"This Friend", "this character": on a Resource, the card it is
        played on (the Resource's text speaks of its Friend); on any other
        card, the card the text is printed on (201.2)."""
        if self.card_type is not None and self.card_type != "Resource":
            return Selector("self", part=self._part(meta))
        return Selector("host", part=self._part(meta))

    def attached_host(self, meta, children):
        """"The attached Friend": the card this card is played on."""
        return Selector("host", part=self._part(meta))

    it = _constant(Selector("it"))
    them = _constant(Selector("that", ref="them"))
    its_owner = _constant(Selector("player", ref="owner"))
    its_controller = _constant(Selector("player", ref="controller"))
    that_player = _constant(Selector("player", ref="that"))
    that_players_opponent = _constant(Selector("opponent", ref="that-player"))
    they = _constant(Selector("player", ref="they"))
    you = _constant(Selector("you"))
    your_opponent = _constant(Selector("opponent"))
    your_opponents = _constant(Selector("opponent", every=True, count=Amount(None)))
    def an_opponent(self, meta, children):
        if self.source[meta.start_pos:meta.end_pos] == "opponents":  # every opponent
            return Selector("opponent", every=True, count=Amount(None), part=self._part(meta))
        return Selector("opponent", part=self._part(meta))
    a_player = _constant(Selector("player"))
    each_player = _constant(Selector("player", every=True, count=Amount(None)))

    the_winner = _constant(Selector("player", ref="winner"))
    the_loser = _constant(Selector("player", ref="loser"))
    the_challengers = _constant(Selector("player", ref="challengers"))
    the_villain = _constant(Selector("player", ref="villain"))
    that_opponent = _constant(Selector("opponent", ref="that"))
    each_opponent = _constant(Selector("opponent", every=True, count=Amount(None)))

    def player_with_most(self, meta, children):
        said = self.source[meta.start_pos:meta.end_pos]
        most = "most" if " most " in said else "fewest"
        what = children[0] if children and isinstance(children[0], Selector) else "points"
        if len(children) > 1 or (children and isinstance(children[-1], str) and what != "points"):
            what = replace(what, where=children[-1])
        return Selector("player", filters=((most, what),), part=self._part(meta))

    def named_card(self, meta, children):
        controller = next((c[1] for c in children if isinstance(c, tuple)), None)
        words = [self._word(c) for c in children if isinstance(c, Token)]
        if len(words) == 1 and _trait_said(words[0]) is not None:  # "your Seaponies": a Trait, not a name
            return self.trait_noun_phrase(meta, children)
        if not all(word[:1].isupper() for word in words):
            raise _Unreadable(f"not a card's name: {' '.join(words)!r}", meta.start_pos)
        return Selector("card", controller=controller, filters=(("name", " ".join(words)),), part=self._part(meta))

    def that_noun(self, meta, children):
        return Selector("that", ref=children[0][1], part=self._part(meta))

    def that_either_noun(self, meta, children):
        """"That Friend or Troublemaker": the card an earlier part named,
        whichever of the types it is ("that card")."""
        return Selector("that", ref="card", part=self._part(meta))

    def its_problem_sel(self, meta, children):
        return Selector("Problem", where="its-problem", part=self._part(meta))

    def that_cards_problem_sel(self, meta, children):
        return Selector("Problem", where="that-card-problem", part=self._part(meta))

    cutie_marked_adj = _constant(("filter", "status", "cutie-marked"))

    def post_with_counter(self, meta, children):
        """"Resources with Art counters on them", "one of your Friends with a
        Friendship counter": the filter 'counter', the kind of counter."""
        return ("filter", "counter", self._counter_kind(next(c for c in children if isinstance(c, Token)
                                                              and c.type == "WORD")))

    def post_with_power_counter(self, meta, children):
        """"Your Friends with +1 power counters on them": the filter 'counter' '+1'."""
        sign = next(str(c) for c in children if isinstance(c, Token) and c.type == "SIGNED")
        return ("filter", "counter", sign)

    def post_with_attached_noun(self, meta, children):
        without = self.source[meta.start_pos:meta.end_pos].startswith("without")
        return ("filter", "without-attached" if without else "with-attached", Selector(children[0][1]))

    def their_noun(self, meta, children):
        return Selector(children[0][1], count=Amount(None), every=True, controller="their", part=self._part(meta))

    def at_least_of(self, meta, children):
        number = int(children[0]) if len(children) > 1 else 1
        return _with(replace(children[-1], count=Amount(number), every=False), at_least=True)

    def another_one_of(self, meta, children):
        return _with(replace(children[0], count=Amount(1), every=False), other=True)

    def one_or_more(self, meta, children):
        return _with(replace(children[0], count=Amount(1), every=False), at_least=True)

    def this_or_another(self, meta, children):
        return _with(replace(children[0], count=Amount(1), every=False), **{"or-self": True})

    def this_or_another_noun(self, meta, children):
        """"This or another Friend": this card or any other of them, as
        "this or another one of your Friends" reads (the filter 'or-self')."""
        return _with(self.noun_phrase(meta, children), **{"or-self": True})

    token_adj = _constant(("filter", "token", True))
    frightened_adj = _constant(("filter", "status", "frightened"))
    boosted_adj = _constant(("filter", "status", "boosted"))

    def n_of(self, meta, children):
        return replace(children[1], count=Amount(int(children[0])), every=False)

    def one_of(self, meta, children):
        return replace(children[0], count=Amount(1), every=False)

    def next_card_you_play(self, meta, children):
        return Selector("card", filters=(("next-played", "turn"),), controller="you", part=self._part(meta))

    def last_card_in_hand(self, meta, children):
        """"The last card in your hand": the card whose playing leaves the
        hand empty, the filter 'last'."""
        return Selector("card", zone="hand", controller="you", filters=(("last", True),), part=self._part(meta))

    def flipped_card(self, meta, children):
        noun = "Event" if "event" in self.source[meta.start_pos:meta.end_pos] else "card"
        return Selector(noun, zone="flip", part=self._part(meta))

    a = _constant(("count", Amount(1), False))
    each = _constant(("count", Amount(None), True))
    any_number = _constant(("count", Amount(None, up_to=True), False))

    def another(self, meta, children):
        return ("filter", "other", True)

    def number(self, meta, children):
        return ("count", Amount(int(children[0])), False)

    p_your = _constant(("controller", "you"))
    p_opponents = _constant(("controller", "opponent"))
    p_their = _constant(("controller", "their"))
    p_their_opponents = _constant(("controller", "their-opponent"))  # "each of their opponent's Friends"
    p_owners = _constant(("controller", "owner"))
    p_that_player = _constant(("controller", "that-player"))
    other = _constant(("filter", "other", True))
    ready_ = _constant(("filter", "status", "ready"))
    exhausted_ = _constant(("filter", "status", "exhausted"))
    face_down = _constant(("filter", "status", "face-down"))
    face_up = _constant(("filter", "status", "face-up"))
    random_ = _constant(("filter", "random", True))

    def color_either(self, meta, children):
        return ("filter", "color", tuple(COLORS[str(c)[1:-1]] for c in children))

    def color(self, meta, children):
        return ("filter", "color", COLORS[str(children[0])[1:-1]])

    def trait(self, meta, children):
        token = children[0]
        word = self._word(token)
        if token.type == "TRAIT":
            word = word[1:-1]
            if word.lower() == "critic":  # the data's misprint of the Critter icon
                word = "Critter"
        if word.lower() in ("non-token", "non-attachment"):
            return ("filter", word.lower()[4:], False)
        if word.lower() == "attachment":  # "an attachment Resource"
            return ("filter", "attachment", True)
        if word.lower().startswith("non-") and word[4:5].isupper():
            return ("filter", "not-trait", word[4:])
        if not word[:1].isupper():
            raise _Unreadable(f"{word!r} is not a trait", token.start_pos)
        return ("filter", "trait", word)

    def _noun(name):
        def build(self, meta, children):
            plural = self.source[meta.start_pos:meta.end_pos].endswith("s")
            return ("noun", name, plural)
        return build

    card, character, friend = _noun("card"), _noun("character"), _noun("Friend")
    troublemaker, resource, problem = _noun("Troublemaker"), _noun("Resource"), _noun("Problem")
    event, mane_character, player = _noun("Event"), _noun("Mane Character"), _noun("player")
    accessory = _noun("Accessory")
    action_token = _noun("action-token")

    def noun(self, meta, children):
        return children[0]

    def post_at(self, meta, children):
        return ("where", children[0])

    post_here = _constant(("where", "here"))
    post_there = _constant(("where", "there"))
    post_home = _constant(("where", "home"))
    post_on_it = _constant(("filter", "on", Selector("it")))
    post_involved = _constant(("filter", "involved", "that-faceoff"))
    post_with_this = _constant(("filter", "with", THIS_CARD))

    def post_power_extreme(self, meta, children):
        """"With the highest power (among opposing characters)", "with the
        least power among Friends involved in the faceoff": the card whose
        power no other card of those has more (less) than, the filter
        'power-extreme' (among the cards described before where none is said)."""
        said = self.source[meta.start_pos:meta.end_pos].split()
        extreme = "highest" if said[2] == "highest" else "least"
        return ("filter", "power-extreme", (extreme, children[0] if children else None))

    post_with_that_name = _constant(("filter", "name", "named"))
    post_with_same_name = _constant(("filter", "name", "same"))
    post_with_that_type = _constant(("filter", "card-type", "named"))

    def post_with_keyword(self, meta, children):
        keyword = _keyword_named(children[0])
        if keyword is None:
            raise _Unreadable(f"not a keyword: {children[0]!r}", meta.start_pos)
        return ("filter", "keyword", keyword)

    post_you_control = _constant(("controller", "you"))
    post_they_control = _constant(("controller", "their"))
    post_that_player_controls = _constant(("controller", "that-player"))

    def post_shares(self, meta, children):
        what = "trait" if "trait" in self.source[meta.start_pos:meta.end_pos] else "color"
        return ("filter", f"shares-{what}", children[0])

    def post_power_exactly(self, meta, children):
        return ("filter", "power", f"=={int(children[0])}")

    def post_power_at_least(self, meta, children):
        return ("filter", "power", f">={int(children[0])}")

    def post_held(self, meta, children):
        holder = children[0]
        if holder.noun in ("you", "opponent"):
            return ("controller", holder.noun)
        return ("controller", {"they": "their", "that": "that-player"}[holder.ref])

    def post_this_way(self, meta, children):
        return ("filter", "this-way", self.source[meta.start_pos:meta.end_pos].split()[-3 if
                                      self.source[meta.start_pos:meta.end_pos].endswith("this way") else -1])

    post_in_play = _constant(("zone", "play"))
    opponent_hand = _constant("opponent-hand")
    opponent_discard = _constant("opponent-discard")

    def done_word(self, meta, children):
        return None

    def post_from(self, meta, children):
        zone = children[0]
        if isinstance(zone, tuple):
            return ("filter", "beneath", zone[1])
        return ("zone", zone)

    def post_beneath(self, meta, children):
        return ("filter", "beneath", children[0])

    def post_cost_at_most(self, meta, children):
        return ("filter", "cost", f"<={int(children[0])}")

    def post_involved_any(self, meta, children):
        return ("filter", "involved", children[0]["kind"] if children else "faceoff")

    flipped_adj = _constant(("zone", "flip"))
    theirs = _constant("their")

    post_equal_or_greater = _constant(("filter", "power", ">=that"))
    post_shares_requirement = _constant(("filter", "requirement-shares-color", THIS_CARD))

    def post_printed_power_or(self, meta, children):
        compare = "<=" if self.source[meta.start_pos:meta.end_pos].endswith("less") else ">="
        return ("filter", "printed-power", f"{compare}{int(children[0])}")

    def post_printed_power(self, meta, children):
        return ("filter", "printed-power", f"=={int(children[0])}")

    def post_printed_power_at_least(self, meta, children):
        return ("filter", "printed-power", f">={int(children[0])}")

    post_played_here = _constant(("filter", "played-at", "here"))

    def post_power_less_than(self, meta, children):
        return ("filter", "power", f"<{int(children[0])}")

    def post_in_home(self, meta, children):
        whose = children[0]
        if whose not in ("your", "opponent", "their"):
            raise _Unreadable(f"{whose} home", meta.start_pos)
        # "their Assets in their home": the home of the player whose cards they are
        return ("where", "opponent-home" if whose == "opponent" else "home")

    def post_with_at_least(self, meta, children):
        what = replace(children[1], count=Amount(int(children[0])))
        if len(children) > 2:
            what = replace(what, where=children[2])
        return ("filter", "has", what)

    def post_named(self, meta, children):
        """"Your other Friends named Pukwudgie, Prickly Pest": the cards of
        that name (Title, or Title and Subtitle)."""
        return ("filter", "name", ", ".join(children))

    def post_with_one_at(self, meta, children):
        """"Each player with a character here": who has at least one of
        them there (the filter 'has', as "with at least 1 character here")."""
        noun, where = children
        return ("filter", "has", Selector(noun[1], where=where))

    def post_printed_power_at_most(self, meta, children):
        return ("filter", "printed-power", f"<={int(children[0])}")

    def post_with_attached(self, meta, children):
        without = self.source[meta.start_pos:meta.end_pos].startswith("without")
        return ("filter", "without-attached" if without else "with-attached", children[0])

    def post_on(self, meta, children):
        return ("filter", "on", children[0])

    def post_played_on(self, meta, children):
        return ("filter", "played-on", children[0])

    # "with power less than (or equal to) <a number the game state gives>"
    def post_power_vs(self, meta, children):
        compare = "<=" if " equal to " in self.source[meta.start_pos:meta.end_pos] else "<"
        return ("filter", "power-vs", (compare, children[0]))

    def post_cost_vs(self, meta, children):
        compare = "<=" if " equal to " in self.source[meta.start_pos:meta.end_pos] else "<"
        return ("filter", "cost-vs", (compare, children[0]))

    def post_power_than(self, meta, children):
        said = self.source[meta.start_pos:meta.end_pos].split()
        compare = "<" if said[1] in ("less", "lower") else ">"
        return ("filter", "power-vs", (compare, Amount(1, per=Selector("power", filters=(("of", children[0]),),
                                                                       part=self._part(meta)))))

    def post_power_at_most(self, meta, children):
        return ("filter", "power", f"<={int(children[0])}")

    def post_using_only(self, meta, children):
        return ("filter", "using-only", (COLORS[str(children[0])[1:-1]], children[1][1]))

    def post_or_color(self, meta, children):
        return ("filter", "color", COLORS[str(children[0])[1:-1]])

    any_problem = _constant("problem")
    that_problem = _constant("that-problem")
    this_problem_area = _constant("this-problem")
    here_area = _constant("here")
    its_problem = _constant("its-problem")
    same_problem = _constant("same-problem")
    opponents_problem = _constant("opponent-problem")
    home_area = _constant("home")
    random_problem = _constant("random-problem")
    each_problem_area = _constant("each-problem")
    there_area = _constant("there")
    another_problem = _constant("another-problem")
    other_areas = _constant("other-area")  # "at other locations": any area but this card's
    that_cards_problem = _constant("that-card-problem")

    def problem_with(self, meta, children):
        return ("problem-with", children[0])

    def where(self, meta, children):
        return children[0]

    here_where = _constant("here")
    each_problem_where = _constant("each-problem")
    each_other_problem_where = _constant("each-other-problem")
    home_where = _constant("home")


def _x(items) -> int | None:
    """The number (a keyword's X) among ``items``, if one."""
    return next((int(item) for item in items if isinstance(item, Token) and item.type == "INT"), None)


@cache
def known_traits() -> frozenset:
    """The Traits the cards of the card database print (casefolded; a
    Trait line's "Royalty/Alicorn" is two), or none where the database
    can't be read."""
    from rulebase.cards import database
    from rulebase.errors import RulebaseError

    try:
        cards = database.load().cards
    except (RulebaseError, OSError):
        return frozenset()
    return frozenset(part.strip().casefold() for card in cards
                     for side in (card, card.boosted) if side is not None
                     for trait in side.traits for part in trait.split("/"))


def _trait_said(word: str) -> str | None:
    """The Trait a capitalised word names, in the singular or the plural
    ("Critters", "Seaponies"), or ``None``."""
    if not word[:1].isupper():
        return None
    for one in (word, word[:-3] + "y" if word.endswith("ies") else None, word[:-1] if word.endswith("s") else None):
        if one and one.casefold() in known_traits():
            return one
    return None


def _one_trait_a_name(children: list) -> list:
    """The parts of a noun phrase with the words of one Trait joined: a
    Trait's name may be several words ("your Earth Pony Friends", "Pony
    Tone Friends"), each read as a trait word, and words side by side name
    one Trait, never two.  Words side by side that are no Trait's name are
    a card's name ("a Nightmare Moon card", "a Bon Bon card": the filter
    'name').

    >>> _one_trait_a_name([("filter", "trait", "Earth"), ("filter", "trait", "Pony"), ("noun", "Friend", True)])
    [('filter', 'trait', 'Earth Pony'), ('noun', 'Friend', True)]
    >>> _one_trait_a_name([("filter", "trait", "Bon"), ("filter", "trait", "Bon"), ("noun", "card", False)])
    [('filter', 'name', 'Bon Bon'), ('noun', 'card', False)]
    """
    joined, run = [], []
    for child in children + [None]:
        if isinstance(child, tuple) and child[:2] == ("filter", "trait"):
            run.append(child[2])
            continue
        if run:
            name = " ".join(run)
            known = known_traits()
            joined.append(("filter", "name" if len(run) > 1 and known and name.casefold() not in known else "trait",
                           name))
            run = []
        if child is not None:
            joined.append(child)
    return joined


_OF_EACH_AREAS = (None, "problem", "home", "this-problem")


def _said_of_each(condition: Condition | None, modifier):
    """A condition without a subject of its own ("while exhausted", "while
    involved in a faceoff", "while at a Problem with this card") in an
    ability changing other cards is said of each of them, not of the card
    whose text it is ("Your [Honesty] characters have +2 power while
    exhausted"): it becomes a filter of the cards the modifier names.
    Anything else is left as read."""
    subject = getattr(modifier, "subject", None)
    if (condition is None or not isinstance(subject, Selector)
            or subject.noun in ("self", "host", "it", "that", "player", "opponent", "you")):
        return condition, modifier
    parts = condition.all_of if condition.kind == "all" else (condition,)
    if not any(part.subject is THIS_CARD for part in parts):
        return condition, modifier
    kept, filters, where = [], {}, subject.where
    for part in parts:
        if part.subject is not THIS_CARD:
            kept.append(part)
        elif part.kind == "status" and not part.negated:
            filters["status"] = part.value("status")
        elif part.kind == "involved" and not part.negated and set(dict(part.values)) <= {"kind"}:
            filters["involved"] = True
            if part.value("kind") is not None:
                kept.append(Condition("during", values=values(phase="faceoff", kind=part.value("kind"))))
        elif part.kind == "with" and not part.negated:
            filters["with"] = part.value("what")
        elif part.kind == "at" and not part.negated and where is None and part.value("where") in _OF_EACH_AREAS:
            where = part.value("where")
        else:
            return condition, modifier
    condition = None if not kept else kept[0] if len(kept) == 1 else Condition("all", all_of=tuple(kept))
    return condition, replace(modifier, subject=replace(_with(subject, **filters), where=where))


def _that_problem_is_its_own(condition: Condition | None, modifier):
    """"While this card is at a Problem, each of your other [Kindness]
    characters at that Problem gets +1 power": "that Problem" is the one
    the condition puts this card at, its own area (here)."""
    subject = getattr(modifier, "subject", None)
    if (not isinstance(subject, Selector) or subject.where != "that-problem" or condition is None
            or condition.kind != "at" or condition.negated or getattr(condition.subject, "noun", None) != "self"
            or condition.value("where") != "problem"):
        return modifier
    return replace(modifier, subject=replace(subject, where="here"))


def _lasting(effect: Effect, duration: str) -> Effect:
    """``effect`` and those it chains to, each for ``duration``."""
    return replace(effect, duration=duration,
                   then=_lasting(effect.then, duration) if effect.then is not None else None)


def _per(effect: Effect, per: Selector, meta) -> Effect:
    """``effect`` done once for each card ``per`` finds: its amount counts
    them (or, for an instruction on one card, "discard a card for each
    ...", the number of its cards)."""
    if effect.amount is None:
        target = effect.target
        if target is not None and target.count == Amount(1) and not target.every:
            return replace(effect, target=replace(target, count=Amount(1, per=per)))
        raise _Unreadable(f"'for each' with an instruction of no number ({effect.verb})", meta.start_pos)
    return replace(effect, amount=replace(effect.amount, per=per))


def _each_counted(effect: Effect, per: Selector, meta) -> Effect:
    """"For each ..., <instructions>": each instruction's number counted for
    each card ``per`` finds ("you gain 1AT, and each opponent discards 1
    card", as :func:`_per`); an instruction on the card counted ("for each
    of that player's Friends, that player retires that Friend") is not
    read so."""
    if effect.target is not None and (effect.target.noun in ("that", "it", "them") or effect.target.ref):
        raise _Unreadable(f"'for each' before an instruction on the card counted ({effect.verb})", meta.start_pos)
    counted = _per(effect, per, meta)
    if effect.then is not None:
        counted = replace(counted, then=_each_counted(effect.then, per, meta))
    return counted


def _is_top_of_own_deck(effect: Effect | None) -> bool:
    """Whether ``effect`` reveals the one top card of its player's deck."""
    target = getattr(effect, "target", None)
    return (effect is not None and effect.verb == "reveal" and effect.who is None and target is not None
            and target.zone == "deck" and target.controller in (None, "you") and target.filter("top")
            and target.count == Amount(1) and not target.every)


def _drawn_revealed(effect: Effect | None, revealed: bool = False) -> Effect | None:
    """The chain ``effect`` with each "draw it" after "reveal the top card
    of your deck" (in the same chain, nothing drawn or revealed between) a
    draw of one card: the card revealed is the top card of the deck, and
    revealing it does not move it.  A "draw it" after anything else is
    left as the verb 'draw-it', which the engine does not carry out."""
    if effect is None:
        return None
    following = _drawn_revealed(effect.then, _is_top_of_own_deck(effect) or (revealed and effect.verb not in (
        "draw", "draw-it", "reveal", "shuffle", "to-deck", "search", "arrange", "look")))
    if effect.verb == "draw-it" and revealed and effect.who is None:
        effect = replace(effect, verb="draw", amount=Amount(1))
    return replace(effect, then=following)


def _first_time(event: dict) -> tuple[dict, Condition | None]:
    """A trigger's event without its "for the first time each turn", and
    that as the condition 'first': only the first such event of the turn
    triggers the ability (the action the event's name)."""
    said = dict(event.get("values", ()))
    if said.pop("first", None) is None:
        return event, None
    return (dict(event, values=tuple(sorted(said.items()))),
            Condition("first", subject=event.get("subject"), values=values(action=event["event"], each="turn")))


def _then(effect: Effect, following: Effect | None) -> Effect:
    """``effect`` with ``following`` after the last of its own chain."""
    if following is None:
        return effect
    if effect.then is None:
        return replace(effect, then=following)
    return replace(effect, then=_then(effect.then, following))


# -- the API ---------------------------------------------------------------------------


@cache
def keyword_meanings() -> dict:
    """The keyword abilities of the current glossary: name -> its meaning as
    card text (with ``X`` where it has one).

    >>> keyword_meanings()["Calming"]
    'When an opposing Friend enters play here, it gets -X power until the end of the turn.'
    """
    from rulebase import graph as graphs

    graph = graphs.load()
    found = {}
    for _, data in graph.g.nodes(data=True):
        if (data.get("kind") == "glossary" and data.get("term_kind") == "keyword ability"
                and data.get("document") == "ccg/3.4/glossary" and data.get("quoted")):
            found[data["term"]] = data["quoted"]
    return dict(sorted(found.items()))


def _keyword_named(name: str) -> str | None:
    """The keyword ``name`` spells (of the glossary, or one of
    :data:`NAMED_KEYWORDS`), else ``None``."""
    wanted = name.strip().lower()
    return next((k for k in (*keyword_meanings(), *NAMED_KEYWORDS) if k.lower() == wanted), None)


def keyword_ability(name: str, x: int | None = None, side: str = "front") -> Ability:
    """The keyword ability ``name`` (with its X): its meaning is the
    glossary's text read as card text, X replaced by ``x`` (a keyword of
    :data:`NAMED_KEYWORDS`: no meaning)."""
    if name in NAMED_KEYWORDS:
        return Ability("keyword", keyword=name, x=x, side=side, text=name if x is None else f"{name} {x}")
    meaning_text = keyword_meanings()[name]
    if x is not None:
        meaning_text = re.sub(r"\bX\b", str(x), meaning_text)
    try:
        meaning, = read(meaning_text, side=side)
    except CardTextError as error:
        raise CardTextError(error.text, error.line, error.column, f"the meaning of {name}: {error.expected}") from None
    return Ability("keyword", keyword=name, x=x, meaning=meaning, side=side,
                   text=name if x is None else f"{name} {x}")


_REMINDER = re.compile(r"(?P<game>.*\S[.!])\s+\([^()]*\)\.?\s*")
"""Game text followed by reminder text: "... dismiss this card. (Doing so does
not defeat this Troublemaker.)"."""


_ONLY_REMINDER = re.compile(r"\s*\([^()]*\)\.?\s*")
"""A paragraph that is reminder text alone: "(You pay -1AT to move this card.)"."""


def _game_text(paragraph: str) -> str:
    """The paragraph without its reminder text: reminder text explains game
    text and is not itself game text (208.1)."""
    found = _REMINDER.fullmatch(paragraph)
    return found.group("game") if found else paragraph


def _read_paragraph(paragraph: str, line: int, side: str, card_type: str | None, whole: str) -> Ability:
    game = _game_text(paragraph)
    source = normal(game)
    if len(source) != len(game):
        source_original = source
    else:
        source_original = game
    try:
        tree = _parse(source)
    except UnexpectedInput as error:
        column = getattr(error, "column", None)
        if not isinstance(column, int) or column < 1:
            column = len(source) + 1
        if isinstance(error, (UnexpectedToken, UnexpectedEOF)):
            expected = _expected(getattr(error, "expected", ()) or ())
        elif isinstance(error, UnexpectedCharacters):
            expected = _expected(error.allowed or ())
        else:
            expected = "can't read this"
        raise CardTextError(whole, line, column, expected) from None
    try:
        ability = _Reader(source, source_original, line, side, card_type).transform(tree)
    except VisitError as error:
        cause = error.orig_exc
        if isinstance(cause, CardTextError):
            raise cause from None
        if isinstance(cause, _Unreadable):
            raise CardTextError(whole, line, cause.position + 1, str(cause)) from None
        position = getattr(getattr(error.obj, "meta", None), "start_pos", 0) or 0
        raise CardTextError(whole, line, position + 1, f"can't read this ({type(cause).__name__}: {cause})") from None
    return replace(ability, text=paragraph, side=side)


@lru_cache(maxsize=8192)
def _read(text: str, side: str, keywords: tuple, card_type: str | None) -> tuple:
    abilities = []
    for word in keywords:
        name, x = _split_keyword(word)
        if name is None:
            continue
        abilities.append(keyword_ability(name, x, side))
    if len(text) > 5000:
        raise CardTextError(text, 1, 5001, "the text is too long for a card")
    for line, paragraph in enumerate(text.split("\n"), start=1):
        if not paragraph.strip():
            if text.strip():
                raise CardTextError(text, line, 1, "an empty paragraph")
            continue
        if _ONLY_REMINDER.fullmatch(paragraph):
            continue  # reminder text explains game text and is not game text (208.1)
        ability = _read_paragraph(paragraph, line, side, card_type, text)
        if ability.kind == BARE:
            ability = _placed(ability, abilities, card_type, text, line)
            if ability is None:
                continue
        abilities.append(ability)
    return tuple(abilities)


BARE = "instructions"
"""The kind the reader gives a paragraph of instructions alone until it
finds what they belong to (:func:`_placed`): never a kind of the model."""


def _placed(ability: Ability, before: list, card_type: str | None, text: str, line: int) -> Ability | None:
    """A paragraph of instructions with no timing phrase or trigger of its
    own: an Event's instructions after a Harmony tag ("Harmony Earth Pony:
    Dismiss another opposing Friend ...", an ability of the Event with that
    tag for its timing), or the instructions of the Event or activated
    ability before it that has an additional cost and no instructions yet
    ("Main Phase: As an additional cost to play this card, discard 2
    cards." then "Banish a Resource."): that ability is completed in
    ``before`` and ``None`` returned.  Otherwise the text is not read."""
    if ability.timing is not None:
        if card_type == "Event":
            return replace(ability, kind="event")
        raise CardTextError(text, line, 1, f"instructions after '{ability.timing}:' on a card that is not an Event")
    last = before[-1] if before else None
    if last is not None and last.kind in ("event", "activated") and last.cost and last.effect is None:
        before[-1] = replace(last, effect=ability.effect, text=f"{last.text}\n{ability.text}")
        return None
    raise CardTextError(text, line, 1, "instructions with no timing phrase or trigger")


def _split_keyword(word: str):
    match = re.fullmatch(r"\s*(.*?)\s*(\d+)?\s*", str(word))
    name = _keyword_named(match.group(1))
    if name is None:
        return None, None
    return name, int(match.group(2)) if match.group(2) else None


def read(text: str, *, side: str = "front", keywords=(), card_type: str | None = None) -> tuple[Ability, ...]:
    """The abilities of a card's text (and of its keywords, ``"Competitive 2"``,
    first); raises :class:`CardTextError` where the text can't be read whole.
    ``card_type`` "Event" reads a timing phrase as an Event's (kind ``event``)."""
    if not isinstance(text, str):
        raise CardTextError(str(text), 1, 1, "the text is not a string")
    return _read(text, side, tuple(str(k) for k in keywords), card_type)


def _counters_put(by, rest: list, **said) -> dict:
    """The trigger 'counters-put' of "When you put ... counter(s) on this
    card": the number put (1 unless said), the card, and where."""
    number = next((c for c in rest if isinstance(c, int) and not isinstance(c, Token)), 1)
    target = next(c for c in rest if isinstance(c, Selector))
    extra = {}
    for item in rest:
        if isinstance(item, dict):
            extra.update(item)
        elif isinstance(item, str) and not isinstance(item, Token):
            extra["where"] = item
    return {"event": "counters-put", "subject": target, "values": values(by=by, amount=number, **said, **extra)}


@dataclass(frozen=True)
class CardReading:
    """What a card's text reads as: the abilities of its ``front`` and of its
    ``boosted`` side (``None`` for a card without one), or, where either
    side's text could not be read whole, neither (both ``None``) and the
    ``error`` that stopped the reading (its ``side`` says which)."""

    card_id: str
    front: tuple | None
    boosted: tuple | None
    error: CardTextError | None = None

    @property
    def parsed(self) -> bool:
        return self.error is None


def read_card(card, printed: bool = False) -> CardReading:
    """The abilities of a :class:`~rulebase.cards.model.Card`: of its current
    text (errata applied; a card the rules' graph does not know keeps its
    own) or, with ``printed``, the card data's own text.  Never raises for
    the card's text: an unreadable side is the reading's ``error``.

    >>> from rulebase.cards import database
    >>> reading = read_card(database.load().by_id["rainbow-dash-flier-extraordinaire"])
    >>> [a.kind for a in reading.front], [a.keyword or a.kind for a in reading.boosted]
    (['triggered'], ['Swift', 'triggered'])
    """
    from rulebase.cards.errata import current_text

    if printed:
        front_text, boosted_text = card.text, card.boosted.text if card.boosted else None
    else:
        try:
            current = current_text(card)
        except KeyError:  # a card the rules' graph does not know has no erratum: its own text is current
            current = None
        if current is None:
            front_text, boosted_text = card.text, card.boosted.text if card.boosted else None
        else:
            front_text, boosted_text = current.text, current.boosted if card.boosted else None
    front = boosted = None
    try:
        front = read(front_text or "", side="front", keywords=card.keywords, card_type=card.type)
        if card.boosted is not None:
            boosted = read(boosted_text or "", side="boosted", keywords=card.boosted.keywords,
                           card_type=card.boosted.type or card.type)
    except CardTextError as error:
        side = "boosted" if front is not None else "front"
        located = CardTextError(error.text, error.line, error.column, error.expected, side)
        return CardReading(card.id, None, None, located)  # never a reading of a part of a card
    return CardReading(card.id, front, boosted)
