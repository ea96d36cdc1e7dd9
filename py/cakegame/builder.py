"""Hand-made positions, for tests, examples and bug reports.

    s = build(2, '''
        A B C D E
        F G H I J
        K L M N O
    ''', subjects={"A": [1, 0], "C": [0, 2], "H": [3, 1], "K": [1, 1]}, step="move")

Each line of `lab` is a row (top, middle, bottom), its chambers from the new edge (left) to
the old edge (right). A chamber is its panel letter, with `'` after it for the panel's back
face. A line may start with `x=N` to set its first chamber's position (by default 0 for the
top and bottom rows and 1 for the middle one). Supplies are whatever the lab leaves of each
division's 8 subjects and 8 cake, so every built position keeps the game's invariants; it is
then checked like a loaded save.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import rng as rngmod
from . import rules
from .content import CAKE_PER_DIVISION, CARD_IDS, DIVISIONS, PANELS, SUBJECTS_PER_DIVISION
from .serial import FORMAT, load
from .state import State, first_turn

STEPS = (rules.DEPLOY, rules.MOVE, rules.ACTIVATE)


def build(
    players: int,
    lab: str,
    *,
    subjects: Mapping[str, Sequence[int]] | None = None,
    cake: Mapping[str, Sequence[int]] | None = None,
    hands: Sequence[Sequence[str]] | None = None,
    fresh: Sequence[int] | None = None,
    deck: Sequence[str] | None = None,
    discard: Sequence[str] = (),
    burned: Sequence[int] | None = None,
    portals: tuple[str, str] | None = None,
    turret: str | None = None,
    cube: str | None = None,
    turn: int = 0,
    step: str = rules.DEPLOY,
    names: Sequence[str] | None = None,
    seed: int = 0,
) -> State:
    """A game at the start of `step` of `turn`'s turn, in the position described."""
    n = players
    pos: list[list[int] | None] = [None] * len(PANELS)
    face = [0] * len(PANELS)
    lines = [line.split() for line in lab.strip().splitlines() if line.strip()]
    if len(lines) != 3:
        raise ValueError("a lab has three rows: top, middle, bottom")
    for row, words in enumerate(lines):
        x = 1 if row == 1 else 0
        if words and words[0].startswith("x="):
            x = int(words.pop(0)[2:])
        for word in words:
            p = rules.panel_of(word.rstrip("'"))
            if pos[p] is not None:
                raise ValueError(f"chamber {word} is in the lab twice")
            pos[p] = [row, x]
            face[p] = 1 if word.endswith("'") else 0
            x += 2
    sub = [[0] * n for _ in PANELS]
    cak = [[0] * n for _ in PANELS]
    for grid, given in ((sub, subjects or {}), (cak, cake or {})):
        for name, counts in given.items():
            if len(counts) != n:
                raise ValueError(f"give {n} counts for chamber {name}")
            grid[rules.panel_of(name)] = list(counts)
    burned = list(burned or [0] * n)
    hands = [list(h) for h in (hands or [[] for _ in range(n)])]
    discard = list(discard)
    if deck is None:
        used = {c for h in hands for c in h} | set(discard)
        deck = [c for c in CARD_IDS if c not in used]
    rows = [[p for p, rx in enumerate(pos) if rx is not None and rx[0] == r] for r in range(3)]
    for r in rows:
        r.sort(key=lambda p: pos[p][1])  # type: ignore[index]
    if portals is None:
        portal_panels = [rows[0][-1], rows[2][-1]]
    else:
        portal_panels = [rules.panel_of(portals[0]), rules.panel_of(portals[1])]

    def at(name: str | None) -> int | None:
        return None if name is None else rules.panel_of(name)

    d: dict[str, Any] = {
        "format": FORMAT,
        "players": n,
        "names": list(names or [dv.name for dv in DIVISIONS[:n]]),
        "seed": seed,
        "rng": rngmod.pack(rngmod.seed_state(seed)),
        "pos": pos,
        "face": face,
        "sub": sub,
        "cake": cak,
        "aside": [p for p in range(len(PANELS)) if pos[p] is None],
        "portals": portal_panels,
        "turret": at(turret),
        "cube": at(cube),
        "glados": None,
        "supply": [SUBJECTS_PER_DIVISION - sum(sub[p][s] for p in range(len(PANELS)))
                   for s in range(n)],
        "cake_supply": [CAKE_PER_DIVISION - burned[s] - sum(cak[p][s]
                        for p in range(len(PANELS))) for s in range(n)],
        "burned": burned,
        "hands": hands,
        "fresh": list(fresh or [0] * n),
        "deck": list(deck),
        "discard": discard,
        **first_turn(turn),
    }
    order = rules.step_order(d)
    if step not in STEPS:
        raise ValueError(f"step is one of {', '.join(STEPS)}")
    d["done"] = list(order[:order.index(step)])
    rules.check_end(d)
    rules.settle(d)
    d["events"] = []  # a built position starts with no action behind it
    return State._wrap(load(d))
