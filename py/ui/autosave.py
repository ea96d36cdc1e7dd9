"""Keeping the game in the browser's storage: read the save at start, write after changes.

A click's save runs just after its redraw (`soon`); leaving or hiding the page flushes a
save still due (`flush`), so a reload at any moment resumes the state on the screen.

Which save may be written over is `slot.Slot`'s business: a damaged save is kept
aside first, one that cannot be read is never written, and a save another tab wrote since
this tab read is never overwritten: `now` hands it to `moved_on` (the controller follows
that game) instead.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import window

from . import saves, slot
from .dom import Deferred, Store, Texts, Unreadable
from .session import Session


class AutoSave(Deferred):
    """The save of `session` in localStorage, and the top bar's word on it."""

    def __init__(self, session: Session, texts: Texts) -> None:
        super().__init__()  # `due`: a click's save waits until the redraw is on screen
        self.session = session
        self.texts = texts
        self.store = Store()
        self.slot = slot.Slot(self.store, lambda: float(window.Date.now()))
        self.problem: tuple[str, str] | None = None  # (title, text) for the player, once
        self.held = False  # a shared link is being looked at: write nothing until play
        # Called with the stored text when another tab saved since this one read.
        self.moved_on: Callable[[str | None], None] = lambda raw: None
        # The position this tab last read from storage or wrote there: a tab whose game is
        # still that one has nothing of its own to keep aside when another tab moved on.
        self.synced: Any = None

    def read(self) -> saves.Save | None:
        """The saved game, or None (none, or not resumable: then `problem` says why)."""
        rescued = _rescued()
        loaded = self.slot.load()
        if loaded.save is not None:
            self.synced = loaded.save.state
        if not self.store.available or self.slot.blocked:
            self.show(self.slot.blocked or self.store.problem or "cannot save")
        if loaded.title:
            self.problem = (loaded.title, loaded.text)
        elif rescued is not None:
            self.problem = rescued
        return loaded.save

    def now(self) -> None:
        """Write the game to localStorage now (see `soon` for a click's save)."""
        super().now()
        if self.session.state is None or self.held:
            return
        result = self.slot.write(self.session.save_text, self.unchanged)
        if result == slot.SAVED:
            self.synced = self.session.state
            self.show("")
        elif result == slot.MOVED:
            try:
                raw = self.slot.current()
            except Unreadable:
                self.show(self.slot.blocked or "cannot save")
                return
            self.moved_on(raw)
        elif result == slot.BLOCKED:
            self.show(self.slot.blocked or "cannot save")
        else:
            self.show(self.store.problem or "the browser refused to save the game")

    def unchanged(self, raw: str) -> bool:
        """Whether another tab's save `raw` holds the position this tab last read or wrote
        (a second tab opening the game saves it again on start)."""
        return slot.holds(raw, self.synced)

    # `soon` (dom.Deferred) saves once the browser has run the click's redraw: the JSON of
    # the game (tens of kilobytes late in a game) and the storage write then stay out of the
    # click's time; `pagehide` and `visibilitychange` `flush` it.

    def keep_aside(self) -> str | None:
        """Copy the game in progress to a key of its own (before something replaces it)."""
        if self.session.state is None:
            return None
        return self.slot.keep_aside(self.session.save_text(self.slot.rev or 0),
                                    slot.KEPT_PREFIX)

    def show(self, problem: str) -> None:
        if problem:
            self.texts.text("save-state", f"Not saved: {problem}")
            self.texts.cls("save-state", "save-state bad")
        else:
            self.texts.text("save-state", "Saved")
            self.texts.cls("save-state", "save-state ok")


def _rescued() -> tuple[str, str] | None:
    """What js/rescue.js did before Python started: a save Python could not read safely (too
    large, nested too deeply) moved aside; words for the player, or None."""
    try:
        note = window.cakeRescue
        reason, kept = note.reason, note.kept
    except Exception:
        return None
    if not isinstance(reason, str):
        return None
    where = (f"It was kept aside in this browser ({slot.KEPT_HINT})."
             if isinstance(kept, str) else "It could not be copied aside.")
    return ("Your saved game could not be resumed",
            f"The saved game could not be resumed: {reason}. {where} You can start a new game.")
