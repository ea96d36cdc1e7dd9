/*
 * Boot helper: the only hand-written JavaScript of the site (the game itself is Python).
 * Loaded as a deferred <script> in <head>, first of the page's scripts and before PyScript's
 * module, so it sees every event of the start.
 *
 *  - file://            says how to serve the site instead of showing a blank page
 *  - progress           drives #boot-progress and #boot-stage from PyScript's `py:progress`
 *                       events, the bytes of the two big downloads, `py:ready`, then the
 *                       game's own cakeBoot.live() (or, failing that, `py:done`)
 *  - preloads           the big downloads (index.html's <template id="preloads">, then
 *                       "preloads-later"), asked for once the early screen is up:
 *                       cakeBoot.preload()
 *  - failure            any load error before Python is ready is shown in #boot-error
 *  - service worker     registered once Python is up; a new version is OFFERED in
 *                       #update-banner (a button with data-continue), never forced
 *
 * State for the UI and the tests: <html data-boot="loading|ready|error|file">, and
 * window.cakeBoot = {state, stage, stages, error, ready (a Promise), readyBy, update, live,
 * preload}.
 * Developing: `?sw=off` unregisters the service worker and clears its caches.
 * See docs/architecture.md.
 */
(function () {
  "use strict";

  var root = document.documentElement;
  var startedAt = performance.now();
  var readyResolve;
  var boot = (window.cakeBoot = {
    state: "loading",
    stage: "",
    stages: [], // [{stage, t}] in milliseconds since navigation start
    error: null,
    ready: new Promise(function (resolve) { readyResolve = resolve; }),
    update: null, // the waiting ServiceWorker once an update is offered
    readyBy: null, // "game" (cakeBoot.live()) or "py:done", for the tests
    live: function () { done("game"); }, // py/main.py: the first board is drawn and live
  });
  root.dataset.boot = "loading";

  // Milestones of a start, with the fraction of the bar reached when each begins.
  // "Loading interpreter" covers the big downloads; their bytes move the bar inside it.
  var STAGES = {
    "Loading Pyodide": [0.08, "Starting Python"],
    "Loading interpreter": [0.12, "Downloading Python"],
    // (downloads: 0.12 to 0.45; compiling, timed: 0.45 to 0.8)
    "Loaded interpreter": [0.82, "Python is running"],
    "Loading files": [0.85, "Loading the game's files"],
    "Loaded files": [0.92, "Loaded the game's files"],
    "Loaded Pyodide": [0.94, "Python is ready"],
  };
  var DOWNLOAD_SPAN = [0.12, 0.45];
  var COMPILE_SPAN = [0.45, 0.8];
  var BIG_FILES = /\/(pyodide\.asm\.wasm|python_stdlib\.zip)(\?|$)/;
  // Archives and wheels the game cannot start without (micropip reads an error page as a
  // broken zip): one that does not arrive is named, not left to a traceback.
  var NEEDED_FILES = /\.(whl|zip)(\?|$)/;

  function el(id) { return document.getElementById(id); }

  function whenBody(fn) {
    if (document.body) fn();
    else document.addEventListener("DOMContentLoaded", fn, { once: true });
  }

  var fraction = 0;
  // `stage` names a milestone (logged in cakeBoot.stages); `detail` only adds to the text.
  function show(stage, frac, detail) {
    if (boot.state !== "loading") return;
    if (typeof frac === "number" && frac > fraction) fraction = Math.min(frac, 1);
    if (stage && stage !== boot.stage) {
      boot.stage = stage;
      boot.stages.push({ stage: stage, t: Math.round(performance.now()) });
    }
    whenBody(function () {
      var bar = el("boot-progress");
      var text = el("boot-stage");
      if (bar) { bar.max = 100; bar.value = Math.round(fraction * 100); }
      if (text && boot.stage) text.textContent = boot.stage + (detail ? " " + detail : "");
    });
  }

  function fail(message) {
    if (boot.state === "error" || boot.state === "file") return;
    boot.state = "error";
    boot.error = String(message);
    root.dataset.boot = "error";
    boot.stages.push({ stage: "error", t: Math.round(performance.now()) });
    whenBody(function () {
      var box = el("boot-error");
      if (box) {
        box.textContent = "The game could not start. " + boot.error +
          (/[.!?]$/.test(boot.error) ? "" : ".") + " Reload the page to try again.";
        box.hidden = false;
      }
      var bar = el("boot-progress");
      if (bar) bar.hidden = true;
      var text = el("boot-stage");
      if (text) text.textContent = "Loading failed";
    });
    registerServiceWorker();
  }

  function done(by) {
    if (boot.state !== "loading") return;
    boot.readyBy = typeof by === "string" ? by : "py:done";
    show("Ready", 1);
    boot.state = "ready";
    root.dataset.boot = "ready";
    performance.mark("boot:ready");
    whenBody(function () {
      var box = el("boot");
      if (box) box.hidden = true;
    });
    readyResolve();
    registerServiceWorker();
  }

  // ---- file:// ---------------------------------------------------------------------------
  if (location.protocol === "file:") {
    boot.state = "file";
    root.dataset.boot = "file";
    boot.error = "This page must be served over http, not opened as a file.";
    whenBody(function () {
      var box = el("boot-error") || document.body.appendChild(document.createElement("p"));
      box.id = "boot-error";
      box.hidden = false;
      box.textContent = "";
      box.append(
        "This game runs Python in your browser, which cannot load from a file:// address. ",
        "In the game's folder, run ",
      );
      var cmd = document.createElement("code");
      cmd.textContent = "make play";
      box.append(cmd, " and open ");
      var link = document.createElement("a");
      link.href = link.textContent = "http://127.0.0.1:8000/";
      box.append(link, " instead.");
      var bar = el("boot-progress");
      if (bar) bar.hidden = true;
      var text = el("boot-stage");
      if (text) text.textContent = "Open this game through a web server";
    });
    return;
  }

  show("Loading the page", 0.02);

  // ---- the big downloads, once the early screen is up -------------------------------------
  // index.html keeps their <link rel="preload">s in templates so the parser does not ask for
  // them before the page's styles and scripts; js/early.js calls preload() once it has drawn
  // the early screen, and DOMContentLoaded does if it did not. <template id="preloads"> (the
  // interpreter's files) goes first; <template id="preloads-later"> (the game's Python,
  // needed only once the interpreter runs) as soon as those have arrived, so they get the
  // whole link and the game's files download while the interpreter compiles and starts.
  // "Arrived" is seen where it is first seen: the last bytes of the interpreter's downloads
  // (downloadProgress, below) or the preloads' load events. The latter alone come too late
  // on a slow machine: Python's start holds the main thread for seconds right after the
  // wasm arrives, and a load event is a task that waits for it.
  var preloaded = false;
  var preloadedLater = false;
  function copyLinks(id) {
    var box = el(id);
    if (!box || !box.content) return [];
    return Array.prototype.map.call(box.content.querySelectorAll("link"),
      function (link) { return document.importNode(link, true); });
  }
  function preloadLater() {
    if (preloadedLater) return;
    preloadedLater = true;
    var links = copyLinks("preloads-later");
    if (links.length) document.head.append.apply(document.head, links);
  }
  function preload() {
    if (preloaded) return;
    preloaded = true;
    var first = copyLinks("preloads");
    var waiting = first.length;
    var arrived = function () {
      waiting -= 1;
      if (waiting <= 0) preloadLater();
    };
    first.forEach(function (link) {
      link.addEventListener("load", arrived);
      link.addEventListener("error", arrived);
    });
    if (first.length) document.head.append.apply(document.head, first);
    else preloadLater();
  }
  boot.preload = preload;
  document.addEventListener("DOMContentLoaded", preload, { once: true });

  // ---- progress: bytes of the two big downloads ------------------------------------------
  var downloads = {}; // url -> [received, total or 0, finished]
  function downloadProgress() {
    var got = 0, total = 0, known = true, finished = 0, count = 0;
    for (var url in downloads) {
      count += 1;
      got += downloads[url][0];
      if (downloads[url][1]) total += downloads[url][1];
      else known = false;
      if (downloads[url][2]) finished += 1;
    }
    if (boot.stage === "Compiling Python") return;
    if (count >= 2 && finished === count) {
      preloadLater();
      return compiling();
    }
    // Unknown sizes (compressed transfer) still move the bar, ever slower.
    var part = known && total ? got / total : 1 - Math.exp(-got / 8e6);
    var span = DOWNLOAD_SPAN[1] - DOWNLOAD_SPAN[0];
    show("Downloading Python", DOWNLOAD_SPAN[0] + span * Math.min(part, 1),
      "(" + (got / 1e6).toFixed(1) + " MB)");
  }

  // Compiling and starting the interpreter sends no events: move the bar on a clock
  // (about 2 s here) until PyScript says "Loaded interpreter".
  function compiling() {
    var since = performance.now();
    show("Compiling Python", COMPILE_SPAN[0]);
    var timer = setInterval(function () {
      if (boot.stage !== "Compiling Python") return clearInterval(timer);
      var part = 1 - Math.exp(-(performance.now() - since) / 2000);
      show("", COMPILE_SPAN[0] + (COMPILE_SPAN[1] - COMPILE_SPAN[0]) * part);
    }, 100);
  }

  var realFetch = window.fetch;
  window.fetch = function (input) {
    var promise = realFetch.apply(this, arguments);
    var url = typeof input === "string" ? input : (input && input.url) || String(input);
    if (boot.state === "loading" && NEEDED_FILES.test(url) && !BIG_FILES.test(url)) {
      promise.then(function (response) {
        if (!response.ok) fail("Could not download " + url + " (HTTP " + response.status + ").");
      }, function (error) {
        fail("Could not download " + url + " (" + (error && error.message) + ").");
      });
    }
    if (boot.state === "loading" && BIG_FILES.test(url)) {
      promise.then(function (response) {
        if (!response.ok) {
          return fail("Could not download " + url + " (HTTP " + response.status + ").");
        }
        if (!response.body) return;
        var encoded = response.headers.get("content-encoding");
        var length = Number(response.headers.get("content-length")) || 0;
        var entry = (downloads[url] = [0, encoded ? 0 : length]);
        var reader = response.clone().body.getReader();
        (function pump() {
          reader.read().then(function (chunk) {
            if (chunk.done) {
              entry[2] = true;
              return downloadProgress();
            }
            entry[0] += chunk.value.byteLength;
            downloadProgress();
            pump();
          }, function () {});
        })();
      }, function (error) {
        fail("Could not download " + url + " (" + (error && error.message) + ").");
      });
    }
    return promise;
  };

  // ---- progress: PyScript's own events ---------------------------------------------------
  addEventListener("py:progress", function (event) {
    var known = STAGES[event.detail];
    if (known) show(known[1], known[0]);
  });
  addEventListener("py:ready", function () { show("Starting the game", 0.96); });
  // The game says it is ready itself (cakeBoot.live() from py/main.py) the moment its
  // first board is live: PyScript's py:done, which bubbles from the main <script type="py">
  // once the runtime has finished its own work after that script, comes later (3-4 ms on a
  // quiet machine, tens of ms on a loaded one).
  // py:done stays as the fallback, for a script that returns without calling live().
  addEventListener("py:done", done);

  // ---- failure ---------------------------------------------------------------------------
  // A <script> that cannot load (capture: these events don't bubble). A missing stylesheet
  // or image is not fatal: the game still plays.
  addEventListener("error", function (event) {
    var target = event.target;
    if (target && target !== window && target.tagName === "SCRIPT") {
      if (boot.state === "loading") fail("A file of the game did not load: " + target.src + ".");
      return;
    }
    if (target && target !== window && target.nodeType === 1) return;
    if (boot.state === "loading") {
      fail(event.message || (event.error && event.error.message) || "An error occurred.");
    }
  }, true);
  addEventListener("unhandledrejection", function (event) {
    if (boot.state !== "loading") return;
    var reason = event.reason;
    fail((reason && (reason.message || reason)) || "An error occurred.");
  });
  // PyScript reports Python errors (and failed fetches of [files]) as a .py-error element.
  whenBody(function () {
    new MutationObserver(function (records) {
      if (boot.state !== "loading") return;
      for (var i = 0; i < records.length; i++) {
        var nodes = records[i].addedNodes;
        for (var j = 0; j < nodes.length; j++) {
          var node = nodes[j];
          if (node.classList && node.classList.contains("py-error")) {
            var lines = node.textContent.trim().split("\n");
            return fail(lines[lines.length - 1]);
          }
        }
      }
    }).observe(document.body, { childList: true });
  });
  // Slow, not failed: say so after a minute without a new stage.
  var lastCount = 0;
  var watchdog = setInterval(function () {
    if (boot.state !== "loading") return clearInterval(watchdog);
    if (boot.stages.length === lastCount && el("boot-stage")) {
      el("boot-stage").textContent = boot.stage + " (still working: slow network?)";
    }
    lastCount = boot.stages.length;
  }, 60000);

  // ---- service worker: offline, and new versions offered --------------------------------
  var params = new URLSearchParams(location.search);
  var swOff = params.get("sw") === "off";
  var registered = false;

  function offerUpdate(worker) {
    boot.update = worker;
    dispatchEvent(new CustomEvent("cake:update-ready", { detail: worker }));
    whenBody(function () {
      var banner = el("update-banner");
      if (!banner) {
        banner = document.createElement("div");
        banner.id = "update-banner";
        banner.setAttribute("role", "status");
        var text = document.createElement("span");
        text.textContent = "A new version is ready: reload to use it (your game is kept). ";
        var button = document.createElement("button");
        button.type = "button";
        button.id = "update-reload";
        button.setAttribute("data-continue", "");
        button.textContent = "Reload";
        // The banner lies over the foot of the screen (the lab's zoom buttons): it can be
        // put away, and the new version is then used at the next visit.
        var later = document.createElement("button");
        later.type = "button";
        later.id = "update-later";
        later.textContent = "Not now";
        later.onclick = function () { banner.hidden = true; };
        banner.append(text, button, later);
        document.body.append(banner);
      }
      banner.hidden = false;
      placeBanner(banner);
      if (!bannerWatch) {
        // A modal <dialog> makes the rest of the page inert: keep the banner usable by
        // moving it into whichever modal dialog is open, and back out when it closes.
        bannerWatch = new MutationObserver(function () { placeBanner(banner); });
        bannerWatch.observe(document.body, { subtree: true, attributes: true,
          attributeFilter: ["open"] });
      }
      var reload = banner.querySelector("[data-continue]");
      reload.onclick = function () {
        reload.disabled = true;
        acceptUpdate();
      };
    });
  }

  var bannerWatch = null;
  function placeBanner(banner) {
    var modal = null;
    try { modal = document.querySelector("dialog:modal"); } catch (e) { /* old browser */ }
    var home = modal || document.body;
    if (banner.parentNode !== home) home.append(banner);
  }

  var accepted = false;
  function acceptUpdate() {
    accepted = true;
    if (boot.update) boot.update.postMessage({ type: "skip-waiting" });
    else location.reload();
  }
  boot.acceptUpdate = acceptUpdate;

  function watchInstalling(registration, worker) {
    worker.addEventListener("statechange", function () {
      // "installed" with a page already controlled: a new version waits for the player.
      if (worker.state === "installed" && navigator.serviceWorker.controller) {
        offerUpdate(worker);
      }
    });
  }

  function registerServiceWorker() {
    if (registered || !("serviceWorker" in navigator)) return;
    registered = true;
    var sw = navigator.serviceWorker;
    if (swOff) {
      var wasControlled = !!sw.controller;
      sw.getRegistrations().then(function (regs) {
        return Promise.all(regs.map(function (r) { return r.unregister(); }));
      }).then(function () {
        return caches.keys();
      }).then(function (keys) {
        return Promise.all(keys.filter(function (k) { return k.indexOf("cake-") === 0; })
          .map(function (k) { return caches.delete(k); }));
      }).then(function () {
        // Served from the old cache this time: load once more from the network.
        if (wasControlled) location.reload();
      });
      return;
    }
    // Reload only once the player accepted (first installs also fire controllerchange).
    sw.addEventListener("controllerchange", function () {
      if (accepted) location.reload();
    });
    sw.register("./sw.js", { updateViaCache: "none" }).then(function (registration) {
      if (!registration) return; // blocked (Playwright's service_workers="block")
      if (registration.waiting && sw.controller) offerUpdate(registration.waiting);
      if (registration.installing) watchInstalling(registration, registration.installing);
      registration.addEventListener("updatefound", function () {
        watchInstalling(registration, registration.installing);
      });
      // A tab left open for long still hears of new versions.
      document.addEventListener("visibilitychange", function () {
        if (document.visibilityState === "visible") registration.update().catch(function () {});
      });
    }, function (error) {
      console.warn("Offline support unavailable:", error && error.message);
    });
  }
})();
