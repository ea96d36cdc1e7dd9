"""The open decision's details, as a typed value: `State.pending` and `View.pending`.

`Pending` names each detail of the decision under way with its type (a move's chosen source
`src` as a chamber letter, its owner `who`, whether it earns the bonus, a reward's icons
left to collect, ...). A detail the open kind of decision does not have is None. For the
callers written when `pending` was a plain dict, it also reads like that dict:
`p["src"]`, `p.get("own")`, `"dst" in p`, with the frame's own keys ("k" is the kind).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, fields
from typing import Any

from .content import PANEL_LETTERS

_LETTERED = ("src", "dst", "first")


@dataclass(frozen=True, eq=False)  # compared as a mapping, so `pending == {}` still works
class Pending(Mapping[str, Any]):
    """The open decision: its kind and who decides, and the details chosen so far."""

    kind: str | None = None  # the frame kind ('move', 'carry', 'reward', ...); None: no decision
    seat: int | None = None  # who decides
    own: bool | None = None  # move: the player's own subjects (False: a forced move)
    bonus: bool | None = None  # move, carry: a move of the move step, which may earn the bonus
    src: str | None = None  # move, carry: the chamber the group leaves
    who: int | None = None  # move: whose subjects move
    dst: str | None = None  # move, carry: where they go
    mover: int | None = None  # carry: the player who made the move
    n: int | None = None  # carry: how many subjects move
    slots: int | None = None  # carry: Cake Slices they may still carry
    picks: tuple[int, ...] | None = None  # carry: whose slices were picked so far
    first: str | None = None  # portal: where the first token went (None: not yet)
    any: bool | None = None  # portal: old edges allowed (Two Holes)
    icons: str | None = None  # reward: the icon codes still to collect
    burned: bool | None = None  # deploy: a slice already incinerated (Combustible Lemons)
    card: str | None = None  # put: the card on its way to the discard pile
    keys_: tuple[str, ...] = ()  # the keys the raw frame has, for the dict-like reading

    @classmethod
    def of(cls, frame: dict[str, Any] | None) -> Pending:
        """The Pending of a frame of the game data (None: no decision open)."""
        if not frame:
            return cls()
        values: dict[str, Any] = {}
        for k, v in frame.items():
            if k == "k":
                continue
            if k in _LETTERED and isinstance(v, int):
                v = PANEL_LETTERS[v]
            elif k == "picks":
                v = tuple(v)
            values[k] = v
        return cls(kind=frame["k"], keys_=tuple(frame), **values)

    # --- the dict-like reading of the first API
    def __getitem__(self, key: str) -> Any:
        if key not in self.keys_:
            raise KeyError(key)
        if key == "k":
            return self.kind
        v = getattr(self, key)
        return list(v) if key == "picks" else v

    def __iter__(self) -> Iterator[str]:
        return iter(self.keys_)

    def __len__(self) -> int:
        return len(self.keys_)


FIELDS = tuple(f.name for f in fields(Pending) if f.name != "keys_")
