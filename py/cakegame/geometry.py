"""The hexagonal lab: where chambers stand, which touch, and whether the lab holds together.

A chamber's place is (row, x): rows 0-2 are top, middle, bottom; x counts half-chamber steps.
Top and bottom rows stand on even x, the middle row on odd x. Two chambers are adjacent when
they share an edge: same row and x two apart, or neighbouring rows and x one apart.

Positions are given as a list indexed by panel, each entry `[row, x]` or None for a panel
that is not in the lab. Every result is ordered (row, then x) so output is deterministic.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

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


@dataclass(frozen=True)
class Layout:
    """Everything about one arrangement of the lab that the rules ask for, computed once.

    The lab's arrangement changes only when a chamber is recycled, while the rules ask about
    it many times a decision, so `layout(pos)` memoises these by arrangement.
    """

    rows: tuple[tuple[int, ...], ...]
    order: tuple[int, ...]  # every chamber, top row first, each row from its new edge
    rank: dict[int, int]  # a chamber's place in `order`
    where: dict[tuple[int, int], int]
    neighbours: dict[int, tuple[int, ...]]
    new_edge: tuple[int, ...]
    old_edge: tuple[int, ...]
    off_old_edge: tuple[int, ...]  # every chamber not on the old edge, in board order
    activatable: tuple[int, ...]  # old-edge chambers whose pick-up keeps the lab whole


def _key(pos: Pos) -> tuple[int, ...]:
    return tuple(-1 if p is None else (p[0] << 20) + p[1] + (1 << 19) for p in pos)


_recent: dict[int, tuple[Pos, Layout]] = {}


def layout(pos: Pos) -> Layout:
    """The Layout of `pos`. Game states share their `pos` list until a chamber moves (the
    rules replace the list rather than change it), so the list itself is a quick first key."""
    hit = _recent.get(id(pos))
    if hit is not None and hit[0] is pos:
        return hit[1]
    found = _layout(_key(pos))
    if len(_recent) >= 512:
        _recent.clear()
    _recent[id(pos)] = (pos, found)
    return found


@lru_cache(maxsize=4096)
def _layout(key: tuple[int, ...]) -> Layout:
    pos = [None if k < 0 else [k >> 20, (k & ((1 << 20) - 1)) - (1 << 19)] for k in key]
    rws = rows(pos)
    where = position_map(pos)
    order = tuple(p for r in rws for p in r)
    nbrs = {p: tuple(neighbours(pos, p, where)) for p in order}
    olds = tuple(r[-1] for r in rws if r)

    def whole_without(gone: int) -> bool:
        rest = [p for p in order if p != gone]
        seen = {rest[0]}
        todo = [rest[0]]
        while todo:
            for q in nbrs[todo.pop()]:
                if q != gone and q not in seen:
                    seen.add(q)
                    todo.append(q)
        return len(seen) == len(rest)

    ok = tuple(p for p in olds if whole_without(p))
    return Layout(
        rows=tuple(tuple(r) for r in rws),
        order=order,
        rank={p: i for i, p in enumerate(order)},
        where=where,
        neighbours=nbrs,
        new_edge=tuple(r[0] for r in rws if r),
        old_edge=olds,
        off_old_edge=tuple(p for r in rws for p in r[:-1]),
        activatable=ok or olds,
    )
