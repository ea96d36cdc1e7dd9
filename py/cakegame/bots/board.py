"""A light, mutable model of the lab for the bots to think with, and the evaluation.

The engine's State is exact but each step costs a full copy of the game; a heuristic player
wants to try a hundred moves per decision. So `Board` keeps only what the heuristics look at
(chambers, their counts and tokens, supplies, hand sizes, the active rule), is read from a
View or a State through the public API only (`chambers()`, `supply()`, ...), and can simulate
the parts of a turn that matter for judging it: a group move with its cake, the single-subject
bonus, an activation with its rewards, the recycle, and the end of the game.

The simulation approximates where the rules leave a choice to a player (where rewards are
delivered, where the Turret and Cube go, which row takes the recycled chamber): it picks a
sensible default. It never decides a real action by itself; the engine lists the legal ones.

`value(board, me, next_seat)` scores a position for seat `me` as a number in [0, 1], roughly
a win chance: exact for a finished game; near 0 or 1 when `next_seat` can end the game at
once and win (or, with three or four players, when a player after it can); otherwise a
logistic of `me`'s lead in "safe cake" (cake weighted by how far it stands from the old
edge), after letting each other player from `next_seat` on, in turn, make its best
activation, moving a group into an old-edge chamber first when that wins the chamber.
"""

from __future__ import annotations

import math
from collections.abc import Generator, Iterator, Sequence
from typing import Any, TypeVar

from ..content import CAKE_PER_DIVISION, CARD_BY_ID, HAND_LIMIT, OPERA_CAKE, PANELS, Rule
from ..geometry import layout as lab_layout

# Chance that a chamber at depth d (0 = old edge) of its row is recycled before its owner's
# next turn, for one opponent's turn; `Board.risk` compounds it over the opponents.
RISK_ONE = (0.5, 0.22, 0.09, 0.04, 0.02, 0.01)
W_SUB = 0.14  # a subject in the lab, relative to a cake slice
W_CAKE_SUPPLY = 0.08  # cake not yet earned: a little potential
W_HAND = 0.18  # an Aperture card in hand
W_MAJ = 0.25  # share of an old-edge majority's reward counted as already earned
ICON_VALUE = {"s": W_SUB * 0.9, "c": 0.85, "a": W_HAND, "q": 0.1, "t": 0.12}
K_LOGIT = 1.1  # win chance = logistic(K_LOGIT * lead in safe cake)
THREAT_WIN = 0.92  # value of a position where the next player can end the game and win
THREAT_LATER = 0.85  # the same for a player after the next (others may yet stop it)
REPLY_STEP = 4  # a seat's possible replies judged between two yields (`_reply_steps`)


def risk_table(opponents: int) -> list[float]:
    """Chance, by depth, that a chamber is recycled during `opponents` turns (built once
    per count and shared: callers only read it)."""
    t = _RISK.get(opponents)
    if t is None:
        t = _RISK[opponents] = [1.0 - (1.0 - r) ** max(1, opponents) for r in RISK_ONE]
    return t


_RISK: dict[int, list[float]] = {}


class _IconSum(dict):  # type: ignore[type-arg]
    def __missing__(self, key: str) -> float:
        v = sum(ICON_VALUE.get(c, 0.0) for c in key)
        self[key] = v
        return v


_ICON_SUM = _IconSum()


def sigmoid(x: float) -> float:
    if x > 30:
        return 1.0
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


class Geo:
    """Facts that depend only on where the chambers stand."""

    __slots__ = ("rows", "lab", "depth", "old", "new", "where", "neigh", "activatable", "_wt",
                 "_wlab", "_recycled", "pos_x", "next")

    def __init__(self, pos: Sequence[tuple[int, int] | None]) -> None:
        # The engine's own account of the lab's shape (rows, adjacency, edges, which
        # old-edge chambers may be activated), so the two cannot disagree about it.
        lay = lab_layout(tuple(pos))
        self.rows = [list(r) for r in lay.rows]
        self.lab = list(lay.order)
        self.depth = {p: len(r) - 1 - i for r in self.rows for i, p in enumerate(r)}
        self.old = list(lay.old_edge)
        self.new = list(lay.new_edge)
        self.where = dict(lay.where)
        self.pos_x = {p: rx[1] for p, rx in enumerate(pos) if rx is not None}
        # by panel number, the order the bots have always walked them in
        self.neigh: dict[int, list[int]] = {p: sorted(q) for p, q in lay.neighbours.items()}
        self.activatable = list(lay.activatable)
        self._wt: dict[int, dict[int, float]] = {}
        self._wlab: dict[int, list[tuple[int, float]]] = {}
        # (chamber, row asked for, any row allowed) -> where the recycled chamber lands
        self._recycled: dict[tuple[int, int | None], tuple[int, int]] = {}
        # the same key -> the Geo of the lab after that recycle (emptied when it leaves _GEO)
        self.next: dict[tuple[int, int | None], Geo] = {}

    def weighted_lab(self, n: int) -> list[tuple[int, float]]:
        """The lab's chambers in order, each with its safety weight (see `weights`): the
        pairs `Board.scores` walks, built once per lab and player count."""
        wl = self._wlab.get(n)
        if wl is None:
            wt = self.weights(n)
            wl = [(p, wt[p]) for p in self.lab]
            self._wlab[n] = wl
        return wl

    def recycled_to(self, p: int, row: int | None) -> tuple[int, int]:
        """Where chamber `p` lands when recycled (row, x): `row` if the rules allow it,
        else the shortest allowed row (its own on a tie). Depends only on this lab, so it
        is worked out once per lab; see `Board.recycle`."""
        key = (p, row)
        hit = self._recycled.get(key)
        if hit is not None:
            return hit
        rows = self.rows
        home = next(r for r in range(3) if p in rows[r])
        after = [[q for q in r if q != p] for r in rows]
        rows_ok = self.recycle_rows(p)
        if row is None or row not in rows_ok:
            row = min(rows_ok, key=lambda r: (len(rows[r]) - (r == home), r != home, r))
        if after[row]:
            x = self.pos_x[after[row][0]] - 2
        else:
            beside = after[0] if row == 1 else after[1]
            x = self.pos_x[beside[0]] - 1
        hit = (row, x)
        self._recycled[key] = hit
        return hit

    def recycle_rows(self, p: int) -> list[int]:
        """The rows that may take chamber `p` when it is recycled: its own if it is the
        last of its row, else the rows left with fewer than three chambers (every row if
        none is); as the engine's `rules.recycle_rows` (tests/test_bots_model.py)."""
        home = next(r for r in range(3) if p in self.rows[r])
        after = [[q for q in r if q != p] for r in self.rows]
        if not after[home]:
            return [home]
        return [r for r in range(3) if len(after[r]) < 3] or [0, 1, 2]

    def weights(self, n: int) -> dict[int, float]:
        """How safe each chamber is (1 - risk of recycling before its owner's next turn)."""
        w = self._wt.get(n)
        if w is None:
            risk = risk_table(n - 1)
            last = len(risk) - 1
            w = {p: 1.0 - risk[min(d, last)] for p, d in self.depth.items()}
            self._wt[n] = w
        return w

_REWARD_CODES: dict[tuple[str, Rule | None], str] = {}
_GEO: dict[tuple[Any, ...], Geo] = {}
_GEO_SIZE = 256  # small enough that the garbage collector's full passes stay short


class Board:
    """The lab and the supplies, as plain lists indexed by panel (None for panels not in
    the lab). Mutable: copy() before simulating.

    `sub[p]` and `cake[p]` (counts by seat) are shared by a board and its copies, which
    makes `copy` cheap (it is the bots' most frequent operation): change them only by
    putting a new list in (`set_sub`, `set_cake`), never in place. Likewise `pos`, `face`
    and `icons` (only `recycle` changes them, on fresh lists) and `portals` (never
    changed)."""

    __slots__ = ("n", "turn", "rule", "pos", "icons", "face", "sub", "cake", "portals",
                 "turret", "cube", "supply", "cake_supply", "burned", "hand", "over",
                 "_geo", "activated")

    n: int
    turn: int
    rule: Rule | None
    pos: list[tuple[int, int] | None]
    icons: list[str]
    face: list[int]
    sub: list[list[int]]
    cake: list[list[int]]
    portals: list[int]
    turret: int | None
    cube: int | None
    supply: list[int]
    cake_supply: list[int]
    burned: list[int]
    hand: list[int]
    over: tuple[int, ...] | None  # the winners once the game has ended
    _geo: Geo | None
    activated: int | None  # the chamber holding GLaDOS (being activated), if any

    @classmethod
    def read(cls, r: Any) -> Board:
        """A Board from a View or a State (public methods only)."""
        b = object.__new__(cls)
        n = r.players
        b.n = n
        b.turn = r.turn
        b.rule = r.rule
        npan = len(PANELS)
        b.pos = [None] * npan
        b.icons = [""] * npan
        b.face = [0] * npan
        b.sub = [[0] * n for _ in range(npan)]
        b.cake = [[0] * n for _ in range(npan)]
        b.portals = []
        b.turret = None
        b.cube = None
        b.activated = None
        for c in r.chambers():
            p = c.panel
            b.pos[p] = (c.row, c.x)
            b.face[p] = c.face
            b.icons[p] = PANELS[p].faces[c.face]
            b.sub[p] = list(c.subjects)
            b.cake[p] = list(c.cake)
            if c.portal:
                b.portals.append(p)
            if c.turret:
                b.turret = p
            if c.cube:
                b.cube = p
            if c.glados:
                b.activated = p
        b.supply = [r.supply(s) for s in range(n)]
        b.cake_supply = [r.cake_supply(s) for s in range(n)]
        b.burned = [r.incinerated(s) for s in range(n)]
        b.hand = [r.hand_size(s) for s in range(n)]
        b.over = tuple(r.outcome.winners) if r.is_over else None
        b._geo = None
        return b

    @classmethod
    def read_state(cls, st: Any) -> Board:
        """A Board from a full State through its save data (`State.to_data()`, the public
        versioned save format): the same result as `read`, several times faster. Used in
        hard's playouts, which run on sampled States."""
        return cls.from_data(st.to_data())

    @classmethod
    def from_data(cls, d: dict[str, Any]) -> Board:
        """A Board from a game's save data (`State.to_data()`); it takes over the lists
        of `d`, which must not be changed afterwards."""
        b = object.__new__(cls)
        n = d["players"]
        b.n = n
        b.turn = d["turn"]
        b.rule = CARD_BY_ID[d["discard"][-1]].rule if d["discard"] else None
        b.pos = [None if rx is None else (rx[0], rx[1]) for rx in d["pos"]]
        b.face = [0 if rx is None else f for rx, f in zip(d["pos"], d["face"])]
        b.icons = [PANELS[p].faces[f] if rx is not None else ""
                   for p, (rx, f) in enumerate(zip(d["pos"], b.face))]
        b.sub = d["sub"]
        b.cake = d["cake"]
        b.portals = [p for p in d["portals"]]
        b.turret = d["turret"]
        b.cube = d["cube"]
        b.activated = d["glados"]
        b.supply = d["supply"]
        b.cake_supply = d["cake_supply"]
        b.burned = d["burned"]
        b.hand = [len(h) for h in d["hands"]]
        b.over = None if d["over"] is None else tuple(d["over"]["winners"])
        b._geo = None
        # portals in the lab's order (top row first, each row from its new edge), as read()
        order = {p: i for i, p in enumerate(b.lab())}
        b.portals.sort(key=lambda p: order.get(p, 99))
        return b

    def copy(self) -> Board:
        """An independent board (sharing only lists that are replaced, never changed)."""
        b = object.__new__(Board)
        b.n = self.n
        b.turn = self.turn
        b.rule = self.rule
        b.pos = self.pos  # shared until `recycle` (the only change to them) copies them
        b.icons = self.icons
        b.face = self.face
        # Shallow: the per-chamber count lists are shared between copies and never
        # changed in place; whatever changes a count puts a new list in (copy on write).
        b.sub = list(self.sub)
        b.cake = list(self.cake)
        b.portals = self.portals  # never changed once read
        b.turret = self.turret
        b.cube = self.cube
        b.supply = list(self.supply)
        b.cake_supply = list(self.cake_supply)
        b.burned = list(self.burned)
        b.hand = list(self.hand)
        b.over = self.over
        b._geo = self._geo
        b.activated = self.activated
        return b

    def key(self) -> tuple[Any, ...]:
        """Everything the heuristics read, as a hashable value (for memoising). Only plain
        ints, strings and tuples of them (the rule by its value), so that the garbage
        collector soon stops tracking the memos' keys and its passes stay short."""
        rule = None if self.rule is None else self.rule.value
        return (self.n, self.turn, rule, tuple(self.pos), tuple(self.face),
                tuple(map(tuple, self.sub)), tuple(map(tuple, self.cake)),
                tuple(self.portals), self.turret, self.cube, tuple(self.supply),
                tuple(self.cake_supply), tuple(self.burned), tuple(self.hand), self.over,
                self.activated)

    # ------------------------------------------------------------ geometry
    def geo(self) -> Geo:
        """Rows, depths, adjacency and activatable chambers of this lab (memoised by the
        chambers' positions, which only a recycle changes)."""
        g = self._geo
        if g is None:
            key = tuple(self.pos)
            g = _GEO.get(key)
            if g is None:
                g = Geo(self.pos)
                if len(_GEO) >= _GEO_SIZE:
                    # The oldest goes, one at a time: emptying the whole memo at once
                    # would hold a page for tens of milliseconds.
                    old = _GEO.pop(next(iter(_GEO)))
                    old.next.clear()  # so that no chain of forgotten Geos stays reachable
                _GEO[key] = g
            self._geo = g
        return g

    def rows(self) -> list[list[int]]:
        """The chambers of each row, new edge first."""
        return self.geo().rows

    def lab(self) -> list[int]:
        return self.geo().lab

    def depth(self) -> dict[int, int]:
        """Chambers to the right of each chamber in its row (0 on the old edge)."""
        return self.geo().depth

    def old_edge(self) -> list[int]:
        return self.geo().old

    def new_edge(self) -> list[int]:
        return self.geo().new

    def _where(self) -> dict[tuple[int, int], int]:
        return self.geo().where

    def neighbours(self, p: int, where: Any = None) -> list[int]:
        """Plain adjacency (what the Turret and connectedness use)."""
        return self.geo().neigh[p]

    def move_targets(self, p: int, where: Any = None) -> list[int]:
        """Where subjects in `p` may move: adjacency, Portals and the Character's rule."""
        g = self.geo()
        rule = self.rule
        base = g.neigh[p]
        portal = (rule is not Rule.NO_PORTALS and p in self.portals
                  and len(self.portals) == 2)
        if not portal and rule is not Rule.ROW_LEAP and rule is not Rule.WRAP:
            return base
        out = set(base)
        if portal:
            out.add(self.portals[1] if self.portals[0] == p else self.portals[0])
        rx = self.pos[p]
        assert rx is not None
        r, x = rx
        wh = g.where
        if rule is Rule.ROW_LEAP:
            for k in ((r, x - 4), (r, x + 4)):
                if k in wh:
                    out.add(wh[k])
        if rule is Rule.WRAP and r != 1 and (2 - r, x) in wh:
            out.add(wh[(2 - r, x)])
        out.discard(p)
        return sorted(out)

    def activatable(self) -> list[int]:
        return self.geo().activatable

    # ------------------------------------------------------------ counts
    def lab_subjects(self, s: int) -> int:
        sub = self.sub
        return sum([sub[p][s] for p in (self._geo or self.geo()).lab])

    def lab_cake(self, s: int) -> int:
        return sum(x[s] for p, x in enumerate(self.cake) if self.pos[p] is not None)

    def check_end(self) -> bool:
        """Mark the game over if a division has no subjects in the lab or no cake left."""
        if self.over is not None:
            return True
        lab = (self._geo or self.geo()).lab
        sub = self.sub
        # Counts are never negative, so a division is gone when no chamber holds any of
        # its subjects; looking for one present is cheaper than summing (the usual case).
        ended = max(self.burned) >= CAKE_PER_DIVISION
        if not ended:
            for s in range(self.n):
                for p in lab:
                    if sub[p][s]:
                        break
                else:
                    ended = True
                    break
        if ended:
            subs = [sum(col) for col in zip(*[sub[p] for p in lab])]
            cake = self.cake
            cakes = [sum(col) for col in zip(*[cake[p] for p in lab])]
            top = max(cakes)
            tied = [s for s in range(self.n) if cakes[s] == top]
            most = max(subs[s] for s in tied)
            self.over = tuple(s for s in tied if subs[s] == most)
            return True
        return False

    # ------------------------------------------------------------ simulation
    def set_sub(self, p: int, s: int, k: int) -> None:
        """Seat `s` has `k` subjects in `p` (a new list: the old one may be shared)."""
        row = self.sub[p][:]
        row[s] = k
        self.sub[p] = row

    def set_cake(self, p: int, s: int, k: int) -> None:
        """Seat `s` has `k` cake in `p` (a new list: the old one may be shared)."""
        row = self.cake[p][:]
        row[s] = k
        self.cake[p] = row

    def kill(self, p: int) -> None:
        sp = self.sub[p]
        for s in range(self.n):
            self.supply[s] += sp[s]
        self.sub[p] = [0] * self.n

    def turret_strikes(self, p: int) -> None:
        if self.turret == p and self.rule is not Rule.TURRET_DISARMED:
            self.kill(p)

    def move(self, who: int, src: int, dst: int, k: int, picks: Sequence[int] = ()) -> None:
        """A group of `k` of `who`'s subjects goes from src to dst carrying `picks` (seats)."""
        sub = self.sub
        self.set_sub(src, who, sub[src][who] - k)
        self.set_sub(dst, who, sub[dst][who] + k)
        if picks:
            cs = self.cake[src][:]
            for s in picks:
                cs[s] -= 1
            self.cake[src] = cs
            cd = self.cake[dst][:]
            for s in picks:
                cd[s] += 1
            self.cake[dst] = cd
        self.turret_strikes(dst)
        self.check_end()

    def bonus_applies(self, k: int) -> bool:
        if self.rule is Rule.NO_BONUS:
            return False
        return k <= 2 if self.rule is Rule.BONUS_UP_TO_TWO else k == 1

    def safest_new_edge(self, avoid: int | None = None) -> int | None:
        """The new-edge chamber deepest from its old edge (longest row), not `avoid`."""
        best, best_len = None, -1
        for r in self.rows():
            if r and r[0] != avoid and len(r) > best_len and self.turret != r[0]:
                best, best_len = r[0], len(r)
        if best is None:
            for r in self.rows():
                if r and r[0] != avoid:
                    return r[0]
        return best

    def deliver_subject(self, s: int, p: int | None) -> None:
        if p is None or self.supply[s] <= 0:
            return
        self.supply[s] -= 1
        self.set_sub(p, s, self.sub[p][s] + 1)
        self.turret_strikes(p)

    def deliver_cake(self, s: int, p: int | None) -> None:
        if p is None or self.cake_supply[s] <= 0:
            return
        self.cake_supply[s] -= 1
        self.set_cake(p, s, self.cake[p][s] + 1)

    def take_bonus(self, s: int, prefer_card: bool) -> None:
        """The single-subject bonus with a default choice."""
        if prefer_card and self.hand[s] < HAND_LIMIT:
            self.hand[s] += 1
        elif self.supply[s] > 0:
            self.deliver_subject(s, self.safest_new_edge(self.activated))
        elif self.hand[s] < HAND_LIMIT:
            self.hand[s] += 1

    def majority(self, p: int) -> int | None:
        """The division holding the majority in `p` (the fewest under that rule), or None
        for an empty chamber or a tie (which the active division wins under that rule)."""
        counts = self.sub[p]
        if self.rule is Rule.FEWEST:
            present = [c for c in counts if c > 0]
            if not present:
                return None
            best = min(present)
        else:
            best = max(counts)
            if best <= 0:
                return None
        if counts.count(best) == 1:
            return counts.index(best)
        if self.rule is Rule.TIES_TO_ACTIVE and counts[self.turn] == best:
            return self.turn
        return None

    def rewarded(self, p: int) -> int | None:
        if self.cube == p and self.rule is not Rule.CUBE_HARMLESS:
            return None
        return self.majority(p)

    def reward_codes(self, p: int) -> str:
        """The rewards `p` pays, one letter each (doubled under the doubling rules)."""
        key = (self.icons[p], self.rule)
        out = _REWARD_CODES.get(key)
        if out is None:
            parts = []
            for code in key[0]:
                twice = (self.rule is Rule.DOUBLE_CAKE and code == "c") or (
                    self.rule is Rule.DOUBLE_SUBJECTS and code == "s")
                parts.append(code * (2 if twice else 1))
            out = _REWARD_CODES[key] = "".join(parts)
        return out

    def activate(self, p: int, row: int | None = None) -> None:
        """Activate `p`: rewards with default placements, then the recycle."""
        self.activated = p
        m = self.rewarded(p)
        if m is not None:
            for code in self.reward_codes(p):
                if self.over is not None:
                    break
                if code == "s":
                    self.deliver_subject(m, self.safest_new_edge(p))
                elif code == "c":
                    self.deliver_cake(m, self.safest_new_edge(p))
                elif code == "a":
                    if self.hand[m] < HAND_LIMIT:
                        self.hand[m] += 1
                elif code == "q":
                    self.place_cube(m)
                elif code == "t":
                    self.step_turret(m)
            self.check_end()
        if self.over is None:
            self.recycle(row)

    def place_cube(self, m: int) -> None:
        """Block the richest old-edge chamber another division holds the majority of."""
        best, best_v = None, 0.0
        for q in self.old_edge():
            if q == self.activated:
                continue
            who = self.majority(q)
            if who is not None and who != m:
                v = sum(ICON_VALUE.get(c, 0.0) for c in self.icons[q])
                if v > best_v:
                    best, best_v = q, v
        if best is not None:
            self.cube = best

    def step_turret(self, m: int) -> None:
        """Move the Turret where it destroys most of the others' subjects net of `m`'s."""
        if self.turret is None:
            options = [q for q in self.new_edge() if q != self.activated]
        else:
            options = self.neighbours(self.turret)
        best, best_v = None, 0 if self.turret is not None else -99
        for q in options:
            v = sum(self.sub[q]) - 2 * self.sub[q][m]
            if self.rule is Rule.TURRET_DISARMED:
                v = 0
            if v > best_v:
                best, best_v = q, v
        if best is not None:
            self.turret = best
            self.turret_strikes(best)
            self.check_end()

    def recycle(self, row: int | None = None) -> None:
        """Destroy and incinerate what is in the activated chamber; flip it to a new edge."""
        p = self.activated
        if p is None:
            return
        n = self.n
        sp, cp = self.sub[p], self.cake[p]
        supply = self.supply
        for s in range(n):
            supply[s] += sp[s]
        self.sub[p] = [0] * n
        if self.check_end():  # the printed order: the end comes before the cake burns
            return
        gone = self.cake_supply if self.rule is Rule.SAFE_CAKE else self.burned
        for s in range(n):
            gone[s] += cp[s]
        self.cake[p] = [0] * n
        if self.check_end():  # a last Cake Slice burnt: the chamber stays where it was
            return
        g = self._geo or self.geo()
        face = self.face = self.face[:]  # fresh lists: copies share them (see `copy`)
        if self.rule is not Rule.KEEP_FACE:
            face[p] ^= 1
        icons = self.icons = self.icons[:]
        icons[p] = PANELS[p].faces[face[p]]
        pos = self.pos = self.pos[:]
        pos[p] = g.recycled_to(p, row)
        key = (p, row)
        nxt = g.next.get(key)
        if nxt is None:
            self._geo = None
            nxt = g.next[key] = self.geo()
        self._geo = nxt
        self.activated = None
        self.check_end()

    def end_turn(self) -> None:
        """The Opera Turret's alternative win, checked when a turn ends."""
        if self.over is None and self.rule is Rule.OPERA:
            s = self.turn
            rows_with = {self.pos[p][0] for p in self.lab() if self.cake[p][s] > 0}  # type: ignore[index]
            if self.lab_cake(s) >= OPERA_CAKE and len(rows_with) == 3:
                self.over = (s,)

    # ------------------------------------------------------------ evaluation
    def risk(self, opponents: int) -> list[float]:
        return risk_table(opponents)

    def scores(self) -> list[float]:
        """Each division's standing: safe cake, plus a little for subjects, supplies, cards.

        The bots' hottest function, so written for speed (two players unrolled, the
        majority test inlined); it adds the same terms in the same order as the plain
        loop, so the floats come out bit for bit the same."""
        n = self.n
        g = self._geo or self.geo()
        cs, hand = self.cake_supply, self.hand
        sub, cake = self.sub, self.cake
        wl = g._wlab.get(n) or g.weighted_lab(n)
        if n == 2:
            o0 = W_CAKE_SUPPLY * cs[0] + W_HAND * hand[0]
            o1 = W_CAKE_SUPPLY * cs[1] + W_HAND * hand[1]
            for p, w in wl:
                a0, a1 = sub[p]
                c0, c1 = cake[p]
                if a0 or c0:
                    o0 += w * (c0 + W_SUB * a0)
                if a1 or c1:
                    o1 += w * (c1 + W_SUB * a1)
            out = [o0, o1]
        else:
            rng = range(n)
            out = [W_CAKE_SUPPLY * cs[s] + W_HAND * hand[s] for s in rng]
            for p, w in wl:
                sp, cp = sub[p], cake[p]
                for s in rng:
                    if sp[s] or cp[s]:
                        out[s] += w * (cp[s] + W_SUB * sp[s])
        rule = self.rule
        cube = self.cube if rule is not Rule.CUBE_HARMLESS else None
        icons = self.icons
        if rule is Rule.FEWEST:
            for q in g.old:
                if q != cube:
                    m_ = self.majority(q)
                    if m_ is not None:
                        out[m_] += W_MAJ * _ICON_SUM[icons[q]]
            return out
        ties_to_active = rule is Rule.TIES_TO_ACTIVE
        for q in g.old:  # `majority`, inlined
            if q == cube:
                continue
            counts = sub[q]
            best = max(counts)
            if best <= 0:
                continue
            if counts.count(best) == 1:
                m_ = counts.index(best)
            elif ties_to_active and counts[self.turn] == best:
                m_ = self.turn
            else:
                continue
            out[m_] += W_MAJ * _ICON_SUM[icons[q]]
        return out


def outcome_value(winners: tuple[int, ...], me: int) -> float:
    return 1.0 / len(winners) if me in winners else 0.0


def lead(scores: list[float], me: int) -> float:
    """`me`'s score less the best other's (with a little of the others' mean)."""
    if len(scores) == 2:  # the same arithmetic, without the lists
        o = scores[1 - me]
        return scores[me] - (0.8 * o + 0.2 * o)
    others = [x for s, x in enumerate(scores) if s != me]
    return scores[me] - (0.8 * max(others) + 0.2 * sum(others) / len(others))


def static_value(b: Board, me: int) -> float:
    if b.over is not None:
        return outcome_value(b.over, me)
    return sigmoid(K_LOGIT * lead(b.scores(), me))


# How often a position that medium's judgement (`board.value`) rated at p was won, fitted as
# win ~ a + b * logit(p) on the positions at the start of every turn of 800 games between
# medium computers at each player count (`bench/ending_fit.py --calibrate`; docs/bots.md).
# The judgement's own figures ran high with three and four players (a plan rated 81% in a
# four-player game was lost at once), so the suggestion tells the corrected chance
# (`explain`), and hard's search puts medium's verdicts beside the learnt judgement's
# chances with it (`search.Search._prior`).
CALIBRATION = {2: (0.103, 0.233), 3: (-0.343, 0.565), 4: (-0.664, 0.495)}


def chance(x: float, players: int) -> float:
    """The chance of winning that a verdict `x` of `board.value` stands for: how often a
    position so judged was won at this player count."""
    a, b = CALIBRATION.get(players, (0.0, 1.0))
    p = min(max(x, 1e-3), 1.0 - 1e-3)
    return 1.0 / (1.0 + math.exp(-(a + b * math.log(p / (1.0 - p)))))


def ending_threat(b: Board, p: int) -> tuple[int, ...] | None:
    """If seat `p`, about to take a turn, can end the game at once by an activation (after
    at most moving its own last group into the chamber), the winners it can bring about
    that include `p` (the best such for `p`); else None."""
    n = b.n
    g = b._geo or b.geo()
    sub = b.sub
    rng = range(n)
    lab_sub = [0] * n
    for q in g.lab:
        row = sub[q]
        for k in rng:
            lab_sub[k] += row[k]
    holders = [q for q in g.lab if sub[q][p] > 0]  # where `p` has subjects
    best: tuple[int, ...] | None = None
    for x in g.activatable:
        tries: list[tuple[int, int] | None] = []
        sx = sub[x]
        for k in rng:
            if lab_sub[k] > 0 and sx[k] == lab_sub[k]:
                tries.append(None)
                break
        outside = [q for q in holders if q != x] if len(holders) <= 2 else holders
        if len(outside) == 1 and x in b.move_targets(outside[0]):
            tries.append((outside[0], b.sub[outside[0]][p]))
        for t in tries:
            c = b.copy()
            c.turn = p
            if t is not None:
                c.move(p, t[0], x, t[1])
            if c.over is None:
                c.activate(x)
            if c.over is not None and p in c.over:
                if best is None or len(c.over) < len(best):
                    best = c.over
    return best


def _reply(b: Board, p: int) -> tuple[Board, list[float] | None]:
    """The board after seat `p` makes the activation best for `p` (see `_replies`), with
    its scores (None when that ended the game, or when nothing can be activated and `b`
    itself comes back). The scores are returned so that `value` need not compute them
    again for another seat."""
    return drain(_reply_steps(b, p))


def _reply_steps(b: Board, p: int
                 ) -> Generator[None, None, tuple[Board, list[float] | None]]:
    """`_reply` in steps, a few replies judged per step (with four players one seat's
    replies can take tens of milliseconds, more than a page may be held)."""
    best_b, best_sc, best_v = b, None, -1.0
    for i, c in enumerate(_replies(b, p)):
        if i % REPLY_STEP == REPLY_STEP - 1:
            yield
        if c.over is not None:
            sc = None
            v = outcome_value(c.over, p)
        else:
            sc = c.scores()
            v = sigmoid(K_LOGIT * lead(sc, p))
        if v > best_v:
            best_b, best_sc, best_v = c, sc, v
    return best_b, best_sc


def _replies(b: Board, p: int) -> Iterator[Board]:
    """The boards seat `p` can reach by one activation: each old-edge chamber as it stands,
    then each after `p` moves just enough subjects in from one neighbouring chamber (off the
    old edge) to hold the majority there: the grab anyone sees at once when a rich chamber
    comes to the edge beside their subjects. Without it, medium would happily recycle the
    chamber that brings such a prize within the next player's reach."""
    acts = b.activatable()
    for x in acts:
        c = b.copy()
        c.turn = p
        c.activate(x)
        yield c
    if b.rule is Rule.ACTIVATE_FIRST:  # the move comes after the activation
        return
    cap = 2 if b.rule is Rule.MAX_TWO else 99
    sub = b.sub
    for q in b.lab():
        have = min(sub[q][p], cap)
        if have == 0 or q in acts:
            continue
        for x in b.move_targets(q):
            if x not in acts or x == b.cube:
                continue
            sx = sub[x]
            k = max(1, max(v for s, v in enumerate(sx) if s != p) + 1 - sx[p])
            if k > have:
                continue
            c = b.copy()
            c.turn = p
            c.move(p, q, x, k)
            if c.over is None:
                c.activate(x)
            yield c


def best_activation(b: Board, p: int, me: int) -> Board:
    """The board after seat `p` makes the activation best for `p` (see `_replies`)."""
    return _reply(b, p)[0]


def values(b: Board, seats: Sequence[int], next_seat: int) -> list[float]:
    """`value(b, me, next_seat)` for each `me` in `seats`, sharing the work that does not
    depend on `me` (the other players' threats and replies)."""
    return drain(values_steps(b, seats, next_seat))


T = TypeVar("T")


def drain(steps: Generator[None, None, T]) -> T:
    """Run a step-by-step computation to its end and return its result."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]


def values_steps(b: Board, seats: Sequence[int], next_seat: int
                 ) -> Generator[None, None, list[float]]:
    """`values` in steps, a few of one other player's replies per step (a page slices
    hard's playouts, which end with one of these)."""
    if b.over is not None:
        return [outcome_value(b.over, me) for me in seats]
    # Each other player in turn, from `next_seat` on (with three or four players, all of
    # them before the turn player's next turn), ends the game if it can win by that, or
    # else takes its best activation.
    cur, sc = b, None
    for i in range(b.n - 1):
        s = (next_seat + i) % b.n
        t = ending_threat(cur, s)
        if t is not None:
            w = THREAT_WIN if i == 0 else THREAT_LATER
            if sc is None:
                sc = cur.scores()
            return [w * outcome_value(t, me) + (1 - w) * sigmoid(K_LOGIT * lead(sc, me))
                    for me in seats]
        cur, sc = yield from _reply_steps(cur, s)
        yield
        if cur.over is not None:
            return [outcome_value(cur.over, me) for me in seats]
    if sc is None:
        sc = cur.scores()
    return [sigmoid(K_LOGIT * lead(sc, me)) for me in seats]


def value(b: Board, me: int, next_seat: int) -> float:
    """How good `b` is for `me` (0..1, like a win chance) when `next_seat` acts next.

    A pure function of the position, which medium meets again and again within a decision
    (the same board reached by moves in another order, by cards that change nothing it
    reads, ...), so it is memoised by `Board.key()`."""
    if b.over is not None:
        return outcome_value(b.over, me)
    key = (b.key(), me, next_seat)
    v = _VALUE_MEMO.get(key)
    if v is None:
        v = values(b, (me,), next_seat)[0]
        _remember(key, v)
    return v


def value_steps(b: Board, me: int, next_seat: int) -> Generator[None, None, float]:
    """`value` in steps (see `values_steps`), sharing its memo."""
    if b.over is not None:
        return outcome_value(b.over, me)
    key = (b.key(), me, next_seat)
    v = _VALUE_MEMO.get(key)
    if v is None:
        v = (yield from values_steps(b, (me,), next_seat))[0]
        _remember(key, v)
    return v


def _remember(key: tuple[Any, ...], v: float) -> None:
    """Memoise a value, forgetting the oldest when the memo is full (one at a time:
    emptying 20000 entries at once would hold a page for tens of milliseconds)."""
    if len(_VALUE_MEMO) >= _VALUE_MEMO_SIZE:
        del _VALUE_MEMO[next(iter(_VALUE_MEMO))]
    _VALUE_MEMO[key] = v


_VALUE_MEMO_SIZE = 20000
_VALUE_MEMO: dict[tuple[Any, ...], float] = {}
