"""The engine plays, says and saves exactly what it did when tests/golden/engine_games.json
was recorded (tests/golden_games.py): every state's JSON, its legal actions, prompt, details
and the sentence for each action, over seeded random games of 2, 3 and 4 players.

A change that is meant to change the game (a rule, a word, the save) records the file anew:
    python3 tests/golden_games.py --games 8 --out tests/golden/engine_games.json
A reshaping of the code must leave it as it is.
"""

from __future__ import annotations

import json
import os

import golden_games

KEPT = os.path.join(os.path.dirname(__file__), "golden", "engine_games.json")
GAMES = 8  # per player count: 24 games, a few thousand states


def test_random_games_are_as_recorded() -> None:
    with open(KEPT) as f:
        kept = json.load(f)
    now = golden_games.run(GAMES)
    assert len(now) == 3 * GAMES
    assert sum(g["states"] for g in now.values()) > 1000, "the games are too short to prove much"
    assert golden_games.compare(now, kept) == []


def test_a_different_game_is_noticed() -> None:
    """The comparison would see one changed step: a game played from another seed."""
    now = golden_games.run(1)
    other = dict(now)
    other["random 2p/0"] = golden_games.play(2, 1)
    assert golden_games.compare(now, other) == ["random 2p/0"]
