#!/usr/bin/env python3
"""Speed of the rules engine, in CPython and in Pyodide under Node (the page's Python).

A benchmark, not a test. For 2, 3 and 4 players it plays whole games of uniformly random legal
actions (seeded: the same games in both runtimes) and reports:
  games/s, actions/s   the loop `legal_actions()` + checked `apply()`, as the page plays
  game length          turns (and actions) per random game: min, median, p90, max
  per call             microseconds for legal_actions() (a State from apply() holds its
                       options already; "options_fresh" lists them anew), apply() (checks legality),
                       apply_unchecked() (search's fast path), to_json(), from_json()
                       (validates), view() and View.sample(), over positions of those games

    python3 bench/engine.py        # both runtimes: a table, and bench/results/engine-latest.json
    python3 bench/engine.py --games 10 --only cpython
    python3 bench/engine.py --json out.json

Figures move with the machine and its load: compare runtimes within one run.
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
ROOT = os.path.dirname(HERE)
if os.path.isdir(os.path.join(ROOT, "py", "cakegame")):
    sys.path.insert(0, os.path.join(ROOT, "py"))

PLAYERS = (2, 3, 4)
CALLS = ("legal_actions", "options_fresh", "apply", "apply_unchecked", "to_json", "from_json",
         "view", "sample")


def spread(values: list[float]) -> dict[str, float]:
    v = sorted(values)
    return {"min": v[0], "median": statistics.median(v),
            "p90": v[min(len(v) - 1, int(0.9 * len(v)))], "max": v[-1]}


def play_games(players: int, games: int, repeats: int) -> dict:
    """Each game is played `repeats` times and its fastest time counts (the machine is
    shared: the minimum is the least disturbed)."""
    import cakegame
    from cakegame.rng import Rng

    turns, actions = [], []
    elapsed = 0.0
    for seed in range(games):
        best = float("inf")
        for _ in range(repeats):
            pick = Rng(seed * 7919 + players)
            t0 = time.perf_counter()
            s = cakegame.new_game(players=players, seed=seed)
            n = 0
            while not s.is_over:
                s = s.apply(pick.choice(s.legal_actions()))
                n += 1
            best = min(best, time.perf_counter() - t0)
        elapsed += best
        turns.append(s.turn_number)
        actions.append(n)
    return {"games": games, "seconds": elapsed, "games_per_s": games / elapsed,
            "actions_per_s": sum(actions) / elapsed, "turns": spread(turns),
            "actions": spread(actions)}


def positions(count: int) -> list:
    """(state, a legal action) pairs spread over random games of every player count."""
    import cakegame
    from cakegame.rng import Rng

    out = []
    seed = 1000
    while len(out) < count:
        players = PLAYERS[seed % 3]
        pick = Rng(seed)
        s = cakegame.new_game(players=players, seed=seed)
        while not s.is_over and len(out) < count:
            a = pick.choice(s.legal_actions())
            out.append((s, a))
            s = s.apply_unchecked(a)
        seed += 1
    return out


def per_call(count: int) -> dict[str, float]:
    """Mean microseconds per call over `count` positions."""
    from cakegame import State, rules
    from cakegame.rng import Rng

    pairs = positions(count)
    texts = [s.to_json() for s, _ in pairs]
    rng = Rng(5)
    views = [s.view(s.current_player) for s, _ in pairs]
    calls = {
        # a State returned by apply() already holds its options; options_fresh is the
        # work of listing them (the rules' own function, as from_json'd States do it)
        "legal_actions": lambda i: pairs[i][0].legal_actions(),
        "options_fresh": lambda i: rules.options(pairs[i][0]._d),
        "apply": lambda i: pairs[i][0].apply(pairs[i][1]),
        "apply_unchecked": lambda i: pairs[i][0].apply_unchecked(pairs[i][1]),
        "to_json": lambda i: pairs[i][0].to_json(),
        "from_json": lambda i: State.from_json(texts[i]),
        "view": lambda i: pairs[i][0].view(pairs[i][0].current_player),
        "sample": lambda i: views[i].sample(rng),
    }
    out = {}
    clock = time.perf_counter
    for name in CALLS:
        f = calls[name]
        total = 0.0
        for i in range(len(pairs)):
            best = float("inf")
            for _ in range(5):  # the fastest of 5: the least disturbed by other processes
                t0 = clock()
                f(i)
                best = min(best, clock() - t0)
            total += best
        out[name] = 1e6 * total / len(pairs)
    return out


def measure(games: int, calls: int, repeats: int) -> dict:
    wall, cpu = time.perf_counter(), time.process_time()
    res = {"python": platform.python_version(), "platform": sys.platform,
           "implementation": platform.python_implementation(), "per_players": {}}
    for players in PLAYERS:
        res["per_players"][str(players)] = play_games(players, games, repeats)
    res["per_call_us"] = per_call(calls)
    # The share of a CPU this process got (under Emscripten process_time is wall time).
    res["cpu_share"] = (time.process_time() - cpu) / (time.perf_counter() - wall)
    return res


def run_pyodide(games: int, calls: int, repeats: int) -> dict | str:
    import resource

    sys.path.insert(0, os.path.join(ROOT, "tests"))
    from pyodide_node import PyodideError, available, run_file_in_pyodide

    reason = available()
    if reason:
        return reason
    t0 = time.perf_counter()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        out = run_file_in_pyodide(os.path.abspath(__file__), timeout=1800, args=[
            "--child", "--games", str(games), "--calls", str(calls), "--repeats", str(repeats)])
    except PyodideError as e:
        return f"the Pyodide run failed: {e}"
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    res = json.loads(out.strip().splitlines()[-1])
    res["wall_s_with_startup"] = wall = time.perf_counter() - t0
    # Node's CPU time over its wall time (start-up included; Node uses a few threads)
    res["cpu_share"] = (after.ru_utime - before.ru_utime + after.ru_stime
                        - before.ru_stime) / wall
    return res


def table(results: dict[str, dict]) -> str:
    names = list(results)
    lines = ["Random games (legal_actions + checked apply per action)", ""]
    head = f"{'players':>7} | " + " | ".join(
        f"{n + ' games/s':>17} | {n + ' actions/s':>19}" for n in names)
    lines += [head, "-" * len(head)]
    for p in map(str, PLAYERS):
        cells = []
        for n in names:
            r = results[n]["per_players"][p]
            cells.append(f"{r['games_per_s']:>17.2f} | {r['actions_per_s']:>19.0f}")
        lines.append(f"{p:>7} | " + " | ".join(cells))
    first = results[names[0]]["per_players"]
    lines += ["", "Game length in turns (actions), random play, "
              f"{first['2']['games']} games per player count", ""]
    keys = ("min", "median", "p90", "max")
    lines.append(f"{'players':>7} | " + " | ".join(f"{k:>12}" for k in keys))
    for p in map(str, PLAYERS):
        t, a = first[p]["turns"], first[p]["actions"]
        lines.append(f"{p:>7} | " + " | ".join(
            f"{f'{t[k]:g} ({a[k]:g})':>12}" for k in keys))
    lines += ["", "Per call, microseconds (mean over positions of random games, each the fastest "
              "of 5)", ""]
    lines.append(f"{'call':>16} | " + " | ".join(f"{n:>12}" for n in names))
    for c in CALLS:
        lines.append(f"{c:>16} | " + " | ".join(
            f"{results[n]['per_call_us'][c]:>12.1f}" for n in names))
    if len(names) == 2:
        a, b = names
        ratio = statistics.mean(
            results[a]["per_players"][p]["actions_per_s"]
            / results[b]["per_players"][p]["actions_per_s"] for p in map(str, PLAYERS))
        lines += ["", f"{a} plays {ratio:.2f} times as many actions per second as {b} "
                  "(mean over 2-4 players)"]
    for n in names:
        r = results[n]
        extra = f", {r['wall_s_with_startup']:.1f} s with start-up" \
            if "wall_s_with_startup" in r else ""
        lines.append(f"{n}: Python {r['python']} ({r['platform']}){extra}; "
                     f"CPU share during the run {100 * r['cpu_share']:.0f}%")
    lines.append("(a CPU share well under 100% means a busy machine: figures are then low)")
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=30, help="games per player count")
    ap.add_argument("--calls", type=int, default=400, help="positions for per-call timings")
    ap.add_argument("--repeats", type=int, default=3, help="plays of each game (fastest counts)")
    ap.add_argument("--only", choices=("cpython", "pyodide"))
    ap.add_argument("--json", default=os.path.join(HERE, "results", "engine-latest.json"))
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(measure(args.games, args.calls, args.repeats)))
        return 0
    results: dict[str, dict] = {}
    if args.only != "pyodide":
        print("CPython ...", file=sys.stderr, flush=True)
        results["CPython"] = measure(args.games, args.calls, args.repeats)
    if args.only != "cpython":
        print("Pyodide under Node ...", file=sys.stderr, flush=True)
        py = run_pyodide(args.games, args.calls, args.repeats)
        if isinstance(py, str):
            print(f"Pyodide skipped: {py}", file=sys.stderr)
        else:
            results["Pyodide"] = py
    if not results:
        return 1
    print(table(results))
    if args.json:
        os.makedirs(os.path.dirname(os.path.abspath(args.json)), exist_ok=True)
        with open(args.json, "w") as f:
            json.dump({"machine": platform.machine(), "cpus": os.cpu_count(),
                       "results": results}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
