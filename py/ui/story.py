"""The story of a game in one picture: Cake Slices and Test Subjects in the lab per division,
turn by turn, with the moments that swung it marked; and the action that ended it.

Pure functions of the engine's states (from `replay.Replay`), so the chart is the same in
CPython and in the page. The SVG is built from numbers and the engine's sentences only, and
every text in it is escaped.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cakegame.events import EventKind, short

from .escape import escape
from .eventlog import choice_said, recycle_cut_short
from .labels import COLOURS, DIVISION_NAMES

WIDTH = 640
NARROW = 360  # a phone's chart: its text stays as large as on a desktop's
LEGEND_CHARS = 14  # a name longer than this is cut, with an ellipsis
PANEL_H = 120
LINE_APART = 2.0  # chart units between the lines of two divisions with the same count
NARROW_PANEL_H = 90  # a phone's panels: not twice as tall as a desktop's for their width
GAP = 34
LEFT = 34
RIGHT = 12
TOP = 22
HIT_HALF = 22  # at most half the width of a marked moment's press target, in chart units
SWING_SUBJECTS = 3  # this many Test Subjects leaving or entering the lab in one action
SWING_CAKE = 2  # this many Cake Slices leaving the lab (incinerated) in one action
MAX_SWINGS = 8  # the chart marks this many at most, the weightiest: more read as a fence


@dataclass(frozen=True)
class Point:
    """The lab after one turn: `turn` is the index along the chart (0 = the set-up)."""

    turn: int
    cake: tuple[int, ...]
    subjects: tuple[int, ...]


@dataclass(frozen=True)
class Swing:
    """An action that changed the lab a lot, or a card played: where and why it is marked."""

    turn: int  # index along the chart
    step: int  # the action's number (1 = first)
    seat: int
    text: str


def points(states: list[Any]) -> list[Point]:
    """The lab at the set-up and at the end of every turn (plus the final position)."""
    out = [Point(0, states[0].cake_in_lab(), states[0].subjects_in_lab())]
    for k in range(1, len(states)):
        if k == len(states) - 1 or states[k].turn_number != states[k - 1].turn_number:
            out.append(Point(len(out), states[k].cake_in_lab(), states[k].subjects_in_lab()))
    return out


def _leaders(s: Any) -> frozenset[int]:
    cake = s.cake_in_lab()
    top = max(cake)
    return frozenset(i for i, c in enumerate(cake) if c == top) if top else frozenset()


def swing_weight(before: Any, after: Any, text: str) -> int:
    """How much one action swung the game, 0 when not at all. A swing is a card played
    (its Aperture action or the Portal Gun), many Test Subjects gone or come in at once (a
    recycle, the Turret), cake incinerated, or the lead in cake changing hands; its weight
    counts the Test Subjects gone or come in, each Cake Slice incinerated twice, a change
    of lead three times and a card once."""
    ds = sum(abs(a - b) for a, b in zip(before.subjects_in_lab(), after.subjects_in_lab()))
    burnt = sum(after.incinerated(i) - before.incinerated(i) for i in range(after.players))
    card = text.split()[0] in ("play", "gun")
    lead = _leaders(before) != _leaders(after)
    if not (card or lead or ds >= SWING_SUBJECTS or burnt >= SWING_CAKE):
        return 0
    return ds + 2 * burnt + 3 * lead + card


def swings(states: list[Any], actions: list[str]) -> list[Swing]:
    """The actions that swung the game, in order: the weightiest of each turn
    (`swing_weight`), then the MAX_SWINGS weightiest of those (the later first among
    equals, nearer the end that decided it)."""
    weighed: list[tuple[int, Swing]] = []
    turn_index = 1
    for k, text in enumerate(actions, start=1):
        before, after = states[k - 1], states[k]
        if k > 1 and states[k - 1].turn_number != states[k - 2].turn_number:
            turn_index += 1
        seat = before.current_player if before.current_player is not None else before.turn
        weight = swing_weight(before, after, text)
        if weight:
            weighed.append((weight, Swing(turn_index, k, seat, before.describe(text))))
    best: dict[int, tuple[int, Swing]] = {}  # one per turn: they would share a line
    for weight, m in weighed:
        if m.turn not in best or weight >= best[m.turn][0]:
            best[m.turn] = (weight, m)
    kept = sorted(best.values(), key=lambda ws: (-ws[0], -ws[1].step))[:MAX_SWINGS]
    return sorted((m for _, m in kept), key=lambda m: m.step)


# What the action that ended the game did: the pieces that moved, were destroyed, entered
# or left the lab (the engine's events, in their short form; the game's end itself, and a
# recycle or a Turret's shot the action already names, are told elsewhere).
ENDING_EVENTS = frozenset((EventKind.MOVED, EventKind.SUBJECTS_DESTROYED, EventKind.SUBJECTS_IN,
                           EventKind.CAKE_IN, EventKind.CAKE_INCINERATED,
                           EventKind.CAKE_RETURNED))


def ending(states: list[Any], actions: list[str]) -> str | None:
    """The sentence for the action that ended the game and what it did (None while the
    game goes on), e.g. "One of Blue's Test Subjects moves from Test Chamber H to Test
    Chamber M: 1 Blue Test Subject destroyed in M by the Turret". A choice of cake to carry
    finishes a move but says little by itself ("Blue's moving Test Subjects carry no more
    Cake Slices"), so the move it finished is said instead."""
    if not actions or not states[-1].is_over:
        return None
    stays = recycle_cut_short(actions[-1], states[-1])
    said = choice_said(states[-2], actions[-1], states[-1])
    every = states[-1].events
    # A new Character is told when pieces are lost after it, as they may be by its doing
    # (a card put on the pile covers Frankenturret's Cardboard Box, and the Turret, armed
    # again, fires: a play-tester read of the Turret firing with nothing said of why).
    last_loss = max((i for i, e in enumerate(every) if e.kind is EventKind.SUBJECTS_DESTROYED),
                    default=-1)
    events = [e for i, e in enumerate(every) if e.kind in ENDING_EVENTS
              or (e.kind is EventKind.CHARACTER and i < last_loss)]
    moved = [e for e in events if e.kind is EventKind.MOVED]
    if actions[-1].startswith("carry ") and moved:
        said = str(moved[0])
        events.remove(moved[0])
    then = [short(e) for e in events]
    if stays:
        then.append(stays)
    # As the log says it: the choice, a colon, then what it did, separated by commas.
    return said + (": " + ", ".join(then) if then else "")


@dataclass(frozen=True)
class Chart:
    """A game's chart, drawn once: its markup before and after the cursor, and where each
    position of the game falls along it, so moving the cursor redraws nothing else."""

    head: str
    tail: str
    cursor_x: tuple[float, ...]  # cursor_x[k]: the cursor's x at position k of the game
    bottom: float  # where the cursor ends: the lower panel's foot

    def svg(self, upto: int | None = None) -> str:
        """The chart as SVG markup. `upto` (a position in the game) draws a cursor there."""
        if upto is None or len(self.cursor_x) < 2:
            return self.head + self.tail
        cx = self.cursor_x[max(0, min(upto, len(self.cursor_x) - 1))]
        return (f'{self.head}<line class="story-cursor" x1="{cx:.1f}" y1="{TOP - 4}" '
                f'x2="{cx:.1f}" y2="{self.bottom + 2}" stroke="currentColor" '
                f'stroke-width="1.5"/>{self.tail}')


def chart_svg(states: list[Any], actions: list[str], *, upto: int | None = None,
              width: int = WIDTH) -> str:
    """The chart as SVG markup. `upto` (a position in the game) draws a cursor there."""
    return chart(states, actions, width).svg(upto)


def width_for(viewport: float) -> int:
    """The chart's width for a page `viewport` CSS pixels wide: on a phone (600 or less)
    NARROW, whose 12-unit text is drawn at about 11 pixels, where WIDTH's would be 6."""
    return NARROW if viewport <= 600 else WIDTH


def legend_label(name: str) -> str:
    """A player's name as the legend shows it: cut, with an ellipsis, when long."""
    return name if len(name) <= LEGEND_CHARS else name[:LEGEND_CHARS - 1] + "\u2026"


# How wide letters are drawn at 12 units (measured in the page's sans-serif, the widest
# of those the page meets): the widest, the narrowest, and the rest by case.
_WIDE = {"W": 12.0, "@": 12.0, "\u2026": 12.0, "m": 11.7, "%": 11.5, "M": 10.5, "w": 10.0}
_NARROW = {**dict.fromkeys("iljIJ.,:;'|", 3.8), **dict.fromkeys("frt()[]-! ", 4.8)}


def text_width(label: str) -> float:
    """About how wide `label` is drawn at 12 units, by the width of its letters: counted at
    7 units each, a name of W's ran over the next name of the legend (a play-tester)."""
    return sum(_WIDE.get(c) or _NARROW.get(c) or (9.0 if c.isupper() else 7.6)
               for c in label)


def _legend_width(label: str) -> float:
    """The room one legend entry takes: its text and the 30 units of its swatch and the
    gaps beside it."""
    return text_width(label) + 30


def _legend_rows(labels: list[str], room: float) -> list[list[int]]:
    """The seats of the legend in rows that fit `room` (a narrow chart's legend, under it)."""
    rows: list[list[int]] = [[]]
    used = 0.0
    for seat, label in enumerate(labels):
        need = _legend_width(label)
        if rows[-1] and used + need > room:
            rows.append([])
            used = 0.0
        rows[-1].append(seat)
        used += need
    return rows


def chart(states: list[Any], actions: list[str], width: int = WIDTH) -> Chart:
    """The chart of a game, for drawing with its cursor anywhere (`Chart.svg`). A chart
    narrower than WIDTH (a phone's, NARROW) has its legend in rows under it, not above."""
    pts = points(states)
    marks = swings(states, actions)
    players = states[0].players
    n = max(len(pts) - 1, 1)
    inner = width - LEFT - RIGHT
    names = states[0].names
    labels = [legend_label(names[seat]) for seat in range(players)]
    narrow = width < WIDTH
    rows = _legend_rows(labels, inner) if narrow else []
    panel_h = NARROW_PANEL_H if narrow else PANEL_H
    base = TOP + 2 * panel_h + GAP
    axis_y = base + 27  # under the swings' dots (r 5 at base + 8), clear of them
    height = axis_y + 2 + (18 * len(rows) + 5 if rows else 0)  # + 5: the last row's descenders

    def x(i: float) -> float:
        return LEFT + inner * i / n

    # A group, not a picture: its marks are buttons (an image holds no controls).
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="story" viewBox="0 0 {width} '
           f'{height}" role="group" aria-label="Cake Slices and Test Subjects in the lab per '
           f'division, turn by turn; its marks are the moments that swung the game">']
    for label, key, top in (("Cake Slices in the lab", "cake", TOP),
                            ("Test Subjects in the lab", "subjects", TOP + panel_h + GAP)):
        top_value = max([8] + [max(getattr(pt, key)) for pt in pts])

        def y(v: float, top: float = top, top_value: int = top_value) -> float:
            return top + panel_h - panel_h * v / top_value

        out.append(f'<text class="story-title" x="{LEFT}" y="{top - 6}">{label}</text>')
        out.append(f'<rect class="story-frame" x="{LEFT}" y="{top}" width="{inner}" '
                   f'height="{panel_h}" fill="none" stroke="#8888"/>')
        for v in (0, top_value // 2, top_value):
            out.append(f'<text class="story-axis" x="{LEFT - 6}" y="{y(v) + 4:.1f}" '
                       f'text-anchor="end">{v}</text>')
        for seat in range(players):
            # Each division's line a little above or below the others (LINE_APART), so two
            # that run together show both colours side by side: at 0.06 of a count apart,
            # two divisions with no cake drew one line (a play-tester).
            apart = (seat - (players - 1) / 2) * LINE_APART
            path = " ".join(f"{'M' if i == 0 else 'L'}{x(pt.turn):.1f},"
                            f"{y(getattr(pt, key)[seat]) - apart:.1f}"
                            for i, pt in enumerate(pts))
            out.append(f'<path class="story-line d{seat}" d="{path}" fill="none" '
                       f'stroke="{COLOURS[seat]}" stroke-width="2.5" stroke-linejoin="round">'
                       f'<title>{escape(DIVISION_NAMES[seat])}: {escape(label)}</title></path>')
    xs = sorted({x(min(m.turn, n)) for m in marks})
    for m in marks:
        mx = x(min(m.turn, n))
        colour = COLOURS[m.seat] if 0 <= m.seat < 4 else "#888"
        # The whole height of the mark takes a press, not only its dot (a finger's target:
        # the dot is 10 units across, about 9 px on a phone), and as wide as the room to
        # its neighbours allows: a tap between two dots goes to the nearer.
        i = xs.index(mx)
        left = max(mx - HIT_HALF, (xs[i - 1] + mx) / 2) if i else mx - HIT_HALF
        right = min(mx + HIT_HALF, (xs[i + 1] + mx) / 2) if i + 1 < len(xs) else mx + HIT_HALF
        # A keyboard reaches each mark too (ui/app.py presses it with Enter or Space).
        out.append(f'<g class="story-swing" data-step="{m.step}" tabindex="0" role="button" '
                   f'aria-label="Turn {m.turn}, action {m.step}: {escape(m.text)}">'
                   f'<rect class="story-hit" '
                   f'x="{left:.1f}" y="{TOP}" width="{right - left:.1f}" '
                   f'height="{base + 14 - TOP}" fill="transparent"/><line x1="{mx:.1f}" '
                   f'y1="{TOP}" x2="{mx:.1f}" y2="{base}" stroke="{colour}" '
                   f'stroke-dasharray="3 3" opacity="0.7"/><circle cx="{mx:.1f}" cy="{base + 8}" '
                   f'r="5" fill="{colour}"/><title>Action {m.step}: {escape(m.text)}</title></g>')
    head = "".join(out)
    out = []
    if rows:  # under the chart, left-aligned, as many rows as the names need
        for r, row in enumerate(rows):
            lx = float(LEFT)
            ly = axis_y + 18 * (r + 1)
            for seat in row:
                out.append(f'<line x1="{lx:.1f}" y1="{ly - 4}" x2="{lx + 16:.1f}" y2="{ly - 4}" '
                           f'stroke="{COLOURS[seat]}" stroke-width="3"/>')
                out.append(f'<text class="story-legend" x="{lx + 20:.1f}" y="{ly}">'
                           f'{escape(labels[seat])}</text>')
                lx += _legend_width(labels[seat])
    else:
        lx = float(width - RIGHT)
        for seat in reversed(range(players)):  # the legend, right-aligned above the top panel
            out.append(f'<text class="story-legend" x="{lx:.1f}" y="{TOP - 6}" '
                       f'text-anchor="end">{escape(labels[seat])}</text>')
            lx -= text_width(labels[seat]) + 4
            out.append(f'<line x1="{lx - 16:.1f}" y1="{TOP - 10}" x2="{lx:.1f}" '
                       f'y2="{TOP - 10}" stroke="{COLOURS[seat]}" stroke-width="3"/>')
            lx -= 26
    out.append(f'<text class="story-axis" x="{LEFT}" y="{axis_y}">set-up</text>')
    out.append(f'<text class="story-axis" x="{width - RIGHT}" y="{axis_y}" '
               f'text-anchor="end">turn {states[-1].turn_number}</text>')
    out.append("</svg>")
    return Chart(head, "".join(out), tuple(x(min(t, n)) for t in _turn_indexes(states)), base)


def _turn_indexes(states: list[Any]) -> list[int]:
    """Where each position of the game falls along the chart: a new index at the first
    action and whenever the turn changes."""
    out = [0]
    for j in range(1, len(states)):
        out.append(out[-1] + (j == 1 or states[j - 1].turn_number != states[j - 2].turn_number))
    return out
