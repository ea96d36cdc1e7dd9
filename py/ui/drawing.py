"""The lab's geometry and each chamber's picture, as pure functions of the engine's data.

Pointy-top hexagons at the house-rule positions: centre x = x * (w / 2), y = row * (h * 3/4),
so chambers of one row two steps apart share an edge and neighbouring rows interlock.
A chamber's contents are SVG markup made only from numbers and panel letters (never from
anything a player typed), so the board can draw a chamber with one DOM call.
"""

from __future__ import annotations

import math
from typing import Any

from cakegame.words import rewards

R = 58.0  # hexagon circumradius in SVG units
W = math.sqrt(3) * R  # hexagon width
ROW_STEP = 1.5 * R
BADGE_Y = 26.0  # the top of a chamber's row of 20-unit badges (Portal, GLaDOS, Turret, Cube)
BADGE_MID = BADGE_Y + 10
PAD_X = W / 2 + 6
PAD_Y = R + 12

DIVISIONS = ("Orange", "Blue", "Green", "Purple")


def centre(row: int, x: int) -> tuple[float, float]:
    """The SVG centre of the chamber at (row, x)."""
    return x * W / 2, row * ROW_STEP


def view_box(chambers: list[Any], extra_xs: list[int] | tuple = ()) -> str:
    """A viewBox around the chambers' current positions (they drift left as the lab turns),
    and `extra_xs` (places drawn for a choice, such as where a recycled chamber may land)."""
    xs = [c.x for c in chambers] + list(extra_xs) or [0, 9]
    left = min(xs) * W / 2 - PAD_X
    right = max(xs) * W / 2 + PAD_X
    return f"{left:.1f} {-PAD_Y:.1f} {right - left:.1f} {2 * ROW_STEP + 2 * PAD_Y:.1f}"


def slots(n: int, step: float = 25.0) -> list[float]:
    """x offsets of `n` division slots, centred."""
    return [(i - (n - 1) / 2) * step for i in range(n)]


def signature(c: Any, portal: int | None, players: int, disarmed: bool = False) -> tuple:
    """Everything a chamber's picture depends on (redraw only when it changes)."""
    return (c.letter, c.face, c.subjects, c.cake, portal, c.turret, c.cube, c.glados, players,
            disarmed and c.turret)


def chamber_title(c: Any, names: tuple[str, ...] | list[str], disarmed: bool = False) -> str:
    """A sentence about the chamber, for screen readers and tooltips."""
    icons = rewards([i.value for i in c.icons])
    parts = [f"Chamber {c.letter}: rewards {icons}"]
    for seat, n in enumerate(c.subjects):
        if n:
            parts.append(f"{n} {DIVISIONS[seat]} Test Subject{'s' if n != 1 else ''}")
    for seat, n in enumerate(c.cake):
        if n:
            parts.append(f"{n} {DIVISIONS[seat]} Cake Slice{'s' if n != 1 else ''}")
    turret = "the Turret (disarmed)" if disarmed else "the Turret"
    for flag, what in ((c.portal, "a Portal"), (c.glados, "GLaDOS"), (c.turret, turret),
                       (c.cube, "the Companion Cube")):
        if flag:
            parts.append(what)
    if c.new_edge:
        parts.append("new edge")
    if c.old_edge:
        parts.append("old edge")
    return "; ".join(parts)


# A chamber's gist: the inner hexagon tinted with the colour of the majority's holder.
GIST_HEX = "0,-44.4 38.5,-22.2 38.5,22.2 0,44.4 -38.5,22.2 -38.5,-22.2"


def holder(subjects: tuple[int, ...] | list[int]) -> int | None:
    """The division with strictly more Test Subjects in a chamber than each other one, or
    None (nobody there, or a tie for most)."""
    most = max(subjects, default=0)
    if most == 0 or list(subjects).count(most) > 1:
        return None
    return list(subjects).index(most)


def gist_markup(c: Any, portal: int | None = None) -> str:
    """The chamber as the lab shows it when drawn too small to read its contents (a whole
    late lab fitted on a phone): its letter, large, who holds its majority, by colour and
    by the division's shape, or who tie for it, and the Turret and a Portal if there
    (css/game.css shows this or the contents, never both)."""
    # The Turret, which destroys whatever comes in, stays in sight (top right), and so does
    # a Portal (left), which opens a move across the lab.
    marks = ('<use href="#tok-turret" class="turret-tok" x="12" y="-46" width="22" '
             'height="22"/>' if c.turret else "")
    if portal is not None:
        marks += (f'<ellipse class="portal gist-portal p{portal}" cx="-27" cy="-4" rx="7" '
                  'ry="13"/>')
    most = max(c.subjects, default=0)
    if most == 0:
        return (f'<g class="gist"><text class="gist-letter" x="0" y="16">{c.letter}</text>'
                f'{marks}</g>')
    who = holder(c.subjects)
    if who is not None:
        tint = f"d{who}"
        shapes = (f'<use href="#tok-{who}" class="tok d{who}" x="-12" y="12" width="24" '
                  'height="24"/>')
    else:
        # A tie for most is not an empty chamber (both had looked alike: a play-tester):
        # a grey tint and the shapes of the divisions tied.
        tint = "tie"
        tied = [s for s, n in enumerate(c.subjects) if n == most]
        shapes = "".join(f'<use href="#tok-{s}" class="tok d{s}" x="{ox - 10:.1f}" y="13" '
                         'width="20" height="20"/>' for ox, s in zip(slots(len(tied), 21.0), tied))
    return (f'<g class="gist"><polygon class="gist-hold {tint}" points="{GIST_HEX}"/>'
            f'<text class="gist-letter" x="0" y="5">{c.letter}</text>{shapes}{marks}</g>')


def chamber_markup(c: Any, portal: int | None, players: int, disarmed: bool = False) -> str:
    """SVG markup of a chamber's contents, centred on (0, 0), and its gist (`gist_markup`)."""
    out: list[str] = [gist_markup(c, portal),
                      f'<text class="letter" x="0" y="-35">{c.letter}</text>']
    icons = [i.value for i in c.icons]
    for ox, code in zip(slots(len(icons), 19.0), icons):
        out.append(f'<use href="#i-{code}" class="icon i-{code}" x="{ox - 8:.1f}" y="-28" '
                   'width="16" height="16"/>')
    # One column per division, the same in every chamber, so a colour is always in one place.
    xs = slots(players, 23.0 if players == 4 else 25.0)
    for seat, (ox, n) in enumerate(zip(xs, c.subjects)):
        if n:
            out.append(f'<use href="#tok-{seat}" class="tok d{seat}" x="{ox - 11.5:.1f}" y="-6" '
                       'width="13" height="13"/>')
            out.append(f'<text class="count" x="{ox + 2:.1f}" y="5">{n}</text>')
    for seat, (ox, n) in enumerate(zip(xs, c.cake)):
        if n:
            out.append(f'<use href="#i-c" class="cake d{seat}" x="{ox - 12.5:.1f}" y="11" '
                       'width="14" height="14"/>')
            # The division's shape on the cake's side, for a player who cannot tell the
            # colours apart.
            out.append(f'<use href="#tok-{seat}" class="cakemark" x="{ox - 9.3:.1f}" y="17.4" '
                       'width="7.6" height="7.6"/>')
            out.append(f'<text class="count" x="{ox + 2:.1f}" y="22.5">{n}</text>')
    badges: list[str] = []
    if portal is not None:
        badges.append(f'<ellipse class="portal p{portal}" cx="{{x}}" cy="{BADGE_MID:g}" '
                      'rx="4.6" ry="7.6"/>')
    if c.glados:
        badges.append(f'<g class="glados"><circle cx="{{x}}" cy="{BADGE_MID:g}" r="7.2"/>'
                      f'<circle class="eye" cx="{{x}}" cy="{BADGE_MID:g}" r="2.6"/></g>')
    if c.turret:
        # The Turret token, not the reward icon: a dark disc with a red eye (grey and
        # struck through while a Character disarms it).
        cls = "badge turret-tok disarmed" if disarmed else "badge turret-tok"
        badge = (f'<use href="#tok-turret" class="{cls}" x="{{x0}}" y="{BADGE_Y:g}" width="20" '
                 'height="20"/>')
        if disarmed:
            badge += f'<path class="disarm" d="M{{xl}} {BADGE_Y + 3:g} L{{xr}} {BADGE_Y + 17:g}"/>'
        badges.append(badge)
    if c.cube:
        badges.append(f'<use href="#i-q" class="badge cube" x="{{x0}}" y="{BADGE_Y:g}" width="20" '
                      'height="20"/>')
    # The badges' row sits high enough for a second badge, and the strike of a disarmed
    # Turret, to stay clear of the hexagon's lower sides (they touched them at y 29-49).
    for ox, badge in zip(slots(len(badges), 20.0), badges):
        out.append(badge.replace("{x0}", f"{ox - 10:.1f}").replace("{x}", f"{ox:.1f}")
                   .replace("{xl}", f"{ox - 7:.1f}").replace("{xr}", f"{ox + 7:.1f}"))
    return "".join(out)


def adjacent(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Whether chambers at (row, x) `a` and `b` share an edge (the house rules' adjacency)."""
    (ra, xa), (rb, xb) = a, b
    return (ra == rb and abs(xa - xb) == 2) or (abs(ra - rb) == 1 and abs(xa - xb) == 1)


Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in SVG units

INRADIUS = W / 2  # from a chamber's centre to the middle of an edge
LOSS_R = 12.0  # a loss badge's radius
# Where a loss badge may sit, around its chamber's centre, in order of preference: over the
# top corners and the top vertex (clear of the letter and the reward icons), then the lower
# corners. The first one that covers nothing drawn in any chamber is taken.
LOSS_SPOTS = ((26.0, -41.0), (-26.0, -41.0), (0.0, -58.0), (38.0, 38.0), (-38.0, 38.0),
              (40.0, -20.0), (-40.0, -20.0))


def content_boxes(c: Any, portal: int | None, players: int) -> list[Box]:
    """The boxes, around the chamber's centre, of what `chamber_markup` draws in it: its
    letter, its reward icons, its counters (tokens, Cake Slices and their numbers) and its
    badges (Portal, GLaDOS, Turret, Cube). The board keeps badges and arrows off them."""
    out: list[Box] = [(-7.0, -47.0, 7.0, -33.0)]  # the letter (15 px, baseline at -35)
    for ox in slots(len(c.icons), 19.0):
        out.append((ox - 8, -28.0, ox + 8, -12.0))
    xs = slots(players, 23.0 if players == 4 else 25.0)
    for ox, n in zip(xs, c.subjects):
        if n:
            out.append((ox - 11.5, -6.0, ox + 2 + 9 * len(str(n)), 7.0))
    for ox, n in zip(xs, c.cake):
        if n:
            out.append((ox - 12.5, 11.0, ox + 2 + 9 * len(str(n)), 25.0))
    badges = (portal is not None) + bool(c.glados) + bool(c.turret) + bool(c.cube)
    for ox in slots(badges, 20.0):
        out.append((ox - 10, BADGE_Y, ox + 10, BADGE_Y + 20))
    return out


def _overlap(a: Box, b: Box) -> float:
    """The area two boxes share (0 when they do not meet)."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def loss_spot(spot: tuple[int, int], drawn: list[Box]) -> tuple[float, float]:
    """Where a loss badge goes for the chamber at (row, x) `spot`: the first of
    `LOSS_SPOTS` whose badge covers none of `drawn` (every chamber's `content_boxes`, placed
    on the lab; and badges placed before), else the one that covers least."""
    cx, cy = centre(*spot)
    best, best_cover = (cx + LOSS_SPOTS[0][0], cy + LOSS_SPOTS[0][1]), math.inf
    for dx, dy in LOSS_SPOTS:
        x, y = cx + dx, cy + dy
        box = (x - LOSS_R, y - LOSS_R, x + LOSS_R, y + LOSS_R)
        cover = sum(_overlap(box, b) for b in drawn)
        if cover == 0:
            return x, y
        if cover < best_cover:
            best, best_cover = (x, y), cover
    return best


def to_border(cx: float, cy: float, ux: float, uy: float) -> float:
    """How far from a chamber's centre (cx, cy) its border is in direction (ux, uy): a
    pointy-top hexagon's edges face 0, 60, 120, ... degrees."""
    angle = math.degrees(math.atan2(uy, ux)) % 60.0
    off = min(angle, 60.0 - angle)
    return INRADIUS / math.cos(math.radians(off))


def _quad(p0: tuple[float, float], c: tuple[float, float], p2: tuple[float, float],
          t: float) -> tuple[float, float]:
    m = 1 - t
    return (m * m * p0[0] + 2 * m * t * c[0] + t * t * p2[0],
            m * m * p0[1] + 2 * m * t * c[1] + t * t * p2[1])


LEG = 34.0  # SVG units: the strong start and end of an arrow through the Portals


def _legs(p0: tuple[float, float], c: tuple[float, float], p2: tuple[float, float],
          length: float) -> list[str]:
    """The first and the last `length` units of the quadratic curve p0-c-p2, as two path
    data strings (each a quadratic of its own: de Casteljau's split), or nothing when the
    curve is too short for a faint middle."""
    steps = 96
    points = [_quad(p0, c, p2, k / steps) for k in range(steps + 1)]
    run = [0.0]
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        run.append(run[-1] + math.hypot(x1 - x0, y1 - y0))
    total = run[-1]
    if total < 3 * length:
        return []

    def t_at(distance: float) -> float:
        """The curve's parameter `distance` units along it (linear between samples)."""
        k = next(k for k, r in enumerate(run) if r >= distance)
        step = run[k] - run[k - 1] or 1.0
        return (k - 1 + (distance - run[k - 1]) / step) / steps
    t1, t2 = t_at(length), t_at(total - length)
    # [0, t1]: control p0 + t1 (c - p0), end B(t1); [t2, 1]: start B(t2), control c + t2 (p2 - c).
    c1 = (p0[0] + t1 * (c[0] - p0[0]), p0[1] + t1 * (c[1] - p0[1]))
    e1 = _quad(p0, c, p2, t1)
    s2 = _quad(p0, c, p2, t2)
    c2 = (c[0] + t2 * (p2[0] - c[0]), c[1] + t2 * (p2[1] - c[1]))
    return [f"M{p0[0]:.1f} {p0[1]:.1f} Q{c1[0]:.1f} {c1[1]:.1f} {e1[0]:.1f} {e1[1]:.1f}",
            f"M{s2[0]:.1f} {s2[1]:.1f} Q{c2[0]:.1f} {c2[1]:.1f} {p2[0]:.1f} {p2[1]:.1f}"]


def _bowed(ax: float, ay: float, bx: float, by: float, bow: float) -> tuple[
        tuple[float, float], tuple[float, float], tuple[float, float]]:
    """A curve from chamber centre (ax, ay) to (bx, by) bowed `bow` units to one side: its
    start and end on the two chambers' borders, and its control point."""
    dx, dy = bx - ax, by - ay
    dist = math.hypot(dx, dy) or 1.0
    ctrl = ((ax + bx) / 2 - dy / dist * bow, (ay + by) / 2 + dx / dist * bow)
    out = []
    for (px, py) in ((ax, ay), (bx, by)):
        vx, vy = ctrl[0] - px, ctrl[1] - py
        vd = math.hypot(vx, vy) or 1.0
        r = to_border(px, py, vx / vd, vy / vd) - 1.0
        out.append((px + vx / vd * r, py + vy / vd * r))
    return out[0], ctrl, out[1]


def _crossings(p0: tuple[float, float], c: tuple[float, float], p2: tuple[float, float],
               drawn: list[Box], top: float, bottom: float) -> int:
    """How many of 40 points along the curve fall on something drawn (or off the lab)."""
    # The curve stays within its three points' hull: only boxes near that can be crossed.
    x0, x1 = min(p0[0], c[0], p2[0]) - 4, max(p0[0], c[0], p2[0]) + 4
    y0, y1 = min(p0[1], c[1], p2[1]) - 4, max(p0[1], c[1], p2[1]) + 4
    drawn = [b for b in drawn if b[0] < x1 and b[2] > x0 and b[1] < y1 and b[3] > y0]
    hits = 0
    for k in range(1, 40):
        x, y = _quad(p0, c, p2, k / 40)
        if y < top or y > bottom or any(b[0] - 4 <= x <= b[2] + 4 and b[1] - 4 <= y <= b[3] + 4
                                        for b in drawn):
            hits += 1
    return hits


# Where along a Portal move's curve its count may stand, the middle first.
COUNT_SPOTS = (0.5, 0.42, 0.58, 0.34, 0.66, 0.26, 0.74, 0.18, 0.82)


def arrow_markup(a: str, b: str, seat: int, count: int, spot_a: tuple[int, int],
                 spot_b: tuple[int, int], drawn: list[Box] | None = None) -> str:
    """An arrow from chamber `a` (at `spot_a`) to chamber `b` for `count` Test Subjects of
    division `seat`. Between neighbours it is straight, across their shared edge; otherwise
    (through the Portals) dashed and bowed, from border to border, to the side where it
    crosses the fewest of `drawn` (the other chambers' `content_boxes`, placed on the lab).
    The head's tip stops at the destination's border, off its counters."""
    ax, ay = centre(*spot_a)
    bx, by = centre(*spot_b)
    dx, dy = bx - ax, by - ay
    dist = math.hypot(dx, dy) or 1.0
    ux, uy = dx / dist, dy / dist
    near = adjacent(spot_a, spot_b)
    others = drawn or []
    legs: list[str] = []
    if near:
        # Across the shared edge, its tip just inside it: in the first lane (along a row,
        # above the counters, between the two chambers' reward icons; across a slanted
        # edge, at its middle or moved along it) where it covers nothing drawn.
        if uy == 0:
            lanes: tuple[tuple[float, float], ...] = ((0.0, -20.0), (0.0, -18.0), (0.0, -22.0))
            starts = (36.0, 40.0)
        else:
            lanes = tuple((-uy * k, ux * k) for k in (0.0, 8.0, -8.0, 14.0, -14.0))
            starts = (36.0, 40.0)
        tip = dist / 2 + 1.0
        best_near: tuple[float, float, float, float, float] | None = None
        for ox, oy in lanes:
            for start in starts:
                hits = 0
                for k in range(9):  # the shaft and the head, with the shaft's half width
                    t = start + (tip - start) * k / 8
                    x, y = ax + ux * t + ox, ay + uy * t + oy
                    hits += any(b[0] - 5 < x < b[2] + 5 and b[1] - 5 < y < b[3] + 5
                                for b in others)
                if best_near is None or hits < best_near[0]:
                    best_near = (hits, ox, oy, start, 0.0)
                if hits == 0:
                    break
            if best_near is not None and best_near[0] == 0:
                break
        assert best_near is not None
        _, ox, oy, start, _ = best_near
        sx, sy = ax + ux * start + ox, ay + uy * start + oy
        px, py = ax + ux * tip + ox, ay + uy * tip + oy
        hx, hy = ux, uy  # the head's direction
        ex, ey = px - hx * 9, py - hy * 9
        path = f"M{sx:.1f} {sy:.1f} L{ex:.1f} {ey:.1f}"
        midx, midy = ax + ux * dist / 2 + ox, ay + uy * dist / 2 + oy
        spots = [(midx, midy - 12)] if uy == 0 else \
            [(midx + uy * 13, midy - ux * 13), (midx - uy * 13, midy + ux * 13)]
        mx, my = spots[0]
        for x, y in spots:
            if not any(_overlap((x - 6, y - 7, x + 6, y + 7), b) for b in others):
                mx, my = x, y
                break
    else:
        top, bottom = -PAD_Y + 6, 2 * ROW_STEP + PAD_Y - 6
        best: tuple[float, ...] | None = None
        for frac in (0.15, 0.3, 0.45, 0.6, 0.8):
            for side in (1, -1):
                bow = side * min(frac * dist, 160.0)
                p0, ctrl, p2 = _bowed(ax, ay, bx, by, bow)
                score = _crossings(p0, ctrl, p2, others, top, bottom) + frac / 10
                if best is None or score < best[0]:
                    best = (score, *p0, *ctrl, *p2)
        assert best is not None
        _, sx, sy, cx, cy, px, py = best
        hx, hy = px - cx, py - cy
        hd = math.hypot(hx, hy) or 1.0
        hx, hy = hx / hd, hy / hd
        ex, ey = px - hx * 9, py - hy * 9
        path = f"M{sx:.1f} {sy:.1f} Q{cx:.1f} {cy:.1f} {ex:.1f} {ey:.1f}"
        # The count: at the curve's middle, or the nearest point along it that covers no
        # chamber's letter, icons or counters (a "2" beside a chamber's "2" misread).
        mx, my = _quad((sx, sy), (cx, cy), (ex, ey), 0.5)
        for t in COUNT_SPOTS:
            x, y = _quad((sx, sy), (cx, cy), (ex, ey), t)
            if not any(_overlap((x - 6, y - 7, x + 6, y + 7), b) for b in others):
                mx, my = x, y
                break
        # The long middle is drawn faint (CSS) over the chambers it passes; the legs out of
        # the chamber left and into the one entered are drawn strong, so the move reads
        # at both ends without a bold line across the lab.
        legs = _legs((sx, sy), (cx, cy), (ex, ey), LEG)
    head = (f"{px:.1f},{py:.1f} {ex - hy * 8:.1f},{ey + hx * 8:.1f} "
            f"{ex + hy * 8:.1f},{ey - hx * 8:.1f}")
    out = (f'<g class="move-arrow d{seat}{"" if near else " portal-move"}" data-from="{a}" '
           f'data-to="{b}"><path class="under" d="{path}"/><path class="shaft" d="{path}"/>')
    if not near:
        out += "".join(f'<path class="leg-under" d="{leg}"/><path class="leg" d="{leg}"/>'
                       for leg in legs)
    out += f'<polygon class="head" points="{head}"/>'
    if count > 1:
        # On a disc in the mover's colour: bare, a count that fell inside a chamber read as
        # that chamber's ("I holds 3", a play-tester).
        out += (f'<circle class="n-disc" cx="{mx:.1f}" cy="{my:.1f}" r="9"/>'
                f'<text class="n" x="{mx:.1f}" y="{my + 5:.1f}">{count}</text>')
    return out + "</g>"
