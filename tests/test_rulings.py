"""The rulings of docs/rules.md that the other files do not already name."""

from __future__ import annotations

from cakegame import Action, new_game
from enginehelp import LAB, cake, opts, pos, refused, run, subs


def test_chambers_are_named_by_panel_letter_and_keep_it_on_the_conveyor():
    s = run(pos(step="activate"), "activate E", "recycle bottom")
    e = s.chamber("E")
    assert (e.letter, e.row, e.x, e.new_edge) == ("E", 2, -2, True)
    refused(s, "from S", "the choices are: from A, from F, from K")


def test_actions_have_a_stable_text_form():
    s = new_game(3, seed=2)
    for _ in range(60):
        for a in s.legal_actions():
            assert Action.parse(str(a)) == a
            assert s.apply(str(a)) == s.apply(a)
        s = s.apply(s.legal_actions()[-1])
        if s.is_over:
            break


def test_carried_cake_arrives_even_when_the_turret_destroys_its_carriers_on_arrival():
    s = pos(subjects={"F": [1, 0], "A": [1, 1]}, cake={"F": [0, 1]}, turret="G", step="move")
    s = run(s, "from F", "to G", "count 1", "carry 1")
    assert subs(s, "G") == (0, 0) and cake(s, "G") == (0, 1)
    assert s.decision == "bonus"  # one subject moved: the bonus stands


def test_adjacency_changes_apply_to_moving_subjects_only_not_the_turret():
    # the Turret on a Portal chamber steps by plain adjacency only
    s = pos(subjects={"J": [1, 0], "A": [1, 1]}, turret="E", step="activate")
    s = s.apply("activate J")
    assert [a for a in opts(s) if a.startswith("turret")] == [
        "turret D", "turret I", "turret J", "turret stay"]


BRIDGE = """
x=10 A B
F G H I J
K L M N O P Q R
"""


def test_adjacency_changes_never_count_for_the_labs_connectedness():
    # Portals joining the hanging top row to the bottom row do not keep J removable ...
    s = pos(lab=BRIDGE, subjects={"F": [1, 1], "A": [1, 1]}, portals=("A", "P"),
            step="activate")
    assert opts(s) == ["activate B", "activate R"]
    # ... and neither does Wraparound (A over P, B over Q) nor Long Fall Boots
    for card in ("atlas", "chell"):
        s = pos(lab=BRIDGE, subjects={"F": [1, 1], "A": [1, 1]}, discard=[card],
                step="activate")
        assert opts(s) == ["activate B", "activate R"], card


def test_in_a_split_lab_subjects_move_only_between_chambers_that_touch_or_portals():
    split = LAB.replace("K L M N O", "x=20 K L M N O")
    s = pos(lab=split, subjects={"F": [1, 1], "K": [1, 1]}, step="move", portals=("B", "C"))
    assert s.move_targets("K") == ["L"]
    assert s.move_targets("F") == ["A", "B", "G"]


def test_what_each_seat_may_know():
    s = pos(hands=[["greg", "cube"], ["fact"]], fresh=[0, 1])
    v = s.view(1)
    assert v.hand(1) == ("fact",) and v.hand(0) == (None, None)
    assert v.hand_size(0) == 2 and v.fresh(1) == 1
    assert v.deck_top == s.deck_top and v.deck_size == s.deck_size
    assert v.discard == s.discard
    assert v._d["seed"] is None and v._d["rng"] is None
    assert s.view(0).legal_actions() == s.legal_actions()


def test_no_card_of_ours_can_push_a_hand_over_three():
    s = pos(hands=[["fact", "greg", "cube"], []])
    s = run(s, "play fact", "card")
    assert s.hand_size(0) == 3 and s.decision == "deploy"
    s = pos(hands=[["curiosity", "greg", "cube"], []])
    s = run(s, "play curiosity", "card")
    assert s.hand_size(0) == 3
    assert opts(s) == ["subject A", "subject F", "subject K"]
