"""A judgement of positions learnt from games: each division's chance to win from here.

medium judges a position by a hand-set formula (`board.value`: safe cake and a little for
everything else, then the others' best replies). This one was fitted instead, on the
positions at the start of every turn of thousands of games between medium bots and who
went on to win them (`bench/value_data.py`, `bench/value_fit.py`, docs/balance.md): each
division gets a score, a weighted sum of `NAMES`, and its chance to win is its share of
exp(score) (a conditional logit: only the differences between divisions count).

It reads a `Board` at the start of `mover`'s turn; it is a pure function of the two.
"""

from __future__ import annotations

import math

from .board import _ICON_SUM, Board

DEPTHS = 4  # depth 0 (the old edge), 1, 2, and 3 or deeper

NAMES = (
    "rel1", "rel2", "rel3",  # the division's place in the turn order after the mover
    "supply", "cake_supply", "hand",
    "maj_icons", "maj_n",  # the old-edge majorities it holds: their icons, their number
    "thin1", "thin2",  # its subjects stand in only one chamber, in only two
    "lab_cake", "lab_sub",
    "lead", "leader", "tied",  # cake in the lab against the best other's
    "score",  # medium's standing (`Board.scores`)
    "cake_d0", "cake_d1", "cake_d2", "cake_d3",
    "sub_d0", "sub_d1", "sub_d2", "sub_d3",
    # near the end (some division in one or two chambers) the lead counts more, the more
    # so for the mover, who can end the game when it suits it
    "mover_lead", "mover_leader", "near_end_lead", "near_end_leader",
    "near_end_mover_leader", "next_lead",
)

# Fitted weights by the number of players, in the order of NAMES (`bench/value_fit.py
# --save` on 1977 four-player games between medium bots, deals 10001-10344, 11501-11856,
# 13001-13653 and 14501-15124: `bench/value_data.py`; docs/balance.md).
WEIGHTS: dict[int, tuple[float, ...]] = {
    4: (-0.1337, -0.2921, -0.4361, -0.0897, 0.1032, 0.4452, 0.3823, 0.0722, -0.0615,
        -0.0193, 0.6082, 0.0897, -0.0828, 0.3385, 0.2919, -0.709, -0.3629, -0.0055, 0.4161,
        0.5604, -0.0576, 0.0804, 0.0532, 0.0137, 0.0376, -0.4246, 0.1186, 0.2491, 0.9548,
        0.0391),
}


def features(b: Board, mover: int) -> list[list[float]]:
    """Each division's features (by NAMES) at the start of `mover`'s turn."""
    n = b.n
    g = b._geo or b.geo()
    depth = g.depth
    rng = range(n)
    cake_d = [[0.0] * DEPTHS for _ in rng]
    sub_d = [[0.0] * DEPTHS for _ in rng]
    held = [0] * n
    last = DEPTHS - 1
    for p in g.lab:
        dd = depth[p]
        if dd > last:
            dd = last
        cp, sp = b.cake[p], b.sub[p]
        for s in rng:
            if cp[s]:
                cake_d[s][dd] += cp[s]
            if sp[s]:
                sub_d[s][dd] += sp[s]
                held[s] += 1
    maj_icons = [0.0] * n
    maj_n = [0.0] * n
    for q in g.old:
        if q == b.cube:
            continue
        m = b.majority(q)
        if m is not None:
            maj_icons[m] += _ICON_SUM[b.icons[q]]
            maj_n[m] += 1.0
    lab_cake = [sum(c) for c in cake_d]
    scores = b.scores()
    thinnest = min(held)
    near_end = 1.0 if thinnest <= 1 else 0.5 if thinnest == 2 else 0.0
    out = []
    for s in rng:
        top = max(lab_cake[t] for t in rng if t != s)
        rel = (s - mover) % n
        lead = lab_cake[s] - top
        leader = 1.0 if lead > 0 else 0.0
        is_mover = 1.0 if rel == 0 else 0.0
        cd, sd = cake_d[s], sub_d[s]
        out.append([
            1.0 if rel == 1 else 0.0, 1.0 if rel == 2 else 0.0, 1.0 if rel == 3 else 0.0,
            float(b.supply[s]), float(b.cake_supply[s]), float(b.hand[s]),
            maj_icons[s], maj_n[s],
            1.0 if held[s] == 1 else 0.0, 1.0 if held[s] == 2 else 0.0,
            lab_cake[s], sum(sd),
            lead, leader, 1.0 if lead == 0 and top > 0 else 0.0,
            scores[s],
            cd[0], cd[1], cd[2], cd[3], sd[0], sd[1], sd[2], sd[3],
            is_mover * lead, is_mover * leader, near_end * lead, near_end * leader,
            near_end * is_mover * leader, (1.0 if rel == 1 else 0.0) * lead,
        ])
    return out


def chances(b: Board, mover: int, weights: tuple[float, ...] | None = None) -> list[float]:
    """Each division's chance to win from the start of `mover`'s turn (they sum to 1; the
    winners' shares once the game is over)."""
    if b.over is not None:
        return [1.0 / len(b.over) if s in b.over else 0.0 for s in range(b.n)]
    w = weights if weights is not None else WEIGHTS[b.n]
    z = [sum(wi * xi for wi, xi in zip(w, f)) for f in features(b, mover)]
    top = max(z)
    e = [math.exp(x - top) for x in z]
    total = sum(e)
    return [x / total for x in e]
