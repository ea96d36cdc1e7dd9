"""Where the lab's choices lie against its visible window: pure arithmetic, no DOM.

The lab's panel shows a window onto a lab that may be wider (or, zoomed in, taller) than
it. `ui/labview.py` measures the window once per redraw and keeps its scroll position from
the panel's scroll events; these functions take those numbers and the choices' centres
(in the panel's scrolled content, CSS px) and say:

- which choices lie outside the window, on which side (`hidden_sides`), and what the edge
  marker for a side says (`marker_text`); past which sides any of the lab lies (`beyond`);
- where to scroll so a marker's nearest hidden choices come into view (`reveal`);
- where to scroll after a redraw so the most choices are in view (`best_start`).

Kept apart from the page so CPython's tests check them (tests/test_ui_logic.py).
"""

from __future__ import annotations

from dataclasses import dataclass

SIDES = ("left", "right", "top", "bottom")
ARROWS = {"left": "◂", "right": "▸", "top": "▴", "bottom": "▾"}
WHERE = {"left": "to the left", "right": "to the right", "top": "above", "bottom": "below"}


@dataclass(frozen=True)
class Window:
    """The visible part of the panel's content (CSS px from the content's top left corner),
    and the content's whole size."""

    left: float
    top: float
    width: float
    height: float
    full_width: float
    full_height: float


def hidden_sides(points: list[tuple[float, float]], win: Window, half_w: float,
                 half_h: float) -> dict[str, list[tuple[float, float]]]:
    """The choices (their centres) that are not in view, by the side they lie beyond.

    A choice counts as in view when its centre is at least half a chamber's half width
    (or height) inside the window: three quarters of it show, enough to see and press. One
    beyond a side and also above or below is counted once, by the side it is further past.

    >>> w = Window(100, 0, 300, 200, 1000, 200)
    >>> sides = hidden_sides([(50, 100), (250, 100), (390, 100), (900, 100)], w, 40, 40)
    >>> {k: len(v) for k, v in sides.items()}
    {'left': 1, 'right': 2, 'top': 0, 'bottom': 0}
    """
    out: dict[str, list[tuple[float, float]]] = {side: [] for side in SIDES}
    mx, my = half_w / 2, half_h / 2
    for x, y in points:
        past = {
            "left": win.left + mx - x,
            "right": x - (win.left + win.width - mx),
            "top": win.top + my - y,
            "bottom": y - (win.top + win.height - my),
        }
        side = max(SIDES, key=lambda s: past[s])
        if past[side] > 0:
            out[side].append((x, y))
    return out


def beyond(win: Window) -> list[str]:
    """The sides past which some of the lab lies out of view (the panel fades there).

    >>> beyond(Window(0, 0, 300, 200, 1000, 200))
    ['right']
    >>> beyond(Window(700, 0, 300, 200, 1000, 200))
    ['left']
    >>> beyond(Window(0, 0, 300, 200, 300, 200))
    []
    """
    out = []
    if win.left > 1:
        out.append("left")
    if win.left + win.width < win.full_width - 1:
        out.append("right")
    return out


def marker_text(side: str, count: int) -> tuple[str, str]:
    """The marker's text and its name for screen readers.

    >>> marker_text("right", 3)
    ('3 ▸', '3 more chambers to choose to the right')
    >>> marker_text("left", 1)
    ('◂ 1', '1 more chamber to choose to the left')
    """
    arrow = ARROWS[side]
    text = f"{count} {arrow}" if side in ("right", "bottom") else f"{arrow} {count}"
    plural = "s" if count != 1 else ""
    return text, f"{count} more chamber{plural} to choose {WHERE[side]}"


def reveal(side: str, hidden: list[tuple[float, float]], win: Window, half_w: float,
           half_h: float, margin: float) -> tuple[float, float]:
    """The scroll position (left, top) that brings the nearest hidden choice on `side`
    wholly into view, with as many of the next ones beyond it as fit too; `margin` is kept
    free at the far edge (where that side's marker may still stand).

    >>> w = Window(0, 0, 400, 200, 1200, 200)
    >>> reveal("right", [(500, 100), (700, 100), (1100, 100)], w, 40, 40, 20)
    (360.0, 0.0)
    """
    if not hidden:
        return win.left, win.top
    horizontal = side in ("left", "right")
    pos = 0 if horizontal else 1
    half = half_w if horizontal else half_h
    size = win.width if horizontal else win.height
    full = win.full_width if horizontal else win.full_height
    forward = side in ("right", "bottom")
    coords = sorted((p[pos] for p in hidden), reverse=not forward)
    nearest = coords[0]
    room = size - 2 * (half + margin)  # how far beyond the nearest the rest may lie
    group = [c for c in coords if abs(c - nearest) <= max(room, 0.0)]
    if forward:
        start = max(group) + half + margin - size
    else:
        start = min(group) - half - margin
    start = max(0.0, min(float(start), max(0.0, full - size)))
    return (start, float(win.top)) if horizontal else (float(win.left), start)


def nearest_start(span: tuple[float, float], start: float, size: float, full: float,
                  pad: float = 8.0) -> float:
    """Where a window (`size` wide, now at `start`, over content `full` wide) should start
    along one axis to show one chamber's span (from, to): where it is if the span is in
    view, else moved the least that shows it, padded (the whole span's start when it is
    wider than the window).

    >>> nearest_start((500, 580), 0, 300, 1000)
    288.0
    >>> nearest_start((100, 180), 0, 300, 1000)
    0.0
    >>> nearest_start((10, 90), 200, 300, 1000)
    2.0
    """
    lo, hi = span
    top = max(0.0, full - size)
    if lo >= start and hi <= start + size:
        return float(start)
    if lo < start or hi - lo > size - 2 * pad:
        at = lo - pad
    else:
        at = hi + pad - size
    return max(0.0, min(float(at), top))


def best_start(spans: list[tuple[float, float]], start: float, size: float,
               full: float, pad: float = 8.0,
               lab: list[tuple[float, float]] | None = None,
               rows: list[float] | None = None) -> float | None:
    """After a redraw: where the window (`size` wide, now at `start`, over content `full`
    wide) should start along one axis so the choices' spans (from, to) are in view, or
    None to stay. All in view: stay. All fit at once: their span centred, or, given the
    spans of all the `lab`'s chambers, of the windows that show every choice the one that
    shows the most chambers besides (nearest the centred one): a lab whose rows have
    drifted apart then shows its other rows, not an empty band beside the choices' row.
    Too many: a window that shows as many as possible, the one nearest where the window is
    now; it stays if it already shows that many. Given also each lab chamber's row
    (`rows`, its centre on the other axis), windows that show more of the lab's rows come
    first: a lab drawn as a staircase had a phone's window on the top row alone, with the
    other rows wholly beyond its edge (a play-tester), where a window at the rows' meeting
    shows as many choices and two rows.

    >>> best_start([(500, 580)], 0, 300, 1000)
    390.0
    >>> best_start([(500, 580)], 0, 300, 1000, lab=[(500, 580), (600, 680), (700, 780)])
    488.0
    >>> best_start([(0, 80), (100, 180), (900, 980)], 500, 300, 1000)
    0.0
    >>> best_start([(0, 80), (100, 180), (200, 280), (300, 380)], 0, 200, 1000,
    ...            lab=[(0, 80), (100, 180), (200, 280), (300, 380)], rows=[0, 0, 0, 90])
    188.0
    """
    if not spans or full <= size + 1:
        return None
    lo = min(a for a, _ in spans)
    hi = max(b for _, b in spans)
    if lo >= start and hi <= start + size:
        return None
    top = max(0.0, full - size)
    lab = lab or []

    def clamp(value: float) -> float:
        return max(0.0, min(float(value), top))

    def inside(a: float, b: float, at: float) -> bool:
        return a >= at - 0.5 and b <= at + size + 0.5

    def lab_rows(at: float) -> int:
        """How many of the lab's rows the window at `at` shows a chamber of."""
        if rows is None:
            return 0
        return len({round(r) for (a, b), r in zip(lab, rows) if inside(a, b, at)})

    if hi - lo <= size - 2 * pad:
        centred = clamp((lo + hi) / 2 - size / 2)
        if not lab:
            return centred
        # The windows that keep every choice in view, padded: from `first` to `last`.
        first, last = clamp(hi + pad - size), clamp(lo - pad)

        def seen(at: float) -> int:
            return sum(1 for a, b in lab if inside(a, b, at))

        places = {centred} | {min(max(x, first), last) for a, b in lab
                              for x in (a - pad, b + pad - size)}
        return max(places, key=lambda at: (lab_rows(at), seen(at), -abs(at - centred), -at))

    def shown(at: float) -> int:
        return sum(1 for a, b in spans if inside(a, b, at))

    places = {clamp(a - pad) for a, _ in spans} | {clamp(b + pad - size) for _, b in spans}
    if rows is not None:
        places |= {clamp(x) for a, b in lab for x in (a - pad, b + pad - size)}
    best = max((shown(p), lab_rows(p)) for p in places)
    if (shown(start), lab_rows(start)) >= best:
        return None
    return min((p for p in places if (shown(p), lab_rows(p)) == best),
               key=lambda p: (abs(p - start), p))


def marker_y(side: str, chambers: list[tuple[float, float]], choices: list[tuple[float, float]],
             win: Window, half_w: float, half_h: float, size: tuple[float, float],
             inset: float, default: float) -> float:
    """The height (from the window's top, CSS px) for the middle of `side`'s marker (left
    or right), a `size` (width, height) box `inset` from the edge: where it covers no
    choice and as little of the other chambers as can be; `default` where nothing is
    better. Chambers and choices are centres in the content, as for `hidden_sides`.

    >>> w = Window(0, 0, 400, 300, 1200, 300)
    >>> marker_y("right", [(380, 150)], [(380, 150)], w, 40, 46, (46, 40), 6, 150)
    84.0
    """
    mw, mh = size
    x1 = win.left + win.width - inset if side == "right" else win.left + inset + mw
    x0 = x1 - mw
    # Only the chambers that reach into the marker's strip matter.
    chambers = [p for p in chambers if x0 - half_w < p[0] < x1 + half_w]
    choices = [p for p in choices if x0 - half_w < p[0] < x1 + half_w]

    def covers(y: float, points: list[tuple[float, float]]) -> float:
        """How much of the chambers' boxes the marker covers with its middle at y."""
        top, bottom = win.top + y - mh / 2, win.top + y + mh / 2
        area = 0.0
        for cx, cy in points:
            w = min(x1, cx + half_w) - max(x0, cx - half_w)
            h = min(bottom, cy + half_h) - max(top, cy - half_h)
            if w > 0 and h > 0:
                area += w * h
        return area

    lo, hi = mh / 2, win.height - mh / 2
    if hi < lo:
        return max(lo, min(default, win.height - lo))
    steps = max(1, int((hi - lo) // 4))
    start = max(lo, min(default, hi))
    heights = [start] + [lo + (hi - lo) * i / steps for i in range(steps + 1)]
    best = min(heights, key=lambda y: (covers(y, choices), covers(y, chambers), abs(y - start)))
    return round(best, 1)
