#!/usr/bin/env python3
"""Could hard have taken away the ending that beat it? A diagnostic for 3-4 player games.

A diagnostic, not a test. It plays tournament deals again with today's bots (the same
deals, seats and bot seeds as `bench/tournament.py`), and in every game that `--level`
(hard) lost to a player who ended the game, goes back to hard's last turn before the end
and asks two questions, from what hard may know there (its own view; the hidden cards are
dealt by `view.sample`, never read from the game):

- **Threat.** After the turn hard really played (the position the next player starts
  from), on `--deals` deals sampled from hard's view: does some player before hard's next
  turn end the game and win? Each of them in turn is asked `bots.finish.win_now` from its
  own view of the sampled deal (a bounded search of its own turn); if it finds no line, the
  player's turn is played by the quicker medium (as in hard's playouts), which may still
  end the game.
- **Denial.** Hard's candidate turns at its turn start, as hard compares them: each
  deploy option (ending the step, each card, the Portal Gun, a burn), then each of
  medium's `--plans` best move plans with the activation they intend, the rest of the turn
  played by medium; each played on the same sampled deals (drawn from hard's view at its
  turn start) and then asked the threat question. A denial exists when some candidate
  leaves no player a winning end on any deal while the turn hard played left one on at
  least half of them.

One JSON line per lost game; `report` sums them.

    python3 bench/deny.py replay bench/results/v5/hard-medium-4p-44.jsonl --iterations 42 \\
        --games 40 --out bench/results/v6/deny-diag.jsonl
    python3 bench/deny.py report bench/results/v6/deny-diag.jsonl
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
from cakegame.actions import Action, Verb  # noqa: E402
from cakegame.bots.board import Board, drain  # noqa: E402
from cakegame.bots.finish import win_now  # noqa: E402
from cakegame.bots.heuristic import (  # noqa: E402
    Medium,
    activation_pending,
    deploy_options,
    plan_moves_steps,
)
from cakegame.bots.search import _mix  # noqa: E402
from cakegame.content import PANEL_LETTERS  # noqa: E402
from cakegame.rng import Rng  # noqa: E402

GUARD = 300  # engine actions at most in one simulated stretch


def _medium(st: Any, seed: int, fast: bool) -> Action:
    who = st.current_player
    return Medium(st.view(who), seed, fast, Board.read_state(st)).choose()


def threat(st: Any, me: int, seed: int, nodes: int) -> int | None:
    """From `st` (hard's turn over), the seat that ends the game and wins before `me`'s next
    turn (None if nobody does; -1 if the game ends with `me` among the winners)."""
    asked: set[int] = set()
    guard = 0
    while not st.is_over and st.turn != me and guard < GUARD:
        opp = st.turn
        if st.current_player == opp and st.turn_number not in asked:
            asked.add(st.turn_number)
            f = win_now(st.view(opp), seed=_mix(seed, st.turn_number), nodes=nodes, samples=1)
            if f.line:
                return opp
        st = st.apply_unchecked(_medium(st, _mix(seed, guard), True))
        guard += 1
    if st.is_over and st.outcome is not None:
        w = st.outcome.winners
        return -1 if me in w else w[0]
    return None


def play_turn(st: Any, me: int, deploy: Action | None, plan: int, seed: int) -> Any | None:
    """Hard's turn on a sampled deal: `deploy` at its first deploy step, medium's `plan`-th
    best move plan (with its activation) at its move, medium for the rest. None if the turn
    has no such plan (fewer plans than `plan` + 1, or the deploy action is not legal)."""
    start = st.turn_number
    deployed = planned = False
    activate: Action | None = None
    guard = 0
    while not st.is_over and st.turn == me and st.turn_number == start and guard < GUARD:
        guard += 1
        who = st.current_player
        if who != me:
            st = st.apply_unchecked(_medium(st, _mix(seed, guard), False))
            continue
        v = st.view(me)
        acts = v.legal_actions()
        a: Action | None = None
        if v.decision == "deploy" and not deployed and deploy is not None:
            deployed = True
            if deploy not in acts:
                return None
            a = deploy
        elif v.decision == "move" and not planned and v.pending.get("own") \
                and v.pending.get("bonus") and activation_pending(v) \
                and v.pending.get("src") is None:
            planned = True
            b = Board.read_state(st)
            plans = drain(plan_moves_steps(b, me, me, True, True))
            ranked = sorted(((r[0], m, r[1]) for m, r in plans.items()),
                            key=lambda t: (-t[0], t[1], t[2]))
            ranked = [r for r in ranked
                      if Action(Verb.FROM, (PANEL_LETTERS[r[1][0]],)) in acts]
            if plan >= len(ranked):
                if plan > 0:
                    return None
                st = st.apply_unchecked(_medium(st, _mix(seed, guard), False))
                continue
            _, (s, d, k), x = ranked[plan]
            for step in (Action(Verb.FROM, (PANEL_LETTERS[s],)),
                         Action(Verb.TO, (PANEL_LETTERS[d],)), Action(Verb.COUNT, (str(k),))):
                if st.is_over or step not in st.legal_actions():
                    break
                st = st.apply_unchecked(step)
            activate = None if x < 0 else Action(Verb.ACTIVATE, (PANEL_LETTERS[x],))
            continue
        elif v.decision == "activate" and activate is not None and activate in acts:
            a = activate
            activate = None
        if a is None:
            a = _medium(st, _mix(seed, guard), False)
        st = st.apply_unchecked(a)
    return st


def analyse(s0: Any, s1: Any, me: int, seed: int, deals: int, plans: int, nodes: int
            ) -> dict[str, Any]:
    """The two questions at hard's turn start `s0`; `s1` is the position after the turn
    hard played."""
    v1 = s1.view(me)
    actual = []
    for j in range(deals):
        w = v1.sample(Rng(_mix(seed, j, 0xA1)))
        actual.append(threat(w, me, _mix(seed, j, 0xA2), nodes))
    v0 = s0.view(me)
    worlds = [v0.sample(Rng(_mix(seed, j, 0xB1))) for j in range(deals)]
    # the deploy options: hard's turn starts at its deploy step (the same on every deal)
    opts: list[Action | None] = [None]
    if s0.decision == "deploy":
        acts = v0.legal_actions()
        opts = [a for a in acts if a.verb is Verb.END] + deploy_options(
            acts, Board.read(v0), me)
    cands = []
    for d in opts:
        for p in range(plans):
            res: list[int | None] = []
            for j, w in enumerate(worlds):
                t = play_turn(w, me, d, p, _mix(seed, j, 0xC1))
                if t is None:
                    res = []
                    break
                res.append(threat(t, me, _mix(seed, j, 0xA2), nodes))
            if res:
                cands.append({"deploy": None if d is None else str(d), "plan": p,
                              "threat": [x for x in res]})
    return {"actual": actual, "cands": cands}


def replay(row: dict[str, Any], level: str, iterations: int, deals: int, plans: int,
           nodes: int) -> dict[str, Any]:
    """Play the recorded deal again with today's bots; analyse the game if `level` lost it
    to a player who ended it (if it won or shared the win: `won` and the winners)."""
    seats = list(row["seats"])
    me = seats.index(level)
    s = cakegame.new_game(players=row["players"], seed=row["seed"])
    k = 0
    starts: list[tuple[int, Any, int]] = []  # (turn number, state, k) at hard's turn starts
    prev = None
    t0 = time.process_time()
    while not s.is_over and s.turn_number <= 300:
        seat = s.current_player
        assert seat is not None
        if s.turn == me and seat == me and s.turn_number != prev:
            prev = s.turn_number
            starts.append((s.turn_number, s, k))
        a = bots.choose(s.view(seat), seats[seat], seed=row["seed"] * 7919 + k,
                        iterations=iterations if seats[seat] == "hard" else None)
        s = s.apply(a)
        k += 1
    play_s = time.process_time() - t0
    o = s.outcome
    if o is None or me in o.winners:
        return {"seed": row["seed"], "rotation": row["rotation"], "won": True,
                "winners": list(o.winners) if o is not None else [], "me": me}
    ender = s.turn
    out: dict[str, Any] = {"seed": row["seed"], "rotation": row["rotation"], "seats": seats,
                           "winners": list(o.winners), "ender": ender, "me": me,
                           "end_turn": s.turn_number, "cake": list(o.cake),
                           "play_s": round(play_s, 1)}
    if ender == me:
        out["self_end"] = True
        return out
    tn, s0, k0 = [x for x in starts if x[0] < s.turn_number][-1]
    out["my_turn"] = tn
    out["between"] = s.turn_number - tn - 1  # other players' turns before the ending one
    # the position after hard's turn: replay from s0 to the first decision of another turn
    s1 = s0
    kk = k0
    while not s1.is_over and s1.turn == me and s1.turn_number == tn:
        seat = s1.current_player
        a = bots.choose(s1.view(seat), seats[seat], seed=row["seed"] * 7919 + kk,
                        iterations=iterations if seats[seat] == "hard" else None)
        s1 = s1.apply(a)
        kk += 1
    t1 = time.process_time()
    out.update(analyse(s0, s1, me, row["seed"] * 7919 + k0, deals, plans, nodes))
    out["diag_s"] = round(time.process_time() - t1, 1)
    return out


def run_replay(a: argparse.Namespace) -> None:
    rows = [json.loads(line) for line in open(a.results) if line.strip()]
    rows = [r for r in rows if "error" not in r and a.level in r["seats"]]
    rows.sort(key=lambda r: (r["seed"], r["rotation"]))
    rows = rows[a.skip:a.skip + a.games]
    done: set[tuple[int, int]] = set()
    if os.path.exists(a.out):
        done = {(r["seed"], r["rotation"]) for r in map(json.loads, open(a.out))}
    with open(a.out, "a") as out:
        for i, r in enumerate(rows):
            if (r["seed"], r["rotation"]) in done:
                continue
            res = replay(r, a.level, a.iterations, a.deals, a.plans, a.nodes)
            out.write(json.dumps(res) + "\n")
            out.flush()
            print(f"{i + 1}/{len(rows)} seed {r['seed']} rot {r['rotation']}: "
                  + ("won" if res.get("won") else
                     f"lost, ender {res['ender']}, actual {res.get('actual')}, "
                     f"{len(res.get('cands', []))} cands"), flush=True)
    report([a.out])


def denial(r: dict[str, Any]) -> tuple[bool, bool, bool]:
    """(threat visible on at least one deal, on at least half, a denial exists)."""
    act = r.get("actual", [])
    hits = [x is not None and x >= 0 for x in act]
    n = len(hits)
    seen = any(hits)
    likely = n > 0 and sum(hits) * 2 >= n
    deny = likely and any(all(x is None or x < 0 for x in c["threat"])
                          for c in r.get("cands", []))
    return seen, likely, deny


def report(paths: list[str]) -> None:
    rows = [json.loads(line) for p in paths for line in open(p) if line.strip()]
    lost = [r for r in rows if not r.get("won")]
    print(f"{len(rows)} games replayed, {len(rows) - len(lost)} won (or shared) by hard, "
          f"{len(lost)} lost")
    self_end = [r for r in lost if r.get("self_end")]
    others = [r for r in lost if not r.get("self_end")]
    print(f"  ended by hard itself (a loss): {len(self_end)}; by another player: {len(others)}")
    between = Counter(r["between"] for r in others)
    print("  other players' turns between hard's last turn and the ending one: "
          + ", ".join(f"{k}: {v}" for k, v in sorted(between.items())))
    seen = likely = deny = 0
    mins: Counter[int] = Counter()
    for r in others:
        a, b, c = denial(r)
        seen += a
        likely += b
        deny += c
        if r.get("cands"):
            best = min(sum(x is not None and x >= 0 for x in cd["threat"]) for cd in r["cands"])
            mins[best] += 1
    print(f"  after the turn hard played, some player before its next turn wins on at least "
          f"one sampled deal: {seen}; on at least half: {likely}")
    print(f"  a candidate turn of hard's left no winning end on any deal, where the played "
          f"turn left one on at least half: {deny} of {len(others)} "
          f"({100 * deny / max(1, len(lost)):.1f}% of all lost games)")
    print("  fewest deals with a winning end over hard's candidates (deals: games): "
          + ", ".join(f"{k}: {v}" for k, v in sorted(mins.items())))
    for r in others:
        a, b, c = denial(r)
        clean = sum(all(x is None or x < 0 for x in cd["threat"]) for cd in r["cands"])
        print(f"   {r['seed']} {r['rotation']}: between {r['between']}, actual {r['actual']}, "
              f"{len(r['cands'])} cands, clean {clean}"
              f"{' DENY' if c else ''} (play {r['play_s']} s, diag {r.get('diag_s')} s)")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("replay", help="play recorded deals again and diagnose the losses")
    r.add_argument("results")
    r.add_argument("--level", default="hard")
    r.add_argument("--iterations", type=int, default=42, help="hard's playouts per decision")
    r.add_argument("--games", type=int, default=40)
    r.add_argument("--skip", type=int, default=0, help="start after this many records")
    r.add_argument("--deals", type=int, default=3, help="deals sampled from hard's view")
    r.add_argument("--plans", type=int, default=4, help="move plans per deploy option")
    r.add_argument("--nodes", type=int, default=1000, help="win_now's cap on positions")
    r.add_argument("--out", required=True)
    p = sub.add_parser("report", help="sum the diagnoses")
    p.add_argument("paths", nargs="+")
    a = ap.parse_args(argv)
    if a.cmd == "replay":
        run_replay(a)
    else:
        report(a.paths)


if __name__ == "__main__":
    main()
