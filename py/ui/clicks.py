"""Stale clicks: a click applies at most the action that was on screen when it was pressed.

A double-click on a chamber is two clicks. After the first one the page redraws, and the
same chamber may now stand for the next decision; the second click would then apply an
action the player never saw. The same happens when a press waits in the
browser's queue while a redraw runs. So the page notes when it last redrew, and when each
press began (a double-click counts from its first press): a click whose press began before
the last redraw is stale, and ignored.

Times are the browser's event timestamps and `performance.now()`, which share one clock.
"""

from __future__ import annotations

from typing import Any


class ClickGuard:
    """Tells stale clicks from fresh ones."""

    def __init__(self) -> None:
        self.drawn_at = float("-inf")  # when the page last changed what a click would do
        self.press_at = float("-inf")  # when the latest press began
        self.gesture_at = float("-inf")  # when the first press of the latest multi-click began

    def drawn(self, now: float) -> None:
        """The page has just redrawn its targets (call with `performance.now()`)."""
        self.drawn_at = now

    def pressed(self, event: Any) -> None:
        """A `mousedown` (touch taps send one too): note when the press began."""
        at = float(event.timeStamp)
        self.press_at = at
        if int(getattr(event, "detail", 0) or 0) <= 1:
            self.gesture_at = at

    def stale(self, event: Any) -> bool:
        """Whether this `click` began before the page last redrew. Clicks from the keyboard
        (detail 0) count from the click itself; held-down keys repeat and are stale."""
        if getattr(event, "repeat", False):
            return True
        detail = int(getattr(event, "detail", 0) or 0)
        if detail <= 0:
            began = float(event.timeStamp)
        elif detail == 1:
            began = self.press_at
        else:
            began = self.gesture_at
        return began < self.drawn_at
