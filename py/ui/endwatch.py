"""How near the end the game is, in words: what a player watches as it draws close.

The game ends at once when a division has no Test Subjects left in the lab, or has had all
its Cake Slices incinerated; the winner is then whoever leads in cake (`State.leaders`).
A play-tester lost a four-player game they thought far from over: nothing had said that
an opponent was one Test Subject from ending it, nor who would win if it did. The Divisions
panel says so (and the phone's strip marks the counts) once a division is this close.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cakegame.content import CAKE_PER_DIVISION
from cakegame.words import counted, listed

# A division with this many Test Subjects in the lab, or fewer, can be wiped out in a turn
# (a Turret, a recycle, a card), and this many Cake Slices burnt leaves two to burn.
FEW_SUBJECTS = 2
MANY_BURNT = 6


@dataclass(frozen=True)
class Watch:
    """The divisions close to ending the game (`low`: few Test Subjects in the lab;
    `burnt`: most of their cake incinerated) and the sentence that says so."""

    low: tuple[int, ...]
    burnt: tuple[int, ...]
    text: str


def watch(s: Any) -> Watch | None:
    """The end in sight at `s`, or None while no division is close to ending the game (or
    once it is over)."""
    if s.is_over:
        return None
    subjects = s.subjects_in_lab()
    names = s.names
    low = tuple(i for i in range(s.players) if subjects[i] <= FEW_SUBJECTS)
    burnt = tuple(i for i in range(s.players) if s.incinerated(i) >= MANY_BURNT)
    if not low and not burnt:
        return None
    parts = []
    if len(low) == 1:
        parts.append(f"{names[low[0]]} has {counted(subjects[low[0]], 'Test Subject')} left "
                     "in the lab (the game ends when a division has none)")
    elif low:
        fewest = sorted(low, key=lambda i: (subjects[i], i))
        parts.append("Test Subjects left in the lab: "
                     + listed([f"{names[i]} {subjects[i]}" for i in fewest])
                     + " (the game ends when a division has none)")
    if burnt:
        parts.append(listed([f"{names[i]} has had {s.incinerated(i)} of {CAKE_PER_DIVISION} "
                             "Cake Slices incinerated" for i in burnt])
                     + f" (all {CAKE_PER_DIVISION} end the game)")
    leaders = s.leaders()
    who = listed([names[i] for i in leaders])
    now = (f"If it ended now, {who} would win." if len(leaders) == 1
           else f"If it ended now, {who} would share the win.")
    return Watch(low, burnt, "Near the end: " + "; ".join(parts) + ". " + now)
