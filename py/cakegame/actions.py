"""Actions: every decision a player makes, as a small value with a stable text form.

An action is a verb and its arguments, written as words separated by single spaces:
`play wheatley`, `from C`, `to H`, `count 2`, `carry 1`, `activate E`, `subject K`,
`recycle top`. Chambers are named by their panel letter (A-R), divisions by seat number
(0-3), cards by their id. `Action.parse(str(a)) == a` for every action.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Verb(str, Enum):
    """What an action does. The value is the action's first word."""

    END = "end"  # finish the deploy step
    PLAY = "play"  # deploy a card for its Aperture action: play <card>
    GUN = "gun"  # deploy a card to fire the Portal Gun: gun <card>
    DISCARD = "discard"  # discard down to the hand limit: discard <card>
    BURN = "burn"  # incinerate one of your own cake for a reward: burn <chamber>
    PORTAL = "portal"  # place a Portal token: portal <chamber>
    SHIFT = "shift"  # move one Portal token: shift <from> <to>
    FROM = "from"  # the chamber a group moves from: from <chamber> [<seat>]
    TO = "to"  # where the group goes: to <chamber>
    COUNT = "count"  # how many subjects move: count <n>
    CARRY = "carry"  # a moving subject carries a cake of a division: carry <seat> | carry none
    BONUS = "bonus"  # the single-subject bonus: bonus card | bonus subject <chamber>
    ACTIVATE = "activate"  # put GLaDOS in an old-edge chamber: activate <chamber>
    SUBJECT = "subject"  # deliver a rewarded subject: subject <chamber>
    CAKE = "cake"  # deliver a rewarded cake slice: cake <chamber>
    CARD = "card"  # take a rewarded card: card
    CUBE = "cube"  # place the Companion Cube: cube <chamber> | cube stay
    TURRET = "turret"  # move or place the Turret: turret <chamber> | turret stay
    FIRE = "fire"  # the Turret fires into a chamber: fire <chamber>
    DESTROY = "destroy"  # destroy one subject: destroy <chamber> <seat>
    RECYCLE = "recycle"  # the row that receives the recycled chamber: recycle <row>


class IllegalActionError(ValueError):
    """An action that is malformed or not legal now. The state it was offered to is unchanged."""


@dataclass(frozen=True, order=True)
class Action:
    """One decision. Compare, hash and sort freely; print it to get its text form."""

    verb: Verb
    args: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        """Hand-built actions are checked here, so a wrong field type is refused with words
        (IllegalActionError) rather than failing later inside the engine."""
        if self.verb.__class__ is not Verb:
            try:
                object.__setattr__(self, "verb", Verb(self.verb))
            except (ValueError, TypeError):
                raise IllegalActionError(f"unknown action verb {self.verb!r}") from None
        args = self.args
        if args.__class__ is not tuple:
            if not isinstance(args, (list, tuple)):
                raise IllegalActionError(f"an action's arguments are a tuple of words, not "
                                         f"{type(args).__name__}")
            args = tuple(args)
            object.__setattr__(self, "args", args)
        for word in args:
            if word.__class__ is not str or word.split() != [word]:
                raise IllegalActionError(f"an action's arguments are single words, not "
                                         f"{word!r}")

    def __str__(self) -> str:
        return " ".join((self.verb.value, *self.args))

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Action:
        """The action written as `text`; raises IllegalActionError if it is not well formed."""
        if not isinstance(text, str):
            raise IllegalActionError(f"an action is text, not {type(text).__name__}")
        words = text.split()
        if not words:
            raise IllegalActionError("an empty action")
        try:
            verb = Verb(words[0].lower())
        except ValueError:
            raise IllegalActionError(f"unknown action {words[0]!r} in {text!r}") from None
        return cls(verb, tuple(words[1:]))


_interned: dict[tuple[object, ...], Action] = {}


def act(verb: Verb, *args: object) -> Action:
    """The action for a verb and arguments of any printable type. Actions are values; the
    rules make the same few hundred over and over, so each is built once and reused."""
    key = (verb, *args)
    found = _interned.get(key)
    if found is None:
        found = Action(verb, tuple(a if isinstance(a, str) else str(a) for a in args))
        if len(_interned) < 100_000:
            _interned[key] = found
    return found
