"""The lab's window: a readable scale, panning, zoom, and following the action.

The SVG's size comes from CSS alone (css/game.css, "the lab"): its width is the lab's width
in SVG units times a scale clamped between a readable minimum (so a chamber is never drawn
smaller than about 80 CSS px on a desktop, 75 on a phone) and a maximum, and the panel
scrolls when the lab is wider. So a click never waits for a layout read here: the board sets
`--lab-w` when the lab's extent changes, and this module only moves the scroll position,
after the redraw, in an animation frame.

Panning: a mouse drags the lab and the wheel scrolls it sideways; touch pans natively;
two fingers pinch the zoom; the Fit / 100% button shows the whole lab or a readable one.
A drag never counts as a click on a chamber.
"""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_proxy
from pyscript import window

from .dom import by_id, found

ZOOMS = (0.6, 0.8, 1.0, 1.25, 1.5)
DRAG_PX = 6  # a press that moves further than this pans; it is no click


class LabView:
    """Scroll and zoom of `.lab-wrap` around `#lab`."""

    def __init__(self, wrap: Any, on: Any) -> None:
        self.wrap = wrap
        self.zoom = 1.0
        self.fit = False
        self.want: tuple[str, ...] = ()  # chambers to bring into view at the next frame
        self.frame_due = False
        self.drag: dict[str, float] | None = None
        self.dragged = False
        self.touches: dict[int, tuple[float, float]] = {}
        self.pinch_from: float | None = None
        self.pinch_zoom = 1.0
        self._frame = create_proxy(self._follow_now)
        self.element_of: Any = None  # letter -> the chamber's <g>, given by the board
        on(wrap, "pointerdown", self._down)
        on(wrap, "pointermove", self._move)
        on(wrap, "pointerup", self._up)
        on(wrap, "pointercancel", self._up)
        on(wrap, "wheel", self._wheel)
        # Capture: a click that ends a drag is stopped before the page's click handler.
        wrap.addEventListener("click", create_proxy(self._click_capture), True)
        for el_id, handler in (("lab-fit", self.toggle_fit), ("lab-in", self.zoom_in),
                               ("lab-out", self.zoom_out)):
            el = by_id(el_id)
            if found(el):
                on(el, "click", lambda e, f=handler: f())

    # ---- zoom ----------------------------------------------------------------------------
    def _set_zoom(self, zoom: float) -> None:
        self.zoom = max(ZOOMS[0], min(ZOOMS[-1], zoom))
        self.wrap.style.setProperty("--zoom", f"{self.zoom:.3f}")
        self._follow_again()

    def zoom_in(self) -> None:
        self.fit = False
        self._show_fit()
        bigger = [z for z in ZOOMS if z > self.zoom + 1e-6]
        self._set_zoom(bigger[0] if bigger else ZOOMS[-1])

    def zoom_out(self) -> None:
        self.fit = False
        self._show_fit()
        smaller = [z for z in ZOOMS if z < self.zoom - 1e-6]
        self._set_zoom(smaller[-1] if smaller else ZOOMS[0])

    def toggle_fit(self) -> None:
        """The whole lab in the panel, or back to the readable scale (100%)."""
        self.fit = not self.fit
        if not self.fit:
            self._set_zoom(1.0)
        self._show_fit()
        self._follow_again()

    def _show_fit(self) -> None:
        self.wrap.classList.toggle("fit", self.fit)
        button = by_id("lab-fit")
        if found(button):
            button.textContent = "100%" if self.fit else "Fit"
            button.setAttribute("aria-pressed", "true" if self.fit else "false")

    # ---- following the action ------------------------------------------------------------
    def follow(self, letters: tuple[str, ...]) -> None:
        """Bring these chambers into view once the redraw is on screen (no layout is read
        during the click itself)."""
        if letters == self.want and not self.frame_due:
            return
        self.want = letters
        self._follow_again()

    def _follow_again(self) -> None:
        if not self.frame_due and self.want:
            self.frame_due = True
            window.requestAnimationFrame(self._frame)

    def _follow_now(self, *_: Any) -> None:
        self.frame_due = False
        if self.fit or self.element_of is None or self.drag is not None:
            return
        wrap = self.wrap
        if wrap.scrollWidth <= wrap.clientWidth + 1:
            return
        box = wrap.getBoundingClientRect()
        spans = []
        for letter in self.want:
            g = self.element_of(letter)
            if g is None:
                continue
            r = g.getBoundingClientRect()
            if r.width > 0:
                spans.append((r.left - box.left, r.right - box.left))
        if not spans:
            return
        width = wrap.clientWidth
        lo = min(a for a, _ in spans)
        hi = max(b for _, b in spans)
        if lo >= 0 and hi <= width:
            return  # all in view already: the lab stays where the player put it
        if hi - lo <= width - 16:
            shift = (lo + hi) / 2 - width / 2
        elif any(a >= 0 and b <= width for a, b in spans):
            return  # too many to show at once, and some are in view
        else:
            shift = hi - width + 8  # the old edge side (right), where the turn ends
        # An instant jump: a smooth scroll would leave the chambers half in view for a
        # moment after every redraw, and a test asserting "a legal chamber is in view" too.
        wrap.scrollLeft = wrap.scrollLeft + shift

    # ---- panning -------------------------------------------------------------------------
    def _down(self, event: Any) -> None:
        kind = event.pointerType
        if kind == "touch":
            self.touches[event.pointerId] = (event.clientX, event.clientY)
            if len(self.touches) == 2:
                self.pinch_from = self._spread()
                self.pinch_zoom = self.zoom
            return
        if event.button != 0:
            return
        self.drag = {"x": event.clientX, "y": event.clientY,
                     "left": self.wrap.scrollLeft, "top": self.wrap.scrollTop}
        self.dragged = False

    def _move(self, event: Any) -> None:
        if event.pointerType == "touch":
            if event.pointerId in self.touches:
                self.touches[event.pointerId] = (event.clientX, event.clientY)
                if len(self.touches) == 2 and self.pinch_from:
                    spread = self._spread()
                    if spread > 0:
                        self.fit = False
                        self._show_fit()
                        self._set_zoom(self.pinch_zoom * spread / self.pinch_from)
            return
        d = self.drag
        if d is None:
            return
        dx = event.clientX - d["x"]
        dy = event.clientY - d["y"]
        if not self.dragged and abs(dx) + abs(dy) > DRAG_PX:
            self.dragged = True
            self.wrap.classList.add("dragging")
        if self.dragged:
            self.wrap.scrollLeft = d["left"] - dx
            self.wrap.scrollTop = d["top"] - dy

    def _up(self, event: Any) -> None:
        if event.pointerType == "touch":
            self.touches.pop(event.pointerId, None)
            if len(self.touches) < 2:
                self.pinch_from = None
            return
        self.drag = None
        self.wrap.classList.remove("dragging")

    def _spread(self) -> float:
        (ax, ay), (bx, by) = list(self.touches.values())[:2]
        return ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5

    def _click_capture(self, event: Any) -> None:
        if self.dragged:
            self.dragged = False
            event.stopPropagation()
            event.preventDefault()

    def _wheel(self, event: Any) -> None:
        """Ctrl + wheel (and a touchpad's pinch) zooms; a plain wheel scrolls the lab
        sideways when it is wider than its panel."""
        if event.ctrlKey:
            event.preventDefault()
            self.fit = False
            self._show_fit()
            self._set_zoom(self.zoom * (0.9 if event.deltaY > 0 else 1.1))
            return
        wrap = self.wrap
        if event.deltaX == 0 and event.deltaY != 0 and wrap.scrollWidth > wrap.clientWidth + 1:
            left = wrap.scrollLeft
            room = wrap.scrollWidth - wrap.clientWidth
            if (event.deltaY < 0 and left > 0) or (event.deltaY > 0 and left < room - 1):
                event.preventDefault()
                wrap.scrollLeft = left + event.deltaY
