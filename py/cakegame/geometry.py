"""The hexagonal lab: where chambers stand, which touch, and whether the lab holds together.

A chamber's place is (row, x): rows 0-2 are top, middle, bottom; x counts half-chamber steps.
Top and bottom rows stand on even x, the middle row on odd x. Two chambers are adjacent when
they share an edge: same row and x two apart, or neighbouring rows and x one apart.

Positions are given as a list indexed by panel, each entry `[row, x]` or None for a panel
that is not in the lab. Every result is ordered (row, then x) so output is deterministic.
"""

from __future__ import annotations

from collections.abc import Sequence

Pos = Sequence[Sequence[int] | None]


def rows(pos: Pos) -> list[list[int]]:
    """The panels of each row, new edge (leftmost) first."""
    out: list[list[tuple[int, int]]] = [[], [], []]
    for p, rx in enumerate(pos):
        if rx is not None:
            out[rx[0]].append((rx[1], p))
    return [[p for _, p in sorted(r)] for r in out]


def position_map(pos: Pos) -> dict[tuple[int, int], int]:
    return {(rx[0], rx[1]): p for p, rx in enumerate(pos) if rx is not None}


_STEPS = ((0, -2), (0, 2), (-1, -1), (-1, 1), (1, -1), (1, 1))


def neighbours(pos: Pos, panel: int, where: dict[tuple[int, int], int] | None = None) -> list[int]:
    """Chambers sharing an edge with `panel`, in (row, x) order."""
    where = position_map(pos) if where is None else where
    rx = pos[panel]
    assert rx is not None
    r, x = rx
    found = [(r + dr, x + dx) for dr, dx in _STEPS if (r + dr, x + dx) in where]
    return [where[k] for k in sorted(found)]


def new_edge(pos: Pos) -> list[int]:
    """The leftmost chamber of each row (top, middle, bottom)."""
    return [r[0] for r in rows(pos) if r]


def old_edge(pos: Pos) -> list[int]:
    """The rightmost chamber of each row (top, middle, bottom)."""
    return [r[-1] for r in rows(pos) if r]


def is_connected(pos: Pos, without: int | None = None) -> bool:
    """Whether the lab's chambers (less `without`) form one group by plain adjacency."""
    where = {k: p for k, p in position_map(pos).items() if p != without}
    if not where:
        return True
    start = next(iter(where.values()))
    seen = {start}
    todo = [start]
    while todo:
        p = todo.pop()
        for q in neighbours(pos, p, where):
            if q not in seen:
                seen.add(q)
                todo.append(q)
    return len(seen) == len(where)


def rows_are_contiguous(pos: Pos) -> bool:
    """Each row is a run of chambers with no gap, on the parity its row stands on."""
    for r, panels in enumerate(rows(pos)):
        xs = [pos[p][1] for p in panels]  # type: ignore[index]
        if any(x % 2 != (1 if r == 1 else 0) for x in xs):
            return False
        if any(b - a != 2 for a, b in zip(xs, xs[1:])):
            return False
    return True
