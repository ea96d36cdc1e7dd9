"""The page's controller: wires the page, turns clicks into actions, runs the turn loop.

One rule runs through it: every fact about the game comes from the engine's State (held by
`session.Session`), and every change goes through `State.apply`. The DOM is only ever
written, never read back for game facts. After each redraw `#status[data-ready]` counts up,
so tests know the page has settled.

The rooms: `session` (the game as data), `panels` (everything outside the lab), `board`
(the lab), `newgame` (the new-game dialog), `dialogs` (message, curtain, game over),
`autosave` (storage), `animate` (motion after a redraw, the bots' pace). Drawing never
starts a computer player's turn: `changed()` draws, then the turn loop looks whose turn it is.
"""

from __future__ import annotations

import asyncio
from typing import Any

import cakegame
from pyscript import document, window

from . import (
    animate,
    bots_bridge,
    dialogs,
    early,
    eventlog,
    guide,
    hint,
    history,
    labels,
    later,
    params,
    prefs,
    saves,
    sharelink,
    speech,
    targets,
)
from . import panels as panelsmod
from . import record as recordmod
from .access import Access
from .animate import Animator
from .autosave import AutoSave
from .board import Board, Mark
from .clicks import ClickGuard
from .dom import Texts, by_id, download, found, js_object, nothing_focused
from .keptview import KeptView
from .labview import LabView
from .listen import Listeners
from .newgame import NewGameDialog, random_seed
from .panels import Panels
from .picture import Picture
from .replays import Replays
from .session import Session
from .slot import KEPT_HINT

# The top bar's tools that need a game on the page (with no game, as after a shared link
# opened in a new browser, they would do nothing): enabled when one starts.
GAME_TOOLS = ("btn-export", "btn-review", "btn-share", "more-export", "more-review",
              "more-share")
# The keys that move about the page and press what is focused: a player using them picks.
KEYS_THAT_CHOOSE = frozenset(("Tab", "Enter", " ", "ArrowLeft", "ArrowRight", "ArrowUp",
                              "ArrowDown", "Home", "End"))


def _focus_in_result() -> None:
    """The result open, the focus inside it: a keyboard play-tester found it on the page's
    body once the game ended (the control pressed last had gone with the redraw), so the
    next Tab went to the story chart's first mark. Its first button, then."""
    result = by_id("gameover")
    if result.open and not result.contains(document.activeElement):
        by_id("go-close").focus()


def press_swing(event: Any) -> bool:
    """Enter or Space on a focused mark of a story chart (the result's, the replay's):
    an SVG group, not a button, so the key presses it here, as a click would."""
    target = event.target
    if not found(target) or not hasattr(target, "closest"):
        return False
    swing = target.closest(".story-swing")
    if not found(swing):
        return False
    event.preventDefault()
    swing.dispatchEvent(window.MouseEvent.new("click", js_object({"bubbles": True})))
    return True


class App:
    """The game on the page."""

    def __init__(self) -> None:
        self.session = Session()
        self.texts = Texts()  # writes that skip unchanged texts and classes
        self.board = Board(by_id("lab"), by_id("chambers"))
        self.saver = AutoSave(self.session, self.texts)
        self.saver.moved_on = lambda raw: self._moved_on(raw, unsaved=True)
        self.clicks = ClickGuard()  # a click applies only what was on screen when pressed
        self.pending_import: saves.Save | None = None  # waiting for "Replace it"
        self.animator = Animator()
        self.listeners = Listeners()
        self.panels = Panels(self.session, self.texts, self._on, self.set_seat)
        self.newgame: NewGameDialog | None = None
        self.settings = params.Settings()
        self.selected: str | None = None
        self.ready = 0
        self.bot_token = 0
        self.gameover_shown = False
        self.confirming: str | None = None  # a turn-ending action waiting for its confirm
        self.warning = ""  # while confirming: why, when the action would lose the game
        self.confirm_ends = ""  # while confirming otherwise: "turn", or "game" when it ends it
        self.ghost_cache: tuple[Any, tuple] = (None, ())
        self.step_waiter: Any = None  # step-by-step pace: the future the next press resolves
        self.prefs = prefs.from_text(self.saver.store.get(prefs.PREFS_KEY))
        self.animator.pace = self.prefs.pace
        self.import_note = ""  # what an import's history check found, for its message
        self.hint = hint.Hints(self)  # 'Suggest a move'
        self.access = Access(self)  # keyboard and screen-reader play
        self.picture = Picture()  # the last redraw, for js/early.js at the next visit
        self.replays = Replays(self)  # replay, share, continue from here, the guide

    @property
    def state(self) -> Any:
        return self.session.state

    # ---- start-up ------------------------------------------------------------------------
    def start(self) -> None:
        """Wire the page, then resume the saved game or open the new-game screen."""
        placeholder = by_id("lab-placeholder")
        if found(placeholder):
            placeholder.remove()
        before = early.take()  # what the player did before Python (js/early.js)
        if window.matchMedia("(hover: none) and (pointer: coarse)").matches:
            panelsmod.press_word = "tap"
        self._wire()
        later.after_first_paint(self.kept.refresh)  # More's "Kept games (N)", if any
        self.settings = params.parse_query(window.location.search, random_seed())
        self.animator.set_fixed(self.settings.bot_pace_ms)
        if self.settings.bot_cap_ms is not None:
            bots_bridge.hard_cap_s = self.settings.bot_cap_ms / 1000 or None
        fragment = str(window.location.hash or "")
        shared = sharelink.is_share(fragment)
        self.saver.held = shared  # a shared game is only looked at: nothing is written yet
        save = self.saver.read()
        # These at once; the rest once a game is on.
        for el_id in ("btn-new", "btn-import", "ng-import", "more-new"):
            by_id(el_id).disabled = False
        if shared:
            if save is not None:
                self._resume(save, write=False)
            else:
                self.panels.empty()
                self._bump()
            self.replays.open_link(fragment)
            return
        if save is not None:
            same = (self.settings.players == save.state.players
                    and self.settings.seed == save.state.seed)
            # A link that names another game opens the form with that game's settings.
            link = self.settings.from_url and not same
            self._resume(save, adopt=not link)
            if link:
                self.open_newgame(can_continue=True)
            return
        if self.settings.from_url and self.saver.problem is None:
            self.new_game(self.settings)
            return
        self.panels.empty()
        self._bump()
        self.open_newgame(can_continue=False)
        if before.form:
            early.restore(before)  # the form as typed while Python loaded
            if before.start:
                by_id("ng-start").click()
        if self.saver.problem is not None:
            dialogs.message(*self.saver.problem)  # opened last: on top of the new-game screen
            self.saver.problem = None

    def _on(self, target: Any, event: str, handler: Any) -> None:
        """Call `handler(event)` on `event` at `target`: an element, the document, the
        window, or an element's id (`ui/listen.py`)."""
        self.listeners.on(target, event, handler)

    def _wire(self) -> None:
        self._on(document, "click", self.on_click)
        self._on(document, "keydown", self.on_key)
        self._on(document, "pointerdown", self._pointer_kind)
        self._on("btn-undo", "click", lambda e: self.undo())
        self._on("btn-new", "click", lambda e: self.new_game_asked())
        self._on("btn-export", "click", lambda e: self.export())
        self._on("btn-import", "click", lambda e: by_id("import-file").click())
        # The New game form, which a first visit opens over everything, has its own: More's
        # lay behind it (a play-tester had to start a game to import one).
        self._on("ng-import", "click", lambda e: by_id("import-file").click())
        self._on("import-file", "change", self.on_import)
        self._on("msg-ok", "click", lambda e: dialogs.close("message"))
        self._on("curtain-go", "click", lambda e: self.reveal())
        self._on("curtain", "cancel", lambda e: e.preventDefault())
        self._on("go-close", "click", lambda e: dialogs.close("gameover"))
        self._on("gameover", "close", lambda e: self._result_closed())
        # Dialogs opened from the top bar's menu: the menu closes as they open, so the focus
        # they give back on closing went to a hidden button, so to the page's body (a Tab
        # then started again at Undo): it goes to the menu's button instead.
        for menu_dialog in ("prefs", "keys-box", "kept", "legend-box", "import-confirm"):
            self._on(menu_dialog, "close", lambda e: later.after_paint(self._menu_focus_back))
        self._on("go-again", "click", lambda e: self.play_again())
        self._on("over-result", "click", lambda e: self.show_result())
        self._on("over-again", "click", lambda e: self.play_again())
        # A click's save runs just after its redraw (AutoSave.soon); leaving or hiding the
        # page first (a reload, closing the tab, switching apps on a phone) saves at once.
        self._on(window, "pagehide", lambda e: self.saver.flush())
        self._on(window, "pagehide", lambda e: self.picture.flush())
        self._on(document, "visibilitychange", lambda e: self.saver.flush())
        self._on(window, "storage", self.on_storage)  # another tab saved: follow it
        self._on(document, "mousedown", self.clicks.pressed)
        self._on("imp-yes", "click", lambda e: self._import_confirmed())
        self._on("imp-no", "click", lambda e: self._import_cancelled())
        self._on("imp-export", "click", lambda e: self.export())
        self.newgame = NewGameDialog(self._on, self._start_from_dialog, self.replays.learn)
        self.replays.wire()
        self._on("btn-legend", "click", lambda e: dialogs.open_modal("legend-box"))
        self._on("legend-close", "click", lambda e: dialogs.close("legend-box"))
        self._on("btn-keys", "click", lambda e: dialogs.open_modal("keys-box"))
        self._on("keys-close", "click", lambda e: dialogs.close("keys-box"))
        self._on("btn-prefs", "click", lambda e: self.open_prefs())
        self.kept = KeptView(self.saver.store, self._on, self.open_kept)
        self._on("more", "toggle", lambda e: self.kept.refresh())
        self._on("more", "focusout", self._more_left)
        self._on("prefs-close", "click", lambda e: dialogs.close("prefs"))
        self._on("pref-confirm", "change", lambda e: self.set_pref(
            "confirm_end", bool(e.target.checked)))
        self._on("pref-confirm-people", "change", lambda e: self.set_pref(
            "confirm_people", bool(e.target.checked)))
        self._on("pref-single", "change", lambda e: self.set_pref(
            "auto_single", bool(e.target.checked)))
        for pace in ("pace", "pref-pace"):  # beside the status, and in Settings
            self._on(pace, "change", lambda e: self.set_pref("pace", str(e.target.value)))
        self._on("bot-step", "click", lambda e: self.step_bot())
        self._on("strip-scores", "click", lambda e: self._show_divisions())
        self._on("strip-rule", "click", lambda e: self.panels.toggle_rule())
        self._on("rule-chip", "click", lambda e: self.panels.show_character())
        choices = by_id("choices")
        self._on(choices, "mouseover", self._tray_point)
        self._on(choices, "focusin", self._tray_point)
        self._on(choices, "mouseleave", lambda e: self.panels.point_hand_card(None))
        self._on(choices, "focusout", lambda e: self.panels.point_hand_card(None))
        log = by_id("log")
        self._on(log, "mouseover", self._log_point)
        self._on(log, "focusin", self._log_point)
        self._on(log, "mouseleave", lambda e: self.board.flash(""))
        self._on(log, "focusout", lambda e: self.board.flash(""))
        self.labview = LabView(by_id("lab-wrap"), self._on)
        self.labview.board = self.board
        self._on("lab-wrap", "focusin", self._lab_focus)
        self.hint.wire()
        self.access.wire()

    # ---- games ---------------------------------------------------------------------------
    def _resume(self, save: saves.Save, write: bool = True, adopt: bool = True) -> None:
        """Put `save` on the table; with `adopt`, New game then opens set up like it."""
        self.session.resume(save)
        if adopt:
            self._table_settings()
        self._game_started()
        self.access.resumed()
        self.changed()
        if write:
            self.saver.now()
        else:
            self.saver.due = False

    def on_storage(self, event: Any) -> None:
        """Another tab of this site changed the stored game: follow it."""
        key = event.key
        if found(key) and key != saves.SAVE_KEY:
            return
        raw = event.newValue if found(event.newValue) else None
        slot = self.saver.slot
        if slot.blocked or slot.settled(raw):
            return
        if raw is not None and self.saver.unchanged(raw):
            # Another tab saved the position this tab last read or wrote, again (a tab that
            # opens the game saves it on start): nothing to follow. Its save becomes the one
            # this tab writes over, so a move made meanwhile is saved, not set aside.
            slot.adopt(saves.decode(raw), raw)
            return
        self._moved_on(raw, unsaved=self.saver.due)

    def _moved_on(self, raw: str | None, *, unsaved: bool) -> None:
        """The stored game is no longer the one this tab read or wrote: another tab played
        on, started a game or imported one. Show that game; if this tab had a position not
        saved yet, keep it aside. A damaged save in the way is kept aside, then replaced."""
        slot = self.saver.slot
        if raw is None:  # removed elsewhere: this tab's game is the only copy left
            slot.forget()
            self.saver.now()
            return
        try:
            newer = saves.decode(raw)
        except saves.SaveError:
            slot.set_aside_damaged(raw)
            if slot.blocked:
                self.saver.show(slot.blocked)
            else:
                self.saver.now()
            return
        same = self.state is not None and newer.state == self.state
        # Only a position of this tab's own is kept: not one it read from storage and then
        # played nothing on (a late write of such a tab once kept a copy of that game).
        own = self.state is not None and self.state != self.saver.synced
        kept = self.saver.keep_aside() if unsaved and own and not same else None
        slot.adopt(newer, raw)
        self.saver.synced = newer.state
        if same:
            self.saver.due = False
            self.saver.show("")
            return
        self._resume(newer, write=False)
        self.saver.show("")
        text = ("This game was played on in another tab: this tab now shows the latest "
                "position.")
        if kept:
            text += f" The position this tab had not saved yet was kept aside ({KEPT_HINT})."
        self.notice(text)

    def new_game(self, settings: params.Settings, guided: bool = False) -> None:
        try:
            state = cakegame.new_game(players=settings.players, seed=settings.seed,
                                      names=settings.game_names(), first_player=settings.first)
        except ValueError as error:
            dialogs.message("The game could not start", str(error))
            return
        # A game in progress is kept aside, as an import keeps it: "Replace it and start"
        # had deleted a family's hot-seat game (a play-tester).
        kept = self._keep_in_progress()
        self.settings = settings
        rec = recordmod.Record(settings.players, settings.seed, settings.game_names(),
                               settings.first, settings.game_seats(), [])
        self.session.start(state, settings.game_seats(), settings.pass_device, record=rec)
        if guided:
            self.session.ui["guide"] = guide.new_guide()
        self.saver.held = False
        later.replace_url(params.address_of(settings))
        self._game_started()
        self.changed()
        self.saver.now()
        # Heard as a new game (a screen reader heard only the first prompt: a play-tester).
        names = state.names
        self.access.say(f"A new game of {state.players} players, "
                        f"{cakegame.words.listed(list(names))}: "
                        f"{names[state.first_player]} plays first.")
        # What was said of the old game goes with it ("Exported the game as ..." stood over
        # the next one: a play-tester); what was done with it is said instead.
        self.notice(kept)
        window.scrollTo(0, 0)  # a new game starts at the top: the status, the tools, the lab

    def _start_from_dialog(self, settings: params.Settings) -> None:
        # The computers' pace a link set holds for this page's games, as the animator does.
        settings.bot_pace_ms, settings.confirm = self.settings.bot_pace_ms, self.settings.confirm
        settings.bot_cap_ms = self.settings.bot_cap_ms
        self.new_game(settings)

    def _game_started(self) -> None:
        for el_id in GAME_TOOLS:
            self.texts.prop(el_id, "disabled", False)
        self.selected = None
        self.confirming = None
        if self.step_waiter is not None and not self.step_waiter.done():
            self.step_waiter.cancel()
        self.step_waiter = None
        self.gameover_shown = False
        self.bot_token += 1
        self.hint.reset()
        self.panels.forget()
        self.panels.reset_log()
        self.panels.build_players(self.state)
        self.access.forget()
        self.labview.new_lab()

    def open_newgame(self, can_continue: bool) -> None:
        s = self.state
        assert self.newgame is not None  # made at start-up, before any dialog opens
        self.newgame.open(self.settings, can_continue, game_on=s is not None and not s.is_over,
                          any_game=s is not None)

    def new_game_asked(self) -> None:
        """The top bar's New game: the form as the game was set up, on a new deal (the
        seed of the game on the table gave a player the same deal and the same first
        computer move again); the seed box still takes one typed in."""
        if self.state is not None:
            self.settings.seed = random_seed()
        self.open_newgame(can_continue=False)

    def show_result(self) -> None:
        """Open the game-over dialog again (closed to look at the lab)."""
        if self.state is not None and self.state.is_over:
            self.gameover_shown = False
            self.render()

    def play_again(self) -> None:
        dialogs.close("gameover")
        if self.state is not None:
            self._table_settings()
            self.settings.seed = random_seed()
        self.open_newgame(can_continue=False)

    def _table_settings(self) -> None:
        """The new-game screen's settings as the game on the table was set up: its
        players, names, seats and whether the device is passed (a resumed, imported or
        followed game as much as one started here; the seed is the screen's own)."""
        s = self.state
        if s is None:
            return
        st = self.settings
        st.players = s.players
        st.names = list(s.names) + list(params.DEFAULT_NAMES[s.players:])
        st.seats = list(self.session.seats) + ["human"] * (4 - len(self.session.seats))
        st.pass_device = bool(self.session.ui.get("pass_device", False))

    def _show_divisions(self) -> None:
        """The strip's scores lead to the Divisions panel, and the focus goes with them (a
        keyboard was left on the strip, scrolled out of sight)."""
        head = by_id("players-h")
        head.scrollIntoView(True)
        head.focus(js_object({"preventScroll": True}))

    # ---- preferences ---------------------------------------------------------------------
    def open_prefs(self) -> None:
        by_id("pref-confirm").checked = self.prefs.confirm_end
        by_id("pref-confirm-people").checked = self.prefs.confirm_people
        by_id("pref-single").checked = self.prefs.auto_single
        by_id("pref-pace").value = self.prefs.pace
        dialogs.open_modal("prefs")

    def set_pref(self, name: str, value: Any) -> None:
        """Change one preference, keep it for this browser, and let it act at once."""
        if name == "pace" and value not in prefs.PACES:
            return
        setattr(self.prefs, name, value)
        self.animator.pace = self.prefs.pace
        self.saver.store.set(prefs.PREFS_KEY, self.prefs.to_text())
        if name == "pace":
            if self.step_waiter is not None and value != "step":
                self.step_bot()
            self.render()
        elif (name in ("confirm_end", "confirm_people") and not value and self.confirming
              and not self.warning):
            self.confirm_end()
        elif name == "auto_single":
            self.changed()

    # ---- playing -------------------------------------------------------------------------
    def _to_confirm(self, s: Any, text: str) -> str:
        """What `text` would end that, by the player's preference, waits for a confirm
        against computer players, or between people at one screen if asked for (the turn
        stays undoable until then): "turn" when it hands the game to a computer's turn (or,
        between people, to the next person's), "game" when it ends the game (which cannot
        be taken back), or "" when it plays at once."""
        session = self.session
        people = all(k == "human" for k in session.seats)
        if not session.is_human(s.current_player):
            return ""
        after = session.would_leave(text)
        if after is None:
            return ""  # session.apply explains the refusal
        # A turn handed to a person waits by the setting for people at one screen, one
        # handed to a computer (and the game's end, with computers at the table) by the one
        # for computers: the people's setting had been left out whenever a computer sat at
        # the table (a play-tester: two of three people's turns ended unasked). Between
        # people only when asked for (Settings); `?botpace=` (tests, demos) plays without
        # it unless `&confirm=1` asks for it against computers.
        to_person = people or (after.turn != s.turn and session.is_human(after.current_player))
        if self.settings.bot_pace_ms is None:
            wanted = self.prefs.confirm_people if to_person else self.prefs.confirm_end
        else:
            wanted = self.settings.confirm and not to_person
        if not wanted:
            return ""
        if after.is_over:
            # Not when it ends whatever the person chooses and nothing can be taken back:
            # "go back" would lead nowhere (a play-tester, whose last subject another's
            # card had pushed into the Turret, was asked to confirm the cake it carried).
            return "" if session.bound_to_end() else "game"
        if after.turn != s.turn:
            return "turn"
        return ""

    def _losing_warning(self, s: Any, text: str) -> str:
        """The warning before a move that ends the game with the person playing it beaten
        (when another choice would not), or "": a finished game cannot be taken back."""
        # `?botpace=` (tests, demos) plays without it unless `&confirm=1` asks for it.
        if self.settings.bot_pace_ms is not None and not self.settings.confirm:
            return ""
        if not self.session.is_human(s.current_player):
            return ""
        after = self.session.loses_by(text)
        if after is None:
            return ""
        now = self.session.would_leave(text)
        return labels.losing_warning(after.outcome, s.names, s.current_player,
                                     later=now is not None and not now.is_over)

    def confirm_end(self) -> None:
        """The player confirmed the last decision of their turn: play it."""
        text = self.confirming
        self.confirming = None
        if text is not None:
            self.apply(text, confirmed=True)

    def cancel_confirm(self) -> None:
        if self.confirming is not None:
            self.confirming = None
            self.render()

    def apply(self, text: str, confirmed: bool = False, by_hand: bool = True) -> None:
        """Apply an action the engine lists; explain (and change nothing) if it is refused.
        `by_hand`: not a decision with one option taken by itself."""
        before = self.state
        if before is None or before.is_over:
            return
        if not confirmed:
            self.warning = self._losing_warning(before, text)
            self.confirm_ends = "" if self.warning else self._to_confirm(before, text)
        if not confirmed and (self.warning or self.confirm_ends):
            self.confirming = text
            self.selected = None
            self.notice("")
            self.render()
            return
        self.confirming = None
        human = self.session.human_to_act()
        try:
            now = self.session.apply(text, by_hand)
        except cakegame.IllegalActionError as error:
            self.notice(f"Not possible: {error}")
            return
        if human:
            self.replays.acted()  # the coach's tip on screen has done its job
        self.saver.held = False
        self.access.acted(before, text, now, bot=not self.session.is_human(before.current_player))
        self.selected = None
        self.notice("")
        if human:
            self.hint.followed(before, text, now)
        self.changed()
        # After the redraw, which it is placed by (a one-option decision taken by itself
        # says so instead: the device then stays where it is).
        handed = self._handed_over(now)
        if handed and self.state is now and not self.texts.seen("notice", "text"):
            self.notice(handed)
        self.saver.soon()
        self.animator.after(before, now, text)

    def undo(self) -> None:
        if self.confirming is not None:
            self.cancel_confirm()  # the decision was never played: taking it back is free
            return
        result = self.session.undo()
        if result is None:
            # Said, not silent: the U key has no greyed-out button to show why (a keyboard
            # play-tester pressed it and heard nothing).
            why = self.session.undo_blocked()
            if why:
                self.notice(why + ".")
            return
        state, undone = result
        self.selected = None
        self.notice(f"Undone: {state.describe(undone)}")
        self.changed()
        self.saver.soon()

    def select(self, letter: str | None) -> None:
        self.selected = letter
        self.render()

    def reveal(self) -> None:
        self.session.reveal()
        dialogs.close("curtain")
        # What moved behind the screen is shown where it ended (the news and the badges
        # tell it): a recycled chamber still in flight over its row was the first thing
        # the next player saw (a play-tester).
        animate.settle(by_id("lab"))
        self.changed()
        self.saver.now()

    def set_seat(self, seat: int, kind: str) -> None:
        """Hand a seat to a bot, or take it back, mid-game."""
        if not self.session.set_seat(seat, kind):
            return
        self.bot_token += 1
        self.panels.forget()
        self.changed()
        self.saver.now()

    def notice(self, text: str) -> None:
        self.panels.notice(text)

    def explain(self, letter: str) -> None:
        """A click on a chamber that is not a target: say why, change nothing."""
        s = self.state
        if s is None:
            return
        if s.is_over:
            self.notice("The game is over.")
            return
        seat = s.current_player
        if not self.session.is_human(seat):
            self.notice(f"{s.names[seat]} (a computer player) is deciding now.")
            return
        t = targets.sort_actions(self.session.legal_texts())
        # A Portal's new place pressed before the Portal to move: "with the buttons above
        # the lab" was said, where there were none (a play-tester following a suggestion
        # that marked both chambers).
        sources = t.sources_of(letter)
        if sources:
            self.notice(f"Chamber {letter} is not a choice yet: first pick the Portal to move "
                        f"(chamber {' or '.join(sources)}), then {letter}.")
            return
        guess = targets.guess_text(t, s.decision, letter)
        # What is asked instead.
        why = (f"{s.prompt()}: pick a highlighted chamber" if t.board
               else f"{s.prompt()}, with the buttons above the lab")
        if guess is not None:
            try:
                s.apply(guess)
            except cakegame.IllegalActionError as error:
                # The engine's reason, said of the chamber pressed.
                why = error.reason if error.reason is not None else why
            else:
                why = ""
        self.notice(f"Chamber {letter} is not a choice now{': ' + why if why else ''}.")

    # ---- events --------------------------------------------------------------------------
    def on_click(self, event: Any) -> None:
        target = event.target
        if not found(target) or not hasattr(target, "closest"):
            return
        toast = target.closest("#notice")
        if found(toast):  # a phone's toast: a tap reads the rest of a cut one, or puts it away
            if toast.hasAttribute("data-cut") and not toast.classList.contains("open"):
                toast.classList.add("open")
            else:
                self.notice("")
            return
        # The news strip, cut on a phone: a tap opens it over what lies below, a second tap
        # (or one anywhere else) closes it (css/game.css: `.since.open`).
        news = by_id("since")
        if found(target.closest("#since")):
            news.classList.toggle("open")
            return
        news.classList.remove("open")
        menu = by_id("more")
        if menu.open and not found(target.closest("#more summary")):
            menu.open = False  # a choice in the menu, or a click elsewhere, closes it
            stand_in = target.closest("#more [data-for]")
            if found(stand_in):  # on a phone: the top bar's button this one stands in for
                if not stand_in.disabled:
                    by_id(stand_in.getAttribute("data-for")).click()
                return
        el = target.closest("[data-card-text]")
        if found(el):  # the tray's "?": the card's text, nothing played
            panelsmod.toggle_card_text(el)
            return
        if found(target.closest("[data-action], [data-select], [data-back], .chamber")) \
                and self.clicks.stale(event):
            return  # pressed before the last redraw: not the choice that was on screen
        el = target.closest("[data-action]")
        if found(el):
            if el.hasAttribute("disabled"):
                return
            if found(el.closest("dialog:not([open])")):
                return
            event.preventDefault()
            self.apply(el.getAttribute("data-action"))
            return
        el = target.closest("[data-confirm]")
        if found(el):
            self.confirm_end()
            return
        el = target.closest("[data-select]")
        if found(el):
            self.select(el.getAttribute("data-select"))
            return
        el = target.closest("[data-back]")
        if found(el):
            self.confirming = None
            self.select(None)
            return
        el = target.closest("#lab .chamber")
        if found(el):
            letter = el.getAttribute("data-letter")
            if letter == self.selected:
                self.select(None)  # a second click on the chosen chamber lets it go
            else:
                self.explain(letter)

    def _pointer_kind(self, event: Any) -> None:
        """The prompts' word for pressing a chamber follows the pointer last pressed."""
        panelsmod.press_word = "click" if event.pointerType == "mouse" else "tap"

    def on_key(self, event: Any) -> None:
        if event.key in KEYS_THAT_CHOOSE:
            # From the keyboard a chamber is picked, not clicked (the next prompt says so).
            panelsmod.press_word = "pick"
        if event.key in ("Enter", " ") and press_swing(event):
            return
        if self.replays.reviewing:
            return  # the replay dialog has its own keys (ui/review.py)
        if self.access.on_key(event):
            return
        key = event.key
        target = event.target
        menu = by_id("more")
        if key == "Escape" and menu.open:  # the top bar's menu closes, its button keeps focus
            menu.open = False
            menu.querySelector("summary").focus()
            return
        tag = str(getattr(target, "tagName", "") or "").lower()
        typing = tag in ("input", "select", "textarea")
        if key in ("Enter", " ") and found(target) and hasattr(target, "closest"):
            # A chamber, or a place a recycled chamber may land: SVG, not buttons, so the
            # keys press them here.
            chamber = target.closest(".chamber, .ghost")
            if found(chamber):
                event.preventDefault()
                self.on_click(event)
                return
        if typing or event.ctrlKey or event.metaKey or event.altKey:
            return
        if key in ("u", "U"):
            self.undo()
        elif key in ("h", "H") and not dialogs.any_open():
            self.hint.ask(by_key=True)
        elif key == "?" and not dialogs.any_open():
            dialogs.open_modal("keys-box")
        elif key == "Escape" and (self.selected is not None or self.confirming is not None):
            self.confirming = None
            self.select(None)

    def _tray_point(self, event: Any) -> None:
        """A card of the tray pointed at (hover, focus): its card in the hand comes into
        view, marked (`Panels.point_hand_card`). The focus counts only when the keyboard
        moved it: after a mouse's or a finger's press the page itself focuses a deploy
        step's first button, and its card was marked with nothing pointed at it."""
        target = event.target
        if not found(target) or not hasattr(target, "closest"):
            return
        if event.type == "focusin" and self.access.pointer:
            return
        el = target.closest(".tray-card[data-card]")
        self.panels.point_hand_card(el.getAttribute("data-card") if found(el) else None)

    @staticmethod
    def _more_left(event: Any) -> None:
        """The focus left the open More menu for another control (a Tab past its last
        item): the menu closes, as a click elsewhere closes it (it stayed open over the
        Divisions panel: a keyboard play-tester)."""
        menu = by_id("more")
        to = event.relatedTarget
        if menu.open and found(to) and not bool(menu.contains(to)):
            menu.open = False

    def _lab_focus(self, event: Any) -> None:
        """A chamber (or a landing place) focused by the keys comes into view; a finger's
        or a mouse's focus leaves the window where the player put it."""
        target = event.target
        if self.access.pointer or not found(target) or not hasattr(target, "closest"):
            return
        ghost = target.closest(".ghost[data-action]")
        if found(ghost):
            self.labview.keep_in_view(f"ghost:{ghost.getAttribute('data-action')}")
            return
        chamber = target.closest(".chamber[data-letter]")
        if found(chamber):
            self.labview.keep_in_view(str(chamber.getAttribute("data-letter")))

    def _log_point(self, event: Any) -> None:
        """A log entry pointed at (hover, focus, tap): light up its chambers on the board."""
        target = event.target
        if not found(target) or not hasattr(target, "closest"):
            return
        el = target.closest("[data-chambers]")
        self.board.flash(el.getAttribute("data-chambers") if found(el) else "")

    # ---- drawing and the turn loop -------------------------------------------------------
    def _bump(self) -> None:
        self.clicks.drawn(float(window.performance.now()))
        self.ready += 1
        by_id("status").setAttribute("data-ready", str(self.ready))

    def _handed_over(self, s: Any) -> str:
        """What to say when the decision passes to another person with no cards to hide (so
        no pass-the-device screen): whom to hand the device to; "" otherwise."""
        if s.is_over or not self.session.handed_over(s.current_player):
            return ""
        seat = s.current_player
        name = s.names[seat]
        during = f", in {s.names[s.turn]}'s turn" if s.turn != seat else ""
        return f"Pass the device to {name}: {name} decides now{during}."

    def deciding(self) -> bool:
        """A person decides now, their hand shown (no curtain between)."""
        s = self.state
        return (s is not None and self.session.human_to_act()
                and not self.session.needs_curtain(s.current_player))

    def changed(self) -> None:
        """The game moved on: redraw, then let a computer player take its turn if it is
        theirs (drawing itself never starts one), or, by the player's preference, take a
        decision that has one option only."""
        self.render()
        if self.session.bot_to_act():
            self._schedule_bot()
        elif (self.prefs.auto_single and self.confirming is None
              and self.session.human_to_act()
              and not self.session.needs_curtain(self.state.current_player)):
            texts = self.session.legal_texts()
            if len(texts) == 1:
                self._schedule_single(self.state, texts[0])

    def _schedule_single(self, state: Any, text: str) -> None:
        """Take the one option after a moment, saying so (Settings turns this off)."""
        self.notice("Only one choice here: it is taken by itself (Settings can turn this off).")

        async def later() -> None:
            await asyncio.sleep(0.35)  # long enough to see the step go by
            if self.state is state and self.confirming is None:
                self.apply(text, by_hand=False)  # the device stays where it is
        asyncio.ensure_future(later())

    def render(self) -> None:
        """Redraw everything from the state (only the parts that changed are touched)."""
        s = self.state
        if s is None:
            self.panels.empty()
            self._bump()
            return
        session = self.session
        over = s.is_over
        seat = s.current_player
        human = session.human_to_act()
        curtain = human and session.needs_curtain(seat)
        texts = (session.legal_texts() if human and not curtain and self.confirming is None
                 else [])
        t = targets.sort_actions(texts)
        step = targets.second_step(t, self.selected) if self.selected else None
        if self.selected and step is None:
            self.selected = None
        marks: dict[str, Mark] = {}
        if step is not None:
            marks[step.source] = Mark("selected", None, "selected; Enter lets it go")
            for letter, action in step.chambers.items():
                marks[letter] = Mark("second", action)
        else:
            for letter, acts in t.board.items():
                if len(acts) == 1:
                    marks[letter] = Mark("target", acts[0])
                else:
                    marks[letter] = Mark("multi", None, _multi_label(s, acts))
        last_words = session.last_action.split()[1:]
        last = frozenset(w for w in last_words if len(w) == 1 and w.isalpha())
        if over and session.log and len(session.log[-1]) > 3:
            # The lab looked at after the game: the chambers the ending action touched
            # ("count 1" names none, yet a last subject walked into the Turret at M).
            touched = session.log[-1][3]
            if isinstance(touched, str):
                last |= frozenset(c for c in touched if c.isalpha())
        source = s.pending.get("src") if s.decision in ("move", "carry") else None
        ghosts = self._ghosts(s, texts)
        reader = self._reader(s)
        since = self._since(s, human, reader)
        changed = frozenset("".join(e[3] for e in since if len(e) > 3))
        moves = session.since_events(reader) if since and reader is not None else []
        losses = session.losses_since(reader) if since and reader is not None else {}
        self.board.render(s, marks, dim=bool(marks), last=last, source=source,
                          describe=lambda a: _said(s, a), ghosts=ghosts, changed=changed,
                          losses=losses,
                          loss_notes=eventlog.loss_notes(moves, reader, s.names)
                          if losses and reader is not None else None,
                          arrows=eventlog.arrows(moves))
        # Keep the choices in view (or, while others play, what they just did: the
        # chambers its log entry names, where they are now. "recycle bottom" names no
        # chamber; its entry names the recycled one, so the lab follows it to its new place
        # instead of staying where it was activated).
        if ghosts:
            follow = tuple(f"ghost:{g[0]}" for g in ghosts)
        elif self.confirming is not None:
            # The move waiting for its confirm, where it will act (the chamber a recycle
            # takes away was out of view while the bar said what it would destroy there).
            after = session.would_leave(self.confirming)
            follow = tuple(eventlog.chambers_of(self.confirming, after.events
                                                if after is not None else ()))
        elif marks:
            follow = tuple(marks)
        elif human and not curtain:
            # A person's decision with nothing to choose on the lab (a deploy step: its
            # choices are buttons): as much of the lab as the window holds. It had stayed on
            # the last move's chambers, late in a game the top row's new edge, with the
            # other rows out of sight while the cards were weighed (a phone play-tester).
            follow = tuple(self.board.views)
        elif session.follow_last:
            entry = session.log[-1] if session.log else None
            touched = entry[3] if entry is not None and len(entry) > 3 else ""
            follow = tuple(touched) if isinstance(touched, str) and touched \
                else tuple(sorted(last))
        else:
            follow = ()
        # What the edge markers count: the places that choose something now (a selected
        # chamber only lets go, so it is no choice).
        choices = tuple(f"ghost:{g[0]}" for g in ghosts) + tuple(
            k for k, m in marks.items() if m.mode != "selected")
        self.labview.follow(follow, choices, mine=human and not curtain)
        panels = self.panels
        panels.status(s, human, curtain, self.confirming is not None, self.warning,
                      self.confirm_ends == "game")
        panels.choices(s, t, step, texts, self.selected, self.confirming,
                       None if human or over else s.names[seat], self.warning,
                       self.confirm_ends == "game", self.prefs.pace == "step")
        panels.players(s)
        panels.piles(s)
        panels.strip(s)
        panels.hand(s, *self._hand_shown(s, human, curtain), t)
        panels.log(s.names)
        # Once the person has acted (or while a computer plays), the strip says what the
        # seat to act did this turn so far; a person's news stays above it all turn long
        # (the board's marks of it went with the first decision: the lab has moved on).
        turn_so_far: list[tuple[str, str]] = []
        news = moves
        if not (since or curtain or over):
            turn_so_far = eventlog.turn_summary(session.turn_events(seat), seat)
            if human and session.humans:
                news = session.news_events(seat)
            elif not human and (person := speech.person(session.seats)) is not None:
                # The one person watching the computers: the turns already over since its
                # last one stay under the turn being played (and what it lost, above it).
                news, reader = session.waiting_news(person), person
        panels.since(eventlog.since_summary(news, reader, s.names) if reader is not None
                     else [], turn_so_far,
                     # A person deciding in another's turn (a carry, a reward) reads
                     # what they chose there, by that turn's name: "This turn so far" read
                     # as their own turn, and "Orange's turn so far" over Green's choices
                     # as Orange's doings (play-testers).
                     "This turn so far: " if seat is None or (human and s.turn == seat)
                     else f"Your choices in {s.names[s.turn]}'s turn: " if human
                     else f"{s.names[s.turn]}'s turn so far: ",
                     "Since your last turn: " if reader is not None
                     and session.had_a_turn(reader) else "Before your first turn: ",
                     human and news is not moves,
                     # Nothing to tell a person about to play (the first player's first
                     # turn): the room kept for the news says what a turn is (it was an
                     # empty band of up to 135 px over a phone's lab).
                     labels.TURN_OUTLINE if human and not (over or curtain) else "",
                     s.names)
        can_undo = self.confirming is not None or session.can_undo()
        # Greyed out but pressable when there is nothing to take back: a press says why (a
        # phone has no tooltip, and a disabled button ignored the tap: a play-tester).
        self.texts.prop("btn-undo", "disabled", curtain)
        self.texts.attr("btn-undo", "aria-disabled", "false" if can_undo else "true")
        self.texts.prop("btn-undo", "title", history.UNDO_TITLE if can_undo
                        else session.undo_blocked())
        bots = any(k != "human" for k in session.seats)
        self.texts.prop("pace-box", "hidden", not bots or self.animator.fixed_s is not None)
        self.texts.prop("bot-step", "hidden", self.step_waiter is None)
        if by_id("pace").value != self.prefs.pace:
            by_id("pace").value = self.prefs.pace
        if curtain:
            why = ""
            if s.turn != seat:  # called in another player's turn: say what for
                why = f"It is {s.names[s.turn]}'s turn, but {s.names[seat]} decides now: " \
                      f"{s.prompt()}."
            dialogs.curtain(s.names[seat], why)
        self.replays.coach(s, texts)
        if over and not self.gameover_shown:
            self.gameover_shown = True
            people = [i for i in range(s.players) if self.session.is_human(i)]
            dialogs.gameover(s, people[0] if len(people) == 1 else None)
            self.replays.story(s)
            by_id("go-hints").textContent = self.hint.gameover_text()
            later.after_paint(_focus_in_result)
        self.hint.after_render()
        self.access.rendered(s, human and not curtain, t, step, marks,
                             bot_now=not over and not human)
        self.picture.over = over
        self.picture.soon()
        self._bump()

    def _reader(self, s: Any) -> int | None:
        """Whose news the strip tells: the seat to act; once the game is over, the one
        person playing, so the turns the computers played to the end are there to read
        (the strip stood empty under the result)."""
        if not s.is_over:
            return s.current_player
        people = [i for i in range(s.players) if self.session.is_human(i)]
        return people[0] if len(people) == 1 else None

    def _since(self, s: Any, human: bool, reader: int | None) -> list[list[Any]]:
        """What the other seats did since `reader` last decided (shown until they act), or
        nothing when no one is waiting to read it."""
        if reader is None or self.session.humans == 0 or not (human or s.is_over):
            return []
        return self.session.since_last_turn(reader)

    def _ghosts(self, s: Any, texts: list[str]) -> tuple:
        """Where the recycled chamber may land, one place per row it may go to, read from
        the state each choice would make (the engine places it, not the page)."""
        rows = [a for a in texts if a.startswith("recycle ")]
        if not rows:
            return ()
        if self.ghost_cache[0] is s:
            return self.ghost_cache[1]
        moving = next((c for c in s.chambers() if c.glados), None)
        if moving is None:
            return ()
        out = []
        for a in rows:
            try:
                after = s.apply(a)
            except cakegame.IllegalActionError:
                continue
            spot = next(((c.row, c.x) for c in after.chambers() if c.letter == moving.letter),
                        None)
            # A recycle that ends the game leaves the chamber where it is: no place to land
            # (each row's place was drawn over the chamber itself); its buttons remain.
            if spot is not None and spot != (moving.row, moving.x):
                out.append((a, spot[0], spot[1], labels.button_label(a, s.names)))
        self.ghost_cache = (s, tuple(out))
        return self.ghost_cache[1]

    def _hand_shown(self, s: Any, human: bool, curtain: bool) -> tuple[int | None, bool]:
        """Whose hand the hand panel shows, and whether face up: the player to act; while
        computers play against one person, that person's own hand stays in view."""
        if s.is_over:
            return None, False
        seat = s.current_player
        if human:
            return seat, not curtain
        people = [i for i, k in enumerate(self.session.seats) if k == "human"]
        if len(people) == 1:
            return people[0], True
        return seat, False

    # ---- export and import ---------------------------------------------------------------
    def export(self) -> None:
        s = self.state
        if s is None:
            return
        name = f"cakegame-seed{s.seed}-turn{s.turn_number}.json"
        download(name, self.session.save_text())
        # The browser may save it without a word: say where the game went, and the way back.
        self.notice(f"Exported the game as {name} (your downloads). Import, in More, opens "
                    "it again, here or in another browser.")

    def on_import(self, event: Any) -> None:
        files = event.target.files
        if not found(files) or files.length == 0:
            return
        file = files.item(0)
        event.target.value = ""
        asyncio.ensure_future(self._import(file))

    async def _import(self, file: Any) -> None:
        """Read a chosen file and load the game in it, asking first if it would replace a
        game in progress. The file is checked before anything parses it (saves.decode)."""
        try:
            if int(file.size) > saves.MAX_CHARS * 4:
                dialogs.message("Import failed", "That file is too large to be a saved game.")
                return
            text = await file.text()
        except Exception as error:
            dialogs.message("Import failed", f"The file could not be read: {error}")
            return
        try:
            save = saves.decode(text)
        except saves.SaveError as error:
            dialogs.message("Import failed",
                            f"That file is not a game this page can load: {error}.")
            return
        if self.state is not None and save.state == self.state and (
                save.record == self.session.record):
            dialogs.message("Nothing to import", "That file holds the game in play, at this "
                            "very moment: nothing was changed.")
            return
        self.import_note = (" The file holds no history of the game, so it has no replay."
                            if save.record is None else self._history_note(save))
        if self.state is None or self.state.is_over:
            self._import_now(save)
            return
        self.pending_import = save
        dialogs.open_modal("import-confirm")
        by_id("imp-no").focus()

    def _import_confirmed(self) -> None:
        dialogs.close("import-confirm")
        if self.pending_import is not None:
            save, self.pending_import = self.pending_import, None
            self._import_now(save)

    def _import_cancelled(self) -> None:
        self.pending_import = None
        dialogs.close("import-confirm")

    def _import_now(self, save: saves.Save, title: str = "Game imported",
                    game: str = "The game from the file") -> None:
        """Replace the game by an imported (or kept) one, keeping the game in progress aside
        first (as a copy in this browser, or as a file if storage refuses the copy)."""
        kept = self._keep_in_progress()
        for d in ("newgame", "gameover", "curtain"):
            dialogs.close(d)
        self.saver.held = False
        # Whoever plays next takes the device first: the hand shown when the file was
        # written is not shown to whoever opened it. And no old notice ("Exported ...")
        # stays over the game that replaced it.
        save.ui = {**save.ui, "revealed": None}
        self.notice("")
        self._resume(save)
        # A finished game is opened, not "in play" (a play-tester imported one).
        over = self.state is not None and self.state.is_over
        lead = (f"{game} is open: it ended on turn {self.state.turn_number}, and Replay steps "
                "through it." if over else f"{game} is now in play.")
        words = lead + self.import_note + (" " + kept if kept else "")
        self.kept.refresh()
        dialogs.message(title, words)

    def _keep_in_progress(self) -> str:
        """Keep the game in progress aside before another takes its place: a copy in this
        browser, or a file if storage refuses the copy. What was done, in words for the
        player ("" when no game was in progress)."""
        if self.state is None or self.state.is_over:
            return ""
        if self.saver.keep_aside() is not None:
            return f"The game it replaced was kept aside in this browser ({KEPT_HINT})."
        self.export()
        return "The game it replaced could not be kept in this browser: it was exported."

    @staticmethod
    def _history_note(save: saves.Save) -> str:
        """Check a loaded game's record against its state; one that does not lead there is
        dropped (the game plays on without a replay) and the words say so, else ""."""
        if save.record is None:
            return ""
        try:
            recordmod.check(save.record, save.state)
        except recordmod.RecordError as error:
            save.record = None
            return f" Its history could not be restored ({error}), so it has no replay."
        return ""

    def open_kept(self, key: str, raw: str) -> None:
        """Play on a game kept aside (`key`, its text): the game on the table takes its place
        among the kept ones, and the copy opened leaves the list (it is the saved game now)."""
        try:
            save = saves.decode(raw)
        except saves.SaveError as error:
            dialogs.message("The kept game could not be opened", f"It is damaged: {error}.")
            return
        self.import_note = self._history_note(save)
        self._import_now(save, "Kept game opened", "The kept game")
        self.saver.store.remove(key)
        self.kept.refresh()

    def _menu_focus_back(self) -> None:
        """After a dialog closed: if the focus fell to the page's body or stayed on a button
        of the closed menu, it goes to the menu's own button (More)."""
        if dialogs.any_open() or self.replays.reviewing:
            return
        active = document.activeElement
        in_menu = found(active) and hasattr(active, "closest") \
            and found(active.closest("#more .more-menu"))
        if nothing_focused() or (in_menu and not by_id("more").open):
            by_id("more").querySelector("summary").focus()

    def _result_closed(self) -> None:
        """The game-over dialog closed onto the lab: the focus goes to "Show the result" (it
        fell to the page's body, ten Tabs from anything, or back to whatever held it before
        the game ended), unless another dialog took over (the replay, a new game); and
        again after the next paint if a redraw took that button away meanwhile."""
        if dialogs.any_open() or self.replays.reviewing:
            return

        def focus() -> None:
            el = by_id("over-result")
            if found(el) and not dialogs.any_open() and not self.replays.reviewing:
                el.focus()

        focus()
        later.after_paint(lambda: focus() if nothing_focused() else None)

    # ---- computer players ----------------------------------------------------------------
    def _schedule_bot(self) -> None:
        self.bot_token += 1
        asyncio.ensure_future(self._bot_move(self.bot_token, self.state))

    def step_bot(self) -> None:
        """Step-by-step pace: let the computer player make its next move."""
        waiter = self.step_waiter
        self.step_waiter = None
        if waiter is not None and not waiter.done():
            waiter.set_result(True)
        self.render()

    def stepping(self) -> bool:
        """The computer players' moves wait for a press of "Next move" each (the
        step-by-step pace; a test's own `?botpace=` plays on)."""
        return self.animator.fixed_s is None and self.prefs.pace == "step"

    async def _bot_move(self, token: int, state: Any) -> None:
        """A computer player's next action, shown at its pace: the pace is the least time
        from the last move to this one, and the thinking counts towards it (a hard player
        thought 1.5 s after waiting 0.7 s, and a four-player round took 15-24 s, a
        play-tester); a step that is its only choice waits a third of it."""
        loop = asyncio.get_event_loop()
        began = loop.time()
        pace = self.animator.bot_delay
        if self.stepping():
            await asyncio.sleep(0)
            if token != self.bot_token or state is not self.state:
                return
            self.step_waiter = loop.create_future()
            self.render()
            await self.step_waiter
            began, pace = loop.time(), 0.0
        if not await self._bot_may_go(token, state) or state.is_over:
            return
        seat = state.current_player
        level = self.session.seats[seat]
        if level == "human":
            return
        legal = state.legal_actions()
        if len(legal) == 1:
            action = legal[0]
            if self.animator.fixed_s is None:
                pace /= 3
        else:
            try:
                action = await bots_bridge.choose(state.view(seat), level,
                                                  self.session.bot_seed())
            except Exception as error:
                self.notice(f"The computer player failed ({error!r}); it plays a simple move.")
                action = legal[0]
        rest = pace - (loop.time() - began)
        if rest > 0:
            await asyncio.sleep(rest)
        if await self._bot_may_go(token, state):  # a message may have opened as it thought
            self.apply(str(action))

    async def _bot_may_go(self, token: int, state: Any) -> bool:
        """Once no message is on screen (a computer player does not move behind one:
        "Continuing from here", "Game imported"), whether its move still stands: the game
        has not moved on since it was asked for."""
        while dialogs.is_open("message"):
            await asyncio.sleep(0.1)
            if token != self.bot_token or state is not self.state:
                return False
        return token == self.bot_token and state is self.state


def _multi_label(s: Any, acts: list[str]) -> str:
    """What a chamber standing for several actions says it opens: the choices by their
    buttons' labels ("3 choices: Deliver a Test Subject to E, ..."), so a screen reader
    hears them before pressing (it heard "3 choices" alone); only the count where the
    labels are no words (a Portal's "shift K L") or too many to hear."""
    said = [labels.button_label(a, s.names, s.current_player) for a in acts]
    if len(acts) > 4 or any(label == act for label, act in zip(said, acts)):
        return f"{len(acts)} choices"
    costs = [targets.turret_costs(s, a) for a in acts]  # as the buttons say it
    return f"{len(acts)} choices: " + ", ".join(
        label + (f" (destroys {lost} of yours)" if lost else "")
        for label, lost in zip(said, costs))


def _said(s: Any, text: str) -> str:
    """A target chamber's sentence for screen readers and its tooltip: the engine's, and for
    a Turret placed, what it costs the player ("...: 2 Orange Test Subjects destroyed"), as
    the choices bar says (`targets.harm_note`)."""
    if targets.turret_costs(s, text):
        return eventlog.own_losses_text(s, text, targets.outcome(s, text))
    met = targets.destination_turret(s, text)
    if met:
        # A group sent into the Turret's chamber: its label said only "sends them to
        # chamber R (top row)" (a keyboard play-tester's group was destroyed there).
        return f"{s.describe(text)}: {met}"
    return s.describe(text)
