#!/usr/bin/env python3
"""The playout count that buys the same thinking time after a change to hard's playouts.

The tournaments give hard a fixed count of playouts per decision that stands for the
page's 1.5 s (see docs/balance.md). When a change makes a playout cheaper or dearer, the
count that buys the same time changes with it. This times whole hard decisions (processor
time, memos cleared before each) on the same positions with the bots of a reference commit
at its count and with the working tree's at a few counts; the count to use is where the
working tree's time per decision meets the reference's (a straight line fitted through
the counts tried). Pyodide runs the same Python about 2-3 times slower, the same for both,
so the ratio carries to the page. A benchmark, not a test.

    python3 bench/bot_budget.py --ref b07b868 --ref-iterations 44 --iterations 60,66,72 \\
        --players 4 --positions 24
    python3 bench/bot_budget.py --ref HEAD --ref-iterations 42 --iterations 14,21 --rounds 2

(`--rounds`: the working tree's trial games play that many rounds, as `bench/variants.py
tworound` plays them.)
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# Run in a child process with the bots of one tree on its path: collects the positions
# (move and deploy decisions of games medium plays, the same for every tree whose medium
# is the same) and prints one JSON line per count: seconds of processor time per decision.
CHILD = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
import cakegame
from cakegame import bots
from cakegame.bots import board, heuristic, search
players, count = int(sys.argv[2]), int(sys.argv[3])
if len(sys.argv) > 5:
    search.ROUNDS = int(sys.argv[5])
out, seed = [], 100
while len(out) < count:
    s = cakegame.new_game(players=players, seed=seed)
    k = 0
    while not s.is_over and len(out) < count:
        v = s.view(s.current_player)
        if s.decision in ("move", "deploy") and (s.decision == "deploy" or
                v.pending.get("src") is None) and len(v.legal_actions()) > 1 and k % 4 == 0:
            out.append(v)
        s = s.apply(bots.choose(v, "medium", seed=k))
        k += 1
    seed += 1
for it in [int(x) for x in sys.argv[4].split(",")]:
    total, runs = 0.0, 0
    for i, v in enumerate(out):
        search._memo.clear(); heuristic._plan_memo.clear(); board._VALUE_MEMO.clear()
        getattr(search, "_deny_memo", {}).clear()
        t0 = time.process_time()
        t = bots.Thinker(v, "hard", seed=i, iterations=it)
        while not t.step(16):
            pass
        t.best()
        total += time.process_time() - t0
        runs += t.iterations
    print(json.dumps({"iterations": it, "per_decision": total / len(out),
                      "playouts": runs}), flush=True)
"""


def timings(py_dir: str, players: int, positions: int, counts: list[int], rounds: int = 0
            ) -> list[dict[str, float]]:
    """Seconds of processor time per hard decision with the bots in `py_dir` (their trial
    games `rounds` rounds long, if given: `search.ROUNDS`)."""
    extra = [str(rounds)] if rounds else []
    res = subprocess.run([sys.executable, "-c", CHILD, py_dir, str(players), str(positions),
                          ",".join(map(str, counts)), *extra],
                         check=True, capture_output=True, text=True)
    return [json.loads(line) for line in res.stdout.splitlines() if line.startswith("{")]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ref", default="HEAD", help="the reference commit")
    ap.add_argument("--ref-iterations", type=int, default=44)
    ap.add_argument("--iterations", default="40,44,48", help="counts to try, comma-separated")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--positions", type=int, default=24)
    ap.add_argument("--rounds", type=int, default=0,
                    help="the working tree's trial games play this many rounds (search.ROUNDS)")
    a = ap.parse_args(argv)
    counts = [int(x) for x in a.iterations.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        arch = subprocess.run(["git", "-C", ROOT, "archive", a.ref, "py"], check=True,
                              capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=arch, check=True)
        ref = timings(os.path.join(tmp, "py"), a.players, a.positions, [a.ref_iterations])[0]
    print(f"{a.ref} at {a.ref_iterations} playouts: {ref['per_decision']:.3f} s per decision")
    mine = timings(os.path.join(ROOT, "py"), a.players, a.positions, counts, a.rounds)
    for m in mine:
        print(f"working tree at {m['iterations']} playouts: {m['per_decision']:.3f} s "
              f"per decision ({m['per_decision'] / ref['per_decision']:.2f}x)")
    if len(mine) >= 2:
        xs = [m["iterations"] for m in mine]
        ys = [m["per_decision"] for m in mine]
        mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
        slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum(
            (x - mx) ** 2 for x in xs)
        if slope > 0:
            eq = mx + (ref["per_decision"] - my) / slope
            print(f"the same time per decision: about {eq:.0f} playouts")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
