"""Every card: its Aperture action (deployed) and its Character (on top of the pile)."""

from __future__ import annotations

import pytest
from cakegame import Rule, Termination
from cakegame.content import CARD_IDS, CARDS
from enginehelp import LAB, cake, opts, pos, refused, run, subs

NON_OLD = list("ABCDFGHIKLMN")  # the standard lab's chambers off the old edge


def character(card: str, **kw):
    """A position with `card` on top of the discard pile (its Character active)."""
    return pos(discard=[card], **kw)


def test_the_twenty_cards_each_have_an_action_and_a_character():
    assert len(CARDS) == 20 and len(set(CARD_IDS)) == 20
    assert len({c.rule for c in CARDS}) == 20
    for c in CARDS:
        assert c.effects and c.action_text and c.character_text


# ---------------------------------------------------------------- Wheatley


def test_wheatley_extra_move_moves_another_group_without_bonus():
    s = pos(hands=[["wheatley", "greg"], []])
    s = s.apply("play wheatley")
    assert s.decision == "move" and s.phase == "deploy"
    s = run(s, "from F", "to G", "count 1")
    assert s.phase == "deploy" and s.decision == "deploy"  # no bonus for it
    assert s.supply(0) == 4 and s.hand(0) == ("greg",)
    assert subs(s, "G") == (1, 0)


def test_wheatley_brilliant_plan_activates_and_recycles_before_moving():
    s = character("wheatley")
    assert s.phase == "activate"
    s = run(s, "activate E", "recycle top")
    assert s.phase == "move" and s.turn == 0
    s = run(s, "from F", "to G", "count 2")
    assert s.turn == 1 and s.phase == "activate"


def test_wheatley_brilliant_plan_says_why_the_activation_comes_first():
    """Ending the deploy step went straight to the activation, and a play-tester took the
    move step for skipped: the prompt says why, until the move step has come."""
    s = character("wheatley")
    assert s.prompt().endswith("activate (Brilliant Plan: before moving)")
    s = run(s, "activate E", "recycle top")
    assert "Brilliant Plan" not in s.prompt()


def test_wheatley_step_order_applies_when_the_deploy_step_ends():
    s = pos(hands=[["wheatley"], []])
    s = run(s, "play wheatley", "from F", "to G", "count 2")
    assert s.character.id == "wheatley" and s.phase == "activate"
    s = character("wheatley", hands=[["greg"], []])
    s = run(s, "play greg", "subject A")  # Wheatley is covered: the usual order
    assert s.phase == "move"


# ---------------------------------------------------------------- Rat Man


def test_ratman_hidden_den_moves_one_portal_off_the_old_edge_then_delivers_a_subject():
    s = pos(hands=[["ratman"], []]).apply("play ratman")
    assert s.decision == "shift"
    assert opts(s) == [f"shift E {x}" for x in NON_OLD] + [f"shift O {x}" for x in NON_OLD]
    refused(s, "shift E J", "not possible")
    refused(s, "shift E O", "not possible")
    s = s.apply("shift O C")
    assert [c.letter for c in s.chambers() if c.portal] == ["C", "E"]
    assert opts(s) == ["subject A", "subject F", "subject K"]
    s = s.apply("subject F")
    assert subs(s, "F") == (3, 2) and s.supply(0) == 3
    assert s.discard == ("ratman",)


def test_ratman_hidden_den_with_an_empty_supply_still_shifts_the_portal():
    s = pos(subjects={"A": [4, 1], "F": [4, 1]}, hands=[["ratman"], []])
    assert s.supply(0) == 0
    s = run(s, "play ratman", "shift O C")
    assert s.discard == ("ratman",) and s.supply(0) == 0 and subs(s, "F") == (4, 1)


def test_ratman_boarded_up_makes_portal_chambers_not_adjacent():
    s = character("ratman", step="move")
    assert s.move_targets("E") == ["D", "I", "J"]
    assert pos(step="move").move_targets("E") == ["D", "I", "J", "O"]


# ---------------------------------------------------------------- Greg


def test_greg_new_recruit_delivers_a_subject_to_the_new_edge():
    s = pos(hands=[["greg"], []]).apply("play greg")
    assert opts(s) == ["subject A", "subject F", "subject K"]
    s = s.apply("subject K")
    assert subs(s, "K") == (2, 1) and s.supply(0) == 3


def test_greg_pep_talk_moving_one_or_two_subjects_earns_the_bonus():
    s = character("greg", subjects={"H": [3, 0], "A": [1, 1]}, step="move")
    assert run(s, "from H", "to I", "count 2").decision == "bonus"
    assert run(s, "from H", "to I", "count 1").decision == "bonus"
    assert run(s, "from H", "to I", "count 3").decision == "activate"


# ---------------------------------------------------------------- Opera Turret


def test_opera_aria_steps_the_turret_then_fires_into_one_adjacent_chamber():
    s = pos(subjects={"A": [1, 1], "G": [2, 1], "M": [1, 1]}, hands=[["opera"], []],
            turret="H")
    s = s.apply("play opera")
    assert opts(s) == ["turret C", "turret D", "turret G", "turret I", "turret M",
                       "turret N", "turret stay"]
    s = s.apply("turret stay")
    assert opts(s) == ["fire C", "fire D", "fire G", "fire I", "fire M", "fire N"]
    s = s.apply("fire G")
    assert subs(s, "G") == (0, 0) and subs(s, "M") == (1, 1)
    assert (s.supply(0), s.supply(1)) == (8 - 2, 8 - 2)
    assert s.chamber("H").turret and s.discard == ("opera",)


def test_opera_aria_brings_the_turret_to_a_new_edge_and_fires_from_there():
    s = pos(subjects={"A": [1, 1], "B": [1, 0], "F": [2, 2], "K": [1, 1]},
            hands=[["opera"], []])
    s = s.apply("play opera")
    assert opts(s) == ["turret A", "turret F", "turret K"]
    s = s.apply("turret A")  # the Turret destroys whoever is there as it arrives
    assert subs(s, "A") == (0, 0) and s.chamber("A").turret
    assert opts(s) == ["fire B", "fire F"]
    s = s.apply("fire B")
    assert subs(s, "B") == (0, 0) and subs(s, "F") == (2, 2)


def test_opera_grand_finale_six_cake_in_all_three_rows_wins_at_the_end_of_the_turn():
    s = character("opera", cake={"A": [2, 0], "G": [2, 0], "K": [2, 0]}, step="activate")
    s = run(s, "activate J", "recycle top")
    assert s.is_over
    assert s.outcome.reason is Termination.OPERA and s.outcome.winners == (0,)


def test_opera_grand_finale_needs_all_three_rows_and_six_cake():
    s = character("opera", cake={"A": [3, 0], "G": [3, 0]}, step="activate")
    assert not run(s, "activate J", "recycle top").is_over
    s = character("opera", cake={"A": [2, 0], "G": [2, 0], "K": [1, 0]}, step="activate")
    assert not run(s, "activate J", "recycle top").is_over


def test_opera_grand_finale_counts_only_for_the_player_whose_turn_ends():
    s = character("opera", cake={"A": [0, 2], "G": [0, 2], "K": [0, 2]}, step="activate")
    s = run(s, "activate J", "recycle top")
    assert not s.is_over and s.turn == 1


# ---------------------------------------------------------------- GLaDOS


def test_glados_neurotoxin_destroys_one_subject_where_you_have_one_even_your_own():
    s = pos(subjects={"A": [1, 1], "F": [2, 2], "K": [1, 0], "H": [0, 3]},
            hands=[["glados"], []])
    s = s.apply("play glados")
    assert opts(s) == ["destroy A 0", "destroy A 1", "destroy F 0", "destroy F 1",
                       "destroy K 0"]
    t = s.apply("destroy F 1")
    assert subs(t, "F") == (2, 1) and t.supply(1) == 8 - 5
    t = s.apply("destroy F 0")
    assert subs(t, "F") == (1, 2) and t.supply(0) == 8 - 3


def test_glados_underdog_protocol_rewards_the_fewest_subjects():
    s = character("glados", subjects={"E": [1, 3], "A": [1, 1]}, step="activate")
    s = s.apply("activate E")
    assert s.decision == "reward" and s.current_player == 0


def test_glados_underdog_protocol_rewards_a_lone_division_and_no_tie():
    s = character("glados", subjects={"E": [0, 2], "A": [1, 1]}, step="activate")
    assert s.apply("activate E").current_player == 1
    s = pos(3, discard=["glados"], subjects={"E": [1, 1, 3], "A": [1, 1, 1]},
            step="activate")
    assert s.apply("activate E").decision == "recycle"


# ---------------------------------------------------------------- Cave Johnson


def test_cave_johnson_corporate_bonus_delivers_a_cake_slice():
    s = pos(hands=[["cave"], []]).apply("play cave")
    assert opts(s) == ["cake A", "cake F", "cake K"]
    s = s.apply("cake F")
    assert cake(s, "F") == (1, 0) and s.cake_supply(0) == 7


def test_cave_johnson_corporate_bonus_with_no_cake_left_says_so():
    # All eight of Orange's Cake Slices are in the lab: the card delivers nothing, and the
    # events say why (a play-tester saw the card "do nothing at all").
    s = pos(hands=[["cave"], []], cake={"B": [8, 0]}).apply("play cave")
    assert s.cake_supply(0) == 0 and s.decision != "reward"
    told = [e for e in s.events if e.kind.value == "cake_none_left"]
    assert len(told) == 1 and told[0].seat == 0 and told[0].cause == "cave"
    assert str(told[0]).endswith("1 Cake Slice owed to Orange by Corporate Bonus (Cave Johnson) "
                                 "is not delivered: none left in the supply")


def test_second_chance_with_one_test_subject_left_delivers_it_and_says_the_other_is_owed():
    # Morality Core's Second Chance delivers two Test Subjects; Orange has one left in its
    # supply (seven in the lab): one is delivered, the second told as owed and not delivered.
    from cakegame.events import short

    s = pos(hands=[["morality"], []], subjects={"A": [6, 1], "F": [1, 1]}).apply("play morality")
    assert s.supply(0) == 1 and s.decision == "reward"
    s = s.apply(opts(s)[0])
    assert s.supply(0) == 0 and s.decision != "reward"
    told = [e for e in s.events if e.kind.value == "subjects_none_left"]
    assert len(told) == 1 and told[0].count == 1 and told[0].cause == "morality"
    assert short(told[0]) == "1 Orange Test Subject owed, not delivered (none left)"
    # Nothing is said while the supply can pay.
    s = pos(hands=[["morality"], []]).apply("play morality")
    s = s.apply(opts(s)[0])
    s = s.apply(opts(s)[0])
    assert s.supply(0) == 2
    assert not [e for e in s.events if e.kind.value.endswith("_none_left")]


def test_cave_johnson_combustible_lemons_burns_own_cake_for_a_bonus_once_per_deploy():
    s = character("cave", cake={"B": [2, 1], "C": [0, 1]}, hands=[["greg"], []])
    assert opts(s) == ["play greg", "gun greg", "burn B", "end"]
    s = s.apply("burn B")
    assert s.decision == "bonus" and s.incinerated(0) == 1 and cake(s, "B") == (1, 1)
    s = s.apply("bonus card")
    assert opts(s) == ["play greg", "gun greg", "end"]  # once; the new card is fresh
    # The card is told as the burn's, not a move's bonus ("+2 cards as a bonus" had counted
    # it with one).
    taken = [e for e in s.events if e.kind.value == "card_taken"]
    assert [e.cause for e in taken] == ["lemons"]
    assert str(taken[0]).endswith(" for a burnt Cake Slice (Combustible Lemons)")


def test_cave_johnson_burn_alone_opens_the_deploy_step_and_counts_as_incinerated():
    s = character("cave", cake={"B": [1, 0]}, burned=[7, 0])
    assert s.phase == "deploy" and opts(s) == ["burn B", "end"]
    s = s.apply("burn B")
    assert s.is_over and s.outcome.reason is Termination.CAKE_INCINERATED


# ---------------------------------------------------------------- Chell


def test_chell_two_holes_places_both_portals_old_edges_included():
    s = pos(hands=[["chell"], []]).apply("play chell")
    assert len(opts(s)) == 15 and "portal J" in opts(s)
    s = s.apply("portal J")
    assert "portal J" not in opts(s)
    s = s.apply("portal A")
    assert [c.letter for c in s.chambers() if c.portal] == ["A", "J"]


def test_chell_long_fall_boots_leap_two_chambers_along_the_row_for_subjects_only():
    s = character("chell", subjects={"H": [1, 0], "J": [1, 1]}, turret="H",
                  step="move", portals=("B", "L"))
    assert s.move_targets("H") == ["C", "D", "F", "G", "I", "J", "M", "N"]
    assert s.move_targets("A") == ["B", "C", "F"]
    s = run(s, "from J", "to I", "count 1", "bonus card", "activate J")
    turret = [a for a in opts(s) if a.startswith("turret")]
    assert turret == ["turret C", "turret D", "turret G", "turret I", "turret M",
                      "turret N", "turret stay"]


# ---------------------------------------------------------------- Companion Cube


def test_companion_cube_faithful_friend_places_the_cube_then_takes_a_card():
    s = pos(hands=[["cube"], []]).apply("play cube")
    # Both parts are open at once, in the order the player likes.
    assert opts(s) == [f"cube {x}" for x in LAB.split()] + ["cube stay", "card"]
    top = s.deck_top
    s = s.apply("cube O")
    assert s.chamber("O").cube
    assert s.decision == "reward" and opts(s) == ["card"]
    s = s.apply("card")
    assert s.hand(0) == (top,) and s.discard == ("cube",)


def test_companion_cube_best_friend_the_cube_no_longer_blocks_rewards():
    s = character("cube", subjects={"E": [2, 0], "A": [1, 1]}, cube="E", step="activate")
    assert s.apply("activate E").decision == "reward"


# ---------------------------------------------------------------- Space Core


def test_space_core_drift_moves_the_turret_or_brings_it_to_a_new_edge():
    s = pos(hands=[["space"], []], turret="H").apply("play space")
    assert opts(s) == ["turret C", "turret D", "turret G", "turret I", "turret M",
                       "turret N", "turret stay"]
    s = pos(hands=[["space"], []]).apply("play space")
    assert opts(s) == ["turret A", "turret F", "turret K"]
    s = s.apply("turret F")
    assert s.chamber("F").turret and subs(s, "F") == (0, 0)


def test_space_core_space_race_a_tie_goes_to_the_player_whose_turn_it_is():
    s = character("space", subjects={"E": [2, 2], "A": [1, 1]}, step="activate")
    assert s.apply("activate E").current_player == 0
    s = character("space", subjects={"E": [2, 2], "A": [1, 1]}, step="activate", turn=1)
    assert s.apply("activate E").current_player == 1
    s = pos(3, discard=["space"], subjects={"E": [0, 2, 2], "A": [1, 1, 1]},
            step="activate")
    assert s.apply("activate E").decision == "recycle"


# ---------------------------------------------------------------- Fact Core


def test_fact_core_trivia_night_takes_two_cards_up_to_the_hand_limit():
    s = pos(hands=[["fact"], []], deck=[c for c in CARD_IDS if c != "fact"])
    s = run(s, "play fact", "card", "card")
    assert s.hand(0) == ("wheatley", "ratman") and s.fresh(0) == 2
    s = pos(hands=[["fact", "greg", "cube"], []])
    s = run(s, "play fact", "card")
    assert s.hand_size(0) == 3 and s.decision == "deploy" and s.discard == ("fact",)


def test_fact_core_cake_facts_each_cake_icon_earns_two():
    s = character("fact", subjects={"E": [2, 0], "A": [1, 1]}, step="activate")
    s = run(s, "activate E", "cake A", "cake A", "subject A", "subject A")
    assert cake(s, "A") == (2, 0) and s.decision == "recycle"


# ---------------------------------------------------------------- Adventure Core


def test_adventure_core_shove_moves_another_divisions_group_its_owner_picks_the_cake():
    s = pos(3, subjects={"A": [1, 1, 0], "F": [2, 2, 2], "K": [1, 0, 1]},
            cake={"F": [1, 0, 1]}, hands=[["adventure"], [], []])
    s = s.apply("play adventure")
    assert opts(s) == ["from A 1", "from F 1", "from F 2", "from K 2"]
    s = run(s, "from F 2", "to G")
    assert opts(s) == ["count 1", "count 2"]
    s = s.apply("count 1")
    assert s.decision == "carry" and s.current_player == 2
    s = s.apply("carry 0")
    assert subs(s, "G") == (0, 0, 1) and cake(s, "G") == (1, 0, 0)
    assert s.current_player == 0 and s.phase == "move"  # no bonus for a forced move
    assert s.hand_size(0) == 0 and s.supply(0) == 4


def test_adventure_core_light_packing_subjects_carry_no_cake():
    s = character("adventure", subjects={"F": [2, 0], "A": [1, 1]}, cake={"F": [1, 1]},
                  step="move")
    s = run(s, "from F", "to G", "count 2")
    assert s.decision == "activate"
    assert cake(s, "F") == (1, 1) and cake(s, "G") == (0, 0)


# ---------------------------------------------------------------- Morality Core


def test_morality_core_second_chance_delivers_two_subjects():
    s = pos(hands=[["morality"], []]).apply("play morality")
    s = run(s, "subject A", "subject K")
    assert subs(s, "A") == (2, 1) and subs(s, "K") == (2, 1) and s.supply(0) == 2
    s = pos(subjects={"A": [7, 1]}, hands=[["morality"], []])
    s = run(s, "play morality", "subject F")
    assert s.supply(0) == 0 and s.phase == "move"  # the second had nothing to pay


def test_morality_core_safety_regulations_recycled_cake_goes_back_to_its_owner():
    s = character("morality", subjects={"E": [1, 1], "A": [1, 1]}, cake={"E": [2, 1]},
                  step="activate")
    s = run(s, "activate E", "recycle top")
    assert (s.incinerated(0), s.incinerated(1)) == (0, 0)
    assert (s.cake_supply(0), s.cake_supply(1)) == (8, 8)


# ---------------------------------------------------------------- Curiosity Core


def test_curiosity_core_whats_this_takes_a_card_and_delivers_a_subject_in_any_order():
    s = pos(hands=[["curiosity"], []]).apply("play curiosity")
    assert opts(s) == ["card", "subject A", "subject F", "subject K"]
    s = run(s, "subject A", "card")
    assert s.hand_size(0) == 1 and s.fresh(0) == 1 and s.supply(0) == 3
    assert s.phase == "move"  # the new card cannot be deployed: the deploy step ends


def test_curiosity_core_distracted_moving_a_single_subject_earns_nothing():
    s = character("curiosity", step="move")
    s = run(s, "from F", "to G", "count 1")
    assert s.decision == "activate"


# ---------------------------------------------------------------- Anger Core


def test_anger_core_hostile_takeover_puts_the_turret_off_the_old_edge_and_fires():
    s = pos(hands=[["anger"], []]).apply("play anger")
    assert opts(s) == [f"turret {x}" for x in NON_OLD]
    s = s.apply("turret F")
    assert s.chamber("F").turret and subs(s, "F") == (0, 0)
    assert s.supply(0) == 6 and s.supply(1) == 6


def test_anger_core_crowd_control_groups_move_at_most_two_forced_ones_too():
    s = character("anger", subjects={"F": [3, 3], "A": [1, 1]}, step="move")
    s = run(s, "from F", "to G")
    assert opts(s) == ["count 1", "count 2"]
    s = character("anger", subjects={"F": [3, 3], "A": [1, 1]}, hands=[["adventure"], []])
    s = run(s, "play adventure", "from F 1", "to G")
    assert opts(s) == ["count 1", "count 2"]


# ---------------------------------------------------------------- Caroline


def test_caroline_double_shift_moves_two_more_groups_without_bonus():
    s = pos(hands=[["caroline"], []])
    s = run(s, "play caroline", "from F", "to G", "count 1")
    assert s.decision == "move" and s.phase == "deploy"
    s = run(s, "from A", "to B", "count 1")
    assert s.phase == "move" and s.supply(0) == 4 and s.hand_size(0) == 0
    assert subs(s, "G") == (1, 0) and subs(s, "B") == (1, 0)


NARROW = """
A B C D E F
G H I J K L M
N O
"""

LONE = """
x=8 O
A B C D E F G
H I J K L M N
"""


def test_caroline_cost_cutting_a_recycled_chamber_keeps_its_face():
    s = character("caroline", step="activate")
    face = s.chamber("E").face
    s = run(s, "activate E", "recycle top")
    assert s.chamber("E").face == face and s.chamber("E").new_edge
    s = run(pos(step="activate"), "activate E", "recycle top")  # without it: flipped
    assert s.chamber("E").face == 1 - face


def test_caroline_cost_cutting_leaves_the_rule_on_short_rows_as_printed():
    # Caroline's Character used to let a chamber leave a short row (Open Floor Plan); rows
    # then shrank to one chamber that went round and round. Now a short row still takes it.
    s = character("caroline", lab=NARROW, subjects={"A": [1, 1], "G": [1, 1]},
                  step="activate")
    assert opts(s.apply("activate F")) == ["recycle bottom"]  # the row of two


# ---------------------------------------------------------------- Atlas


def test_atlas_tandem_step_forces_another_group_then_moves_one_of_yours():
    s = pos(hands=[["atlas"], []])
    s = run(s, "play atlas", "from F 1", "to G", "count 2")
    assert s.decision == "move" and s.pending["own"] is True
    s = run(s, "from K", "to L", "count 1")
    assert subs(s, "G") == (0, 2) and subs(s, "L") == (1, 0)
    assert s.phase == "move" and s.supply(0) == 4


def test_atlas_wraparound_top_and_bottom_rows_touch_for_subjects_only():
    s = character("atlas", subjects={"A": [1, 1], "F": [2, 2], "K": [1, 1]}, turret="A",
                  step="move", portals=("C", "H"))
    assert s.move_targets("A") == ["B", "F", "K"]
    assert s.move_targets("M") == ["C", "G", "H", "L", "N"]
    assert s.move_targets("G") == ["B", "C", "F", "H", "L", "M"]
    s = pos(subjects={"J": [1, 0], "F": [1, 1]}, discard=["atlas"], turret="A",
            step="activate").apply("activate J")
    assert [a for a in opts(s) if a.startswith("turret")] == [
        "turret B", "turret F", "turret stay"]


# ---------------------------------------------------------------- P-body


def test_pbody_portal_dash_shifts_a_portal_then_moves_a_group():
    s = pos(hands=[["pbody"], []])
    s = run(s, "play pbody", "shift E B")
    assert s.decision == "move"
    s = run(s, "from A", "to B", "count 1")  # not through the portal: plain adjacency
    assert s.phase == "move" and s.supply(0) == 4
    assert [c.letter for c in s.chambers() if c.portal] == ["B", "O"]
    assert s.move_targets("B") == ["A", "C", "F", "G", "O"]
    s = run(pos(hands=[["pbody"], []]), "play pbody", "shift E K", "from K", "to O", "count 1")
    assert subs(s, "O") == (1, 0)  # the shifted Portal serves the move that follows


def test_pbody_heavy_lifting_each_subject_may_carry_two_cake():
    s = character("pbody", subjects={"H": [1, 0], "A": [1, 1]}, cake={"H": [2, 1]},
                  step="move")
    s = run(s, "from H", "to I", "count 1", "carry 0", "carry 1")
    assert cake(s, "I") == (1, 1) and cake(s, "H") == (1, 0)
    assert s.decision == "bonus"


# ---------------------------------------------------------------- Party Escort Bot


def test_escort_party_invitation_forces_two_groups_one_after_the_other():
    s = pos(3, subjects={"A": [1, 1, 1], "F": [2, 2, 2], "K": [1, 1, 1]},
            hands=[["escort"], [], []])
    s = run(s, "play escort", "from F 1", "to G", "count 2")
    assert s.decision == "move" and s.pending["own"] is False
    s = run(s, "from K 2", "to L", "count 1")
    assert subs(s, "G") == (0, 2, 0) and subs(s, "L") == (0, 0, 1)
    assert s.phase == "move" and s.current_player == 0


def test_escort_surprise_each_subject_icon_earns_two():
    s = character("escort", subjects={"E": [2, 0], "A": [1, 1]}, step="activate")
    s = run(s, "activate E", *["subject A"] * 4, "cake A")
    assert subs(s, "A") == (5, 1) and s.decision == "recycle"


# ---------------------------------------------------------------- Frankenturret


def test_frankenturret_waddle_moves_the_turret_up_to_two_steps():
    s = pos(subjects={"A": [1, 1], "F": [2, 2], "K": [1, 1]}, hands=[["frankenturret"], []],
            turret="H")
    s = run(s, "play frankenturret", "turret G")
    assert opts(s) == ["turret B", "turret C", "turret F", "turret H", "turret L",
                       "turret M", "turret stay"]
    s = s.apply("turret F")
    assert s.chamber("F").turret and subs(s, "F") == (0, 0)
    assert s.discard == ("frankenturret",)


def test_frankenturret_waddle_puts_an_absent_turret_on_a_new_edge_first():
    s = pos(hands=[["frankenturret"], []]).apply("play frankenturret")
    assert opts(s) == ["turret A", "turret F", "turret K"]
    s = s.apply("turret F")
    assert s.chamber("F").turret
    assert "turret stay" in opts(s)  # the second step may stop
    s = s.apply("turret stay")
    assert s.discard == ("frankenturret",) and s.phase == "move"


def test_frankenturret_cardboard_box_the_turret_destroys_nothing():
    s = character("frankenturret", subjects={"F": [2, 0], "A": [1, 1]}, turret="G",
                  step="move")
    s = run(s, "from F", "to G", "count 2")
    assert subs(s, "G") == (2, 0)
    s = character("frankenturret", subjects={"G": [2, 1], "A": [1, 1]},
                  hands=[["space"], []], turret="H")
    s = s.apply("play space")
    d = s.apply("turret G")  # Drift ends with the Turret in G, still disarmed ...
    assert s.apply("turret G").discard == ("frankenturret", "space")
    assert subs(d, "G") == (0, 0)  # ... until Space Core covers the Box: it fires at once


def test_frankenturret_disarmed_turret_lets_aria_fizzle():
    s = character("frankenturret", subjects={"G": [1, 1], "A": [1, 1]},
                  hands=[["opera"], []], turret="H")
    s = run(s, "play opera", "turret stay")
    assert s.discard == ("frankenturret", "opera") and s.phase == "move"
    assert subs(s, "G") == (1, 1)


def test_frankenturret_rearmed_turret_destroys_everyone_in_its_chamber_at_once():
    s = character("frankenturret", subjects={"G": [2, 1], "F": [1, 1]},
                  hands=[["greg"], []], turret="G")
    s = s.apply("play greg")
    assert subs(s, "G") == (2, 1)  # the Box still rules while Greg's action is carried out
    s = s.apply("subject A")  # then Greg covers the Frankenturret: the Turret is armed
    assert s.rule is Rule.BONUS_UP_TO_TWO
    assert subs(s, "G") == (0, 0)


# ---------------------------------------------------------------- The Announcer


def test_announcer_scheduled_maintenance_places_the_cube_then_moves_a_group():
    s = pos(hands=[["announcer"], []])
    s = run(s, "play announcer", "cube H")
    assert s.chamber("H").cube and s.decision == "move"
    s = run(s, "from F", "to G", "count 1")
    assert s.supply(0) == 4 and s.phase == "move"


def test_announcer_overtime_each_player_moves_two_groups_in_the_move_step():
    s = character("announcer", step="move")
    # Each of the two moves says which it is (the second read as the first again).
    assert s.prompt().endswith("from (Overtime: the first of two moves)")
    s = run(s, "from F", "to G", "count 2")
    assert s.decision == "move" and s.phase == "move"
    assert s.prompt().endswith("from (Overtime: the second move)")
    s = run(s, "from A", "to B", "count 1")
    assert s.decision == "bonus"
    s = s.apply("bonus card")
    assert s.decision == "activate"


def test_announcer_overtime_applies_from_the_move_step_after_it_is_deployed():
    s = pos(hands=[["announcer"], []])
    s = run(s, "play announcer", "cube stay", "from A", "to B", "count 1")
    s = run(s, "from F", "to G", "count 2")
    assert s.decision == "move"


@pytest.mark.parametrize("card", CARD_IDS)
def test_every_card_can_fire_the_portal_gun_instead(card):
    s = pos(hands=[[card], []], lab=LAB)
    s = run(s, f"gun {card}", "portal B", "portal L")
    assert s.discard == (card,)
    assert [c.letter for c in s.chambers() if c.portal] == ["B", "L"]
