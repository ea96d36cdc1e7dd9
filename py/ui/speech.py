"""Words for ears: a chamber read in full, chamber names, and what the live region announces.

Pure functions of the engine's data, tested under CPython. A chamber read in full says what
is drawn in it (its letter, row and edges, who is there, its tokens and rewards) and what
acting on it would do, so a screen reader hears what a sighted player sees.

The announcements come from the engine's events (`State.events`, each event's `str()` a
sentence for players): after a person's action, that action's events at once; a computer
player's actions are gathered and told as one message when its turn is over (or a person
must decide), so the screen reader is not flooded mid-turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from cakegame.events import EventKind
from cakegame.words import listed, rewards

ROW_NAMES = ("top row", "middle row", "bottom row")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def who(seat: int, names: Sequence[str], divisions: Sequence[str]) -> str:
    """A division as players know it: the player's name, with the colour when they differ."""
    name = names[seat] if seat < len(names) else f"seat {seat}"
    colour = divisions[seat] if seat < len(divisions) else ""
    return name if not colour or name == colour else f"{name} ({colour})"


def chamber_contents(c: Any, names: Sequence[str], divisions: Sequence[str]) -> list[str]:
    """What the chamber holds, as short phrases, in the order they are drawn."""
    parts: list[str] = []
    for seat, n in enumerate(c.subjects):
        if n:
            parts.append(f"{who(seat, names, divisions)}: {_plural(n, 'Test Subject')}")
    for seat, n in enumerate(c.cake):
        if n:
            parts.append(f"{who(seat, names, divisions)}: {_plural(n, 'Cake Slice')}")
    for flag, what in ((c.portal, "a Portal"), (c.glados, "GLaDOS"), (c.turret, "the Turret"),
                       (c.cube, "the Companion Cube")):
        if flag:
            parts.append(what)
    return parts


def chamber_place(c: Any) -> str:
    """Where the chamber is: its row, and the edge it is on."""
    place = ROW_NAMES[c.row] if 0 <= c.row < len(ROW_NAMES) else f"row {c.row + 1}"
    if c.new_edge:
        place += ", new edge"
    if c.old_edge:
        place += ", old edge"
    return place


def chamber_reading(c: Any, names: Sequence[str], divisions: Sequence[str],
                    acting: str = "") -> str:
    """The chamber read in full (the read key): place, rewards, contents, what acting does."""
    icons = rewards([i.value for i in c.icons])
    contents = chamber_contents(c, names, divisions)
    out = [f"Chamber {c.letter}, {chamber_place(c)}.", f"Rewards: {icons}."]
    out.append(("Holds " + "; ".join(contents) + ".") if contents else "Empty.")
    out.append(acting if acting else "Not a choice now.")
    return " ".join(s if s.endswith((".", "!", "?")) else s + "." for s in out)


def lab_reading(chambers: Sequence[Any], names: Sequence[str],
                divisions: Sequence[str]) -> str:
    """The whole lab in words, row by row from the top, each row from its new edge: what
    each chamber holds (a replay's lab is a picture a screen reader cannot walk; its read
    key tells this)."""
    out = []
    for row in sorted({c.row for c in chambers}):
        here = sorted((c for c in chambers if c.row == row), key=lambda c: c.x)
        place = ROW_NAMES[row] if 0 <= row < len(ROW_NAMES) else f"row {row + 1}"
        parts = []
        for c in here:
            contents = chamber_contents(c, names, divisions)
            parts.append(f"{c.letter}, " + (", ".join(contents) if contents else "empty"))
        out.append(f"{place[0].upper()}{place[1:]}, from the new edge: " + "; ".join(parts) + ".")
    return " ".join(out)


def action_sentences(before: Any, text: str, after: Any, *, viewer: int | None) -> list[str]:
    """What one action did, in sentences: the events of `after` (the state the action made),
    each event's `str()` being the engine's own sentence for it; a shared win in one
    sentence, as the result says it ("Orange and Green share the win", not "Orange wins.
    Green wins.", which a screen-reader play-tester heard as two results).

    A card taken from the deck is named only when `viewer`, the seat of the person who
    hears it (`person`), took it (docs/rules.md: the engine's views name it to its taker
    alone); with no such seat (None) no taken card is named. A computer's "takes Companion Cube as a
    bonus" had told its hand to the table, and sounded like the token."""
    events = told(after, viewer)
    out = [str(e) for e in events if e.kind is not EventKind.WON]
    won = [str(e) for e in events if e.kind is EventKind.WON]
    if len(won) > 1:
        won = [listed([w.removesuffix(" wins") for w in won]) + " share the win"]
    return out + won


def told(state: Any, viewer: int | None) -> tuple[Any, ...]:
    """The events of the action that made `state`, as `viewer` may hear them: the engine's
    own view for that seat (`State.view`: a card taken from the deck named to its taker
    alone); for no seat (None), no taken card named."""
    if viewer is not None:
        return tuple(state.view(viewer).events)
    return tuple(replace(e, card=None) if e.kind is EventKind.CARD_TAKEN else e
                 for e in state.events)


def person(seats: Sequence[str]) -> int | None:
    """The seat of the one person at the table, whose knowledge bounds what is said aloud
    (`told`); None when several people share the screen (the room hears it all, so what
    one of them may know is said to none) or none plays."""
    people = [k for k, kind in enumerate(seats) if kind == "human"]
    return people[0] if len(people) == 1 else None


def join(sentences: Sequence[str]) -> str:
    """Sentences as one text, each ending with a full stop; the same sentence told again
    at once is told once, with how often ("..., twice."): a screen-reader play-tester heard
    "One of Blue's Test Subjects enters the Laboratory in Test Chamber G as a reward" twice
    over in a computer's turn of 1,300 characters."""
    runs: list[list[Any]] = []
    for s in sentences:
        s = s.strip().rstrip(".")
        if not s:
            continue
        s = s[0].upper() + s[1:]
        if runs and runs[-1][0] == s:
            runs[-1][1] += 1
        else:
            runs.append([s, 1])
    out = []
    for s, n in runs:
        if n > 1:
            s += ", twice" if n == 2 else f", {n} times"
        out.append(s if s.endswith(("!", "?")) else s + ".")
    return " ".join(out)


@dataclass
class Announcer:
    """Gathers what each action did and says when to tell it.

    A person's action is told at once; a computer player's actions wait in `batch` until
    `flush` finds that a person must decide, the turn is over or the game ended. The batch
    is the turn's, whoever decided in it: a computer collecting the rewards of another's
    activation is told inside that turn, not as pieces that each began "Blue's turn:" (a
    screen-reader play-tester heard three "Blue's turn"s, one of them "no change").
    """

    batch: list[str] = field(default_factory=list)
    batch_turn: int | None = None
    batch_owner: str = ""  # whose turn it is
    batch_actors: list[str] = field(default_factory=list)  # who decided in it, in order

    def action(self, name: str, bot: bool, turn: int,
               sentences: Sequence[str], owner: str = "") -> str | None:
        """Record one action of `name` (in `owner`'s turn, when that is another player's:
        a card that makes them choose); returns the text to announce now, or None to wait."""
        if not bot:
            told: str | None = self.take()
            now = join(sentences)
            return " ".join(t for t in (told, now) if t) or None
        told = self.take() if self.batch_turn is not None and self.batch_turn != turn else None
        self.batch_turn, self.batch_owner = turn, owner or name
        if name not in self.batch_actors:
            self.batch_actors.append(name)
        self.batch.extend(sentences)
        return told or None

    def flush(self, seat: int | None, bot: bool, turn: int | None) -> str | None:
        """After a redraw: the gathered computer turn's text if it is time to tell it."""
        if self.batch_turn is None:
            return None
        if seat is None or not bot or turn != self.batch_turn:
            return self.take() or None
        return None

    def take(self) -> str:
        """The gathered text (empty if none, or if the actions changed nothing that is
        told), and start afresh."""
        body = join(self.batch)
        owner, actors = self.batch_owner, self.batch_actors
        self.batch, self.batch_actors = [], []
        self.batch_turn, self.batch_owner = None, ""
        if not body:
            return ""
        head = (f"{owner}'s turn" if owner in actors
                else f"In {owner}'s turn, {' and '.join(actors)}")
        return f"{head}: {body}"
