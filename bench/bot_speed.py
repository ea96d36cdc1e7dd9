"""How long the bots take per decision, in CPython and in Pyodide (the page's Python).

A benchmark, not a test. Collects positions with a real choice from seeded games, then times
each level on them: easy and medium per decision; hard per playout (with a fixed iteration
budget) and per whole decision at a time budget, which is what a player waits in the page.

    python bench/bot_speed.py                 # CPython
    python bench/bot_speed.py --pyodide       # the same script inside Pyodide under Node
    python bench/bot_speed.py --positions 12 --budget 1.5 --iterations 16
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "py"))


def cpu() -> float:
    """Processor time of this process, in seconds (on a loaded machine wall times include
    waiting for a processor); under Node (Pyodide) Node's own count, since the Emscripten
    clocks there run on wall time."""
    if sys.platform == "emscripten":
        import js  # type: ignore[import-not-found]
        u = js.process.cpuUsage()
        return (u.user + u.system) / 1e6
    return time.process_time()


def positions(count: int) -> list:
    """Move and deploy decisions (the ones hard searches) from games medium plays."""
    import cakegame
    from cakegame import bots
    out = []
    seed = 100
    while len(out) < count:
        s = cakegame.new_game(players=2 + seed % 3, seed=seed)
        k = 0
        while not s.is_over and len(out) < count:
            v = s.view(s.current_player)
            if s.decision == "move" and v.pending.get("src") is None and \
                    len(v.legal_actions()) > 1 and k % 3 == 0:
                out.append(v)
            s = s.apply(bots.choose(v, "medium", seed=k))
            k += 1
        seed += 1
    return out


def measure(n_pos: int, budget: float, iterations: int) -> dict:
    from cakegame import bots
    from cakegame.bots import board, heuristic, search

    def cold() -> None:  # the memos only save time; each measure starts without them
        heuristic._plan_memo.clear()
        search._memo.clear()
        board._VALUE_MEMO.clear()

    views = positions(n_pos)
    res: dict = {"python": platform.python_version(), "implementation": sys.platform,
                 "positions": len(views)}
    for level in ("easy", "medium"):
        ts = []
        for i, v in enumerate(views):
            cold()
            t0 = time.perf_counter()
            bots.choose(v, level, seed=i)
            ts.append(time.perf_counter() - t0)
        res[level] = {"mean_ms": 1000 * statistics.mean(ts), "max_ms": 1000 * max(ts)}
    per_playout = []
    per_playout_cpu = []
    prep = []
    for i, v in enumerate(views):
        cold()
        t = bots.Thinker(v, "hard", seed=i, iterations=iterations)
        t0 = time.perf_counter()
        t.step(0)
        t1 = time.perf_counter()
        c1 = cpu()
        while not t.step(1):
            pass
        t2 = time.perf_counter()
        c2 = cpu()
        prep.append(t1 - t0)
        if t.iterations:
            per_playout.append((t2 - t1) / t.iterations)
            per_playout_cpu.append((c2 - c1) / t.iterations)
    res["hard_prepare_ms"] = {"mean": 1000 * statistics.mean(prep), "max": 1000 * max(prep)}
    res["hard_playout_ms"] = {"mean": 1000 * statistics.mean(per_playout),
                              "max": 1000 * max(per_playout)}
    # what the budget buys on a processor of its own: the page's equivalent playout count
    cpu_ms = 1000 * statistics.mean(per_playout_cpu)
    res["hard_playout_cpu_ms"] = {"mean": cpu_ms, "max": 1000 * max(per_playout_cpu),
                                  "budget_buys": int(1000 * budget / cpu_ms)}
    walls, its = [], []
    for i, v in enumerate(views):
        cold()
        t = bots.Thinker(v, "hard", seed=i, budget_s=budget)
        t0 = time.perf_counter()
        while not t.step(1):
            pass
        t.best()
        walls.append(time.perf_counter() - t0)
        its.append(t.iterations)
    res["hard_at_budget"] = {"budget_s": budget, "wall_mean_s": statistics.mean(walls),
                             "wall_max_s": max(walls), "playouts_mean": statistics.mean(its)}
    return res


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=8)
    ap.add_argument("--budget", type=float, default=1.5)
    ap.add_argument("--iterations", type=int, default=12)
    ap.add_argument("--pyodide", action="store_true", help="run inside Pyodide under Node")
    args = ap.parse_args()
    if args.pyodide:
        sys.path.insert(0, os.path.join(HERE, "..", "tests"))
        from pyodide_node import run_file_in_pyodide
        out = run_file_in_pyodide(os.path.abspath(__file__), timeout=1800, args=[
            "--positions", str(args.positions), "--budget", str(args.budget),
            "--iterations", str(args.iterations)])
        print(out.strip())
        return
    print(json.dumps(measure(args.positions, args.budget, args.iterations), indent=1))


if __name__ == "__main__":
    main()
