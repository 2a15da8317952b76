"""The Kayou TCG's binding for scenarios: what each sentence of
``grammar/scenario_tcg.lark`` means for the TCG engine
(:mod:`rulebase.engine.tcg`).

The ``Given`` facts build a board (only what they state is on it: no
Story, Plan, Scene or card is added behind the scenario's back); unless a
fact says otherwise it is Alice's Main Phase of turn 3, Alice and Bob play,
and Alice played first.  The game then runs from the start of the stated
phase and pauses at the start of each phase and at the end of each turn,
so that expectations see the game between phases.  Shuffles keep the
order a scenario gives, and a deck is cut only as a fact says.  ``the game
starts`` instead plays the setup of 103.0.0 from the players' decks, once
the deck construction rules have checked them.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from rulebase.engine.errors import RuleViolation, SetupError
from rulebase.engine.tcg import deck as decks
from rulebase.engine.tcg import engine_rulebook
from rulebase.engine.tcg.actions import CHANCE_PLAYER, Action
from rulebase.engine.tcg.board import SPACES, Board, Card, Zone
from rulebase.engine.tcg.cards import CardType, Printed, parse_stage
from rulebase.engine.tcg.decide import CHECKPOINT, MAIN_VERBS
from rulebase.engine.tcg.wording import read_effect
from rulebase.scenarios.games.tcg import expectations
from rulebase.scenarios.model import Node, Scenario, ScenarioError
from rulebase.scenarios.session import PRONOUNS, GameBinding, GameSession

EXEMPTIONS = Path(__file__).resolve().parent / "exempt.toml"
TARGET = "the whole of the official rules"

PHASE_KEYS = {"start phase": "start", "main phase": "main", "exchange phase": "exchange", "end phase": "end"}
ZONES = {"main deck": Zone.MAIN_DECK, "scene deck": Zone.SCENE_DECK, "hand": Zone.HAND, "rest zone": Zone.REST,
         "scene zone": Zone.SCENE, "story zone": Zone.STORY, "plans": Zone.PLANS, "adventure zone": Zone.ADVENTURE}
ALTERNATIVES = {"advance": ("advance", "disrupt", "pass"), "disrupt": ("advance", "disrupt", "pass")}
"""Verbs that answer the same decision: an action of one, where the game
took the other as the only choice, is tried at that decision (and
refused there)."""


def main_character_stage(value) -> int:
    """A Main Character's stage: 0 before Stage I, else 1-4 (I-IV)."""
    return 0 if str(value).strip() == "0" else parse_stage(str(value))


class TCGSession(GameSession):
    """One scenario on the TCG engine."""

    checkpoint = CHECKPOINT
    same_decision = ALTERNATIVES

    def __init__(self, scenario: Scenario, shared_cards: list[Node], off: frozenset = frozenset()):
        super().__init__(scenario, off)
        self.phase = "main"
        self.cuts: dict[tuple[int, Zone], list[tuple[Node, int]]] = {}
        self.unfit: list[tuple[Node, str]] = []
        """What a board in play can't hold but a deck may, to be refused by
        the deck construction rules when the game starts (a non-Scene in a
        Scene Deck, two Story cards of one stage): an error otherwise."""
        self.refused_start = None
        for block in (shared_cards, scenario.cards):
            defined: set[str] = set()
            for node in block:
                self._define(node, defined)

    # -- players, spaces and cards --------------------------------------------

    def whose(self, node: Node, word: str, subject: int | None) -> int:
        """The player a possessive or a pronoun names ("the left space" is
        the subject's own, as "her left space")."""
        if str(word).lower() in PRONOUNS + ("the",):
            if subject is None:
                raise self.error(node, f"{word!r} refers to no player here; name the player")
            return subject
        return self.player(node, word)

    def space(self, node: Node, space: Node, subject: int | None) -> tuple[int, int]:
        """The owner and index of a space (``her left space``)."""
        who, name = space.args
        return self.whose(node, who, subject), SPACES.index(str(name).lower())

    # -- card definitions ------------------------------------------------------

    def _define(self, node: Node, defined: set[str]) -> None:
        """Define a card; a scenario's own ``Cards:`` may redefine a card of
        the file's, but one block can't define a name twice."""
        name = str(node.args[0])
        everyday = any(isinstance(arg, str) and arg.lower() == "everyday" for arg in node.args[2:4])
        card_type = str(node.args[3] if everyday else node.args[2])
        fields: dict = {"everyday": everyday}
        effects = []
        for prop in node.args[3:]:
            if not isinstance(prop, Node):
                continue
            kind, args = prop.kind, prop.args
            if kind in ("cost", "inspiration"):
                fields[kind] = args[0]
            elif kind == "keywords":
                fields["keywords"] = tuple(str(k) for k in args)
            elif kind == "number":
                fields["number"] = str(args[0])
            elif kind == "stage":
                fields["stage"] = str(args[0])
            elif kind == "foil":
                fields["version"] = "foil"
            elif kind == "effect_text":
                try:
                    effects.append(read_effect(str(args[0])))
                except SetupError as error:
                    raise ScenarioError(self.scenario.path, prop.line, prop.column, f"{name}: {error}", node.text) from None
        if name in defined:
            raise self.error(node, f"\"{name}\" is defined twice under this Cards: (a card's name names one card)")
        defined.add(name)
        try:
            self.definitions[name] = Printed.build(name, card_type, effects=tuple(effects), **fields)
        except SetupError as error:
            raise self.error(node, str(error)) from None

    # -- the setup -------------------------------------------------------------

    def _board(self) -> Board:
        if self.board is None:
            self.board = Board(self.names, self.trace)
            self.board.off = self.off
        return self.board

    def _undefined(self, node: Node, name: str):
        known = ", ".join(f'"{n}"' for n in self.definitions) or "none"
        raise self.error(node, f"no card called \"{name}\" is defined under Cards: (defined: {known}); "
                               "the TCG has no card data, so every card is defined in the scenario")

    def _items(self, node: Node, items: list, owner: int, zone: Zone | None = None) -> list[Card]:
        cards = []
        for item in items:
            if item.kind == "card_ref":
                cards.append(self._new_card(node, item.args[0], owner))
            elif item.kind == "copies":
                count, name = item.args
                cards.extend(self._new_card(node, name, owner) for _ in range(count))
            elif item.kind == "fillers":
                for _ in range(item.args[0]):
                    cards.append(self._filler(node, owner, zone))
        return cards

    def _filler(self, node: Node, owner: int, zone: Zone | None) -> Card:
        """A card with no text, to fill a zone: an Everyday Scene in a Scene
        Deck or Scene Zone, else a Character of cost 1 and Inspiration 1."""
        board = self._board()
        if zone in (Zone.SCENE_DECK, Zone.SCENE):
            number = sum(1 for c in board.cards if c.printed.name.startswith("Scene ")) + 1
            printed = Printed.build(f"Scene {number}", CardType.SCENE, everyday=True)
        else:
            number = sum(1 for c in board.cards if c.printed.name.startswith("Card ")) + 1
            printed = Printed.build(f"Card {number}", CardType.CHARACTER, cost=1, inspiration=1)
        return self._new_card(node, printed.name, owner, printed)

    def given(self, fact: Node) -> None:
        if self.state is not None:
            raise self.error(fact, "the setup is over")
        kind, args = fact.kind, fact.args
        if kind == "players":
            if self.board is not None:
                raise self.error(fact, "name the players before anything else")
            if args[0] == args[1]:
                raise self.error(fact, "the two players need different names")
            self.names = [str(args[0]), str(args[1])]
            return
        board = self._board()
        if kind == "turn":
            point = args[0]
            self.turn_player = self.player(fact, point.args[0])
            self.phase = self.where(point)
        elif kind == "first_turn":
            self.turn_number = 1
        elif kind == "turn_number":
            if args[0] < 1:
                raise self.error(fact, "turns are counted from 1")
            self.turn_number = args[0]
        elif kind == "first_player":
            self.first_player = self.subject(fact)
        elif kind == "in_space":
            owner = self.subject(fact)
            who, space = self.space(fact, fact.first("space"), owner)
            if who != owner:
                raise self.error(fact, "a Character is in its owner's Adventure Zone")
            for card in self._items(fact, [args[1]], owner):
                if card.type != CardType.CHARACTER:
                    raise self.error(fact, f"{card} is a {card.type}: only Characters are in the Adventure Zone's spaces")
                if board.character_at(owner, space) is not None:
                    raise self.error(fact, f"{self.names[owner]}'s {SPACES[space]} space already holds "
                                           f"{board.character_at(owner, space)} (one Character a space: 303.0.0)")
                board.put(card, Zone.ADVENTURE, space=space)
                self._status(fact, card, fact.nodes()[2:])
        elif kind == "attached":
            owner = self.subject(fact)
            host = self.card(fact, args[2])
            if host.zone != Zone.ADVENTURE or not host.is_character:
                raise self.error(fact, f"{host} is not a Character in an Adventure Zone")
            if host.item is not None:
                raise self.error(fact, f"{host} already has {host.item} attached (one Item at a time: 203.0.0)")
            for card in self._items(fact, [args[1]], owner):
                if card.type != CardType.ITEM:
                    raise self.error(fact, f"{card} is a {card.type}, not an Item")
                board.put(card, Zone.ADVENTURE, host=host)
        elif kind in ("in_scene_zone", "scenes"):
            owner = self.subject(fact)
            zone_owner = self.whose(fact, fact.first("scene_zone").args[0], owner)
            if zone_owner != owner:
                raise self.error(fact, "a Scene is in its owner's Scene Zone")
            items = [args[1]] if kind == "in_scene_zone" else [Node("fillers", [args[1], "scenes"])]
            for card in self._items(fact, items, owner, Zone.SCENE):
                if card.type != CardType.SCENE:
                    raise self.error(fact, f"{card} is a {card.type}: only Scenes are in the Scene Zone")
                board.put(card, Zone.SCENE, bottom=True)
                self._status(fact, card, [n for n in fact.nodes() if n.kind in ("tapped", "face_down")])
        elif kind in ("main_character", "main_character_stage"):
            owner = self.player(fact, args[0])
            if kind == "main_character":
                card = self._new_card(fact, args[1].args[0], owner)
                if card.type != CardType.MAIN_CHARACTER:
                    raise self.error(fact, f"{card} is a {card.type}, not a Main Character")
                if board.players[owner].main_character is not None:
                    raise self.error(fact, f"{self.names[owner]}'s Main Character is already "
                                           f"{board.players[owner].main_character} (one each: 205.0.0)")
                board.put(card, Zone.STORY)
                stage = args[2] if len(args) > 2 else None
            else:
                stage = args[1] if len(args) > 1 else "0"
            if stage is not None:
                board.players[owner].stage = main_character_stage(stage)
        elif kind == "story":
            owner = self.player(fact, args[0])
            for ref in args[1:]:
                card = self._new_card(fact, ref.args[0], owner)
                if card.type != CardType.STORY:
                    raise self.error(fact, f"{card} is a {card.type}, not a Story card")
                if board.players[owner].story_card(card.printed.stage) is not None:
                    self.unfit.append((fact, f"{self.names[owner]} already has a Story card of stage "
                                             f"{card.printed.stage_name}"))
                board.put(card, Zone.STORY)
        elif kind == "plan":
            owner = self.player(fact, args[0])
            self._plan(fact, owner, self._stage(fact, args[1]), args[2])
        elif kind == "plans":
            owner = self.player(fact, args[0])
            if len(args) - 1 > 4:
                raise self.error(fact, "a Story has four stages, so at most four Plans")
            for stage, ref in enumerate(args[1:], start=1):
                self._plan(fact, owner, stage, ref)
        elif kind == "no_plan":
            owner = self.player(fact, args[0])
            stage = self._stage(fact, args[1])
            if board.players[owner].plans[stage - 1] is not None:
                raise self.error(fact, f"{self.names[owner]} has a Plan on stage {args[1]}")
        elif kind == "zone":
            owner = self.player(fact, args[0])
            zone = ZONES[str(args[1]).lower()]
            if zone in (Zone.STORY, Zone.PLANS, Zone.ADVENTURE):
                raise self.error(fact, f"say what is in the {zone} with the sentences for it (Story, Plans, spaces)")
            for card in self._items(fact, [a for a in args[2:] if isinstance(a, Node)], owner, zone):
                if zone == Zone.SCENE_DECK and card.type != CardType.SCENE:
                    self.unfit.append((fact, f"{card} is a {card.type}: a Scene Deck holds only Scenes (204.0.0)"))
                if zone == Zone.SCENE and card.type != CardType.SCENE:
                    raise self.error(fact, f"{card} is a {card.type}: only Scenes are in the Scene Zone")
                board.put(card, zone, bottom=True)
        elif kind == "cut":
            cutter, owner = self.subject(fact), self.player(fact, args[1])
            zone = ZONES[str(args[2]).lower()]
            if zone not in (Zone.MAIN_DECK, Zone.SCENE_DECK):
                raise self.error(fact, f"only a Main Deck or a Scene Deck is cut, not a {zone}")
            if cutter == owner:
                raise self.error(fact, "a player's deck is cut by their opponent (103.1.0)")
            self.cuts.setdefault((owner, zone), []).append((fact, args[3]))
        elif kind == "legal_deck":
            self._legal_deck(fact, self.subject(fact))
        elif kind == "empty_zone":
            owner = self.player(fact, args[0])
            zone = ZONES[str(args[1]).lower()]
            if board.zone_list(zone, owner):
                raise self.error(fact, f"{self.names[owner]}'s {zone} is not empty")
        else:  # pragma: no cover - the grammar has no other facts
            raise self.error(fact, f"not a fact: {kind}")

    def _legal_deck(self, fact: Node, owner: int) -> None:
        """A game deck that breaks no rule of 102.0.0, in its zones (for a
        scenario about the other player's deck, or about the setup): a Main
        Character, four Story cards of one title, 50 different Characters in
        the Main Deck and 15 Everyday Scenes in the Scene Deck."""
        board = self._board()
        player = board.players[owner]
        if player.main_character or player.story or player.main_deck or player.scene_deck:
            raise self.error(fact, f"{self.names[owner]} already has cards of a game deck: say the legal deck first, "
                                   "or say every part of the deck")
        name = self.names[owner]
        main = Printed.build(f"{name}'s Main Character", CardType.MAIN_CHARACTER)
        board.put(self._new_card(fact, main.name, owner, main), Zone.STORY)
        for stage, subtitle in enumerate(("Setting Out", "The Road", "The Trial", "Home Again"), start=1):
            story = Printed.build(f"{name}'s Tale: {subtitle}", CardType.STORY, stage=stage)
            board.put(self._new_card(fact, story.name, owner, story), Zone.STORY)
        for card in self._items(fact, [Node("fillers", [50, "cards"])], owner, Zone.MAIN_DECK):
            board.put(card, Zone.MAIN_DECK, bottom=True)
        for card in self._items(fact, [Node("fillers", [15, "scenes"])], owner, Zone.SCENE_DECK):
            board.put(card, Zone.SCENE_DECK, bottom=True)

    def _stage(self, node: Node, value) -> int:
        try:
            return parse_stage(str(value))
        except SetupError as error:
            raise self.error(node, str(error)) from None

    def _plan(self, fact: Node, owner: int, stage: int, ref: Node) -> None:
        board = self._board()
        if board.players[owner].plans[stage - 1] is not None:
            raise self.error(fact, f"{self.names[owner]} already has a Plan on stage {stage} (one per stage: 304.4.0)")
        card = self._new_card(fact, ref.args[0], owner)
        if card.type not in (CardType.CHARACTER, CardType.EVENT, CardType.ITEM):
            raise self.error(fact, f"{card} is a {card.type}: Plans come from the Main Deck (604.0.0)")
        board.put(card, Zone.PLANS, stage=stage)

    def _status(self, fact: Node, card: Card, statuses: list) -> None:
        for status in statuses:
            if status.kind == "tapped":
                card.tapped = True
            elif status.kind == "face_down":
                if card.type != CardType.SCENE:
                    raise self.error(fact, f"only a Scene is flipped face-down in play, not {card} (204.0.0)")
                card.face_down = True

    def where(self, point: Node) -> str:
        if point.kind == "turn_start":
            return "start"
        if point.kind == "turn_end":
            return "end of turn"
        return PHASE_KEYS[str(point.args[1]).lower()]

    # -- running the game ------------------------------------------------------

    def _start(self, node: Node, new_game: bool = False):
        from rulebase.engine.tcg.state import TCGState

        if self.state is not None:
            return self.state
        if self.refused_start is not None:
            raise self.error(node, f"the game did not start: {self.refused_start}")
        board = self._board()
        if new_game:
            self._from_decks(node)
        else:
            if self.unfit:
                fact, message = self.unfit[0]
                raise self.error(fact, message)
            for player in board.players:
                player.story.sort(key=lambda card: card.printed.stage)
        board.turn.player = self.turn_player
        board.turn.first_player = self.first_player if self.first_player is not None else (
            self.turn_player if self.turn_number == 1 else 0)
        board.turn.number = self.turn_number or 3
        phase = "end" if self.phase == "end of turn" else self.phase
        board.turn.phase = phase
        try:
            self.state = TCGState.from_board(board, None if new_game else phase, checkpoints=True)
        except SetupError as error:
            raise self.error(node, str(error)) from None
        self.board = self.state.board
        self.trace = self.board.trace
        if self.phase == "end of turn":
            self._proceed(node, self.turn_player, "end of turn")
        self._chance()
        return self.state

    def _from_decks(self, node: Node) -> None:
        """Before the setup of 103.0.0: the board holds only the players'
        decks, Story cards and Main Characters, and each player's game deck
        is checked by the deck construction rules (102.0.0-102.1.3), whose
        refusal is the refusal of the game's start."""
        board = self._board()
        for player in board.players:
            for zone in (Zone.HAND, Zone.REST, Zone.SCENE, Zone.ADVENTURE, Zone.PLANS):
                cards = board.zone_list(zone, player.index)
                if cards:
                    raise self.error(node, f"the game starts from the players' decks, but {player.name}'s {zone} "
                                           f"already holds {', '.join(card.label for card in cards)}")
        try:
            for player in board.players:
                main = player.main_character
                deck = decks.Deck(player.name, [card.printed for card in player.main_deck],
                                  [card.printed for card in player.scene_deck],
                                  [card.printed for card in player.story], main.printed if main else None)
                decks.check(deck, board)
        except RuleViolation as refused:
            self.refused_start = refused
            raise

    def _chance(self) -> None:
        """Settle chance events: shuffles keep the order the scenario
        gives, a deck is cut as the scenario says (else not at all), and
        the first player is the one it names."""
        state = self.state
        while not state.is_terminal() and state.is_chance_node():
            request = state.pending
            action = request.default() if request.default is not None else request.legal()[0]
            if action.verb == "first-player":
                owner = self.first_player if self.first_player is not None else self.turn_player
                action = Action("first-player", CHANCE_PLAYER, owner=owner)
            elif action.verb == "cut" and self.cuts.get((action.owner, action.zone)):
                fact, amount = self.cuts[(action.owner, action.zone)].pop(0)
                action = Action("cut", CHANCE_PLAYER, zone=action.zone, owner=action.owner, amount=amount)
                try:
                    request.check(action)
                except RuleViolation as refused:
                    raise self.error(fact, f"this cut can't be made: {refused.reason}") from None
            state.apply_action(action)

    def _prepare(self, node: Node, action: Action) -> Action:
        """Go on to the decision the action answers (unless it is a Main
        Phase action tried at the start of another phase), and pay its
        Harmony."""
        if action.is_free or self._out_of_its_phase(action):
            return action
        self._to_decision()
        return self._paid(node, action)

    def _out_of_its_phase(self, action: Action) -> bool:
        """Whether a Main Phase action (playing, activating, moving) is tried
        at the pause that starts another phase: it is tried there, where the
        scenario says, rather than once the game has played that phase out."""
        request = self.state.pending
        return (action.verb in MAIN_VERBS and request is not None and request.kind == CHECKPOINT
                and self.board.turn.phase != "main")

    def _paid(self, node: Node, action: Action) -> Action:
        """An action that costs Harmony, with the Scenes that pay it: those
        the scenario names, else the first payment the rules allow for it
        (as a player who does not care which Scenes they tap).  With no
        payment allowed, the action goes as it is, for the rules to refuse."""
        if action.payment is not None or action.verb not in ("play", "activate"):
            return action
        request = self.state.pending
        if request is None or request.is_chance or request.player != action.player:
            return action
        for option in request.legal():
            if option.verb == action.verb and option.payment is not None and option == replace(action, payment=option.payment):
                return option
        return action

    def _payment(self, node: Node) -> tuple[int, ...] | None:
        """The ids of the Scenes a sentence names to pay Harmony, if any."""
        payment = node.first("payment")
        if payment is None:
            return None
        return tuple(self.card(node, ref).id for ref in payment.args)

    def _ability(self, node: Node, card: Card, kinds: tuple[str, ...]) -> int:
        """The index of a card's effect of one of ``kinds`` (its first)."""
        for index, effect in enumerate(card.printed.effects):
            if effect.kind in kinds:
                return index
        raise self.error(node, f"{card} has no {' or '.join(kinds)} effect")

    def _action(self, node: Node) -> Action:
        kind, args = node.kind, node.args
        player = self.subject(node)
        simple = {"pass": "pass", "end_main": "pass", "advance": "advance", "disrupt": "disrupt", "concede": "concede"}
        if kind in simple:
            return Action(simple[kind], player)
        if kind == "play":
            owner, space = self.space(node, node.first("space"), player)
            if owner != player:
                raise self.error(node, "a player plays Characters into their own Adventure Zone (403.2.0)")
            return Action("play", player, self.card(node, args[1]).id, space=space, payment=self._payment(node))
        if kind == "use_event":
            return Action("play", player, self.card(node, args[1]).id, payment=self._payment(node))
        if kind == "attach":
            return Action("play", player, self.card(node, args[1]).id, host=self.card(node, args[2]).id,
                          payment=self._payment(node))
        if kind == "activate":
            card = self.card(node, args[1])
            return Action("activate", player, card.id, ability=self._ability(node, card, ("activated",)),
                          payment=self._payment(node))
        if kind == "move":
            owner, space = self.space(node, node.first("space"), player)
            if owner != player:
                raise self.error(node, "a Character moves only between the spaces of its own Adventure Zone (603.0.0)")
            return Action("move", player, self.card(node, args[1]).id, space=space)
        if kind == "flip":
            return Action("inspire", player, self.card(node, args[1]).id)
        if kind == "choose":
            return Action("target", player, self.card(node, args[1]).id)
        if kind == "discard":
            return Action("discard", player, self.card(node, args[1]).id)
        if kind in ("order", "accept", "decline"):
            card = self.card(node, args[1])
            verb = {"order": "resolve", "accept": "use", "decline": "decline"}[kind]
            return Action(verb, player, card.id, ability=self._pending_ability(node, card))
        if kind in ("look", "count", "arrange"):
            owner = self.whose(node, args[1], player)
            zone = ZONES[str(args[2]).lower()]
            order = tuple(self.card(node, ref).id for ref in args[3:]) if kind == "arrange" else None
            return Action(kind, player, zone=zone, owner=owner, order=order)
        if kind == "look_card":
            card = self.card(node, args[1])
            return Action("look", player, zone=card.zone, owner=card.owner)
        raise self.error(node, f"not an action: {kind}")  # pragma: no cover

    def _pending_ability(self, node: Node, card: Card) -> int:
        """The effect of ``card`` that the pending decision is about: the
        one of its effects among the decision's options."""
        state = self.state
        if state is not None and state.pending is not None and not state.pending.is_chance:
            for option in state.pending.legal():
                if option.card == card.id and option.ability is not None:
                    return option.ability
        triggered = [i for i, e in enumerate(card.printed.effects) if e.is_triggered]
        return triggered[0] if triggered else 0

    def expect(self, node: Node) -> str | None:
        return expectations.expect(self, node)


class TCGBinding(GameBinding):
    """Runs Kayou TCG scenarios; they cite the official rules."""

    game = "tcg"
    exemptions = EXEMPTIONS
    target_description = TARGET
    rulebook = staticmethod(engine_rulebook)
    session_class = TCGSession
