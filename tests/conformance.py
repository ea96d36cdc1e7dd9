"""Random-playout conformance checks of the rules engine's public API.

Plain Python, no pytest: the same checks run in CPython (tests/test_conformance.py) and
inside Pyodide's Python 3.14 under Node (tests/test_pyodide.py), where there is no pytest.

    python3 tests/conformance.py --players 2 3 4 --seeds 0-2 --checks full
    python3 tests/conformance.py --players 2 --seeds 5 --checks none   # just play, print hashes
    python3 tests/conformance.py --games 2:16,3:14 --hash-seeds 0-2     # and 9 more hashes

It prints one JSON object: for each game "<players>p/<seed>" its number of actions and turns,
the outcome and the sha256 of the final state's JSON (so runs in two runtimes or two processes
can be compared), plus the number of checks made. A failed check raises ConformanceError
naming the game, the step, the recent actions and the position.

Games are chosen uniformly at random among the legal actions by a seeded generator
(cakegame.rng.Rng: integer arithmetic only, identical in every runtime). The choice stream
does not depend on the checks, so `full`, `light` and `none` play the same games.

Check levels, per step:
  none   play only (for hashes and timing)
  light  invariants, legal actions non-empty while not over, JSON round-trip, text form
  full   light, plus: every listed action applies and leaves the state unchanged; a sample of
         unlisted actions is refused with IllegalActionError and the state unchanged; every
         action is described; views of every seat hide what they must and agree with the
         state; samples of every view are valid States consistent with it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from collections.abc import Iterator
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
_PY = os.path.join(HERE, "..", "py")
if os.path.isdir(os.path.join(_PY, "cakegame")) and _PY not in sys.path:
    sys.path.insert(0, _PY)

import cakegame  # noqa: E402
from cakegame import Action, IllegalActionError, State, Verb  # noqa: E402
from cakegame.content import CARD_IDS, PANEL_LETTERS  # noqa: E402
from cakegame.rng import Rng  # noqa: E402

MAX_ACTIONS = 5000  # a random game that has not ended by then counts as one that never ends
SUBJECTS, CAKE, CARDS_IN_GAME, CHAMBERS = 8, 8, 20, 15

# Texts that must never be accepted, whatever the position (unless one parses to a listed
# action, which the checker tests first).
GARBAGE = (
    "", " ", "\t\n", "nonsense", "xyzzy 1 2", "end now", "end end", "from", "from Z",
    "from A 9", "from A -1", "from AA", "from 1", "to", "to Z", "to A B", "count", "count 0",
    "count -1", "count 1.5", "count 99", "count two", "count 1 1", "carry", "carry 7",
    "carry -1", "carry none none", "carry all", "bonus", "bonus coin", "bonus subject",
    "bonus subject Z", "bonus card now", "activate", "activate Z", "activate A B",
    "subject", "subject Z", "cake", "cake 1", "card extra", "cube", "cube Z", "cube go",
    "turret", "turret Z", "turret go", "fire", "fire Z", "destroy", "destroy A",
    "destroy A 9", "destroy A x", "recycle", "recycle sideways", "recycle 1", "play",
    "play nosuchcard", "play wheatley wheatley", "gun", "gun nosuchcard", "discard",
    "discard nosuchcard", "burn", "burn Z", "portal", "portal Z", "portal A B", "shift",
    "shift A", "shift Z A", "\x00", "\u00e9", "end\u00a0now", "\U0001f370", "to " + "A" * 500,
    "from " + " ".join("A" * 3 for _ in range(50)),
)
NOT_TEXT: tuple[Any, ...] = (None, 5, 1.5, b"end", ["end"], {"verb": "end"})
WORDS = ("none", "stay", "card", "subject", "top", "middle", "bottom", "0", "1", "2", "3",
         "-1", "4", "x")


class ConformanceError(AssertionError):
    """A check failed: the message says which game, which step and what."""


class Game:
    """The state of one checked playout, for error messages."""

    def __init__(self, players: int, seed: int) -> None:
        self.players, self.seed = players, seed
        self.texts: list[str] = []
        self.state: State | None = None

    def fail(self, what: str) -> None:
        tail = self.texts[-8:]
        where = str(self.state) if self.state is not None else "(no state)"
        raise ConformanceError(
            f"{self.players} players, seed {self.seed}, after {len(self.texts)} actions "
            f"(last: {tail}): {what}\n{where}")

    def check(self, ok: object, what: str) -> None:
        if not ok:
            self.fail(what)


def chooser(players: int, seed: int) -> Rng:
    """The generator that picks a game's actions (independent of the game's own seed use)."""
    return Rng(1_000_003 * seed + 7919 * players + 17)


def final_hash(state: State) -> str:
    return hashlib.sha256(state.to_json().encode()).hexdigest()


def _data(reader: Any) -> dict[str, Any]:
    # Views and States keep their facts in one dict; hidden parts of a View are only
    # observable there, so the view checks read it (tests only).
    return reader._d


NOT_CARDS = ("k", "reason", "phase", "done", "names", "format")


def _strings(value: Any) -> Iterator[str]:
    """Every text value in game data that could name a card (keys and labels left out)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)
    elif isinstance(value, dict):
        for k, v in value.items():
            if k not in NOT_CARDS:
                yield from _strings(v)


# ------------------------------------------------------------------------------ invariants


def check_invariants(g: Game, s: State) -> None:
    n = s.players
    over = s.is_over
    g.check(n in (2, 3, 4), f"players {n}")
    g.check((s.current_player is None) == over, "current_player is None exactly when over")
    lab_sub, lab_cake = s.subjects_in_lab(), s.cake_in_lab()
    for seat in range(n):
        g.check(lab_sub[seat] + s.supply(seat) == SUBJECTS,
                f"division {seat}: {lab_sub[seat]} subjects in the lab + {s.supply(seat)} "
                f"in supply != {SUBJECTS}")
        total = lab_cake[seat] + s.cake_supply(seat) + s.incinerated(seat)
        g.check(total == CAKE, f"division {seat}: cake lab {lab_cake[seat]} + supply "
                f"{s.cake_supply(seat)} + incinerated {s.incinerated(seat)} != {CAKE}")
        g.check(min(lab_sub[seat], s.supply(seat), lab_cake[seat], s.cake_supply(seat),
                    s.incinerated(seat)) >= 0, f"division {seat}: a negative count")
        if not over:
            # every end condition is checked after every change, even mid-turn
            g.check(lab_sub[seat] > 0, f"division {seat} has no subjects but the game goes on")
            g.check(s.incinerated(seat) < CAKE,
                    f"division {seat} has all its cake incinerated but the game goes on")
    chambers = s.chambers()
    g.check(len(chambers) == CHAMBERS, f"{len(chambers)} chambers in the lab")
    g.check(len({c.panel for c in chambers}) == CHAMBERS, "a panel is in the lab twice")
    g.check(len({(c.row, c.x) for c in chambers}) == CHAMBERS, "two chambers at one position")
    for row in range(3):
        xs = sorted(c.x for c in chambers if c.row == row)
        g.check(xs, f"row {row} is empty")
        g.check(all(b - a == 2 for a, b in zip(xs, xs[1:])), f"row {row} has a gap: {xs}")
        g.check(all(x % 2 == (1 if row == 1 else 0) for x in xs),
                f"row {row} is off its grid: {xs}")
        in_row = [c for c in chambers if c.row == row]
        news = [c for c in in_row if c.new_edge]
        olds = [c for c in in_row if c.old_edge]
        g.check(len(news) == 1 and news[0].x == xs[0], f"row {row}: new edge is not leftmost")
        g.check(len(olds) == 1 and olds[0].x == xs[-1], f"row {row}: old edge is not rightmost")
    portals = [c.letter for c in chambers if c.portal]
    g.check(len(portals) == 2, f"portals in {portals}: two in distinct lab chambers expected")
    g.check(sum(c.turret for c in chambers) <= 1, "more than one Turret")
    g.check(sum(c.cube for c in chambers) <= 1, "more than one Companion Cube")
    glados = [c for c in chambers if c.glados]
    g.check(len(glados) <= 1, "GLaDOS in two chambers")
    g.check(all(c.old_edge for c in glados), "GLaDOS is not on an old edge")
    for c in chambers:
        g.check(len(c.subjects) == n and len(c.cake) == n, f"chamber {c.letter}: counts")
        g.check(min(c.subjects + c.cake) >= 0, f"chamber {c.letter}: a negative count")
        g.check(c.letter == PANEL_LETTERS[c.panel], f"chamber {c.letter}: letter")
        g.check(c.face in (0, 1), f"chamber {c.letter}: face {c.face}")
    d = _data(s)
    g.check(len(d["aside"]) == 3 and sorted(d["aside"] + [c.panel for c in chambers])
            == list(range(18)), "the set-aside panels are not the 3 missing from the lab")
    in_flight = [f["card"] for f in d["stack"] if f["k"] == "put"]
    cards = [c for seat in range(n) for c in s.hand(seat)] + list(s.discard) \
        + list(d["deck"]) + in_flight
    g.check(len(cards) == CARDS_IN_GAME and sorted(cards) == sorted(CARD_IDS),
            f"cards across hands, deck, discard and in flight: {sorted(map(str, cards))}")
    for seat in range(n):
        g.check(0 <= s.fresh(seat) <= s.hand_size(seat), f"seat {seat}: fresh cards")
        if s.hand_size(seat) > 3:
            g.check(s.decision == "discard" and s.current_player == seat,
                    f"seat {seat} holds {s.hand_size(seat)} cards and is not discarding")
    g.check(s.deck_top == (d["deck"][0] if d["deck"] else None), "deck top")
    g.check(s.character is None or s.character.id == s.discard[-1], "active Character")
    if over:
        check_outcome(g, s)
    else:
        g.check(s.phase in ("deploy", "move", "activate"), f"phase {s.phase!r}")
        g.check(0 <= s.turn < n, "turn")


def check_outcome(g: Game, s: State) -> None:
    o = s.outcome
    g.check(o is not None, "over but no outcome")
    assert o is not None
    g.check(o.winners and len(set(o.winners)) == len(o.winners), f"winners {o.winners}")
    g.check(o.cake == s.cake_in_lab() and o.subjects == s.subjects_in_lab(),
            "outcome counts differ from the lab")
    reason = o.reason.value
    if reason == "no_subjects":
        g.check(o.seat is not None and o.subjects[o.seat] == 0,
                f"ended for no subjects, but seat {o.seat} has {o.subjects}")
    elif reason == "cake_incinerated":
        g.check(o.seat is not None and s.incinerated(o.seat) == CAKE,
                f"ended for incinerated cake, but seat {o.seat} has "
                f"{s.incinerated(o.seat) if o.seat is not None else '?'} incinerated")
    if reason != "opera":
        top = max(o.cake)
        most = max(o.subjects[w] for w in range(s.players) if o.cake[w] == top)
        expected = tuple(w for w in range(s.players)
                         if o.cake[w] == top and o.subjects[w] == most)
        g.check(tuple(o.winners) == expected, f"winners {o.winners}, expected {expected} "
                f"from cake {o.cake} and subjects {o.subjects}")


# ------------------------------------------------------------------------- JSON and text


def check_round_trip(g: Game, s: State, thorough: bool) -> None:
    j = s.to_json()
    back = State.from_json(j)
    g.check(back == s, "State.from_json(s.to_json()) != s")
    g.check(back.to_json() == j, "to_json of the reloaded state differs")
    # a State may carry the options handed over by apply(); a reloaded one computes its own
    g.check(back.legal_actions() == s.legal_actions(),
            "the reloaded state's legal actions differ")
    if thorough:
        g.check(State.from_json(j.encode()) == s, "from_json(bytes) differs")
        g.check(State.from_json(json.loads(j)) == s, "from_json(dict) differs")
        g.check(hash(back) == hash(s), "equal states hash differently")
        g.check(json.loads(j)["format"] == cakegame.FORMAT, "format field")


def check_texts(g: Game, s: State, legal: list[Action]) -> None:
    g.check(len(set(legal)) == len(legal), f"duplicate legal actions: {legal}")
    for a in legal:
        text = str(a)
        g.check(Action.parse(text) == a, f"Action.parse({text!r}) != {a!r}")
        g.check(text == text.strip() and "  " not in text and "\n" not in text,
                f"text form {text!r}")
        g.check(all(arg and not any(ch.isspace() for ch in arg) for arg in a.args),
                f"argument with space in {text!r}")


# ------------------------------------------------------------------------- full checks


def check_all_apply(g: Game, s: State, legal: list[Action], before: str) -> None:
    for a in legal:
        text = s.describe(a)
        g.check(isinstance(text, str) and text.strip(), f"describe({a}) gave {text!r}")
        try:
            t = s.apply(a)
        except Exception as e:  # noqa: BLE001 - report any failure as a conformance error
            g.fail(f"listed action {a} raised {type(e).__name__}: {e}")
        g.check(isinstance(t, State) and t is not s, f"apply({a}) did not give a new State")
        g.check(t.is_over or t.legal_actions(), f"after {a}: no legal action, not over")
    g.check(s.to_json() == before, "applying listed actions changed the state")


def illegal_candidates(s: State, legal: list[Action], pool: list[Action], rng: Rng,
                       k: int) -> list[Any]:
    """About `k` actions (objects or texts) that must be refused, of every kind."""
    legal_set = set(legal)
    verbs = {a.verb for a in legal}
    letters = list(PANEL_LETTERS)
    out: list[Any] = []
    # verbs not open now, with plausible arguments
    others = [v for v in Verb if v not in verbs]
    for _ in range(3):
        if others:
            v = rng.choice(others)
            args = rng.choice([(), (rng.choice(letters),), (rng.choice(list(CARD_IDS)),),
                               (rng.choice(WORDS),), (rng.choice(letters), rng.choice(WORDS))])
            out.append(Action(v, args))
    # the listed actions with another chamber, an extra argument, one argument fewer
    for _ in range(3):
        a = rng.choice(legal)
        if a.args:
            i = rng.randbelow(len(a.args))
            new = list(a.args)
            new[i] = rng.choice(letters + list(WORDS) + list(CARD_IDS))
            out.append(Action(a.verb, tuple(new)))
            out.append(Action(a.verb, a.args[:-1]))
        out.append(Action(a.verb, (*a.args, rng.choice(letters + list(WORDS)))))
    # actions that were legal somewhere else
    if pool:
        for _ in range(3):
            out.append(rng.choice(pool))
    # garbage text, and things that are not text
    for _ in range(3):
        out.append(rng.choice(GARBAGE))
    out.append(rng.choice(NOT_TEXT))
    keep = []
    for c in out:
        if isinstance(c, Action) and c in legal_set:
            continue
        if isinstance(c, str):
            try:
                if Action.parse(c) in legal_set:
                    continue
            except IllegalActionError:
                pass
        keep.append(c)
    return keep[:k] if len(keep) > k else keep


def check_refusals(g: Game, s: State, candidates: list[Any], before: str) -> int:
    for c in candidates:
        try:
            s.apply(c)
        except IllegalActionError as e:
            g.check(str(e).strip(), f"empty refusal message for {c!r}")
        except Exception as e:  # noqa: BLE001
            g.fail(f"apply({c!r}) raised {type(e).__name__} instead of IllegalActionError: {e}")
        else:
            g.fail(f"apply({c!r}) was accepted but is not listed")
        g.check(s.to_json() == before, f"the refused {c!r} changed the state")
    return len(candidates)


def check_views(g: Game, s: State, legal: list[Action], rng: Rng) -> int:
    n = s.players
    cur = s.current_player
    # Samples are checked for the deciding seat and one other seat a step (each sample is
    # validated through from_json, the costly part), so every seat is sampled often.
    sampled = rng.randbelow(n)
    checks = 0
    for seat in range(n):
        v = s.view(seat)
        vd = _data(v)
        g.check(v.seat == seat and v.players == n, "view seat")
        g.check(vd["seed"] is None and vd["rng"] is None, f"view {seat} shows seed or rng")
        g.check(all(p is None for p in vd["aside"]), f"view {seat} shows the set-aside panels")
        g.check(all(vd["face"][p] is None for p in _data(s)["aside"]),
                f"view {seat} shows the faces of set-aside panels")
        g.check(v.deck_size == s.deck_size and v.deck_top == s.deck_top, "view deck top")
        g.check(all(c is None for c in vd["deck"][1:]), f"view {seat} shows the deck order")
        hidden = set(_data(s)["deck"][1:])
        for o in range(n):
            g.check(v.hand_size(o) == s.hand_size(o), "view hand size")
            if o == seat:
                g.check(v.hand(o) == s.hand(o), f"view {seat} does not show its own hand")
            else:
                g.check(all(c is None for c in v.hand(o)), f"view {seat} shows hand {o}")
                hidden.update(s.hand(o))
        leaked = hidden & set(_strings(vd))
        g.check(not leaked, f"view {seat} leaks hidden cards {sorted(leaked)}")
        g.check(v.current_player == cur and v.decision == s.decision and v.phase == s.phase
                and v.turn == s.turn and v.turn_number == s.turn_number, "view turn facts")
        g.check(v.chambers() == s.chambers() and v.discard == s.discard
                and v.outcome == s.outcome and v.reveals == s.reveals, "view public facts")
        g.check(v.prompt() == s.prompt(), "view prompt")
        if seat == cur:
            g.check(v.legal_actions() == legal, "view(current).legal_actions() differs")
            for a in legal:
                g.check(v.describe(a) == s.describe(a), f"view describes {a} differently")
        if seat != cur and seat != sampled:
            continue
        sample = v.sample(Rng(rng.randbelow(1 << 62)))
        g.check(isinstance(sample, State), "sample is not a State")
        g.check(sample.view(seat) == v, f"sample of view {seat}: its view differs")
        try:
            back = State.from_json(sample.to_json())
        except ValueError as e:
            g.fail(f"sample of view {seat} is not a valid State: {e}")
        g.check(back == sample, f"sample of view {seat} does not round-trip")
        if seat == cur:
            g.check(sample.legal_actions() == legal,
                    f"sample of view {seat}: legal actions differ")
        check_invariants(g, sample)
        checks += 1
    return checks


# ------------------------------------------------------------------------------ playouts


class Pool:
    """Actions seen legal in other positions (bounded, deterministic).

    A new pool starts with every action that was legal somewhere in one reference game, so
    a game's refusal probes do not depend on which games were checked before it.
    """

    _reference: list[Action] = []

    def __init__(self, size: int = 800) -> None:
        self.size = size
        self.items: list[Action] = []
        self._seen: set[Action] = set()
        if not Pool._reference:
            s = cakegame.new_game(players=4, seed=999)
            pick = chooser(4, 999)
            found: dict[Action, None] = {}
            while not s.is_over:
                legal = s.legal_actions()
                found.update(dict.fromkeys(legal))
                s = s.apply_unchecked(pick.choice(legal))
            Pool._reference = list(found)
        self.add(Pool._reference)

    def add(self, actions: list[Action]) -> None:
        for a in actions:
            if a not in self._seen and len(self.items) < self.size:
                self._seen.add(a)
                self.items.append(a)


def play(players: int, seed: int, checks: str = "full", pool: Pool | None = None,
         refusals: int = 8) -> dict[str, Any]:
    """Play one random game with the given checks; a summary of it."""
    if checks not in ("none", "light", "full"):
        raise ValueError(f"checks: none, light or full, not {checks!r}")
    g = Game(players, seed)
    pick = chooser(players, seed)
    probe = Rng(seed * 31 + players)  # for the checks' own random choices
    pool = pool if pool is not None else Pool()
    counts = {"steps": 0, "applied": 0, "refused": 0, "samples": 0}
    s = cakegame.new_game(players=players, seed=seed)
    while True:
        g.state = s
        legal = s.legal_actions()
        if checks != "none":
            check_invariants(g, s)
            g.check(bool(legal) != s.is_over, "legal actions empty exactly when over")
            check_round_trip(g, s, thorough=checks == "full" and len(g.texts) % 8 == 0)
            check_texts(g, s, legal)
            counts["steps"] += 1
        if checks == "full":
            before = s.to_json()
            g.check(s.legal_actions() == legal, "legal_actions() is not repeatable")
            if legal:
                g.check(s.prompt().strip(), "empty prompt")
                check_all_apply(g, s, legal, before)
                counts["applied"] += len(legal)
                cands = illegal_candidates(s, legal, pool.items, probe, refusals)
                counts["refused"] += check_refusals(g, s, cands, before)
                pool.add(legal)
            counts["samples"] += check_views(g, s, legal, probe)
            str(s)
        if not legal:
            break
        g.check(len(g.texts) < MAX_ACTIONS, f"no end after {MAX_ACTIONS} actions")
        a = pick.choice(legal)
        g.texts.append(str(a))
        if checks == "full":
            # the text form and the unchecked fast path lead to the same state
            t = s.apply(str(a))
            g.check(t == s.apply_unchecked(a), f"apply_unchecked({a}) differs from apply")
            s = t
        else:
            s = s.apply(a)
    o = s.outcome
    assert o is not None
    return {"players": players, "seed": seed, "actions": len(g.texts), "turns": s.turn_number,
            "winners": list(o.winners), "reason": o.reason.value, "hash": final_hash(s),
            "texts_hash": hashlib.sha256("\n".join(g.texts).encode()).hexdigest(),
            "texts": g.texts, **counts}


def replay(players: int, seed: int, texts: list[str]) -> State:
    """The state reached from a new game by applying `texts` in order (checked)."""
    s = cakegame.new_game(players=players, seed=seed)
    for t in texts:
        s = s.apply(t)
    return s


def parse_seeds(spec: str) -> list[int]:
    """'5' -> [0..4]; '3-7' -> [3..7]; '1,4,9' -> [1, 4, 9]."""
    if "," in spec:
        return [int(x) for x in spec.split(",")]
    if "-" in spec[1:]:
        a, b = spec.split("-", 1)
        return list(range(int(a), int(b) + 1))
    return list(range(int(spec)))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    ap.add_argument("--seeds", default="3", help="N (0..N-1), A-B or a,b,c")
    ap.add_argument("--checks", default="full", choices=("none", "light", "full"))
    ap.add_argument("--games", default="",
                    help="checked games as PLAYERS:SEED,... (instead of --players/--seeds)")
    ap.add_argument("--hash-seeds", default="",
                    help="also play these seeds (same spec) unchecked, for their hashes")
    args = ap.parse_args(argv)
    pool = Pool()
    games = {}
    totals = {"steps": 0, "applied": 0, "refused": 0, "samples": 0}
    if args.games:
        chosen = [tuple(map(int, g.split(":"))) for g in args.games.split(",")]
    else:
        chosen = [(p, s) for p in args.players for s in parse_seeds(args.seeds)]
    for players, seed in chosen:
        r = play(players, seed, args.checks, pool)
        r.pop("texts")
        for k in totals:
            totals[k] += r.pop(k)
        games[f"{players}p/{seed}"] = r
    hashes = {}
    for players in args.players:
        for seed in parse_seeds(args.hash_seeds) if args.hash_seeds else []:
            hashes[f"{players}p/{seed}"] = play(players, seed, "none")["hash"]
    print(json.dumps({"python": sys.version.split()[0], "platform": sys.platform,
                      "checks": args.checks, "totals": totals, "games": games,
                      "hashes": hashes}, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
