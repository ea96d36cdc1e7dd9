"""The lab's window: a readable scale, panning, zoom, and following the action.

The SVG's size comes from CSS alone (css/game.css, "the lab"): its width is the lab's width
in SVG units times a scale clamped between a readable minimum (so a chamber is never drawn
smaller than about 80 CSS px on a desktop, 75 on a phone) and a maximum, and the panel
scrolls when the lab is wider. So a click never waits for a layout read here: the board sets
`--lab-w` when the lab's extent changes, and this module only moves the scroll position,
after the redraw, in an animation frame.

Panning: a mouse drags the lab and the wheel scrolls it sideways; touch pans natively;
two fingers pinch the zoom; the middle button fits the whole lab ("Fit") or goes
back to the readable size ("Actual size"), between "Zoom out" and "Zoom in".
A drag never counts as a click on a chamber.

Drawn too small for its contents (`GIST_PX`), each chamber shows its gist (its letter and
who holds its majority: `drawing.gist_markup`), and the lab is a map: a press on a chamber
that is no choice shows it at the readable size (`look_at`).

Choices out of view: a marker button at each edge beyond which some chambers to choose lie
("3 ▸") scrolls the nearest of them into view. The lab's place and scale in the panel are
read once, in the frame after a redraw, zoom or resize; the chambers' positions come from
the board (`Board.spot`), the scroll position from the panel's scroll events, so neither a
pan nor a press on a marker reads layout. The arithmetic is `ui/edges.py`.
"""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_proxy
from pyscript import window

from . import drawing, edges
from .animate import reduced_motion
from .dom import by_id, found, js_object

ZOOMS = (0.6, 0.8, 1.0, 1.25, 1.5)
# The middle zoom button's words and tooltip: at the readable size, and away from it.
FIT_WORDS = {False: ("Fit", "Show the whole lab at once"),
             True: ("Actual size", "Back to the readable size of the chambers")}
DRAG_PX = 6  # a press that moves further than this pans; it is no click
MARKER_ROOM = 48.0  # CSS px kept free at an edge where a marker may still stand
MARKER_HALF = 20.0  # half a marker's height, CSS px (css/game.css: 2.5rem)
MARKER_WIDTH = 52.0  # a side marker's width with a one-digit count ("◂ 6"), CSS px
MARKER_INSET = 6.4  # a side marker's distance from the panel's edge, CSS px (.4rem)
# A chamber drawn narrower than this (CSS px) shows its gist, not its contents: its counts
# would be under 9 px (a late four-player lab fitted on a phone drew chambers 24 px wide,
# too small to read: a play-tester).
GIST_PX = 56.0


class LabView:
    """Scroll and zoom of `.lab-wrap` around `#lab`."""

    def __init__(self, wrap: Any, on: Any) -> None:
        self.wrap = wrap
        self.zoom = 1.0
        self.fit = False
        self.fit_back = False  # the middle zoom button says "Actual size" (else "Fit")
        self.want: tuple[str, ...] = ()  # chambers to bring into view at the next frame
        self.follow_due = False
        self.keep: str | None = None  # a chamber focused by keys: into view at the next frame
        # The player moved the window (a drag, a swipe, the wheel) while the others play: it
        # stays where they put it until their own next decision.
        self.held = False
        self.mine = False  # a person decides now (the last `follow` said so)
        self.choices: tuple[str, ...] = ()  # chambers the player may choose now
        self.placed = False  # the window has been placed on this game's lab
        self.frame_due = False
        self.board: Any = None  # the Board: where each chamber is drawn, the viewBox
        self.svg = by_id("lab")
        self.geo: edges.Window | None = None
        self.origin = (0.0, 0.0)  # the SVG origin in the panel's content, CSS px
        self.scale = 1.0  # CSS px per SVG unit
        self.gist = False  # chambers show their gist: drawn too small for their contents
        self.hidden: dict[str, list[tuple[float, float]]] = {}
        self.shown: dict[str, int] = {}  # side -> the count its marker shows now
        self.more = ""  # the sides past which some of the lab lies ("left right"), as shown
        self.markers: dict[str, Any] = {}
        self.marker_y: dict[str, str] = {}  # side -> its marker's height, as set in CSS
        self.border_top = 0.0
        for side in edges.SIDES:
            button = by_id(f"lab-more-{side}")
            if found(button):
                self.markers[side] = button
                on(f"lab-more-{side}", "click", lambda e, s=side: self.reveal(s, e.detail == 0))
        self.drag: dict[str, float] | None = None
        self.dragged = False
        self.touches: dict[int, tuple[float, float]] = {}
        self.pinch_from: float | None = None
        self.pinch_zoom = 1.0
        self._frame = create_proxy(self._follow_now)
        on(wrap, "pointerdown", self._down)
        on(wrap, "pointermove", self._move)
        on(wrap, "pointerup", self._up)
        on(wrap, "pointercancel", self._up)
        on(wrap, "wheel", self._wheel)
        on(wrap, "scroll", self._scrolled)
        # A new panel width (a rotated phone, a resized window): measure again.
        self._resized = create_proxy(lambda *_: self._soon())
        window.ResizeObserver.new(self._resized).observe(wrap)
        # Capture: a click that ends a drag is stopped before the page's click handler.
        wrap.addEventListener("click", create_proxy(self._click_capture), True)
        for el_id, handler in (("lab-fit", self.toggle_fit), ("lab-in", self.zoom_in),
                               ("lab-out", self.zoom_out)):
            on(el_id, "click", lambda e, f=handler: f())

    # ---- zoom ----------------------------------------------------------------------------
    def _set_zoom(self, zoom: float) -> None:
        self.zoom = max(ZOOMS[0], min(ZOOMS[-1], zoom))
        # Zoomed, the panel keeps the height it has at the readable size: it grew and shrank
        # with the lab, and the zoom buttons under it moved away from the finger, whose next
        # press landed on a chamber (a phone play-tester). Back at the readable size it
        # follows the lab again.
        if abs(self.zoom - 1.0) > 1e-6:
            if not self.wrap.style.height:
                self.wrap.style.height = f"{float(self.wrap.offsetHeight)}px"
        elif not self.fit:
            self.wrap.style.height = ""
        self.wrap.style.setProperty("--zoom", f"{self.zoom:.3f}")
        self._show_fit()  # a pinch or ctrl+wheel too: the middle button says where back is
        self._follow_again()

    def zoom_in(self) -> None:
        self.fit = False
        bigger = [z for z in ZOOMS if z > self.zoom + 1e-6]
        self._set_zoom(bigger[0] if bigger else ZOOMS[-1])

    def zoom_out(self) -> None:
        self.fit = False
        smaller = [z for z in ZOOMS if z < self.zoom - 1e-6]
        self._set_zoom(smaller[-1] if smaller else ZOOMS[0])

    def toggle_fit(self) -> None:
        """The middle button does what it says: at the readable size it fits the whole lab
        in the panel ("Fit"); fitted, or zoomed in or out, it goes back to the readable
        size ("Actual size")."""
        if self.fit or abs(self.zoom - 1.0) > 1e-6:
            self.fit = False
            self._set_zoom(1.0)
        else:
            self.fit = True
            # The panel keeps its height, so the buttons under it stay under the finger for
            # the press back (they rose by the lab's lost height: a play-tester's missed).
            self.wrap.style.minHeight = f"{float(self.wrap.offsetHeight)}px"
        self._show_fit()
        self._follow_again()

    def _show_fit(self) -> None:
        """The middle button's words, and the same as its accessible name (a name that says
        what a press does: no pressed state, which a changing name would contradict)."""
        self.wrap.classList.toggle("fit", self.fit)
        if not self.fit:
            self.wrap.style.minHeight = ""
        button = by_id("lab-fit")
        if found(button):
            back = self.fit or abs(self.zoom - 1.0) > 1e-6
            if back != self.fit_back:  # written only when they change (a pinch calls often)
                text, title = FIT_WORDS[back]
                button.textContent = text
                button.title = title
                self.fit_back = back

    # ---- following the action, and the markers of choices out of view -------------------
    def follow(self, letters: tuple[str, ...], choices: tuple[str, ...] = (),
               mine: bool = False) -> None:
        """Bring these chambers into view once the redraw is on screen (no layout is read
        during the click itself), and mark the edges beyond which some of `choices` (the
        chambers, or "ghost:<action>" landing places, the player may choose now) lie.

        A game's first board with nothing to follow (a resumed game at a deploy step, or on
        a computer's turn) shows as much of the lab as fits: the window would otherwise stay
        at the far left, where only the top row reaches once the lab has turned.

        `mine`: a person decides now (their decision is followed, whatever the window's
        hand-placed spot); otherwise a window the player moved stays (a phone play-tester
        studying the lab through a round of three computers was pulled back at each of
        their moves)."""
        self.choices = choices
        self.mine = mine
        if mine:
            self.held = False
        elif self.held and self.placed:
            self._soon()  # the markers still follow what changed
            return
        if not letters and not self.placed and self.board is not None:
            letters = tuple(self.board.views)
        self.placed = True
        if letters != self.want:
            self.want = letters
            self.follow_due = bool(letters)
        self._soon()

    def new_lab(self) -> None:
        """Another game's lab is shown (a new game, a resumed or adopted one): its first
        board is placed afresh."""
        self.placed = False
        self.held = False
        self.want = ()

    def _follow_again(self) -> None:
        """The scale or the window changed: follow the same chambers again."""
        self.follow_due = bool(self.want)
        self._soon()

    def _soon(self) -> None:
        if not self.frame_due:
            self.frame_due = True
            window.requestAnimationFrame(self._frame)

    def _measure(self) -> edges.Window | None:
        """Read the lab's place and scale in its panel (once per frame after a redraw, a
        zoom or a resize: the layout is done by then). Kept in `self.geo`, with the
        scroll position the panel's scroll events keep up to date."""
        self.geo = None
        box = self.board.view_box() if self.board is not None else None
        if box is None or self.svg is None:
            return None
        wrap = self.wrap
        outer = wrap.getBoundingClientRect()
        pic = self.svg.getBoundingClientRect()
        if pic.width <= 0 or pic.height <= 0:
            return None
        scale = min(pic.width / box[2], pic.height / box[3])
        left = float(wrap.scrollLeft)
        top = float(wrap.scrollTop)
        # Where the viewBox's corner sits in the panel's scrolled content (a meet-scaled
        # picture is centred in the SVG's box).
        self.origin = (pic.left + (pic.width - box[2] * scale) / 2
                       - outer.left - wrap.clientLeft + left - box[0] * scale,
                       pic.top + (pic.height - box[3] * scale) / 2
                       - outer.top - wrap.clientTop + top - box[1] * scale)
        self.scale = scale
        gist = scale * drawing.W < GIST_PX
        if gist != self.gist:
            self.gist = gist
            wrap.classList.toggle("gist", gist)
        self.border_top = float(wrap.clientTop)
        self.geo = edges.Window(left, top, float(wrap.clientWidth), float(wrap.clientHeight),
                                float(wrap.scrollWidth), float(wrap.scrollHeight))
        return self.geo

    def _points(self, names: tuple[str, ...]) -> list[tuple[float, float]]:
        """The centres of these chambers in the panel's content (CSS px), from where the
        board drew them: no layout read."""
        out = []
        ox, oy = self.origin
        k = self.scale
        for name in names:
            spot = self.board.spot(name)
            if spot is not None:
                out.append((ox + spot[0] * k, oy + spot[1] * k))
        return out

    def keep_in_view(self, name: str) -> None:
        """Chamber `name` (or "ghost:<action>") took the focus from the keys: the window
        moves the least that shows it, after any following of the redraw. A phone's
        window, which shows a few chambers, had left the focused default choice out of
        sight, where Enter would play it, and the arrow keys walked out of view (a
        keyboard play-tester)."""
        self.keep = name
        self._soon()

    def _follow_now(self, *_: Any) -> None:
        self.frame_due = False
        geo = self._measure()
        keep, self.keep = self.keep, None
        if geo is None:
            self._mark()
            return
        left: float | None = None
        top: float | None = None
        half_w = drawing.W / 2 * self.scale
        half_h = drawing.R * self.scale
        if self.follow_due and not self.fit and self.drag is None:
            self.follow_due = False
            points = self._points(self.want)
            lab = self._points(self.board.letters())
            # An instant jump: a smooth scroll would leave the chambers half in view for a
            # moment after every redraw, and a test asserting "a legal chamber is in view".
            left = edges.best_start([(x - half_w, x + half_w) for x, _ in points],
                                    geo.left, geo.width, geo.full_width,
                                    lab=[(x - half_w, x + half_w) for x, _ in lab],
                                    rows=[y for _, y in lab])
            top = edges.best_start([(y - half_h, y + half_h) for _, y in points],
                                   geo.top, geo.height, geo.full_height,
                                   lab=[(y - half_h, y + half_h) for _, y in lab])
        if keep is not None and not self.fit and self.drag is None:
            for x, y in self._points((keep,)):
                left = edges.nearest_start((x - half_w, x + half_w),
                                           geo.left if left is None else left,
                                           geo.width, geo.full_width)
                top = edges.nearest_start((y - half_h, y + half_h),
                                          geo.top if top is None else top,
                                          geo.height, geo.full_height)
        moved = False
        if left is not None and abs(left - geo.left) > 0.5:
            self.wrap.scrollLeft = left
            moved = True
        if top is not None and abs(top - geo.top) > 0.5:
            self.wrap.scrollTop = top
            moved = True
        if moved:
            self._scrolled()
        else:
            self._mark()

    def _scrolled(self, *_: Any) -> None:
        """The panel scrolled (a pan, a marker, a follow): the markers follow, from the
        position kept at the last measure and the scroll offsets alone."""
        geo = self.geo
        if geo is not None:
            self.geo = edges.Window(float(self.wrap.scrollLeft), float(self.wrap.scrollTop),
                                    geo.width, geo.height, geo.full_width, geo.full_height)
        self._mark()

    def _mark(self) -> None:
        """Show a marker at each edge beyond which some choices lie, with their count; fade
        the panel's sides past which any of the lab lies (a chamber wholly out of view left
        no sign that it was there)."""
        geo = self.geo
        more = " ".join(edges.beyond(geo)) if geo is not None and not self.fit else ""
        if more != self.more:
            self.more = more
            self.wrap.parentElement.setAttribute("data-more", more)
        hidden: dict[str, list[tuple[float, float]]] = {}
        if geo is not None and not self.fit and self.choices:
            hidden = edges.hidden_sides(self._points(self.choices), geo,
                                        drawing.W / 2 * self.scale, drawing.R * self.scale)
        self.hidden = hidden
        if geo is not None and (hidden.get("left") or hidden.get("right")):
            # Each side marker's middle: where it covers no chamber to choose and as little
            # of the others as it can (a chamber at the edge is still chosen by a tap),
            # near the line between the first two rows.
            half_w, half_h = drawing.W / 2 * self.scale, drawing.R * self.scale
            default = self.border_top + self.origin[1] + drawing.ROW_STEP / 2 * self.scale \
                - geo.top
            everything = self._points(tuple(self.board.views)) if self.board is not None else []
            wanted = self._points(self.choices)
            for side in ("left", "right"):
                if not hidden.get(side):
                    continue
                y = edges.marker_y(side, everything, wanted, geo, half_w, half_h,
                                   (MARKER_WIDTH, 2 * MARKER_HALF), MARKER_INSET, default)
                value = f"{y:.0f}px"
                if value != self.marker_y.get(side):
                    self.marker_y[side] = value
                    self.wrap.parentElement.style.setProperty(f"--marker-y-{side}", value)
        for side, button in self.markers.items():
            count = len(hidden.get(side, ()))
            if count == self.shown.get(side, 0):
                continue
            self.shown[side] = count
            if count:
                text, name = edges.marker_text(side, count)
                button.textContent = text
                button.setAttribute("aria-label", name)
                button.title = name
            button.hidden = not count

    def reveal(self, side: str, keyboard: bool = False) -> None:
        """A marker was pressed: scroll (smoothly) so the nearest hidden choices on its
        side come into view; from the keyboard, the nearest one takes the focus too."""
        geo = self.geo
        hidden = self.hidden.get(side, [])
        if geo is None or not hidden:
            return
        half_w = drawing.W / 2 * self.scale
        half_h = drawing.R * self.scale
        left, top = edges.reveal(side, hidden, geo, half_w, half_h, MARKER_ROOM)
        smooth = "auto" if reduced_motion() else "smooth"
        self.wrap.scrollTo(js_object({"left": left, "top": top, "behavior": smooth}))
        if keyboard:
            self._focus_nearest(side, hidden)

    def _focus_nearest(self, side: str, hidden: list[tuple[float, float]]) -> None:
        """Give the focus to the hidden choice nearest the marker (its button in the lab),
        without a scroll of its own: the smooth one brings it into view."""
        forward = side in ("right", "bottom")
        axis = 0 if side in ("left", "right") else 1
        nearest = (min if forward else max)(hidden, key=lambda p: p[axis])
        for name in self.choices:
            points = self._points((name,))
            if points and points[0] == nearest:
                el = self.board.element(name)
                if el is None:
                    return
                target = el if name.startswith("ghost:") else el.querySelector(".hex")
                if found(target):
                    target.focus(js_object({"preventScroll": True}))
                return

    # ---- panning -------------------------------------------------------------------------
    def _down(self, event: Any) -> None:
        # While the others play (a press in one's own decision is a choice, and the last
        # one of a turn would hold the window through the others' round).
        self.held = self.held or not self.mine
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
            return
        if not self.gist or event.detail == 0:
            return
        # The lab drawn small (its gist) is a map: a press on a chamber that is no choice
        # shows it at the readable size (a choice's press still plays it).
        chamber: Any = event.target.closest(".chamber")
        if found(chamber) and not chamber.matches(".target, .second, .multi, .selected"):
            event.stopPropagation()
            event.preventDefault()
            self.look_at(chamber.getAttribute("data-letter"))

    def look_at(self, letter: str) -> None:
        """Back to the readable size, with this chamber in view."""
        self.fit = False
        self.want = (letter,)
        self._set_zoom(1.0)

    def _wheel(self, event: Any) -> None:
        """Ctrl + wheel (and a touchpad's pinch) zooms; a plain wheel scrolls the lab
        sideways when it is wider than its panel."""
        self.held = self.held or not self.mine
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
