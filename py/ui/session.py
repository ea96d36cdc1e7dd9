"""The game in progress as plain data: the state, the undo window, the log and the seats.

No DOM here, so it runs (and is tested) under CPython: the page's controller (app.py) asks
it what is legal, hands it the player's choice, and draws what it holds. Every change goes
through the engine (`State.apply`), and the only legality it knows is `legal_actions()`.
"""

from __future__ import annotations

import json
from typing import Any

import cakegame

from . import eventlog, history, saves, targets


def bot_seed(game_seed: int, applied: int, seat: int) -> int:
    """The seed a computer player decides with: a function of the game's seed, how many
    actions were applied before, and its seat, so a game replays the same anywhere (the
    browser tests play the page's games again in CPython with it)."""
    return (game_seed * 1_000_003 + applied * 7919 + seat) % (2**31)


class Session:
    """One game: `state` now, the states of this turn that undo may return to, the log."""

    def __init__(self) -> None:
        self.state: Any = None
        self.states: list[Any] = []  # the undo window: states[0] .. states[-1] == state
        # Why the last decision cannot be taken back ("" if it can); kept in the save's ui
        # ("undo_stop") so the greyed-out Undo still says why after a reload.
        self.undo_stop = ""
        # Why the window begins where it does: what Undo says once it is taken back that far
        # ("undo_base_stop" in the save's ui; it said "Nothing to take back yet this turn"
        # after a card was drawn and the moves since were taken back).
        self.base_stop = ""
        self.actions: list[str] = []  # actions between consecutive states of the window
        self.log: list[list[Any]] = []
        self.log_parts: list[str] = []  # each log entry as JSON, for cheap saves
        self.losses: list[dict[str, int]] = []  # per log entry: pieces lost per chamber
        # Per log entry: the engine's events of its move (not saved: rebuilt from the
        # record when first asked for after a resume, see `_events_back`).
        self.events: list[tuple[Any, ...] | None] = []
        self._events_tried = False
        # The record replayed for the position on the table (`replayed`), and that position.
        self._replayed: tuple[Any, list[Any] | None] | None = None
        self.seats: list[str] = []
        self.ui: dict[str, Any] = {"pass_device": False, "revealed": None}
        self.last_action = ""  # the text of the action played last (outlined on the board)
        # Whether the lab follows that action's chambers: only once it was played (or undone
        # to) on this page. A resumed game shows as much of the lab as fits instead.
        self.follow_last = False
        self._listed_for: Any = None  # the state whose legal actions `_listed` holds
        self._listed: list[str] = []
        self._listed_set: frozenset[str] = frozenset()
        self.record: Any = None  # ui.record.Record: the whole game, for replays and links

    # ---- starting ------------------------------------------------------------------------
    def start(self, state: Any, seats: list[str], pass_device: bool,
              record: Any = None) -> None:
        """A new game from its first state (`record`: how it was set up, no actions yet)."""
        self.state = state
        self.states = [state]
        self.actions = []
        self.seats = list(seats)
        self.ui = {"pass_device": bool(pass_device), "revealed": None}
        self.undo_stop = self.base_stop = ""
        self.set_log([])
        self.last_action = ""
        self.follow_last = False
        self.record = record

    def resume(self, save: saves.Save) -> None:
        """A saved game, its undo window replayed from the saved base."""
        self.state = save.state
        self.seats = list(save.seats)
        self.ui = {"pass_device": bool(save.ui.get("pass_device", False)),
                   "revealed": save.ui.get("revealed")}
        if isinstance(save.ui.get("guide"), dict):
            self.ui["guide"] = save.ui["guide"]  # the guided first game's place (ui.guide)
        hints = save.ui.get("hints")
        if type(hints) is int and hints >= 0:
            self.ui["hints"] = hints  # "Suggest a move" asked so far (ui.hint)
        stop = save.ui.get("undo_stop")
        self.undo_stop = stop if isinstance(stop, str) and stop in history.UNDO_STOPS else ""
        if self.undo_stop:
            self.ui["undo_stop"] = self.undo_stop
        stop = save.ui.get("undo_base_stop") if save.undo_base is not None else self.undo_stop
        self.base_stop = stop if isinstance(stop, str) and stop in history.UNDO_STOPS else ""
        if self.base_stop and save.undo_base is not None:
            self.ui["undo_base_stop"] = self.base_stop
        self.record = save.record
        if save.undo_base is not None:
            s = save.undo_base
            self.states = [s]
            for a in save.undo_actions:
                s = s.apply(a)
                self.states.append(s)
            self.actions = list(save.undo_actions)
        else:
            self.states = [save.state]
            self.actions = []
        self.set_log(save.log)
        # The last action stays outlined after a reload, as it was before (a chamber picked
        # mid-move keeps its dashed mark).
        done = self.record.actions if self.record is not None else self.actions
        self.last_action = done[-1] if done else ""
        self.follow_last = False

    def set_log(self, log: list[list[Any]]) -> None:
        self.log = [list(e) for e in log]
        self.log_parts = [json.dumps(e, separators=(",", ":")) for e in self.log]
        self.losses = [{} for _ in self.log]  # not saved: rebuilt with the events
        self.events = [None for _ in self.log]
        self._events_tried = False

    # ---- questions -----------------------------------------------------------------------
    def is_human(self, seat: int | None) -> bool:
        return seat is not None and 0 <= seat < len(self.seats) and self.seats[seat] == "human"

    @property
    def humans(self) -> int:
        return sum(1 for k in self.seats if k == "human")

    def human_to_act(self) -> bool:
        """A person decides now (the game is on and the seat to act is human)."""
        s = self.state
        return s is not None and not s.is_over and self.is_human(s.current_player)

    def bot_to_act(self) -> bool:
        """A computer player decides now."""
        s = self.state
        return s is not None and not s.is_over and not self.is_human(s.current_player)

    def needs_curtain(self, seat: int) -> bool:
        """The pass-the-device screen must hide `seat`'s hand until its owner is ready;
        skipped when there is nothing to hide (an empty hand)."""
        return (bool(self.ui.get("pass_device")) and self.humans >= 2
                and self.ui.get("revealed") != seat and self.state is not None
                and self.state.hand_size(seat) > 0)

    def handed_over(self, seat: int) -> bool:
        """The decision has passed to another person at the screen, `seat`, with nothing to
        hide (no curtain): they are still told to take the device. Without a word the one
        holding it decided for them (a play-tester counted 23 such silent hand-overs in a
        four-person game)."""
        return (bool(self.ui.get("pass_device")) and self.humans >= 2
                and self.is_human(seat) and self.ui.get("revealed") not in (None, seat)
                and not self.needs_curtain(seat))

    def legal_texts(self) -> list[str]:
        """The engine's legal actions now, as texts (worked out once per state)."""
        s = self.state
        if s is not self._listed_for:
            self._listed = [str(a) for a in s.legal_actions()] if s is not None else []
            self._listed_set = frozenset(self._listed)
            self._listed_for = s
        return self._listed

    def loses_by(self, text: str) -> Any | None:
        """The finished game `text` would leave, when it is a loss for the seat deciding
        (at once, or bound to be at its next decision, `_lost_by`) and some other choice
        now would not end the game with that seat beaten; else None.
        A finished game cannot be taken back, so the page asks before playing such a move
        (and does not ask when every choice loses: there is nothing to decide)."""
        s = self.state
        if s is None or s.is_over:
            return None
        seat = s.current_player
        after = self._lost_by(self._would_leave(s, text), seat)
        if after is None:
            return None
        for other in self.legal_texts():
            if other != text:
                alternative = self._would_leave(s, other)
                if alternative is not None and self._lost_by(alternative, seat) is None:
                    return after
        return None

    def _lost_by(self, after: Any | None, seat: int) -> Any | None:
        """The finished game that `after` leaves `seat` beaten in: `after` itself, or, when
        `seat` decides next and every choice there ends the game with it beaten (an
        activation whose recycle, the next decision, destroys its last Test Subjects), the
        first of those. A play-tester activated such a chamber unwarned: the loss came
        one decision later, when nothing else could be chosen."""
        if after is None:
            return None
        if after.is_over:
            return after if self._beaten(after, seat) else None
        if after.current_player != seat:
            return None
        first = None
        for action in after.legal_actions():  # (most positions stop at their first option)
            end = self._would_leave(after, str(action))
            if end is None or not self._beaten(end, seat):
                return None
            first = first or end
        return first

    def bound_to_end(self) -> bool:
        """Whether every choice now ends the game and nothing of the turn can be taken back
        (so there is nothing to confirm: the page plays the choice at once)."""
        if self.can_undo():
            return False
        return all((after := self.would_leave(other)) is not None and after.is_over
                   for other in self.legal_texts())

    def would_leave(self, text: str) -> Any | None:
        """The state `text` would leave, not played (None if the engine refuses it)."""
        return None if self.state is None else self._would_leave(self.state, text)

    def _would_leave(self, s: Any, text: str) -> Any | None:
        try:
            return self._result(s, text)
        except cakegame.IllegalActionError:
            return None

    def _result(self, s: Any, text: str) -> Any:
        """`text` applied to `s` (raises the engine's refusal), each once per state: the
        same memo (`targets.outcome`) as the choices' notes, so the move played is the one
        its note or its confirmation worked out."""
        return targets.outcome(s, text, listed=s is self._listed_for and text in self._listed_set)

    @staticmethod
    def _beaten(after: Any, seat: int) -> bool:
        return after.is_over and seat not in after.outcome.winners

    def undo_depth(self) -> int:
        return history.undo_depth(self.states)

    def can_undo(self) -> bool:
        return self.human_to_act() and len(self.states) > 1 and self.undo_depth() > 0

    def undo_blocked(self) -> str:
        """Why the player to act cannot take back a decision now ("" when they can): the
        Undo button's tooltip while it is greyed out."""
        now = self.state
        if now is not None and now.is_over:
            return "Nothing to take back: the game is over"
        if not self.human_to_act():
            return "Nothing to take back: it is not your turn"
        if self.can_undo():
            return ""
        if self.undo_stop and self.log and self.log[-1][0] == now.turn_number:
            return self.undo_stop
        return "Nothing to take back yet this turn"

    def since_last_turn(self, seat: int) -> list[list[Any]]:
        """The log entries of the other seats since `seat`'s last turn (newest last): since
        its last decision in a turn of its own, so a reward collected or a choice made in
        another's turn does not cut the news short (two play-testers lost a carry and a
        recycle that way). None when it has decided in the turn under way ("this turn so
        far" tells those)."""
        if self._news_closed(seat):
            return []
        return [entry for entry in self.log[self._since_start(seat):] if entry[1] != seat]

    def since_events(self, seat: int) -> list[tuple[int, tuple[Any, ...]]]:
        """(whose turn it was, the engine's events of the move) for each move in the other
        seats' turns since `seat`'s last turn, oldest first: what "since your last turn" says
        (nothing when it has decided in the turn under way, as `since_last_turn`)."""
        if self._news_closed(seat):
            return []
        return self._others(seat, self._since_start(seat), len(self.log))

    def news_events(self, seat: int) -> list[tuple[int, tuple[Any, ...]]]:
        """As `since_events`, but for the whole of `seat`'s turn: once it has acted, the
        others' moves between its previous turn and its first decision of this turn, so
        the news stays readable while it plays the rest of the turn."""
        first = self._first_this_turn(seat)
        if first is None:
            return self.since_events(seat)
        return self._others(seat, self._since_start(seat, first), first)

    def waiting_news(self, seat: int) -> list[tuple[int, tuple[Any, ...]]]:
        """While the others play: their moves since `seat`'s last turn up to the turn under
        way (which "Blue's turn so far" tells), as `since_events` gives them. A person
        watching a round of computers saw only the turn being played, over an empty band;
        the turns before it came back only at their own turn."""
        s = self.state
        if s is None or s.is_over or self._owner(s.turn_number) == seat:
            return []
        end = len(self.log)
        while end > 0 and self.log[end - 1][0] == s.turn_number:
            end -= 1
        start = self._since_start(seat, end)
        return self._others(seat, start, end) if start < end else []

    def _others(self, seat: int, start: int, end: int) -> list[tuple[int, tuple[Any, ...]]]:
        """The moves `start` to `end` in the turns of the seats other than `seat`, each as
        (whose turn it was, its events). `seat`'s own choices in another's turn are there
        (a carry chosen while Blue's card moved its subjects into the Turret, rewards it
        collected from a chamber Blue activated): what they did to `seat` is news, and had
        gone untold (a play-tester). Any seat's choice in another's turn counts as that
        turn's: Green's rewards for a chamber Blue activated are told in Blue's line."""
        out = []
        for i, (actor, events) in enumerate(self._moves(start, end), start):
            owner = self._owner(self.log[i][0])
            if actor != seat or owner != seat:
                out.append((owner, events))
        return out

    def turn_events(self, seat: int) -> list[tuple[int, tuple[Any, ...]]]:
        """(the seat that moved, the engine's events of the move) for each move of the turn
        under way from `seat`'s first on, oldest first: what "this turn so far" says. It
        holds the others' moves in between (another division collecting the rewards of a
        chamber `seat` activated). Empty before `seat` acted in this turn."""
        first = self._first_this_turn(seat)
        return [] if first is None else self._moves(first, len(self.log))

    def _moves(self, start: int, end: int) -> list[tuple[int, tuple[Any, ...]]]:
        """(the seat that moved, the engine's events of the move) for the log's moves
        `start` to `end` (not included), their events rebuilt first if a resume lost them."""
        if any(e is None for e in self.events[start:end]):
            self._events_back()
        return [(entry[1], ev or ()) for entry, ev in
                zip(self.log[start:end], self.events[start:end])]

    def replayed(self) -> list[Any] | None:
        """The states of the game's record, replayed through the engine, when it replays to
        the position on the table (else None): what a resumed game's events and the news of
        its computers' turns are rebuilt from. Replayed once for a position, and forgotten
        at the next move (a long game's states are many)."""
        if self._replayed is not None and self._replayed[0] is self.state:
            return self._replayed[1]
        states: list[Any] | None = None
        if self.record is not None:
            try:
                states = self.record.states()
            except ValueError:  # record.RecordError: a record that does not replay
                states = None
            if not states or states[-1] != self.state:
                states = None
        self._replayed = (self.state, states)
        return states

    def _events_back(self) -> None:
        """A resumed game's events (a save keeps the log's words, not its events): the
        record replayed through the engine gives them. Tried once; no record, no events."""
        if self._events_tried:
            return
        self._events_tried = True
        if self.record is None or len(self.record.actions) < len(self.log):
            return
        states = self.replayed()
        if states is None:
            return
        first = len(states) - len(self.log)  # states[first] follows the log's first move
        for i in range(len(self.log)):
            if self.events[i] is None:
                events = tuple(states[first + i].events)
                self.events[i] = events
                self.losses[i] = eventlog.losses(events)

    def losses_since(self, seat: int) -> dict[str, int]:
        """Test Subjects and Cake Slices lost per chamber in the other seats' moves since
        `seat`'s last turn, and in its own choices in their turns (as `since_events`)."""
        out: dict[str, int] = {}
        start = self._since_start(seat)
        if any(e is None for e in self.events[start:]):
            self._events_back()
        for entry, lost in zip(self.log[start:], self.losses[start:]):
            if entry[1] == seat and self._owner(entry[0]) == seat:
                continue
            for letter, count in lost.items():
                out[letter] = out.get(letter, 0) + count
        return out

    def _owner(self, turn: int) -> int:
        """The seat whose turn `turn` is (or was): the turns go round the table in order."""
        s = self.state
        return (s.turn - (s.turn_number - turn)) % s.players

    def _since_start(self, seat: int, end: int | None = None) -> int:
        """Where `seat`'s news begins among the log's moves before `end` (default: all):
        just after its last decision in a turn of its own; before its first turn, at the
        game's start (the turns played before its first)."""
        for i in range((len(self.log) if end is None else end) - 1, -1, -1):
            if self.log[i][1] == seat and self._owner(self.log[i][0]) == seat:
                return i + 1
        return 0

    def had_a_turn(self, seat: int) -> bool:
        """Whether `seat` has decided in a turn of its own before the one under way
        ("Since your last turn", not "Before your first turn"): the news stays that of
        before its first turn all through that turn (its lead had changed at the first
        tap, a phone play-tester)."""
        first = self._first_this_turn(seat)
        return self._since_start(seat, first) > 0

    def _news_closed(self, seat: int) -> bool:
        """No news for `seat` now: it has decided in the turn under way, which "this turn so
        far" tells; except once the game is over in another's turn, when the news tells
        that turn too (a computer's ending stood untold after a choice made in it)."""
        s = self.state
        if not self.acted_this_turn(seat):
            return False
        return not (s.is_over and self._owner(s.turn_number) != seat)

    def acted_this_turn(self, seat: int) -> bool:
        """Whether `seat` has decided in the turn under way (it is back after another's
        decision in its turn, such as collecting the rewards of a chamber it activated)."""
        return self._first_this_turn(seat) is not None

    def _first_this_turn(self, seat: int) -> int | None:
        """The log index of `seat`'s first move in the turn under way (None: none yet)."""
        s = self.state
        first = None
        for i in range(len(self.log) - 1, -1, -1):  # this turn's entries are the last ones
            if s is None or self.log[i][0] != s.turn_number:
                break
            if self.log[i][1] == seat:
                first = i
        return first

    def bot_seed(self) -> int:
        """The seed a bot decides with now: a function of the game and how far it went."""
        s = self.state
        return bot_seed(s.seed, len(self.log), s.current_player)

    # ---- changes -------------------------------------------------------------------------
    def apply(self, text: str, by_hand: bool = True) -> Any:
        """Play `text`; return the new state. Raises cakegame.IllegalActionError (nothing
        changed) when the engine refuses it. `by_hand`: a person's own decision (not one
        option taken by itself), so that person holds the device."""
        s = self.state
        if s is None or s.is_over:
            raise cakegame.IllegalActionError("there is no game in progress")
        seat = s.current_player
        # Listed by this very state's legal_actions(): no second legality check.
        new = self._result(s, text)
        # One entry per move, its consequences in words and the chambers it touched.
        entry = eventlog.log_entry(s, text, new)
        self.log.append(entry)
        self.log_parts.append(json.dumps(entry, separators=(",", ":")))
        self.losses.append(eventlog.losses(new.events))
        self.events.append(tuple(new.events))
        self.states.append(new)
        self.actions.append(text)
        if self.record is not None:
            self.record.actions.append(text)
        depth = history.undo_depth(self.states)
        # Why Undo is greyed out now, said before the window forgets the state before.
        self.undo_stop = history.undo_blocked(s, new) if depth == 0 else ""
        if self.undo_stop:
            self.ui["undo_stop"] = self.undo_stop
        else:
            self.ui.pop("undo_stop", None)
        if len(self.states) > depth + 1:
            cut = len(self.states) - depth - 1
            self.base_stop = history.undo_blocked(self.states[cut - 1], self.states[cut])
            if self.base_stop:
                self.ui["undo_base_stop"] = self.base_stop
            else:
                self.ui.pop("undo_base_stop", None)
            self.states = self.states[cut:]
            self.actions = self.actions[cut:]
        self.state = new
        self._replayed = None
        self.last_action = text
        self.follow_last = True
        if self.is_human(seat) and by_hand:
            # Who acted holds the device: a seat that began its turn with nothing to hide (an
            # empty hand, so no curtain) and then drew a card keeps playing, with no curtain
            # in the middle of its own turn.
            self.ui["revealed"] = seat
        return new

    def undo(self) -> tuple[Any, str] | None:
        """Take back the last decision of this turn: (the state it was made in, its text),
        or None when nothing may be undone."""
        if not self.can_undo():
            return None
        self.states.pop()
        undone = self.actions.pop()
        if self.record is not None and self.record.actions:
            self.record.actions.pop()
        self.state = self.states[-1]
        if len(self.states) == 1:  # back where the window begins: say why it stops there
            self.undo_stop = self.base_stop
        if self.undo_stop:
            self.ui["undo_stop"] = self.undo_stop
        self.last_action = self.actions[-1] if self.actions else ""
        self.follow_last = bool(self.last_action)
        if self.log:
            self.log.pop()
            self.log_parts.pop()
            self.losses.pop()
            self.events.pop()
        return self.state, undone

    def reveal(self) -> None:
        """The seat to act has taken the device: its hand may show."""
        if self.state is not None:
            self.ui["revealed"] = self.state.current_player

    def set_seat(self, seat: int, kind: str) -> bool:
        """Hand a seat to a bot, or take it back; False if `kind` is not a seat kind."""
        if kind not in saves.SEAT_KINDS or self.state is None or not 0 <= seat < len(self.seats):
            return False
        self.seats[seat] = kind
        if self.record is not None and seat < len(self.record.seats):
            self.record.seats[seat] = kind
        return True

    # ---- saving --------------------------------------------------------------------------
    def save_text(self, rev: int = 0) -> str:
        """The save as JSON text (docs/ui.md, "Saves"), as revision `rev` (ui/slot.py)."""
        base = self.states[0] if len(self.states) > 1 else None
        return saves.encode(self.state, self.seats, undo_base=base, undo_actions=self.actions,
                            ui=self.ui, log_json="[" + ",".join(self.log_parts) + "]",
                            rev=rev, record=self.record)
