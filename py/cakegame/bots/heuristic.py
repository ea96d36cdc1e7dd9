"""The 'easy' and 'medium' players: rules of thumb over the light Board model.

medium plans the turn it is in: for every group move it could make (chamber, destination,
how many, which cake each carries) and every chamber it could then activate, it simulates
the result on a `Board` and scores it with `board.value`, which looks one step further at
what the next player could do (end the game and win, or take the richest old-edge chamber).
Each fine-grained decision (from, to, count, carry, activate) then returns its part of the
best plan. The plan is a pure function of the position, so the parts fit together without any
memory between calls; a small memo only saves recomputing it.

Cards are judged by playing them out on a state sampled from the view (`view.sample`) and
planning the rest of the turn from there, and so are the Portal Gun and Cave Johnson's
burning (`deploy_options`). easy plays legal moves with a little sense: it takes a
majority when it has one, keeps its own cake with it, and avoids walking into the Turret.
"""

from __future__ import annotations

import time
from collections import Counter, OrderedDict
from collections.abc import Generator
from typing import Any, TypeVar

from ..actions import Action, Verb
from ..content import CARD_BY_ID, HAND_LIMIT, PANEL_INDEX, PANEL_LETTERS, ROWS, Effect, Rule
from ..rng import Rng
from .board import (
    Board,
    best_activation,
    drain,
    static_value,
    value,
    value_steps,
    values_steps,
)

EFFECT_WORTH = {
    Effect.CAKE: 1.0, Effect.SUBJECT: 0.45, Effect.MOVE: 0.55, Effect.FORCE: 0.5,
    Effect.DESTROY: 0.55, Effect.CARD: 0.35, Effect.TURRET_ANY: 0.6, Effect.FIRE: 0.35,
    Effect.TURRET: 0.3, Effect.CUBE: 0.3, Effect.SHIFT: 0.2, Effect.PORTALS_ANY: 0.25,
}

# Every kind of decision the engine opens (its frame kinds); each has a handler below, at
# every level, and tests/test_bots.py checks the list against the engine.
DECISIONS = ("deploy", "discard", "portal", "shift", "move", "carry", "bonus", "activate",
             "reward", "turret_any", "fire", "destroy", "recycle")
# Decisions a handler did not answer (by "level kind"): the bot then takes the first legal
# action so that a game never stops, and the tests and tournaments check this stays empty.
MISSES: Counter[str] = Counter()

_MEMO_SIZE = 256
PLAN_FULL = 16  # plans given the full judgement after the quick one
PLAN_FULL_FAST = 4  # the same inside hard's playouts
PORTAL_FULL = 3  # Portal placements given the full judgement after the quick one
WIN_SURE = 0.999  # a plan valued this high ends the game and wins
PLAN_STEP = 8  # (move, activation) pairs judged quickly between two yields
PORTAL_STEP = 8  # Portal pairs judged quickly between two yields
Plans = dict[tuple[int, int, int], tuple[float, int, tuple[int, ...]]]
T = TypeVar("T")
_plan_memo: OrderedDict[tuple[Any, ...], Plans] = OrderedDict()


def card_worth(card: str) -> float:
    return sum(EFFECT_WORTH.get(e, 0.2) for e in CARD_BY_ID[card].effects)


def P(letter: str) -> int:
    return PANEL_INDEX[letter]


def find(acts: list[Action], verb: Verb, *args: object) -> Action | None:
    want = Action(verb, tuple(str(a) for a in args))
    return want if want in acts else None


def activation_pending(r: Any) -> bool:
    """Whether the turn's activation is still to come (from the step order and phase)."""
    phase = r.phase
    if phase == "activate":
        return False
    if phase == "move" and r.rule is Rule.ACTIVATE_FIRST:
        return False
    return True


def rest_value_steps(b: Board, me: int, act_pending: bool) -> Generator[None, None, float]:
    """Value for `me` once the turn player finishes the turn with its best activation (in
    steps, one activation judged per step)."""
    t = b.turn
    nxt = (t + 1) % b.n
    if b.over is not None or not act_pending:
        return (yield from value_steps(b, me, nxt))
    best_v, best_mine = -1.0, 0.0
    for x in b.activatable():
        c = b.copy()
        c.activate(x)
        c.end_turn()
        if t == me:
            vt = vm = yield from value_steps(c, t, nxt)
        else:
            vt, vm = yield from values_steps(c, (t, me), nxt)
        if vt > best_v:
            best_v = vt
            best_mine = vm
        yield
    return best_mine


# ------------------------------------------------------------------ move planning


def _safety(b: Board, depth: dict[int, int], p: int, burn: int | None) -> float:
    if p == burn:
        return 0.0
    risk = b.risk(b.n - 1)
    d = depth[p]
    return 1.0 - risk[min(d, len(risk) - 1)]


def carry_picks(b: Board, who: int, src: int, dst: int, k: int, burn: int | None
                ) -> tuple[int, ...]:
    """The cake `who`'s k moving subjects should carry: own cake toward safety, others'
    toward danger. `burn` is a chamber about to be recycled this turn."""
    if b.rule is Rule.NO_CARRY:
        return ()
    slots = k * (2 if b.rule is Rule.CARRY_TWO else 1)
    depth = b.depth()
    s_src = _safety(b, depth, src, burn)
    s_dst = _safety(b, depth, dst, burn)
    gains: list[tuple[float, int]] = []
    opp_w = 1.0 if b.n == 2 else 0.6
    for s in range(b.n):
        g = (s_dst - s_src) if s == who else (s_src - s_dst) * opp_w
        if g > 0.02:
            gains += [(g, s)] * b.cake[src][s]
    gains.sort(key=lambda t: (-t[0], t[1]))
    return tuple(s for _, s in gains[:slots])


def counts(most: int) -> list[int]:
    """Group sizes worth trying: small groups and (nearly) everyone."""
    if most <= 5:
        return list(range(1, most + 1))
    return [1, 2, 3, most - 1, most]


def advance(steps: Generator[None, None, T], end: float | None) -> tuple[bool, T | None]:
    """Run a step-by-step computation until it finishes, (True, its result), or until the
    clock (`time.perf_counter`) passes `end` after one of its pieces, (False, None); it
    resumes on the next call. `end` None: to the finish."""
    try:
        while True:
            next(steps)
            if end is not None and time.perf_counter() >= end:
                return False, None
    except StopIteration as done:
        return True, done.value


def plan_moves(b: Board, me: int, who: int, act_pending: bool, bonus: bool,
               srcs: list[int] | None = None, full: int = PLAN_FULL
               ) -> dict[tuple[int, int, int], tuple[float, int, tuple[int, ...]]]:
    """Every group move of `who`'s subjects (by `me`), scored for `me`: (src, dst, k) ->
    (value, chamber to activate after it or -1, the cake carried)."""
    return drain(plan_moves_steps(b, me, who, act_pending, bonus, srcs, full))


def plan_moves_steps(b: Board, me: int, who: int, act_pending: bool, bonus: bool,
                     srcs: list[int] | None = None, full: int = PLAN_FULL
                     ) -> Generator[None, None, Plans]:
    """`plan_moves` in steps (it yields between pieces of work of a few milliseconds, so a
    page can draw in between); the result, memoised, is the same however it is run."""
    key = (b.key(), me, who, act_pending, bonus, None if srcs is None else tuple(srcs), full)
    hit = _plan_memo.get(key)
    if hit is not None:
        _plan_memo.move_to_end(key)
        return hit
    out: dict[tuple[int, int, int], tuple[float, int, tuple[int, ...]]] = {}
    cap = 2 if b.rule is Rule.MAX_TWO else 99
    nxt = (b.turn + 1) % b.n
    acts = b.activatable() if act_pending else [-1]
    if srcs is None:
        srcs = [p for p in b.lab() if b.sub[p][who] > 0]
    prefer_card = b.lab_subjects(me) >= 6 and b.hand[me] < HAND_LIMIT - 1
    # Stage 1: every (move, activation) judged by the static score alone.
    stage: list[tuple[float, int, tuple[int, int, int], int, tuple[int, ...], Board]] = []
    i = 0
    for src in srcs:
        have = b.sub[src][who]
        for dst in b.move_targets(src):
            for k in counts(min(have, cap)):
                # The board after the move (and bonus) depends on the activation only
                # through the cake carried, so it is made once per choice of cake.
                moved: dict[tuple[int, ...], Board] = {}
                for x in acts:
                    burn = x if x >= 0 else None
                    picks = carry_picks(b, who, src, dst, k, burn)
                    mv = moved.get(picks)
                    if mv is None:
                        mv = b.copy()
                        mv.move(who, src, dst, k, picks)
                        if bonus and mv.over is None and mv.bonus_applies(k):
                            mv.take_bonus(me, prefer_card)
                        moved[picks] = mv
                    c = mv  # shared by the entries below only while nobody changes it
                    if c.over is None and x >= 0:
                        c = mv.copy()
                        c.activate(x)
                        c.end_turn()
                    stage.append((static_value(c, me), i, (src, dst, k), x, picks, c))
                    i += 1
                    if i % PLAN_STEP == 0:
                        yield
    # Stage 2: the most promising get the full judgement (the next player's reply).
    stage.sort(key=lambda t: (-t[0], t[1]))
    for j, (v1, _, m, x, picks, c) in enumerate(stage):
        if j < full:
            if x >= 0 or c.over is not None:
                v = yield from value_steps(c, me, nxt)
            else:
                v = yield from rest_value_steps(c, me, False)
            yield
        else:
            v = v1 - 1.0
        if m not in out or v > out[m][0]:
            out[m] = (v, x, picks)
    _plan_memo[key] = out
    if len(_plan_memo) > _MEMO_SIZE:
        _plan_memo.popitem(last=False)
    return out


def best_plan(plans: dict[tuple[int, int, int], tuple[float, int, tuple[int, ...]]],
              src: int | None = None, dst: int | None = None
              ) -> tuple[tuple[int, int, int], tuple[float, int, tuple[int, ...]]] | None:
    best = None
    for m, r in plans.items():
        if (src is None or m[0] == src) and (dst is None or m[1] == dst):
            if best is None or r[0] > best[1][0]:
                best = (m, r)
    return best


def plan_value_steps(b: Board, me: int) -> Generator[None, None, float]:
    """The value of `me`'s best move and activation from here (turn start or move step),
    in steps."""
    plans = yield from plan_moves_steps(b, me, me, True, True)
    bp = best_plan(plans)
    if bp is None:
        return (yield from rest_value_steps(b, me, True))
    return bp[1][0]


# ------------------------------------------------------------------ medium


class Medium:
    """One medium decision. Construct, then `choose()`."""

    def __init__(self, view: Any, seed: int, fast: bool = False,
                 board: Board | None = None) -> None:
        self.fast = fast
        self.full = PLAN_FULL_FAST if fast else PLAN_FULL
        self.v = view
        self.me: int = view.seat
        self.seed = seed
        self.acts: list[Action] = view.legal_actions()
        self.b = Board.read(view) if board is None else board

    def choose(self) -> Action:
        return drain(self.steps())

    def steps(self) -> Generator[None, None, Action]:
        """`choose()` in steps: the decision's handler (a plain function, or a generator
        that yields between pieces of its work of a few milliseconds: the plans of a move,
        each deploy option played out, each option judged), checked against the legal
        actions."""
        acts = self.acts
        if len(acts) == 1:
            return acts[0]
        k = self.v.decision
        fn = MEDIUM_HANDLERS.get(k)
        a = fn(self) if fn is not None else None
        if isinstance(a, Generator):
            a = yield from a
        if a is not None and a in acts:
            return a
        MISSES[f"medium {k}"] += 1
        return acts[0]

    # --- helpers
    def _best_of(self, scored: list[tuple[float, Action]]) -> Action | None:
        best = None
        for v, a in scored:
            if best is None or v > best[0]:
                best = (v, a)
        return None if best is None else best[1]

    def _judge(self, edit: Any) -> Generator[None, None, list[tuple[float, Action]]]:
        """Score every legal action by editing a copy of the board with `edit(copy, a)`
        (which returns False for an action it does not model) and valuing what remains
        (in steps: a handler runs it with `yield from`)."""
        pending = activation_pending(self.v)
        out = []
        for a in self.acts:
            c = self.b.copy()
            if edit(c, a) is False:
                continue
            c.check_end()
            if self.fast:
                out.append((static_value(c, self.me), a))
            else:
                out.append(((yield from rest_value_steps(c, self.me, pending)), a))
        return out

    # --- decisions
    def _move(self) -> Generator[None, None, Action | None]:
        f = self.v.pending
        b, me = self.b, self.me
        if f["src"] is None:
            if f["own"]:
                srcs = None
                who = me
            else:
                return (yield from self._force_from())
        else:
            srcs = [P(f["src"])]
            who = f["who"]
        if who != me:
            return (yield from self._force_rest(f))
        pending = activation_pending(self.v)
        plans = yield from plan_moves_steps(b, me, me, pending, bool(f["bonus"]), None,
                                            self.full)
        if srcs is not None and not any(m[0] == srcs[0] for m in plans):
            plans = yield from plan_moves_steps(b, me, me, pending, bool(f["bonus"]), srcs,
                                                self.full)
        bp = best_plan(plans, None if f["src"] is None else P(f["src"]),
                       None if f["dst"] is None else P(f["dst"]))
        if bp is None:
            return None
        (src, dst, k), _ = bp
        if f["src"] is None:
            return find(self.acts, Verb.FROM, PANEL_LETTERS[src])
        if f["dst"] is None:
            return find(self.acts, Verb.TO, PANEL_LETTERS[dst])
        return find(self.acts, Verb.COUNT, k)

    def _force_options(self, f: dict[str, Any]
                       ) -> Generator[None, None, list[tuple[float, tuple[int, int, int, int]]]]:
        """Every move of another division's subjects that this seat may make (a card's
        forced move), judged by the rest of the turn after it (in steps)."""
        b, me = self.b, self.me
        pending = activation_pending(self.v)
        cap = 2 if b.rule is Rule.MAX_TWO else 99
        where = b._where()
        out = []
        if f["src"] is None:
            pairs = [(P(a.args[0]), int(a.args[1])) for a in self.acts if a.verb is Verb.FROM]
        else:
            pairs = [(P(f["src"]), int(f["who"]))]
        for src, who in pairs:
            dsts = b.move_targets(src, where) if f["dst"] is None else [P(f["dst"])]
            for dst in dsts:
                for k in range(1, min(b.sub[src][who], cap) + 1):
                    c = b.copy()
                    c.move(who, src, dst, k, carry_picks(b, who, src, dst, k, None))
                    v = yield from rest_value_steps(c, me, pending)
                    out.append((v, (src, who, dst, k)))
        return out

    def _force_from(self) -> Generator[None, None, Action | None]:
        opts = yield from self._force_options(self.v.pending)
        if not opts:
            return None
        _, (src, who, _, _) = max(opts, key=lambda t: t[0])
        return find(self.acts, Verb.FROM, PANEL_LETTERS[src], who)

    def _force_rest(self, f: dict[str, Any]) -> Generator[None, None, Action | None]:
        opts = yield from self._force_options(f)
        if not opts:
            return None
        _, (_, _, dst, k) = max(opts, key=lambda t: t[0])
        if f["dst"] is None:
            return find(self.acts, Verb.TO, PANEL_LETTERS[dst])
        return find(self.acts, Verb.COUNT, k)

    def _carry(self) -> Action | None:
        f = self.v.pending
        b, me = self.b, self.me
        src, dst, n = P(f["src"]) if isinstance(f["src"], str) else f["src"], f["dst"], f["n"]
        dst = P(dst) if isinstance(dst, str) else dst
        want: tuple[int, ...]
        if f["mover"] == me and b.turn == me:
            pending = activation_pending(self.v)
            plans = plan_moves(b, me, me, pending, bool(f["bonus"]), None, self.full)
            r = plans.get((src, dst, n))
            want = r[2] if r is not None else carry_picks(b, me, src, dst, n, None)
        else:
            want = carry_picks(b, me, src, dst, n, None)
        left = list(want)
        for s in f["picks"]:
            if s in left:
                left.remove(s)
        if left:
            a = find(self.acts, Verb.CARRY, left[0])
            if a is not None:
                return a
        return find(self.acts, Verb.CARRY, "none")

    def _bonus(self) -> Generator[None, None, Action | None]:
        def edit(c: Board, a: Action) -> bool:
            if a.args[0] == "card":
                c.hand[self.me] += 1
            else:
                c.deliver_subject(self.me, P(a.args[1]))
            return True
        return self._best_of((yield from self._judge(edit)))

    def _activate(self) -> Generator[None, None, Action | None]:
        b, me = self.b, self.me
        nxt = (b.turn + 1) % b.n
        scored = []
        for a in self.acts:
            c = b.copy()
            c.activate(P(a.args[0]))
            if c.rule is not Rule.ACTIVATE_FIRST:
                c.end_turn()
            scored.append(((yield from value_steps(c, me, nxt)), a))
            yield
        return self._best_of(scored)

    def _reward(self) -> Generator[None, None, Action | None]:
        me = self.me
        if self.fast:
            safe = self.b.safest_new_edge(self.b.activated)
            for a in self.acts:
                if a.verb in (Verb.SUBJECT, Verb.CAKE) and safe is not None \
                        and P(a.args[0]) == safe:
                    return a

        def edit(c: Board, a: Action) -> bool:
            v, args = a.verb, a.args
            if v is Verb.SUBJECT:
                c.deliver_subject(me, P(args[0]))
            elif v is Verb.CAKE:
                c.deliver_cake(me, P(args[0]))
            elif v is Verb.CARD:
                c.hand[me] += 1
            elif v is Verb.CUBE:
                if args[0] != "stay":
                    c.cube = P(args[0])
            elif v is Verb.TURRET:
                if args[0] != "stay":
                    c.turret = P(args[0])
                    c.turret_strikes(c.turret)
            if c.activated is not None:
                c.check_end()
                if c.over is None:
                    c.recycle()
            return True
        return self._best_of((yield from self._judge(edit)))

    def _recycle(self) -> Generator[None, None, Action | None]:
        b, me = self.b, self.me
        nxt = (b.turn + 1) % b.n
        scored = []
        for a in self.acts:
            c = b.copy()
            c.recycle(ROWS.index(a.args[0]))
            scored.append(((yield from value_steps(c, me, nxt)), a))
            yield
        return self._best_of(scored)

    def _discard(self) -> Action | None:
        hand = [a for a in self.acts if a.verb is Verb.DISCARD]
        return min(hand, key=lambda a: card_worth(a.args[0])) if hand else None

    def _fire(self) -> Generator[None, None, Action | None]:
        def edit(c: Board, a: Action) -> bool:
            if c.rule is not Rule.TURRET_DISARMED:
                c.kill(P(a.args[0]))
            return True
        return self._best_of((yield from self._judge(edit)))

    def _turret_any(self) -> Generator[None, None, Action | None]:
        def edit(c: Board, a: Action) -> bool:
            c.turret = P(a.args[0])
            c.turret_strikes(c.turret)
            return True
        return self._best_of((yield from self._judge(edit)))

    def _destroy(self) -> Generator[None, None, Action | None]:
        def edit(c: Board, a: Action) -> bool:
            p, s = P(a.args[0]), int(a.args[1])
            c.set_sub(p, s, c.sub[p][s] - 1)
            c.supply[s] += 1
            return True
        return self._best_of((yield from self._judge(edit)))

    def _endangered(self) -> int | None:
        """The chamber holding most of this seat's stake near the old edge."""
        b, me = self.b, self.me
        depth = b.depth()
        best, best_v = None, 0.0
        for p in b.lab():
            v = (b.cake[p][me] + 0.3 * b.sub[p][me]) * (2 - min(depth[p], 2))
            if v > best_v:
                best, best_v = p, v
        return best

    def _deepest(self, avoid: set[int]) -> int | None:
        depth = self.b.depth()
        cands = [p for p in self.b.lab() if p not in avoid and p != self.b.turret]
        return max(cands, key=lambda p: (depth[p], -p)) if cands else None

    def _portal_full(self, pair: list[int]) -> Generator[None, None, float]:
        """How good the lab is for this seat with the Portals at `pair`, in full (in
        steps): its best turn from here (or, once its move is made, what the others can
        then do), which also sees a Portal pair that another player would use."""
        b = self.b.copy()
        b.portals = pair
        return (yield from _turn_value_steps(b, self.me, self.v))

    def _portal_quick(self, pair: list[int]) -> float:
        """How good the lab is for this seat with the Portals at `pair`, quickly: the best
        static value after one group of its own goes through them (with the cake it
        carries)."""
        b, me = self.b.copy(), self.me
        b.portals = pair
        best = static_value(b, me)
        cap = 2 if b.rule is Rule.MAX_TWO else 99
        for src, dst in ((pair[0], pair[1]), (pair[1], pair[0])):
            have = min(b.sub[src][me], cap)
            if have:
                c = b.copy()
                c.move(me, src, dst, have, carry_picks(b, me, src, dst, have, None))
                best = max(best, static_value(c, me))
        return best

    def _portal_pairs(self, pairs: list[list[int]]
                      ) -> Generator[None, None, list[int] | None]:
        """The best of `pairs`: all judged quickly, the few best (and the rule of thumb's
        pair: the stake in danger and the deepest chamber) judged in full."""
        if not pairs:
            return None
        quick = []
        for i, pr in enumerate(pairs):
            quick.append((self._portal_quick(pr), i))
            if i % PORTAL_STEP == PORTAL_STEP - 1:
                yield
        quick.sort(key=lambda t: (-t[0], t[1]))
        if self.fast:
            return pairs[quick[0][1]]
        keep = [pairs[i] for _, i in quick[:PORTAL_FULL]]
        danger = self._endangered()
        deep = self._deepest({danger} if danger is not None else set())
        thumb = [danger, deep] if danger is not None and deep is not None else None
        if thumb is not None and thumb in pairs and thumb not in keep:
            keep.append(thumb)
        full = []
        for pr in keep:
            full.append(((yield from self._portal_full(pr)), -pr[0], -pr[1]))
        return keep[max(range(len(keep)), key=full.__getitem__)]

    def _portal(self) -> Generator[None, None, Action | None]:
        """Place a Portal: the pair that opens the best turn for this seat, the one that
        shuts a pair the others would use, or carries its cake away from the old edge."""
        f = self.v.pending
        legal = [P(a.args[0]) for a in self.acts]
        if f.get("first") is None:
            pairs = [[a, c] for i, a in enumerate(legal) for c in legal[i + 1:]]
            best = yield from self._portal_pairs(pairs)
            p = None if best is None else (best[0] if best[0] in legal else best[1])
        else:
            first = P(f["first"])
            best = yield from self._portal_pairs([[first, c] for c in legal])
            p = None if best is None else best[1]
        return None if p is None else find(self.acts, Verb.PORTAL, PANEL_LETTERS[p])

    def _shift(self) -> Generator[None, None, Action | None]:
        """Move one Portal: judged like placing them (see `_portal`), among every shift."""
        b = self.b
        moves = [(P(a.args[0]), P(a.args[1])) for a in self.acts]
        pairs = [[q if q != a else c for q in b.portals] for a, c in moves]
        best = yield from self._portal_pairs(pairs)
        if best is None:
            return None
        return self.acts[pairs.index(best)]

    def _deploy(self) -> Generator[None, None, Action | None]:
        """Play the card whose played-out result plans best, if it beats ending the step."""
        v, me = self.v, self.me
        if self.fast:
            plays = [a for a in self.acts if a.verb is Verb.PLAY]
            if plays:
                # A card played blindly may spoil a win the turn holds without it (hard's
                # playouts would then think its opponents weaker than they are). The plans
                # are memoised: the move decision that follows reuses them.
                plans = yield from plan_moves_steps(self.b, me, me, True, True, None,
                                                    self.full)
                bp = best_plan(plans)
                if bp is not None and bp[1][0] >= WIN_SURE:
                    return find(self.acts, Verb.END)
            if plays:
                a = max(plays, key=lambda a: (card_worth(a.args[0]), a.args[0]))
                if card_worth(a.args[0]) >= 0.45:
                    return a
            return find(self.acts, Verb.END)
        base = yield from _turn_value_steps(self.b, me, v)
        best: tuple[float, Action] | None = None
        for a in deploy_options(self.acts, self.b, me):
            val = yield from _value_after_playing_steps(v, a, self.seed)
            if val is not None and (best is None or val > best[0]):
                best = (val, a)
        if best is not None and best[0] > base + 0.005:
            return best[1]
        return find(self.acts, Verb.END)


def deploy_options(acts: list[Action], b: Board, me: int) -> list[Action]:
    """The deploy-step actions worth trying out: each card's Aperture action; firing the
    Portal Gun with the card worth least as an action (the Gun is the same whichever card
    pays for it); and, under Cave Johnson, burning the cake standing nearest the old edge
    (the one most likely to be lost anyway)."""
    out: list[Action] = []
    seen: set[str] = set()
    for a in acts:
        if a.verb is Verb.PLAY and a.args[0] not in seen:
            seen.add(a.args[0])
            out.append(a)
    guns = [a for a in acts if a.verb is Verb.GUN]
    if guns:
        out.append(min(guns, key=lambda a: (card_worth(a.args[0]), a.args[0])))
    burns = [a for a in acts if a.verb is Verb.BURN]
    if burns:
        depth = b.depth()
        out.append(min(burns, key=lambda a: (depth.get(P(a.args[0]), 9), a.args[0])))
    return out


def _turn_value_steps(b: Board, me: int, r: Any) -> Generator[None, None, float]:
    """The value for `me` of the rest of the turn from here, in steps."""
    if b.turn == me and r.phase in ("deploy", "move") and activation_pending(r):
        return (yield from plan_value_steps(b, me))
    return (yield from rest_value_steps(b, me, activation_pending(r)))


def _value_after_playing_steps(view: Any, a: Action, seed: int
                               ) -> Generator[None, None, float | None]:
    """Play card `a` on a state sampled from the view, let medium make the card's choices,
    and value the position the rest of the turn starts from (in steps, see
    `Medium.steps`)."""
    me = view.seat
    st = view.sample(Rng(seed))
    st = st.apply_unchecked(a)
    guard = 0
    while not st.is_over and guard < 40:
        guard += 1
        if st.current_player == me and st.decision == "deploy":
            break
        if st.phase != "deploy" and st.turn == me:
            break
        who = st.current_player
        # read_state gives the Board that Board.read(st.view(who)) would, several times
        # faster (as in hard's playouts)
        sub = Medium(st.view(who), seed, board=Board.read_state(st))
        st = st.apply_unchecked((yield from sub.steps()))
        yield
    b = Board.read_state(st)
    if st.is_over:
        return value(b, me, me)
    return (yield from _turn_value_steps(b, me, st))


def medium_choose(view: Any, seed: int, fast: bool = False, board: Board | None = None
                  ) -> Action:
    """medium's action for `view`. `board` may pass the same position already read (hard's
    playouts read it faster from the sampled State)."""
    return Medium(view, seed, fast, board).choose()


# ------------------------------------------------------------------ easy


def _easy_activate(e: Easy) -> Action:
    """A chamber whose majority it holds, the richest first; else chance."""
    mine = [a for a in e.acts if e.b.rewarded(P(a.args[0])) == e.me]
    if mine:
        return max(mine, key=lambda a: (len(e.b.icons[P(a.args[0])]), -P(a.args[0])))
    return e.rng.choice(e.acts)


def _easy_carry(e: Easy) -> Action:
    """Its own cake goes with it; nobody else's."""
    own = find(e.acts, Verb.CARRY, e.me)
    return own if own is not None else find(e.acts, Verb.CARRY, "none") or e.acts[-1]


def _easy_move(e: Easy) -> Action:
    """Any group anywhere, but not into the Turret."""
    f = e.v.pending
    if f.get("dst") is None and f.get("src") is not None:
        safe = [a for a in e.acts if P(a.args[0]) != e.b.turret]
        return e.rng.choice(safe or e.acts)
    return e.rng.choice(e.acts)


def _easy_deploy(e: Easy) -> Action:
    """A card's action or the Portal Gun half the time it holds a card (the Gun with the
    first card, so one chance in as many cards as it holds, plus one); otherwise it ends
    the step."""
    plays = [a for a in e.acts if a.verb is Verb.PLAY]
    plays += [a for a in e.acts if a.verb is Verb.GUN][:1]
    if plays and e.rng.random() < 0.5:
        return e.rng.choice(plays)
    end = find(e.acts, Verb.END)
    return end if end is not None else e.rng.choice(e.acts)


def _easy_harm(e: Easy) -> Action:
    """Fire, destroy or place the Turret where its own subjects are not hit, if it can."""
    def hits_me(a: Action) -> bool:
        p = P(a.args[0])
        if a.verb is Verb.DESTROY:
            return int(a.args[1]) == e.me
        return e.b.sub[p][e.me] > 0
    spared = [a for a in e.acts if not hits_me(a)]
    return e.rng.choice(spared or e.acts)


def _easy_chance(e: Easy) -> Action:
    """Seeded chance: where easy plays without a rule of thumb (deliveries, Portals, the
    recycle row, discards)."""
    return e.rng.choice(e.acts)


class Easy:
    """One easy decision: the view, its legal actions, its Board and the seeded chance."""

    def __init__(self, view: Any, seed: int) -> None:
        self.v = view
        self.me: int = view.seat
        self.acts: list[Action] = view.legal_actions()
        self.rng = Rng(seed)
        self.b = Board.read(view)


EASY_HANDLERS: dict[str, Any] = {
    "deploy": _easy_deploy, "discard": _easy_chance, "portal": _easy_chance,
    "shift": _easy_chance, "move": _easy_move, "carry": _easy_carry, "bonus": _easy_chance,
    "activate": _easy_activate, "reward": _easy_chance, "turret_any": _easy_harm,
    "fire": _easy_harm, "destroy": _easy_harm, "recycle": _easy_chance,
}
MEDIUM_HANDLERS: dict[str, Any] = {
    k: f for k in DECISIONS if (f := getattr(Medium, "_" + k, None)) is not None}


def easy_choose(view: Any, seed: int) -> Action:
    """Legal moves with light sense, and seeded randomness for the rest."""
    acts = view.legal_actions()
    if len(acts) == 1:
        return acts[0]
    k = view.decision
    fn = EASY_HANDLERS.get(k)
    a = fn(Easy(view, seed)) if fn is not None else None
    if a is not None and a in acts:
        return a
    MISSES[f"easy {k}"] += 1
    return acts[0]


def plan_summary(b: Board, me: int) -> list[tuple[float, tuple[int, int, int], int]]:
    """medium's turn plans, best first: (value, (src, dst, k), chamber to activate)."""
    plans = plan_moves(b, me, me, True, True)
    out = [(r[0], m, r[1]) for m, r in plans.items()]
    out.sort(key=lambda t: (-t[0], t[1], t[2]))
    return out


__all__ = ["DECISIONS", "EASY_HANDLERS", "MEDIUM_HANDLERS", "MISSES", "Medium", "advance",
           "best_activation", "easy_choose", "medium_choose", "plan_summary"]
