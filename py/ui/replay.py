"""The replay model: every state of a recorded game, a position in it, and the move list.

Position k is the state after the first k actions (0 is the set-up). Stepping never
computes anything new: the states are the engine's own, made once by replaying the record
with its checked `apply`, so the board shown at step k is exactly the engine's state after
that prefix of actions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cakegame.words import counted, listed

from .eventlog import choice_said, recycle_cut_short
from .record import Record
from .speech import person, told


@dataclass(frozen=True)
class Step:
    """One action of the game: its number (1 = the first action), who played it, in which
    turn, its text, and the engine's sentence for it."""

    number: int
    turn: int
    seat: int
    action: str
    sentence: str


@dataclass(frozen=True)
class Turn:
    """The actions of one player's turn, in order (other seats' answers inside it, such as
    the Turret's victims choosing, are listed where they happened)."""

    number: int
    seat: int
    steps: tuple[Step, ...]


class Replay:
    """A recorded game and a position in it."""

    def __init__(self, record: Record, states: list[Any] | None = None) -> None:
        self.record = record
        self.states = states if states is not None else record.states()
        self.pos = len(self.states) - 1
        self._steps: list[Step] | None = None

    # ---- where we are
    @property
    def length(self) -> int:
        """How many actions the game has."""
        return len(self.states) - 1

    @property
    def state(self) -> Any:
        return self.states[self.pos]

    def go(self, k: int) -> int:
        """Move to position `k` (clamped to the game); returns the position."""
        self.pos = max(0, min(int(k), self.length))
        return self.pos

    def first(self) -> int:
        return self.go(0)

    def last(self) -> int:
        return self.go(self.length)

    def next(self) -> int:
        return self.go(self.pos + 1)

    def prev(self) -> int:
        return self.go(self.pos - 1)

    def turn_starts(self) -> list[int]:
        """The positions where a turn begins (the board before its first action: 0, then
        each position whose next action is of another turn), and the game's last."""
        steps = self.steps()
        out = [0] + [k for k in range(1, self.length) if steps[k].turn != steps[k - 1].turn]
        if self.length not in out:
            out.append(self.length)
        return out

    def next_turn(self) -> int:
        """To the start of the next turn (or the game's last position)."""
        return self.go(next((k for k in self.turn_starts() if k > self.pos), self.length))

    def prev_turn(self) -> int:
        """To the start of this turn, or of the one before when already there."""
        return self.go(max((k for k in self.turn_starts() if k < self.pos), default=0))

    # ---- the move list
    def steps(self) -> list[Step]:
        """Every action as a Step (built once)."""
        if self._steps is None:
            out = []
            for i, text in enumerate(self.record.actions):
                before = self.states[i]
                seat = before.current_player
                # A recycle that ended the game by its own losses was never done: told as
                # begun, and why the chamber stays (the list said it went to a row, and the
                # lab showed it still there), as the log and the result say it.
                after = self.states[i + 1]
                stays = recycle_cut_short(text, after)
                said = choice_said(before, text, after)
                out.append(Step(i + 1, before.turn_number, seat if seat is not None else -1,
                                text, f"{said}: {stays}" if stays else said))
            self._steps = out
        return self._steps

    def turns(self) -> list[Turn]:
        """The actions grouped by turn: a new group starts whenever the turn number changes."""
        out: list[Turn] = []
        group: list[Step] = []
        for step in self.steps():
            if group and step.turn != group[0].turn:
                out.append(Turn(group[0].turn, self.states[group[0].number - 1].turn, tuple(group)))
                group = []
            group.append(step)
        if group:
            out.append(Turn(group[0].turn, self.states[group[0].number - 1].turn, tuple(group)))
        return out

    def current_step(self) -> Step | None:
        """The action that led to the position shown (None at the set-up)."""
        return self.steps()[self.pos - 1] if self.pos > 0 else None

    def where(self) -> str:
        """The position shown, in words. Where a turn begins (where a turn's step lands),
        the turn that begins: "after action 6, turn 1" read as one turn behind there."""
        if self.pos == 0:
            return f"Set-up, before the first action (of {self.length})"
        steps = self.steps()
        done = steps[self.pos - 1]
        if self.pos < self.length and steps[self.pos].turn != done.turn:
            nxt = steps[self.pos]
            return (f"Turn {nxt.turn} begins ({self.state.names[nxt.seat]}), after action "
                    f"{self.pos} of {self.length}")
        return f"Action {self.pos} of {self.length}, turn {done.turn}"

    def stands(self) -> str:
        """How the recorded game stands at its end, for a replay opened at its start (a
        shared link opens there, and said nothing of whether the game was over)."""
        end = self.states[-1]
        if end.is_over:  # who won is left to the end: a shared replay is watched for it
            return ("The game was played to its end: Last » shows how it ended, "
                    f"on turn {end.turn_number}.")
        return (f"The game goes as far as turn {end.turn_number}, {end.names[end.current_player]} "
                f"to play: Last » shows it there.")

    # ---- what the action shown did
    def changed(self, k: int | None = None) -> frozenset[str]:
        """The chambers that action `k` (default: the one shown) changed or named: what the
        board marks. Worked out from the two states, so it holds for every kind of action."""
        k = self.pos if k is None else k
        if not 1 <= k <= self.length:
            return frozenset()
        before, after = self.states[k - 1], self.states[k]
        old = {c.letter: c for c in before.chambers()}
        out = set()
        for c in after.chambers():
            o = old.get(c.letter)
            if o is None or (o.subjects, o.cake, o.row, o.x, o.portal, o.turret, o.cube,
                             o.glados, o.face) != (c.subjects, c.cake, c.row, c.x, c.portal,
                                                   c.turret, c.cube, c.glados, c.face):
                out.add(c.letter)
        named = {w for w in self.record.actions[k - 1].split()[1:]
                 if len(w) == 1 and w.isalpha() and w.isupper()}
        return frozenset(out | (named & {c.letter for c in after.chambers()}))

    def events(self, k: int | None = None) -> list[str]:
        """What action `k` did, in words: the engine's events for it (`State.events`, which
        tell every change of the lab's counts, the incinerated cake and the cards); at the
        set-up (k = 0), how the game began. While the game goes on, a card taken from the
        deck is named only if the one person playing took it (the game's own rule), so a
        replay opened mid-game does not tell the computers' hands; once it is over, all."""
        k = self.pos if k is None else k
        if k == 0:
            return self.setup()
        if not 1 <= k <= self.length:
            return []
        state = self.states[k]
        over = self.states[-1].is_over
        return [str(e) for e in (state.events if over else told(state, person(self.record.seats)))]

    def news(self, k: int | None = None) -> list[str]:
        """`events(k)` less the action's own sentence, which the replay shows (and a screen
        reader hears) just before them: "Orange deploys Curiosity Core to fire the Portal
        Gun" was told twice in a row (a keyboard play-tester)."""
        k = self.pos if k is None else k
        own = self.steps()[k - 1].sentence.rstrip(". ") if 1 <= k <= self.length else None
        return [e for e in self.events(k) if e.rstrip(". ") != own]

    def setup(self) -> list[str]:
        """How the game began, in words: who plays first, where each division stands, the
        Portals and the deck (the replay's news box stood empty there)."""
        s = self.states[0]
        names, first = s.names, s.first_player
        then = ", then ".join(names[(first + i) % s.players] for i in range(1, s.players))
        lines = [f"{names[first]} plays first, then {then}."]
        chambers = s.chambers()

        def where(seat: int) -> str:
            spots = [f"{c.subjects[seat]} in {c.letter}" for c in chambers if c.subjects[seat]]
            return (f"{counted(s.subjects_in_lab()[seat], 'Test Subject')} in the lab "
                    f"({listed(spots)}), {s.supply(seat)} more and "
                    f"{counted(s.cake_supply(seat), 'Cake Slice')} in its supply")

        starts = [where(seat) for seat in range(s.players)]
        if len(set(starts)) == 1:
            lines.append(f"Each division has {starts[0]}.")
        else:
            lines += [f"{names[seat]} has {start}." for seat, start in enumerate(starts)]
        portals = [c.letter for c in chambers if c.portal]
        if portals:
            lines.append(f"The Portals stand in {listed(portals)}.")
        hands = [s.hand_size(seat) for seat in range(s.players)]
        held = ("no one holds a card yet" if not any(hands) else listed(
            [f"{names[seat]} holds {n}" for seat, n in enumerate(hands)]))
        lines.append(f"The deck holds {counted(s.deck_size, 'Aperture Card')}; {held}.")
        return lines

    def continue_record(self) -> Record:
        """The record of a new game that starts as this one did and stops at the position
        shown: playing on from it leaves the original game as it was."""
        return self.record.branch(self.pos)
