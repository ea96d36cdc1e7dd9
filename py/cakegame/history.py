"""A game's history: every State in order and the actions between them, with the undo rule.

Undo steps back one decision at a time, within the current player's turn, and never past a
reveal of hidden information (a card taken from the deck shows the next one; a reshuffle) or
a decision made by another player.
"""

from __future__ import annotations

import json
from typing import Any

from .actions import Action
from .state import State

HISTORY_FORMAT = "cakegame-history/1"


def undoable(before: State, now: State) -> bool:
    """Whether the player to act at `now` may go back to `before`, one decision earlier:
    the same player decided there, in the same turn, and nothing hidden was revealed since."""
    return (now.current_player is not None
            and before.current_player == now.current_player
            and before.turn_number == now.turn_number
            and before.reveals == now.reveals)


class History:
    """The states of one game, oldest first. Mutable: it is the game's running record."""

    def __init__(self, start: State) -> None:
        self.states: list[State] = [start]
        self.actions: list[Action] = []

    @property
    def state(self) -> State:
        return self.states[-1]

    def play(self, action: Action | str) -> State:
        """Apply `action` (checked) and record it; returns the new state."""
        new = self.state.apply(action)
        self.actions.append(action if isinstance(action, Action) else Action.parse(action))
        self.states.append(new)
        return new

    def can_undo(self) -> bool:
        """Whether the last decision may be taken back by the player to act now."""
        return len(self.states) >= 2 and undoable(self.states[-2], self.states[-1])

    def undo(self) -> State:
        """Take back the last decision; ValueError if the undo rule forbids it."""
        if not self.can_undo():
            raise ValueError("nothing to undo: the last decision cannot be taken back")
        self.states.pop()
        self.actions.pop()
        return self.state

    def log(self) -> list[str]:
        """Every action so far as a sentence, in order."""
        return [s.describe(a) for s, a in zip(self.states, self.actions)]

    def to_json(self) -> str:
        """The start and the actions: enough to replay the whole game."""
        return json.dumps({"format": HISTORY_FORMAT, "start": json.loads(self.states[0].to_json()),
                           "actions": [str(a) for a in self.actions]})

    @classmethod
    def from_json(cls, text: str | dict[str, Any]) -> History:
        """Replay a saved history; ValueError if it is damaged or any action is illegal."""
        try:
            data = json.loads(text) if isinstance(text, str) else text
        except json.JSONDecodeError as e:
            raise ValueError(f"not a valid game history: damaged JSON ({e.msg})") from None
        if not isinstance(data, dict) or data.get("format") != HISTORY_FORMAT:
            raise ValueError("not a valid game history: unknown format")
        actions = data.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise ValueError("not a valid game history: the actions are not a list of text")
        h = cls(State.from_json(data.get("start")))  # type: ignore[arg-type]
        for i, a in enumerate(actions):
            try:
                h.play(a)
            except ValueError as e:
                raise ValueError(f"not a valid game history: action {i + 1} ({a!r}): {e}") \
                    from None
        return h

