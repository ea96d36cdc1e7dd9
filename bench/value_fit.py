#!/usr/bin/env python3
"""Fit a judgement of positions on the games `bench/value_data.py` recorded, and compare it
with medium's (`board.value`).

The model: at the start of a turn, each division s gets a score z_s = w . f_s, a weighted
sum of features of its standing (cake and subjects by how near the old edge they stand,
supplies, cards, majorities, how thin it stands, its lead, its place in the turn order);
its chance to win is exp(z_s) / sum_t exp(z_t) (a conditional logit: only differences
between divisions count). Fitted by Newton's method with a little L2 shrinkage on the
games of odd seeds, judged on the games of even seeds by the mean log-likelihood of who
won (a shared win counts fractionally) and by how often the favourite won. numpy is used
here only, offline; the weights it prints are what a bot would carry as constants.

    python3 bench/value_fit.py bench/results/value/*.jsonl [--features base,depth,...]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from typing import Any

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "py"))

from cakegame.bots import learnt  # noqa: E402
from cakegame.bots.board import Board  # noqa: E402

SETS: dict[str, list[str]] = {
    "all": list(learnt.NAMES),
    "score": ["score", "rel1", "rel2", "rel3"],
    "base": ["rel1", "rel2", "rel3", "supply", "cake_supply", "hand", "maj_icons", "maj_n",
             "thin1", "thin2", "lab_cake", "lab_sub", "lead", "leader", "tied"],
    "depth": ["cake_d0", "cake_d1", "cake_d2", "cake_d3", "sub_d0", "sub_d1", "sub_d2",
              "sub_d3"],
    "end": ["mover_lead", "mover_leader", "near_end_lead", "near_end_leader",
            "near_end_mover_leader", "next_lead"],
}


def load(paths: list[str], players: int) -> list[dict[str, Any]]:
    games = []
    for path in paths:
        with open(path) as f:
            for line in f:
                g = json.loads(line)
                if g["players"] == players:
                    games.append(g)
    return games


def table(games: list[dict[str, Any]], names: list[str], with_value: bool
          ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Features (positions x seats x features), outcomes (positions x seats), and medium's
    verdicts as logits (positions x seats)."""
    cols = [learnt.NAMES.index(k) for k in names]
    xs, ys, vs = [], [], []
    for g in games:
        win = g["winners"]
        n = g["players"]
        y = [1.0 / len(win) if s in win else 0.0 for s in range(n)]
        for pos in g["positions"]:
            d = pos["d"]
            b = Board.from_data(d)
            fs = learnt.features(b, d["turn"])
            v = [min(max(x, 1e-4), 1 - 1e-4) for x in pos["v"]]
            lv = [math.log(x / (1 - x)) for x in v]
            xs.append([[f[k] for k in cols] + ([lv[s]] if with_value else [])
                       for s, f in enumerate(fs)])
            ys.append(y)
            vs.append(lv)
    return np.array(xs, dtype=float), np.array(ys), np.array(vs)


def shares(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    """Each division's chance to win (positions x seats): its share of exp(x . w)."""
    z = x @ w
    z -= z.max(axis=1, keepdims=True)
    p = np.exp(z)
    return p / p.sum(axis=1, keepdims=True)


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1.0, iters: int = 30) -> np.ndarray:
    """Conditional logit by Newton's method."""
    d = x.shape[2]
    w = np.zeros(d)
    for _ in range(iters):
        p = shares(x, w)
        xbar = (p[:, :, None] * x).sum(axis=1)  # positions x d
        grad = ((y[:, :, None] - p[:, :, None]) * x).sum(axis=(0, 1)) - l2 * w
        xc = x - xbar[:, None, :]
        h = np.einsum("ps,psi,psj->ij", p, xc, xc) + l2 * np.eye(d)
        step = np.linalg.solve(h, grad)
        w += step
        if np.abs(step).max() < 1e-7:
            break
    return w


def judge(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> tuple[float, float]:
    """`judge_probs` of the model with weights `w`."""
    return judge_probs(shares(x, w), y)


def judge_probs(p: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    """Mean log-likelihood of the winners, and the share of positions whose favourite won,
    for chances `p` (positions x seats; scaled to sum to 1)."""
    p = p / p.sum(axis=1, keepdims=True)
    ll = float((y * np.log(np.clip(p, 1e-9, 1))).sum(axis=1).mean())
    fav = float(y[np.arange(len(y)), p.argmax(axis=1)].mean())
    return ll, fav


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--features", default="all")
    ap.add_argument("--save", help="write the weights (for all of learnt.NAMES) here as JSON")
    ap.add_argument("--with-value", action="store_true",
                    help="medium's verdict (as a logit) is a feature too")
    ap.add_argument("--l2", type=float, default=1.0)
    a = ap.parse_args(argv)
    games = load(a.paths, a.players)
    names = list(dict.fromkeys(k for s in a.features.split(",") if s for k in SETS[s]))
    train = [g for g in games if g["seed"] % 2]
    test = [g for g in games if not g["seed"] % 2]
    xt, yt, vt = table(train, names, a.with_value)
    xe, ye, ve = table(test, names, a.with_value)
    n = a.players
    print(f"{len(train)} games ({len(xt)} positions) fitted, {len(test)} ({len(xe)}) judged")
    print(f"chance: log-lik {math.log(1 / n):.4f}")
    pv = 1 / (1 + np.exp(-ve))
    ll, fav = judge_probs(pv, ye)
    print(f"medium's value, shares: log-lik {ll:.4f}, favourite won {fav:.3f}")
    wv = fit(vt[:, :, None], yt, a.l2)
    ll, fav = judge(ve[:, :, None], ye, wv)
    print(f"medium's value, fitted logit (w={wv[0]:.3f}): log-lik {ll:.4f}, "
          f"favourite won {fav:.3f}")
    w = fit(xt, yt, a.l2)
    ll, fav = judge(xe, ye, w)
    plus = " +value" if a.with_value else ""
    print(f"model {a.features}{plus}: log-lik {ll:.4f}, favourite won {fav:.3f} "
          f"(on the fitted half {judge(xt, yt, w)[0]:.4f})")
    for k, wi in zip(names + (["value"] if a.with_value else []), w):
        print(f"  {k:24s} {wi:+.4f}")
    if a.save:  # the weights kept are fitted on every game, both halves
        w = fit(np.concatenate([xt, xe]), np.concatenate([yt, ye]), a.l2)
        full = dict(zip(names, w))
        with open(a.save, "w") as f:
            json.dump({"players": a.players, "names": list(learnt.NAMES),
                       "weights": [round(float(full.get(k, 0.0)), 4) for k in learnt.NAMES]},
                      f)
        print("fitted on every game, for learnt.WEIGHTS:",
              tuple(round(float(full.get(k, 0.0)), 4) for k in learnt.NAMES))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
