/*
 * Something to do before Python is up (a few seconds on a first visit): the page frame is
 * there at once, and this script, with no Python at all, adds
 *  - for a returning player (a save in localStorage): the lab as it was last drawn, a picture
 *    kept by the page's Python after each redraw (py/ui/picture.py), marked "not live yet";
 *  - for a new player: the new-game form, open and fillable. What the player types is kept
 *    in window.cakeEarly, and "Start the game" pressed early is kept too: the game starts
 *    with what was typed the moment Python is ready (py/ui/early.py takes it over).
 * A click on the pictured lab before then is refused in words (#notice), never dropped.
 *
 * window.cakeEarly = {form: bool (the form was opened here), picture: bool, values: {field:
 * value} for the fields the player changed, start: bool, rows: index.html's seat rows,
 * shown: the element the opened form focused first (focus elsewhere is the player's)}.
 * Runs once the body is parsed (defer). See docs/architecture.md, "Before Python".
 */
(function () {
  "use strict";

  var PICTURE_KEY = "cakegame.picture";  // py/ui/picture.py writes it
  var SAVE_KEY = "cakegame.save";        // py/ui/saves.py's SAVE_KEY
  var SVG = "http://www.w3.org/2000/svg";
  // The picture is our own markup, but it comes back from storage: only these elements, no
  // event attributes, and links only inside the page (href="#hex").
  var ALLOWED = /^(g|use|polygon|polyline|path|circle|ellipse|rect|line|text|tspan|title)$/;

  var early = (window.cakeEarly = { form: false, picture: false, values: {}, start: false,
    rows: [], taken: false, shown: null });
  var root = document.documentElement;
  if (root.dataset.boot !== "loading") return;  // file:// or already failed

  // Until Python takes over (py/ui/early.py sets `taken`, the page is then its own).
  function waiting() { return root.dataset.boot === "loading" && !early.taken; }

  function el(id) { return document.getElementById(id); }

  function storage(key) {
    try { return window.localStorage.getItem(key); } catch (e) { return null; }
  }

  // Keeps only the elements `keep` accepts (our own markup, back from storage), without
  // event attributes and with links only inside the page.
  function clean(node, keep) {
    var kids = Array.prototype.slice.call(node.children);
    for (var i = 0; i < kids.length; i++) {
      var kid = kids[i];
      if (!keep(kid)) { kid.remove(); continue; }
      var attrs = Array.prototype.slice.call(kid.attributes);
      for (var j = 0; j < attrs.length; j++) {
        var name = attrs[j].name.toLowerCase(), value = attrs[j].value;
        if (name.indexOf("on") === 0 || (/href$/.test(name) && value.charAt(0) !== "#")) {
          kid.removeAttribute(attrs[j].name);
        }
      }
      clean(kid, keep);
    }
  }

  function drawing(kid) { return kid.namespaceURI === SVG && ALLOWED.test(kid.localName); }

  // ---- a returning player: the last board ----------------------------------------------
  function showPicture() {
    var raw = storage(PICTURE_KEY);
    var holder = el("lab-placeholder"), lab = el("lab");
    if (!raw || !holder || !lab) return false;
    var pic;
    try { pic = JSON.parse(raw); } catch (e) { return false; }
    if (!pic || typeof pic.markup !== "string" || typeof pic.box !== "string") return false;
    var doc = new DOMParser().parseFromString(
      '<svg xmlns="' + SVG + '"><g>' + pic.markup + "</g></svg>", "image/svg+xml");
    var g = doc.documentElement && doc.documentElement.firstElementChild;
    if (!g || doc.getElementsByTagName("parsererror").length) return false;
    clean(g, drawing);
    if (/^[-\d. ]+$/.test(pic.box)) lab.setAttribute("viewBox", pic.box);
    var parts = pic.box.split(" ");
    if (parts.length === 4) {
      lab.style.setProperty("--lab-w", parts[2]);
      lab.style.setProperty("--lab-h", parts[3]);
    }
    holder.replaceChildren.apply(holder, Array.prototype.slice.call(
      document.importNode(g, true).childNodes));
    holder.setAttribute("class", "placeholder picture");
    holder.setAttribute("aria-hidden", "true");
    showStrip(pic.strip);
    var status = el("status");
    if (status) {
      // Two lines on a phone, as the prompts that follow: the lab then stays put.
      // A finished game is not "playable" (a play-tester read that of one).
      status.textContent = pic.over
        ? "Your finished game as you left it; Python is starting."
        : "Your game as you left it, playable as soon as Python starts.";
    }
    early.picture = true;
    root.classList.add("early-picture");
    return true;
  }

  // The scores strip of a phone, as last drawn (py/ui/panels.py, Panels.strip): without it
  // the lab would move down by the strip's height when Python draws it.
  var STRIP_ELEMENTS = /^(span|svg|use)$/;
  function stripPart(kid) { return STRIP_ELEMENTS.test(kid.localName); }

  function showStrip(strip) {
    var box = el("table-strip");
    if (!box || !strip || typeof strip.scores !== "string" || typeof strip.rule !== "string") return;
    var parts = [[el("strip-scores"), strip.scores], [el("strip-rule"), strip.rule]];
    for (var i = 0; i < parts.length; i++) {
      if (!parts[i][0]) return;
      var doc = new DOMParser().parseFromString("<div>" + parts[i][1] + "</div>", "text/html");
      var holder = doc.body && doc.body.firstElementChild;
      if (!holder) return;
      clean(holder, stripPart);
      parts[i][0].replaceChildren.apply(parts[i][0], Array.prototype.slice.call(
        document.importNode(holder, true).childNodes));
    }
    box.hidden = false;
  }

  function refuseEarlyClicks() {
    var wrap = el("lab-wrap") || el("lab");
    if (!wrap) return;
    wrap.addEventListener("click", function (event) {
      if (!waiting()) return;
      var notice = el("notice");
      if (notice) {
        notice.textContent = "Not yet: the game is still starting (Python is loading). " +
          "Your click was not used; try again in a moment.";
        notice.hidden = false;
      }
      event.stopPropagation();
    }, true);
  }

  // ---- a new player: the new-game form -------------------------------------------------
  function option(value, text) {
    var o = document.createElement("option");
    o.value = value;
    o.textContent = text;
    return o;
  }

  // The seat rows are index.html's own (Python's dialog uses the same ones).
  function buildSeats() {
    var box = el("ng-seats");
    early.rows = box ? Array.prototype.slice.call(box.querySelectorAll(".ng-seat")) : [];
  }

  function players() {
    var checked = document.querySelector("#ng-form input[name=players]:checked");
    return checked ? Number(checked.value) : 2;
  }

  // A seat the player count adds plays as the seat before it when that one is a computer,
  // unless its player chose it here (py/ui/newgame.py, `_count_changed`, does the same).
  function seatsAdded() {
    var n = players();
    for (var s = 1; s < n && s < early.rows.length; s++) {
      var kind = early.rows[s].querySelector(".ng-kind");
      var before = early.rows[s - 1].querySelector(".ng-kind").value;
      if (early.rows[s].hidden && !(("kind" + s) in early.values) && before !== "human") {
        kind.value = before;
      }
    }
  }

  function showSeats() {
    var n = players();
    for (var i = 0; i < early.rows.length; i++) early.rows[i].hidden = i >= n;
    var first = el("ng-first");
    if (!first) return;
    var keep = first.value;
    first.replaceChildren(option("", "Drawn by the seed"));
    for (var s = 0; s < n; s++) {
      var row = early.rows[s];
      var typed = row.querySelector("input").value.trim();
      first.append(option(String(s), typed || row.querySelector(".ng-div").textContent));
    }
    first.value = keep !== "" && Number(keep) < n ? keep : "";
  }

  function remember(event) {
    var t = event.target;
    if (!t || !waiting()) return;
    var field = t.dataset && t.dataset.field;
    if (t.name === "players") field = "players";
    else if (t.id === "ng-seed") field = "seed";
    else if (t.id === "ng-first") field = "first";
    else if (t.id === "ng-pass") field = "pass";
    if (!field) return;
    early.values[field] = t.type === "checkbox" ? t.checked : t.value;
    if (field === "players") seatsAdded();
    if (field === "players" || field.indexOf("name") === 0) showSeats();
  }

  function openForm() {
    var dialog = el("newgame"), form = el("ng-form");
    if (!dialog || !form) return;
    buildSeats();
    showSeats();
    var seedBox = el("ng-seed");
    if (seedBox && !seedBox.value) seedBox.placeholder = "Random";
    var start = el("ng-start");
    var note = document.createElement("p");
    note.id = "ng-early";
    note.className = "muted small";
    note.setAttribute("role", "status");
    note.textContent = "Python is starting: fill in the game meanwhile.";
    start.parentNode.parentNode.insertBefore(note, start.parentNode);
    form.addEventListener("input", remember);
    form.addEventListener("change", remember);
    form.addEventListener("submit", function (event) {
      if (waiting()) event.preventDefault();
    });
    el("ng-reseed").addEventListener("click", function () {
      if (!waiting()) return;
      var seed = String(1 + Math.floor(Math.random() * 1000000));
      el("ng-seed").value = seed;
      early.values.seed = seed;
    });
    start.addEventListener("click", function () {
      if (!waiting()) return;
      early.start = true;
      start.disabled = true;
      start.textContent = "Starting as soon as Python is ready\u2026";
      note.textContent = "Your game starts with these settings the moment Python is ready.";
    });
    // Until Python is up the dialog is not modal: the loading bar behind it stays in view.
    // show() focuses the form's first field, which would scroll the page under the form.
    var x = window.scrollX, y = window.scrollY;
    try { dialog.show(); } catch (e) { dialog.setAttribute("open", ""); }
    early.shown = document.activeElement;  // the form's first focus: moved from, the player's
    window.scrollTo(x, y);
    dialog.classList.add("early");
    early.form = true;
    var timer = setInterval(function () {
      if (!waiting()) return clearInterval(timer);
      var stage = window.cakeBoot && window.cakeBoot.stage;
      if (stage && !early.start) note.textContent = stage + ": fill in the game meanwhile.";
    }, 250);
  }

  function fromLink() {
    var q = new URLSearchParams(location.search);
    return q.has("players") || q.has("seed") || q.has("seats");
  }

  if (storage(SAVE_KEY) !== null) showPicture();
  else if (!fromLink()) openForm();
  refuseEarlyClicks();
  // The screen is drawn: now the big downloads may take the link (js/boot.js).
  if (window.cakeBoot && window.cakeBoot.preload) window.cakeBoot.preload();
})();
