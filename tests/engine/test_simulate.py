import pytest

from rulebase import paths
from rulebase.engine.ccg import invariants
from rulebase.engine.ccg.board import Zone
from rulebase.engine.ccg.deck import check
from rulebase.engine.ccg.decks import DECKS, sample_decks
from rulebase.engine.ccg.simulate import load_decks, play_one, simulate
from rulebase.engine.errors import InvariantViolation

OCTGN = paths.CORPUS / "ccg" / "octgn"
# (deck files, OCTGN data, games): what `rulebase simulate --decks ... --octgn ...`
# is given; a few hundred games in all, a few seconds each.
POOLS = {
    "sample decks": ([DECKS / "sky.toml", DECKS / "orchard.toml"], None, 200),
    "OCTGN theme decks": ([], OCTGN, 60),
}


def simulate_like_the_command(files, octgn, games, seed):
    """What ``rulebase simulate`` does, in-process: read the decks, refuse
    an illegal one, play seeded games checking the invariants every step."""
    decks = load_decks(files, octgn)
    for deck in decks:
        check(deck)
    return decks, simulate(games, seed=seed, decks=decks)


@pytest.mark.parametrize("pool", POOLS)
def test_random_games_keep_every_invariant_and_always_end(pool):
    files, octgn, games = POOLS[pool]
    if octgn is not None and not (octgn / "Decks").is_dir():
        pytest.skip(f"no OCTGN data at {octgn}")
    decks, report = simulate_like_the_command(files, octgn, games, seed=2024)
    assert report.violations == []
    assert len(report.games) == games
    assert set(report.outcomes()) <= {"win", "draw", "turn limit"}
    assert report.outcomes()["win"] > games // 2
    assert report.checked_steps > games * 50
    for game in report.games:
        assert game.termination != "win" or game.winner in ("Alice", "Bob")
    assert {name for game in report.games for name in game.decks} == {deck.name for deck in decks}


def test_the_same_seed_plays_the_same_games():
    first = simulate(5, seed=9)
    second = simulate(5, seed=9)
    assert [(g.winner, g.turns, g.actions) for g in first.games] == [(g.winner, g.turns, g.actions) for g in second.games]


def test_invariants_find_a_card_in_two_zones_a_lost_card_and_negative_tokens():
    record, _ = play_one(sample_decks(), seed=1, turn_limit=4)
    assert record.turns >= 4
    from rulebase.engine.ccg.state import CCGGame

    state = CCGGame(decks=sample_decks()).new_initial_state()
    board = state.board
    assert invariants.violations(board) == []
    card = board.players[0].deck[0]
    board.players[0].hand.append(card)
    board.players[1].tokens = -1
    found = invariants.violations(board)
    assert any(v.startswith("401.1") and card.label in v for v in found)
    assert any(v.startswith("502.1") for v in found)
    board.players[0].hand.remove(card)
    board.players[0].deck.remove(card)
    assert any("lost" in v for v in invariants.violations(board))
    try:
        invariants.check(board)
    except InvariantViolation as error:
        assert "lost" in str(error)
    else:
        raise AssertionError("a lost card was not reported")
    assert card.zone == Zone.DRAW_DECK


def played(decks, seed: int, trace: bool, off=frozenset()):
    """A seeded random game played to its end: its actions, outcome and trace."""
    from rulebase.engine.ccg.state import CCGGame
    from rulebase.engine.policy import RandomPolicy

    state = CCGGame(decks=decks, trace=trace, turn_limit=30).new_initial_state()
    state.board.off = frozenset(off)
    policy = RandomPolicy(seed)
    while not state.is_terminal():
        state.apply_action(policy(state))
        invariants.check(state.board)
    return [str(action) for action in state.actions()], state.outcome(), state.board.trace


@pytest.mark.parametrize("seed", [3, 11])
def test_a_seeded_game_is_the_same_with_the_trace_on_and_off(seed):
    quiet_actions, quiet_outcome, quiet_trace = played(sample_decks(), seed, trace=False)
    actions, outcome, trace = played(sample_decks(), seed, trace=True)
    assert (actions, outcome) == (quiet_actions, quiet_outcome)
    assert len(quiet_trace) == 0 and len(trace) > len(actions)
    assert {"510.2", "705.2d"} <= set(trace.deciding())


def test_a_seeded_simulation_reports_the_same_games_with_the_trace_on_and_off():
    summary = [(g.seed, g.decks, g.termination, g.winner, g.turns, g.actions)
               for g in simulate(4, seed=5, turn_limit=40).games]
    traced = [(g.seed, g.decks, g.termination, g.winner, g.turns, g.actions)
              for g in simulate(4, seed=5, turn_limit=40, trace=True).games]
    assert summary == traced


def test_a_rule_switched_off_is_switched_off_with_the_trace_on_and_off():
    quiet_actions, _, _ = played(sample_decks(), 7, trace=False, off={"705.2d"})
    actions, _, trace = played(sample_decks(), 7, trace=True, off={"705.2d"})
    assert actions == quiet_actions
    assert "705.2d" not in trace.rules()


def _break_in_hand(board):
    board.players[0].hand[0].frightened = True


def _break_score(board):
    board.players[1].score = -1


def _break_lost(board):
    board.players[0].deck.pop()


def _break_two_zones(board):
    board.players[0].hand.append(board.players[0].deck[0])


def _break_problem(board):
    next(card for card in board.play if card.type.value == "Problem").exhausted = True


def _break_face_up(board):
    board.play[0].frightened = True


@pytest.mark.parametrize("breaking", [_break_in_hand, _break_score, _break_lost, _break_two_zones, _break_problem,
                                      _break_face_up])
def test_the_quick_answer_agrees_with_the_violations_in_words(breaking):
    from rulebase.engine.ccg.state import CCGGame
    from rulebase.engine.policy import RandomPolicy

    state = CCGGame(decks=sample_decks(), trace=False).new_initial_state()
    policy = RandomPolicy(4)
    for _ in range(40):
        state.apply_action(policy(state))
    board = state.board
    assert invariants.holds(board) and invariants.violations(board) == []
    breaking(board)
    assert not invariants.holds(board) and invariants.violations(board)


def test_the_collector_is_spared_the_older_objects_only_while_the_games_are_played():
    import gc

    from rulebase.engine.ccg.simulate import sparing_the_collector

    assert gc.get_freeze_count() == 0
    with sparing_the_collector():
        assert gc.get_freeze_count() > 0
        with sparing_the_collector():
            frozen = gc.get_freeze_count()
        assert gc.get_freeze_count() == frozen
    assert gc.get_freeze_count() == 0
    with pytest.raises(KeyError):
        with sparing_the_collector():
            raise KeyError("a fault")
    assert gc.get_freeze_count() == 0
    simulate(1, seed=3, turn_limit=5)
    assert gc.get_freeze_count() == 0


def test_the_simulators_policy_takes_legal_actions_drawing_those_of_priority_decisions():
    """The simulator's policy draws a priority decision's action from the
    decision (without listing them all), one of the actions the decision
    lists; other decisions are chosen among their listed actions."""
    from rulebase.engine.ccg.priority import PRIORITY
    from rulebase.engine.ccg.simulate import DrawingPolicy
    from rulebase.engine.ccg.state import CCGGame

    state = CCGGame(decks=sample_decks(), trace=False, turn_limit=12).new_initial_state()
    policy = DrawingPolicy(4)
    drawn = other = 0
    while not state.is_terminal():
        request = state.pending
        action = policy(state)
        if not state.is_chance_node():
            assert action in state.legal_actions()
            if request.kind == PRIORITY:
                assert request.pick is not None
                drawn += 1
            else:
                other += 1
        state.apply_action(action)
    assert drawn > 20 and other > 0, (drawn, other)


def test_the_decisions_of_a_game_leave_no_reference_cycle_behind():
    """A decision's request and its check are freed as soon as the game
    moves on, not left in a reference cycle for the cyclic garbage
    collector (whose passes over a game's growing trace and board cost
    more the longer the game)."""
    import gc

    from rulebase.engine.ccg.state import CCGGame
    from rulebase.engine.flow import Request
    from rulebase.engine.policy import RandomPolicy

    state = CCGGame(decks=sample_decks(), trace=True).new_initial_state()
    policy = RandomPolicy(3)
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        for _ in range(120):
            state.apply_action(policy(state))
        gc.collect()
        cyclic = [thing for thing in gc.garbage if isinstance(thing, Request)]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    assert len(state.history) > 120 and not state.is_terminal()
    assert cyclic == []
