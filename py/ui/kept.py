"""Games kept aside in this browser, as the player sees them listed.

The page never loses a game: one in progress it replaces (a new game, an import, a
continued replay, another tab's game) is copied to `cakegame.save.kept.<time>`, and a save
it cannot read to `cakegame.save.broken.<time>` (ui/slot.py). This module turns those
stored copies into a list a player can act on (ui/keptview.py shows it: open, export,
delete): newest first, each summed up in words from its save, a damaged one said to be
damaged. Pure, so it is tested under CPython.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from cakegame.words import listed

from . import saves, slot

PREFIXES = (slot.KEPT_PREFIX, saves.BROKEN_PREFIX)


@dataclass(frozen=True)
class Kept:
    """One copy kept aside: its storage key, when it was kept (ms since 1970, 0 if the key
    does not say), whether it can be opened, and what it holds in words."""

    key: str
    at_ms: int
    damaged: bool
    summary: str


def is_kept(key: str) -> bool:
    return any(key.startswith(prefix) for prefix in PREFIXES)


def summary(save: saves.Save) -> str:
    """A kept game in a few words: "Ann, Bo and Cy, turn 14, Bo to play (seed 17, 112
    decisions)" or "Ann and Bo, finished: Bo won (turn 30) (seed 5, 240 decisions)". The
    seed and the count tell apart two copies of one game, or of two games of the same
    players (a play-tester saw the kept copy read word for word as the game on the table)."""
    s = save.state
    who = listed(list(s.names))
    told = f"seed {s.seed}"
    if save.record is not None:
        n = len(save.record.actions)
        told += f", {n} decision{'' if n == 1 else 's'}"
    if s.is_over:
        winners = [s.names[w] for w in s.outcome.winners]
        won = f"{listed(winners)} {'won' if len(winners) == 1 else 'shared the win'}"
        return f"{who}, finished: {won} (turn {s.turn_number}) ({told})"
    return f"{who}, turn {s.turn_number}, {s.names[s.current_player]} to play ({told})"


def entry(key: str, raw: str | None) -> Kept:
    """What the copy stored under `key` holds (`raw`, its text; None if it cannot be read)."""
    stamp = key.rsplit(".", 1)[-1]
    at_ms = int(stamp) if stamp.isdigit() else 0
    if raw is None:
        return Kept(key, at_ms, True, "Cannot be opened: this browser could not read it")
    try:
        save = saves.decode(raw)
    except saves.SaveError as error:
        return Kept(key, at_ms, True, f"Cannot be opened: {error}")
    return Kept(key, at_ms, False, summary(save))


def listing(items: Iterable[tuple[str, str | None]]) -> list[Kept]:
    """The kept copies among stored (key, text) pairs, newest first."""
    found = [entry(key, raw) for key, raw in items if is_kept(key)]
    return sorted(found, key=lambda k: (k.at_ms, k.key), reverse=True)
