"""The save format: a versioned wrapper around the engine's own JSON, and its validation.

    {"format": "cakegame-save/1",
     "rev":   12,                             how many times this game was saved (see below)
     "game":  <the engine state, cakegame.State.to_json() as an object>,
     "undo":  {"base": <an earlier state>, "actions": ["from C", ...]}   (only when undoable)
     "seats": ["human", "easy", ...],         one per seat: "human" or a bot level
     "ui":    {"pass_device": true, "revealed": 0, "hints": 2},   (hints: "Suggest a move"
                                              asked in this game; guide: the guided game's place;
                                              undo_stop: why Undo is greyed out, if it is;
                                              undo_base_stop: why it stops at the undo base)
     "log":   [[turn, seat, "Ann moves 2 Test Subjects ...", "KL"], ...],
              (the fourth item, the chambers the move touched, may be missing)
     "record": {"format": "cakegame-record/1", ...}}   the whole game (ui/record.py)

Everything read back is checked: a save that is not JSON, not ours, from a newer version, or
whose game does not hold together raises `SaveError` with words for the player, never a
KeyError or TypeError. The engine's `State.from_json` does the deep checks; this module adds
the invariants a player would notice (counts per division) as a second line of defence.

Before any parsing the text's length and nesting are bounded (`cakegame.guard`): in the
browser a deeply nested save would overflow the JavaScript stack and kill the page's Python.
Players' names in a save follow the limits of the new-game form (`clean_names`).

`rev` counts the saves of one game in this browser; a tab writes only over the save it
read or wrote last (ui/slot.py), so two tabs never silently overwrite each other; `peek_rev`
reads it from the start of the text without parsing the rest.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

import cakegame
from cakegame import guard

from . import record as recordmod

SAVE_FORMAT = "cakegame-save/1"
SAVE_KEY = "cakegame.save"
BROKEN_PREFIX = "cakegame.save.broken."
SEAT_KINDS = recordmod.SEAT_KINDS  # who may play a seat: a person or a bot level
SUBJECTS = 8
CAKE = 8
DEFAULT_NAMES = tuple(d.name for d in cakegame.DIVISIONS)  # a seat's name when none is typed
MAX_NAME = recordmod.MAX_NAME  # the new-game form's limit, for names read back from a save
# A late game's save is some tens of kilobytes and nests seven levels deep.
MAX_CHARS = 5_000_000
MAX_DEPTH = 32
MAX_LOG_TEXT = 2_000
_REV = re.compile(r'\{"format":"cakegame-save/1","rev":(\d{1,15})[,}]')


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
    record: Any = None  # ui.record.Record: the game from its set-up, or None (older saves)
    rev: int = 0


def _briefly(words: str) -> str:
    """The engine's reason, with a long list of the parts a game lacks (or has too many
    of) cut to its first three: a file that is no game at all is missing most of them."""
    for lead in ("missing ", "unexpected "):
        if words.startswith(lead):
            parts = words[len(lead):].split(", ")
            if len(parts) > 3:
                return (f"{lead}{len(parts)} of its parts ({', '.join(parts[:3])} and "
                        f"{len(parts) - 3} more)")
    return words


def _load_state(data: Any) -> Any:
    """An engine State from save data, checked; SaveError('invalid') if it does not hold."""
    if not isinstance(data, dict):
        raise SaveError("invalid", "the saved game is missing or is not a game")
    _check_game_format(data.get("format"))
    try:
        state = cakegame.State.from_json(data)
    except ValueError as error:
        words = _briefly(str(error).removeprefix("not a valid saved game: "))
        raise SaveError("invalid", f"the saved game does not hold together: {words}") from None
    except Exception as error:  # the engine promises ValueError; be safe for the player
        raise SaveError("invalid", f"the saved game could not be read: {error!r}") from None
    check_state(state)
    return state


def _check_game_format(fmt: Any) -> None:
    """A game saved by a newer engine inside a wrapper this page reads: say so plainly."""
    if isinstance(fmt, str) and fmt.startswith("cakegame/") and fmt != cakegame.FORMAT:
        tail = fmt.split("/", 1)[1]
        if tail.isdigit() and int(tail) > int(cakegame.FORMAT.split("/", 1)[1]):
            raise SaveError("newer", f"this save was made by a newer version of the game "
                            f"(its game is in format {fmt}); update the page to resume it")


def clean_name(name: str, seat: int) -> str:
    """A name as the new-game form would have left it: single spaces, at most MAX_NAME
    characters, the division's name if nothing is left."""
    text = " ".join(name.split())[:MAX_NAME]
    return text or DEFAULT_NAMES[seat % 4]


def distinct_names(names: list[str]) -> list[str]:
    """The names with a repeat told apart by a number ("Alex", "Alex 2"), within the
    form's limit: the news, the typed commands and the game log find a player by name."""
    out: list[str] = []
    for name in names:
        text, k = name, 1
        while text.casefold() in (o.casefold() for o in out):
            k += 1
            tail = f" {k}"
            text = name[:MAX_NAME - len(tail)].rstrip() + tail
        out.append(text)
    return out


def clean_names(game: Any) -> None:
    """Shorten the players' names in a save's game data (in place) to the form's limits,
    and tell repeats apart: a file can say anything, and a long unbroken name would widen
    the page."""
    if isinstance(game, dict) and isinstance(game.get("names"), list):
        names = game["names"]
        cleaned = [clean_name(n, i) if isinstance(n, str) else n for i, n in enumerate(names)]
        if all(isinstance(n, str) for n in cleaned):
            cleaned = distinct_names(cleaned)
        game["names"] = cleaned


def peek_rev(text: Any) -> int | None:
    """The `rev` of a save written by this page, read from the start of its text alone;
    None for anything else (no save, a damaged or foreign one)."""
    if not isinstance(text, str):
        return None
    m = _REV.match(text)
    return int(m.group(1)) if m else None


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
    if text.lstrip()[0] not in "{[":
        # Not JSON at all (a picture, a text file): its stray brackets read as deep nesting.
        raise SaveError("foreign", "this is not a saved game of this site")
    try:
        guard.check_text(text, max_chars=MAX_CHARS, max_depth=MAX_DEPTH)
    except guard.TooBig as error:
        raise SaveError("damaged", str(error)) from None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
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
    rev = data.get("rev", 0)
    if not isinstance(rev, int) or isinstance(rev, bool) or not 0 <= rev < 10**15:
        raise SaveError("invalid", "the save's revision number is damaged")
    clean_names(data.get("game"))
    undo = data.get("undo")
    if isinstance(undo, dict):
        clean_names(undo.get("base"))
    clean_names(data.get("record"))  # as the game's: the record must lead to the game
    state = _load_state(data.get("game"))
    seats = data.get("seats")
    if (not isinstance(seats, list) or len(seats) != state.players
            or not all(s in SEAT_KINDS for s in seats)):
        raise SaveError("invalid", "the save's list of seats does not match the game")
    ui = data.get("ui", {})
    if not isinstance(ui, dict):
        raise SaveError("invalid", "the save's settings are damaged")
    log = data.get("log", [])
    if not isinstance(log, list) or not all(_log_entry_ok(e, state.players) for e in log):
        raise SaveError("invalid", "the save's game log is damaged")
    save = Save(state, seats, ui=ui, log=log, rev=rev)
    if data.get("record") is not None:
        try:  # checked for shape here; replayed against the game when it is reviewed
            save.record = recordmod.from_data(data["record"])
        except recordmod.RecordError:
            save.record = None  # the game itself is fine: keep it, without its history
    if undo is not None:
        save.undo_base, save.undo_actions = _check_undo(undo, state)
    return save


def _log_entry_ok(entry: Any, players: int) -> bool:
    """[turn, seat, text] or [turn, seat, text, chambers]: a turn number, a seat or None, a
    sentence of bounded length, and the letters of the chambers the move touched."""
    if not isinstance(entry, list) or len(entry) not in (3, 4):
        return False
    if len(entry) == 4 and not (isinstance(entry[3], str) and len(entry[3]) <= 18
                                and (entry[3] == "" or entry[3].isalpha())):
        return False
    turn, seat, text = entry[:3]
    return (isinstance(turn, int) and not isinstance(turn, bool) and 0 <= turn < 10**9
            and (seat is None or (isinstance(seat, int) and not isinstance(seat, bool)
                                  and 0 <= seat < players))
            and isinstance(text, str) and len(text) <= MAX_LOG_TEXT)


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
           log: list[list[Any]] | None = None, log_json: str | None = None,
           rev: int = 0, record: Any = None) -> str:
    """The save text. Built around the engine's JSON text without parsing it again;
    `log_json` is the log already encoded (the page keeps it, one entry at a time).
    `rev` comes right after the format, where `peek_rev` finds it."""
    parts = [f'{{"format":"{SAVE_FORMAT}","rev":{int(rev)},"game":', state.to_json()]
    if undo_base is not None and undo_actions:
        parts += [',"undo":{"base":', undo_base.to_json(), ',"actions":',
                  json.dumps(list(undo_actions)), "}"]
    parts += [',"seats":', json.dumps(list(seats)), ',"ui":', json.dumps(ui or {}),
              ',"log":', log_json if log_json is not None else
              json.dumps(log or [], separators=(",", ":"))]
    if record is not None:
        parts += [',"record":', json.dumps(record.to_data(), separators=(",", ":"))]
    parts.append("}")
    return "".join(parts)
