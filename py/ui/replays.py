"""Looking back and learning, on the page: Replay, Share, continue from here, shared links,
the game's story at its end, and the guided first game.

The controller (`app.App`) owns the game; this module adds what works on its record
(`session.record`, the whole game from its set-up) through a few calls: `wire()` at start,
`open_link()` when the page opens on a share link, `coach()` after each redraw, `story()`
when the game-over dialog opens, and `acted()` when a person played. Everything shown comes
from the engine, replaying the record with its checked `apply`. The replay and share
dialogs (and their modules) are made when first opened: the first board needs neither.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cakegame.words import listed
from pyscript import document, window

from . import coach as coachmod
from . import dialogs, eventlog, guide, later, params, sharelink
from . import record as recordmod
from .dom import by_id, found, show
from .slot import KEPT_HINT

if TYPE_CHECKING:  # imported when first used (review, sharing, story): not at start-up
    from .review import ReviewDialog
    from .sharing import ShareDialog


class Replays:
    """The page's replay, share and guide features, for `app`."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.review: ReviewDialog | None = None
        # The replay was opened from the game-over dialog: what in it takes the focus when
        # the dialog comes back ("" when the replay was opened elsewhere).
        self.back_to_result = ""
        self.sharer: ShareDialog | None = None
        self.coach_box: coachmod.Coach | None = None
        # The last record replayed and proved: (record, its length, the state it led to,
        # its states). The game-over story and every later Replay or log click reuse it.
        self._proved: tuple[Any, int, Any, list[Any]] | None = None

    @property
    def session(self) -> Any:
        return self.app.session

    def wire(self) -> None:
        on = self.app._on
        on("btn-review", "click", lambda e: self.open_review())
        on("btn-share", "click", lambda e: self.share())
        # From the result, the whole game from its set-up; from the tools, this moment.
        on("go-review", "click",
           lambda e: self.open_review(at=0, back_to_result="#go-review"))
        on("log", "click", self._on_log_click)
        on("go-chart", "click", self._on_story_click)
        on(window, "hashchange", self._on_hash)  # a link pasted into this very tab
        self.coach_box = coachmod.Coach(on, by_id("lab"), self.close_tip, self.leave_guide)

    def _states(self, rec: recordmod.Record, s: Any) -> list[Any]:
        """`recordmod.check(rec, s)`, replaying the game only when it changed since the
        last time (the same record object, as long, ending in the very same state)."""
        p = self._proved
        if p is not None and p[0] is rec and p[1] == len(rec.actions) and p[2] is s:
            return p[3]
        states = recordmod.check(rec, s)
        self._proved = (rec, len(rec.actions), s, states)
        return states

    def _review(self) -> ReviewDialog:
        """The replay dialog, made (and its module imported) when first opened."""
        if self.review is None:
            from .review import ReviewDialog

            self.review = ReviewDialog(self.app._on, self.continue_from, self.share_record,
                                       on_step=self.app._bump, replaced=self._replaced,
                                       on_close=self._review_closed)
        return self.review

    def _review_closed(self) -> None:
        """A shared game looked at in a browser with no game of its own: once its replay
        is closed, the new-game screen (the page had nothing else to offer). The dialog's
        close event comes a task later: a link opened meanwhile has shown the replay again,
        and the form must not cover it. A replay opened from the game's result goes back
        to it (a keyboard player was left on the page's body, ten Tabs from Play again)."""
        back, self.back_to_result = self.back_to_result, ""
        if self.reviewing:
            return
        s = self.session.state
        if s is None:
            self.app.open_newgame(can_continue=False)
        elif back and s.is_over and not dialogs.any_open():
            dialogs.open_modal("gameover")
            # The control the replay was opened with: the dialog's own first focus fell on
            # the chart's first mark, whichever had been pressed.
            opener = document.querySelector(f"#gameover {back}")
            if found(opener):
                opener.focus()

    def _replaced(self) -> str:
        """The game on the page that Continue from here would replace, in words ("the game
        in progress on the page (Ann and Bo, at turn 12)"); "" when there is none. A
        finished game counts: a double tap on a phone's replay once replaced one unasked."""
        s = self.session.state
        if s is None:
            return ""
        names = listed(list(s.names))
        if s.is_over:
            return f"the finished game on the page ({names}, turn {s.turn_number})"
        return f"the game in progress on the page ({names}, at turn {s.turn_number})"

    @property
    def reviewing(self) -> bool:
        return self.review is not None and self.review.is_open

    # ---- replay --------------------------------------------------------------------------
    def open_review(self, at: int | None = None, back_to_result: str = "") -> None:
        """The replay of this game, at any moment of it, from its record; `back_to_result`:
        opened from the game-over dialog by the control this selector finds in it; the
        dialog comes back when the replay closes, the focus on that control."""
        s = self.session.state
        rec = self.session.record
        if s is None:
            return
        if rec is None:
            dialogs.message("No replay for this game", "This game was saved before the page "
                            "kept whole games (or its history was damaged), so only its "
                            "present position is known.")
            return
        try:
            states = self._states(rec, s)
        except recordmod.RecordError as error:
            dialogs.message("No replay for this game",
                            f"Its history cannot be replayed: {error}.")
            return
        dialogs.close("gameover")
        self.back_to_result = back_to_result
        from .replay import Replay  # imported at first use: the first board does not need it

        self._review().open(Replay(rec, states), "game", at)

    def _on_log_click(self, event: Any) -> None:
        from .review import clicked_step

        step = clicked_step(event, ".log-entry[data-step]")
        if step is not None:
            self.open_review(at=step)

    def _on_story_click(self, event: Any) -> None:
        """A marked moment of the game-over story: the replay, at that action."""
        from .review import clicked_step

        step = clicked_step(event, ".story-swing[data-step]")
        if step is not None:  # from the result, so closing the replay comes back to it
            self.open_review(at=step, back_to_result=f'.story-swing[data-step="{step}"]')

    # ---- share links ---------------------------------------------------------------------
    def open_link(self, fragment: str) -> None:
        """Open a shared game (the URL's fragment) as a replay at its start; refuse a bad
        link with words, and leave everything saved as it was."""
        from .replay import Replay

        try:
            rec = sharelink.decode(fragment)
            replay = Replay(rec)
        except (sharelink.LinkError, recordmod.RecordError) as error:
            text = (f"This game link cannot be opened: {error}. Nothing saved in this "
                    "browser was changed.")
            if self.session.state is None:
                self.app.open_newgame(can_continue=False)
            dialogs.message("This link cannot be opened", text)  # on top of the rest
            # Out of the address bar too, or every reload would refuse it again.
            if str(window.location.hash or "") == fragment:
                later.replace_url(str(window.location.pathname) + str(window.location.search))
            return
        self._review().open(replay, "link", 0)

    def _on_hash(self, event: Any) -> None:
        fragment = str(window.location.hash or "")
        if sharelink.is_share(fragment):
            self.open_link(fragment)

    def share(self) -> None:
        s = self.session.state
        if s is None:
            return
        if self.session.record is None:
            dialogs.message("No link for this game", "This game was saved before the page "
                            "kept whole games, so it cannot be shared as a link. Export still "
                            "works.")
            return
        self.share_record(self.session.record, not s.is_over)

    def share_record(self, rec: recordmod.Record, in_progress: bool) -> None:
        if self.sharer is None:  # made, and its module imported, when first opened
            from .sharing import ShareDialog

            self.sharer = ShareDialog(self.app._on)
        self.sharer.open(rec, in_progress)

    # ---- continue from here --------------------------------------------------------------
    def continue_from(self, rec: recordmod.Record, source: str) -> None:
        """A new game from a replay's moment. The game saved now is first kept aside under
        its own key, so nothing is lost; if it cannot be, nothing changes."""
        from .replay import Replay

        try:
            replay = Replay(rec)
        except recordmod.RecordError as error:
            dialogs.message("The game could not continue", str(error))
            return
        saver = self.app.saver
        kept = None
        if self.session.state is not None:
            kept = saver.keep_aside()  # the game on the page, as its save would be written
            if kept is None:
                dialogs.message("The game could not continue", "The game you have now could "
                                "not be kept aside (storage is full or blocked), so everything "
                                "was left as it was.")
                return
        saver.held = False
        # A reload now resumes this game, not the link it may have come from.
        later.replace_url(str(window.location.pathname))
        session = self.session
        # The table's settings go on: a pass-the-device game stays one (it went off, and
        # the next player's hand showed at once), and this game's hints stay counted.
        ui = session.ui if session.state is not None else {}
        hints = ui.get("hints") if source == "game" else None
        session.start(replay.state, list(rec.seats), bool(ui.get("pass_device")), record=rec)
        if hints:
            session.ui["hints"] = hints
        # The log as the game wrote it, consequences and chambers included.
        states = replay.states
        session.set_log([eventlog.log_entry(states[i], text, states[i + 1])
                         for i, text in enumerate(rec.actions)])
        for d in ("newgame", "gameover", "curtain"):
            dialogs.close(d)
        self.app._game_started()
        self.app.gameover_shown = replay.state.is_over
        self.app.changed()
        saver.now()
        where = f"after action {len(rec.actions)}" if rec.actions else "from its set-up"
        text = f"This game now goes on {where}."
        if kept:
            text += (" The game you had before was kept aside in this browser "
                     f"({KEPT_HINT}); this one is saved in its place.")
        dialogs.message("Continuing from here", text)

    # ---- the game's story ----------------------------------------------------------------
    def story(self, s: Any) -> None:
        """Fill the game-over dialog's last action and chart (the dialog is open)."""
        by_id("go-ending").textContent = ""
        show(by_id("go-story"), False)
        rec = self.session.record
        states = None
        if rec is not None:
            try:
                states = self._states(rec, s)
            except recordmod.RecordError:
                states = None
        show(by_id("go-review"), states is not None)
        if states is None:
            return
        from . import story

        ending = story.ending(states, rec.actions)
        if ending:
            by_id("go-ending").textContent = f"It ended with this action: {ending}."
        by_id("go-chart").innerHTML = story.chart_svg(
            states, rec.actions, width=story.width_for(float(window.innerWidth)))
        show(by_id("go-story"), True)

    # ---- the guided first game -----------------------------------------------------------
    def learn(self) -> None:
        """Start the guided first game: a fixed deal against an easy computer player."""
        st = params.Settings(players=guide.PLAYERS, seed=guide.SEED,
                             names=list(guide.NAMES) + list(params.DEFAULT_NAMES[2:]),
                             seats=list(guide.SEATS) + ["human", "human"], first=guide.FIRST,
                             bot_pace_ms=self.app.settings.bot_pace_ms)
        self.app.new_game(st, guided=True)

    def coach(self, s: Any, texts: list[str]) -> None:
        """After a redraw: the coach's tip for the decision on screen (if any)."""
        if self.coach_box is None:
            return
        tip = guide.next_tip(self.session.ui, s, texts) if texts and s is not None else None
        self.coach_box.show(tip, s)
        if tip is not None and tip.point:
            # The chambers the coach talks about come into view (the recycled chamber, a
            # Portal), rather than the choices the redraw would have followed.
            labview = self.app.labview
            labview.follow(tip.point, labview.choices)

    def acted(self) -> None:
        guide.acted(self.session.ui)

    def close_tip(self) -> None:
        guide.acted(self.session.ui)
        self.app.render()
        self.app.saver.now()

    def leave_guide(self) -> None:
        guide.leave(self.session.ui)
        self.app.render()
        self.app.saver.now()
        self.app.notice("You left the guide: this is now a normal game.")
