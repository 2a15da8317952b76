"""What the CCG engine keeps while it lists a decision's legal actions
(:meth:`~rulebase.engine.ccg.board.Board.asking`) changes none of its
answers: seeded games played with the keeping on and off take the same
actions, offer the same legal actions at every decision, refuse the same
actions with the same rules and reasons, and record the same trace."""

import hashlib
import random
import re
from collections import Counter

import pytest

from rulebase import paths
from rulebase.engine.ccg import board as boards
from rulebase.engine.ccg import power as powers
from rulebase.engine.ccg.actions import Action
from rulebase.engine.ccg.cards import CardType
from rulebase.engine.ccg.decks import sample_decks
from rulebase.engine.ccg.simulate import load_decks
from rulebase.engine.ccg.state import CCGGame
from rulebase.engine.errors import IllegalAction
from rulebase.engine.policy import RandomPolicy

OCTGN = paths.CORPUS / "ccg" / "octgn"
ADDRESS = re.compile(r" at 0x[0-9a-f]+")


def steps(trace) -> str:
    """The steps of a trace in words, without the memory addresses an
    object's default repr would put in them (which differ from run to
    run)."""
    return ADDRESS.sub(" at 0x", repr([(step.rule, step.kind, str(step)) for step in trace]))


def theme_decks():
    if not (OCTGN / "Decks").is_dir():
        pytest.skip(f"no OCTGN data at {OCTGN}")
    return load_decks((), OCTGN)


def fingerprint(board) -> tuple:
    """Everything on the board a listing of legal actions could change."""
    cards = tuple((c.zone, c.area, c.controller, c.exhausted, c.frightened, c.face_down, c.counters, c.turned_over,
                   tuple(c.modifiers), c.host.id if c.host is not None else None, c.ignored, c.cannot_move,
                   tuple(c.gained), c.incarnation) for c in board.cards)
    players = tuple((p.score, p.tokens, p.conceded, p.removed, p.extra_flips,
                     tuple(tuple(c.id for c in cards) for cards in p.zones.values())) for p in board.players)
    turn = board.turn
    return (cards, players, tuple(c.id for c in board.play), tuple(c.id for c in board.queue), turn.number, turn.player,
            turn.phase, turn.step, turn.priority, id(board.faceoff), len(board.events), len(board.waiting),
            frozenset(board.used), len(board.trace))


def candidates(board, player: int) -> list:
    """Actions to try on ``player``'s behalf, most of them illegal: every
    card in their hand played at every area and on every card in play, every
    card in play moved to every area, rallied and activated."""
    areas = [area for p in board.players for area in (p.home, p.problem_area)]
    found = []
    for card in board.players[player].hand:
        found.append(Action("play", player, card.id))
        found.extend(Action("play", player, card.id, area=area) for area in areas)
        found.extend(Action("play", player, card.id, host=host.id) for host in board.play)
    for card in board.play:
        found.extend(Action("move", player, card.id, area=area) for area in areas)
        found.append(Action("rally", player, card.id))
        found.append(Action("activate", player, card.id, amount=1))
    found.append(Action("draw", player))
    return found


def answers(state) -> list:
    """What the pending decision's check says of each candidate action:
    the refusal's rule, reason and unit, or that it is allowed."""
    request = state.pending
    found = []
    for action in candidates(state.board, request.player):
        try:
            request.check(action)
        except IllegalAction as refusal:
            found.append((str(action), refusal.rule, ADDRESS.sub(" at 0x", refusal.reason), refusal.unit))
        else:
            found.append((str(action), "allowed"))
    return found


def play(decks, seed: int, memo: bool, monkeypatch, turn_limit: int = 30, probe_every: int = 7) -> str:
    """A digest of a seeded random game with the trace on: at each decision
    its legal actions, at some its answers to many candidate actions (most
    illegal), the actions taken, the outcome and every step of the trace."""
    monkeypatch.setattr(boards, "MEMO", memo)
    state = CCGGame(decks=decks, turn_limit=turn_limit, trace=True).new_initial_state()
    policy = RandomPolicy(seed)
    digest = hashlib.sha256()
    decisions = 0
    while not state.is_terminal():
        if not state.is_chance_node():
            digest.update(repr([str(action) for action in state.legal_actions()]).encode())
            decisions += 1
            if decisions % probe_every == 0:
                mark = len(state.board.trace)
                digest.update(repr(answers(state)).encode())
                digest.update(steps(state.board.trace.since(mark)).encode())
        state.apply_action(policy(state))
    digest.update(repr([str(action) for action in state.actions()]).encode())
    digest.update(repr(state.outcome()).encode())
    digest.update(steps(state.board.trace).encode())
    return digest.hexdigest()


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_theme_deck_games_are_the_same_with_and_without_keeping(seed, monkeypatch):
    decks = theme_decks()
    pair = [decks[seed % len(decks)], decks[(seed + 2) % len(decks)]]
    assert play(pair, seed, True, monkeypatch) == play(pair, seed, False, monkeypatch)


def test_sample_deck_games_are_the_same_with_and_without_keeping(monkeypatch):
    for seed in (5, 6):
        assert play(sample_decks(), seed, True, monkeypatch) == play(sample_decks(), seed, False, monkeypatch)


def test_listing_the_legal_actions_keeps_nothing_and_changes_nothing(monkeypatch):
    """At every decision of seeded games, the legal actions listed with the
    keeping on are those listed with it off, the board is as it was, and
    nothing is kept once the listing ends."""
    decks = theme_decks()
    listed = 0
    worked_out = {True: 0, False: 0}
    listing = False
    parts = powers.power_parts

    def counting(board, card, explain=True):
        if listing:
            worked_out[boards.MEMO] += 1
        return parts(board, card, explain)

    monkeypatch.setattr(powers, "power_parts", counting)
    for seed in (7, 8):
        state = CCGGame(decks=[decks[seed % len(decks)], decks[(seed + 3) % len(decks)]], turn_limit=20,
                        trace=True).new_initial_state()
        policy = RandomPolicy(seed)
        while not state.is_terminal():
            request = state.pending
            if not state.is_chance_node():
                board = state.board
                before = fingerprint(board)
                listing = True
                monkeypatch.setattr(boards, "MEMO", True)
                kept = request.options()
                assert board.memo is None and fingerprint(board) == before
                monkeypatch.setattr(boards, "MEMO", False)
                assert request.options() == kept and fingerprint(board) == before
                listing = False
                listed += 1
            state.apply_action(policy(state))
    assert listed > 100
    assert 0 < worked_out[True] < worked_out[False]


def test_what_is_kept_while_asking_is_kept_only_until_the_asking_ends(monkeypatch):
    monkeypatch.setattr(boards, "MEMO", True)
    state = CCGGame(decks=sample_decks(), turn_limit=5).new_initial_state()
    board = state.board
    assert board.memo is None
    with board.asking():
        assert board.memo == {}
        board.memo["x"] = 1
        with board.asking():
            assert board.memo == {"x": 1}
        assert board.memo == {"x": 1}
    assert board.memo is None
    with pytest.raises(KeyError):
        with board.asking():
            raise KeyError("a fault")
    assert board.memo is None
    monkeypatch.setattr(boards, "MEMO", False)
    with board.asking():
        assert board.memo is None


FOGGY_FLEECE = "6e6e7198-6679-48f6-8db1-7a797737e80b"
"""Foggy Fleece, Cloud Crafter: "You may play this card from your discard
pile." (707.3); in none of the theme decks."""


def with_foggy_fleece(deck):
    """A white deck with three copies of Foggy Fleece in place of the first
    three cards of its draw deck."""
    from dataclasses import replace

    from rulebase.engine.ccg.octgn import with_text

    fleece = with_text(str(OCTGN), FOGGY_FLEECE)
    return replace(deck, name=f"{deck.name} with Foggy Fleece", draw=[fleece] * 3 + list(deck.draw[3:]))


def test_the_cards_passed_over_while_listing_could_never_have_been_listed(monkeypatch):
    """The legal actions are listed looking only at the discarded cards
    whose text lets them be played from the discard pile, and only at the
    cards in play with an activated ability: at every decision of seeded
    games the same actions are listed when every discarded card and every
    acting card in play is looked at (the copies of a card playable from
    the discard pile still in the draw deck put there at the first Main
    Phase)."""
    from rulebase.engine.ccg import play as playing
    from rulebase.engine.ccg.abilities import activated, continuous

    decks = {deck.name: deck for deck in theme_decks()}
    rarity = with_foggy_fleece(decks["Rarity Theme Deck"])
    narrow = {"returning": playing._returning, "activating": activated._activating}
    wide = {"returning": lambda board: frozenset(board.cards), "activating": continuous.acting_cards}
    listed = returned = activating = 0
    for seed, other in ((11, "Applejack Theme Deck"), (12, "Twilight Sparkle Theme Deck"), (13, "Rarity Theme Deck")):
        state = CCGGame(decks=[rarity, decks[other]], turn_limit=40, trace=False).new_initial_state()
        policy = RandomPolicy(seed)
        discarded = False
        while not state.is_terminal():
            if not state.is_chance_node():
                if not discarded and state.board.turn.phase == "main":
                    for card in playing._returning(state.board):
                        if card.zone is boards.Zone.DRAW_DECK:
                            state.board.put(card, boards.Zone.DISCARD)
                    state.pending.forget()
                    discarded = True
                answers = []
                for ways in (narrow, wide):
                    monkeypatch.setattr(playing, "_returning", ways["returning"])
                    monkeypatch.setattr(activated, "_activating", ways["activating"])
                    answers.append(state.pending.options())
                assert answers[0] == answers[1]
                listed += 1
                board = state.board
                returned += any(card.zone is boards.Zone.DISCARD for card in narrow["returning"](board))
                activating += bool(narrow["activating"](board))
            state.apply_action(policy(state))
    assert listed > 100
    assert returned > 10 and activating > 10


def test_the_cards_playable_from_the_discard_pile_are_those_whose_text_says_so():
    """A card is among those looked at in a discard pile exactly when the
    text of one of its sides lets it be played from there (707.3)."""
    from rulebase.engine.ccg import play as playing
    from rulebase.engine.ccg.abilities import continuous

    decks = {deck.name: deck for deck in theme_decks()}
    pair = [with_foggy_fleece(decks["Rarity Theme Deck"]), decks["Applejack Theme Deck"]]
    board = CCGGame(decks=pair, turn_limit=5, trace=False).new_initial_state().board
    returning = playing._returning(board)
    for card in board.cards:
        sides = []
        for turned in (False, True):
            card.turned_over = turned
            sides.append(continuous._from_discard(card) is not None)
        card.turned_over = False
        assert (card in returning) == any(sides), card
    assert [card.printed.name for card in returning] == ["Foggy Fleece, Cloud Crafter"] * 3


@pytest.mark.parametrize("seed", [21, 22])
def test_games_are_the_same_when_every_card_is_looked_at(seed, monkeypatch):
    """The cards passed over as the legal actions are listed and as events
    are shown to the abilities waiting for them (those whose text, on
    either side, could not answer), and the cards in play with text acting
    beyond themselves kept while the cards in play stay the same, change
    nothing: seeded games played looking at every discarded card, at every
    acting card in play for activations and at every acting card for each
    event, and finding the acting cards anew each time, offer the same legal
    actions, take the same actions and record the same trace."""
    from rulebase.engine.ccg import play as playing
    from rulebase.engine.ccg.abilities import activated, continuous, triggers

    decks = {deck.name: deck for deck in theme_decks()}
    names = sorted(decks)
    pair = [with_foggy_fleece(decks["Rarity Theme Deck"]), decks[names[seed % len(names)]]]
    narrow = play(pair, seed, True, monkeypatch)
    monkeypatch.setattr(playing, "_returning", lambda board: frozenset(board.cards))
    monkeypatch.setattr(activated, "_activating", continuous.acting_cards)
    monkeypatch.setattr(triggers, "_waiting", lambda board, event: (continuous.acting_cards(board),) * 2)
    monkeypatch.setattr(continuous, "acting_cards",
                        lambda board: [card for card in board.play if continuous._acts(card.printed)])
    monkeypatch.setattr(continuous, "reaching",
                        lambda board, kind: [card for card in board.play if continuous._reaches(card.printed, kind)])
    assert play(pair, seed, True, monkeypatch) == narrow


def test_what_is_kept_of_the_cards_in_play_is_what_they_are_now(monkeypatch):
    """After every action of seeded games, the cards in play with text
    acting beyond themselves, those changing others by each kind of
    modifier, those with activated abilities and those waiting for each
    event, as kept, are those found anew among the cards in play; so they
    are after a card in play is replaced by another, one leaving as the
    other enters."""
    from rulebase.engine.ccg.abilities import activated, continuous, triggers

    decks = {deck.name: deck for deck in theme_decks()}
    kinds = {kind for deck in decks.values() for printed in deck.draw for sided in (printed, printed.boosted)
             if sided is not None for kind in continuous.index(sided).outward}
    events = {event for deck in decks.values() for printed in deck.draw for event in triggers._events(printed)[0]}
    assert kinds and events
    compared = 0
    for seed, (first, second) in enumerate([("Rarity Theme Deck", "Applejack Theme Deck"),
                                            ("Twilight Sparkle Theme Deck", "Pinkie Pie Theme Deck")]):
        state = CCGGame(decks=[decks[first], decks[second]], turn_limit=40, trace=False).new_initial_state()
        policy = RandomPolicy(seed)

        def compare(board):
            acting = [card for card in board.play if continuous._acts(card.printed)]
            assert continuous.acting_cards(board) == acting
            for kind in kinds:
                assert continuous.reaching(board, kind) == [card for card in acting
                                                            if continuous._reaches(card.printed, kind)]
            assert activated._activating(board) == [card for card in acting if activated._activates(card.printed)]
            for event in events:
                waiting = [card for card in acting if event in triggers._events(card.printed)[0]]
                assert triggers._waiting(board, event)[0] == waiting

        while not state.is_terminal():
            state.apply_action(policy(state))
            compare(state.board)
            compared += 1
        board = state.board
        for leaving, entering in zip([card for card in board.play if continuous._acts(card.printed)],
                                     [card for card in board.cards if card.zone is not boards.Zone.PLAY
                                      and card.type is not CardType.PROBLEM and continuous._acts(card.printed)]):
            area = leaving.area
            board.put(leaving, boards.Zone.DISCARD)
            board.put(entering, boards.Zone.PLAY, area=area)
            compare(board)
            compared += 1
    assert compared > 200


def test_the_most_a_move_can_cost_at_an_area_is_worked_out_once_per_listing(monkeypatch):
    """While the legal actions are listed, what Showy and other modifiers
    could add to a move to an area (609.2b) is worked out once for each
    player and area, not for each character that could move there: fewer
    times with the keeping on, and the same actions listed either way."""
    from rulebase.engine.ccg.abilities import continuous

    decks = theme_decks()
    worked_out = {True: 0, False: 0}
    most = continuous.most_move_cost

    def counting(board, player, area):
        worked_out[boards.MEMO] += 1
        return most(board, player, area)

    monkeypatch.setattr(continuous, "most_move_cost", counting)
    listed = 0
    for seed in (9, 10):
        state = CCGGame(decks=[decks[seed % len(decks)], decks[(seed + 1) % len(decks)]], turn_limit=20,
                        trace=False).new_initial_state()
        policy = RandomPolicy(seed)
        while not state.is_terminal():
            if not state.is_chance_node():
                kept = {}
                for memo in (True, False):
                    monkeypatch.setattr(boards, "MEMO", memo)
                    kept[memo] = state.pending.options()
                assert kept[True] == kept[False]
                listed += any(action.verb == "move" for action in kept[True])
            state.apply_action(policy(state))
    assert listed > 20
    assert 0 < worked_out[True] < worked_out[False]


def test_the_actions_listed_are_those_the_decision_allows_with_the_trace_on():
    """The legal actions are listed with nothing recorded, and the check of
    an activation then skips what it would only record (703.1c asks the
    costs of an ability activated before once, not a second time): at every
    priority decision of seeded games, the activation of each ability of
    each card in play is listed exactly when the decision's check,
    recording, allows it; among them abilities activated before, whose
    costs can be paid again."""
    from rulebase.engine.ccg.abilities import activated

    decks = {deck.name: deck for deck in theme_decks()}
    compared = again = 0
    for seed, pair in ((33, ("Rarity Theme Deck", "Fluttershy Theme Deck")),
                       (32, ("Twilight Sparkle Theme Deck", "Rainbow Dash Theme Deck")),
                       (31, ("Pinkie Pie Theme Deck", "Applejack Theme Deck"))):
        state = CCGGame(decks=[decks[name] for name in pair], turn_limit=30, trace=True).new_initial_state()
        policy = RandomPolicy(seed)
        while not state.is_terminal():
            request = state.pending
            if not state.is_chance_node() and request.kind == "take an action or pass":
                board = state.board
                listed = {str(action) for action in state.legal_actions()}
                for action in [Action("activate", request.player, card.id, amount=number) for card in board.play
                               for number in (1, 2)]:
                    try:
                        request.check(action)
                    except IllegalAction:
                        allowed = False
                    else:
                        allowed = True
                    assert allowed == (str(action) in listed), action
                    compared += 1
                    if allowed and activated._activated_key(board.cards[action.card], action.amount) in board.used:
                        again += 1
            state.apply_action(policy(state))
    assert compared > 1000 and again > 0, (compared, again)


def test_the_most_a_move_can_cost_is_never_less_than_what_it_costs():
    """The legal moves are listed without working out a move's cost where
    the player has tokens enough for the most the modifiers at the area
    could add (609.2b): at every decision of seeded games, the cost of
    moving each character in play to each area is never more than that."""
    from rulebase.engine.ccg import moving

    decks = theme_decks()
    compared = showy = 0
    for seed in range(41, 47):
        state = CCGGame(decks=[decks[seed % len(decks)], decks[(seed * 5 + 1) % len(decks)]], turn_limit=30,
                        trace=False).new_initial_state()
        policy = RandomPolicy(seed)
        while not state.is_terminal():
            board = state.board
            areas = [area for p in board.players for area in (p.home, p.problem_area)]
            for card in board.play:
                if not card.is_character:
                    continue
                for area in areas:
                    if area == card.area:
                        continue
                    most = moving.MOVE_COST + moving.most_showy(board, card.controller, area)
                    cost = moving.move_cost(board, card.controller, card, area)
                    assert cost <= most, (card, board.area_name(area), cost, most)
                    compared += 1
                    showy += most > moving.MOVE_COST
            state.apply_action(policy(state))
    assert compared > 1000 and showy > 0, (compared, showy)


def test_a_priority_decision_answers_without_listing_as_its_listing_would(monkeypatch):
    """A priority decision says whether passing is all its player may do,
    and draws one of its legal actions, without listing them all: at every
    priority decision of seeded games, :func:`only_pass
    <rulebase.engine.ccg.priority.only_pass>` is the one legal action
    exactly when there is one, the candidates kept by their tests are the
    actions listed besides passing, in their order, and :func:`drawn
    <rulebase.engine.ccg.priority.drawn>` draws legal actions only, every
    one of them in time, none far more often than another.  None of it
    records anything (but a loop's refusals, 802.2, while all is listed)."""
    from rulebase.engine.ccg import loops, priority

    decks = theme_decks()
    seen = Counter()
    only_pass = priority.only_pass

    def compared(board, player, window, pool=None):
        mark = len(board.trace)
        only = only_pass(board, player, window, pool)
        quiet = len(board.trace) == mark
        legal = priority.listed(board, player, window)
        assert only == (legal[0] if len(legal) == 1 else None), (only, legal)
        with board.asking(), board.trace.quiet():
            kept = [action for action, allowed in priority.candidates(board, player, window) if allowed()]
        kept = [action for action in kept if loops.allows(board, action)]
        assert [Action("pass", player)] + kept == legal
        if len(legal) > 1:
            rng = random.Random(len(board.trace) + 97 * len(legal))
            mark = len(board.trace)
            counts = Counter(priority.drawn(board, player, window, rng) for _ in range(40 * len(legal)))
            quiet = quiet and len(board.trace) == mark
            assert set(counts) == set(legal), (counts, legal)
            assert max(counts.values()) < 4 * min(counts.values()), counts
            seen["drawn"] += 1
        seen["alone" if only is not None else "several"] += 1
        seen["looping"] += priority._looping(board)
        assert quiet or priority._looping(board)
        return only

    monkeypatch.setattr(priority, "only_pass", compared)
    for seed in (21, 22):
        state = CCGGame(decks=[decks[seed % len(decks)], decks[(seed + 2) % len(decks)]], turn_limit=16,
                        trace=True).new_initial_state()
        policy = RandomPolicy(seed)
        while not state.is_terminal():
            state.apply_action(policy(state))
    assert seen["alone"] > 50 and seen["several"] > 50 and seen["drawn"] == seen["several"], seen


def _wave_in_full(board) -> bool:
    """The first steps of a wave of Pre-Priority Processing (511.2-511.6)
    as the rules list them, each looking at every card in play."""
    from rulebase.engine.ccg import play as playing
    from rulebase.engine.ccg import priority as p
    from rulebase.engine.ccg.board import Zone

    changed = False
    for other in list(board.play):
        host = other.host
        if host is None or other.zone != Zone.PLAY:
            continue
        if not p.has_host_description(board, other) or not playing.matches_host_description.allows(board, other, host):
            changed = p.dismiss_from_mismatched_host(board, other, host) is not None or changed
        elif host.face_down:
            changed = p.dismiss_from_face_down_host(board, other, host) is not None or changed
    for card in board.play:
        if card.frightened and not p.known_friend(board, card):
            changed = p.frightened_non_friend_face_up(board, card) is not None or changed
    for card in list(board.play):
        if card.is_character and board.players[card.area.owner].removed:
            changed = p.go_home_from_ceased_area(board, card) is not None or changed
        elif card.is_character and card.area.is_home and card.area.owner != card.controller:
            changed = p.go_home(board, card) is not None or changed
    for card in list(board.play):
        if card.zone == Zone.PLAY and not card.is_character and board.players[card.area.owner].removed:
            changed = p.dismissed_from_ceased_area(board, card) is not None or changed
    return changed


def copied(found: tuple) -> tuple:
    """A :func:`fingerprint` without what differs between a board and its
    copy: which faceoff object is under way, and the trace."""
    return found[:9] + found[10:-1]


def test_a_wave_of_pre_priority_processing_takes_only_the_steps_with_cards_to_act_on(monkeypatch):
    """A wave of Pre-Priority Processing takes the steps of 511.2-511.6
    only when there is a card each asks of: at every wave of seeded games,
    and of copies of their boards with cards frightened, a character in
    another player's home and at times a player gone, it changes the board,
    records the trace and says whether it changed anything (or refuses) as
    the steps taken in full over every card in play do, on a copy."""
    import copy

    from rulebase.engine.ccg import priority
    from rulebase.engine.errors import EngineError
    from rulebase.engine.trace import Trace

    decks = theme_decks()
    seen = Counter()
    wave = priority._turn_send_and_dismiss

    def copy_of(board):
        return copy.deepcopy(board, {id(board.trace): Trace(board.trace.enabled)})

    def outcome(steps, board):
        try:
            return steps(board)
        except EngineError as error:
            return f"{type(error).__name__}: {error}"

    def same(board, other, mark: int = 0) -> bool:
        said = outcome(wave, board)
        assert said == outcome(_wave_in_full, other)
        assert copied(fingerprint(board)) == copied(fingerprint(other))
        assert steps(board.trace.since(mark)) == steps(other.trace)
        for name, found in zip(("attached", "frightened", "displaced", "removed"), priority._looked_for(other)):
            seen[name] += found
        return said

    def compared(board):
        seen["waves"] += 1
        if seen["waves"] % 4 == 0:
            # the same on a copy where cards are frightened, a character is
            # in another player's home, and at times a player has left
            rng = random.Random(seen["waves"])
            changed = copy_of(board)
            characters = [card for card in changed.play if card.is_character]
            for card in rng.sample(characters, min(2, len(characters))):
                card.frightened = card.face_down = True
            if characters:
                card = rng.choice(characters)
                card.area = changed.players[1 - card.controller].home
            if rng.random() < 0.3:
                changed.players[rng.randrange(2)].removed = True
            seen[str(same(changed, copy_of(changed)))[:5]] += 1
        return same(board, copy_of(board), len(board.trace))

    monkeypatch.setattr(priority, "_turn_send_and_dismiss", compared)
    for seed in (31, 32):
        state = CCGGame(decks=[decks[seed % len(decks)], decks[(seed + 1) % len(decks)]], turn_limit=24,
                        trace=True).new_initial_state()
        policy = RandomPolicy(seed)
        while not state.is_terminal():
            state.apply_action(policy(state))
    assert seen["waves"] > 300 and seen["True"] > 50, seen
    assert all(seen[name] > 10 for name in ("attached", "frightened", "displaced", "removed")), seen
