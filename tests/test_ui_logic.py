"""The page's pure-Python parts, under CPython: target sorting, undo, saves, URL settings."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import cakegame
import pytest
from ui import history, labels, params, saves, targets


def play(state, n, seed=0):
    rng = random.Random(seed)
    for _ in range(n):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


# ---- targets ------------------------------------------------------------------------------

def test_chamber_of_reads_the_first_chamber_of_each_verb():
    assert targets.chamber_of("from K") == "K"
    assert targets.chamber_of("from K 2") == "K"
    assert targets.chamber_of("destroy Q 1") == "Q"
    assert targets.chamber_of("shift K L") == "K"
    assert targets.chamber_of("bonus subject A") == "A"
    for text in ("bonus card", "cube stay", "turret stay", "carry none", "carry 1", "count 2",
                 "end", "card", "play wheatley", "gun greg", "recycle top", "discard cave"):
        assert targets.chamber_of(text) is None, text


def test_every_legal_action_is_reachable_by_a_click_or_a_button():
    for seed in range(12):
        s = cakegame.new_game(players=2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            texts = [str(a) for a in s.legal_actions()]
            t = targets.sort_actions(texts)
            reachable = list(t.buttons) + [a for acts in t.cards.values() for a in acts]
            for letter, acts in t.board.items():
                if len(acts) == 1:
                    reachable.append(acts[0])
                else:
                    step = targets.second_step(t, letter)
                    reachable += step.buttons + list(step.chambers.values())
            assert sorted(reachable) == sorted(texts)
            s = s.apply(rng.choice(texts))


def test_shift_is_a_two_click_choice():
    t = targets.sort_actions(["shift K L", "shift K E", "shift R L"])
    assert t.chamber_action("R") == "shift R L"
    step = targets.second_step(t, "K")
    assert step.chambers == {"L": "shift K L", "E": "shift K E"} and not step.buttons


def test_a_chamber_with_several_divisions_offers_buttons():
    t = targets.sort_actions(["destroy Q 0", "destroy Q 1", "destroy A 1"])
    step = targets.second_step(t, "Q")
    assert step.buttons == ["destroy Q 0", "destroy Q 1"] and not step.chambers
    assert targets.second_step(t, "A") is None


def test_a_click_off_target_gets_the_engines_reason():
    s = cakegame.new_game(players=2, seed=3)
    t = targets.sort_actions([str(a) for a in s.legal_actions()])
    off = next(c.letter for c in s.chambers() if c.letter not in t.board)
    guess = targets.guess_text(t, s.decision, off)
    with pytest.raises(cakegame.IllegalActionError) as error:
        s.apply(guess)
    assert str(error.value)


def test_the_carry_decision_tells_whether_some_cake_is_picked_already():
    """The panel says "Carry no more" once the moving group carries a slice (`pending.picks`),
    "Carry no" before."""
    for seed in range(40):
        s = cakegame.new_game(players=3, seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            texts = [str(a) for a in s.legal_actions()]
            if s.pending.kind == "carry" and len(texts) > 1:
                assert s.pending.picks == ()
                after = s.apply(next(t for t in texts if t != "carry none"))
                if after.pending.kind == "carry":
                    assert len(after.pending.picks) == 1
                    return
            s = s.apply(rng.choice(texts))
    pytest.fail("no move carried two Cake Slices in 40 games")


def test_button_labels_are_short_words():
    names = ("Ann", "Bo")
    assert labels.button_label("count 2", names) == "2 Test Subjects"
    assert labels.button_label("carry 1", names) == "Carry a Blue Cake Slice"
    assert labels.button_label("carry 0", names) == "Carry an Orange Cake Slice"
    assert labels.button_label("carry none", names) == "Carry no Cake Slices"
    assert labels.button_label("carry none", names, carried=True) == "Carry no more Cake Slices"
    assert labels.button_label("cube stay", names) == "Leave the Cube where it is"
    assert labels.button_label("cube stay", names, cube_in_lab=False) == \
        "Leave the Cube out of the lab"  # it was not placed yet (a play-tester)
    assert labels.button_label("turret stay", names) == "Leave the Turret"
    # Taking a card takes the deck's face-up one: named, so nobody scrolls to the deck to
    # see what they take (a play-tester took Rat Man expecting P-body).
    top = cakegame.CARDS[0]
    assert labels.button_label("bonus card", names, top_card=top.id) == \
        f"Take an Aperture Card: {top.name}"
    assert labels.button_label("card", names, top_card=top.id) == \
        f"Take the Aperture Card: {top.name}"
    assert labels.button_label("card", names) == "Take the Aperture Card"
    assert labels.button_label("destroy Q 1", names) == "Bo (Blue)"
    assert labels.button_label("destroy Q 1", names, me=1) == "Your own (Blue)"
    assert labels.button_label("destroy Q 1", ("Orange", "Blue")) == "Blue"  # not "Blue (Blue)"
    assert labels.button_label("recycle top", names) == "Top row"
    assert labels.button_label("play wheatley", names).startswith("Deploy: ")
    assert labels.reason_text("no_subjects", "Bo") == \
        "Bo has no Test Subjects left in the Laboratory"


def _note(reason: str, names: tuple[str, ...], winners: tuple[int, ...], cake: tuple[int, ...],
          subjects: tuple[int, ...], seat: int, turn: int) -> str:
    """labels.result_note of an outcome made of these counts, the game ended in `turn`."""
    from cakegame.state import Outcome, Termination
    return labels.result_note(Outcome(winners, Termination(reason), seat, cake, subjects),
                              names, turn)


def test_an_ending_by_the_division_that_ran_out_says_the_rule_and_who_ended_it():
    """The rulebook lets a division end the game by losing its own last Test Subjects while
    ahead; a newcomer reads that as a bug, so the result says the rule, and who did it."""
    names = ("Ann", "Bo", "Cy")
    own = _note("no_subjects", names, (1,), (0, 2, 1), (4, 0, 5), 1, 1)
    assert own == ("Whoever has the most Cake Slices in the lab wins, even the division that "
                   "ran out: Bo ended the game on their own turn while ahead in cake. Bo has "
                   "the most Cake Slices in the lab (2, against 0 and 1).")
    assert _note("no_subjects", names, (0,), (2, 1, 0), (3, 0, 4), 1, -1) == (
        "Whoever has the most Cake Slices in the lab wins, even the division that ran out. "
        "Ann has the most Cake Slices in the lab (2, against 1 and 0).")
    # All of a division's cake incinerated: the reason says why the game ended, the note
    # why the winner won (a play-tester found no word of it).
    assert _note("cake_incinerated", names, (0,), (3, 2, 0), (3, 2, 4), 2, -1) == \
        "Ann has the most Cake Slices in the lab (3, against 2 and 0)."
    assert _note("opera", names, (2,), (1, 1, 1), (3, 3, 3), 2, 2) == ""


def test_a_tie_on_cake_says_how_it_was_broken():
    """Cake level at the top: the most Test Subjects in the lab win (a play-tester read
    "Green wins!" beside 2 cake each, and "whoever ran out", as wrong); level on both: a
    shared win."""
    names = ("Ann", "Bo", "Cy")
    assert _note("no_subjects", names, (2,), (0, 2, 2), (4, 0, 3), 1, -1) == (
        "Whoever has the most Cake Slices in the lab wins, even the division that ran out. "
        "Bo and Cy are level on cake "
        "(2 each); Cy has the most Test Subjects in the lab (3, against 0).")
    assert _note("cake_incinerated", names, (0,), (0, 0, 0), (4, 3, 3), 0, -1) == (
        "Ann, Bo and Cy are level on cake (0 each); Ann has the most Test Subjects in the lab "
        "(4, against 3 and 3).")
    assert _note("cake_incinerated", names, (0, 2), (1, 0, 1), (3, 2, 3), 1, -1) == (
        "Ann and Cy are level on cake (1 each) and on Test Subjects in the lab (3 each): a "
        "shared win.")
    # Four level on cake, two of them with the most subjects: those two share the win (a
    # play-tester read "all four are level on Test Subjects (2 each)" beside 0 for two).
    four = ("Orange", "Blue", "Green", "Purple")
    assert _note("no_subjects", four, (0, 1), (0, 0, 0, 0), (2, 2, 0, 0), 2, 3) == (
        "Whoever has the most Cake Slices in the lab wins, even the division that ran out. Orange, "
        "Blue, Green and Purple are level on cake (0 each); Orange and Blue have the most "
        "Test Subjects in the lab (2 each, against 0 and 0): a shared win.")


def test_the_reason_names_every_division_that_ran_out():
    """A recycle can empty two divisions at once: the reason names both, not only the one
    the engine's outcome holds."""
    from cakegame.state import Outcome, Termination
    four = ("Orange", "Blue", "Green", "Purple")
    both = Outcome((0, 1), Termination("no_subjects"), 2, (0, 0, 0, 0), (2, 2, 0, 0))
    assert labels.ended_by(both, four) == "Green and Purple"
    assert labels.reason_text("no_subjects", labels.ended_by(both, four)) == \
        "Green and Purple have no Test Subjects left in the Laboratory"
    one = Outcome((0,), Termination("cake_incinerated"), 1, (2, 0, 1, 1), (3, 2, 0, 4))
    assert labels.ended_by(one, four) == "Blue"  # Green's empty division did not end it
    assert labels.reason_text("cake_incinerated", "Blue") == \
        "Blue has had all 8 Cake Slices incinerated"


# ---- undo ---------------------------------------------------------------------------------

def test_undo_stays_in_the_turn_of_the_deciding_seat():
    s = cakegame.new_game(players=3, seed=7)
    states = [s]
    rng = random.Random(1)
    while not s.is_over and len(states) < 400:
        s = s.apply(rng.choice(s.legal_actions()))
        states.append(s)
        depth = history.undo_depth(states)
        for before in states[len(states) - 1 - depth:-1]:
            assert before.turn_number == s.turn_number
            assert before.reveals == s.reveals
            assert before.current_player == s.current_player
        if depth < len(states) - 1:
            blocker = states[len(states) - 2 - depth]
            assert not history.undoable(blocker, s)


def test_no_undo_after_the_game_ends():
    s = play(cakegame.new_game(players=2, seed=2), 5000)
    assert s.is_over
    assert history.undo_depth([s, s]) == 0


# ---- saves --------------------------------------------------------------------------------

def test_a_save_round_trips_with_its_undo_window_and_log():
    s0 = cakegame.new_game(players=2, seed=5, names=["<b>Ann</b>", "Bo"])
    s1 = s0.apply(s0.legal_actions()[0])
    text = saves.encode(s1, ["human", "easy"], undo_base=s0,
                        undo_actions=[str(s0.legal_actions()[0])],
                        ui={"pass_device": True, "revealed": 0}, log=[[1, 0, "x"]])
    back = saves.decode(text)
    assert back.state == s1 and back.undo_base == s0 and back.seats == ["human", "easy"]
    assert back.ui["pass_device"] is True and back.log == [[1, 0, "x"]]
    assert back.state.names[0] == "<b>Ann</b>"


def good_save() -> str:
    s = play(cakegame.new_game(players=3, seed=9), 40)
    return saves.encode(s, ["human"] * 3)


@pytest.mark.parametrize("kind,mutate", [
    ("damaged", lambda t: t[: len(t) // 2]),
    ("damaged", lambda t: ""),
    ("foreign", lambda t: json.dumps({"format": "othergame/1"})),
    ("foreign", lambda t: json.dumps([1, 2, 3])),
    ("newer", lambda t: t.replace("cakegame-save/1", "cakegame-save/2")),
    ("invalid", lambda t: json.dumps({**json.loads(t), "seats": ["human"]})),
    ("invalid", lambda t: json.dumps({**json.loads(t), "seats": ["robot"] * 3})),
    ("invalid", lambda t: json.dumps({**json.loads(t), "log": "nope"})),
    ("invalid", lambda t: json.dumps({**json.loads(t), "game": {"format": "cakegame/1"}})),
])
def test_broken_saves_say_what_is_wrong(kind, mutate):
    with pytest.raises(saves.SaveError) as error:
        saves.decode(mutate(good_save()))
    assert error.value.kind == kind
    assert str(error.value)


def test_impossible_counts_are_refused():
    data = json.loads(good_save())
    data["game"]["supply"][0] += 3
    with pytest.raises(saves.SaveError) as error:
        saves.decode(json.dumps(data))
    assert error.value.kind == "invalid"


def test_a_tampered_undo_window_is_dropped_not_trusted():
    s0 = cakegame.new_game(players=2, seed=5)
    s1 = s0.apply(s0.legal_actions()[0])
    text = saves.encode(s1, ["human", "human"], undo_base=s0, undo_actions=["end"])
    back = saves.decode(text)
    assert back.state == s1 and back.undo_base is None and back.undo_actions == []


# ---- settings from the URL ----------------------------------------------------------------

def test_query_settings():
    s = params.parse_query("?players=3&seed=42&seats=hard,medium,human&names=A,,C", seed=1)
    assert (s.players, s.seed, s.from_url) == (3, 42, True)
    assert s.game_seats() == ["hard", "medium", "human"]
    assert s.game_names() == ["A", "Blue", "C"]
    assert params.parse_query("?players=9&seed=x", seed=5).players == 2
    assert params.parse_query("", seed=5).from_url is False
    assert params.parse_query("?seats=easy,easy,easy,easy", seed=1).players == 4
    assert params.parse_query(params.query_of(s), seed=1).game_seats() == s.game_seats()
    assert params.parse_query("?botpace=0", seed=1).bot_pace_ms == 0
    assert params.parse_query("?botpace=-3", seed=1).bot_pace_ms is None


def test_query_decoding_matches_the_standard_library():
    from urllib.parse import parse_qs

    for query in ("names=%3Cimg%20src%3Dx%3E,B%C3%B6&seed=4", "a=1+2&a=&b", "x=%zz%4", "=&&k=v=w"):
        assert params.parse_qs(query) == parse_qs(query, keep_blank_values=True), query


# ---- the session model (ui/session.py) ----------------------------------------------------

def _session(players=2, seed=3, seats=None):
    from ui.session import Session
    ses = Session()
    ses.start(cakegame.new_game(players=players, seed=seed),
              seats or ["human"] * players, pass_device=False)
    return ses


def test_session_applies_logs_and_undoes_within_the_turn():
    ses = _session()
    first = ses.state
    text = ses.legal_texts()[0]
    ses.apply(text)
    assert ses.state is not first and ses.actions == [text] and len(ses.log) == 1
    assert ses.can_undo()
    state, undone = ses.undo()
    assert undone == text and state is first and ses.log == [] and not ses.can_undo()


def test_session_plays_the_state_it_tried_and_tries_nothing_it_refuses():
    """What a click would do is asked before it is played (a loss? the turn's end?): the
    state that trial left is the one played, not a second application of the action; a
    refused action leaves nothing to play."""
    ses = _session()
    text = ses.legal_texts()[0]
    tried = ses.would_leave(text)
    assert tried is not None and ses.would_leave(text) is tried
    assert ses.apply(text) is tried and ses.state is tried
    # Played once: a new state is a new trial.
    again = ses.legal_texts()[0]
    assert ses.would_leave(again) is not None and ses.would_leave(again) is not tried
    assert ses.would_leave("shift Z Z") is None


def test_session_refuses_an_illegal_action_and_changes_nothing():
    ses = _session()
    before = (ses.state, list(ses.log), list(ses.actions))
    with pytest.raises(cakegame.IllegalActionError):
        ses.apply("shift Z Z")
    assert (ses.state, ses.log, ses.actions) == before


def test_session_undo_never_crosses_another_turn():
    ses = _session(seed=5)
    rng = random.Random(2)
    turn = ses.state.turn
    while ses.state.turn == turn:
        ses.apply(rng.choice(ses.legal_texts()))
    while ses.undo() is not None:
        pass
    assert ses.state.turn != turn or ses.state.is_over


def test_session_bot_seats_and_the_curtain():
    ses = _session(seats=["human", "easy"])
    seat = ses.state.current_player
    assert ses.human_to_act() == (seat == 0) and ses.bot_to_act() == (seat == 1)
    assert not ses.needs_curtain(0)  # one human: nothing to hide
    ses.seats = ["human", "human"]
    ses.ui["pass_device"] = True
    assert not ses.needs_curtain(seat)  # empty hands: nothing to hide either
    rng = random.Random(1)
    while ses.state.hand_size(ses.state.current_player) == 0:
        ses.apply(rng.choice(ses.legal_texts()))
    seat = ses.state.current_player
    ses.ui["revealed"] = None
    assert ses.needs_curtain(seat)
    ses.reveal()
    assert not ses.needs_curtain(seat)
    assert not ses.set_seat(0, "wizard") and ses.set_seat(1, "hard") and ses.seats[1] == "hard"


def test_no_curtain_in_the_middle_of_ones_own_turn():
    """A seat that begins its turn with an empty hand plays without the curtain (nothing to
    hide); when it draws a card during that turn the curtain does not fall on it mid-turn.
    The next person's turn starts behind the curtain, as always."""
    rng = random.Random(4)
    seen = 0
    for seed in range(6):
        ses = _session(seed=seed, seats=["human", "human"])
        ses.ui["pass_device"] = True
        while not ses.state.is_over and ses.state.turn_number < 12:
            s = ses.state
            seat = s.current_player
            curtain_at_start = ses.needs_curtain(seat)
            if curtain_at_start:
                ses.reveal()
            turn = s.turn_number
            empty_before = s.hand_size(seat) == 0
            while not ses.state.is_over and ses.state.turn_number == turn \
                    and ses.state.current_player == seat:
                assert not ses.needs_curtain(seat), (seed, turn, ses.state.prompt())
                ses.apply(rng.choice(ses.legal_texts()))
            if empty_before and ses.state.hand_size(seat) > 0:
                seen += 1  # a card drawn during a turn begun with an empty hand
            if not ses.state.is_over and ses.state.current_player != seat:
                nxt = ses.state.current_player
                assert ses.needs_curtain(nxt) == (ses.state.hand_size(nxt) > 0)
    assert seen, "no turn in these games drew a card into an empty hand"


def test_a_person_with_nothing_to_hide_is_still_handed_the_device():
    """When the decision passes to another person whose hand is empty (no curtain), they are
    told to take the device; not when the one who acted decides on, nor at the game's start
    (nobody has acted: whoever started the game holds it), nor with one person at the
    screen, nor when the curtain tells it."""
    rng = random.Random(7)
    told = mid_turn = 0
    for seed in range(4):
        ses = _session(seed=seed, seats=["human", "human", "human"])
        ses.ui["pass_device"] = True
        assert not ses.handed_over(ses.state.current_player)  # the game's start
        last = None
        while not ses.state.is_over and ses.state.turn_number < 20:
            seat = ses.state.current_player
            if ses.needs_curtain(seat):
                assert not ses.handed_over(seat)
                ses.reveal()
            else:
                expected = last is not None and seat != last
                assert ses.handed_over(seat) == expected, (seed, ses.state.prompt())
                told += expected
                mid_turn += expected and ses.state.turn != seat
            last = seat
            ses.apply(rng.choice(ses.legal_texts()))
        ses.ui["pass_device"] = False
        assert not ses.handed_over(ses.state.current_player)
    assert told and mid_turn, (told, mid_turn)  # a turn's start and a call in another's turn
    ses = _session(seats=["human", "easy"])
    ses.ui["pass_device"] = True
    ses.ui["revealed"] = 1
    assert not ses.handed_over(0)  # one person at the screen: nobody to hand it to
    # A decision with one option taken by itself (Settings) leaves the device where it is:
    # the person it belonged to never took it, and the one holding it was then told to
    # take the device they held.
    ses = _session(seats=["human", "human"])
    ses.ui["pass_device"] = True
    holder = 1 - ses.state.current_player
    ses.ui["revealed"] = holder
    ses.apply(ses.legal_texts()[0], by_hand=False)
    assert ses.ui["revealed"] == holder
    ses.apply(ses.legal_texts()[0])
    assert ses.ui["revealed"] != holder  # by hand: the one deciding holds it


def test_session_save_round_trips_with_its_undo_window():
    ses = _session(seed=9)
    ses.apply(ses.legal_texts()[0])
    save = saves.decode(ses.save_text())
    from ui.session import Session
    again = Session()
    again.resume(save)
    assert again.state.to_json() == ses.state.to_json()
    assert again.actions == ses.actions and again.log == ses.log


# ---- the log from events (ui/eventlog.py) -------------------------------------------------

def test_log_entries_tell_consequences_and_never_name_a_taken_card():
    from ui import eventlog
    from ui.session import Session
    seen_recycle_loss = False
    for seed in range(6):
        ses = Session()
        ses.start(cakegame.new_game(players=3, seed=seed), ["human"] * 3, pass_device=False)
        rng = random.Random(seed)
        while not ses.state.is_over:
            before = ses.state
            text = rng.choice(ses.legal_texts())
            ses.apply(text)
            turn, seat, words, letters = ses.log[-1]
            assert (turn, seat) == (before.turn_number, before.current_player)
            assert words.startswith(eventlog.choice_said(before, text, ses.state))
            for e in ses.state.events:
                if e.kind.value == "card_taken" and e.card:
                    assert labels.card_name(e.card) not in words.split(":", 1)[-1]
                    # The choice's own sentence says the card was taken: not again after it
                    # ("takes an Aperture Card as a bonus: Ann takes an Aperture card").
                    assert words.lower().count("takes an aperture card") <= 1, words
            if text.startswith("recycle") and "destroyed" in words:
                seen_recycle_loss = True
                # The recycle's text names a row, not a chamber: the letters must name the
                # recycled chamber itself (from its event), and every chamber that lost pieces.
                touched = [e.chamber for e in ses.state.events
                           if e.kind.value in ("recycled", "subjects_destroyed")]
                assert touched and all(c in letters for c in touched)
        assert saves.decode(ses.save_text()).log == ses.log
    assert seen_recycle_loss
    assert eventlog.chambers_of("shift K L", ()) == "KL"


def test_a_first_turn_is_told_the_turns_played_before_it():
    """The second seat's first turn hears what the first seat did in turn 1 (it heard
    nothing: a play-tester on a passed-on device learned nothing of the first move)."""
    ses = _session(players=3, seed=4)
    first = ses.state.current_player
    while ses.state.current_player == first:
        ses.apply(ses.legal_texts()[0])
    me = ses.state.current_player
    assert not ses.had_a_turn(me) and ses.had_a_turn(first)
    assert ses.since_last_turn(me) == ses.log and all(e[1] == first for e in ses.log)
    assert [seat for seat, _ in ses.since_events(me)] == [first] * len(ses.log)
    assert ses.since_last_turn(first) == []  # the game's first turn: nothing came before
    # Still its first turn once it has decided in it: the news stays "before your first
    # turn" (its lead became "since your last turn" at the first tap).
    before = len(ses.log)
    ses.apply(ses.legal_texts()[0])
    assert ses.state.current_player == me and ses.state.turn == me
    assert len(ses.log) == before + 1 and not ses.had_a_turn(me)


def test_since_last_turn_lists_the_others_moves_until_the_player_acts():
    ses = _session(players=3, seed=4)
    rng = random.Random(4)
    me = ses.state.current_player
    while ses.state.current_player == me:
        ses.apply(rng.choice(ses.legal_texts()))
    while ses.state.current_player != me and not ses.state.is_over:
        ses.apply(rng.choice(ses.legal_texts()))
    since = ses.since_last_turn(me)
    assert since and all(e[1] != me for e in since)
    ses.apply(ses.legal_texts()[0])
    assert ses.since_last_turn(me) == []


def test_a_decision_in_anothers_turn_does_not_cut_the_news_short():
    """The news runs from the player's last turn of its own: a reward collected or a carry
    chosen in another's turn made it start again there, and two play-testers never read
    what came before (their cake carried off and incinerated)."""
    seen = 0
    for seed in range(1, 40):
        ses = _session(players=3, seed=seed)
        rng = random.Random(seed)
        while not ses.state.is_over and len(ses.log) < 400:
            s = ses.state
            me = s.current_player
            if s.turn == me and not ses.acted_this_turn(me) and ses.had_a_turn(me):
                # The start of one of my turns: find my last turn of my own in the log.
                mine = [i for i, e in enumerate(ses.log) if e[1] == me]
                last_own = max(i for i in mine if ses._owner(ses.log[i][0]) == me)
                between = [i for i in mine if i > last_own]
                want = [e for e in ses.log[last_own + 1:] if e[1] != me]
                assert ses.since_last_turn(me) == want
                # The events hold my own choices in their turns too, and every move is
                # told as its turn's (what they did to me had gone untold, and four
                # players' news is read by whose turn it was: play-testers).
                assert [seat for seat, _ in ses.since_events(me)] == [
                    ses._owner(e[0]) for e in ses.log[last_own + 1:]]
                if between:  # I decided in another's turn: the news still starts before it
                    seen += 1
                    assert any(e[0] <= ses.log[between[0]][0] for e in want)
            ses.apply(rng.choice(ses.legal_texts()))
    assert seen >= 3, seen


def test_a_game_ended_in_anothers_turn_tells_that_turn_even_after_a_choice_in_it():
    """A computer ended the game in a turn in which the person had decided (a play-tester
    looked at the lab after the result and found the news empty, no badges)."""
    import cakegame.bots
    for seed in range(1, 60):
        ses = _session(players=2, seed=seed, seats=["human", "easy"])
        rng = random.Random(seed)
        while not ses.state.is_over:
            s = ses.state
            ses.apply(rng.choice(ses.legal_texts()) if s.current_player == 0 else
                      str(cakegame.bots.choose(s.view(1), "easy", seed=len(ses.log))))
        if ses._owner(ses.state.turn_number) == 1 and ses.acted_this_turn(0):
            break
    else:
        raise AssertionError("no game ended so")
    news = ses.since_last_turn(0)
    assert news and news[-1] == ses.log[-1] and all(e[1] == 1 for e in news)
    told = ses.since_events(0)  # with the person's own choices in that turn, as its
    assert len(told) > len(news) and all(seat == 1 for seat, _ in told)


def test_the_news_stays_the_whole_turn_while_the_board_marks_go_with_the_first_decision():
    """`news_events` tells the same moves from the player's first decision of a turn to its
    last (a play-tester saw the news go and an empty box in its place); `since_events`, which
    the board's arrows and badges follow, still empties once the player acts."""
    for seed in range(1, 9):
        ses = _session(players=3, seed=seed)
        rng = random.Random(seed)
        me = ses.state.current_player
        while ses.state.current_player == me:
            ses.apply(rng.choice(ses.legal_texts()))
        while ses.state.current_player != me and not ses.state.is_over:
            ses.apply(rng.choice(ses.legal_texts()))
        if ses.state.is_over:
            continue
        news = ses.news_events(me)
        assert news and news == ses.since_events(me)
        assert all(seat != me for seat, _ in news)
        turn = ses.state.turn_number
        decided = 0
        while not ses.state.is_over and ses.state.turn_number == turn:
            mine = ses.state.current_player == me
            ses.apply(rng.choice(ses.legal_texts()))
            decided += mine
            if ses.state.current_player == me and ses.state.turn_number == turn:
                assert ses.news_events(me) == news
                assert ses.since_events(me) == []
        assert decided
        # The next turn of the same player hears of the moves after this one, not these.
        while not ses.state.is_over and ses.state.current_player != me:
            ses.apply(rng.choice(ses.legal_texts()))
        if not ses.state.is_over:
            assert ses.news_events(me) == ses.since_events(me) != news


def test_the_share_link_keeps_every_setting_and_the_names():
    s = params.Settings(players=3, seed=77, names=["Ann & Bo", "Zoë", "C,D", "x"],
                        seats=["human", "easy", "human", "hard"], first=2, pass_device=True)
    back = params.parse_query(params.query_of(s), seed=1)
    assert (back.players, back.seed, back.first, back.pass_device) == (3, 77, 2, True)
    assert back.game_seats() == s.game_seats()
    assert back.game_names() == ["Ann & Bo", "Zoë", "C D"]


def test_players_given_the_same_name_are_told_apart_by_a_number():
    """The news finds a line's player by name, and typed commands name seats: two
    "Alex" (or "alex" and "Alex") would be one player to both."""
    s = params.parse_query("?players=4&names=Alex,alex,Alexandra Longname,Alexandra Longname",
                           seed=1)
    names = s.game_names()
    assert names[:2] == ["Alex", "alex 2"]
    assert names[2] == "Alexandra Longname"[:saves.MAX_NAME]
    assert names[3].endswith(" 2") and len(names[3]) <= saves.MAX_NAME
    assert len({n.casefold() for n in names}) == 4
    assert params.parse_query("?players=3&names=Blue", seed=1).game_names() == [
        "Blue", "Blue 2", "Green"]  # a typed name may be another seat's own
    game = {"names": ["Di", "Di", "Di", 7]}
    saves.clean_names(game)  # a save with a name that is not text is left to its check
    assert game["names"] == ["Di", "Di", "Di", 7]
    game = {"names": ["Di", " Di ", "Di"]}
    saves.clean_names(game)
    assert game["names"] == ["Di", "Di 2", "Di 3"]


def test_a_save_made_with_repeated_names_keeps_its_history():
    """A save from before names were told apart: its game and its record are both renamed,
    so the record still leads to the game and the game's history is kept."""
    from ui import record

    s = cakegame.new_game(players=2, seed=9, names=["Di", "Di"])
    rec = record.Record(2, 9, ["Di", "Di"], None, ["human", "human"], [])
    for _ in range(6):
        a = str(s.legal_actions()[0])
        s = s.apply(a)
        rec.actions.append(a)
    save = saves.decode(saves.encode(s, ["human", "human"], record=rec))
    assert list(save.state.names) == ["Di", "Di 2"]
    assert save.record is not None and save.record.names == ["Di", "Di 2"]
    assert record.check(save.record, save.state)[-1] == save.state


def test_the_address_bar_keeps_the_computers_pace_a_link_asked_for():
    """A reload reads the address bar: a demo at `botpace=1200` went back to the normal pace
    (a play-tester). The shared link leaves it out (a pace is the page's, not the game's)."""
    s = params.parse_query("?players=3&seed=23&seats=human,medium,hard&botpace=1200", seed=1)
    again = params.parse_query(params.address_of(s), seed=1)
    assert (again.bot_pace_ms, again.confirm) == (1200, False)
    assert again.game_seats() == s.game_seats() and again.seed == 23
    s.confirm = True
    assert params.parse_query(params.address_of(s), seed=1).confirm
    assert "botpace" not in params.query_of(s)
    plain = params.parse_query("?players=2&seed=5", seed=1)
    assert params.address_of(plain) == params.query_of(plain)
    capped = params.parse_query("?players=2&seed=5&botcap=0", seed=1)
    assert params.parse_query(params.address_of(capped), seed=1).bot_cap_ms == 0


def test_a_link_without_pass_passes_the_device_when_two_or_more_people_play():
    """As the new-game form ticks it (two play-testers' links showed every hand to the
    room); a link's own `pass` stands, and a shared link says it."""
    assert params.parse_query("?players=3&seed=4", seed=1).pass_device
    assert params.parse_query("?seats=human,human,easy", seed=1).pass_device
    assert not params.parse_query("?players=3&seed=4&seats=human,easy,hard", seed=1).pass_device
    assert not params.parse_query("?players=3&seed=4&pass=0", seed=1).pass_device
    assert params.parse_query("?seats=human,easy&pass=1", seed=1).pass_device
    assert not params.parse_query("", seed=1).pass_device  # no link: the form decides
    for seats, passing in ((["human", "human"], False), (["human", "human"], True),
                           (["human", "easy"], False), (["human", "easy"], True)):
        link = params.query_of(params.Settings(players=2, seats=seats, pass_device=passing))
        assert params.parse_query(link, seed=1).pass_device is passing, link
    alone = params.query_of(params.Settings(players=2, seats=["human", "easy"]))
    assert "pass" not in alone  # one person: nothing to pass


def test_while_the_others_play_the_news_holds_their_turns_already_over():
    """A person watching a round of computers saw only the turn being played: the turns
    before it, since its own last one, stay in the news (`waiting_news`), and at its own
    turn they are the first part of what `since_events` tells, the turn just played after."""
    checked = 0
    for seed in range(1, 9):
        ses = _session(players=4, seed=seed)
        rng = random.Random(seed)
        me = ses.state.current_player
        assert ses.waiting_news(me) == []  # its own turn: nothing to wait on
        while ses.state.current_player == me and not ses.state.is_over:
            ses.apply(rng.choice(ses.legal_texts()))
        over: list = []  # the others' turns finished so far, as the news tells them
        turn = ses.state.turn_number
        while not ses.state.is_over and ses.state.turn != me:
            if ses.state.current_player == me:  # a choice in another's turn
                ses.apply(rng.choice(ses.legal_texts()))
                continue
            assert ses.waiting_news(me) == over, (seed, ses.state.turn_number)
            ses.apply(rng.choice(ses.legal_texts()))
            if ses.state.turn_number != turn:  # a turn ended: all of it is news now
                over = ses.since_events(me)
                turn = ses.state.turn_number
                checked += bool(over)
        if not ses.state.is_over:
            assert ses.waiting_news(me) == [] and ses.since_events(me) == over
    assert checked >= 10


def test_losses_since_last_turn_add_up_the_others_destroyed_pieces():
    from ui.session import Session
    seen = 0
    for seed in range(8):
        ses = Session()
        ses.start(cakegame.new_game(players=2, seed=seed), ["human", "human"], False)
        rng = random.Random(seed)
        # What each seat has not seen: the other's moves since its own last turn, and its
        # own choices in the other's turns (told as news too).
        lost_by: dict[int, dict[str, int]] = {0: {}, 1: {}}
        while not ses.state.is_over:
            me = ses.state.current_player
            assert ses.losses_since(me) == {k: v for k, v in lost_by[me].items() if v}
            owner = ses.state.turn
            if owner == me:  # a decision in the other's turn is not a turn of mine
                lost_by[me] = {}
            ses.apply(rng.choice(ses.legal_texts()))
            for e in ses.state.events:
                if e.kind.value in ("subjects_destroyed", "cake_incinerated"):
                    seen += 1
                    for seat in {1 - me} | ({me} if owner != me else set()):
                        lost_by[seat][e.chamber] = lost_by[seat].get(e.chamber, 0) + e.count
    assert seen > 10


def test_each_loss_badge_says_whose_pieces_it_counts():
    """The chamber under a badge tells each division's losses there, the player's own
    first, and adds up to the badge's number."""
    import re

    from ui import eventlog
    from ui.session import Session
    told = 0
    for seed in range(6):
        ses = Session()
        ses.start(cakegame.new_game(players=3, seed=seed), ["human"] * 3, False)
        rng = random.Random(seed)
        while not ses.state.is_over:
            s = ses.state
            me = s.current_player
            # The page draws the badges with "since your last turn", not within one's turn.
            losses = {} if ses.acted_this_turn(me) else ses.losses_since(me)
            notes = eventlog.loss_notes(ses.since_events(me), me, s.names)
            assert set(notes) == set(losses)
            for letter, note in notes.items():
                assert note.startswith("Since your last turn: ")
                counts = [int(n) for n in re.findall(r"(\d+) (?:Test Subject|Cake Slice)", note)]
                assert sum(counts) == losses[letter], note
                whose = re.findall(r"(?:^|; )(\w+) lost", note.split(": ", 1)[1])
                assert whose and ("you" not in whose or whose[0] == "you"), note
                assert all(w == "you" or w in s.names for w in whose), note
                told += 1
            ses.apply(rng.choice(ses.legal_texts()))
    assert told > 10
    names = ("Ann", "Bo")
    from cakegame.events import Event, EventKind
    moves = [(1, (Event(EventKind.SUBJECTS_DESTROYED, seat=0, chamber="K", count=2),
                  Event(EventKind.CAKE_INCINERATED, seat=1, chamber="K"),
                  Event(EventKind.SUBJECTS_DESTROYED, seat=1, chamber="K")))]
    assert eventlog.loss_notes(moves, 0, names) == {
        "K": "Since your last turn: you lost 2 Test Subjects; "
             "Bo lost 1 Cake Slice and 1 Test Subject"}


# ---- the start-up scripts' copies of Python's constants ------------------------------------

def test_the_start_up_scripts_copy_pythons_constants_faithfully():
    """js/early.js and js/rescue.js run before Python, so they repeat a few of its constants
    (comments there say whose): a change on one side must not leave the other behind."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent

    def var(js: str, name: str) -> str:
        m = re.search(rf"\bvar {name} = (.+?);", js, re.S)
        assert m, f"{name} is not defined as expected"
        return m.group(1)

    rescue = (root / "js" / "rescue.js").read_text(encoding="utf-8")
    assert json.loads(var(rescue, "SAVE_KEY")) == saves.SAVE_KEY
    assert json.loads(var(rescue, "BROKEN_PREFIX")) == saves.BROKEN_PREFIX
    assert int(var(rescue, "MAX_CHARS")) == saves.MAX_CHARS
    assert int(var(rescue, "MAX_DEPTH")) == saves.MAX_DEPTH
    early = (root / "js" / "early.js").read_text(encoding="utf-8")
    assert json.loads(var(early, "SAVE_KEY")) == saves.SAVE_KEY
    # The seat rows are index.html's, not the script's (tests/test_site_files.py checks them).
    assert "DIVISIONS" not in early and "maxLength" not in early


def test_since_summary_tells_a_reward_of_mine_that_my_supply_could_not_pay():
    """Won in another's turn, a reward the player's supply could not pay was missing from
    "Since your last turn" ("You won A: +1 card", the Test Subject owed unsaid: a
    play-tester); another player's is left to the log."""
    from cakegame.events import Event
    from cakegame.events import EventKind as K
    from ui import eventlog
    moves = [(1, (Event(K.MAJORITY, 0, "A"), Event(K.CARD_TAKEN, 0, cause="reward"),
                  Event(K.SUBJECTS_NONE_LEFT, 0, cause="reward"),
                  Event(K.CAKE_NONE_LEFT, 1, count=2, cause="reward")))]
    out = eventlog.since_summary(moves, 0, ("Ann", "Bob"))
    assert ("you", "1 Test Subject owed to you not delivered (none left)") in out, out
    assert not any("Cake Slice" in text for _, text in out), out
    seen_by_bob = eventlog.since_summary([(2, moves[0][1])], 1, ("Ann", "Bob", "Cy"))
    assert seen_by_bob == [("you", "2 Cake Slices owed to you not delivered (none left)"),
                           ("who", "Cy"), ("gain", "Ann won A: +1 card")], seen_by_bob


def test_since_summary_leads_with_what_happened_to_the_player():
    """Built from events alone: the player's losses come first, then what happened to
    their pieces, then a line for each turn of the others, in the order they played, led
    by whose turn it was ("who"): the card deployed and the moves, the gains, the recycles
    they led to, the others' losses; whatever order the events came in. Three
    play-testers of four-player games had read the news by kind (every gain, then every
    loss, then every move) while asking "what did Blue do?"."""
    from cakegame.events import Event
    from cakegame.events import EventKind as K
    from ui import eventlog
    names = ("Ann", "Bob", "Cy")
    moves = [
        (1, (Event(K.MOVED, 1, "P", "N", 2), Event(K.CAKE_MOVED, 0, "P", "N"),
             Event(K.MAJORITY, 1, "N"), Event(K.SUBJECTS_IN, 1, "A", count=2, cause="reward"),
             Event(K.CARD_TAKEN, 1, cause="reward"),
             Event(K.SUBJECTS_DESTROYED, 0, "N", count=3, cause="recycle"),
             Event(K.CAKE_INCINERATED, 0, "N", cause="recycle"),
             Event(K.RECYCLED, None, "N", row="top"))),
        (2, (Event(K.MOVED, 0, "K", "L"), Event(K.TURRET, None, "K", "L"),
             Event(K.SUBJECTS_DESTROYED, 0, "L", cause="turret"),
             Event(K.SUBJECTS_DESTROYED, 2, "L", cause="turret"))),
    ]
    out = eventlog.since_summary(moves, 0, names)
    assert out == [
        # What took them, with where (a Turret already in L had gone unsaid: a play-tester).
        ("loss", "You lost 4 Test Subjects (N recycled; L by the Turret)"),
        ("loss", "1 Cake Slice of yours incinerated (N recycled)"),
        # Told as what was done to Ann, by whom: her cake carried off, her subjects moved.
        ("you", "Bob carried 1 of your Cake Slices P→N"),
        ("you", "Cy moved 1 of your Test Subjects K→L"),
        # Bob's turn: his name leads, his doings follow without it, cause before consequence.
        ("who", "Bob"),
        ("move", "moved 2 Test Subjects P→N with 1 Cake Slice"),
        ("gain", "won N: +2 Test Subjects, +1 card"),
        ("recycle", "recycled chamber N into the top row"),
        ("who", "Cy"),
        ("move", "Turret → L"),
        ("others", "lost 1 Test Subject (L by the Turret)"),
    ], out
    assert [eventlog.SINCE_PART[k] for k, _ in out] == [0] * 4 + [1] * 7
    neuro = [(2, (Event(K.SUBJECTS_DESTROYED, 0, "C", cause="glados"),
                  Event(K.SUBJECTS_DESTROYED, 0, "D", cause="glados")))]
    assert eventlog.since_summary(neuro, 0, names) == [
        ("loss", "You lost 2 Test Subjects (C, D by Neurotoxin)")]
    # Another division's subjects moved by a card: told as its mover's doing.
    shove = [(2, (Event(K.MOVED, 1, "R", "E", 2),))]
    assert eventlog.since_summary(shove, 0, names) == [
        ("who", "Cy"), ("move", "moved 2 of Bob's Test Subjects R→E")]
    # N was recycled after Bob's move into it: it stands elsewhere now, so no arrow for it.
    assert eventlog.arrows(moves) == [("K", "L", 0, 1)]
    assert eventlog.arrows(moves[:1]) == []
    # A move into a chamber after its recycle is drawn: it lies where the chamber is now.
    again = [*moves, (2, (Event(K.MOVED, 2, "P", "N"), Event(K.MOVED, 2, "P", "N")))]
    assert eventlog.arrows(again) == [("K", "L", 0, 1), ("P", "N", 2, 2)]
    # Bob's turn seen by Cy, who lost nothing: Bob's doings, Ann's losses named.
    cy = eventlog.since_summary(moves[:1], 2, names)
    assert cy == [("who", "Bob"), ("move", "moved 2 Test Subjects P→N with 1 Cake Slice"),
                  ("gain", "won N: +2 Test Subjects, +1 card"),
                  ("recycle", "recycled chamber N into the top row"),
                  # The others' losses say what took them (Neurotoxin had gone unsaid),
                  # a division's in one phrase.
                  ("others", "Ann lost 3 Test Subjects and 1 Cake Slice (N recycled)")], cy
    assert eventlog.since_summary(neuro, 1, names) == [
        ("who", "Cy"), ("others", "Ann lost 2 Test Subjects (C, D by Neurotoxin)")]
    # Another's choice in Bob's turn (Cy collecting the rewards of a chamber Bob activated)
    # is told in Bob's line, by Cy's name; so is a turn's bonus card, its taker unnamed.
    won = [(1, (Event(K.MOVED, 1, "A", "B"), Event(K.CARD_TAKEN, 1, cause="bonus"),
                Event(K.MAJORITY, 2, "B"))),
           (1, (Event(K.CAKE_IN, 2, "B", count=2, cause="reward"),))]
    assert eventlog.since_summary(won, 0, names) == [
        ("who", "Bob"), ("move", "moved 1 Test Subject A→B"),
        ("gain", "took 1 card as a bonus"), ("gain", "Cy won B: +2 Cake Slices")]


def test_since_summary_names_whose_losses_and_tells_an_ending():
    """Found by a play-tester over 550 strips of four-player games: an unnamed "lost 1 Cake
    Slice" after "Green lost 1 Test Subject" was read as Green's (it was the line's own
    division's); a recycle that ended the game was told as done ("F recycled"), though F
    stays in the lab, and the game's end went untold; two moves along one path read as a
    repeat; a Turret a card placed came after the moves it took subjects from; an extra
    move came before the win of the move before it."""
    from cakegame.events import Event
    from cakegame.events import EventKind as K
    from ui import eventlog
    names = ("Ann", "Bob", "Cy", "Di")
    blue = [(1, (Event(K.TURRET, None, "K", "D"), Event(K.MOVED, 1, "A", "Q"))),
            (1, (Event(K.MOVED, 1, "A", "Q"), Event(K.MOVED, 1, "C", "E"),
                 Event(K.SUBJECTS_DESTROYED, 2, "E", cause="recycle"),
                 Event(K.CAKE_INCINERATED, 1, "E", cause="recycle"),
                 Event(K.SUBJECTS_DESTROYED, 1, "E", count=2, cause="recycle"),
                 Event(K.RECYCLED, None, "E", row="top")))]
    assert eventlog.since_summary(blue, 0, names) == [
        ("who", "Bob"), ("move", "Turret → D"), ("move", "moved 2 Test Subjects A→Q"),
        ("move", "moved 1 Test Subject C→E"),
        ("recycle", "recycled chamber E into the top row"),
        ("others", "lost 2 Test Subjects and 1 Cake Slice (E recycled)"),
        ("others", "Cy lost 1 Test Subject (E recycled)")]
    # Causes apart, each said with its pieces.
    mixed = [(3, (Event(K.SUBJECTS_DESTROYED, 3, "D", cause="turret"),
                  Event(K.CAKE_INCINERATED, 3, "A", count=2, cause="recycle"),
                  Event(K.RECYCLED, None, "A", row="middle")))]
    assert eventlog.since_summary(mixed, 0, names)[-1] == (
        "others", "lost 1 Test Subject (D by the Turret) and 2 Cake Slices (A recycled)")
    # The recycle that ended the game: F stays where it was, and the end is told.
    ending = [(2, (Event(K.MOVED, 2, "A", "K"),)),
              (2, (Event(K.SUBJECTS_DESTROYED, 0, "F", cause="recycle"),
                   Event(K.SUBJECTS_DESTROYED, 3, "F", cause="recycle"),
                   Event(K.GAME_OVER, 3, cause="no_subjects")))]
    out = eventlog.since_summary(ending, 0, names)
    assert out == [
        ("loss", "You lost 1 Test Subject (F, whose recycle ended the game)"),
        ("who", "Cy"), ("move", "moved 1 Test Subject A→K"),
        ("others", "Di lost 1 Test Subject (F, whose recycle ended the game)"),
        ("end", "the game ended: Di has no Test Subjects left in the Laboratory")], out
    assert all(k in eventlog.SINCE_PART for k, _ in out)
    # A turn's stages in the order played: Wheatley's extra move after the chamber the
    # first move won and recycled (it had been told before them); alike moves of one stage
    # are still told once.
    wheatley = [(1, (Event(K.CARD_DEPLOYED, 1, card="wheatley"),)),
                (1, (Event(K.MOVED, 1, "B", "I"),)),
                (1, (Event(K.MAJORITY, 1, "I"), Event(K.CAKE_IN, 1, "I", cause="reward"))),
                (1, (Event(K.RECYCLED, None, "I", row="top"),)),
                (1, (Event(K.MOVED, 1, "B", "A"),))]
    assert eventlog.since_summary(wheatley, 0, names) == [
        ("who", "Bob"), ("move", "deployed Wheatley: Extra Move"),
        ("move", "moved 1 Test Subject B→I"), ("gain", "won I: +1 Cake Slice"),
        ("recycle", "recycled chamber I into the top row"),
        ("move", "moved 1 Test Subject B→A")]


def test_since_summary_tells_a_chambers_rewards_apart_from_other_gains():
    """A chamber won lists its rewards; a card taken as a move's bonus or by a card's
    action is told with where it came from ("Green won D: +1 card, +1 Cake Slice" had read
    as D's rewards, which are a Cake Slice and the Cube: a phone play-tester)."""
    from cakegame.events import Event
    from cakegame.events import EventKind as K
    from ui import eventlog
    names = ("Ann", "Bo", "Cy")
    moves = [
        (2, (Event(K.MOVED, 2, "A", "B"), Event(K.CARD_TAKEN, 2, cause="bonus"))),
        (2, (Event(K.MAJORITY, 2, "D"),)),
        (2, (Event(K.CAKE_IN, 2, "K", cause="reward"),)),
        (1, (Event(K.CARD_DEPLOYED, 1, card="fact"), Event(K.CARD_TAKEN, 1, cause="fact"),
             Event(K.CARD_TAKEN, 1, cause="fact"))),
    ]
    gains = [t for k, t in eventlog.since_summary(moves, 0, names) if k == "gain"]
    assert gains == ["won D: +1 Cake Slice", "took 1 card as a bonus",
                     "took 2 cards from Fact Core"], gains
    # Another division's, in a line not its own, are told with its name.
    as_cys = [(2, events) for _, events in moves]
    gains = [t for k, t in eventlog.since_summary(as_cys, 0, names) if k == "gain"]
    assert gains == ["won D: +1 Cake Slice", "took 1 card as a bonus",
                     "Bo: +2 cards from Fact Core"], gains
    # The player's own gains in another's turn (the rewards of a chamber Cy activated,
    # collected by Ann, told as Cy's turn's) are news too: her count rose unexplained.
    mine = [(2, (Event(K.MAJORITY, 0, "L"),)),
            (2, (Event(K.SUBJECTS_IN, 0, "A", count=3, cause="reward"),))]
    assert eventlog.since_summary(mine, 0, names) == [("you", "You won L: +3 Test Subjects")]
    # A card for a Cake Slice burnt (Combustible Lemons) is no move's bonus: "+2 cards as a
    # bonus" had counted it with one.
    burnt = [(2, (Event(K.CAKE_INCINERATED, 2, "K", cause="burn"),
                  Event(K.CARD_TAKEN, 2, cause="lemons"))),
             (2, (Event(K.MOVED, 2, "A", "B"), Event(K.CARD_TAKEN, 2, cause="bonus")))]
    assert [t for k, t in eventlog.since_summary(burnt, 0, names) if k == "gain"] == [
        "took 1 card for a burnt Cake Slice; 1 card as a bonus"]


def test_since_summary_tells_the_cards_deployed_and_the_portal_gun_fired():
    """Play-testers found "Blue deploys Atlas: Tandem Step" in the log but not in the news,
    and Portals moved with no word of who fired the Portal Gun."""
    from cakegame.events import Event
    from cakegame.events import EventKind as K
    from ui import eventlog
    names = ("Ann", "Bob", "Cy")
    moves = [
        (1, (Event(K.CARD_DEPLOYED, 1, card="wheatley"), Event(K.MOVED, 1, "P", "N", 2))),
        (2, (Event(K.CARD_DEPLOYED, 2, card="atlas", cause="gun"),
             Event(K.PORTAL, None, "E", "D"))),
    ]
    out = eventlog.since_summary(moves, 0, names)
    assert out == [("who", "Bob"), ("move", "deployed Wheatley: Extra Move"),
                   ("move", "moved 2 Test Subjects P→N"),
                   ("who", "Cy"), ("move", "fired the Portal Gun (Atlas)"),
                   ("move", "Portals E↔D")], out
    # A seat's own cards are not news to it.
    assert not any("deployed" in text for _, text in eventlog.since_summary(moves, 1, names))


def test_since_events_follow_the_log_and_come_back_after_a_resume():
    """Whenever others destroyed a seat's Test Subjects since its last turn, the summary's
    first phrase says so; a saved and resumed game tells the same (rebuilt from its record)."""
    from ui import eventlog, record
    from ui.session import Session
    seen = 0
    for seed in range(6):
        ses = _session(players=3, seed=seed)
        ses.record = record.Record(3, seed, list(ses.state.names), None, ["human"] * 3, [])
        rng = random.Random(seed)
        while not ses.state.is_over and ses.state.turn_number < 30:
            me = ses.state.current_player
            moves = ses.since_events(me)
            out = eventlog.since_summary(moves, me, ses.state.names)
            mine = sum(e.count for _, evs in moves for e in evs
                       if e.kind.value == "subjects_destroyed" and e.seat == me)
            if mine:
                seen += 1
                assert out[0] == ("loss", f"You lost {mine} Test Subject" + "s" * (mine > 1)
                                  + out[0][1][out[0][1].index(" ("):]), out
                back = Session()
                back.resume(saves.decode(ses.save_text()))
                assert back.since_events(me) == moves
                assert back.losses_since(me) == ses.losses_since(me)
            ses.apply(rng.choice(ses.legal_texts()))
    assert seen > 5


def test_a_recycle_that_ends_the_game_says_the_chamber_stays():
    """A recycle's own losses can end the game; the chamber then stays at the old edge
    (docs/rules.md), and the log says so: a play-tester read "recycles chamber I into the
    middle row" and found I where it was."""
    from ui import eventlog, story
    seen = cakes = 0
    for seed in range(300):
        s = cakegame.new_game(players=3, seed=seed)
        rng = random.Random(seed)
        while not s.is_over and seen < 6:
            a = rng.choice(s.legal_actions())
            t = s.apply(a)
            if t.is_over and str(a).startswith("recycle ") and not any(
                    e.kind.value == "recycled" for e in t.events):
                gone = [c.letter for c in s.chambers() if c.glados]
                words = eventlog.entry_text(s, str(a), t)
                stays = f"the game ends before the recycle is done, so {gone[0]} stays in the lab"
                assert stays in words, words
                # Told as begun, not as done: "starts to recycle chamber I ...".
                assert " starts to recycle chamber " in words.split(":", 1)[0], words
                assert " recycles chamber " not in words, words
                # and so does the result's last action, its parts separated as in the log
                said = story.ending([s, t], [str(a)])
                assert said is not None and f", {stays}" in said
                # the cake left in the chamber still counts, and the words say how much
                cake = sum(sum(c.cake) for c in t.chambers() if c.letter == gone[0])
                assert (f"Cake Slice{'s' if cake > 1 else ''} in {gone[0]} still" in words) \
                    == (cake > 0), words
                cakes += cake > 0
                seen += 1
            s = t
        if seen >= 6:
            break
    assert seen == 6 and cakes > 0


def test_a_last_cake_slice_burnt_by_a_recycle_ends_the_game_with_the_chamber_in_place():
    """The end is checked after every change: a recycle that burns a division's eighth
    Cake Slice ends the game there, the chamber neither flipped nor moved (the replay told
    it recycled after the game was over), and the log says it stays."""
    from enginehelp import pos, run
    from ui import eventlog
    s = run(pos(subjects={"E": [1, 1], "A": [1, 1]}, cake={"E": [1, 0], "B": [0, 1]},
                burned=[7, 0], step="activate"), "activate E")
    where = s.chamber("E")
    t = s.apply("recycle top")
    assert t.is_over and t.outcome.reason.value == "cake_incinerated"
    assert not any(e.kind.value == "recycled" for e in t.events)
    after = t.chamber("E")
    assert (after.row, after.x, after.face) == (where.row, where.x, where.face)
    assert sum(after.cake) == 0 and after.glados
    words = eventlog.entry_text(s, "recycle top", t)
    assert "the game ends before the recycle is done, so E stays in the lab" in words, words


def test_turn_so_far_is_told_from_events_own_losses_first():
    """"This turn so far" is built from the engine's events like "since your last turn":
    the player's own losses lead, then the rest as it happened, in the engine's short
    forms; the turn's start is left out."""
    from cakegame.events import Event
    from cakegame.events import EventKind as K
    from ui import eventlog
    moves = [
        (0, (Event(K.CARD_DEPLOYED, 0, card="wheatley", cause="gun", name="Ann"),
             Event(K.CHARACTER, card="wheatley"),
             Event(K.PORTAL, 0, "K", "L", cause="gun"))),
        (0, (Event(K.MOVED, 0, "A", "B", 2), Event(K.SUBJECTS_DESTROYED, 0, "B", count=2,
                                                      cause="turret"),
             Event(K.SUBJECTS_IN, 0, "C", cause="bonus"))),
        (0, (Event(K.MAJORITY, 0, "E", name="Ann"),
             Event(K.SUBJECTS_DESTROYED, 1, "E", cause="recycle"),
             Event(K.RECYCLED, None, "E", row="top"), Event(K.TURN, 1, count=5, name="Bob"))),
    ]
    out = eventlog.turn_summary(moves, 0)
    assert out[0] == ("loss", "2 Orange Test Subjects destroyed in B by the Turret")
    assert [k for k, _ in out] == ["loss", "note", "note", "move", "move", "gain", "gain",
                                   "others", "recycle"], out
    assert out[1][1] == "Ann deploys Wheatley for the Portal Gun"
    assert out[4][1] == "2 Orange Test Subjects from A to B"
    # The rewards collected follow as phrases of their own: the majority claims none
    # (with nothing left to collect, "and its rewards" told of rewards that never came).
    assert out[6][1] == "Ann wins E's majority"
    fewest = eventlog.turn_summary([(0, (Event(K.MAJORITY, 0, "E", cause="fewest",
                                                 name="Ann"),))], 0)
    assert fewest == [("gain", "Ann wins E with the fewest Test Subjects")]
    assert all("turn" not in text for _, text in out)
    # The kinds become class names beside "since-turn": none is a class the page styles
    # as something else (".card" is a card of the hand).
    css = (Path(__file__).resolve().parent.parent / "css" / "game.css").read_text()
    for kind in {k for k, _ in out} - {"loss", "others", "gain", "recycle", "move"}:
        assert not re.search(r"\." + kind + r"(?![-\w])", css), kind
    # Told for another seat (Bob), Bob's loss leads and Ann's is "others".
    bob = eventlog.turn_summary(moves, 1)
    assert bob[0] == ("loss", "1 Blue Test Subject destroyed in E")
    assert ("others", "2 Orange Test Subjects destroyed in B by the Turret") in bob
    # Alike arrivals are told once, counted (two rewards of a Cake Slice each in K).
    twice = [(0, (Event(K.CAKE_IN, 0, "K", cause="reward"),)),
             (0, (Event(K.CARD_TAKEN, 0, name="Ann"), Event(K.CAKE_IN, 0, "K", cause="reward"),
                  Event(K.CAKE_IN, 0, "L", cause="reward")))]
    texts = [t for _, t in eventlog.turn_summary(twice, 0)]
    assert texts == ["2 Orange Cake Slices into K", "Ann takes an Aperture Card",
                     "1 Orange Cake Slice into L"], texts
    # Trivia Night's two cards are one phrase, not the same phrase twice (a play-tester).
    trivia = [(0, (Event(K.CARD_DEPLOYED, 0, card="fact", name="Ann"),
                   Event(K.CARD_TAKEN, 0, card="ratman", cause="fact", name="Ann"),
                   Event(K.CARD_TAKEN, 0, card="pbody", cause="fact", name="Ann")))]
    texts = [t for _, t in eventlog.turn_summary(trivia, 0)]
    assert texts[1:] == ["Ann takes 2 Aperture Cards"], texts


def test_turn_events_are_the_seats_moves_this_turn_and_come_back_after_a_resume():
    """`Session.turn_events` gives the engine's events of the moves in this turn from the
    seat to act's first on (what the strip says once they acted), and a resumed game gives
    the same, its events rebuilt from the record."""
    from ui import eventlog, record
    from ui.session import Session
    checked = 0
    for seed in range(4):
        ses = _session(players=2 + seed % 3, seed=seed)
        n = ses.state.players
        ses.record = record.Record(n, seed, list(ses.state.names), None, ["human"] * n, [])
        rng = random.Random(seed)
        mine: list[tuple] = []  # this turn's events of its player, as applied
        turn, player = ses.state.turn_number, ses.state.current_player
        while not ses.state.is_over and ses.state.turn_number < 25:
            s = ses.state
            if (s.turn_number, s.turn) != (turn, player):
                turn, player, mine = s.turn_number, s.turn, []
            me = s.current_player
            got = ses.turn_events(me)
            if me == player:
                assert got == mine
                if mine and seed % 2 == 0 and checked % 7 == 0:
                    back = Session()
                    back.resume(saves.decode(ses.save_text()))
                    assert back.turn_events(me) == got
                    assert eventlog.turn_summary(back.turn_events(me), me) == \
                        eventlog.turn_summary(got, me)
                checked += bool(mine)
            ses.apply(rng.choice(ses.legal_texts()))
            # From the player's first move of the turn on, every move of the turn counts,
            # another's in between too (a division collecting rewards the player earned
            # it); and "since your last turn" says nothing then.
            if ses.state.turn_number == turn and (mine or me == player):
                mine.append((me, tuple(ses.state.events)))
                assert ses.since_last_turn(player) == []
    assert checked > 50


def _drawn_lab(s):
    """Each chamber of `s` with its letter's, reward icons', counters' and badges' boxes
    placed on the lab (drawing.content_boxes), and all the boxes in one list."""
    from ui import drawing
    players, portal_no, out, drawn = s.players, 0, {}, []
    for c in s.chambers():
        portal = None
        if c.portal:
            portal, portal_no = portal_no, portal_no + 1
        cx, cy = drawing.centre(c.row, c.x)
        boxes = [(x0 + cx, y0 + cy, x1 + cx, y1 + cy)
                 for x0, y0, x1, y1 in drawing.content_boxes(c, portal, players)]
        n_icons = len(c.icons)
        n_counters = sum(1 for n in c.subjects if n) + sum(1 for n in c.cake if n)
        out[c.letter] = {"spot": (c.row, c.x), "letter": boxes[:1],
                         "icons": boxes[1:1 + n_icons],
                         "counters": boxes[1 + n_icons:1 + n_icons + n_counters]}
        drawn.extend(boxes)
    return out, drawn


def _meet(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_loss_badges_cover_no_letter_and_no_reward_icons_in_late_labs():
    """A loss badge goes to the first of its chamber's places that covers nothing drawn;
    over every chamber of 30 late-game labs, none covers any chamber's letter or reward
    icons, and most cover nothing at all."""
    from ui import drawing
    free = total = 0
    for seed in range(30):
        s = play(cakegame.new_game(players=2 + seed % 3, seed=seed), 200 + seed * 7, seed)
        lab, drawn = _drawn_lab(s)
        marks = [b for c in lab.values() for b in c["letter"] + c["icons"]]
        for c in lab.values():
            x, y = drawing.loss_spot(c["spot"], drawn)
            r = drawing.LOSS_R
            box = (x - r, y - r, x + r, y + r)
            assert not any(_meet(box, m) for m in marks), (seed, c)
            total += 1
            free += not any(_meet(box, b) for b in drawn)
    assert free / total > 0.9, (free, total)


def test_move_arrows_end_at_the_destinations_border_and_keep_off_the_chambers_marks():
    """Every arrow's tip lies just inside its destination's border, on no chamber's
    counters. Between neighbours the arrow (tail to tip) crosses nothing a chamber shows;
    through the Portals (here between any two chambers of 30 late-game labs) the bowed
    arrow crosses another chamber's letter or reward icons for few pairs (drawn straight
    through, or bowed one fixed way, half of them did)."""
    import math
    import re

    from ui import drawing
    near = far = far_crossing = 0
    for seed in range(30):
        s = play(cakegame.new_game(players=2 + seed % 3, seed=seed), 200 + seed * 7, seed)
        lab, drawn = _drawn_lab(s)
        counters = [b for c in lab.values() for b in c["counters"]]
        for a in lab:
            for b in lab:
                if a == b:
                    continue
                svg = drawing.arrow_markup(a, b, 0, 2, lab[a]["spot"], lab[b]["spot"], drawn)
                tail = re.search(r'class="shaft" d="M([-\d.]+) ([-\d.]+) (L|Q)'
                                 r'([-\d.]+) ([-\d.]+)(?: ([-\d.]+) ([-\d.]+))?', svg)
                head = re.search(r'class="head" points="([-\d.]+),([-\d.]+) ', svg)
                assert tail and head, svg
                tx, ty = float(head[1]), float(head[2])
                assert not any(x0 < tx < x1 and y0 < ty < y1 for x0, y0, x1, y1 in counters)
                bx, by = drawing.centre(*lab[b]["spot"])
                assert drawing.INRADIUS - 12 < math.hypot(tx - bx, ty - by) < drawing.R
                x0, y0 = float(tail[1]), float(tail[2])
                if tail[3] == "L":
                    near += 1
                    points = [(x0 + (tx - x0) * k / 8, y0 + (ty - y0) * k / 8) for k in range(9)]
                    assert not any(q[0] < x < q[2] and q[1] < y < q[3]
                                   for x, y in points for q in drawn), (seed, a, b)
                    continue
                far += 1
                cx, cy, ex, ey = (float(v) for v in tail.groups()[3:])
                marks = [q for k, c in lab.items() if k not in (a, b)
                         for q in c["letter"] + c["icons"]]
                points = [((1 - t) ** 2 * x0 + 2 * (1 - t) * t * cx + t * t * ex,
                           (1 - t) ** 2 * y0 + 2 * (1 - t) * t * cy + t * t * ey)
                          for t in (k / 40 for k in range(41))]
                far_crossing += any(q[0] < x < q[2] and q[1] < y < q[3]
                                    for x, y in points for q in marks)
    assert near > 1000 and far > 4000
    assert far_crossing / far < 0.2, (far_crossing, far)


def test_a_portal_moves_count_stands_clear_of_the_chambers_marks():
    """A move through the Portals shows its count on its faint curve: at the middle, or
    the nearest point along the curve that covers no chamber's letter, icons or counters
    (one stood on a chamber's counters, which then read "1 2 2"). Over every pair of
    chambers of 30 late-game labs, almost no count touches anything drawn."""
    import re

    from ui import drawing
    far = touching = 0
    for seed in range(30):
        s = play(cakegame.new_game(players=2 + seed % 3, seed=seed), 200 + seed * 7, seed)
        lab, drawn = _drawn_lab(s)
        for a in lab:
            for b in lab:
                if a == b or drawing.adjacent(lab[a]["spot"], lab[b]["spot"]):
                    continue
                svg = drawing.arrow_markup(a, b, 0, 2, lab[a]["spot"], lab[b]["spot"], drawn)
                n = re.search(r'class="n" x="([-\d.]+)" y="([-\d.]+)"', svg)
                assert n, svg
                x, y = float(n[1]), float(n[2]) - 5
                # On a disc of its own, so a count inside a chamber does not read as that
                # chamber's ("I holds 3", a play-tester).
                assert f'class="n-disc" cx="{x:.1f}" cy="{y:.1f}"' in svg, svg
                far += 1
                touching += any(_meet((x - 6, y - 7, x + 6, y + 7), q) for q in drawn)
    # (at the middle alone: 215 of 4954 touched something; now none does)
    assert far > 4000 and touching <= far // 200, (touching, far)


def test_the_drawn_lab_keeps_the_rules_adjacency_and_stays_within_its_rows():
    """Chambers drawn side by side are exactly the chambers the rules call adjacent (so a
    row is never shifted on its own to tidy the picture: that would draw false neighbours),
    and the drawing adds no slack: the lab is as wide as its rows' span, which the lab's
    connectedness keeps under three of its widest rows."""
    from cakegame import geometry
    from ui import drawing
    worst = 0.0
    for seed in range(10):
        s = play(cakegame.new_game(players=2 + seed % 3, seed=seed), 250, seed)
        chambers = s.chambers()
        pos = [[c.row, c.x] for c in chambers]
        for i, a in enumerate(chambers):
            near = set(geometry.neighbours(pos, i))
            ax, ay = drawing.centre(a.row, a.x)
            for j, b in enumerate(chambers):
                if i == j:
                    continue
                bx, by = drawing.centre(b.row, b.x)
                touching = abs(((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5 - drawing.W) < 1
                assert touching == (j in near) == drawing.adjacent((a.row, a.x), (b.row, b.x))
        box = [float(v) for v in drawing.view_box(chambers).split()]
        rows = [[c.x for c in chambers if c.row == r] for r in range(3)]
        widest = max((max(r) - min(r)) * drawing.W / 2 + drawing.W for r in rows if r)
        assert box[2] == pytest.approx((max(c.x for c in chambers) - min(c.x for c in chambers))
                                       * drawing.W / 2 + 2 * drawing.PAD_X, abs=0.2)
        worst = max(worst, box[2] / widest)
    assert worst <= 3.0, worst


def test_move_arrows_run_from_chamber_to_chamber_and_bow_through_the_portals():
    from ui import drawing
    near = drawing.arrow_markup("A", "B", 1, 2, (0, 4), (0, 6))
    assert 'data-from="A" data-to="B"' in near and "move-arrow d1" in near
    assert "portal-move" not in near and ">2</text>" in near  # two subjects: counted
    far = drawing.arrow_markup("C", "K", 0, 1, (0, 4), (2, 12))
    assert "portal-move" in far and " Q" in far and "<text" not in far
    # It starts in the start chamber and its head points into the destination.
    ax, _ = drawing.centre(0, 4)
    bx, _ = drawing.centre(0, 6)
    start = float(near.split('d="M')[1].split()[0])
    assert ax < start < bx


# ---- the lab's window: choices out of view (ui/edges.py) -----------------------------------

def test_hidden_choices_are_counted_by_the_side_they_lie_beyond():
    from ui import edges
    win = edges.Window(left=300, top=0, width=400, height=300, full_width=1500, full_height=300)
    # Half widths of 40: a centre 20 px inside an edge is three quarters in view.
    points = [(100, 150), (279, 150), (321, 150), (500, 150), (679, 150), (681, 150),
              (1400, 150), (500, 400)]
    sides = edges.hidden_sides(points, win, 40, 40)
    assert sides["left"] == [(100, 150), (279, 150)]
    assert sides["right"] == [(681, 150), (1400, 150)]
    assert sides["bottom"] == [(500, 400)] and sides["top"] == []
    # Beyond a corner: counted once, by the side it is further past.
    assert edges.hidden_sides([(900, 320)], win, 40, 40)["right"] == [(900, 320)]
    assert edges.hidden_sides([(710, 600)], win, 40, 40)["bottom"] == [(710, 600)]
    assert not any(edges.hidden_sides([(500, 150)], win, 40, 40).values())


def test_a_chamber_focused_by_keys_is_shown_by_the_least_move_of_the_window():
    from ui import edges
    # In view: the window stays, even at its edge.
    assert edges.nearest_start((300, 380), 300, 400, 1500) == 300.0
    assert edges.nearest_start((620, 700), 300, 400, 1500) == 300.0
    # Past the right edge: the window's right edge moves just past it (padded); past the
    # left, its left edge does; never beyond the content.
    assert edges.nearest_start((700, 780), 300, 400, 1500) == 388.0
    assert edges.nearest_start((100, 180), 300, 400, 1500) == 92.0
    assert edges.nearest_start((0, 80), 300, 400, 1500) == 0.0
    assert edges.nearest_start((1420, 1500), 300, 400, 1500) == 1100.0
    # Wider than the window: its start is shown.
    assert edges.nearest_start((600, 1100), 0, 400, 1500) == 592.0


def test_a_marker_brings_the_nearest_hidden_choices_into_view():
    from ui import edges
    win = edges.Window(left=300, top=0, width=400, height=300, full_width=1500, full_height=300)
    half, margin = 40, 20
    for side, hidden in (("right", [(760, 150), (900, 150), (1400, 150)]),
                         ("left", [(240, 150), (100, 150)])):
        left, top = edges.reveal(side, hidden, win, half, half, margin)
        assert top == win.top
        nearest = hidden[0][0]
        assert left <= nearest - half and nearest + half <= left + win.width
        # As many of the next ones as fit come too, and the far edge keeps the marker's room.
        shown = [x for x, _ in hidden if left + half <= x <= left + win.width - half]
        assert len(shown) == 2, (side, left, shown)
        assert 0 <= left <= win.full_width - win.width
    # Never past the content's end.
    assert edges.reveal("right", [(1480, 150)], win, half, half, margin)[0] == 1100
    assert edges.reveal("left", [(10, 150)], win, half, half, margin)[0] == 0
    assert edges.marker_text("bottom", 2) == ("2 ▾", "2 more chambers to choose below")
    assert edges.marker_text("top", 1) == ("▴ 1", "1 more chamber to choose above")


def test_a_side_marker_stands_where_it_covers_no_choice():
    """The side marker's height: off the chambers to choose at that edge, then off as much
    of the others as it can be; where nothing is in its way, near where it was asked."""
    from ui import edges
    win = edges.Window(left=0, top=0, width=390, height=330, full_width=1200, full_height=330)
    half_w, half_h, size, inset = 45.0, 52.0, (52.0, 40.0), 6.4

    def box_hit(y, centre):
        x1 = win.width - inset
        x0 = x1 - size[0]
        cx, cy = centre
        return (min(x1, cx + half_w) - max(x0, cx - half_w) > 0
                and min(y + size[1] / 2, cy + half_h) - max(y - size[1] / 2, cy - half_h) > 0)

    rows = [60.0, 60.0 + 78, 60.0 + 156]  # three rows' centres at the right edge
    chambers = [(370.0, y) for y in rows]
    for chosen in rows:  # whichever of them is a choice, the marker is not on it
        y = edges.marker_y("right", chambers, [(370.0, chosen)], win, half_w, half_h, size,
                           inset, default=rows[0] + 39)
        assert not box_hit(y, (370.0, chosen)), (chosen, y)
        assert size[1] / 2 <= y <= win.height - size[1] / 2
    # Room below the rows: there, covering nothing at all.
    y = edges.marker_y("right", chambers, chambers[:1], win, half_w, half_h, size, inset, 99.0)
    assert not any(box_hit(y, c) for c in chambers), y
    # Nothing at the edge: it stays where it was asked.
    assert edges.marker_y("right", [(100.0, 60.0)], [], win, half_w, half_h, size, inset,
                          99.0) == 99.0


def test_after_a_redraw_the_window_shows_as_many_choices_as_it_can():
    from ui import edges
    size, full = 400, 2000

    def shown(spans, at):
        return sum(1 for a, b in spans if a >= at - 0.5 and b <= at + size + 0.5)

    # All in view: the window stays where the player left it.
    assert edges.best_start([(100, 180), (300, 380)], 50, size, full) is None
    # They fit together: their span, centred.
    assert edges.best_start([(900, 980), (1100, 1180)], 0, size, full) == 840
    # Too many at once: the first of them is not enough; the window that shows the most.
    spans = [(100, 180), (800, 880), (900, 980), (1000, 1080), (1100, 1180), (1900, 1980)]
    at = edges.best_start(spans, 0, size, full)
    assert at is not None and shown(spans, at) == 4
    # Already showing the most it can: it stays.
    assert edges.best_start(spans, 790, size, full) is None
    # Some in view but fewer than it could show: it moves to show the most.
    at = edges.best_start(spans, 1600, size, full)
    assert at is not None and shown(spans, at) == 4
    # A lab that fits its panel never scrolls.
    assert edges.best_start(spans, 0, size, 400) is None

    # Rows drifted apart: the one choice stands at the left end of the top row, the other
    # rows lie to its right. Of the windows that show the choice, the one with the most
    # chambers besides (a play-tester saw the top row and an empty band beside it).
    top_row = [(x, x + 80) for x in range(100, 600, 100)]
    others = [(x, x + 80) for x in range(600, 1400, 100)]
    choice = [(100, 180)]
    plain = edges.best_start(choice, 1500, size, full)
    at = edges.best_start(choice, 1500, size, full, lab=top_row + others)
    assert plain is not None and at is not None
    assert at <= 100 - 8 and at + size >= 180 + 8  # the choice in view, padded
    assert shown(top_row + others, at) > shown(top_row + others, plain)
    # All in view already: it stays, whatever the rest of the lab.
    assert edges.best_start(choice, 50, size, full, lab=top_row + others) is None


def test_a_staircase_lab_s_window_shows_two_rows_where_it_can():
    """Rows drifted into a staircase (each row's chambers to the right of the row above):
    with every chamber a choice, a window on the top row alone showed as many choices as
    one where two rows meet, and the phone's window stayed on the top row, the other rows
    wholly beyond its edge (a play-tester). It goes where two rows meet, nearest where it
    was, and stays there at the next decision."""
    from ui import edges
    size = 400
    top = [((x, x + 80), 0.0) for x in range(0, 900, 100)]        # nine chambers
    middle = [((x, x + 80), 90.0) for x in range(850, 1150, 100)]  # three, from the top's end
    bottom = [((x, x + 80), 180.0) for x in range(1250, 1550, 100)]
    lab = top + middle + bottom
    spans = [span for span, _ in lab]
    rows = [row for _, row in lab]
    full = 1550

    def seen(at):
        inside = [(a, b, r) for (a, b), r in lab if a >= at - 0.5 and b <= at + size + 0.5]
        return len(inside), len({r for _, _, r in inside})

    plain = edges.best_start(spans, 0, size, full)
    assert plain is None  # as many choices as any window: it stayed on the top row
    at = edges.best_start(spans, 0, size, full, lab=spans, rows=rows)
    assert at is not None and seen(at)[0] == seen(0)[0] and seen(at)[1] == 2, (at, seen(at))
    assert edges.best_start(spans, at, size, full, lab=spans, rows=rows) is None


def test_a_chambers_badges_and_the_disarmed_turrets_strike_stay_inside_its_hexagon():
    """The row of badges (Portal, GLaDOS, Turret, Cube) under the counters: each, and the
    strike over a disarmed Turret, inside the hexagon (a play-tester saw a disarmed Turret
    beside a Portal cross the chamber's lower side)."""
    import math
    from types import SimpleNamespace

    from ui import drawing

    def inside(x: float, y: float, margin: float) -> bool:
        """(x, y) at least `margin` inside the pointy-top hexagon round (0, 0)."""
        for k in range(6):
            a = math.radians(60 * k)  # the normals of a pointy-top hexagon's sides
            if x * math.cos(a) + y * math.sin(a) > drawing.INRADIUS - margin:
                return False
        return True

    for turret, cube, glados, portal in ((1, 0, 0, 0), (1, 0, 0, 1), (1, 1, 0, 1), (0, 1, 1, 1)):
        c = SimpleNamespace(letter="N", icons=(), subjects=(1, 2, 0), cake=(1, 0, 2),
                            turret=bool(turret), cube=bool(cube), glados=bool(glados))
        markup = drawing.chamber_markup(c, 0 if portal else None, 3, disarmed=True)
        for x, y in re.findall(r'class="badge[^"]*" x="(-?[\d.]+)" y="(-?[\d.]+)" width="20"',
                               markup):
            cx, cy = float(x) + 10, float(y) + 10
            assert inside(cx, cy, 9.0), (turret, cube, glados, portal, cx, cy)
        for d in re.findall(r'class="disarm" d="M(-?[\d.]+) (-?[\d.]+) L(-?[\d.]+) (-?[\d.]+)"',
                            markup):
            x0, y0, x1, y1 = map(float, d)
            assert inside(x0, y0, 2.5) and inside(x1, y1, 2.5), d


def test_the_log_says_a_turret_shot_once():
    """Aria's shot: the choice's sentence names the chamber fired into, so the log line goes
    straight on to what the shot destroyed (it said "the Turret fires into G" again)."""
    from enginehelp import START, pos
    from ui import eventlog
    subjects = {k: v[:1] * 2 for k, v in START.items()} | {"G": (1, 2)}
    s = pos(hands=[["opera"], []], turret="H", subjects=subjects)
    s = s.apply("play opera").apply("turret stay")
    assert eventlog.entry_text(s, "fire G", s.apply("fire G")) == (
        "Orange has the Turret fire into chamber G (middle row): 1 Orange Test Subject "
        "destroyed in G, 2 Blue Test Subjects destroyed in G; Opera Turret is now the active "
        "Character")


def random_steps(players: int, seed: int):
    """One game of random legal actions (seeded): (the state before, the action as text,
    the state after) for each."""
    s = cakegame.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    while not s.is_over:
        a = str(rng.choice(s.legal_actions()))
        after = s.apply(a)
        yield s, a, after
        s = after


def test_the_log_sets_a_new_character_apart_from_the_choices_consequences():
    """"Blue's Test Subject carries one of their own Cake Slices: Caroline is now the active
    Character" read as if carrying the cake made Caroline active (a play-tester): the new
    Character follows the end of the card's action, after a semicolon."""
    from cakegame.events import EventKind, short
    from ui import eventlog
    for seed in range(30):
        for s, a, after in random_steps(3, seed):
            text = eventlog.entry_text(s, a, after)
            new = [short(e) for e in after.events if e.kind is EventKind.CHARACTER]
            if new:
                assert text.endswith("; " + new[-1]), text
                assert text.count("active Character") == 1, text
                return
    raise AssertionError("no new Character in 30 games")


def test_the_choices_bar_lists_its_ways_as_one_sentence():
    """The bar's opening words list every way to decide (a play-tester read "burn one of
    your Cake Slices in a highlighted chamber (1) for a reward or deploy a card from the
    tray, or choose:")."""
    from types import SimpleNamespace
    cave = next(c for c in cakegame.CARDS if c.name == "Cave Johnson")
    s = SimpleNamespace(character=cave)

    def hint(*texts: str) -> str:
        return targets.ways_hint(s, targets.sort_actions(list(texts)), "click")

    assert hint("burn K", "play glados", "gun glados", "end") == (
        "Burn one of your Cake Slices in a highlighted chamber for a reward (Cave Johnson's "
        "Combustible Lemons, 1 choice), deploy one of your cards, or choose:")
    assert hint("burn K", "play glados") == (
        "Burn one of your Cake Slices in a highlighted chamber for a reward (Cave Johnson's "
        "Combustible Lemons, 1 choice), or deploy one of your cards.")
    assert hint("from A", "from B") == "Click a highlighted chamber (2 choices)."
    assert hint("from A", "end") == "Click a highlighted chamber (1 choice), or choose:"
    assert hint("play glados", "end") == "Deploy one of your cards, or choose:"
    assert hint("end") == ""


def test_a_greyed_out_undo_says_why():
    """The Undo button's tooltip says why nothing can be taken back (a play-tester saw it
    grey out after taking an Aperture Card with the tooltip still offering to undo)."""
    from ui.session import Session
    ses = Session()
    ses.start(cakegame.new_game(players=2, seed=3), ["human", "human"], False)
    assert ses.undo_blocked() == "Nothing to take back yet this turn"
    rng = random.Random(2)
    said: dict[str, str] = {}
    while not ses.state.is_over and len(said) < 4:
        text = rng.choice(ses.legal_texts())
        ses.apply(text)
        why = ses.undo_blocked()
        assert (why == "") == ses.can_undo(), (text, why)
        said.setdefault(why, text)
        # A reload says the same (the reason travels in the save's ui).
        again = Session()
        again.resume(saves.decode(ses.save_text()))
        assert again.undo_blocked() == why, (text, why)
    assert said["Nothing to take back: a card was drawn or the deck shuffled since, and "
                "what was seen stays seen"] == "card"
    assert said["Nothing to take back yet this turn"].startswith("recycle ")
    assert "Nothing to take back: the last decision was another player's" in said
    # A save's reason is believed only if it is one the game gives.
    data = json.loads(ses.save_text())
    data["ui"]["undo_stop"] = "<b>anything</b>"
    odd = Session()
    odd.resume(saves.decode(json.dumps(data)))
    assert odd.undo_stop == ""
    ses.seats = ["easy", "easy"]
    assert ses.undo_blocked() == "Nothing to take back: it is not your turn"


def test_undo_taken_back_to_where_it_stops_says_why_it_stops_there():
    """Undo taken back as far as it goes says what it said when that moment was first
    reached ("a card was drawn ...", not "Nothing to take back yet this turn", which a
    keyboard play-tester read after a card drawn and a move since taken back), in the
    session and after a reload."""
    from ui.session import Session
    checked = 0
    for seed in range(1, 4):
        ses = Session()
        ses.start(cakegame.new_game(players=2, seed=seed), ["human", "human"], False)
        rng = random.Random(seed)
        said = {ses.state.to_json(): ses.undo_blocked()}
        while not ses.state.is_over:
            ses.apply(rng.choice(ses.legal_texts()))
            said.setdefault(ses.state.to_json(), ses.undo_blocked())
            if not ses.can_undo():
                continue
            copy = Session()
            copy.resume(saves.decode(ses.save_text()))
            while copy.undo() is not None:
                pass
            assert copy.undo_blocked() == said[copy.state.to_json()], seed
            again = Session()
            again.resume(saves.decode(copy.save_text()))
            assert again.undo_blocked() == copy.undo_blocked()
            checked += 1
    assert checked > 50


def test_an_old_edge_chamber_left_out_of_the_choices_says_why():
    """At an activation, an old-edge chamber whose pick-up would break the lab in two is
    not offered; the choices bar says so in the engine's words (a play-tester saw it marked
    as on the old edge, left out, and nothing saying why)."""
    seen = 0
    for seed in range(60):
        s = cakegame.new_game(players=3, seed=seed)
        rng = random.Random(seed)
        while not s.is_over and seen < 3:
            texts = [str(a) for a in s.legal_actions()]
            note = targets.blocked_note(s, texts)
            if s.decision not in ("activate", "recycle"):
                assert note == ""
            elif s.decision == "recycle":
                pass  # (the next test)
            elif note:
                left = [c.letter for c in s.chambers()
                        if c.old_edge and f"activate {c.letter}" not in texts]
                assert note == "; ".join(
                    f"{x} cannot be activated: picking up chamber {x} would break the lab "
                    "in two" for x in left) + ".", note
                seen += 1
            s = s.apply(rng.choice(s.legal_actions()))
        if seen >= 3:
            break
    assert seen == 3


def test_rows_left_out_of_a_recycle_say_why():
    """A recycle offered one row or two says why the others are left out, in the engine's
    words (a play-tester was offered "Middle row" alone, with nothing saying why)."""
    seen = set()
    for seed in range(40):
        s = cakegame.new_game(players=2, seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            texts = [str(a) for a in s.legal_actions()]
            if s.decision == "recycle":
                note = targets.blocked_note(s, texts)
                left = [r for r in ("top", "middle", "bottom") if f"recycle {r}" not in texts]
                if not left:
                    assert note == ""
                else:
                    assert note.startswith("Not " + " or ".join(f"the {r} row" for r in left)
                                           + ": "), note
                    lone = "a row is never left empty" in note
                    rule = "fewer than 3 chambers, and a recycled chamber must go to such a row."
                    assert lone or rule in note, note
                    seen.add((len(left), lone))
            s = s.apply(rng.choice(s.legal_actions()))
    assert (2, False) in seen, seen  # (the other cases: tests/test_rules_recycle.py)


def test_a_turret_that_would_destroy_the_players_own_subjects_says_so():
    """Where the Turret is to be placed, the choices bar names the chambers where it would
    destroy the deciding player's own Test Subjects, with the engine's counts (a
    play-tester put it on their own subject, and nothing had said so); elsewhere it says
    nothing."""
    seen = 0
    for seed in range(1, 40):
        s = cakegame.new_game(players=2, seed=seed)
        rng = random.Random(seed)
        while not s.is_over and seen < 3:
            texts = [str(a) for a in s.legal_actions()]
            note = targets.harm_note(s, texts)
            me = s.current_player
            mine = {t.split()[1]: s.chamber(t.split()[1]).subjects[me] for t in texts
                    if t.startswith("turret ") and t != "turret stay"
                    and s.chamber(t.split()[1]).subjects[me]}
            if not mine:
                assert note == "", note
            else:
                assert note.startswith("The Turret destroys your own Test Subjects where it "
                                       "goes: "), note
                for letter, n in mine.items():
                    assert f"{n} in {letter}" in note, (note, mine)
                seen += 1
            s = s.apply(rng.choice(s.legal_actions()))
        if seen >= 3:
            break
    assert seen == 3


def test_a_turret_placed_is_worked_out_once_per_state():
    """A redraw asks what each Turret placement costs three times (the choices bar's note,
    a button's label, a chamber's tooltip); each is applied once for the state on the
    table, and a new state starts afresh."""
    calls: list[str] = []
    s = cakegame.new_game(players=2, seed=3)
    rng = random.Random(3)
    while not any(str(a).startswith("turret ") and str(a) != "turret stay"
                  for a in s.legal_actions()):
        s = s.apply(rng.choice(s.legal_actions()))
    texts = [str(a) for a in s.legal_actions()]
    real = type(s).apply

    def counted(self, action):
        calls.append(str(action))
        return real(self, action)

    type(s).apply = counted
    try:
        for _ in range(3):
            targets.harm_note(s, texts)
            for text in texts:
                targets.turret_costs(s, text)
        placed = [t for t in texts if t.startswith("turret ") and t != "turret stay"]
        assert sorted(calls) == sorted(placed), calls
        assert targets.outcome(s, placed[0]) is targets.outcome(s, placed[0])
        other = real(s, placed[0])
        calls.clear()
        nxt = str(other.legal_actions()[0])
        assert targets.outcome(other, nxt) is targets.outcome(other, nxt)
        assert calls == [nxt] and targets.outcome.state is other
    finally:
        type(s).apply = real


def test_the_last_action_stays_outlined_after_a_reload():
    """A reload mid-move keeps the picked chamber's dashed mark: the resumed session's last
    action is the one played last (a play-tester saw the mark vanish on reload)."""
    from ui import record
    from ui.session import Session
    for seed in range(4):
        ses = Session()
        ses.start(cakegame.new_game(players=3, seed=seed), ["human"] * 3, False)
        ses.record = record.Record(3, seed, list(ses.state.names), None, ["human"] * 3, [])
        rng = random.Random(seed)
        for _ in range(rng.randrange(5, 60)):
            if ses.state.is_over:
                break
            ses.apply(rng.choice(ses.legal_texts()))
        again = Session()
        again.resume(saves.decode(ses.save_text()))
        assert ses.last_action and again.last_action == ses.last_action, seed
    fresh = Session()
    fresh.start(cakegame.new_game(players=2, seed=1), ["human"] * 2, False)
    again = Session()
    again.resume(saves.decode(fresh.save_text()))
    assert again.last_action == ""


def test_escape_writes_what_html_escape_writes():
    """ui.escape stands in for `html.escape` (whose import costs the start-up): the same
    output for every mix of the characters markup gives a meaning, and plain text as it is."""
    import html
    import itertools

    from ui.escape import escape

    pieces = ["&", "<", ">", '"', "'", "a", "é", "&amp;", " ", "\n"]
    for n in range(1, 4):
        for parts in itertools.product(pieces, repeat=n):
            text = "".join(parts)
            assert escape(text) == html.escape(text, quote=True), text
    plain = "Orange moves 2 Test Subjects"
    assert escape(plain) is plain
    assert escape("<b>Ann</b>") == "&lt;b&gt;Ann&lt;/b&gt;"


def _losing_position():
    """The session of `playhelp.losing_save`: Blue may burn its last Cake Slice and lose."""
    import sys
    sys.path.insert(0, str(Path(__file__).parent))
    from playhelp import losing_save
    from ui.session import Session

    ses = Session()
    ses.resume(saves.decode(losing_save()))
    return ses


def test_a_move_that_loses_the_game_is_told_before_it_is_played():
    """A finished game cannot be taken back, so the page warns before a move that ends it
    with the mover beaten, when another choice would not; the warning says why and who
    wins, in the second person."""
    ses = _losing_position()
    s = ses.state
    assert ses.legal_texts() == ["play cube", "gun cube", "play chell", "gun chell", "burn M",
                                 "end"]
    after = ses.loses_by("burn M")
    assert after is not None and after.is_over and after.outcome.winners == (0,)
    assert all(ses.loses_by(t) is None for t in ses.legal_texts() if t != "burn M")
    assert ses.state is s and not s.is_over  # asking plays nothing
    assert labels.losing_warning(after.outcome, s.names, 1) == (
        "This ends the game and you lose: you have had all 8 Cake Slices incinerated; "
        "Orange wins with 1 Cake Slice in the lab to your 0.")
    assert ses.loses_by("burn Q") is None  # not a legal action: no warning, the engine refuses


def test_a_choice_that_leaves_only_losing_options_is_told_before_it_is_played():
    """A play-tester activated a chamber whose recycle, the next decision, destroyed its
    last Test Subjects: the warning came for no choice, since the loss came one decision
    later, when nothing else could be chosen. The choice that leads there is warned of,
    with the ending it is bound to."""
    import sys
    sys.path.insert(0, str(Path(__file__).parent))
    from playhelp import bound_to_lose, session_save
    from ui.session import Session

    ses = Session()
    ses.resume(saves.decode(session_save(3, 1, lambda ses: bool(bound_to_lose(ses)))))
    s = ses.state
    text = bound_to_lose(ses)[0]
    lost = ses.loses_by(text)
    assert lost is not None and lost.is_over, text
    assert s.current_player not in lost.outcome.winners
    assert not ses.would_leave(text).is_over  # the loss is one decision further
    assert labels.losing_warning(lost.outcome, s.names, s.current_player, later=True) \
        .startswith("This leaves you only choices that end the game, and you lose: ")
    assert ses.state is s  # asking plays nothing
    # Another choice keeps the game going: it is not warned of.
    safe = [t for t in ses.legal_texts() if t not in bound_to_lose(ses)
            and not ses.would_leave(t).is_over]
    assert safe and all(ses.loses_by(t) is None for t in safe)


def test_no_warning_when_every_choice_loses(monkeypatch):
    """With nothing else to choose, a warning would only be in the way."""
    ses = _losing_position()
    monkeypatch.setattr(ses, "legal_texts", lambda: ["burn M"])
    assert ses.loses_by("burn M") is None


def test_the_losing_warning_tells_a_tie_break_and_a_shared_win():
    from cakegame.state import Outcome, Termination

    names = ("Ann", "Bo", "Cy")
    tie = Outcome((0,), Termination("no_subjects"), 2, (3, 3, 1), (4, 2, 0))
    assert labels.losing_warning(tie, names, 1) == (
        "This ends the game and you lose: Cy has no Test Subjects left in the Laboratory; "
        "Ann wins, level on cake (3 each) with more Test Subjects in the lab (4 to your 2).")
    shared = Outcome((0, 1), Termination("no_subjects"), 2, (3, 3, 1), (2, 2, 0))
    assert labels.losing_warning(shared, names, 2) == (
        "This ends the game and you lose: you have no Test Subjects left in the Laboratory; "
        "Ann and Bo share the win with 3 Cake Slices in the lab to your 1.")
    # Named by seat, not by text: a name inside another ("Ann" in "Joann") stays whole.
    joann = Outcome((0,), Termination("no_subjects"), 1, (2, 0), (3, 0))
    assert labels.losing_warning(joann, ("Joann", "Ann"), 1) == (
        "This ends the game and you lose: you have no Test Subjects left in the Laboratory; "
        "Joann wins with 2 Cake Slices in the lab to your 0.")
    both = Outcome((0,), Termination("no_subjects"), 1, (2, 0, 0), (3, 0, 0))
    assert labels.losing_warning(both, names, 1).startswith(
        "This ends the game and you lose: you and Cy have no Test Subjects left")


def test_the_game_over_heading_speaks_to_the_one_person_at_the_table():
    names = ("Ann", "Bo", "Cy")
    assert labels.winners_heading((1,), names) == "Bo wins!"
    assert labels.winners_heading((0, 2), names) == "Shared win: Ann and Cy!"
    assert labels.winners_heading((1,), names, me=1) == "You win!"
    assert labels.winners_heading((1,), names, me=0) == "Bo wins!"
    assert labels.winners_heading((0, 1, 2), names, me=1) == "Shared win: you, Ann and Cy!"
    assert labels.winners_heading((0, 1), names, me=1) == "Shared win: you and Ann!"


def test_a_cake_slice_shows_its_divisions_shape_large_enough_to_read():
    """Each cake counter carries its division's shape on the cake's side, at least 7 units
    wide (it was 5: about 4 CSS px at the lab's smallest scale, where only the colour told
    whose cake it was), and inside the cake's own box."""
    from types import SimpleNamespace

    from ui import drawing

    c = SimpleNamespace(letter="N", icons=(), subjects=(0, 0, 0, 0), cake=(1, 2, 0, 3),
                        turret=False, cube=False, glados=False)
    markup = drawing.chamber_markup(c, None, 4)
    cakes = re.findall(r'<use href="#i-c" class="cake d(\d)" x="(-?[\d.]+)" y="(-?[\d.]+)" '
                       r'width="([\d.]+)"', markup)
    marks = re.findall(r'<use href="#tok-(\d)" class="cakemark" x="(-?[\d.]+)" '
                       r'y="(-?[\d.]+)" width="([\d.]+)" height="([\d.]+)"', markup)
    assert [seat for seat, *_ in cakes] == [seat for seat, *_ in marks] == ["0", "1", "3"]
    for (_, cx, cy, cw), (_, mx, my, mw, mh) in zip(cakes, marks):
        assert float(mw) >= 7 and float(mh) >= 7
        assert float(cx) <= float(mx) and float(mx) + float(mw) <= float(cx) + float(cw)
        assert float(cy) <= float(my) and float(my) + float(mh) <= float(cy) + float(cw) + 0.5


def test_a_majority_with_nothing_left_to_collect_says_so():
    """A chamber won with every reward out of reach (no supply left, a full hand) was
    logged as "wins E's majority and its rewards", and nothing came (a play-tester)."""
    from ui import eventlog
    seen = 0
    for seed in range(200):
        for s, a, t in random_steps(2, seed):
            if a.startswith("activate ") and any(e.kind.value == "majority" for e in t.events):
                words = eventlog.entry_text(s, a, t)
                if t.decision == "reward":
                    assert "nothing left" not in words, words
                elif not t.is_over:
                    seen += 1
                    assert "and its rewards" not in words, words
                    assert words.endswith(", but has nothing left to collect"), words
        if seen >= 3:
            break
    assert seen >= 3


def test_the_end_in_sight_is_said_once_a_division_is_close_to_ending_the_game():
    """`endwatch.watch`: nothing while every division has more than two Test Subjects in
    the lab and fewer than six Cake Slices burnt; then which divisions could end the game
    (fewest first) and who would win if it ended now (a play-tester lost a four-player
    game they thought far from over)."""
    from enginehelp import pos
    from ui import endwatch

    far = pos(3, subjects={"E": [3, 3, 3]}, cake={"B": [0, 1, 0]})
    assert endwatch.watch(far) is None
    one = pos(3, subjects={"E": [3, 1, 3]}, cake={"B": [0, 1, 0]})
    w = endwatch.watch(one)
    assert w is not None and w.low == (1,) and w.burnt == ()
    assert w.text == ("Near the end: Blue has 1 Test Subject left in the lab (the game ends "
                      "when a division has none). If it ended now, Blue would win.")
    several = pos(3, subjects={"E": [2, 3, 1]}, cake={"B": [1, 1, 0]}, burned=[0, 0, 6])
    w = endwatch.watch(several)
    assert w.low == (0, 2) and w.burnt == (2,)
    assert w.text == ("Near the end: Test Subjects left in the lab: Green 1 and Orange 2 (the "
                      "game ends when a division has none); Green has had 6 of 8 Cake Slices "
                      "incinerated (all 8 end the game). If it ended now, Blue would win.")
    tied = pos(2, subjects={"E": [2, 2]})
    assert endwatch.watch(tied).text.endswith("If it ended now, Orange and Blue would share "
                                              "the win.")


def test_a_test_subject_delivered_into_the_turrets_chamber_is_warned_of():
    """A free Test Subject (or a reward's) delivered into the Turret's chamber is destroyed
    there: a play-tester took one, unwarned, while the Turret's own placement did warn. The
    choices bar says so, with the chamber (and the chamber's button and label count it, as
    for the Turret placed: `targets.turret_costs`)."""
    from enginehelp import random_play

    seen = quiet = 0
    for s in random_play(3, range(80)):
        if seen >= 3:
            break
        texts = [str(a) for a in s.legal_actions()]
        into = [t for t in texts if t.startswith(("subject ", "bonus subject "))]
        fatal = [t for t in into if targets.turret_costs(s, t)]
        note = targets.harm_note(s, texts)
        for t in fatal:
            letter = t.split()[-1]
            assert [c.letter for c in s.chambers() if c.turret] == [letter]
            assert f"The Turret destroys a Test Subject of yours delivered to {letter}." \
                in note, note
            seen += 1
        if into and not fatal:
            assert "delivered to" not in note, note
            quiet += 1
    assert seen >= 1 and quiet > 10, (seen, quiet)


def test_preferences_read_back_and_anything_wrong_takes_its_default():
    """The settings kept in this browser: read back as written, and a damaged or foreign
    value falls back to its default (never an error)."""
    from ui import prefs

    p = prefs.Prefs(confirm_end=False, confirm_people=True, auto_single=True, pace="fast")
    assert prefs.from_text(p.to_text()) == p
    assert prefs.from_text(None) == prefs.Prefs()
    assert prefs.from_text("{not json") == prefs.Prefs()
    odd = prefs.from_text('{"confirm_people": "yes", "pace": "warp", "confirm_end": false}')
    assert odd == prefs.Prefs(confirm_end=False)
    assert prefs.Prefs().confirm_people is False and prefs.Prefs().confirm_end is True


def test_an_outcome_is_said_to_the_player_it_concerns():
    from types import SimpleNamespace

    from ui import labels

    names = ("Ann", "Bo", "Cy")
    assert labels.result_for(SimpleNamespace(winners=(1,)), names, 1) == "you win"
    assert labels.result_for(SimpleNamespace(winners=(0, 1)), names, 1) == \
        "you share the win with Ann"
    assert labels.result_for(SimpleNamespace(winners=(0, 2)), names, 1) == "Ann and Cy win"


def test_a_move_s_destination_into_the_turret_says_so():
    """A keyboard play-tester heard "Chamber R: Orange sends them to chamber R (top row)"
    and lost the group to the Turret there: the destination's words say what the Turret
    does, from the engine's events (the move played on with its first count), and nothing
    for a destination without it."""
    rng = random.Random(8)
    said = unsaid = 0
    for seed in range(40):
        s = cakegame.new_game(players=2, seed=seed)
        while not s.is_over and s.turn_number < 40:
            legal = [str(a) for a in s.legal_actions()]
            if s.decision == "move" and legal[0].startswith("to "):
                for text in legal:
                    words = targets.destination_turret(s, text)
                    letter = text.split()[1]
                    after = s.apply(text)
                    while (not after.is_over and after.current_player == s.current_player
                           and after.decision in ("move", "carry")):
                        after = after.apply(after.legal_actions()[0])
                    destroyed = any(e.kind is cakegame.EventKind.SUBJECTS_DESTROYED
                                    and e.chamber == letter for e in after.events)
                    assert bool(words) == destroyed, (seed, text, words)
                    said += bool(words)
                    unsaid += not words
            s = s.apply(rng.choice(legal))
        if said >= 3:
            break
    assert said and unsaid, (said, unsaid)
    assert targets.destination_turret(s, "from A") == ""


def test_a_computers_decision_is_told_as_what_it_does_not_as_an_order():
    """"Blue (medium computer): choose a chamber ..." read as an order to the person
    watching (a play-tester): each of the engine's prompts, met over whole games, is told
    in the third person, "your" as "its"; a prompt of another form keeps its colon."""
    import random

    import cakegame
    from ui import labels

    seen = set()
    for seed in range(40):
        for players in (2, 3, 4):
            s = cakegame.new_game(players=players, seed=seed)
            rng = random.Random(seed)
            while not s.is_over:
                seen.add(s.prompt())
                s = s.apply(rng.choice(s.legal_actions()))
    for prompt in seen:
        told = labels.computer_does("Blue", "medium", prompt)
        assert told.startswith("Blue (medium computer) "), told
        assert not told.startswith("Blue (medium computer):"), told
        assert " your " not in told and ", or end " not in told, told
        assert told.split()[3] in labels.DOES.values(), told
    assert labels.computer_does("Blue", "hard", "burn one of your Cake Slices (Combustible "
                                "Lemons), or end deploying") == (
        "Blue (hard computer) burns one of its Cake Slices (Combustible Lemons), or ends "
        "deploying")
    assert labels.computer_does("Blue", "easy", "wait") == "Blue (easy computer): wait"
