"""A turn: its steps in order, deploying cards, the hand limit, the Portal Gun, the deck."""

from __future__ import annotations

from cakegame import rules
from cakegame.content import CARD_IDS
from enginehelp import finish_turn, opts, pos, refused, run, subs


def test_turn_steps_run_deploy_move_activate_recycle_in_order():
    s = pos(hands=[["cube"], []], step="deploy")
    seen = []
    while s.turn == 0:
        if s.phase not in seen:
            seen.append(s.phase)
        if s.decision == "recycle" and "recycle" not in seen:
            seen.append("recycle")
        acts = opts(s)
        s = s.apply("end" if "end" in acts else acts[0])
    assert seen == ["deploy", "move", "activate", "recycle"]
    assert s.turn == 1 and s.turn_number == 2


def test_play_continues_in_seat_order_and_wraps_around():
    s = pos(3, turn=2, step="activate")
    s = run(s, "activate E")
    assert s.decision == "recycle" and s.current_player == 2
    s = s.apply("recycle top")
    assert (s.turn, s.turn_number, s.current_player, s.phase) == (0, 2, 0, "move")


def test_deploy_step_is_skipped_without_cards():
    s = pos(step="deploy")
    assert s.phase == "move"
    assert s.decision == "move"


def test_deploy_step_offers_each_card_for_its_action_or_the_portal_gun_and_an_end():
    s = pos(hands=[["greg", "cube"], []], step="deploy")
    assert s.phase == "deploy" and s.current_player == 0
    assert opts(s) == ["play greg", "gun greg", "play cube", "gun cube", "end"]


def test_deploy_step_ends_by_itself_when_no_card_remains():
    s = pos(hands=[["greg"], []], step="deploy")
    s = run(s, "play greg", "subject F")
    assert s.phase == "move"
    assert "end" not in opts(s)
    assert subs(s, "F") == (3, 2)


def test_player_may_end_deploying_and_keep_cards():
    s = pos(hands=[["greg"], []], step="deploy")
    s = s.apply("end")
    assert s.phase == "move"
    assert s.hand(0) == ("greg",)
    assert s.discard == ()


def test_deployed_card_takes_its_action_first_then_goes_onto_the_discard_pile():
    s = pos(hands=[["greg", "cube"], []], step="deploy")
    s = s.apply("play greg")
    assert s.decision == "reward"
    assert s.discard == () and s.character is None
    assert s.hand(0) == ("cube",)
    s = s.apply("subject A")
    assert s.discard == ("greg",)
    assert s.character.id == "greg"
    assert s.phase == "deploy"


def test_cards_may_be_deployed_one_after_another_and_the_last_one_rules():
    s = pos(hands=[["greg", "cave"], []], step="deploy")
    s = run(s, "play cave", "cake A", "play greg", "subject A")
    assert s.discard == ("cave", "greg")
    assert s.character.id == "greg"
    assert s.phase == "move"


def test_card_received_this_turn_cannot_be_deployed():
    s = pos(hands=[["greg", "cube"], []], fresh=[1, 0], step="deploy")
    assert opts(s) == ["play greg", "gun greg", "end"]
    refused(s, "play cube", "arrived this turn")
    refused(s, "gun cube", "arrived this turn")


def test_card_earned_this_turn_is_deployable_on_the_next_turn():
    s = pos(step="move")
    s = run(s, "from A", "to B", "count 1", "bonus card")
    card = s.hand(0)[0]
    assert s.fresh(0) == 1
    s = finish_turn(s)
    assert s.fresh(0) == 0
    s = finish_turn(s)
    assert s.turn == 0 and s.phase == "deploy"
    assert f"play {card}" in opts(s)


def test_hand_over_three_cards_must_be_discarded_down_to_three():
    s = pos(hands=[[], ["greg", "cube", "fact", "space"]], step="deploy")
    assert s.decision == "discard"
    assert s.current_player == 1 and s.turn == 0
    assert opts(s) == ["discard greg", "discard cube", "discard fact", "discard space"]
    s = s.apply("discard fact")
    assert s.hand(1) == ("greg", "cube", "space")
    assert s.discard == ("fact",)
    assert s.character.id == "fact"
    assert s.current_player == 0 and s.phase == "move"


def test_discarding_a_card_received_this_turn_counts_it_off_the_fresh_ones():
    s = pos(hands=[["greg", "cube", "fact", "space"], []], fresh=[2, 0], step="deploy")
    s = s.apply("discard space")
    assert s.fresh(0) == 1
    assert opts(s) == ["play greg", "gun greg", "play cube", "gun cube", "end"]


def test_effect_with_no_possible_outcome_is_skipped_and_the_card_still_discarded():
    # New Recruit, but no Test Subject left in supply
    s = pos(subjects={"A": [4, 1], "F": [4, 1]}, hands=[["greg"], []], step="deploy")
    s = s.apply("play greg")
    assert s.discard == ("greg",)
    assert s.phase == "move"
    assert s.subjects_in_lab() == (8, 2)


def test_portal_gun_places_both_tokens_in_two_different_chambers_off_the_old_edge():
    s = pos(hands=[["greg"], []], step="deploy")
    s = s.apply("gun greg")
    assert s.decision == "portal"
    first = opts(s)
    assert "portal E" not in first and "portal J" not in first and "portal O" not in first
    assert len(first) == 12
    s = s.apply("portal C")
    assert s.chamber("E").portal and s.chamber("O").portal  # both move with the second
    assert "portal C" not in opts(s)
    refused(s, "portal C", "not possible")
    refused(s, "portal J", "not possible")
    s = s.apply("portal M")
    assert [c.letter for c in s.chambers() if c.portal] == ["C", "M"]
    assert s.discard == ("greg",)  # the card still goes onto the pile
    assert s.supply(0) == 4  # and its action was not taken
    assert s.phase == "move"


def test_portal_gun_may_put_a_token_back_where_it_was():
    s = pos(hands=[["greg"], []], portals=("B", "L"), step="deploy")
    s = run(s, "gun greg", "portal B", "portal H")
    assert [c.letter for c in s.chambers() if c.portal] == ["B", "H"]


def _deck_position(deck, discard, **kw):
    return pos(deck=deck, discard=discard, step="move", **kw)


def test_deck_is_rebuilt_from_the_discard_pile_less_its_top_card_when_the_last_is_taken():
    pile = [c for c in CARD_IDS if c not in ("greg", "cube")] + ["cube"]
    s = _deck_position(["greg"], pile)
    reveals = s.reveals
    s = run(s, "from A", "to B", "count 1", "bonus card")
    assert s.hand(0) == ("greg",)
    assert s.discard == ("cube",)
    assert s.character.id == "cube"
    assert s.deck_size == 18
    assert sorted(s.to_data()["deck"]) == sorted(pile[:-1])
    assert s.reveals == reveals + 2


def test_deck_is_rebuilt_when_a_card_is_taken_from_an_empty_deck():
    pile = [c for c in CARD_IDS if c != "cube"] + ["cube"]
    s = _deck_position([], pile)
    s = run(s, "from A", "to B", "count 1")
    assert "bonus card" in opts(s)
    s = s.apply("bonus card")
    assert len(s.hand(0)) == 1 and s.hand(0)[0] != "cube"
    assert s.discard == ("cube",)
    assert s.deck_size == 18


def test_card_gives_nothing_when_there_is_nothing_to_reshuffle():
    s = pos(step="move")
    d = s.to_data()
    d["deck"], d["discard"] = [], ["cube"]
    rules.play(d, rules.Action.parse("from A"))
    rules.play(d, rules.Action.parse("to B"))
    rules.play(d, rules.Action.parse("count 1"))
    assert [str(a) for a in rules.options(d)] == ["bonus subject A", "bonus subject F",
                                                   "bonus subject K"]


def test_a_typical_turn_sequence_from_the_rulebook():
    # Blue deploys a card, moves 2 subjects into a chamber holding 1 Red subject, activates
    # it for 2 Test Subjects and 1 Cake Slice, delivers them and recycles the chamber.
    s = pos(names=["Red", "Blue"], subjects={"A": [1, 1], "D": [0, 2], "E": [1, 0],
                                             "K": [1, 1]},
            hands=[[], ["cube"]], turn=1)
    assert s.current_player == 1 and s.phase == "deploy"
    s = run(s, "play cube", "cube stay", "card")
    assert s.character.name == "Companion Cube" and s.phase == "move"
    s = run(s, "from D", "to E", "count 2")
    assert subs(s, "E") == (1, 2)
    s = s.apply("activate E")
    assert s.current_player == 1 and s.decision == "reward"
    s = run(s, "subject A", "subject F", "cake K")
    s = s.apply("recycle bottom")
    assert subs(s, "E") == (0, 0)
    assert s.subjects_in_lab() == (2, 4)
    assert (s.supply(0), s.supply(1)) == (6, 4)
    assert s.cake_in_lab() == (0, 1)
    assert s.turn == 0 and s.turn_number == 2


def test_the_move_and_activate_steps_cannot_be_passed():
    s = pos(step="move")
    assert all(a.startswith("from ") for a in opts(s))
    refused(s, "end", "not possible now")
    s = pos(step="activate")
    assert all(a.startswith("activate ") for a in opts(s))
    refused(s, "end", "not possible now")


def test_cards_are_deployed_only_in_the_deploy_step():
    s = pos(hands=[["greg"], []], step="move")
    assert s.phase == "move"
    refused(s, "play greg", "not possible now")


def test_the_character_modifies_the_rules_for_all_players_until_replaced():
    s = pos(hands=[["curiosity"], ["greg"]])
    s = run(s, "play curiosity", "subject A", "card")  # Distracted: no single-move bonus
    s = run(s, "from K", "to L", "count 1")
    assert s.decision == "activate"
    s = run(s, "activate E", "recycle top")
    assert s.turn == 1 and s.character.id == "curiosity"
    s = s.apply("end")
    s = run(s, "from K", "to L", "count 1")  # Blue is distracted too
    assert s.decision == "activate"
    s = run(pos(hands=[["curiosity"], ["greg"]], turn=1), "play greg", "subject A")
    s = run(s, "from K", "to L", "count 1")  # Greg replaced nothing: the bonus is back
    assert s.decision == "bonus"


def test_rows_grow_beyond_five_chambers():
    s = pos(step="activate")
    s = run(s, "activate E", "recycle bottom")
    s = run(s, "from K", "to L", "count 1", "bonus card", "activate J", "recycle bottom")
    assert [c.letter for c in s.chambers() if c.row == 2] == list("JEKLMNO")
    assert s.chamber("J").x == -4
