"""The 'hard' player: information-set Monte Carlo search over whole-turn plans.

A turn is many small decisions, but what matters is the plan they make together: which group
moves where with which cake, and which chamber is then activated. So the search is a bandit
over candidate plans at the root, not a tree over single clicks:

1. Candidates. At a move decision, medium's best plans (`heuristic.plan_moves`) that agree
   with what is already chosen (the chamber moved from, the destination), at most
   `CANDIDATES` of them, each a (from, to, count, activate) plan; at the deploy step, ending
   it, playing each card in hand, firing the Portal Gun, burning a cake under Cave Johnson
   (`heuristic.deploy_options`). Other decisions (the activation, whose choice is part
   of the plan searched, cake to carry, deliveries, the recycle row, ...) are medium's.
   A decision after the first of a move (to, count), and the deploy step, get a third of the
   iteration budget (at least two playouts per candidate).
2. Iterations (playouts). Playout j of any candidate: sample a full state from the view with
   seed (seed, j) (`view.sample`: others' hands and the deck are dealt at random from the
   cards this seat has not seen; the same j gives every candidate the same deal, so they
   are compared on equal terms), apply the plan through the real engine, let medium finish
   the turn as hard itself will (the full medium) and play every opponent's whole turn (a
   quicker medium, with their sampled cards, which keeps a win its turn holds without a
   card), and stop when the turn comes back (a truncated playout). The position is then
   scored as a chance to win (exact if the game has ended): by the judgement learnt from
   medium's games (`learnt.chances`) where it has weights for the player count (four
   players), else by medium's own (`board.value`, 0..1, like a win chance).
3. Win now. With three or four players, before all this, a bounded search of hard's own
   turn (`finish.win_now`) looks for a line that ends the game at once with hard among the
   winners; if it finds one, hard plays it.
4. Choice. UCB1 picks the candidate for the next playout; each candidate starts with
   medium's own judgement as a prior worth `PRIOR_WEIGHT` playouts (as the chance of
   winning it stands for, where the learnt judgement ends the trial games). The answer is the
   candidate with the best mean.
5. Deny. With three or four players, on hard's own turn, when some division stands in at
   most `DENY_THIN` chambers (a wipe-out, which ends the game, is within reach), once the
   playouts are spent: if
   the best candidate leaves some other player a line that ends the game and wins before
   hard's next turn (asked on `DENY_DEALS` deals sampled from the view: the rest of hard's
   turn played as in a playout, then `finish.win_now` from each next player's own view of
   the deal at its turn start, the quicker medium playing its turn when no line is found),
   the next best few (`DENY_CANDIDATES`, by mean) are asked
   the same, and the one with the best mean, times the share of deals on which it leaves
   no such end, is played instead.
   The playouts end with the quicker medium playing the others, which passes up about half
   of the wins it holds; this step asks the question those playouts answer too kindly.

A playout's value depends only on the position, the seed, the plan and j, so it is memoised:
the next decision of the same turn (to, count, ...) reuses what the first one computed and
gives the answer the first one planned, unless it has learnt better. The memo never changes a
result.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from ..actions import Action, Verb
from ..content import PANEL_LETTERS
from ..rng import Rng
from . import learnt
from .board import Board, chance, value_steps
from .finish import WIN_NODES, Finish, win_now_steps
from .heuristic import (
    Medium,
    P,
    Plans,
    activation_pending,
    advance,
    deploy_options,
    drain,
    find,
    plan_moves_steps,
)

DEFAULT_BUDGET_S = 1.5  # seconds per decision when neither budget is given
# hard as the page plays it and the tournaments measured it (docs/balance.md): playouts per
# decision by the number of players, about 1.5 s of Pyodide here (160 with two players and
# 42 with four were measured; three between, by the time a playout takes).
PLAYOUTS = {2: 160, 3: 80, 4: 42}
CANDIDATES = 6  # plans compared at a move decision
PRIOR_WEIGHT = 2.0  # medium's judgement counts as this many playouts
UCB_C = 0.35
MAX_PLAYOUT_ACTIONS = 400
# A trial game stops when the turn has come back to hard this many times (one round of the
# others' turns; `bench/variants.py` measures two).
ROUNDS = 1
# With at least this many players, every decision of hard's own turn first looks for a
# line that ends the game now with hard among the winners (`finish.win_now`) and plays it:
# hard's candidates are medium's few best plans, which can miss such a line. Two-player
# games are left as they were.
WIN_NOW_PLAYERS = 3
WIN_NOW_SHARE = 0.5  # a shared win is taken if hard's share is at least this (of 2 winners)
# The deny step (5. above), with at least this many players, on hard's own turn. Switched
# off (no game has 5 players): measured at the same time per decision (36 playouts, not 42)
# it did not make hard stronger (docs/balance.md, "Taking away another player's ending");
# 3 switches it on.
DENY_PLAYERS = 5
DENY_CANDIDATES = 4  # the best candidates (by mean) that may be asked
DENY_DEALS = 2  # deals each candidate is asked on
DENY_NODES = 300  # win_now's cap for each other player's turn
DENY_RESERVE = 0.2  # with a time budget, the share of it kept for the deny step
# Every four-player game ends on a wipe-out: the step is taken only when some division
# stands in at most this many chambers (on 40 four-player positions of medium's games, the
# 4 with a threat had one in 1 or 2; the 18 with none below 3 had no threat).
DENY_THIN = 2


def leaf_value_steps(b: Board, me: int) -> Generator[None, None, float]:
    """How good a trial game's last position, at the start of hard's turn, is for hard:
    with a player count the learnt judgement has weights for, its chance to win
    (`learnt.chances`); else medium's judgement (`board.value`, in steps)."""
    if b.n in learnt.WEIGHTS:
        return learnt.chances(b, b.turn)[me]  # the turn is hard's, unless the game is over
    return (yield from value_steps(b, me, me))


_MEMO_SIZE = 20000
_memo: OrderedDict[tuple[Any, ...], float] = OrderedDict()
_deny_memo: OrderedDict[tuple[Any, ...], bool] = OrderedDict()


def _mix(*parts: int) -> int:
    """One 64-bit seed from several integers (SplitMix-style, deterministic everywhere)."""
    h = 0x9E3779B97F4A7C15
    for x in parts:
        h = ((h ^ (x & 0xFFFFFFFFFFFFFFFF)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        h ^= h >> 31
    return h


@dataclass
class Candidate:
    """One option at the root: the actions it applies now, and the activation it intends."""

    key: tuple[Any, ...]
    steps: tuple[Action, ...]  # applied at once, the first is the answer
    activate: Action | None  # applied when this turn's activation comes, if still legal
    prior: float
    visits: int = 0
    total: float = 0.0

    def mean(self) -> float:
        return (self.prior * PRIOR_WEIGHT + self.total) / (PRIOR_WEIGHT + self.visits)


def view_key(v: Any, b: Board) -> tuple[Any, ...]:
    """What a decision's answer may depend on, identical for the decisions of one move
    (the open frame's details are left out on purpose: they are part of the candidates)."""
    me = v.seat
    return (me, b.key(), v.hand(me), v.fresh(me), v.deck_top, v.deck_size, v.discard,
            v.turn_number, v.reveals, v.phase)


class Search:
    """One hard decision; `step` runs playouts, `best` answers.

    `iterations` fixes the playouts (the answer is the same on every machine), `budget_s`
    the time; given both, the time is a cap on the playouts (a slow device answers in that
    time, with what it has found)."""

    def __init__(self, view: Any, *, seed: int, iterations: int | None = None,
                 budget_s: float | None = None) -> None:
        if iterations is None and budget_s is None:
            raise ValueError("a search needs a number of playouts or a time budget")
        self.v = view
        self.me: int = view.seat
        self.seed = seed
        self.max_iterations = iterations
        self.budget_s = budget_s
        self.deadline: float | None = None
        self.started = 0.0  # when a time budget began
        self.done = 0
        self.final: Action | None = None
        self.cands: list[Candidate] | None = None
        self.start_turn: int = view.turn_number
        self.vkey: tuple[Any, ...] = ()
        self._running: tuple[Candidate, Generator[None, None, float]] | None = None
        self._preparing: Generator[None, None, None] | None = None
        self.finish: Finish | None = None  # the winning line played, if win_now found one
        self.deny = view.players >= DENY_PLAYERS and view.turn == self.me and thin(view)
        self._denying: Generator[None, None, Candidate | None] | None = None
        self.denied: Candidate | None = None  # the candidate played instead of the best
        self.threats: dict[tuple[Any, ...], int] = {}  # candidate key -> deals lost
        self._deny_done = False

    # ------------------------------------------------------------ candidates
    def _prepare_steps(self) -> Generator[None, None, None]:
        """Find the candidates (in steps: medium's plans and deploy judgement are the slow
        part, and a page slices them like the playouts)."""
        v, me = self.v, self.me
        if self.budget_s is not None:
            share = 1.0 - DENY_RESERVE if self.deny else 1.0
            self.started = time.perf_counter()
            self.deadline = self.started + self.budget_s * share
        acts = v.legal_actions()
        if len(acts) == 1:
            self.final = acts[0]
            return
        if v.players >= WIN_NOW_PLAYERS and v.turn == me:
            # The deals depend on the turn, not on this decision's seed, so the decisions
            # of one turn search the same deals and follow one line.
            f = yield from win_now_steps(v, seed=_mix(v.turn_number, me, 0x77),
                                         nodes=WIN_NODES, min_share=WIN_NOW_SHARE)
            if f.line:
                self.finish = f
                self.final = f.line[0]
                return
        b = Board.read(v)
        self.vkey = view_key(v, b)
        kind = v.decision
        cands: list[Candidate] = []
        f = v.pending
        if kind == "move" and f.get("own") and f.get("bonus") and v.turn == me \
                and activation_pending(v):
            plans = yield from plan_moves_steps(b, me, me, True, True)
            cands = self._move_candidates(plans, f, acts)
        elif kind == "deploy":
            pick = yield from Medium(v, self.seed).steps()
            end = [a for a in acts if a.verb is Verb.END]
            for a in end + deploy_options(acts, b, me):
                cands.append(Candidate(("deploy", str(a)), (a,), None,
                                       self._prior(0.55 if a == pick else 0.5)))
        if len(cands) <= 1:
            self.final = cands[0].steps[0] if cands else (
                yield from Medium(v, self.seed).steps())
            return
        self.cands = cands
        if kind == "deploy" or f.get("src") is not None:
            # Follow-up decisions of a planned move, and the deploy step, get a smaller
            # share: most of their playouts were already run (and memoised) by the first.
            # A time budget likewise gets a third, as the tournaments measured hard (the
            # page gave each its whole 1.5 s: a hard turn took 6 s of thinking or more).
            if self.max_iterations is not None:
                self.max_iterations = min(self.max_iterations,
                                          max(2 * len(cands), self.max_iterations // 3))
            if self.deadline is not None:
                self.deadline -= (self.deadline - self.started) * 2 / 3

    def _move_candidates(self, plans: Plans, f: dict[str, Any], acts: list[Action]
                         ) -> list[Candidate]:
        src = None if f["src"] is None else P(f["src"])
        dst = None if f["dst"] is None else P(f["dst"])
        ranked = sorted(((r[0], m, r[1]) for m, r in plans.items()
                         if (src is None or m[0] == src) and (dst is None or m[1] == dst)),
                        key=lambda t: (-t[0], t[1], t[2]))
        out: list[Candidate] = []
        for val, (s, d, k), x in ranked[:CANDIDATES]:
            steps: list[Action] = []
            if src is None:
                steps.append(Action(Verb.FROM, (PANEL_LETTERS[s],)))
            if dst is None:
                steps.append(Action(Verb.TO, (PANEL_LETTERS[d],)))
            steps.append(Action(Verb.COUNT, (str(k),)))
            if steps[0] not in acts:
                continue
            act = None if x < 0 else Action(Verb.ACTIVATE, (PANEL_LETTERS[x],))
            out.append(Candidate(("move", s, d, k, x), tuple(steps), act, self._prior(val)))
        return out

    def _prior(self, x: float) -> float:
        """medium's verdict `x` as a candidate's prior, on the scale of the trial games'
        verdicts: where the learnt judgement ends them (`leaf_value_steps`), as the chance
        of winning it stands for (`board.chance`). medium's four-player figures run high
        (about 0.52 where the trial games say 0.35), and a prior worth two playouts on that
        scale raised the mean of the candidates played out least."""
        return chance(x, self.v.players) if self.v.players in learnt.WEIGHTS else x

    # ------------------------------------------------------------ playouts
    def _playout(self, c: Candidate, j: int) -> Generator[None, None, float]:
        """Playout j of candidate c, one engine action per `next()`; returns its value.
        Run in pieces, so a page can draw between them; the value never depends on that."""
        key = (self.vkey, self.seed, c.key, j)
        hit = _memo.get(key)
        if hit is not None:
            return hit
        me = self.me
        rng = Rng(_mix(self.seed, j, 0x51))
        st = self.v.sample(rng)
        for step in c.steps:
            if st.is_over:
                break
            st = st.apply_unchecked(step)
        guard = 0
        n = st.players
        back = self.start_turn + (ROUNDS - 1) * n  # hard's last turn the trial game plays
        while not st.is_over and guard < MAX_PLAYOUT_ACTIONS:
            if st.turn == me and st.turn_number > back and st.phase == "deploy":
                break
            if st.turn == me and st.turn_number >= back + n:
                break
            who = st.current_player
            view = st.view(who)
            a: Action | None = None
            if who == me and c.activate is not None and st.decision == "activate" \
                    and st.turn_number == self.start_turn:
                legal = view.legal_actions()
                a = c.activate if c.activate in legal else None
            if a is None:
                legal = view.legal_actions()
                if len(legal) == 1:
                    a = legal[0]
                else:
                    # medium's own steps: its slow decisions are cut finer still. This
                    # seat's own decisions (carry, rewards, the recycle row, a card's
                    # choices) are played as hard will really play them: by the full
                    # medium; with the quicker one, playouts judged a turn that would not
                    # be played, and overrated plans whose rewards medium then placed
                    # where the next player could finish the game. The others: the
                    # quicker medium.
                    a = yield from Medium(view, _mix(self.seed, j, guard), who != me,
                                          Board.read_state(st)).steps()
            st = st.apply_unchecked(a)
            guard += 1
            yield
        val = yield from leaf_value_steps(Board.read_state(st), me)
        _memo[key] = val
        if len(_memo) > _MEMO_SIZE:
            _memo.popitem(last=False)
        return val

    # ------------------------------------------------------------ deny
    def _turn_seed(self) -> int:
        # The deals depend on the turn, not on this decision's seed, so the decisions of
        # one turn ask the same questions and keep to one answer.
        return _mix(self.v.turn_number, self.me, 0xD0)

    def _threat(self, c: Candidate, j: int) -> Generator[None, None, bool]:
        """Whether, on deal j, candidate c leaves another player an end of the game that it
        wins before hard's next turn (or the game ends without hard among its winners)."""
        key = (self.vkey, c.key, j)
        hit = _deny_memo.get(key)
        if hit is not None:
            return hit
        me, seed = self.me, self._turn_seed()
        st = self.v.sample(Rng(_mix(seed, j, 0xD1)))
        for step in c.steps:
            if st.is_over:
                break
            st = st.apply_unchecked(step)
        guard = 0
        asked: set[int] = set()
        found = False
        while not st.is_over and guard < MAX_PLAYOUT_ACTIONS:
            if st.turn == me and st.turn_number > self.start_turn:
                break  # the turn came back to hard
            who = st.current_player
            if st.turn != me and who == st.turn and st.turn_number not in asked:
                asked.add(st.turn_number)
                f = yield from win_now_steps(st.view(who), seed=_mix(seed, j, st.turn_number),
                                             nodes=DENY_NODES, samples=1)
                if f.line:
                    found = True
                    break
            view = st.view(who)
            legal = view.legal_actions()
            a: Action | None = None
            if who == me and c.activate is not None and st.decision == "activate" \
                    and st.turn_number == self.start_turn:
                a = c.activate if c.activate in legal else None
            if a is None:
                a = legal[0] if len(legal) == 1 else (
                    yield from Medium(view, _mix(seed, j, guard), who != me,
                                      Board.read_state(st)).steps())
            st = st.apply_unchecked(a)
            guard += 1
            yield
        if found:
            hit = True
        else:
            o = st.outcome
            hit = bool(st.is_over and o is not None and me not in o.winners)
        _deny_put(key, hit)
        return hit

    def _threats(self, c: Candidate) -> Generator[None, None, int]:
        """On how many of `DENY_DEALS` deals candidate c leaves another player a win."""
        if c.key not in self.threats:
            n = 0
            for j in range(DENY_DEALS):
                n += (yield from self._threat(c, j))
            self.threats[c.key] = n
        return self.threats[c.key]

    def _deny_steps(self) -> Generator[None, None, Candidate | None]:
        """The candidate to play instead of the best, if the best leaves another player a
        winning end before hard's next turn: among the next best few, the one whose mean,
        times the share of deals on which it leaves no such end, is highest (a deal lost to
        another's ending counts as lost, whatever the playouts made of it)."""
        assert self.cands is not None
        ranked = sorted(self.cands, key=lambda c: (c.mean(), c.visits, c.prior), reverse=True)
        top = ranked[0]
        worst = yield from self._threats(top)
        if worst == 0:
            return None
        pick: Candidate | None = None
        score = top.mean() * (1 - worst / DENY_DEALS)
        for c in ranked[1:DENY_CANDIDATES]:
            if c.mean() <= score:
                break  # ranked by mean: no later candidate can score more
            n = yield from self._threats(c)
            s = c.mean() * (1 - n / DENY_DEALS)
            if s > score:
                pick, score = c, s
        return pick

    def _deny_advance(self, end: float | None) -> bool:
        """Run the deny step (in pieces, up to `end`); True once it is done or not needed."""
        if self._deny_done or not self.deny or self.cands is None or self.final is not None:
            return True
        if self._denying is None:
            self._denying = self._deny_steps()
        finished, pick = advance(self._denying, end)
        if not finished:
            return False
        self.denied = pick
        self._denying = None
        self._deny_done = True
        return True

    # ------------------------------------------------------------ the loop
    def _exhausted(self) -> bool:
        if self.final is not None:
            return True
        if self.max_iterations is not None and self.done >= self.max_iterations:
            return True
        return self.deadline is not None and time.perf_counter() >= self.deadline

    def _pick(self) -> Candidate:
        assert self.cands is not None
        unvisited = [c for c in self.cands if c.visits == 0]
        if unvisited:
            return max(unvisited, key=lambda c: c.prior)
        logn = math.log(self.done + 1)
        return max(self.cands, key=lambda c: c.mean() + UCB_C * math.sqrt(logn / c.visits))

    def step(self, max_iterations: int = 1, slice_s: float | None = None) -> bool:
        """Start up to `max_iterations` playouts and run them; True once the budget is spent.

        With `slice_s`, return after about that many seconds even in the middle of a
        playout (it resumes on the next call): the answer is the same, only cut finer."""
        end = None if slice_s is None else time.perf_counter() + slice_s
        if self.cands is None and self.final is None:
            if self._preparing is None:
                self._preparing = self._prepare_steps()
            if not advance(self._preparing, end)[0]:
                return False
            self._preparing = None
        started = 0
        while True:
            if self._running is None:
                if self._exhausted():
                    return self._deny_advance(end)
                if started >= max_iterations:
                    return False
                c = self._pick()
                self._running = (c, self._playout(c, c.visits))
                started += 1
            c, playout = self._running
            finished, val = advance(playout, end)
            if not finished:
                return False
            assert val is not None
            c.total += val
            c.visits += 1
            self.done += 1
            self._running = None

    def best(self) -> Action:
        if self.cands is None and self.final is None:
            drain(self._preparing or self._prepare_steps())
            self._preparing = None
        if self.final is not None:
            return self.final
        assert self.cands is not None
        if self._exhausted() and not self._deny_done:
            self._deny_advance(None)
        if self.denied is not None:
            return self.denied.steps[0]
        best = max(self.cands, key=lambda c: (c.mean(), c.visits, c.prior))
        return best.steps[0]

    def report(self) -> list[tuple[str, int, float, float]]:
        """(first action, playouts, mean, prior) of every candidate, for tools and tests."""
        return [(str(c.steps[0]), c.visits, c.mean(), c.prior) for c in (self.cands or [])]


def thin(view: Any) -> bool:
    """Whether some division's subjects stand in at most `DENY_THIN` chambers of the lab
    (and in at least one): a wipe-out within a round is then within reach."""
    for s in range(view.players):
        n = sum(1 for c in view.chambers() if c.subjects[s])
        if 0 < n <= DENY_THIN:
            return True
    return False


def _deny_put(key: tuple[Any, ...], hit: bool) -> None:
    _deny_memo[key] = hit
    if len(_deny_memo) > _MEMO_SIZE:
        _deny_memo.popitem(last=False)


__all__ = ["CANDIDATES", "DEFAULT_BUDGET_S", "PLAYOUTS", "Search", "find"]
