"""Reading a saved game back, trusting nothing in it.

`load` turns JSON text (or bytes, or an already-parsed dict) into the game data a State wraps.
Anything that is not a game this version can continue raises ValueError with a message that
names the problem and where it is ("hands[1][0]: 'glados' is held twice"), never a KeyError,
IndexError or TypeError.
"""

from __future__ import annotations

import json
from typing import Any

from . import geometry as geo
from . import guard, rules
from . import rng as rngmod
from .content import (
    CAKE_PER_DIVISION,
    CARD_BY_ID,
    CARD_IDS,
    HAND_LIMIT,
    PANELS,
    PANELS_IN_PLAY,
    SUBJECTS_PER_DIVISION,
    Icon,
)
from .data import GameData
from .decisions import KINDS
from .events import check as check_events

FORMAT = "cakegame/1"
FORMAT_VERSION = 1
N_PANELS = len(PANELS)
# Bounds checked before parsing (see guard.py): a game's JSON is a few kilobytes and nests
# four levels deep; these leave room for longer names and later additions.
MAX_CHARS = 1_000_000
MAX_DEPTH = 32
MAX_ITEMS = 100_000
MAX_X = 1 << 18

# The keys of a save, in order: those of data.GameData, where the layout is declared.
KEYS = tuple(GameData.__annotations__)
# Added after the first saves were written; a save without them starts the count afresh
# (and without "events", tells nothing of the action before it).
LATER_KEYS: dict[str, Any] = {"events": []}
# Kept by earlier versions for an ending the game no longer has (ten quiet rounds): ignored.
RETIRED_KEYS = ("quiet", "stirred")

# The saved fields of each frame kind: each kind's class in decisions.py declares its own.
FRAME_FIELDS: dict[str, dict[str, str]] = {k: kind.fields for k, kind in KINDS.items()}


class _Bad(ValueError):
    pass


def _fail(where: str, problem: str) -> None:
    raise _Bad(f"{where}: {problem}" if where else problem)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _int(v: Any, where: str, lo: int | None = None, hi: int | None = None) -> int:
    if not _is_int(v):
        _fail(where, f"expected a whole number, found {_show(v)}")
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        bounds = f"from {lo}" if hi is None else f"from {lo} to {hi}"
        _fail(where, f"{v} is out of range (expected {bounds})")
    return v


def _list(v: Any, where: str, length: int | None = None) -> list[Any]:
    if not isinstance(v, list):
        _fail(where, f"expected a list, found {_show(v)}")
    if length is not None and len(v) != length:
        _fail(where, f"expected {length} entries, found {len(v)}")
    return v


def _show(v: Any) -> str:
    text = json.dumps(v) if isinstance(v, (str, int, float, bool, type(None))) else \
        type(v).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def load(source: str | bytes | dict[str, Any]) -> dict[str, Any]:
    """The validated game data in `source`; ValueError saying what is wrong otherwise."""
    try:
        return _load(source)
    except _Bad as e:
        raise ValueError(f"not a valid saved game: {e}") from None
    except (KeyError, IndexError, TypeError, AttributeError, RecursionError) as e:
        raise ValueError(f"not a valid saved game: inconsistent data ({type(e).__name__}: "
                         f"{e})") from None


def _load(source: str | bytes | dict[str, Any]) -> dict[str, Any]:
    if isinstance(source, (bytes, bytearray)):
        try:
            source = source.decode("utf-8")
        except UnicodeDecodeError:
            _fail("", "the file is not UTF-8 text")
    if isinstance(source, str):
        try:
            guard.check_text(source, max_chars=MAX_CHARS, max_depth=MAX_DEPTH, what="the JSON")
        except guard.TooBig as e:
            _fail("", str(e))
        try:
            d = json.loads(source)
        except json.JSONDecodeError as e:
            _fail("", f"the JSON is damaged ({e.msg} at line {e.lineno}, column {e.colno})")
        except RecursionError:
            _fail("", "the JSON is nested too deeply")
    elif isinstance(source, dict):
        try:
            guard.check_data(source, max_items=MAX_ITEMS, max_depth=MAX_DEPTH, what="the data")
        except guard.TooBig as e:
            _fail("", str(e))
        try:
            d = json.loads(json.dumps(source))
        except (TypeError, ValueError) as e:
            _fail("", f"the data is not plain JSON data ({e})")
    else:
        _fail("", f"expected JSON text, found {type(source).__name__}")
    if not isinstance(d, dict):
        _fail("", f"expected a JSON object, found {_show(d)}")
    _check_format(d.get("format"))
    for k in RETIRED_KEYS:
        d.pop(k, None)
    for k, default in LATER_KEYS.items():
        d.setdefault(k, list(default) if isinstance(default, list) else default)
    missing = [k for k in KEYS if k not in d]
    if missing:
        _fail("", "missing " + ", ".join(missing))
    extra = sorted(k for k in d if k not in KEYS)
    if extra:
        _fail("", "unexpected " + ", ".join(extra))
    _check(d)
    problem = check_events(d["events"], d["players"], rules.PANEL_LETTERS)
    if problem:
        _fail("", problem)
    return d


def _check_format(fmt: Any) -> None:
    if fmt == FORMAT:
        return
    if isinstance(fmt, str) and fmt.startswith("cakegame/"):
        version = fmt.split("/", 1)[1]
        if version.isdigit() and int(version) > FORMAT_VERSION:
            _fail("format", f"saved by a newer version of the game ({fmt}); this version "
                  f"reads {FORMAT}")
        _fail("format", f"unknown format {fmt!r}")
    _fail("format", f"not a cakegame save (format is {_show(fmt)})")


def _check(d: dict[str, Any]) -> None:
    n = _int(d["players"], "players", 2, 4)
    names = _list(d["names"], "names", n)
    for i, name in enumerate(names):
        if not isinstance(name, str):
            _fail(f"names[{i}]", f"expected text, found {_show(name)}")
    _int(d["seed"], "seed")
    try:
        rngmod.unpack(d["rng"])
    except ValueError:
        _fail("rng", f"expected 16 hex digits, found {_show(d['rng'])}")

    pos = _list(d["pos"], "pos", N_PANELS)
    seen: set[tuple[int, int]] = set()
    for p, rx in enumerate(pos):
        if rx is None:
            continue
        _list(rx, f"pos[{p}]", 2)
        row = _int(rx[0], f"pos[{p}][0]", 0, 2)
        # geometry.layout packs x into 20 bits; a game shifts it by 2 a recycle at most.
        x = _int(rx[1], f"pos[{p}][1]", -MAX_X, MAX_X)
        if (row, x) in seen:
            _fail(f"pos[{p}]", f"two chambers stand at row {row}, x {x}")
        seen.add((row, x))
    in_lab = [p for p in range(N_PANELS) if pos[p] is not None]
    if len(in_lab) != PANELS_IN_PLAY:
        _fail("pos", f"the lab must hold {PANELS_IN_PLAY} chambers, not {len(in_lab)}")
    if not geo.rows_are_contiguous(pos):
        _fail("pos", "a row has a gap or a chamber off its row's grid")
    if any(not r for r in geo.rows(pos)):
        _fail("pos", "a row of the lab is empty")

    face = _list(d["face"], "face", N_PANELS)
    for p, f in enumerate(face):
        _int(f, f"face[{p}]", 0, 1)
    aside = _list(d["aside"], "aside", N_PANELS - PANELS_IN_PLAY)
    for i, p in enumerate(aside):
        _int(p, f"aside[{i}]", 0, N_PANELS - 1)
    if sorted(aside) != [p for p in range(N_PANELS) if pos[p] is None]:
        _fail("aside", "the set-aside panels are not the ones missing from the lab")

    lab_subjects = [0] * n
    lab_cake = [0] * n
    for key, totals in (("sub", lab_subjects), ("cake", lab_cake)):
        grid = _list(d[key], key, N_PANELS)
        for p, row in enumerate(grid):
            _list(row, f"{key}[{p}]", n)
            for s, v in enumerate(row):
                _int(v, f"{key}[{p}][{s}]", 0)
                if pos[p] is None and v:
                    _fail(f"{key}[{p}]", "a set-aside panel holds tokens")
                totals[s] += v
    for key in ("supply", "cake_supply", "burned"):
        for s, v in enumerate(_list(d[key], key, n)):
            _int(v, f"{key}[{s}]", 0)
    for s in range(n):
        if lab_subjects[s] + d["supply"][s] != SUBJECTS_PER_DIVISION:
            _fail(f"supply[{s}]", f"{lab_subjects[s]} Test Subjects in the lab and "
                  f"{d['supply'][s]} in supply do not make {SUBJECTS_PER_DIVISION}")
        if lab_cake[s] + d["cake_supply"][s] + d["burned"][s] != CAKE_PER_DIVISION:
            _fail(f"cake_supply[{s}]", f"cake in the lab, in supply and incinerated do not "
                  f"make {CAKE_PER_DIVISION}")

    portals = _list(d["portals"], "portals", 2)
    for i, p in enumerate(portals):
        _chamber(p, f"portals[{i}]", pos)
    if portals[0] == portals[1]:
        _fail("portals", "both Portal tokens are in one chamber")
    for key in ("turret", "cube", "glados"):
        if d[key] is not None:
            _chamber(d[key], key, pos)

    held: dict[str, str] = {}

    def hold(card: Any, where: str) -> None:
        if not isinstance(card, str) or card not in CARD_BY_ID:
            _fail(where, f"unknown card {_show(card)}")
        if card in held:
            _fail(where, f"{card!r} is also at {held[card]}")
        held[card] = where

    hands = _list(d["hands"], "hands", n)
    for s, hand in enumerate(hands):
        for i, c in enumerate(_list(hand, f"hands[{s}]")):
            hold(c, f"hands[{s}][{i}]")
    for s, k in enumerate(_list(d["fresh"], "fresh", n)):
        _int(k, f"fresh[{s}]", 0, len(hands[s]))
    for key in ("deck", "discard"):
        for i, c in enumerate(_list(d[key], key)):
            hold(c, f"{key}[{i}]")

    first = _int(d["first"], "first", 0, n - 1)
    del first
    _int(d["turn"], "turn", 0, n - 1)
    _int(d["turn_no"], "turn_no", 1)
    _int(d["reveals"], "reveals", 0)
    steps = (rules.DEPLOY, rules.MOVE, rules.ACTIVATE)
    if d["phase"] is not None and d["phase"] not in steps:
        _fail("phase", f"unknown step {_show(d['phase'])}")
    done = _list(d["done"], "done")
    for i, step in enumerate(done):
        if step not in steps or done.index(step) != i:
            _fail(f"done[{i}]", f"not a step, or repeated: {_show(step)}")

    stack = _list(d["stack"], "stack")
    for i, f in enumerate(stack):
        _frame(f, f"stack[{i}]", n, pos, d)
        if f["k"] == rules.F_PUT:
            hold(f["card"], f"stack[{i}]")
    if sorted(held) != sorted(CARD_IDS):
        missing = sorted(set(CARD_IDS) - set(held))
        _fail("cards", "missing from the game: " + ", ".join(missing))

    recycles = sum(1 for f in stack if f["k"] == rules.F_RECYCLE)
    if d["over"] is None and (recycles > 1 or (recycles == 1) != (d["glados"] is not None)):
        _fail("glados", "GLaDOS stands in a chamber exactly while it waits to be recycled")
    if d["glados"] is not None and d["glados"] not in geo.old_edge(pos):
        _fail("glados", "only a chamber on the old edge can be activated")

    over = d["over"]
    _check_hands(d, stack)
    if over is None and stack:
        _check_turn(d, stack)
    if over is None:
        for s, count in enumerate(rules.subjects_in_lab(d)):
            if count == 0:
                _fail(f"sub[*][{s}]", "the game is not over, yet a division has no Test "
                      "Subjects in the lab (that ends the game)")
        for s, count in enumerate(d["burned"]):
            if count >= CAKE_PER_DIVISION:
                _fail(f"burned[{s}]", "the game is not over, yet all of a division's cake is "
                      "incinerated (that ends the game)")
        if not stack:
            _fail("stack", "the game is not over but no decision is open")
        try:
            open_now = rules.options(d)
        except Exception as e:  # noqa: BLE001 - any failure here means inconsistent data
            _fail("stack", f"the open decision does not fit the game ({type(e).__name__})")
        if not open_now:
            _fail("stack", "the open decision has no legal choice")
    else:
        _over(over, n)
        _over_fits(d, over)
        if stack:
            _fail("stack", "the game is over but a decision is still open")


def _check_hands(d: dict[str, Any], stack: list[dict[str, Any]]) -> None:
    """Hands above the limit exist only while their owner discards down to it: the rules
    open that decision on top of everything as soon as a hand goes over, one card at a time.
    Half-made choices (a move's source, a first Portal) are always the decision on top."""
    over_limit = [s for s, hand in enumerate(d["hands"]) if len(hand) > HAND_LIMIT]
    for s in over_limit:
        if len(d["hands"][s]) > HAND_LIMIT + 1:
            _fail(f"hands[{s}]", f"{len(d['hands'][s])} cards: a hand goes over the limit of "
                  f"{HAND_LIMIT} by one card at most")
    if d["over"] is not None:
        return
    top = stack[-1] if stack else None
    for i, f in enumerate(stack):
        k, where = f["k"], f"stack[{i}]"
        if k == rules.F_DISCARD and (f is not top or f["seat"] not in over_limit):
            _fail(where, "a discard decision opens only on top, for a hand above the limit")
        if (k == rules.F_MOVE and f["src"] is not None) or (k == rules.F_PORTAL
                                                             and f["first"] is not None):
            if f is not top:
                _fail(where, "a half-made choice is always the decision on top")
    if over_limit and (top is None or top["k"] != rules.F_DISCARD):
        _fail(f"hands[{over_limit[0]}]", f"a hand above the limit of {HAND_LIMIT} but no "
              "discard decision open")


def _over_fits(d: dict[str, Any], o: dict[str, Any]) -> None:
    """A finished game's outcome must be the one the rules give for this lab."""
    cake, subjects = rules.cake_in_lab(d), rules.subjects_in_lab(d)
    if list(o["cake"]) != list(cake) or list(o["subjects"]) != list(subjects):
        _fail("over", "the final counts are not those of the lab")
    winners = o["winners"]
    if winners != sorted(set(winners)):
        _fail("over.winners", "winners are listed once each, in seat order")
    reason, seat = o["reason"], o["seat"]
    if reason == "opera":
        if seat is None or winners != [seat]:
            _fail("over.winners", "an opera ending has one winner, the player who sang")
        return
    top = max(cake)
    tied = [s for s in range(d["players"]) if cake[s] == top]
    most = max(subjects[s] for s in tied)
    if winners != [s for s in tied if subjects[s] == most]:
        _fail("over.winners", "the winners are not the divisions with the most cake (then "
              "the most Test Subjects)")
    if reason == "standstill":  # only in saves of earlier versions, whose count is dropped
        if seat is not None:
            _fail("over.seat", "a standstill ending names no division")
    elif seat is None:
        _fail("over.seat", "the division that ended the game is missing")
    elif reason == "no_subjects" and subjects[seat] != 0:
        _fail("over.reason", "the game ended for no Test Subjects, but that division has some")
    elif reason == "cake_incinerated" and d["burned"][seat] < CAKE_PER_DIVISION:
        _fail("over.reason", "the game ended for cake incinerated, but that division has cake")


def _chamber(v: Any, where: str, pos: list[Any]) -> int:
    p = _int(v, where, 0, N_PANELS - 1)
    if pos[p] is None:
        _fail(where, f"chamber {rules.letter(p)} is not in the lab")
    return p


def _frame(f: Any, where: str, n: int, pos: list[Any], d: dict[str, Any]) -> None:
    if not isinstance(f, dict):
        _fail(where, f"expected a decision, found {_show(f)}")
    kind = f.get("k")
    if not isinstance(kind, str) or kind not in FRAME_FIELDS:
        _fail(f"{where}.k", f"unknown decision {_show(kind)}")
    fields = FRAME_FIELDS[kind]
    if sorted(f) != sorted(["k", *fields]):
        _fail(where, f"a {kind!r} decision has the fields k, {', '.join(fields)}")
    for key, kind_of in fields.items():
        v, at = f[key], f"{where}.{key}"
        optional = kind_of.endswith("?")
        kind_of = kind_of.rstrip("?")
        if optional and v is None:
            continue
        if kind_of == "seat":
            _int(v, at, 0, n - 1)
        elif kind_of == "bool":
            if not isinstance(v, bool):
                _fail(at, f"expected true or false, found {_show(v)}")
        elif kind_of == "chamber":
            _chamber(v, at, pos)
        elif kind_of == "count":
            _int(v, at, 0, 99)
        elif kind_of == "seats":
            for i, s in enumerate(_list(v, at)):
                _int(s, f"{at}[{i}]", 0, n - 1)
        elif kind_of == "icons":
            codes = {i.value for i in Icon}
            if not isinstance(v, str) or not v or any(ch not in codes for ch in v):
                _fail(at, f"expected reward icons, found {_show(v)}")
        elif kind_of == "card":
            if not isinstance(v, str) or v not in CARD_BY_ID:
                _fail(at, f"unknown card {_show(v)}")
    problem = KINDS[kind].problem(d, f)
    if problem is not None:
        _fail(where, problem)


def _over(o: Any, n: int) -> None:
    if not isinstance(o, dict) or sorted(o) != ["cake", "reason", "seat", "subjects",
                                                "winners"]:
        _fail("over", "expected winners, reason, seat, cake and subjects")
    winners = _list(o["winners"], "over.winners")
    if not winners:
        _fail("over.winners", "a finished game has at least one winner")
    for i, s in enumerate(winners):
        _int(s, f"over.winners[{i}]", 0, n - 1)
    if o["reason"] not in ("no_subjects", "cake_incinerated", "opera", "standstill"):
        _fail("over.reason", f"unknown reason {_show(o['reason'])}")
    if o["seat"] is not None:
        _int(o["seat"], "over.seat", 0, n - 1)
    for key in ("cake", "subjects"):
        for s, v in enumerate(_list(o[key], f"over.{key}", n)):
            _int(v, f"over.{key}[{s}]", 0)


def _check_turn(d: dict[str, Any], stack: list[dict[str, Any]]) -> None:
    """The open decisions must be ones a turn can reach: the step under way follows the steps
    done, in the order the active Character sets, and the stack has that step's shape.
    A discard down to the hand limit may open on top of anything, even between steps."""
    order = rules.step_order(d)
    done, phase = d["done"], d["phase"]
    core = [f for f in stack if f["k"] != rules.F_DISCARD]
    if done != list(order[:len(done)]) or len(done) >= len(order) \
            or phase not in (None, order[len(done)]) or (phase is None and core):
        _fail("phase", f"step {_show(phase)} does not follow the steps done "
              f"({', '.join(done) or 'none'})")
    if not core:
        return
    turn = d["turn"]
    bottom = core[0]
    expected = {rules.DEPLOY: (rules.F_DEPLOY,),
                rules.MOVE: (rules.F_MOVE, rules.F_CARRY, rules.F_BONUS),
                rules.ACTIVATE: (rules.F_ACTIVATE, rules.F_RECYCLE)}[phase]
    if bottom["k"] not in expected:
        _fail("stack[0]", f"a {phase} step cannot rest on a {bottom['k']!r} decision")
    if bottom["k"] in (rules.F_DEPLOY, rules.F_ACTIVATE, rules.F_RECYCLE, rules.F_MOVE) \
            and bottom["seat"] != turn:
        _fail("stack[0]", "the step's decision belongs to the player whose turn it is")
    step_moves = sum(1 for f in core if f["k"] == rules.F_MOVE and f["bonus"])
    if step_moves > 2 or (step_moves and phase != rules.MOVE):
        _fail("stack", "more moves open than the move step holds")
    for i, f in enumerate(core):
        k, where = f["k"], f"stack[{stack.index(f)}]"
        if k in (rules.F_DEPLOY, rules.F_ACTIVATE, rules.F_RECYCLE) and i != 0:
            _fail(where, f"a {k!r} decision opens a step and lies at the bottom")
        if k == rules.F_PUT and not (phase == rules.DEPLOY and i == 1):
            _fail(where, "a deployed card waits just above the deploy decision")
        if k == rules.F_CARRY and (i != len(core) - 1 or f["slots"] < 1):
            _fail(where, "a carry decision is open only on top, with a slice left to choose")
