"""The SVG lab, drawn from the engine's state only, patched in place.

Each panel has one `<g class="chamber">` made once; a redraw moves it (a CSS transform, so
recycling slides), sets its classes and target attributes, and rebuilds its contents only
when what they show changed. The board never decides anything: the page tells it which
chambers are targets and which action each one applies.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import drawing
from .animate import fly
from .dom import esc, found, svg

HEX_POINTS = "0.0,-55.5 48.1,-27.8 48.1,27.8 0.0,55.5 -48.1,27.8 -48.1,-27.8"
OLD_EDGE = "0,-55.5 48.1,-27.8 48.1,27.8 0,55.5"
NEW_EDGE = "0,-55.5 -48.1,-27.8 -48.1,27.8 0,55.5"


def _title(c: Any, names: Any, disarmed: bool, note: str) -> str:
    """A chamber's description: what it holds (`drawing.chamber_title`), then what was lost
    there since the player's last turn, if anything."""
    title = drawing.chamber_title(c, names, disarmed)
    return f"{title}. {note}" if note else title


@dataclass
class Mark:
    """How one chamber takes part in the decision now."""

    mode: str  # 'target' (applies `action`), 'multi' (opens a choice), 'selected', 'second'
    action: str | None = None
    label: str = ""


class _Chamber:
    """One chamber's elements and what they now show (so a redraw touches only changes)."""

    __slots__ = ("g", "style", "content", "sig", "cls", "pos", "attrs", "title", "at",
                 "set_attrs", "transition", "title_key", "hex")

    def __init__(self) -> None:
        self.g: Any = None
        self.style: Any = None  # kept: each `g.style` from Python is one more bridge call
        self.content: Any = None
        self.title: Any = None
        self.hex: Any = None
        self.transition = ""
        self.sig: tuple | None = None
        self.title_key: tuple | None = None
        self.cls = ""
        self.pos = ""
        self.attrs: tuple | None = None  # None: never set, so the first redraw names it
        self.at: tuple[int, int] | None = None
        self.set_attrs: dict[tuple[bool, str], str] = {}  # (on the hexagon?, name) -> value

    def bind(self, g: Any, content: Any, title: Any, hexagon: Any) -> None:
        """The elements drawn for this chamber."""
        self.g, self.style, self.content, self.title, self.hex = (
            g, g.style, content, title, hexagon)


class Board:
    """The chambers of the lab inside `<svg id="lab">`."""

    def __init__(self, svg_root: Any, layer: Any, ids: str = "") -> None:
        self.root = svg_root
        self.layer = layer
        # Before each chamber's ids ("ch-K", "t-K"): the replay's second lab has its own,
        # or its hexagons would be described by the game's titles.
        self.ids = ids
        self.views: dict[str, _Chamber] = {}
        self.box = ""
        self.dimming = False  # the layer's "dimming" class: chambers that are no choice fade
        self.positions: dict[tuple[int, int], str] = {}  # (row, x) -> CSS transform
        self.flashing: frozenset[str] = frozenset()  # chambers of the log entry pointed at
        self.ghost_layer: Any = None
        self.loss_layer: Any = None
        self.loss_key: tuple = ()
        self.arrow_layer: Any = None
        self.arrow_key: tuple = ()
        self.ghost_key: tuple = ()
        # The state the targets' sentences were worked out for, and a count of such states:
        # a sentence depends on the whole state (names, rows, a Turret placed since), not on
        # the action's text alone, which the next game or turn may offer again ("Learner
        # picks ... (middle row)" was read in the next game, where G was in the top row).
        self.described: Any = None
        self.described_no = 0

    def flash(self, letters: str) -> None:
        """Light up the chambers of a log entry (a hover or a tap), or none."""
        want = frozenset(letters)
        for letter in self.flashing | want:
            view = self.views.get(letter)
            if view is None:
                continue
            on = letter in want
            if on != (" flash" in view.cls):
                view.cls = view.cls + " flash" if on else view.cls.replace(" flash", "")
                view.g.setAttribute("class", view.cls)
        self.flashing = want

    def element(self, letter: str) -> Any:
        """The chamber's `<g>`, or None if it was never drawn; "ghost:<action>" names the
        landing place drawn for that action."""
        if letter.startswith("ghost:"):
            if self.ghost_layer is None:
                return None
            el = self.ghost_layer.querySelector(f'[data-action="{esc(letter[6:])}"]')
            return el if found(el) else None
        view = self.views.get(letter)
        return view.g if view is not None and "gone" not in view.cls else None

    def spot(self, name: str) -> tuple[float, float] | None:
        """Where a chamber (or "ghost:<action>", a landing place) is drawn now: its centre
        in SVG units, from the positions the board set (the place it is going to, even
        while it slides there), so the lab's window needs no layout read to find it."""
        if name.startswith("ghost:"):
            for action, row, x, _label in self.ghost_key:
                if action == name[6:]:
                    return drawing.centre(row, x)
            return None
        view = self.views.get(name)
        if view is None or view.at is None or "gone" in view.cls:
            return None
        x, row = view.at
        return drawing.centre(row, x)

    def letters(self) -> tuple[str, ...]:
        """The chambers drawn in the lab now (their letters)."""
        return tuple(name for name, view in self.views.items()
                     if view.at is not None and "gone" not in view.cls)

    def view_box(self) -> tuple[float, float, float, float] | None:
        """The SVG's viewBox as numbers (left, top, width, height), or None before the
        first redraw."""
        parts = self.box.split()
        return (float(parts[0]), float(parts[1]), float(parts[2]), float(parts[3])) \
            if len(parts) == 4 else None

    def _markup(self, c: Any, content: str, title: str, pos: str, cls: str,
                mark: Mark | None, picked: bool) -> tuple[str, dict[tuple[bool, str], str]]:
        """A chamber the lab has not shown yet, whole, as markup (the redraw after a new
        game writes all of them in one DOM call): its group, the <title> describing it, the
        hexagon, the edge lines and its contents, with its classes, place and target
        attributes already set. Also the target attributes, as `_set_target` keeps them."""
        letter = c.letter
        want = self._target_attrs(mark, letter, picked)
        on_g = "".join(f' {name}="{esc(value)}"' for (on_hex, name), value in want.items()
                       if not on_hex)
        on_hex = "".join(f' {name}="{esc(value)}"' for (on_hex, name), value in want.items()
                         if on_hex)
        # The hexagon is what keys reach: a button named "Chamber K" and what choosing it
        # does, described by the <title> (the contents). It holds no text itself, so its
        # name never contradicts the letter and numbers drawn beside it. The drawn letter
        # and numbers are said in words by the name and the <title>.
        ids = self.ids
        return (f'<g class="{cls}" id="{ids}ch-{letter}" data-letter="{letter}" '
                f'data-chamber="{letter}" style="transform: {pos}"{on_g}>'
                f'<title id="{ids}t-{letter}">{esc(title)}</title>'
                f'<polygon class="hex" points="{HEX_POINTS}" aria-describedby="{ids}t-{letter}"'
                f'{on_hex}/>'
                f'<polyline class="edge edge-new" points="{NEW_EDGE}"/>'
                f'<polyline class="edge edge-old" points="{OLD_EDGE}"/>'
                f'<g class="content" aria-hidden="true">{content}</g></g>'), want

    def _add(self, made: list[tuple[str, str, dict]]) -> None:
        """Write the new chambers' markup at the end of the layer, and keep their elements:
        (letter, markup, target attributes) each, their views already filled in."""
        before = self.layer.lastElementChild
        self.layer.insertAdjacentHTML("beforeend", "".join(m[1] for m in made))
        g = before.nextElementSibling if found(before) else self.layer.firstElementChild
        for letter, _markup, want in made:
            view = self.views[letter]
            title = g.firstElementChild
            view.bind(g, g.lastElementChild, title, title.nextElementSibling)
            view.set_attrs = want
            g = g.nextElementSibling

    def render(self, state: Any, marks: dict[str, Mark], dim: bool,
               last: frozenset[str] = frozenset(), source: str | None = None,
               describe: Any = None, ghosts: tuple = (),
               changed: frozenset[str] = frozenset(),
               losses: dict[str, int] | None = None,
               loss_notes: dict[str, str] | None = None,
               arrows: list[tuple[str, str, int, int]] | None = None) -> None:
        """Bring the picture up to `state`; `marks` says which chambers are targets, `last`
        which ones the last action named (a quiet outline, so the table sees what happened),
        `ghosts` the places a recycled chamber may land: (action, row, x, label) each;
        `losses` the pieces lost per chamber since the player's last turn (a badge), and
        `loss_notes` whose they were (told in the chamber's description)."""
        chambers = state.chambers()
        notes = loss_notes or {}
        if state is not self.described:
            self.described = state
            self.described_no += 1
        box = drawing.view_box(chambers, [g[2] for g in ghosts])
        if box != self.box:
            self.root.setAttribute("viewBox", box)
            # The lab's width in SVG units: CSS sizes the SVG from it at a readable scale
            # (css/game.css, "the lab"), so no layout is read here.
            parts = box.split()
            self.root.style.setProperty("--lab-w", parts[2])
            self.root.style.setProperty("--lab-h", parts[3])
            self.box = box
        if dim != self.dimming:
            # One class on the layer, not one per chamber: CSS fades every chamber that is
            # not a choice, the selection or the moving group's source.
            self.layer.setAttribute("class", "dimming" if dim else "")
            self.dimming = dim
        players = state.players
        names = state.names
        rule = state.rule
        disarmed = rule is not None and getattr(rule, "value", "") == "turret_disarmed"
        portal_no = 0
        # Placing the Portals anew (the Portal Gun): the first token is drawn where it went,
        # and the old pair, which both move, no more (the first had shown only as an
        # outline, next to the old pair still drawn: a play-tester).
        first = state.pending.get("first") if state.decision == "portal" else None
        present = set()
        shown: list[tuple[Any, int | None]] = []  # each chamber and its Portal's number
        made: list[tuple[str, str, dict]] = []  # chambers drawn for the first time
        for c in chambers:
            present.add(c.letter)
            portal = None
            if first is not None:
                portal = 0 if c.letter == first else None
            elif c.portal:
                portal = portal_no
                portal_no += 1
            shown.append((c, portal))
            sig = drawing.signature(c, portal, players, disarmed)
            note = notes.get(c.letter, "")
            # The description names the edges too, and what was lost there (the badge).
            title_key = (sig, c.new_edge, c.old_edge, note)
            pos = self.positions.get((c.row, c.x))
            if pos is None:
                cx, cy = drawing.centre(c.row, c.x)
                pos = self.positions[(c.row, c.x)] = f"translate({cx:.1f}px, {cy:.1f}px)"
            mark = marks.get(c.letter)
            cls = "chamber"
            if c.new_edge:
                cls += " new-edge"
            if c.old_edge:
                cls += " old-edge"
            if mark is not None:
                cls += f" {mark.mode}"
            if c.letter == source:
                cls += " source"
            elif c.letter in last:
                cls += " last"
            if c.letter in changed:
                cls += " changed"
            if c.letter in self.flashing:
                cls += " flash"
            picked = c.letter == source
            attrs = ((mark.mode, mark.action, mark.label, self.described_no) if mark
                     else ("picked",) if picked else ())
            view = self.views.get(c.letter)
            if view is None or attrs != view.attrs:
                if mark is not None and mark.action and not mark.label and describe is not None:
                    # The sentence for screen readers, worked out only when the target changed.
                    mark.label = describe(mark.action)
            if view is None:
                view = self.views[c.letter] = _Chamber()
                view.sig, view.title_key, view.pos, view.at = sig, title_key, pos, (c.x, c.row)
                view.cls, view.attrs = cls, attrs
                markup, want = self._markup(
                    c, drawing.chamber_markup(c, portal, players, disarmed),
                    _title(c, names, disarmed and c.turret, note), pos, cls, mark, picked)
                made.append((c.letter, markup, want))
                continue
            if sig != view.sig:
                view.content.innerHTML = drawing.chamber_markup(c, portal, players, disarmed)
                view.sig = sig
            if title_key != view.title_key:
                # Rebuilt when a recycle moves the edges, too.
                view.title.textContent = _title(c, names, disarmed and c.turret, note)
                view.title_key = title_key
            if pos != view.pos:
                # A recycled chamber travels from the old edge to its new place, above the
                # others and slower; ordinary moves (a row shifting) slide (CSS). The flight
                # is a Web Animation: a CSS transition never runs on an element just moved
                # in the DOM, and the chamber is moved to be drawn on top.
                jump = view.at is not None and (abs(view.at[0] - c.x) > 3 or view.at[1] != c.row)
                transition = "none" if jump else ""
                if jump:
                    self.layer.append(view.g)  # drawn last: on top while it travels
                    cls += " travel"
                    fly(view.g, view.pos, pos)
                if transition != view.transition:
                    view.style.transition = transition
                    view.transition = transition
                view.style.transform = pos
                view.pos = pos
                view.at = (c.x, c.row)
            if cls != view.cls:
                view.g.setAttribute("class", cls)
                view.cls = cls
            if attrs != view.attrs:
                self._set_target(view, mark, c.letter, picked)
                view.attrs = attrs
        if made:
            self._add(made)
        self._ghosts(ghosts, describe)
        spots = {c.letter: (c.row, c.x) for c in chambers}
        drawn: list[drawing.Box] = []
        if losses or arrows:  # what the badges and arrows keep off
            for c, portal in shown:
                cx, cy = drawing.centre(c.row, c.x)
                drawn.extend((x0 + cx, y0 + cy, x1 + cx, y1 + cy) for x0, y0, x1, y1
                             in drawing.content_boxes(c, portal, players))
        self._losses(losses or {}, spots, drawn)
        self._arrows(arrows or [], spots, drawn)
        for letter, view in self.views.items():
            hidden = letter not in present
            if hidden and "gone" not in view.cls:
                view.cls = "chamber gone"
                view.g.setAttribute("class", view.cls)
                self._set_target(view, None, letter)
                view.attrs = ()

    def _ghosts(self, ghosts: tuple, describe: Any) -> None:
        """Dashed hexagons where the recycled chamber may go; each applies its row's action."""
        if ghosts == self.ghost_key:
            return
        self.ghost_key = ghosts
        if self.ghost_layer is None:
            self.ghost_layer = svg("g", "ghosts")
            self.layer.append(self.ghost_layer)
        out = []
        for action, row, x, label in ghosts:
            cx, cy = drawing.centre(row, x)
            said = esc(describe(action) if describe is not None else label)
            out.append(f'<g class="ghost" transform="translate({cx:.1f} {cy:.1f})" '
                       f'data-action="{esc(action)}" tabindex="0" role="button" '
                       f'aria-label="{said}"><title>{said}</title>'
                       f'<polygon class="hex" points="{HEX_POINTS}"/>'
                       f'{_ghost_label(label)}</g>')
        self.ghost_layer.innerHTML = "".join(out)

    def _losses(self, losses: dict[str, int], at: dict[str, tuple[int, int]],
                drawn: list[drawing.Box]) -> None:
        """A red "−n" badge on each chamber where pieces were lost since the player's last
        turn (where the chamber is now: a recycled one carries it to its new place), at the
        first of its places that covers nothing drawn in the lab (`drawing.loss_spot`). The
        chamber's own description says whose pieces they were (the badge lets the pointer
        through to the chamber)."""
        key = tuple(sorted((k, v, at.get(k)) for k, v in losses.items()))
        if (key, tuple(drawn)) == self.loss_key:
            return
        self.loss_key = (key, tuple(drawn))
        taken = list(drawn)
        if self.loss_layer is None:
            self.loss_layer = svg("g", "losses")
            self.root.append(self.loss_layer)
        out = []
        for letter, count, spot in key:
            if spot is None:
                continue
            x, y = drawing.loss_spot(spot, taken)
            r = drawing.LOSS_R
            taken.append((x - r, y - r, x + r, y + r))
            view = self.views.get(letter)
            # A chamber in flight to its new place (a recycle): its badge shows there once
            # it has landed, not over the empty place before it (css: .loss.arrives).
            cls = "loss arrives" if view is not None and " travel" in view.cls else "loss"
            out.append(f'<g class="{cls}" data-loss="{letter}" '
                       f'transform="translate({x:.1f} {y:.1f})">'
                       f'<circle r="{r:g}"/><text y="5">−{count}</text></g>')
        self.loss_layer.innerHTML = "".join(out)

    def _arrows(self, arrows: list[tuple[str, str, int, int]],
                at: dict[str, tuple[int, int]], drawn: list[drawing.Box]) -> None:
        """An arrow in the mover's colour for each move of Test Subjects since the player's
        last turn, from the chamber they left to the one they entered (where both are now);
        dashed when the two are not neighbours (a move through the Portals)."""
        key = tuple((a, b, seat, n, at.get(a), at.get(b)) for a, b, seat, n in arrows)
        if (key, tuple(drawn)) == self.arrow_key:
            return
        self.arrow_key = (key, tuple(drawn))
        if self.arrow_layer is None:
            self.arrow_layer = svg("g", "arrows", aria_hidden="true")
            self.root.insertBefore(self.arrow_layer, self.loss_layer)
        out = []
        for a, b, seat, n, spot_a, spot_b in key:
            if spot_a is None or spot_b is None or a == b:
                continue
            out.append(drawing.arrow_markup(a, b, seat, n, spot_a, spot_b, drawn))
        self.arrow_layer.innerHTML = "".join(out)

    @staticmethod
    def _target_attrs(mark: Mark | None, letter: str,
                      picked: bool = False) -> dict[tuple[bool, str], str]:
        """The attributes for `mark`: `(False, name)` on the chamber's group (what a click
        does), `(True, name)` on its hexagon (what keys and screen readers reach). Every
        hexagon is a button named "Chamber K" and what choosing it does; one that is no
        choice now is disabled and out of the Tab order, the arrow keys still reach it.
        The chamber a move was `picked` from says so (it read "Chamber C" alone, as any
        other: a keyboard play-tester)."""
        out: dict[tuple[bool, str], str] = {(True, "role"): "button"}
        if mark is None:
            out[(True, "tabindex")] = "-1"
            out[(True, "aria-disabled")] = "true"
            out[(True, "aria-label")] = (f"Chamber {letter}: picked, the Test Subjects move "
                                         "from here" if picked else f"Chamber {letter}")
            return out
        if mark.mode in ("target", "second") and mark.action:
            out[(False, "data-action")] = mark.action
        elif mark.mode == "multi":
            out[(False, "data-continue")] = ""
            out[(False, "data-select")] = letter
        out[(True, "tabindex")] = "0"
        out[(True, "aria-label")] = (f"Chamber {letter}: {mark.label}" if mark.label
                                     else f"Chamber {letter}")
        return out

    def _set_target(self, view: _Chamber, mark: Mark | None, letter: str,
                    picked: bool = False) -> None:
        """Set only the attributes that differ from what the elements carry (DOM calls from
        Python cost more than the comparison)."""
        want = self._target_attrs(mark, letter, picked)
        have = view.set_attrs
        for key in have:
            if key not in want:
                (view.hex if key[0] else view.g).removeAttribute(key[1])
        for key, value in want.items():
            if have.get(key) != value:
                (view.hex if key[0] else view.g).setAttribute(key[1], value)
        view.set_attrs = want


def _ghost_label(label: str) -> str:
    """A ghost hexagon's row name, on two lines ("Middle" over "row"): on one line "Middle row"
    and "Bottom row" ran past the hexagon's sides."""
    words = label.split(" ", 1)
    if len(words) < 2:
        return f'<text y="5">{esc(label)}</text>'
    # The space between the lines keeps the name whole for assistive technology ("Middle
    # row", within the ghost's label): axe checks the label holds the visible text.
    return (f'<text><tspan x="0" y="-4">{esc(words[0])}</tspan> '
            f'<tspan x="0" y="15">{esc(words[1])}</tspan></text>')
