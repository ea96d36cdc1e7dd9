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

BUDGET_S = {"easy": 0.05, "medium": 0.2, "hard": 1.5}
# Thinking between two yields to the browser. A task of the page is this slice plus the
# piece of thinking under way when it ran out: the bots' pieces are well under a
# millisecond, but a pass of Python's garbage collector falls inside one now and then
# (up to about 25 ms of Pyodide processor time at four players, `bench/bot_slices.py
# --pyodide`), so 20 ms keeps every task under 50 ms.
SLICE_S = 0.02


async def choose(view: Any, level: str, seed: int) -> Any:
    """The action a bot of `level` plays for the seat of `view` (an engine View), its
    thinking time measured in the page's performance timeline."""
    # Imported on first use: the bots are not needed to start the page.
    from cakegame.bots import Thinker

    window.performance.mark("bot-start")
    await asyncio.sleep(0)
    # Think in slices of a few hundredths of a second (cut inside a playout if need be),
    # yielding to the browser in between so it keeps drawing and answering.
    thinker = Thinker(view, level, seed=seed, budget_s=BUDGET_S.get(level))
    while not thinker.step(1000, slice_s=SLICE_S):
        await asyncio.sleep(0)
    window.performance.measure(f"bot {level}", "bot-start")
    return thinker.best()
