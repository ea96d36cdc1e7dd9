"""The replay dialog: any game, any moment, with its move list and its story chart.

It draws a second lab (`#rv-lab`, the board's own code) at the position chosen, outlines
the chambers the action shown changed, lists every action grouped by turn (a click jumps
there), and steps with first / previous / next / last or the arrow keys (Home and End too).
"Continue from here" hands the record cut at that moment to the page, which starts it as a
new game; the original is left as it was. Everything shown comes from the engine's states
(`replay.Replay`); nothing is read back from the page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import document, window

from . import dialogs, drawing, edges, labels, speech, story
from .board import Board
from .dom import by_id, found, js_object, markup, nothing_focused
from .labels import who_won
from .record import Record
from .replay import Replay


def full_stop(text: str) -> str:
    """`text` as a sentence that ends: a screen reader pauses at a full stop, and ran the
    replay's parts together without one ("... (of 519) The lab as the game began")."""
    text = text.rstrip()
    return text if text.endswith((".", "!", "?", ":")) else text + "."


def _resting_place(moves: Any, pos: int, middle: float) -> float:
    """Where the move list scrolls to show action `pos` about its middle (`middle`): the
    first place at or below `middle` where an action begins right under its turn's sticky
    heading, so no line is left half under it. (The list's CSS snapping does the same for
    a scroll by hand, but not always for a scroll set from here: the replay opened with a
    heading cut in half.)"""
    if middle <= 0:
        return 0.0
    head = moves.querySelector(".rv-turn-head")
    lift = float(head.offsetHeight) if found(head) else 0.0
    k = pos
    while k > 1:  # a dozen lines at most: the list is about 25 lines tall
        el = moves.querySelector(f'.rv-move[data-step="{k - 1}"]')
        if not found(el) or float(el.offsetTop) - lift < middle:
            break
        k -= 1
    el = moves.querySelector(f'.rv-move[data-step="{k}"]')
    return max(0.0, float(el.offsetTop) - lift) if found(el) else middle


def clicked_step(event: Any, selector: str = "[data-step]") -> int | None:
    """The action number (`data-step`) of the element matching `selector` that a click
    landed in: a move in the list, a mark on the chart, an entry of the page's log."""
    target = event.target
    if not found(target) or not hasattr(target, "closest"):
        return None
    el = target.closest(selector)
    if not found(el):
        return None
    step = str(el.getAttribute("data-step") or "")
    return int(step) if step.isdigit() else None


class ReviewDialog:
    """`<dialog id="review">`: a Replay on screen."""

    def __init__(self, on: Callable[[Any, str, Any], None],
                 on_continue: Callable[[Record, str], None],
                 on_share: Callable[[Record, bool], None],
                 on_step: Callable[[], None] | None = None,
                 replaced: Callable[[], str] | None = None,
                 on_close: Callable[[], None] | None = None) -> None:
        self.dialog = by_id("review")
        # What Continue from here would replace, in words ("the game in progress on the page
        # (Ann and Bo, at turn 12)"), or "" when there is no game on the page.
        self.replaced = replaced
        self.board = Board(by_id("rv-lab"), by_id("rv-chambers"), ids="rv-")
        self.replay: Replay | None = None
        self.source = ""  # 'game' (this browser's game) or 'link' (a shared link)
        self.on_continue = on_continue
        self.on_share = on_share
        self.on_step = on_step  # the page counts a redraw (tests wait for it)
        self.shown_pos = -1  # -1 until the replay's first draw
        self.chart: story.Chart | None = None  # the replay's chart, drawn once per replay
        on("rv-first", "click", lambda e: self.step("first"))
        on("rv-prev", "click", lambda e: self.step("prev"))
        on("rv-next", "click", lambda e: self.step("next"))
        on("rv-last", "click", lambda e: self.step("last"))
        on("rv-close", "click", lambda e: self.close())
        if on_close is not None:  # however it closes: Close, Escape, Continue
            on(self.dialog, "close", lambda e: on_close())
        on("rv-continue", "click", lambda e: self._continue_asked())
        on("rv-confirm-yes", "click", lambda e: self._continue())
        on("rv-confirm-no", "click", lambda e: self._confirm(False))
        on("rv-share", "click", lambda e: self._share())
        on("rv-moves", "click", self._on_move_click)
        on("rv-chart", "click", self._on_move_click)
        on("rv-events", "scroll", lambda e: self._more_events())
        # On the document, not the dialog: a button that turns disabled (Next at the end)
        # drops the focus to the page's body, and the arrows must still work.
        on(document, "keydown", self._on_key)

    # ---- opening -------------------------------------------------------------------------
    def open(self, replay: Replay, source: str, at: int | None = None) -> None:
        """Show `replay` (at position `at`, by default its last) in the dialog."""
        self.replay = replay
        self.source = source
        self.shown_pos = -1
        self.chart = None
        by_id("rv-title").textContent = ("Replay of a shared game" if source == "link"
                                         else "Replay of this game")
        by_id("rv-share").hidden = source == "link"
        by_id("rv-moves").innerHTML = self._moves_markup(replay)
        replay.go(replay.length if at is None else at)
        dialogs.open_modal("review")
        self.draw()
        by_id("rv-next").focus()

    def close(self) -> None:
        if self.dialog.open:
            self.dialog.close()

    @property
    def is_open(self) -> bool:
        return bool(self.dialog.open)

    # ---- moving --------------------------------------------------------------------------
    def step(self, where: str | int) -> None:
        r = self.replay
        if r is None:
            return
        if where == "first":
            r.first()
        elif where == "prev":
            r.prev()
        elif where == "next":
            r.next()
        elif where == "last":
            r.last()
        elif where == "prev-turn":
            r.prev_turn()
        elif where == "next-turn":
            r.next_turn()
        else:
            r.go(int(where))
        self.draw()

    def _on_key(self, event: Any) -> None:
        if not self.is_open:
            return
        tag = str(getattr(event.target, "tagName", "") or "").lower()
        if tag in ("input", "select", "textarea") or event.ctrlKey or event.metaKey \
                or event.altKey:
            return
        moves = {"ArrowLeft": "prev", "ArrowRight": "next", "ArrowUp": "prev-turn",
                 "PageUp": "prev-turn", "ArrowDown": "next-turn", "PageDown": "next-turn",
                 "Home": "first", "End": "last"}
        key = event.key
        if key in ("ArrowUp", "ArrowDown") and found(event.target) \
                and bool(by_id("rv-moves").contains(event.target)):
            # In the move list, up and down go a row at a time, as in any list (a keyboard
            # play-tester's down skipped to the next turn's first move); Page Up and Page
            # Down still go a turn at a time.
            key = "ArrowLeft" if key == "ArrowUp" else "ArrowRight"
        if key in moves:
            event.preventDefault()
            self.step(moves[key])
        elif key in ("r", "R") and self.replay is not None:
            # The lab is a picture to a screen reader: R reads it whole, chamber by chamber
            # (a keyboard play-tester heard only the counts and what each action did).
            s = self.replay.state
            by_id("rv-announce").textContent = speech.lab_reading(
                s.chambers(), s.names, labels.DIVISION_NAMES)

    def _on_move_click(self, event: Any) -> None:
        step = clicked_step(event)
        if step is not None:
            self.step(step)
            self._bring_the_lab_back()

    def _bring_the_lab_back(self) -> None:
        """After a jump from the move list, where it lies under the lab (a phone), scroll the
        dialog back up to the moment shown: its sentence under the sticky steps, then the
        lab (the player was left looking at the list, the lab above the screen)."""
        said = by_id("rv-said").getBoundingClientRect()
        steps = self.dialog.querySelector(".rv-controls").getBoundingClientRect()
        lab = by_id("rv-lab").getBoundingClientRect()
        if float(lab.bottom) > float(steps.bottom) + float(lab.height) / 2:
            return  # most of the lab is in view already (a desktop's list is beside it)
        self.dialog.scrollTop = max(0.0, float(self.dialog.scrollTop)
                                    + float(said.top) - float(steps.bottom) - 4)

    def _continue_asked(self) -> None:
        """Continue from here: at once when there is no game on the page; over one, in
        progress or finished, only once the player confirms (a stray Enter on the focused
        button once replaced one)."""
        what = self.replaced() if self.replaced is not None else ""
        if what:
            by_id("rv-confirm-text").textContent = (
                f"This replaces {what} with a new one from this moment. That game is kept "
                "aside in this browser's storage.")
            self._confirm(True)
        else:
            self._continue()

    def _confirm(self, shown: bool) -> None:
        """Show or hide the question; the focus goes to Cancel, or back to Continue."""
        box = by_id("rv-confirm")
        was = not box.hidden
        box.hidden = not shown
        if shown:
            by_id("rv-confirm-no").focus()
        elif was and self.is_open:
            by_id("rv-continue").focus()

    def _continue(self) -> None:
        if self.replay is not None:
            rec = self.replay.continue_record()
            by_id("rv-confirm").hidden = True
            self.close()
            self.on_continue(rec, self.source)

    def _share(self) -> None:
        if self.replay is not None:
            self.on_share(self.replay.record, not self.replay.states[-1].is_over)

    @staticmethod
    def _more_events() -> None:
        """Mark the list of what the action did `data-more` while some of it lies below
        its four lines (css/game.css says "more" there): an ending's last lines, who won
        among them, were out of sight with nothing to say so (a play-tester)."""
        box = by_id("rv-events")
        below = float(box.scrollHeight) - float(box.scrollTop) - float(box.clientHeight)
        box.toggleAttribute("data-more", below > 1)

    # ---- drawing -------------------------------------------------------------------------
    def draw(self) -> None:
        r = self.replay
        if r is None:
            return
        s = r.state
        changed = r.changed()
        self.board.render(s, {}, dim=False, last=changed, source=None, describe=None)
        # At the set-up, where the Test Subjects start (the window showed the old edge's
        # end, and the sentence named chambers out of view).
        # Opened at an action that changed no chamber (a card deployed, a deploy step
        # ended: a log entry naming none), as much of the lab as the window holds: it
        # opened at the far left, on the top row alone late in a game (a play-tester).
        places = changed if r.pos else frozenset(
            c.letter for c in s.chambers() if any(c.subjects))
        if not places and self.shown_pos < 0:  # the replay's first draw
            places = frozenset(c.letter for c in s.chambers())
        self._show_changed(places)
        step = r.current_step()
        names = s.names
        where = r.where()
        said = "The lab as the game began." if step is None else step.sentence
        if step is None and self.source == "link":
            said += " " + r.stands()
        events = r.news()
        # The last action shows who won after it; a screen reader hears that in the events'
        # words, last, after the losses that ended the game (it heard it first, then again).
        shown = said
        if s.is_over and r.pos == r.length:
            shown += f". Game over: {who_won(s.outcome, names)}."
        by_id("rv-where").textContent = where
        by_id("rv-said").textContent = shown
        by_id("rv-events").innerHTML = "".join(markup("li", e) for e in events)
        by_id("rv-events").scrollTop = 0
        self._more_events()
        # A screen reader hears the step whole (it heard only "Action 603 of 604, turn 53":
        # what was done was on screen, out of its reach while stepping); the set-up's long
        # list of where each division stands is left to be read on the page.
        heard = [where, said] + (events if r.pos else [])
        by_id("rv-announce").textContent = " ".join(full_stop(part) for part in heard)
        by_id("rv-counts").innerHTML = self._counts_markup(s)
        by_id("rv-confirm").hidden = True  # a question about another moment
        for el_id, off in (("rv-first", r.pos == 0), ("rv-prev", r.pos == 0),
                           ("rv-next", r.pos == r.length), ("rv-last", r.pos == r.length)):
            by_id(el_id).disabled = off
        # A finished game's last moment has nothing to go on from.
        cont = by_id("rv-continue")
        cont.disabled = s.is_over
        cont.title = ("The game ends here: there is nothing to continue" if s.is_over
                      else "Start a new game from this moment; the original game is kept")
        # A step that disabled the focused button (Next at the end, Previous at the start)
        # would drop the focus to the page, where Tab lands past the steps: keep it on the
        # way back instead.
        if self.is_open and (nothing_focused()
                             or bool(getattr(document.activeElement, "disabled", False))):
            by_id("rv-prev" if r.pos == r.length and r.pos > 0 else "rv-next").focus()
        # The chart before the list's scroll: drawn first at opening, it can change the
        # dialog's scroll bar, so the list's width, so where its lines fall.
        if self.chart is None:
            self.chart = story.chart(r.states, r.record.actions,
                                     story.width_for(float(window.innerWidth)))
        chart = by_id("rv-chart")
        focused = document.activeElement
        swing = (str(focused.getAttribute("data-step") or "")
                 if found(focused) and chart.contains(focused) else "")
        chart.innerHTML = self.chart.svg(r.pos)
        if swing:  # a mark pressed from the keyboard keeps the focus, drawn anew
            again = chart.querySelector(f'.story-swing[data-step="{swing}"]')
            if found(again):
                again.focus()
        moves = by_id("rv-moves")
        was_in = found(document.activeElement) and bool(moves.contains(document.activeElement))
        old = moves.querySelector(".current")
        if found(old):
            old.classList.remove("current")
            old.removeAttribute("aria-current")
        # One stop for Tab in the list, the moment shown (a long game's hundreds of actions,
        # each a stop, trapped the Tab key), and the focus follows the steps there (it
        # stayed on the action it was on: a keyboard play-tester).
        rover = moves.querySelector('[tabindex="0"]')
        if found(rover):
            rover.setAttribute("tabindex", "-1")
        now = (moves.querySelector(f'.rv-move[data-step="{r.pos}"]') if r.pos
               else moves.querySelector("button"))
        if found(now):
            now.setAttribute("tabindex", "0")
            if was_in:
                now.focus(js_object({"preventScroll": True}))
        if r.pos == 0:
            moves.scrollTop = 0  # the set-up: the list from its first turn
        else:
            if found(now):
                now.classList.add("current")
                now.setAttribute("aria-current", "step")
                # Scroll the list only (scrollIntoView would scroll the dialog too).
                middle = now.offsetTop - moves.clientHeight / 2 + now.offsetHeight / 2
                moves.scrollTop = _resting_place(moves, r.pos, float(middle))
        self.shown_pos = r.pos
        by_id("review").setAttribute("data-pos", str(r.pos))
        if self.on_step is not None:
            self.on_step()

    def _show_changed(self, letters: frozenset[str]) -> None:
        """Where the lab is wider than its window (a phone), pan it to `letters`, the
        chambers the action shown changed: it opened at its left end, on a band that could
        hold none.
        Their places come from the board (where each is going, even while it slides
        there), not from the page, which still shows the slide's first frame."""
        wrap = self.dialog.querySelector(".rv-lab-wrap")
        box = self.board.view_box()
        if not letters or not found(wrap) or box is None:
            return
        width = float(wrap.scrollWidth)
        if width <= float(wrap.clientWidth) + 1:
            return
        per = width / box[2]  # px per unit of the board's drawing
        half = drawing.W / 2 * per
        xs = [(spot[0] - box[0]) * per for spot in map(self.board.spot, letters)
              if spot is not None]
        # All of them in view if they fit; else as many as fit (chambers far apart, the
        # window centred between them showed none: a game's last action at B and D).
        left = edges.best_start([(x - half, x + half) for x in xs],
                                float(wrap.scrollLeft), float(wrap.clientWidth), width)
        if left is not None:
            wrap.scrollLeft = left

    @staticmethod
    def _counts_markup(s: Any) -> str:
        """Each division's counts at this moment, as a small table."""
        lab_s, lab_c = s.subjects_in_lab(), s.cake_in_lab()
        rows = [markup("tr", None, inner="".join(markup("th", t) for t in (
            "Division", "Subjects in lab", "Cake in lab", "Burnt", "Cards")))]
        for seat in range(s.players):
            who = (markup("span", None, f"chip d{seat} shape{seat}")
                   + markup("span", s.names[seat]))
            current = " acting" if s.current_player == seat else ""
            rows.append(markup("tr", None, f"rv-row{current}", inner="".join([
                markup("td", None, inner=who), markup("td", str(lab_s[seat])),
                markup("td", str(lab_c[seat])), markup("td", str(s.incinerated(seat))),
                markup("td", str(s.hand_size(seat)))])))
        return "".join(rows)

    @staticmethod
    def _moves_markup(r: Replay) -> str:
        """The move list, grouped by turn, as one string of escaped markup."""
        names = r.states[0].names
        out = []
        for turn in r.turns():
            seat = turn.seat
            # The head jumps to the board as the turn began (before its first action).
            head = markup("button", None, "rv-turn-jump", type="button", tabindex="-1",
                          data_step=str(turn.steps[0].number - 1),
                          title=f"The lab as turn {turn.number} began",
                          inner=markup("span", None, f"chip d{seat} shape{seat}")
                          + markup("span", f"Turn {turn.number}: {names[seat]}"))
            items = "".join(
                markup("li", None, inner=markup(
                    "button", f"{step.number}. {step.sentence}", "rv-move", type="button",
                    tabindex="-1", data_step=str(step.number), title=step.action))
                for step in turn.steps)
            out.append(markup("li", None, "rv-turn", inner=markup("p", None, "rv-turn-head",
                                                                     inner=head)
                              + markup("ol", None, "rv-steps", inner=items)))
        if not out:
            out.append(markup("li", "No actions yet: the game is at its set-up.", "muted"))
        return "".join(out)

