#!/usr/bin/env python3
"""How finely the bots' thinking is cut: the longest piece of work between two yields.

The page steps a bot's `Thinker` with `slice_s` (about 30 ms) and yields to the browser in
between, so a task of the page can only be as long as the slice plus the one piece of work
that was running when the slice's time ran out. This measures those pieces: every bot
decision of a few games (2-4 players, hard against medium) is stepped with `slice_s=0`,
which returns after each piece, and each piece's processor time is recorded. Processor
time (`time.process_time`), not wall time, so the figures hold on a loaded machine; the
page's Pyodide runs the same Python about 2-3 times slower (see `bench/bot_speed.py`).
A benchmark, not a test.

    python3 bench/bot_slices.py [--games 2] [--iterations 24]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "py"))

import cakegame  # noqa: E402
from cakegame import bots  # noqa: E402


def pieces(view: cakegame.View, level: str, seed: int, iterations: int) -> list[float]:
    """The processor time of each piece of one decision's thinking, in seconds."""
    t = bots.Thinker(view, level, seed=seed, iterations=iterations)
    out = []
    while True:
        t0 = time.process_time()
        done = t.step(1, slice_s=0.0)
        out.append(time.process_time() - t0)
        if done:
            break
    t0 = time.process_time()
    t.best()
    out.append(time.process_time() - t0)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=2, help="games per player count")
    ap.add_argument("--iterations", type=int, default=24, help="hard's playouts")
    ap.add_argument("--max-actions", type=int, default=400, help="actions per game at most")
    args = ap.parse_args(argv)
    print("Pieces of bot thinking between two yields (processor time, CPython)")
    for players in (2, 3, 4):
        found: dict[str, list[float]] = {}
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
            ps.sort()
            ms = [1000 * p for p in ps]
            print(f"  {players} players, {level:6}: {len(ms):6} pieces, median "
                  f"{statistics.median(ms):5.1f} ms, 99th pct {ms[int(0.99 * (len(ms) - 1))]:6.1f}"
                  f" ms, longest {ms[-1]:6.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
