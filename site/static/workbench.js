// Rulebase scenario workbench: load an example, run the text with
// POST /api/scenario/run and show the ruling without leaving the page.
// The page works without this script (plain forms).  Text from the server
// is only ever set with textContent, never as HTML.
(function () {
  "use strict";

  var form = document.getElementById("wb-form");
  if (!form) return;
  var root = document.body.getAttribute("data-root") || "";
  var textarea = document.getElementById("text");
  var results = document.getElementById("results");
  var runButton = document.getElementById("wb-run");
  var busy = form.querySelector(".wb-busy");
  var select = document.getElementById("example");
  var STATUS = { passed: "PASS", failed: "FAIL", error: "ERROR" };
  var HEADINGS = {
    syntax: "The scenario can't be read",
    budget: "The run is more than the workbench runs",
    time: "The run was stopped",
    stopped: "The run was stopped",
    busy: "The workbench can't run this now",
    start: "The workbench can't run this now",
    request: "Nothing was run"
  };
  var controller = null;

  // site.js's element builder (site.js runs after this script; el is
  // only called once the page is live).
  function el(tag, className, text) {
    return window.rulebase.el(tag, className, text);
  }

  function ruleLink(piece, className) {
    if (!piece.href) return document.createTextNode(piece.text);
    var link = el("a", className || "xref", piece.text);
    link.href = root + piece.href;
    if (piece.tip) link.setAttribute("data-tip", piece.tip);
    return link;
  }

  function pieces(parent, segments) {
    segments.forEach(function (piece) { parent.appendChild(ruleLink(piece)); });
    return parent;
  }

  function step(s) {
    var li = el("li", "wb-step");
    if (s.href) li.appendChild(ruleLink({ text: s.rule, href: s.href, tip: s.tip }, "xref wb-rule"));
    else li.appendChild(el("span", s.rule ? "wb-rule" : "wb-rule wb-no-rule", s.rule || ""));
    li.appendChild(document.createTextNode(" "));
    li.appendChild(el("span", "wb-step-text", s.text));
    if (s.quote) li.appendChild(el("q", "wb-quote", s.quote));
    return li;
  }

  function scenario(r, index) {
    var article = el("article", "wb-scenario wb-" + r.status);
    article.id = "scenario-" + index;
    var h = el("h3");
    h.appendChild(el("span", "wb-status wb-status-" + r.status, STATUS[r.status] || r.status));
    h.appendChild(document.createTextNode(" "));
    h.appendChild(el("span", "wb-name", r.name));
    h.appendChild(document.createTextNode(" "));
    h.appendChild(el("span", "muted", "line " + r.line));
    article.appendChild(h);
    r.header.forEach(function (line) { article.appendChild(pieces(el("p", "wb-header"), line)); });
    var list = el("ol", "wb-statements");
    r.statements.forEach(function (s) {
      var li = el("li", "wb-statement" + (s.failed ? " wb-statement-failed" : ""));
      if (s.text) {
        var p = el("p", "wb-sentence");
        p.appendChild(el("code", "", s.text));
        if (s.outcome.length) {
          p.appendChild(document.createTextNode(" "));
          p.appendChild(pieces(el("span", "wb-outcome", "\u2192 "), s.outcome));
        }
        li.appendChild(p);
      }
      if (s.steps.length) {
        var steps = el("ul", "wb-steps");
        s.steps.forEach(function (st) { steps.appendChild(step(st)); });
        li.appendChild(steps);
      }
      list.appendChild(li);
    });
    article.appendChild(list);
    r.footer.forEach(function (line) { article.appendChild(pieces(el("p", "wb-footer"), line)); });
    var details = el("details", "wb-plain");
    var summary = el("summary", "", "As ");
    summary.appendChild(el("code", "", "rulebase test --explain"));
    summary.appendChild(document.createTextNode(" prints it"));
    details.appendChild(summary);
    details.appendChild(el("pre", "", r.explain));
    article.appendChild(details);
    return article;
  }

  function pad(number) {
    var text = String(number);
    while (text.length < 4) text = " " + text;
    return text;
  }

  function problem(p) {
    var section = el("section", "wb-problem wb-problem-" + p.kind);
    section.setAttribute("role", "alert");
    section.appendChild(el("h2", "", HEADINGS[p.kind] || "The scenario can't be run"));
    var message = el("p", "error-message");
    if (p.where) {
      message.appendChild(el("span", "wb-where", p.where.charAt(0).toUpperCase() + p.where.slice(1)));
      message.appendChild(document.createTextNode(": "));
    }
    message.appendChild(document.createTextNode(p.message));
    section.appendChild(message);
    if (p.expected) section.appendChild(el("p", "wb-expected", "Expected: " + p.expected));
    if (p.context && p.context.length) {
      var pre = el("pre", "wb-context");
      p.context.forEach(function (row) {
        pre.appendChild(el("span", "wb-line" + (row.current ? " wb-line-error" : ""), pad(row.number) + " \u2502 " + row.text));
        pre.appendChild(document.createTextNode("\n"));
        if (row.current) {
          var caret = el("span", "wb-caret", "     \u2502 " + new Array(p.caret).join(" ") + "^");
          caret.setAttribute("aria-hidden", "true");
          pre.appendChild(caret);
          pre.appendChild(document.createTextNode("\n"));
        }
      });
      section.appendChild(pre);
    }
    return section;
  }

  function pointAt(line, column) {
    var lines = textarea.value.split("\n");
    if (!line || line > lines.length) return;
    var start = 0;
    for (var i = 0; i < line - 1; i++) start += lines[i].length + 1;
    var row = lines[line - 1];
    var from = start + Math.max(0, Math.min(column - 1, row.length));
    var word = /^\S*/.exec(row.slice(from - start))[0];
    textarea.focus();
    textarea.setSelectionRange(from, from + Math.max(word.length, 0));
  }

  function show(data) {
    results.replaceChildren();
    if (data.ok) {
      var summary = el("p", "wb-summary", data.passed + " passed, " + data.failed + " failed");
      summary.id = "wb-summary";
      results.appendChild(summary);
      data.results.forEach(function (r, i) { results.appendChild(scenario(r, i + 1)); });
      return;
    }
    var p = data.problem || { kind: "request", message: data.error || "The scenario could not be run.", context: [] };
    results.appendChild(problem(p));
    if (p.kind === "syntax" && p.line) pointAt(p.line, p.column);
  }

  function run() {
    if (controller) controller.abort();
    controller = new AbortController();
    runButton.disabled = true;
    busy.textContent = "Running\u2026";
    fetch(textarea.getAttribute("data-api"), {
      method: "POST",
      signal: controller.signal,
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ text: textarea.value })
    })
      .then(function (response) { return response.json(); })
      .then(function (data) { busy.textContent = ""; show(data); })
      .catch(function (error) {
        if (error.name === "AbortError") return;
        busy.textContent = "";
        show({ ok: false, error: "The run could not be sent: " + error.message });
      })
      .finally(function () { runButton.disabled = false; });
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    run();
  });

  textarea.addEventListener("keydown", function (event) {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      run();
    }
  });
  var keys = form.querySelector(".wb-keys");
  if (keys) keys.hidden = false;

  if (select) {
    var load = document.querySelector(".wb-load");
    if (load) load.hidden = true;
    select.addEventListener("change", function () {
      var id = select.value;
      fetch(textarea.getAttribute("data-examples") + encodeURIComponent(id), { headers: { Accept: "application/json" } })
        .then(function (response) { return response.json(); })
        .then(function (data) {
          if (!data.text) return;
          textarea.value = data.text;
          results.replaceChildren();
          history.replaceState(null, "", root + "/workbench?example=" + encodeURIComponent(id).replace(/%3A/g, ":"));
        });
    });
  }
})();
