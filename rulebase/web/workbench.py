"""The scenario workbench: ``/workbench``, where a judge writes or pastes a
scenario, runs it on the reference engine and reads the ruling step by
step, as ``rulebase test --explain`` prints it, with each rule applied
linked to its page and its text a hover away; and ``POST
/api/scenario/run``, the same run as JSON.

The project's own scenarios are the examples (``/api/scenario/examples``).
A visitor's text is never read or run in the web process: a worker process
(:mod:`rulebase.scenario_worker`, started in the background when the page
is opened) parses it, refuses it before running when it is over the
budget, and is killed when it takes longer than the time limit.  Nothing is kept: no file is written, the text is not logged,
and the answers are sent with ``Cache-Control: no-store``.  The page works
without JavaScript (a plain form); a body is bounded before it is read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from flask import Blueprint, abort, current_app, jsonify, render_template, request

from rulebase import scenario_worker
from rulebase.web.common import bounded_body, catalog
from rulebase.scenario_worker import MAX_TEXT, Limits, RunRefused

bp = Blueprint("workbench", __name__)

MAX_REQUEST = 3 * MAX_TEXT + 4096
"""The largest request body read: a text at its longest, percent-encoded
in a form (a byte may take three), and the rest of the form."""
DEFAULT_EXAMPLE = "A card can't be moved to its current area"
"""The scenario the empty page starts with, when the project has it."""
CONTEXT_LINES = 3
"""Lines shown above and below the line of a syntax error."""
STATUS = {"syntax": 400, "budget": 422, "time": 422, "stopped": 422, "busy": 503, "start": 503}


def limits() -> Limits:
    """The budget of a run, from the configuration (``WORKBENCH_SCENARIOS``,
    ``WORKBENCH_STATEMENTS``, ``WORKBENCH_NUMBER``, ``WORKBENCH_SECONDS``)."""
    config, default = current_app.config, Limits()
    return Limits(scenarios=int(config.get("WORKBENCH_SCENARIOS", default.scenarios)),
                  statements=int(config.get("WORKBENCH_STATEMENTS", default.statements)),
                  number=int(config.get("WORKBENCH_NUMBER", default.number)),
                  seconds=float(config.get("WORKBENCH_SECONDS", default.seconds)))


def _workers() -> int:
    """The workers each process of the site may run at once (``WORKBENCH_WORKERS``)."""
    return max(1, int(current_app.config.get("WORKBENCH_WORKERS", 1)))


# -- the examples ---------------------------------------------------------------


@dataclass(frozen=True)
class Example:
    """A scenario of the project (or a whole file of them) a visitor may load:
    ``id`` is the file's name without ``.scenario``, and ``:N`` for its Nth
    scenario."""

    id: str
    file: str
    title: str
    text: str


@lru_cache(maxsize=1)
def examples() -> dict[str, Example]:
    """The project's scenario files (where ``rulebase test`` finds them) and
    each scenario in them with its file's shared lines, by id; none in an
    installed package that has no ``tests/scenarios``."""
    from rulebase.scenarios import parser, suite
    from rulebase.scenarios.model import ScenarioError

    found: dict[str, Example] = {}
    try:
        files = suite.collect(suite.default_paths())
    except suite.NoScenariosError:
        return found
    for path in files:
        try:
            text = path.read_text(encoding="utf-8")
            scenarios = parser.parse(text, path.name).scenarios
        except (OSError, UnicodeDecodeError, ScenarioError):
            continue
        if not scenarios:
            continue
        lines = text.splitlines()
        shared = lines[: scenarios[0].line - 1]
        stem = Path(path).stem
        found[stem] = Example(stem, path.name, f"the whole file ({len(scenarios)} scenarios)", text)
        for number, scenario in enumerate(scenarios, start=1):
            end = scenarios[number].line - 1 if number < len(scenarios) else len(lines)
            own = lines[scenario.line - 1:end]
            while own and (not own[-1].strip() or own[-1].lstrip().startswith("#")):
                own.pop()
            body = "\n".join(shared).rstrip("\n") + ("\n\n" if any(row.strip() for row in shared) else "")
            found[f"{stem}:{number}"] = Example(f"{stem}:{number}", path.name, scenario.name,
                                                body + "\n".join(own) + "\n")
    return found


def _grouped() -> list[tuple[str, list[Example]]]:
    groups: dict[str, list[Example]] = {}
    for example in examples().values():
        groups.setdefault(example.file, []).append(example)
    return list(groups.items())


def _default_example() -> Example | None:
    every = examples()
    named = [example for example in every.values() if example.title == DEFAULT_EXAMPLE]
    return named[0] if named else next((e for e in every.values() if ":" in e.id), None)


# -- reading a run's answer -------------------------------------------------------

_RULE_KEY = re.compile(r"\d{3}(?:\.\d+(?:\.\d+)?[a-z]?(?:\.[ivx]+)?)?|glossary/[a-z0-9-]+")
_DOTTED_KEY = r"\d{3}\.\d+(?:\.\d+)?[a-z]?(?:\.[ivx]+)?|glossary/[a-z0-9-]+"
_IN_TEXT = {every: re.compile(r"(?<![\w./])(" + pattern + r")(?![\w/]|\.\d)")
            for every, pattern in ((True, _RULE_KEY.pattern), (False, _DOTTED_KEY))}
"""A rule key in a line of text: any (``every``), or only one with a dot
(so that a number of points is not read as a section)."""
_OUTCOME = "   -> "
_HEADERS = ("Source:", "Note:", "Changed:")
_FOOTERS = ("Error:", "Failed:", "Cited:")


class _Links:
    """Links to the rules of a document: a rule's page and its text as the tip."""

    def __init__(self, document: str, cat):
        self.document = document
        self.catalog = cat

    def rule(self, key: str) -> dict:
        node = f"{self.document}/{key}"
        cat = self.catalog
        if node not in cat.data:
            return {"rule": key, "href": None, "tip": None}
        return {"rule": key, "href": cat.url(node), "tip": cat.short_text(node, 300) or cat.label(node)}

    def segments(self, text: str, every_key: bool = False) -> list[dict]:
        """``text`` cut into plain pieces and the rule numbers it names (with
        a dot, or any rule key when ``every_key``), those that exist linked."""
        pieces, at = [], 0
        for match in _IN_TEXT[every_key].finditer(text):
            link = self.rule(match.group(1))
            if link["href"] is None:
                continue
            if match.start() > at:
                pieces.append({"text": text[at:match.start()]})
            pieces.append({"text": match.group(1), "href": link["href"], "tip": link["tip"]})
            at = match.end()
        if at < len(text) or not pieces:
            pieces.append({"text": text[at:]})
        return pieces

    def node(self, node: str) -> list[dict]:
        cat = self.catalog
        if node in cat.data:
            return [{"text": node, "href": cat.url(node), "tip": cat.short_text(node, 300) or cat.label(node)}]
        return [{"text": node}]


def ruling(explained: str, document: str, cat) -> dict:
    """The explanation of a scenario (as :func:`rulebase.scenarios.explain.explain`
    prints it) as parts a page shows: ``header`` lines (source, notes,
    changes), ``statements`` each with its ``outcome`` and the engine's
    ``steps`` (each with its rule, the rule's page and text, and the rule's
    words the first time it is applied), and ``footer`` lines (errors,
    failures, citations).  A line it does not recognise is kept as a step.
    ``cat`` is the site's :class:`~rulebase.web.catalog.Catalog`."""
    links = _Links(document, cat)
    header: list[list[dict]] = []
    footer: list[list[dict]] = []
    statements: list[dict] = []
    quoting: dict | None = None
    for line in explained.split("\n")[1:]:
        body = line.strip()
        if not body:
            continue
        indent = len(line) - len(line.lstrip(" "))
        if quoting is not None and indent > 6:
            quoting["quote"] += " " + body
            if body.endswith("”"):
                quoting = None
            continue
        quoting = None
        if indent <= 2:
            label = body.split(" ", 1)[0]
            if label in _HEADERS and not statements:
                if label == "Source:":
                    header.append([{"text": "Source: "}, *links.node(body[len(label):].strip())])
                else:
                    header.append(links.segments(body, every_key=label == "Changed:"))
            elif label in _FOOTERS:
                footer.append(links.segments(body, every_key=label == "Cited:"))
            else:
                text, _, outcome = body.partition(_OUTCOME)
                statements.append({"text": text, "outcome": links.segments(outcome.strip()) if outcome else [],
                                   "failed": outcome.strip() == "failed", "steps": []})
            continue
        if not statements:
            statements.append({"text": "", "outcome": [], "failed": False, "steps": []})
        steps = statements[-1]["steps"]
        if body.startswith("“") and steps and steps[-1]["rule"]:
            steps[-1]["quote"] = body
            quoting = steps[-1] if not body.endswith("”") else None
            continue
        first, _, rest = body.partition(" ")
        if _RULE_KEY.fullmatch(first) and rest.strip():
            steps.append({**links.rule(first), "text": rest.strip(), "quote": ""})
        else:
            steps.append({"rule": None, "href": None, "tip": None, "text": body, "quote": ""})
    for statement in statements:
        for step in statement["steps"]:
            step["quote"] = step["quote"].strip("“”")
    return {"header": header, "statements": statements, "footer": footer}


def problem_view(error: dict, text: str) -> dict:
    """A refusal of the worker (a syntax error, a rule that does not exist,
    a run over the budget) with the lines of ``text`` around where it is."""
    line, column = int(error.get("line") or 0), int(error.get("column") or 0)
    message = error.get("message") or ""
    expected = ""
    match = re.fullmatch(r"(.*) \(expected (.*)\)", message, re.S)
    if match:
        message, expected = match.groups()
    rows = text.splitlines()
    context = []
    if 0 < line <= len(rows):
        for number in range(max(1, line - CONTEXT_LINES), min(len(rows), line + CONTEXT_LINES) + 1):
            context.append({"number": number, "text": rows[number - 1].replace("\t", " ")[:500],
                            "current": number == line})
    caret = max(1, min(column, 500)) if context else 0
    where = f"line {line}, column {column}" if line and column else (f"line {line}" if line else "")
    return {"kind": error.get("kind", "syntax"), "line": line, "column": column, "message": message,
            "expected": expected, "where": where, "context": context, "caret": caret}


def _result_view(scenario: dict) -> dict:
    document = scenario.get("document") or ""
    view = ruling(scenario.get("explain") or "", document, catalog())
    return {"name": scenario["name"], "line": scenario["line"], "status": scenario["status"],
            "failures": scenario["failures"], "error": scenario["error"], "explain": scenario.get("explain", ""),
            "document": document, **view}


# -- running ------------------------------------------------------------------------


def _bounded() -> None:
    """A 413 for a body larger than :data:`MAX_REQUEST` (or of no stated length)."""
    bounded_body(MAX_REQUEST, "the scenario", f"A scenario text is at most {MAX_TEXT // 1024} KB.")


class TextRefused(Exception):
    """Raised for a text sent that is not run at all: empty, or too long."""

    def __init__(self, status: int, message: str):
        self.status = status
        super().__init__(message)


def _checked_text(text: str) -> str:
    text = scenario_worker.clean(text)
    size = len(text.encode("utf-8"))
    if size > MAX_TEXT:
        raise TextRefused(413, f"A scenario text is at most {MAX_TEXT // 1024} KB; this one is {size / 1024:.1f} KB.")
    if not text.strip():
        raise TextRefused(400, "There is no scenario to run: write one, or load an example.")
    return text


def run(text: str) -> tuple[dict, int]:
    """The outcome of running ``text`` as the page and the API show it, and
    its HTTP status: 200 with each scenario's result (passing or not),
    400 for a text that can't be read, 422 for a run over its budget or
    stopped, 503 when no worker is free."""
    budget = limits()
    try:
        answer = scenario_worker.pool(_workers()).run(text, budget)
    except RunRefused as refused:
        problem = {"kind": refused.reason, "message": str(refused), "line": 0, "column": 0}
        return {"ok": False, "problem": problem_view(problem, text)}, STATUS[refused.reason]
    if not answer.get("ok"):
        problem = problem_view(answer.get("error") or {}, text)
        return {"ok": False, "problem": problem}, STATUS.get(problem["kind"], 400)
    results = [_result_view(scenario) for scenario in answer["scenarios"]]
    passed = sum(result["status"] == "passed" for result in results)
    return {"ok": True, "passed": passed, "failed": len(results) - passed, "results": results}, 200


def _no_store(response):
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.route("/workbench", methods=["GET", "POST"])
def page():
    """The workbench: a scenario's text (an example's with ``?example=``),
    and the ruling of the text sent."""
    budget = limits()
    chosen = request.args.get("example", "")[:80]
    outcome, status = None, 200
    if request.method == "POST":
        _bounded()
        text = scenario_worker.clean(request.form.get("text", ""))
        try:
            outcome, status = run(_checked_text(text))
        except TextRefused as refused:
            problem = {"kind": "request", "message": str(refused)}
            outcome, status = {"ok": False, "problem": problem_view(problem, "")}, refused.status
            text = text[:MAX_TEXT]
    elif chosen:
        if chosen not in examples():
            abort(404, f"There is no example {chosen!r}; the examples are listed on /workbench.")
        text = examples()[chosen].text
    else:
        default = _default_example()
        text, chosen = (default.text, default.id) if default else ("", "")
    if request.method == "GET":
        scenario_worker.pool(_workers()).warm()
    html = render_template("workbench/workbench.html", text=text, chosen=chosen, groups=_grouped(),
                           outcome=outcome, limits=budget, max_text=MAX_TEXT)
    return _no_store(current_app.make_response((html, status)))


@bp.post("/api/scenario/run")
def api_run():
    """Run ``{"text": "..."}`` (sent as ``application/json``): each
    scenario's status, failures, error, the explanation as
    ``rulebase test --explain`` prints it and as structured steps."""
    _bounded()
    if not request.is_json:
        abort(415, "Send the scenario as JSON: Content-Type: application/json and a body {\"text\": \"...\"}.")
    body = request.get_json(silent=True)
    if not isinstance(body, dict) or not isinstance(body.get("text"), str):
        abort(400, "The body must be a JSON object with the scenario's text as a string: {\"text\": \"...\"}.")
    try:
        outcome, status = run(_checked_text(body["text"]))
    except TextRefused as refused:
        abort(refused.status, str(refused))
    return _no_store(current_app.make_response((jsonify(outcome), status)))


@bp.get("/api/scenario/examples")
def api_examples():
    """The examples: each one's id, file and title."""
    return jsonify([{"id": e.id, "file": e.file, "title": e.title} for e in examples().values()])


@bp.get("/api/scenario/examples/<ident>")
def api_example(ident: str):
    """One example with its text."""
    example = examples().get(ident[:80])
    if example is None:
        abort(404, f"There is no example {ident[:80]!r}; /api/scenario/examples lists them.")
    return jsonify({"id": example.id, "file": example.file, "title": example.title, "text": example.text})
