#!/usr/bin/env python3
"""Start-up and click latency of the game page against two hello-world PyScript floors.

The floors, on the same runtime: bench/hello/ (PyScript + Pyodide, one SVG shape, one
button) and bench/hello-micropip/ (the same plus one small local wheel installed through
micropip, as the game installs cakegame: the design's floor). The game is measured twice:
as it starts ("game": from the picture of Python's memory when that is near, see
js/interpreter.mjs; on loopback it is) and with Python started from scratch ("scratch",
`?image=off`, as a first visit over the internet starts). One run measures, in headless
Debian Chromium against a local server:
  cold start   fresh browser context (empty caches) to the first enabled [data-action]
               (the game) or the enabled button (the floors)
  warm start   the same context, reloaded
  first paint  the page frame's first (contentful) paint, from the cold load
  phases       where the cold start went (medians, so they need not add up): until
               PyScript starts Pyodide, until the interpreter runs, writing the files and
               installing the packages (micropip), then the page's own Python until ready
  click        click an enabled [data-action], time until the DOM stops changing
               (median and 95th percentile), for real moves in the game
  frames       while a move animates: the interval between frames, and, from a Chromium
               trace of more clicks, the main thread's work inside each frame (median,
               95th percentile, max) and the Long Animation Frames (over 50 ms) reported
and then, unless --no-link, the same cold and warm starts over a player's link: the site
served as GitHub Pages serves it (gzip, Cache-Control max-age=600, ETag: tools/pagesserver.py)
through Chromium's network emulation (bench/link.py: 20 Mbit/s down, 40 ms), with the bytes
on the wire and a waterfall of the game's cold start (which request was asked for by which).
It prints medians over --runs, the game's ratios to both floors and micropip's own cost (the
two floors' difference). Numbers move from run to run and machine to machine: only the
ratios measured in one run mean much.

    python3 bench/page.py [--runs 5] [--clicks 40] [--frame-clicks 20] [--sw]
                          [--only hello|micropip|game|scratch] [--no-link] [--link-runs N]
                          [--json FILE]

The game page may not be ready to measure: this prints "game page not ready" and goes on.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

sys.path.insert(0, str(ROOT / "bench"))
import floor_wheel  # noqa: E402
import link  # noqa: E402

from tools import build_pybundle  # noqa: E402
from tools.browser import launch  # noqa: E402
from tools.pagesserver import PagesServer  # noqa: E402
from tools.siteserver import SiteServer  # noqa: E402

READY_SELECTOR = "[data-action]:not([disabled])"
PAGES = {
    # name: (path, ready selector): the game opens a fresh game at once from the URL.
    "hello": ("bench/hello/index.html", READY_SELECTOR),
    "micropip": ("bench/hello-micropip/index.html", READY_SELECTOR),
    "game": ("index.html?players=2&seed=7&pass=0", "html[data-boot=ready] " + READY_SELECTOR),
    # The same game with Python started from scratch (no picture of its memory: see
    # js/interpreter.mjs), as a first visit over the internet starts it.
    "scratch": ("index.html?players=2&seed=7&pass=0&image=off",
                "html[data-boot=ready] " + READY_SELECTOR),
}
GAMES = ("game", "scratch")
PYTHON_START = "document.documentElement.dataset.pythonStart || null"
START_TIMEOUT_MS = 120_000
# A start over the emulated link that fails (a connection the throttled browser reset, a
# start that never became ready) is measured once more, so one stray failure does not
# leave a page with no run; the retries are counted in the output.
LINK_TRIES = 2
EARLY = ("early_form", "early_picture", "early_start")
EARLY_ROWS = [("new-game form shown (no save)", "early_form"),
              ("last board shown (returning)", "early_picture"),
              ("playable after an early Start", "early_start")]

# Injected before any page script: note when the ready selector first matches.
WATCH_READY = """
(() => {
  const selector = %s;
  const bench = window.__bench = {ready: null};
  const check = () => {
    if (bench.ready === null && document.querySelector(selector)) {
      bench.ready = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, {subtree: true, childList: true, attributes: true});
  document.addEventListener('DOMContentLoaded', check);
})();
"""

# Click one element of the list (by index) and wait for the DOM to settle: returns the time
# the click handler took (sync), the last DOM change (settled) and the next frame after it.
CLICK_AND_SETTLE = """
async ([selector, index, quietMs]) => {
  const visible = el => el.getClientRects().length > 0 && !el.closest('[inert]');
  const els = [...document.querySelectorAll(selector)].filter(visible);
  if (!els.length) return null;
  const el = els[index % els.length];
  let last = null;
  const observer = new MutationObserver(() => { last = performance.now(); });
  observer.observe(document, {subtree: true, childList: true, attributes: true,
                              characterData: true});
  const box = el.getBoundingClientRect();
  const click = new MouseEvent('click', {bubbles: true, cancelable: true, composed: true,
    view: window, clientX: box.x + box.width / 2, clientY: box.y + box.height / 2});
  const t0 = performance.now();
  el.dispatchEvent(click);  // SVG elements have no .click()
  const sync = performance.now() - t0;
  const deadline = t0 + 10000;
  while (performance.now() < deadline) {
    const before = last;
    await new Promise(r => setTimeout(r, quietMs));
    if (last === before && last !== null) break;
    if (last === null && performance.now() - t0 > 1000) break;
  }
  observer.disconnect();
  const settled = last === null ? null : last - t0;  // null: the click changed nothing
  // Frames while the move's animation (py/ui/animate.py) still runs: the gaps between them.
  // Each such frame is also marked (performance.mark), so a trace can tell the work done in
  // it (measure_frames): the gap between two frames is the interval, not the work.
  const frames = [];
  if (document.getAnimations) {
    let prev = await new Promise(r => requestAnimationFrame(r));
    performance.mark('bench:frame');
    while (document.getAnimations().some(a => a.playState === 'running') && frames.length < 90) {
      const now = await new Promise(r => requestAnimationFrame(r));
      performance.mark('bench:frame');
      frames.push(now - prev);
      prev = now;
    }
    performance.mark('bench:frames-end');
  }
  await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  return {sync, settled, frames,
          label: el.getAttribute('data-action') || el.textContent.trim()};
}
"""


# Injected before any page script: when PyScript reached each milestone of a start.
WATCH_STAGES = """
(() => {
  const stages = window.__stages = {};
  const note = name => { if (!(name in stages)) stages[name] = performance.now(); };
  addEventListener('py:progress', e => note(String(e.detail)));
  addEventListener('py:ready', () => note('py:ready'));
})();
"""
# Where a cold start's time goes, from the stages above and the ready time:
# (label, key, from stage, to stage); None is navigation start, "ready" the ready selector.
PHASES = [
    ("until PyScript starts Pyodide", "phase_pyscript", None, "Loading Pyodide"),
    ("  then until the interpreter runs", "phase_interpreter", "Loading Pyodide",
     "Loaded interpreter"),
    ("  then files, micropip, packages", "phase_packages", "Loaded interpreter",
     "Loaded Pyodide"),
    ("  then the page's Python, to ready", "phase_main", "Loaded Pyodide", "ready"),
]


PHASE_KEYS = tuple(key for _, key, _, _ in PHASES)


def phases(stages: dict, ready: float) -> dict:
    """The PHASES of one start, in ms (a phase whose stages were not seen is left out)."""
    at = dict(stages, ready=ready)
    out = {}
    for _, key, a, b in PHASES:
        t0 = 0.0 if a is None else at.get(a)
        t1 = at.get(b)
        if t0 is not None and t1 is not None:
            out[key] = t1 - t0
    return out


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def p95(values):
    values = sorted(v for v in values if v is not None)
    if not values:
        return None
    return values[min(len(values) - 1, round(0.95 * (len(values) - 1)))]


def median_interval(values: list[float], confidence: float = 0.95
                    ) -> tuple[float, float] | None:
    """A distribution-free interval for the median of `values` (from the order statistics:
    the k-th smallest and k-th largest, k the largest for which the binomial chance that
    the median lies outside is at most 1 - confidence); None when there are too few."""
    ordered = sorted(values)
    n = len(ordered)
    best = None
    for k in range(1, n // 2 + 1):
        outside = 2 * sum(math.comb(n, i) for i in range(k)) / 2 ** n
        if outside > 1 - confidence:
            break
        best = (ordered[k - 1], ordered[n - k])
    return best


def paired_ratios(game_runs: list[dict], floor_runs: list[dict], key: str = "cold"
                  ) -> list[float]:
    """The game's time over the floor's in each round both were measured in (rounds are
    interleaved, so each pair shares the machine's load of its moment)."""
    return [g[key] / f[key] for g, f in zip(game_runs, floor_runs)
            if g.get(key) and f.get(key)]


def pair_with_floors(results: dict, names: list[str]) -> dict:
    """For each floor measured beside the game: its paired cold-start ratios, their median
    and the median's 95% interval."""
    paired = {}
    for game in GAMES:
        for floor in ("hello", "micropip"):
            if game not in names or floor not in names:
                continue
            ratios = paired_ratios(results[game]["runs"], results[floor]["runs"])
            if ratios:
                key = floor if game == "game" else f"{game}/{floor}"
                paired[key] = {"ratios": ratios, "median": median(ratios),
                               "interval": median_interval(ratios)}
    return paired


def paints(page) -> dict:
    entries = page.evaluate(
        "performance.getEntriesByType('paint').map(e => [e.name, e.startTime])")
    return dict(entries)


def attempts(measure, what: str, errors: type[BaseException] | tuple[type[BaseException], ...],
             tries: int = LINK_TRIES) -> tuple[dict | None, int]:
    """`measure()`, tried up to `tries` times while it raises one of `errors` (each failure
    told on stderr); returns its result (None if every try failed) and how many failed."""
    for attempt in range(1, tries + 1):
        try:
            return measure(), attempt - 1
        except errors as error:
            again = "; measured again" if attempt < tries else ""
            print(f"{what}, attempt {attempt}, not measured: {str(error).splitlines()[0]}"
                  f"{again}", file=sys.stderr)
    return None, tries


def start(page, url: str, selector: str, reload: bool = False) -> float:
    """Load (or reload) and return ms from navigation start to the ready selector."""
    if reload:
        page.reload(wait_until="commit")
    else:
        page.goto(url, wait_until="commit")
    page.wait_for_function("window.__bench && window.__bench.ready !== null",
                           timeout=START_TIMEOUT_MS, polling=50)
    return page.evaluate("window.__bench.ready")


def measure_start(browser, base: str, name: str, allow_sw: bool) -> dict:
    path, selector = PAGES[name]
    context = browser.new_context(service_workers="allow" if allow_sw else "block")
    try:
        page = context.new_page()
        page.add_init_script(WATCH_READY % json.dumps(selector))
        page.add_init_script(WATCH_STAGES)
        cold = start(page, base + path, selector)
        paint = paints(page)
        stages = phases(page.evaluate("window.__stages || {}"), cold)
        how = page.evaluate(PYTHON_START)
        if allow_sw and name in GAMES:
            page.wait_for_function("navigator.serviceWorker.controller !== null",
                                   timeout=START_TIMEOUT_MS)
        # The game shows its own address once it starts (for sharing), which drops
        # ?image=off: "scratch" is opened at its address again (the HTTP cache as warm).
        warm = start(page, base + path, selector, reload=(name != "scratch"))
        return {"cold": cold, "warm": warm, "first_paint": paint.get("first-paint"),
                "first_contentful_paint": paint.get("first-contentful-paint"),
                "start_cold": how, "start_warm": page.evaluate(PYTHON_START), **stages}
    finally:
        context.close()


# Injected before any page script of the game: when something to do first appeared (see
# js/early.js): the new-game form, the returning player's pictured board, and the game
# playable after "Start the game" was pressed before Python was ready.
WATCH_EARLY = """
(() => {
  const marks = window.__early = {};
  const selectors = {form: '#newgame[open] #ng-start', picture: '#lab-placeholder.picture .chamber',
                     ready: 'html[data-boot=ready] [data-action]:not([disabled])'};
  const check = () => {
    for (const k in selectors) {
      if (!(k in marks) && document.querySelector(selectors[k])) marks[k] = performance.now();
    }
  };
  new MutationObserver(check).observe(document, {subtree: true, childList: true,
                                                 attributes: true});
  document.addEventListener('DOMContentLoaded', check);
})();
"""


def measure_early(browser, base: str, throttle: dict | None = None) -> dict:
    """Before Python, in a fresh context: ms from navigation to the new-game form (a new
    player), to the game playable after Start was pressed at once (before Python was
    ready), then, reloading, to the last board's picture (a returning player)."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.add_init_script(WATCH_EARLY)
        with link.Waterfall(page) as w:
            if throttle:
                w.throttle(throttle)
            page.goto(base + "index.html", wait_until="commit")
            page.wait_for_function("window.__early && window.__early.form", polling=20,
                                   timeout=START_TIMEOUT_MS)
            early_click = page.evaluate("document.documentElement.dataset.boot") == "loading"
            page.click("#ng-start")
            page.wait_for_function("window.__early.ready", polling=50, timeout=START_TIMEOUT_MS)
            first = page.evaluate("window.__early")
            page.wait_for_function("localStorage.getItem('cakegame.picture') !== null",
                                   timeout=START_TIMEOUT_MS)
            page.evaluate("dispatchEvent(new PageTransitionEvent('pagehide'))")
            page.goto(base + "index.html", wait_until="commit")
            page.wait_for_function("window.__early && window.__early.picture", polling=20,
                                   timeout=START_TIMEOUT_MS)
            again = page.evaluate("window.__early")
        return {"early_form": first["form"], "early_start": first["ready"],
                "early_click_before_python": early_click, "early_picture": again["picture"]}
    finally:
        context.close()


def measure_link_start(browser, base: str, name: str, waterfall: bool = False,
                       allow_sw: bool = False) -> dict:
    """Cold and warm start over the emulated link (bench/link.py), service worker blocked
    unless `allow_sw`: the HTTP cache (max-age, ETag) is all a reload has. With the worker,
    the game's reload waits until it controls the page (a return visit). Also the bytes on
    the wire of the cold start, and its requests if `waterfall`."""
    path, selector = PAGES[name]
    context = browser.new_context(service_workers="allow" if allow_sw else "block")
    try:
        page = context.new_page()
        page.add_init_script(WATCH_READY % json.dumps(selector))
        page.add_init_script(WATCH_STAGES)
        with link.Waterfall(page) as w:
            w.throttle(link.LINK)
            cold = start(page, base + path, selector)
            paint = paints(page)
            stages = phases(page.evaluate("window.__stages || {}"), cold)
            how = page.evaluate(PYTHON_START)
            page.wait_for_timeout(200)  # let late requests of the cold start finish
            if allow_sw and name in GAMES:
                page.wait_for_function("navigator.serviceWorker.controller !== null",
                                       timeout=START_TIMEOUT_MS)
            cold_rows = w.rows(base)
            count = len(cold_rows)
            warm = start(page, base + path, selector, reload=(name != "scratch"))
            warm_rows = w.rows(base)[count:]
        out = {"cold": cold, "warm": warm, "first_paint": paint.get("first-paint"),
               "first_contentful_paint": paint.get("first-contentful-paint"),
               "bytes": link.total_bytes(cold_rows), "requests": len(cold_rows),
               "warm_bytes": link.total_bytes(warm_rows), "start_cold": how,
               "start_warm": page.evaluate(PYTHON_START), **stages}
        if waterfall:
            out["waterfall"] = cold_rows
        return out
    finally:
        context.close()


def game_click_step(page, rng: random.Random) -> dict | None:
    """One move in the game: click a random enabled [data-action] and time the redraw.

    UI engineers: adapt this when the game needs more than [data-action] clicks to go on
    (it already presses [data-continue] buttons, such as pass-the-device screens, untimed).
    Returns None when nothing can be clicked (for instance, the game is over).
    """
    index = rng.randrange(1 << 30)
    result = page.evaluate(CLICK_AND_SETTLE, [READY_SELECTOR, index, 50])
    if result is None:
        cont = page.evaluate(CLICK_AND_SETTLE, ["[data-continue]:not([disabled])", 0, 50])
        if cont is None:
            return None
        return game_click_step(page, rng) if rng.random() < 0.99 else None
    return result


def measure_clicks(browser, base: str, name: str, clicks: int, seed: int = 1) -> dict:
    path, selector = PAGES[name]
    context = browser.new_context(service_workers="block")
    rng = random.Random(seed)
    samples = []
    try:
        page = context.new_page()
        page.add_init_script(WATCH_READY % json.dumps(selector))
        start(page, base + path, selector)
        for _ in range(clicks):
            step = game_click_step(page, rng)
            if step is None:
                break
            samples.append(step)
    finally:
        context.close()
    settled = [s["settled"] for s in samples]
    synced = [s["sync"] for s in samples]
    frames = [f for s in samples for f in s.get("frames") or ()]
    return {"clicks": len(samples), "unchanged": settled.count(None),
            "settled_median": median(settled), "settled_p95": p95(settled),
            "handler_median": median(synced), "handler_p95": p95(synced),
            "animation_frames": len(frames), "animation_frame_median": median(frames)}


# A trace of the clicks' animations: top-level tasks (their length is the main thread's work,
# whatever it was: script, style, layout, paint) and the click script's frame marks.
TRACE_CATEGORIES = ["toplevel", "blink.user_timing"]
# Long Animation Frames (frames over 50 ms: script, style and layout, rendering), collected
# from the first frame on.
WATCH_LOAF = """
(() => {
  const loaf = window.__loaf = [];
  try {
    new PerformanceObserver(list => {
      for (const e of list.getEntries()) loaf.push([e.startTime, e.duration]);
    }).observe({type: 'long-animation-frame', buffered: true});
  } catch (e) { window.__loaf = null; }  // a browser without the API
})();
"""


# The main thread's top-level work in a trace: its tasks, and the microtask checkpoints the
# scheduler runs between them (promise callbacks, such as Python's awaited code, run there).
TOP_LEVEL = ("ThreadControllerImpl::RunTask", "RunTask",
             "BlinkScheduler_PerformMicrotaskCheckpoint")


def frame_work(trace: dict) -> list[float]:
    """Milliseconds the page's main thread worked in each animation frame of a trace.

    A frame is the span from one `bench:frame` mark to the next (CLICK_AND_SETTLE marks each
    requestAnimationFrame callback while an animation runs, and `bench:frames-end` after
    the last); its work is the total length of the top-level work (TOP_LEVEL: tasks and the
    microtask checkpoints between them) of the thread that made the marks (the renderer's
    main thread) inside that span, clipped to it. The span itself
    is the frame interval (16.7 ms at 60 Hz); the work is what has to fit in it."""
    events = trace.get("traceEvents", []) if isinstance(trace, dict) else trace
    marks = sorted((e["ts"], e["name"], e["pid"], e["tid"]) for e in events
                   if e.get("name") in ("bench:frame", "bench:frames-end") and "ts" in e)
    if not marks:
        return []
    pid, tid = marks[0][2], marks[0][3]
    tasks = sorted((e["ts"], e["ts"] + e["dur"]) for e in events
                   if e.get("ph") == "X" and e.get("pid") == pid and e.get("tid") == tid
                   and e.get("name") in TOP_LEVEL and "dur" in e)
    # Nested tasks (a task run inside another) would count twice: keep the outermost.
    outer: list[tuple[float, float]] = []
    for t0, t1 in tasks:
        if outer and t0 < outer[-1][1]:
            if t1 > outer[-1][1]:
                outer[-1] = (outer[-1][0], t1)
            continue
        outer.append((t0, t1))
    work = []
    for (a, name, _, _), (b, _, _, _) in zip(marks, marks[1:]):
        if name != "bench:frame":  # from an animation's end to the next one's first frame
            continue
        busy = sum(max(0.0, min(t1, b) - max(t0, a)) for t0, t1 in outer if t0 < b and t1 > a)
        work.append(busy / 1000.0)
    return work


def measure_frames(browser, base: str, name: str, clicks: int, seed: int = 2) -> dict:
    """The work per frame while the game's moves animate: clicks as measure_clicks does,
    under a Chromium trace (which slows the page a little, so the click figures come from
    measure_clicks, not from here). Also the Long Animation Frames the page reported."""
    path, selector = PAGES[name]
    context = browser.new_context(service_workers="block")
    rng = random.Random(seed)
    frames: list[float] = []
    try:
        page = context.new_page()
        page.add_init_script(WATCH_READY % json.dumps(selector))
        page.add_init_script(WATCH_LOAF)
        start(page, base + path, selector)
        since = page.evaluate("performance.now()")
        browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
        try:
            for _ in range(clicks):
                step = game_click_step(page, rng)
                if step is None:
                    break
                frames.extend(step.get("frames") or ())
        finally:
            trace = json.loads(browser.stop_tracing())
        loaf = page.evaluate("t => window.__loaf && window.__loaf.filter(e => e[0] >= t)", since)
    finally:
        context.close()
    work = frame_work(trace)
    return {"frame_work_median": median(work), "frame_work_p95": p95(work),
            "frame_work_max": max(work) if work else None, "frames_traced": len(work),
            "frame_interval_traced": median(frames),
            "long_animation_frames": None if loaf is None else len(loaf)}


def fmt(value, unit="ms") -> str:
    if value is None:
        return "-"
    return f"{value:8.0f} {unit}" if unit == "ms" and value >= 100 else f"{value:8.1f} {unit}"


def ratio(game, hello) -> str:
    return f"{game / hello:5.2f}x" if game is not None and hello else "  -"


def fmt_bytes(value) -> str:
    return "-" if value is None else f"{value / 1e6:8.2f} MB"


def print_table(title: str, names: list[str], summary: dict, rows: list[tuple]) -> None:
    """One column per page, then each game's ratio to each floor measured."""
    pairs = [(g, f) for g in GAMES if g in names for f in ("hello", "micropip") if f in names]
    print(title)
    print(f"{'':32}" + "".join(f"{n:>13}" for n in names)
          + "".join(f"{g + '/' + f:>18}" for g, f in pairs))
    for label, key, *unit in rows:
        show = fmt_bytes if unit == ["bytes"] else fmt
        line = f"{label:32}" + "".join(f"{show(summary[n].get(key)):>13}" for n in names)
        if unit != ["bytes"]:
            line += "".join(f"{ratio(summary[g].get(key), summary[f].get(key)):>18}"
                            for g, f in pairs)
        print(line)
    if "hello" in names and "micropip" in names:
        for label, key in (("cold", "cold"), ("warm", "warm")):
            a, b = summary["micropip"].get(key), summary["hello"].get(key)
            if a is not None and b is not None:
                print(f"micropip's own cost, {label} start: {a - b:+.0f} ms "
                      f"(micropip floor minus plain floor)")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--clicks", type=int, default=40)
    parser.add_argument("--frame-clicks", type=int, default=20,
                        help="clicks in the game under a trace, for the work per animation "
                        "frame (0: skip)")
    parser.add_argument("--only", choices=sorted(PAGES))
    parser.add_argument("--sw", action="store_true",
                        help="let the game's service worker run (warm start from its cache, "
                        "on loopback and over the link: a return visit)")
    parser.add_argument("--json", type=Path, help="also write the results to this file")
    parser.add_argument("--engines", help="instead: cold start in each of these engines "
                        "(chromium,firefox,webkit), by bench/browsers.py")
    parser.add_argument("--no-link", action="store_true",
                        help="skip the starts over the emulated link and GitHub-Pages-like host")
    parser.add_argument("--link-runs", type=int, default=None,
                        help="cold starts over the link per page (default: --runs)")
    args = parser.parse_args(argv)
    if args.engines:
        import browsers  # bench/browsers.py, beside this script

        extra = ["--json", str(args.json)] if args.json else []
        return browsers.main(["--engines", args.engines, "--runs", str(args.runs), *extra])

    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import sync_playwright

    if build_pybundle.ensure():  # the page runs py/ from build/py.zip: keep it current
        print("build/py.zip rebuilt from py/", file=sys.stderr)
    floor_wheel.ensure()  # the micropip floor's one small wheel
    names = [args.only] if args.only else list(PAGES)
    link_runs = 0 if args.no_link else (args.runs if args.link_runs is None else args.link_runs)
    linked: dict[str, list[dict]] = {n: [] for n in names}
    link_retries = 0
    results: dict[str, dict] = {n: {"runs": [], "error": None} for n in names}
    started = time.time()
    with SiteServer(ROOT) as server, sync_playwright() as pw:
        browser = launch(pw)
        for run in range(args.runs):
            # Alternate the order so neither page always goes first.
            for name in names if run % 2 == 0 else names[::-1]:
                if results[name]["error"]:
                    continue
                try:
                    results[name]["runs"].append(
                        measure_start(browser, server.url, name, args.sw))
                    if name == "game":
                        results[name]["runs"][-1].update(measure_early(browser, server.url))
                except PlaywrightError as error:
                    results[name]["error"] = str(error).splitlines()[0]
                    print(f"{name} page not ready: {results[name]['error']}", file=sys.stderr)
        if link_runs:
            with PagesServer(ROOT) as pages:
                for run in range(link_runs):
                    for name in names if run % 2 == 0 else names[::-1]:
                        if results[name]["error"]:
                            continue
                        def measure(name=name, run=run) -> dict:
                            one = measure_link_start(browser, pages.url, name,
                                                     waterfall=(run == 0), allow_sw=args.sw)
                            if name == "game":
                                one.update(measure_early(browser, pages.url, link.LINK))
                            return one
                        one, failures = attempts(measure, f"{name} over the link",
                                                 PlaywrightError)
                        link_retries += failures
                        if one is not None:
                            linked[name].append(one)
        for name in names:
            if results[name]["error"] or args.clicks <= 0 or name == "scratch":
                continue
            try:
                results[name]["clicks"] = measure_clicks(browser, server.url, name, args.clicks)
            except PlaywrightError as error:
                print(f"{name} clicks not measured: {str(error).splitlines()[0]}",
                      file=sys.stderr)
        if "game" in names and not results["game"]["error"] and args.frame_clicks > 0:
            try:
                results["game"]["frames"] = measure_frames(browser, server.url, "game",
                                                           args.frame_clicks)
            except PlaywrightError as error:
                print(f"frame work not measured: {str(error).splitlines()[0]}",
                      file=sys.stderr)
        browser.close()

    summary: dict[str, dict] = {}
    for name in names:
        runs = results[name]["runs"]
        summary[name] = {key: median([r.get(key) for r in runs]) for key in
                         ("cold", "warm", "first_paint", "first_contentful_paint", *EARLY,
                          *PHASE_KEYS)}
        summary[name].update(results[name].get("clicks", {}))
        summary[name].update(results[name].get("frames", {}))
        summary[name]["runs"] = len(runs)

    print(f"\nPage start-up, median of {args.runs} runs (headless Chromium, "
          f"service worker {'on' if args.sw else 'off'}), {time.time() - started:.0f} s")
    if "game" in names and not summary["game"]["runs"]:
        print("game page not ready: no start measured")
    rows = [("cold start", "cold"), *[(label, key) for label, key, _, _ in PHASES],
            ("warm start", "warm"), ("first paint", "first_paint"),
            ("first contentful paint", "first_contentful_paint"),
            ("click to DOM settled, median", "settled_median"),
            ("click to DOM settled, p95", "settled_p95"),
            ("click handler alone, median", "handler_median"),
            ("animation frame interval, median", "animation_frame_median"),
            ("work per animation frame, median", "frame_work_median"),
            ("work per animation frame, p95", "frame_work_p95"),
            ("work per animation frame, max", "frame_work_max"), *EARLY_ROWS]
    print_table("", names, summary, rows)
    link_summary: dict[str, dict] = {}
    if link_runs:
        for name in names:
            runs = linked[name]
            link_summary[name] = {key: median([r.get(key) for r in runs]) for key in
                                  ("cold", "warm", "first_paint", "first_contentful_paint",
                                   "bytes", "warm_bytes", "requests", *EARLY, *PHASE_KEYS)}
            link_summary[name]["runs"] = len(runs)
        print_table(f"\nOver a player's link ({link.LINK['name']}), served like GitHub Pages "
                    f"(gzip, max-age=600), median of {link_runs} runs",
                    names, link_summary,
                    [("cold start", "cold"), *[(label, key) for label, key, _, _ in PHASES],
                     ("warm start (HTTP cache" + ("; worker)" if args.sw else ")"), "warm"),
                     ("first contentful paint", "first_contentful_paint"),
                     ("bytes on the wire, cold", "bytes", "bytes"),
                     ("bytes on the wire, warm", "warm_bytes", "bytes"), *EARLY_ROWS])
        for name in ("game",):
            first = linked.get(name) and linked[name][0].get("waterfall")
            if first:
                print(f"\nThe {name}'s cold start over the link: every request, when it began "
                      "and ended (ms), its bytes on the wire, and what asked for it")
                print(link.format_rows(first))
        if link_retries:
            print(f"({link_retries} start(s) over the link failed and were measured again)")
    for name in names:
        if "clicks" in summary[name]:
            print(f"({name}: {summary[name]['clicks']} clicks timed, "
                  f"{summary[name]['unchanged']} of them changed nothing in the page; "
                  f"{summary[name].get('animation_frames', 0)} animation frames)")
    if summary.get("game", {}).get("frames_traced"):
        g = summary["game"]
        loaf = g.get("long_animation_frames")
        print(f"(game, traced: {g['frames_traced']} animation frames over {args.frame_clicks} "
              "clicks; the work is the main thread's busy time inside each frame: script, "
              "style, layout, paint; long animation frames (over 50 ms, any cause) during "
              f"those clicks: {'-' if loaf is None else loaf})")

    for name in (n for n in GAMES if n in names):
        for where, runs in (("loopback", results[name]["runs"]), ("link", linked[name])):
            hows = [f"{key[6:]} {r.get(key)}" for r in runs for key in ("start_cold",
                                                                          "start_warm")]
            if hows:
                counts = ", ".join(f"{k}: {hows.count(k)}" for k in sorted(set(hows)))
                print(f"({name}, {where}: how Python started, cold and warm: {counts})")
    paired = pair_with_floors(results, names)
    for floor, pair in paired.items():
        interval = pair["interval"]
        span = (f", 95% interval {interval[0]:.2f}-{interval[1]:.2f}x" if interval
                else " (too few rounds for a 95% interval)")
        what = floor if "/" in floor else f"game/{floor}"
        print(f"cold start, {what} paired by round: median {pair['median']:.2f}x "
              f"of {len(pair['ratios'])} rounds{span}")
    out = {"when": time.strftime("%Y-%m-%d %H:%M:%S"), "runs": args.runs, "sw": args.sw,
           "summary": summary, "paired": paired, "raw": results,
           "link": {"conditions": link.LINK, "summary": link_summary, "raw": linked,
                    "retries": link_retries}}
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=1))
    results_dir = ROOT / "bench" / "results"
    results_dir.mkdir(exist_ok=True)
    (results_dir / "page-latest.json").write_text(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
