#!/usr/bin/env python3
"""How finely the bots' thinking is cut: the longest piece of work between two yields.

The page steps a bot's `Thinker` with `slice_s` (about 30 ms) and yields to the browser in
between, so a task of the page can only be as long as the slice plus the one piece of work
that was running when the slice's time ran out. This measures those pieces: every bot
decision of a few games (2-4 players, hard against medium) is stepped with `slice_s=0`,
which returns after each piece, and each piece's processor time is recorded. Processor
time (`time.process_time`), not wall time, so the figures hold on a loaded machine; the
page's Pyodide runs the same Python about 2-3 times slower (see `bench/bot_speed.py`).
A piece may include a pass of the garbage collector, which no slicing can cut: the time
the collector took inside pieces is recorded too (`gc.callbacks`), and the longest piece
is also given without it. A benchmark, not a test.

    python3 bench/bot_slices.py [--games 2] [--iterations 24] [--pyodide]
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "py"))

import cakegame  # noqa: E402
from cakegame import bots  # noqa: E402


def cpu() -> float:
    """Processor time of this process, in seconds; under Node (Pyodide), Node's own count,
    since the Emscripten clocks there run on wall time."""
    if sys.platform == "emscripten":
        import js  # type: ignore[import-not-found]
        u = js.process.cpuUsage()
        return (u.user + u.system) / 1e6
    return time.process_time()


_gc_spent: list[float] = []  # processor time of each garbage collection
_gc_start = [0.0]


def _gc_watch(phase: str, info: dict[str, int]) -> None:
    if phase == "start":
        _gc_start[0] = cpu()
    else:
        _gc_spent.append(cpu() - _gc_start[0])


def pieces(view: cakegame.View, level: str, seed: int, iterations: int
           ) -> list[tuple[float, float]]:
    """(processor time, of which garbage collection) of each piece of one decision's
    thinking, in seconds."""
    t = bots.Thinker(view, level, seed=seed, iterations=iterations)
    out = []
    while True:
        n = len(_gc_spent)
        t0 = cpu()
        done = t.step(1, slice_s=0.0)
        out.append((cpu() - t0, sum(_gc_spent[n:])))
        if done:
            break
    n = len(_gc_spent)
    t0 = cpu()
    t.best()
    out.append((cpu() - t0, sum(_gc_spent[n:])))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=2, help="games per player count")
    ap.add_argument("--iterations", type=int, default=24, help="hard's playouts")
    ap.add_argument("--max-actions", type=int, default=400, help="actions per game at most")
    ap.add_argument("--pyodide", action="store_true", help="run inside Pyodide under Node")
    args = ap.parse_args(argv)
    if args.pyodide:
        here = os.path.dirname(os.path.abspath(__file__))
        sys.path.insert(0, os.path.join(here, "..", "tests"))
        from pyodide_node import run_file_in_pyodide
        print(run_file_in_pyodide(os.path.abspath(__file__), timeout=3600, args=[
            "--games", str(args.games), "--iterations", str(args.iterations),
            "--max-actions", str(args.max_actions)]).strip())
        return 0
    gc.callbacks.append(_gc_watch)
    print("Pieces of bot thinking between two yields (processor time, "
          f"{'Pyodide' if sys.platform == 'emscripten' else 'CPython'} {sys.version.split()[0]})")
    for players in (2, 3, 4):
        found: dict[str, list[tuple[float, float]]] = {}
        for g in range(args.games):
            seats = ["hard"] + ["medium"] * (players - 1)
            s = cakegame.new_game(players=players, seed=100 + g)
            k = 0
            while not s.is_over and k < args.max_actions:
                seat = s.current_player
                v = s.view(seat)
                level = seats[(seat + g) % players]
                if len(v.legal_actions()) > 1:
                    found.setdefault(level, []).extend(pieces(v, level, k, args.iterations))
                s = s.apply(bots.choose(v, level, seed=k, iterations=args.iterations))
                k += 1
        for level, ps in sorted(found.items()):
            ms = sorted(1000 * p for p, _ in ps)
            bare = max(1000 * (p - g) for p, g in ps)
            gcs = [1000 * g for _, g in ps if g > 0]
            print(f"  {players} players, {level:6}: {len(ms):6} pieces, median "
                  f"{statistics.median(ms):5.1f} ms, 99th pct {ms[int(0.99 * (len(ms) - 1))]:6.1f}"
                  f" ms, longest {ms[-1]:6.1f} ms; without the collector {bare:5.1f} ms; "
                  f"{len(gcs)} pieces with a collection, its longest {max(gcs, default=0.0):5.1f}"
                  f" ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
