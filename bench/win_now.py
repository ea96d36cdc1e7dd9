#!/usr/bin/env python3
"""Missed wins: at each turn of a bot game, could the player to move have ended the game
on that turn and won, and did it?

A diagnostic, not a test. It replays tournament games action for action (the same deals,
seats and bot seeds as `bench/tournament.py`, so a game replays exactly as recorded in a
results file), and at the first decision of every turn asks `bots.finish.win_now` (a
bounded search of that seat's own turn, from its own view) whether a line ends the game
this turn with that seat among the winners. A turn where such a line exists and the seat
did not win on that turn is a missed win. One JSON line per game; `report` sums them.

    python3 bench/win_now.py replay bench/results/v5/hard-medium-4p-44.jsonl \\
        --lost-by hard --games 40 --out bench/results/v5/win-now-diag.jsonl
    python3 bench/win_now.py report bench/results/v5/win-now-diag.jsonl

`--lost-by LEVEL` replays only the games that level lost; each replay's end (winners,
turns, actions) is compared with the recorded one (`same`), so a replay that drifted is
flagged. The games are replayed with the bots on this script's path: to count the wins
missed by the bots that played a record, run it with those bots' `py/` (hard now takes
a win now itself with three or four players, so today's hard drifts from a record of the
hard before it exactly where it found one).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "py"))

import cakegame  # noqa: E402
from cakegame import bots  # noqa: E402
from cakegame.bots.finish import win_now  # noqa: E402


def replay(row: dict[str, Any], nodes: int) -> dict[str, Any]:
    """Replay one recorded game; at each turn's first decision, search for a win now."""
    seats = list(row["seats"])
    s = cakegame.new_game(players=row["players"], seed=row["seed"])
    k = 0
    turns: list[dict[str, Any]] = []
    prev: int | None = None
    t0 = time.process_time()
    while not s.is_over and s.turn_number <= 300:
        seat = s.current_player
        assert seat is not None
        view = s.view(seat)
        if s.turn_number != prev and seat == s.turn:
            prev = s.turn_number
            f = win_now(view, seed=row["seed"] * 7919 + k, nodes=nodes)
            turns.append({"turn": s.turn_number, "seat": seat, "level": seats[seat],
                          "found": bool(f.line), "capped": f.capped, "nodes": f.nodes,
                          "shared": f.shared, "line": " | ".join(map(str, f.line)),
                          "cake": list(s.cake_in_lab()),
                          "subjects": list(s.subjects_in_lab()),
                          "hand": len(view.hand(seat))})
        a = bots.choose(view, seats[seat], seed=row["seed"] * 7919 + k,
                        iterations=row.get("iterations"), budget_s=row.get("budget_s"))
        s = s.apply(a)
        k += 1
    o = s.outcome
    winners = list(o.winners) if o is not None else []
    for t in turns:  # did the seat win on that very turn?
        t["won_then"] = t["turn"] == s.turn_number and t["seat"] in winners
    return {"seed": row["seed"], "rotation": row["rotation"], "seats": seats,
            "winners": winners, "turns": s.turn_number, "actions": k,
            "same": (winners, s.turn_number, k) == (row["winners"], row["turns"],
                                                    row["actions"]),
            "cpu_s": round(time.process_time() - t0, 1), "nodes": nodes, "by_turn": turns}


def run_replay(a: argparse.Namespace) -> None:
    rows = [json.loads(line) for line in open(a.results) if line.strip()]
    rows = [r for r in rows if "error" not in r]
    rows.sort(key=lambda r: (r["seed"], r["rotation"]))
    if a.lost_by:
        rows = [r for r in rows if a.lost_by in r["seats"]
                and not any(r["seats"][w] == a.lost_by for w in r["winners"])]
    rows = rows[:a.games]
    done: set[tuple[int, int]] = set()
    if os.path.exists(a.out):
        done = {(r["seed"], r["rotation"]) for r in map(json.loads, open(a.out))}
    with open(a.out, "a") as out:
        for i, r in enumerate(rows):
            if (r["seed"], r["rotation"]) in done:
                continue
            res = replay(r, a.nodes)
            out.write(json.dumps(res) + "\n")
            out.flush()
            print(f"{i + 1}/{len(rows)} seed {r['seed']} rot {r['rotation']} same {res['same']}"
                  f" found {sum(t['found'] for t in res['by_turn'])} ({res['cpu_s']} s)",
                  flush=True)
    report([a.out])


def report(paths: list[str]) -> None:
    """Per level: turns searched, wins found (and capped searches), wins missed; per game:
    games with a missed win by the level that lost."""
    rows = [json.loads(line) for p in paths for line in open(p) if line.strip()]
    print(f"{len(rows)} games replayed; replays identical to the record: "
          f"{sum(r['same'] for r in rows)}")
    turns: Counter[str] = Counter()
    found: Counter[str] = Counter()
    missed: Counter[str] = Counter()
    capped: Counter[str] = Counter()
    games_missed: Counter[str] = Counter()
    games: Counter[str] = Counter()
    for r in rows:
        levels_missing: set[str] = set()
        for lv in set(r["seats"]):
            games[lv] += 1
        for t in r["by_turn"]:
            lv = t["level"]
            turns[lv] += 1
            capped[lv] += t["capped"]
            if t["found"]:
                found[lv] += 1
                if not t["won_then"]:
                    missed[lv] += 1
                    levels_missing.add(lv)
        for lv in levels_missing:
            games_missed[lv] += 1
    for lv in sorted(turns):
        print(f"  {lv:>6}: {turns[lv]} turns searched ({capped[lv]} cut by the node cap), "
              f"win now found at {found[lv]}, not taken at {missed[lv]}; "
              f"games with a missed win {games_missed[lv]} of {games[lv]}")
    print("wins found and not taken (seed rotation: turn, seat, level, the line):")
    for r in rows:
        for t in r["by_turn"]:
            if t["found"] and not t["won_then"]:
                print(f"  {r['seed']} {r['rotation']}: turn {t['turn']} seat {t['seat']} "
                      f"{t['level']}{' (shared)' if t['shared'] else ''}, {t['nodes']} "
                      f"positions: {t['line']}")
    nodes = sorted(t["nodes"] for r in rows for t in r["by_turn"] if t["found"])
    if nodes:
        print(f"positions searched before a win was found: median {nodes[len(nodes) // 2]}, "
              f"largest {nodes[-1]}; within 1000: {sum(n <= 1000 for n in nodes)} of "
              f"{len(nodes)}")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("replay", help="replay recorded games and search every turn")
    r.add_argument("results")
    r.add_argument("--lost-by", default=None, help="only the games this level lost")
    r.add_argument("--games", type=int, default=40)
    r.add_argument("--nodes", type=int, default=3000,
                   help="the search's cap on positions (hard itself uses WIN_NODES)")
    r.add_argument("--out", required=True)
    p = sub.add_parser("report", help="sum replays")
    p.add_argument("paths", nargs="+")
    a = ap.parse_args(argv)
    if a.cmd == "replay":
        run_replay(a)
    else:
        report(a.paths)


if __name__ == "__main__":
    main()
