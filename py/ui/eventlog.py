"""The game log's words, from the engine's events: one entry per move, its consequences
included ("Blue recycles chamber I into the top row: 2 Blue Test Subjects destroyed, 1 Orange
Cake Slice incinerated"), and the chambers it touched (for highlighting on the board).

Pure functions of the engine's data, so they are tested under CPython. Nothing hidden is
written: a card someone takes is never named (the log is read by everyone at the table).
"""

from __future__ import annotations

from typing import Any

from cakegame.events import EventKind

from . import labels

DIVISIONS = labels.DIVISION_NAMES
WHY_NOT = {"empty": "it holds no Test Subjects", "tie": "the majority is tied",
           "blocked": "the Companion Cube blocks it"}


def _n(count: int, thing: str) -> str:
    return f"{count} {thing}{'' if count == 1 else 's'}"


def _div(seat: int | None) -> str:
    return DIVISIONS[seat] if seat is not None and 0 <= seat < len(DIVISIONS) else "a"


def phrase(e: Any, names: Any) -> str | None:
    """A short phrase for one consequence, or None for an event that only restates the
    player's own choice (a move, a recycle, a Portal placed, a card deployed)."""
    k = e.kind
    who = names[e.seat] if e.seat is not None and e.seat < len(names) else "someone"
    if k is EventKind.SUBJECTS_DESTROYED:
        by = " by the Turret" if e.cause == "turret" else ""
        return f"{_n(e.count, _div(e.seat) + ' Test Subject')} destroyed in {e.chamber}{by}"
    if k is EventKind.CAKE_INCINERATED:
        return f"{_n(e.count, _div(e.seat) + ' Cake Slice')} incinerated"
    if k is EventKind.CAKE_RETURNED:
        return f"{_n(e.count, _div(e.seat) + ' Cake Slice')} back to supply"
    if k is EventKind.MAJORITY:
        return f"{who} wins {e.chamber}'s majority and its rewards"
    if k is EventKind.NO_MAJORITY:
        return f"nobody earns {e.chamber}'s rewards: {WHY_NOT.get(e.cause or '', 'none')}"
    if k is EventKind.SUBJECTS_IN and e.cause not in (None, "deliver"):
        return f"{_n(e.count, _div(e.seat) + ' Test Subject')} into {e.chamber}"
    if k is EventKind.CAKE_IN and e.cause not in (None, "deliver"):
        return f"{_n(e.count, _div(e.seat) + ' Cake Slice')} into {e.chamber}"
    if k is EventKind.CARD_TAKEN:
        return f"{who} takes an Aperture card"
    if k is EventKind.CHARACTER:
        card = labels.CARD_NAMES.get(e.card or "")
        return f"{card.name if card else 'a card'} is now the active Character"
    if k is EventKind.RESHUFFLED:
        return "the discard pile is shuffled into a new deck"
    if k is EventKind.TURRET_FIRED:
        return f"the Turret fires into {e.chamber}"
    if k is EventKind.WON:
        return f"{who} wins"
    return None


def chambers_of(text: str, events: Any) -> str:
    """The chambers an action and its events touched, as a string of letters."""
    out: list[str] = []
    for w in text.split()[1:]:
        if len(w) == 1 and w.isalpha() and w.isupper() and w not in out:
            out.append(w)
    for e in events:
        for letter in (e.chamber, e.to):
            if letter and letter not in out:
                out.append(letter)
    return "".join(out)


def entry_text(before: Any, text: str, after: Any) -> str:
    """The log's sentence for `text` played at `before` (giving `after`)."""
    said = before.describe(text)
    named = set(text.split()[1:])
    parts: list[str] = []
    for e in after.events:
        k = e.kind
        if k in (EventKind.SUBJECTS_IN, EventKind.CAKE_IN) and e.chamber in named:
            continue  # the delivery the player chose: the sentence says it already
        if k is EventKind.CARD_TAKEN and "Aperture card" in said:
            continue
        p = phrase(e, after.names)
        if p is not None and p not in parts:
            parts.append(p)
    return said + (": " + ", ".join(parts) if parts else "")


def losses(events: Any) -> dict[str, int]:
    """Test Subjects and Cake Slices lost per chamber (for the board's badges)."""
    out: dict[str, int] = {}
    for e in events:
        if e.kind in (EventKind.SUBJECTS_DESTROYED, EventKind.CAKE_INCINERATED) and e.chamber:
            out[e.chamber] = out.get(e.chamber, 0) + e.count
    return out
