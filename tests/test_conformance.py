"""Random-playout conformance of the engine's public API, for 2, 3 and 4 players.

The checks themselves are in tests/conformance.py (plain Python, so tests/test_pyodide.py
runs them in Pyodide too); read its docstring for what `full` and `light` check at every
step. Seed counts come from the environment, for a deeper run:

    CONFORMANCE_FULL_SEEDS=10 CONFORMANCE_LIGHT_SEEDS=200 pytest tests/test_conformance.py

(a count N means seeds 0..N-1 for full checks, and the next N seeds for light checks).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

import cakegame
import pytest
from conformance import MAX_ACTIONS, final_hash, play, replay

HERE = Path(__file__).resolve().parent
PLAYERS = (2, 3, 4)
FULL_SEEDS = int(os.environ.get("CONFORMANCE_FULL_SEEDS", "2"))
LIGHT_SEEDS = int(os.environ.get("CONFORMANCE_LIGHT_SEEDS", "10"))
LIGHT_RANGE = range(FULL_SEEDS, FULL_SEEDS + LIGHT_SEEDS)
DETERMINISM_SEEDS = (0, 1)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(FULL_SEEDS))
@pytest.mark.parametrize("players", PLAYERS)
def test_full_checks_at_every_step_of_random_games(players: int, seed: int) -> None:
    """Every listed action applies, a sample of unlisted ones is refused with the state
    unchanged, JSON and text forms round-trip, views hide what they must, samples are
    consistent States, invariants hold, and the game ends."""
    r = play(players, seed, "full")
    assert r["steps"] == r["actions"] + 1
    assert r["refused"] >= r["actions"], "too few refusal probes were made"
    assert r["samples"] >= r["steps"]


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYERS)
def test_light_checks_over_many_seeds_and_every_game_ends(players: int, record_property) -> None:
    """Invariants, round-trips and non-empty legal actions at every step of many games;
    each ends within MAX_ACTIONS actions. Prints the distribution of game lengths."""
    turns, actions, reasons = [], [], {}
    for seed in LIGHT_RANGE:
        r = play(players, seed, "light")
        assert r["actions"] < MAX_ACTIONS
        turns.append(r["turns"])
        actions.append(r["actions"])
        reasons[r["reason"]] = reasons.get(r["reason"], 0) + 1
    summary = {"players": players, "games": len(turns), "turns": _spread(turns),
               "actions": _spread(actions), "reasons": reasons}
    record_property("game_length", json.dumps(summary))
    print(f"random games, {players} players: {json.dumps(summary)}")


def _spread(values: list[int]) -> dict[str, float]:
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return {"min": ordered[0], "median": statistics.median(ordered), "p90": p90,
            "max": ordered[-1]}


@pytest.mark.parametrize("players", PLAYERS)
def test_same_seed_and_action_texts_replay_to_the_identical_state(players: int) -> None:
    for seed in DETERMINISM_SEEDS:
        r = play(players, seed, "none")
        s = replay(players, seed, r["texts"])
        assert s.is_over
        assert final_hash(s) == r["hash"]
        again = replay(players, seed, r["texts"])
        assert again.to_json() == s.to_json()
        # and replaying from a save taken midway gives the same end
        mid = replay(players, seed, r["texts"][: len(r["texts"]) // 2])
        resumed = cakegame.State.from_json(mid.to_json())
        for text in r["texts"][len(r["texts"]) // 2:]:
            resumed = resumed.apply(text)
        assert resumed.to_json() == s.to_json()


def test_same_games_in_other_processes_with_other_hash_seeds() -> None:
    """Replays do not depend on string hashing (set order): another process with another
    PYTHONHASHSEED plays the same games to the same final JSON."""
    seeds = ",".join(map(str, DETERMINISM_SEEDS))
    here = {f"{p}p/{s}": play(p, s, "none")["hash"] for p in PLAYERS for s in DETERMINISM_SEEDS}
    for hash_seed in ("1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run(
            [sys.executable, str(HERE / "conformance.py"), "--players", *map(str, PLAYERS),
             "--seeds", "0", "--hash-seeds", seeds, "--checks", "none"],
            capture_output=True, text=True, env=env, timeout=300, check=True).stdout
        assert json.loads(out)["hashes"] == here, f"PYTHONHASHSEED={hash_seed}"
