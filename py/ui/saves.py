"""The save format: a versioned wrapper around the engine's own JSON, and its validation.

    {"format": "cakegame-save/1",
     "game":  <the engine state, cakegame.State.to_json() as an object>,
     "undo":  {"base": <an earlier state>, "actions": ["from C", ...]}   (only when undoable)
     "seats": ["human", "easy", ...],         one per seat: "human" or a bot level
     "ui":    {"pass_device": true, "revealed": 0},
     "log":   [[turn, seat, "Ann moves 2 Test Subjects ...", "KL"], ...]}
              (the fourth item, the chambers the move touched, may be missing)

Everything read back is checked: a save that is not JSON, not ours, from a newer version, or
whose game does not hold together raises `SaveError` with words for the player, never a
KeyError or TypeError. The engine's `State.from_json` does the deep checks; this module adds
the invariants a player would notice (counts per division) as a second line of defence.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import cakegame

SAVE_FORMAT = "cakegame-save/1"
SAVE_KEY = "cakegame.save"
BROKEN_PREFIX = "cakegame.save.broken."
SEAT_KINDS = ("human", "easy", "medium", "hard")
SUBJECTS = 8
CAKE = 8


class SaveError(ValueError):
    """A save that cannot be resumed; `kind` is 'damaged', 'foreign', 'newer' or 'invalid'."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


@dataclass
class Save:
    """A resumable game: the state now, how to undo within the turn, seats, settings, log."""

    state: Any  # cakegame.State
    seats: list[str]
    undo_base: Any = None  # cakegame.State or None
    undo_actions: list[str] = field(default_factory=list)
    ui: dict[str, Any] = field(default_factory=dict)
    log: list[list[Any]] = field(default_factory=list)


def _load_state(data: Any) -> Any:
    """An engine State from save data, checked; SaveError('invalid') if it does not hold."""
    if not isinstance(data, dict):
        raise SaveError("invalid", "the saved game is missing or is not a game")
    try:
        state = cakegame.State.from_json(data)
    except ImportError:  # pragma: no cover - only while the engine's loader is unfinished
        state = _loose_load(data)
    except ValueError as error:
        raise SaveError("invalid", f"the saved game does not hold together: {error}") from None
    except Exception as error:  # the engine promises ValueError; be safe for the player
        raise SaveError("invalid", f"the saved game could not be read: {error!r}") from None
    check_state(state)
    return state


def _loose_load(data: dict[str, Any]) -> Any:  # pragma: no cover - stop-gap
    """A State from data without the engine's loader: format checked, counts checked."""
    if data.get("format") != cakegame.FORMAT:
        raise SaveError("invalid", f"the saved game has format {data.get('format')!r}")
    return cakegame.State._wrap(json.loads(json.dumps(data)))


def check_state(state: Any) -> None:
    """Raise SaveError('invalid') unless the counts a player sees add up."""
    try:
        players = state.players
        lab_s = state.subjects_in_lab()
        lab_c = state.cake_in_lab()
        for seat in range(players):
            subjects = lab_s[seat] + state.supply(seat)
            cake = lab_c[seat] + state.cake_supply(seat) + state.incinerated(seat)
            if subjects != SUBJECTS or min(lab_s[seat], state.supply(seat)) < 0:
                raise SaveError("invalid", f"{state.names[seat]} has {subjects} Test Subjects "
                                f"in all, not {SUBJECTS}")
            if cake != CAKE or min(lab_c[seat], state.cake_supply(seat)) < 0:
                raise SaveError("invalid", f"{state.names[seat]} has {cake} Cake Slices in "
                                f"all, not {CAKE}")
        if len(state.chambers()) != 15:
            raise SaveError("invalid", "the lab does not have 15 chambers")
        if not state.is_over and not state.legal_actions():
            raise SaveError("invalid", "nobody can do anything in the saved game")
    except SaveError:
        raise
    except Exception as error:
        raise SaveError("invalid", f"the saved game does not hold together: {error!r}") from None


def _format_version(fmt: Any) -> int | None:
    if isinstance(fmt, str) and fmt.startswith("cakegame-save/"):
        tail = fmt.split("/", 1)[1]
        if tail.isdigit():
            return int(tail)
    return None


def decode(text: Any) -> Save:
    """A Save from stored text; SaveError saying what is wrong otherwise."""
    if not isinstance(text, str) or not text.strip():
        raise SaveError("damaged", "the save is empty")
    try:
        data = json.loads(text)
    except ValueError:
        raise SaveError("damaged", "the save is damaged (it is not complete JSON)") from None
    if not isinstance(data, dict):
        raise SaveError("foreign", "this is not a saved game of this site")
    version = _format_version(data.get("format"))
    if version is None:
        raise SaveError("foreign", "this is not a saved game of this site")
    if version > 1:
        raise SaveError("newer", f"this save was made by a newer version of the game "
                        f"(format {data['format']}); update the page to resume it")
    if version < 1:
        raise SaveError("foreign", f"unknown save format {data['format']}")
    state = _load_state(data.get("game"))
    seats = data.get("seats")
    if (not isinstance(seats, list) or len(seats) != state.players
            or not all(s in SEAT_KINDS for s in seats)):
        raise SaveError("invalid", "the save's list of seats does not match the game")
    ui = data.get("ui", {})
    if not isinstance(ui, dict):
        raise SaveError("invalid", "the save's settings are damaged")
    log = data.get("log", [])
    if not isinstance(log, list) or not all(
            isinstance(e, list) and len(e) in (3, 4) and isinstance(e[2], str)
            and (len(e) == 3 or isinstance(e[3], str)) for e in log):
        raise SaveError("invalid", "the save's game log is damaged")
    save = Save(state, seats, ui=ui, log=log)
    undo = data.get("undo")
    if undo is not None:
        save.undo_base, save.undo_actions = _check_undo(undo, state)
    return save


def _check_undo(undo: Any, state: Any) -> tuple[Any, list[str]]:
    """The undo base and actions, proven to replay to `state`; else no undo at all."""
    try:
        base = _load_state(undo["base"])
        actions = [str(a) for a in undo["actions"]]
        s = base
        for a in actions:
            s = s.apply(a)
        if s != state:
            return None, []
        return base, actions
    except (SaveError, ValueError, KeyError, TypeError):
        return None, []


def encode(state: Any, seats: list[str], *, undo_base: Any = None,
           undo_actions: list[str] | None = None, ui: dict[str, Any] | None = None,
           log: list[list[Any]] | None = None, log_json: str | None = None) -> str:
    """The save text. Built around the engine's JSON text without parsing it again;
    `log_json` is the log already encoded (the page keeps it, one entry at a time)."""
    parts = [f'{{"format":"{SAVE_FORMAT}","game":', state.to_json()]
    if undo_base is not None and undo_actions:
        parts += [',"undo":{"base":', undo_base.to_json(), ',"actions":',
                  json.dumps(list(undo_actions)), "}"]
    parts += [',"seats":', json.dumps(list(seats)), ',"ui":', json.dumps(ui or {}),
              ',"log":', log_json if log_json is not None else
              json.dumps(log or [], separators=(",", ":")), "}"]
    return "".join(parts)
