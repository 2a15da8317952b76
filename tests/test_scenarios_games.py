"""One scenario language for several games: the core grammar, a grammar per
game composed on it, the ``Game:`` line choosing which one reads a file, and
the registry of games (:mod:`rulebase.scenarios.bindings`)."""

from __future__ import annotations

import shutil

import pytest
from lark import Lark

from rulebase import paths
from rulebase.scenarios import bindings, parser
from rulebase.scenarios.model import ScenarioError

SHARED = '''Scenario: The sentences every game has
  Rules: 514.4a, 102.2, 404.5.0, 103.1.1, 505.1d.i
  Given Alice plays against Bob
    And Bob plays first
  When the game starts
    And Alice concedes
  Then the action is refused by 404.5.0 because it is not her turn
    And Bob wins the game
    And the game is a draw
    And the game is not over
'''


@pytest.fixture
def registry(monkeypatch):
    """The registry with a game ``nothing`` whose grammar and binding do not exist."""
    games = dict(bindings.GAMES)
    games["nothing"] = bindings.Game("nothing", ("nothing", "mlp nothing"), "scenario_nothing",
                                     "rulebase.scenarios.games.nothing:NothingBinding")
    monkeypatch.setattr(bindings, "GAMES", games)
    return games


def test_the_core_reads_the_sentences_every_game_has():
    core = Lark.open(str(paths.grammar(parser.CORE)), parser="lalr", maybe_placeholders=False)
    tree = core.parse(SHARED)
    kinds = [subtree.data for subtree in tree.iter_subtrees_topdown()]
    assert {"players", "first_player", "start_game", "concede", "refused", "game_winner", "game_draw",
            "game_not_over"} <= set(kinds)
    assert [str(token) for token in tree.scan_values(lambda t: t.type == "RULE")][:5] == [
        "514.4a", "102.2", "404.5.0", "103.1.1", "505.1d.i"]


def test_a_game_grammar_keeps_the_core_sentences_and_names():
    [scenario] = parser.parse(SHARED, "shared.scenario").scenarios
    assert [c.key for c in scenario.rules] == ["514.4a", "102.2", "404.5.0", "103.1.1", "505.1d.i"]
    assert [fact.kind for fact in scenario.given] == ["players", "first_player"]
    assert [[s.kind for s in block.statements] for block in scenario.steps] == [
        ["start_game", "concede"], ["refused", "game_winner", "game_draw", "game_not_over"]]
    refused = scenario.steps[1].statements[0]
    assert refused.args == ["404.5.0", "it is not her turn"] and (refused.line, refused.column) == (7, 8)


@pytest.mark.parametrize("line", ["", "Game: ccg\n", "Game: MLP CCG\n", "game:   mlp  ccg   # the CCG\n",
                                  "Cards:\n  \"C\" is a Friend: blue.\nGame: CCG\n"])
def test_the_game_line_chooses_the_ccg(line):
    parsed = parser.parse(line + SHARED, "x.scenario")
    assert parsed.game == "ccg" and parsed.scenarios[0].game == "ccg"


@pytest.mark.parametrize("name, key", [("MLP TCG", "tcg"), ("tcg", "tcg"), ("Kayou TCG", "tcg"),
                                       ("mlp ccg", "ccg"), ("CCG", "ccg"), ("MLP CCG ", "ccg"), ("chess", None)])
def test_game_names(name, key):
    assert bindings.game_key(name) == key


def test_an_unknown_game_is_an_error_at_its_line_naming_the_known_games():
    with pytest.raises(ScenarioError) as error:
        parser.parse("# a file\nGame: chess\n" + SHARED, "x.scenario")
    assert str(error.value) == ("x.scenario:2:7: no engine runs scenarios of the game 'chess' "
                                "(known: ccg, tcg): 'Game: chess'")
    with pytest.raises(bindings.UnknownGameError, match=r"the game 'chess' \(known: ccg, tcg\)"):
        bindings.binding_for("chess")


def test_a_game_line_after_the_first_scenario_is_not_the_files():
    # After "Scenario:", "Game: chess" is the text of a note, not the file's game.
    parsed = parser.parse(SHARED.replace("  Rules:", "  Note: Game: chess\n  Rules:"), "x.scenario")
    assert parsed.game == "ccg"


def test_two_game_lines_must_agree():
    assert parser.parse("Game: ccg\nGame: MLP CCG\n" + SHARED, "x.scenario").game == "ccg"
    with pytest.raises(ScenarioError, match=r"x.scenario:2:7: line 1 names the game 'ccg': 'Game: MLP TCG'"):
        parser.parse("Game: ccg\nGame: MLP TCG\n" + SHARED, "x.scenario")


def test_a_game_not_written_yet_is_a_clear_error(registry):
    with pytest.raises(ScenarioError) as error:
        parser.parse("Game: MLP Nothing\n" + SHARED, "x.scenario")
    assert str(error.value) == "x.scenario:1:7: no engine runs scenarios of the game 'nothing' yet: 'Game: MLP Nothing'"
    with pytest.raises(bindings.UnknownGameError, match="no engine runs scenarios of the game 'nothing' yet"):
        bindings.binding_for("nothing")
    with pytest.raises(bindings.UnknownGameError, match="'nothing' yet"):
        parser.lark_parser("nothing")


def test_a_binding_module_without_its_class_is_not_written_yet(registry):
    registry["nothing"] = bindings.Game("nothing", ("nothing",), "scenario_ccg", "rulebase.scenarios.model:Missing")
    with pytest.raises(bindings.UnknownGameError, match="'nothing' yet"):
        bindings.binding_for("nothing")


def test_an_import_error_inside_a_binding_is_not_hidden(registry, tmp_path, monkeypatch):
    (tmp_path / "broken_binding.py").write_text("import rulebase.no_such_module\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    registry["nothing"] = bindings.Game("nothing", ("nothing",), "scenario_ccg", "broken_binding:Binding")
    with pytest.raises(ModuleNotFoundError, match="rulebase.no_such_module"):
        bindings.binding_for("nothing")


def _grammar_folder(tmp_path, monkeypatch, text: str):
    shutil.copy(paths.grammar(parser.CORE), tmp_path / f"{parser.CORE}.lark")
    (tmp_path / "scenario_nothing.lark").write_text(text, encoding="utf-8")
    monkeypatch.setattr(paths, "GRAMMAR", tmp_path)
    parser._parser.cache_clear()


NOTHING = '''%import .scenario_core (start, preamble, game_line, scenario, rules, glossary, source, changed, note)
%import .scenario_core (cards_block, given_block, when_block, then_block)
%import .scenario_core (card_def, fact, action, expectation, card_ref)
%import .scenario_core (players, first_player, concede, start_game)
%import .scenario_core (refused, game_winner, game_draw, game_not_over)
%import .scenario_core (TEXT, NODE_ID, RULE, TERM, STRING, INT, SIGNED_INT, NAME, POSSESSIVE)
%import .scenario_core (PRONOUN, ARTICLE, _NL, SPACES)
%ignore SPACES

%override card_def: STRING "is a"i SHAPE
%extend fact: NAME "holds"i card_ref -> holds
%extend expectation: card_ref "is"i SHAPE -> shaped
SHAPE: /square|round/i
'''


def test_a_game_grammar_overrides_and_extends_the_core(registry, tmp_path, monkeypatch):
    _grammar_folder(tmp_path, monkeypatch, NOTHING)
    registry["nothing"] = bindings.Game("nothing", ("nothing",), "scenario_nothing", "x:X", {"SHAPE": "a shape"})
    try:
        text = 'Game: nothing\nCards:\n  "Ball" is a round\nScenario: x\n  Given Alice holds "Ball"\n' \
               '    And Alice plays against Bob\n  Then "Ball" is round\n    And Bob wins the game\n'
        parsed = parser.parse(text, "x.scenario")
        assert parsed.game == "nothing" and [card.kind for card in parsed.cards] == ["card_def"]
        [scenario] = parsed.scenarios
        assert [fact.kind for fact in scenario.given] == ["holds", "players"]
        assert [s.kind for s in scenario.steps[0].statements] == ["shaped", "game_winner"]
        with pytest.raises(ScenarioError, match=r"x.scenario:7:18: unexpected 'flat' \(expected a shape\)"):
            parser.parse(text.replace("is round", "is flat"), "x.scenario")
    finally:
        parser._parser.cache_clear()


@pytest.mark.parametrize("change, named", [
    (lambda text: text.replace(", game_not_over)", ")"), "game_not_over"),
    (lambda text: text.replace(" TERM,", "").replace(", _NL, SPACES)", ", SPACES)"), "TERM, _NL"),
    (lambda text: text.replace("%override card_def", "cards_of_mine"), "_CARD_DEFINITION_OF_THE_GAME"),
])
def test_a_game_grammar_must_import_the_core_by_name(registry, tmp_path, monkeypatch, change, named):
    _grammar_folder(tmp_path, monkeypatch, change(NOTHING))
    try:
        with pytest.raises(parser.GrammarCompositionError, match=f"import these from scenario_core by name.*{named}"):
            parser.lark_parser("nothing")
    finally:
        parser._parser.cache_clear()


def test_every_game_with_a_grammar_names_its_nodes_itself():
    for key in bindings.GAMES:
        if paths.grammar(bindings.GAMES[key].grammar).is_file():
            parser.lark_parser(key)  # raises GrammarCompositionError otherwise
