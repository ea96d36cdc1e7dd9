"""The move step: one group, adjacency and Portals, carrying cake, the single-subject bonus."""

from __future__ import annotations

from enginehelp import cake, opts, pos, refused, run, subs


def test_move_picks_a_chamber_holding_your_subjects():
    s = pos(subjects={"A": [1, 0], "H": [0, 2], "K": [2, 1]}, step="move")
    assert opts(s) == ["from A", "from K"]
    refused(s, "from H", "not possible")
    refused(s, "from B", "not possible")


def test_hexagonal_adjacency_same_row_two_apart_neighbouring_rows_one_apart():
    s = pos(subjects={"H": [3, 0], "A": [0, 1]}, step="move", portals=("B", "L"))
    assert s.move_targets("H") == ["C", "D", "G", "I", "M", "N"]
    assert s.move_targets("A") == ["B", "F"]
    assert s.move_targets("K") == ["F", "L"]
    assert s.move_targets("J") == ["E", "I", "O"]
    s = s.apply("from H")
    assert opts(s) == ["to C", "to D", "to G", "to I", "to M", "to N"]


def test_move_some_or_all_subjects_of_the_group():
    s = pos(subjects={"H": [3, 0], "A": [0, 1]}, step="move")
    s = run(s, "from H", "to I")
    assert opts(s) == ["count 1", "count 2", "count 3"]
    refused(s, "count 4", "at most 3 Test Subjects")
    s = s.apply("count 3")
    assert subs(s, "H") == (0, 0) and subs(s, "I") == (3, 0)


def test_destination_must_be_adjacent():
    s = pos(subjects={"H": [3, 0], "A": [0, 1]}, step="move")
    s = s.apply("from H")
    refused(s, "to A", "not adjacent to chamber H")
    refused(s, "to P", "not in the lab")
    refused(s, "to Z", "not a chamber")


def test_portal_chambers_are_adjacent_for_moving_subjects():
    s = pos(subjects={"E": [1, 0], "A": [0, 1]}, step="move")  # portals on E and O
    assert s.move_targets("E") == ["D", "I", "J", "O"]
    s = run(s, "from E", "to O", "count 1")
    assert subs(s, "O") == (1, 0)


def test_only_one_group_moves_in_the_move_step():
    s = pos(subjects={"H": [3, 0], "A": [1, 1]}, step="move")
    s = run(s, "from H", "to I", "count 2")
    assert s.phase == "activate" and s.decision == "activate"
    assert subs(s, "H") == (1, 0)


def test_there_is_no_limit_to_subjects_in_a_chamber():
    s = pos(subjects={"H": [3, 0], "I": [5, 3], "A": [0, 1]}, step="move")
    s = run(s, "from H", "to I", "count 3")
    assert subs(s, "I") == (8, 3)


def test_moving_a_single_subject_earns_a_free_subject_or_card():
    s = pos(step="move")
    s = run(s, "from F", "to G", "count 1")
    assert s.decision == "bonus" and s.current_player == 0
    assert opts(s) == ["bonus card", "bonus subject A", "bonus subject F", "bonus subject K"]
    top = s.deck_top
    t = s.apply("bonus card")
    assert t.hand(0) == (top,) and t.phase == "activate"
    t = s.apply("bonus subject K")
    assert subs(t, "K") == (2, 1) and t.supply(0) == 3


def test_free_subject_is_delivered_at_the_new_edge_only():
    s = run(pos(step="move"), "from F", "to G", "count 1")
    refused(s, "bonus subject G", "not possible")


def test_moving_two_subjects_earns_no_bonus():
    s = run(pos(step="move"), "from F", "to G", "count 2")
    assert s.decision == "activate"
    assert s.supply(0) == 4 and s.hand_size(0) == 0


def test_free_card_only_with_fewer_than_three_in_hand():
    s = pos(hands=[["greg", "cube", "fact"], []], step="move")
    s = run(s, "from F", "to G", "count 1")
    assert opts(s) == ["bonus subject A", "bonus subject F", "bonus subject K"]


def test_bonus_gives_nothing_when_neither_subject_nor_card_can_be_had():
    s = pos(subjects={"F": [8, 0], "A": [0, 1]}, hands=[["greg", "cube", "fact"], []],
            step="move")
    s = run(s, "from F", "to G", "count 1")
    assert s.decision == "activate"


def test_each_moving_subject_may_carry_one_cake_slice_of_any_colour():
    s = pos(subjects={"H": [2, 0], "A": [0, 1]}, cake={"H": [1, 2]}, step="move")
    s = run(s, "from H", "to I", "count 2")
    assert s.decision == "carry" and s.current_player == 0
    assert opts(s) == ["carry 0", "carry 1", "carry none"]
    s = s.apply("carry 1")
    assert opts(s) == ["carry 0", "carry 1", "carry none"]
    s = s.apply("carry 1")
    assert cake(s, "H") == (1, 0) and cake(s, "I") == (0, 2)
    assert s.decision == "activate"


def test_carrying_stops_when_every_subject_carries_or_no_cake_is_left():
    s = pos(subjects={"H": [1, 0], "A": [0, 1]}, cake={"H": [2, 2]}, step="move")
    s = run(s, "from H", "to I", "count 1", "carry 0")
    assert cake(s, "H") == (1, 2) and cake(s, "I") == (1, 0)
    assert s.decision == "bonus"  # one carry for one subject
    s = pos(subjects={"H": [3, 0], "A": [0, 1]}, cake={"H": [0, 1]}, step="move")
    s = run(s, "from H", "to I", "count 3", "carry 1")
    assert cake(s, "I") == (0, 1) and s.decision == "activate"


def test_carry_none_leaves_the_cake_behind():
    s = pos(subjects={"H": [2, 0], "A": [0, 1]}, cake={"H": [1, 1]}, step="move")
    s = run(s, "from H", "to I", "count 2", "carry none")
    assert cake(s, "H") == (1, 1) and cake(s, "I") == (0, 0)
    assert subs(s, "I") == (2, 0)


def test_cake_never_moves_alone():
    s = pos(subjects={"A": [1, 1], "F": [2, 2], "K": [1, 1]}, cake={"H": [3, 0]},
            step="move")
    assert "from H" not in opts(s)


def test_turret_destroys_subjects_moved_into_its_chamber_but_not_the_cake():
    s = pos(subjects={"F": [3, 0], "A": [1, 1]}, cake={"F": [1, 0]}, turret="G", step="move")
    s = run(s, "from F", "to G", "count 2", "carry 0")
    assert subs(s, "G") == (0, 0)
    assert cake(s, "G") == (1, 0)
    assert s.supply(0) == 8 - 2 and s.subjects_in_lab() == (2, 1)
