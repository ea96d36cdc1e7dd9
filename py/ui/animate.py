"""The animation layer: what moves on the board after a redraw, and how fast bots play.

Animations only ever run after the redraw that shows the new state is done (the click's
time is the redraw's); they change nothing but the picture, and `prefers-reduced-motion`
turns them off. The computer players' pace is set here too, so one control governs how
fast the table moves.
"""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_proxy
from pyscript import window

from . import drawing
from .dom import by_id, found, js_object

PACES = {"slow": 1.4, "normal": 0.7, "fast": 0.25, "step": 0.0}  # seconds before a bot's move
DEFAULT_PACE = "normal"
RISE_MS = 900  # a loss rises and fades
TRAVEL_MS = 900  # a recycled chamber's flight (`fly`)
TRAVEL_OPACITY = 0.5  # a recycled chamber's opacity half-way through its flight
TRAVEL_EASING = "cubic-bezier(.4,0,.2,1)"  # the flight's easing there, so a loss keeps pace
SHOWN = frozenset(("moved", "cake_moved", "subjects_destroyed", "cake_incinerated"))  # animated


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
        self.running = 0  # animations started (bench/page.py measures their frames)
        self._drop: Any = None  # the listener that removes a finished effect's element

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
        `now`): Test Subjects slide along their move (a Portal too: straight through),
        destroyed subjects and incinerated cake rise and fade where they were. The board
        itself slides the rows and carries a recycled chamber to its new place."""
        if self.still:
            return
        layer = by_id("fx")
        if not found(layer):
            return
        events = [e for e in now.events if e.kind.value in SHOWN]
        if not events:
            return  # most actions: no chamber positions to work out
        old = {c.letter: drawing.centre(c.row, c.x) for c in before.chambers()}
        new = {c.letter: drawing.centre(c.row, c.x) for c in now.chambers()}
        marks: list[str] = []
        moves: list[tuple[int, tuple[float, float], tuple[float, float]]] = []
        # (kind, seat, count, where the pieces were, where their chamber is now)
        rising: list[tuple[str, Any, int, tuple[float, float], tuple[float, float]]] = []
        for e in events:
            k = e.kind.value
            if k in ("moved", "cake_moved") and e.chamber in new and e.to in new:
                for _ in range(min(e.count, 3)):
                    moves.append((e.seat if k == "moved" else -1 - (e.seat or 0),
                                  new[e.chamber], new[e.to]))
            elif k in ("subjects_destroyed", "cake_incinerated") and e.chamber in old:
                # Where the pieces were, and where their chamber is now: a recycled chamber
                # flies to the new edge (ui/board.py), and its losses ride along with it
                # rather than rise over the empty place it left.
                was = old[e.chamber]
                rising.append(("tok" if k == "subjects_destroyed" else "cake", e.seat,
                               e.count, was, new.get(e.chamber, was)))
        if not moves and not rising:
            return
        n = 0
        for seat, _from, _to in moves:
            href = f"#tok-{seat}" if seat >= 0 else "#i-c"
            cls = f"tok d{seat}" if seat >= 0 else f"cake d{-1 - seat}"
            marks.append(f'<use id="fx{n}" href="{href}" class="fx {cls}" x="-8" y="-8" '
                         'width="16" height="16"/>')
            n += 1
        for i, (kind, seat, count, _was, _now) in enumerate(rising):
            href = f"#tok-{seat}" if kind == "tok" else "#i-c"
            cls = f"tok d{seat}" if kind == "tok" else f"cake d{seat}"
            marks.append(f'<g id="fxr{i}" class="fx"><use href="{href}" class="{cls}" x="-9" '
                         f'y="-9" width="18" height="18"/><text class="fx-count" x="11" '
                         f'y="5">−{count}</text></g>')
        layer.innerHTML = "".join(marks)
        self.running += 1
        for i, (_seat, (x1, y1), (x2, y2)) in enumerate(moves):
            el = by_id_fresh(f"fx{i}")
            start = f"translate({x1 - 6:.1f}px, {y1:.1f}px)"
            end = f"translate({x2 - 6:.1f}px, {y2:.1f}px)"
            frames = [{"transform": start, "opacity": 1},
                      {"transform": end, "opacity": 1, "offset": .85},
                      {"transform": end, "opacity": 0}]
            timing = {"duration": 650, "delay": 60 * (i % 3),
                      "easing": "cubic-bezier(.3,.7,.3,1)", "fill": "both"}
            self._watch(el.animate(js_object(frames), js_object(timing)))
        for i, (_kind, _seat, _count, was, now_at) in enumerate(rising):
            timing = {"duration": RISE_MS + (TRAVEL_MS if was != now_at else 0), "fill": "both"}
            self._watch(by_id_fresh(f"fxr{i}").animate(js_object(rise_frames(was, now_at)),
                                                        js_object(timing)))

    def _watch(self, animation: Any) -> None:
        """Take the effect's element away when its animation ends (or is cancelled): no
        mark stands in the lab once its motion is over, whatever comes after."""
        if self._drop is None:
            self._drop = create_proxy(_drop_target)  # one proxy for every effect
        animation.addEventListener("finish", self._drop)
        animation.addEventListener("cancel", self._drop)


_still: bool | None = None  # reduced motion, asked once


def fly(element: Any, start: str, end: str) -> None:
    """A recycled chamber's flight from `start` to `end` (CSS transforms) on the lab, as the
    losses it carries ride along (`rise_frames`): the same length and easing. Its style
    already holds `end`, so with reduced motion it is simply there."""
    global _still, _landed
    if _still is None:
        _still = reduced_motion()
    if _still:
        return
    # Half seen through at mid-flight: over the chambers it crosses it had hidden their
    # counts as the next person's decision came up (a phone play-tester).
    flight = element.animate(js_object([{"transform": start, "opacity": 1},
                                        {"opacity": TRAVEL_OPACITY, "offset": 0.5},
                                        {"transform": end, "opacity": 1}]),
                             js_object({"duration": TRAVEL_MS, "easing": TRAVEL_EASING}))
    # Presses go through it until it lands: a press on a chamber it was crossing went to the
    # chamber in flight, another choice than the one pressed (portal J for portal N).
    element.style.pointerEvents = "none"
    if _landed is None:
        _landed = create_proxy(_land)  # one proxy for every flight
    flight.addEventListener("finish", _landed)
    flight.addEventListener("cancel", _landed)


_landed: Any = None


def _land(event: Any) -> None:
    """A recycled chamber's flight ended (or was cancelled): it takes presses again, unless
    it flies on (recycled again before it landed)."""
    element = event.target.effect.target
    if not any(a.playState == "running" for a in element.getAnimations()):
        element.style.pointerEvents = ""


def settle(element: Any) -> None:
    """End every motion under `element` at once, where it was going (a pulse that never
    ends is left to pulse: it has no end to go to)."""
    for animation in element.getAnimations(js_object({"subtree": True})):
        try:
            animation.finish()
        except Exception:  # noqa: BLE001 - an endless one refuses (InvalidStateError)
            pass


def rise_frames(was: tuple[float, float], now: tuple[float, float]) -> list[dict[str, Any]]:
    """The keyframes of a loss's "−n": it rises 45 units and fades where its chamber is. A
    chamber that moved (recycled to the new edge) carries it first, along the same flight
    as the chamber's, so the mark never stands over the place the chamber left."""
    x0, y0 = was
    x1, y1 = now
    rise = [{"transform": f"translate({x1:.1f}px, {y1:.1f}px)", "opacity": 1,
             "easing": "ease-out"},
            {"transform": f"translate({x1:.1f}px, {y1 - 45:.1f}px)", "opacity": 0}]
    if was == now:
        return rise
    rise[0]["offset"] = round(TRAVEL_MS / (TRAVEL_MS + RISE_MS), 3)
    return [{"transform": f"translate({x0:.1f}px, {y0:.1f}px)", "opacity": 1,
             "easing": TRAVEL_EASING}, *rise]


def _drop_target(event: Any) -> None:
    """A finished (or cancelled) effect's element leaves the effects layer."""
    try:
        target = event.target.effect.target
        if target is not None:
            target.remove()
    except Exception:
        pass  # already gone with the layer's next contents


def by_id_fresh(element_id: str) -> Any:
    """An element made a moment ago (not cached: the effects layer is rebuilt each time)."""
    return window.document.getElementById(element_id)
