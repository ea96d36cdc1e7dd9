"""The one saved game of this browser: read at start, written only over what this tab read,
copies kept aside, never lost.

Several tabs (or another page of the same site) share `localStorage["cakegame.save"]`.
Each save carries a revision (`rev`, see saves.py). A tab remembers the save it read or
wrote last, text and revision, and writes only while that text is still the stored one: if
another tab saved in between, `write` answers MOVED and the page follows the newer game
(the `storage` event usually tells it first), keeping its own unsaved position aside. A
save that cannot be read at all (the browser throws) makes this tab never write: it may
hold a game.

Pure Python over a store with `read`, `set`, `has` (ui.dom.Store in the page, a dict-backed
fake in tests) and a clock in milliseconds, so it is tested under CPython.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import saves

KEPT_PREFIX = "cakegame.save.kept."  # games this page replaced (an import, another tab)
KEPT_HINT = "More, then Kept games, lists it"  # where a player finds them (ui/keptview.py)

SAVED, MOVED, BLOCKED, FAILED = "saved", "moved", "blocked", "failed"


class Unreadable(Exception):
    """Raised by a store's `read` when the browser throws (ui.dom.Store raises it too):
    something may be stored there."""


@dataclass
class Loaded:
    """What start-up found: a save to resume, or words for the player, or neither."""

    save: saves.Save | None = None
    title: str = ""
    text: str = ""


class Slot:
    """The saved game as this tab knows it."""

    def __init__(self, store: Any, clock: Callable[[], float]) -> None:
        self.store = store
        self.clock = clock
        self.rev: int | None = None  # the revision this tab read or wrote last
        # ... and that save's whole text. Two tabs can each write the same next revision
        # (neither had seen the other's save yet), so only the text tells whose save it is.
        self.text: str | None = None
        self.known: str | None = None  # a damaged save already kept aside: may be replaced
        self.blocked: str | None = None  # why this tab must not write the save at all

    # ---- reading ---------------------------------------------------------------------------
    def current(self) -> str | None:
        """The stored save's text now (None if none); blocks writing if it cannot be read."""
        try:
            return self.store.read(saves.SAVE_KEY)
        except Unreadable:
            self.blocked = ("the saved game in this browser could not be read, so it is left "
                            "untouched")
            raise

    def load(self) -> Loaded:
        """The save to resume at start-up, checked; a damaged one is kept aside."""
        try:
            raw = self.current()
        except Unreadable:
            return Loaded(None, "Your saved game could not be read",
                          "The browser refused to read the saved game, so it is left "
                          "untouched and this tab will not save over it. You can still play; "
                          "reload later to try again.")
        if raw is None:
            return Loaded()
        try:
            save = saves.decode(raw)
        except saves.SaveError as error:
            return Loaded(None, "Your saved game could not be resumed",
                          f"The saved game could not be resumed: {error}. "
                          + self.set_aside_damaged(raw) + " You can start a new game.")
        self.rev, self.text = save.rev, raw
        return Loaded(save)

    def set_aside_damaged(self, raw: str) -> str:
        """Keep a damaged save aside (then it may be written over); the words saying where."""
        kept = self.keep_aside(raw, saves.BROKEN_PREFIX)
        if kept is None:
            self.blocked = "an old save could not be kept aside"
            return ("It could not be copied aside, so it is left untouched and this game "
                    "will not be saved over it.")
        self.known = raw
        return f"It was kept aside in this browser ({KEPT_HINT})."

    def keep_aside(self, raw: str, prefix: str) -> str | None:
        """Copy `raw` under a new key starting with `prefix`; the key, or None if refused."""
        stamp = int(self.clock())
        key = f"{prefix}{stamp}"
        n = 1
        while self.store.has(key):
            key = f"{prefix}{stamp}.{n}"
            n += 1
        if self.store.set(key, raw) and self.store.read(key) == raw:
            return key
        return None

    # ---- writing ---------------------------------------------------------------------------
    def mine(self, raw: str | None) -> bool:
        """Whether this tab may write over `raw`: nothing there, the save it read or wrote
        last, or a damaged save it has already kept aside."""
        if raw is None:
            return True
        return raw == self.text or (self.known is not None and raw == self.known)

    def settled(self, announced: str | None) -> bool:
        """Whether news of another tab's write (a `storage` event announcing the text
        `announced`) leaves nothing to follow: it announces the save this tab already has,
        or the stored save is still this tab's own because this tab wrote after it (events
        can arrive late; the other tab follows this one's newer save)."""
        if announced is not None and announced == self.text:
            return True
        try:
            now = self.store.read(saves.SAVE_KEY)
        except Unreadable:
            return False
        return now is not None and now == self.text

    def write(self, text_of: Callable[[int], str],
              unchanged: Callable[[str], bool] = lambda raw: False) -> str:
        """Save the text `text_of(rev)` under the next revision: SAVED, or MOVED (another
        tab saved since: nothing written), BLOCKED (must not write) or FAILED (refused).

        `unchanged(raw)` says whether a save another tab wrote since holds nothing new to
        this tab (the position this tab last read or wrote, saved again by a tab that opened
        it): this tab's newer position then goes on top of it, as if it were its own."""
        if self.blocked:
            return BLOCKED
        try:
            raw = self.current()
        except Unreadable:
            return BLOCKED
        if not self.mine(raw) and not (raw is not None and unchanged(raw)):
            return MOVED
        rev = max(self.rev or 0, saves.peek_rev(raw) or 0) + 1
        text = text_of(rev)
        if not self.store.set(saves.SAVE_KEY, text):
            return FAILED
        self.rev, self.text = rev, text
        self.known = None
        return SAVED

    def adopt(self, save: saves.Save, raw: str) -> None:
        """This tab now shows `save`, read from storage as `raw`: the save to match."""
        self.rev, self.text = save.rev, raw
        self.known = None

    def forget(self) -> None:
        """The stored save was removed elsewhere: this tab's game is the only copy left."""
        self.rev = self.text = None


def holds(raw: str, state: Any) -> bool:
    """Whether the save `raw` holds the game position `state` (None: no position known):
    then another tab that wrote it added nothing this tab's newer position would lose."""
    if state is None:
        return False
    try:
        return saves.decode(raw).state == state
    except saves.SaveError:
        return False
