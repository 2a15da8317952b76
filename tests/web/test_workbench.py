"""The scenario workbench: its page (a plain form), /api/scenario/run, the
examples, and the bounds on what a visitor may run."""

from __future__ import annotations

import html
import json
import os

import pytest

from rulebase.graph import load
from rulebase.scenarios import parser
from rulebase.web import create_app
from rulebase import scenario_worker
from rulebase.scenario_worker import MAX_TEXT, Limits, RunRefused, WorkerPool, over_budget, run_text
from rulebase.web.workbench import MAX_REQUEST, examples, ruling
from tests.web.conftest import Page

COMET = '  "Comet" is a Friend: blue, power 2, cost 2.\n'

REFUSED = f"""Cards:
{COMET}
Scenario: A card can't be moved to its current area
  Rules: 506.2
  Given Alice has "Comet" at her home
    And Alice has 2 action tokens
  When Alice moves "Comet" to her home
  Then the action is refused by 506.2
"""

WRONG = f"""Cards:
{COMET}
Scenario: Tokens are not points
  Given Alice has "Comet" at her home
    And Alice has 2 action tokens
  Then Alice has 2 points
"""


@pytest.fixture(scope="module")
def app():
    return create_app({"TESTING": True, "WARM_SEARCH": False})


@pytest.fixture(scope="module")
def client(app):
    return app.test_client()


def run(client, text):
    return client.post("/api/scenario/run", json={"text": text})


# -- the page -----------------------------------------------------------------


def test_the_page_is_a_form_that_needs_no_javascript(client):
    response = client.get("/workbench")
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"
    page = Page(response.get_data(as_text=True))
    forms = [attrs for tag, attrs in page.elements if tag == "form" and attrs.get("action") == "/workbench"]
    assert {form.get("method") for form in forms} == {"get", "post"}
    assert page.find("textarea", name="text")
    assert page.find("select", name="example")
    assert page.find("script", src="/static/workbench.js")
    # It starts with one of the project's own scenarios in the box.
    default = next(e for e in examples().values() if e.title == "A card can't be moved to its current area")
    body = response.get_data(as_text=True)
    textarea = body.split('<textarea id="text"', 1)[1].split(">", 1)[1].split("</textarea>", 1)[0]
    assert html.unescape(textarea) == default.text


def test_the_home_page_links_the_workbench(client):
    page = Page(client.get("/").get_data(as_text=True))
    assert "/workbench" in page.hrefs()


def test_every_example_is_a_scenario_file_that_reads(client):
    found = examples()
    assert len(found) > 20
    files = {e.file for e in found.values()}
    assert "moving.scenario" in files
    for example in found.values():
        scenarios = parser.parse(example.text, example.file).scenarios
        if ":" in example.id:
            assert [s.name for s in scenarios] == [example.title]
        else:
            assert example.title == f"the whole file ({len(scenarios)} scenarios)"
    listed = client.get("/api/scenario/examples").get_json()
    assert [e["id"] for e in listed] == list(found)


def test_an_example_is_loaded_into_the_box(client):
    example = examples()["moving:2"]
    body = client.get("/workbench?example=moving:2").get_data(as_text=True)
    page = Page(body)
    assert ["selected" in option for option in page.find("option", value="moving:2")] == [True]
    textarea = body.split('<textarea id="text"', 1)[1].split(">", 1)[1].split("</textarea>", 1)[0]
    assert html.unescape(textarea) == example.text
    one = client.get("/api/scenario/examples/moving:2").get_json()
    assert one["text"] == example.text and one["file"] == "moving.scenario"


def test_an_unknown_example_is_a_404(client):
    assert client.get("/workbench?example=nothing:9").status_code == 404
    response = client.get("/api/scenario/examples/nothing")
    assert response.status_code == 404 and "no example" in response.get_json()["error"]


# -- runs -----------------------------------------------------------------------


def test_a_passing_scenario_reads_step_by_step_with_its_rules_linked(app, client):
    response = client.post("/workbench", data={"text": REFUSED})
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"
    body = response.get_data(as_text=True)
    page = Page(body)
    assert "1 passed, 0 failed" in page.all_text
    assert page.find("article", class_="wb-passed")
    site = app.extensions["rulebase"]
    tip = site.catalog.short_text("ccg/3.4/506.2", 300)
    links = page.find("a", class_="xref", href="/ccg/506.2")
    assert links and all(link["data-tip"] == tip for link in links)
    assert "When Alice moves &#34;Comet&#34; to her home" in body
    assert "the action is refused by 506.2" in page.all_text
    # The text as the command line prints it is there too.
    assert "rulebase test --explain" in page.all_text


def test_the_api_gives_the_explanation_and_its_steps(client):
    response = run(client, REFUSED)
    assert response.status_code == 200
    data = response.get_json()
    assert (data["passed"], data["failed"]) == (1, 0)
    [result] = data["results"]
    assert result["status"] == "passed" and result["name"] == "A card can't be moved to its current area"
    assert result["explain"].startswith("Scenario: A card can't be moved to its current area  [passed]")
    refused = [s for s in result["statements"] if s["text"].startswith("When Alice moves")]
    assert refused and refused[0]["outcome"][0]["text"].startswith("refused: ")
    rules = [step["rule"] for s in result["statements"] for step in s["steps"]]
    assert "506.2" in rules
    step = next(step for s in result["statements"] for step in s["steps"] if step["rule"] == "506.2")
    assert step["href"] == "/ccg/506.2" and step["tip"]
    cited = result["footer"][-1]
    assert cited[0]["text"] == "Cited: " and cited[1] == {"text": "506.2", "href": "/ccg/506.2", "tip": step["tip"]}


TCG_EXCHANGE = """Game: MLP TCG
Cards:
  "Sweetie Belle" is a Character: cost 2, inspiration 3.
  "Scootaloo" is a Character: cost 1, inspiration 2.

Scenario: The higher Inspiration wins an Exchange
  Rules: 404.5.0
  Given it is Alice's Exchange Phase
    And Alice has "Sweetie Belle" in her left space
    And Bob has "Scootaloo" in his left space
  When the game proceeds to Alice's End Phase
  Then "Scootaloo" is in Bob's Rest Zone
"""


def test_a_tcg_scenario_runs_with_its_rules_linked_to_the_tcg(client):
    [result] = run(client, TCG_EXCHANGE).get_json()["results"]
    assert result["status"] == "passed" and result["document"] == "tcg/official"
    step = next(step for s in result["statements"] for step in s["steps"] if step["rule"] == "404.5.0")
    assert step["href"] == "/tcg/404.5.0" and "Inspiration" in step["tip"]
    assert result["footer"][-1][1]["href"] == "/tcg/404.5.0"


def test_a_failing_scenario_says_what_was_found(client):
    response = run(client, WRONG)
    assert response.status_code == 200
    data = response.get_json()
    assert (data["passed"], data["failed"]) == (0, 1)
    [result] = data["results"]
    assert result["status"] == "failed"
    line = WRONG.split("\n").index("  Then Alice has 2 points") + 1
    assert result["failures"] and result["failures"][0].startswith(f"line {line}: 'Then Alice has 2 points': ")
    assert [s["text"] for s in result["statements"] if s["failed"]] == ["Then Alice has 2 points"]
    page = Page(client.post("/workbench", data={"text": WRONG}).get_data(as_text=True))
    assert page.find("li", class_="wb-statement-failed") and "FAIL" in page.all_text


def test_a_syntax_error_points_at_its_line_and_column(client):
    text = REFUSED.replace("When Alice moves", "When Alice mooves")
    line = text.split("\n").index('  When Alice mooves "Comet" to her home') + 1
    response = run(client, text)
    assert response.status_code == 400
    problem = response.get_json()["problem"]
    assert (problem["kind"], problem["line"], problem["column"]) == ("syntax", line, 14)
    assert problem["message"] == "unexpected 'mooves'"
    assert "'moves'" in problem["expected"]
    current = [row for row in problem["context"] if row["current"]]
    assert current == [{"number": line, "text": '  When Alice mooves "Comet" to her home', "current": True}]
    response = client.post("/workbench", data={"text": text})
    assert response.status_code == 400
    body = response.get_data(as_text=True)
    assert f"Line {line}, column 14" in body
    assert f'<span class="wb-line wb-line-error">{line:>4} │   When Alice mooves &#34;Comet&#34; to her home</span>' in body
    assert '<span class="wb-caret" aria-hidden="true">     │ ' + " " * 13 + "^</span>" in body


def test_a_rule_that_does_not_exist_is_pointed_at(client):
    response = run(client, REFUSED.replace("Rules: 506.2", "Rules: 506.9"))
    assert response.status_code == 400
    problem = response.get_json()["problem"]
    assert problem["line"] == 5 and problem["message"].startswith("no rule 506.9 in ccg/3.4")


def test_an_unknown_card_is_an_error_of_its_scenario(client):
    data = run(client, REFUSED.replace('Given Alice has "Comet"', 'Given Alice has "Comte"')).get_json()
    [result] = data["results"]
    assert result["status"] == "error"
    assert result["error"]["line"] == 6 and 'no card called "Comte"' in result["error"]["message"]


# -- bounds -----------------------------------------------------------------------


def test_a_body_too_large_is_refused_before_it_is_read(client):
    response = client.post("/workbench", data={"text": "x" * (MAX_REQUEST + 1)})
    assert response.status_code == 413
    assert "at most 64 KB" in response.get_data(as_text=True)
    response = client.post("/api/scenario/run", data=b"{" + b" " * MAX_REQUEST + b"}",
                           content_type="application/json")
    assert response.status_code == 413 and response.get_json()["error"] == "A scenario text is at most 64 KB."


def test_a_text_too_long_is_refused(client):
    text = REFUSED + "# " + "x" * MAX_TEXT + "\n"
    response = run(client, text)
    assert response.status_code == 413
    assert response.get_json()["error"].startswith("A scenario text is at most 64 KB; this one is 64.")
    # The form answers with the page, the text still in its box.
    response = client.post("/workbench", data={"text": text})
    assert response.status_code == 413
    page = Page(response.get_data(as_text=True))
    assert page.find("textarea", name="text") and page.find("section", class_="wb-problem-request")
    assert "Nothing was run" in page.all_text and "this one is 64." in page.all_text


def test_an_empty_form_is_answered_with_the_page(client):
    response = client.post("/workbench", data={"text": " \n"})
    assert response.status_code == 400
    assert "There is no scenario to run: write one, or load an example." in Page(response.get_data(as_text=True)).all_text


def test_too_many_scenarios_are_refused_before_running(client):
    one = "Scenario: Tokens {n}\n  Given Alice has 2 action tokens\n  Then Alice has 2 action tokens\n"
    text = "".join(one.format(n=n) for n in range(1, 32))
    response = run(client, text)
    assert response.status_code == 422
    problem = response.get_json()["problem"]
    assert problem["kind"] == "budget" and problem["message"] == "31 scenarios: a run holds at most 30"
    assert problem["line"] == 91


def test_too_many_statements_and_too_large_numbers_are_refused_before_running():
    scenario_file = parser.parse(REFUSED, "scenario")
    assert over_budget(scenario_file, Limits()) is None
    refusal = over_budget(scenario_file, Limits(statements=3))["error"]
    assert (refusal["kind"], refusal["line"]) == ("budget", 9)
    assert refusal["message"] == "more than 3 facts, actions and expectations: a run holds at most 3"
    huge = parser.parse(REFUSED.replace("2 action tokens", "5000 action tokens"), "scenario")
    refusal = over_budget(huge, Limits())["error"]
    assert refusal["line"] == 7 and "the number 5000 is larger than a run allows (at most 1000)" == refusal["message"]


def test_a_run_over_its_time_is_stopped_and_the_next_run_works():
    app = create_app({"TESTING": True, "WARM_SEARCH": False, "WORKBENCH_SECONDS": 0.005})
    client = app.test_client()
    text = "\n".join(examples()["quickstart"].text.split("\n"))
    pool = scenario_worker.pool(1)
    response = run(client, text)
    assert response.status_code == 422
    problem = response.get_json()["problem"]
    assert problem["kind"] == "time" and problem["message"].startswith("the run was stopped after 0.005 seconds")
    with pytest.raises(ProcessLookupError):
        os.kill(pool.stopped[-1], 0)  # the worker is gone, not left running
    assert create_app({"TESTING": True, "WARM_SEARCH": False}).test_client().post(
        "/api/scenario/run", json={"text": REFUSED}).status_code == 200


def test_opening_the_page_starts_a_worker_for_the_run_to_come(client):
    pool = scenario_worker.pool(1)
    pool.close()
    assert not pool.idle
    client.get("/workbench")
    with pool.lock:
        assert pool.started.wait_for(lambda: not pool.starting, timeout=120)
        assert len(pool.idle) == 1
    worker = pool.idle[0]
    assert run(client, REFUSED).status_code == 200
    assert pool.idle == [worker]  # the run used it, and no other was started


def test_a_worker_that_cannot_start_is_not_started_again_at_once(monkeypatch):
    pool = WorkerPool()
    monkeypatch.setattr(scenario_worker.sys, "executable", "/nonexistent/python")
    with pytest.raises(RunRefused) as refused:
        pool.run(REFUSED, Limits())
    assert refused.value.reason == "start"
    started = []
    monkeypatch.setattr(scenario_worker, "Worker", lambda: started.append(1))
    with pytest.raises(RunRefused) as refused:
        pool.run(REFUSED, Limits())
    assert refused.value.reason == "start" and started == []


def test_a_run_waits_for_a_free_worker_only_so_long():
    pool = WorkerPool(size=1, wait=0)
    assert pool.slots.acquire(timeout=0)  # another run holds the only worker
    with pytest.raises(RunRefused) as refused:
        pool.run(REFUSED, Limits())
    assert refused.value.reason == "busy" and "busy" in str(refused.value)


def test_the_api_takes_json_only(client):
    response = client.post("/api/scenario/run", data={"text": REFUSED})
    assert response.status_code == 415
    assert "application/json" in response.get_json()["error"]
    for body in ([REFUSED], {"text": 3}, {"scenario": REFUSED}, "text"):
        response = client.post("/api/scenario/run", json=body)
        assert response.status_code == 400, body
        assert "JSON object" in response.get_json()["error"]
    response = client.post("/api/scenario/run", data=b"{not json", content_type="application/json")
    assert response.status_code == 400
    assert client.post("/api/scenario/run", json={"text": "  \n"}).get_json()["error"].startswith("There is no scenario")
    assert client.get("/api/scenario/run").status_code == 405


# -- hostile input ------------------------------------------------------------------


def test_markup_in_a_scenario_is_shown_as_text(client):
    evil = '</textarea><script>alert(1)</script>{{ 7*7 }}<img src=x onerror=alert(2)>'
    text = REFUSED.replace("A card can't be moved", evil).replace('"Comet"', '"Comet</pre><b>"')
    for response in (client.post("/workbench", data={"text": text}),
                     client.post("/workbench", data={"text": text.replace("Given Alice has", "Given Alice hs")})):
        body = response.get_data(as_text=True)
        assert response.status_code in (200, 400)
        assert "<script>alert" not in body and "<img src=x" not in body and "</pre><b>" not in body
        assert "&lt;/textarea&gt;&lt;script&gt;alert(1)&lt;/script&gt;{{ 7*7 }}" in body
    data = run(client, text).get_json()
    assert data["results"][0]["name"] == evil + " to its current area"


@pytest.mark.parametrize("text", [
    "\x00Scenario: x\n",
    "Scenario: \ud800 x\n  Given Alice has 2 points\n",
    " " * 60000,
    "Scenario: x\n  Given Alice has 2 points\n" + "  And Alice has 2 points\n" * 2000,
    "Cards:\n" + '  "A" is a Friend: ' + "blue/" * 6000 + "blue.\n",
    "Scenario:\r x\r\n\r\n\u2028\u202e",
    "Game: chess\nScenario: x\n  Given Alice has 2 points\n",
    'Cards:\n  "C" is a Friend: blue, power 2, cost 2.\nScenario: x\n  Given Alice has 99999999999999999999 copies of "C" at her home\n',
])
def test_hostile_texts_get_a_clear_answer(client, text):
    # Sent as JSON with every character escaped, as a browser may (a lone surrogate included).
    response = client.post("/api/scenario/run", data=json.dumps({"text": text}), content_type="application/json")
    assert response.status_code in (200, 400, 413, 422), response.status_code
    data = response.get_json()
    if response.status_code == 200:
        assert data["ok"] and data["results"]
    elif "problem" in data:
        assert data["problem"]["message"] and data["problem"]["kind"] in ("syntax", "budget")
    else:
        assert data["error"].startswith(("A scenario text is at most 64 KB", "There is no scenario"))


def test_nothing_of_a_run_is_kept(app, client):
    pages = app.extensions["rulebase.pages"]
    before = len(pages)
    client.post("/workbench", data={"text": REFUSED})
    client.post("/api/scenario/run", json={"text": REFUSED})
    assert len(pages) == before
    assert not any("workbench" in str(key) for key in pages)
    assert client.get("/workbench").headers["Cache-Control"] == "no-store"


# -- reading an explanation -----------------------------------------------------------


def test_a_ruling_keeps_every_line_of_the_explanation(app):
    answer = run_text(REFUSED + "\n" + WRONG.split("\n", 3)[3], load())
    assert answer["ok"]
    for scenario in answer["scenarios"]:
        explained = scenario["explain"]
        view = ruling(explained, scenario["document"], app.extensions["rulebase"].catalog)
        shown = ["".join(piece["text"] for piece in line) for line in view["header"] + view["footer"]]
        for statement in view["statements"]:
            shown.append(statement["text"])
            shown.append("".join(piece["text"] for piece in statement["outcome"]))
            for step in statement["steps"]:
                shown += [step["rule"] or "", step["text"], step["quote"]]
        words = " ".join(" ".join(shown).split()).replace("“", "").replace("”", "")
        for line in explained.split("\n")[1:]:
            for word in line.replace("->", " ").replace("“", "").replace("”", "").split():
                assert word in words, (word, line)
