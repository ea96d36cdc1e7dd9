"""The "Kept games" dialog (`#kept`, from More): the games this browser kept aside
(ui/kept.py), each to open (the game on the table is kept aside in its place), export to a
file, or delete after a second press.

Every message that says a game was kept aside points here, so a copy the page made is one a
player can reach, not a storage key to look up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import window

from . import dialogs, kept
from .dom import by_id, download, found, markup


class KeptView:
    """The list of kept games, and the More menu's button to it."""

    def __init__(self, store: Any, on: Callable[[str, str, Callable[[Any], None]], None],
                 open_game: Callable[[str, str], None]) -> None:
        self.store = store
        self.open_game = open_game  # (key, text): play the kept game on
        self.asked: str | None = None  # the copy whose "Delete" was pressed once
        on("btn-kept", "click", lambda e: self.open())
        on("kept-close", "click", lambda e: dialogs.close("kept"))
        on("kept-list", "click", self._click)

    def entries(self) -> list[kept.Kept]:
        return kept.listing(self.store.items())

    def refresh(self) -> None:
        """The More menu's button: its count (from the keys alone: nothing is read or
        checked), hidden while nothing is kept."""
        n = sum(kept.is_kept(key) for key in self.store.keys())
        button = by_id("btn-kept")
        button.hidden = n == 0
        button.textContent = f"Kept games ({n})"

    def open(self) -> None:
        self.asked = None
        self._draw()
        dialogs.open_modal("kept")

    def _draw(self) -> None:
        rows = []
        for k in self.entries():
            when = (str(window.Date.new(k.at_ms).toLocaleString()) if k.at_ms
                    else "at an unknown time")
            if self.asked == k.key:
                buttons = (markup("span", "Delete it for good?", "kept-ask")
                           + markup("button", "Delete", "danger", type="button",
                                    data_do="delete-yes", data_key=k.key)
                           + markup("button", "Keep it", None, type="button",
                                    data_do="keep", data_key=k.key))
            else:
                buttons = "" if k.damaged else markup(
                    "button", "Open", "primary", type="button", data_do="open", data_key=k.key)
                buttons += (markup("button", "Export", None, type="button", data_do="export",
                                   data_key=k.key)
                            + markup("button", "Delete", None, type="button", data_do="delete",
                                     data_key=k.key))
            rows.append(markup("li", None, "kept-item" + (" damaged" if k.damaged else ""),
                               inner=markup("p", k.summary, "kept-what")
                               + markup("p", f"Kept {when}", "muted small")
                               + markup("div", None, "kept-buttons", inner=buttons)))
        by_id("kept-list").innerHTML = "".join(rows) or markup(
            "li", "No game is kept aside in this browser.", "muted")
        self.refresh()

    def _click(self, event: Any) -> None:
        target = event.target
        if not found(target) or not hasattr(target, "closest"):
            return
        el = target.closest("[data-do]")
        if not found(el):
            return
        do, key = str(el.getAttribute("data-do")), str(el.getAttribute("data-key"))
        if not kept.is_kept(key):
            return
        raw = self.store.get(key)
        if do == "open" and raw is not None:
            dialogs.close("kept")
            self.open_game(key, raw)
            self.refresh()
            return
        if do == "export" and raw is not None:
            download(f"cakegame-kept-{key.rsplit('.', 1)[-1]}.json", raw)
        elif do == "delete":
            self.asked = key
        elif do == "delete-yes":
            self.store.remove(key)
            self.asked = None
        elif do == "keep":
            self.asked = None
        self._draw()
        focus = by_id("kept-list").querySelector(
            '[data-do="delete-yes"]' if self.asked else "button")
        if found(focus):
            focus.focus()
        else:
            by_id("kept-close").focus()
