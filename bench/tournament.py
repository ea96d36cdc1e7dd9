"""Bot tournaments: win rates, balance, game length, card and panel statistics.

A benchmark, not a test. Plays seeded games between bot levels with the seats rotated over
the same deals, appends one JSON line per game to a results file as it goes (so a long run
can be stopped and its games still count), and prints a summary. Examples:

    python bench/tournament.py match --levels hard,medium --games 400 --iterations 12 \\
        --out bench/results/hard-medium.jsonl
    python bench/tournament.py match --levels medium,easy --games 400
    python bench/tournament.py match --levels medium,medium,medium --games 1000
    python bench/tournament.py report bench/results/*.jsonl
    python bench/tournament.py tables bench/results/*.jsonl   # the tables of docs/balance.md
    python bench/tournament.py paired new.jsonl old.jsonl --level hard  # the same deals, paired

Seats: game g plays deal (seed) base + g // players with the levels rotated by g % players,
so every level sits in every seat on the same deals (with one level in every seat, game g
simply plays deal base + g). Shared wins count fractionally.
Win rates come with 95% Wilson intervals against the fair share 1 / players.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from multiprocessing import Pool
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "py"))

import cakegame  # noqa: E402
from cakegame import bots, rules  # noqa: E402
from cakegame.actions import Verb  # noqa: E402
from cakegame.matches import seating  # noqa: E402

MAX_TURNS = 300  # a safety net: a game still going then is stopped and scored as it stands


def play_game(job: dict[str, Any]) -> dict[str, Any]:
    """One whole game; returns what the report needs (or the error, if a bot failed)."""
    try:
        return _play_game(job)
    except Exception:  # a bot bug must not end a long run; it is reported instead
        import traceback
        return {"error": traceback.format_exc(), "seed": job["seed"],
                "rotation": job["rotation"]}


def _play_game(job: dict[str, Any]) -> dict[str, Any]:
    players = len(job["levels"])
    seats = list(job["seats"])
    s = cakegame.new_game(players=players, seed=job["seed"])
    first = s.first_player
    times: dict[str, list[float]] = defaultdict(list)
    played: Counter[str] = Counter()
    gunned: Counter[str] = Counter()
    held: Counter[str] = Counter()  # deploy decisions at which the card could be deployed
    player_of: dict[str, list[int]] = defaultdict(list)  # card -> seats that deployed it
    faces: Counter[str] = Counter()  # panel face activated
    paid: Counter[str] = Counter()  # panel face that rewarded someone
    k = 0
    last = ""
    seen_deploy: set[tuple[int, int]] = set()
    # level -> mechanic -> [used, available], see `tally_usage`
    usage: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    cap = job.get("max_turns", MAX_TURNS)
    bots.heuristic.MISSES.clear()  # a worker process plays many games
    while not s.is_over and s.turn_number <= cap:
        seat = s.current_player
        assert seat is not None
        view = s.view(seat)
        if s.decision == "deploy" and (s.turn_number, seat) not in seen_deploy:
            seen_deploy.add((s.turn_number, seat))
            for c in {a.args[0] for a in view.legal_actions() if a.verb is Verb.PLAY}:
                held[c] += 1
        legal = view.legal_actions()
        t0 = time.perf_counter()
        a = bots.choose(view, seats[seat], seed=job["seed"] * 7919 + k,
                        iterations=job.get("iterations"), budget_s=job.get("budget_s"))
        dt = time.perf_counter() - t0
        if len(view.legal_actions()) > 1:
            times[seats[seat]].append(dt)
        if a.verb is Verb.PLAY:
            played[a.args[0]] += 1
            player_of[a.args[0]].append(seat)
        elif a.verb is Verb.GUN:
            gunned[a.args[0]] += 1
            player_of[a.args[0]].append(seat)
        before = s
        tally_usage(usage[seats[seat]], before, legal, a)
        s = s.apply(a)
        opera_end = s.is_over and s.outcome is not None and s.outcome.reason.value == "opera"
        if before.rule is cakegame.Rule.OPERA and (opera_end or (
                not s.is_over and s.turn != before.turn)):
            usage[seats[before.turn]]["opera win"][1] += 1  # a turn ended under Opera
        last = a.verb.value
        if a.verb is Verb.ACTIVATE:
            ch = before.chamber(a.args[0])
            face = f"{ch.letter}{ch.face}:{''.join(i.value for i in ch.icons)}"
            faces[face] += 1
            if not s.is_over and s.decision == "reward":
                paid[face] += 1
        k += 1
    if s.outcome is not None:
        o = s.outcome
        winners, reason = list(o.winners), o.reason.value
        cake, subjects = list(o.cake), list(o.subjects)
        if reason == "opera":
            usage[seats[winners[0]]]["opera win"][0] += 1
    else:  # stopped at the turn cap: scored as if the game ended there (cake, then subjects)
        cake, subjects = list(s.cake_in_lab()), list(s.subjects_in_lab())
        top = max(cake)
        tied = [i for i in range(players) if cake[i] == top]
        most = max(subjects[i] for i in tied)
        winners, reason = [i for i in tied if subjects[i] == most], "turn_cap"
    return {
        "seed": job["seed"], "rotation": job["rotation"], "players": players, "seats": seats,
        "first": first, "winners": winners, "reason": reason,
        "cake": cake, "subjects": subjects, "turns": s.turn_number,
        "actions": k, "last": last, "iterations": job.get("iterations"),
        "budget_s": job.get("budget_s"),
        "times": {lv: [round(x, 5) for x in ts] for lv, ts in times.items()},
        "played": dict(played), "gunned": dict(gunned), "held": dict(held),
        "card_seats": {c: v for c, v in player_of.items()},
        "faces": dict(faces), "paid": dict(paid),
        "usage": {lv: {k: list(v) for k, v in u.items()} for lv, u in usage.items()},
        "misses": dict(bots.heuristic.MISSES),
    }


def _hits_others(st: cakegame.State, letter: str, seat: int) -> bool:
    """Whether chamber `letter` holds subjects of a division other than `seat`."""
    return any(k for s, k in enumerate(st.chamber(letter).subjects) if s != seat)


def _turret_hits(st: cakegame.State, a: Any, seat: int) -> bool:
    """Whether action `a` (placing or stepping the Turret, or firing it) destroys another
    division's subjects in `st`."""
    if a.verb is Verb.FIRE or (a.verb is Verb.TURRET and a.args[0] != "stay"):
        return st.rule is not cakegame.Rule.TURRET_DISARMED and _hits_others(st, a.args[0], seat)
    return False


def _cube_blocks(st: cakegame.State, a: Any, seat: int) -> bool:
    """Whether `a` puts the Companion Cube on a chamber whose majority is another's, as the
    engine decides majorities under the active Character (fewest wins, ties to the active)."""
    if a.verb is not Verb.CUBE or a.args[0] == "stay":
        return False
    holder = rules.majority(st.to_data(), st.chamber(a.args[0]).panel)
    return holder is not None and holder != seat


def tally_usage(u: dict[str, list[int]], st: cakegame.State, legal: list[Any], a: Any) -> None:
    """Count, for the level deciding, each mechanic it used against each time it could:
    the Portal Gun, a card's Aperture action, placing and shifting Portals, burning cake
    under Cave Johnson, the Turret and the Companion Cube as weapons (against another
    division), GLaDOS's Neurotoxin on another's subject. (Opera Turret's alternative win is
    counted by the caller, once per turn ended under Opera.)"""
    seat = st.current_player
    verbs = {x.verb for x in legal}
    checks = (
        ("Portal Gun", Verb.GUN in verbs, a.verb is Verb.GUN),
        ("card action", Verb.PLAY in verbs, a.verb is Verb.PLAY),
        ("burn cake", Verb.BURN in verbs, a.verb is Verb.BURN),
        ("Portal placed", Verb.PORTAL in verbs, a.verb is Verb.PORTAL),
        ("Portal shifted", Verb.SHIFT in verbs, a.verb is Verb.SHIFT),
        ("Turret as weapon", any(_turret_hits(st, x, seat) for x in legal),
         _turret_hits(st, a, seat)),
        ("Cube as weapon", any(_cube_blocks(st, x, seat) for x in legal),
         _cube_blocks(st, a, seat)),
        ("Neurotoxin on another", any(x.verb is Verb.DESTROY and int(x.args[1]) != seat
                                      for x in legal),
         a.verb is Verb.DESTROY and int(a.args[1]) != seat),
    )
    for name, available, used in checks:
        if available:
            u[name][1] += 1
            u[name][0] += used


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (successes may be fractional)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))


def run_match(args: argparse.Namespace) -> None:
    levels = args.levels.split(",")
    jobs = [{"levels": levels, "rotation": sit.rotation, "seed": sit.deal, "seats": sit.seats,
             "iterations": args.iterations, "budget_s": args.budget,
             "max_turns": args.max_turns}
            for sit in (seating(levels, g, args.seed) for g in range(args.games))]
    done_keys: set[tuple[int, int]] = set()
    if args.out and os.path.exists(args.out):
        with open(args.out) as fh:
            for line in fh:
                r = json.loads(line)
                done_keys.add((r["seed"], r["rotation"]))
    jobs = [j for j in jobs if (j["seed"], j["rotation"]) not in done_keys]
    procs = max(1, min(2, args.processes))
    out = open(args.out, "a") if args.out else None
    results = []
    t0 = time.perf_counter()
    with Pool(procs) as pool:
        for i, r in enumerate(pool.imap_unordered(play_game, jobs, chunksize=1)):
            results.append(r)
            if out:
                out.write(json.dumps(r) + "\n")
                out.flush()
            if args.verbose:
                print(f"{i + 1}/{len(jobs)} seed {r['seed']} seats {r['seats']} winners "
                      f"{r['winners']} {r['reason']} turns {r['turns']} "
                      f"({time.perf_counter() - t0:.0f}s)", flush=True)
    if out:
        out.close()
        report([args.out])
    else:
        summarise(results)


@dataclass
class CardTallies:
    """Per card, over some games: deploy steps it was held at, deployments (action or Portal
    Gun), and the seat-games of its deployers: played, won (shared wins fractional), and the
    fair share of wins those seats had."""

    held: Counter[str] = field(default_factory=Counter)
    played: Counter[str] = field(default_factory=Counter)
    gunned: Counter[str] = field(default_factory=Counter)
    games: Counter[str] = field(default_factory=Counter)
    wins: Counter[str] = field(default_factory=Counter)
    fair: Counter[str] = field(default_factory=Counter)


def card_tallies(rows: list[dict[str, Any]]) -> CardTallies:
    t = CardTallies()
    for r in rows:
        t.held.update(r["held"])
        t.played.update(r["played"])
        t.gunned.update(r["gunned"])
        for c, seats in r["card_seats"].items():
            for s in set(seats):
                t.games[c] += 1
                t.fair[c] += 1 / r["players"]
                if s in r["winners"]:
                    t.wins[c] += 1 / len(r["winners"])
    return t


def face_tallies(rows: list[dict[str, Any]]) -> tuple[Counter[str], Counter[str]]:
    """Per panel face ("G1:sc"): how often it was activated, and how often that paid."""
    faces: Counter[str] = Counter()
    paid: Counter[str] = Counter()
    for r in rows:
        faces.update(r["faces"])
        paid.update(r["paid"])
    return faces, paid


def seat_wins(rows: list[dict[str, Any]]) -> Counter[int]:
    """Wins by position in the order of play (0 = the first player); shared wins count
    fractionally."""
    out: Counter[int] = Counter()
    for r in rows:
        for w in r["winners"]:
            out[(w - r["first"]) % r["players"]] += 1 / len(r["winners"])
    return out


def deciles(sorted_values: list[int]) -> str:
    """The 10th-90th percentile range of already sorted values, as "a-b"."""
    n = len(sorted_values)
    return f"{sorted_values[n // 10]}-{sorted_values[(9 * n) // 10]}"


def _ci(wins: float, n: int) -> str:
    lo, hi = wilson(wins, n)
    return f"{_pct(wins / n)} ({_pct(lo)}-{_pct(hi)})"


def tables(paths: list[str]) -> None:
    """The figures of docs/balance.md as Markdown tables: strength, balance by seat, game
    length, cards, panel faces. Matches between two levels count as strength; games with
    medium in every seat as balance, content and length."""
    rows = [r for r in load(paths) if "error" not in r]
    mixed = [r for r in rows if len(set(r["seats"])) > 1]
    same = [r for r in rows if set(r["seats"]) == {"medium"}]
    order = {"easy": 0, "medium": 1, "hard": 2}
    print("| match | players | games | win share of the stronger (95% CI) | fair |")
    print("| --- | --- | --- | --- | --- |")
    matches: dict[tuple[int, tuple[str, ...]], list[dict[str, Any]]] = defaultdict(list)
    for r in mixed:
        lineup = tuple(sorted(set(r["seats"]), key=order.__getitem__, reverse=True))
        matches[(r["players"], lineup)].append(r)
    for (players, lineup), rs in sorted(matches.items()):
        strong = lineup[0]
        fair = rs[0]["seats"].count(strong) / players
        wins = sum(1 / len(r["winners"]) for r in rs for w in r["winners"]
                   if r["seats"][w] == strong)
        iters = {r.get("iterations") for r in rs} if "hard" in lineup else set()
        label = " vs ".join(lineup) + (f" (hard at {iters.pop()} playouts)" if len(iters) == 1
                                       else "")
        print(f"| {label} | {players} | {len(rs)} | {_ci(wins, len(rs))} | {_pct(fair)} |")

    by_players: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for r in same:
        by_players[r["players"]].append(r)
    print("\n| players | games | fair | win share by seat in turn order, first player first "
          "(95% CI) |")
    print("| --- | --- | --- | --- |")
    for n, rs in sorted(by_players.items()):
        seat = seat_wins(rs)
        shares = "; ".join(f"{i + 1}: {_ci(seat[i], len(rs))}" for i in range(n))
        print(f"| {n} | {len(rs)} | {_pct(1 / n)} | {shares} |")
    print("\n| players | games that ended on the turn of seat 1, 2, ... | won by the player "
          "whose turn ended it |")
    print("| --- | --- | --- |")
    for n, rs in sorted(by_players.items()):
        ended = [r for r in rs if r["reason"] != "turn_cap"]
        enders = Counter((r["turns"] - 1) % n for r in ended)
        own = sum(1 / len(r["winners"]) for r in ended
                  if (r["first"] + r["turns"] - 1) % n in r["winners"])
        print(f"| {n} | " + ", ".join(_pct(enders[i] / len(ended)) for i in range(n))
              + f" | {_pct(own / len(ended))} |")
    print("\n| players | turns: mean | median | 10th-90th percentile | rounds (mean) | "
          "how games ended |")
    print("| --- | --- | --- | --- | --- | --- |")
    for n, rs in sorted(by_players.items()):
        turns = sorted(r["turns"] for r in rs)
        ends = Counter(r["reason"] for r in rs)
        print(f"| {n} | {statistics.mean(turns):.1f} | {statistics.median(turns):g} | "
              f"{deciles(turns)} | "
              f"{statistics.mean(turns) / n:.1f} | "
              + ", ".join(f"{k.replace('_', ' ')} {_pct(v / len(rs))}"
                          for k, v in ends.most_common()) + " |")

    t = card_tallies(same)
    held, wins, games, fair = t.held, t.wins, t.games, t.fair
    played = t.played + t.gunned
    print(f"\nCards over {len(same)} games with medium in every seat:\n")
    print("| card | action (effects) | held at a deploy step | deployed | deploy rate | "
          "deployer's win share (95% CI) | fair | difference |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for c in cakegame.content.CARDS:
        i = c.id
        if not held[i]:
            continue
        effects = "+".join(e.value for e in c.effects)
        share = wins[i] / games[i] if games[i] else 0.0
        exp = fair[i] / games[i] if games[i] else 0.0
        print(f"| {c.name} | {c.action_title} ({effects}) | {held[i]} | {played[i]} | "
              f"{_pct(played[i] / held[i])} | "
              f"{_ci(wins[i], games[i]) if games[i] else '-'} | {_pct(exp)} | "
              f"{100 * (share - exp):+.1f} |")

    usage_table(rows)
    faces, paid = face_tallies(same)
    print("\n| panel side | icons | activated | paid a reward | share |")
    print("| --- | --- | --- | --- | --- |")
    for f in sorted(faces, key=lambda f: paid[f] / faces[f]):
        side, icons = f.split(":")
        print(f"| {side[0]} side {side[1:]} | `{icons}` | {faces[f]} | {paid[f]} | "
              f"{_pct(paid[f] / faces[f])} |")


def load(paths: list[str]) -> list[dict[str, Any]]:
    rows = []
    for p in paths:
        with open(p) as fh:
            rows += [json.loads(line) for line in fh if line.strip()]
    return rows


def report(paths: list[str]) -> None:
    summarise(load(paths))


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def summarise(rows: list[dict[str, Any]]) -> None:
    """Print win rates (Wilson 95%), balance, length, timing, card and panel figures."""
    errors = [r for r in rows if "error" in r]
    for r in errors:
        print(f"ERROR in game seed {r['seed']} rotation {r['rotation']}:\n{r['error']}")
    rows = [r for r in rows if "error" not in r]
    groups: dict[tuple[Any, ...], list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        groups[(r["players"], tuple(sorted(r["seats"])), r.get("iterations"))].append(r)
    for (players, lineup, iters), rs in sorted(groups.items(), key=lambda t: str(t[0])):
        n = len(rs)
        print(f"\n## {players} players, lineup {'/'.join(lineup)}"
              f"{f', hard iterations {iters}' if iters and 'hard' in lineup else ''}: {n} games")
        fair = 1 / players
        share: Counter[str] = Counter()
        count: Counter[str] = Counter()
        for r in rs:
            for lv in set(r["seats"]):
                count[lv] += r["seats"].count(lv)
            for w in r["winners"]:
                share[r["seats"][w]] += 1 / len(r["winners"])
        for lv in sorted(count):
            # per seat-game: a level holding k seats has k chances per game
            lo, hi = wilson(share[lv], count[lv])
            print(f"  {lv:>6}: win share {_pct(share[lv] / count[lv])} of its seats "
                  f"(95% CI {_pct(lo)}-{_pct(hi)}; fair {_pct(fair)}; "
                  f"{share[lv]:.1f} wins / {count[lv]} seat-games)")
        first = sum(1 / len(r["winners"]) for r in rs if r["first"] in r["winners"])
        lo, hi = wilson(first, n)
        print(f"  first player's win share {_pct(first / n)} (95% CI {_pct(lo)}-{_pct(hi)}; "
              f"fair {_pct(fair)})")
        by_seat = seat_wins(rs)
        print("  win share by position after the first player: "
              + ", ".join(f"{i + 1}: {_pct(by_seat[i] / n)}" for i in range(players)))
        turns = sorted(r["turns"] for r in rs)
        print(f"  game length in turns: mean {statistics.mean(turns):.1f}, median "
              f"{statistics.median(turns)}, 10th-90th percentile "
              f"{deciles(turns)}, "
              f"rounds (turns / players) mean {statistics.mean(turns) / players:.1f}")
        reasons = Counter(r["reason"] for r in rs)
        print("  endings: " + ", ".join(f"{k} {_pct(v / n)}" for k, v in reasons.most_common()))
        lasts = Counter(r["last"] for r in rs if r.get("last"))
        if lasts:
            print(f"  the action that ended the game ({sum(lasts.values())} games recorded): "
                  + ", ".join(f"{k} {v}" for k, v in lasts.most_common()))
        for lv in sorted(count):
            ts = sorted(t for r in rs for t in r["times"].get(lv, []))
            if ts:
                print(f"  {lv:>6} time per decision (with a choice): mean "
                      f"{1000 * statistics.mean(ts):.1f} ms, 95th pct "
                      f"{1000 * ts[int(0.95 * (len(ts) - 1))]:.0f} ms, max "
                      f"{1000 * ts[-1]:.0f} ms ({len(ts)} decisions)")
    cards(rows)
    panels(rows)
    usage_table(rows)


MECHANICS = ("Portal Gun", "Portal placed", "Portal shifted", "card action", "burn cake",
             "Turret as weapon", "Cube as weapon", "Neurotoxin on another", "opera win")


def usage_table(rows: list[dict[str, Any]]) -> None:
    """How often each level used each mechanic per 100 games, against how often it could
    (per 100 games of that level's seats: a level holding k seats of a game counts k/players
    of a game). Needs results recorded with the usage tally."""
    rows = [r for r in rows if "usage" in r]
    if not rows:
        return
    seat_games: Counter[str] = Counter()
    used: dict[str, Counter[str]] = defaultdict(Counter)
    avail: dict[str, Counter[str]] = defaultdict(Counter)
    for r in rows:
        for lv in set(r["seats"]):
            seat_games[lv] += r["seats"].count(lv) / r["players"]
        for lv, u in r["usage"].items():
            for k, (x, y) in u.items():
                used[lv][k] += x
                avail[lv][k] += y
    levels = [lv for lv in ("easy", "medium", "hard") if lv in seat_games]
    print(f"\nMechanics over {len(rows)} games: used / could per 100 games (a level's share "
          "of the seats), and the share of chances taken\n")
    print("| mechanic | " + " | ".join(levels) + " |")
    print("| --- | " + " | ".join("---" for _ in levels) + " |")
    for k in MECHANICS:
        cells = []
        for lv in levels:
            g = seat_games[lv] / 100
            x, y = used[lv][k], avail[lv][k]
            cells.append(f"{x / g:.1f} / {y / g:.1f} ({_pct(x / y) if y else '-'})")
        print(f"| {k} | " + " | ".join(cells) + " |")
    misses = Counter()
    for r in rows:
        misses.update(r.get("misses", {}))
    if misses:
        print(f"\nDecisions without a handler's answer: {dict(misses)}")


def cards(rows: list[dict[str, Any]]) -> None:
    """How often each card is deployed when it could be, and how its deployers fare."""
    t = card_tallies(rows)
    held, played, gunned, wins, games, fair = t.held, t.played, t.gunned, t.wins, t.games, t.fair
    print(f"\n## Cards over {len(rows)} games (deploy rate = deployments / deploy steps at "
          "which the card could be deployed; win share of the seats that deployed it)")
    for c in cakegame.content.CARD_IDS:
        rate = (played[c] + gunned[c]) / held[c] if held[c] else 0.0
        ws = wins[c] / games[c] if games[c] else 0.0
        exp = fair[c] / games[c] if games[c] else 0.0
        lo, hi = wilson(wins[c], games[c])
        print(f"  {c:>14}: held {held[c]:5d}, played {played[c]:5d}, gun {gunned[c]:4d}, "
              f"rate {_pct(rate):>6}; deployer won {_pct(ws)} (CI {_pct(lo)}-{_pct(hi)}, "
              f"fair {_pct(exp)}, {games[c]} seat-games)")


def panels(rows: list[dict[str, Any]]) -> None:
    faces, paid = face_tallies(rows)
    print(f"\n## Panel faces over {len(rows)} games (activations, and how many paid a reward)")
    for f in sorted(faces):
        print(f"  {f:>9}: activated {faces[f]:5d}, paid {paid[f]:5d} "
              f"({_pct(paid[f] / faces[f]) if faces[f] else '-'})")


def paired(new: str, old: str, level: str) -> None:
    """`level`'s win share in two results files over the games both played (the same deal
    and seating), and the difference per game with a 95% normal-approximation interval."""
    def shares(path: str) -> dict[tuple[int, int], float]:
        return {(r["seed"], r["rotation"]): sum(1 / len(r["winners"]) for w in r["winners"]
                                                 if r["seats"][w] == level)
                for r in load([path]) if "error" not in r}
    a, b = shares(new), shares(old)
    both = sorted(set(a) & set(b))
    n = len(both)
    if n < 2:
        print(f"only {n} games in both files")
        return
    diffs = [a[k] - b[k] for k in both]
    mean = statistics.mean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(n)
    wa, wb = sum(a[k] for k in both), sum(b[k] for k in both)
    print(f"{n} games in both: {level} {_ci(wa, n)} in {new}, {_ci(wb, n)} in {old}; "
          f"difference per game {100 * mean:+.1f} points (95% interval "
          f"{100 * (mean - half):+.1f} to {100 * (mean + half):+.1f}); games won only in the "
          f"first {sum(d > 0 for d in diffs)}, only in the second {sum(d < 0 for d in diffs)}")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    m = sub.add_parser("match", help="play games and report")
    m.add_argument("--levels", default="medium,easy",
                   help="one level per seat, comma-separated (2-4 seats)")
    m.add_argument("--games", type=int, default=40)
    m.add_argument("--seed", type=int, default=1, help="first deal's seed")
    m.add_argument("--iterations", type=int, default=12,
                   help="hard's playouts per decision (repeatable; default 12)")
    m.add_argument("--budget", type=float, default=None,
                   help="hard's seconds per decision instead of --iterations")
    m.add_argument("--processes", type=int, default=2, help="worker processes (at most 2)")
    m.add_argument("--max-turns", type=int, default=MAX_TURNS,
                   help="stop a game after this many turns and score it as it stands")
    m.add_argument("--out", default=None, help="append one JSON line per game here "
                   "(games already in it are not played again)")
    m.add_argument("-v", "--verbose", action="store_true")
    r = sub.add_parser("report", help="summarise result files")
    r.add_argument("paths", nargs="+")
    t = sub.add_parser("tables", help="the figures of docs/balance.md, as Markdown tables")
    t.add_argument("paths", nargs="+")
    pr = sub.add_parser("paired", help="one level's win share in two results files, game by "
                        "game over the games both played")
    pr.add_argument("new")
    pr.add_argument("old")
    pr.add_argument("--level", default="hard")
    args = ap.parse_args(argv)
    if args.cmd == "paired":
        paired(args.new, args.old, args.level)
        return
    if args.cmd == "match":
        if args.budget is not None:
            args.iterations = None
        run_match(args)
    elif args.cmd == "tables":
        tables(args.paths)
    else:
        report(args.paths)


if __name__ == "__main__":
    main()
