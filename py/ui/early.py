"""Taking over from js/early.js: what the player did before Python was ready.

js/early.js opens the new-game form at once for a new player (and keeps what they type in
`window.cakeEarly`), or shows the last board as a picture for a returning one. When the
page's Python starts, `take()` reads that and undoes what the script changed (its note,
the non-modal form; the seat rows are index.html's, shared by both), so the page's own
new-game dialog opens as always; then `restore()` puts the typed values back into it, and
if "Start the game" was pressed early, the game starts with them at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pyscript import window

from .dom import by_id, found, js_object


@dataclass
class Early:
    """What happened before Python: the form was shown, the fields typed, Start pressed."""

    form: bool = False
    picture: bool = False
    start: bool = False
    values: dict[str, Any] = field(default_factory=dict)
    focus: Any = None  # the form's element the player had the focus on, if any


def take() -> Early:
    """Read window.cakeEarly and undo what js/early.js changed; an Early() if it did not run."""
    raw = getattr(window, "cakeEarly", None)
    if raw is None:
        return Early()
    raw.taken = True  # js/early.js stops listening: the page's Python owns the page now
    values: dict[str, Any] = {}
    try:
        box = raw.values
        for key in window.Object.keys(box):
            values[str(key)] = getattr(box, key)
    except Exception:
        values = {}
    note = by_id("ng-early")
    if found(note):
        note.remove()
    start = by_id("ng-start")
    if found(start):
        start.disabled = False
        start.textContent = "Start the game"
    dialog = by_id("newgame")
    active = window.document.activeElement
    shown = getattr(raw, "shown", None)
    moved = not (found(shown) and found(active) and bool(active.isSameNode(shown)))
    focus = (active if bool(raw.form) and moved and found(active) and dialog.contains(active)
             else None)
    if bool(raw.form) and dialog.open:
        dialog.close()
    dialog.classList.remove("early")
    return Early(form=bool(raw.form), picture=bool(raw.picture), start=bool(raw.start),
                 values=values, focus=focus)


def _event(name: str) -> Any:
    """A bubbling DOM event, so the dialog's own handlers run as after a player's input."""
    return window.Event.new(name, js_object({"bubbles": True}))


def restore(early: Early) -> None:
    """Put the fields typed before Python into the (open) new-game dialog."""
    v = early.values
    doc = window.document
    if "players" in v:
        for radio in doc.querySelectorAll("#ng-form input[name=players]"):
            radio.checked = radio.value == str(v["players"])
    rows = doc.querySelectorAll("#ng-seats .ng-seat")
    for seat in range(rows.length):
        row = rows.item(seat)
        if f"name{seat}" in v:
            row.querySelector(".ng-name").value = str(v[f"name{seat}"])
        if f"kind{seat}" in v:  # chosen by the player: a larger count must not change it
            kind = row.querySelector(".ng-kind")
            kind.value = str(v[f"kind{seat}"])
            kind.dispatchEvent(_event("change"))
    if "seed" in v:
        by_id("ng-seed").value = str(v["seed"])
    if "pass" in v:
        by_id("ng-pass").checked = bool(v["pass"])
    # The dialog shows the seats and rebuilds "who starts" from the players and names.
    radio = doc.querySelector("#ng-form input[name=players]:checked")
    if radio is not None:
        radio.dispatchEvent(_event("change"))
    if "first" in v:
        by_id("ng-first").value = str(v["first"])
    by_id("ng-form").dispatchEvent(_event("input"))
    # The focus where the player had it: the dialog, opened again, had moved it to the
    # player count, and a player part-way down the form lost their place (a keyboard
    # play-tester).
    el = early.focus
    if el is not None and found(el) and bool(el.isConnected) and not bool(
            getattr(el, "disabled", False)):
        el.focus()
