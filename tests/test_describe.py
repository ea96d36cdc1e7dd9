"""Words for players: prompts, action sentences, refusals with reasons, and saves."""

from __future__ import annotations

import pytest
from cakegame import Action, IllegalActionError, State
from enginehelp import pos, refused, run


def test_prompt_says_what_the_player_must_do_at_each_decision():
    s = pos(hands=[["escort", "ratman"], []])
    assert s.prompt() == "deploy a card, or end deploying"
    # No card in hand, only Combustible Lemons' burn on offer: the prompt says so (it spoke
    # of cards the player did not have).
    lemons = pos(hands=[[], []], discard=["cave"], cake={"F": [1, 0]})
    assert [str(a) for a in lemons.legal_actions()] == ["burn F", "end"]
    assert lemons.prompt() == ("burn one of your Cake Slices (Combustible Lemons), or end "
                               "deploying")
    with_card = pos(hands=[["escort"], []], discard=["cave"], cake={"F": [1, 0]})
    assert with_card.prompt() == "deploy a card, or end deploying"
    t = s.apply("play escort")
    assert t.prompt() == "choose a chamber to move another division's Test Subjects from"
    # A card's move of one's own group reads apart from the turn's move step after it
    # (Tandem Step's second move read as the first again).
    tandem = run(pos(hands=[["atlas"], []], subjects={"F": [2, 1], "A": [1, 1]}),
                 "play atlas", "from A 1", "to B", "count 1")
    assert tandem.prompt() == "choose a chamber to move Test Subjects from (the card's move)"
    t = s.apply("play ratman")
    assert t.prompt() == "move a Portal token"
    t = s.apply("gun ratman")
    assert t.prompt() == "place the first Portal token"
    assert t.apply("portal A").prompt() == "place the second Portal token"
    m = pos(subjects={"F": [2, 0], "A": [1, 1]}, cake={"F": [1, 0]}, step="move")
    assert m.prompt() == "choose a chamber to move Test Subjects from"
    assert m.apply("from F").prompt() == "choose where the Test Subjects in chamber F go"
    assert run(m, "from F", "to G").prompt() == "choose how many Test Subjects move"
    assert run(m, "from F", "to G", "count 1").prompt() == \
        "choose the Cake Slice a moving Test Subject carries"
    assert run(m, "from F", "to G", "count 1", "carry none").prompt() == \
        "take a free Test Subject or an Aperture Card"
    # Asked of another division (a card moves its Test Subjects): who, by what, from where.
    e = pos(hands=[["escort"], []], subjects={"F": [0, 2], "A": [1, 1]}, cake={"F": [1, 0]},
            names=["Ann", "Bo"])
    assert run(e, "play escort", "from F 1", "to A", "count 2").prompt() == (
        "choose the Cake Slice a moving Test Subject carries (Ann's Party Invitation moves 2 "
        "of your Test Subjects from F to A)")
    a = pos(subjects={"E": [2, 0], "A": [1, 1]}, step="activate")
    assert a.prompt() == "choose an old-edge chamber to activate"
    assert a.apply("activate E").prompt() == "collect E's rewards: 2 Test Subjects and a Cake Slice"
    assert pos(step="activate").apply("activate E").prompt() == \
        "choose the row that receives the recycled chamber"


def test_a_reward_prompt_says_when_the_supply_cannot_give_it_all():
    """Rewards of more Test Subjects (or Cake Slices) than the division has left in its supply
    say so: only those are delivered, and the decision ends when they are."""
    import json
    import random

    import cakegame

    seen = 0
    for seed in range(40):
        s = cakegame.new_game(players=2, seed=seed)
        rng = random.Random(seed)
        while not s.is_over and seen < 6:
            p = s.prompt()
            if p.startswith("collect ") and "rewards" in p.split(":")[0]:
                seat, d = s.current_player, json.loads(s.to_json())
                icons = d["stack"][-1]["icons"]  # the rewards still to collect, one letter each
                lacking = [thing for thing, left, code in (
                    ("Test Subject", d["supply"][seat], "s"),
                    ("Cake Slice", d["cake_supply"][seat], "c"))
                    if icons.count(code) > left]
                for thing, code in (("Test Subject", "s"), ("Cake Slice", "c")):
                    named = f"{thing} left)" in p or f"{thing}s left)" in p
                    alone = set(icons) == {code}  # "3 Test Subjects (only 2 left)"
                    assert named == (thing in lacking and not alone), (seed, p)
                assert (" left)" in p) == bool(lacking), (seed, p, d["supply"], d["cake_supply"])
                seen += bool(lacking)
            s = s.apply(rng.choice(s.legal_actions()))
    assert seen >= 6


def test_prompt_for_card_effects_and_the_hand_limit():
    assert pos(hands=[["glados"], []]).apply("play glados").prompt() == \
        "choose a Test Subject to destroy"
    assert pos(hands=[["anger"], []]).apply("play anger").prompt() == \
        "put the Turret in a chamber"
    assert run(pos(hands=[["opera"], []], turret="H"), "play opera", "turret stay").prompt() \
        == "choose the chamber the Turret fires into"
    assert pos(hands=[["greg", "cube", "fact", "space"], []]).prompt() == \
        "discard down to 3 cards"


def test_describe_tells_what_an_action_does_in_a_sentence():
    s = pos(hands=[["greg"], []])
    assert s.describe("play greg") == "Orange deploys Greg: New Recruit"
    assert s.describe("gun greg") == "Orange deploys Greg to fire the Portal Gun"
    assert s.describe("end") == "Orange finishes deploying cards"
    assert s.apply("play greg").describe("subject K") == \
        "Orange delivers a Test Subject to chamber K (bottom row)"
    m = pos(step="move")
    assert m.describe("from F") == "Orange picks their Test Subjects in chamber F (middle row)"
    assert m.apply("from F").describe("to G") == "Orange sends them to chamber G (middle row)"
    # One Test Subject is "it" ("send them to chamber H" was said of one: a play-tester).
    assert m.apply("from A").describe("to B") == "Orange sends it to chamber B (top row)"
    t = run(m, "from F", "to G")
    assert t.describe("count 2") == \
        "Orange moves 2 Test Subjects from chamber F to chamber G (middle row)"
    assert t.describe("count 1") == \
        "Orange moves 1 Test Subject from chamber F to chamber G (middle row)"
    b = t.apply("count 1")
    assert b.describe("bonus card") == "Orange takes an Aperture Card as a bonus"
    assert b.describe("bonus subject A") == \
        "Orange takes a free Test Subject into chamber A (top row)"
    a = pos(subjects={"E": [2, 0], "A": [1, 1]}, step="activate")
    assert a.describe("activate E") == "Orange activates chamber E (top row)"
    r = a.apply("activate E")
    assert r.describe("cake F") == "Orange delivers a Cake Slice to chamber F (middle row)"
    g = run(r, "cake F", "subject A", "subject A")
    assert g.describe("recycle bottom") == "Orange recycles chamber E into the bottom row"


def test_describe_names_the_owner_of_forced_subjects_and_their_cake():
    s = pos(hands=[["adventure"], []], cake={"F": [1, 1]})
    s = s.apply("play adventure")
    assert s.describe("from F 1") == "Orange picks Blue's Test Subjects in chamber F (middle row)"
    s = run(s, "from F 1", "to G")
    assert s.describe("count 2") == \
        "Orange moves 2 Test Subjects of Blue's from chamber F to chamber G (middle row)"
    c = s.apply("count 2")
    assert c.current_player == 1
    assert c.describe("carry 1") == "Blue's Test Subject carries one of their own Cake Slices"
    # None picked yet: "no Cake Slices" (it said "no more", of a group that carried none).
    assert c.describe("carry none") == "Blue's moving Test Subjects carry no Cake Slices"
    assert c.apply("carry 1").describe("carry none") == \
        "Blue's moving Test Subjects carry no more Cake Slices"


def test_describe_carry_names_the_cake_slices_owner_never_a_name_as_a_colour():
    s = pos(subjects={"F": [0, 2], "A": [1, 1]}, cake={"F": [1, 0]}, turn=1, step="move")
    s = run(s, "from F", "to G", "count 1")
    assert s.describe("carry 0") == "Blue's Test Subject carries one of Orange's Cake Slices"
    # One subject: singular ("Test Subjects carry no Cake Slices" of one, a tester).
    assert s.describe("carry none") == "Blue's moving Test Subject carries no Cake Slice"


def test_describe_card_effects():
    s = pos(hands=[["glados"], []]).apply("play glados")
    assert s.describe("destroy F 1") == \
        "Orange destroys a Test Subject of Blue in chamber F (middle row)"
    assert s.describe("destroy F 0") == \
        "Orange destroys one of their own Test Subjects in chamber F (middle row)"
    s = pos(hands=[["opera"], []], turret="H").apply("play opera")
    assert s.describe("fire G") == "Orange has the Turret fire into chamber G (middle row)"
    s = pos(hands=[["cube"], []]).apply("play cube")
    assert s.describe("cube stay") == "Orange leaves the Companion Cube where it is"
    assert s.describe("cube H") == "Orange places the Companion Cube in chamber H (middle row)"
    s = pos(hands=[["ratman"], []]).apply("play ratman")
    assert s.describe("shift E C") == "Orange moves the Portal in chamber E to chamber C (top row)"


def test_board_text_shows_whose_turn_and_every_row():
    text = str(pos(step="move"))
    lines = text.splitlines()
    assert lines[0] == ("Turn 1, Orange's turn (move); Orange must choose a chamber to move "
                        "Test Subjects from")
    assert lines[1].startswith("   top x+0: A:ssc s1/1 c0/0 | B:")
    assert lines[3].startswith("bottom x+0: K:")
    assert "O:sc s0/0 c0/0 P" in lines[3]


def test_nonsense_is_refused_with_a_reason_and_the_state_unchanged():
    s = pos(step="move")
    refused(s, "nonsense", "unknown action 'nonsense'")
    refused(s, "", "an empty action")
    refused(s, "activate E", "not possible now", "Orange must choose a chamber to move")
    with pytest.raises(IllegalActionError, match="an action is text"):
        s.apply(42)


def test_illegal_choices_say_why():
    s = pos(hands=[["greg"], []])
    refused(s, "play cube", "Orange does not hold cube")
    refused(s, "from F", "not possible now", "deploy a card")
    # A chamber with none of the player's Test Subjects is no source, and says so (it had
    # said only "not possible now", and the choices: a newcomer did not see why).
    refused(pos(step="move"), "from B", "Orange has no Test Subjects in chamber B to move")
    refused(pos(step="move"), "from Q", "chamber Q is not in the lab")
    shove = pos(hands=[["adventure"], []]).apply("play adventure")
    refused(shove, "from B 1", "no other division has Test Subjects in chamber B")
    m = pos(step="move").apply("from F")
    refused(m, "to Q", "chamber Q is not in the lab")
    refused(m, "to Z", "not a chamber")
    refused(m, "to O", "not adjacent to chamber F")
    c = run(pos(step="move"), "from F", "to G")
    refused(c, "count 3", "at most 2 Test Subjects can move from there")
    refused(c, "count two", "not possible")


def test_a_refusal_keeps_its_reason_and_the_choices_apart():
    """The refusal's parts, for a page that says them its own way ("Chamber B is not a
    choice now: Orange has no Test Subjects ..."): the page had cut them out of the text."""
    s = pos(step="move")
    with pytest.raises(IllegalActionError) as err:
        s.apply("from B")
    e = err.value
    assert e.action == "from B"
    assert e.reason == "Orange has no Test Subjects in chamber B to move"
    assert e.choices == tuple(str(a) for a in s.legal_actions()) and "from F" in e.choices
    assert str(e) == f"from B is not possible: {e.reason}; the choices are: " + \
        ", ".join(e.choices[:6]) + (" ..." if len(e.choices) > 6 else "")
    # A reason given by a decision of another kind, with the choices of its verb.
    a = run(pos(step="move"), "from F", "to G")
    with pytest.raises(IllegalActionError) as err:
        a.apply("count 3")
    assert err.value.reason == "at most 2 Test Subjects can move from there"
    assert err.value.choices == ("count 1", "count 2")
    # Asked for something else: the reason is what is asked; nothing more to say: None.
    with pytest.raises(IllegalActionError) as err:
        s.apply("activate E")
    assert err.value.reason == "Orange must choose a chamber to move Test Subjects from"
    with pytest.raises(IllegalActionError) as err:
        s.apply("from F 1")
    assert err.value.reason is None and "from F" in err.value.choices
    with pytest.raises(IllegalActionError) as err:
        s.apply("nonsense")  # not an action at all: no parts
    assert err.value.action is None and err.value.reason is None and err.value.choices == ()


def test_illegal_action_error_is_a_value_error():
    assert issubclass(IllegalActionError, ValueError)
    assert Action.parse("count 2") == Action.parse("  count   2 ")


def test_save_round_trips_and_damaged_saves_say_what_is_wrong():
    s = run(pos(step="move", cake={"B": [1, 2]}), "from F", "to G")
    assert State.from_json(s.to_json()) == s
    assert State.from_json(s.to_json()).legal_actions() == s.legal_actions()
    with pytest.raises(ValueError, match="JSON is damaged"):
        State.from_json("{")
    broken = s.to_json().replace('"players":2', '"players":7')
    with pytest.raises(ValueError):
        State.from_json(broken)


def test_prompt_for_a_cards_icons_names_the_card_and_each_task():
    assert pos(hands=[["cube"], []]).apply("play cube").prompt() == \
        "carry out Faithful Friend (place the Companion Cube, take an Aperture Card)"
    assert pos(hands=[["morality"], []]).apply("play morality").prompt() == \
        "carry out Second Chance (deliver 2 Test Subjects)"
    assert run(pos(hands=[["curiosity"], []]), "play curiosity", "card").prompt() == \
        "carry out What's This? (deliver a Test Subject)"
    # an activation's icons are still rewards
    a = pos(subjects={"E": [2, 0], "A": [1, 1]}, step="activate").apply("activate E")
    assert a.prompt().startswith("collect E's rewards: ")


def test_rewards_are_said_as_players_say_them_alike_ones_counted():
    from cakegame.words import rewards
    assert rewards("ssc") == "2 Test Subjects and a Cake Slice"
    assert rewards("a") == "an Aperture Card"
    assert rewards(["s", "a", "s"]) == "2 Test Subjects and an Aperture Card"
    assert rewards("sct") == "a Test Subject, a Cake Slice and the Turret"
    assert rewards("q") == "the Companion Cube"
    assert rewards("") == "nothing"


def test_rewards_in_another_players_turn_name_the_chamber_and_who_activated_it():
    """Both play-testers met "collect rewards: 2 Test Subjects and an Aperture Card" in an
    opponent's turn, with no word of where or why."""
    import random

    import cakegame

    for seed in range(30):
        s = cakegame.new_game(players=3, seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            if s.decision == "reward" and s.prompt().startswith("collect"):
                glados = next(c.letter for c in s.chambers() if c.glados)
                turn = s.names[s.turn]
                if s.current_player != s.turn:
                    assert s.prompt().startswith(
                        f"collect {glados}'s rewards ({turn}'s turn): "), s.prompt()
                    return
                assert s.prompt().startswith(f"collect {glados}'s rewards: "), s.prompt()
            s = s.apply(rng.choice(s.legal_actions()))
    pytest.fail("no rewards fell in another player's turn in 30 games")
