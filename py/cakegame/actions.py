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
    """An action that is malformed or not legal now. The state it was offered to is unchanged.

    Its text says it all ("from M is not possible: Orange has no Test Subjects in chamber M
    to move; the choices are: from A, from B"); for a refused action of the game, the parts
    are kept apart too, for an interface that says them in its own words: `action` (its
    text), `reason` (why, as a clause; None when no more can be said than what is asked
    now) and `choices` (the legal actions like it, or all of them)."""

    def __init__(self, message: str, *, action: str | None = None, reason: str | None = None,
                 choices: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.action = action
        self.reason = reason
        self.choices = choices


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

    # --- typed accessors: what the arguments mean, so no caller splits or indexes them

    @property
    def chamber(self) -> str | None:
        """The chamber letter the action names (for `shift`, the Portal's chamber before it
        moves; for `bonus subject K`, K); None when it names none (`cube stay`, ...)."""
        v, args = self.verb, self.args
        if v in _CHAMBER_FIRST and args and args[0] not in _PASSES:
            return args[0]
        if v is Verb.BONUS and len(args) > 1:
            return args[1]
        return None

    @property
    def to(self) -> str | None:
        """Where `shift` moves its Portal token (the destination of `to` is `chamber`)."""
        return self.args[1] if self.verb is Verb.SHIFT and len(self.args) > 1 else None

    @property
    def seat(self) -> int | None:
        """The division named: whose subjects `from` picks in a forced move, whose Cake Slice
        `carry` takes, whose subject `destroy` destroys; None otherwise."""
        v, args = self.verb, self.args
        word = None
        if v in (Verb.FROM, Verb.DESTROY) and len(args) > 1:
            word = args[1]
        elif v is Verb.CARRY and args:
            word = args[0]
        return int(word) if word is not None and word.isdigit() else None

    @property
    def card(self) -> str | None:
        """The card id of `play`, `gun` and `discard`."""
        return self.args[0] if self.verb in _CARD_VERBS and self.args else None

    @property
    def count(self) -> int | None:
        """How many subjects `count` moves."""
        if self.verb is Verb.COUNT and self.args and self.args[0].isdigit():
            return int(self.args[0])
        return None

    @property
    def row(self) -> str | None:
        """The row `recycle` puts the chamber in: 'top', 'middle' or 'bottom'."""
        return self.args[0] if self.verb is Verb.RECYCLE and self.args else None

    @property
    def passes(self) -> bool:
        """Whether the action declines: `carry none`, `cube stay`, `turret stay`."""
        return bool(self.args) and self.args[0] in _PASSES

    @property
    def bonus(self) -> str | None:
        """Which bonus `bonus` takes: 'card' or 'subject'."""
        return self.args[0] if self.verb is Verb.BONUS and self.args else None

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


_CHAMBER_FIRST = frozenset((Verb.BURN, Verb.PORTAL, Verb.SHIFT, Verb.FROM, Verb.TO,
                            Verb.ACTIVATE, Verb.SUBJECT, Verb.CAKE, Verb.CUBE, Verb.TURRET,
                            Verb.FIRE, Verb.DESTROY))
_CARD_VERBS = frozenset((Verb.PLAY, Verb.GUN, Verb.DISCARD))
_PASSES = frozenset(("none", "stay"))

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
