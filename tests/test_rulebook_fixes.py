"""Where the engine used to differ from the printed rules, each proven on a built position
(issue 9; the rulings are written in docs/rules.md)."""

from __future__ import annotations

from cakegame import EventKind, Termination
from enginehelp import cake, opts, pos, refused, run, subs

K = EventKind


def test_recycling_destroys_subjects_then_incinerates_cake_and_the_end_comes_between():
    # Bo's last Test Subject and two of Bo's Cake Slices are in E; the Cube blocks rewards.
    s = pos(subjects={"A": [2, 0], "E": [0, 1]}, cake={"A": [1, 0], "E": [0, 2]}, cube="E",
            step="activate")
    s = run(s, "activate E", "recycle top")
    o = s.outcome
    assert o.reason is Termination.NO_SUBJECTS and o.seat == 1
    assert o.cake == (1, 2) and o.winners == (1,)  # the game ended before the cake burned
    assert s.incinerated(1) == 0 and cake(s, "E") == (0, 2)
    kinds = [e.kind for e in s.events]
    assert kinds[-3:] == [K.SUBJECTS_DESTROYED, K.GAME_OVER, K.WON]
    assert K.CAKE_INCINERATED not in kinds and K.RECYCLED not in kinds


def test_recycling_order_gives_the_same_winner_as_the_turret_on_the_same_board():
    # The same board, but the Turret destroys Bo's last subject as it walks into E.
    s = pos(subjects={"A": [2, 0], "D": [0, 1]}, cake={"A": [1, 0], "E": [0, 2]},
            turret="E", turn=1, step="move")
    s = run(s, "from D", "to E", "count 1")
    assert s.outcome.reason is Termination.NO_SUBJECTS and s.outcome.winners == (1,)


def test_a_rearmed_turret_destroys_everyone_in_its_chamber():
    # Subjects walked in beside the disarmed Turret (Cardboard Box) ...
    s = pos(subjects={"F": [2, 1], "A": [1, 1]}, turret="G", discard=["frankenturret"],
            hands=[["greg"], []], step="move")
    s = run(s, "from F", "to G", "count 2")
    assert subs(s, "G") == (2, 0)
    # ... and die the moment the Box is covered (Greg deployed on the next turn).
    s = run(s, "activate E", "recycle top", "from A", "to B", "count 1", "bonus card",
            "activate D", "recycle top", "play greg")
    assert subs(s, "G") == (2, 0)  # Greg's action first: the Box still rules
    s = s.apply("subject K")
    assert subs(s, "G") == (0, 0)
    destroyed = [e for e in s.events if e.kind is K.SUBJECTS_DESTROYED]
    assert [(e.seat, e.chamber, e.count, e.cause) for e in destroyed] == [(0, "G", 2, "turret")]


def test_a_rearmed_turret_hostile_takeover_under_cardboard_box_still_kills_on_arrival():
    s = pos(subjects={"G": [1, 2], "A": [1, 1]}, discard=["frankenturret"],
            hands=[["anger"], []])
    s = run(s, "play anger", "turret G")
    assert subs(s, "G") == (0, 0) and s.character.id == "anger"


def test_a_companion_cube_placed_in_the_activated_chamber_blocks_no_reward_already_earned():
    # H's other face pays a Test Subject, the Cube and an Aperture Card.
    s = pos(lab="A B C D H'\nF G E I J\nK L M N O", subjects={"H": [2, 0], "A": [1, 1]},
            step="activate")
    s = run(s, "activate H", "cube H")
    assert s.decision == "reward" and s.current_player == 0
    assert "card" in opts(s) and "subject A" in opts(s)  # the rest is still collected
    s = run(s, "card", "subject A", "recycle top")
    assert s.chamber("H").cube and s.chamber("H").new_edge  # the Cube rides the recycle


def test_moving_one_portal_token_must_move_it_unlike_the_portal_gun():
    s = pos(hands=[["ratman", "greg"], []]).apply("play ratman")
    refused(s, "shift E E", "not possible")  # Rat Man must move the token
    refused(s, "shift E O", "not possible")  # never onto the other Portal
    g = run(pos(hands=[["greg"], []]), "gun greg", "portal C")
    assert "portal E" not in opts(g) and "portal C" not in opts(g)  # old edge; taken
    g = run(pos(portals=("C", "E"), hands=[["greg"], []]), "gun greg", "portal C")
    assert "portal B" in opts(g)
    g = run(pos(portals=("B", "C"), hands=[["greg"], []]), "gun greg", "portal B")
    assert run(g, "portal C").chamber("C").portal  # the Gun may leave both where they were


def test_reward_prompt_counts_the_icons_under_surprise():
    s = pos(subjects={"E": [2, 0], "A": [1, 1]}, discard=["escort"], step="activate")
    assert s.apply("activate E").prompt() == "collect E's rewards: 4 Test Subjects and a Cake Slice"
