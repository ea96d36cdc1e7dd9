"""Setup: the lab, the subjects, the Portals, the deck and the first player."""

from __future__ import annotations

import cakegame
import pytest
from cakegame import new_game
from cakegame.content import CARD_IDS
from enginehelp import opts


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_for_two_three_and_four_players(players):
    s = new_game(players, seed=11)
    assert s.players == players
    assert s.names == tuple(d.name for d in cakegame.DIVISIONS[:players])
    assert s.subjects_in_lab() == (4,) * players
    assert s.cake_in_lab() == (0,) * players
    for seat in range(players):
        assert s.supply(seat) == 4
        assert s.cake_supply(seat) == 8
        assert s.incinerated(seat) == 0
        assert s.hand_size(seat) == 0
    assert not s.is_over


@pytest.mark.parametrize("players", [1, 5, 0])
def test_the_game_is_for_two_to_four_players(players):
    with pytest.raises(ValueError, match="2 to 4"):
        new_game(players, seed=1)


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_lab_is_fifteen_chambers_five_per_row_at_the_house_rule_positions(seed):
    s = new_game(2, seed=seed)
    chambers = s.chambers()
    assert len(chambers) == 15
    assert len({c.panel for c in chambers}) == 15
    for row in range(3):
        xs = [c.x for c in chambers if c.row == row]
        assert xs == ([1, 3, 5, 7, 9] if row == 1 else [0, 2, 4, 6, 8])


def test_three_panels_are_set_aside_unseen():
    s = new_game(3, seed=4)
    d = s.to_data()
    in_lab = {c.panel for c in s.chambers()}
    assert len(d["aside"]) == 3
    assert not set(d["aside"]) & in_lab
    assert set(d["aside"]) | in_lab == set(range(18))
    v = s.view(0)
    assert v._d["aside"] == [None, None, None]
    assert all(v._d["face"][p] is None for p in d["aside"])


def test_panels_are_laid_on_random_faces():
    faces = {c.face for seed in range(6) for c in new_game(2, seed=seed).chambers()}
    assert faces == {0, 1}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_division_delivers_one_two_one_subjects_to_the_new_edge(players):
    s = new_game(players, seed=9)
    for c in s.chambers():
        if c.new_edge:
            assert c.subjects == ((2 if c.row == 1 else 1),) * players
        else:
            assert c.subjects == (0,) * players


def test_portals_start_on_the_top_and_bottom_old_edges():
    s = new_game(2, seed=3)
    portals = [c for c in s.chambers() if c.portal]
    assert [(c.row, c.x, c.old_edge) for c in portals] == [(0, 8, True), (2, 8, True)]


def test_turret_cube_and_glados_start_off_the_board():
    s = new_game(4, seed=3)
    assert not any(c.turret or c.cube or c.glados for c in s.chambers())


def test_deck_holds_all_twenty_cards_with_the_top_one_public():
    s = new_game(2, seed=5)
    assert s.deck_size == 20
    assert sorted(s.to_data()["deck"]) == sorted(CARD_IDS)
    assert s.deck_top in CARD_IDS
    v = s.view(1)
    assert v.deck_top == s.deck_top
    assert v._d["deck"][1:] == [None] * 19


def test_no_character_is_active_at_the_start():
    s = new_game(2, seed=5)
    assert s.discard == ()
    assert s.character is None
    assert s.rule is None


def test_setup_is_deterministic_by_seed():
    assert new_game(3, seed=42) == new_game(3, seed=42)
    assert new_game(3, seed=42).to_json() == new_game(3, seed=42).to_json()
    layouts = {tuple(c.letter for c in new_game(3, seed=k).chambers()) for k in range(5)}
    assert len(layouts) == 5


def test_first_player_is_drawn_by_the_seed_or_chosen():
    drawn = {new_game(4, seed=k).first_player for k in range(30)}
    assert drawn == {0, 1, 2, 3}
    for seat in range(3):
        s = new_game(3, seed=8, first_player=seat)
        assert s.first_player == seat
        assert s.turn == seat
        assert s.current_player == seat
    with pytest.raises(ValueError, match="first player"):
        new_game(3, seed=8, first_player=3)


def test_first_turn_skips_the_deploy_step_as_nobody_holds_cards():
    s = new_game(2, seed=6, first_player=1)
    assert s.phase == "move"
    assert s.decision == "move"
    new_edge = [c.letter for c in s.chambers() if c.new_edge]
    assert opts(s) == [f"from {x}" for x in new_edge]


def test_names_are_given_per_seat():
    s = new_game(2, seed=1, names=["Ann", "Bob"])
    assert s.names == ("Ann", "Bob")
    with pytest.raises(ValueError):
        new_game(2, seed=1, names=["Ann"])
