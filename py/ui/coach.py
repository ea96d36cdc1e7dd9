"""The coach's box on the page, for the guided first game (what it says and when is
`ui.guide`'s).

A non-modal box beside the lab: the learner reads it and plays on the board as usual. The
chambers a tip is about are ringed by an overlay in the lab (`#coach-marks`, drawn at the
board's own chamber positions, so the board's redraws never wipe it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import drawing, guide
from .board import HEX_POINTS
from .dom import by_id, found, svg


class Coach:
    """`<aside id="coach">` and the rings in the lab."""

    def __init__(self, on: Callable[[Any, str, Any], None], lab: Any,
                 on_close: Callable[[], None], on_leave: Callable[[], None]) -> None:
        self.lab = lab  # the lab's <svg>
        self.box = by_id("coach")
        self.marks: Any = None
        self.marks_key: tuple = ()
        on("coach-ok", "click", lambda e: on_close())
        on("coach-leave", "click", lambda e: on_leave())

    def show(self, tip: guide.Tip | None, state: Any) -> None:
        """Show `tip` (None hides the box) and ring its chambers where they are now."""
        if tip is None:
            self.box.hidden = True
            self.box.removeAttribute("data-tip")
            self._ring((), state)
            return
        if self.box.getAttribute("data-tip") != tip.key:
            by_id("coach-title").textContent = tip.title
            by_id("coach-text").textContent = tip.text
            self.box.setAttribute("data-tip", tip.key)
        self.box.hidden = False
        by_id("coach-leave").hidden = tip.key == "done"  # nothing left to leave
        self._ring(tip.point, state)

    def _ring(self, letters: tuple[str, ...], state: Any) -> None:
        places = []
        if state is not None:
            present = {c.letter: c for c in state.chambers()}
            for letter in letters:
                c = present.get(letter)
                if c is not None:
                    places.append(drawing.centre(c.row, c.x))
        key = tuple(places)
        if key == self.marks_key:
            return
        self.marks_key = key
        if self.marks is None or not found(self.marks):
            self.marks = svg("g", "coach-marks", id="coach-marks", aria_hidden="true")
            self.lab.append(self.marks)
        self.marks.innerHTML = "".join(
            f'<polygon class="coach-ring" points="{HEX_POINTS}" '
            f'transform="translate({x:.1f} {y:.1f}) scale(1.08)"/>' for x, y in places)
