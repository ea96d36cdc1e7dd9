"""Computer opponents: `choose(view, level, seed=...)` picks the next action for a seat.

    import cakegame, cakegame.bots
    s = cakegame.new_game(players=2, seed=1)
    seat = s.current_player
    a = cakegame.bots.choose(s.view(seat), "medium", seed=7)
    s = s.apply(a)

Levels
    easy    legal moves with a little sense (takes its majorities, keeps its cake with it,
            avoids the Turret), otherwise seeded chance.
    medium  a heuristic player: plans its whole turn (every group move, the cake it carries,
            the chamber it then activates) on a light model of the lab and judges each plan
            by safe cake, majorities, the falling old-edge chambers, the Turret, and whether
            the next player could end the game and win. It ends the game itself when that
            wins (wiping a division's last subjects, its own included) and avoids it when not.
    hard    information-set Monte Carlo search over medium's best turn plans: each iteration
            samples a full state from the view (`view.sample`), plays a plan out through the
            real engine, lets every opponent play a whole turn (medium, with a little noise),
            and scores the position when the turn comes back. See `search.py`.

Fairness: bots receive only a `View` (what that seat may know) and think about hidden cards
by sampling. `choose` refuses a full `State`.

Determinism: the same view, level, seed and iteration budget give the same action, in
CPython and in Pyodide (all randomness comes from `cakegame.rng.Rng`; nothing iterates a set
of strings into a decision). A time budget (`budget_s`) stops when time runs out, so its
result depends on the machine's speed; give `iterations` for a repeatable result.

Decisions are fine-grained (from, to, count, carry, ...). Each call answers the decision the
view is at; medium's and hard's answers come from a plan that is a pure function of the
position, so consecutive calls fit together with no memory between them. Memos inside only
save recomputation and never change an answer.

Not freezing the page: `Thinker` does the same work in slices.

    t = cakegame.bots.Thinker(view, "hard", seed=7, budget_s=1.5)
    while not t.step(20):          # at most 20 iterations per slice
        await asyncio.sleep(0)     # let the browser draw and take input
    action = t.best()

`step(n)` returns True once the budget (iterations or seconds) is spent; `best()` may be
called at any time and gives the best action found so far. easy answers in the first
`step`; medium works in pieces of a few milliseconds (its move plans, each deploy option
played out) when `step` is given `slice_s`, and its `best()` finishes the work.
"""

from __future__ import annotations

import time
from collections.abc import Generator
from typing import Any

from ..actions import Action
from ..state import State, View
from .heuristic import Medium, advance, easy_choose
from .search import DEFAULT_BUDGET_S, PLAYOUTS, Search

LEVELS = ("easy", "medium", "hard")


def _check(view: Any, level: str) -> None:
    if isinstance(view, State) or not isinstance(view, View):
        raise TypeError("a bot is given a View (state.view(seat)), never the full State")
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; choose from {', '.join(LEVELS)}")
    if view.is_over:
        raise ValueError("the game is over: there is nothing to choose")
    if view.current_player != view.seat:
        raise ValueError(f"seat {view.seat} is not the one to decide now "
                         f"(seat {view.current_player} is)")


class Thinker:
    """One decision, worked out in slices so a page can stay responsive."""

    def __init__(self, view: View, level: str, *, seed: int, budget_s: float | None = None,
                 iterations: int | None = None) -> None:
        _check(view, level)
        self.view = view
        self.level = level
        self.seed = seed
        self._action: Action | None = None
        self._search: Search | None = None
        self._medium: Generator[None, None, Action] | None = None
        if level == "hard":
            if budget_s is None and iterations is None:
                budget_s = DEFAULT_BUDGET_S
            self._search = Search(view, seed=seed, iterations=iterations, budget_s=budget_s)

    def step(self, max_iterations: int = 1, slice_s: float | None = None) -> bool:
        """Think a little more (at most `max_iterations` playouts, and with `slice_s` at
        most about that many seconds, pausing inside a playout if need be); True when
        done. How the thinking is sliced never changes the answer."""
        if self._search is not None:
            return self._search.step(max_iterations, slice_s)
        if self._action is None:
            if self.level == "easy":
                self._action = easy_choose(self.view, self.seed)
                return True
            if self._medium is None:
                self._medium = Medium(self.view, self.seed).steps()
            end = None if slice_s is None else time.perf_counter() + slice_s
            finished, self._action = advance(self._medium, end)
            if not finished:
                return False
        return True

    def best(self) -> Action:
        """The best action found so far (for easy and medium: finishes the work first)."""
        if self._search is not None:
            return self._search.best()
        while self._action is None:
            self.step()
        assert self._action is not None
        return self._action

    @property
    def iterations(self) -> int:
        """Playouts run so far (0 for easy and medium)."""
        return self._search.done if self._search is not None else 0


def choose(view: View, level: str, *, seed: int, budget_s: float | None = None,
           iterations: int | None = None) -> Action:
    """The action the bot of `level` takes for `view.seat` (which must be the one to act).

    `seed` makes the choice repeatable. For 'hard', `iterations` fixes the number of
    playouts (repeatable), and `budget_s` with it caps the time they may take (a slow
    machine then answers sooner, with fewer); `budget_s` alone sets the time (default
    DEFAULT_BUDGET_S). easy and medium ignore both budgets."""
    t = Thinker(view, level, seed=seed, budget_s=budget_s, iterations=iterations)
    while not t.step(16):
        pass
    return t.best()


__all__ = ["DEFAULT_BUDGET_S", "LEVELS", "PLAYOUTS", "Thinker", "choose"]
