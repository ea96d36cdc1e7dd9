"""Events: what an action did, consequence by consequence, for logs, animations and bots.

`State.apply` records every consequence of the action it carries out, in the order things
happened: `s2.events` is a tuple of `Event`. A player's choice is told by `describe`; its
events tell what followed (subjects destroyed by the Turret, cake incinerated in a recycle,
a card drawn, the game's end). Every change in a division's Test Subjects and Cake Slices in
the Laboratory, and in its incinerated cake, is told by an event, so adding up the events'
counts explains every count on the board.

In the game data (and so in saves) each event is a small dict: "k" holds the kind's value,
and "seat", "chamber", "to", "count", "cause", "card" and "row" appear only when set
(`count` only when it is not 1). `Event.from_data` and `Event.to_data` convert.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from .content import CARD_BY_ID, DIVISIONS, ROWS
from .data import EventData


class EventKind(str, Enum):
    """What happened. The value is the kind's name in saves."""

    SUBJECTS_IN = "subjects_in"  # Test Subjects enter the Laboratory in `chamber`
    SUBJECTS_DESTROYED = "subjects_destroyed"  # Test Subjects destroyed in `chamber`
    CAKE_IN = "cake_in"  # Cake Slices enter the Laboratory in `chamber`
    CAKE_INCINERATED = "cake_incinerated"  # Cake Slices incinerated from `chamber`
    CAKE_RETURNED = "cake_returned"  # Cake Slices go back to the supply (Safety Regulations)
    MOVED = "moved"  # Test Subjects move from `chamber` to `to`
    CAKE_MOVED = "cake_moved"  # Cake Slices carried from `chamber` to `to`
    MAJORITY = "majority"  # `seat` earns the activated `chamber`'s rewards
    NO_MAJORITY = "no_majority"  # nobody does (`cause`: "empty", "tie" or "blocked")
    RECYCLED = "recycled"  # `chamber` leaves the old edge, flipped, for the new edge of `row`
    CARD_TAKEN = "card_taken"  # `seat` takes `card` (None when the viewer may not know it)
    CARD_DEPLOYED = "card_deployed"  # `seat` deploys `card` (`cause` "gun": the Portal Gun)
    CARD_DISCARDED = "card_discarded"  # `seat` discards `card` down to the hand limit
    CHARACTER = "character"  # `card` is now the active Character
    RESHUFFLED = "reshuffled"  # the discard pile becomes a new deck of `count` cards
    TURRET = "turret"  # the Turret goes from `chamber` (None: from outside the lab) to `to`
    TURRET_FIRED = "turret_fired"  # the Turret fires into `chamber`
    CUBE = "cube"  # the Companion Cube goes from `chamber` (None: outside the lab) to `to`
    PORTAL = "portal"  # the Portals now join `chamber` and `to`
    TURN = "turn"  # turn number `count` begins: `seat`'s turn
    GAME_OVER = "game_over"  # the game ends (`cause`: the reason, `seat`: whose situation)
    WON = "won"  # `seat` wins (one event per winner)


# Causes that are not cards (a card's id is a cause too: the card whose action did it).
REWARD = "reward"  # an activated chamber's rewards
BONUS = "bonus"  # the free Test Subject or card for a move (or Combustible Lemons)
TURRET = "turret"  # the Turret destroys whoever is in its chamber
FIRE = "fire"  # the Turret fires into a chamber next to it (Aria)
RECYCLE = "recycle"  # the activated chamber is recycled
BURN = "burn"  # a player incinerates their own Cake Slice (Combustible Lemons)
GUN = "gun"  # a card deployed to fire the Portal Gun
NO_MAJORITY_CAUSES = ("empty", "tie", "blocked")  # never a card id: views hide those
ENDINGS = ("no_subjects", "cake_incinerated", "opera")
CAUSES = frozenset((REWARD, BONUS, TURRET, FIRE, RECYCLE, BURN, GUN, *NO_MAJORITY_CAUSES,
                    *ENDINGS, *CARD_BY_ID))

# The optional fields of a saved event, in order: those of data.EventData but its kind "k".
_FIELDS = tuple(k for k in EventData.__annotations__ if k != "k")


@dataclass(frozen=True)
class Event:
    """One consequence of an action. `str(e)` is a sentence for players.

    `name` is the player's name for `seat`, filled in by `State.events` for the sentence; it
    does not take part in comparisons.
    """

    kind: EventKind
    seat: int | None = None
    chamber: str | None = None
    to: str | None = None
    count: int = 1
    cause: str | None = None
    card: str | None = None
    row: str | None = None
    name: str | None = field(default=None, compare=False)

    @classmethod
    def from_data(cls, e: dict[str, Any], names: list[str] | tuple[str, ...] = ()) -> Event:
        """The Event of a saved event dict (see the module's docstring)."""
        seat = e.get("seat")
        name = names[seat] if seat is not None and seat < len(names) else None
        return cls(EventKind(e["k"]), seat, e.get("chamber"), e.get("to"), e.get("count", 1),
                   e.get("cause"), e.get("card"), e.get("row"), name)

    def to_data(self) -> dict[str, Any]:
        """The event as saved: only the fields that are set."""
        out: dict[str, Any] = {"k": self.kind.value}
        for key in _FIELDS:
            v = getattr(self, key)
            if v is not None and not (key == "count" and v == 1):
                out[key] = v
        return out

    def __str__(self) -> str:
        return sentence(self)


# ------------------------------------------------------------------------------ words


def _who(e: Event) -> str:
    if e.name is not None:
        return e.name
    if e.seat is not None and e.seat < len(DIVISIONS):
        return DIVISIONS[e.seat].name
    return "Someone"


def _some(e: Event, thing: str) -> str:
    """'One of Ann's Test Subjects' or '3 of Ann's Test Subjects'."""
    return f"{'One' if e.count == 1 else e.count} of {_who(e)}'s {thing}s"


def _verb(e: Event, one: str, many: str) -> str:
    return one if e.count == 1 else many


def _room(letter: str | None) -> str:
    return f"Test Chamber {letter}" if letter else "the Laboratory"


def _card_name(card: str | None) -> str:
    c = CARD_BY_ID.get(card or "")
    return c.name if c is not None else "an Aperture Card"


def _because(cause: str | None) -> str:
    """The cause as the end of a sentence (' as a reward', ' by the Turret', ...)."""
    if cause is None:
        return ""
    fixed = {
        REWARD: " as a reward",
        BONUS: " as a bonus",
        TURRET: " by the Turret",
        FIRE: " by the Turret's shot",
        RECYCLE: " as the chamber is recycled",
        BURN: " by Combustible Lemons",
        GUN: " with the Portal Gun",
    }
    if cause in fixed:
        return fixed[cause]
    card = CARD_BY_ID.get(cause)
    if card is not None:
        return f" by {card.action_title} ({card.name})"
    return ""


ENDING_WORDS = {
    "no_subjects": "{who} has no Test Subjects left in the Laboratory",
    "cake_incinerated": "all of {who}'s Cake Slices are incinerated",
    "opera": "{who} holds Cake Slices in all three rows (Grand Finale)",
}


# Events that count Test Subjects or Cake Slices: the thing, its verb for one and for
# several, and the rest of the sentence ({at}: the chamber, {to}: where to, {why}: the cause).
_COUNTED = {
    EventKind.SUBJECTS_IN: ("Test Subject", "enters", "enter", "the Laboratory in {at}{why}"),
    EventKind.SUBJECTS_DESTROYED: ("Test Subject", "is", "are", "destroyed in {at}{why}"),
    EventKind.CAKE_IN: ("Cake Slice", "enters", "enter", "the Laboratory in {at}{why}"),
    EventKind.CAKE_INCINERATED: ("Cake Slice", "is", "are", "incinerated from {at}{why}"),
    EventKind.CAKE_RETURNED: ("Cake Slice", "goes", "go",
                              "back to the supply from {at}{why} (Safety Regulations)"),
    EventKind.MOVED: ("Test Subject", "moves", "move", "from {at} to {to}{why}"),
    EventKind.CAKE_MOVED: ("Cake Slice", "is", "are", "carried from {at} to {to}"),
}


def sentence(e: Event) -> str:
    """A sentence telling event `e` to players, naming its cause where there is one."""
    k, why = e.kind, _because(e.cause)
    K = EventKind
    if k in _COUNTED:
        thing, one, many, rest = _COUNTED[k]
        return (f"{_some(e, thing)} {_verb(e, one, many)} "
                + rest.format(at=_room(e.chamber), to=_room(e.to), why=why))
    if k is K.MAJORITY:
        return f"{_who(e)} wins the majority in {_room(e.chamber)} and earns its rewards"
    if k is K.NO_MAJORITY:
        reason = {"empty": "it holds no Test Subjects", "tie": "the majority is tied",
                  "blocked": "the Companion Cube blocks them"}.get(e.cause or "", "")
        return f"Nobody earns {_room(e.chamber)}'s rewards" + (f": {reason}" if reason else "")
    if k is K.RECYCLED:
        row = f"the {e.row} row" if e.row else "a row"
        return f"{_room(e.chamber)} is recycled: flipped over, it joins the new edge of {row}"
    if k is K.CARD_TAKEN:
        what = _card_name(e.card)
        return f"{_who(e)} takes {what}{why}"
    if k is K.CARD_DEPLOYED:
        card = CARD_BY_ID.get(e.card or "")
        if e.cause == GUN:
            return f"{_who(e)} deploys {_card_name(e.card)} to fire the Portal Gun"
        title = f": {card.action_title}" if card is not None else ""
        return f"{_who(e)} deploys {_card_name(e.card)}{title}"
    if k is K.CARD_DISCARDED:
        return f"{_who(e)} discards {_card_name(e.card)} down to the hand limit"
    if k is K.CHARACTER:
        card = CARD_BY_ID.get(e.card or "")
        rule = f" ({card.character_title})" if card is not None else ""
        return f"{_card_name(e.card)} is now the active Character{rule}"
    if k is K.RESHUFFLED:
        return (f"The discard pile is shuffled into a new deck of {e.count} Aperture "
                f"Card{'s' if e.count != 1 else ''}")
    if k is K.TURRET:
        if e.chamber is None:
            return f"The Turret is put in {_room(e.to)}{why}"
        return f"The Turret moves from {_room(e.chamber)} to {_room(e.to)}{why}"
    if k is K.TURRET_FIRED:
        return f"The Turret fires into {_room(e.chamber)}{why}"
    if k is K.CUBE:
        if e.chamber is None:
            return f"The Companion Cube is placed in {_room(e.to)}{why}"
        return f"The Companion Cube moves from {_room(e.chamber)} to {_room(e.to)}{why}"
    if k is K.PORTAL:
        return f"The Portals now join {_room(e.chamber)} and {_room(e.to)}{why}"
    if k is K.TURN:
        return f"Turn {e.count}: {_who(e)}'s turn begins"
    if k is K.GAME_OVER:
        words = ENDING_WORDS.get(e.cause or "")
        return "The game is over" + (f": {words.format(who=_who(e))}" if words else "")
    if k is K.WON:
        return f"{_who(e)} wins"
    return k.value


# ------------------------------------------------------------------------------ checking


def check(raw: Any, players: int, letters: tuple[str, ...]) -> str | None:
    """What is wrong with saved events `raw` (None when nothing is), for `serial.load`."""
    if not isinstance(raw, list):
        return "expected a list of events"
    kinds = {k.value for k in EventKind}
    for i, e in enumerate(raw):
        where = f"events[{i}]"
        if not isinstance(e, dict) or not isinstance(e.get("k"), str) or e["k"] not in kinds:
            return f"{where}: not an event"
        for key, v in e.items():
            if key == "k":
                continue
            if key not in _FIELDS or v is None:
                return f"{where}: unexpected field {key!r}"
            whole = isinstance(v, int) and not isinstance(v, bool)
            if key not in ("seat", "count") and not isinstance(v, str):
                return f"{where}.{key}: expected text"
            if key == "seat" and not (whole and 0 <= v < players):
                return f"{where}.seat: not a seat of this game"
            if key in ("chamber", "to") and v not in letters:
                return f"{where}.{key}: not a chamber"
            if key == "count" and not (whole and v >= 0):
                return f"{where}.count: not a count"
            if key == "cause" and v not in CAUSES:
                return f"{where}.cause: unknown cause"
            if key == "card" and v not in CARD_BY_ID:
                return f"{where}.card: unknown card"
            if key == "row" and v not in ROWS:
                return f"{where}.row: not a row"
    return None
