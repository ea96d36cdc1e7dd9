"""The seam between the page and the computer opponents (`cakegame.bots`).

The page calls `await choose(view, level, seed)` when a bot's seat must decide. The bots
think in slices: `cakegame.bots.Thinker` is stepped for about `SLICE_S` at a time, with a
yield to the browser between steps, so the page keeps drawing and answering while a bot
thinks. Each decision's wall time is left in the page's performance timeline as a User
Timing measure named `bot <level>` (read by `bench/bot_page.py`). If a bot fails, the
page plays a simple legal move instead and says so (`App._bot_move`).
"""

from __future__ import annotations

import asyncio
from typing import Any

from pyscript import window

# hard thinks for a fixed number of playouts (`cakegame.bots.PLAYOUTS`, by the number of
# players), not for a time, so the same seed and the same choices give the same game on
# every machine fast enough, as in CPython (it opened a game with I to B on a desktop and
# I to C on a phone: a play-tester). A decision stops at `hard_cap_s` all the same, with
# the playouts it has run, so that a decision takes at most 2 s: two players stay well
# inside it here, three and four players reach it in their heaviest positions, late in a
# game (docs/bots.md). `?botcap=0` lifts the cap (the tests that replay the page's games
# in CPython). easy and medium have no budget: their answers take what they take.
HARD_CAP_S = 1.8
hard_cap_s: float | None = HARD_CAP_S
# Thinking between two yields to the browser. A task of the page is this slice plus the
# piece of thinking under way when it ran out: the bots' pieces are well under a
# millisecond, but a pass of Python's garbage collector falls inside one now and then
# (up to about 25 ms of Pyodide processor time at four players, `bench/bot_slices.py
# --pyodide`), so 20 ms keeps every task under 50 ms.
SLICE_S = 0.02


def thinker(view: Any, level: str, seed: int) -> Any:
    """A `cakegame.bots.Thinker` for `level` as the page plays it: hard at its fixed
    playouts, capped in time. (The bots are imported on first use: they are not needed
    to start the page.)"""
    from cakegame.bots import PLAYOUTS, Thinker

    if level == "hard":
        return Thinker(view, level, seed=seed, iterations=PLAYOUTS[view.players],
                       budget_s=hard_cap_s)
    return Thinker(view, level, seed=seed)


async def choose(view: Any, level: str, seed: int) -> Any:
    """The action a bot of `level` plays for the seat of `view` (an engine View), its
    thinking time measured in the page's performance timeline."""
    window.performance.mark("bot-start")
    await asyncio.sleep(0)
    # Think in slices of a few hundredths of a second (cut inside a playout if need be),
    # yielding to the browser in between so it keeps drawing and answering.
    mind = thinker(view, level, seed)
    while not mind.step(1000, slice_s=SLICE_S):
        await asyncio.sleep(0)
    window.performance.measure(f"bot {level}", "bot-start")
    return mind.best()
