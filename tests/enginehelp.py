"""Helpers for the engine's rule-by-rule tests: hand-made positions and short checks."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator

import pytest
from cakegame import IllegalActionError, State, new_game
from cakegame.builder import build

# The standard lab: top row A-E (x 0..8), middle F-J (x 1..9), bottom K-O (x 0..8).
# New edges A, F, K; old edges E, J, O; P, Q, R set aside. Portals default to E and O.
LAB = """
A B C D E
F G H I J
K L M N O
"""

# The start of a game: 1/2/1 subjects per division on the new edge.
START = {"A": [1, 1], "F": [2, 2], "K": [1, 1]}


def pos(players: int = 2, lab: str = LAB, **kw) -> State:
    """A hand-made position (the builder), with the standard lab by default."""
    if "subjects" not in kw:
        kw["subjects"] = {k: v[:1] * players for k, v in START.items()}
    return build(players, lab, **kw)


def run(s: State, *actions: str) -> State:
    """Apply each action text in turn (each checked for legality)."""
    for a in actions:
        s = s.apply(a)
        assert State.from_json(s.to_json()) == s  # every position is a loadable save
    return s


def opts(s: State) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def subs(s: State, letter: str) -> tuple[int, ...]:
    return s.chamber(letter).subjects


def cake(s: State, letter: str) -> tuple[int, ...]:
    return s.chamber(letter).cake


def refused(s: State, action: str, *words: str) -> str:
    """`action` is refused with IllegalActionError naming `words`; `s` is unchanged."""
    before = s.to_json()
    with pytest.raises(IllegalActionError) as err:
        s.apply(action)
    message = str(err.value)
    for w in words:
        assert w.lower() in message.lower(), message
    assert s.to_json() == before
    return message


def finish_turn(s: State) -> State:
    """Play out the current turn: end deploying, then take the first choice each time."""
    turn, number = s.turn, s.turn_number
    while not s.is_over and s.turn_number == number:
        acts = opts(s)
        s = s.apply("end" if "end" in acts else acts[0])
    assert s.is_over or s.turn == (turn + 1) % s.players
    return s


def random_play(players: int, seeds: Iterable[int]) -> Iterator[State]:
    """Every position of random games, a game per seed, each choice drawn by
    `random.Random(seed)`: where a test looks for the cases it checks."""
    for seed in seeds:
        s = new_game(players=players, seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            yield s
            s = s.apply(rng.choice(s.legal_actions()))
