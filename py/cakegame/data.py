"""The layout of the game data, declared once: the dict a State wraps and a save holds.

These TypedDicts cost nothing at run time (the data stays plain dicts and lists, which is
what makes saves, copies and Pyodide cheap); they document each field's type in one place
for readers and for a type checker. `serial.KEYS` (the keys a save must have, in order) and
`events._FIELDS` (an event's optional fields) are read from `GameData` and `EventData`, so
`serial.load` checks a save against this layout.
Chambers are panel indices 0-17 (letters A-R for players), seats 0-3.
"""

from __future__ import annotations

from typing import Literal, TypedDict

Step = Literal["deploy", "move", "activate"]


class Over(TypedDict):
    """How a finished game ended (`State.outcome` reads it)."""

    winners: list[int]
    reason: str  # a Termination value
    seat: int | None  # the division whose situation ended the game
    cake: list[int]  # Cake Slices in the lab per seat, at the end
    subjects: list[int]


class EventData(TypedDict, total=False):
    """One told consequence (events.py): only "k" is always there."""

    k: str  # an EventKind value
    seat: int
    chamber: str  # a letter
    to: str
    count: int  # 1 when left out
    cause: str
    card: str
    row: str


class Frame(TypedDict, total=False):
    """One open decision on the stack; which keys a kind has is declared by its class in
    decisions.py (`fields`), and typed in pending.Pending."""

    k: str
    seat: int
    own: bool
    bonus: bool
    src: int | None
    who: int | None
    dst: int | None
    mover: int
    n: int
    slots: int
    picks: list[int]
    first: int | None
    any: bool
    icons: str
    burned: bool
    card: str


class GameData(TypedDict):
    """The whole game at one moment (State._d, State.to_json())."""

    format: str  # "cakegame/1"
    players: int
    names: list[str]
    seed: int  # None in a View
    rng: str  # the generator's state, 16 hex digits (None in a View)
    pos: list[list[int] | None]  # per panel: [row, x] in the lab, or None when set aside
    face: list[int]  # per panel: which face is up (0 or 1)
    sub: list[list[int]]  # per panel, per seat: Test Subjects
    cake: list[list[int]]  # per panel, per seat: Cake Slices
    aside: list[int]  # the 3 panels out of the game
    portals: list[int]  # the two Portal chambers
    turret: int | None
    cube: int | None
    glados: int | None  # the activated chamber, until it is recycled
    supply: list[int]  # per seat: Test Subjects not in the lab
    cake_supply: list[int]  # per seat: Cake Slices not yet earned
    burned: list[int]  # per seat: Cake Slices incinerated
    hands: list[list[str]]  # per seat: card ids, oldest first
    fresh: list[int]  # per seat: how many of the hand's last cards arrived this turn
    deck: list[str]  # top first; its top card's Aperture side is public
    discard: list[str]  # bottom first; the last is the active Character
    first: int  # the first player
    turn: int  # whose turn it is
    turn_no: int
    phase: Step | None  # the step under way
    done: list[Step]  # the steps of this turn already over
    stack: list[Frame]  # the open decisions, the top one last
    reveals: int  # hidden facts revealed so far (undo never crosses one)
    over: Over | None
    events: list[EventData]  # what the last action did
