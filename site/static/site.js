// Rulebase: "/" focuses the search box; results appear as you type.
// Text from the API is only ever set with textContent, never as HTML.
(function () {
  "use strict";

  var root = document.body.getAttribute("data-root") || "";

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  function resultItem(r) {
    var li = el("li", "result");
    var link = el("a", "result-link");
    link.href = root + r.url;
    if (r.number) link.appendChild(el("span", "num", r.number));
    if (r.title) link.appendChild(el("span", "result-title", r.title));
    li.appendChild(link);
    if (r.context) {
      li.appendChild(document.createTextNode(" "));
      li.appendChild(el("span", "result-context", r.context));
    }
    li.appendChild(document.createTextNode(" "));
    var meta = el("span", "result-meta");
    meta.appendChild(el("span", "badge badge-game badge-" + r.game, r.game_label));
    meta.appendChild(document.createTextNode(" "));
    meta.appendChild(el("span", "badge badge-edition", r.edition_label));
    meta.appendChild(document.createTextNode(" "));
    meta.appendChild(el("span", "kind", r.kind));
    li.appendChild(meta);
    var snippet = el("p", "snippet");
    (r.snippet_parts || []).forEach(function (part) {
      snippet.appendChild(part[1] ? el("mark", "", part[0]) : document.createTextNode(part[0]));
    });
    li.appendChild(snippet);
    return li;
  }

  function countText(data) {
    if (!data.query) return "";
    var first = data.count >= 10 ? "The first " : "";
    return first + data.count + (data.count === 1 ? " result" : " results") + " for \u201c" + data.query + "\u201d";
  }

  function liveSearch(form) {
    var input = form.querySelector("input[name=q]");
    var select = form.querySelector("select[name=game]");
    var hiddenGame = form.querySelector("input[type=hidden][name=game]");
    var edition = form.querySelector("input[type=hidden][name=edition]");
    var mode = form.getAttribute("data-live");
    var dropdown = form.querySelector(".dropdown");
    var list = mode === "results" ? document.getElementById("results") : null;
    var count = mode === "results" ? document.getElementById("results-count") : null;
    var timer = null;
    var controller = null;
    var latest = 0;
    var selected = -1;

    function params() {
      var p = new URLSearchParams();
      p.set("q", input.value.trim());
      var game = select ? select.value : (hiddenGame ? hiddenGame.value : "");
      if (game) p.set("game", game);
      if (edition && edition.value) p.set("edition", edition.value);
      return p;
    }

    function show(data) {
      var target = list;
      if (mode === "dropdown") {
        dropdown.replaceChildren();
        if (!data.query) { dropdown.hidden = true; return; }
        target = el("ol", "results");
        dropdown.appendChild(target);
        if (!data.results.length) dropdown.appendChild(el("p", "results-count", "No results"));
        dropdown.hidden = false;
        selected = -1;
      } else {
        var empty = document.getElementById("no-results");
        if (empty) empty.remove();
        count.textContent = countText(data);
        var notice = document.querySelector(".notice-error");
        if (notice) notice.remove();
        var hero = document.querySelector(".hero");
        if (hero && data.query) hero.classList.add("hero-compact");
        var more = document.getElementById("more-results");
        if (more) {
          more.hidden = data.count < 10;
          var p = params();
          p.set("limit", "40");
          more.querySelector("a").href = root + "/search?" + p.toString();
        }
      }
      target.replaceChildren.apply(target, data.results.map(resultItem));
    }

    function fail(message) {
      if (mode === "results") {
        count.textContent = message;
        list.replaceChildren();
      } else {
        dropdown.replaceChildren(el("p", "results-count", message));
        dropdown.hidden = false;
      }
    }

    function run() {
      var p = params();
      var query = p.get("q");
      if (mode === "results") {
        history.replaceState(null, "", root + (query ? "/search?" + p.toString() : "/"));
      }
      if (!query) { show({ query: "", count: 0, results: [] }); return; }
      if (controller) controller.abort();
      controller = new AbortController();
      var ticket = ++latest;
      p.set("limit", mode === "results" ? "10" : "8");
      fetch(root + "/api/search?" + p.toString(), { signal: controller.signal, headers: { Accept: "application/json" } })
        .then(function (response) {
          return response.json().then(function (data) { return { ok: response.ok, data: data }; });
        })
        .then(function (reply) {
          if (ticket !== latest) return;
          if (reply.ok) show(reply.data); else fail(reply.data.error || "Search failed.");
        })
        .catch(function (error) { if (error.name !== "AbortError") fail("Search failed: " + error.message); });
    }

    function schedule() {
      clearTimeout(timer);
      timer = setTimeout(run, 120);
    }

    input.addEventListener("input", schedule);
    if (select) select.addEventListener("change", run);

    if (mode === "dropdown") {
      input.addEventListener("keydown", function (event) {
        var items = dropdown.querySelectorAll(".result");
        if (event.key === "Escape") { dropdown.hidden = true; input.blur(); return; }
        if (!items.length || dropdown.hidden) return;
        if (event.key === "ArrowDown" || event.key === "ArrowUp") {
          event.preventDefault();
          if (selected >= 0) items[selected].classList.remove("selected");
          selected = (selected + (event.key === "ArrowDown" ? 1 : -1) + items.length) % items.length;
          items[selected].classList.add("selected");
          items[selected].scrollIntoView({ block: "nearest" });
        } else if (event.key === "Enter" && selected >= 0) {
          event.preventDefault();
          window.location.href = items[selected].querySelector("a").href;
        }
      });
      document.addEventListener("click", function (event) {
        if (!form.contains(event.target)) dropdown.hidden = true;
      });
    }
  }

  document.addEventListener("keydown", function (event) {
    if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
    var active = document.activeElement;
    var tag = active && active.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || (active && active.isContentEditable)) return;
    var box = document.querySelector("[data-slash]");
    if (box) {
      event.preventDefault();
      box.focus();
      box.select();
    }
  });

  Array.prototype.forEach.call(document.querySelectorAll("form[data-live]"), liveSearch);
})();
