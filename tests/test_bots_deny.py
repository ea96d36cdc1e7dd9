"""hard's deny step with three or four players: when the plan it would play leaves another
player a way to end the game and win before hard's next turn, it plays one of its next best
plans that leaves fewer such ways; two-player games never take the step."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import cakegame
import pytest
from cakegame import bots
from cakegame.actions import Action, Verb
from cakegame.bots import search
from cakegame.bots.board import drain
from cakegame.bots.search import Candidate, Search


def _next_player_wipes(players: int, their_cake: int) -> cakegame.State:
    """The last seat to move, at the start of its first turn. Seat 1's only subject stands in an
    old-edge chamber X beside two of seat 0's, and seat 0 moves next: activating X
    (recycled with its subjects) ends the game, which seat 0 wins if it leads in cake.
    Seat 0 holds 3 Cake Slices; the last seat `their_cake` (it leads if that is more)."""
    last = players - 1
    s = cakegame.new_game(players=players, seed=3, first_player=last)
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
    d["cake"][news[1]][0] = 3
    d["cake"][news[2]][last] = their_cake
    d["cake_supply"] = [8 - sum(row[i] for row in d["cake"]) for i in range(players)]
    d["turret"] = None
    d["cube"] = None
    return cakegame.State.from_json(d)


def _first_candidate(v: Any) -> Candidate:
    """A candidate that takes the first legal action (the rest of the turn is medium's)."""
    return Candidate(("first",), (v.legal_actions()[0],), None, 0.5)


@pytest.mark.parametrize("players", [3, 4])
def test_the_threat_of_the_next_players_wipe_out_is_seen(players: int) -> None:
    s = _next_player_wipes(players, their_cake=0)
    v = s.view(players - 1)
    se = Search(v, seed=1, iterations=4)
    search._deny_memo.clear()
    threats = drain(se._threats(_first_candidate(v)))
    assert threats == search.DENY_DEALS  # seat 0 ends the game and wins on every deal


@pytest.mark.parametrize("players", [3, 4])
def test_no_threat_when_the_next_players_ending_would_lose(players: int) -> None:
    s = _next_player_wipes(players, their_cake=5)  # the last seat leads: seat 0's wipe loses
    v = s.view(players - 1)
    se = Search(v, seed=1, iterations=4)
    search._deny_memo.clear()
    assert drain(se._threats(_first_candidate(v))) == 0


def _fake(means: list[float], threats: list[int]) -> Search:
    """A Search over fake candidates with the given means and threatened deals."""
    s = cakegame.new_game(players=4, seed=5)
    se = Search(s.view(s.current_player), seed=1, iterations=4)
    se.cands = [Candidate(("c", i), (Action(Verb.END, ()),), None, m)
                for i, m in enumerate(means)]
    table = {("c", i): n for i, n in enumerate(threats)}

    def fake_threats(c: Candidate) -> Generator[None, None, int]:
        se.threats[c.key] = table[c.key]
        return table[c.key]
        yield  # a generator, as the real one

    se._threats = fake_threats  # type: ignore[method-assign]
    return se


def test_a_clean_plan_replaces_a_threatened_best() -> None:
    d = search.DENY_DEALS
    se = _fake([0.6, 0.5, 0.4], [d, 0, 0])
    pick = drain(se._deny_steps())
    assert pick is not None and pick.key == ("c", 1)


def test_an_unthreatened_best_is_kept_and_nothing_else_is_asked() -> None:
    se = _fake([0.6, 0.5, 0.4], [0, 0, 0])
    assert drain(se._deny_steps()) is None
    assert list(se.threats) == [("c", 0)]


def test_a_clean_plan_far_below_a_partly_threatened_best_is_not_played() -> None:
    d = search.DENY_DEALS
    # the best keeps 2/3 of its 0.6 (0.4); a clean plan at 0.35 does not beat that
    se = _fake([0.6, 0.35, 0.3], [1, 0, 0]) if d == 3 else _fake([0.6, 0.2, 0.1], [1, 0, 0])
    assert drain(se._deny_steps()) is None


def test_two_players_never_take_the_deny_step(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "DENY_PLAYERS", 3)  # the step as tried (it is switched off)
    def refuse(self: Search) -> Generator[None, None, Candidate | None]:
        raise AssertionError("deny step taken")
        yield

    monkeypatch.setattr(Search, "_deny_steps", refuse)
    for players in (2, 4):
        s = cakegame.new_game(players=players, seed=5)
        k = 0
        took = False
        while s.turn_number < 40 and not took and not s.is_over:
            seat = s.current_player
            v = s.view(seat)
            if seat == s.turn and len(v.legal_actions()) > 1:
                try:
                    bots.choose(v, "hard", seed=k, iterations=4)
                except AssertionError:
                    took = True
            s = s.apply(bots.choose(v, "medium", seed=k))
            k += 1
        assert took == (players == 4)


def test_the_deny_step_cut_in_slices_gives_the_same_answer(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "DENY_PLAYERS", 3)
    """The page steps hard in slices, pausing inside the deny step's questions too; the
    answer must be the one a single uncut call gives."""
    s = cakegame.new_game(players=4, seed=5)
    k = 0
    asked = 0
    while asked < 2 and s.turn_number < 40 and not s.is_over:
        seat = s.current_player
        v = s.view(seat)
        if seat == s.turn and s.decision in ("move", "deploy") and len(v.legal_actions()) > 1:
            search._memo.clear()
            search._deny_memo.clear()
            t = bots.Thinker(v, "hard", seed=2, iterations=6)
            while not t.step(1000, slice_s=0.0):
                pass
            sliced = t.best()
            if t._search is not None and t._search.threats:  # the step ran
                asked += 1
                search._memo.clear()
                search._deny_memo.clear()
                assert sliced == bots.choose(v, "hard", seed=2, iterations=6)
        s = s.apply(bots.choose(v, "medium", seed=k))
        k += 1
    assert asked == 2


def test_the_hint_says_the_plan_takes_away_another_players_ending() -> None:
    from types import SimpleNamespace

    from cakegame.bots.explain import explain
    d = search.DENY_DEALS
    se = _fake([0.6, 0.5, 0.4], [d, 0, 0])
    # the candidates begin differently, so the hint names the one played
    acts = se.v.legal_actions()
    assert len(acts) >= 2
    se.cands[0].steps = (acts[0],)
    se.cands[1].steps = (acts[1],)
    se.cands[2].steps = (acts[0],)
    se.denied = drain(se._deny_steps())
    assert se.denied is se.cands[1]
    thinker = SimpleNamespace(view=se.v, best=lambda: acts[1], _search=se)
    text = explain(thinker)
    assert f"win before your next turn on {d} of {d} sampled deals" in text, text
    assert "this one on 0" in text, text
    se.denied = None  # without the deny step, no such sentence
    assert "win before your next turn" not in explain(thinker)


def test_no_deny_step_while_every_division_is_spread_out(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "DENY_PLAYERS", 3)
    """A wipe-out needs a division in few chambers: at the start every division stands in
    more than `DENY_THIN` of them, and the step is not taken."""
    s = cakegame.new_game(players=4, seed=5)
    v = s.view(s.current_player)
    assert not search.thin(v)
    assert not Search(v, seed=1, iterations=4).deny
    wipe = _next_player_wipes(4, their_cake=0)  # seat 1 stands in one chamber
    assert search.thin(wipe.view(3)) and Search(wipe.view(3), seed=1, iterations=4).deny


def test_the_deny_step_is_switched_off() -> None:
    """Measured without a gain, the step is off: hard plays as it did before it."""
    wipe = _next_player_wipes(4, their_cake=0)
    assert not Search(wipe.view(3), seed=1, iterations=4).deny
