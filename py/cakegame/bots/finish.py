"""Can the seat to move end the game on this turn and be among its winners?

hard chooses among medium's few best turn plans, so a line that ends the game at once (a
card's action, the Turret, the Portal Gun, a recycle wiping a division's last subjects
while this seat leads in cake) can be missing from what it compares. `win_now` looks for
such a line directly: a depth-first search over this seat's own decisions of the turn,
through the real engine (`legal_actions` / `apply_unchecked`), with a cap on the positions
it visits and a table of positions already found not to win (transpositions).

Fair: it starts from the seat's `View`. The hidden cards (others' hands, the deck below its
top, the panels set aside) are dealt by `view.sample`; a line found on one deal is kept
only if it also wins, action for action, on `SAMPLES - 1` other deals, so a line that
depends on a card this seat does not know (say, one it would draw) is not trusted.

Deterministic: the deals come from `seed`, the order of the search from the engine's fixed
order of legal actions, so the same view and seed give the same answer.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any

from ..actions import Action, Verb
from ..rng import Rng

WIN_NODES = 1000  # positions visited at most, over all deals tried (hard's cap)
SAMPLES = 3  # deals a line must win on
STEP_NODES = 8  # positions visited between two yields (a page slices the search)

# Actions that can destroy subjects or end a turn's chances early are tried first: the
# games end on a wipe-out, most often through a card's action or the Portal Gun.
_ORDER = {Verb.FIRE: 0, Verb.DESTROY: 0, Verb.TURRET: 1, Verb.PLAY: 2, Verb.GUN: 3,
          Verb.RECYCLE: 4, Verb.ACTIVATE: 4, Verb.BURN: 5}


class _Capped(Exception):
    """The node cap was reached."""


@dataclass
class Finish:
    """What one search found: the winning line (empty if none), whether the cap cut the
    search short (then "no line" is not proof that none exists), positions visited."""

    line: tuple[Action, ...] = ()
    capped: bool = False
    nodes: int = 0
    deals: int = 0
    shared: bool = False  # the line's ending shares the win with another seat
    tried: list[int] = field(default_factory=list)  # nodes per deal searched


def _order(acts: list[Action]) -> list[Action]:
    return sorted(acts, key=lambda a: _ORDER.get(a.verb, 9))


def _key(st: Any) -> str:
    return str(st.to_json())


def _wins(st: Any, me: int, min_share: float = 0.0) -> bool:
    """Whether the game is over with `me` among the winners, taking at least `min_share`
    of the win (a win shared by k players is worth 1/k)."""
    o = st.outcome
    return bool(st.is_over and o is not None and me in o.winners
                and 1 / len(o.winners) >= min_share)


def replays(st: Any, me: int, line: tuple[Action, ...], min_share: float = 0.0) -> bool:
    """Whether `line`, applied from `st`, is legal throughout, stays this seat's to decide
    and ends the game with `me` among the winners."""
    for a in line:
        if st.is_over or st.current_player != me or a not in st.legal_actions():
            return False
        st = st.apply_unchecked(a)
    return _wins(st, me, min_share)


def win_now(view: Any, *, seed: int, nodes: int = WIN_NODES, samples: int = SAMPLES,
            min_share: float = 0.0) -> Finish:
    """Search this seat's turn for a line that ends the game with it among the winners.

    Only on the seat's own turn and when it is the one to decide; otherwise nothing is
    found. The cap `nodes` counts positions over all the deals tried. A shared win counts
    only if this seat's share of it (1/k of k winners) is at least `min_share`."""
    steps = win_now_steps(view, seed=seed, nodes=nodes, samples=samples, min_share=min_share)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: Finish = done.value
            return result


def win_now_steps(view: Any, *, seed: int, nodes: int = WIN_NODES, samples: int = SAMPLES,
                  min_share: float = 0.0) -> Generator[None, None, Finish]:
    """`win_now` in pieces: yields after every `STEP_NODES` positions, returns the Finish."""
    me = view.seat
    out = Finish()
    if view.is_over or view.turn != me or view.current_player != me:
        return out
    deals = []
    for i in range(samples):  # a deal at a time: each is a copy of the whole game
        deals.append(view.sample(Rng(_seed(seed, i))))
        yield
    budget = [nodes]
    for i, st in enumerate(deals):
        failed: set[str] = set()
        before = budget[0]
        try:
            line = yield from _dfs(st, me, (), failed, budget, min_share)
        except _Capped:
            out.capped = True
            line = None
        out.tried.append(before - budget[0])
        out.deals = i + 1
        ok = line is not None
        for d in deals:
            if ok and d is not st:
                assert line is not None
                ok = replays(d, me, line, min_share)
                yield
        if ok and line is not None:
            out.line = line
            end = st
            for a in line:
                end = end.apply_unchecked(a)
            out.shared = len(end.outcome.winners) > 1
            break
        if out.capped:
            break
    out.nodes = nodes - budget[0]
    return out


def _seed(seed: int, i: int) -> int:
    h = (seed * 0x9E3779B97F4A7C15 + i * 0xBF58476D1CE4E5B9 + 0x5F1) & 0xFFFFFFFFFFFFFFFF
    return h ^ (h >> 29)


def _dfs(st: Any, me: int, path: tuple[Action, ...], failed: set[str], budget: list[int],
         min_share: float) -> Generator[None, None, tuple[Action, ...] | None]:
    if st.is_over:
        return path if _wins(st, me, min_share) else None
    if st.turn != me or st.current_player != me:
        return None  # the turn has passed, or another seat decides: not this seat's line
    if budget[0] <= 0:
        raise _Capped
    budget[0] -= 1
    if budget[0] % STEP_NODES == 0:
        yield
    k = _key(st)
    if k in failed:
        return None
    for a in _order(st.legal_actions()):
        found = yield from _dfs(st.apply_unchecked(a), me, path + (a,), failed, budget,
                                min_share)
        if found is not None:
            return found
    failed.add(k)
    return None


__all__ = ["SAMPLES", "WIN_NODES", "Finish", "replays", "win_now", "win_now_steps"]
