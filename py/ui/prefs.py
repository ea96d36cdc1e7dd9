"""A player's preferences for this browser: how the table behaves, not what the game is.

Kept apart from the save (they outlive a game) as JSON under `cakegame.prefs`; anything
unreadable falls back to the defaults, never to an error.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any

PREFS_KEY = "cakegame.prefs"
PACES = ("slow", "normal", "fast", "step")


@dataclass
class Prefs:
    """What the settings dialog and the pace control choose."""

    confirm_end: bool = True  # against computers: the turn's last decision waits for a confirm
    # Between people at one screen: the same, before the device goes to the next person (a
    # mis-tap there cannot be taken back); asked for, as it costs a tap every turn.
    confirm_people: bool = False
    auto_single: bool = False  # a decision with one option only is taken by itself
    pace: str = "normal"  # the computer players' pace: slow, normal, fast or step by step

    def to_text(self) -> str:
        return json.dumps(asdict(self), separators=(",", ":"))


def from_text(text: Any) -> Prefs:
    """Prefs from stored JSON; what is missing or wrong takes its default."""
    p = Prefs()
    try:
        data = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        data = None
    if not isinstance(data, dict):
        return p
    if isinstance(data.get("confirm_end"), bool):
        p.confirm_end = data["confirm_end"]
    if isinstance(data.get("confirm_people"), bool):
        p.confirm_people = data["confirm_people"]
    if isinstance(data.get("auto_single"), bool):
        p.auto_single = data["auto_single"]
    if data.get("pace") in PACES:
        p.pace = data["pace"]
    return p
