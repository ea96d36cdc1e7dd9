"""The lab by keys: board order, arrow-key moves between chambers, and where focus goes.

Pure functions of where the chambers stand (`(row, x)` from `State.chambers()`), so they
are tested under CPython. Tab walks the chambers that are choices in board order (top row
first, each row from its new edge at the left); the arrow keys walk every chamber by its
place on the board, so a player who cannot see the lab can still explore it square by
square and hear what each chamber holds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

Place = tuple[int, int]  # (row, x): rows 0-2 from the top, x grows to the right

ARROWS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End")


def board_order(places: Mapping[str, Place]) -> list[str]:
    """Chamber letters in reading order: by row from the top, then from left to right."""
    return sorted(places, key=lambda letter: (places[letter][0], places[letter][1], letter))


def step(places: Mapping[str, Place], current: str | None, key: str,
         column: float | None = None) -> str | None:
    """The chamber an arrow key (or Home/End) moves to from `current`, or None to stay.

    Left and right move within the row to the nearest chamber on that side. Up and down
    move to the nearest chamber of the row above or below, skipping a row only if it is
    empty: nearest to `column`, the place a run of up and down keys set out from (`walk`),
    so that down and then up come back where they began (a keyboard play-tester went ever
    leftwards). Hexagons interlock, so two are often equally near: up takes the left one
    and down the right one. Home and
    End go to the first and last chamber in board order. From no chamber (or one no longer
    on the board) any key starts at the first chamber.
    """
    order = board_order(places)
    if not order:
        return None
    if current is None or current not in places:
        return order[-1] if key == "End" else order[0]
    if key == "Home":
        return order[0]
    if key == "End":
        return order[-1]
    row, x = places[current]
    if key in ("ArrowLeft", "ArrowRight"):
        sign = -1 if key == "ArrowLeft" else 1
        same = [(sign * (p[1] - x), letter) for letter, p in places.items()
                if p[0] == row and sign * (p[1] - x) > 0]
        return min(same)[1] if same else None
    if key in ("ArrowUp", "ArrowDown"):
        rows = sorted({p[0] for p in places.values()})
        wanted = [r for r in rows if (r < row if key == "ArrowUp" else r > row)]
        if not wanted:
            return None
        target_row = wanted[-1] if key == "ArrowUp" else wanted[0]
        side = 1 if key == "ArrowUp" else -1
        at = x if column is None else column
        near = [(abs(p[1] - at), side * p[1], letter) for letter, p in places.items()
                if p[0] == target_row]
        return min(near)[2]
    return None


@dataclass(frozen=True)
class Column:
    """A run of up and down keys: the place it set out from, and the chambers it went
    through, each with the key that reached it (the first with none)."""

    at: float
    path: tuple[tuple[str, str], ...]


_BACK = {"ArrowUp": "ArrowDown", "ArrowDown": "ArrowUp"}


def walk(places: Mapping[str, Place], current: str | None, key: str,
         column: Column | None) -> tuple[str | None, Column | None]:
    """`step`, keeping the run of up and down keys it is part of: nearest to the place the
    run set out from, and a key that goes back the way the run came retraces it, so that
    any number of downs and then as many ups come back where they began (down, down, up
    had gone R, J, H, then Q beside J: the nearest to R was a tie there). Returns the
    chamber to move to (None: stay) and the run to keep for the next key."""
    if key not in _BACK or current is None or current not in places:
        return step(places, current, key), None
    if column is None or column.path[-1][0] != current:
        column = Column(float(places[current][1]), ((current, ""),))
    if len(column.path) > 1 and column.path[-1][1] == _BACK[key] \
            and column.path[-2][0] in places:
        return column.path[-2][0], Column(column.at, column.path[:-1])
    nxt = step(places, current, key, column.at)
    if nxt is None:
        return None, column
    return nxt, Column(column.at, column.path + ((nxt, key),))


def list_step(at: int | None, count: int, key: str) -> int | None:
    """The entry of a list (the game log: `count` entries, oldest first) that `key` moves
    to from entry `at` (None: the list itself has the focus, whose newest entries are in
    view: up and End go to the newest, down and Home to the oldest); None if the key does
    not move in a list, or the list is empty. The ends hold."""
    if count <= 0 or key not in ("ArrowUp", "ArrowDown", "Home", "End"):
        return None
    last = count - 1
    if key == "Home":
        return 0
    if key == "End":
        return last
    if at is None:
        return last if key == "ArrowUp" else 0
    return max(0, at - 1) if key == "ArrowUp" else min(last, at + 1)


def reorder_moves(current: Sequence[str], desired: Sequence[str]) -> list[tuple[str, str | None]]:
    """The fewest moves that turn the order `current` into `desired` (same items).

    Each move is `(item, before)`: put `item` just before `before` (None: at the end),
    applied in the order given. The items of a longest run already in the right relative
    order stay where they are: moving an element in the DOM restarts its CSS transition,
    so the chambers that only slid must not be moved.
    """
    rank = {item: i for i, item in enumerate(desired)}
    seq = [item for item in current if item in rank]
    keep = set(_longest_increasing(seq, rank))
    moves: list[tuple[str, str | None]] = []
    # Walk the desired order from the end: each item that is not kept goes just before the
    # item that follows it in the desired order (already in place by then).
    for i in range(len(desired) - 1, -1, -1):
        item = desired[i]
        if item in keep:
            continue
        before = desired[i + 1] if i + 1 < len(desired) else None
        moves.append((item, before))
    return moves


def _longest_increasing(seq: Sequence[str], rank: Mapping[str, int]) -> list[str]:
    """A longest subsequence of `seq` whose ranks increase (patience sorting)."""
    tails: list[int] = []  # index into seq of the smallest tail of each length
    prev: list[int] = [-1] * len(seq)
    for i, item in enumerate(seq):
        r = rank[item]
        lo, hi = 0, len(tails)
        while lo < hi:
            mid = (lo + hi) // 2
            if rank[seq[tails[mid]]] < r:
                lo = mid + 1
            else:
                hi = mid
        if lo > 0:
            prev[i] = tails[lo - 1]
        if lo == len(tails):
            tails.append(i)
        else:
            tails[lo] = i
    out: list[str] = []
    i = tails[-1] if tails else -1
    while i >= 0:
        out.append(seq[i])
        i = prev[i]
    return out[::-1]


def focus_target(order: Sequence[str], board: Iterable[str], cards: Sequence[str],
                 buttons: Sequence[str], costly: Callable[[str], bool] | None = None
                 ) -> tuple[str, str] | None:
    """Where focus goes when a player's new decision is drawn.

    `board` holds the chambers that are choices now, `cards` and `buttons` the action texts
    of the hand's and the choices bar's buttons, each in the page's order. The first legal
    chamber in board order comes first, then the first card button, then the first other
    button: `("chamber", letter)` or `("action", text)`; None when there is nothing to
    choose. `costly(letter or text)` says which choices cost the player pieces of their own
    (a Cake Slice burnt, a Test Subject delivered into the Turret): those are passed over
    while another remains (a keyboard player pressing Enter at each default burnt their own
    cake). It is asked in that order, until a choice is not costly.
    """
    legal = set(board)
    places = ([("chamber", letter) for letter in order if letter in legal]
              + [("action", text) for text in cards] + [("action", text) for text in buttons])
    if not places:
        return None
    if costly is not None:
        for kind, what in places:
            if not costly(what):
                return (kind, what)
    return places[0]
