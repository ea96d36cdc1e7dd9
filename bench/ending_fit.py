#!/usr/bin/env python3
"""Fit the weights of hard's four-player judgement (`board.ending_value`) to games.

Plays four-player games between medium bots and, at the start of every turn, records the
features `board.ending_features` reads for the player whose turn it is (with the verdict of
`board.value` on the position), and whether that player went on to win (a shared win
counts fractionally). A logistic regression (Newton's method, a little L2 shrinkage on every
weight) then gives the weights to put in `board.ENDING_WEIGHTS`; half the games fitted and
the other half judged, against `value` alone, shows whether the features help. A
benchmark-like tool, not a test; deterministic.

    python3 bench/ending_fit.py --first-seed 6000 --games 253
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

NAMES = list(board.ENDING_WEIGHTS)


def positions(seed: int) -> list[tuple[list[float], float]]:
    """(features, won) for the turn player at the start of each turn of one game."""
    s = cakegame.new_game(players=4, seed=seed)
    rows: list[tuple[list[float], int]] = []
    last = None
    k = 0
    while not s.is_over and s.turn_number < 300:
        if s.turn_number != last:
            last = s.turn_number
            b = board.Board.read_state(s)
            f = board.ending_features(b, s.turn, board.value(b, s.turn, s.turn))
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


def fit(data: list[tuple[list[float], float]], cols: list[int], l2: float = 0.1
        ) -> list[float]:
    """Logistic regression on the features `cols` (Newton's method)."""
    w = [0.0] * len(cols)
    for _ in range(40):
        h = [[l2 if i == j else 0.0 for j in range(len(cols))] for i in range(len(cols))]
        g = [-l2 * wi for wi in w]
        for x, y in data:
            xs = [x[c] for c in cols]
            p = 1.0 / (1.0 + math.exp(-sum(wi * xi for wi, xi in zip(w, xs))))
            q = p * (1 - p) + 1e-9
            for i, xi in enumerate(xs):
                g[i] += (y - p) * xi
                for j, xj in enumerate(xs):
                    h[i][j] += q * xi * xj
        w = [wi + d for wi, d in zip(w, solve(h, g))]
    return w


def loglik(data: list[tuple[list[float], float]], cols: list[int], w: list[float]) -> float:
    tot = 0.0
    for x, y in data:
        z = sum(wi * x[c] for wi, c in zip(w, cols))
        p = min(max(1.0 / (1.0 + math.exp(-z)), 1e-6), 1 - 1e-6)
        tot += y * math.log(p) + (1 - y) * math.log(1 - p)
    return tot / len(data)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--first-seed", type=int, default=6000)
    ap.add_argument("--games", type=int, default=253)
    a = ap.parse_args(argv)
    games = [positions(seed) for seed in range(a.first_seed, a.first_seed + a.games)]
    data = [r for g in games for r in g]
    even = [r for i, g in enumerate(games) for r in g if i % 2 == 0]
    odd = [r for i, g in enumerate(games) for r in g if i % 2 == 1]
    every = list(range(len(NAMES)))
    alone = [NAMES.index("bias"), NAMES.index("value")]
    print(f"{len(data)} positions from {a.games} games")
    for name, cols in (("value alone", alone), ("all features", every)):
        ll = loglik(odd, cols, fit(even, cols))
        print(f"{name}: mean log-likelihood on the other half of the games {ll:.4f}")
    w = fit(data, every)
    print("ENDING_WEIGHTS = {")
    for n, x in zip(NAMES, w):
        print(f'    "{n}": {x:.3f},')
    print("}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
