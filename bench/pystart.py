#!/usr/bin/env python3
"""Where the page's own Python spends its start-up, from its performance marks.

py/main.py marks `py:main` (its first line runs), `py:imported` (ui.app imported),
`py:started` (App().start() returned: the first board is drawn and playable) and, once the
work left for after the first paint has run, ui/later.py marks `py:settled`. This loads
the game cold (a fresh browser context each run, service worker off, as bench/page.py's
cold start) --runs times and prints the medians of: import, start, main to ready (the
first enabled [data-action] under html[data-boot=ready]) and the deferred work.

    python3 bench/pystart.py [--runs 5] [--url 'index.html?players=2&seed=7&pass=0']
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from page import WATCH_READY  # noqa: E402  (the ready time exactly as bench/page.py takes it)

from tools import build_pybundle  # noqa: E402
from tools.browser import launch  # noqa: E402
from tools.siteserver import SiteServer  # noqa: E402

READY = "html[data-boot=ready] [data-action]:not([disabled])"
MARKS = ("py:main", "py:imported", "py:started", "py:settled")


def one(browser, url: str) -> dict[str, float]:
    """One cold start: the marks and the ready time, in ms since navigation."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.add_init_script(WATCH_READY % json.dumps(READY))
        page.goto(url, wait_until="commit")
        page.wait_for_function("window.__bench && window.__bench.ready !== null",
                               timeout=120_000, polling=50)
        ready = page.evaluate("window.__bench.ready")
        page.wait_for_function(
            "performance.getEntriesByName('py:settled').length > 0", timeout=10_000)
        marks = dict(page.evaluate(
            "performance.getEntriesByType('mark').map(m => [m.name, m.startTime])"))
        out = {name: marks[name] for name in MARKS if name in marks}
        out["ready"] = ready
        return out
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--url", default="index.html?players=2&seed=7&pass=0")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    build_pybundle.ensure()
    rows: list[dict[str, float]] = []
    with SiteServer(ROOT) as server, sync_playwright() as pw:
        browser = launch(pw)
        for _ in range(args.runs):
            rows.append(one(browser, server.url + args.url))
        browser.close()

    def span(a: str, b: str) -> str:
        values = [r[b] - r[a] for r in rows if a in r and b in r]
        return f"{statistics.median(values):7.0f} ms" if values else "      -"

    print(f"page's Python at start-up, median of {len(rows)} cold starts")
    print(f"  import ui.app (and cakegame)   {span('py:main', 'py:imported')}")
    print(f"  App().start() to first board   {span('py:imported', 'py:started')}")
    print(f"  main.py's first line to ready  {span('py:main', 'ready')}")
    print(f"  deferred work, after the paint {span('py:started', 'py:settled')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
