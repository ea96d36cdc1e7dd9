#!/usr/bin/env python3
"""hard's variants, played in tournaments: what holds hard back as one of four?

A benchmark, not a test. It runs `bench/tournament.py` (its every argument, after the
variant's name) with hard changed in one way, to ask what its four-player win share
depends on (docs/balance.md, "What holds hard back as one of four"):

    base        hard as it is (the same games as `bench/tournament.py`, for pairing)
    oracle      hard's trial games and its search for a win now are dealt the true hidden
                cards, the deck's order and the game's generator, not a deal sampled from
                its view: an opponent no fair player can be, to tell whether what hard
                cannot see is what it lacks
    deployfull  the deploy step (which card to play, the Portal Gun, or none) gets the whole
                count of trial games, not a third of it as the decisions that follow a
                move's first (where to, how many), whose trial games are mostly played already
    learnt      the learnt judgement that ends hard's trial games (`bots/learnt.py`) with
                the weights of the JSON file `bench/value_fit.py --save` wrote, named by
                the environment's LEARNT_WEIGHTS, instead of those the bots carry
    wide        hard compares more of medium's plans at a move decision: `search.CANDIDATES`
                set to the environment's CANDIDATES (10 if unset), not 6
    valueleaf   hard's trial games judged by medium's judgement (`board.value`) at every
                player count, as before the learnt judgement (docs/balance.md)
    tworound    each trial game plays two rounds, to the start of hard's turn after next
                (hard's own next turn by the full medium), not one: a search that looks
                beyond the next round; at half the playouts it takes the same time

    python bench/variants.py oracle match --levels hard,medium,medium,medium --games 100 \\
        --iterations 42 --processes 1 --out bench/results/v10/oracle.jsonl
    python bench/tournament.py paired bench/results/v10/oracle.jsonl bench/results/v10/base.jsonl

The variants patch `cakegame.bots.search` in this process only; the bots themselves are
unchanged. The tournament's worker processes inherit the patch where `multiprocessing`
forks them (Linux, before Python 3.14); elsewhere they would play the bots unchanged.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Generator
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "py"))

import tournament  # noqa: E402
from cakegame.bots import search  # noqa: E402
from cakegame.state import State, clone  # noqa: E402

VARIANTS = ("base", "oracle", "deployfull", "tworound", "learnt", "valueleaf", "wide")


def deploy_full() -> None:
    """The deploy step keeps the whole count of trial games."""
    prepare = search.Search._prepare_steps

    def _prepare_steps(self: search.Search) -> Generator[None, None, None]:
        whole = self.max_iterations
        yield from prepare(self)
        if self.v.decision == "deploy" and whole is not None and self.cands is not None:
            self.max_iterations = whole
    search.Search._prepare_steps = _prepare_steps  # type: ignore[method-assign]


def oracle() -> None:
    """hard's `view.sample` gives the game as it truly stands."""
    truth: list[State] = []

    class Seeing:
        """hard's view, whose sample is the true game (read through `truth`)."""

        def __init__(self, view: Any) -> None:
            self._view = view

        def __getattr__(self, name: str) -> Any:
            return getattr(self._view, name)

        def sample(self, rng: Any) -> State:
            return State._wrap(clone(truth[-1]._d))

    init = search.Search.__init__

    def __init__(self: search.Search, view: Any, **kw: Any) -> None:
        init(self, Seeing(view), **kw)
    search.Search.__init__ = __init__  # type: ignore[method-assign]
    choose = tournament.bots.choose

    def seeing_choose(view: Any, level: str, **kw: Any) -> Any:
        # The game itself is the tournament's local `s` in the caller (`play_game`): a bot
        # is given a View, which holds none of what is hidden.
        truth[:] = [sys._getframe(1).f_locals["s"]]
        return choose(view, level, **kw)
    tournament.bots.choose = seeing_choose


def learnt_weights() -> None:
    """The learnt judgement with the weights of the file LEARNT_WEIGHTS names."""
    import json

    from cakegame.bots import learnt
    with open(os.environ["LEARNT_WEIGHTS"]) as f:
        saved = json.load(f)
    assert saved["names"] == list(learnt.NAMES), "weights for other features"
    learnt.WEIGHTS[saved["players"]] = tuple(saved["weights"])


def value_leaf() -> None:
    """Trial games judged by medium's judgement at every player count."""
    from cakegame.bots import learnt
    learnt.WEIGHTS.clear()


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] not in VARIANTS:
        sys.exit(f"usage: variants.py {{{','.join(VARIANTS)}}} <tournament.py arguments>")
    variant = sys.argv.pop(1)
    if variant == "oracle":
        oracle()
    elif variant == "deployfull":
        deploy_full()
    elif variant == "learnt":
        learnt_weights()
    elif variant == "valueleaf":
        value_leaf()
    elif variant == "wide":
        search.CANDIDATES = int(os.environ.get("CANDIDATES", "10"))
    elif variant == "tworound":
        search.ROUNDS = 2
    tournament.main()


if __name__ == "__main__":
    main()
