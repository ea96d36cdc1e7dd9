"""The seam between the page and the computer opponents (`cakegame.bots`).

The page calls `await choose(view, level, seed)` when a bot's seat must decide. The bots
think in slices: `cakegame.bots.Thinker` is stepped for about `SLICE_S` at a time, with a
yield to the browser between steps, so the page keeps drawing and answering while a bot
thinks. Each decision's wall time is left in the page's performance timeline as a User
Timing measure named `bot <level>` (read by `bench/bot_page.py`). If the bots cannot be imported, a
stand-in plays a legal action drawn from the seed, so the game never stops.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

from pyscript import window

LEVELS = ("easy", "medium", "hard")
BUDGET_S = {"easy": 0.05, "medium": 0.2, "hard": 1.5}
SLICE_S = 0.03  # thinking between two yields to the browser

_loaded: list[Any] = []  # [module or None], filled on first use


def _bots_module() -> Any:
    """`cakegame.bots`, imported on first use (it is not needed to start the page), or None
    while the bots have not landed."""
    if not _loaded:
        try:
            from cakegame import bots  # type: ignore[attr-defined]
        except Exception:  # pragma: no cover - depends on what has landed
            bots = None
        _loaded.append(bots)
    return _loaded[0]


def available() -> bool:
    """True once the real bots are importable."""
    return _bots_module() is not None


async def choose(view: Any, level: str, seed: int) -> Any:
    """The action a bot of `level` plays for the seat of `view` (an engine View), its
    thinking time measured in the page's performance timeline."""
    window.performance.mark("bot-start")
    action = await _choose(view, level, seed)
    window.performance.measure(f"bot {level}", "bot-start")
    return action


async def _choose(view: Any, level: str, seed: int) -> Any:
    await asyncio.sleep(0)
    _bots = _bots_module()
    if _bots is not None:
        thinker_class = getattr(_bots, "Thinker", None)
        if thinker_class is not None:
            # Think in slices of a few hundredths of a second (cut inside a playout if need
            # be), yielding to the browser in between so it keeps drawing and answering.
            thinker = thinker_class(view, level, seed=seed, budget_s=BUDGET_S.get(level))
            while not thinker.step(1000, slice_s=SLICE_S):
                await asyncio.sleep(0)
            return thinker.best()
        action = _bots.choose(view, level, seed=seed, budget_s=BUDGET_S.get(level))
        await asyncio.sleep(0)
        return action
    actions = view.legal_actions()
    return random.Random(seed).choice(actions)
