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

  // A result as the API gives it (url, number, title, context, game,
  // game_label, edition_label, kind, snippet_parts), its link below base.
  function resultItem(r, base) {
    var li = el("li", "result");
    var link = el("a", "result-link");
    link.href = base + r.url;
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

  // The parts of a search form that shows its results as they are typed:
  // in its dropdown (mode "dropdown") or in the search page's list ("results").
  // The server's search (below) and the static copy's (offline-search.js)
  // differ only in where the results come from.
  function searchBox(form, mode) {
    var box = {
      input: form.querySelector("input[name=q]"),
      select: form.querySelector("select[name=game]"),
      hiddenGame: form.querySelector("input[type=hidden][name=game]"),
      dropdown: form.querySelector(".dropdown"),
      list: mode === "results" ? document.getElementById("results") : null,
      count: mode === "results" ? document.getElementById("results-count") : null,
      selected: -1  // the result chosen with the arrow keys in the dropdown
    };
    var input = box.input, dropdown = box.dropdown;

    box.game = function () {
      return box.select ? box.select.value : (box.hiddenGame ? box.hiddenGame.value : "");
    };

    box.message = function (text) {
      if (mode === "results") {
        box.count.textContent = text;
        box.list.replaceChildren();
      } else {
        dropdown.replaceChildren(el("p", "results-count", text));
        dropdown.hidden = false;
      }
    };

    // data: query, count and results; items: the results' elements; page:
    // for the search page, its count line, and More results' link and
    // whether it is hidden.
    box.show = function (data, items, page) {
      var target = box.list;
      if (mode === "dropdown") {
        dropdown.replaceChildren();
        if (!data.query) { dropdown.hidden = true; return; }
        target = el("ol", "results");
        dropdown.appendChild(target);
        if (!data.results.length) dropdown.appendChild(el("p", "results-count", "No results"));
        dropdown.hidden = false;
        box.selected = -1;
      } else {
        var empty = document.getElementById("no-results");
        if (empty) empty.remove();
        box.count.textContent = page.count;
        var notice = document.querySelector(".notice-error");
        if (notice) notice.remove();
        var hero = document.querySelector(".hero");
        if (hero && data.query) hero.classList.add("hero-compact");
        var more = document.getElementById("more-results");
        if (more) {
          more.hidden = page.moreHidden;
          more.querySelector("a").href = page.more;
        }
      }
      target.replaceChildren.apply(target, items);
    };

    if (mode === "dropdown") {
      input.addEventListener("keydown", function (event) {
        var items = dropdown.querySelectorAll(".result");
        if (event.key === "Escape") { dropdown.hidden = true; input.blur(); return; }
        if (!items.length || dropdown.hidden) return;
        if (event.key === "ArrowDown" || event.key === "ArrowUp") {
          event.preventDefault();
          if (box.selected >= 0) items[box.selected].classList.remove("selected");
          box.selected = (box.selected + (event.key === "ArrowDown" ? 1 : -1) + items.length) % items.length;
          items[box.selected].classList.add("selected");
          items[box.selected].scrollIntoView({ block: "nearest" });
        } else if (event.key === "Enter" && box.selected >= 0) {
          event.preventDefault();
          window.location.href = items[box.selected].querySelector("a").href;
        }
      });
      document.addEventListener("click", function (event) {
        if (!form.contains(event.target)) dropdown.hidden = true;
      });
    }
    return box;
  }

  // For offline-search.js, the static copy's search, which runs after this.
  window.rulebase = { el: el, resultItem: resultItem, searchBox: searchBox };

  function liveSearch(form) {
    var mode = form.getAttribute("data-live");
    var box = searchBox(form, mode);
    var input = box.input;
    var edition = form.querySelector("input[type=hidden][name=edition]");
    var timer = null;
    var controller = null;
    var latest = 0;

    function params() {
      var p = new URLSearchParams();
      p.set("q", input.value.trim());
      var game = box.game();
      if (game && game !== "all") p.set("game", game);  // both games: no game named
      if (edition && edition.value) p.set("edition", edition.value);
      return p;
    }

    function show(data) {
      var more = params();
      more.set("limit", "40");
      box.show(data, data.results.map(function (r) { return resultItem(r, root); }),
               { count: countText(data), moreHidden: data.count < 10, more: root + "/search?" + more.toString() });
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
          if (reply.ok) show(reply.data); else box.message(reply.data.error || "Search failed.");
        })
        .catch(function (error) { if (error.name !== "AbortError") box.message("Search failed: " + error.message); });
    }

    function schedule() {
      clearTimeout(timer);
      timer = setTimeout(run, 120);
    }

    input.addEventListener("input", schedule);
    if (box.select) box.select.addEventListener("change", run);
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

  // The game a search box searches follows the page unless the judge has
  // chosen both games: that choice is remembered in this browser and given
  // to every box that only follows its page (data-scope="page").
  function rememberScope() {
    var KEY = "rulebase-scope";
    var remembered = null;
    try { remembered = window.localStorage.getItem(KEY); } catch (error) { return; }
    Array.prototype.forEach.call(document.querySelectorAll("select.scope"), function (select) {
      if (remembered === "all" && select.getAttribute("data-scope") === "page") select.value = "all";
      select.addEventListener("change", function () {
        try {
          if (select.value === "all") window.localStorage.setItem(KEY, "all");
          else window.localStorage.removeItem(KEY);
        } catch (error) { /* storage refused: the choice holds for this page only */ }
      });
    });
  }

  rememberScope();
  Array.prototype.forEach.call(document.querySelectorAll("form[data-live]"), liveSearch);

  // -- Rule pages: previous, next and up by key; the citation copied. -------

  function isTyping(node) {
    var tag = node && node.tagName;
    return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || Boolean(node && node.isContentEditable);
  }

  // The keys follow the page's rel=prev, rel=next and rel=up links (which
  // work without JavaScript too); never while typing or with a modifier.
  function aroundKeys() {
    var nav = document.querySelector(".around-nav");
    if (!nav) return;
    var hint = nav.querySelector(".keys-hint");
    if (hint) hint.hidden = false;
    var rels = { ArrowLeft: "prev", ArrowRight: "next", u: "up", U: "up" };
    document.addEventListener("keydown", function (event) {
      var rel = rels[event.key];
      if (!rel || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target) || isTyping(document.activeElement)) return;
      var link = nav.querySelector("a[rel~=\"" + rel + "\"]");
      if (!link) return;
      event.preventDefault();
      window.location.href = link.href;
    });
  }

  function selectContents(node) {
    var range = document.createRange();
    range.selectNodeContents(node);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }

  // A button[data-copy] copies the text of the element it names (the
  // citation the server wrote), its links written as whole addresses; where
  // the Clipboard API is missing or refused, the text is selected instead.
  function copyButtons() {
    Array.prototype.forEach.call(document.querySelectorAll("button[data-copy]"), function (button) {
      var source = document.getElementById(button.getAttribute("data-copy"));
      if (!source) return;
      var status = button.parentNode.querySelector(".copy-status");
      Array.prototype.forEach.call(source.querySelectorAll("a[href]"), function (link) {
        link.textContent = link.href;
      });
      button.hidden = false;
      function say(message) { if (status) status.textContent = message; }
      function selectInstead() {
        selectContents(source);
        var copied = false;
        try { copied = document.execCommand("copy"); } catch (error) { copied = false; }
        say(copied ? "Copied." : "Selected: press Ctrl+C (\u2318C on a Mac) to copy.");
      }
      button.addEventListener("click", function () {
        var text = source.textContent.replace(/\s+/g, " ").trim();
        if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(text).then(function () { say("Copied."); }, selectInstead);
        } else {
          selectInstead();
        }
      });
    });
  }

  // -- Definitions and previews ----------------------------------------------
  // An element with data-tip (a glossary term, a cross-reference) shows its
  // text in one popup: on hover with a mouse, on keyboard focus, and on a
  // first tap, which does not follow the link; a second tap, or the popup's
  // own link, does.  Escape hides it.  The switch in the footer (and the
  // popup's button) turns previews off, remembered in localStorage.

  var TIPS_KEY = "rulebase.previews";

  function previewsWanted() {
    try { return window.localStorage.getItem(TIPS_KEY) !== "off"; } catch (error) { return true; }
  }

  function rememberPreviews(on) {
    try {
      if (on) window.localStorage.removeItem(TIPS_KEY); else window.localStorage.setItem(TIPS_KEY, "off");
    } catch (error) { /* storage refused: the choice lasts for this page */ }
  }

  function previews() {
    var html = document.documentElement;
    var enabled = previewsWanted();
    var popup = el("div", "tip");
    var text = el("p", "tip-text");
    var actions = el("p", "tip-actions");
    var go = el("a", "tip-go");
    var off = el("button", "tip-off", "Turn previews off");
    var owner = null;
    var hideTimer = null;
    var tap = null;
    var switches = document.querySelectorAll("[data-previews-switch]");

    popup.id = "tip";
    text.id = "tip-text";
    off.type = "button";
    popup.hidden = true;
    actions.appendChild(go);
    actions.appendChild(off);
    popup.appendChild(text);
    popup.appendChild(actions);
    document.body.appendChild(popup);
    html.classList.add("js-tips");

    function tipOf(node) {
      return node && node.closest ? node.closest("[data-tip]") : null;
    }

    function place() {
      if (!owner) return;
      var box = owner.getBoundingClientRect();
      var width = popup.offsetWidth;
      var height = popup.offsetHeight;
      var left = Math.max(8, Math.min(box.left, window.innerWidth - width - 8));
      var top = box.bottom + 6;
      if (top + height > window.innerHeight - 8 && box.top - height - 6 >= 8) top = box.top - height - 6;
      popup.style.left = left + "px";
      popup.style.top = top + "px";
    }

    function show(target) {
      if (!enabled) return;
      clearTimeout(hideTimer);
      if (owner && owner !== target) owner.removeAttribute("aria-describedby");
      owner = target;
      text.textContent = target.getAttribute("data-tip");
      var name = target.textContent.replace(/\s+/g, " ").trim();
      go.hidden = !target.hasAttribute("href");
      if (!go.hidden) {
        go.setAttribute("href", target.getAttribute("href"));
        go.textContent = (target.classList.contains("term") ? "Open the entry for " : "Open ") + name + " \u2192";
      }
      popup.hidden = false;
      target.setAttribute("aria-describedby", "tip-text");
      place();
    }

    function hide() {
      clearTimeout(hideTimer);
      if (owner) owner.removeAttribute("aria-describedby");
      owner = null;
      popup.hidden = true;
    }

    function hideSoon() {
      clearTimeout(hideTimer);
      hideTimer = setTimeout(hide, 250);
    }

    function showSwitch(button) {
      button.setAttribute("aria-pressed", enabled ? "true" : "false");
      button.textContent = "Previews of definitions and rules: " + (enabled ? "on" : "off");
    }

    function setEnabled(on) {
      enabled = on;
      rememberPreviews(on);
      html.classList.toggle("tips-off", !on);
      Array.prototype.forEach.call(switches, showSwitch);
    }

    html.classList.toggle("tips-off", !enabled);
    Array.prototype.forEach.call(switches, function (button) {
      showSwitch(button);
      button.hidden = false;
      button.addEventListener("click", function () { setEnabled(!enabled); });
    });
    off.addEventListener("click", function () {
      var target = owner;
      setEnabled(false);
      hide();
      if (target) target.focus();
    });

    document.addEventListener("pointerover", function (event) {
      if (event.pointerType !== "mouse") return;
      var target = tipOf(event.target);
      if (target) show(target);
      else if (owner && popup.contains(event.target)) clearTimeout(hideTimer);
    });
    document.addEventListener("pointerout", function (event) {
      if (event.pointerType !== "mouse" || !owner) return;
      var to = event.relatedTarget;
      if (to && (owner.contains(to) || popup.contains(to))) return;
      if (tipOf(event.target) === owner || popup.contains(event.target)) hideSoon();
    });
    // A tap is remembered with whether its element's popup was open before
    // it: the click that follows shows the popup the first time.
    document.addEventListener("pointerdown", function (event) {
      if (event.pointerType === "mouse") { tap = null; return; }
      var target = tipOf(event.target);
      tap = target ? { target: target, open: owner === target && !popup.hidden } : null;
      if (!target && owner && !popup.contains(event.target)) hide();
    });
    document.addEventListener("click", function (event) {
      var target = tipOf(event.target);
      var first = enabled && tap && target && tap.target === target && !tap.open && event.detail > 0;
      tap = null;
      if (!first) return;
      event.preventDefault();
      show(target);
    });
    document.addEventListener("focusin", function (event) {
      var target = tipOf(event.target);
      if (target) show(target);
    });
    document.addEventListener("focusout", function (event) {
      if (!owner || tipOf(event.target) !== owner || tap) return;
      if (event.relatedTarget && popup.contains(event.relatedTarget)) return;
      hideSoon();
    });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && owner) hide();
    });
    window.addEventListener("scroll", place, true);
    window.addEventListener("resize", place);
  }

  aroundKeys();
  copyButtons();
  previews();
})();
