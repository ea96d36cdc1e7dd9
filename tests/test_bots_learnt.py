"""The judgement of positions learnt from medium's games (`cakegame/bots/learnt.py`), which
ends hard's trial games with four players."""

from __future__ import annotations

import math

import cakegame
import pytest
from cakegame import bots
from cakegame.bots import board, learnt, search
from cakegame.bots.board import Board


def _positions(seed: int, players: int) -> tuple[list[Board], tuple[int, ...]]:
    """The boards at the start of each turn of a game between medium bots, and its winners."""
    s = cakegame.new_game(players=players, seed=seed)
    boards: list[Board] = []
    last = None
    k = 0
    while not s.is_over:
        if s.turn_number != last:
            last = s.turn_number
            boards.append(Board.read_state(s))
        s = s.apply(bots.choose(s.view(s.current_player), "medium", seed=seed * 7919 + k))
        k += 1
    return boards, tuple(s.outcome.winners)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_division_gets_one_value_per_feature(players: int) -> None:
    boards, _ = _positions(5, players)
    for b in boards[:6]:
        rows = learnt.features(b, b.turn)
        assert len(rows) == players
        assert all(len(r) == len(learnt.NAMES) for r in rows)


def test_the_chances_are_shares_of_one_and_read_the_board_without_changing_it() -> None:
    boards, _ = _positions(7, 4)
    for b in boards:
        key = b.key()
        p = learnt.chances(b, b.turn)
        assert len(p) == 4 and abs(sum(p) - 1.0) < 1e-9 and min(p) > 0.0
        assert learnt.chances(b, b.turn) == p  # a pure function of the position
        assert b.key() == key


def test_an_ended_game_is_judged_by_its_winners() -> None:
    boards, winners = _positions(7, 4)
    b = boards[-1].copy()
    b.over = (1, 3)
    assert learnt.chances(b, b.turn) == [0.0, 0.5, 0.0, 0.5]


def test_safe_cake_and_the_move_raise_a_division_s_chance() -> None:
    """The fitted weights read the game as a player would: a Cake Slice deep in the lab
    (far from the old edge, safe from the next recycles) makes its owner likelier to win,
    and of two equal positions the one where a division moves next is the better for it."""
    boards, _ = _positions(11, 4)
    b = boards[len(boards) // 2]
    g = b.geo()
    deep = max(g.lab, key=lambda p: g.depth[p])
    seat = (b.turn + 2) % 4
    richer = b.copy()
    richer.set_cake(deep, seat, richer.cake[deep][seat] + 2)
    assert learnt.chances(richer, b.turn)[seat] > learnt.chances(b, b.turn)[seat]
    assert learnt.chances(b, seat)[seat] > learnt.chances(b, b.turn)[seat]


def test_it_foretells_who_wins_better_than_medium_s_judgement() -> None:
    """On games it was not fitted on (deals 900-909), the learnt judgement gives the
    eventual winners a higher likelihood than chance and than medium's `board.value`
    shared out among the divisions."""
    ll_learnt = ll_value = 0.0
    count = 0
    for seed in range(900, 910):
        boards, winners = _positions(seed, 4)
        for b in boards:
            p = learnt.chances(b, b.turn)
            v = board.values(b, list(range(4)), b.turn)
            total = sum(v)
            for w in winners:
                ll_learnt += math.log(p[w]) / len(winners)
                ll_value += math.log(max(v[w] / total, 1e-9)) / len(winners)
            count += 1
    assert ll_learnt / count > math.log(1 / 4)
    assert ll_learnt / count > ll_value / count + 0.02, (ll_learnt / count, ll_value / count)


def test_hard_ends_its_trial_games_with_the_learnt_judgement_where_it_has_weights() -> None:
    assert 4 in learnt.WEIGHTS and 2 not in learnt.WEIGHTS
    four, _ = _positions(3, 4)
    two, _ = _positions(3, 2)
    b4, b2 = four[len(four) // 2], two[len(two) // 2]
    assert board.drain(search.leaf_value_steps(b4, b4.turn)) == learnt.chances(b4, b4.turn)[b4.turn]
    assert board.drain(search.leaf_value_steps(b2, b2.turn)) == board.value(b2, b2.turn, b2.turn)
