"""Command line of the installed package: `python -m cakegame` or `cakegame`.

    cakegame play --players 3 --seats human,medium,hard [--seed 42] [--names Ann,Bo,Cy]
    cakegame play --load game.json --seats human,medium     # go on with a saved game
    cakegame tournament --levels hard,medium --games 20      # also: cakegame-tournament
    cakegame bench --games 5                                 # also: cakegame-bench

Wrong arguments are answered with a message and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import random
import sys

from . import bots
from .matches import play_match, speed
from .state import new_game
from .terminal import SEAT_KINDS, load, parse_seats, play_game


def _play_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("play", help="play in the terminal, with people and computer opponents")
    p.add_argument("--players", type=int, default=2, help="2 to 4 (default 2)")
    p.add_argument("--seats", default=None,
                   help=f"one kind per seat, comma-separated, from {', '.join(SEAT_KINDS)} "
                        "(default: human, then medium for the others)")
    p.add_argument("--seed", type=int, default=None, help="the deal (default: random)")
    p.add_argument("--names", default=None, help="the players' names, comma-separated")
    p.add_argument("--first", type=int, default=None, help="the first player's seat (0-3)")
    p.add_argument("--load", default=None, help="go on with a game saved with `save FILE`")
    p.add_argument("--iterations", type=int, default=None,
                   help="hard's search iterations per decision (repeatable games)")
    p.add_argument("--budget", type=float, default=None,
                   help="hard's thinking time per decision, in seconds (default 1.5)")


def _tournament_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--levels", default="medium,easy",
                   help=f"one bot level per seat, from {', '.join(bots.LEVELS)}")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--iterations", type=int, default=8, help="hard's iterations per decision")


def _bench_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--games", type=int, default=5, help="random games per player count")
    p.add_argument("--seed", type=int, default=0)


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="cakegame", description=__doc__.split("\n\n")[0])
    sub = top.add_subparsers(dest="command", required=True)
    _play_parser(sub)
    _tournament_args(sub.add_parser("tournament", help="bot against bot, seats rotated"))
    _bench_args(sub.add_parser("bench", help="the engine's speed in random games"))
    return top


def run_play(args: argparse.Namespace, parse: argparse.ArgumentParser) -> int:
    try:
        if args.load:
            state = load(args.load)
        else:
            seed = args.seed if args.seed is not None else random.randrange(1 << 31)
            names = [n.strip() for n in args.names.split(",")] if args.names else None
            state = new_game(players=args.players, seed=seed, names=names,
                             first_player=args.first)
        seats_text = args.seats or ",".join(["human"] + ["medium"] * (state.players - 1))
        seats = parse_seats(seats_text, state.players)
    except ValueError as e:
        parse.error(str(e))
    print(f"Seed {state.seed}; seats: "
          + ", ".join(f"{n} {k}" for n, k in zip(state.names, seats)) + ".")

    def read(prompt: str) -> str:
        return input(prompt)

    def write(text: str) -> None:
        print(text, flush=True)

    try:
        play_game(state, seats, read=read, write=write, bot_seed=state.seed,
                  iterations=args.iterations, budget_s=args.budget)
    except KeyboardInterrupt:
        print("\nStopped.")
    return 0


def run_tournament(args: argparse.Namespace, parse: argparse.ArgumentParser) -> int:
    levels = [w.strip() for w in args.levels.split(",") if w.strip()]
    if not 2 <= len(levels) <= 4:
        parse.error("give 2 to 4 levels, one per seat")
    try:
        r = play_match(levels, args.games, seed=args.seed, iterations=args.iterations)
    except ValueError as e:
        parse.error(str(e))
    print(f"{r.games} games, {len(levels)} players, seats rotated; fair share "
          f"{100 / len(levels):.0f}%")
    for level in dict.fromkeys(levels):
        print(f"  {level:<7} won {r.wins.get(level, 0.0):5.1f} games: "
              f"{100 * r.share(level):.0f}% per seat")
    if r.turns:
        print(f"  turns per game: median {sorted(r.turns)[len(r.turns) // 2]}, "
              f"longest {max(r.turns)}; stopped at the turn limit: {r.stopped}")
    return 0


def run_bench(args: argparse.Namespace, parse: argparse.ArgumentParser) -> int:
    if args.games < 1:
        parse.error("--games must be at least 1")
    print(f"Random legal games, {args.games} per player count (CPython {sys.version.split()[0]})")
    for players in (2, 3, 4):
        r = speed(players, args.games, seed=args.seed)
        print(f"  {players} players: {r['games_per_s']:6.1f} games/s, "
              f"{r['actions_per_s']:8,.0f} actions/s, median {r['turns_median']:.0f} turns")
    return 0


RUN = {"play": run_play, "tournament": run_tournament, "bench": run_bench}


def main(argv: list[str] | None = None) -> int:
    p = parser()
    args = p.parse_args(argv)
    return RUN[args.command](args, p)


def tournament_main(argv: list[str] | None = None) -> int:
    """`cakegame-tournament`: the same as `cakegame tournament`."""
    return main(["tournament", *(sys.argv[1:] if argv is None else argv)])


def bench_main(argv: list[str] | None = None) -> int:
    """`cakegame-bench`: the same as `cakegame bench`."""
    return main(["bench", *(sys.argv[1:] if argv is None else argv)])
