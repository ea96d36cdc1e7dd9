#!/usr/bin/env python3
"""Start-up and click latency of the game page against a hello-world PyScript page.

One run measures, in headless Debian Chromium against a local server:
  cold start   fresh browser context (empty caches) to the first enabled [data-action]
               (the game) or the enabled button (bench/hello/, the floor of this stack)
  warm start   the same context, reloaded
  first paint  the page frame's first (contentful) paint, from the cold load
  click        click an enabled [data-action], time until the DOM stops changing
               (median and 95th percentile), for real moves in the game
and prints medians over --runs and the game/hello ratios. Numbers move from run to run and
machine to machine: only the ratios measured in one run mean much.

    python3 bench/page.py [--runs 5] [--clicks 40] [--only hello|game] [--sw] [--json FILE]

The game page may not be ready to measure: this prints "game page not ready" and goes on.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import build_pybundle  # noqa: E402
from tools.browser import launch  # noqa: E402
from tools.siteserver import SiteServer  # noqa: E402

READY_SELECTOR = "[data-action]:not([disabled])"
PAGES = {
    # name: (path, ready selector): the game opens a fresh game at once from the URL.
    "hello": ("bench/hello/index.html", READY_SELECTOR),
    "game": ("index.html?players=2&seed=7", "html[data-boot=ready] " + READY_SELECTOR),
}
START_TIMEOUT_MS = 120_000

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
  const frames = [];
  if (document.getAnimations) {
    let prev = await new Promise(r => requestAnimationFrame(r));
    while (document.getAnimations().some(a => a.playState === 'running') && frames.length < 90) {
      const now = await new Promise(r => requestAnimationFrame(r));
      frames.push(now - prev);
      prev = now;
    }
  }
  await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  return {sync, settled, frames,
          label: el.getAttribute('data-action') || el.textContent.trim()};
}
"""


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def p95(values):
    values = sorted(v for v in values if v is not None)
    if not values:
        return None
    return values[min(len(values) - 1, round(0.95 * (len(values) - 1)))]


def paints(page) -> dict:
    entries = page.evaluate(
        "performance.getEntriesByType('paint').map(e => [e.name, e.startTime])")
    return dict(entries)


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
        cold = start(page, base + path, selector)
        paint = paints(page)
        if allow_sw and name == "game":
            page.wait_for_function("navigator.serviceWorker.controller !== null",
                                   timeout=START_TIMEOUT_MS)
        warm = start(page, base + path, selector, reload=True)
        return {"cold": cold, "warm": warm, "first_paint": paint.get("first-paint"),
                "first_contentful_paint": paint.get("first-contentful-paint")}
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


def fmt(value, unit="ms") -> str:
    if value is None:
        return "-"
    return f"{value:8.0f} {unit}" if unit == "ms" and value >= 100 else f"{value:8.1f} {unit}"


def ratio(game, hello) -> str:
    return f"{game / hello:5.2f}x" if game is not None and hello else "  -"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--clicks", type=int, default=40)
    parser.add_argument("--only", choices=sorted(PAGES))
    parser.add_argument("--sw", action="store_true",
                        help="let the game's service worker run (warm start from its cache)")
    parser.add_argument("--json", type=Path, help="also write the results to this file")
    args = parser.parse_args(argv)

    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import sync_playwright

    if build_pybundle.ensure():  # the page runs py/ from build/py.zip: keep it current
        print("build/py.zip rebuilt from py/", file=sys.stderr)
    names = [args.only] if args.only else list(PAGES)
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
                except PlaywrightError as error:
                    results[name]["error"] = str(error).splitlines()[0]
                    print(f"{name} page not ready: {results[name]['error']}", file=sys.stderr)
        for name in names:
            if results[name]["error"] or args.clicks <= 0:
                continue
            try:
                results[name]["clicks"] = measure_clicks(browser, server.url, name, args.clicks)
            except PlaywrightError as error:
                print(f"{name} clicks not measured: {str(error).splitlines()[0]}",
                      file=sys.stderr)
        browser.close()

    summary: dict[str, dict] = {}
    for name in names:
        runs = results[name]["runs"]
        summary[name] = {key: median([r[key] for r in runs]) for key in
                         ("cold", "warm", "first_paint", "first_contentful_paint")}
        summary[name].update(results[name].get("clicks", {}))
        summary[name]["runs"] = len(runs)

    print(f"\nPage start-up, median of {args.runs} runs (headless Chromium, "
          f"service worker {'on' if args.sw else 'off'}), {time.time() - started:.0f} s")
    if "game" in names and not summary["game"]["runs"]:
        print("game page not ready: no start measured")
    rows = [("cold start", "cold"), ("warm start", "warm"), ("first paint", "first_paint"),
            ("first contentful paint", "first_contentful_paint"),
            ("click to DOM settled, median", "settled_median"),
            ("click to DOM settled, p95", "settled_p95"),
            ("click handler alone, median", "handler_median"),
            ("frame during a move's animation, median", "animation_frame_median")]
    header = f"{'':42}" + "".join(f"{n:>13}" for n in names)
    if len(names) == 2:
        header += f"{'game/hello':>12}"
    print(header)
    for label, key in rows:
        line = f"{label:42}" + "".join(f"{fmt(summary[n].get(key)):>13}" for n in names)
        if len(names) == 2:
            line += f"{ratio(summary['game'].get(key), summary['hello'].get(key)):>12}"
        print(line)
    for name in names:
        if "clicks" in summary[name]:
            print(f"({name}: {summary[name]['clicks']} clicks timed, "
                  f"{summary[name]['unchanged']} of them changed nothing in the page; "
                  f"{summary[name].get('animation_frames', 0)} animation frames)")

    out = {"when": time.strftime("%Y-%m-%d %H:%M:%S"), "runs": args.runs, "sw": args.sw,
           "summary": summary, "raw": results}
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=1))
    results_dir = ROOT / "bench" / "results"
    results_dir.mkdir(exist_ok=True)
    (results_dir / "page-latest.json").write_text(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
