"""How long a share link is for whole four-player games (a measurement, not a test).

Plays seeded four-player games to the end with bots, builds each game's share link
(`ui.sharelink.encode`, the fragment after '#', plus the page address in front of it) and
prints the distribution of lengths, the actions per game, and how many links pass common
limits. Every link is decoded and replayed again to the same final state. Examples:

    python bench/share_links.py --games 200                # easy bots (fast)
    python bench/share_links.py --games 20 --level medium  # longer, more careful games

The base address is the GitHub Pages form (https://<user>.github.io/<repo>/index.html#).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "py"))

from cakegame import bots  # noqa: E402
from ui import record, sharelink  # noqa: E402

BASE = "https://example-user.github.io/portal-cake-game/index.html#"
LIMITS = (2_000, 4_096, 8_192)  # old IE and some chat previews; many chat apps; common servers


def play(seed: int, level: str) -> record.Record:
    """One four-player game to its end, as a record."""
    names = ["Orange", "Blue", "Green", "Purple"]
    rec = record.Record(4, seed, names, None, [level] * 4, [])
    s = rec.start()
    while not s.is_over:
        seat = s.current_player
        a = str(bots.choose(s.view(seat), level, seed=seed * 7919 + len(rec.actions)))
        rec.actions.append(a)
        s = s.apply(a)
    return rec


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--level", default="easy", choices=bots.LEVELS)
    ap.add_argument("--seed", type=int, default=1000)
    args = ap.parse_args()
    lengths, actions, texts = [], [], []
    for g in range(args.games):
        rec = play(args.seed + g, args.level)
        frag = sharelink.encode(rec)
        back = sharelink.decode(frag)
        assert back == rec and back.final() == rec.final(), "a link did not replay its game"
        lengths.append(len(BASE) + len(frag))
        actions.append(len(rec.actions))
        texts.append(len(",".join(rec.actions)))
    q = statistics.quantiles(lengths, n=20) if len(lengths) > 1 else lengths * 19
    print(f"{args.games} four-player games, {args.level} bots, seeds {args.seed}-"
          f"{args.seed + args.games - 1}")
    print(f"actions per game: median {statistics.median(actions):.0f}, "
          f"min {min(actions)}, max {max(actions)}")
    print(f"action texts joined: median {statistics.median(texts):.0f} characters")
    print(f"link length (with a {len(BASE)}-character address): min {min(lengths)}, "
          f"median {statistics.median(lengths):.0f}, 95th percentile {q[18]:.0f}, "
          f"max {max(lengths)}")
    for limit in LIMITS:
        n = sum(1 for x in lengths if x <= limit)
        print(f"  within {limit} characters: {n} of {len(lengths)}")


if __name__ == "__main__":
    main()
