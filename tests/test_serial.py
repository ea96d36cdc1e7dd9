"""Loading damaged saves: State.from_json must refuse with a ValueError that names the problem,
never KeyError, IndexError, TypeError, AttributeError or RecursionError; and a damaged save it
accepts must still play: random legal actions raise nothing, every state round-trips.

The saves are real positions from seeded random games (one per kind of open decision, and a
finished game), with player names outside ASCII so byte-level damage can split a character.
"""

from __future__ import annotations

import copy
import json
import sys
from collections.abc import Iterator
from typing import Any

import cakegame
import pytest
from cakegame import IllegalActionError, State
from cakegame.content import CARD_IDS
from cakegame.rng import Rng
from cakegame.serial import KEYS, LATER_KEYS
from conformance import chooser

NAMES = {2: ["Zoë", "Ærøskøbing"], 3: ["Zoë", "Ærø", "Łukasz"],
         4: ["Zoë", "Ærø", "Łukasz", "小林"]}
PREFIX = "not a valid saved game"
# The wrong-type substitutes tried in every field.
SUBSTITUTES: tuple[Any, ...] = (None, -1, "x", [], {}, 2**70, True, 1.5)
# Internal failures caught by from_json's safety net: a message with these names no problem.
CRASH_WORDS = ("KeyError", "IndexError", "TypeError", "AttributeError", "RecursionError",
               "inconsistent data")


def _collect() -> dict[str, str]:
    """Saves of real positions: the first of each open-decision stack seen, and game ends."""
    saves: dict[str, str] = {}
    for players, seed in ((3, 0), (3, 1), (3, 3), (3, 5), (2, 1), (4, 2), (3, 7), (3, 11)):
        s = cakegame.new_game(players=players, seed=seed, names=NAMES[players])
        pick = chooser(players, seed)
        while True:
            kinds = "+".join(f["k"] for f in s._d["stack"]) or "over"
            saves.setdefault(f"{players}p:{kinds}", s.to_json())
            if s.is_over:
                break
            s = s.apply(pick.choice(s.legal_actions()))
    return saves


ALL_SAVES = _collect()
# The ones the systematic tests walk: rich stacks, GLaDOS placed, a finished game, 2p and 4p.
MAIN = ("3p:deploy+put+move+carry", "3p:deploy+put+move+reward", "3p:recycle+reward",
        "3p:deploy+bonus", "3p:over", "2p:move", "4p:deploy+put+portal")
SAVES = {k: ALL_SAVES[k] for k in MAIN}
RICH = SAVES["3p:deploy+put+move+carry"]


def refuse(source: Any, *words: str) -> str:
    """from_json(source) raises a ValueError naming the problem (all `words`, any case)."""
    try:
        State.from_json(source)
    except ValueError as e:
        message = str(e)
    except Exception as e:  # noqa: BLE001 - the point of the test
        raise AssertionError(f"{type(e).__name__} instead of ValueError: {e}") from e
    else:
        raise AssertionError(f"accepted: {str(source)[:200]}")
    assert message.startswith(PREFIX), message
    assert not any(w in message for w in CRASH_WORDS), f"an internal error, not a reason: " \
        f"{message}"
    for w in words:
        assert w.lower() in message.lower(), f"{w!r} not in {message!r}"
    return message


def mutated(text: str, change) -> dict[str, Any]:
    d = json.loads(text)
    change(d)
    return d


def test_the_saves_cover_many_open_decisions() -> None:
    assert len(ALL_SAVES) >= 20
    for text in SAVES.values():
        assert State.from_json(text).to_json() == text


# --------------------------------------------------------------------- damaged text


@pytest.mark.parametrize("name", MAIN)
def test_every_truncation_is_refused(name: str) -> None:
    text = SAVES[name]
    for n in range(len(text)):
        refuse(text[:n])


def test_every_truncation_of_the_bytes_is_refused_even_mid_character() -> None:
    # to_json escapes non-ASCII; a save written by other tools may hold raw UTF-8
    data = json.dumps(json.loads(RICH), ensure_ascii=False).encode()
    assert State.from_json(data) == State.from_json(RICH)
    assert len(data) > len(data.decode()), "the save should hold characters outside ASCII"
    split = 0
    for n in range(len(data)):
        message = refuse(data[:n])
        split += "UTF-8" in message
    assert split >= 3, "some cut should fall inside a character"


def test_random_bytes_and_random_text_are_refused() -> None:
    rng = Rng(2024)
    for _ in range(300):
        data = bytes(rng.randbelow(256) for _ in range(rng.randbelow(200)))
        refuse(data)
    alphabet = '{}[]:,"0123456789.-+eE truefalsn\\u\n' + "".join(KEYS)
    for _ in range(300):
        refuse("".join(rng.choice(list(alphabet)) for _ in range(rng.randbelow(120))))


def test_splices_of_two_saves_are_refused_or_loaded() -> None:
    rng = Rng(77)
    texts = list(ALL_SAVES.values())
    for _ in range(200):
        a, b = rng.choice(texts), rng.choice(texts)
        text = a[:rng.randbelow(len(a))] + b[rng.randbelow(len(b)):]
        try:
            State.from_json(text)
        except ValueError as e:
            assert str(e).startswith(PREFIX)


def test_not_utf8() -> None:
    refuse(b"\xff\xfe\x00{", "UTF-8")
    refuse(RICH.encode("utf-16"), "UTF-8")
    raw = json.dumps(json.loads(RICH), ensure_ascii=False)
    refuse(raw.encode("latin-1", errors="replace"), "UTF-8")


def test_deeply_nested_json_is_refused() -> None:
    refuse("[" * 100_000 + "]" * 100_000, "nested too deeply")
    refuse('{"a":' * 100_000 + "1" + "}" * 100_000, "nested too deeply")
    refuse("[" * 100_000, "nested too deeply")  # unclosed: the parser would still recurse
    deep = json.loads(RICH)
    nest: Any = 0
    for _ in range(50):
        nest = [nest]
    deep["names"][0] = nest
    refuse(json.dumps(deep), "nested too deeply")
    refuse(deep, "nested too deeply")  # as data, measured without recursion
    nest = 0
    for _ in range(10):
        nest = [nest]
    deep["names"][0] = nest
    refuse(json.dumps(deep), "names[0]")  # within the bound: the loader names the field


def test_deep_nesting_is_measured_without_recursion() -> None:
    """The bound is checked before parsing, by a scan that cannot overflow any stack: in
    the browser's Python deep recursion is fatal, not a RecursionError."""
    from cakegame import guard
    assert guard.depth_of_text('[1, {"a": [[]]}, "[[[[[["]', 10) == 4
    assert guard.depth_of_text('"\\"[]', 10) == 1  # an escaped backslash ends no string
    assert guard.depth_of_text("[" * 40 + "]" * 40, 32) is None
    assert guard.depth_of_text("[[]", 32) == 2 and guard.depth_of_text("]", 32) == 0
    assert guard.depth_of_text("[[[}" * 20, 32) is None  # damaged, but the parser would dive
    nest: Any = []
    for _ in range(200_000):
        nest = [nest]
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(100)  # a recursive walk would fail at once
    try:
        with pytest.raises(guard.TooBig, match="nested too deeply"):
            guard.check_data({"a": nest}, max_items=10**6, max_depth=32)
    finally:
        sys.setrecursionlimit(limit)
    refuse("x" * 1_000_001, "too large")


def test_not_an_object() -> None:
    for text in ("[]", json.dumps([json.loads(RICH)]), "5", "null", '"x"', "true", "1e999"):
        refuse(text, "expected a JSON object")
    for source in (None, 5, 1.5, [json.loads(RICH)], object()):
        refuse(source, "expected JSON text")
    refuse("", "damaged")
    refuse(RICH + "x", "damaged")


def test_a_dict_that_is_not_plain_json_is_refused() -> None:
    d = json.loads(RICH)
    d["names"] = {1, 2}
    bad: list[Any] = [d]
    d = json.loads(RICH)
    deep: Any = 0
    for _ in range(100_000):
        deep = [deep]
    d["seed"] = deep
    bad.append(d)
    d = json.loads(RICH)
    d[3] = "a key that is not text"
    bad.append(d)
    for source in bad:
        with pytest.raises(ValueError, match=PREFIX):
            State.from_json(source)


# --------------------------------------------------------------------- the format field


@pytest.mark.parametrize("fmt,words", [
    ("cakegame/2", ("newer version", "cakegame/2")),
    ("cakegame/17", ("newer version",)),
    ("cakegame/0", ("unknown format",)),
    ("cakegame/one", ("unknown format",)),
    ("cakegame/", ("unknown format",)),
    ("chess/1", ("not a cakegame save",)),
    ("", ("not a cakegame save",)),
    (None, ("not a cakegame save",)),
    (1, ("not a cakegame save",)),
    (["cakegame/1"], ("not a cakegame save",)),
])
def test_unknown_or_newer_format(fmt: Any, words: tuple[str, ...]) -> None:
    refuse(mutated(RICH, lambda d: d.__setitem__("format", fmt)), "format", *words)


def test_no_format_field() -> None:
    refuse(mutated(RICH, lambda d: d.pop("format")), "format")


@pytest.mark.parametrize("key", [k for k in KEYS if k != "format" and k not in LATER_KEYS])
def test_a_missing_field_is_named(key: str) -> None:
    refuse(mutated(RICH, lambda d: d.pop(key)), "missing", key)


def test_a_save_that_counted_quiet_turns_loads_without_the_count() -> None:
    older = mutated(RICH, lambda d: d.update(quiet=7, stirred=True))
    s = State.from_json(older)
    saved = json.loads(s.to_json())
    assert "quiet" not in saved and "stirred" not in saved
    assert s == State.from_json(RICH)


def test_an_unexpected_field_is_named() -> None:
    refuse(mutated(RICH, lambda d: d.__setitem__("cheat", 1)), "unexpected", "cheat")


# --------------------------------------------------------------------- wrong types, everywhere


def paths(value: Any, at: tuple = ()) -> Iterator[tuple]:
    """Every top-level key and nested path; of a long list, its first, middle and last."""
    if isinstance(value, dict):
        for k in value:
            yield (*at, k)
            yield from paths(value[k], (*at, k))
    elif isinstance(value, list):
        for i in sorted({0, len(value) // 2, len(value) - 1}) if value else ():
            yield (*at, i)
            yield from paths(value[i], (*at, i))


def get(d: Any, path: tuple) -> Any:
    for k in path:
        d = d[k]
    return d


def put(d: Any, path: tuple, value: Any) -> None:
    get(d, path[:-1])[path[-1]] = value


def where(path: tuple) -> str:
    """The path as the loader writes it: names[0], stack[2].seat, over.cake[1]."""
    out = ""
    for k in path:
        out += f"[{k}]" if isinstance(k, int) else (f".{k}" if out else k)
    return out


# What a message may name instead of the field itself, when damage there breaks a count
# or a cross-check elsewhere (a count of subjects off by a huge number breaks the supply sum).
RELATED = {
    "players": KEYS,  # every per-seat list then has the wrong length
    "pos": ("pos", "aside", "portals", "turret", "cube", "glados", "sub", "cake", "stack"),
    "sub": ("sub", "supply", "stack"),
    "cake": ("cake", "cake_supply", "stack"),
    "supply": ("supply",),
    "cake_supply": ("cake_supply",),
    "burned": ("burned", "cake_supply"),
    "hands": ("hands", "fresh", "cards", "stack"),
    "deck": ("deck", "cards", "stack"),
    "discard": ("discard", "cards", "stack"),
    "stack": ("stack", "glados", "cards"),
    "glados": ("glados", "stack"),
    "turn": ("turn", "stack"),
    "phase": ("phase", "stack"),
    "done": ("done", "stack"),
    "aside": ("aside",),
    "face": ("face",),
    "fresh": ("fresh", "stack"),
    "portals": ("portals",),
    "turret": ("turret",),
    "cube": ("cube",),
}


def systematic_cases() -> Iterator[tuple[str, tuple, Any]]:
    for name, text in SAVES.items():
        d = json.loads(text)
        for path in paths(d):
            for sub in SUBSTITUTES:
                old = get(d, path)
                if type(old) is type(sub) and old == sub:
                    continue
                yield name, path, sub


def test_wrong_types_in_every_field_are_refused_with_the_field_named() -> None:
    """Each field of each save, in turn, replaced by None, -1, text, a list, an object, a
    huge number, a boolean, a fraction: refused naming the field (or what it breaks), or
    accepted and then playable (checked by the fuzz test's player)."""
    refused, accepted = 0, []
    for name, path, sub in systematic_cases():
        d = json.loads(SAVES[name])
        put(d, path, sub)
        try:
            State.from_json(d)
        except ValueError as e:
            message = str(e)
        except Exception as e:  # noqa: BLE001
            raise AssertionError(f"{name} {where(path)} = {sub!r}: {type(e).__name__}: {e}") \
                from e
        else:
            accepted.append((name, path, sub))
            continue
        refused += 1
        context = f"{name}: {where(path)} = {sub!r} gave {message!r}"
        assert message.startswith(PREFIX), context
        assert not any(w in message for w in CRASH_WORDS), context
        top = path[0]
        if top == "over" or (top == "stack" and name == "3p:over"):
            names = ("over", "stack")
        else:
            names = RELATED.get(top, (top,))
        assert any(n in message for n in names), context
    assert refused > 1500
    # What passes: a seed or a counter of any size, a name, an optional token left out,
    # a mid-turn "phase" of None, a finished game's counts, the other truth value of
    # "stirred", a row's end chamber moved to its other end (still a whole lab), the last
    # action's events left empty; each must still play on.
    fields = {where(p[:1]) for _, p, _ in accepted}
    assert fields <= {"seed", "turn_no", "reveals", "names", "first", "rng", "phase", "done",
                      "turret", "cube", "stack", "over", "stirred", "pos", "events"}, fields
    for name, path, sub in accepted:
        d = json.loads(SAVES[name])
        put(d, path, sub)
        play_out(State.from_json(d), Rng(len(path)), 40, f"{name} {where(path)}={sub!r}")


# -------------------------------------------------------------- loader checks found by fuzzing


@pytest.mark.parametrize("save,path", [("3p:deploy+put+move+carry", ("stack", 0, "k")),
                                       ("4p:deploy+put+portal", ("stack", 1, "card"))])
@pytest.mark.parametrize("value", [[], {}])
def test_a_frame_kind_or_card_that_is_a_list_or_object_is_named(save, path, value) -> None:
    d = json.loads(SAVES[save])
    put(d, path, value)
    refuse(d, where(path))


def _carry(save: str, **fields: int) -> dict[str, Any]:
    d = json.loads(ALL_SAVES[save])
    frame = d["stack"][-1]
    assert frame["k"] == "carry"
    frame.update(fields)
    return d


# RICH's open decision is {"k": "carry", "seat": 2, "mover": 2, "src": 11, "dst": 4, "n": 1,
# ...}: seat 2 moves its 1 subject from chamber L to E. 3p:carry's is seat 2 moving from Q.
CARRY_BUGS = {
    "n_more_than_in_src": ("3p:deploy+put+move+carry", {"n": 5}, "carry none"),
    "src_without_subjects": ("3p:carry", {"src": 3}, "carry none"),
}


@pytest.mark.parametrize("case", sorted(CARRY_BUGS))
def test_a_carry_frame_for_subjects_that_are_not_there_is_refused(case: str) -> None:
    save, fields, action = CARRY_BUGS[case]
    d = _carry(save, **fields)
    try:
        s = State.from_json(d)
    except ValueError as e:
        assert "stack" in str(e)  # refused at load, naming the frame: the fix
        return
    after = s.apply(action)  # accepted: the move must then at least leave a valid game
    State.from_json(after.to_json())


@pytest.mark.parametrize("key,value", [("phase", "deploy"), ("phase", None), ("done", ["move"])])
def test_a_phase_that_does_not_fit_the_turn_is_refused(key: str, value: Any) -> None:
    d = json.loads(ALL_SAVES["3p:move"])  # seat to move, done == ["deploy"], phase "move"
    assert d["phase"] == "move" and d["done"] == ["deploy"]
    d[key] = value
    try:
        s = State.from_json(d)
    except ValueError as e:
        assert key in str(e) or "phase" in str(e)  # refused at load, naming it: the fix
        return
    turn, moves = s.turn_number, 0
    expected = sum(f["k"] == "move" for f in d["stack"])
    while s.decision in ("move", "carry", "bonus") and s.turn_number == turn:
        a = s.legal_actions()[0]
        moves += a.verb is cakegame.Verb.COUNT
        s = s.apply(a)
    State.from_json(s.to_json())  # raises today for "deploy": done[1] repeated
    assert moves == expected, f"{moves} group moves in the move step (phase None: a second " \
        "move step)"


@pytest.mark.parametrize("case", ["slots_zero", "two_carry_frames"])
def test_a_carry_frame_that_cannot_be_open_is_refused(case: str) -> None:
    if case == "slots_zero":
        d = _carry("3p:deploy+put+move+carry", slots=0)  # seat 2 moves 1 subject from L
    else:
        d = json.loads(ALL_SAVES["2p:carry"])  # seat 0 moves its 1 subject from Q, cake there
        assert [f["k"] for f in d["stack"]] == ["carry"]
        d["stack"] = [dict(d["stack"][0]), dict(d["stack"][0])]
    try:
        s = State.from_json(d)
    except ValueError as e:
        assert "stack" in str(e)  # refused at load, naming the frame: the fix
        return
    for _ in range(6):  # accepted: the open carry decisions must lead to loadable saves
        if s.decision not in ("carry", "bonus"):
            break
        s = s.apply(s.legal_actions()[0])
        State.from_json(s.to_json())


# --------------------------------------------------------------------- impossible contents


def _sub_plus_one(d):  # a subject appears from nowhere
    p = next(i for i, rx in enumerate(d["pos"]) if rx is not None)
    d["sub"][p][0] += 1


def _two_at_one_place(d):
    a, b = [i for i, rx in enumerate(d["pos"]) if rx is not None][:2]
    d["pos"][b] = list(d["pos"][a])


def _portal_off_lab(d):
    d["portals"][0] = d["aside"][0]


def _same_portals(d):
    d["portals"][1] = d["portals"][0]


def _card_twice(d):
    d["hands"][1].append(d["deck"][-1])


def _card_missing(d):
    d["deck"].pop()


def _unknown_card(d):
    d["deck"][-1] = "companion_cake"


def _unknown_frame(d):
    d["stack"][-1]["k"] = "dance"


def _frame_extra_field(d):
    d["stack"][-1]["extra"] = 1


def _frame_missing_field(d):
    d["stack"][-1].pop("seat")


def _frame_bad_seat(d):
    d["stack"][-1]["seat"] = 7


def _frame_bad_chamber(d):
    d["stack"][-1]["src"] = d["aside"][0]


def _frame_not_object(d):
    d["stack"].append("move")


def _cake_from_nowhere(d):
    d["cake_supply"][2] += 1


def _burned_too_much(d):
    d["burned"][0] = 9


def _aside_wrong(d):
    d["aside"][0] = next(i for i, rx in enumerate(d["pos"]) if rx is not None)


def _gap_in_row(d):
    top = sorted((rx[1], i) for i, rx in enumerate(d["pos"]) if rx is not None and rx[0] == 0)
    d["pos"][top[0][1]][1] -= 2


def _off_grid(d):
    top = sorted((rx[1], i) for i, rx in enumerate(d["pos"]) if rx is not None and rx[0] == 0)
    d["pos"][top[0][1]][1] -= 1


def _empty_row(d):
    for rx in d["pos"]:
        if rx is not None and rx[0] == 2:
            rx[0] = 3


def _fourteen_chambers(d):
    p = next(i for i, rx in enumerate(d["pos"]) if rx is not None)
    d["pos"][p] = None


def _fresh_too_many(d):
    d["fresh"][0] = len(d["hands"][0]) + 1


def _glados_off_edge(d):
    middle = sorted((rx[1], i) for i, rx in enumerate(d["pos"]) if rx is not None and rx[0] == 1)
    d["glados"] = middle[0][1] if len(middle) > 1 else None
    if d["glados"] is None:  # a middle row of one chamber: its only chamber is an old edge
        d["glados"] = "E"


def _names_short(d):
    d["names"].pop()


def _players_five(d):
    d["players"] = 5


def _phase_unknown(d):
    d["phase"] = "lunch"


def _done_repeated(d):
    d["done"] = ["deploy", "deploy"]


def _no_decision(d):
    d["stack"] = [f for f in d["stack"] if f["k"] == "put"]  # keep the card in flight


def _turret_aside(d):
    d["turret"] = d["aside"][1]


def _negative_supply(d):
    d["supply"][0] = -1


def _tokens_aside(d):
    d["sub"][d["aside"][0]][0] = 1
    d["supply"][0] -= 1


CASES = [
    (_sub_plus_one, ("supply[0]", "Test Subjects", "8")),
    (_two_at_one_place, ("two chambers", "pos[")),
    (_portal_off_lab, ("portals[0]", "not in the lab")),
    (_same_portals, ("portals", "one chamber")),
    (_card_twice, ("hands[1]", "also at")),
    (_card_missing, ("missing from the game",)),
    (_unknown_card, ("unknown card", "companion_cake")),
    (_unknown_frame, ("unknown decision", "dance")),
    (_frame_extra_field, ("stack[3]", "fields")),
    (_frame_missing_field, ("stack[3]", "fields")),
    (_frame_bad_seat, ("stack[3].seat", "out of range")),
    (_frame_bad_chamber, ("stack[3].src", "not in the lab")),
    (_frame_not_object, ("stack[4]", "expected a decision")),
    (_cake_from_nowhere, ("cake_supply[2]", "8")),
    (_burned_too_much, ("cake_supply[0]",)),
    (_aside_wrong, ("aside",)),
    (_gap_in_row, ("pos", "gap")),
    (_off_grid, ("pos", "grid")),
    (_empty_row, ("pos[",)),
    (_fourteen_chambers, ("15 chambers", "14")),
    (_fresh_too_many, ("fresh[0]", "out of range")),
    (_glados_off_edge, ("glados",)),
    (_names_short, ("names", "expected 3 entries")),
    (_players_five, ("players", "out of range")),
    (_phase_unknown, ("phase", "lunch")),
    (_done_repeated, ("done[1]", "repeated")),
    (_no_decision, ("stack", "decision")),
    (_turret_aside, ("turret", "not in the lab")),
    (_negative_supply, ("supply[0]", "out of range")),
    (_tokens_aside, ("set-aside panel",)),
]


@pytest.mark.parametrize("change,words", CASES, ids=[c.__name__.strip("_") for c, _ in CASES])
def test_impossible_contents_are_refused_with_the_problem_named(change, words) -> None:
    refuse(mutated(RICH, change), *words)
    if change is not _frame_not_object:  # the others apply to any save with a stack
        for name in ("3p:recycle+reward", "4p:deploy+put+portal"):
            d = json.loads(SAVES[name])
            if len(d["stack"]) >= 4 or "stack[3]" not in " ".join(words):
                refuse(mutated(SAVES[name], change))


def test_impossible_finished_game_is_refused() -> None:
    over = SAVES["3p:over"]
    refuse(mutated(over, lambda d: d["over"].__setitem__("winners", [])), "winner")
    refuse(mutated(over, lambda d: d["over"].__setitem__("reason", "boredom")), "reason")
    refuse(mutated(over, lambda d: d["over"].pop("seat")), "over")
    refuse(mutated(over, lambda d: d["over"]["cake"].append(0)), "over.cake")
    refuse(mutated(over, lambda d: d.__setitem__("stack", [{"k": "activate", "seat": 0}])),
           "stack", "over")


# --------------------------------------------------------------------- the fuzz loop


def play_out(s: State, rng: Rng, steps: int, context: str) -> None:
    """Random legal play from an accepted save: only IllegalActionError may be raised, and
    every state reached round-trips through JSON."""
    for i in range(steps):
        try:
            again = State.from_json(s.to_json())
        except ValueError as e:
            raise AssertionError(f"{context}: step {i}: state does not reload: {e}") from e
        assert again == s, f"{context}: step {i}: round-trip differs"
        if s.is_over:
            return
        legal = s.legal_actions()
        assert legal, f"{context}: step {i}: no legal action but not over\n{s}"
        a = rng.choice(legal)
        try:
            s = s.apply(a)
        except IllegalActionError:
            continue
        except Exception as e:  # noqa: BLE001
            raise AssertionError(f"{context}: step {i}: {a} raised {type(e).__name__}: {e}"
                                 f"\n{s}") from e


def random_value(rng: Rng, old: Any, doc: dict[str, Any]) -> Any:
    """A plausible or implausible replacement for `old`."""
    roll = rng.randbelow(10)
    if roll == 0:
        return rng.choice(list(SUBSTITUTES))
    if isinstance(old, bool):
        return not old
    if isinstance(old, int) and roll < 7:
        return old + rng.choice([-2, -1, 1, 2])
    if isinstance(old, int):
        return rng.randbelow(18)
    if isinstance(old, str) and roll < 5:
        return rng.choice(list(CARD_IDS) + ["deploy", "move", "activate", "carry", "s", "cc"])
    if isinstance(old, list) and old and roll < 4:
        new = list(old)
        i, j = rng.randbelow(len(new)), rng.randbelow(len(new))
        new[i], new[j] = new[j], new[i]
        return new
    if isinstance(old, list) and old and roll < 6:
        new = list(old)
        new.pop(rng.randbelow(len(new)))
        return new
    if isinstance(old, list) and old and roll < 8:
        return [*old, rng.choice(old)]
    # something from elsewhere in the same save
    other = list(paths(doc))
    return copy.deepcopy(get(doc, rng.choice(other)))


def test_fuzzed_saves_are_refused_cleanly_or_play_on() -> None:
    """Seeded random damage (one change, sometimes two) to every collected save: a ValueError
    naming a problem, or a game that goes on without any other error."""
    rng = Rng(9)
    texts = list(ALL_SAVES.items())
    accepted = refused_ = 0
    for trial in range(700):
        name, text = rng.choice(texts)
        d = json.loads(text)
        changes = []
        for _ in range(1 + (rng.randbelow(4) == 0)):
            all_paths = list(paths(d))
            path = rng.choice(all_paths)
            value = random_value(rng, get(d, path), d)
            put(d, path, value)
            changes.append(f"{where(path)}={json.dumps(value)[:60]}")
        context = f"trial {trial}: {name} with {', '.join(changes)}"
        try:
            s = State.from_json(d)
        except ValueError as e:
            refused_ += 1
            assert str(e).startswith(PREFIX), context
            assert not any(w in str(e) for w in CRASH_WORDS), f"{context}: {e}"
            continue
        except Exception as e:  # noqa: BLE001
            raise AssertionError(f"{context}: {type(e).__name__}: {e}") from e
        accepted += 1
        play_out(s, Rng(trial), 60, context)
    assert accepted >= 50 and refused_ >= 300, (accepted, refused_)
    print(f"fuzzed saves: {accepted} accepted and played on, {refused_} refused")
