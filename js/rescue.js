/*
 * Save rescue: the page's second line of defence for saved games, in JavaScript because it
 * must work when the game's Python cannot (issue 16). Loaded as a deferred <script> in
 * <head>: it runs after boot.js and before PyScript.
 *
 *  - before Python starts  the stored save is measured (length and nesting, by a loop that
 *                          uses no recursion); one Python could not read safely is moved
 *                          to "cakegame.save.broken.<time>" and window.cakeRescue says why,
 *                          so the page explains it and opens the new-game screen
 *  - if Python fails       (at start-up, or later: a fatal interpreter error) a panel offers
 *                          "Start a new game" and "Import a game", which work without Python:
 *                          the save in the way is kept aside first, never deleted
 *
 * Nothing here reads or decides anything about the game itself.
 */
(function () {
  "use strict";

  var SAVE_KEY = "cakegame.save";
  var BROKEN_PREFIX = "cakegame.save.broken.";
  var MAX_CHARS = 5000000; // as py/ui/saves.py
  var MAX_DEPTH = 32;
  var rescue = (window.cakeRescue = { kept: null, reason: null, shown: false });

  function storage() {
    try { return window.localStorage; } catch (e) { return null; }
  }

  // How deeply a JSON parser could nest reading `text`, or -1 past `limit` (a closing
  // bracket of the wrong kind still closes: damaged text the parser rejects early anyway).
  function depthOf(text, limit) {
    var depth = 0, max = 0, inString = false;
    for (var i = 0; i < text.length; i++) {
      var c = text.charCodeAt(i);
      if (inString) {
        if (c === 92) i++; // backslash: skip the escaped character
        else if (c === 34) inString = false;
      } else if (c === 34) {
        inString = true;
      } else if (c === 91 || c === 123) {
        depth++;
        if (depth > limit) return -1;
        if (depth > max) max = depth;
      } else if (c === 93 || c === 125) {
        if (depth > 0) depth--;
      }
    }
    return max;
  }
  rescue.depthOf = depthOf;

  // Why `text` may not be handed to the game's Python, or null if it may.
  function unsafe(text) {
    if (text.length > MAX_CHARS) return "it is too large to be a saved game";
    if (depthOf(text, MAX_DEPTH) < 0) return "it is nested too deeply or damaged";
    return null;
  }
  rescue.unsafe = unsafe;

  // Move the stored save aside under a new key; the key, or null if it could not be copied.
  function keepAside(ls, raw) {
    var key = BROKEN_PREFIX + Date.now();
    for (var n = 1; ls.getItem(key) !== null; n++) key = BROKEN_PREFIX + Date.now() + "." + n;
    try {
      ls.setItem(key, raw);
      if (ls.getItem(key) !== raw) return null;
    } catch (e) {
      return null;
    }
    return key;
  }

  // ---- before Python: a save Python could not read safely is moved out of its way --------
  (function checkStoredSave() {
    var ls = storage();
    if (!ls) return;
    var raw;
    try { raw = ls.getItem(SAVE_KEY); } catch (e) { return; }
    if (raw === null) return;
    var why = unsafe(raw);
    if (!why) return;
    var kept = keepAside(ls, raw);
    if (kept) {
      try { ls.removeItem(SAVE_KEY); } catch (e) { /* left in place: Python refuses it */ }
    }
    rescue.kept = kept;
    rescue.reason = why;
  })();

  // ---- if Python fails: recover without it ------------------------------------------------
  function button(text, id, onclick) {
    var b = document.createElement("button");
    b.type = "button";
    b.id = id;
    b.textContent = text;
    b.addEventListener("click", onclick);
    return b;
  }

  function say(text) {
    var p = document.getElementById("rescue-text");
    if (p) p.textContent = text;
  }

  function startAfresh() {
    var ls = storage();
    if (ls) {
      var raw = null;
      try { raw = ls.getItem(SAVE_KEY); } catch (e) { /* unreadable: leave it */ }
      if (raw !== null) {
        if (!keepAside(ls, raw)) {
          say("The saved game could not be copied aside, so it was left as it is.");
          return;
        }
        try { ls.removeItem(SAVE_KEY); } catch (e) { /* nothing more to do */ }
      }
    }
    location.reload();
  }

  function importFile(event) {
    var file = event.target.files && event.target.files[0];
    if (!file) return;
    file.text().then(function (text) {
      var why = unsafe(text);
      var data = null;
      if (!why) {
        try { data = JSON.parse(text); } catch (e) { why = "it is not complete JSON"; }
      }
      if (!why && !(data && typeof data === "object" &&
                    /^cakegame-save\/\d+$/.test(String(data.format)))) {
        why = "it is not a saved game of this site";
      }
      if (why) {
        say("That file cannot be loaded: " + why + ".");
        return;
      }
      var ls = storage();
      if (!ls) { say("This browser blocks storage here, so the game cannot be loaded."); return; }
      var old = null;
      try { old = ls.getItem(SAVE_KEY); } catch (e) { old = null; }
      if (old !== null && !keepAside(ls, old)) {
        say("The saved game could not be copied aside, so it was left as it is.");
        return;
      }
      try {
        ls.setItem(SAVE_KEY, text);
      } catch (e) {
        say("The browser's storage is full, so the game cannot be loaded.");
        return;
      }
      location.reload();
    }, function () { say("The file could not be read."); });
  }

  function showPanel(why) {
    if (rescue.shown || !document.body) return;
    rescue.shown = true;
    // A modal dialog of its own: in the top layer, above the game and any dialog Python
    // left open (those would make the rest of the page inert), wherever the page scrolled.
    var open = document.querySelectorAll("dialog[open]");
    for (var i = 0; i < open.length; i++) open[i].close();
    var panel = document.createElement("dialog");
    panel.id = "rescue";
    panel.setAttribute("role", "alertdialog");
    panel.setAttribute("aria-labelledby", "rescue-title");
    panel.addEventListener("cancel", function (event) { event.preventDefault(); });
    var title = document.createElement("h2");
    title.id = "rescue-title";
    title.textContent = "The game stopped working";
    var text = document.createElement("p");
    text.id = "rescue-text";
    text.textContent = "The page's Python failed (" + why + "). You can start a new game " +
      "or load one from a file: the saved game is first kept aside in this browser, never " +
      "deleted.";
    var input = document.createElement("input");
    input.type = "file";
    input.id = "rescue-file";
    input.accept = ".json,application/json";
    input.hidden = true;
    input.addEventListener("change", importFile);
    var row = document.createElement("p");
    row.append(button("Start a new game", "rescue-new", startAfresh),
               button("Import a game", "rescue-import", function () { input.click(); }),
               button("Reload", "rescue-reload", function () { location.reload(); }));
    panel.append(title, text, row, input);
    document.body.append(panel);
    try { panel.showModal(); } catch (e) { panel.setAttribute("open", ""); }
  }
  rescue.show = showPanel;

  function whenBody(fn) {
    if (document.body) fn();
    else document.addEventListener("DOMContentLoaded", fn, { once: true });
  }

  // Start-up failures: boot.js sets data-boot="error".
  new MutationObserver(function () {
    if (document.documentElement.dataset.boot === "error") {
      var boot = window.cakeBoot;
      whenBody(function () { showPanel((boot && boot.error) || "it did not start"); });
    }
  }).observe(document.documentElement, { attributes: true, attributeFilter: ["data-boot"] });

  // Failures once running: a fatal interpreter error, or PyScript's error box.
  function fatal(message) {
    return /fatal error|pyodide_fatal_error|Maximum call stack/i.test(String(message || ""));
  }
  addEventListener("error", function (event) {
    if (fatal(event.message) || fatal(event.error && event.error.message)) {
      whenBody(function () { showPanel("the interpreter stopped"); });
    }
  });
  addEventListener("unhandledrejection", function (event) {
    var reason = event.reason;
    if (fatal(reason && (reason.message || reason))) {
      whenBody(function () { showPanel("the interpreter stopped"); });
    }
  });
  whenBody(function () {
    new MutationObserver(function (records) {
      for (var i = 0; i < records.length; i++) {
        var nodes = records[i].addedNodes;
        for (var j = 0; j < nodes.length; j++) {
          if (nodes[j].classList && nodes[j].classList.contains("py-error")) {
            var lines = nodes[j].textContent.trim().split("\n");
            showPanel(lines[lines.length - 1] || "an error");
            return;
          }
        }
      }
    }).observe(document.body, { childList: true });
  });
})();
