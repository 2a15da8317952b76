"""The MLP CCG's binding for scenarios: what each sentence of
``grammar/scenario_ccg.lark`` (and of the core it builds on) means for the
CCG engine.

The ``Given`` facts build a board (only what they state is on it: no card,
Mane Character or Problem is added behind the scenario's back); unless a
fact says otherwise it is Alice's Main Phase, Alice and Bob play, and it is
not the first turn of the game.  The game then runs from the start of the
stated phase and pauses at the start of each phase and at the end of each
turn, so that expectations see the game between phases.  Shuffles keep the
order a scenario gives, unless a fact says how a deck comes out of its next
shuffle.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from rulebase.engine.ccg import dilemmas, engine_rulebook, zones
from rulebase.engine.ccg.actions import CHANCE_PLAYER, Action
from rulebase.engine.ccg.board import HOME, PROBLEM, Area, Board, Card, Zone
from rulebase.engine.ccg.cards import CardType, Instruction, Need, Printed, parse_color
from rulebase.engine.ccg.deck import Deck
from rulebase.engine.ccg.deck import check as check_deck
from rulebase.engine.ccg.priority import CHECKPOINT
from rulebase.engine.ccg.state import CCGState
from rulebase.engine.errors import SetupError
from rulebase.scenarios.games.ccg import expectations
from rulebase.scenarios.games.ccg.expectations import PHASE_NAMES, ZONES
from rulebase.scenarios.model import Node, Scenario
from rulebase.scenarios.session import GameBinding, GameSession

ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4}
"""An ability's number among its card's abilities, from its ordinal (``"X"'s second ability``)."""

EXEMPTIONS = Path(__file__).resolve().parent / "exempt.toml"
TARGET = "sections 1, 3, 4 and 6, rules 503-507 and 514-517"


def in_target(key: str) -> bool:
    """Whether a rule belongs to the coverage target: sections 1, 3, 4 and 6
    and rules 503-507 and 514-517 of the Comprehensive Rules.

    >>> in_target("514.4c"), in_target("509.1"), in_target("616.2")
    (True, False, True)
    """
    section = int(key[:3])
    return section // 100 in (1, 3, 4, 6) or 503 <= section <= 507 or 514 <= section <= 517


class CCGSession(GameSession):
    """One scenario on the CCG engine."""

    checkpoint = CHECKPOINT

    def __init__(self, scenario: Scenario, shared_cards: list[Node], off: frozenset = frozenset()):
        super().__init__(scenario, off)
        self.phase = "main"
        self.first_turn = False
        self.shuffles: dict[int, tuple[Node, tuple[int, ...]]] = {}
        for node in list(shared_cards) + list(scenario.cards):
            self._define(node)

    def area(self, node: Node, area: Node, subject: int | None) -> Area:
        who, kind = area.args
        if who.lower() in ("her", "his", "their", "its"):
            if subject is None:
                raise self.error(node, f"{who!r} refers to no player here; name the player")
            owner = subject
        else:
            owner = self.player(node, who)
        if kind.lower() == "dilemma":
            found = dilemmas.dilemma_area(self.board, owner)
            if found is None:
                raise self.error(node, f"{self.board.name(owner)} owns no Dilemma's area")
            return found
        return Area(owner, HOME if kind.lower() == "home" else PROBLEM)

    # -- card definitions ------------------------------------------------------

    def _define(self, node: Node) -> None:
        if node.kind == "database_card":
            self._define_from_database(node)
            return
        name, _article, card_type = node.args[:3]
        fields = self._properties(node, node.args[3:])
        try:
            printed = Printed.build(name, card_type, **fields)
        except SetupError as error:
            raise self.error(node, str(error)) from None
        self.definitions[name] = printed

    def _properties(self, node: Node, properties: list) -> dict:
        fields: dict = {}
        keywords, traits = [], []
        for prop in properties:
            kind, args = prop.kind, prop.args
            if kind == "color_list":
                fields["colors"] = [parse_color(str(c)) for c in args]
            elif kind == "no_color":
                fields["colors"] = []
            elif kind in ("power", "cost", "bonus", "points", "home_limit"):
                fields[kind] = args[0]
            elif kind == "requirement":
                fields["requirement"] = tuple(self._need(node, need) for need in args)
            elif kind == "traits":
                traits.extend(str(t) for t in args)
            elif kind == "keyword":
                keywords.append((str(args[0]).capitalize(), args[1] if len(args) > 1 else None))
            elif kind == "starting_problem":
                fields["starting_problem"] = True
            elif kind in ("owner_needs", "opponents_need"):
                fields[kind] = tuple(self._need(node, need) for need in args)
            elif kind == "host":
                fields["host"] = str(args[0])
            elif kind == "boosted":
                fields["boosted"] = self._properties(node, args)
            elif kind == "text":
                fields["timing"] = str(args[0])
                fields["instructions"] = tuple(Instruction(str(i.args[0]).lower(), i.args[1]) for i in args[1:])
        if keywords:
            fields["keywords"] = tuple(keywords)
        if traits:
            fields["traits"] = tuple(traits)
        return fields

    def _need(self, node: Node, need: Node) -> Need:
        if need.kind == "wild_need":
            return Need(need.args[0])
        color = parse_color(str(need.args[1]))
        return Need(need.args[0], excluded=color) if need.kind == "not_need" else Need(need.args[0], color)

    # -- cards of the card database --------------------------------------------

    def _define_from_database(self, node: Node) -> None:
        """``"Label" is "Name, Subtitle" from the card database[, with its
        current text | with its printed text | without its text].``: the
        card's printed information and its text (its current text unless
        said otherwise), under the label (its name when no other is given).
        A card whose text the engine cannot fully carry out is an error
        naming the part it can't, unless the scenario takes it without its
        text."""
        label, *rest = node.args
        name = next((arg for arg in rest if not isinstance(arg, Node)), label)
        choice = next((arg.kind for arg in rest if isinstance(arg, Node)), "current_text")
        card = self._database_card(node, name)
        if choice == "without_text":
            self.definitions[label] = self._printed(node, card)
            return
        printed_text = choice == "printed_text"
        which = "printed" if printed_text else "current"
        if printed_text:
            self._check_printed_text(node, card)
        state = _card_state(card, printed_text)
        if not state.is_executable:
            problem = "is not read" if state.state == "unparsed" else "can't be carried out by the engine"
            raise self.error(node, f"\"{card.full_name}\": its {which} text {problem}: {state.hold.describe()} "
                                   "(\", without its text\" plays only its printed information)")
        printed = self._printed(node, card, printed=printed_text, text=True)
        carried = printed.abilities or (printed.boosted.abilities if printed.boosted else ())
        if state.carried and not carried:
            from rulebase.engine.ccg.octgn import HELD

            held = HELD.get(card.name)
            raise self.error(node, f"\"{card.full_name}\": the engine's card does not carry the abilities of its "
                                   f"{which} text" + (f": {held}" if held else ""))
        self.definitions[label] = printed

    def _check_printed_text(self, node: Node, card) -> None:
        """The printed text of a card with an erratum is known where each
        change of the erratum is located in the card data's text, whichever
        text the data holds (:func:`rulebase.errata.card_texts`); where a
        change can't be located the printed text is not known: an error,
        never the current text under the printed text's name."""
        from rulebase.errata import card_texts

        texts = card_texts(card)
        if not texts.known:
            reasons = "; ".join(change.note for change in texts.unlocated() if change.note)
            raise self.error(node, f"\"{card.full_name}\": its printed text is not known: {reasons} "
                                   f"(erratum {texts.erratum})")

    def _printed(self, node: Node, card, printed: bool = False, text: bool = False) -> Printed:
        """A card of the card database as the engine plays it: its printed
        information, and its abilities only if ``text``."""
        from dataclasses import replace

        from rulebase.engine.ccg.octgn import printed_from_card

        try:
            result = printed_from_card(card, printed=printed, read_text=text)
        except SetupError as error:
            raise self.error(node, f"\"{card.full_name}\": {error}") from None
        if not text:
            boosted = replace(result.boosted, abilities=(), text=None) if result.boosted is not None else None
            result = replace(result, abilities=(), text=None)
            object.__setattr__(result, "boosted", boosted)
        return result

    def _database_card(self, node: Node, name: str, undefined: bool = False):
        """The card of the card data called ``name`` (``"Rarity, Truly
        Outrageous"``, or ``"Rarity"`` when only one card has that name); an
        unknown or ambiguous name is an error listing the closest names or
        the cards to choose from."""
        from rulebase.graph import card_database

        database = card_database()
        found = database.find(name) if database is not None else ()
        if len(found) == 1:
            return found[0]
        exact = [card for card in found if card.full_name == name]
        if len(exact) == 1:
            return exact[0]
        if len(found) > 1:
            names = ", ".join(f'"{card.full_name}"' for card in found[:12]) + (", ..." if len(found) > 12 else "")
            raise self.error(node, f"{len(found)} cards of the card data are called \"{name}\": name one with its "
                                   f"subtitle ({names})")
        closest = _closest(database, name) if database is not None else []
        close = f"; the closest are {', '.join(chr(34) + n + chr(34) for n in closest)}" if closest else ""
        if undefined:
            known = ", ".join(f'"{n}"' for n in self.definitions) or "none"
            raise self.error(node, f"no card called \"{name}\" is defined under Cards: (defined: {known}), "
                                   f"and none of the card data has that name{close}")
        raise self.error(node, f"no card of the card data is called \"{name}\"{close}")

    def _undefined(self, node: Node, name: str) -> Printed:
        """A card not defined under ``Cards:`` is looked up by its name in
        the card data (as by ``"Name" is from the card database, without
        its text.``) and played with its printed information only.  If the
        card has text, a failure of the scenario says so: it may be what went
        wrong."""
        card = self._database_card(node, name, undefined=True)
        printed = self._printed(node, card)
        if card.text:
            self.hints.append(f"line {node.line}: \"{name}\" is not defined under Cards:, so it was played with its "
                              f"printed information only, without its text; to play its text, define it: "
                              f"\"{card.full_name}\" is from the card database.")
        return printed

    # -- the setup -------------------------------------------------------------

    def _board(self) -> Board:
        if self.board is None:
            self.board = Board(self.names, self.trace)
            self.board.off = self.off
        return self.board

    def _items(self, node: Node, items: list, owner: int) -> list[Card]:
        cards = []
        for item in items:
            if item.kind == "card_ref":
                cards.append(self._new_card(node, item.args[0], owner))
            elif item.kind == "copies":
                count, name = item.args
                cards.extend(self._new_card(node, name, owner) for _ in range(count))
            elif item.kind == "anonymous":
                power = item.args[0]
                printed = Printed.build(f"a card of power {power}", CardType.FRIEND, power=power, cost=0)
                cards.append(self._new_card(node, printed.title, owner, printed))
            elif item.kind == "fillers":
                for _ in range(item.args[0]):
                    number = sum(1 for c in self._board().cards if c.printed.title.startswith("Friend ")) + 1
                    printed = Printed.build(f"Friend {number}", CardType.FRIEND, power=1, cost=1)
                    cards.append(self._new_card(node, printed.title, owner, printed))
        return cards

    def given(self, fact: Node) -> None:
        if self.state is not None:
            raise self.error(fact, "the setup is over")
        kind, args = fact.kind, fact.args
        if kind in ("players", "three_players"):
            if self.board is not None:
                raise self.error(fact, "name the players before anything else")
            if len(set(args)) < len(args):
                raise self.error(fact, f"the {len(args)} players need different names")
            self.names = list(args)
            return
        board = self._board()
        if kind == "turn":
            point = args[0]
            self.turn_player = self.player(fact, point.args[0])
            self.phase = {"turn_start": "ready", "turn_end": "end"}.get(point.kind) or PHASE_NAMES[str(point.args[1]).lower()]
        elif kind == "first_turn":
            self.first_turn = True
        elif kind == "turn_number":
            self.turn_number = args[0]
        elif kind == "first_player":
            self.first_player = self.subject(fact)
        elif kind == "score":
            board.players[self.subject(fact)].score = args[1]
        elif kind == "tokens":
            board.players[self.subject(fact)].tokens = args[1]
        elif kind == "in_play":
            owner = self.subject(fact)
            area = self.area(fact, fact.first("area"), owner)
            for card in self._mane_or_items(fact, args[1], owner):
                self._place(fact, card, area)
                self._status(fact, card, fact.args[3:])
        elif kind == "attached":
            owner = self.subject(fact)
            host = self.card(fact, args[2])
            if host.zone != Zone.PLAY:
                raise self.error(fact, f"{host} is not in play")
            for card in self._items(fact, [args[1]], owner):
                board.put(card, Zone.PLAY, area=host.area)
                card.host = host
                self._status(fact, card, args[3:])
        elif kind == "problem":
            owner = self.player(fact, args[0])
            card = self._new_card(fact, args[1].args[0], owner)
            if card.type != CardType.PROBLEM:
                raise self.error(fact, f"{card} is a {card.type}, not a Problem")
            self._place(fact, card, board.players[owner].problem_area)
        elif kind == "mane":
            owner = self.player(fact, args[0])
            card = self._new_card(fact, args[1].args[0], owner)
            if card.type != CardType.MANE:
                raise self.error(fact, f"{card} is a {card.type}, not a Mane Character")
            board.put(card, Zone.PLAY, area=board.players[owner].home)
        elif kind == "zone":
            owner = self.player(fact, args[0])
            zone = ZONES[str(args[1]).lower()]
            for card in self._items(fact, [a for a in args[2:] if isinstance(a, Node)], owner):
                board.put(card, zone, bottom=True)
        elif kind == "shuffled":
            owner = self.player(fact, args[0])
            cards = [self.card(fact, ref) for ref in args[1:]]
            if any(card.zone != Zone.DRAW_DECK or card.owner != owner for card in cards):
                raise self.error(fact, f"a shuffle orders the cards of {self.names[owner]}'s deck: state them in "
                                       "the deck first")
            if len({card.id for card in cards}) < len(cards):
                raise self.error(fact, "a card comes out of a shuffle once")
            self.shuffles[owner] = (fact, tuple(card.id for card in cards))
        elif kind == "empty_zone":
            owner = self.player(fact, args[0])
            zone = ZONES[str(args[1]).lower()]
            if board.zone_list(zone, owner):
                raise self.error(fact, f"{self.names[owner]}'s {zone} is not empty")
        else:  # pragma: no cover - the grammar has no other facts
            raise self.error(fact, f"not a fact: {kind}")

    def _mane_or_items(self, fact: Node, item: Node, owner: int) -> list[Card]:
        """The cards ``item`` names for a player's area: a Mane Character
        the player already has ("Alice's Mane Character is ...") is that
        card, put where the fact says; a player has one Mane Character
        (102.2a), so naming another is an error."""
        if item.kind == "card_ref":
            name = item.args[0]
            printed = self.definitions.get(name)
            if printed is not None and printed.type == CardType.MANE:
                board = self._board()
                manes = [card for card in board.cards if card.owner == owner and card.type == CardType.MANE
                         and card.zone == Zone.PLAY]
                for card in manes:
                    if card.label == name:
                        return [card]
                if manes:
                    raise self.error(fact, f"{self.names[owner]}'s Mane Character is already \"{manes[0].label}\": "
                                           f"a player has one Mane Character, and \"{name}\" is another")
        return self._items(fact, [item], owner)

    def _place(self, fact: Node, card: Card, area: Area) -> None:
        board = self._board()
        if card.type == CardType.PROBLEM:
            if area.kind != PROBLEM or area.owner != card.owner:
                raise self.error(fact, "a Problem is in play at its owner's Problem area (303.1)")
            if board.problem_at(area) is not None:
                raise self.error(fact, f"{board.area_name(area)} already has a Problem")
        board.put(card, Zone.PLAY, area=area)

    def _status(self, fact: Node, card: Card, statuses: list) -> None:
        for status in statuses:
            kind = status.kind
            if kind == "exhausted":
                card.exhausted = True
            elif kind == "frightened":
                card.frightened = card.face_down = True
            elif kind == "face_down":
                card.face_down = True
            elif kind == "turned_over":
                if card.printed.boosted is None:
                    raise self.error(fact, f"{card} has no Boosted side")
                card.turned_over = True
            elif kind == "with_counters":
                card.counters = status.args[0]
            elif kind == "with_named_counters":
                # counters with a name (519.1), kept by the board as the card text's verbs keep them
                name = str(status.args[1]).rsplit(" ", 1)[0]
                board = self._board()
                kept = getattr(board, "named_counters", None)
                if kept is None:
                    kept = board.named_counters = {}
                counts = dict(kept[card.id][1]) if card.id in kept else {}
                counts[name] = counts.get(name, 0) + status.args[0]
                kept[card.id] = (card.incarnation, counts)
            elif kind == "controlled_by":
                card.controller = self.player(fact, status.args[0])

    # -- running the game ------------------------------------------------------

    def _start(self, node: Node, new_game: bool = False) -> CCGState:
        if self.state is not None:
            return self.state
        board = self._board()
        board.turn.player = self.turn_player
        board.turn.first_player = self.first_player if self.first_player is not None else self.turn_player
        if self.first_turn:
            board.turn.number = 1
            board.turn.first_player = self.turn_player
        else:
            board.turn.number = self.turn_number or 3
        board.turn.phase = self.phase
        if new_game:
            board.turn.phase = "ready"
            for player in board.players:
                mane = board.mane(player.index)
                deck = Deck(player.name, mane.printed if mane else None,
                            [c.printed for c in player.deck], [c.printed for c in player.zones[Zone.PROBLEM_DECK]])
                check_deck(deck, board)
            board.turn.number = 1
        self.state = CCGState.from_board(board, None if new_game else self.phase, checkpoints=True)
        self.board = self.state.board
        self.trace = self.board.trace
        self._chance()
        return self.state

    def _chance(self) -> None:
        """Settle chance events: shuffles keep the order the scenario gives
        (a deck's next shuffle the order a fact states), and the first
        player is the one it names (or the first player)."""
        state = self.state
        while not state.is_terminal() and state.is_chance_node():
            request = state.pending
            action = request.default()
            if action.verb == "first-player":
                owner = self.first_player if self.first_player is not None else self.turn_player
                action = Action("first-player", CHANCE_PLAYER, owner=owner)
            elif action.verb == "shuffle" and action.zone == Zone.DRAW_DECK and action.owner in self.shuffles:
                fact, order = self.shuffles.pop(action.owner)
                if sorted(order) != sorted(action.order):
                    held = ", ".join(self.board.cards[i].label for i in action.order) or "no card"
                    raise self.error(fact, f"the shuffle must hold exactly the cards of {self.names[action.owner]}'s "
                                           f"deck, which holds {held}")
                action = Action("shuffle", CHANCE_PLAYER, order=order, zone=Zone.DRAW_DECK, owner=action.owner)
            state.apply_action(action)

    def where(self, point: Node) -> str:
        return {"turn_start": "ready", "turn_end": "end of turn"}.get(point.kind) or PHASE_NAMES[str(point.args[1]).lower()]

    def act(self, node: Node) -> str | None:
        if node.kind == "look":
            # Looking changes nothing in the game: the rules of the card's
            # zone say whether the player may (402-409), and refuse when not.
            self._start(node)
            zones.look(self.board, self.subject(node), self.card(node, node.args[1]))
            return None
        return super().act(node)

    def _action(self, node: Node) -> Action:
        kind, args = node.kind, node.args
        if kind == "effect":
            player = self.subject(node)
            return self._effect(node, player, args[1])
        if kind == "each_scores":
            return Action("effect", self.board.turn.player, effect="each-score", amount=args[0])
        player = self.subject(node)
        simple = {"draw": "draw", "pass": "pass", "mulligan": "mulligan", "keep": "keep", "concede": "concede",
                  "accept": "accept", "decline": "decline"}
        if kind in simple:
            return Action(simple[kind], player)
        if kind == "play":
            return Action("play", player, self.card(node, args[1]).id, area=self.area(node, node.first("area"), player))
        if kind == "play_on":
            return Action("play", player, self.card(node, args[1]).id, host=self.card(node, args[2]).id)
        if kind == "play_event":
            return Action("play", player, self.card(node, args[1]).id)
        if kind == "move":
            return Action("move", player, self.card(node, args[1]).id, area=self.area(node, args[2], player))
        if kind == "activate":
            number = ORDINALS[str(args[2]).lower()] if len(args) > 2 else None
            return Action("activate", player, self.card(node, args[1]).id, amount=number)
        if kind == "process_trigger":
            number = ORDINALS[str(args[2]).lower()] if len(args) > 2 else None
            return Action("trigger", player, self.card(node, args[1]).id, amount=number)
        if kind == "choose_option":
            if args[1] < 1:
                raise self.error(node, "the options of \"Choose one:\" are numbered from 1")
            return Action("choose-option", player, amount=args[1] - 1)
        if kind == "choose_area":
            return Action("choose-area", player, area=self.area(node, args[1], player))
        if kind == "choose_number":
            return Action("choose-number", player, amount=args[1])
        if kind == "choose_player":
            return Action("choose-player", player, owner=self.player(node, args[1]))
        if kind == "confront_first":
            area = self.area(node, args[1], player)
            problem = self.board.problem_at(area)
            if problem is None:
                raise self.error(node, f"there is no Problem at {self.board.area_name(area)}")
            return Action("confront", player, problem.id)
        if kind == "put_back":
            return Action("order", player, order=tuple(self.card(node, ref).id for ref in args[1:]))
        if kind == "arrange":
            owner = self.player(node, args[1])
            zone = ZONES[str(args[2]).lower()]
            return Action("arrange", player, order=tuple(self.card(node, ref).id for ref in args[3:]), zone=zone, owner=owner)
        verbs = {"rally": "rally", "uncover": "uncover", "challenge": "challenge", "send_home": "send-home",
                 "dismiss": "dismiss", "discard": "discard", "retire": "retire", "bottom": "bottom",
                 "starting_problem": "starting-problem", "choose": "choose"}
        if kind in verbs:
            return Action(verbs[kind], player, self.card(node, args[1]).id)
        raise self.error(node, f"not an action: {kind}")  # pragma: no cover

    def _effect(self, node: Node, player: int, effect: Node) -> Action:
        kind, args = effect.kind, effect.args
        names = {"turn_over": "turn-over", "take_control": "take-control", "cant_move": "cant-move", "to_hand": "to-hand",
                 "extra_flips": "extra-flips"}
        verb = names.get(kind, kind)
        if kind in ("draw", "flip", "score", "gain", "extra_flips"):
            return Action("effect", player, effect=verb, amount=args[0])
        if kind == "counters":
            return Action("effect", player, self.card(node, args[2]).id, amount=args[0], effect="counters")
        card = self.card(node, args[0])
        if kind in ("move", "send"):
            return Action("effect", player, card.id, area=self.area(node, args[1], player), effect=kind)
        if kind == "send_home":
            return Action("effect", player, card.id, area=self.board.players[card.controller].home, effect="send")
        if kind == "power":
            return Action("effect", player, card.id, amount=args[1], effect="power")
        if kind == "challenge_with":
            return Action("effect", player, card.id, effect="challenge",
                          order=tuple(self.card(node, ref).id for ref in args[1:]))
        return Action("effect", player, card.id, effect=verb)

    def expect(self, node: Node) -> str | None:
        return expectations.expect(self, node)


@lru_cache(maxsize=256)
def _card_state(card, printed: bool):
    """The state of a card's text (:func:`~rulebase.engine.ccg.abilities.catalog.card_state`),
    once per card and reading in a process: a file's shared cards are defined for each of its scenarios."""
    from rulebase.engine.ccg.abilities import catalog

    return catalog.card_state(card, printed=printed)


def _closest(database, name: str, limit: int = 5) -> list[str]:
    """The full names of the card data closest to ``name`` (folded), best first."""
    from rapidfuzz import fuzz, process

    from rulebase.cards.model import fold

    names = list(dict.fromkeys(card.full_name for card in database.cards))
    found = process.extract(fold(name), [fold(n) for n in names], scorer=fuzz.ratio, limit=limit, score_cutoff=60)
    return [names[index] for _, _, index in found]


class CCGBinding(GameBinding):
    """Runs MLP CCG scenarios; they cite the current Comprehensive Rules."""

    game = "ccg"
    exemptions = EXEMPTIONS
    target_description = TARGET
    rulebook = staticmethod(engine_rulebook)
    session_class = CCGSession

    @staticmethod
    def target(key: str) -> bool:
        return in_target(key)
