"""Every code example of the README runs as written.

Each fenced block of ``README.md`` is one test, named by its line, run
according to its language:

- ``sh``: each command is run by the virtual environment's ``rulebase``
  (``python -m rulebase`` too); ``make`` targets, which set up the
  environment or never end, only as :data:`ALLOWED` says (``make -n`` shows
  the command they run, whose ``--help`` is then run);
- ``synopsis``: each usage line is checked against the command line itself
  (the command exists, every option it shows is one of the command's, a
  flag takes no value, the choices shown are the option's choices, each
  argument is one of the command's) and then run in its shortest form: the
  optional parts left out, the first of the choices shown, each
  placeholder replaced by its example in :data:`PLACEHOLDERS`;
- ``scenario``: parsed and run against the engine, it must pass;
- ``python``: executed; ``toml``: read (a deck file, with a ``[mane]``
  table, as ``rulebase simulate --decks`` reads it); ``deck``: a deck list
  read against the card data.

A block in another language, or an indented code block (which says no
language), fails: the README has no example that is not run.  The commands
run side by side, each bounded by :data:`TIMEOUT`; those that search use
the index cache the other tests use (``RULEBASE_CACHE`` as they set it).
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import textwrap
import tomllib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import click
import pytest

from rulebase import paths
from rulebase.cli import main

ROOT = paths.PACKAGE.parent
README = ROOT / "README.md"
RULEBASE = Path(sys.executable).with_name("rulebase")
TIMEOUT = 180  # seconds for one command (a search may build the index first)

SHELL = {"sh", "shell", "bash", "console"}
LANGUAGES = SHELL | {"synopsis", "scenario", "python", "toml", "deck"}

# The commands that are not run as written, and how each is checked
# instead: the target's recipe (``make -n``) must run this command, whose
# --help is run.
ALLOWED = {
    "make run": ("rulebase serve", ["serve", "--help"]),  # serves until stopped
    "make test": ("-m pytest", None),  # this very test suite
    "rulebase serve": ("", ["serve", "--help"]),
}

# The example each placeholder of a usage line stands for in its shortest form.
PLACEHOLDERS = {
    "QUERY": "swift",
    "QUESTIONS.jsonl": "tests/data/search/judge-questions-holdout.jsonl",
    "OLD": "earlier",
    "NEW": "3.4",
    "FILE": "tests/data/decks/odyssey-legal.txt",
}

# The optional parts a shortest form still gives, with their example: fewer
# games than the 100 a simulation plays by default, and the README's own
# scenarios rather than all the project's (written to a file by the tests).
GIVEN = {
    "--games": "5",
    "PATHS...": "README.scenario",
}

# The exit status a command's shortest form ends with, when it is not 0.
STATUS = {
    ("lint",): 1,  # the corpus has errors (the README lists them)
}


@dataclass
class Block:
    """A fenced block of the README: the line its fence opens on, its
    language and its text."""

    line: int
    language: str
    text: str

    @property
    def id(self) -> str:
        return f"README.md:{self.line}-{self.language or 'none'}"


_FENCE = re.compile(r"^( {0,3})(`{3,}|~{3,})\s*([^\s`]*)")


def blocks(text: str) -> tuple[list[Block], list[int]]:
    """The fenced blocks of a Markdown text, and the lines where an
    indented code block starts."""
    lines = text.splitlines()
    found: list[Block] = []
    indented: list[int] = []
    index, previous_blank, in_list = 0, True, False
    while index < len(lines):
        line = lines[index]
        fence = _FENCE.match(line)
        if fence:
            indent, marker, language = fence.groups()
            start, body = index + 1, []
            index += 1
            while index < len(lines) and not (lines[index].strip().startswith(marker[0] * len(marker))
                                              and not lines[index].strip().strip(marker[0])):
                body.append(lines[index].removeprefix(indent))
                index += 1
            found.append(Block(start, language.lower(), "\n".join(body) + "\n"))
            index += 1
            previous_blank, in_list = False, False
            continue
        if line.startswith("    ") and line.strip() and previous_blank and not in_list:
            indented.append(index + 1)
        if line.strip():
            in_list = bool(re.match(r"^\s*(?:[-*+]|\d+\.)\s", line)) or (in_list and line.startswith(" "))
        previous_blank = not line.strip()
        index += 1
    return found, indented


BLOCKS, INDENTED = blocks(README.read_text(encoding="utf-8"))


# -- commands ----------------------------------------------------------------------


def _words(command: str, block: Block) -> list[str]:
    try:
        return shlex.split(command.removeprefix("$ "), comments=True)
    except ValueError as error:
        pytest.fail(f"README.md:{block.line}: {command!r} can't be read as a command: {error}")


def commands_of(block: Block) -> list[str]:
    """The commands of a shell block (comments and blank lines left out)."""
    return [line for line in block.text.splitlines() if _words(line, block)]


def _lookup(words: list[str], where: str) -> tuple[click.Command, list[str], list[str]]:
    """The command a usage line names, its path of names and the words after it."""
    command, names, rest = main, [], list(words)
    while isinstance(command, click.Group) and rest and not rest[0].startswith("-"):
        sub = command.commands.get(rest[0])
        if sub is None:
            pytest.fail(f"{where}: rulebase has no command {' '.join([*names, rest[0]])!r}")
        command, names = sub, [*names, rest.pop(0)]
    return command, names, rest


_ITEM = re.compile(r"\[[^\]]*\](?:\.\.\.)?|\"[^\"]*\"|\S+")


def shortest_form(line: str, where: str, given: dict[str, str] | None = None) -> list[str]:
    """Check a usage line against the command line and return the words of
    its shortest form (see the module's docstring): the optional parts named
    in ``given`` (an option or an argument's placeholder) are given with
    their example, the others left out."""
    given = GIVEN if given is None else given
    items = _ITEM.findall(line)
    if not items or items[0] != "rulebase":
        pytest.fail(f"{where}: a usage line starts with 'rulebase': {line!r}")
    words = [item for item in items[1:] if not item.startswith(("[", "-", '"')) and "|" not in item]
    command, names, _ = _lookup(words, where)
    items = items[1 + len(names):]
    options = {name: param for param in command.params if isinstance(param, click.Option)
               for name in [*param.opts, *param.secondary_opts]}
    arguments = [param for param in command.params if isinstance(param, click.Argument)]
    shortest, positional, index = [*names], 0, 0
    while index < len(items):
        item = items[index]
        optional = item.startswith("[")
        inner = item.strip(".").strip("[]").split() if optional else [item]
        valued = index + 1 < len(items) and not items[index + 1].startswith(("-", "["))
        if not optional and item.startswith("-") and valued:
            inner, index = [item, items[index + 1]], index + 1
        index += 1
        if inner[0].startswith("-"):
            name, values = inner[0], inner[1:]
            option = options.get(name)
            if option is None:
                pytest.fail(f"{where}: 'rulebase {' '.join(names)}' has no option {name}")
            if option.is_flag and values:
                pytest.fail(f"{where}: {name} is a flag, but the README gives it a value {values[0]!r}")
            if not option.is_flag and not values and not optional:
                pytest.fail(f"{where}: {name} takes a value the README does not show")
            shown = values[0].split("|") if values else []
            if isinstance(option.type, click.Choice) and shown:
                unknown = [value for value in shown if value not in option.type.choices and not _is_placeholder(value)]
                if unknown:
                    pytest.fail(f"{where}: {name} has no choice {unknown[0]!r}; its choices are "
                                f"{', '.join(option.type.choices)}")
            if not optional:
                shortest += [name, *(_example(shown[0], where) for _ in shown[:1])]
            elif name in given:
                shortest += [name, *([given[name]] if not option.is_flag else [])]
            continue
        if positional >= len(arguments):
            pytest.fail(f"{where}: 'rulebase {' '.join(names)}' takes {len(arguments)} argument(s); "
                        f"the README shows more: {item!r}")
        argument = arguments[positional]
        positional += 1 if argument.nargs != -1 else 0
        if optional:
            if argument.required:
                pytest.fail(f"{where}: {inner[0]} is shown optional but {argument.name} is required")
            if inner[0] in given:
                shortest.append(given[inner[0]])
            continue
        shortest.append(_example(item.strip('"'), where))
    missing = [argument.name for argument in arguments[positional:] if argument.required]
    if missing:
        pytest.fail(f"{where}: the README does not show the argument {missing[0]!r}")
    return shortest


def _is_placeholder(word: str) -> bool:
    """Whether a word of a usage line stands for a value: an upper-case
    name (``FILE``, ``QUESTIONS.jsonl``)."""
    return bool(re.fullmatch(r"[A-Z][A-Z_-]*(?:\.\w+)?", word))


def _example(word: str, where: str) -> str:
    """A placeholder's example, or the word itself."""
    if _is_placeholder(word):
        if word not in PLACEHOLDERS:
            pytest.fail(f"{where}: no example for the placeholder {word} (add one to PLACEHOLDERS)")
        return PLACEHOLDERS[word]
    return word


@dataclass
class Run:
    """A command to run for a block, and what it must end with."""

    where: str
    argv: list[str]
    status: int = 0
    shows: str = ""


def runs_of(block: Block, scenarios: Path | None = None) -> list[Run]:
    """What running a shell or synopsis block means, command by command
    (``scenarios``: the file of the README's scenarios, for ``PATHS...``)."""
    given = {**GIVEN, "PATHS...": str(scenarios)} if scenarios else {k: v for k, v in GIVEN.items() if k != "PATHS..."}
    found = []
    for offset, line in enumerate(block.text.splitlines(), start=1):
        where = f"README.md:{block.line + offset}"
        if not _words(line, block):
            continue
        if block.language == "synopsis":
            words = shortest_form(line.split("#", 1)[0].strip(), where, given)
            found.append(Run(where, [str(RULEBASE), *words], STATUS.get(tuple(words[:1]), 0)))
            continue
        words = _words(line, block)
        if words[:3] == ["python", "-m", "rulebase"]:
            words = ["rulebase", *words[3:]]
        allowed = next((key for key in ALLOWED if words[:len(key.split())] == key.split()), None)
        if allowed is not None:
            recipe, help_words = ALLOWED[allowed]
            if words[0] == "make":
                found.append(Run(where, ["make", "-n", *words[1:]], 0, recipe))
            if help_words:
                found.append(Run(where, [str(RULEBASE), *help_words], 0, "Usage:"))
        elif words[0] == "rulebase":
            found.append(Run(where, [str(RULEBASE), *words[1:]]))
        else:
            pytest.fail(f"{where}: {words[0]!r} is not a rulebase command and not in ALLOWED: {line!r}")
    return found


def _execute(run: Run) -> str | None:
    """Run a command in the repository; what is wrong with how it ended, if anything."""
    try:
        done = subprocess.run(run.argv, cwd=ROOT, capture_output=True, text=True, timeout=TIMEOUT, check=False,
                              env={**os.environ, "PYTHONUNBUFFERED": "1"})
    except subprocess.TimeoutExpired:
        return f"{run.where}: {' '.join(run.argv[1:])!r} did not end within {TIMEOUT} s"
    command = " ".join(["rulebase" if run.argv[0] == str(RULEBASE) else run.argv[0], *run.argv[1:]])
    if "Traceback (most recent call last)" in done.stderr + done.stdout:
        return f"{run.where}: {command!r} failed with a traceback:\n{done.stderr[-1500:]}"
    if done.returncode != run.status:
        return (f"{run.where}: {command!r} ended with status {done.returncode}, not {run.status}:\n"
                f"{(done.stderr or done.stdout)[-1500:]}")
    if run.shows not in done.stdout:
        return f"{run.where}: {command!r} does not show {run.shows!r}:\n{done.stdout[-800:]}"
    return None


@pytest.fixture(scope="module")
def readme_scenarios(tmp_path_factory) -> Path | None:
    """The README's scenarios in one file, or None if it has none."""
    texts = [block.text for block in BLOCKS if block.language == "scenario"
             and not block.text.lstrip().lower().startswith("game:")]  # one file, of the default game
    if not texts:
        return None
    path = tmp_path_factory.mktemp("readme") / "README.scenario"
    path.write_text("\n".join(texts), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def command_outcomes(readme_scenarios) -> dict[str, list[str]]:
    """Every command of the README run once, side by side: block id -> problems."""
    found: dict[str, list[str]] = {}
    planned = []
    for block in BLOCKS:
        if block.language in SHELL | {"synopsis"}:
            found[block.id] = []
            try:
                planned += [(block.id, run) for run in runs_of(block, readme_scenarios)]
            except pytest.fail.Exception as error:  # a line that does not match the command line
                found[block.id].append(str(error))
    with ThreadPoolExecutor(max_workers=max(2, min(4, os.cpu_count() or 2))) as pool:
        outcomes = list(pool.map(lambda item: (item[0], _execute(item[1])), planned))
    for block_id, problem in outcomes:
        if problem:
            found[block_id].append(problem)
    return found


# -- the tests -------------------------------------------------------------------------


def test_the_readme_has_examples_of_each_kind_it_shows():
    languages = {block.language for block in BLOCKS}
    assert {"sh", "synopsis", "scenario"} <= languages, languages


def test_every_code_block_says_its_language():
    assert not INDENTED, (f"README.md:{INDENTED[0]}: an indented code block; fence it with its "
                          f"language ({', '.join(sorted(LANGUAGES))}) so that the tests run it")
    unknown = [block for block in BLOCKS if block.language not in LANGUAGES]
    assert not unknown, (f"README.md:{unknown[0].line}: a block in {unknown[0].language or 'no language'!r}, "
                         f"which the tests can't run ({', '.join(sorted(LANGUAGES))})")


@pytest.mark.parametrize("block", [block for block in BLOCKS if block.language in LANGUAGES], ids=lambda b: b.id)
def test_every_example_runs(block, request, tmp_path, monkeypatch):
    """Each block as its language says (see the module's docstring)."""
    if block.language in SHELL | {"synopsis"}:
        problems = request.getfixturevalue("command_outcomes")[block.id]
        assert not problems, "\n".join(problems)
        assert runs_of(block, request.getfixturevalue("readme_scenarios")), \
            f"README.md:{block.line}: a block of commands without a command"
    elif block.language == "scenario":
        _run_scenario(block, tmp_path, request.getfixturevalue("rule_graph"))
    elif block.language == "python":
        monkeypatch.chdir(ROOT)
        exec(compile(block.text, f"README.md:{block.line}", "exec"), {"__name__": "readme"})  # noqa: S102
    elif block.language == "toml":
        _read_toml(block, tmp_path)
    else:
        from rulebase.cards.decks import read_text

        deck = read_text(block.text, f"README.md:{block.line}", request.getfixturevalue("rule_graph").cards)
        assert deck, f"README.md:{block.line}: an empty deck list"


def _run_scenario(block: Block, tmp_path: Path, rule_graph) -> None:
    from rulebase.scenarios import suite

    path = tmp_path / f"readme-{block.line}.scenario"
    path.write_text(block.text, encoding="utf-8")
    report = suite.run_paths([path], rule_graph)
    problems = [str(error) for error in report.errors]
    problems += [f"{r.scenario.name}: {r.error or ''} {'; '.join(r.failures)}" for r in report.results if not r.passed]
    assert report.results and report.ok, f"README.md:{block.line}: " + " | ".join(problems)


def _read_toml(block: Block, tmp_path: Path) -> None:
    try:
        data = tomllib.loads(block.text)
    except tomllib.TOMLDecodeError as error:
        pytest.fail(f"README.md:{block.line}: {error}")
    if "mane" in data:  # a deck file, as rulebase simulate --decks reads it
        from rulebase.engine.ccg.decks import load

        path = tmp_path / f"readme-{block.line}.toml"
        path.write_text(block.text, encoding="utf-8")
        assert load(path).mane, f"README.md:{block.line}: a deck without its Mane Character"


# -- the reader of the README itself -----------------------------------------------------


def test_the_reader_finds_fences_and_indented_blocks():
    text = textwrap.dedent("""\
        # Title

        ```sh
        rulebase stats   # counts
        ```

        - a list item
            with a continuation

        Text.

            an indented block

        ~~~scenario
        Scenario: x
        ~~~
        """)
    found, indented = blocks(text)
    assert [(b.line, b.language, b.text) for b in found] == [
        (3, "sh", "rulebase stats   # counts\n"), (14, "scenario", "Scenario: x\n")]
    assert indented == [12]
    assert commands_of(found[0]) == ["rulebase stats   # counts"]


@pytest.mark.parametrize("line,shortest", [
    ("rulebase show 514.4c [--game ccg|tcg] [--json]", ["show", "514.4c"]),
    ("rulebase export --format json|graphml [-o FILE]", ["export", "--format", "json"]),
    ("rulebase diff OLD NEW [--section 5] [--kind K]", ["diff", "earlier", "3.4"]),
    ("rulebase deck convert FILE --to o8d|text", ["deck", "convert", PLACEHOLDERS["FILE"], "--to", "o8d"]),
    ("rulebase test [PATHS...] [--explain]", ["test", "README.scenario"]),
    ("rulebase simulate [--games N] [--seed S] [--json]", ["simulate", "--games", "5"]),
])
def test_a_usage_line_gives_its_shortest_form(line, shortest):
    assert shortest_form(line, "here") == shortest
    assert shortest_form(line, "here", {}) == [word for word in shortest if word not in
                                               ("README.scenario", "--games", "5")]


@pytest.mark.parametrize("line,message", [
    ("rulebase shw 514.4c", "rulebase has no command 'shw'"),
    ("rulebase show 514.4c [--colour red]", "'rulebase show' has no option --colour"),
    ("rulebase show 514.4c [--json yes]", "--json is a flag"),
    ("rulebase show 514.4c [--game ccg|mtg]", "--game has no choice 'mtg'"),
    ("rulebase stats EXTRA", "takes 0 argument(s)"),
    ("rulebase diff OLD", "does not show the argument 'new'"),
    ("rulebase search WORDS", "no example for the placeholder WORDS"),
])
def test_a_usage_line_that_is_not_the_command_line_fails(line, message):
    with pytest.raises(pytest.fail.Exception, match=re.escape(message)):
        shortest_form(line, "here")
