"""The share dialog: a link that holds the whole game, after a warning when it is not over.

The link is this page's address with the game in its fragment (`ui.sharelink`), so it
needs no server, works offline and from any static host. A link shows every hand (it can
replay every card drawn), so for a game still in progress the dialog says so first and
shows the link only once the player chooses to go on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import window

from . import dialogs, sharelink
from .dom import by_id
from .record import Record


def page_address() -> str:
    """This page's address without its fragment (nor the new-game query: a link opens as a
    replay, whatever game the sharer had set up)."""
    href = str(window.location.href)
    return href.split("#", 1)[0].split("?", 1)[0]


def link_for(rec: Record) -> str:
    return page_address() + "#" + sharelink.encode(rec)


class ShareDialog:
    """`<dialog id="share">`."""

    def __init__(self, on: Callable[[Any, str, Any], None]) -> None:
        self.dialog = by_id("share")
        self.link = ""
        on("sh-show", "click", lambda e: self._reveal())
        on("sh-copy", "click", lambda e: self._copy())
        on("sh-close", "click", lambda e: self.dialog.close())

    def open(self, rec: Record, in_progress: bool) -> None:
        self.link = link_for(rec)
        by_id("sh-warning").hidden = not in_progress
        by_id("sh-show").hidden = not in_progress
        by_id("sh-link-box").hidden = in_progress
        by_id("sh-link").value = self.link
        by_id("sh-length").textContent = (
            f"{len(self.link):,} characters; {len(rec.actions)} actions. Whoever opens it sees "
            "the game as a replay, offline too, and can continue it as their own game.")
        by_id("sh-copied").textContent = ""
        dialogs.open_modal("share")
        # The focus goes to what is done next, Copy, not to the link: a screen reader read
        # out its thousand characters (a play-tester).
        (by_id("sh-show") if in_progress else by_id("sh-copy")).focus()

    def _reveal(self) -> None:
        by_id("sh-show").hidden = True
        by_id("sh-link-box").hidden = False
        by_id("sh-copy").focus()

    def _copy(self) -> None:
        field = by_id("sh-link")
        field.select()
        try:
            window.navigator.clipboard.writeText(self.link)
            by_id("sh-copied").textContent = "Copied."
        except Exception:
            by_id("sh-copied").textContent = "Select the link and copy it."
