"""The end of the game: when it comes (at once, even mid-turn), and who wins."""

from __future__ import annotations

import json

from cakegame import State, Termination
from enginehelp import opts, pos, refused, run


def test_game_ends_at_once_when_a_division_has_no_subjects_in_the_lab():
    s = pos(subjects={"E": [1, 1], "A": [1, 0]}, cake={"B": [1, 2]}, step="activate")
    s = run(s, "activate E", "recycle top")
    assert s.is_over
    o = s.outcome
    assert o.reason is Termination.NO_SUBJECTS and o.seat == 1
    assert o.winners == (1,)  # most cake in the lab wins, even with no subjects left
    assert o.cake == (1, 2) and o.subjects == (1, 0)


def test_game_ends_mid_turn_when_a_card_leaves_a_division_without_subjects():
    s = pos(subjects={"A": [1, 0], "G": [0, 2]}, hands=[["opera"], []], turret="H")
    s = run(s, "play opera", "turret stay", "fire G")
    assert s.is_over and s.outcome.reason is Termination.NO_SUBJECTS
    assert s.outcome.seat == 1
    assert s.discard == ("opera",)
    assert s.current_player is None and s.phase is None


def test_card_cut_short_by_the_end_still_goes_onto_the_discard_pile():
    s = pos(subjects={"A": [1, 0], "F": [0, 3]}, hands=[["atlas"], []], turret="G")
    s = run(s, "play atlas", "from F 1", "to G", "count 3")  # its own move never comes
    assert s.is_over and s.outcome.seat == 1
    assert s.discard == ("atlas",) and s.hand(0) == ()


def test_game_ends_at_once_when_a_division_has_all_eight_cake_incinerated():
    s = pos(subjects={"E": [1, 1], "A": [1, 1]}, cake={"E": [1, 0], "B": [0, 1]},
            burned=[7, 0], step="activate")
    e = s.chamber("E")
    s = run(s, "activate E", "recycle top")
    assert s.is_over
    assert s.outcome.reason is Termination.CAKE_INCINERATED and s.outcome.seat == 0
    assert s.outcome.winners == (1,)
    # At once: the recycle goes no further, the chamber neither flipped nor moved.
    after = s.chamber("E")
    assert (after.row, after.x, after.face) == (e.row, e.x, e.face) and after.glados


def test_winner_has_the_most_cake_slices_in_the_lab_not_in_supply():
    s = pos(3, subjects={"E": [1, 1, 1], "A": [1, 0, 1], "F": [0, 1, 0]},
            cake={"B": [2, 3, 0], "C": [2, 0, 0]}, step="activate")
    s = run(s, "activate E", "recycle top")
    assert not s.is_over
    s = pos(3, subjects={"E": [1, 1, 1], "A": [1, 1, 0]},
            cake={"B": [2, 3, 0], "C": [2, 0, 0]}, step="activate")
    s = run(s, "activate E", "recycle top")
    assert s.is_over and s.outcome.winners == (0,)
    assert s.outcome.cake == (4, 3, 0)


def test_cake_tie_is_won_by_the_most_subjects_in_the_lab():
    s = pos(3, subjects={"E": [1, 1, 1], "A": [1, 2, 0], "F": [2, 0, 0]},
            cake={"B": [2, 2, 1]}, step="activate")
    s = run(s, "activate E", "recycle top")
    assert s.outcome.winners == (0,)
    assert s.outcome.subjects == (3, 2, 0)


def test_a_tie_after_cake_and_subjects_is_a_shared_win():
    s = pos(3, subjects={"E": [1, 1, 1], "A": [2, 2, 0]}, cake={"B": [2, 2, 1]},
            step="activate")
    s = run(s, "activate E", "recycle top")
    assert s.outcome.winners == (0, 1)


def test_leaders_are_who_would_win_if_the_game_ended_now():
    """`State.leaders()`: the usual count (cake in the lab, then subjects there) at any
    moment, and once the game is over its winners, an alternative win included."""
    s = pos(3, subjects={"E": [1, 1, 1], "A": [1, 2, 0], "F": [2, 0, 0]},
            cake={"B": [2, 2, 1]}, step="activate")
    assert s.leaders() == (0,)  # 2, 2, 1 cake; 4 subjects against 3
    s = pos(3, subjects={"E": [1, 1, 1], "A": [1, 1, 1]}, cake={"B": [2, 2, 1]},
            step="activate")
    assert s.leaders() == (0, 1)
    s = pos(3, subjects={"E": [1, 1, 1]}, cake={"B": [0, 0, 3]}, step="activate")
    assert s.leaders() == (2,)
    over = run(pos(3, subjects={"E": [1, 1, 1], "A": [1, 2, 0], "F": [2, 0, 0]},
                   cake={"B": [2, 2, 1]}, step="activate"), "activate E", "recycle top")
    assert over.is_over and over.leaders() == over.outcome.winners == (0,)


def test_glados_stays_where_it_stood_when_the_game_ends_during_the_rewards():
    s = pos(subjects={"J": [1, 0], "A": [1, 0], "I": [0, 2]}, turret="H", step="activate")
    s = run(s, "activate J", "turret I")
    assert s.is_over and s.outcome.seat == 1
    assert s.chamber("J").glados


def test_nothing_can_be_done_once_the_game_is_over():
    s = pos(subjects={"E": [1, 1], "A": [1, 0]}, step="activate")
    s = run(s, "activate E", "recycle top")
    assert opts(s) == [] and s.current_player is None and s.decision is None
    refused(s, "activate J", "the game is over")
    assert s.prompt() == "the game is over"


def test_the_end_is_checked_for_a_hand_made_position_too():
    s = pos(subjects={"A": [1, 0]}, step="move")
    assert s.is_over and s.outcome.seat == 1


# ------------------------------------------------------- no standstill ending (docs/rules.md)


def test_no_standstill_ending_a_quiet_turn_is_counted_nowhere():
    """The rulebook has two endings (and the Opera Turret adds one); nothing counts quiet
    turns towards a third. tests/test_events.py plays 1,200 random games and checks that
    each ended in one of those ways."""
    s = pos(step="activate")
    s = run(s, "activate E", "recycle top")  # an empty chamber: nothing enters or leaves
    assert not s.is_over and s.turn == 1
    assert not {"quiet", "stirred"} & set(json.loads(s.to_json()))
    assert {t.value for t in Termination} == {"no_subjects", "cake_incinerated", "opera",
                                             "standstill"}  # the last: old saves only


def test_a_save_that_counted_quiet_turns_still_loads_without_the_count():
    d = json.loads(pos().to_json())
    d["quiet"], d["stirred"] = 19, True
    s = State.from_json(d)
    assert "quiet" not in json.loads(s.to_json()) and s == pos()


def test_a_game_saved_after_a_standstill_ending_still_loads():
    s = pos(subjects={"E": [1, 1], "A": [1, 0]}, step="activate")
    s = run(s, "activate E", "recycle top")
    d = json.loads(s.to_json())
    d["over"]["reason"], d["over"]["seat"] = "standstill", None
    assert State.from_json(d).outcome.reason is Termination.STANDSTILL
