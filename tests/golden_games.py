"""Golden game records: proof that a reshaping of the engine left the game as it was.

Plays seeded games (uniformly random legal actions, and optionally bot games) and reduces
each to one sha256 over everything a player or a save could notice at every step: the
state's JSON (`to_json`, events included), the legal actions in their order, the prompt,
the decision kind, the open decision's details (`pending`), and the sentence describing the
action taken, then the action itself. Two versions of the engine that print the same
digests play the same games, say the same words and save the same bytes.

    python3 tests/golden_games.py --games 100 --out before.json     # record
    python3 tests/golden_games.py --games 100 --check before.json   # compare (exit 1: differ)
    python3 tests/golden_games.py --games 100 --bots 6 --out x.json # and 6 bot games

tests/test_golden_games.py keeps a small set (tests/golden/engine_games.json) as a test.
Bot games are left out of that file: the bots change on their own, and a changed bot plays
another game without the engine being any different.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
_PY = os.path.join(HERE, "..", "py")
if os.path.isdir(os.path.join(_PY, "cakegame")) and _PY not in sys.path:
    sys.path.insert(0, _PY)

import cakegame  # noqa: E402
from cakegame.rng import Rng  # noqa: E402

MAX_ACTIONS = 5000
BOT_LEVELS = (["easy", "medium"], ["medium", "easy", "medium"],
              ["easy", "medium", "easy", "medium"])


def _step_text(s: cakegame.State, a: cakegame.Action) -> str:
    """Everything observable at one step, as text, then the action taken."""
    pending = sorted((k, repr(v)) for k, v in s.pending.items())
    return "\n".join((
        s.to_json(),
        " ".join(str(x) for x in s.legal_actions()),
        s.prompt(),
        str(s.decision),
        repr(pending),
        s.describe(a),
        str(a),
    ))


def play(players: int, seed: int, levels: list[str] | None = None) -> dict[str, Any]:
    """One game: its record (the actions), the number of states and their digest."""
    h = hashlib.sha256()
    s = cakegame.new_game(players=players, seed=seed)
    pick = Rng(seed * 7919 + players)
    record: list[str] = []
    states = 1
    while not s.is_over and len(record) < MAX_ACTIONS:
        if levels is None:
            a = pick.choice(s.legal_actions())
        else:
            from cakegame import bots
            seat = s.current_player
            assert seat is not None
            a = bots.choose(s.view(seat), levels[seat], seed=seed + len(record))
        h.update(_step_text(s, a).encode())
        record.append(str(a))
        s = s.apply(a)
        states += 1
    h.update(s.to_json().encode())
    h.update(repr([str(e) for e in s.events]).encode())
    return {"actions": len(record), "states": states,
            "record": hashlib.sha256("\n".join(record).encode()).hexdigest(),
            "digest": h.hexdigest()}


def run(games: int, bots: int = 0) -> dict[str, dict[str, Any]]:
    """`games` random games for each of 2, 3 and 4 players (seeds 0..games-1), and `bots`
    bot games (easy and medium, 2-4 players)."""
    out: dict[str, dict[str, Any]] = {}
    for players in (2, 3, 4):
        for seed in range(games):
            out[f"random {players}p/{seed}"] = play(players, seed)
    for i in range(bots):
        levels = BOT_LEVELS[i % len(BOT_LEVELS)]
        out[f"bots {len(levels)}p/{i}"] = play(len(levels), 100 + i, levels)
    return out


def compare(now: dict[str, dict[str, Any]], kept: dict[str, dict[str, Any]]) -> list[str]:
    """The games whose digests differ (or that one side lacks)."""
    return [k for k in sorted(set(now) | set(kept)) if now.get(k) != kept.get(k)]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20, help="random games per player count")
    ap.add_argument("--bots", type=int, default=0, help="bot games")
    ap.add_argument("--out", help="write the digests here")
    ap.add_argument("--check", help="compare with the digests kept in this file")
    args = ap.parse_args()
    now = run(args.games, args.bots)
    n_states = sum(g["states"] for g in now.values())
    print(f"{len(now)} games, {n_states} states", file=sys.stderr)
    if args.out:
        with open(args.out, "w") as f:
            json.dump(now, f, indent=0, sort_keys=True)
            f.write("\n")
    if args.check:
        with open(args.check) as f:
            kept = json.load(f)
        bad = compare(now, kept)
        if bad:
            print(f"{len(bad)} games differ: {', '.join(bad[:10])}", file=sys.stderr)
            return 1
        print(f"identical: {len(now)} games, {n_states} states", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
