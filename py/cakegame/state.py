"""The public face of the rules: `new_game`, `State`, `View` and `Outcome`.

A State is an immutable snapshot of a game: `apply` returns a new State and leaves the old one
as it was, so undo, replays and search are lists of States. Underneath it is one plain dict of
JSON-able data, the same dict a save holds.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import Enum
from typing import Any

from . import geometry as geo
from . import rng as rngmod
from . import rules
from .actions import Action, IllegalActionError
from .content import (
    CAKE_PER_DIVISION,
    CARD_BY_ID,
    CARD_IDS,
    DIVISIONS,
    LAB_WIDTH,
    PANEL_LETTERS,
    PANELS,
    PANELS_IN_PLAY,
    SUBJECTS_PER_DIVISION,
    Card,
    Icon,
    Rule,
)
from .events import Event
from .pending import Pending
from .serial import FORMAT


class Termination(str, Enum):
    """Why a game ended."""

    NO_SUBJECTS = "no_subjects"  # a division has no Test Subjects left in the lab
    CAKE_INCINERATED = "cake_incinerated"  # a division has had all its cake incinerated
    OPERA = "opera"  # the Opera Turret's alternative win
    # Only in games saved by an earlier version, which ended a game after ten quiet rounds.
    STANDSTILL = "standstill"


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: the winners (a shared win lists several) and the counts."""

    winners: tuple[int, ...]
    reason: Termination
    seat: int | None  # the division whose situation ended the game
    cake: tuple[int, ...]  # Cake Slices in the lab, per seat
    subjects: tuple[int, ...]  # Test Subjects in the lab, per seat


@dataclass(frozen=True)
class Chamber:
    """One chamber of the lab as players see it, for drawing and for bots."""

    panel: int
    letter: str
    row: int
    x: int
    face: int
    icons: tuple[Icon, ...]
    subjects: tuple[int, ...]
    cake: tuple[int, ...]
    portal: bool
    turret: bool
    cube: bool
    glados: bool
    new_edge: bool
    old_edge: bool


def new_game(players: int, seed: int, *, names: list[str] | None = None,
             first_player: int | None = None) -> State:
    """A new game, set up as the rules say, for 2-4 players."""
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 4:
        raise ValueError(f"the game is for 2 to 4 players, not {players!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"a seed is a whole number, not {seed!r}")
    if names is None:
        names = [d.name for d in DIVISIONS[:players]]
    if not isinstance(names, (list, tuple)):
        raise ValueError(f"names are a list of {players} texts, not {type(names).__name__}")
    if len(names) != players or not all(isinstance(n, str) for n in names):
        raise ValueError(f"give one name for each of the {players} players")
    if first_player is not None and (isinstance(first_player, bool)
                                     or first_player not in range(players)):
        raise ValueError(f"the first player is a seat from 0 to {players - 1}")
    r = rngmod.seed_state(seed)
    order = list(range(len(PANELS)))
    r = rngmod.shuffle(r, order)
    face = []
    for _ in PANELS:
        r, f = rngmod.below(r, 2)
        face.append(f)
    pos: list[list[int] | None] = [None] * len(PANELS)
    for i, p in enumerate(order[:PANELS_IN_PLAY]):
        row, col = divmod(i, LAB_WIDTH)
        pos[p] = [row, 2 * col + (1 if row == 1 else 0)]
    deck = list(CARD_IDS)
    r = rngmod.shuffle(r, deck)
    if first_player is None:
        r, first_player = rngmod.below(r, players)
    sub = [[0] * players for _ in PANELS]
    starts = [order[0], order[LAB_WIDTH], order[2 * LAB_WIDTH]]
    for p, count in zip(starts, (1, 2, 1)):
        sub[p] = [count] * players
    d: dict[str, Any] = {
        "format": FORMAT,
        "players": players,
        "names": list(names),
        "seed": seed,
        "rng": rngmod.pack(r),
        "pos": pos,
        "face": face,
        "sub": sub,
        "cake": [[0] * players for _ in PANELS],
        "aside": order[PANELS_IN_PLAY:],
        "portals": [order[LAB_WIDTH - 1], order[3 * LAB_WIDTH - 1]],
        "turret": None,
        "cube": None,
        "glados": None,
        "supply": [SUBJECTS_PER_DIVISION - 4] * players,
        "cake_supply": [CAKE_PER_DIVISION] * players,
        "burned": [0] * players,
        "hands": [[] for _ in range(players)],
        "fresh": [0] * players,
        "deck": deck,
        "discard": [],
        **first_turn(first_player),
    }
    legal = rules.settle(d)
    d["events"] = []
    return State._wrap(d, legal)


def first_turn(seat: int) -> dict[str, Any]:
    """The game data of a game about to start with `seat`'s first turn."""
    return {"first": seat, "turn": seat, "turn_no": 1, "phase": None, "done": [], "stack": [],
            "reveals": 0, "over": None, "events": []}


def clone(d: dict[str, Any]) -> dict[str, Any]:
    """A deep copy of the game data (faster than copy.deepcopy for this known shape)."""
    c = dict(d)
    c["names"] = list(d["names"])
    c["pos"] = d["pos"]  # shared: the rules replace this list rather than change it
    c["face"] = list(d["face"])
    c["sub"] = [list(x) for x in d["sub"]]
    c["cake"] = [list(x) for x in d["cake"]]
    c["aside"] = list(d["aside"])
    c["portals"] = list(d["portals"])
    for k in ("supply", "cake_supply", "burned", "fresh", "deck", "discard", "done"):
        c[k] = list(d[k])
    c["hands"] = [list(h) for h in d["hands"]]
    c["events"] = list(d["events"])  # shared dicts: an event is never changed once told
    c["stack"] = [{k: (list(v) if isinstance(v, list) else v) for k, v in f.items()}
                  for f in d["stack"]]
    if d["over"] is not None:
        c["over"] = {k: (list(v) if isinstance(v, list) else v) for k, v in d["over"].items()}
    return c


class _Reader:
    """What a State and a View both show: the public facts of the game, read-only."""

    _d: dict[str, Any]

    # --- whose decision, and which
    @property
    def current_player(self) -> int | None:
        """The seat that must decide now, or None when the game is over."""
        if self._d["over"] is not None or not self._d["stack"]:
            return None
        return self._d["stack"][-1]["seat"]

    def legal_actions(self) -> list[Action]:
        """Every legal action now, in a fixed order; empty only when the game is over."""
        return rules.options(self._d)

    @property
    def decision(self) -> str | None:
        """The kind of decision open (a frame kind: 'deploy', 'move', 'carry', ...)."""
        return self._d["stack"][-1]["k"] if self._d["stack"] and not self._d["over"] else None

    def prompt(self) -> str:
        """What the current player must do, in words ("choose a chamber to move from")."""
        from .describe import prompt
        return prompt(self._d)

    def describe(self, action: Action | str) -> str:
        """A sentence for players telling what `action` does from here; IllegalActionError
        if it makes no sense here (a card or chamber that is not there, no such choice)."""
        from .describe import describe, refusal
        a = _as_action(action)
        try:
            return describe(self._d, a)
        except (LookupError, TypeError, ValueError, AttributeError):
            legal = self.legal_actions()
            if a in legal:
                raise  # describe.py failed on a legal action: a fault to see, not a refusal
            raise refusal(self._d, a, legal) from None  # (over: "the game is over")

    def _seat(self, seat: Any) -> int:
        """`seat`, checked: a whole number naming a seat of this game."""
        if seat.__class__ is not int or not 0 <= seat < self._d["players"]:
            raise ValueError(f"no seat {seat!r} in a {self._d['players']}-player game")
        return seat

    def _panel(self, letter: Any) -> int:
        """The panel of chamber `letter`, checked to be in the lab."""
        if not isinstance(letter, str):
            raise IllegalActionError(f"a chamber is named by its letter, not {letter!r}")
        p = rules.panel_of(letter)
        if self._d["pos"][p] is None:
            raise IllegalActionError(f"chamber {letter} is not in the lab")
        return p

    # --- the table
    @property
    def players(self) -> int:
        return self._d["players"]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._d["names"])

    @property
    def turn(self) -> int:
        """The seat whose turn it is (or whose turn ended the game)."""
        return self._d["turn"]

    @property
    def turn_number(self) -> int:
        return self._d["turn_no"]

    @property
    def first_player(self) -> int:
        return self._d["first"]

    @property
    def phase(self) -> str | None:
        """The turn's current step: 'deploy', 'move' or 'activate' (None when over)."""
        return self._d["phase"]

    @property
    def reveals(self) -> int:
        """How many times hidden information has been revealed (cards drawn, reshuffles)."""
        return self._d["reveals"]

    @property
    def character(self) -> Card | None:
        """The active Character: the card on top of the discard pile."""
        return CARD_BY_ID[self._d["discard"][-1]] if self._d["discard"] else None

    @property
    def rule(self) -> Rule | None:
        return rules.rule(self._d)

    @property
    def discard(self) -> tuple[str, ...]:
        """The discard pile, bottom first (its last card is the active Character)."""
        return tuple(self._d["discard"])

    @property
    def deck_size(self) -> int:
        return len(self._d["deck"])

    @property
    def deck_top(self) -> str | None:
        """The deck's top card, whose Aperture side is face up for everyone."""
        return self._d["deck"][0] if self._d["deck"] else None

    def hand_size(self, seat: int) -> int:
        return len(self._d["hands"][self._seat(seat)])

    def hand(self, seat: int) -> tuple[str | None, ...]:
        """A seat's cards (None for a card this view may not see)."""
        return tuple(self._d["hands"][self._seat(seat)])

    def fresh(self, seat: int) -> int:
        """How many of `seat`'s cards were received this turn: the last ones of its hand.
        They cannot be deployed before that player's next turn."""
        return self._d["fresh"][self._seat(seat)]

    def supply(self, seat: int) -> int:
        """Test Subjects in a division's supply (not in the lab)."""
        return self._d["supply"][self._seat(seat)]

    def cake_supply(self, seat: int) -> int:
        return self._d["cake_supply"][self._seat(seat)]

    def incinerated(self, seat: int) -> int:
        return self._d["burned"][self._seat(seat)]

    def subjects_in_lab(self) -> tuple[int, ...]:
        return tuple(rules.subjects_in_lab(self._d))

    def cake_in_lab(self) -> tuple[int, ...]:
        return tuple(rules.cake_in_lab(self._d))

    def chambers(self) -> list[Chamber]:
        """Every chamber in the lab, top row first, each row from its new edge."""
        d = self._d
        news, olds = set(geo.new_edge(d["pos"])), set(geo.old_edge(d["pos"]))
        out = []
        for p in rules.lab_order(d):
            row, x = d["pos"][p]
            out.append(Chamber(
                p, PANEL_LETTERS[p], row, x, d["face"][p], PANELS[p].icons(d["face"][p]),
                tuple(d["sub"][p]), tuple(d["cake"][p]), p in d["portals"],
                d["turret"] == p, d["cube"] == p, d["glados"] == p, p in news, p in olds))
        return out

    def chamber(self, letter: str) -> Chamber:
        p = self._panel(letter)
        for c in self.chambers():
            if c.panel == p:
                return c
        raise ValueError(f"chamber {letter} is not in the lab")

    def move_targets(self, letter: str) -> list[str]:
        """Where subjects in chamber `letter` could move right now (for showing paths)."""
        return [PANEL_LETTERS[p] for p in rules.move_targets(self._d, self._panel(letter))]

    @property
    def pending(self) -> Pending:
        """The open decision's details (e.g. the chosen source of a move), typed: see
        pending.py. It also reads as the dict it used to be (`pending["src"]`)."""
        if not self._d["stack"] or self._d["over"]:
            return Pending()
        return Pending.of(self._d["stack"][-1])

    # --- what happened
    @property
    def events(self) -> tuple[Event, ...]:
        """What the last action did, in order (empty for a new game): see events.py."""
        names = self._d["names"]
        return tuple(Event.from_data(e, names) for e in self._d["events"])

    # --- the end
    @property
    def is_over(self) -> bool:
        return self._d["over"] is not None

    def leaders(self) -> tuple[int, ...]:
        """The seats that would win if the game ended now, by the usual count (the most
        Cake Slices in the lab, then the most Test Subjects there): what a player watches
        as the end draws near. Once the game is over, its winners."""
        o = self._d["over"]
        return tuple(o["winners"]) if o is not None else tuple(rules.leaders(self._d))

    @property
    def outcome(self) -> Outcome | None:
        o = self._d["over"]
        if o is None:
            return None
        return Outcome(tuple(o["winners"]), Termination(o["reason"]), o["seat"],
                       tuple(o["cake"]), tuple(o["subjects"]))

    def __str__(self) -> str:
        from .describe import board_text
        return board_text(self._d)


def _as_action(action: Action | str) -> Action:
    if isinstance(action, Action):
        return action
    return Action.parse(action)


class State(_Reader):
    """A whole game at one moment. Immutable: `apply` returns a new State."""

    __slots__ = ("_d", "_legal")
    _legal: tuple[Action, ...] | None

    def __init__(self) -> None:
        raise TypeError("make a State with cakegame.new_game() or State.from_json()")

    @classmethod
    def _wrap(cls, d: dict[str, Any], legal: list[Action] | None = None) -> State:
        s = object.__new__(cls)
        object.__setattr__(s, "_d", d)
        object.__setattr__(s, "_legal", None if legal is None else tuple(legal))
        return s

    def legal_actions(self) -> list[Action]:
        """Every legal action now, in a fixed order; empty only when the game is over."""
        if self._legal is None:
            object.__setattr__(self, "_legal", tuple(rules.options(self._d)))
        return list(self._legal)  # type: ignore[arg-type]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a State is immutable; apply() returns a new one")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self._d == other._d

    def __hash__(self) -> int:
        return hash(self.to_json())

    def __repr__(self) -> str:
        return (f"<State {self.players} players, turn {self.turn_number}, "
                f"{'over' if self.is_over else f'seat {self.current_player} to act'}>")

    @property
    def seed(self) -> int:
        return self._d["seed"]

    def apply(self, action: Action | str) -> State:
        """The state after `action`; raises IllegalActionError (self unchanged) if not legal."""
        a = _as_action(action)
        legal = self.legal_actions()
        if a not in legal:
            from .describe import refusal
            raise refusal(self._d, a, legal)
        d = clone(self._d)
        d["events"] = []
        return State._wrap(d, rules.play(d, a))

    def apply_unchecked(self, action: Action) -> State:
        """`apply` without the legality check, for search code that took `action` from
        `legal_actions()` of this very state."""
        d = clone(self._d)
        d["events"] = []
        return State._wrap(d, rules.play(d, action))

    def to_json(self) -> str:
        """The whole game as JSON text: lossless, with a "format" field."""
        return json.dumps(self._d, separators=(",", ":"))

    def to_data(self) -> dict[str, Any]:
        """The whole game as plain data (a copy)."""
        return clone(self._d)

    @classmethod
    def from_json(cls, text: str | bytes | dict[str, Any]) -> State:
        """A State from `to_json()` output; ValueError saying what is wrong otherwise."""
        from .serial import load
        return cls._wrap(load(text))

    def view(self, seat: int) -> View:
        """What `seat` may know: others' hands, the deck below its top and the unused
        panels hidden, and the seed and generator withheld."""
        self._seat(seat)
        d = clone(self._d)
        d["hands"] = [h if s == seat else [None] * len(h) for s, h in enumerate(d["hands"])]
        d["deck"] = d["deck"][:1] + [None] * (len(d["deck"]) - 1)
        for p in d["aside"]:
            d["face"][p] = None
        d["aside"] = [None] * len(d["aside"])
        d["seed"] = None
        d["rng"] = None
        # A card taken from the deck is named only to the seat that took it.
        d["events"] = [e if e["k"] != "card_taken" or e["seat"] == seat or "card" not in e
                       else {k: v for k, v in e.items() if k != "card"} for e in d["events"]]
        return View._make(d, seat)


class View(_Reader):
    """A game as one seat sees it. Bots think with this: `sample` fills in what is hidden."""

    __slots__ = ("_d", "seat")
    seat: int

    @classmethod
    def _make(cls, d: dict[str, Any], seat: int) -> View:
        v = object.__new__(cls)
        object.__setattr__(v, "_d", d)
        object.__setattr__(v, "seat", seat)
        return v

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a View is immutable")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, View) and self.seat == other.seat and self._d == other._d

    def __hash__(self) -> int:
        return hash((self.seat, json.dumps(self._d, sort_keys=True)))

    def __repr__(self) -> str:
        return f"<View of seat {self.seat}, turn {self.turn_number}>"

    def sample(self, rng: rngmod.Rng | int) -> State:
        """A full State that `seat` could be in: hidden cards dealt at random by `rng`
        (a cakegame.rng.Rng or a seed), a fresh generator for future shuffles."""
        if isinstance(rng, int) and not isinstance(rng, bool):
            rng = rngmod.Rng(rng)
        elif not isinstance(rng, rngmod.Rng):
            raise ValueError(f"sample needs a cakegame.rng.Rng or a seed, not {rng!r}")
        d = clone(self._d)
        limbo = [f["card"] for f in d["stack"] if f["k"] == rules.F_PUT]
        seen = d["hands"][self.seat] + d["discard"] + d["deck"][:1] + limbo
        unknown = [c for c in CARD_IDS if c not in seen]
        rng.shuffle(unknown)
        for s, h in enumerate(d["hands"]):
            if s != self.seat:
                for i in range(len(h)):
                    h[i] = unknown.pop()
        for i in range(1, len(d["deck"])):
            d["deck"][i] = unknown.pop()
        aside = [p for p in range(len(PANELS)) if d["pos"][p] is None]
        d["aside"] = aside
        for p in aside:
            d["face"][p] = rng.randbelow(2)
        d["seed"] = 0
        d["rng"] = rngmod.pack(rng.randbelow(1 << 62))
        return State._wrap(d)

