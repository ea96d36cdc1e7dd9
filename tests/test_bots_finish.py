"""`bots.finish.win_now`: the bounded search of one's own turn for a line that ends the game
now with this seat among the winners, and hard's use of it with three or four players."""

from __future__ import annotations

from typing import Any

import cakegame
import pytest
from cakegame import bots
from cakegame.bots import finish, search


def _wipe_scenario(players: int, my_cake: int, their_cake: int) -> cakegame.State:
    """Seat 0 to move. Seat 1's only subject stands in an old-edge chamber X beside two of
    seat 0's; the other divisions stand far from the old edge. Cake as given (seat 0's and
    seat 2's, in new-edge chambers). Activating X (recycled with its subjects) ends the game:
    seat 1 has no subject left."""
    s = cakegame.new_game(players=players, seed=3, first_player=0)
    d: dict[str, Any] = s.to_data()
    chs = s.chambers()
    olds = [c.panel for c in chs if c.old_edge]
    news = [c.panel for c in chs if c.new_edge]
    x = olds[0]
    for p in range(len(d["sub"])):
        d["sub"][p] = [0] * players
        d["cake"][p] = [0] * players
    d["sub"][x] = [2, 1] + [0] * (players - 2)
    d["sub"][news[1]] = [3] + [0] * (players - 1)
    for s_ in range(2, players):
        d["sub"][news[2]][s_] = 2
    d["supply"] = [3, 7] + [6] * (players - 2)
    d["cake"][news[1]][0] = my_cake
    if players > 2:
        d["cake"][news[2]][2] = their_cake
    else:
        d["cake"][news[2]][1] = their_cake
    d["cake_supply"] = [8 - sum(row[i] for row in d["cake"]) for i in range(players)]
    d["turret"] = None
    d["cube"] = None
    return cakegame.State.from_json(d)


@pytest.mark.parametrize("players", [3, 4])
def test_the_leader_finds_the_wipe_out_that_wins(players: int) -> None:
    s = _wipe_scenario(players, my_cake=3, their_cake=0)
    f = finish.win_now(s.view(0), seed=1)
    assert f.line, f
    assert finish.replays(s, 0, f.line)  # on the real state too, not only on the deals
    end = s
    for a in f.line:
        end = end.apply(a)
    assert end.is_over and end.outcome is not None and 0 in end.outcome.winners


@pytest.mark.parametrize("players", [3, 4])
def test_no_line_when_ending_the_game_loses(players: int) -> None:
    s = _wipe_scenario(players, my_cake=0, their_cake=4)
    assert finish.win_now(s.view(0), seed=1).line == ()


def test_nothing_is_searched_off_the_seats_own_turn() -> None:
    s = _wipe_scenario(4, my_cake=3, their_cake=0)
    f = finish.win_now(s.view(1), seed=1)  # seat 1 is not the one to decide
    assert f.line == () and f.nodes == 0


def _busy_position() -> cakegame.State:
    """A four-player position at the start of a turn, with cards and choices to it."""
    s = cakegame.new_game(players=4, seed=5)
    k = 0
    while s.turn_number < 8 or s.current_player != s.turn:
        s = s.apply(bots.choose(s.view(s.current_player), "medium", seed=k))
        k += 1
    return s


def test_the_cap_cuts_the_search_and_says_so() -> None:
    s = _busy_position()
    f = finish.win_now(s.view(s.turn), seed=2, nodes=20)
    assert f.nodes <= 20
    assert f.capped or f.line


def test_hidden_cards_do_not_change_the_answer() -> None:
    s = _wipe_scenario(4, my_cake=3, their_cake=0)
    v = s.view(0)
    a, b = v.sample(11), v.sample(12)
    assert a.view(0) == b.view(0) == v
    assert finish.win_now(a.view(0), seed=4) == finish.win_now(b.view(0), seed=4)


def test_in_pieces_the_same_answer() -> None:
    s = _busy_position()
    v = s.view(s.turn)
    steps = finish.win_now_steps(v, seed=1, nodes=300)
    pieces = 0
    while True:
        try:
            next(steps)
            pieces += 1
        except StopIteration as done:
            whole = done.value
            break
    assert whole == finish.win_now(v, seed=1, nodes=300)
    assert whole.line or pieces >= 300 // finish.STEP_NODES - 1


@pytest.mark.parametrize("players", [3, 4])
def test_hard_plays_the_win_with_three_or_four_players(players: int) -> None:
    s = _wipe_scenario(players, my_cake=3, their_cake=0)
    line = finish.win_now(s.view(0), seed=0).line
    assert line
    k = 0
    while not s.is_over and s.turn == 0:
        t = bots.Thinker(s.view(s.current_player), "hard", seed=k, iterations=4)
        while not t.step(4):
            pass
        s = s.apply(t.best())
        k += 1
    assert s.is_over and s.outcome is not None and 0 in s.outcome.winners


def test_two_players_never_search_for_a_win_now(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two-player games are played as before: hard does not call the search at all."""
    def refuse(*args: object, **kwargs: object) -> object:
        raise AssertionError("win_now searched in a two-player game")
    monkeypatch.setattr(search, "win_now_steps", refuse)
    s = _wipe_scenario(2, my_cake=3, their_cake=0)
    bots.choose(s.view(0), "hard", seed=1, iterations=4)
    s4 = _wipe_scenario(4, my_cake=3, their_cake=0)
    with pytest.raises(AssertionError, match="win_now searched"):
        bots.choose(s4.view(0), "hard", seed=1, iterations=4)


def test_the_hint_says_the_move_ends_the_game() -> None:
    from cakegame.bots.explain import explain
    s = _wipe_scenario(4, my_cake=3, their_cake=0)
    t = bots.Thinker(s.view(0), "hard", seed=1, iterations=4)
    while not t.step(4):
        pass
    text = explain(t)
    assert "ends the game on your turn, and you win" in text, text
