"""Whole games without a board: bot matches and the engine's speed, for the installed package.

`cakegame tournament` and `cakegame bench` (also `cakegame-tournament`, `cakegame-bench`)
use these. They are the short versions of the repository's bench/tournament.py and
bench/engine.py, which add result files, intervals, card statistics and the Pyodide side:
these need nothing but the package.

Seats rotate over the same deals (`seating`, which bench/tournament.py uses too): game g
plays deal seed + g // players with the levels turned by g % players, so every level sits
in every seat on the same deals; with one level in every seat turning changes nothing, so
game g plays deal seed + g. A shared win counts as a fraction.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass, field

from . import bots
from .rng import Rng
from .state import new_game

# A game still going then is stopped and counted in MatchResult.stopped, with no winner
# (bench/tournament.py scores such a game as it stands instead).
MAX_TURNS = 300


@dataclass(frozen=True)
class Seating:
    """Who sits where in one game of a match: the deal (the game's seed), how far the
    levels are turned, and the level in each seat."""

    deal: int
    rotation: int
    seats: tuple[str, ...]


def seating(levels: list[str] | tuple[str, ...], game: int, base: int = 1) -> Seating:
    """Game `game` (from 0) of a match between `levels`, dealt from seed `base` onwards."""
    players = len(levels)
    if len(set(levels)) == 1:  # turning identical seats would only replay the deal
        return Seating(base + game, 0, tuple(levels))
    turn = game % players
    return Seating(base + game // players, turn,
                   tuple(levels[(s + turn) % players] for s in range(players)))


@dataclass
class MatchResult:
    """Wins of each level (fractions for shared wins), games played, turns per game."""

    levels: tuple[str, ...]
    wins: dict[str, float] = field(default_factory=dict)
    games: int = 0
    turns: list[int] = field(default_factory=list)
    stopped: int = 0  # games that reached MAX_TURNS

    def share(self, level: str) -> float:
        """The level's share of wins per seat it held (1 / players is fair)."""
        seats = self.levels.count(level) * self.games
        return self.wins.get(level, 0.0) / seats if seats else 0.0


def play_match(levels: list[str], games: int, *, seed: int = 1,
               iterations: int | None = None, budget_s: float | None = None) -> MatchResult:
    """Play `games` seeded games between bot `levels` (one per seat) and count the wins."""
    players = len(levels)
    for level in levels:
        if level not in bots.LEVELS:
            raise ValueError(f"unknown bot level {level!r}; choose from {', '.join(bots.LEVELS)}")
    result = MatchResult(tuple(levels))
    for g in range(games):
        sit = seating(levels, g, seed)
        seats, deal = sit.seats, sit.deal
        s = new_game(players=players, seed=deal)
        k = 0
        while not s.is_over and s.turn_number <= MAX_TURNS:
            seat = s.current_player
            assert seat is not None
            a = bots.choose(s.view(seat), seats[seat], seed=deal * 7919 + k,
                            iterations=iterations, budget_s=budget_s)
            s = s.apply(a)
            k += 1
        result.games += 1
        result.turns.append(s.turn_number)
        if s.outcome is None:
            result.stopped += 1
            continue
        for w in s.outcome.winners:
            result.wins[seats[w]] = result.wins.get(seats[w], 0.0) + 1 / len(s.outcome.winners)
    return result


def speed(players: int, games: int, *, seed: int = 0) -> dict[str, float]:
    """Random legal games: games and actions per second of `legal_actions()` + `apply()`."""
    actions = 0
    turns = []
    t0 = time.perf_counter()
    for g in range(games):
        pick = Rng(seed + g * 7919 + players)
        s = new_game(players=players, seed=seed + g)
        while not s.is_over:
            s = s.apply(pick.choice(s.legal_actions()))
            actions += 1
        turns.append(s.turn_number)
    elapsed = time.perf_counter() - t0
    return {"players": players, "games": games, "games_per_s": games / elapsed,
            "actions_per_s": actions / elapsed, "turns_median": statistics.median(turns)}
