"""The lab's geometry and each chamber's picture, as pure functions of the engine's data.

Pointy-top hexagons at the house-rule positions: centre x = x * (w / 2), y = row * (h * 3/4),
so chambers of one row two steps apart share an edge and neighbouring rows interlock.
A chamber's contents are SVG markup made only from numbers and panel letters (never from
anything a player typed), so the board can draw a chamber with one DOM call.
"""

from __future__ import annotations

import math
from typing import Any

R = 58.0  # hexagon circumradius in SVG units
W = math.sqrt(3) * R  # hexagon width
ROW_STEP = 1.5 * R
PAD_X = W / 2 + 6
PAD_Y = R + 12

ICON_NAMES = {"s": "Test Subject", "c": "Cake Slice", "a": "Aperture Card",
              "q": "Companion Cube", "t": "Turret"}
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
    icons = ", ".join(ICON_NAMES[i.value] for i in c.icons) or "nothing"
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


def chamber_markup(c: Any, portal: int | None, players: int, disarmed: bool = False) -> str:
    """SVG markup of a chamber's contents, centred on (0, 0)."""
    out: list[str] = [f'<text class="letter" x="0" y="-35">{c.letter}</text>']
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
            out.append(f'<use href="#tok-{seat}" class="cakemark" x="{ox - 10.5:.1f}" y="19.5" '
                       'width="5" height="5"/>')
            out.append(f'<text class="count" x="{ox + 2:.1f}" y="22.5">{n}</text>')
    badges: list[str] = []
    if portal is not None:
        badges.append(f'<ellipse class="portal p{portal}" cx="{{x}}" cy="39" rx="4.6" ry="7.6"/>')
    if c.glados:
        badges.append('<g class="glados"><circle cx="{x}" cy="39" r="7.2"/>'
                      '<circle class="eye" cx="{x}" cy="39" r="2.6"/></g>')
    if c.turret:
        # The Turret token, not the reward icon: a dark disc with a red eye (grey and
        # struck through while a Character disarms it).
        cls = "badge turret-tok disarmed" if disarmed else "badge turret-tok"
        badge = (f'<use href="#tok-turret" class="{cls}" x="{{x0}}" y="29" width="20" '
                 'height="20"/>')
        if disarmed:
            badge += '<path class="disarm" d="M{xl} 31 L{xr} 47"/>'
        badges.append(badge)
    if c.cube:
        badges.append('<use href="#i-q" class="badge cube" x="{x0}" y="29" width="20" '
                      'height="20"/>')
    for ox, badge in zip(slots(len(badges), 20.0), badges):
        out.append(badge.replace("{x0}", f"{ox - 10:.1f}").replace("{x}", f"{ox:.1f}")
                   .replace("{xl}", f"{ox - 8:.1f}").replace("{xr}", f"{ox + 8:.1f}"))
    return "".join(out)


def adjacent(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Whether chambers at (row, x) `a` and `b` share an edge (the house rules' adjacency)."""
    (ra, xa), (rb, xb) = a, b
    return (ra == rb and abs(xa - xb) == 2) or (abs(ra - rb) == 1 and abs(xa - xb) == 1)


def arrow_markup(a: str, b: str, seat: int, count: int, spot_a: tuple[int, int],
                 spot_b: tuple[int, int]) -> str:
    """An arrow from chamber `a` (at `spot_a`) to chamber `b` for `count` Test Subjects of
    division `seat`: straight between neighbours, dashed and bowed through the Portals."""
    ax, ay = centre(*spot_a)
    bx, by = centre(*spot_b)
    dx, dy = bx - ax, by - ay
    dist = math.hypot(dx, dy) or 1.0
    ux, uy = dx / dist, dy / dist
    sx, sy = ax + ux * 26, ay + uy * 26  # out of the start chamber's middle
    ex, ey = bx - ux * 30, by - uy * 30  # the head stops short of the destination's middle
    near = adjacent(spot_a, spot_b)
    if near:
        path = f"M{sx:.1f} {sy:.1f} L{ex:.1f} {ey:.1f}"
        tx, ty = ex - ux, ey - uy  # the head's direction
    else:
        # Bowed to one side, so it does not run through the chambers in between.
        bow = min(60.0, dist / 4)
        cx, cy = (sx + ex) / 2 - uy * bow, (sy + ey) / 2 + ux * bow
        path = f"M{sx:.1f} {sy:.1f} Q{cx:.1f} {cy:.1f} {ex:.1f} {ey:.1f}"
        tx, ty = cx, cy
    hx, hy = ex - tx, ey - ty
    hd = math.hypot(hx, hy) or 1.0
    hx, hy = hx / hd, hy / hd
    head = (f"{ex + hx * 9:.1f},{ey + hy * 9:.1f} {ex - hy * 8:.1f},{ey + hx * 8:.1f} "
            f"{ex + hy * 8:.1f},{ey - hx * 8:.1f}")
    out = (f'<g class="move-arrow d{seat}{"" if near else " portal-move"}" data-from="{a}" '
           f'data-to="{b}"><path class="under" d="{path}"/><path class="shaft" d="{path}"/>'
           f'<polygon class="head" points="{head}"/>')
    if count > 1:
        mx, my = (sx + ex) / 2, (sy + ey) / 2
        out += f'<text class="n" x="{mx:.1f}" y="{my + 5:.1f}">{count}</text>'
    return out + "</g>"
