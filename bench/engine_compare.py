#!/usr/bin/env python3
"""The engine's speed against another checkout of it, measured in one run, turn about.

    git worktree add --detach /tmp/before main      # or any commit
    python3 bench/engine_compare.py /tmp/before     # this tree against that one
    python3 bench/engine_compare.py /tmp/before --rounds 6 --games 16

Each round plays the same seeded random games (`legal_actions()` then a checked `apply()`,
as bench/engine.py does) in a fresh CPython process for each tree, alternating, and counts
actions per second of CPU time (`time.process_time`: on a shared machine the wall clock
mostly measures the other processes) and of wall time. The two trees may play different
games if their rules differ; actions per second still compares the cost of an action.
It prints the mean over rounds per player count and this tree's ratio to the other.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# Run in the child process, with the tree's py/ first on sys.path.
CHILD = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
import cakegame
from cakegame.rng import Rng
out = {}
for players in (2, 3, 4):
    actions, cpu, wall = 0, 0.0, 0.0
    for seed in range(int(sys.argv[2])):
        pick = Rng(seed * 7919 + players)
        c0, w0 = time.process_time(), time.perf_counter()
        s = cakegame.new_game(players=players, seed=seed)
        while not s.is_over:
            s = s.apply(pick.choice(s.legal_actions()))
            actions += 1
        cpu += time.process_time() - c0
        wall += time.perf_counter() - w0
    out[players] = [actions / cpu, actions / wall]
print(json.dumps(out))
"""


def measure(tree: str, games: int) -> dict[str, list[float]]:
    done = subprocess.run([sys.executable, "-c", CHILD, os.path.join(tree, "py"), str(games)],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("other", help="the other checkout (a directory holding py/cakegame)")
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--games", type=int, default=12, help="games per player count a round")
    args = ap.parse_args()
    trees = {"this": ROOT, "other": os.path.abspath(args.other)}
    runs: dict[str, list[dict[str, list[float]]]] = {"this": [], "other": []}
    for _ in range(args.rounds):
        for name in ("other", "this"):
            runs[name].append(measure(trees[name], args.games))
    print(f"actions per second, mean of {args.rounds} rounds of {args.games} games per "
          f"player count (this: {trees['this']}; other: {trees['other']})")
    print("players | other CPU | this CPU | ratio | other wall | this wall | ratio")
    for p in ("2", "3", "4"):
        o_cpu = statistics.mean(r[p][0] for r in runs["other"])
        t_cpu = statistics.mean(r[p][0] for r in runs["this"])
        o_wall = statistics.mean(r[p][1] for r in runs["other"])
        t_wall = statistics.mean(r[p][1] for r in runs["this"])
        print(f"{p:>7} | {o_cpu:9.0f} | {t_cpu:8.0f} | {t_cpu / o_cpu:5.2f} | "
              f"{o_wall:10.0f} | {t_wall:9.0f} | {t_wall / o_wall:5.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
