#!/usr/bin/env python3
"""Positions and who went on to win them: the data a learnt judgement of positions is fitted on.

Plays whole games between medium bots and records, at the start of every turn, the board as
the bots read it (the fields of the save data that `Board.from_data` needs, the hands as
their sizes) with medium's own judgement of it for every seat (`board.values`, the player
whose turn it is acting next), and, once the game is over, its winners. One JSON line per
game, appended as it goes, so a long run can be stopped and its games still count.
`bench/value_fit.py` fits a judgement on these lines. A benchmark-like tool, not a test;
deterministic.

    python3 bench/value_data.py --players 4 --first-seed 10001 --games 1000 \\
        --out bench/results/value/4p-10001.jsonl
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "py"))

import cakegame  # noqa: E402
from cakegame import bots  # noqa: E402
from cakegame.bots import board  # noqa: E402

KEEP = ("players", "turn", "discard", "pos", "face", "sub", "cake", "portals", "turret",
        "cube", "glados", "supply", "cake_supply", "burned", "over")
MAX_TURNS = 300


def compact(d: dict[str, Any]) -> dict[str, Any]:
    """The save data's fields a Board is read from, the hands as dummies of their sizes and
    only the discard pile's top card (its rule)."""
    out = {k: d[k] for k in KEEP}
    out["discard"] = d["discard"][-1:]
    out["hands"] = [[0] * len(h) for h in d["hands"]]
    return out


def game(seed: int, players: int, level: str) -> dict[str, Any] | None:
    """One whole game: the positions at each turn's start and the winners (None if the game
    ran past MAX_TURNS)."""
    s = cakegame.new_game(players=players, seed=seed)
    rows: list[dict[str, Any]] = []
    last = None
    k = 0
    while not s.is_over and s.turn_number < MAX_TURNS:
        if s.turn_number != last:
            last = s.turn_number
            d = compact(s.to_data())
            # a copy: a Board takes over the lists it is read from, and `d` is written out
            b = board.Board.from_data(json.loads(json.dumps(d)))
            vals = board.values(b, list(range(players)), s.turn)
            rows.append({"t": s.turn_number, "d": d, "v": [round(v, 5) for v in vals]})
        seat = s.current_player
        assert seat is not None
        s = s.apply(bots.choose(s.view(seat), level, seed=seed * 7919 + k))
        k += 1
    if s.outcome is None:
        return None
    return {"seed": seed, "players": players, "level": level,
            "winners": list(s.outcome.winners), "turns": s.turn_number, "positions": rows}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--first-seed", type=int, default=10001)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--level", default="medium")
    ap.add_argument("--out", required=True)
    a = ap.parse_args(argv)
    os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
    for seed in range(a.first_seed, a.first_seed + a.games):
        g = game(seed, a.players, a.level)
        if g is None:
            continue
        with open(a.out, "a") as f:
            f.write(json.dumps(g, separators=(",", ":")) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
