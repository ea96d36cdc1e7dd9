"""The activate step: old edge, connectedness, majority, every reward icon, Cube and Turret."""

from __future__ import annotations

from enginehelp import LAB, cake, opts, pos, refused, run, subs

OLD_DUAL = LAB.replace("J", "J'").replace("O", "O'")  # J' pays ssa, O' pays cq


def test_only_old_edge_chambers_can_be_activated():
    s = pos(step="activate")
    assert s.decision == "activate" and s.current_player == 0
    assert opts(s) == ["activate E", "activate J", "activate O"]
    refused(s, "activate A", "only chambers on the old edge")
    refused(s, "activate H", "only chambers on the old edge")


def test_activated_chamber_need_hold_no_subjects_and_then_pays_nothing():
    s = pos(step="activate").apply("activate E")
    assert s.chamber("E").glados
    assert s.decision == "recycle" and s.current_player == 0


def test_majority_player_earns_the_chambers_rewards():
    s = pos(subjects={"E": [2, 1], "A": [1, 1]}, step="activate").apply("activate E")
    assert s.decision == "reward" and s.current_player == 0
    assert opts(s) == ["subject A", "subject F", "subject K", "cake A", "cake F", "cake K"]


def test_majority_may_belong_to_another_player_who_then_decides():
    s = pos(subjects={"E": [1, 2], "A": [1, 1]}, step="activate").apply("activate E")
    assert s.current_player == 1 and s.turn == 0
    s = run(s, "subject A", "subject A", "cake F")
    assert subs(s, "A") == (1, 3) and cake(s, "F") == (0, 1)
    assert s.decision == "recycle" and s.current_player == 0


def test_tie_for_majority_earns_nothing():
    s = pos(subjects={"E": [2, 2], "A": [1, 1]}, step="activate").apply("activate E")
    assert s.decision == "recycle"
    s = pos(3, subjects={"E": [2, 2, 1], "A": [1, 1, 1]}, step="activate").apply("activate E")
    assert s.decision == "recycle"


def test_majority_is_strictly_more_than_every_other_player():
    s = pos(3, subjects={"E": [1, 3, 2], "A": [1, 1, 1]}, step="activate").apply("activate E")
    assert s.decision == "reward" and s.current_player == 1


def test_rewarded_player_picks_the_order_of_the_rewards():
    s = pos(subjects={"E": [2, 0], "A": [1, 1]}, step="activate").apply("activate E")
    s = s.apply("cake K")  # cake first
    assert opts(s) == ["subject A", "subject F", "subject K"]
    s = run(s, "subject K", "subject K")
    assert subs(s, "K") == (2, 0) and cake(s, "K") == (1, 0)
    assert s.supply(0) == 8 - 5 and s.cake_supply(0) == 7
    assert s.decision == "recycle"


def test_rewarded_subjects_and_cake_are_delivered_together_or_separate():
    s = pos(subjects={"E": [2, 0], "A": [1, 1]}, step="activate").apply("activate E")
    s = run(s, "subject A", "subject F", "cake K")
    assert subs(s, "A") == (2, 1) and subs(s, "F") == (1, 0) and cake(s, "K") == (1, 0)


LONE = """
x=8 O
A B C D E F G
H I J K L M N
"""  # the top row is one chamber: O is its new edge and its old edge


def test_nothing_is_delivered_into_the_activated_chamber_even_on_a_new_edge():
    s = pos(lab=LONE, subjects={"O": [2, 0], "A": [1, 1]}, step="activate")
    assert s.chamber("O").new_edge and s.chamber("O").old_edge
    s = s.apply("activate O")  # O pays sc
    assert opts(s) == ["subject A", "subject H", "cake A", "cake H"]
    refused(s, "subject O", "not possible")


def test_aperture_icon_gives_the_decks_top_card():
    s = pos(lab=OLD_DUAL, subjects={"J": [1, 0], "A": [1, 1]}, step="activate")
    s = s.apply("activate J")
    assert "card" in opts(s)
    top = s.deck_top
    reveals = s.reveals
    s = s.apply("card")
    assert s.hand(0) == (top,) and s.fresh(0) == 1 and s.reveals == reveals + 1


def test_aperture_icon_gives_nothing_with_three_cards_in_hand():
    s = pos(lab=OLD_DUAL, subjects={"J": [1, 0], "A": [1, 1]},
            hands=[["greg", "cube", "fact"], []], step="activate")
    s = s.apply("activate J")
    assert "card" not in opts(s)
    s = run(s, "subject A", "subject A")
    assert s.decision == "recycle" and s.hand_size(0) == 3


def test_an_icon_whose_supply_is_empty_gives_nothing():
    s = pos(subjects={"E": [2, 0], "A": [6, 1]}, step="activate")
    assert s.supply(0) == 0
    s = s.apply("activate E")
    assert opts(s) == ["cake A", "cake F", "cake K"]
    s = s.apply("cake A")
    assert s.decision == "recycle"
    s = pos(subjects={"E": [2, 0], "A": [1, 1]}, cake={"B": [8, 0]}, step="activate")
    s = s.apply("activate E")
    assert opts(s) == ["subject A", "subject F", "subject K"]


def test_companion_cube_icon_places_the_cube_in_any_chamber_or_leaves_it():
    s = pos(lab=OLD_DUAL, subjects={"O": [1, 0], "A": [1, 1]}, cube="B", step="activate")
    s = s.apply("activate O")  # O' pays cq
    cube = [a for a in opts(s) if a.startswith("cube")]
    assert len(cube) == 14 + 1 and "cube B" not in cube and "cube stay" in cube
    assert "cube O" in cube  # any chamber: the activated one too
    s = s.apply("cube H")
    assert s.chamber("H").cube and not s.chamber("B").cube


def test_companion_cube_blocks_the_rewards_of_its_chamber():
    s = pos(subjects={"E": [2, 0], "A": [1, 1]}, cube="E", step="activate")
    s = s.apply("activate E")
    assert s.decision == "recycle"


def test_turret_icon_moves_the_turret_to_an_adjacent_chamber_or_leaves_it():
    s = pos(subjects={"J": [1, 0], "A": [1, 1]}, turret="H", step="activate")
    s = s.apply("activate J")  # J pays ct
    assert [a for a in opts(s) if a.startswith("turret")] == [
        "turret C", "turret D", "turret G", "turret I", "turret M", "turret N", "turret stay"]


def test_turret_not_in_the_lab_must_be_delivered_to_a_new_edge_chamber():
    s = pos(subjects={"J": [1, 0], "A": [1, 1], "F": [1, 2]}, step="activate")
    s = s.apply("activate J")
    assert [a for a in opts(s) if a.startswith("turret")] == [
        "turret A", "turret F", "turret K"]
    s = run(s, "turret F")
    assert s.chamber("F").turret
    assert subs(s, "F") == (0, 0)  # it fires on arrival
    assert s.supply(1) == 8 - 1  # only the one in A is left


def test_turret_destroys_every_subject_where_it_arrives_but_no_cake():
    s = pos(subjects={"J": [1, 0], "A": [1, 1], "G": [2, 3]}, cake={"G": [1, 1]},
            turret="H", step="activate")
    s = run(s, "activate J", "turret G")
    assert subs(s, "G") == (0, 0) and cake(s, "G") == (1, 1)
    assert s.supply(0) == 8 - 2 and s.supply(1) == 8 - 1


def test_subject_delivered_into_the_turrets_chamber_is_destroyed_at_once():
    s = pos(subjects={"E": [2, 0], "F": [1, 1]}, turret="A", step="activate")
    s = run(s, "activate E", "subject A", "cake A")
    assert subs(s, "A") == (0, 0) and cake(s, "A") == (1, 0)
    assert s.supply(0) == 5


BRIDGE = """
x=10 A B
F G H I J
K L M N O P Q R
"""  # the top row hangs on J alone


def test_old_edge_chamber_whose_pick_up_would_split_the_lab_cannot_be_activated():
    s = pos(lab=BRIDGE, subjects={"F": [1, 1], "A": [1, 1]}, step="activate")
    assert opts(s) == ["activate B", "activate R"]
    refused(s, "activate J", "break the lab in two")


SPLIT = """
A B C D E
F G H I J
x=20 K L M N O
"""  # already in two pieces: no old-edge chamber keeps it whole


def test_connectedness_fallback_lets_any_old_edge_chamber_be_activated():
    s = pos(lab=SPLIT, subjects={"F": [1, 1], "K": [1, 1]}, step="activate")
    assert opts(s) == ["activate E", "activate J", "activate O"]
    s = run(s, "activate J", "recycle middle")
    assert not s.is_over and s.turn == 1
    assert s.chamber("J").x == -1 and s.chamber("J").row == 1


def test_card_earned_in_another_players_turn_is_deployable_in_the_earners_next_turn():
    s = pos(lab=OLD_DUAL, subjects={"J": [0, 1], "A": [1, 1]}, step="activate")
    s = run(s, "activate J", "card")
    card = s.hand(1)[0]
    assert s.current_player == 1 and s.fresh(1) == 1
    s = run(s, "subject A", "subject A", "recycle top")
    assert s.turn == 1 and s.phase == "deploy"
    assert opts(s)[:2] == [f"play {card}", f"gun {card}"]


def test_majority_among_four_divisions():
    s = pos(4, subjects={"E": [1, 2, 3, 2], "A": [1, 1, 1, 1]}, step="activate", turn=3)
    s = s.apply("activate E")
    assert s.current_player == 2 and s.turn == 3
    s = pos(4, subjects={"E": [3, 0, 3, 1], "A": [1, 1, 1, 1]}, step="activate", turn=3)
    assert s.apply("activate E").decision == "recycle"
    s = run(s, "activate E", "recycle top")
    assert s.turn == 0 and s.turn_number == 2
