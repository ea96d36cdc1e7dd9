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

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, NamedTuple

from .content import CARD_BY_ID, DIVISIONS, ROWS
from .data import EventData


class EventKind(str, Enum):
    """What happened. The value is the kind's name in saves."""

    SUBJECTS_IN = "subjects_in"  # Test Subjects enter the Laboratory in `chamber`
    SUBJECTS_DESTROYED = "subjects_destroyed"  # Test Subjects destroyed in `chamber`
    CAKE_IN = "cake_in"  # Cake Slices enter the Laboratory in `chamber`
    CAKE_INCINERATED = "cake_incinerated"  # Cake Slices incinerated from `chamber`
    CAKE_RETURNED = "cake_returned"  # Cake Slices go back to the supply (Safety Regulations)
    # `seat` owes `count` Test Subjects or Cake Slices (a reward, a card's action: `cause`)
    # and has none left in its supply, so they are not delivered.
    SUBJECTS_NONE_LEFT = "subjects_none_left"
    CAKE_NONE_LEFT = "cake_none_left"
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
BONUS = "bonus"  # the free Test Subject or card for a move
LEMONS = "lemons"  # the free Test Subject or card for a Cake Slice burnt (Combustible Lemons)
TURRET = "turret"  # the Turret destroys whoever is in its chamber
FIRE = "fire"  # the Turret fires into a chamber next to it (Aria)
RECYCLE = "recycle"  # the activated chamber is recycled
BURN = "burn"  # a player incinerates their own Cake Slice (Combustible Lemons)
GUN = "gun"  # a card deployed to fire the Portal Gun
FEWEST = "fewest"  # rewarded for the fewest Test Subjects in the chamber (Underdog Protocol)
NO_MAJORITY_CAUSES = ("empty", "tie", "blocked")  # never a card id: views hide those
ENDINGS = ("no_subjects", "cake_incinerated", "opera")
CAUSES = frozenset((REWARD, BONUS, LEMONS, TURRET, FIRE, RECYCLE, BURN, GUN, FEWEST,
                    *NO_MAJORITY_CAUSES,
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
#
# Each kind is worded twice, in `WORDS` below: a sentence (`sentence`, `str(e)`: names the
# player, "Test Chamber K" and the cause) and a short form (`short`: chamber letters, the
# pieces' division, for the page's log and strip). A new kind gets both there, once.


def _who(e: Event) -> str:
    if e.name is not None:
        return e.name
    if e.seat is not None and e.seat < len(DIVISIONS):
        return DIVISIONS[e.seat].name
    return "Someone"


def _some(e: Event, thing: str) -> str:
    """'One of Ann's Test Subjects' or '3 of Ann's Test Subjects'."""
    return f"{'One' if e.count == 1 else e.count} of {_who(e)}'s {thing}s"


def _pieces(e: Event, thing: str) -> str:
    """'1 Blue Test Subject' or '3 Blue Test Subjects': the division's pieces, counted."""
    div = DIVISIONS[e.seat].name + " " if e.seat is not None and e.seat < len(DIVISIONS) else ""
    return f"{e.count} {div}{thing}{'' if e.count == 1 else 's'}"


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
        LEMONS: " for a burnt Cake Slice (Combustible Lemons)",
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
NO_MAJORITY_WORDS = {"empty": "it holds no Test Subjects", "tie": "the majority is tied",
                     "blocked": "the Companion Cube blocks them"}
NO_MAJORITY_SHORT = {"empty": "it holds no Test Subjects", "tie": "the majority is tied",
                     "blocked": "the Companion Cube blocks it"}


# Events that count Test Subjects or Cake Slices: the thing, its verb for one and for
# several, the rest of the sentence ({at}: the chamber, {to}: where to, {why}: the cause),
# and the rest of the short form ({at}, {to}: letters; {by}: " by the Turret" or nothing).
_COUNTED = {
    EventKind.SUBJECTS_IN: ("Test Subject", "enters", "enter", "the Laboratory in {at}{why}",
                            "into {at}"),
    EventKind.SUBJECTS_DESTROYED: ("Test Subject", "is", "are", "destroyed in {at}{why}",
                                   "destroyed in {at}{by}"),
    EventKind.CAKE_IN: ("Cake Slice", "enters", "enter", "the Laboratory in {at}{why}",
                        "into {at}"),
    EventKind.CAKE_INCINERATED: ("Cake Slice", "is", "are", "incinerated from {at}{why}",
                                 "incinerated"),
    EventKind.CAKE_RETURNED: ("Cake Slice", "goes", "go",
                              "back to the supply from {at}{why} (Safety Regulations)",
                              "back to supply"),
    EventKind.MOVED: ("Test Subject", "moves", "move", "from {at} to {to}{why}",
                      "from {at} to {to}"),
    EventKind.CAKE_MOVED: ("Cake Slice", "is", "are", "carried from {at} to {to}",
                           "carried from {at} to {to}"),
}


def _counted_long(e: Event) -> str:
    thing, one, many, rest, _ = _COUNTED[e.kind]
    return (f"{_some(e, thing)} {_verb(e, one, many)} "
            + rest.format(at=_room(e.chamber), to=_room(e.to), why=_because(e.cause)))


def _counted_short(e: Event) -> str:
    thing, _, _, _, rest = _COUNTED[e.kind]
    by = " by the Turret" if e.cause == TURRET else ""
    return f"{_pieces(e, thing)} " + rest.format(at=e.chamber, to=e.to, by=by)


def _majority(e: Event) -> str:
    if e.cause == FEWEST:
        return (f"{_who(e)} has the fewest Test Subjects in {_room(e.chamber)} and earns its "
                "rewards")
    return f"{_who(e)} wins the majority in {_room(e.chamber)} and earns its rewards"


def _majority_short(e: Event) -> str:
    # The fact alone: the rewards collected follow as events of their own, and a winner
    # with nothing left to collect earned none.
    if e.cause == FEWEST:
        return f"{_who(e)} wins {e.chamber} with the fewest Test Subjects"
    return f"{_who(e)} wins {e.chamber}'s majority"


def _no_majority(e: Event) -> str:
    reason = NO_MAJORITY_WORDS.get(e.cause or "", "")
    return f"Nobody earns {_room(e.chamber)}'s rewards" + (f": {reason}" if reason else "")


def _recycled(e: Event) -> str:
    row = f"the {e.row} row" if e.row else "a row"
    return f"{_room(e.chamber)} is recycled: flipped over, it joins the new edge of {row}"


def _deployed(e: Event) -> str:
    card = CARD_BY_ID.get(e.card or "")
    if e.cause == GUN:
        return f"{_who(e)} deploys {_card_name(e.card)} to fire the Portal Gun"
    title = f": {card.action_title}" if card is not None else ""
    return f"{_who(e)} deploys {_card_name(e.card)}{title}"


def _character(e: Event) -> str:
    card = CARD_BY_ID.get(e.card or "")
    rule = f" ({card.character_title})" if card is not None else ""
    return f"{_card_name(e.card)} is now the active Character{rule}"


def _character_short(e: Event) -> str:
    card = CARD_BY_ID.get(e.card or "")
    return f"{card.name if card is not None else 'a card'} is now the active Character"


def _reshuffled(e: Event) -> str:
    return (f"The discard pile is shuffled into a new deck of {e.count} Aperture "
            f"Card{'s' if e.count != 1 else ''}")


def _token(name: str, placed: str) -> Callable[[Event], str]:
    """The Turret's or the Cube's move, as a sentence."""
    def words(e: Event) -> str:
        if e.chamber is None:
            return f"The {name} is {placed} in {_room(e.to)}{_because(e.cause)}"
        return f"The {name} moves from {_room(e.chamber)} to {_room(e.to)}{_because(e.cause)}"
    return words


def _token_short(name: str) -> Callable[[Event], str]:
    """The Turret's or the Cube's move, short."""
    def words(e: Event) -> str:
        return f"the {name} to {e.to}" if e.chamber is None else \
            f"the {name} from {e.chamber} to {e.to}"
    return words


def _none_left(thing: str) -> Callable[[Event], str]:
    """A delivery owed and not made, as a sentence: told with the action after which it
    lapsed, which may have delivered the one before it, so it names what is owed."""
    def words(e: Event) -> str:
        owed = f"{e.count} {thing}{'' if e.count == 1 else 's'}"
        return (f"{owed} owed to {_who(e)}{_because(e.cause)} {_verb(e, 'is', 'are')} not "
                "delivered: none left in the supply")
    return words


def _none_left_short(thing: str) -> Callable[[Event], str]:
    def words(e: Event) -> str:
        return f"{_pieces(e, thing)} owed, not delivered (none left)"
    return words


def _game_over(e: Event) -> str:
    words = ENDING_WORDS.get(e.cause or "")
    return "The game is over" + (f": {words.format(who=_who(e))}" if words else "")


class Words(NamedTuple):
    """How one kind of event is told: a sentence, and a short form."""

    long: Callable[[Event], str]
    short: Callable[[Event], str]


K = EventKind
WORDS: dict[EventKind, Words] = {
    **{k: Words(_counted_long, _counted_short) for k in _COUNTED},
    K.MAJORITY: Words(_majority, _majority_short),
    K.NO_MAJORITY: Words(
        _no_majority,
        lambda e: f"nobody earns {e.chamber}'s rewards "
                  f"({NO_MAJORITY_SHORT.get(e.cause or '', 'none')})"),
    K.RECYCLED: Words(
        _recycled,
        lambda e: f"chamber {e.chamber} recycled into "
                  f"{f'the {e.row} row' if e.row else 'a new edge'}"),
    # The short form never names the card taken: a log is read by everyone at the table.
    K.CARD_TAKEN: Words(lambda e: f"{_who(e)} takes {_card_name(e.card)}{_because(e.cause)}",
                        lambda e: f"{_who(e)} takes "
                                  + ("an Aperture Card" if e.count == 1
                                     else f"{e.count} Aperture Cards")),
    K.CARD_DEPLOYED: Words(
        _deployed,
        lambda e: f"{_who(e)} deploys {_card_name(e.card)}"
                  + (" for the Portal Gun" if e.cause == GUN else "")),
    K.CARD_DISCARDED: Words(
        lambda e: f"{_who(e)} discards {_card_name(e.card)} down to the hand limit",
        lambda e: f"{_who(e)} discards {_card_name(e.card)}"),
    K.CHARACTER: Words(_character, _character_short),
    K.RESHUFFLED: Words(_reshuffled, lambda e: "the discard pile is shuffled into a new deck"),
    K.TURRET: Words(_token("Turret", "put"), _token_short("Turret")),
    K.TURRET_FIRED: Words(
        lambda e: f"The Turret fires into {_room(e.chamber)}{_because(e.cause)}",
        lambda e: f"the Turret fires into {e.chamber}"),
    K.CUBE: Words(_token("Companion Cube", "placed"), _token_short("Companion Cube")),
    K.PORTAL: Words(
        lambda e: f"The Portals now join {_room(e.chamber)} and {_room(e.to)}"
                  f"{_because(e.cause)}",
        lambda e: f"the Portals join {e.chamber} and {e.to}"),
    K.TURN: Words(lambda e: f"Turn {e.count}: {_who(e)}'s turn begins",
                  lambda e: f"turn {e.count}: {_who(e)}"),
    K.SUBJECTS_NONE_LEFT: Words(_none_left("Test Subject"), _none_left_short("Test Subject")),
    K.CAKE_NONE_LEFT: Words(_none_left("Cake Slice"), _none_left_short("Cake Slice")),
    K.GAME_OVER: Words(_game_over, lambda e: "the game is over"),
    K.WON: Words(lambda e: f"{_who(e)} wins", lambda e: f"{_who(e)} wins"),
}
del K


def sentence(e: Event) -> str:
    """A sentence telling event `e` to players, naming its cause where there is one."""
    return WORDS[e.kind].long(e)


def short(e: Event) -> str:
    """A short phrase for event `e`: chambers by letter, pieces by division ("2 Blue Test
    Subjects destroyed in K"), a card taken never named. The page's log and strip use it."""
    return WORDS[e.kind].short(e)


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
