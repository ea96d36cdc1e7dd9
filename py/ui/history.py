"""Undo within the current player's turn.

A player may take back their own decisions of this turn, one at a time, but never past a
reveal of hidden information (a card drawn, a reshuffle: `State.reveals` changed) nor past a
decision made by another seat (an owner choosing which cake their subject carries). The page
keeps the states in a list; this module says how far back it may go.
"""

from __future__ import annotations

from typing import Any

from cakegame.history import undoable as _engine_undoable


def undoable(before: Any, now: Any) -> bool:
    """May the player to act at `now` go back to `before`, one action earlier?

    The engine's own rule (`cakegame.history.undoable`), so the page and the engine agree.
    """
    if now.is_over or before.is_over:
        return False
    return _engine_undoable(before, now)


def undo_depth(states: list[Any]) -> int:
    """How many actions at the end of `states` (oldest first, the last is now) may be undone.

    Each step back must be undoable on its own, and every state on the way back must share
    the turn, the reveals and the deciding seat with the current one.
    """
    if not states:
        return 0
    now = states[-1]
    depth = 0
    for before in reversed(states[:-1]):
        if not undoable(before, now):
            break
        depth += 1
    return depth


UNDO_TITLE = "Take back your last decision of this turn (U)"



NOT_YET = "Nothing to take back yet this turn"
SEEN = "Nothing to take back: a card was drawn or the deck shuffled since, and what was seen " \
    "stays seen"
OTHERS = "Nothing to take back: the last decision was another player's"
#: Every reason `undo_blocked` gives: a save's copy of one is believed only if it is here.
UNDO_STOPS = frozenset({NOT_YET, SEEN, OTHERS})


def undo_blocked(before: Any, now: Any) -> str:
    """Why the player to act at `now` cannot take back the decision made at `before`, one
    action earlier (the Undo button's tooltip while it is greyed out), or "" when they can."""
    if undoable(before, now):
        return ""
    if before.turn_number != now.turn_number:
        return NOT_YET
    if before.reveals != now.reveals:
        return SEEN
    return OTHERS
