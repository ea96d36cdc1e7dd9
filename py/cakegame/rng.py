"""A small seeded random generator whose whole state is one integer.

The game keeps this integer inside its JSON state, so a saved game carries
its future shuffles with it and replays identically in CPython and Pyodide.
(`random.Random` would also be deterministic, but its state is 625 numbers.)
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """The generator state for a seed (any integer, negative ones included)."""
    return seed & _MASK


def pack(state: int) -> str:
    """The state as 16 hex digits: saves keep it as text, because JavaScript's JSON reader
    would round a 64-bit number."""
    return f"{state:016x}"


def unpack(text: str) -> int:
    """The state written by `pack`; ValueError if `text` is not 16 hex digits."""
    if not isinstance(text, str) or len(text) != 16 or text.strip("0123456789abcdef"):
        raise ValueError(f"a generator state is 16 hex digits, not {text!r}")
    return int(text, 16)


def next_u64(state: int) -> tuple[int, int]:
    """One SplitMix64 step: (new state, a 64-bit output)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """(new state, a uniform integer in [0, n)), without modulo bias."""
    if n <= 0:
        raise ValueError("below() needs a positive bound")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, r = next_u64(state)
        if r < limit:
            return state, r % n


def shuffle(state: int, items: list[T]) -> int:
    """Shuffle `items` in place (Fisher-Yates); returns the new state."""
    for i in range(len(items) - 1, 0, -1):
        state, j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state


class Rng:
    """A convenience wrapper for callers outside the rules (bots, tools)."""

    def __init__(self, seed: int) -> None:
        self.state = seed_state(seed)

    def randbelow(self, n: int) -> int:
        self.state, r = below(self.state, n)
        return r

    def random(self) -> float:
        self.state, r = next_u64(self.state)
        return (r >> 11) / float(1 << 53)

    def shuffle(self, items: list[T]) -> None:
        self.state = shuffle(self.state, items)

    def choice(self, items: list[T]) -> T:
        return items[self.randbelow(len(items))]
