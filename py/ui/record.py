"""A game's record: how it was set up and every action since, so any moment can be rebuilt.

A game is a seed and a list of action texts. The record holds exactly what `new_game` was
given (players, seed, names, the first player or None when the seed drew it) plus the seats
and the actions in order. Replaying it through the engine gives every state of the game,
which is what replays, exports, share links and "continue from here" are made of.

    {"format": "cakegame-record/1", "players": 2, "seed": 42, "names": ["Ann", "Bob"],
     "first": null, "seats": ["human", "easy"], "actions": ["from C", "to H", ...]}

Everything read back is checked before it is used (`RecordError` with words for the player),
and replaying checks every action with the engine's own `apply`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeGuard

import cakegame

RECORD_FORMAT = "cakegame-record/1"
SEAT_KINDS = ("human", "easy", "medium", "hard")
MAX_ACTIONS = 20_000  # a long four-player game has about 500
MAX_ACTION_TEXT = 40  # "shift A B" is 9 characters; the longest real action is far shorter
MAX_NAME = 32
MAX_SEED = 2**31 - 1


class RecordError(ValueError):
    """A record that cannot be replayed; `kind` is 'damaged', 'foreign', 'newer' or 'invalid'."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


@dataclass
class Record:
    """The set-up of one game and every action played in it, oldest first."""

    players: int
    seed: int
    names: list[str]
    first: int | None = None  # None: the seed drew the first player
    seats: list[str] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)

    def start(self) -> Any:
        """The state before the first action, exactly as the game began."""
        try:
            return cakegame.new_game(players=self.players, seed=self.seed,
                                     names=list(self.names), first_player=self.first)
        except ValueError as error:
            raise RecordError("invalid", f"the game cannot be set up again: {error}") from None

    def states(self) -> list[Any]:
        """Every state of the game: states()[k] is the state after the first k actions.

        Each action goes through the engine's checked `apply`, so a record that does not
        follow the rules is refused with the number of the first action that fails."""
        s = self.start()
        out = [s]
        for i, text in enumerate(self.actions):
            try:
                s = s.apply(text)
            except ValueError as error:
                raise RecordError("invalid", f"action {i + 1} ({text!r}) cannot be played: "
                                  f"{error}") from None
            out.append(s)
        return out

    def final(self) -> Any:
        """The state after every action."""
        return self.states()[-1]

    def branch(self, k: int) -> Record:
        """The same game cut after its first `k` actions (for "continue from here")."""
        k = max(0, min(k, len(self.actions)))
        return Record(self.players, self.seed, list(self.names), self.first, list(self.seats),
                      list(self.actions[:k]))

    def to_data(self) -> dict[str, Any]:
        """The record as JSON-able data."""
        return {"format": RECORD_FORMAT, "players": self.players, "seed": self.seed,
                "names": list(self.names), "first": self.first, "seats": list(self.seats),
                "actions": list(self.actions)}


def _version(fmt: Any) -> int | None:
    if isinstance(fmt, str) and fmt.startswith("cakegame-record/"):
        tail = fmt.split("/", 1)[1]
        if tail.isdigit() and len(tail) < 6:
            return int(tail)
    return None


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def from_data(data: Any) -> Record:
    """A Record from data read back (a save, a file, a link); its shape is checked here and
    its legality when it is replayed (`Record.states`)."""
    if not isinstance(data, dict):
        raise RecordError("foreign", "this is not the record of a game of this site")
    version = _version(data.get("format"))
    if version is None or version < 1:
        raise RecordError("foreign", "this is not the record of a game of this site")
    if version > 1:
        raise RecordError("newer", "this game was recorded by a newer version of the page; "
                          "update the page to open it")
    players = data.get("players")
    if not _whole(players) or not 2 <= players <= 4:
        raise RecordError("invalid", "the record's number of players is not 2, 3 or 4")
    seed = data.get("seed")
    if not _whole(seed) or not 0 <= seed <= MAX_SEED:
        raise RecordError("invalid", "the record's seed is not a whole number in range")
    names = data.get("names")
    if (not isinstance(names, list) or len(names) != players
            or not all(isinstance(n, str) and 0 < len(n) <= MAX_NAME for n in names)):
        raise RecordError("invalid", f"the record does not name its {players} players "
                          f"(up to {MAX_NAME} characters each)")
    first = data.get("first")
    if first is not None and (not _whole(first) or not 0 <= first < players):
        raise RecordError("invalid", "the record's first player is not one of its seats")
    seats = data.get("seats")
    if (not isinstance(seats, list) or len(seats) != players
            or not all(s in SEAT_KINDS for s in seats)):
        raise RecordError("invalid", "the record's seats do not match its players")
    actions = data.get("actions")
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise RecordError("invalid", "the record's actions are not a list of moves")
    for a in actions:
        if not isinstance(a, str) or not 0 < len(a) <= MAX_ACTION_TEXT:
            raise RecordError("invalid", "the record's actions are not a list of moves")
    return Record(players, seed, list(names), first, list(seats), list(actions))


def check(record: Record, state: Any) -> list[Any]:
    """Replay `record` and prove it ends in `state`; its states, or RecordError."""
    states = record.states()
    if states[-1] != state:
        raise RecordError("invalid", "the game's record does not lead to the saved position")
    return states
