#!/usr/bin/env python3
"""How long a bot's decision takes in the page, and how long it holds the page up.

Plays bot-vs-bot games in the real page (headless Debian Chromium, the pinned runtime, a
local server) with `?seats=hard,medium&botpace=0`, and reads back what the page recorded:
  decision     the wall time of each bot decision, from the User Timing measures
               `bot <level>` that `py/ui/bots_bridge.py` leaves in the performance timeline
               (thinking in slices, with the browser drawing between slices)
  long tasks   main-thread tasks over 50 ms (the Long Tasks API) once the game is ready:
               the longest is the longest stretch in which the page could not answer
A benchmark, not a test: the figures depend on the machine and its load.

    python3 bench/bot_page.py [--games 2] [--decisions 40] [--seats hard,medium]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.page import p95  # noqa: E402
from tools import build_pybundle  # noqa: E402
from tools.browser import launch  # noqa: E402
from tools.siteserver import SiteServer  # noqa: E402

# Injected before any page script: keep every long task the page runs.
WATCH_LONG_TASKS = """
window.__longTasks = [];
window.__playFrom = Infinity;  // set once the game is ready: start-up is measured elsewhere
new PerformanceObserver(list => {
  for (const e of list.getEntries()) {
    if (e.startTime >= window.__playFrom) window.__longTasks.push(e.duration);
  }
}).observe({type: 'longtask', buffered: true});
"""

READ = """() => ({
  decisions: performance.getEntriesByType('measure')
    .filter(e => e.name.startsWith('bot '))
    .map(e => [e.name.slice(4), e.duration]),
  longTasks: window.__longTasks,
  over: (document.getElementById('status')?.textContent || '').startsWith('Game over'),
})"""


def play(browser, base: str, seats: str, seed: int, decisions: int, timeout_s: float) -> dict:
    """One game in a fresh context, until `decisions` are timed or the game is over."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.add_init_script(WATCH_LONG_TASKS)
        players = len(seats.split(","))
        page.goto(f"{base}index.html?players={players}&seed={seed}&seats={seats}&botpace=0&pass=0")
        page.wait_for_selector("html[data-boot=ready]", timeout=120_000)
        page.evaluate("window.__playFrom = performance.now()")
        deadline = time.monotonic() + timeout_s
        while True:
            seen = page.evaluate(READ)
            if seen["over"] or len(seen["decisions"]) >= decisions \
                    or time.monotonic() > deadline:
                return seen
            page.wait_for_timeout(500)
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--decisions", type=int, default=40, help="bot decisions timed per game")
    ap.add_argument("--seats", default="hard,medium")
    ap.add_argument("--timeout", type=float, default=300, help="seconds per game at most")
    ap.add_argument("--json", type=Path, help="also write the results to this file")
    args = ap.parse_args(argv)

    from playwright.sync_api import sync_playwright

    if build_pybundle.ensure():  # the page runs py/ from build/py.zip: keep it current
        print("build/py.zip rebuilt from py/", file=sys.stderr)
    by_level: dict[str, list[float]] = {}
    long_tasks: list[float] = []
    over = 0
    with SiteServer(ROOT) as server, sync_playwright() as pw:
        browser = launch(pw)
        for g in range(args.games):
            seen = play(browser, server.url, args.seats, 1 + g, args.decisions, args.timeout)
            for level, ms in seen["decisions"]:
                by_level.setdefault(level, []).append(ms)
            long_tasks += seen["longTasks"]
            over += seen["over"]
        browser.close()

    print(f"Bots in the page ({args.games} games, seats {args.seats}, "
          f"{over} played to the end)")
    summary: dict[str, dict] = {}
    for level, times in sorted(by_level.items()):
        summary[level] = {"decisions": len(times), "mean_ms": statistics.mean(times),
                          "median_ms": statistics.median(times), "p95_ms": p95(times),
                          "max_ms": max(times)}
        print(f"  {level:7} {len(times):4} decisions: mean {summary[level]['mean_ms']:7.0f} ms, "
              f"median {summary[level]['median_ms']:7.0f} ms, p95 {summary[level]['p95_ms']:7.0f}"
              f" ms, max {summary[level]['max_ms']:7.0f} ms")
    if long_tasks:
        print(f"  long tasks (> 50 ms): {len(long_tasks)}, median "
              f"{statistics.median(long_tasks):.0f} ms, p95 {p95(long_tasks):.0f} ms, "
              f"longest {max(long_tasks):.0f} ms")
    else:
        print("  no task held the page for more than 50 ms")
    if args.json:
        args.json.write_text(json.dumps({
            "when": time.strftime("%Y-%m-%d %H:%M:%S"), "seats": args.seats,
            "games": args.games, "levels": summary, "long_tasks": long_tasks}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
