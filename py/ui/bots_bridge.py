"""The seam between the page and the computer opponents (`cakegame.bots`).

The page calls `await choose(view, level, seed)` when a bot's seat must decide. While
`cakegame.bots` does not exist yet, a stand-in plays a legal action drawn from the seed, so
the page's turn loop, pacing and tests work already. The real bots think in slices: if they
offer `choose_async`, it is awaited (it yields to the browser between slices); otherwise the
plain `choose` runs between two yields.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

LEVELS = ("easy", "medium", "hard")
BUDGET_S = {"easy": 0.05, "medium": 0.2, "hard": 1.5}

try:  # the bots are written in parallel; the page must work before they land
    from cakegame import bots as _bots  # type: ignore[attr-defined]
except Exception:  # pragma: no cover - depends on what has landed
    _bots = None


def available() -> bool:
    """True once the real bots are importable."""
    return _bots is not None


async def choose(view: Any, level: str, seed: int) -> Any:
    """The action a bot of `level` plays for the seat of `view` (an engine View)."""
    await asyncio.sleep(0)
    if _bots is not None:
        chooser = getattr(_bots, "choose_async", None)
        if chooser is not None:
            return await chooser(view, level, seed=seed, budget_s=BUDGET_S.get(level))
        action = _bots.choose(view, level, seed=seed, budget_s=BUDGET_S.get(level))
        await asyncio.sleep(0)
        return action
    actions = view.legal_actions()
    return random.Random(seed).choice(actions)
