#!/usr/bin/env python3
"""Who wins a four-player game, from the position at the start of a turn: a fitted judgement.

Plays four-player games between medium bots and, at the start of every turn, records for
the player whose turn it is the verdict of medium's judgement (`board.value`) and what
decides a four-player ending (docs/balance.md, "Four players, where the games end"):
whether it leads in cake in the lab alone or shares the lead, how many Aperture cards it
holds, and how thin the thinnest division is; and whether that player went on to win (a
shared win counts fractionally). It prints the win share by lead and cards, and fits a
logistic regression (Newton's method, a little L2 shrinkage on every weight) of the win on
these features; half the games fitted and the other half judged, against `value` alone,
shows how much they add. With `--offset` the verdict of `value` keeps its whole weight (1)
and only the rest is fitted. hard's playouts were scored with such a judgement on trial
(docs/balance.md); these weights are what it used. A benchmark-like tool, not a test;
deterministic.

    python3 bench/ending_fit.py --first-seed 6000 --games 253 [--offset]

With `--calibrate` it answers another question, at any player count: how often a player
whose position `value` judged at p went on to win. It prints that by tenths of p, and fits
win ~ a + b * logit(p) on every position: the weights the suggestion's figures are told
with (cakegame/bots/board.py, CALIBRATION; docs/bots.md).

    python3 bench/ending_fit.py --calibrate --players 3 --first-seed 7000 --games 600
"""

from __future__ import annotations

import argparse
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "py"))

import cakegame  # noqa: E402
from cakegame import bots  # noqa: E402
from cakegame.bots import board  # noqa: E402

NAMES = ["bias", "value", "lead", "tie", "lead_card", "lead_cards", "tie_card", "tie_cards",
         "lead_thin", "lead_thin_cards"]
THIN = (0.0, 1.0, 0.5, 0.25)  # by the thinnest division's subjects in the lab (1, 2, 3; else 0)


def features(b: board.Board, me: int, v: float) -> dict[str, float]:
    """The features, by NAMES, for `me` at the start of its turn; `v` is `board.value`'s
    verdict."""
    lab = b.lab()
    cakes = [sum(b.cake[p][s] for p in lab) for s in range(b.n)]
    subs = [sum(b.sub[p][s] for p in lab) for s in range(b.n)]
    top = max(c for s, c in enumerate(cakes) if s != me)
    lead = 1.0 if cakes[me] > top else 0.0
    tie = 1.0 if cakes[me] == top and top > 0 else 0.0
    one = 1.0 if b.hand[me] == 1 else 0.0
    two = 1.0 if b.hand[me] >= 2 else 0.0
    thin = THIN[min(subs)] if min(subs) < len(THIN) else 0.0
    p = min(max(v, 1e-3), 1.0 - 1e-3)
    return {"bias": 1.0, "value": math.log(p / (1.0 - p)), "lead": lead, "tie": tie,
            "lead_card": lead * one, "lead_cards": lead * two, "tie_card": tie * one,
            "tie_cards": tie * two, "lead_thin": lead * thin,
            "lead_thin_cards": lead * two * thin}


def positions(seed: int, players: int = 4) -> list[tuple[list[float], float]]:
    """(features, won) for the turn player at the start of each turn of one game."""
    s = cakegame.new_game(players=players, seed=seed)
    rows: list[tuple[list[float], int]] = []
    last = None
    k = 0
    while not s.is_over and s.turn_number < 300:
        if s.turn_number != last:
            last = s.turn_number
            b = board.Board.read_state(s)
            f = features(b, s.turn, board.value(b, s.turn, s.turn))
            rows.append(([f[n] for n in NAMES], s.turn))
        seat = s.current_player
        assert seat is not None
        s = s.apply(bots.choose(s.view(seat), "medium", seed=seed * 7919 + k))
        k += 1
    if s.outcome is None:
        return []
    win = s.outcome.winners
    return [(x, 1.0 / len(win) if who in win else 0.0) for x, who in rows]


def solve(a: list[list[float]], y: list[float]) -> list[float]:
    """a x = y by Gaussian elimination with partial pivoting (a small dense system)."""
    n = len(y)
    m = [row[:] + [y[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for k in range(c, n + 1):
                m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    return x


def fit(data: list[tuple[list[float], float]], cols: list[int], offset: int | None = None,
        l2: float = 0.1) -> list[float]:
    """Logistic regression on the features `cols` (Newton's method); the feature `offset`,
    if given, enters with weight 1 and is not fitted."""
    w = [0.0] * len(cols)
    for _ in range(40):
        h = [[l2 if i == j else 0.0 for j in range(len(cols))] for i in range(len(cols))]
        g = [-l2 * wi for wi in w]
        for x, y in data:
            xs = [x[c] for c in cols]
            z = sum(wi * xi for wi, xi in zip(w, xs)) + (0.0 if offset is None else x[offset])
            p = 1.0 / (1.0 + math.exp(-z))
            q = p * (1 - p) + 1e-9
            for i, xi in enumerate(xs):
                g[i] += (y - p) * xi
                for j, xj in enumerate(xs):
                    h[i][j] += q * xi * xj
        w = [wi + d for wi, d in zip(w, solve(h, g))]
    return w


def loglik(data: list[tuple[list[float], float]], cols: list[int], w: list[float],
           offset: int | None = None) -> float:
    tot = 0.0
    for x, y in data:
        z = sum(wi * x[c] for wi, c in zip(w, cols)) + (0.0 if offset is None else x[offset])
        p = min(max(1.0 / (1.0 + math.exp(-z)), 1e-6), 1 - 1e-6)
        tot += y * math.log(p) + (1 - y) * math.log(1 - p)
    return tot / len(data)


def shares(data: list[tuple[list[float], float]]) -> None:
    """Win share at the start of a turn by lead and cards in hand."""
    cells: dict[tuple[str, str], list[float]] = {}
    ix = {n: i for i, n in enumerate(NAMES)}
    for x, y in data:
        lead = ("leads" if x[ix["lead"]] else "shares the lead" if x[ix["tie"]] else
                "behind or none")
        cards = ("any" if lead == "behind or none" else
                 "2+" if x[ix["lead_cards"]] or x[ix["tie_cards"]] else
                 "1" if x[ix["lead_card"]] or x[ix["tie_card"]] else "0")
        c = cells.setdefault((lead, cards), [0.0, 0.0])
        c[0] += 1
        c[1] += y
    for (lead, cards), (n, won) in sorted(cells.items()):
        print(f"{lead:16} cards {cards:4} {int(n):5} positions, won {100 * won / n:.0f}%")


def calibrate(games: list[list[tuple[list[float], float]]], players: int) -> int:
    """How often a verdict of `value` came true, by tenths, and win ~ a + b * logit(p)
    fitted on every position (and on half the games, judged on the other half)."""
    vi = NAMES.index("value")
    data = [r for g in games for r in g]
    print(f"{players} players: {len(data)} positions from {len(games)} games")
    print("value's verdict   positions   won")
    for tenth in range(10):
        cell = [y for x, y in data
                if tenth <= 10 / (1 + math.exp(-x[vi])) < tenth + 1 or
                (tenth == 9 and 10 / (1 + math.exp(-x[vi])) >= 10)]
        if cell:
            print(f"  {10 * tenth:3d}-{10 * tenth + 10:3d}%   {len(cell):9d}   "
                  f"{100 * sum(cell) / len(cell):5.1f}%")
    cols = [NAMES.index("bias"), vi]
    even = [r for i, g in enumerate(games) for r in g if i % 2 == 0]
    odd = [r for i, g in enumerate(games) for r in g if i % 2 == 1]
    raw = sum(y * x[vi] - math.log(1 + math.exp(x[vi])) for x, y in odd) / len(odd)
    ll = loglik(odd, cols, fit(even, cols, l2=0.0), None)
    print(f"mean log-likelihood on the other half: value as it is {raw:.4f}, "
          f"corrected {ll:.4f}")
    a_, b_ = fit(data, cols, l2=0.0)
    print(f"correction: a = {a_:.3f}, b = {b_:.3f}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--first-seed", type=int, default=6000)
    ap.add_argument("--games", type=int, default=253)
    ap.add_argument("--offset", action="store_true",
                    help="keep value's verdict at weight 1; fit the rest")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--calibrate", action="store_true",
                    help="how often a verdict of value came true, and its fitted correction")
    a = ap.parse_args(argv)
    games = [positions(seed, a.players)
             for seed in range(a.first_seed, a.first_seed + a.games)]
    if a.calibrate:
        return calibrate(games, a.players)
    data = [r for g in games for r in g]
    even = [r for i, g in enumerate(games) for r in g if i % 2 == 0]
    odd = [r for i, g in enumerate(games) for r in g if i % 2 == 1]
    vi = NAMES.index("value")
    off = vi if a.offset else None
    cols = [i for i in range(len(NAMES)) if not (a.offset and i == vi)]
    alone = [NAMES.index("bias"), vi]
    print(f"{len(data)} positions from {a.games} games")
    shares(data)
    for name, cs, o in (("value alone", alone, None), ("with the features", cols, off)):
        ll = loglik(odd, cs, fit(even, cs, o), o)
        print(f"{name}: mean log-likelihood on the other half of the games {ll:.4f}")
    w = dict(zip([NAMES[c] for c in cols], fit(data, cols, off)))
    if a.offset:
        w["value"] = 1.0
    print("weights = {")
    for n in NAMES:
        print(f'    "{n}": {w[n]:.3f},')
    print("}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
