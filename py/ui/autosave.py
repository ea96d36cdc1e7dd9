"""Keeping the game in the browser's storage: read the save at start, write after changes.

A click's save runs just after its redraw (`soon`); leaving or hiding the page flushes a
save still due (`flush`), so a reload at any moment resumes the state on the screen. A save
that cannot be read is kept aside under its own key and never overwritten.
"""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_proxy
from pyscript import window

from . import saves
from .dom import Store, Texts
from .session import Session


class AutoSave:
    """The save of `session` in localStorage, and the top bar's word on it."""

    def __init__(self, session: Session, texts: Texts) -> None:
        self.session = session
        self.texts = texts
        self.store = Store()
        self.blocked = False  # a broken save could not be kept aside: never overwrite it
        self.due = False  # a click's save waits until the redraw is on screen
        self.problem: tuple[str, str] | None = None  # (title, text) for the player, once
        self.held = False  # a shared link is being looked at: write nothing until play
        self._proxy = create_proxy(self.flush)

    def read(self) -> saves.Save | None:
        """The saved game, or None (none, unreadable: then `problem` says why)."""
        raw = self.store.get(saves.SAVE_KEY)
        if raw is None:
            if not self.store.available:
                self._show(self.store.problem or "cannot save")
            return None
        try:
            return saves.decode(raw)
        except saves.SaveError as error:
            kept = self._keep_aside(raw)
            where = (f"It was kept aside in this browser's storage as “{kept}”."
                     if kept else "It could not be copied aside, so it is left untouched and "
                     "this game will not be saved over it.")
            self.problem = (
                "Your saved game could not be resumed",
                f"The saved game could not be resumed: {error}. {where} "
                "You can start a new game.")
            return None

    def _keep_aside(self, raw: str) -> str | None:
        stamp = int(window.Date.now())
        key = f"{saves.BROKEN_PREFIX}{stamp}"
        n = 1
        while self.store.has(key):
            key = f"{saves.BROKEN_PREFIX}{stamp}.{n}"
            n += 1
        if self.store.set(key, raw) and self.store.get(key) == raw:
            return key
        self.blocked = True
        return None

    def now(self) -> None:
        """Write the game to localStorage now (see `soon` for a click's save)."""
        self.due = False
        if self.session.state is None or self.held:
            return
        if self.blocked:
            self._show("not saved: an old save could not be kept aside")
            return
        if self.store.set(saves.SAVE_KEY, self.session.save_text()):
            self._show("")
        else:
            self._show(self.store.problem or "cannot save")

    def soon(self) -> None:
        """Save once the browser has run the click's redraw: the JSON of the game (tens of
        kilobytes late in a game) and the storage write then stay out of the click's time.

        `setTimeout(0)` runs in the next task, before any later input or page script, so a
        save is never more than one task behind; `pagehide` and `visibilitychange` flush it
        too. Several clicks before it runs make one save of the latest state.
        """
        if self.due:
            return
        self.due = True
        window.setTimeout(self._proxy, 0)

    def flush(self, *_: Any) -> None:
        """Run a pending `soon` now (no-op if none is pending)."""
        if self.due:
            self.now()

    def _show(self, problem: str) -> None:
        if problem:
            self.texts.text("save-state", f"Not saved: {problem}")
            self.texts.cls("save-state", "save-state bad")
        else:
            self.texts.text("save-state", "Saved")
            self.texts.cls("save-state", "save-state ok")
