#!/usr/bin/env python3
"""Cold start of the game against the hello-world PyScript page, in each browser engine.

For every engine (Chromium, Firefox, WebKit; tools/engines.py starts them) and every run, a
fresh page with empty storage and caches opens the hello-world page (bench/hello/) and the
game, in alternating order, and records the moment the first enabled [data-action] appears,
from the navigation's start (the page's own clock, performance.now()). One run measures all
engines, so each engine's game/hello ratio compares like with like; the engines' absolute
times are not comparable to each other on a loaded machine.

    python3 bench/browsers.py [--runs 3] [--engines chromium,firefox,webkit] [--json FILE]
    python3 bench/page.py --engines ...       (the same, from the page benchmark)
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

from tools import build_pybundle  # noqa: E402
from tools.engines import ENGINES, EngineMissing, Engines, Page  # noqa: E402
from tools.siteserver import SiteServer  # noqa: E402

READY = "[data-action]:not([disabled])"
PAGES = {
    "hello": ("bench/hello/index.html", READY),
    "game": ("index.html?players=2&seed=7&pass=0", "html[data-boot=ready] " + READY),
}
TIMEOUT_S = 180.0

# Installed as soon as the new document can run a script (a driver cannot inject one before
# the page's own in every engine): note when the selector first matches. Returns true once
# installed in the document at `url`.
WATCH = """
([selector, url]) => {
  if (location.href !== url) return false;
  if (window.__bench) return true;
  const bench = window.__bench = {ready: null, late: false};
  const check = () => {
    if (bench.ready === null && document.querySelector(selector)) {
      bench.ready = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, {subtree: true, childList: true, attributes: true});
  if (document.querySelector(selector)) bench.late = true;  // ready before we looked
  check();
  return true;
}
"""


def cold_start(page: Page, path: str, selector: str) -> float:
    """Open `path` in a fresh page; ms from its navigation start to `selector`."""
    url = page.base_url + path
    page.open_fast(url)
    page.wait_for(WATCH, [selector, url], timeout=TIMEOUT_S, what="the new document")
    page.wait_for("() => window.__bench.ready !== null", timeout=TIMEOUT_S, what=selector)
    ready, late = page.js("() => [window.__bench.ready, window.__bench.late]")
    if late:
        raise RuntimeError(f"{page.engine}: {path} was ready before it could be watched")
    return ready


def measure(engines: Engines, names: list[str], runs: int, base: str) -> dict:
    results: dict[str, dict] = {}
    for name in names:
        try:
            engine = engines.start(name)
        except EngineMissing as reason:
            print(f"{name}: not measured: {reason}", file=sys.stderr)
            continue
        results[name] = {"version": engine.version, "hello": [], "game": []}
        for run in range(runs):
            order = ["hello", "game"] if run % 2 == 0 else ["game", "hello"]
            for page_name in order:
                path, selector = PAGES[page_name]
                page = engine.new_page(base)
                try:
                    results[name][page_name].append(cold_start(page, path, selector))
                finally:
                    page.close()
        print(f"{name}: hello {results[name]['hello']}, game {results[name]['game']}",
              file=sys.stderr)
        engine.close()
    return results


def table(results: dict, runs: int) -> str:
    lines = [f"Cold start, median of {runs} runs: fresh page to the first enabled action",
             "| engine | version | hello-world | game | game/hello |",
             "|---|---|---|---|---|"]
    for name, r in results.items():
        hello, game = statistics.median(r["hello"]), statistics.median(r["game"])
        lines.append(f"| {name} | {r['version']} | {hello / 1000:.1f} s | "
                     f"{game / 1000:.1f} s | {game / hello:.2f}x |")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--engines", default=",".join(ENGINES),
                        help="comma-separated, of: " + ", ".join(ENGINES))
    parser.add_argument("--json", type=Path, help="also write the results to this file")
    args = parser.parse_args(argv)
    names = [n for n in args.engines.split(",") if n]
    unknown = set(names) - set(ENGINES)
    if unknown:
        parser.error(f"unknown engine(s): {', '.join(sorted(unknown))}")

    if build_pybundle.ensure():  # the page runs py/ from build/py.zip: keep it current
        print("build/py.zip rebuilt from py/", file=sys.stderr)
    started = time.time()
    with SiteServer(ROOT) as server, Engines() as engines:
        results = measure(engines, names, args.runs, server.url)
    print(table(results, args.runs))
    print(f"({time.time() - started:.0f} s, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())})")
    out = {"when": time.strftime("%Y-%m-%d %H:%M:%S"), "runs": args.runs, "results": results}
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=1))
    results_dir = ROOT / "bench" / "results"
    results_dir.mkdir(exist_ok=True)
    (results_dir / "browsers-latest.json").write_text(json.dumps(out, indent=1))
    return 0 if results else 1


if __name__ == "__main__":
    sys.exit(main())
