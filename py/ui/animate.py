"""The animation layer: what moves on the board after a redraw, and how fast bots play.

Animations only ever run after the redraw that shows the new state is done (the click's
time is the redraw's); they change nothing but the picture, and `prefers-reduced-motion`
turns them off. The computer players' pace is set here too, so one control governs how
fast the table moves.
"""

from __future__ import annotations

from typing import Any

from pyscript import window

PACES = {"slow": 1.4, "normal": 0.7, "fast": 0.25, "step": 0.0}  # seconds before a bot's move
DEFAULT_PACE = "normal"


def reduced_motion() -> bool:
    """The player asked their system for less motion."""
    try:
        return bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
    except Exception:
        return False


class Animator:
    """Plays the changes between two states on the lab, and keeps the bots' pace."""

    def __init__(self) -> None:
        self.pace = DEFAULT_PACE
        self.fixed_s: float | None = None  # `?botpace=<ms>`: a test's own pace
        self.still = reduced_motion()

    @property
    def bot_delay(self) -> float:
        """Seconds to wait before a computer player's action is played."""
        if self.fixed_s is not None:
            return self.fixed_s
        return PACES.get(self.pace, PACES[DEFAULT_PACE])

    def set_fixed(self, ms: int | None) -> None:
        self.fixed_s = None if ms is None else max(0, ms) / 1000

    def after(self, before: Any, now: Any, action: str) -> None:
        """Animate what `action` changed from `before` to `now` (the redraw already shows
        `now`). Nothing to do yet beyond the board's own slides and fades."""
        return None
