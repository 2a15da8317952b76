import json

import pytest
from click.testing import CliRunner

from rulebase.cli import main
from rulebase.engine.errors import IllegalAction
from rulebase.engine.tcg import invariants
from rulebase.engine.tcg.actions import Action
from rulebase.engine.tcg.deck import sample_decks
from rulebase.engine.tcg.simulate import generated_decks, replay, simulate


def test_random_games_keep_every_invariant_and_the_figures_add_up():
    report = simulate(30, seed=2024)
    assert report.violations == []
    assert report.games == 30 == len(report.records)
    assert report.wins + report.draws + report.cut_short + report.faulted == 30
    assert report.faulted == 0
    assert report.wins > 15
    assert report.steps == sum(record.steps for record in report.records) > 30 * 20
    assert report.turns == sum(record.turns for record in report.records)
    assert [record.index for record in report.records] == list(range(30))
    for record in report.records:
        assert record.termination != "win" or record.winner in (0, 1)
    data = report.as_dict()
    assert (data["games"], data["wins"], data["checked_steps"]) == (30, report.wins, report.steps)
    assert data["violations"] == []
    assert "30 games" in report.text_report() and "no violation" in report.text_report()


def test_each_game_has_its_own_pair_of_legal_generated_decks():
    report = simulate(6, seed=1)
    pairs = {record.decks for record in report.records}
    assert len(pairs) == 6
    first, second = generated_decks(1, 0)
    assert first.main != second.main
    assert generated_decks(1, 0)[0].main == first.main


def test_the_same_seed_plays_the_same_games_and_another_seed_others():
    def games(seed):
        return [(r.decks, r.termination, r.winner, r.first_player, r.turns, r.steps)
                for r in simulate(8, seed=seed).records]

    assert games(7) == games(7)
    assert games(7) != games(8)


def test_given_decks_are_played_in_turn():
    decks = sample_decks()
    report = simulate(4, seed=3, decks=decks)
    assert report.violations == []
    pairs = [("Harmony Trail", "Sky Parade"), ("Sky Parade", "Harmony Trail")]
    assert [record.decks for record in report.records] == pairs * 2


def test_the_turn_limit_cuts_games_short_and_counts_them_apart():
    report = simulate(5, seed=2, turn_limit=3)
    assert report.violations == []
    assert report.cut_short == 5 and report.wins == 0
    assert all(record.turns == 4 for record in report.records)


def test_a_broken_invariant_is_reported_with_a_seed_that_replays_it(monkeypatch):
    real = invariants.violations

    def broken(board, **options):
        found = real(board, **options)
        if board.turn.number == 3 and board.turn.phase == "main":
            found.append("999.9.9: the third turn's Main Phase is not allowed")
        return found

    monkeypatch.setattr(invariants, "violations", broken)
    report = simulate(3, seed=11)
    assert report.faulted == 3 == len(report.violations)
    assert report.wins + report.draws + report.cut_short == 0
    violation = report.violations[1]
    assert (violation.seed, violation.game, violation.kind, violation.turn) == (11, 1, "invariant", 3)
    assert violation.message == "999.9.9: the third turn's Main Phase is not allowed"
    assert violation.step == len(violation.history) == report.records[1].steps
    assert "seed 11 game 1 step" in report.text_report()
    data = report.as_dict()["violations"][1]
    assert data["history"] == list(violation.history)

    state = replay(violation.seed, violation.game, violation.history)
    assert (state.board.turn.number, state.board.turn.phase) == (3, "main")
    assert invariants.violations(state.board, full_decks=True)[-1].startswith("999.9.9")
    one_step_before = replay(violation.seed, violation.game, violation.history[:-1])
    assert invariants.violations(one_step_before.board, full_decks=True) == []


def test_an_action_the_engine_lists_but_refuses_is_a_violation(monkeypatch):
    from rulebase.engine.tcg.state import TCGState

    apply_action = TCGState.apply_action

    def refusing(self, action):
        if getattr(action, "verb", None) == "play" and self.board.turn.number >= 2:
            raise IllegalAction("403.0.0", "no card can be played after the first turn (a broken engine)")
        apply_action(self, action)

    monkeypatch.setattr(TCGState, "apply_action", refusing)
    report = simulate(2, seed=4)
    assert [v.kind for v in report.violations] == ["refused legal action"] * 2
    violation = report.violations[0]
    assert Action.parse(violation.action).verb == "play"
    assert "403.0.0: no card can be played after the first turn" in violation.message
    assert violation.step == len(violation.history)
    state = replay(violation.seed, violation.game, violation.history)
    assert Action.parse(violation.action) in state.legal_actions()
    with pytest.raises(IllegalAction, match="no card can be played"):
        state.apply_action(Action.parse(violation.action))


def test_an_exception_is_a_violation_that_says_where(monkeypatch):
    def crashing(board, **options):
        if board.turn.number == 2:
            raise KeyError("oops")
        return []

    monkeypatch.setattr(invariants, "violations", crashing)
    report = simulate(1, seed=4)
    (violation,) = report.violations
    assert violation.kind == "exception"
    assert "KeyError: 'oops'" in violation.message and "test_simulate.py" not in violation.message


def test_an_outcome_that_disagrees_with_the_win_conditions_met_is_a_violation(monkeypatch):
    from rulebase.engine.game import Outcome, Termination
    from rulebase.engine.tcg.state import TCGState

    monkeypatch.setattr(TCGState, "outcome", lambda self: Outcome(Termination.DRAW, None) if self.is_terminal() else None)
    report = simulate(1, seed=4)
    (violation,) = report.violations
    assert violation.kind == "wrong outcome"
    assert violation.message.startswith("a draw, but the win conditions met are: ")
    assert "by 104." in violation.message


def run(*arguments):
    return CliRunner().invoke(main, ["simulate", *arguments])


def test_the_command_plays_tcg_games():
    result = run("--game", "tcg", "--games", "3", "--seed", "5")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("3 games in ")
    assert "no violation" in result.output
    data = json.loads(run("--game", "tcg", "--games", "2", "--json").output)
    assert (data["game"], data["games"], data["violations"]) == ("tcg", 2, [])


def test_the_command_exits_1_on_a_violation(monkeypatch):
    monkeypatch.setattr(invariants, "violations", lambda board, **options: ["999.9.9: broken"])
    result = run("--game", "tcg", "--games", "2", "--seed", "5")
    assert result.exit_code == 1
    assert "2 violations" in result.output and "seed 5 game 1 step 0" in result.output


def test_the_command_says_decks_are_for_the_ccg_only(tmp_path):
    result = run("--game", "tcg", "--decks", str(tmp_path / "deck.toml"))
    assert result.exit_code == 2
    assert "--decks is for the CCG only" in result.output
    result = run("--game", "tcg", "--octgn", str(tmp_path))
    assert result.exit_code == 2 and "--octgn is for the CCG only" in result.output
    result = run("--game", "chess")
    assert result.exit_code == 2 and "'chess' is not one of 'ccg', 'tcg'" in result.output


def test_the_ccg_is_still_the_default_game():
    result = run("--games", "1")
    assert result.exit_code == 0, result.output
    assert "outcomes:" in result.output
