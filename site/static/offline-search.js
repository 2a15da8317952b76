// Rulebase, the static copy of the site (rulebase export-site): search in the
// browser, with no server. The index (search-index.js, written by the export)
// and MiniSearch (static/vendor/minisearch.js) are loaded as scripts when a
// search box is first used, since a browser refuses fetch() of a local file.
// A rule number goes to its rule, a prefix of one lists its rules, words are
// looked up in the index. Text is only ever set with textContent.
// The search forms' display, keys and elements are site.js's (window.rulebase),
// which runs before this.
(function () {
  "use strict";

  var script = document.currentScript;
  var root = (script && script.getAttribute("data-root")) || "";
  var PAGE = 10, MORE = 40, DROPDOWN = 8;
  var engine = null, failed = null, loading = false, waiting = [];
  var site = window.rulebase;
  var el = site.el;

  function loadScript(src, done, fail) {
    var tag = document.createElement("script");
    tag.src = src;
    tag.onload = done;
    tag.onerror = function () { fail("could not read " + src); };
    document.head.appendChild(tag);
  }

  // The query rules of the index: the same as rulebase/web/offline_index.py.
  function Engine(data) {
    var stop = new Set(data.stop);
    var token = new RegExp(data.token, "g");
    this.data = data;
    this.fold = function (text) {
      return String(text).normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
    };
    this.term = function (word) {
      if (stop.has(word)) return null;
      if (word.length >= 5 && word.slice(-3) === "ies") return word.slice(0, -3) + "y";
      if (word.length >= 3 && word.slice(-1) === "s" && "su".indexOf(word.charAt(word.length - 2)) < 0) {
        return word.slice(0, -1);
      }
      return word;
    };
    var self = this;
    this.tokenize = function (text) { return self.fold(text).match(token) || []; };
    this.index = window.MiniSearch.loadJS(data.index, {
      fields: data.fields,
      storeFields: ["u", "n", "t", "c", "g", "k", "e", "s"],
      tokenize: this.tokenize,
      processTerm: this.term,
      searchOptions: {
        boost: data.boost,
        prefix: function (term) { return term.length >= 3; },
        fuzzy: function (term) { return term.length >= 5 ? 0.2 : false; }
      }
    });
  }

  // "514.4c", "(514.4c)", "rule 514.4 c", "CR 514" -> "514.4c"; null for words.
  Engine.prototype.number = function (query) {
    var text = query.trim().toLowerCase().replace(/^(?:rule|cr)\s*/, "").replace(/[()]/g, "")
      .replace(/\s+(?=[a-z]$)/, "").replace(/\.$/, "");
    return /^\d+(?:\.[0-9a-z]+)*[a-z]?$/.test(text) ? text : null;
  };

  Engine.prototype.numbers = function (number, game) {
    var exact = [], rest = [];
    var data = this.data;
    Object.keys(data.numbers).forEach(function (code) {
      if (game && code !== game) return;
      var table = data.numbers[code];
      table.rules.forEach(function (row) {
        if (row[0].indexOf(number) !== 0) return;
        var hit = { u: row[1], n: row[0], t: row[2], c: "", g: code, k: "rule", e: table.edition, s: row[3],
                    terms: [] };
        (row[0] === number ? exact : rest).push(hit);
      });
    });
    return { exact: exact, results: exact.concat(rest) };
  };

  Engine.prototype.search = function (query, game, limit) {
    if (!Object.prototype.hasOwnProperty.call(this.data.games, game)) game = "";  // "", "all": both games
    var number = this.number(query);
    if (number) {
      // A number that is not the chosen game's is looked for in the other game.
      var found = this.numbers(number, game);
      if (!found.results.length && game) found = this.numbers(number, "");
      if (found.results.length) {
        return { query: query, count: found.results.length, results: found.results.slice(0, limit),
                 go: found.exact.length === 1 ? found.exact[0].u : null };
      }
    }
    var options = game ? { filter: function (r) { return r.g === game; } } : {};
    var results = this.index.search(query, options);
    return { query: query, count: results.length, results: results.slice(0, limit), go: null };
  };

  // The snippet as text and <mark>s around the words the query matched.
  Engine.prototype.snippet = function (text, terms) {
    var wanted = new Set(terms || []);
    var self = this;
    var parts = [];
    String(text || "").split(/([0-9A-Za-z\u00C0-\u024F]+)/).forEach(function (piece, i) {
      if (!piece) return;
      var term = i % 2 ? self.term(self.fold(piece)) : null;
      parts.push([piece, !!(term && wanted.has(term))]);
    });
    return parts;
  };

  function whenReady(callback) {
    if (engine || failed) { callback(); return; }
    waiting.push(callback);
    if (loading) return;
    loading = true;
    function fail(message) {
      failed = "Search is not available: " + message + ".";
      waiting.splice(0).forEach(function (next) { next(); });
    }
    loadScript(root + "static/vendor/minisearch.js", function () {
      loadScript(root + "search-index.js", function () {
        try {
          engine = new Engine(window.RULEBASE_SEARCH);
        } catch (error) {
          fail(error.message);
          return;
        }
        waiting.splice(0).forEach(function (next) { next(); });
      }, fail);
    }, fail);
  }

  // A hit of the index as the server's API gives a result.
  function resultItem(r) {
    return site.resultItem({
      url: r.u, number: r.n, title: r.t, context: r.c, game: r.g, game_label: engine.data.games[r.g] || r.g,
      edition_label: r.e, kind: r.k, snippet_parts: engine.snippet(r.s, r.terms)
    }, root);
  }

  function countText(found) {
    if (!found.query) return "";
    var first = found.count > found.results.length ? "The first " + found.results.length : String(found.count);
    return first + (found.count === 1 ? " result" : " results") + " for \u201c" + found.query + "\u201d";
  }

  function offlineSearch(form) {
    var mode = form.getAttribute("data-offline-live");
    var box = site.searchBox(form, mode);
    var input = box.input;
    var select = box.select;
    var timer = null;
    var limit = PAGE;

    function params(extra) {
      var p = new URLSearchParams();
      p.set("q", input.value.trim());
      if (box.game()) p.set("game", box.game());
      Object.keys(extra || {}).forEach(function (key) { p.set(key, extra[key]); });
      return p;
    }

    function show(found) {
      box.show(found, found.results.map(resultItem), {
        count: countText(found),
        moreHidden: !(found.count > found.results.length),
        more: root + "search.html?" + params({ limit: String(MORE) }).toString()
      });
    }

    function run(then) {
      var query = input.value.trim();
      if (mode === "results") {
        try {
          var shown = params(limit === MORE ? { limit: String(MORE) } : null);
          history.replaceState(null, "", query ? "?" + shown.toString() : location.pathname);
        } catch (error) { /* a page opened from a file may not change its address */ }
      }
      if (!query) { show({ query: "", count: 0, results: [], go: null }); return; }
      whenReady(function () {
        if (failed) { box.message(failed); return; }
        if (input.value.trim() !== query) return;
        var found = engine.search(query, box.game(), mode === "results" ? limit : DROPDOWN);
        show(found);
        if (then) then(found);
      });
    }

    function schedule() {
      clearTimeout(timer);
      timer = setTimeout(run, 80);
    }

    input.addEventListener("focus", function () { whenReady(function () {}); });
    input.addEventListener("input", function () { limit = PAGE; schedule(); });
    if (select) select.addEventListener("change", function () { run(); });

    // Enter: an exact rule number opens its rule; words show their results
    // here (or, from the box at the top, on the search page).
    form.addEventListener("submit", function (event) {
      if (mode === "dropdown" && box.selected >= 0) return;
      event.preventDefault();
      clearTimeout(timer);
      run(function (found) {
        if (found.go) window.location.href = root + found.go;
        else if (mode === "dropdown") window.location.href = root + "search.html?" + params().toString();
      });
    });

    if (mode === "results") {
      // The search page: run the query of its address (search.html?q=...).
      var asked = new URLSearchParams(location.search);
      if (asked.get("q")) {
        input.value = asked.get("q");
        if (select && asked.get("game")) select.value = asked.get("game");
        if (asked.get("limit") === String(MORE)) limit = MORE;
        run(function (found) { if (found.go) window.location.replace(root + found.go); });
      }
    }
  }

  // Forms that only a server can answer: say so where they are.
  function serverOnly(form) {
    var note = el("p", "notice offline-notice");
    note.appendChild(document.createTextNode("This copy of the site has no server, so this form cannot be sent. "));
    var link = el("a", "", "What needs the server");
    link.href = root + "server-only.html";
    note.appendChild(link);
    form.parentNode.insertBefore(note, form);
    Array.prototype.forEach.call(form.querySelectorAll("input, select, textarea, button"), function (control) {
      control.disabled = true;
    });
  }

  Array.prototype.forEach.call(document.querySelectorAll("form[data-offline-live]"), offlineSearch);
  Array.prototype.forEach.call(document.querySelectorAll("form[data-offline=server]"), serverOnly);
  Array.prototype.forEach.call(document.querySelectorAll("a[data-offline=server]"), function (link) {
    link.title = "Needs the server: not part of this copy of the site";
  });
})();
