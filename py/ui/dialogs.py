"""The page's small dialogs: a message, the pass-the-device curtain, the game's end.

Each is a `<dialog>` in index.html, opened modal; every one has a button to go on, so a
touch screen never needs an Escape key.
"""

from __future__ import annotations

from typing import Any

from pyscript import document

from . import labels
from .dom import by_id, found, h


def open_modal(dialog_id: str) -> None:
    d = by_id(dialog_id)
    if not d.open:
        try:
            d.showModal()
        except Exception:
            d.setAttribute("open", "")


def close(dialog_id: str) -> None:
    d = by_id(dialog_id)
    if d.open:
        d.close()


def is_open(dialog_id: str) -> bool:
    return bool(by_id(dialog_id).open)


def any_open() -> bool:
    """Some dialog is open (a message, the new-game form...)."""
    return found(document.querySelector("dialog[open]"))


def message(title: str, text: str) -> None:
    """A note for the player, with an OK button."""
    by_id("msg-title").textContent = title
    by_id("msg-text").textContent = text
    open_modal("message")


def curtain(name: str, why: str = "") -> None:
    """Ask everyone but `name` to look away before `name`'s hand shows; `why` says why the
    device goes to them now (a decision in another player's turn)."""
    by_id("curtain-title").textContent = f"Pass the device to {name}"
    by_id("curtain-text").textContent = (
        (why + " " if why else "")
        + f"{name}, your hand is hidden until you are ready. Everyone else: look away.")
    by_id("curtain-go").textContent = f"I am {name}: show my hand"
    open_modal("curtain")


def gameover(s: Any, me: int | None = None) -> None:
    """Who won (to `me`, the one person playing computers, in the second person), why the
    game ended, and each division's cake and subjects."""
    o = s.outcome
    by_id("go-winners").textContent = labels.winners_heading(o.winners, s.names, me)
    reason = ("The game ended because "
              + labels.reason_text(o.reason.value, labels.ended_by(o, s.names)) + ".")
    note = labels.result_note(o, s.names, s.turn)
    by_id("go-reason").textContent = f"{reason} {note}" if note else reason
    table = by_id("go-table")
    table.replaceChildren()
    head = h("tr")
    for text in ("Division", "Cake in the lab", "Test Subjects in the lab"):
        head.append(h("th", text))
    table.append(head)
    for seat in range(s.players):
        row = h("tr", None, "winner" if seat in o.winners else "")
        cell = h("td")
        cell.append(h("span", None, f"chip d{seat} shape{seat}"))
        cell.append(h("span", s.names[seat]))
        row.append(cell)
        row.append(h("td", str(o.cake[seat])))
        row.append(h("td", str(o.subjects[seat])))
        table.append(row)
    open_modal("gameover")
